"""Code facts stored once per content, shared by file contents and releases.

A release of a large library edits a few functions of many modules: each edited module is a new
file content with new code facts, but most of its functions read exactly as before. A function's
facts (qualname, class, parameters, docstring, length, and the calls it makes with their lines
counted from its first line) are keyed by a digest of those facts, so the function that only
moved is one narrow ``fn_places`` row (order and first line) instead of a copy of its
docstring and calls (``schema``: ``fn_bodies``, ``fn_calls``, ``fn_places``).

The digest is of the facts, not of the function's source: two texts that yield the same facts
share a row, and a row is never stale, whichever extractor produced it. A file's bound names and
its imports are shared the same way (``fact_names``, ``import_sets``) when a release leaves them
as they were; the bound names (every name bound anywhere in the file) change more often, so
their row is also one zlib frame.
"""

from __future__ import annotations

import hashlib
import json
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from sqlalchemy import Connection, Table, select

from errdex.model import CallFact, CodeFacts, FunctionFact, ImportFact
from errdex.store import schema as s
from errdex.store.copy import select_in

__all__ = ["drop_unplaced", "file_rows", "migrate_file_rows", "migrate_function_rows", "write_functions"]


def _digest(value: object) -> str:
    return hashlib.sha256(json.dumps(value).encode()).hexdigest()[:32]


def _intern(
    conn: Connection, table: Table, rows: Mapping[str, tuple[object, ...]]
) -> tuple[dict[str, int], set[str]]:
    """digest -> id of each row (``table``: id, digest, then the row's columns), inserting those
    not stored yet; also which digests were new."""
    from errdex.store.sql import _insert_rows

    ids = {str(d): int(i) for d, i in select_in(conn, (table.c.digest, table.c.id), table.c.digest, rows)}
    new = sorted(rows.keys() - ids.keys())
    if new:
        _insert_rows(conn, table, [(d, *rows[d]) for d in new], skip=("id",))
        ids.update(
            (str(d), int(i)) for d, i in select_in(conn, (table.c.digest, table.c.id), table.c.digest, new)
        )
    return ids, set(new)


def _import_rows(imports: Sequence[ImportFact]) -> tuple[tuple[object, ...], ...]:
    return tuple(
        (
            m.local,
            m.target,
            m.level,
            m.target.rpartition(".")[2],
            None if m.level else m.target.partition(".")[0],
        )
        for m in imports
    )


def file_rows(conn: Connection, by_sha: Mapping[str, CodeFacts]) -> dict[str, tuple[int, int]]:
    """Store the bound names and the imports of some new file contents where not stored yet;
    blob sha -> (``fact_names`` id, ``import_sets`` id)."""
    from errdex.store.sql import _insert_rows

    names = {sha: json.dumps([f.toplevel, f.bound, f.consts]) for sha, f in by_sha.items()}
    name_key = {sha: _digest(text) for sha, text in names.items()}
    name_rows = {name_key[sha]: (zlib.compress(text.encode(), 6),) for sha, text in names.items()}
    name_ids, _ = _intern(conn, s.fact_names, name_rows)
    imports = {sha: _import_rows(f.imports) for sha, f in by_sha.items()}
    set_key = {sha: _digest(rows) for sha, rows in imports.items()}
    set_ids, new = _intern(conn, s.import_sets, {set_key[sha]: () for sha in imports})
    done: set[str] = set()
    rows = []
    for sha, imps in imports.items():
        key = set_key[sha]
        if key in new and key not in done:
            done.add(key)
            rows += [(set_ids[key], i, *imp) for i, imp in enumerate(imps)]
    _insert_rows(conn, s.set_imports, rows)
    return {sha: (name_ids[name_key[sha]], set_ids[set_key[sha]]) for sha in by_sha}


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
        out.append((_Body(_digest([row, mine]), row, mine), f.line))
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
    """Shared rows no file content refers to any more: function bodies and their calls, bound
    names, import sets and their imports."""
    from sqlalchemy import delete, exists

    b, p, c, cf = s.fn_bodies, s.fn_places, s.fn_calls, s.code_facts
    unused = select(b.c.id).where(~exists().where(p.c.body_id == b.c.id)).scalar_subquery()
    conn.execute(delete(c).where(c.c.body_id.in_(unused)))
    conn.execute(delete(b).where(b.c.id.in_(unused)))
    n = s.fact_names
    conn.execute(delete(n).where(~exists().where(cf.c.names_id == n.c.id)))
    x, i = s.import_sets, s.set_imports
    unused = select(x.c.id).where(~exists().where(cf.c.imports_id == x.c.id)).scalar_subquery()
    conn.execute(delete(i).where(i.c.set_id.in_(unused)))
    conn.execute(delete(x).where(x.c.id.in_(unused)))


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


def migrate_file_rows(conn: Connection, batch: int = 500) -> None:
    """Schema v8 -> v9: ``code_facts``' JSON columns and the per-file table ``fact_imports`` into
    shared ``fact_names`` and ``import_sets`` rows, a batch of file contents at a time."""
    from sqlalchemy import bindparam, text

    for name in ("names_id", "imports_id"):
        conn.execute(text(f"ALTER TABLE code_facts ADD COLUMN {name} INTEGER NOT NULL DEFAULT 0"))
    fids = [int(r[0]) for r in conn.execute(text("SELECT id FROM code_facts ORDER BY id"))]
    cf = s.code_facts
    update = cf.update().where(cf.c.id == bindparam("fid"))
    update = update.values(names_id=bindparam("nid"), imports_id=bindparam("iid"))
    for i in range(0, len(fids), batch):
        chunk = fids[i : i + batch]
        where = f"BETWEEN {chunk[0]} AND {chunk[-1]}"  # integers of our own: no injection
        facts: dict[str, CodeFacts] = {}
        for fid, toplevel, bound, consts in conn.execute(
            text(f"SELECT id, toplevel, bound, consts FROM code_facts WHERE id {where}")
        ):
            facts[str(fid)] = CodeFacts(
                toplevel=json.loads(toplevel), bound=json.loads(bound), consts=json.loads(consts)
            )
        for fid, local, target, level in conn.execute(
            text(
                f"SELECT fact_id, local, target, level FROM fact_imports WHERE fact_id {where} ORDER BY fact_id, seq"
            )
        ):
            facts[str(fid)].imports.append(ImportFact(local, target, level))
        ids = file_rows(conn, facts)
        conn.execute(update, [{"fid": int(k), "nid": n, "iid": m} for k, (n, m) in ids.items()])
    conn.execute(text("DROP TABLE fact_imports"))
    for name in ("toplevel", "bound", "consts"):
        conn.execute(text(f"ALTER TABLE code_facts DROP COLUMN {name}"))
