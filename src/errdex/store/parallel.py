"""The writer's compression on a second thread: zlib and zstd release the GIL while they work.

A history run's main process is its critical path (docs/measurements/hist38.md): from jax
0.8.x on the extraction's workers are done with the next release before this process has
resolved, written and merged the one before it, and a core sits idle meanwhile. A fifth of
that process's CPU per release is compression inside the write, each item independent of
the others: a changed file's text as a zstd difference from its previous text
(``textdelta``), its code facts' columns (``factblobs``) and their differences, its
extraction cache entry's difference. ``each`` runs such a step over its items on two
threads; the C compressors run on both cores at once while the GIL is released, and the
results come back in the items' order, so the rows (and every later step that reads them
in order, such as the writer memo's staging) are the ones the loop made.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor

__all__ = ["each"]

_THREADS = 2  # the GIL is held between the compressions: a third thread would mostly wait
_MIN_ITEMS = 4  # below this a thread's start costs more than it can take off the write


def each[T, R](fn: Callable[[T], R], items: Sequence[T]) -> list[R]:
    """``[fn(x) for x in items]``, on two threads when there are enough items and cores. ``fn``
    must be a pure function of its item (no shared state written), and be worth a thread: a
    compression, whose time is spent with the GIL released. An exception of ``fn`` (or an
    interrupt) is raised here, as the loop would raise it; the items not begun are dropped."""
    if len(items) < _MIN_ITEMS or (os.cpu_count() or 1) < 2:
        return [fn(x) for x in items]
    pool = ThreadPoolExecutor(_THREADS, thread_name_prefix="errdex-compress")
    try:
        return list(pool.map(fn, items))
    finally:  # an error or an interrupt: the items not begun are dropped, not waited for
        pool.shutdown(wait=True, cancel_futures=True)
