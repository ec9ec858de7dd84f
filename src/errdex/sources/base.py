"""Shared pieces of the sources stage: the error type, the size caps and which files are kept.

Every reader (directory, git, archive) funnels its files through one ``Budget`` so the caps mean
the same thing everywhere and a hostile input is refused with the same wording, whatever its
shape. Snapshots are held in memory as bytes, which is why the caps exist at all: errdex must not
be made to allocate without bound by a zip bomb, a lying header or a runaway directory.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import PurePosixPath
from typing import IO

from errdex.model import SourceFile

MiB = 1024 * 1024

Progress = Callable[[str], None]


class SourceError(Exception):
    """A snapshot could not be opened; the message names what failed and why, for the user."""


class UnknownSource(SourceError):
    """The source names nothing that exists (no such project or version on PyPI, no release in
    a range): what was given cannot work, unlike a source that exists but failed to open."""


@dataclass(frozen=True, slots=True)
class Limits:
    """Caps on what one snapshot may hold; going over any of them refuses the whole snapshot.

    ``max_files`` counts every regular file a source lists (an archive's members, a git tree's
    blobs, the files a directory walk meets), kept or not, because listing is itself work an
    attacker controls. The byte caps count the files that are actually read into memory.
    """

    max_total_bytes: int = 512 * MiB
    max_files: int = 100_000
    max_file_bytes: int = 32 * MiB
    # The archive on disk, before anything is read from it: a wheel that bundles CUDA libraries
    # (torch, ~900 MB) holds only a few MB of Python, which the caps above bound.
    max_download_bytes: int = 4096 * MiB


# Text-ish source files: everything the extractor (``.py``/``.pyi``/``.pyx``) and the analysis stage
# (docs, config) may want. Binaries and data are left out so they cost neither memory nor caps.
SOURCE_SUFFIXES = frozenset({".py", ".pyi", ".pyx", ".pxd", ".pxi", ".md", ".rst", ".txt", ".toml", ".cfg"})
# Folders that never hold the library's own code, and are often huge.
SKIP_DIRS = frozenset({".git", "__pycache__", ".venv", "node_modules", ".hg", ".svn", ".tox", ".nox"})


def is_source_path(path: str) -> bool:
    """Whether a snapshot-relative POSIX path is kept: a source-ish suffix outside skipped folders."""
    p = PurePosixPath(path)
    if any(part in SKIP_DIRS for part in p.parts[:-1]):
        return False
    return p.suffix.lower() in SOURCE_SUFFIXES


def human_bytes(n: int) -> str:
    """Short size for messages: ``3.2 MB`` style, as people read download sizes."""
    size = float(n)
    for unit in ("B", "KB", "MB", "GB"):
        if size < 1000 or unit == "GB":
            return f"{int(size)} {unit}" if unit == "B" else f"{size:.1f} {unit}"
        size /= 1000
    raise AssertionError("unreachable")


def cap_bytes(n: int) -> str:
    """A byte cap as written in errors: MiB when exact (``32 MiB``), else the byte count."""
    return f"{n // MiB} MiB" if n % MiB == 0 and n >= MiB else f"{n}-byte"


@dataclass(slots=True)
class Budget:
    """Counts files and bytes against ``Limits`` for one source, raising the named error.

    ``what`` names the source in messages ("archive 'x.whl'", "directory /p"), so the user learns
    both which input was refused and which cap it hit.
    """

    limits: Limits
    what: str
    files_seen: int = 0
    bytes_planned: int = 0
    bytes_read: int = 0
    skipped: list[tuple[str, str]] = field(default_factory=list)

    def count_file(self) -> None:
        """One more regular file listed; refuse past the file-count cap."""
        self.files_seen += 1
        if self.files_seen > self.limits.max_files:
            raise SourceError(f"{self.what} exceeds the {self.limits.max_files}-file cap")

    def check_declared(self, path: str, size: int) -> None:
        """Check a size announced *before* reading (zip header, tar header, git tree).

        Checking up front means an oversized snapshot is refused before any decompression work.
        """
        if size > self.limits.max_file_bytes:
            raise SourceError(
                f"{self.what}: file '{path}' ({size} bytes) exceeds the "
                f"{cap_bytes(self.limits.max_file_bytes)} single-file cap"
            )
        self.bytes_planned += size
        if self.bytes_planned > self.limits.max_total_bytes:
            raise SourceError(
                f"{self.what} exceeds the {cap_bytes(self.limits.max_total_bytes)} total-size cap"
            )

    def read(self, path: str, stream: IO[bytes], declared: int | None = None) -> bytes:
        """Read one file with a hard bound, so a stream longer than announced cannot balloon.

        At most one byte past the tightest cap is ever requested; a file that reaches it is
        refused. When ``declared`` is given, data longer than it means the header lied.
        """
        remaining_total = self.limits.max_total_bytes - self.bytes_read
        bound = min(self.limits.max_file_bytes, remaining_total)
        if declared is not None:
            bound = min(bound, declared)
        data = read_bounded(stream, bound + 1)
        if declared is not None and len(data) > declared:
            raise SourceError(f"{self.what}: file '{path}' is longer than its header says ({declared} bytes)")
        return self.take(path, data)

    def take(self, path: str, data: bytes) -> bytes:
        """Account for bytes already in memory (read exactly by the caller), enforcing the caps."""
        if len(data) > self.limits.max_file_bytes:
            raise SourceError(
                f"{self.what}: file '{path}' exceeds the "
                f"{cap_bytes(self.limits.max_file_bytes)} single-file cap"
            )
        self.bytes_read += len(data)
        if self.bytes_read > self.limits.max_total_bytes:
            raise SourceError(
                f"{self.what} exceeds the {cap_bytes(self.limits.max_total_bytes)} total-size cap"
            )
        return data

    def skip(self, path: str, reason: str) -> None:
        """Record a file left out on purpose, so the caller can tell the user what and why."""
        self.skipped.append((path, reason))


def read_bounded(stream: IO[bytes], limit: int) -> bytes:
    """Read until EOF or ``limit`` bytes, in chunks, never asking the stream for more."""
    buf = io.BytesIO()
    left = limit
    while left > 0:
        chunk = stream.read(min(left, MiB))
        if not chunk:
            break
        buf.write(chunk)
        left -= len(chunk)
    return buf.getvalue()


def sort_files(files: list[SourceFile]) -> list[SourceFile]:
    """Snapshots list files by path so every reader yields the same order for the same content."""
    return sorted(files, key=lambda f: f.path)
