#!/usr/bin/env python3
"""Where the statement visitor's CPU goes on a release, and the most each "cheaper visitor" idea
of issue #9 could save (perf45).

    .venv/bin/python bench/visitor_shares.py                       # jax 0.10.2, every .py file
    .venv/bin/python bench/visitor_shares.py --spec pypi:attrs==25.4.0 --every 2

Every ``.py`` file of the release (or every Nth, paths sorted) is given to ``extract_file`` in
this process with the cyclic collector off, as the workers run it, once per measurement: each
run wraps only the functions it times (by assignment, restored after it), so no run's wrappers
inflate another's figures. CPU is ``time.process_time``; on the shared machine compare figures
within one run of this script only.

0. **stages**: the extraction as a worker runs it (``extract_file``, then the file's cache entry,
   ``extract.cache_entry``) split into the parse, the code facts, the visitor and the cache entry
   (one wrapper call per file and stage), the rest being decoding, the visitor's set-up and
   freeing each file's tree (perf55).
1. **plain**: the extraction and the visitor (``ModuleVisitor.run``) unwrapped.
2. **statement kinds**: each statement's own CPU (``walk_stmt``, what its nested statements took
   subtracted), by statement type and by the kind of frame it is in, as shares of their sum (a
   wrapper per statement: its cost is spread over the kinds, the sum reads above the visitor's).
3. **functions**: each outermost function walk (a method counts as one: it is not inside
   another function) by what its body holds -- *quiet*: no ``raise``, ``assert``, ``yield`` or
   warn/log-named call anywhere in it -- and by what the walk recorded: the facts' tables that
   grew or changed (a class's entry compared whole, a dict's entries by their values' identity:
   an entry replaced under its key is a change, since perf55). "nothing" is the most a walk
   could be skipped for without losing a record; only a test made before the walk could skip it.
3b. **pre-walk tests** (perf55): the quiet walks again, by what a test made on the function's
   tree before its walk could see -- text (a string literal other than the docstring, an
   f-string), a nested scope, ``global``/``nonlocal``, a dunder name, an attribute stored to, a
   call of a plain name, a ``return`` of a call or of any value, a call given arguments, a
   method of an exception class -- each row the walks with none of the shapes named so far:
   how much of the visitor each such skip would take, and how much of that is walks that did
   record something (the skip would lose it).
4. **dead stores**: ``assign_name`` in a function for a name no expression of the function
   (nested scopes included) reads: what evaluating a binding nobody reads costs.
5. **re-walks**: the per-function walks the visitor makes besides its own (``containers``,
   ``literals``, ``_stored_names``), each cached per function.

Nothing of the release is imported or run: its files are parsed with ``ast`` only.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import gc
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from typing import Any

from errdex import extract as extract_mod
from errdex.extract import cache_entry, extract_file
from errdex.extract import visitor as visitor_mod
from errdex.extract.facts import ModuleFacts
from errdex.sources import open_source

SPEC = "pypi:jax==0.10.2"
# the facts' tables a walk may add to (``classes`` is compared whole: methods fill entries in place)
_TABLES = (
    "sites",
    "funcs",
    "consts",
    "hands",
    "closures",
    "passed_maps",
    "passed_classes",
    "type_maps",
    "instances",
    "records",
    "args_joins",
)
_LOG_NAMES = frozenset({"debug", "info", "warning", "error", "exception", "critical", "log"})
_NOISY = (ast.Raise, ast.Assert, ast.Yield, ast.YieldFrom)
_REWALKS = (
    "function_body",
    "own_statements",
    "bound_once",
    "containers_of",
    "_bound_values",
    "_stored_names",
)

Items = list[tuple[str, bytes]]
Seconds = defaultdict[Any, float]


@contextlib.contextmanager
def wrapped(
    owner: Any, name: str, make: Callable[[Callable[..., Any]], Callable[..., Any]]
) -> Iterator[None]:
    """``owner.name`` replaced by ``make(original)`` for the block (a static method stays one)."""
    original = owner.__dict__[name]
    plain = original.__func__ if isinstance(original, staticmethod) else original
    new = make(plain)
    setattr(owner, name, staticmethod(new) if isinstance(original, staticmethod) else new)
    try:
        yield
    finally:
        setattr(owner, name, original)


def _timing(
    spent: dict[str, float], key: str, count: Counter[str] | None = None
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """A ``make`` for ``wrapped``: every call's CPU added to ``spent[key]`` (and counted in
    ``count``)."""

    def make(fn: Callable[..., Any]) -> Callable[..., Any]:
        def timed(*args: Any) -> Any:
            start = time.process_time()
            try:
                return fn(*args)
            finally:
                spent[key] += time.process_time() - start
                if count is not None:
                    count[key] += 1

        return timed

    return make


def extract_all(items: Items) -> float:
    """CPU seconds of ``extract_file`` over every item, the cyclic collector off."""
    gc.disable()
    try:
        start = time.process_time()
        for path, data in items:
            extract_file(path, data)
        return time.process_time() - start
    finally:
        gc.enable()


def stages(items: Items) -> tuple[float, dict[str, float]]:
    """The CPU of ``extract_file`` and the cache entry over every item, and of each stage in it:
    the parse, the code facts, the visitor, the cache entry (each wrapped once per file)."""
    spent = dict.fromkeys(("parse", "code facts", "visitor", "cache entry"), 0.0)
    entry = _timing(spent, "cache entry")(cache_entry)
    with (
        wrapped(extract_mod, "parse_ast", _timing(spent, "parse")),
        wrapped(extract_mod, "code_facts", _timing(spent, "code facts")),
        wrapped(visitor_mod.ModuleVisitor, "run", _timing(spent, "visitor")),
    ):
        gc.disable()
        try:
            start = time.process_time()
            for path, data in items:
                entry(extract_file(path, data))
            total = time.process_time() - start
        finally:
            gc.enable()
    return total, spent


def plain(items: Items) -> tuple[float, float]:
    """The extraction's CPU and the visitor's (one wrapper call per file)."""
    spent = [0.0]

    def make(run: Callable[..., Any]) -> Callable[..., Any]:
        def timed(self: Any, body: Any) -> Any:
            start = time.process_time()
            try:
                return run(self, body)
            finally:
                spent[0] += time.process_time() - start

        return timed

    with wrapped(visitor_mod.ModuleVisitor, "run", make):
        total = extract_all(items)
    return total, spent[0]


def statement_kinds(items: Items) -> tuple[Seconds, Counter[str]]:
    """Each statement's own CPU (nested statements' subtracted) and count, by frame and type."""
    own: Seconds = defaultdict(float)
    count: Counter[str] = Counter()
    inner: list[float] = []

    def make(walk: Callable[..., Any]) -> Callable[..., Any]:
        def timed(self: Any, stmt: ast.stmt, env: Any, frame: Any, guards: Any) -> Any:
            start = time.process_time()
            inner.append(0.0)
            try:
                return walk(self, stmt, env, frame, guards)
            finally:
                spent = time.process_time() - start
                nested = inner.pop()
                key = f"{frame.kind}: {type(stmt).__name__}"
                own[key] += spent - nested
                count[key] += 1
                if inner:
                    inner[-1] += spent

        return timed

    with wrapped(visitor_mod.ModuleVisitor, "walk_stmt", make):
        extract_all(items)
    return own, count


def _fingerprint(facts: ModuleFacts) -> tuple[object, ...]:
    """The facts' tables, a dict's by its keys and its values' identity (an entry replaced under
    its key is a change), a list's by its length, the classes whole."""
    return (
        *(
            tuple((k, id(v)) for k, v in table.items()) if isinstance(table, dict) else len(table)
            for table in (getattr(facts, t) for t in _TABLES)
        ),
        repr(facts.classes),
    )


def _quiet(node: ast.AST) -> bool:
    """No ``raise``/``assert``/``yield`` and no call of a warn- or log-named function in ``node``."""
    for n in ast.walk(node):
        if isinstance(n, _NOISY):
            return False
        if isinstance(n, ast.Call):
            f = n.func
            last = (
                f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
            ).lower()
            if "warn" in last or last in _LOG_NAMES:
                return False
    return True


# what a test before a walk could read of a function (``_shapes``), in the order the pre-walk
# rows add them to the test (a function with none of the shapes named so far is skipped)
_SHAPES = (
    "text", "nested scope", "global", "dunder", "attribute stored", "exception class",
    "return of a call", "call of a name", "return of a value", "call given arguments",
)  # fmt: skip
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)


def _shapes(node: ast.FunctionDef | ast.AsyncFunctionDef, exc_class: bool) -> frozenset[str]:
    """The shapes of ``_SHAPES`` a function's tree holds (its docstring is no text)."""
    body = node.body
    first = body[0] if body else None
    doc = first.value if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) else None
    out: set[str] = {"exception class"} if exc_class else set()
    if node.name.startswith("__") and node.name.endswith("__"):
        out.add("dunder")
    for n in ast.walk(node):
        if n is node:
            continue
        if isinstance(n, ast.JoinedStr) or (
            isinstance(n, ast.Constant) and isinstance(n.value, str | bytes) and n is not doc
        ):
            out.add("text")
        elif isinstance(n, _SCOPES):
            out.add("nested scope")
        elif isinstance(n, ast.Global | ast.Nonlocal):
            out.add("global")
        elif isinstance(n, ast.Attribute) and isinstance(n.ctx, ast.Store):
            out.add("attribute stored")
        elif isinstance(n, ast.Return) and n.value is not None:
            out.add("return of a call" if isinstance(n.value, ast.Call) else "return of a value")
        elif isinstance(n, ast.Call):
            if isinstance(n.func, ast.Name):
                out.add("call of a name")
            if n.args or n.keywords:
                out.add("call given arguments")
    if "return of a call" in out:
        out.add("return of a value")
    return frozenset(out)


Walks = list[tuple[frozenset[str], bool, float]]  # a quiet walk's shapes, whether it recorded, CPU


def functions(items: Items) -> tuple[Seconds, Counter[tuple[str, str]], Walks]:
    """Outermost function walks' CPU and count by (quiet or not, the tables they added to), and
    each quiet walk's shapes (``_shapes``), whether it recorded anything, and its CPU."""
    spent: Seconds = defaultdict(float)
    count: Counter[tuple[str, str]] = Counter()
    quiet: Walks = []
    depth = [0]

    def make(walk: Callable[..., Any]) -> Callable[..., Any]:
        def timed(
            self: Any, node: ast.FunctionDef | ast.AsyncFunctionDef, env: Any, parent: Any, *rest: Any
        ) -> Any:
            if depth[0]:
                return walk(self, node, env, parent, *rest)
            before = _fingerprint(self.facts)
            depth[0] += 1
            start = time.process_time()
            try:
                return walk(self, node, env, parent, *rest)
            finally:
                took = time.process_time() - start
                depth[0] -= 1
                after = _fingerprint(self.facts)
                grew = [t for t, a, b in zip((*_TABLES, "classes"), before, after, strict=True) if a != b]
                silent = _quiet(node)
                key = ("quiet" if silent else "raises/asserts/warns/logs/yields", "+".join(grew) or "nothing")
                spent[key] += took
                count[key] += 1
                if silent:
                    exc_class = parent.kind == "class" and bool(parent.exc_class)
                    quiet.append((_shapes(node, exc_class), bool(grew), took))

        return timed

    with wrapped(visitor_mod.ModuleVisitor, "walk_function", make):
        extract_all(items)
    return spent, count, quiet


def prewalk_rows(quiet: Walks, visitor: float) -> list[str]:
    """``_SHAPES`` ruled out one more per row: the quiet walks a test would skip, their CPU as a
    share of the visitor, and those of them that recorded something."""
    rows = []
    ruled: set[str] = set()
    for shape in (None, *_SHAPES):
        if shape is not None:
            ruled.add(shape)
        skipped = [w for w in quiet if not (w[0] & ruled)]
        lost = [w for w in skipped if w[1]]
        cpu, lost_cpu = sum(w[2] for w in skipped), sum(w[2] for w in lost)
        label = "quiet" if shape is None else f"... and no {shape}"
        rows.append(
            f"| {label} | {len(skipped):,} | {cpu:.3f} | {cpu / visitor * 100:.1f}% "
            f"| {len(lost):,} | {lost_cpu / visitor * 100:.1f}% |"
        )
    return rows


def dead_stores(items: Items) -> tuple[Seconds, Counter[str]]:
    """``assign_name``'s CPU and count in functions, for names the function reads or never reads."""
    spent: Seconds = defaultdict(float)
    count: Counter[str] = Counter()
    reads: dict[int, tuple[ast.AST, frozenset[str]]] = {}  # by the function node's id (kept alive)

    def read_names(func: ast.AST) -> frozenset[str]:
        got = reads.get(id(func))
        if got is None:
            names = frozenset(
                n.id for n in ast.walk(func) if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Store)
            )
            got = reads[id(func)] = (func, names)
        return got[1]

    def make(assign: Callable[..., Any]) -> Callable[..., Any]:
        def timed(self: Any, name: str, value: Any, env: Any, frame: Any) -> Any:
            start = time.process_time()
            try:
                return assign(self, name, value, env, frame)
            finally:
                took = time.process_time() - start
                if frame.kind != "function":
                    key = f"{frame.kind} level"
                else:
                    key = "function, name read" if name in read_names(frame.node) else "function, never read"
                spent[key] += took
                count[key] += 1

        return timed

    with wrapped(visitor_mod.ModuleVisitor, "assign_name", make):
        extract_all(items)
        reads.clear()
    return spent, count


def rewalks(items: Items) -> tuple[Seconds, Counter[str]]:
    """CPU and calls of the per-function walks besides the visitor's own."""
    spent: Seconds = defaultdict(float)
    count: Counter[str] = Counter()
    with contextlib.ExitStack() as stack:
        for name in _REWALKS:
            stack.enter_context(wrapped(visitor_mod, name, _timing(spent, name, count)))
        extract_all(items)
    return spent, count


def _largest(spent: Seconds, n: int | None = None) -> list[tuple[Any, float]]:
    return sorted(spent.items(), key=lambda kv: -kv[1])[:n]


def _row(label: str, n: int, cpu: float, whole: float) -> str:
    return f"| {label} | {n:,} | {cpu:.3f} | {cpu / whole * 100:.1f}% |"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--spec", default=SPEC, help=f"the release read (default {SPEC})")
    ap.add_argument("--every", type=int, default=1, help="every Nth .py file (default 1: all)")
    args = ap.parse_args()
    files = sorted((f for f in open_source(args.spec).files if f.path.endswith(".py")), key=lambda f: f.path)
    items = [(f.path, f.data) for f in files[:: args.every]]
    extract_all(items)  # warm: imports, the interpreter's caches
    whole, parts = stages(items)
    print(f"{args.spec}: extraction and cache entries {whole:.3f} s CPU (stages wrapped)")
    print("| stage | CPU s | of the whole |\n|---|---|---|")
    for stage, cpu in (
        *parts.items(),
        ("the rest (decoding, set-up, freeing trees)", whole - sum(parts.values())),
    ):
        print(f"| {stage} | {cpu:.3f} | {cpu / whole * 100:.1f}% |")
    total, visitor = plain(items)
    print()
    print(f"{args.spec}: {len(items)} files; extraction {total:.3f} s CPU, visitor {visitor:.3f} s")
    own, count = statement_kinds(items)
    walked = sum(own.values())  # the wrappers' own cost is in it: shares are of this run's sum
    print(f"\nstatements' own CPU summed: {walked:.3f} s (wrapped)")
    print("| statement (frame: type) | statements | own CPU s | of the sum |\n|---|---|---|---|")
    for key, cpu in _largest(own, 15):
        print(_row(key, count[key], cpu, walked))
    print(
        "\n| outermost function walk (body, tables it added to) | walks | CPU s | of the visitor |\n|---|---|---|---|"
    )
    spent, walks, quiet = functions(items)
    for (body, grew), cpu in _largest(spent, 14):
        print(_row(f"{body}, {grew}", walks[body, grew], cpu, visitor))
    print(
        "\n| quiet walks a pre-walk test would skip | walks | CPU s | of the visitor | of them recording "
        "| their share |\n|---|---|---|---|---|---|"
    )
    print("\n".join(prewalk_rows(quiet, visitor)))
    print("\n| `assign_name` | bindings | CPU s | of the visitor |\n|---|---|---|---|")
    dead, binds = dead_stores(items)
    for key, cpu in _largest(dead):
        print(_row(key, binds[key], cpu, visitor))
    print("\n| per-function walk | calls | CPU s | of the visitor |\n|---|---|---|---|")
    again, calls = rewalks(items)
    for key, cpu in _largest(again):
        print(_row(f"`{key}`", calls[key], cpu, visitor))


if __name__ == "__main__":
    main()
