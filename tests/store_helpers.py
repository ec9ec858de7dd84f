"""A catalogue as an older errdex left it, made from one written today (migration tests)."""

from __future__ import annotations

from sqlalchemy import Column, Connection, Integer, MetaData, Table, Text, text

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
