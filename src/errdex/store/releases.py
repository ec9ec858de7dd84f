"""A codebase's releases as a ``Store`` reads them: their order, the errors each holds, the
lineages across them and the release tags confirmed for them.

Apart from ``history`` (the rows the writer stores, on the writer's connection), which the
``Store`` itself calls: these reads take the ``Store`` and are called by the layers above it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from sqlalchemy import func, select, update

from errdex.store import schema as s
from errdex.store.copy import select_in
from errdex.store.history import body_places
from errdex.store.records import PlacedError, Release, UnpinnedRelease
from errdex.store.timeline import version_key

if TYPE_CHECKING:
    from errdex.store.sql import Store

__all__ = [
    "has_lineages",
    "held_error_ids",
    "indexed_tags",
    "lineage_map",
    "lineage_of",
    "pin_release",
    "release_order",
    "repo_records",
    "snapshot_records",
    "snapshots_holding",
    "unpinned_releases",
]


def release_order(store: Store, repo: str) -> list[Release]:
    """The snapshots of a codebase, oldest release first.

    PyPI releases and tags order by version; commits and directories (no version) by date and
    then by when they were indexed.
    """
    name = store.resolve_repo(repo)
    sn, r = s.snapshots, s.repos
    with store.engine.connect() as conn:
        rows = conn.execute(
            select(
                sn.c.id,
                sn.c.version,
                sn.c.date,
                sn.c.ref_kind,
                sn.c.ref,
                sn.c.tag,
                sn.c.commit_sha,
                sn.c.source_url,
            )
            .select_from(sn.join(r, r.c.id == sn.c.repo_id))
            .where(r.c.name == name)
        )
        snaps = [
            Release(
                id=int(sid),
                version=str(version),
                date=date,
                ref_kind=str(kind),
                ref=str(ref),
                tag=tag,
                commit=commit,
                source_url=url,
            )
            for sid, version, date, kind, ref, tag, commit, url in rows
        ]
    return sorted(snaps, key=lambda x: (*version_key(x.version)[:2], x.date or "", x.id))


def snapshot_records(store: Store, snapshot_id: int) -> list[PlacedError]:
    """The errors of one snapshot with where they sit: what lineage and diff compare."""
    return repo_records(store, [snapshot_id])[snapshot_id]


def repo_records(
    store: Store, snapshot_ids: Sequence[int], changed_only: bool = False
) -> dict[int, list[PlacedError]]:
    """``snapshot_records`` of several snapshots of one codebase, in two queries: each error's
    identity is read once, however many releases hold it. ``changed_only``: of two snapshots,
    only the errors one holds and the other does not (all that pairing them reads beyond
    their IDs: two releases that differ by a few errors read those few)."""
    e, p, b = s.errors, s.occurrence_places, s.occurrence_bodies
    wanted = list(snapshot_ids)
    lines = (
        select(p.c.snapshot_id, b.c.error_id, func.min(p.c.line))
        .select_from(p.join(b, b.c.id == p.c.body_id))
        .where(p.c.snapshot_id.in_(wanted))
        .group_by(p.c.snapshot_id, b.c.error_id)
    )
    out: dict[int, list[PlacedError]] = {sid: [] for sid in wanted}
    with store.engine.connect() as conn:
        at = conn.execute(lines).all()
        if changed_only:
            held: dict[int, set[str]] = {sid: set() for sid in wanted}
            for sid, eid, _ in at:
                held[int(sid)].add(str(eid))
            one, other = (held[sid] for sid in wanted)  # two snapshots
            differ = one ^ other
            at = [row for row in at if str(row[1]) in differ]
        columns = (e.c.id, e.c.kind, e.c.exc_type, e.c.template, e.c.path, e.c.function)
        identity: dict[str, tuple[str, str, str, str, str]] = {
            str(r[0]): (r[1], r[2], r[3], r[4], r[5])
            for r in select_in(conn, columns, e.c.id, (str(r[1]) for r in at))
        }
    for sid, eid, line in at:
        kind, exc_type, template, path, function = identity[str(eid)]
        out[int(sid)].append(
            PlacedError(
                id=str(eid),
                kind=kind,
                exc_type=exc_type,
                template=template,
                path=path,
                function=function,
                line=int(line),
            )
        )
    return out


def held_error_ids(store: Store, snapshot_id: int) -> set[str]:
    """The IDs of the errors a snapshot holds (those ``repo_records`` gives it)."""
    p, b = s.occurrence_places, s.occurrence_bodies
    q = (
        select(b.c.error_id)
        .select_from(p.join(b, b.c.id == p.c.body_id))
        .where(p.c.snapshot_id == snapshot_id)
        .distinct()
    )
    with store.engine.connect() as conn:
        return {str(r[0]) for r in conn.execute(q)}


def snapshots_holding(store: Store, error_ids: Iterable[str]) -> dict[str, set[int]]:
    """error id -> the snapshots holding it, for a few errors (lineage reads a lineage's own)."""
    b, p = s.occurrence_bodies, s.occurrence_places
    out: dict[str, set[int]] = {}
    with store.engine.connect() as conn:
        bodies = {int(i): str(e) for i, e in select_in(conn, (b.c.id, b.c.error_id), b.c.error_id, error_ids)}
        for i in range(0, len(bodies), 500):
            chunk = sorted(bodies)[i : i + 500]
            q = select(p.c.body_id, p.c.snapshot_id).select_from(body_places(b)).where(b.c.id.in_(chunk))
            q = q.distinct()
            for body, snap in conn.execute(q):
                out.setdefault(bodies[int(body)], set()).add(int(snap))
    return out


def lineage_map(store: Store, repo: str) -> dict[str, str]:
    """error id -> lineage name, for every error of a codebase with a lineage row."""
    name = store.resolve_repo(repo)
    lin, r = s.error_lineage, s.repos
    with store.engine.connect() as conn:
        rows = conn.execute(
            select(lin.c.error_id, lin.c.lineage)
            .select_from(lin.join(r, r.c.id == lin.c.repo_id))
            .where(r.c.name == name)
        )
        return {str(a): str(b) for a, b in rows}


def lineage_of(store: Store, error_id: str) -> tuple[str, str] | None:
    """(repo name, lineage name) of an error; an error without a lineage row is its own."""
    e, r, lin = s.errors, s.repos, s.error_lineage
    with store.engine.connect() as conn:
        row = conn.execute(
            select(r.c.name, lin.c.lineage)
            .select_from(e.join(r, r.c.id == e.c.repo_id).outerjoin(lin, lin.c.error_id == e.c.id))
            .where(e.c.id == error_id)
        ).first()
    if row is None:
        return None
    return str(row[0]), str(row[1] or error_id)


def has_lineages(store: Store, repo: str) -> bool:
    name = store.resolve_repo(repo)
    lin, r = s.error_lineage, s.repos
    with store.engine.connect() as conn:
        return (
            conn.execute(
                select(lin.c.error_id)
                .select_from(lin.join(r, r.c.id == lin.c.repo_id))
                .where(r.c.name == name)
                .limit(1)
            ).first()
            is not None
        )


# ---------------------------------------------------------------------------- release tags


def unpinned_releases(store: Store, repo: str) -> list[UnpinnedRelease]:
    """PyPI snapshots of a codebase with a source repository but no confirmed tag yet."""
    sn, r = s.snapshots, s.repos
    with store.engine.connect() as conn:
        rows = conn.execute(
            select(sn.c.id, sn.c.version, sn.c.source_url, r.c.project)
            .select_from(sn.join(r, r.c.id == sn.c.repo_id))
            .where(
                r.c.name == repo, sn.c.ref_kind == "pypi", sn.c.tag.is_(None), sn.c.source_url.is_not(None)
            )
        )
        return [
            UnpinnedRelease(id=int(sid), version=str(version), source_url=str(url), project=str(project))
            for sid, version, url, project in rows
        ]


def indexed_tags(store: Store, repo: str) -> dict[str, str]:
    """tag -> commit of every git snapshot of a codebase indexed at a tag."""
    sn, r = s.snapshots, s.repos
    with store.engine.connect() as conn:
        rows = conn.execute(
            select(sn.c.tag, sn.c.commit_sha)
            .select_from(sn.join(r, r.c.id == sn.c.repo_id))
            .where(r.c.name == repo, sn.c.ref_kind == "git", sn.c.tag.is_not(None))
        )
        return {str(t): str(c) for t, c in rows}


def pin_release(store: Store, snapshot_id: int, tag: str, commit: str | None) -> None:
    """Record the confirmed tag (and its commit) of a release; pages link the file there now."""

    with store.engine.begin() as conn:
        conn.execute(
            update(s.snapshots).where(s.snapshots.c.id == snapshot_id).values(tag=tag, commit_sha=commit)
        )
        store._bump_generation(conn)
