"""Paste forms around an error that say where it starts and ends: a traceback in a Markdown
blockquote between the reporter's sentences, a code fence, a paragraph in italics under a bold
class line, one qualified exception line in a code span; an application's chained one-line
errors, and its own error line above a cut traceback, are other errors, tried after it."""

from __future__ import annotations

import pytest

from errdex.match.parse import parse

_QUOTED = (
    "When I run the script we receive the following error :\n"
    "\n"
    '>   File "/home/u/app/main.py", line 32, in run\n'
    ">     client.Completion.create(\n"
    '>   File "/usr/lib/python3.12/site-packages/apikit/_old.py", line 39, in __call__\n'
    ">     raise RemovedError(symbol=self._symbol)\n"
    "> apikit._old.RemovedError:\n"
    "> \n"
    "> You tried to access apikit.Completion, but this is no longer supported.\n"
    "\n"
    "The version installed by pip is 1.36.0 nowadays.\n"
)

_DELIMITED = {
    "blockquote": (
        _QUOTED,
        "apikit._old.RemovedError",
        "You tried to access apikit.Completion, but this is no longer supported.",
    ),
    "fence": (
        "The test suite has been broken for weeks with:\n\n```\nValueError: Invalid pattern: '**' can only be"
        " an entire path component\n```\n\nThis is due to a recent change in the glob rules.\n",
        "ValueError",
        "Invalid pattern: '**' can only be an entire path component",
    ),
    "italics under a bold class": (
        "Even if I install 0.28, I get\n\n**RemovedInV1**:\n\n_You tried to access apikit.Embedding, but this is"
        " no longer supported._\n\nYou probably want to update the course.",
        "RemovedInV1",
        "You tried to access apikit.Embedding, but this is no longer supported.",
    ),
    "code span among sentences": (
        "Error message shows `schemakit.exceptions.RefResolutionError: Unresolvable JSON pointer: 'defs/x'`.\n\n"
        "Do you have any idea why the pointer isn't getting resolved?",
        "schemakit.exceptions.RefResolutionError",
        "Unresolvable JSON pointer: 'defs/x'",
    ),
}


@pytest.mark.parametrize("form", list(_DELIMITED))
def test_marks_around_the_error_delimit_it_from_the_reporters_sentences(form: str) -> None:
    paste, exc_type, message = _DELIMITED[form]
    q = parse(paste)
    assert (q.exc_type, q.message) == (exc_type, message)


def test_the_blockquoted_traceback_keeps_its_frames() -> None:
    assert [f.line for f in parse(_QUOTED).frames] == [32, 39]


def test_marks_that_do_not_delimit_one_error_leave_the_paste_as_it_is() -> None:
    # the reporter quoted the frames and pasted the exception line under the quote
    q = parse(_QUOTED.replace("The version installed", "apikit._old.OtherError: the version installed"))
    assert q.exc_type == "apikit._old.OtherError"
    # pytest's marked source line is no quote of a traceback
    listing = parse(
        "    def test_x():\n>       assert f() == 2\nE       assert 1 == 2\n\ntests/test_x.py:2: AssertionError\n"
    )
    assert listing.frames[-1].source == "assert f() == 2"
    # an exception line after a fenced block may be the error: the paste stays whole
    assert "KeyError: 'second'" in parse("```\nValueError: first\n```\n\nthen:\nKeyError: 'second'\n").text
    # two qualified lines in code spans are two errors
    assert "First" in parse("First `a.errors.AError: one` then\n`b.errors.BError: two` came.\n\nWhy?").message


def test_a_paragraph_in_italics_is_read_without_the_marks() -> None:
    q = parse(
        "I get\n\n**RemovedError**:\n\n_You tried to access apikit.Embedding, but this is no longer supported._\n"
    )
    assert "_" not in q.message
    assert q.message.endswith("You tried to access apikit.Embedding, but this is no longer supported.")
    # a bare line of one CamelCase word and a colon is no class unless named like one
    note = parse("Summary:\n\n_You tried to access apikit.Embedding, but it failed._\n\nAny idea?")
    assert note.exc_type is None and "Any idea?" in note.message
    # an identifier's own marks, and a line inside a paragraph, stay
    assert parse("__init__").message == "__init__"
    assert "*a b*" in parse("rows:\n*a b*\n*c d*").message


def test_an_applications_chained_exception_lines_are_each_an_earlier_block() -> None:
    q = parse(
        "then the error is:\n"
        "schemakit.exceptions.RefResolutionError: Unresolvable JSON pointer: 'definitions/x'\n"
        "etl.errors.SchemaValidationError: failed to validate against 'design.schema'\n"
        "etl.errors.TableDesignSyntaxError: failed to validate table design for ...\n"
    )
    assert q.exc_type == "etl.errors.TableDesignSyntaxError"
    # the earliest first, as Python prints a chain; each line's own text
    assert [b.exc_types[-1] for b in q.blocks] == [
        "schemakit.exceptions.RefResolutionError",
        "etl.errors.SchemaValidationError",
        "etl.errors.TableDesignSyntaxError",
    ]
    assert q.blocks[0].message == "Unresolvable JSON pointer: 'definitions/x'"
    # an exception line further up, under a line of prose, is no part of the chain
    apart = parse(
        "then the error is:\nschemakit.exc.RefError: x\nsome output line\netl.errors.AError: one\netl.errors.BError: two\n"
    )
    assert [b.exc_types[-1] for b in apart.blocks] == ["etl.errors.AError", "etl.errors.BError"]


_CUT_TRACEBACK = (
    "Traceback (most recent call last):\n"
    '  File "/home/u/manager.py", line 105, in <module>\n'
    "    config.load_incluster_config()\n"
    '  File "/usr/lib/python3.6/site-packages/kubekit/config/incluster.py", line 73, in _load_config\n'
    '    raise ConfigException("Service token file does not exist."\n'
)


def test_an_applications_other_exception_line_above_a_cut_traceback_is_not_its_error() -> None:
    q = parse(
        "kubectl logs -f pod-1\nException: [Errno 2] No such file or directory: '/a.yaml'\n" + _CUT_TRACEBACK
    )
    assert (q.exc_type, q.message) == ("ConfigException", "Service token file does not exist.")
    # the line is still tried, after the traceback, as an earlier error
    assert any("[Errno 2]" in b.message for b in q.blocks[: q.primary])
    # a page printing the raised error above its traceback: its line is the error
    page = parse("ConfigException: Service token file does not exist.\n" + _CUT_TRACEBACK)
    assert page.exc_type == "ConfigException"
    # a logger printing the same text under a class of its own: that text is the error's
    logged = parse("Exception: Service token file does not exist.\n" + _CUT_TRACEBACK)
    assert logged.message == "Service token file does not exist."
