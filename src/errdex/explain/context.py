"""Per-snapshot facts shared by every error's analysis, built once and cached.

Analysing one error needs the whole snapshot (the symbol table, the call graph, every other
error for "related", every test expectation), but analysing the 5,900 errors of jax must not
rebuild any of it 5,900 times. A ``SnapshotContext`` holds those tables; it lives in memory keyed
by (database, snapshot, catalogue generation), so a re-index invalidates it, and the parsed
project index is also stored as a store artifact so a fresh process skips the parse.
"""

from __future__ import annotations

import contextlib
import pickle
import threading
import time
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from errdex.explain.callgraph import CallGraph, build_callgraph
from errdex.explain.related import RelatedIndex
from errdex.explain.symbols import ProjectIndex, build_index
from errdex.store import StoreError

__all__ = ["SnapshotContext", "get_context"]

_ARTIFACT_VERSION = "3"
_lock = threading.Lock()
_cache: dict[tuple[str, int], tuple[str, SnapshotContext]] = {}
_checked: dict[tuple[str, int], float] = {}


@dataclass(slots=True)
class SnapshotContext:
    snapshot_id: int
    snapshot: dict[str, Any]
    index: ProjectIndex
    graph: CallGraph
    related: RelatedIndex
    expectations: dict[str, list[dict[str, Any]]]  # error id -> expectations linked to it
    n_expectations: int
    _texts: dict[str, list[str]] = field(default_factory=dict)

    def lines(self, store: Any, path: str) -> list[str]:
        if path not in self._texts:
            if len(self._texts) > 64:
                self._texts.clear()
            self._texts[path] = (store.file_text(self.snapshot_id, path) or "").splitlines()
        return self._texts[path]


def get_context(store: Any, snapshot_id: int) -> SnapshotContext:
    key = (str(store.url), snapshot_id)
    now = time.monotonic()
    with _lock:
        hit = _cache.get(key)
        # the generation query is cheap but not free: re-check it at most once a second
        if hit is not None and now - _checked.get(key, 0.0) < 1.0:
            return hit[1]
        gen = str(store.generation())
        _checked[key] = now
        if hit is not None and hit[0] == gen:
            return hit[1]
        ctx = _build(store, snapshot_id)
        _cache[key] = (gen, ctx)
        return ctx


def _build(store: Any, snapshot_id: int) -> SnapshotContext:
    snap = store.snapshot(snapshot_id)
    name = f"explain-index:{_ARTIFACT_VERSION}:{snapshot_id}"
    blob = store.get_artifact(name)
    index: ProjectIndex | None = None
    graph: CallGraph | None = None
    if blob is not None:
        try:
            index, graph = pickle.loads(blob)
        except Exception:  # an artifact from another errdex version: rebuild
            index = graph = None
    if index is None or graph is None:
        files = [(p, t) for p, t, _ in store.iter_files(snapshot_id, tests=False)]
        index = build_index(files, store.symbols(snapshot_id))
        graph = build_callgraph(index)
        # caching is an optimisation: a read-only catalogue keeps the index in memory
        with contextlib.suppress(StoreError):
            store.put_artifact(name, pickle.dumps((index, graph), protocol=pickle.HIGHEST_PROTOCOL))
    _, rows = store.list_errors(repo=snap["repo"])
    rows = [r for r in rows if r.get("snapshot_id") == snapshot_id] or rows
    exps = store.expectations(snapshot_id)
    by_error: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for e in exps:
        for eid in e.get("error_ids") or []:
            by_error[eid].append(e)
    return SnapshotContext(
        snapshot_id=snapshot_id, snapshot=snap, index=index, graph=graph, related=RelatedIndex(rows),
        expectations=dict(by_error), n_expectations=len(exps),
    )


def clear() -> None:
    with _lock:
        _cache.clear()
