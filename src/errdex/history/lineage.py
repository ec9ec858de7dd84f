"""Lineage: the same raise site followed across the releases of a codebase.

An error's ID is what it *is* (codebase, file, function, exception type, template), so an error
that only moved lines keeps its ID and is trivially the same error in the next release. Any
other change makes a new ID, and the rule below decides which error of the newer release
continues which error of the older one. Releases are compared in order, each with the one
before it (``release_order``):

1. The same ID in both releases: the same error.
2. Of the rest, pairs of the same kind (error, warning, log, assertion) are scored by what a
   maintainer changes one at a time: the template's similarity (rapidfuzz's ``ratio``, 0-100),
   the same function (qualified name, else its last part: a renamed class or nesting), the same
   file (else the same file name), the same exception type, and how near the lines are within
   one file. A pair continues a lineage when one of these holds:
   - same template and type, in another file or function: moved, or its function renamed;
   - same file and function, template similarity at least 50: reworded (or its type changed);
   - same file and type, similarity at least 75: reworded in a renamed function;
   - same type and function name, similarity at least 85: moved to another file and reworded.
   Pairs are taken best score first, each error at most once, so two rewordings in one
   function pair up by similarity, not by order.
3. An error of the newer release left over starts a lineage (introduced); one of the older
   release left over ends its lineage there (removed in the newer release).

A lineage is named by the ID of its earliest error, and every ID of it maps to that name
(``error_lineage``), so the ID of any release leads to the whole history.
"""

from __future__ import annotations

import posixpath
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING

from rapidfuzz import fuzz, process
from sqlalchemy import delete, select

from errdex.store import StoreError
from errdex.store import schema as s
from errdex.store.history import release_order, repo_records
from errdex.store.records import PlacedError

if TYPE_CHECKING:
    from errdex.store.sql import Store

__all__ = ["continues", "ensure_lineages", "pair_releases", "update_lineages"]

_MAX_PAIRS = 4_000_000  # unmatched older x newer errors scored per release pair (bounded work)


def continues(a: PlacedError, b: PlacedError) -> tuple[float, bool]:
    """(score, accepted) for the older error ``a`` continuing as the newer error ``b``."""
    if a.kind != b.kind:
        return 0.0, False
    sim = fuzz.ratio(a.template, b.template)
    same_type = a.exc_type == b.exc_type
    same_func = a.function == b.function
    same_name = same_func or a.function.rpartition(".")[2] == b.function.rpartition(".")[2]
    same_path = a.path == b.path
    same_base = same_path or posixpath.basename(a.path) == posixpath.basename(b.path)
    score = sim + 30 * same_func + 15 * (same_name and not same_func) + 20 * same_path
    score += 10 * (same_base and not same_path) + 10 * same_type
    if same_path:
        score -= min(10.0, abs(a.line - b.line) / 50)
    accepted = (
        (sim == 100 and same_type)
        or (same_path and same_func and sim >= 50)
        or (same_path and same_type and sim >= 75)
        or (same_type and same_name and sim >= 85)
    )
    return score, accepted


def pair_releases(older: Sequence[PlacedError], newer: Sequence[PlacedError]) -> list[tuple[str, str]]:
    """(older id, newer id) for every error of ``newer`` that continues one of ``older``."""
    new_ids = {e.id for e in newer}
    old_ids = {e.id for e in older}
    pairs = [(i, i) for i in sorted(old_ids & new_ids)]
    left_old = [e for e in older if e.id not in new_ids]
    left_new = [e for e in newer if e.id not in old_ids]
    if not left_old or not left_new or len(left_old) * len(left_new) > _MAX_PAIRS:
        return pairs
    scored: list[tuple[float, str, str]] = []
    templates = [b.template for b in left_new]
    for a in left_old:
        # every rule needs a similarity of at least 50: rapidfuzz finds those pairs in C
        for _, _, j in process.extract(a.template, templates, scorer=fuzz.ratio, score_cutoff=50, limit=None):
            score, ok = continues(a, left_new[j])
            if ok:
                scored.append((score, a.id, left_new[j].id))
    scored.sort(key=lambda x: (-x[0], x[1], x[2]))
    used_old: set[str] = set()
    used_new: set[str] = set()
    for _, a_id, b_id in scored:
        if a_id not in used_old and b_id not in used_new:
            used_old.add(a_id)
            used_new.add(b_id)
            pairs.append((a_id, b_id))
    return pairs


def update_lineages(store: Store, repo: str) -> int:
    """Recompute every lineage of a codebase from its releases in order; returns how many.

    Run after a release is added (or removed): a release indexed out of order changes which
    releases are neighbours, so the lineages are derived again rather than patched.
    """
    releases = release_order(store, repo)
    records = repo_records(store, [r.id for r in releases])
    lineage: dict[str, str] = {}
    prev: list[PlacedError] = []
    for snap in releases:
        cur = records[snap.id]
        for a_id, b_id in pair_releases(prev, cur):
            if b_id not in lineage and a_id in lineage:
                lineage[b_id] = lineage[a_id]
        for e in cur:
            lineage.setdefault(e.id, e.id)
        prev = cur
    name = store.resolve_repo(repo)
    for attempt in range(4):
        try:
            with store.engine.begin() as conn:
                repo_id = conn.execute(select(s.repos.c.id).where(s.repos.c.name == name)).scalar_one()
                conn.execute(delete(s.error_lineage).where(s.error_lineage.c.repo_id == repo_id))
                rows = [
                    {"error_id": e, "repo_id": repo_id, "lineage": lin} for e, lin in sorted(lineage.items())
                ]
                for i in range(0, len(rows), 5000):
                    conn.execute(s.error_lineage.insert(), rows[i : i + 5000])
                store._bump_generation(conn)  # pages show lineages: none may be served stale
            break
        except StoreError as e:  # another run wrote this codebase's lineages at the same time
            if e.kind != "conflict" or attempt == 3:
                raise
            time.sleep(0.1 * (attempt + 1))
    return len(set(lineage.values()))


def ensure_lineages(store: Store, repo: str) -> None:
    """Lineages for a codebase indexed before they existed (an upgraded catalogue), derived on
    first read when the catalogue is writable; a read-only one reads each error as its own."""
    from errdex.store import StoreError
    from errdex.store.history import has_lineages

    if store.readonly or has_lineages(store, repo):
        return
    try:
        update_lineages(store, repo)
    except StoreError as e:
        if e.kind != "readonly":
            raise
