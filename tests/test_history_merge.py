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


def _commits(root: Path, changes: list[dict[str, str]]) -> list[str]:
    """A git repository at ``root`` holding the package (``MOD``, ``ERRORS``), then each change
    committed on top: each commit's spec."""
    root.mkdir()
    git(root, "init", "-q")
    out = []
    for n, change in enumerate(
        [{"lib/__init__.py": "", "lib/mod.py": MOD, "lib/errors.py": ERRORS}, *changes], 1
    ):
        write(root, change)
        git(root, "add", ".")
        git(root, "commit", "-q", "-m", f"c{n}")
        out.append(f"{root}@{git(root, 'rev-parse', 'HEAD')}")
    return out


@pytest.fixture(scope="module")
def specs(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    return _commits(
        tmp_path_factory.mktemp("merge") / "lib",
        [
            {"lib/mod.py": MOD.replace('"v1"', '"v2"')},  # a constant: the same code facts
            {"lib/mod.py": MOD + "\n\ndef third(z):\n    _fail(f'z={z}')\n", "lib/more.py": ERRORS},
            {"lib/mod.py": MOD.replace("too tight", "far too tight") + "\n\ndef third(z):\n    second(z)\n"},
        ],
    )


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


def test_a_run_of_unrelated_releases_holds_none_and_stores_the_same_catalogue(
    specs: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Releases of two codebases, each one's last release not followed by another of its own
    source: each is its codebase's newest at the end, whose segment ``update`` stores and a
    held merge never built, so the merge would be left aside (as in the test above). None is
    held (``_held_releases``), and the catalogue is, row for row, the one of the run that held
    them and threw the merge away."""
    other = _commits(tmp_path / "other", [])
    run = [specs[0], specs[1], other[0]]
    assert pipeline._held_releases(run) == 1  # lib's first release: lib follows it again
    assert pipeline._held_releases([other[0], *specs]) == 0
    monkeypatch.setattr("errdex.store.sql._now", lambda: "2026-01-01T00:00:00+00:00")
    spy = _Spy(monkeypatch)
    index_releases([other[0], specs[0]], str(tmp_path / "none.db"), jobs=1)
    assert spy.held == [] and spy.started == [0]  # nothing held: the merge of the rows
    _fresh_build_is_stored(tmp_path / "none.db")
    monkeypatch.setattr(pipeline, "_held_releases", lambda specs: len(specs) - 1)  # as before
    index_releases([other[0], specs[0]], str(tmp_path / "held.db"), jobs=1)
    assert spy.held == [True] and spy.started == [0, 0]  # held, then left aside
    assert _dump(tmp_path / "none.db") == _dump(tmp_path / "held.db")


def test_the_releases_held_are_those_before_the_first_one_its_source_does_not_follow() -> None:
    held = pipeline._held_releases
    assert held([f"pypi:jax=={v}" for v in ("0.8.3", "0.9.0", "0.10.2")]) == 2  # all but the last
    assert held(["pypi:attrs==25.1.0", "pypi:click==8.5.1", "pypi:numpy==2.5.5"]) == 0
    assert held(["pypi:Ruamel.YAML==0.18", "pypi:ruamel-yaml==0.19", "pypi:six==1.16"]) == 1
    assert held(["pypi:a==1", "pypi:b==1", "pypi:a==2"]) == 1  # a follows a==1; nothing follows b
    assert held(["pypi:a==1"]) == 0 and held([]) == 0
    assert held(["https://example.org/r.git@v1", "https://example.org/r.git@v2"]) == 1


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


# -- a release's entries the release before held, added again (``Builder.add_again``) --------

MOVED = "# a comment above everything: every line below moves by one\n"


@pytest.fixture(scope="module")
def moved(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """c1; c2 moves every line of mod.py by one (the same statements: entries as before but
    for their line); c3 adds a caller of ``_fail`` (its callers count changes: every entry of
    its raise is another) and rewords a message (a new body); c4 rewords that one again."""
    mod3 = MOVED + MOD.replace("too tight", "far too tight") + "\n\ndef third(z):\n    _fail(f'z={z}')\n"
    return _commits(
        tmp_path_factory.mktemp("moved") / "lib",
        [
            {"lib/mod.py": MOVED + MOD},
            {"lib/mod.py": mod3},
            {"lib/mod.py": mod3.replace("far too tight", "much too tight")},
        ],
    )


def _rows_builder(store: Store, sids: list[int]) -> bytes:
    """The index a builder fed every snapshot's rows lays out (``_Rows``: what ``hold`` did)."""
    b = shared_index.Builder()
    for sid in sids:
        shared_index._rest_of_segment(store, sid, b)
    return b.finish("g").dumps()


def test_entries_as_before_are_added_again_and_the_merge_is_the_one_of_the_rows(
    moved: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only the entries the release before did not hold (by signature) are read from their
    rows: of c2's moved entries none, of c3's all (``_fail``'s raise recounted, the reworded
    message), of c4's the message reworded again; the builder holds the bytes the rows make."""
    asked: list[int | None] = []
    real = Store.iter_entries

    def iter_entries(self: Store, *a: Any, keys: Any = None, **k: Any) -> Any:
        asked.append(None if keys is None else len(keys))
        return real(self, *a, keys=keys, **k)

    monkeypatch.setattr(Store, "iter_entries", iter_entries)
    with Store.open(str(tmp_path / "c.db")) as store:
        held = shared_index.HeldMerge()
        sids = []
        for spec in moved:
            sids.append(_write(store, spec))
            assert shared_index.hold(store, held, sids[-1])
        monkeypatch.setattr(Store, "iter_entries", real)
        n = held.counts
        assert n[0] == n[1] and n[2] == n[3] == n[1] + 1  # third's raise through ``_fail``
        # c1 and c3 read whole, c2 none (``keys`` empty), c4 the one reworded
        assert asked == [None, 0, None, 1]
        lines = [[e.line for e in store.iter_entries(snapshot_id=sid)] for sid in sids[:2]]
        assert lines[1] == [x + 1 for x in lines[0]]  # every entry of c2 moved
        assert held.builder.finish("g").dumps() == _rows_builder(store, sids)


def test_an_entry_signature_is_all_an_entry_holds_but_its_key_snapshot_and_line(
    moved: list[str], tmp_path: Path
) -> None:
    """The same body, statement and reach at another line: the same signature; another callers
    count or another body: another one. The statements read are handed on to the next."""
    with Store.open(str(tmp_path / "c.db")) as store:
        sids = [_write(store, spec) for spec in moved[:3]]
        got = [store.entry_signatures(sid) for sid in sids]
        assert None not in got and store.entry_signatures(max(sids) + 1) is None
        one, two, three = (g.entries for g in got)  # type: ignore[union-attr]
        assert [s for _, _, s in one] == [s for _, _, s in two]
        assert [line + 1 for _, line, _ in one] == [line for _, line, _ in two]
        by_key = {e.key: e for sid in sids for e in store.iter_entries(snapshot_id=sid)}
        for key, line, (_body, statement, called, callers) in [*one, *two, *three]:
            e = by_key[key]
            assert (line, statement, called, callers) == (e.line, e.statement, e.called, e.callers)
        fail = [s for k, _, s in two if by_key[k].function == "_fail"]
        fail3 = [s for k, _, s in three if by_key[k].function == "_fail"]
        assert fail and fail3 and fail[0][:2] == fail3[0][:2] and fail[0][3] + 1 == fail3[0][3]
        assert not {s for *_, s in three} & {s for *_, s in two}
        # the statements read for c2 are c2's; given to c3, its unchanged lines are not read
        again = store.entry_signatures(sids[2], got[1].statements)  # type: ignore[union-attr]
        assert again == got[2]


def test_iter_entries_of_given_keys_reads_those_alone_in_key_order(
    specs: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Runs of keys, a few to a statement (one here, so every run is its own): the entries
    all of them read, in order; and the statements given, taken as they are."""
    from errdex.store import sql

    monkeypatch.setattr(sql, "_SPANS", 1)
    with Store.open(str(tmp_path / "c.db")) as store:
        sid = _write(store, specs[2])
        every = list(store.iter_entries(snapshot_id=sid))
        assert len(every) >= 4
        keys = [e.key for i, e in enumerate(every) if i != 1]  # two runs at least
        assert list(store.iter_entries(snapshot_id=sid, keys=keys)) == [e for e in every if e.key in keys]
        assert list(store.iter_entries(snapshot_id=sid, keys=[])) == []
        # a statement read before (``entry_signatures``'s) is taken as it is, not read again
        with store.engine.connect() as conn:
            blob = sql._blob_shas(conn, sid)[every[0].path]
        assert blob is not None
        told = {(blob, every[0].line): "raise Told()"}
        got = list(store.iter_entries(snapshot_id=sid, statements=told))
        first = (every[0].path, every[0].line)
        want = ["raise Told()" if (e.path, e.line) == first else e.statement for e in every]
        assert [e.statement for e in got] == want and want.count("raise Told()") < len(want)


def test_an_entry_added_again_is_the_entry_added_from_its_fields() -> None:
    """``add_again`` of what ``add`` returned, with another key, snapshot and line: the bytes
    ``add`` of those fields lays out (a new snapshot's strings, the line's table included)."""
    from errdex.match.index import Builder

    def fields(key: int, version: str, line: int) -> tuple[Any, ...]:
        return (
            "bad value", ("x",), ["bad value ", ""], False, ("lib", version, None),
            ("raise", "ValueError", "ValueError", "lib/mod.py", "check"), key, "e1",
            "bad value {x}", line, False, "raise ValueError(f'bad value {x}')", True, None, 3, ("KeyError",),
        )  # fmt: skip

    a, b = Builder(), Builder()
    made = a.add(*fields(1, "1.0", 10))
    b.add(*fields(1, "1.0", 10))
    assert made is not None
    a.add_again(made, 2, ("lib", "1.1", None), 11)
    b.add(*fields(2, "1.1", 11))
    assert a.finish().dumps() == b.finish().dumps()
