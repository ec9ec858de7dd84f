"""Extraction stage: source files -> ``ErrorRecord``s, by static analysis only.

Indexed code is never imported or executed. Each file is parsed once and walked once in a worker
(``visitor.py``), producing per-module facts plus raise/warn/log/assert sites whose cross-module
references stay symbolic; the parent merges the facts and resolves those references
(``resolve.py``). That split is what lets ``jobs>1`` use a process pool without shipping ASTs or
the whole codebase to every worker, and it makes results independent of ``jobs``: workers are
pure functions of one file, resolution happens in one place in a fixed order.
"""

from __future__ import annotations

import ast
import contextlib
import gc
import multiprocessing
import os
import re
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field

from errdex.extract.codefacts import code_facts
from errdex.extract.expectations import expectations_in
from errdex.extract.facts import ModuleFacts
from errdex.extract.parse import decode, parse_ast, split_pieces
from errdex.extract.resolve import Resolver, build_records
from errdex.extract.symbols import module_name
from errdex.extract.visitor import ModuleVisitor
from errdex.model import CodeFacts, ErrorRecord, FileReport, SourceFile, TestExpectation

__all__ = ["Extraction", "extract", "extract_file", "is_test_path"]

# Not "testing": numpy.testing and friends are public library code whose errors users hit.
_TEST_DIRS = frozenset({"tests", "test"})
_TEST_FILE = re.compile(r"^(test_.*|.*_test|conftest)\.py$")


@dataclass
class Extraction:
    """Everything extracted from one snapshot."""

    records: list[ErrorRecord] = field(default_factory=list)  # sorted (path, line, template, ...)
    files: list[FileReport] = field(default_factory=list)  # one per .py file, sorted by path
    symbols: set[str] = field(default_factory=set)  # dotted names the codebase defines
    code: dict[str, CodeFacts] = field(default_factory=dict)  # path -> facts, for parsed files
    expectations: list[TestExpectation] = field(default_factory=list)  # tests expecting errors


def is_test_path(path: str) -> bool:
    """Test code: its raises are not what users hit, but its names still count as symbols."""
    parts = path.split("/")
    if any(p in _TEST_DIRS for p in parts[:-1]):
        return True
    return bool(_TEST_FILE.match(parts[-1]))


def _named_only(path: str) -> bool:
    """True when only the file name (test_*.py, *_test.py) says "test", not a tests/ folder."""
    parts = path.split("/")
    return parts[-1] != "conftest.py" and not any(p in _TEST_DIRS for p in parts[:-1])


def _defines_tests(tree: ast.Module) -> bool:
    """Whether a module holds tests a collector would run: ``test*`` functions or ``Test*`` classes.

    Libraries ship helpers named like tests (jax/_src/test_util.py, jax/test_util.py) whose
    errors users do hit; a file name alone must not drop them from the catalogue.
    """
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("test"):
            return True
        if isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
            return True
    return False


def extract_file(path: str, data: bytes) -> ModuleFacts:
    """Analyse one file; never raises for bad input (the reason goes into the facts)."""
    module, is_package = module_name(path)
    is_test = is_test_path(path)
    facts = ModuleFacts(path=path, module=module, is_test=is_test)
    if module:
        facts.symbols.add(module)
    decoded = decode(data)
    note = decoded.note
    tree, reason = parse_ast(decoded.text, path)
    if tree is not None:
        _gather(facts, tree, is_test)
    if tree is not None and is_test and _named_only(path) and not _defines_tests(tree):
        is_test = facts.is_test = False
    if tree is not None:
        visitor = ModuleVisitor(facts, is_package, decoded.text, want_sites=not is_test)
        try:
            visitor.run(tree.body)
            facts.reason = note
            return facts
        except RecursionError:
            reason = "nesting too deep (RecursionError in analysis)"
    return _fallback(path, decoded.text, module, is_package, is_test, reason or "unparseable", note)


def _gather(facts: ModuleFacts, tree: ast.Module, is_test: bool) -> None:
    """What analysis and test linking need from this tree, so no later stage parses the file."""
    # pathological nesting raises RecursionError: the file's records are still extracted
    with contextlib.suppress(RecursionError):
        facts.code = code_facts(tree)
    if is_test:
        with contextlib.suppress(RecursionError):
            facts.expectations = expectations_in(facts.path, tree)


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
            visitor.run_pieces(pieces)
            facts.status = "fallback"
            facts.reason = "; ".join(x for x in (reason, note) if x)
            return facts
    except (RecursionError, MemoryError, ValueError) as exc:  # pragma: no cover - defensive
        reason = f"{reason}; fallback failed: {type(exc).__name__}"
    skipped = ModuleFacts(path=path, module=module, status="skipped", is_test=is_test)
    skipped.reason = "; ".join(x for x in (reason, note) if x)
    if module:
        skipped.symbols.add(module)
    return skipped


def _work(chunk: list[tuple[str, bytes]]) -> list[ModuleFacts]:
    """Analyse a chunk of files with the cyclic GC paused.

    ASTs are large and acyclic, so the cyclic collector only burns time rescanning them (it cost
    ~15% of the run); reference counting still frees every tree as soon as its file is done.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        return [extract_file(path, data) for path, data in chunk]
    finally:
        if enabled:
            gc.enable()


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


def extract(
    files: Sequence[SourceFile],
    repo: str,
    *,
    jobs: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> Extraction:
    """Extract every error record of a snapshot. ``jobs=None`` uses every core."""
    items = sorted(((f.path, f.data) for f in files if f.path.endswith(".py")), key=lambda x: x[0])
    workers = jobs if jobs is not None else (os.cpu_count() or 1)
    facts: list[ModuleFacts] = []
    if workers <= 1 or len(items) < 2:
        for item in items:
            facts.extend(_work([item]))
            if progress is not None:
                progress(1)
    else:
        chunks = _chunks(items, workers * 8)
        done = 0
        try:
            # forkserver, not fork: the caller may have threads (a web server, a progress bar),
            # and forking a threaded process can deadlock the child.
            ctx = multiprocessing.get_context("forkserver")
            with ProcessPoolExecutor(max_workers=workers, mp_context=ctx) as pool:
                for chunk, result in zip(chunks, pool.map(_work, chunks), strict=True):
                    facts.extend(result)
                    done += 1
                    if progress is not None:
                        progress(len(chunk))
        except (OSError, BrokenProcessPool):
            # No processes on this host (sandbox, OOM-killed worker): finish serially.
            for chunk in chunks[done:]:
                facts.extend(_work(chunk))
                if progress is not None:
                    progress(len(chunk))
    resolver = Resolver(facts)
    out = Extraction()
    for f in facts:
        out.files.append(FileReport(f.path, f.status, f.reason, f.is_test, f.module, module_name(f.path)[1]))
        out.symbols |= f.symbols
        if f.code is not None:
            out.code[f.path] = f.code
        out.expectations.extend(f.expectations)
        if f.sites:
            out.records.extend(build_records(repo, f.path, f.sites, resolver))
    out.records.sort(key=lambda r: (r.path, r.line, r.template, r.exc_type, r.kind, r.function))
    return out
