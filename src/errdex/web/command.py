"""``errdex serve``: run the site and JSON API with uvicorn.

Only typer and typing are imported at module level: ``cli.py`` imports this module to register
the command, and every other ``errdex`` command must stay fast to start, so FastAPI, uvicorn and
the store are imported only when the server actually starts.
"""

from __future__ import annotations

from typing import Annotated

import typer

from errdex.options import DbOpt


def serve(
    db: DbOpt = None,
    host: Annotated[
        str,
        typer.Option("--host", help="Interface to bind. Loopback by default: say 0.0.0.0 to expose it."),
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", "-p", help="TCP port.")] = 8000,
) -> None:
    """Serve the catalogue as a website and JSON API (read-only).

    Example:  errdex serve --db errdex.db --port 8000
              then open http://127.0.0.1:8000/ or GET /api/search?q=...
    """
    from errdex.store import StoreError

    try:
        from errdex.web.app import create_app

        app = create_app(db)
    except StoreError as e:
        typer.echo(f"error: {e}", err=True)
        raise typer.Exit(1) from None
    import uvicorn

    typer.echo(f"errdex serving http://{host}:{port}/  (API docs: /docs)", err=True)
    uvicorn.run(app, host=host, port=port, log_level="warning", access_log=False, server_header=False)
