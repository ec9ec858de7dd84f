"""An extraction cache shared by catalogues: a directory named by ``ERRDEX_EXTRACTION_CACHE``.

A catalogue keeps what the parse of each file yielded (``store.history.cached_extractions``), so
its next release does not parse an unchanged file again; another catalogue indexing the same
release parses every file again. Pointed at a directory, the indexer also looks there before
parsing a file and leaves there what it parsed, so catalogues built on one machine (one per
project, per test set, per experiment) share that work: the same file bytes, at the same path,
extracted by the same extractor, are parsed once.

An entry is one file, ``PRODUCER/SHA[:2]/SHA-PATHKEY``: the extractor's digest (entries of
another extractor are never read), the file's content hash, and a hash of its path (facts name
their path). It holds two parts in the extraction cache's own encoding (``errdex.extract.cache``:
never a pickle, decoded within a size cap, anything else read as a miss): the catalogue's entry
for the file, as is (a catalogue that borrows it stores those very bytes), and the file's code
facts, which a catalogue keeps in tables of its own. It is written to a temporary name and
renamed into place, so a reader sees a whole entry or none, and processes indexing at once into
different catalogues can share one directory. A
missing, unreadable or unwritable directory only means the files are parsed. Nothing is ever
deleted: the directory is the user's to clear (an extractor change leaves the old digest's
folder unread).

With reuse below the file on everywhere (``ERRDEX_STATEMENT_REUSE=1``, ``errdex.extract.reuse``;
a history's own reuse, the default, keeps its entries in the run alone), the directory also keeps, per path and content hash, the statement entries of each file parsed
(``PRODUCER/statements/PATHKEY/SHA``): a later version of the file, whose bytes are new, takes
its unchanged top-level functions and classes from the newest few of them.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from collections.abc import Iterable
from pathlib import Path

__all__ = ["ENV", "MAX_ENTRY_BYTES", "SharedExtractions"]

ENV = "ERRDEX_EXTRACTION_CACHE"
_MAGIC = b"errdex-shared/1\n"  # then the first part's size (8 bytes), the first part, the second
# one file's compressed facts; jax's largest entry is ~0.3 MB, and ``decode`` caps the inflated size
MAX_ENTRY_BYTES = 32 << 20


class SharedExtractions:
    """The entries of one extractor (``producer``) in a shared cache directory."""

    def __init__(self, root: Path, producer: str) -> None:
        self.dir = root / producer

    @classmethod
    def from_env(cls, producer: str) -> SharedExtractions | None:
        """The shared cache ``ERRDEX_EXTRACTION_CACHE`` names, or None when it is unset or empty."""
        root = os.environ.get(ENV, "").strip()
        return cls(Path(root).expanduser(), producer) if root else None

    def _entry(self, sha: str, path: str) -> Path:
        key = hashlib.sha256(path.encode("utf-8", "surrogatepass")).hexdigest()[:24]
        return self.dir / sha[:2] / f"{sha}-{key}"

    def get(self, keys: Iterable[tuple[str, str]]) -> dict[str, tuple[bytes, bytes]]:
        """path -> its two stored parts, for the (path, content sha256) pairs the cache holds."""
        out: dict[str, tuple[bytes, bytes]] = {}
        for path, sha in keys:
            try:
                with self._entry(sha, path).open("rb") as f:
                    data = f.read(MAX_ENTRY_BYTES + 1)
            except OSError:
                continue
            head = len(_MAGIC) + 8
            if len(data) > MAX_ENTRY_BYTES or data[: len(_MAGIC)] != _MAGIC:
                continue  # too large, of another form, or damaged
            size = int.from_bytes(data[len(_MAGIC) : head], "big")
            if head + size <= len(data):
                out[path] = (data[head : head + size], data[head + size :])
        return out

    def put(self, entries: Iterable[tuple[str, str, bytes, bytes]]) -> int:
        """Store (path, content sha256, first part, second part) entries the cache lacks;
        returns how many were written. A failure to write (full disk, read-only directory)
        skips the entry."""
        written = 0
        for path, sha, first, second in entries:
            data = _MAGIC + len(first).to_bytes(8, "big") + first + second
            if len(data) <= MAX_ENTRY_BYTES and _write(self._entry(sha, path), data):
                written += 1
        return written

    def _statements_dir(self, path: str) -> Path:
        key = hashlib.sha256(path.encode("utf-8", "surrogatepass")).hexdigest()[:24]
        return self.dir / "statements" / key

    def statements(self, paths: Iterable[str], most: int) -> dict[str, list[bytes]]:
        """path -> the statement entries (``extract.reuse``) of up to ``most`` earlier versions
        of it, newest written first: reuse below the file, for a file whose bytes are new."""
        out: dict[str, list[bytes]] = {}
        for path in paths:
            try:
                found = sorted(self._statements_dir(path).glob("[0-9a-f]*"), key=_mtime, reverse=True)
            except OSError:
                continue
            for entry in found[:most]:
                try:
                    with entry.open("rb") as f:
                        data = f.read(MAX_ENTRY_BYTES + 1)
                except OSError:
                    continue
                if len(data) <= MAX_ENTRY_BYTES:
                    out.setdefault(path, []).append(data)
        return out

    def put_statements(self, entries: Iterable[tuple[str, str, bytes]]) -> None:
        """Keep (path, content sha256, statement entries) for the versions after it."""
        for path, sha, data in entries:
            if data and len(data) <= MAX_ENTRY_BYTES:
                _write(self._statements_dir(path) / sha, data)


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def _write(target: Path, data: bytes) -> bool:
    """``data`` at ``target`` (a temporary name renamed into place), unless it is there;
    whether it was written."""
    if target.exists():
        return False
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".tmp-")
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            os.replace(tmp, target)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except OSError:
        return False
    return True
