"""A placeholder bound once, in the function that prints it, to a literal.

``choices = ["value", "index"]`` then ``raise ValueError(f"... one of: {choices}, got {x}")``:
the printed value of ``{choices}`` is known (``['value', 'index']``), and it is words the site
wrote, not a value of the run. Kept as a placeholder it lets the paste's ``['value', 'index']``
count as a value, so sibling sites raising the same f-string with another list tie with this
one. The f-string's piece becomes the literal's printed form (``format``, ``str``, ``repr`` or
``ascii`` as the f-string says) when the function (nested definitions aside) binds the name
exactly once, by a plain ``name = <literal>``, and nothing in it rebinds, deletes or mutates it
(``choices.append(...)``, ``choices[0] = ...``, ``choices += ...``, ``global choices``). Only
containers and numbers: a string bound once is already text in the visitor's environment.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING, Any

if not TYPE_CHECKING:  # the same classes, read without the stdlib module's slow path (astutil)
    from errdex.astutil import ast_nodes as ast

# A printed literal longer than this is data (a table), not a site's words
MAX_PRINTED = 200
# nodes of a function (nested definitions included) walked for a closure's use of the name
MAX_WALK = 40_000
# the methods of a list or dict that change it in place
_MUTATORS = frozenset(
    {"append", "extend", "insert", "remove", "pop", "clear", "sort", "reverse", "update", "setdefault",
     "popitem", "add", "discard", "__setitem__", "__delitem__", "__iadd__"}
)  # fmt: skip
_DISPLAYS = (ast.List, ast.Tuple, ast.Dict, ast.Constant, ast.UnaryOp)
_DISPLAY_TYPES = frozenset(_DISPLAYS)  # (exact types: ``astutil._LEAF_VALUES``)
_PLAIN = (str, int, float, bool)
# isinstance tests take tuples made once (a union ``A | B`` is built anew at every call)
_SEQUENCES = (list, tuple)
# a field's value that is never a node: a name's ``id``, a number, an absent field (``_used_nested``)
_NO_NODE = frozenset({str, int, type(None)})
_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)


def _plain(obj: object) -> bool:
    """A value whose printed form is the same in every run: no set (its order is the hash's)."""
    if isinstance(obj, _PLAIN):
        return True
    if isinstance(obj, _SEQUENCES):
        return all(_plain(x) for x in obj)
    if isinstance(obj, dict):
        return all(_plain(k) and _plain(v) for k, v in obj.items())
    return False


def format_spec(v: ast.FormattedValue) -> str | None:
    """The format spec as written (``{x:>10}``), or None when some of it is computed."""
    spec = v.format_spec
    if spec is None:
        return ""
    if isinstance(spec, ast.JoinedStr) and all(
        isinstance(p, ast.Constant) and isinstance(p.value, str) for p in spec.values
    ):
        return "".join(str(p.value) for p in spec.values)  # type: ignore[attr-defined]
    return None


def _value(value: ast.expr | str) -> tuple[bool, object]:
    """The plain literal ``value`` (a display, or its source) holds: (False, None) when it is
    not one."""
    if isinstance(value, ast.expr) and not isinstance(value, _DISPLAYS):
        return False, None
    try:
        obj = ast.literal_eval(value)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return False, None
    return _plain(obj), obj


def _shown(obj: object, conv: str | None, spec: str) -> str | None:
    """``format(conv(obj), spec)`` (``{x!r:>10}``), within ``MAX_PRINTED``; None when the spec
    does not apply to the object (Python would raise) or is computed (``{x:{width}}``)."""
    shown: object = obj
    if conv == "r":
        shown = repr(obj)
    elif conv == "a":
        shown = ascii(obj)
    elif conv == "s":
        shown = str(obj)
    if "{" in spec:
        return None
    try:
        text = format(shown, spec)
    except (ValueError, TypeError):
        return None
    return text if len(text) <= MAX_PRINTED else None


def printed(value: ast.expr, v: ast.FormattedValue) -> str | None:
    """What ``v`` prints when its name holds ``value``; None when that is not a plain literal
    (or a string: the visitor knows those already), or prints longer than ``MAX_PRINTED``."""
    ok, obj = _value(value)
    spec = format_spec(v)
    if not ok or isinstance(obj, str) or spec is None:
        return None
    conv = {114: "r", 97: "a", 115: "s"}.get(v.conversion)
    return _shown(obj, conv, spec)


def source(value: ast.expr) -> str | None:
    """The literal a name bound once holds, as an argument carries it (``Arg.literal``): its
    ``repr``, which reads back as the same object; None when it is not a plain literal, is a
    string (known text already) or prints longer than ``MAX_PRINTED``."""
    ok, obj = _value(value)
    if not ok or isinstance(obj, str):
        return None
    text = repr(obj)
    return text if len(text) <= MAX_PRINTED else None


def format_field(literal: str, conv: str | None, spec: str) -> str | None:
    """What ``"{!conv:spec}".format(x)`` prints for ``x`` holding ``literal`` (its repr)."""
    ok, obj = _value(literal)
    return _shown(obj, conv, spec) if ok else None


def percent_field(literal: str, directive: str) -> str | None:
    """What ``directive % (x,)`` prints (``%s``, ``%r``, ``%5.2f``; a mapping key taken out)
    for ``x`` holding ``literal``; None for a ``*`` width or a directive the object refuses."""
    ok, obj = _value(literal)
    if not ok or "*" in directive:
        return None
    try:
        text = directive % (obj,)
    except (ValueError, TypeError, OverflowError):
        return None
    return text if len(text) <= MAX_PRINTED else None


def spread(literal: str) -> list[str] | None:
    """The items of a tuple ``literal``, each as its repr: ``"%s or %s" % pair`` spreads the
    tuple over the directives; None for anything else."""
    ok, obj = _value(literal)
    return [repr(x) for x in obj] if ok and isinstance(obj, tuple) else None


def _binds(n: ast.AST, name: str) -> bool:
    """Whether node ``n`` (re)binds, deletes or mutates ``name`` (other than by a plain ``=``)."""
    # exact type tests (``astutil._LEAF_VALUES``): most nodes are of none of these classes, and
    # each ``isinstance`` answering False reads the node's ``__class__`` generically
    if type(n) is ast.Name:
        return n.id == name and type(n.ctx) is not ast.Load
    if type(n) is ast.Attribute:
        return type(n.value) is ast.Name and n.value.id == name and n.attr in _MUTATORS
    if type(n) is ast.Subscript:
        return type(n.value) is ast.Name and n.value.id == name and type(n.ctx) is not ast.Load
    if type(n) is ast.Global or type(n) is ast.Nonlocal:
        return name in n.names
    if type(n) is ast.alias:
        return (n.asname or n.name.partition(".")[0]) == name
    if type(n) is ast.ExceptHandler:
        return n.name == name
    if type(n) is ast.MatchAs or type(n) is ast.MatchStar:
        return n.name == name
    return type(n) is ast.MatchMapping and n.rest == name


def literal_names(stmts: list[ast.AST] | None) -> frozenset[str]:
    """The names a function's statements (``containers.own_statements``) assign a literal
    display by a plain ``name = ...`` and store to no more than once: the only locals
    ``bound_once`` may accept, found without walking the body's expressions.

    A name two statement targets store to (``x = []`` and ``x = [1]``, ``x += [2]``, ``for x
    in ...``) is left out: each target is a ``Name`` stored to among the body's nodes, so
    ``bound_once`` would count two stores (or ``bound_from`` two values) and refuse it after
    the walk of the whole body that this test spares (most locals bound to a display)."""
    found: set[str] = set()
    stores: dict[str, int] = {}
    for n in stmts or ():
        t = type(n)
        if t is ast.Assign:
            assign: ast.Assign = n  # type: ignore[assignment]
            names = [x.id for x in assign.targets if type(x) is ast.Name]
            if type(assign.value) in _DISPLAY_TYPES:
                found.update(names)
        elif t in _ONE_TARGET:
            target = n.target  # type: ignore[attr-defined]
            names = [target.id] if type(target) is ast.Name else []
        else:
            continue
        for name in names:
            stores[name] = stores.get(name, 0) + 1
    return frozenset(name for name in found if stores[name] == 1)


# statements with one target, which a bare ``Name`` stores to
_ONE_TARGET = frozenset({ast.AnnAssign, ast.AugAssign, ast.For, ast.AsyncFor})


def bound_once(
    func: ast.AST | None, nodes: list[ast.AST], whole: bool, name: str, values: list[ast.expr]
) -> bool:
    """Whether ``func``'s body (its ``body_nodes``, read ``whole``) binds ``name`` only by one
    plain ``name = value`` (``values``: what it is bound from), not a parameter, and never
    rebinds, deletes or mutates it."""
    if not whole or len(values) != 1 or not isinstance(values[0], _DISPLAYS):
        return False
    if isinstance(func, _FUNCTIONS):
        a = func.args
        params = [*a.posonlyargs, *a.args, *a.kwonlyargs, a.vararg, a.kwarg]
        if any(p is not None and p.arg == name for p in params):
            return False
    stores, uses, plain = 0, 0, False
    for n in nodes:
        if type(n) is ast.Name and n.id == name:
            uses += 1
            if isinstance(n.ctx, ast.Store):
                stores += 1
                if stores > 1:
                    return False
        elif _binds(n, name):
            return False
        elif type(n) is ast.Assign and n.value is values[0]:
            # the one binding is ``name = value`` (``a = b = value`` too), not ``for name in
            # [...]`` or an unpacking, whose value is not what the name holds
            plain = any(isinstance(t, ast.Name) and t.id == name for t in n.targets)
    return stores == 1 and plain and not _used_nested(func, name, uses)


def _used_nested(func: ast.AST | None, name: str, own: int) -> bool:
    """Whether ``name`` occurs in a definition nested in ``func`` (``own``: its occurrences in
    the function's own body): a closure may fill the list (``def collect(e): errors.append(e)``)
    or rebind it (``nonlocal``), and a lambda or class body may read it later. Bounded: a
    function too large to walk counts as using it.

    The answer is "more than ``MAX_WALK`` nodes under ``func``, or more occurrences than
    ``own``", which no order of visiting changes: the nodes ``ast.walk`` yields (contexts and
    operators included, so the bound counts what it always did) are taken from a list read as
    it grows, with no generator per node."""
    if func is None:
        return False
    todo: list[Any] = [func]
    extend, node_t, name_t, fields_of = todo.extend, ast.AST, ast.Name, _ALL_FIELDS
    for seen, n in enumerate(todo):
        if seen >= MAX_WALK:
            return True
        t = type(n)
        if t is name_t:
            if n.id == name:
                own -= 1
                if own < 0:
                    return True
            extend((n.ctx,))  # its one child node (the ``id`` is a string)
            continue
        fields = fields_of.get(t)
        if fields is None:
            fields = fields_of[t] = t._fields
        for f in fields:
            v = getattr(n, f, None)
            if type(v) not in _NO_NODE and isinstance(v, node_t):
                todo.append(v)
            elif type(v) is list:
                extend([x for x in v if isinstance(x, node_t)])
    return False


# node type -> every field (``_fields``): the children ``ast.iter_child_nodes`` yields
_ALL_FIELDS: dict[type, tuple[str, ...]] = {}
