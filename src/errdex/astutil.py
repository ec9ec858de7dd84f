"""Small AST helpers shared by the stages that read code (extract, explain)."""

from __future__ import annotations

import ast
from typing import Any


def dotted_name(node: ast.expr) -> str | None:
    """``a.b.c`` for a Name/Attribute chain, else None (cheaper than ``ast.unparse``)."""
    t = type(node)
    if t is ast.Name:  # the commonest case, and the cheapest (parsed trees hold no subclasses)
        return node.id  # type: ignore[attr-defined,no-any-return]
    if t is not ast.Attribute:
        return None
    parts: list[str] = []
    while type(node) is ast.Attribute:
        parts.append(node.attr)
        node = node.value
    if type(node) is ast.Name:
        parts.append(node.id)
        return ".".join(reversed(parts))
    return None


# Fields that never hold a node a reader of code looks for: expression contexts and operators
# (leaf singletons), and the lists of plain strings (``global``'s names, a class pattern's
# attribute names).
_LEAF_FIELDS = frozenset({"ctx", "op", "ops", "kwd_attrs"})
_NODE_FIELDS: dict[type, tuple[str, ...]] = {}


def _node_fields(t: type) -> tuple[str, ...]:
    fields: tuple[str, ...] = t._fields  # type: ignore[attr-defined]
    if t is ast.Global or t is ast.Nonlocal:
        fields = ()
    out = _NODE_FIELDS[t] = tuple(f for f in fields if f not in _LEAF_FIELDS)
    return out


def child_nodes(node: ast.AST) -> list[ast.AST]:
    """``ast.iter_child_nodes`` as a list, in the same order, minus the contexts and operators
    (which hold nothing): a table of fields per node type instead of two generators, for the
    walks that run over every expression of a statement."""
    t = type(node)
    fields = _NODE_FIELDS.get(t)
    if fields is None:
        fields = _node_fields(t)
    out: list[ast.AST] = []
    for f in fields:
        v = getattr(node, f, None)
        if type(v) is list:
            out.extend(x for x in v if isinstance(x, ast.AST))
        elif isinstance(v, ast.AST):
            out.append(v)
    return out


class _Full(Exception):
    """The text has grown past its cap: the rest would be cut off anyway."""


_Unparser: type | None = getattr(ast, "_Unparser", None)  # CPython 3.12 and 3.13's unparser


if _Unparser is not None:

    class _CappedUnparser(_Unparser):  # type: ignore[misc,valid-type]
        """``ast.unparse``'s printer stopping once its text is longer than ``cap``.

        Its text is only ever appended to through ``write`` (an f-string's parts are written to
        a side buffer first, then appended as one piece), so what it holds when it stops is the
        start of the whole text. The printers an f-string makes for its inner expressions
        (``type(self)()``) have no cap: their text is escaped before it is appended.
        """

        def __init__(self, cap: int | None = None, **kwargs: Any) -> None:
            super().__init__(**kwargs)
            self._cap = cap
            self._written = 0
            self._root: list[str] = self._source

        def write(self, *text: str) -> None:
            self._source.extend(text)
            if self._cap is not None and self._source is self._root:
                self._written += sum(map(len, text))
                if self._written > self._cap:
                    raise _Full

        def visit(self, node: ast.AST) -> str:
            self._source = self._root = []
            self._written = 0
            try:
                self.traverse(node)
            except _Full:
                pass
            return "".join(self._root)


def unparse_capped(node: ast.AST, cap: int) -> str:
    """``ast.unparse(node)`` when it is at most ``cap`` characters long, else the first
    ``cap - 3`` of them and ``...``; a long expression is not printed past its cap."""
    if _Unparser is None:  # pragma: no cover - another Python's unparser
        text = ast.unparse(node)
    else:
        text = _CappedUnparser(cap).visit(node)
    return text if len(text) <= cap else text[: cap - 3] + "..."
