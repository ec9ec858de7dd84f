"""Builders for the sources-stage tests: real git repositories and hand-made hostile archives."""

from __future__ import annotations

import io
import os
import struct
import subprocess
import tarfile
import zipfile
from pathlib import Path

GIT_ID = ["-c", "user.name=Test", "-c", "user.email=test@example.com", "-c", "init.defaultBranch=main"]


def git(repo: Path, *args: str, date: str = "2024-01-02T03:04:05+01:00") -> str:
    """Run git in ``repo`` with a fixed identity and commit date; returns stripped stdout."""
    env = {**os.environ, "GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date}
    for var in ("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE"):
        env.pop(var, None)
    out = subprocess.run(["git", *GIT_ID, *args], cwd=repo, env=env, check=True, capture_output=True)
    return out.stdout.decode().strip()


def write(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)


def make_zip(path: Path, members: dict[str, bytes]) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in members.items():
            zf.writestr(name, data)
    return path


def make_lying_zip(path: Path, name: str, data: bytes, claimed_size: int) -> Path:
    """A zip whose headers claim ``claimed_size`` bytes for ``name`` while it inflates to ``len(data)``.

    Both the local header and the central directory are patched, as a zip bomb would do.
    """
    make_zip(path, {name: data})
    raw = bytearray(path.read_bytes())
    local = raw.find(b"PK\x03\x04")
    struct.pack_into("<I", raw, local + 22, claimed_size)
    central = raw.find(b"PK\x01\x02")
    struct.pack_into("<I", raw, central + 24, claimed_size)
    path.write_bytes(bytes(raw))
    return path


def make_tar(path: Path, members: dict[str, bytes], links: dict[str, str] | None = None) -> Path:
    """A ``.tar.gz`` with regular members and, optionally, symlinks (name -> target)."""
    with tarfile.open(path, "w:gz") as tf:
        for name, data in members.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tf.addfile(info, io.BytesIO(data))
        for name, target in (links or {}).items():
            info = tarfile.TarInfo(name)
            info.type = tarfile.SYMTYPE
            info.linkname = target
            tf.addfile(info)
    return path
