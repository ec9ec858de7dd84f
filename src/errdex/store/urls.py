"""Where the catalogue lives, and the store's user-facing error: no SQLAlchemy needed here.

Kept apart from ``sql.py`` so that the fast read path (``fast.py``) and the CLI can name the
catalogue and report problems without paying for importing SQLAlchemy.
"""

from __future__ import annotations

import os
from pathlib import Path


class StoreError(Exception):
    """A catalogue problem the user can act on (bad URL, unknown repo, newer schema)."""


def default_db_url() -> str:
    """``ERRDEX_DB`` if set (a path or a SQLAlchemy URL), else a file in the user data dir."""
    env = os.environ.get("ERRDEX_DB")
    if env:
        return to_url(env)
    import platformdirs

    path = Path(platformdirs.user_data_dir("errdex")) / "errdex.db"
    return to_url(str(path))


def to_url(db: str) -> str:
    """Accept a plain file path as well as a URL: users type paths, SQLAlchemy wants URLs."""
    if "://" in db:
        return db
    path = Path(db).expanduser().resolve()
    path.parent.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{path}"
