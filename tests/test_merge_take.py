"""The stored index and a previous release's segment taken into an empty builder at the level
of their arrays (``shared_index._absorb``): the strings added in one go (``_Writer.add_all_new``)
and every pattern taken as new, where the builder holds none (hist36)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from test_shared_index import _entry

from errdex.match import shared_index as si
from errdex.match.index import Builder, CorruptIndex, Index, _Writer
from errdex.model import CatalogueEntry


def _parts() -> tuple[list[CatalogueEntry], list[CatalogueEntry]]:
    first = [
        _entry(1, "1.0", "bad  value {x}", "lib/a.py", "Parser.method", 10),
        _entry(
            2, "1.0", "no such key", "lib/a.py", "load", 20, exc_type="lib.Missing", exc_bases=("KeyError",)
        ),
        _entry(3, "1.0", "other", "lib/b.py", "load", 5),
        _entry(4, "1.0", "more {y} text", "lib/c.py", "run", 8),
    ]
    second = [
        _entry(5, "1.1", "bad value {x}", "lib/a.py", "Parser.method", 12),
        _entry(
            6, "1.1", "no such key", "lib/a.py", "load", 20, exc_type="lib.Missing", exc_bases=("KeyError",)
        ),
        _entry(7, "1.1", "brand new {z} here", "lib/d.py", "go", 9),
        _entry(8, "1.1", "more {y} text", "lib/c.py", "run", 8),
    ]
    return first, second


def _segment(entries: list[CatalogueEntry]) -> Index:
    b = Builder()
    for e in entries:
        b.add_entry(e)
    return Index.loads(b.finish(keys=False).dumps(), keys=False)


def _one_by_one(entries: list[CatalogueEntry], hash_fn: Callable[[Any], int]) -> bytes:
    b = Builder(hash_fn)
    for e in entries:
        b.add_entry(e)
    return b.finish("g").dumps()


@pytest.mark.parametrize("hash_fn", [hash, lambda v: hash(v) & 3], ids=["hash", "four hashes"])
@pytest.mark.parametrize("limit", [None, 3])
def test_a_take_into_an_empty_builder_finds_its_strings_again_as_adding_them_does(
    hash_fn: Callable[[Any], int], limit: int | None
) -> None:
    # strings whose hash an earlier one took are kept apart (``_clash``), as ``add_bytes``
    # keeps them: the next take (a release added after the stored index) finds each string
    # again, not as a new one, and the merge lays out the bytes adding each entry makes
    first, second = _parts()
    b = Builder(hash_fn)
    si._absorb(b, _segment(first), limit)
    if hash_fn is not hash:
        assert b.w._clash  # the case under test: most strings share a hash
    si._absorb(b, _segment(second))
    assert b.finish("g").dumps() == _one_by_one(first[:limit] + second, hash_fn)


def test_the_strings_are_added_in_one_go_only_into_an_empty_pool_of_distinct_strings() -> None:
    strings = [b"alpha", b"beta", "\u00e9t\u00e9".encode()]
    w = Builder().w
    assert w.add_all_new(map(strings.__getitem__, [0, 2]))
    assert [w.find_bytes(x) for x in strings] == [0, None, 1]
    assert not w.add_all_new(map(strings.__getitem__, [1]))  # the pool holds strings now
    assert w.find_bytes(b"beta") is None
    twice = Builder().w  # a crafted pool holding a string twice: added one by one instead
    assert not twice.add_all_new([b"same", b"same"])
    assert twice.find_bytes(b"same") is None
    with pytest.raises(CorruptIndex, match="not UTF-8"):
        Builder().w.add_all_new([b"ok", b"\xff\xfe"])


def test_a_segment_holding_a_string_twice_is_taken_string_by_string(monkeypatch: pytest.MonkeyPatch) -> None:
    # the pool of a crafted segment with one string twice: the take adds the strings one by one
    # (the second finds the first), so the builder's pool holds it once, as without the bulk path
    from array import array

    first, _ = _parts()
    seg = _segment(first)
    pool = [bytes(seg._pool.get(i).encode()) for i in range(seg._pool.n)]  # type: ignore[union-attr]
    twice = [*pool, pool[0]]
    sections = dict(seg._sec)
    offs = array("I", [0])
    for part in twice:
        offs.append(offs[-1] + len(part))
    sections["str_off"], sections["str_dat"] = memoryview(offs), memoryview(b"".join(twice))
    last = len(twice) - 1
    e_id = array("I", sections["e_id"])
    e_id[0] = last  # the first entry's error id is now the copy
    sections["e_id"] = memoryview(e_id)
    crafted = Index(sections, {"generation": ""}, keys=False)
    b = Builder()
    si._absorb(b, crafted)
    got = b.finish("g").dumps()
    monkeypatch.setattr(_Writer, "add_all_new", lambda *a: False)
    slow = Builder()
    si._absorb(slow, crafted)
    assert got == slow.finish("g").dumps()
    # the copy found as the string it repeats (and the first entry's own error id, unused, gone)
    assert Index.loads(got)._pool.n == len(pool) - 1
