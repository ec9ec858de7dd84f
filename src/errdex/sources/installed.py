"""Reading the distributions installed in a Python environment, from the files on disk.

A distribution installed by pip, uv or conda lists its files in its ``RECORD`` (or, for old
installs, ``installed-files.txt``), relative to the site directory it was installed into, which
is exactly the layout of the wheel it came from. So an installed ``NAME==VERSION`` is read as
the snapshot ``pypi:NAME==VERSION`` would give: the same codebase name (from the forge URL in
its metadata, else ``pypi/NAME``), the same version and reference, the same paths, and — when
the files are unchanged — the same content, so indexing one after the other changes nothing.

Nothing installed is imported or run. For the running interpreter the site directories are
known here; for another one (``--python PATH``) they are asked of that interpreter with ``-I -S``
(isolated, without the ``site`` module, so no ``.pth`` file, ``sitecustomize`` or user code
runs): it prints ``sysconfig``'s paths as JSON and exits. Metadata and files are then read from
disk by this process, each path checked to stay inside its site directory and read without
following a link out of it.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import sysconfig
from collections.abc import Iterable
from dataclasses import dataclass, field
from email.message import Message
from importlib import metadata
from pathlib import Path, PurePosixPath

from errdex.model import Snapshot, SnapshotInfo, SourceFile
from errdex.sources.archive import safe_member_name
from errdex.sources.base import Budget, Limits, SourceError, is_source_path, sort_files
from errdex.sources.local import read_entry
from errdex.sources.pypi import canonical_name, source_repo

__all__ = [
    "Installed",
    "find_owner",
    "installed_distributions",
    "open_installed",
    "site_dirs",
    "snapshot_info",
]

# What the other interpreter runs: the standard library only, nothing from its environment.
# Without ``site`` (``-S``) a virtualenv's prefix is not applied (``site`` does that, and it
# also runs ``.pth`` files), so the prefix is found as ``site`` would find it: a ``pyvenv.cfg``
# beside the executable or one folder up; the base's site directory counts when the venv says
# ``include-system-site-packages = true``, as it does for a plain interpreter.
_ASK_PATHS = """
import json, os, sys, sysconfig
exe_dir = os.path.dirname(os.path.abspath(sys.executable))
venv, system = None, True
for d in (exe_dir, os.path.dirname(exe_dir)):
    cfg = os.path.join(d, "pyvenv.cfg")
    if os.path.isfile(cfg):
        venv = d
        with open(cfg, encoding="utf-8") as f:
            for line in f:
                key, _, value = line.partition("=")
                if key.strip().lower() == "include-system-site-packages":
                    system = value.strip().lower() == "true"
        break
paths = []
if venv is not None:
    v = sysconfig.get_paths(vars={"base": venv, "platbase": venv, "installed_base": venv, "installed_platbase": venv})
    paths += [v.get("purelib"), v.get("platlib")]
if system:
    p = sysconfig.get_paths()
    paths += [p.get("purelib"), p.get("platlib")]
print(json.dumps({"paths": paths}))
"""
_ASK_TIMEOUT = 30.0


@dataclass(frozen=True, slots=True)
class Installed:
    """One installed distribution: who it is and where its files are, nothing read yet."""

    name: str  # as its metadata spells it
    version: str
    root: Path  # the site directory its file list is relative to
    files: tuple[str, ...]  # kept source files, snapshot-relative POSIX paths
    project_urls: dict[str, str] = field(default_factory=dict)
    home_page: str | None = None
    editable: bool = False  # installed in development mode: its code lives elsewhere

    @property
    def key(self) -> str:
        return canonical_name(self.name)

    @property
    def python_files(self) -> int:
        return sum(1 for f in self.files if f.endswith(".py"))

    @property
    def spec(self) -> str:
        """The PyPI release this installation is (what ``errdex index`` would be given)."""
        return f"pypi:{self.name}=={self.version}"


def site_dirs(python: str | Path | None = None) -> list[Path]:
    """The site directories of ``python`` (default: the running interpreter), existing ones only."""
    if python is None:
        paths = sysconfig.get_paths()
        found = [paths.get("purelib"), paths.get("platlib")]
        import site

        if site.ENABLE_USER_SITE and not sys.flags.no_user_site:
            found.append(site.getusersitepackages())
    else:
        found = _ask_interpreter(Path(python))
    out: list[Path] = []
    for p in found:
        if p and Path(p).is_dir() and Path(p).resolve() not in out:
            out.append(Path(p).resolve())
    return out


def _ask_interpreter(python: Path) -> list[str | None]:
    exe = python.expanduser()
    if exe.is_dir():  # a virtualenv or conda environment given by its folder
        for cand in (exe / "bin" / "python", exe / "Scripts" / "python.exe", exe / "python.exe"):
            if cand.exists():
                exe = cand
                break
    if not exe.exists():
        raise SourceError(f"no Python interpreter at '{python}'")
    try:
        done = subprocess.run(
            [str(exe), "-I", "-S", "-c", _ASK_PATHS],
            capture_output=True,
            timeout=_ASK_TIMEOUT,
            stdin=subprocess.DEVNULL,
            check=False,
            env={k: v for k, v in os.environ.items() if not k.startswith("PYTHON")},
        )
    except (OSError, subprocess.TimeoutExpired) as e:
        raise SourceError(f"cannot run '{exe}' to ask for its site directories: {e}") from None
    try:
        data = json.loads(done.stdout.decode("utf-8", "replace").strip().splitlines()[-1])
        return [p if isinstance(p, str) else None for p in data["paths"]]
    except (ValueError, IndexError, AttributeError, KeyError, TypeError):
        err = done.stderr.decode("utf-8", "replace").strip().splitlines()
        why = err[-1] if err else f"exit code {done.returncode}"
        raise SourceError(f"'{exe}' is not a Python interpreter errdex can ask ({why})") from None


def installed_distributions(dirs: Iterable[Path]) -> list[Installed]:
    """Every distribution in ``dirs`` (first occurrence of a name wins, as on ``sys.path``)."""
    seen: set[str] = set()
    out: list[Installed] = []
    for d in dirs:
        for dist in metadata.distributions(path=[str(d)]):
            inst = _describe(dist)
            if inst is None or inst.key in seen:
                continue
            seen.add(inst.key)
            out.append(inst)
    return sorted(out, key=lambda i: i.key)


def _describe(dist: metadata.Distribution) -> Installed | None:
    """An ``Installed`` from a distribution's metadata and file list; None when it has no name."""
    try:
        meta: Message = dist.metadata  # type: ignore[assignment]
        name, version = meta["Name"], meta["Version"]
    except (OSError, ValueError, KeyError):
        return None
    if not name or not version or not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9._+!-]*", version):
        return None
    root = Path(str(dist.locate_file(""))).resolve()
    listed = _file_list(dist)
    files: list[str] = []
    editable = False
    for entry in listed:
        rel = _relative(entry)
        if rel is None:
            continue
        if rel.startswith("__editable__") or rel.endswith(".pth"):
            editable = editable or rel.startswith("__editable__")
        first = rel.split("/", 1)[0]
        if first.endswith((".dist-info", ".egg-info")) or not is_source_path(rel):
            continue
        files.append(rel)
    urls: dict[str, str] = {}
    for line in meta.get_all("Project-URL") or []:
        label, _, url = str(line).partition(",")
        if url.strip():
            urls[label.strip()] = url.strip()
    home = meta.get("Home-page") or None
    return Installed(
        name=str(name),
        version=str(version),
        root=root,
        files=tuple(sorted(set(files))),
        project_urls=urls,
        home_page=str(home) if home else None,
        editable=editable,
    )


def _file_list(dist: metadata.Distribution) -> list[str]:
    """The distribution's files as listed, relative to its site directory.

    ``RECORD`` is read as CSV here rather than through ``Distribution.files``, which stats every
    listed file (a few seconds for an ordinary environment); a file missing on disk is noticed
    when it is read. Old egg-info installs list files relative to their metadata folder, which
    ``Distribution.files`` knows how to turn around.
    """
    import csv

    try:
        record = dist.read_text("RECORD")
    except (OSError, ValueError):
        record = None
    if record is not None:
        return [row[0] for row in csv.reader(record.splitlines()) if row and row[0]]
    try:
        return [str(f) for f in dist.files or []]
    except (OSError, ValueError):
        return []


def _relative(entry: str) -> str | None:
    """A file-list entry as a snapshot path, or None when it lies outside the site directory
    (console scripts in ``../../../bin``) or is not a plain relative path."""
    try:
        rel = safe_member_name(entry.replace(os.sep, "/"), "file list")
    except SourceError:
        return None
    return rel or None


def snapshot_info(inst: Installed) -> SnapshotInfo:
    """The identity ``pypi:NAME==VERSION`` gives the same release (see the module docstring)."""
    forge = source_repo(inst.project_urls, inst.home_page)
    return SnapshotInfo(
        repo=forge[0] if forge else f"pypi/{inst.key}",
        name=inst.name,
        version=inst.version,
        ref_kind="pypi",
        ref=inst.version,
        source_url=forge[1] if forge else None,
    )


def open_installed(
    inst: Installed, *, limits: Limits | None = None
) -> tuple[Snapshot, list[tuple[str, str]]]:
    """Read an installed distribution's source files from disk as a snapshot."""
    budget = Budget(limits or Limits(), f"installed {inst.name} {inst.version} in '{inst.root}'")
    files: list[SourceFile] = []
    for rel in inst.files:
        full = inst.root / PurePosixPath(rel)
        if not full.exists() and not full.is_symlink():
            budget.skip(rel, "listed in the distribution's RECORD but not on disk")
            continue
        data = read_entry(inst.root, full, rel, budget)
        if data is not None:
            files.append(SourceFile(rel, data))
    return Snapshot(snapshot_info(inst), sort_files(files)), budget.skipped


def find_owner(rel: str, dists: Iterable[Installed]) -> Installed | None:
    """The distribution whose files include ``rel`` (a site-relative path), if any."""
    for d in dists:
        if rel in d.files:
            return d
    return None


def owner_of(site: Path, rel: str) -> Installed | None:
    """The distribution in ``site`` that installed ``rel``, found by scanning each ``RECORD``'s
    text for the path (cheaper than describing every distribution of a large environment)."""
    needle = "\n" + rel + ","
    try:
        infos = sorted(p for p in site.iterdir() if p.name.endswith(".dist-info"))
    except OSError:
        return None
    for info in infos:
        try:
            text = "\n" + (info / "RECORD").read_text("utf-8", "replace")
        except OSError:
            continue
        if needle in text:
            return _describe(metadata.Distribution.at(info))
    return None
