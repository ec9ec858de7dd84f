"""``raise error.with_traceback(tb)`` gives a new exception the traceback of one caught: Python
prints the frames down to that raise, then the caught exception's, down to where that one was
raised. The pasted exception was raised at the ``with_traceback`` frame (a helper raising the
class its caller names, with the caught error's trail); the deepest frame is the caught error's
raise, of another class, and names no site of the pasted one. A re-raise of the caught exception
itself (six's ``reraise(*sys.exc_info())``) keeps its deepest frame: that is where it began. On
a real folder indexed in the test, with the tracebacks Python 3.13 printed for its code."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import package_matcher

from errdex.match import Matcher
from errdex.store import Store

ERRORS = """\
import sys


class SerializationError(Exception):
    pass


def raise_with_traceback(exception, message="", *args):
    exc_type, exc_value, exc_traceback = sys.exc_info()
    exc_msg = "{}, {}: {}".format(message, exc_type.__name__, exc_value)
    error = exception(exc_msg, *args)
    raise error.with_traceback(exc_traceback)


def reraise(tp, value, tb):
    raise value.with_traceback(tb)
"""

CORE = """\
import sys

from .errors import SerializationError, raise_with_traceback, reraise


def body(data):
    try:
        return parse_bool(data)
    except TypeError as err:
        raise_with_traceback(SerializationError, "Unable to build a model")


def load(data):
    try:
        return parse_bool(data)
    except TypeError:
        reraise(*sys.exc_info())


def parse_bool(attr):
    if attr not in ("true", "false"):
        raise TypeError("Invalid boolean value: {}".format(attr))
    return attr == "true"
"""

_SITE = "/venv/lib/python3.13/site-packages/serial"
_CAUGHT = f"""\
  File "{_SITE}/core.py", line 8, in body
    return parse_bool(data)
           ^^^^^^^^^^^^^^^^
  File "{_SITE}/core.py", line 22, in parse_bool
    raise TypeError("Invalid boolean value: {{}}".format(attr))"""

# ``body("maybe")``: the helper's SerializationError, raised with the TypeError's traceback
GIVEN = f"""\
Traceback (most recent call last):
  File "<string>", line 2, in <module>
  File "{_SITE}/core.py", line 10, in body
    raise_with_traceback(SerializationError, "Unable to build a model")
  File "{_SITE}/errors.py", line 12, in raise_with_traceback
    raise error.with_traceback(exc_traceback)
{_CAUGHT}
serial.errors.SerializationError: Unable to build a model, TypeError: Invalid boolean value: maybe"""

# ``load("maybe")``: the TypeError itself, raised again with its own traceback
REVIVED = f"""\
Traceback (most recent call last):
  File "<string>", line 2, in <module>
  File "{_SITE}/core.py", line 17, in load
    reraise(*sys.exc_info())
  File "{_SITE}/errors.py", line 16, in reraise
    raise value.with_traceback(tb)
  File "{_SITE}/core.py", line 15, in load
    return parse_bool(data)
           ^^^^^^^^^^^^^^^^
  File "{_SITE}/core.py", line 22, in parse_bool
    raise TypeError("Invalid boolean value: {{}}".format(attr))
TypeError: Invalid boolean value: maybe"""


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    from errdex.pipeline import index

    root = tmp_path_factory.mktemp("with_traceback")
    pkg = root / "src" / "serial"  # indexed above the package: its paths are serial/...
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "errors.py").write_text(ERRORS)
    (pkg / "core.py").write_text(CORE)
    db = str(root / "c.db")
    index(str(root / "src"), db, jobs=1)
    with Store.open(db) as store:
        yield Matcher.load(store)


@pytest.mark.parametrize("cut", [False, True])
def test_an_exception_given_a_caught_ones_traceback_was_raised_where_it_was_given(
    matcher: Matcher, cut: bool
) -> None:
    # ``cut``: the paste starts at the helper's frame, as a thread cut it
    paste = "\n".join(GIVEN.split("\n")[:1] + GIVEN.split("\n")[4:]) if cut else GIVEN
    res = matcher.explain(paste)
    assert res.matches, res.verdict
    top = res.matches[0]
    assert (top.path, top.exc_type) in {
        ("serial/core.py", "SerializationError"),
        ("serial/errors.py", "SerializationError"),
    }
    assert top.function != "parse_bool", [(m.function, m.exc_type, m.reasons) for m in res.matches]


def test_a_caught_exception_raised_again_with_its_traceback_began_at_the_deepest_frame(
    matcher: Matcher,
) -> None:
    res = matcher.explain(REVIVED)
    assert res.matches, res.verdict
    assert (res.matches[0].function, res.matches[0].exc_type) == ("parse_bool", "TypeError")
    assert not res.matches[0].approximate


# A context manager re-raising what its ``with`` block raised as the library's own class, with
# the caught error's traceback (Django's ``with self.db.wrap_database_errors:`` around a DB-API
# cursor): the frames after ``__exit__``'s raise are the caught error's trail, down to a
# backend's ``execute`` calling into the C driver. Another backend's ``execute`` that raises the
# pasted class itself is a namesake of that trail's last frame, not where this one was raised.
DB_ERRORS = """\
import sqlite3


class Error(Exception):
    pass


class IntegrityError(Error):
    pass


class DataError(Error):
    pass


class ErrorWrapper:
    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        if exc_type is None:
            return
        for ours in (DataError, IntegrityError, Error):
            if issubclass(exc_type, getattr(sqlite3, ours.__name__)):
                wrapped = ours(*exc_value.args)
                raise wrapped.with_traceback(traceback) from exc_value
"""

DB_CURSOR = """\
from .errors import ErrorWrapper


class CursorWrapper:
    def __init__(self, cursor):
        self.cursor = cursor
        self.wrap_errors = ErrorWrapper()

    def execute(self, sql, params=()):
        return self._execute(sql, params)

    def _execute(self, sql, params):
        with self.wrap_errors:
            return self.cursor.execute(sql, params)
"""

DB_SQLITE = """\
import sqlite3


class SQLiteCursor(sqlite3.Cursor):
    def execute(self, query, params=()):
        return super().execute(query, params)
"""

DB_MYSQL = """\
from ..errors import IntegrityError


class OperationalError(Exception):
    pass


class MySQLCursor:
    codes_for_integrityerror = (1048, 1690)

    def __init__(self, cursor):
        self.cursor = cursor

    def execute(self, query, args=None):
        try:
            return self.cursor.execute(query, args)
        except OperationalError as e:
            if e.args[0] in self.codes_for_integrityerror:
                raise IntegrityError(*tuple(e.args))
            raise
"""

_DB = "/venv/lib/python3.12/site-packages/dbkit"
_DB_TRAIL = f"""\
  File "{_DB}/cursor.py", line 14, in _execute
    return self.cursor.execute(sql, params)
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "{_DB}/backends/sqlite.py", line 6, in execute
    return super().execute(query, params)
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^"""
# ``CursorWrapper(SQLiteCursor(conn)).execute("INSERT ...")`` twice on a unique column, as
# Python 3.12 prints it
WRAPPED = f"""\
Traceback (most recent call last):
{_DB_TRAIL}
sqlite3.IntegrityError: UNIQUE constraint failed: users.name

The above exception was the direct cause of the following exception:

Traceback (most recent call last):
  File "app.py", line 9, in <module>
    cur.execute("INSERT INTO users VALUES ('ann')")
  File "{_DB}/cursor.py", line 10, in execute
    return self._execute(sql, params)
           ^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "{_DB}/cursor.py", line 13, in _execute
    with self.wrap_errors:
  File "{_DB}/errors.py", line 26, in __exit__
    raise wrapped.with_traceback(traceback) from exc_value
{_DB_TRAIL}
dbkit.errors.IntegrityError: UNIQUE constraint failed: users.name"""


@pytest.fixture(scope="module")
def db_matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    files = {
        "errors.py": DB_ERRORS,
        "cursor.py": DB_CURSOR,
        "backends/sqlite.py": DB_SQLITE,
        "backends/mysql.py": DB_MYSQL,
    }
    files |= {"__init__.py": "", "backends/__init__.py": ""}
    with package_matcher(
        tmp_path_factory.mktemp("wrapped_db"), {f"dbkit/{k}": v for k, v in files.items()}
    ) as m:
        yield m


def test_a_namesake_of_a_given_trails_last_frame_is_not_where_the_wrapper_raised(db_matcher: Matcher) -> None:
    res = db_matcher.explain(WRAPPED)
    got = {(m.path, m.function): m for m in res.matches}
    # the wrapper's raise, the frame that printed it, is among the answers
    assert ("dbkit/errors.py", "ErrorWrapper.__exit__") in got, [(m.path, m.function) for m in res.matches]
    other = got.get(("dbkit/backends/mysql.py", "MySQLCursor.execute"))
    # the other backend's ``execute`` is no longer read as the function of the last frame
    assert other is None or not any("the traceback's last frame" in r for r in other.reasons), other.reasons
