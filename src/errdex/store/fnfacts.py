"""The per-row code-fact tables of schema v7..v9, kept to upgrade catalogues they wrote.

Since schema v10 a file content's facts are one ``code_facts`` row (``factblobs``); a catalogue
of an older version passes through these shapes step by step (``migrations.MIGRATIONS``), and
``migrate_to_values`` reads them back into facts one last time. What follows describes them.

Code facts stored once per content, shared by file contents and releases.

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

from sqlalchemy import (
    Boolean,
    Column,
    Connection,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
)

from errdex.model import CallFact, ClassFact, CodeFacts, FunctionFact, ImportFact, TestFunctionFact
from errdex.store.copy import insert_rows, select_in

__all__ = [
    "FILE_TABLES",
    "FUNCTION_TABLES",
    "file_rows",
    "migrate_file_rows",
    "migrate_function_rows",
    "migrate_to_values",
    "write_functions",
]

# The tables as schema v9 had them (without the foreign keys: they only live during an upgrade)
legacy = MetaData()
code_facts = Table(
    "code_facts", legacy,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("blob_sha", String(64), nullable=False), Column("producer", String(64), nullable=False),
    Column("names_id", Integer, nullable=False), Column("imports_id", Integer, nullable=False),
    UniqueConstraint("blob_sha", "producer", name="uq_code_facts_blob"),
    Index("ix_code_facts_imports", "imports_id"),
)  # fmt: skip
fact_names = Table(
    "fact_names", legacy,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("digest", String(32), nullable=False, unique=True), Column("data", LargeBinary, nullable=False),
)  # fmt: skip
import_sets = Table(
    "import_sets", legacy,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("digest", String(32), nullable=False, unique=True),
)  # fmt: skip
set_imports = Table(
    "set_imports", legacy,
    Column("set_id", Integer, primary_key=True), Column("seq", Integer, primary_key=True),
    Column("local", Text, nullable=False), Column("target", Text, nullable=False),
    Column("level", Integer, nullable=False), Column("name", Text, nullable=False), Column("top", Text),
    Index("ix_set_imports_local", "local"), Index("ix_set_imports_name", "name"),
    Index("ix_set_imports_top", "top"),
    sqlite_with_rowid=False,
)  # fmt: skip
fn_bodies = Table(
    "fn_bodies", legacy,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("digest", String(32), nullable=False, unique=True),
    Column("qualname", Text, nullable=False), Column("name", Text, nullable=False),
    Column("span", Integer, nullable=False), Column("cls", Text),
    Column("params", Text, nullable=False), Column("doc", Text),
    Index("ix_fn_bodies_name", "name"),
)  # fmt: skip
fn_places = Table(
    "fn_places", legacy,
    Column("fact_id", Integer, primary_key=True), Column("seq", Integer, primary_key=True),
    Column("body_id", Integer, nullable=False), Column("line", Integer, nullable=False),
    Index("ix_fn_places_body", "body_id"),
    sqlite_with_rowid=False,
)  # fmt: skip
fn_calls = Table(
    "fn_calls", legacy,
    Column("body_id", Integer, primary_key=True), Column("seq", Integer, primary_key=True),
    Column("callee", Text, nullable=False), Column("name", Text, nullable=False),
    Column("rel_line", Integer, nullable=False),
    Index("ix_fn_calls_name", "name"),
    sqlite_with_rowid=False,
)  # fmt: skip
fact_classes = Table(
    "fact_classes", legacy,
    Column("fact_id", Integer, primary_key=True), Column("seq", Integer, primary_key=True),
    Column("qualname", Text, nullable=False), Column("line", Integer, nullable=False),
    Column("end_line", Integer, nullable=False), Column("bases", Text, nullable=False),
    Column("members", Text, nullable=False),
    sqlite_with_rowid=False,
)  # fmt: skip
fact_tests = Table(
    "fact_tests", legacy,
    Column("fact_id", Integer, primary_key=True), Column("seq", Integer, primary_key=True),
    Column("qualname", Text, nullable=False), Column("line", Integer, nullable=False),
    Column("end_line", Integer, nullable=False), Column("subject", Text, nullable=False),
    Column("expects", Boolean, nullable=False), Column("calls", Text, nullable=False),
    sqlite_with_rowid=False,
)  # fmt: skip
FUNCTION_TABLES = (fn_bodies, fn_calls, fn_places)
FILE_TABLES = (fact_names, import_sets, set_imports)


def _digest(value: object) -> str:
    return hashlib.sha256(json.dumps(value).encode()).hexdigest()[:32]


def _intern(
    conn: Connection, table: Table, rows: Mapping[str, tuple[object, ...]]
) -> tuple[dict[str, int], set[str]]:
    """digest -> id of each row (``table``: id, digest, then the row's columns), inserting those
    not stored yet; also which digests were new."""

    ids = {str(d): int(i) for d, i in select_in(conn, (table.c.digest, table.c.id), table.c.digest, rows)}
    new = sorted(rows.keys() - ids.keys())
    if new:
        insert_rows(conn, table, [(d, *rows[d]) for d in new], skip=("id",))
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

    names = {sha: json.dumps([f.toplevel, f.bound, f.consts]) for sha, f in by_sha.items()}
    name_key = {sha: _digest(text) for sha, text in names.items()}
    name_rows = {name_key[sha]: (zlib.compress(text.encode(), 6),) for sha, text in names.items()}
    name_ids, _ = _intern(conn, fact_names, name_rows)
    imports = {sha: _import_rows(f.imports) for sha, f in by_sha.items()}
    set_key = {sha: _digest(rows) for sha, rows in imports.items()}
    set_ids, new = _intern(conn, import_sets, {set_key[sha]: () for sha in imports})
    done: set[str] = set()
    rows = []
    for sha, imps in imports.items():
        key = set_key[sha]
        if key in new and key not in done:
            done.add(key)
            rows += [(set_ids[key], i, *imp) for i, imp in enumerate(imps)]
    insert_rows(conn, set_imports, rows)
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

    placed = {fid: _bodies(functions, calls) for fid, (functions, calls) in by_fact.items()}
    wanted = {b.digest: b for bodies in placed.values() for b, _ in bodies}
    if not wanted:
        return
    b = fn_bodies
    ids = {str(d): int(i) for d, i in select_in(conn, (b.c.digest, b.c.id), b.c.digest, wanted)}
    new = [wanted[d] for d in sorted(wanted.keys() - ids.keys())]
    if new:
        insert_rows(conn, b, [(body.digest, *body.row) for body in new], skip=("id",))
        got = select_in(conn, (b.c.digest, b.c.id), b.c.digest, [body.digest for body in new])
        ids.update((str(d), int(i)) for d, i in got)
        insert_rows(
            conn,
            fn_calls,
            [(ids[body.digest], i, *call) for body in new for i, call in enumerate(body.calls)],
        )
    insert_rows(
        conn,
        fn_places,
        [
            (fid, seq, ids[body.digest], line)
            for fid, bodies in placed.items()
            for seq, (body, line) in enumerate(bodies)
        ],
    )


def migrate_function_rows(conn: Connection, batch: int = 500) -> None:
    """Move the rows of the per-file tables ``fact_functions`` and ``fact_calls`` (schema v6)
    into shared bodies and places (``migrations._v7_function_bodies``), a batch of file contents at
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
    cf = code_facts
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


def _v9_facts(conn: Connection, lo: int, hi: int) -> dict[int, tuple[str, str, CodeFacts]]:
    """id -> (blob sha, producer, facts) of the v9 ``code_facts`` rows with ids in [lo, hi]."""
    from sqlalchemy import text

    from errdex.store.factblobs import names

    where = f"BETWEEN {lo} AND {hi}"  # integers of our own: no injection
    out: dict[int, tuple[str, str, CodeFacts]] = {}
    for fid, sha, producer, data in conn.execute(
        text(
            "SELECT c.id, c.blob_sha, c.producer, n.data FROM code_facts c JOIN fact_names n ON n.id = c.names_id "
            f"WHERE c.id {where}"
        )
    ):
        out[int(fid)] = (str(sha), str(producer), names(data))

    def facts(fid: object) -> CodeFacts:
        return out[int(str(fid))][2]

    for fid, qual, line, end, cls, params, doc in conn.execute(
        text(
            "SELECT p.fact_id, b.qualname, p.line, p.line + b.span, b.cls, b.params, b.doc FROM fn_places p "
            f"JOIN fn_bodies b ON b.id = p.body_id WHERE p.fact_id {where} ORDER BY p.fact_id, p.seq"
        )
    ):
        args = tuple(json.loads(params)) if params else ()
        facts(fid).functions.append(FunctionFact(qual, line, end, cls, args, doc))
    for fid, caller, callee, line in conn.execute(
        text(
            "SELECT p.fact_id, b.qualname, c.callee, p.line + c.rel_line FROM fn_calls c "
            "JOIN fn_places p ON p.body_id = c.body_id JOIN fn_bodies b ON b.id = c.body_id "
            f"WHERE p.fact_id {where} ORDER BY p.fact_id, p.seq, c.seq"
        )
    ):
        facts(fid).calls.append(CallFact(caller, callee, line))
    for fid, local, target, level in conn.execute(
        text(
            "SELECT c.id, i.local, i.target, i.level FROM code_facts c JOIN set_imports i ON i.set_id = c.imports_id "
            f"WHERE c.id {where} ORDER BY c.id, i.seq"
        )
    ):
        facts(fid).imports.append(ImportFact(local, target, level))
    for fid, qual, line, end, bases, members in conn.execute(
        text(
            "SELECT fact_id, qualname, line, end_line, bases, members FROM fact_classes "
            f"WHERE fact_id {where} ORDER BY fact_id, seq"
        )
    ):
        facts(fid).classes.append(ClassFact(qual, line, end, json.loads(bases), json.loads(members)))
    for fid, qual, line, end, subject, expects, calls in conn.execute(
        text(
            "SELECT fact_id, qualname, line, end_line, subject, expects, calls FROM fact_tests "
            f"WHERE fact_id {where} ORDER BY fact_id, seq"
        )
    ):
        pairs = [(a, b) for a, b in json.loads(calls)]
        facts(fid).tests.append(TestFunctionFact(qual, line, end, json.loads(subject), bool(expects), pairs))
    return out


_STAGED = MetaData()
_STAGED_FACTS = Table(
    "v10_code_facts", _STAGED,
    Column("id", Integer), Column("blob_sha", String(64)), Column("producer", String(64)),
    *(Column(name, LargeBinary) for name in ("names", "imports", "functions", "docs", "calls", "classes", "tests")),
)  # fmt: skip
_STAGED_KEYS = Table(
    "v10_fact_keys", _STAGED, Column("kind", Integer), Column("key", Text), Column("fact_id", Integer)
)  # fmt: skip
_MODULE_COLUMNS = "snapshot_id, path, name, leaf, is_package, is_test, shadowed, fact_id"
_LEGACY_VIEWS = ("fact_functions", "fact_calls", "fact_imports")
# dropped in this order: a table before those it refers to
_LEGACY_TABLES = (
    "fn_calls", "fn_places", "fn_bodies", "fact_classes", "fact_tests", "set_imports", "modules", "code_facts",
    "import_sets", "fact_names",
)  # fmt: skip


def migrate_to_values(conn: Connection, batch: int = 500) -> None:
    """Schema v9 -> v10: each file content's facts from the per-row tables into one
    ``code_facts`` row of values and its ``fact_keys``, a batch of file contents at a time.

    ``code_facts`` changes its columns and ``modules`` refers to it, so both are made again
    (same ids) from staging tables once every old table is gone."""
    from sqlalchemy import text

    from errdex.store import factblobs
    from errdex.store import schema as s
    from errdex.store.keysets import V12_FACT_KEYS

    _STAGED.create_all(conn)
    fids = [int(r[0]) for r in conn.execute(text("SELECT id FROM code_facts ORDER BY id"))]
    for i in range(0, len(fids), batch):
        chunk = fids[i : i + batch]
        facts = _v9_facts(conn, chunk[0], chunk[-1])
        insert_rows(
            conn,
            _STAGED_FACTS,
            [(fid, sha, prod, *factblobs.encode(f)) for fid, (sha, prod, f) in facts.items()],
        )
        insert_rows(
            conn,
            _STAGED_KEYS,
            sorted((kind, key, fid) for fid, (_, _, f) in facts.items() for kind, key in factblobs.keys(f)),
        )
    conn.execute(text(f"CREATE TABLE v10_modules AS SELECT {_MODULE_COLUMNS} FROM modules"))
    for view in _LEGACY_VIEWS:
        conn.execute(text(f"DROP VIEW IF EXISTS {view}"))
    for table in _LEGACY_TABLES:
        conn.execute(text(f"DROP TABLE IF EXISTS {table}"))
    s.metadata.create_all(conn, tables=[s.code_facts])
    s.V15_MODULES.create(conn)
    V12_FACT_KEYS.create(conn, checkfirst=True)  # sets of keys from v13 (``keysets``)
    columns = ", ".join(c.name for c in s.code_facts.columns)
    conn.execute(text(f"INSERT INTO code_facts ({columns}) SELECT {columns} FROM v10_code_facts"))
    conn.execute(
        text("INSERT INTO fact_keys (kind, key, fact_id) SELECT kind, key, fact_id FROM v10_fact_keys")
    )
    conn.execute(text(f"INSERT INTO modules ({_MODULE_COLUMNS}) SELECT {_MODULE_COLUMNS} FROM v10_modules"))
    conn.execute(text("DROP TABLE v10_modules"))
    _STAGED.drop_all(conn)
    if conn.dialect.name == "postgresql" and fids:
        # explicit ids were inserted: move the sequence past them
        conn.execute(
            text(
                "SELECT setval(pg_get_serial_sequence('code_facts', 'id'), (SELECT max(id) FROM code_facts))"
            )
        )
