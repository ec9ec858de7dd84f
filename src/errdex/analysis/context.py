"""Per-snapshot handles shared by every error's analysis, and what they remember.

Analysing one error reads that error's own facts from the catalogue: its module's definitions
and imports, the calls named like its function, its file's other errors, the tests linked to
it. A ``SnapshotContext`` ties those reads to one snapshot and remembers what they returned
(modules, resolved names, callers) for the life of a catalogue generation, so the next error of
the same snapshot is cheaper still; it lives in memory keyed by (database, snapshot), and a
re-index (a new generation) replaces it, and so does another handle on the same database (a
context reads through the handle it was built with, which its owner may have closed). Building
one costs a query, not a parse.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from typing import Any

from errdex.analysis.callgraph import CallGraph
from errdex.analysis.related import RelatedIndex
from errdex.analysis.symbols import ProjectIndex
from errdex.store import StoreError
from errdex.store.facts import FactReader
from errdex.store.records import Expectation, Snapshot

__all__ = ["SnapshotContext", "get_context"]

_lock = threading.Lock()
# (database, snapshot) -> (generation, context, the handle it reads through)
_cache: dict[tuple[str, int], tuple[str, SnapshotContext, object]] = {}
_checked: dict[tuple[str, int], float] = {}
_MAX_TEXTS = 64


@dataclass(slots=True)
class SnapshotContext:
    snapshot_id: int
    snapshot: Snapshot
    reader: FactReader
    index: ProjectIndex
    graph: CallGraph
    related: RelatedIndex
    _texts: dict[str, list[str]] = field(default_factory=dict)
    _n_expectations: int | None = None

    def lines(self, store: Any, path: str) -> list[str]:
        lines = self._texts.get(path)
        if lines is None:  # (another thread may clear the dict meanwhile: keep our own reference)
            if len(self._texts) > _MAX_TEXTS:
                self._texts.clear()
            lines = self._texts[path] = (store.file_text(self.snapshot_id, path) or "").splitlines()
        return lines

    def expectations_of(self, error_id: str) -> list[Expectation]:
        """The snapshot's tests linked to this error, in (path, line) order."""
        return self.reader.expectations_of(self.snapshot_id, error_id)

    @property
    def n_expectations(self) -> int:
        if self._n_expectations is None:
            self._n_expectations = self.reader.expectation_count(self.snapshot_id)
        return self._n_expectations


def get_context(store: Any, snapshot_id: int) -> SnapshotContext:
    key = (str(store.url), snapshot_id)
    now = time.monotonic()
    with _lock:
        hit = _cache.get(key)
        # the generation query is cheap but not free: re-check it at most once a second
        # a context reads through the handle it was built with: another handle (the previous
        # one may be closed by now) gets its own
        if hit is not None and hit[2] is not store:
            hit = None
        if hit is not None and now - _checked.get(key, 0.0) < 1.0:
            return hit[1]
        gen = str(store.generation())
        _checked[key] = now
        if hit is not None and hit[0] == gen:
            return hit[1]
        ctx = _build(store, snapshot_id)
        _cache[key] = (gen, ctx, store)
        return ctx


def _build(store: Any, snapshot_id: int) -> SnapshotContext:
    reader: FactReader = store.facts
    snap = store.snapshot(snapshot_id)
    if not reader.has_facts(snapshot_id):
        raise StoreError(
            f"{snap.repo} {snap.version} was indexed by an older errdex, without the code facts "
            "analysis reads; run `errdex index` on it again",
            kind="schema",
        )
    index = ProjectIndex(reader, snapshot_id)
    return SnapshotContext(
        snapshot_id=snapshot_id, snapshot=snap, reader=reader, index=index, graph=CallGraph(index),
        related=RelatedIndex(reader, snapshot_id),
    )  # fmt: skip


def clear() -> None:
    with _lock:
        _cache.clear()
