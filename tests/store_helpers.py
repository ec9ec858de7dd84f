"""A catalogue as an older errdex left it, made from one written today (migration tests)."""

from __future__ import annotations

from sqlalchemy import Column, Connection, Index, Integer, MetaData, String, Table, Text, text

from errdex.store import schema as s

_ADDED_IN_V4 = (
    "error_lineage", "extractions", "snapshot_symbols", "symbol_names", "occurrence_places", "occurrence_bodies",
)  # fmt: skip


def as_v3(conn: Connection) -> None:
    """Rewrite a current catalogue, rows included, into the shape schema v3 had: ``occurrences``
    and ``symbols`` tables (of the columns their views have now) instead of views."""
    occ = [dict(r) for r in conn.execute(s.occurrences.select().order_by(s.occurrences.c.id)).mappings()]
    syms = [dict(r) for r in conn.execute(s.symbols.select()).mappings()]
    conn.execute(text("DROP VIEW occurrences"))
    conn.execute(text("DROP VIEW symbols"))
    for name in _ADDED_IN_V4:
        conn.execute(text(f"DROP TABLE {name}"))
    s.views.create_all(conn)
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


def as_v6(conn: Connection) -> None:
    """Rewrite a current catalogue, rows included, into the shape schema v6 had: per-file
    ``fact_functions`` and ``fact_calls`` tables instead of views of shared function bodies."""
    funcs = [dict(r) for r in conn.execute(s.fact_functions.select()).mappings()]
    calls = conn.execute(
        s.fact_calls.select().order_by(s.fact_calls.c.fact_id, s.fact_calls.c.seq, s.fact_calls.c.cseq)
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
