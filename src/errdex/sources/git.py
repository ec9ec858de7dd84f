"""Reading a git commit straight from the object store, with the ``git`` CLI.

Nothing is checked out: the tree is listed with ``ls-tree`` and every blob comes from one
``cat-file --batch`` process. That is fast (one process for thousands of files), leaves the work
tree alone, and — because ``cat-file --batch`` applies no smudge/textconv filters and hooks are
pointed at ``/dev/null`` — runs nothing the repository could have configured. Replace refs are
ignored too, so the snapshot is the commit's true content.

URLs are cloned once, bare (``--mirror``, so later fetches update every ref), into the cache
directory; a pinned full sha already in the cache needs no network at all.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import threading
import uuid
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

from errdex.model import Snapshot, SnapshotInfo, SourceFile
from errdex.sources.archive import safe_member_name
from errdex.sources.base import Budget, Limits, Progress, SourceError, is_source_path, sort_files
from errdex.sources.forge import forge_repo
from errdex.sources.spec import GitSpec

# Settings that would let a repository (or a hostile config) run code or change what we read.
_SAFE_CONFIG = (
    "-c", "core.hooksPath=/dev/null",
    "-c", "core.fsmonitor=false",
    "-c", "protocol.ext.allow=never",
    "-c", "log.showSignature=false",
)  # fmt: skip
# Inherited variables that would point git at another repository than the one we chose.
_REDIRECTING_ENV = (
    "GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY", "GIT_COMMON_DIR",
    "GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_NAMESPACE", "GIT_CONFIG_PARAMETERS", "GIT_CONFIG_COUNT",
)  # fmt: skip
_COMMITTER = re.compile(rb"^committer .* (\d+) ([+-])(\d\d)(\d\d)$", re.MULTILINE)
_FULL_SHA = re.compile(r"^(?:[0-9a-f]{40}|[0-9a-f]{64})$")


@dataclass(slots=True)
class _Blob:
    path: str
    sha: str
    size: int


def open_git(
    spec: GitSpec, *, cache_dir: Path, limits: Limits, progress: Progress | None = None
) -> tuple[Snapshot, list[tuple[str, str]]]:
    """Snapshot the commit ``spec.rev`` of the repository at ``spec.target`` (path or URL)."""
    if spec.is_url:
        git_dir = _ensure_clone(spec.target, spec.rev, cache_dir, progress)
        origin: str | None = spec.target
        name = _url_name(spec.target)
    else:
        git_dir = _find_git_dir(Path(spec.target))
        origin = _origin_url(git_dir)
        name = _dir_name(git_dir)
    sha = _resolve(git_dir, spec.rev, spec.target)
    tag = _tag_name(git_dir, spec.rev)
    date = _commit_date(git_dir, sha)
    budget = Budget(limits, f"git commit {sha[:10]} of '{spec.target}'")
    blobs = _list_tree(git_dir, sha, budget)
    if progress:
        progress(f"reading {len(blobs)} files from {sha[:10]}")
    files = _read_blobs(git_dir, blobs, budget)
    forge = forge_repo(origin) if origin else None
    info = SnapshotInfo(
        repo=forge[0] if forge else f"local/{name}",
        name=name,
        version=tag or sha[:10],
        ref_kind="git",
        ref=sha,
        date=date,
        commit=sha,
        source_url=forge[1] if forge else None,
        tag=tag,
    )
    return Snapshot(info, sort_files(files)), budget.skipped


def run_git(
    args: Sequence[str],
    *,
    git_dir: Path | None = None,
    cwd: Path | None = None,
    check: bool = True,
    timeout: float | None = None,
) -> subprocess.CompletedProcess[bytes]:
    """Run git with the safe settings; ``check`` raises ``SourceError`` with git's own last words."""
    cmd = ["git", *_SAFE_CONFIG]
    if git_dir is not None:
        cmd.append(f"--git-dir={git_dir}")
    cmd.extend(args)
    try:
        proc = subprocess.run(
            cmd, cwd=cwd, env=_env(cwd), stdin=subprocess.DEVNULL, capture_output=True, timeout=timeout
        )
    except subprocess.TimeoutExpired:
        raise SourceError(f"git {args[0]} took more than {timeout:.0f}s; gave up") from None
    except FileNotFoundError as exc:
        raise SourceError("the 'git' command is needed to read git repositories, and was not found") from exc
    if check and proc.returncode != 0:
        raise SourceError(f"git {args[0]} failed: {_last_line(proc.stderr)}")
    return proc


def _env(cwd: Path | None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in _REDIRECTING_ENV}
    env.update(GIT_TERMINAL_PROMPT="0", GIT_PAGER="cat", GIT_NO_REPLACE_OBJECTS="1", LC_ALL="C")
    if cwd is not None:
        # Stop discovery at the given folder: a plain folder inside some other repository must
        # not silently become that repository.
        env["GIT_CEILING_DIRECTORIES"] = str(cwd.resolve().parent)
    return env


def _last_line(stderr: bytes) -> str:
    """git's own reason: its ``fatal:``/``error:`` line when there is one (hints follow it)."""
    lines = [ln.strip() for ln in stderr.decode("utf-8", "replace").splitlines() if ln.strip()]
    errors = [ln for ln in lines if ln.startswith(("fatal:", "error:"))]
    return (errors or lines or ["no error message"])[-1]


def _find_git_dir(path: Path) -> Path:
    if not path.is_dir():
        raise SourceError(f"no such directory: '{path}'")
    proc = run_git(["rev-parse", "--absolute-git-dir"], cwd=path, check=False)
    if proc.returncode != 0:
        raise SourceError(f"'{path}' is not a git repository ({_last_line(proc.stderr)})")
    return Path(proc.stdout.decode().strip())


def _origin_url(git_dir: Path) -> str | None:
    proc = run_git(["config", "--get", "remote.origin.url"], git_dir=git_dir, check=False)
    url = proc.stdout.decode("utf-8", "replace").strip()
    return url or None


def _dir_name(git_dir: Path) -> str:
    """The project's folder name: the work tree's for ``x/.git``, else the bare repo's sans ``.git``."""
    return git_dir.parent.name if git_dir.name == ".git" else git_dir.name.removesuffix(".git")


def _url_name(url: str) -> str:
    return url.rstrip("/").rsplit("/", 1)[-1].removesuffix(".git") or "repo"


def _ensure_clone(url: str, rev: str, cache_dir: Path, progress: Progress | None) -> Path:
    """A bare mirror of ``url`` in the cache, cloned or refreshed as needed.

    Cloning goes to a temporary name and is renamed into place, so an interrupted or concurrent
    clone never leaves a half repository that a later run would trust.
    """
    key = hashlib.sha256(url.encode()).hexdigest()[:16]
    target = cache_dir / "git" / f"{_url_name(url)}-{key}.git"
    if target.is_dir():
        once = _fetched.get()
        if (_FULL_SHA.match(rev) and _has_commit(target, rev)) or (once is not None and target in once):
            return target
        if once is not None:
            once.add(target)
        if progress:
            progress(f"fetching {url}")
        proc = run_git(["fetch", "--quiet", "--prune", "origin"], git_dir=target, check=False)
        if proc.returncode != 0 and progress:
            progress(f"fetch failed ({_last_line(proc.stderr)}); using the cached clone")
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(f"{target.name}.tmp-{uuid.uuid4().hex[:8]}")
    if progress:
        progress(f"cloning {url}")
    proc = run_git(["clone", "--mirror", "--quiet", "--", url, str(tmp)], check=False)
    if proc.returncode != 0:
        shutil.rmtree(tmp, ignore_errors=True)
        raise SourceError(f"cannot clone '{url}': {_last_line(proc.stderr)}")
    try:
        tmp.rename(target)
    except OSError:  # another run won the race; its clone is as good as ours
        shutil.rmtree(tmp, ignore_errors=True)
    if (once := _fetched.get()) is not None:
        once.add(target)
    return target


# Inside ``fetch_once()``: the clones fetched (or cloned) already, so indexing N tags of one
# URL fetches it once; outside it every open refreshes a branch revision, as before.
_fetched: ContextVar[set[Path] | None] = ContextVar("errdex_git_fetched", default=None)


@contextmanager
def fetch_once() -> Iterator[None]:
    """Within this block, a cached clone is fetched at most once."""
    token = _fetched.set(set())
    try:
        yield
    finally:
        _fetched.reset(token)


# What ``errdex.sources.releases`` uses to list a repository's tags.
ensure_clone = _ensure_clone
find_git_dir = _find_git_dir


def _has_commit(git_dir: Path, sha: str) -> bool:
    return run_git(["cat-file", "-e", f"{sha}^{{commit}}"], git_dir=git_dir, check=False).returncode == 0


def _resolve(git_dir: Path, rev: str, target: str) -> str:
    proc = run_git(
        ["rev-parse", "--verify", "--quiet", "--end-of-options", f"{rev}^{{commit}}"],
        git_dir=git_dir,
        check=False,
    )
    if proc.returncode != 0:
        raise SourceError(
            f"revision '{rev}' not found in git repository '{target}' (no such commit, branch or tag)"
        )
    return proc.stdout.decode().strip()


def _tag_name(git_dir: Path, rev: str) -> str | None:
    """The tag's name when ``rev`` names a tag (so the version reads ``v1.2``, not a sha)."""
    name = rev.removeprefix("refs/tags/")
    proc = run_git(
        ["rev-parse", "--verify", "--quiet", "--end-of-options", f"refs/tags/{name}"],
        git_dir=git_dir,
        check=False,
    )
    return name if proc.returncode == 0 else None


def _commit_date(git_dir: Path, sha: str) -> str | None:
    """Committer date in strict ISO 8601 (as ``%cI``), parsed from the raw commit object.

    Reading the object directly sidesteps ``git show`` and anything config could make it do.
    """
    raw = run_git(["cat-file", "commit", sha], git_dir=git_dir).stdout
    header = raw.split(b"\n\n", 1)[0]
    m = _COMMITTER.search(header)
    if not m:
        return None
    offset = timedelta(hours=int(m[3]), minutes=int(m[4])) * (-1 if m[2] == b"-" else 1)
    when = datetime.fromtimestamp(int(m[1]), UTC).astimezone(timezone(offset))
    return when.isoformat()


def _list_tree(git_dir: Path, sha: str, budget: Budget) -> list[_Blob]:
    """The kept blobs of the commit's tree, with sizes checked against the caps before reading."""
    out = run_git(["ls-tree", "-r", "-z", "--long", "--full-tree", sha], git_dir=git_dir).stdout
    blobs: list[_Blob] = []
    for entry in out.split(b"\0"):
        if not entry:
            continue
        meta, _, raw_path = entry.partition(b"\t")
        mode, kind, obj, size = meta.split()
        try:
            path = raw_path.decode("utf-8")
        except UnicodeDecodeError:
            budget.skip(raw_path.decode("utf-8", "replace"), "path is not valid UTF-8")
            continue
        path = safe_member_name(path, budget.what)
        if mode == b"160000":
            budget.skip(path, "submodule (not included)")
            continue
        budget.count_file()
        if mode == b"120000":
            budget.skip(path, "symlink (not followed)")
            continue
        if kind != b"blob" or not is_source_path(path):
            continue
        blob = _Blob(path, obj.decode(), int(size))
        budget.check_declared(path, blob.size)
        blobs.append(blob)
    return blobs


def _read_blobs(git_dir: Path, blobs: list[_Blob], budget: Budget) -> list[SourceFile]:
    """All blob contents from one ``cat-file --batch`` process.

    A thread feeds the object names while this one reads, so neither pipe can fill up and
    deadlock however many files there are.
    """
    cmd = ["git", *_SAFE_CONFIG, f"--git-dir={git_dir}", "cat-file", "--batch"]
    proc = subprocess.Popen(
        cmd, env=_env(None), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
    )
    assert proc.stdin is not None and proc.stdout is not None
    stdin, stdout = proc.stdin, proc.stdout

    def feed() -> None:
        try:
            for blob in blobs:
                stdin.write(f"{blob.sha}\n".encode())
            stdin.close()
        except BrokenPipeError:  # the reader failed and killed git; it reports why
            pass

    writer = threading.Thread(target=feed, daemon=True)
    writer.start()
    files: list[SourceFile] = []
    try:
        for blob in blobs:
            header = stdout.readline().split()
            if len(header) != 3 or header[1] != b"blob" or int(header[2]) != blob.size:
                raise SourceError(f"{budget.what}: cannot read '{blob.path}' ({b' '.join(header).decode()})")
            data = stdout.read(blob.size)
            stdout.read(1)  # the newline after each object
            if len(data) != blob.size:
                raise SourceError(f"{budget.what}: '{blob.path}' was cut short by git")
            files.append(SourceFile(blob.path, budget.take(blob.path, data)))
    except BaseException:
        proc.kill()
        raise
    finally:
        writer.join()
        stdout.close()
        proc.wait()
    return files
