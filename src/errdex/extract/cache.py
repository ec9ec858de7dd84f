"""A file's extraction as bytes, so a file seen in an earlier release is never parsed again.

What a worker learns from one file (``ModuleFacts``) depends only on the file's path and bytes
and on the extractor, so the catalogue keeps it per (content hash, extractor digest, path) and
the next release of the codebase reuses it; only the cross-module resolution runs per release.

The catalogue is data someone else may have written, so this is not a pickle: a tagged JSON
form that can only rebuild the plain classes listed in ``_TYPES`` from their field values. A
container is an array whose first element names it (``l`` list, ``t`` tuple, ``s`` set, ``f``
frozenset, ``d`` dict as key/value pairs, ``o`` one of the known classes, by name, then its
fields in order); strings, numbers, booleans and null stand for themselves. Anything else,
or a value of the wrong shape, makes ``decode`` return None, and the file is extracted again.
"""

from __future__ import annotations

import dataclasses
import json
import zlib
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
_MAX_INFLATED = 64 << 20  # one file's facts; real ones are far below (jax's largest ~2 MiB)


def encode(facts: ModuleFacts) -> bytes:
    """``facts`` as compressed tagged JSON."""
    # a string literal may hold a lone surrogate ("\udc80"): kept as is, both ways
    text = json.dumps(_enc(facts), separators=(",", ":"), ensure_ascii=False)
    return zlib.compress(text.encode("utf-8", "surrogatepass"), 6)


def decode(data: bytes) -> ModuleFacts | None:
    """The facts ``encode`` wrote, or None for anything else (damaged, foreign, too large)."""
    try:
        d = zlib.decompressobj()
        raw = d.decompress(data, _MAX_INFLATED)
        if d.unconsumed_tail:
            return None
        out = _dec(json.loads(raw.decode("utf-8", "surrogatepass")))
    except (zlib.error, ValueError, TypeError, KeyError, IndexError, RecursionError, UnicodeDecodeError):
        return None
    return out if isinstance(out, ModuleFacts) else None


def _enc(v: Any) -> Any:
    if v is None or isinstance(v, str | bool | int | float):
        return v
    cls = type(v)
    if cls in _FIELDS:
        return ["o", cls.__name__, *(_enc(getattr(v, f)) for f in _FIELDS[cls])]
    if isinstance(v, list):
        return ["l", *map(_enc, v)]
    if isinstance(v, tuple):
        return ["t", *map(_enc, v)]
    if isinstance(v, frozenset):
        return ["f", *map(_enc, sorted(v, key=repr))]
    if isinstance(v, set):
        return ["s", *map(_enc, sorted(v, key=repr))]
    if isinstance(v, dict):
        return ["d", *(_enc(x) for kv in v.items() for x in kv)]
    raise TypeError(f"cannot cache a {cls.__name__}")


def _dec(v: Any) -> Any:
    if v.__class__ is not list:
        if v.__class__ is dict:
            raise TypeError("an object where a tagged array belongs")
        return v
    tag = v[0]
    if tag == "o":
        cls = _TYPES[v[1]]
        if len(v) - 2 != len(_FIELDS[cls]):
            raise ValueError("field count")
        # positional: every field of these classes is an __init__ parameter, in this order
        return cls(*[_dec(x) for x in v[2:]])
    if tag == "t":
        return tuple([_dec(x) for x in v[1:]])
    if tag == "l":
        return [_dec(x) for x in v[1:]]
    if tag == "d":
        if len(v) % 2 == 0:
            raise ValueError("odd dict")
        return {_dec(v[i]): _dec(v[i + 1]) for i in range(1, len(v), 2)}
    if tag == "s":
        return {_dec(x) for x in v[1:]}
    if tag == "f":
        return frozenset([_dec(x) for x in v[1:]])
    raise ValueError(f"unknown tag {tag!r}")
