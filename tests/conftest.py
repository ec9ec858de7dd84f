"""Shared fixtures: the real jax 0.10.2 release, downloaded once and cached (sha256-verified).

The wheel is fetched from PyPI by errdex's own sources stage into its cache dir, so the first run
needs the registry and later runs need nothing. Its catalogue is built once per test run and
shared by every xdist worker (``jax_db``); a test that uses the release is marked ``slow``.
"""

from __future__ import annotations

import itertools
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from errdex.model import Snapshot

JAX = "pypi:jax==0.10.2"
TESTS = str(Path(__file__).parent)
sys.path.insert(0, TESTS)  # test helpers (pg_server) import by name


def _opened_by_test_code() -> bool:
    """Whether the catalogue handle being opened was asked for by a test's own code: the first
    caller outside ``errdex.store`` (``Store.open``, ``open_reader``) is a file of ``tests/``."""
    frame = sys._getframe(2)
    while frame is not None and f"{os.sep}errdex{os.sep}store{os.sep}" in frame.f_code.co_filename:
        frame = frame.f_back  # type: ignore[assignment]
    return frame is not None and frame.f_code.co_filename.startswith(TESTS)


@pytest.fixture(autouse=True)
def close_test_handles(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Close, when a test ends, the catalogue handles its own code opened.

    errdex closes every handle it opens itself, and ``filterwarnings = error`` holds it to that:
    a connection left to the garbage collector is a ``ResourceWarning`` that fails whichever test
    is running when it is collected. Tests close what they open too (``with Store.open(db) as
    store``); this is the backstop for one that forgets, so its leak cannot land in a later test.
    A module- or session-scoped fixture opens before this one runs and closes its own (a ``with``
    around its ``yield``).
    """
    from errdex.store.fast import SQLiteReader
    from errdex.store.sql import Store

    opened: list[Any] = []
    for cls in (Store, SQLiteReader):
        init = cls.__init__

        def tracked(self: Any, *args: Any, __init: Any = init, **kwargs: Any) -> None:
            __init(self, *args, **kwargs)
            if _opened_by_test_code():
                opened.append(self)

        monkeypatch.setattr(cls, "__init__", tracked)
    yield
    for handle in opened:
        handle.close()


@pytest.fixture(scope="session")
def jax_snapshot() -> Snapshot:
    from errdex.sources import open_source

    return open_source(JAX)


@pytest.fixture(scope="session")
def jax_db(tmp_path_factory: pytest.TempPathFactory, shared_extractions: Path) -> str:
    """A catalogue holding jax 0.10.2, built once per test run by the real pipeline.

    xdist workers share it: the first to take the lock indexes, the others wait and reuse it.
    The file is named by the producer digest, so a run never reads a catalogue that different
    extraction code wrote. Tests read it (a private copy is made by those that write). It is
    the run's first catalogue, so its files are parsed; it leaves them in the run's shared
    extraction cache, where ``test_history_jax`` finds the files jax 0.11.2 did not change.
    """
    from filelock import FileLock

    from errdex.pipeline import index, producer_digest
    from errdex.store.sharedcache import ENV

    base = tmp_path_factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base  # one dir per run
    db = shared / f"jax-{producer_digest()}.db"
    done = db.with_suffix(".done")
    with FileLock(str(db.with_suffix(".lock"))):
        if not done.exists():
            with pytest.MonkeyPatch.context() as mp:
                mp.setenv(ENV, str(shared_extractions))
                index(JAX, str(db))
            done.touch()
    return str(db)


@pytest.fixture(scope="session")
def shared_extractions(tmp_path_factory: pytest.TempPathFactory, pytestconfig: pytest.Config) -> Path:
    """One extraction cache (``ERRDEX_EXTRACTION_CACHE``) for the real releases this run indexes
    more than once, by either xdist worker: 73 releases are pinned by two to eight regression
    sets each (pyyaml, pydantic, numpy, pandas, ...), scikit-learn 1.9.1 by sets and
    ``test_explain_catalogue``, the five of ``test_trial_releases`` by the sets issues, runtime
    and popular, and jax 0.11.2 keeps about half of jax 0.10.2's files (``jax_db``,
    ``test_history_jax``); the second to index a file reads its facts instead of parsing it.
    Its catalogue is the same (``test_history_reuse``), so the scores and answers are too.

    It lives in the pytest cache dir beside the sets' catalogues (``errdex-extractions``), so it
    outlasts the run as they do: a set added, or one whose pins changed, borrows the releases
    the other sets' catalogues were built from in an earlier run instead of parsing them again
    (a clean clone starts it empty, as before). The extractor's digest names its folder
    (``SharedExtractions``): the folders of other digests are never read again and are removed
    here, so it holds one extractor's entries, at most one per distinct file the suite indexes
    (~107k files, ~0.7 GB, ~1 GB on disk, for the 97 sets: docs/measurements/ci10b.md; the run's
    temp dir held as much, and pytest keeps three runs' temp dirs). Without the cache plugin
    (``-p no:cacheprovider``), one folder of the run's temp dir, as before."""
    import shutil

    from errdex.pipeline import producer_digest

    cache = getattr(pytestconfig, "cache", None)
    if cache is None:
        base = tmp_path_factory.getbasetemp()
        shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base  # one dir per run
        return shared / "extractions"
    root = Path(cache.mkdir("errdex-extractions"))
    current = producer_digest()
    for stale in root.iterdir():
        if stale.name != current and stale.is_dir():
            shutil.rmtree(stale, ignore_errors=True)
    return root


_RELEASE_FIXTURES = frozenset({"jax_db", "jax_snapshot"})


def pytest_sessionstart(session: pytest.Session) -> None:
    """Start downloading the regression sets' releases when this run will index them (the whole
    suite, or ``test_regression_sets.py`` named): in the controller only, where xdist leaves a
    core's worth of waiting free (``regression_score.prefetch``)."""
    config = session.config
    if hasattr(config, "workerinput") or not _runs_the_sets(config):
        return
    import regression_score as rs

    session.config.stash[_STOP_PREFETCH] = rs.prefetch(rs.discover_sets())


def pytest_sessionfinish(session: pytest.Session) -> None:
    """A run of a few tests ends when they do, not when the prefetch would have."""
    stop = session.config.stash.get(_STOP_PREFETCH, None)
    if stop is not None:
        stop()


_STOP_PREFETCH = pytest.StashKey[Callable[[], None]]()


def _runs_the_sets(config: pytest.Config) -> bool:
    sets = Path(TESTS, "test_regression_sets.py")
    for arg in config.args:
        target = Path(arg.split("::", 1)[0]).resolve()
        if target == sets or (target.is_dir() and sets.is_relative_to(target)):
            return True
    return False


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--gc-each-test",
        action="store_true",
        help="run the cyclic collector after every test, so an object a test leaked (an unclosed "
        "connection: a ResourceWarning) fails that test, not whichever test runs when it is "
        "collected (~0.1 s a test: for hunting a leak, not for every run)",
    )


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_teardown(item: pytest.Item) -> None:
    if item.config.getoption("--gc-each-test"):
        import gc

        gc.collect()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """A test that reads the real jax release takes seconds to minutes: mark it ``slow``. Then
    order the tests and choose the modules that go whole to one xdist worker (``_schedule``)."""
    for item in items:
        if _RELEASE_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.slow)
    units = _schedule(items)
    worker = getattr(config, "workerinput", {}).get("workerid")
    cache = getattr(config, "cache", None)  # absent under ``-p no:cacheprovider``
    if worker == "gw0" and cache is not None:  # read by the controller's scheduler
        cache.set(_UNITS_KEY, units)


_UNITS_KEY = "errdex/xdist-module-units"


def _module_scoped(item: pytest.Item) -> bool:
    """Whether the test uses a module-scoped fixture: one built once for its module (a
    catalogue indexed, a browser, a Ray runtime, a server), costing seconds to minutes."""
    info = getattr(item, "_fixtureinfo", None)
    if info is None:
        return False
    return any(
        defs and defs[-1].scope == "module"
        for defs in (info.name2fixturedefs.get(name) for name in info.names_closure)
    )


def _module(nodeid: str) -> str:
    return nodeid.split("::", 1)[0]


def _schedule(items: list[pytest.Item]) -> dict[str, str]:
    """Order the tests for two xdist workers and return the modules to run whole on one worker
    (module -> its work unit), so the workers share the work without repeats and end together.

    - A module whose tests use a module-scoped fixture is one work unit: one worker runs all
      of it and builds the fixture once. Dealt out test by test, both workers built it.
    - The modules reading the jax release (``_RELEASE_FIXTURES``) are one unit together: its
      catalogue is built once per run under a lock, and a second worker needing it meanwhile
      would wait, idle, for the first to finish indexing.
    - Work units start longest first, so the short ones fill in at the end: modules (and the
      regression sets, each a release set indexed) holding a ``slow`` test, then the other
      whole modules, then the rest, each in collection order. Whole modules move, never single
      tests, so a module's tests stay together and its fixtures are built once per worker.

    The order changes no test's meaning: the tests are independent (the suite runs in any split
    across workers).
    """
    by_module: dict[str, list[pytest.Item]] = {}
    for item in items:
        by_module.setdefault(_module(item.nodeid), []).append(item)
    units = {m: m for m, tests in by_module.items() if any(_module_scoped(t) for t in tests)}
    for m, tests in by_module.items():
        if any(_RELEASE_FIXTURES & set(getattr(t, "fixturenames", ())) for t in tests):
            units[m] = JAX
    rank = {m: 2 for m in by_module} | {m: 1 for m in units}
    rank |= {m: 0 for m, tests in by_module.items() if any(t.get_closest_marker("slow") for t in tests)}
    rank |= {m: -1 for m, unit in units.items() if unit == JAX}  # the longest unit
    items.sort(key=lambda item: rank[_module(item.nodeid)])
    return units


@pytest.hookimpl(optionalhook=True)  # an xdist hook: unknown when xdist is off (-p no:xdist)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """xdist's ``loadscope`` scheduling with ``_schedule``'s units: a grouped module whole,
    every other test on its own (``--dist loadgroup``'s marks would do this, but xdist 3.8 sets
    them through a node attribute pytest 9 no longer reads). Units go out in collection order
    (``--no-loadscope-reorder``): the order ``_schedule`` made. Only for xdist's default
    (``-n N`` alone); another ``--dist`` is xdist's own."""
    if config.getvalue("dist") != "load":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class ModuleGroups(LoadScopeScheduling):  # type: ignore[misc]
        units: dict[str, str] | None = None

        def _split_scope(self, nodeid: str) -> str:
            if self.units is None:  # the workers have collected (and chosen) by now
                cache = getattr(config, "cache", None)  # absent under ``-p no:cacheprovider``
                self.units = dict(cache.get(_UNITS_KEY, {}) if cache else {})
            return self.units.get(_module(nodeid), nodeid)

    config.option.loadscopereorder = False
    return ModuleGroups(config, log)


@pytest.fixture(scope="session")
def pg_base_url() -> Iterator[str]:
    """One real PostgreSQL server per test process (Debian's postgresql, Unix socket only)."""
    import pg_server

    if not pg_server.available():
        pytest.skip("PostgreSQL server binaries are not installed (apt-get install postgresql)")
    with pg_server.postgres_server() as url:
        yield url


_pg_databases = itertools.count()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh, empty catalogue URL on each backend the store supports."""
    if request.param == "sqlite":
        return str(tmp_path / "catalogue.db")
    from sqlalchemy import create_engine, text

    base = request.getfixturevalue("pg_base_url")
    name = f"t{os.getpid()}_{next(_pg_databases)}"
    engine = create_engine(base, isolation_level="AUTOCOMMIT")
    with engine.connect() as conn:
        conn.execute(text(f"CREATE DATABASE {name}"))
    engine.dispose()
    return base.replace("/catalogue?", f"/{name}?")


@pytest.fixture(scope="session")
def reach_venv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A real virtualenv holding packaging 26.4 (from the registry cache) and shoplib; its python."""
    from reach_env import make_venv

    return make_venv(tmp_path_factory.mktemp("reach") / "venv")


@pytest.fixture(scope="session")
def reach_db(reach_venv: Path, tmp_path_factory: pytest.TempPathFactory) -> str:
    """A catalogue of everything installed in ``reach_venv``, indexed from its files on disk."""
    from errdex.environment import index_env

    db = str(tmp_path_factory.mktemp("reachdb") / "env.db")
    summary = index_env(db, python=str(reach_venv), jobs=1)
    assert {s.repo for s in summary.indexed} == {"pypa/packaging", "pypi/shoplib"}, summary.line()
    return db
