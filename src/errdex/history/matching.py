"""A match placed in its codebase's history: which releases raise that exact message, which
release a traceback's line numbers point to, and where the same error lives in the newest
indexed release (or the one the user names).

A message in an older wording matches the older error, whose ID only the releases that had
that wording hold; its lineage then leads to the error as it reads today.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from errdex.store.timeline import Release, Site, Timeline

__all__ = [
    "Detected",
    "Placement",
    "Target",
    "UnknownRelease",
    "history_text",
    "place_in_history",
    "ranges",
]


def ranges(held: Sequence[str], order: Sequence[str]) -> list[str]:
    """``["0.4.20–0.4.31", "0.5.2"]``: the runs of consecutive releases (in ``order``) in ``held``."""
    have = set(held)
    out: list[str] = []
    run: list[str] = []
    for v in order:
        if v in have:
            run.append(v)
            continue
        if run:
            out.append(run[0] if len(run) == 1 else f"{run[0]}–{run[-1]}")
            run = []
    if run:
        out.append(run[0] if len(run) == 1 else f"{run[0]}–{run[-1]}")
    return out


def _norm(path: str) -> str:
    return path.replace("\\", "/")


@dataclass(frozen=True, slots=True)
class Detected:
    """The releases whose line for the error fits the traceback's innermost frame in its file."""

    frame: str  # ``path:line`` of that frame
    versions: tuple[str, ...]
    ranges: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"frame": self.frame, "versions": list(self.versions), "ranges": list(self.ranges)}


@dataclass(frozen=True, slots=True)
class Target:
    """The error of the match's lineage in one release (the newest, or the one asked for):
    ``site`` where it is there, else ``last``, the last release that had it."""

    version: str
    newest: bool
    site: Site | None
    same: bool = False  # the site is the matched error itself (same ID)
    last: str | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"version": self.version, "newest": self.newest}
        t = self.site
        if t is None:
            return out | {"absent": True, "last": self.last}
        return out | {
            "id": t.error_id, "path": t.path, "line": t.line, "function": t.function,
            "exc_type": t.exc_type, "template": t.template, "same": self.same,
        }  # fmt: skip


@dataclass(frozen=True, slots=True)
class Placement:
    """A match placed in its codebase's history (see the module docstring)."""

    releases: tuple[str, ...]  # the indexed releases that hold this exact error
    ranges: tuple[str, ...]
    indexed: int  # how many releases of the codebase are indexed
    detected: Detected | None  # None when no frame of the traceback is in the error's file
    target: Target

    @property
    def every_release(self) -> bool:
        return len(self.releases) == self.indexed

    def to_json(self) -> dict[str, Any]:
        return {
            "releases": list(self.releases),
            "ranges": list(self.ranges),
            "indexed": self.indexed,
            "every_release": self.every_release,
            "detected": None if self.detected is None else self.detected.to_json(),
            "target": self.target.to_json(),
        }


@dataclass(frozen=True, slots=True)
class UnknownRelease:
    """The release asked for is not indexed: what to tell the user instead."""

    error: str

    def to_json(self) -> dict[str, Any]:
        return {"error": self.error}


def _detect(sites: list[Site], frames: Sequence[Any], order: list[str]) -> Detected | None:
    """The releases whose line for this error fits the traceback's frame in its file.

    The innermost frame in the error's file decides: a release fits when the frame's line falls
    on the raise (``line``..``end_line``) and, when the frame names a function, the error's
    function ends with that name. None when no frame points into the error's file.
    """
    if not sites:
        return None
    path = sites[0].path
    for f in reversed(list(frames)):
        fp = _norm(getattr(f, "path", "") or "")
        line = getattr(f, "line", None)
        if line is None or not (fp == path or fp.endswith("/" + path)):
            continue
        func = getattr(f, "function", None)
        fits = [
            s.version
            for s in sites
            if s.line <= line <= s.end_line
            and (not func or s.function.rpartition(".")[2] == func.rpartition(".")[2])
        ]
        fits.sort(key=order.index)
        return Detected(f"{path}:{line}", tuple(fits), tuple(ranges(fits, order)))
    return None


def place_in_history(
    timeline: Timeline, error_id: str, repo: str, frames: Sequence[Any] = (), version: str | None = None
) -> Placement | UnknownRelease | None:
    """The history facts of one match (see the module docstring); None when its codebase has a
    single indexed release and no release was asked for."""
    releases: list[Release] = timeline.releases(repo)
    if len(releases) < 2 and version is None:
        return None
    order = [r.version for r in releases]
    sites = [s for s in timeline.sites(error_id) if s.version in order]
    held = sorted({s.version for s in sites}, key=order.index)
    if version is not None and version not in order:
        return UnknownRelease(f"no release {version!r} of {repo} is indexed (indexed: {', '.join(order)})")
    target_version = version or order[-1]
    target_snap = releases[order.index(target_version)].snapshot_id
    lineage = timeline.lineage_sites(error_id)
    there = sorted(
        (s for s in lineage if s.snapshot_id == target_snap),
        key=lambda s: (s.error_id != error_id, s.error_id),
    )
    newest = target_version == order[-1]
    if there:
        target = Target(target_version, newest, there[0], same=there[0].error_id == error_id)
    else:
        lineage_versions = sorted({s.version for s in lineage}, key=order.index)
        target = Target(target_version, newest, None, last=lineage_versions[-1] if lineage_versions else None)
    return Placement(
        tuple(held), tuple(ranges(held, order)), len(order), _detect(sites, frames, order), target
    )


def history_text(h: Placement | UnknownRelease) -> list[str]:
    """The facts above as lines for ``errdex explain``."""
    if isinstance(h, UnknownRelease):
        return [h.error]
    out = []
    span = ", ".join(h.ranges) or "none"
    out.append(
        f"this wording: releases {span}"
        + (" (every indexed release)" if h.every_release else f" ({len(h.releases)} of {h.indexed} indexed)")
    )
    d = h.detected
    if d:
        out.append(
            f"your traceback ({d.frame}) fits {', '.join(d.ranges)}"
            if d.versions
            else f"your traceback ({d.frame}) fits no indexed release of this error"
        )
    t = h.target
    label = f"{t.version}" + (" (newest indexed)" if t.newest else "")
    if t.site is None:
        out.append(f"in {label}: gone" + (f" (last in {t.last})" if t.last else ""))
    elif t.same:
        out.append(f"in {label}: unchanged, {t.site.path}:{t.site.line} in {t.site.function}")
    else:
        out.append(f"in {label}: {t.site.error_id} {t.site.path}:{t.site.line} in {t.site.function}")
        out.append(f"  reads: {t.site.exc_type}: {t.site.template}")
    return out
