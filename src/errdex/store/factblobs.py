"""A file content's code facts as one ``code_facts`` row: one zlib frame of JSON per kind.

Writing a release used to cost one row per function, call and import (~100k rows for jax, with
their digests and secondary indexes); the analysis reads a file's facts whole anyway (an error's
module, the modules it names). So each kind is one value of the file's row, compressed, and the
only lookups that run across files ("who calls ``f``", "which functions are named ``g``", "who
imports ``h``") go through the contents' keys (``keysets``: each distinct key of a file content,
in sets shared between contents), pointing at the files whose values are then read and filtered.

The row is keyed by the content's hash and the producer, so identical files of other releases
and codebases share it. Values are data errdex wrote itself; a catalogue may still be crafted,
so a value is inflated within a bound and a value of another shape reads as no facts of that
kind.
"""

from __future__ import annotations

import hashlib
import json
import zlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from errdex.jsontext import encoder
from errdex.model import CallFact, ClassFact, CodeFacts, FunctionFact, ImportFact, TestFunctionFact

__all__ = [
    "COLUMNS",
    "KEY_CALL",
    "KEY_FUNCTION",
    "KEY_IMPORT",
    "KEY_REF",
    "KEY_RELATIVE",
    "KEY_TOP",
    "decode",
    "encode",
    "keys",
    "ordered_calls",
    "same_value",
    "set_digest",
    "whole",
]

# What a lookup key (``keysets``) is, per kind
KEY_CALL = 1  # the last name of a call's callee (``tpu_core.foo`` -> ``foo``)
KEY_FUNCTION = 2  # the last name of a function's qualname
KEY_IMPORT = 3  # an import's local name, and the last name of its target
KEY_TOP = 4  # the first name of an absolute import's target (which packages a file uses)
KEY_RELATIVE = 5  # "": the file has a relative import
# a function the file reads as a value without calling it by name (``CodeFacts.references``):
# a key only, kept in no value: a content's references are a key set of their own, shared
# by digest with the contents holding the same (``keysets.write_keys``)
KEY_REF = 6

# the columns of ``code_facts`` after id, blob_sha and producer, in ``encode``'s order
COLUMNS = ("names", "imports", "functions", "docs", "calls", "classes", "tests")

_MAX_VALUE = 64 << 20  # a value inflating past this is no errdex row (the catalogue may be crafted)
_LEVEL = 6
# ``json.dumps``'s text with these options, its encoder made once (``jsontext``): the writer
# serializes seven values per file and a set digest
_compact = encoder(separators=(",", ":"))
_compact_text = encoder(separators=(",", ":"), ensure_ascii=False)


def _z(value: list[Any]) -> bytes:
    """A list as one zlib frame of compact JSON; an empty list is no frame at all (b"")."""
    if not value:
        return b""
    return zlib.compress(_compact(value).encode(), _LEVEL)


def ordered_calls(functions: Sequence[FunctionFact], calls: Sequence[CallFact]) -> list[CallFact]:
    """The calls in function order, then call order within a function: the order every reader
    lists them in. Calls are grouped by their caller's qualname, unique within a file (the
    extractor keeps one definition per qualname); a call whose caller is no function of the file
    cannot be one (the extractor records calls only inside functions) and is not kept."""
    by_caller: dict[str, list[CallFact]] = {}
    for c in calls:
        by_caller.setdefault(c.caller, []).append(c)
    return [c for f in functions for c in by_caller.pop(f.qualname, ())]


def encode(f: CodeFacts) -> tuple[bytes, ...]:
    """The values of ``COLUMNS`` for one file's facts."""
    return (
        zlib.compress(_compact([f.toplevel, f.bound, f.consts]).encode(), _LEVEL),
        _z([[m.local, m.target, m.level] for m in f.imports]),
        _z([[g.qualname, g.line, g.end_line, g.cls] for g in f.functions]),
        _z([[list(g.params), g.doc] for g in f.functions]),
        _z([[c.caller, c.callee, c.line] for c in ordered_calls(f.functions, f.calls)]),
        _z([[c.qualname, c.line, c.end_line, c.bases, c.members] for c in f.classes]),
        _z([[t.qualname, t.line, t.end_line, t.subject, t.expects, t.calls] for t in f.tests]),
    )


def keys(f: CodeFacts) -> set[tuple[int, str]]:
    """The (kind, key) pairs of the lookups across files for one file's facts: those of the
    calls ``encode`` keeps (``ordered_calls``'s, whose caller is a function of the file), found
    without putting them in order."""
    callers = {g.qualname for g in f.functions}
    out = {(KEY_CALL, c.callee.rpartition(".")[2]) for c in f.calls if c.caller in callers}
    out.update((KEY_FUNCTION, g.qualname.rpartition(".")[2]) for g in f.functions)
    for m in f.imports:
        out.add((KEY_IMPORT, m.local))
        out.add((KEY_IMPORT, m.target.rpartition(".")[2]))
        if m.level:
            out.add((KEY_RELATIVE, ""))
        else:
            out.add((KEY_TOP, m.target.partition(".")[0]))
    out.update((KEY_REF, r) for r in f.references)
    return out


def set_digest(pairs: Iterable[tuple[int, str]]) -> str:
    """The digest a set of (kind, key) pairs is stored under (``keysets``): equal sets, of any
    files, are one set."""
    text = _compact_text(sorted(set(pairs)))
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


def _inflate(data: bytes | memoryview | None) -> Any:
    """The JSON value of one stored frame within ``_MAX_VALUE`` (or of the JSON text ``whole``
    rebuilt from a difference); None when empty or damaged."""
    if not data:
        return None
    if data[:1] == b"[":  # a value rebuilt by ``whole``: its JSON as is, no zlib stream starts so
        try:
            return json.loads(bytes(data)) if len(data) <= _MAX_VALUE else None
        except ValueError:
            return None
    try:
        z = zlib.decompressobj()
        text = z.decompress(bytes(data), _MAX_VALUE)
        if not z.eof or z.unconsumed_tail:
            return None
        return json.loads(text)
    except (zlib.error, ValueError):
        return None


def same_value(a: bytes | memoryview | None, b: bytes | memoryview | None) -> bool:
    """Whether two stored values (each whole, or the JSON text ``whole`` rebuilt) hold the
    same JSON value: one stored compressed and the other rebuilt from a difference may differ
    in bytes and still be the same facts."""
    if a is not None and b is not None and bytes(a) == bytes(b):
        return True
    return bool(_inflate(a) == _inflate(b))


def decode[T](data: bytes | memoryview | None, make: Callable[[Any], T]) -> list[T]:
    """The items of one stored list, each made by ``make`` from its JSON row; a value of another
    shape (a crafted or damaged catalogue) reads as an empty list."""
    rows = _inflate(data)
    if not isinstance(rows, list):
        return []
    try:
        return [make(r) for r in rows]
    except (TypeError, ValueError, IndexError, KeyError, AttributeError):
        return []


def names(data: bytes | memoryview | None) -> CodeFacts:
    """A file's bound names (``[toplevel, bound, consts]``) as facts of their own."""
    value = _inflate(data)
    if not (isinstance(value, list) and len(value) == 3):
        return CodeFacts()
    toplevel, bound, consts = value
    if not (isinstance(toplevel, list) and isinstance(bound, list) and isinstance(consts, dict)):
        return CodeFacts()
    return CodeFacts(toplevel=toplevel, bound=bound, consts=consts)


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError("not a text")
    return value


def _int(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError("not an integer")
    return value


def _opt_text(value: Any) -> str | None:
    return None if value is None else _text(value)


def _texts(value: Any) -> list[str]:
    if not isinstance(value, list):
        raise TypeError("not a list")
    return [_text(v) for v in value]


def import_row(r: Any) -> ImportFact:
    return ImportFact(_text(r[0]), _text(r[1]), _int(r[2]))


def function_row(r: Any) -> FunctionFact:
    """A function without its parameters and docstring (``docs`` has them)."""
    return FunctionFact(_text(r[0]), _int(r[1]), _int(r[2]), _opt_text(r[3]))


def doc_row(r: Any) -> tuple[tuple[str, ...], str | None]:
    return tuple(_texts(r[0])), _opt_text(r[1])


def call_row(r: Any) -> CallFact:
    return CallFact(_text(r[0]), _text(r[1]), _int(r[2]))


def class_row(r: Any) -> ClassFact:
    return ClassFact(_text(r[0]), _int(r[1]), _int(r[2]), _texts(r[3]), _texts(r[4]))


def test_row(r: Any) -> TestFunctionFact:
    calls = [(_int(line), _text(name)) for line, name in r[5]]
    return TestFunctionFact(_text(r[0]), _int(r[1]), _int(r[2]), _texts(r[3]), bool(r[4]), calls)


# ---------------------------------------------------------------------------- differences
#
# A file content a release changed mostly repeats the facts of the same path's previous
# content (jax: 3% of the lines of a touched file change), but each content is its own row, so
# every changed file used to cost its whole facts again (~0.8 MB a jax release, the largest
# thing a release added to the catalogue). A value may instead be stored as a zstd frame
# compressed with its *base* (the same column of an earlier content's row, stored whole) as a
# raw-content dictionary, as ``textdelta`` stores file texts: ``DELTA``, the base row's id in
# ``_ID_DIGITS`` decimal digits, then the frame. A base is always a value stored whole, so a read
# costs one more row at most and never walks a chain. No zlib stream starts with ``0xff`` (its
# first byte names the method, 8, in the low nibble), nor with ``[``, so the forms never mix.

DELTA = b"\xffcf1"
_ID_DIGITS = 12
DELTA_HEAD = _HEAD = len(DELTA) + _ID_DIGITS
_DELTA_LEVEL = 9  # as ``textdelta``: level 3's search misses much of the base


def base_id(data: bytes | memoryview | None) -> int | None:
    """The id of the row whose value ``data`` is a difference from; None for a value stored
    whole (or empty), or for a difference too damaged to name its base."""
    if not data or bytes(data[: len(DELTA)]) != DELTA:
        return None
    digits = bytes(data[len(DELTA) : _HEAD])
    return int(digits) if len(digits) == _ID_DIGITS and digits.isdigit() else None


def make_delta(value: bytes, base: int, base_value: bytes) -> bytes | None:
    """``value`` (a value ``encode`` made) as a difference from row ``base``'s ``base_value`` of
    the same column (stored whole), or None when that is not worth it: empty values, a base
    that is no whole value, or a difference over half the value as it stands. A value stored
    whole is the base the next contents of its path are compared with, so the base follows the
    code as it drifts."""
    import zstandard

    if not value or not base_value or base_id(base_value) is not None or not 0 < base < 10**_ID_DIGITS:
        return None
    try:
        text, base_text = zlib.decompress(value), zlib.decompress(base_value)
    except zlib.error:
        return None
    dictionary = zstandard.ZstdCompressionDict(base_text, dict_type=zstandard.DICT_TYPE_RAWCONTENT)
    frame = zstandard.ZstdCompressor(level=_DELTA_LEVEL, dict_data=dictionary).compress(text)
    if (_HEAD + len(frame)) * 2 > len(value):
        return None
    return DELTA + b"%0*d" % (_ID_DIGITS, base) + frame


def whole(data: bytes | memoryview | None, bases: Mapping[int, Any]) -> bytes | memoryview | None:
    """A stored value ready for ``decode``: a difference is rebuilt (as its JSON text) from its
    base's value of the same column in ``bases`` (row id -> stored value); any other value is
    returned as it is. A difference whose base is missing, is itself a difference, or does not
    rebuild within ``_MAX_VALUE`` reads as no value (the catalogue may be crafted)."""
    from errdex.store import textdelta

    base = base_id(data)
    if base is None:
        return b"" if data and bytes(data[: len(DELTA)]) == DELTA else data
    base_value = bases.get(base)
    if not isinstance(base_value, bytes | memoryview) or not base_value or base_id(base_value) is not None:
        return b""
    assert data is not None
    try:
        raw = zlib.decompressobj()
        base_text = raw.decompress(bytes(base_value), _MAX_VALUE)
        if not raw.eof or raw.unconsumed_tail:
            return b""
        import zstandard

        dictionary = zstandard.ZstdCompressionDict(base_text, dict_type=zstandard.DICT_TYPE_RAWCONTENT)
        out = textdelta.unzstd(bytes(data[_HEAD:]), _MAX_VALUE, dictionary)
    except (zlib.error, ValueError):
        return b""
    return out if out[:1] == b"[" else b""
