"""A hostile catalogue: whoever can write it controls the match-index artifact every reader loads.

errdex must never run those bytes (a crafted pickle creates no marker file), and whatever they
hold it must answer — after rebuilding the index from the catalogue's rows, in memory when the
catalogue is read-only — or say clearly that the artifact is corrupt, within a time and memory
bound stated as a multiple of rebuilding from the rows in the same run. The attacks themselves
are built by ``catalogue_attacks`` (shared with ``bench/hostile.py``).
"""

from __future__ import annotations

import gc
import logging
import random
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest
from catalogue_attacks import ARTIFACT, garbled, marker_pickle, measure, not_a_blob, plant, spans
from test_web_support import MESSAGE, TRACEBACK, V1, free_port

from errdex.match import Matcher
from errdex.match.index import CorruptIndex, Index, IndexFormatError
from errdex.store import Store

ERRDEX = str(Path(sys.executable).parent / "errdex")
SITE = "webfix/core.py"  # where the fixture raises MESSAGE, as the catalogue names it
REWORDED = "ValueError: shapes are incompatible for broadcasting: shapes=[(2, 3), (3,)]"
QUERIES = (MESSAGE, TRACEBACK, REWORDED)  # exact, through frames, and through similarity
TIME_FACTOR = 20  # an attack may cost this many rebuilds from the rows
MEMORY_FACTOR = (
    16  # ... and twice a rebuild's memory plus this many times its size (keys cost ~10x in a dict)
)


def _index_fixture(tmp: Path, db: str) -> None:
    from errdex.pipeline import index

    work = tmp / "src" / "webfix"
    shutil.copytree(V1, work)
    index(str(work), db, jobs=1)


@pytest.fixture(scope="module")
def catalogue(tmp_path_factory: pytest.TempPathFactory) -> str:
    tmp = tmp_path_factory.mktemp("hostile")
    db = str(tmp / "catalogue.db")
    _index_fixture(tmp, db)
    return db


@pytest.fixture(scope="module")
def valid_artifact(catalogue: str) -> bytes:
    data = _artifact(catalogue)
    assert data is not None
    return data


def _answers(matcher: Matcher) -> None:
    """Every query names the fixture's raise site: exactly for the message and the traceback."""
    for q in QUERIES:
        matches = matcher.explain(q).matches
        assert matches, q
        assert matches[0].path == SITE, (q, matches[0])
        assert matches[0].approximate == (q is REWORDED), q


def _artifact(db: str) -> bytes | None:
    """The stored index's bytes, inflated (the attacks are on the index itself; a raw one
    planted in the catalogue is read as it is)."""
    from errdex.match.artifact import unpack

    with Store.open(db) as store:
        data = store.get_artifact(ARTIFACT)
    return None if data is None else unpack(data)


def _load_and_answer(db: str, *, readonly: bool) -> None:
    with Store.open(db, readonly=readonly) as store:
        _answers(Matcher.load(store))


@pytest.fixture(scope="module")
def rebuild_baseline(catalogue: str) -> tuple[float, int]:
    """What recovering costs: loading with no artifact (a rebuild from the rows) and answering,
    in CPU seconds (median of three) and peak bytes. Measured once for the module's catalogue:
    both modes of the test below are held to it (it rebuilds writable either way)."""
    runs = []
    for _ in range(3):
        plant(catalogue, b"")
        runs.append(measure(lambda: _load_and_answer(catalogue, readonly=False)))
    return statistics.median(r[0] for r in runs), max(r[1] for r in runs)


@pytest.mark.parametrize("readonly", [True, False], ids=["read-only", "writable"])
def test_every_crafted_artifact_is_rebuilt_or_refused_within_bounds(
    catalogue: str,
    valid_artifact: bytes,
    rebuild_baseline: tuple[float, int],
    readonly: bool,
    caplog: pytest.LogCaptureFixture,
) -> None:
    base_s, base_peak = rebuild_baseline
    attacks = [*garbled(valid_artifact, SITE), *not_a_blob()]
    assert len(attacks) > 30
    report = []
    for attack in attacks:
        plant(catalogue, attack.data)
        caplog.clear()
        with caplog.at_level(logging.WARNING, logger="errdex.match"):
            seconds, peak = measure(lambda: _load_and_answer(catalogue, readonly=readonly))
        size = len(attack.data) if isinstance(attack.data, bytes | str) else 8
        report.append(f"{attack.name}: {seconds / base_s:.1f}x time, {peak / 1e6:.1f} MB")
        assert seconds <= TIME_FACTOR * base_s, (attack.name, seconds, base_s)
        assert peak <= 2 * base_peak + MEMORY_FACTOR * size, (attack.name, peak, base_peak, size)
        warned = [r.getMessage() for r in caplog.records if "corrupt" in r.getMessage()]
        stored = _artifact(catalogue)
        if attack.expect == "corrupt":
            assert len(warned) == 1, attack.name
            assert "match index artifact is corrupt" in warned[0]
            assert ("in memory" in warned[0]) == readonly, warned[0]
        else:
            assert not warned, (attack.name, warned)
        if readonly or attack.expect == "loads":  # nothing written, or nothing to replace
            assert stored == (attack.data if isinstance(attack.data, bytes) else None), attack.name
        else:  # replaced by a sound index of the current catalogue
            assert stored is not None and stored != attack.data, attack.name
            with Store.open(catalogue) as store:
                assert Index.loads(stored).generation == store.generation()
    print("\n".join(report))


@contextmanager
def _earlier_heap_frozen() -> Iterator[None]:
    """Leave what earlier tests in this worker allocated (catalogues, parsed releases: millions of
    objects) out of the collector's work while a cost is measured: a full collection the measured
    code happens to trigger would walk all of it and be charged to the input (seen: 0.65 s for a
    trial that takes 0.01 s alone)."""
    gc.collect()
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def test_random_garbling_only_ever_fails_as_a_corrupt_index(valid_artifact: bytes) -> None:
    """Bytes flipped, items overwritten and cuts anywhere: loading and querying either work or
    raise the index's own errors, never anything else, and never take long (in this thread's CPU
    time, which a loaded machine and the worker's other threads do not inflate)."""
    with _earlier_heap_frozen():
        _garble_and_query(valid_artifact)


def _garble_and_query(valid_artifact: bytes) -> None:
    t = time.thread_time()
    _answers(Matcher(Index.loads(valid_artifact)))
    base = time.thread_time() - t
    rng = random.Random(8)
    table = spans(valid_artifact)
    outcomes = {"loads": 0, "refused": 0, "corrupt at query": 0}
    for trial in range(1200):
        data = bytearray(valid_artifact)
        how = trial % 3
        if how == 0:  # set a few bytes anywhere
            for _ in range(rng.randint(1, 16)):
                data[rng.randrange(len(data))] = rng.randrange(256)
        elif how == 1:  # overwrite aligned items of sections with small, extreme or random values
            for _ in range(rng.randint(1, 4)):
                start, size = table[rng.choice(sorted(table))]
                if size >= 4:
                    at = start + rng.randrange(0, size // 4 * 4, 4)
                    value = rng.choice(
                        [0, 1, rng.randrange(1000), 0xFFFFFFFE, 0xFFFFFFFF, rng.getrandbits(32)]
                    )
                    data[at : at + 4] = value.to_bytes(4, "little")
        else:  # cut anywhere
            del data[rng.randrange(len(data)) :]
        t = time.thread_time()
        try:
            index = Index.loads(bytes(data))
        except IndexFormatError:
            outcomes["refused"] += 1
            continue
        matcher = Matcher(index)
        try:
            for q in QUERIES:
                matcher.explain(q)
            outcomes["loads"] += 1
        except CorruptIndex:
            outcomes["corrupt at query"] += 1
        assert time.thread_time() - t <= TIME_FACTOR * base + 0.5, trial
    print(outcomes)
    assert outcomes["refused"] and outcomes["loads"]


# --- the real commands ----------------------------------------------------------------------------


@contextmanager
def _serve(db: str) -> Iterator[tuple[str, subprocess.Popen[str]]]:
    """``errdex serve`` as a user runs it, on a free loopback port."""
    port = free_port()
    proc = subprocess.Popen(
        [ERRDEX, "serve", "--db", db, "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                httpx.get(base + "/api/repos", timeout=5)
                break
            except httpx.TransportError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(
                        f"errdex serve did not start: {proc.stderr and proc.stderr.read()}"
                    ) from None
                time.sleep(0.1)
        yield base, proc
    finally:
        proc.terminate()
        proc.wait(20)
        if proc.stderr is not None:  # the pipe is ours to close once the server is gone
            proc.stderr.close()


def _explain(db: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [ERRDEX, "explain", "--json", "--db", db, MESSAGE], capture_output=True, text=True, timeout=120
    )


def test_a_pickle_in_the_catalogue_runs_nothing(db_url: str, tmp_path: Path) -> None:
    """The attack on a shared PostgreSQL catalogue or a downloaded SQLite file: ``errdex explain``
    and the web search answer from a rebuilt index, and the payload never runs."""
    import json

    _index_fixture(tmp_path, db_url)
    marker = tmp_path / "pwned"
    payload = marker_pickle(marker)
    plant(db_url, payload)
    out = _explain(db_url)
    assert not marker.exists()
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["matches"][0]["path"] == SITE
    assert _artifact(db_url) != payload  # replaced by a sound index
    plant(db_url, payload)
    with _serve(db_url) as (base, _proc):
        for q in (MESSAGE, TRACEBACK):
            r = httpx.get(base + "/api/search", params={"q": q}, timeout=60)
            assert r.status_code == 200
            assert r.json()["matches"][0]["path"] == SITE
    assert not marker.exists()
    assert _artifact(db_url) == payload  # the server never writes


def test_a_corrupt_artifact_is_named_and_rebuilt_by_the_commands(
    valid_artifact: bytes, tmp_path: Path
) -> None:
    """One line says the artifact is corrupt; the command still answers; a writable run saves a
    sound index, so the next run says nothing. Both kinds: found at load, found by a query."""
    import json

    db = str(tmp_path / "catalogue.db")
    _index_fixture(tmp_path, db)
    attacks = {a.name: a for a in garbled(valid_artifact, SITE)}
    for name in ("truncated to 4/8", "pattern entry ids out of range"):
        plant(db, attacks[name].data)
        first = _explain(db)
        assert first.returncode == 0, first.stderr
        assert json.loads(first.stdout)["matches"][0]["path"] == SITE
        lines = [ln for ln in first.stderr.splitlines() if ln.strip()]
        assert len(lines) == 1 and "match index artifact is corrupt" in lines[0], first.stderr
        assert "Traceback" not in first.stderr
        again = _explain(db)
        assert again.returncode == 0 and again.stderr.strip() == "", again.stderr
    plant(db, attacks["pattern entry ids out of range"].data)
    with _serve(db) as (base, proc):
        r = httpx.get(base + "/api/search", params={"q": MESSAGE}, timeout=60)
        assert r.status_code == 200 and r.json()["matches"][0]["path"] == SITE
        proc.terminate()
        _out, err = proc.communicate(timeout=20)
    assert "match index artifact is corrupt" in err and "in memory" in err
    assert "Traceback" not in err
