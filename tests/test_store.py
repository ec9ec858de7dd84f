"""The catalogue on a real SQLite file: atomic snapshots, idempotent re-indexing, shared IDs."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import inspect, text
from store_helpers import as_v3, as_version, v6, v7, v8

from errdex.model import (
    CodeFacts,
    ErrorRecord,
    FileReport,
    FunctionFact,
    SnapshotInfo,
    SourceFile,
    error_id,
    render_template,
)
from errdex.store import Store, StoreError
from errdex.store.fast import open_reader
from errdex.store.fnfacts import legacy
from errdex.store.releases import snapshots_holding
from errdex.store.schema import SCHEMA_VERSION


def _record(path: str, line: int, template_segments: list[str], function: str = "f") -> ErrorRecord:
    tmpl = render_template(template_segments)
    return ErrorRecord(
        kind="error",
        exc_type="ValueError",
        template=tmpl,
        segments=template_segments,
        expanded_segments=template_segments,
        path=path,
        line=line,
        end_line=line + 1,
        function=function,
        guards=["x < 0"],
        window_start=max(1, line - 2),
        window_end=line + 2,
        id=error_id("acme/lib", path, function, "ValueError", tmpl),
    )


def _snapshot(version: str, body: str) -> tuple[SnapshotInfo, list[SourceFile], list[FileReport]]:
    info = SnapshotInfo(
        repo="acme/lib",
        name="lib",
        version=version,
        ref_kind="pypi",
        ref=version,
        source_url="https://github.com/acme/lib",
    )
    files = [
        SourceFile("lib/core.py", body.encode()),
        SourceFile("tests/test_core.py", b"def test(): pass\n"),
    ]
    reports = [FileReport("lib/core.py", "ok"), FileReport("tests/test_core.py", "ok", is_test=True)]
    return info, files, reports


def test_snapshot_roundtrip_and_shared_ids(db_url: str) -> None:
    with Store.open(db_url) as store:
        rec = _record("lib/core.py", 3, ["bad value ", "x", ""])
        info, files, reports = _snapshot(
            "1.0", "def f(x):\n    if x < 0:\n        raise ValueError(f'bad value {x}')\n"
        )
        first = store.write_snapshot(info, files, [rec], reports, {"lib.core", "lib.core.f"})
        assert first.changed and first.errors_new == 1

        # The next release moved the raise down two lines: same error ID, new occurrence.
        moved = _record("lib/core.py", 5, ["bad value ", "x", ""])
        info2, files2, reports2 = _snapshot("1.1", "\n\n" + files[0].data.decode())
        second = store.write_snapshot(info2, files2, [moved], reports2, set())
        assert second.changed and second.errors_new == 0
        assert moved.id == rec.id

        err = store.get_error(rec.id)
        assert err is not None
        assert [(o.version.name, o.line) for o in err.occurrences] == [("1.0", 3), ("1.1", 5)]
        assert err.occurrences[0].guards == ("x < 0",)
        assert store.file_text(first.snapshot_id, "lib/core.py") == files[0].data.decode()
        assert store.error_source(rec.id, "1.1") == (5, 6, files2[0].data.decode())
        assert store.error_source(rec.id, "9.9") is None
        assert store.symbols(first.snapshot_id) == {"lib.core", "lib.core.f"}
        total, rows = store.list_errors(repo="lib")
        assert total == 1 and rows[0].line == 5  # the latest snapshot's line
        entries = list(store.iter_entries())
        assert {(e.version, e.line) for e in entries} == {("1.0", 3), ("1.1", 5)}
        assert [r.name for r in store.repos()] == ["acme/lib"]
        assert store.repos()[0].snapshots[0].has_tests is True


def test_an_earlier_release_s_statements_come_from_its_writer_not_read_back(db_url: str) -> None:
    """A run of releases builds the match index after the last one is written: the entries of
    the first then take their statements from what the writer held while writing it, the very
    lines reading its file back gives."""
    import zlib

    from sqlalchemy import update

    from errdex.store import schema as s

    body = "def f(x):\n    if x < 0:\n        raise ValueError(f'bad value {x}')\n"
    with Store.open(db_url) as store:
        info, files, reports = _snapshot("1.0", body)
        first = store.write_snapshot(
            info, files, [_record("lib/core.py", 3, ["bad value ", "x", ""])], reports, set()
        )
        info2, files2, reports2 = _snapshot("1.1", "\n\n" + body)
        store.write_snapshot(
            info2, files2, [_record("lib/core.py", 5, ["bad value ", "x", ""])], reports2, set()
        )
        with Store.open(db_url) as other:  # a handle that wrote nothing reads the file back
            read_back = [e.statement for e in other.iter_entries(snapshot_id=first.snapshot_id)]
        assert read_back == ["raise ValueError(f'bad value {x}')"]
        # every stored text made another: only the writer's own lines still say what was written
        with store.engine.begin() as conn:
            conn.execute(update(s.blobs).values(data=zlib.compress(b"a\nb\nc\nd\ne\n")))
        assert [e.statement for e in store.iter_entries(snapshot_id=first.snapshot_id)] == read_back


def test_reindexing_identical_content_changes_nothing(db_url: str) -> None:
    with Store.open(db_url) as store:
        rec = _record("lib/core.py", 3, ["boom"])
        info, files, reports = _snapshot("1.0", "raise ValueError('boom')\n")
        first = store.write_snapshot(info, files, [rec], reports, set())
        gen = store.generation()
        again = store.write_snapshot(info, files, [rec], reports, set())
        assert not again.changed and again.snapshot_id == first.snapshot_id
        assert store.generation() == gen  # no artifact needs rebuilding


def test_a_new_extractor_re_extracts_the_same_content(db_url: str) -> None:
    with Store.open(db_url) as store:
        info, files, reports = _snapshot("1.0", "raise ValueError('a')\n")
        store.write_snapshot(info, files, [_record("lib/core.py", 1, ["a"])], reports, set(), producer="x1")
        same = store.write_snapshot(
            info, files, [_record("lib/core.py", 1, ["a"])], reports, set(), producer="x1"
        )
        assert not same.changed
        upgraded = store.write_snapshot(
            info, files, [_record("lib/core.py", 1, ["a!"])], reports, set(), producer="x2"
        )
        assert upgraded.changed and upgraded.replaced
        assert [r.template for r in store.list_errors()[1]] == ["a!"]


def test_changed_content_of_same_ref_replaces_snapshot(db_url: str) -> None:
    with Store.open(db_url) as store:
        info, files, reports = _snapshot("1.0", "raise ValueError('old')\n")
        store.write_snapshot(info, files, [_record("lib/core.py", 1, ["old"])], reports, set())
        info, files, reports = _snapshot("1.0", "raise ValueError('new')\n")
        res = store.write_snapshot(info, files, [_record("lib/core.py", 1, ["new"])], reports, set())
        assert res.changed and res.replaced
        assert [r.template for r in store.list_errors()[1]] == ["new"]  # 'old' is gone with its snapshot


def test_failed_write_leaves_catalogue_exactly_as_it_was(db_url: str) -> None:
    with Store.open(db_url) as store:
        info, files, reports = _snapshot("1.0", "raise ValueError('a')\n")
        store.write_snapshot(info, files, [_record("lib/core.py", 1, ["a"])], reports, set())
        before = _dump(store)
        bad = _record("lib/core.py", 1, ["b"])
        bad.guards = [object()]  # type: ignore[list-item]  # not JSON: fails mid-transaction
        info2, files2, reports2 = _snapshot("2.0", "raise ValueError('b')\n")
        with pytest.raises(Exception, match="JSON serializable"):
            store.write_snapshot(info2, files2, [bad], reports2, {"lib.core"})
        assert _dump(store) == before


def test_schema_is_versioned_and_newer_schemas_are_refused(db_url: str) -> None:
    with Store.open(db_url) as store, store.engine.begin() as conn:
        assert conn.execute(text("select value from meta where key='schema_version'")).scalar() == str(
            SCHEMA_VERSION
        )
        conn.execute(text("update meta set value='999' where key='schema_version'"))
    with pytest.raises(StoreError, match="newer than this errdex"):
        Store.open(db_url)


def test_catalogue_without_relays_upgrades_in_place(db_url: str) -> None:
    # a catalogue written before occurrences had ``relay``: the column is added, the old rows
    # read as "not a relay", and new snapshots store theirs
    with Store.open(db_url) as store:
        info, files, reports = _snapshot("1.0", "raise ValueError('a')\n")
        store.write_snapshot(info, files, [_record("lib/core.py", 1, ["a"])], reports, set())
        with store.engine.begin() as conn:
            as_v3(conn)
            conn.execute(text("alter table occurrences drop column relay"))
            conn.execute(text("update meta set value='1' where key='schema_version'"))
        with Store.open(db_url) as store:
            assert [e.relay for e in store.iter_entries()] == [False]
            relayed = _record("lib/core.py", 3, ["", "message", ""], function="fail")
            relayed.relay = True
            info2, files2, reports2 = _snapshot(
                "2.0", "def fail(message):\n    pass\n    raise ValueError(message)\n"
            )
            store.write_snapshot(info2, files2, [relayed], reports2, set())
            assert sorted((e.version, e.relay) for e in store.iter_entries()) == [
                ("1.0", False),
                ("2.0", True),
            ]
            got = store.get_error(relayed.id)
            assert got is not None and [o.relay for o in got.occurrences] == [True]
            with store.engine.connect() as conn:
                assert conn.execute(
                    text("select value from meta where key='schema_version'")
                ).scalar() == str(SCHEMA_VERSION)


@pytest.mark.parametrize("version", [1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19])
def test_a_catalogue_of_every_earlier_version_upgrades_in_place(db_url: str, version: int) -> None:
    """A catalogue as schema v1 (no code facts, no relays), v2 (code facts, no relays), v3
    (occurrences and symbols one row per snapshot), v4 (no record of failed bulk releases), v6
    (functions' facts one row per file content), v7 (related errors' keys in every snapshot's
    rows), v8 (bound names and imports per file content), v9 (code facts one row per function,
    call, class, test and import), v10 (symbols and errors one row per snapshot), v11 (code
    facts' values always stored whole), v12 (lookup keys one row per file content), v13 (``files`` a
    rowid table on SQLite), v14 (places' lines all absolute), v15 (``files`` and ``modules``
    one row per snapshot), v16 (no sites' callers), v17 (places keyed by id, with an index on
    the snapshot), v18 (places keyed (snapshot, id), with an index on the body) or v19 (every
    stored difference one step from a text stored whole) left it, rows included, upgrades on open: its rows stay, and a new snapshot
    stores both."""

    from errdex.store import schema as s

    with Store.open(db_url) as store:
        info, files, reports = _snapshot("1.0", "raise ValueError('a')\n")
        old = store.write_snapshot(info, files, [_record("lib/core.py", 1, ["a"])], reports, set())
        added_in_v2 = [*s.FACT_TABLES, s.V15_MODULES, s.snapshot_errors, s.expectation_errors]
        as_version(store.engine, version)
        with store.engine.begin() as conn:
            if version < 5:
                s.metadata.drop_all(conn, tables=[s.index_failures])
            if version < 4:
                as_v3(conn)
            if version < 3:
                conn.execute(text("alter table occurrences drop column relay"))
            if version < 2:
                s.metadata.drop_all(conn, tables=added_in_v2)
                for older in (v6, v7, v8, legacy):
                    older.drop_all(conn)
            conn.execute(text(f"update meta set value='{version}' where key='schema_version'"))
        store.engine.dispose()

        with Store.open(db_url) as store:
            with store.engine.connect() as conn:
                assert s.current_version(conn) == SCHEMA_VERSION == 20
                assert "callers" in {c["name"] for c in inspect(conn).get_columns("snapshots")}
                assert {
                    t.name
                    for t in [*added_in_v2, s.index_failures]
                    if t not in (s.snapshot_errors, s.V15_MODULES)
                } <= set(inspect(conn).get_table_names())
                assert "relay" in {c["name"] for c in inspect(conn).get_columns("occurrences")}
                assert {
                    "occurrences",
                    "symbols",
                    "snapshot_errors",
                    "snapshot_symbols",
                    "files",
                    "modules",
                } <= set(inspect(conn).get_view_names())
                assert not {
                    "fact_functions",
                    "fact_calls",
                    "fact_imports",
                    "fn_bodies",
                    "fact_names",
                    "fact_keys",
                } & set(inspect(conn).get_table_names() + inspect(conn).get_view_names())
            assert [(e.version, e.relay) for e in store.iter_entries()] == [("1.0", False)]
            relayed = _record("lib/core.py", 3, ["", "message", ""], function="fail")
            relayed.relay = True
            info2, files2, _ = _snapshot(
                "2.0", "def fail(message):\n    pass\n    raise ValueError(message)\n"
            )
            reports2 = [
                FileReport("lib/core.py", "ok", module="lib.core"),
                FileReport("tests/test_core.py", "ok", is_test=True),
            ]
            new = store.write_snapshot(
                info2, files2, [relayed], reports2, set(), code={"lib/core.py": _facts()}
            )
            assert sorted((e.version, e.relay) for e in store.iter_entries()) == [
                ("1.0", False),
                ("2.0", True),
            ]
            assert store.facts.has_facts(new.snapshot_id) and not store.facts.has_facts(old.snapshot_id)


def test_files_of_a_v13_catalogue_move_to_their_keys_table_unchanged(db_url: str) -> None:
    # schema v14: on SQLite ``files`` is the b-tree of its primary key (no rowid table beside
    # the key's index); its rows, and what reads them, are as before; PostgreSQL's is unchanged
    def rows(store: Store) -> list[tuple[object, ...]]:
        with store.engine.connect() as conn:
            return [tuple(r) for r in conn.execute(text("SELECT * FROM files ORDER BY snapshot_id, path"))]

    def create_sql(store: Store, name: str = "files") -> str:
        with store.engine.connect() as conn:
            return str(
                conn.execute(text("SELECT sql FROM sqlite_master WHERE name = :n"), {"n": name}).scalar()
            )

    with Store.open(db_url) as store:
        sqlite = store.engine.dialect.name == "sqlite"
        ids = []
        for version, body in (("1.0", "raise ValueError('a')\n"), ("2.0", "x = 1\nraise ValueError('b')\n")):
            info, files, reports = _snapshot(version, body)
            ids.append(store.write_snapshot(info, files, [], reports, set()).snapshot_id)
        before = rows(store)
        assert len(before) == 4
        if sqlite:
            assert "WITHOUT ROWID" in create_sql(store, "file_runs").upper()  # a new catalogue is made so
        as_version(store.engine, 13)
        if sqlite:
            assert "WITHOUT ROWID" not in create_sql(store).upper()
        assert rows(store) == before
        store.engine.dispose()
    with Store.open(db_url) as store:  # opening migrates (v14, then v16's runs of releases)
        assert rows(store) == before
        if sqlite:
            assert "WITHOUT ROWID" in create_sql(store, "file_runs").upper()
            with store.engine.connect() as conn:
                names = set(conn.scalars(text("SELECT name FROM sqlite_master WHERE tbl_name = 'file_runs'")))
            assert names == {"file_runs"}  # no index of the key beside the table
        assert store.file_text(ids[1], "lib/core.py") == "x = 1\nraise ValueError('b')\n"
        info, files, reports = _snapshot("3.0", "raise ValueError('c')\n")
        sid = store.write_snapshot(info, files, [], reports, set()).snapshot_id
        assert store.file_text(sid, "lib/core.py") == "raise ValueError('c')\n"
        store.delete_snapshot(ids[0])
        assert [r[:2] for r in rows(store)] == [
            (i, p) for i in (ids[1], sid) for p in ("lib/core.py", "tests/test_core.py")
        ]


def test_places_of_a_v14_catalogue_become_relative_with_every_answer_unchanged(db_url: str) -> None:
    # schema v15: ``occurrence_places`` keeps the last line and the window relative to the line;
    # the view ``occurrences`` gives back what v14 stored, rows and ids alike
    def occurrences(store: Store) -> list[tuple[object, ...]]:
        with store.engine.connect() as conn:
            return [tuple(r) for r in conn.execute(text("SELECT * FROM occurrences ORDER BY id"))]

    def stored(store: Store) -> list[tuple[object, ...]]:
        with store.engine.connect() as conn:
            return [tuple(r) for r in conn.execute(text("SELECT * FROM occurrence_places ORDER BY id"))]

    with Store.open(db_url) as store:
        one = _record("lib/core.py", 3, ["bad value ", "x", ""])
        wide = _record("lib/core.py", 40, ["too wide ", "y", ""], function="g")
        wide.end_line, wide.window_start, wide.window_end = 44, 1, 300
        info, files, reports = _snapshot("1.0", "def f(x):\n    raise ValueError(x)\n" * 200)
        sid = store.write_snapshot(info, files, [one, wide], reports, set()).snapshot_id
        before, errors = occurrences(store), [store.get_error(one.id), store.get_error(wide.id)]
        assert [(r[3], r[4], r[9], r[10]) for r in before] == [(3, 4, 1, 5), (40, 44, 1, 300)]
        # what the table holds: the line, then the distances from it
        assert [r[3:] for r in stored(store)] == [(3, 1, 2, 1), (40, 4, 39, 256)]
        as_version(store.engine, 14)
        assert [r[3:] for r in stored(store)] == [(3, 4, 1, 5), (40, 44, 1, 300)]
        assert occurrences(store) == before
        store.engine.dispose()
    with Store.open(db_url) as store:  # opening migrates
        assert occurrences(store) == before
        assert [r[3:] for r in stored(store)] == [(3, 1, 2, 1), (40, 4, 39, 256)]
        assert [store.get_error(one.id), store.get_error(wide.id)] == errors
        moved = _record("lib/core.py", 7, ["bad value ", "x", ""])
        info2, files2, reports2 = _snapshot("1.1", "\n\n\n\n" + files[0].data.decode())
        sid2 = store.write_snapshot(info2, files2, [moved], reports2, set()).snapshot_id
        err = store.get_error(one.id)
        assert err is not None
        assert [
            (o.version.name, o.line, o.end_line, o.window_start, o.window_end) for o in err.occurrences
        ] == [
            ("1.0", 3, 4, 1, 5),
            ("1.1", 7, 8, 5, 9),
        ]
        store.delete_snapshot(sid)
        assert [(r[2], r[3], r[4]) for r in occurrences(store)] == [(sid2, 7, 8)]


def test_places_of_a_v18_catalogue_are_keyed_by_snapshot_and_body_with_every_answer_unchanged(
    db_url: str,
) -> None:
    # schema v19: ``occurrence_places`` is keyed (snapshot, body, id), on SQLite without a rowid,
    # and without the index on the body v18 had (the views find an error's places through its
    # codebase's snapshots). Ids, rows and every reader's answers stay, and the ids of a snapshot
    # written after the migration go on from the greatest, as the rowid did (a v17 catalogue
    # goes through both steps: the test of every earlier version)
    def occurrences(store: Store) -> list[tuple[object, ...]]:
        with store.engine.connect() as conn:
            return [tuple(r) for r in conn.execute(text("SELECT * FROM occurrences ORDER BY id"))]

    def indexes(store: Store) -> set[str]:
        with store.engine.connect() as conn:
            return {str(i["name"]) for i in inspect(conn).get_indexes("occurrence_places")}

    def bodies(store: Store) -> int:
        with store.engine.connect() as conn:
            return int(conn.execute(text("SELECT count(*) FROM occurrence_bodies")).scalar_one())

    def answers(store: Store, ids: list[str]) -> list[object]:
        with store.engine.connect() as conn:
            held = [tuple(r) for r in conn.execute(text("SELECT * FROM snapshot_errors ORDER BY 1, 2"))]
        return [
            [store.get_error(i) for i in ids],
            store.list_errors(),
            [(e.key, e.error_id, e.version, e.line) for e in store.iter_entries()],
            [store.error_source(i, "1.1") for i in ids],
            held,
            snapshots_holding(store, ids),
        ]

    def write(store: Store, version: str, lines: tuple[int, ...]) -> int:
        records = [_record("lib/core.py", n, [f"bad {n} ", "x", ""], function=f"f{n}") for n in lines]
        info, files, reports = _snapshot(version, "def f(x):\n    raise ValueError(x)\n" * 20)
        return store.write_snapshot(info, files, records, reports, set()).snapshot_id

    with Store.open(db_url) as store:
        sqlite = store.engine.dialect.name == "sqlite"
        sids = [write(store, "1.0", (2, 4, 6)), write(store, "1.1", (2, 6, 8))]
        ids = sorted({e.error_id for e in store.iter_entries()})
        before, read = occurrences(store), answers(store, ids)
        assert [r[0] for r in before] == [1, 2, 3, 4, 5, 6]  # numbered in the order written
        functions = {i: getattr(store.get_error(i), "function", "") for i in ids}
        only = {"f4": {sids[0]}, "f8": {sids[1]}}
        assert read[-1] == {i: only.get(functions[i], set(sids)) for i in ids}
        assert indexes(store) == set()
        as_version(store.engine, 18)
        assert indexes(store) == {"ix_occ_place_body"}
        assert occurrences(store) == before
        store.engine.dispose()
    with Store.open(db_url) as store:  # opening migrates
        assert occurrences(store) == before
        assert answers(store, ids) == read
        assert indexes(store) == set()
        with store.engine.connect() as conn:
            key = inspect(conn).get_pk_constraint("occurrence_places")["constrained_columns"]
            if sqlite:
                made = conn.execute(text("SELECT sql FROM sqlite_master WHERE name = 'occurrence_places'"))
                assert "WITHOUT ROWID" in str(made.scalar()).upper()
        assert key == ["snapshot_id", "body_id", "id"]
        with open_reader(db_url) as reader:  # on SQLite the fast reader, which reads the view too
            assert [reader.error_source(i, "1.1") for i in ids] == read[3]
        assert bodies(store) == 4
        store.delete_snapshot(sids[1])
        assert occurrences(store) == before[:3]
        assert bodies(store) == 3  # the body only the deleted release held goes with it
        sid = write(store, "1.2", (2, 10))
        # SQLite numbers them after the greatest stored, as it numbered the rowid; PostgreSQL's
        # sequence goes on from the last it gave
        after = (4, 5) if sqlite else (7, 8)
        assert [(r[0], r[2], r[3]) for r in occurrences(store)] == [
            *((r[0], r[2], r[3]) for r in before[:3]),
            (after[0], sid, 2),
            (after[1], sid, 10),
        ]


def test_files_and_modules_of_a_v15_catalogue_become_runs_with_every_answer_unchanged(db_url: str) -> None:
    # schema v16: ``files`` and ``modules`` are views of runs of releases; a v15 catalogue's
    # per-snapshot rows become the runs a v16 store writes, and every read answers as before
    def read(store: Store, sids: list[int]) -> list[object]:
        with store.engine.connect() as conn:
            views = [
                [tuple(r) for r in conn.execute(text(f"SELECT * FROM {v} ORDER BY snapshot_id, path"))]
                for v in ("files", "modules")
            ]
        return [
            *views,
            [store.file_text(sid, p) for sid in sids for p in ("lib/core.py", "tests/test_core.py")],
            [store.facts.module_at(sid, "lib/core.py") for sid in sids],
            [store.facts.modules_named(sid, ["lib.core", "tests.test_core"]) for sid in sids],
            [store.facts.has_facts(sid) for sid in sids],
        ]

    def runs(store: Store) -> list[list[tuple[object, ...]]]:
        with store.engine.connect() as conn:
            return [
                [tuple(r) for r in conn.execute(text(f"SELECT * FROM {t} ORDER BY path, first_id"))]
                for t in ("file_runs", "module_runs")
            ]

    def write(store: Store, version: str, body: str) -> int:
        info, files, _ = _snapshot(version, body)
        reports = [
            FileReport("lib/core.py", "ok", module="lib.core"),
            FileReport("tests/test_core.py", "ok", module="tests.test_core", is_test=True),
        ]
        code = {"lib/core.py": _facts(), "tests/test_core.py": CodeFacts()}
        return store.write_snapshot(info, files, [], reports, set(), code=code).snapshot_id

    bodies = ("def fail(message):\n    pass\n    raise ValueError(message)\n", "x = 1\n")
    with Store.open(db_url) as store:
        sids = [write(store, v, b) for v, b in (("1.0", bodies[0]), ("2.0", bodies[0]), ("3.0", bodies[1]))]
        before, stored = read(store, sids), runs(store)
        # the test file is one run of three releases; lib/core.py one of two, then a new content
        assert [(r[1], r[2], r[3]) for r in stored[0]] == [
            ("lib/core.py", sids[0], sids[1]),
            ("lib/core.py", sids[2], sids[2]),
            ("tests/test_core.py", sids[0], sids[2]),
        ]
        assert len(before[0]) == len(before[1]) == 6
        as_version(store.engine, 15)
        with store.engine.connect() as conn:
            assert {"files", "modules"} <= set(inspect(conn).get_table_names())
            assert not {"file_runs", "module_runs"} & set(inspect(conn).get_table_names())
        assert read(store, sids) == before
        store.engine.dispose()
    with Store.open(db_url) as store:  # opening migrates
        with store.engine.connect() as conn:
            assert {"files", "modules"} <= set(inspect(conn).get_view_names())
        assert read(store, sids) == before
        assert runs(store) == stored
        with open_reader(db_url) as reader:  # on SQLite the fast reader, which reads the views too
            assert [reader.facts.module_at(sid, "lib/core.py") for sid in sids] == before[3]
        store.delete_snapshot(sids[1])  # a run through it is cut, the views lose its rows
        kept = [sids[0], sids[2]]
        assert read(store, kept)[:2] == [[r for r in v if r[0] != sids[1]] for v in before[:2]]
        assert [(r[1], r[2], r[3]) for r in runs(store)[0]] == [
            ("lib/core.py", sids[0], sids[0]),
            ("lib/core.py", sids[2], sids[2]),
            ("tests/test_core.py", sids[0], sids[0]),
            ("tests/test_core.py", sids[2], sids[2]),
        ]
        new = write(store, "4.0", bodies[1])  # the runs of the release before go on
        assert [(r[1], r[2], r[3]) for r in runs(store)[1]] == [
            ("lib/core.py", sids[0], sids[0]),
            ("lib/core.py", sids[2], new),
            ("tests/test_core.py", sids[0], sids[0]),
            ("tests/test_core.py", sids[2], new),
        ]
        assert store.file_text(new, "lib/core.py") == bodies[1]


def _facts() -> CodeFacts:
    return CodeFacts(functions=[FunctionFact("fail", 1, 3, params=("message",))], toplevel=["fail"])


def test_readonly_open_of_missing_catalogue_says_what_to_do(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="run `errdex index`"):
        Store.open(str(tmp_path / "none.db"), readonly=True)


def test_unknown_repo_names_the_known_ones(db_url: str) -> None:
    with Store.open(db_url) as store:
        info, files, reports = _snapshot("1.0", "x = 1\n")
        store.write_snapshot(info, files, [], reports, set())
        with pytest.raises(StoreError, match=r"no codebase named 'nope'.*acme/lib"):
            store.resolve_repo("nope")


def test_artifacts_are_invalidated_by_new_snapshots(db_url: str) -> None:
    with Store.open(db_url) as store:
        store.put_artifact("idx", b"v1")
        assert store.get_artifact("idx") == b"v1"
        info, files, reports = _snapshot("1.0", "x = 1\n")
        store.write_snapshot(info, files, [], reports, set())
        assert store.get_artifact("idx") is None


def _dump(store: Store) -> list[tuple[str, list[tuple[object, ...]]]]:
    """Every row of every table, in a stable order: "exactly as it was" means this is equal."""
    from sqlalchemy import MetaData, select

    md = MetaData()
    md.reflect(store.engine)
    with store.engine.connect() as conn:
        return [
            (name, sorted((tuple(r) for r in conn.execute(select(table))), key=repr))
            for name, table in sorted(md.tables.items())
        ]


def test_fast_reader_reads_artifacts_without_sqlalchemy_and_delegates_the_rest(tmp_path: Path) -> None:
    import subprocess
    import sys

    db = tmp_path / "c.db"
    with Store.open(str(db)) as store:
        info, files, reports = _snapshot("1.0", "raise ValueError('a')\n")
        store.write_snapshot(info, files, [_record("lib/core.py", 1, ["a"])], reports, set())
        store.put_artifact("match-index", b"payload")
        probe = (
            "import sys; from errdex.store.fast import open_reader; r = open_reader(sys.argv[1]); "
            "print(r.get_artifact('match-index'), r.generation(), 'sqlalchemy' in sys.modules)"
        )
        out = subprocess.run(
            [sys.executable, "-c", probe, str(db)], capture_output=True, text=True, check=True
        )
        assert out.stdout.split() == ["b'payload'", store.generation(), "False"]

        from errdex.store.fast import SQLiteReader, open_reader

        with open_reader(str(db)) as reader:
            assert isinstance(reader, SQLiteReader)
            assert reader.list_errors()[0] == 1  # not a fast-path method: served by the full Store
            with pytest.raises(StoreError, match="no catalogue at"):
                open_reader(str(tmp_path / "missing.db"))


def test_read_only_handle_refuses_artifacts_and_the_matcher_still_loads(tmp_path: Path) -> None:
    from errdex.match import Matcher

    db = str(tmp_path / "c.db")
    info, files, reports = _snapshot("1.0", "raise ValueError('a bad thing happened here')\n")
    with Store.open(db) as store:
        store.write_snapshot(
            info, files, [_record("lib/core.py", 1, ["a bad thing happened here"])], reports, set()
        )
    with Store.open(db, readonly=True) as ro:
        with pytest.raises(StoreError, match="read-only"):
            ro.put_artifact("x", b"y")
        matcher = Matcher.load(ro)  # no stored index yet: built in memory, not saved
        assert matcher.explain("ValueError: a bad thing happened here").matches[0].path == "lib/core.py"
        assert ro.get_artifact("match-index") is None


def test_entries_carry_their_statement_from_each_snapshots_file(db_url: str) -> None:
    # A traceback prints the raise statement's first line under its frame: the entry walk reads it
    # from the stored file of each snapshot, at that snapshot's line.
    with Store.open(db_url) as store:
        body = "def f(x):\n    if x < 0:\n        raise ValueError(f'bad value {x}')\n"
        info, files, reports = _snapshot("1.0", body)
        store.write_snapshot(
            info, files, [_record("lib/core.py", 3, ["bad value ", "x", ""])], reports, set()
        )
        info2, files2, reports2 = _snapshot("1.1", "\n\n" + body)
        store.write_snapshot(
            info2, files2, [_record("lib/core.py", 5, ["bad value ", "x", ""])], reports2, set()
        )
        got = {(e.version, e.line, e.statement) for e in store.iter_entries()}
        assert got == {
            ("1.0", 3, "raise ValueError(f'bad value {x}')"),
            ("1.1", 5, "raise ValueError(f'bad value {x}')"),
        }
        # one file's entries in every release, and one release's: each from its own file
        assert {(e.version, e.line, e.statement) for e in store.iter_entries(path="lib/core.py")} == got
        assert {(e.version, e.statement) for e in store.iter_entries(path="lib/other.py")} == set()


def test_entries_read_the_statements_just_written_as_a_new_handle_reads_them_back(db_url: str) -> None:
    # The handle that wrote a snapshot keeps the texts it stored for the entry walk that builds
    # the match index right after: what it finds must be what reading the catalogue gives, for
    # the line breaks ``splitlines`` knows (\r\n, form feed) and bytes that are not UTF-8.
    body = b"# caf\xe9\r\ndef f(x):\x0c\n    if x < 0:\n        raise ValueError(f'bad value {x}')\n"
    info, files, reports = _snapshot("1.0", "")
    files[0] = SourceFile("lib/core.py", body)
    rec = _record("lib/core.py", 5, ["bad value ", "x", ""])
    with Store.open(db_url) as store:
        store.write_snapshot(info, files, [rec], reports, set())
        fresh = [(e.line, e.statement) for e in store.iter_entries()]
    with Store.open(db_url) as again:
        assert [(e.line, e.statement) for e in again.iter_entries()] == fresh
    assert fresh == [(5, "raise ValueError(f'bad value {x}')")]


def test_a_snapshot_reads_back_typed_stats_and_expectations_and_its_json_as_stored(db_url: str) -> None:
    import json

    from errdex.model import TestExpectation
    from errdex.store.records import Expectation, SnapshotStats

    rec = _record("lib/core.py", 3, ["bad value ", "x", ""])
    info, files, reports = _snapshot("1.0", "def f(x):\n    raise ValueError(f'bad value {x}')\n")
    expect = TestExpectation(
        "tests/test_core.py", 1, 2, "test", "ValueError", "bad value", "raises", [rec.id]
    )
    # as a writer would store them: counts, a name, and what another errdex wrote (an unknown
    # key, a count of the wrong type), in an order of its own
    stats = {"errors": 1, "later_key": [1, 2], "files": 2, "logs": "3", "tests_from": "lib-1.0.tar.gz"}
    with Store.open(db_url) as store:
        sid = store.write_snapshot(info, files, [rec], reports, set(), [expect], stats=stats).snapshot_id
        snap = store.snapshot(sid)
        assert isinstance(snap.stats, SnapshotStats)
        assert (snap.stats.errors, snap.stats.files, snap.stats.logs, snap.stats.warnings) == (
            1,
            2,
            None,
            None,
        )
        assert snap.stats.tests_from == "lib-1.0.tar.gz" and snap.stats.sites == 1
        assert json.dumps(snap.to_json()["stats"]) == json.dumps(stats)  # the API's bytes, unchanged
        (linked,) = store.expectations(sid)
        assert linked.error_ids == (rec.id,)
        assert linked.expectation == Expectation(
            sid, "tests/test_core.py", 1, 2, "test", "ValueError", "bad value", "raises"
        )


def test_json_columns_store_what_scrubbing_then_serializing_stores(db_url: str) -> None:
    """On SQLite a JSON column serializes first and scrubs only when the JSON shows a surrogate
    escape: the text must be what scrubbing every string first gives, for lone surrogates,
    pairs, a backslash before ``ud`` and plain text alike; on every backend a lone surrogate
    reads back as U+FFFD and the rest as written."""
    from sqlalchemy import create_engine
    from sqlalchemy.types import TypeDecorator

    from errdex.store.schema import ScrubbedJSON

    values: list[object] = [
        [], ["plain", "é"], ["a lone \udc80"], ["\U0001f600 a pair"], ["C:\\udir"], ("t", ("u",)),
        {"k": ["\ud800"]}, [1, None, 2.5, True], None,
    ]  # fmt: skip
    dialect = create_engine("sqlite://").dialect
    column = ScrubbedJSON()
    scrubbing = TypeDecorator.bind_processor(column, dialect)
    assert scrubbing is not None
    assert [column.bind_processor(dialect)(v) for v in values] == [scrubbing(v) for v in values]

    with Store.open(db_url) as store:
        rec = _record("lib/core.py", 3, ["bad value ", "x", ""])
        rec.guards = ["x < 0 \udc80", "C:\\udir"]
        rec.comments = ["\U0001f600"]
        info, files, reports = _snapshot("1.0", "def f(x):\n    raise ValueError(f'bad value {x}')\n")
        store.write_snapshot(info, files, [rec], reports, set())
        err = store.get_error(rec.id)
        assert err is not None
        assert err.occurrences[0].guards == ("x < 0 \ufffd", "C:\\udir")
        assert err.occurrences[0].comments == ("\U0001f600",)


def _counting_writes(monkeypatch: pytest.MonkeyPatch) -> tuple[list[int], list[set[str]], list[int]]:
    """Per write from now on: how many record bodies were hashed, which names were looked up,
    and how many bodies were made (to hash, or to store)."""
    from errdex.store import history

    hashed: list[int] = []
    looked_up: list[set[str]] = []
    made: list[int] = []
    digest, interned, body = history.occurrence_digest, history._interned, history._body

    def counted_digest(b: object) -> str:
        hashed[-1] += 1
        return digest(b)  # type: ignore[arg-type]

    def counted_body(r: ErrorRecord) -> dict[str, object]:
        made[-1] += 1
        return body(r)

    def counted_interned(conn: object, wanted: set[str]) -> dict[str, int]:
        looked_up[-1] |= wanted
        return interned(conn, wanted)  # type: ignore[arg-type]

    monkeypatch.setattr(history, "occurrence_digest", counted_digest)
    monkeypatch.setattr(history, "_interned", counted_interned)
    monkeypatch.setattr(history, "_body", counted_body)
    real = Store.write_snapshot

    def write(self: Store, *a: object, **k: object) -> object:
        hashed.append(0)
        looked_up.append(set())
        made.append(0)
        return real(self, *a, **k)  # type: ignore[arg-type]

    monkeypatch.setattr(Store, "write_snapshot", write)
    return hashed, looked_up, made


def _two_releases(store: Store) -> tuple[int, int, list[ErrorRecord]]:
    """Release 1.0, then 1.1: one raise moved (the same body), one added, one name added."""
    kept, gone = _record("lib/core.py", 3, ["kept"]), _record("lib/core.py", 5, ["gone"])
    info, files, reports = _snapshot("1.0", "def f(x):\n    pass\n")
    first = store.write_snapshot(info, files, [kept, gone], reports, {"lib.core", "lib.core.f"})
    moved, added = _record("lib/core.py", 4, ["kept"]), _record("lib/core.py", 9, ["added"], function="g")
    info2, files2, reports2 = _snapshot("1.1", "\ndef f(x):\n    pass\n")
    second = store.write_snapshot(
        info2, files2, [moved, added], reports2, {"lib.core", "lib.core.f", "lib.core.g"}
    )
    return first.snapshot_id, second.snapshot_id, [kept, gone, added]


def test_a_writer_hashes_and_looks_up_only_the_bodies_and_names_it_did_not_store_before(
    db_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The next release written by the same handle hashes only the record bodies the handle has
    not hashed (a raise that moved keeps its body), makes a row only of a body not stored, and
    looks up only the names it has not interned (``history.WriterMemo``); every read answers as
    stored, and on SQLite the catalogue is, table for table, the one a writer without the memo
    stores."""
    from store_helpers import table_rows

    from errdex.store import history

    hashed, looked_up, made = _counting_writes(monkeypatch)
    with Store.open(db_url) as store:
        first, second, (kept, gone, added) = _two_releases(store)
        assert hashed == [2, 1]  # the added raise's body only
        assert made == [4, 2]  # each body hashed, each body stored: the moved one's neither
        assert looked_up == [{"lib.core", "lib.core.f"}, {"lib.core.g"}]
        assert store.symbols(first) == {"lib.core", "lib.core.f"}
        assert store.symbols(second) == {"lib.core", "lib.core.f", "lib.core.g"}
        assert snapshots_holding(store, [kept.id, gone.id, added.id]) == {
            kept.id: {first, second},
            gone.id: {first},
            added.id: {second},
        }
        err = store.get_error(kept.id)
        assert err is not None and [(o.version.name, o.line) for o in err.occurrences] == [
            ("1.0", 3),
            ("1.1", 4),
        ]
    if "://" in db_url:
        return  # the rows compared below are SQLite's
    monkeypatch.setattr(history.WriterMemo, "symbol_ids", lambda self, names: {})
    monkeypatch.setattr(
        history.WriterMemo,
        "digests",
        lambda self, rs: [history.occurrence_digest(history._body(r)) for r in rs],
    )
    with Store.open(str(tmp_path / "plain.db")) as store:
        _two_releases(store)
    assert hashed[2:] == [2, 2] and made[2:] == [4, 3]
    assert looked_up[3] == {"lib.core", "lib.core.f", "lib.core.g"}
    assert table_rows(db_url) == table_rows(str(tmp_path / "plain.db"))


def test_names_interned_by_a_write_that_rolled_back_are_looked_up_again(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A write that fails after interning its names rolls them back: the handle does not keep
    their ids (the next insert may give those ids to other names), and the next write looks
    them up again and stores them."""
    from errdex.store import history

    hashed, looked_up, _ = _counting_writes(monkeypatch)
    real = history.write_errors

    def fails(*a: object, **k: object) -> None:
        raise RuntimeError("the write fails after the names were interned")

    names = {"lib.core", "lib.core.f"}
    with Store.open(db_url) as store:
        info, files, reports = _snapshot("1.0", "def f(x):\n    pass\n")
        monkeypatch.setattr(history, "write_errors", fails)
        with pytest.raises(RuntimeError, match="after the names were interned"):
            store.write_snapshot(info, files, [_record("lib/core.py", 3, ["a"])], reports, names)
        monkeypatch.setattr(history, "write_errors", real)
        sid = store.write_snapshot(
            info, files, [_record("lib/core.py", 3, ["a"])], reports, names
        ).snapshot_id
        info2, files2, reports2 = _snapshot("1.1", "\ndef f(x):\n    pass\n")
        sid2 = store.write_snapshot(
            info2, files2, [_record("lib/core.py", 4, ["a"])], reports2, names
        ).snapshot_id
        assert looked_up == [names, names, set()]
        assert store.symbols(sid) == store.symbols(sid2) == names
        assert hashed == [1, 0, 0]  # a digest is the body's whatever became of its write


def test_a_writer_stores_a_changed_text_against_the_one_it_stored_without_reading_it_back(
    db_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each release edits one line of a long file: its text and its extraction entry are stored
    as differences from the previous ones (``textdelta``), which the same handle stored a release
    before and holds (``history.WriterMemo``): nothing is read back to compare with, and every
    text and entry is stored in the form (the chain of bases, ``MAX_DEPTH`` steps at most) a
    writer reading them back chooses: on SQLite the catalogue is, table for table, that one."""
    import zlib

    from sqlalchemy import select as sql_select
    from store_helpers import table_rows

    from errdex.store import history, textdelta
    from errdex.store import schema as s

    read: list[set[object]] = []
    real = textdelta.rebuild_all

    def rebuild_all(wanted: object, fetch: object, *a: object, **k: object) -> object:
        def counted(keys: set[object]) -> object:
            read.append(set(keys))
            return fetch(keys)  # type: ignore[operator]

        return real(wanted, counted, *a, **k)  # type: ignore[arg-type]

    monkeypatch.setattr(textdelta, "rebuild_all", rebuild_all)
    lines = [f"def f{i}(x):\n    return x + {i}  # a line of its own\n" for i in range(300)]
    releases = 6  # a chain grows to MAX_DEPTH, then the next text takes its previous one's base

    def write_all(store: Store) -> list[int]:
        sids = []
        for n in range(releases):
            text = "".join([*lines[:n], f"def g(x):\n    return {n}\n", *lines[n:]])
            info, files, reports = _snapshot(f"1.{n}", text)
            entry = zlib.compress(("entry of " + text).encode())
            sids.append(
                store.write_snapshot(
                    info, files, [], reports, set(), extractions=[("lib/core.py", False, entry)]
                ).snapshot_id
            )
        return sids

    with Store.open(db_url) as store:
        sids = write_all(store)
    monkeypatch.setattr(textdelta, "rebuild_all", real)
    with Store.open(db_url) as store, store.engine.connect() as conn:
        q = (
            sql_select(s.files.c.blob_sha)
            .where(s.files.c.path == "lib/core.py")
            .order_by(s.files.c.snapshot_id)
        )
        shas = [str(sha) for (sha,) in conn.execute(q)]
        # every previous text and entry was held, but the first entry: stored whole as it came,
        # never inflated here, it is read back once, when the second release is compared with it
        assert read == [{(shas[0], "lib/core.py")}]

        def blobs(keys: set[str]) -> dict[str, bytes]:
            b = s.blobs
            return {
                str(k): bytes(v)
                for k, v in conn.execute(sql_select(b.c.sha, b.c.data).where(b.c.sha.in_(keys)))
            }

        texts = textdelta.rebuild_all(shas, blobs, lambda _key, sha: sha, zlib.decompress, 1 << 24)
        assert [texts[sha][1] for sha in shas] == [0, 1, 2, 3, 4, 4]  # steps from a text stored whole
        assert [store.file_text(sid, "lib/core.py") for sid in sids] == [
            texts[sha][0].decode() for sha in shas
        ]
        for sha in shas:
            entry = history._entries_built(conn, "", {"lib/core.py": sha})[(sha, "lib/core.py")]
            assert entry[0] == b"entry of " + texts[sha][0]
            assert entry[1] == texts[sha][1]
    if "://" in db_url:
        return  # the rows compared below are SQLite's
    monkeypatch.setattr(history.WriterMemo, "stage_text", lambda self, sha, built: None)
    monkeypatch.setattr(history.WriterMemo, "stage_entry", lambda self, producer, sha, path, built: None)
    monkeypatch.setattr(textdelta, "rebuild_all", rebuild_all)
    with Store.open(str(tmp_path / "plain.db")) as store:
        write_all(store)
    assert len(read) >= 2 * (releases - 1)  # each release read its previous text and entry back
    assert table_rows(db_url) == table_rows(str(tmp_path / "plain.db"))


def test_a_writer_memo_holds_at_most_its_bounds_the_oldest_dropped_first() -> None:
    """``WriterMemo`` keeps the newest digests and committed ids within its count, and the
    newest texts and entries within its bytes (half each)."""
    from errdex.store.history import WriterMemo

    memo = WriterMemo(capacity=2, text_bytes=20)
    recs = [_record("lib/core.py", i, [f"m{i}"]) for i in range(3)]
    assert memo.digests(recs) == memo.digests(list(reversed(recs)))[::-1]
    assert len(memo._digests) == 2
    memo.stage_symbols({"a": 1, "b": 2, "c": 3})
    assert memo.symbol_ids("abc") == {}  # staged, not committed
    memo.commit()
    assert memo.symbol_ids("abc") == {"b": 2, "c": 3}
    for sha in ("x", "y", "z"):
        memo.stage_text(sha, (b"12345", 0, None))
        memo.stage_entry("p", sha, "f.py", (b"1234", 1, "w"))
    memo.commit()
    assert list(memo.texts) == ["y", "z"] and memo.entries("p") == {
        ("y", "f.py"): (b"1234", 1, "w"),
        ("z", "f.py"): (b"1234", 1, "w"),
    }
    assert memo.entries("q") == {}


def test_the_schema_version_is_the_number_of_upgrade_steps() -> None:
    """``schema.SCHEMA_VERSION`` and the fast readers' ``lite.SCHEMA_VERSION`` are literals (the
    tables and the read path import no upgrade step); each must be ``migrations.MIGRATIONS``'
    length, or a new step would leave a catalogue marked with a version it does not have."""
    from errdex.store import lite, migrations

    assert SCHEMA_VERSION == len(migrations.MIGRATIONS) == lite.SCHEMA_VERSION
