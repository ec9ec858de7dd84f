"""Lower-case class lines (``error:``, ``re.error:``) and the standard library's own raise of a
text a library also writes (issue #10, acc90)."""

from __future__ import annotations

from pathlib import Path

import pytest
from index_helpers import package_matcher
from test_match_rules import entry

from errdex.match import Matcher
from errdex.match.parse import parse
from errdex.match.score import outside_library

# --- the standard library's frames ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "outside"),
    [
        ("C:\\Python36-x64\\lib\\sre_parse.py", True),  # a Windows install's ``Lib``, lower-cased
        ("c:\\python27\\lib\\json\\decoder.py", True),
        ("C:\\Python311\\Lib\\re\\_parser.py", True),
        ("/usr/lib/python3.12/re/_parser.py", True),
        ("D:\\Anaconda\\lib\\site-packages\\regex\\_regex_core.py", False),
        ("C:\\proj\\lib\\mything.py", False),  # a project's own ``lib``: no standard module's name
        ("C:\\proj\\lib\\mypkg\\json.py", False),
    ],
)
def test_windows_lower_case_lib_is_the_standard_library(path: str, outside: bool) -> None:
    assert outside_library(path) is outside


ESCAPE = entry(["bad escape (end of pattern)"], exc_type="error", path="rx/_core.py", function="parse_escape")
STDLIB_TB = (
    "Traceback (most recent call last):\n"
    '  File "C:\\Python36-x64\\lib\\re.py", line 317, in _compile_repl\n'
    '  File "C:\\Python36-x64\\lib\\sre_parse.py", line 896, in parse_template\n'
    '  File "C:\\Python36-x64\\lib\\sre_parse.py", line 245, in __next\n'
    "{source}"
    "error: {message}\n"
)
AT_24 = "bad escape (end of pattern) at position 24"


@pytest.mark.parametrize("source", ["", '    raise source.error("bad escape (end of pattern)")\n'])
def test_the_standard_librarys_own_raise_rules_out_a_librarys_copy(source: str) -> None:
    # the whole text, as the library writes it: only the frames tell the two raises apart
    res = Matcher.from_entries([ESCAPE]).explain(
        STDLIB_TB.format(source=source, message="bad escape (end of pattern)")
    )
    assert res.matches and all(x.approximate for x in res.matches)
    assert any(r.startswith("traceback ends outside the library") for r in res.matches[0].reasons)


def test_a_stored_error_re_raised_by_the_standard_library_keeps_the_librarys_raise() -> None:
    # ``raise self._exception`` (a worker's error handed back): the text is the library's
    tb = STDLIB_TB.format(source="    raise self._exception\n", message="bad escape (end of pattern)")
    res = Matcher.from_entries([ESCAPE]).explain(tb)
    assert res.matches[0].path == "rx/_core.py" and not res.matches[0].approximate


# --- lower-case class lines -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "exc_type", "message"),
    [
        # ends a traceback
        (STDLIB_TB.format(source="", message=AT_24), "error", AT_24),
        # a standard library module's class, pasted alone
        ("re.error: missing ), unterminated subpattern at position 15", "re.error", "missing ), unterminated subpattern at position 15"),
        ("socket.gaierror: [Errno -2] Name or service not known", "socket.gaierror", "[Errno -2] Name or service not known"),
        # under the ``raise`` line that raises it
        ('raise error("bad escape %s" % ch)\nrx._core.error: bad escape \\d at position 7', "rx._core.error", "bad escape \\d at position 7"),
        # ... with a blank line the paste put between
        ('raise error("bad escape %s" % ch)\n\nerror: bad escape \\d', "error", "bad escape \\d"),
    ],
)  # fmt: skip
def test_a_lower_case_class_line_is_the_class(text: str, exc_type: str, message: str) -> None:
    q = parse(text)
    assert (q.exc_type, q.message) == (exc_type, message)


@pytest.mark.parametrize(
    "text",
    [
        "error: could not find the config file",  # a program's ``error:`` line, no traceback
        "uvicorn.error: Exception in ASGI application",  # a logger's name, not a class
        "warning: deprecated option",
    ],
)
def test_a_lower_case_prose_line_names_no_class(text: str) -> None:
    q = parse(text)
    assert q.exc_type is None and q.message == text


def test_a_lower_case_line_between_frames_is_the_source_it_shows() -> None:
    # source printed unindented under a frame has the next frame under it; the exception line none
    text = (
        "Traceback (most recent call last):\n"
        '  File "app.py", line 3, in main\n'
        "error: bad = check(x)\n"
        '  File "lib.py", line 9, in check\n'
        "ValueError: x is negative\n"
    )
    q = parse(text)
    assert q.exc_type == "ValueError" and q.frames[0].source == "error: bad = check(x)"


# --- a standard-library module's class named by a frameless paste ------------------------------------

REREAD = """\
from struct import error as StructError, unpack


def shape(b_io):
    try:
        kind = unpack("<i", b_io.read(4))[0]
    except StructError as e:
        raise e
    return kind
"""


def test_a_standard_library_class_is_not_the_sole_raise_of_a_library_re_raising_it(tmp_path: Path) -> None:
    # ``struct.error`` comes from every ``unpack`` call: the library's one re-raise of a caught
    # one may be where it passed, but the paste says nothing that makes it the exact answer
    with package_matcher(tmp_path, {"shp.py": REREAD}) as m:
        res = m.explain("struct.error: unpack requires a buffer of 32 bytes")
    assert all(x.approximate for x in res.matches), [(x.path, x.line, x.approximate) for x in res.matches]
