"""A SQLAlchemy-free read path for what a cold ``errdex explain`` or ``errdex show`` needs.

Importing SQLAlchemy costs ~0.2 s, which is most of the half-second budget for answering one
pasted error (or showing one error) from a cold start. For a SQLite catalogue the match index,
an error with its occurrences, its file and the code facts its analysis reads are read here with
the standard library's ``sqlite3`` (the facts through the same statements the full store runs,
``facts.FactReader``); anything else falls through to the full ``Store`` on first use, so
callers never need to know which one they hold.

The connection itself (``connect_readonly``, which the full store opens a SQLite catalogue for
reading with too) and the raise-site reads live in ``store.lite``, which the runtime hooks import
alone (perf49); ``SQLiteReader`` builds on its ``SiteReader``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from errdex.store.detail import read_analysis, read_error
from errdex.store.errors import StoreError
from errdex.store.facts import FactReader
from errdex.store.inflate import MAX_TEXT_BYTES, inflate_text
from errdex.store.lite import SCHEMA_VERSION, SiteReader, connect_readonly, current_reader
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
from errdex.store.urls import default_db_url, to_url

if TYPE_CHECKING:
    from errdex.model import CatalogueEntry
    from errdex.store.sql import Store

__all__ = ["MAX_TEXT_BYTES", "SCHEMA_VERSION", "connect_readonly", "inflate_text", "open_reader"]


class SQLiteReader(SiteReader, CatalogueReader):
    """Reads the match index, one error's page and its code facts directly; the other reads
    (listings, the matcher's rebuild) go to a ``Store`` opened on first need."""

    def __init__(self, path: Path, url: str) -> None:
        self._full: Store | None = None
        self._facts: FactReader | None = None  # one, so decoded files serve error after error
        super().__init__(path, url)

    def close(self) -> None:
        """Close the connection, and the full ``Store`` if one was opened for other reads."""
        with self._lock:
            self._conn.close()
            full, self._full = self._full, None
        if full is not None:
            full.close()

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
    reader = current_reader(db, SQLiteReader)
    if reader is not None:
        return reader
    from errdex.store.sql import Store

    return Store.for_reading(to_url(db) if db else default_db_url())
