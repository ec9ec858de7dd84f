"""The catalogue's tables, and the migrations that create and evolve them.

Design: an error's *identity* (``errors``: ID, type, template) is separate from where it sits in
each snapshot (``occurrences``: line, guards, window). The same ID is shared by every snapshot
that contains the error, which is what makes "this error exists in versions X, Y, Z" a join,
and lets line numbers from a user's traceback pick out the version they run.

File contents live once in ``blobs`` (keyed by content hash, zlib-compressed): consecutive
releases share most files, so many snapshots cost little more than one.

Only portable SQLAlchemy Core types are used, so the same schema runs on SQLite and PostgreSQL.
``Text``, ``String`` and ``ScrubbedJSON`` below decorate SQLAlchemy's types (same DDL, so no
migration) to scrub what is written: text from an indexed package may hold lone surrogates
(``"\\udc80"`` in a string literal), which neither SQLite's nor PostgreSQL's driver can encode;
they are stored as U+FFFD instead of failing the whole snapshot.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    Column,
    Connection,
    Dialect,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    Table,
    UniqueConstraint,
    false,
    select,
    text,
)
from sqlalchemy import String as _String
from sqlalchemy import Text as _Text
from sqlalchemy import inspect as sa_inspect
from sqlalchemy.types import TypeDecorator

from errdex.textsafe import valid_unicode


def _scrub(value: Any) -> Any:
    if isinstance(value, str):
        return valid_unicode(value)
    if isinstance(value, list | tuple):
        return [_scrub(v) for v in value]
    if isinstance(value, dict):
        return {_scrub(k): _scrub(v) for k, v in value.items()}
    return value


class Text(TypeDecorator[str]):
    """``Text`` that stores lone surrogates as U+FFFD instead of failing the driver."""

    impl = _Text
    cache_ok = True

    def process_bind_param(self, value: Any, dialect: Dialect) -> Any:
        return valid_unicode(value) if isinstance(value, str) else value


class String(TypeDecorator[str]):
    """``String(n)`` with the same scrubbing as ``Text``."""

    impl = _String
    cache_ok = True

    def process_bind_param(self, value: Any, dialect: Dialect) -> Any:
        return valid_unicode(value) if isinstance(value, str) else value


class ScrubbedJSON(TypeDecorator[Any]):
    """``JSON`` whose strings are scrubbed too (PostgreSQL refuses a lone ``\\udc80`` escape)."""

    impl = JSON
    cache_ok = True

    def process_bind_param(self, value: Any, dialect: Dialect) -> Any:
        return _scrub(value)


metadata = MetaData()

meta = Table(
    "meta",
    metadata,
    Column("key", String(64), primary_key=True),
    Column("value", Text, nullable=False),
)

repos = Table(
    "repos",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(255), nullable=False, unique=True),  # owner/repo
    Column("project", String(255), nullable=False),
    Column("source_url", Text),
)

snapshots = Table(
    "snapshots",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("repo_id", Integer, ForeignKey("repos.id"), nullable=False),
    Column("version", String(255), nullable=False),
    Column("ref_kind", String(16), nullable=False),
    Column("ref", Text, nullable=False),
    Column("commit_sha", String(64)),
    Column("date", String(64)),
    Column("source_url", Text),
    Column("tag", String(255)),
    Column("archive", Text),
    Column("sha256", String(64)),
    Column("content_hash", String(64), nullable=False),
    Column("indexed_at", String(64), nullable=False),
    Column("has_tests", Boolean, nullable=False),
    Column("stats", ScrubbedJSON, nullable=False),
    UniqueConstraint("repo_id", "ref_kind", "ref", name="uq_snapshot_ref"),
)

blobs = Table(
    "blobs",
    metadata,
    Column("sha", String(64), primary_key=True),
    Column("data", LargeBinary, nullable=False),  # zlib-compressed UTF-8 text
)

files = Table(
    "files",
    metadata,
    Column("snapshot_id", Integer, ForeignKey("snapshots.id"), primary_key=True),
    Column("path", Text, primary_key=True),
    Column("blob_sha", String(64), ForeignKey("blobs.sha")),
    Column("status", String(16), nullable=False),
    Column("reason", Text),
    Column("is_test", Boolean, nullable=False),
)

errors = Table(
    "errors",
    metadata,
    Column("id", String(16), primary_key=True),
    Column("repo_id", Integer, ForeignKey("repos.id"), nullable=False),
    Column("kind", String(16), nullable=False),
    Column("exc_type", Text, nullable=False),
    Column("exc_qualname", Text),
    Column("template", Text, nullable=False),
    Column("segments", ScrubbedJSON, nullable=False),
    Column("path", Text, nullable=False),
    Column("function", Text, nullable=False),
    Index("ix_errors_repo", "repo_id"),
)

occurrences = Table(
    "occurrences",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("error_id", String(16), ForeignKey("errors.id"), nullable=False),
    Column("snapshot_id", Integer, ForeignKey("snapshots.id"), nullable=False),
    Column("line", Integer, nullable=False),
    Column("end_line", Integer, nullable=False),
    Column("level", String(16)),
    Column("exc_bases", ScrubbedJSON, nullable=False),
    Column("expanded_segments", ScrubbedJSON, nullable=False),
    Column("guards", ScrubbedJSON, nullable=False),
    Column("window_start", Integer, nullable=False),
    Column("window_end", Integer, nullable=False),
    Column("comments", ScrubbedJSON, nullable=False),
    Column("docstring", Text),
    # a helper's raise of a message its callers supply (those calls are records too); v2
    Column("relay", Boolean, nullable=False, server_default=false()),
    Index("ix_occ_snapshot", "snapshot_id"),
    Index("ix_occ_error", "error_id"),
)

expectations = Table(
    "expectations",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("snapshot_id", Integer, ForeignKey("snapshots.id"), nullable=False),
    Column("path", Text, nullable=False),
    Column("line", Integer, nullable=False),
    Column("end_line", Integer, nullable=False),
    Column("function", Text, nullable=False),
    Column("exc_type", Text, nullable=False),
    Column("pattern", Text),
    Column("kind", String(16), nullable=False),
    Column("error_ids", ScrubbedJSON, nullable=False),
    Index("ix_exp_snapshot", "snapshot_id"),
)

symbols = Table(
    "symbols",
    metadata,
    Column("snapshot_id", Integer, ForeignKey("snapshots.id"), primary_key=True),
    Column("name", Text, primary_key=True),
)

artifacts = Table(
    "artifacts",
    metadata,
    Column("name", String(128), primary_key=True),
    Column("generation", String(64), nullable=False),
    Column("data", LargeBinary, nullable=False),
)

# Releases a bulk run (``errdex index --from/--top``) could not index, with why; a later run
# retries them and drops the row once the release is stored.
index_failures = Table(
    "index_failures",
    metadata,
    Column("spec", String(255), primary_key=True),  # pypi:NAME==VERSION, or pypi:NAME when unresolved
    Column("reason", Text, nullable=False),
    Column("failed_at", String(64), nullable=False),
)

analyses = Table(
    "analyses",
    metadata,
    Column("error_id", String(16), primary_key=True),
    Column("snapshot_id", Integer, primary_key=True),
    Column("model", String(255), primary_key=True),
    Column("prompt_version", String(32), primary_key=True),
    Column("created", String(64), nullable=False),
    Column("data", ScrubbedJSON, nullable=False),
)


# ---------------------------------------------------------------------------- code facts
#
# What the analysis of an error reads instead of parsing code again (``errdex.model.CodeFacts``).
# A file's facts depend only on its bytes and on the extractor that gathered them, so they are
# stored once per (blob, producer) and shared by every snapshot holding that content. Lists and
# maps inside a row are JSON text written and read by errdex itself: data, never code. The tables
# of a file's facts are keyed by (fact set, order); on SQLite those of small rows are clustered on
# that key (WITHOUT ROWID): a release writes ~100k of them, and one b-tree is cheaper than two.
# ``fact_functions`` keeps its rowid: docstrings make its rows long, which such tables store badly.

code_facts = Table(
    "code_facts",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("blob_sha", String(64), nullable=False),
    Column("producer", String(64), nullable=False),
    Column("toplevel", Text, nullable=False),  # JSON list: names bound at module level
    Column("bound", Text, nullable=False),  # JSON list: every name bound in the file
    Column("consts", Text, nullable=False),  # JSON object: NAME -> dotted.value
    UniqueConstraint("blob_sha", "producer", name="uq_code_facts_blob"),
)

fact_functions = Table(
    "fact_functions",
    metadata,
    Column("fact_id", Integer, ForeignKey("code_facts.id"), primary_key=True),
    Column("seq", Integer, primary_key=True),  # definition order
    Column("qualname", Text, nullable=False),
    Column("name", Text, nullable=False),  # last part of qualname: calls are looked up by it
    Column("line", Integer, nullable=False),
    Column("end_line", Integer, nullable=False),
    Column("cls", Text),
    Column("params", Text, nullable=False),  # JSON list
    Column("doc", Text),
    Index("ix_fact_functions_name", "name"),
)

fact_classes = Table(
    "fact_classes",
    metadata,
    Column("fact_id", Integer, ForeignKey("code_facts.id"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("qualname", Text, nullable=False),
    Column("line", Integer, nullable=False),
    Column("end_line", Integer, nullable=False),
    Column("bases", Text, nullable=False),  # JSON list, as written
    Column("members", Text, nullable=False),  # JSON list
    sqlite_with_rowid=False,
)

fact_imports = Table(
    "fact_imports",
    metadata,
    Column("fact_id", Integer, ForeignKey("code_facts.id"), primary_key=True),
    Column("seq", Integer, primary_key=True),  # order of first appearance in the file
    Column("local", Text, nullable=False),
    Column("target", Text, nullable=False),  # relative to the package ``level`` dots up when level > 0
    Column("level", Integer, nullable=False),
    Column("name", Text, nullable=False),  # last part of target: re-exports are followed by it
    Column("top", Text),  # first part of an absolute target (which third-party packages are used)
    Index("ix_fact_imports_local", "local"),
    Index("ix_fact_imports_name", "name"),
    Index("ix_fact_imports_top", "top"),
    sqlite_with_rowid=False,
)

fact_calls = Table(
    "fact_calls",
    metadata,
    Column("fact_id", Integer, ForeignKey("code_facts.id"), primary_key=True),
    Column("seq", Integer, primary_key=True),  # function by function, call by call
    Column("caller", Text, nullable=False),  # qualname of the calling function
    Column("callee", Text, nullable=False),  # as written: "tpu_core.foo", "self.bar"
    Column("name", Text, nullable=False),  # last part of callee: reverse edges are queried by it
    Column("line", Integer, nullable=False),
    Index("ix_fact_calls_name", "name"),
    sqlite_with_rowid=False,
)

fact_tests = Table(
    "fact_tests",
    metadata,
    Column("fact_id", Integer, ForeignKey("code_facts.id"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("qualname", Text, nullable=False),
    Column("line", Integer, nullable=False),
    Column("end_line", Integer, nullable=False),
    Column("subject", Text, nullable=False),  # JSON list: names the test exercises
    Column("expects", Boolean, nullable=False),
    Column("calls", Text, nullable=False),  # JSON list of [line, name]
    sqlite_with_rowid=False,
)

modules = Table(
    "modules",
    metadata,
    Column("snapshot_id", Integer, ForeignKey("snapshots.id"), primary_key=True),
    Column("path", Text, primary_key=True),
    Column("name", Text, nullable=False),  # dotted module name
    Column("leaf", Text, nullable=False),  # its last part
    Column("is_package", Boolean, nullable=False),
    Column("is_test", Boolean, nullable=False),
    Column("shadowed", Boolean, nullable=False),  # another file of the snapshot has the same name
    Column("fact_id", Integer, ForeignKey("code_facts.id"), nullable=False),
    Index("ix_modules_name", "snapshot_id", "name"),
    Index("ix_modules_leaf", "snapshot_id", "leaf"),
    Index("ix_modules_fact", "fact_id", "snapshot_id"),
)

# Each snapshot's errors keyed for the lookups "related errors" makes: same function, same file,
# same directory, same exception class name. ``line`` is the error's last occurrence in the snapshot.
snapshot_errors = Table(
    "snapshot_errors",
    metadata,
    Column("snapshot_id", Integer, ForeignKey("snapshots.id"), primary_key=True),
    Column("error_id", String(16), ForeignKey("errors.id"), primary_key=True),
    Column("path", Text, nullable=False),
    Column("dir", Text, nullable=False),
    Column("function", Text, nullable=False),
    Column("exc_name", Text, nullable=False),
    Column("line", Integer, nullable=False),
    Index("ix_snap_errors_path", "snapshot_id", "path", "function"),
    Index("ix_snap_errors_dir", "snapshot_id", "dir"),
    Index("ix_snap_errors_exc", "snapshot_id", "exc_name"),
)

expectation_errors = Table(
    "expectation_errors",
    metadata,
    Column("expectation_id", Integer, ForeignKey("expectations.id"), primary_key=True),
    Column("error_id", String(16), primary_key=True),
    Column("snapshot_id", Integer, ForeignKey("snapshots.id"), nullable=False),
    Index("ix_exp_errors_error", "error_id", "snapshot_id"),
)

FACT_TABLES = (code_facts, fact_functions, fact_classes, fact_imports, fact_calls, fact_tests)


def _v1(conn: Connection) -> None:
    metadata.create_all(conn)


def _v2(conn: Connection) -> None:
    """Code facts, module and lookup tables; the pickled project index artifacts go.

    Snapshots indexed before this version have no code facts: analysing their errors asks for
    ``errdex index`` to run again (the extractor changed, so it re-extracts).
    """
    metadata.create_all(conn, tables=[*FACT_TABLES, modules, snapshot_errors, expectation_errors])
    conn.execute(artifacts.delete().where(artifacts.c.name.like("explain-index:%")))


def _v3_relay(conn: Connection) -> None:
    """``occurrences.relay``. A catalogue created at this version already has the column (v1's
    ``create_all`` builds today's tables), so it is added only where it is missing."""
    columns = {c["name"] for c in sa_inspect(conn).get_columns("occurrences")}
    if "relay" not in columns:
        kind = Boolean().compile(dialect=conn.dialect)
        default = false().compile(dialect=conn.dialect)
        conn.execute(text(f"ALTER TABLE occurrences ADD COLUMN relay {kind} NOT NULL DEFAULT {default}"))


def _v4_index_failures(conn: Connection) -> None:
    """The bulk indexer's record of releases it could not index."""
    metadata.create_all(conn, tables=[index_failures])


# Append-only: each entry upgrades the schema by one version. Never edit a released step;
# add a new one (ALTER via SQLAlchemy DDL) so existing catalogues upgrade in place.
MIGRATIONS: list[Callable[[Connection], None]] = [_v1, _v2, _v3_relay, _v4_index_failures]
SCHEMA_VERSION = len(MIGRATIONS)


def current_version(conn: Connection) -> int:
    if not conn.dialect.has_table(conn, "meta"):
        return 0
    row = conn.execute(select(meta.c.value).where(meta.c.key == "schema_version")).first()
    return int(row[0]) if row else 0


def migrate(conn: Connection) -> int:
    """Bring the schema to ``SCHEMA_VERSION`` inside the caller's transaction; returns the old version."""
    old = current_version(conn)
    if old > SCHEMA_VERSION:
        raise RuntimeError(
            f"this catalogue has schema version {old}, newer than this errdex understands "
            f"({SCHEMA_VERSION}); upgrade errdex"
        )
    for step in MIGRATIONS[old:]:
        step(conn)
    if old != SCHEMA_VERSION:
        conn.execute(meta.delete().where(meta.c.key == "schema_version"))
        conn.execute(meta.insert().values(key="schema_version", value=str(SCHEMA_VERSION)))
    return old
