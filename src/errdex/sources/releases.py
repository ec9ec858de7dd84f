"""Many releases of one codebase: a SOURCE that names a range, expanded into single releases.

``errdex index`` takes one release per SOURCE (``errdex.sources.spec``); this module turns the
forms that name several into that list, oldest first, so indexing the history is indexing each
release in turn:

- ``pypi:NAME --releases N``: the latest N final releases (no pre-releases, nothing yanked, only
  releases with files), ordered by PEP 440 version;
- ``pypi:NAME>=0.4.30,<0.5`` (any PEP 440 specifier set, read by ``packaging``): the final
  releases it contains; with ``--releases N`` the latest N of those;
- ``PATH@v1..v2`` or ``URL@v1..v2``: the tags of that git repository from v1 to v2 inclusive,
  among the tags shaped like v1 (``jax-v0.4.30`` ranges over ``jax-v*``, never ``jaxlib-v*``);
- ``git:URL --tags 'GLOB'`` (or ``PATH --tags``): every tag matching the shell-style glob;
  ``--releases N`` keeps the latest N.

Tags are ordered by the version their name ends in (``v0.10.2`` after ``v0.9.0``) and, when a
name holds no PEP 440 version, by the date git gives the tag. The PyPI project document is
cached, so a range already listed once can be expanded again offline.
"""

from __future__ import annotations

import fnmatch
import json
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from packaging.specifiers import InvalidSpecifier, SpecifierSet
from packaging.version import InvalidVersion, Version

from errdex.sources.base import Progress, SourceError, UnknownSource
from errdex.sources.spec import URL_SCHEMES, GitSpec, parse_spec

__all__ = ["ReleasePlan", "expand_releases", "is_range", "remote_tags", "remote_tags_many", "tag_candidates"]

# ``pypi:NAME`` followed by a specifier set: the operators PEP 440 defines.
_PYPI_RANGE = re.compile(r"^pypi:\s*([A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)\s*([<>=!~][^@]*)$")
_VERSION_CHARS = frozenset("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.+!-")
_MAX_RELEASES = 500  # a range naming more is refused: indexing it would take hours


@dataclass(frozen=True, slots=True)
class ReleasePlan:
    """The single-release SOURCEs a range names, oldest first, and what they came from."""

    origin: str
    specs: list[str]


def is_range(spec: str) -> bool:
    """Whether SOURCE alone names several releases (a specifier set or ``@v1..v2``)."""
    s = spec.strip()
    if m := _PYPI_RANGE.match(s):
        rest = m[2].strip()
        return not (rest.startswith("==") and "," not in rest and "*" not in rest)
    return "@" in s and ".." in s.rsplit("@", 1)[1] and not s.startswith("pypi:")


def expand_releases(
    spec: str,
    *,
    releases: int | None = None,
    tags: str | None = None,
    cache_dir: Path,
    progress: Progress | None = None,
) -> ReleasePlan | None:
    """The releases SOURCE and the options name, or None when it is one release as before."""
    if releases is not None and releases < 1:
        raise SourceError("--releases must be at least 1")
    s = spec.strip()
    if s.startswith("pypi:"):
        if tags is not None:
            raise SourceError("--tags selects git tags; a PyPI source takes --releases or a version range")
        if releases is None and not is_range(s):
            return None
        return ReleasePlan(s, _pypi_specs(s, releases, cache_dir, progress))
    if tags is None and releases is None and not is_range(s):
        return None
    return ReleasePlan(s, _git_specs(s, releases, tags, cache_dir, progress))


# ---------------------------------------------------------------------------- PyPI


def _pypi_specs(spec: str, releases: int | None, cache_dir: Path, progress: Progress | None) -> list[str]:
    from errdex.sources.pypi import canonical_name

    m = _PYPI_RANGE.match(spec)
    if m:
        name, rest = m[1], m[2].strip()
        try:
            wanted = SpecifierSet(rest)
        except InvalidSpecifier:
            raise SourceError(
                f"invalid version range in '{spec}': {rest!r} is not a PEP 440 specifier"
            ) from None
    else:
        name, wanted = spec[len("pypi:") :].strip(), SpecifierSet()
        if "==" in name:
            raise SourceError(f"'{spec}' names one release; --releases takes pypi:NAME or a range")
    doc = _project_document(canonical_name(name), cache_dir, progress)
    versions = _final_versions(doc)
    chosen = [v for v in versions if wanted.contains(v)]
    if releases is not None:
        chosen = chosen[-releases:]
    if not chosen:
        raise UnknownSource(f"no release of {name} on PyPI matches '{spec}'")
    _check_count(len(chosen), spec)
    _cache_release_metadata(doc, [str(v) for v in chosen], cache_dir)
    return [f"pypi:{name}=={v}" for v in chosen]


def _final_versions(doc: dict[str, Any]) -> list[Version]:
    """Final releases with at least one file none of which is yanked, in PEP 440 order."""
    out: list[Version] = []
    for text, files in (doc.get("releases") or {}).items():
        if not files or all(f.get("yanked") for f in files):
            continue
        try:
            v = Version(str(text))
        except InvalidVersion:
            continue
        if not v.is_prerelease and not v.is_devrelease:
            out.append(v)
    return sorted(out)


def _project_document(name: str, cache_dir: Path, progress: Progress | None) -> dict[str, Any]:
    """PyPI's JSON document of the project (every release); the cached copy when offline."""
    import httpx

    from errdex.sources.pypi import PYPI_JSON, _get

    path = cache_dir / "pypi" / name / "_project.json"
    if progress:
        progress(f"listing the releases of {name} on PyPI")
    try:
        with httpx.Client(timeout=httpx.Timeout(30.0, connect=10.0), follow_redirects=True) as http:
            resp = _get(http, f"{PYPI_JSON}/{name}/json")
    except SourceError:
        cached = _read_json(path)
        if cached is None:
            raise
        if progress:
            progress("PyPI is unreachable; using the release list cached earlier")
        return cached
    if resp is None:
        raise UnknownSource(f"no such project on PyPI: '{name}'")
    doc = resp.json()
    if not isinstance(doc, dict):
        raise SourceError(f"PyPI answered something other than a project document for '{name}'")
    doc["_url"] = str(resp.url)
    _write_json(path, doc)
    return doc


def _cache_release_metadata(doc: dict[str, Any], versions: list[str], cache_dir: Path) -> None:
    """Each chosen release's metadata, written where ``open_pypi`` looks for a pinned release:
    the project document already holds it, so N releases cost one request, not N."""
    from errdex.sources.pypi import _parse_release, _save_meta, canonical_name

    name = canonical_name(str((doc.get("info") or {}).get("name") or ""))
    if not name:
        return
    base = str(doc.get("_url") or "https://pypi.org/")
    for v in versions:
        meta = cache_dir / "pypi" / name / f"{v}.json"
        if not meta.exists():
            _save_meta(meta, _parse_release(doc, v, doc["releases"][v], base))


def _read_json(path: Path) -> dict[str, Any] | None:
    try:
        data = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def _write_json(path: Path, data: dict[str, Any]) -> None:
    import os
    import uuid

    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f"{path.name}.{uuid.uuid4().hex[:8]}.tmp")
    tmp.write_text(json.dumps(data), "utf-8")
    os.replace(tmp, path)


# ---------------------------------------------------------------------------- git tags


def _git_specs(
    spec: str, releases: int | None, tags: str | None, cache_dir: Path, progress: Progress | None
) -> list[str]:
    from errdex.sources.git import ensure_clone, find_git_dir

    s = spec.strip()
    bounds: tuple[str, str] | None = None
    base = s
    if "@" in s and ".." in s.rsplit("@", 1)[1]:
        base, rev = s.rsplit("@", 1)
        lo, _, hi = rev.partition("..")
        if not lo or not hi or lo.startswith("-") or hi.startswith("-"):
            raise SourceError(f"invalid tag range '{rev}' in '{spec}': expected FROM..TO, two tags")
        bounds = (lo, hi)
    parsed = parse_spec(("git:" + base) if not base.startswith(("git:", *URL_SCHEMES)) else base)
    if not isinstance(parsed, GitSpec):  # pragma: no cover - "git:" always yields a GitSpec
        raise SourceError(f"'{spec}' is not a git repository")
    if parsed.rev != "HEAD":
        raise SourceError(f"'{spec}': give the tags as @FROM..TO or with --tags, not a revision")
    if parsed.is_url:
        git_dir = ensure_clone(parsed.target, "HEAD", cache_dir, progress)
    else:
        git_dir = find_git_dir(Path(parsed.target))
    listed = _tags(git_dir)
    if bounds is not None:
        names = _between(listed, *bounds, spec)
    else:
        names = [t for t in listed if fnmatch.fnmatchcase(t, tags or "*")]
    if tags is not None and bounds is not None:
        names = [t for t in names if fnmatch.fnmatchcase(t, tags)]
    names = _ordered(names, listed)
    if releases is not None:
        names = names[-releases:]
    if not names:
        raise SourceError(f"no tag of '{parsed.target}' matches '{tags or spec}'")
    _check_count(len(names), spec)
    prefix = base if base.startswith(("git:", *URL_SCHEMES)) else f"git:{base}"
    return [f"{prefix}@{name}" for name in names]


def _tags(git_dir: Path) -> list[str]:
    """Every tag, oldest first by git's creator date (a tag's own date, else its commit's)."""
    from errdex.sources.git import run_git

    out = run_git(
        ["for-each-ref", "--sort=creatordate", "--format=%(refname:strip=2)", "refs/tags"], git_dir=git_dir
    ).stdout.decode("utf-8", "replace")
    return [t for t in out.splitlines() if t and not t.startswith("-")]


def _tag_version(tag: str) -> tuple[str, Version] | None:
    """(prefix, version) of a tag whose name ends in a PEP 440 version: ``jax-v0.4.30``."""
    # the longest tail of version characters, from its first digit (plain scanning, linear)
    start = len(tag)
    while start and tag[start - 1] in _VERSION_CHARS:
        start -= 1
    while start < len(tag) and not tag[start].isdigit():
        start += 1
    if start == len(tag):
        return None
    try:
        return tag[:start], Version(tag[start:])
    except InvalidVersion:
        return None


def _ordered(names: list[str], by_date: list[str]) -> list[str]:
    """Tags by the version they name; tags without one keep git's date order, after the rest."""
    date_rank: dict[str, int] = {t: i for i, t in enumerate(by_date)}
    key: Callable[[str], tuple[int, Version, int]] = lambda t: (  # noqa: E731
        (0, v[1], date_rank[t]) if (v := _tag_version(t)) else (1, Version("0"), date_rank[t])
    )
    return sorted(names, key=key)


def _between(listed: list[str], lo: str, hi: str, spec: str) -> list[str]:
    for t in (lo, hi):
        if t not in listed:
            raise SourceError(f"no tag '{t}' in the repository of '{spec}'")
    lo_v, hi_v = _tag_version(lo), _tag_version(hi)
    if lo_v is None or hi_v is None or lo_v[0] != hi_v[0]:
        # no version in the names: the tags between the two in git's date order
        i, j = listed.index(lo), listed.index(hi)
        if i > j:
            i, j = j, i
        return listed[i : j + 1]
    prefix = lo_v[0]
    low, high = min(lo_v[1], hi_v[1]), max(lo_v[1], hi_v[1])
    out = []
    for t in listed:
        tv = _tag_version(t)
        if tv and tv[0] == prefix and low <= tv[1] <= high and (not tv[1].is_prerelease or t in (lo, hi)):
            out.append(t)
    return out


def _check_count(n: int, spec: str) -> None:
    if n > _MAX_RELEASES:
        raise SourceError(
            f"'{spec}' names {n} releases, more than the {_MAX_RELEASES} errdex indexes in one run; "
            "narrow the range or use --releases N"
        )


# ---------------------------------------------------------------------------- release tags


def tag_candidates(name: str, version: str) -> list[str]:
    """The tag names a project commonly gives release ``version``, most common first."""
    return [f"v{version}", version, f"{name}-v{version}", f"{name}-{version}", f"release-{version}"]


_remote_tags: dict[str, dict[str, str] | None] = {}


def remote_tags(url: str, *, timeout: float = 10.0) -> dict[str, str] | None:
    """tag -> commit sha of a remote repository, as ``git ls-remote`` lists them; None when it
    cannot be reached (offline, gone, too slow). Asked once per URL per process."""
    from errdex.sources.git import run_git

    if url in _remote_tags:
        return _remote_tags[url]
    found: dict[str, str] | None = None
    try:
        proc = run_git(["ls-remote", "--tags", "--", url], check=False, timeout=timeout)
    except SourceError:
        proc = None
    if proc is not None and proc.returncode == 0:
        found = {}
        for line in proc.stdout.decode("utf-8", "replace").splitlines():
            sha, _, ref = line.partition("\t")
            if not ref.startswith("refs/tags/"):
                continue
            tag = ref[len("refs/tags/") :]
            if tag.endswith("^{}"):  # an annotated tag, peeled: the commit it names
                found[tag[:-3]] = sha
            else:
                found.setdefault(tag, sha)
    _remote_tags[url] = found
    return found


TAG_LISTERS = 8  # ``git ls-remote`` processes at once: network-bound, a few per core is plenty
TAG_LISTING_BUDGET = 120.0  # seconds for all of one call's listings together


def remote_tags_many(
    urls: Iterable[str],
    *,
    threads: int = TAG_LISTERS,
    timeout: float = 10.0,
    budget: float = TAG_LISTING_BUDGET,
) -> dict[str, dict[str, str] | None]:
    """``remote_tags`` of many repositories, ``threads`` at a time, each within ``timeout``.

    A bulk run ends with thousands of codebases to pin, nearly all waiting on the network, so
    the listings overlap. Whatever is not listed within ``budget`` seconds (a slow host, a long
    list) maps to None like an unreachable one: its releases stay unpinned and the next run
    tries them again, instead of one run waiting ``timeout`` per repository in turn.
    """
    from concurrent.futures import ThreadPoolExecutor, wait

    todo = sorted(set(urls))
    out: dict[str, dict[str, str] | None] = {u: _remote_tags[u] for u in todo if u in _remote_tags}
    todo = [u for u in todo if u not in out]
    if not todo:
        return out
    pool = ThreadPoolExecutor(max(1, threads), thread_name_prefix="errdex-ls-remote")
    try:
        futures = {pool.submit(remote_tags, u, timeout=timeout): u for u in todo}
        done, _ = wait(futures, timeout=budget)
        for fut in done:
            out[futures[fut]] = fut.result()
    finally:  # listings not started are dropped; running ones end within their own timeout
        pool.shutdown(wait=False, cancel_futures=True)
    for u in todo:
        out.setdefault(u, None)
    return out
