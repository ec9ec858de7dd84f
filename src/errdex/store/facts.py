"""Reading the code facts and the lookup tables the analysis of one error needs.

Every query here is indexed and returns rows about the error at hand (its module, the calls
named like its function, its file's other errors), never a whole snapshot: that is what keeps
the analysis of one error proportional to its own facts.

The SQL is plain text with ``:name`` parameters, which both SQLAlchemy's ``text()`` and the
standard library's ``sqlite3`` accept, so the full store (SQLite or PostgreSQL) and the
SQLAlchemy-free fast reader run the very same statements through ``FactReader``. Lists inside a
row are JSON that errdex wrote itself (see ``schema``).
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from errdex.model import ClassFact, CodeFacts, FunctionFact, ImportFact, TestFunctionFact
from errdex.store.records import Expectation

__all__ = ["CallRow", "ErrorRow", "FactReader", "ImportRow", "ModuleRow", "Run"]

Run = Callable[[str, Mapping[str, Any]], list[tuple[Any, ...]]]
"""Runs one statement with named parameters and returns every row."""

_CHUNK = 400  # values per IN list: well under SQLite's and PostgreSQL's parameter limits


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


_MAX_NAMES = 64 << 20  # a file's bound names past this are no errdex row (the catalogue may be crafted)


def _names(data: bytes | memoryview | None) -> CodeFacts:
    """A file's bound names (``schema.fact_names``), inflated within ``_MAX_NAMES``; a damaged
    row reads as none."""
    try:
        z = zlib.decompressobj()
        text = z.decompress(bytes(data or b""), _MAX_NAMES)
        toplevel, bound, consts = json.loads(text) if z.eof and not z.unconsumed_tail else ([], [], {})
    except (zlib.error, ValueError, TypeError):
        return CodeFacts()
    if not (isinstance(toplevel, list) and isinstance(bound, list) and isinstance(consts, dict)):
        return CodeFacts()
    return CodeFacts(toplevel=toplevel, bound=bound, consts=consts)


def _module(row: tuple[Any, ...]) -> ModuleRow:
    return ModuleRow(row[0], row[1], bool(row[2]), bool(row[3]), bool(row[4]), int(row[5]))


class FactReader:
    """The analysis reads, over any executor (``Run``) of the catalogue's database."""

    def __init__(self, run: Run) -> None:
        self._run = run

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
        extra = "params, doc" if docs else "NULL, NULL"
        for chunk in _chunks(fact_ids):
            marks, params = _in("f", chunk)
            for fid, data in self._run(
                "SELECT c.id, n.data FROM code_facts c "
                f"JOIN fact_names n ON n.id = c.names_id WHERE c.id IN {marks}",
                params,
            ):
                out[fid] = _names(data)
            for fid, qual, line, end, cls, fparams, doc in self._run(
                f"SELECT fact_id, qualname, line, end_line, cls, {extra} FROM fact_functions "
                f"WHERE fact_id IN {marks} ORDER BY fact_id, seq",
                params,
            ):
                args = tuple(json.loads(fparams)) if fparams else ()
                out[fid].functions.append(FunctionFact(qual, line, end, cls, args, doc))
            for fid, qual, line, end, bases, members in self._run(
                "SELECT fact_id, qualname, line, end_line, bases, members FROM fact_classes "
                f"WHERE fact_id IN {marks} ORDER BY fact_id, seq",
                params,
            ):
                out[fid].classes.append(ClassFact(qual, line, end, json.loads(bases), json.loads(members)))
            for fid, local, target, level in self._run(
                f"SELECT fact_id, local, target, level FROM fact_imports WHERE fact_id IN {marks} "
                "ORDER BY fact_id, seq",
                params,
            ):
                out[fid].imports.append(ImportFact(local, target, level))
        return out

    def tests_in(self, sid: int, path: str) -> list[TestFunctionFact]:
        """The test functions of one file of the snapshot."""
        rows = self._run(
            "SELECT t.qualname, t.line, t.end_line, t.subject, t.expects, t.calls FROM modules m "
            "JOIN fact_tests t ON t.fact_id = m.fact_id WHERE m.snapshot_id = :sid AND m.path = :path "
            "ORDER BY t.seq",
            {"sid": sid, "path": path},
        )
        return [
            TestFunctionFact(
                q, line, end, json.loads(subject), bool(expects), [(a, b) for a, b in json.loads(calls)]
            )
            for q, line, end, subject, expects, calls in rows
        ]

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

    def _library_rows(
        self, sid: int, table: str, columns: str, key: str, values: Iterable[str], sub: str | None = None
    ) -> list[Any]:
        """Rows of a fact table whose ``key`` is one of ``values``, from the library's modules, in
        code order (file, then order in the file: ``seq``, then ``sub`` within it). Each row starts
        with its module's path, the row's order (two values), the module's name, whether it is a
        package and its fact id."""
        parts = []
        then = f", {sub}" if sub else ""  # (a constant in ORDER BY would name a column)
        for chunk in _chunks(values):
            marks, params = _in("v", chunk)
            parts.append(
                self._run(
                    f"SELECT m.path, x.seq, {sub or 0}, m.name, m.is_package, m.fact_id, {columns} FROM {table} x "
                    f"JOIN modules m ON m.fact_id = x.fact_id WHERE {_LIBRARY_JOINED} AND x.{key} IN {marks} "
                    f"ORDER BY m.path, x.seq{then}",
                    {"sid": sid, "no": False, **params},
                )
            )
        if len(parts) == 1:
            return parts[0]
        return sorted((r for p in parts for r in p), key=lambda r: (r[0], r[1], r[2]))

    def _imports(self, sid: int, column: str, values: Iterable[str]) -> list[ImportRow]:
        return [
            ImportRow(path, module, bool(pkg), local, target, level)
            for path, _, _, module, pkg, _, local, target, level in self._library_rows(
                sid, "fact_imports", "x.local, x.target, x.level", column, values
            )
        ]

    def imports_binding(self, sid: int, locals_: Iterable[str]) -> list[ImportRow]:
        """Imports anywhere in the library that bind one of these local names."""
        return self._imports(sid, "local", locals_)

    def imports_of(self, sid: int, names: Iterable[str]) -> list[ImportRow]:
        """Imports whose target ends in one of these names (``from m import f as g`` for ``f``)."""
        return self._imports(sid, "name", names)

    def imports_top_level(self, sid: int, top: str) -> bool:
        """Whether some library module imports package ``top`` (absolutely)."""
        return bool(
            self._run(
                f"SELECT 1 FROM fact_imports i JOIN modules m ON m.fact_id = i.fact_id WHERE {_LIBRARY_JOINED} "
                "AND i.top = :top LIMIT 1",
                {"sid": sid, "no": False, "top": top},
            )
        )

    def relative_imports(self, sid: int) -> list[ImportRow]:
        """Every relative import of the library (rarely needed: see ``ProjectIndex``)."""
        rows = self._run(
            "SELECT m.path, m.name, m.is_package, i.local, i.target, i.level FROM fact_imports i "
            f"JOIN modules m ON m.fact_id = i.fact_id WHERE {_LIBRARY} AND i.level > 0 ORDER BY m.path, i.seq",
            {"sid": sid, "no": False},
        )
        return [
            ImportRow(p, mod, bool(pkg), local, target, level) for p, mod, pkg, local, target, level in rows
        ]

    # ------------------------------------------------------------------ calls

    def calls_named(self, sid: int, names: Iterable[str]) -> list[CallRow]:
        """Calls in library functions whose callee's last name is one of ``names``, in code order."""
        return [
            CallRow(path, module, fid, caller, callee, line)
            for path, _, _, module, _, fid, caller, callee, line in self._library_rows(
                sid, "fact_calls", "x.caller, x.callee, x.line", "name", names, sub="x.cseq"
            )
        ]

    def parameters(self, fact_id: int, qualnames: Sequence[str]) -> dict[str, tuple[str, ...]]:
        """qualname -> parameter names of some functions of one file (what advice names)."""
        rows = self._function_column(fact_id, qualnames, "params")
        return {str(q): tuple(json.loads(p)) if p else () for q, p in rows}

    def docstrings(self, fact_id: int, qualnames: Sequence[str]) -> dict[str, str | None]:
        """qualname -> docstring of some functions of one file (what says a function is private)."""
        rows = self._function_column(fact_id, qualnames, "doc")
        return {str(q): str(d) if d else None for q, d in rows}

    def _function_column(self, fact_id: int, qualnames: Sequence[str], column: str) -> list[Any]:
        """(qualname, column) rows of some functions of one file; ``column`` is this module's own
        literal, never input."""
        if not qualnames:
            return []
        marks, params = _in("q", list(qualnames))
        return list(
            self._run(
                f"SELECT qualname, {column} FROM fact_functions WHERE fact_id = :fid AND qualname IN {marks}",
                {"fid": fact_id, **params},
            )
        )

    def functions_named(self, sid: int, names: Iterable[str]) -> dict[str, list[tuple[str, str]]]:
        """name -> (module, qualname) of every library function so named, in code order."""
        out: dict[str, list[tuple[str, str]]] = {}
        for _, _, _, module, _, _, name, qual in self._library_rows(
            sid, "fact_functions", "x.name, x.qualname", "name", names
        ):
            out.setdefault(name, []).append((module, qual))
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
