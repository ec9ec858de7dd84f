"""A real, throwaway PostgreSQL server for the store tests (Debian's postgresql package).

The server runs from a temporary data directory on a Unix socket only (no TCP port), as the
``postgres`` user when the tests run as root (PostgreSQL refuses to run as root).
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager


def _bin(name: str) -> str | None:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return found[-1] if found else shutil.which(name)


def _as_server_user(cmd: list[str]) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *cmd] if os.geteuid() == 0 else cmd


def available() -> bool:
    return bool(_bin("initdb") and _bin("pg_ctl"))


@contextmanager
def postgres_server() -> Iterator[str]:
    """Yield a SQLAlchemy URL of a fresh database on a fresh server; stop and delete it after."""
    initdb, pg_ctl = _bin("initdb"), _bin("pg_ctl")
    assert initdb and pg_ctl, "PostgreSQL server binaries not found"
    root = tempfile.mkdtemp(prefix="errdex-pg-")
    data, sock = os.path.join(root, "data"), os.path.join(root, "sock")
    os.makedirs(sock)
    if os.geteuid() == 0:
        shutil.chown(root, "postgres")
        shutil.chown(sock, "postgres")
    run = {"check": True, "capture_output": True, "text": True}
    try:
        subprocess.run(
            _as_server_user([initdb, "-D", data, "-A", "trust", "-U", "errdex", "--no-sync"]), **run
        )  # type: ignore[call-overload]
        opts = f"-c listen_addresses='' -c unix_socket_directories={sock} -c fsync=off"
        subprocess.run(
            _as_server_user([pg_ctl, "-D", data, "-o", opts, "-l", os.path.join(root, "log"), "-w", "start"]),
            **run,
        )  # type: ignore[call-overload]
        try:
            createdb = _bin("createdb")
            assert createdb
            subprocess.run(_as_server_user([createdb, "-h", sock, "-U", "errdex", "catalogue"]), **run)  # type: ignore[call-overload]
            yield f"postgresql+psycopg://errdex@/catalogue?host={sock}"
        finally:
            subprocess.run(
                _as_server_user([pg_ctl, "-D", data, "-m", "immediate", "-w", "stop"]),
                check=False,
                capture_output=True,
            )
    finally:
        shutil.rmtree(root, ignore_errors=True)
