"""Bulk reads and writes of ``store.copy`` on SQLite: the fast paths store and find exactly
what SQLAlchemy's own statements would."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import (
    JSON,
    Boolean,
    Column,
    Engine,
    Integer,
    MetaData,
    String,
    Table,
    create_engine,
    insert,
    select,
)

from errdex.jsontext import encoder
from errdex.store import schema as s
from errdex.store.copy import (
    IN_CHUNK,
    RETURNING_CHUNK,
    all_valid,
    insert_dicts,
    insert_keys_with,
    insert_returning_ids,
    insert_values,
    intern_ids,
    select_in,
    valid_text,
)

META = MetaData()


def _table(name: str, with_default: bool = False) -> Table:
    cols = [
        Column("id", Integer, primary_key=True, autoincrement=True),
        Column("key", String(32), nullable=False),
        Column("data", JSON, nullable=False),
        Column("flag", Boolean, nullable=False),
    ]
    if with_default:
        cols.append(Column("note", String(8), default="dflt"))
    return Table(name, META, *cols)


FAST, PLAIN, DEFAULTED = _table("fast"), _table("plain"), _table("defaulted", with_default=True)
NAMES = Table(
    "names",
    META,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String, nullable=False, unique=True),
)


def _rows(n: int) -> list[dict[str, object]]:
    return [
        {"key": f"k{i:05d}é", "data": {"i": i, "names": [f"n{i}", None], "s": "ü\n"}, "flag": i % 3 == 0}
        for i in range(n)
    ]


@pytest.fixture
def engine(tmp_path: Path) -> Iterator[Engine]:
    engine = create_engine(f"sqlite:///{tmp_path / 'copy.db'}")
    META.create_all(engine)
    yield engine
    engine.dispose()


def test_insert_dicts_stores_what_an_insert_would(engine: Engine) -> None:
    rows = _rows(1200)
    with engine.begin() as conn:
        insert_dicts(conn, FAST, rows)
        conn.execute(insert(PLAIN), rows)
        fast = conn.exec_driver_sql("SELECT id, key, data, flag FROM fast ORDER BY id").fetchall()
        plain = conn.exec_driver_sql("SELECT id, key, data, flag FROM plain ORDER BY id").fetchall()
    assert len(fast) == 1200
    assert fast == plain  # same ids, same JSON text, booleans as the same integers


def test_insert_dicts_fills_python_side_defaults(engine: Engine) -> None:
    with engine.begin() as conn:
        insert_dicts(conn, DEFAULTED, _rows(3))
        notes = conn.execute(select(DEFAULTED.c.note)).scalars().all()
    assert notes == ["dflt", "dflt", "dflt"]


def test_select_in_long_and_short_key_lists_agree(engine: Engine) -> None:
    n = 3 * IN_CHUNK + 7
    with engine.begin() as conn:
        insert_dicts(conn, FAST, _rows(n))
        wanted = [f"k{i:05d}é" for i in range(0, n, 2)] + ["absent", "k99999é"]
        long = select_in(conn, (FAST.c.key, FAST.c.id), FAST.c.key, wanted)
        short = []
        for i in range(0, len(wanted), 100):  # under IN_CHUNK: the plain IN lists
            short += select_in(conn, (FAST.c.key, FAST.c.id), FAST.c.key, wanted[i : i + 100])
        flagged = select_in(conn, (FAST.c.key,), FAST.c.key, wanted, FAST.c.flag.is_(True))
    assert len(wanted) - 2 > IN_CHUNK
    assert sorted(long) == sorted(short)
    assert {k for k, _ in long} == {f"k{i:05d}é" for i in range(0, n, 2)}
    assert sorted(k for (k,) in flagged) == sorted(f"k{i:05d}é" for i in range(0, n, 2) if i % 3 == 0)


def test_insert_returning_ids_gives_the_ids_the_catalogue_holds(engine: Engine) -> None:
    first = [f"name{i}é" for i in range(7)]
    more = [f"more{i}" for i in range(2 * RETURNING_CHUNK + 3)]  # several statements
    with engine.begin() as conn:
        a = insert_returning_ids(conn, NAMES, first)
        b = insert_returning_ids(conn, NAMES, more)
        stored = {str(k): int(v) for k, v in conn.execute(select(NAMES.c.name, NAMES.c.id))}
        assert insert_returning_ids(conn, NAMES, []) is None
    assert a is not None and b is not None
    assert a.keys() == set(first) and b.keys() == set(more)
    assert {**a, **b} == stored  # each key with the id its row was given


def test_intern_ids_gives_the_ids_insert_returning_ids_would_and_stores_each_key_once(
    tmp_path: Path, engine: Engine
) -> None:
    """Keys new to the table are inserted in key order, whatever order they come in: the same
    rows and ids as ``insert_returning_ids`` of the sorted new keys (the writer's other way)."""
    first = [f"name{i}é" for i in range(7)][::-1]
    more = [*first[:3], *(f"more{i}" for i in range(2 * RETURNING_CHUNK + 3))]  # old and new keys
    other = create_engine(f"sqlite:///{tmp_path / 'other.db'}")
    META.create_all(other)
    with engine.begin() as conn, other.begin() as them:
        a = intern_ids(conn, NAMES, first)
        b = intern_ids(conn, NAMES, [*more, *more[:5]])  # a key given twice is one row
        ours = [tuple(r) for r in conn.execute(select(NAMES.c.id, NAMES.c.name).order_by(NAMES.c.id))]
        ra = insert_returning_ids(them, NAMES, sorted(first))
        rb = insert_returning_ids(them, NAMES, sorted(set(more) - set(first)))
        theirs = [tuple(r) for r in them.execute(select(NAMES.c.id, NAMES.c.name).order_by(NAMES.c.id))]
    other.dispose()
    assert a is not None and b is not None and ra is not None and rb is not None
    assert ours == theirs
    ids = {name: i for i, name in theirs}
    assert a == ra == {name: ids[name] for name in first}
    assert b == {name: ids[name] for name in more}


def test_insert_dicts_of_columns_that_process_nothing_stores_the_values_as_given(engine: Engine) -> None:
    runs = Table(
        "runs", MetaData(), Column("a", Integer, primary_key=True), Column("b", Integer), Column("c", Integer)
    )
    one = Table("one", MetaData(), Column("a", Integer, primary_key=True))
    runs.create(engine)
    one.create(engine)
    rows = [{"a": i, "b": i * 2, "c": None} for i in range(5)]
    with engine.begin() as conn:
        insert_dicts(conn, runs, rows)
        insert_dicts(conn, one, [{"a": 3}, {"a": 1}])
        assert [dict(r) for r in conn.execute(select(runs).order_by(runs.c.a)).mappings()] == rows
        assert sorted(conn.scalars(select(one.c.a))) == [1, 3]


def test_insert_dicts_scrubs_text_columns_as_an_insert_would(engine: Engine) -> None:
    """A text column that is all valid is written as given; one value with a lone surrogate
    sends the column through the per-value scrubbing, the way SQLAlchemy's INSERT does; a JSON
    column's text is ``json.dumps``'s."""
    scrubbed = Table(
        "scrubbed",
        MetaData(),
        Column("id", Integer, primary_key=True),
        Column("a", s.Text),
        Column("b", s.String(16)),
        Column("j", s.ScrubbedJSON),
    )
    scrubbed.create(engine)
    rows: list[dict[str, object]] = [
        {"id": i, "a": a, "b": b, "j": j}
        for i, (a, b, j) in enumerate(
            [
                ("plain", "b\udc80ad", ["x", {"k": "é"}]),
                ("ü é", None, ["\udc80", 1]),
                (None, "", {"n": None}),
                ("", "ok", []),
            ]
        )
    ]
    with engine.begin() as conn:
        insert_dicts(conn, scrubbed, rows)
        got = conn.exec_driver_sql("SELECT id, a, b, j FROM scrubbed ORDER BY id").fetchall()
        conn.exec_driver_sql("DELETE FROM scrubbed")
        conn.execute(insert(scrubbed), rows)
        want = conn.exec_driver_sql("SELECT id, a, b, j FROM scrubbed ORDER BY id").fetchall()
    assert got == want
    assert got[0][2] == "b\ufffdad" and got[1][1] == "ü é" and got[2][1] is None


def test_insert_values_stores_what_insert_dicts_and_an_insert_would(engine: Engine) -> None:
    """Rows as tuples in a column order of their own: the same rows, ids and JSON text as
    SQLAlchemy's INSERT of them as dicts (``insert_dicts`` takes this way too)."""
    rows = _rows(600)
    cols = ("flag", "data", "key")
    with engine.begin() as conn:
        insert_values(conn, FAST, cols, [tuple(r[c] for c in cols) for r in rows])
        insert_values(conn, DEFAULTED, cols, [tuple(r[c] for c in cols) for r in rows[:3]])
        insert_values(conn, FAST, cols, [])
        conn.execute(insert(PLAIN), rows)
        fast = conn.exec_driver_sql("SELECT id, key, data, flag FROM fast ORDER BY id").fetchall()
        plain = conn.exec_driver_sql("SELECT id, key, data, flag FROM plain ORDER BY id").fetchall()
        notes = conn.execute(select(DEFAULTED.c.note)).scalars().all()
    assert len(fast) == 600 and fast == plain
    assert notes == ["dflt", "dflt", "dflt"]  # a Python-side default still filled in


def test_insert_keys_with_stores_the_rows_an_insert_of_each_would(engine: Engine) -> None:
    runs = Table(
        "key_runs",
        MetaData(),
        Column("k", Integer, primary_key=True),
        Column("repo", Integer, primary_key=True),
        Column("first", Integer, primary_key=True),
        Column("last", Integer),
    )
    runs.create(engine)
    keys = [3, 1, 2**40, 7, *range(100, 2100)]
    with engine.begin() as conn:
        assert insert_keys_with(conn, runs, "k", keys, (("repo", 5), ("first", 9), ("last", 9)))
        assert insert_keys_with(conn, runs, "k", [], (("repo", 5), ("first", 9), ("last", 9)))
        got = conn.exec_driver_sql("SELECT rowid, k, repo, first, last FROM key_runs").fetchall()
    assert sorted(r[1:] for r in got) == sorted((k, 5, 9, 9) for k in keys)


def test_all_valid_is_true_only_where_valid_text_changes_nothing() -> None:
    """True: each value is handed back as it is (the column needs no scrubbing). False for a
    lone surrogate anywhere, even two that would pair in UTF-16, and, erring safe, for a value
    of another type the join cannot take."""
    valid: list[object] = ["a", "é", "", None, 0, False]
    invalid: list[object] = ["\udc80", "x\udfff", "\ud800\udc00"]
    for v in valid:
        assert all_valid(["ok", v, "é"]) and valid_text(v) is v
    for v in invalid:
        assert not all_valid(["ok", v, "é"]) and valid_text(v) != v
    assert all_valid([]) and not all_valid(["\ud800", "\udc00"])
    assert not all_valid(["a", 3]) and not all_valid([b"x"])  # per value instead: the same values


@pytest.mark.parametrize("ensure_ascii", [True, False])
@pytest.mark.parametrize("separators", [(", ", ": "), (",", ":")])
def test_the_reused_encoder_writes_json_dumps_text(ensure_ascii: bool, separators: tuple[str, str]) -> None:
    values: list[object] = [
        [],
        {},
        "s",
        ["a", 1, 2.5, -0.0, 10**30, None, True, False, float("inf")],
        {"k": ["é", "\udc80", '\n\t"\\', {"1": [[]]}], "2": ("t", "u")},
        {1: "int key", None: "none key", False: "bool key", 2.5: "float key"},
    ]
    encode = encoder(ensure_ascii=ensure_ascii, separators=separators)
    for v in values:
        assert encode(v) == json.dumps(v, ensure_ascii=ensure_ascii, separators=separators)
