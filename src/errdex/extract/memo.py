"""Attributes of ``self`` that a printer memoises: computes once, stores, returns.

griffe's ``AliasResolutionError`` (and many classes like it) builds its text on first use::

    def __str__(self):
        if self._detailed_message is None:
            self._detailed_message = self._format_message()
        return self._detailed_message

Read as an attribute of the instance, ``self._detailed_message`` is what ``__init__`` stored
(``None``), so the class printed ``{None}`` and its raises matched nothing. Within the printer
the attribute is a variable like a local: the branch assigns it, and after the ``if`` it holds
the value computed there (under the test, ``self._detailed_message is None``, which the raise
decides from what ``__init__`` stored) or what it held on entry (the instance's, filled per raise
as any ``self.<attr>`` of a printer). The visitor therefore keeps each such attribute in the
printer's environment under its dotted name (``self._detailed_message``, never a Python name, so
no local collides), seeded with its own placeholder; assignments and ``+=`` update it and
reads take it from there.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence

_MAX_NODES = 400  # statements looked at per printer (printers are short; bounds odd ones)
_NESTED = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
_CLAUSES = (ast.ExceptHandler, ast.match_case)  # (tuples made once: ``isinstance`` runs often)
_IS_ISNOT = (ast.Is, ast.IsNot)


def memo_attrs(body: Sequence[ast.stmt], self_name: str) -> tuple[str, ...]:
    """The dotted names (``self.<attr>``) a method body memoises: an ``if`` that tests the
    attribute (``self.X``, ``not self.X``, ``self.X is None``, ``... is not None``) and assigns
    it in its body (``=``, ``+=``, annotated; at any depth of the method's own statements, not
    in nested functions or classes); none when the body is past the bound. An attribute
    assigned under another test (glom's ``GlomError.__str__`` sets ``self._finalized_str``
    under ``self._scope is not None``) is left as the instance's: which text it then holds is
    not the printer's to decide."""
    found: dict[str, None] = {}
    stack: list[ast.stmt] = list(reversed(body))
    seen = 0
    while stack:
        stmt = stack.pop()
        seen += 1
        if seen > _MAX_NODES:
            return ()
        if isinstance(stmt, _NESTED):
            continue
        if isinstance(stmt, ast.If):
            tested = _tested_attr(stmt.test, self_name)
            if tested is not None and tested in _assigned(stmt.body, self_name):
                found.setdefault(tested)
        for name in ("body", "orelse", "finalbody", "handlers", "cases"):
            inner = getattr(stmt, name, None)
            if inner:
                for s in reversed(inner):
                    if isinstance(s, _CLAUSES):
                        stack.extend(reversed(s.body))
                    else:
                        stack.append(s)
    return tuple(found)


def _tested_attr(test: ast.expr, self_name: str) -> str | None:
    """``self.X``, ``not self.X``, ``self.X is None``, ``self.X is not None``: ``self.X``."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        test = test.operand
    if (
        isinstance(test, ast.Compare)
        and len(test.ops) == 1
        and isinstance(test.ops[0], _IS_ISNOT)
        and isinstance(test.comparators[0], ast.Constant)
        and test.comparators[0].value is None
    ):
        test = test.left
    if isinstance(test, ast.Attribute) and isinstance(test.value, ast.Name) and test.value.id == self_name:
        return f"{self_name}.{test.attr}"
    return None


def _assigned(body: Sequence[ast.stmt], self_name: str) -> set[str]:
    """Every ``self.<attr>`` the statements assign, at any depth (bounded by the caller's walk
    of the same statements: a printer's ``if`` body is a few lines)."""
    out: set[str] = set()
    for node in body:
        for n in ast.walk(node):
            targets: list[ast.expr] = []
            if isinstance(n, ast.Assign):
                targets = n.targets
            elif isinstance(n, ast.AugAssign) or (isinstance(n, ast.AnnAssign) and n.value is not None):
                targets = [n.target]
            for t in targets:
                if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == self_name:
                    out.add(f"{self_name}.{t.attr}")
    return out
