"""The matcher as the web server sees it: loaded once, reloaded when the catalogue changes.

The real matcher lives in ``errdex.match`` (``Matcher.load(store)`` then ``.explain(text)``).
Building it costs far more than one search, so the server keeps one per catalogue generation and
swaps it when ``errdex index`` commits a new snapshot. While a new one is being built, searches
keep using the old one instead of queueing behind the rebuild.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

__all__ = ["MatcherHolder", "SearchResult"]


class MatcherLike(Protocol):
    def explain(self, text: str, limit: int = 10) -> Any: ...


@dataclass(slots=True)
class SearchResult:
    """What the search page and ``/api/search`` render: the matcher's result as plain JSON."""

    query: str
    verdict: str
    matches: list[dict[str, Any]]
    generation: str
    outcome: str = "none"  # ``match.VERDICTS``: exact, approximate, builtin or none
    hint: str | None = None  # with no match: the command that would index what is missing

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "query": self.query,
            "verdict": self.verdict,
            "outcome": self.outcome,
            "matches": self.matches,
        }
        if self.hint:
            out["hint"] = self.hint
        return out


class MatcherHolder:
    """One matcher per catalogue generation, rebuilt lazily and without blocking searches."""

    def __init__(self, store: Any, on_load: Callable[[str], None] | None = None) -> None:
        self._store = store
        self._on_load = on_load  # called with the generation after each (re)build
        self._lock = threading.Lock()
        self._matcher: MatcherLike | None = None
        self._generation: str | None = None

    def get(self, generation: str) -> MatcherLike:
        current = self._matcher
        if current is not None and self._generation == generation:
            return current
        # Someone else is rebuilding: answer from the previous generation rather than wait.
        if current is not None and not self._lock.acquire(blocking=False):
            return current
        if current is None:
            self._lock.acquire()
        try:
            if self._matcher is None or self._generation != generation:
                self._matcher = self._load()
                self._generation = generation
                if self._on_load is not None:
                    self._on_load(generation)
            return self._matcher
        finally:
            self._lock.release()

    def _load(self) -> MatcherLike:
        # every worker process of `errdex serve --workers N` maps the same index file
        from errdex.match.shared_index import shared_matcher

        return shared_matcher(self._store)
