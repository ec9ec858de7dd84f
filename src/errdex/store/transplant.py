"""A release's rows copied from a catalogue that holds it alone into another SQLite catalogue.

Indexing a release a second time, for a second catalogue, decodes every file's cached facts,
resolves the records across its modules and writes every row again: ~0.9 s of CPU for a mid-sized
release with every file's facts in the extraction cache (docs/measurements/ci67.md). The rows a
catalogue holds for a release are a function of that release's files and the extractor, with
one exception (below), so a catalogue that holds the release alone, indexed once, has them all:
they are copied here in one transaction of ``INSERT ... SELECT`` statements (~0.1 s), their
integer keys renumbered into the destination's, content-keyed rows (texts, code facts, key
sets, names, record bodies) shared with what it holds already.

The exception is the codebase a PyPI release is stored under: a monorepo's second distribution
goes under ``owner/repo/distribution`` when the first is in the catalogue
(``sql._codebase_name``), and its error ids carry that name. So the copy declines (``None``)
when the destination has a codebase of the same name at all; the caller indexes the release
instead, which chooses the name as it always does.

What depends on the whole catalogue is not copied: the lineages, the match index and its
segments (``pipeline.after_history_change`` makes them after the last release of a run, as it
does for releases indexed there), and the catalogue's counters. A release's callers count
(``snapshots.callers``) is of that release alone and travels with it.

SQLite only: the source is attached to a connection of the destination's file. The source is
another errdex's catalogue at the same schema version and is read, never written; its rows are
copied as they are, so it must be one this errdex made (a run's own cache of single-release
catalogues), not one handed over by a stranger.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from errdex.store import schema as s

__all__ = ["COPIED", "LEFT", "Transplanted", "copy_release"]

# every table of the schema is either copied here (renumbered where its keys are the
# catalogue's own) or left to what is rebuilt after a run; a test holds the two lists to the
# schema, so a new table cannot be forgotten
COPIED = (
    "repos",
    "snapshots",
    "blobs",
    "file_runs",
    "errors",
    "occurrence_bodies",
    "occurrence_places",
    "expectations",
    "expectation_errors",
    "symbol_names",
    "symbol_runs",
    "code_facts",
    "key_sets",
    "set_keys",
    "fact_sets",
    "module_runs",
    "error_runs",
    "error_lineage",
    "extractions",
)
LEFT = (
    "meta",  # the schema version (checked alike) and the generation (moved on here)
    "artifacts",  # the match index, its segments and the lineages: made after the run
    "analyses",  # written by ``errdex analyze``, never by an index
    "index_failures",  # a run's own failures
)


@dataclass(frozen=True, slots=True)
class Transplanted:
    """What ``copy_release`` stored: the destination's ids of the codebase and snapshot."""

    repo: str
    repo_id: int
    snapshot_id: int
    version: str
    ref_kind: str
    stats: dict[str, object]


def _names(table: str, *, skip: tuple[str, ...] = ()) -> list[str]:
    return [c.name for c in s.metadata.tables[table].columns if c.name not in skip]


def _cols(names: list[str], prefix: str = "") -> str:
    return ", ".join(f"{prefix}{n}" for n in names)


def copy_release(db: Path, source: Path) -> Transplanted | None:
    """Copy the one snapshot of the catalogue ``source`` into the SQLite catalogue ``db``
    (both made by this errdex), in one transaction; None, with nothing written, when the
    destination already has a codebase of that name (see the module's docstring) or the two
    are at other schema versions. Raises ``ValueError`` when ``source`` holds other than one
    snapshot."""
    conn = sqlite3.connect(db, timeout=30, isolation_level=None)
    try:
        conn.execute("PRAGMA foreign_keys=ON")
        conn.execute("ATTACH DATABASE ? AS src", (str(source),))
        try:
            conn.execute("BEGIN IMMEDIATE")
            try:
                out = _copy(conn)
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            if out is None:
                conn.execute("ROLLBACK")
            else:
                conn.execute("COMMIT")
            return out
        finally:
            conn.execute("DETACH DATABASE src")
    finally:
        conn.close()


def _version(conn: sqlite3.Connection, schema: str) -> str | None:
    row = conn.execute(f"SELECT value FROM {schema}.meta WHERE key = 'schema_version'").fetchone()
    return None if row is None else str(row[0])


def _copy(conn: sqlite3.Connection) -> Transplanted | None:
    if _version(conn, "main") != _version(conn, "src") or _version(conn, "src") != str(s.SCHEMA_VERSION):
        return None
    snaps = conn.execute("SELECT id, repo_id, version, ref_kind, stats FROM src.snapshots").fetchall()
    if len(snaps) != 1:
        raise ValueError(f"a catalogue to copy a release from holds one snapshot, not {len(snaps)}")
    old_snap, old_repo, version, ref_kind, stats = snaps[0]
    name, project, url = conn.execute(
        "SELECT name, project, source_url FROM src.repos WHERE id = ?", (old_repo,)
    ).fetchone()
    if conn.execute("SELECT 1 FROM main.repos WHERE name = ?", (name,)).fetchone() is not None:
        return None
    repo = conn.execute(
        "INSERT INTO main.repos (name, project, source_url) VALUES (?, ?, ?)", (name, project, url)
    ).lastrowid
    snap_cols = _names("snapshots", skip=("id", "repo_id"))
    snap = conn.execute(
        f"INSERT INTO main.snapshots (repo_id, {_cols(snap_cols)}) SELECT ?, {_cols(snap_cols)}"
        " FROM src.snapshots WHERE id = ?",
        (repo, old_snap),
    ).lastrowid
    assert repo is not None and snap is not None
    ids = {"repo": repo, "snap": snap}

    def run(sql: str) -> None:
        conn.execute(sql, ids)

    # the texts: content-keyed (a text stored as a difference names its base by its key, which
    # the source holds too, so it comes along)
    run(
        f"INSERT OR IGNORE INTO main.blobs ({_cols(_names('blobs'))}) SELECT {_cols(_names('blobs'))} FROM src.blobs"
    )
    file_cols = _names("file_runs", skip=("repo_id", "first_id", "last_id"))
    run(
        f"INSERT INTO main.file_runs (repo_id, first_id, last_id, {_cols(file_cols)})"
        f" SELECT :repo, :snap, :snap, {_cols(file_cols)} FROM src.file_runs"
    )
    err_cols = _names("errors", skip=("repo_id",))
    run(
        f"INSERT OR IGNORE INTO main.errors (repo_id, {_cols(err_cols)}) SELECT :repo, {_cols(err_cols)} FROM src.errors"
    )
    run(
        "INSERT INTO main.error_runs (error_id, first_id, last_id, repo_id)"
        " SELECT error_id, :snap, :snap, :repo FROM src.error_runs"
    )
    run(
        "INSERT OR IGNORE INTO main.error_lineage (error_id, repo_id, lineage)"
        " SELECT error_id, :repo, lineage FROM src.error_lineage"
    )
    # record bodies: keyed by their digest; new ones numbered on in the source's order
    body_cols = _names("occurrence_bodies", skip=("id",))
    run(
        f"INSERT OR IGNORE INTO main.occurrence_bodies ({_cols(body_cols)})"
        f" SELECT {_cols(body_cols)} FROM src.occurrence_bodies ORDER BY id"
    )
    run(
        "CREATE TEMP TABLE m_body AS SELECT o.id AS old, n.id AS new FROM src.occurrence_bodies o"
        " JOIN main.occurrence_bodies n ON n.digest = o.digest"
    )
    # places: numbered on from the greatest stored, as the writer does (``write_occurrences``)
    place_cols = _names("occurrence_places", skip=("id", "body_id", "snapshot_id"))
    top = conn.execute("SELECT coalesce(max(id), 0) FROM main.occurrence_places").fetchone()[0]
    low = conn.execute("SELECT coalesce(min(id), 1) FROM src.occurrence_places").fetchone()[0]
    conn.execute(
        f"INSERT INTO main.occurrence_places (id, body_id, snapshot_id, {_cols(place_cols)})"
        f" SELECT p.id - ? + 1 + ?, m.new, ?, {_cols(place_cols, 'p.')} FROM src.occurrence_places p"
        " JOIN temp.m_body m ON m.old = p.body_id",
        (low, top, snap),
    )
    # a test's expectations (and the errors they link), numbered on
    exp_cols = _names("expectations", skip=("id", "snapshot_id"))
    top = conn.execute("SELECT coalesce(max(id), 0) FROM main.expectations").fetchone()[0]
    conn.execute(
        f"INSERT INTO main.expectations (id, snapshot_id, {_cols(exp_cols)})"
        f" SELECT id + ?, ?, {_cols(exp_cols)} FROM src.expectations",
        (top, snap),
    )
    conn.execute(
        "INSERT INTO main.expectation_errors (expectation_id, error_id, snapshot_id)"
        " SELECT expectation_id + ?, error_id, ? FROM src.expectation_errors",
        (top, snap),
    )
    # names: interned in name order, as ``write_symbols`` interns the ones it has not seen
    run("INSERT OR IGNORE INTO main.symbol_names (name) SELECT name FROM src.symbol_names ORDER BY name")
    run(
        "INSERT INTO main.symbol_runs (name_id, repo_id, first_id, last_id)"
        " SELECT n.id, :repo, :snap, :snap FROM src.symbol_runs r"
        " JOIN src.symbol_names o ON o.id = r.name_id JOIN main.symbol_names n ON n.name = o.name"
    )
    # code facts: keyed by (text, extractor); key sets by their digest
    fact_cols = _names("code_facts", skip=("id",))
    run(
        f"INSERT OR IGNORE INTO main.code_facts ({_cols(fact_cols)}) SELECT {_cols(fact_cols)} FROM src.code_facts ORDER BY id"
    )
    run(
        "CREATE TEMP TABLE m_fact AS SELECT o.id AS old, n.id AS new FROM src.code_facts o"
        " JOIN main.code_facts n ON n.blob_sha = o.blob_sha AND n.producer = o.producer"
    )
    run(
        "INSERT OR IGNORE INTO main.key_sets (digest, size) SELECT digest, size FROM src.key_sets ORDER BY id"
    )
    run(
        "CREATE TEMP TABLE m_set AS SELECT o.id AS old, n.id AS new FROM src.key_sets o"
        " JOIN main.key_sets n ON n.digest = o.digest"
    )
    run(
        "INSERT OR IGNORE INTO main.set_keys (kind, key, set_id)"
        " SELECT k.kind, k.key, m.new FROM src.set_keys k JOIN temp.m_set m ON m.old = k.set_id"
    )
    run(
        "INSERT OR IGNORE INTO main.fact_sets (set_id, fact_id) SELECT ms.new, mf.new FROM src.fact_sets f"
        " JOIN temp.m_set ms ON ms.old = f.set_id JOIN temp.m_fact mf ON mf.old = f.fact_id"
    )
    mod_cols = _names("module_runs", skip=("repo_id", "first_id", "last_id", "fact_id"))
    run(
        f"INSERT INTO main.module_runs (repo_id, first_id, last_id, fact_id, {_cols(mod_cols)})"
        f" SELECT :repo, :snap, :snap, m.new, {_cols(mod_cols, 'r.')} FROM src.module_runs r"
        " JOIN temp.m_fact m ON m.old = r.fact_id"
    )
    ext_cols = _names("extractions")
    run(
        f"INSERT OR IGNORE INTO main.extractions ({_cols(ext_cols)}) SELECT {_cols(ext_cols)} FROM src.extractions"
    )
    for temp in ("m_body", "m_fact", "m_set"):
        conn.execute(f"DROP TABLE temp.{temp}")
    # the catalogue changed: every artifact made before is stale (``Store._bump_generation``)
    gen = conn.execute("SELECT value FROM main.meta WHERE key = 'generation'").fetchone()
    conn.execute("DELETE FROM main.meta WHERE key = 'generation'")
    conn.execute(
        "INSERT INTO main.meta (key, value) VALUES ('generation', ?)", (str(int(gen[0] if gen else 0) + 1),)
    )
    parsed = json.loads(stats) if isinstance(stats, str) else {}
    return Transplanted(
        str(name),
        int(repo),
        int(snap),
        str(version),
        str(ref_kind),
        parsed if isinstance(parsed, dict) else {},
    )
