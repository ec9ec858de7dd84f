"""An exception raised with several arguments prints the repr of their tuple; an argument that is
a formatted string literal (``f"... by {Methods.name_of(code)}."``, ``"...".format(x.y)``) is a
``str`` whatever its fields hold, so repr() quotes its text and its words are the template's.
It was kept as one opaque ``{f"..."!r}`` placeholder that any quoted text fits, so such raises
took pastes of other texts of the class (issue #10, issues39's py7zr
``UnsupportedCompressionMethodError`` raises). On a real package indexed in the test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import package_matcher

from errdex.match import Matcher

CODE = """\
class UnsupportedMethodError(Exception):
    pass


class Methods:
    NAMES = {b"\\\\x03": "BCJ2"}

    @classmethod
    def name_of(cls, code):
        return cls.NAMES.get(code, "unknown")


def decompressor(coder):
    code = coder["id"]
    if code not in Methods.NAMES:
        raise UnsupportedMethodError(coder, "Unknown method id {}.".format(coder["id"]))
    raise UnsupportedMethodError(code, f"Decompression is not supported by {Methods.name_of(code)}.")


def filter_of(coder):
    raise UnsupportedMethodError(coder["id"], "Found an unknown filter id.")
"""


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    with package_matcher(tmp_path_factory.mktemp("formatted_arg_repr"), {"sevenz/__init__.py": CODE}) as m:
        yield m


def test_a_formatted_argument_prints_its_words_quoted(matcher: Matcher) -> None:
    res = matcher.explain(
        "sevenz.UnsupportedMethodError: (b'\\x03', 'Decompression is not supported by BCJ2.')"
    )
    assert res.matches, res.verdict
    top = res.matches[0]
    assert (top.function, top.approximate) == ("decompressor", False), [
        (m.line, m.template) for m in res.matches
    ]
    assert "'Decompression is not supported by " in top.template


def test_another_text_of_the_class_is_not_fitted_by_the_formatted_raise(matcher: Matcher) -> None:
    # an older release's wording no raise has: the formatted raise's words are not the paste's
    res = matcher.explain("sevenz.UnsupportedMethodError: (b'\\x03', 'Found an unknown id of method.')")
    shown = [(m.line, m.template, m.approximate) for m in res.matches]
    assert not any("Decompression" in t and not approximate for _, t, approximate in shown), shown
    assert not any("{f" in t for _, t, _ in shown), shown
    assert not res.matches or "Decompression" not in res.matches[0].template, shown
