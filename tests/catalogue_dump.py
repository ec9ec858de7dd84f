"""Every row of a SQLite catalogue with its integer keys replaced by what they stand for.

Two catalogues holding the same releases number their rows by the order things were written
(repositories, snapshots, record bodies, names, code facts, key sets, places): ``canonical``
reads each row with those numbers replaced by the natural key of the row they refer to (a
codebase's name, a snapshot's codebase and version, a body's digest, a name, a code fact's
text and extractor, a key set's digest), so equal dumps mean catalogues alike in everything
but numbering. Derived artifacts (the match index, lineages) and the catalogue's counters are
left out: they are compared through what they answer.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

# table -> {column: (referenced table, natural key SQL of that table's row, by its id)}
_REPO = "(SELECT name FROM repos WHERE id = {v})"
_SNAP = (
    "(SELECT r.name || '@' || x.version FROM snapshots x JOIN repos r ON r.id = x.repo_id WHERE x.id = {v})"
)
_BODY = "(SELECT digest FROM occurrence_bodies WHERE id = {v})"
_NAME = "(SELECT name FROM symbol_names WHERE id = {v})"
_FACT = "(SELECT blob_sha || '/' || producer FROM code_facts WHERE id = {v})"
_SET = "(SELECT digest FROM key_sets WHERE id = {v})"
_EXP = (
    "(SELECT e.path || ':' || e.line || ':' || e.function || ':' || e.exc_type FROM expectations e"
    " WHERE e.id = {v})"
)
REFS: dict[str, dict[str, str | None]] = {
    "repos": {"id": None},
    "snapshots": {"id": None, "repo_id": _REPO, "indexed_at": None},
    "file_runs": {"repo_id": _REPO, "first_id": _SNAP, "last_id": _SNAP},
    "errors": {"repo_id": _REPO},
    "occurrence_bodies": {"id": None},
    "occurrence_places": {"id": None, "body_id": _BODY, "snapshot_id": _SNAP},
    "expectations": {"id": None, "snapshot_id": _SNAP},
    "expectation_errors": {"expectation_id": _EXP, "snapshot_id": _SNAP},
    "symbol_names": {"id": None},
    "symbol_runs": {"name_id": _NAME, "repo_id": _REPO, "first_id": _SNAP, "last_id": _SNAP},
    "code_facts": {"id": None},
    "key_sets": {"id": None},
    "set_keys": {"set_id": _SET},
    "fact_sets": {"set_id": _SET, "fact_id": _FACT},
    "module_runs": {"repo_id": _REPO, "first_id": _SNAP, "last_id": _SNAP, "fact_id": _FACT},
    "error_runs": {"repo_id": _REPO, "first_id": _SNAP, "last_id": _SNAP},
    "error_lineage": {"repo_id": _REPO},
    "blobs": {},
    "extractions": {},
}


def canonical(db: Path) -> dict[str, list[tuple[Any, ...]]]:
    """Each table of ``REFS``: its rows, sorted, with integer keys replaced (see above)."""
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        out: dict[str, list[tuple[Any, ...]]] = {}
        for table, refs in REFS.items():
            cols = [r[1] for r in conn.execute(f"PRAGMA table_info({table})")]
            exprs = []
            for c in cols:
                if c in refs:
                    ref = refs[c]
                    if ref is not None:
                        exprs.append(ref.format(v=f"t.{c}"))
                else:
                    exprs.append(f"t.{c}")
            rows = conn.execute(f"SELECT {', '.join(exprs)} FROM {table} t").fetchall()
            out[table] = sorted(rows, key=repr)
        return out
    finally:
        conn.close()
