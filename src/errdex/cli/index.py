"""``errdex index``: the one command that writes a catalogue, one release or several."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from errdex.cli.errors import EXIT_FAILURE, EXIT_INTERRUPTED, EXIT_USAGE, fail, interruptible
from errdex.options import DbOpt, JsonOpt
from errdex.textsafe import printable

if TYPE_CHECKING:
    from errdex.cli.progress import ProgressBar
    from errdex.environment import EnvSummary
    from errdex.pipeline import IndexSummary


def index(
    source: Annotated[
        str | None,
        typer.Argument(
            help="What to index: a directory; a git repo PATH_OR_URL@REV (git:PATH for HEAD); "
            "or a PyPI release pypi:NAME==VERSION / pypi:NAME (latest). Or use --env, --from or --top.",
            show_default=False,
        ),
    ] = None,
    env: Annotated[
        bool,
        typer.Option(
            "--env",
            help="Index every distribution installed in this Python (or --python's), at its installed "
            "version, from the files on disk; releases already indexed are skipped.",
        ),
    ] = False,
    python: Annotated[
        str | None,
        typer.Option(
            "--python",
            help="With --env: another interpreter or environment folder (a virtualenv, a conda env). "
            "It is asked for its site directories with -I -S; none of its code runs.",
            show_default=False,
        ),
    ] = None,
    db: DbOpt = None,
    jobs: Annotated[
        int | None, typer.Option("--jobs", "-j", help="Worker processes for extraction (default: all cores).")
    ] = None,
    releases: Annotated[
        int | None,
        typer.Option(
            "--releases",
            help="Index the latest N releases (PyPI) or tags (with --tags); with --top, of each project.",
            min=1,
        ),
    ] = None,
    tags: Annotated[
        str | None,
        typer.Option("--tags", help="Index every git tag matching this glob ('v*'), oldest first."),
    ] = None,
    sdist_tests: Annotated[
        bool,
        typer.Option(
            "--sdist-tests/--no-sdist-tests",
            help="For a PyPI release whose wheel ships no tests, also fetch its sdist for them (the "
            "examples on error pages). --no-sdist-tests skips that download: the same errors and "
            "matches, pages without examples from tests.",
        ),
    ] = True,
    tests: Annotated[
        bool,
        typer.Option(
            "--tests/--no-tests",
            help="Index the codebase's tests too (the examples on error pages: the tests that "
            "expect each error). --no-tests leaves out every file under a tests/ or test/ folder "
            "(and fetches no sdist for tests): the same errors and matches, about half the time "
            "for a release that ships its tests, pages without examples from tests.",
        ),
    ] = True,
    from_file: Annotated[
        Path | None,
        typer.Option(
            "--from",
            help="Index every SOURCE in FILE on Ray: one per line, `pypi:NAME --releases N` for the N "
            "latest releases, # comments. Releases already indexed are skipped.",
            show_default=False,
        ),
    ] = None,
    top: Annotated[
        int | None,
        typer.Option(
            "--top",
            min=1,
            help="Index the N most used projects of --ranking on Ray (latest release each, or --releases).",
        ),
    ] = None,
    ranking: Annotated[
        Path | None,
        typer.Option(
            "--ranking",
            help="Project names, most used first: one per line, or a table with a `name` column (TSV, CSV).",
            show_default=False,
        ),
    ] = None,
    workers: Annotated[
        int | None,
        typer.Option("--workers", min=1, help="Ray workers for --from/--top (default: every core Ray has)."),
    ] = None,
    ray_address: Annotated[
        str | None,
        typer.Option(
            "--ray-address",
            help="Join this Ray cluster (`auto`, or ray://HEAD:10001) instead of starting a local runtime; "
            "its nodes need errdex installed with the `scale` extra. A HOST:PORT that accepts no "
            "connection within 10 s fails the command at once (exit 1).",
            show_default=False,
        ),
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """Read a codebase without running it and catalogue every error it can raise.

    One release, or what this Python has installed:

    Example:  errdex index pypi:jax==0.10.2
              errdex index ~/src/requests@v2.32.0
              errdex index ./mylib
              errdex index --env
              errdex index --env --python ~/proj/.venv/bin/python

    Several releases at once (oldest first; files unchanged since an earlier release are not
    parsed again, and each error is followed across them):

    Example:  errdex index pypi:jax --releases 20
              errdex index 'pypi:jax>=0.4.30,<0.5'
              errdex index ~/src/jax@jax-v0.4.30..jax-v0.4.35
              errdex index git:https://github.com/psf/requests --tags 'v2.3*'

    Many codebases at once, on Ray (a local runtime, or a cluster with --ray-address), into one
    catalogue (PostgreSQL for a shared one); a task takes up to 5 releases of one project and
    parses a file only when it changed since the previous one; resumable, a failing release is
    reported, not fatal:

    Example:  errdex index --from specs.txt --db postgresql+psycopg://errdex@db/catalogue
              errdex index --top 200 --ranking top-pypi.tsv --releases 5 --workers 8

    ERRDEX_EXTRACTION_CACHE=DIR shares the parse of each file between catalogues: a file that
    another catalogue's indexing parsed with DIR set is read from DIR instead (the same records).
    Processes indexing at once may share DIR (each entry is written whole, then renamed); a
    damaged entry, or a DIR that cannot be read or written, only means the file is parsed. DIR
    grows by one entry per distinct file and extractor (~6 KB a file) and is never pruned:
    clear it, or the folders of older extractors in it, when you like.
    Several releases indexed at once parse and walk again, from the second release on, only
    the changed functions and classes of a changed file, taking the others from its version
    the run parsed before (the same records); ERRDEX_STATEMENT_REUSE=0 turns that off, and =1
    does it for every run, keeping the entries in DIR for later runs too.
    """
    from errdex.cli.progress import ProgressBar
    from errdex.pipeline import IndexSummary as Summary
    from errdex.sources import SourceError, UnknownSource
    from errdex.store import StoreError

    env = env or python is not None
    _check_modes(source, env, from_file, top, ranking, jobs, releases, tags, workers, ray_address)
    if not sdist_tests and source is None:
        fail("--no-sdist-tests goes with a SOURCE (a PyPI release), not --env, --from or --top", EXIT_USAGE)
    if not tests and source is None:
        fail("--no-tests goes with a SOURCE, not --env, --from or --top", EXIT_USAGE)
    if from_file is not None or top is not None:
        with interruptible():
            _index_bulk(from_file, top, ranking, releases, db, workers, ray_address, as_json)
        return
    progress = ProgressBar(tty=sys.stderr.isatty())
    new_file = _new_catalogue_file(db)
    try:
        with interruptible():
            summary = (
                _index_env(db, python, jobs, progress)
                if env
                else _run_index(source or "", db, jobs, releases, tags, progress, as_json, sdist_tests, tests)
            )
    except SourceError as e:
        progress.close()
        _drop_if_empty(new_file)
        fail(str(e), EXIT_USAGE if env or isinstance(e, UnknownSource) else EXIT_FAILURE)
    except StoreError as e:
        progress.close()
        _drop_if_empty(new_file)
        fail(str(e), e.code)
    except KeyboardInterrupt:
        progress.close()
        _drop_if_empty(new_file)
        fail(
            "interrupted; "
            + (
                "the distributions indexed so far stay"
                if env
                else "the release being indexed was not written (releases finished before it stay)"
            ),
            EXIT_INTERRUPTED,
        )
    progress.close()
    if summary is None:  # several releases: each summary was printed as it landed
        return
    if as_json:
        print(json.dumps(summary.to_json(), indent=2))
        return
    if isinstance(summary, Summary):
        _echo_summary(summary)
        return
    for name, why in summary.failed:
        typer.echo(printable(f"failed {name}: {why}", newlines=False), err=True)
    typer.echo(printable(summary.line(), newlines=False))


def _run_index(
    source: str,
    db: str | None,
    jobs: int | None,
    releases: int | None,
    tags: str | None,
    progress: ProgressBar,
    as_json: bool,
    sdist_tests: bool = True,
    tests: bool = True,
) -> IndexSummary | None:
    """One release (its summary, printed by the caller) or several (each summary printed as it
    lands, then None)."""
    from errdex.pipeline import index as run_index
    from errdex.pipeline import index_releases
    from errdex.sources import default_cache_dir
    from errdex.sources.releases import expand_releases

    plan = expand_releases(
        source, releases=releases, tags=tags, cache_dir=default_cache_dir(), progress=progress.stage
    )
    if plan is None:
        _check_source(source)
        return run_index(source, db, jobs=jobs, progress=progress, sdist_tests=sdist_tests, tests=tests)

    def landed(summary: IndexSummary) -> None:
        if not as_json:
            progress.close()
            _echo_summary(summary)

    done = index_releases(
        plan.specs, db, jobs=jobs, progress=progress, on_summary=landed, sdist_tests=sdist_tests, tests=tests
    )
    progress.close()
    if as_json:
        print(json.dumps([x.to_json() for x in done], indent=2))
    return None


def _check_source(source: str) -> None:
    """Exit with the usage code when SOURCE itself cannot work (a malformed spec, a directory that
    is not there): the policy's 2, "what was given", not the 1 kept for a source that was well
    given but failed to open (PyPI unreachable, a broken archive)."""
    from errdex.sources import SourceError
    from errdex.sources.spec import parse_spec

    try:
        parse_spec(source)
    except SourceError as e:
        fail(str(e), EXIT_USAGE)


def _new_catalogue_file(db: str | None) -> Path | None:
    """The SQLite file this run would create (None when it exists already, or is no file)."""
    from errdex.store.urls import default_db_url, sqlite_file, to_url

    path = sqlite_file(to_url(db) if db else default_db_url())
    return path if path is not None and not path.exists() else None


def _drop_if_empty(path: Path | None) -> None:
    """A catalogue this run created and that holds no release after a failure or an interruption
    is removed (with SQLite's side files): an empty file left behind would pass for a catalogue,
    and the read commands would answer from it as if it had been indexed. One that holds a
    release (an earlier one of several, stored whole) stays."""
    from errdex.store import Store, StoreError

    if path is None or not path.exists():
        return
    try:
        with Store.open(str(path), create=False) as store:
            if store.repos():
                return
    except StoreError:
        pass  # not even a schema: only this run wrote to it
    for side in ("", "-wal", "-shm", "-journal"):
        Path(f"{path}{side}").unlink(missing_ok=True)


def _echo_summary(summary: IndexSummary) -> None:
    for path, reason in summary.skipped_files[:20]:
        typer.echo(printable(f"skipped {path}: {reason}", newlines=False), err=True)
    typer.echo(printable(summary.line(), newlines=False))


def _index_env(db: str | None, python: str | None, jobs: int | None, progress: Any) -> EnvSummary:
    from errdex.environment import index_env

    return index_env(db, python=python, jobs=jobs, progress=progress)


def _check_modes(
    source: str | None,
    env: bool,
    from_file: Path | None,
    top: int | None,
    ranking: Path | None,
    jobs: int | None,
    releases: int | None,
    tags: str | None,
    workers: int | None,
    ray_address: str | None,
) -> None:
    """One line, exit code 2, for options that cannot go together."""
    given = [
        name
        for name, on in (
            ("SOURCE", source is not None),
            ("--env", env),
            ("--from FILE", from_file is not None),
            ("--top N", top is not None),
        )
        if on
    ]
    if len(given) != 1:
        also = f", not {' and '.join(given)}" if given else ""
        fail(
            "give one of SOURCE, --env (with --python for another environment), --from FILE or --top N"
            + also,
            EXIT_USAGE,
        )
    bulk = from_file is not None or top is not None
    if (top is None) != (ranking is None):
        fail("--top N and --ranking FILE go together", EXIT_USAGE)
    if not bulk and (workers is not None or ray_address is not None):
        fail("--workers and --ray-address are for --from and --top", EXIT_USAGE)
    if bulk and jobs is not None:
        fail(
            "--jobs is for one SOURCE; --workers sets how many releases --from/--top index at once",
            EXIT_USAGE,
        )
    if bulk and tags is not None:
        fail(
            "--tags is for one git SOURCE; --from and --top index PyPI projects and single SOURCEs",
            EXIT_USAGE,
        )
    if from_file is not None and releases is not None:
        fail("with --from, --releases goes on the lines of FILE (pypi:NAME --releases N)", EXIT_USAGE)
    if env and (releases is not None or tags is not None):
        fail("--env indexes the installed version of each distribution: no --releases or --tags", EXIT_USAGE)


class _BulkLines:
    """A bulk run's progress: one plain line per release (a run is long; logs keep them)."""

    def note(self, message: str) -> None:
        typer.echo(printable(f"• {message}", newlines=False), err=True)

    def release_done(self, source: str, outcome: str, status: Any) -> None:
        typer.echo(printable(f"[{status.line()}] {source}: {outcome}", newlines=False), err=True)


def _index_bulk(
    from_file: Path | None,
    top: int | None,
    ranking: Path | None,
    releases: int | None,
    db: str | None,
    workers: int | None,
    ray_address: str | None,
    as_json: bool,
) -> None:
    """``--from`` / ``--top``: every release on Ray, failures reported at the end, never fatal."""
    from errdex import bulk
    from errdex.sources import SourceError

    try:
        if from_file is not None:
            specs = bulk.read_spec_file(from_file)
        else:
            assert ranking is not None and top is not None
            specs = bulk.read_ranking(ranking, top, releases or 1)
    except SourceError as e:
        fail(str(e), EXIT_USAGE)
    try:
        import ray  # noqa: F401
    except ImportError:
        fail("bulk indexing runs on Ray: pip install 'errdex[scale]'", EXIT_USAGE)
    try:
        with interruptible():
            report = bulk.run(specs, db, workers=workers, ray_address=ray_address, progress=_BulkLines())
    except KeyboardInterrupt:
        fail(
            "interrupted; every release stored so far stays, and the next run resumes after them",
            EXIT_INTERRUPTED,
        )
    except bulk.ClusterUnreachable as e:
        fail(str(e), EXIT_FAILURE)
    if as_json:
        print(json.dumps(report.to_json(), indent=2))
        return
    for spec, reason in report.failed:
        typer.echo(printable(f"failed {spec}: {reason}", newlines=False), err=True)
    typer.echo(printable(report.line(), newlines=False))
