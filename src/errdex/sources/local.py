"""Reading a local directory as it is on disk (the ``worktree`` snapshot).

The directory may be someone else's checkout, so links are treated with suspicion: a symlink that
resolves outside the tree is not followed (it could expose ``~/.ssh`` to the index), and files are
opened without following a last-moment symlink swap. Symlinked *directories* inside the tree are
not descended either: their files are already read at their real place, and following them could
loop forever.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from errdex.model import Snapshot, SnapshotInfo, SourceFile
from errdex.sources.base import SKIP_DIRS, Budget, Limits, Progress, SourceError, is_source_path, sort_files


def open_dir(
    path: Path, *, limits: Limits, progress: Progress | None = None
) -> tuple[Snapshot, list[tuple[str, str]]]:
    """Snapshot every kept file below ``path``; returns the snapshot and the skipped items."""
    try:
        root = path.resolve(strict=True)
    except OSError as exc:
        raise SourceError(f"cannot open directory '{path}': {exc.strerror or exc}") from exc
    if not root.is_dir():
        raise SourceError(f"'{path}' is not a directory")
    budget = Budget(limits, f"directory '{root}'")
    if progress:
        progress(f"scanning {root}")
    files: list[SourceFile] = []

    def unreadable(exc: OSError) -> None:
        rel = Path(exc.filename).relative_to(root).as_posix() if exc.filename else "?"
        budget.skip(rel, f"cannot list folder: {exc.strerror or exc}")

    for dirpath, dirnames, filenames in os.walk(root, onerror=unreadable):
        dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS)
        here = Path(dirpath)
        for d in list(dirnames):
            full = here / d
            if full.is_symlink():
                dirnames.remove(d)
                rel = full.relative_to(root).as_posix()
                if _inside(root, full):
                    budget.skip(rel, "symlink to a directory (its files are read at their real path)")
                else:
                    budget.skip(rel, "symlink leaves the snapshot root (not followed)")
        for name in sorted(filenames):
            full = here / name
            rel = full.relative_to(root).as_posix()
            data = read_entry(root, full, rel, budget)
            if data is not None:
                files.append(SourceFile(rel, data))
    if progress:
        progress(f"reading {len(files)} files")
    info = SnapshotInfo(
        repo=f"local/{root.name}", name=root.name, version="worktree", ref_kind="dir", ref=str(root)
    )
    return Snapshot(info, sort_files(files)), budget.skipped


def read_entry(root: Path, full: Path, rel: str, budget: Budget) -> bytes | None:
    """Read one entry below ``root`` (a directory walk's, or an installed distribution's file
    list), or record why not; None means it is not part of the snapshot. A link leaving
    ``root`` is not followed, and the file is opened without following a last-moment swap."""
    try:
        st = full.lstat()
    except OSError as exc:
        budget.skip(rel, f"cannot stat: {exc.strerror or exc}")
        return None
    target = full
    if stat.S_ISLNK(st.st_mode):
        budget.count_file()
        if not _inside(root, full):
            budget.skip(rel, "symlink leaves the snapshot root (not followed)")
            return None
        target = Path(os.path.realpath(full))
        try:
            st = target.stat()
        except OSError:
            budget.skip(rel, "broken symlink")
            return None
    elif stat.S_ISREG(st.st_mode):
        budget.count_file()
    if not stat.S_ISREG(st.st_mode):
        budget.skip(rel, "not a regular file")
        return None
    if not is_source_path(rel):
        return None
    budget.check_declared(rel, st.st_size)
    try:
        fd = os.open(target, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        budget.skip(rel, f"cannot read: {exc.strerror or exc}")
        return None
    with os.fdopen(fd, "rb") as fh:
        if not stat.S_ISREG(os.fstat(fh.fileno()).st_mode):  # swapped after the check
            budget.skip(rel, "not a regular file")
            return None
        # The declared size was checked; a file that grows meanwhile is still read with a bound.
        return budget.read(rel, fh)


def _inside(root: Path, link: Path) -> bool:
    """Whether a symlink's final target lies within ``root`` (``root`` is already resolved)."""
    real = Path(os.path.realpath(link))
    return real == root or real.is_relative_to(root)
