"""A value pasted alone (``AssertionError: 1411``) ranks an all-placeholder pattern that every
copy of a codebase raises: one kind of entry (``Ranker._alike``) by hundreds, of which ``_Ties``
scores ``2 * k`` and passes over the rest. Ranking takes the entries kind by kind
(``Ranker._score_part``): a settled kind's later copies are passed over together, and with no
frame evidence the kinds are read from the columns (issue #13: at 2M synthetic templates, 51
such patterns of 128-256 entries made 7 of the 10 slowest queries).

The work is counted (``_alike`` and ``_Ties.settled`` calls, entries scored), and the answers
are checked against the step per entry that ranking took before."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from errdex.match import Matcher, rank
from errdex.match.rank import Ranker, _Scored, _Ties
from errdex.model import CatalogueEntry, render_template

COPIES = 128  # under ``BIG_PATTERN``: every entry of the pattern is read
LIMIT = 10


def _entry(key: int, repo: str, line: int, segs: list[str], exc: str = "AssertionError") -> CatalogueEntry:
    return CatalogueEntry(
        key=key, error_id=f"check-{line}-{repo}", repo=repo, version="1.0", snapshot_date=None,
        kind="error", exc_type=exc, exc_qualname=None, template=render_template(segs),
        segments=segs, path="tablib/core.py", line=line, function="Table.check",
    )  # fmt: skip


def _catalogue() -> list[CatalogueEntry]:
    """Each copy: ``raise AssertionError(msg)`` on line 50 (one pattern for all copies), and a
    worded raise on line 40 of its own."""
    out: list[CatalogueEntry] = []
    for k in range(COPIES):
        repo = f"o/tablib-{k}"
        out.append(_entry(len(out), repo, 50, ["", "msg", ""]))
        out.append(_entry(len(out), repo, 40, ["column ", "name", f" is not known (copy {k})"], "ValueError"))
    return out


@pytest.fixture(scope="module")
def matcher() -> Matcher:
    return Matcher.from_entries(_catalogue())


def _per_entry(self: Ranker, c: rank.Cand, part: list[int], ties: _Ties) -> tuple[list[_Scored], bool]:
    """The step per entry ``rank`` took before ``_score_part``: each entry's kind read alone
    and checked against ``_Ties`` in turn."""
    got: list[_Scored] = []
    skipped = False
    for ei in part:
        alike = self._alike(ei, c)
        if alike is not None and ties.settled(alike, ei):
            skipped = skipped or alike not in ties.dead
            continue
        s = self._score(ei, c, None if alike is None else alike[0])
        if s is None:
            if alike is not None:
                ties.dead.add(alike)
            continue
        got.append(s)
        if alike is not None:
            ties.note(alike, ei, s.error, s.where)
    return got, skipped


class _Count:
    """Calls of ``Ranker._alike``, ``_Ties.settled`` and ``Ranker._score`` while it is on."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.n = {"alike": 0, "settled": 0, "score": 0}
        for owner, name, label in [
            (Ranker, "_alike", "alike"), (_Ties, "settled", "settled"), (Ranker, "_score", "score"),
        ]:  # fmt: skip
            monkeypatch.setattr(owner, name, self._wrap(getattr(owner, name), label))

    def _wrap(self, f: object, label: str) -> object:
        def g(*a: object, **k: object) -> object:
            self.n[label] += 1
            return f(*a, **k)  # type: ignore[operator]

        return g


QUERIES = [
    "AssertionError: 1411",
    "AssertionError: {'a': 1}",
    "ValueError: column price is not known (copy 7)",
]


def _answers(m: Matcher, text: str) -> tuple[list[tuple[str, str, str, int, float]], str, str | None]:
    res = m.explain(text, limit=LIMIT)
    top = [(x.id, x.repo, x.version, x.line, round(x.score, 9)) for x in res.matches]
    return top, res.verdict, res.tie_some


@pytest.mark.parametrize("text", QUERIES)
def test_answers_are_the_step_per_entrys(
    matcher: Matcher, monkeypatch: pytest.MonkeyPatch, text: str
) -> None:
    got = _answers(matcher, text)
    with monkeypatch.context() as mp:
        mp.setattr(Ranker, "_score_part", _per_entry)
        want = _answers(matcher, text)
    assert got == want
    assert got[0], text


def _counted(m: Matcher, monkeypatch: pytest.MonkeyPatch, per_entry: bool) -> dict[str, int]:
    with monkeypatch.context() as mp:
        if per_entry:
            mp.setattr(Ranker, "_score_part", _per_entry)
        count = _Count(mp)
        m.explain("AssertionError: 1411", limit=LIMIT)
        return count.n


def test_a_settled_kinds_copies_are_passed_over_together(
    matcher: Matcher, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = _counted(matcher, monkeypatch, per_entry=True)
    after = _counted(matcher, monkeypatch, per_entry=False)
    # the same entries scored: half the copies read as raises of the pasted class
    # (``Evidence.typed``: each scored), the other half one kind, ``2 * k`` of it scored
    assert before["score"] == after["score"] == COPIES // 2 + 2 * LIMIT, (before, after)
    # the step per entry reads each copy's kind and asks ``settled`` of each of that kind
    assert before["alike"] == COPIES and before["settled"] == COPIES // 2, before
    # kind by kind: the kinds from the columns (no frame evidence), ``settled`` asked of the
    # entries scored and of the one that settles the kind; the 43 after it passed together
    assert after["alike"] == 0, after
    assert after["settled"] == 2 * LIMIT + 1, after


def test_kinds_from_columns_are_alikes(matcher: Matcher, monkeypatch: pytest.MonkeyPatch) -> None:
    """``_kinds`` read from the columns equal ``_alike`` entry by entry, a pointed codebase
    and a raise of the pasted class among them."""
    seen: list[int] = []
    real = Ranker._kinds

    def check(self: Ranker, eis: list[int], c: rank.Cand) -> Iterator[object]:
        ev = self.ev
        kept = ev.pointed, ev.typed
        ev.pointed, ev.typed = {self.idx.entry_repo(eis[7])}, {eis[5]}
        try:
            got = real(self, eis, c)
            assert got == [self._alike(ei, c) for ei in eis]
            assert got[5] is None and [k is not None and k[2] for k in got].count(True) == 1
        finally:
            ev.pointed, ev.typed = kept
        seen.append(len(eis))
        return real(self, eis, c)  # type: ignore[return-value]

    monkeypatch.setattr(Ranker, "_kinds", check)
    matcher.explain("AssertionError: 1411", limit=LIMIT)
    assert seen == [COPIES // 2, COPIES // 2], seen  # the typed half, then the other
