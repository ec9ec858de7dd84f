"""A library's words put before a caught ``OSError``'s text, then the error re-raised as it is
(issue #10 item 4; runtime19 pygments-rt-001/-002).

pygments' ``HtmlFormatter._wrap_full``: ``except OSError as err: err.strerror = 'Error writing
CSS file: ' + err.strerror; raise``. Python prints ``[Errno N] <strerror>: '<filename>'``, so the
user reads the library's literal, and no record held it. Now the assignment makes a record of
the caught class, both of ``OSError``'s printed forms (with the file name and without), sited
where the traceback ends: the ``try`` body's statement that failed, the ``with`` header opening
the file when the body has several calls. Parsed, never imported."""

from __future__ import annotations

from errdex.extract import extract
from errdex.model import SourceFile

SOURCE = """\
import os


def write_css(path, text, clobber):
    try:
        if not os.path.exists(path) or clobber:
            with open(path, "w") as cf:
                cf.write(text)
    except OSError as err:
        err.strerror = "Error writing CSS file: " + err.strerror
        raise


def read_one(path):
    try:
        data = load(path)
    except OSError as exc:
        exc.strerror = "cannot read the style: " + exc.strerror
        raise


def relabel(err):
    err.strerror = "not caught here: " + err.strerror
"""


def _records() -> set[tuple[int, str, str]]:
    recs = extract([SourceFile("pkg/html.py", SOURCE.encode())], "local/pkg", jobs=1).records
    return {(r.line, r.exc_type, r.template) for r in recs if "strerror" in r.template}


def test_the_prefixed_text_is_a_record_of_the_caught_class_at_the_opening_line() -> None:
    got = _records()
    assert (7, "OSError", "[Errno {err.errno}] Error writing CSS file: {err.strerror}") in got
    assert (
        7,
        "OSError",
        "[Errno {err.errno}] Error writing CSS file: {err.strerror}: {err.filename!r}",
    ) in got


def test_a_body_of_one_call_is_the_site() -> None:
    assert {line for line, _, t in _records() if "cannot read the style" in t} == {16}


def test_an_error_not_caught_here_gives_no_record() -> None:
    assert not any("not caught here" in t for _, _, t in _records())
