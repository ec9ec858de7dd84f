"""Bulk row writes: PostgreSQL's ``COPY ... FROM STDIN`` through psycopg, else ``executemany``.

A release is tens of thousands of rows (occurrences, files, code facts); a bulk run stores
thousands of releases from one writer, so the writer's cost per row bounds the whole run.
``COPY`` streams rows in one statement instead of one parameter set per row. It runs on the
connection of the caller's transaction, so a snapshot is still all or nothing.

Rows given as dicts go through each column's bind processing first (the scrubbing
``Text``/``String``/JSON types of ``schema``), exactly as an ``INSERT`` would have seen them.

The writer also asks which of a release's keys (blob hashes, error ids, symbol names) are
stored already: ``select_in`` sends them as one array parameter on PostgreSQL (one statement,
prepared once), where ``IN`` lists of 500 made each query new text for SQLAlchemy to render and
the driver to parse: most of a bulk writer's time went there.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Sequence
from operator import itemgetter
from typing import Any

from sqlalchemy import ColumnElement, String, Table, any_, bindparam, func, insert, select
from sqlalchemy.engine import Connection

from errdex.textsafe import valid_unicode

__all__ = [
    "all_valid",
    "driver_cursor",
    "insert_dicts",
    "insert_keys_with",
    "insert_returning_ids",
    "insert_rows",
    "insert_tuples",
    "insert_values",
    "intern_ids",
    "select_in",
    "valid_text",
]

IN_CHUNK = 500  # keys per ``IN`` list where arrays are not available
# rows per ``INSERT ... VALUES (..), (..) RETURNING``: within SQLite's oldest limit of 999 parameters
RETURNING_CHUNK = 500
# JSON functions are part of SQLite from 3.38 (an extension, often absent, before)
_SQLITE_JSON = sqlite3.sqlite_version_info >= (3, 38)


def valid_text(value: object) -> object:
    """``valid_unicode`` of a str, any other value (None, a number) as it is: the bind processing
    of ``schema``'s text columns. (Here, not in ``textsafe``, whose bytes are part of the
    extractor's digest: a store-only change leaves extraction caches valid.)"""
    return valid_unicode(value) if isinstance(value, str) else value


def all_valid(values: list[Any]) -> bool:
    """Whether ``valid_text`` would hand back every one of ``values`` as it is: each is a str that
    UTF-8 encodes, or a value that is no text (None, a number). One encode of all the strings
    joined answers for each (a lone surrogate stays one in the join: no two make a pair in a
    Python str), where a call per value was most of a bulk write's text processing; a value of
    another type makes the join fail, and the answer is then False."""
    try:
        "".join(filter(None, values)).encode("utf-8")
    except (TypeError, UnicodeEncodeError):
        return False
    return True


def select_in(
    conn: Connection,
    columns: Sequence[ColumnElement[Any]],
    key: ColumnElement[Any],
    keys: Iterable[str],
    *where: ColumnElement[bool],
) -> list[tuple[Any, ...]]:
    """``columns`` of the rows whose string ``key`` is one of ``keys`` (and ``where`` holds)."""
    wanted = sorted(set(keys))
    if not wanted:
        return []
    if conn.dialect.name == "postgresql":
        # imported here: SQLAlchemy's PostgreSQL dialect (and its asyncpg and psycopg parts)
        # is ~0.1 s of imports that a SQLite catalogue never needs
        from sqlalchemy.dialects.postgresql import ARRAY

        any_key = key == any_(bindparam("keys", wanted, type_=ARRAY(String)))
        return [tuple(r) for r in conn.execute(select(*columns).where(any_key, *where))]
    if conn.dialect.name == "sqlite" and _SQLITE_JSON and len(wanted) > IN_CHUNK:
        # the keys as one JSON array the engine unpacks itself: one statement instead of one
        # per 500 keys, each a new ``IN`` list for SQLAlchemy to expand (a release's symbol
        # names are ~30k keys)
        keys_json = json.dumps(wanted, ensure_ascii=False)
        unpacked = select(
            func.json_each(bindparam("keys", keys_json, type_=String)).table_valued("value").c.value
        )
        return [tuple(r) for r in conn.execute(select(*columns).where(key.in_(unpacked), *where))]
    out: list[tuple[Any, ...]] = []
    for i in range(0, len(wanted), IN_CHUNK):
        out += map(tuple, conn.execute(select(*columns).where(key.in_(wanted[i : i + IN_CHUNK]), *where)))
    return out


def driver_cursor(conn: Connection) -> Any:
    """A cursor of the database driver itself on the transaction's connection."""
    return conn.connection.driver_connection.cursor()  # type: ignore[union-attr]


def _copy_cursor(conn: Connection) -> Any:
    """A psycopg cursor on the transaction's connection, or None when COPY is not available."""
    if conn.dialect.name != "postgresql" or conn.dialect.driver != "psycopg":
        return None
    return driver_cursor(conn)


def _copy(cur: Any, table: Table, cols: Sequence[str], rows: Iterable[Sequence[Any]]) -> None:
    names = ", ".join(f'"{c}"' for c in cols)
    with cur, cur.copy(f'COPY "{table.name}" ({names}) FROM STDIN') as copy:
        for row in rows:
            copy.write_row(row)


def _processors(conn: Connection, table: Table, cols: Sequence[str]) -> list[Any]:
    return [table.c[c].type._cached_bind_processor(conn.dialect) for c in cols]


def insert_dicts(conn: Connection, table: Table, rows: Sequence[dict[str, Any]]) -> None:
    """Insert rows given as dicts (all with the keys of the first)."""
    if not rows:
        return
    cols = list(rows[0])
    tuples = list(map(itemgetter(*cols), rows)) if len(cols) > 1 else [(r[cols[0]],) for r in rows]
    insert_values(conn, table, cols, tuples)


def insert_values(conn: Connection, table: Table, cols: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
    """Insert rows given as tuples in ``cols`` order, each value through its column's bind
    processing (the scrubbing ``Text``/``String``/JSON types of ``schema``), exactly as an
    ``INSERT`` would have seen it. The writer builds most rows as tuples: a dict per row, taken
    apart again column by column, was a third of a release's run and error writes."""
    if not rows:
        return
    cols = list(cols)
    procs = _processors(conn, table, cols)
    bound: Iterable[Sequence[Any]] = rows
    if any(procs):
        # column by column: a text column whose every value is valid already needs none of its
        # per-value scrubbing (``valid_text`` would hand each back as it is), checked at once
        values = [list(v) for v in zip(*rows, strict=True)]
        changed = False
        for i, p in enumerate(procs):
            if p is not None and not (p is valid_text and all_valid(values[i])):
                values[i] = list(map(p, values[i]))
                changed = True
        if changed:
            bound = list(zip(*values, strict=True))
    cur = _copy_cursor(conn)
    if cur is not None:
        _copy(cur, table, cols, bound)
        return
    mark = _MARKS.get(conn.dialect.paramstyle)
    if mark is None or _python_defaults(table, cols):
        # the portable way, defaults and all (from the rows as given: SQLAlchemy binds them)
        conn.execute(insert(table), [dict(zip(cols, r, strict=True)) for r in rows])
        return
    # the driver's executemany with the columns' own bind processing done here once per value:
    # SQLAlchemy's per-statement set-up and per-row parameter dicts were most of a release's
    # occurrence and error writes
    sql = f"INSERT INTO {table.name} ({', '.join(cols)}) VALUES ({', '.join([mark] * len(cols))})"
    conn.exec_driver_sql(sql, bound if isinstance(bound, list) else list(bound))


def insert_keys_with(
    conn: Connection, table: Table, key: str, keys: Sequence[int], given: Sequence[tuple[str, int]]
) -> bool:
    """Insert a row for each of ``keys`` (integers, in their order) into column ``key``, every
    row with the same integer values of ``given`` (column, value); False (nothing written)
    where this is not the cheap way. SQLite with its JSON functions only: the keys go as one
    JSON array the engine unpacks itself, where a tuple per row bound by ``executemany`` was
    most of storing a release's ~80k runs of names."""
    if conn.dialect.name != "sqlite" or not _SQLITE_JSON:
        return False
    if keys:
        cols = ", ".join([key, *(c for c, _ in given)])
        marks = "".join(", ?" for _ in given)
        conn.exec_driver_sql(
            f"INSERT INTO {table.name} ({cols}) SELECT j.value{marks} FROM json_each(?) j ORDER BY j.key",
            (*(int(v) for _, v in given), json.dumps([int(k) for k in keys])),
        )
    return True


_MARKS = {"qmark": "?", "format": "%s", "pyformat": "%s"}


def _python_defaults(table: Table, given: Sequence[str]) -> bool:
    """Whether a column the rows leave out has a default SQLAlchemy fills in (not the database)."""
    return any(c.default is not None or c.onupdate is not None for c in table.columns if c.name not in given)


def insert_tuples(conn: Connection, table: Table, cols: Sequence[str], rows: Sequence[Sequence[Any]]) -> bool:
    """COPY rows given as tuples in ``cols`` order; False (nothing written) where COPY is not available.

    Like the ``executemany`` it replaces (``insert_rows`` where COPY is not available), the values are passed as they
    are: these rows are built by errdex from already scrubbed text, and skipping per-value
    processing is the point of taking tuples.
    """
    cur = _copy_cursor(conn)
    if cur is None:
        return False
    _copy(cur, table, cols, rows)
    return True


def insert_rows(
    conn: Connection, table: Table, rows: list[tuple[Any, ...]], skip: tuple[str, ...] = ()
) -> None:
    """Insert rows given as tuples in column order (``skip``: columns the database fills).

    Code facts are ~100k rows per release: handing them to the driver's ``executemany`` as
    tuples costs about half of what SQLAlchemy's per-row parameter processing does; on
    PostgreSQL they are streamed with ``COPY`` instead (``insert_tuples``).
    """
    if not rows:
        return
    cols = [c.name for c in table.columns if c.name not in skip]
    if insert_tuples(conn, table, cols, rows):
        return
    mark = {"qmark": "?", "format": "%s", "pyformat": "%s"}.get(conn.dialect.paramstyle)
    if mark is None:  # a driver with another parameter style: the portable way
        conn.execute(insert(table), [dict(zip(cols, r, strict=True)) for r in rows])
        return
    conn.exec_driver_sql(
        f"INSERT INTO {table.name} ({', '.join(cols)}) VALUES ({', '.join([mark] * len(cols))})", rows
    )


def insert_returning_ids(conn: Connection, table: Table, keys: Sequence[str]) -> dict[str, int] | None:
    """Insert a row for each of ``keys`` into ``table`` (``id``, then the key column only) and
    give key -> the id the database chose; None (nothing written) where this is not the cheap way.

    Interning names (insert those not stored yet, then use their ids) asked the catalogue for the
    new keys' ids a second time after inserting them; ``RETURNING`` answers with the insert
    itself. SQLite only (3.35 on): PostgreSQL's ``COPY`` streams the rows faster than statements
    of 500 rows would. The keys are passed as they are, like ``insert_rows``'s tuples.
    """
    if conn.dialect.name != "sqlite" or sqlite3.sqlite_version_info < (3, 35) or not keys:
        return None
    id_col, key_col = (c.name for c in table.columns)
    ids: dict[str, int] = {}
    for i in range(0, len(keys), RETURNING_CHUNK):
        chunk = tuple(keys[i : i + RETURNING_CHUNK])
        values = ", ".join(["(?)"] * len(chunk))
        sql = f"INSERT INTO {table.name} ({key_col}) VALUES {values} RETURNING {id_col}, {key_col}"
        ids.update((str(k), int(v)) for v, k in conn.exec_driver_sql(sql, chunk))
    return ids


def intern_ids(conn: Connection, table: Table, keys: Iterable[str]) -> dict[str, int] | None:
    """Insert a row for each of ``keys`` not in ``table`` yet (``id``, then the unique key
    column; in key order, so the ids are those ``insert_returning_ids`` of the sorted new keys
    gives) and give key -> id of all ``keys``; None (nothing written) where this is not the
    cheap way. SQLite with its JSON functions only: the keys go as one JSON array, where asking
    which are stored, inserting the others 500 a statement and reading their ids back cost a
    release's ~30k symbol names a round of Python objects per key three times over. The insert
    hands back the new rows' ids itself (``RETURNING``); only the keys it did not insert (stored
    already) are looked up after it, where every key was looked up again: a codebase's first
    release has nearly all its names new. The keys are passed as they are, like
    ``insert_rows``'s tuples."""
    if conn.dialect.name != "sqlite" or not _SQLITE_JSON:
        return None
    id_col, key_col = (c.name for c in table.columns)
    wanted = sorted(set(keys))
    if not wanted:
        return {}
    # on the driver's own cursor (the same connection and transaction): SQLAlchemy's result
    # made a row object per key, ~30k a release
    cur = driver_cursor(conn)
    try:
        cur.execute(
            f"INSERT INTO {table.name} ({key_col}) SELECT j.value FROM json_each(?) j "
            f"WHERE NOT EXISTS (SELECT 1 FROM {table.name} t WHERE t.{key_col} = j.value) ORDER BY j.key "
            f"RETURNING {key_col}, {id_col}",
            (json.dumps(wanted, ensure_ascii=False),),
        )
        ids: dict[str, int] = dict(cur.fetchall())
        if len(ids) < len(wanted):
            stored = [k for k in wanted if k not in ids]
            cur.execute(
                f"SELECT j.value, t.{id_col} FROM json_each(?) j JOIN {table.name} t ON t.{key_col} = j.value",
                (json.dumps(stored, ensure_ascii=False),),
            )
            ids.update(cur.fetchall())
        return ids
    finally:
        cur.close()
