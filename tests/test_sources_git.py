"""Git repositories read from the object store: revisions, metadata, no checkout, no hooks."""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest
from sources_helpers import git, write

from errdex.model import SourceFile
from errdex.sources import Limits, SourceError, open_source, open_source_with_report


@dataclass
class Repo:
    path: Path
    first: str  # sha of the first commit (tagged v1.0)
    second: str  # sha of HEAD on main
    feature: str  # sha of the 'feature' branch tip


@pytest.fixture(scope="module")
def repo(tmp_path_factory: pytest.TempPathFactory) -> Repo:
    root = tmp_path_factory.mktemp("git") / "widget"
    root.mkdir()
    git(root, "init", "-q")
    write(root, {"pkg/__init__.py": "VERSION = 1\n", "pkg/gone.py": "old\n", "README.md": "hi\n"})
    (root / "link.py").symlink_to("pkg/__init__.py")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "first", date="2024-01-02T03:04:05+01:00")
    first = git(root, "rev-parse", "HEAD")
    git(root, "tag", "-a", "v1.0", "-m", "release 1.0")
    (root / "pkg/gone.py").unlink()
    write(root, {"pkg/__init__.py": "VERSION = 2\n", "pkg/new.py": "new\n"})
    git(root, "add", "-A")
    git(root, "update-index", "--add", "--cacheinfo", f"160000,{first},vendored")  # a submodule entry
    git(root, "commit", "-qm", "second", date="2024-03-04T05:06:07-05:00")
    second = git(root, "rev-parse", "HEAD")
    git(root, "branch", "feature", first)
    git(root, "checkout", "-q", "feature")
    write(root, {"pkg/feature.py": "feat\n"})
    git(root, "add", "-A")
    git(root, "commit", "-qm", "feature")
    feature = git(root, "rev-parse", "HEAD")
    git(root, "checkout", "-q", "main")
    git(root, "remote", "add", "origin", "git@github.com:acme/widget.git")
    # Work-tree state that must never show up in a git snapshot.
    write(root, {"pkg/__init__.py": "VERSION = 'dirty'\n", "untracked.py": "u\n"})
    return Repo(root, first, second, feature)


def _files(snap_files: list[SourceFile]) -> dict[str, bytes]:
    return {f.path: f.data for f in snap_files}


def test_head_is_the_commit_not_the_work_tree(repo: Repo) -> None:
    snap, skipped = open_source_with_report(f"{repo.path}@HEAD")
    files = _files(snap.files)
    assert files["pkg/__init__.py"] == b"VERSION = 2\n"  # not the dirty edit: no checkout
    assert "untracked.py" not in files
    assert "pkg/gone.py" not in files
    assert set(files) == {"README.md", "pkg/__init__.py", "pkg/new.py"}
    info = snap.info
    assert info.ref_kind == "git"
    assert info.ref == info.commit == repo.second
    assert info.version == repo.second[:10]
    assert info.date == "2024-03-04T05:06:07-05:00"
    assert info.date == git(repo.path, "show", "-s", "--format=%cI", repo.second)
    assert info.tag is None
    reasons = dict(skipped)
    assert reasons["link.py"] == "symlink (not followed)"
    assert reasons["vendored"] == "submodule (not included)"


def test_repo_name_and_url_from_origin_remote(repo: Repo) -> None:
    info = open_source(f"git:{repo.path}").info
    assert info.repo == "acme/widget"
    assert info.name == "widget"
    assert info.source_url == "https://github.com/acme/widget"
    assert info.commit == repo.second


def test_older_commit_has_old_content(repo: Repo) -> None:
    snap = open_source(f"{repo.path}@{repo.first}")
    files = _files(snap.files)
    assert files["pkg/__init__.py"] == b"VERSION = 1\n"
    assert files["pkg/gone.py"] == b"old\n"  # deleted later, still here at this commit
    assert "pkg/new.py" not in files
    assert snap.info.commit == repo.first
    assert snap.info.date == "2024-01-02T03:04:05+01:00"


def test_tag(repo: Repo) -> None:
    snap = open_source(f"{repo.path}@v1.0")
    assert snap.info.version == "v1.0"
    assert snap.info.tag == "v1.0"
    assert snap.info.commit == repo.first  # the annotated tag is peeled to its commit
    assert _files(snap.files)["pkg/__init__.py"] == b"VERSION = 1\n"


def test_branch(repo: Repo) -> None:
    snap = open_source(f"{repo.path}@feature")
    assert snap.info.commit == repo.feature
    assert _files(snap.files)["pkg/feature.py"] == b"feat\n"


def test_short_sha(repo: Repo) -> None:
    assert open_source(f"{repo.path}@{repo.first[:8]}").info.commit == repo.first


def test_plain_directory_is_the_work_tree(repo: Repo) -> None:
    snap = open_source(str(repo.path))
    assert snap.info.ref_kind == "dir"
    assert _files(snap.files)["pkg/__init__.py"] == b"VERSION = 'dirty'\n"


def test_bad_revision(repo: Repo) -> None:
    with pytest.raises(SourceError, match=r"revision 'nope' not found in git repository"):
        open_source(f"{repo.path}@nope")


def test_option_like_revision_is_refused(repo: Repo) -> None:
    with pytest.raises(SourceError, match="invalid git revision"):
        open_source(f"{repo.path}@--output=/tmp/x")


def test_not_a_repository(tmp_path: Path) -> None:
    (tmp_path / "plain").mkdir()
    with pytest.raises(SourceError, match="is not a git repository"):
        open_source(f"git:{tmp_path / 'plain'}")


def test_caps_apply_to_git(repo: Repo) -> None:
    with pytest.raises(SourceError, match="exceeds the 2-file cap"):
        open_source(f"{repo.path}@HEAD", limits=Limits(max_files=2))
    with pytest.raises(SourceError, match=r"file 'pkg/__init__\.py' .* exceeds the 5-byte single-file cap"):
        open_source(f"{repo.path}@HEAD", limits=Limits(max_file_bytes=5))


def test_file_url_clone_then_offline(repo: Repo, tmp_path: Path) -> None:
    origin = tmp_path / "origin"
    shutil.copytree(repo.path, origin, symlinks=True)
    cache = tmp_path / "cache"
    seen: list[str] = []
    snap = open_source(f"file://{origin}@v1.0", cache_dir=cache, progress=seen.append)
    assert snap.info.commit == repo.first
    assert snap.info.repo == "local/origin"
    assert _files(snap.files)["pkg/gone.py"] == b"old\n"
    assert any(m.startswith("cloning file://") for m in seen)
    clones = list((cache / "git").iterdir())
    assert len(clones) == 1 and clones[0].name.endswith(".git")
    assert not (clones[0] / "pkg").exists()  # bare: nothing checked out
    # The origin disappears: a pinned full sha is served from the cached clone alone.
    shutil.rmtree(origin)
    again = open_source(f"file://{origin}@{repo.second}", cache_dir=cache)
    assert _files(again.files)["pkg/__init__.py"] == b"VERSION = 2\n"


def test_bad_url(tmp_path: Path) -> None:
    with pytest.raises(SourceError, match="cannot clone 'file://"):
        open_source(f"file://{tmp_path}/missing.git", cache_dir=tmp_path / "cache")
    assert not list((tmp_path / "cache" / "git").iterdir())  # no half clone left behind


def test_no_filters_or_fsmonitor_run(tmp_path: Path) -> None:
    root = tmp_path / "evil"
    root.mkdir()
    git(root, "init", "-q")
    marker = tmp_path / "pwned"
    write(root, {".gitattributes": "*.py filter=evil\n", "a.py": "raw content\n"})
    git(root, "add", "-A")
    git(root, "commit", "-qm", "c")
    git(root, "config", "filter.evil.smudge", f"sh -c 'touch {marker}; cat'")
    git(root, "config", "filter.evil.textconv", f"sh -c 'touch {marker}; cat'")
    git(root, "config", "core.fsmonitor", f"touch {marker}")
    hook = root / ".git" / "hooks" / "post-checkout"
    hook.write_text(f"#!/bin/sh\ntouch {marker}\n")
    hook.chmod(0o755)
    snap = open_source(f"{root}@HEAD")
    assert _files(snap.files)["a.py"] == b"raw content\n"
    assert not marker.exists()


def test_bare_repository_path(repo: Repo, tmp_path: Path) -> None:
    bare = tmp_path / "widget.git"
    git(tmp_path, "clone", "-q", "--bare", str(repo.path), str(bare))
    snap = open_source(str(bare))  # a bare repo has no work tree: read as git at HEAD
    assert snap.info.ref_kind == "git"
    assert snap.info.commit == repo.second
    assert snap.info.name == "widget"


def test_cached_clone_is_refreshed_for_branch_revisions(repo: Repo, tmp_path: Path) -> None:
    origin = tmp_path / "origin"
    shutil.copytree(repo.path, origin, symlinks=True)
    cache = tmp_path / "cache"
    assert open_source(f"file://{origin}@main", cache_dir=cache).info.commit == repo.second
    write(origin, {"pkg/later.py": "later\n"})
    git(origin, "add", "pkg/later.py")
    git(origin, "commit", "-qm", "later")
    newest = git(origin, "rev-parse", "HEAD")
    snap = open_source(f"file://{origin}@main", cache_dir=cache)
    assert snap.info.commit == newest
    assert _files(snap.files)["pkg/later.py"] == b"later\n"
