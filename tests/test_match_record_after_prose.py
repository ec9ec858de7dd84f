"""A log record pasted under the reporter's sentence, a blank line between them, whose message a
narrow window wrapped onto a second line: no line introduces it (the sentence ends in no ``:``),
so the whole paste was read as one message and the record's text fitted only approximately. A
record that opens a line after a blank line starts a paste of its own: read from that line on,
it answers exactly. A sentence right above the record, no blank line between them, is not read
apart. On a small index built here."""

from __future__ import annotations

import pytest

from errdex.match import Matcher
from errdex.match.parse import introduced_lines
from errdex.model import CatalogueEntry

TEMPLATE = "Clock skew from {host} may mean clocks are out of sync.  Current skew is {skew} seconds."
SEGMENTS = [
    "Clock skew from ",
    "host",
    " may mean clocks are out of sync.  Current skew is ",
    "skew",
    " seconds.",
]
RECORD = (
    "[2013-11-18 13:42:09,672: WARNING/MainProcess] Clock skew from node@w1 may mean clocks are out of"
    " sync.  Current skew is\n53998 seconds."
)


def _matcher() -> Matcher:
    site = CatalogueEntry(
        key=1, error_id="skew", repo="o/queuekit", version="1.0", snapshot_date=None, kind="log",
        exc_type="log.WARNING", exc_qualname=None, template=TEMPLATE, segments=SEGMENTS,
        path="queuekit/events/state.py", line=109, function="_warn_skew", statement="warn(SKEW_WARNING,",
    )  # fmt: skip
    return Matcher.from_entries([site])


@pytest.mark.parametrize("fence", [False, True])
def test_a_wrapped_record_under_a_sentence_answers_exactly(fence: bool) -> None:
    body = f"```\n{RECORD}\n```" if fence else RECORD
    res = _matcher().explain(f'however, got exactly the same "clock skew"\n\n{body}')
    assert res.matches and res.matches[0].id == "skew"
    assert not res.matches[0].approximate, res.verdict


def test_the_record_alone_answers_exactly() -> None:
    res = _matcher().explain(RECORD)
    assert res.matches and res.matches[0].id == "skew" and not res.matches[0].approximate


def test_a_record_after_a_blank_line_is_a_start_and_text_right_above_is_not() -> None:
    lines = ["however, got the same", "", RECORD.split("\n")[0], RECORD.split("\n")[1]]
    assert introduced_lines(lines)[0] == 2
    assert 1 not in introduced_lines([lines[0], *lines[2:]])
