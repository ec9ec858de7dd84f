"""A ``!r`` value between two literals that runs over a line end is credited as what repr()
printed only when it is one bracketed repr closed at its end.

narwhals has ``f"Expected Narwhals dtype, got: {type(dtype)}.\\n\\nHint: ..."`` in one check and
``f"Expected Narwhals dtype, got: {qualified_type_name(dtype)!r}."`` in a sibling. The first
explains the whole paste; the second, its ``.`` placed at the message's end, took
``<class 'type'>.`` *and the whole Hint paragraph* as its repr'd value, counted it as explained
and ranked first. A repr ends where its bracket closes: the paragraph after it is text the
template does not explain. On a real catalogue indexed from fixture code."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import package_matcher

from errdex.match import Matcher

DTYPES = """\
def qualified_type_name(obj):
    return type(obj).__name__


def validate_dtype(dtype):
    if not isinstance(dtype, DType):
        msg = (
            f"Expected a dtype, got: {type(dtype)}.\\n\\n"
            "Hint: if you were trying to cast to a type, use e.g. Int64 instead of 'int64'."
        )
        raise TypeError(msg)


def validate_into_dtype(dtype):
    if not isinstance(dtype, DType):
        msg = f"Expected a dtype, got: {qualified_type_name(dtype)!r}."
        raise TypeError(msg)


def check_shape(arr):
    raise ValueError(f"Expected a square matrix, got: {arr!r}.")


class DType:
    pass
"""

HINT = "Hint: if you were trying to cast to a type, use e.g. Int64 instead of 'int64'."


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    files = {"frames/__init__.py": "", "frames/dtypes.py": DTYPES}
    with package_matcher(tmp_path_factory.mktemp("reprlines"), files) as m:
        yield m


def test_a_repr_followed_by_a_paragraph_is_not_one_value(matcher: Matcher) -> None:
    res = matcher.explain(f"TypeError: Expected a dtype, got: <class 'type'>.\n\n{HINT}")
    assert res.matches, res.verdict
    assert res.matches[0].function == "validate_dtype", [m.function for m in res.matches]


def test_the_repr_template_still_answers_its_own_message(matcher: Matcher) -> None:
    res = matcher.explain("TypeError: Expected a dtype, got: 'type'.")
    assert res.matches and res.matches[0].function == "validate_into_dtype"


def test_a_bracketed_repr_over_lines_is_still_one_value(matcher: Matcher) -> None:
    res = matcher.explain("ValueError: Expected a square matrix, got: array([[1, 2, 3],\n       [4, 5, 6]]).")
    assert res.matches and res.matches[0].function == "check_shape"
    assert not res.matches[0].approximate
