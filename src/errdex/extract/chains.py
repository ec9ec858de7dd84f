"""A printer that walks a chain of exceptions starting at its own instance.

cfgv's ``ValidationError.__str__`` (and classes modelled on it) prints a context line per link
of a chain and then the innermost message::

    out = "\\n"
    err = self
    while err.ctx is not None:
        out += f"==> {err.ctx}\\n"
        err = err.error_msg
    out += f"=====> {err.error_msg}"
    return out

Read as written, ``err`` is a local no call decides, so every raise of the class printed
``{err.error_msg}`` and they all tied. But the walk starts at ``self``: whether the loop is
entered is a test on the instance (``self.ctx is not None``), which the raise decides, and its
first step reads the instance's attributes. The printer is read as that first step unrolled::

    if self.ctx is not None:
        out += f"==> {self.ctx}\\n"
        err = self.error_msg
        <the rest, as written>           # err: whatever the first link holds
    else:
        <the rest, with err read as self>

so a raise without a context prints ``\\n=====> {its message}`` and one with a context its
first line; later links stay what they were (placeholders).
"""

from __future__ import annotations

import ast
import copy
from collections.abc import Sequence
from typing import TYPE_CHECKING

if not TYPE_CHECKING:  # the same classes, read without the stdlib module's slow path (astutil)
    from errdex.astutil import ast_nodes as ast

_MAX_BODY = 64  # statements of a printer's body searched for the walk (printers are short)
_LEAVES_LOOP = (ast.Break, ast.Continue)


def unrolled_self_walk(body: Sequence[ast.stmt], self_name: str) -> list[ast.stmt] | None:
    """The printer's body with its walk from ``self`` unrolled once (module doc), or None when
    the body has no such walk: a top-level ``name = self``, then a top-level ``while`` whose
    test reads ``name`` and whose body moves ``name`` on (``name = name.<attr>``), with no
    ``else`` and no other assignment of ``name`` in between."""
    if len(body) > _MAX_BODY:
        return None
    for i, stmt in enumerate(body):
        name = _alias_of(stmt, self_name)
        if name is None:
            continue
        for j in range(i + 1, len(body)):
            loop = body[j]
            if isinstance(loop, ast.While) and _walks(loop, name):
                return _unrolled(body, i, j, name, self_name)
            if _assigns(loop, name):
                break
    return None


def _alias_of(stmt: ast.stmt, self_name: str) -> str | None:
    """``name = self``: the name."""
    if (
        isinstance(stmt, ast.Assign)
        and len(stmt.targets) == 1
        and isinstance(stmt.targets[0], ast.Name)
        and isinstance(stmt.value, ast.Name)
        and stmt.value.id == self_name
    ):
        return stmt.targets[0].id
    return None


def _walks(loop: ast.While, name: str) -> bool:
    """A loop over a chain: its test reads ``name``, and its body moves ``name`` to a link of
    the current one (``name = name.<attr>``), once, at its top level."""
    if loop.orelse or not _reads(loop.test, name):
        return False
    if any(isinstance(n, _LEAVES_LOOP) for n in ast.walk(loop)):
        return False  # (unrolled, a ``break`` or ``continue`` would have no loop to leave)
    moves = [s for s in loop.body if _assigns(s, name)]
    return len(moves) == 1 and _moves_on(moves[0], name)


def _moves_on(stmt: ast.stmt, name: str) -> bool:
    return (
        isinstance(stmt, ast.Assign)
        and isinstance(stmt.value, ast.Attribute)
        and isinstance(stmt.value.value, ast.Name)
        and stmt.value.value.id == name
    )


def _reads(node: ast.AST, name: str) -> bool:
    return any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(node))


def _assigns(stmt: ast.stmt, name: str) -> bool:
    """Whether a statement binds ``name`` anywhere in it (nested blocks included)."""
    return any(
        isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store) for n in ast.walk(stmt)
    )


class _AsSelf(ast.NodeTransformer):
    """Reads of ``name`` become reads of ``self`` (copies: the module's tree is not changed)."""

    def __init__(self, name: str, self_name: str) -> None:
        self.name = name
        self.self_name = self_name

    def visit_Name(self, node: ast.Name) -> ast.AST:
        if node.id == self.name and isinstance(node.ctx, ast.Load):
            return ast.copy_location(ast.Name(self.self_name, ast.Load()), node)
        return node

    def visit_Lambda(self, node: ast.Lambda) -> ast.AST:
        return node  # code run later, when ``name`` may hold another link

    visit_FunctionDef = visit_Lambda  # type: ignore[assignment]
    visit_AsyncFunctionDef = visit_Lambda  # type: ignore[assignment]
    visit_ClassDef = visit_Lambda  # type: ignore[assignment]


def _as_self(stmts: Sequence[ast.stmt], name: str, self_name: str) -> list[ast.stmt]:
    swap = _AsSelf(name, self_name)
    return [swap.visit(copy.deepcopy(s)) for s in stmts]


def _unrolled(body: Sequence[ast.stmt], i: int, j: int, name: str, self_name: str) -> list[ast.stmt]:
    loop = body[j]
    assert isinstance(loop, ast.While)
    move = next(k for k, s in enumerate(loop.body) if _assigns(s, name))
    tail = list(body[j + 1 :])
    entered = [*_as_self(loop.body[: move + 1], name, self_name), *loop.body[move + 1 :], *tail]
    skipped = _as_self(tail, name, self_name)
    test = _AsSelf(name, self_name).visit(copy.deepcopy(loop.test))
    branch = ast.copy_location(ast.If(test, entered, skipped or [ast.Pass()]), loop)
    if not skipped:
        ast.copy_location(branch.orelse[0], loop)
    return [*body[: i + 1], *_as_self(body[i + 1 : j], name, self_name), branch]
