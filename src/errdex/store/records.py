"""What reads from the catalogue return, and what they know about themselves.

No SQLAlchemy here: the fast read path, the analysis and the front ends import these types
without paying for it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from errdex.model import CatalogueEntry
    from errdex.store.facts import FactReader
    from errdex.store.timeline import Timeline

__all__ = ["CatalogueReader", "permalink"]


class CatalogueReader(Protocol):
    """What every reader of a catalogue offers: the matcher, the views, the analysis and the pages.

    Two classes implement it, each explicitly: ``errdex.store.sql.Store`` (SQLAlchemy; SQLite
    or PostgreSQL) and ``errdex.store.fast.SQLiteReader`` (plain ``sqlite3`` for a cold
    ``errdex show`` or ``explain``), which answers the hot reads itself and hands the rest to a
    ``Store`` it opens on first need. Both return the same shapes for the same catalogue.
    """

    url: str  # the catalogue's URL, credentials included: never shown unredacted

    @property
    def facts(self) -> FactReader:
        """The code facts the extractor stored, read by the analysis stage."""
        ...

    @property
    def timeline(self) -> Timeline:
        """A codebase's releases in release order and each error's lineage across them: the
        Versions section, ``/api/errors/{id}/history`` and ``errdex explain`` across releases."""
        ...

    def generation(self) -> str:
        """Changes whenever a snapshot is written or removed; derived artifacts are keyed by it."""
        ...

    def get_artifact(self, name: str) -> bytes | None:
        """A derived blob (the match index), only if built for the current generation."""
        ...

    def put_artifact(self, name: str, data: bytes) -> None:
        """Save a derived blob; a ``StoreError`` of kind "readonly" when the handle cannot write."""
        ...

    def iter_entries(self, repo: str | None = None) -> Iterator[CatalogueEntry]:
        """Every (error, snapshot) occurrence: what the matcher indexes."""
        ...

    def resolve_repo(self, name: str) -> str:
        """The full name of the codebase ``name`` designates (owner/repo or project name)."""
        ...

    def repos(self) -> list[dict[str, Any]]:
        """Every codebase with its snapshots."""
        ...

    def snapshot(self, snapshot_id: int) -> dict[str, Any]:
        """One snapshot's identity and statistics."""
        ...

    def list_errors(
        self,
        repo: str | None = None,
        exc_type: str | None = None,
        path: str | None = None,
        kind: str | None = None,
        limit: int | None = None,
        offset: int = 0,
    ) -> tuple[int, list[dict[str, Any]]]:
        """Errors of the latest snapshot that has each, filtered: (total, page)."""
        ...

    def get_error(self, error_id: str) -> dict[str, Any] | None:
        """One error with every occurrence (oldest first), or None."""
        ...

    def error_source(self, error_id: str, version: str) -> tuple[int, int, str] | None:
        """(line, end line, file text) of an error's raise in one version."""
        ...

    def file_text(self, snapshot_id: int, path: str) -> str | None:
        """A stored file of a snapshot, decoded."""
        ...

    def expectations_for(self, error_id: str) -> list[dict[str, Any]]:
        """The tests linked to an error at index time."""
        ...

    def get_analysis(self, error_id: str, snapshot_id: int, model: str, prompt_version: str) -> Any:
        """A cached model answer for (error, snapshot, model, prompt version), or None."""
        ...


def permalink(version: dict[str, Any], path: str, start: int, end: int) -> dict[str, Any] | None:
    """A link pinned to the exact code, or None when no forge URL is known.

    Git snapshots pin the commit. PyPI snapshots pin the release tag only when the source stage
    learned it from the metadata; otherwise we do not guess a tag (a wrong link is worse than
    none) and the page links the file as indexed instead.
    """
    url = (version.get("source_url") or "").rstrip("/")
    if not url.startswith("https://"):
        return None
    ref = version.get("commit") if version.get("kind") == "git" else version.get("tag")
    if not ref:
        return None
    anchor = f"#L{start}-L{end}" if end > start else f"#L{start}"
    label = ref[:10] if version.get("kind") == "git" else ref
    return {"url": f"{url}/blob/{ref}/{path}{anchor}", "ref": ref, "label": label}
