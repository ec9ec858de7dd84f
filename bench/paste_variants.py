#!/usr/bin/env python3
"""How much a paste's form costs the matcher: the same errors pasted other ways (issue #10).

    .venv/bin/python bench/paste_variants.py --db-pattern '/work/cats57/{set}.db' \
        [--sets runtime,runtime2,popular41] [--variants notype,log] [--show-lost N]

The made-by-running sets (``runtime*``, ``popular*``) hold each error twice: the exception line
as the user saw it last (message form) and the whole traceback. Users paste more forms than
those two. This bench re-pastes every positive case of the chosen sets in other ways a user
meets and scores each variant against the same catalogue (``errdex explain --batch --json``,
ranked as ``tests/regression_score.py`` ranks), beside the form it was made from, measured in
the same run:

* message forms — ``notype`` the text without its class (``str(exc)``: a log call, an API's error
  field, ``print(e)``); ``repr`` the exception's repr (``ValueError('text')``, an f-string's
  ``{e!r}``); ``log`` the text without its class after a logging prefix (timestamp, level,
  logger); ``logtype`` the whole exception line after that prefix; ``pytest`` pytest's ``E   ``
  report; ``quote`` a Markdown quote; ``said`` a reporter's sentences around it; ``firstline``
  the first line of a message of several;
* traceback forms — ``tbtail`` the last frame and the exception only (a cut paste); ``nosrc``
  every source line dropped (a frozen app, bytecode-only installs, logs that keep frames only).

A variant only covers the cases it can rewrite (``firstline`` only messages of several lines),
so each row compares with its own cases' score in the original form (``base``), and the table's
ratio is the variant's top-1 over that. Nothing is written; each set's catalogue is copied to a
temporary file, as the set's catalogue is never written by ``explain`` but a WAL file may be.
"""

from __future__ import annotations

import argparse
import re
import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

import regression_score as rs  # noqa: E402

Case = dict[str, Any]
# ``pkg.mod.Class: text`` at a paste's start: a dotted name, a colon, a space (no backtracking:
# one class of characters, then a literal)
_CLASS_LINE = re.compile(r"([A-Za-z_][\w.]*): ")
_LOG_PREFIX = "2024-05-01 12:00:00,123 ERROR [app.main] "


def _split_class(text: str) -> tuple[str, str] | None:
    m = _CLASS_LINE.match(text)
    return (m.group(1), text[m.end() :]) if m else None


def _notype(c: Case) -> str | None:
    parts = _split_class(c["input"]) if c["kind"] == "message" else None
    return parts[1] if parts else None


def _repr(c: Case) -> str | None:
    parts = _split_class(c["input"]) if c["kind"] == "message" else None
    if parts is None or "\n" in parts[1]:
        return None
    return f"{parts[0].rsplit('.', 1)[-1]}({parts[1]!r})"


def _log(c: Case) -> str | None:
    if c["kind"] != "message":
        return None
    parts = _split_class(c["input"])
    return _LOG_PREFIX + (parts[1] if parts else c["input"])


def _logtype(c: Case) -> str | None:
    return _LOG_PREFIX + c["input"] if c["kind"] == "message" else None


def _pytest(c: Case) -> str | None:
    return "\n".join("E   " + ln for ln in c["input"].split("\n")) if c["kind"] == "message" else None


def _quote(c: Case) -> str | None:
    return "\n".join("> " + ln for ln in c["input"].split("\n")) if c["kind"] == "message" else None


def _said(c: Case) -> str | None:
    if c["kind"] != "message":
        return None
    return f"I get this error when I run my script:\n\n{c['input']}\n\nAny idea what is wrong?"


def _firstline(c: Case) -> str | None:
    text = c["input"].strip()
    return text.split("\n", 1)[0] if c["kind"] == "message" and "\n" in text else None


def _traceback_lines(c: Case) -> list[str] | None:
    if c["kind"] != "traceback" or not c["input"].lstrip().startswith("Traceback"):
        return None
    lines: list[str] = c["input"].split("\n")
    return lines


def _tbtail(c: Case) -> str | None:
    lines = _traceback_lines(c)
    frames = [i for i, ln in enumerate(lines or []) if ln.startswith("  File ")]
    return "\n".join(lines[frames[-1] :]) if lines and len(frames) >= 2 else None


def _nosrc(c: Case) -> str | None:
    lines = _traceback_lines(c)
    return "\n".join(ln for ln in lines if not ln.startswith("    ")) if lines else None


VARIANTS: dict[str, Callable[[Case], str | None]] = {
    "notype": _notype,
    "repr": _repr,
    "log": _log,
    "logtype": _logtype,
    "pytest": _pytest,
    "quote": _quote,
    "said": _said,
    "firstline": _firstline,
    "tbtail": _tbtail,
    "nosrc": _nosrc,
}
DEFAULT_SETS = "runtime,runtime2,runtime3,popular34,popular35,popular39,popular40,popular41"


def _ranks(errdex: list[str], db: str, cases: list[Case]) -> dict[str, int | None]:
    answers, _ = rs.explain_batch(errdex, db, cases)
    return {c["id"]: rs.rank_of(answers.get(c["id"]) or [], c["expected"], 3) for c in cases}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument(
        "--db-pattern", required=True, help="each set's indexed catalogue, e.g. '/tmp/cats/{set}.db'"
    )
    ap.add_argument("--sets", default=DEFAULT_SETS, help="comma-separated set names")
    ap.add_argument(
        "--variants", default=",".join(VARIANTS), help="comma-separated, of: " + ", ".join(VARIANTS)
    )
    ap.add_argument("--errdex", default=f"{sys.executable} -m errdex.cli", help="how to run errdex")
    ap.add_argument("--show-lost", type=int, default=0, help="list up to N cases each variant loses")
    args = ap.parse_args(argv)
    names = [v for v in args.variants.split(",") if v]
    unknown = [v for v in names if v not in VARIANTS]
    if unknown:
        ap.error(f"unknown variant(s): {', '.join(unknown)}")
    errdex = args.errdex.split()
    # per variant: cases, top-1 in the original form, top-1 in the variant
    totals = {v: [0, 0, 0] for v in names}
    lost: dict[str, list[str]] = {v: [] for v in names}
    for name in [s for s in args.sets.split(",") if s]:
        src = Path(args.db_pattern.format(set=name))
        if not src.is_file():
            print(f"skip {name}: no catalogue at {src}", file=sys.stderr)
            continue
        cases = [c for c in rs.load_cases(rs.REGRESSION_ROOT / name) if c.get("expected")]
        with tempfile.TemporaryDirectory(prefix="errdex-variants-") as tmp:
            db = str(Path(tmp) / "catalogue.db")
            shutil.copyfile(src, db)
            base = _ranks(errdex, db, cases)
            for v in names:
                made = [(c, VARIANTS[v](c)) for c in cases]
                kept = [dict(c, input=text) for c, text in made if text is not None]
                got = _ranks(errdex, db, kept) if kept else {}
                t = totals[v]
                for c in kept:
                    t[0] += 1
                    t[1] += base[c["id"]] == 1
                    t[2] += got[c["id"]] == 1
                    if base[c["id"]] == 1 and got[c["id"]] != 1:
                        lost[v].append(f"{name}/{c['id']} (rank {got[c['id']]})")
        print(f"scored {name}", file=sys.stderr)
    print(f"{'variant':10} {'cases':>6} {'base top-1':>11} {'variant top-1':>14} {'ratio':>6} {'lost':>5}")
    for v in names:
        n, b, g = totals[v]
        ratio = f"{g / b:.3f}" if b else "-"
        print(
            f"{v:10} {n:>6} {b / n if n else 0:>11.3f} {g / n if n else 0:>14.3f} {ratio:>6} {len(lost[v]):>5}"
        )
    for v in names:
        for line in lost[v][: args.show_lost]:
            print(f"  lost {v}: {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
