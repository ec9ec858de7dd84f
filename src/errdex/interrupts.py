"""Ctrl-C and SIGTERM as ``KeyboardInterrupt``, held back while a stretch that must not be cut runs.

``errdex index`` turns SIGINT and SIGTERM into ``KeyboardInterrupt`` (``interrupt``, installed by
``cli.errors.interruptible``) so that it stops its workers and leaves the catalogue consistent.
Such an exception lands between any two bytecodes of the main thread, and a few stretches must
not be cut there: starting a pool's worker (cut between the fork server's fork and the pool
noting the pid, the worker runs on unknown to the stop, holding the pool's pipes open) and
stopping a pool (cut half way, a worker or a thread of the pool is left behind). ``held()``
marks such a stretch: a signal arriving in it is noted, and raised as ``KeyboardInterrupt`` as
the stretch ends. Only the main thread runs Python signal handlers, so only the main thread holds.

Why a flag and not ``signal.pthread_sigmask``: a mask is per thread, and a process-directed
signal goes to any thread not masking it, whose C handler still makes the main thread run the
Python handler at once; and a mask is inherited across ``fork`` and ``exec``, so a fork server
started inside a masked stretch would hand SIGTERM masked to every worker it forks. The flag is
read by the handler itself, in the main thread, whichever thread the kernel picked.

Outside ``interruptible`` (a program calling ``extract`` with its own handlers) nothing is held:
Python's own SIGINT handler raises at once, and the stop stays bounded (``extract.stop_pool``).
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator
from types import FrameType

__all__ = ["held", "interrupt"]

_held = 0  # how many ``held()`` blocks the main thread is in
_pending = False  # a signal arrived in one


def interrupt(signum: int, frame: FrameType | None) -> None:
    """The SIGINT and SIGTERM handler: ``KeyboardInterrupt`` now, or when the held stretch ends."""
    global _pending
    if _held:
        _pending = True
        return
    raise KeyboardInterrupt


@contextlib.contextmanager
def held() -> Iterator[None]:
    """A stretch that ``interrupt`` does not cut: a signal in it raises ``KeyboardInterrupt`` at
    its end (over an exception leaving it, as Ctrl-C would). Nests; a no-op off the main thread,
    where no signal handler runs (and where holding would hold the main thread's signals)."""
    global _held, _pending
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    _held += 1
    try:
        yield
    finally:
        _held -= 1
        if not _held and _pending:
            _pending = False
            raise KeyboardInterrupt
