"""Real PyPI releases, downloaded once into the persistent cache (``ERRDEX_CACHE`` or the user cache).

The offline checks use an httpx client whose transport can reach nothing (a Unix socket that does
not exist): any request would fail, so a passing open proves the cache alone served it.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import httpx
import pytest

from errdex.sources import SourceError, default_cache_dir, open_source
from errdex.sources.base import Limits
from errdex.sources.pypi import open_pypi
from errdex.sources.spec import PypiSpec

pytestmark = pytest.mark.network

REQUESTS_WHEEL = "requests-2.34.2-py3-none-any.whl"


@pytest.fixture(scope="module")
def cache() -> Path:
    return default_cache_dir()


def _offline_client() -> httpx.Client:
    return httpx.Client(transport=httpx.HTTPTransport(uds="/nonexistent/errdex-offline.sock"))


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_requests_wheel(cache: Path) -> None:
    seen: list[str] = []
    snap = open_source("pypi:requests==2.34.2", cache_dir=cache, progress=seen.append)
    info = snap.info
    assert (info.ref_kind, info.ref, info.version, info.name) == ("pypi", "2.34.2", "2.34.2", "requests")
    assert info.archive == REQUESTS_WHEEL
    assert info.repo == "psf/requests"
    assert info.source_url == "https://github.com/psf/requests"
    assert info.tag is None
    assert info.date and info.date.startswith("20")
    wheel = cache / "wheels" / REQUESTS_WHEEL
    assert info.sha256 == _sha256(wheel)
    paths = {f.path for f in snap.files}
    assert {"requests/__init__.py", "requests/api.py", "requests/exceptions.py"} <= paths
    assert not [p for p in paths if ".dist-info/" in p]
    assert b"class RequestException" in next(f.data for f in snap.files if f.path == "requests/exceptions.py")
    assert (cache / "pypi" / "requests" / "2.34.2.json").is_file()  # metadata cached for offline use
    assert any(m.startswith("reading ") for m in seen)


def test_cached_release_needs_no_network(cache: Path) -> None:
    open_source("pypi:requests==2.34.2", cache_dir=cache)  # make sure it is cached
    client = _offline_client()
    with pytest.raises(httpx.TransportError):
        client.get("https://pypi.org/pypi/requests/json")  # the client really cannot connect
    seen: list[str] = []
    snap, _ = open_pypi(
        PypiSpec("requests", "2.34.2"), cache_dir=cache, limits=Limits(), progress=seen.append, client=client
    )
    assert snap.info.sha256 == _sha256(cache / "wheels" / REQUESTS_WHEEL)
    assert f"using cached {REQUESTS_WHEEL}" in seen
    assert not any(m.startswith(("downloading", "fetching")) for m in seen)


def test_a_cached_release_opens_without_importing_httpx(cache: Path) -> None:
    # the client is made on the first request: a cached pinned release makes none, and importing
    # httpx and making its client cost ~0.2 s of CPU at every ``errdex index`` of such a release
    import subprocess
    import sys

    open_source("pypi:requests==2.34.2", cache_dir=cache)  # make sure it is cached
    code = (
        "import sys\n"
        "from pathlib import Path\n"
        "from errdex.sources import open_source\n"
        f"snap = open_source('pypi:requests==2.34.2', cache_dir=Path({str(cache)!r}))\n"
        "assert snap.files\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('httpx', 'httpcore')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def _copy_cache(src: Path, dst: Path) -> tuple[Path, Path]:
    (dst / "wheels").mkdir(parents=True)
    (dst / "pypi" / "requests").mkdir(parents=True)
    meta = dst / "pypi" / "requests" / "2.34.2.json"
    shutil.copy(src / "pypi" / "requests" / "2.34.2.json", meta)
    wheel = dst / "wheels" / REQUESTS_WHEEL
    shutil.copy(src / "wheels" / REQUESTS_WHEEL, wheel)
    return meta, wheel


def test_corrupt_cached_wheel_is_downloaded_again(cache: Path, tmp_path: Path) -> None:
    open_source("pypi:requests==2.34.2", cache_dir=cache)
    _, wheel = _copy_cache(cache, tmp_path)
    good = _sha256(wheel)
    wheel.write_bytes(b"corrupted on disk")
    seen: list[str] = []
    snap = open_source("pypi:requests==2.34.2", cache_dir=tmp_path, progress=seen.append)
    assert any("does not match its sha256" in m for m in seen)
    assert any(m.startswith(f"downloading {REQUESTS_WHEEL}") for m in seen)
    assert _sha256(wheel) == good == snap.info.sha256


def test_download_with_wrong_sha256_is_refused_and_deleted(cache: Path, tmp_path: Path) -> None:
    open_source("pypi:requests==2.34.2", cache_dir=cache)
    meta, wheel = _copy_cache(cache, tmp_path)
    real = _sha256(wheel)
    wheel.unlink()
    data = json.loads(meta.read_text())
    for f in data["files"]:
        f["sha256"] = "ab" * 32
    meta.write_text(json.dumps(data))
    with pytest.raises(SourceError) as err:
        open_source("pypi:requests==2.34.2", cache_dir=tmp_path)
    msg = str(err.value)
    assert f"sha256 mismatch for {REQUESTS_WHEEL}" in msg
    assert "ab" * 32 in msg and real in msg
    assert list((tmp_path / "wheels").iterdir()) == []  # neither the file nor a .part is kept


def test_jax(cache: Path) -> None:
    snap = open_source("pypi:jax==0.10.2", cache_dir=cache)
    info = snap.info
    assert info.repo == "jax-ml/jax"
    assert info.source_url == "https://github.com/jax-ml/jax"
    assert info.name == "jax"
    assert info.archive == "jax-0.10.2-py3-none-any.whl"
    assert info.sha256 == _sha256(cache / "wheels" / "jax-0.10.2-py3-none-any.whl")
    paths = {f.path for f in snap.files}
    assert "jax/_src/core.py" in paths
    assert len(paths) > 300


def test_no_such_project(tmp_path: Path) -> None:
    with pytest.raises(SourceError, match="no such project on PyPI: 'errdex-no-such-project-zq7x'"):
        open_source("pypi:errdex-no-such-project-zq7x==1.0", cache_dir=tmp_path)


def test_no_such_version(tmp_path: Path) -> None:
    with pytest.raises(SourceError, match=r"no such version on PyPI: 'requests==0\.0\.0\.999'"):
        open_source("pypi:requests==0.0.0.999", cache_dir=tmp_path)


def test_archive_over_download_cap_is_not_downloaded(tmp_path: Path) -> None:
    with pytest.raises(
        SourceError, match=r"requests-2.34.2-py3-none-any.whl \(73.1 KB\) exceeds the 1000-byte download cap"
    ):
        open_source("pypi:requests==2.34.2", cache_dir=tmp_path, limits=Limits(max_download_bytes=1000))
    assert not (tmp_path / "wheels").exists() or not list((tmp_path / "wheels").iterdir())


def test_tests_come_from_the_sdist_when_the_wheel_has_none(cache: Path) -> None:
    """requests' wheel ships no tests; its sdist does: only those test files are added."""
    seen: list[str] = []
    snap = open_source("pypi:requests==2.34.2", cache_dir=cache, progress=seen.append)
    assert snap.info.archive == REQUESTS_WHEEL
    assert snap.info.tests_archive == "requests-2.34.2.tar.gz"
    paths = [f.path for f in snap.files]
    assert "tests/test_requests.py" in paths and "tests/conftest.py" in paths
    added = [p for p in paths if not p.startswith("requests/")]
    assert added and all(p.startswith("tests/") and p.endswith(".py") for p in added)  # no setup.py, docs
    assert len(paths) == len(set(paths))
    assert any(
        m.startswith("downloading requests-2.34.2.tar.gz") or m == "using cached requests-2.34.2.tar.gz"
        for m in seen
    )
    assert any(m.endswith("test files from requests-2.34.2.tar.gz") for m in seen)


def test_an_unreachable_sdist_costs_the_examples_not_the_release(cache: Path, tmp_path: Path) -> None:
    open_source("pypi:requests==2.34.2", cache_dir=cache)  # the wheel and metadata are cached
    _copy_cache(cache, tmp_path)  # ... but this cache has no sdist, and the client cannot connect
    seen: list[str] = []
    snap, _ = open_pypi(
        PypiSpec("requests", "2.34.2"), cache_dir=tmp_path, limits=Limits(), progress=seen.append,
        client=_offline_client(),
    )  # fmt: skip
    assert snap.info.archive == REQUESTS_WHEEL and snap.info.tests_archive is None
    assert not any(f.path.startswith("tests/") for f in snap.files)
    assert any(m.startswith("no tests from requests-2.34.2.tar.gz: ") for m in seen)


def test_a_page_shows_the_sdist_test_that_expects_the_error(cache: Path, tmp_path: Path) -> None:
    """End to end: the sdist's tests are linked at index time and shown as the error's example."""
    from errdex.pipeline import index
    from errdex.store import Store
    from errdex.views import error_view

    db = str(tmp_path / "c.db")
    summary = index("pypi:requests==2.34.2", db, cache_dir=str(cache))
    assert summary.tests_from == "requests-2.34.2.tar.gz" and summary.linked_expectations > 0
    assert f"tests from {summary.tests_from}" in summary.line()
    with Store.open(db) as store:
        _, rows = store.list_errors(repo="requests")
        [row] = [r for r in rows if r.template.startswith("Invalid URL {url!r}: No scheme supplied")]
        a = error_view(store, store.get_error(row.id)).to_json()["analysis"]
        assert any(
            ex["path"] == "tests/test_requests.py" and "test_invalid_url" in ex["source"]
            for ex in a["examples"]
        )
        assert a["tests_note"].startswith("From the requests 2.34.2 test suite")


def test_without_sdist_tests_nothing_is_fetched_and_every_error_and_match_is_the_same(
    cache: Path, tmp_path: Path
) -> None:
    """``--no-sdist-tests`` (what the regression sets index with): no sdist asked for, the page
    says why it has no examples, and the catalogue's errors, the callers the ranker counts and
    the answers to a pasted error are those of the release indexed with its sdist's tests."""
    from errdex.match import Matcher
    from errdex.pipeline import index
    from errdex.store import Store
    from errdex.views import error_view

    open_source("pypi:requests==2.34.2", cache_dir=cache)  # wheel, metadata and sdist cached
    bare = tmp_path / "bare"
    _copy_cache(cache, bare)  # no sdist in this cache, and the client below cannot connect
    seen: list[str] = []
    snap, _ = open_pypi(
        PypiSpec("requests", "2.34.2"), cache_dir=bare, limits=Limits(), progress=seen.append,
        client=_offline_client(), sdist_tests=False,
    )  # fmt: skip
    assert snap.info.tests_archive is None and snap.info.tests_unread == "requests-2.34.2.tar.gz"
    assert not any(f.path.startswith("tests/") for f in snap.files)
    assert not any("requests-2.34.2.tar.gz" in m for m in seen)  # not even tried

    full, lean = str(tmp_path / "full.db"), str(tmp_path / "lean.db")
    with_tests = index("pypi:requests==2.34.2", full, cache_dir=str(cache))
    without = index("pypi:requests==2.34.2", lean, cache_dir=str(cache), sdist_tests=False)
    assert with_tests.tests > 0 and without.tests == 0 and without.tests_unread == "requests-2.34.2.tar.gz"
    assert "the tests of requests-2.34.2.tar.gz not read" in without.line()
    pasted = "requests.exceptions.MissingSchema: Invalid URL 'htp/x': No scheme supplied. Perhaps you meant https://htp/x?"
    seen_by: dict[str, object] = {}
    for db in (full, lean):
        with Store.open(db) as store:
            _, rows = store.list_errors(repo="requests")
            sites = sorted((r.kind, r.exc_type, r.template, r.path, r.function, r.line) for r in rows)
            callers = store.site_callers(1)
            res = Matcher.load(store).explain(pasted)
            answers = [(m.path, m.line, m.template, round(m.score, 9)) for m in res.matches]
            seen_by[db] = (sites, callers, answers)
            if db == lean:
                [row] = [r for r in rows if r.template.startswith("Invalid URL {url!r}: No scheme supplied")]
                note = error_view(store, store.get_error(row.id)).to_json()["analysis"]["tests_note"]
                assert "its sdist (requests-2.34.2.tar.gz) was not read" in note
    sites, callers, answers = seen_by[full]  # type: ignore[misc]
    assert len(sites) > 50 and callers and answers
    assert seen_by[lean] == seen_by[full]


def test_without_tests_the_wheels_own_tests_are_left_out_and_every_error_and_match_is_the_same(
    tmp_path: Path,
) -> None:
    """``tests=False`` (``errdex index --no-tests``; what the regression sets index with) on a
    real wheel that ships its tests (aioitertools 0.13.0, ``aioitertools/tests/``): those files
    are left out, the library's are all kept, and the catalogue's errors, the callers the ranker
    counts and the answers to a pasted traceback are those of the release indexed whole."""
    from errdex.match import Matcher
    from errdex.pipeline import index
    from errdex.store import Store

    spec = "pypi:aioitertools==0.13.0"
    whole = open_source(spec)
    lean_snap = open_source(spec, tests=False)
    tests = {f.path for f in whole.files} - {f.path for f in lean_snap.files}
    assert len(tests) > 3 and all(p.startswith("aioitertools/tests/") for p in tests)
    assert not any("/tests/" in f.path for f in lean_snap.files)

    full, lean = str(tmp_path / "full.db"), str(tmp_path / "lean.db")
    with_tests = index(spec, full)
    without = index(spec, lean, tests=False)
    assert with_tests.tests > 0 and without.tests == 0
    pasted = (
        "Traceback (most recent call last):\n"
        '  File "/venv/lib/python3.12/site-packages/aioitertools/builtins.py", line 249, in max\n'
        "    value = await next(it)\n"
        "ValueError: iterable is empty and no default value given"
    )
    seen_by: dict[str, object] = {}
    for db in (full, lean):
        with Store.open(db) as store:
            _, rows = store.list_errors(repo=with_tests.repo)
            sites = sorted((r.kind, r.exc_type, r.template, r.path, r.function, r.line) for r in rows)
            res = Matcher.load(store).explain(pasted)
            answers = [(m.path, m.line, m.template, round(m.score, 9)) for m in res.matches]
            seen_by[db] = (sites, store.site_callers(1), answers)
    sites, _callers, answers = seen_by[full]  # type: ignore[misc]
    assert len(sites) > 10 and answers and answers[0][0] == "aioitertools/builtins.py"
    assert seen_by[lean] == seen_by[full]
