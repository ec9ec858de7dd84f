"""A raise whose template holds a caught error's text in a placeholder with more lines after it
(``raise ValueError(f"Cannot get the text.\\n{e}\\nCandidate:\\n{dump}") from e``), pasted down
to the caught text only: the paste opens with the wrapper's words and ends inside its ``{e}``.
The inner raise's template explains the rest of the paste from end to end, but the error the
user saw was the wrapper's: with the inner message in that placeholder the two explain all of
the paste as the wrapper's cut-short text. On a real catalogue indexed from fixture code."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import first, package_matcher

from errdex.match import Matcher

LIB = """\
class Content:
    def __init__(self, parts):
        self.parts = parts

    @property
    def text(self):
        if not self.parts:
            raise ValueError(
                "Response candidate content has no parts (and thus no text). "
                "The candidate is likely blocked by the safety filters.\\n"
                f"Content:\\n{self.dump()}"
            )
        return self.parts[0]

    def dump(self):
        return repr(self.parts)


class Candidate:
    def __init__(self, content):
        self.content = content

    @property
    def text(self):
        try:
            return self.content.text
        except ValueError as e:
            raise ValueError(
                "Cannot get the Candidate text.\\n"
                f"{e}\\n"
                "Candidate:\\n"
                f"{self.dump()}"
            ) from e

    def dump(self):
        return repr(self.content)

    def finish_reason(self):
        try:
            return self.content.parts[-1]
        except IndexError as e:
            raise ValueError(f"Cannot get the finish reason of a candidate with no parts: {e}") from e
"""

INNER = (
    "Response candidate content has no parts (and thus no text). "
    "The candidate is likely blocked by the safety filters.\nContent:\n"
)


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    with package_matcher(tmp_path_factory.mktemp("cutwrap"), {"genai/models.py": LIB}) as m:
        yield m


@pytest.mark.parametrize("tail", ["", "[]"])
def test_a_paste_cut_inside_the_caught_text_names_the_wrapper(matcher: Matcher, tail: str) -> None:
    res = matcher.explain(f"ValueError: Cannot get the Candidate text.\n{INNER}{tail}")
    top = first(res)
    assert top.function == "Candidate.text", (top.function, top.reasons)
    assert any("lines after it are cut" in r for r in top.reasons)
    # the inner raise explains the paste's tail: second
    assert res.matches[1].function == "Content.text"


def test_the_inner_message_alone_is_the_inner_raise(matcher: Matcher) -> None:
    top = first(matcher.explain(f"ValueError: {INNER}[]"))
    assert top.function == "Content.text" and not top.approximate
    assert not any("lines after it are cut" in r for r in top.reasons)


def test_the_wrappers_words_alone_are_no_wrapped_message(matcher: Matcher) -> None:
    # the wrapper's opening line and another text in its placeholder: no inner template holds it
    res = matcher.explain(
        "ValueError: Cannot get the Candidate text.\nsomething else entirely went wrong here"
    )
    assert not any("lines after it are cut" in r for m in res.matches for r in m.reasons)
