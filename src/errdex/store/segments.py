"""Per-snapshot match index segments, kept in the ``artifacts`` table beside the merged index.

A segment is stamped with its snapshot's content hash instead of the catalogue's generation: it
stays valid while its snapshot does, however many other snapshots come and go, which is what
lets the catalogue's index be merged from segments instead of rebuilt from every row.

Consecutive releases of a codebase have nearly the same errors, so nearly the same segment: a
segment is stored as a zstd frame compressed against the segment of the codebase's previous
release (a raw-content dictionary, as ``textdelta`` does for file texts), about half the bytes
of the segment compressed alone. The base is always a segment stored whole (a writer whose
previous segment is itself a difference uses that one's base), so a read costs one more row at
most; a difference names its base's snapshot and stamp, and one whose base is gone or changed
reads as missing, and is built again.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Connection, delete, insert, select

from errdex.store import schema as s
from errdex.store.textdelta import unzstd

__all__ = ["PREFIX", "drop_segments", "get_segment", "put_segment", "snapshot_stamps"]

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
    with store.engine.connect() as conn:
        return _read(conn, snapshot_id, stamp)


def _row(conn: Connection, snapshot_id: int) -> tuple[bytes, str] | None:
    a = s.artifacts
    row = conn.execute(select(a.c.data, a.c.generation).where(a.c.name == f"{PREFIX}{snapshot_id}")).first()
    if row is None or not isinstance(row.data, bytes | memoryview):
        return None
    return bytes(row.data), str(row.generation)


def _read(conn: Connection, snapshot_id: int, stamp: str, *, whole: bool = False) -> bytes | None:
    """The segment stored for ``snapshot_id`` when its stamp is ``stamp``; with ``whole``, only
    one stored whole (a base)."""
    row = _row(conn, snapshot_id)
    if row is None or row[1] != stamp:
        return None
    data = row[0]
    if data[: len(_DELTA)] != _DELTA:
        return _unpack(data)
    head = _delta_head(data)
    if whole or head is None:
        return None
    base_id, base_stamp, frame = head
    base = _read(conn, base_id, base_stamp, whole=True)
    if base is None:
        return None
    import zstandard

    dictionary = zstandard.ZstdCompressionDict(base, dict_type=zstandard.DICT_TYPE_RAWCONTENT)
    try:
        return unzstd(frame, _MAX_SEGMENT, dictionary)
    except ValueError:
        return None


def put_segment(store: Any, snapshot_id: int, stamp: str, data: bytes) -> None:
    """Store a snapshot's segment, zstd-compressed (one is kept per release, and their arrays
    compress ~3x; a segment is read only when the index is merged, never on a query), as a
    difference from the previous release's when that is under half the size."""
    import zstandard

    a = s.artifacts
    name = f"{PREFIX}{snapshot_id}"
    packed = zstandard.ZstdCompressor(level=3).compress(data)
    with store.engine.begin() as conn:
        base = _base(conn, snapshot_id)
        if base is not None:
            base_id, base_stamp, base_data = base
            dictionary = zstandard.ZstdCompressionDict(base_data, dict_type=zstandard.DICT_TYPE_RAWCONTENT)
            frame = zstandard.ZstdCompressor(level=3, dict_data=dictionary).compress(data)
            if len(frame) * 2 <= len(packed):
                head = _DELTA + base_id.to_bytes(8, "big") + len(base_stamp).to_bytes(2, "big")
                packed = head + base_stamp.encode() + frame
        conn.execute(delete(a).where(a.c.name == name))
        conn.execute(insert(a).values(name=name, generation=stamp, data=packed))


def _base(conn: Connection, snapshot_id: int) -> tuple[int, str, bytes] | None:
    """(snapshot, stamp, bytes) of the segment stored whole that a new segment of
    ``snapshot_id`` is a difference from: the previous release's of the same codebase, or
    that one's own base."""
    sn = s.snapshots
    repo = select(sn.c.repo_id).where(sn.c.id == snapshot_id).scalar_subquery()
    prev = conn.execute(
        select(sn.c.id, sn.c.content_hash)
        .where(sn.c.repo_id == repo, sn.c.id < snapshot_id)
        .order_by(sn.c.id.desc())
        .limit(1)
    ).first()
    if prev is None:
        return None
    row = _row(conn, int(prev.id))
    if row is None or row[1] != str(prev.content_hash):
        return None
    base_id, base_stamp = int(prev.id), row[1]
    if row[0][: len(_DELTA)] == _DELTA:
        head = _delta_head(row[0])
        if head is None:
            return None
        base_id, base_stamp = head[0], head[1]
    data = _read(conn, base_id, base_stamp, whole=True)
    return None if data is None else (base_id, base_stamp, data)


# A difference: ``_DELTA``, the base's snapshot id (8 bytes), its stamp's length (2 bytes) and
# the stamp, then the zstd frame. Neither a zstd frame nor an uncompressed segment starts so.
_DELTA = b"\xffsd1"


def _delta_head(data: bytes) -> tuple[int, str, bytes] | None:
    """(base snapshot, base stamp, frame) of a stored difference; None when malformed."""
    at = len(_DELTA)
    if len(data) < at + 10:
        return None
    base_id = int.from_bytes(data[at : at + 8], "big")
    size = int.from_bytes(data[at + 8 : at + 10], "big")
    stamp = data[at + 10 : at + 10 + size]
    if len(stamp) != size:
        return None
    try:
        return base_id, stamp.decode(), data[at + 10 + size :]
    except UnicodeDecodeError:
        return None


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
