"""A file's extraction as bytes, so a file seen in an earlier release is never parsed again.

What a worker learns from one file (``ModuleFacts``) depends only on the file's path and bytes
and on the extractor, so the catalogue keeps it per (content hash, extractor digest, path) and
the next release of the codebase reuses it; only the cross-module resolution runs per release.

The catalogue is data someone else may have written, so this is not a pickle: a tagged
MessagePack form that can only rebuild the plain classes listed in ``_CLASSES`` from their
field values. Strings, numbers, booleans, null, lists and dicts (every dict of the facts is
keyed by strings) stand for themselves; every other container is a map with one *integer* key
naming it, which no dict of the facts can be: ``{0: [...]}`` a tuple, ``{1: [...]}`` a set,
``{2: [...]}`` a frozenset, ``{16 + i: [fields in order]}`` the i-th class of ``_CLASSES``, the
fields at the end that hold their default left out (``_trimmed``: the class's ``__init__``
gives them back, the same values).
The C packer walks the facts and calls ``_tag`` only for the containers it has no type for,
and the C unpacker calls ``_untag`` only for maps, so Python sees the tagged objects alone
(the tagged JSON this replaced cost a Python walk of every value, then the JSON text, ~18 MB
for a release of jax, then zlib at level 6: ~0.8 s per jax release, against ~0.35 s now).

An entry is ``_MAGIC`` and the MessagePack body in one zstd frame that states its size;
``decode`` also takes the body uncompressed (a catalogue that stores an entry as a difference
from another rebuilds the body). Anything else (an entry of the tagged-JSON form that came
before, a damaged or foreign one, or a value of the wrong shape) makes ``decode`` return None,
and the file is extracted again.
"""

from __future__ import annotations

import dataclasses
import operator
import threading
from collections.abc import Callable
from typing import Any

import msgpack
import zstandard

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

# the classes an entry can hold; a class's tag is 16 + its place here, so the order is part of
# the format (as every byte of this module is: the extractor digest hashes it, and a catalogue
# keeps only the entries of the digest that wrote them)
_CLASSES: tuple[type, ...] = (
    ModuleFacts, Site, ExcSpec, FuncInfo, BaseCall, InitInfo, ClassInfo,
    Ph, Arg, Ref, Op, Lookup, Opt, Sig,
    CodeFacts, FunctionFact, ClassFact, ImportFact, CallFact, TestFunctionFact, TestExpectation,
)  # fmt: skip
_TUPLE, _SET, _FROZENSET, _FIRST_CLASS = 0, 1, 2, 16
_CODE: dict[type, int] = {cls: _FIRST_CLASS + i for i, cls in enumerate(_CLASSES)}
_FIELDS: dict[type, tuple[str, ...]] = {
    cls: (
        tuple(f.name for f in dataclasses.fields(cls))
        if dataclasses.is_dataclass(cls)
        else tuple(cls._fields)  # type: ignore[attr-defined]
    )
    for cls in _CLASSES
}
_ARITY: dict[int, int] = {_CODE[cls]: len(_FIELDS[cls]) for cls in _CLASSES}


def _defaults(cls: type) -> tuple[tuple[Any, ...], int]:
    """(each field's default, the factory's value for a ``default_factory``; how many fields
    come before the first with one) of a dataclass of the cache: what ``_trimmed`` compares the
    fields at the end with. A named tuple's fields are always written whole."""
    if not dataclasses.is_dataclass(cls):
        return (), len(_FIELDS[cls])
    out: list[Any] = []
    for f in dataclasses.fields(cls):
        if f.default is not dataclasses.MISSING:
            out.append(f.default)
        elif f.default_factory is not dataclasses.MISSING:
            out.append(f.default_factory())
        else:
            out = []  # a field without a default: none before it can be left out
    return tuple(out), len(_FIELDS[cls]) - len(out)


# class -> (the defaults of its last fields, the index of the first of them)
_DEFAULTS: dict[type, tuple[tuple[Any, ...], int]] = {cls: _defaults(cls) for cls in _CLASSES}


def _getter(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """Every field of an object, in order, read by one C call (a 1-tuple for one field)."""
    if len(names) > 1:
        return operator.attrgetter(*names)
    one = operator.attrgetter(names[0])
    return lambda v: (one(v),)


_GET: dict[type, Callable[[Any], tuple[Any, ...]]] = {cls: _getter(names) for cls, names in _FIELDS.items()}
_MAGIC = b"errdex-facts/3\n"  # before the body, so an entry of another form is never misread (3: trailing defaults left out)
_ZSTD_MAGIC = b"\x28\xb5\x2f\xfd"
_LEVEL = 3  # zlib's level 6 took 0.2 s for jax's entries, zstd's 3 takes 0.03 s, 5% larger
_MAX_INFLATED = 64 << 20  # one file's facts; real ones are far below (jax's largest ~2 MiB)


# the classes whose instances are named tuples: their items are their fields, in order, and
# they are written whole (``_defaults``), so ``list(v)`` is their items without the getter's
# tuple (Ph, Arg, Ref, ...: ~170k of the ~680k objects the packer hands over for jax)
_NAMED: dict[type, int] = {cls: _CODE[cls] for cls in _CLASSES if not dataclasses.is_dataclass(cls)}
# the dataclasses' tag, getter and defaults, in one look-up
_RECORDS: dict[type, tuple[int, Callable[[Any], tuple[Any, ...]], tuple[tuple[Any, ...], int]]] = {
    cls: (_CODE[cls], _GET[cls], _DEFAULTS[cls]) for cls in _CLASSES if dataclasses.is_dataclass(cls)
}
# what every empty tuple is written as (~45% of the tuples the packer hands over for jax): one
# map of one empty list serves them all, the packer only reads what it is handed
_EMPTY_TUPLE: dict[int, list[Any]] = {_TUPLE: []}


def _tag(v: Any) -> Any:
    """What the packer writes for a value it has no type for (``strict_types``: a tuple, a
    set, one of ``_CLASSES``): a one-entry map, tag to items, the items packed in turn.

    The packer calls this ~680k times for a release of jax, about half the packing's CPU, so
    the cases go most frequent first, each with one look-up: tuples (an empty one as a map
    made once), named tuples by their own items, dataclasses by their getter (``_trimmed``)."""
    cls = v.__class__
    if cls is tuple:
        return {_TUPLE: list(v)} if v else _EMPTY_TUPLE
    code = _NAMED.get(cls)
    if code is not None:
        return {code: list(v)}
    record = _RECORDS.get(cls)
    if record is not None:
        return {record[0]: _trimmed(list(record[1](v)), record[2])}
    if cls is frozenset or cls is set:
        return {_FROZENSET if cls is frozenset else _SET: _sorted(v)}
    if cls is int:  # the packer hands over an integer it cannot write in 64 bits
        raise OverflowError("an integer past 64 bits")
    raise TypeError(f"cannot cache a {cls.__name__}")


def _trimmed(items: list[Any], defaults: tuple[tuple[Any, ...], int]) -> list[Any]:
    """A dataclass's field values without those at the end that equal their default and are of
    its class (``()`` is not ``[]``, ``0`` not ``False``): an exception spec's ~15 trailing
    fields are mostly empty tuples, None and False, and each empty tuple was one more tagged map
    for the decoder's hook to rebuild (jax 0.12.0.1's cached entries: 760k maps, 17.9 MB; the
    decode 0.41-0.45 -> 0.36-0.37 s, equal facts)."""
    values, first = defaults
    n = len(items)
    while n > first:
        d = values[n - 1 - first]
        x = items[n - 1]
        if x.__class__ is not d.__class__ or x != d:
            break
        n -= 1
    del items[n:]
    return items


def encode(facts: ModuleFacts) -> bytes:
    """``facts`` as a compressed tagged MessagePack entry; one without a body (which ``decode``
    refuses, so the file is extracted again) for facts holding an integer past 64 bits, which
    MessagePack cannot write."""
    try:
        body = _pack(facts)
    except OverflowError:
        body = b""
    return _compressor().compress(_MAGIC + body)


_LOCAL = threading.local()


def _compressor() -> zstandard.ZstdCompressor:
    """This thread's compressor at ``_LEVEL``, made once: a one-shot ``compress`` writes the same
    frame from a reused compressor as from a new one, and making one allocates its context
    (~16 us each, ~0.01 s of jax's 617 entries with the compression's own set-up). Per thread:
    a compressor is not thread-safe."""
    z: zstandard.ZstdCompressor | None = getattr(_LOCAL, "zstd", None)
    if z is None:
        z = _LOCAL.zstd = zstandard.ZstdCompressor(level=_LEVEL)
    return z


def _pack(facts: ModuleFacts) -> bytes:
    """The MessagePack body. A string literal may hold a lone surrogate (``"\\udc80"``), kept as
    is both ways (``surrogatepass``); with an error handler set, the packer encodes every
    string through a codec call instead of its UTF-8 fast path, so the handler is used only
    for the rare facts holding such a string. Every other string's UTF-8 bytes are the same
    either way, and so is the body."""
    body: bytes
    try:
        body = msgpack.Packer(default=_tag, strict_types=True, use_bin_type=True).pack(facts)
    except UnicodeEncodeError:
        packer = msgpack.Packer(
            default=_tag, strict_types=True, use_bin_type=True, unicode_errors="surrogatepass"
        )
        body = packer.pack(facts)
    return body


def decode(data: bytes) -> ModuleFacts | None:
    """The facts ``encode`` wrote (or its uncompressed body: a catalogue that stores an entry
    as a difference from another rebuilds that), or None for anything else (damaged, foreign,
    too large, of an earlier form)."""
    try:
        raw = _inflate(data) if data[:4] == _ZSTD_MAGIC else data
        if raw[: len(_MAGIC)] != _MAGIC or len(raw) > _MAX_INFLATED:
            return None
        out = msgpack.unpackb(
            memoryview(raw)[len(_MAGIC) :],
            object_pairs_hook=_untag,
            ext_hook=_no_ext,
            strict_map_key=False,  # the tags are integers
            unicode_errors="surrogatepass",
        )
    except (msgpack.UnpackException, ValueError, TypeError, KeyError, IndexError, RecursionError):
        return None
    return out if isinstance(out, ModuleFacts) else None


def _inflate(frame: bytes) -> bytes:
    """One zstd frame within ``_MAX_INFLATED``: its stated size is checked before anything is
    allocated (a crafted entry can claim any size), and one that inflates to another is
    refused."""
    size = zstandard.frame_content_size(frame)
    if size < 0 or size > _MAX_INFLATED:
        raise ValueError("an entry states no size, or one over the cap")
    try:
        out = zstandard.ZstdDecompressor().decompress(frame, max_output_size=size)
    except zstandard.ZstdError as e:
        raise ValueError(f"a damaged entry ({e})") from None
    if len(out) != size:
        raise ValueError("an entry inflates to another size than it states")
    return out


def _no_ext(code: int, data: bytes) -> Any:
    """MessagePack's extension types: ``encode`` writes none."""
    raise ValueError(f"an extension type ({code}) in an entry")


def _sorted(items: set[Any] | frozenset[Any]) -> list[Any]:
    """A set's members in a fixed order, so equal facts encode to equal bytes."""
    try:
        return sorted(items)
    except TypeError:  # members of several types (or unorderable ones)
        return sorted(items, key=repr)


def _untag(pairs: list[tuple[Any, Any]]) -> Any:
    """One map, as its (key, value) pairs (their values already decoded): a dict of the facts
    as itself, a tagged map as the value it stands for.

    The unpacker hands the pairs (``object_pairs_hook``) rather than a dict: nearly every map
    of an entry is a tagged one (jax 0.12.0.1's 626 cached entries: ~640k maps, ~20k of them
    dicts of the facts), whose dict was made only to be taken apart here. A named tuple is
    made by ``tuple.__new__`` from its items (what its generated ``__new__`` does after a
    Python call; it is written whole, ``_defaults``, so its items are exactly its fields).
    Together: the decode of those entries 0.41-0.50 -> 0.32-0.33 s, the same facts."""
    if len(pairs) != 1:
        return dict(pairs)
    tag, items = pairs[0]
    if tag.__class__ is not int:
        return dict(pairs)
    if items.__class__ is not list:
        raise TypeError("a tagged map holds an array")
    if tag == _TUPLE:
        return tuple(items)
    named = _NAMED_OF.get(tag)
    if named is not None:
        if len(items) != _ARITY[tag]:
            raise ValueError("field count")
        return _new_tuple(named, items)
    if tag == _SET:
        return set(items)
    if tag == _FROZENSET:
        return frozenset(items)
    if len(items) > _ARITY[tag]:  # KeyError: a class this cache never writes
        raise ValueError("field count")
    # positional: every field of these classes is an __init__ parameter, in this order (those
    # left out take their defaults; too few for a field without one: TypeError, a bad entry)
    return _CLASSES[tag - _FIRST_CLASS](*items)


# tag -> the named tuple class it stands for (``_untag``)
_NAMED_OF: dict[int, type] = {code: cls for cls, code in _NAMED.items()}
_new_tuple = tuple.__new__
