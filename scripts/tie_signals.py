#!/usr/bin/env python3
"""Measure tie-break signals over the regression sets' ties of one text (docs/measurements/acc182.md).

When several sites share a template and only the message is pasted, the ranker orders them by its
priors (``thresholds.PUBLIC``, ``CALLED``, ``CALLERS_STEP``, ``FUNCTION_NAMED``, then
``twins.twins_last``). A new ordering signal must win more cases than it loses over every set at
once, not in one library. This script measures that without changing the ranker:

1. ``dump``: every case of every set explained from a copy of its catalogue (the top ten, each
   answer's score as ``Ranker._matches`` gives it, to four decimals, and its site facts: privacy, called, callers bucket, relay; and for the
   sites of the first answer's tie, the callers the code facts name and how many are public);
2. ``classify``: every message-form miss whose truth is at rank 2-10, by why the first answer wins;
3. ``signals``: each case whose first answer is a tie (``result.tied``: its ``tied_with``) is
   re-ranked within the tie by each candidate signal (the current order breaking its ties), and a
   win (the truth moves to first) or a loss (it leaves first) counted per set.

Signals read from the download cache (``XDG_CACHE_HOME``'s ``errdex/wheels``) when the archives
are there: the names a package ``__init__`` imports or defines (the library's public entry) and
the tests of a release's sdist holding the template's longest literal and the site's name.

    XDG_CACHE_HOME=/tmp/ci4-cache .venv/bin/python scripts/tie_signals.py dump --cats /work/cats66 --out /tmp/ties
    .venv/bin/python scripts/tie_signals.py classify --out /tmp/ties
    .venv/bin/python scripts/tie_signals.py signals --out /tmp/ties [--all-forms]

The catalogue is copied before it is opened (``--cats`` stays untouched) and the copy deleted.
"""

from __future__ import annotations

import argparse
import ast
import collections
import json
import os
import re
import shutil
import sys
import tarfile
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import regression_score as rs  # the scorer's own site matching and set discovery

from errdex.match.score import fn_last, site_privacy
from errdex.match.thresholds import CALLED, CALLERS_STEP, FUNCTION_NAMED, PUBLIC

NAMED = "a word of the message is this site's function's name"
HOLE = re.compile(r"\{[^{}]*\}")
# two answers' scores less their priors this close are alike: ``Ranker._matches`` rounds a score
# to four decimals (the privacy prior's thirds and sevenths leave up to 5e-5 each way)
ALIKE = 1e-4
Row = dict[str, Any]


def _tie(ms: list[Row]) -> list[int]:
    """The indices of the first answer and the answers listed right after it in its ``tied_with``."""
    if not ms or "f" not in ms[0]:
        return [0] if ms else []
    listed, out = set(ms[0]["tied_with"]), [0]
    for i, m in enumerate(ms[1:], 1):
        if f"{m['path']}:{m['line']}" not in listed or "f" not in m:
            break
        out.append(i)
    return out


def _hits(r: Row, idx: list[int]) -> set[int]:
    exp = r["expected"]
    wants = [exp, *exp.get("alternatives", [])]
    return {i for i in idx if any(rs.site_matches(r["matches"][i], w, 3) for w in wants)}


def dump(cats: Path, out: Path, sets: list[str]) -> None:
    """Explain every case of each set from a copy of its catalogue; one JSON line per case."""
    from errdex.match import Matcher
    from errdex.match.matcher import _StoredCallees
    from errdex.store.fast import open_reader

    out.mkdir(parents=True, exist_ok=True)
    for s in sets:
        dest, src = out / f"{s}.jsonl", cats / f"{s}.db"
        if dest.exists() or not src.exists():
            continue
        db = out / f"{s}.db"
        shutil.copy(src, db)
        try:
            with open_reader(str(db)) as reader:
                rows = _explained(Matcher.load(reader), rs.load_cases(rs.REGRESSION_ROOT / s))
                _callers(_StoredCallees(reader), rows)
        finally:
            os.unlink(db)
        with dest.open("w", encoding="utf-8") as f:
            f.writelines(json.dumps(r) + "\n" for r in rows)
        print("dumped", s, len(rows), flush=True)


def _explained(matcher: Any, cases: list[Row]) -> list[Row]:
    """Each case's top ten with the site facts the priors read (by the index's entry ids)."""
    idx = matcher.index
    rows = []
    for c in cases:
        res = matcher.explain(str(c["input"]), limit=10)
        ms = [m.to_json() for m in res.matches]
        rows.append({k: c.get(k) for k in ("id", "kind", "expected", "library")} | {"matches": ms})
    need = {m["id"] for r in rows for m in r["matches"]}
    entry: dict[str, int] = {}
    for i in range(idx.n_entries):
        eid = idx.entry_id(i)
        if eid in need:
            entry.setdefault(eid, i)
    for r in rows:
        for m in r["matches"]:
            if (ei := entry.get(m["id"])) is not None:
                m["f"] = {
                    "privacy": site_privacy(m["path"], m["function"]),
                    "called": idx.entry_called(ei),
                    "callers": idx.entry_callers(ei),
                    "relay": idx.entry_relay(ei),
                }
    return rows


def _callers(callees: Any, rows: list[Row]) -> None:
    """For the sites of each first answer's tie: the calls of their function's name the code
    facts hold, and how many of them sit in a public function (privacy 0)."""
    seen: dict[tuple[str, str, str], tuple[int, int]] = {}
    for r in rows:
        ms = r["matches"]
        for i in _tie(ms):
            m = ms[i]
            name = fn_last(m["function"]) or ""
            if not name or "<" in name or "f" not in m:
                continue
            key = (m["repo"], m["version"], name)
            if key not in seen:
                calls = {(c.path, c.caller) for c in callees.calls_named(*key[:2], [name])}
                seen[key] = (len(calls), sum(1 for p, f in calls if site_privacy(p, f) == 0))
            m["f"]["code_callers"], m["f"]["public_callers"] = seen[key]


def _rows(out: Path) -> Iterator[tuple[str, Row]]:
    for p in sorted(out.glob("*.jsonl")):
        with p.open(encoding="utf-8") as f:
            for line in f:
                yield p.stem, json.loads(line)


def _base(m: Row) -> float:
    """The score without the priors of privacy, a called function, callers and a named function
    (to the four decimals ``Ranker._matches`` rounds a score to)."""
    f = m["f"]
    b = float(m["score"] - PUBLIC / (1 + f["privacy"]) - CALLED * f["called"] - CALLERS_STEP * f["callers"])
    return b - (FUNCTION_NAMED if any(r.startswith(NAMED) for r in m["reasons"]) else 0.0)


def classify(out: Path) -> None:
    """Every message-form miss with the truth at rank 2-10, by why the first answer wins."""
    why: collections.Counter[str] = collections.Counter()
    rel: collections.Counter[tuple[str, str]] = collections.Counter()
    for _, r in _rows(out):
        ms = r["matches"]
        if not r["expected"] or r["kind"] != "message":
            continue
        k = rs.rank_of(ms, r["expected"], 3)
        if not k or k == 1:
            continue
        t, a = ms[k - 1], ms[0]
        listed = f"{t['path']}:{t['line']}" in a["tied_with"]
        gap = abs(_base(a) - _base(t)) if "f" in t and "f" in a else None
        if gap is None:
            cause = "a call answer (no catalogue entry)"
        elif listed:
            cause = "in the first answer's tie: " + (
                "scored alike but for the priors" if gap < ALIKE else "a small evidence (< TIE)"
            )
        elif t["approximate"] != a["approximate"]:
            cause = "the first exact, the truth approximate"
        elif gap < ALIKE:
            cause = "scored alike, not one tie (another class or wording)"
        elif HOLE.sub("{}", t["template"]) == HOLE.sub("{}", a["template"]):
            cause = "one template shape, the values fit the first better"
        else:
            cause = "another template fits better"
        why[cause] += 1
        if listed and "f" in t and "f" in a:  # what a tie-break could read: the sites of one tie
            tp, ap = t["f"]["privacy"], a["f"]["privacy"]
            rel[
                "privacy", "truth more public" if tp < ap else "truth more private" if tp > ap else "alike"
            ] += 1
            tc, ac = t["f"]["callers"], a["f"]["callers"]
            rel["callers", "truth more" if tc > ac else "truth fewer" if tc < ac else "alike"] += 1
            rel["template", "same" if t["template"] == a["template"] else "differs"] += 1
            rel["file", "same" if t["path"] == a["path"] else "differs"] += 1
            rel["relay (first)", str(a["f"]["relay"])] += 1
    print(sum(why.values()), "message-form misses with the truth at rank 2-10")
    for cause, n in why.most_common():
        print(f"  {n:4d} {cause}")
    print("  of those in the first answer's tie, the truth against the first answer:")
    for (what, how), n in sorted(rel.items()):
        print(f"  {n:4d} {what}: {how}")


def _exported(cache: Path) -> Callable[[str, str], dict[str, set[str]]]:
    """The names each package ``__init__`` of a release's wheel imports or defines, by folder."""
    wheels = {}
    for f in cache.glob("*.whl"):
        name, version = f.name.split("-")[:2]
        wheels[_norm(name), version] = f
    memo: dict[tuple[str, str], dict[str, set[str]]] = {}

    def read(name: str, version: str) -> dict[str, set[str]]:
        key = (_norm(name), version)
        if key not in memo:
            memo[key] = {}
            if key in wheels:
                with zipfile.ZipFile(wheels[key]) as z:
                    for n in z.namelist():
                        if n.endswith("/__init__.py") and ".dist-info" not in n:
                            memo[key][n.removesuffix("__init__.py")] = _init_names(z.read(n))
        return memo[key]

    return read


def _init_names(source: bytes) -> set[str]:
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return set()
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            names |= {a.name for a in node.names}
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) and node in tree.body:
            names.add(node.name)
    return names


def _tests(cache: Path) -> Callable[[str, str], list[str]]:
    """The test files' text of a release's sdist in the download cache (none when absent)."""
    sdists = {}
    for f in cache.glob("*.tar.gz"):
        m = re.match(r"(.+)-([0-9][^-]*?)\.tar\.gz$", f.name)
        if m:
            sdists[_norm(m.group(1)), m.group(2)] = f
    memo: dict[tuple[str, str], list[str]] = {}
    test = re.compile(r"(^|/)tests?(/|_)|/test_[^/]*$|_test\.py$")

    def read(name: str, version: str) -> list[str]:
        key = (_norm(name), version)
        if key not in memo:
            memo[key] = []
            if key in sdists:
                with tarfile.open(sdists[key]) as t:
                    for mem in t:
                        if mem.isfile() and mem.name.endswith(".py") and test.search(mem.name):
                            fh = t.extractfile(mem)
                            if fh is not None:
                                memo[key].append(fh.read().decode("utf-8", "replace"))
        return memo[key]

    return read


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "_", name).lower()


def signals(out: Path, all_forms: bool) -> None:
    """Wins and losses of each signal re-ranking the first answer's tie, over every set."""
    cache = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "errdex" / "wheels"
    exported, tests = _exported(cache), _tests(cache)
    ctx: dict[str, Any] = {}

    def public_entry(m: Row) -> bool:
        inits = ctx["inits"]
        head, folders = m["function"].split(".")[0], m["path"].split("/")[:-1]
        for k in range(1, len(folders) + 1):
            folder = "/".join(folders[:k]) + "/"
            if head in inits.get(folder, ()) or (m["path"] == folder + "__init__.py" and head[:1] != "_"):
                return True
        return False

    def tested(m: Row) -> bool:
        segs = [x.strip() for x in HOLE.split(m["template"]) if len(x.strip()) >= 8]
        parts = m["function"].split(".")
        name = parts[-2] if parts[-1] in ("__init__", "__call__", "__new__") and len(parts) > 1 else parts[-1]
        if not segs or name.startswith("<"):
            return False
        seg, called = max(segs, key=len), re.compile(rf"\b{re.escape(name)}\b")
        return any(seg in t and called.search(t) for t in ctx["tests"])

    def f(key: str) -> Callable[[Row], Any]:
        return lambda m: m["f"].get(key, 0)

    candidates: dict[str, Callable[[Row], Any] | None] = {
        "the current order reversed": None,
        "privacy first": f("privacy"),
        "public (privacy 0) first": lambda m: m["f"]["privacy"] > 0,
        "called first": lambda m: not m["f"]["called"],
        "not called first": f("called"),
        "more callers first (index bucket)": lambda m: -m["f"]["callers"],
        "fewer callers first (index bucket)": f("callers"),
        "reached from a public function first": lambda m: (
            not (m["f"]["privacy"] == 0 or f("public_callers")(m))
        ),
        "more public callers first": lambda m: -f("public_callers")(m),
        "more callers first (code facts)": lambda m: -f("code_callers")(m),
        "fewer callers first (code facts)": f("code_callers"),
        "shallower module first": lambda m: m["path"].count("/"),
        "deeper module first": lambda m: -m["path"].count("/"),
        "exported by a package __init__ first": lambda m: not public_entry(m),
        "a test expecting the message calls the site first": lambda m: not tested(m),
        "a relay's raise last": f("relay"),
        "earlier in its file first": lambda m: (m["path"], m["line"]),
        "without the privacy prior": lambda m: -(m["score"] - PUBLIC / (1 + m["f"]["privacy"])),
        "without the called prior": lambda m: -(m["score"] - CALLED * m["f"]["called"]),
        "without the callers prior": lambda m: -(m["score"] - CALLERS_STEP * m["f"]["callers"]),
    }
    won: dict[str, collections.Counter[str]] = {k: collections.Counter() for k in candidates}
    lost: dict[str, collections.Counter[str]] = {k: collections.Counter() for k in candidates}
    ties = first = 0
    chance = 0.0
    for s, r in _rows(out):
        ms = r["matches"]
        if not r["expected"] or (not all_forms and r["kind"] != "message"):
            continue
        tie = _tie(ms)
        hit = _hits(r, tie) if len(tie) > 1 else set()
        if not hit:
            continue
        ties, first, chance = ties + 1, first + (0 in hit), chance + len(hit) / len(tie)
        versions = rs.load_versions(rs.REGRESSION_ROOT / s)
        lib, version = str(r["library"]), versions.get(str(r["library"]), "")
        ctx["inits"] = {k: v for name, ver in versions.items() for k, v in exported(name, ver).items()}
        ctx["tests"] = tests(lib, version)
        for name, key in candidates.items():
            top = tie[-1] if key is None else _first_by(tie, ms, key)
            if top in hit and 0 not in hit:
                won[name][s] += 1
            elif 0 in hit and top not in hit:
                lost[name][s] += 1
    print(
        f"{ties} cases whose first answer's tie holds the truth; first now in {first}, by chance {chance:.0f}"
    )
    print(f"{'signal':55s} {'wins':>5s} {'losses':>6s} {'sets +':>6s} {'sets -':>6s}")
    for name in candidates:
        w, lo = won[name], lost[name]
        plus = sum(1 for s in w.keys() | lo.keys() if w[s] > lo[s])
        minus = sum(1 for s in w.keys() | lo.keys() if lo[s] > w[s])
        print(f"{name:55s} {w.total():5d} {lo.total():6d} {plus:6d} {minus:6d}")


def _first_by(tie: list[int], ms: list[Row], key: Callable[[Row], Any]) -> int:
    """The answer of the tie a signal puts first, the current order breaking the signal's ties."""
    return min(tie, key=lambda i: (key(ms[i]), i))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument("step", choices=("dump", "classify", "signals"))
    ap.add_argument("--out", type=Path, required=True, help="where the dumps are (one JSON Lines file a set)")
    ap.add_argument("--cats", type=Path, help="dump: the folder of the sets' catalogues (SET.db)")
    ap.add_argument("--sets", nargs="*", help="dump: these sets only (default: every set)")
    ap.add_argument("--all-forms", action="store_true", help="signals: traceback cases too")
    args = ap.parse_args()
    if args.step == "dump":
        if args.cats is None:
            ap.error("dump needs --cats")
        dump(args.cats, args.out, args.sets or [p.name for p in rs.discover_sets()])
    elif args.step == "classify":
        classify(args.out)
    else:
        signals(args.out, args.all_forms)
    return 0


if __name__ == "__main__":
    sys.exit(main())
