"""``errdex index``: the one command that writes a catalogue, one release or several."""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING, Annotated

import typer

from errdex.cli.errors import EXIT_INTERRUPTED, fail
from errdex.options import DbOpt, JsonOpt
from errdex.textsafe import printable

if TYPE_CHECKING:
    from errdex.cli.progress import ProgressBar
    from errdex.pipeline import IndexSummary


def index(
    source: Annotated[
        str,
        typer.Argument(
            help="What to index: a directory; a git repo PATH_OR_URL@REV (git:PATH for HEAD); "
            "or a PyPI release pypi:NAME==VERSION / pypi:NAME (latest).",
            show_default=False,
        ),
    ],
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
              errdex index pypi:jax --releases 20
              errdex index 'pypi:jax>=0.4.30,<0.5'
              errdex index ~/src/jax@jax-v0.4.30..jax-v0.4.35
              errdex index git:https://github.com/psf/requests --tags 'v2.3*'
    """
    from errdex.cli.progress import ProgressBar
    from errdex.sources import SourceError
    from errdex.store import StoreError

    progress = ProgressBar(tty=sys.stderr.isatty())
    try:
        summary = _run_index(source, db, jobs, releases, tags, progress, as_json)
    except SourceError as e:
        progress.close()
        fail(str(e))
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
    _echo_summary(summary)


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
