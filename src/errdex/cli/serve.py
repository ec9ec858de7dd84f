"""``errdex serve``: run the site and JSON API with uvicorn.

Only typer and light leaf modules are imported at module level: ``errdex.cli.commands`` imports this
module to register the command, and every other ``errdex`` command must stay fast to start, so
FastAPI, uvicorn and the store are imported only when the server actually starts.
"""

from __future__ import annotations

from typing import Annotated

import typer

from errdex.cli.errors import fail
from errdex.options import DbOpt


def serve(
    db: DbOpt = None,
    host: Annotated[
        str,
        typer.Option("--host", help="Interface to bind. Loopback by default: say 0.0.0.0 to expose it."),
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", "-p", help="TCP port.")] = 8000,
    max_connections: Annotated[
        int,
        typer.Option(
            "--max-connections",
            min=0,
            help="Open connections at most; more get a 503 (0: 2048, lowered to fit the open-file limit).",
        ),
    ] = 0,
    header_timeout: Annotated[
        float,
        typer.Option(
            "--header-timeout",
            min=0.5,
            help="Seconds a client has to send a request's line and headers; slower ones are disconnected.",
        ),
    ] = 10.0,
    workers: Annotated[
        int,
        typer.Option(
            "--workers",
            min=1,
            help="Server processes sharing the port (and one memory-mapped match index); for PostgreSQL catalogues.",
        ),
    ] = 1,
) -> None:
    """Serve the catalogue as a website and JSON API (read-only).

    Example:  errdex serve --db errdex.db --port 8000
              then open http://127.0.0.1:8000/ or GET /api/search?q=...
              errdex serve --db postgresql+psycopg://errdex@db/catalogue --workers 4
    Slow clients are bounded: headers within --header-timeout, a body within 30 s, idle
    keep-alive connections closed after 5 s, at most --max-connections open at once.
    """
    from errdex.store import StoreError
    from errdex.web.server import ServerLimits, run, run_workers

    limits = ServerLimits(header_timeout=header_timeout, max_connections=max_connections).resolved()
    banner = (
        f"errdex serving http://{host}:{port}/  (API docs: /docs; at most {limits.max_connections} "
        f"connections{' per worker' if workers > 1 else ''}, {limits.header_timeout:g} s for headers"
        f"{f', {workers} workers' if workers > 1 else ''})"
    )
    try:
        if workers > 1:
            run_workers(db, host, port, workers, limits, announce=lambda: typer.echo(banner, err=True))
            return
        from errdex.web.app import create_app, warm

        app = create_app(db)
    except StoreError as e:  # no catalogue, not one, damaged: one line, the policy's exit code
        fail(str(e), e.code)
    # the matcher is built now, saying so, not by the first search (the app's start finds it built)
    typer.echo("errdex: loading the match index...", err=True)
    ready = warm(app.state.web)
    if ready:
        typer.echo(ready, err=True)
    typer.echo(banner, err=True)
    run(app, host, port, limits)
