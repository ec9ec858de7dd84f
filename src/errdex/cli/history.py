"""``errdex diff``: what changed in a codebase's errors between two indexed releases."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from errdex.cli.errors import EXIT_USAGE, fail
from errdex.options import DbOpt, JsonOpt, RepoOpt
from errdex.textsafe import printable


def diff(
    old: Annotated[str, typer.Argument(metavar="A", help="The older release: VERSION or NAME==VERSION.")],
    new: Annotated[str, typer.Argument(metavar="B", help="The newer release: VERSION or NAME==VERSION.")],
    db: DbOpt = None,
    repo: RepoOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """What changed in a codebase's errors between two indexed releases.

    Errors added, removed, reworded (with the word diff), type-changed and moved, each with its ID
    on both sides.

    Example:  errdex diff 0.11.2 0.12.0 --repo jax
              errdex diff jax==0.11.2 jax==0.12.0 --json
    """
    from errdex.history.diff import diff_releases
    from errdex.history.render import diff_lines
    from errdex.store import Store

    name_a, _, ver_a = old.rpartition("==")
    name_b, _, ver_b = new.rpartition("==")
    with Store.open(db, readonly=True) as store:  # a StoreError is reported by `guarded`
        which = repo or name_a or name_b
        if not which:
            names = [r.name for r in store.repos()]
            if len(names) != 1:
                fail(
                    f"the catalogue holds {len(names)} codebases; name one with --repo or NAME==VERSION",
                    EXIT_USAGE,
                )
            which = names[0]
        d = diff_releases(store, which, ver_a, ver_b)
    if as_json:
        print(json.dumps(d.to_json(), indent=2))
        return
    for line in diff_lines(d):
        typer.echo(printable(line, newlines=False))
