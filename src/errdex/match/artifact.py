"""The stored match index: built from the catalogue's rows, saved as an artifact, loaded checked.

The artifact is data, never code: a stored one that is corrupt or from another errdex version is
rebuilt from the catalogue's rows (in memory when the catalogue is read-only), with one line
saying so when it was corrupt.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import chain
from typing import TYPE_CHECKING, Any

from errdex.match.index import CorruptIndex, Index, IndexFormatError

if TYPE_CHECKING:
    from errdex.model import CatalogueEntry

ARTIFACT = "match-index"
_ZSTD = b"\x28\xb5\x2f\xfd"
# a stored index past this is no errdex index (the 1M-template bench's is ~270 MB)
_MAX_INDEX = 1 << 31


def pack(index: Index) -> bytes:
    """The index as stored in the catalogue: zstd-compressed (~1/3 of its size). Its arrays
    must be plain in memory to be mapped, but every process maps the per-machine file
    ``shared_index.load_shared`` writes from the artifact, never the artifact itself; a history
    of 20 jax releases stored ~12 MB of index uncompressed."""
    import zstandard

    return zstandard.ZstdCompressor(level=3).compress(index.dumps())


def unpack(data: bytes) -> bytes:
    """A stored index's bytes (``pack``), inflated within ``_MAX_INDEX`` whatever the frame
    claims (``textdelta.unzstd``); one stored before indexes were compressed as it is.
    Raises ``CorruptIndex`` for a damaged frame."""
    from errdex.store.textdelta import unzstd

    if data[:4] != _ZSTD:
        return data
    try:
        return unzstd(data, _MAX_INDEX)
    except ValueError as e:
        raise CorruptIndex(str(e)) from None


def build_index(
    entries: Iterator[CatalogueEntry] | list[CatalogueEntry],
    generation: str = "",
    class_bases: Iterable[tuple[str, Sequence[str]]] = (),
    links: Iterable[CatalogueEntry] = (),
) -> Index:
    """Index library entries plus the interpreter-message catalogue, then ``links`` (text one
    codebase hands to another's raise, ``handoff.link_entries``), after both: they are made
    again at each build, so a merge that starts from a stored index leaves them out with the
    interpreter's entries."""
    from errdex.match.runtime import data_digest, runtime_entries

    index = Index.build(chain(entries, runtime_entries(), links), generation, class_bases)
    index.extra["runtime"] = data_digest()
    return index


def rebuild_index(store: Any) -> Index:
    """Build the index from the store's catalogue and save it as the artifact (pipeline hook)."""
    return _rebuild(store)[0]


def _rebuild(store: Any) -> tuple[Index, bool]:
    """The index built from the catalogue's rows, and whether it could be saved."""
    from errdex.store import StoreError

    generation = str(store.generation())
    from errdex.match.handoff import link_entries

    index = build_index(store.iter_entries(), generation, class_bases(store), link_entries(store))
    try:
        store.put_artifact(ARTIFACT, pack(index))
    except StoreError:  # a read-only catalogue (the web server's): keep it in memory
        return index, False
    return index, True


def class_bases(store: Any, snapshot_id: int | None = None) -> list[tuple[str, tuple[str, ...]]]:
    """The exception classes the store's codebases define, with their bases; none from a store
    that keeps no code facts."""
    read = getattr(store, "class_bases", None)
    if read is None:
        return []
    rows: list[tuple[str, tuple[str, ...]]] = read(snapshot_id) if snapshot_id is not None else read()
    return rows


def stored_index(store: Any) -> Index:
    """The stored index if it is current; never interpreted beyond its checked layout.

    Building it from the rows instead is said on the ``errdex.match`` logger (INFO, with why):
    ``errdex index`` stores a current one, so a reader that builds one has met a catalogue
    written otherwise, or by another errdex version, and that cost should be visible."""
    import logging

    from errdex.match.runtime import data_digest

    data = store.get_artifact(ARTIFACT)
    why = "none is stored"
    if data:
        try:
            index = Index.loads(unpack(data), runtime=data_digest())
        except CorruptIndex as e:
            return rebuild_corrupt(store, e)
        except IndexFormatError:  # another errdex version's artifact: rebuilt below
            why = "the stored one is another errdex version's"
        else:
            generation = str(store.generation())
            if index.generation == generation:
                return index
            why = f"the stored one is of catalogue generation {index.generation}, not {generation}"
    logging.getLogger("errdex.match").info(
        "errdex: building the match index from the catalogue's rows: %s", why
    )
    return rebuild_index(store)


def rebuild_corrupt(store: Any, error: CorruptIndex) -> Index:
    """Rebuild after a corrupt artifact, saying so once: someone or something wrote bad bytes."""
    import logging

    index, saved = _rebuild(store)
    how = (
        "rebuilt it from the catalogue's rows and saved it"
        if saved
        else "rebuilt it in memory from the catalogue's rows (the catalogue is read-only here; "
        "any errdex command with write access to it, such as `errdex explain`, saves a fresh one)"
    )
    logging.getLogger("errdex.match").warning("errdex: %s; %s", error, how)
    return index
