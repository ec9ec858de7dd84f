"""The schema's upgrade steps: an older catalogue is brought to ``schema.SCHEMA_VERSION`` here.

Apart from ``schema`` (the tables as they are now), so that the tables import nothing of the
store above them: the steps that move rows into a later shape call the modules that write that
shape (``history``, ``fnfacts``, ``keysets``), which themselves import the tables.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy import (
    Boolean,
    Connection,
    LargeBinary,
    MetaData,
    Table,
    bindparam,
    false,
    select,
    text,
)
from sqlalchemy import inspect as sa_inspect

from errdex.store.schema import (
    BODY_COLUMNS,
    FACT_TABLES,
    SCHEMA_VERSION,
    V14_PLACES,
    V15_FILES,
    V15_MODULES,
    V18_PLACES,
    artifacts,
    current_version,
    error_dir,
    error_lineage,
    error_runs,
    errors,
    exc_name,
    expectation_errors,
    extractions,
    fact_sets,
    file_runs,
    index_failures,
    key_sets,
    meta,
    metadata,
    module_runs,
    occurrence_bodies,
    occurrence_places,
    set_keys,
    snapshot_errors,
    snapshot_symbols,
    symbol_names,
    symbol_runs,
    v14,
)

__all__ = ["MIGRATIONS", "migrate"]


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
            body = {k: row[k] for k in BODY_COLUMNS}
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
