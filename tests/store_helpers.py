"""A catalogue as an older errdex left it, made from one written today (migration tests)."""

from __future__ import annotations

from sqlalchemy import Connection, text

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
