"""What a very common pattern leaves on the heap (perf44): its (type, kind) groups kept as
arrays whose ids the cyclic collector does not walk, its entries read for the grouping and for a few
first ones without being kept on its ``Pattern``. Each is checked against the entries read in
full, on a real index built from catalogue entries."""

from __future__ import annotations

import gc

from test_match_index import queries, synthetic_entries

from errdex.match import Matcher, build_index
from errdex.match.index import Index


def _grouped_by_reading_all(idx: Index, pid: int) -> list[list[int]]:
    """The grouping as main made it: every entry of the decoded pattern, in order, put in the
    list of its site's (type, kind), the lists in the order of their first entries."""
    s = idx._sec
    by_type: dict[tuple[int, int], list[int]] = {}
    for ei in idx.patterns[pid].entries:
        at = s["e_site"][ei]
        by_type.setdefault((s["st_type"][at], s["st_kind"][at]), []).append(ei)
    return list(by_type.values())


def _index() -> Index:
    return Index.loads(build_index(synthetic_entries(), "g44").dumps())


def test_groups_are_the_entries_grouped_and_left_out_of_the_collectors_walks() -> None:
    idx = _index()
    grouped = sorted(idx.groups.big)
    assert grouped  # synthetic_entries makes one pattern common enough to group
    for pid in grouped:
        groups = idx.groups.get(pid)
        assert groups is not None and len(groups) > 0
        # read for the grouping, the pattern's entries are not kept on it
        assert idx.patterns[pid]._entries is None
        # a collection visits what ``gc.get_referents`` lists: the array's type, not its ids
        assert not any(isinstance(r, int) for g in groups for r in gc.get_referents(g))
        assert [list(g) for g in groups] == _grouped_by_reading_all(idx, pid)
        assert idx.groups.get(pid) is groups  # made once
    assert idx.groups.get(next(p for p in range(idx.n_patterns) if p not in idx.groups)) is None


def test_a_patterns_first_entries_are_its_entries_cut() -> None:
    idx = _index()
    fresh = _index()
    for pid in range(idx.n_patterns):
        pat, other = idx.patterns[pid], fresh.patterns[pid]
        n = len(pat.entries)
        for limit in (0, 1, 2, 8, n - 1, n, n + 1):
            # not read yet (from the arrays), and read (a slice of the list kept)
            assert other.first(limit) == pat.entries[: max(limit, 0)], (pid, limit)
            assert other._entries is None
            assert pat.first(limit) == pat.entries[: max(limit, 0)]
    assert other.first(-1) == [] == pat.first(-1)


def test_answers_are_the_same_with_groups_made_in_any_order() -> None:
    entries = synthetic_entries()
    asked = queries(entries, 120, seed=44)
    a = Matcher(Index.loads(build_index(entries, "g44").dumps()))
    warmed = Index.loads(build_index(entries, "g44").dumps())
    for pid in sorted(warmed.groups.big, reverse=True):  # every group made before any query
        warmed.groups.get(pid)
    b = Matcher(warmed)
    for text, _source, _whole in asked:
        assert a.explain(text).to_json() == b.explain(text).to_json(), text


def test_a_patterns_entries_are_read_by_one_reader_cut_at_a_limit() -> None:
    idx = _index()
    s = idx._sec
    for pid in range(idx.n_patterns):
        whole = s["p_ents"][s["p_entoff"][pid] : s["p_entoff"][pid + 1]].tolist()
        assert idx.pattern_entries(pid) == whole
        for limit in (-1, 0, 1, 3, len(whole), len(whole) + 1):
            assert idx.pattern_entries(pid, limit) == whole[: max(limit, 0)], (pid, limit)
        assert idx.patterns[pid]._entries is None  # read, not kept


def test_groups_made_at_load_are_the_ones_a_query_makes() -> None:
    idx, fresh = _index(), _index()
    idx.groups.make_all()
    # every grouped pattern is grouped now, none asked for later builds anything
    assert set(idx.groups._cache) == idx.groups.big
    for pid in idx.groups.big:
        groups, asked = idx.groups.get(pid), fresh.groups.get(pid)
        assert groups is not None and asked is not None
        assert [list(g) for g in groups] == [list(g) for g in asked] == _grouped_by_reading_all(fresh, pid)


def test_a_group_is_found_by_its_site_and_its_type_and_kind() -> None:
    # sites with the same (type, kind) share one group, in the pattern's order: the grouping
    # looks a site's group up once and must still merge sites of one type and kind
    idx = _index()
    s = idx._sec
    merged = 0
    for pid in idx.groups.big:
        groups = idx.groups.get(pid)
        assert groups is not None
        for g in groups:
            sites = {s["e_site"][ei] for ei in g}
            assert len({(s["st_type"][at], s["st_kind"][at]) for at in sites}) == 1
            merged += len(sites) > 1
            assert list(g) == sorted(g, key=idx.pattern_entries(pid).index)
    assert merged  # the synthetic index has groups of several sites
