"""The catalogue's match index merged from per-release segments, and mapped from one file by
every process (real wheels from the registry, real SQLite and PostgreSQL catalogues)."""

from __future__ import annotations

import subprocess
import sys
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from index_helpers import counted_entries

from errdex.match import build_index
from errdex.match import shared_index as si
from errdex.match.artifact import class_bases, unpack
from errdex.model import CatalogueEntry
from errdex.pipeline import count_callers, index
from errdex.store import Store
from errdex.store import segments as ss

pytestmark = [pytest.mark.network]


def _update(store: Store) -> Any:
    """The catalogue's index merged as the index stage merges it: the snapshots' resolved
    callers counted and stored first (``pipeline.count_callers``)."""
    count_callers(store)
    return si.update(store)


def _spy_entries(store: Store) -> list[int | None]:
    """Record which snapshots' rows are read (the real method still runs)."""
    calls: list[int | None] = []
    real = store.iter_entries

    def spy(repo: str | None = None, snapshot_id: int | None = None):  # type: ignore[no-untyped-def]
        calls.append(snapshot_id)
        return real(repo, snapshot_id)

    store.iter_entries = spy  # type: ignore[method-assign]
    return calls


def _forget_merged(store: Store) -> None:
    """Drop what says which snapshots the stored index merged: the next merge then reads every
    segment instead of starting from the stored index."""
    from sqlalchemy import delete

    from errdex.store import schema as s

    with store.engine.begin() as conn:
        conn.execute(delete(s.artifacts).where(s.artifacts.c.name == si._COVERS))


def _spy_segments(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Record which snapshots' stored segments are read (the real function still runs)."""
    calls: list[int] = []
    real = ss.get_segment

    def spy(store: Store, snapshot_id: int, stamp: str) -> bytes | None:
        calls.append(snapshot_id)
        return real(store, snapshot_id, stamp)

    monkeypatch.setattr(ss, "get_segment", spy)
    return calls


def test_a_new_release_is_merged_onto_the_stored_index_not_every_segment_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = str(tmp_path / "c.db")
    index("pypi:six==1.16.0", db)
    index("pypi:idna==3.7", db)
    calls = _spy_segments(monkeypatch)
    third = index("pypi:iniconfig==2.0.0", db).snapshot_id
    assert calls == [third]  # the first two come from the stored index's arrays
    with Store.open(db) as store:
        built = build_index(counted_entries(store), str(store.generation()), class_bases(store)).dumps()
        stored = unpack(store.get_artifact("match-index") or b"")
        assert stored == built
        # a damaged stored index is not started from: every segment is merged, same bytes
        from sqlalchemy import update

        from errdex.store import schema as s

        with store.engine.begin() as conn:
            conn.execute(
                update(s.artifacts)
                .where(s.artifacts.c.name == "match-index")
                .values(data=stored[:100] + b"\xff" * 64 + stored[164:])  # type: ignore[index]
            )
        calls.clear()
        assert _update(store).dumps() == built
        assert sorted(calls) == sorted(i for i, _ in ss.snapshot_stamps(store))


def test_the_stored_keys_are_offered_only_from_an_index_this_code_built(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A release added onto a stored index takes its keys (``Builder.finish(keys_of=...)``)
    only when the stored index's runtime digest is this errdex's: an older errdex may have
    chosen them otherwise, and the merged index, stamped with this digest, would carry them on
    (hist45)."""
    from errdex.match import index as ix
    from errdex.match import runtime

    db = str(tmp_path / "c.db")
    index("pypi:six==1.16.0", db)
    offered: list[object] = []
    real = ix.Builder.finish

    def spied(self: ix.Builder, *a: Any, **kw: Any) -> ix.Index:
        if kw.get("keys", True):
            offered.append(kw.get("keys_of"))
        return real(self, *a, **kw)

    monkeypatch.setattr(ix.Builder, "finish", spied)
    index("pypi:idna==3.7", db)
    assert len(offered) == 1 and offered[0] is not None  # the stored index: this code's
    offered.clear()
    monkeypatch.setattr(runtime, "data_digest", lambda: "another errdex")
    third = index("pypi:iniconfig==2.0.0", db)
    assert offered == [None]
    with Store.open(db) as store:
        built = build_index(counted_entries(store), str(store.generation()), class_bases(store))
        stored = ix.Index.loads(unpack(store.get_artifact("match-index") or b""))
        assert third.changed and stored.extra["runtime"] == "another errdex"
        assert all(bytes(stored._sec[k]) == bytes(built._sec[k]) for k in built._sec if k != "meta")


def test_a_removed_earlier_release_is_left_out_of_the_stored_index(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = str(tmp_path / "c.db")
    index("pypi:six==1.16.0", db)
    index("pypi:idna==3.7", db)
    with Store.open(db) as store:
        first = ss.snapshot_stamps(store)[0][0]
        store.delete_snapshot(first)
    calls = _spy_segments(monkeypatch)
    third = index("pypi:iniconfig==2.0.0", db).snapshot_id
    with Store.open(db) as store:
        left = [i for i, _ in ss.snapshot_stamps(store)]
        assert first not in left and calls == [third] and left[-1] == third  # idna's from the stored index
        assert (
            unpack(store.get_artifact("match-index") or b"")
            == build_index(counted_entries(store), str(store.generation()), class_bases(store)).dumps()
        )


def test_merged_segments_are_the_index_built_from_every_row(db_url: str) -> None:
    for spec in ("pypi:six==1.16.0", "pypi:idna==3.7"):
        index(spec, db_url)
    with Store.open(db_url) as store:
        merged = _update(store)
        built = build_index(counted_entries(store), str(store.generation()), class_bases(store))
        assert merged.n_entries == built.n_entries > 540  # the interpreter's ~500 and the two releases'
        assert merged.dumps() == built.dumps()  # byte for byte: same patterns, keys, tables
        first = {i: ss.get_segment(store, i, h) for i, h in ss.snapshot_stamps(store)}
        assert len(first) == 2 and all(first.values())
        # a segment is only merged, and the merge chooses the keys again: it stores none
        for data in first.values():
            assert data is not None
            seg = si.Index.loads(data, keys=False)
            assert seg.n_entries > 0 and seg.n_keys == 0 and seg.head_lens == []

        # a third release: only its own rows are read, the other segments are reused as stored
        third = index("pypi:iniconfig==2.0.0", db_url).snapshot_id
        with Store.open(db_url) as store:
            calls = _spy_entries(store)
            merged = _update(store)
            assert calls == []  # the pipeline already built and saved the new segment
            assert (
                merged.dumps()
                == build_index(counted_entries(store), str(store.generation()), class_bases(store)).dumps()
            )
            stamps = dict(ss.snapshot_stamps(store))
            assert all(ss.get_segment(store, i, stamps[i]) == data for i, data in first.items())
            assert ss.get_segment(store, third, stamps[third]) is not None


def test_a_damaged_segment_is_built_again_from_its_own_rows(tmp_path: Path) -> None:
    db = str(tmp_path / "c.db")
    a = index("pypi:six==1.16.0", db).snapshot_id
    b = index("pypi:idna==3.7", db).snapshot_id
    with Store.open(db) as store:
        stamps = dict(ss.snapshot_stamps(store))
        good = ss.get_segment(store, b, stamps[b])
        assert good is not None
        ss.put_segment(store, b, stamps[b], good[:100] + b"\xff" * 64 + good[164:])
        _forget_merged(store)
        calls = _spy_entries(store)
        merged = _update(store)
        assert calls == [b]  # only the damaged one; six's segment is read as stored
        assert (
            merged.dumps()
            == build_index(counted_entries(store), str(store.generation()), class_bases(store)).dumps()
        )
        assert ss.get_segment(store, a, stamps[a]) is not None


def test_a_first_segment_built_again_carries_the_merge_from_its_builder(tmp_path: Path) -> None:
    # the first snapshot's segment missing: its builder, forked for the stored segment, goes
    # on to take the other segments' entries; the bytes are those of a build from every row
    db = str(tmp_path / "c.db")
    a = index("pypi:six==1.16.0", db).snapshot_id
    b = index("pypi:idna==3.7", db).snapshot_id
    with Store.open(db) as store, Store.open(db) as again:
        stamps = dict(ss.snapshot_stamps(store))
        stored_a = ss.get_segment(store, a, stamps[a])
        ss.drop_segments(store, {b})
        _forget_merged(store)
        calls = _spy_entries(store)
        merged = _update(store)
        assert calls == [a]
        assert ss.get_segment(store, a, stamps[a]) == stored_a  # the fork finished alone, as before
        assert (
            merged.dumps()
            == build_index(counted_entries(again), str(store.generation()), class_bases(store)).dumps()
        )


def test_a_forked_builder_and_its_original_finish_independently(tmp_path: Path) -> None:
    from errdex.match.index import Builder, Index

    db = str(tmp_path / "c.db")
    index("pypi:six==1.16.0", db)
    with Store.open(db) as store:
        entries = list(store.iter_entries())
    half = len(entries) // 2
    b = Builder()
    for e in entries[:half]:
        b.add_entry(e)
    fork = b.fork()
    for e in entries[half:]:  # only the fork takes the second half
        fork.add_entry(e)
    assert fork.finish().dumps() == Index.build(entries).dumps()
    assert b.finish().dumps() == Index.build(entries[:half]).dumps()


def test_segments_are_stored_compressed_and_a_forged_frame_is_built_again(tmp_path: Path) -> None:
    from sqlalchemy import select, update

    from errdex.store import schema as s

    db = str(tmp_path / "c.db")
    snap = index("pypi:idna==3.7", db).snapshot_id
    with Store.open(db) as store:
        stamp = dict(ss.snapshot_stamps(store))[snap]
        segment = ss.get_segment(store, snap, stamp)
        assert segment is not None and segment[:8] == b"ERRDEXMI"  # what the index wrote, as it wrote it
        name = f"{ss.PREFIX}{snap}"
        with store.engine.begin() as conn:
            stored = conn.execute(select(s.artifacts.c.data).where(s.artifacts.c.name == name)).scalar_one()
            assert stored[:4] == b"\x28\xb5\x2f\xfd" and len(stored) * 2 < len(segment)
            # one stored before segments were compressed still reads as it is
            conn.execute(update(s.artifacts).where(s.artifacts.c.name == name).values(data=segment))
        assert ss.get_segment(store, snap, stamp) == segment
        with store.engine.begin() as conn:
            conn.execute(
                update(s.artifacts).where(s.artifacts.c.name == name).values(data=stored[:40] + b"\x00" * 40)
            )
        assert ss.get_segment(store, snap, stamp) is None
        _forget_merged(store)
        calls = _spy_entries(store)
        merged = _update(store)
        assert (
            calls == [snap]
            and merged.dumps()
            == build_index(counted_entries(store), str(store.generation()), class_bases(store)).dumps()
        )


def test_every_process_maps_the_same_index_file(tmp_path: Path) -> None:
    db = str(tmp_path / "c.db")
    index("pypi:six==1.16.0", db)
    with Store.open(db) as store:
        cache = tmp_path / "cache"
        loaded = si.load_shared(store, cache)
        path = si.shared_path(store, str(store.generation()), cache)
        assert path.is_file() and loaded.n_entries > 500
        top = si.shared_matcher(store).explain("TypeError: sep must be None or a string").matches
        assert top and top[0].repo == "benjaminp/six"
        child = (
            "import sys, pathlib\n"
            "from errdex.store import Store\n"
            "from errdex.match import shared_index as si\n"
            "idx = si.load_shared(Store.open(sys.argv[1]), pathlib.Path(sys.argv[2]))\n"
            "maps = open('/proc/self/maps').read()\n"
            "print(idx.n_entries, str(si.shared_path(Store.open(sys.argv[1]), idx.generation, pathlib.Path(sys.argv[2]))) in maps)\n"
        )
        out = subprocess.run(
            [sys.executable, "-c", child, db, str(cache)], capture_output=True, text=True, check=True
        )
        assert out.stdout.split() == [str(loaded.n_entries), "True"]  # mapped, not read into its heap
        assert str(path) in Path("/proc/self/maps").read_text()


def test_a_fork_copies_every_attribute_even_one_added_later_and_shares_nothing_mutable() -> None:
    from errdex.match.index import Builder

    b = Builder()
    b.add(
        "bad value", ("x",), ("bad value ", ""), False, ("lib", "1.0", None),
        ("error", "ValueError", None, "lib/a.py", "f"), 1, "e1", "bad value {x}", 3, False,
    )  # fmt: skip
    b.add_bases("lib.Bad", ["ValueError"])
    b.later = {"kept": [1, 2]}  # type: ignore[attr-defined]  # an attribute the builder gains one day
    fork = b.fork()
    pairs = [(b, fork), (b.w, fork.w), (b._tables, fork._tables)]
    for orig, copy in pairs:
        assert vars(copy).keys() == vars(orig).keys()
        for name, value in vars(orig).items():
            other = vars(copy)[name]
            if any(value is o for o, _ in pairs):  # the inner objects: the fork's own ones
                assert any(other is c for _, c in pairs) and other is not value
            elif isinstance(value, list | dict | set | bytearray) or hasattr(value, "tobytes"):
                assert other is not value and other == value, name
                for k, v in value.items() if isinstance(value, dict) else ():
                    assert not isinstance(v, list) or other[k] is not v, (name, k)
            else:
                assert other == value, name
    fork.later["kept"].append(3)  # type: ignore[attr-defined]
    assert b.later == {"kept": [1, 2]}  # type: ignore[attr-defined]
    b.unknown = object()  # type: ignore[attr-defined]  # a kind it cannot copy: refused, never shared
    with pytest.raises(TypeError, match="cannot copy"):
        b.fork()


def _entry(
    key: int, version: str, template: str, path: str, function: str, line: int, **kw: object
) -> CatalogueEntry:
    return CatalogueEntry(
        key=key, error_id=f"id-{template}-{path}", repo="acme/lib", version=version, snapshot_date=None,
        kind="error", exc_type=str(kw.get("exc_type", "ValueError")), exc_qualname=None, template=template,
        segments=[template], path=path, line=line, function=function,
        statement=str(kw.get("statement", f"raise ValueError({template!r})")),
        exc_bases=tuple(kw.get("exc_bases", ())),  # type: ignore[arg-type]
    )  # fmt: skip


def test_segments_merged_by_their_arrays_lay_out_the_bytes_of_one_build() -> None:
    # what a merge at the array level must get right: a pattern the merge already holds under
    # other whitespace (its first text stays), sites and snapshots shared or new, a string a
    # segment only added when it finished (a function's last name, a type key) that a later
    # segment uses in an entry, entries of a table row spread over segments, a class and bases
    from errdex.match.index import Builder, Index

    first = [
        _entry(1, "1.0", "bad  value {x}", "lib/a.py", "Parser.method", 10),
        _entry(
            2,
            "1.0",
            "no such key",
            "lib/a.py",
            "load",
            20,
            exc_type="lib.KeyMissing",
            exc_bases=("KeyError",),
        ),
        _entry(3, "1.0", "other", "lib/b.py", "load", 5),
    ]
    second = [
        _entry(4, "1.1", "bad value {x}", "lib/a.py", "Parser.method", 12),  # same pattern, other text
        _entry(5, "1.1", "method", "lib/c.py", "run", 7, statement="keymissing"),  # finish-only strings
        _entry(
            6,
            "1.1",
            "no such key",
            "lib/a.py",
            "load",
            20,
            exc_type="lib.KeyMissing",
            exc_bases=("KeyError",),
        ),
        _entry(7, "1.1", "brand new {y} here", "lib/b.py", "load", 9),
    ]
    for keys in (True, False):  # the keys a segment may hold take no part in the merge
        segments = []
        for part in (first, second):
            b = Builder()
            for e in part:
                b.add_entry(e)
            segments.append(Index.loads(b.finish(keys=keys).dumps(), keys=False))
        assert si.merge(segments, "g").dumps() == Index.build(first + second, "g").dumps()
    # and from a builder carrying on (a first index), then a segment
    b = Builder()
    for e in first:
        b.add_entry(e)
    assert si._merge([b, segments[1]], "g").dumps() == Index.build(first + second, "g").dumps()


def test_an_empty_builder_takes_an_index_s_entry_columns_as_they_are_and_lays_out_one_build(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # an add starts from the stored index taken into an empty builder (every earlier release's
    # entries): each id there is already the builder's (strings, patterns, snapshots, sites
    # numbered 0, 1, 2 ... in the index's order), so the entry columns are appended as they
    # are, not mapped value by value; a builder holding other entries first maps them
    from errdex.match.index import Builder, Index

    first = [
        _entry(1, "1.0", "bad  value {x}", "lib/a.py", "Parser.method", 10),
        _entry(2, "1.0", "no such key", "lib/a.py", "load", 20, exc_type="lib.KeyMissing", exc_bases=("KeyError",)),
        _entry(3, "1.0", "other", "lib/b.py", "load", 5),
    ]  # fmt: skip
    second = [
        _entry(4, "1.1", "bad value {x}", "lib/a.py", "Parser.method", 12),
        _entry(5, "1.1", "brand new {y} here", "lib/b.py", "load", 9),
        _entry(6, "1.1", "other", "lib/b.py", "load", 5),
    ]
    stored = Index.loads(Index.build(first + second, "g").dumps(), keys=False)
    mapped: list[str] = []
    real = si._mapped

    def spy(column: memoryview, *args: Any, **kw: Any) -> Any:
        mapped.append(column.format)
        return real(column, *args, **kw)

    monkeypatch.setattr(si, "_mapped", spy)
    for limit in (None, len(first)):  # the whole index, and its first release alone
        mapped.clear()
        b = Builder()
        si._absorb(b, stored, limit)
        assert mapped == []  # no column mapped: every id kept
        taken = first + second if limit is None else first
        assert b.finish("g").dumps() == Index.build(taken, "g").dumps()
    # a builder that holds another release first: its ids are not the index's
    seg = Index.loads(Index.build(second, "g").dumps(), keys=False)
    b = Builder()
    for e in first:
        b.add_entry(e)
    mapped.clear()
    si._absorb(b, seg)
    assert mapped  # the columns mapped to the builder's ids
    assert b.finish("g").dumps() == Index.build(first + second, "g").dumps()


def test_entries_of_a_pattern_held_under_other_whitespace_are_merged_by_their_arrays(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # a later release that respaced a message: its pattern is held under the first release's
    # literal segments, so the merge chooses those entries' templates again (stored where the
    # held segments do not render them, dropped where they now do) and slots the stored ones
    # into the pool where one build adds them; no entry goes through ``Builder.add`` again
    from dataclasses import replace

    from errdex.match.index import E_TEMPLATE, Builder, Index

    def ph(key: int, version: str, segments: list[str], path: str = "lib/a.py") -> CatalogueEntry:
        template = segments[0] + "".join(
            "{" + n + "}" + lit for n, lit in zip(segments[1::2], segments[2::2], strict=True)
        )
        e = _entry(key, version, template, path, "f", key)
        return replace(e, segments=segments)

    first = [
        ph(1, "1.0", ["bad  value ", "x", ""]),
        ph(2, "1.0", ["other ", "y", " here"]),
    ]
    second = [
        ph(3, "1.1", ["brand new ", "z", ""], path="lib/n.py"),
        ph(4, "1.1", ["bad value ", "x", ""], path="lib/b.py"),  # held as "bad  value "
        ph(5, "1.1", ["fresh ", "w", " text"], path="lib/c.py"),
        ph(6, "1.1", ["bad  value ", "x", ""], path="lib/d.py"),  # the held text again
        ph(7, "1.1", ["other  ", "y", "  here"], path="lib/e.py"),
        ph(8, "1.1", ["last ", "v", ""], path="lib/f.py"),
    ]
    third = [ph(9, "1.2", ["bad value ", "x", ""]), ph(10, "1.2", ["other ", "y", " here"])]
    segments = []
    for part in (first, second, third):
        b = Builder()
        for e in part:
            b.add_entry(e)
        segments.append(Index.loads(b.finish(keys=False).dumps(), keys=False))
    calls: list[str] = []
    real = Builder.add

    def spy(self: Builder, lits: str, *args: object, **kw: object) -> None:
        calls.append(lits)
        real(self, lits, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(Builder, "add", spy)
    merged = si.merge(segments, "g")
    assert calls == []
    monkeypatch.undo()
    every = first + second + third
    assert merged.dumps() == Index.build(every, "g").dumps()
    entry = Index.loads(merged.dumps())._entry_decoder()
    assert [entry(i)[E_TEMPLATE] for i in range(merged.n_entries)] == [e.template for e in every]


@pytest.mark.parametrize(
    ("section", "value"),
    # (``e_tmpl`` ``NONE`` is no defect: the entry's template is what its pattern renders)
    [("e_snap", 7), ("sm_str", 0xFFFFFFFF), ("e_tmpl", 0xFFFFFFFE)],
    ids=["snapshot out of range", "statement missing", "template out of range"],
)
def test_a_segment_with_an_id_out_of_range_is_corrupt(section: str, value: int) -> None:
    from errdex.match.index import Builder, CorruptIndex, Index

    b = Builder()
    b.add_entry(_entry(1, "1.0", "bad value {x}", "lib/a.py", "f", 10))
    seg = Index.loads(b.finish().dumps(), keys=False)
    assert len(seg._sec[section]) == 1
    seg._sec[section] = memoryview(bytearray(value.to_bytes(4, "little"))).cast("I")
    with pytest.raises(CorruptIndex):
        si.merge([seg])


@pytest.mark.parametrize("offsets", ["pa_off", "sf_off", "sm_off"])
def test_a_segment_whose_table_row_runs_past_its_list_is_corrupt(offsets: str) -> None:
    """A row of an entry table (a path's, a function's, a statement's entries) is a pair of
    offsets into one flat list: a row running past the list's end is refused when merged
    (``index._span``, the one check of a list's bounds), not read as whatever the list holds."""
    from array import array

    from errdex.match.index import Builder, CorruptIndex, Index

    b = Builder()
    b.add_entry(_entry(1, "1.0", "bad value {x}", "lib/a.py", "f", 10))
    seg = Index.loads(b.finish().dumps(), keys=False)
    assert seg._sec[offsets].tolist() == [0, 1]
    seg._sec[offsets] = memoryview(array("I", [0, 5]))
    with pytest.raises(CorruptIndex, match=r"spans 0\.\.5 of 1"):
        si.merge([seg])


def test_a_release_segment_is_stored_as_its_difference_from_the_previous_release(db_url: str) -> None:
    # two releases of one codebase: the newer one's segment is a difference from the older
    # one's (stored whole), reads back as built, and is merged into the same bytes; the base
    # outlives its snapshot while the difference names it, and a difference whose base is
    # damaged is built again from its own rows
    from sqlalchemy import select, update

    from errdex.store import schema as s

    old = index("pypi:packaging==26.3", db_url).snapshot_id
    new = index("pypi:packaging==26.4", db_url).snapshot_id
    with Store.open(db_url) as store:
        stamps = dict(ss.snapshot_stamps(store))
        built = si.build_segment(store, new).dumps()
        assert ss.get_segment(store, new, stamps[new]) == built

        def stored(i: int) -> bytes:
            with store.engine.connect() as conn:
                name = f"{ss.PREFIX}{i}"
                return bytes(
                    conn.execute(select(s.artifacts.c.data).where(s.artifacts.c.name == name)).scalar_one()
                )

        whole, diff = stored(old), stored(new)
        assert whole[:4] == b"\x28\xb5\x2f\xfd"  # the first release's, whole
        assert diff[:4] == b"\xffsd1" and len(diff) * 2 < len(whole)  # the next one's difference is small

        store.delete_snapshot(old)
        _update(store)
        assert ss.get_segment(store, new, stamps[new]) == built  # its base stayed
        base = f"{ss.PREFIX}{old}"
        with store.engine.begin() as conn:
            conn.execute(
                update(s.artifacts).where(s.artifacts.c.name == base).values(data=whole[:40] + b"\0" * 40)
            )
        assert ss.get_segment(store, new, stamps[new]) is None
        _forget_merged(store)
        calls = _spy_entries(store)
        merged = _update(store)
        assert calls == [new]  # built again from its rows, and stored whole now that it has no base
        assert ss.get_segment(store, new, stamps[new]) == built and stored(new)[:4] == b"\x28\xb5\x2f\xfd"
        assert (
            merged.dumps()
            == build_index(counted_entries(store), str(store.generation()), class_bases(store)).dumps()
        )
        with store.engine.connect() as conn:  # the base nothing names any more is gone
            assert conn.execute(select(s.artifacts.c.name).where(s.artifacts.c.name == base)).first() is None


def test_a_snapshot_left_out_of_a_merged_index_lays_out_the_bytes_of_a_build_without_it() -> None:
    # a release removed from the catalogue is left out of the stored index, not merged again
    # from every other release's segment: the bytes are those of one build of the releases
    # kept, whichever are gone. What it must get right: a pattern whose first entry is gone
    # (its literal segments become those of the first kept entry, respaced here: read through
    # ``own_segments``, never guessed), snapshots, sites and paths only the gone entries used,
    # statements, relayed and called entries, the class hierarchy and the packages of the rest
    import itertools
    from dataclasses import replace

    from errdex.match.index import Index

    def ph(
        key: int, version: str, segments: list[str], path: str = "lib/a.py", **kw: object
    ) -> CatalogueEntry:
        template = segments[0] + "".join(
            "{" + n + "}" + lit for n, lit in zip(segments[1::2], segments[2::2], strict=True)
        )
        return replace(_entry(key, version, template, path, "f", key, **kw), segments=segments)

    gone_cls, new_cls = (
        {"exc_type": "old.Gone", "exc_bases": ("KeyError",)},
        {"exc_type": "pkg.New", "exc_bases": ("ValueError",)},
    )
    releases = [
        [
            ph(1, "1.0", ["bad  value ", "x", ""]),
            ph(2, "1.0", ["gone ", "q", " soon"], path="old/x.py", **gone_cls),
            replace(ph(3, "1.0", ["other ", "y", " here"]), relay=True, statement="raise"),
        ],
        [
            ph(4, "1.1", ["bad value ", "x", ""], path="lib/b.py"),  # respaced: held as "bad  value "
            ph(5, "1.1", ["fresh ", "w", " text"], path="pkg/c.py", **new_cls),
            replace(ph(6, "1.1", ["other  ", "y", "  here"], path="lib/e.py"), called=True),
            ph(7, "1.1", ["gone ", "q", " soon"], path="old/x.py"),
        ],
        [
            ph(8, "1.2", ["bad value ", "x", ""]),
            ph(9, "1.2", ["fresh  ", "w", " text"], path="pkg/c.py"),
            replace(ph(10, "1.2", ["last ", "v", ""], path="lib/f.py"), relay=True, called=True),
        ],
    ]
    interpreter = [replace(ph(11, "3.13", ["interp ", "z", ""], path="x.py"), repo="python/cpython")]
    stored = Index.loads(Index.build([e for r in releases for e in r] + interpreter, "g").dumps(), keys=False)
    counts = [len(r) for r in releases]
    for n in (1, 2):
        for gone in map(set, itertools.combinations(range(len(releases)), n)):
            kept = [e for k, r in enumerate(releases) if k not in gone for e in r]
            asked: list[dict[int, set[int]]] = []

            def own(
                need: dict[int, set[int]], asked: list[dict[int, set[int]]] = asked
            ) -> dict[int, list[str]]:
                asked.append(need)
                return {e.key: e.segments[0::2] for k in need for e in releases[k] if e.key in need[k]}

            bases = [(e.exc_type, e.exc_bases) for e in kept if e.exc_bases]
            b = si.without(stored, counts, gone, own, bases)
            assert b is not None
            assert b.finish("g").dumps() == Index.build(kept, "g").dumps(), gone
            # rows are read only for the first kept entries of patterns whose first entry is gone
            want = {0: [{1: {4, 6, 7}}], 1: [{2: {9}}], 2: []}
            if n == 1:
                assert asked == want[min(gone)]
    # a count the index does not hold, or nothing gone: not left out (merged from segments)
    assert si.without(stored, [5, 5, 5], {0}, lambda need: {}, []) is None
    assert si.without(stored, counts, set(), lambda need: {}, []) is None
    # a kept entry's own segments that are not its pattern's: not guessed
    assert (
        si.without(stored, counts, {0}, lambda need: {k: ["nope"] for v in need.values() for k in v}, [])
        is None
    )


def _spy_builder(built: list[int], real: Any, store: Store, sid: int) -> Any:
    built.append(sid)
    return real(store, sid)


def test_releases_removed_from_a_history_are_left_out_without_building_segments_again(
    db_url: str, tmp_path: Path
) -> None:
    # three releases of one codebase (a git repo made here), each indexed on its own: only the
    # newest keeps its segment (and its base) once the stored index covers them; removing the oldest, then the newest, merges the same
    # bytes as a build from every row kept, reading rows only for the few entries whose
    # pattern's first entry went (their own literal segments), and building no segment again
    from test_history import make_repo

    repo = make_repo(tmp_path)
    cache = str(tmp_path / "cache")
    sids = [
        index(f"git:{repo}@{tag}", db_url, jobs=1, cache_dir=cache).snapshot_id
        for tag in ("v0.1.0", "v0.2.0", "v0.3.0")
    ]
    with Store.open(db_url) as store:
        stamps = dict(ss.snapshot_stamps(store))
        # the newest's, and the oldest's, whole, that the newest is stored as a difference from
        assert [ss.get_segment(store, i, stamps[i]) is not None for i in sids] == [True, False, True]
        for gone in (sids[0], sids[2]):
            store.delete_snapshot(gone)
            built: list[int] = []
            with pytest.MonkeyPatch.context() as mp:
                mp.setattr(si, "_segment_builder", partial(_spy_builder, built, si._segment_builder))
                calls = _spy_entries(store)
                merged = _update(store)
            assert built == [] and set(calls) <= {sids[1]}
            assert (
                merged.dumps()
                == build_index(counted_entries(store), str(store.generation()), class_bases(store)).dumps()
            )
        # a release added after: merged onto the stored index as before
        again = index(f"git:{repo}@v0.4.0", db_url, jobs=1, cache_dir=cache).snapshot_id
    with Store.open(db_url) as store:
        assert (
            unpack(store.get_artifact("match-index") or b"")
            == build_index(counted_entries(store), str(store.generation()), class_bases(store)).dumps()
        )
        assert [i for i, _ in ss.snapshot_stamps(store)] == [sids[1], again]


def test_a_history_indexed_in_one_run_merges_the_releases_not_kept_from_their_rows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only each codebase's newest release keeps a stored segment, so the releases before it
    are added from their rows straight into the merge (``_Rows``) instead of each being built
    as a segment, finished and taken in again: only the newest are built as segments, and the
    index is byte for byte the one built from every row (``_absorb``'s invariant). Fails with
    every release built as a segment (``_release_builder`` called for all four)."""
    from errdex.pipeline import index_releases

    built: list[int] = []
    real = si._release_builder

    def spy(store: Store, snapshot_id: int, stamps: dict[int, str]) -> Any:
        built.append(snapshot_id)
        return real(store, snapshot_id, stamps)

    monkeypatch.setattr(si, "_release_builder", spy)
    db = str(tmp_path / "c.db")
    specs = ["pypi:packaging==26.3", "pypi:packaging==26.4", "pypi:iniconfig==2.0.0", "pypi:iniconfig==2.1.0"]
    ids = [x.snapshot_id for x in index_releases(specs, db, jobs=1)]
    with Store.open(db) as store:
        newest = ss.newest_snapshots(store)
        assert sorted(newest) == sorted([ids[1], ids[3]]) and sorted(built) == sorted(newest)
        stamps = dict(ss.snapshot_stamps(store))
        assert [i for i in ids if ss.get_segment(store, i, stamps[i]) is not None] == [ids[1], ids[3]]
        stored = unpack(store.get_artifact("match-index") or b"")
        assert (
            stored == build_index(counted_entries(store), str(store.generation()), class_bases(store)).dumps()
        )
