"""An error box (Streamlit's) that prints an exception whose text has several paragraphs, then
a bare ``Traceback:`` header and the user's frames only: the text starts at the ``Class: text``
line opening the first paragraph, not at the paragraph right above the header (issues55-issues76,
streamlit's ``DuplicateWidgetID: There are multiple widgets ...`` over its ``To fix this`` advice)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from index_helpers import package_matcher

from errdex.match import Matcher
from errdex.match.parse import parse

ERRORS = """\
class WidgetKeyClash(Exception):
    def __init__(self, key):
        super().__init__(
            f"There are multiple widgets with the same key='{key}'.\\n\\n"
            "To fix this, please make sure that the key argument is unique for each widget you create."
        )


class FormKeyClash(Exception):
    pass


def register(key, seen):
    if key in seen:
        raise WidgetKeyClash(key)
    seen.add(key)


def register_form(key, seen):
    if key in seen:
        raise FormKeyClash(
            "To fix this, please make sure that the key argument is unique for each widget you create."
        )
"""

BOX = (
    "After the last commit I get this error every time a message is sent\n"
    "\n"
    "```\n"
    "WidgetKeyClash: There are multiple widgets with the same key='input_text_0'.\n"
    "\n"
    "To fix this, please make sure that the key argument is unique for each widget you create.\n"
    "\n"
    "Traceback:\n"
    'File "C:\\\\Users\\\\u\\\\gui\\\\chat_app.py", line 86, in <module>\n'
    "    user_input = input_placeholder.text_input(\n"
    "                 ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
    "```"
)


def test_the_box_text_starts_at_its_class_line() -> None:
    q = parse(BOX)
    assert q.exc_type == "WidgetKeyClash"
    assert q.message.startswith("There are multiple widgets with the same key='input_text_0'.")
    assert q.message.rstrip().endswith("unique for each widget you create.")


def test_one_paragraph_box_is_unchanged() -> None:
    # the paragraph right above the header opens with the class line: nothing above is read
    q = parse(
        "Some prose: here\n\nWidgetKeyClash: There are multiple widgets\nTraceback:\n"
        'File "/app/a.py", line 1, in <module>\n    f()\n'
    )
    assert (q.exc_type, q.message) == ("WidgetKeyClash", "There are multiple widgets")


def test_prose_above_a_classless_box_is_not_its_text() -> None:
    # no ``Class: text`` line opens a paragraph above: the last paragraph alone, as before
    q = parse(
        "I see this:\n\nsomething went wrong here\n\nTraceback:\n"
        'File "/app/a.py", line 1, in <module>\n    f()\n'
    )
    assert "I see this" not in q.message


@pytest.fixture(scope="module")
def widgets(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    files = {"boxpkg/__init__.py": "", "boxpkg/errors.py": ERRORS}
    with package_matcher(Path(tmp_path_factory.mktemp("box")), files) as m:
        yield m


def test_the_box_names_the_raise_of_its_class(widgets: Matcher) -> None:
    res = widgets.explain(BOX)
    assert res.matches, res.verdict
    assert (res.matches[0].path, res.matches[0].function) == ("boxpkg/errors.py", "register"), [
        (x.function, x.reasons) for x in res.matches
    ]
