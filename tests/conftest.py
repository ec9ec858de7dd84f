"""Shared fixtures: the real jax 0.10.2 release, downloaded once and cached (sha256-verified).

The wheel is fetched from PyPI by errdex's own sources stage into its cache dir, so the first run
needs the registry and later runs need nothing. Its catalogue is built once per test run and
shared by every xdist worker (``jax_db``); a test that uses the release is marked ``slow``.
"""

from __future__ import annotations

import itertools
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from errdex.model import Snapshot

JAX = "pypi:jax==0.10.2"
sys.path.insert(0, str(Path(__file__).parent))  # test helpers (pg_server) import by name


@pytest.fixture(scope="session")
def jax_snapshot() -> Snapshot:
    from errdex.sources import open_source

    return open_source(JAX)


@pytest.fixture(scope="session")
def jax_db(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A catalogue holding jax 0.10.2, built once per test run by the real pipeline.

    xdist workers share it: the first to take the lock indexes, the others wait and reuse it.
    The file is named by the producer digest, so a run never reads a catalogue that different
    extraction code wrote. Tests read it (a private copy is made by those that write).
    """
    from filelock import FileLock

    from errdex.pipeline import index, producer_digest

    base = tmp_path_factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base  # one dir per run
    db = shared / f"jax-{producer_digest()}.db"
    done = db.with_suffix(".done")
    with FileLock(str(db.with_suffix(".lock"))):
        if not done.exists():
            index(JAX, str(db))
            done.touch()
    return str(db)


_RELEASE_FIXTURES = frozenset({"jax_db", "jax_snapshot"})


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A test that reads the real jax release takes seconds to minutes: mark it ``slow``."""
    for item in items:
        if _RELEASE_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.slow)


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
