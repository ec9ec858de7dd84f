"""Local directories: what is read, what is skipped and why, and the caps."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from sources_helpers import write

from errdex.sources import Limits, SourceError, open_source, open_source_with_report


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    root = tmp_path / "proj"
    write(
        root,
        {
            "pkg/__init__.py": "x = 1\n",
            "pkg/sub/deep.py": "raise ValueError('deep')\n",
            "pkg/sub/types.pyi": "def f() -> int: ...\n",
            "README.md": "# proj\n",
            "setup.cfg": "[metadata]\n",
            "logo.png": "not text",
            "pkg/__pycache__/x.cpython-313.pyc": "junk",
            "pkg/stale.pyc": "junk",
            ".git/config": "[core]\n",
            ".venv/lib/site.py": "venv\n",
            "node_modules/a/index.py": "nm\n",
        },
    )
    (tmp_path / "secret.py").write_text("TOKEN = 'do not read'\n")
    (root / "outside.py").symlink_to(tmp_path / "secret.py")
    (root / "outside_dir").symlink_to(tmp_path)
    (root / "alias.py").symlink_to(root / "pkg" / "__init__.py")
    (root / "pkg_alias").symlink_to(root / "pkg")
    (root / "broken.py").symlink_to(root / "missing.py")
    return root


def test_reads_nested_source_files_and_skips_junk(tree: Path) -> None:
    snap = open_source(str(tree))
    paths = [f.path for f in snap.files]
    assert paths == sorted(paths)
    assert {"pkg/__init__.py", "pkg/sub/deep.py", "pkg/sub/types.pyi", "README.md", "setup.cfg"} <= set(paths)
    assert not [p for p in paths if p.startswith((".git/", ".venv/", "node_modules/")) or "__pycache__" in p]
    assert not [p for p in paths if p.endswith((".pyc", ".png"))]
    files = {f.path: f.data for f in snap.files}
    assert files["pkg/sub/deep.py"] == b"raise ValueError('deep')\n"
    info = snap.info
    assert (info.ref_kind, info.version, info.repo, info.name) == ("dir", "worktree", "local/proj", "proj")
    assert info.ref == str(tree.resolve())


def test_symlinks_out_of_tree_are_refused_inside_are_read(tree: Path) -> None:
    snap, skipped = open_source_with_report(str(tree))
    files = {f.path: f.data for f in snap.files}
    reasons = dict(skipped)
    assert "outside.py" not in files
    assert not any(b"do not read" in d for d in files.values())
    assert "leaves the snapshot root" in reasons["outside.py"]
    assert "leaves the snapshot root" in reasons["outside_dir"]
    assert files["alias.py"] == b"x = 1\n"  # a symlink inside the tree reads its target
    assert "real path" in reasons["pkg_alias"]  # not descended: no duplicates, no loops
    assert not any(p.startswith("pkg_alias/") for p in files)
    assert reasons["broken.py"] == "broken symlink"


def test_fifo_is_skipped_not_read(tmp_path: Path) -> None:
    write(tmp_path, {"a.py": "a\n"})
    os.mkfifo(tmp_path / "pipe.py")  # reading it would block forever
    snap, skipped = open_source_with_report(str(tmp_path))
    assert [f.path for f in snap.files] == ["a.py"]
    assert ("pipe.py", "not a regular file") in skipped


def test_root_given_through_a_symlink(tree: Path, tmp_path: Path) -> None:
    link = tmp_path / "link-to-proj"
    link.symlink_to(tree)
    snap = open_source(str(link))
    assert snap.info.ref == str(tree.resolve())
    assert "pkg/__init__.py" in {f.path for f in snap.files}


def test_file_count_cap(tree: Path) -> None:
    with pytest.raises(SourceError, match=r"directory '.*proj' exceeds the 3-file cap"):
        open_source(str(tree), limits=Limits(max_files=3))


def test_single_file_cap(tmp_path: Path) -> None:
    write(tmp_path, {"small.py": "x\n", "big.py": "x" * 5000})
    with pytest.raises(
        SourceError, match=r"file 'big.py' \(5000 bytes\) exceeds the 4096-byte single-file cap"
    ):
        open_source(str(tmp_path), limits=Limits(max_file_bytes=4096))


def test_total_size_cap(tmp_path: Path) -> None:
    write(tmp_path, {f"m{i}.py": "x" * 1000 for i in range(5)})
    with pytest.raises(SourceError, match="exceeds the 3000-byte total-size cap"):
        open_source(str(tmp_path), limits=Limits(max_total_bytes=3000))


def test_missing_directory(tmp_path: Path) -> None:
    with pytest.raises(SourceError, match="no such directory"):
        open_source(str(tmp_path / "nope"))


def test_progress_messages(tree: Path) -> None:
    seen: list[str] = []
    open_source(str(tree), progress=seen.append)
    assert any(m.startswith("reading ") and m.endswith(" files") for m in seen)
