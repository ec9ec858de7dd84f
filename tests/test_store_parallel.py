"""The writer's compression on two threads (``store.parallel``).

zlib and zstd release the GIL while they compress, so a release's new texts, code facts and
extraction entries are compressed on both cores at once (the extraction's workers are often
idle while a history run's main process writes). What must hold: the results come back in the
items' order, an error is raised as the loop raised it, and the catalogue is the one the loop
wrote, row for row. A real git repository, no network.
"""

from __future__ import annotations

import os
import sqlite3
import threading
import time
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from sources_helpers import git, write
from store_helpers import table_rows

from errdex.pipeline import index_releases
from errdex.store import parallel, textdelta

two_cores = pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="one core: the loop runs in the caller")


@two_cores
def test_each_keeps_the_items_order_and_runs_them_on_two_other_threads() -> None:
    def step(x: int) -> tuple[int, int]:
        time.sleep(0.02)  # (as a compression does, without the GIL)
        return x * 2, threading.get_ident()

    got = parallel.each(step, list(range(8)))
    assert [x for x, _ in got] == [x * 2 for x in range(8)]
    threads = {t for _, t in got}
    assert len(threads) == 2 and threading.get_ident() not in threads


def test_a_few_items_run_in_the_caller_s_thread() -> None:
    got = parallel.each(lambda x: (x, threading.get_ident()), [1, 2, 3])
    assert got == [(1, threading.get_ident()), (2, threading.get_ident()), (3, threading.get_ident())]


@two_cores
def test_an_error_of_a_step_is_raised_to_the_caller_and_the_items_not_begun_are_dropped() -> None:
    ran: list[int] = []

    def step(x: int) -> int:
        if x == 0:
            raise ValueError("item 0")
        time.sleep(0.05)
        ran.append(x)
        return x

    with pytest.raises(ValueError, match="item 0"):
        parallel.each(step, list(range(20)))
    assert len(ran) <= 3  # those the two threads had begun, not the 19 queued


def _module(n: int, version: int) -> str:
    """A module large enough that its next version is stored as a difference (``textdelta``)."""
    body = "".join(
        f"def check_{n}_{i}(value):\n"
        f"    if value < {i}:\n"
        f"        raise ValueError(f'value {{value}} is below {i} in module {n}')\n"
        f"    return value + {i}\n\n\n"
        for i in range(40)
    )
    return f'"""Module {n}, version {version}."""\n\n\n' + body + f"VERSION = {version}\n"


@pytest.fixture(scope="module")
def specs(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    root = tmp_path_factory.mktemp("parallel") / "lib"
    root.mkdir()
    git(root, "init", "-q")
    out = []
    for version in range(3):  # every module changes in every commit: ~7 new texts a release
        write(root, {"lib/__init__.py": "", **{f"lib/m{n}.py": _module(n, version) for n in range(6)}})
        git(root, "add", "-A", ".")
        git(root, "commit", "-q", "-m", f"v{version}")
        out.append(f"{root}@{git(root, 'rev-parse', 'HEAD')}")
    return out


@two_cores
def test_a_history_compressed_on_two_threads_is_the_catalogue_the_loop_wrote(
    specs: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    threads: set[str] = set()
    real_make = textdelta.make

    def make(*args: Any) -> bytes | None:
        threads.add(threading.current_thread().name)
        return real_make(*args)

    monkeypatch.setattr(textdelta, "make", make)
    index_releases(specs, str(tmp_path / "threads.db"), jobs=1)
    # the texts of the later releases were made differences on the writer's threads
    assert threads and all(name.startswith("errdex-compress") for name in threads)
    threads.clear()
    monkeypatch.setattr(parallel, "_MIN_ITEMS", 10**9)  # every step in the caller's loop
    index_releases(specs, str(tmp_path / "loop.db"), jobs=1)
    assert threads == {threading.current_thread().name}
    a, b = table_rows(str(tmp_path / "threads.db")), table_rows(str(tmp_path / "loop.db"))
    assert a.keys() == b.keys()
    assert [k for k in a if a[k] != b[k]] == []
    with closing(sqlite3.connect(tmp_path / "threads.db")) as conn:
        data = [bytes(d) for (d,) in conn.execute("SELECT data FROM blobs")]
    assert sum(textdelta.base_of(d) is not None for d in data) >= 12  # 6 modules x 2 later releases
