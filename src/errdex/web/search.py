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
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from errdex.history.matching import Placement, UnknownRelease
    from errdex.match.result import Match

__all__ = ["MatcherHolder", "SearchMatch", "SearchResult"]


class MatcherLike(Protocol):
    def explain(self, text: str, limit: int = 10) -> Any: ...


@dataclass(frozen=True, slots=True)
class SearchMatch:
    """One match as the site shows it: the matcher's answer, the template split where the
    pasted values go, and where the wording sits among the codebase's releases."""

    match: Match
    segments: tuple[str, ...]
    history: Placement | UnknownRelease | None = None  # None: one release indexed

    def to_json(self) -> dict[str, Any]:
        out = self.match.to_json()
        out["segments"] = list(self.segments)
        if self.history is not None:
            out["history"] = self.history.to_json()
        return out


@dataclass(frozen=True, slots=True)
class SearchResult:
    """What the search page and ``/api/search`` render: the matcher's result and its matches."""

    query: str
    verdict: str
    matches: tuple[SearchMatch, ...]
    generation: str
    outcome: str = "none"  # ``match.VERDICTS``: exact, approximate, builtin or none
    hint: str | None = None  # with no match: the command that would index what is missing

    @property
    def tie(self) -> int:
        """``match.Result.tie``: how many sites the first answer is one of, 0 when it stands alone."""
        from errdex.match.result import tie_size  # the web app loads the matcher lazily

        return tie_size([m.match for m in self.matches])

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "query": self.query,
            "verdict": self.verdict,
            "outcome": self.outcome,
            "tied": self.tie,
            "matches": [m.to_json() for m in self.matches],
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
        # matchers built so far: the server's start builds the first one (``WebState.warm``),
        # so a search finds it ready; a later one comes with a new catalogue generation
        self.loads = 0

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
                self.loads += 1
                if self._on_load is not None:
                    self._on_load(generation)
            return self._matcher
        finally:
            self._lock.release()

    def _load(self) -> MatcherLike:
        # every worker process of `errdex serve --workers N` maps the same index file
        from errdex.match.shared_index import shared_matcher

        return shared_matcher(self._store)
