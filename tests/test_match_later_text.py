"""A paste of an older release whose text the indexed release goes on after (a note and a link
added), on a real catalogue indexed from fixture code: the message is the template's beginning,
ending in one of its values, and shares no key with the text the pattern is listed under. Its
weak fit is weighed by word similarity all the same (``candidates._weak_heads``), and the
template is the approximate answer instead of none."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import package_matcher

from errdex.match import Matcher

LIB = """\
def validate(name, missing, expected, received):
    msg = (
        f"Input to {name} is missing variables {missing}.  Expected: {expected} Received: {received}"
        "\\nNote: if you intended a literal brace there, please escape it with double curly braces."
        "\\nFor troubleshooting, visit: https://docs.example.org/errors/INVALID_PROMPT_INPUT"
    )
    raise KeyError(msg)


def other(path):
    raise KeyError(f"Input file {path} is missing")
"""


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    with package_matcher(tmp_path_factory.mktemp("later"), {"prompts.py": LIB}) as m:
        yield m


def test_the_beginning_of_a_template_that_goes_on_is_an_approximate_answer(matcher: Matcher) -> None:
    res = matcher.explain(
        "KeyError: \"Input to PromptTemplate is missing variables {'completion'}.  Expected: "
        "['completion', 'error', 'instructions'] Received: ['instructions', 'input', 'error']\""
    )
    assert res.matches, res.verdict
    top = res.matches[0]
    assert (top.function, top.approximate) == ("validate", True)
