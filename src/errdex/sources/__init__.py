"""The sources stage: get the files of a snapshot, without importing or running any of it.

``open_source(SPEC)`` accepts a local directory, a git repository at a revision, or a PyPI
release; ``errdex.sources.spec`` documents exactly how a SPEC string is read. Every failure a
user can cause is a ``SourceError`` whose message says what and why. Files deliberately left out
(links leaving the tree, submodules, ...) are listed by ``open_source_with_report``.
"""

from __future__ import annotations

import os
from pathlib import Path

from platformdirs import user_cache_dir

from errdex.model import Snapshot
from errdex.sources.base import Limits, Progress, SourceError, UnknownSource
from errdex.sources.git import open_git
from errdex.sources.local import open_dir
from errdex.sources.pypi import open_pypi
from errdex.sources.spec import DirSpec, GitSpec, PypiSpec, parse_spec
from errdex.testpaths import in_test_folder

__all__ = [
    "Limits",
    "SourceError",
    "UnknownSource",
    "default_cache_dir",
    "open_source",
    "open_source_with_report",
    "parse_spec",
]

Skipped = list[tuple[str, str]]


def default_cache_dir() -> Path:
    """Where downloads and clones are kept: ``$ERRDEX_CACHE``, else the platform's user cache."""
    env = os.environ.get("ERRDEX_CACHE")
    return Path(env).expanduser() if env else Path(user_cache_dir("errdex"))


def open_source(
    spec: str,
    *,
    cache_dir: Path | None = None,
    limits: Limits | None = None,
    progress: Progress | None = None,
    sdist_tests: bool = True,
    tests: bool = True,
) -> Snapshot:
    """Open SPEC (directory, ``PATH@REV``/``git:``/URL, or ``pypi:NAME[==VERSION]``) as a snapshot."""
    return open_source_with_report(
        spec, cache_dir=cache_dir, limits=limits, progress=progress, sdist_tests=sdist_tests, tests=tests
    )[0]


def open_source_with_report(
    spec: str,
    *,
    cache_dir: Path | None = None,
    limits: Limits | None = None,
    progress: Progress | None = None,
    sdist_tests: bool = True,
    tests: bool = True,
) -> tuple[Snapshot, Skipped]:
    """Like ``open_source``, plus ``(path, reason)`` for every entry left out on purpose.

    ``sdist_tests``: for a PyPI release whose wheel ships no tests, whether its sdist is fetched
    for them (``errdex.sources.pypi``); other sources hold their tests already.

    ``tests=False``: the files under a ``tests``/``test`` folder are left out (and no sdist is
    fetched for tests): the library's own code alone. Every raise site, template, caller count
    and match is the same (the extractor never catalogues those files' raises, and counts no
    caller in them); the pages show no tests expecting an error, and a release shipping its
    tests indexes in about half the time (docs/measurements/ci64.md).

    Files dropped only because they are not source-ish (images, ``.so``) are not listed: they are
    expected and would drown the interesting entries.
    """
    snap, skipped = _open(spec, cache_dir, limits or Limits(), progress, sdist_tests and tests)
    if not tests:
        snap.files = [f for f in snap.files if not in_test_folder(f.path)]
    return snap, skipped


def _open(
    spec: str, cache_dir: Path | None, limits: Limits, progress: Progress | None, sdist_tests: bool
) -> tuple[Snapshot, Skipped]:
    parsed = parse_spec(spec)
    match parsed:
        case DirSpec(path=path):
            return open_dir(path, limits=limits, progress=progress)
        case GitSpec():
            return open_git(
                parsed, cache_dir=cache_dir or default_cache_dir(), limits=limits, progress=progress
            )
        case PypiSpec():
            return open_pypi(
                parsed,
                cache_dir=cache_dir or default_cache_dir(),
                limits=limits,
                progress=progress,
                sdist_tests=sdist_tests,
            )
    raise AssertionError(f"unhandled spec {parsed!r}")  # pragma: no cover
