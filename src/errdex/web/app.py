"""``create_app``: the FastAPI application behind ``errdex serve``.

Route order matters: the codebase pages live at ``/{owner}/{repo}``, a pattern that would also
match ``/api/repos`` or ``/static/style.css``, so the API router and the static mount are
registered first and the catch-all pages last.

Errors have one JSON shape under ``/api/`` (``{"ok": false, "status": ..., "error": ...}``, as
datasette does) and a friendly HTML page everywhere else. The headers an error carries are kept
(a 405 names the allowed methods in ``Allow``). A catalogue that fails while serving (damaged,
locked, unreachable) is a 503 with the store's one-line reason, and anything unexpected a 500 in
the same shape, never a traceback.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio.to_thread
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match, Mount

from errdex.store import StoreError
from errdex.web.fastpath import CachedFastPath
from errdex.web.security import SecurityMiddleware
from errdex.web.state import WebState

__all__ = ["create_app", "error_body", "warm"]

STATIC_DIR = Path(__file__).parent / "static"


def error_body(status: int, message: str, **extra: Any) -> dict[str, Any]:
    """The one JSON error shape of the API."""
    return {"ok": False, "status": status, "error": message, **extra}


_METHODS = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS")


def _allowed_methods(request: Request) -> list[str]:
    """Every method some route answers at this path: the router's 405 names only the first
    route's (GET and POST /api/search are two routes). Static files are GET-only by nature."""
    probe = {k: request.scope.get(k) for k in ("type", "path", "root_path", "query_string", "headers")}
    routes = [r for r in request.app.router.routes if not isinstance(r, Mount)]
    found = [m for m in _METHODS if any(r.matches({**probe, "method": m})[0] == Match.FULL for r in routes)]
    return found or ["GET"]


def _offline_docs(app: FastAPI) -> None:
    """``/docs``: Swagger UI 5 (it reads OpenAPI 3.1, which FastAPI writes) from the assets the
    installed ``fastapi-offline`` package ships, not from a CDN, started by a static script (no
    inline code), so it works offline and under a strict policy."""
    from importlib.resources import files

    from fastapi.responses import HTMLResponse

    assets = Path(str(files("fastapi_offline") / "static"))
    app.mount("/docs/assets", StaticFiles(directory=assets), name="docs-assets")

    @app.get("/docs", include_in_schema=False)
    async def docs() -> HTMLResponse:
        return HTMLResponse(_DOCS_PAGE)


_DOCS_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>errdex API</title>
<link rel="stylesheet" href="/docs/assets/swagger-ui.css">
<link rel="icon" type="image/png" href="/docs/assets/favicon.png"></head>
<body><div id="swagger-ui"></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script src="/static/docs.js"></script>
</body></html>
"""


def create_app(db: str | None = None, *, state: WebState | None = None) -> FastAPI:
    """Build the app over the catalogue ``db`` (path or URL; None: the default catalogue).

    The store is opened read-only: the web server never writes, so it can run beside
    ``errdex index`` on the same SQLite file (WAL mode) and never corrupt it. The app owns the
    store it opens and closes it at shutdown; a ``state`` passed in stays its caller's to close.
    """
    if state is not None:
        return _app(state, owned=False)
    from errdex.store import Store

    store = Store.open(db, readonly=True)
    try:
        return _app(WebState(store), owned=True)
    except BaseException:  # no app owns the store yet: nothing else would ever close it
        store.close()
        raise


def warm(state: WebState) -> str | None:
    """What the first request would otherwise build, built now: the matcher
    (``WebState.warm``, whose line is returned) and the page templates. ``errdex serve`` calls
    it before it listens, to say so; the app's start calls it again, which finds both built."""
    from errdex.web.pages import compile_templates

    compile_templates()
    return state.warm()


def _app(state: WebState, *, owned: bool) -> FastAPI:
    """The app over ``state``, closing its store at shutdown when ``owned``."""
    from errdex import __version__ as version

    web_state = state

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        # the matcher is built before the server listens, off the event loop, not in the first
        # search (``WebState.warm``); a second warm of the same generation finds it built
        try:
            await anyio.to_thread.run_sync(warm, web_state)
            yield
        finally:
            if owned:
                web_state.store.close()

    app = FastAPI(
        title="errdex",
        version=str(version),
        description="The error index for Python libraries: paste an error, get the line that raised it.",
        openapi_tags=[{"name": "api", "description": "JSON twins of every page."}],
        # served below from the fastapi-offline package's assets: the docs work with no internet
        docs_url=None,
        redoc_url=None,
        lifespan=lifespan,
    )
    app.state.web = state
    # Added inner first: SecurityMiddleware must wrap the fast path so its headers are on every answer.
    app.add_middleware(CachedFastPath, state=state)
    app.add_middleware(SecurityMiddleware)

    from errdex.web import routes_api, routes_history, routes_pages

    app.include_router(routes_api.router)
    app.include_router(routes_history.api)
    app.mount("/static", StaticFiles(directory=STATIC_DIR), name="static")
    app.include_router(routes_history.pages)
    _offline_docs(app)
    app.include_router(routes_pages.router)

    def error_response(request: Request, status: int, message: str, headers: Any = None) -> Response:
        if request.url.path.startswith("/api/") or request.url.path == "/openapi.json":
            response: Response = JSONResponse(error_body(status, message), status_code=status)
        else:
            response = routes_pages.error_page(request, status, message)
        response.headers.update(headers or {})
        return response

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        headers = dict(exc.headers or {})
        if exc.status_code == 405:  # the router names only the first route's methods
            headers["allow"] = ", ".join(_allowed_methods(request))
        return error_response(request, exc.status_code, str(exc.detail), headers)

    @app.exception_handler(StoreError)
    async def store_error(request: Request, exc: StoreError) -> Response:
        return error_response(request, 503, str(exc), {"retry-after": "30"})

    @app.exception_handler(Exception)
    async def unexpected(request: Request, exc: Exception) -> Response:
        # Starlette re-raises after this answer is sent, so the server log has the traceback.
        return error_response(request, 500, "internal error; the server log has the details")

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, exc: RequestValidationError) -> Response:
        detail = [
            {"loc": list(e.get("loc", ())), "msg": str(e.get("msg", "")), "type": str(e.get("type", ""))}
            for e in exc.errors()
        ]
        if request.url.path.startswith("/api/"):
            return JSONResponse(error_body(422, "invalid request", detail=detail), status_code=422)
        msg = "; ".join(f"{'.'.join(map(str, d['loc'][1:]))}: {d['msg']}" for d in detail)
        return routes_pages.error_page(request, 422, msg or "invalid request")

    return app
