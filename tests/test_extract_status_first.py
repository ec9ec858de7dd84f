"""A class outside the codebase raised with a status code first and its words second (a web
framework's ``HTTPError(404, "no such file: %r" % path)``): the words are the site's template,
not the number, so a paste of the class's printed text (``HTTP 404: Not Found (no such file:
'a.ipynb')``, its framing unknown to the catalogue) finds the raise that wrote them. A number
alone, or a second argument without words, keeps the first argument as before."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from index_helpers import package_matcher

from errdex.extract import extract
from errdex.match import Matcher
from errdex.model import SourceFile

SOURCE = """\
from tornado import web


class Manager:
    def get(self, path):
        four_o_four = "file or directory does not exist: %r" % path
        if not self.exists(path):
            raise web.HTTPError(404, four_o_four)  # <- named_words
        if self.is_dir(path):
            raise web.HTTPError(400, f"{path} is a directory, not a file")  # <- literal_words
        return path

    def save(self, model, path):
        if "type" not in model:
            raise web.HTTPError(400, "No file type provided")  # <- other_site
        raise web.HTTPError(500)  # <- code_only

    def check(self, code, reason):
        raise web.HTTPError(code, "kernel does not exist")  # <- code_named

    def relay(self, detail):
        raise web.HTTPError(403, detail)  # <- no_words
"""

_MARK = re.compile(r"# <- (\w+)")


def _templates(source: str = SOURCE) -> dict[str, set[str]]:
    """The templates of each marked statement of ``source``."""
    marks = {m.group(1): i for i, line in enumerate(source.split("\n"), 1) if (m := _MARK.search(line))}
    ex = extract([SourceFile("nbserve/manager.py", source.encode())], "local/nbserve", jobs=1)
    return {
        name: {r.template for r in ex.records if r.line <= at <= r.end_line} for name, at in marks.items()
    }


def test_the_words_after_a_status_code_are_the_template() -> None:
    got = _templates()
    assert got["named_words"] == {"file or directory does not exist: {path!r}"}
    assert got["literal_words"] == {"{path} is a directory, not a file"}
    assert got["other_site"] == {"No file type provided"}
    # (before: ``404``, ``400``, ``400``: the status code read as the message)


def test_a_call_without_a_literal_status_or_without_words_is_unchanged() -> None:
    got = _templates()
    assert got["code_only"] == {"500"}
    assert got["code_named"] == {"{code}"}
    assert got["no_words"] == {"403"}


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    """One catalogue of both modules: each paste finds its own raise among the other's."""
    files = {"nbserve/__init__.py": "", "nbserve/manager.py": SOURCE, "nbserve/types.py": CODE_FIRST}
    with package_matcher(tmp_path_factory.mktemp("status_first"), files) as m:
        yield m


def test_the_printed_framing_around_the_words_finds_the_raise(matcher: Matcher) -> None:
    res = matcher.explain(
        "tornado.web.HTTPError: HTTP 404: Not Found (file or directory does not exist: 'missing.ipynb')"
    )
    assert res.matches, "no match"
    first = res.matches[0]
    assert first.template == "file or directory does not exist: {path!r}"
    res = matcher.explain("tornado.web.HTTPError: HTTP 400: Bad Request (No file type provided)")
    assert res.matches[0].template == "No file type provided"


# A validation library's error class constructed with a symbolic error code first and the
# printed sentence second (``CustomError("color_error", "value is not a valid color: ...")``),
# the sentence's ``{field}`` slots filled at print time from the values handed after it.
CODE_FIRST = """\
from pydantic_core import PydanticCustomError
from vendor import errors


def parse_colour(value):
    raise PydanticCustomError('color_error', 'value is not a valid color: string not recognised')  # <- code_words


def check_mac(value, required):
    raise PydanticCustomError(
        'mac_address_len',
        'Length for a {mac_address} MAC address must be {required_length}',
        {'mac_address': value, 'required_length': required},
    )  # <- code_fields


def check_isbn(n):
    raise errors.Invalid('isbn_length', f'Length for ISBN must be 10 or 13 digits, not {n}')  # <- code_fstring


def tag(key, value):
    raise errors.Invalid('key', 'value')  # <- two_codes


def lang(key):
    raise errors.Invalid('Language not supported', key)  # <- words_first
"""


def test_the_words_after_an_error_code_are_the_template() -> None:
    got = _templates(CODE_FIRST)
    # (before: ``color_error``, ``mac_address_len``, ``isbn_length``: the code read as the message)
    assert got["code_words"] == {"value is not a valid color: string not recognised"}
    assert got["code_fstring"] == {"Length for ISBN must be 10 or 13 digits, not {n}"}


def test_the_slots_of_words_given_their_values_after_them_are_placeholders() -> None:
    ex = extract([SourceFile("nbserve/types.py", CODE_FIRST.encode())], "local/nbserve", jobs=1)
    (rec,) = [r for r in ex.records if r.function == "check_mac"]
    assert rec.segments == ["Length for a ", "mac_address", " MAC address must be ", "required_length", ""]


def test_a_first_argument_of_words_or_a_second_without_them_is_unchanged() -> None:
    got = _templates(CODE_FIRST)
    assert got["two_codes"] == {"key"}
    assert got["words_first"] == {"Language not supported"}


def test_a_pasted_sentence_after_an_error_code_finds_its_raise(matcher: Matcher) -> None:
    res = matcher.explain("PydanticCustomError: Length for a 00:1A:2B MAC address must be 14")
    assert res.matches, "no match"
    assert res.matches[0].template == "Length for a {mac_address} MAC address must be {required_length}"
