"""The whole catalogue's match index: merged from per-release segments, mapped once per machine.

Why: an ecosystem catalogue holds thousands of releases and millions of templates. Rebuilding the
index from every catalogue row after each new release (a join over all occurrences, every
template parsed and compacted again) grows with the catalogue; a web server with N worker
processes holding N copies of it multiplies its memory by N.

* **Segments.** Each snapshot's entries are built into a segment once (``Index.build`` over that
  snapshot's rows only) and kept in the catalogue, stamped with the snapshot's content hash
  (``store.segments``), so a segment stays valid while its snapshot does.
* **Merge.** The catalogue's index is the segments merged in snapshot order, plus the
  interpreter-message catalogue: a linear pass over the segments' stored arrays through the
  same ``Builder`` that ``Index.build`` uses (patterns deduplicated by shape, strings, snapshots
  and raise sites re-numbered, keys re-chosen by the merged document frequencies). Nothing is
  read from the catalogue's rows but the new release's, and no template is parsed or compacted
  again. Segments are read one at a time, without their key lookup, and the merged index is
  written to its file section by section (``Index.dump``), so what the merge holds beyond the
  merged arrays is the builder's per-string and per-pattern lookups. Merging the segments of a catalogue lays out exactly the bytes ``Index.build`` lays out
  for its rows (a test holds the two equal).
* **Shared.** The merged artifact is written once per catalogue generation to a file in the
  user's cache directory and every process maps it (``mmap``): the arrays live once in the page
  cache however many web workers read them. Loading checks the layout as ``Index.loads``
  always does; only the key lookup (a dict and a small automaton) is built per process.
"""

from __future__ import annotations

import contextlib
import hashlib
import itertools
import mmap
import os
import uuid
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from errdex.match.artifact import class_bases
from errdex.match.index import FORMAT, Builder, CorruptIndex, Index, IndexFormatError, Pattern

if TYPE_CHECKING:
    from errdex.match import Matcher

__all__ = ["build_segment", "load_shared", "merge", "shared_matcher", "shared_path", "update"]


def build_segment(store: Any, snapshot_id: int) -> Index:
    """One snapshot's entries as an index of their own."""
    return _segment_builder(store, snapshot_id).finish()


def _segment_builder(store: Any, snapshot_id: int) -> Builder:
    """``build_segment`` before its ``finish``: what ``Index.build`` does with the snapshot's rows."""
    b = Builder()
    for e in store.iter_entries(snapshot_id=snapshot_id):
        b.add_entry(e)
    for name, bases in class_bases(store, snapshot_id):
        b.add_bases(name, bases)
    return b


def merge(segments: Iterable[Index], generation: str = "") -> Index:
    """One index holding every entry of ``segments``, in order; see the module doc."""
    return _merge(segments, generation)


def _merge(segments: Iterable[Index | Builder], generation: str) -> Index:
    """``merge``, where the first segment may also come as the unfinished builder it was built
    with: the merge then carries on from that builder's state instead of adding the finished
    segment's entries again one by one (the same bytes: a builder fed a segment's entries
    holds what it held when the segment was built from them). A first index of a release
    builds its segment and the catalogue's index this way, adding each entry once."""
    b: Builder | None = None
    for item in segments:
        if isinstance(item, Builder):
            if b is None:
                b = item
                continue
            item = item.finish()
        if b is None:
            b = Builder()
        seg = item
        decode = seg._entry_decoder()
        statements = seg.entry_statements()
        shapes: dict[int, tuple[str, tuple[str, ...], tuple[str, ...], bool]] = {}
        for i in range(seg.n_entries):
            key, error_id, repo, version, date, kind, etype, qual, template, path, line, func, pid, relay = (
                decode(i)
            )
            shape = shapes.get(pid)
            if shape is None:
                p = Pattern(seg, pid)  # not ``seg.patterns``: that would keep every one decoded
                shape = shapes[pid] = (" ".join(p.lits), p.names, p.segs, bool(seg.runtime[pid]))
            lits, names, segs, runtime = shape
            b.add(
                lits, names, segs, runtime, (repo, version, date), (kind, etype, qual, path, func), key, error_id,
                template, line, relay, statements.get(i, ""),
            )  # fmt: skip
        for name, bases in seg.type_bases().items():
            b.add_bases(name, bases)
    return (b or Builder()).finish(generation)


def _segments(store: Any) -> Iterator[Index | Builder]:
    """Every snapshot's segment, one at a time (the merge holds one), building (and saving,
    where the catalogue is writable) those missing, stale, from another format or damaged.
    The first one, when built here, comes as its builder (see ``_merge``)."""
    from errdex.store import StoreError
    from errdex.store import segments as ss

    stamps = ss.snapshot_stamps(store)
    for n, (snap_id, stamp) in enumerate(stamps):
        data = ss.get_segment(store, snap_id, stamp)
        seg = None
        if data is not None:
            with contextlib.suppress(IndexFormatError):  # CorruptIndex is one: built again below
                seg = Index.loads(data, keys=False)
        if seg is not None:
            yield seg
            continue
        builder = _segment_builder(store, snap_id)
        seg = builder.fork().finish()
        with contextlib.suppress(StoreError):  # read-only: kept in memory for this merge
            ss.put_segment(store, snap_id, stamp, seg.dumps())
        yield builder if n == 0 else seg
    with contextlib.suppress(StoreError):
        ss.drop_segments(store, {i for i, _ in stamps})


def update(store: Any) -> Index:
    """The catalogue's index merged from its segments, saved as the match index artifact."""
    from errdex.match import ARTIFACT
    from errdex.match.runtime import data_digest, runtime_entries
    from errdex.store import StoreError

    generation = str(store.generation())
    index = _merge(itertools.chain(_segments(store), [Index.build(runtime_entries())]), generation)
    index.extra["runtime"] = data_digest()
    with contextlib.suppress(StoreError):
        store.put_artifact(ARTIFACT, index.dumps())
    return index


def shared_matcher(store: Any) -> Matcher:
    """A ``Matcher`` over the mapped index, rebuilding from ``store`` if a query finds it corrupt."""
    from errdex.match import Matcher

    matcher = Matcher(load_shared(store))
    matcher._store = store
    return matcher


def shared_path(store: Any, generation: str, cache_dir: Path | None = None) -> Path:
    """Where the mapped copy of a catalogue's index lives: one file per catalogue and generation."""
    from errdex.sources import default_cache_dir

    where = hashlib.sha256(str(store.url).encode()).hexdigest()[:16]
    return (cache_dir or default_cache_dir()) / "match" / where / f"{generation}.f{FORMAT}.idx"


def load_shared(store: Any, cache_dir: Path | None = None) -> Index:
    """The current index, mapped from its file; written there first by whichever process comes
    first (atomically: a reader never maps half a file)."""
    from errdex.match.artifact import stored_index
    from errdex.match.runtime import data_digest

    generation = str(store.generation())
    path = shared_path(store, generation, cache_dir)
    index = _map(path, generation, data_digest())
    if index is not None:
        return index
    built = stored_index(store)  # the stored artifact, or rebuilt from the catalogue
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f"{path.name}.{uuid.uuid4().hex[:8]}.tmp")
        with tmp.open("wb") as fh:
            built.dump(fh)
        os.replace(tmp, path)
        for old in path.parent.glob("*.idx"):  # earlier generations; mapped copies stay valid
            if old != path:
                with contextlib.suppress(OSError):
                    old.unlink()
    except OSError:
        return built  # no writable cache: this process keeps its own copy
    return _map(path, generation, data_digest()) or built


def _map(path: Path, generation: str, runtime: str) -> Index | None:
    try:
        with path.open("rb") as fh:
            mapped = mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ)
    except (OSError, ValueError):  # absent, or empty
        return None
    try:
        index = Index.loads(memoryview(mapped), runtime=runtime)
    except (CorruptIndex, IndexFormatError):
        return None
    return index if index.generation == generation else None
