"""Extraction stage: source files -> ``ErrorRecord``s, by static analysis only.

Indexed code is never imported or executed. Each file is parsed once and walked once in a worker
(``visitor.py``), producing per-module facts plus raise/warn/log/assert sites whose cross-module
references stay symbolic; the parent merges the facts and resolves those references
(``resolve.py``). That split is what lets ``jobs>1`` use a process pool without shipping ASTs or
the whole codebase to every worker, and it makes results independent of ``jobs``: workers are
pure functions of one file, resolution happens in one place in a fixed order.

Memory is bounded by cost, not bytes: parsing takes up to ~1,000x a file's size (one short
statement per line; ordinary code ~200x, see ``errdex.limits``). So a file over
``MAX_PARSE_BYTES`` is not parsed at all, and workers run under an address-space limit
(``WORKER_MEMORY`` above what they start with): a file that needs more is recorded as skipped
with its reason, and so is a file whose worker dies; indexing goes on. Without workers
(``jobs=1``) files over ``IN_PROCESS_BYTES`` are still analysed in a limited worker process.

Every pool is made by ``worker_pool``: its workers watch the indexer's lifeline
(``errdex.lifeline``) and exit when it is gone, even SIGKILLed; an exception leaving the pool's
block (Ctrl-C, or SIGTERM, which the command line turns into one) terminates them at once, and
ends the pool's manager thread in bounded time however the interrupt fell (``stop_pool``).
"""

from __future__ import annotations

import ast
import contextlib
import dataclasses
import gc
import multiprocessing
import os
import signal
import threading
import time
import weakref
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, CancelledError, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import TYPE_CHECKING, Any

from errdex.extract.cache import encode as cache_encode
from errdex.extract.codefacts import code_facts
from errdex.extract.expectations import expectations_in
from errdex.extract.facts import MODULE_CLASSES_MARK, ModuleFacts
from errdex.extract.parse import decode, parse_ast, split_pieces
from errdex.extract.resolve import Resolver, build_records, copy_to_reraises, imported_paths, land_records
from errdex.extract.reuse import Refused, StatementReuse
from errdex.extract.symbols import module_name
from errdex.extract.visitor import ModuleVisitor
from errdex.interrupts import held
from errdex.lifeline import lifeline, watch
from errdex.limits import IN_PROCESS_BYTES, MAX_PARSE_BYTES, WORKER_MEMORY, MiB, analysis_budget
from errdex.model import CodeFacts, ErrorRecord, FileReport, SourceFile, TestExpectation
from errdex.testpaths import is_test_path, lone_conftest, named_only

if not TYPE_CHECKING:  # the same classes, read without the stdlib module's slow path (astutil)
    from errdex.astutil import ast_nodes as ast

__all__ = [
    "STOP_GRACE",
    "Analysis",
    "Extraction",
    "PoolWatch",
    "cache_entry",
    "close_pool",
    "collector_paused",
    "extract",
    "extract_file",
    "is_test_path",
    "start_analysis",
    "stop_pool",
    "worker_context",
    "worker_pool",
]


# Not "testing": numpy.testing and friends are public library code whose errors users hit.


@dataclass
class Extraction:
    """Everything extracted from one snapshot."""

    records: list[ErrorRecord] = field(default_factory=list)  # sorted (path, line, template, ...)
    files: list[FileReport] = field(default_factory=list)  # one per .py file, sorted by path
    symbols: set[str] = field(default_factory=set)  # dotted names the codebase defines
    code: dict[str, CodeFacts] = field(default_factory=dict)  # path -> facts, for parsed files
    expectations: list[TestExpectation] = field(default_factory=list)  # tests expecting errors
    # What the workers learned from each file analysed in this run (not given as ``known``):
    # the caller may keep it, so the next release need not parse the same bytes again.
    fresh: dict[str, ModuleFacts] = field(default_factory=dict)
    # the cache entries of ``fresh`` files made by the workers (``extract(encode=True)``)
    encoded: dict[str, bytes] = field(default_factory=dict)
    # ``extract(statements=...)``: each analysed file's statement entries (``reuse``), and how
    # many top-level defs/classes were replayed rather than walked
    libraries: dict[str, bytes] = field(default_factory=dict)
    replayed: int = 0


def _defines_tests(tree: ast.Module) -> bool:
    """Whether a module holds tests a collector would run: ``test*`` functions or ``Test*`` classes.

    Libraries ship helpers named like tests (jax/_src/test_util.py, jax/test_util.py) whose
    errors users do hit; a file name alone must not drop them from the catalogue.
    """
    for node in tree.body:
        if isinstance(node, _T_FUNCTIONDEF_ASYNCFUNCTIONDEF) and node.name.startswith("test"):
            return True
        if isinstance(node, ast.ClassDef) and (node.name.startswith("Test") or _has_test_methods(node)):
            return True
    return False


def _library_code(path: str, tree: ast.Module) -> bool:
    """A file only its name calls test code whose body says it is the library's own module."""
    if named_only(path):
        return not _defines_tests(tree)
    return lone_conftest(path) and not _pytest_conftest(tree)


_PYTEST_NAMES = frozenset({"pytest_plugins", "collect_ignore", "collect_ignore_glob"})


def _pytest_conftest(tree: ast.Module) -> bool:
    """Whether a ``conftest.py`` is pytest's: it imports pytest, defines ``pytest_*`` hooks or
    fixtures, or sets the names pytest reads from it. One that does none of these is a library
    module pytest would load for nothing (beartype's ``_conf/conftest.py`` validates its
    configuration): its raises are errors users hit."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import) and any(
            a.name.split(".")[0] in ("pytest", "_pytest") for a in node.names
        ):
            return True
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in ("pytest", "_pytest"):
            return True
        if isinstance(node, ast.Name) and node.id in _PYTEST_NAMES:
            return True
        if isinstance(node, _T_FUNCTIONDEF_ASYNCFUNCTIONDEF) and (
            node.name.startswith("pytest_") or any("fixture" in ast.unparse(d) for d in node.decorator_list)
        ):
            return True
    return False


def _has_test_methods(node: ast.ClassDef) -> bool:
    """A class of ``test*`` methods is a test class whatever its name (celery's ``test_Worker``,
    ``FooTests(TestCase)``): collectors are configured to find them."""
    return any(
        isinstance(item, _T_FUNCTIONDEF_ASYNCFUNCTIONDEF) and item.name.startswith("test")
        for item in node.body
    )


def extract_file(path: str, data: bytes, statements: StatementReuse | None = None) -> ModuleFacts:
    """Analyse one file; never raises for bad input (the reason goes into the facts).

    With ``statements``, its top-level defs/classes whose walk an earlier one of the same path
    recorded are replayed where their text and reads are equal (``reuse``), and this walk's
    entries are left in ``statements.library``."""
    if len(data) > MAX_PARSE_BYTES:
        return _skipped(
            path, f"too large to analyse ({len(data) / MiB:.1f} MiB; the cap is {MAX_PARSE_BYTES // MiB} MiB)"
        )
    try:
        try:
            return _analyse(path, data, statements)
        except Refused:  # a replayed statement's output changed later: walk the whole file
            assert statements is not None
            statements.reset()
            return _analyse(path, data, statements)
    except MemoryError:
        return _skipped(path, "too large to analyse (out of memory: over the analysis memory budget)")


def _skipped(path: str, reason: str) -> ModuleFacts:
    module, _ = module_name(path)
    facts = ModuleFacts(path=path, module=module, status="skipped", is_test=is_test_path(path))
    facts.reason = reason
    if module:
        facts.symbols.add(module)
    return facts


def _analyse(path: str, data: bytes, statements: StatementReuse | None = None) -> ModuleFacts:
    module, is_package = module_name(path)
    is_test = is_test_path(path)
    facts = ModuleFacts(path=path, module=module, is_test=is_test)
    if module:
        facts.symbols.add(module)
    decoded = decode(data)
    note = decoded.note
    # reuse below the file: the defs/classes an earlier walk has entries for are not parsed
    tree = statements.chunked(decoded.text, path) if statements is not None and not is_test else None
    reason = None
    if tree is None:
        tree, reason = parse_ast(decoded.text, path)
    if tree is not None:
        _gather(facts, tree, is_test, None if is_test else statements, decoded.text)
    if tree is not None and is_test and _library_code(path, tree):
        is_test = facts.is_test = False
    if tree is not None:
        if statements is not None and not is_test:
            visitor = statements.visitor(facts, is_package, decoded.text)
        else:
            visitor = ModuleVisitor(facts, is_package, decoded.text, want_sites=not is_test)
        try:
            visitor.run(tree.body)
            facts.reason = note
            return facts
        except RecursionError:
            reason = "nesting too deep (RecursionError in analysis)"
        finally:
            visitor.close()
    del tree
    return _fallback(path, decoded.text, module, is_package, is_test, reason or "unparseable", note)


def _gather(
    facts: ModuleFacts,
    tree: ast.Module,
    is_test: bool,
    statements: StatementReuse | None = None,
    text: str = "",
) -> None:
    """What analysis and test linking need from this tree, so no later stage parses the file."""
    # pathological nesting raises RecursionError: the file's records are still extracted
    with contextlib.suppress(RecursionError):
        facts.code = code_facts(tree) if statements is None else statements.code_facts(tree, text)
    if facts.code is not None:
        facts.func_names = sorted({f.qualname.rpartition(".")[2] for f in facts.code.functions})
    if is_test:
        with contextlib.suppress(RecursionError):
            facts.expectations = expectations_in(facts.path, tree, text or None)


def _fallback(
    path: str, text: str, module: str, is_package: bool, is_test: bool, reason: str, note: str | None
) -> ModuleFacts:
    """Analyse the pieces tree-sitter can delimit and ``ast`` can parse one at a time."""
    facts = ModuleFacts(path=path, module=module, is_test=is_test)
    if module:
        facts.symbols.add(module)
    try:
        split = split_pieces(text, path)
        pieces = [p for p in split.pieces if p[0]]
        if pieces:
            visitor = ModuleVisitor(facts, is_package, text, want_sites=not is_test)
            try:
                visitor.run_pieces(pieces)
            finally:
                visitor.close()
            facts.status = "fallback"
            facts.reason = "; ".join(x for x in (reason, note) if x)
            return facts
    except (RecursionError, ValueError) as exc:  # pragma: no cover - defensive
        reason = f"{reason}; fallback failed: {type(exc).__name__}"
    skipped = ModuleFacts(path=path, module=module, status="skipped", is_test=is_test)
    skipped.reason = "; ".join(x for x in (reason, note) if x)
    if module:
        skipped.symbols.add(module)
    return skipped


# a file's facts, (when asked for) their cache encoding made beside them, and (reuse below
# the file) its statement entries and how many statements were replayed
Analysed = tuple[ModuleFacts, bytes | None, tuple[bytes, int] | None]
Done = Callable[[str, ModuleFacts, bytes | None, tuple[bytes, int] | None], None]
# path -> the statement entries of earlier walks of it (``reuse``; ``[]``: none, recorded now);
# a path not in it, or None: no reuse below the file
Priors = Mapping[str, Sequence[bytes]] | None


def _work(chunk: list[tuple[str, bytes]], encode: bool = False, priors: Priors = None) -> list[Analysed]:
    """Analyse a chunk of files with the cyclic GC paused.

    ASTs are large and acyclic, so the cyclic collector only burns time rescanning them (it cost
    ~15% of the run); reference counting still frees every tree as soon as its file is done.
    With ``encode``, each file's cache entry (``cache.encode``, without the code facts, which
    the catalogue stores in tables of their own) is made here too: in the workers, in
    parallel, instead of one after another in the parent.
    """
    with collector_paused():
        out: list[Analysed] = []
        for path, data in chunk:
            statements = StatementReuse(priors[path]) if priors is not None and path in priors else None
            facts = extract_file(path, data, statements)
            made = (statements.library or b"", statements.reused) if statements is not None else None
            out.append((facts, cache_entry(facts) if encode else None, made))
        return out


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """The cyclic GC off for the block (and back on after it only if it was on before)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def cache_entry(facts: ModuleFacts) -> bytes:
    """What the extraction cache stores for a file: its facts without the code facts."""
    return cache_encode(dataclasses.replace(facts, code=None))


def _chunks(items: list[tuple[str, bytes]], n: int) -> list[list[tuple[str, bytes]]]:
    """About ``n`` chunks per worker, balanced by size so one huge file does not stall a worker."""
    target = max(1, sum(len(d) for _, d in items) // max(1, n))
    out: list[list[tuple[str, bytes]]] = []
    cur: list[tuple[str, bytes]] = []
    size = 0
    for item in items:
        cur.append(item)
        size += len(item[1])
        if size >= target:
            out.append(cur)
            cur, size = [], 0
    if cur:
        out.append(cur)
    return out


def _limit_memory(extra: int) -> None:
    """Worker initializer: cap the address space at what the worker has mapped now plus ``extra``.

    Past the cap allocations fail, so an over-budget file raises MemoryError in its own analysis
    (and is skipped) instead of the kernel killing a process, or the machine, for it.
    """
    try:
        import resource

        with open("/proc/self/statm") as f:
            mapped = int(f.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
        _, hard = resource.getrlimit(resource.RLIMIT_AS)
        limit = mapped + extra if hard == resource.RLIM_INFINITY else min(mapped + extra, hard)
        resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    except (ImportError, OSError, ValueError):  # no /proc or no rlimits here: run unlimited
        pass


def worker_context() -> multiprocessing.context.ForkServerContext:
    """The start method of every extraction worker: forkserver, not fork (the caller may have
    threads, a web server or a progress bar, and forking a threaded process can deadlock the
    child), with the extractor imported once by the fork server.

    Each worker is then forked with the extractor loaded, where it used to import it on its
    first task: ~0.26 s of CPU a worker, two a pool and one pool a release (~10 s of a
    20-release history). ``__main__`` is the default preload, kept. The preload is read when
    the fork server starts, the first pool of the process: every pool of the package takes its
    context from here, so whichever comes first starts it with the extractor.
    """
    ctx = multiprocessing.get_context("forkserver")
    ctx.set_forkserver_preload(["__main__", __name__])
    return ctx


def _worker_init(memory: int | None, line: Connection) -> None:
    """Worker initializer: watch the indexer's lifeline (the watching thread's stack is mapped
    before the memory cap is measured, so it costs the budget nothing), leave SIGINT to the
    indexer, which stops its workers itself (``worker_pool``: a terminal's Ctrl-C reaches the
    whole process group, and a worker interrupted mid-task would only print a traceback), and
    cap the memory (``_limit_memory``)."""
    watch(line)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if memory is not None:
        _limit_memory(memory)


class _Pool(ProcessPoolExecutor):
    """A ``ProcessPoolExecutor`` whose ``submit`` a Ctrl-C does not cut (``errdex.interrupts``).

    ``submit`` starts a worker while the pool has fewer than it may: the fork server forks it
    and sends back its pid, and only then does the pool note it. Interrupted in between, the
    worker runs on unknown to ``stop_pool``, reading the pool's work and holding its pipes open
    (so a stop cannot end the executor's threads, and the process cannot exit) until this
    process is gone. Held, the interrupt lands once the submit is done: a fork server's round
    trip, well under a second.
    """

    # the futures submitted that something still holds, for ``stop_pool``: weakly, so a caller
    # that drops each future once read (``--env`` extracts whole distributions, one a future)
    # does not have every result kept alive until the pool ends
    futures: weakref.WeakSet[Future[Any]]

    def submit[**P, T](self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        with held():
            future = super().submit(fn, *args, **kwargs)
            self.futures.add(future)
            return future


@contextlib.contextmanager
def worker_pool(workers: int, memory: int | None = WORKER_MEMORY) -> Iterator[ProcessPoolExecutor]:
    """A process pool of the extractor's start method whose workers never outlive this process
    (the lifeline), capped at ``memory`` bytes each beyond what they start with (None: no cap).

    Leaving the block normally waits for the pool's work as ``with ProcessPoolExecutor`` does,
    for at most ``CLOSE_GRACE`` (``close_pool``).
    Leaving it by an exception (Ctrl-C, SIGTERM turned into ``KeyboardInterrupt`` by the
    command line, an error), or being interrupted in that wait, cancels what has not started
    and stops the workers at once (``stop_pool``), where ``with`` would have waited for every
    submitted task to finish first.
    """
    pool = _new_pool(workers, memory)
    try:
        yield pool
        close_pool(pool)
    except BaseException:
        stop_pool(pool)
        raise


def _new_pool(workers: int, memory: int | None) -> _Pool:
    """A pool as ``worker_pool`` makes it; whoever holds it shuts it down or stops it."""
    pool = _Pool(
        max_workers=workers,
        mp_context=worker_context(),
        initializer=_worker_init,
        initargs=(memory, lifeline()),
    )
    pool.futures = weakref.WeakSet()
    return pool


STOP_GRACE = 5.0  # seconds the workers have to leave on SIGTERM before SIGKILL, and the manager after


def stop_pool(pool: ProcessPoolExecutor) -> None:
    """Stop ``pool`` now: cancel its pending work, end its workers (SIGTERM, then SIGKILL after
    ``STOP_GRACE``) and its manager thread. Bounded (about twice ``STOP_GRACE`` at worst) in
    whatever state the pool is or the interrupt left its futures in (``_unlock_futures``), a
    Ctrl-C held meanwhile; a second call does nothing.

    The manager thread is what could hang the process (docs/measurements/hang1.md): it reads
    each result whole, and a worker ended between writing a result's length and its last byte
    leaves it blocked in ``read`` for bytes that never come, where no stop reaches it, and the
    interpreter joins it at exit, forever. Once the workers are dead this process holds the only
    write end of the result pipe left: closing it ends that read (EOF), and the manager marks the
    pool broken and leaves. Reading ``_processes`` and the queues is reading the executor's
    internals (``terminate_workers`` is Python 3.14's, and it would not close the pipe).
    """
    with held():
        _unlock_futures(pool)
        procs = list((pool._processes or {}).values())
        # (typeshed calls this attribute a _ThreadWakeup; it is the manager Thread)
        manager: threading.Thread | None = getattr(pool, "_executor_manager_thread", None)
        results = pool._result_queue
        # the workers first: until they are gone the manager may hold the pool's lock while it
        # joins them, and shutdown takes that lock
        _end_processes(procs)
        if results is not None:
            results._writer.close()  # type: ignore[attr-defined]  # SimpleQueue's write end
        pool.shutdown(wait=False, cancel_futures=True)
        if manager is not None:
            manager.join(STOP_GRACE)


def _unlock_futures(pool: ProcessPoolExecutor) -> None:
    """Release the locks of the pool's futures that this thread still holds.

    A ``KeyboardInterrupt`` raised just as ``Future.result``, ``done`` or ``wait`` had taken a
    future's lock (inside ``threading.Condition.__enter__``, before the ``with`` that releases
    it had begun) leaves it held by the main thread; the manager thread, setting that future's
    result or failing it, then waits for the lock forever, while holding the pool's own lock
    that ``shutdown`` takes. Nothing in this thread is inside a future's method by now (the
    interrupt has unwound them), so whatever it holds is such a leftover.
    """
    futures = (
        list(pool.futures)
        if isinstance(pool, _Pool)
        else [w.future for w in list(pool._pending_work_items.values())]
    )
    for future in futures:
        lock: Any = future._condition._lock  # type: ignore[attr-defined]  # an RLock
        while lock._is_owned():
            lock.release()


def _end_processes(procs: Sequence[multiprocessing.process.BaseProcess]) -> None:
    """SIGTERM to each, SIGKILL to those still running ``STOP_GRACE`` later; each reaped."""
    for proc in procs:
        with contextlib.suppress(OSError, ValueError):
            proc.terminate()
    deadline = time.monotonic() + STOP_GRACE
    for proc in procs:
        with contextlib.suppress(OSError, ValueError, AssertionError):
            proc.join(max(0.0, deadline - time.monotonic()))
    for proc in procs:
        with contextlib.suppress(OSError, ValueError, AssertionError):
            if proc.is_alive():
                proc.kill()
                proc.join(STOP_GRACE)


_DIED = "analysis worker died (killed, or out of memory); file skipped"

CLOSE_GRACE = 30.0  # seconds a pool whose work is all done has to end its workers and thread
POLL = 0.25  # seconds between looks at a pool's workers while nothing it was given is done


def close_pool(pool: ProcessPoolExecutor) -> None:
    """``pool.shutdown(wait=True)``, bounded: a pool not closed within ``CLOSE_GRACE`` (a
    worker that does not leave: stopped, or stuck) is stopped (``stop_pool``).

    The shutdown runs in a thread of its own because every step of it can wait without end: for
    the pool's lock, which the manager thread holds while it joins the workers of a broken pool,
    and for the manager thread itself, which joins each worker. An exception here (Ctrl-C)
    leaves the caller's ``except`` to stop the pool, and the thread then ends with it.
    """

    def shut() -> None:
        with contextlib.suppress(BrokenProcessPool, OSError):
            pool.shutdown(wait=True)

    closer = threading.Thread(target=shut, name="errdex-pool-close", daemon=True)
    closer.start()
    closer.join(CLOSE_GRACE)
    if closer.is_alive():
        stop_pool(pool)
        closer.join(STOP_GRACE)


def _dead_worker(pool: ProcessPoolExecutor) -> bool:
    """Whether a worker of ``pool`` has ended (its sentinel is ready). Workers end only when
    the pool shuts down, so while the pool has work, one ended has died."""
    procs = list((pool._processes or {}).values())
    sentinels = []
    for proc in procs:
        with contextlib.suppress(ValueError):  # closed meanwhile: the manager has joined it
            sentinels.append(proc.sentinel)
    return bool(sentinels) and bool(multiprocessing.connection.wait(sentinels, timeout=0))


@dataclass
class PoolWatch:
    """Waits on the futures of a pool, never without bound (docs/measurements/hist29.md).

    ``concurrent.futures`` learns of a dead worker only while its manager thread waits on the
    workers' sentinels. A worker killed part way through sending a result (SIGKILL, the kernel's
    OOM killer) leaves that thread reading the rest of the message, which never comes: the
    pipe's write ends stay open (this process holds one), so no sentinel is looked at again, the
    futures stay pending and ``Future.result()`` waits forever. So the watch looks at the
    workers itself between waits: a worker dead while futures are pending, or none done for
    ``stall`` seconds (a worker alive but stopped or stuck), and the pool is given up: stopped
    (``stop_pool``, which also ends that read), with ``reason`` saying why. What was not done
    by then is the caller's to do again or to record as failed.
    """

    pool: ProcessPoolExecutor
    stall: float  # seconds without any future done after which the pool is given up
    reason: str | None = None  # why the pool was given up (and stopped); None while it works
    last: float = field(default_factory=time.monotonic)

    def wait(self, futures: Collection[Future[Any]]) -> set[Future[Any]]:
        """The futures done, once one is; given up, those done by then (maybe none)."""
        while self.reason is None:
            done, _ = wait(futures, timeout=POLL, return_when=FIRST_COMPLETED)
            if done:
                self.last = time.monotonic()
                return done
            if _dead_worker(self.pool):
                self.give_up(_DIED)
            elif time.monotonic() - self.last > self.stall:
                self.give_up(f"analysis took over {self.stall:.0f} s (the time limit); file skipped")
        return {f for f in futures if f.done()}

    def give_up(self, reason: str) -> None:
        self.reason = reason
        stop_pool(self.pool)


def _outcome(watch: PoolWatch, fut: Future[list[Analysed]]) -> list[Analysed] | str:
    """The future's result, or why there is none (the worker died, or took too long)."""
    if fut not in watch.wait([fut]):
        return watch.reason or _DIED
    try:
        return fut.result()
    except (BrokenProcessPool, CancelledError):
        return watch.reason or _DIED


# how files are analysed: with their cache entries made (``encode``), and reuse below the file
Opts = tuple[bool, Priors]


def _for(opts: Opts, chunk: list[tuple[str, bytes]]) -> Opts:
    """``opts`` for one chunk of work: only its own files' statement entries go to its worker."""
    encode, priors = opts
    if priors is None:
        return opts
    return encode, {path: priors[path] for path, _ in chunk if path in priors}


def _isolated(items: list[tuple[str, bytes]], done: Done, opts: Opts) -> None:
    """Analyse files one at a time in a memory-limited worker, so that a worker's death is
    pinned on the file it was working on: that file is recorded as skipped and a new worker
    takes the rest. Each new worker first runs an empty task: if even that dies, workers cannot
    run here at all (a sandbox, a broken interpreter), and no file is to blame."""
    pending = list(reversed(items))
    while pending:
        try:
            with worker_pool(1) as pool:
                if not _isolated_run(pool, pending, done, opts):
                    break
        except OSError:  # no processes on this host
            break
    _in_process(reversed(pending), done, opts)


def _isolated_run(
    pool: ProcessPoolExecutor, pending: list[tuple[str, bytes]], done: Done, opts: Opts
) -> bool:
    """Files from the end of ``pending`` in one single-worker pool until it breaks (the file it
    held skipped); False when the pool cannot even run an empty task."""
    probe = pool.submit(_work, [], *_for(opts, []))
    if isinstance(_outcome(PoolWatch(pool, analysis_budget(0)), probe), str):
        return False
    while pending:
        path, data = pending[-1]
        watch = PoolWatch(pool, analysis_budget(len(data)))
        result = _outcome(watch, pool.submit(_work, [(path, data)], *_for(opts, [(path, data)])))
        pending.pop()
        if isinstance(result, str):
            done(path, _skipped(path, result), None, None)
            return True  # this pool is unusable; a new one takes the rest
        done(path, *result[0])
    return True


def _needs_worker(data: bytes) -> bool:
    """Parsed only under a worker's memory limit: over ``IN_PROCESS_BYTES`` (and under the cap,
    past which nothing parses it at all)."""
    return IN_PROCESS_BYTES < len(data) <= MAX_PARSE_BYTES


def _in_process(items: Iterable[tuple[str, bytes]], done: Done, opts: Opts) -> None:
    """Without workers: files up to ``IN_PROCESS_BYTES`` here, larger ones skipped.

    The collector stays paused across all the files, not file by file as ``_work`` would: with
    it back on between files, its full collections rescanned the facts of every file done so
    far (a tenth of a one-process index of jax).
    """
    with collector_paused():
        for path, data in items:
            if _needs_worker(data):
                done(path, _skipped(path, "too large to analyse without a worker process"), None, None)
            else:
                done(path, *_work([(path, data)], *_for(opts, [(path, data)]))[0])


def _serial(items: list[tuple[str, bytes]], done: Done, opts: Opts) -> None:
    """In this process, except files too large to risk here: those go to a limited worker."""
    _in_process([i for i in items if not _needs_worker(i[1])], done, opts)
    big = [i for i in items if _needs_worker(i[1])]
    if big:
        _isolated(big, done, opts)


@dataclass
class Analysis:
    """One snapshot's files handed to the extraction's workers (``start_analysis``), not yet
    gathered (``collect``) or resolved (``resolve``). Between the start and the gathering the
    caller is free to work while the workers parse: the history indexer resolves and writes
    the previous release meanwhile (``pipeline.index_releases``), so its serial stages no
    longer leave a core idle. Started and gathered at once, it is what ``extract`` does."""

    every: list[tuple[str, bytes]]  # every ``.py`` file, sorted by path
    items: list[tuple[str, bytes]]  # those to parse (the rest were ``known``)
    by_path: dict[str, ModuleFacts]  # path -> facts, the known ones first
    workers: int
    opts: Opts
    pool: ProcessPoolExecutor | None = None  # None: parsed in ``collect``, in this process
    chunks: list[list[tuple[str, bytes]]] = field(default_factory=list)
    futures: list[Future[list[Analysed]]] = field(default_factory=list)
    encoded: dict[str, bytes] = field(default_factory=dict)
    libraries: dict[str, bytes] = field(default_factory=dict)
    replayed: int = 0

    def stop(self) -> None:
        """End the workers at once (an interrupt, or an error, before ``collect``)."""
        if self.pool is not None:
            stop_pool(self.pool)
            self.pool = None

    def collect(self, progress: Callable[[int], None] | None = None) -> None:
        """Wait for every file's facts (``progress`` told of each, the known ones at once)."""
        if progress is not None and self.by_path:
            progress(len(self.by_path))

        def done(path: str, facts: ModuleFacts, entry: bytes | None, made: tuple[bytes, int] | None) -> None:
            self.by_path[path] = facts
            if entry is not None:
                self.encoded[path] = entry
            if made is not None:
                self.libraries[path], n = made
                self.replayed += n
            if progress is not None:
                progress(1)

        if self.pool is None:
            _serial(self.items, done, self.opts)
            return
        pool, self.pool = self.pool, None
        finished: set[int] = set()
        try:
            try:
                self._gather(pool, done, finished)
            except BaseException:  # as ``worker_pool`` leaves its block
                stop_pool(pool)
                raise
        except OSError:  # no processes on this host (a sandbox): analyse here, within the caps
            _serial([i for i in self.items if i[0] not in self.by_path], done, self.opts)
            return
        self.futures.clear()
        left = [item for i, c in enumerate(self.chunks) if i not in finished for item in c]
        if left:  # a worker died: the unfinished files, one by one, pin it on its file
            _isolated(left, done, self.opts)

    def _gather(self, pool: ProcessPoolExecutor, done: Done, finished: set[int]) -> None:
        """Every chunk's facts that the pool delivers (their indexes added to ``finished``),
        handed to ``done`` in the chunks' order whatever order they come in (the cache rows
        written follow it); the pool closed, or stopped where it was given up (``PoolWatch``:
        a worker dead, or no chunk done within the largest chunk's time limit)."""
        watch = PoolWatch(pool, max(analysis_budget(sum(len(d) for _, d in c)) for c in self.chunks))
        pending = {fut: i for i, fut in enumerate(self.futures)}
        came: dict[int, list[Analysed] | None] = {}  # None: failed with the pool
        first = 0  # the first chunk not handed on yet

        def hand_on(i: int) -> None:
            result = came.pop(i)
            if result is not None:
                for (path, _), analysed in zip(self.chunks[i], result, strict=True):
                    done(path, *analysed)
                finished.add(i)

        # ``while True`` with the tests inside (python/cpython#130279: see ``environment``)
        while True:
            if not pending or watch.reason is not None:
                break
            for fut in watch.wait(pending):
                i = pending.pop(fut)
                try:
                    came[i] = fut.result()
                except (BrokenProcessPool, CancelledError):
                    came[i] = None  # every chunk not finished when a worker died fails alike
            while first in came:
                hand_on(first)
                first += 1
        for i in sorted(came):
            hand_on(i)
        if watch.reason is None:
            close_pool(pool)

    def resolve(self, repo: str) -> Extraction:
        """The records of the snapshot: its files' sites resolved across its modules (in this
        process, in a fixed order), once ``collect`` has every file's facts."""
        facts = [self.by_path[path] for path, _ in self.every]
        resolver = Resolver(facts)
        out = Extraction(
            fresh={path: self.by_path[path] for path, _ in self.items},
            encoded=self.encoded,
            libraries=self.libraries,
            replayed=self.replayed,
        )
        landed: list[tuple[ErrorRecord, tuple[str, int]]] = []
        try:
            for f in facts:
                out.files.append(
                    FileReport(f.path, f.status, f.reason, f.is_test, f.module, module_name(f.path)[1])
                )
                out.symbols |= f.symbols
                if f.code is not None:
                    out.code[f.path] = f.code
                # copies: linking fills ``error_ids``, and ``known`` facts serve several releases
                out.expectations.extend(dataclasses.replace(e, error_ids=[]) for e in f.expectations)
                if f.sites:
                    out.records.extend(build_records(repo, f.path, f.sites, resolver, landed))
        finally:
            resolver.close()
        out.records = land_records(repo, out.records, landed)
        copies = [
            (f.path, s.line, s.exc.copied, s.exc.relayed) for f in facts for s in f.sites if s.exc.copied
        ]
        relayed = {(f.path, s.line): s.exc.relayed_from for f in facts for s in f.sites if s.exc.relayed}
        reach = imported_paths(facts, relayed)
        out.records = copy_to_reraises(repo, out.records, copies, resolver, reach)
        out.records = _registry_owns_its_own(out.records, facts)
        cut = {(f.path, s.line) for f in facts for s in f.sites if s.exc.reraised}
        for r in out.records:
            # a raise of a message the function was given is a relay only where calls supply one
            # (a caught exception re-raised with its trail cut relays whatever its callers do)
            if r.relay and f"{module_name(r.path)[0]}.{r.function}" not in resolver.supplied_to:
                r.relay = (r.path, r.line) in cut
        out.records.sort(key=lambda r: (r.path, r.line, r.template, r.exc_type, r.kind, r.function))
        return out


def _registry_owns_its_own(records: list[ErrorRecord], facts: Sequence[ModuleFacts]) -> list[ErrorRecord]:
    """Drop the texts a raise of a class looked up among a module's members (``raise cls()``
    for the ``cls`` whose ``error`` matched, ``MODULE_CLASSES_MARK``) shares with a raise naming
    that class: oauthlib's ``raise MismatchingStateError()`` prints exactly what the registry
    raise of that class does, and the site that names the class is where the text is decided.
    The registry keeps the texts no other raise prints (``(invalid_grant) `` with no request),
    the only ones it can answer better than a tie (acc179). Nothing to do in most codebases."""
    loops = {
        (f.path, s.line)
        for f in facts
        for s in f.sites
        if any(MODULE_CLASSES_MARK in r for r in s.exc.types_refs)
    }
    if not loops:
        return records
    named = {(r.exc_qualname, r.template) for r in records if (r.path, r.line) not in loops}
    return [r for r in records if (r.path, r.line) not in loops or (r.exc_qualname, r.template) not in named]


def start_analysis(
    files: Sequence[SourceFile],
    *,
    jobs: int | None = None,
    known: Mapping[str, ModuleFacts] | None = None,
    encode: bool = False,
    statements: Priors = None,
) -> Analysis:
    """Hand the files not ``known`` to a pool of ``jobs`` workers (every core when None) and
    return at once; with one worker, or one file, they are parsed in ``collect`` here instead
    (files too large to risk here in a limited worker). See ``extract`` for the arguments."""
    every = sorted(((f.path, f.data) for f in files if f.path.endswith(".py")), key=lambda x: x[0])
    known = known or {}
    workers = jobs if jobs is not None else (os.cpu_count() or 1)
    analysis = Analysis(
        every,
        [i for i in every if i[0] not in known],
        {path: known[path] for path, _ in every if path in known},
        workers,
        (encode, statements),
    )
    if workers <= 1 or len(analysis.items) < 2:
        return analysis
    analysis.chunks = _chunks(analysis.items, workers * 8)
    try:
        analysis.pool = _new_pool(workers, WORKER_MEMORY)
        for c in analysis.chunks:
            analysis.futures.append(analysis.pool.submit(_work, c, *_for(analysis.opts, c)))
    except OSError:  # no processes on this host (a sandbox): ``collect`` parses them here
        analysis.stop()
        analysis.futures.clear()
    except BaseException:
        analysis.stop()
        raise
    return analysis


def extract(
    files: Sequence[SourceFile],
    repo: str,
    *,
    jobs: int | None = None,
    progress: Callable[[int], None] | None = None,
    known: Mapping[str, ModuleFacts] | None = None,
    encode: bool = False,
    statements: Priors = None,
) -> Extraction:
    """Extract every error record of a snapshot. ``jobs=None`` uses every core.

    ``known`` holds the per-file facts of files whose bytes were analysed before (an earlier
    release): those are not parsed again, and only the cross-module resolution runs over them.
    ``encode`` also makes the cache entry of each file analysed now (``Extraction.encoded``).
    ``statements`` (path -> earlier statement entries of it; ``[]`` to only record) turns on
    reuse below the file (``reuse``) for the paths it names: the entries of those analysed
    now are left in ``Extraction.libraries`` (a path it does not name is analysed as without
    it).
    """
    analysis = start_analysis(files, jobs=jobs, known=known, encode=encode, statements=statements)
    try:
        analysis.collect(progress)
    except BaseException:
        analysis.stop()
        raise
    return analysis.resolve(repo)


# The type tuples of this module's ``isinstance`` tests, made once: ``isinstance(x, A | B)``
# builds a new union object each time it runs (~0.4 us; the extractor runs such tests ~500k
# times while jax 0.10.2 is extracted), where a tuple made once answers the same.
_T_FUNCTIONDEF_ASYNCFUNCTIONDEF = (ast.FunctionDef, ast.AsyncFunctionDef)
