"""The lifeline: worker processes that never outlive the process that started them.

A pipe whose write end only the starting process holds (made once per process, on first use).
Each worker watches the read end from a thread and exits at once when it reads EOF, which is
when the starting process is gone, however it went: an exception, SIGTERM, or SIGKILL, which
no handler sees.

Why a pipe and not ``prctl(PR_SET_PDEATHSIG)``: an extraction worker's parent is the
multiprocessing fork server, not the indexer, so a parent-death signal would follow the wrong
process (and it is Linux-only, and fires when the forking *thread* exits); polling
``os.getppid()`` has the same fault and a delay. EOF on a pipe follows exactly the processes
holding the write end, on any POSIX system, at no cost while they live. The fork server and
multiprocessing's resource tracker, kept alive by the descriptors their workers hold, then
leave by themselves once the workers are gone.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import threading
from multiprocessing.connection import Connection

__all__ = ["ORPHANED", "lifeline", "watch", "watch_inherited"]

ORPHANED = 70  # a worker's exit status when the process it served is gone (EX_SOFTWARE)

_lines: dict[int, tuple[Connection, Connection]] = {}  # pid of the maker -> (read end, write end)


def lifeline() -> Connection:
    """The read end of this process's lifeline, to hand to a worker (``watch``).

    A child forked (``fork``) from a process that had one inherits its write end, which would
    keep the parent's workers alive as long as the child lives: the child makes its own (the
    pid key) and closes the inherited ends.
    """
    pid = os.getpid()
    if pid not in _lines:
        _drop_inherited()
        _lines[pid] = multiprocessing.Pipe(duplex=False)
    return _lines[pid][0]


def watch(line: Connection) -> None:
    """In a worker: exit (``ORPHANED``) as soon as the process at the other end of ``line`` is gone."""

    def wait() -> None:
        with contextlib.suppress(EOFError, OSError):
            while True:  # nothing is ever sent: this returns only at EOF
                line.recv_bytes()
        os._exit(ORPHANED)

    threading.Thread(target=wait, name="errdex-lifeline", daemon=True).start()


def watch_inherited() -> None:
    """In a child forked (``fork``) from a process that made its lifeline before the fork: close
    the inherited write end and watch the read end, so the child leaves with its parent."""
    for pid in [p for p in _lines if p != os.getpid()]:
        read, write = _lines.pop(pid)
        write.close()
        watch(read)


def _drop_inherited() -> None:
    for pid in [p for p in _lines if p != os.getpid()]:
        for end in _lines.pop(pid):
            end.close()
