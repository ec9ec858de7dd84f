"""Code facts in the catalogue, on SQLite and PostgreSQL: written by a real ``errdex index`` of a
small package, read back through ``store.facts``, shared by file content across snapshots, and
dropped with the last snapshot that holds them. Also: the migration, and the SQLAlchemy-free
reader answering exactly as the full store does.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest
from shop_package import PACKAGE, write_package
from sqlalchemy import func, select

from errdex.extract import extract
from errdex.model import SourceFile
from errdex.pipeline import index
from errdex.store import Store
from errdex.store import schema as s


def _count(store: Store, table: object) -> int:
    with store.engine.connect() as conn:
        return int(conn.execute(select(func.count()).select_from(table)).scalar() or 0)  # type: ignore[arg-type]


def _keys(store: Store) -> list[tuple[int, str, int]]:
    """Every (kind, key, file content) the lookups across files can find."""
    with store.engine.connect() as conn:
        rows = conn.execute(
            select(s.set_keys.c.kind, s.set_keys.c.key, s.fact_sets.c.fact_id)
            .join(s.fact_sets, s.fact_sets.c.set_id == s.set_keys.c.set_id)
            .distinct()
        )
        return sorted((int(k), str(key), int(f)) for k, key, f in rows)


def test_facts_round_trip_and_lookups(tmp_path: Path, db_url: str) -> None:
    root = write_package(tmp_path / "v1")
    sid = index(str(root), db_url, jobs=1).snapshot_id
    with Store.open(db_url) as store:
        facts = store.facts

        core = facts.module_at(sid, "shop/_core.py")
        assert core is not None and (core.name, core.is_package, core.is_test, core.shadowed) == (
            "shop._core", False, False, False
        )  # fmt: skip
        test_row = facts.module_at(sid, "tests/test_shop.py")
        assert test_row is not None and test_row.is_test
        assert sorted(facts.modules_named(sid, ["shop", "shop.api", "tests.test_shop", "nope"])) == [
            "shop",
            "shop.api",
        ]
        assert facts.module_names_ending(sid, "api") == ["shop.api"]

        # what the store gives back is what the extractor found, definitions and all
        files = [SourceFile(p, t.encode()) for p, t in PACKAGE.items()]
        found = extract(files, "local/shop", jobs=1).code["shop/_core.py"]
        stored = facts.facts([core.fact_id], docs=True)[core.fact_id]
        assert (stored.functions, stored.classes, stored.imports) == (
            found.functions,
            found.classes,
            found.imports,
        )
        assert (stored.toplevel, stored.bound, stored.consts) == (found.toplevel, found.bound, found.consts)
        assert [f.qualname for f in stored.functions] == [
            "Cart.__init__", "Cart.check", "Cart._inner", "_total", "_validate", "_validate.<locals>.helper"
        ]  # fmt: skip

        # lookups by name, in code order (file, then position in the file), tests left out
        calls = facts.calls_named(sid, ["_validate", "buy"])
        assert [(c.module, c.caller, c.callee) for c in calls] == [
            ("shop._core", "_total", "_validate"),
            ("shop.api", "refund", "_validate"),
        ]
        [reexport] = facts.imports_of(sid, ["checkout"])
        assert (reexport.module, reexport.local, reexport.target, reexport.level) == (
            "shop",
            "buy",
            "api.checkout",
            1,
        )
        assert [(r.module, r.target) for r in facts.imports_binding(sid, ["_core"])] == [
            ("shop.api", "shop._core")
        ]
        assert facts.functions_named(sid, ["check", "helper"]) == {
            "check": [("shop._core", "Cart.check")],
            "helper": [("shop._core", "_validate.<locals>.helper")],
        }
        assert facts.imports_top_level(sid, "shop") and not facts.imports_top_level(sid, "pytest")
        assert {r.local for r in facts.relative_imports(sid)} == {"buy", "_validate"}
        assert facts.symbols_present(sid, ["shop._core._total", "shop._core.nope"]) == {"shop._core._total"}

        tests = facts.tests_in(sid, "tests/test_shop.py")
        assert [(t.qualname, t.expects, t.subject) for t in tests] == [
            ("test_empty", True, ["buy"]),
            ("test_full", False, ["buy"]),
        ]

        errors = facts.errors_at(sid, "shop/_core.py")
        assert [(e.function, e.line) for e in errors] == [
            ("Cart._inner", 9),
            ("_validate", 20),
            ("_validate.<locals>.helper", 23),
        ]
        assert [e.template for e in facts.errors_at(sid, "shop/_core.py", "_validate")] == [
            "cart {cart!r} is empty"
        ]
        assert [e.id for e in facts.errors_in_dir(sid, "shop", 2)] == [e.id for e in errors[:2]]
        assert [e.function for e in facts.errors_of_class(sid, "KeyError", 5)] == [
            "_validate.<locals>.helper"
        ]
        empty = errors[1].id
        [exp] = facts.expectations_of(sid, empty)
        assert (exp.path, exp.function, exp.pattern) == (
            "tests/test_shop.py",
            "test_empty",
            "cart .* is empty",
        )
        assert facts.expectation_count(sid) == 1 and facts.has_facts(sid)


def test_a_read_only_handle_decodes_each_files_facts_once_within_its_bound(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Page after page reads the same files' calls and functions: a read-only handle keeps one
    reader whose decoded values answer again exactly as a first read does, and stay within
    ``_DECODED_ITEMS``; a writable handle (whose reads may roll back) keeps none."""
    from errdex.store import facts as facts_module
    from errdex.store.fast import SQLiteReader

    db = str(tmp_path / "c.db")
    sid = index(str(write_package(tmp_path / "v1")), db, jobs=1).snapshot_id

    def reads(facts: facts_module.FactReader) -> tuple[object, ...]:
        core = facts.module_at(sid, "shop/_core.py")
        assert core is not None
        return (
            facts.calls_named(sid, ["_validate", "buy"]),
            facts.functions_named(sid, ["check", "helper", "_total"]),
            facts.parameters(core.fact_id, ["Cart.check", "_validate"]),
            facts.docstrings(core.fact_id, ["Cart.check", "_validate"]),
        )

    with Store.open(db) as writable:
        assert writable.facts is not writable.facts
        expected = reads(writable.facts)
    assert expected[0] and expected[1] and expected[2]

    with Store.open(db, readonly=True) as store:
        reader = store.facts
        assert store.facts is reader
        assert reads(reader) == expected
        kept = dict(reader._decoded)
        assert kept, "nothing was kept for the next page"
        assert reads(reader) == expected and reader._decoded.keys() == kept.keys()

    # a bound of 3 items: the oldest files' values give way, every answer stays the same
    monkeypatch.setattr(facts_module, "_DECODED_ITEMS", 3)
    fast = SQLiteReader(Path(db), db)
    try:
        reader = fast.facts
        assert fast.facts is reader
        for _ in range(2):
            assert reads(reader) == expected
            assert reader._decoded_items <= 3 or len(reader._decoded) == 1
            assert reader._decoded_items == sum(len(v) + 1 for v in reader._decoded.values())
    finally:
        fast.close()


def test_facts_are_stored_once_per_file_content_and_dropped_with_their_last_snapshot(
    tmp_path: Path, db_url: str
) -> None:
    # two releases of one codebase (the directory's name names it)
    v1 = write_package(tmp_path / "v1" / "shop")
    v2 = write_package(
        tmp_path / "v2" / "shop", {"shop/api.py": PACKAGE["shop/api.py"] + "\n\ndef extra():\n    pass\n"}
    )
    first = index(str(v1), db_url, jobs=1).snapshot_id
    with Store.open(db_url) as store:
        assert _count(store, s.code_facts) == 4
        second = index(str(v2), db_url, jobs=1).snapshot_id
        assert _count(store, s.code_facts) == 5  # only the changed file has new facts
        a, b = store.facts.module_at(first, "shop/_core.py"), store.facts.module_at(second, "shop/_core.py")
        assert a is not None and b is not None and a.fact_id == b.fact_id
        assert store.facts.module_at(first, "shop/api.py") != store.facts.module_at(second, "shop/api.py")

        # the later release is the latest occurrence of the errors both hold: "related" lists it there
        assert store.facts.errors_at(first, "shop/_core.py") == []
        assert len(store.facts.errors_at(second, "shop/_core.py")) == 3

        # v1's directory changes: its snapshot is replaced; the old __init__ stays, v2 holds it too
        write_package(v1, {"shop/__init__.py": "from .api import checkout as purchase\n"})
        index(str(v1), db_url, jobs=1)
        assert _count(store, s.code_facts) == 6
        store.delete_snapshot(second)  # v2's api.py and the old __init__ were only its own
        assert _count(store, s.code_facts) == 4
        # the lookup keys went with the rows they point at
        with store.engine.connect() as conn:
            keyed = set(conn.scalars(select(s.fact_sets.c.fact_id)))
            assert keyed and keyed <= set(conn.scalars(select(s.code_facts.c.id)))
            linked = set(conn.scalars(select(s.fact_sets.c.set_id)))
            assert linked == set(conn.scalars(select(s.key_sets.c.id)))
            assert linked == set(conn.scalars(select(s.set_keys.c.set_id)))


def _seen(store: Store, sid: int) -> tuple[object, ...]:
    """Every function and call fact of a snapshot as the analysis reads them."""
    fids = [m.fact_id for m in store.facts.modules_named(sid, ["shop", "shop.api", "shop._core"]).values()]
    facts = store.facts.facts(fids, docs=True)
    names = ["_validate", "_total", "checkout", "_inner", "check", "helper", "Cart"]
    return (
        sorted((fid, f.functions) for fid, f in facts.items()),
        store.facts.calls_named(sid, names),
        store.facts.functions_named(sid, names),
        {fid: store.facts.parameters(fid, ["checkout", "_validate", "Cart.__init__"]) for fid in fids},
        store.facts.errors_at(sid, "shop/_core.py"),
        store.facts.errors_at(sid, "shop/_core.py", "_validate"),
        store.facts.errors_in_dir(sid, "shop", 10),
        store.facts.errors_of_class(sid, "ValueError", 10),
        store.facts.imports_of(sid, ["checkout", "_validate", "_core"]),
        store.facts.imports_binding(sid, ["buy", "_core", "_validate"]),
        store.facts.relative_imports(sid),
        store.facts.imports_top_level(sid, "shop"),
        {fid: store.facts.docstrings(fid, ["checkout", "_validate", "Cart.__init__"]) for fid in fids},
        store.facts.tests_in(sid, "tests/test_shop.py"),
        store.class_bases(sid),
    )


def test_a_function_moved_by_an_edit_above_it_reads_at_its_new_lines(tmp_path: Path, db_url: str) -> None:
    """A release that inserts lines at the top of a module makes a new file content: its facts
    are a row of their own, read with the new lines, and the older release reads its own."""
    v1 = write_package(tmp_path / "v1" / "shop")
    moved = "# a new comment\n# and another\n" + PACKAGE["shop/_core.py"]
    v2 = write_package(tmp_path / "v2" / "shop", {"shop/_core.py": moved})
    first = index(str(v1), db_url, jobs=1).snapshot_id
    with Store.open(db_url) as store:
        second = index(str(v2), db_url, jobs=1).snapshot_id
        assert _count(store, s.code_facts) == 5  # the moved file is a new content
        core = extract([SourceFile("shop/_core.py", moved.encode())], "x", jobs=1).code["shop/_core.py"]
        m = store.facts.module_at(second, "shop/_core.py")
        assert (
            m is not None and store.facts.facts([m.fact_id], docs=True)[m.fact_id].functions == core.functions
        )
        assert [(c.caller, c.line) for c in store.facts.calls_named(second, ["_validate"])] == [
            (c.caller, c.line + 2)
            for c in store.facts.calls_named(first, ["_validate"])
            if c.path == "shop/_core.py"
        ] + [
            (c.caller, c.line)
            for c in store.facts.calls_named(first, ["_validate"])
            if c.path != "shop/_core.py"
        ]
        store.delete_snapshot(second)
        assert _count(store, s.code_facts) == 4
        store.delete_snapshot(first)
        assert _count(store, s.code_facts) == _count(store, s.fact_sets) == _count(store, s.set_keys) == 0
        assert _count(store, s.key_sets) == 0


@pytest.mark.parametrize("version", [6, 7, 8, 9, 12])
def test_an_older_catalogue_upgrades_to_rows_of_values_reading_the_same(
    tmp_path: Path, db_url: str, version: int
) -> None:
    """Schema v6 stored functions and calls per file content, v7 the keys of related errors in
    every snapshot's rows, v8 bound names and imports per file content, v9 every function, call,
    class, test and import a row; the upgrade moves them into one row of values per file
    content, and every reader of the analysis sees the same facts and related errors as before.
    v12 kept each content's lookup keys as rows of its own: they become shared sets."""
    from store_helpers import as_version

    v1 = write_package(tmp_path / "v1" / "shop")
    v2 = write_package(tmp_path / "v2" / "shop", {"shop/_core.py": "\n\n" + PACKAGE["shop/_core.py"]})
    sids = [index(str(v), db_url, jobs=1).snapshot_id for v in (v1, v2)]
    with Store.open(db_url) as store:
        before = [_seen(store, sid) for sid in sids]
        contents, keys = _count(store, s.code_facts), _keys(store)
        assert all(before[-1][6:14])  # the newer release has related errors, imports and tests to compare
        as_version(store.engine, version)
        store.engine.dispose()
        with Store.open(db_url) as upgraded:
            assert [_seen(upgraded, sid) for sid in sids] == before
            assert (_count(upgraded, s.code_facts), _keys(upgraded)) == (contents, keys)


def _files(root: Path) -> list[tuple[str, Path]]:
    return [(p.relative_to(root).as_posix(), p) for p in sorted(root.rglob("*.py"))]


def test_migration_adds_the_fact_tables_and_drops_pickled_project_indexes(tmp_path: Path) -> None:
    from sqlalchemy import create_engine, insert, inspect

    url = f"sqlite:///{tmp_path / 'old.db'}"
    engine = create_engine(url)
    new = {*s.FACT_TABLES, s.modules, s.snapshot_errors, s.expectation_errors}
    with engine.begin() as conn:  # a catalogue as schema version 1 left it
        s.metadata.create_all(conn, tables=[t for t in s.metadata.sorted_tables if t not in new])
        conn.execute(insert(s.meta).values(key="schema_version", value="1"))
        conn.execute(
            insert(s.artifacts).values(name="explain-index:3:1", generation="0", data=b"\x80\x04pickle")
        )
        conn.execute(insert(s.artifacts).values(name="match-index", generation="0", data=b"kept"))
    engine.dispose()
    with Store(url) as store, store.engine.connect() as conn:
        assert s.current_version(conn) == s.SCHEMA_VERSION
        assert {t.name for t in new if t not in (s.snapshot_errors, s.modules)} <= set(
            inspect(conn).get_table_names()
        )
        # of ``error_runs`` (v10) and ``module_runs`` (v16)
        assert {"snapshot_errors", "modules"} <= set(inspect(conn).get_view_names())
        assert [r[0] for r in conn.execute(select(s.artifacts.c.name))] == ["match-index"]


def test_fast_reader_answers_as_the_store_does_without_sqlalchemy(tmp_path: Path) -> None:
    from errdex.store.fast import SQLiteReader, open_reader

    db = str(tmp_path / "c.db")
    sid = index(str(write_package(tmp_path / "pkg")), db, jobs=1).snapshot_id
    with Store.open(db) as store, open_reader(db) as reader:
        assert isinstance(reader, SQLiteReader)
        ids = [r.id for r in store.list_errors()[1]]
        for error_id in [*ids, "0000000000000000"]:
            assert reader.get_error(error_id) == store.get_error(error_id)
        assert reader.snapshot(sid) == store.snapshot(sid)
        assert (
            reader.file_text(sid, "shop/api.py")
            == store.file_text(sid, "shop/api.py")
            == PACKAGE["shop/api.py"]
        )
        store.put_analysis(ids[0], sid, "m", "1", ANSWER)
        cached = reader.get_analysis(ids[0], sid, "m", "1")
        assert cached is not None and cached == store.get_analysis(ids[0], sid, "m", "1")
        assert reader.facts.calls_named(sid, ["_validate"]) == store.facts.calls_named(sid, ["_validate"])

        probe = (
            "import atexit, sys; atexit.register(lambda: print('sqlalchemy' in sys.modules, file=sys.stderr)); "
            "from errdex.cli import app; app()"
        )
        out = subprocess.run(
            [sys.executable, "-c", probe, "show", ids[0], "--json", "--db", db],
            capture_output=True,
            text=True,
        )
        assert out.returncode == 0, out.stderr
        assert out.stderr.strip() == "False"  # `errdex show` ran its analysis without importing SQLAlchemy
        assert f'"id": "{ids[0]}"' in out.stdout


def test_cold_show_skips_typer_and_prints_what_the_typer_command_prints(tmp_path: Path) -> None:
    """``errdex show ID [--json] [--db DB]`` is answered without importing typer or pydantic
    (``errdex.cli.quick``), byte for byte as the typer command answers it; every other form, an
    unknown ID and a missing catalogue go to the typer command, with its messages and codes."""
    db = str(tmp_path / "c.db")
    index(str(write_package(tmp_path / "pkg")), db, jobs=1)
    with Store.open(db) as store:
        error_id = store.list_errors()[1][0].id
    loaded = "import atexit, sys; atexit.register(lambda: print(sorted({m.partition('.')[0] for m in sys.modules} & {'typer', 'pydantic'}), file=sys.stderr)); "
    quick, typed = (
        loaded + "from errdex.cli import main; main()",
        loaded + "from errdex.cli import app; app()",
    )

    def run(probe: str, *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-c", probe, *args], capture_output=True, text=True, env=env)

    for args in (["show", error_id, "--json", "--db", db], ["show", f"--db={db}", error_id]):
        fast, full = run(quick, *args), run(typed, *args)
        assert (fast.returncode, full.returncode) == (0, 0), (fast.stderr, full.stderr)
        # the typer command imports typer (no longer pydantic: ``cli/lightparams.py`` checks the
        # plain option values itself)
        assert fast.stderr.strip() == "[]" and full.stderr.strip() == "['typer']"
        assert fast.stdout == full.stdout and error_id in fast.stdout
    with_env = run(quick, "show", error_id, "--json", env={"ERRDEX_DB": db, "PATH": os.environ["PATH"]})
    assert with_env.returncode == 0 and json.loads(with_env.stdout)["id"] == error_id
    unknown = run(quick, "show", "0000000000000000", "--db", db)
    assert unknown.returncode == 2 and "no error with ID '0000000000000000'" in unknown.stderr
    missing = run(quick, "show", error_id, "--db", str(tmp_path / "none.db"))
    assert missing.returncode == 2 and "no catalogue at" in missing.stderr
    assert "Usage:" in run(quick, "show", "--help").stdout


def test_show_arguments_the_quick_path_takes_and_leaves() -> None:
    from errdex.cli.quick import parse_show

    assert parse_show(["abc", "--json", "--db", "x.db"]) == ("abc", "x.db", True)
    assert parse_show(["--db=x.db", "abc"]) == ("abc", "x.db", False)
    for other in (
        ["abc", "--json", "--json"],
        ["abc", "def"],
        ["--help"],
        ["abc", "--db"],
        ["abc", "-x"],
        [],
    ):
        assert parse_show(other) is None, other


def test_show_on_a_catalogue_of_an_older_schema_upgrades_it(tmp_path: Path) -> None:
    """The fast reader's statements are written for the current schema: a catalogue an older
    errdex wrote (here v2, before ``occurrences.relay``) is read by the full store, which
    upgrades it, instead of failing on a column it does not have yet."""
    from sqlalchemy import text
    from store_helpers import as_v3

    from errdex.store import fast

    assert fast.SCHEMA_VERSION == s.SCHEMA_VERSION
    db = str(tmp_path / "c.db")
    index(str(write_package(tmp_path / "pkg")), db, jobs=1)
    with Store.open(db) as store:
        error_id = store.list_errors()[1][0].id
        with store.engine.begin() as conn:
            as_v3(conn)
            conn.execute(text("alter table occurrences drop column relay"))
            conn.execute(text("update meta set value = '2' where key = 'schema_version'"))
        store.engine.dispose()
        with fast.SQLiteReader(Path(db), f"sqlite:///{db}") as old:
            assert not old.current
        out = subprocess.run(
            [sys.executable, "-m", "errdex.cli", "show", error_id, "--json", "--db", db],
            capture_output=True,
            text=True,
        )
        assert out.returncode == 0, out.stderr
        shown = json.loads(out.stdout)
        assert shown["id"] == error_id and shown["analysis"]["reached_from"] is not None
        with fast.open_reader(db) as upgraded:
            assert isinstance(upgraded, fast.SQLiteReader)  # upgraded: the fast path again


def test_a_snapshot_indexed_without_facts_asks_for_a_new_index(tmp_path: Path) -> None:
    """What an older errdex left: analysis says what to do instead of guessing."""
    from errdex.model import FileReport, SnapshotInfo

    db = str(tmp_path / "c.db")
    info = SnapshotInfo(repo="local/old", name="old", version="1", ref_kind="dir", ref=str(tmp_path))
    files = [SourceFile("old.py", b"raise ValueError('old error')\n")]
    from errdex.model import ErrorRecord, error_id

    rec = ErrorRecord("error", "ValueError", "old error", ["old error"], ["old error"], "old.py", 1, 1, "<module>",
                      id=error_id("local/old", "old.py", "<module>", "ValueError", "old error"))  # fmt: skip
    with Store.open(db) as store:
        store.write_snapshot(info, files, [rec], [FileReport("old.py", "ok", module="old")], set())
    out = subprocess.run(
        [sys.executable, "-m", "errdex.cli", "show", rec.id, "--db", db], capture_output=True, text=True
    )
    assert out.returncode == 1
    assert "indexed by an older errdex" in out.stderr and "errdex index" in out.stderr
    assert "Traceback" not in out.stderr


@pytest.mark.parametrize("path", ["shop/_core.py", "tests/test_shop.py"])
def test_unchanged_reindex_writes_nothing_new(tmp_path: Path, path: str) -> None:
    db = str(tmp_path / "c.db")
    root = write_package(tmp_path / "pkg")
    sid = index(str(root), db, jobs=1).snapshot_id
    with Store.open(db) as store:
        before = store.facts.module_at(sid, path)
    assert not index(str(root), db, jobs=1).changed
    with Store.open(db) as store:
        assert store.facts.module_at(sid, path) == before


ANSWER = {
    "model": "m",
    "date": "2026-01-02T03:04:05+00:00",
    "prompt_version": "1",
    "sections": {
        "meaning": "The discount is outside 0..1.",
        "trigger": "When `rate` is negative.",
        "common_situations": ["Passing a percentage."],
        "solutions": ["Divide by 100."],
        "example_fix": {"before": "apply(50)", "after": "apply(0.5)"},
    },
    "dropped": 1,
    "unverified": ["shop.magic"],
    "raw": {"meaning": "anything the model said"},
}


def test_a_cached_answer_of_another_shape_reads_as_absent(tmp_path: Path, db_url: str) -> None:
    """The catalogue is untrusted: a stored answer errdex would not write is no answer at all."""
    sid = index(str(write_package(tmp_path / "pkg")), db_url, jobs=1).snapshot_id
    with Store.open(db_url) as store:
        error_id = store.list_errors()[1][0].id
        store.put_analysis(error_id, sid, "m", "good", ANSWER)
        good = store.get_analysis(error_id, sid, "m", "good")
        assert good is not None and good.to_json() == {**ANSWER, "prompt_version": "1"}
        assert good.sections.example_fix is not None and good.sections.example_fix.after == "apply(0.5)"
        assert "raw" not in good.public_json() and good.public_json()["unverified"] == ["shop.magic"]
        sections = ANSWER["sections"]
        assert isinstance(sections, dict)
        bad: list[object] = [
            [ANSWER],
            "an answer",
            {k: v for k, v in ANSWER.items() if k != "model"},
            {**ANSWER, "model": 7},
            {**ANSWER, "dropped": "2"},
            {**ANSWER, "dropped": True},
            {**ANSWER, "dropped": -1},
            {**ANSWER, "unverified": [1]},
            {**ANSWER, "raw": "text"},
            {**ANSWER, "sections": None},
            {**ANSWER, "sections": {**sections, "solutions": "one string, not a list"}},
            {**ANSWER, "sections": {**sections, "meaning": ["a", "list"]}},
            {**ANSWER, "sections": {**sections, "example_fix": ["before", "after"]}},
            {**ANSWER, "sections": {**sections, "example_fix": {"before": 1, "after": ""}}},
        ]
        for n, data in enumerate(bad):
            store.put_analysis(error_id, sid, "m", f"bad{n}", data)
            assert store.get_analysis(error_id, sid, "m", f"bad{n}") is None, data
        assert store.get_analysis(error_id, sid, "m", "never stored") is None


def test_damaged_rows_read_as_empty_or_absent_through_both_readers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Text that is not JSON, a list column holding another type, an error without occurrences."""
    import sqlite3

    from errdex.analysis import analyze_error
    from errdex.analysis.llm import ENV_MODEL, PROMPT_VERSION
    from errdex.store.fast import open_reader
    from errdex.views import error_view

    db = str(tmp_path / "c.db")
    sid = index(str(write_package(tmp_path / "pkg")), db, jobs=1).snapshot_id
    with Store.open(db) as store:
        first, second = (r.id for r in store.list_errors()[1][:2])
        monkeypatch.setenv(ENV_MODEL, "m")  # pages look for this model's cached answers
        for error_id in (first, second):
            store.put_analysis(
                error_id, sid, "m", PROMPT_VERSION, {**ANSWER, "prompt_version": PROMPT_VERSION}
            )
        llm = analyze_error(store, store.get_error(second)).llm  # type: ignore[arg-type]
        assert llm is not None and llm.model == "m"
        with closing(sqlite3.connect(db)) as conn, conn:  # ``with conn`` commits; closing closes
            conn.execute("update analyses set data = '{\"model\": ' where error_id = ?", (first,))
            conn.execute(
                "update occurrence_bodies set guards = '\"x > 0\"', comments = '{}' where error_id = ?",
                (first,),
            )
            conn.execute("delete from occurrence_places where body_id in "
                         "(select id from occurrence_bodies where error_id = ?)", (second,))  # fmt: skip
        with open_reader(db) as fast_reader:
            for reader in (store, fast_reader):
                assert reader.get_analysis(first, sid, "m", PROMPT_VERSION) is None
                err = reader.get_error(first)
                assert err is not None and err.latest.guards == () and err.latest.comments == ()
                assert error_view(reader, err).guards == () and analyze_error(reader, err).llm is None
                assert reader.get_error(second) is None


def test_a_damaged_row_of_bound_names_reads_as_none(tmp_path: Path) -> None:
    """``code_facts.names`` holds a zlib frame: one that is not, or inflates to no such JSON, or
    past the cap, reads as a file that binds nothing, through both readers, never as a crash."""
    import sqlite3
    import zlib

    from errdex.store.fast import open_reader

    db = str(tmp_path / "c.db")
    sid = index(str(write_package(tmp_path / "pkg")), db, jobs=1).snapshot_id
    with Store.open(db) as store:
        core = store.facts.module_at(sid, "shop/_core.py")
        assert core is not None and store.facts.facts([core.fact_id])[core.fact_id].toplevel
        bomb = zlib.compress(b"[" + b" " * (65 << 20) + b"]")
        for damaged in (b"not zlib", zlib.compress(b'{"a": 1}'), bomb):
            with closing(sqlite3.connect(db)) as conn, conn:
                conn.execute("update code_facts set names = ? where id = ?", (damaged, core.fact_id))
            with open_reader(db) as fast_reader:
                for reader in (store.facts, fast_reader.facts):
                    got = reader.facts([core.fact_id])[core.fact_id]
                    assert (got.toplevel, got.bound, got.consts) == ([], [], {}) and got.functions


def test_damaged_values_of_code_facts_read_as_none_of_that_kind(tmp_path: Path) -> None:
    """Each kind of a file's facts is one zlib frame of JSON: a frame that is not zlib, or of
    another shape, or whose docstrings do not pair with its functions, reads as no facts of that
    kind through both readers; the other kinds and the other files still read."""
    import sqlite3
    import zlib

    from errdex.store.fast import open_reader

    db = str(tmp_path / "c.db")
    sid = index(str(write_package(tmp_path / "pkg")), db, jobs=1).snapshot_id
    with Store.open(db) as store:
        core, api = store.facts.module_at(sid, "shop/_core.py"), store.facts.module_at(sid, "shop/api.py")
        assert core is not None and api is not None
        fid = core.fact_id
        whole = store.facts.facts([fid], docs=True)[fid]
        callers = {c.path for c in store.facts.calls_named(sid, ["_validate"])}
        assert whole.functions and "shop/_core.py" in callers
        assert store.facts.parameters(api.fact_id, ["checkout"]) == {"checkout": ("cart",)}
        with closing(sqlite3.connect(db)) as conn, conn:
            for column, damaged in (
                ("calls", b"not zlib"),
                ("functions", zlib.compress(b'[["f", "not a line", 2, null]]')),
            ):
                conn.execute(f"update code_facts set {column} = ? where id = ?", (damaged, fid))
            conn.execute("update code_facts set docs = ? where id = ?", (zlib.compress(b"[]"), api.fact_id))
        with open_reader(db) as fast_reader:
            for reader in (store.facts, fast_reader.facts):
                got = reader.facts([fid], docs=True)[fid]
                assert got.functions == [] and got.toplevel == whole.toplevel
                assert {c.path for c in reader.calls_named(sid, ["_validate"])} == callers - {"shop/_core.py"}
                assert reader.functions_named(sid, ["_validate"]) == {}
                # docstrings that do not pair with the functions: functions without them
                assert reader.parameters(api.fact_id, ["checkout"]) == {}
                assert {f.params for f in reader.facts([api.fact_id], docs=True)[api.fact_id].functions} == {
                    ()
                }


def test_a_changed_file_shares_its_previous_contents_key_sets_and_reads_exactly(
    tmp_path: Path, db_url: str
) -> None:
    """A new content of a path links the lookup-key sets of the path's previous content and one
    set of the keys it adds; a key its edit removed stays in the shared sets, and the lookups
    filter it out by the file's values (no call of ``_validate`` left in the new ``api.py``)."""
    from errdex.store import factblobs as fb

    edited = PACKAGE["shop/api.py"].replace("    _validate(cart)\n", "    return audit(cart)\n")
    v1 = write_package(tmp_path / "v1" / "shop")
    v2 = write_package(tmp_path / "v2" / "shop", {"shop/api.py": "import decimal\n" + edited})
    first = index(str(v1), db_url, jobs=1).snapshot_id
    second = index(str(v2), db_url, jobs=1).snapshot_id
    with Store.open(db_url) as store:
        old, new = (store.facts.module_at(sid, "shop/api.py") for sid in (first, second))
        assert old is not None and new is not None and old.fact_id != new.fact_id
        with store.engine.connect() as conn:
            fs, sk = s.fact_sets, s.set_keys
            links = {
                fid: set(conn.scalars(select(fs.c.set_id).where(fs.c.fact_id == fid)))
                for fid in (old.fact_id, new.fact_id)
            }
            added = links[new.fact_id] - links[old.fact_id]
            assert links[old.fact_id] < links[new.fact_id] and len(added) == 1
            keys = set(conn.execute(select(sk.c.kind, sk.c.key).where(sk.c.set_id.in_(added))).all())
            facts = [
                extract([SourceFile("shop/api.py", text.encode())], "x", jobs=1).code["shop/api.py"]
                for text in (PACKAGE["shop/api.py"], "import decimal\n" + edited)
            ]
            assert keys == fb.keys(facts[1]) - fb.keys(facts[0])
            assert {(fb.KEY_IMPORT, "decimal"), (fb.KEY_TOP, "decimal")} <= keys
            assert (fb.KEY_CALL, "_validate") in fb.keys(facts[0]) - fb.keys(facts[1])

        def callers(sid: int, name: str) -> list[tuple[str, str]]:
            return [(c.path, c.caller) for c in store.facts.calls_named(sid, [name])]

        assert ("shop/api.py", "refund") in callers(first, "_validate")
        assert ("shop/api.py", "refund") not in callers(second, "_validate")
        assert store.facts.imports_top_level(second, "decimal")
        assert not store.facts.imports_top_level(first, "decimal")
        assert store.facts.imports_top_level(second, "shop")


def test_called_names_are_the_call_keys_of_each_snapshots_own_library_files(
    tmp_path: Path, db_url: str
) -> None:
    """``called_names`` (what the match index reads once per snapshot) gives the callee names
    of the snapshot's library files and nothing of another snapshot's, with the catalogue
    holding two snapshots whose contents share key sets; the tests' calls are left out."""
    from errdex.store import factblobs as fb

    edited = PACKAGE["shop/api.py"].replace("    _validate(cart)\n", "    return audit(cart)\n")
    edited += "\n\ndef audit(cart):\n    return cart\n"
    v1 = write_package(tmp_path / "v1" / "shop")
    v2 = write_package(tmp_path / "v2" / "shop", {"shop/api.py": edited})
    first = index(str(v1), db_url, jobs=1).snapshot_id
    second = index(str(v2), db_url, jobs=1).snapshot_id
    ex = extract([SourceFile(p, t.encode()) for p, t in PACKAGE.items()], "x", jobs=1)
    tests = {r.path for r in ex.files if r.is_test}
    library = {
        key
        for path, f in ex.code.items()
        if path not in tests
        for kind, key in fb.keys(f)
        if kind == fb.KEY_CALL
    }
    in_tests = {key for path in tests for kind, key in fb.keys(ex.code[path]) if kind == fb.KEY_CALL}
    assert in_tests - library  # the tests call something the library does not
    with Store.open(db_url) as store:
        assert store.facts.called_names(first) == library
        later = store.facts.called_names(second)
        assert "audit" in later and "audit" not in library
        assert not later & (in_tests - library)


def test_the_call_keys_of_a_file_are_those_of_the_calls_its_stored_value_keeps() -> None:
    """``factblobs.keys`` finds the calls without ordering them: the same keys as the calls
    ``encode`` stores (``ordered_calls``), a call whose caller is no function of the file left out."""
    from errdex.model import CallFact, CodeFacts, FunctionFact
    from errdex.store import factblobs

    f = CodeFacts()
    f.functions = [FunctionFact("g", 1, 3, None), FunctionFact("C.h", 5, 9, "C")]
    f.calls = [
        CallFact("C.h", "self.save", 6),
        CallFact("g", "tpu_core.foo", 2),
        CallFact("gone", "orphan", 4),  # no such function in the file
        CallFact("g", "bar", 3),
    ]
    kept = factblobs.ordered_calls(f.functions, f.calls)
    calls = {key for kind, key in factblobs.keys(f) if kind == factblobs.KEY_CALL}
    assert calls == {c.callee.rpartition(".")[2] for c in kept} == {"foo", "bar", "save"}


def test_lookups_of_many_names_find_what_lookups_of_few_find_in_each_snapshot(
    tmp_path: Path, db_url: str
) -> None:
    """Past one IN list of names the snapshot's modules drive the lookup (``_many_keyed``, what
    a release's callers count asks: every name its library calls) instead of each name's key
    sets: the same files, items and order as the few names alone, in each of two snapshots whose
    file contents share key sets (a key the edit removed stays in the shared set)."""
    from errdex.store.facts import _CHUNK

    edited = PACKAGE["shop/api.py"].replace("    _validate(cart)\n", "    return audit(cart)\n")
    edited += "\n\ndef audit(cart):\n    return cart\n"
    v1 = write_package(tmp_path / "v1" / "shop")
    v2 = write_package(tmp_path / "v2" / "shop", {"shop/api.py": "import decimal\n" + edited})
    sids = [index(str(v), db_url, jobs=1).snapshot_id for v in (v1, v2)]
    names = ["_validate", "audit", "buy", "Decimal", "refund", "decimal"]
    filler = [f"absent_{i}" for i in range(_CHUNK + 1)]
    with Store.open(db_url) as store:
        facts = store.facts
        for sid in sids:
            for name in names:
                few = (facts.calls_named(sid, [name]), facts.functions_named(sid, [name]))
                many = (facts.calls_named(sid, [name, *filler]), facts.functions_named(sid, [name, *filler]))
                assert many == few
                assert facts.imports_of(sid, [name, *filler]) == facts.imports_of(sid, [name])
            assert facts.calls_named(sid, [*names, *filler]) == facts.calls_named(sid, names)
        calls = [{c.callee for c in facts.calls_named(sid, [*names, *filler])} for sid in sids]
        assert "audit" in calls[1] - calls[0]  # each snapshot its own files' calls


def test_a_writer_links_a_changed_file_to_the_keys_it_stored_without_reading_them_back(
    tmp_path: Path, db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In one run of releases, the base of a changed file (its path's content in the release
    before) was stored by the same writer: its own keys come from the writer's ``KeyMemo``, not
    from its stored values read back and decoded (``keysets.own_keys``); the lookups answer as
    before, and the catalogue is the one a writer without the memo stores, row for row."""
    from store_helpers import table_rows

    from errdex.pipeline import index_releases
    from errdex.store import keysets

    edited = PACKAGE["shop/api.py"].replace("    _validate(cart)\n", "    return audit(cart)\n")
    v1 = write_package(tmp_path / "v1" / "shop")
    v2 = write_package(tmp_path / "v2" / "shop", {"shop/api.py": "import decimal\n" + edited})
    read_back: list[set[int]] = []
    real = keysets.own_keys

    def own_keys(conn: object, fact_ids: set[int]) -> dict[int, set[tuple[int, str]]]:
        if fact_ids:
            read_back.append(set(fact_ids))
        return real(conn, fact_ids)  # type: ignore[arg-type]

    monkeypatch.setattr(keysets, "own_keys", own_keys)
    first, second = (r.snapshot_id for r in index_releases([str(v1), str(v2)], db_url, jobs=1))
    assert read_back == []
    with Store.open(db_url) as store:
        callers = {sid: {(c.path, c.caller) for c in store.facts.calls_named(sid, ["_validate"])} for sid in (first, second)}  # fmt: skip
        assert ("shop/api.py", "refund") in callers[first] - callers[second]
        assert store.facts.imports_top_level(second, "decimal")
    if "://" in db_url:
        return  # the rows compared below are SQLite's
    monkeypatch.setattr(keysets.KeyMemo, "get", lambda self, producer, sha: None)
    index_releases([str(v1), str(v2)], str(tmp_path / "read.db"), jobs=1)
    assert len(read_back) == 1  # the base of the edited api.py, read back without the memo
    memo, read = table_rows(db_url), table_rows(str(tmp_path / "read.db"))
    assert memo["fact_sets"] and memo["set_keys"]
    assert memo == read


def _tables(count: int) -> str:
    """A module holding ``count`` functions in a dispatch table (references, ``KEY_REF``), and
    200 functions calling one each: keys enough that an edit's stale keys stay under the limit
    (``keysets._stale_limit``), so that a changed content shares its previous content's sets."""
    defs = "".join(f"def _load_{i}(x):\n    return x\n\n\n" for i in range(count))
    defs += "".join(f"def step_{i}(x):\n    return work_{i}(x)\n\n\n" for i in range(200))
    table = ", ".join(f"'{i}': _load_{i}" for i in range(count))
    return f"{defs}LOADERS = {{{table}}}\n\n\ndef load(kind, x):\n    raise ValueError(kind)\n"


@pytest.mark.parametrize("memo", [True, False])
def test_a_changed_file_s_references_are_a_set_stored_once_not_again_in_each_release(
    tmp_path: Path, db_url: str, monkeypatch: pytest.MonkeyPatch, memo: bool
) -> None:
    """References (``KEY_REF``) are kept in no value, only in key sets: a content's are a set of
    their own, named by digest, so a changed file whose references did not change links its
    base's set and stores none (until hist33 each release's added set held every reference of the
    file again: the 20 jax releases' ``set_keys`` 1.6 -> 4.9 MB), and one whose references
    changed stores its new set whole, with the writer's ``KeyMemo`` or without it (its base read
    back). Each release's references are exactly its own: one an edit removed is not found."""
    from errdex.pipeline import index_releases
    from errdex.store import factblobs, keysets

    if not memo:
        monkeypatch.setattr(keysets.KeyMemo, "get", lambda self, producer, sha: None)
    tables = _tables(30)
    edits = [tables, tables.replace("raise ValueError(kind)", "raise KeyError(kind)")]
    edits.append(
        edits[1]
        .replace("'0': _load_0, ", "")
        .replace("LOADERS = {", "def _load_x(x):\n    return x\n\n\nLOADERS = {'x': _load_x, ")
    )
    roots = [write_package(tmp_path / f"v{n}" / "shop", {"shop/tables.py": t}) for n, t in enumerate(edits)]
    sids = [r.snapshot_id for r in index_releases([str(r) for r in roots], db_url, jobs=1)]
    with Store.open(db_url) as store:
        refs = [store.facts.referenced_names(sid) for sid in sids]
        with store.engine.connect() as conn:
            k = s.set_keys
            stored = conn.execute(select(k.c.key).where(k.c.kind == factblobs.KEY_REF)).scalars().all()
    assert refs[0] == refs[1] == {f"_load_{i}" for i in range(30)}
    assert sorted(stored) == sorted([*refs[1], *refs[2]])  # 30 + 30 (before: 30 + 30 + 30)
    assert refs[2] == refs[1] - {"_load_0"} | {"_load_x"}  # before: '_load_0' found too


def test_a_history_counts_each_release_s_callers_from_the_code_facts_in_memory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In one run of releases each release's raise sites' callers are counted from code facts in
    memory: its parsed files' and, for the files it reused, the release before's
    (``pipeline.carry_code``), not every file's stored facts decoded again because some were
    reused; the counts are those the stored facts give (a run one release after another counts
    every release from them)."""
    from errdex.pipeline import index_releases
    from errdex.store.facts import FactReader

    edited = PACKAGE["shop/api.py"].replace("    _validate(cart)\n", "    return audit(cart)\n")
    v1 = write_package(tmp_path / "v1" / "shop")
    v2 = write_package(
        tmp_path / "v2" / "shop", {"shop/api.py": edited + "\n\ndef audit(cart):\n    return cart\n"}
    )
    readers: list[str] = []
    real = FactReader.with_code

    def with_code(self: FactReader, sid: int, code: object) -> FactReader:
        got = real(self, sid, code)  # type: ignore[arg-type]
        readers.append(type(got).__name__)
        return got

    monkeypatch.setattr(FactReader, "with_code", with_code)
    dbs = [str(tmp_path / "overlapped.db"), str(tmp_path / "sequential.db")]
    runs = [index_releases([str(v1), str(v2)], dbs[0], jobs=1)]
    assert [r.reused for r in runs[0]] == [0, 3]  # the second release parsed api.py alone
    assert readers == ["ExtractedFacts", "ExtractedFacts"]
    runs.append(index_releases([str(v1), str(v2)], dbs[1], jobs=1, overlap=False))
    counts = []
    for db, run in zip(dbs, runs, strict=True):
        with Store.open(db) as store:
            counts.append([store.site_callers(r.snapshot_id) for r in run])
    assert counts[0] == counts[1]
    assert counts[0][0] != counts[0][1]  # the edit removed a call of ``_validate``


def test_a_key_memo_holds_the_keys_values_keep_and_at_most_its_capacity() -> None:
    """``KeyMemo`` holds a content's keys but its references (kept in no value, so not among
    the keys ``own_keys`` reads back), by producer, and drops the oldest stored past its bound."""
    from errdex.store import factblobs as fb
    from errdex.store.keysets import KeyMemo

    memo = KeyMemo(capacity=2)
    memo.put("p", {"a": {(fb.KEY_CALL, "f"), (fb.KEY_REF, "g")}, "b": {(fb.KEY_FUNCTION, "h")}})
    assert memo.get("p", "a") == {(fb.KEY_CALL, "f")} and memo.get("other", "a") is None
    memo.put("p", {"c": set()})
    assert memo.get("p", "a") is None and memo.get("p", "b") == {(fb.KEY_FUNCTION, "h")}
    assert memo.get("p", "c") == frozenset()
