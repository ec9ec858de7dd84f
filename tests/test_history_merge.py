"""The match index of a history indexed at once, merged as the run goes (``HeldMerge``).

Each release's entries are added to the merge's builder once the release is written and its
callers counted, in the window where the workers parse the next release, instead of all of
them after the last release. What must hold: the stored index is the bytes of an index built
fresh from every row, the catalogue is the one made without the held merge, row for row, and
the held merge is left aside whenever the catalogue is not what it holds (a snapshot not
counted, replaced or written by someone else since, one whose segment is kept).

Four commits of a real git repository: functions calling a raising helper (the callers count
the ranking reads), an exception class and its bases, messages that change between commits.
"""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from sources_helpers import git, write

from errdex import pipeline
from errdex.match import shared_index
from errdex.match.artifact import build_index, class_bases, unpack
from errdex.match.handoff import link_entries
from errdex.pipeline import _Quiet, count_callers, index_releases, index_snapshot
from errdex.store import Store

MOD = """\
from .errors import LibError


class Tight(LibError, ValueError):
    pass


def _fail(what):
    raise LibError(f"{what} is not allowed ({VERSION})")


def first(x):
    if x < 0:
        _fail("a negative x")
    return x


def second(y):
    if not y:
        _fail("an empty y")
    raise Tight(f"y={y!r} is too tight")


VERSION = "v1"
"""

ERRORS = "class LibError(Exception):\n    pass\n"


@pytest.fixture(scope="module")
def specs(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    root = tmp_path_factory.mktemp("merge") / "lib"
    root.mkdir()
    git(root, "init", "-q")
    write(root, {"lib/__init__.py": "", "lib/mod.py": MOD, "lib/errors.py": ERRORS})
    git(root, "add", ".")
    git(root, "commit", "-q", "-m", "c1")
    out = [f"{root}@{git(root, 'rev-parse', 'HEAD')}"]
    for n, change in enumerate(
        [
            {"lib/mod.py": MOD.replace('"v1"', '"v2"')},  # a constant: the same code facts
            {"lib/mod.py": MOD + "\n\ndef third(z):\n    _fail(f'z={z}')\n", "lib/more.py": ERRORS},
            {"lib/mod.py": MOD.replace("too tight", "far too tight") + "\n\ndef third(z):\n    second(z)\n"},
        ],
        2,
    ):
        write(root, change)
        git(root, "add", ".")
        git(root, "commit", "-q", "-m", f"c{n}")
        out.append(f"{root}@{git(root, 'rev-parse', 'HEAD')}")
    return out


def _dump(db: Path) -> list[str]:
    with closing(sqlite3.connect(db)) as conn:
        return list(conn.iterdump())


def _fresh_build_is_stored(db: Path) -> None:
    """The stored index is the bytes of one built from every row (callers included)."""
    with Store.open(str(db)) as store:
        stored = unpack(store.get_artifact("match-index") or b"")
        rows = list(store.iter_entries())
        assert any(e.callers for e in rows)  # the counts are in the entries compared
        built = build_index(rows, str(store.generation()), class_bases(store), link_entries(store))
        assert stored == built.dumps()


class _Spy:
    """What each ``update`` started from, and how many snapshots ``hold`` took."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.held: list[bool] = []
        self.started: list[int] = []
        real_hold, real_prefix = shared_index.hold, shared_index._held_prefix

        def hold(store: Any, held: shared_index.HeldMerge, sid: int) -> bool:
            self.held.append(real_hold(store, held, sid))
            return self.held[-1]

        def prefix(store: Any, stamps: Any, held: Any) -> Any:
            got = real_prefix(store, stamps, held)
            self.started.append(got[0] if got[1] is held.builder else -got[0])
            return got

        monkeypatch.setattr(shared_index, "hold", hold)
        monkeypatch.setattr(shared_index, "_held_prefix", prefix)


def test_a_history_s_index_merged_as_it_goes_is_a_fresh_build_and_the_same_catalogue(
    specs: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("errdex.store.sql._now", lambda: "2026-01-01T00:00:00+00:00")
    spy = _Spy(monkeypatch)
    index_releases(specs, str(tmp_path / "held.db"), jobs=1)
    assert spy.held == [True, True, True]  # every release but the last, held as written
    assert spy.started == [3]  # the final merge started from the held builder
    _fresh_build_is_stored(tmp_path / "held.db")
    # the same run with no release held: the merge of the rows at the end, as before
    monkeypatch.setattr(shared_index, "hold", lambda store, held, sid: False)
    index_releases(specs, str(tmp_path / "end.db"), jobs=1)
    assert _dump(tmp_path / "held.db") == _dump(tmp_path / "end.db")


def _write(store: Store, spec: str, counted: bool = True) -> int:
    """One release written as a history run writes it (lineages and index left), counted."""
    _, snap, left_out = pipeline._open_release(spec, _Quiet(), None, True)
    code: pipeline.HeldCode = {}
    sid = index_snapshot(store, snap, left_out, jobs=1, rebuild=False, code=code).snapshot_id
    if counted:
        count_callers(store, code)
    return sid


def test_a_snapshot_not_counted_yet_is_not_held(specs: list[str], tmp_path: Path) -> None:
    """Its entries would carry no callers: the merge would not be a fresh build's."""
    with Store.open(str(tmp_path / "c.db")) as store:
        held = shared_index.HeldMerge()
        sid = _write(store, specs[0], counted=False)
        assert not shared_index.hold(store, held, sid) and held.builder.n == 0 and not held.stamps
        count_callers(store)
        assert shared_index.hold(store, held, sid) and held.counts[0] > 0


def test_the_held_merge_is_left_aside_when_a_snapshot_it_holds_is_gone(
    specs: list[str], tmp_path: Path
) -> None:
    """A held snapshot removed since (or replaced: its stamp changes): the merge would keep its
    entries; the index is merged from the stored rows instead, and is a fresh build's."""
    db = tmp_path / "c.db"
    with Store.open(str(db)) as store:
        held = shared_index.HeldMerge()
        for spec in specs[:3]:
            assert shared_index.hold(store, held, _write(store, spec))
        store.delete_snapshot(held.stamps[1][0])
        _write(store, specs[3])
        pipeline.after_history_change(store, [r.name for r in store.repos()], _Quiet(), merge=held)
    _fresh_build_is_stored(db)


def test_the_held_merge_is_left_aside_when_it_holds_a_snapshot_whose_segment_is_kept(
    specs: list[str], tmp_path: Path
) -> None:
    """The newest snapshot of a codebase keeps its segment (the next release's base), which a
    held merge never built: the catalogue must not lack it."""
    from errdex.store import segments as ss

    db = tmp_path / "c.db"
    with Store.open(str(db)) as store:
        held = shared_index.HeldMerge()
        for spec in specs:
            assert shared_index.hold(store, held, _write(store, spec))
        pipeline.after_history_change(store, [r.name for r in store.repos()], _Quiet(), merge=held)
        newest, stamp = held.stamps[-1]
        assert ss.get_segment(store, newest, stamp) is not None
    _fresh_build_is_stored(db)
