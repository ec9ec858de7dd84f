"""The ``errdex`` typer app: one module per command group, registered on one app (``main`` in
``errdex.cli`` runs it).

``index`` (write a catalogue), ``browse`` (``list``, ``show``), ``explain`` (match a pasted
error), ``history`` (``diff`` of two releases), ``serve`` (the site and API), ``analyze``
(every error ahead of time), and ``reach`` (``run`` a script with the hooks, ``mcp`` for AI
assistants). Terminal
output is drawn by ``render``, long work is shown by ``progress``, and every failure goes through
``errors.fail`` (one line, one exit-code policy).

Imports of the heavy stages happen inside each command: ``errdex explain`` must answer in well
under half a second from a cold start, so it must not pay for FastAPI, SQLAlchemy reflection or
the extractor it does not use. Each command module imports only typer and light leaf modules.
"""

from __future__ import annotations

import inspect
import os
from collections.abc import Callable
from typing import Annotated, Any

import typer

from errdex.cli.analyze import analyze
from errdex.cli.browse import list_errors, show
from errdex.cli.errors import EXIT_CODES, guarded
from errdex.cli.explain import explain
from errdex.cli.history import diff
from errdex.cli.index import index
from errdex.cli.lightparams import LightCommand, LightGroup
from errdex.cli.reach import mcp_server, run
from errdex.cli.serve import serve

__all__ = ["app"]

app = typer.Typer(
    name="errdex",
    cls=LightGroup,
    help=(
        "The error index for Python libraries: index a codebase's errors, then paste an error "
        "message or traceback to find the line that raised it.\n\n"
        "Start with:  errdex index pypi:jax   then   errdex explain 'ValueError: ...'\n\n" + EXIT_CODES
    ),
    no_args_is_help=True,
    rich_markup_mode="rich",
    pretty_exceptions_enable=False,
)

_VERBATIM = (" ", "\t", "Example", "- ", "* ")


def reflowed(doc: str | None) -> str:
    """A command's docstring as --help should show it: prose lines of a paragraph joined, so
    the terminal wraps them, while example lines (``Example:`` and the indented lines under it)
    and bullets keep their own lines.

    typer's rich help keeps every source line break and then wraps at the terminal's width, so a
    docstring wrapped at 100 columns printed ragged at 80 ("... 1 when there is none" / "or the
    message ...").
    """
    paragraphs = []
    for paragraph in inspect.cleandoc(doc or "").split("\n\n"):
        lines: list[str] = []
        for line in paragraph.split("\n"):
            if lines and not line.startswith(_VERBATIM) and not lines[-1].startswith(_VERBATIM):
                lines[-1] = f"{lines[-1]} {line.strip()}"
            else:
                lines.append(line)
        paragraphs.append("\n".join(lines))
    return "\n\n".join(paragraphs)


def _add(command: Callable[..., Any], name: str | None = None, **settings: Any) -> None:
    app.command(name, cls=LightCommand, help=reflowed(command.__doc__), **settings)(command)


_add(guarded(index))
_add(guarded(list_errors), "list")
_add(guarded(show))
_add(guarded(diff))
_add(guarded(explain))
_add(guarded(serve))
_add(guarded(analyze))
_add(run, context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
_add(guarded(mcp_server), "mcp")


def _version(value: bool) -> None:
    if value:
        from errdex import __version__

        typer.echo(f"errdex {__version__}")
        raise typer.Exit(0)


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="Print errdex's version and exit."),
    ] = False,
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            help="The catalogue for the command that follows (`errdex --db PATH explain ...`); the "
            "command's own --db wins.",
            show_default=False,
        ),
    ] = None,
) -> None:
    """The error index for Python libraries."""
    if db is not None:
        # `errdex --db X list` is how many tools take a global option; the commands read the
        # catalogue from --db or ERRDEX_DB, and click parses a command's options (envvar
        # included) after this callback, so the command's own --db still wins over this one
        os.environ["ERRDEX_DB"] = db
