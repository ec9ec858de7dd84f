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


def memo_attrs(body: Sequence[ast.stmt], self_name: str) -> tuple[str, ...]:
    """The dotted names (``self.<attr>``) a method body assigns (``=``, ``+=``, annotated) at
    any depth of its own statements (not in nested functions or classes), in order of first
    assignment; none when the body is past the bound."""
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
        targets: list[ast.expr] = []
        if isinstance(stmt, ast.Assign):
            targets = stmt.targets
        elif isinstance(stmt, ast.AugAssign) or (isinstance(stmt, ast.AnnAssign) and stmt.value is not None):
            targets = [stmt.target]
        for t in targets:
            if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == self_name:
                found.setdefault(f"{self_name}.{t.attr}")
        for name in ("body", "orelse", "finalbody", "handlers", "cases"):
            inner = getattr(stmt, name, None)
            if inner:
                for s in reversed(inner):
                    if isinstance(s, _CLAUSES):
                        stack.extend(reversed(s.body))
                    else:
                        stack.append(s)
    return tuple(found)
