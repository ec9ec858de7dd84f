"""The reader of raise sites a runtime hook opens: ``lite``'s own where it can answer, else the
fast reader (or the full store) that ``fast.open_reader`` picks.

Apart from ``lite``, so that ``lite`` imports nothing above it and the hook, which imports this
module, loads ``fast`` only for a catalogue ``lite`` cannot read.
"""

from __future__ import annotations

from typing import Any

from errdex.store.lite import SiteReader, current_reader

__all__ = ["open_site_reader"]


def open_site_reader(db: str | None) -> Any:
    """A reader that answers ``raise_sites`` for ``db``: ``lite``'s for a SQLite catalogue of
    the current schema, else ``store.fast.open_reader``'s (the full store for another schema or
    database, which upgrades or says why it cannot, as every reader does)."""
    reader = current_reader(db, SiteReader)
    if reader is not None:
        return reader
    from errdex.store.fast import open_reader

    return open_reader(db)
