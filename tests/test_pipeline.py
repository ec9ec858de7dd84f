"""`errdex index` end to end: real directories and real git repositories into a real SQLite file."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from errdex.pipeline import index
from errdex.store import Store

ERRDEX = [sys.executable, "-m", "errdex.cli"]

LIB_V1 = '''\
"""A tiny library."""


class ConfigError(ValueError):
    pass


def load(path, strict=False):
    if not path.endswith(".toml"):
        raise ConfigError(f"expected a .toml file, got {path!r}")
    if strict:
        raise NotImplementedError("strict mode is not implemented")
    return {}
'''


def _git(repo: Path, *args: str) -> str:
    env = {
        **os.environ,
        "GIT_AUTHOR_DATE": "2024-05-01T12:00:00+00:00",
        "GIT_COMMITTER_DATE": "2024-05-01T12:00:00+00:00",
    }
    return subprocess.run(
        [
            "git",
            "-c",
            "user.name=t",
            "-c",
            "user.email=t@example.com",
            "-c",
            "init.defaultBranch=main",
            *args,
        ],
        cwd=repo,
        check=True,
        capture_output=True,
        text=True,
        env=env,
    ).stdout.strip()


def _write_lib(root: Path, body: str = LIB_V1) -> None:
    (root / "tinylib").mkdir(parents=True, exist_ok=True)
    (root / "tinylib" / "__init__.py").write_text(body)
    (root / "tests").mkdir(exist_ok=True)
    (root / "tests" / "test_load.py").write_text(
        "import pytest\nfrom tinylib import load, ConfigError\n\n"
        "def test_bad_suffix():\n    with pytest.raises(ConfigError, match='expected a .toml file'):\n"
        "        load('x.json')\n"
    )


def test_index_directory_twice_is_a_noop(tmp_path: Path, db_url: str) -> None:
    root = tmp_path / "tinylib-src"
    _write_lib(root)
    db = db_url
    first = index(str(root), db, jobs=1)
    assert first.changed
    assert (first.errors, first.tests, first.skipped) == (2, 1, 0)
    assert "1 of 1 test expectations linked to their raise sites (100%)" in first.line()
    again = index(str(root), db, jobs=1)
    assert not again.changed
    assert "nothing changed" in again.line()
    with Store.open(db) as store:
        total, rows = store.list_errors()
    assert total == 2
    assert {r.template for r in rows} == {
        "expected a .toml file, got {path!r}",
        "strict mode is not implemented",
    }


def test_index_git_revisions_share_error_ids(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    repo.mkdir()
    _git(repo, "init", "-q")
    _write_lib(repo)
    _git(repo, "add", "-A")
    _git(repo, "commit", "-qm", "v1")
    first_sha = _git(repo, "rev-parse", "HEAD")
    # v2 moves the raises down; the work tree then gets an uncommitted change that must be ignored.
    _write_lib(
        repo, '"""A tiny library, v2."""\n\nimport os\n' + LIB_V1.split('"""A tiny library."""\n', 1)[1]
    )
    _git(repo, "commit", "-qam", "v2")
    (repo / "tinylib" / "__init__.py").write_text("raise RuntimeError('uncommitted')\n")

    db = str(tmp_path / "c.db")
    old = index(f"{repo}@{first_sha}", db, jobs=1)
    new = index(f"{repo}@HEAD", db, jobs=1)
    assert old.changed and new.changed and old.snapshot_id != new.snapshot_id
    with Store.open(db) as store:
        total, rows = store.list_errors()
        assert total == 2  # the same two errors, shared by both commits
        err = store.get_error(next(r.id for r in rows if "strict" in r.template))
        assert err is not None
        lines = [o.line for o in err.occurrences]
        assert lines[1] == lines[0] + 2
        commits = [o.version.commit for o in err.occurrences]
        assert commits[0] == first_sha and len(commits[1]) == 40
        assert all((o.version.date or "").startswith("2024-05-01") for o in err.occurrences)


def test_cli_index_list_show_json(tmp_path: Path) -> None:
    root = tmp_path / "tinylib-src"
    _write_lib(root)
    db = str(tmp_path / "c.db")
    out = subprocess.run(
        [*ERRDEX, "index", str(root), "--db", db], capture_output=True, text=True, check=True
    )
    assert "2 errors" in out.stdout and "0 skipped" in out.stdout
    listed = json.loads(
        subprocess.run(
            [*ERRDEX, "list", "--db", db, "--json", "--type", "NotImpl"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    )
    assert listed["total"] == 1
    eid = listed["errors"][0]["id"]
    shown = json.loads(
        subprocess.run(
            [*ERRDEX, "show", eid, "--db", db, "--json"], capture_output=True, text=True, check=True
        ).stdout
    )
    for key in (
        "id",
        "repo",
        "version",
        "kind",
        "exc_type",
        "template",
        "expanded_template",
        "path",
        "line",
        "end_line",
        "function",
        "guards",
        "source",
        "comments",
        "docstring",
    ):
        assert key in shown, key
    assert shown["function"] == "load"
    assert shown["guards"] == ["strict"]
    assert any("strict mode is not implemented" in line for line in shown["source"]["lines"])


def test_cli_errors_are_clear(tmp_path: Path) -> None:
    r = subprocess.run(
        [*ERRDEX, "index", str(tmp_path / "missing"), "--db", str(tmp_path / "c.db")],
        capture_output=True,
        text=True,
    )
    assert r.returncode != 0
    assert "error:" in r.stderr and "missing" in r.stderr
    r = subprocess.run(
        [*ERRDEX, "show", "0123456789abcdef", "--db", str(tmp_path / "c.db")], capture_output=True, text=True
    )
    assert r.returncode != 0 and "error:" in r.stderr


@pytest.mark.parametrize("jobs", [1, 2])
def test_jobs_do_not_change_results(tmp_path: Path, jobs: int) -> None:
    root = tmp_path / "src"
    for i in range(12):
        (root / "pkg").mkdir(parents=True, exist_ok=True)
        (root / "pkg" / f"m{i}.py").write_text(f"def f{i}(x):\n    raise ValueError(f'bad {i} {{x}}')\n")
    db = str(tmp_path / f"c{jobs}.db")
    s = index(str(root), db, jobs=jobs)
    assert s.errors == 12
    with Store.open(db) as store:
        templates = sorted(r.template for r in store.list_errors()[1])
    assert templates == sorted(f"bad {i} {{x}}" for i in range(12))


def test_cli_explain_names_the_raise_and_shows_it(tmp_path: Path) -> None:
    root = tmp_path / "tinylib-src"
    _write_lib(root)
    db = str(tmp_path / "c.db")
    subprocess.run([*ERRDEX, "index", str(root), "--db", db], capture_output=True, check=True)
    out = subprocess.run(
        [*ERRDEX, "explain", "--db", db, "tinylib.ConfigError: expected a .toml file, got 'a.json'"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "exact match" in out
    assert "Thrown at tinylib/__init__.py:10" in out
    assert 'raise ConfigError(f"expected a .toml file, got {path!r}")' in out
    assert "'a.json'" in out  # the filled-in value of {path}
    nothing = subprocess.run(
        [*ERRDEX, "explain", "--db", db, "-"],
        input="KeyError: 'zzz' totally unrelated",
        capture_output=True,
        text=True,
    )
    assert nothing.returncode == 1 and "no match" in nothing.stdout.lower()


def test_library_api_explain(tmp_path: Path) -> None:
    import errdex

    root = tmp_path / "tinylib-src"
    _write_lib(root)
    db = str(tmp_path / "c.db")
    index(str(root), db, jobs=1)
    [best, *_] = errdex.explain("NotImplementedError: strict mode is not implemented", db=db)
    assert (best.path, best.line, best.function, best.approximate) == (
        "tinylib/__init__.py",
        12,
        "load",
        False,
    )
    assert errdex.explain("KeyError: 'completely unrelated words here'", db=db) == []


def test_library_explain_closes_its_reader(tmp_path: Path) -> None:
    """``errdex.explain()`` keeps the loaded index between calls, never the reader it read it
    with: no SQLite connection is left to the garbage collector (``filterwarnings = error`` would
    fail on the ``ResourceWarning`` too; collected here so the warning cannot land in a later test).
    Re-indexing (a new generation) loads the index afresh from a new reader, closed too."""
    import gc
    import warnings

    import errdex

    root = tmp_path / "tinylib-src"
    _write_lib(root)
    db = str(tmp_path / "c.db")
    index(str(root), db, jobs=1)
    paste = "tinylib.ConfigError: expected a .toml file, got 'x.json'"
    with warnings.catch_warnings():  # what earlier tests left to the collector is not this test's
        warnings.simplefilter("ignore", ResourceWarning)
        gc.collect()
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always", ResourceWarning)
        first = errdex.explain(paste, db=db)
        again = errdex.explain(paste, db=db)  # the cached index, a fresh reader
        _write_lib(root, LIB_V1.replace("expected a .toml file", "expected a TOML file"))
        assert index(str(root), db, jobs=1).changed
        reworded = errdex.explain("tinylib.ConfigError: expected a TOML file, got 'x.json'", db=db)
        gc.collect()
    assert [(m.path, m.line) for m in first] == [(m.path, m.line) for m in again]
    assert first and not first[0].approximate and first[0].path == "tinylib/__init__.py"
    assert reworded and not reworded[0].approximate and reworded[0].id != first[0].id
    assert [str(w.message) for w in seen if issubclass(w.category, ResourceWarning)] == []


def test_explain_closes_its_reader_when_indexing_a_traceback_s_package_fails(tmp_path: Path) -> None:
    """``errdex explain`` indexes the installed package a traceback runs through; when that
    package cannot be read (here a file past the single-file cap) the error propagates, and the
    reader opened for the paste is closed, not left to the garbage collector."""
    import gc
    import warnings

    from errdex import autoindex
    from errdex.sources import SourceError

    root = tmp_path / "tinylib-src"
    _write_lib(root)
    db = str(tmp_path / "c.db")
    index(str(root), db, jobs=1)
    site = tmp_path / "venv" / "lib" / "python3.13" / "site-packages"
    (site / "hugepkg-1.0.dist-info").mkdir(parents=True)
    (site / "hugepkg").mkdir()
    (site / "hugepkg" / "__init__.py").write_text("def g():\n    raise KeyError('boom')\n")
    with open(site / "hugepkg" / "big.py", "wb") as fh:
        fh.truncate(33 << 20)  # sparse: nothing on disk, one byte past the 32 MiB cap when read
    (site / "hugepkg-1.0.dist-info" / "METADATA").write_text("Name: hugepkg\nVersion: 1.0\n")
    (site / "hugepkg-1.0.dist-info" / "RECORD").write_text("hugepkg/__init__.py,,\nhugepkg/big.py,,\n")
    paste = (
        "Traceback (most recent call last):\n"
        f'  File "{site}/hugepkg/__init__.py", line 2, in g\n'
        "    raise KeyError('boom')\n"
        "KeyError: 'boom'\n"
    )
    with warnings.catch_warnings():  # what earlier tests left to the collector is not this test's
        warnings.simplefilter("ignore", ResourceWarning)
        gc.collect()
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always", ResourceWarning)
        with pytest.raises(SourceError, match="single-file cap"):
            autoindex.explain(paste, db)
        gc.collect()
    assert [str(w.message) for w in seen if issubclass(w.category, ResourceWarning)] == []
