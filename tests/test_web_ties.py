"""The search page and its JSON twin present a tie as one: no "best match" among sites the paste
cannot tell apart, each marked as one of N, and the count in the API's answer."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from test_match_rules import entry

from errdex.match import Matcher
from errdex.web.routes_pages import _search_page
from errdex.web.search import SearchMatch, SearchResult


@dataclass
class _State:
    """What ``_search_page`` reads of the web state: a cached search and the codebases."""

    result: SearchResult

    def cached_search(self, q: str, limit: int) -> SearchResult:
        return self.result

    def repos(self) -> list[Any]:
        return []


def _search(entries: list[Any], q: str) -> SearchResult:
    raw = Matcher.from_entries(entries).explain(q)
    return SearchResult(
        query=q,
        verdict=raw.verdict,
        matches=tuple(SearchMatch(m, (m.template,)) for m in raw.matches),
        generation="g1",
        outcome=raw.outcome,
    )


def _page(result: SearchResult) -> str:
    response = asyncio.run(_search_page(_State(result), result.query))  # type: ignore[arg-type]
    return bytes(response.body).decode()


def test_a_tie_is_no_best_match_and_each_site_is_one_of_n() -> None:
    sites = [
        entry(["Box is frozen"], path="lib/box.py", line=line, function=f"Box.{name}", exc_type="BoxError")
        for line, name in ((871, "__setitem__"), (906, "__setattr__"))
    ]
    result = _search(sites, "BoxError: Box is frozen")
    assert result.to_json()["tied"] == 2
    tied = {f"{m['path']}:{m['line']}": m["tied_with"] for m in result.to_json()["matches"]}
    assert tied == {"lib/box.py:871": ["lib/box.py:906"], "lib/box.py:906": ["lib/box.py:871"]}
    html = _page(result)
    assert "best match" not in html
    assert html.count("one of 2 tied sites") == 2
    assert "a tie: 2 sites raise this message" in html


def test_a_site_standing_alone_is_the_best_match() -> None:
    alone = entry(
        ["Box is frozen"], path="lib/box.py", line=906, function="Box.__setattr__", exc_type="BoxError"
    )
    result = _search([alone], "BoxError: Box is frozen")
    assert result.to_json()["tied"] == 0
    html = _page(result)
    assert "best match" in html and "tied sites" not in html
