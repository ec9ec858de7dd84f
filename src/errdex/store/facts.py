"""Reading the code facts and the lookup tables the analysis of one error needs.

Every query here is indexed and returns rows about the error at hand (its module, the calls
named like its function, its file's other errors), never a whole snapshot: that is what keeps
the analysis of one error proportional to its own facts.

The SQL is plain text with ``:name`` parameters, which both SQLAlchemy's ``text()`` and the
standard library's ``sqlite3`` accept, so the full store (SQLite or PostgreSQL) and the
SQLAlchemy-free fast reader run the very same statements through ``FactReader``. A file's facts
are values of its ``code_facts`` row (``factblobs``); the lookups across files find the files
through their keys (``keysets``) and read only theirs.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from errdex.model import CallFact, CodeFacts, FunctionFact, ImportFact, TestFunctionFact
from errdex.modnames import resolve_import
from errdex.store import factblobs as fb
from errdex.store.expectation import Expectation

__all__ = [
    "CallRow",
    "ErrorRow",
    "ExtractedFacts",
    "FactReader",
    "ImportRow",
    "ModuleRow",
    "Run",
    "called_as",
]

Run = Callable[[str, Mapping[str, Any]], list[tuple[Any, ...]]]
"""Runs one statement with named parameters and returns every row."""

_CHUNK = 400  # values per IN list: well under SQLite's and PostgreSQL's parameter limits
# Decoded items kept per reader (``FactReader._decoded``), counted in items across files: jax's
# whole call graph is ~150k calls, so a page server or a batch over one codebase decodes each
# file's facts once, and a catalogue of many codebases stays within a few tens of MB.
_DECODED_ITEMS = 400_000


@dataclass(frozen=True, slots=True)
class ModuleRow:
    """A parsed ``.py`` file of a snapshot, as a module."""

    path: str
    name: str
    is_package: bool
    is_test: bool
    shadowed: bool  # a later path of the snapshot has the same module name and wins
    fact_id: int


@dataclass(frozen=True, slots=True)
class ImportRow:
    """One import binding, with the module that makes it (in file order within a module)."""

    path: str
    module: str
    is_package: bool
    local: str
    target: str  # relative when level > 0; see ``ImportFact``
    level: int


@dataclass(frozen=True, slots=True)
class CallRow:
    """A call inside a function of a module: the callee as written."""

    path: str
    module: str
    fact_id: int
    caller: str
    callee: str
    line: int


@dataclass(frozen=True, slots=True)
class ErrorRow:
    """An error of a snapshot, as the related-errors lookups list it."""

    id: str
    exc_type: str
    template: str
    path: str
    function: str
    line: int


# a key's sets, the file contents holding them, and those contents' modules (``keysets``)
_KEYED = "set_keys k JOIN fact_sets f ON f.set_id = k.set_id JOIN modules m ON m.fact_id = f.fact_id"
_MODULE = "m.path, m.name, m.is_package, m.is_test, m.shadowed, m.fact_id"
# the modules whose facts speak for the snapshot's code: tests aside, and one file per module name
_LIBRARY = "m.snapshot_id = :sid AND m.is_test = :no AND m.shadowed = :no"
# the same, when a fact table's index on a name drives the join: the unary plus keeps SQLite's
# planner from starting at the snapshot's hundreds of modules instead of the few rows so named
# (for PostgreSQL, whose planner has statistics, it is an integer's no-op plus)
_LIBRARY_JOINED = "+m.snapshot_id = :sid AND m.is_test = :no AND m.shadowed = :no"
# an error belongs to the snapshot that holds its latest occurrence (as ``list_errors`` shows it)
_LATEST = "NOT EXISTS (SELECT 1 FROM occurrences o2 WHERE o2.error_id = x.error_id AND o2.snapshot_id > :sid)"
# the errors of the snapshot's codebase are looked up by their keys (indexed per codebase), then
# kept when the snapshot holds them; they are sorted by ``e.path || ''``, an expression, so that
# SQLite's planner does not walk the codebase's errors in path order to spare a sort of a few
_REPO = "SELECT s.repo_id FROM snapshots s WHERE s.id = :sid"
_ERROR = "x.error_id, e.exc_type, e.template, e.path, e.function, x.line"


def _in(prefix: str, values: Sequence[Any]) -> tuple[str, dict[str, Any]]:
    """``(:p0, :p1, ...)`` and its parameters: an IN list both drivers understand."""
    names = {f"{prefix}{i}": v for i, v in enumerate(values)}
    return "(" + ", ".join(f":{n}" for n in names) + ")", names


def _chunks(values: Iterable[Any]) -> list[list[Any]]:
    items = sorted(set(values))
    return [items[i : i + _CHUNK] for i in range(0, len(items), _CHUNK)]


def _module(row: tuple[Any, ...]) -> ModuleRow:
    return ModuleRow(row[0], row[1], bool(row[2]), bool(row[3]), bool(row[4]), int(row[5]))


class FactReader:
    """The analysis reads, over any executor (``Run``) of the catalogue's database."""

    def __init__(self, run: Run) -> None:
        self._run = run
        # (column, fact id) -> the decoded items of that value, least recently used first. A
        # ``code_facts`` row never changes once written (a file content's facts, keyed by its
        # hash and the extractor), so what was read stays true for the reader's life.
        self._decoded: OrderedDict[tuple[str, int], list[Any]] = OrderedDict()
        self._decoded_items = 0
        # (column, fact id) -> name -> positions in the decoded items (``_rows_named``), kept
        # while the decoded items are
        self._by_name: dict[tuple[str, int], dict[str, list[int]]] = {}
        self._lock = threading.Lock()

    def _whole_rows(self, rows: Sequence[tuple[Any, ...]], columns: Sequence[str]) -> list[tuple[Any, ...]]:
        """``rows`` of ``code_facts`` (its id, then the values of ``columns``, in order; "NULL"
        for a column not selected) with every value stored as a difference rebuilt from its
        base row's value (``factblobs.whole``), the bases read with one statement per column."""
        out = [list(r) for r in rows]
        for i, column in enumerate(columns, 1):
            if column not in fb.COLUMNS:
                continue
            wanted = {b for r in out if (b := fb.base_id(r[i])) is not None}
            bases: dict[int, Any] = {}
            for chunk in _chunks(wanted):
                marks, params = _in("b", chunk)
                bases.update(
                    (int(bid), data)
                    for bid, data in self._run(
                        f"SELECT id, {column} FROM code_facts WHERE id IN {marks}", params
                    )
                )
            for r in out:
                r[i] = fb.whole(r[i], bases)
        return [tuple(r) for r in out]

    # ------------------------------------------------------------------ modules

    def has_facts(self, sid: int) -> bool:
        """Whether the snapshot was indexed with code facts (older errdex versions did not)."""
        rows = self._run("SELECT 1 FROM modules WHERE snapshot_id = :sid LIMIT 1", {"sid": sid})
        if rows:
            return True
        parsed = self._run(
            "SELECT 1 FROM files WHERE snapshot_id = :sid AND status = 'ok' AND path LIKE '%.py' LIMIT 1",
            {"sid": sid},
        )
        return not parsed  # nothing parsed, nothing to know

    def same_code(self, a: int, b: int) -> bool:
        """Whether snapshots ``a`` and ``b`` hold the same modules (path, name and kind), each
        with the same code facts (every value equal once rebuilt from its difference): what is
        derived from the code facts alone, the call graph, is then the same for both. A
        snapshot without modules (nothing parsed, or an older errdex's) is the same as none."""
        mine, theirs = (
            {r[0]: _module(r) for r in self._run(f"SELECT {_MODULE} FROM modules m WHERE m.snapshot_id = :sid", {"sid": sid})}
            for sid in (a, b)
        )  # fmt: skip
        if not mine or mine.keys() != theirs.keys():
            return False
        pairs: list[tuple[int, int]] = []
        for path, x in mine.items():
            y = theirs[path]
            if (x.name, x.is_package, x.is_test, x.shadowed) != (y.name, y.is_package, y.is_test, y.shadowed):
                return False
            if x.fact_id != y.fact_id:  # a file that changed: its facts may still be the same
                pairs.append((x.fact_id, y.fact_id))
        ids = {i for pair in pairs for i in pair}
        for column in fb.COLUMNS if pairs else ():
            values = self._values(column, ids)
            if not all(fb.same_value(values.get(i), values.get(j)) for i, j in pairs):
                return False
        return True

    def module_at(self, sid: int, path: str) -> ModuleRow | None:
        rows = self._run(
            f"SELECT {_MODULE} FROM modules m WHERE m.snapshot_id = :sid AND m.path = :path",
            {"sid": sid, "path": path},
        )
        return _module(rows[0]) if rows else None

    def modules_named(self, sid: int, names: Iterable[str]) -> dict[str, ModuleRow]:
        """The library modules (tests aside) of the snapshot with these dotted names."""
        out: dict[str, ModuleRow] = {}
        for chunk in _chunks(names):
            marks, params = _in("n", chunk)
            for row in self._run(
                f"SELECT {_MODULE} FROM modules m WHERE {_LIBRARY} AND m.name IN {marks}",
                {"sid": sid, "no": False, **params},
            ):
                out[row[1]] = _module(row)
        return out

    def module_names_ending(self, sid: int, leaf: str) -> list[str]:
        """Library modules whose last name is ``leaf`` (``core`` -> ``jax._src.core``, ...)."""
        rows = self._run(
            f"SELECT m.name FROM modules m WHERE {_LIBRARY} AND m.leaf = :leaf ORDER BY m.path",
            {"sid": sid, "no": False, "leaf": leaf},
        )
        return [r[0] for r in rows]

    def facts(self, fact_ids: Iterable[int], *, docs: bool = False) -> dict[int, CodeFacts]:
        """Definitions, imports and bound names of some files (their calls and tests aside).

        Resolving names needs no docstrings nor parameter lists, the bulk of a module's
        definitions: they are read only with ``docs``.
        """
        out: dict[int, CodeFacts] = {}
        extra = "docs" if docs else "NULL"
        for chunk in _chunks(fact_ids):
            marks, params = _in("f", chunk)
            rows = self._run(
                f"SELECT id, names, imports, functions, classes, {extra} FROM code_facts WHERE id IN {marks}",
                params,
            )
            for fid, names, imports, functions, classes, texts in self._whole_rows(
                rows, ("names", "imports", "functions", "classes", extra)
            ):
                f = out[fid] = fb.names(names)
                f.imports = fb.decode(imports, fb.import_row)
                f.functions = fb.decode(functions, fb.function_row)
                f.classes = fb.decode(classes, fb.class_row)
                if docs:
                    extras = fb.decode(texts, fb.doc_row)
                    if len(extras) == len(f.functions):
                        f.functions = [
                            replace(g, params=p, doc=d) for g, (p, d) in zip(f.functions, extras, strict=True)
                        ]
        return out

    def tests_in(self, sid: int, path: str) -> list[TestFunctionFact]:
        """The test functions of one file of the snapshot."""
        rows = self._run(
            "SELECT c.id, c.tests FROM modules m JOIN code_facts c ON c.id = m.fact_id "
            "WHERE m.snapshot_id = :sid AND m.path = :path",
            {"sid": sid, "path": path},
        )
        return fb.decode(self._whole_rows(rows, ("tests",))[0][1], fb.test_row) if rows else []

    # ------------------------------------------------------------------ names

    def symbols_present(self, sid: int, names: Iterable[str]) -> set[str]:
        """Which of these dotted names the extractor's symbol table of the snapshot holds."""
        out: set[str] = set()
        for chunk in _chunks(names):
            marks, params = _in("n", chunk)
            out.update(
                r[0]
                for r in self._run(
                    f"SELECT name FROM symbols WHERE snapshot_id = :sid AND name IN {marks}",
                    {"sid": sid, **params},
                )
            )
        return out

    def _library_files(self, sid: int, kind: int, keys: Iterable[str]) -> list[ModuleRow]:
        """The library's modules whose file content may have one of these keys of a kind, by
        path (a content's key sets may hold keys an edit removed: ``keysets``; callers keep the
        items that match).

        The key drives the join (the few files so keyed, then each one's module rows
        of the snapshot); a file content two modules of the snapshot share is listed for each.
        Past one IN list of keys, the snapshot's modules drive it instead (``_many_keyed``)."""
        if not isinstance(keys, Collection):
            keys = list(keys)
        if len(keys) > _CHUNK:
            return self._many_keyed(sid, kind, keys)
        found: dict[str, ModuleRow] = {}
        for chunk in _chunks(keys):
            marks, params = _in("v", chunk)
            for row in self._run(
                f"SELECT DISTINCT {_MODULE} FROM {_KEYED} "
                f"WHERE k.kind = :kind AND k.key IN {marks} AND {_LIBRARY_JOINED}",
                {"sid": sid, "no": False, "kind": kind, **params},
            ):
                found[row[0]] = _module(row)
        return [found[p] for p in sorted(found)]

    def _many_keyed(self, sid: int, kind: int, keys: Iterable[str]) -> list[ModuleRow]:
        """``_library_files`` of many keys (a call graph asks for every name the library calls,
        thousands): the snapshot's library modules and their key sets first (a few rows per
        module), then which sets hold one of the keys, read from ``set_keys``' own key alone.

        Driven by the key, each common key's sets led to every file content of every release
        holding them and to each one's module rows before the snapshot was tested, so the
        lookup grew with the codebase's history: at 20 jax releases it was 0.59 s of a
        release's callers count, against 0.09 s at 2."""
        by_set: dict[int, list[ModuleRow]] = {}
        for row in self._run(
            f"SELECT {_MODULE}, f.set_id FROM modules m JOIN fact_sets f ON f.fact_id = m.fact_id WHERE {_LIBRARY}",
            {"sid": sid, "no": False},
        ):
            by_set.setdefault(int(row[6]), []).append(_module(row))
        found: dict[str, ModuleRow] = {}
        for chunk in _chunks(keys):
            marks, params = _in("v", chunk)
            for (set_id,) in self._run(
                f"SELECT DISTINCT k.set_id FROM set_keys k WHERE k.kind = :kind AND k.key IN {marks}",
                {"kind": kind, **params},
            ):
                for m in by_set.get(int(set_id), ()):
                    found[m.path] = m
        return [found[p] for p in sorted(found)]

    def _values(self, column: str, fact_ids: Iterable[int]) -> dict[int, bytes]:
        """fact id -> the stored value of one of ``factblobs.COLUMNS`` (this module's own
        literal, never input) for some files."""
        out: dict[int, bytes] = {}
        for chunk in _chunks(fact_ids):
            marks, params = _in("f", chunk)
            rows = self._run(f"SELECT id, {column} FROM code_facts WHERE id IN {marks}", params)
            out.update((int(fid), data) for fid, data in self._whole_rows(rows, (column,)))
        return out

    def _rows_of(
        self, sid: int, kind: int, keys: Iterable[str], column: str, make: Callable[[Any], Any]
    ) -> Iterator[tuple[ModuleRow, Any]]:
        """(module, item) of every item of one kind in the library's files keyed by ``keys``, in
        code order (file by path, then the file's order); the caller keeps the items it wants."""
        files = self._library_files(sid, kind, keys)
        decoded = self._decoded_values(column, make, {m.fact_id for m in files})
        for m in files:
            for item in decoded[m.fact_id]:
                yield m, item

    def _decoded_values(
        self, column: str, make: Callable[[Any], Any], fact_ids: Iterable[int]
    ) -> dict[int, list[Any]]:
        """fact id -> the decoded items of one column for some files, each file's value read
        and decoded once per reader (up to ``_DECODED_ITEMS`` items kept): the analysis of
        error after error of one codebase asks for the same files' calls and functions again.
        ``make`` must be the one row maker of ``column``; callers must not change the lists."""
        out: dict[int, list[Any]] = {}
        missing: list[int] = []
        with self._lock:
            for fid in fact_ids:
                hit = self._decoded.get((column, fid))
                if hit is None:
                    missing.append(fid)
                else:
                    self._decoded.move_to_end((column, fid))
                    out[fid] = hit
        if not missing:
            return out
        values = self._values(column, missing)
        fresh = {fid: fb.decode(values.get(fid), make) for fid in missing}
        out.update(fresh)
        with self._lock:
            for fid, items in fresh.items():
                if (column, fid) not in self._decoded:
                    self._decoded[(column, fid)] = items
                    self._decoded_items += len(items) + 1
            while self._decoded_items > _DECODED_ITEMS and len(self._decoded) > 1:
                key, dropped = self._decoded.popitem(last=False)
                self._decoded_items -= len(dropped) + 1
                self._by_name.pop(key, None)
        return out

    def _rows_named(
        self,
        sid: int,
        kind: int,
        wanted: set[str],
        column: str,
        make: Callable[[Any], Any],
        name_of: Callable[[Any], str],
    ) -> Iterator[tuple[ModuleRow, Any]]:
        """(module, item) of the items of one kind whose name (``name_of``) is one of ``wanted``,
        in code order, as ``_rows_of`` filtered by name would give them.

        Each file's items are found by name, not scanned: a file keyed by a common name (jax's
        ``__init__``, ``get``) holds hundreds of calls, and the analysis of error after error
        asked for a few of them (5M items scanned to analyse jax's 7k errors). The positions of
        a file's items by name are worked out once per decoded value."""
        files = self._library_files(sid, kind, wanted)
        decoded = self._decoded_values(column, make, {m.fact_id for m in files})
        for m in files:
            items = decoded[m.fact_id]
            by_name = self._by_name.get((column, m.fact_id))
            if by_name is None:  # (two threads may both build it: the same positions)
                by_name = {}
                for i, item in enumerate(items):
                    by_name.setdefault(name_of(item), []).append(i)
                with self._lock:  # kept only beside its items, so it leaves when they do
                    if (column, m.fact_id) in self._decoded:
                        self._by_name[(column, m.fact_id)] = by_name
            names = wanted if len(wanted) <= len(by_name) else by_name.keys() & wanted
            positions = [i for n in names for i in by_name.get(n, ())]
            for i in sorted(positions):
                yield m, items[i]

    def _imports(
        self, sid: int, keys: Iterable[str], kind: int, keep: Callable[[ImportFact], bool]
    ) -> list[ImportRow]:
        return [
            ImportRow(m.path, m.name, m.is_package, i.local, i.target, i.level)
            for m, i in self._rows_of(sid, kind, keys, "imports", fb.import_row)
            if keep(i)
        ]

    def imports_binding(self, sid: int, locals_: Iterable[str]) -> list[ImportRow]:
        """Imports anywhere in the library that bind one of these local names."""
        wanted = set(locals_)
        return self._imports(sid, wanted, fb.KEY_IMPORT, lambda i: i.local in wanted)

    def imports_of(self, sid: int, names: Iterable[str]) -> list[ImportRow]:
        """Imports whose target ends in one of these names (``from m import f as g`` for ``f``)."""
        wanted = set(names)
        return self._imports(sid, wanted, fb.KEY_IMPORT, lambda i: i.target.rpartition(".")[2] in wanted)

    def imports_top_level(self, sid: int, top: str) -> bool:
        """Whether some library module imports package ``top`` (absolutely)."""
        files = self._library_files(sid, fb.KEY_TOP, [top])
        # a few files at a time: nearly every file so keyed does import it (``keysets``)
        for i in range(0, len(files), 8):
            values = self._values("imports", {m.fact_id for m in files[i : i + 8]})
            for value in values.values():
                if any(
                    m.level == 0 and m.target.partition(".")[0] == top
                    for m in fb.decode(value, fb.import_row)
                ):
                    return True
        return False

    def relative_imports(self, sid: int) -> list[ImportRow]:
        """Every relative import of the library (rarely needed: see ``ProjectIndex``)."""
        return self._imports(sid, [""], fb.KEY_RELATIVE, lambda i: i.level > 0)

    # ------------------------------------------------------------------ calls

    def calls_named(self, sid: int, names: Iterable[str]) -> list[CallRow]:
        """Calls in library functions whose callee's last name is one of ``names``, in code order."""
        return [
            CallRow(m.path, m.name, m.fact_id, c.caller, c.callee, c.line)
            for m, c in self._rows_named(sid, fb.KEY_CALL, set(names), "calls", fb.call_row, _callee_name)
        ]

    def calls_in(self, sid: int, path: str, caller: str) -> list[str]:
        """The callees as written (``self._helper``) of the calls made in the functions of the
        snapshot's file ``path`` whose qualified name ends in ``caller`` (``Class.caller``), in
        code order: the helpers a traceback's frame in that function went on to call."""
        row = self.module_at(sid, path)
        if row is None:
            return []
        calls: list[CallFact] = self._decoded_values("calls", fb.call_row, [row.fact_id]).get(row.fact_id, [])
        return [c.callee for c in calls if c.caller.rpartition(".")[2] == caller]

    def calls_of(self, fact_id: int) -> list[CallFact]:
        """Every call the functions of one file make, with its caller and line, in code order
        (callers must not change the list: it is the reader's cached copy)."""
        calls: list[CallFact] = self._decoded_values("calls", fb.call_row, [fact_id]).get(fact_id, [])
        return calls

    def called_names(self, sid: int) -> set[str]:
        """The last name of every callee the snapshot's library code calls (``calls_named``'s
        keys): a whole snapshot's, read once when the match index is built (``called_as``).
        A file content's key set may keep a key an edit removed (``keysets``): a name so
        kept is one the code called a release ago.

        The snapshot's sets come first (a few hundred), then one pass over the kind's keys:
        ``set_keys`` is keyed by (kind, key, set), so SQLite joining from the keys walked the
        snapshot's modules once per key of the kind in the whole catalogue (~18k keys x 617
        modules, ~3 s of a jax index)."""
        return self._library_keys(sid, fb.KEY_CALL)

    def reexported(self, sid: int) -> set[tuple[str, str]]:
        """(path, name) of the functions and classes of library modules that a top-level
        package's ``__init__`` imports by name (``from .einops import reduce`` in
        ``einops/__init__.py``): what users reach as ``pkg.name``, the library's public face.
        A same-named copy in another module (``einops/array_api.py``'s ``reduce``), or one that
        only a subpackage re-exports, is reached by a longer path. Read with ``called_names``
        when the match index is built (``reexported_as``)."""
        tops = [
            _module(r)
            for r in self._run(
                f"SELECT {_MODULE} FROM modules m WHERE {_LIBRARY} AND m.is_package = :yes",
                {"sid": sid, "no": False, "yes": True},
            )
            if "." not in r[1]
        ]
        decoded = self._decoded_values("imports", fb.import_row, {m.fact_id for m in tops})
        wanted: dict[str, set[str]] = {}  # module -> the names the package takes from it
        for m in tops:
            for imp in decoded[m.fact_id]:
                module, _, name = resolve_import(m.name, True, imp.level, imp.target).rpartition(".")
                if module and module != m.name:
                    wanted.setdefault(module, set()).add(name)
        rows = self.modules_named(sid, wanted)
        return {(row.path, name) for module, row in rows.items() for name in wanted[module]}

    def referenced_names(self, sid: int) -> set[str]:
        """The functions (last names) the snapshot's library code holds as values instead of
        calling them by name (``KEY_REF``: a dispatch table's loader, a callback, a returned
        closure, a property's setter assigned through), read with ``called_names``."""
        return self._library_keys(sid, fb.KEY_REF)

    def _library_keys(self, sid: int, kind: int) -> set[str]:
        """The distinct keys of one kind in the snapshot's library files' key sets."""
        rows = self._run(
            "SELECT DISTINCT k.key FROM set_keys k WHERE k.kind = :kind AND k.set_id IN "
            f"(SELECT f.set_id FROM fact_sets f JOIN modules m ON m.fact_id = f.fact_id WHERE {_LIBRARY})",
            {"sid": sid, "no": False, "kind": kind},
        )
        return {str(r[0]) for r in rows}

    def parameters(self, fact_id: int, qualnames: Sequence[str]) -> dict[str, tuple[str, ...]]:
        """qualname -> parameter names of some functions of one file (what advice names)."""
        return {q: p for q, (p, _) in self._function_docs(fact_id, qualnames).items()}

    def docstrings(self, fact_id: int, qualnames: Sequence[str]) -> dict[str, str | None]:
        """qualname -> docstring of some functions of one file (what says a function is private)."""
        return {q: d or None for q, (_, d) in self._function_docs(fact_id, qualnames).items()}

    def _function_docs(
        self, fact_id: int, qualnames: Sequence[str]
    ) -> dict[str, tuple[tuple[str, ...], str | None]]:
        """qualname -> (parameters, docstring) of some functions of one file."""
        wanted = set(qualnames)
        if not wanted:
            return {}
        functions = self._decoded_values("functions", fb.function_row, [fact_id])[fact_id]
        docs = self._decoded_values("docs", fb.doc_row, [fact_id])[fact_id]
        if len(docs) != len(functions):
            return {}
        return {f.qualname: d for f, d in zip(functions, docs, strict=True) if f.qualname in wanted}

    def functions_named(self, sid: int, names: Iterable[str]) -> dict[str, list[tuple[str, str]]]:
        """name -> (module, qualname) of every library function so named, in code order."""
        wanted = set(names)
        out: dict[str, list[tuple[str, str]]] = {}
        for m, f in self._rows_named(sid, fb.KEY_FUNCTION, wanted, "functions", fb.function_row, _last_name):
            out.setdefault(_last_name(f), []).append((m.name, f.qualname))
        return out

    # ------------------------------------------------------------------ errors and tests

    def errors_at(self, sid: int, path: str, function: str | None = None) -> list[ErrorRow]:
        """The snapshot's errors in one file (and function), in file order."""
        if function is None:
            return self._errors(sid, "e.path = :path", {"path": path}, None)
        return self._errors(
            sid, "e.path = :path AND e.function = :function", {"path": path, "function": function}, None
        )

    def errors_in_dir(self, sid: int, directory: str, limit: int) -> list[ErrorRow]:
        return self._errors(sid, "e.dir = :dir", {"dir": directory}, limit)

    def errors_of_class(self, sid: int, exc_name: str, limit: int) -> list[ErrorRow]:
        """Errors whose exception class has this last name (``errors.Foo`` and ``Foo`` alike)."""
        return self._errors(sid, "e.exc_name = :exc", {"exc": exc_name}, limit)

    def _errors(self, sid: int, where: str, params: dict[str, Any], limit: int | None) -> list[ErrorRow]:
        sql = (
            f"SELECT {_ERROR} FROM errors e JOIN snapshot_errors x ON x.snapshot_id = :sid AND x.error_id = e.id "
            f"WHERE e.repo_id = ({_REPO}) AND {where} AND {_LATEST} ORDER BY e.path || '', x.line, x.error_id"
        )
        if limit is not None:
            sql += " LIMIT :limit"
            params = {**params, "limit": limit}
        return [ErrorRow(*r) for r in self._run(sql, {"sid": sid, **params})]

    def expectations_of(self, sid: int, error_id: str) -> list[Expectation]:
        """Tests of the snapshot that expect this error, in (path, line) order."""
        rows = self._run(
            "SELECT x.snapshot_id, x.path, x.line, x.end_line, x.function, x.exc_type, x.pattern, x.kind "
            "FROM expectation_errors l JOIN expectations x ON x.id = l.expectation_id "
            "WHERE l.error_id = :eid AND l.snapshot_id = :sid ORDER BY x.path, x.line, x.id",
            {"eid": error_id, "sid": sid},
        )
        return [Expectation.from_row(r) for r in rows]

    def expectation_count(self, sid: int) -> int:
        rows = self._run("SELECT COUNT(*) FROM expectations WHERE snapshot_id = :sid", {"sid": sid})
        return int(rows[0][0])

    def with_code(self, sid: int, code: Mapping[str, CodeFacts]) -> FactReader:
        """This reader, answering the lookups across the library's files of snapshot ``sid``
        from ``code`` (path -> facts: the extraction that was just stored, still in memory)
        when it holds every parsed file of the snapshot; else this reader itself."""
        rows = [
            _module(r)
            for r in self._run(f"SELECT {_MODULE} FROM modules m WHERE m.snapshot_id = :sid", {"sid": sid})
        ]
        if not rows or any(r.path not in code for r in rows):
            return self  # some files' facts were reused from the catalogue: only it has them all
        return ExtractedFacts(self._run, sid, rows, code)


class ExtractedFacts(FactReader):
    """A ``FactReader`` whose module, definition, import, call and function lookups in one
    snapshot read the extraction's own facts instead of decoding the stored values again
    (``FactReader.with_code``); everything else, and other snapshots, read the catalogue.

    The rows and their order are the stored reader's: library files by path, each file's items
    in the order ``factblobs.encode`` stores them (calls by ``ordered_calls``), and the items
    filtered by the caller as there (a file's key set only narrows which files are read). The
    index stage counts every raise site's callers this way (``pipeline.resolved_callers``):
    decoding the stored facts was most of that count's cost.
    """

    def __init__(self, run: Run, sid: int, rows: Sequence[ModuleRow], code: Mapping[str, CodeFacts]) -> None:
        super().__init__(run)
        self._sid = sid
        self._paths = {r.path: r for r in rows}
        self._library = sorted((r for r in rows if not r.is_test and not r.shadowed), key=lambda r: r.path)
        self._names = {r.name: r for r in self._library}
        self._code = {r.fact_id: code[r.path] for r in rows}
        self._calls: dict[int, list[Any]] = {}

    def has_facts(self, sid: int) -> bool:
        return sid == self._sid or super().has_facts(sid)

    def module_at(self, sid: int, path: str) -> ModuleRow | None:
        return self._paths.get(path) if sid == self._sid else super().module_at(sid, path)

    def modules_named(self, sid: int, names: Iterable[str]) -> dict[str, ModuleRow]:
        if sid != self._sid:
            return super().modules_named(sid, names)
        return {n: r for n in names if (r := self._names.get(n)) is not None}

    def facts(self, fact_ids: Iterable[int], *, docs: bool = False) -> dict[int, CodeFacts]:
        ids = set(fact_ids)
        if docs or not ids <= self._code.keys():
            return super().facts(ids, docs=docs)
        return {fid: self._code[fid] for fid in ids}

    def _rows_of(
        self, sid: int, kind: int, keys: Iterable[str], column: str, make: Callable[[Any], Any]
    ) -> Iterator[tuple[ModuleRow, Any]]:
        if sid != self._sid or column not in ("imports", "calls", "functions"):
            return super()._rows_of(sid, kind, keys, column, make)
        return ((m, item) for m in self._library for item in self._items(column, m.fact_id))

    def _rows_named(
        self,
        sid: int,
        kind: int,
        wanted: set[str],
        column: str,
        make: Callable[[Any], Any],
        name_of: Callable[[Any], str],
    ) -> Iterator[tuple[ModuleRow, Any]]:
        if sid != self._sid or column not in ("imports", "calls", "functions"):
            return super()._rows_named(sid, kind, wanted, column, make, name_of)
        # the index stage asks once for thousands of names: one pass over the library
        return (
            (m, item) for m, item in self._rows_of(sid, kind, wanted, column, make) if name_of(item) in wanted
        )

    def _items(self, column: str, fact_id: int) -> list[Any]:
        f = self._code[fact_id]
        if column == "imports":
            return f.imports
        if column == "functions":
            return f.functions
        if fact_id not in self._calls:
            self._calls[fact_id] = fb.ordered_calls(f.functions, f.calls)
        return self._calls[fact_id]


def _callee_name(call: CallFact) -> str:
    """A call's callee's last name, as the calls are keyed (``KEY_CALL``)."""
    return call.callee.rpartition(".")[2]


def _last_name(function: FunctionFact) -> str:
    """A function's own name (its qualname's last part), as the functions are keyed."""
    return function.qualname.rpartition(".")[2]


def reexported_as(function: str) -> str | None:
    """The module-level name a raise site's function is reached by, as ``FactReader.reexported``
    keys it: its qualname's first name (``TOTP`` of ``TOTP.__init__``); None for module-level
    code."""
    if not function or function.endswith("<module>"):
        return None
    return function.partition(".")[0]


def called_as(function: str) -> str | None:
    """The name a call of a raise site's function is written with, as ``called_names`` keys
    it: its qualname's last name, the class's for a constructor (``Locale(...)`` runs
    ``Locale.__init__``); None for module-level code, which nothing calls."""
    parts = function.replace(".<locals>", "").split(".")
    if not function or parts[-1] == "<module>":
        return None
    if parts[-1] in ("__init__", "__new__") and len(parts) > 1:
        return parts[-2]
    return parts[-1]
