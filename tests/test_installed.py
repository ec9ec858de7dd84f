"""Installed distributions as snapshots, and ``errdex index --env`` on a real virtualenv."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = [pytest.mark.network, pytest.mark.slow]


def test_another_interpreter_is_asked_without_running_its_code(reach_venv: Path, tmp_path: Path) -> None:
    """Its site directory is found with -I -S: a .pth file that would run code is not run."""
    from reach_env import site_of

    from errdex.sources.installed import site_dirs

    site = site_of(reach_venv)
    marker = tmp_path / "pth-ran"
    (site / "zz_hostile.pth").write_text(f"import pathlib; pathlib.Path({str(marker)!r}).write_text('x')\n")
    try:
        assert site_dirs(reach_venv) == [site.resolve()]
        assert site_dirs(reach_venv.parent.parent) == [site.resolve()]  # the environment's folder works too
        assert not marker.exists()
    finally:
        (site / "zz_hostile.pth").unlink()


def test_installed_release_is_the_pypi_release(reach_venv: Path) -> None:
    """Same identity, paths and content hash as the wheel ``pypi:packaging==26.4`` gives."""
    from errdex.sources import open_source
    from errdex.sources.installed import installed_distributions, open_installed, site_dirs
    from errdex.store.sql import content_hash

    dists = {d.key: d for d in installed_distributions(site_dirs(reach_venv))}
    assert set(dists) == {"packaging", "shoplib"}
    snap, skipped = open_installed(dists["packaging"])
    wheel = open_source("pypi:packaging==26.4")
    assert skipped == []
    assert (snap.info.repo, snap.info.version, snap.info.ref_kind, snap.info.ref) == (
        wheel.info.repo, wheel.info.version, wheel.info.ref_kind, wheel.info.ref,
    )  # fmt: skip
    assert [f.path for f in snap.files] == [f.path for f in wheel.files]
    assert content_hash(snap.files) == content_hash(wheel.files)


def test_record_entries_outside_the_site_are_never_read(tmp_path: Path) -> None:
    from errdex.sources.installed import installed_distributions, open_installed

    site = tmp_path / "site-packages"
    (site / "evil-1.0.dist-info").mkdir(parents=True)
    (site / "evil").mkdir()
    (site / "evil" / "__init__.py").write_text("raise ValueError('inside')\n")
    secret = tmp_path / "secret.py"
    secret.write_text("TOKEN = 'do not read'\n")
    (site / "evil" / "link.py").symlink_to(secret)
    (site / "evil-1.0.dist-info" / "METADATA").write_text("Name: evil\nVersion: 1.0\n")
    (site / "evil-1.0.dist-info" / "RECORD").write_text(
        f"evil/__init__.py,,\n../secret.py,,\n{secret},,\nevil/link.py,,\nevil/gone.py,,\n"
    )
    (inst,) = installed_distributions([site])
    assert inst.files == ("evil/__init__.py", "evil/gone.py", "evil/link.py")
    snap, skipped = open_installed(inst)
    assert [f.path for f in snap.files] == ["evil/__init__.py"]
    assert dict(skipped) == {
        "evil/gone.py": "listed in the distribution's RECORD but not on disk",
        "evil/link.py": "symlink leaves the snapshot root (not followed)",
    }


def test_index_env_then_pypi_is_a_no_op(reach_venv: Path, tmp_path: Path) -> None:
    """Indexing the environment, then the release from PyPI: nothing changes the second time."""
    from reach_env import site_of, write_data_only_dist

    from errdex.environment import index_env
    from errdex.pipeline import index

    write_data_only_dist(site_of(reach_venv))
    db = str(tmp_path / "c.db")
    first = index_env(db, python=str(reach_venv), jobs=2)
    assert sorted(s.repo for s in first.indexed) == ["pypa/packaging", "pypi/shoplib"]
    assert first.no_python == ["datapack 2.0"] and not first.failed
    again = index_env(db, python=str(reach_venv), jobs=2)
    assert again.indexed == [] and sorted(again.unchanged) == ["packaging 26.4", "shoplib 1.0"]
    assert again.extracted == 0 and again.files == first.files
    assert not index("pypi:packaging==26.4", db).changed


def _errdex(*args: str, env: dict[str, str] | None = None, **kw: object) -> subprocess.CompletedProcess[str]:
    base = {k: v for k, v in os.environ.items() if not k.startswith("ERRDEX_DB")}
    return subprocess.run(  # type: ignore[call-overload,no-any-return]
        [sys.executable, "-m", "errdex", *args], capture_output=True, text=True, env={**base, **(env or {})},
        timeout=300, **kw,
    )  # fmt: skip


def test_cli_index_env_python(reach_venv: Path, tmp_path: Path) -> None:
    db = str(tmp_path / "cli.db")
    out = _errdex("index", "--env", "--python", str(reach_venv), "--db", db, "-j", "1")
    assert out.returncode == 0, out.stderr
    assert "distributions: 2 indexed" in out.stdout and "0 already indexed" in out.stdout
    again = _errdex("index", "--env", "--python", str(reach_venv), "--db", db, "--json")
    data = json.loads(again.stdout)
    assert data["indexed"] == [] and sorted(data["unchanged"]) == ["packaging 26.4", "shoplib 1.0"]
    both = _errdex("index", "pypi:packaging", "--env", "--db", db)
    assert both.returncode == 2 and both.stderr.count("\n") == 1
    bad = _errdex("index", "--env", "--python", str(tmp_path / "nope"), "--db", db)
    assert bad.returncode == 2 and bad.stderr == f"error: no Python interpreter at '{tmp_path / 'nope'}'\n"


def test_split_site_path() -> None:
    from errdex.sitepaths import split_site_path

    assert split_site_path("/h/u/.venv/lib/python3.12/site-packages/pandas/core/frame.py") == (
        "/h/u/.venv/lib/python3.12/site-packages", "pandas/core/frame.py",
    )  # fmt: skip
    assert split_site_path("C:\\Py\\Lib\\site-packages\\six.py") == ("C:/Py/Lib/site-packages", "six.py")
    assert split_site_path("/usr/lib/python3/dist-packages/yaml/__init__.py") == (
        "/usr/lib/python3/dist-packages", "yaml/__init__.py",
    )  # fmt: skip
    # the innermost site directory wins; a folder merely named like one at the end is no site
    assert split_site_path("/a/site-packages/b/site-packages/c.py") == (
        "/a/site-packages/b/site-packages",
        "c.py",
    )
    assert split_site_path("/home/me/app.py") is None
    assert split_site_path("/x/site-packages") is None
