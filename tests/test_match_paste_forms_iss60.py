"""Paste forms of issues60 that hid which line is the error. A container's or a script's level
label before the exception line, ``FATAL: pkg.SomeError: text``, above a traceback cut before
its own error line: the label hid the class, so a log record nearer the frames (``INFO:app:...``)
was read as the error and the answer came from the frames alone. And Django's debug page copied
from a browser: its summary is a table, so each row is a label, a tab and the cell, the value's
cell (a ``<pre>``) comes on the line under its label, and an issue may quote the whole page in
Markdown, where the quote's ``>`` read as pytest's marks of a source line and left no text at
all. The pastes are small synthetic ones; the real cases are issues60's sqlalchemy-001 and
requests-005 (docs/measurements/iss60.md)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import first, package_matcher

from errdex.match import Matcher
from errdex.match.parse import _node_id, parse

LIB = """\
class ArgumentError(Exception):
    pass


class TooManyRedirects(Exception):
    pass


def _no_text_coercion(element):
    raise ArgumentError(
        "Textual SQL expression %(expr)r should be explicitly declared as text(%(expr)r)"
        % {"expr": element}
    )


def expect(role, element):
    return _no_text_coercion(element)


def resolve_redirects(resp, max_redirects):
    raise TooManyRedirects(f"Exceeded {max_redirects} redirects.")
"""

TEXTUAL = "Textual SQL expression 'VACUUM' should be explicitly declared as text('VACUUM')"

# the traceback a setup script printed after its own log records, cut inside a frame's path
CUT = (
    "INFO:config:...creating database tables\n"
    "Traceback (most recent call last):\n"
    '  File "/app/api/models.py", line 619, in create_db\n'
    "    session.execute(query)\n"
    '  File "/usr/local/lib/python3.12/site-packages/mylib/coercions.py", line 18, in expect\n'
    "    return _no_text_coercion(element)\n"
    '  File "/usr/local/lib/python3.12/site-packages/myl'
)


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    with package_matcher(tmp_path_factory.mktemp("iss60"), {"mylib/coercions.py": LIB}) as m:
        yield m


@pytest.mark.parametrize("level", ["FATAL", "ERROR", "CRITICAL"])
def test_a_level_label_before_the_exception_line_above_a_cut_traceback(level: str) -> None:
    q = parse(f"{level}: mylib.exc.ArgumentError: {TEXTUAL}\n{CUT}")
    assert (q.exc_type, q.message) == ("mylib.exc.ArgumentError", TEXTUAL)
    assert q.frames[-1].function == "expect"


def test_a_labelled_exception_line_is_found_above_a_cut_traceback(matcher: Matcher) -> None:
    top = first(matcher.explain(f"FATAL: mylib.exc.ArgumentError: {TEXTUAL}\n{CUT}"))
    assert top.function == "_no_text_coercion"


def test_a_level_label_before_words_is_no_exception_line() -> None:
    # ``ERROR: `` before a sentence names no class: the cut traceback has no error line
    q = parse(f"ERROR: the database could not be prepared\n{CUT}")
    assert q.exc_type != "mylib.exc.ArgumentError"
    assert TEXTUAL not in q.message


# the summary table of Django's debug page as a browser copies it: label, tab, cell
PAGE = (
    "TooManyRedirects at /pointer/init\n"
    "Exceeded 30 redirects.\n"
    "Request Method:\tGET\n"
    "Request URL:\thttp://localhost:8000/pointer/init\n"
    "Django Version:\t1.9.6\n"
    "Exception Type:\tTooManyRedirects\n"
    "Exception Value:\t\n"
    "Exceeded 30 redirects.\n"
    "Exception Location:\t/srv/env/lib/python3.4/site-packages/mylib/coercions.py in resolve_redirects, line 22\n"
    "Python Executable:\t/srv/env/bin/python\n"
    "Python Version:\t3.4.4\n"
    "Traceback Switch to copy-and-paste view\n"
    "\n"
    "/srv/env/lib/python3.4/site-packages/django/core/handlers/base.py in get_response\n"
    "                    response = wrapped_callback(request, *callback_args, **callback_kwargs) ...\n"
    "▶ Local vars\n"
    "/srv/app/pointer/views.py in init\n"
    "    resp = requests.get('http://example.org/api/init') ..."
)

PROSE = "I call my own app from the server:\n\n```\n    resp = requests.get(url)\n```\n\n"


def quoted(text: str) -> str:
    return "\n".join("> " + ln if ln else ">" for ln in text.split("\n"))


@pytest.mark.parametrize("paste", [PAGE, PROSE + quoted(PAGE)])
def test_a_django_page_copied_from_a_browser(paste: str) -> None:
    q = parse(paste)
    assert (q.exc_type, q.message) == ("TooManyRedirects", "Exceeded 30 redirects.")


def test_a_django_value_on_its_labels_line_runs_to_the_next_row() -> None:
    # the value in the row's cell, on the label's line, over two lines; the table's next row ends it
    q = parse(
        "Exception Type:\tValueError\n"
        "Exception Value:\tinvalid literal\nfor int()\n"
        "Exception Location:\t/srv/app/views.py in index, line 3\n"
    )
    assert (q.exc_type, q.message) == ("ValueError", "invalid literal\nfor int()")


def test_a_quoted_django_page_is_found(matcher: Matcher) -> None:
    top = first(matcher.explain(PROSE + quoted(PAGE)))
    assert top.function == "resolve_redirects"


# pytest's warnings summary under a reporter's sentence: the test's id holds parameters whose
# ids keep a string value's spaces (pytest escapes a line break as ``\n``, a space stays)
SUMMARY = (
    "This is the warning pandas raises when running the test suite:\n\n"
    "tests/test_util.py::test_import_lab[beat-1.0 1\\n3.0 2-ints0-y0-True]\n"
    "  /srv/env/lib/python3.12/site-packages/jams/util.py:94: ChainedAssignmentError: "
    "A value is being set on a copy of a DataFrame or Series through chained assignment.\n"
    "  Such chained assignment never works to update the original DataFrame or Series.\n"
    '    data["duration"][:-1] = data.loc[:, 0].diff()[1:].values\n'
)


def test_a_summary_entry_under_a_test_id_with_spaced_parameters() -> None:
    q = parse(SUMMARY)
    assert q.exc_type == "ChainedAssignmentError"
    assert q.message.startswith("A value is being set on a copy of a DataFrame or Series")
    assert "test_import_lab" not in q.message and "This is the warning" not in q.message


def test_a_blank_outside_the_brackets_is_no_test_id() -> None:
    # the parameters' brackets may hold blanks, closed at the line's end; the path and the
    # names before them may not, and an id without blanks stays one as before
    assert _node_id("tests/test_util.py::test_import_lab[beat-1.0 1\\n3.0 2-ints0]")
    assert _node_id("tests/test_util.py::TestLab::test_import[ints0]")
    assert _node_id("tests/test_util.py::test_import_lab")
    for line in (
        "see tests/test_util.py::test_import_lab[ints0]",
        "tests/test_util.py::test_import_lab and more",
        "tests/test_util.py::test_import_lab[beat-1.0 1",
        "my tests.py::test_x[a b]",
    ):
        assert not _node_id(line), line
