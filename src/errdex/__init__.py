"""errdex: the error index for Python libraries.

``errdex.explain(text)`` finds the raise site of a pasted error message or traceback in the
catalogue built by ``errdex index``. Stages live in subpackages: sources, extract, store, match,
analysis, views, web and cli.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

if TYPE_CHECKING:
    from errdex.match import Match


def explain(
    error: str | BaseException, db: str | None = None, repo: str | None = None, limit: int = 10
) -> list[Match]:
    """Candidates for the raise site of ``error``, best first; empty when nothing matches.

    ``error`` is a pasted message or traceback, or an exception object: then its real traceback
    (as Python would print it) is what is matched, frames included. A ``--db`` with no catalogue
    raises ``errdex.store.StoreError`` saying so.
    """
    return _explain_any(error, db=db, repo=repo, limit=limit)


def _explain_any(
    error: str | BaseException, db: str | None = None, repo: str | None = None, limit: int = 10
) -> list[Match]:
    """``explain``'s body: a message goes to the matcher; an exception object is first looked up
    by its raising frame (exact), then matched by its formatted traceback."""
    from errdex.match import explain as _explain

    if not isinstance(error, BaseException):
        return _explain(error, db=db, repo=repo, limit=limit)
    import traceback

    exact = _at_frame(error, db)
    found = _explain("".join(traceback.format_exception(error)), db=db, repo=repo, limit=limit)
    if exact is None or (repo and repo not in (exact.repo, exact.repo.split("/")[-1])):
        return found
    return [exact, *(m for m in found if m.id != exact.id)][:limit]


def _at_frame(error: BaseException, db: str | None) -> Match | None:
    """The record at the exception's raising frame, found by file content and line."""
    from errdex.hooks import report_exception
    from errdex.match import Match
    from errdex.store.fast import open_reader

    with open_reader(db) as reader:  # a library call keeps no reader open after it returns
        report = report_exception(error, db, reader=reader)
    r = report.record
    if report.kind != "found" or r is None:
        return None
    return Match(
        id=r.id, repo=r.repo, version=r.version, kind=r.kind, exc_type=r.exc_type, template=r.template,
        path=r.path, line=r.line, function=r.function, score=2.0, approximate=False,
        reasons=[f"the raising frame is this line of {r.repo} {r.version} (same file content)"],
    )  # fmt: skip


def install(db: str | None = None, *, threads: bool = True, warn: bool = True) -> None:
    """Name the library line that raised after each uncaught exception and warning of this
    process (``sys.excepthook``, ``threading.excepthook``, warnings); earlier hooks still run
    first and the traceback is printed unchanged."""
    from errdex.hooks import install as _install

    _install(db, threads=threads, warn=warn)


def load_ipython_extension(ipython: Any) -> None:
    """``%load_ext errdex``: the raise site under each failing cell's traceback."""
    from errdex.integrations.ipython import load

    load(ipython)


def unload_ipython_extension(ipython: Any) -> None:
    from errdex.integrations.ipython import unload

    unload(ipython)
