"""An error's versions: its lineage over the indexed releases as runs of releases, with each
rewording shown as a word diff. Read through ``Timeline`` (no SQLAlchemy), so ``errdex show``,
the page and ``/api/errors/{id}/history`` share it.
"""

from __future__ import annotations

from typing import Any

from errdex.store.timeline import Site, Timeline

__all__ = ["error_history", "wording_diff"]


def wording_diff(old: str, new: str) -> list[tuple[str, str]]:
    """``[(op, text)]`` with op ``=``, ``-`` or ``+``: the word-level change between two
    templates (white space kept), for pages and the CLI. Bounded: past 2,000 words a side the
    rest is one replaced run."""
    from difflib import SequenceMatcher

    a, b = _words(old), _words(new)
    cap = 2000
    tail_a, tail_b = "".join(a[cap:]), "".join(b[cap:])
    sm = SequenceMatcher(None, a[:cap], b[:cap], autojunk=False)
    out: list[tuple[str, str]] = []
    for op, i1, i2, j1, j2 in sm.get_opcodes():
        if op == "equal":
            out.append(("=", "".join(a[i1:i2])))
            continue
        if i2 > i1:
            out.append(("-", "".join(a[i1:i2])))
        if j2 > j1:
            out.append(("+", "".join(b[j1:j2])))
    if tail_a:
        out.append(("-", tail_a))
    if tail_b:
        out.append(("+", tail_b))
    return out


def _words(text: str) -> list[str]:
    """Runs of white space and runs of anything else, in order (no regex: plain scanning)."""
    out: list[str] = []
    start = 0
    for i in range(1, len(text) + 1):
        if i == len(text) or text[i].isspace() != text[start].isspace():
            out.append(text[start:i])
            start = i
    return out


def error_history(timeline: Timeline, error_id: str, repo: str) -> dict[str, Any]:
    """The lineage of an error across every indexed release of its codebase (full name).

    ``segments``: consecutive releases holding the same error ID, with its site and the line in
    each run of releases; ``events``: introduced, reworded (old -> new template, with the word
    diff), type-changed, moved (file or function), removed, reintroduced.
    """
    releases = timeline.releases(repo)
    by_snap: dict[int, list[Site]] = {}
    for p in timeline.lineage_sites(error_id):
        by_snap.setdefault(p.snapshot_id, []).append(p)
    segments: list[dict[str, Any]] = []
    events: list[dict[str, Any]] = []
    for snap in releases:
        here = by_snap.get(snap.snapshot_id, [])
        last = segments[-1] if segments else None
        if not here:
            if last is not None and last["open"]:
                last["open"] = False
                events.append({"kind": "removed", "version": snap.version, "error_id": last["error_id"]})
            continue
        # one error of the lineage per release; the one asked about wins a (rare) tie
        cur = min(here, key=lambda p: (p.error_id != error_id, p.error_id))
        if last is not None and last["open"] and last["error_id"] == cur.error_id:
            last["to"] = snap.version
            runs = last["lines"]
            if runs[-1]["line"] == cur.line:
                runs[-1]["to"] = snap.version
            else:
                runs.append({"from": snap.version, "to": snap.version, "line": cur.line})
            continue
        if last is None:
            events.append(
                {"kind": "introduced", "version": snap.version,
                 "earliest_indexed": snap.snapshot_id == releases[0].snapshot_id}
            )  # fmt: skip
        elif not last["open"]:
            events.append({"kind": "reintroduced", "version": snap.version})
        else:
            events.extend(_changes(last, cur, snap.version))
            last["open"] = False
        segments.append(
            {
                "error_id": cur.error_id, "from": snap.version, "to": snap.version, "kind": cur.kind,
                "exc_type": cur.exc_type, "template": cur.template, "path": cur.path,
                "function": cur.function, "open": True,
                "lines": [{"from": snap.version, "to": snap.version, "line": cur.line}],
            }
        )  # fmt: skip
    for seg in segments:
        seg.pop("open")
    return {
        "error_id": error_id,
        "repo": repo,
        "releases": [r.version for r in releases],
        "segments": segments,
        "events": events,
    }


def _changes(old: dict[str, Any], new: Site, version: str) -> list[dict[str, Any]]:
    """What changed from one error of a lineage to the next, as events of release ``version``."""
    out: list[dict[str, Any]] = []
    base = {"version": version, "from_id": old["error_id"], "to_id": new.error_id}
    if old["template"] != new.template:
        out.append(
            base | {"kind": "reworded", "old": old["template"], "new": new.template,
                    "diff": wording_diff(old["template"], new.template)}
        )  # fmt: skip
    if old["exc_type"] != new.exc_type:
        out.append(base | {"kind": "type-changed", "old": old["exc_type"], "new": new.exc_type})
    if old["path"] != new.path or old["function"] != new.function:
        out.append(
            base | {"kind": "moved", "old": f"{old['path']} in {old['function']}",
                    "new": f"{new.path} in {new.function}"}
        )  # fmt: skip
    return out
