"""``errdex list`` and ``errdex show``: reading the catalogue, one error or many."""

from __future__ import annotations

import json
import sys
from typing import Annotated

import typer

from errdex.cli.errors import EXIT_USAGE, fail
from errdex.options import DbOpt, JsonOpt, RepoOpt


def list_errors(
    db: DbOpt = None,
    repo: RepoOpt = None,
    exc_type: Annotated[str | None, typer.Option("--type", help="Exception type contains this.")] = None,
    path: Annotated[str | None, typer.Option("--path", help="File path contains this.")] = None,
    kind: Annotated[str | None, typer.Option("--kind", help="error, warning, log or assertion.")] = None,
    limit: Annotated[int, typer.Option("--limit", help="At most this many rows (0: all).")] = 50,
    as_json: JsonOpt = False,
) -> None:
    """List catalogued errors (latest snapshot of each), filtered.

    Example:  errdex list --repo jax --type NotImplementedError --path pallas
    """
    from errdex.cli.render import print_error_rows
    from errdex.store import Store

    with Store.open(db, readonly=True) as store:  # a StoreError is reported by `guarded`
        total, rows = store.list_errors(
            repo=repo, exc_type=exc_type, path=path, kind=kind, limit=limit or None
        )
    if as_json:
        print(json.dumps({"total": total, "errors": [r.to_json() for r in rows]}, indent=2))
        return
    print_error_rows(rows, total, tty=sys.stdout.isatty())


def show(
    error_id: Annotated[str, typer.Argument(metavar="ID", help="16-hex error ID from list/explain.")],
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Everything known about one error: template, where it is thrown, guards, code, versions."""
    from errdex.cli.quick import error_view_of, print_view

    view = error_view_of(error_id, db)  # a StoreError is reported by `guarded`
    if view is None:
        fail(f"no error with ID {error_id!r} in the catalogue", EXIT_USAGE)
    print_view(view, as_json)
