"""A stored file text as a difference from an earlier release's text of the same path.

Consecutive releases of a codebase change a few lines of most large files (jax changes ~3% of
the lines of the files it touches, but touches files holding two thirds of its bytes), so
storing each changed file whole makes the catalogue grow by most of a release per release.
A text is stored instead as a zstd frame compressed with its *base* (the same path's text in an
earlier release) as a raw-content dictionary: only what differs costs bytes, ~1/12 of the
whole file compressed on its own.

A base is always a text stored whole (zlib, as before), never another difference: reading a
text costs at most one extra row and one extra inflation, and nothing has to walk a chain. A
writer whose previous text is itself a difference uses that one's base, and stores a text
whole again once the difference from its base stops being small (``worth_it``), so the base
follows the code as it drifts. Blobs are never deleted, so a base outlives every text that
names it.

The form on disk: ``MAGIC``, the base's sha256 as 64 hex digits, then the zstd frame. No zlib
stream starts with ``0xff`` (its first byte names the method in the low nibble, always 8), so
the two forms cannot be confused.
"""

from __future__ import annotations

import string
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import zstandard

MAGIC = b"\xffzd1"
_HEAD = len(MAGIC) + 64
_HEX = frozenset(string.hexdigits.lower().encode())
# level 9's lazier search finds more of the base in the text than level 3's: jax's changed
# files and their cache entries cost 22% and 34% fewer bytes, for ~0.1 s more per release
# (past 9, the search costs ten times as much for a few % more)
_LEVEL = 9


def base_of(data: bytes) -> str | None:
    """The sha of the text ``data`` is a difference from; None for a text stored whole."""
    if data[: len(MAGIC)] != MAGIC:
        return None
    sha = data[len(MAGIC) : _HEAD]
    if len(sha) != 64 or not set(sha) <= _HEX:
        raise ValueError("a stored difference names no valid base")
    return sha.decode("ascii")


def make(text: bytes, base_sha: str, base_text: bytes) -> bytes | None:
    """``text`` as a difference from ``base_text``, or None when that is not worth it: the
    difference would be over ``1/16`` of the text (zlib keeps ~1/4 of Python source, so it
    would save less than three quarters), and the text is better stored whole, as the next
    base."""
    import zstandard

    dictionary = zstandard.ZstdCompressionDict(base_text, dict_type=zstandard.DICT_TYPE_RAWCONTENT)
    frame = zstandard.ZstdCompressor(level=_LEVEL, dict_data=dictionary).compress(text)
    if len(frame) * 16 > len(text):
        return None
    return MAGIC + base_sha.encode("ascii") + frame


def apply(data: bytes, base_text: bytes, cap: int) -> bytes:
    """The text a difference stands for, refusing one that would grow past ``cap`` bytes.

    Raises ``ValueError`` for a damaged or truncated frame, or one over the cap.
    """
    import zstandard

    dictionary = zstandard.ZstdCompressionDict(base_text, dict_type=zstandard.DICT_TYPE_RAWCONTENT)
    return unzstd(data[_HEAD:], cap, dictionary)


def unzstd(frame: bytes, cap: int, dictionary: zstandard.ZstdCompressionDict | None = None) -> bytes:
    """One whole zstd frame, inflated. The frame must state its size (every frame errdex writes
    does) and the size must be within ``cap``: a crafted frame can claim anything, so nothing
    is allocated before that is checked, and a frame that ends early or inflates to another
    size is refused. Raises ``ValueError``."""
    import zstandard

    try:
        size = zstandard.frame_content_size(frame)
        if size < 0 or size > cap:
            raise ValueError("a stored frame states no size, or one over the cap")
        dctx = (
            zstandard.ZstdDecompressor(dict_data=dictionary)
            if dictionary is not None
            else zstandard.ZstdDecompressor()
        )
        out = dctx.decompress(frame, max_output_size=size)
    except zstandard.ZstdError as e:
        raise ValueError(f"a stored frame is damaged ({e})") from None
    if len(out) != size:
        raise ValueError("a stored frame inflates to another size than it states")
    return out
