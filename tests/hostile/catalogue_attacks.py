"""What a hostile catalogue can put in its ``artifacts`` table for the match index.

A catalogue is shared (a PostgreSQL server several people index into) or downloaded (a ``.db``
file), so whoever wrote it controls the bytes every ``errdex explain`` and ``errdex serve`` reads
back as the match index. These functions build those bytes: a pickle that runs code when
unpickled, and corruptions of a real artifact (truncated, garbled header and section table,
absurd lengths and offsets, out-of-range ids, flooded lookup tables, oversized keys). Plain
functions, not fixtures, so the hostile tests and a table of attacks (``bench/hostile.py``) build
the same bytes.

The container is re-implemented here from its documented layout (``errdex.match.index``): an
attacker does not need errdex's code to write one.
"""

from __future__ import annotations

import pickle
import sqlite3
import struct
import sys
import time
import tracemalloc
from array import array
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal
from zlib import crc32

from errdex.match.index import FORMAT, MAGIC, SECTIONS

ARTIFACT = "match-index"
_HEADER = struct.Struct("<8sII")
_ENTRY = struct.Struct("<8sQQ")

# How errdex must react: rebuild silently (not an index of this format, or not a blob), rebuild
# and say the artifact is corrupt, or load it (it holds together; only its answers could be wrong).
Expect = Literal["foreign", "corrupt", "loads"]


@dataclass(frozen=True)
class Attack:
    name: str
    data: bytes | int | str  # int/str: what a SQLite writer can store in the BLOB column
    expect: Expect


class _Payload:
    """Unpickling this calls ``exec`` on ``code``: what any pickle can do."""

    def __init__(self, code: str) -> None:
        self.code = code

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return exec, (self.code,)


def marker_pickle(marker: Path) -> bytes:
    """A pickle shaped like errdex's old match-index artifact that creates ``marker`` when loaded."""
    code = f"open({str(marker)!r}, 'w').write('code from the catalogue ran')"
    return pickle.dumps({"format": 7, "entries": [], "automaton": _Payload(code)}, protocol=5)


def plant(db: str, data: bytes | int | str) -> None:
    """Make ``data`` the catalogue's current match-index artifact.

    Bytes go through errdex's own store (any backend). Other types are written into SQLite's
    dynamically typed BLOB column directly, as a hand-edited ``.db`` file would hold them.
    """
    from errdex.store import Store

    with Store.open(db) as store:
        if isinstance(data, bytes):
            store.put_artifact(ARTIFACT, data)
            return
        generation = store.generation()
    conn = sqlite3.connect(db)
    with conn:
        conn.execute("delete from artifacts where name = ?", (ARTIFACT,))
        conn.execute(
            "insert into artifacts (name, generation, data) values (?, ?, ?)", (ARTIFACT, generation, data)
        )
    conn.close()


# --- the container -----------------------------------------------------------------------------------


def spans(artifact: bytes) -> dict[str, tuple[int, int]]:
    """Where each section of a well-formed artifact lies: (offset, length)."""
    _magic, _version, count = _HEADER.unpack_from(artifact, 0)
    out: dict[str, tuple[int, int]] = {}
    for i in range(count):
        name, off, size = _ENTRY.unpack_from(artifact, _HEADER.size + i * _ENTRY.size)
        out[name.rstrip(b"\0").decode()] = (off, size)
    return out


def sections(artifact: bytes) -> dict[str, bytes]:
    """The raw bytes of each section of a well-formed artifact."""
    return {name: artifact[off : off + size] for name, (off, size) in spans(artifact).items()}


def assemble(parts: dict[str, bytes] | list[tuple[str, bytes]], version: int = FORMAT) -> bytes:
    """An artifact holding ``parts``, laid out as errdex lays it out (8-aligned sections)."""
    pairs = list(parts.items()) if isinstance(parts, dict) else parts
    start = _HEADER.size + len(pairs) * _ENTRY.size
    start += -start % 8
    table = bytearray(_HEADER.pack(MAGIC, version, len(pairs)))
    body = bytearray()
    for name, data in pairs:
        body += bytes(-len(body) % 8)
        table += _ENTRY.pack(name.encode(), start + len(body), len(data))
        body += data
    return bytes(table + bytes(start - len(table)) + body)


def items(parts: dict[str, bytes], name: str) -> array[int]:
    """A section's items (little-endian on disk)."""
    arr = array(SECTIONS[name], parts[name])
    if sys.byteorder != "little":
        arr.byteswap()
    return arr


def raw(arr: array[int] | array[float]) -> bytes:
    out = array(arr.typecode, arr)
    if sys.byteorder != "little":
        out.byteswap()
    return out.tobytes()


def _with(valid: bytes, **changes: bytes) -> bytes:
    parts = sections(valid)
    parts.update(changes)
    return assemble(parts)


def _fill(valid: bytes, name: str, value: int | float) -> bytes:
    """Every item of section ``name`` set to ``value``."""
    parts = sections(valid)
    arr = items(parts, name)
    for i in range(len(arr)):
        arr[i] = value  # type: ignore[call-overload]
    return _with(valid, **{name: raw(arr)})


def _zigzag(valid: bytes, name: str) -> bytes:
    """An offsets array whose inner items alternate between 0 and 2**32-1: it still starts at 0
    and ends at its list's length, so the layout checks pass, but every row runs backwards or
    past the end of its list."""
    parts = sections(valid)
    arr = items(parts, name)
    for i in range(1, len(arr) - 1):
        arr[i] = 0xFFFFFFFF if i % 2 else 0
    return _with(valid, **{name: raw(arr)})


def _patch_table(valid: bytes, entry: int, field: int, value: int) -> bytes:
    """Set field 1 (offset) or 2 (length) of section-table entry ``entry``."""
    out = bytearray(valid)
    at = _HEADER.size + entry * _ENTRY.size
    fields = list(_ENTRY.unpack_from(out, at))
    fields[field] = value
    _ENTRY.pack_into(out, at, *fields)
    return bytes(out)


# --- the attacks -------------------------------------------------------------------------------------


def backwards_strings(valid: bytes) -> bytes:
    """String offsets that still start at 0 and end at the pool's size but run backwards between."""
    parts = sections(valid)
    offs = items(parts, "str_off")
    size = len(parts["str_dat"])
    for i in range(1, len(offs) - 1):
        offs[i] = max(0, size - i)
    return _with(valid, str_off=raw(offs))


def flooded_paths(valid: bytes, path: str, rows: int = 100_000) -> bytes:
    """A path table whose every row claims ``path``'s hash: one lookup would scan them all."""
    parts = sections(valid)
    parts["pa_hash"] = raw(array("I", [crc32(path.encode())] * rows))
    parts["pa_str"] = raw(array("I", [0] * rows))
    parts["pa_off"] = raw(array("I", [0] * (rows + 1)))
    parts["pa_ents"] = b""
    parts["sf_key"] = parts["sf_fn"] = parts["sl_key"] = b""
    parts["sf_off"] = parts["sl_off"] = raw(array("I", [0]))
    parts["sf_ents"] = parts["sl_ents"] = b""
    return assemble(parts)


def junk_keys(valid: bytes, count: int) -> bytes:
    """``count`` extra distinct keys with no postings: a well-formed index that costs memory."""
    parts = sections(valid)
    # a space: compact message windows never hold one, so no junk key shadows a real key
    junk = "\n".join(f" {i:x}" for i in range(count)).encode()
    parts["k_text"] = parts["k_text"] + b"\n" + junk
    parts["k_weight"] += raw(array("f", [1.0] * count))
    for name in ("k_postof", "k_anchof", "k_fltof"):
        offs = items(parts, name)
        offs.extend([offs[-1]] * count)
        parts[name] = raw(offs)
    return assemble(parts)


def garbled(valid: bytes, frame_path: str) -> list[Attack]:
    """Corruptions of a real artifact, each with how errdex must take it.

    ``frame_path`` is a catalogue path the test's query names in a traceback frame, so the flooded
    path table is actually looked up.
    """
    parts = sections(valid)
    names = list(parts)
    n = len(valid)
    giant = bytearray(parts["k_text"])
    first = giant.index(b"\n") if b"\n" in giant else len(giant)
    giant[:first] = b"x" * 5_000_000
    third = _ENTRY.unpack_from(valid, _HEADER.size + 3 * _ENTRY.size)[1]
    out = [
        Attack("empty", b"", "foreign"),
        Attack("truncated header", valid[:12], "foreign"),
        *(Attack(f"truncated to {k}/8", valid[: n * k // 8], "corrupt") for k in range(1, 8)),
        Attack("last byte cut", valid[:-1], "corrupt"),
        Attack("older format number", valid[:8] + struct.pack("<I", FORMAT - 1) + valid[12:], "foreign"),
        Attack("section count 2**32-1", valid[:12] + struct.pack("<I", 2**32 - 1) + valid[16:], "corrupt"),
        Attack("section offset 2**63", _patch_table(valid, 0, 1, 2**63), "corrupt"),
        Attack("section length 2**62", _patch_table(valid, 0, 2, 2**62), "corrupt"),
        Attack("section offset unaligned", _patch_table(valid, 3, 1, third + 1), "corrupt"),
        Attack("repeated section", assemble([*parts.items(), (names[0], parts[names[0]])]), "corrupt"),
        Attack("unknown section", valid.replace(b"p_rt\0\0\0\0", b"p_zz\0\0\0\0", 1), "corrupt"),
        Attack(
            "string offsets run backwards",
            backwards_strings(valid),
            "corrupt",
        ),
        Attack("string ids out of range", _fill(valid, "e_id", 0xFFFFFFFE), "corrupt"),
        Attack("strings not UTF-8", _with(valid, str_dat=b"\xff" * len(parts["str_dat"])), "corrupt"),
        Attack("snapshot ids out of range", _fill(valid, "e_snap", 0xFFFFFFF0), "corrupt"),
        Attack("site ids out of range", _fill(valid, "e_site", 0xFFFFFFF0), "corrupt"),
        Attack("entry pattern ids out of range", _fill(valid, "e_pat", 0xFFFFFFF0), "corrupt"),
        Attack("pattern entry ids out of range", _fill(valid, "p_ents", 0xFFFFFFF0), "corrupt"),
        Attack("pattern names past the end", _zigzag(valid, "p_namoff"), "corrupt"),
        Attack("pattern literal ids out of range", _fill(valid, "p_lits", 0xFFFFFFF0), "corrupt"),
        Attack("posting offsets past the end", _zigzag(valid, "k_postof"), "corrupt"),
        Attack("anchor offsets past the end", _zigzag(valid, "k_anchof"), "corrupt"),
        Attack("anchored pattern ids out of range", _fill(valid, "k_anchs", 0xFFFFFFF0), "corrupt"),
        Attack("key text not UTF-8", _with(valid, k_text=b"\xff" * len(parts["k_text"])), "corrupt"),
        Attack("key count disagrees", _with(valid, k_text=parts["k_text"] + b"\nextra"), "corrupt"),
        Attack(
            "a 5 MB key in the automaton",
            _with(valid, k_text=bytes(giant), k_var=raw(array("I", [0]))),
            "corrupt",
        ),
        Attack("absurd head lengths", _with(valid, h_lens=raw(array("I", [10**9] * 1000))), "corrupt"),
        Attack("meta of 1 MB", _with(valid, meta=b"generation=" + b"9" * 1_000_000), "corrupt"),
        Attack("path table: one bucket of 100000 rows", flooded_paths(valid, frame_path), "corrupt"),
        Attack("head table: every key the same", _fill(valid, "h_key", 0), "loads"),
        Attack("NaN key weights", _fill(valid, "k_weight", float("nan")), "loads"),
        Attack("200000 junk keys", junk_keys(valid, 200_000), "loads"),
    ]
    # a required string left out (the id that means None) in every entry or snapshot
    for name in ("st_kind", "st_type", "st_path", "st_func", "snp_repo", "snp_ver"):
        out.append(Attack(f"{name} missing", _fill(valid, name, 0xFFFFFFFF), "corrupt"))
    # ... and one that may be missing
    out.append(Attack("st_qual missing", _fill(valid, "st_qual", 0xFFFFFFFF), "loads"))
    return out


def not_a_blob() -> list[Attack]:
    """Values of another type in SQLite's BLOB column (``bytes(10**12)`` would allocate a TB)."""
    return [Attack("integer 10**12 in the blob column", 10**12, "foreign"), Attack("text in the blob column", "x" * 100, "foreign")]  # fmt: skip


def measure(fn: Callable[[], object]) -> tuple[float, int]:
    """CPU seconds and peak traced bytes of ``fn()``: what loading a crafted artifact costs in
    time and in Python allocations (where an inflated table would show). CPU time, not wall
    time: a stall of this process on a loaded machine is not a cost of the input."""
    tracemalloc.start()
    tracemalloc.reset_peak()
    t = time.process_time()
    try:
        fn()
    finally:
        seconds = time.process_time() - t
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    return seconds, peak
