"""Parsing a SOURCE argument into what to open.

The rule, in order (first match wins):

1. ``pypi:NAME`` or ``pypi:NAME==VERSION`` — a release from PyPI (latest when no version).
2. ``git:TARGET[@REV]`` — a git repository, TARGET being a path or URL; REV defaults to HEAD.
3. ``https://``, ``http://``, ``ssh://``, ``git://`` or ``file://`` URL, optionally ``@REV`` after
   the host part — a git repository, cloned (bare) into the cache.
4. An existing directory — read as it is on disk (``worktree``), even inside a git work tree, since
   that is what a user pointing at a folder expects to index (uncommitted edits included). A bare
   repository (``HEAD``, ``objects/``, ``refs/``) has no work tree, so it is read as git at HEAD.
5. ``PATH@REV`` where PATH is an existing directory — that repository at REV, read from the object
   store. This is how to index the committed state of a local checkout: ``.@HEAD``.

A path that itself contains ``@`` and exists is taken whole (rule 4 before 5), so odd folder
names keep working.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from errdex.sources.base import SourceError

URL_SCHEMES = ("https://", "http://", "ssh://", "git://", "file://")

# PEP 508 project names; versions limited to characters PEP 440 (and legacy versions) use, which
# also keeps both safe to put in a URL path and a file name.
_NAME = re.compile(r"^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?$")
_VERSION = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._+!-]*$")


@dataclass(frozen=True, slots=True)
class DirSpec:
    path: Path


@dataclass(frozen=True, slots=True)
class GitSpec:
    target: str  # a filesystem path or a URL
    rev: str  # "HEAD" unless given
    is_url: bool


@dataclass(frozen=True, slots=True)
class PypiSpec:
    name: str
    version: str | None  # None: the latest release


Spec = DirSpec | GitSpec | PypiSpec


def parse_spec(spec: str) -> Spec:
    """Turn a SOURCE string into a typed spec, or raise ``SourceError`` saying what is wrong."""
    spec = spec.strip()
    if not spec:
        raise SourceError("empty source: give a directory, a git repository (PATH@REV, URL) or pypi:NAME")
    if spec.startswith("pypi:"):
        return _parse_pypi(spec)
    if spec.startswith("git:"):
        rest = spec[len("git:") :]
        if rest.startswith(URL_SCHEMES):
            return _parse_url(rest)
        return _parse_git_path(rest, spec, explicit=True)
    if spec.startswith(URL_SCHEMES):
        return _parse_url(spec)
    if "://" in spec:
        raise SourceError(
            f"unsupported URL in source '{spec}': use https://, http://, ssh://, git:// or file://"
        )
    return _parse_git_path(spec, spec, explicit=False)


def _parse_pypi(spec: str) -> PypiSpec:
    body = spec[len("pypi:") :].strip()
    name, sep, version = body.partition("==")
    name, version = name.strip(), version.strip()
    if not _NAME.match(name) or (sep and not _VERSION.match(version)):
        raise SourceError(f"invalid PyPI source '{spec}': expected pypi:NAME or pypi:NAME==VERSION")
    return PypiSpec(name, version or None)


def _parse_url(url: str) -> GitSpec:
    scheme_end = url.index("://") + 3
    host_end = url.find("/", scheme_end)
    if host_end < 0:
        raise SourceError(f"git URL '{url}' has no repository path")
    path_part = url[host_end:]
    rev = "HEAD"
    if "@" in path_part:
        path_part, rev = path_part.rsplit("@", 1)
        _check_rev(rev, url)
    return GitSpec(url[:host_end] + path_part, rev, is_url=True)


def _parse_git_path(text: str, spec: str, *, explicit: bool) -> Spec:
    whole = Path(text).expanduser()
    if whole.is_dir():
        if explicit or _is_bare_repo(whole):
            return GitSpec(str(whole), "HEAD", is_url=False)
        return DirSpec(whole)
    if "@" in text:
        path_text, rev = text.rsplit("@", 1)
        path = Path(path_text or ".").expanduser()
        if path.is_dir():
            _check_rev(rev, spec)
            return GitSpec(str(path), rev, is_url=False)
        raise SourceError(f"no such directory: '{path_text}' (in source '{spec}')")
    if whole.exists():
        raise SourceError(
            f"'{text}' is not a directory: give a directory, a git repository (PATH@REV, URL) or pypi:NAME"
        )
    raise SourceError(f"no such directory: '{text}'")


def _check_rev(rev: str, spec: str) -> None:
    """Refuse revisions git would read as options or that are empty, before git ever sees them."""
    if not rev or rev.startswith("-") or any(c.isspace() or c == "\x00" for c in rev):
        raise SourceError(f"invalid git revision '{rev}' in source '{spec}'")


def _is_bare_repo(path: Path) -> bool:
    return (path / "HEAD").is_file() and (path / "objects").is_dir() and (path / "refs").is_dir()
