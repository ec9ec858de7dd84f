"""A SQLAlchemy-free read path for what a cold ``errdex explain`` or ``errdex show`` needs.

Importing SQLAlchemy costs ~0.2 s, which is most of the half-second budget for answering one
pasted error (or showing one error) from a cold start. For a SQLite catalogue the match index,
an error with its occurrences, its file and the code facts its analysis reads are read here with
the standard library's ``sqlite3`` (the facts through the same statements the full store runs,
``facts.FactReader``); anything else falls through to the full ``Store`` on first use, so
callers never need to know which one they hold.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import zlib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from errdex.store.facts import FactReader
from errdex.store.urls import StoreError, default_db_url, to_url

__all__ = ["open_reader"]


class SQLiteReader:
    """Reads ``generation`` and artifacts directly; delegates every other call to ``Store``."""

    def __init__(self, path: Path, url: str) -> None:
        self._url = url
        self._full: Any = None
        self._lock = threading.Lock()  # one connection, possibly shared by threads
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
        return bytes(row[0]) if row else None

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

    @property
    def url(self) -> str:
        return self._url

    @property
    def facts(self) -> FactReader:
        if not self._conn.execute(
            "select 1 from sqlite_master where type = 'table' and name = 'modules'"
        ).fetchone():
            raise StoreError(
                f"the catalogue at {self._url.removeprefix('sqlite:///')} predates code facts; "
                "run `errdex index` once to upgrade it"
            )
        return FactReader(self._run)

    def _run(self, sql: str, params: Mapping[str, Any]) -> list[tuple[Any, ...]]:
        with self._lock:
            return self._conn.execute(sql, dict(params)).fetchall()

    def get_error(self, error_id: str) -> dict[str, Any] | None:
        """Same answer as ``Store.get_error``."""
        row = self._conn.execute(
            "select e.id, r.name, e.kind, e.exc_type, e.exc_qualname, e.template, e.path, e.function, "
            "r.source_url, e.segments from errors e join repos r on r.id = e.repo_id where e.id = ?",
            (error_id,),
        ).fetchone()
        if row is None:
            return None
        keys = ("id", "repo", "kind", "exc_type", "exc_qualname", "template", "path", "function", "repo_url")
        out: dict[str, Any] = dict(zip(keys, row[:9], strict=True))
        out["segments"] = json.loads(row[9])
        occs = self._conn.execute(
            "select o.snapshot_id, s.version, s.ref, s.ref_kind, s.date, s.commit_sha, s.tag, s.source_url, "
            "s.has_tests, o.line, o.end_line, o.level, o.exc_bases, o.expanded_segments, o.guards, "
            "o.window_start, o.window_end, o.comments, o.docstring "
            "from occurrences o join snapshots s on s.id = o.snapshot_id where o.error_id = ? order by o.id",
            (error_id,),
        ).fetchall()
        out["occurrences"] = [
            {
                "snapshot_id": o[0],
                "version": {
                    "name": o[1], "ref": o[2], "kind": o[3], "date": o[4], "commit": o[5], "tag": o[6],
                    "source_url": o[7], "has_tests": bool(o[8]),
                },
                "line": o[9],
                "end_line": o[10],
                "level": o[11],
                "exc_bases": json.loads(o[12]),
                "expanded_segments": json.loads(o[13]),
                "guards": json.loads(o[14]),
                "window_start": o[15],
                "window_end": o[16],
                "comments": json.loads(o[17]),
                "docstring": o[18],
            }
            for o in occs
        ]  # fmt: skip
        return out

    def snapshot(self, snapshot_id: int) -> dict[str, Any]:
        """Same answer as ``Store.snapshot``."""
        row = self._conn.execute(
            "select s.id, s.version, s.ref_kind, s.ref, s.commit_sha, s.date, s.source_url, s.tag, s.archive, "
            "s.sha256, s.indexed_at, s.has_tests, s.stats, r.name from snapshots s "
            "join repos r on r.id = s.repo_id where s.id = ?",
            (snapshot_id,),
        ).fetchone()
        if row is None:
            raise StoreError(f"no snapshot {snapshot_id}")
        keys = ("id", "version", "ref_kind", "ref", "commit", "date", "source_url", "tag", "archive", "sha256",
                "indexed_at")  # fmt: skip
        out: dict[str, Any] = dict(zip(keys, row[:11], strict=True))
        out.update(has_tests=bool(row[11]), stats=json.loads(row[12]), repo=row[13])
        return out

    def file_text(self, snapshot_id: int, path: str) -> str | None:
        """Same answer as ``Store.file_text``."""
        row = self._conn.execute(
            "select b.data from files f join blobs b on b.sha = f.blob_sha where f.snapshot_id = ? and f.path = ?",
            (snapshot_id, path),
        ).fetchone()
        return zlib.decompress(row[0]).decode("utf-8", "surrogatepass") if row else None

    def get_analysis(self, error_id: str, snapshot_id: int, model: str, prompt_version: str) -> Any:
        """Same answer as ``Store.get_analysis``."""
        row = self._conn.execute(
            "select data from analyses where error_id = ? and snapshot_id = ? and model = ? and prompt_version = ?",
            (error_id, snapshot_id, model, prompt_version),
        ).fetchone()
        return json.loads(row[0]) if row else None

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
