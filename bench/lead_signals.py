#!/usr/bin/env python3
"""The leading answers: would reordering them by what the answer itself shows put the truth first?
(issue #10, docs/measurements/acc34.md)

    .venv/bin/python bench/lead_signals.py collect --db-pattern '/tmp/acc34-{set}.db' [SET ...] [--out FILE]
    .venv/bin/python bench/lead_signals.py score FILE [--gap 0.01 0.05 0.15]

``collect`` explains every case of each regression set (all sets by default) against its
indexed catalogue (``errdex explain --batch --json``, as ``tests/regression_score.py`` does) and
keeps the first ten answers of each case. ``score`` takes the leading answers of each positive
case (those with the first one's exactness, scored at most ``gap`` below it), sorts them by one signal (stable:
today's order among equals) and counts *gain* (the truth was not first and now is) and *loss*
(it was first and no longer is) per set. Where ``bench/tie_signals.py`` reads the code facts of
tied sites, these signals read only the answers: the template's literal length (specificity),
its placeholders, its length, and whether the pasted class agrees with the site's.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

_PLACEHOLDER = re.compile(r"\{[^{}]*\}")

Answer = dict[str, Any]


def literal_len(template: str) -> int:
    """The template's literal characters: what is left once its (nested) placeholders are gone."""
    prev = None
    while prev != template:
        prev, template = template, _PLACEHOLDER.sub("", template)
    return len(template.strip())


def _reason(m: Answer, start: str) -> bool:
    return any(r.startswith(start) for r in m["reasons"])


# each signal sorts ascending: the answer it puts first has the smallest key
SIGNALS: dict[str, Callable[[Answer], float]] = {
    "more literal text (specificity)": lambda m: -literal_len(m["template"]),
    "pasted class agrees, then related": lambda m: (
        -(2 if _reason(m, "exception type agrees") else 1 if _reason(m, "exception type related") else 0)
    ),
    "fewer placeholders": lambda m: m["template"].count("{"),
    "more placeholders": lambda m: -m["template"].count("{"),
    "shorter template": lambda m: len(m["template"]),
    "longer template": lambda m: -len(m["template"]),
    "exception before a log record": lambda m: 1 if m["exc_type"].startswith("log.") else 0,
}


def reorder(matches: list[Answer], gap: float, key: Callable[[Answer], float]) -> list[Answer]:
    """The answers with their leading ones (the first's exactness, scored at most ``gap`` below
    it) sorted by ``key``. An answer scored above the first ranks below it for evidence the
    score does not show (frames, a codebase the paste points to): the leading run ends there."""
    if not matches:
        return matches
    top, n = matches[0], 0
    while (
        n < len(matches)
        and matches[n]["approximate"] == top["approximate"]
        and 0 <= top["score"] - matches[n]["score"] < gap
    ):
        n += 1
    return sorted(matches[:n], key=key) + matches[n:]


def collect(sets: list[str], db_pattern: str, out: Path) -> None:
    import regression_score as rs

    errdex = [sys.executable, "-m", "errdex.cli"]
    dirs = [rs.REGRESSION_ROOT / s for s in sets] if sets else rs.discover_sets()
    got: dict[str, Any] = {}
    for d in dirs:
        cases = rs.load_cases(d)
        answers, _wall = rs.explain_batch(errdex, db_pattern.format(set=d.name), cases)
        for c in cases:
            got[c["id"]] = {
                "set": d.name,
                "expected": c.get("expected"),
                "matches": answers.get(c["id"], [])[:10],
            }
        print(f"{d.name}: {len(cases)} cases", file=sys.stderr)
    out.write_text(json.dumps(got))


def score(path: Path, gaps: list[float]) -> None:
    from regression_score import rank_of

    cases = json.loads(path.read_text())
    for name, key in SIGNALS.items():
        for gap in gaps:
            per_set: dict[str, list[int]] = defaultdict(lambda: [0, 0])
            for v in cases.values():
                want, ms = v["expected"], v["matches"]
                if not want or not ms:
                    continue
                before = rank_of(ms, want, 3) == 1
                after = rank_of(reorder(ms, gap, key), want, 3) == 1
                if before != after:
                    per_set[v["set"]][0 if after else 1] += 1
            gain = sum(g for g, _l in per_set.values())
            loss = sum(lo for _g, lo in per_set.values())
            sets = ", ".join(f"{s} {g}/{lo}" for s, (g, lo) in sorted(per_set.items()))
            print(f"| {name} | {gap} | {gain} | {loss} | {sets or '-'} |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("collect")
    c.add_argument("sets", nargs="*")
    c.add_argument("--db-pattern", required=True, help="catalogue per set, e.g. '/tmp/acc34-{set}.db'")
    c.add_argument("--out", type=Path, default=Path("/tmp/lead_signals.json"))
    s = sub.add_parser("score")
    s.add_argument("file", type=Path)
    s.add_argument("--gap", type=float, nargs="+", default=[0.01, 0.05, 0.15])
    args = ap.parse_args()
    if args.cmd == "collect":
        collect(args.sets, args.db_pattern, args.out)
    else:
        score(args.file, args.gap)


if __name__ == "__main__":
    main()
