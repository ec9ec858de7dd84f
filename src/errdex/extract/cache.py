"""A file's extraction as bytes, so a file seen in an earlier release is never parsed again.

What a worker learns from one file (``ModuleFacts``) depends only on the file's path and bytes
and on the extractor, so the catalogue keeps it per (content hash, extractor digest, path) and
the next release of the codebase reuses it; only the cross-module resolution runs per release.

The catalogue is data someone else may have written, so this is not a pickle: a tagged JSON
form that can only rebuild the plain classes listed in ``_TYPES`` from their field values.
Strings, numbers, booleans, null and lists stand for themselves; every other container is a
JSON object with one key naming it: ``{"t": [...]}`` a tuple, ``{"s": [...]}`` a set,
``{"f": [...]}`` a frozenset, ``{"d": [k, v, ...]}`` a dict as key/value pairs, and
``{"ClassName": [fields in order]}`` one of the known classes. Lists need no tag, so decoding
is ``json.loads`` with an object hook: the C parser does the walking and Python only sees the
tagged objects (decoding a release's facts was the larger part of reusing them). Anything
else, or a value of the wrong shape, makes ``decode`` return None, and the file is extracted
again.
"""

from __future__ import annotations

import dataclasses
import json
import operator
import zlib
from collections.abc import Callable
from typing import Any

from errdex.extract.facts import BaseCall, ClassInfo, ExcSpec, FuncInfo, InitInfo, ModuleFacts, Site
from errdex.extract.templates import Arg, Lookup, Op, Opt, Ph, Ref, Sig
from errdex.model import (
    CallFact,
    ClassFact,
    CodeFacts,
    FunctionFact,
    ImportFact,
    TestExpectation,
    TestFunctionFact,
)

__all__ = ["decode", "encode"]

_TYPES: dict[str, type] = {
    cls.__name__: cls
    for cls in (
        ModuleFacts, Site, ExcSpec, FuncInfo, BaseCall, InitInfo, ClassInfo,
        Ph, Arg, Ref, Op, Lookup, Opt, Sig,
        CodeFacts, FunctionFact, ClassFact, ImportFact, CallFact, TestFunctionFact, TestExpectation,
    )
}  # fmt: skip
_FIELDS: dict[type, tuple[str, ...]] = {
    cls: (
        tuple(f.name for f in dataclasses.fields(cls))
        if dataclasses.is_dataclass(cls)
        else tuple(cls._fields)  # type: ignore[attr-defined]
    )
    for cls in _TYPES.values()
}
_ARITY: dict[str, int] = {name: len(_FIELDS[cls]) for name, cls in _TYPES.items()}


def _getter(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """Every field of an object, in order, read by one C call (a 1-tuple for one field)."""
    if len(names) > 1:
        return operator.attrgetter(*names)
    one = operator.attrgetter(names[0])
    return lambda v: (one(v),)


_GET: dict[type, Callable[[Any], tuple[Any, ...]]] = {cls: _getter(names) for cls, names in _FIELDS.items()}
_ATOMS = frozenset({str, int, float, bool, type(None)})
_CONTAINER_TAGS = frozenset("tsfd")
assert not _CONTAINER_TAGS & _TYPES.keys()
# Without the circularity check (which tracks every container being written, half the cost
# of writing a release's ~18 MB): what ``_enc`` returns has no cycle, since a cycle in the facts
# would have made ``_enc`` itself recurse without end. The bytes are the same.
_JSON = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False, check_circular=False)
_MAX_INFLATED = 64 << 20  # one file's facts; real ones are far below (jax's largest ~2 MiB)


def encode(facts: ModuleFacts) -> bytes:
    """``facts`` as compressed tagged JSON."""
    # a string literal may hold a lone surrogate ("\udc80"): kept as is, both ways
    text = _JSON.encode(_enc(facts, {}))
    return zlib.compress(text.encode("utf-8", "surrogatepass"), 6)


def decode(data: bytes) -> ModuleFacts | None:
    """The facts ``encode`` wrote (or the JSON it compressed: a catalogue that stores an entry
    as a difference from another rebuilds that JSON), or None for anything else (damaged,
    foreign, too large)."""
    try:
        if data[:1] == b"{":
            raw = data[: _MAX_INFLATED + 1]
            if len(raw) > _MAX_INFLATED:
                return None
        else:
            d = zlib.decompressobj()
            raw = d.decompress(data, _MAX_INFLATED)
            if d.unconsumed_tail:
                return None
        out = json.loads(raw.decode("utf-8", "surrogatepass"), object_hook=_dec)
    except (zlib.error, ValueError, TypeError, KeyError, IndexError, RecursionError, UnicodeDecodeError):
        return None
    return out if isinstance(out, ModuleFacts) else None


def _enc(v: Any, seen: dict[int, Any]) -> Any:
    """``v`` as the JSON value ``json.dumps`` writes. ``seen``: what the containers met so far
    in this encoding became, by identity, as one message value is shared by the many sites and
    functions that use it; every object met is alive (reachable from the facts encoded), so an
    identity is never reused meanwhile."""
    cls = v.__class__
    if cls in _ATOMS:
        return v
    key = id(v)
    out = seen.get(key)
    if out is not None:
        return out
    # the exact classes first, atoms inline: plain tuples (a message value is one, and most of
    # its parts are strings) are the commonest container, ahead of lists and the known classes
    if cls is tuple:
        out = {"t": [x if x.__class__ in _ATOMS else _enc(x, seen) for x in v]}
    elif cls is list:
        out = [x if x.__class__ in _ATOMS else _enc(x, seen) for x in v]
    elif (get := _GET.get(cls)) is not None:
        out = {cls.__name__: [x if x.__class__ in _ATOMS else _enc(x, seen) for x in get(v)]}
    elif cls is dict:
        out = {"d": [x if x.__class__ in _ATOMS else _enc(x, seen) for kv in v.items() for x in kv]}
    elif isinstance(v, list):
        out = [_enc(x, seen) for x in v]
    elif isinstance(v, tuple):
        out = {"t": [_enc(x, seen) for x in v]}
    elif isinstance(v, frozenset | set):
        out = {"f" if isinstance(v, frozenset) else "s": [_enc(x, seen) for x in _sorted(v)]}
    elif isinstance(v, dict):
        out = {"d": [_enc(x, seen) for kv in v.items() for x in kv]}
    else:
        raise TypeError(f"cannot cache a {cls.__name__}")
    seen[key] = out
    return out


def _sorted(items: set[Any] | frozenset[Any]) -> list[Any]:
    """A set's members in a fixed order, so equal facts encode to equal bytes."""
    try:
        return sorted(items)
    except TypeError:  # members of several types (or unorderable ones)
        return sorted(items, key=repr)


def _dec(obj: dict[str, Any]) -> Any:
    """One tagged JSON object (its members already decoded) as the value it stands for."""
    if len(obj) != 1:
        raise ValueError("a tagged object has exactly one key")
    ((tag, items),) = obj.items()
    if items.__class__ is not list:
        raise TypeError("a tagged object holds an array")
    if tag == "t":
        return tuple(items)
    if tag == "d":
        if len(items) % 2:
            raise ValueError("odd dict")
        it = iter(items)
        return dict(zip(it, it, strict=True))
    if tag == "s":
        return set(items)
    if tag == "f":
        return frozenset(items)
    if _ARITY[tag] != len(items):  # KeyError: a class this cache never writes
        raise ValueError("field count")
    # positional: every field of these classes is an __init__ parameter, in this order
    return _TYPES[tag](*items)
