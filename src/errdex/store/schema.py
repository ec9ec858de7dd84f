"""The catalogue's tables, and the migrations that create and evolve them.

Design: an error's *identity* (``errors``: ID, type, template) is separate from where it sits in
each snapshot (``occurrences``: line, guards, window). The same ID is shared by every snapshot
that contains the error, which is what makes "this error exists in versions X, Y, Z" a join,
and lets line numbers from a user's traceback pick out the version they run.

File contents live once in ``blobs`` (keyed by content hash, zlib-compressed): consecutive
releases share most files, so many snapshots cost little more than one; a file a release
changed is stored as its difference from the same path's text in an earlier release
(``textdelta``).

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
    Identity,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    PrimaryKeyConstraint,
    Table,
    UniqueConstraint,
    bindparam,
    false,
    select,
    text,
)
from sqlalchemy import String as _String
from sqlalchemy import Text as _Text
from sqlalchemy import inspect as sa_inspect
from sqlalchemy.types import TypeDecorator

from errdex.jsontext import encoder
from errdex.store.copy import valid_text
from errdex.textsafe import valid_unicode

_dumps = encoder()  # ``json.dumps``'s text, the dialect's serializer (~40k values a release write)


def _scrub(value: Any) -> Any:
    if isinstance(value, str):
        return valid_unicode(value)
    if isinstance(value, list | tuple):
        return [_scrub(v) for v in value]
    if isinstance(value, dict):
        return {_scrub(k): _scrub(v) for k, v in value.items()}
    return value


def _text_processor(t: TypeDecorator[str], dialect: Dialect) -> Any:
    """A text column's bind processing: ``valid_text`` itself where the driver takes a str as
    it is (SQLite's, psycopg's), rather than ``TypeDecorator``'s generic wrapper around
    ``process_bind_param``; the same values either way. ``copy.insert_dicts`` knows this
    function, and checks a whole column of a bulk write at once (~110k values a jax release)."""
    if t.impl_instance.bind_processor(dialect) is not None:
        return super(type(t), t).bind_processor(dialect)
    return valid_text


class Text(TypeDecorator[str]):
    """``Text`` that stores lone surrogates as U+FFFD instead of failing the driver."""

    impl = _Text
    cache_ok = True

    def process_bind_param(self, value: Any, dialect: Dialect) -> Any:
        return valid_text(value)

    def bind_processor(self, dialect: Dialect) -> Any:
        return _text_processor(self, dialect)


class String(TypeDecorator[str]):
    """``String(n)`` with the same scrubbing as ``Text``."""

    impl = _String
    cache_ok = True

    def process_bind_param(self, value: Any, dialect: Dialect) -> Any:
        return valid_text(value)

    def bind_processor(self, dialect: Dialect) -> Any:
        return _text_processor(self, dialect)


class ScrubbedJSON(TypeDecorator[Any]):
    """``JSON`` whose strings are scrubbed too (PostgreSQL refuses a lone ``\\udc80`` escape)."""

    impl = JSON
    cache_ok = True

    def process_bind_param(self, value: Any, dialect: Dialect) -> Any:
        return _scrub(value)

    def bind_processor(self, dialect: Dialect) -> Any:
        """On SQLite, a list or dict is serialized first and scrubbed only when its JSON shows a
        surrogate escape (``\\ud...``: ``json.dumps`` escapes every non-ASCII character, and a
        lone surrogate always; a pair or a backslash before ``ud`` only costs the slow way): the
        same text as scrubbing, then serializing, without walking every string of every value
        in Python first (a release's occurrence bodies are ~30k such values). Other dialects
        (psycopg adapts the value itself) keep the usual processing."""
        scrubbing = super().bind_processor(dialect)
        if dialect.name != "sqlite" or dialect._json_serializer is not None or scrubbing is None:
            return scrubbing
        str_impl: Any = getattr(self.impl_instance, "_str_impl", None)
        if str_impl is None or str_impl.bind_processor(dialect) is not None:  # the text processed again
            return scrubbing
        dumps = _dumps

        def process(value: Any) -> Any:
            if type(value) is list or type(value) is dict or type(value) is tuple:
                text = dumps(value)
                if "\\ud" not in text:
                    return text
            return scrubbing(value)

        return process


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
    # how many of the codebase's functions the call graph resolves as calling each raise site's
    # function (``store.callers``; schema v17), counted once by the index stage after the
    # snapshot is written: every match index built from the rows (a fresh one, one rebuilt,
    # merged or served) ranks ties with the same counts. NULL until counted.
    Column("callers", LargeBinary),
    UniqueConstraint("repo_id", "ref_kind", "ref", name="uq_snapshot_ref"),
)

blobs = Table(
    "blobs",
    metadata,
    Column("sha", String(64), primary_key=True),
    Column("data", LargeBinary, nullable=False),  # zlib-compressed UTF-8 text, or a ``textdelta``
)


def _file_values(blob: Any) -> list[Column[Any]]:
    """The values of a file of a snapshot (``blob``: what ``blob_sha`` references)."""
    return [
        Column("blob_sha", String(64), ForeignKey(blob)),
        Column("status", String(16), nullable=False),
        Column("reason", Text),
        Column("is_test", Boolean, nullable=False),
    ]


def _module_values(fact: Any) -> list[Column[Any]]:
    """The values of a module of a snapshot (``fact``: what ``fact_id`` references)."""
    return [
        Column("name", Text, nullable=False),  # dotted module name
        Column("leaf", Text, nullable=False),  # its last part
        Column("is_package", Boolean, nullable=False),
        Column("is_test", Boolean, nullable=False),
        Column("shadowed", Boolean, nullable=False),  # another file of the snapshot has the same name
        Column("fact_id", Integer, ForeignKey(fact), nullable=False),
    ]


# Each file of each snapshot, as runs of releases (schema v16): a path keeps one row while its
# content, status and kind stay the same, from ``first_id`` to ``last_id`` (snapshot ids of the
# codebase, as ``symbol_runs``; both ends stored snapshots). A release changes few files: over 20
# jax releases two rows of three per release repeated the release before's. On SQLite the table
# is its primary key's b-tree. Read through the view ``files`` (a table of its columns before v16).
file_runs = Table(
    "file_runs",
    metadata,
    Column("repo_id", Integer, ForeignKey("repos.id"), primary_key=True),
    Column("path", Text, primary_key=True),
    Column("first_id", Integer, primary_key=True),
    Column("last_id", Integer, nullable=False),
    *_file_values("blobs.sha"),
    sqlite_with_rowid=False,
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
    # what "related errors" looks errors up by, within a codebase (schema v8; before, every
    # snapshot's ``snapshot_errors`` rows repeated them): the path's directory, and the
    # exception class's last name (``errors.Foo`` and ``Foo`` alike)
    Column("dir", Text, nullable=False, server_default=""),
    Column("exc_name", Text, nullable=False, server_default=""),
    Index("ix_errors_repo", "repo_id"),
    Index("ix_errors_place", "repo_id", "path", "function"),
    Index("ix_errors_dir", "repo_id", "dir"),
    Index("ix_errors_exc", "repo_id", "exc_name"),
)


def error_dir(path: str) -> str:
    """The directory ``errors.dir`` keys an error's path by (a top-level file is its own)."""
    return path.rsplit("/", 1)[0]


def exc_name(exc_type: str) -> str:
    """The last name of an exception type, as ``errors.exc_name`` keys it."""
    return exc_type.rsplit(".", 1)[-1]


# Where an error sits in each snapshot. What is identical across releases (guards, comments,
# docstring, the expanded message: an occurrence's *body*) is stored once in
# ``occurrence_bodies``; each snapshot holding it adds one narrow row of positions to
# ``occurrence_places``, so a release that only moved lines costs a few integers per error. The
# view ``occurrences`` joins the two into the one row per (error, snapshot) every reader sees.
occurrence_bodies = Table(
    "occurrence_bodies",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("error_id", String(16), ForeignKey("errors.id"), nullable=False),
    Column("digest", String(32), nullable=False, unique=True),  # of every column below
    Column("level", String(16)),
    Column("exc_bases", ScrubbedJSON, nullable=False),
    Column("expanded_segments", ScrubbedJSON, nullable=False),
    Column("guards", ScrubbedJSON, nullable=False),
    Column("comments", ScrubbedJSON, nullable=False),
    Column("docstring", Text),
    # a helper's raise of a message its callers supply (those calls are records too)
    Column("relay", Boolean, nullable=False, server_default=false()),
    Index("ix_occ_body_error", "error_id"),
)


def _places(meta: MetaData, *positions: str) -> Table:
    """``occurrence_places`` as schema v4..v16 had it, with these position columns after
    ``line``: a rowid table with an index on the snapshot."""
    return Table(
        "occurrence_places",
        meta,
        Column("id", Integer, primary_key=True, autoincrement=True),  # the occurrence's key
        Column("body_id", Integer, ForeignKey(occurrence_bodies.c.id), nullable=False),
        Column("snapshot_id", Integer, ForeignKey(snapshots.c.id), nullable=False),
        Column("line", Integer, nullable=False),
        *(Column(name, Integer, nullable=False) for name in positions),
        Index("ix_occ_place_snapshot", "snapshot_id"),
        Index("ix_occ_place_body", "body_id"),
    )


# A place's other positions are stored as distances from ``line`` (schema v15): end_line - line,
# line - window_start, window_end - end_line. SQLite stores an integer in as few bytes as its
# value needs (0 and 1 in none), and a raise's last line and its code window's ends are a few
# lines from it (the last line is the line itself in three raises of four), where their absolute
# values took two bytes each: 15% of the table, which grows by a row per error and release
# (0.60 MB over 21 jax releases). The view ``occurrences`` adds them back: readers see lines.
#
# Since schema v18 the table is keyed by the snapshot first, on SQLite ``WITHOUT ROWID``: its
# rows are stored in the order of that key, so a snapshot's places are one range of the table and
# no index on the snapshot stands beside it. That index held a row per place, as many bytes as
# the table's ids and snapshots again (1.57 MB of 21 jax releases, 20x one release's). The id is
# still unique, the occurrence's key: SQLite has no rowid to number it, so the writer numbers a
# snapshot's places after the greatest id stored (``history.write_occurrences``), as SQLite
# numbered the rowid; PostgreSQL's sequence numbers them as before.
#
# Since schema v19 the key is (snapshot, body, id), and the index on the body is gone too (it
# held a row per place again: 1.97 MB of 20 jax releases, 18x one release's). An error's places
# are found through the snapshots of its codebase instead: for each, the key's (snapshot, body)
# prefix is one search. The view ``occurrences`` joins them that way (bodies -> errors -> the
# codebase's snapshots -> places), so a reader by error reads a few rows per release of the
# codebase; a reader by snapshot reads ``release_occurrences``, one range of the table.
def _keyed_places(meta: MetaData, key: tuple[str, ...], *indexes: Index) -> Table:
    """``occurrence_places`` as schema v18 and later have it: ``WITHOUT ROWID`` on SQLite, keyed by ``key``."""
    return Table(
        "occurrence_places",
        meta,
        # the occurrence's key: PostgreSQL numbers it (SQLite ignores ``Identity``)
        Column("id", Integer, Identity(), nullable=False),
        Column("body_id", Integer, ForeignKey(occurrence_bodies.c.id), nullable=False),
        Column("snapshot_id", Integer, ForeignKey(snapshots.c.id), nullable=False),
        Column("line", Integer, nullable=False),
        *(Column(name, Integer, nullable=False) for name in ("end_offset", "window_before", "window_after")),
        PrimaryKeyConstraint(*key, name="pk_occurrence_places"),
        *indexes,
        sqlite_with_rowid=False,
    )


occurrence_places = _keyed_places(metadata, ("snapshot_id", "body_id", "id"))

# ``occurrence_places`` as schema v18 had it: keyed (snapshot, id), with an index on the body;
# what the v18 step makes of an older table, and the v19 step keys by (snapshot, body, id).
v18 = MetaData()
V18_PLACES = _keyed_places(v18, ("snapshot_id", "id"), Index("ix_occ_place_body", "body_id"))

# ``occurrence_places`` as schema v15 and v16 had it (positions relative to the line, a rowid
# table with an index on the snapshot); the v18 step keys it by (snapshot, id).
v16 = MetaData()
V16_PLACES = _places(v16, "end_offset", "window_before", "window_after")

# ``occurrence_places`` as schema v4..v14 had it (absolute lines), what the v4 step creates on
# a catalogue from before v4; the v15 step makes its columns relative.
v14 = MetaData()
V14_PLACES = _places(v14, "end_line", "window_start", "window_end")

# Read through the view of that name (schema v4); before v4 it was a table of these columns.
views = MetaData()
occurrences = Table(
    "occurrences",
    views,
    Column("id", Integer, primary_key=True),
    Column("error_id", String(16), nullable=False),
    Column("snapshot_id", Integer, nullable=False),
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
    Column("relay", Boolean, nullable=False),
)

# The same rows as ``occurrences``, joined from the places (schema v19): for readers by snapshot
# or of the whole catalogue (see ``_places_views``).
release_occurrences = Table(
    "release_occurrences",
    views,
    *(Column(c.name, c.type, primary_key=c.primary_key, nullable=c.nullable) for c in occurrences.columns),
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

# The dotted names a snapshot defines: each name once, and per snapshot the ids of its names
# (consecutive releases define almost the same ~30k names). Read through the view ``symbols``.
symbol_names = Table(
    "symbol_names",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", Text, nullable=False, unique=True),
)

# Consecutive releases define almost the same names, so each name is stored once per run of
# releases holding it (schema v11): ``first_id``..``last_id`` are snapshot ids of the codebase, in
# the order its releases were stored, and the run holds every snapshot of ``repo_id`` in between.
# A run's ends are always stored snapshots (``history``'s writes keep them so), so a removed
# release or a reused id never lands inside a run. Read through the view ``snapshot_symbols``.
symbol_runs = Table(
    "symbol_runs",
    metadata,
    Column("name_id", Integer, ForeignKey("symbol_names.id"), primary_key=True),
    Column("repo_id", Integer, ForeignKey("repos.id"), primary_key=True),
    Column("first_id", Integer, primary_key=True),
    Column("last_id", Integer, nullable=False),
    Index("ix_symbol_runs_last", "repo_id", "last_id"),
    sqlite_with_rowid=False,
)

# The view of ``symbol_runs`` (a table of these columns before v11).
snapshot_symbols = Table(
    "snapshot_symbols",
    views,
    Column("snapshot_id", Integer, primary_key=True),
    Column("name_id", Integer, primary_key=True),
    sqlite_with_rowid=False,
)

symbols = Table(
    "symbols",
    views,
    Column("snapshot_id", Integer, primary_key=True),
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
# stored once per (blob, producer) and shared by every snapshot and codebase holding that
# content. Since schema v10 a file's facts are one ``code_facts`` row: each kind of fact is one
# zlib frame of JSON that errdex wrote itself (data, never code; ``store.factblobs`` has the
# shapes), read whole by the analysis of an error in that file. A release writes ~600 such rows
# where one row per function, call and import was ~100k, and an unchanged file of another
# release or codebase is the same row.
code_facts = Table(
    "code_facts",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("blob_sha", String(64), nullable=False),
    Column("producer", String(64), nullable=False),
    Column("names", LargeBinary, nullable=False),  # [toplevel, bound, consts]
    Column("imports", LargeBinary, nullable=False),  # [[local, target, level], ...]
    Column("functions", LargeBinary, nullable=False),  # [[qualname, line, end_line, cls], ...]
    Column("docs", LargeBinary, nullable=False),  # [[params, doc], ...], one per function
    Column("calls", LargeBinary, nullable=False),  # [[caller, callee, line], ...] by function
    Column("classes", LargeBinary, nullable=False),  # [[qualname, line, end_line, bases, members], ...]
    Column(
        "tests", LargeBinary, nullable=False
    ),  # [[qualname, line, end_line, subject, expects, calls], ...]
    UniqueConstraint("blob_sha", "producer", name="uq_code_facts_blob"),
)

# The only facts looked up across files ("who calls f", "which modules import g", "which
# functions are named h"): the distinct keys of a file content (``factblobs.KEY_*`` says what a
# kind's key is), so that a lookup reads the few files that can answer and nothing else. Since
# schema v13 the keys are sets (``key_sets``, their keys in ``set_keys``) linked to the file
# contents holding them (``fact_sets``): a changed file keeps ~97% of its keys, so its new
# content links the sets of its previous content and one set of the keys it adds, where a row
# per key of every content was ~0.6 MB a jax release. A content's sets may then hold a few keys
# its edits removed: a lookup reads the values of the files it finds and keeps what matches.
key_sets = Table(
    "key_sets",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("digest", String(32), nullable=False),  # of the set's keys (``factblobs.set_digest``)
    Column("size", Integer, nullable=False),  # how many keys
    UniqueConstraint("digest", name="uq_key_sets_digest"),
)

set_keys = Table(
    "set_keys",
    metadata,
    Column("kind", Integer, primary_key=True),
    Column("key", Text, primary_key=True),
    Column("set_id", Integer, ForeignKey("key_sets.id"), primary_key=True),
    sqlite_with_rowid=False,
)

fact_sets = Table(
    "fact_sets",
    metadata,
    Column("set_id", Integer, ForeignKey("key_sets.id"), primary_key=True),
    Column("fact_id", Integer, ForeignKey("code_facts.id"), primary_key=True),
    Index("ix_fact_sets_fact", "fact_id"),
    sqlite_with_rowid=False,
)

# Each parsed file of each snapshot as a module, as runs of releases (schema v16), as ``file_runs``:
# the same path, module name, kind and facts from ``first_id`` to ``last_id``. A lookup by module
# name or last name within a snapshot reads the codebase's runs through the key (SQLite's planner
# chose that over an index on (codebase, name), which held 0.3 MB of 21 jax releases for nothing);
# the index on facts finds which files hold a content. Read through the view ``modules`` (a table
# of its columns before v16).
module_runs = Table(
    "module_runs",
    metadata,
    Column("repo_id", Integer, ForeignKey("repos.id"), primary_key=True),
    Column("path", Text, primary_key=True),
    Column("first_id", Integer, primary_key=True),
    Column("last_id", Integer, nullable=False),
    *_module_values("code_facts.id"),
    Index("ix_module_runs_fact", "fact_id"),
    sqlite_with_rowid=False,
)

# Each snapshot's errors, with the line of the error's last occurrence in the snapshot. What the
# lookups of "related errors" key them by (path, function, directory, exception name) is the
# error's own, in ``errors`` (schema v8): a release adds three narrow columns per error.
# Which snapshots hold each error, as runs of releases (schema v11), as ``symbol_runs`` is. The
# line ``snapshot_errors`` gives (of the error's last occurrence in the snapshot) is not part of
# a run: it is read from the snapshot's occurrences, which have it already. An edit above a raise
# moves its line in most releases, and runs of (error, line) were ten rows per error over 20 jax
# releases, more than the per-snapshot rows they replaced.
error_runs = Table(
    "error_runs",
    metadata,
    Column("error_id", String(16), ForeignKey("errors.id"), primary_key=True),
    Column("first_id", Integer, primary_key=True),
    Column("last_id", Integer, nullable=False),
    Column("repo_id", Integer, ForeignKey("repos.id"), nullable=False),
    Index("ix_error_runs_last", "repo_id", "last_id"),
    sqlite_with_rowid=False,
)

# The view of ``error_runs`` (a table of these columns before v11).
snapshot_errors = Table(
    "snapshot_errors",
    views,
    Column("snapshot_id", Integer, primary_key=True),
    Column("error_id", String(16), primary_key=True),
    Column("line", Integer, nullable=False),
    sqlite_with_rowid=False,
)

expectation_errors = Table(
    "expectation_errors",
    metadata,
    Column("expectation_id", Integer, ForeignKey("expectations.id"), primary_key=True),
    Column("error_id", String(16), primary_key=True),
    Column("snapshot_id", Integer, ForeignKey("snapshots.id"), nullable=False),
    Index("ix_exp_errors_error", "error_id", "snapshot_id"),
)

# A file's extraction (``errdex.extract.cache``: what the parse of one file yields, before the
# cross-module resolution), by content, extractor and path: a file seen in an earlier release
# is not parsed again. ``has_code``: its code facts are stored (``code_facts`` of that blob).
extractions = Table(
    "extractions",
    metadata,
    Column("blob_sha", String(64), primary_key=True),
    Column("producer", String(64), primary_key=True),
    Column("path", Text, primary_key=True),
    Column("has_code", Boolean, nullable=False),
    Column("data", LargeBinary, nullable=False),
)

# Each error's lineage: the same raise site followed across the releases of its codebase
# (``errdex.history.lineage``). ``lineage`` is the id of the lineage's earliest error.
error_lineage = Table(
    "error_lineage",
    metadata,
    Column("error_id", String(16), ForeignKey("errors.id"), primary_key=True),
    Column("repo_id", Integer, ForeignKey("repos.id"), nullable=False),
    Column("lineage", String(16), nullable=False),
    Index("ix_lineage", "lineage"),
)

# ``files`` and ``modules`` as tables, one row per snapshot (schema v1/v2 to v15): what the steps
# before v16 create and change, and what v16 turns into runs.
v15 = MetaData()
V15_FILES = Table(
    "files",
    v15,
    Column("snapshot_id", Integer, ForeignKey(snapshots.c.id), primary_key=True),
    Column("path", Text, primary_key=True),
    *_file_values(blobs.c.sha),
    sqlite_with_rowid=False,
)
V15_MODULES = Table(
    "modules",
    v15,
    Column("snapshot_id", Integer, ForeignKey(snapshots.c.id), primary_key=True),
    Column("path", Text, primary_key=True),
    *_module_values(code_facts.c.id),
    Index("ix_modules_name", "snapshot_id", "name"),
    Index("ix_modules_leaf", "snapshot_id", "leaf"),
    Index("ix_modules_fact", "fact_id", "snapshot_id"),
)


# The views of ``file_runs`` and ``module_runs`` (schema v16), with the tables' old columns.
def _per_snapshot_view(name: str, values: list[Column[Any]]) -> Table:
    keys: list[Column[Any]] = [
        # the key the tables had, so that a join to ``snapshots`` finds its condition as before
        Column("snapshot_id", Integer, ForeignKey(snapshots.c.id), primary_key=True),
        Column("path", Text, primary_key=True),
    ]
    return Table(name, views, *keys, *(Column(c.name, c.type, nullable=c.nullable) for c in values))


files = _per_snapshot_view("files", _file_values("blobs.sha"))
modules = _per_snapshot_view("modules", _module_values("code_facts.id"))

# The tables of one file content's facts, keyed by its ``code_facts`` id (``code_facts`` first).
FACT_TABLES = (code_facts, key_sets, set_keys, fact_sets)


def _v1(conn: Connection) -> None:
    metadata.create_all(conn)


def _v2(conn: Connection) -> None:
    """Code facts, module and lookup tables; the pickled project index artifacts go.

    Snapshots indexed before this version have no code facts: analysing their errors asks for
    ``errdex index`` to run again (the extractor changed, so it re-extracts).
    """
    metadata.create_all(conn, tables=[*FACT_TABLES, V15_MODULES, snapshot_errors, expectation_errors])
    conn.execute(artifacts.delete().where(artifacts.c.name.like("explain-index:%")))


def _v3_relay(conn: Connection) -> None:
    """``occurrences.relay``. A catalogue created at a later version has no such table (v4 made
    it a view) or already has the column; it is added only where it is missing."""
    if "occurrences" not in sa_inspect(conn).get_table_names():
        return
    columns = {c["name"] for c in sa_inspect(conn).get_columns("occurrences")}
    if "relay" not in columns:
        kind = Boolean().compile(dialect=conn.dialect)
        default = false().compile(dialect=conn.dialect)
        conn.execute(text(f"ALTER TABLE occurrences ADD COLUMN relay {kind} NOT NULL DEFAULT {default}"))


_V4_OCCURRENCES_VIEW = (
    "CREATE VIEW occurrences AS SELECT p.id AS id, b.error_id AS error_id, p.snapshot_id AS snapshot_id, "
    "p.line AS line, p.end_line AS end_line, b.level AS level, b.exc_bases AS exc_bases, "
    "b.expanded_segments AS expanded_segments, b.guards AS guards, p.window_start AS window_start, "
    "p.window_end AS window_end, b.comments AS comments, b.docstring AS docstring, b.relay AS relay "
    "FROM occurrence_places p JOIN occurrence_bodies b ON b.id = p.body_id"
)
# since v15: the positions ``occurrence_places`` keeps relative to the line, made absolute
_OCCURRENCES_VIEW = (
    "CREATE VIEW occurrences AS SELECT p.id AS id, b.error_id AS error_id, p.snapshot_id AS snapshot_id, "
    "p.line AS line, p.line + p.end_offset AS end_line, b.level AS level, b.exc_bases AS exc_bases, "
    "b.expanded_segments AS expanded_segments, b.guards AS guards, "
    "p.line - p.window_before AS window_start, p.line + p.end_offset + p.window_after AS window_end, "
    "b.comments AS comments, b.docstring AS docstring, b.relay AS relay "
    "FROM occurrence_places p JOIN occurrence_bodies b ON b.id = p.body_id"
)
_SYMBOLS_VIEW = (
    "CREATE VIEW symbols AS SELECT x.snapshot_id AS snapshot_id, n.name AS name "
    "FROM snapshot_symbols x JOIN symbol_names n ON n.id = x.name_id"
)


def _v4_history(conn: Connection) -> None:
    """Many releases share storage: occurrences split into bodies stored once and per-snapshot
    places, symbols into names stored once; the extraction cache and lineages are added.

    The old tables' rows move over (identical bodies merge) and the tables become views of the
    same name and columns, so every reader keeps its SQL.
    """
    from errdex.store.history import occurrence_digest

    # a catalogue made at v4 or later has today's ``occurrence_places`` (v1 made it); an older
    # one gets v4's, which the v15 step turns into today's
    made = "occurrence_places" in set(sa_inspect(conn).get_table_names())
    metadata.create_all(
        conn,
        tables=[
            occurrence_bodies,
            symbol_names,
            snapshot_symbols,
            extractions,
            error_lineage,
        ],
    )
    if not made:
        v14.create_all(conn, tables=[V14_PLACES])
    tables = set(sa_inspect(conn).get_table_names())
    if "occurrences" in tables:
        old = Table("occurrences", MetaData(), autoload_with=conn)
        bodies: dict[str, int] = {}
        places: list[dict[str, Any]] = []
        for row in conn.execute(select(old).order_by(old.c.id)).mappings():
            body = {k: row[k] for k in _BODY_COLUMNS}
            body["relay"] = bool(body["relay"])
            digest = occurrence_digest(body)
            if digest not in bodies:
                pk = conn.execute(
                    occurrence_bodies.insert().values(digest=digest, **body)
                ).inserted_primary_key
                assert pk is not None
                bodies[digest] = int(pk[0])
            places.append(
                {"id": row["id"], "body_id": bodies[digest], "snapshot_id": row["snapshot_id"]}
                | {k: row[k] for k in ("line", "end_line", "window_start", "window_end")}
            )
        if places:
            conn.execute(V14_PLACES.insert(), places)
        conn.execute(text("DROP TABLE occurrences"))
        if conn.dialect.name == "postgresql" and places:
            # explicit ids were inserted: move the sequence past them
            conn.execute(
                text(
                    "SELECT setval(pg_get_serial_sequence('occurrence_places', 'id'), "
                    "(SELECT max(id) FROM occurrence_places))"
                )
            )
    if "symbols" in tables:
        conn.execute(text("INSERT INTO symbol_names (name) SELECT DISTINCT name FROM symbols"))
        conn.execute(
            text(
                "INSERT INTO snapshot_symbols (snapshot_id, name_id) SELECT s.snapshot_id, n.id "
                "FROM symbols s JOIN symbol_names n ON n.name = s.name"
            )
        )
        conn.execute(text("DROP TABLE symbols"))
    views_now = set(sa_inspect(conn).get_view_names())
    if "occurrences" not in views_now:
        conn.execute(text(_OCCURRENCES_VIEW if _relative_places(conn) else _V4_OCCURRENCES_VIEW))
    if "symbols" not in views_now:
        conn.execute(text(_SYMBOLS_VIEW))


_BODY_COLUMNS = (
    "error_id",
    "level",
    "exc_bases",
    "expanded_segments",
    "guards",
    "comments",
    "docstring",
    "relay",
)


def _v5_index_failures(conn: Connection) -> None:
    """The bulk indexer's record of releases it could not index (``store.bulk``)."""
    metadata.create_all(conn, tables=[index_failures])


def _v6_text_deltas(conn: Connection) -> None:
    """Blobs may hold a text as a difference from another blob (``store.textdelta``). Nothing
    to change in the rows: texts stored whole stay valid. The version exists so an errdex that
    cannot read such blobs says "upgrade errdex" instead of calling the catalogue damaged."""


_FACT_FUNCTIONS_VIEW = (
    "CREATE VIEW fact_functions AS SELECT p.fact_id AS fact_id, p.seq AS seq, b.qualname AS qualname, "
    "b.name AS name, p.line AS line, p.line + b.span AS end_line, b.cls AS cls, b.params AS params, "
    "b.doc AS doc FROM fn_places p JOIN fn_bodies b ON b.id = p.body_id"
)
_FACT_CALLS_VIEW = (
    "CREATE VIEW fact_calls AS SELECT p.fact_id AS fact_id, p.seq AS seq, c.seq AS cseq, "
    "b.qualname AS caller, c.callee AS callee, c.name AS name, p.line + c.rel_line AS line "
    "FROM fn_calls c JOIN fn_places p ON p.body_id = c.body_id JOIN fn_bodies b ON b.id = c.body_id"
)


def _v7_function_bodies(conn: Connection) -> None:
    """Functions stored once per content (``fn_bodies``, ``fn_calls``), placed in each file
    content by ``fn_places``; the old per-file tables' rows move over (identical functions merge)
    and the tables become views of the same names, so every reader keeps its SQL."""
    from errdex.store.fnfacts import FUNCTION_TABLES, legacy, migrate_function_rows

    if _has_values(conn):
        return
    legacy.create_all(conn, tables=list(FUNCTION_TABLES))
    if "fact_functions" in sa_inspect(conn).get_table_names():
        migrate_function_rows(conn)
        conn.execute(text("DROP TABLE fact_calls"))
        conn.execute(text("DROP TABLE fact_functions"))
    _create_views(conn, {"fact_functions": _FACT_FUNCTIONS_VIEW, "fact_calls": _FACT_CALLS_VIEW})


def _create_views(conn: Connection, views: dict[str, str]) -> None:
    """Create the views (name -> CREATE VIEW statement) the catalogue does not have yet."""
    have = set(sa_inspect(conn).get_view_names())
    for name, create in views.items():
        if name not in have:
            conn.execute(text(create))


def _v8_error_keys(conn: Connection, batch: int = 2000) -> None:
    """``snapshot_errors`` keeps (snapshot, error, line) only; the keys of the related-errors
    lookups move to ``errors`` (``dir``, ``exc_name``, indexed per codebase)."""
    columns = {c["name"] for c in sa_inspect(conn).get_columns("errors")}
    for name in ("dir", "exc_name"):
        if name not in columns:
            conn.execute(text(f"ALTER TABLE errors ADD COLUMN {name} TEXT NOT NULL DEFAULT ''"))
    rows = conn.execute(text("SELECT id, path, exc_type FROM errors WHERE dir = '' ORDER BY id")).all()
    for i in range(0, len(rows), batch):
        conn.execute(
            errors.update().where(errors.c.id == bindparam("eid")),
            [{"eid": r[0], "dir": error_dir(r[1]), "exc_name": exc_name(r[2])} for r in rows[i : i + batch]],
        )
    for index in errors.indexes:
        index.create(conn, checkfirst=True)
    if "path" in {c["name"] for c in sa_inspect(conn).get_columns("snapshot_errors")}:
        conn.execute(
            text("CREATE TABLE v8_snapshot_errors AS SELECT snapshot_id, error_id, line FROM snapshot_errors")
        )
        conn.execute(text("DROP TABLE snapshot_errors"))
        metadata.create_all(conn, tables=[snapshot_errors])
        conn.execute(
            text(
                "INSERT INTO snapshot_errors (snapshot_id, error_id, line) "
                "SELECT snapshot_id, error_id, line FROM v8_snapshot_errors"
            )
        )
        conn.execute(text("DROP TABLE v8_snapshot_errors"))


_FACT_IMPORTS_VIEW = (
    "CREATE VIEW fact_imports AS SELECT c.id AS fact_id, i.seq AS seq, i.local AS local, "
    "i.target AS target, i.level AS level, i.name AS name, i.top AS top "
    "FROM code_facts c JOIN set_imports i ON i.set_id = c.imports_id"
)


def _v9_shared_file_facts(conn: Connection) -> None:
    """A file content's bound names and its imports stored once per content (``fact_names``,
    ``import_sets``), referenced by ``code_facts``; ``fact_imports`` becomes a view."""
    from errdex.store.fnfacts import FILE_TABLES, legacy, migrate_file_rows
    from errdex.store.fnfacts import code_facts as v9_code_facts

    if _has_values(conn):
        return
    legacy.create_all(conn, tables=list(FILE_TABLES))
    if "toplevel" in {c["name"] for c in sa_inspect(conn).get_columns("code_facts")}:
        migrate_file_rows(conn)
    for index in v9_code_facts.indexes:
        index.create(conn, checkfirst=True)
    _create_views(conn, {"fact_imports": _FACT_IMPORTS_VIEW})


def _has_values(conn: Connection) -> bool:
    """Whether ``code_facts`` has the shape of schema v10 (a catalogue created at v10 or later,
    or upgraded from v1, whose v2 step made today's tables): the per-row steps have nothing to do."""
    return "functions" in {c["name"] for c in sa_inspect(conn).get_columns("code_facts")}


def _v10_fact_values(conn: Connection) -> None:
    """A file content's facts are one ``code_facts`` row of values (``factblobs``) and the
    lookups across files go through ``fact_keys``; the per-row tables and their views go."""
    from errdex.store.fnfacts import migrate_to_values

    if _has_values(conn):
        metadata.create_all(conn, tables=list(FACT_TABLES))
        return
    migrate_to_values(conn)


_SNAPSHOT_SYMBOLS_VIEW = (
    "CREATE VIEW snapshot_symbols AS SELECT sn.id AS snapshot_id, r.name_id AS name_id "
    "FROM symbol_runs r JOIN snapshots sn ON sn.repo_id = r.repo_id "
    "AND sn.id >= r.first_id AND sn.id <= r.last_id"
)
# An error's occurrences in a snapshot are all in one file (its id names the path), so the last
# one's line is the greatest. Readers ask for given errors (by path, directory, class), so the
# ``+`` (no index on that term) keeps SQLite's planner on the error's own rows: with an index on
# the snapshot or the codebase to choose, it walked all of a release's occurrences, or all of a
# codebase's runs, per error (56 ms instead of 0.4 ms for the errors of one jax file).
_SNAPSHOT_ERRORS_VIEW = (
    "CREATE VIEW snapshot_errors AS SELECT sn.id AS snapshot_id, r.error_id AS error_id, "
    "(SELECT MAX(p.line) FROM occurrence_bodies b JOIN occurrence_places p ON p.body_id = b.id "
    "WHERE b.error_id = r.error_id AND +p.snapshot_id = sn.id) AS line "
    "FROM error_runs r JOIN snapshots sn ON sn.repo_id = +r.repo_id "
    "AND sn.id >= r.first_id AND sn.id <= r.last_id"
)


def _v11_release_runs(conn: Connection) -> None:
    """``snapshot_symbols`` and ``snapshot_errors`` stored as runs of releases (``symbol_runs``,
    ``error_runs``); the old tables' rows move over and the tables become views of the same
    names and columns. ``symbols`` is a view of ``snapshot_symbols``: it is made again on top
    (PostgreSQL does not drop a table a view uses)."""
    from errdex.store.history import migrate_to_runs

    metadata.create_all(conn, tables=[symbol_runs, error_runs])
    tables = set(sa_inspect(conn).get_table_names())
    if "snapshot_symbols" in tables or "snapshot_errors" in tables:
        if "symbols" in set(sa_inspect(conn).get_view_names()):
            conn.execute(text("DROP VIEW symbols"))
        migrate_to_runs(conn, tables)
    _create_views(
        conn,
        {
            "snapshot_symbols": _SNAPSHOT_SYMBOLS_VIEW,
            "snapshot_errors": _SNAPSHOT_ERRORS_VIEW,
            "symbols": _SYMBOLS_VIEW,
        },
    )


def _v12_fact_deltas(conn: Connection) -> None:
    """A ``code_facts`` value may be a difference from another row's value of the same column
    (``factblobs``, ``factdeltas``). Nothing to change in the rows: values stored whole stay
    valid. The version exists so an errdex that cannot read such values says "upgrade errdex"
    instead of reading a changed file as one without facts."""


def _v13_key_sets(conn: Connection) -> None:
    """The lookup keys of each file content (``fact_keys``, one row per key and content) become
    sets shared between contents (``key_sets``, ``set_keys``, ``fact_sets``)."""
    from errdex.store.keysets import migrate_fact_keys

    metadata.create_all(conn, tables=[key_sets, set_keys, fact_sets])
    if "fact_keys" in set(sa_inspect(conn).get_table_names()):
        migrate_fact_keys(conn)


_FILE_COLUMNS = "snapshot_id, path, blob_sha, status, reason, is_test"


def _v14_files_without_rowid(conn: Connection) -> None:
    """On SQLite, ``files`` becomes the b-tree of its primary key (``WITHOUT ROWID``): its rows
    move to the new table unchanged. PostgreSQL has no such form (its table is unchanged)."""
    if conn.dialect.name != "sqlite":
        return
    create = conn.execute(
        text("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'files'")
    ).scalar()
    if create is None or "WITHOUT ROWID" in str(create).upper():
        return
    conn.execute(text("ALTER TABLE files RENAME TO v14_files"))
    V15_FILES.create(conn)
    conn.execute(text(f"INSERT INTO files ({_FILE_COLUMNS}) SELECT {_FILE_COLUMNS} FROM v14_files"))
    conn.execute(text("DROP TABLE v14_files"))


def _relative_places(conn: Connection) -> bool:
    """Whether ``occurrence_places`` has the shape of schema v15 (positions relative to the line)."""
    return "end_offset" in {c["name"] for c in sa_inspect(conn).get_columns("occurrence_places")}


# (old name, new name, the new value from the old row's): every right-hand side of an UPDATE
# reads the row as it was, on SQLite and PostgreSQL alike
_V15_PLACES = (
    ("end_line", "end_offset", "end_offset - line"),
    ("window_start", "window_before", "line - window_before"),
    ("window_end", "window_after", "window_after - end_offset"),
)


def _v15_relative_places(conn: Connection) -> None:
    """``occurrence_places`` keeps the last line and the code window relative to the line; the
    view ``occurrences`` (dropped and made again: it names the old columns) adds them back.
    The rows keep their ids, so every occurrence keeps its key."""
    if _relative_places(conn):
        return
    if "occurrences" in set(sa_inspect(conn).get_view_names()):
        conn.execute(text("DROP VIEW occurrences"))
    for old, new, _ in _V15_PLACES:
        conn.execute(text(f"ALTER TABLE occurrence_places RENAME COLUMN {old} TO {new}"))
    values = ", ".join(f"{new} = {value}" for _, new, value in _V15_PLACES)
    conn.execute(text(f"UPDATE occurrence_places SET {values}"))
    conn.execute(text(_OCCURRENCES_VIEW))


# A snapshot's rows of ``file_runs`` and ``module_runs``: the runs of its codebase around its id.
# Readers ask by snapshot and path, by snapshot, or by module name within a snapshot: the
# codebase's runs of that path or name are found through the tables' keys, then the snapshot's.
_RUNS_VIEW = (
    "CREATE VIEW {view} AS SELECT sn.id AS snapshot_id, r.path AS path, {columns} "
    "FROM {runs} r JOIN snapshots sn ON sn.repo_id = r.repo_id AND sn.id >= r.first_id AND sn.id <= r.last_id"
)
_FILES_VIEW = _RUNS_VIEW.format(
    view="files",
    runs="file_runs",
    columns="r.blob_sha AS blob_sha, r.status AS status, r.reason AS reason, r.is_test AS is_test",
)
_MODULES_VIEW = _RUNS_VIEW.format(
    view="modules",
    runs="module_runs",
    columns="r.name AS name, r.leaf AS leaf, r.is_package AS is_package, r.is_test AS is_test, "
    "r.shadowed AS shadowed, r.fact_id AS fact_id",
)


def _v16_file_runs(conn: Connection) -> None:
    """``files`` and ``modules`` stored as runs of releases (``file_runs``, ``module_runs``): the
    old tables' rows move over (a path's rows of consecutive snapshots with the same values
    become one) and the tables become views of the same names and columns."""
    from errdex.store.history import migrate_rows_to_runs

    metadata.create_all(conn, tables=[file_runs, module_runs])
    tables = set(sa_inspect(conn).get_table_names())
    for old, runs in ((V15_FILES, file_runs), (V15_MODULES, module_runs)):
        if old.name in tables:
            migrate_rows_to_runs(conn, old, runs)
            conn.execute(text(f"DROP TABLE {old.name}"))
    _create_views(conn, {"files": _FILES_VIEW, "modules": _MODULES_VIEW})


def _v17_site_callers(conn: Connection) -> None:
    """``snapshots.callers``: NULL in every stored snapshot, which the next ``errdex index``
    counts (``pipeline.count_callers``) before it builds the match index."""
    if "callers" not in {c["name"] for c in sa_inspect(conn).get_columns("snapshots")}:
        kind = LargeBinary().compile(dialect=conn.dialect)
        conn.execute(text(f"ALTER TABLE snapshots ADD COLUMN callers {kind}"))


def _v18_places_by_snapshot(conn: Connection) -> None:
    """``occurrence_places`` keyed by (snapshot, id), without the index on the snapshot: on
    SQLite the rows move to a ``WITHOUT ROWID`` table of that key (the views reading the table
    are made again around it); on PostgreSQL the primary key becomes (snapshot, id). Ids, rows
    and every view's answers are unchanged."""
    if conn.dialect.name != "sqlite":
        pk = sa_inspect(conn).get_pk_constraint("occurrence_places")
        if pk["constrained_columns"] == ["id"]:
            conn.execute(text(f'ALTER TABLE occurrence_places DROP CONSTRAINT "{pk["name"]}"'))
            conn.execute(
                text(
                    "ALTER TABLE occurrence_places ADD CONSTRAINT pk_occurrence_places PRIMARY KEY (snapshot_id, id)"
                )
            )
        conn.execute(text("DROP INDEX IF EXISTS ix_occ_place_snapshot"))
        return
    made = conn.execute(
        text("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'occurrence_places'")
    )
    if "WITHOUT ROWID" in str(made.scalar()).upper():
        return
    have = set(sa_inspect(conn).get_view_names())
    for view in ("snapshot_errors", "occurrences"):
        if view in have:
            conn.execute(text(f"DROP VIEW {view}"))
    _move_places(conn, V18_PLACES, ("ix_occ_place_snapshot", "ix_occ_place_body"))
    _create_views(conn, {"occurrences": _OCCURRENCES_VIEW, "snapshot_errors": _SNAPSHOT_ERRORS_VIEW})


def _move_places(conn: Connection, table: Table, indexes: tuple[str, ...]) -> None:
    """SQLite: ``occurrence_places``' rows move to a new table of its name made as ``table``, in
    the order of its key (the old table's ``indexes`` dropped; the views reading it already)."""
    conn.execute(text("ALTER TABLE occurrence_places RENAME TO occurrence_places_old"))
    for index in indexes:
        conn.execute(text(f"DROP INDEX IF EXISTS {index}"))
    table.create(conn)
    columns = ", ".join(c.name for c in table.columns)
    order = ", ".join(c.name for c in table.primary_key.columns)
    conn.execute(
        text(
            f"INSERT INTO occurrence_places ({columns}) SELECT {columns} FROM occurrence_places_old "
            f"ORDER BY {order}"
        )
    )
    conn.execute(text("DROP TABLE occurrence_places_old"))


# Since v19 ``occurrence_places`` has no index on the body: an error's places are found through
# its codebase's snapshots, a search of the key (snapshot, body) each. ``occurrences`` joins them
# in that order, bodies before places (``CROSS JOIN`` on SQLite fixes it: without statistics
# the planner otherwise walks each snapshot's places from the key's first column and keeps those
# of the error's bodies, every place of the codebase for one error); readers ask it for given
# errors. ``release_occurrences`` is the same rows joined from the places, what a reader by
# snapshot or of the whole catalogue asks for (a snapshot's places are one range of the key).
_OCCURRENCE_COLUMNS = (
    "p.id AS id, b.error_id AS error_id, p.snapshot_id AS snapshot_id, p.line AS line, "
    "p.line + p.end_offset AS end_line, b.level AS level, b.exc_bases AS exc_bases, "
    "b.expanded_segments AS expanded_segments, b.guards AS guards, "
    "p.line - p.window_before AS window_start, p.line + p.end_offset + p.window_after AS window_end, "
    "b.comments AS comments, b.docstring AS docstring, b.relay AS relay"
)


def _places_views(dialect: str) -> dict[str, str]:
    """The views of v19 (PostgreSQL has no ``CROSS JOIN ... ON``; its planner has statistics)."""
    join = "CROSS JOIN" if dialect == "sqlite" else "JOIN"
    return {
        "occurrences": f"CREATE VIEW occurrences AS SELECT {_OCCURRENCE_COLUMNS} "
        "FROM occurrence_bodies b JOIN errors e ON e.id = b.error_id "
        f"JOIN snapshots sn ON sn.repo_id = e.repo_id {join} occurrence_places p "
        "ON p.snapshot_id = sn.id AND p.body_id = b.id",
        "release_occurrences": f"CREATE VIEW release_occurrences AS SELECT {_OCCURRENCE_COLUMNS} "
        "FROM occurrence_places p JOIN occurrence_bodies b ON b.id = p.body_id",
        # an error's places in one snapshot: one search of the key
        "snapshot_errors": "CREATE VIEW snapshot_errors AS SELECT sn.id AS snapshot_id, "
        "r.error_id AS error_id, (SELECT MAX(p.line) FROM occurrence_bodies b "
        f"{join} occurrence_places p ON p.body_id = b.id "
        "WHERE b.error_id = r.error_id AND p.snapshot_id = sn.id) AS line "
        "FROM error_runs r JOIN snapshots sn ON sn.repo_id = +r.repo_id "
        "AND sn.id >= r.first_id AND sn.id <= r.last_id",
    }


def _v19_places_by_body(conn: Connection) -> None:
    """``occurrence_places`` keyed by (snapshot, body, id), without the index on the body: on
    SQLite the rows move to a ``WITHOUT ROWID`` table of that key, on PostgreSQL the primary key
    changes; the views reading the table are made again to find an error's places through its
    codebase's snapshots. Ids, rows and every view's answers are unchanged."""
    have = set(sa_inspect(conn).get_view_names())
    for view in ("snapshot_errors", "occurrences", "release_occurrences"):
        if view in have:
            conn.execute(text(f"DROP VIEW {view}"))
    key = sa_inspect(conn).get_pk_constraint("occurrence_places")
    if key["constrained_columns"] != ["snapshot_id", "body_id", "id"]:
        if conn.dialect.name == "sqlite":
            _move_places(conn, occurrence_places, ("ix_occ_place_body",))
        else:
            conn.execute(text(f'ALTER TABLE occurrence_places DROP CONSTRAINT "{key["name"]}"'))
            conn.execute(
                text(
                    "ALTER TABLE occurrence_places ADD CONSTRAINT pk_occurrence_places "
                    "PRIMARY KEY (snapshot_id, body_id, id)"
                )
            )
            conn.execute(text("DROP INDEX IF EXISTS ix_occ_place_body"))
    _create_views(conn, _places_views(conn.dialect.name))


def _v20_delta_chains(conn: Connection) -> None:
    """A stored file text or extraction entry may be a difference from another difference, up to
    ``textdelta.MAX_DEPTH`` steps from one stored whole (before, a base was always whole).
    Nothing to change in the rows: every chain stored before is one step long. The version
    exists so an errdex that reads one step only says "upgrade errdex" instead of reading a
    changed file's text as damaged and parsing its cached files again."""


# Append-only: each entry upgrades the schema by one version. Never edit a released step;
# add a new one (ALTER via SQLAlchemy DDL) so existing catalogues upgrade in place.
MIGRATIONS: list[Callable[[Connection], None]] = [
    _v1,
    _v2,
    _v3_relay,
    _v4_history,
    _v5_index_failures,
    _v6_text_deltas,
    _v7_function_bodies,
    _v8_error_keys,
    _v9_shared_file_facts,
    _v10_fact_values,
    _v11_release_runs,
    _v12_fact_deltas,
    _v13_key_sets,
    _v14_files_without_rowid,
    _v15_relative_places,
    _v16_file_runs,
    _v17_site_callers,
    _v18_places_by_snapshot,
    _v19_places_by_body,
    _v20_delta_chains,
]
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
