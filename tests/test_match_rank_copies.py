"""Ranking many copies of one raise (issue #13: a message cut short at 10M synthetic templates
ties the near-duplicates of its template, ~97 patterns and ~219 entries scored a query):
what does not change from one entry of a pattern to the next is read once.

- ``Ranker._spaced_as_written`` asks whether the message holds an entry's own segments once
  per (pattern, template string), not once per entry;
- ``Ranker._kinds`` reads the columns in C passes under a traceback too (frame evidence asked
  entry by entry), equal to ``_alike`` entry by entry;
- ``Ranker._score`` reads the pattern's printing terms (``_printing``) once per candidate.

Each is checked for its answers and for the work counted."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from errdex.match import Matcher
from errdex.match.candidates import Cand
from errdex.match.rank import (
    Ranker,
)
from errdex.model import CatalogueEntry, render_template

COPIES = 6  # two raises a copy: 12 entries of one pattern, a group ``_spaced_as_written`` reads
LIMIT = 10


def _entry(key: int, repo: str, line: int, segs: list[str], function: str) -> CatalogueEntry:
    return CatalogueEntry(
        key=key, error_id=f"{function}-{line}-{repo}", repo=repo, version="1.0", snapshot_date=None,
        kind="error", exc_type="ValueError", exc_qualname=None, template=render_template(segs),
        segments=segs, path="frames/format.py", line=line, function=function,
    )  # fmt: skip


def _catalogue() -> list[CatalogueEntry]:
    """Each copy: pandas' two raises of one text but for a space (``interval [0,1]`` in a
    formatter, ``interval [0, 1]`` in a validator: one pattern, two template strings)."""
    out: list[CatalogueEntry] = []
    for k in range(COPIES):
        repo = f"o/frames-{k}"
        out.append(_entry(len(out), repo, 10, ["percentiles should all be in the interval [0,1]"], "fmt_pct"))
        out.append(
            _entry(len(out), repo, 20, ["percentiles should all be in the interval [0, 1]"], "check_q")
        )
    return out


@pytest.fixture(scope="module")
def matcher() -> Matcher:
    return Matcher.from_entries(_catalogue())


def _answers(m: Matcher, text: str) -> list[tuple[str, str, int, float, tuple[str, ...]]]:
    res = m.explain(text, limit=LIMIT)
    return [(x.id, x.repo, x.line, round(x.score, 9), tuple(x.reasons)) for x in res.matches]


def _counting(mp: pytest.MonkeyPatch, owner: type, name: str) -> list[int]:
    calls: list[int] = []
    real = getattr(owner, name)

    def counted(*a: object, **k: object) -> object:
        calls.append(1)
        return real(*a, **k)

    mp.setattr(owner, name, counted)
    return calls


SPACED = [
    ("ValueError: percentiles should all be in the interval [0, 1]", "check_q"),
    ("ValueError: percentiles should all be in the interval [0,1]", "fmt_pct"),
]


@pytest.mark.parametrize(("text", "function"), SPACED)
def test_spacing_read_once_per_template(
    matcher: Matcher, monkeypatch: pytest.MonkeyPatch, text: str, function: str
) -> None:
    with monkeypatch.context() as mp:
        reads = _counting(mp, Ranker, "_written_segs")
        res = matcher.explain(text, limit=2 * COPIES)
    # the raise spaced as the message comes first, lifted by its spacing, in every copy; the
    # other raise of each copy after them, not lifted
    spaced = "the message is spaced as this template is written, unlike another of the same words"
    assert [x.function for x in res.matches] == [function] * COPIES + [
        x.function for x in res.matches[COPIES:] if x.function != function
    ]
    assert len(res.matches) == 2 * COPIES
    assert [spaced in x.reasons for x in res.matches] == [True] * COPIES + [False] * COPIES
    # one pattern, two template strings: two reads, where each of the 12 entries was read
    assert len(reads) == 2, len(reads)


TRACEBACK = """\
Traceback (most recent call last):
  File "/home/u/app.py", line 3, in <module>
    check_q(q)
  File "/home/u/.venv/lib/python3.12/site-packages/frames/format.py", line 20, in check_q
    raise ValueError("percentiles should all be in the interval [0, 1]")
ValueError: percentiles should all be in the interval [0, 1]
"""


def test_kinds_under_a_traceback_are_alikes(matcher: Matcher, monkeypatch: pytest.MonkeyPatch) -> None:
    """``_kinds`` under a traceback (frame evidence for every entry) equals ``_alike`` entry by
    entry, with a pointed codebase and a raise of the pasted class among them; ``_alike`` is
    not called for a pattern's many entries."""
    seen: list[int] = []
    real = Ranker._kinds

    def check(self: Ranker, eis: list[int], c: Cand) -> Iterator[object]:
        fr, ev = self.ev.frames, self.ev
        assert fr.info.deepest_path is not None  # the framed path
        kept = ev.pointed, ev.typed
        ev.pointed, ev.typed = {self.idx.entry_repo(eis[3])}, {eis[1]}
        try:
            got = real(self, eis, c)
            assert got == [self._alike(ei, c) for ei in eis]
            assert got[1] is None and [k is not None and k[2] for k in got].count(True) >= 1
            assert {k[0] for k in got if k is not None} != {0.0}  # frame evidence was read
        finally:
            ev.pointed, ev.typed = kept
        seen.append(len(eis))
        return real(self, eis, c)  # type: ignore[return-value]

    with monkeypatch.context() as mp:
        mp.setattr(Ranker, "_kinds", check)
        matcher.explain(TRACEBACK, limit=LIMIT)
    assert seen and max(seen) >= 2 * COPIES, seen
    with monkeypatch.context() as mp:
        alike = _counting(mp, Ranker, "_alike")
        res = matcher.explain(TRACEBACK, limit=LIMIT)
    assert not alike
    assert res.matches[0].function == "check_q" and res.matches[0].line == 20


@pytest.mark.parametrize("text", [SPACED[0][0], TRACEBACK])
def test_printing_terms_read_once_per_pattern(
    matcher: Matcher, monkeypatch: pytest.MonkeyPatch, text: str
) -> None:
    with monkeypatch.context() as mp:
        scored = _counting(mp, Ranker, "_score")
        terms = _counting(mp, Ranker, "_unprintable")
        matcher.explain(text, limit=LIMIT)
    # every entry is scored, the pattern's terms read once (``_printing_reasons`` reads them
    # again for the matches shown: not in ``_score``)
    assert len(scored) >= 2 * COPIES
    assert len(terms) <= 1 + LIMIT, (len(scored), len(terms))


def test_printing_is_the_four_terms(matcher: Matcher, monkeypatch: pytest.MonkeyPatch) -> None:
    got: list[tuple[tuple[float, float, float], tuple[float, float, float]]] = []
    real = Ranker._printing

    def check(self: Ranker, c: Cand) -> tuple[float, float, float]:
        terms = real(self, c)
        want = (
            self._other_class_printed(c),
            self._unprintable(c),
            self._split_brackets(c) + self._name_unshaped(c),
        )
        got.append((terms, want))
        return terms

    monkeypatch.setattr(Ranker, "_printing", check)
    matcher.explain(SPACED[0][0], limit=LIMIT)
    assert got and all(a == b for a, b in got)
