#!/usr/bin/env python3
"""Misses whose truth is not among the matches: what the truth's statement is (issue #10,
docs/measurements/acc137.md).

    .venv/bin/python bench/not_found_shapes.py --logs /work/brief/base56 --dbs /work/cats56 [--show]

Reads every ``--show-misses`` log (``tests/regression_score.py``) in ``--logs``, keeps the MISS
lines saying ``(not in the matches)``, and for each truth (``path:line``) reads

* the records the set's catalogue (``--dbs/SET.db``, opened read-only) holds at that line: none
  (the extraction made no record there) or their class and template (``<unknown>: {response}``
  is a relay of an object whose class and text no fact gives);
* the statement itself and the two lines above it, from the pinned wheel in the download cache
  (``$XDG_CACHE_HOME/errdex/wheels``, the library's own wheel first, then any holding the path).

Each truth gets one shape (``shape``, the first that holds): the line is no raise (a call into
compiled code, an assert, a helper's call), a raise of an error object already built (``raise
err``, ``raise exc.with_traceback(tb)``, ``raise self._error``) under an ``isinstance`` guard or
not, a raise of an alternative constructor of a class (``raise Cls.from_response(r)``), a raise
of a message an instance attribute holds (``self.errmsg``), any other raise. The counts are per
case and per distinct site, which is what a general rule over the code's shape would touch.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sqlite3
import zipfile
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_MISS = re.compile(r"MISS (\S+) \[(\w+)\]: want (\S+):(\d+) (\S+) \(not in the matches\)")
# ``raise err``, ``raise self._error``, ``raise exc from e``, ``raise exc.with_traceback(tb)``
_RAISE_OBJECT = re.compile(
    r"^raise (?![A-Z]\w*\s*$)[\w.\[\]]+(\.with_traceback\([^)]*\))?(\s+from\s+\w+)?\s*$"
)
# ``raise UnexpectedResponse.for_response(response)``, ``raise mod.SchemaError.create_from(e)``
_ALT_CONSTRUCTOR = re.compile(r"^raise (\w+\.)*[A-Z]\w*[a-z]\w*\.[a-z_]\w*\(")
_SELF_MESSAGE = re.compile(r"\bself\.\w*(msg|message)\w*\b")

SHAPES = (
    "not a raise",
    "raise of a built object, isinstance guard",
    "raise of a built object",
    "raise of an alternative constructor",
    "raise of an instance attribute's message",
    "other raise",
)


def shape(statement: str, above: list[str]) -> str:
    """The shape of the truth's statement (its first line, stripped) given the lines above it
    (nearest last); one of ``SHAPES``."""
    s = statement.strip()
    if not s.startswith("raise "):
        return "not a raise"
    if _RAISE_OBJECT.match(s):
        guarded = any("isinstance(" in line for line in above[-2:])
        return "raise of a built object, isinstance guard" if guarded else "raise of a built object"
    if _ALT_CONSTRUCTOR.match(s):
        return "raise of an alternative constructor"
    if _SELF_MESSAGE.search(s):
        return "raise of an instance attribute's message"
    return "other raise"


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "_", name).lower()


class Sources:
    """Files of the pinned wheels in the download cache, each wheel opened once."""

    def __init__(self, wheels: Path) -> None:
        self.names = sorted(p.name for p in wheels.glob("*.whl")) if wheels.is_dir() else []
        self.dir = wheels
        self._open: dict[str, zipfile.ZipFile] = {}

    def lines(self, library: str, path: str) -> list[str] | None:
        own = [w for w in self.names if _norm(w.split("-")[0]) == _norm(library)]
        for w in own + [w for w in self.names if w not in own]:
            z = self._open.get(w)
            if z is None:
                try:
                    z = self._open[w] = zipfile.ZipFile(self.dir / w)
                except (OSError, zipfile.BadZipFile):
                    continue
            if path in z.NameToInfo:
                return z.read(path).decode("utf-8", "replace").splitlines()
        return None


def _cases() -> dict[str, dict[str, object]]:
    out: dict[str, dict[str, object]] = {}
    for f in sorted((ROOT / "tests/data/regression").glob("*/cases.jsonl")):
        for line in f.read_text().splitlines():
            d = json.loads(line)
            out[d["id"]] = d
    return out


def _records(db: Path, path: str, line: int) -> list[tuple[str, str]]:
    if not db.exists():
        return []
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        rows = con.execute(
            "SELECT e.exc_type, e.template FROM occurrences o JOIN errors e ON e.id = o.error_id "
            "WHERE e.path = ? AND o.line = ?",
            (path, line),
        ).fetchall()
    finally:
        con.close()
    return [(str(t), str(tpl)) for t, tpl in rows]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--logs", type=Path, required=True, help="folder of SET.log (--show-misses)")
    ap.add_argument("--dbs", type=Path, required=True, help="folder of SET.db catalogues")
    ap.add_argument("--show", action="store_true", help="list each distinct site under its shape")
    args = ap.parse_args()
    cache = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache"))
    sources = Sources(cache / "errdex" / "wheels")
    cases = _cases()
    by_shape: dict[str, list[tuple[str, str, str, str]]] = defaultdict(list)
    no_record = unknown = 0
    for log in sorted(args.logs.glob("*.log")):
        for text in log.read_text().splitlines():
            m = _MISS.match(text)
            if m is None:
                continue
            cid, _, path, line, _ = m.groups()
            recs = _records(args.dbs / f"{log.stem}.db", path, int(line))
            no_record += not recs
            unknown += bool(recs) and all(t == "<unknown>" for t, _ in recs)
            library = str(cases.get(cid, {}).get("library", ""))
            src = sources.lines(library, path)
            if src is None or not 0 < int(line) <= len(src):
                by_shape["(source not found)"].append((cid, f"{path}:{line}", "", ""))
                continue
            i = int(line) - 1
            first = f"{recs[0][0]}: {recs[0][1][:60]!r}" if recs else "(no record)"
            by_shape[shape(src[i], src[max(0, i - 2) : i])].append(
                (cid, f"{path}:{line}", src[i].strip(), first)
            )
    total = sum(len(v) for v in by_shape.values())
    print(
        f"not in the matches: {total} cases; no record at the line {no_record}; only <unknown> records {unknown}"
    )
    for name in (*SHAPES, "(source not found)"):
        rows = by_shape.get(name, [])
        print(f"{name}: {len(rows)} cases, {len({s for _, s, _, _ in rows})} sites")
        if args.show:
            seen: set[str] = set()
            for cid, site, stmt, first in rows:
                if site not in seen:
                    seen.add(site)
                    print(f"    {cid} {site}  {stmt[:80]}  [{first}]")


if __name__ == "__main__":
    main()
