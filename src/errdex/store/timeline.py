"""Which releases hold an error, in release order, and where its lineage sits in another one.

Plain SQL text with ``:name`` parameters, run by ``FactReader``'s kind of runner, so both the
full store (SQLite, PostgreSQL) and the SQLAlchemy-free fast reader answer it: ``errdex
explain`` names the releases of a match without paying SQLAlchemy's import.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from errdex.store.facts import Run

if TYPE_CHECKING:
    from packaging.version import Version

__all__ = ["Release", "Timeline", "version_key"]


def version_key(version: str) -> tuple[int, Version, str]:
    """Release order: PEP 440 versions in version order; anything else after, by name."""
    from packaging.version import InvalidVersion, Version

    text = version
    for cut in range(len(text)):  # a tag's prefix ("jax-v0.4.30") is not part of the version
        if text[cut].isdigit():
            try:
                return (0, Version(text[cut:]), version)
            except InvalidVersion:
                break
    return (1, Version("0"), version)


@dataclass(frozen=True, slots=True)
class Release:
    snapshot_id: int
    version: str
    date: str | None


@dataclass(frozen=True, slots=True)
class Site:
    """An error of a lineage as it sits in one release."""

    error_id: str
    snapshot_id: int
    version: str
    kind: str
    exc_type: str
    template: str
    path: str
    function: str
    line: int
    end_line: int


class Timeline:
    """Reads over one catalogue through ``run`` (see the module docstring)."""

    def __init__(self, run: Run) -> None:
        self.run = run

    def releases(self, repo: str) -> list[Release]:
        """Every snapshot of a codebase (full name), oldest release first."""
        rows = self.run(
            "SELECT s.id, s.version, s.date FROM snapshots s JOIN repos r ON r.id = s.repo_id WHERE r.name = :repo",
            {"repo": repo},
        )
        out = [Release(int(i), str(v), d) for i, v, d in rows]
        return sorted(out, key=lambda r: (*version_key(r.version)[:2], r.date or "", r.snapshot_id))

    def snapshot_of(self, repo: str, version: str) -> int | None:
        """The snapshot that answers for ``version`` of ``repo``: the last stored of that version
        (two folders or refs can carry one version label), the one ``error_source`` reads, so a
        call answer's code and its enclosing function come from the same file. None if none."""
        found = [r.snapshot_id for r in self.releases(repo) if r.version == version]
        return found[-1] if found else None

    def sites(self, error_id: str) -> list[Site]:
        """Where this error sits in each release that holds it (first occurrence per release)."""
        return self._sites("o.error_id = :id", {"id": error_id})

    def lineage_sites(self, error_id: str) -> list[Site]:
        """Every error of this error's lineage in every release (the error alone without one)."""
        rows = self.run("SELECT lineage FROM error_lineage WHERE error_id = :id", {"id": error_id})
        if not rows:
            return self.sites(error_id)
        return self._sites(
            "o.error_id IN (SELECT error_id FROM error_lineage WHERE lineage = :lin)", {"lin": rows[0][0]}
        )

    def _sites(self, where: str, params: dict[str, Any]) -> list[Site]:
        rows = self.run(
            "SELECT e.id, o.snapshot_id, s.version, e.kind, e.exc_type, e.template, e.path, e.function, "
            "MIN(o.line), MIN(o.end_line) FROM occurrences o JOIN errors e ON e.id = o.error_id "
            f"JOIN snapshots s ON s.id = o.snapshot_id WHERE {where} "
            "GROUP BY e.id, o.snapshot_id, s.version, e.kind, e.exc_type, e.template, e.path, e.function",
            params,
        )
        return [
            Site(str(a), int(b), str(c), str(d), str(e), str(f), str(g), str(h), int(i), int(j))
            for a, b, c, d, e, f, g, h, i, j in rows
        ]
