"""A stored file text as a difference from an earlier release's text of the same path.

Consecutive releases of a codebase change a few lines of most large files (jax changes ~3% of
the lines of the files it touches, but touches files holding two thirds of its bytes), so
storing each changed file whole makes the catalogue grow by most of a release per release.
A text is stored instead as a zstd frame compressed with its *base* (the same path's text in an
earlier release) as a raw-content dictionary: only what differs costs bytes, ~1/12 of the
whole file compressed on its own.

A difference's base is the same path's previous text, itself often a difference: over 20 jax
releases a file changes a little at a time, and a difference from the text before it is half
the size of one from the last text stored whole (jax's 20 releases: file texts 9.5 -> 7.5 MB,
cache entries 8.4 -> 7.0 MB at four steps). A chain is at most ``MAX_DEPTH`` differences long:
reading a text costs at most that many extra rows and inflations, found in rounds
(``rebuild_all``), and a writer whose previous text is ``MAX_DEPTH`` steps from a whole one takes
that text's own base instead. A text is stored whole again once the difference from its base
stops being small (``make``), so chains restart as the code drifts. Blobs are never deleted, so
a base outlives every text that names it.

The form on disk: ``MAGIC``, the base's sha256 as 64 hex digits, then the zstd frame. No zlib
stream starts with ``0xff`` (its first byte names the method in the low nibble, always 8), so
the two forms cannot be confused.
"""

from __future__ import annotations

import string
import zlib
from collections.abc import Callable, Hashable, Iterable, Mapping
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
# differences in a row before a text stored whole; each step costs a read and an inflation of a
# text (~0.1 ms for a 30 KB file), and saves less than the one before (20 jax releases: 2 steps
# save 0.9 + 0.7 MB, 3 steps 0.6 + 0.4, 4 steps 0.5 + 0.3, against one)
MAX_DEPTH = 4


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


def rebuild_all[K: Hashable](
    wanted: Iterable[K],
    fetch: Callable[[set[K]], Mapping[K, bytes]],
    base_key: Callable[[K, str], K],
    whole: Callable[[bytes], bytes],
    cap: int,
    held: Mapping[K, tuple[bytes, int, str | None]] | None = None,
) -> dict[K, tuple[bytes, int, str | None]]:
    """key -> (text, depth, base sha) of each stored item ``wanted`` and of every item its chain
    goes through: depth 0 for an item stored whole (``whole`` inflates it), else its base's + 1.
    ``fetch`` reads stored items by key (one round per step of the chains, at most
    ``MAX_DEPTH`` + 1); ``base_key`` names the key of the base a stored difference names by
    sha. An item that is missing, damaged, or more than ``MAX_DEPTH`` steps from a whole one
    (the catalogue may be crafted: a chain that loops is one) is left out, as is every item
    built on it.

    ``held``: items built already, as this gives them (a writer's own texts, kept from when it
    stored them), taken as they are instead of read, and the base of one ``MAX_DEPTH`` steps
    from a whole one too (``next_base`` takes it), read when not held."""
    out, todo = _seeded(set(wanted), held or {}, base_key)
    stored: dict[K, bytes] = {}
    for _ in range(MAX_DEPTH + 1):
        todo -= stored.keys() | out.keys()
        if not todo:
            break
        got = fetch(todo)
        stored.update(got)
        nxt: set[K] = set()
        for key in todo:
            data = got.get(key)
            if data is None:
                continue
            try:
                sha = base_of(data)
            except ValueError:
                continue
            if sha is not None:
                nxt.add(base_key(key, sha))
        todo = nxt

    def build(key: K, budget: int) -> tuple[bytes, int, str | None] | None:
        if key in out:
            return out[key] if out[key][1] <= budget else None
        data = stored.get(key)
        if data is None:
            return None
        try:
            sha = base_of(data)
            if sha is None:
                done: tuple[bytes, int, str | None] = (whole(data), 0, None)
            else:
                base = build(base_key(key, sha), budget - 1) if budget > 0 else None
                if base is None:
                    return None
                done = (apply(data, base[0], cap), base[1] + 1, sha)
        except (ValueError, zlib.error):
            return None
        out[key] = done
        return done

    for key in list(stored):
        build(key, MAX_DEPTH)
    return out


def _seeded[K: Hashable](
    wanted: set[K], held: Mapping[K, tuple[bytes, int, str | None]], base_key: Callable[[K, str], K]
) -> tuple[dict[K, tuple[bytes, int, str | None]], set[K]]:
    """(the items of ``wanted`` that ``held`` has, what is left to read): ``rebuild_all``'s."""
    out: dict[K, tuple[bytes, int, str | None]] = {}
    todo: set[K] = set()
    for key in wanted:
        item = held.get(key)
        if item is None:
            todo.add(key)
            continue
        out[key] = item
        if item[1] >= MAX_DEPTH and item[2] is not None:  # ``next_base`` takes its base instead
            base = base_key(key, item[2])
            if (held_base := held.get(base)) is not None:
                out[base] = held_base
            else:
                todo.add(base)
    return out, todo


def next_base[K: Hashable](
    sha: str, key: K, built: Mapping[K, tuple[bytes, int, str | None]], base_key: Callable[[K, str], K]
) -> tuple[str, bytes, int] | None:
    """(sha, text, its steps from a whole one) of the base a new text of a path is stored
    against, given the path's previous text (its blob ``sha``, its ``key`` in ``rebuild_all``'s
    ``built``): that text, or its own base when it is already ``MAX_DEPTH`` steps from a whole
    one; None when it could not be read. The new text, stored as a difference from it, is one
    step further."""
    got = built.get(key)
    if got is None:
        return None
    text, depth, base_sha = got
    if depth < MAX_DEPTH:
        return sha, text, depth
    assert base_sha is not None
    base = built.get(base_key(key, base_sha))
    return (base_sha, base[0], base[1]) if base is not None else None
