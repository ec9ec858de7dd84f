"""A release merged onto the stored match index (hist44): the stored index's keys taken when the
merge brings no new pattern (``Builder.finish(keys_of=...)``), and its (path, line) table left in
its arrays by the take (``FrozenLines``): the same bytes as building the index from its entries."""

from __future__ import annotations

from array import array
from typing import Any

import pytest

from errdex.match import index as ix
from errdex.match import shared_index as si
from errdex.match.index import KEY_SECTIONS, Builder, Index
from errdex.match.runtime import RUNTIME_PREFIX
from errdex.model import CatalogueEntry


def _entry(
    key: int, version: str, template: str, path: str, line: int, repo: str = "acme/lib"
) -> CatalogueEntry:
    return CatalogueEntry(
        key=key, error_id=f"id-{template}-{path}", repo=repo, version=version, snapshot_date=None,
        kind="error", exc_type="ValueError", exc_qualname=None, template=template, segments=[template],
        path=path, line=line, function="load", statement=f"raise ValueError({template!r})",
    )  # fmt: skip


# an anchored head, a floating head (a placeholder first), a short whole literal (a key not
# ``CHUNK`` long), a long literal with an inner key, and an interpreter's message
OLD = [
    _entry(1, "1.0", "the configuration file could not be parsed at all", "lib/a.py", 10),
    _entry(2, "1.0", "{name} is not a registered plugin of this application", "lib/a.py", 20),
    _entry(3, "1.0", "bad {x} value", "lib/b.py", 5),
    _entry(4, "1.0", "x" * 10 + "{a}" + "abcdefghijklmnopqrstuvwxyz0123456789" + "{b}", "lib/b.py", 7),
]
RUNTIME = [_entry(90, "3", "list index out of range", "<python>", 0, repo=f"{RUNTIME_PREFIX}cpython")]


def _release(version: str, first_key: int, extra: tuple[CatalogueEntry, ...] = ()) -> list[CatalogueEntry]:
    """The old release's entries again as ``version`` (other keys, some at other lines)."""
    out = [_entry(first_key + k, version, e.template, e.path, e.line + (k % 2)) for k, e in enumerate(OLD)]
    return out + list(extra)


def _added(new: list[CatalogueEntry], spy: list[int], monkeypatch: pytest.MonkeyPatch) -> bytes:
    """``update``'s merge of ``new`` onto a stored index of ``OLD`` (and the interpreter's
    entries after both), finished with the stored index's keys offered; ``spy`` counts the
    keys chosen again."""
    real = ix._build_keys

    def counted(*a: Any, **kw: Any) -> None:
        spy.append(1)
        real(*a, **kw)

    stored = Index.loads(Index.build(OLD + RUNTIME, "g").dumps(), keys=False)
    b = Builder()
    si._absorb(b, stored, len(OLD))
    sb = Builder()
    for e in new:
        sb.add_entry(e)
    seg = Index.loads(sb.finish(keys=False).dumps(), keys=False)
    si._absorb(b, seg)
    for e in RUNTIME:
        b.add_entry(e)
    monkeypatch.setattr(ix, "_build_keys", counted)
    try:
        return b.finish("g", keys_of=stored).dumps()
    finally:
        monkeypatch.setattr(ix, "_build_keys", real)


def test_a_release_bringing_no_new_pattern_takes_the_stored_keys_and_lays_out_one_build(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    spy: list[int] = []
    new = _release("1.1", 10)
    assert _added(new, spy, monkeypatch) == Index.build(OLD + new + RUNTIME, "g").dumps()
    assert spy == []  # the keys were not chosen again


def test_a_release_bringing_a_new_pattern_chooses_every_key_again(monkeypatch: pytest.MonkeyPatch) -> None:
    # the new template shares a chunk with an old one: that one's keys may change
    spy: list[int] = []
    new = _release("1.1", 10, (_entry(30, "1.1", "the configuration file is gone", "lib/c.py", 3),))
    assert _added(new, spy, monkeypatch) == Index.build(OLD + new + RUNTIME, "g").dumps()
    assert spy == [1]


def _held_keys(monkeypatch: pytest.MonkeyPatch) -> list[list[list[str] | None] | None]:
    """What each ``Builder._keys_held`` call gave ``_build_keys``, in order."""
    seen: list[list[list[str] | None] | None] = []
    real = Builder._keys_held

    def spied(self: Builder, other: Index, sets: list[set[str]]) -> list[list[str] | None] | None:
        out = real(self, other, sets)
        seen.append(out)
        return out

    monkeypatch.setattr(Builder, "_keys_held", spied)
    return seen


def test_a_new_pattern_has_only_the_patterns_sharing_a_chunk_with_it_keyed_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # "the configuration file is gone" shares its first chunks with OLD's first template: that
    # one's document frequencies change, the others' do not (hist45)
    held = _held_keys(monkeypatch)
    spy: list[int] = []
    new = _release("1.1", 10, (_entry(30, "1.1", "the configuration file is gone", "lib/c.py", 3),))
    assert _added(new, spy, monkeypatch) == Index.build(OLD + new + RUNTIME, "g").dumps()
    (taken,) = held
    assert taken is not None
    b = Builder()
    for e in OLD + new + RUNTIME:
        b.add_entry(e)
    p_lits = b.w.sec["p_lits"]
    text = [b.w.text(p_lits[pid]) for pid in range(b.n_patterns)]
    again = {text[pid] for pid, keys in enumerate(taken) if keys is None}
    assert again == {"theconfigurationfilecouldnotbeparsedatall", "theconfigurationfileisgone"}
    assert sum(keys is not None for keys in taken) == b.n_patterns - 2


def test_a_pattern_dropped_or_a_stored_key_table_out_of_bounds_keys_as_one_build() -> None:
    stored = Index.loads(Index.build(OLD + RUNTIME, "g").dumps(), keys=False)
    # the stored index holds a pattern the merge does not (its chunks' frequencies fall)
    kept = OLD[1:] + RUNTIME
    b = Builder()
    for e in kept:
        b.add_entry(e)
    assert b.finish("g", keys_of=stored).dumps() == Index.build(kept, "g").dumps()
    # key ids past the stored key texts: nothing is taken, every key is chosen again
    stored._sec["p_keys"] = memoryview(array("I", [10**6] * len(stored._sec["p_keys"])))
    b = Builder()
    for e in OLD + RUNTIME:
        b.add_entry(e)
    b.add_entry(_entry(31, "1.1", "a template new to the merge", "lib/d.py", 1))
    assert b._keys_held(stored, [set()] * b.n_patterns) is None
    entries = [*OLD, *RUNTIME, _entry(31, "1.1", "a template new to the merge", "lib/d.py", 1)]
    assert b.finish("g", keys_of=stored).dumps() == Index.build(entries, "g").dumps()


def test_the_key_sections_taken_are_every_section_choosing_the_keys_writes() -> None:
    entries = OLD + RUNTIME
    b = Builder()
    for e in entries:
        b.add_entry(e)
    w = b.w
    before = set(w.sec)
    p_lits = w.sec["p_lits"]
    ix._build_keys(
        w, lambda pid: ix.loose_lits(tuple(w.text(p_lits[pid]).split(" "))), b.n_patterns, b._runtime
    )
    assert set(w.sec) - before == set(KEY_SECTIONS)
    assert set(KEY_SECTIONS) <= set(ix.SECTIONS)


def test_patterns_differing_in_a_literal_or_the_interpreter_flag_are_not_the_same() -> None:
    stored = Index.loads(Index.build(OLD + RUNTIME, "g").dumps(), keys=False)
    same = Builder()
    for e in OLD + RUNTIME:
        same.add_entry(e)
    assert same._same_patterns(stored)
    other = Builder()
    for e in [*OLD[:-1], _entry(4, "1.0", "bad {x} values", "lib/b.py", 7), *RUNTIME]:
        other.add_entry(e)
    assert not other._same_patterns(stored)
    flagged = Builder()
    for e in OLD + RUNTIME:
        flagged.add_entry(e)
    flagged._runtime[0] ^= 1
    assert not flagged._same_patterns(stored)
    fewer = Builder()
    for e in OLD:
        fewer.add_entry(e)
    assert not fewer._same_patterns(stored)


# the (path, line) table of a take left in the stored index's arrays (``FrozenLines``)


def _other(key: int, path: str, line: int, repo: str) -> CatalogueEntry:
    return _entry(key, "9", f"text handed over {key}", path, line, repo=repo)


def test_a_taken_line_table_joined_split_and_extended_lays_out_one_build() -> None:
    # after the take: an entry joins a stored (path, line) row, another opens a line between two
    # stored ones, another a path of its own (the written path rows move); the entries after the
    # taken ones (the interpreter's, and another codebase's text at a taken path: a row of both)
    # are left out of the stored rows and come back after the release, as a build lays them out
    old = [
        *OLD,
        _entry(5, "1.0", "second at a line", "lib/a.py", 30),
        _entry(6, "1.0", "third at a line", "lib/a.py", 50),
    ]
    tail = [*RUNTIME, _other(91, "lib/a.py", 10, "other/lib"), _other(92, "lib/a.py", 99, "other/lib")]
    new = [
        _entry(11, "1.1", "the configuration file could not be parsed at all", "lib/a.py", 10),  # joins
        _entry(12, "1.1", "a line between", "lib/a.py", 40),  # a new row between two stored ones
        _entry(13, "1.1", "a path of its own", "aaa/new.py", 3),  # a new path
        _entry(14, "1.1", "bad {x} value", "lib/b.py", 5),
    ]
    stored = Index.loads(Index.build(old + tail, "g").dumps(), keys=False)
    b = Builder()
    si._absorb(b, stored, len(old))
    assert b._tables.line_base is not None
    assert not b._tables.line_sites  # no row made into the dict by the take
    for e in new + tail:
        b.add_entry(e)
    assert b.finish("g").dumps() == Index.build(old + new + tail, "g").dumps()
    # and a take of every entry, nothing added after it
    whole = Builder()
    si._absorb(whole, stored)
    assert whole.finish("g").dumps() == Index.build(old + tail, "g").dumps()


def test_a_forked_builder_shares_the_taken_line_table_but_not_the_rows_taken_out_of_it() -> None:
    stored = Index.loads(Index.build(OLD + RUNTIME, "g").dumps(), keys=False)
    b = Builder()
    si._absorb(b, stored, len(OLD))
    fork = b.fork()
    assert fork._tables.line_base is b._tables.line_base
    fork.add_entry(_entry(20, "1.1", "bad {x} value", "lib/b.py", 5))
    assert fork._tables.lines_taken and not b._tables.lines_taken
    assert b.finish("g").dumps() == Index.build(OLD, "g").dumps()


@pytest.mark.parametrize("damage", ["order", "entry", "path"])
def test_a_stored_line_table_out_of_order_or_bounds_is_corrupt(damage: str) -> None:
    from array import array

    stored = Index.loads(Index.build(OLD + RUNTIME, "g").dumps(), keys=False)
    sec = dict(stored._sec)
    keys = array("Q", sec["sl_key"])
    if damage == "order":
        keys[0], keys[1] = keys[1], keys[0]
        sec["sl_key"] = memoryview(keys)
    elif damage == "entry":
        ents = array("I", sec["sl_ents"])
        ents[0] = stored.n_entries
        sec["sl_ents"] = memoryview(ents)
    else:
        keys[-1] = (len(sec["pa_hash"]) + 5) << 32
        sec["sl_key"] = memoryview(keys)
    with pytest.raises(ix.CorruptIndex):
        si._absorb(Builder(), Index(sec, {"generation": "g"}, keys=False), len(OLD))
