"""Builders for the attacks on the server, the store and the command line (one function each).

Each builder makes the real hostile thing — a crafted catalogue file, a package whose messages
hold terminal escapes, sockets that never finish a request, a held write lock — and returns what
the caller needs to aim it. ``tests/hostile/test_hostile_serve.py`` asserts the bounds; a bench
script can import the same builders to print the attack table. Nothing here asserts.
"""

from __future__ import annotations

import ctypes
import os
import shutil
import socket
import sqlite3
import subprocess
import sys
import time
import zlib
from collections.abc import Iterator, Sequence
from contextlib import closing, contextmanager
from pathlib import Path
from typing import Any

ERRDEX = str(Path(sys.executable).parent / "errdex")

# Text a package author controls, aimed at the reader's terminal: SGR colour, a window-title OSC
# ended by BEL, a C1 CSI, a cursor move + erase-line, and a right-to-left override.
TERMINAL_PAYLOADS = ("\x1b[41m", "\x1b]0;owned\x07", "\x9b2J", "\x1b[1A\x1b[2K", "\u202e")

# What a user of the package would paste: the message as the exception printed it (a paste's
# own ANSI colour is stripped by the matcher, a bidi override is text and stays).
SPOOF_MESSAGE = "KeyError: 'file \u202eexe.txt is text'"

HOSTILE_MODULE = '''\
"""A package whose messages are written for the reader's terminal, not for humans."""


def paint(x):
    if x:
        raise ValueError("colour \\x1b[41m red \\x1b[0m and title \\x1b]0;owned\\x07 set")


def erase(x):
    if x:
        raise RuntimeError("line one\\x1b[1A\\x1b[2K rewritten \\x9b2J cleared")


def spoof(x):
    if x:
        raise KeyError("file \\u202eexe.txt is text")
'''


# ---------------------------------------------------------------------------- catalogues


def hostile_package(root: Path) -> Path:
    """A directory package whose error messages carry ``TERMINAL_PAYLOADS``."""
    pkg = root / "inkpkg"
    pkg.mkdir(parents=True, exist_ok=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "paint.py").write_text(HOSTILE_MODULE)
    return pkg


def index_dir(source: Path, db: Path) -> None:
    """Index a directory into ``db`` with the real pipeline, in this process."""
    from errdex.pipeline import index

    index(str(source), str(db), jobs=1)


def zip_bomb_catalogue(db: Path, inflated_mib: int = 512) -> str:
    """Replace the stored file behind one error with zlib that inflates to ``inflated_mib`` MiB.

    Returns that error's ID. The blob is a few hundred KiB: a catalogue built by someone else
    can claim any size it likes.
    """
    bomb = zlib_bomb(inflated_mib)
    with closing(sqlite3.connect(db)) as conn, conn:
        error_id, sha = conn.execute(
            "select e.id, f.blob_sha from errors e join occurrences o on o.error_id = e.id "
            "join files f on f.snapshot_id = o.snapshot_id and f.path = e.path limit 1"
        ).fetchone()
        conn.execute("update blobs set data = ? where sha = ?", (bomb, sha))
    return str(error_id)


def zlib_bomb(inflated_mib: int) -> bytes:
    """A zlib stream of ~1 KiB per MiB it inflates to (zeros), laid out without compressing them:
    one MiB deflated after a full flush (which empties the window, so every MiB deflates to the
    same bytes) repeated, an empty final block, and the Adler-32 of ``inflated_mib`` MiB of
    zeros (its low half is 1, its high half the length mod 65521). Deflating the 512 MiB took
    1.5 s of CPU; this is the same stream shape in milliseconds."""
    raw = zlib.compressobj(9, zlib.DEFLATED, -15)  # raw deflate: the header and trailer are ours
    mib = raw.compress(bytes(1 << 20)) + raw.flush(zlib.Z_FULL_FLUSH)
    final = zlib.compressobj(9, zlib.DEFLATED, -15).flush()
    adler = (((inflated_mib << 20) % 65521) << 16) | 1
    return b"\x78\xda" + mib * inflated_mib + final + adler.to_bytes(4, "big")


def copy_catalogue(db: Path, out: Path, journal: str = "WAL") -> Path:
    """A consistent copy of a live catalogue (SQLite's backup API: the WAL's content included)."""
    src, dst = sqlite3.connect(db), sqlite3.connect(out)
    try:
        src.backup(dst)
        dst.execute(f"PRAGMA journal_mode={journal}")
    finally:
        dst.close()
        src.close()
    return out


def corrupt_copy(db: Path, out: Path) -> Path:
    """A copy of ``db`` (rollback journal, no WAL) with every page after the second overwritten."""
    copy_catalogue(db, out, journal="DELETE")
    data = bytearray(out.read_bytes())
    for offset in range(2 * 4096, len(data), 4096):
        data[offset : offset + 256] = b"\xff" * 256
    out.write_bytes(bytes(data))
    return out


def foreign_sqlite(path: Path) -> Path:
    """A SQLite database that belongs to some other program."""
    with closing(sqlite3.connect(path)) as conn, conn:
        conn.execute("create table invoices (id integer primary key, total real)")
        conn.execute("insert into invoices (total) values (12.5)")
    return path


def catalogue_rows(db: Path) -> dict[str, Any]:
    """``PRAGMA integrity_check`` and the row counts that must survive an attack."""
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        check = conn.execute("PRAGMA integrity_check").fetchone()[0]
        counts = {t: conn.execute(f"select count(*) from {t}").fetchone()[0] for t in ("snapshots", "errors")}
    finally:
        conn.close()
    return {"integrity": check, **counts}


# ---------------------------------------------------------------------------- the filesystem


def drop_file_override() -> None:
    """``preexec_fn``: a root child loses the capabilities that let it ignore file permissions.

    Tests run as root on CI, and root writes a 0444 file in a 0555 directory anyway; without
    CAP_DAC_OVERRIDE/CAP_DAC_READ_SEARCH in its bounding set the child is held to the mode bits.
    """
    libc = ctypes.CDLL(None, use_errno=True)
    for cap in (1, 2):  # CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH
        if libc.prctl(24, cap, 0, 0, 0) != 0:  # PR_CAPBSET_DROP
            raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP)")


def readonly_catalogue(db: Path, where: Path) -> Path:
    """A checkpointed copy of ``db`` alone in a read-only directory (no -wal, no -shm)."""
    where.mkdir(parents=True, exist_ok=True)
    copy = copy_catalogue(db, where / db.name)  # WAL, as errdex leaves it: readers need a -shm
    for extra in where.glob(db.name + "-*"):
        extra.unlink()
    copy.chmod(0o444)
    where.chmod(0o555)
    return copy


def as_unprivileged() -> dict[str, Any]:
    """``subprocess`` keywords that make a child obey file permissions (see ``drop_file_override``)."""
    return {"preexec_fn": drop_file_override} if os.geteuid() == 0 else {}


def disk_full_index(source: Path, db: Path, size_kib: int) -> subprocess.CompletedProcess[str]:
    """``errdex index source`` into a copy of ``db`` on a ``size_kib`` tmpfs, in a private mount
    namespace (nothing to unmount afterwards); the copy is brought back over ``db``."""
    script = (
        'set -e; mnt=$(mktemp -d); mount -t tmpfs -o size="$3"k tmpfs "$mnt"; cp "$2" "$mnt/c.db"; '
        'rc=0; "$4" index "$1" --db "$mnt/c.db" || rc=$?; '
        'cp "$mnt/c.db" "$2"; for x in "$mnt"/c.db-wal; do [ -e "$x" ] && cp "$x" "$2-wal"; done; exit $rc'
    )
    return subprocess.run(
        ["unshare", "--mount", "--propagation", "private", "sh", "-c", script, "sh", str(source), str(db),
         str(size_kib), ERRDEX],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip


def can_mount_tmpfs() -> bool:
    if os.geteuid() != 0 or not shutil.which("unshare"):
        return False
    probe = subprocess.run(
        ["unshare", "--mount", "sh", "-c", 'd=$(mktemp -d); mount -t tmpfs -o size=64k tmpfs "$d"'],
        capture_output=True,
    )
    return probe.returncode == 0


@contextmanager
def write_lock(db: Path) -> Iterator[sqlite3.Connection]:
    """Hold the catalogue's write lock (``BEGIN IMMEDIATE``) until the block ends."""
    conn = sqlite3.connect(db, isolation_level=None)
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
    finally:
        conn.execute("ROLLBACK")
        conn.close()


def racing_indexers(source: Path, db: Path, n: int = 2) -> list[subprocess.Popen[str]]:
    """``n`` concurrent ``errdex index`` runs of the same snapshot (call inside ``write_lock``)."""
    return [
        subprocess.Popen([ERRDEX, "index", str(source), "--db", str(db)], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
        for _ in range(n)
    ]  # fmt: skip


# ---------------------------------------------------------------------------- the server


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def serve_process(db: Path, *args: str, **popen: Any) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """A real ``errdex serve`` subprocess on a free loopback port; yields (base URL, process)."""
    import httpx

    port = free_port()
    proc = subprocess.Popen(
        [ERRDEX, "serve", "--db", str(db), "--port", str(port), *args],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, **popen,
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    try:
        while True:
            try:
                httpx.get(base + "/api/repos", timeout=2)
                break
            except httpx.HTTPError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("errdex serve did not start") from None
                time.sleep(0.1)
        yield base, proc
    finally:
        proc.terminate()
        proc.wait(20)
        if proc.stderr is not None:  # the pipe is ours to close once the server is gone
            proc.stderr.close()


def slow_header_clients(port: int, n: int) -> list[socket.socket]:
    """``n`` connections that each send half a request head and then nothing (slowloris)."""
    socks = []
    for _ in range(n):
        s = socket.create_connection(("127.0.0.1", port), timeout=10)
        s.sendall(b"GET /api/repos HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        socks.append(s)
    return socks


def idle_clients(port: int, n: int) -> list[socket.socket]:
    """``n`` connections that send nothing at all."""
    return [socket.create_connection(("127.0.0.1", port), timeout=10) for _ in range(n)]


def slow_body_client(port: int) -> socket.socket:
    """A POST that promises a 100 KB body and sends ten bytes of it."""
    s = socket.create_connection(("127.0.0.1", port), timeout=10)
    s.sendall(
        b"POST /api/search HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\n"
        b"Content-Length: 100000\r\n\r\nValueError"
    )
    return s


def huge_head(port: int, mib: int = 4) -> bytes:
    """Headers that never end, ``mib`` MiB of them; returns what the server answered."""
    s = socket.create_connection(("127.0.0.1", port), timeout=10)
    try:
        s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        line = b"X-Pad: " + b"a" * 8000 + b"\r\n"
        try:
            for _ in range(mib * 131):
                s.sendall(line)
        except OSError:  # the server closed on us: what we came to see
            pass
        return read_until_closed(s)
    finally:
        s.close()


def read_until_closed(s: socket.socket, limit: float = 30.0) -> bytes:
    """Everything the peer sends until it closes (or ``limit`` seconds pass)."""
    s.settimeout(limit)
    chunks = []
    try:
        while chunk := s.recv(65536):
            chunks.append(chunk)
    except (TimeoutError, ConnectionResetError):
        pass
    return b"".join(chunks)


def seconds_until_closed(socks: Sequence[socket.socket], limit: float) -> list[float]:
    """For each socket, seconds until the server closed it (``inf`` if it did not in ``limit``)."""
    start = time.monotonic()
    out = []
    for s in socks:
        left = max(0.01, limit - (time.monotonic() - start))
        s.settimeout(left)
        try:
            while s.recv(65536):
                pass
            out.append(time.monotonic() - start)
        except TimeoutError:
            out.append(float("inf"))
        except ConnectionResetError:
            out.append(time.monotonic() - start)
    return out


def open_fds(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))


def deep_json(depth: int) -> bytes:
    """``{"q": [[[[...]]]]}`` nested ``depth`` deep: valid JSON, past json's recursion limit."""
    return b'{"q": ' + b"[" * depth + b"]" * depth + b"}"


def lone_surrogate_json() -> bytes:
    """Valid JSON whose string is not valid Unicode."""
    return b'{"q": "ValueError: bad \\ud800 value"}'


def cross_site_headers(base: str) -> list[dict[str, str]]:
    """What a browser sends with a form or fetch POST made by another site."""
    return [
        {"Origin": "https://attacker.example", "Content-Type": "application/x-www-form-urlencoded"},
        {"Sec-Fetch-Site": "cross-site", "Origin": "https://attacker.example"},
        {"Sec-Fetch-Site": "same-site", "Origin": base.replace("127.0.0.1", "evil.127.0.0.1")},
    ]


def credentialed_url(url: str, user: str = "alice", password: str = "s3cret-pw") -> str:
    """``url`` with user-info added, as people paste them into ERRDEX_LLM_URL or --db."""
    scheme, rest = url.split("://", 1)
    return f"{scheme}://{user}:{password}@{rest}"


def run_errdex(*args: str, **kwargs: Any) -> subprocess.CompletedProcess[str]:
    return subprocess.run([ERRDEX, *args], capture_output=True, text=True, timeout=300, **kwargs)


_RSS_WRAPPER = (
    "import resource, subprocess, sys; rc = subprocess.run(sys.argv[1:]).returncode; "
    "print('peak-rss-kib=%d' % resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, file=sys.stderr); "
    "sys.exit(rc)"
)


def run_errdex_rss(*args: str) -> tuple[subprocess.CompletedProcess[str], int, float]:
    """``run_errdex`` plus the command's peak RSS in KiB (measured by a wrapper, its only child)
    and its wall time in seconds."""
    start = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-c", _RSS_WRAPPER, ERRDEX, *args], capture_output=True, text=True, timeout=300
    )
    seconds = time.monotonic() - start
    head, _, rss = done.stderr.rstrip().rpartition("peak-rss-kib=")
    done.stderr = head
    return done, int(rss), seconds
