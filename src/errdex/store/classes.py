"""Which of a catalogue's classes are exception classes, from their names and bases alone."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from errdex.pyexc import BUILTIN_EXCEPTIONS

_SUFFIXES = ("error", "exception", "warning")
MAX_ROUNDS = 16  # a class this many bases away from an exception-like one is not followed


def _last(name: str) -> str:
    return name.rsplit(".", 1)[-1].strip().lower()


def exception_classes(rows: Sequence[tuple[str, tuple[str, ...]]]) -> list[tuple[str, tuple[str, ...]]]:
    """The rows whose class is an exception class: its name or a base's reads like one
    (``...Error``), or a base is a builtin exception or an exception class found so far (a
    fixed point over the bases, by last name, bounded)."""
    known = {n.lower() for n in BUILTIN_EXCEPTIONS}
    keep = [False] * len(rows)
    for _ in range(MAX_ROUNDS):
        grew = False
        for i, (name, bases) in enumerate(rows):
            if keep[i]:
                continue
            lasts = [_last(b) for b in bases]
            if _last(name).endswith(_SUFFIXES) or any(b in known or b.endswith(_SUFFIXES) for b in lasts):
                keep[i] = grew = True
                known.add(_last(name))
        if not grew:
            break
    return [row for row, k in zip(rows, keep, strict=True) if k]


# how a template prints the class of the object raising (``{type(self).__name__}``): at run time
# it is the instance's class, often a subclass of the class whose method raises
CLASS_NAME_SLOTS = tuple(
    f"{{{obj}.{attr}"
    for obj in ("type(self)", "self.__class__", "cls", "type(cls)")
    for attr in ("__name__", "__qualname__")
)


# how a template prints the object raising itself (``f"{self!r} cannot be parent of itself"``):
# a constructor-like repr (``Node('/root/etc')``) names the instance's class, often a subclass
# of the class whose method raises
SELF_SLOTS = ("{self}", "{self!r}")


def owner_class(func: str) -> str | None:
    """The class a site's function is a method of (``LRUCache.popitem``), if any: for a function
    nested in a method (``Schema.validate.<locals>.check``), the method's."""
    for scope in reversed(func.split(".<locals>.")):
        parts = scope.split(".")
        if len(parts) >= 2:
            return parts[-2]
    return None


def below_named_owners(
    rows: Sequence[tuple[str, tuple[str, ...]]], owners: Iterable[str]
) -> list[tuple[str, tuple[str, ...]]]:
    """The rows of the classes below ``owners`` (classes with a method whose message prints the
    instance's class name, or the instance itself), their bases without subscripts (``GroupBy[Series]`` -> ``GroupBy``):
    a message naming ``SeriesGroupBy`` is ``GroupBy.__getattr__``'s when the index knows the one
    derives from the other. Only these of a codebase's many plain classes say something there."""
    below = {_last(o) for o in owners}
    plain = [(name, tuple(b.split("[", 1)[0] for b in bases)) for name, bases in rows]
    keep = [False] * len(plain)
    for _ in range(MAX_ROUNDS):
        grew = False
        for i, (name, bases) in enumerate(plain):
            if not keep[i] and any(_last(b) in below for b in bases):
                keep[i] = grew = True
                below.add(_last(name))
        if not grew:
            break
    return [row for row, k in zip(plain, keep, strict=True) if k]
