"""Run as a script by ``test_hostile_interrupt``: a pool stopped while a worker is part way through
sending its result, then this process's exit, which must follow at once.

A worker is usually ended mid-send by chance (a SIGTERM from ``stop_pool`` while its result,
over a pipe's worth, waits for the executor's manager thread to read it); here the worker's task
puts the pool in that state for certain: it writes the length of a result and a few of its
bytes to the pool's result pipe, as ``Connection.send_bytes`` does, and sleeps. The manager
thread then waits in ``read`` for the rest. The block is left by an exception, as a Ctrl-C
leaves it, so ``worker_pool`` runs ``stop_pool``; the script prints how long that took and
exits. Before ``stop_pool`` closed the pipe's last write end the manager waited forever, and
so did the interpreter's exit, which joins it.

argv: a file the task creates once the torn result is in the pipe.
"""

from __future__ import annotations

import os
import pathlib
import struct
import sys
import time

from errdex.extract import worker_pool


def torn_send(marker: str) -> None:
    """In a worker: the start of a 1 MiB result on the result pipe, and no more."""
    # the executor's worker loop called this task: its frame holds the pool's result queue
    results = sys._getframe(1).f_locals["result_queue"]
    with results._wlock:  # as a send does, so no other worker's message is cut
        os.write(results._writer.fileno(), struct.pack("!i", 1 << 20) + b"\x80\x05" * 64)
        pathlib.Path(marker).touch()
        time.sleep(600)


class Stop(Exception):
    """Leaves the pool's block as Ctrl-C's KeyboardInterrupt does."""


def main(marker: pathlib.Path) -> None:
    started = 0.0
    try:
        with worker_pool(2, memory=None) as pool:
            future = pool.submit(torn_send, str(marker))
            deadline = time.monotonic() + 60
            while not marker.exists() and time.monotonic() < deadline:
                time.sleep(0.02)
            assert marker.exists() and not future.done()
            started = time.monotonic()
            raise Stop
    except Stop:
        pass
    print(f"stopped in {time.monotonic() - started:.2f} s", flush=True)


if __name__ == "__main__":
    main(pathlib.Path(sys.argv[1]))
