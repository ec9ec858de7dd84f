"""A warning pasted with a sentence written under it (``path:line: Category: text``, the source
line ``warnings`` echoes two spaces in, a blank line, then the paster's words): the report ends at
the echo, so the sentence is no part of the message and the echo still names the warned line. A
message's own indented line between its paragraphs is kept. On a small index built here."""

from __future__ import annotations

import pytest

from errdex.match import Matcher
from errdex.match.parse import parse
from errdex.model import CatalogueEntry

TEXT = "Using `nbkit.auto.bar` in notebook mode. Use `nbkit.bar` instead to force console mode"
LOCATION = "/venv/lib/python3.13/site-packages/proj/heat.py:1: NbkitExperimentalWarning: "


def _matcher() -> Matcher:
    site = CatalogueEntry(
        key=1, error_id="auto", repo="o/nbkit", version="1.0", snapshot_date=None, kind="warning",
        exc_type="NbkitExperimentalWarning", exc_qualname=None, template=TEXT, segments=[TEXT],
        path="nbkit/auto.py", line=35, function="<module>", statement="warn(",
    )  # fmt: skip
    return Matcher.from_entries([site])


@pytest.mark.parametrize("echo", ["import nbkit.auto", "warnings.warn(", "bar = auto.bar(range(3))"])
@pytest.mark.parametrize("fence", [False, True])
def test_a_sentence_under_a_warnings_echo_is_not_its_message(echo: str, fence: bool) -> None:
    report = f"{LOCATION}{TEXT}\n  {echo}\n"
    paste = (f"```\n{report}```\n" if fence else report) + "\nThis warning shows up and is quite annoying..."
    q = parse(paste)
    assert q.exc_type == "NbkitExperimentalWarning"
    assert q.message == TEXT
    assert q.frames[-1].source == echo
    res = _matcher().explain(paste)
    assert res.matches and res.matches[0].id == "auto"
    assert not res.matches[0].approximate, res.verdict


@pytest.mark.parametrize(
    "body",
    [
        # a message's own indented line after a line that introduces it, then its next paragraph
        "Options are:\n  fast, slow\n\nPick one.",
        # an indented line that is no statement: prose set in, not an echo
        "The bar is deprecated\n  see the docs for more\n\nIt goes in 2.0.",
    ],
)
def test_a_message_of_paragraphs_keeps_its_lines(body: str) -> None:
    assert parse(f"{LOCATION}{body}").message == body


def test_an_indented_line_after_the_blank_keeps_the_lines() -> None:
    # the text after the blank line is set in: no sentence of the paster's, the lines are kept
    assert parse(f"{LOCATION}Text\n  import nbkit\n\n  more").message.endswith("more")
