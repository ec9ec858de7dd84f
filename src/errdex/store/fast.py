"""A SQLAlchemy-free read path for what a cold ``errdex explain`` or ``errdex show`` needs.

Importing SQLAlchemy costs ~0.2 s, which is most of the half-second budget for answering one
pasted error (or showing one error) from a cold start. For a SQLite catalogue the match index,
an error with its occurrences, its file and the code facts its analysis reads are read here with
the standard library's ``sqlite3`` (the facts through the same statements the full store runs,
``facts.FactReader``); anything else falls through to the full ``Store`` on first use, so
callers never need to know which one they hold.

``connect_readonly`` is also how the full store opens a SQLite catalogue for reading: it never
creates a file, and it reads a catalogue in a read-only file or directory (see its docstring).
"""

from __future__ import annotations

import sqlite3
import threading
import zlib
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from errdex.store import textdelta
from errdex.store.detail import read_analysis, read_error
from errdex.store.errors import StoreError, classify, db_error
from errdex.store.facts import FactReader
from errdex.store.records import (
    SNAPSHOT_COLUMNS,
    AnalysisRecord,
    CatalogueReader,
    ErrorDetail,
    ErrorSummary,
    Expectation,
    Repo,
    Snapshot,
    snapshot_of,
)
from errdex.store.timeline import Timeline
from errdex.store.urls import default_db_url, sqlite_file, to_url

if TYPE_CHECKING:
    from errdex.model import CatalogueEntry
    from errdex.store.sql import Store

__all__ = ["MAX_TEXT_BYTES", "SCHEMA_VERSION", "connect_readonly", "inflate_text", "open_reader"]

# The schema version the statements here are written for: ``schema.SCHEMA_VERSION``, which this
# module cannot import without SQLAlchemy (a test keeps the two equal). A catalogue at another
# version is read by the full store, which upgrades it where it can write and says what to do
# where it cannot.
SCHEMA_VERSION = 20

# A stored file is at most the source stage's 32 MiB cap, UTF-8 encoded (a Latin-1 file can
# double): anything that inflates past this came from a crafted catalogue, not from errdex.
MAX_TEXT_BYTES = 64 * 1024 * 1024


def inflate_text(data: bytes, base: Callable[[str], object] | None = None) -> str:
    """A stored file's text, refusing a blob that would inflate past ``MAX_TEXT_BYTES``.

    The catalogue is data from whoever built it: a few hundred KiB of crafted zlib can claim
    gigabytes, so inflation runs a MiB at a time and stops at the cap; memory never exceeds the
    cap plus one step, whatever the blob claims. A text stored as a difference from another
    blob (``textdelta``) is rebuilt from that blob, which ``base`` reads by its sha; that one
    may be a difference too, at most ``textdelta.MAX_DEPTH`` steps from a text stored whole.
    """
    return inflate_bytes(data, base).decode("utf-8", "surrogatepass")


def inflate_bytes(data: bytes, base: Callable[[str], object] | None = None) -> bytes:
    """``inflate_text`` before decoding: the stored UTF-8 bytes."""
    return _rebuilt(data, base, textdelta.MAX_DEPTH)


def _rebuilt(data: bytes, base: Callable[[str], object] | None, budget: int) -> bytes:
    """``data`` inflated, through at most ``budget`` more differences (a chain that loops, in a
    crafted catalogue, runs out of them)."""
    try:
        sha = textdelta.base_of(data)
    except ValueError as e:
        raise StoreError(f"a stored file in the catalogue is damaged ({e})", kind="corrupt") from None
    if sha is None:
        return _inflate(data)
    stored = base(sha) if base is not None and budget > 0 else None
    if not isinstance(stored, bytes):
        raise StoreError(
            "a stored file in the catalogue is a difference from a text it does not hold"
            f" within {textdelta.MAX_DEPTH} steps",
            kind="corrupt",
        )
    try:
        return textdelta.apply(data, _rebuilt(stored, base, budget - 1), MAX_TEXT_BYTES)
    except ValueError as e:
        raise StoreError(f"a stored file in the catalogue is damaged ({e})", kind="corrupt") from None


def _inflate(data: bytes) -> bytes:
    """A text stored whole (zlib), inflated within the cap."""
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
    return bytes(out)


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


class SQLiteReader(CatalogueReader):
    """Reads the match index, one error's page and its code facts directly; the other reads
    (listings, the matcher's rebuild) go to a ``Store`` opened on first need."""

    def __init__(self, path: Path, url: str) -> None:
        self.url = url
        self._path = path
        self._full: Store | None = None
        self._facts: FactReader | None = None  # one, so decoded files serve error after error
        self._lock = threading.Lock()  # one connection, possibly shared by threads
        self._conn = connect_readonly(path)
        try:
            row = self._row("select value from meta where key = 'schema_version'")
        except BaseException:
            self._conn.close()
            raise
        self.current = row is not None and str(row[0]) == str(SCHEMA_VERSION)

    def close(self) -> None:
        """Close the connection, and the full ``Store`` if one was opened for other reads."""
        with self._lock:
            self._conn.close()
            full, self._full = self._full, None
        if full is not None:
            full.close()

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

    def generation(self) -> str:
        row = self._row("select value from meta where key = 'generation'")
        return str(row[0]) if row else "0"

    def get_artifact(self, name: str) -> bytes | None:
        row = self._row(
            "select a.data from artifacts a join meta m on m.key = 'generation' "
            "where a.name = ? and a.generation = m.value",
            (name,),
        )
        # SQLite keeps whatever type a writer stored: only a blob is an artifact (``bytes(n)`` of a
        # crafted integer would allocate n bytes); anything else is rebuilt by its reader
        return row[0] if row and isinstance(row[0], bytes) else None

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
        return int(row[0]), int(row[1]), inflate_text(row[2], self._blob)

    @property
    def facts(self) -> FactReader:
        # ``modules`` is a view of ``module_runs`` since schema v16, a table before
        if not self._row("select 1 from sqlite_master where type in ('table', 'view') and name = 'modules'"):
            raise StoreError(
                f"the catalogue at {self._path} predates code facts; run `errdex index` once to upgrade it",
                kind="schema",
            )
        if self._facts is None:
            self._facts = FactReader(self._run)
        return self._facts

    def _run(self, sql: str, params: Mapping[str, Any]) -> list[tuple[Any, ...]]:
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

    @property
    def timeline(self) -> Timeline:
        """Releases and lineages (``errdex.store.timeline``), read without SQLAlchemy."""
        return Timeline(self._run)

    def get_error(self, error_id: str) -> ErrorDetail | None:
        """Same answer as ``Store.get_error``: the same statements (``store.detail``)."""
        return read_error(self._run, error_id)

    def snapshot(self, snapshot_id: int) -> Snapshot:
        """Same answer as ``Store.snapshot``."""
        cols = ", ".join(f"s.{c}" for c in SNAPSHOT_COLUMNS)
        row = self._row(
            f"select r.name, {cols} from snapshots s join repos r on r.id = s.repo_id where s.id = ?",
            (snapshot_id,),
        )
        if row is None:
            raise StoreError(f"no snapshot {snapshot_id}", kind="missing")
        return snapshot_of(str(row[0]), row[1:])

    def file_text(self, snapshot_id: int, path: str) -> str | None:
        """Same answer as ``Store.file_text``."""
        row = self._row(
            "select b.data from files f join blobs b on b.sha = f.blob_sha where f.snapshot_id = ? and f.path = ?",
            (snapshot_id, path),
        )
        return inflate_text(row[0], self._blob) if row else None

    def _blob(self, sha: str) -> object:
        """A stored blob's bytes by its sha (the base of a text stored as a difference)."""
        row = self._row("select data from blobs where sha = ?", (sha,))
        return row[0] if row else None

    def get_analysis(
        self, error_id: str, snapshot_id: int, model: str, prompt_version: str
    ) -> AnalysisRecord | None:
        """Same answer as ``Store.get_analysis``."""
        return read_analysis(self._run, error_id, snapshot_id, model, prompt_version)

    # ------------------------------------------------ reads a full ``Store`` answers

    def _store(self) -> Store:
        if self._full is None:
            from errdex.store.sql import Store

            self._full = Store.for_reading(self.url)
        return self._full

    def full_store(self) -> Store:
        """The full store on the same catalogue, for the reads only it answers."""
        return self._store()

    def put_artifact(self, name: str, data: bytes) -> None:
        self._store().put_artifact(name, data)

    def iter_entries(self, repo: str | None = None) -> Iterator[CatalogueEntry]:
        return self._store().iter_entries(repo)

    def class_bases(self, snapshot_id: int | None = None) -> list[tuple[str, tuple[str, ...]]]:
        rows: list[tuple[str, tuple[str, ...]]] = self._store().class_bases(snapshot_id)
        return rows

    def resolve_repo(self, name: str) -> str:
        return self._store().resolve_repo(name)

    def repos(self) -> list[Repo]:
        return self._store().repos()

    def list_errors(
        self,
        repo: str | None = None,
        exc_type: str | None = None,
        path: str | None = None,
        kind: str | None = None,
        limit: int | None = None,
        offset: int = 0,
    ) -> tuple[int, list[ErrorSummary]]:
        return self._store().list_errors(repo, exc_type, path, kind, limit, offset)

    def expectations_for(self, error_id: str) -> list[Expectation]:
        return self._store().expectations_for(error_id)


def open_reader(db: str | None) -> CatalogueReader:
    """A fast reader for an existing SQLite catalogue of the current schema, else the full
    ``Store`` (``Store.for_reading``, which upgrades an older schema where it can write)."""
    url = to_url(db) if db else default_db_url()
    path = sqlite_file(url)
    if path is not None:
        reader = SQLiteReader(path, url)
        if reader.current:
            return reader
        reader.close()
    from errdex.store.sql import Store

    return Store.for_reading(url)
