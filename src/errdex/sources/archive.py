"""Reading untrusted zip and tar archives into memory, safely and within caps.

Wheels and sdists come from the internet, so each member is treated as hostile: a name that would
escape the snapshot root refuses the whole archive (an archive that tries that is not one to
trust for anything else either), links are never followed, and sizes are checked twice — against
the headers before anything is decompressed, and again while reading with a hard bound, because
headers can lie. Nothing is ever written to disk or executed.
"""

from __future__ import annotations

import re
import stat
import tarfile
import zipfile
import zlib
from collections.abc import Callable
from pathlib import Path

from errdex.model import SourceFile
from errdex.sources.base import Budget, Limits, SourceError, cap_bytes, is_source_path, sort_files

# Maps an archive member's (safe, POSIX) name to its snapshot path, or None to leave it out quietly.
PathMap = Callable[[str], str | None]

_DRIVE = re.compile(r"^[A-Za-z]:")


def safe_member_name(name: str, label: str) -> str:
    """Return ``name`` normalised (no ``./`` parts), or refuse the archive if it escapes the root.

    Refused: absolute paths, ``..`` components, drive letters and backslashes (Windows-style
    separators would let ``..\\evil.py`` slip past a POSIX check), NUL characters.
    """
    bad = (
        name.startswith("/")
        or "\\" in name
        or "\x00" in name
        or _DRIVE.match(name) is not None
        or ".." in name.split("/")
    )
    if bad:
        raise SourceError(f"{label}: entry '{name}' escapes the snapshot root")
    return "/".join(part for part in name.split("/") if part not in ("", "."))


def wheel_path(name: str) -> str | None:
    """Wheel members as installed: ``*.dist-info`` is dropped, ``*.data/purelib|platlib`` unwrapped.

    The ``.data`` subfolders ``purelib``/``platlib`` install into site-packages next to the rest,
    so their files belong at the root; ``scripts``/``headers``/``data`` are not importable code.
    """
    first, _, rest = name.partition("/")
    if first.endswith(".dist-info"):
        return None
    if first.endswith(".data"):
        kind, _, inner = rest.partition("/")
        return inner if kind in ("purelib", "platlib") and inner else None
    return name


def _keep(path: str | None, budget: Budget, seen: set[str], original: str) -> bool:
    if path is None or not is_source_path(path):
        return False
    if path in seen:
        budget.skip(original, "duplicate entry in archive (first one kept)")
        return False
    seen.add(path)
    return True


def read_zip(
    path: Path, limits: Limits, *, path_map: PathMap | None = None, strip_top: bool = False
) -> tuple[list[SourceFile], list[tuple[str, str]]]:
    """Read the source files of a zip (wheel or zip sdist) at ``path``.

    Every name is checked and every size summed from the central directory before a single
    member is decompressed; reading is then bounded by ``Budget.read``.
    """
    label = path.name
    budget = Budget(limits, f"archive '{label}'")
    try:
        zf = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, OSError) as exc:
        raise SourceError(f"archive '{label}' is not a readable zip file: {exc}") from exc
    with zf:
        plan: list[tuple[zipfile.ZipInfo, str]] = []
        names: list[str] = []
        for info in zf.infolist():
            name = safe_member_name(info.filename, budget.what)
            if info.is_dir():
                continue
            budget.count_file()
            mode = info.external_attr >> 16
            if stat.S_ISLNK(mode):
                budget.skip(name, "symlink in archive (not followed)")
                continue
            names.append(name)
            plan.append((info, name))
        top = _common_top(names) if strip_top else None
        seen: set[str] = set()
        chosen: list[tuple[zipfile.ZipInfo, str]] = []
        for info, name in plan:
            rel = _strip(name, top)
            mapped = path_map(rel) if path_map else rel
            if _keep(mapped, budget, seen, name):
                assert mapped is not None
                budget.check_declared(mapped, info.file_size)
                chosen.append((info, mapped))
        files: list[SourceFile] = []
        for info, mapped in chosen:
            try:
                with zf.open(info) as fh:
                    data = budget.read(mapped, fh, declared=info.file_size)
            except (
                zipfile.BadZipFile,
                zlib.error,
                EOFError,
                OSError,
                RuntimeError,
                NotImplementedError,
            ) as exc:
                raise SourceError(f"archive '{label}': entry '{info.filename}' is corrupt: {exc}") from exc
            files.append(SourceFile(mapped, data))
    skipped = [(_strip(p, top), r) for p, r in budget.skipped]
    return sort_files(files), skipped


def read_tar(
    path: Path, limits: Limits, *, strip_top: bool = True
) -> tuple[list[SourceFile], list[tuple[str, str]]]:
    """Read the source files of a tarball (sdist), compressed or not.

    A tar is one stream: skipping a member still decompresses it. So besides the caps on what is
    kept, the declared sizes of *all* members count against the total-size cap, which bounds the
    work a gzip bomb can cause even in files errdex would not keep.
    """
    label = path.name
    budget = Budget(limits, f"archive '{label}'")
    listed_bytes = 0
    raw: list[tuple[str, bytes]] = []
    names: list[str] = []
    try:
        with tarfile.open(path, "r:*") as tf:
            for member in tf:
                name = safe_member_name(member.name, budget.what)
                if member.isdir():
                    continue
                budget.count_file()
                if member.issym() or member.islnk():
                    budget.skip(name, "link in archive (not followed)")
                    continue
                if not member.isreg():
                    budget.skip(name, "not a regular file")
                    continue
                names.append(name)
                listed_bytes += member.size
                if listed_bytes > limits.max_total_bytes:
                    raise SourceError(
                        f"{budget.what} exceeds the {cap_bytes(limits.max_total_bytes)} total-size cap"
                    )
                if not is_source_path(name):
                    continue
                budget.check_declared(name, member.size)
                fh = tf.extractfile(member)
                if fh is None:  # pragma: no cover - isreg() members always have data
                    continue
                raw.append((name, budget.read(name, fh, declared=member.size)))
    except (tarfile.TarError, zlib.error, EOFError, OSError) as exc:
        raise SourceError(f"archive '{label}' is not a readable tar file: {exc}") from exc
    top = _common_top(names) if strip_top else None
    files: list[SourceFile] = []
    seen: set[str] = set()
    for name, data in raw:
        rel = _strip(name, top)
        if _keep(rel, budget, seen, name):
            files.append(SourceFile(rel, data))
    budget.skipped[:] = [(_strip(p, top), r) for p, r in budget.skipped]
    return sort_files(files), budget.skipped


def _common_top(names: list[str]) -> str | None:
    """The single top-level folder all members share (``name-1.0/`` in an sdist), if any."""
    tops = {n.split("/", 1)[0] for n in names}
    if len(tops) == 1 and all("/" in n for n in names):
        return tops.pop()
    return None


def _strip(name: str, top: str | None) -> str:
    return name[len(top) + 1 :] if top and name.startswith(top + "/") else name
