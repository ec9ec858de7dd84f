"""``errdex show`` without typer: the cold-start path of the command people run most.

Parsing ``show ID [--json] [--db DB]`` by hand saves importing typer and pydantic (about half
of a cold ``show``). Only what this path can answer exactly as the typer command would is
answered here: any other form (``--help``, an unknown option, a repeated one), an unknown ID
and any catalogue failure go back to the typer command, which parses and reports them (it reads
the catalogue again; that costs nothing next to a failure). The work itself, shared with the
typer command (``browse.show``), is ``error_view_of`` and ``print_view``.
"""

from __future__ import annotations

import json
import os
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from errdex.views import ErrorView

__all__ = ["error_view_of", "parse_show", "print_view", "show_quick"]


def parse_show(args: list[str]) -> tuple[str, str | None, bool] | None:
    """``(ID, db, as_json)`` for ``ID [--json] [--db DB | --db=DB]`` in any order, each at most
    once; None for anything else. ``--db`` falls back to ``ERRDEX_DB`` as the typer option does
    (an empty variable counts as unset there too)."""
    error_id: str | None = None
    db: str | None = None
    as_json = False
    seen: set[str] = set()
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--json" and a not in seen:
            as_json = True
        elif a == "--db" and a not in seen and i + 1 < len(args):
            db = args[i + 1]
            i += 1
        elif a.startswith("--db=") and "--db" not in seen:
            a, db = "--db", a[len("--db=") :]
        elif not a.startswith("-") and error_id is None:
            error_id = a
            a = "ID"
        else:
            return None
        seen.add(a)
        i += 1
    if error_id is None:
        return None
    return error_id, db if "--db" in seen else os.environ.get("ERRDEX_DB") or None, as_json


def error_view_of(error_id: str, db: str | None) -> ErrorView | None:
    """The view of one error, analysis included; None for an ID the catalogue does not hold.

    A ``StoreError`` (no catalogue, damaged, locked) is the caller's to report.
    """
    from errdex.store.fast import open_reader

    with open_reader(db) as store:  # SQLite: no SQLAlchemy import, so a cold `show` is quick
        err = store.get_error(error_id)
        if err is None:
            return None
        from errdex.views import error_view

        return error_view(store, err)


def print_view(view: ErrorView, as_json: bool) -> None:
    """What ``errdex show`` prints: the JSON of the view, or its sections for the terminal."""
    if as_json:
        print(json.dumps(view.to_json(), indent=2, default=str))
        return
    from errdex.cli.render import print_error, printable_tree

    print_error(printable_tree(view))


def show_quick(args: list[str]) -> bool:
    """Answer ``errdex show`` (the arguments after ``show``) if this path can; False to leave it
    to the typer command. Exits 1 on a closed pipe, as the typer command does."""
    from errdex.store.errors import StoreError

    parsed = parse_show(args)
    if parsed is None:
        return False
    error_id, db, as_json = parsed
    try:
        view = error_view_of(error_id, db)
    except StoreError:
        return False
    if view is None:
        return False
    try:
        print_view(view, as_json)
        sys.stdout.flush()
    except BrokenPipeError:  # `errdex show ID | head`: the reader left; nothing to report
        sys.stderr.close()
        sys.exit(1)
    return True
