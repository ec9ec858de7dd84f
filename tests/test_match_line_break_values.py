"""A template that writes a line break between two values (celery's ``consumer: Cannot connect
to %s: %s.\\n%s``) pasted line for line. The fit works on the compact form, which has no line
breaks, and places a literal at its leftmost occurrence: the ``.`` before the break then sits
inside the first value (``... redis:6379. Lookup timed out.``) and the second value runs over the
line's end, a shape the template never prints. The literal belongs where the paste breaks its
line as the template does (``verify.line_spans``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Literal

from errdex.match import Matcher
from errdex.match.verify import compact, compact_map, fit, line_spans, values
from errdex.model import CatalogueEntry, render_template

_N = iter(range(1, 10**9))

SEGMENTS = ["consumer: Cannot connect to ", "uri", ": ", "exc", ".\n", "step", "\n"]
PASTE = (
    "consumer: Cannot connect to redis://redis:6379/0: Error -3 connecting to redis:6379. "
    "Lookup timed out..\nTrying again in 2.00 seconds... (1/100)"
)


def entry(segments: list[str], *, path: str, kind: Literal["log"], exc_type: str) -> CatalogueEntry:
    k = next(_N)
    return CatalogueEntry(
        key=k, error_id=f"id{k}", repo="o/worker", version="1.0", snapshot_date=None, kind=kind,
        exc_type=exc_type, exc_qualname=None, template=render_template(segments),
        segments=segments, path=path, line=10 * k, function="Consumer.connect", statement="",
    )  # fmt: skip


def _new_line(text: str) -> tuple[str, list[int], Callable[[int], bool]]:
    cmap = compact_map(text)

    def new_line(at: int) -> bool:
        return 0 < at < len(cmap) and "\n" in text[cmap[at - 1] + 1 : cmap[at]]

    return compact(text), cmap, new_line


def test_the_literal_before_a_line_break_moves_to_the_paste_break() -> None:
    cmsg, cmap, new_line = _new_line(PASTE)
    lits = tuple(compact(s) for s in SEGMENTS[0::2])
    f = fit(lits, cmsg)
    assert f is not None and f.full
    names = SEGMENTS[1::2]
    # leftmost: the ``.`` inside the error's text, the step's value two lines
    assert "\n" in values(names, f, PASTE, cmap)["step"]
    spans = line_spans(tuple(SEGMENTS[0::2]), f.spans, cmsg, new_line)
    got = values(names, replace(f, spans=spans), PASTE, cmap)
    assert got["exc"].endswith("Error -3 connecting to redis:6379. Lookup timed out.")
    assert got["step"] == "Trying again in 2.00 seconds... (1/100)"


def test_no_break_in_the_paste_leaves_the_leftmost_placement() -> None:
    flat = PASTE.replace("\n", " ")
    cmsg, _, new_line = _new_line(flat)
    lits = tuple(compact(s) for s in SEGMENTS[0::2])
    f = fit(lits, cmsg)
    assert f is not None
    assert line_spans(tuple(SEGMENTS[0::2]), f.spans, cmsg, new_line) == f.spans


def test_a_template_line_break_pasted_as_one_is_an_exact_answer() -> None:
    logged = entry(SEGMENTS, path="worker/consumer.py", kind="log", exc_type="log.ERROR")
    other = entry(["consumer: Connection to broker lost. ", "why", ""], path="worker/lost.py", kind="log",
                  exc_type="log.WARNING")  # fmt: skip
    res = Matcher.from_entries([other, logged]).explain(PASTE)
    assert res.matches, res.verdict
    assert res.matches[0].id == logged.error_id
    assert not res.matches[0].approximate, res.matches[0].reasons
