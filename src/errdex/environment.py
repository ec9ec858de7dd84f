"""``errdex index --env``: every distribution installed in a Python environment, in one run.

Each installed distribution is read from disk (``sources.installed``) as the PyPI release it
is; one whose content is already in the catalogue under that release is not extracted again.
Distributions without Python files (compiled-only, data, stubs-less metadata) and development
installs (whose code lives in a working copy, not in site-packages) are passed over quietly and
only counted.

Work is spread two ways, because environments hold a few large packages and many small ones:
a large distribution is extracted by the extractor's own process pool, file by file, while
small ones are extracted whole, one per worker process, several at a time. The parent alone
writes to the catalogue (one writer, one transaction per snapshot) and rebuilds the match index
once at the end.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any

from errdex.pipeline import IndexSummary, Progress, index_snapshot, producer_digest

__all__ = ["EnvSummary", "index_env", "index_installed"]

# Distributions with at least this many Python files are extracted with a pool of their own.
LARGE = 300


@dataclass(slots=True)
class EnvSummary:
    """What ``errdex index --env`` did, distribution by distribution."""

    python: str
    site_dirs: list[str]
    indexed: list[IndexSummary] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)  # "name version", already in the catalogue
    no_python: list[str] = field(default_factory=list)
    editable: list[str] = field(default_factory=list)
    failed: list[tuple[str, str]] = field(default_factory=list)  # ("name version", why)
    files: int = 0  # Python files read (indexed or found identical)
    extracted: int = 0  # of those, files extracted (the rest were already in the catalogue)
    seconds: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "python": self.python,
            "site_dirs": self.site_dirs,
            "indexed": [s.to_json() for s in self.indexed],
            "unchanged": self.unchanged,
            "no_python": self.no_python,
            "editable": self.editable,
            "failed": [{"distribution": d, "error": e} for d, e in self.failed],
            "files": self.files,
            "extracted": self.extracted,
            "seconds": round(self.seconds, 3),
        }

    def line(self) -> str:
        errors = sum(s.errors + s.warnings + s.logs + s.assertions for s in self.indexed)
        rate = f", {self.extracted / self.seconds:.0f} files/s" if self.seconds > 0 and self.extracted else ""
        parts = [
            f"{len(self.indexed)} indexed ({errors} errors, warnings and log calls)",
            f"{len(self.unchanged)} already indexed",
        ]
        if self.no_python:
            parts.append(f"{len(self.no_python)} without Python files")
        if self.editable:
            parts.append(f"{len(self.editable)} development installs (index their folders instead)")
        if self.failed:
            parts.append(f"{len(self.failed)} failed")
        total = (
            len(self.indexed)
            + len(self.unchanged)
            + len(self.no_python)
            + len(self.editable)
            + len(self.failed)
        )
        return (
            f"{self.python}: {total} distributions: "
            + ", ".join(parts)
            + f"; {self.files} Python files read, "
            f"{self.extracted} extracted in {self.seconds:.1f}s{rate}"
        )


def index_env(
    db: str | None = None,
    *,
    python: str | None = None,
    jobs: int | None = None,
    progress: Progress | None = None,
    only: Callable[[str], bool] | None = None,
) -> EnvSummary:
    """Index every distribution installed for ``python`` (default: this interpreter).

    ``only`` filters by canonical distribution name (auto-indexing uses it for one name).
    """
    import sys

    from errdex.sources.installed import installed_distributions, site_dirs
    from errdex.store import Store

    t0 = time.perf_counter()
    dirs = site_dirs(python)
    dists = installed_distributions(dirs)
    if only is not None:
        dists = [d for d in dists if only(d.key)]
    summary = EnvSummary(python=str(python or sys.executable), site_dirs=[str(d) for d in dirs])
    with Store.open(db) as store:
        _index_all(store, dists, summary, jobs, progress)
    summary.seconds = time.perf_counter() - t0
    return summary


def index_installed(db: str | None, inst: Any, progress: Progress | None = None) -> IndexSummary | None:
    """Index one installed distribution (``sources.installed.Installed``); None when it holds no
    Python file. Used by ``errdex explain`` to index what a traceback runs through."""
    from errdex.sources.installed import open_installed
    from errdex.store import Store

    snap, left_out = open_installed(inst)
    if not any(f.path.endswith(".py") for f in snap.files):
        return None
    with Store.open(db) as store:
        return index_snapshot(store, snap, left_out, jobs=1, progress=progress)


def _index_all(
    store: Any, dists: list[Any], summary: EnvSummary, jobs: int | None, progress: Progress | None
) -> None:
    from errdex.sources import SourceError
    from errdex.sources.installed import open_installed
    from errdex.store.sql import content_hash

    stage = progress.stage if progress is not None else (lambda _m: None)
    producer = producer_digest()
    stored = store.content_hashes("pypi")
    todo: list[tuple[Any, Any, list[tuple[str, str]]]] = []
    stage(f"reading {len(dists)} installed distributions")
    for inst in dists:
        label = f"{inst.name} {inst.version}"
        if inst.editable and not inst.python_files:
            summary.editable.append(label)
            continue
        if not inst.python_files:
            summary.no_python.append(label)
            continue
        try:
            snap, left_out = open_installed(inst)
        except SourceError as e:
            summary.failed.append((label, str(e)))
            continue
        py = sum(1 for f in snap.files if f.path.endswith(".py"))
        if not py:
            summary.no_python.append(label)
            continue
        summary.files += py
        if stored.get((snap.info.repo, snap.info.ref)) == content_hash(snap.files, producer):
            summary.unchanged.append(label)
            continue
        summary.extracted += py
        todo.append((inst, snap, left_out))
    workers = max(1, jobs if jobs is not None else (os.cpu_count() or 1))
    large = [t for t in todo if t[0].python_files >= LARGE or workers == 1]
    small = [t for t in todo if t not in large]
    changed = False
    for _inst, snap, left_out in large:
        stage(f"indexing {snap.info.name} {snap.info.version}")
        result = index_snapshot(store, snap, left_out, jobs=workers, progress=progress, rebuild=False)
        summary.indexed.append(result)
        changed = changed or result.changed
    if small:
        changed = _index_small(store, small, summary, workers, stage) or changed
    from errdex.match.shared_index import is_current

    if changed or not is_current(store):  # also what a run stopped before this left behind
        stage("building the match index")
        from errdex.match import rebuild_index
        from errdex.pipeline import count_callers

        count_callers(store)
        rebuild_index(store)


Item = tuple[Any, Any, list[tuple[str, str]]]  # (installed, snapshot, files left out)


def _index_small(
    store: Any,
    small: list[Item],
    summary: EnvSummary,
    workers: int,
    stage: Callable[[str], None],
) -> bool:
    """Extract small distributions whole, one per worker, writing each as it completes.

    A pool that breaks (a worker killed: every future still waiting fails with it) or is given
    up (``PoolWatch``: a worker dead mid-send, or one stuck) does not cost the distributions it
    still held: they are extracted again one at a time (``_index_alone``), where a death or a
    stall is pinned on the distribution that caused it.
    """
    from concurrent.futures import CancelledError
    from concurrent.futures.process import BrokenProcessPool

    from errdex.extract import PoolWatch, worker_pool

    changed = False
    again: list[Item] = []  # what the pool left waiting when it broke or was given up
    stage(f"extracting {len(small)} distributions, {workers} at a time")
    # the extractor's own start method (the caller may have threads: a progress bar) and its
    # lifeline; no memory cap here: these workers run the extractor, whose own pool caps files
    with worker_pool(workers, memory=None) as pool:
        pending: dict[Future[Any], Item] = {
            pool.submit(_extract_whole, snap.files, snap.info.repo): (inst, snap, left)
            for inst, snap, left in small
        }
        watch = PoolWatch(pool, max(_budget(snap) for _, snap, _ in small))
        # ``while True`` with the test inside: CPython 3.13 can skip a function's handlers for
        # an interrupt raised at a ``while cond:`` loop-back (python/cpython#130279), and the
        # pool's stop is one of them
        while True:
            if not pending:
                break
            if watch.reason is not None:
                again.extend(pending.values())
                break
            for fut in watch.wait(pending):
                item = pending.pop(fut)
                try:
                    extracted = fut.result()
                except (BrokenProcessPool, CancelledError):  # the pool's fault, maybe not its own
                    again.append(item)
                    continue
                except Exception as e:  # its own extraction failed: running it again would too
                    summary.failed.append((_label(item[1]), f"extraction failed: {type(e).__name__}: {e}"))
                    continue
                changed = _write(store, item, extracted, summary, stage) or changed
    if again:
        stage(f"extracting {len(again)} distributions again, one at a time (a worker was lost)")
        changed = _index_alone(store, again, summary, stage) or changed
    return changed


def _index_alone(store: Any, items: list[Item], summary: EnvSummary, stage: Callable[[str], None]) -> bool:
    """Each distribution in a single-worker pool under its own time limit, in ``items``' order;
    one whose worker dies or overruns is recorded as failed with the reason (never dropped) and
    a new pool takes the rest. Bounded: each wait by ``PoolWatch``, each pool by one failure."""
    from errdex.extract import worker_pool

    changed = False
    pending = list(reversed(items))
    while pending:
        with worker_pool(1, memory=None) as pool:
            changed = _alone_run(store, pool, pending, summary, stage) or changed
    return changed


def _alone_run(
    store: Any, pool: Any, pending: list[Item], summary: EnvSummary, stage: Callable[[str], None]
) -> bool:
    """Distributions from the end of ``pending`` in ``pool`` until one breaks it (that one failed)."""
    from concurrent.futures import CancelledError
    from concurrent.futures.process import BrokenProcessPool

    from errdex.extract import PoolWatch

    changed = False
    while pending:
        item = pending[-1]
        watch = PoolWatch(pool, _budget(item[1]))
        try:
            fut = pool.submit(_extract_whole, item[1].files, item[1].info.repo)
        except BrokenProcessPool:  # its worker died idle, after the last one: not this one's fault
            return changed  # ``item`` stays pending; a new pool takes it (a new pool's submit cannot fail so)
        pending.pop()
        try:
            if fut not in watch.wait([fut]):
                raise BrokenProcessPool(watch.reason)
            extracted = fut.result()
        except (BrokenProcessPool, CancelledError):
            why = (watch.reason or "analysis worker died (killed, or out of memory)").removesuffix(
                "; file skipped"
            )
            summary.failed.append((_label(item[1]), f"extraction failed when run alone: {why}"))
            return changed  # this pool is unusable (stopped or broken); a new one takes the rest
        except Exception as e:
            summary.failed.append((_label(item[1]), f"extraction failed: {type(e).__name__}: {e}"))
            continue
        changed = _write(store, item, extracted, summary, stage) or changed
    return changed


def _write(store: Any, item: Item, extracted: Any, summary: EnvSummary, stage: Callable[[str], None]) -> bool:
    """Write one extracted distribution (the parent is the only writer); True when it changed."""
    _inst, snap, left_out = item
    result = index_snapshot(store, snap, left_out, extracted=extracted, rebuild=False)
    stage(f"indexed {_label(snap)}: {result.errors} errors, {result.warnings} warnings")
    summary.indexed.append(result)
    return bool(result.changed)


def _label(snap: Any) -> str:
    return f"{snap.info.name} {snap.info.version}"


def _budget(snap: Any) -> float:
    """Seconds a worker may take over one distribution (``limits.analysis_budget`` of its bytes)."""
    from errdex.limits import analysis_budget

    return analysis_budget(sum(len(f.data) for f in snap.files))


def _extract_whole(files: list[Any], repo: str) -> tuple[Any, list[Any], int]:
    """Worker: one distribution's records, code facts and linked test expectations."""
    from errdex.extract import extract
    from errdex.pipeline import link_tests

    ex = extract(files, repo, jobs=1)
    expectations, linked = link_tests(ex)
    return ex, expectations, linked
