"""Plain-text forms of a lineage and a release diff, for the terminal (callers escape them)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from errdex.history.versions import Change, Removed

if TYPE_CHECKING:
    from errdex.history.diff import DiffError, ReleaseDiff
    from errdex.history.versions import ErrorHistory

__all__ = ["diff_lines", "history_lines", "marked_diff", "version_ranges"]

_TITLES = {
    "added": "added (can raise now, could not before)",
    "removed": "removed",
    "reworded": "reworded",
    "type_changed": "exception type changed",
    "moved": "moved to another file or function",
}


def marked_diff(ops: Sequence[tuple[str, str]] | Sequence[list[str]]) -> str:
    """A word diff as one line: ``[-old-]{+new+}`` around what changed (as ``git diff --word-diff``)."""
    out = []
    for op, text in ops:
        out.append(text if op == "=" else f"[-{text}-]" if op == "-" else f"{{+{text}+}}")
    return "".join(out)


def _site(e: DiffError) -> str:
    return f"{e.path}:{e.line} in {e.function}"


def diff_lines(d: ReleaseDiff) -> list[str]:
    """``errdex diff`` as text: a count line, then each kind of change with both sides' IDs."""
    from errdex.history.diff import DiffError, Rewording  # the diff's own imports: not for `show`

    counts = ", ".join(f"{n} {k.replace('_', '-')}" for k, n in d.counts.items())
    lines = [f"{d.repo} {d.old.version} -> {d.new.version}: {counts}"]
    for kind, title in _TITLES.items():
        items = d.of_kind(kind)
        if not items:
            continue
        lines.append("")
        lines.append(f"{title} ({len(items)}):")
        for it in items:
            if isinstance(it, DiffError):  # added or removed
                lines.append(f"  {it.id}  {it.exc_type}: {it.template}")
                lines.append(f"      {_site(it)}")
                continue
            a, b = it.old, it.new
            lines.append(
                f"  {a.id} -> {b.id}  {a.exc_type}" + (f" -> {b.exc_type}" if kind == "type_changed" else "")
            )
            if isinstance(it, Rewording) and kind == "reworded":
                lines.append(f"      {marked_diff(it.diff)}")
            else:
                lines.append(f"      {b.template}")
            lines.append(f"      {_site(a)} -> {_site(b)}" if kind == "moved" else f"      {_site(b)}")
    return lines


def version_ranges(history: ErrorHistory) -> list[str]:
    """The lineage as ``0.4.20–0.4.31 line 811 · reworded in 0.5.0 · 0.5.0–0.10.2 line 842``."""
    parts: list[str] = []
    events = {(e.version, e.kind) for e in history.events}
    for seg in history.segments:
        changes = [
            k
            for v, k in sorted(events)
            if v == seg.first and k in ("reworded", "type-changed", "moved", "reintroduced")
        ]
        if changes:
            parts.append(f"{' and '.join(changes)} in {seg.first}")
        for run in seg.lines:
            span = run.first if run.first == run.last else f"{run.first}–{run.last}"
            parts.append(f"{span} line {run.line}")
    for e in history.events:
        if isinstance(e, Removed):
            parts.append(f"removed in {e.version}")
    return parts


def history_lines(history: ErrorHistory) -> list[str]:
    """The Versions section of an error page as text: the ranges line, then each rewording as a
    word diff, each move and type change as old -> new, then the releases indexed."""
    lines = [" · ".join(version_ranges(history))]
    for e in history.events:
        if not isinstance(e, Change):
            continue
        if e.diff is not None:
            lines.append(f"reworded in {e.version}: {marked_diff(e.diff)}")
        else:
            lines.append(f"{e.kind} in {e.version}: {e.old} -> {e.new}")
    lines.append(f"releases indexed: {', '.join(history.releases)}")
    return lines
