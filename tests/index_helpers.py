"""A catalogue's rows as the index stage hands them to the match index (``pipeline``)."""

from __future__ import annotations

from errdex.model import CatalogueEntry
from errdex.pipeline import count_callers
from errdex.store import Store


def counted_entries(store: Store) -> list[CatalogueEntry]:
    """Every row (``Store.iter_entries``), each with its function's resolved callers as the
    index stage stores them (``pipeline.count_callers``) before it builds the match index."""
    count_callers(store)
    return list(store.iter_entries())
