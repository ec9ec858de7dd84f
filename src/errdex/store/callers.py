"""A snapshot's resolved callers per raise site, as ``snapshots.callers`` stores them.

The index stage counts, for each (path, function) of a snapshot's raise sites, the functions of
its library the call graph resolves as calling it (``pipeline.count_callers``; ``store`` cannot
import ``analysis``). The counts are stored with the snapshot so that every match index built
from the catalogue's rows reads the same ones: ``Store.iter_entries`` hands them out as
``CatalogueEntry.callers``. Only sites with at least one caller are kept, as one zlib-compressed
JSON object ``{"by": STAMP, "sites": [[path, function, count], ...]}`` (jax's ~1,900 counted
sites take ~20 kB). STAMP is ``pipeline.counts_digest()`` of the errdex that counted: the next
release of the codebase copies these counts when its code is the same
(``pipeline.callers_as_before``), which is right only if its counts would be made by the same
counting code. A value stored before the stamp (a bare list) reads as counted by an unknown code.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Mapping

__all__ = ["MAX_BYTES", "counted_by", "decode", "encode"]

# inflated, a stored value is ~60 bytes per counted site: past this it is no errdex value
MAX_BYTES = 16 * 1024 * 1024


def encode(counts: Mapping[tuple[str, str], int], by: str | None = None) -> bytes:
    """The stored value of ``counts`` counted by the code whose stamp is ``by``, the same bytes
    for the same counts and stamp (sorted)."""
    rows = sorted([path, function, int(n)] for (path, function), n in counts.items() if n > 0)
    return zlib.compress(json.dumps({"by": by, "sites": rows}, separators=(",", ":")).encode(), 6)


def _inflate(data: bytes) -> object:
    """The JSON value stored, or None for a value that is damaged, crafted or too large."""
    try:
        inflater = zlib.decompressobj()
        raw = inflater.decompress(data, MAX_BYTES)
        if inflater.unconsumed_tail:
            return None
        return json.loads(raw)
    except (zlib.error, ValueError):
        return None


def counted_by(data: bytes) -> str | None:
    """The stamp of the counting code a stored value was made by; None when it carries none
    (a value from before the stamp, or a damaged one): such counts are never copied."""
    value = _inflate(data)
    by = value.get("by") if isinstance(value, dict) else None
    return by if isinstance(by, str) else None


def decode(data: bytes) -> dict[tuple[str, str], int]:
    """The counts of a stored value (with its stamp, or a bare list from before the stamp); a
    value that inflates past ``MAX_BYTES`` or is not of the stored shape (a damaged or crafted
    catalogue) counts none, as a snapshot never counted reads: the ranking then only loses its
    last tie-break."""
    value = _inflate(data)
    rows = value.get("sites") if isinstance(value, dict) else value
    out: dict[tuple[str, str], int] = {}
    if not isinstance(rows, list):
        return {}
    for row in rows:
        if not (isinstance(row, list) and len(row) == 3):
            return {}
        path, function, n = row
        if not (isinstance(path, str) and isinstance(function, str) and type(n) is int and n > 0):
            return {}
        out[path, function] = n
    return out
