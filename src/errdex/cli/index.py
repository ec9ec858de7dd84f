"""``errdex index``: the one command that writes a catalogue."""

from __future__ import annotations

import json
import sys
from typing import Annotated

import typer

from errdex.cli.errors import EXIT_INTERRUPTED, fail
from errdex.options import DbOpt, JsonOpt
from errdex.textsafe import printable


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
    as_json: JsonOpt = False,
) -> None:
    """Read a codebase without running it and catalogue every error it can raise.

    Example:  errdex index pypi:jax==0.10.2
              errdex index ~/src/requests@v2.32.0
              errdex index ./mylib
    """
    from errdex.cli.progress import ProgressBar
    from errdex.pipeline import index as run_index
    from errdex.sources import SourceError
    from errdex.store import StoreError

    progress = ProgressBar(tty=sys.stderr.isatty())
    try:
        summary = run_index(source, db, jobs=jobs, progress=progress)
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
    if as_json:
        print(json.dumps(summary.to_json(), indent=2))
        return
    for path, reason in summary.skipped_files[:20]:
        typer.echo(printable(f"skipped {path}: {reason}", newlines=False), err=True)
    typer.echo(printable(summary.line(), newlines=False))
