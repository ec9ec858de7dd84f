"""The ``errdex`` command line (``main``); the typer app and its commands are in ``commands``.

This module imports nothing heavy: typer, and the pydantic its parameter handling builds on,
cost about half of a cold ``errdex show`` (~0.3 s of imports), so ``main`` answers the plain
forms of ``show`` without them (``quick``) and loads the typer app for everything else.
``from errdex.cli import app`` still gives the app (loaded on first use).
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from errdex.cli.commands import app

__all__ = ["app", "main"]


def __getattr__(name: str) -> Any:
    if name == "app":
        from errdex.cli.commands import app

        return app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def main() -> None:  # pragma: no cover - console entry
    os.environ.setdefault("PYTHONIOENCODING", "utf-8")
    if len(sys.argv) > 1 and sys.argv[1] == "run":
        # the script's arguments reach it exactly as given, without typer's parsing
        from errdex.hooks.run import main as run_main

        sys.exit(run_main(sys.argv[2:]))
    if len(sys.argv) > 1 and sys.argv[1] == "show":
        from errdex.cli.quick import show_quick

        if show_quick(sys.argv[2:]):
            return
    from errdex.cli.commands import app

    app()
