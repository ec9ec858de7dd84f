"""A catalogue's rows as the index stage hands them to the match index (``pipeline``)."""

from __future__ import annotations

from errdex.model import CatalogueEntry
from errdex.pipeline import resolved_callers
from errdex.store import Store
from errdex.store import segments as ss


def counted_entries(store: Store) -> list[CatalogueEntry]:
    """Every row (``Store.iter_entries``), each with its function's resolved callers counted per
    snapshot as ``pipeline.resolved_callers`` counts them when the segments are built."""
    counts: dict[int, int] = {}
    for sid, _ in ss.snapshot_stamps(store):
        own = list(store.iter_entries(snapshot_id=sid))
        found = resolved_callers(store, sid, list(dict.fromkeys((e.path, e.function) for e in own)))
        counts.update((e.key, found.get((e.path, e.function), 0)) for e in own)
    rows = list(store.iter_entries())
    for e in rows:
        e.callers = counts[e.key]
    return rows
