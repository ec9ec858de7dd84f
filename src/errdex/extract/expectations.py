"""Tests that expect an error: ``pytest.raises(X, match=...)``, ``assertRaisesRegex`` and friends.

These are the codebase's own proof that an error can happen, and they show *how* to trigger it,
which no summary of the raise site can. At index time ``testlinks`` links them to the records
whose messages they expect, and the analysis stage shows them as examples, the way Rust's error
index requires each error code to carry an example that really fails with it.

Only test files are read (``tests/`` or ``testing/`` folders, ``test_*.py``, ``*_test.py``,
``conftest.py``), and statically: the ``match`` argument is resolved when it is a literal, an
f-string or concatenation of resolvable parts, ``re.escape("...")``, a module or function-local
constant, or a ``pytest.mark.parametrize`` value (one expectation per parametrized case, since
each case expects a different message). Parts that cannot be resolved become ``.*`` when some
literal text remains, so the pattern stays a sound over-approximation of what the test matches.
"""

from __future__ import annotations

import ast
import bisect
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from errdex.astutil import dotted_name
from errdex.limits import IN_PROCESS_BYTES
from errdex.model import SourceFile, TestExpectation
from errdex.textsafe import decode_source

if not TYPE_CHECKING:  # the same classes, read without the stdlib module's slow path (astutil)
    from errdex.astutil import ast_nodes as ast

__all__ = ["expectations_in", "find_expectations"]

ExpKind = Literal["raises", "warns", "assert_raises"]

# callee last name -> (kind, index of the positional pattern argument or None, pattern keyword)
_CALLS: dict[str, tuple[ExpKind, int | None, str | None]] = {
    "raises": ("raises", None, "match"),
    "warns": ("warns", None, "match"),
    "deprecated_call": ("warns", None, "match"),
    "assertRaises": ("assert_raises", None, None),
    "assertRaisesRegex": ("assert_raises", 1, "expected_regex"),
    "assertRaisesRegexp": ("assert_raises", 1, "expected_regex"),
    "assertWarns": ("warns", None, None),
    "assertWarnsRegex": ("warns", 1, "expected_regex"),
    "assert_raises": ("assert_raises", None, None),  # numpy.testing / sklearn.utils._testing
    "assert_raises_regex": ("assert_raises", 1, None),
    "assert_raise_message": ("assert_raises", 1, None),
    "assert_warns": ("warns", None, None),
    "assert_warns_message": ("warns", 1, None),
}
_UNKNOWN = object()  # a sub-expression we could not resolve to text
# The callee names no other one contains: a line holds one of ``_CALLS`` only if it holds one
# of these.
_NEEDLES = tuple(sorted(k for k in _CALLS if not any(o != k and o in k for o in _CALLS)))


def find_expectations(files: Sequence[SourceFile]) -> list[TestExpectation]:
    """Every error expectation in the test files of a snapshot, in file order.

    Indexing does not call this: the extractor's workers call ``expectations_in`` on the tree
    they parsed anyway. It stays for reading a few files on their own.
    """
    from errdex.extract import is_test_path

    out: list[TestExpectation] = []
    for f in files:
        if not is_test_path(f.path):
            continue
        parsed = _parse(f.data)
        if parsed is None:
            continue
        out.extend(expectations_in(f.path, *parsed))
    return out


def expectations_in(path: str, tree: ast.Module, text: str | None = None) -> list[TestExpectation]:
    """The error expectations of one parsed test file (``text``: the source ``tree`` was
    parsed from, which lets the walk pass over the functions and classes that name no
    expecting call)."""
    return _Finder(path, tree, _needle_lines(text)).run()


def _needle_lines(text: str | None) -> list[int] | None:
    """The sorted numbers of the lines naming a callee of ``_CALLS``, or None where line
    numbers cannot be read off the text this way.

    An expectation is a call whose callee's last name is one of ``_CALLS``, and a name in the
    tree is spelt in the source as it is, within the lines of the statement holding it: a
    function or class with no such line has no expectation, and its walk (every node of every
    test, ~a quarter of a test file's extraction) is skipped. Not for a text with a non-ASCII
    character (an identifier is NFKC-normalised: ``ｒａｉｓｅｓ`` names ``raises``) or a carriage
    return (a line break for the parser, not for ``str.count``).
    """
    if text is None or not text.isascii() or "\r" in text:
        return None
    offsets: list[int] = []
    for needle in _NEEDLES:
        i = text.find(needle)
        while i >= 0:
            offsets.append(i)
            i = text.find(needle, i + 1)
    lines: list[int] = []
    line, at = 1, 0
    for i in sorted(offsets):
        line += text.count("\n", at, i)  # one pass over the text for all of them
        at = i
        if not lines or lines[-1] != line:
            lines.append(line)
    return lines


def _parse(data: bytes) -> tuple[ast.Module, str] | None:
    if len(data) > IN_PROCESS_BYTES:  # parsing costs up to ~1,000x the size: not in this process
        return None
    text, _ = decode_source(data)
    try:
        return ast.parse(text), text
    except (SyntaxError, ValueError, RecursionError):
        return None


@dataclass(slots=True)
class _Scope:
    qualname: str
    consts: dict[str, object]  # name -> str | _UNKNOWN (last assignment wins)
    cases: list[dict[str, ast.expr]]  # parametrize cases: argname -> value expression


class _Finder:
    def __init__(self, path: str, tree: ast.Module, needles: list[int] | None = None) -> None:
        self.path = path
        self.tree = tree
        self.needles = needles  # ``_needle_lines``; None: walk every scope
        self.module_consts: dict[str, object] = {}
        self.found: list[TestExpectation] = []

    def run(self) -> list[TestExpectation]:
        for stmt in self.tree.body:
            self._collect_const(stmt, self.module_consts)
        self._visit_body(self.tree.body, _Scope("<module>", {}, [{}]), prefix="")
        return self.found

    # ---------------------------------------------------------------- scopes

    def _visit_body(self, body: list[ast.stmt], scope: _Scope, prefix: str) -> None:
        for stmt in body:
            self._visit_stmt(stmt, scope, prefix)

    def _names_no_callee(self, stmt: ast.stmt) -> bool:
        """Whether no line of ``stmt`` names a callee of ``_CALLS`` (so it has no expectation:
        its constants are read only by its own expectations, and a nested scope is within it)."""
        if self.needles is None:
            return False
        i = bisect.bisect_left(self.needles, stmt.lineno)
        return i == len(self.needles) or self.needles[i] > (stmt.end_lineno or stmt.lineno)

    def _visit_stmt(self, stmt: ast.stmt, scope: _Scope, prefix: str) -> None:
        if isinstance(stmt, _T_FUNCTIONDEF_ASYNCFUNCTIONDEF_CLASSDEF) and self._names_no_callee(stmt):
            return
        if isinstance(stmt, ast.ClassDef):
            qual = f"{prefix}{stmt.name}"
            self._visit_body(stmt.body, _Scope(qual, {}, [{}]), prefix=qual + ".")
            return
        if isinstance(stmt, _T_FUNCTIONDEF_ASYNCFUNCTIONDEF):
            qual = f"{prefix}{stmt.name}"
            cases = _parametrize_cases(stmt) or [{}]
            self._visit_body(stmt.body, _Scope(qual, {}, cases), prefix=qual + ".<locals>.")
            return
        for node in _walk_stmt(stmt):
            if scope.qualname != "<module>" and isinstance(node, _T_ASSIGN_ANNASSIGN):
                self._collect_const(node, scope.consts)
            if isinstance(node, _T_WITH_ASYNCWITH):
                for item in node.items:
                    if isinstance(item.context_expr, ast.Call):
                        self._expectation(item.context_expr, node, scope)
            elif isinstance(node, _T_EXPR_ASSIGN) and isinstance(node.value, ast.Call):
                call = node.value
                spec = _CALLS.get(_callee_name(call.func) or "")
                # the call form needs a callable argument after the exception type
                needed = 2 if spec is None or spec[1] is None else spec[1] + 2
                if spec and len(call.args) >= needed:
                    self._expectation(call, node, scope)
            elif isinstance(node, _T_FUNCTIONDEF_ASYNCFUNCTIONDEF_CLASSDEF):
                self._visit_stmt(node, scope, prefix)

    def _collect_const(self, stmt: ast.stmt, table: dict[str, object]) -> None:
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
            table[stmt.targets[0].id] = self._text(stmt.value, table, {})
        elif isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and stmt.value:
            table[stmt.target.id] = self._text(stmt.value, table, {})

    # ---------------------------------------------------------------- one expectation

    def _expectation(self, call: ast.Call, node: ast.stmt, scope: _Scope) -> None:
        name = _callee_name(call.func)
        spec = _CALLS.get(name or "")
        if spec is None or not _plausible_callee(call.func):
            return
        kind, pos, kw = spec
        exc_node: ast.expr | None = call.args[0] if call.args else None
        pat_node: ast.expr | None = None
        for k in call.keywords:
            if k.arg in ("expected_exception", "expected_warning"):
                exc_node = k.value
            elif k.arg is not None and k.arg == (kw or "match"):
                pat_node = k.value
        if pat_node is None and pos is not None and len(call.args) > pos:
            pat_node = call.args[pos]
        if name == "deprecated_call" and exc_node is None:
            exc_node = ast.Name("DeprecationWarning")
        if exc_node is None:
            return
        literal_msg = name in ("assert_raise_message", "assert_warns_message")
        seen: set[tuple[str, str | None]] = set()
        for case in scope.cases:
            sub = _substitute(exc_node, case)
            exc = dotted_name(sub) or ast.unparse(sub)  # (a class as a name or path: its own text)
            pattern = None
            if pat_node is not None:
                value = self._text(pat_node, scope.consts, case)
                pattern = _as_pattern(value)
                if literal_msg and isinstance(value, str):
                    pattern = re.escape(value)
            if (exc, pattern) in seen:
                continue
            seen.add((exc, pattern))
            self.found.append(
                TestExpectation(
                    path=self.path,
                    line=node.lineno,
                    end_line=node.end_lineno or node.lineno,
                    function=scope.qualname,
                    exc_type=exc,
                    pattern=pattern,
                    kind=kind,
                )
            )

    # ---------------------------------------------------------------- resolving text

    def _text(self, node: ast.expr, local: dict[str, object], case: dict[str, ast.expr]) -> object:
        """The string an expression evaluates to: ``str``, a list of parts, or ``_UNKNOWN``."""
        if isinstance(node, ast.Constant):
            return node.value if isinstance(node.value, str) else _UNKNOWN
        if isinstance(node, ast.Name):
            if node.id in case:
                return self._text(case[node.id], local, {})
            if node.id in local:
                return local[node.id]
            return self.module_consts.get(node.id, _UNKNOWN)
        if isinstance(node, ast.JoinedStr):
            parts: list[object] = []
            for v in node.values:
                if isinstance(v, ast.Constant) and isinstance(v.value, str):
                    parts.append(v.value)
                elif isinstance(v, ast.FormattedValue) and v.conversion == -1 and v.format_spec is None:
                    parts.append(self._text(v.value, local, case))
                else:
                    parts.append(_UNKNOWN)
            return _join(parts)
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            return _join([self._text(node.left, local, case), self._text(node.right, local, case)])
        if isinstance(node, ast.Call) and _callee_name(node.func) == "escape" and len(node.args) == 1:
            inner = self._text(node.args[0], local, case)
            return re.escape(inner) if isinstance(inner, str) else _UNKNOWN
        if isinstance(node, ast.Call) and _callee_name(node.func) == "compile" and node.args:
            return self._text(node.args[0], local, case)
        return _UNKNOWN


def _join(parts: list[object]) -> object:
    """Concatenate resolved parts; unknown parts stay as markers between the known text."""
    flat: list[object] = []
    for p in parts:
        if isinstance(p, tuple):
            flat.extend(p)
        else:
            flat.append(p)
    if all(isinstance(p, str) for p in flat):
        return "".join(p for p in flat if isinstance(p, str))
    if not any(isinstance(p, str) and p for p in flat):
        return _UNKNOWN
    return tuple(flat)


def _as_pattern(value: object) -> str | None:
    """A regex for what was resolved: unknown parts become ``.*`` (over-approximation)."""
    if isinstance(value, str):
        return value
    if isinstance(value, tuple):
        out = "".join(p if isinstance(p, str) else ".*" for p in value)
        return re.sub(r"(?:\.\*)+", ".*", out)
    return None


def _callee_name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Attribute):
        return func.attr
    if isinstance(func, ast.Name):
        return func.id
    return None


def _plausible_callee(func: ast.expr) -> bool:
    """``pytest.raises``, ``self.assertRaises``, ``raises`` (imported): not ``obj.raises`` on data."""
    if isinstance(func, ast.Name):
        return True
    if isinstance(func, ast.Attribute):
        base = func.value
        if isinstance(base, ast.Name):
            return base.id in ("pytest", "self", "cls", "np", "numpy", "testing", "npt", "tm", "tc", "case")
        if isinstance(base, ast.Attribute):  # np.testing.assert_raises, unittest.TestCase...
            return True
    return False


def _walk_stmt(stmt: ast.stmt) -> Iterator[ast.AST]:
    """The statements within a statement (itself first), depth first in source order, not
    descending into nested function/class bodies (own scopes), with the handlers and match
    cases that hold some of them.

    Every node the finder acts on is a statement (an assignment, a ``with``, an expression
    statement, a nested definition), and no expression holds a statement, so only the fields
    that hold statements are followed (``_BLOCKS``): the statements come in the order a walk
    of every node gives them, without visiting the expressions (most of a test's nodes).
    """
    stack: list[ast.AST] = [stmt]
    first = True
    while stack:
        node = stack.pop()
        if not first and isinstance(node, _T_FUNCTIONDEF_ASYNCFUNCTIONDEF_CLASSDEF):
            yield node
            continue
        first = False
        yield node
        t = type(node)
        fields = _BLOCKS.get(t)
        if fields is None:
            fields = _BLOCKS[t] = tuple(f for f in t._fields if f in _BLOCK_FIELDS)
        for f in reversed(fields):
            stack.extend(reversed(getattr(node, f)))


# The fields of a statement, an ``except`` handler or a match case that hold a list of
# statements, handlers or cases (an ``if`` expression's ``body`` is never reached: only
# statements, handlers and cases are), and each such type's, in field order, on first sight.
_BLOCK_FIELDS = frozenset({"body", "orelse", "finalbody", "handlers", "cases"})
_BLOCKS: dict[type, tuple[str, ...]] = {}


def _parametrize_cases(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> list[dict[str, ast.expr]]:
    """The cases of ``@pytest.mark.parametrize("a, b", [(1, "x"), ...])`` decorators (cartesian)."""
    cases: list[dict[str, ast.expr]] = [{}]
    for dec in fn.decorator_list:
        if not (isinstance(dec, ast.Call) and _callee_name(dec.func) == "parametrize" and len(dec.args) >= 2):
            continue
        names_node, values_node = dec.args[0], dec.args[1]
        if isinstance(names_node, ast.Constant) and isinstance(names_node.value, str):
            names = [n.strip() for n in names_node.value.split(",") if n.strip()]
        elif isinstance(names_node, _T_LIST_TUPLE):
            names = [
                e.value for e in names_node.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)
            ]
        else:
            continue
        if not isinstance(values_node, _T_LIST_TUPLE):
            continue
        rows: list[dict[str, ast.expr]] = []
        for elt in values_node.elts:
            if isinstance(elt, ast.Call) and _callee_name(elt.func) == "param":
                elt = elt.args[0] if len(names) == 1 and elt.args else ast.Tuple(list(elt.args))
            if len(names) == 1:
                rows.append({names[0]: elt})
            elif isinstance(elt, _T_LIST_TUPLE) and len(elt.elts) == len(names):
                rows.append(dict(zip(names, elt.elts, strict=True)))
        if rows:
            cases = [{**c, **r} for c in cases for r in rows][:200]
    return cases if cases != [{}] else []


def _substitute(node: ast.expr, case: dict[str, ast.expr]) -> ast.expr:
    if isinstance(node, ast.Name) and node.id in case:
        return case[node.id]
    return node


# The type tuples of this module's ``isinstance`` tests, made once: ``isinstance(x, A | B)``
# builds a new union object each time it runs (~0.4 us; the extractor runs such tests ~500k
# times while jax 0.10.2 is extracted), where a tuple made once answers the same.
_T_FUNCTIONDEF_ASYNCFUNCTIONDEF = (ast.FunctionDef, ast.AsyncFunctionDef)
_T_WITH_ASYNCWITH = (ast.With, ast.AsyncWith)
_T_FUNCTIONDEF_ASYNCFUNCTIONDEF_CLASSDEF = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
_T_LIST_TUPLE = (ast.List, ast.Tuple)
_T_ASSIGN_ANNASSIGN = (ast.Assign, ast.AnnAssign)
_T_EXPR_ASSIGN = (ast.Expr, ast.Assign)
