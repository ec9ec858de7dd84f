"""The server's read-only view of the catalogue, with the caches that make pages fast.

Everything cached is keyed by the catalogue *generation* (bumped by every snapshot write), so a
cache never serves data from before an ``errdex index`` that has committed: a new generation
simply misses every key, and the LRU bound evicts the stale ones. The generation itself is
re-read at most every ``GENERATION_TTL`` seconds, which is how fresh the site promises to be.

The explain analysis inside ``error_view`` reads the error's facts from the catalogue (tens of
queries), hence the per-(error, generation) view cache: the second visitor of a page pays only
for a dictionary lookup.

The matcher is large and long-lived (for jax, ~250k objects); a full cyclic GC walks all of it,
a ~140 ms stop of the event loop that showed up as the p99 of cached pages under load.
``settle_heap`` moves it out of the collector's way (``gc.freeze``) once, right after it is
built; see its docstring for the bounds. The analysis keeps nothing that large (it remembers
the modules it read, a bounded few hundred), so a page view never pays for a collection.
"""

from __future__ import annotations

import gc
import json
import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import replace
from pathlib import PurePath
from typing import TYPE_CHECKING, Any

from errdex.store.records import CatalogueReader, ErrorDetail, ErrorSummary, Repo, Snapshot, Version
from errdex.web.render import segments_for
from errdex.web.search import MatcherHolder, SearchMatch, SearchResult

if TYPE_CHECKING:
    from errdex.match.result import Match
    from errdex.views import ErrorView

log = logging.getLogger("errdex.web")

__all__ = ["LRU", "WebState", "dumps", "public_snapshot", "public_version", "public_view"]

GENERATION_TTL = 0.5  # seconds
MISSING: Any = object()


class LRU:
    """A small thread-safe LRU: uvicorn serves sync routes from a thread pool."""

    def __init__(self, maxsize: int) -> None:
        self.maxsize = maxsize
        self._data: OrderedDict[Any, Any] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Any) -> Any:
        with self._lock:
            try:
                self._data.move_to_end(key)
            except KeyError:
                return MISSING
            return self._data[key]

    def put(self, key: Any, value: Any) -> None:
        with self._lock:
            self._data[key] = value
            self._data.move_to_end(key)
            while len(self._data) > self.maxsize:
                self._data.popitem(last=False)

    def get_or(self, key: Any, make: Callable[[], Any]) -> Any:
        value = self.get(key)
        if value is MISSING:
            value = make()
            self.put(key, value)
        return value

    def __len__(self) -> int:
        return len(self._data)


def public_snapshot(snap: Snapshot) -> Snapshot:
    """A snapshot as the site shows it: a directory snapshot's ref is its name, not its path.

    The catalogue records where a directory was indexed from (``/home/alice/src/lib``) so that
    ``errdex show`` can say so on the indexing machine; published, it would tell every visitor
    a user name and a directory layout. ``public_version`` does the same for the releases inside
    an error view.
    """
    if snap.ref_kind != "dir" or not snap.ref:
        return snap
    return replace(snap, ref=PurePath(snap.ref).name)


def public_version(version: Version) -> Version:
    """A release as the site shows it: a directory's ref is its name (see ``public_snapshot``)."""
    if version.kind != "dir" or not version.ref:
        return version
    return replace(version, ref=PurePath(version.ref).name)


def public_view(view: ErrorView) -> ErrorView:
    """``error_view`` as published by the page and ``/api/errors/{id}``: no local paths."""
    return replace(
        view,
        version=public_version(view.version),
        versions=tuple(replace(o, version=public_version(o.version)) for o in view.versions),
    )


class WebState:
    """Shared by all requests of one app: the store, the matcher and the caches."""

    def __init__(self, store: CatalogueReader) -> None:
        self.store = store
        self.matcher = MatcherHolder(store, on_load=lambda gen: self.settle_heap(("matcher", gen)))
        self._settled: set[tuple[Any, ...]] = set()
        self._settle_lock = threading.Lock()
        self._gen = "0"
        self._gen_at = 0.0
        self._gen_lock = threading.Lock()
        self.errors = LRU(4096)  # get_error rows
        self.views = LRU(2048)  # ErrorViews
        self.blobs = LRU(2048)  # rendered bytes: JSON twins and HTML pages
        self.lists = LRU(64)  # per-repo error lists, repo list
        self.searches = LRU(512)
        self.sources = LRU(32)  # whole-file listings can be megabytes of HTML: keep few
        # No per-visitor state lives here: recent searches are kept by each visitor's browser.

    # ------------------------------------------------------------------ generation

    def generation(self) -> str:
        now = time.monotonic()
        if now - self._gen_at < GENERATION_TTL:
            return self._gen
        with self._gen_lock:
            if now - self._gen_at >= GENERATION_TTL:
                self._gen = self.store.generation()
                self._gen_at = time.monotonic()
        return self._gen

    # ------------------------------------------------------------------ errors

    def error(self, error_id: str) -> ErrorDetail | None:
        gen = self.generation()
        value: ErrorDetail | None = self.errors.get((error_id, gen))
        if value is MISSING:
            value = self.store.get_error(error_id)
            self.errors.put((error_id, gen), value)
        return value

    def view(self, error_id: str) -> ErrorView | None:
        """``error_view`` with analysis; falls back to the view without it if explain fails."""
        gen = self.generation()
        value: ErrorView | None = self.views.get((error_id, gen))
        if value is not MISSING:
            return value
        err = self.error(error_id)
        if err is None:
            return None
        from errdex.views import error_view

        try:
            value = public_view(error_view(self.store, err))
        except Exception as e:  # the analysis stage is optional; a page without analysis still helps
            log.warning(
                "analysis of %s failed (%s: %s); serving the static view", error_id, type(e).__name__, e
            )
            value = public_view(error_view(self.store, err, analysis=False))
        self.views.put((error_id, gen), value)
        return value

    def settle_heap(self, key: tuple[Any, ...]) -> None:
        """Freeze the heap once a big long-lived structure (named by ``key``) has been built.

        ``gc.freeze`` keeps the objects alive now out of every later collection, so routine
        collections stay short. It runs once per key (a matcher, per generation), after
        ``unfreeze`` + ``collect`` so that structures replaced since the last freeze (an older
        generation's) are reclaimed instead of pinned: frozen objects are still freed by reference
        counting, only cyclic garbage would wait for the next settle. Cost: one full collection
        per catalogue generation, in the worker thread that just paid far more to build the
        structure.
        """
        with self._settle_lock:
            if key in self._settled:
                return
            if len(self._settled) > 256:  # keys of old generations: forget, never grow without bound
                self._settled.clear()
            self._settled.add(key)
            gc.unfreeze()
            gc.collect()
            gc.freeze()

    def cached_bytes(self, key: tuple[Any, ...], make: Callable[[], Any]) -> Any:
        """Rendered pages/JSON keyed by (kind, id, ..., generation): the hot path of the site."""
        full = (*key, self.generation())
        value = self.blobs.get(full)
        if value is MISSING:
            value = make()
            self.blobs.put(full, value)
        return value

    def view_json(self, error_id: str) -> bytes | None:
        def make() -> bytes | None:
            view = self.view(error_id)
            return None if view is None else dumps(view.to_json())

        body: bytes | None = self.cached_bytes(("json", error_id), make)
        return body

    # ------------------------------------------------------------------ codebases

    def repos(self) -> list[Repo]:
        def make() -> list[Repo]:
            return [
                replace(r, snapshots=tuple(public_snapshot(sn) for sn in r.snapshots))
                for r in self.store.repos()
            ]

        repos: list[Repo] = self.lists.get_or(("repos", self.generation()), make)
        return repos

    def snapshot(self, snapshot_id: int) -> Snapshot:
        return public_snapshot(self.store.snapshot(snapshot_id))

    def repo(self, name: str) -> Repo | None:
        return next((r for r in self.repos() if r.name == name), None)

    def repo_errors(self, name: str) -> list[ErrorSummary]:
        """All errors of a codebase (latest occurrence each), filtered in Python by the pages.

        One query per codebase and generation; filtering a few thousand rows in memory is
        faster than a LIKE query per keystroke and lets ``q`` search template, path and type.
        """

        def make() -> list[ErrorSummary]:
            return self.store.list_errors(repo=name)[1]

        rows: list[ErrorSummary] = self.lists.get_or(("errors", name, self.generation()), make)
        return rows

    # ------------------------------------------------------------------ search

    def cached_search(self, text: str, limit: int = 10) -> SearchResult | None:
        """A search answered before in this generation (the same paste is often sent twice)."""
        result = self.searches.get((text, limit, self.generation()))
        return None if result is MISSING else result

    def search(self, text: str, limit: int = 10) -> SearchResult:
        gen = self.generation()
        key = (text, limit, gen)
        result: SearchResult | Any = self.searches.get(key)
        if result is MISSING:
            result = self._search(text, limit, gen)
            self.searches.put(key, result)
        return result

    def warm(self) -> str | None:
        """Make ready, before the first request, what every search needs: the matcher of the
        current generation (its index mapped from the per-machine file, written there from the
        stored artifact if this is the first process to serve this generation, and the key
        lookup and grouping each process builds) and the modules a search imports.

        Without this the first search paid for all of it (0.2-0.5 s of CPU on a real catalogue,
        seconds on a loaded machine) while later ones take milliseconds. Returns the line the
        server says it with, or None when loading failed: the first search then tries again and
        answers with the error, as it did before."""
        t0 = time.perf_counter()
        gen = self.generation()
        try:
            self.matcher.get(gen)
        except Exception as e:  # a damaged catalogue must not stop the server: its pages still answer
            log.warning(
                "errdex: could not load the match index at start (%s: %s); searches will try again",
                type(e).__name__,
                e,
            )
            return None
        import errdex.history.matching  # noqa: F401  (every search places its answers in the history)

        line = f"errdex: match index ready ({time.perf_counter() - t0:.2f} s, catalogue generation {gen})"
        log.info("%s", line)
        return line

    def _search(self, text: str, limit: int, gen: str) -> SearchResult:
        from errdex.history.matching import place_in_history

        matcher = self.matcher.get(gen)
        raw = matcher.explain(text, limit=limit)
        q = raw.query
        frames = q.blocks[q.primary].frames if q.blocks else q.frames
        matches = tuple(
            # with several releases indexed, ``history``: which have this wording, where it is now
            SearchMatch(
                m,
                tuple(self._segments_for(m)),
                # a library call (``Match.is_call``) is no catalogue entry: no releases hold it
                None if m.is_call else place_in_history(self.store.timeline, m.id, m.repo, frames),
            )
            for m in raw.matches
        )
        return SearchResult(
            query=text,
            verdict=str(raw.verdict or ""),
            matches=matches,
            generation=gen,
            outcome=raw.outcome,
            hint=_index_hint(raw, self.store, bool(matches)),
        )

    def _segments_for(self, match: Match) -> list[str]:
        err = None if match.is_call else self.error(match.id)
        if err is None:
            return [match.template]
        candidates = [err.segments, *(o.expanded_segments for o in reversed(err.occurrences))]
        return segments_for(err.template, candidates, match.values)


def _index_hint(raw: Any, store: Any, matched: bool) -> str | None:
    """What to index so that a search with no match could find one: the packages the pasted
    traceback runs through that the catalogue lacks, else the general command. Beside matches:
    the package of the deepest frame, when it is not indexed (the matches come from elsewhere)."""
    if raw.builtin is not None:
        return None  # the interpreter's own message: no library to index
    from errdex.autoindex import deepest_advice, deepest_missing, missing_packages

    if matched:
        deepest = deepest_missing(list(raw.query.frames), store)
        return None if deepest is None else deepest_advice(deepest)

    frames = list(raw.query.frames) + [f for b in raw.query.blocks for f in b.frames]
    missing = missing_packages(frames, store)
    if missing:
        names = ", ".join(m.top for m in missing[:3])
        return (
            f"The traceback runs through {names}, which is not indexed here. Index the release the error "
            f"came from, e.g. errdex index pypi:{missing[0].top}==VERSION (the distribution that installs "
            f"{missing[0].top}), or run errdex index --env in the environment where it happened."
        )
    return (
        "If a library that is not indexed raised it, index that library's release: errdex index "
        "pypi:NAME==VERSION, or errdex index --env to index every package installed in an environment."
    )


def dumps(data: Any) -> bytes:
    """JSON as the API serves it: UTF-8, no ASCII escaping, anything unusual stringified.

    Text read from indexed code may hold a lone surrogate, which UTF-8 cannot encode; such a
    document is sent with ASCII escapes instead (still valid JSON, same data).
    """
    text = json.dumps(data, ensure_ascii=False, default=str)
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        return json.dumps(data, default=str).encode("ascii")
