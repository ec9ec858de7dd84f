"""Randomized stops of real worker pools, counting the stops that would hang the process's exit.

Not a test (it runs for minutes): the trials behind docs/measurements/hang1.md. Each trial,
in one long-lived process under ``interruptible()``, starts ``worker_pool(WORKERS)`` (2) with tasks that
return results of 10 KiB to 2 MiB (over a pipe's worth: a worker is often part way through
sending one), and a timer thread sends this process SIGINT or SIGTERM at a random moment: in
the first 20 ms (the pool starting: the fork server's first fork, the manager thread's start)
or anywhere in the pool's life, its end included. The main thread polls the futures busily, as
an indexer's main thread busy with the results so far does: the manager thread then waits for
the interpreter lock between its reads, so a worker spends long part way through a send. After the ``KeyboardInterrupt`` the trial
waits up to 10 s for the pool's manager thread and workers to be gone: one still there is a
stop that would hang the exit (the interpreter joins the manager thread at exit).

    python tests/hostile/stop_stress.py TRIALS [SEED [WORKERS]]

prints one line per hang and a closing count; exits 1 when a trial hung. Run it against
another tree with PYTHONPATH=OTHER/src (the script imports only ``errdex``).
"""

from __future__ import annotations

import multiprocessing
import os
import random
import signal
import sys
import threading
import time

from errdex.cli.errors import interruptible
from errdex.extract import worker_pool


def payload(size: int, seconds: float) -> bytes:
    """A task: some work, then a result of ``size`` bytes."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        pass
    return b"r" * size


def _managers() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if type(t).__name__ == "_ExecutorManagerThread"]


def _left(deadline: float) -> tuple[list[threading.Thread], list[multiprocessing.process.BaseProcess]]:
    """The pool's manager threads and workers still there at ``deadline``."""
    while time.monotonic() < deadline:
        threads, procs = _managers(), multiprocessing.active_children()
        if not threads and not procs:
            break
        time.sleep(0.02)
    return _managers(), multiprocessing.active_children()


def trial(rng: random.Random, stuck: set[threading.Thread], workers: int) -> tuple[str, bool]:
    """One pool stopped by a signal; (when the signal was sent, whether the stop left something)."""
    sig = rng.choice([signal.SIGINT, signal.SIGTERM])
    delay = rng.uniform(0, 0.02) if rng.random() < 0.3 else rng.uniform(0, 1.2)
    timer = threading.Timer(delay, os.kill, (os.getpid(), sig))
    try:
        timer.start()
        with worker_pool(workers, memory=None) as pool:
            futures = [
                pool.submit(payload, rng.choice([10 << 10, 200 << 10, 2 << 20]), rng.uniform(0, 0.15))
                for _ in range(8)
            ]
            # busy, not blocked in result(): the manager thread waits for the interpreter lock
            # between its reads of a result, so a worker spends long part way through a send
            # `while True` and a break, not `while pending`: an interrupt raised at the jump back
            # of a loop whose test ends it escapes every handler of the frame in 3.13
            # (CPython issue 130279), and the pool's block would be left without its stop
            pending = futures
            while True:
                pending = [f for f in pending if not f.done()]
                if not pending:
                    break
        timer.join()
        time.sleep(1)  # the signal lands here when the pool was done before it
    except KeyboardInterrupt:
        pass
    timer.join()
    threads, procs = _left(time.monotonic() + 10)
    new = [t for t in threads if t not in stuck]
    stuck.update(new)
    return f"{signal.Signals(sig).name} at {delay:.3f} s", bool(new or procs)


def main(trials: int, seed: int, workers: int) -> int:
    rng = random.Random(seed)
    stuck: set[threading.Thread] = set()
    hangs = 0
    started = time.monotonic()
    with interruptible():
        for n in range(trials):
            when, hung = trial(rng, stuck, workers)
            if hung:
                hangs += 1
                print(
                    f"trial {n}: {when}: the pool's manager thread or a worker outlived the stop", flush=True
                )
    took = time.monotonic() - started
    print(f"{trials} trials, {hangs} hung, {took:.0f} s, seed {seed}, {workers} workers", flush=True)
    sys.stdout.flush()
    # a stuck manager thread would keep the interpreter from exiting: leave without joining it
    os._exit(1 if hangs else 0)


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:]]
    main(args[0], args[1] if len(args) > 1 else random.randrange(1 << 30), args[2] if len(args) > 2 else 2)
