"""Ranking keeps what ``Ranker._score`` read of an entry's columns (its codebase, its site's
facts, its error id and statement) on the scored entry, for the passes after scoring and for
``_matches``, which read them again for every entry scored before (scale15). These tests pin
that what is kept is what the index says of each entry, on rankings where every pass reads it."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from test_match_rules import entry

from errdex.match import Matcher
from errdex.match.rank import Ranker
from errdex.model import CatalogueEntry


def _entry(
    segments: list[str], *, version: str, kind: str = "error", error_id: str | None = None, **kw: Any
) -> CatalogueEntry:
    """``test_match_rules.entry`` in one release, of one kind, under one error id if given."""
    e = entry(segments, **kw)
    return replace(e, version=version, kind=kind, error_id=error_id or e.error_id)


def _catalogue() -> list[CatalogueEntry]:
    """One text raised and logged in three releases of two codebases (the log pass reads every
    entry's kind), one error id across releases (``_matches`` tells errors and statements
    apart), near-duplicates fitting in part, and a second class raising the same text."""
    out: list[CatalogueEntry] = []
    for repo in ("o/lib", "o/other"):
        for version in ("1.0", "1.1", "2.0"):
            out.append(
                _entry(["cannot open the store at ", "{path}", ""], repo=repo, version=version,
                      function="Store.open", line=40, error_id=f"{repo}-open")
            )  # fmt: skip
            out.append(
                _entry(["cannot open the store at ", "{path}", ""], repo=repo, version=version, kind="log",
                      exc_type="log.error", function="Store._log", line=52, error_id=f"{repo}-log")
            )  # fmt: skip
            out.append(
                _entry(["cannot open the store at ", "{path}", ""], repo=repo, version=version,
                      exc_type="OSError", path="lib/io.py", function="read", line=7)
            )  # fmt: skip
            out.append(
                _entry(["cannot open the store ", "{name}", " read-only"], repo=repo, version=version,
                      function="Store.reopen", line=61)
            )  # fmt: skip
    return out


@pytest.mark.parametrize(
    "paste",
    [
        "ValueError: cannot open the store at /tmp/x",
        "cannot open the store at /tmp/x",
        "Traceback (most recent call last):\n"
        '  File "/venv/lib/python3.12/site-packages/lib/mod.py", line 40, in open\n'
        "    raise ValueError(msg)\n"
        "ValueError: cannot open the store at /tmp/x",
    ],
)
def test_what_a_scored_entry_keeps_is_what_the_index_says_of_it(
    paste: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    matcher = Matcher.from_entries(_catalogue())
    idx = matcher.index
    kept: list[Any] = []
    score = Ranker._score

    def recording(self: Ranker, ei: int, c: Any, fw: float | None = None) -> Any:
        s = score(self, ei, c, fw)
        if s is not None:
            kept.append(s)
        return s

    monkeypatch.setattr(Ranker, "_score", recording)
    res = matcher.explain(paste)
    assert res.matches and len(kept) >= 6
    assert {s.site.kind for s in kept} >= {"log", "error"}  # the log pass has both to read
    for s in kept:
        repo, site = idx.entry_facts(s.ei)
        assert (s.repo, s.site, s.error, s.where) == (repo, site, idx.entry_id(s.ei), idx.entry_where(s.ei))
    # the matches are one per error and statement, as ``_matches`` tells them from the index
    shown = [(m.id, m.repo, m.version, m.path, m.line) for m in res.matches]
    assert len(set(shown)) == len(shown)
    assert len({m.id for m in res.matches}) == len(res.matches)
