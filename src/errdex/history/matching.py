"""A match placed in its codebase's history: which releases raise that exact message, which
release a traceback's line numbers point to, and where the same error lives in the newest
indexed release (or the one the user names).

A message in an older wording matches the older error, whose ID only the releases that had
that wording hold; its lineage then leads to the error as it reads today.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from errdex.store.timeline import Release, Site, Timeline

__all__ = ["history_text", "place_in_history", "ranges"]


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


def _detect(sites: list[Site], frames: Sequence[Any], order: list[str]) -> dict[str, Any] | None:
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
        return {"frame": f"{path}:{line}", "versions": fits, "ranges": ranges(fits, order)}
    return None


def place_in_history(
    timeline: Timeline, error_id: str, repo: str, frames: Sequence[Any] = (), version: str | None = None
) -> dict[str, Any] | None:
    """The history facts of one match (see the module docstring); None when its codebase has a
    single indexed release and no release was asked for."""
    releases: list[Release] = timeline.releases(repo)
    if len(releases) < 2 and version is None:
        return None
    order = [r.version for r in releases]
    sites = [s for s in timeline.sites(error_id) if s.version in order]
    held = sorted({s.version for s in sites}, key=order.index)
    if version is not None and version not in order:
        return {"error": f"no release {version!r} of {repo} is indexed (indexed: {', '.join(order)})"}
    target_version = version or order[-1]
    target_snap = releases[order.index(target_version)].snapshot_id
    lineage = timeline.lineage_sites(error_id)
    there = sorted(
        (s for s in lineage if s.snapshot_id == target_snap),
        key=lambda s: (s.error_id != error_id, s.error_id),
    )
    target: dict[str, Any] = {"version": target_version, "newest": target_version == order[-1]}
    if there:
        t = there[0]
        target |= {
            "id": t.error_id, "path": t.path, "line": t.line, "function": t.function,
            "exc_type": t.exc_type, "template": t.template, "same": t.error_id == error_id,
        }  # fmt: skip
    else:
        lineage_versions = sorted({s.version for s in lineage}, key=order.index)
        target |= {"absent": True, "last": lineage_versions[-1] if lineage_versions else None}
    return {
        "releases": held,
        "ranges": ranges(held, order),
        "indexed": len(order),
        "every_release": len(held) == len(order),
        "detected": _detect(sites, frames, order),
        "target": target,
    }


def history_text(h: dict[str, Any]) -> list[str]:
    """The facts above as lines for ``errdex explain``."""
    if "error" in h:
        return [h["error"]]
    out = []
    span = ", ".join(h["ranges"]) or "none"
    out.append(
        f"this wording: releases {span}"
        + (
            " (every indexed release)"
            if h["every_release"]
            else f" ({len(h['releases'])} of {h['indexed']} indexed)"
        )
    )
    d = h.get("detected")
    if d:
        out.append(
            f"your traceback ({d['frame']}) fits {', '.join(d['ranges'])}"
            if d["versions"]
            else f"your traceback ({d['frame']}) fits no indexed release of this error"
        )
    t = h["target"]
    label = f"{t['version']}" + (" (newest indexed)" if t["newest"] else "")
    if t.get("absent"):
        out.append(f"in {label}: gone" + (f" (last in {t['last']})" if t.get("last") else ""))
    elif t["same"]:
        out.append(f"in {label}: unchanged, {t['path']}:{t['line']} in {t['function']}")
    else:
        out.append(f"in {label}: {t['id']} {t['path']}:{t['line']} in {t['function']}")
        out.append(f"  reads: {t['exc_type']}: {t['template']}")
    return out
