"""Shared fixtures: the real jax 0.10.2 release, downloaded once and cached (sha256-verified).

The wheel is fetched from PyPI by errdex's own sources stage into its cache dir, so the first run
needs the registry and later runs need nothing.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from errdex.model import Snapshot

JAX = "pypi:jax==0.10.2"


@pytest.fixture(scope="session")
def jax_snapshot() -> Snapshot:
    from errdex.sources import open_source

    return open_source(JAX)


@pytest.fixture(scope="session")
def jax_db(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A catalogue holding jax 0.10.2, built once per test process by the real pipeline."""
    from errdex.pipeline import index

    db = str(Path(tmp_path_factory.mktemp("jaxdb")) / "jax.db")
    index(JAX, db)
    return db
