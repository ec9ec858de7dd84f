"""A stored file's text inflated within a cap: the catalogue is data from whoever built it.

Its own module, below both readers: the full ``Store`` (``sql``), the history writer and the
fast reader (``fast``) all inflate stored texts, and none of them need import another for it.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable

from errdex.store import textdelta
from errdex.store.errors import StoreError

__all__ = ["MAX_TEXT_BYTES", "inflate_bytes", "inflate_text"]

# A stored file is at most the source stage's 32 MiB cap, UTF-8 encoded (a Latin-1 file can
# double): anything that inflates past this came from a crafted catalogue, not from errdex.
MAX_TEXT_BYTES = 64 * 1024 * 1024


def inflate_text(data: bytes, base: Callable[[str], object] | None = None) -> str:
    """A stored file's text, refusing a blob that would inflate past ``MAX_TEXT_BYTES``.

    The catalogue is data from whoever built it: a few hundred KiB of crafted zlib can claim
    gigabytes, so inflation runs a MiB at a time and stops at the cap; memory never exceeds the
    cap plus one step, whatever the blob claims. A text stored as a difference from another
    blob (``textdelta``) is rebuilt from that blob, which ``base`` reads by its sha; that one
    may be a difference too, at most ``textdelta.MAX_DEPTH`` steps from a text stored whole.
    """
    return inflate_bytes(data, base).decode("utf-8", "surrogatepass")


def inflate_bytes(data: bytes, base: Callable[[str], object] | None = None) -> bytes:
    """``inflate_text`` before decoding: the stored UTF-8 bytes."""
    return _rebuilt(data, base, textdelta.MAX_DEPTH)


def _rebuilt(data: bytes, base: Callable[[str], object] | None, budget: int) -> bytes:
    """``data`` inflated, through at most ``budget`` more differences (a chain that loops, in a
    crafted catalogue, runs out of them)."""
    try:
        sha = textdelta.base_of(data)
    except ValueError as e:
        raise StoreError(f"a stored file in the catalogue is damaged ({e})", kind="corrupt") from None
    if sha is None:
        return _inflate(data)
    stored = base(sha) if base is not None and budget > 0 else None
    if not isinstance(stored, bytes):
        raise StoreError(
            "a stored file in the catalogue is a difference from a text it does not hold"
            f" within {textdelta.MAX_DEPTH} steps",
            kind="corrupt",
        )
    try:
        return textdelta.apply(data, _rebuilt(stored, base, budget - 1), MAX_TEXT_BYTES)
    except ValueError as e:
        raise StoreError(f"a stored file in the catalogue is damaged ({e})", kind="corrupt") from None


def _inflate(data: bytes) -> bytes:
    """A text stored whole (zlib), inflated within the cap."""
    inflater = zlib.decompressobj()
    out = bytearray()
    pending = data
    try:
        while True:
            chunk = inflater.decompress(pending, _INFLATE_STEP)
            out += chunk
            if len(out) > MAX_TEXT_BYTES:
                raise StoreError(
                    f"a stored file in the catalogue inflates past {MAX_TEXT_BYTES >> 20} MiB; "
                    "the catalogue was not written by errdex",
                    kind="corrupt",
                )
            pending = inflater.unconsumed_tail
            if not pending and len(chunk) < _INFLATE_STEP:
                break
        out += inflater.flush()
    except zlib.error as e:
        raise StoreError(f"a stored file in the catalogue is damaged ({e})", kind="corrupt") from None
    return bytes(out)


_INFLATE_STEP = 1 << 20
