"""Per-snapshot match index segments, kept in the ``artifacts`` table beside the merged index.

A segment is stamped with its snapshot's content hash instead of the catalogue's generation: it
stays valid while its snapshot does, however many other snapshots come and go, which is what
lets the catalogue's index be merged from segments instead of rebuilt from every row.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import delete, insert, select

from errdex.store import schema as s
from errdex.store.textdelta import unzstd

__all__ = ["PREFIX", "drop_segments", "get_segment", "put_segment", "snapshot_stamps", "stored_artifacts"]

PREFIX = "match-seg:"


def snapshot_stamps(store: Any) -> list[tuple[int, str]]:
    """(id, content hash) of every snapshot, in the order their rows were written."""
    sn = s.snapshots
    with store.engine.connect() as conn:
        return [
            (int(i), str(h)) for i, h in conn.execute(select(sn.c.id, sn.c.content_hash).order_by(sn.c.id))
        ]


def get_segment(store: Any, snapshot_id: int, stamp: str) -> bytes | None:
    """A snapshot's segment as ``put_segment`` was given it; None when missing, stale or
    unreadable (the caller builds it again)."""
    a = s.artifacts
    with store.engine.connect() as conn:
        row = conn.execute(
            select(a.c.data, a.c.generation).where(a.c.name == f"{PREFIX}{snapshot_id}")
        ).first()
    if row is None or row.generation != stamp or not isinstance(row.data, bytes | memoryview):
        return None
    return _unpack(bytes(row.data))


def put_segment(store: Any, snapshot_id: int, stamp: str, data: bytes) -> None:
    """Store a snapshot's segment, zstd-compressed: one is kept per release, and their arrays
    compress ~3x (a segment is read only when the index is merged, never on a query)."""
    import zstandard

    a = s.artifacts
    name = f"{PREFIX}{snapshot_id}"
    packed = zstandard.ZstdCompressor(level=3).compress(data)
    with store.engine.begin() as conn:
        conn.execute(delete(a).where(a.c.name == name))
        conn.execute(insert(a).values(name=name, generation=stamp, data=packed))


_ZSTD = b"\x28\xb5\x2f\xfd"
# a segment past this is no errdex segment (SQLite's own default cap on a value is 1 GB)
_MAX_SEGMENT = 1 << 30


def _unpack(data: bytes) -> bytes | None:
    """A stored segment's bytes: inflated within ``_MAX_SEGMENT`` whatever the frame claims
    (the catalogue may be crafted; ``textdelta.unzstd``); one stored before segments were
    compressed as it is."""
    if data[:4] != _ZSTD:
        return data
    try:
        return unzstd(data, _MAX_SEGMENT)
    except ValueError:
        return None


def drop_segments(store: Any, keep: set[int]) -> None:
    """Forget the segments of snapshots that are gone (replaced or deleted)."""
    a = s.artifacts
    with store.engine.begin() as conn:
        names = conn.scalars(select(a.c.name).where(a.c.name.like(f"{PREFIX}%"))).all()
        stale = [n for n in names if not n[len(PREFIX) :].isdigit() or int(n[len(PREFIX) :]) not in keep]
        if stale:
            conn.execute(delete(a).where(a.c.name.in_(stale)))


def stored_artifacts(store: Any, names: list[str]) -> dict[str, tuple[bytes, str]]:
    """(data, generation) of the named artifacts, whatever generation they were stored at (the
    previous match index is what the next merge starts from)."""
    a = s.artifacts
    with store.engine.connect() as conn:
        rows = conn.execute(select(a.c.name, a.c.data, a.c.generation).where(a.c.name.in_(names))).all()
    return {str(n): (bytes(d), str(g)) for n, d, g in rows if isinstance(d, bytes | memoryview)}
