"""``errdex run`` and ``errdex mcp``: errdex where errors happen, a script's run or an assistant."""

from __future__ import annotations

from typing import Annotated

import typer

from errdex.options import DbOpt


def run(
    ctx: typer.Context,
    script: Annotated[str, typer.Argument(help="The script to run (or -m MODULE).", show_default=False)],
) -> None:
    """Run a script as `python SCRIPT ARGS` would, naming the library line behind its error.

    After an uncaught exception or a warning, errdex names the library line that raised it; the
    traceback is printed unchanged and the exit status is the script's.

    Example:  errdex run app.py --its-own-option
              python -m errdex run --db errdex.db -m mypackage.tool
    """
    from errdex.hooks.run import main as run_main

    raise typer.Exit(run_main([script, *ctx.args]))


def mcp_server(
    db: DbOpt = None,
    allow_index: Annotated[
        bool,
        typer.Option(
            "--allow-index",
            help="Offer the index_release tool, and let explain_error index the installed packages a "
            "traceback runs through (both write to the catalogue; index_release downloads).",
        ),
    ] = False,
) -> None:
    """Serve errdex's tools to an AI coding assistant over MCP (stdin/stdout).

    Tools: explain_error (a pasted error -> verdict and raise sites with their conditions and code),
    show_error (one error ID), search_errors (a codebase's errors by words, type or path), and with
    --allow-index, index_release (pypi:NAME==VERSION).

    Example (an MCP client's configuration):  {"command": "errdex", "args": ["mcp"]}
    """
    from errdex.mcp import serve

    serve(db, allow_index=allow_index)
