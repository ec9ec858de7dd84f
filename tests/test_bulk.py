"""Bulk indexing (``errdex index --from/--top``): a real local Ray runtime, real wheels from the
registry (cached by the sources stage), a real PostgreSQL server and real git repositories."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from errdex import bulk
from errdex.bulk.specs import BulkSpec
from errdex.sources.base import SourceError
from errdex.store import Store
from errdex.store import bulk as sb

# small pure-Python wheels, pinned so the counts below do not move
SMALL = ["pypi:six==1.16.0", "pypi:idna==3.7", "pypi:iniconfig==2.0.0"]


@pytest.fixture(scope="module")
def ray_runtime() -> Iterator[None]:
    """One local Ray runtime for the module (starting one costs seconds); bulk runs join it."""
    ray = pytest.importorskip("ray")
    import logging

    ray.init(
        num_cpus=2,
        include_dashboard=False,
        logging_level=logging.WARNING,
        log_to_driver=False,
        object_store_memory=256 * 1024 * 1024,
    )
    yield
    ray.shutdown()


class _Lines:
    """Collects the progress a run reports; optionally interrupts it after some releases."""

    def __init__(self, stop_after: int | None = None) -> None:
        self.lines: list[str] = []
        self.stop_after = stop_after

    def note(self, message: str) -> None:
        self.lines.append(message)

    def release_done(self, source: str, outcome: str, status: bulk.Status) -> None:
        self.lines.append(f"{status.line()} {source}: {outcome}")
        if self.stop_after is not None and status.done >= self.stop_after:
            raise KeyboardInterrupt


def _git_repo(path: Path) -> Path:
    path.mkdir()
    (path / "mod.py").write_text("def f(x):\n    raise ValueError(f'bad value {x}')\n")
    env = {
        "GIT_AUTHOR_NAME": "t",
        "GIT_AUTHOR_EMAIL": "t@t",
        "GIT_COMMITTER_NAME": "t",
        "GIT_COMMITTER_EMAIL": "t@t",
    }
    for cmd in (["init", "-q"], ["add", "."], ["commit", "-qm", "one"]):
        subprocess.run(["git", "-C", str(path), *cmd], check=True, env={**env, "PATH": "/usr/bin:/bin"})
    return path


def test_spec_file_lines_comments_and_releases(tmp_path: Path) -> None:
    f = tmp_path / "specs.txt"
    f.write_text("# the ecosystem\n\npypi:six\npypi:idna --releases 3   # recent ones\npypi:attrs==23.2.0\n")
    assert bulk.read_spec_file(f) == [
        BulkSpec("pypi:six", 1, f"{f}:3"),
        BulkSpec("pypi:idna", 3, f"{f}:4"),
        BulkSpec("pypi:attrs==23.2.0", 1, f"{f}:5"),
    ]
    f.write_text("pypi:jax>=0.4.30,<0.5 --releases 2\n")
    assert bulk.read_spec_file(f) == [BulkSpec("pypi:jax>=0.4.30,<0.5", 2, f"{f}:1")]
    f.write_text("pypi:six\npypi:attrs==23.2.0 --releases 2\n")
    with pytest.raises(SourceError, match=r"specs.txt:2: --releases needs an unpinned pypi:NAME"):
        bulk.read_spec_file(f)
    f.write_text("pypi:six --releases many\n")
    with pytest.raises(SourceError, match=r"specs.txt:1: --releases takes a number"):
        bulk.read_spec_file(f)
    f.write_text("pypi:bad name!\n")
    with pytest.raises(SourceError, match=r"specs.txt:1: invalid PyPI source"):
        bulk.read_spec_file(f)


def test_ranking_with_a_header_a_bare_list_and_duplicates(tmp_path: Path) -> None:
    tsv = tmp_path / "top.tsv"
    tsv.write_text("rank\tname\n1\tboto3\n2\tpackaging\n3\tBoto3\n4\turllib3\n")
    assert [s.source for s in bulk.read_ranking(tsv, 3)] == ["pypi:boto3", "pypi:packaging", "pypi:urllib3"]
    bare = tmp_path / "names.txt"
    bare.write_text("1 six\n2 idna\n")
    assert [(s.source, s.releases) for s in bulk.read_ranking(bare, 10, releases=2)] == [
        ("pypi:six", 2),
        ("pypi:idna", 2),
    ]
    bare.write_text("six\n../etc/passwd\n")
    with pytest.raises(SourceError, match=r"names.txt:2: not a project name"):
        bulk.read_ranking(bare, 10)


@pytest.mark.network
def test_releases_of_one_project_go_to_one_task_in_their_order() -> None:
    from errdex.bulk.specs import Release

    todo = [
        Release("pypi:Foo_Bar==1.0"), Release("pypi:six==1.0"), Release("pypi:foo-bar==1.1"),
        Release("git:/src/lib@v1"), Release("pypi:foo-bar==1.2"), Release("pypi:six==1.1"),
    ]  # fmt: skip
    groups = [[r.source for r in g] for g in bulk.group_releases(todo, size=2)]
    assert groups == [
        ["pypi:Foo_Bar==1.0", "pypi:foo-bar==1.1"],
        ["pypi:six==1.0", "pypi:six==1.1"],
        ["git:/src/lib@v1"],
        ["pypi:foo-bar==1.2"],  # past the size: a task of its own
    ]


def test_releases_are_picked_as_errdex_index_picks_them(tmp_path: Path) -> None:
    """``--releases N`` and a version range name the releases ``errdex index`` would index
    (``sources.releases``), oldest first, each pinned to the archive errdex will read."""
    import httpx

    from errdex.bulk.specs import resolve
    from errdex.sources.releases import expand_releases

    cache = tmp_path / "cache"
    with httpx.Client(follow_redirects=True, timeout=30.0) as http:
        latest = resolve(BulkSpec("pypi:iniconfig", 2), cache_dir=cache, http=http)
        ranged = resolve(BulkSpec("pypi:iniconfig>=1.0,<2.0"), cache_dir=cache, http=http)
    plan = expand_releases("pypi:iniconfig", releases=2, cache_dir=cache)
    assert plan is not None and [r.source for r in latest] == plan.specs
    # iniconfig's 1.x releases, as PyPI lists them (history does not change)
    assert [r.source for r in ranged] == [
        f"pypi:iniconfig=={v}" for v in ("1.0.0", "1.0.1", "1.1.0", "1.1.1")
    ]
    assert all(r.sha256 is not None and len(r.sha256) == 64 for r in [*latest, *ranged])


@pytest.mark.slow
@pytest.mark.network
@pytest.mark.parametrize("db_url", ["postgresql"], indirect=True)
def test_ray_indexes_real_wheels_into_postgresql_and_reports_the_broken_ones(
    ray_runtime: None, db_url: str, tmp_path: Path
) -> None:
    repo = _git_repo(tmp_path / "lib")
    specs = [
        *(BulkSpec(s) for s in SMALL),
        BulkSpec("pypi:six==0.0.0.404"),  # no such release: fails while resolving
        BulkSpec(f"git:{repo}@no-such-revision"),  # fails inside its Ray task
    ]
    lines = _Lines()
    report = bulk.run(specs, db_url, workers=2, progress=lines)
    assert (report.engine, report.workers, report.total, report.indexed) == ("ray", 2, 5, 3)
    assert [s for s, _ in report.failed] == ["pypi:six==0.0.0.404", f"git:{repo}@no-such-revision"]
    assert "no such version on PyPI" in report.failed[0][1]
    assert "no-such-revision" in report.failed[1][1]
    assert any(line.startswith("5/5 releases") or " releases, " in line for line in lines.lines)
    with Store.open(db_url) as store:
        assert sb.failures(store) == sorted(report.failed)
        assert {r.name for r in store.repos()} >= {"benjaminp/six", "kjd/idna"}
        assert report.records == sum(1 for _ in store.iter_entries()) > 50
        # one query searches every codebase: the stored index knows all three releases
        from errdex.match import Matcher

        matcher = Matcher.load(store)
        for query, repo in [
            ("NotImplementedError: IDNA 2008 does not utilise nameprep protocol", "kjd/idna"),
            ("ImportError: This loader does not know module foo.bar", "benjaminp/six"),
        ]:
            top = matcher.explain(query).matches
            assert top and (top[0].repo, top[0].approximate) == (repo, False)


@pytest.mark.slow
@pytest.mark.network
def test_an_interrupted_run_resumes_without_redoing_a_finished_release(
    ray_runtime: None, tmp_path: Path
) -> None:
    db = str(tmp_path / "bulk.db")
    specs = [BulkSpec(s) for s in SMALL]
    with pytest.raises(KeyboardInterrupt):
        bulk.run(specs, db, workers=2, progress=_Lines(stop_after=1))
    with Store.open(db) as store:
        first = {(r.name, s.version, s.indexed_at) for r in store.repos() for s in r.snapshots}
        assert len(first) == 1  # the one release stored before the interruption, whole
        report = bulk.run(specs, db, workers=2)
        assert len(report.skipped) == 1 and report.indexed == 2 and not report.failed
        after = {(r.name, s.version, s.indexed_at) for r in store.repos() for s in r.snapshots}
        assert first < after and len(after) == 3  # the finished one untouched (same indexed_at)
        again = bulk.run(specs, db, engine="local")
        assert (len(again.skipped), again.indexed, again.records) == (3, 0, 0)


def _catalogue_facts(db: str) -> dict[str, list[tuple[object, ...]]]:
    """What a catalogue holds, without its surrogate ids and timestamps: equal for two
    catalogues that stored the same releases the same way."""
    from sqlalchemy import text

    queries = {
        "snapshots": "SELECT r.name, s.version, s.content_hash, s.stats FROM snapshots s "
        "JOIN repos r ON r.id = s.repo_id",
        "errors": "SELECT * FROM errors",
        "bodies": "SELECT digest, error_id, level, guards FROM occurrence_bodies",
        "places": "SELECT s.version, b.digest, p.line, p.window_before FROM occurrence_places p "
        "JOIN occurrence_bodies b ON b.id = p.body_id JOIN snapshots s ON s.id = p.snapshot_id",
        "extractions": "SELECT blob_sha, producer, path, has_code, data FROM extractions",
        "lineage": "SELECT error_id, lineage FROM error_lineage",
        "code_facts": "SELECT blob_sha, producer FROM code_facts",
        "symbols": "SELECT s.version, y.name FROM symbols y JOIN snapshots s ON s.id = y.snapshot_id",
    }
    with Store.open(db) as store, store.engine.connect() as conn:
        return {
            name: sorted((tuple(map(_plain, row)) for row in conn.execute(text(sql))), key=repr)
            for name, sql in queries.items()
        }


def _plain(value: object) -> object:
    """A value as both backends give it back to raw SQL (JSON parsed, booleans as 0/1)."""
    import json

    if isinstance(value, str) and value[:1] in ("[", "{"):
        try:
            return json.loads(value)
        except ValueError:  # text that only starts like JSON (a template)
            return value
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, memoryview):
        return bytes(value)
    return value


@pytest.mark.network
@pytest.mark.parametrize("engine", ["local", "ray"])
def test_a_bulk_run_stores_what_errdex_index_stores(
    db_url: str, tmp_path: Path, engine: str, request: pytest.FixtureRequest
) -> None:
    """Two releases of one project, through a bulk run (one task: the second release reuses
    the first's unchanged files) and through ``errdex index``: the same records, shared
    occurrence bodies, extraction cache, code facts and lineages."""
    from errdex.pipeline import index_releases

    if engine == "ray":
        request.getfixturevalue("ray_runtime")
    releases = ["pypi:iniconfig==2.0.0", "pypi:iniconfig==2.1.0"]
    plain = str(tmp_path / "plain.db")
    summaries = index_releases(releases, plain, jobs=1)
    report = bulk.run([BulkSpec(s) for s in releases], db_url, engine=engine)  # type: ignore[arg-type]
    assert (report.indexed, report.failed) == (2, [])
    # the files the second release did not change were parsed once, as by ``errdex index``
    assert report.reused_files == summaries[1].reused > 0
    got, want = _catalogue_facts(db_url), _catalogue_facts(plain)
    assert got == want
    assert len(got["snapshots"]) == 2 and got["extractions"] and got["code_facts"]
    # each error of both releases belongs to a lineage; bodies unchanged across them are stored once
    assert {e for e, _ in got["lineage"]} == {row[0] for row in got["errors"]}
    assert len(got["bodies"]) < len(got["places"])


def test_a_run_that_fails_before_indexing_closes_its_catalogue(tmp_path: Path) -> None:
    """A bulk run that stops before its first release (here the cache directory is a file, so
    resolving the spec cannot write there) leaves no connection to the garbage collector."""
    import gc
    import warnings

    cache = tmp_path / "cache"
    cache.write_text("a file, not a directory")
    with warnings.catch_warnings():  # what earlier tests left to the collector is not this test's
        warnings.simplefilter("ignore", ResourceWarning)
        gc.collect()
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always", ResourceWarning)
        with pytest.raises(NotADirectoryError):
            bulk.run(
                [BulkSpec("pypi:six==1.16.0", 1, "x")],
                str(tmp_path / "c.db"),
                engine="local",
                cache_dir=str(cache),
            )
        gc.collect()
    assert [str(w.message) for w in seen if issubclass(w.category, ResourceWarning)] == []


def test_the_cli_refuses_mixed_or_incomplete_bulk_options(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from errdex.cli import app

    runner = CliRunner()
    db = str(tmp_path / "x.db")
    specs = tmp_path / "specs.txt"
    specs.write_text("pypi:six\n")
    top = ["--top", "3", "--ranking", "r.tsv"]
    for args, message in [
        (["index", "--db", db], "give one of SOURCE, --env (with --python for another environment), --from"),
        (["index", "pypi:six", *top, "--db", db], "not SOURCE and --top N"),
        (["index", "--env", "--from", str(specs), "--db", db], "not --env and --from FILE"),
        (["index", "--top", "3", "--db", db], "--top N and --ranking FILE go together"),
        (["index", "pypi:six", "--workers", "2", "--db", db], "--workers and --ray-address are for --from"),
        (
            ["index", "--from", str(specs), "--releases", "2", "--db", db],
            "--releases goes on the lines of FILE",
        ),
        ([*["index", *top], "--tags", "v*", "--db", db], "--tags is for one git SOURCE"),
        ([*["index", *top], "--jobs", "2", "--db", db], "--workers sets how many releases"),
        (["index", "--env", "--releases", "2", "--db", db], "--env indexes the installed version"),
        (["index", "--env", "--no-sdist-tests", "--db", db], "--no-sdist-tests goes with a SOURCE"),
        (["index", "--from", str(tmp_path / "missing.txt"), "--db", db], "cannot read"),
    ]:
        result = runner.invoke(app, args)
        assert result.exit_code == 2, (args, result.output)
        assert message in result.stderr
    assert not Path(db).exists()


@pytest.mark.slow
@pytest.mark.network
def test_the_cli_indexes_a_spec_file_and_reports_what_failed(ray_runtime: None, tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from errdex.cli import app

    specs = tmp_path / "specs.txt"
    specs.write_text("# two projects\npypi:six==1.16.0\npypi:no-such-project-errdex-test\n")
    db = str(tmp_path / "x.db")
    result = CliRunner().invoke(app, ["index", "--from", str(specs), "--db", db])
    assert result.exit_code == 0, result.output
    assert "1 releases indexed, 0 already indexed, 0 unchanged, 1 failed" in result.stdout
    assert "failed pypi:no-such-project-errdex-test: no such project on PyPI" in result.stderr
    assert "[1/1 releases, " in result.stderr and "pypi:six==1.16.0: benjaminp/six 1.16.0" in result.stderr
    again = CliRunner().invoke(app, ["index", "--from", str(specs), "--db", db, "--json"])
    assert again.exit_code == 0
    import json

    report = json.loads(again.stdout)
    assert (report["indexed"], report["skipped"], len(report["failed"])) == (0, ["pypi:six==1.16.0"], 1)


def test_a_ray_address_with_nothing_there_fails_at_once_naming_it(tmp_path: Path) -> None:
    """``--ray-address`` to a port nothing listens on: exit 1 and one line naming the address,
    within the join timeout (``ray.init`` alone would retry for as long as the process lives).
    A fresh process, so that no Ray runtime of this session is the one joined."""
    import socket
    import sys

    pytest.importorskip("ray")
    pkg = tmp_path / "pkg" / "tinylib"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("def f(x):\n    raise ValueError(f'bad {x}')\n")
    specs = tmp_path / "specs.txt"
    specs.write_text(f"{tmp_path / 'pkg'}\n")
    with socket.socket() as s:  # a port that was free a moment ago and has no listener now
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    address = f"127.0.0.1:{port}"
    db = tmp_path / "x.db"
    args = ["index", "--from", str(specs), "--db", str(db), "--ray-address", address]
    done = subprocess.run(
        [sys.executable, "-m", "errdex.cli", *args],
        capture_output=True,
        text=True,
        timeout=bulk.JOIN_TIMEOUT + 60,
    )
    assert done.returncode == 1, done.stderr[-2000:]
    last = done.stderr.strip().splitlines()[-1]
    assert f"cannot join the Ray cluster at {address}: nothing accepts a connection" in last, done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize(
    ("address", "target"),
    [
        ("10.1.2.3:6379", ("10.1.2.3", 6379)),
        ("ray://head.example:10001", ("head.example", 10001)),
        ("[::1]:6379", ("::1", 6379)),
        ("auto", None),
        ("local", None),
        ("head", None),
    ],
)
def test_the_join_check_reads_the_address_forms_ray_takes(
    address: str, target: tuple[str, int] | None
) -> None:
    """``HOST:PORT``, ``ray://HOST:PORT`` and a bracketed IPv6 host are checked at that host and
    port before ``ray.init``; ``auto`` and ``local`` are left to Ray (they fail at once)."""
    assert bulk.join_target(address) == target
