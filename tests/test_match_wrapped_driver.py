"""A database driver's error (compiled code: sqlite3) that a library re-raises as its own class
from a context manager (peewee's ``with __exception_wrapper__:``) is answered at the library's
call the driver raised under, as any call into compiled code is: even when a function the
traceback runs through raises the pasted class with other words (the message is one the
catalogue knows as the driver's own), when the frame is read off pytest's long report (no
``File`` header; the function named by the listing's ``def`` line), and when the frame's line
is another release's (the one call written alike in a function of the frame's name). Each on a
real catalogue of a small package indexed here (``index_helpers.package_matcher``)."""

from __future__ import annotations

from pathlib import Path

from index_helpers import first, package_matcher

from errdex.match.matcher import _dotted_calls
from errdex.match.parse import parse

_DB = """\
import sqlite3


class DatabaseError(Exception):
    pass


class OperationalError(DatabaseError):
    pass


class IntegrityError(DatabaseError):
    pass


class ExceptionWrapper:
    def __init__(self, exceptions):
        self.exceptions = exceptions

    def __enter__(self):
        pass

    def __exit__(self, exc_type, exc_value, traceback):
        if exc_type is None:
            return
        new_type = self.exceptions.get(exc_type.__name__)
        if new_type is not None:
            raise new_type(exc_value, *exc_value.args).with_traceback(traceback)


__exception_wrapper__ = ExceptionWrapper({"OperationalError": OperationalError})


class Database:
    def connect(self):
        if self.conn is not None:
            raise OperationalError("Connection already opened.")
        with __exception_wrapper__:
            self.conn = self._connect()
            self._add_conn_hooks(self.conn)

    def close(self):
        if self.in_transaction:
            raise OperationalError("Attempting to close database while a transaction is open.")
        self.conn.close()

    def _add_conn_hooks(self, conn):
        self._set_pragmas(conn)

    def insert_or_get(self, row):
        try:
            return self.insert(row)
        except IntegrityError as exc:
            found = self.lookup(row)
            if found is None:
                raise exc
            return found

    def run_script(self, conn, script):
        try:
            conn.executescript(script)
        except Exception as err:
            if self.strict:
                raise OperationalError("The script failed in strict mode.")
            raise err

    def _set_pragmas(self, conn):
        cursor = conn.cursor()
        for pragma, value in self.pragmas:
            cursor.execute("PRAGMA %s = %s;" % (pragma, value))


class SqliteDatabase(Database):
    def _connect(self):
        conn = sqlite3.connect(self.database, timeout=self.timeout,
                               isolation_level=None)
        return conn


class ServerDatabase(Database):
    def _connect(self):
        return self.adapter.connect(self.database)
"""

_FILES = {"pkg/__init__.py": "", "pkg/db.py": _DB}
_SITE = "/venv/lib/python3.9/site-packages/pkg/db.py"


def _line(text: str) -> int:
    """The line of ``_DB`` holding ``text``."""
    return next(i for i, ln in enumerate(_DB.splitlines(), 1) if text in ln)


_SET_PRAGMAS = _line('cursor.execute("PRAGMA')
_SQLITE_CONNECT = _line("conn = sqlite3.connect(")


def _call_answer(root: Path, text: str) -> tuple[str, int, str]:
    """Where the first answer to ``text`` puts the call the driver raised under, on a catalogue
    of ``_FILES``: it must be a call answer, approximate, the message sqlite3's own."""
    with package_matcher(root, _FILES) as m:
        res = m.explain(text)
    call = first(res)
    assert call.is_call and call.approximate and res.builtin is not None
    return call.path, call.line, call.function


def _traceback(call: str, *frames: tuple[str, str]) -> str:
    """Python 3.9's traceback (no carets) of the user's ``call`` into the package's ``frames``
    (function, statement printed: its line is the statement's in ``_DB``), ending in sqlite3's
    message under the package's class."""
    lines = ["Traceback (most recent call last):", '  File "app.py", line 4, in <module>', f"    {call}"]
    for function, statement in frames:
        lines += [f'  File "{_SITE}", line {_line(statement)}, in {function}', f"    {statement}"]
    return "\n".join([*lines, "pkg.db.OperationalError: unable to open database file"])


def test_a_driver_s_message_under_a_frame_whose_function_raises_the_class_answers_the_call(
    tmp_path: Path,
) -> None:
    # Python 3.9 (no carets): the traceback runs through ``connect``, which raises the pasted
    # class with other words; the message is sqlite3's own, so that raise is no rewording of it
    text = _traceback(
        "db.connect()",
        ("connect", "self._add_conn_hooks(self.conn)"),
        ("_add_conn_hooks", "self._set_pragmas(conn)"),
        ("_set_pragmas", 'cursor.execute("PRAGMA %s = %s;" % (pragma, value))'),
    )
    assert _call_answer(tmp_path, text) == ("pkg/db.py", _SET_PRAGMAS, "Database._set_pragmas")
    # a message of the library's own words keeps the raise of that function a candidate rewording
    other = text.replace("unable to open database file", "Connection already open")
    with package_matcher(tmp_path / "again", _FILES) as m:
        res = m.explain(other)
    assert not first(res).is_call


def test_a_frame_re_raising_in_the_last_frame_s_function_keeps_its_raise_first(tmp_path: Path) -> None:
    # the function the driver raised under caught it and raised it again (``raise err``, its
    # frame printed over the call's): its raise of the class stays a candidate for the statement
    text = _traceback(
        "db.run_script(conn, script)",
        ("run_script", "raise err"),
        ("run_script", "conn.executescript(script)"),
    )
    with package_matcher(tmp_path, _FILES) as m:
        res = m.explain(text)
    assert not first(res).is_call
    assert first(res).function == "Database.run_script"


def test_a_pytest_report_s_marked_call_of_another_release_answers_this_release_s_call(
    tmp_path: Path,
) -> None:
    # pytest's long report: the listing opens with ``def _connect``, the ``>`` line is the
    # driver call, and the location line's number is another release's (a line of ``close`` here)
    text = "\n".join(
        [
            "self = <pkg.db.SqliteDatabase object at 0x000001CDA194FD00>",
            "",
            "    def _connect(self):",
            ">       conn = sqlite3.connect(self.database, timeout=self.timeout,",
            "                               isolation_level=None)",
            "E       pkg.db.OperationalError: unable to open database file",
            "",
            f"{_SITE}:{_line('Attempting to close')}: OperationalError",
        ]
    )
    q = parse(text)
    assert [(f.function, f.line) for f in q.frames] == [("_connect", _line("Attempting to close"))]
    # of the two ``_connect`` functions calling a ``connect``, the one written ``sqlite3.connect``
    assert _call_answer(tmp_path, text) == ("pkg/db.py", _SQLITE_CONNECT, "SqliteDatabase._connect")


def test_a_re_raise_of_a_caught_driver_message_is_no_exact_answer(tmp_path: Path) -> None:
    # ``raise exc`` is the only raise of the pasted class whose template (the caught error alone)
    # fits, but the text is sqlite3's, made below any call into the driver: not that statement's
    with package_matcher(tmp_path, _FILES) as m:
        res = m.explain("pkg.db.IntegrityError: UNIQUE constraint failed: users.name")
    assert first(res).function == "Database.insert_or_get" and first(res).approximate
    assert res.outcome == "builtin"


def test_dotted_calls_read_each_callee_as_written() -> None:
    line = "conn = sqlite3.connect(self.database, timeout=self._timeout, **dict(a=1))"
    assert _dotted_calls(line) == frozenset({"sqlite3.connect", "dict"})
    assert _dotted_calls("return self._adapter.connect(x)") == frozenset({"self._adapter.connect"})
    assert _dotted_calls("x = (a)") == frozenset()


_CHAIN = """\
2022-12-16 12:56:33,241 ERROR [app.merge] (tool.run): Caught unexpected exception: The 'output_path' trait of a MergeTool instance expected a path, not the Sentinel Undefined.
Traceback (most recent call last):
  File "/venv/lib/python3.9/site-packages/traitlets/traitlets.py", line 653, in get
    value = obj._trait_values[self.name]
KeyError: 'output_path'

During handling of the above exception, another exception occurred:

Traceback (most recent call last):
  File "/home/u/app/tool.py", line 346, in run
    self.setup()
  File "/venv/lib/python3.9/site-packages/traitlets/traitlets.py", line 700, in __get__
    return self.get(obj, cls)
  File "/home/u"""


def test_a_log_record_over_a_chain_cut_in_its_last_part_is_the_error() -> None:
    q = parse(_CHAIN)
    assert q.exc_type == "log.ERROR"
    assert "The 'output_path' trait of a MergeTool instance expected a path" in q.message
    # the chain's links stay, after the record
    assert [b.exc_type for b in q.blocks[q.primary + 1 :]][:1] == ["KeyError"]


def test_a_record_stating_no_text_leaves_the_whole_link_before_the_cut() -> None:
    record = "2022-12-16 12:56:33,241 ERROR [app] Exception on /login [GET]"
    q = parse(record + _CHAIN[_CHAIN.index("\n") :])
    assert (q.exc_type, q.message) == ("KeyError", "output_path")


_STRUCTLOG = (
    '{"event": "Unrecoverable error: ContentDisallowed(\'Refusing to deserialize untrusted content\')", '
    '"exception": [{"exc_type": "ContentDisallowed", "exc_value": "Refusing to deserialize untrusted '
    'content of type pickle (application/x-python-serialize)", "frames": [{"filename": '
    '"/venv/lib/python3.11/site-packages/celery/worker/worker.py", "lineno": 202, "locals": {"exc": '
    '"\\"ContentDisallowed(\'Refusing (app\\"+30"}, "name": "start"}, {"filename": "/venv/lib/pyth'
)


def test_structlog_s_json_exception_is_the_error_whole_or_cut() -> None:
    q = parse(_STRUCTLOG)
    assert q.exc_type == "ContentDisallowed"
    assert (
        q.message
        == "Refusing to deserialize untrusted content of type pickle (application/x-python-serialize)"
    )
    # the chain's first exception is the one raised (structlog lists its cause after it), and
    # the text is read as the JSON string it is
    chained = (
        '{"event": "boom", "exception": [{"exc_type": "RuntimeError", "exc_value": "worker \\"w1\\" lost", '
        '"frames": []}, {"exc_type": "KeyError", "exc_value": "\'w1\'", "frames": []}]}'
    )
    q = parse(chained)
    assert (q.exc_type, q.message) == ("RuntimeError", 'worker "w1" lost')
