"""The whole catalogue's match index: merged from per-release segments, mapped once per machine.

Why: an ecosystem catalogue holds thousands of releases and millions of templates. Rebuilding the
index from every catalogue row after each new release (a join over all occurrences, every
template parsed and compacted again) grows with the catalogue; a web server with N worker
processes holding N copies of it multiplies its memory by N.

* **Segments.** Each snapshot's entries are built into a segment once (``Index.build`` over that
  snapshot's rows only) and kept in the catalogue, stamped with the snapshot's content hash
  (``store.segments``), so a segment stays valid while its snapshot does. A segment has no keys
  (``finish(keys=False)``): it is only ever merged, and the merge chooses the keys again.
* **Merge.** The catalogue's index is the segments merged in snapshot order, plus the
  interpreter-message catalogue and the text one codebase hands to another's raise (their
  entries added to the same builder one by one, after the segments'): a linear pass over the
  segments' stored arrays through the same ``Builder`` that ``Index.build`` uses (patterns deduplicated by shape, strings, snapshots
  and raise sites re-numbered, keys re-chosen by the merged document frequencies). Nothing is
  read from the catalogue's rows but the new release's, and no template is parsed or compacted
  again. Segments are read one at a time, without their key lookup, and the merged index is
  written to its file section by section (``Index.dump``), so what the merge holds beyond the
  merged arrays is the builder's per-string and per-pattern lookups. Merging the segments of a catalogue lays out exactly the bytes ``Index.build`` lays out
  for its rows (a test holds the two equal).
* **Add.** One more release starts from the stored index taken into an empty builder
  (``_stored_prefix``). Its (path, line) table, a row per line of every release (most of
  the catalogue's table rows), stays in the stored arrays (``index.FrozenLines``): the rows
  the release's entries join are copied out, the others written back as runs of slices, so
  that table costs the add what the release touches. The keys are taken from the stored
  index when the merge brings no new pattern (``Builder.finish(keys_of=...)``).
* **Shared.** The merged artifact is written once per catalogue generation to a file in the
  user's cache directory and every process maps it (``mmap``): the arrays live once in the page
  cache however many web workers read them. Loading checks the layout as ``Index.loads``
  always does; only the key lookup (a dict and a small automaton) is built per process.
"""

from __future__ import annotations

import contextlib
import hashlib
import itertools
import json
import mmap
import os
import uuid
from array import array
from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from errdex.match.artifact import class_bases
from errdex.match.index import (
    _SITE_COLUMNS,
    E_TEMPLATE,
    FORMAT,
    NONE,
    SECTIONS,
    Added,
    Builder,
    CorruptIndex,
    FrozenLines,
    Index,
    IndexFormatError,
    _package_of,
    _render,
    _span,
    debug_specifiers_as_text,
)
from errdex.match.runtime import is_runtime
from errdex.match.verify import compact

if TYPE_CHECKING:
    from errdex.match import Matcher

__all__ = [
    "HeldMerge",
    "build_segment",
    "hold",
    "is_current",
    "load_shared",
    "merge",
    "shared_matcher",
    "shared_path",
    "update",
]


def build_segment(store: Any, snapshot_id: int) -> Index:
    """One snapshot's entries as an index of their own, without keys (only ever merged)."""
    return _segment_builder(store, snapshot_id).finish(keys=False)


def _segment_builder(store: Any, snapshot_id: int) -> Builder:
    """``build_segment`` before its ``finish``: what ``Index.build`` does with the snapshot's
    rows, each entry with the resolved callers stored for its function (``store.callers``)."""
    return _rest_of_segment(store, snapshot_id, Builder())


def _release_builder(store: Any, snapshot_id: int, stamps: dict[int, str]) -> Builder:
    """``_segment_builder``, but the first entries that the snapshot of the codebase before
    it holds alike are taken from its stored segment (``_kept_from_before``): adding a release
    then builds only the entries from its first changed file on from their rows."""
    b = Builder()
    last = _kept_from_before(store, snapshot_id, stamps, b)
    return (
        _segment_builder(store, snapshot_id)
        if last is None
        else _rest_of_segment(store, snapshot_id, b, last)
    )


def _rest_of_segment(store: Any, snapshot_id: int, b: Builder, after: int | None = None) -> Builder:
    """The snapshot's entries whose key is greater than ``after`` (all when None: ``b`` holds
    those before) added to ``b`` from their rows, then the classes its files define."""
    rows = (
        store.iter_entries(snapshot_id=snapshot_id, after=after)
        if after is not None
        else store.iter_entries(snapshot_id=snapshot_id)
    )
    for e in rows:
        b.add_entry(e)
    for name, bases in class_bases(store, snapshot_id):
        b.add_bases(name, bases)
    return b


def _kept_from_before(store: Any, snapshot_id: int, stamps: dict[int, str], b: Builder) -> int | None:
    """Into the empty builder ``b``, the snapshot's first entries that are those of the snapshot
    of its codebase written before it but for their keys and snapshot
    (``segments.entries_as_before``), taken from that snapshot's stored segment at the level of
    its arrays (``renamed``, ``_absorb`` with a limit) instead of built from their rows; the
    key of the last one taken (entries come in key order). None when there are none or that
    segment is not stored: then every entry is built from the rows. The builder then holds
    what adding those entries one by one would leave it holding: the packages and exception
    bases (sets, which ``_absorb`` takes whole) are those of the entries taken."""
    from errdex.store import segments as ss

    found = ss.entries_as_before(store, snapshot_id)
    data = (
        ss.get_segment(store, found.before, stamps[found.before])
        if found and found.before in stamps
        else None
    )
    if found is None or data is None:
        return None
    try:
        seg = renamed(Index.loads(data, keys=False), found.where, found.keys)
        if seg is None or found.kept > seg.n_entries:
            return None
        _absorb(b, seg, found.kept)
    except IndexFormatError:  # CorruptIndex is one: built from the rows instead
        return None
    b._tables.packages = _packages(seg, found.kept)
    b._tables.bases = set()
    if not is_runtime(found.where[0]):
        for exc_type, bases in found.bases:
            b.add_bases(exc_type, bases)
    return found.keys[found.kept - 1]


# the sections that hold string ids, but for a snapshot's version and date (``renamed``), and
# those that hold none (a test holds every section of the format to be one or the other: a
# string section ``renamed`` did not look through could hold the old version)
_NO_STRING_IDS = (
    "meta", "str_off", "str_dat", "e_key", "e_snap", "e_site", "e_line", "e_pat", "e_relay", "p_namoff",
    "p_segoff", "p_entoff", "p_ents", "p_keyoff", "p_keys", "p_rt", "k_text", "k_var", "k_weight", "k_postof",
    "k_posts", "k_anchof", "k_anchs", "k_fltof", "k_flts", "g_pids", "h_key", "h_off", "h_pids", "h_lens",
    "pa_hash", "pa_off", "pa_ents", "sf_key", "sf_off", "sf_ents", "sl_key", "sl_off", "sl_ents", "ty_key",
    "ty_off", "ty_ents", "sm_key", "sm_off", "sm_ents", "hc_key", "hc_off", "hc_ents",
)  # fmt: skip
_STRING_IDS = (
    "snp_repo", "st_kind", "st_type", "st_qual", "st_path", "st_func", "e_id", "e_tmpl", "p_lits",
    "p_names", "p_segs", "pa_str", "sf_fn", "ty_str", "tp_name", "tp_repo", "tb_name", "tb_base", "sm_str",
    "hc_str",
)  # fmt: skip


def renamed(seg: Index, where: tuple[str, str, str | None], keys: Sequence[int]) -> Index | None:
    """A one-snapshot segment's entries as another snapshot's of the same codebase, whose
    entries are the same but for their keys (``keys``, in entry order) and their snapshot
    (``where``: repo, version, date): the bytes building that snapshot's segment from its rows
    lays out, without building it (of its first entries, where only those are the same). A segment's strings are pooled in the order of their first
    use, so replacing the version and date strings in place keeps that order, provided no other
    string of the segment is either the old or the new version or date (then None: built from
    the rows)."""
    s = seg._sec
    if len(s["snp_repo"]) != 1 or seg._pool.get(s["snp_repo"][0]) != where[0]:
        return None
    old = [s["snp_ver"][0], s["snp_date"][0]]
    new = [where[1], where[2]]
    if (old[1] == NONE) != (new[1] is None) or old[0] == old[1] or new[0] == new[1]:
        return None
    swap = {
        sid: text.encode("utf-8", "surrogatepass")
        for sid, text in zip(old, new, strict=True)
        if text is not None
    }
    if any(sid in s[name] for name in _STRING_IDS for sid in swap):
        return None
    data, n = _pool_bytes(seg), seg._pool.n
    parts = [swap.get(i) or data(i) for i in range(n)]
    if sum(part in swap.values() for part in parts) != len(swap):  # a new string is there already
        return None
    sections = dict(s)
    sections["str_off"] = memoryview(array("I", itertools.accumulate(map(len, parts), initial=0)))
    sections["str_dat"] = memoryview(b"".join(parts))
    # the first ``len(keys)`` entries' keys (those after are only ever left out: ``_absorb``'s limit)
    sections["e_key"] = memoryview(array("q", keys[: seg.n_entries]) + array("q", s["e_key"][len(keys) :]))
    return Index(sections, {"generation": seg.generation, **seg.extra}, keys=False)


def merge(segments: Iterable[Index], generation: str = "") -> Index:
    """One index holding every entry of ``segments``, in order; see the module doc."""
    return _merge(segments, generation)


def _merge(segments: Iterable[Index | Builder | _Rows], generation: str) -> Index:
    """``merge``, where the first segment may also come as the unfinished builder it was built
    with: the merge then carries on from that builder's state instead of taking the finished
    segment in again (the same bytes: a builder fed a segment holds what it held when the
    segment was built). A first index of a release builds its segment and the catalogue's
    index this way, adding each entry once."""
    return _merged(segments).finish(generation)


@dataclass(frozen=True)
class _Rows:
    """A snapshot whose segment is neither stored nor kept (``_segments``): its entries go from
    its rows straight into the merge's builder, where building its segment and taking that in
    again (``_absorb``) would leave the builder holding the same (``_absorb``'s invariant: the
    bytes are equal; a test checks them). A history indexed in one run stores only the newest
    release's segment, so every release before it was built, finished and absorbed only to be
    dropped (jax, 5 releases: 3.43 -> 2.32 s of CPU for the match index's segments)."""

    store: Any
    snapshot_id: int
    counts: list[int] | None  # gets the snapshot's number of entries, in merge order


def _merged(segments: Iterable[Index | Builder | _Rows]) -> Builder:
    """``_merge`` before its ``finish``: the builder holding every segment's entries."""
    b: Builder | None = None
    for item in segments:
        if isinstance(item, _Rows):
            b = b or Builder()
            before = b.n
            _rest_of_segment(item.store, item.snapshot_id, b)
            if item.counts is not None:
                item.counts.append(b.n - before)
            continue
        if isinstance(item, Builder):
            if b is None:
                b = item
                continue
            item = item.finish()
        if b is None:
            b = Builder()
        _absorb(b, item)
    return b or Builder()


def _absorb(b: Builder, seg: Index, limit: int | None = None) -> None:
    """Add the entries of a finished index (a segment; with ``limit``, only its first
    ``limit`` entries) to ``b`` at the level of its arrays: the builder ends up holding what
    adding the entries one by one would have left it holding, but the work per entry is a few
    id look-ups in C, not decoding the entry, re-splitting its pattern and re-hashing its
    strings (that was ~40 us an entry, and a catalogue's index is merged again each time a
    release is added).

    What the builder would do per entry is done per distinct thing instead: a pattern, a
    snapshot or a raise site the builder already holds is reused, a new one is appended in the
    index's order (which is the order of their first entries, as the builder's is). Strings
    go into the pool in the index's own pool order, restricted to the ones the builder would
    have touched (a pattern's text only when the pattern is new, and so on): a built index's
    pool is in first-use order, so the merged pool comes out in the builder's first-use order.
    The templates of entries whose pattern the builder holds under other whitespace are
    chosen again (``_retemplated``) and slotted into that order. The first entries of an
    index use a prefix of its patterns, snapshots, sites and strings, which is what lets
    ``limit`` take them alone. Every id read is checked (``CorruptIndex``): a stored index
    comes from the catalogue, which may be crafted."""
    s, w = seg._sec, b.w
    n_str = seg._pool.n
    ne = seg.n_entries if limit is None else min(limit, seg.n_entries)
    # an empty builder (an add's take of the stored index) leaves the (path, line) table in
    # the index's arrays (``FrozenLines``): most of its rows no entry added later joins
    take = not b.n and not b._tables.line_sites and b._tables.line_base is None
    data = _pool_bytes(seg)
    npat, nsnap, nsite = (
        _used_prefix(s[col][:ne], len(s[bound]), what)
        for col, bound, what in (("e_pat", "p_rt", "pattern"), ("e_snap", "snp_repo", "snapshot"), ("e_site", "st_kind", "site"))
    )  # fmt: skip
    new_pats, pat_map = _pattern_map(b, seg, data, npat)
    odd = _other_segments(b, seg, data, pat_map)
    snaps = [seg._snap(k) for k in range(nsnap)]
    sites = [seg._site(k) for k in range(nsite)]
    new_snaps = [k for k, where in enumerate(snaps) if where not in b._snaps]
    new_sites = [k for k, what in enumerate(sites) if what not in b._sites]
    tables = {
        flat: list(_rows(seg, offs, flat, ne, b.n)) if not (take and flat == "sl_ents") else []
        for offs, flat in _TABLES
    }
    redo = [i for i, p in enumerate(s["e_pat"][:ne]) if p in odd] if odd else []

    used: set[int] = set(s["p_lits"][:npat])
    used.update(s["p_names"][: s["p_namoff"][npat]] if npat else ())
    used.update(s["e_id"][:ne], (s["sm_str"][r] for r, _ in tables["sm_ents"]))
    segoff, segs = s["p_segoff"], s["p_segs"]
    for p in new_pats:
        used.update(segs[slice(*_span(segoff, p, len(segs), "pattern segments"))])
    if NONE in used:  # only a snapshot's date and a site's qualified name may be missing
        raise CorruptIndex("a missing string where one is required")
    tmpl = s["e_tmpl"][:ne]
    if redo:  # theirs are chosen again below
        again = set(redo)
        used.update(t for i, t in enumerate(tmpl) if i not in again)
    else:
        used.update(tmpl)  # ``NONE``: the template its pattern renders
    used.update(s[c][k] for k in new_snaps for c in ("snp_repo", "snp_ver", "snp_date"))
    used.update(s[c][k] for k in new_sites for c in _SITE_COLUMNS)
    used.discard(NONE)
    if used and max(used) >= n_str:
        raise CorruptIndex(f"string id {max(used)} of {n_str}")
    slots = _retemplated(b, seg, data, pat_map, redo, tables["sm_ents"]) if redo else []
    ids: dict[int, int] = {}
    over: dict[int, int] = {}
    k = 0
    order = sorted(used)
    same = False  # every string keeps its id (``_append_entries``)
    if not slots and w.add_all_new(map(data, order)):  # the ids are the order's
        ids = dict(zip(order, range(len(order)), strict=True))
        same = not order or order[-1] == len(order) - 1  # distinct, sorted: 0, 1, 2 ...
        order = []
    for sid in order:
        while k < len(slots) and slots[k][0] <= sid:
            _, i, text = slots[k]
            over[i] = w.add_bytes(text) if text is not None else NONE
            k += 1
        ids[sid] = w.add_bytes(data(sid))
    for _, i, text in slots[k:]:
        over[i] = w.add_bytes(text) if text is not None else NONE
    ids[NONE] = NONE

    offs, names = s["p_namoff"], s["p_names"]
    for p in new_pats:
        shape = (ids[s["p_lits"][p]], *(ids[x] for x in names[offs[p] : offs[p + 1]]))
        seg_ids = (ids[x] for x in segs[slice(*_span(segoff, p, len(segs), "pattern segments"))])
        pat_map[p] = b.new_pattern(shape, seg_ids, bool(s["p_rt"][p]))
    for k in new_snaps:
        b._snaps[snaps[k]] = len(b._snaps)
    for k in new_sites:
        b._sites[sites[k]] = len(b._sites)  # type: ignore[index]
    # column by column: the rows ``add`` appends one by one (each column is its own array)
    for new, columns in ((new_snaps, ("snp_repo", "snp_ver", "snp_date")), (new_sites, _SITE_COLUMNS)):
        for column in columns if new else ():
            w.column(column).extend(map(ids.__getitem__, map(s[column].__getitem__, new)))
    snap_map = [b._snaps[where] for where in snaps]
    site_map = [b._sites[what] for what in sites]  # type: ignore[index]
    same = same and all(m == list(range(len(m))) for m in (pat_map, snap_map, site_map))
    _append_entries(b, seg, ne, ids, pat_map, snap_map, site_map, over, same)
    _absorb_tables(b, seg, tables, ids, ne if take else None)
    b.n += ne


# the entry tables merged row by row: (offsets, flat list of entries)
_TABLES = (
    ("pa_off", "pa_ents"),
    ("sf_off", "sf_ents"),
    ("sl_off", "sl_ents"),
    ("ty_off", "ty_ents"),
    ("sm_off", "sm_ents"),
    ("hc_off", "hc_ents"),
)


def _used_prefix(column: memoryview, bound: int, what: str) -> int:
    """How many of the rows ``column`` refers to its entries use: rows are numbered in the
    order of their first entries, so it is one more than the largest, checked below ``bound``."""
    if not len(column):
        return 0
    top = max(column)
    if top >= bound:
        raise CorruptIndex(f"{what} id {top} of {bound}")
    return int(top) + 1


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


def _pattern_map(
    b: Builder, seg: Index, data: Callable[[int], bytes], npat: int
) -> tuple[list[int], list[int]]:
    """Of the index's first ``npat`` patterns, those the builder does not hold yet (in order),
    and each one's id in the builder (the new ones filled in by the caller)."""
    s, w = seg._sec, b.w
    offs, names = s["p_namoff"], s["p_names"]
    if not b.n_patterns:  # an empty builder (a take of the stored index): every one is new
        for p in range(npat):
            _span(offs, p, len(names), "pattern names")
        return list(range(npat)), [-1] * npat
    new: list[int] = []
    out: list[int] = []
    for p in range(npat):
        a, z = _span(offs, p, len(names), "pattern names")
        shape = [w.find_bytes(data(s["p_lits"][p])), *(w.find_bytes(data(x)) for x in names[a:z])]
        pid = None if None in shape else b._pattern(tuple(shape))  # type: ignore[arg-type]
        if pid is None:
            new.append(p)
            pid = -1
        out.append(pid)
    return new, out


def _mapped(
    column: memoryview, to: Sequence[int] | dict[int, int], bound: int, what: str, keep: int | None = None
) -> array[int]:
    """``column``'s ids through ``to``, each checked below ``bound`` first (but ``keep``, a
    value that stands for no id and is mapped as it is)."""
    top = _top(column, keep)
    if top >= bound:
        raise CorruptIndex(f"{what} id {top} of {bound}")
    return array("I", map(to.__getitem__, column))


def _top(column: memoryview, keep: int | None = None) -> int:
    """The greatest id of ``column`` other than ``keep`` (-1 for none), found in C: the
    stored index absorbed at each add has every earlier release's entries."""
    if not len(column):
        return -1
    top = max(column)
    if top == keep:  # ``keep`` (``NONE``) is the greatest value an id column holds
        top = max(set(column) - {keep}, default=-1)
    return int(top)


def _other_segments(b: Builder, seg: Index, data: Callable[[int], bytes], pat_map: list[int]) -> set[int]:
    """The patterns of the index that the builder already holds under other literal segments
    (other whitespace: the builder keeps the first segments it saw). An entry whose template is
    its pattern's rendering stores none (``e_tmpl`` ``NONE``), so the held segments may not
    render such an entry's template, nor an entry's stored template be needed any more:
    ``_retemplated`` chooses those entries' templates again."""
    s, held = seg._sec, b.w.sec
    segoff, segs = s["p_segoff"], s["p_segs"]
    odd: set[int] = set()
    for p, pid in enumerate(pat_map):
        if pid < 0:
            continue
        hoff, hsegs = held["p_segoff"], held["p_segs"]
        mine = [
            b.w.find_bytes(data(x)) for x in segs[slice(*_span(segoff, p, len(segs), "pattern segments"))]
        ]
        if mine != list(hsegs[hoff[pid] : hoff[pid + 1]]):
            odd.add(p)
    return odd


def _retemplated(
    b: Builder,
    seg: Index,
    data: Callable[[int], bytes],
    pat_map: list[int],
    redo: list[int],
    statements: list[tuple[int, list[int]]],
) -> list[tuple[int, int, bytes | None]]:
    """For each entry of ``redo`` (their patterns held under other segments): where its
    template goes into the builder's pool, the entry and the template's UTF-8 bytes, or None
    where the held segments render it (``Builder.add``'s choice). Where: before the index's
    strings that entries after it brought in first. An entry brings in its pattern's, its
    snapshot's and site's strings, its id, template and statement; the builder adds a
    template after the pattern's strings (held here) and before the rest, so the template
    goes after every string the earlier entries used (their greatest id, plus one)."""
    s, held, w = seg._sec, b.w.sec, b.w
    ne = max(redo) + 1
    base = b.n
    stmt = [NONE] * ne
    for r, ents in statements:  # entries already shifted by ``base``
        for e in ents:
            if e - base < ne:
                stmt[e - base] = s["sm_str"][r]
    offs, names, segoff, segs = s["p_namoff"], s["p_names"], s["p_segoff"], s["p_segs"]
    hoff, hsegs = held["p_segoff"], held["p_segs"]
    pat_top: dict[int, int] = {}
    snap_top: dict[int, int] = {}
    site_top: dict[int, int] = {}

    def top(i: int) -> int:
        """The greatest string id entry ``i`` uses (-1 for none)."""
        p, sn, st = s["e_pat"][i], s["e_snap"][i], s["e_site"][i]
        if p not in pat_top:
            pat_top[p] = max(
                [s["p_lits"][p], *names[offs[p] : offs[p + 1]], *segs[segoff[p] : segoff[p + 1]]]
            )
        if sn not in snap_top:
            snap_top[sn] = max(
                (x for c in ("snp_repo", "snp_ver", "snp_date") if (x := s[c][sn]) != NONE), default=-1
            )
        if st not in site_top:
            site_top[st] = max((x for c in _SITE_COLUMNS if (x := s[c][st]) != NONE), default=-1)
        return max(
            x
            for x in (pat_top[p], snap_top[sn], site_top[st], s["e_id"][i], s["e_tmpl"][i], stmt[i], -1)
            if x != NONE
        )

    out: list[tuple[int, int, bytes | None]] = []
    seen = -1
    want = iter(redo)
    nxt = next(want)
    for i in range(ne):
        if i == nxt:
            p = s["e_pat"][i]
            pnames = [data(x).decode("utf-8", "surrogatepass") for x in names[offs[p] : offs[p + 1]]]
            t = s["e_tmpl"][i]
            if t == NONE:
                mine = [data(x).decode("utf-8", "surrogatepass") for x in segs[segoff[p] : segoff[p + 1]]]
                template = _render(mine, pnames)
            else:
                template = data(t).decode("utf-8", "surrogatepass")
            pid = pat_map[p]
            theirs = [w.text(x) for x in hsegs[hoff[pid] : hoff[pid + 1]]]
            text = None if _render(theirs, pnames) == template else template.encode("utf-8", "surrogatepass")
            out.append((seen + 1, i, text))
            nxt = next(want, -1)
        seen = max(seen, top(i))
    return out


def _append_entries(
    b: Builder,
    seg: Index,
    ne: int,
    ids: dict[int, int],
    pat_map: list[int],
    snap_map: list[int],
    site_map: list[int],
    over: dict[int, int],
    same: bool = False,
) -> None:
    """The first ``ne`` entries' columns appended, their ids those of the builder (``over``:
    the templates chosen again, by entry). ``same``: every id the entries hold is the
    builder's already (``ids`` and the maps are 0, 1, 2 ...: an empty builder taking the
    stored index, which holds every earlier release's entries, at each add), so the columns
    are appended as they are, once their ids are checked in bounds, instead of mapped one
    value at a time."""
    s, sec = seg._sec, b.w.sec
    n_str = seg._pool.n
    if same and not over:
        for name, bound, keep in (
            ("e_id", n_str, None), ("e_snap", len(snap_map), None), ("e_site", len(site_map), None),
            ("e_tmpl", n_str, NONE), ("e_pat", len(pat_map), None),
        ):  # fmt: skip
            if _top(s[name][:ne], keep) >= bound:
                raise CorruptIndex(f"{name} id of {bound}")
        for name in ("e_key", "e_id", "e_snap", "e_site", "e_tmpl", "e_line", "e_pat", "e_relay"):
            arr = sec.get(name)
            if arr is None:
                arr = sec[name] = array(SECTIONS[name])
            arr.frombytes(s[name][:ne].cast("B"))
        return
    cols = {
        "e_key": s["e_key"][:ne],
        "e_id": _mapped(s["e_id"][:ne], ids, n_str, "string"),
        "e_snap": _mapped(s["e_snap"][:ne], snap_map, len(snap_map), "snapshot"),
        "e_site": _mapped(s["e_site"][:ne], site_map, len(site_map), "site"),
        "e_tmpl": _templates(s["e_tmpl"][:ne], ids, over, n_str),
        "e_line": s["e_line"][:ne],
        "e_pat": _mapped(s["e_pat"][:ne], pat_map, len(pat_map), "pattern"),
        "e_relay": s["e_relay"][:ne],
    }
    for name, values in cols.items():
        arr = sec.get(name)
        if arr is None:
            arr = sec[name] = array(SECTIONS[name])
        arr.extend(values)


def _templates(column: memoryview, ids: dict[int, int], over: dict[int, int], bound: int) -> array[int]:
    """The template column through ``ids``, but the entries of ``over`` (their templates
    chosen again: their old ids may be left out of ``ids``)."""
    if not over:
        return _mapped(column, ids, bound, "string", keep=NONE)
    top = _top(column, NONE)
    if top >= bound:
        raise CorruptIndex(f"string id {top} of {bound}")
    return array("I", (over[i] if i in over else ids[t] for i, t in enumerate(column)))


def _rows(seg: Index, offs: str, flat: str, ne: int, base: int) -> Iterator[tuple[int, list[int]]]:
    """Each row of one of the index's entry tables holding any of its first ``ne`` entries:
    (row, those entries shifted by ``base``). A row's entries are in order."""
    # read as lists once (C), not row by row through the mapped arrays: the stored index a
    # release is added to holds every earlier release's ~80k rows, absorbed at each add
    s = seg._sec
    bounds, items, n = s[offs].tolist(), s[flat].tolist(), seg.n_entries
    size = len(items)
    for r in range(len(bounds) - 1):
        a, z = _span(bounds, r, size, flat)
        if a == z:
            continue
        ents = items[a:z]
        top = max(ents)
        if top >= n:
            raise CorruptIndex(f"{flat} entry {top} of {n}")
        if ents[0] < ne:
            if top < ne:  # the whole row (a stored index's rows all are but the interpreter's)
                yield r, ents if not base else [e + base for e in ents]
            else:
                yield r, [e + base for e in ents if e < ne]


def _absorb_tables(
    b: Builder,
    seg: Index,
    tables: dict[str, list[tuple[int, list[int]]]],
    ids: dict[int, int],
    take: int | None = None,
) -> None:
    """The index's path, site, type, package, class, statement and handler tables merged into the
    builder's (``tables``: each entry table's rows, entries already shifted). ``take``: the
    builder was empty and takes the index's first ``take`` entries; its (path, line) rows are
    left in the index's arrays (``FrozenLines``) instead of ``tables``."""
    s, t = seg._sec, b._tables
    get = seg._pool.get
    path_of: dict[int, str] = {}
    for r, ents in tables["pa_ents"]:
        name = path_of[r] = get(s["pa_str"][r])
        held = t.paths.get(name)
        if held is None:
            held = t.paths[name] = array("I")
            t.path_no[name] = len(t.path_no)
        held.extend(ents)

    def path(key: int) -> str:
        name = path_of.get(key >> 32)
        if name is None:
            raise CorruptIndex(f"site path row {key >> 32} has none of the entries")
        return name

    for r, ents in tables["sf_ents"]:
        t.fn_sites.setdefault((path(s["sf_key"][r]), get(s["sf_fn"][r])), array("I")).extend(ents)
    if take is not None:
        t.line_base = FrozenLines(seg, [r for r, _ in tables["pa_ents"]], take)
    for r, ents in tables["sl_ents"]:
        key = s["sl_key"][r]
        t.line_row(t.path_no[path(key)] << 32 | (key & 0xFFFFFFFF)).extend(ents)
    for r, ents in tables["ty_ents"]:
        t.types.setdefault(get(s["ty_str"][r]), array("I")).extend(ents)
    for r, ents in tables["sm_ents"]:
        t.statements.setdefault(ids[s["sm_str"][r]], array("I")).extend(ents)
    for r, ents in tables["hc_ents"]:
        t.handlers.setdefault(get(s["hc_str"][r]), array("I")).extend(ents)
    t.packages.update(zip(map(get, s["tp_name"]), map(get, s["tp_repo"]), strict=True))
    t.bases.update(zip(map(get, s["tb_name"]), map(get, s["tb_base"]), strict=True))


def without(
    index: Index,
    counts: Sequence[int],
    gone: set[int],
    own_segments: Callable[[dict[int, set[int]]], dict[int, list[str]]],
    bases: Iterable[tuple[str, Sequence[str]]],
) -> Builder | None:
    """A builder holding what merging the segments of a merged index's snapshots would hold,
    but for the snapshots ``gone``: ``counts`` is each snapshot's number of entries, in merge
    order (``gone`` are positions in it). Nothing is built again from the catalogue's rows:

    * the entries before the first snapshot gone are a prefix of the index, taken at the level
      of its arrays (``_absorb`` with a limit); the top-level packages are those of that prefix;
    * the entries of the later snapshots kept are added one by one from the index's columns
      (``Builder.add`` with the stored flags), as the segments' merge would add them. A
      pattern keeps the literal segments of its first entry: where that entry is gone, the
      first kept one's own segments are not in the index (they may differ in whitespace), so
      ``own_segments`` reads them (position -> entry keys, as given to ``Builder.add``; returns
      key -> literal segments as written), a few rows of the snapshot after the one gone;
    * ``bases`` replace the class hierarchy (a set: which pairs came from the snapshots gone is
      not in the index), those of every snapshot kept.

    None when the index does not hold what the counts say (then merge from the segments)."""
    total = sum(counts)
    if not gone or total > index.n_entries or max(gone) >= len(counts) or min(counts, default=0) < 0:
        return None
    offs = list(itertools.accumulate(counts, initial=0))
    first = min(gone)
    b = Builder()
    if offs[first]:
        _absorb(b, index, offs[first])
    s, pool = index._sec, index._pool
    b._tables.packages = _packages(index, offs[first])
    dead = bytearray(total)
    for k in gone:
        dead[offs[k] : offs[k + 1]] = b"\x01" * counts[k]
    need, own_of = _first_kept(index, offs, dead)
    own = own_segments(need) if need else {}
    entry, stmts, handlers = index._entry_decoder(), index.entry_statements(), index.entry_handlers()
    snaps: dict[int, tuple[str | None, ...]] = {}
    sites: dict[int, tuple[str | None, ...]] = {}
    pats: dict[int, tuple[str, tuple[str, ...], list[str]]] = {}  # read once per pattern
    for k in range(first + 1, len(counts)):
        if k in gone:
            continue
        for i in range(offs[k], offs[k + 1]):
            pid, sn, st = s["e_pat"][i], s["e_snap"][i], s["e_site"][i]
            where = snaps.get(sn) or snaps.setdefault(sn, index._snap(sn))
            what = sites.get(st) or sites.setdefault(st, index._site(st))
            pat = pats.get(pid)
            if pat is None:
                a, z = _span(s["p_namoff"], pid, len(s["p_names"]), "pattern names")
                pat = pats[pid] = (
                    pool.get(s["p_lits"][pid]),
                    tuple(pool.many(s["p_names"][a:z])),
                    list(index.segs(pid)),
                )
            lits, names, segs = pat
            if i in own_of:
                segs = own.get(own_of[i])  # type: ignore[assignment]
                if segs is None or " ".join(compact(x) for x in segs) != lits or len(segs) != len(names) + 1:
                    return None
            b.add(
                lits, names, segs, partial(is_runtime, str(where[0])), where, what,  # type: ignore[arg-type]
                s["e_key"][i], (fields := entry(i))[1], fields[E_TEMPLATE], s["e_line"][i], False,
                stmts.get(i, ""), flags=s["e_relay"][i], caught=handlers.get(i, ()),
            )  # fmt: skip
    b._tables.bases = set()
    for name, bs in bases:
        b.add_bases(name, bs)
    return b


def _packages(index: Index, n: int) -> set[tuple[str, str]]:
    """(top-level package, codebase) of the index's first ``n`` entries (``add_fields``)."""
    s, out = index._sec, set()
    for site, snap in set(zip(s["e_site"][:n], s["e_snap"][:n], strict=True)):
        repo = str(index._snap(snap)[0])
        if not is_runtime(repo):
            out.add((_package_of(str(index._site(site)[3]).replace("\\", "/")), repo))
    return out


def _first_kept(index: Index, offs: list[int], dead: bytearray) -> tuple[dict[int, set[int]], dict[int, int]]:
    """Of the patterns whose first entry is ``dead`` (of the first ``len(dead)`` entries), the
    first entry kept: by snapshot position (``offs``), their keys, and entry -> key."""
    s, total = index._sec, len(dead)
    need: dict[int, set[int]] = {}
    own_of: dict[int, int] = {}
    ents, entoff = s["p_ents"], s["p_entoff"]
    for p in range(index.n_patterns):
        a, z = _span(entoff, p, len(ents), "pattern entries")
        if a == z or ents[a] >= total or not dead[ents[a]]:
            continue
        for i in ents[a + 1 : z]:
            if i >= total:
                break
            if not dead[i]:
                need.setdefault(bisect_right(offs, i) - 1, set()).add(s["e_key"][i])
                own_of[i] = s["e_key"][i]
                break
    return need, own_of


def _segments(
    store: Any,
    stamps: list[tuple[int, str]],
    start: int = 0,
    keep: set[int] | None = None,
    counts: list[int] | None = None,
) -> Iterator[Index | Builder | _Rows]:
    """The segments of the snapshots ``stamps[start:]``, one at a time (the merge holds one),
    building those missing, stale, from another format or damaged, and saving those of
    ``keep`` (all when None) where the catalogue is writable. The first one of all, when built
    here, comes as its builder (see ``_merge``); one to build that is not kept comes as its
    rows (``_Rows``), added by the merge itself. ``counts`` gets each one's number of entries."""
    from errdex.store import StoreError
    from errdex.store import segments as ss

    for n, (snap_id, stamp) in enumerate(stamps[start:], start):
        data = ss.get_segment(store, snap_id, stamp)
        seg = None
        if data is not None:
            with contextlib.suppress(IndexFormatError):  # CorruptIndex is one: built again below
                seg = Index.loads(data, keys=False)
        if seg is None and keep is not None and snap_id not in keep:
            yield _Rows(store, snap_id, counts)
            continue
        builder = None
        if seg is None:
            builder = _release_builder(store, snap_id, dict(stamps))
            seg = builder.fork().finish(keys=False)
            if keep is None or snap_id in keep:
                with contextlib.suppress(StoreError):  # read-only: kept in memory for this merge
                    ss.put_segment(store, snap_id, stamp, seg.dumps())
        if counts is not None:
            counts.append(seg.n_entries)
        yield builder if n == 0 and builder is not None else seg


# what the stored match index was merged from: how many snapshots (the first ones, in order,
# and a digest of their stamps) and how many of its entries are theirs (the interpreter's come
# after), and each one's (id, stamp, entries) in merge order (what lets a snapshot removed
# since be left out of it); stored beside it at the same catalogue generation
_COVERS = "match-index-covers"


def _digest(stamps: list[tuple[int, str]]) -> str:
    return hashlib.sha256(json.dumps(stamps).encode()).hexdigest()


def is_current(store: Any) -> bool:
    """Whether the stored match index was merged from every snapshot as it is now, at the
    catalogue's generation: read from the small record stored beside it, not the index itself."""
    from errdex.store import segments as ss

    got = ss.stored_artifacts(store, [_COVERS])
    if _COVERS not in got or got[_COVERS][1] != str(store.generation()):
        return False
    try:
        covers = json.loads(got[_COVERS][0])
        count, digest = int(covers["snapshots"]), str(covers["digest"])
    except (ValueError, KeyError, TypeError):
        return False
    stamps = ss.snapshot_stamps(store)
    return count == len(stamps) and digest == _digest(stamps)


def _stored_prefix(
    store: Any, stamps: list[tuple[int, str]]
) -> tuple[int, Builder | None, list[int], Index | None]:
    """How many of ``stamps`` the stored match index already merged, and a builder holding
    their entries, taken from its arrays (``_absorb`` with a limit: the interpreter's entries
    come last and are left out). Adding a release then costs its own segment, not every
    stored one again. A snapshot removed or replaced since is left out of it (``without``).
    Also each snapshot's number of entries, in order, where known, and the stored index
    itself (whose keys the merged index takes when its patterns are the same,
    ``Builder.finish``). (0, None, [], None) when there is nothing to start from: no stored
    index, one of another format, or a snapshot removed since that the stored index cannot
    leave out (it predates the counts)."""
    from errdex.match import ARTIFACT
    from errdex.match.artifact import unpack
    from errdex.store import segments as ss

    got = ss.stored_artifacts(store, [ARTIFACT, _COVERS])
    if ARTIFACT not in got or _COVERS not in got or got[ARTIFACT][1] != got[_COVERS][1]:
        return 0, None, [], None
    try:
        covers = json.loads(got[_COVERS][0])
        count, entries, digest = int(covers["snapshots"]), int(covers["entries"]), str(covers["digest"])
        each = [(int(i), str(h), int(n)) for i, h, n in covers.get("each", ())]
    except (ValueError, KeyError, TypeError):
        return 0, None, [], None
    if 0 < count <= len(stamps) and _digest(stamps[:count]) == digest:
        gone: set[int] = set()
        if len(each) != count:  # from before the counts were kept
            each = []
    else:  # snapshots removed (or replaced) since: left out of the stored index, if it says which
        now = set(stamps)
        kept = [(i, h) for i, h, _ in each if (i, h) in now]
        gone = {k for k, (i, h, _) in enumerate(each) if (i, h) not in now}
        if (
            len(each) != count
            or not gone
            or stamps[: len(kept)] != kept
            or _digest([x[:2] for x in each]) != digest
        ):
            return 0, None, [], None
        count = len(kept)
    try:
        index = Index.loads(unpack(got[ARTIFACT][0]), keys=False)
        if not 0 <= entries <= index.n_entries or (each and sum(n for *_, n in each) != entries):
            return 0, None, [], None
        if gone:
            b = without(
                index,
                [n for *_, n in each],
                gone,
                partial(_own_segments, store, each),
                _catalogue_bases(store),
            )
            if b is None:
                return 0, None, [], None
        else:
            b = Builder()
            _absorb(b, index, entries)
    except IndexFormatError:  # CorruptIndex is one: merged from the segments instead
        return 0, None, [], None
    return count, b, [n for k, (*_, n) in enumerate(each) if k not in gone], index


def _own_segments(
    store: Any, each: list[tuple[int, str, int]], need: dict[int, set[int]]
) -> dict[int, list[str]]:
    """Key -> literal segments as written (what ``Builder.add_entry`` keeps of a pattern's first
    entry) of the entries ``need`` names by position in ``each`` (read from their snapshots' rows)."""
    out: dict[int, list[str]] = {}
    for k, keys in need.items():
        for e in store.iter_entries(snapshot_id=each[k][0]):
            if e.key in keys:
                out[e.key] = debug_specifiers_as_text(e.segments if e.segments else [e.template])[0::2]
    return out


def _catalogue_bases(store: Any) -> list[tuple[str, Sequence[str]]]:
    """The class hierarchy an index of every snapshot holds: the classes the codebases define
    and the bases each occurrence names for its exception (``Builder.add_entry``)."""
    from errdex.store import segments as ss

    return [*class_bases(store), *ss.occurrence_bases(store)]


@dataclass
class HeldMerge:
    """The merge of a history run's releases so far, made while the run goes on (``hold``):
    the builder ``update`` would fill from their rows at the end, filled as each release is
    written, in the window where the extraction's workers parse the next one, instead of
    after the last release with the workers idle. ``stamps`` are the snapshots it holds, in
    order, as ``snapshot_stamps`` gave them when each was added; ``counts`` their entries;
    ``made`` what the builder made of the last one's entries, by their signatures
    (``Store.entry_signatures``: an entry of the next release with one of them is added as
    that one was, ``Builder.add_again``; None for an entry the builder left out)."""

    builder: Builder = field(default_factory=Builder)
    stamps: list[tuple[int, str]] = field(default_factory=list)
    counts: list[int] = field(default_factory=list)
    broken: bool = False  # an add stopped midway: the builder holds part of a release
    made: dict[Any, Added | None] = field(default_factory=dict)
    statements: dict[tuple[str, int], str] = field(default_factory=dict)  # the last one's


def hold(store: Any, held: HeldMerge, snapshot_id: int) -> bool:
    """Add the snapshot just written to ``held`` from its rows, as ``update`` would take it
    (``_Rows``), when the catalogue holds exactly the snapshots ``held`` does and this one after
    them, with its callers counted (the rows carry the counts, and the stamp of a counted
    snapshot is another): the merge would otherwise start elsewhere. False (``held`` not
    touched) when it does not. Entries the release before held but for key and snapshot are
    added as they were (``_held_release``)."""
    from errdex.store import segments as ss

    stamps = ss.snapshot_stamps(store)
    if held.broken or stamps[:-1] != held.stamps or not stamps or stamps[-1][0] != snapshot_id:
        return False
    if snapshot_id in store.uncounted_snapshots():
        return False  # its entries would carry no callers yet
    before = held.builder.n
    held.broken = True
    _held_release(store, held, snapshot_id)
    held.broken = False
    held.counts.append(held.builder.n - before)
    held.stamps.append(stamps[-1])
    return True


def _held_release(store: Any, held: HeldMerge, snapshot_id: int) -> None:
    """``_rest_of_segment`` of the snapshot into the held builder, where an entry whose
    signature the release before held (``held.made``: the same body, the same statement at
    its line, reached alike; ``Store.entry_signatures``) is added as that one was, at its own
    line (``Builder.add_again``), and only the others are read from their rows: the builder
    ends up holding the same (the entries come in the same order, and those added again bring
    no string but the snapshot's, which ``add_again`` adds as ``add`` does). Most of a jax
    release's entries are the release before's but for key, snapshot and line: reading each
    back (its statement line, its JSON columns) and adding it from its text again was most of
    the held merge's ~0.5 s a release.

    ``held.made`` then holds this release's entries: one release's, however long the run."""
    b, before = held.builder, held.made
    found = store.entry_signatures(snapshot_id, held.statements)
    if found is None:
        held.made, held.statements = {}, {}
        _rest_of_segment(store, snapshot_id, b)
        return
    fresh = [key for key, _, sig in found.entries if sig not in before]
    rows = store.iter_entries(
        snapshot_id=snapshot_id,
        keys=fresh if len(fresh) < len(found.entries) else None,
        statements=found.statements,
    )
    made: dict[Any, Added | None] = {}
    for key, line, sig in found.entries:
        if sig in before:
            again = made[sig] = before[sig]
            if again is not None:
                b.add_again(again, key, found.where, line)
            continue
        e = next(rows, None)
        if e is None or e.key != key:  # the rows changed under the read: never in one run
            raise RuntimeError(f"snapshot {snapshot_id}'s entries changed while merged")
        made[sig] = b.add_entry(e)
    if next(rows, None) is not None:
        raise RuntimeError(f"snapshot {snapshot_id}'s entries changed while merged")
    held.made, held.statements = made, found.statements
    for name, bases in class_bases(store, snapshot_id):
        b.add_bases(name, bases)


def _held_prefix(
    store: Any, stamps: list[tuple[int, str]], held: HeldMerge | None
) -> tuple[int, Builder | None, list[int], Index | None]:
    """``_stored_prefix``, or the run's ``held`` merge where it is the first of ``stamps`` as
    they are now and none of its snapshots is one whose segment is kept (``newest_snapshots``:
    its segment is stored, which the held merge never built)."""
    from errdex.store import segments as ss

    n = len(held.stamps) if held is not None else 0
    if held is None or held.broken or not n or stamps[:n] != held.stamps:
        return _stored_prefix(store, stamps)
    if ss.newest_snapshots(store) & {i for i, _ in held.stamps}:
        return _stored_prefix(store, stamps)
    return n, held.builder, list(held.counts), None


def update(store: Any, held: HeldMerge | None = None) -> Index:
    """The catalogue's index merged from its segments, saved as the match index artifact
    (starting from ``held``, a history run's merge of its first releases, where it applies;
    it is used up)."""
    from errdex.match import ARTIFACT
    from errdex.match.artifact import pack
    from errdex.match.handoff import link_entries
    from errdex.match.runtime import data_digest, runtime_entries
    from errdex.store import StoreError
    from errdex.store import segments as ss

    generation = str(store.generation())
    stamps = ss.snapshot_stamps(store)
    start, prefix, counts, stored = _held_prefix(store, stamps, held)
    if held is not None:
        held.broken = True  # the merge below carries on in its builder
    # once merged, a release's segment is needed by nothing but the next release of its
    # codebase (its difference's base): the others are not stored at all (written and dropped,
    # their pages would stay in the file)
    newest = ss.newest_snapshots(store)
    b = _merged(itertools.chain([prefix] if prefix else [], _segments(store, stamps, start, newest, counts)))
    own = b.n
    # then the interpreter's entries and the text handed from one codebase to another's raise
    # (made again at each merge, after the interpreter's, so the next merge's stored prefix
    # leaves them out with those), added to the merge's builder one by one: the bytes merging
    # an index built of them would lay out (``_absorb``), without building and finishing one
    for e in itertools.chain(runtime_entries(), link_entries(store)):
        b.add_entry(e)
    # the stored index's keys are taken only from an index this very code built (its runtime
    # digest hashes ``index.py``, where the keys are chosen): one an older errdex stored may hold
    # keys chosen otherwise, which a merged index stamped with this digest would carry on
    ours = stored is not None and stored.extra.get("runtime") == data_digest()
    index = b.finish(generation, keys_of=stored if ours else None)
    del stored
    index.extra["runtime"] = data_digest()
    covers = {
        "snapshots": len(stamps),
        "entries": own,
        "digest": _digest(stamps),
        "each": [[i, h, n] for (i, h), n in zip(stamps, counts, strict=True)]
        if len(counts) == len(stamps)
        else [],
    }
    with contextlib.suppress(StoreError):
        store.put_artifact(ARTIFACT, pack(index))
        store.put_artifact(_COVERS, json.dumps(covers).encode())
        # the stored index now covers every snapshot: the next merge starts from it, so only
        # each codebase's newest segment is kept (the next release's base), once it is stored
        ss.drop_segments(store, newest)
    return index


def shared_matcher(store: Any) -> Matcher:
    """A ``Matcher`` over the mapped index, rebuilding from ``store`` if a query finds it corrupt."""
    from errdex.match import Matcher

    matcher = Matcher(load_shared(store))
    matcher._store = store
    # a server's matcher lives for a generation of the catalogue: what its queries would build on
    # first use is built here, before the heap is frozen (``settle_heap``) and off any request;
    # a corrupt site is left for the query reading it, which rebuilds the index (``explain``)
    with contextlib.suppress(CorruptIndex):
        matcher.index.groups.make_all()
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
