"""errdex where errors happen: hooks that name the raise site of an uncaught exception.

``install()`` wraps ``sys.excepthook``, ``threading.excepthook`` and ``warnings.showwarning``.
Each wrapper first calls the hook that was there before (Python's own, rich's, IPython's, a
test runner's), so the original traceback is printed exactly as it would have been; only then
does it look the raise site up by the real frames (``hooks.sites``) and print a few lines after
it. A lookup that fails for any reason prints nothing more: a hook must never make an error
worse, nor hide one.
"""

from __future__ import annotations

import sys
import threading
import warnings
from collections.abc import Callable
from types import TracebackType
from typing import IO, Any

from errdex.hooks.render import as_html, as_text
from errdex.hooks.sites import SiteReport, frames_of, lookup, warning_frames

__all__ = ["as_html", "as_text", "install", "installed", "report_exception", "report_warning", "uninstall"]

_MARK = "__errdex_hook__"
_saved: dict[str, Any] = {}
_readers: dict[str | None, Any] = {}
_lock = threading.Lock()


def _reader(db: str | None) -> Any:
    """The catalogue reader for ``db``, opened once and kept for the hooks' later errors (a
    ``StoreError`` says why it cannot be); closed when the interpreter exits.

    A lookup needs only the raise sites of one file line: ``store.lite`` answers that on the
    standard library's ``sqlite3`` without importing the record classes, the code facts or the
    match index, which a fresh process would pay for at its first error (perf49).
    """
    with _lock:
        if db not in _readers:
            from errdex.store.sitereader import open_site_reader as open_reader

            if not _readers:
                import atexit

                atexit.register(_close_readers)
            _readers[db] = open_reader(db)
        return _readers[db]


def _close_readers() -> None:
    with _lock:
        readers = list(_readers.values())
        _readers.clear()
    for reader in readers:
        reader.close()


def report_exception(
    exc: BaseException, db: str | None = None, tb: TracebackType | None = None, reader: Any = None
) -> SiteReport:
    """The raise site of ``exc`` (by its traceback's frames), or what would help find it.

    ``reader``: a catalogue reader the caller owns (``errdex.explain`` of an exception object);
    by default the hooks' own reader for ``db``, kept open for the next error.
    """
    frames = frames_of(tb if tb is not None else exc.__traceback__)
    return lookup(reader if reader is not None else _reader(db), frames, _message(exc), kind="error")


def report_warning(message: Warning | str, db: str | None = None, frame: Any = None) -> SiteReport:
    """The site of a warning being shown, from the stack that is issuing it."""
    start = frame if frame is not None else sys._getframe(1)
    return lookup(_reader(db), warning_frames(start), str(message), kind="warning")


def _message(exc: BaseException) -> str:
    # ``str`` of an exception runs its class's ``__str__``; that is the library's own code, run
    # by the program anyway when it prints the traceback, but it may fail: then no message.
    try:
        return str(exc)
    except Exception:
        return ""


def _say(text: str, stream: IO[str] | None) -> None:
    if not text:
        return
    out = stream if stream is not None else sys.stderr
    try:
        out.write(text)
        out.flush()
    except (OSError, ValueError):  # a closed or broken stderr: nowhere left to say it
        pass


def describe_exception(exc: BaseException, db: str | None, tb: TracebackType | None = None) -> str:
    """The text a hook prints after the traceback; a catalogue problem is one note line."""
    from errdex.store.errors import StoreError

    try:
        report = report_exception(exc, db, tb)
    except StoreError as e:
        return f"errdex: {e}\n"
    except Exception:  # never let the lookup add a second traceback
        return ""
    return as_text(report, type(exc).__name__)


def install(
    db: str | None = None, *, threads: bool = True, warn: bool = True, stream: IO[str] | None = None
) -> None:
    """Name the raise site after every uncaught exception (and warning) of this process.

    Hooks installed before are kept and called first; installing twice changes nothing.
    ``db`` is the catalogue (default: ``ERRDEX_DB`` or the user data dir's ``errdex.db``).
    """
    import os

    db = db or os.environ.get("ERRDEX_DB") or None
    if not getattr(sys.excepthook, _MARK, False):
        _saved["excepthook"] = sys.excepthook
        sys.excepthook = _wrap_excepthook(sys.excepthook, db, stream)
    if threads and not getattr(threading.excepthook, _MARK, False):
        _saved["threading"] = threading.excepthook
        threading.excepthook = _wrap_threading(threading.excepthook, db, stream)
    if warn and not getattr(warnings.showwarning, _MARK, False):
        _saved["showwarning"] = warnings.showwarning
        warnings.showwarning = _wrap_showwarning(warnings.showwarning, db, stream)


def installed() -> bool:
    return bool(getattr(sys.excepthook, _MARK, False))


def uninstall() -> None:
    """Put back the hooks that were there before ``install``."""
    if "excepthook" in _saved:
        sys.excepthook = _saved.pop("excepthook")
    if "threading" in _saved:
        threading.excepthook = _saved.pop("threading")
    if "showwarning" in _saved:
        warnings.showwarning = _saved.pop("showwarning")


def _wrap_excepthook(prev: Callable[..., Any], db: str | None, stream: IO[str] | None) -> Callable[..., Any]:
    def hook(exc_type: type[BaseException], exc: BaseException, tb: TracebackType | None) -> None:
        prev(exc_type, exc, tb)
        if isinstance(exc, KeyboardInterrupt):
            return
        _say(describe_exception(exc, db, tb), stream)

    setattr(hook, _MARK, True)
    return hook


def _wrap_threading(prev: Callable[..., Any], db: str | None, stream: IO[str] | None) -> Callable[..., Any]:
    def hook(args: Any) -> None:
        prev(args)
        exc = args.exc_value
        if exc is None or isinstance(exc, SystemExit):
            return
        _say(describe_exception(exc, db, args.exc_traceback), stream)

    setattr(hook, _MARK, True)
    return hook


_shown_warnings: set[tuple[str, int, str]] = set()


def _wrap_showwarning(prev: Callable[..., Any], db: str | None, stream: IO[str] | None) -> Callable[..., Any]:
    def show(
        message: Warning | str, category: type[Warning], filename: str, lineno: int, *rest: Any, **kw: Any
    ) -> None:
        prev(message, category, filename, lineno, *rest, **kw)
        key = (filename, lineno, str(message))
        if key in _shown_warnings:
            return  # the same warning shown again (a loop, "always"): its site was named once
        _shown_warnings.add(key)
        from errdex.store.errors import StoreError

        try:
            report = report_warning(message, db, sys._getframe(1))
        except StoreError as e:
            _say(f"errdex: {e}\n", stream)
            return
        except Exception:
            return
        _say(as_text(report, category.__name__), stream)

    setattr(show, _MARK, True)
    return show
