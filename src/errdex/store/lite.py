"""The lightest read path: a read-only SQLite connection and the raise sites of one file line.

The runtime hooks (``errdex.hooks``) answer an uncaught exception in a fresh process by one
statement (``store.sites``): the records at the raising frame's file content and line. They need
no match index, no code facts, no record classes beyond ``SiteRow``; importing ``store.fast``
(its record dataclasses, the fact reader, the timeline) cost about twice what the hook's answer
itself costs. So the connection, its probe and the raise-site reads live here, on the standard
library alone, and ``store.fast.SQLiteReader`` builds on ``SiteReader`` for everything else.
"""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path
from typing import Any, Self
from urllib.parse import quote

from errdex.store.errors import StoreError, classify, db_error
from errdex.store.urls import default_db_url, sqlite_file, to_url

__all__ = ["SCHEMA_VERSION", "SiteReader", "connect_readonly", "current_reader"]

# The schema version the statements here are written for: ``schema.SCHEMA_VERSION``, which this
# module cannot import without SQLAlchemy (a test keeps the two equal). A catalogue at another
# version is read by the full store, which upgrades it where it can write and says what to do
# where it cannot.
SCHEMA_VERSION = 20


def _missing(path: Path) -> StoreError:
    return StoreError(
        f"no catalogue at {path}; check --db, or run `errdex index` on a source to create one",
        kind="missing",
    )


def _open_probe(uri: str, path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(uri, uri=True, check_same_thread=False)
    try:
        conn.execute("PRAGMA busy_timeout=5000")
        conn.execute("PRAGMA query_only=1")
        # Touches the file header and the schema: an empty, foreign or damaged file fails here.
        conn.execute("select value from meta where key = 'schema_version'").fetchone()
    except BaseException:
        conn.close()
        raise
    return conn


def connect_readonly(path: Path) -> sqlite3.Connection:
    """A read-only connection to the SQLite catalogue at ``path``; never creates anything.

    A catalogue in WAL mode is read through its ``-shm`` index, which SQLite creates beside the
    file on first open. In a read-only directory (a shared or packaged catalogue, a read-only
    mount) that cannot happen and ``mode=ro`` fails, so the file is then opened ``immutable``:
    read as it is on disk, without locks. That is exact when nobody can write the file — which
    is the case when its directory is read-only — and a writer there would have left a ``-wal``
    (and ``-shm``) beside it, which ``mode=ro`` can read.
    """
    if not path.is_file():
        raise _missing(path)
    base = "file:" + quote(str(path))
    try:
        try:
            return _open_probe(base + "?mode=ro", path)
        except sqlite3.OperationalError as e:
            if classify(e) != "readonly":
                raise
            return _open_probe(base + "?immutable=1", path)
    except sqlite3.OperationalError as e:
        if "no such table" in str(e):
            raise StoreError(
                f"{path} is not an errdex catalogue (a SQLite database without errdex's tables)",
                kind="not-catalogue",
            ) from None
        raise db_error(e, str(path)) from None
    except sqlite3.Error as e:
        raise db_error(e, str(path)) from None


class SiteReader:
    """One read-only connection to a SQLite catalogue: the raise-site reads the hooks make.

    ``current`` says whether the catalogue is at the schema the statements are written for;
    ``sitereader.open_site_reader`` hands any other catalogue to the full reader.
    """

    def __init__(self, path: Path, url: str) -> None:
        self.url = url
        self._path = path
        self._lock = threading.Lock()  # one connection, possibly shared by threads
        self._conn = connect_readonly(path)
        try:
            row = self._row("select value from meta where key = 'schema_version'")
        except BaseException:
            self._conn.close()
            raise
        self.current = row is not None and str(row[0]) == str(SCHEMA_VERSION)

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        with self._lock:
            self._conn.close()

    def _rows(self, sql: str, args: tuple[Any, ...] | dict[str, Any] = ()) -> list[Any]:
        """Every row of one statement; the one way this reader touches its connection.

        The connection may be shared by threads (the web server's), hence the lock; a driver
        failure (a page damaged after the probe, say) leaves as one ``StoreError`` line.
        """
        try:
            with self._lock:
                return self._conn.execute(sql, args).fetchall()
        except sqlite3.Error as e:
            raise db_error(e, str(self._path)) from None

    def _row(self, sql: str, args: tuple[Any, ...] = ()) -> Any:
        """The one row of a statement that selects by key (or ``limit 1``), else None."""
        rows = self._rows(sql, args)
        return rows[0] if rows else None

    def _run(self, sql: str, params: Any) -> list[tuple[Any, ...]]:
        return self._rows(sql, dict(params))

    def has_package(self, top: str) -> bool:
        """Whether any snapshot holds top-level package or module ``top`` (``store.sites``)."""
        from errdex.store.sites import has_package

        return has_package(self._run, top)

    def has_snapshots(self) -> bool:
        """Whether the catalogue holds any snapshot."""
        from errdex.store.sites import has_snapshots

        return has_snapshots(self._run)

    def raise_sites(self, path: str, sha256: str, line: int) -> list[Any]:
        """Same answer as ``Store.raise_sites``."""
        from errdex.store.sites import raise_sites

        return raise_sites(self._run, path, sha256, line)


def current_reader[R: SiteReader](db: str | None, cls: type[R]) -> R | None:
    """``cls`` open on ``db`` when that is a SQLite catalogue at the schema the statements here
    are written for; else None (another database, or a schema the full store must read)."""
    url = to_url(db) if db else default_db_url()
    path = sqlite_file(url)
    if path is None:
        return None
    reader = cls(path, url)
    if reader.current:
        return reader
    reader.close()
    return None
