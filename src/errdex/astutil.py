"""Small AST helpers shared by the stages that read code (extract, explain)."""

from __future__ import annotations

import ast
import inspect
import sys
import types
from collections.abc import Callable
from typing import TYPE_CHECKING, Any


def _without_getattr(module: types.ModuleType) -> types.ModuleType:
    """A module object holding ``module``'s classes and constants, less its module-level
    ``__getattr__``; its functions call ``module``'s by name at each call, so a function the
    module is given later (a test counting ``ast.parse`` calls) is the one called."""
    copy = types.ModuleType(module.__name__, module.__doc__)
    for name, value in vars(module).items():
        if name != "__getattr__":
            copy.__dict__[name] = _calling(module, name) if isinstance(value, types.FunctionType) else value
    return copy


def _calling(module: types.ModuleType, name: str) -> Callable[..., Any]:
    def call(*args: Any, **kwargs: Any) -> Any:
        return getattr(module, name)(*args, **kwargs)

    call.__name__ = call.__qualname__ = name
    return call


# ``ast`` for the extraction's hot loops: the same classes, read faster. The stdlib module defines
# ``__getattr__`` (for its deprecated ``Num``/``Str`` classes), and CPython 3.12 then never
# specialises an attribute read on it: every ``ast.Name`` in a loop takes the generic path (~300
# instructions; ~950k reads were ~5.5% of jax's extraction, perf48). The modules that run per
# node bind ``ast`` to this copy at run time (``if not TYPE_CHECKING``), mypy reads the real
# module. The deprecated names are not in it (errdex uses none).
ast_nodes = _without_getattr(ast)
if not TYPE_CHECKING:
    ast = ast_nodes


def dotted_name(node: ast.expr) -> str | None:
    """``a.b.c`` for a Name/Attribute chain, else None (cheaper than ``ast.unparse``)."""
    t = type(node)
    if t is ast.Name:  # the commonest case, and the cheapest (parsed trees hold no subclasses)
        return node.id  # type: ignore[attr-defined,no-any-return]
    if t is not ast.Attribute:
        return None
    base = node.value  # type: ignore[attr-defined]
    tb = type(base)
    if tb is ast.Name:  # ``name.attr``: six in seven of the chains an extraction asks about
        return f"{base.id}.{node.attr}"  # type: ignore[attr-defined]
    if tb is not ast.Attribute:  # ``f().attr``, ``"s".join``: no list built for those
        return None
    parts: list[str] = [node.attr]  # type: ignore[attr-defined]
    while tb is ast.Attribute:
        parts.append(base.attr)
        base = base.value
        tb = type(base)
    if tb is ast.Name:
        parts.append(base.id)
        return ".".join(reversed(parts))
    return None


# A definition's cleaned docstring, by its raw text: the code-facts walk reads every function's
# docstring and the statement visitor reads many of them again (and every exception class's), and
# ``inspect.cleandoc`` (tabs expanded, lines split, the common indent taken off) costs ~100 times
# the look-up. Bounded: emptied when full, so one worker's memory does not grow with its files.
_CLEANED: dict[str, str] = {}
_CLEANED_MAX = 4096


def docstring(node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) -> str | None:
    """``ast.get_docstring(node)`` of a definition, the same text or None, each text cleaned once.

    For a tree ``ast.parse`` made (its nodes and a constant's string are of the exact classes,
    never subclasses): a body's first statement as an expression of a string constant. Without
    the stdlib function's type check of ``node``, its ``isinstance`` tests and its ``import
    inspect`` per docstring: most functions have none, and are told so in three type tests."""
    body = node.body
    if not body:
        return None
    first = body[0]
    if type(first) is not ast.Expr:
        return None
    value = first.value
    if type(value) is not ast.Constant:
        return None
    text = value.value
    if type(text) is not str:
        return None
    cleaned = _CLEANED.get(text)
    if cleaned is None:
        if len(_CLEANED) >= _CLEANED_MAX:
            _CLEANED.clear()
        cleaned = _CLEANED[text] = inspect.cleandoc(text)
    return cleaned


# Fields that never hold a node a reader of code looks for: expression contexts and operators
# (leaf singletons), and the lists of plain strings (``global``'s names, a class pattern's
# attribute names).
_LEAF_FIELDS = frozenset({"ctx", "op", "ops", "kwd_attrs"})
# node type -> its fields that may hold nodes (``node_fields``), filled as types are met; read
# directly by the walks that take every node of a tree
NODE_FIELDS: dict[type, tuple[str, ...]] = {}
# The values of a node's fields that are no node (a name, a level, an absent child): told apart
# by their exact type first, since ``isinstance`` answering False reads the value's ``__class__``
# (a generic attribute read: ~250 instructions, where an exact type test costs a few). The
# extraction's hot tests use ``type(x) is ast.C`` for the same reason: a parsed tree's nodes are
# of the concrete classes themselves, never of a subclass (perf48).
_LEAF_VALUES = frozenset({str, int, type(None)})


def node_fields(t: type) -> tuple[str, ...]:
    """The fields of node type ``t`` that may hold a node (contexts and operators left out),
    kept in ``NODE_FIELDS``."""
    fields: tuple[str, ...] = t._fields  # type: ignore[attr-defined]
    if t is ast.Global or t is ast.Nonlocal:
        fields = ()
    out = NODE_FIELDS[t] = tuple(f for f in fields if f not in _LEAF_FIELDS)
    return out


def child_nodes(node: ast.AST) -> list[ast.AST]:
    """``ast.iter_child_nodes`` as a list, in the same order, minus the contexts and operators
    (which hold nothing): a table of fields per node type instead of two generators, for the
    walks that run over every expression of a statement."""
    t = type(node)
    fields = NODE_FIELDS.get(t)
    if fields is None:
        fields = node_fields(t)
    out: list[ast.AST] = []
    for f in fields:
        v = getattr(node, f, None)
        if type(v) is list:
            out.extend(x for x in v if isinstance(x, ast.AST))
        elif type(v) not in _LEAF_VALUES and isinstance(v, ast.AST):
            out.append(v)
    return out


# Nested scopes: a walk of one function's own statements does not enter them (tuples made once:
# ``isinstance(x, A | B)`` builds a union at every call).
_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)
_SCOPE_TYPES = frozenset({ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda})
# Nodes with no child node at all: a name's ``id`` and a constant's value are no nodes. Most of
# the nodes of a function are these; the walk takes no field of them.
_CHILDLESS = frozenset({ast.Name, ast.Constant, ast.Pass, ast.Break, ast.Continue, ast.alias})


def body_nodes(func: ast.AST | None, cap: int) -> tuple[list[ast.AST], bool]:
    """The nodes of a function's body, nested definitions (functions, classes, lambdas) not
    entered, depth first with the last child first, and whether the walk read the body whole.

    The walk is bounded for a generated giant function: it stops once ``cap`` nodes are taken
    from its stack (a nested definition counts, though it is not listed). The nodes counted are
    those of ``child_nodes``, so a cap means the same for every reader of the list. Not a
    function: no nodes, read whole."""
    if not isinstance(func, _FUNCTIONS):
        return [], True
    return _walk(list(func.body), cap, _SCOPE_TYPES)


def nodes_within(node: ast.AST) -> list[ast.AST]:
    """Every node of ``node``'s tree, ``node`` first, nested definitions entered: the nodes
    ``ast.walk`` yields, less the contexts and operators (leaf singletons), in no order a
    reader may rely on (depth first, the last child first).

    For a reader that wants a set of what the tree holds (the names a function stores): one
    list grown from a table of fields per node type, where ``ast.walk`` is a generator over
    ``iter_child_nodes``'s, which reads every field through ``iter_fields`` and tests it with
    ``isinstance`` (~3.5 times the time, on the functions of errdex's visitor)."""
    return _walk([node], sys.maxsize, frozenset())[0]


def _walk(stack: list[ast.AST], cap: int, scopes: frozenset[type]) -> tuple[list[ast.AST], bool]:
    """The nodes under those on ``stack`` (them included), those of a type in ``scopes`` neither
    listed nor entered, until ``cap`` nodes are taken; and whether the walk took them all.

    ``child_nodes`` inlined, for a tree ``ast.parse`` made (its nodes are of the ``ast`` classes
    themselves, its lists hold nodes or ``None``: a dict display's ``**`` key, a keyword-only
    parameter without a default): one function's walk can take ~20k nodes, and these walks were
    ~7% of an extraction's CPU under a profiler with a call per node."""
    out: list[ast.AST] = []
    pop, push, extend, add = stack.pop, stack.append, stack.extend, out.append
    fields_of, childless, node, leaf_values = NODE_FIELDS, _CHILDLESS, ast.AST, _LEAF_VALUES
    seen = 0
    while stack and seen < cap:
        n = pop()
        seen += 1
        t = type(n)
        if t in scopes:
            continue
        add(n)
        if t in childless:
            continue
        fields = fields_of.get(t)
        if fields is None:
            fields = node_fields(t)
        for f in fields:
            v = getattr(n, f, None)
            if type(v) is list:
                extend(v if None not in v else [x for x in v if x is not None])
            elif type(v) not in leaf_values and isinstance(v, node):
                push(v)
    return out, not stack
