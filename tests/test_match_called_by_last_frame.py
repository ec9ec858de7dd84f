"""A traceback with no frame in any library (a report listing the user's frames alone, a
library hiding its own) ends in the user's call of the library: among the sites sharing the
pasted template, the one of the function that line calls comes first (issue #10 item 6: frames
cut short still say what they can)."""

from __future__ import annotations

from errdex.match import Matcher
from errdex.model import CatalogueEntry, render_template

_SEGS = ["Attempting to use a port that is not open"]


def _entry(k: int, function: str, line: int) -> CatalogueEntry:
    return CatalogueEntry(
        key=k, error_id=function, repo="o/serial", version="3.5", snapshot_date=None, kind="error",
        exc_type="PortNotOpenError", exc_qualname=None, template=render_template(_SEGS), segments=_SEGS,
        path="serial/serialposix.py", line=line, function=function,
    )  # fmt: skip


def _paste(call: str) -> str:
    return (
        "Traceback (most recent call last):\n"
        '  File "/home/u/check.py", line 39, in <module>\n'
        "    base_turn(90)\n"
        '  File "/home/u/check.py", line 14, in base_turn\n'
        f"    {call}\n"
        "serial.serialutil.PortNotOpenError: Attempting to use a port that is not open"
    )


def test_the_site_the_users_last_line_calls_comes_first_among_equals() -> None:
    sites = [_entry(1, "Serial.fileno", 764), _entry(2, "Serial.flush", 650), _entry(3, "Serial.write", 615)]
    m = Matcher.from_entries(sites)
    res = m.explain(_paste("connection.write(data.encode())"))
    assert res.matches and res.matches[0].function == "Serial.write", [x.function for x in res.matches]
    assert any("last frame calls write" in r for r in res.matches[0].reasons)
    res = m.explain(_paste("connection.flush()"))
    assert res.matches[0].function == "Serial.flush"
