#!/usr/bin/env python3
"""The measured seconds of the suite's slow tests, for the xdist schedule (``conftest._schedule``).

Reads the ``--durations`` report of a whole-suite run (``pytest -n 2 --durations=150
--durations-min=3``, best a clean clone) and writes ``tests/data/unit_seconds.json``: each test's
setup, call and teardown seconds summed. The scheduler sends the work units out longest first by
these figures, so the long ones start early and the short ones fill in at the end. A stale table
costs time, never a result: a test missing from it is scheduled by its marks, as before.

    python tests/unit_seconds.py run.log            # rewrite tests/data/unit_seconds.json
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

TABLE = Path(__file__).resolve().parent / "data" / "unit_seconds.json"
_LINE = re.compile(r"^\s*(\d+(?:\.\d+)?)s (?:setup|call|teardown)\s+(\S.*?)\s*$")


def parse(log: str) -> dict[str, float]:
    """Seconds per test id from a ``--durations`` report (setup, call and teardown summed)."""
    seconds: dict[str, float] = {}
    for line in log.splitlines():
        m = _LINE.match(line)
        if m and "::" in m.group(2):
            seconds[m.group(2)] = seconds.get(m.group(2), 0.0) + float(m.group(1))
    return seconds


def load(path: Path = TABLE) -> dict[str, float]:
    """The table, or nothing when it is absent or unreadable (the schedule then uses marks)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    table = data.get("seconds", {}) if isinstance(data, dict) else {}
    return {str(k): float(v) for k, v in table.items() if isinstance(v, int | float)}


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    seconds = parse(Path(argv[1]).read_text(encoding="utf-8", errors="replace"))
    if not seconds:
        print(f"no --durations lines in {argv[1]}", file=sys.stderr)
        return 1
    ordered = dict(sorted(((k, round(v, 1)) for k, v in seconds.items()), key=lambda kv: (-kv[1], kv[0])))
    note = (
        "seconds per test (setup + call + teardown) from a whole-suite --durations run; tests/unit_seconds.py"
    )
    TABLE.write_text(json.dumps({"note": note, "seconds": ordered}, indent=1) + "\n", encoding="utf-8")
    print(f"{len(ordered)} tests, {sum(ordered.values()):.0f} s in all -> {TABLE}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
