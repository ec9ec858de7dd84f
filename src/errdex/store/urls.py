"""Where the catalogue lives, and the store's user-facing error: no SQLAlchemy needed here.

Kept apart from ``sql.py`` so that the fast read path (``fast.py``) and the CLI can name the
catalogue and report problems without paying for importing SQLAlchemy.

Naming a catalogue never creates anything: a read command given a mistyped ``--db`` must say
"no catalogue at PATH", not leave an empty database (or a directory) behind. Only a writer
creates the file's directory, when it opens the catalogue for writing.
"""

from __future__ import annotations

import os
from pathlib import Path

from errdex.store.errors import StoreError
from errdex.textsafe import redact_url

__all__ = ["StoreError", "default_db_url", "describe", "sqlite_file", "to_url"]

_SQLITE_PREFIX = "sqlite:///"


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
    return f"{_SQLITE_PREFIX}{Path(db).expanduser().resolve()}"


def sqlite_file(url: str) -> Path | None:
    """The file of a SQLite catalogue URL (None for in-memory and other databases)."""
    if not url.startswith(_SQLITE_PREFIX):
        return None
    rest = url.removeprefix(_SQLITE_PREFIX).split("?", 1)[0]
    return Path(rest) if rest and rest != ":memory:" else None


def describe(url: str) -> str:
    """How messages name a catalogue: its path, or its URL without credentials."""
    path = sqlite_file(url)
    return str(path) if path is not None else redact_url(url)
