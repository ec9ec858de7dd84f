"""errdex: the error index for Python libraries.

``errdex.explain(text)`` finds the raise site of a pasted error message or traceback in the
catalogue built by ``errdex index``. Stages live in subpackages: sources, extract, store, match,
analysis, views, web and cli.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

__version__ = "0.1.0"

if TYPE_CHECKING:
    from errdex.match import Match


def explain(text: str, db: str | None = None, repo: str | None = None, limit: int = 10) -> list[Match]:
    """Candidates for the raise site of ``text``, best first; empty when nothing matches."""
    from errdex.match import explain as _explain

    return _explain(text, db=db, repo=repo, limit=limit)
