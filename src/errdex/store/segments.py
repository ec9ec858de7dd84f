"""Per-snapshot match index segments, kept in the ``artifacts`` table beside the merged index.

A segment is stamped with its snapshot's content hash instead of the catalogue's generation: it
stays valid while its snapshot does, however many other snapshots come and go, which is what
lets the catalogue's index be merged from segments instead of rebuilt from every row.

Consecutive releases of a codebase have nearly the same entries, so a segment is stored as a
zstd frame compressed with an earlier release's segment of the same codebase as a raw-content
dictionary (its *base*), as file texts are (``textdelta``): one release of jax's segment
costs ~0.35 MB that way against ~0.85 MB compressed on its own. A base is always a segment
stored whole, never another difference, so reading one costs one more row at most; a segment
whose difference grew past ``_REBASE`` of its size is stored whole and becomes the next base.
A segment is a cache: a difference whose base is gone, replaced or damaged reads as missing,
and the caller builds it again from its snapshot's rows.
"""

from __future__ import annotations

import hashlib
import struct
from collections.abc import Callable
from typing import Any, NamedTuple

from sqlalchemy import Text, cast, delete, func, insert, select

from errdex.store import schema as s
from errdex.store.textdelta import unzstd

__all__ = [
    "PREFIX",
    "KeptEntries",
    "drop_segments",
    "entries_as_before",
    "get_segment",
    "newest_snapshots",
    "occurrence_bases",
    "put_segment",
    "snapshot_stamps",
    "stored_artifacts",
]

PREFIX = "match-seg:"


def snapshot_stamps(store: Any) -> list[tuple[int, str]]:
    """(id, stamp) of every snapshot, in the order their rows were written: its content hash,
    or once its sites' callers are stored (``snapshots.callers``, written once and never
    changed) the hash of that hash and ``counted_stamp``'s mark, 64 hex digits either way (what
    a difference's header holds). A segment or merged index made before the counts holds other
    counts: the stamp tells it apart, and it is built again from the rows."""
    sn = s.snapshots
    q = select(sn.c.id, sn.c.content_hash, sn.c.callers.is_not(None)).order_by(sn.c.id)
    with store.engine.connect() as conn:
        return [(int(i), counted_stamp(str(h)) if counted else str(h)) for i, h, counted in conn.execute(q)]


def counted_stamp(content_hash: str) -> str:
    """The stamp of a snapshot of this content hash whose sites' callers are stored."""
    return hashlib.sha256(f"{content_hash}+callers".encode()).hexdigest()


def newest_snapshots(store: Any) -> set[int]:
    """The id of each codebase's newest snapshot (the last one written): the segments worth
    keeping once the merged index covers every snapshot. The next release's segment is stored
    as its difference from that one's base; every other segment is needed only when the stored
    index cannot be started from (another index format, a damaged artifact), and is then built
    again from its snapshot's rows."""
    sn = s.snapshots
    with store.engine.connect() as conn:
        return {int(i) for i in conn.scalars(select(func.max(sn.c.id)).group_by(sn.c.repo_id))}


def occurrence_bases(store: Any) -> list[tuple[str, tuple[str, ...]]]:
    """(exception type, its bases) as the catalogue's occurrences name them, each once: the
    part of the match index's class hierarchy its entries bring (``Builder.add_entry``)."""
    e, o = s.errors, s.release_occurrences
    q = select(e.c.exc_type, o.c.exc_bases).select_from(o.join(e, o.c.error_id == e.c.id))
    out: dict[tuple[str, tuple[str, ...]], None] = {}
    with store.engine.connect() as conn:
        for exc_type, bases in conn.execute(q):
            if bases:
                out[str(exc_type), tuple(str(b) for b in bases)] = None
    return list(out)


class KeptEntries(NamedTuple):
    """What ``entries_as_before`` found: the snapshot written before, this one's (repo, version,
    date), its occurrence keys in entry order, how many of its first entries are that
    snapshot's first entries but for their keys and snapshot, and (exception type, bases) of
    each of those that names bases."""

    before: int
    where: tuple[str, str, str | None]
    keys: list[int]
    kept: int
    bases: list[tuple[str, tuple[str, ...]]]


def entries_as_before(store: Any, snapshot_id: int) -> KeptEntries | None:
    """How many of the snapshot's first match index entries are those of the snapshot of its
    codebase written just before it, but for their keys and their snapshot; None when there is
    no such snapshot or not even the first entry is.

    An entry is made of its occurrence's body (its error and what was found at the raise), its
    place's line, the statement at that line of its file, and whether the library calls its
    function (or holds it as a value) and its site's callers (``Store.iter_entries``): the
    same body at the same line, in a file of the same content, with its function called, held
    and counted alike, is the same entry. Occurrences are written file by file, so a release that changed a few files keeps
    the entries of the files before the first one changed: jax 0.12.0.1 changed
    ``jax/version.py`` (2 of its 9,018 entries, the last ones)."""
    from errdex.store import history
    from errdex.store.sql import _blob_shas, _site_callers

    sn, r, p, b, e = s.snapshots, s.repos, s.occurrence_places, s.occurrence_bodies, s.errors
    with store.engine.connect() as conn:
        row = conn.execute(
            select(sn.c.repo_id, r.c.name, sn.c.version, sn.c.date)
            .select_from(sn.join(r, sn.c.repo_id == r.c.id))
            .where(sn.c.id == snapshot_id)
        ).first()
        before = None if row is None else history.snapshot_before(conn, int(row.repo_id), snapshot_id)
        if row is None or before is None:
            return None
        joined = p.join(b, b.c.id == p.c.body_id).join(e, e.c.id == b.c.error_id)
        mine = conn.execute(
            select(p.c.id, p.c.body_id, p.c.line, e.c.path, e.c.function)
            .select_from(joined)
            .where(p.c.snapshot_id == snapshot_id)
            .order_by(p.c.id)
        ).all()
        theirs = conn.execute(
            select(p.c.body_id, p.c.line).where(p.c.snapshot_id == before).order_by(p.c.id)
        ).all()
        counts = _site_callers(conn, snapshot_id) or {}, _site_callers(conn, before) or {}
        blobs = _blob_shas(conn, snapshot_id), _blob_shas(conn, before)
        reached = _reached(store, snapshot_id), _reached(store, before)
        kept = 0
        # a file's blobs and a site's counts and reach compared once each (a file holds many
        # entries, a site often several: ~9k entries a jax release, each compared here)
        same_file: dict[str, bool] = {}
        same_site: dict[tuple[str, str], bool] = {}
        for (_, body, line, path, function), (body_before, line_before) in zip(mine, theirs, strict=False):
            if body != body_before or line != line_before:
                break
            alike = same_file.get(path)
            if alike is None:
                alike = same_file[path] = blobs[0].get(path) == blobs[1].get(path)
            site = (path, function)
            if alike:
                alike = same_site.get(site)
                if alike is None:
                    alike = same_site[site] = counts[0].get(site, 0) == counts[1].get(site, 0) and (
                        reached[0](site) == reached[1](site)
                    )
            if not alike:
                break
            kept += 1
        if not kept:
            return None
        # the bases the kept entries name (most name none: their JSON is decoded only where not)
        named = conn.execute(
            select(e.c.exc_type, b.c.exc_bases)
            .select_from(joined)
            .where(
                p.c.snapshot_id == snapshot_id,
                p.c.id <= mine[kept - 1].id,
                cast(b.c.exc_bases, Text) != "[]",
            )
        )
        bases = [(str(t), tuple(str(n) for n in bs)) for t, bs in named if bs]
    where = (str(row.name), str(row.version), None if row.date is None else str(row.date))
    return KeptEntries(before, where, [int(x.id) for x in mine], kept, bases)


def _reached(store: Any, snapshot_id: int) -> Callable[[tuple[str, str]], tuple[bool, bool, bool]]:
    """How the snapshot's library reaches a site's (path, function): whether it calls the
    function by its name, whether it holds it as a value and never calls it, and whether a
    top-level package re-exports it (``Store.iter_entries`` reads the first into an entry's
    ``called``, the others into its ``callers``)."""
    from errdex.store.facts import called_as, reexported_as

    called = store.facts.called_names(snapshot_id)
    held = store.facts.referenced_names(snapshot_id) - called
    exported = store.facts.reexported(snapshot_id)

    def reached(site: tuple[str, str]) -> tuple[bool, bool, bool]:
        name = called_as(site[1])
        return name in called, name in held, (site[0], reexported_as(site[1])) in exported

    return reached


def get_segment(store: Any, snapshot_id: int, stamp: str) -> bytes | None:
    """A snapshot's segment as ``put_segment`` was given it; None when missing, stale or
    unreadable, its base included (the caller builds it again)."""
    with store.engine.connect() as conn:
        row = _row(conn, snapshot_id)
        if row is None or row[0] != stamp:
            return None
        base = _base_of(row[1])
        if base is None:
            return _unpack(row[1])
        base_row = _row(conn, base[0])
    if base_row is None or base_row[0] != base[1] or _base_of(base_row[1]) is not None:
        return None
    dictionary = _unpack(base_row[1])
    if dictionary is None:
        return None
    return _unpack(row[1][_HEAD:], dictionary)


def put_segment(store: Any, snapshot_id: int, stamp: str, data: bytes) -> None:
    """Store a snapshot's segment, zstd-compressed (a segment is read only when the index is
    merged, never on a query): as its difference from the base of the latest other segment of
    the same codebase where that is small, else whole."""
    import zstandard

    a = s.artifacts
    name = f"{PREFIX}{snapshot_id}"
    with store.engine.begin() as conn:
        packed = _as_difference(conn, snapshot_id, data)
        if packed is None:
            packed = zstandard.ZstdCompressor(level=3).compress(data)
        conn.execute(delete(a).where(a.c.name == name))
        conn.execute(insert(a).values(name=name, generation=stamp, data=packed))


_ZSTD = b"\x28\xb5\x2f\xfd"
# a difference: this, the base snapshot's id (8 bytes, big-endian) and stamp (64 hex digits),
# then the zstd frame; no zstd frame (``_ZSTD``) nor an index (``ERRDEXMI``) starts with 0xff
_MAGIC = b"\xffsd1"
_HEAD = len(_MAGIC) + 8 + 64
# a difference over this fraction of the segment's size is stored whole instead (a whole one
# compresses to ~1/3; a difference from the previous release's ~1/8, and it grows as the code
# drifts from the base)
_REBASE = 1 / 5
# level 9: its window holds a whole segment as the dictionary (level 3's does not: the same
# difference is ~2x larger), at ~0.06 s a release
_LEVEL = 9
# a segment past this is no errdex segment (SQLite's own default cap on a value is 1 GB)
_MAX_SEGMENT = 1 << 30


def _row(conn: Any, snapshot_id: int) -> tuple[str, bytes] | None:
    a = s.artifacts
    row = conn.execute(select(a.c.generation, a.c.data).where(a.c.name == f"{PREFIX}{snapshot_id}")).first()
    if row is None or not isinstance(row.data, bytes | memoryview):
        return None
    return str(row.generation), bytes(row.data)


def _base_of(data: bytes) -> tuple[int, str] | None:
    """(snapshot id, stamp) of the segment ``data`` is a difference from; None for a whole one."""
    if data[: len(_MAGIC)] != _MAGIC or len(data) < _HEAD:
        return None
    (base_id,) = struct.unpack(">Q", data[len(_MAGIC) : len(_MAGIC) + 8])
    return int(base_id), data[len(_MAGIC) + 8 : _HEAD].decode("ascii", "replace")


def _as_difference(conn: Any, snapshot_id: int, data: bytes) -> bytes | None:
    """``data`` as a difference from the base of the latest other stored segment of the
    snapshot's codebase (that segment itself when stored whole), or None: no such segment,
    or a difference not worth it."""
    import zstandard

    sn, a = s.snapshots, s.artifacts
    repo = select(sn.c.repo_id).where(sn.c.id == snapshot_id).scalar_subquery()
    names = [f"{PREFIX}{i}" for i in conn.scalars(
        select(sn.c.id).where(sn.c.repo_id == repo, sn.c.id != snapshot_id).order_by(sn.c.id.desc())
    )]  # fmt: skip
    if not names:
        return None
    stored = set(conn.scalars(select(a.c.name).where(a.c.name.in_(names))))
    latest = next((n for n in names if n in stored), None)
    if latest is None:
        return None
    found = _row(conn, int(latest[len(PREFIX) :]))
    if found is None:
        return None
    base_id, (base_stamp, base_data) = int(latest[len(PREFIX) :]), found
    if (via := _base_of(base_data)) is not None:  # a difference itself: its base is the base
        base_id = via[0]
        got = _row(conn, base_id)
        if got is None or got[0] != via[1] or _base_of(got[1]) is not None:
            return None
        base_stamp, base_data = got
    if base_id == snapshot_id:  # its own row, about to be replaced: no base to rely on
        return None
    dictionary = _unpack(base_data)
    if dictionary is None or len(base_stamp) != 64 or not base_stamp.isascii():
        return None
    zdict = zstandard.ZstdCompressionDict(dictionary, dict_type=zstandard.DICT_TYPE_RAWCONTENT)
    frame = zstandard.ZstdCompressor(level=_LEVEL, dict_data=zdict).compress(data)
    if len(frame) > len(data) * _REBASE:
        return None
    return _MAGIC + struct.pack(">Q", base_id) + base_stamp.encode("ascii") + frame


def _unpack(data: bytes, dictionary: bytes | None = None) -> bytes | None:
    """A stored segment's bytes: inflated within ``_MAX_SEGMENT`` whatever the frame claims
    (the catalogue may be crafted; ``textdelta.unzstd``); one stored before segments were
    compressed as it is. ``dictionary``: the base a difference's frame was compressed with."""
    import zstandard

    if dictionary is None and data[:4] != _ZSTD:
        return data
    try:
        zdict = (
            zstandard.ZstdCompressionDict(dictionary, dict_type=zstandard.DICT_TYPE_RAWCONTENT)
            if dictionary is not None
            else None
        )
        return unzstd(data, _MAX_SEGMENT, zdict)
    except ValueError:
        return None


def drop_segments(store: Any, keep: set[int]) -> None:
    """Forget the segments of snapshots that are gone (replaced or deleted), but for those a
    kept segment is a difference from (its base stays until nothing names it)."""
    a = s.artifacts
    with store.engine.begin() as conn:
        heads = conn.execute(
            select(a.c.name, func.substr(a.c.data, 1, _HEAD)).where(a.c.name.like(f"{PREFIX}%"))
        ).all()
        ids = {str(n): int(n[len(PREFIX) :]) if n[len(PREFIX) :].isdigit() else None for n, _ in heads}
        bases = {
            b[0]
            for n, head in heads
            if ids[str(n)] in keep and isinstance(head, bytes | memoryview)
            and (b := _base_of(bytes(head))) is not None
        }  # fmt: skip
        stale = [n for n, i in ids.items() if i is None or (i not in keep and i not in bases)]
        if stale:
            conn.execute(delete(a).where(a.c.name.in_(stale)))


def stored_artifacts(store: Any, names: list[str]) -> dict[str, tuple[bytes, str]]:
    """(data, generation) of the named artifacts, whatever generation they were stored at (the
    previous match index is what the next merge starts from)."""
    a = s.artifacts
    with store.engine.connect() as conn:
        rows = conn.execute(select(a.c.name, a.c.data, a.c.generation).where(a.c.name.in_(names))).all()
    return {str(n): (bytes(d), str(g)) for n, d, g in rows if isinstance(d, bytes | memoryview)}
