"""bench/not_found_shapes.py: the shape a truth's statement is counted under (acc137)."""

from __future__ import annotations

import sqlite3
import zipfile
from pathlib import Path

import pytest
from bench_helpers import load_bench

nfs = load_bench("not_found_shapes")


@pytest.mark.parametrize(
    ("statement", "above", "want"),
    [
        # a call into compiled code, an assert, a helper's call: no raise on the line
        ("return _quadpack._qagse(func, a, b)", [], "not a raise"),
        ("assert self.limit", [], "not a raise"),
        # an error object taken from a queue and raised, its class only in the isinstance test
        (
            "raise response",
            ["response = q.get()", "if isinstance(response, ErrorTypes):"],
            "raise of a built object, isinstance guard",
        ),
        ("raise exc.with_traceback(tb)", ["typ, exc, tb = clean_exception(e)"], "raise of a built object"),
        ("raise self._error", [], "raise of a built object"),
        ("raise final_exc from source_exc", [], "raise of a built object"),
        # a class raised bare is a class, not an object built elsewhere
        ("raise ClosedResourceError", [], "other raise"),
        ("raise UnexpectedResponse.for_response(response)", [], "raise of an alternative constructor"),
        ("raise jsonschema.SchemaError.create_from(error)", [], "raise of an alternative constructor"),
        # a constant mapping of classes looked up is no class's constructor
        ("raise HTTP_EXCEPTIONS.get(code, TransportError)(", [], "other raise"),
        (
            "raise ParseException(instring, loc, self.errmsg, self)",
            [],
            "raise of an instance attribute's message",
        ),
        ('raise ValueError(f"bad {x}")', [], "other raise"),
    ],
)
def test_shape_of_a_truth_s_statement(statement: str, above: list[str], want: str) -> None:
    assert nfs.shape(statement, above) == want


def test_an_isinstance_test_further_up_is_no_guard_of_the_raise() -> None:
    above = ["if isinstance(x, int):", "    pass", "y = 1", "err = make()"]
    assert nfs.shape("raise err", above) == "raise of a built object"


def test_the_library_s_own_wheel_is_read_before_another_holding_the_path(tmp_path: Path) -> None:
    for name, text in (("aaa-1.0-py3-none-any.whl", "other\n"), ("my_lib-2.0-py3-none-any.whl", "own\n")):
        with zipfile.ZipFile(tmp_path / name, "w") as z:
            z.writestr("pkg/mod.py", text)
    assert nfs.Sources(tmp_path).lines("my-lib", "pkg/mod.py") == ["own"]
    assert nfs.Sources(tmp_path).lines("unknown", "pkg/mod.py") == ["other"]
    assert nfs.Sources(tmp_path).lines("my-lib", "pkg/absent.py") is None


def test_records_at_a_line_are_read_from_the_catalogue_s_occurrences(tmp_path: Path) -> None:
    db = tmp_path / "s.db"
    con = sqlite3.connect(db)
    con.execute("CREATE TABLE errors (id TEXT, exc_type TEXT, template TEXT, path TEXT)")
    con.execute("CREATE TABLE occurrences (error_id TEXT, line INTEGER)")
    con.execute("INSERT INTO errors VALUES ('e1', '<unknown>', '{response}', 'a/b.py')")
    con.execute("INSERT INTO occurrences VALUES ('e1', 75)")
    con.commit()
    con.close()
    assert nfs._records(db, "a/b.py", 75) == [("<unknown>", "{response}")]
    assert nfs._records(db, "a/b.py", 76) == []
    assert nfs._records(tmp_path / "absent.db", "a/b.py", 75) == []
