"""The store's one user-facing error, and how database failures become one clear line.

A damaged file, a full disk, a read-only directory or a lost race with another writer each
surface from the driver as a different exception with a message written for database
developers (often with a traceback a hundred lines long). ``db_error`` turns any of them into a
``StoreError`` that names the catalogue (credentials removed), says what happened in words and
what to do, and carries the exit code the command line uses: ``2`` when what the user gave
cannot work (no catalogue there, not a catalogue, a URL errdex cannot use), ``1`` when the
catalogue or the machine failed (damaged, full, read-only, locked, unreachable).

No SQLAlchemy here: the fast read path and the CLI use it before SQLAlchemy is imported.
"""

from __future__ import annotations

from typing import Final

from errdex.textsafe import redact_url

__all__ = ["EXIT_FAILURE", "EXIT_USAGE", "StoreError", "db_error"]

EXIT_FAILURE: Final = 1  # the command was right, the catalogue or the machine failed
EXIT_USAGE: Final = 2  # what was given cannot work (path, URL, input)

# kind -> exit code; kinds are what callers branch on (a "conflict" is retried by the writer).
_CODES = {
    "missing": EXIT_USAGE,
    "not-catalogue": EXIT_USAGE,
    "bad-url": EXIT_USAGE,
    "driver": EXIT_USAGE,
    "corrupt": EXIT_FAILURE,
    "full": EXIT_FAILURE,
    "readonly": EXIT_FAILURE,
    "locked": EXIT_FAILURE,
    "conflict": EXIT_FAILURE,
    "unreachable": EXIT_FAILURE,
    "schema": EXIT_FAILURE,
    "io": EXIT_FAILURE,
    "other": EXIT_FAILURE,
}


class StoreError(Exception):
    """A catalogue problem the user can act on, in one line, with the exit code it deserves."""

    def __init__(self, message: str, *, kind: str = "other") -> None:
        # URLs in messages may carry a password (postgresql://user:pw@host/db).
        super().__init__(" ".join(redact_url(message).split()))
        self.kind = kind
        self.code = _CODES.get(kind, EXIT_FAILURE)


# SQLite result-code names (``sqlite3.Error.sqlite_errorname``, primary part) -> kind.
_SQLITE_KINDS = {
    "SQLITE_NOTADB": "not-catalogue",
    "SQLITE_CORRUPT": "corrupt",
    "SQLITE_FULL": "full",
    "SQLITE_READONLY": "readonly",
    "SQLITE_BUSY": "locked",
    "SQLITE_LOCKED": "locked",
    "SQLITE_CANTOPEN": "readonly",
    "SQLITE_IOERR": "io",
    "SQLITE_PERM": "readonly",
}
# Another writer got there first: the same row inserted under a unique key, or a read snapshot
# gone stale under a writer's commit. The writer retries these; other constraint failures are bugs.
_SQLITE_CONFLICTS = frozenset(
    ["SQLITE_CONSTRAINT_UNIQUE", "SQLITE_CONSTRAINT_PRIMARYKEY", "SQLITE_BUSY_SNAPSHOT"]
)
# PostgreSQL SQLSTATE classes/codes -> kind (psycopg's ``Error.sqlstate``).
_PG_KINDS = {
    "23505": "conflict",  # unique_violation: another writer stored the same row first
    "40001": "conflict",  # serialization_failure
    "40P01": "conflict",  # deadlock_detected
    "53100": "full",  # disk_full
    "3D000": "missing",  # invalid_catalog_name: no such database
    "25006": "readonly",  # read_only_sql_transaction
    "42501": "readonly",  # insufficient_privilege
    "XX001": "corrupt",  # data_corrupted
    "XX002": "corrupt",  # index_corrupted
}

_WHAT = {
    "not-catalogue": "is not an errdex catalogue (not a database errdex can read)",
    "corrupt": "is damaged ({detail}); restore a backup, or index again into a new --db",
    "full": "could not be written: the disk is full ({detail}); nothing was changed",
    "readonly": "is read-only here ({detail}); reading works, writing needs write access",
    "locked": "is busy: another errdex is writing it ({detail}); try again when it has finished",
    "conflict": "was changed by another writer at the same time ({detail})",
    "missing": "does not exist ({detail})",
    "unreachable": "cannot be reached ({detail})",
    "io": "could not be read or written: I/O error ({detail})",
    "other": "failed: {detail}",
}


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip() or type(exc).__name__
    return text.splitlines()[0][:300]


def classify(exc: BaseException) -> str:
    """The kind of a driver exception (sqlite3 or psycopg, bare or wrapped by SQLAlchemy)."""
    orig = getattr(exc, "orig", None) or exc
    name = getattr(orig, "sqlite_errorname", None)
    if isinstance(name, str):
        if name in _SQLITE_CONFLICTS:
            return "conflict"
        for prefix, kind in _SQLITE_KINDS.items():
            if name == prefix or name.startswith(prefix + "_"):
                return kind
    state = getattr(orig, "sqlstate", None)
    if isinstance(state, str):
        if state in _PG_KINDS:
            return _PG_KINDS[state]
        if state.startswith("08") or state.startswith("28"):  # connection / authorization
            return "unreachable"
    text = _first_line(orig).lower()
    if "not a database" in text:
        return "not-catalogue"
    if "malformed" in text or "corrupt" in text:
        return "corrupt"
    if "disk is full" in text or "no space left" in text or "disk full" in text:
        return "full"
    if "readonly" in text or "read-only" in text:
        return "readonly"
    if "locked" in text:
        return "locked"
    if "connection" in text and ("refused" in text or "failed" in text):
        return "unreachable"
    return "other"


def db_error(exc: BaseException, where: str) -> StoreError:
    """One line for a driver failure on the catalogue ``where`` (a path or a URL)."""
    kind = classify(exc)
    detail = _first_line(getattr(exc, "orig", None) or exc)
    return StoreError(f"the catalogue {where} " + _WHAT[kind].format(detail=detail), kind=kind)
