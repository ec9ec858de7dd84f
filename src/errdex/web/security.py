"""Response hardening and request-size limits, as plain ASGI middleware.

Plain ASGI (not Starlette's ``BaseHTTPMiddleware``) because it runs on every request and the
error pages are meant to be served within a small factor of a bare endpoint: wrapping ``send`` is
nearly free, while ``BaseHTTPMiddleware`` adds a task and a stream per request.

The pages are built to work under a strict Content-Security-Policy (all CSS and JS in
``static/``, no inline handlers), so an injection that slipped past autoescaping still could not
run. Only ``/docs`` (Swagger UI, served from the installed ``fastapi-offline`` assets, which sets
inline styles) may use inline styles; it shows no catalogue data in its own HTML.

Requests that change nothing still should not be made on a visitor's behalf by another site:
a POST whose browser says it came from elsewhere (``Sec-Fetch-Site: cross-site``/``same-site``,
or an ``Origin`` that is not this server) is refused with 403 before it reaches the app. Clients
that are not browsers send neither header and are not affected. The server keeps no state a
request could change (recent searches live in each visitor's browser), so this is defence in
depth rather than the only guard.
"""

from __future__ import annotations

import json
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["CSP", "MAX_BODY_BYTES", "MAX_QUERY_CHARS", "SecurityMiddleware"]

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'"
)
DOCS_CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
    "object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
)
MAX_BODY_BYTES = 1 << 20  # a pasted traceback is rarely over 100 KiB; 1 MiB leaves room
MAX_QUERY_CHARS = 64 * 1024  # the search text itself, after decoding (GET ?q= or POST)

_COMMON: list[tuple[bytes, bytes]] = [
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
]
_STRICT = [(b"content-security-policy", CSP.encode()), *_COMMON]
_DOCS = [(b"content-security-policy", DOCS_CSP.encode()), *_COMMON]


class BodyTooLarge(Exception):
    """Raised inside ``receive`` when a streamed body passes the limit without a Content-Length."""


_SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def cross_site(scope: Scope) -> bool:
    """True when a browser says this request was made by another site (the CSRF shape)."""
    headers = dict(scope.get("headers", []))
    fetch_site = headers.get(b"sec-fetch-site")
    if fetch_site is not None:
        return fetch_site not in (b"same-origin", b"none")
    origin = headers.get(b"origin")
    if origin is None:
        return False
    host = headers.get(b"host", b"")
    scheme = str(scope.get("scheme", "http")).encode()
    return bool(origin != scheme + b"://" + host)


class SecurityMiddleware:
    """Adds the security headers to every response, refuses oversized request bodies (413) and
    cross-site POSTs (403)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path: str = scope.get("path", "")
        extra = _DOCS if path.startswith("/docs") else _STRICT
        if scope.get("method") not in _SAFE_METHODS and cross_site(scope):
            await _send_error(send, 403, "cross-site request refused", extra)
            return
        length = _content_length(scope)
        if length is not None and length > MAX_BODY_BYTES:
            await _send_error(send, 413, f"request body over {MAX_BODY_BYTES} bytes", extra)
            return

        received = 0

        async def limited_receive() -> Message:
            # Chunked uploads carry no Content-Length: count as the body streams in.
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > MAX_BODY_BYTES:
                    raise BodyTooLarge
            return message

        started = False

        async def send_with_headers(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                headers = list(message.get("headers", []))
                present = {k.lower() for k, _ in headers}
                headers.extend((k, v) for k, v in extra if k not in present)
                message = {**message, "headers": headers}
            await send(message)

        try:
            await self.app(scope, limited_receive, send_with_headers)
        except BodyTooLarge:
            if not started:
                await _send_error(send, 413, f"request body over {MAX_BODY_BYTES} bytes", extra)


def _content_length(scope: Scope) -> int | None:
    for key, value in scope.get("headers", []):
        if key == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None


async def _send_error(send: Send, status: int, message: str, extra: list[tuple[bytes, bytes]]) -> None:
    """The API's one error shape, sent before the app has seen the request."""
    body = json.dumps({"ok": False, "status": status, "error": message}).encode()
    headers: list[Any] = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        (b"connection", b"close"),
        *extra,
    ]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
