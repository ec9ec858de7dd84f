"""Exception printers that build their text from pieces a generator method yields.

A class's printer may not hold its text at all: ``__str__`` iterates over ``self._segments()``
and joins what each item holds, and each subclass overrides the generator to yield its own
pieces (``yield from super()._segments()`` first, for the base's preamble). The printed message
is then the concatenation of the yields along one path through the generator, that generator
being the one the class raised defines. This module holds the syntax tests; the visitor keeps
the yields as a list of pieces (``ListVal``, like ``parts.append``) and the class summary
(``classes.py``) picks the override and fills it per raise.
"""

from __future__ import annotations

import ast
import itertools
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from errdex.astutil import child_nodes, dotted_name
from errdex.extract.templates import MAX_VARIANTS, Arg, Op, Opt, Part, Ph, Value, Variant, capped, lit

if not TYPE_CHECKING:  # the same classes, read without the stdlib module's slow path (astutil)
    from errdex.astutil import ast_nodes as ast

YIELDS = "^yields"  # the environment key of a generator's yields so far (no name starts so)
# an ``ExcSpec.sources`` entry of ``raise err`` over ``for err in self.gen()``: the class key
# ``gen``'s annotation (``-> Iterator[Cls]``) says it yields, after this mark (no name starts so)
YIELDS_OF = "^yields-of "
# a generator yielding more pieces than this along its body is not written out: its printed
# forms (one per ``return`` and the end, conditional pieces kept as optional text) would grow
# past what a message holds
MAX_YIELDS = 48
# forms one exit of the generator (a ``return``, or its end) contributes, its first in product
# order: the class's printed forms stay within ``MAX_VARIANTS`` with several exits represented
EXIT_FORMS = 4
# forms a generator printer keeps in all (its exits together): a raise's arguments rule out whole
# exits (``if self.msg is not None: ...; return``), so the class keeps more than one raise shows
# (``MAX_VARIANTS``) and each raise keeps the first of those it can print
GENERATOR_FORMS = 3 * MAX_VARIANTS

# between a piece a generator yields and the one before it on the same path: the separator of
# the consumer, ``"".join`` of the pieces or ``", ".join(str(u) for u in self.pieces())``
SEP = Ph("^sep")
JOIN = "join"  # the ``Op`` kind of a consumer: its base the generator's text, ``args[0]`` the separator

_COMPS = (ast.GeneratorExp, ast.ListComp)
_NESTED = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)
_NESTED_TYPES = frozenset(_NESTED)
_PROJECTIONS = frozenset(("str", "repr", "format"))  # ``parts.append(str(item))``
_YIELD = (ast.Yield, ast.YieldFrom)
_IMPURE = (ast.Await, ast.Yield, ast.YieldFrom, ast.NamedExpr, ast.Lambda)


def own_body_has(node: ast.FunctionDef | ast.AsyncFunctionDef, kinds: tuple[type[ast.AST], ...]) -> bool:
    """Whether the function's own body (not a nested definition) holds a node of ``kinds``."""
    todo: list[ast.AST] = list(node.body)
    wanted = frozenset(kinds)  # (exact types: ``astutil._LEAF_VALUES``)
    while todo:
        n = todo.pop()
        t = type(n)
        if t in wanted:
            return True
        if t not in _NESTED_TYPES:
            todo.extend(child_nodes(n))
    return False


def is_generator(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    return own_body_has(node, _YIELD)


def yielded_piece(value: ast.Yield) -> ast.expr | None:
    """The expression whose text a ``yield`` adds: the value, or a yielded tuple's first element
    (a ``(text, style)`` pair, the text being what a consumer indexing ``item[0]`` joins)."""
    v = value.value
    if isinstance(v, ast.Tuple):
        if not v.elts or isinstance(v.elts[0], ast.Starred):
            return None
        return v.elts[0]
    return v


def super_method(value: ast.expr, self_name: str | None) -> str | None:
    """``super().m()`` (or ``super(Cls, self).m()``), called without arguments: the method's
    name; the class's next definition of it yields these pieces."""
    if not (
        isinstance(value, ast.Call)
        and not value.args
        and not value.keywords
        and isinstance(value.func, ast.Attribute)
        and isinstance(value.func.value, ast.Call)
        and isinstance(value.func.value.func, ast.Name)
        and value.func.value.func.id == "super"
    ):
        return None
    sargs = value.func.value.args
    if sargs and not (len(sargs) == 2 and isinstance(sargs[1], ast.Name) and sargs[1].id == self_name):
        return None
    return value.func.attr


def consumed_into(loop: ast.For | ast.AsyncFor, self_name: str | None) -> str | None:
    """``for item in self.pieces(): parts.append(item[0])`` (the appends may sit under ``if``
    tests of the item, ``isinstance(item, tuple)``): each item goes whole into one list, so the
    list gets the method's text. Returns the list's name, or None for any other loop."""
    target, it = loop.target, loop.iter
    if loop.orelse or not isinstance(target, ast.Name) or not isinstance(it, ast.Call):
        return None
    func = it.func
    if not isinstance(func, ast.Attribute):
        return None
    owner = func.value
    if not (isinstance(owner, ast.Name) and owner.id == self_name) and super_method(it, self_name) is None:
        return None
    names: set[str] = set()
    if not _appends_only(loop.body, target.id, names) or len(names) != 1:
        return None
    return names.pop()


def _appends_only(body: list[ast.stmt], item: str, lists: set[str]) -> bool:
    for stmt in body:
        if isinstance(stmt, ast.If):
            if not _of_item(stmt.test, item):
                return False
            if not _appends_only(stmt.body, item, lists) or not _appends_only(stmt.orelse, item, lists):
                return False
            continue
        if not (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call)):
            return False
        call = stmt.value
        func = call.func
        if not (
            isinstance(func, ast.Attribute)
            and func.attr == "append"
            and isinstance(func.value, ast.Name)
            and len(call.args) == 1
            and not call.keywords
            and _of_item(call.args[0], item, value=True)
        ):
            return False
        lists.add(func.value.id)
    return True


def _of_item(node: ast.expr, item: str, value: bool = False) -> bool:
    """An expression reading the loop's item alone: ``item``, ``item[0]``, ``item.plain``,
    ``str(item)``, ``isinstance(item, tuple)`` (other names only as classes or ``str``)."""
    found = False
    for n in ast.walk(node):
        if isinstance(n, ast.Name):
            if n.id == item:
                found = True
            elif value and n.id not in _PROJECTIONS:
                return False
        elif isinstance(n, _IMPURE):
            return False
    return found


def simplest_first(*values: Value) -> Value:
    """Alternatives (the pieces of an ``if``'s branches), the one with the fewest parts first:
    ``joined`` keeps the plain message before the pieces special cases add."""
    return tuple(sorted((v for value in values for v in value), key=len))


def joined(items: Sequence[Value]) -> Value:
    """The concatenation of a generator's pieces, each piece being one of its alternatives:
    at most ``MAX_VARIANTS`` forms, those departing from the fewest pieces' first alternative
    first (every single departure before any pair). A cartesian product capped in its own order
    would vary only the last few pieces, and an alternative early in the message (``"Invalid
    value for "`` or ``"Unable to convert "``) would never be shown."""
    if not items:
        return lit("")
    out: dict[Variant, None] = {}
    for combo in _departures(items):
        out.setdefault(capped(itertools.chain.from_iterable(combo)), None)
        if len(out) >= MAX_VARIANTS:
            break
    return tuple(out)


def _departures(items: Sequence[Value]) -> Iterator[tuple[Variant, ...]]:
    """Combinations of one alternative per piece, by how many pieces leave their first; at most
    ``MAX_VARIANTS`` of each count of departures are read (the caller keeps that many in all)."""
    firsts = tuple(v[0] if v else () for v in items)
    varied = [i for i, v in enumerate(items) if len(v) > 1]
    for k in range(len(varied) + 1):
        made = 0
        for chosen in itertools.combinations(varied, k):
            for picks in itertools.product(*(items[i][1:] for i in chosen)):
                combo = list(firsts)
                for i, v in zip(chosen, picks, strict=True):
                    combo[i] = v
                yield tuple(combo)
                made += 1
                if made >= MAX_VARIANTS:
                    break
            if made >= MAX_VARIANTS:
                break


def joined_by(pieces: Value, sep: str, name: str) -> Value:
    """What a consumer makes of a generator's text (``pieces``, a method call resolved once the
    class raised is known): its pieces with ``sep`` between them."""
    return ((Op(JOIN, pieces, (Arg(repr(sep), lit(sep)),), (), name),),)


def separated(value: Value, sep: str) -> Value:
    """``value`` with each separator mark a generator's pieces carry replaced by ``sep`` (inside
    optional text too: a piece yielded under an ``if`` takes its separator with it)."""
    return tuple(dict.fromkeys(_separated(v, sep) for v in value))


def _separated(variant: Variant, sep: str) -> Variant:
    out: list[Part] = []
    for p in variant:
        if p == SEP:
            if sep:
                out.append(sep)
        elif isinstance(p, Opt):
            out.append(p._replace(value=_separated(p.value, sep)))
        else:
            out.append(p)
    return tuple(out)


def join_source(arg: ast.expr, self_name: str | None) -> ast.Call | None:
    """The generator method a ``sep.join(...)`` joins the pieces of: ``self.pieces()`` itself,
    or ``str(u)``/``u`` for each ``u`` of it (a generator expression or list comprehension, no
    filter); None for anything else."""
    it: ast.expr = arg
    if isinstance(arg, _COMPS):
        if len(arg.generators) != 1:
            return None
        gen = arg.generators[0]
        elt = arg.elt
        if isinstance(elt, ast.Call) and dotted_name(elt.func) == "str" and len(elt.args) == 1:
            elt = elt.args[0]  # ``str(u)``
        if gen.ifs or gen.is_async or not isinstance(gen.target, ast.Name):
            return None
        if not (isinstance(elt, ast.Name) and elt.id == gen.target.id):
            return None
        it = gen.iter
    if not (
        isinstance(it, ast.Call) and not it.args and not it.keywords and isinstance(it.func, ast.Attribute)
    ):
        return None
    owner = it.func.value
    return it if isinstance(owner, ast.Name) and owner.id == self_name else None
