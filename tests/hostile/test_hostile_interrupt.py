"""A killed ``errdex index`` leaves nothing behind: no process of its pool, no half-written release.

Each test indexes a real package slow enough that extraction (or the write) is under way when the
signal lands, sends the signal to the indexer's pid alone (as ``kill PID`` does, not the whole
process group as a terminal's Ctrl-C does), and checks by ``/proc`` that every process of its
tree (the forkserver, the resource tracker, the workers) is gone, that the catalogue passes
``PRAGMA integrity_check`` and holds what it held before, and that indexing the same source
again completes and gives the same catalogue as a run that was never interrupted.

SIGTERM and SIGINT take the Ctrl-C path (exit code 130, the pool terminated); SIGINT is sent
to an indexer that inherited it ignored, as a shell script's ``errdex index ... &`` does.
SIGKILL cannot be handled: the workers see their lifeline close and exit by themselves.
"""

from __future__ import annotations

import os
import pathlib
import shutil
import signal
import subprocess
import sys
from typing import NamedTuple

import httpx
import pytest
from index_attacks import ERRDEX, write_package
from interrupt_helpers import (
    SIGINT_IGNORED,
    Running,
    alive,
    catalogue_content,
    catalogue_rows,
    files_done,
    index_cmd,
    module_body,
    slow_package,
    tree,
    wait_gone,
)
from reach_env import site_of, write_dist
from serve_attacks import serve_process

INTERRUPTED = 130  # cli.errors.EXIT_INTERRUPTED
Content = tuple[list[tuple[object, ...]], dict[str, int]]
Rows = dict[str, list[tuple[object, ...]]]


def _index(source: pathlib.Path, db: pathlib.Path) -> None:
    r = subprocess.run(index_cmd(source, db, "-j", "2"), capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr[-2000:]


@pytest.fixture(scope="module")
def sources(tmp_path_factory: pytest.TempPathFactory) -> tuple[pathlib.Path, pathlib.Path]:
    root = tmp_path_factory.mktemp("sources")
    other = write_package(root / "other", {"other/__init__.py": "def g(x):\n    raise KeyError(f'no {x}')\n"})
    # six files of ~1 s each: a signal sent at "files: 2/6" finds both workers on a file still,
    # and each of the module's eight full runs of the package costs half what twelve did (the
    # hang that put it back to twelve for stop 35 is fixed: docs/measurements/hang1.md)
    return other, slow_package(root / "slow", files=6)


@pytest.fixture(scope="module")
def seeded(
    sources: tuple[pathlib.Path, pathlib.Path], tmp_path_factory: pytest.TempPathFactory
) -> pathlib.Path:
    """A catalogue holding one small release already: an interruption must leave it as it was."""
    db = tmp_path_factory.mktemp("seeded") / "c.db"
    _index(sources[0], db)
    return db


@pytest.fixture(scope="module")
def reference(
    sources: tuple[pathlib.Path, pathlib.Path], seeded: pathlib.Path, tmp_path_factory: pytest.TempPathFactory
) -> dict[str, list[tuple[object, ...]]]:
    """The rows of the seeded catalogue after an uninterrupted index of the slow package."""
    db = _copy(seeded, tmp_path_factory.mktemp("reference"))
    _index(sources[1], db)
    return catalogue_rows(db)


class Case(NamedTuple):
    slow: pathlib.Path  # the package to interrupt the indexing of
    seeded: pathlib.Path  # a catalogue holding another release: copied for each test
    reference: Rows  # the seeded catalogue's rows after an uninterrupted index of ``slow``


@pytest.fixture(scope="module")
def case(sources: tuple[pathlib.Path, pathlib.Path], seeded: pathlib.Path, reference: Rows) -> Case:
    return Case(sources[1], seeded, reference)


def _copy(db: pathlib.Path, where: pathlib.Path) -> pathlib.Path:
    for side in ("", "-wal", "-shm"):
        if pathlib.Path(f"{db}{side}").exists():
            shutil.copy(f"{db}{side}", where / f"c.db{side}")
    return where / "c.db"


def _stopped(sig: signal.Signals, run: Running) -> str:
    """Signal the indexer whose pool is running; assert its exit and that its tree is gone."""
    procs = tree(run.proc.pid)
    assert len(procs) >= 3, procs  # the forkserver and two workers at least
    code, err = run.signal(sig)
    if sig == signal.SIGKILL:
        assert code == -signal.SIGKILL
    else:
        assert code == INTERRUPTED, err[-2000:]
        assert "interrupted" in err.splitlines()[-1]
        assert "Traceback" not in err  # the workers were stopped, not interrupted mid-task
    assert wait_gone(procs) == [], f"left running after {sig.name}: {alive(procs)}"
    return err


@pytest.mark.slow
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT, signal.SIGKILL], ids=lambda s: s.name)
def test_indexer_stopped_mid_extraction_leaves_nothing(
    sig: signal.Signals, case: Case, tmp_path: pathlib.Path
) -> None:
    """Stopped while its pool extracts: no process of the pool is left, the catalogue holds
    what it held, and the next run gives what an uninterrupted one does."""
    db = _copy(case.seeded, tmp_path)
    before = catalogue_rows(db)
    launcher = SIGINT_IGNORED if sig == signal.SIGINT else []
    run = Running([*launcher, *index_cmd(case.slow, db, "-j", "2")])
    run.wait_for(files_done(2))
    _stopped(sig, run)
    assert catalogue_rows(db) == before  # nothing of the interrupted release
    _index(case.slow, db)
    assert catalogue_rows(db) == case.reference


@pytest.mark.slow
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL], ids=lambda s: s.name)
def test_indexer_stopped_while_writing_leaves_a_whole_release_or_none(
    sig: signal.Signals, case: Case, tmp_path: pathlib.Path
) -> None:
    """Stopped once the write has begun: the release is all there or not at all (one
    transaction), and the next run brings the catalogue to what an uninterrupted run gives."""
    reference = case.reference
    db = _copy(case.seeded, tmp_path)
    before = catalogue_rows(db)
    run = Running(index_cmd(case.slow, db, "-j", "2"))
    run.wait_for(lambda line: "writing the catalogue" in line)
    code, _ = run.signal(sig)
    assert code == (-signal.SIGKILL if sig == signal.SIGKILL else INTERRUPTED)
    after = catalogue_rows(db)
    if after["snapshots"] != before["snapshots"]:  # committed before the signal: all of it
        assert after["errors"] == reference["errors"] and after["files"] == reference["files"]
    else:
        assert after["errors"] == before["errors"] and after["files"] == before["files"]
    _index(case.slow, db)
    assert catalogue_rows(db) == reference


# ---------------------------------------------------------------------------- errdex index --env


@pytest.fixture(scope="module")
def venv(tmp_path_factory: pytest.TempPathFactory) -> pathlib.Path:
    """A virtualenv holding four small distributions that take seconds each to extract: ``--env``
    extracts them whole in a pool of its own, one per worker."""
    root = tmp_path_factory.mktemp("env") / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(root)], check=True)
    python = root / "bin" / "python"
    site = site_of(python)
    body = module_body(4500)
    # two files each (~2 s a distribution): when the first is stored the last two are still
    # being extracted, so a stop lands between distributions as with three files each
    for k in range(4):
        write_dist(site, f"slowdist{k}", "1.0", {f"slowdist{k}/m{i}.py": body for i in range(2)})
    return python


def _index_env(python: pathlib.Path, db: pathlib.Path) -> None:
    r = subprocess.run(
        [*ERRDEX, "index", "--env", "--python", str(python), "--db", str(db), "-j", "2"],
        capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert r.returncode == 0, r.stderr[-2000:]


@pytest.fixture(scope="module")
def env_reference(
    venv: pathlib.Path, seeded: pathlib.Path, tmp_path_factory: pytest.TempPathFactory
) -> Content:
    """What the seeded catalogue holds after an uninterrupted ``--env`` run."""
    db = _copy(seeded, tmp_path_factory.mktemp("env_reference"))
    _index_env(venv, db)
    return catalogue_content(db)


@pytest.mark.slow
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL], ids=lambda s: s.name)
def test_env_indexer_stopped_mid_run_leaves_nothing(
    sig: signal.Signals,
    venv: pathlib.Path,
    seeded: pathlib.Path,
    env_reference: Content,
    tmp_path: pathlib.Path,
) -> None:
    """``errdex index --env`` stopped once its pool has handed back a distribution: the pool's
    processes are gone, the distributions stored so far stay whole, and the next run completes
    the catalogue as an uninterrupted run would have made it."""
    db = _copy(seeded, tmp_path)
    run = Running([*ERRDEX, "index", "--env", "--python", str(venv), "--db", str(db), "-j", "2"])
    run.wait_for(lambda line: line.startswith("• indexed slowdist"))
    _stopped(sig, run)
    stored = catalogue_content(db)[0]  # opens, and passes the integrity check
    assert stored[0][0] == "local/other" and 1 < len(stored) < len(env_reference[0])  # some, whole
    assert set(stored) <= set(env_reference[0])
    _index_env(venv, db)
    assert catalogue_content(db) == env_reference


# ---------------------------------------------------------------------------- errdex serve --workers


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL], ids=lambda s: s.name)
def test_serve_workers_leave_with_their_parent(sig: signal.Signals, seeded: pathlib.Path) -> None:
    """``errdex serve --workers 2``: a service manager's SIGTERM to the parent stops every worker
    (each finishes its requests in flight first); a SIGKILL, which the parent cannot act on,
    too: each worker watches its parent's lifeline. Nothing answers on the port afterwards."""
    with serve_process(seeded, "--workers", "2") as (base, proc):
        procs = tree(proc.pid)
        assert len(procs) == 2, procs
        assert httpx.get(base + "/api/repos", timeout=10).status_code == 200
        os.kill(proc.pid, sig)
        proc.wait(60)
        assert wait_gone(procs) == [], f"left running after {sig.name}: {alive(procs)}"
        with pytest.raises(httpx.TransportError):
            httpx.get(base + "/api/repos", timeout=5)


# ---------------------------------------------------------------------------- the handlers


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=lambda s: s.name)
def test_interruptible_makes_sigterm_and_an_ignored_sigint_a_ctrl_c(sig: signal.Signals) -> None:
    """Inside ``interruptible`` both signals raise ``KeyboardInterrupt`` (SIGINT even when the
    process inherited it ignored); the handlers from before are back after."""
    import threading

    from errdex.cli.errors import interruptible

    if threading.current_thread() is not threading.main_thread():
        pytest.skip("signal handlers are set from the main thread only")
    before = {s: signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM)}
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        with pytest.raises(KeyboardInterrupt), interruptible():
            os.kill(os.getpid(), sig)
        assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
        assert signal.getsignal(signal.SIGTERM) is before[signal.SIGTERM]
    finally:
        for s, handler in before.items():
            signal.signal(s, handler)


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=lambda s: s.name)
def test_a_signal_in_a_held_stretch_lands_at_its_end(sig: signal.Signals) -> None:
    """``held()`` (starting or stopping a pool) is not cut by the signal: the stretch runs to its
    end and the ``KeyboardInterrupt`` is raised there, over an exception leaving it too; nested
    stretches deliver at the outermost end; outside any, the signal interrupts at once."""
    import threading

    from errdex.cli.errors import interruptible
    from errdex.interrupts import held

    if threading.current_thread() is not threading.main_thread():
        pytest.skip("signal handlers are set from the main thread only")
    reached: list[str] = []
    with interruptible():
        with pytest.raises(KeyboardInterrupt), held():
            with held():
                os.kill(os.getpid(), sig)
                signal.pthread_sigmask(signal.SIG_BLOCK, [])  # a C call: the handler has run
                reached.append("inner")
            reached.append("outer")
        with pytest.raises(KeyboardInterrupt) as raised, held():
            os.kill(os.getpid(), sig)
            signal.pthread_sigmask(signal.SIG_BLOCK, [])
            raise ValueError("the stretch's own error")
        assert isinstance(raised.value.__context__, ValueError)
        with pytest.raises(KeyboardInterrupt):
            os.kill(os.getpid(), sig)
            signal.pthread_sigmask(signal.SIG_BLOCK, [])
            reached.append("unheld")
    assert reached == ["inner", "outer"]


def test_a_pool_stopped_while_a_result_is_half_sent_lets_the_process_exit(tmp_path: pathlib.Path) -> None:
    """The hang of ``errdex index`` after a signal (docs/measurements/hang1.md): a worker ended
    part way through sending its result left the executor's manager thread reading forever, and
    the interpreter's exit joining it. ``pool_stop_child.py`` puts a real pool in that state for
    certain and stops it as Ctrl-C does: the stop is quick and the process exits."""
    from errdex.extract import STOP_GRACE

    child = pathlib.Path(__file__).with_name("pool_stop_child.py")
    try:
        r = subprocess.run(
            [sys.executable, str(child), str(tmp_path / "torn")], capture_output=True, text=True, timeout=90
        )
    except subprocess.TimeoutExpired:
        raise AssertionError("the process did not exit after its pool was stopped") from None
    assert r.returncode == 0, r.stderr[-2000:]
    took = float(r.stdout.split()[2])
    assert took < 2 * STOP_GRACE, r.stdout
