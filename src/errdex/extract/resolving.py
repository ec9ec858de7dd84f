"""What a ``Resolver``'s helpers see of it: the tables and the few questions they ask.

``ClassMessages`` (``classes``) and ``InstanceReads`` (``instance_reads``) are parts of a
``Resolver`` that use its tables; ``resolve`` builds them. Typed against this Protocol rather than
``Resolver`` itself, the parts import nothing of ``resolve``, so the three modules form no import
cycle (``resolve`` -> ``classes``, ``instance_reads`` -> this module).
"""

from __future__ import annotations

from typing import Protocol

from errdex.extract.facts import ClassInfo, FuncInfo
from errdex.extract.templates import MAX_VARIANTS, Ph, Value

__all__ = ["ClassTables", "Flat", "Pair", "ResolverTables"]

Flat = tuple[str | Ph, ...]
Pair = tuple[Flat, Flat]  # (main parts, expanded parts)


class ClassTables(Protocol):
    """What ``InstanceReads`` asks of its sibling part, ``classes.ClassMessages``."""

    def subclasses(self, key: str) -> list[str]: ...


class ResolverTables(Protocol):
    """The members of ``resolve.Resolver`` its parts use."""

    funcs: dict[str, FuncInfo]
    classes: dict[str, ClassInfo]
    args_joins: set[tuple[str, tuple[str, ...]]]

    @property
    def classmsg(self) -> ClassTables: ...

    def own_class_named(self, text: Value, owner: str, cls: str) -> Value: ...

    def canon(self, key: str | None) -> str | None: ...

    def mro(self, class_key: str) -> list[str]: ...

    def linearized(self, class_key: str) -> list[str] | None: ...

    def method(self, class_key: str, name: str) -> tuple[str, FuncInfo, str | None] | None: ...

    def enum_bases(self, class_key: str) -> frozenset[str]: ...

    def attr_texts(self, cls: str, attr: str, name: str) -> Value: ...

    def value(self, value: Value, depth: int = 0, cap: int = MAX_VARIANTS) -> list[Pair]: ...
