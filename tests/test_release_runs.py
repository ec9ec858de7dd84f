"""Per-release rows stored once per run of releases (``symbol_runs``, ``error_runs``, schema v11).

Every check reads through the views every reader uses (``snapshot_symbols``, ``snapshot_errors``,
``symbols``) and compares with what each release was given: the storage may change, what a
release reads back may not, whatever order releases are written, replaced and deleted in.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text
from store_helpers import as_version

from errdex.model import ErrorRecord, FileReport, SnapshotInfo, SourceFile, error_id, render_template
from errdex.store import Store, history
from errdex.store.history import runs_of

Held = tuple[frozenset[str], frozenset[tuple[str, int]]]  # a release's names, its (error id, line)s


def _record(repo: str, message: str, line: int) -> ErrorRecord:
    segments = [message]
    tmpl = render_template(segments)
    return ErrorRecord(
        kind="error",
        exc_type="ValueError",
        template=tmpl,
        segments=segments,
        expanded_segments=segments,
        path="lib/core.py",
        line=line,
        end_line=line,
        function="f",
        guards=[],
        window_start=line,
        window_end=line,
        id=error_id(repo, "lib/core.py", "f", "ValueError", tmpl),
    )


def _write(
    store: Store, repo: str, version: str, names: set[str], errors: dict[str, int]
) -> tuple[int, Held]:
    """Store release ``version`` of ``repo`` holding ``names`` and errors (message -> line)."""
    info = SnapshotInfo(repo=repo, name=repo.split("/")[1], version=version, ref_kind="pypi", ref=version)
    body = f"# {version} {sorted(names)} {sorted(errors.items())}\n".encode()
    records = [_record(repo, m, line) for m, line in sorted(errors.items())]
    result = store.write_snapshot(
        info, [SourceFile("lib/core.py", body)], records, [FileReport("lib/core.py", "ok")], names
    )
    held = (frozenset(names), frozenset((r.id, r.line) for r in records))
    return result.snapshot_id, held


def _read(store: Store) -> dict[int, Held]:
    """What each stored snapshot holds, read through the views."""
    with store.engine.connect() as conn:
        sids = [int(r[0]) for r in conn.execute(text("SELECT id FROM snapshots"))]
        names = conn.execute(text("SELECT snapshot_id, name FROM symbols")).all()
        errs = conn.execute(text("SELECT snapshot_id, error_id, line FROM snapshot_errors")).all()
    return {
        sid: (
            frozenset(str(n) for s, n in names if s == sid),
            frozenset((str(e), int(line)) for s, e, line in errs if s == sid),
        )
        for sid in sids
    }


def _count(store: Store, table: str) -> int:
    with store.engine.connect() as conn:
        return int(conn.execute(text(f"SELECT COUNT(*) FROM {table}")).scalar_one())


def test_runs_of_positions() -> None:
    assert runs_of([(0, 3), (1, 3), (2, 4), (4, 4), (5, 4)]) == [(0, 1, 3), (2, 2, 4), (4, 5, 4)]
    assert runs_of([]) == []


def test_rows_a_release_shares_with_the_one_before_are_stored_once(db_url: str) -> None:
    with Store.open(db_url) as store:
        want: dict[int, Held] = {}
        for repo, version, names, errs in [
            ("acme/lib", "1.0", {"lib", "lib.a", "lib.b"}, {"one": 3, "two": 5}),
            ("other/lib", "1.0", {"lib", "lib.a"}, {"one": 3}),  # another codebase in between
            ("acme/lib", "2.0", {"lib", "lib.a", "lib.b", "lib.c"}, {"one": 3, "two": 6}),
            ("acme/lib", "3.0", {"lib", "lib.a", "lib.c"}, {"one": 3, "two": 6, "three": 9}),
        ]:
            sid, held = _write(store, repo, version, names, errs)
            want[sid] = held
        assert _read(store) == want
        # acme: lib and lib.a one run each over 1.0..3.0, lib.b 1.0..2.0, lib.c 2.0..3.0; other: 2
        assert _count(store, "symbol_runs") == 4 + 2
        # acme: "one" throughout, "two" (at 5, then at 6: the line is read from the occurrences),
        # "three"; other: "one"
        assert _count(store, "error_runs") == 3 + 1


def test_deleting_and_replacing_releases_leaves_the_others_as_they_were(db_url: str) -> None:
    releases = [
        ("1.0", {"lib", "lib.a", "lib.b"}, {"one": 3, "two": 5}),
        ("2.0", {"lib", "lib.a", "lib.b"}, {"one": 3, "two": 5}),
        ("3.0", {"lib", "lib.a", "lib.b", "lib.c"}, {"one": 3, "two": 5}),
        ("4.0", {"lib", "lib.a", "lib.c"}, {"one": 3, "two": 7}),
    ]
    with Store.open(db_url) as store:
        want: dict[int, Held] = {}
        ids: dict[str, int] = {}
        for version, names, errs in releases:
            ids[version], want[ids[version]] = _write(store, "acme/lib", version, names, errs)
        assert _read(store) == want
        # the middle of a run, then its last release (whose id SQLite gives to the next one)
        for version in ("2.0", "4.0"):
            store.delete_snapshot(ids[version])
            del want[ids[version]]
            assert _read(store) == want
        sid, held = _write(store, "acme/lib", "5.0", {"lib", "lib.d"}, {"one": 3, "two": 7})
        want[sid] = held
        assert _read(store) == want
        # a release indexed again with other content replaces its rows (a new id, or the same)
        sid, held = _write(store, "acme/lib", "1.0", {"lib", "lib.e"}, {"two": 5})
        del want[ids["1.0"]]
        want[sid] = held
        assert _read(store) == want
        for sid in list(want):
            store.delete_snapshot(sid)
        assert _read(store) == {}
        assert _count(store, "symbol_runs") == _count(store, "error_runs") == 0


def test_a_v9_catalogue_becomes_runs_with_the_same_rows(db_url: str) -> None:
    from sqlalchemy import inspect

    releases = 3
    with Store.open(db_url) as store:
        for i in range(releases):
            _write(store, "acme/lib", f"{i}.0", {"lib", f"lib.v{i % 2}"}, {"one": 3, f"e{i}": 4})
        _write(store, "other/lib", "1.0", {"lib"}, {"one": 3})
        before = _read(store)
        as_version(store.engine, 9)
        with store.engine.connect() as conn:
            assert {"snapshot_symbols", "snapshot_errors"} <= set(inspect(conn).get_table_names())
            assert "symbol_runs" not in inspect(conn).get_table_names()
        assert _read(store) == before
    with Store.open(db_url) as store:  # opening migrates
        assert _read(store) == before
        # lib: one run; lib.v0 at 0.0 and 2.0 (two runs), lib.v1; other: lib
        assert _count(store, "symbol_runs") == 1 + 2 + 1 + 1
        assert _count(store, "error_runs") == 1 + releases + 1
        sid, held = _write(store, "acme/lib", "9.0", {"lib"}, {"one": 3})
        assert _read(store)[sid] == held


def test_an_errors_line_is_that_of_its_last_occurrence_in_the_release(db_url: str) -> None:
    with Store.open(db_url) as store:
        first, again = _record("acme/lib", "one", 3), _record("acme/lib", "one", 8)
        info = SnapshotInfo(repo="acme/lib", name="lib", version="1.0", ref_kind="pypi", ref="1.0")
        files = [SourceFile("lib/core.py", b"# two raises of one message\n")]
        sid = store.write_snapshot(
            info, files, [first, again], [FileReport("lib/core.py", "ok")], set()
        ).snapshot_id
        assert _read(store)[sid][1] == {(first.id, 8)}


def _rows(store: Store, table: str) -> list[tuple[object, ...]]:
    with store.engine.connect() as conn:
        return sorted(tuple(r) for r in conn.execute(text(f"SELECT * FROM {table}")))


def test_a_fresh_writer_interns_only_the_names_the_release_before_did_not_hold(
    db_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A fresh process adding a release (a writer holding no name, ``WriterMemo``) takes the
    ids of the names the codebase's release before held from its runs, and interns the others
    alone, in name order (hist45): the same ``symbol_names`` and runs as interning every name."""
    old = {f"lib.m{i:04d}" for i in range(1200)}
    new = (old - {f"lib.m{i:04d}" for i in range(50)}) | {f"lib.n{i:02d}" for i in range(30)} | {"lib.shared"}
    interned: list[set[str]] = []
    real = history._interned

    def spied(conn: Any, wanted: set[str]) -> dict[str, int]:
        interned.append(set(wanted))
        return real(conn, wanted)

    def catalogue(url: str) -> dict[str, list[tuple[object, ...]]]:
        with Store.open(url) as store:
            _write(store, "acme/lib", "1.0", old, {"one": 3})
            _write(store, "other/lib", "1.0", {"lib.shared", "lib.other"}, {"one": 3})
        interned.clear()
        with Store.open(url) as store:  # another process: its writer holds no name
            _write(store, "acme/lib", "2.0", new, {"one": 3, "two": 5})
            return {t: _rows(store, t) for t in ("symbol_names", "symbol_runs")}

    monkeypatch.setattr(history, "_interned", spied)
    got = catalogue(db_url)
    assert interned == [new - old]  # the 30 new names and one another codebase stored
    if db_url.endswith(".db"):  # against interning every name (one backend is enough)
        monkeypatch.setattr(history, "_FEW_NAMES", 10**9)
        assert catalogue(str(tmp_path / "every.db")) == got
        assert interned == [new]
