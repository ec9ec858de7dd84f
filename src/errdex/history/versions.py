"""An error's versions: its lineage over the indexed releases as runs of releases, with each
rewording shown as a word diff. Read through ``Timeline`` (no SQLAlchemy), so ``errdex show``,
the page and ``/api/errors/{id}/history`` share it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from errdex.store.timeline import Site, Timeline

__all__ = [
    "Change",
    "ErrorHistory",
    "HistoryEvent",
    "Introduced",
    "LineRun",
    "Reintroduced",
    "Removed",
    "Segment",
    "error_history",
    "wording_diff",
]


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


@dataclass(frozen=True, slots=True)
class LineRun:
    """Consecutive releases in which an error stays on the same line."""

    first: str  # the run's first and last release (``from`` and ``to`` in JSON)
    last: str
    line: int

    def to_json(self) -> dict[str, Any]:
        return {"from": self.first, "to": self.last, "line": self.line}


@dataclass(frozen=True, slots=True)
class Segment:
    """Consecutive releases holding the same error ID, with its site in them."""

    error_id: str
    first: str  # first and last release of the run (``from`` and ``to`` in JSON)
    last: str
    kind: str
    exc_type: str
    template: str
    path: str
    function: str
    lines: tuple[LineRun, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "error_id": self.error_id, "from": self.first, "to": self.last, "kind": self.kind,
            "exc_type": self.exc_type, "template": self.template, "path": self.path,
            "function": self.function, "lines": [r.to_json() for r in self.lines],
        }  # fmt: skip


@dataclass(frozen=True, slots=True)
class Introduced:
    version: str
    earliest_indexed: bool  # first seen in the oldest release indexed: it may be older still
    kind: str = "introduced"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "version": self.version, "earliest_indexed": self.earliest_indexed}


@dataclass(frozen=True, slots=True)
class Removed:
    version: str
    error_id: str  # the lineage's last error before the release that lost it
    kind: str = "removed"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "version": self.version, "error_id": self.error_id}


@dataclass(frozen=True, slots=True)
class Reintroduced:
    version: str
    kind: str = "reintroduced"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "version": self.version}


@dataclass(frozen=True, slots=True)
class Change:
    """A change between two consecutive errors of a lineage: ``kind`` is ``reworded`` (with
    ``diff``, the word diff of the templates), ``type-changed`` or ``moved``."""

    kind: str
    version: str
    from_id: str
    to_id: str
    old: str
    new: str
    diff: tuple[tuple[str, str], ...] | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"version": self.version, "from_id": self.from_id, "to_id": self.to_id}
        out |= {"kind": self.kind, "old": self.old, "new": self.new}
        if self.diff is not None:
            out["diff"] = list(self.diff)
        return out


HistoryEvent = Introduced | Removed | Reintroduced | Change


@dataclass(frozen=True, slots=True)
class ErrorHistory:
    """The lineage of an error across every indexed release of its codebase; ``to_json`` is the
    shape of ``/api/errors/{id}/history`` and of ``history`` in ``errdex show --json``."""

    error_id: str
    repo: str
    releases: tuple[str, ...]  # every indexed release of the codebase, oldest first
    segments: tuple[Segment, ...]
    events: tuple[HistoryEvent, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "error_id": self.error_id,
            "repo": self.repo,
            "releases": list(self.releases),
            "segments": [s.to_json() for s in self.segments],
            "events": [e.to_json() for e in self.events],
        }


@dataclass(slots=True)
class _Open:
    """A segment while the releases are walked: still growing while ``open``."""

    site: Site
    first: str
    last: str
    lines: list[LineRun]
    open: bool = True

    def frozen(self) -> Segment:
        s = self.site
        return Segment(
            s.error_id, self.first, self.last, s.kind, s.exc_type, s.template, s.path, s.function,
            tuple(self.lines),
        )  # fmt: skip


def error_history(timeline: Timeline, error_id: str, repo: str) -> ErrorHistory:
    """The lineage of an error across every indexed release of its codebase (full name).

    ``segments``: consecutive releases holding the same error ID, with its site and the line in
    each run of releases; ``events``: introduced, reworded (old -> new template, with the word
    diff), type-changed, moved (file or function), removed, reintroduced.
    """
    releases = timeline.releases(repo)
    by_snap: dict[int, list[Site]] = {}
    for p in timeline.lineage_sites(error_id):
        by_snap.setdefault(p.snapshot_id, []).append(p)
    segments: list[_Open] = []
    events: list[HistoryEvent] = []
    for snap in releases:
        here = by_snap.get(snap.snapshot_id, [])
        last = segments[-1] if segments else None
        if not here:
            if last is not None and last.open:
                last.open = False
                events.append(Removed(snap.version, last.site.error_id))
            continue
        # one error of the lineage per release; the one asked about wins a (rare) tie
        cur = min(here, key=lambda p: (p.error_id != error_id, p.error_id))
        if last is not None and last.open and last.site.error_id == cur.error_id:
            last.last = snap.version
            run = last.lines[-1]
            if run.line == cur.line:
                last.lines[-1] = LineRun(run.first, snap.version, run.line)
            else:
                last.lines.append(LineRun(snap.version, snap.version, cur.line))
            continue
        if last is None:
            events.append(Introduced(snap.version, snap.snapshot_id == releases[0].snapshot_id))
        elif not last.open:
            events.append(Reintroduced(snap.version))
        else:
            events.extend(_changes(last.site, cur, snap.version))
            last.open = False
        segments.append(
            _Open(cur, snap.version, snap.version, [LineRun(snap.version, snap.version, cur.line)])
        )
    return ErrorHistory(
        error_id, repo, tuple(r.version for r in releases), tuple(s.frozen() for s in segments), tuple(events)
    )


def _changes(old: Site, new: Site, version: str) -> list[Change]:
    """What changed from one error of a lineage to the next, as events of release ``version``."""
    out: list[Change] = []
    ids = (version, old.error_id, new.error_id)
    if old.template != new.template:
        diff = tuple(wording_diff(old.template, new.template))
        out.append(Change("reworded", *ids, old.template, new.template, diff))
    if old.exc_type != new.exc_type:
        out.append(Change("type-changed", *ids, old.exc_type, new.exc_type))
    if old.path != new.path or old.function != new.function:
        out.append(Change("moved", *ids, f"{old.path} in {old.function}", f"{new.path} in {new.function}"))
    return out
