"""Helpers shared by the web tests: build a real catalogue, run the real server on loopback.

Kept as plain functions (not fixtures) so each test module declares the fixture scope it needs
without importing fixtures across modules. This module has no tests of its own.
"""

from __future__ import annotations

import shutil
import socket
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import uvicorn

FIXTURES = Path(__file__).parent / "fixtures" / "web"
V1 = FIXTURES / "v1" / "webfix"
V2 = FIXTURES / "v2" / "webfix"
REPO = "local/webfix"

# Debian's chromium, launched by Playwright with no network of its own (the tests serve loopback).
CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = Path(__file__).parent / "artifacts"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

# A filled-in message of the fixture's broadcast error, as a user would paste it.
TRACEBACK = """Traceback (most recent call last):
  File "/home/me/app.py", line 4, in <module>
    webfix.broadcast_shapes((2, 3), (3,))
  File "/usr/lib/python3.13/site-packages/webfix/core.py", line 13, in broadcast_shapes
    raise ValueError(f"Incompatible shapes for broadcasting: shapes={list(shapes)}")
ValueError: Incompatible shapes for broadcasting: shapes=[(2, 3), (3,)]
"""
MESSAGE = "ValueError: Incompatible shapes for broadcasting: shapes=[(2, 3), (3,)]"
SCRIPT_TEMPLATE = "Refusing to render <script>alert(1)</script> style content in widget {markup[:20]!r}"


def build_catalogue(tmp: Path, source: Path = V1) -> Path:
    """Index a copy of the fixture package (copied so the snapshot ref is the tmp path)."""
    from errdex.pipeline import index

    work = tmp / "src" / source.parent.name / "webfix"
    shutil.copytree(source, work)
    db = tmp / "catalogue.db"
    index(str(work), str(db), jobs=1)
    return db


def copy_source(tmp: Path, source: Path, tag: str) -> Path:
    dest = tmp / tag / "webfix"
    shutil.copytree(source, dest)
    return dest


def find_error(db: Path, needle: str) -> dict[str, Any]:
    """The first listed error whose template holds ``needle``, as the API lists it."""
    from errdex.store import Store

    with Store.open(str(db), readonly=True) as store:
        _, rows = store.list_errors()
    return next(r for r in rows if needle in r.template).to_json()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def live_server(db: Path) -> Iterator[str]:
    """The real app under uvicorn in a thread on a free loopback port; yields the base URL."""
    from errdex.web.app import create_app

    port = free_port()
    config = uvicorn.Config(
        create_app(str(db)), host="127.0.0.1", port=port, log_level="warning", lifespan="on"
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("uvicorn did not start")
        time.sleep(0.02)
    base = f"http://127.0.0.1:{port}"
    try:
        yield base
    finally:
        server.should_exit = True
        thread.join(10)


def index_in_subprocess(source: Path, db: Path) -> None:
    """``errdex index`` as a separate process, the way a user would run it beside the server."""
    import subprocess

    code = (
        "import sys; from errdex.pipeline import index; print(index(sys.argv[1], sys.argv[2], jobs=1).line())"
    )
    subprocess.run(
        [sys.executable, "-c", code, str(source), str(db)], check=True, capture_output=True, timeout=120
    )


def shot(page: Any, name: str) -> Path:
    """A full-page screenshot into ``tests/artifacts/`` (path printed, so a person can look)."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / name
    page.screenshot(path=str(path), full_page=True)
    print(f"screenshot: {path}")
    return path


def get(base: str, path: str, **kw: Any) -> httpx.Response:
    return httpx.get(base + path, timeout=30, **kw)


# The error page's sections, in the order of the seed pages (../shared/seeds/).
SEED_SECTIONS = (
    "Error message",
    "What it means",
    "Source",
    "Solutions",
    "Example",
    "When it happens",
    "Related errors",
    "Versions",
)
