"""A history indexed at once looks one release further ahead when the workers have nothing to
parse (``pipeline._overlapped``).

Release k+1 begins once release k is gathered, and its files are parsed while k is resolved and
written. A release that changes at most one file gives the workers nothing: they sat idle for
the ~2 s this process spends writing a jax release. Now k+1 is gathered at once and k+2 begun in
that window. What must hold: k+2 reuses what it would have once k and k+1 were written (a file
k had, k+1 dropped and k+2 brings back is found among k's files, not parsed again), and the
catalogue is the one of one release after another, row for row.

Four commits of a real git repository, no network.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from sources_helpers import git, write
from store_helpers import table_rows

from errdex import pipeline
from errdex.pipeline import index_releases

MOD = """\
from .errors import LibError


def _fail(what):
    raise LibError(f"{what} is not allowed")


def first(x):
    if x < 0:
        _fail("a negative x")
    return x
"""

ERRORS = "class LibError(Exception):\n    pass\n"
EXTRA = "def extra(v):\n    if v is None:\n        raise ValueError('extra needs a value')\n"


def _commit(root: Path, message: str) -> str:
    git(root, "add", "-A", ".")
    git(root, "commit", "-q", "-m", message)
    return f"{root}@{git(root, 'rev-parse', 'HEAD')}"


@pytest.fixture(scope="module")
def specs(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    root = tmp_path_factory.mktemp("lookahead") / "lib"
    root.mkdir()
    git(root, "init", "-q")
    write(root, {"lib/__init__.py": "", "lib/mod.py": MOD, "lib/errors.py": ERRORS, "lib/extra.py": EXTRA})
    out = [_commit(root, "c1")]
    git(root, "rm", "-q", "lib/extra.py")  # c2: a file dropped, nothing to parse
    out.append(_commit(root, "c2"))
    write(  # c3: the file back as it was in c1, two files changed (the workers parse them)
        root,
        {
            "lib/extra.py": EXTRA,
            "lib/mod.py": MOD.replace("not allowed", "never allowed"),
            "lib/errors.py": ERRORS + "\n\nclass Other(LibError):\n    pass\n",
        },
    )
    out.append(_commit(root, "c3"))
    write(root, {"lib/mod.py": MOD + "\n\ndef second(y):\n    _fail(f'y={y}')\n", "lib/more.py": ERRORS})
    out.append(_commit(root, "c4"))
    return out


def test_a_release_that_gives_the_workers_nothing_lets_the_next_one_begin_and_the_catalogue_is_the_same(
    specs: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    events: list[tuple[str, str]] = []
    real_open, real_write = pipeline._open_release, pipeline.index_snapshot

    def opened(spec: str, *args: Any) -> Any:
        events.append(("open", spec))
        return real_open(spec, *args)

    def written(store: Any, snap: Any, *args: Any, **kwargs: Any) -> Any:
        events.append(("write", snap.info.version))
        return real_write(store, snap, *args, **kwargs)

    monkeypatch.setattr(pipeline, "_open_release", opened)
    monkeypatch.setattr(pipeline, "index_snapshot", written)
    dbs = {mode: str(tmp_path / f"{mode}.db") for mode in ("after", "overlap")}
    after = index_releases(specs, dbs["after"], jobs=2, overlap=False)
    events.clear()
    overlap = index_releases(specs, dbs["overlap"], jobs=2)

    # c3 was opened (and its files handed to the workers) before c1 was written: c2 had none
    opens = [spec for kind, spec in events if kind == "open"]
    assert opens == specs
    first_write = next(n for n, (kind, _) in enumerate(events) if kind == "write")
    assert events.index(("open", specs[2])) < first_write
    # c3 found c1's extra.py (not written yet) as it would have in the catalogue: reused
    assert [(s.version, s.reused, s.files, s.errors) for s in overlap] == [
        (s.version, s.reused, s.files, s.errors) for s in after
    ]
    assert after[2].reused == 2  # lib/__init__.py and lib/extra.py
    assert table_rows(dbs["after"]) == table_rows(dbs["overlap"])


@pytest.fixture(scope="module")
def reverted(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """c1; c2 changes extra.py; c3 takes extra.py back to c1's bytes (the catalogue's cache
    has them from c1, the release before has other ones); c4 adds a function to mod.py. Eight
    more modules: one file in nine lacks its facts in c3 (``pipeline._REMADE``)."""
    root = tmp_path_factory.mktemp("reverted") / "lib"
    root.mkdir()
    git(root, "init", "-q")
    write(root, {"lib/__init__.py": "", "lib/mod.py": MOD, "lib/errors.py": ERRORS, "lib/extra.py": EXTRA})
    write(
        root,
        {
            f"lib/m{n}.py": f"from .mod import first\n\n\ndef use{n}(v):\n    return first(v)\n"
            for n in range(8)
        },
    )
    out = [_commit(root, "c1")]
    write(root, {"lib/extra.py": EXTRA + "\n\ndef more():\n    extra(None)\n"})
    out.append(_commit(root, "c2"))
    write(root, {"lib/extra.py": EXTRA, "lib/errors.py": ERRORS + "\n\nclass Other(LibError):\n    pass\n"})
    out.append(_commit(root, "c3"))
    write(root, {"lib/mod.py": MOD + "\n\ndef second(y):\n    return first(y) + extra(y)\n"})
    out.append(_commit(root, "c4"))
    return out


def test_a_file_back_to_older_bytes_keeps_every_release_s_callers_counted_from_memory(
    reverted: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The callers count reads a release's code facts in memory only when it holds every
    file's; a file reused from two releases back was in neither the release's own parse nor
    the one before's, and without its facts made again every later release (which carries the
    facts of the one before) decoded the stored facts of all its files."""
    from errdex.store import facts

    from_memory: list[bool] = []
    real = facts.FactReader.with_code

    def with_code(self: Any, sid: int, code: Any) -> Any:
        got = real(self, sid, code)
        from_memory.append(got is not self)
        return got

    monkeypatch.setattr(facts.FactReader, "with_code", with_code)
    dbs = {mode: str(tmp_path / f"{mode}.db") for mode in ("after", "overlap")}
    index_releases(reverted, dbs["after"], jobs=2, overlap=False)
    from_memory.clear()
    index_releases(reverted, dbs["overlap"], jobs=2)
    assert from_memory == [True, True, True, True]  # c3 and c4 too
    assert table_rows(dbs["after"]) == table_rows(dbs["overlap"])


def test_a_file_s_code_facts_made_again_are_those_its_extraction_made() -> None:
    from errdex.extract import extract_file

    text = (MOD + "\n\nclass K(LibError):\n    def m(self):\n        return first(1)\n").encode()
    made = extract_file("lib/mod.py", text)
    assert made.code is not None
    assert pipeline.file_code_facts("lib/mod.py", text) == made.code
    assert pipeline.file_code_facts("lib/bad.py", b"def (:\n") is None


def test_a_release_that_does_not_open_when_looked_ahead_stops_the_run_in_its_turn(
    specs: list[str], tmp_path: Path
) -> None:
    """c3 cannot be opened when c2 (nothing to parse) lets the run look ahead: the run goes on
    and stops on c3's error in its turn, as it did without looking ahead (c3 is opened before c2
    is written, so c1 alone is stored). Raised while looking ahead, nothing would be."""
    import sqlite3
    from contextlib import closing

    from errdex.sources import SourceError

    root = specs[0].rpartition("@")[0]
    broken = [specs[0], specs[1], f"{root}@{'0' * 40}"]
    db = str(tmp_path / "c.db")
    with pytest.raises(SourceError):
        index_releases(broken, db, jobs=2)
    with closing(sqlite3.connect(db)) as conn:
        assert conn.execute("SELECT COUNT(*) FROM snapshots").fetchone() == (1,)


def test_a_run_freezes_the_heap_it_keeps_and_leaves_one_frozen_by_another_as_it_was(
    specs: list[str], tmp_path: Path
) -> None:
    """Each release's facts and rows, made with the collector paused, are frozen out of its way
    (``pipeline._settled``) until the run ends, not walked by its next young and middle
    collections; a heap something else froze (a server's) is neither frozen further nor
    handed back; the catalogue is the same either way."""
    import gc

    if gc.get_freeze_count():
        pytest.skip("this process froze objects already")
    counts: list[int] = []
    index_releases(
        specs, str(tmp_path / "own.db"), jobs=1, on_summary=lambda s: counts.append(gc.get_freeze_count())
    )
    assert len(counts) == len(specs) and min(counts) > 0
    assert gc.get_freeze_count() == 0
    gc.freeze()
    try:
        held = gc.get_freeze_count()
        counts.clear()
        index_releases(
            specs,
            str(tmp_path / "other.db"),
            jobs=1,
            on_summary=lambda s: counts.append(gc.get_freeze_count()),
        )
        assert max(counts) <= held and 0 < gc.get_freeze_count() <= held
    finally:
        gc.unfreeze()
    assert table_rows(str(tmp_path / "own.db")) == table_rows(str(tmp_path / "other.db"))
