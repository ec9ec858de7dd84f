"""Killing errdex's long-running processes mid-work, and checking what they leave behind.

The tests in ``test_hostile_interrupt.py`` start a real ``errdex`` process, wait until it has
said (a progress line on stderr) that the work to interrupt is under way, note every process of
its tree by pid and start time, send it a real signal, and then check by ``/proc`` that none of
those processes is left, and that the catalogue is whole. No sleep guesses the timing: each
wait is for a line, a file or a process state, under a deadline.
"""

from __future__ import annotations

import os
import pathlib
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable

from index_attacks import ERRDEX, descendants, write_package

# a launcher that execs its arguments with SIGINT ignored, keeping the pid: a command started
# with `cmd &` by a shell script inherits SIGINT that way
SIGINT_IGNORED = [
    sys.executable,
    "-c",
    "import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_IGN); os.execv(sys.argv[1], sys.argv[1:])",
]


def module_body(lines: int) -> str:
    """Ordinary code of about ``lines`` lines, one function in ten raising: parsing and walking it
    takes time (about a second per 5,000 lines with two busy cores), storing its few records little."""
    return "".join(
        f"def f{i}(x):\n    if x > {i}:\n        raise ValueError(f'value {{x}} is over {i}')\n"
        if i % 10 == 0
        else f"def f{i}(x, y={i}):\n    z = [x * y for x in range(y)]\n    return sum(z) + len(str(x))\n"
        for i in range(max(1, lines // 3))
    )


def slow_package(root: pathlib.Path, files: int = 12, lines: int = 4500) -> pathlib.Path:
    """A package whose extraction with two workers takes several seconds, a progress line a file."""
    body = module_body(lines)
    return write_package(root, {f"pkg/m{i}.py": body for i in range(files)} | {"pkg/__init__.py": ""})


def index_cmd(source: pathlib.Path | str, db: pathlib.Path, *extra: str) -> list[str]:
    return [*ERRDEX, "index", str(source), "--db", str(db), *extra]


def start_time(pid: int) -> int | None:
    """The process's start time (clock ticks after boot), or None when it is gone or a zombie."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            stat = f.read()
    except OSError:
        return None
    fields = stat[stat.rfind(")") + 2 :].split()  # after "pid (comm) ": state, ppid, ...
    return None if fields[0] in "ZX" else int(fields[19])


Tree = dict[int, int]  # pid -> start time


def tree(root: int) -> Tree:
    """Every live descendant of ``root`` with its start time (so a reused pid is not mistaken)."""
    out: Tree = {}
    for pid in descendants(root):
        started = start_time(pid)
        if started is not None:
            out[pid] = started
    return out


def alive(procs: Tree) -> list[int]:
    return sorted(pid for pid, started in procs.items() if start_time(pid) == started)


def wait_gone(procs: Tree, timeout: float = 30) -> list[int]:
    """Wait until none of ``procs`` runs (the forkserver and the resource tracker leave when
    their last client does, a moment after it); those still running at the deadline."""
    deadline = time.monotonic() + timeout
    while (left := alive(procs)) and time.monotonic() < deadline:
        time.sleep(0.05)
    return left


class Running:
    """A command in the background whose stderr is read line by line as it comes."""

    def __init__(self, argv: list[str], env: dict[str, str] | None = None) -> None:
        self.proc = subprocess.Popen(
            argv,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, **(env or {})},
        )
        self.lines: list[str] = []

    def wait_for(self, wanted: Callable[[str], bool], timeout: float = 300) -> str:
        """Read stderr until a line satisfies ``wanted``; that line."""
        assert self.proc.stderr is not None
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            line = self.proc.stderr.readline()
            if not line:
                break
            self.lines.append(line)
            if wanted(line):
                return line
        self.proc.kill()
        self.proc.communicate()
        raise AssertionError("never saw the line waited for:\n" + "".join(self.lines[-20:]))

    def signal(self, sig: int, timeout: float = 120) -> tuple[int, str]:
        """Send ``sig`` to the process alone (not its group); its exit code and the rest of stderr."""
        os.kill(self.proc.pid, sig)
        try:
            _, err = self.proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.communicate()
            raise AssertionError(f"still running {timeout} s after {signal.Signals(sig).name}") from None
        return self.proc.returncode, "".join(self.lines) + err


def files_done(at_least: int) -> Callable[[str], bool]:
    """A progress line of extraction with at least ``at_least`` files done and some still to do."""

    def wanted(line: str) -> bool:
        head, _, count = line.strip().partition(": ")
        if head != "files" or "/" not in count:
            return False
        done, total = (int(x) for x in count.split("/"))
        return at_least <= done < total

    return wanted


def catalogue_rows(db: pathlib.Path) -> dict[str, list[tuple[object, ...]]]:
    """Every table's and view's rows, sorted (``indexed_at``, a wall-clock time, left out), after
    ``PRAGMA integrity_check`` passes: two catalogues holding the same content compare equal.
    Views too: since schema v16 ``files`` and ``modules`` are views of runs of releases."""
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        tables = [
            r[0]
            for r in con.execute(
                "SELECT name FROM sqlite_master WHERE type IN ('table', 'view') ORDER BY name"
            )
        ]
        out: dict[str, list[tuple[object, ...]]] = {}
        for table in tables:
            cols = [r[1] for r in con.execute(f'PRAGMA table_info("{table}")') if r[1] != "indexed_at"]
            listed = ", ".join(f'"{c}"' for c in cols)
            rows = con.execute(f'SELECT {listed} FROM "{table}"').fetchall()
            out[table] = sorted(rows, key=repr)
        return out
    finally:
        con.close()


def catalogue_content(db: pathlib.Path) -> tuple[list[tuple[object, ...]], dict[str, int]]:
    """What a catalogue holds, whatever order its releases were written in (``--env`` writes each
    distribution as its worker finishes, so ids differ from run to run): each release by name,
    version and content hash, and the row count of every table."""
    rows = catalogue_rows(db)
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        releases = con.execute(
            "SELECT r.name, s.version, s.content_hash FROM snapshots s JOIN repos r ON r.id = s.repo_id"
        ).fetchall()
    finally:
        con.close()
    return sorted(releases), {table: len(got) for table, got in rows.items()}
