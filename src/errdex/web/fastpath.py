"""Serve already-rendered error pages and error JSON straight from the cache, as plain ASGI.

The two hottest URLs, ``/api/errors/{id}`` and ``/{owner}/{repo}/errors/{id}``, end in a
dictionary lookup once rendered (``WebState.blobs``), yet going through FastAPI's router,
dependency solving and response classes costs ~10x that lookup per request. This layer answers
a GET for bytes that are already cached for the current catalogue generation, with exactly the
status, body and content type the routes send, and passes everything else (misses, redirects to
the canonical codebase, other methods, other URLs) to the app unchanged. The routes stay the
single source of truth: only they render and fill the cache, and they are what ``/openapi.json``
documents. ``SecurityMiddleware`` sits outside this layer, so its headers are on every answer.
"""

from __future__ import annotations

from starlette.types import ASGIApp, Receive, Scope, Send

from errdex.web.state import MISSING, WebState

__all__ = ["CachedFastPath"]

_JSON = b"application/json"
_HTML = b"text/html; charset=utf-8"


class CachedFastPath:
    def __init__(self, app: ASGIApp, state: WebState) -> None:
        self.app = app
        self.state = state

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] == "GET":
            hit = self._cached(scope["path"])
            if hit is not None:
                body, ctype = hit
                await send(
                    {
                        "type": "http.response.start",
                        "status": 200,
                        "headers": [(b"content-length", b"%d" % len(body)), (b"content-type", ctype)],
                    }
                )
                await send({"type": "http.response.body", "body": body})
                return
        await self.app(scope, receive, send)

    def _cached(self, path: str) -> tuple[bytes, bytes] | None:
        """(body, content type) when ``path`` is an error URL whose answer is cached, else None."""
        if "/errors/" not in path:
            return None
        parts = path.split("/")
        # "/api/errors/ID" -> ["", "api", "errors", ID]; "/o/r/errors/ID" -> ["", o, r, "errors", ID]
        if len(parts) == 4 and parts[1] == "api" and parts[2] == "errors" and parts[3]:
            body = self.state.blobs.get(("json", parts[3], self.state.generation()))
            return (body, _JSON) if isinstance(body, bytes) else None
        if len(parts) == 5 and parts[3] == "errors" and parts[1] and parts[2] and parts[4]:
            cached = self.state.blobs.get(("page", parts[4], self.state.generation()))
            if cached is MISSING or cached is None:
                return None
            canonical, body = cached
            if canonical != f"{parts[1]}/{parts[2]}":  # the route answers with the redirect
                return None
            return body, _HTML
        return None
