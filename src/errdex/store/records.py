"""What reads from the catalogue return, and what they know about themselves.

No SQLAlchemy here: the fast read path, the analysis and the front ends import these types
without paying for it.
"""

from __future__ import annotations

from typing import Any

__all__ = ["permalink"]


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
