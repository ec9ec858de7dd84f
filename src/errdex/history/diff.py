"""``errdex diff A B``: what an upgrade from one indexed release to another changes in the
errors a codebase can raise.

Errors are compared by lineage (``errdex.history.lineage``), so an error whose message was
reworded, whose type changed or that moved to another file or function is reported as that
change, not as one error removed and another added. A lineage only in B is *added* ("what can
raise now that did not"), one only in A *removed*; an error that only moved lines is unchanged.

The result is a frozen ``ReleaseDiff``; its ``to_json`` is the published shape of
``errdex diff --json`` and ``/api/repos/{owner}/{repo}/diff``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from errdex.history.lineage import ensure_lineages
from errdex.history.versions import wording_diff
from errdex.store.records import PlacedError, Release
from errdex.store.releases import lineage_map, release_order, snapshot_records

__all__ = [
    "CHANGE_KINDS",
    "Change",
    "DiffError",
    "ReleaseDiff",
    "ReleaseRef",
    "Rewording",
    "diff_releases",
    "find_release",
]

CHANGE_KINDS = ("added", "removed", "reworded", "type_changed", "moved")


def find_release(store: Any, repo: str, version: str) -> Release:
    """The snapshot of ``repo`` called ``version`` (a release, tag or short sha)."""
    from errdex.store import StoreError

    releases = release_order(store, repo)
    for snap in releases:
        if snap.named(version):
            return snap
    known = ", ".join(s.version for s in releases) or "none"
    raise StoreError(
        f"no release {version!r} of {store.resolve_repo(repo)} is indexed (indexed: {known})", kind="missing"
    )


@dataclass(frozen=True, slots=True)
class DiffError:
    """One side of a change: an error as it is in one of the two releases."""

    id: str
    version: str  # the release it is in
    kind: str
    exc_type: str
    template: str
    path: str
    line: int
    function: str

    @classmethod
    def of(cls, rec: PlacedError, version: str) -> DiffError:
        return cls(
            id=rec.id, version=version, kind=rec.kind, exc_type=rec.exc_type, template=rec.template,
            path=rec.path, line=rec.line, function=rec.function,
        )  # fmt: skip

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id, "version": self.version, "kind": self.kind, "exc_type": self.exc_type,
            "template": self.template, "path": self.path, "line": self.line, "function": self.function,
        }  # fmt: skip

    def sort_key(self) -> tuple[str, int, str]:
        return (self.path, self.line, self.id)


@dataclass(frozen=True, slots=True)
class Change:
    """An error of the older release continued by another of the newer one (same lineage)."""

    old: DiffError
    new: DiffError

    def to_json(self) -> dict[str, Any]:
        return {"from": self.old.to_json(), "to": self.new.to_json()}


@dataclass(frozen=True, slots=True)
class Rewording(Change):
    """A change of the template, with its word diff (``versions.wording_diff``)."""

    diff: tuple[tuple[str, str], ...]

    def to_json(self) -> dict[str, Any]:
        return {"from": self.old.to_json(), "to": self.new.to_json(), "diff": list(self.diff)}


@dataclass(frozen=True, slots=True)
class ReleaseRef:
    """One of the two releases compared."""

    version: str
    snapshot_id: int

    def to_json(self) -> dict[str, Any]:
        return {"version": self.version, "snapshot_id": self.snapshot_id}


@dataclass(frozen=True, slots=True)
class ReleaseDiff:
    """What changed in a codebase's errors from release ``old`` to ``new``, each kind of change
    in the order of its place in the newer release (path, line, ID)."""

    repo: str
    old: ReleaseRef
    new: ReleaseRef
    added: tuple[DiffError, ...]  # in the newer release only: can raise now, could not before
    removed: tuple[DiffError, ...]
    reworded: tuple[Rewording, ...]
    type_changed: tuple[Change, ...]
    moved: tuple[Change, ...]  # to another file or function (a change of lines alone is none)

    def of_kind(self, kind: str) -> tuple[DiffError | Change, ...]:
        """The changes of one of ``CHANGE_KINDS`` (``KeyError`` for another name)."""
        kinds: dict[str, tuple[DiffError | Change, ...]] = {
            "added": self.added, "removed": self.removed, "reworded": self.reworded,
            "type_changed": self.type_changed, "moved": self.moved,
        }  # fmt: skip
        return kinds[kind]

    @property
    def counts(self) -> dict[str, int]:
        return {k: len(self.of_kind(k)) for k in CHANGE_KINDS}

    def to_json(self) -> dict[str, Any]:
        return {
            "repo": self.repo,
            "from": self.old.to_json(),
            "to": self.new.to_json(),
            "counts": self.counts,
            **{k: [it.to_json() for it in self.of_kind(k)] for k in CHANGE_KINDS},
        }


def diff_releases(store: Any, repo: str, old: str, new: str) -> ReleaseDiff:
    """Errors added, removed, reworded, type-changed and moved from release ``old`` to ``new``."""
    name = store.resolve_repo(repo)
    a, b = find_release(store, name, old), find_release(store, name, new)
    ensure_lineages(store, name)
    lineage = lineage_map(store, name)

    def by_lineage(recs: Sequence[PlacedError]) -> dict[str, PlacedError]:
        out: dict[str, PlacedError] = {}
        for r in sorted(recs, key=lambda r: (r.path, r.line, r.id)):
            out.setdefault(lineage.get(r.id, r.id), r)
        return out

    la, lb = by_lineage(snapshot_records(store, a.id)), by_lineage(snapshot_records(store, b.id))
    va, vb = a.version, b.version
    added = [DiffError.of(rec, vb) for key, rec in lb.items() if key not in la]
    removed = [DiffError.of(rec, va) for key, rec in la.items() if key not in lb]
    reworded: list[Rewording] = []
    type_changed: list[Change] = []
    moved: list[Change] = []
    for key, rec in la.items():
        to = lb.get(key)
        if to is None or to.id == rec.id:
            continue
        was, now = DiffError.of(rec, va), DiffError.of(to, vb)
        if rec.template != to.template:
            reworded.append(Rewording(was, now, tuple(wording_diff(rec.template, to.template))))
        if rec.exc_type != to.exc_type:
            type_changed.append(Change(was, now))
        if rec.path != to.path or rec.function != to.function:
            moved.append(Change(was, now))

    def in_order[T: DiffError | Change](items: list[T]) -> tuple[T, ...]:
        return tuple(sorted(items, key=lambda x: (x.new if isinstance(x, Change) else x).sort_key()))

    return ReleaseDiff(
        repo=name,
        old=ReleaseRef(va, a.id),
        new=ReleaseRef(vb, b.id),
        added=in_order(added),
        removed=in_order(removed),
        reworded=in_order(reworded),
        type_changed=in_order(type_changed),
        moved=in_order(moved),
    )
