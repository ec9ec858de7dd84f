"""A SQLAlchemy-free read path for the one thing a cold ``errdex explain`` needs: the match index.

Importing SQLAlchemy costs ~0.2 s, which is most of the half-second budget for answering one
pasted error from a cold start. For a SQLite catalogue the artifact is read here with the
standard library's ``sqlite3``; anything else falls through to the full ``Store`` on first use,
so callers never need to know which one they hold.
"""

from __future__ import annotations

import sqlite3
import zlib
from pathlib import Path
from typing import Any

from errdex.store.urls import StoreError, default_db_url, to_url

__all__ = ["open_reader"]


class SQLiteReader:
    """Reads ``generation`` and artifacts directly; delegates every other call to ``Store``."""

    def __init__(self, path: Path, url: str) -> None:
        self._url = url
        self._full: Any = None
        try:
            self._conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)
            self._conn.execute("select 1 from meta limit 1")
        except sqlite3.Error as e:
            raise StoreError(f"cannot read the catalogue at {path}: {e}; run `errdex index` first") from None

    def generation(self) -> str:
        row = self._conn.execute("select value from meta where key = 'generation'").fetchone()
        return str(row[0]) if row else "0"

    def get_artifact(self, name: str) -> bytes | None:
        row = self._conn.execute(
            "select a.data from artifacts a join meta m on m.key = 'generation' "
            "where a.name = ? and a.generation = m.value",
            (name,),
        ).fetchone()
        # SQLite keeps whatever type a writer stored: only a blob is an artifact (``bytes(n)`` of a
        # crafted integer would allocate n bytes); anything else is rebuilt by its reader
        return row[0] if row and isinstance(row[0], bytes) else None

    def error_source(self, error_id: str, version: str) -> tuple[int, int, str] | None:
        """Same answer as ``Store.error_source``; here so a human ``explain`` stays fast too."""
        row = self._conn.execute(
            "select o.line, o.end_line, b.data from occurrences o "
            "join errors e on e.id = o.error_id join snapshots s on s.id = o.snapshot_id "
            "join files f on f.snapshot_id = o.snapshot_id and f.path = e.path "
            "join blobs b on b.sha = f.blob_sha "
            "where o.error_id = ? and s.version = ? order by o.id desc limit 1",
            (error_id, version),
        ).fetchone()
        if row is None:
            return None
        return int(row[0]), int(row[1]), zlib.decompress(row[2]).decode("utf-8", "surrogatepass")

    def __getattr__(self, name: str) -> Any:
        if self._full is None:
            from errdex.store.sql import Store

            self._full = Store(self._url)
        return getattr(self._full, name)


def open_reader(db: str | None) -> Any:
    """A fast reader for an existing SQLite catalogue, else the full ``Store``."""
    url = to_url(db) if db else default_db_url()
    if url.startswith("sqlite:///"):
        path = Path(url.removeprefix("sqlite:///"))
        if not path.exists():
            raise StoreError(f"no catalogue at {path}; run `errdex index SOURCE` first")
        return SQLiteReader(path, url)
    from errdex.store.sql import Store

    return Store(url)
