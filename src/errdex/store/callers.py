"""A snapshot's resolved callers per raise site, as ``snapshots.callers`` stores them.

The index stage counts, for each (path, function) of a snapshot's raise sites, the functions of
its library the call graph resolves as calling it (``pipeline.count_callers``; ``store`` cannot
import ``analysis``). The counts are stored with the snapshot so that every match index built
from the catalogue's rows reads the same ones: ``Store.iter_entries`` hands them out as
``CatalogueEntry.callers``. Only sites with at least one caller are kept, as one zlib-compressed
JSON list ``[[path, function, count], ...]`` (jax's ~1,900 counted sites take ~20 kB).
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Mapping

__all__ = ["MAX_BYTES", "decode", "encode"]

# inflated, a stored value is ~60 bytes per counted site: past this it is no errdex value
MAX_BYTES = 16 * 1024 * 1024


def encode(counts: Mapping[tuple[str, str], int]) -> bytes:
    """The stored value of ``counts``, the same bytes for the same counts (sorted)."""
    rows = sorted([path, function, int(n)] for (path, function), n in counts.items() if n > 0)
    return zlib.compress(json.dumps(rows, separators=(",", ":")).encode(), 6)


def decode(data: bytes) -> dict[tuple[str, str], int]:
    """The counts of a stored value; a value that inflates past ``MAX_BYTES`` or is not of
    the stored shape (a damaged or crafted catalogue) counts none, as a snapshot never counted
    reads: the ranking then only loses its last tie-break."""
    try:
        inflater = zlib.decompressobj()
        raw = inflater.decompress(data, MAX_BYTES)
        if inflater.unconsumed_tail:
            return {}
        rows = json.loads(raw)
    except (zlib.error, ValueError):
        return {}
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
