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
from array import array
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from errdex.match.artifact import class_bases
from errdex.match.index import (
    _SITE_COLUMNS,
    FORMAT,
    NONE,
    SECTIONS,
    Builder,
    CorruptIndex,
    Index,
    IndexFormatError,
    _span,
)

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
    with: the merge then carries on from that builder's state instead of taking the finished
    segment in again (the same bytes: a builder fed a segment holds what it held when the
    segment was built). A first index of a release builds its segment and the catalogue's
    index this way, adding each entry once."""
    b: Builder | None = None
    for item in segments:
        if isinstance(item, Builder):
            if b is None:
                b = item
                continue
            item = item.finish()
        if b is None:
            b = Builder()
        _absorb(b, item)
    return (b or Builder()).finish(generation)


def _absorb(b: Builder, seg: Index) -> None:
    """Add every entry of a finished segment to ``b`` at the level of its arrays: the builder
    ends up holding what adding the entries one by one would have left it holding, but the
    work per entry is a few id look-ups in C, not decoding the entry, re-splitting its
    pattern and re-hashing its strings (that was ~40 us an entry, and a catalogue's index is
    merged again from every stored segment each time a release is added).

    What the builder would do per entry is done per distinct thing instead: a pattern, a
    snapshot or a raise site the builder already holds is reused, a new one is appended in the
    segment's order (which is the order of their first entries, as the builder's is). Strings
    go into the pool in the segment's own pool order, restricted to the ones the builder would
    have touched (a pattern's text only when the pattern is new, and so on): the segment's pool
    is in first-use order, so the merged pool comes out in the builder's first-use order.
    Every id read from the segment is checked (``CorruptIndex``): a segment comes from the
    catalogue, which may be crafted."""
    s, w = seg._sec, b.w
    n_str = seg._pool.n
    data = _pool_bytes(seg)
    new_pats, pat_map = _pattern_map(b, seg, data)
    snaps = [seg._snap(k) for k in range(len(s["snp_repo"]))]
    sites = [seg._site(k) for k in range(len(s["st_kind"]))]
    new_snaps = [k for k, where in enumerate(snaps) if where not in b._snaps]
    new_sites = [k for k, what in enumerate(sites) if what not in b._sites]

    used: set[int] = set()
    for name in ("p_lits", "p_names", "e_id", "e_tmpl", "sm_str"):
        used.update(s[name])
    used.update(s["p_text"][p] for p in new_pats)
    used.update(s[c][k] for k in new_snaps for c in ("snp_repo", "snp_ver", "snp_date"))
    used.update(s[c][k] for k in new_sites for c in _SITE_COLUMNS)
    used.discard(NONE)
    if used and max(used) >= n_str:
        raise CorruptIndex(f"string id {max(used)} of {n_str}")
    ids = {sid: w.add_bytes(data(sid)) for sid in sorted(used)}
    ids[NONE] = NONE

    offs, names = s["p_namoff"], s["p_names"]
    for p in new_pats:
        pid = pat_map[p] = b.n_patterns
        b.n_patterns += 1
        shape = (ids[s["p_lits"][p]], *(ids[x] for x in names[offs[p] : offs[p + 1]]))
        h = b._hash(shape)
        if h in b._by_shape:
            b._shape_clash[shape] = pid
        else:
            b._by_shape[h] = pid
        w.add("p_lits", shape[0])
        w.list("p_names", shape[1:])
        w.add("p_text", ids[s["p_text"][p]])
        b._runtime.append(1 if s["p_rt"][p] else 0)
    for k in new_snaps:
        b._snaps[snaps[k]] = len(b._snaps)  # type: ignore[index]
        for column in ("snp_repo", "snp_ver", "snp_date"):
            w.add(column, ids[s[column][k]])
    for k in new_sites:
        b._sites[sites[k]] = len(b._sites)  # type: ignore[index]
        for column in _SITE_COLUMNS:
            w.add(column, ids[s[column][k]])
    snap_map = [b._snaps[where] for where in snaps]  # type: ignore[index]
    site_map = [b._sites[what] for what in sites]  # type: ignore[index]
    _append_entries(b, seg, ids, pat_map, snap_map, site_map)
    _absorb_tables(b, seg, ids)
    b.n += seg.n_entries


def _pool_bytes(seg: Index) -> Callable[[int], bytes]:
    """String ``i`` of the segment's pool as its UTF-8 bytes, its bounds checked: strings are
    looked up by their bytes, not decoded and encoded again (most are already in the merge)."""
    pool = seg._pool
    raw, base = (pool.raw, pool.base) if pool.raw is not None else (bytes(pool.data), 0)
    offs, n, size = pool.offs, pool.n, pool.size

    def data(i: int) -> bytes:
        if i >= n:
            raise CorruptIndex(f"string id {i} of {n}")
        a, z = offs[i], offs[i + 1]
        if a > z or z > size:
            raise CorruptIndex(f"string {i} spans {a}..{z} of {size} bytes")
        return raw[base + a : base + z]

    return data


def _pattern_map(b: Builder, seg: Index, data: Callable[[int], bytes]) -> tuple[list[int], list[int]]:
    """The segment's patterns the builder does not hold yet (in segment order), and each
    pattern's id in the builder (those new ones filled in by the caller)."""
    s, w = seg._sec, b.w
    offs, names = s["p_namoff"], s["p_names"]
    new: list[int] = []
    out: list[int] = []
    for p in range(seg.n_patterns):
        a, z = _span(offs, p, len(names), "pattern names")
        shape = [w.find_bytes(data(s["p_lits"][p])), *(w.find_bytes(data(x)) for x in names[a:z])]
        pid = None if None in shape else b._pattern(tuple(shape))  # type: ignore[arg-type]
        if pid is None:
            new.append(p)
            pid = -1
        out.append(pid)
    return new, out


def _mapped(column: memoryview, to: Sequence[int] | dict[int, int], bound: int, what: str) -> array[int]:
    """``column``'s ids through ``to``, each checked below ``bound`` first."""
    if len(column) and max(column) >= bound:
        raise CorruptIndex(f"{what} id {max(column)} of {bound}")
    return array("I", map(to.__getitem__, column))


def _append_entries(
    b: Builder,
    seg: Index,
    ids: dict[int, int],
    pat_map: list[int],
    snap_map: list[int],
    site_map: list[int],
) -> None:
    """The segment's entry columns appended, their ids those of the builder."""
    s, sec = seg._sec, b.w.sec
    n_str = seg._pool.n
    cols = {
        "e_key": s["e_key"],
        "e_id": _mapped(s["e_id"], ids, n_str, "string"),
        "e_snap": _mapped(s["e_snap"], snap_map, len(snap_map), "snapshot"),
        "e_site": _mapped(s["e_site"], site_map, len(site_map), "site"),
        "e_tmpl": _mapped(s["e_tmpl"], ids, n_str, "string"),
        "e_line": s["e_line"],
        "e_pat": _mapped(s["e_pat"], pat_map, len(pat_map), "pattern"),
        "e_relay": s["e_relay"],
    }
    for name, values in cols.items():
        arr = sec.get(name)
        if arr is None:
            arr = sec[name] = array(SECTIONS[name])
        arr.extend(values)


def _rows(seg: Index, offs: str, flat: str, base: int) -> Iterator[tuple[int, list[int]]]:
    """Each row of one of the segment's entry tables: (row, its entries shifted by ``base``)."""
    s = seg._sec
    o, items, n = s[offs], s[flat], seg.n_entries
    for r in range(len(o) - 1):
        a, z = _span(o, r, len(items), flat)
        ents = items[a:z]
        if len(ents) and max(ents) >= n:
            raise CorruptIndex(f"{flat} entry {max(ents)} of {n}")
        yield r, [e + base for e in ents]


def _absorb_tables(b: Builder, seg: Index, ids: dict[int, int]) -> None:
    """The segment's path, site, type, package, class and statement tables merged into the
    builder's (entries shifted past those it holds)."""
    s, t, base = seg._sec, b._tables, b.n
    get = seg._pool.get
    path_of: list[str] = []
    for r, ents in _rows(seg, "pa_off", "pa_ents", base):
        name = get(s["pa_str"][r])
        path_of.append(name)
        held = t.paths.get(name)
        if held is None:
            held = t.paths[name] = []
            t.path_no[name] = len(t.path_no)
        held.extend(ents)

    def path(key: int) -> str:
        if key >> 32 >= len(path_of):
            raise CorruptIndex(f"site path row {key >> 32} of {len(path_of)}")
        return path_of[key >> 32]

    for r, ents in _rows(seg, "sf_off", "sf_ents", base):
        t.fn_sites.setdefault((path(s["sf_key"][r]), get(s["sf_fn"][r])), []).extend(ents)
    for r, ents in _rows(seg, "sl_off", "sl_ents", base):
        key = s["sl_key"][r]
        t.line_sites.setdefault(t.path_no[path(key)] << 32 | (key & 0xFFFFFFFF), []).extend(ents)
    for r, ents in _rows(seg, "ty_off", "ty_ents", base):
        t.types.setdefault(get(s["ty_str"][r]), []).extend(ents)
    for r, ents in _rows(seg, "sm_off", "sm_ents", base):
        t.statements.setdefault(ids[s["sm_str"][r]], []).extend(ents)
    t.packages.update(zip(map(get, s["tp_name"]), map(get, s["tp_repo"]), strict=True))
    t.bases.update(zip(map(get, s["tb_name"]), map(get, s["tb_base"]), strict=True))


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
