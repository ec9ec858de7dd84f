"""Bulk indexing: many releases at once, on Ray, into one catalogue (``errdex index --from/--top``).

Why this shape:

* **One task per project's releases** (download -> extract -> link tests, release after
  release, at most ``GROUP_RELEASES`` of them), run by Ray: a local runtime started in-process
  by default (nothing to set up), or an existing cluster (``ray_address``). Consecutive
  releases share most of their files, so a task parses a file only when its bytes differ from
  the previous release's (``pipeline.prepare``'s memo). A task hands back a
  ``pipeline.Prepared`` per release (plain dataclasses: the snapshot, its extraction and its
  extraction cache rows), never touching the catalogue.
* **One writer per database**: the driver stores each result as it arrives through
  ``pipeline.index_snapshot`` (the write ``errdex index`` does: records, shared occurrence
  bodies, code facts, extraction cache), one transaction per release (bulk statements, ``COPY``
  on PostgreSQL), so a catalogue never sees two writers racing, and an interrupted run loses at
  most the releases still in flight. At most a few
  results per worker are in flight, so the driver's memory stays bounded however long the list.
* **Resumable**: releases are resolved to their archive (sha256) before anything is dispatched,
  and one already stored by the same extractor is skipped without a download.
* **Never fatal per release**: a release that fails (unknown project, download refused,
  a worker killed) is recorded in the catalogue with its reason (``index_failures``), reported
  at the end, and retried by the next run.
* **What depends on the set of snapshots is updated once, at the end** (also after an
  interruption): the lineages of each codebase that changed, confirmed release tags, and the
  match index (``pipeline.after_history_change``), not after each release.

``engine="local"`` runs the same tasks one after another in this process, with no Ray at all:
the baseline ``bench/ecosystem.py`` compares Ray against.
"""

from __future__ import annotations

import re
import signal
import socket
import threading
import time
from collections.abc import Generator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Literal, Protocol

from errdex.bulk.specs import BulkSpec, Release, read_ranking, read_spec_file, resolve
from errdex.pipeline import Memo, Prepared, after_history_change, producer_digest

__all__ = ["BulkReport", "BulkSpec", "group_releases", "read_ranking", "read_spec_file", "run"]

Engine = Literal["ray", "local"]
IN_FLIGHT_PER_WORKER = 2  # tasks a worker may have finished and waiting for the writer
GROUP_RELEASES = 5  # releases of one project per task: the memo's gain, without big results
RESOLVE_THREADS = 8  # concurrent PyPI metadata requests while resolving specs


class BulkProgress(Protocol):
    """What a bulk run reports; the CLI prints it as lines."""

    def note(self, message: str) -> None: ...

    def release_done(self, source: str, outcome: str, status: Status) -> None: ...


@dataclass(slots=True)
class Status:
    """Where a run stands: the numbers of the progress line."""

    total: int
    done: int = 0
    records: int = 0
    started: float = field(default_factory=time.perf_counter)

    def line(self) -> str:
        elapsed = max(time.perf_counter() - self.started, 1e-9)
        rate = self.done / elapsed
        eta = (self.total - self.done) / rate if rate > 0 else float("inf")
        return (
            f"{self.done}/{self.total} releases, {self.records / elapsed:,.0f} records/s, "
            f"ETA {_duration(eta)}"
        )


@dataclass(slots=True)
class BulkReport:
    """What a bulk run did; ``failed`` holds (source, reason) for every release not indexed."""

    total: int = 0
    indexed: int = 0
    unchanged: int = 0  # tasks run whose content was stored already (identical)
    skipped: list[str] = field(default_factory=list)  # resolved and found stored: never dispatched
    failed: list[tuple[str, str]] = field(default_factory=list)
    records: int = 0
    seconds: float = 0.0
    workers: int = 0
    engine: str = "ray"
    reused_files: int = 0  # files not parsed again: same bytes in the previous release of their task
    task_seconds: float = 0.0  # summed over tasks: download, extraction, test links
    task_cpu_seconds: float = 0.0  # the CPU time of those (a loaded machine stretches the rest)
    write_seconds: float = 0.0
    write_cpu_seconds: float = 0.0  # the writer's own CPU time (the database server's is not in it)
    index_seconds: float = 0.0
    run_seconds: float = 0.0  # from the first task to the last write: no resolving, no Ray start, no index

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    def line(self) -> str:
        rate = self.indexed / self.seconds * 60 if self.seconds else 0.0
        return (
            f"{self.indexed} releases indexed, {len(self.skipped)} already indexed, {self.unchanged} unchanged, "
            f"{len(self.failed)} failed; {self.records:,} records in {self.seconds:.1f}s "
            f"({rate:.1f} releases/min, {self.records / max(self.seconds, 1e-9):,.0f} records/s, "
            f"{self.engine} on {self.workers} worker{'s' if self.workers != 1 else ''})"
        )


class _Quiet:
    def note(self, message: str) -> None:
        pass

    def release_done(self, source: str, outcome: str, status: Status) -> None:
        pass


def run(
    specs: Sequence[BulkSpec],
    db: str | None = None,
    *,
    engine: Engine = "ray",
    workers: int | None = None,
    ray_address: str | None = None,
    cache_dir: str | None = None,
    progress: BulkProgress | None = None,
) -> BulkReport:
    """Index every release ``specs`` stand for into the catalogue at ``db``; see the module doc."""
    from errdex.sources import default_cache_dir
    from errdex.store import Store
    from errdex.store import bulk as sb

    prog = progress or _Quiet()
    t0 = time.perf_counter()
    store = Store.open(db)
    try:  # the loop below closes the store when it ends; a run that fails before it must too
        cache = Path(cache_dir) if cache_dir else default_cache_dir()
        report = BulkReport(engine=engine)
        prog.note(f"resolving {len(specs)} specs")
        releases, unresolved = _resolve_all(specs, cache)
        for source, reason in unresolved:
            sb.record_failure(store, source, reason)
            report.failed.append((source, reason))
        stored = sb.indexed_pypi_archives(store)
        producer = producer_digest()
        todo: list[Release] = []
        for rel in releases:
            if rel.sha256 is not None and stored.get(rel.sha256) == producer:
                report.skipped.append(rel.source)
            else:
                todo.append(rel)
        if report.skipped:
            sb.clear_failure(store, *report.skipped)
        report.total = len(releases) + len(unresolved)
        status = Status(total=len(todo))
        prog.note(
            f"{len(todo)} releases to index, {len(report.skipped)} already indexed, "
            f"{len(unresolved)} specs unresolved"
        )
        results = _run_local(todo, cache) if engine == "local" or not todo else None
        ray_run: _RayRun | None = None
        if results is None:
            ray_run = _RayRun(workers, ray_address)
            results = ray_run.results(todo, str(cache))
    except BaseException:
        store.close()
        raise
    report.workers = ray_run.workers if ray_run else 1
    status.started = time.perf_counter()  # rates count from the first task, not Ray's start
    changed: set[str] = set()
    try:
        for rel, outcome in results:
            status.done += 1
            if isinstance(outcome, str):
                sb.record_failure(store, rel.source, outcome)
                report.failed.append((rel.source, outcome))
                prog.release_done(rel.source, f"failed: {outcome}", status)
                continue
            repo = _store_one(store, rel, outcome, report, status, prog)
            if repo is not None:
                changed.add(repo)
    finally:  # also when interrupted: every release stored so far stays, in-flight tasks go
        report.run_seconds = time.perf_counter() - status.started
        if ray_run is not None:
            results.close()  # no more tasks queued; ray_run.close() ends those still pending
            ray_run.close()
        with store:
            if changed:  # what was stored is followed across releases and searchable
                t = time.perf_counter()
                after_history_change(store, sorted(changed), _Stages(prog))
                report.index_seconds = time.perf_counter() - t
    report.seconds = time.perf_counter() - t0
    return report


def _store_one(
    store: Any, rel: Release, prep: Prepared, report: BulkReport, status: Status, prog: BulkProgress
) -> str | None:
    """Write one prepared release (the single writer); its codebase when the catalogue changed."""
    from errdex.pipeline import index_snapshot
    from errdex.store import bulk as sb

    t, c = time.perf_counter(), time.process_time()
    summary = index_snapshot(store, prep.snap, prep.left_out, extracted=prep.extracted, rebuild=False)
    report.write_seconds += time.perf_counter() - t
    report.write_cpu_seconds += time.process_time() - c
    report.task_seconds += prep.seconds
    report.task_cpu_seconds += prep.cpu_seconds
    report.reused_files += prep.extracted.reused
    n = len(prep.extracted.ex.records)
    sb.clear_failure(store, rel.source)
    if summary.changed:
        report.indexed += 1
        report.records += n
        status.records += n
    else:
        report.unchanged += 1
    prog.release_done(
        rel.source,
        f"{summary.repo} {summary.version}: {n} records" + ("" if summary.changed else " (unchanged)"),
        status,
    )
    return summary.repo if summary.changed else None


class _Stages:
    """The stages of the final update (``pipeline.Progress``) as the run's notes."""

    def __init__(self, prog: BulkProgress) -> None:
        self._prog = prog

    def stage(self, message: str) -> None:
        self._prog.note(message)

    def start_files(self, total: int) -> None:
        pass

    def advance(self, n: int) -> None:
        pass


def _resolve_all(specs: Sequence[BulkSpec], cache: Path) -> tuple[list[Release], list[tuple[str, str]]]:
    """Every spec's releases (deduplicated, in spec order), and the specs that could not be."""
    import httpx

    from errdex.sources.base import SourceError

    def one(spec: BulkSpec) -> list[Release] | str:
        try:
            return resolve(spec, cache_dir=cache, http=http)
        except SourceError as e:
            return str(e)
        except (httpx.HTTPError, ValueError) as e:  # a broken answer from the registry
            return f"{type(e).__name__}: {e}"

    with (
        httpx.Client(
            timeout=httpx.Timeout(30.0, connect=10.0),
            follow_redirects=True,
            headers={"User-Agent": "errdex (error index; bulk resolution)"},
        ) as http,
        ThreadPoolExecutor(RESOLVE_THREADS) as pool,
    ):
        answers = list(pool.map(one, specs))
    releases: dict[str, Release] = {}
    failed: list[tuple[str, str]] = []
    for spec, answer in zip(specs, answers, strict=True):
        if isinstance(answer, str):
            failed.append((spec.source, answer))
            continue
        for rel in answer:
            releases.setdefault(rel.source, rel)
    return list(releases.values()), failed


def prepare_release(source: str, cache_dir: str, memo: Memo | None = None) -> Prepared | str:
    """One release prepared, or the one-line reason it could not be.

    Failures are values, not exceptions, so a bad release never looks like a crashed worker.
    Extraction runs in this process (``jobs=1``): the parallelism is one task per core.
    """
    from errdex.pipeline import prepare
    from errdex.sources.base import SourceError

    try:
        return prepare(source, jobs=1, cache_dir=cache_dir, memo=memo)
    except SourceError as e:
        return str(e)
    except (OSError, ValueError, RecursionError, MemoryError) as e:
        return f"{type(e).__name__}: {e}"


def prepare_group(sources: list[str], cache_dir: str) -> list[Prepared | str]:
    """The task: releases of one project in order, each file's facts carried to the next."""
    memo: Memo = {}
    return [prepare_release(source, cache_dir, memo) for source in sources]


Outcome = tuple[Release, Prepared | str]  # (release, what its task handed back or why it failed)


def group_releases(todo: Sequence[Release], size: int = GROUP_RELEASES) -> list[list[Release]]:
    """``todo`` as tasks: the releases of one PyPI project (or one other SOURCE) together, in
    their order, at most ``size`` to a task; tasks in the order their first release came."""
    by_key: dict[str, list[list[Release]]] = {}
    order: list[list[Release]] = []
    for rel in todo:
        key = rel.source
        if rel.source.startswith("pypi:") and "==" in rel.source:
            key = "pypi:" + re.sub(r"[-_.]+", "-", rel.source[5:].partition("==")[0].strip().lower())
        runs = by_key.setdefault(key, [])
        if not runs or len(runs[-1]) >= size:
            runs.append([])
            order.append(runs[-1])
        runs[-1].append(rel)
    return order


def _run_local(todo: list[Release], cache: Path) -> Generator[Outcome]:
    for group in group_releases(todo):
        memo: Memo = {}
        for rel in group:  # one at a time, so a long list never holds more than one result
            yield rel, prepare_release(rel.source, str(cache), memo)


class ClusterUnreachable(Exception):
    """``ray_address`` names no Ray cluster this process can join (raised before any task runs).

    Its own type, so that a ``ConnectionError`` from anything later in a run (a download, the
    store) is not reported as a cluster that could not be joined."""


JOIN_TIMEOUT = 10.0  # seconds for a cluster's head to accept a connection


def join_target(address: str) -> tuple[str, int] | None:
    """The host and port that ``address`` (``HOST:PORT``, ``ray://HOST:PORT``, ``[IPv6]:PORT``)
    names; ``None`` for the forms Ray resolves itself (``auto``, ``local``)."""
    m = re.fullmatch(r"(?:ray://)?(\[[^\]/]+\]|[^:/\[\]]+):(\d{1,5})", address.strip())
    if m is None:
        return None
    return m.group(1).strip("[]"), int(m.group(2))


def _check_reachable(address: str) -> None:
    """Fail fast when the head at ``address`` accepts no connection.

    Given a head that is not there, ``ray.init(address=...)`` retries the connection for as long
    as the process lives (Ray 2.60), so a mistyped ``--ray-address`` would hang the command.
    ``auto`` and ``local`` are Ray's to resolve: they fail at once when nothing runs."""
    target = join_target(address)
    if target is None:
        return
    try:
        socket.create_connection(target, timeout=JOIN_TIMEOUT).close()
    except OSError as e:
        raise ClusterUnreachable(
            f"cannot join the Ray cluster at {address}: nothing accepts a connection there ({e})"
        ) from e


class _RayRun:
    """A Ray runtime for one bulk run: the local one started here, or a cluster joined."""

    def __init__(self, workers: int | None, address: str | None) -> None:
        import logging
        import os

        import ray

        self._ray: Any = ray  # untyped: its calls are checked by the tests on a real runtime
        self._own = not ray.is_initialized()
        # ray.init replaces the SIGTERM handler with one that exits at once (status 15): the
        # caller's (errdex's Ctrl-C path: stop the tasks, keep what was stored) is put back.
        on_term = (
            signal.getsignal(signal.SIGTERM)
            if threading.current_thread() is threading.main_thread()
            else None
        )
        if self._own:
            if address:
                _check_reachable(address)
                try:
                    ray.init(address=address, logging_level=logging.WARNING, log_to_driver=False)
                except ConnectionError as e:  # only joining says so; later ones are not ours
                    raise ClusterUnreachable(f"cannot join the Ray cluster at {address}: {e}") from e
            else:
                ray.init(
                    num_cpus=workers or os.cpu_count() or 1,
                    include_dashboard=False,
                    logging_level=logging.WARNING,
                    log_to_driver=False,
                    # results are a release's files and records, tens of MB at most; what does
                    # not fit spills to disk, so the default share of RAM is not needed
                    object_store_memory=512 * 1024 * 1024,
                )
        if on_term is not None:
            signal.signal(signal.SIGTERM, on_term)
        cpus = int(self._ray.available_resources().get("CPU", 1))
        self.workers = min(workers, cpus) if workers else cpus

    def results(self, todo: list[Release], cache_dir: str) -> Generator[Outcome]:
        """Outcomes as tasks finish, keeping ``IN_FLIGHT_PER_WORKER`` tasks a worker queued."""
        ray = self._ray
        task = ray.remote(num_cpus=1, max_retries=1)(prepare_group)
        limit = max(1, self.workers) * IN_FLIGHT_PER_WORKER
        queue = iter(group_releases(todo))
        pending: dict[Any, list[Release]] = {}

        def fill() -> None:
            while len(pending) < limit:
                group = next(queue, None)
                if group is None:
                    return
                pending[task.remote([r.source for r in group], cache_dir)] = group

        fill()
        try:
            while pending:
                ready, _ = ray.wait(list(pending), num_returns=1)
                for ref in ready:
                    group = pending.pop(ref)
                    try:
                        outcomes: list[Prepared | str] = ray.get(ref)
                    except ray.exceptions.RayError as e:  # the worker died (killed, out of memory)
                        outcomes = [f"worker failed: {_first_line(str(e))}"] * len(group)
                    fill()  # the next task starts before this one's releases are written
                    yield from zip(group, outcomes, strict=True)
                fill()
        finally:
            # Stopped early (interrupted): the tasks still pending are left to ``close()``, not
            # ``ray.cancel``led. A cancel racing the reply of a task that is just finishing trips
            # a fatal check in Ray's core worker (``TaskManager::CompletePendingTask``, the race
            # of ray-project/ray#54785) that ends this process with status 1 before errdex can
            # exit 130 and say what stays. The runtime started here ends its job, and the job's
            # workers with it, at ``ray.shutdown()``; a runtime the caller started keeps the
            # in-flight tasks (at most ``IN_FLIGHT_PER_WORKER`` groups a worker) until they end,
            # and Ray frees their results once ``pending``'s references are dropped.
            pending.clear()

    def close(self) -> None:
        if self._own:
            self._ray.shutdown()


def _first_line(text: str) -> str:
    return next((line.strip() for line in text.splitlines() if line.strip()), text)[:500]


def _duration(seconds: float) -> str:
    if seconds == float("inf"):
        return "?"
    seconds = int(seconds)
    if seconds < 60:
        return f"{seconds}s"
    if seconds < 3600:
        return f"{seconds // 60}m{seconds % 60:02d}s"
    return f"{seconds // 3600}h{seconds // 60 % 60:02d}m"
