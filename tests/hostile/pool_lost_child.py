"""Run as a script by ``test_hostile_index``: an extraction whose pool loses a worker in the two
ways ``concurrent.futures`` cannot see, then the extraction's answer, which must come at once.

``torn``: a worker's task writes the length and the first bytes of a result to the pool's result
pipe (under the queue's write lock, as ``Connection.send_bytes`` does) and SIGKILLs itself: a
worker killed part way through sending, for certain (``pool_stop_child`` does the same for a
stop). The executor's manager thread then reads forever, every future stays pending, and
``Analysis.collect`` waited in ``Future.result()`` without end (the hang of
``test_a_killed_worker_loses_nothing_but_its_file``, docs/measurements/hist29.md).

``stopped``: the task SIGSTOPs its own worker: alive, holding its chunk, never done. With
``ERRDEX_ANALYSIS_SECONDS`` small, the chunk's time limit passes and the pool is given up.

Either way the task's chunk (a real file) and every chunk not done are analysed again, one
file at a time in new workers, and nothing is lost. Prints one JSON line: the seconds
``collect`` took, the files with facts, the records, the skipped files with their reasons.

argv: torn | stopped
"""

from __future__ import annotations

import json
import os
import signal
import struct
import sys
import time

from errdex.extract import start_analysis
from errdex.model import SourceFile


def torn_then_killed() -> None:
    """In a worker: the start of a 1 MiB result on the result pipe, then SIGKILL."""
    # the executor's worker loop called this task: its frame holds the pool's result queue
    results = sys._getframe(1).f_locals["result_queue"]
    results._wlock.acquire()  # as a send does; a killed worker never releases it
    os.write(results._writer.fileno(), struct.pack("!i", 1 << 20) + b"\x80\x05" * 64)
    os.kill(os.getpid(), signal.SIGKILL)


def stopped() -> None:
    """In a worker: stop it (SIGSTOP) while it holds this task."""
    os.kill(os.getpid(), signal.SIGSTOP)


def module(i: int) -> bytes:
    return "".join(f"def f{i}_{j}(x):\n    raise ValueError(f'bad {{x}} {j}')\n" for j in range(40)).encode()


def main(mode: str) -> None:
    files = [SourceFile(f"pkg/m{i}.py", module(i)) for i in range(6)]
    analysis = start_analysis(files, jobs=2)
    assert analysis.pool is not None, "no pool: this host runs no worker processes"
    # the task takes a chunk of its own, whose file is then analysed again like any other
    task = torn_then_killed if mode == "torn" else stopped
    extra = [("pkg/extra.py", module(99))]
    analysis.every = sorted([*analysis.every, *extra])
    analysis.items = sorted([*analysis.items, *extra])
    analysis.chunks.insert(0, extra)
    analysis.futures.insert(0, analysis.pool.submit(task))
    started = time.monotonic()
    analysis.collect()
    took = time.monotonic() - started
    out = analysis.resolve("pkg")
    skipped = {f.path: f.reason for f in out.files if f.status == "skipped"}
    print(json.dumps({"seconds": round(took, 2), "files": len(out.files), "records": len(out.records),
                      "skipped": skipped}), flush=True)  # fmt: skip


if __name__ == "__main__":
    main(sys.argv[1])
