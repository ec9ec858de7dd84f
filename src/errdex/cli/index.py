"""``errdex index``: the one command that writes a catalogue."""

from __future__ import annotations

import json
import sys
from typing import Annotated, Any

import typer

from errdex.cli.errors import EXIT_FAILURE, EXIT_INTERRUPTED, EXIT_USAGE, fail
from errdex.options import DbOpt, JsonOpt
from errdex.textsafe import printable


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
    as_json: JsonOpt = False,
) -> None:
    """Read a codebase without running it and catalogue every error it can raise.

    Example:  errdex index pypi:jax==0.10.2
              errdex index ~/src/requests@v2.32.0
              errdex index ./mylib
              errdex index --env
              errdex index --env --python ~/proj/.venv/bin/python
    """
    from errdex.cli.progress import ProgressBar
    from errdex.sources import SourceError
    from errdex.store import StoreError

    env = env or python is not None
    if env == (source is not None):
        fail("give either a SOURCE or --env (with --python for another environment), not both", EXIT_USAGE)
    progress = ProgressBar(tty=sys.stderr.isatty())
    try:
        summary: Any = (
            _index_env(db, python, jobs, progress) if env else _index_one(source or "", db, jobs, progress)
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
    if as_json:
        print(json.dumps(summary.to_json(), indent=2))
        return
    for path, reason in ([] if env else summary.skipped_files)[:20]:
        typer.echo(printable(f"skipped {path}: {reason}", newlines=False), err=True)
    for name, why in summary.failed if env else []:
        typer.echo(printable(f"failed {name}: {why}", newlines=False), err=True)
    typer.echo(printable(summary.line(), newlines=False))


def _index_one(source: str, db: str | None, jobs: int | None, progress: Any) -> Any:
    from errdex.pipeline import index as run_index

    return run_index(source, db, jobs=jobs, progress=progress)


def _index_env(db: str | None, python: str | None, jobs: int | None, progress: Any) -> Any:
    from errdex.environment import index_env

    return index_env(db, python=python, jobs=jobs, progress=progress)
