"""The catalogue through SQLAlchemy Core: SQLite by default, PostgreSQL by URL.

Every SQL statement errdex runs lives in this package, so moving to another database touches
nothing else. Writes are whole snapshots in one transaction: an interrupted ``errdex index``
leaves the catalogue exactly as it was, and readers (the web server) never see half a snapshot.

Every driver failure leaves this module as a one-line ``StoreError`` (see ``errors``): an engine
``handle_error`` hook translates it where it happens, so no caller ever sees a driver traceback.
Two writers storing the same release at once both reach the unique key on the snapshot's ref;
the loser's transaction rolls back and is retried once the winner has committed, and then finds
the snapshot already stored ("nothing changed") — one writer wins, the other says so.
"""

from __future__ import annotations

import hashlib
import itertools
import random
import re
import sqlite3
import time
import zlib
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, NamedTuple

from sqlalchemy import (
    Engine,
    Text,
    and_,
    cast,
    create_engine,
    delete,
    event,
    exists,
    false,
    func,
    insert,
    inspect,
    or_,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection, ExceptionContext
from sqlalchemy.exc import ArgumentError, DBAPIError, NoSuchModuleError

from errdex.model import (
    CatalogueEntry,
    CodeFacts,
    ErrorRecord,
    FileReport,
    SnapshotInfo,
    SourceFile,
    TestExpectation,
    handler_classes,
)
from errdex.store import factblobs, factdeltas, history, keysets, migrations, parallel, textdelta
from errdex.store import schema as s
from errdex.store.classes import (
    CLASS_NAME_SLOTS,
    SELF_SLOTS,
    below_named_owners,
    exception_classes,
    owner_class,
)
from errdex.store.copy import insert_dicts, insert_rows, insert_values, select_in
from errdex.store.detail import read_analysis, read_error
from errdex.store.errors import StoreError, db_error
from errdex.store.facts import FactReader, called_as, reexported_as
from errdex.store.inflate import MAX_TEXT_BYTES, inflate_text
from errdex.store.lite import connect_readonly
from errdex.store.records import (
    SNAPSHOT_COLUMNS,
    AnalysisRecord,
    CatalogueReader,
    ErrorDetail,
    ErrorSummary,
    Expectation,
    LinkedExpectation,
    Repo,
    Snapshot,
    snapshot_of,
)
from errdex.store.timeline import Timeline
from errdex.store.urls import default_db_url, describe, sqlite_file, to_url
from errdex.testpaths import is_test_path
from errdex.textsafe import decode_source

__all__ = ["Store", "WriteResult"]

# zlib level of a file text stored whole: level 4 deflates jax 0.10.2's 12.6 MB of source in
# half the CPU time of level 6 (0.15 against 0.31 s) for 5% more bytes (3.23 against 3.08 MB);
# any level inflates the same way, so texts stored at another level read as before.
_TEXT_LEVEL = 4

# the page cache (KiB) of a connection that writes a snapshot (SQLite's default is 2 MB)
_WRITER_CACHE_KIB = 64 << 10

# A write that lost a race with another writer is retried this many times in all.
WRITE_ATTEMPTS = 4


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    # WAL lets the web server read while `errdex index` writes a new snapshot; busy_timeout
    # makes a second writer wait instead of failing at once.
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA busy_timeout=30000")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.close()


@dataclass(slots=True)
class WriteResult:
    snapshot_id: int
    changed: bool  # False when the same snapshot was already stored with the same content
    replaced: bool = False  # True when an older content of the same ref was replaced
    errors_new: int = 0
    retries: int = 0  # writes rolled back because another writer committed first
    repo: str = ""  # the codebase it is stored under (``_codebase_name``: not always the info's repo)


# the columns of an ``errors`` row as ``_write_records`` builds it
_ERROR_COLUMNS = (
    "id", "repo_id", "kind", "exc_type", "exc_qualname", "template", "segments", "path", "function", "dir",
    "exc_name",
)  # fmt: skip


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def content_hash(
    files: Sequence[SourceFile], producer: str = "", shas: Mapping[str, str] | None = None
) -> str:
    """Hash of the snapshot's content and of what extracted it (``shas``: each file's sha256 by
    path, where the caller has them already).

    Re-indexing identical input with the same extractor is a no-op; a new extractor (``producer``
    differs) re-extracts, so an upgrade of errdex never leaves stale records behind.
    """
    h = hashlib.sha256(producer.encode())
    for f in sorted(files, key=lambda f: f.path):
        h.update(f.path.encode("utf-8", "surrogatepass"))
        h.update(b"\0")
        h.update((shas[f.path] if shas is not None else _sha(f.data)).encode())
    return h.hexdigest()


def release_files(info: SnapshotInfo, files: Sequence[SourceFile]) -> list[SourceFile]:
    """The files that make a snapshot's identity: all of them, except tests a PyPI release got
    from its sdist because its wheel had none (``tests_archive``). So the release indexed from
    PyPI and the same release installed in an environment (which has the wheel's files only)
    are one snapshot, and neither replaces the other when indexed second."""
    if not info.tests_archive:
        return list(files)
    return [f for f in files if not is_test_path(f.path)]


def decode_text(data: bytes) -> str:
    """Source text as stored for display: decoded as the extractor decoded it."""
    return decode_source(data)[0]


def _stored_text(data: bytes) -> tuple[str, bytes, bool]:
    """A file's text as stored (``decode_text``), its UTF-8 bytes, and whether reading it back
    would accept it (at most ``MAX_TEXT_BYTES``): a text it would refuse is never handed out
    from memory either."""
    text = decode_text(data)
    utf8 = text.encode("utf-8", "surrogatepass")
    return text, utf8, len(utf8) <= MAX_TEXT_BYTES


def _dist_key(name: str) -> str:
    """A distribution's name as PyPI compares them (PEP 503): ``Dagster_Shared`` is ``dagster-shared``."""
    return re.sub(r"[-_.]+", "-", name).lower()


def _codebase_name(conn: Connection, info: SnapshotInfo) -> str:
    """The codebase a snapshot is stored under: its source repository, one per distribution.

    A monorepo releases several distributions at one version from one source repository (an
    orchestrator and its shared helpers, an API and its SDK), so their releases name the same
    ``owner/repo`` and version. A snapshot is identified by its codebase and version, so the
    second one indexed replaced the first and its raises left the catalogue. A release of
    another distribution than the one whose releases the repository row holds gets a codebase
    of its own, ``owner/repo/distribution``. A row that holds no release yet (a git snapshot
    of the repository, named after its folder) takes the distribution's name instead, so a
    repository indexed from git and then from PyPI stays one codebase.
    """
    if info.ref_kind != "pypi":
        return info.repo
    row = conn.execute(select(s.repos.c.id, s.repos.c.project).where(s.repos.c.name == info.repo)).first()
    if row is None or _dist_key(str(row.project)) == _dist_key(info.name):
        return info.repo
    sn = s.snapshots
    released = conn.execute(
        select(sn.c.id).where(and_(sn.c.repo_id == row.id, sn.c.ref_kind == "pypi")).limit(1)
    ).first()
    if released is None:
        conn.execute(update(s.repos).where(s.repos.c.id == row.id).values(project=info.name))
        return info.repo
    return f"{info.repo}/{_dist_key(info.name)}"


class Store(CatalogueReader):
    """A handle on one catalogue database. Cheap to create; safe to share across threads.

    ``readonly`` handles never write and never create: a SQLite file is opened with
    ``connect_readonly`` (works in a read-only directory too). Writable handles create the
    catalogue when ``create`` is true (``errdex index``), else they require an existing one.
    """

    def __init__(self, url: str, *, readonly: bool = False, create: bool = True) -> None:
        self.url = url
        self.readonly = readonly
        self.where = describe(url)
        path = sqlite_file(url)
        kwargs: dict[str, Any] = {}
        if path is not None:
            kwargs["connect_args"] = {"check_same_thread": False}
            if readonly or not create:
                connect_readonly(path).close()  # no file, not a catalogue, damaged: say so now
            if readonly:
                kwargs["creator"] = lambda: connect_readonly(path)
            else:
                try:
                    path.parent.mkdir(parents=True, exist_ok=True)
                except OSError as e:
                    raise StoreError(f"cannot create {path.parent}: {e.strerror}", kind="readonly") from None
        self.engine: Engine = _engine(url, kwargs)
        # The texts of the last snapshot written (sha -> text): building the match index reads
        # that snapshot's statement lines right after the write, and would otherwise read back,
        # inflate and decode each of its files (the ones it just compressed, and the ones an
        # earlier release stored, whose bytes it holds too). Content addressed, so always the
        # stored text; one write's worth, replaced by the next.
        self._fresh_texts = _SnapshotTexts({}, {})
        # The statements at the raises of every snapshot this handle wrote ((blob sha, line) ->
        # the stripped line, ``_note_statements``): a run of releases builds the match index once,
        # after the last, and would otherwise read back, inflate and split each earlier
        # release's files with raises. Content addressed too, so never stale; capped.
        self._statements: dict[tuple[str, int], str] = {}
        # The lookup keys of the file contents this handle stored lately: the next release's
        # changed files share their sets (``keysets.KeyMemo``)
        self._key_memo = keysets.KeyMemo()
        # and the digests of the record bodies, the ids of the names and the texts and cache
        # entries it stored (``history.WriterMemo``): the next release's are mostly the same,
        # and its changed files are stored as differences from those texts
        self._writer_memo = history.WriterMemo()
        # A read-only handle keeps one fact reader, whose decoded files serve error after error
        # (a page server, a batch); a writable one may read rows of a transaction that rolls
        # back, so it gets a fresh reader each time.
        self._facts: FactReader | None = None
        event.listen(self.engine, "handle_error", self._translate)
        if self.engine.dialect.name == "sqlite" and not readonly:
            event.listen(self.engine, "connect", _sqlite_pragmas)
        try:
            self._check_schema(path, readonly=readonly, create=create)
        except BaseException:
            self.engine.dispose()  # a handle that failed to open leaves no connection behind
            raise

    def close(self) -> None:
        """Close the pooled connections (a later use would open new ones: do not)."""
        self.engine.dispose()

    def _check_schema(self, path: Path | None, *, readonly: bool, create: bool) -> None:
        """Refuse a catalogue of another schema version; create or upgrade a writable one."""
        if readonly:
            with self.engine.connect() as conn:
                self._check_version(s.current_version(conn))
            return
        with self.engine.begin() as conn:
            version = s.current_version(conn)
            if version == 0 and not create:
                raise StoreError(
                    f"no catalogue in {self.where}; check --db, or run `errdex index` on a source to create one",
                    kind="missing",
                )
            if version == 0 and path is not None and inspect(conn).get_table_names():
                raise StoreError(
                    f"{path} is a SQLite database but not an errdex catalogue; choose another --db",
                    kind="not-catalogue",
                )
            if version > s.SCHEMA_VERSION:
                self._check_version(version)
            migrations.migrate(conn)

    def _check_version(self, version: int) -> None:
        if version == s.SCHEMA_VERSION:
            return
        if version == 0:
            raise StoreError(
                f"{self.where} is not an errdex catalogue (no errdex tables)", kind="not-catalogue"
            )
        if version > s.SCHEMA_VERSION:
            raise StoreError(
                f"the catalogue {self.where} has schema version {version}, newer than this errdex "
                f"understands ({s.SCHEMA_VERSION}); upgrade errdex",
                kind="schema",
            )
        raise StoreError(
            f"the catalogue {self.where} has schema version {version}, older than this errdex's "
            f"({s.SCHEMA_VERSION}); run `errdex index` once to upgrade it",
            kind="schema",
        )

    def _translate(self, ctx: ExceptionContext) -> None:
        """Every driver error on this catalogue leaves the store as one ``StoreError`` line."""
        if isinstance(ctx.sqlalchemy_exception, DBAPIError):
            raise db_error(ctx.original_exception, self.where) from ctx.original_exception

    @classmethod
    def open(cls, db: str | None = None, *, readonly: bool = False, create: bool = True) -> Store:
        return cls(to_url(db) if db else default_db_url(), readonly=readonly, create=create)

    @classmethod
    def for_reading(cls, url: str) -> Store:
        """An existing catalogue, writable if it can be (derived indexes are then saved for the
        next run), else read-only; never creates one."""
        try:
            return cls(url, create=False)
        except StoreError as e:
            if e.kind != "readonly":
                raise
        return cls(url, readonly=True)

    # ------------------------------------------------------------------ writing

    def write_snapshot(
        self,
        info: SnapshotInfo,
        files: Sequence[SourceFile],
        records: Sequence[ErrorRecord],
        reports: Sequence[FileReport],
        symbols: set[str],
        expectations: Sequence[TestExpectation] = (),
        stats: dict[str, Any] | None = None,
        producer: str = "",
        code: Mapping[str, CodeFacts] | None = None,
        *,
        stored_code: Collection[str] = (),
        extractions: Sequence[tuple[str, bool, bytes]] = (),
        file_shas: Mapping[str, str] | None = None,
    ) -> WriteResult:
        """Store one snapshot atomically; identical content already stored is a no-op.

        ``code`` holds the code facts of each parsed file (path -> facts), for analysis;
        ``stored_code`` the paths whose content's facts the catalogue holds already (files
        reused from an earlier release). ``extractions`` are (path, has_code, bytes) of files
        extracted for the first time, cached for the next release (``errdex.extract.cache``).
        ``file_shas`` are the sha256 hex digests of files the caller hashed already, by path
        (the extraction's cache lookups hash every ``.py`` file): those are not hashed again.

        A concurrent writer that commits first makes this transaction fail on a unique key (the
        same repo, snapshot ref, error, blob or code facts); it is rolled back and tried again,
        and sees the winner's rows then: the same content is a no-op, other content replaces it.
        """
        # each file's sha256 once: the content hash, the blobs, the code facts and the cache rows
        # all key on it (hashing a release's ~13 MB four times was ~0.07 s of CPU)
        known = file_shas or {}
        shas = {f.path: known[f.path] if f.path in known else _sha(f.data) for f in files}
        chash = content_hash(release_files(info, files), producer, shas)
        for attempt in range(WRITE_ATTEMPTS):
            try:
                result = self._write_snapshot_once(
                    info, chash, files, records, reports, symbols, expectations, stats, producer, code or {},
                    stored_code, extractions, shas,
                )  # fmt: skip
            except BaseException as e:
                self._writer_memo.discard()  # rolled back: what it staged may be no one's
                if not isinstance(e, StoreError) or e.kind != "conflict" or attempt + 1 == WRITE_ATTEMPTS:
                    raise
                time.sleep(random.uniform(0.05, 0.2) * (attempt + 1))  # let the winner finish
                continue
            self._writer_memo.commit()
            result.retries = attempt
            return result
        raise AssertionError("unreachable: the last attempt returns or raises")

    def _write_snapshot_once(
        self,
        info: SnapshotInfo,
        chash: str,
        files: Sequence[SourceFile],
        records: Sequence[ErrorRecord],
        reports: Sequence[FileReport],
        symbols: set[str],
        expectations: Sequence[TestExpectation],
        stats: dict[str, Any] | None,
        producer: str,
        code: Mapping[str, CodeFacts],
        stored_code: Collection[str] = (),
        extractions: Sequence[tuple[str, bool, bytes]] = (),
        shas: Mapping[str, str] | None = None,
    ) -> WriteResult:
        shas = shas if shas is not None else {f.path: _sha(f.data) for f in files}
        with self.engine.begin() as conn:
            if conn.dialect.name == "sqlite":
                # a release writes ~80k names, their runs and ~80k keys into b-trees of the
                # whole catalogue: with SQLite's default 2 MB page cache most of those pages
                # were read again (and spilt) many times over a write; the cache grows only as
                # pages are touched, so a small catalogue costs no more memory than before
                conn.exec_driver_sql(f"PRAGMA cache_size=-{_WRITER_CACHE_KIB}")
            repo = _codebase_name(conn, info)
            repo_id = self._repo_id(conn, info, repo)
            old = conn.execute(
                select(s.snapshots.c.id, s.snapshots.c.content_hash).where(
                    and_(
                        s.snapshots.c.repo_id == repo_id,
                        s.snapshots.c.ref_kind == info.ref_kind,
                        s.snapshots.c.ref == info.ref,
                    )
                )
            ).first()
            if old is not None and old.content_hash == chash:
                return WriteResult(snapshot_id=old.id, changed=False, repo=repo)
            replaced = old is not None
            if old is not None:
                self._delete_snapshot(conn, old.id)
            has_tests = any(r.is_test for r in reports)
            snap_pk = conn.execute(
                insert(s.snapshots).values(
                    repo_id=repo_id,
                    version=info.version,
                    ref_kind=info.ref_kind,
                    ref=info.ref,
                    commit_sha=info.commit,
                    date=info.date,
                    source_url=info.source_url,
                    tag=info.tag,
                    archive=info.archive,
                    sha256=info.sha256,
                    content_hash=chash,
                    indexed_at=_now(),
                    has_tests=has_tests,
                    stats=stats or {},
                )
            ).inserted_primary_key
            assert snap_pk is not None
            snap_id = int(snap_pk[0])
            self._write_files(conn, repo_id, snap_id, files, reports, shas)
            new = self._write_records(conn, repo_id, snap_id, records)
            self._note_statements(records, shas)
            history.write_symbols(conn, snap_id, symbols, self._writer_memo)
            if expectations:
                insert_dicts(
                    conn,
                    s.expectations,
                    [
                        {
                            "snapshot_id": snap_id,
                            "path": e.path,
                            "line": e.line,
                            "end_line": e.end_line,
                            "function": e.function,
                            "exc_type": e.exc_type,
                            "pattern": e.pattern,
                            "kind": e.kind,
                            "error_ids": e.error_ids,
                        }
                        for e in expectations
                    ],
                )
            self._write_analysis_rows(
                conn, snap_id, files, reports, records, expectations, code, producer, stored_code, shas
            )
            if extractions:
                history.write_extractions(
                    conn,
                    [(shas[path], path, has_code, data) for path, has_code, data in extractions],
                    producer,
                    (repo_id, snap_id),
                    self._writer_memo,
                )
            if replaced:
                self._drop_unused_facts(conn)
            self._bump_generation(conn)
            return WriteResult(
                snapshot_id=snap_id, changed=True, replaced=replaced, errors_new=new, repo=repo
            )

    def _repo_id(self, conn: Connection, info: SnapshotInfo, name: str) -> int:
        row = conn.execute(select(s.repos.c.id).where(s.repos.c.name == name)).first()
        if row:
            if info.source_url:
                conn.execute(update(s.repos).where(s.repos.c.id == row.id).values(source_url=info.source_url))
            return int(row.id)
        result = conn.execute(
            insert(s.repos).values(name=name, project=info.name, source_url=info.source_url)
        )
        pk = result.inserted_primary_key
        assert pk is not None
        return int(pk[0])

    def _write_files(
        self,
        conn: Connection,
        repo_id: int,
        snap_id: int,
        files: Sequence[SourceFile],
        reports: Sequence[FileReport],
        shas: Mapping[str, str],
    ) -> None:
        by_path = {r.path: r for r in reports}
        existing = {str(r[0]) for r in select_in(conn, (s.blobs.c.sha,), s.blobs.c.sha, shas.values())}
        new_texts: dict[str, tuple[str, bytes]] = {}  # sha -> (path, UTF-8 text)
        fresh: dict[str, str] = {}
        for f in files:
            sha = shas[f.path]
            if sha not in existing and sha not in new_texts:
                decoded, utf8, readable = _stored_text(f.data)
                new_texts[sha] = (f.path, utf8)
                if readable:
                    fresh[sha] = decoded
        self._fresh_texts = _SnapshotTexts(
            fresh, {shas[f.path]: f.data for f in files if shas[f.path] in existing}
        )
        if new_texts:
            # a changed file is stored as its difference from the same path's text in an earlier
            # release of the codebase, where that is small (``textdelta``)
            memo = self._writer_memo
            bases = history.previous_texts(
                conn, repo_id, {path for path, _ in new_texts.values()}, memo.texts
            )
            todo = [(text, bases.get(path)) for path, text in new_texts.values()]
            blob_rows: list[dict[str, Any]] = []
            for (sha, (_, text)), (_, base), (packed, data) in zip(
                new_texts.items(), todo, parallel.each(_packed_text, todo), strict=True
            ):
                # as ``previous_texts`` would rebuild it, for the next release's changes
                memo.stage_text(
                    sha, (text, base[2] + 1, base[0]) if base is not None and packed else (text, 0, None)
                )
                blob_rows.append({"sha": sha, "data": data})
            insert_dicts(conn, s.blobs, blob_rows)
        rows = []
        for f in files:
            rep = by_path.get(f.path)
            rows.append(
                {
                    "snapshot_id": snap_id,
                    "path": f.path,
                    "blob_sha": shas[f.path],
                    "status": rep.status if rep else "ok",
                    "reason": rep.reason if rep else None,
                    "is_test": rep.is_test if rep else False,
                }
            )
        history.write_path_runs(conn, s.file_runs, snap_id, rows)

    def _note_statements(self, records: Sequence[ErrorRecord], shas: Mapping[str, str]) -> None:
        """Keep the statement at each record's line (``_LineCache.line``'s text of it) from the
        texts the write holds (``_fresh_texts``): the entries of this snapshot read them when the
        match index is built, which in a run of releases is after later releases are written.
        A text ``_fresh_texts`` does not hand out (one reading back would refuse) is left to
        the read."""
        if len(self._statements) >= _MAX_NOTED_STATEMENTS:
            return
        wanted: dict[str, set[int]] = {}
        for r in records:
            wanted.setdefault(r.path, set()).add(r.line)
        for path, at in wanted.items():
            sha = shas.get(path)
            text = self._fresh_texts.get(sha) if sha is not None else None
            if sha is None or text is None:
                continue
            lines = text.splitlines()
            for line in at:
                self._statements[(sha, line)] = _statement(lines, line)

    def _write_records(
        self, conn: Connection, repo_id: int, snap_id: int, records: Sequence[ErrorRecord]
    ) -> int:
        known = {str(r[0]) for r in select_in(conn, (s.errors.c.id,), s.errors.c.id, (r.id for r in records))}
        new_rows: dict[str, tuple[Any, ...]] = {}
        for r in records:
            if r.id not in known and r.id not in new_rows:
                new_rows[r.id] = (
                    r.id, repo_id, r.kind, r.exc_type, r.exc_qualname, r.template, r.segments,
                    r.path, r.function, s.error_dir(r.path), s.exc_name(r.exc_type),
                )  # fmt: skip
        insert_values(conn, s.errors, _ERROR_COLUMNS, list(new_rows.values()))
        history.write_occurrences(conn, snap_id, records, self._writer_memo)
        return len(new_rows)

    def _delete_snapshot(self, conn: Connection, snap_id: int) -> None:
        self._delete_analysis_rows(conn, snap_id)
        history.delete_snapshot_rows(conn, snap_id)
        conn.execute(delete(s.expectations).where(s.expectations.c.snapshot_id == snap_id))
        conn.execute(delete(s.snapshots).where(s.snapshots.c.id == snap_id))
        # Errors no snapshot refers to any more go too (with their lineage rows); blobs are
        # shared and kept (cheap).
        held = (
            select(s.occurrence_bodies.c.id).where(s.occurrence_bodies.c.error_id == s.errors.c.id).exists()
        )
        orphans = select(s.errors.c.id).where(~held).scalar_subquery()
        conn.execute(delete(s.error_lineage).where(s.error_lineage.c.error_id.in_(orphans)))
        conn.execute(delete(s.errors).where(~held))

    def _bump_generation(self, conn: Connection) -> None:
        gen = conn.execute(select(s.meta.c.value).where(s.meta.c.key == "generation")).scalar()
        nxt = str(int(gen or 0) + 1)
        conn.execute(delete(s.meta).where(s.meta.c.key == "generation"))
        conn.execute(insert(s.meta).values(key="generation", value=nxt))

    def delete_snapshot(self, snapshot_id: int) -> None:
        with self.engine.begin() as conn:
            self._delete_snapshot(conn, snapshot_id)
            self._drop_unused_facts(conn)
            self._bump_generation(conn)

    # ------------------------------------------------------------------ artifacts

    def generation(self) -> str:
        with self.engine.connect() as conn:
            gen = conn.execute(select(s.meta.c.value).where(s.meta.c.key == "generation")).scalar()
        return gen or "0"

    def get_artifact(self, name: str) -> bytes | None:
        """A derived blob (e.g. the match index), only if built for the current catalogue."""
        with self.engine.connect() as conn:
            gen = conn.execute(select(s.meta.c.value).where(s.meta.c.key == "generation")).scalar() or "0"
            row = conn.execute(
                select(s.artifacts.c.data, s.artifacts.c.generation).where(s.artifacts.c.name == name)
            ).first()
        if row is None or row.generation != gen or not isinstance(row.data, bytes | memoryview):
            return None  # SQLite keeps any type a writer stored: only a blob is an artifact
        return bytes(row.data)

    def put_artifact(self, name: str, data: bytes) -> None:
        """Save a derived blob; refused on a read-only handle (the web server's), whose callers
        then keep what they built in memory."""
        if self.readonly:
            raise StoreError(f"the catalogue is open read-only; artifact {name!r} not saved", kind="readonly")
        with self.engine.begin() as conn:  # a read-only file or role raises StoreError (_translate)
            gen = conn.execute(select(s.meta.c.value).where(s.meta.c.key == "generation")).scalar() or "0"
            conn.execute(delete(s.artifacts).where(s.artifacts.c.name == name))
            conn.execute(insert(s.artifacts).values(name=name, generation=gen, data=data))

    def site_callers(self, snapshot_id: int) -> dict[tuple[str, str], int] | None:
        """(path, function) of the snapshot's raise sites -> the callers the index stage counted
        for each (``store.callers``; sites without any left out); None if it has not counted them."""
        with self.engine.connect() as conn:
            return _site_callers(conn, snapshot_id)

    def callers_counted_by(self, snapshot_id: int) -> str | None:
        """The stamp of the counting code that made the snapshot's stored callers
        (``callers.counted_by``); None when it has none or was not counted."""
        from errdex.store import callers

        with self.engine.connect() as conn:
            data = conn.execute(select(s.snapshots.c.callers).where(s.snapshots.c.id == snapshot_id)).scalar()
        return callers.counted_by(bytes(data)) if isinstance(data, bytes | memoryview) else None

    def uncounted_snapshots(self) -> list[int]:
        """The snapshots whose sites' callers are not stored yet (``site_callers`` is None)."""
        sn = s.snapshots
        with self.engine.connect() as conn:
            return [
                int(i) for i in conn.scalars(select(sn.c.id).where(sn.c.callers.is_(None)).order_by(sn.c.id))
            ]

    def snapshot_before(self, snapshot_id: int) -> int | None:
        """The snapshot of the same codebase written last before this one (the highest id
        below it): the one whose runs of files and modules this one's continue."""
        sn = s.snapshots
        with self.engine.connect() as conn:
            repo_id = conn.execute(select(sn.c.repo_id).where(sn.c.id == snapshot_id)).scalar()
            return None if repo_id is None else history.snapshot_before(conn, int(repo_id), snapshot_id)

    def site_functions(self, snapshot_id: int) -> list[tuple[str, str]]:
        """(path, function) of the snapshot's records, each once: whose callers are counted."""
        e, o = s.errors, s.release_occurrences
        q = (
            select(e.c.path, e.c.function)
            .select_from(o.join(e, o.c.error_id == e.c.id))
            .where(o.c.snapshot_id == snapshot_id)
            .distinct()
            .order_by(e.c.path, e.c.function)
        )
        with self.engine.connect() as conn:
            return [(str(p), str(f)) for p, f in conn.execute(q)]

    def put_site_callers(
        self, snapshot_id: int, counts: Mapping[tuple[str, str], int], counted_by: str | None = None
    ) -> None:
        """Store a snapshot's sites' callers (written once, by the index stage, before it builds
        the match index) with the stamp of the code that counted them (``callers.encode``). The
        generation moves on: an index built from the rows before holds other counts."""
        if self.readonly:
            raise StoreError("the catalogue is open read-only; callers not saved", kind="readonly")
        from errdex.store import callers

        with self.engine.begin() as conn:
            sn = s.snapshots
            conn.execute(
                update(sn).where(sn.c.id == snapshot_id).values(callers=callers.encode(counts, counted_by))
            )
            self._bump_generation(conn)

    # ------------------------------------------------------------------ reading

    def iter_entries(
        self,
        repo: str | None = None,
        snapshot_id: int | None = None,
        path: str | None = None,
        after: int | None = None,
        keys: Sequence[int] | None = None,
        statements: Mapping[tuple[str, int], str] | None = None,
    ) -> Iterator[CatalogueEntry]:
        """Every (error, snapshot) occurrence: what the matcher indexes (of one snapshot, and of
        one file, when given), in key order; with ``after``, those whose key is greater (a
        segment's first entries taken otherwise: a bound on the key is a search of its index,
        where an ``OFFSET`` stepped through every joined row it skipped, ~15 ms of an add of
        jax to skip 9,000); with ``keys`` (ascending), those alone (``entry_signatures``: the
        entries a release changed). ``statements``: (blob sha, line) -> the statement there,
        read before (``entry_signatures``'s), not read again."""
        e, sn, r = s.errors, s.snapshots, s.repos
        # one file's errors in every release: through each error's places; else a range of them
        o = s.occurrences if path is not None and snapshot_id is None else s.release_occurrences
        q = (
            select(
                o.c.id,
                e.c.id.label("error_id"),
                r.c.name.label("repo"),
                sn.c.version,
                sn.c.date,
                e.c.kind,
                e.c.exc_type,
                e.c.exc_qualname,
                e.c.template,
                o.c.expanded_segments,
                e.c.path,
                o.c.line,
                e.c.function,
                o.c.relay,
                o.c.exc_bases,
                o.c.guards,
                o.c.snapshot_id,
            )
            .select_from(o.join(e, o.c.error_id == e.c.id).join(sn, o.c.snapshot_id == sn.c.id))
            .join(r, sn.c.repo_id == r.c.id)
            .order_by(o.c.id)
        )
        if repo:
            q = q.where(r.c.name == self.resolve_repo(repo))
        if snapshot_id is not None:
            q = q.where(o.c.snapshot_id == snapshot_id)
        if path is not None:
            q = q.where(e.c.path == path)
        if after is not None:
            q = q.where(o.c.id > after)
        # the keys as runs of consecutive keys (a changed file's entries are one run), a few
        # runs to a statement: an ``OR`` of ranges is a search of the key per range
        spans = _spans(keys) if keys is not None else None
        with self.engine.connect() as conn:
            lines = _LineCache(conn, self._fresh_texts, known=statements, noted=self._statements)
            reaches: dict[int, Reach] = {}
            # rows come in occurrence order, which runs snapshot by snapshot: the snapshot's
            # called names, callers and files' blobs are looked up when it changes, not for
            # every row, and each row is unpacked once into locals (a named attribute is a
            # lookup per read). The blobs are not joined in the query: ``files`` is a view over
            # every codebase's file runs, which SQLite materialised whole for the join (all the
            # catalogue's files, to index one snapshot's); asked for one snapshot, it is a search
            # of that snapshot's runs.
            current: int | None = None
            reach: Reach | None = None
            blobs: dict[str, str | None] = {}
            rows: Iterable[Any] = (
                conn.execute(q)
                if spans is None
                else itertools.chain.from_iterable(
                    conn.execute(q.where(or_(*(o.c.id.between(a, z) for a, z in spans[i : i + _SPANS]))))
                    for i in range(0, len(spans), _SPANS)
                )
            )
            for (
                key,
                error_id,
                repo_name,
                version,
                date,
                kind,
                exc_type,
                exc_qualname,
                template,
                segments,
                file_path,
                line,
                function,
                relay,
                exc_bases,
                guards,
                sid,
            ) in rows:
                if sid != current or reach is None:
                    current = sid
                    reach = reaches.get(sid) or reaches.setdefault(sid, Reach(self, conn, sid))
                    blobs = _blob_shas(conn, sid, path)
                called, callers = reach(file_path, function)
                yield CatalogueEntry(
                    key=key,
                    error_id=error_id,
                    repo=repo_name,
                    version=version,
                    snapshot_date=date,
                    kind=kind,
                    exc_type=exc_type,
                    exc_qualname=exc_qualname,
                    template=template,
                    segments=list(segments),
                    path=file_path,
                    line=line,
                    function=function,
                    relay=bool(relay),
                    called=called,
                    statement=lines.line(blobs.get(file_path), line),
                    exc_bases=tuple(str(b) for b in exc_bases or ()),
                    caught=handler_classes([str(g) for g in guards or ()]),
                    callers=callers,
                )

    def entry_signatures(
        self, snapshot_id: int, statements: Mapping[tuple[str, int], str] | None = None
    ) -> EntrySignatures | None:
        """The snapshot's (repo, version, date) and each of its match index entries' key, line
        and signature, in key order (``iter_entries``'s order); None when there is no such
        snapshot. ``statements``: (blob sha, line) -> the statement there, read before (a
        release's unchanged files are the release before's: their lines are not read again);
        what this snapshot's entries read is returned for the next.

        The signature is everything an entry is made of but its key, snapshot and line: its
        occurrence's body (its error and what was found at the raise), the statement at its
        line (``iter_entries``'s) and how the library reaches its function (``Reach``). Two
        entries of one signature are the same entry but for key, snapshot and line: a release's
        entries whose signature the release before held are taken from what that one's made
        (``shared_index.hold``), without reading their rows back. Most of a changed file's
        entries are the same but for their line (an edit above them moved it)."""
        sn, r, p, b, e = s.snapshots, s.repos, s.occurrence_places, s.occurrence_bodies, s.errors
        read: dict[tuple[str, int], str] = {}
        out: list[tuple[int, int, EntrySignature]] = []
        with self.engine.connect() as conn:
            row = conn.execute(
                select(r.c.name, sn.c.version, sn.c.date)
                .select_from(sn.join(r, sn.c.repo_id == r.c.id))
                .where(sn.c.id == snapshot_id)
            ).first()
            if row is None:
                return None
            places = conn.execute(
                select(p.c.id, p.c.body_id, p.c.line, e.c.path, e.c.function)
                .select_from(p.join(b, b.c.id == p.c.body_id).join(e, e.c.id == b.c.error_id))
                .where(p.c.snapshot_id == snapshot_id)
                .order_by(p.c.id)
            ).all()
            reach = Reach(self, conn, snapshot_id)
            blobs = _blob_shas(conn, snapshot_id)
            lines = _LineCache(conn, self._fresh_texts, known=statements, noted=self._statements)
            for key, body, line, path, function in places:
                blob = blobs.get(path)
                statement = ""
                if blob is not None:
                    got = read.get((blob, line))
                    if got is None:
                        got = read[blob, line] = lines.line(blob, line)
                    statement = got
                out.append((int(key), int(line), (int(body), statement, *reach(path, function))))
        where = (str(row.name), str(row.version), None if row.date is None else str(row.date))
        return EntrySignatures(where, out, read)

    def class_bases(self, snapshot_id: int | None = None) -> list[tuple[str, tuple[str, ...]]]:
        """(class name, bases as written) of the exception classes the catalogue's files define
        (of one snapshot, when given): the matcher relates a pasted class to the raises of its
        bases and subclasses, including classes no statement raises by name. Exception classes
        are the ones whose line reaches a builtin exception or an ``...Error``/``...Exception``/
        ``...Warning`` name; the other classes of a codebase are many and say nothing here, but
        for those below a class whose message prints the instance's class name (``{type(self).
        __name__}``), whose subclass a message names (``below_named_owners``)."""
        c, fl = s.code_facts, s.files
        # the library's classes: a test's (``class Error(BaseModel)`` in a test function, a mock
        # ``DBAPI.Error``) is nothing a user meets, and one name's lines are united, so a
        # test's class of a library class's name would blur what that name relates to
        blobs = select(fl.c.blob_sha).where(fl.c.is_test == false())
        if snapshot_id is not None:
            blobs = blobs.where(fl.c.snapshot_id == snapshot_id)
        found: set[tuple[str, tuple[str, ...]]] = set()
        with self.engine.connect() as conn:
            values = [(data,) for (data,) in conn.execute(select(c.c.classes).where(c.c.blob_sha.in_(blobs)))]
            for (data,) in factdeltas.with_bases(conn, values, "classes"):
                found.update(
                    (k.qualname, tuple(k.bases)) for k in factblobs.decode(data, factblobs.class_row)
                )
            owners = self._class_name_owners(conn, snapshot_id)
        # each (class, bases) once, in one order whatever the database's
        rows = sorted(found)
        named = exception_classes(rows)
        return named + [r for r in below_named_owners(rows, owners) if r not in named]

    def _class_name_owners(self, conn: Connection, snapshot_id: int | None) -> set[str]:
        """The classes with a method raising a message that prints the instance's class name
        (``{type(self).__name__}``) or the instance itself (``{self!r}``, whose repr commonly
        opens with its class's name); ``class_bases`` adds the classes below them."""
        e = s.errors
        q = select(e.c.function, e.c.template).where(
            or_(
                e.c.template.contains(".__name__", autoescape=True),
                e.c.template.contains(".__qualname__", autoescape=True),
                *(e.c.template.contains(slot, autoescape=True) for slot in SELF_SLOTS),
            )
        )
        if snapshot_id is not None:
            se = s.snapshot_errors
            q = q.where(e.c.id.in_(select(se.c.error_id).where(se.c.snapshot_id == snapshot_id)))
        return {
            owner
            for func, template in conn.execute(q)
            if any(slot in template for slot in (*CLASS_NAME_SLOTS, *SELF_SLOTS))
            and (owner := owner_class(func))
        }

    def resolve_repo(self, name: str) -> str:
        """Accept ``owner/repo``, the project name (``jax``) or the repo part: users type the short one."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(s.repos.c.name, s.repos.c.project)).all()
        for full, project in rows:
            if name in (full, project) or full.split("/")[-1] == name:
                return str(full)
        known = ", ".join(sorted(r[0] for r in rows)) or "none yet"
        raise StoreError(f"no codebase named {name!r} in the catalogue (indexed: {known})", kind="missing")

    def repos(self) -> list[Repo]:
        """Every codebase with its distinct error count and snapshots: three queries however many
        codebases (an ecosystem catalogue's home page lists thousands)."""
        r, sn, o = s.repos, s.snapshots, s.release_occurrences
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(r.c.id, r.c.name, r.c.project, r.c.source_url).order_by(r.c.name)
            ).all()
            names = {int(row[0]): str(row[1]) for row in rows}
            counts: dict[int, int] = dict(
                conn.execute(
                    select(sn.c.repo_id, func.count(func.distinct(o.c.error_id)))
                    .select_from(o.join(sn, o.c.snapshot_id == sn.c.id))
                    .group_by(sn.c.repo_id)
                ).all()
            )
            snaps: dict[int, list[Snapshot]] = {}
            cols = [sn.c[name] for name in SNAPSHOT_COLUMNS]
            for snap in conn.execute(select(sn.c.repo_id, *cols).order_by(sn.c.repo_id, sn.c.id)):
                repo_id = int(snap[0])
                snaps.setdefault(repo_id, []).append(snapshot_of(names.get(repo_id, ""), snap[1:]))
        return [
            Repo(
                name=str(name),
                project=project,
                source_url=url,
                errors=int(counts.get(rid) or 0),
                snapshots=tuple(snaps.get(rid, ())),
            )
            for rid, name, project, url in rows
        ]

    def snapshot(self, snapshot_id: int) -> Snapshot:
        sn = s.snapshots
        cols = [sn.c[name] for name in SNAPSHOT_COLUMNS]
        with self.engine.connect() as conn:
            row = conn.execute(
                select(s.repos.c.name, *cols)
                .select_from(sn.join(s.repos, s.repos.c.id == sn.c.repo_id))
                .where(sn.c.id == snapshot_id)
            ).first()
        if row is None:
            raise StoreError(f"no snapshot {snapshot_id}", kind="missing")
        return snapshot_of(str(row[0]), row[1:])

    def list_errors(
        self,
        repo: str | None = None,
        exc_type: str | None = None,
        path: str | None = None,
        kind: str | None = None,
        limit: int | None = None,
        offset: int = 0,
    ) -> tuple[int, list[ErrorSummary]]:
        """Errors of the latest snapshot that has each, filtered; returns (total, page)."""
        e, r, o, every = s.errors, s.repos, s.occurrences, s.release_occurrences
        latest = (
            select(every.c.error_id, func.max(every.c.id).label("occ_id"))
            .group_by(every.c.error_id)
            .subquery("latest")
        )
        q = (
            select(
                e.c.id,
                r.c.name,
                e.c.kind,
                e.c.exc_type,
                e.c.exc_qualname,
                e.c.template,
                e.c.path,
                e.c.function,
                o.c.line,
                o.c.end_line,
                o.c.snapshot_id,
            )
            .select_from(
                e.join(r, e.c.repo_id == r.c.id)
                .join(latest, latest.c.error_id == e.c.id)
                # by the error too: an error's places are found through its bodies
                .join(o, and_(o.c.error_id == latest.c.error_id, o.c.id == latest.c.occ_id))
            )
            .order_by(r.c.name, e.c.path, o.c.line, e.c.id)
        )
        if repo:
            q = q.where(r.c.name == self.resolve_repo(repo))
        if exc_type:
            q = q.where(func.lower(e.c.exc_type).contains(exc_type.lower()))
        if path:
            q = q.where(e.c.path.contains(path))
        if kind:
            q = q.where(e.c.kind == kind)
        with self.engine.connect() as conn:
            total = conn.execute(select(func.count()).select_from(q.subquery())).scalar() or 0
            if limit is not None:
                q = q.limit(limit).offset(offset)
            rows = conn.execute(q).all()
        return int(total), [ErrorSummary(*row) for row in rows]

    def get_error(self, error_id: str) -> ErrorDetail | None:
        """Everything known about one error: identity plus each snapshot's occurrence."""
        return read_error(self._run_text, error_id)

    def error_source(self, error_id: str, version: str) -> tuple[int, int, str] | None:
        """(line, end_line, file text) of an error in the snapshot of that version: "Thrown at"."""
        e, o, sn, f, b = s.errors, s.occurrences, s.snapshots, s.files, s.blobs
        q = (
            select(o.c.line, o.c.end_line, b.c.data)
            .select_from(
                o.join(e, e.c.id == o.c.error_id)
                .join(sn, sn.c.id == o.c.snapshot_id)
                .join(f, and_(f.c.snapshot_id == o.c.snapshot_id, f.c.path == e.c.path))
                .join(b, b.c.sha == f.c.blob_sha)
            )
            .where(and_(o.c.error_id == error_id, sn.c.version == version))
            .order_by(o.c.id.desc())
            .limit(1)
        )
        with self.engine.connect() as conn:
            row = conn.execute(q).first()
        if row is None:
            return None
        return int(row.line), int(row.end_line), inflate_text(row.data, self._blob)

    def file_text(self, snapshot_id: int, path: str) -> str | None:
        with self.engine.connect() as conn:
            data = conn.execute(
                select(s.blobs.c.data)
                .select_from(s.files.join(s.blobs, s.files.c.blob_sha == s.blobs.c.sha))
                .where(and_(s.files.c.snapshot_id == snapshot_id, s.files.c.path == path))
            ).scalar()
        return inflate_text(data, self._blob) if data is not None else None

    def _blob(self, sha: str) -> bytes | None:
        """A stored blob's bytes by its sha (the base of a text stored as a difference)."""
        with self.engine.connect() as conn:
            data = conn.execute(select(s.blobs.c.data).where(s.blobs.c.sha == sha)).scalar()
        return bytes(data) if isinstance(data, bytes | memoryview) else None

    def symbols(self, snapshot_id: int) -> set[str]:
        with self.engine.connect() as conn:
            return set(conn.scalars(select(s.symbols.c.name).where(s.symbols.c.snapshot_id == snapshot_id)))

    def expectations_for(self, error_id: str) -> list[Expectation]:
        """Tests that expect this error. error_ids is JSON, so filter in Python (portable)."""
        x = s.expectations
        like = f"%{error_id}%"
        cols = _expectation_columns()
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(*cols, x.c.error_ids).where(cast(x.c.error_ids, Text).like(like))
            ).all()
        return [Expectation.from_row(r[:-1]) for r in rows if error_id in r[-1]]

    def expectations(self, snapshot_id: int) -> list[LinkedExpectation]:
        """Every test expectation of a snapshot, in the order indexing stored them."""
        x = s.expectations
        cols = _expectation_columns()
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(*cols, x.c.error_ids).where(x.c.snapshot_id == snapshot_id).order_by(x.c.id)
            ).all()
        return [
            LinkedExpectation(
                Expectation.from_row(r[:-1]), tuple(map(str, r[-1])) if isinstance(r[-1], list) else ()
            )
            for r in rows
        ]

    def content_hashes(self, ref_kind: str) -> dict[tuple[str, str], str]:
        """``(repo, ref) -> content hash`` of every snapshot of one kind: what a caller about to
        index many snapshots checks, so content already stored is not even extracted."""
        sn, r = s.snapshots, s.repos
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(r.c.name, sn.c.ref, sn.c.content_hash)
                .select_from(sn.join(r, sn.c.repo_id == r.c.id))
                .where(sn.c.ref_kind == ref_kind)
            ).all()
        return {(str(row[0]), str(row[1])): str(row[2]) for row in rows}

    def get_analysis(
        self, error_id: str, snapshot_id: int, model: str, prompt_version: str
    ) -> AnalysisRecord | None:
        return read_analysis(self._run_text, error_id, snapshot_id, model, prompt_version)

    def put_analysis(
        self, error_id: str, snapshot_id: int, model: str, prompt_version: str, data: Any
    ) -> None:
        a = s.analyses
        key = and_(
            a.c.error_id == error_id,
            a.c.snapshot_id == snapshot_id,
            a.c.model == model,
            a.c.prompt_version == prompt_version,
        )
        with self.engine.begin() as conn:
            conn.execute(delete(a).where(key))
            conn.execute(
                insert(a).values(
                    error_id=error_id,
                    snapshot_id=snapshot_id,
                    model=model,
                    prompt_version=prompt_version,
                    created=_now(),
                    data=data,
                )
            )

    # ------------------------------------------------------------------ code facts and lookups
    #
    # What the analysis of an error reads (``errdex.store.facts``): code facts stored once per
    # file content, the snapshot's modules, and its errors and test links keyed for lookups.

    @property
    def facts(self) -> FactReader:
        """The analysis reads, over this store's engine."""
        if not self.readonly:
            return FactReader(self._run_text)
        if self._facts is None:
            self._facts = FactReader(self._run_text)
        return self._facts

    def has_package(self, top: str) -> bool:
        """Whether any snapshot holds top-level package or module ``top`` (``store.sites``)."""
        from errdex.store.sites import has_package

        return has_package(self._run_text, top)

    def has_snapshots(self) -> bool:
        """Whether the catalogue holds any snapshot."""
        from errdex.store.sites import has_snapshots

        return has_snapshots(self._run_text)

    def raise_sites(self, path: str, sha256: str, line: int) -> list[Any]:
        """The records at ``path:line`` in snapshots holding that file with exactly that content
        (``store.sites``): how a running program's frame names its raise site."""
        from errdex.store.sites import raise_sites

        return raise_sites(self._run_text, path, sha256, line)

    @property
    def timeline(self) -> Timeline:
        """Releases and lineages (``errdex.store.timeline``), the same SQL the fast reader runs."""
        return Timeline(self._run_text)

    def _run_text(self, sql: str, params: Mapping[str, Any]) -> list[tuple[Any, ...]]:
        with self.engine.connect() as conn:
            if self.engine.dialect.name == "sqlite":
                # the statements are written for sqlite3's own ``:name`` style: hand them over
                # as they are, without SQLAlchemy's compile and row objects (a page runs ~30);
                # that also bypasses the engine's ``handle_error`` hook, so translate here
                raw: Any = conn.connection.driver_connection
                try:
                    return list(raw.execute(sql, dict(params)).fetchall())
                except sqlite3.Error as e:
                    raise db_error(e, self.where) from None
            return [tuple(row) for row in conn.execute(text(sql), dict(params))]

    def _write_analysis_rows(
        self,
        conn: Connection,
        snap_id: int,
        files: Sequence[SourceFile],
        reports: Sequence[FileReport],
        records: Sequence[ErrorRecord],
        expectations: Sequence[TestExpectation],
        code: Mapping[str, CodeFacts],
        producer: str,
        stored_code: Collection[str] = (),
        all_shas: Mapping[str, str] | None = None,
    ) -> None:
        shas = {
            f.path: all_shas[f.path] if all_shas is not None else _sha(f.data)
            for f in files
            if f.path in code or f.path in stored_code
        }
        fact_ids = self._write_code_facts(
            conn,
            {sha: code[path] for path, sha in shas.items() if path in code},
            producer,
            {sha: path for path, sha in shas.items() if path in code},
            snap_id,
        )
        # facts of reused files are stored already (the cache offered only those): look them up
        fact_ids.update(
            self._fact_ids(conn, {shas[p] for p in stored_code if p in shas} - fact_ids.keys(), producer)
        )
        shas = {p: sha for p, sha in shas.items() if sha in fact_ids}
        reps = {r.path: r for r in reports if r.path in shas}
        library = [p for p in sorted(shas) if p in reps and not reps[p].is_test]
        winner = {reps[p].module: p for p in library}  # the last path of a module name wins
        history.write_path_runs(
            conn,
            s.module_runs,
            snap_id,
            [
                {"path": path, "name": rep.module, "leaf": rep.module.rpartition(".")[2],
                 "is_package": rep.is_package, "is_test": rep.is_test,
                 "shadowed": not rep.is_test and winner[rep.module] != path, "fact_id": fact_ids[shas[path]]}
                for path, rep in sorted(reps.items())
            ],
        )  # fmt: skip
        history.write_errors(conn, snap_id, (r.id for r in records))
        if expectations:
            x = s.expectations
            ids = conn.scalars(select(x.c.id).where(x.c.snapshot_id == snap_id).order_by(x.c.id)).all()
            links = {
                (eid, error_id): (eid, error_id, snap_id)
                for eid, exp in zip(ids, expectations, strict=True)
                for error_id in exp.error_ids
            }
            insert_rows(conn, s.expectation_errors, list(links.values()))

    def _write_code_facts(
        self,
        conn: Connection,
        by_sha: Mapping[str, CodeFacts],
        producer: str,
        paths: Mapping[str, str] | None = None,
        snap_id: int | None = None,
    ) -> dict[str, int]:
        """Store the facts of each file content not stored yet (one row each, and its keys for
        the lookups across files); (blob sha -> fact id) for all. With ``paths`` (sha -> path)
        and the snapshot being written, a content's values are stored as differences from the
        same path's previous content where that is small (``factdeltas``)."""
        ids = self._fact_ids(conn, by_sha, producer)
        new = {sha: f for sha, f in by_sha.items() if sha not in ids}
        if not new:
            return ids
        # (compressed column by column: on the writer's threads, ``parallel``)
        values = dict(zip(new, parallel.each(factblobs.encode, list(new.values())), strict=True))
        previous: dict[str, str] = {}  # sha -> the blob its path had in the codebase before
        if paths is not None and snap_id is not None:
            repo_id = conn.execute(
                select(s.snapshots.c.repo_id).where(s.snapshots.c.id == snap_id)
            ).scalar_one()
            factdeltas.against_previous(conn, values, paths, producer, (int(repo_id), snap_id))
            latest = history._latest_blobs(
                conn, int(repo_id), {paths[sha] for sha in new if sha in paths}, snap_id
            )
            previous = {sha: latest[paths[sha]] for sha in new if paths.get(sha) in latest}
        insert_rows(
            conn,
            s.code_facts,
            [(sha, producer, *v) for sha, v in values.items()],
            skip=("id",),
        )
        ids.update(self._fact_ids(conn, new, producer))
        # a new content shares the lookup keys of its path's previous content (``keysets``),
        # whose own keys this writer holds when it stored that content itself (``KeyMemo``)
        base_ids = self._fact_ids(conn, set(previous.values()), producer) if previous else {}
        bases = {ids[sha]: base_ids[b] for sha, b in previous.items() if b in base_ids}
        held = {
            base_ids[b]: pairs
            for b in set(previous.values()) & base_ids.keys()
            if (pairs := self._key_memo.get(producer, b)) is not None
        }
        keys = {sha: factblobs.keys(f) for sha, f in new.items()}
        keysets.write_keys(conn, {ids[sha]: pairs for sha, pairs in keys.items()}, bases, held)
        self._key_memo.put(producer, keys)
        return ids

    def _fact_ids(self, conn: Connection, shas: Iterable[str], producer: str) -> dict[str, int]:
        c = s.code_facts
        return {
            str(sha): int(fid)
            for sha, fid in select_in(
                conn, (c.c.blob_sha, c.c.id), c.c.blob_sha, shas, c.c.producer == producer
            )
        }

    def _delete_analysis_rows(self, conn: Connection, snap_id: int) -> None:
        # its errors' and files' runs: ``history``
        conn.execute(delete(s.expectation_errors).where(s.expectation_errors.c.snapshot_id == snap_id))
        history.cut_runs(conn, s.module_runs, snap_id)

    def _drop_unused_facts(self, conn: Connection) -> None:
        """Code facts no snapshot holds any more (content that changed, an older extractor's)."""
        c = s.code_facts
        # a run's ends are stored snapshots: a content any run names is held by one
        unused = select(c.c.id).where(~exists().where(s.module_runs.c.fact_id == c.c.id)).scalar_subquery()
        # a row a kept row's values are differences from stays (``factdeltas``)
        named = factdeltas.bases_named(conn, unused)
        gone = select(c.c.id).where(c.c.id.in_(unused), c.c.id.not_in(named)).scalar_subquery()
        keysets.drop_keys_of(conn, gone)
        conn.execute(delete(c).where(c.c.id.in_(unused), c.c.id.not_in(named)))

    def counts(self) -> dict[str, int]:
        with self.engine.connect() as conn:
            return {
                "repos": conn.execute(select(func.count()).select_from(s.repos)).scalar() or 0,
                "snapshots": conn.execute(select(func.count()).select_from(s.snapshots)).scalar() or 0,
                "errors": conn.execute(select(func.count()).select_from(s.errors)).scalar() or 0,
            }


def _engine(url: str, kwargs: dict[str, Any]) -> Engine:
    """``create_engine``, with a URL errdex cannot use reported as bad input, not a traceback."""
    try:
        return create_engine(url, **kwargs)
    except NoSuchModuleError:
        kind = url.split(":", 1)[0]
        raise StoreError(
            f"errdex cannot open {kind!r} databases ({describe(url)}); use a SQLite path or a "
            "postgresql+psycopg:// URL",
            kind="bad-url",
        ) from None
    except ArgumentError as e:
        raise StoreError(f"not a database URL: {describe(url)} ({e})", kind="bad-url") from None
    except ImportError as e:  # the dialect is known, its driver package is not installed
        raise StoreError(
            f"the database driver for {describe(url)} is not installed ({e}); for PostgreSQL: "
            "pip install 'errdex[postgres]' and use postgresql+psycopg://",
            kind="driver",
        ) from None


def _packed_text(item: tuple[bytes, tuple[str, bytes, int] | None]) -> tuple[bool, bytes]:
    """A new file text's blob: (whether it is a difference, the stored bytes). The difference
    from its path's previous text (``base``: its blob sha, text and depth) where that is small
    (``textdelta``), else the text zlib-compressed whole (run on the writer's threads)."""
    text, base = item
    packed = textdelta.make(text, base[0], base[1]) if base is not None else None
    return (True, packed) if packed is not None else (False, zlib.compress(text, _TEXT_LEVEL))


class _SnapshotTexts:
    """The texts of a snapshot just written, by blob sha: those it stored, and the bytes of its
    files an earlier snapshot stored already, decoded when first asked for (as writing them
    would have decoded them: the same bytes, the same text)."""

    def __init__(self, texts: dict[str, str], held: dict[str, bytes]) -> None:
        self.texts, self.held = texts, held

    def get(self, sha: str) -> str | None:
        text = self.texts.get(sha)
        if text is None and (data := self.held.pop(sha, None)) is not None:
            decoded, _utf8, readable = _stored_text(data)
            if not readable:
                return None
            text = self.texts[sha] = decoded
        return text


def _statement(lines: list[str], line: int) -> str:
    """The stripped text of 1-based ``line`` of a file's ``lines`` (its first 500 characters),
    or "" past its end."""
    return lines[line - 1].strip()[:500] if 0 < line <= len(lines) else ""


# ``Store._statements``: ~3,000 raises a release of a large library, ~80 bytes each with its key
_MAX_NOTED_STATEMENTS = 1 << 20


class _LineCache:
    """Source lines of the stored files an entry walk reads, a few files at a time: occurrences are
    stored file by file, so consecutive entries mostly read the same one."""

    def __init__(
        self,
        conn: Any,
        fresh: _SnapshotTexts | None = None,
        size: int = 16,
        known: Mapping[tuple[str, int], str] | None = None,
        noted: Mapping[tuple[str, int], str] | None = None,
    ) -> None:
        self.conn, self.size = conn, size
        self.fresh = fresh or _SnapshotTexts({}, {})  # ``Store._fresh_texts``: no read needed
        self.files: dict[str, list[str]] = {}
        self.known = known or {}  # (blob sha, line) -> its statement, read before
        self.noted = noted or {}  # and those the writer kept (``Store._statements``)

    def line(self, blob_sha: str | None, line: int) -> str:
        """The stripped text of 1-based ``line`` of the blob, or "" when it is not stored."""
        if blob_sha is None:
            return ""
        got = self.known.get((blob_sha, line))
        if got is None:
            got = self.noted.get((blob_sha, line))
        if got is not None:
            return got
        lines = self.files.get(blob_sha)
        if lines is None:
            text = self.fresh.get(blob_sha)
            if text is None:
                data = self._blob(blob_sha)
                text = inflate_text(data, self._blob) if data is not None else ""
            lines = text.splitlines()
            if len(self.files) >= self.size:
                self.files.pop(next(iter(self.files)))
            self.files[blob_sha] = lines
        return _statement(lines, line)

    def _blob(self, sha: str) -> bytes | None:
        data = self.conn.execute(select(s.blobs.c.data).where(s.blobs.c.sha == sha)).scalar()
        return bytes(data) if isinstance(data, bytes | memoryview) else None


def _expectation_columns() -> tuple[Any, ...]:
    """The ``expectations`` columns ``Expectation.from_row`` reads, in its order (both reads of
    the table select them, then ``error_ids``)."""
    x = s.expectations
    return (
        x.c.snapshot_id,
        x.c.path,
        x.c.line,
        x.c.end_line,
        x.c.function,
        x.c.exc_type,
        x.c.pattern,
        x.c.kind,
    )


# (body, the statement at its line, called, callers): ``Store.entry_signatures``
EntrySignature = tuple[int, str, bool, int]


class EntrySignatures(NamedTuple):
    """``Store.entry_signatures``: the snapshot's (repo, version, date), its entries' (key,
    line, signature) and the statements read, by (blob sha, line)."""

    where: tuple[str, str, str | None]
    entries: list[tuple[int, int, EntrySignature]]
    statements: dict[tuple[str, int], str]


_SPANS = 100  # key ranges per statement of ``iter_entries(keys=...)``


def _spans(keys: Sequence[int]) -> list[tuple[int, int]]:
    """Ascending ``keys`` as (first, last) runs of consecutive keys."""
    out: list[tuple[int, int]] = []
    for k in keys:
        if out and out[-1][1] + 1 == k:
            out[-1] = (out[-1][0], k)
        else:
            out.append((k, k))
    return out


class Reach:
    """How one snapshot's library reaches a raise site's function, as a match index entry
    holds it: whether it calls the function by its name, and its callers (those the call
    graph resolves, ``Store.site_callers``, plus one if the library holds the function as a
    value and never calls it, and one if its package re-exports it): what ``iter_entries``
    and ``entry_signatures`` both read, so a signature is the entry's."""

    def __init__(self, store: Store, conn: Connection, snapshot_id: int) -> None:
        self.names = store.facts.called_names(snapshot_id)
        self.values = store.facts.referenced_names(snapshot_id) - self.names
        self.callers = _site_callers(conn, snapshot_id) or {}
        self.exported = store.facts.reexported(snapshot_id)

    def __call__(self, path: str, function: str) -> tuple[bool, int]:
        name = called_as(function)
        # a function held as a value (a dispatch table's, a callback) is reached from where it
        # is held: one caller more, though no call names it; so is one the package's
        # ``__init__`` re-exports, reached as ``pkg.name`` by its users
        return name in self.names, (
            self.callers.get((path, function), 0)
            + int(name in self.values)
            + int((path, reexported_as(function)) in self.exported)
        )


def _blob_shas(conn: Connection, snapshot_id: int, path: str | None = None) -> dict[str, str | None]:
    """Path -> blob sha of one snapshot's files (of its file ``path`` alone, when given)."""
    f = s.files
    q = select(f.c.path, f.c.blob_sha).where(f.c.snapshot_id == snapshot_id)
    if path is not None:
        q = q.where(f.c.path == path)
    return {p: sha for p, sha in conn.execute(q)}


def _site_callers(conn: Connection, snapshot_id: int) -> dict[tuple[str, str], int] | None:
    """``Store.site_callers`` on an open connection."""
    from errdex.store import callers

    data = conn.execute(select(s.snapshots.c.callers).where(s.snapshots.c.id == snapshot_id)).scalar()
    return callers.decode(bytes(data)) if isinstance(data, bytes | memoryview) else None
