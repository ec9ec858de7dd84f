"""A log that prints one error once per item (a crawler's ``Unsupported URL scheme 'mailto':
...`` then ``... 'about': ...``) pastes several lines of one raise's text with other values.
Joined, they fit no template whole and read only approximately; each line read alone fits the
same raise exactly, so the paste is that raise's text repeated (``Matcher._repeated``). A line
that fits another raise, or none exactly, keeps the message as it was read."""

from __future__ import annotations

import pytest
from test_match_rules import entry, top

from errdex.match import Matcher

# (template segments, file, function, class): a handler's raise of an unknown scheme, and the
# request's raise of a url with none
_SITES = (
    (["Unsupported URL scheme '", "scheme", "': ", "reason", ""], "crawlkit/handlers.py", "Handlers.download", "NotSupported"),
    (["Missing scheme in request url: ", "url", ""], "crawlkit/request.py", "Request._set_url", "ValueError"),
)  # fmt: skip


def _kit() -> Matcher:
    return Matcher.from_entries(
        [entry(seg, path=path, function=fn, exc_type=cls) for seg, path, fn, cls in _SITES]
    )


_MAILTO_ABOUT = (
    "Unsupported URL scheme 'mailto': no handler available for that scheme\n"
    "Unsupported URL scheme 'about': no handler available for that scheme"
)


@pytest.mark.parametrize(
    ("message", "said"),
    [
        (_MAILTO_ABOUT, "one raise's text repeated"),
        # a log viewer's heading (Home Assistant's Logger:/Source: block), a blank line, then
        # the records: the last paragraph is one raise's text repeated
        (
            "Logger: crawlkit.handlers\n"
            "Source: /usr/local/lib/python3.13/site-packages/crawlkit/handlers.py:88\n"
            "First occurred: May 17, 2025 at 15:25:23 (7639 occurrences)\n\n" + _MAILTO_ABOUT,
            "last paragraph",
        ),
    ],
)
def test_one_raise_text_repeated_on_each_line_is_that_raise_exactly(message: str, said: str) -> None:
    res = _kit().explain(message)
    assert top(res).function == "Handlers.download", [(m.function, m.approximate) for m in res.matches]
    assert not top(res).approximate
    assert top(res).values == {"scheme": "mailto", "reason": "no handler available for that scheme"}
    assert said in res.verdict


def test_lines_that_name_their_class_are_read_alike() -> None:
    res = _kit().explain(
        "NotSupported: Unsupported URL scheme 'ftp': no handler\n"
        "NotSupported: Unsupported URL scheme 'data': no handler\n"
        "NotSupported: Unsupported URL scheme 'file': no handler"
    )
    assert top(res).function == "Handlers.download"
    assert not top(res).approximate


def test_lines_of_two_raises_stay_as_read() -> None:
    res = _kit().explain(
        "Unsupported URL scheme 'mailto': no handler available for that scheme\n"
        "Missing scheme in request url: //example.com/a"
    )
    assert "one raise's text repeated" not in res.verdict
    assert all(m.approximate for m in res.matches), [(m.function, m.approximate) for m in res.matches]


def test_a_line_no_raise_fits_keeps_the_message_whole() -> None:
    res = _kit().explain(
        "Unsupported URL scheme 'mailto': no handler available for that scheme\n"
        "and then the whole crawl stopped without saying why it did so"
    )
    assert "one raise's text repeated" not in res.verdict


def test_a_last_paragraph_of_two_raises_stays_as_read() -> None:
    res = _kit().explain(
        "The crawler printed this:\n"
        "\n"
        "Unsupported URL scheme 'mailto': no handler available for that scheme\n"
        "Missing scheme in request url: //example.com/a"
    )
    assert "one raise's text repeated" not in res.verdict
