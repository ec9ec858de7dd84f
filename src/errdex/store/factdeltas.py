"""A changed file's code facts stored as differences from its previous content's (``factblobs``).

The writer compares each new ``code_facts`` row with the row of the same path in the codebase's
most recently stored snapshot, column by column, and keeps a column as a difference where that
is small; the full store's readers rebuild differences through ``with_bases`` (the analysis
reads go through ``FactReader``, which does the same over its own executor).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import Connection, func, select

from errdex.store import factblobs, parallel
from errdex.store import schema as s
from errdex.store.copy import select_in

__all__ = ["against_previous", "bases_named", "with_bases"]


def against_previous(
    conn: Connection,
    rows: dict[str, tuple[bytes, ...]],
    paths: Mapping[str, str],
    producer: str,
    snapshot: tuple[int, int],
) -> None:
    """``rows`` (blob sha -> the values of ``factblobs.COLUMNS``, about to be stored) with each
    value replaced by its difference from the same column of the row of its path (``paths``:
    sha -> path) in the codebase's latest other snapshot (``snapshot``: repo id, id of the one
    being written), where ``factblobs.make_delta`` finds that worth it. Where that row's value
    is itself a difference, its own base is the base: a base is always stored whole."""
    from errdex.store.history import _latest_blobs

    repo_id, snap_id = snapshot
    latest = _latest_blobs(conn, repo_id, {paths[sha] for sha in rows if sha in paths}, besides=snap_id)
    if not latest:
        return
    c = s.code_facts
    previous: dict[str, tuple[Any, ...]] = {}  # blob sha -> (id, values...)
    for row in select_in(conn, (c.c.blob_sha, c.c.id, *(c.c[k] for k in factblobs.COLUMNS)),
                         c.c.blob_sha, set(latest.values()), c.c.producer == producer):  # fmt: skip
        previous[str(row[0])] = tuple(row[1:])
    bases = _bases_of(conn, previous.values())

    def against(item: tuple[tuple[bytes, ...], tuple[Any, ...]]) -> tuple[bytes, ...]:
        values, prev = item
        out = list(values)
        for i, value in enumerate(values):
            stored = bytes(prev[1 + i] or b"")
            base = factblobs.base_id(stored)
            base_id, base_value = (prev[0], stored) if base is None else (base, bases.get((base, i), b""))
            delta = factblobs.make_delta(value, int(base_id), base_value)
            if delta is not None:
                out[i] = delta
        return tuple(out)

    todo = [
        (sha, (values, prev))
        for sha, values in rows.items()
        if (prev := previous.get(latest.get(paths.get(sha, ""), ""))) is not None and sha not in previous
    ]
    # each a zstd frame against its base, independent of the others: on the writer's threads
    for (sha, _), out in zip(todo, parallel.each(against, [item for _, item in todo]), strict=True):
        rows[sha] = out


def _bases_of(conn: Connection, rows: Any) -> dict[tuple[int, int], bytes]:
    """(row id, column number) -> stored value, of the bases the values of ``rows`` (id,
    values...) are differences from."""
    wanted: dict[int, set[int]] = {}  # column number -> base ids
    for row in rows:
        for i, value in enumerate(row[1:]):
            if (b := factblobs.base_id(value)) is not None:
                wanted.setdefault(i, set()).add(b)
    c = s.code_facts
    out: dict[tuple[int, int], bytes] = {}
    for i, ids in wanted.items():
        column = c.c[factblobs.COLUMNS[i]]
        for fid, value in _by_ids(conn, (c.c.id, column), ids):
            if isinstance(value, bytes | memoryview):
                out[(int(fid), i)] = bytes(value)
    return out


def with_bases(conn: Connection, rows: Sequence[tuple[Any, ...]], column: str) -> list[tuple[Any, ...]]:
    """``rows`` whose first item is a stored value of ``column`` (one of ``factblobs.COLUMNS``),
    with each difference rebuilt from its base (``factblobs.whole``)."""
    c = s.code_facts
    wanted = {b for r in rows if (b := factblobs.base_id(r[0])) is not None}
    if not wanted:
        return list(rows)
    bases = {int(fid): value for fid, value in _by_ids(conn, (c.c.id, c.c[column]), wanted)}
    return [(factblobs.whole(r[0], bases), *r[1:]) for r in rows]


def _by_ids(conn: Connection, columns: Sequence[Any], ids: set[int]) -> list[tuple[Any, ...]]:
    """``columns`` of the ``code_facts`` rows with these ids (``select_in`` takes string keys)."""
    wanted = sorted(ids)
    out: list[tuple[Any, ...]] = []
    for i in range(0, len(wanted), 500):
        out += map(tuple, conn.execute(select(*columns).where(s.code_facts.c.id.in_(wanted[i : i + 500]))))
    return out


def bases_named(conn: Connection, dropping: Any) -> list[int]:
    """The ids of the rows that the values of rows outside ``dropping`` (a subquery of ids) are
    differences from: they stay while such a difference does. A base is never a difference
    itself, so one pass finds them all."""
    c = s.code_facts
    heads = [func.substr(c.c[k], 1, factblobs.DELTA_HEAD) for k in factblobs.COLUMNS]
    named: set[int] = set()
    for row in conn.execute(select(*heads).where(c.c.id.not_in(dropping))):
        named.update(b for v in row if (b := factblobs.base_id(v)) is not None)
    return sorted(named)
