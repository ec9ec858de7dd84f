"""What ``self.<name>`` reads in a text one class assigns to an attribute, on the instance it
is assigned on.

A library's element classes often keep their message in an attribute set in ``__init__``
(``self.errmsg = f"Expected {self.name}"``) and raise it later, from another method. The text
then names the element through a property of a base class (``name`` returns a custom name when
one was set, else ``default_name``), which computes a default from a method each subclass
overrides (``_generateDefaultName`` returning ``W:(0-9)`` for a ``Word``, ``Re:(...)`` for a
``Regex``), often memoised in another attribute (``self._defaultName =
self._generateDefaultName()``; ``return self._defaultName``). The message as printed names the
element that way, so the template must too: a bare ``{self.name}`` fits every element class's
raise alike and leaves the right one tied with all the others.

``InstanceReads.texts`` replaces such a placeholder by what the property returns on the class
the text was assigned on: the property is looked up along that class's MRO, ``self.<method>()``
inside it is dispatched to the class's own override, and an attribute the property returns is
read as the texts the class hierarchy assigns to it. A placeholder that leads to no literal text
stays as it was.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from errdex.extract.templates import Part, Ph, Ref, Value, Variant, concat, union_n

if TYPE_CHECKING:
    from errdex.extract.resolving import ResolverTables

_SELF = "self."
_MAX_READS = 5  # properties, attributes and methods followed one inside another
_MAX_TEXTS = 8  # variants one read becomes


class InstanceReads:
    """Property and self-method reads of assigned texts, filled per class; part of a
    ``Resolver`` (it uses its tables)."""

    def __init__(self, resolver: ResolverTables) -> None:
        self.r = resolver
        self._nesting = 0  # ``texts`` calls under way (an attribute's text read inside another)

    def texts(self, text: Value, cls: str) -> Value:
        """``text`` (assigned to an attribute of an instance of ``cls``) with each
        ``self.<property>`` read filled from what the property returns on ``cls``."""
        if self._nesting >= _MAX_READS or not any(self._prop_read(p, cls) for v in text for p in v):
            return text  # (the common case: nothing to fill, and no new tuple made)
        self._nesting += 1
        try:
            return self._value(text, cls, 0, frozenset())
        finally:
            self._nesting -= 1

    def _prop_read(self, p: Part, cls: str) -> bool:
        """Whether ``p`` is a ``{self.<property>}`` placeholder of ``cls`` (the only reads
        ``texts`` starts from: the others are filled only inside a property)."""
        return isinstance(p, Ph) and not p.r and self._prop(p.name, cls) is not None

    def _prop(self, name: str, cls: str) -> Value | None:
        """What property ``self.<attr>`` of ``cls`` (or a base) returns; None when ``name``
        reads no property with a known return."""
        if name == _SELF[:-1]:
            return self._str(cls)
        attr = name.removeprefix(_SELF)
        if attr == name or not attr.isidentifier():
            return None
        for k in self.r.mro(cls):
            info = self.r.classes.get(k)
            if info is None or attr not in info.methods:
                continue
            fn = self.r.funcs.get(f"{k}.{attr}")
            if attr not in info.props or fn is None:
                return None  # the nearest definition is a plain method, or unknown
            return fn.printed or fn.ret or None
        return None

    def _str(self, cls: str) -> Value | None:
        """What ``str(self)`` (``{self}`` in the text) prints on ``cls``: the ``__str__`` its
        MRO defines (pyparsing's ``set_name`` builds ``f"Expected {str(self)}"``, ``__str__``
        returning the ``name`` property); None when no class of the codebase defines one, or
        its text is unknown."""
        for k in self.r.mro(cls):
            info = self.r.classes.get(k)
            if info is None or "__str__" not in info.methods:
                continue
            fn = self.r.funcs.get(f"{k}.__str__")
            return (fn.printed or fn.ret or None) if fn is not None else None
        return None

    def _called(self, ref: Ref, cls: str) -> Value | None:
        """What ``self.<method>()`` returns on ``cls``: the override along its MRO, with every
        return it has (a placeholder among them when one return's text is unknown), the
        shortest first: a text and its decorated forms (``W:(0-9)``, ``W:(0-9){3,...}``) are
        capped with the plain one kept."""
        if not (ref.call and not ref.args and not ref.kwargs and ref.name == f"{_SELF}{ref.method}()"):
            return None
        found = self.r.method(cls, ref.method)
        if found is None or not found[1].ret:
            return None
        ret = found[1].ret
        if not self.r.classmsg.subclasses(cls):
            # ``return f"{type(self).__name__}:{self.match_string!r}"`` on a class no other
            # extends: its own name, not a placeholder any word fills (on a base, the names of
            # its many subclasses would only crowd out the variants kept)
            ret = self.r.own_class_named(ret, cls, cls)
        return tuple(sorted(ret, key=len))

    def _assigned(self, cls: str, attr: str, name: str) -> Value | None:
        """The texts the class hierarchy assigns to ``self.<attr>`` (``attr_texts``), and the
        methods' returns assigned to it (``ClassInfo.self_calls``) along ``cls``'s MRO."""
        calls = [c for k in self.r.mro(cls) if (c := self._calls_of(k, attr))]
        return union_n([self.r.attr_texts(cls, attr, name), *calls], _MAX_TEXTS) or None

    def _calls_of(self, key: str, attr: str) -> Value:
        info = self.r.classes.get(key)
        return info.self_calls.get(attr, ()) if info is not None else ()

    def _value(self, value: Value, cls: str, depth: int, seen: frozenset[str]) -> Value:
        out = [concat(*(self._part(p, cls, depth, seen) for p in v)) for v in value]
        return union_n(out, _MAX_TEXTS)

    def _part(self, p: Part, cls: str, depth: int, seen: frozenset[str]) -> Value:
        """One part of a text, filled when it reads a property, a method or (inside a property)
        an attribute of the instance; ``seen``: the reads under way (a property returning
        another that returns the first stays a placeholder)."""
        if isinstance(p, Ref):
            # ``self.default_name`` read as a property of the class that wrote it, or a call
            got = self._prop(p.name, cls) if _reads_attr(p) else self._called(p, cls)
            if got is None or depth >= _MAX_READS or p.name in seen:
                return ((self._dispatched(p, cls),),)
        elif isinstance(p, Ph) and not p.r and depth < _MAX_READS and p.name not in seen:
            got = self._prop(p.name, cls)
            if got is None and depth > 0:
                # inside a property: an attribute it returns (``return self._defaultName``)
                # holds what the class's methods assign to it (``self._defaultName =
                # self._generateDefaultName()``)
                got = self._assigned(cls, p.name.removeprefix(_SELF), p.name)
            if got is None:
                return ((p,),)
        else:
            return ((p,),)
        filled = self._value(got, cls, depth + 1, seen | {p.name})
        told = tuple(v for v in filled if _tells(v))
        if not told:
            return ((self._dispatched(p, cls),),) if isinstance(p, Ref) else ((p,),)
        # what names the element first, then one bare placeholder (a custom name; the others,
        # ``{self._defaultName}`` of its ``None`` in ``__init__``, fit no other text): the
        # variants of a message are capped, and another class's own wording must stay
        return (*told, *[v for v in filled if not _tells(v)][:1])

    def _dispatched(self, ref: Ref, cls: str) -> Ref:
        """``self.<method>()`` written in a base of ``cls``: the method ``cls`` resolves it to
        (its own override of ``_generateDefaultName``, not the base's abstract one)."""
        if not ref.call or not ref.method or not ref.name.startswith(_SELF) or ref.key == cls:
            return ref
        return ref._replace(key=cls) if ref.key in self.r.mro(cls) else ref


def _tells(variant: Variant) -> bool:
    """Whether one variant of a filled read says more than its placeholder: literal text, or a
    repr (quoted where it is printed: ``repr(self.match)``)."""
    return any(isinstance(p, str) and p for p in variant) or any(isinstance(p, Ph) and p.r for p in variant)


def _reads_attr(ref: Ref) -> bool:
    """``self.<name>`` read as written (a property's reference), no call's arguments."""
    return ref.call and not ref.args and not ref.kwargs and ref.name == _SELF + ref.method
