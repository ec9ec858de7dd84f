"""A module-qualified class pasted (``google.protobuf.text_format.ParseError``, issues47-issues67's
protobuf titles) whose module raises it through a call on an object (``raise
tokenizer.ParseErrorPreviousToken(...)``, a method returning the error): the catalogue cannot
name that raise's class, while a sibling module's namesake (``json_format.ParseError``, raised
with the same words and more) agrees by its name. The module Python printed is the raise's own
file, so that raise counts the class as agreeing, and its text (cut short, its period lost)
ranks it first."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from index_helpers import first, package_matcher

from errdex.match import Matcher

TEXT_FMT = """\
class ParseError(Exception):
    pass


class Tokenizer:
    def __init__(self, line, column):
        self.line, self.column = line, column

    def ParseErrorPreviousToken(self, message):
        return ParseError("%d:%d : %s" % (self.line + 1, self.column + 1, message))


def merge_field(tokenizer, message_name, name):
    raise tokenizer.ParseErrorPreviousToken(
        'Message type "%s" has no field named "%s".' % (message_name, name)
    )
"""

JSON_FMT = """\
class ParseError(Exception):
    pass


def convert_field(message_name, name, path, fields):
    raise ParseError(
        'Message type "{0}" has no field named "{1}" at "{2}".\\n'
        ' Available Fields(except extensions): "{3}"'.format(message_name, name, path, fields)
    )
"""


@pytest.fixture(scope="module")
def formats(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    files = {"fmtpkg/__init__.py": "", "fmtpkg/text_fmt.py": TEXT_FMT, "fmtpkg/json_fmt.py": JSON_FMT}
    with package_matcher(Path(tmp_path_factory.mktemp("modclass")), files) as m:
        yield m


def test_the_module_the_class_names_answers_over_a_sibling_namesake(formats: Matcher) -> None:
    res = formats.explain(
        'Error: fmtpkg.text_fmt.ParseError: 173:32 :Message type "protos.SeqAttMap" has no field named "3"'
    )
    assert (first(res).path, first(res).function) == ("fmtpkg/text_fmt.py", "merge_field"), [
        (m.path, m.reasons) for m in res.matches
    ]


def test_the_sibling_module_named_keeps_its_own_raise(formats: Matcher) -> None:
    res = formats.explain(
        'fmtpkg.json_fmt.ParseError: Message type "protos.SeqAttMap" has no field named "3" at "x".\n'
        " Available Fields(except extensions): \"['a']\""
    )
    assert first(res).path == "fmtpkg/json_fmt.py"


@pytest.fixture(scope="module")
def src_layout(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    """The same package in a checkout's ``src/`` layout: its files are stored as
    ``src/fmtpkg/...`` while Python prints the class as ``fmtpkg.text_fmt.ParseError``."""
    files = {
        "src/fmtpkg/__init__.py": "",
        "src/fmtpkg/text_fmt.py": TEXT_FMT,
        "src/fmtpkg/json_fmt.py": JSON_FMT,
    }
    with package_matcher(Path(tmp_path_factory.mktemp("modclass_src")), files) as m:
        yield m


def test_a_src_layout_file_is_the_module_python_printed(src_layout: Matcher) -> None:
    res = src_layout.explain(
        'Error: fmtpkg.text_fmt.ParseError: 173:32 :Message type "protos.SeqAttMap" has no field named "3"'
    )
    assert (first(res).path, first(res).function) == ("src/fmtpkg/text_fmt.py", "merge_field"), [
        (m.path, m.reasons) for m in res.matches
    ]
