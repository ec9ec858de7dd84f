"""The catalogue: every SQL statement errdex runs lives in this package.

``Store`` (SQLAlchemy Core; SQLite by default, PostgreSQL by URL) is imported lazily so that
light callers — ``errdex explain``'s fast path, ``--help`` — do not pay for SQLAlchemy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from errdex.store.errors import EXIT_FAILURE, EXIT_USAGE, StoreError
from errdex.store.urls import default_db_url, to_url

if TYPE_CHECKING:
    from errdex.store.sql import Store, WriteResult

__all__ = ["EXIT_FAILURE", "EXIT_USAGE", "Store", "StoreError", "WriteResult", "default_db_url", "to_url"]


def __getattr__(name: str) -> Any:
    if name in ("Store", "WriteResult", "content_hash", "decode_text"):
        from errdex.store import sql

        return getattr(sql, name)
    raise AttributeError(f"module 'errdex.store' has no attribute {name!r}")
