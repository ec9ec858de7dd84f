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
    false,
    select,
)
from sqlalchemy import String as _String
from sqlalchemy import Text as _Text
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


# An occurrence body's columns, in the order its identity (``history.occurrence_digest``) reads them.
BODY_COLUMNS = (
    "error_id",
    "level",
    "exc_bases",
    "expanded_segments",
    "guards",
    "comments",
    "docstring",
    "relay",
)

SCHEMA_VERSION = 20  # the steps in ``migrations.MIGRATIONS`` (a test checks they agree)


def current_version(conn: Connection) -> int:
    if not conn.dialect.has_table(conn, "meta"):
        return 0
    row = conn.execute(select(meta.c.value).where(meta.c.key == "schema_version")).first()
    return int(row[0]) if row else 0
