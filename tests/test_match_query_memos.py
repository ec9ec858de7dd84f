"""What a query works out once and keeps (perf42): a template's text with its placeholders
blanked, read with ``str.find``; the pasted classes' relation to the index's classes, kept per
index from query to query; a snapshot's codebase kept as its string. Each is checked against
working it out afresh, on a real index built from catalogue entries."""

from __future__ import annotations

import itertools

from test_match_index import queries, synthetic_entries

from errdex.match import Matcher, build_index, rank
from errdex.match.frames import FrameEvidence
from errdex.match.index import Index
from errdex.match.rank import Evidence, Ranker
from errdex.match.result import literal
from errdex.match.score import FrameInfo, type_relation


def _walked_literal(template: str) -> str:
    """``literal`` as a walk of the template's characters: each placeholder, nested braces in it
    included, becomes ``{}``; a ``}`` outside one is text; an unclosed one blanks the rest."""
    out: list[str] = []
    depth = 0
    for ch in template:
        if ch == "{":
            depth += 1
            if depth == 1:
                out.append("{}")
        elif ch == "}" and depth:
            depth -= 1
        elif not depth:
            out.append(ch)
    return "".join(out)


def test_a_templates_literal_text_is_the_walk_of_its_characters() -> None:
    # every string of braces and text up to nine characters: nested, stray and unclosed braces
    compared = 0
    for n in range(10):
        for chars in itertools.product("{}a", repeat=n):
            template = "".join(chars)
            assert literal(template) == _walked_literal(template), template
            compared += 1
    assert compared == sum(3**n for n in range(10))
    for template in (
        "The file lock '{self.lock_file}' could not be acquired.",
        "Invalid value {value!r:{width}} for {name}: expected {', '.join(sorted(choices))}}",
        "no placeholder } at all",
        "unclosed {name",
        "",
    ):
        assert literal(template) == _walked_literal(template)
    assert literal("a {x} b {y:{w}} c } d") == "a {} b {} c } d"


def test_type_relations_are_kept_per_index_and_pasted_classes_across_queries() -> None:
    entries = synthetic_entries(600, seed=23)
    idx = Index.loads(build_index(entries, "m1").dumps())
    other = Index.loads(build_index(entries, "m2").dumps())
    sites = {(idx.site_facts(s).type, idx.site_facts(s).kind) for s in range(len(idx._sec["st_kind"]))}
    assert len(sites) > 5
    fev = FrameEvidence(FrameInfo([], [], None, None))
    for types in ([], ["ValueError"], ["ShapeError"], ["TypeError", "ValueError"], ["Unheard"]):
        first = Ranker(idx, Evidence(types, fev), None, 10)
        got = {site: first.relation(*site) for site in sites}
        # worked out afresh, the relation of the pasted classes to each site's class is the same
        assert got == {site: type_relation(types, *site, idx.ancestors) for site in sites}
        # a later query of the same classes reads the answers kept, for this index only
        table = rank._RELATIONS[idx][tuple(types)]
        assert set(table) == sites
        again = Ranker(idx, Evidence(list(types), fev), None, 10)
        assert {site: again.relation(*site) for site in sites} == got
        assert rank._RELATIONS[idx][tuple(types)] is table
        assert tuple(types) not in rank._RELATIONS.get(other, {})
    # a table past its bound starts over with the same answers
    pasted = ("ValueError",)
    rank._RELATIONS[idx][pasted].update(
        {(f"Filler{i}", "error"): (0.0, None) for i in range(rank._MEMO_SITES)}
    )
    ranker = Ranker(idx, Evidence(["ValueError"], fev), None, 10)
    site = next(iter(sites))
    assert ranker.relation(*site) == type_relation(["ValueError"], *site, idx.ancestors)  # kept
    assert len(rank._RELATIONS[idx][pasted]) > rank._MEMO_SITES
    assert ranker.relation("lib.errors.Unseen", "error") == type_relation(
        ["ValueError"], "lib.errors.Unseen", "error", idx.ancestors
    )
    assert len(rank._RELATIONS[idx][pasted]) == 1
    # a snapshot's codebase, kept as its string, is the one its row holds
    for snap in range(len(idx._sec["snp_repo"])):
        assert idx.snap_repo(snap) == str(idx._snap(snap)[0])
        assert idx.snap_repo(snap) is idx.snap_repo(snap)


def test_answers_do_not_depend_on_what_earlier_queries_left_kept() -> None:
    """The same queries asked in one order of one matcher and in the other order of a matcher on
    a fresh copy of the index: every answer the same (ids, sites, scores, reasons)."""
    entries = synthetic_entries(900, seed=29)
    data = build_index(entries, "m3").dumps()
    texts = [text for text, _entry, _cut in queries(entries, 60, seed=31)]
    # the same messages pasted with other classes: the relations kept for one class list are not another's
    texts += [f"{t}: {text}" for t in ("ValueError", "TypeError", "ShapeError") for text in texts[:40:4]]

    def answers(matcher: Matcher, order: list[str]) -> dict[str, list[tuple[object, ...]]]:
        out = {}
        for text in order:
            res = matcher.explain(text)
            out[text] = [
                (m.id, m.path, m.line, m.function, m.score, m.approximate, m.reasons) for m in res.matches
            ]
        return out

    forward = answers(Matcher(Index.loads(data)), texts)
    backward = answers(Matcher(Index.loads(data)), texts[::-1])
    assert forward == backward
    assert sum(bool(v) for v in forward.values()) > 100


def test_keys_in_other_capitals_and_as_written_are_found_together() -> None:
    entries = synthetic_entries(300, seed=37)
    idx = Index.loads(build_index(entries, "m4").dumps())
    for text, _entry, _cut in queries(entries, 40, seed=41):
        for cmsg in (text, text.upper(), text.lower(), text.swapcase()):
            folded, held = idx.folded_and_hits(cmsg)
            assert held == idx.hits(cmsg)
            assert folded == (idx.hits(cmsg.lower()) | idx.hits(cmsg.upper())) - idx.hits(cmsg)
            assert not folded & held


def test_with_no_library_frame_no_entry_has_frame_evidence() -> None:
    """``FrameEvidence.weight_of`` without frames answers without reading the entry's site:
    what reading it gives (neither the deepest frame's file nor a codebase it ran through)."""
    entries = synthetic_entries(300, seed=43)
    idx = Index.loads(build_index(entries, "m5").dumps())
    fev = FrameEvidence(FrameInfo([], [], None, None))
    assert fev.info.deepest_path is None and not fev.repos
    for ei in range(idx.n_entries):
        repo, _site = idx.entry_facts(ei)
        assert fev.weight_of(idx, ei, idx.entry_pat[ei]) == 0.0 == fev.weight(idx, ei, idx.entry_pat[ei])[0]
        assert repo not in fev.repos
