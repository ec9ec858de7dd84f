"""Two readings the issues48-issues68 set's untuned misses showed (docs/measurements/iss68.md).

1. An exception line printed above a traceback cut before its own error line, its class one a
   package's exceptions module qualifies but not named like an exception
   (``django.core.exceptions.SynchronousOnlyOperation: You cannot call this ...``), then a
   server's timestamped record introducing the traceback (``2024-06-18 05:53:46 [ERROR   ]
   (log.log_response) Internal Server Error: /path``): the class is trusted as one named
   ``...Error`` is, and its text ends where the log's next record starts.

2. A log record opened by the backtick of a Markdown code span that the line does not close
   (```` `2024-07-18 10:38:54,111 ERROR [core.cli.main] Uncaught exception: <text>````), above
   a traceback cut inside its frames: the record is read as the program printed it, its text
   the error's.

3. An exception line in a reST inline literal inside a sentence (``with the error:
   ``pkg.exc.DetachedInstanceError: Instance <X> is not bound ...``. I was ...``): the span
   opened by two backticks closes at two, so its text is the error's line.

4. A paragraph of its own that is one code span followed by the sentence's period, the message
   quoting a name in backticks of its own (```` `AssertionError: Cannot use `Query` for path
   param 'x'`. ````), between the reporter's paragraphs: the span's whole text is the error.

On real catalogues indexed from a fixture package shaped like that."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import first, package_matcher

from errdex.match import Matcher
from errdex.match.parse import parse

EXCEPTIONS = """\
class SynchronousOnlyOperation(Exception):
    pass


class MissingGreenlet(Exception):
    pass
"""

GUARD = """\
from glib.exceptions import SynchronousOnlyOperation


def check_sync():
    raise SynchronousOnlyOperation(
        "You cannot call this from an async context - use a thread or sync_to_async."
    )
"""

CONCURRENCY = """\
from glib.exceptions import MissingGreenlet


def await_(awaitable):
    raise MissingGreenlet(
        "greenlet_spawn has not been called; can't call await_() "
        "here. Was IO attempted in an unexpected place?"
    )
"""

ENGINE = """\
from glib.concurrency import await_


class Connection:
    def execute(self, statement):
        if statement is None:
            raise ValueError("This connection was given no statement to run.")
        return await_(statement)
"""

FRAMES = """\
Traceback (most recent call last):
  File "/venv/lib/python3.11/site-packages/glib/views.py", line 34, in inner
    response = get_response(request)
  File "/venv/lib/python3.11/site-packages/glib/engine.py", line 8, in execute
    return await_(statement)"""

SYNC_TEXT = "You cannot call this from an async context - use a thread or sync_to_async."

# the exception's own line first, then the server's record and its traceback, cut in the frames
CLASS_OVER_RECORD = f"""\
glib.core.exceptions.SynchronousOnlyOperation: {SYNC_TEXT}
2024-06-18 05:53:46 [ERROR   ] (log.log_response) Internal Server Error: /api/settings/
{FRAMES}"""

GREENLET_TEXT = (
    "greenlet_spawn has not been called; can't call await_only() here. Was IO attempted in an "
    "unexpected place? (Background on this error at: https://example.org/e/20/xd2s)"
)

# a record whose line a code span's stray backtick opens, then the traceback, cut in the frames
TICKED_RECORD = f"""\
`2024-07-18 10:38:54,111 ERROR [core.cli.main] Uncaught exception: {GREENLET_TEXT}
{FRAMES}"""

PACKAGE = {"exceptions": EXCEPTIONS, "guard": GUARD, "concurrency": CONCURRENCY, "engine": ENGINE}


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    files = {f"glib/{mod}.py": code for mod, code in {"__init__": "", **PACKAGE}.items()}
    with package_matcher(tmp_path_factory.mktemp("iss68_rules"), files) as m:
        yield m


def test_a_class_of_an_exceptions_module_above_the_frames_is_the_error() -> None:
    q = parse(CLASS_OVER_RECORD)
    assert q.exc_type == "glib.core.exceptions.SynchronousOnlyOperation"
    # the server's record under the exception line is the log's next record, not its text
    assert q.message == SYNC_TEXT


def test_a_class_of_another_module_is_no_error_line_on_its_name_alone() -> None:
    # ``glib.core.views.SynchronousOnlyOperation`` is no exceptions module's class: a one-humped
    # label there is not trusted over the record
    q = parse(CLASS_OVER_RECORD.replace("glib.core.exceptions.", "glib.core.views.", 1))
    assert q.exc_type != "glib.core.views.SynchronousOnlyOperation"


def test_the_exception_line_above_the_record_finds_its_raise(matcher: Matcher) -> None:
    top = first(matcher.explain(CLASS_OVER_RECORD))
    assert top.function == "check_sync"
    assert not top.approximate


def test_a_record_behind_a_code_spans_backtick_is_read_as_a_record() -> None:
    q = parse(TICKED_RECORD)
    assert q.kind == "log"
    assert q.message.startswith("Uncaught exception: greenlet_spawn has not been called")


def test_a_backtick_closed_on_its_line_is_left_to_the_code_span_rules() -> None:
    q = parse("`2024-07-18 10:38:54,111 ERROR [core.cli.main] boom` and then\nmore prose here")
    assert "`" in q.text.split("\n")[0]


def test_the_ticked_record_over_a_cut_traceback_finds_its_raise(matcher: Matcher) -> None:
    top = first(matcher.explain(TICKED_RECORD))
    assert top.function == "await_"


def test_an_exception_line_in_a_double_backtick_literal_is_the_error() -> None:
    q = parse(
        "with the error: ``glib.orm.exc.DetachedInstanceError: Instance <Obj at 0x7f3d> is not "
        "bound to a Session; attribute refresh cannot proceed``. I was looking at the page."
    )
    assert q.exc_type == "glib.orm.exc.DetachedInstanceError"
    assert q.message == "Instance <Obj at 0x7f3d> is not bound to a Session; attribute refresh cannot proceed"


SPAN_PARAGRAPH = """\
A new version came out yesterday, and it stops the app from running.
When I run `uvicorn app.main:app` I get:

`AssertionError: Cannot use `Query` for path param 'TileMatrixSetId'`.

Installing the previous version fixes the issue"""


def test_a_span_paragraph_with_its_period_and_inner_ticks_is_the_error() -> None:
    q = parse(SPAN_PARAGRAPH)
    assert q.exc_type == "AssertionError"
    assert q.message == "Cannot use `Query` for path param 'TileMatrixSetId'"
