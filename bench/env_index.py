"""``errdex index --env`` on a virtualenv of 30 common packages: wall time and files per second.

Usage: ``python bench/env_index.py [JOBS]`` (default: every core).

The wheels are fetched (and cached, sha256-verified) by errdex's own sources stage and installed
into a fresh virtualenv by pip, without dependencies or network. Measured in the same run:

- baseline: reading and ``ast.parse`` of every Python file of the environment, one process;
- ``errdex index --env --python VENV`` into an empty catalogue (records, code facts, test
  links, the match index), as the command line runs it;
- the same again: everything already indexed, so nothing is extracted.
"""

from __future__ import annotations

import ast
import contextlib
import json
import os
import subprocess
import sys
import tempfile
import time
import warnings
from pathlib import Path

PACKAGES = [
    "attrs", "click", "flask", "jinja2", "werkzeug", "itsdangerous", "blinker", "requests",
    "urllib3", "idna", "certifi", "httpx", "httpcore", "h11", "anyio", "sniffio", "packaging",
    "pluggy", "iniconfig", "pytest", "typer", "rich", "markdown-it-py", "mdurl", "pydantic",
    "annotated-types", "typing-extensions", "starlette", "tqdm", "python-dateutil",
]  # fmt: skip


def wheels() -> list[Path]:
    """A verified wheel per package (the sources stage picks the pure one; all of these have one)."""
    from errdex.sources import default_cache_dir, open_source

    out = []
    for name in PACKAGES:
        snap = open_source(f"pypi:{name}")
        assert snap.info.archive and snap.info.archive.endswith(".whl"), (name, snap.info.archive)
        out.append(default_cache_dir() / "wheels" / snap.info.archive)
    return out


def bare_parse(site: Path) -> tuple[int, float]:
    t0 = time.perf_counter()
    n = 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for p in site.rglob("*.py"):
            if "__pycache__" in p.parts:
                continue
            with contextlib.suppress(SyntaxError, ValueError):
                ast.parse(p.read_bytes())
            n += 1
    return n, time.perf_counter() - t0


def main() -> None:
    jobs = sys.argv[1] if len(sys.argv) > 1 else str(os.cpu_count() or 1)
    found = wheels()
    with tempfile.TemporaryDirectory() as tmp:
        venv = Path(tmp) / "venv"
        subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
        python = venv / "bin" / "python"
        subprocess.run(
            [sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-index", "--no-deps",
             *map(str, found)],
            check=True,
        )  # fmt: skip
        site = next((venv / "lib").glob("python3*/site-packages"))
        files, parse_s = bare_parse(site)
        db = str(Path(tmp) / "env.db")
        cmd = [
            sys.executable,
            "-m",
            "errdex",
            "index",
            "--env",
            "--python",
            str(python),
            "--db",
            db,
            "-j",
            jobs,
            "--json",
        ]
        t0 = time.perf_counter()
        first = json.loads(subprocess.run(cmd, check=True, capture_output=True, text=True).stdout)
        first_s = time.perf_counter() - t0
        t0 = time.perf_counter()
        again = json.loads(subprocess.run(cmd, check=True, capture_output=True, text=True).stdout)
        again_s = time.perf_counter() - t0
    n = len(first["indexed"])
    print(
        f"{len(PACKAGES)} packages installed, {n} indexed, {first['extracted']} Python files, jobs={jobs}\n"
    )
    print(f"{'measure':<52}{'wall s':>9}{'files/s':>10}{'ratio':>9}")
    print(f"{'read + ast.parse, one process (baseline)':<52}{parse_s:>9.1f}{files / parse_s:>10.0f}{'':>9}")
    rate = first["extracted"] / first_s
    print(
        f"{'errdex index --env, empty catalogue':<52}{first_s:>9.1f}{rate:>10.0f}{first_s / parse_s:>8.1f}x"
    )
    print(
        f"{'errdex index --env again (all already indexed)':<52}{again_s:>9.1f}"
        f"{again['files'] / again_s:>10.0f}{again_s / parse_s:>8.1f}x"
    )
    assert not again["indexed"] and len(again["unchanged"]) == n


if __name__ == "__main__":
    main()
