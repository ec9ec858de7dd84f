"""A catalogue as an older errdex left it, made from one written today (migration tests)."""

from __future__ import annotations

import json
import zlib

from sqlalchemy import (
    Column,
    Connection,
    Engine,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
    select,
    text,
    update,
)

from errdex.model import CodeFacts, FunctionFact
from errdex.store import factblobs as fb
from errdex.store import fnfacts, migrations
from errdex.store import schema as s

_ADDED_IN_V4 = (
    "error_lineage", "extractions", "snapshot_symbols", "symbol_names", "occurrence_places", "occurrence_bodies",
)  # fmt: skip


def as_v3(conn: Connection) -> None:
    """Rewrite a current catalogue, rows included, into the shape schema v3 had: ``occurrences``
    and ``symbols`` tables (of the columns their views have now) instead of views."""
    from sqlalchemy import inspect

    if "symbol_runs" in inspect(conn).get_table_names():
        runs_as_v10(conn)
    occ = [dict(r) for r in conn.execute(s.occurrences.select().order_by(s.occurrences.c.id)).mappings()]
    syms = [dict(r) for r in conn.execute(s.symbols.select()).mappings()]
    conn.execute(text("DROP VIEW occurrences"))
    conn.execute(text("DROP VIEW IF EXISTS release_occurrences"))
    conn.execute(text("DROP VIEW symbols"))
    for name in _ADDED_IN_V4:
        conn.execute(text(f"DROP TABLE {name}"))
    s.views.create_all(conn, tables=[s.occurrences, s.symbols])
    if occ:
        conn.execute(s.occurrences.insert(), occ)
    if syms:
        conn.execute(s.symbols.insert(), syms)
    conn.execute(text("UPDATE meta SET value = '3' WHERE key = 'schema_version'"))


# ``fact_functions`` and ``fact_calls`` as schema v2..v6 had them: one row per function and per
# call of each file content, lines absolute, ``seq`` of the calls counting the file's calls.
v6 = MetaData()
V6_FUNCTIONS = Table(
    "fact_functions", v6,
    Column("fact_id", Integer, primary_key=True), Column("seq", Integer, primary_key=True),
    Column("qualname", Text, nullable=False), Column("name", Text, nullable=False),
    Column("line", Integer, nullable=False), Column("end_line", Integer, nullable=False),
    Column("cls", Text), Column("params", Text, nullable=False), Column("doc", Text),
)  # fmt: skip
V6_CALLS = Table(
    "fact_calls", v6,
    Column("fact_id", Integer, primary_key=True), Column("seq", Integer, primary_key=True),
    Column("caller", Text, nullable=False), Column("callee", Text, nullable=False),
    Column("name", Text, nullable=False), Column("line", Integer, nullable=False),
)  # fmt: skip


# The views schema v7..v9 read the per-row code facts through (columns as their readers saw them)
v9_views = MetaData()
V9_FUNCTIONS = Table(
    "fact_functions", v9_views,
    Column("fact_id", Integer, primary_key=True), Column("seq", Integer, primary_key=True),
    Column("qualname", Text), Column("name", Text), Column("line", Integer), Column("end_line", Integer),
    Column("cls", Text), Column("params", Text), Column("doc", Text),
)  # fmt: skip
V9_CALLS = Table(
    "fact_calls", v9_views,
    Column("fact_id", Integer, primary_key=True), Column("seq", Integer, primary_key=True),
    Column("cseq", Integer, primary_key=True), Column("caller", Text), Column("callee", Text),
    Column("name", Text), Column("line", Integer),
)  # fmt: skip
V9_IMPORTS = Table(
    "fact_imports", v9_views,
    Column("fact_id", Integer, primary_key=True), Column("seq", Integer, primary_key=True),
    Column("local", Text), Column("target", Text), Column("level", Integer), Column("name", Text),
    Column("top", Text),
)  # fmt: skip


def as_v6(conn: Connection) -> None:
    """Rewrite a current catalogue, rows included, into the shape schema v6 had: per-file
    ``fact_functions`` and ``fact_calls`` tables instead of views of shared function bodies."""
    funcs = [dict(r) for r in conn.execute(V9_FUNCTIONS.select()).mappings()]
    calls = conn.execute(
        V9_CALLS.select().order_by(V9_CALLS.c.fact_id, V9_CALLS.c.seq, V9_CALLS.c.cseq)
    ).mappings()
    count: dict[int, int] = {}
    rows = []
    for r in calls:
        seq = count[r["fact_id"]] = count.get(r["fact_id"], -1) + 1
        rows.append({k: r[k] for k in ("fact_id", "caller", "callee", "name", "line")} | {"seq": seq})
    conn.execute(text("DROP VIEW fact_calls"))
    conn.execute(text("DROP VIEW fact_functions"))
    for name in ("fn_calls", "fn_places", "fn_bodies"):
        conn.execute(text(f"DROP TABLE {name}"))
    v6.create_all(conn)
    if funcs:
        conn.execute(V6_FUNCTIONS.insert(), funcs)
    if rows:
        conn.execute(V6_CALLS.insert(), rows)
    conn.execute(text("UPDATE meta SET value = '6' WHERE key = 'schema_version'"))


# ``snapshot_errors`` as schema v2..v7 had it: every snapshot's row repeated the error's keys.
v7 = MetaData()
V7_SNAPSHOT_ERRORS = Table(
    "snapshot_errors", v7,
    Column("snapshot_id", Integer, primary_key=True), Column("error_id", String(16), primary_key=True),
    Column("path", Text, nullable=False), Column("dir", Text, nullable=False),
    Column("function", Text, nullable=False), Column("exc_name", Text, nullable=False),
    Column("line", Integer, nullable=False),
    Index("ix_snap_errors_path", "snapshot_id", "path", "function"),
    Index("ix_snap_errors_dir", "snapshot_id", "dir"),
    Index("ix_snap_errors_exc", "snapshot_id", "exc_name"),
)  # fmt: skip


def as_v7(conn: Connection) -> None:
    """Rewrite a current catalogue, rows included, into the shape schema v7 had: the lookup keys
    of related errors in every ``snapshot_errors`` row, none in ``errors``."""
    rows = [
        dict(r)
        for r in conn.execute(
            text(
                "SELECT x.snapshot_id, x.error_id, e.path, e.dir, e.function, e.exc_name, x.line "
                "FROM snapshot_errors x JOIN errors e ON e.id = x.error_id"
            )
        ).mappings()
    ]
    for name in ("ix_errors_place", "ix_errors_dir", "ix_errors_exc"):
        conn.execute(text(f"DROP INDEX {name}"))
    for name in ("dir", "exc_name"):
        conn.execute(text(f"ALTER TABLE errors DROP COLUMN {name}"))
    conn.execute(text("DROP TABLE snapshot_errors"))
    v7.create_all(conn)
    if rows:
        conn.execute(V7_SNAPSHOT_ERRORS.insert(), rows)
    conn.execute(text("UPDATE meta SET value = '7' WHERE key = 'schema_version'"))


# ``fact_imports`` as schema v2..v8 had it: one row per import of each file content (and the
# file's bound names in ``code_facts`` itself).
v8 = MetaData()
V8_IMPORTS = Table(
    "fact_imports", v8,
    Column("fact_id", Integer, primary_key=True), Column("seq", Integer, primary_key=True),
    Column("local", Text, nullable=False), Column("target", Text, nullable=False),
    Column("level", Integer, nullable=False), Column("name", Text, nullable=False), Column("top", Text),
    Index("ix_fact_imports_local", "local"), Index("ix_fact_imports_name", "name"),
    Index("ix_fact_imports_top", "top"),
)  # fmt: skip


V8_CODE_FACTS = Table(
    "code_facts", v8,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("blob_sha", String(64), nullable=False), Column("producer", String(64), nullable=False),
    Column("toplevel", Text, nullable=False), Column("bound", Text, nullable=False),
    Column("consts", Text, nullable=False),
    UniqueConstraint("blob_sha", "producer", name="uq_code_facts_blob"),
)  # fmt: skip


def as_v8(engine: Engine) -> None:
    """Rewrite a current catalogue, rows included, into the shape schema v8 had: the bound names
    in ``code_facts``' own columns, imports one row per file content. ``code_facts`` is made
    again with the same ids, so the foreign keys to it are off meanwhile (SQLite: for the
    connection, outside a transaction; PostgreSQL: the table is dropped with them)."""
    with engine.connect() as conn:
        sqlite = conn.dialect.name == "sqlite"
        if sqlite:
            conn.connection.driver_connection.execute("PRAGMA foreign_keys = OFF")  # type: ignore[union-attr]
        with conn.begin():
            _as_v8(conn)
        if sqlite:
            conn.connection.driver_connection.execute("PRAGMA foreign_keys = ON")  # type: ignore[union-attr]


def _as_v8(conn: Connection) -> None:
    imports = [dict(r) for r in conn.execute(V9_IMPORTS.select()).mappings()]
    facts = []
    for fid, sha, producer, data in conn.execute(
        text(
            "SELECT c.id, c.blob_sha, c.producer, n.data FROM code_facts c JOIN fact_names n ON n.id = c.names_id"
        )
    ):
        toplevel, bound, consts = (json.dumps(x) for x in json.loads(zlib.decompress(data)))
        facts.append(
            {
                "id": fid,
                "blob_sha": sha,
                "producer": producer,
                "toplevel": toplevel,
                "bound": bound,
                "consts": consts,
            }
        )
    conn.execute(text("DROP VIEW fact_imports"))
    cascade = " CASCADE" if conn.dialect.name == "postgresql" else ""
    conn.execute(text(f"DROP TABLE code_facts{cascade}"))
    for name in ("set_imports", "import_sets", "fact_names"):
        conn.execute(text(f"DROP TABLE {name}"))
    v8.create_all(conn)
    if facts:
        conn.execute(V8_CODE_FACTS.insert(), facts)
    if imports:
        conn.execute(V8_IMPORTS.insert(), imports)
    if conn.dialect.name == "postgresql" and facts:
        conn.execute(
            text(
                "SELECT setval(pg_get_serial_sequence('code_facts', 'id'), (SELECT max(id) FROM code_facts))"
            )
        )
    conn.execute(text("UPDATE meta SET value = '8' WHERE key = 'schema_version'"))


# ``snapshot_symbols`` and ``snapshot_errors`` as schema v4..v10 had them: one row per snapshot.
v9 = MetaData()
V9_SYMBOLS = Table(
    "snapshot_symbols", v9,
    Column("snapshot_id", Integer, primary_key=True), Column("name_id", Integer, primary_key=True),
)  # fmt: skip
V9_ERRORS = Table(
    "snapshot_errors", v9,
    Column("snapshot_id", Integer, primary_key=True), Column("error_id", String(16), primary_key=True),
    Column("line", Integer, nullable=False),
)  # fmt: skip


def runs_as_v10(conn: Connection) -> None:
    """Rewrite a current catalogue, rows included, into the shape schema v10 had (and every
    earlier version): a row per snapshot in ``snapshot_symbols`` and ``snapshot_errors`` (tables), no runs of releases."""
    syms = [
        dict(r) for r in conn.execute(text("SELECT snapshot_id, name_id FROM snapshot_symbols")).mappings()
    ]
    errs = [
        dict(r)
        for r in conn.execute(text("SELECT snapshot_id, error_id, line FROM snapshot_errors")).mappings()
    ]
    for view in ("symbols", "snapshot_symbols", "snapshot_errors"):
        conn.execute(text(f"DROP VIEW {view}"))
    for table in ("symbol_runs", "error_runs"):
        conn.execute(text(f"DROP TABLE {table}"))
    v9.create_all(conn)
    if syms:
        conn.execute(V9_SYMBOLS.insert(), syms)
    if errs:
        conn.execute(V9_ERRORS.insert(), errs)
    conn.execute(text(migrations._SYMBOLS_VIEW))
    conn.execute(text("UPDATE meta SET value = '10' WHERE key = 'schema_version'"))


def as_v9(engine: Engine) -> None:
    """Rewrite a current catalogue, rows included, into the shape schema v9 had: code facts one
    row per function, call, class, test and import (functions and imports shared between file
    contents, as the v9 writer stored them), read through views. ``code_facts`` and ``modules``
    are made again with the same ids, foreign keys off meanwhile (as ``as_v8``)."""
    with engine.connect() as conn:
        sqlite = conn.dialect.name == "sqlite"
        if sqlite:
            conn.connection.driver_connection.execute("PRAGMA foreign_keys = OFF")  # type: ignore[union-attr]
        with conn.begin():
            _as_v9(conn)
        if sqlite:
            conn.connection.driver_connection.execute("PRAGMA foreign_keys = ON")  # type: ignore[union-attr]


def _stored_facts(row: tuple[object, ...]) -> CodeFacts:
    names, imports, functions, docs, calls, classes, tests = row  # as ``fb.COLUMNS``
    f = fb.names(names)  # type: ignore[arg-type]
    f.imports = fb.decode(imports, fb.import_row)  # type: ignore[arg-type]
    f.functions = [
        FunctionFact(g.qualname, g.line, g.end_line, g.cls, p, d)
        for g, (p, d) in zip(
            fb.decode(functions, fb.function_row),
            fb.decode(docs, fb.doc_row),
            strict=True,  # type: ignore[arg-type]
        )
    ]
    f.calls = fb.decode(calls, fb.call_row)  # type: ignore[arg-type]
    f.classes = fb.decode(classes, fb.class_row)  # type: ignore[arg-type]
    f.tests = fb.decode(tests, fb.test_row)  # type: ignore[arg-type]
    return f


def _as_v9(conn: Connection) -> None:
    cols = ", ".join(fb.COLUMNS)
    stored = {
        int(r[0]): (str(r[1]), str(r[2]), _stored_facts(tuple(r[3:])))
        for r in conn.execute(text(f"SELECT id, blob_sha, producer, {cols} FROM code_facts ORDER BY id"))
    }
    modules = [dict(r) for r in conn.execute(s.modules.select()).mappings()]
    for name in ("fact_keys", "modules", "code_facts"):
        conn.execute(text(f"DROP TABLE {name}"))
    fnfacts.legacy.create_all(conn)
    s.V15_MODULES.create(conn)
    shared = fnfacts.file_rows(conn, {str(fid): f for fid, (_, _, f) in stored.items()})
    if stored:
        conn.execute(
            fnfacts.code_facts.insert(),
            [
                {"id": fid, "blob_sha": sha, "producer": prod, "names_id": shared[str(fid)][0],
                 "imports_id": shared[str(fid)][1]}
                for fid, (sha, prod, _) in stored.items()
            ],
        )  # fmt: skip
    fnfacts.write_functions(conn, {fid: (f.functions, f.calls) for fid, (_, _, f) in stored.items()})
    classes = [
        {"fact_id": fid, "seq": i, "qualname": c.qualname, "line": c.line, "end_line": c.end_line,
         "bases": json.dumps(c.bases), "members": json.dumps(c.members)}
        for fid, (_, _, f) in stored.items() for i, c in enumerate(f.classes)
    ]  # fmt: skip
    tests = [
        {"fact_id": fid, "seq": i, "qualname": t.qualname, "line": t.line, "end_line": t.end_line,
         "subject": json.dumps(t.subject), "expects": t.expects, "calls": json.dumps(t.calls)}
        for fid, (_, _, f) in stored.items() for i, t in enumerate(f.tests)
    ]  # fmt: skip
    for table, rows in ((fnfacts.fact_classes, classes), (fnfacts.fact_tests, tests)):
        if rows:
            conn.execute(table.insert(), rows)
    if modules:
        conn.execute(s.V15_MODULES.insert(), modules)
    for view in (migrations._FACT_FUNCTIONS_VIEW, migrations._FACT_CALLS_VIEW, migrations._FACT_IMPORTS_VIEW):
        conn.execute(text(view))
    if conn.dialect.name == "postgresql" and stored:
        conn.execute(
            text(
                "SELECT setval(pg_get_serial_sequence('code_facts', 'id'), (SELECT max(id) FROM code_facts))"
            )
        )
    conn.execute(text("UPDATE meta SET value = '9' WHERE key = 'schema_version'"))


def keys_as_v12(conn: Connection) -> None:
    """Rewrite a current catalogue's lookup keys into the shape schema v10 to v12 had: a
    ``fact_keys`` row per key of each file content, no shared sets."""
    from errdex.store.keysets import V12_FACT_KEYS

    rows = conn.execute(
        text(
            "SELECT DISTINCT k.kind, k.key, f.fact_id FROM set_keys k JOIN fact_sets f ON f.set_id = k.set_id"
        )
    ).all()
    for name in ("fact_sets", "set_keys", "key_sets"):
        conn.execute(text(f"DROP TABLE {name}"))
    V12_FACT_KEYS.create(conn)
    if rows:
        conn.execute(V12_FACT_KEYS.insert(), [{"kind": k, "key": key, "fact_id": f} for k, key, f in rows])
    conn.execute(text("UPDATE meta SET value = '12' WHERE key = 'schema_version'"))


def files_as_v13(conn: Connection) -> None:
    """Rewrite a current catalogue's ``files`` into the shape schema v13 and before had on
    SQLite: a rowid table beside the index of its primary key (PostgreSQL's is unchanged)."""
    if conn.dialect.name != "sqlite":
        return
    conn.execute(
        text(
            "CREATE TABLE v13_files (snapshot_id INTEGER NOT NULL, path TEXT NOT NULL, blob_sha VARCHAR(64), "
            "status VARCHAR(16) NOT NULL, reason TEXT, is_test BOOLEAN NOT NULL, PRIMARY KEY (snapshot_id, path), "
            "FOREIGN KEY(snapshot_id) REFERENCES snapshots (id), FOREIGN KEY(blob_sha) REFERENCES blobs (sha))"
        )
    )
    conn.execute(
        text("INSERT INTO v13_files SELECT snapshot_id, path, blob_sha, status, reason, is_test FROM files")
    )
    conn.execute(text("DROP TABLE files"))
    conn.execute(text("ALTER TABLE v13_files RENAME TO files"))
    conn.execute(text("UPDATE meta SET value = '13' WHERE key = 'schema_version'"))


def callers_as_v16(conn: Connection) -> None:
    """A current catalogue in the shape schema v16 had: snapshots without their sites' callers,
    and the record of what the merged match index covers stamped without them."""
    from errdex.match import shared_index as si
    from errdex.store import segments as ss

    conn.execute(text("ALTER TABLE snapshots DROP COLUMN callers"))
    a = s.artifacts
    data = conn.execute(select(a.c.data).where(a.c.name == si._COVERS)).scalar()
    if data is not None:
        covers = json.loads(bytes(data))
        plain = {ss.counted_stamp(h): h for (h,) in conn.execute(select(s.snapshots.c.content_hash))}
        covers["each"] = [[i, plain.get(h, h), n] for i, h, n in covers["each"]]
        covers["digest"] = si._digest([(i, h) for i, h, _ in covers["each"]])
        conn.execute(update(a).where(a.c.name == si._COVERS).values(data=json.dumps(covers).encode()))
    conn.execute(text("UPDATE meta SET value = '16' WHERE key = 'schema_version'"))


def files_as_v15(conn: Connection) -> None:
    """Rewrite a current catalogue's ``files`` and ``modules`` into the shape schema v14 and v15
    had: tables of one row per snapshot and path, not views of runs of releases."""
    for view, table in ((s.files, s.V15_FILES), (s.modules, s.V15_MODULES)):
        rows = [dict(r) for r in conn.execute(select(view)).mappings()]
        conn.execute(text(f"DROP VIEW {view.name}"))
        table.create(conn)
        if rows:
            conn.execute(table.insert(), rows)
    s.metadata.drop_all(conn, tables=[s.file_runs, s.module_runs])
    conn.execute(text("UPDATE meta SET value = '15' WHERE key = 'schema_version'"))


def places_as_v14(conn: Connection) -> None:
    """Rewrite a current catalogue's ``occurrence_places`` into the shape schema v4..v14 had:
    the last line and the code window as absolute lines, read through v4's view."""
    conn.execute(text("DROP VIEW occurrences"))
    for old, new in (
        ("end_line", "end_offset"),
        ("window_start", "window_before"),
        ("window_end", "window_after"),
    ):
        conn.execute(text(f"ALTER TABLE occurrence_places RENAME COLUMN {new} TO {old}"))
    conn.execute(
        text(
            "UPDATE occurrence_places SET end_line = line + end_line, window_start = line - window_start, "
            "window_end = line + end_line + window_end"
        )
    )
    conn.execute(text(migrations._V4_OCCURRENCES_VIEW))
    conn.execute(text("UPDATE meta SET value = '14' WHERE key = 'schema_version'"))


def places_as_v18(conn: Connection) -> None:
    """Rewrite a current catalogue's ``occurrence_places`` into the shape schema v18 had: keyed
    (snapshot, id), with an index on the body (the views reading it made again as v18's)."""
    _places_as(conn, s.V18_PLACES, 18, ("release_occurrences",))


def places_as_v17(conn: Connection) -> None:
    """Rewrite a current catalogue's ``occurrence_places`` into the shape schema v4..v17 had: a
    rowid table keyed by id, with an index on the snapshot (the views reading it made again)."""
    _places_as(conn, s.V16_PLACES, 17)


def _places_as(conn: Connection, table: Table, version: int, views: tuple[str, ...] = ()) -> None:
    """``occurrence_places`` made again as ``table``, rows and ids kept, with the views of v15."""
    rows = [tuple(r) for r in conn.execute(select(s.occurrence_places).order_by(s.occurrence_places.c.id))]
    for view in ("snapshot_errors", "occurrences", *views):
        conn.execute(text(f"DROP VIEW {view}"))
    s.occurrence_places.drop(conn)
    table.create(conn)
    if rows:
        conn.execute(table.insert(), [dict(zip(table.columns.keys(), r, strict=True)) for r in rows])
    if conn.dialect.name == "postgresql" and rows:
        conn.execute(
            text(
                "SELECT setval(pg_get_serial_sequence('occurrence_places', 'id'), (SELECT max(id) FROM occurrence_places))"
            )
        )
    conn.execute(text(migrations._OCCURRENCES_VIEW))
    conn.execute(text(migrations._SNAPSHOT_ERRORS_VIEW))
    conn.execute(text(f"UPDATE meta SET value = '{version}' WHERE key = 'schema_version'"))


def as_version(engine: Engine, version: int) -> None:
    """A current catalogue in the shape of schema ``version`` (6 to 19) as far as the tables of
    its code facts, per-release rows and related errors go (``as_v3`` and the tests do the
    older steps). v19's tables are v20's (v20 lets stored differences chain)."""
    if version >= 19:
        return
    with engine.begin() as conn:
        places_as_v18(conn)
        if version >= 18:
            return
        places_as_v17(conn)
        if version >= 17:
            return
        callers_as_v16(conn)
        if version >= 16:
            return
        files_as_v15(conn)
        if version >= 15:
            return
        places_as_v14(conn)
        if version >= 14:
            return
        files_as_v13(conn)
        if version >= 13:
            return
        keys_as_v12(conn)
        if version >= 11:
            return
        runs_as_v10(conn)
    if version >= 10:
        return
    as_v9(engine)
    if version < 9:
        as_v8(engine)
    with engine.begin() as conn:
        if version < 8:
            as_v7(conn)
        if version < 7:
            as_v6(conn)


def table_rows(path: str) -> dict[str, list[str]]:
    """Every table of a SQLite catalogue, its rows sorted (the time of indexing left out)."""
    import sqlite3
    from contextlib import closing

    out: dict[str, list[str]] = {}
    with closing(sqlite3.connect(path)) as conn:
        names = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        for name in names:
            if name.startswith("sqlite_"):
                continue
            cols = [r[1] for r in conn.execute(f'PRAGMA table_info("{name}")') if r[1] != "indexed_at"]
            picked = ", ".join(f'"{c}"' for c in cols)
            out[name] = sorted(repr(r) for r in conn.execute(f'SELECT {picked} FROM "{name}"'))
    return out
