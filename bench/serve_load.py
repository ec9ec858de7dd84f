"""Load test of ``errdex serve``: requests/s and p50/p99 latency beside a bare Starlette ceiling.

Runs the real app under uvicorn (one worker, loopback) in a subprocess, and next to it a bare
Starlette endpoint returning a small JSON object, served the same way: the ceiling of what this
machine, this Python and uvicorn can do. The load generator is ``wrk`` when it is on PATH
(``apt-get install -y wrk``; it costs far less CPU than a Python client, which matters on two
cores), else ``httpx.AsyncClient``.

Targets: error JSON and error page within 3x of the ceiling; p99 under 50 ms at 64 connections
for the jax catalogue.

    .venv/bin/python bench/serve_load.py                 # indexes jax 0.10.2 into a temp db
    .venv/bin/python bench/serve_load.py --db jax.db --seconds 5 --client httpx
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

SEED_MESSAGE = (
    "ValueError: The Pallas TPU lowering currently supports in memory space ANY only blocks having the same "
    "block shape as the array shape and a trivial index_map (returning all 0s).Block spec for "
    "inputs[0] in pallas_call kernel at /tmp/k.py:12 has block shape (8, 128), array shape (16, 128), "
    "and index_map { lambda ; a:i32[]. let  in (a, 0) }, in memory space ANY."
)

CEILING_APP = """
from starlette.applications import Starlette
from starlette.responses import JSONResponse
from starlette.routing import Route

async def hello(request):
    return JSONResponse({"ok": True, "id": "0123456789abcdef", "template": "bare ceiling"})

app = Starlette(routes=[Route("/", hello)])
"""

# errdex runs exactly as `errdex serve` does (web.server: its protocol with the slow-client
# bounds, its timeouts and connection cap); the ceiling runs on uvicorn's defaults.
SERVER = """
import sys, uvicorn
kind, port = sys.argv[1], int(sys.argv[2])
if kind == "errdex":
    from errdex.web.app import create_app
    from errdex.web.server import run
    run(create_app(sys.argv[3]), "127.0.0.1", port, date_header=False)
else:
    ns = {}
    exec(sys.argv[3], ns)
    uvicorn.run(ns["app"], host="127.0.0.1", port=port, workers=1, log_level="warning", access_log=False,
                server_header=False, date_header=False)
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start(kind: str, arg: str) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-c", SERVER, kind, str(port), arg])
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            httpx.get(base + "/", timeout=1)
            return proc, base
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit(f"{kind} server did not start")


# ---------------------------------------------------------------------------- load generators


def run_wrk(url: str, conns: int, seconds: float, body: str | None) -> dict[str, float]:
    cmd = ["wrk", "-t1", f"-c{conns}", f"-d{max(1, round(seconds))}s", "--latency", "--timeout", "10s"]
    script = None
    if body is not None:
        fd, script = tempfile.mkstemp(suffix=".lua")
        with os.fdopen(fd, "w") as f:
            f.write(
                f'wrk.method = "POST"\nwrk.body = {json.dumps(body)}\nwrk.headers["Content-Type"] = "text/plain"\n'
            )
        cmd += ["-s", script]
    out = subprocess.run([*cmd, url], capture_output=True, text=True, check=True).stdout
    if script:
        os.unlink(script)

    def ms(pct: str) -> float:
        m = re.search(rf"^\s+{pct}%\s+([\d.]+)(us|ms|s)\s*$", out, re.M)
        if not m:
            return float("nan")
        return float(m.group(1)) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[m.group(2)]

    got = re.search(r"Requests/sec:\s+([\d.]+)", out)
    rps = float(got.group(1)) if got else float("nan")
    bad = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", out)
    errs = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out)
    failed = int(bad.group(1)) if bad else 0
    if errs:
        failed += sum(int(x) for x in errs.groups())
    return {"rps": rps, "p50": ms("50"), "p99": ms("99"), "failed": failed}


async def _httpx_load(url: str, conns: int, seconds: float, body: str | None) -> dict[str, float]:
    lat: list[float] = []
    failed = 0
    limits = httpx.Limits(max_connections=conns, max_keepalive_connections=conns)
    async with httpx.AsyncClient(limits=limits, timeout=10) as client:
        end = time.perf_counter() + seconds

        async def worker() -> None:
            nonlocal failed
            while time.perf_counter() < end:
                t = time.perf_counter()
                if body is None:
                    r = await client.get(url)
                else:
                    r = await client.post(url, content=body, headers={"content-type": "text/plain"})
                lat.append((time.perf_counter() - t) * 1000)
                failed += r.status_code != 200

        t0 = time.perf_counter()
        await asyncio.gather(*(worker() for _ in range(conns)))
        wall = time.perf_counter() - t0
    lat.sort()
    q = statistics.quantiles(lat, n=100) if len(lat) > 1 else [lat[0]] * 99
    return {"rps": len(lat) / wall, "p50": q[49], "p99": q[98], "failed": failed}


def run_httpx(url: str, conns: int, seconds: float, body: str | None) -> dict[str, float]:
    return asyncio.run(_httpx_load(url, conns, seconds, body))


# ---------------------------------------------------------------------------- main


def pick_error(base: str) -> str:
    """The seed's lowering error when the jax catalogue is loaded, else the first catalogued error."""
    r = httpx.post(
        base + "/api/search", content=SEED_MESSAGE, headers={"content-type": "text/plain"}, timeout=60
    )
    matches = r.json().get("matches") or []
    if matches:
        return str(matches[0]["id"])
    repo = httpx.get(base + "/api/repos", timeout=10).json()["repos"][0]["name"]
    return str(httpx.get(f"{base}/api/repos/{repo}/errors?limit=1", timeout=10).json()["errors"][0]["id"])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--db", help="catalogue to serve (default: index pypi:jax==0.10.2 into a temp db)")
    ap.add_argument("--seconds", type=float, default=3.0, help="duration of each cell")
    ap.add_argument("--conns", default="1,16,64", help="concurrent connections, comma-separated")
    ap.add_argument("--client", choices=["auto", "wrk", "httpx"], default="auto")
    ap.add_argument("--json", dest="json_out", help="also write the results here")
    args = ap.parse_args()
    client = args.client
    if client == "auto":
        client = "wrk" if shutil.which("wrk") else "httpx"
    load = run_wrk if client == "wrk" else run_httpx
    conns = [int(c) for c in args.conns.split(",")]

    tmpdir = None
    db = args.db
    if not db:
        from errdex.pipeline import index

        tmpdir = tempfile.mkdtemp(prefix="errdex-bench-")
        db = str(Path(tmpdir) / "jax.db")
        print("indexing pypi:jax==0.10.2 ...", file=sys.stderr)
        print(index("pypi:jax==0.10.2", db).line(), file=sys.stderr)

    app_proc, app_base = start("errdex", db)
    ceil_proc, ceil_base = start("ceiling", CEILING_APP)
    try:
        err_id = pick_error(app_base)
        repo = httpx.get(f"{app_base}/api/errors/{err_id}", timeout=60).json()["repo"]
        targets: list[tuple[str, str, str | None]] = [
            ("ceiling (bare Starlette JSON)", ceil_base + "/", None),
            (f"/api/errors/{err_id}", f"{app_base}/api/errors/{err_id}", None),
            ("error page", f"{app_base}/{repo}/errors/{err_id}", None),
            ("POST /api/search (seed message)", f"{app_base}/api/search", SEED_MESSAGE),
        ]
        for _, url, body in targets:  # warm caches and connections
            for _ in range(3):
                if body is None:
                    httpx.get(url, timeout=60).raise_for_status()
                else:
                    httpx.post(url, content=body, timeout=60).raise_for_status()
        results: dict[str, dict[int, dict[str, float]]] = {}
        for name, url, body in targets:
            results[name] = {c: load(url, c, args.seconds, body) for c in conns}
    finally:
        app_proc.terminate()
        ceil_proc.terminate()
        app_proc.wait(10)
        ceil_proc.wait(10)
        if tmpdir:
            shutil.rmtree(tmpdir, ignore_errors=True)

    ceiling = results[targets[0][0]]
    print(
        f"\nclient: {client}; {args.seconds:.0f}s per cell; server: uvicorn, 1 worker, loopback; catalogue: {db}"
    )
    head = f"{'endpoint':<34} {'conns':>5} {'req/s':>9} {'p50 ms':>8} {'p99 ms':>8} {'x ceiling':>9} {'failed':>6}"
    print(head)
    print("-" * len(head))
    for name, cells in results.items():
        for c, r in cells.items():
            ratio = ceiling[c]["rps"] / r["rps"] if r["rps"] else float("inf")
            print(
                f"{name[:34]:<34} {c:>5} {r['rps']:>9.0f} {r['p50']:>8.2f} {r['p99']:>8.2f} "
                f"{ratio:>8.2f}x {int(r['failed']):>6}"
            )
    if args.json_out:
        Path(args.json_out).write_text(json.dumps({"client": client, "results": results}, indent=2))


if __name__ == "__main__":
    main()
