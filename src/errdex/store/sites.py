"""Raise sites by where they are in a file whose exact content is known.

A running program knows the file and line of the frame that raised, and the file's bytes are on
disk: when a stored snapshot holds a file with that path and that content (its ``blob_sha`` is
the SHA-256 of the bytes), its records at that line are the raise site, with no text matching
at all. The statement is plain text with ``:name`` parameters (like ``facts``), so the fast
SQLite reader and the full store (SQLite or PostgreSQL) run the very same SQL.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from errdex.jsontext import json_column

if (
    TYPE_CHECKING
):  # ``store.facts`` and ``store.detail`` bring the record classes: the hooks import this alone
    from errdex.store.facts import Run

__all__ = ["SiteRow", "has_package", "has_snapshots", "raise_sites"]

# files -> the codebase's errors of that path (indexed) -> held by the snapshot -> occurrences:
# proportional to the errors of one file, never to the catalogue
_SITES_SQL = (
    "select e.id, r.name, s.version, e.kind, e.exc_type, e.template, e.path, e.function, "
    "o.line, o.end_line, o.guards, o.relay, e.segments "
    "from files f "
    "join snapshots s on s.id = f.snapshot_id "
    "join repos r on r.id = s.repo_id "
    "join errors e on e.repo_id = s.repo_id and e.path = f.path "
    "join snapshot_errors se on se.snapshot_id = f.snapshot_id and se.error_id = e.id "
    "join occurrences o on o.error_id = e.id and o.snapshot_id = f.snapshot_id "
    "where f.path = :path and f.blob_sha = :sha and o.line <= :line and o.end_line >= :line "
    "order by s.id desc, o.line, e.id limit 64"  # variants of one statement; more is a crafted catalogue
)


@dataclass(frozen=True, slots=True)
class SiteRow:
    """One record whose statement spans the asked line, in a snapshot holding that exact file."""

    id: str
    repo: str
    version: str
    kind: str
    exc_type: str
    template: str
    path: str
    function: str
    line: int
    end_line: int
    guards: list[str]
    relay: bool
    segments: list[str]


def raise_sites(run: Run, path: str, sha256: str, line: int) -> list[SiteRow]:
    """The records at ``path:line`` of every snapshot whose ``path`` has content ``sha256``."""
    out: list[SiteRow] = []
    for row in run(_SITES_SQL, {"path": path, "sha": sha256, "line": int(line)}):
        guards, segments = json_column(row[10]), json_column(row[12])
        out.append(
            SiteRow(
                id=str(row[0]), repo=str(row[1]), version=str(row[2]), kind=str(row[3]),
                exc_type=str(row[4]), template=str(row[5]), path=str(row[6]), function=str(row[7]),
                line=int(row[8]), end_line=int(row[9]),
                guards=[str(g) for g in guards] if isinstance(guards, list) else [],
                relay=bool(row[11]),
                segments=[str(x) for x in segments] if isinstance(segments, list) else [],
            )
        )  # fmt: skip
    return out


_PACKAGE_SQL = "select 1 from files where path = :module or (path >= :lo and path < :hi) limit 1"


def has_package(run: Run, top: str) -> bool:
    """Whether any snapshot holds top-level package or module ``top`` (``top/...`` or ``top.py``)."""
    # "/" + 1 is "0": every path below ``top/`` sorts in [top/, top0)
    return bool(run(_PACKAGE_SQL, {"module": f"{top}.py", "lo": f"{top}/", "hi": f"{top}0"}))


def has_snapshots(run: Run) -> bool:
    """Whether the catalogue holds anything at all."""
    return bool(run("select 1 from snapshots limit 1", {}))
