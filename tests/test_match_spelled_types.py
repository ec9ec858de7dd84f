"""An error line with more than one ``Name: `` prefix before its text, on a real catalogue
indexed from fixture code: Python prints the class once, so the class names after the first are
the message's own when a library writes them into its text (read as printed:
``parse.printed_prefixes``, ``Matcher._as_printed``); a template that only absorbs such a name in
a placeholder is not taken for one that spells it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import package_matcher

from errdex.match import Matcher

LIB = """\
class APIConnectionError(Exception):
    pass


def mapped(provider, message):
    raise APIConnectionError(f"lib.APIConnectionError: APIConnectionError: {provider}Exception - {message}")


def mocked(error):
    raise ValueError(f"Mock completion response failed - {error}")


def relabel(kind, detail):
    raise RuntimeError(f"{kind}: {detail} in the input stream")
"""


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    with package_matcher(tmp_path_factory.mktemp("spelled"), {"mapping.py": LIB}) as m:
        yield m


def test_class_names_the_template_spells_are_its_text(matcher: Matcher) -> None:
    res = matcher.explain(
        "lib.exceptions.APIConnectionError: lib.APIConnectionError: APIConnectionError: "
        "OpenAIException - Mock completion response failed - 'str' object cannot be interpreted"
    )
    top = res.matches[0]
    assert (top.function, top.approximate) == ("mapped", False)
    assert top.template == "lib.APIConnectionError: APIConnectionError: {provider}Exception - {message}"


def test_a_placeholder_taking_the_class_name_is_not_spelling_it(matcher: Matcher) -> None:
    # ``{kind}: {detail} in the input stream`` fits the text with "RuntimeError: ValueError: "
    # on, whole, but writes no class name itself: the fit is no sign the library spelled them
    res = matcher.explain(
        "lib.WrapError: RuntimeError: ValueError: the size of the buffer is wrong in the input stream"
    )
    assert not any(m.function == "relabel" and not m.approximate for m in res.matches)
