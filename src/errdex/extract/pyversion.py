"""Tests of the Python version whose outcome every Python 3 gives alike, and the branch they keep.

Code of Python 2 heritage defines things twice (``if sys.version_info >= (3, 0): class Mixin:
... else: class Mixin: ...``; ``PY3 = sys.version_info[0] == 3`` then ``if PY3:``; ``try:
unicode except NameError: unicode = str``). Walked as two branches of equal standing, the second
definition (Python 2's) replaces the first and its text (``unicode(self).encode('utf-8')``) is
what the catalogue keeps. errdex indexes code for the Python 3 that runs it, so a test that is
true (or false) on every Python 3 decides the branch: only the live one is walked. A test that
tells Python 3 releases apart (``>= (3, 8)``) is decided by nothing here and both branches stay.
"""

from __future__ import annotations

import ast
import operator
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

if not TYPE_CHECKING:  # the same classes, read without the stdlib module's slow path (astutil)
    from errdex.astutil import ast_nodes as ast

# Python 3 releases a test is tried on: one answer for all of them decides it. (3, 0) and a
# far one bound the range; a test of ``major`` or of a tuple ``(3,)``/``(3, 0)``/``(2, 7)``
# gives them all one answer, one of a minor release does not.
_PROBES: tuple[tuple[int, int, int], ...] = ((3, 0, 0), (3, 7, 0), (3, 12, 0), (3, 99, 0))
_OPS: dict[type[ast.cmpop], Callable[[Any, Any], Any]] = {
    ast.GtE: operator.ge,
    ast.Gt: operator.gt,
    ast.LtE: operator.le,
    ast.Lt: operator.lt,
    ast.Eq: operator.eq,
    ast.NotEq: operator.ne,
}
# six's flags, by the key an import gives them
SIX_FLAGS: Mapping[str, bool] = {"six.PY2": False, "six.PY3": True}
# What a module-level ``unicod = str`` makes the name stand for (``Resolver.str_call``)
STR_ALIAS = "builtins.str"
# Builtins of Python 2 only: reading one on Python 3 raises ``NameError``
PY2_BUILTINS = frozenset(
    {"unicode", "basestring", "long", "unichr", "xrange", "raw_input", "execfile", "reload", "cmp",
     "file", "buffer", "apply", "coerce", "intern"}
)  # fmt: skip


# the nodes a read of ``sys.version_info`` may be (a tuple made once, not at every call)
_READ_NODES = (ast.Attribute, ast.Subscript)


def _version_read(e: ast.expr) -> Callable[[tuple[int, int, int]], object] | None:
    """``sys.version_info`` (whole, ``[0]``, ``[:2]``, ``.major``/``.minor``) as a function of the
    version; None for any other expression."""
    if not isinstance(e, _READ_NODES):
        return None  # (the left of most comparisons: a name, a call, a constant)
    if _is_version_info(e):
        return lambda v: v
    if isinstance(e, ast.Attribute) and _is_version_info(e.value) and e.attr in ("major", "minor"):
        i = 0 if e.attr == "major" else 1
        return lambda v: v[i]
    if isinstance(e, ast.Subscript) and _is_version_info(e.value):
        s = e.slice
        if isinstance(s, ast.Constant) and type(s.value) is int and 0 <= s.value < 3:
            j: int = s.value
            return lambda v: v[j]
        if (
            isinstance(s, ast.Slice)
            and s.lower is None
            and s.step is None
            and isinstance(s.upper, ast.Constant)
            and type(s.upper.value) is int
        ):
            k: int = s.upper.value
            return lambda v: v[:k]
    return None


def _is_version_info(e: ast.expr) -> bool:
    return (
        isinstance(e, ast.Attribute)
        and e.attr == "version_info"
        and isinstance(e.value, ast.Name)
        and e.value.id == "sys"
    )


def _literal(e: ast.expr) -> object:
    """An int or a tuple of ints written in the test; None for anything else."""
    if isinstance(e, ast.Constant) and type(e.value) is int:
        return e.value
    if (
        isinstance(e, ast.Tuple)
        and e.elts
        and all(isinstance(x, ast.Constant) and type(x.value) is int for x in e.elts)
    ):
        return tuple(x.value for x in e.elts)  # type: ignore[attr-defined]
    return None


def _compare(e: ast.Compare) -> bool | None:
    if len(e.ops) != 1 or type(e.ops[0]) not in _OPS:
        return None
    read, right = _version_read(e.left), _literal(e.comparators[0])
    if read is None or right is None:
        return None
    op = _OPS[type(e.ops[0])]
    try:
        answers = {op(read(v), right) for v in _PROBES}
    except TypeError:  # (an int compared with a tuple: no test Python would pass either)
        return None
    return bool(answers.pop()) if len(answers) == 1 else None


def py3_outcome(e: ast.expr, flag: Callable[[str], bool | None]) -> bool | None:
    """What the test gives on every Python 3 (True/False), or None when that is not one answer.

    ``flag``: the outcome of a module-level name bound to such a test (``PY3 =
    sys.version_info[0] == 3``) or imported from six (``from six import PY2``), else None."""
    if type(e) is ast.Call:
        return None  # (``if isinstance(x, T):``, ``if f(x):``: a common test, and never one of these)
    if isinstance(e, ast.Compare):
        return _compare(e)
    if isinstance(e, ast.Name):
        return flag(e.id)
    if isinstance(e, ast.Attribute) and isinstance(e.value, ast.Name) and e.value.id == "six":
        return SIX_FLAGS.get(f"six.{e.attr}")
    if isinstance(e, ast.UnaryOp) and isinstance(e.op, ast.Not):
        inner = py3_outcome(e.operand, flag)
        return None if inner is None else not inner
    if isinstance(e, ast.BoolOp):
        parts = [py3_outcome(v, flag) for v in e.values]
        if any(p is None for p in parts):
            return None
        return all(parts) if isinstance(e.op, ast.And) else any(parts)
    return None


def reads_py2_builtin(stmt: ast.stmt, defined: Callable[[str], bool]) -> bool:
    """Whether the statement reads a builtin only Python 2 has (``unicode``, ``basestring``)
    that the module does not define itself: on Python 3 it raises ``NameError`` there."""
    return any(
        isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load) and n.id in PY2_BUILTINS and not defined(n.id)
        for n in ast.walk(stmt)
    )


def catches_name_error(h: ast.ExceptHandler) -> bool:
    """An ``except`` clause that catches ``NameError`` (alone or in a tuple)."""
    t = h.type
    elts = t.elts if isinstance(t, ast.Tuple) else [t] if t is not None else []
    return any(isinstance(x, ast.Name) and x.id == "NameError" for x in elts)
