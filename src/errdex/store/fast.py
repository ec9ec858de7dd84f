"""A SQLAlchemy-free read path for the one thing a cold ``errdex explain`` needs: the match index.

Importing SQLAlchemy costs ~0.2 s, which is most of the half-second budget for answering one
pasted error from a cold start. For a SQLite catalogue the artifact is read here with the
standard library's ``sqlite3``; anything else falls through to the full ``Store`` on first use,
so callers never need to know which one they hold.

``connect_readonly`` is also how the full store opens a SQLite catalogue for reading: it never
creates a file, and it reads a catalogue in a read-only file or directory (see its docstring).
"""

from __future__ import annotations

import sqlite3
import zlib
from pathlib import Path
from typing import Any
from urllib.parse import quote

from errdex.store.errors import StoreError, classify, db_error
from errdex.store.urls import default_db_url, sqlite_file, to_url

__all__ = ["MAX_TEXT_BYTES", "connect_readonly", "inflate_text", "open_reader"]

# A stored file is at most the source stage's 32 MiB cap, UTF-8 encoded (a Latin-1 file can
# double): anything that inflates past this came from a crafted catalogue, not from errdex.
MAX_TEXT_BYTES = 64 * 1024 * 1024


def inflate_text(data: bytes) -> str:
    """A stored file's text, refusing a blob that would inflate past ``MAX_TEXT_BYTES``.

    The catalogue is data from whoever built it: a few hundred KiB of crafted zlib can claim
    gigabytes, so inflation runs a MiB at a time and stops at the cap; memory never exceeds the
    cap plus one step, whatever the blob claims.
    """
    inflater = zlib.decompressobj()
    out = bytearray()
    pending = data
    try:
        while True:
            chunk = inflater.decompress(pending, _INFLATE_STEP)
            out += chunk
            if len(out) > MAX_TEXT_BYTES:
                raise StoreError(
                    f"a stored file in the catalogue inflates past {MAX_TEXT_BYTES >> 20} MiB; "
                    "the catalogue was not written by errdex",
                    kind="corrupt",
                )
            pending = inflater.unconsumed_tail
            if not pending and len(chunk) < _INFLATE_STEP:
                break
        out += inflater.flush()
    except zlib.error as e:
        raise StoreError(f"a stored file in the catalogue is damaged ({e})", kind="corrupt") from None
    return out.decode("utf-8", "surrogatepass")


_INFLATE_STEP = 1 << 20


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


class SQLiteReader:
    """Reads ``generation`` and artifacts directly; delegates every other call to ``Store``."""

    def __init__(self, path: Path, url: str) -> None:
        self._url = url
        self._path = path
        self._full: Any = None
        self._conn = connect_readonly(path)

    def _row(self, sql: str, args: tuple[Any, ...] = ()) -> Any:
        try:
            return self._conn.execute(sql, args).fetchone()
        except sqlite3.Error as e:  # a page damaged after the probe, say
            raise db_error(e, str(self._path)) from None

    def generation(self) -> str:
        row = self._row("select value from meta where key = 'generation'")
        return str(row[0]) if row else "0"

    def get_artifact(self, name: str) -> bytes | None:
        row = self._row(
            "select a.data from artifacts a join meta m on m.key = 'generation' "
            "where a.name = ? and a.generation = m.value",
            (name,),
        )
        return bytes(row[0]) if row else None

    def error_source(self, error_id: str, version: str) -> tuple[int, int, str] | None:
        """Same answer as ``Store.error_source``; here so a human ``explain`` stays fast too."""
        row = self._row(
            "select o.line, o.end_line, b.data from occurrences o "
            "join errors e on e.id = o.error_id join snapshots s on s.id = o.snapshot_id "
            "join files f on f.snapshot_id = o.snapshot_id and f.path = e.path "
            "join blobs b on b.sha = f.blob_sha "
            "where o.error_id = ? and s.version = ? order by o.id desc limit 1",
            (error_id, version),
        )
        if row is None:
            return None
        return int(row[0]), int(row[1]), inflate_text(row[2])

    def __getattr__(self, name: str) -> Any:
        if self._full is None:
            from errdex.store.sql import Store

            self._full = Store.for_reading(self._url)
        return getattr(self._full, name)


def open_reader(db: str | None) -> Any:
    """A fast reader for an existing SQLite catalogue, else the full (read-only) ``Store``."""
    url = to_url(db) if db else default_db_url()
    path = sqlite_file(url)
    if path is not None:
        return SQLiteReader(path, url)
    from errdex.store.sql import Store

    return Store.for_reading(url)
