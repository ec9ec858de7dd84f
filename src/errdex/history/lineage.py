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

import hashlib
import json
import posixpath
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from rapidfuzz import fuzz, process
from sqlalchemy import Connection, delete, func, insert, select

from errdex.store import StoreError
from errdex.store import schema as s
from errdex.store.copy import insert_dicts
from errdex.store.records import PlacedError, Release
from errdex.store.releases import held_error_ids, release_order, repo_records, snapshots_holding

if TYPE_CHECKING:
    from errdex.store.sql import Store

__all__ = [
    "continues",
    "ensure_lineages",
    "extended_rows",
    "lineages_current",
    "pair_releases",
    "prepended",
    "update_lineages",
]

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


def lineages_current(store: Store, repo: str) -> bool:
    """Whether ``repo``'s stored lineages were derived over its releases as they are now (not,
    after a run stopped between storing a release and deriving them)."""
    name = store.resolve_repo(repo)
    releases = release_order(store, repo)
    with store.engine.connect() as conn:
        repo_id = int(conn.execute(select(s.repos.c.id).where(s.repos.c.name == name)).scalar_one())
        return _derived_over(conn, repo_id) == _stamps(conn, releases)


def update_lineages(store: Store, repo: str) -> int:
    """Bring a codebase's lineages up to date with its releases; returns how many it has.

    Each release's lineages follow from the releases before it only, so releases added after
    the newest one the lineages were derived over (a new release, the usual case) cost their
    own pairs: each is compared with the one before it, and only the errors they bring get a
    lineage row. One release added before the oldest (filling in a history backwards) costs
    its pairs with the release after it, and the stored names are renamed (``prepended``).
    Any other change (a release indexed between two others, one replaced or removed) changes
    which releases are neighbours, and every lineage is derived again. Either way the rows are
    those of deriving every lineage from the first release on.
    """
    name = store.resolve_repo(repo)
    for attempt in range(4):
        releases = release_order(store, repo)
        with store.engine.connect() as conn:
            repo_id = int(conn.execute(select(s.repos.c.id).where(s.repos.c.name == name)).scalar_one())
            stamps = _stamps(conn, releases)
            done = _derived_over(conn, repo_id)
        extend = bool(done) and len(done) < len(stamps) and stamps[: len(done)] == done
        before = bool(done) and len(stamps) == len(done) + 1 and stamps[1:] == done
        if extend:
            rows = _extended(store, releases[len(done) - 1 :])
        else:
            rows = _before_first(store, repo_id, releases) if before else _derived(store, releases)
        try:
            with store.engine.begin() as conn:
                if _derived_over(conn, repo_id) != done:  # another run got there first
                    raise StoreError("lineages changed meanwhile", kind="conflict")
                if not extend:
                    conn.execute(delete(s.error_lineage).where(s.error_lineage.c.repo_id == repo_id))
                _insert(conn, repo_id, rows)
                _mark(conn, repo_id, stamps)
                store._bump_generation(conn)  # pages show lineages: none may be served stale
                lin = s.error_lineage
                count = select(func.count(func.distinct(lin.c.lineage))).where(lin.c.repo_id == repo_id)
                return int(conn.execute(count).scalar_one())
        except StoreError as e:  # another run wrote this codebase's lineages at the same time
            if e.kind != "conflict" or attempt == 3:
                raise
            time.sleep(0.1 * (attempt + 1))
    raise AssertionError("unreachable")  # the last attempt returns or raises


def _follow(
    lineage: dict[str, str], releases: Sequence[Release], records: dict[int, list[PlacedError]]
) -> None:
    """Carry ``lineage`` (every error of the releases before ``releases[0]``, and those of
    ``releases[0]`` itself when it is not the first) through ``releases`` in order."""
    prev: list[PlacedError] = []
    for snap in releases:
        cur = records[snap.id]
        for a_id, b_id in pair_releases(prev, cur):
            if b_id not in lineage and a_id in lineage:
                lineage[b_id] = lineage[a_id]
        for e in cur:
            lineage.setdefault(e.id, e.id)
        prev = cur


def _derived(store: Store, releases: Sequence[Release]) -> dict[str, str]:
    """Every lineage of the codebase, derived from its first release on."""
    if len(releases) == 1:
        # a codebase's only release (its first index): with no release before it, ``_follow``
        # pairs nothing and every error starts its own lineage, so only the IDs it holds are
        # read, not each error's identity and first line (a jax release: 0.01 of 0.04 s)
        return {e: e for e in held_error_ids(store, releases[0].id)}
    lineage: dict[str, str] = {}
    _follow(lineage, releases, repo_records(store, [r.id for r in releases]))
    return lineage


def _extended(store: Store, releases: Sequence[Release]) -> dict[str, str]:
    """The lineage rows the releases after ``releases[0]`` (the newest release derived before)
    add: the errors they bring, each continuing a lineage or starting one."""
    # one release added (the usual case): only the errors one of the two lacks are paired
    # under another ID or get a row, so only theirs are read (``extended_rows`` asks the stored
    # rows of those alone, and the errors the two share need none)
    records = repo_records(store, [r.id for r in releases], changed_only=len(releases) == 2)
    lin = s.error_lineage

    def stored(ids: list[str]) -> dict[str, str]:
        out: dict[str, str] = {}
        with store.engine.connect() as conn:
            for i in range(0, len(ids), 500):
                q = select(lin.c.error_id, lin.c.lineage).where(lin.c.error_id.in_(ids[i : i + 500]))
                out.update((str(a), str(b)) for a, b in conn.execute(q))
        return out

    return extended_rows(releases, records, stored)


def extended_rows(
    releases: Sequence[Release],
    records: dict[int, list[PlacedError]],
    stored: Callable[[list[str]], dict[str, str]],
) -> dict[str, str]:
    """``_extended`` over the releases' errors (``records``), with ``stored`` giving the
    stored lineage rows of the errors asked (those it has): the rows the releases after
    ``releases[0]`` add. Only the rows ``_stored_rows_needed`` names are asked for."""
    lineage = stored(sorted(_stored_rows_needed(records, releases)))
    # every error of the releases derived before has a row, so an ID without one is new to the
    # codebase, as it is to the lineages when every release is derived again
    known = set(lineage) | {e.id for e in records[releases[0].id]}
    _follow(lineage, releases, records)
    return {e: n for e, n in lineage.items() if e not in known}


def _stored_rows_needed(records: dict[int, list[PlacedError]], releases: Sequence[Release]) -> set[str]:
    """The errors whose stored lineage ``_extended`` reads: those of the later releases that
    ``releases[0]`` lacks (new to the codebase, or back after a gap: only a stored row tells),
    and each release's errors that the next one lacks (the only ones ``pair_releases`` can
    continue under another ID, so the only names ``_follow`` takes). An error of
    ``releases[0]`` that the next release keeps continues under its own ID, whose row stands:
    a release that changed little costs the rows of what it changed, not all of its errors."""
    ids = [{e.id for e in records[r.id]} for r in releases]
    need: set[str] = set()
    for k, here in enumerate(ids):
        if k:
            need |= here - ids[0]
        if k + 1 < len(ids):
            need |= here - ids[k + 1]
    return need


def _before_first(store: Store, repo_id: int, releases: Sequence[Release]) -> dict[str, str]:
    """Every lineage row once ``releases[0]`` is added before ``releases[1]``, the oldest release
    the stored lineages were derived over: its pairs with that release and the stored names
    (``prepended``)."""
    records = repo_records(store, [r.id for r in releases[:2]])
    lin = s.error_lineage
    with store.engine.connect() as conn:
        q = select(lin.c.error_id, lin.c.lineage).where(lin.c.repo_id == repo_id)
        stored = {str(a): str(b) for a, b in conn.execute(q)}
    return prepended(
        stored, records[releases[0].id], records[releases[1].id], lambda ids: _continued(store, releases, ids)
    )


def prepended(
    stored: dict[str, str],
    first: Sequence[PlacedError],
    second: Sequence[PlacedError],
    continued: Callable[[set[str]], dict[str, str]],
) -> dict[str, str]:
    """The lineages of a history with ``first`` added before its oldest release ``second``,
    from ``stored``: those derived from ``second`` on.

    Deriving from ``second`` on made each of its errors a lineage of its own (named by itself),
    and every later error either continued an error of the release before it or started a
    lineage. With ``first`` before it, nothing later changes but two things. An error of
    ``second`` that continues one of ``first`` takes that error's name, and so does every error
    of its lineage. And an error of ``first`` missing from ``second`` that comes back later,
    continuing another error there, now starts its lineage in ``first`` instead: the errors
    that followed it keep its name, the others of its stored lineage do not. Which ones
    followed it the names do not say, so for those few lineages ``continued`` gives what each
    of their errors continued where it first appeared (error -> the one before it), and the
    names are followed down those links.
    """
    ids = {e.id for e in first}
    back = {i for i in ids - {e.id for e in second} if stored.get(i, i) != i}
    rename = {b: a for a, b in pair_releases(first, second) if a != b}
    lineage = {i: (i if i in ids else rename.get(name, name)) for i, name in stored.items()}
    split = {stored[i] for i in back}
    members = {i for i, name in stored.items() if name in split}
    before = continued(members) if members else {}
    for i in members:
        at = i
        while at not in ids and at in before:  # each link goes to an earlier release: it ends
            at = before[at]
        lineage[i] = at if at in ids else rename.get(at, at)
    for i in ids:
        lineage.setdefault(i, i)
    return lineage


def _continued(store: Store, releases: Sequence[Release], errors: set[str]) -> dict[str, str]:
    """error -> the error of the release before it that it continued, where it first appears
    in ``releases[1:]`` (the releases the stored lineages were derived over), for ``errors``;
    an error that started a lineage there has none. Pairs only the releases where they appear."""
    at = {r.id: k for k, r in enumerate(releases) if k}
    first = {
        e: min((at[x] for x in snaps if x in at), default=0)
        for e, snaps in snapshots_holding(store, errors).items()
    }
    wanted = sorted({k for k in first.values() if k > 1})
    records = repo_records(store, sorted({releases[j].id for k in wanted for j in (k - 1, k)}))
    out: dict[str, str] = {}
    for k in wanted:
        for a, b in pair_releases(records[releases[k - 1].id], records[releases[k].id]):
            if a != b and first.get(b) == k:
                out[b] = a
    return out


def _insert(conn: Connection, repo_id: int, lineage: dict[str, str]) -> None:
    # the writer's bulk insert (``insert_dicts``): the same bind processing of each value,
    # without SQLAlchemy's per-row parameter handling of a release's ~7k rows
    rows = [{"error_id": e, "repo_id": repo_id, "lineage": lin} for e, lin in sorted(lineage.items())]
    insert_dicts(conn, s.error_lineage, rows)


_MARK = "lineages:"  # artifact naming the releases a codebase's lineages were derived over


def _stamps(conn: Connection, releases: Sequence[Release]) -> list[list[Any]]:
    """(snapshot id, content hash) of each release, in release order: a release replaced by
    another indexing of it has another content hash."""
    sn = s.snapshots
    ids = [r.id for r in releases]
    hashes: dict[int, str] = {}
    for i in range(0, len(ids), 500):
        q = select(sn.c.id, sn.c.content_hash).where(sn.c.id.in_(ids[i : i + 500]))
        hashes.update((int(a), str(b)) for a, b in conn.execute(q))
    return [[i, hashes.get(i, "")] for i in ids]


def _derived_over(conn: Connection, repo_id: int) -> list[list[Any]]:
    """The stamps the stored lineages were derived over; empty when unknown (never derived,
    derived before this was recorded, or a damaged record: everything is derived again)."""
    a = s.artifacts
    row = conn.execute(select(a.c.data, a.c.generation).where(a.c.name == f"{_MARK}{repo_id}")).first()
    if row is None or not isinstance(row.data, bytes | memoryview):
        return []
    data = bytes(row.data)
    if hashlib.sha256(data).hexdigest() != row.generation:
        return []
    try:
        stamps = json.loads(data)
    except ValueError:
        return []
    ok = isinstance(stamps, list) and all(
        isinstance(x, list) and len(x) == 2 and isinstance(x[0], int) and isinstance(x[1], str)
        for x in stamps
    )
    return stamps if ok else []


def _mark(conn: Connection, repo_id: int, stamps: list[list[Any]]) -> None:
    a = s.artifacts
    data = json.dumps(stamps, separators=(",", ":")).encode()
    conn.execute(delete(a).where(a.c.name == f"{_MARK}{repo_id}"))
    conn.execute(
        insert(a).values(name=f"{_MARK}{repo_id}", generation=hashlib.sha256(data).hexdigest(), data=data)
    )


def ensure_lineages(store: Store, repo: str) -> None:
    """Lineages for a codebase indexed before they existed (an upgraded catalogue), derived on
    first read when the catalogue is writable; a read-only one reads each error as its own."""
    from errdex.store import StoreError
    from errdex.store.releases import has_lineages

    if store.readonly or has_lineages(store, repo):
        return
    try:
        update_lineages(store, repo)
    except StoreError as e:
        if e.kind != "readonly":
            raise
