"""Command-line conventions: --version, python -m errdex, exit codes and the verdict with and
without --json, closed pipes, bad catalogues; and explain indexing what a traceback needs."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest

import errdex

PASTE = """Traceback (most recent call last):
  File "/home/someone/app.py", line 3, in <module>
    Version("1.0 beta")
  File "/home/someone/.venv/lib/python3.12/site-packages/packaging/version.py", line 466, in __init__
    raise InvalidVersion(f"Invalid version: {version!r}")
packaging.version.InvalidVersion: Invalid version: '1.0 beta'
"""


def run(*args: str, **kw: object) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("ERRDEX_DB")}
    return subprocess.run(  # type: ignore[call-overload,no-any-return]
        [sys.executable, "-m", "errdex", *args], capture_output=True, text=True, env=env, timeout=300, **kw
    )


@pytest.fixture(scope="module")
def small_db(tmp_path_factory: pytest.TempPathFactory) -> str:
    from errdex.pipeline import index

    root = tmp_path_factory.mktemp("lib") / "shop"
    root.mkdir()
    (root / "cart.py").write_text(
        "def add(item, count):\n"
        "    if count <= 0:\n"
        "        raise ValueError(f'count must be positive to add {item} to the cart, got {count}')\n"
    )
    db = str(tmp_path_factory.mktemp("db") / "c.db")
    index(str(root), db, jobs=1)
    return db


def test_version_and_module_entry() -> None:
    out = run("--version")
    assert out.returncode == 0 and out.stdout == f"errdex {errdex.__version__}\n"
    helped = run("--help")
    assert (
        helped.returncode == 0
        and "explain" in helped.stdout
        and "mcp" in helped.stdout
        and "run" in helped.stdout
    )


@pytest.mark.parametrize("as_json", [False, True])
def test_exit_codes_and_verdict(small_db: str, as_json: bool) -> None:
    flag = ["--json"] if as_json else []
    cases = [
        ("ValueError: count must be positive to add apple to the cart, got 0", 0, "exact"),
        ("ValueError: count must be positive to put an apple in a basket", 0, "approximate"),
        ("TypeError: 'NoneType' object is not subscriptable", 1, "builtin"),
        ("zqx: nothing anywhere like this", 1, "none"),
    ]
    for text, code, verdict in cases:
        out = run("explain", text, "--db", small_db, "--no-auto-index", *flag)
        assert out.returncode == code, (text, out.stdout, out.stderr)
        if as_json:
            data = json.loads(out.stdout)
            assert data["verdict"] == verdict and data["summary"], data
        else:
            assert out.stdout.strip(), text
    bad = run("explain", "x", "--db", small_db, "--limit", "nope", *flag)
    assert bad.returncode == 2


def test_no_match_names_the_command_that_would_help(small_db: str) -> None:
    out = run("explain", "zqx: nothing anywhere like this", "--db", small_db, "--no-auto-index")
    assert "errdex index --env" in out.stdout and "errdex index pypi:NAME==VERSION" in out.stdout


def test_closed_pipe_exits_quietly(small_db: str) -> None:
    with subprocess.Popen(
        [sys.executable, "-m", "errdex", "show", "--json", _any_id(small_db), "--db", small_db],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    ) as proc:  # fmt: skip
        assert proc.stdout is not None and proc.stderr is not None
        proc.stdout.read(1)
        proc.stdout.close()  # like `| head -c1`
        err = proc.stderr.read()
        proc.wait(timeout=60)
    assert err == b""


def _any_id(db: str) -> str:
    with closing(sqlite3.connect(db)) as conn:
        return str(conn.execute("select id from errors limit 1").fetchone()[0])


def test_bad_catalogues_are_one_line(tmp_path: Path) -> None:
    foreign = tmp_path / "foreign.db"
    with closing(sqlite3.connect(foreign)) as conn, conn:
        conn.execute("create table t (x)")
    text_file = tmp_path / "notes.txt"
    text_file.write_text("hello\n" * 100)
    for db, code in ((str(foreign), 2), (str(text_file), 2), ("postgresql+nosuchdriver://u@h/db", 2)):
        for args in (["explain", "ValueError: x"], ["list"], ["explain", "ValueError: x", "--json"]):
            out = run(*args, "--db", db)
            assert out.returncode == code, (db, args, out.stderr)
            assert out.stderr.startswith("error: ") and out.stderr.count("\n") == 1, out.stderr
            assert "Traceback" not in out.stderr


@pytest.mark.network
@pytest.mark.slow
def test_explain_indexes_the_installed_package_a_traceback_needs(tmp_path: Path) -> None:
    """packaging 26.4 is installed in errdex's own environment: a paste from another machine's
    traceback through packaging is answered after indexing it from the local files."""
    from importlib.metadata import version

    here = version("packaging")
    db = str(tmp_path / "auto.db")
    off = run("explain", PASTE, "--db", db, "--no-auto-index")
    assert off.returncode == 2 and "no catalogue at" in off.stderr  # nothing indexed, nothing created
    out = run("explain", PASTE, "--db", db)
    assert out.returncode == 0, out.stderr
    assert f"indexed packaging {here} from the files installed in" in out.stdout + out.stderr
    assert "the traceback may come from another version of packaging" in out.stdout + out.stderr
    assert "exact match" in out.stdout and "packaging/version.py" in out.stdout
    again = run("explain", PASTE, "--db", db, "--json")
    data = json.loads(again.stdout)
    assert data["verdict"] == "exact" and "indexed" not in data  # already there: nothing indexed


@pytest.mark.network
@pytest.mark.slow
def test_explain_without_auto_index_names_the_installed_release(small_db: str) -> None:
    from importlib.metadata import version

    out = run("explain", PASTE, "--db", small_db, "--no-auto-index", "--json")
    data = json.loads(out.stdout)
    assert out.returncode == 1 and data["verdict"] == "none"
    assert f"errdex index pypi:packaging=={version('packaging')}" in data["hint"]
    gone = PASTE.replace("packaging/version.py", "notinstalledpkg/version.py")
    out = run("explain", gone, "--db", small_db, "--json")
    data = json.loads(out.stdout)
    assert (
        data["verdict"] == "none"
        and "notinstalledpkg" in data["hint"]
        and "not installed here" in data["hint"]
    )
