"""A class object printed into a message (``f"..., not {type(value)}"``, ``{value.__class__}``)
shows ``<class 'str'>``: what ``repr()`` of the class prints. Its value is credited as a repr'd
value is (``{value!r}``): a template spelling the option's name as literal text and printing the
class explains all of ``wtimeout must be an integer, not <class 'str'>``, and ranks above a
shared helper's ``{option} must be an integer, not {value!r}`` whose name is a placeholder
(pymongo's ``WriteConcern`` and ``validate_zlib_compression_level``). On a real catalogue
indexed from fixture code."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import package_matcher

from errdex.match import Matcher
from errdex.match.verify import repr_shown

HELPERS = """\
def validate_level(option, value):
    try:
        return int(value)
    except Exception:
        raise TypeError(f"{option} must be an integer, not {value!r}") from None


def validate_name(option, value):
    if not isinstance(value, str):
        raise TypeError(f"{option} must be a string, not {value!r}")
    return value
"""

CONCERN = """\
class WriteConcern:
    def __init__(self, wtimeout=None, tag=None):
        if wtimeout is not None and not isinstance(wtimeout, int):
            raise TypeError(f"wtimeout must be an integer, not {type(wtimeout)}")
        if tag is not None and not isinstance(tag, str):
            raise TypeError(f"tag must be a string, not {tag.__class__}")
        self.wtimeout = wtimeout
"""


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    files = {"mongoish/__init__.py": "", "mongoish/helpers.py": HELPERS, "mongoish/concern.py": CONCERN}
    with package_matcher(tmp_path_factory.mktemp("typerepr"), files) as m:
        yield m


def test_a_type_placeholder_is_credited_as_a_repr(matcher: Matcher) -> None:
    res = matcher.explain("TypeError: wtimeout must be an integer, not <class 'str'>")
    assert res.matches, res.verdict
    assert res.matches[0].function == "WriteConcern.__init__", [m.function for m in res.matches]
    assert not res.matches[0].approximate
    assert "besides the values shown through repr()" in res.matches[0].reasons[0]


def test_a_class_attribute_placeholder_is_credited_as_a_repr(matcher: Matcher) -> None:
    res = matcher.explain("TypeError: tag must be a string, not <class 'int'>")
    assert res.matches, res.verdict
    assert res.matches[0].function == "WriteConcern.__init__", [m.function for m in res.matches]
    assert res.matches[0].line == 6


def test_the_helper_still_answers_its_own_option(matcher: Matcher) -> None:
    # another option's name: only the helper's template fits it
    res = matcher.explain("TypeError: compressionLevel must be an integer, not 'high'")
    assert res.matches and res.matches[0].function == "validate_level"


def test_which_placeholders_print_a_repr() -> None:
    assert repr_shown("value!r")
    assert repr_shown("type(value)")
    assert repr_shown("type( self.value )")
    assert repr_shown("value.__class__")
    # a class's name is a bare name, not a repr; a call with arguments makes a new class
    assert not repr_shown("type(value).__name__")
    assert not repr_shown("type(name, bases, ns)")
    assert not repr_shown("types(value)")
    assert not repr_shown("value")
