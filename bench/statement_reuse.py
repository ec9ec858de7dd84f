"""What reusing a changed file's unchanged top-level statements would save, under a sound key.

    .venv/bin/python bench/statement_reuse.py                          # jax, three pairs
    .venv/bin/python bench/statement_reuse.py --pair 0.6.2 0.6.1 --rounds 5
    .venv/bin/python bench/statement_reuse.py --package django --pair 6.1.2 6.1.3
    .venv/bin/python bench/statement_reuse.py --pair 0.11.0 0.11.1 --rounds 0 --dump /tmp/sr
    .venv/bin/python bench/statement_reuse.py --built --rounds 3   # the extractor's reuse, as built
    valgrind --tool=callgrind .venv/bin/python bench/statement_reuse.py --run /tmp/sr/0.11.0-0.11.1/rest

A pair is OLD (the release indexed before) and NEW (the one added). For every ``.py`` file that
changed between them, NEW's top-level statements are matched against OLD's. A top-level
``def``/``class`` (decorators included) could have its records and facts copied from OLD, lines
shifted, instead of being parsed and walked again, when:

* text: its text is that of a top-level statement of OLD (anywhere in the file);
* sound: also everything the extractor's walk of it reads outside its own lines is equal, as
  the visitor holds it just before walking it in each release (an instrumented
  ``ModuleVisitor``, the real one: the imports seen so far, module-level names, star imports,
  module-level tuples, logger aliases, and which of its own lines the warn/log scan flagged),
  its name is bound once at module level in both (a second binding is read: a redefined
  function merges with the first), its file is not a test file and parsed whole in both, and
  the records it made in OLD stay inside its own lines (a class-body site's window reaches
  the lines around the class, which a move changes).

Every other statement (imports, constants, ``if``/``try`` blocks...) would be parsed and walked
as today. Each statement the key lets through is checked: what its walk added to the facts in
OLD (sites, table entries, symbols, function-level imports), every line number moved as the
statement moved (``shifted``), must equal what it added in NEW; the ones that do not are listed. The CPU a reusing extractor would still spend is measured as the real
``extract_file`` of NEW with the reusable statements' lines emptied (every other line keeps its
number) against ``extract_file`` of NEW whole, the rounds alternating, the collector paused as
the workers run. The split itself is priced too: ``tokenize`` (exact, the C tokenizer) and a
column-0 line scan (cheap, checked against the AST's statement starts).

Nothing is imported or run from the releases: they are parsed with ``ast`` only.
"""

from __future__ import annotations

import argparse
import ast
import copy
import dataclasses
import io
import time
import tokenize
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from errdex.extract import cache_entry, collector_paused, extract_file
from errdex.extract.facts import ModuleFacts
from errdex.extract.reuse import StatementReuse
from errdex.extract.symbols import module_name
from errdex.extract.visitor import Env, Frame, Guard, ModuleVisitor
from errdex.testpaths import is_test_path

DEFS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


@dataclass(slots=True)
class Stmt:
    """A top-level def/class of one release: its lines, text and the state its walk reads."""

    start: int  # first line, decorators included (1-based)
    end: int
    text: str
    name: str
    state: tuple[str, ...]  # what its walk read outside its lines: names looked up, stars, flags
    made: dict[str, object]  # what its walk added to the facts (and the module's imports)
    inside: bool  # every record it made lies within its lines


class _Reads(dict[str, object]):
    """A visitor table that notes every name looked up in it (present or not)."""

    def __init__(self, table: dict[str, object], reads: set[tuple[str, str, str]], name: str) -> None:
        super().__init__(table)
        self.reads, self.name = reads, name

    def _note(self, key: str) -> None:
        value = super().get(key)
        if isinstance(value, list):  # module-level tuples hold AST nodes
            value = [ast.dump(e) for e in value]
        self.reads.add((self.name, key, repr(value) if key in self.keys() else "-"))

    def get(self, key: str, default: object = None) -> object:
        self._note(key)
        return super().get(key, default)

    def __getitem__(self, key: str) -> object:
        self._note(key)
        return super().__getitem__(key)

    def __contains__(self, key: object) -> bool:
        self._note(str(key))
        return super().__contains__(key)

    def setdefault(self, key: str, default: object = None) -> object:
        self._note(key)
        return super().setdefault(key, default)


class _Probe(ModuleVisitor):
    """The extractor's visitor, noting what each top-level def/class's walk reads of the
    module's tables (by name: every name it looks up, and what the table held for it)."""

    def __init__(self, facts: ModuleFacts, is_package: bool, text: str, want_sites: bool) -> None:
        super().__init__(facts, is_package, text, want_sites)
        self.seen: dict[int, tuple[tuple[str, ...], bool]] = {}  # start line -> (state, records inside)
        self.made: dict[int, dict[str, object]] = {}  # start line -> what its walk added

    def walk_stmt(self, stmt: ast.stmt, env: Env, frame: Frame, guards: list[Guard]) -> None:
        if frame is not self.module_frame or not isinstance(stmt, DEFS):
            super().walk_stmt(stmt, env, frame, guards)
            return
        start, end = _span(stmt)
        reads: set[tuple[str, str, str]] = set()
        tables = self.imports, self.top, self.tuples, self.log_aliases
        self.imports = _Reads(dict(tables[0]), reads, "imports")  # type: ignore[assignment]
        self.top = _Reads(dict.fromkeys(tables[1]), reads, "top")  # type: ignore[assignment]
        self.tuples = _Reads(dict(tables[2]), reads, "tuples")  # type: ignore[assignment]
        self.log_aliases = _Reads(dict(tables[3]), reads, "log")  # type: ignore[assignment]
        before = len(self.facts.sites)
        held = {name: dict(getattr(self.facts, name)) for name in TABLES}
        symbols, imports = set(self.facts.symbols), dict(tables[0])
        flags = [n - start for n in self.flag if start <= n <= end]
        stars = list(self.facts.stars)
        try:
            super().walk_stmt(stmt, env, frame, guards)
        finally:
            # what the walk added to the tables (function-level imports) is kept
            self.imports = dict(self.imports)
            self.top = set(self.top)
            self.tuples = dict(self.tuples)
            self.log_aliases = dict(self.log_aliases)
        inside = all(start <= s.window_start and s.window_end <= end for s in self.facts.sites[before:])
        state = (repr(sorted(reads)), repr(stars), repr(flags))
        self.seen[start] = (state, inside)
        made: dict[str, object] = {
            name: {k: v for k, v in getattr(self.facts, name).items() if held[name].get(k) is not v}
            for name in TABLES
        }
        made["sites"] = self.facts.sites[before:]
        made["symbols"] = sorted(self.facts.symbols - symbols)
        made["imports"] = {k: v for k, v in self.imports.items() if k not in imports}
        self.made[start] = copy.deepcopy(made)  # (a later statement may extend an entry in place)


# the facts' tables a top-level statement's walk writes to, beside its sites and symbols
TABLES = ("funcs", "classes", "consts", "hands", "type_maps", "passed_maps", "instances")
LINE_FIELDS = frozenset({"line", "end_line", "window_start", "window_end"})


def shifted(value: object, by: int) -> object:
    """A copy of extracted facts with every line number moved by ``by``: the fields named like
    lines of the facts' dataclasses, and ``at`` (a raise's ``(path, line)``)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        changes: dict[str, object] = {}
        for f in dataclasses.fields(value):
            v = getattr(value, f.name)
            if f.name in LINE_FIELDS and isinstance(v, int):
                changes[f.name] = v + by
            elif f.name == "at" and isinstance(v, tuple):
                changes[f.name] = (v[0], v[1] + by)
            else:
                changes[f.name] = shifted(v, by)
        return dataclasses.replace(value, **changes)
    if isinstance(value, dict):
        return {k: shifted(v, by) for k, v in value.items()}
    if isinstance(value, list):
        return [shifted(v, by) for v in value]
    if type(value) is tuple:  # (``ExcSpec.inner``, ``FuncInfo.relays``, ``exc_more``...)
        return tuple(shifted(v, by) for v in value)
    return value  # templates' values (named tuples) hold no line numbers


def _span(stmt: ast.stmt) -> tuple[int, int]:
    first = min([stmt.lineno, *(d.lineno for d in getattr(stmt, "decorator_list", ()))])
    return first, stmt.end_lineno or stmt.lineno


def _bindings(body: Sequence[ast.stmt], counts: dict[str, int]) -> None:
    """How often each name is bound at module level: defs, classes and imports, and every name
    stored anywhere in a statement that is not a def/class (its blocks' defs, imports and
    assignments included, and more: over-counting only makes the key stricter)."""

    def bind(name: str) -> None:
        counts[name] = counts.get(name, 0) + 1

    for stmt in body:
        if isinstance(stmt, DEFS):
            bind(stmt.name)
            continue
        for node in ast.walk(stmt):
            if isinstance(node, DEFS):
                bind(node.name)
            elif isinstance(node, ast.Import | ast.ImportFrom):
                for a in node.names:
                    bind((a.asname or a.name).split(".")[0])
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                bind(node.id)


def statements(path: str, text: str) -> list[Stmt] | None:
    """The top-level defs/classes of a file with what their walk reads; None: not reusable at
    all (a test file, or one the extractor does not parse whole)."""
    if is_test_path(path):
        return None
    try:
        tree = ast.parse(text, filename=path)
    except (SyntaxError, ValueError, RecursionError):
        return None
    module, is_package = module_name(path)
    probe = _Probe(ModuleFacts(path=path, module=module), is_package, text, want_sites=True)
    try:
        probe.run(tree.body)
    except RecursionError:
        return None
    finally:
        probe.close()
    counts: dict[str, int] = {}
    _bindings(tree.body, counts)
    lines = text.split("\n")
    out: list[Stmt] = []
    for stmt in tree.body:
        if isinstance(stmt, DEFS):
            start, end = _span(stmt)
            state, inside = probe.seen[start]
            if counts.get(stmt.name, 0) != 1:
                state = ("bound again",)  # a redefinition reads the first: not reusable
                inside = False
            text = "\n".join(lines[start - 1 : end])
            out.append(Stmt(start, end, text, stmt.name, state, probe.made[start], inside))
    return out


@dataclass(slots=True)
class FileShare:
    path: str
    new: bytes
    lines: int
    def_lines: int
    text_lines: int  # lines of defs whose text OLD has
    sound_lines: int  # of those, the ones a sound key reuses
    why: Counter[str]  # lines of text-equal statements not reused, by the first reason
    checked: int  # reused statements whose old output, lines shifted, equals the fresh one
    differ: list[str]  # the others: path, name and which part differs
    turned: tuple[int, int]  # text-equal statements the key turned down: all, whose output differs
    blanked: bytes  # NEW with the sound-reusable statements' lines emptied


def share(path: str, old: bytes, new: bytes) -> FileShare:
    text = new.decode("utf-8", "replace")
    n = text.count("\n") + 1
    after = statements(path, text)
    before = statements(path, old.decode("utf-8", "replace"))
    if after is None:
        return FileShare(path, new, n, 0, 0, 0, Counter(), 0, [], (0, 0), new)
    def_lines = sum(s.end - s.start + 1 for s in after)
    if before is None:
        return FileShare(path, new, n, def_lines, 0, 0, Counter(), 0, [], (0, 0), new)
    by_text = {s.text: s for s in before}
    lines = text.split("\n")
    text_lines = sound_lines = 0
    why: Counter[str] = Counter()
    checked, differ, turned, wrong = 0, [], 0, 0
    for s in after:
        prev = by_text.get(s.text)
        if prev is None:
            continue
        size = s.end - s.start + 1
        text_lines += size
        if prev.state == s.state and prev.inside and s.inside:
            sound_lines += size
            lines[s.start - 1 : s.end] = [""] * size
            bad = _differs(prev, s)
            if bad:
                differ.append(f"{path} {s.name}: {', '.join(bad)}")
            else:
                checked += 1
        else:
            why[_why(prev, s)] += size
            turned += 1
            wrong += bool(_differs(prev, s))  # (what reuse by text alone would have got wrong)
    blanked = "\n".join(lines).encode()
    return FileShare(
        path, new, n, def_lines, text_lines, sound_lines, why, checked, differ, (turned, wrong), blanked
    )


def _differs(prev: Stmt, s: Stmt) -> list[str]:
    """The parts of what NEW's walk of ``s`` added that OLD's, lines shifted, does not equal."""
    moved = shifted(prev.made, s.start - prev.start)
    assert isinstance(moved, dict)
    return [k for k in s.made if moved[k] != s.made[k]]


def _why(prev: Stmt, s: Stmt) -> str:
    if "bound again" in (prev.state[0], s.state[0]):
        return "name bound again"
    if not (prev.inside and s.inside):
        return "record outside its lines"
    for part, a, b in zip(("names read", "star imports", "flagged lines"), prev.state, s.state, strict=True):
        if a != b:
            return part
    return "?"


def column0_starts(text: str) -> set[int]:
    """Top-level def/class starts by a line scan: a line at column 0 opening ``def``, ``async
    def``, ``class`` or a decorator (a decorator's run counts from its first line)."""
    out: set[int] = set()
    prev_deco = False
    for i, line in enumerate(text.split("\n"), 1):
        deco = line.startswith("@")
        if (deco or line.startswith(("def ", "async def ", "class "))) and not prev_deco:
            out.add(i)
        prev_deco = deco or (prev_deco and not line.startswith(("def ", "async def ", "class ")))
    return out


def ast_starts(text: str) -> set[int]:
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError):
        return set()
    return {_span(s)[0] for s in tree.body if isinstance(s, DEFS)}


def cpu(fn: Callable[[str, bytes], object], items: Sequence[tuple[str, bytes]]) -> float:
    """CPU seconds of ``fn(path, data)`` over the items, the collector paused."""
    with collector_paused():
        t = time.process_time()
        for path, data in items:
            fn(path, data)
        return time.process_time() - t


def _walk(probe: type[ModuleVisitor]) -> Callable[[str, bytes], None]:
    """Parse and walk a file with the plain visitor or the read-noting one (what noting the
    reads would add to every extraction, this way)."""

    def run(path: str, data: bytes) -> None:
        text = data.decode("utf-8", "replace")
        module, is_package = module_name(path)
        visitor = probe(ModuleFacts(path=path, module=module), is_package, text, True)
        try:
            visitor.run(ast.parse(text, filename=path).body)
        finally:
            visitor.close()

    return run


def _parse(path: str, data: bytes) -> None:
    ast.parse(data.decode("utf-8", "replace"), filename=path)


def _tokens(path: str, data: bytes) -> None:
    for _ in tokenize.generate_tokens(io.StringIO(data.decode("utf-8", "replace")).readline):
        pass


def _scan(path: str, data: bytes) -> None:
    column0_starts(data.decode("utf-8", "replace"))


def measure(label: str, old: dict[str, bytes], new: dict[str, bytes], rounds: int, dump: Path | None) -> None:
    changed = [p for p in sorted(new) if p in old and old[p] != new[p]]
    shares = [share(p, old[p], new[p]) for p in changed]
    if dump is not None:  # the two file sets, for ``--run`` under an instruction counter
        for s in shares:
            for side, data in (("whole", s.new), ("rest", s.blanked)):
                out = dump / side / s.path
                out.parent.mkdir(parents=True, exist_ok=True)
                out.write_bytes(data)
    lines = sum(s.lines for s in shares)
    defs = sum(s.def_lines for s in shares)
    text = sum(s.text_lines for s in shares)
    sound = sum(s.sound_lines for s in shares)
    mb = sum(len(s.new) for s in shares) / 1e6
    print(f"\n{label}: {len(changed)} of {len(new)} files changed, {mb:.2f} MB, {lines:,} lines")
    print(f"  top-level def/class lines {defs:,} ({defs / max(lines, 1):.0%} of the lines)")
    print(f"  of them with OLD's text    {text:,} ({text / max(defs, 1):.0%}); "
          f"under the sound key {sound:,} ({sound / max(defs, 1):.0%}, {sound / max(lines, 1):.0%} of all lines)")  # fmt: skip
    why: Counter[str] = Counter()
    for s in shares:
        why.update(s.why)
    print("  text-equal, not reused (lines):", ", ".join(f"{k} {v:,}" for k, v in why.most_common()))
    differ = [d for s in shares for d in s.differ]
    print(
        f"  reused statements whose OLD output, lines shifted, equals NEW's: "
        f"{sum(s.checked for s in shares):,} of {sum(s.checked for s in shares) + len(differ):,}"
    )
    for d in differ[:10]:
        print("    differs:", d)
    turned = sum(s.turned[0] for s in shares)
    print(
        f"  text-equal statements the key turned down: {turned:,}, "
        f"of which reused by text alone would have been wrong: {sum(s.turned[1] for s in shares):,}"
    )
    agree = sum(column0_starts(s.new.decode("utf-8", "replace")) == ast_starts(s.new.decode("utf-8", "replace"))
                for s in shares)  # fmt: skip
    print(f"  column-0 scan finds exactly the AST's def/class starts in {agree} of {len(shares)} files")
    if rounds < 1:
        return
    whole = [(s.path, s.new) for s in shares]
    rest = [(s.path, s.blanked) for s in shares]
    rows: dict[str, list[float]] = {
        k: [] for k in ("whole", "rest", "parse whole", "parse rest", "tokenize", "scan", "walk", "noted")
    }
    for r in range(rounds):
        order = [("whole", extract_file, whole), ("rest", extract_file, rest)]
        for name, fn, items in order if r % 2 == 0 else order[::-1]:
            rows[name].append(cpu(fn, items))
        rows["parse whole"].append(cpu(_parse, whole))
        rows["parse rest"].append(cpu(_parse, rest))
        rows["tokenize"].append(cpu(_tokens, whole))
        rows["scan"].append(cpu(_scan, whole))
        if r == 0:  # (once: the files that failed to parse are left out of both)
            walkable = [(p, d) for p, d in whole if statements(p, d.decode("utf-8", "replace")) is not None]
        rows["walk"].append(cpu(_walk(ModuleVisitor), walkable))
        rows["noted"].append(cpu(_walk(_Probe), walkable))
    base = min(rows["whole"])
    print(f"  {'CPU (s), ' + str(rounds) + ' rounds':<34} {'min':>7} {'max':>7} {'of whole':>9}")
    for name, what in (
        ("whole", "extract_file, NEW's changed files"),
        ("rest", "extract_file, reusable lines empty"),
        ("parse whole", "ast.parse alone, whole"),
        ("parse rest", "ast.parse alone, reusable empty"),
        ("tokenize", "tokenize (an exact split)"),
        ("scan", "column-0 line scan"),
        ("walk", "parse + visitor (no code facts)"),
        ("noted", "parse + visitor noting its reads"),
    ):
        lo, hi = min(rows[name]), max(rows[name])
        print(f"  {what:<34} {lo:>7.2f} {hi:>7.2f} {lo / base:>9.0%}")


def built(label: str, old: dict[str, bytes], new: dict[str, bytes], rounds: int) -> None:
    """The reuse the extractor has (``extract.reuse``, what ``ERRDEX_STATEMENT_REUSE=1`` turns
    on), on the pair's changed files: OLD's files extracted recording their statements, then
    NEW's extracted with those entries and without, compared byte for byte (the cache entry
    and the code facts) and timed alternating (CPU, the collector paused)."""
    changed = [p for p in sorted(new) if p in old and old[p] != new[p]]
    libs: dict[str, bytes] = {}
    with collector_paused():
        t = time.process_time()
        for p in changed:
            extract_file(p, old[p])
        plain_old = time.process_time() - t
        t = time.process_time()
        for p in changed:
            st = StatementReuse()
            extract_file(p, old[p], st)
            libs[p] = st.library or b""
        recording = time.process_time() - t
    replayed = walked = same = unparsed = 0
    for p in changed:
        st = StatementReuse([libs[p]])
        got = extract_file(p, new[p], st)
        fresh = extract_file(p, new[p])
        replayed, walked, unparsed = replayed + st.reused, walked + st.walked, unparsed + st.unparsed
        same += cache_entry(got) == cache_entry(fresh) and got.code == fresh.code
    print(
        f"\n{label}, the extractor's reuse: {len(changed)} changed files, {sum(map(len, libs.values())):,} bytes of entries"
    )
    print(f"  top-level defs/classes replayed {replayed:,}, walked {walked:,}; left unparsed {unparsed:,}")
    print(
        f"  files whose extraction with reuse equals the one without, byte for byte: {same} of {len(changed)}"
    )
    print(f"  OLD's files: extract {plain_old:.2f} s, extract recording the statements {recording:.2f} s CPU")
    whole: list[float] = []
    reusing: list[float] = []

    def with_reuse(path: str, data: bytes) -> None:
        extract_file(path, data, StatementReuse([libs[path]]))

    items = [(p, new[p]) for p in changed]
    plain: Callable[[str, bytes], object] = extract_file
    for r in range(rounds):
        order: list[tuple[list[float], Callable[[str, bytes], object]]] = [
            (whole, plain),
            (reusing, with_reuse),
        ]
        for out, fn in order if r % 2 == 0 else order[::-1]:
            out.append(cpu(fn, items))
    if rounds:
        print(f"  NEW's files, CPU min-max of {rounds}: whole {min(whole):.2f}-{max(whole):.2f} s, "
              f"reusing {min(reusing):.2f}-{max(reusing):.2f} s ({min(reusing) / min(whole):.0%})")  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--package", default="jax")
    ap.add_argument("--pair", nargs=2, action="append", metavar=("OLD", "NEW"))
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument(
        "--dump", type=Path, help="write the changed files whole and with reusable lines empty here"
    )
    ap.add_argument("--run", type=Path, help="only extract every .py file under this directory once")
    ap.add_argument(
        "--built", action="store_true", help="only measure the extractor's own reuse (extract.reuse)"
    )
    args = ap.parse_args()
    if args.run is not None:
        files = sorted(p for p in args.run.rglob("*.py"))
        print(
            f"{cpu(extract_file, [(str(p.relative_to(args.run)), p.read_bytes()) for p in files]):.2f} s CPU"
        )
        return
    pairs = args.pair or [("0.6.2", "0.6.1"), ("0.11.0", "0.11.1"), ("0.11.2", "0.12.0")]

    from errdex.sources import open_source

    def py(version: str) -> dict[str, bytes]:
        snap = open_source(f"pypi:{args.package}=={version}")
        return {f.path: f.data for f in snap.files if f.path.endswith(".py")}

    for a, b in pairs:
        if args.built:
            built(f"{args.package} {a} -> {b}", py(a), py(b), args.rounds)
            continue
        dump = args.dump / f"{a}-{b}" if args.dump is not None else None
        measure(f"{args.package} {a} -> {b}", py(a), py(b), args.rounds, dump)


if __name__ == "__main__":
    main()
