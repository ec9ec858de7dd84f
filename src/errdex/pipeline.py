"""``errdex index``: sources -> extract -> store, then the derived indexes.

This module is the only place that knows the order of the stages; the stages themselves never
call each other. It is also where the derived artifacts (the match index, test links) are rebuilt
after a snapshot lands, so a cold ``errdex explain`` finds them ready.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any, Protocol


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
    skipped_files: list[tuple[str, str]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    def line(self) -> str:
        """The one-line summary the issue asks for."""
        head = f"{self.repo} {self.version}: "
        if not self.changed:
            return head + "already indexed with identical content; nothing changed."
        return head + (
            f"{self.files} files ({self.indexed} indexed, {self.fallback} fallback, {self.skipped} skipped, "
            f"{self.tests} tests), {self.errors} errors, {self.warnings} warnings, {self.logs} log calls, "
            f"{self.assertions} assertions in {self.seconds:.1f}s"
            + (
                f"; {self.linked_expectations} of {self.expectations} test expectations linked to their "
                f"raise sites ({self.linked_expectations / self.expectations:.0%})"
                if self.expectations
                else ""
            )
        )


@dataclass(slots=True)
class Prepared:
    """A snapshot read and extracted, not yet stored: what one bulk-indexing task hands back.

    Plain model dataclasses only, so it crosses a process (or a Ray worker's) boundary as is.
    """

    snap: Any  # errdex.model.Snapshot
    ex: Any  # errdex.extract.Extraction
    expectations: list[Any]
    stats: dict[str, Any]
    left_out: list[tuple[str, str]]
    seconds: float

    def skipped(self) -> list[tuple[str, str]]:
        """What the source stage left out on purpose (symlinks out of the tree, submodules),
        beside the files the parser had to skip: the user should see both."""
        return [*self.left_out, *((r.path, r.reason or "") for r in self.ex.files if r.status == "skipped")]


def prepare(
    spec: str, *, jobs: int | None = None, progress: Progress | None = None, cache_dir: str | None = None
) -> Prepared:
    """Read and extract one snapshot (sources -> extract -> test links), touching no catalogue."""
    from pathlib import Path

    from errdex.extract import extract
    from errdex.sources import open_source_with_report

    prog = progress or _Quiet()
    t0 = time.perf_counter()
    snap, left_out = open_source_with_report(
        spec, cache_dir=Path(cache_dir) if cache_dir else None, progress=prog.stage
    )
    py_files = [f for f in snap.files if f.path.endswith(".py")]
    prog.stage(f"extracting from {len(py_files)} Python files")
    prog.start_files(len(py_files))
    ex = extract(snap.files, snap.info.repo, jobs=jobs, progress=prog.advance)
    kinds = Counter(r.kind for r in ex.records)
    statuses = Counter(r.status for r in ex.files)
    expectations, linked = _expectations(ex, prog)
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
        "expectations": len(expectations),
        "linked_expectations": linked,
    }
    return Prepared(snap, ex, expectations, stats, left_out, time.perf_counter() - t0)


def write(store: Any, prep: Prepared) -> Any:
    """Store a prepared snapshot in one transaction (``Store.write_snapshot``); no derived index.

    The producer digest goes into the snapshot's stats too, so a bulk run can tell a release
    indexed by this very extractor without downloading it again.
    """
    producer = producer_digest()
    ex = prep.ex
    result = store.write_snapshot(
        prep.snap.info,
        prep.snap.files,
        ex.records,
        ex.files,
        ex.symbols,
        prep.expectations,
        stats={**prep.stats, "producer": producer},
        producer=producer,
        code=ex.code,
    )
    # stored now: ~100k small objects the garbage collector need not walk again and again
    # while the match index is built
    ex.code.clear()
    return result


def index(
    spec: str,
    db: str | None = None,
    *,
    jobs: int | None = None,
    progress: Progress | None = None,
    cache_dir: str | None = None,
) -> IndexSummary:
    """Index one snapshot into the catalogue; re-indexing identical content changes nothing."""
    from errdex.store import Store

    prog = progress or _Quiet()
    t0 = time.perf_counter()
    store = Store.open(db)
    prep = prepare(spec, jobs=jobs, progress=prog, cache_dir=cache_dir)
    prog.stage("writing the catalogue")
    result = write(store, prep)
    if result.changed:
        prog.stage("building the match index")
        _rebuild_match_index(store)
    info = prep.snap.info
    return IndexSummary(
        repo=info.repo,
        version=info.version,
        ref_kind=info.ref_kind,
        snapshot_id=result.snapshot_id,
        changed=result.changed,
        replaced=result.replaced,
        seconds=time.perf_counter() - t0,
        skipped_files=prep.skipped(),
        **prep.stats,
    )


def producer_digest() -> str:
    """A digest of the code that turns files into records (the extractor and test linking).

    Stored with each snapshot, so indexing the same release again after an errdex upgrade that
    changed extraction replaces the old records instead of saying "nothing changed".
    """
    import hashlib
    from importlib import resources

    h = hashlib.sha256()
    pkg = resources.files("errdex")
    for rel in ("model.py", "astutil.py", "explain/tests.py"):
        h.update((pkg / rel).read_bytes())
    for item in sorted((pkg / "extract").iterdir(), key=lambda p: p.name):
        if item.name.endswith(".py"):
            h.update(item.name.encode() + b"\0" + item.read_bytes())
    return h.hexdigest()[:16]


def _rebuild_match_index(store: Any) -> None:
    """The new snapshot's segment is built from its own rows and merged with the stored ones."""
    from errdex.match.shared_index import update

    update(store)


def _expectations(ex: Any, prog: Progress) -> tuple[list[Any], int]:
    """Tests that expect errors (found by the extractor's workers), linked to the records their
    regex matches (explain's examples)."""
    from errdex.explain.tests import link_expectations

    prog.stage("linking tests to the errors they expect")
    linked = link_expectations(ex.expectations, ex.records)
    return ex.expectations, linked


ProgressCallback = Callable[[int], None]
