"""``errdex index``: the one command that writes a catalogue, one release or several."""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING, Annotated, Any

import typer

from errdex.cli.errors import EXIT_FAILURE, EXIT_INTERRUPTED, EXIT_USAGE, fail
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
            "or a PyPI release pypi:NAME==VERSION / pypi:NAME (latest). Not with --env.",
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
        typer.Option("--releases", help="Index the latest N releases (PyPI) or tags (with --tags).", min=1),
    ] = None,
    tags: Annotated[
        str | None,
        typer.Option("--tags", help="Index every git tag matching this glob ('v*'), oldest first."),
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """Read a codebase without running it and catalogue every error it can raise.

    Several releases at once (oldest first; files unchanged since an earlier release are not
    parsed again, and each error is followed across them):

    Example:  errdex index pypi:jax==0.10.2
              errdex index ~/src/requests@v2.32.0
              errdex index ./mylib
              errdex index --env
              errdex index --env --python ~/proj/.venv/bin/python
              errdex index pypi:jax --releases 20
              errdex index 'pypi:jax>=0.4.30,<0.5'
              errdex index ~/src/jax@jax-v0.4.30..jax-v0.4.35
              errdex index git:https://github.com/psf/requests --tags 'v2.3*'
    """
    from errdex.cli.progress import ProgressBar
    from errdex.pipeline import IndexSummary as Summary
    from errdex.sources import SourceError
    from errdex.store import StoreError

    env = env or python is not None
    if env == (source is not None):
        fail("give either a SOURCE or --env (with --python for another environment), not both", EXIT_USAGE)
    progress = ProgressBar(tty=sys.stderr.isatty())
    try:
        summary = (
            _index_env(db, python, jobs, progress)
            if env
            else _run_index(source or "", db, jobs, releases, tags, progress, as_json)
        )
    except SourceError as e:
        progress.close()
        fail(str(e), EXIT_USAGE if env else EXIT_FAILURE)
    except StoreError as e:
        progress.close()
        fail(str(e), e.code)
    except KeyboardInterrupt:
        progress.close()
        fail("interrupted; the catalogue is unchanged", EXIT_INTERRUPTED)
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
        return run_index(source, db, jobs=jobs, progress=progress)

    def landed(summary: IndexSummary) -> None:
        if not as_json:
            progress.close()
            _echo_summary(summary)

    done = index_releases(plan.specs, db, jobs=jobs, progress=progress, on_summary=landed)
    progress.close()
    if as_json:
        print(json.dumps([x.to_json() for x in done], indent=2))
    return None


def _echo_summary(summary: IndexSummary) -> None:
    for path, reason in summary.skipped_files[:20]:
        typer.echo(printable(f"skipped {path}: {reason}", newlines=False), err=True)
    typer.echo(printable(summary.line(), newlines=False))


def _index_env(db: str | None, python: str | None, jobs: int | None, progress: Any) -> EnvSummary:
    from errdex.environment import index_env

    return index_env(db, python=python, jobs=jobs, progress=progress)
