"""A killed bulk run (``errdex index --from``, on a local Ray runtime) leaves no process of Ray's
behind, and the next run resumes without redoing a release the killed one finished.

The spec file holds a small real wheel (``pypi:iniconfig==2.0.0``, cached after the first
download) and then a local package slow enough to extract that the signal lands while a Ray
worker is on it. The run is signalled once its progress line says the wheel is stored: every
process of its tree (Ray's GCS server, raylet, agents and workers) is noted beforehand by
pid and start time and must be gone after. SIGTERM takes errdex's Ctrl-C path (exit 130 and a
message saying what stays); ``ray.init`` installs a SIGTERM handler of its own that exits at
once with status 15, so the bulk run puts errdex's back. SIGKILL cannot be handled: Ray's
GCS server, raylet and workers leave at once; Ray's agents see the raylet gone at once too, but
first report its death to the GCS server, gone as well, and that call gives up after a minute
(``publish_error_to_driver``'s fixed 60 s in Ray 2.60). The resumed run overlaps that wait, and
the rest of the worker's tests do: the agents are checked when the session ends (``leave_by``),
still by pid and start time, against the same deadline.
"""

from __future__ import annotations

import pathlib
import signal
import sqlite3
import subprocess
import time
from collections.abc import Callable, Iterator

import pytest
from index_attacks import ERRDEX
from interrupt_helpers import Running, Tree, alive, slow_package, tree, wait_gone

pytest.importorskip("ray")

INTERRUPTED = 130  # cli.errors.EXIT_INTERRUPTED
WHEEL = "pypi:iniconfig==2.0.0"


LeaveBy = Callable[[str, Tree, float], None]


@pytest.fixture(scope="session")
def leave_by() -> Iterator[LeaveBy]:
    """``leave_by(what, procs, seconds)``: ``procs`` must all have left within ``seconds`` from
    now; checked when the session ends (an error in the teardown of the worker's last test,
    naming ``what``), so a slow but bounded exit costs no test its wait."""
    due: list[tuple[str, Tree, float]] = []

    def note(what: str, procs: Tree, seconds: float) -> None:
        due.append((what, procs, time.monotonic() + seconds))

    yield note
    late = {
        what: left
        for what, procs, deadline in due
        if (left := wait_gone(procs, timeout=max(0.0, deadline - time.monotonic())))
    }
    assert not late, f"still running at their deadline: {late}"


@pytest.fixture(scope="module")
def specs(tmp_path_factory: pytest.TempPathFactory) -> pathlib.Path:
    root = tmp_path_factory.mktemp("bulk")
    slow = slow_package(root / "slow", files=6)
    spec = root / "specs.txt"
    spec.write_text(f"# a wheel, then a package slow to extract\n{WHEEL}\n{slow}\n")
    return spec


def _snapshots(db: pathlib.Path) -> list[tuple[str, str, str]]:
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        rows = con.execute(
            "SELECT r.name, s.version, s.indexed_at FROM snapshots s JOIN repos r ON r.id = s.repo_id"
        ).fetchall()
        return sorted((str(a), str(b), str(c)) for a, b, c in rows)
    finally:
        con.close()


def _bulk_cmd(specs: pathlib.Path, db: pathlib.Path) -> list[str]:
    return [*ERRDEX, "index", "--from", str(specs), "--db", str(db), "--workers", "1"]


def _wheel_stored(line: str) -> bool:
    return f"{WHEEL}:" in line and "records" in line


@pytest.mark.slow
@pytest.mark.network
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL], ids=lambda s: s.name)
def test_a_killed_bulk_run_leaves_no_ray_process_and_resumes_after_what_it_stored(
    sig: signal.Signals, specs: pathlib.Path, tmp_path: pathlib.Path, leave_by: LeaveBy
) -> None:
    db = tmp_path / "c.db"
    run = Running(_bulk_cmd(specs, db))
    run.wait_for(_wheel_stored)
    procs = tree(run.proc.pid)
    core = {pid: t for pid, t in procs.items() if not _is_agent(pid)}
    assert len(core) >= 3, procs  # Ray's GCS server, raylet and a worker at least
    code, err = run.signal(sig)
    if sig == signal.SIGKILL:
        assert code == -signal.SIGKILL
    else:
        assert code == INTERRUPTED, err[-2000:]
        assert "every release stored so far stays" in err.splitlines()[-1], err[-2000:]
        assert "Traceback" not in err  # the pending tasks end with the runtime, quietly
    assert wait_gone(core, timeout=60) == [], f"left running after {sig.name}: {alive(core)}"

    stored = _snapshots(db)
    assert [name for name, _, _ in stored] == ["pytest-dev/iniconfig"]  # the slow one not written
    if sig != signal.SIGKILL:  # shut down in order: nothing of Ray's waits on a poll
        assert wait_gone(procs, timeout=60) == [], f"left running after {sig.name}: {alive(procs)}"
        return
    again = subprocess.run(_bulk_cmd(specs, db), capture_output=True, text=True, timeout=600)
    assert again.returncode == 0, again.stderr[-2000:]
    assert "1 releases to index, 1 already indexed" in again.stderr, again.stderr[-2000:]
    after = _snapshots(db)
    assert set(stored) < set(after) and len(after) == 2  # the wheel's row untouched (same indexed_at)
    # after SIGKILL, Ray's dashboard and runtime-env agents leave a minute or so later (see the
    # module's docstring): the resumed run above overlapped that wait, the session's rest does
    leave_by(f"the processes of a bulk run after {sig.name}", procs, 180)


def _is_agent(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read().startswith((b"ray::DashboardAgent", b"ray::RuntimeEnvAgent"))
    except OSError:
        return False
