"""Fetching a release from PyPI and reading its files, without installing or building anything.

Which file of a release is read
-------------------------------
errdex only needs the ``.py`` files, and those are the same in every wheel of a release: a
platform wheel differs from another in its compiled extensions, not in its Python code. So:

1. a pure-Python wheel (``py3-none-any``) when there is one — small and exactly what installs;
2. otherwise a platform wheel, preferring manylinux x86_64 for the newest CPython (the most common
   build, so the most faithful to what users run). pandas, scikit-learn or matplotlib ship no pure
   wheel, and their sdists would need a build step to tell generated files from sources;
3. the sdist as the last resort, read as an archive (its top ``name-version/`` folder stripped).
   Never built: no pip, no build backend, no ``setup.py``.

Wheels rarely ship tests, and tests are where a page finds the library's own failing call and
its passing contrast. So when the wheel read has no test files, the release's sdist is fetched
too (same cache, same verification, same archive limits) and only its test files are added; a
missing or unreadable sdist costs the examples, never the release. ``sdist_tests=False`` (``errdex
index --no-sdist-tests``) skips that second download: what is matched is the wheel's code either
way, and the snapshot records which sdist was left unread, so a page says why it has no examples.

Caching and trust
-----------------
Archives land in ``CACHE/wheels/<filename>`` and are verified against the sha256 PyPI published,
both right after download and every time a cached copy is reused (a cached file that no longer
matches is deleted and fetched again). A pinned release's metadata is cached too, in
``CACHE/pypi/<name>/<version>.json``, so ``pypi:NAME==VERSION`` works offline once it has been
opened. ``pypi:NAME`` (latest) always asks PyPI which release is the latest.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import time
import uuid
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol
from urllib.parse import urljoin

from errdex.model import Snapshot, SnapshotInfo, SourceFile
from errdex.sources.archive import read_tar, read_zip, wheel_path
from errdex.sources.base import Limits, Progress, SourceError, UnknownSource, cap_bytes, human_bytes
from errdex.sources.forge import forge_repo
from errdex.sources.spec import PypiSpec
from errdex.testpaths import is_test_path

if TYPE_CHECKING:
    from contextlib import AbstractContextManager

    import httpx

PYPI_JSON = "https://pypi.org/pypi"
RETRIES = 4  # attempts for one request; connect errors, timeouts, 429 and 5xx are retried
BACKOFF = 0.5  # seconds before the 2nd attempt, doubled each time after
_SAFE_FILENAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._+!-]*$")
_SDIST_SUFFIXES = (".tar.gz", ".tgz", ".tar.bz2", ".tar.xz", ".tar", ".zip")
# project_urls keys that name the code repository, most specific first (compared normalised).
_URL_KEYS = ("source", "source code", "sourcecode", "repository", "code", "github", "git", "homepage", "home")
_META_VERSION = 1


@dataclass(slots=True)
class ReleaseFile:
    filename: str
    url: str
    sha256: str
    size: int | None
    upload_time: str | None
    packagetype: str


@dataclass(slots=True)
class Release:
    name: str
    version: str
    project_urls: dict[str, str]
    home_page: str | None
    files: list[ReleaseFile]


def open_pypi(
    spec: PypiSpec,
    *,
    cache_dir: Path,
    limits: Limits,
    progress: Progress | None = None,
    client: httpx.Client | None = None,
    sdist_tests: bool = True,
) -> tuple[Snapshot, list[tuple[str, str]]]:
    """Snapshot a PyPI release: metadata, one verified archive, its source files (and the tests
    of its sdist when the wheel has none, unless ``sdist_tests`` is False).

    ``client`` lets the caller choose the HTTP client (proxies, or one that cannot connect at all,
    to prove a cached release needs no network); by default one is made and closed here.
    """
    own = client is None
    http: _Http = client or _LazyClient()
    try:
        release = _release(http, spec, cache_dir, progress)
        release.name = release.name or spec.name
        chosen = choose_file(release.files)
        if chosen is None:
            raise SourceError(
                f"PyPI release {release.name}=={release.version} has no wheel or sdist errdex can read"
            )
        archive = _fetch_archive(http, chosen, cache_dir, limits, progress)
        files, skipped = _read_archive(chosen, archive, limits)
        tests_from = tests_unread = None
        if chosen.filename.endswith(".whl") and not any(is_test_path(f.path) for f in files):
            if sdist_tests:
                tests_from, tests = _sdist_tests(http, release, cache_dir, limits, progress)
                have = {f.path for f in files}
                files += [f for f in tests if f.path not in have]
            elif (sdist := _sdist_of(release)) is not None:
                tests_unread = sdist.filename
    finally:
        if own:
            http.close()
    if progress:
        progress(f"reading {len(files)} files")
    forge = source_repo(release.project_urls, release.home_page)
    info = SnapshotInfo(
        repo=forge[0] if forge else f"pypi/{canonical_name(release.name)}",
        name=release.name,
        version=release.version,
        ref_kind="pypi",
        ref=release.version,
        date=chosen.upload_time,
        source_url=forge[1] if forge else None,
        archive=chosen.filename,
        sha256=chosen.sha256,
        tests_archive=tests_from,
        tests_unread=tests_unread,
    )
    return Snapshot(info, files), skipped


def fetch_pypi(
    spec: PypiSpec, *, cache_dir: Path, limits: Limits | None = None, client: httpx.Client | None = None
) -> Path:
    """Download (or find verified in the cache) the archive ``open_pypi`` would read for
    ``spec``, without reading it: warming a cache ahead of the indexing that reads it (a
    download waits on the network, not a core, so several run beside the parsing). Fetching
    many, share one ``client`` (``http_client()``; it is thread-safe): each new client costs a
    TLS context and each new connection a handshake, the CPU a download otherwise hardly uses."""
    http: _Http = client or _LazyClient()
    try:
        release = _release(http, spec, cache_dir, None)
        chosen = choose_file(release.files)
        if chosen is None:
            raise SourceError(
                f"PyPI release {release.name}=={release.version} has no wheel or sdist errdex can read"
            )
        return _fetch_archive(http, chosen, cache_dir, limits or Limits(), None)
    finally:
        if client is None:
            http.close()


def http_client() -> httpx.Client:
    """The HTTP client errdex reads PyPI with: its timeouts, redirects and User-Agent."""
    import httpx

    return httpx.Client(
        timeout=httpx.Timeout(30.0, connect=10.0),
        follow_redirects=True,
        headers={"User-Agent": "errdex (error index; sources stage)"},
    )


class _Http(Protocol):
    """What this module asks of an HTTP client (``httpx.Client`` or ``_LazyClient``)."""

    def get(self, url: str) -> httpx.Response: ...

    def stream(self, method: str, url: str) -> AbstractContextManager[httpx.Response]: ...

    def close(self) -> None: ...


class _LazyClient:
    """An ``httpx.Client`` made on the first request: a pinned release already in the cache
    needs no network, and importing httpx and making its client (a TLS context) cost ~0.2 s of
    CPU, a tenth of what a small release's whole index takes."""

    def __init__(self) -> None:
        self._client: httpx.Client | None = None

    def _real(self) -> httpx.Client:
        if self._client is None:
            self._client = http_client()
        return self._client

    def get(self, url: str) -> httpx.Response:
        return self._real().get(url)

    def stream(self, method: str, url: str) -> AbstractContextManager[httpx.Response]:
        return self._real().stream(method, url)

    def close(self) -> None:
        if self._client is not None:
            self._client.close()


def _read_archive(
    chosen: ReleaseFile, archive: Path, limits: Limits
) -> tuple[list[SourceFile], list[tuple[str, str]]]:
    if chosen.filename.endswith(".whl"):
        return read_zip(archive, limits, path_map=wheel_path)
    if chosen.filename.endswith(".zip"):
        return read_zip(archive, limits, strip_top=True)
    return read_tar(archive, limits, strip_top=True)


def _sdist_tests(
    http: _Http, release: Release, cache_dir: Path, limits: Limits, progress: Progress | None
) -> tuple[str | None, list[SourceFile]]:
    """(sdist file name, its test files) for a release whose wheel ships no tests; the name is
    None when no sdist could be read.

    The tests are where a page finds the library's own failing call and its passing contrast;
    wheels rarely carry them, sdists often do. Only test code is kept (the library's code is the
    wheel's), and any failure here costs the examples, never the release: an sdist that is
    missing, too big, unreachable or hostile is skipped with a progress note.
    """
    sdist = _sdist_of(release)
    if sdist is None:
        return None, []
    try:
        archive = _fetch_archive(http, sdist, cache_dir, limits, progress)
        files, _ = _read_archive(sdist, archive, limits)
    except SourceError as e:
        if progress:
            progress(f"no tests from {sdist.filename}: {e}")
        return None, []
    tests = [f for f in files if f.path.endswith(".py") and is_test_path(f.path)]
    if progress:
        progress(f"{len(tests)} test files from {sdist.filename}")
    return sdist.filename, tests


def _sdist_of(release: Release) -> ReleaseFile | None:
    """The sdist errdex reads tests from (a ``.tar.gz`` before a ``.zip``), if the release has one."""
    sdists = [f for f in release.files if f.packagetype == "sdist" and f.filename.endswith(_SDIST_SUFFIXES)]
    return min(sdists, key=lambda f: not f.filename.endswith((".tar.gz", ".tgz")), default=None)


def canonical_name(name: str) -> str:
    """PEP 503 normalised name: the one spelling used for cache folders and ``pypi/NAME``."""
    return re.sub(r"[-_.]+", "-", name).lower()


def source_repo(project_urls: dict[str, str], home_page: str | None) -> tuple[str, str] | None:
    """``(owner/repo, https URL)`` of the code repository named in a release's metadata, if any.

    Keys that say "source"/"repository" win over "homepage", which wins over any other key whose
    value happens to be on a forge (a "Changelog" link into the repo still identifies it).
    """
    by_key = {re.sub(r"[-_\s]+", " ", k).strip().lower(): v for k, v in project_urls.items()}
    ordered = [by_key[k] for k in _URL_KEYS if k in by_key]
    ordered += [*project_urls.values(), *([home_page] if home_page else [])]
    for url in ordered:
        if isinstance(url, str) and (found := forge_repo(url)):
            return found
    return None


def choose_file(files: list[ReleaseFile]) -> ReleaseFile | None:
    """The release file to read; the order of preference is explained in the module docstring."""
    pure: list[tuple[tuple[int, ...], ReleaseFile]] = []
    platform: list[tuple[tuple[int, ...], ReleaseFile]] = []
    sdists: list[ReleaseFile] = []
    for f in files:
        if f.filename.endswith(".whl"):
            parts = f.filename[: -len(".whl")].split("-")
            if len(parts) not in (5, 6):
                continue
            py, abi, plat = (set(p.split(".")) for p in parts[-3:])
            if "none" in abi and "any" in plat:
                pure.append(((int(any(t.startswith("py3") or t == "py3" for t in py)),), f))
            else:
                platform.append((_platform_score(py, abi, plat), f))
        elif f.packagetype == "sdist" and f.filename.endswith(_SDIST_SUFFIXES):
            sdists.append(f)
    if pure:
        return max(pure, key=lambda x: x[0])[1]
    if platform:
        return _prefer_small(platform)
    tar_first = sorted(sdists, key=lambda f: not f.filename.endswith((".tar.gz", ".tgz")))
    return tar_first[0] if tar_first else None


_HUGE = 200 * 1024 * 1024


def _prefer_small(platform: list[tuple[tuple[int, ...], ReleaseFile]]) -> ReleaseFile:
    """The best-scored platform wheel, unless it is huge and a wheel for the same CPython is not.

    Wheels of one release differ in their compiled parts, not in their Python code, and some
    Linux wheels bundle GPU libraries (torch's is ~900 MB next to a ~100 MB aarch64 wheel).
    """
    best_score, best = max(platform, key=lambda x: x[0])
    if best.size is None or best.size <= _HUGE:
        return best
    same_python = [f for score, f in platform if score[2:] == best_score[2:] and f.size is not None]
    return min(same_python, key=lambda f: (f.size or 0, f.filename), default=best)


def _platform_score(py: set[str], abi: set[str], plat: set[str]) -> tuple[int, ...]:
    """Higher is better: manylinux x86_64, then the newest CPython, then the GIL build."""
    linux_x86 = any(p.startswith("manylinux") and p.endswith("x86_64") for p in plat)
    any_x86 = any(p.endswith(("x86_64", "amd64")) for p in plat)
    versions = [(int(t[2]), int(t[3:])) for t in py if re.fullmatch(r"cp\d\d+", t)]
    major, minor = max(versions, default=(0, 0))
    free_threaded = any(a.endswith("t") and a.startswith("cp") for a in abi)
    return (int(linux_x86), int(any_x86), major, minor, int(not free_threaded))


def _release(http: _Http, spec: PypiSpec, cache_dir: Path, progress: Progress | None) -> Release:
    """The release's metadata, from the cache for a pinned version, else from PyPI (then cached)."""
    name = canonical_name(spec.name)
    if spec.version is not None:
        cached = _load_meta(cache_dir / "pypi" / name / f"{spec.version}.json")
        if cached is not None:
            return cached
    if progress:
        progress(f"fetching PyPI metadata for {spec.name}{'==' + spec.version if spec.version else ''}")
    release = None
    if spec.version is not None:
        resp = _get(http, f"{PYPI_JSON}/{name}/{spec.version}/json")
        if resp is not None:
            data = resp.json()
            release = _parse_release(data, spec.version, data.get("urls", []), str(resp.url))
    if release is None:
        # The project document lists every release; it also tells "no such project" from
        # "no such version", which the per-version endpoint cannot.
        resp = _get(http, f"{PYPI_JSON}/{name}/json")
        if resp is None:
            raise UnknownSource(f"no such project on PyPI: '{spec.name}'")
        data = resp.json()
        version = spec.version or str(data.get("info", {}).get("version", ""))
        releases = data.get("releases") or {}
        if spec.version is None:
            files = data.get("urls") or releases.get(version, [])
        elif version in releases:
            files = releases[version]
        else:
            raise UnknownSource(f"no such version on PyPI: '{spec.name}=={spec.version}'")
        release = _parse_release(data, version, files, str(resp.url))
    if not _SAFE_FILENAME.match(release.version):
        raise SourceError(f"PyPI returned an unusable version string: {release.version!r}")
    if not release.files:
        raise SourceError(f"PyPI release {release.name}=={release.version} has no files")
    _save_meta(cache_dir / "pypi" / name / f"{release.version}.json", release)
    return release


def _parse_release(data: dict[str, Any], version: str, files: list[dict[str, Any]], base: str) -> Release:
    info = data.get("info") or {}
    out: list[ReleaseFile] = []
    for f in files:
        out.append(
            ReleaseFile(
                filename=str(f["filename"]),
                url=urljoin(base, str(f["url"])),  # mirrors may give URLs relative to the document
                sha256=str((f.get("digests") or {}).get("sha256") or ""),
                size=f.get("size"),
                upload_time=f.get("upload_time_iso_8601") or f.get("upload_time"),
                packagetype=str(f.get("packagetype") or ""),
            )
        )
    urls = info.get("project_urls") or {}
    return Release(
        name=str(info.get("name") or ""),
        version=version,
        project_urls={str(k): str(v) for k, v in urls.items()},
        home_page=info.get("home_page") or None,
        files=out,
    )


def _load_meta(path: Path) -> Release | None:
    try:
        raw = json.loads(path.read_text("utf-8"))
        if raw.get("meta_version") != _META_VERSION:
            return None
        raw.pop("meta_version")
        raw["files"] = [ReleaseFile(**f) for f in raw["files"]]
        return Release(**raw)
    except (OSError, ValueError, TypeError, KeyError):
        return None  # absent or unreadable: fetch again


def _save_meta(path: Path, release: Release) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f"{path.name}.{uuid.uuid4().hex[:8]}.tmp")
    tmp.write_text(json.dumps({"meta_version": _META_VERSION, **asdict(release)}, indent=1), "utf-8")
    os.replace(tmp, path)


def _get(http: _Http, url: str) -> httpx.Response | None:
    """GET with retries; None on 404, ``SourceError`` when PyPI stays unreachable or refuses."""
    import httpx  # imported by the client's first request anyway

    last = ""
    for attempt in range(RETRIES):
        if attempt:
            time.sleep(BACKOFF * 2 ** (attempt - 1))
        try:
            resp = http.get(url)
        except httpx.TransportError as exc:
            last = f"{type(exc).__name__}: {exc}"
            continue
        if resp.status_code == 404:
            return None
        if resp.status_code == 429 or resp.status_code >= 500:
            last = f"HTTP {resp.status_code}"
            continue
        if resp.status_code != 200:
            raise SourceError(f"PyPI answered HTTP {resp.status_code} for {url}")
        return resp
    raise SourceError(f"cannot reach PyPI at {url} after {RETRIES} attempts ({last})")


def _fetch_archive(
    http: _Http, f: ReleaseFile, cache_dir: Path, limits: Limits, progress: Progress | None
) -> Path:
    """The verified archive in the cache: reused when its sha256 still matches, else downloaded."""
    if not _SAFE_FILENAME.match(f.filename):
        raise SourceError(f"PyPI returned an unsafe file name: {f.filename!r}")
    if not re.fullmatch(r"[0-9a-f]{64}", f.sha256):
        raise SourceError(f"PyPI gave no sha256 for {f.filename}; refusing an unverifiable download")
    target = cache_dir / "wheels" / f.filename
    if target.is_file():
        if _sha256(target) == f.sha256:
            if progress:
                progress(f"using cached {f.filename}")
            return target
        if progress:
            progress(f"cached {f.filename} does not match its sha256; downloading it again")
        target.unlink()
    if f.size is not None and f.size > limits.max_download_bytes:
        raise SourceError(
            f"{f.filename} ({human_bytes(f.size)}) exceeds the {cap_bytes(limits.max_download_bytes)} download cap"
        )
    target.parent.mkdir(parents=True, exist_ok=True)
    size_note = f" ({human_bytes(f.size)})" if f.size is not None else ""
    if progress:
        progress(f"downloading {f.filename}{size_note}")
    last = ""
    for attempt in range(RETRIES):
        if attempt:
            time.sleep(BACKOFF * 2 ** (attempt - 1))
        try:
            _download(http, f, target, limits)
            return target
        except _Retry as exc:
            last = str(exc)
    raise SourceError(f"cannot download {f.filename} from {f.url} after {RETRIES} attempts ({last})")


class _Retry(Exception):
    """A transient download failure (connection, timeout, 5xx) worth another attempt."""


def _download(http: _Http, f: ReleaseFile, target: Path, limits: Limits) -> None:
    """Stream ``f`` into ``target`` through a temporary file, hashing and bounding on the way."""
    bound = min(f.size if f.size is not None else limits.max_download_bytes, limits.max_download_bytes)
    import httpx  # imported by the client's first request anyway

    tmp = target.with_name(f"{target.name}.{uuid.uuid4().hex[:8]}.part")
    digest = hashlib.sha256()
    try:
        with http.stream("GET", f.url) as resp:
            if resp.status_code == 429 or resp.status_code >= 500:
                raise _Retry(f"HTTP {resp.status_code}")
            if resp.status_code != 200:
                raise SourceError(f"cannot download {f.filename}: HTTP {resp.status_code} from {f.url}")
            got = 0
            with tmp.open("wb") as out:
                for chunk in resp.iter_bytes(1 << 16):
                    got += len(chunk)
                    if got > bound:
                        raise SourceError(
                            f"download of {f.filename} is larger than the {bound} bytes expected"
                        )
                    digest.update(chunk)
                    out.write(chunk)
        actual = digest.hexdigest()
        if actual != f.sha256:
            raise SourceError(
                f"sha256 mismatch for {f.filename}: PyPI lists {f.sha256}, the download is {actual}; "
                "the file was deleted"
            )
        os.replace(tmp, target)
    except httpx.TransportError as exc:
        raise _Retry(f"{type(exc).__name__}: {exc}") from exc
    finally:
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        while chunk := fh.read(1 << 20):
            digest.update(chunk)
    return digest.hexdigest()
