"""Locals of a function that hold a dict or list of collected messages.

A validator often gathers its messages before raising them together: ``errors = {}`` filled
per field (``errors[name] = [...]``, ``errors.append(...)``, a store's ``.errors``), then
``raise ValidationError(errors)``. What the user sees is the container's ``repr()``
(``{'age': ['Not a valid integer.']}``): ``str()`` of a dict or list is its repr. Such a name
is a placeholder shown through ``repr()``, so the matcher lets it hold only a bracketed value,
never free prose.

A name is a container when some binding in the function (nested definitions aside) makes one
(a display, a comprehension, ``dict()``/``list()``/``defaultdict(...)``/``OrderedDict()``, or an
annotation naming a dict or list type), and no binding makes text (a string, an f-string, a
``.join``/``.format``/``str(...)`` call, ``+``/``%`` on a string), takes one item out
(``errors = errors[0]``) or loops over something (``for errors in ...``): a name that may
hold something else at the raise prints that, not a container's repr.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from errdex.astutil import body_nodes

if not TYPE_CHECKING:  # the same classes, read without the stdlib module's slow path (astutil)
    from errdex.astutil import ast_nodes as ast

_DICT_CALLS = frozenset({"dict", "defaultdict", "OrderedDict"})
_DICT_TYPES = frozenset({"dict", "Dict", "DefaultDict", "OrderedDict", "defaultdict", "MutableMapping"})
_LIST_TYPES = frozenset({"list", "List"})
_TEXT_CALLS = frozenset({"join", "format", "str", "repr", "strip", "format_map"})
MAX_NODES = 20_000  # nodes of a function walked for its bindings: a generated giant one stops here

# What a container placeholder's name says of the value's shape, after the name as the source
# spells it (``errors: dict[str]!r``): a dict (keys unknown), a dict annotated with ``str`` keys,
# a list. The matcher compares it with the printed container's own shape.
DICT = "dict"
STR_DICT = "dict[str]"
LIST = "list"
SHAPE_SEP = ": "


def _call_name(e: ast.expr) -> str:
    f = e.func if isinstance(e, ast.Call) else None
    if isinstance(f, ast.Name):
        return f.id
    if isinstance(f, ast.Attribute):
        return f.attr
    return ""


# isinstance tests take tuples made once (a union ``A | B`` is built anew at every call)
_DICT_DISPLAYS = (ast.Dict, ast.DictComp)
_LIST_DISPLAYS = (ast.List, ast.ListComp)
_DICT_NODES, _LIST_NODES = frozenset(_DICT_DISPLAYS), frozenset(_LIST_DISPLAYS)
_TEXTS = (str, bytes)
_TEXT_OPS = (ast.Add, ast.Mod)
_LOOPS = (ast.For, ast.AsyncFor, ast.comprehension)


def _made(value: ast.expr | None) -> str | None:
    """The shape a bound value makes, or None when it makes no container."""
    t = type(value)  # (exact types: ``astutil._LEAF_VALUES``)
    if t in _DICT_NODES:
        return DICT
    if t in _LIST_NODES:
        return LIST
    name = _call_name(value) if isinstance(value, ast.Call) else ""
    if name in _DICT_CALLS:
        return DICT
    return LIST if name == "list" else None


def _annotated(annotation: ast.expr) -> str | None:
    """``dict[str, list[str]]``, ``list[str]``, ``typing.Dict[...]``: the outer type's shape."""
    outer = annotation.value if isinstance(annotation, ast.Subscript) else annotation
    name = outer.attr if isinstance(outer, ast.Attribute) else outer.id if isinstance(outer, ast.Name) else ""
    if name in _LIST_TYPES:
        return LIST
    if name not in _DICT_TYPES:
        return None
    args = annotation.slice if isinstance(annotation, ast.Subscript) else None
    key = args.elts[0] if isinstance(args, ast.Tuple) and args.elts else None
    return STR_DICT if isinstance(key, ast.Name) and key.id == "str" else DICT


def _makes_text(value: ast.expr | None) -> bool:
    if isinstance(value, ast.JoinedStr):
        return True
    if isinstance(value, ast.Constant):
        return isinstance(value.value, _TEXTS)
    if isinstance(value, ast.BinOp) and isinstance(value.op, _TEXT_OPS):
        return _makes_text(value.left) or _makes_text(value.right)
    return isinstance(value, ast.Call) and _call_name(value) in _TEXT_CALLS


def _item(value: ast.expr | None) -> bool:
    """``errors = errors[0]``: one item of something, of any type (a slice is still a list)."""
    return isinstance(value, ast.Subscript) and not isinstance(value.slice, ast.Slice)


# The nodes ``_binding`` gives names for
_BINDERS = frozenset({ast.Assign, ast.AnnAssign, ast.AugAssign, ast.For, ast.AsyncFor, ast.comprehension})


def _binding(n: ast.AST) -> tuple[list[str], str | None, bool]:
    """The names statement ``n`` binds, the container shape it gives them, and whether it may
    give them something else that prints as it is (text, an item taken out, a loop's value)."""
    if isinstance(n, ast.Assign):
        names = [t.id for t in n.targets if isinstance(t, ast.Name)]
        return names, _made(n.value), _makes_text(n.value) or _item(n.value)
    if isinstance(n, _LOOPS):
        return [t.id for t in ast.walk(n.target) if isinstance(t, ast.Name)], None, True
    if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name):
        if _makes_text(n.value) or _item(n.value):
            return [n.target.id], None, True
        return [n.target.id], _annotated(n.annotation) or _made(n.value), False
    if isinstance(n, ast.AugAssign) and isinstance(n.target, ast.Name):
        return [n.target.id], None, _makes_text(n.value)
    return [], None, False


# the fields of a statement that hold statements (a block, ``except`` handlers, ``match`` cases)
_BLOCK_FIELDS = ("body", "orelse", "finalbody", "handlers", "cases")
_SCOPES = frozenset({ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef})
_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)


def own_statements(func: ast.AST | None) -> list[ast.AST] | None:
    """The statements of ``func``'s own body, nested definitions aside (not a function: none),
    or None past ``MAX_NODES`` of them. Only the blocks are read (no expression holds a
    statement), ~7% of the nodes of the whole walk (``function_body``), which most functions
    need for nothing else: a cheap first test of what a local may be bound to."""
    if not isinstance(func, _FUNCTIONS):
        return []
    out: list[ast.AST] = []
    todo: list[ast.AST] = list(func.body)
    pop, extend, add = todo.pop, todo.extend, out.append
    while todo:
        if len(out) >= MAX_NODES:
            return None
        n = pop()
        t = type(n)
        if t in _SCOPES:
            continue
        add(n)
        if t is ast.Assign or t is ast.AnnAssign:
            continue
        for name in _BLOCK_FIELDS:
            block = getattr(n, name, None)
            if type(block) is list:
                extend(block)
    return out


def container_names(func: ast.AST | None) -> frozenset[str]:
    """The names statements of ``func``'s own body (nested definitions aside) may bind to a dict
    or list: assigned a display, a comprehension or a dict/list call, or annotated
    (``_binding``'s shapes, which only ``Assign`` and ``AnnAssign`` give). No other local is a
    container, so a name not here needs no walk of the body's expressions at all.

    Bounded like the whole walk: a body of more than ``MAX_NODES`` statements has more nodes
    than the bounded walk reads, which then knows no container (``containers_of``), and none
    is named here either."""
    return statement_containers(own_statements(func))


def statement_containers(stmts: list[ast.AST] | None) -> frozenset[str]:
    """``container_names`` of a function's ``own_statements``, for a reader holding them."""
    if not stmts:
        return frozenset()
    found: set[str] = set()
    for n in stmts:
        t = type(n)
        if t is ast.Assign:
            assign: ast.Assign = n  # type: ignore[assignment]
            if _made(assign.value) is not None:
                found.update(x.id for x in assign.targets if isinstance(x, ast.Name))
        elif t is ast.AnnAssign:
            ann: ast.AnnAssign = n  # type: ignore[assignment]
            if isinstance(ann.target, ast.Name):  # its annotation or value may name one
                found.add(ann.target.id)
    return frozenset(found)


def function_body(func: ast.AST | None) -> tuple[list[ast.AST], bool]:
    """The nodes of ``func``'s own body, bounded (``astutil.body_nodes`` at ``MAX_NODES``): the
    one walk of a function read by all that look for its locals' bindings."""
    return body_nodes(func, MAX_NODES)


def container_locals(func: ast.AST | None) -> dict[str, str]:
    """The names ``func``'s body binds to a dict or list and never to text, with their shape
    (module doc); an annotated binding's shape wins over a display's (it says the key type)."""
    return containers_of(*function_body(func)) if container_names(func) else {}


def containers_of(nodes: list[ast.AST], whole: bool) -> dict[str, str]:
    """``container_locals`` from a function's ``body_nodes`` (``whole``: the walk read it all),
    for a function ``container_names`` names some for (for another one it is empty)."""
    if not whole:
        return {}  # not every binding read: none is known to stay a container
    made: dict[str, str] = {}
    text: set[str] = set()
    binders = _BINDERS
    for n in nodes:
        if type(n) not in binders:  # most nodes: expressions (a parsed tree has no subclasses)
            continue
        names, shape, is_text = _binding(n)
        for name in names:
            if is_text:
                text.add(name)
            elif shape is not None and made.get(name) != STR_DICT:
                made[name] = shape
    return {k: v for k, v in made.items() if k not in text}
