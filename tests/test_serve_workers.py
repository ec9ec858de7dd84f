"""``errdex serve --workers N`` over a real PostgreSQL catalogue: real processes, real HTTP."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from errdex.pipeline import index

pytestmark = [pytest.mark.slow, pytest.mark.network]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _children(pid: int) -> list[int]:
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                out.append(int(entry.name))
    return out


@pytest.mark.parametrize("db_url", ["postgresql"], indirect=True)
def test_workers_share_one_port_and_one_mapped_index(db_url: str, tmp_path: Path) -> None:
    for spec in ("pypi:six==1.16.0", "pypi:idna==3.7"):
        index(spec, db_url)
    port = _free_port()
    env = {**os.environ, "ERRDEX_CACHE": str(tmp_path / "cache")}
    cmd = [
        str(Path(sys.executable).parent / "errdex"),
        "serve",
        "--db",
        db_url,
        "--port",
        str(port),
        "--workers",
        "2",
    ]
    # the server's log goes to a file: a pipe nobody reads could fill up and stall it
    log = tmp_path / "serve.log"
    with log.open("w") as err:
        proc = subprocess.Popen(cmd, env=env, stderr=err)
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while True:
            try:
                home = httpx.get(base + "/", timeout=5)
                break
            except httpx.TransportError:
                assert proc.poll() is None and time.monotonic() < deadline, log.read_text()
                time.sleep(0.2)
        assert home.status_code == 200
        assert "2 codebases" in home.text and "benjaminp/six" in home.text and "kjd/idna" in home.text
        queries = {
            "TypeError: sep must be None or a string": "benjaminp/six",
            "NotImplementedError: IDNA 2008 does not utilise nameprep protocol": "kjd/idna",
        }
        for _ in range(8):  # connections land on either worker; each answers from the whole catalogue
            for q, repo in queries.items():
                got = httpx.get(base + "/api/search", params={"q": q}, timeout=30).json()
                assert got["matches"][0]["repo"] == repo
        workers = _children(proc.pid)
        assert len(workers) == 2
        shared = list((tmp_path / "cache" / "match").rglob("*.idx"))
        assert len(shared) == 1
        mapping = [w for w in workers if str(shared[0]) in Path(f"/proc/{w}/maps").read_text()]
        assert mapping  # a worker that searched maps the one file instead of holding a copy
    finally:  # what a service manager sends (SIGINT too stops it; pytest-xdist's workers ignore it)
        proc.send_signal(signal.SIGTERM)
        proc.wait(60)
    assert all(not Path(f"/proc/{w}").exists() for w in workers)
