"""``errdex index``: sources -> extract -> store, then the derived indexes.

This module is the only place that knows the order of the stages; the stages themselves never
call each other. It is also where the derived artifacts (the match index, test links) are rebuilt
after a snapshot lands, so a cold ``errdex explain`` finds them ready.
"""

from __future__ import annotations

import contextlib
import gc
import time
from collections import Counter
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from errdex.model import Snapshot, SourceFile


class Progress(Protocol):
    """What the indexer reports while it works; the CLI renders it as a bar or plain lines."""

    def stage(self, message: str) -> None: ...

    def start_files(self, total: int) -> None: ...

    def advance(self, n: int) -> None: ...


class _Quiet:
    def stage(self, message: str) -> None:
        pass

    def start_files(self, total: int) -> None:
        pass

    def advance(self, n: int) -> None:
        pass


@dataclass(slots=True)
class IndexSummary:
    repo: str
    version: str
    ref_kind: str
    snapshot_id: int
    changed: bool
    replaced: bool
    files: int
    indexed: int
    fallback: int
    skipped: int
    tests: int
    errors: int
    warnings: int
    logs: int
    assertions: int
    expectations: int
    linked_expectations: int
    seconds: float
    reused: int = 0  # files whose extraction an earlier release provided (not parsed again)
    tests_from: str | None = None  # the sdist the tests came from, when the wheel had none
    tests_unread: str | None = None  # the sdist holding them, not read (``sdist_tests=False``)
    skipped_files: list[tuple[str, str]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    def line(self) -> str:
        """One line: what was indexed, what was found, how long it took."""
        head = f"{self.repo} {self.version}: "
        if not self.changed:
            return head + "already indexed with identical content; nothing changed."
        return head + (
            f"{self.files} files ({self.indexed} indexed, {self.fallback} fallback, {self.skipped} skipped, "
            f"{self.tests} tests{f' from {self.tests_from}' if self.tests_from else ''}"
            f"{f', the tests of {self.tests_unread} not read' if self.tests_unread else ''}"
            f"{f', {self.reused} reused' if self.reused else ''}), {self.errors} errors, "
            f"{self.warnings} warnings, {self.logs} log calls, "
            f"{self.assertions} assertions in {self.seconds:.1f}s"
            + (
                f"; {self.linked_expectations} of {self.expectations} test expectations linked to their "
                f"raise sites ({self.linked_expectations / self.expectations:.0%})"
                if self.expectations
                else ""
            )
        )


def index(
    spec: str,
    db: str | None = None,
    *,
    jobs: int | None = None,
    progress: Progress | None = None,
    cache_dir: str | None = None,
    sdist_tests: bool = True,
    tests: bool = True,
) -> IndexSummary:
    """Index one snapshot into the catalogue; re-indexing identical content changes nothing.

    ``sdist_tests=False``: a PyPI release whose wheel ships no tests is indexed without fetching
    its sdist for them (``errdex.sources.pypi``): the same catalogue entries and matches, no
    examples from tests on its pages, and half the download. ``tests=False``: no test code at
    all, the files under a tests folder left out too (``errdex.sources.open_source_with_report``):
    the same entries and matches again, no examples, and a release that ships its tests indexed
    in about half the time."""
    from errdex.store import Store

    prog = progress or _Quiet()
    code: HeldCode = {}
    with Store.open(db) as store:
        summary = _index_one(
            store,
            spec,
            jobs=jobs,
            prog=prog,
            cache_dir=cache_dir,
            memo=None,
            code=code,
            sdist_tests=sdist_tests,
            tests=tests,
        )
        if summary.changed or not derived_current(store, summary.repo):
            after_history_change(store, [summary.repo], prog, code=code)
    return summary


def derived_current(store: Any, repo: str) -> bool:
    """Whether what ``after_history_change`` derives is up to date for ``repo``: a run stopped
    (SIGTERM, Ctrl-C, SIGKILL) after its release was stored and before the lineages or the
    match index were, leaves them behind, and indexing the same release again finds the release
    itself unchanged; it then derives them, and the catalogue is what one whole run makes. So
    does a catalogue from before the sites' callers were stored (``count_callers``)."""
    from errdex.history.lineage import lineages_current
    from errdex.match.shared_index import is_current

    return lineages_current(store, repo) and is_current(store) and not store.uncounted_snapshots()


def index_releases(
    specs: list[str],
    db: str | None = None,
    *,
    jobs: int | None = None,
    progress: Progress | None = None,
    cache_dir: str | None = None,
    on_summary: Callable[[IndexSummary], None] | None = None,
    sdist_tests: bool = True,
    overlap: bool = True,
    tests: bool = True,
    list_tags: bool = True,
    copies: Mapping[str, str] | None = None,
) -> list[IndexSummary]:
    """Index several releases (oldest first), each as ``index`` would, sharing the work.

    A file whose bytes an earlier release of the run (or of the catalogue) had is not parsed
    again; the lineages and the match index are rebuilt once, after the last release.
    ``overlap`` (the default): the workers parse a release's changed files while this process
    resolves and writes the release before it (``_overlapped``), the same catalogue as one
    release after another (``overlap=False``) in less wall time. ``sdist_tests``, ``tests``: as
    ``index`` takes them. ``list_tags=False``: no ``git ls-remote`` of the source repositories
    (``after_history_change``), for a run that must not reach past the package registry.
    ``copies``: spec -> a SQLite catalogue holding that release alone, made by ``index_alone``
    with this errdex; its rows are copied (``store.transplant``) instead of indexing the
    release again, where the copy applies (else the release is indexed), in the specs' order:
    the same catalogue as indexing every spec here.
    """
    from errdex.sources.git import fetch_once
    from errdex.store import Store

    prog = progress or _Quiet()
    store = Store.open(db)
    memo: Memo = {}
    out: list[IndexSummary] = []
    merge = _held_merge() if overlap else None  # the match index's merge, made as the run goes
    # the run's own heap freezing (``_settled``), undone at its end; not when something else
    # froze objects (a server's settled heap): unfreezing would hand those back too
    settle = gc.isenabled() and gc.get_freeze_count() == 0

    def done(summary: IndexSummary) -> None:
        out.append(summary)
        if on_summary is not None:
            on_summary(summary)

    try:
        with fetch_once():  # releases of one git URL: only the first one's open refreshes the clone
            for chunk, source in _copy_runs(specs, copies or {}):
                got = _copied(store, chunk[0], source, prog) if source is not None else None
                if got is not None:
                    done(got)
                elif overlap:
                    _overlapped(
                        store,
                        chunk,
                        jobs,
                        prog,
                        cache_dir,
                        memo,
                        sdist_tests,
                        done,
                        merge,
                        settle,
                        tests=tests,
                    )
                else:
                    for spec in chunk:
                        prog.stage(f"release {len(out) + 1}/{len(specs)}: {spec}")
                        done(
                            _index_one(
                                store,
                                spec,
                                jobs=jobs,
                                prog=prog,
                                cache_dir=cache_dir,
                                memo=memo,
                                sdist_tests=sdist_tests,
                                tests=tests,
                            )
                        )
    finally:
        repos = {x.repo for x in out}
        changed = sorted(
            {x.repo for x in out if x.changed} | {r for r in repos if not derived_current(store, r)}
        )
        try:
            if changed:  # also after an interruption: what was stored is consistent and searchable
                after_history_change(store, changed, prog, merge=merge, list_tags=list_tags)
        finally:
            store.close()
            if settle:
                gc.unfreeze()  # (the next full collection frees what died meanwhile in a cycle)
    return out


def _copy_runs(specs: list[str], copies: Mapping[str, str]) -> list[tuple[list[str], str | None]]:
    """``specs`` in order as runs to index together (source None) and single specs to copy from
    the catalogue ``copies`` names for them."""
    out: list[tuple[list[str], str | None]] = []
    for spec in specs:
        source = copies.get(spec)
        if source is not None:
            out.append(([spec], source))
        elif out and out[-1][1] is None:
            out[-1][0].append(spec)
        else:
            out.append(([spec], None))
    return out


def _copied(store: Any, spec: str, source: str, prog: Progress) -> IndexSummary | None:
    """The release ``spec`` copied into ``store`` from the catalogue ``source`` (which holds it
    alone: ``index_alone``), or None when the copy does not apply (``store.transplant``) and
    the release is to be indexed."""
    from pathlib import Path

    from errdex.store.transplant import copy_release
    from errdex.store.urls import sqlite_file

    target = sqlite_file(store.url)
    if target is None:  # PostgreSQL: indexed
        return None
    t0 = time.perf_counter()
    prog.stage(f"copying {spec} from {source}")
    got = copy_release(target, Path(source))
    if got is None:
        return None
    n = {k: v for k, v in got.stats.items() if isinstance(v, int)}
    return IndexSummary(
        repo=got.repo,
        version=got.version,
        ref_kind=got.ref_kind,
        snapshot_id=got.snapshot_id,
        changed=True,
        replaced=False,
        files=n.get("files", 0),
        indexed=n.get("indexed", 0),
        fallback=n.get("fallback", 0),
        skipped=n.get("skipped", 0),
        tests=n.get("tests", 0),
        errors=n.get("errors", 0),
        warnings=n.get("warnings", 0),
        logs=n.get("logs", 0),
        assertions=n.get("assertions", 0),
        expectations=n.get("expectations", 0),
        linked_expectations=n.get("linked_expectations", 0),
        seconds=time.perf_counter() - t0,
    )


def index_alone(
    spec: str,
    db: str,
    *,
    jobs: int | None = None,
    cache_dir: str | None = None,
    sdist_tests: bool = True,
    tests: bool = True,
) -> IndexSummary:
    """Index one release into the new catalogue ``db`` for ``index_releases(copies=...)`` to copy
    from: its rows and its callers count, without the lineages and the match index, which the
    catalogues it is copied into make over all of their releases."""
    from errdex.store import Store

    store = Store.open(db)
    out: list[IndexSummary] = []
    try:
        _overlapped(store, [spec], jobs, _Quiet(), cache_dir, {}, sdist_tests, out.append, tests=tests)
    finally:
        store.close()
    return out[0]


@contextlib.contextmanager
def _settled(settle: bool) -> Iterator[None]:
    """The cyclic GC paused for the block (``collector_paused``) and, with ``settle``, every
    object alive after it moved out of the collector's way (``gc.freeze``) until the run ends.

    A release's decoded facts, records and rows (~1M objects, nearly none in a cycle) are made
    with the collector paused; on again, its next young collection walked every one of them,
    and the middle generation's next collection walked them once more (75 young and 7 middle
    collections, ~3 s of a ~30 s run of the 8 releases of a regression set). Frozen, they are
    never walked; they are still freed when no longer referenced, and a cycle that dies among
    them waits for the run's end (``index_releases`` unfreezes them)."""
    from errdex.extract import collector_paused

    with collector_paused():
        yield
        if settle:  # before the collector is on again: its next allocation would walk them all
            gc.freeze()


def _held_merge() -> Any:
    """An empty ``match.shared_index.HeldMerge`` (``_overlapped`` fills it)."""
    from errdex.match.shared_index import HeldMerge

    return HeldMerge()


def _overlapped(
    store: Any,
    specs: list[str],
    jobs: int | None,
    prog: Progress,
    cache_dir: str | None,
    memo: Memo,
    sdist_tests: bool,
    done: Callable[[IndexSummary], None],
    merge: Any = None,
    settle: bool = False,
    tests: bool = True,
) -> None:
    """Index ``specs`` in order, release k+1's changed files parsed by the workers while this
    process resolves, links and writes release k: the stages that run here (one core) no longer
    leave the other idle. Release k+1 begins once release k's files are gathered into ``memo``,
    so it reuses the very files it would have after k was written (``_begin_extract``), and the
    releases are written in order: the catalogue is the sequential run's.

    When the workers are done with release k+1 before release k is written (a release that
    changes one file or none gives them nothing at all: jax 0.8.3 and 0.9.0.1; a small change
    takes them less than this process's ~2 s of resolving, writing and merging a jax release),
    k+1 is gathered at once and k+2 begun (``look_ahead``, between this process's stages): k+2's
    files are parsed in that window, where a core sat idle, instead of after it. k+2 reuses
    what it would have once k and k+1 were written: k+1's files from ``memo``, k's from what
    ``memo`` held before k+1 was gathered (``unwritten``: not in the catalogue yet), older ones
    from the catalogue; the releases are still written in order, so the catalogue is the same.

    Each release's raise sites' callers are counted as soon as it is written, in that window
    too, from its code facts still in memory (``resolved_callers``), where the sequential run
    counts every release at the end from the stored facts (decoded again); a release's count
    reads that release alone, so the counts are the same.

    So is each release's part of the match index (``merge``, a ``HeldMerge``): its entries are
    added to the merge's builder from its rows once it is written and counted, where the
    sequential run adds every release's at the end (``shared_index.update``), ~0.3-0.5 s a jax
    release on one core with the workers idle; the last release is left to that merge, which
    keeps its segment. The same builder, filled in the same order: the same index."""
    from errdex.match.shared_index import hold

    def begin(i: int, unwritten: Memo | None = None) -> _Ahead:
        prog.stage(f"release {i + 1}/{len(specs)}: {specs[i]}")
        t0, snap, left_out = _open_release(specs[i], prog, cache_dir, sdist_tests, tests)
        with _settled(settle):
            return _Ahead(t0, snap, left_out, _begin_extract(store, snap, jobs, prog, memo, unwritten))

    holding = _held_releases(specs)  # (``i + 1 < len(specs)`` for each of them)
    # the releases begun and not written yet, in order: the one written next first, at most
    # two more (the next gathered early and the one after it begun: ``look_ahead``)
    queue: list[_Ahead] = [begin(0)] if specs else []
    carried: CarriedCode = {}  # the code facts of the release written last, for the next's count

    def look_ahead(i: int) -> None:
        """Release i+1 gathered and i+2 begun now if the workers are done with i+1."""
        if len(queue) != 2 or queue[1].gathered or i + 2 >= len(specs) or not _workers_done(queue[1].begun):
            return
        unwritten = {k: v for k, v in memo.items() if k[0] != _STATEMENTS}  # release i's files
        with _settled(settle):
            _gather(queue[1].begun, prog, memo)
        queue[1].gathered = True
        try:
            ahead = begin(i + 2, unwritten)
        except Exception:  # (a release that does not open) opened again in its turn, where its
            return  # error stops the run as it did, release i written before it
        queue.append(ahead)

    try:
        for i in range(len(specs)):
            cur = queue[0]
            if not cur.gathered:
                with _settled(settle):
                    _gather(cur.begun, prog, memo)
                cur.gathered = True
            if len(queue) == 1 and i + 1 < len(specs):
                queue.append(begin(i + 1))
            with _settled(settle):
                got = _finish_extract(cur.begun, prog, memo)
            if cur.begun.redone and len(queue) > 1:  # begun from a memo made again since: once more
                # (release i+1 is never gathered before release i is resolved: nothing beyond it)
                nxt = queue[1]
                nxt.begun.analysis.stop()
                with _settled(settle):
                    nxt.begun = _begin_extract(store, nxt.snap, jobs, prog, memo)
            look_ahead(i)
            held: HeldCode = {}
            with _settled(settle):  # (``index_snapshot`` pauses the collector itself, too)
                summary = index_snapshot(
                    store,
                    cur.snap,
                    cur.left_out,
                    progress=prog,
                    started=cur.started,
                    extracted=got,
                    rebuild=False,
                    code=held,
                )
            look_ahead(i)
            if held:  # counted now, from the code facts in memory, while the workers parse
                carry_code(held, got.shas, carried, cur.snap.files, got.stored_code)
                with _settled(settle):
                    count_callers(store, held)
                held.clear()
            look_ahead(i)
            if merge is not None and summary.changed and i < holding:
                with _settled(settle):
                    hold(store, merge, summary.snapshot_id)
            queue.pop(0)
            done(summary)
    except BaseException:
        for ahead in queue:  # (one gathered has no workers left: a no-op)
            ahead.begun.analysis.stop()
        raise


def _held_releases(specs: list[str]) -> int:
    """How many of the first releases ``_overlapped`` adds to the held merge (``hold``): those
    of them before the first one whose source (a PyPI name, a git repository, a folder) no
    later spec of the run names again.

    ``update`` starts from the held merge only when none of its snapshots is its codebase's
    newest (whose segment it stores, which the merge never built: ``_held_prefix``), and
    ``hold`` takes a release only into a catalogue the run began empty, where a release no
    later one of its source follows is the newest of its codebase at the end. A run of one
    codebase's history holds every release but the last, as before; a run of unrelated
    releases (the regression sets' catalogues: ten libraries, one release each) held each one
    and then threw the merge away at the end: 27% of its match index's CPU spent for nothing.
    The index is the same either way (``update`` merges what the held merge does not take);
    a release whose codebase another source's later release continues (a monorepo's second
    distribution) only loses the early merge's overlap with the workers."""
    keys = [_source_key(spec) for spec in specs]
    for i, key in enumerate(keys):
        if key not in keys[i + 1 :]:
            return i
    return len(keys)


def _source_key(spec: str) -> object:
    """What names a spec's source whatever its release: a PyPI name (normalised as PyPI does),
    a git repository, a folder; the spec itself when it does not parse (it fails to open)."""
    import re

    from errdex.sources import SourceError
    from errdex.sources.spec import DirSpec, GitSpec, parse_spec

    try:
        parsed = parse_spec(spec)
    except SourceError:
        return spec
    if isinstance(parsed, GitSpec):
        return ("git", parsed.target)
    if isinstance(parsed, DirSpec):
        return ("dir", parsed.path)
    return ("pypi", re.sub(r"[-_.]+", "-", parsed.name).lower())


@dataclass(slots=True)
class _Ahead:
    """A release of ``_overlapped`` begun: when its opening began, the snapshot, the files left
    out, its extraction under way, and whether its files are gathered (into ``memo``) yet."""

    started: float
    snap: Snapshot
    left_out: list[tuple[str, str]]
    begun: _Begun
    gathered: bool = False


def _workers_done(b: _Begun) -> bool:
    """Whether gathering ``b`` now waits for no worker: they have delivered every chunk, or it
    gave them nothing (at most one file, parsed here as it is gathered) though there are some.
    With one worker (``jobs=1``) every file is parsed here: not done."""
    a = b.analysis
    if a.pool is not None:
        return all(f.done() for f in a.futures)
    return a.workers > 1 and len(a.items) < 2


def file_code_facts(path: str, data: bytes) -> Any:
    """The code facts ``extract.extract_file`` makes of one file (its definitions, imports and
    calls), without the walk for its errors; None where it makes none (too large, no parse,
    nesting too deep). Statement reuse makes the same facts (``StatementReuse.code_facts``),
    so this is what a file's stored code facts were made from, whatever run parsed it. (Here,
    not in ``extract``: it extracts nothing new, and the extractor's digest stays the same.)"""
    from errdex.extract.codefacts import code_facts
    from errdex.extract.parse import decode, parse_ast
    from errdex.limits import MAX_PARSE_BYTES

    if len(data) > MAX_PARSE_BYTES:
        return None
    tree, _ = parse_ast(decode(data).text, path)
    if tree is None:
        return None
    try:
        return code_facts(tree)
    except RecursionError:
        return None


# the code facts of a release's files missing from memory are made again when at most one
# file in this many lacks them (``carry_code``): a few files reverted, not a history begun in a
# catalogue that holds releases already (all its first release's reused files: decoding the
# stored facts once is cheaper than parsing them all)
_REMADE = 8

# per-file facts carried between the releases of one run, keyed by (blob sha, path)
Memo = dict[tuple[str, str], tuple[Any, bool]]


# a stored snapshot's id -> its extraction's code facts (path -> facts), still in memory: the match
# index's callers count reads them instead of the stored values (``resolved_callers``)
HeldCode = dict[int, dict[str, Any]]

# (blob sha, path) -> the code facts of a file of the release written last (``carry_code``)
CarriedCode = dict[tuple[str, str], Any]


def carry_code(
    held: HeldCode,
    shas: dict[str, str],
    carried: CarriedCode,
    files: Sequence[SourceFile] = (),
    stored_code: Collection[str] = (),
) -> None:
    """Each held snapshot's code facts (its parsed files') completed with those of the files it
    reused from the release written just before (the same content at the same path: the same
    facts), which ``carried`` holds; then ``carried`` holds the snapshot's own (``shas``: path
    -> blob sha of its ``.py`` files), for the next release.

    The callers count reads the code facts in memory only when it has every file's
    (``FactReader.with_code``), else it decodes the stored facts of every file of the
    release; a release of a history reuses most of its files, whose facts ``memo`` keeps
    without their code facts, so each release after the first decoded ~600 jax files' facts
    again (~0.2 s of its ~0.35 s count). One release's facts are held at a time, the objects
    the release before held.

    A file reused from an earlier release than the one before (a file back to the bytes it
    had two releases ago: 7 of jax 0.9.2's) is in neither: its code facts (``stored_code``,
    the reused files that have some) are made again from its bytes (``files``), when they are
    few (``_REMADE``). Left out, every release after it missed them too (each carries the
    last one's facts), and each decoded the stored facts of its ~600 files again: ~0.6 s of
    CPU in each of jax's last 9 releases, on the one core that writes them."""
    for code in held.values():
        for path, sha in shas.items():
            if path not in code and (facts := carried.get((sha, path))) is not None:
                code[path] = facts
        lacking = {p for p in stored_code if p not in code}
        if lacking and len(lacking) * _REMADE <= len(shas):
            for f in files:
                if f.path in lacking and (facts := file_code_facts(f.path, f.data)) is not None:
                    code[f.path] = facts
        carried.clear()
        carried.update(((sha, path), code[path]) for path, sha in shas.items() if path in code)


def _index_one(
    store: Any,
    spec: str,
    *,
    jobs: int | None,
    prog: Progress,
    cache_dir: str | None,
    memo: Memo | None,
    code: HeldCode | None = None,
    sdist_tests: bool = True,
    tests: bool = True,
) -> IndexSummary:
    """Open one snapshot and store it; what depends on the set of snapshots is the caller's
    (``code``, when given, gets the snapshot's code facts for it)."""
    t0, snap, left_out = _open_release(spec, prog, cache_dir, sdist_tests, tests)
    return index_snapshot(
        store, snap, left_out, jobs=jobs, progress=prog, started=t0, memo=memo, rebuild=False, code=code
    )


def _open_release(
    spec: str, prog: Progress, cache_dir: str | None, sdist_tests: bool, tests: bool = True
) -> tuple[float, Snapshot, list[tuple[str, str]]]:
    """(when opening began, the snapshot, the files left out) of one spec, as every release of
    ``index`` and ``index_releases`` opens it (the summary's seconds count from the start)."""
    from pathlib import Path

    from errdex.sources import open_source_with_report

    t0 = time.perf_counter()
    snap, left_out = open_source_with_report(
        spec,
        cache_dir=Path(cache_dir) if cache_dir else None,
        progress=prog.stage,
        sdist_tests=sdist_tests,
        tests=tests,
    )
    return t0, snap, left_out


@dataclass(slots=True)
class Prepared:
    """A snapshot opened and extracted, not yet stored: what one bulk-indexing task hands back
    to the single writer (``index_snapshot(..., extracted=prepared.extracted)``)."""

    snap: Snapshot
    left_out: list[tuple[str, str]]
    extracted: Extracted
    seconds: float  # opening (download included) and extraction
    cpu_seconds: float = 0.0  # of those, this process's CPU time (the rest: waiting on disk, network, a core)


def prepare(
    spec: str,
    *,
    jobs: int | None = None,
    progress: Progress | None = None,
    cache_dir: str | None = None,
    memo: Memo | None = None,
) -> Prepared:
    """Open and extract one snapshot (sources -> extract -> test links), touching no catalogue.

    The extraction cache rows are encoded here too, where the work is parallel, so the writer
    only stores them. ``memo`` carries the files of the previous release prepared with it: a
    file with the same bytes is not parsed again, and its code facts count as stored (the
    writer must then store the releases of one memo in the order they were prepared).
    """
    from pathlib import Path

    from errdex.sources import open_source_with_report

    prog = progress or _Quiet()
    t0, c0 = time.perf_counter(), time.process_time()
    snap, left_out = open_source_with_report(
        spec, cache_dir=Path(cache_dir) if cache_dir else None, progress=prog.stage
    )
    got = _extract_cached(None, snap, jobs, prog, memo)
    got.ex.fresh.clear()  # encoded in fresh_rows: not shipped back twice
    return Prepared(snap, left_out, got, time.perf_counter() - t0, time.process_time() - c0)


@dataclass(slots=True)
class Extracted:
    """One snapshot's extraction and what the catalogue needs to store it without repeats.

    Plain model dataclasses and bytes only, so it crosses a process (or a Ray worker's)
    boundary as is.
    """

    ex: Any
    expectations: list[Any]
    linked: int
    stored_code: list[str] = field(default_factory=list)  # files whose code facts are stored already
    fresh_rows: list[tuple[str, bool, bytes]] = field(default_factory=list)  # new cache entries
    reused: int = 0
    # each ``.py`` file's sha256 (path -> hex digest), as the extraction's cache lookups made
    # them: the catalogue's write keys on the same digests and need not hash those files again
    shas: dict[str, str] = field(default_factory=dict)


def index_snapshot(
    store: Any,
    snap: Snapshot,
    left_out: list[tuple[str, str]],
    *,
    jobs: int | None = None,
    progress: Progress | None = None,
    started: float | None = None,
    extracted: Any = None,
    rebuild: bool = True,
    memo: Memo | None = None,
    code: HeldCode | None = None,
) -> IndexSummary:
    """Extract (unless ``extracted`` is given: an ``Extracted``, or an ``(extraction,
    expectations, linked)`` triple) and store one opened snapshot.

    ``rebuild=False`` leaves the lineages and the match index to the caller, which indexes
    several snapshots and rebuilds them once at the end; ``code`` then gets the snapshot's code
    facts for that rebuild (``after_history_change``).
    """
    # The cyclic GC paused while the release is extracted and stored: its facts, records and
    # rows are ~1M objects alive until the release is written, nearly none in a cycle; with the
    # collector on, its full collections walked them again and again (0.7 s of a 10 s
    # one-process index of jax, against 0.2 s for the one collection after the release, when
    # all but the few cycles made meanwhile are gone).
    from errdex.extract import collector_paused

    with collector_paused():
        return _index_snapshot(store, snap, left_out, jobs, progress, started, extracted, rebuild, memo, code)


def _index_snapshot(
    store: Any,
    snap: Snapshot,
    left_out: list[tuple[str, str]],
    jobs: int | None,
    progress: Progress | None,
    started: float | None,
    extracted: Any,
    rebuild: bool,
    memo: Memo | None,
    code: HeldCode | None,
) -> IndexSummary:
    prog = progress or _Quiet()
    t0 = time.perf_counter() if started is None else started
    if isinstance(extracted, Extracted):  # cache rows included (``prepare``)
        got = extracted
    elif extracted is not None:
        got = Extracted(*extracted)
        got.fresh_rows = _cache_rows(got.ex, {}, {})
    else:
        got = _extract_cached(store, snap, jobs, prog, memo)
    ex = got.ex
    kinds = Counter(r.kind for r in ex.records)
    statuses = Counter(r.status for r in ex.files)
    prog.stage("writing the catalogue")
    stats: dict[str, Any] = {
        "files": len(ex.files),
        "indexed": statuses["ok"],
        "fallback": statuses["fallback"],
        "skipped": statuses["skipped"],
        "tests": sum(1 for r in ex.files if r.is_test),
        "errors": kinds["error"],
        "warnings": kinds["warning"],
        "logs": kinds["log"],
        "assertions": kinds["assertion"],
        "expectations": len(got.expectations),
        "linked_expectations": got.linked,
    }
    if snap.info.tests_archive:  # the wheel had no tests; these came from the release's sdist
        stats["tests_from"] = snap.info.tests_archive
    if snap.info.tests_unread:  # the wheel had no tests; the sdist that has them was not read
        stats["tests_unread"] = snap.info.tests_unread
    producer = producer_digest()
    result = store.write_snapshot(
        snap.info,
        snap.files,
        ex.records,
        ex.files,
        ex.symbols,
        got.expectations,
        # the producer goes into the stats too, so a bulk run can tell a release indexed by this
        # very extractor from its archive's hash alone, without downloading it again
        stats={**stats, "producer": producer},
        producer=producer,
        code=ex.code,
        stored_code=got.stored_code,
        extractions=got.fresh_rows,
        file_shas=got.shas,
    )
    # stored now; the match index counts the raise sites' callers from them (its segment for
    # this snapshot drops them once counted: ~100k small objects the garbage collector need not
    # walk again and again while the rest of the index is built)
    held: HeldCode = code if code is not None else {}
    if result.changed and (code is not None or rebuild):
        held[result.snapshot_id] = dict(ex.code)
    ex.code.clear()
    # the codebase the store chose: a monorepo's second distribution is one of its own
    repo = result.repo or snap.info.repo
    if result.changed and rebuild:
        after_history_change(store, [repo], prog, code=held)
        held.clear()
    # What the source stage left out on purpose (symlinks out of the tree, submodules) is
    # reported beside the files the parser had to skip: the user should see both.
    skipped = [*left_out, *((r.path, r.reason or "") for r in ex.files if r.status == "skipped")]
    return IndexSummary(
        repo=repo,
        version=snap.info.version,
        ref_kind=snap.info.ref_kind,
        snapshot_id=result.snapshot_id,
        changed=result.changed,
        replaced=result.replaced,
        seconds=time.perf_counter() - t0,
        skipped_files=skipped,
        reused=got.reused,
        **stats,
    )


def _extract_cached(
    store: Any, snap: Snapshot, jobs: int | None, prog: Progress, memo: Memo | None
) -> Extracted:
    """Extract one snapshot, reusing the facts of files whose bytes were extracted before (in
    this run's ``memo``, cached in the catalogue by the same extractor, or in the shared cache
    ``ERRDEX_EXTRACTION_CACHE`` names; ``store`` None: no catalogue)."""
    begun = _begin_extract(store, snap, jobs, prog, memo)
    try:
        _gather(begun, prog, memo)
        return _finish_extract(begun, prog, memo)
    except BaseException:
        begun.analysis.stop()
        raise


@dataclass(slots=True)
class _Begun:
    """One snapshot's extraction under way: the files reused found, the rest handed to the
    workers (``_begin_extract``); ``_gather`` waits for them, ``_finish_extract`` resolves."""

    snap: Snapshot
    jobs: int | None
    shas: dict[str, str]
    known: dict[str, Any]
    has_code: dict[str, bool]
    stored: dict[str, tuple[bool, bytes]]
    lent: dict[str, tuple[Any, bytes]]
    shared: Any
    priors: dict[str, list[bytes]] | None
    analysis: Any  # extract.Analysis
    fresh_rows: list[tuple[str, bool, bytes]] = field(default_factory=list)
    # as they were before ``_gather`` (``_finish_extract`` parses the cached files again from them)
    before: tuple[dict[str, Any], dict[str, bool], Memo] | None = None
    reused: int = 0  # files not parsed now (known before the workers ran)
    fell_back: bool = False  # the cached extractions proved unusable (``_unusable``), once
    redone: bool = False  # and only after ``_gather``: see ``_finish_extract``


def _begin_extract(
    store: Any,
    snap: Snapshot,
    jobs: int | None,
    prog: Progress,
    memo: Memo | None,
    unwritten: Memo | None = None,
) -> _Begun:
    """Find the files whose facts are known (``memo`` first, then the catalogue's cache and
    the shared cache) and hand the others to the extraction's workers, returning at once.

    In a run of releases (``index_releases``) the next release begins before the previous one
    is written: the catalogue's cache then lacks that release's files, but ``memo`` holds every
    one of them (``_gather``), so the files found are the same. ``unwritten``: the files of the
    release before that one, when it is not written either (``_overlapped``'s look-ahead),
    found as the catalogue's cache would find them once it is; ``memo`` alone still says which
    paths the release before had (``_statement_priors``)."""
    import hashlib

    from errdex.extract import start_analysis
    from errdex.extract.cache import decode
    from errdex.store.sharedcache import SharedExtractions

    py_files = [f for f in snap.files if f.path.endswith(".py")]
    shas = {f.path: hashlib.sha256(f.data).hexdigest() for f in py_files}
    known: dict[str, Any] = {}
    has_code: dict[str, bool] = {}
    for path, sha in shas.items():
        for held in (memo, unwritten):
            if held is not None and (hit := held.get((sha, path))) is not None:
                known[path], has_code[path] = hit
                break
    stored: dict[str, tuple[bool, bytes]] = {}
    if store is not None:  # a bulk task has no catalogue (and need not import SQLAlchemy)
        from errdex.store.history import cached_extractions

        stored = cached_extractions(
            store, ((p, h) for p, h in shas.items() if p not in known), producer_digest()
        )
    for path, (with_code, data) in stored.items():
        facts = decode(data)
        if facts is not None and facts.path == path:  # else damaged or foreign: parse it again
            known[path], has_code[path] = facts, with_code
    shared = SharedExtractions.from_env(producer_digest())
    lent = _shared_hits(shared, {p: h for p, h in shas.items() if p not in known}) if shared else {}
    known.update((p, f) for p, (f, _) in lent.items())
    has_code.update((p, f.code is not None) for p, (f, _) in lent.items())
    prog.stage(
        f"extracting from {len(py_files)} Python files"
        + (f" ({len(known)} reused from earlier releases)" if known and not lent else "")
        + (f" ({len(known)} reused, {len(lent)} from {shared.dir.parent})" if lent and shared else "")
    )
    priors = _statement_priors(memo, shared, [p for p in shas if p not in known])
    prog.start_files(len(py_files))
    analysis = start_analysis(snap.files, jobs=jobs, known=known, encode=True, statements=priors)
    return _Begun(snap, jobs, shas, known, has_code, stored, lent, shared, priors, analysis)


# what a cached extraction of the wrong shape raises once used (``_unusable``)
_UNUSABLE = (TypeError, AttributeError, ValueError, KeyError, IndexError)


def _unusable(b: _Begun, e: Exception, prog: Progress) -> None:
    """A cached extraction decodes only into the extractor's own classes, but a crafted or
    damaged catalogue (or shared cache) can still hold values of the wrong shape inside them:
    parse those files instead of trusting the cache (``e`` re-raised when nothing was cached)."""
    from errdex.extract import start_analysis

    if b.fell_back or (not b.stored and not b.lent and not b.priors):
        raise e
    b.fell_back = True
    prog.stage(f"cached extractions are unusable ({type(e).__name__}); parsing those files")
    b.known = {p: f for p, f in b.known.items() if p not in b.stored and p not in b.lent}
    b.lent = {}
    b.priors = {} if b.priors is not None else None
    prog.start_files(len(b.shas))
    b.analysis = start_analysis(b.snap.files, jobs=b.jobs, known=b.known, encode=True, statements=b.priors)


def _gather(b: _Begun, prog: Progress, memo: Memo | None) -> None:
    """Wait for the workers' facts of the files parsed now; ``memo`` (and the cache rows)
    learn every file of the release: the next release may begin from here on."""
    b.before = (dict(b.known), dict(b.has_code), dict(memo) if memo is not None else {})
    try:
        b.analysis.collect(prog.advance)
    except _UNUSABLE as e:
        b.analysis.stop()
        _unusable(b, e, prog)
        b.before = (dict(b.known), dict(b.has_code), b.before[2])
        b.analysis.collect(prog.advance)
    ex = b.analysis
    b.reused = len(b.known)
    b.fresh_rows = _cache_rows_of(ex.items, ex.by_path, ex.encoded, b.known, b.has_code)
    b.fresh_rows += _lent_rows(b.lent, b.known)
    if memo is not None:  # the next release mostly shares this one's files: keep only these
        kept = [(k, v) for k, v in memo.items() if k[0] == _STATEMENTS]  # (one per path)
        memo.clear()
        memo.update(kept)
        memo.update(((b.shas[p], p), (f, b.has_code[p])) for p, f in b.known.items() if p in b.shas)
        memo.update(((_STATEMENTS, p), (lib, False)) for p, lib in ex.libraries.items() if lib)


def _finish_extract(b: _Begun, prog: Progress, memo: Memo | None) -> Extracted:
    """Resolve the gathered snapshot's records and link its tests. Cached extractions found
    unusable only now are parsed again (``b.redone``: ``memo`` is then made again too, and a
    release begun from it meanwhile must begin again)."""
    try:
        ex = b.analysis.resolve(b.snap.info.repo)
    except _UNUSABLE as e:
        assert b.before is not None
        b.known, b.has_code = b.before[0], b.before[1]
        b.fresh_rows = []
        if memo is not None:
            memo.clear()
            memo.update(b.before[2])
        _unusable(b, e, prog)
        b.redone = True
        _gather(b, prog, memo)
        ex = b.analysis.resolve(b.snap.info.repo)
    if ex.replayed:
        prog.stage(
            f"{ex.replayed} unchanged functions and classes of changed files taken from earlier versions"
        )
    if b.shared is not None:
        from errdex.extract.reuse import enabled

        parsed = [r for r in b.fresh_rows if r[0] in ex.fresh]
        b.shared.put(_shared_entries(parsed, ex.fresh, b.shas))
        if enabled():  # (the shared cache's entries are read only then)
            b.shared.put_statements((p, b.shas[p], lib) for p, lib in ex.libraries.items() if p in b.shas)
    ex.libraries = {}  # ``memo`` holds them: not carried on with the release (a bulk task's result)
    expectations, linked = _expectations(ex, prog)
    # a file the shared cache lent is new to this catalogue: its code facts are written with it
    stored_code = [p for p in b.known if p not in ex.fresh and p not in b.lent and b.has_code.get(p)]
    return Extracted(ex, expectations, linked, stored_code, b.fresh_rows, b.reused, b.shas)


_STATEMENTS = "\0statements"  # a memo key's first part for a path's statement entries (no sha)


def _statement_priors(memo: Memo | None, shared: Any, paths: list[str]) -> dict[str, list[bytes]] | None:
    """The files to parse with reuse below the file (``extract.reuse``), each with the
    statement entries of its earlier versions (``[]``: none, its walk recorded for the next).
    With ``ERRDEX_STATEMENT_REUSE=1``, every file, with the latest entries of this run
    (``memo``) and those kept in the shared cache. By default, in a history indexed at once,
    the files of a path the release before held with other bytes (changed files: most change
    again in a later release), with the run's entries alone: a history's first release, a
    file new to the run and a run of unrelated projects record nothing. None: no reuse (a
    lone release, a history's first release, ``ERRDEX_STATEMENT_REUSE=0``)."""
    from errdex.extract.reuse import MAX_PRIORS, enabled, in_histories

    if not enabled():
        if not memo or not in_histories():  # (a history's memo is empty until its first release)
            return None
        before = {p for (sha, p) in memo if sha != _STATEMENTS}  # the paths of the release before
        kept = ((p, memo.get((_STATEMENTS, p))) for p in paths)
        return {p: [hit[0]] if hit is not None else [] for p, hit in kept if hit is not None or p in before}
    priors: dict[str, list[bytes]] = {p: [] for p in paths}
    if shared is not None:
        priors.update(shared.statements(paths, MAX_PRIORS))
    for path in paths:
        if memo is not None and (hit := memo.get((_STATEMENTS, path))) is not None:
            priors[path] = [hit[0], *priors[path]]
    return priors


def _shared_hits(shared: Any, shas: dict[str, str]) -> dict[str, tuple[Any, bytes]]:
    """path -> (facts with their code facts, the catalogue's cache entry) of the files the
    shared cache holds; an entry that does not decode, or names another path, is a miss (the
    file is parsed)."""
    from errdex.extract.cache import decode

    out: dict[str, tuple[Any, bytes]] = {}
    for path, (entry, code_part) in shared.get(shas.items()).items():
        facts = decode(entry)
        if facts is None or facts.path != path or facts.code is not None:
            continue
        if code_part:  # absent for a file without code facts (one that did not parse)
            holder = decode(code_part)
            if holder is None or holder.path != path or holder.code is None:
                continue
            facts.code = holder.code
        out[path] = (facts, entry)
    return out


def _shared_entries(
    rows: list[tuple[str, bool, bytes]], fresh: dict[str, Any], shas: dict[str, str]
) -> Iterator[tuple[str, str, bytes, bytes]]:
    """The shared cache's entries of the files parsed now: the catalogue's cache entry as made
    for this catalogue, and the code facts apart (a catalogue keeps those in tables of its own,
    so the entry leaves them out), in a bare ``ModuleFacts`` so they decode alike."""
    from errdex.extract.cache import encode
    from errdex.extract.facts import ModuleFacts

    for path, with_code, entry in rows:
        code = fresh[path].code if with_code else None
        code_part = encode(ModuleFacts(path, "", code=code)) if code is not None else b""
        yield path, shas[path], entry, code_part


def _lent_rows(lent: dict[str, tuple[Any, bytes]], known: dict[str, Any]) -> list[tuple[str, bool, bytes]]:
    """The catalogue's cache entries of the files the shared cache lent, the very bytes
    ``_cache_rows`` made for them where they were parsed (the catalogue ends as it would have
    without the shared cache); ``known`` keeps those facts without their code facts, as it
    does the parsed ones."""
    import dataclasses

    rows: list[tuple[str, bool, bytes]] = []
    for path, (facts, entry) in lent.items():
        rows.append((path, facts.code is not None, entry))
        known[path] = dataclasses.replace(facts, code=None)
    return rows


def _cache_rows(ex: Any, known: dict[str, Any], has_code: dict[str, bool]) -> list[tuple[str, bool, bytes]]:
    """Cache entries for the files of ``ex`` parsed now (``_cache_rows_of``)."""
    return _cache_rows_of(list(ex.fresh.items()), ex.fresh, ex.encoded, known, has_code)


def _cache_rows_of(
    items: list[tuple[str, Any]],
    by_path: dict[str, Any],
    encoded: dict[str, bytes],
    known: dict[str, Any],
    has_code: dict[str, bool],
) -> list[tuple[str, bool, bytes]]:
    """Cache entries for the files parsed now (``items``' paths: their facts in ``by_path``),
    without their code facts, which have tables of their own (encoded by the extraction's
    workers, ``encoded``, where it ran with ``encode=True``); ``known`` and ``has_code`` learn
    those files too."""
    import dataclasses

    from errdex.extract import cache_entry

    rows: list[tuple[str, bool, bytes]] = []
    for path, _ in items:
        facts = by_path[path]
        has_code[path] = facts.code is not None
        entry = encoded.get(path)
        rows.append((path, has_code[path], entry if entry is not None else cache_entry(facts)))
        known[path] = dataclasses.replace(facts, code=None)
    encoded.clear()  # in the rows now
    return rows


def after_history_change(
    store: Any,
    repos: list[str],
    prog: Progress,
    code: HeldCode | None = None,
    merge: Any = None,
    list_tags: bool = True,
) -> None:
    """What depends on the set of snapshots: lineages per codebase, confirmed release tags,
    then the match index (``code``: snapshots' code facts still in memory, taken by it;
    ``merge``: a history run's ``HeldMerge`` of its first releases, the index started from it
    where it applies; ``list_tags=False``: releases are pinned only to tags the catalogue
    indexed from git, no source repository is listed over the network)."""
    from errdex.extract import collector_paused
    from errdex.history.lineage import update_lineages
    from errdex.sources.releases import remote_tags_many
    from errdex.store.releases import unpinned_releases

    # The cyclic GC paused for each codebase's lineages and for the match index, as for the
    # release itself (``index_snapshot``): the snapshots' code facts held for the callers count
    # and the index's entries are ~1M objects in no cycle, which the collector's full and
    # middle collections walked again (0.33 s of an 18 s one-process index of jax, for 308
    # objects freed); each pause is one codebase or one index build, so the few cycles made
    # meanwhile wait only that long.
    prog.stage("following each error across releases")
    for repo in repos:
        with collector_paused():
            update_lineages(store, repo)
    # the tag lists of every source repository at once (a bulk run has thousands), then each
    # codebase's releases pinned from them
    urls = {x.source_url for repo in repos for x in unpinned_releases(store, repo)} if list_tags else set()
    if urls:
        prog.stage(f"listing the release tags of {len(urls)} source repositories")
    listed = remote_tags_many(urls)
    for repo in repos:
        pin_release_tags(store, repo, tags_of=listed.get)
    prog.stage("building the match index")
    with collector_paused():
        _rebuild_match_index(store, code, merge)


def pin_release_tags(
    store: Any, repo: str, tags_of: Callable[[str], dict[str, str] | None] | None = None
) -> int:
    """Confirm the tag of each PyPI release of ``repo`` whose metadata names its source
    repository, so its pages link the file at that tag; returns how many were confirmed.

    A tag counts only when it is known to exist: the codebase was indexed from git at that tag,
    or the repository lists it (``git ls-remote``, when online: ``tags_of``). The names tried
    are the usual spellings (``v1.2``, ``1.2``, ``name-v1.2`` ...). Otherwise the release keeps
    linking the file as indexed: a guessed URL could point at other code, or nowhere.
    """
    from errdex.sources.releases import remote_tags, tag_candidates
    from errdex.store.releases import indexed_tags, pin_release, unpinned_releases

    todo = unpinned_releases(store, repo)
    if not todo:
        return 0
    known = indexed_tags(store, repo)
    listed: dict[str, dict[str, str] | None] = {}
    pinned = 0
    for snap in todo:
        names = tag_candidates(snap.project, snap.version)
        hit = next((n for n in names if n in known), None)
        commit = known.get(hit) if hit else None
        if hit is None:
            url = snap.source_url
            if url not in listed:
                listed[url] = (tags_of or remote_tags)(url)
            remote = listed[url] or {}
            hit = next((n for n in names if n in remote), None)
            commit = remote.get(hit) if hit else None
        if hit is not None:
            pin_release(store, snap.id, hit, commit)
            pinned += 1
    return pinned


def producer_digest() -> str:
    """A digest of the code that turns files into records (the extractor, test linking included).

    Stored with each snapshot, so indexing the same release again after an errdex upgrade that
    changed extraction replaces the old records instead of saying "nothing changed".
    """
    import hashlib
    from importlib import resources

    from errdex.pyexc import INTERPRETER_MESSAGES

    h = hashlib.sha256()
    pkg = resources.files("errdex")
    for rel in ("model.py", "astutil.py", "pyexc.py", "textsafe.py"):
        h.update((pkg / rel).read_bytes())
    h.update(pkg.joinpath(*INTERPRETER_MESSAGES).read_bytes())  # (caught built-ins' texts, pyexc)
    for item in sorted((pkg / "extract").iterdir(), key=lambda p: p.name):
        if item.name.endswith(".py"):
            h.update(item.name.encode() + b"\0" + item.read_bytes())
    return h.hexdigest()[:16]


# what a raise site's caller count is computed by, besides ``resolved_callers`` (whose source is
# taken too): the call graph, the symbol tables it resolves names with, and the reader of the
# code facts they are built from
COUNTING_CODE = ("analysis/callgraph.py", "analysis/symbols.py", "store/facts.py", "store/factblobs.py")


def counts_digest() -> str:
    """A digest of the code that counts raise sites' callers (``COUNTING_CODE`` and
    ``resolved_callers``), stored with each snapshot's counts (``Store.put_site_callers``).

    ``callers_as_before`` copies a release's counts into the next release of the same code
    facts; the producer digest does not cover this code, so without the stamp an errdex whose
    counting changed would copy counts it would no longer make."""
    import hashlib
    import inspect
    from importlib import resources

    h = hashlib.sha256()
    pkg = resources.files("errdex")
    for rel in COUNTING_CODE:
        h.update(rel.encode() + b"\0" + (pkg / rel).read_bytes())
    h.update(inspect.getsource(resolved_callers).encode())
    return h.hexdigest()[:16]


def _rebuild_match_index(store: Any, code: HeldCode | None = None, merge: Any = None) -> None:
    """The new snapshots' segments are built from their own rows and merged with the stored
    ones (``match.shared_index``), not the whole index rebuilt from every row; each snapshot's
    sites' resolved callers are counted and stored first (``count_callers``), from the code
    facts in ``code`` where a snapshot's are there."""
    from errdex.match.shared_index import update

    count_callers(store, code)
    update(store, merge)


def count_callers(store: Any, code: HeldCode | None = None) -> int:
    """Count and store (``Store.put_site_callers``) the resolved callers of the raise sites of
    every snapshot not counted yet: those just written, and those of a catalogue from before
    the counts were stored. Every match index is built from the stored counts, however it is
    made (a fresh index, a merge, a rebuild from the rows, on SQLite or PostgreSQL), so the
    same catalogue ranks ties alike. Returns how many snapshots were counted."""
    todo = store.uncounted_snapshots()
    stamp = counts_digest() if todo else None
    for sid in todo:
        sites = store.site_functions(sid)
        counts = callers_as_before(store, sid, sites, code, stamp)
        if counts is None:
            counts = resolved_callers(store, sid, sites, code)
        store.put_site_callers(sid, counts, stamp)
    return len(todo)


def callers_as_before(
    store: Any,
    snapshot_id: int,
    sites: list[tuple[str, str]],
    code: HeldCode | None = None,
    stamp: str | None = None,
) -> dict[tuple[str, str], int] | None:
    """``resolved_callers`` of a snapshot whose code facts are those of the snapshot of its
    codebase written before it (``FactReader.same_code``: the same modules, each file's
    definitions, imports and calls equal, as when a release changes only texts such as
    messages or its version string), taken from that snapshot's stored counts: a count is a
    function of the call graph and the site's key, and the graph is made of the code facts
    alone. Only sites that snapshot did not hold are resolved (their keys alone, which is
    what the whole count does for each). None when there is no such snapshot, it was not
    counted, its counts were made by other counting code (their stamp is not ``stamp``, by
    default ``counts_digest()``: an errdex upgrade that changed how callers are counted), or
    the code differs: then the whole graph is resolved again.

    Counting the call graph of a whole release was ~1 s of the ~6 s an added jax release
    costs, for a release whose one changed file was its version string."""
    before = store.snapshot_before(snapshot_id)
    if before is None:
        return None
    if store.callers_counted_by(before) != (stamp or counts_digest()):
        return None
    counted = store.site_callers(before)
    if counted is None or not store.facts.same_code(snapshot_id, before):
        return None
    held = set(store.site_functions(before))
    new = [site for site in sites if site not in held]
    counts = {site: n for site in sites if site in held and (n := counted.get(site, 0))}
    if new:
        counts.update(resolved_callers(store, snapshot_id, new, code))
    elif code is not None:
        code.pop(snapshot_id, None)  # not needed: the counts come from the stored ones
    return counts


def resolved_callers(
    store: Any, snapshot_id: int, sites: list[tuple[str, str]], code: HeldCode | None = None
) -> dict[tuple[str, str], int]:
    """(path, function) of raise sites of one snapshot -> how many of its library's functions
    the call graph (``analysis.callgraph``) resolves as calling that function, a constructor's
    through its class. The ranker orders sites of one message that score alike by it (the
    helper the library leans on is the one users reach, issue #10): ``match`` does not import
    ``analysis``, so the count is made here, once per snapshot, and stored with it
    (``count_callers``). A snapshot without code facts (an older errdex's) counts none.

    ``code`` may hold the snapshot's code facts as the extraction made them (taken from it
    here: nothing needs them after): the same counts, without decoding the stored facts again
    (``FactReader.with_code``), which was most of the count's cost."""
    from errdex.analysis.callgraph import CallGraph
    from errdex.analysis.symbols import ProjectIndex

    reader = store.facts
    held = code.pop(snapshot_id, None) if code is not None else None
    if held is not None:
        reader = reader.with_code(snapshot_id, held)
    if not sites or not reader.has_facts(snapshot_id):
        return {}
    names: dict[str, str | None] = {}  # path -> its library module's name
    keys: dict[tuple[str, str], str] = {}
    for path, function in sites:
        if path not in names:
            row = reader.module_at(snapshot_id, path)
            names[path] = row.name if row is not None and not row.is_test else None
        mod = names[path]
        if mod is not None and function and not function.endswith("<module>"):
            keys[path, function] = f"{mod}:{function}"
    counts = CallGraph(ProjectIndex(reader, snapshot_id)).caller_counts(keys.values())
    return {site: n for site, key in keys.items() if (n := counts[key])}


def _expectations(ex: Any, prog: Progress) -> tuple[list[Any], int]:
    """Tests that expect errors (found by the extractor's workers), linked to the records their
    regex matches (explain's examples)."""
    prog.stage("linking tests to the errors they expect")
    return link_tests(ex)


def link_tests(ex: Any) -> tuple[list[Any], int]:
    """The extraction's test expectations and how many were linked to their raise sites."""
    from errdex.extract.testlinks import link_expectations

    linked = link_expectations(ex.expectations, ex.records)
    return ex.expectations, linked


ProgressCallback = Callable[[int], None]
