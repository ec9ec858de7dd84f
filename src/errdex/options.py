"""Command-line options shared by every command, in one light module.

Every command module of ``errdex.cli`` declares ``--db``, ``--json`` and ``--repo`` the same
way; they live here, importing nothing but typer, so a command module stays cheap to import.
"""

from __future__ import annotations

from typing import Annotated

import typer

DbOpt = Annotated[
    str | None,
    typer.Option(
        "--db",
        envvar="ERRDEX_DB",
        help="Catalogue: a SQLite file path or a SQLAlchemy URL (postgresql+psycopg://...); only "
        "`errdex index` creates one. Default: errdex.db in the user data dir.",
        show_default=False,
    ),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON for machines instead of text.")]
RepoOpt = Annotated[
    str | None, typer.Option("--repo", help="Only this codebase (owner/repo or project name).")
]
