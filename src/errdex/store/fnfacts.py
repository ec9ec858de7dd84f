"""Functions' code facts stored once per content, shared by file contents and releases.

A release of a large library edits a few functions of many modules: each edited module is a new
file content with new code facts, but most of its functions read exactly as before. A function's
facts (qualname, class, parameters, docstring, length, and the calls it makes with their lines
counted from its first line) are keyed by a digest of those facts, so the function that only
moved is one narrow ``fn_places`` row (order and first line) instead of a copy of its
docstring and calls (``schema``: ``fn_bodies``, ``fn_calls``, ``fn_places``).

The digest is of the facts, not of the function's source: two texts that yield the same facts
share a row, and a row is never stale, whichever extractor produced it.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from sqlalchemy import Connection, select

from errdex.model import CallFact, FunctionFact
from errdex.store import schema as s
from errdex.store.copy import select_in

__all__ = ["migrate_function_rows", "write_functions"]


@dataclass(frozen=True, slots=True)
class _Body:
    digest: str
    row: tuple[object, ...]  # fn_bodies columns after id and digest
    calls: tuple[tuple[str, str, int], ...]  # callee, its last name, line - the function's line


def _bodies(functions: Sequence[FunctionFact], calls: Sequence[CallFact]) -> list[tuple[_Body, int]]:
    """Each function's shared body and its first line, in definition order.

    Calls are grouped by their caller's qualname, unique within a file (the extractor keeps one
    definition per qualname); a call whose caller is no function of the file has nowhere to be
    stored and cannot be one: the extractor records calls only inside functions.
    """
    by_caller: dict[str, list[CallFact]] = {}
    for c in calls:
        by_caller.setdefault(c.caller, []).append(c)
    out = []
    for f in functions:
        mine = tuple(
            (c.callee, c.callee.rpartition(".")[2], c.line - f.line) for c in by_caller.pop(f.qualname, ())
        )
        params = json.dumps(list(f.params))
        row = (f.qualname, f.qualname.rpartition(".")[2], f.end_line - f.line, f.cls, params, f.doc)
        key = json.dumps([row, mine]).encode()
        out.append((_Body(hashlib.sha256(key).hexdigest()[:32], row, mine), f.line))
    return out


def write_functions(
    conn: Connection, by_fact: Mapping[int, tuple[Sequence[FunctionFact], Sequence[CallFact]]]
) -> None:
    """Store the functions of some new file contents (fact id -> functions, calls): bodies not
    stored yet, and one place per function."""
    from errdex.store.sql import _insert_rows

    placed = {fid: _bodies(functions, calls) for fid, (functions, calls) in by_fact.items()}
    wanted = {b.digest: b for bodies in placed.values() for b, _ in bodies}
    if not wanted:
        return
    b = s.fn_bodies
    ids = {str(d): int(i) for d, i in select_in(conn, (b.c.digest, b.c.id), b.c.digest, wanted)}
    new = [wanted[d] for d in sorted(wanted.keys() - ids.keys())]
    if new:
        _insert_rows(conn, b, [(body.digest, *body.row) for body in new], skip=("id",))
        got = select_in(conn, (b.c.digest, b.c.id), b.c.digest, [body.digest for body in new])
        ids.update((str(d), int(i)) for d, i in got)
        _insert_rows(
            conn,
            s.fn_calls,
            [(ids[body.digest], i, *call) for body in new for i, call in enumerate(body.calls)],
        )
    _insert_rows(
        conn,
        s.fn_places,
        [
            (fid, seq, ids[body.digest], line)
            for fid, bodies in placed.items()
            for seq, (body, line) in enumerate(bodies)
        ],
    )


def drop_unplaced(conn: Connection) -> None:
    """Bodies no file content places any more, and their calls."""
    from sqlalchemy import delete, exists

    b, p, c = s.fn_bodies, s.fn_places, s.fn_calls
    unused = select(b.c.id).where(~exists().where(p.c.body_id == b.c.id)).scalar_subquery()
    conn.execute(delete(c).where(c.c.body_id.in_(unused)))
    conn.execute(delete(b).where(b.c.id.in_(unused)))


def migrate_function_rows(conn: Connection, batch: int = 500) -> None:
    """Move the rows of the per-file tables ``fact_functions`` and ``fact_calls`` (schema v6)
    into shared bodies and places (``schema._v7_function_bodies``), a batch of file contents at
    a time so that memory stays bounded on a catalogue of many codebases."""
    from sqlalchemy import text

    fids = [int(r[0]) for r in conn.execute(text("SELECT DISTINCT fact_id FROM fact_functions ORDER BY 1"))]
    for i in range(0, len(fids), batch):
        chunk = fids[i : i + batch]
        where = f"fact_id BETWEEN {chunk[0]} AND {chunk[-1]}"  # integers of our own: no injection
        functions: dict[int, list[FunctionFact]] = {}
        for fid, qual, line, end, cls, params, doc in conn.execute(
            text(
                "SELECT fact_id, qualname, line, end_line, cls, params, doc FROM fact_functions "
                f"WHERE {where} ORDER BY fact_id, seq"
            )
        ):
            args = tuple(json.loads(params)) if params else ()
            functions.setdefault(int(fid), []).append(FunctionFact(qual, line, end, cls, args, doc))
        calls: dict[int, list[CallFact]] = {}
        for fid, caller, callee, line in conn.execute(
            text(f"SELECT fact_id, caller, callee, line FROM fact_calls WHERE {where} ORDER BY fact_id, seq")
        ):
            calls.setdefault(int(fid), []).append(CallFact(caller, callee, line))
        write_functions(conn, {fid: (fs, calls.get(fid, [])) for fid, fs in functions.items()})
