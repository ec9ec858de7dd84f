"""A public function that catches its parser's error, keeps it, and raises a new error of the
same class from its text after the ``try`` (regex's ``_compile``: ``except error as e:
caught_exception = e`` ... ``raise error(caught_exception.msg, ...)``). The new error is first
raised there, with no chain, so the deepest library frame of the user's traceback is that
re-raise whatever parser raise wrote the words. On a real catalogue indexed from a small
package: the re-raise is recorded with every text of the class (``resolve.copy_to_reraises``);
a message pasted alone names it first when the parser's raise cannot reach the user otherwise
(its module is private to the package), and right after the raise that wrote the words when it
can (a public module's raise, called directly too). A relay holds the texts of the raises its
``try`` can reach: in the modules of the functions it calls, and in those they load."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import package_matcher

from errdex.match import Matcher

ERRORS = """\
class error(Exception):
    def __init__(self, msg, pattern=None, pos=None):
        self.msg = msg
        self.pattern = pattern
        self.pos = pos
        super().__init__(msg)
"""

CORE = """\
from pkg._errors import error


class Source:
    def __init__(self, text):
        self.text = text
        self.pos = 0

    def expect(self, ch):
        if self.text[self.pos:self.pos + 1] != ch:
            raise error("missing closing bracket for the character set", self.text, self.pos)
        self.pos += 1


def parse_escape(source):
    raise error("bad escape sequence in the pattern text", source.text, source.pos)
"""

UTIL = """\
from pkg._errors import error


def clean(text):
    if not text:
        raise error("empty text cannot be prepared for matching")
    return text.strip()
"""

MAIN = """\
from pkg import _core, _util
from pkg._errors import error


def compile(pattern):
    caught = None
    try:
        source = _core.Source(pattern)
        source.expect("[")
        _core.parse_escape(source)
    except error as e:
        caught = e
    if caught:
        raise error(caught.msg, caught.pattern, caught.pos)  # <- kept
    return pattern


def prepare(text):
    try:
        return _util.clean(text)
    except error as e:
        raise error(e.args[0]) from None  # <- util
"""

PUBLIC = """\
from pkg._errors import error


def validate(text):
    if not text.isascii():
        raise error("only plain ascii text is accepted by validate")
    return text


def run(text):
    try:
        return validate(text)
    except error as e:
        raise error(e.args[0])  # <- public
"""


def _line(text: str, source: str) -> int:
    return next(i for i, s in enumerate(source.splitlines(), 1) if text in s)


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    files = {
        "pkg/__init__.py": "",
        "pkg/_errors.py": ERRORS,
        "pkg/_core.py": CORE,
        "pkg/main.py": MAIN,
        "pkg/checks.py": PUBLIC,
        "pkg/_util.py": UTIL,
    }
    with package_matcher(tmp_path_factory.mktemp("kept"), files) as m:
        yield m


@pytest.mark.parametrize(
    "text", ["missing closing bracket for the character set", "bad escape sequence in the pattern text"]
)
def test_a_private_modules_text_names_the_re_raise_of_the_kept_error_first(
    matcher: Matcher, text: str
) -> None:
    res = matcher.explain(f"pkg._errors.error: {text}")
    got = [(m.path.rpartition("/")[2], m.function, m.line) for m in res.matches[:2]]
    assert got[0] == ("main.py", "compile", _line("# <- kept", MAIN)), res.matches[:3]
    assert got[1][:2] == ("_core.py", "Source.expect" if "bracket" in text else "parse_escape")
    # ``checks.run`` and ``main.prepare`` relay the class too, but their ``try`` calls only
    # functions whose modules never load ``_core`` (``prepare``'s own module does): not its text
    assert all(m.function not in ("run", "prepare") for m in res.matches), res.matches


def test_a_relay_holds_the_texts_of_what_its_try_calls(matcher: Matcher) -> None:
    res = matcher.explain("pkg._errors.error: empty text cannot be prepared for matching")
    got = [(m.path.rpartition("/")[2], m.function) for m in res.matches[:2]]
    assert got == [("main.py", "prepare"), ("_util.py", "clean")], res.matches[:3]


def test_a_public_modules_text_names_its_raise_then_the_re_raise(matcher: Matcher) -> None:
    res = matcher.explain("pkg._errors.error: only plain ascii text is accepted by validate")
    got = [(m.path.rpartition("/")[2], m.function) for m in res.matches[:2]]
    assert got == [("checks.py", "validate"), ("checks.py", "run")], res.matches[:3]
