"""A progress bar redrawn in place (tqdm's ``\\r``) and overwritten by a warning leaves the bar's
rest on the same terminal row: the copied line is ``path:line: Category: text`` followed by block
glyphs and ``| n/total [elapsed<remaining, rate]``. The bar's tail is no part of the message, so
the warning answers exactly; a whole bar line, or a bar with the warning after it, reads as before.
On a small index built here."""

from __future__ import annotations

import pytest

from errdex.match import Matcher
from errdex.match.parse import parse
from errdex.model import CatalogueEntry

TEXT = "clamping frac to range [0, 1]"
BAR = "██████████████████████████▊| 99.84615384615518/100 [1:51:16<00:02, 15.16s/it]"
LOCATION = "/venv/lib/python3.12/site-packages/barkit/std.py:153: BarWarning: "


def _matcher() -> Matcher:
    site = CatalogueEntry(
        key=1, error_id="clamp", repo="o/barkit", version="1.0", snapshot_date=None, kind="warning",
        exc_type="BarWarning", exc_qualname=None, template=TEXT, segments=[TEXT], path="barkit/std.py",
        line=153, function="Bar.__init__", statement="warn(",
    )  # fmt: skip
    return Matcher.from_entries([site])


@pytest.mark.parametrize(
    "tail",
    [
        BAR,
        "▏          | 3/100 [00:01<00:40,  2.41it/s]",  # a bar barely begun, an ``it/s`` rate
        "█| 12.0k/13.0k [00:00<00:00, 102k files/s]",  # a unit prefix and a custom unit
    ],
)
def test_a_warning_glued_to_a_bars_tail_is_the_warning_alone(tail: str) -> None:
    q = parse(f"The bar says:\n\n```\n{LOCATION}{TEXT}{tail}\n```")
    assert q.exc_type == "BarWarning"
    assert q.message == TEXT
    res = _matcher().explain(LOCATION + TEXT + tail)
    assert res.matches and res.matches[0].id == "clamp"
    assert not res.matches[0].approximate, res.verdict


def test_without_the_bar_the_paste_reads_the_same() -> None:
    assert parse(LOCATION + TEXT).message == TEXT


@pytest.mark.parametrize(
    "line",
    [
        # a whole bar: its ``33%|`` head says it is the bar's own line, nothing overwrote it
        "Extracting:  33%|████████                | 1.00/3.00 [00:00<00:00, 102k extractors/s]",
        # block glyphs in a message, with no counters after them: not a bar
        "ValueError: level ███ is full | 3/4",
    ],
)
def test_a_whole_bar_or_glyphs_in_text_are_kept(line: str) -> None:
    assert parse(line).text == line
