"""How every ``errdex`` command fails: one line on stderr and an exit code from one policy.

The codes are the store's (``EXIT_FAILURE``, ``EXIT_USAGE``) plus ``EXIT_INTERRUPTED``; the
policy is spelled out once, in ``EXIT_CODES``, which ``errdex --help`` shows. Only typer and
errdex's light leaf modules are imported here: every command imports this module.
"""

from __future__ import annotations

import contextlib
import errno
import functools
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from typing import Final, NoReturn

import typer

from errdex.interrupts import interrupt
from errdex.store.errors import EXIT_FAILURE, EXIT_USAGE, StoreError
from errdex.textsafe import printable, redact_url

__all__ = ["EXIT_CODES", "EXIT_FAILURE", "EXIT_INTERRUPTED", "EXIT_USAGE", "fail", "guarded", "interruptible"]

EXIT_INTERRUPTED: Final = 130  # Ctrl-C, as a shell reports a SIGINT death

EXIT_CODES = (
    "Exit codes: 0 success; 1 the catalogue or the machine failed (damaged or locked catalogue, "
    "disk full, read-only, unreachable database), or `explain` found no match or only a built-in "
    "explanation (also with --json); 2 what was given "
    "cannot work (bad option, no catalogue at --db, not a catalogue, unusable database URL or "
    "missing driver, unknown error ID or codebase, unreadable input); 130 interrupted (Ctrl-C; for `index`, "
    "also SIGINT or SIGTERM sent to it)."
)


def fail(message: str, code: int = EXIT_FAILURE) -> NoReturn:
    """Print the one error line (no wrapping, no markup, no control characters) and exit."""
    typer.echo(f"error: {printable(redact_url(message), newlines=False)}", err=True)
    raise typer.Exit(code)


def guarded[**P, R](command: Callable[P, R]) -> Callable[P, R]:
    """``command`` with catalogue and OS failures reported as one line and the policy's code."""

    @functools.wraps(command)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return command(*args, **kwargs)
        except StoreError as e:
            fail(str(e), e.code)
        except BrokenPipeError:  # `errdex list | head`: the reader left; nothing to report
            sys.stderr.close()
            raise typer.Exit(EXIT_FAILURE) from None
        except OSError as e:
            what = "the disk is full" if e.errno in (errno.ENOSPC, errno.EDQUOT) else (e.strerror or str(e))
            where = f" ({e.filename})" if e.filename else ""
            fail(f"{what}{where}", EXIT_FAILURE)

    return run


@contextlib.contextmanager
def interruptible() -> Iterator[None]:
    """SIGTERM and SIGINT both interrupt the block as Ctrl-C does: ``KeyboardInterrupt`` in the
    main thread, so the command stops its workers, leaves the catalogue consistent and exits
    with ``EXIT_INTERRUPTED``. SIGTERM's default would kill the process on the spot (its
    workers orphaned); SIGINT is set explicitly, since a parent may have left it ignored (a
    shell does for a command started with ``&``). The handler is ``errdex.interrupts.interrupt``,
    which holds the signal while the command is in a stretch that must not be cut (starting or
    stopping a worker pool: ``errdex.interrupts.held``). The handlers before are restored after."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM)}
    signal.signal(signal.SIGINT, interrupt)
    signal.signal(signal.SIGTERM, interrupt)
    try:
        yield
    finally:
        for sig, handler in before.items():
            signal.signal(sig, handler)
