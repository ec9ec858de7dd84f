"""How ``errdex serve`` runs uvicorn: the connection limits that keep slow clients from starving it.

uvicorn (0.54, httptools parser) times a connection out only *after* a response, while it is
idle between requests (``timeout_keep_alive``). A client that connects and never finishes its
request line and headers is never timed out: each one holds a socket and a file descriptor
forever, and about twenty thousand of them (the descriptor limit) stop the server from accepting
anyone. Its ``limit_concurrency`` does not help: it answers 503 only once a request's headers are
complete (a slow client never gets there), and it counts idle connections, so a few hundred
slow clients would make it refuse real ones.

``GuardedProtocol`` is uvicorn's own httptools protocol with three bounds added:

- **header deadline**: a request's line and headers must arrive within ``header_timeout``
  seconds of the connection opening or of the previous response; otherwise the connection is
  closed. (Idle keep-alive connections are still closed by uvicorn after ``keep_alive``.)
- **body deadline**: a request body must arrive within ``body_timeout`` seconds of its headers
  (the body itself is capped at 1 MiB by ``SecurityMiddleware``).
- **head size and connection count**: at most ``MAX_HEAD_BYTES`` of request line and headers
  (431 beyond), and at most ``max_connections`` open connections; past that a new connection
  gets a 503 and is closed at once, so descriptors never run out and the connections already
  open keep being served.

Each connection holds one deadline (a float) and at most one timer. Requests move the deadline
(set it, clear it) without touching the event loop's timer heap; the timer, when it fires, closes
the connection if the deadline has passed and otherwise sleeps until it. A keep-alive client
making requests back to back costs no timer operations at all.
"""

from __future__ import annotations

import asyncio
import resource
import signal
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

__all__ = [
    "MAX_HEAD_BYTES",
    "GuardedProtocol",
    "ServerLimits",
    "default_max_connections",
    "run",
    "run_workers",
    "server_config",
]

# Request line + headers. Long searches are POSTed by the page; a GET /api/search?q= of the full
# 64 Ki-character query, percent-encoded, still fits.
MAX_HEAD_BYTES = 1 << 20
# Seconds a worker of `errdex serve --workers N` has to finish its requests when told to stop.
GRACE = 5
# Descriptors kept back from connections: the catalogue's SQLite files, worker threads, logs.
FD_RESERVE = 128


def default_max_connections(ceiling: int = 2048) -> int:
    """``ceiling``, lowered to fit under this process's open-file limit."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return ceiling
    return max(16, min(ceiling, soft - FD_RESERVE))


@dataclass(frozen=True, slots=True)
class ServerLimits:
    header_timeout: float = 10.0
    body_timeout: float = 30.0
    keep_alive: int = 5
    max_connections: int = 0  # 0: default_max_connections()

    def resolved(self) -> ServerLimits:
        if self.max_connections > 0:
            return self
        return ServerLimits(
            self.header_timeout, self.body_timeout, self.keep_alive, default_max_connections()
        )


def _plain_response(status: str, body: str, *extra: str) -> bytes:
    """A complete HTTP/1.1 answer that closes the connection, written before any request is read."""
    data = body.encode()
    head = [
        f"HTTP/1.1 {status}",
        "content-type: text/plain; charset=utf-8",
        *extra,
        f"content-length: {len(data)}",
        "connection: close",
    ]
    return ("\r\n".join(head) + "\r\n\r\n").encode() + data


_BUSY = _plain_response("503 Service Unavailable", "too many connections; try again", "retry-after: 1")
_HEAD_TOO_LARGE = _plain_response("431 Request Header Fields Too Large", "request line and headers too large")


class GuardedProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol with header/body deadlines, a head-size cap and a connection cap."""

    limits: ClassVar[ServerLimits] = ServerLimits().resolved()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._deadline: float | None = None  # loop time by which the current phase must end
        self._timer: asyncio.TimerHandle | None = None
        self._head_bytes: int | None = 0  # bytes of the current request head; None while in a body

    # -------------------------------------------------------------- connection

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        if len(self.connections) > self.limits.max_connections:
            transport.write(_BUSY)
            transport.close()
            return
        self._arm(self.limits.header_timeout)

    def connection_lost(self, exc: Exception | None) -> None:
        self._deadline = None
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self._head_bytes is not None:
            # Counted per chunk, so the first bytes of a body may be counted too: the head is
            # refused once it was already over the cap before this chunk.
            if self._head_bytes > MAX_HEAD_BYTES:
                self._disarm()
                if not self.transport.is_closing():
                    self.transport.write(_HEAD_TOO_LARGE)
                    self.transport.close()
                return
            self._head_bytes += len(data)
        super().data_received(data)

    # -------------------------------------------------------------- parser callbacks

    def on_headers_complete(self) -> None:
        self._head_bytes = None
        self._arm(self.limits.body_timeout)  # disarmed again at once when there is no body
        super().on_headers_complete()

    def on_message_complete(self) -> None:
        self._disarm()
        self._head_bytes = 0  # what arrives next is the head of a pipelined request
        super().on_message_complete()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._arm(self.limits.header_timeout)

    # -------------------------------------------------------------- the deadline and its timer

    def _arm(self, seconds: float) -> None:
        self._deadline = deadline = self.loop.time() + seconds
        timer = self._timer
        if timer is None or timer.when() > deadline:  # a timer due earlier re-checks then
            if timer is not None:
                timer.cancel()
            self._timer = self.loop.call_at(deadline, self._check)

    def _disarm(self) -> None:
        self._deadline = None  # the timer, if any, finds nothing to do and stops

    def _check(self) -> None:
        """Close a connection whose deadline passed; a request being answered has none."""
        self._timer = None
        deadline = self._deadline
        if deadline is None:
            return
        if self.loop.time() < deadline:
            self._timer = self.loop.call_at(deadline, self._check)
        elif not self.transport.is_closing():
            self.transport.close()


def protocol_for(limits: ServerLimits) -> type[GuardedProtocol]:
    """A ``GuardedProtocol`` class bound to ``limits`` (uvicorn instantiates it per connection)."""
    return type("GuardedProtocol", (GuardedProtocol,), {"limits": limits.resolved()})


def server_config(app: Any, host: str, port: int, limits: ServerLimits | None = None, **extra: Any) -> Any:
    """The ``uvicorn.Config`` of ``errdex serve``; ``bench/serve_load.py`` measures this one."""
    import uvicorn

    lim = (limits or ServerLimits()).resolved()
    options: dict[str, Any] = {
        "log_level": "warning",
        "access_log": False,
        "server_header": False,
        "timeout_keep_alive": lim.keep_alive,
        "http": protocol_for(lim),
    }
    options.update(extra)
    return uvicorn.Config(app, host=host, port=port, **options)


def run(app: Any, host: str, port: int, limits: ServerLimits | None = None, **extra: Any) -> None:
    import uvicorn

    uvicorn.Server(server_config(app, host, port, limits, **extra)).run()


def run_workers(
    db: str | None,
    host: str,
    port: int,
    workers: int,
    limits: ServerLimits | None = None,
    announce: Callable[[], None] | None = None,
) -> None:
    """``errdex serve --workers N``: N processes answering on one listening socket.

    The socket is bound here, then N children are forked; each builds its own app (its own
    database connections: none is opened before the fork) and runs uvicorn on the shared socket,
    so the kernel spreads connections over them. The match index is written to its shared file
    first, so every child maps the same bytes instead of building a copy. Ctrl-C stops them all.
    """
    import multiprocessing
    import socket

    from errdex.lifeline import lifeline
    from errdex.match.shared_index import load_shared
    from errdex.store import Store

    with Store.open(db, readonly=True) as store:  # fails here, once, for a missing or foreign catalogue
        load_shared(store)
    if announce is not None:
        announce()
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(2048)
    sock.set_inheritable(True)
    # Ctrl-C and a service manager's SIGTERM both stop the workers (through the finally below);
    # SIGINT is set explicitly, since a parent process may have left it ignored
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, _stop)
    lifeline()  # made before the fork: each worker watches it and leaves with this process (SIGKILL too)
    ctx = multiprocessing.get_context("fork")
    children = [ctx.Process(target=_worker, args=(db, sock, limits), daemon=True) for _ in range(workers)]
    for child in children:
        child.start()
    try:
        for child in children:
            child.join()
    except KeyboardInterrupt:
        pass
    finally:
        # each worker finishes its requests in flight (a few seconds at most), then goes
        for child in children:
            child.terminate()
        for child in children:
            child.join(GRACE + 5)
            if child.is_alive():
                child.kill()
                child.join()
        sock.close()


def _stop(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt


def _worker(db: str | None, sock: Any, limits: ServerLimits | None) -> None:
    import uvicorn

    from errdex.lifeline import watch_inherited

    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # uvicorn installs its own; none of the parent's
    watch_inherited()

    from errdex.web.app import create_app

    host, port = sock.getsockname()[:2]
    config = server_config(create_app(db), host, port, limits, timeout_graceful_shutdown=GRACE)
    uvicorn.Server(config).run(sockets=[sock])
