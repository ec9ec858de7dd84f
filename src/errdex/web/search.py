"""The matcher as the web server sees it: loaded once, reloaded when the catalogue changes.

The real matcher lives in ``errdex.match`` (``Matcher.load(store)`` then ``.explain(text)``).
Building it costs far more than one search, so the server keeps one per catalogue generation and
swaps it when ``errdex index`` commits a new snapshot. While a new one is being built, searches
keep using the old one instead of queueing behind the rebuild.

``LiteralMatcher`` is a small stand-in with the same interface, used only when ``errdex.match``
cannot be imported (a partial install, or while that stage is being developed), so the site
still answers with exact literal matches instead of failing.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass, field
from typing import Any, Protocol

log = logging.getLogger("errdex.web")

__all__ = ["LiteralMatcher", "MatcherHolder", "SearchResult"]


class MatcherLike(Protocol):
    def explain(self, text: str, limit: int = 10) -> Any: ...


@dataclass(slots=True)
class SearchResult:
    """What the search page and ``/api/search`` render: the matcher's result as plain JSON."""

    query: str
    verdict: str
    matches: list[dict[str, Any]]
    generation: str
    engine: str  # "errdex.match" or "literal fallback": shown in the API so nobody is misled

    def to_json(self) -> dict[str, Any]:
        return {"query": self.query, "verdict": self.verdict, "matches": self.matches, "engine": self.engine}


class MatcherHolder:
    """One matcher per catalogue generation, rebuilt lazily and without blocking searches."""

    def __init__(self, store: Any) -> None:
        self._store = store
        self._lock = threading.Lock()
        self._matcher: MatcherLike | None = None
        self._generation: str | None = None
        self.engine = "errdex.match"

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
            return self._matcher
        finally:
            self._lock.release()

    def _load(self) -> MatcherLike:
        try:
            from errdex.match import Matcher
        except ImportError as e:
            log.warning("errdex.match unavailable (%s); using the literal fallback matcher", e)
            self.engine = "literal fallback"
            return LiteralMatcher.load(self._store)
        self.engine = "errdex.match"
        return Matcher.load(self._store, repo=None)


# ---------------------------------------------------------------------------- fallback


@dataclass(slots=True)
class _Match:
    data: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return self.data


@dataclass(slots=True)
class _Result:
    query: str
    matches: list[_Match] = field(default_factory=list)
    verdict: str = ""


class LiteralMatcher:
    """Exact matches only: every literal fragment of a template found in order in the text.

    Greedy leftmost search is exact when placeholders may match anything (see DESIGN-NOTES), so
    no regular expressions are needed. Linear in the number of templates: fine as a stand-in.
    """

    def __init__(self, entries: list[Any]) -> None:
        latest: dict[str, Any] = {}
        for e in entries:
            latest[e.error_id] = e  # iter_entries is ordered by occurrence: last = newest snapshot
        self._entries = [e for e in latest.values() if sum(map(len, e.segments[0::2])) >= 6]

    @classmethod
    def load(cls, store: Any) -> LiteralMatcher:
        return cls(list(store.iter_entries()))

    def explain(self, text: str, limit: int = 10) -> _Result:
        found: list[tuple[float, _Match]] = []
        for e in self._entries:
            values = _fit(e.segments, text)
            if values is None:
                continue
            covered = sum(map(len, e.segments[0::2]))
            score = round(covered / max(covered + sum(map(len, values.values())), 1), 3)
            found.append(
                (
                    score,
                    _Match(
                        {
                            "id": e.error_id,
                            "repo": e.repo,
                            "version": e.version,
                            "kind": e.kind,
                            "exc_type": e.exc_type,
                            "template": e.template,
                            "path": e.path,
                            "line": e.line,
                            "function": e.function,
                            "score": score,
                            "approximate": False,
                            "values": values,
                            "reasons": ["every literal fragment found in order"],
                        }
                    ),
                )
            )
        found.sort(key=lambda x: -x[0])
        matches = [m for _, m in found[:limit]]
        verdict = f"{len(found)} exact match{'es' if len(found) != 1 else ''}" if found else "no match"
        return _Result(query=text, matches=matches, verdict=verdict)


def _fit(segments: list[str], text: str) -> dict[str, str] | None:
    """Placeholder values if the literals occur in order, else None."""
    lits = segments[0::2]
    names = segments[1::2]
    pos = text.find(lits[0]) if lits[0] else 0
    if pos < 0:
        return None
    pos += len(lits[0])
    values: dict[str, str] = {}
    for name, lit in zip(names, lits[1:], strict=True):
        if not lit:
            end = text.find("\n", pos)
            end = len(text) if end < 0 else end
        else:
            end = text.find(lit, pos)
            if end < 0:
                return None
        values.setdefault(name, text[pos:end])
        pos = end + len(lit)
    return values
