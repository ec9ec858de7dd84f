"""The bounded cache of decoded patterns (``Index.patterns``, perf46): at most two generations of
``keep`` patterns stay decoded, a pattern read once a generation is never decoded again, and
what a bounded cache returns is what the unbounded one did, down to every answer."""

from __future__ import annotations

from functools import partial

from test_match_index import queries, synthetic_entries

from errdex.match import Matcher, build_index
from errdex.match.index import PATTERNS_KEPT, Index, Pattern, _Lazy


def _index() -> Index:
    return Index.loads(build_index(synthetic_entries(), "c46").dumps())


def test_the_cache_keeps_at_most_two_generations() -> None:
    made: list[int] = []

    def decode(i: int) -> int:
        made.append(i)
        return i * 10

    cache = _Lazy(100, decode, keep=4)
    for i in range(100):
        assert cache[i] == i * 10
        assert dict.__len__(cache) + len(cache._old) <= 8
    assert made == list(range(100))  # every item decoded once, in order
    assert len(cache) == 100  # the length is the items', as before: callers read it so


def test_a_pattern_read_every_generation_stays_decoded() -> None:
    made: list[int] = []

    def decode(i: int) -> int:
        made.append(i)
        return i

    cache = _Lazy(1000, decode, keep=4)
    for i in range(1, 200):
        cache[0]  # read while 3 others come in: each generation holds it
        cache[i]
    assert made.count(0) == 1
    # read once, then left for two generations: dropped, decoded again when asked
    made.clear()
    for i in range(200, 220):
        cache[i]
    cache[0]
    assert made[-1] == 0
    # read back from the generation before: moved to the current one, not decoded
    made.clear()
    cache[500]
    cache[501]
    cache[502]
    for i in range(503, 506):
        cache[i]
    cache[500]
    assert 500 not in made[3:]


def test_patterns_are_bounded_and_decode_the_same_when_read_again() -> None:
    idx, other = _index(), _index()
    assert isinstance(idx.patterns, _Lazy) and idx.patterns._keep == PATTERNS_KEPT
    small = _Lazy(idx.n_patterns, partial(Pattern, idx), keep=3)
    for _ in range(2):  # the second pass re-decodes what the bound dropped
        for pid in range(idx.n_patterns):
            assert small[pid] == other.patterns[pid], pid
    assert dict.__len__(small) + len(small._old) <= 6


def test_answers_are_the_same_with_a_tiny_pattern_cache() -> None:
    entries = synthetic_entries()
    asked = queries(entries, 120, seed=46)
    plain = Matcher(Index.loads(build_index(entries, "c46").dumps()))
    tiny_index = Index.loads(build_index(entries, "c46").dumps())
    tiny_index.patterns = _Lazy(tiny_index.n_patterns, partial(Pattern, tiny_index), keep=2)
    tiny = Matcher(tiny_index)
    for text, _source, _whole in asked:
        assert plain.explain(text).to_json() == tiny.explain(text).to_json(), text
