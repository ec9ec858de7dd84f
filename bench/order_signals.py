#!/usr/bin/env python3
"""Two orderings of the leading answers, measured offline (issue #10, docs/measurements/acc35.md)

    .venv/bin/python bench/order_signals.py --db-pattern '/tmp/acc35-{set}.db' override [--gap G] [SET ...]
    .venv/bin/python bench/order_signals.py --db-pattern '/tmp/acc35-{set}.db' fit [--gap G] [SET ...]

Each set's positive cases are explained against its indexed catalogue (``errdex explain --batch
--json``, as ``tests/regression_score.py`` does; the answers are cached in ``--cache``). Then one
answer among the first ten is moved first when the signal says so, and the script counts *gain*
(the truth was not first and now is), *loss* (it was first and no longer is) and *moves* (the
first answer changes, right before and after, or wrong before and after).

``override``: the first answer is a method ``Base.m``; a later answer of the same approximate flag,
within ``--gap`` of its score, is ``Sub.m`` where ``Sub`` is a subclass of ``Base`` (by the
catalogue's class facts, bases by last name). The override comes first: a subclass that redefines
the method holding the base's site is the code that ran.

``fit``: the first answer is approximate and its template does not fit any line of the paste (its
literal text in order, the placeholders absorbing the rest, a ``!r`` placeholder holding what a
repr may start with); a later approximate answer within ``--gap`` whose template has at least
``--min-literal`` literal characters fits. The fitting template comes first.
"""

from __future__ import annotations

import argparse
import json
import re
import sqlite3
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
SLACK = 3  # lines, as tests/regression_score.py


def _answers(name: str, pattern: str, cache: Path) -> dict[str, Any]:
    import regression_score as rs

    path = cache / f"answers-{name}.json"
    if path.exists():
        return dict(json.loads(path.read_text()))
    cases = rs.load_cases(ROOT / "tests/data/regression" / name)
    answers, _ = rs.explain_batch([sys.executable, "-m", "errdex.cli"], pattern.format(set=name), cases)
    cache.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(answers))
    return dict(answers)


def _class_bases(db: str) -> dict[str, set[str]]:
    """Every class of the catalogue's code facts by last name -> its bases' last names."""
    from errdex.store import factblobs as fb

    out: dict[str, set[str]] = {}
    with sqlite3.connect(db) as con:
        for (blob,) in con.execute("SELECT classes FROM code_facts"):
            for c in fb.decode(blob, fb.class_row):
                bases = {b.split("[")[0].rsplit(".", 1)[-1] for b in c.bases}
                out.setdefault(c.qualname.rsplit(".", 1)[-1], set()).update(bases)
    return out


def _below(sub: str, base: str, bases: dict[str, set[str]]) -> bool:
    seen, todo = set(), [sub]
    while todo:
        for b in bases.get(todo.pop(), ()):
            if b == base:
                return True
            if b not in seen:
                seen.add(b)
                todo.append(b)
    return False


def _owner(function: str) -> tuple[str, str]:
    parts = function.split(".")
    return (parts[-2] if len(parts) > 1 else "", parts[-1])


def _override(bases: dict[str, set[str]]) -> Callable[[dict[str, Any], dict[str, Any], str], bool]:
    def signal(top: dict[str, Any], m: dict[str, Any], _paste: str) -> bool:
        (tc, tm), (mc, mm) = _owner(top["function"] or ""), _owner(m["function"] or "")
        return bool(tc and mc and tm == mm and tc != mc and _below(mc, tc, bases))

    return signal


def _split(template: str) -> tuple[list[str], list[str]]:
    """A template's literal parts and its placeholders' expressions (braces nest)."""
    lits, names, buf, cur, depth = [], [], "", "", 0
    for ch in template:
        if depth:
            depth += {"{": 1, "}": -1}.get(ch, 0)
            if depth:
                cur += ch
            else:
                lits.append(buf)
                names.append(cur)
                buf = ""
        elif ch == "{":
            depth, cur = 1, ""
        else:
            buf += ch
    return [*lits, buf], names


def _lines(paste: str) -> Iterator[str]:
    for line in paste.splitlines():
        line = line.strip().strip("│").strip()
        if line:
            yield line


def _fits(template: str, paste: str, min_literal: int) -> bool:
    from errdex.match.verify import REPR_MARK, repr_start

    lits, names = _split(template)
    if sum(len(x.strip()) for x in lits) < min_literal:
        return False
    rx = re.compile("(.+?)".join(re.escape(x) for x in lits), re.S)
    for line in _lines(paste):
        got = rx.fullmatch(line)
        if got and all(
            not n.endswith(REPR_MARK) or repr_start(got.group(i + 1)) for i, n in enumerate(names)
        ):
            return True
    return False


def _fit(min_literal: int) -> Callable[[dict[str, Any], dict[str, Any], str], bool]:
    def signal(top: dict[str, Any], m: dict[str, Any], paste: str) -> bool:
        return (
            bool(top["approximate"])
            and not _fits(top["template"] or "", paste, min_literal)
            and _fits(m["template"] or "", paste, min_literal)
        )

    return signal


def main() -> None:
    import regression_score as rs

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument("signal", choices=("override", "fit"))
    ap.add_argument("sets", nargs="*", help="default: every set under tests/data/regression")
    ap.add_argument("--db-pattern", required=True, help="catalogue of each set, with {set}")
    ap.add_argument("--cache", type=Path, default=Path("/tmp/order-signals"))
    ap.add_argument("--gap", type=float, default=0.01, help="score gap of the leading answers")
    ap.add_argument("--min-literal", type=int, default=6, help="fit: literal characters a template needs")
    args = ap.parse_args()
    names = args.sets or [d.name for d in rs.discover_sets()]
    total = [0, 0, 0]
    for name in names:
        answers = _answers(name, args.db_pattern, args.cache)
        if args.signal == "override":
            signal = _override(_class_bases(args.db_pattern.format(set=name)))
        else:
            signal = _fit(args.min_literal)
        counts = [0, 0, 0]
        for case in rs.load_cases(ROOT / "tests/data/regression" / name):
            matches, want = answers.get(case["id"]) or [], case.get("expected")
            if not want or not matches:
                continue
            top = matches[0]
            lead = [
                m
                for m in matches[1:10]
                if m["approximate"] == top["approximate"] and top["score"] - m["score"] < args.gap
            ]
            new = next((m for m in lead if signal(top, m, case["input"])), None)
            if new is None:
                continue
            was, now = rs.rank_of([top], want, SLACK) == 1, rs.rank_of([new], want, SLACK) == 1
            # 2: the truth first before and after, or neither time
            what = 0 if now and not was else 1 if was and not now else 2
            counts[what] += 1
            print(f"  {('gain', 'loss', 'moves')[what]} {case['id']}: {top['function']} -> {new['function']}")
        print(f"{name}: gain {counts[0]} loss {counts[1]} moves {counts[2]}", flush=True)
        total = [a + b for a, b in zip(total, counts, strict=True)]
    print(f"all: gain {total[0]} loss {total[1]} moves {total[2]}")


if __name__ == "__main__":
    main()
