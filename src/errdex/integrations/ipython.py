"""``%load_ext errdex``: after a cell fails, name the library line that raised it.

IPython prints a cell's traceback itself (its own formatter, or whatever a user configured);
this extension does not replace that. It listens for the end of each cell and, when the cell
raised, displays the raise site under IPython's traceback as a display bundle: notebooks render
its HTML, terminals its text. Uncaught exceptions in threads and warnings go through the same
hooks as ``errdex.install()``.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

__all__ = ["load", "unload"]

_callbacks: dict[int, Any] = {}


def load(ip: Any, db: str | None = None) -> None:
    """Register with the shell ``ip``; loading twice registers once."""
    from errdex.hooks import install

    if id(ip) in _callbacks:
        return
    db = db or os.environ.get("ERRDEX_DB") or None
    install(db)

    def after_cell(result: Any) -> None:
        exc = getattr(result, "error_in_exec", None)
        if exc is None or isinstance(exc, KeyboardInterrupt):
            return
        show(exc, db)

    ip.events.register("post_run_cell", after_cell)
    _callbacks[id(ip)] = after_cell


def unload(ip: Any) -> None:
    cb = _callbacks.pop(id(ip), None)
    if cb is not None:
        ip.events.unregister("post_run_cell", cb)


def show(exc: BaseException, db: str | None) -> None:
    """Display the raise site of ``exc``: HTML where the front end renders it, else text."""
    from errdex.hooks import as_html, as_text, report_exception
    from errdex.store.errors import StoreError

    try:
        report = report_exception(exc, db)
    except StoreError as e:
        print(f"errdex: {e}")
        return
    except Exception:  # the lookup must never add an error of its own to the cell's
        return
    text = as_text(report, type(exc).__name__)
    if not text:
        return
    from IPython.display import display as ipython_display

    display: Callable[..., object] = ipython_display  # IPython's own is untyped
    display({"text/plain": text.rstrip("\n"), "text/html": as_html(report, type(exc).__name__)}, raw=True)
