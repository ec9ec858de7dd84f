"""The ``__init__`` a class decorator generates from the class's annotated fields.

``@dataclass`` and attrs' ``@define``/``@frozen``/``@attr.s`` write no ``__init__`` in the source:
the initialiser takes one parameter per annotated field of the class body, in order, each kept
as the attribute of that name. An exception class declared so prints through ``self.<field>``
(``__str__``, a message property, the pieces a generator yields), and what the raise passes
for a field (``CoercionError(token=token, target_type=int)``) is what the printer reads; a
field the raise leaves at a default of None decides the printer's tests of it (``if
self.token:``) as an explicit ``self.token = token`` would.

The generated initialiser also takes the fields of the decorated bases, first; that needs the
other modules, so this records the class's own fields (``InitInfo.generated``) and the class
summary (``classes.py``) chains them along the MRO. So for the ``__repr__`` the decorator
generates (``Cls(a=1, b='x')``: the class's name and each field shown by its ``repr``), which
an exception printing ``repr(self)`` shows as its text (``InitInfo.shown``: attrs'
``@attr.s(auto_exc=True)`` class with ``__str__`` returning ``self.__repr__()``).
"""

from __future__ import annotations

import ast
import dataclasses
import re
from typing import TYPE_CHECKING

from errdex.astutil import dotted_name
from errdex.extract.facts import BaseCall, InitInfo
from errdex.extract.templates import Arg, Ph, Sig, Value, lit, ph, rename_phs

if not TYPE_CHECKING:  # the same classes, read without the stdlib module's slow path (astutil)
    from errdex.astutil import ast_nodes as ast

# decorators that generate ``__init__`` from the annotated fields, by their last name; ``s`` and
# ``attrs`` (the classic ``@attr.s``/``@attr.attrs``) only as an attribute of a module, a bare
# ``@s`` says nothing
_GENERATORS = frozenset(("dataclass", "define", "frozen", "mutable"))
_DOTTED_ONLY = frozenset(("s", "attrs"))
# ``field(...)`` calls that declare one (``dataclasses.field``, ``attrs.field``, ``attr.ib``)
_FIELD_CALLS = frozenset(("field", "ib", "attrib"))
_NOT_FIELDS = frozenset(("ClassVar", "InitVar"))  # annotations that are no instance field
_DEFS = (ast.FunctionDef, ast.AsyncFunctionDef)
_KW_ONLY = "KW_ONLY"  # ``_: KW_ONLY``: the fields after it are keyword-only


def _decorator(node: ast.ClassDef) -> tuple[ast.expr, bool] | None:
    """The decorator generating the class's ``__init__``, and whether it is attrs' (which drops
    a field's leading underscores from its parameter name); None if there is none."""
    for d in node.decorator_list:
        target = d.func if isinstance(d, ast.Call) else d
        dotted = dotted_name(target) or ""
        head, _, last = dotted.rpartition(".")
        if last in _GENERATORS or (head and last in _DOTTED_ONLY):
            return d, last != "dataclass"
    return None


def _flag(call: ast.expr, name: str) -> bool | None:
    """A keyword flag written as a constant (``kw_only=True``), None when not given so."""
    if not isinstance(call, ast.Call):
        return None
    for kw in call.keywords:
        if kw.arg == name and isinstance(kw.value, ast.Constant) and isinstance(kw.value.value, bool):
            return kw.value.value
    return None


def _annotation_name(node: ast.expr) -> str:
    base = node.value if isinstance(node, ast.Subscript) else node
    if isinstance(base, ast.Constant) and isinstance(base.value, str):
        return base.value.partition("[")[0].rpartition(".")[2]
    return (dotted_name(base) or "").rpartition(".")[2]


def is_field_call(node: ast.expr) -> bool:
    """``field(...)``/``attr.ib(...)`` as a field's value: a declaration, no text the class holds."""
    return isinstance(node, ast.Call) and (dotted_name(node.func) or "").rpartition(".")[2] in _FIELD_CALLS


def field_default_text(call: ast.Call) -> ast.Constant | None:
    """The text a field declaration gives its attribute when the constructor is given none:
    ``attrib(default="...")``, or a converter turning a missing value (None) into a text,
    ``attrib(converter=default_if_none("..."))`` (attrs' ``converters.default_if_none``, its
    default given by position or as ``default=``). None when the declaration names no text."""
    for kw in call.keywords:
        v = kw.value
        if kw.arg == "converter" and isinstance(v, ast.Call):
            if (dotted_name(v.func) or "").rpartition(".")[2] != _DEFAULT_IF_NONE:
                continue
            given = v.args[:1] or [k.value for k in v.keywords if k.arg == "default"]
            v = given[0] if given else v
        elif kw.arg != "default":
            continue
        if isinstance(v, ast.Constant) and isinstance(v.value, str):
            return v
    return None


_DEFAULT_IF_NONE = "default_if_none"  # attrs' converter: None becomes the default it is given


def generated_init(node: ast.ClassDef) -> InitInfo | None:
    """The ``__init__`` the class's decorator generates, over the class's own annotated fields;
    None when no decorator generates one, it is turned off (``init=False``), or the class writes
    its own ``__init__``."""
    found = _decorator(node)
    if found is None or _flag(found[0], "init") is False:
        return None
    if any(isinstance(s, _DEFS) and s.name == "__init__" for s in node.body):
        return None
    deco, attrs_style = found
    all_kw = _flag(deco, "kw_only") is True
    # attrs hands an exception's field values to ``BaseException.__init__`` (``auto_exc``, on
    # by default for ``define``/``frozen``/``mutable``, off for the classic ``attr.s``)
    dotted = dotted_name(deco.func if isinstance(deco, ast.Call) else deco) or ""
    auto_exc = _flag(deco, "auto_exc")
    hands_on = attrs_style and (
        auto_exc if auto_exc is not None else dotted.rpartition(".")[2] not in _DOTTED_ONLY
    )
    positional: list[str] = []
    kwonly: list[str] = []
    defaults: dict[str, Arg] = {}
    optional: set[str] = set()
    attrs: dict[str, Value] = {}
    kw_after = False
    shown: list[str] = []
    for stmt in node.body:
        if not isinstance(stmt, ast.AnnAssign) or not isinstance(stmt.target, ast.Name):
            continue
        kind = _annotation_name(stmt.annotation)
        if kind == _KW_ONLY:
            kw_after = True
            continue
        if kind in _NOT_FIELDS:
            continue
        name = stmt.target.id
        default: ast.expr | None = stmt.value
        kw = all_kw or kw_after
        if not (isinstance(default, ast.Call) and is_field_call(default) and _flag(default, "repr") is False):
            shown.append(name)
        if isinstance(default, ast.Call) and is_field_call(default):
            if _flag(default, "init") is False:
                continue  # not a parameter: set by the class itself
            own = _flag(default, "kw_only")
            kw = own if own is not None else kw
            given = [k.value for k in default.keywords if k.arg == "default"]
            factory = any(k.arg in ("factory", "default_factory") for k in default.keywords)
            default = given[0] if given else (ast.Constant(0) if factory else None)
        param = name.lstrip("_") or name if attrs_style else name
        (kwonly if kw else positional).append(param)
        if isinstance(default, ast.Constant):
            if default.value is None:
                optional.add(param)
            elif isinstance(default.value, str):
                defaults[param] = Arg(repr(default.value), lit(default.value))
        attrs[name] = ph(param)
    params = (*positional, *kwonly)
    writes_repr = any(isinstance(s, _DEFS) and s.name == "__repr__" for s in node.body)
    return InitInfo(
        Sig(tuple(positional), None, tuple(kwonly), None, tuple(defaults.items()), frozenset(optional)),
        attrs,
        args_set=tuple(Arg(p, ph(p)) for p in params) if hands_on else None,
        generated=True,
        shown=None if writes_repr or _flag(deco, "repr") is False else tuple(shown),
    )


# the method the generated ``__init__`` calls last, where a dataclass exception builds its message
# from its fields (installer's ``InvalidRecordEntry``: ``super().__init__(", ".join(self.issues))``)
POST_INIT = "__post_init__"


def generates_init(node: ast.AST | None) -> bool:
    """Whether ``node`` is a class whose decorator generates its ``__init__`` (``_decorator``),
    so that a ``__post_init__`` it writes runs as the end of that initialiser."""
    return isinstance(node, ast.ClassDef) and _decorator(node) is not None


def with_post_init(init: InitInfo, post: InitInfo, self_name: str) -> InitInfo:
    """The generated ``init`` followed by the class's ``__post_init__`` (``post``): what that
    method sets on ``self`` and hands to the base initialiser joins the fields' own, its
    ``self.<field>`` reads renamed to the field's parameter (what the raise passed for it),
    so that ``", ".join(self.issues)`` is filled from ``issues=[message]`` at each raise."""
    params = {name: v[0][0].name for name, v in init.attrs.items() if isinstance(v[0][0], Ph)}
    if not params:
        return init
    field_read = re.compile(rf"\b{re.escape(self_name)}\.([A-Za-z_]\w*)\b")

    def rename(text: str) -> str:
        return field_read.sub(lambda m: params.get(m.group(1), m.group(0)), text)

    def arg(a: Arg) -> Arg:
        items = None if a.items is None else tuple(arg(x) for x in a.items)
        return a._replace(text=rename(a.text), value=rename_phs(a.value, rename), items=items)

    def call(c: BaseCall | None) -> BaseCall | None:
        if c is None:
            return None
        return dataclasses.replace(
            c,
            args=tuple(arg(a) for a in c.args),
            kwargs=tuple((k, arg(a)) for k, a in c.kwargs),
            other=call(c.other),
        )

    attrs = {**init.attrs, **{k: rename_phs(v, rename) for k, v in post.attrs.items()}}
    args_set = init.args_set if post.args_set is None else tuple(arg(a) for a in post.args_set)
    # (the generated initialiser's other facts kept as they are)
    return dataclasses.replace(init, attrs=attrs, base=call(post.base) or init.base, args_set=args_set)
