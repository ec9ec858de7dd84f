#!/usr/bin/env python3
"""Classify every miss of the regression sets by its cause (acc150, issue #10).

Reads the ``MISS`` lines of ``regression_score.py --show-misses`` logs (one ``SET.log`` a set),
re-runs ``errdex explain --batch --json`` over the missed cases on a copy of each set's
catalogue (``CATS/SET.db``) to see every match, looks the truth's site up in that catalogue,
and sorts each miss into one cause:

* a tie: the answer's template is the truth's (placeholders aside) at another site, within the
  matches (``message only``, ``traceback pasted`` when the paste prints a frame, ``class
  differs`` when the classes' own names do), in a list full of tied answers (``more sites than
  the list holds``) or beyond them;
* ranked below: the truth is among the matches under another template (``wrong library``,
  ``wrong class`` when the paste names the truth's class, ``frame not used`` when a frame is
  in the truth's file, ``equal score``, ``other template scored higher``);
* not retrieved: the truth's site is catalogued but not matched: ``relay`` (its template is
  all placeholders: a message made elsewhere, raised through a name or a parameter), ``C
  code`` (the case's note says compiled code raises), words that match, partly match (an older
  wording, a composed text) or do not (another wording);
* not catalogued: no site at the truth's line or function;
* a negative answered exact.

    python bench/miss_census.py --logs /work/brief/base59 --cats /work/cats58 \\
        --errdex .venv/bin/errdex --out /tmp/census      # writes census.json, prints the table
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

import regression_score as rs  # noqa: E402

REGRESSION = rs.REGRESSION_ROOT
KINDS = ("issues", "popular", "runtime", "heldout")
MISS = re.compile(r"^MISS (\S+) \[(\w+)\]: (.*)$", re.M)
HOLE = re.compile(r"\{[^{}]*\}")
FRAME = re.compile(r'File "([^"]+)", line (\d+), in (\S+)')
CLASS_LINE = re.compile(r"^\s*(?:[a-z_]\w*\.)*([A-Z]\w*):(?:\s|$)", re.M)


# a frame as a traceback (``File "x.py", line 3, in f``), pytest (``x.py:94: NoDataError``) or
# IPython (``x.py in refresh(self)``) prints it
FRAMES = re.compile(r'File "[^"]+", line \d+|^\S+\.py:\d+: \w+$|^\S+\.py in [\w<>]+\(', re.M)


def has_frames(paste: str) -> bool:
    """Whether a paste prints a frame: a case of kind ``traceback`` may be a CLI's whole output,
    framed in a box but with no frame in it (typer's and cyclopts' rich error panels)."""
    return FRAMES.search(paste) is not None


def class_name(exc_type: str | None) -> str:
    """A raise's class by its own name: ``exc.NoResultFound`` and ``sa_exc.NoResultFound`` are
    one class spelled through two module aliases, not a class that differs."""
    return (exc_type or "").rsplit(".", 1)[-1]


def set_kind(name: str) -> str:
    return next((k for k in KINDS if name.startswith(k)), "?")


def holes_alike(t: str) -> str:
    return HOLE.sub("{}", t or "").strip()


def literal_share(template: str, text: str) -> float | None:
    """The share of the template's literal words (3 letters or more) the text holds."""
    words = re.findall(r"[A-Za-z]{3,}", HOLE.sub(" ", template))
    if not words:
        return None
    have = {w.lower() for w in re.findall(r"[A-Za-z]{3,}", text)}
    return sum(w.lower() in have for w in words) / len(words)


def truth_templates(db: Path, want: dict[str, Any]) -> tuple[bool, list[str]]:
    """Whether the catalogue holds the truth's file, and the templates at its line (or function)."""
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as c:
        rows = c.execute(
            "select e.function, e.template, p.line from errors e join occurrence_bodies b on b.error_id = e.id "
            "join occurrence_places p on p.body_id = b.id where e.path = ? or e.path like ?",
            (want["path"], "%/" + want["path"]),
        ).fetchall()
    near = [t for _f, t, line in rows if abs(line - int(want["line"])) <= 3]
    return bool(rows), near or [t for f, t, _l in rows if f == want.get("function")]


def answers(set_name: str, ids: list[str], cases: dict[str, Any], args: argparse.Namespace) -> dict[str, Any]:
    """Main's full answers to the missed cases, from a copy of the set's catalogue (kept)."""
    out = Path(args.out)
    got = out / f"{set_name}.jsonl"
    if not got.exists():
        db = out / f"{set_name}.db"
        shutil.copy(Path(args.cats) / f"{set_name}.db", db)
        batch = out / f"{set_name}.batch"
        batch.write_text("".join(json.dumps({"id": i, "input": cases[i]["input"]}) + "\n" for i in ids))
        r = subprocess.run(
            [args.errdex, "explain", "--batch", str(batch), "--json", "--db", str(db)],
            capture_output=True, text=True, env={**os.environ, "XDG_CACHE_HOME": args.cache}, check=False,
        )  # fmt: skip
        got.write_text(r.stdout)
    return {a["id"]: a for a in map(json.loads, got.read_text().splitlines()) if a}


def cause(case: dict[str, Any], answer: dict[str, Any], db: Path) -> str:
    """One miss's cause (see the module's docstring)."""
    w = case["expected"]
    ms = answer.get("matches") or []
    rank = rs.rank_of(ms, w, 3)
    has_file, tpls = truth_templates(db, w)
    alike = {holes_alike(t) for t in tpls}
    if rank is not None:
        top, hit = ms[0], ms[rank - 1]  # (1-based)
        if holes_alike(top["template"]) == holes_alike(hit["template"]):
            if class_name(top.get("exc_type")) != class_name(hit.get("exc_type")):
                return "tie: same template at several sites, class differs"
            return "tie: same template at several sites, " + (
                "traceback pasted" if has_frames(case["input"]) else "message only"
            )
        if top["path"].split("/")[0] != hit["path"].split("/")[0]:
            return "ranked below: wrong library"
        named = CLASS_LINE.findall(case["input"])
        if (
            named
            and named[-1]
            == (hit.get("exc_type") or "").rsplit(".", 1)[-1]
            != (top.get("exc_type") or "").rsplit(".", 1)[-1]
        ):
            return "ranked below: wrong class"
        if any(rs._same_file(p.replace("\\", "/"), w["path"]) for p, _n, _f in FRAME.findall(case["input"])):
            return "ranked below: frame not used"
        if abs((top.get("score") or 0) - (hit.get("score") or 0)) < 1e-3:
            return "ranked below: equal score, other template"
        return "ranked below: other template scored higher"
    shares = [s for s in (literal_share(t, case["input"]) for t in tpls) if s is not None]
    if "compiled code" in (case.get("note") or "").lower():
        return "not catalogued: C code / interpreter raises (truth = the Python caller)"
    if not has_file or not tpls:
        return "not catalogued: site not in catalogue (non-C)"
    if not shares:
        return "relay: truth raises a message made elsewhere (template all holes)"
    if ms and holes_alike(ms[0]["template"]) in alike:
        if (answer.get("tied") or 0) >= len(ms):
            return "tie: same template at more sites than the list holds"
        return "tie beyond the list (truth's template = the answer's)"
    best = max(shares)
    if best >= 0.8:
        return "catalogued, words match, not retrieved"
    if best >= 0.4:
        return "older wording / composed text (partly matches)"
    return "other wording than the truth site's (older release, class-built)"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--logs", required=True, help="directory of SET.log files with MISS lines")
    ap.add_argument("--cats", required=True, help="directory of SET.db catalogues (copied, never written)")
    ap.add_argument("--errdex", default="errdex")
    ap.add_argument("--out", required=True, help="work directory: catalogue copies, answers, census.json")
    ap.add_argument("--cache", default=os.environ.get("XDG_CACHE_HOME", "/tmp/ci4-cache"))
    args = ap.parse_args(argv)
    Path(args.out).mkdir(parents=True, exist_ok=True)
    rows: list[dict[str, Any]] = []
    for log in sorted(Path(args.logs).glob("*.log")):
        name = log.stem
        misses = {m.group(1): m.group(2) for m in MISS.finditer(log.read_text())}
        if not misses:
            continue
        lines = (REGRESSION / name / "cases.jsonl").read_text().splitlines()
        cases = {c["id"]: c for c in map(json.loads, filter(None, lines))}
        got = answers(name, list(misses), cases, args)
        for cid, kind in misses.items():
            c = cases[cid]
            why = (
                "negative answered exact"
                if kind == "negative"
                else cause(c, got.get(cid, {}), Path(args.out) / f"{name}.db")
            )
            rows.append(
                {"set": name, "kind": set_kind(name), "id": cid, "library": c["library"], "cause": why}
            )
    (Path(args.out) / "census.json").write_text(json.dumps(rows, indent=1))
    count = collections.Counter((r["cause"], r["kind"]) for r in rows)
    causes = sorted({r["cause"] for r in rows}, key=lambda k: -sum(count[(k, x)] for x in KINDS))
    print("| cause | all | " + " | ".join(KINDS) + " |")
    print("|---|---:|" + "---:|" * len(KINDS))
    for k in causes:
        print(
            f"| {k} | {sum(count[(k, x)] for x in KINDS)} | "
            + " | ".join(str(count[(k, x)]) for x in KINDS)
            + " |"
        )
    print(
        f"| total | {len(rows)} | " + " | ".join(str(sum(r["kind"] == x for r in rows)) for x in KINDS) + " |"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
