"""A pytest report cut after its ``E`` lines, before the location line (``path:N: Type``) that
would have made its ``>`` line a frame: the ``>`` line is still the statement that raised, in the
function the entry's listing opens with, so it is read as a frame of no known file and the
catalogue's statements of that text in that function are the site."""

from __future__ import annotations

import pytest

from errdex.match import Matcher
from errdex.match.parse import parse
from errdex.model import CatalogueEntry, render_template

_N = iter(range(1, 10**9))


def entry(segments: list[str], *, path: str, line: int, function: str, statement: str) -> CatalogueEntry:
    k = next(_N)
    return CatalogueEntry(
        key=k, error_id=f"id{k}", repo="o/runner", version="1.0", snapshot_date=None, kind="error",
        exc_type="AssertionError", exc_qualname=None, template=render_template(segments),
        segments=segments, path=path, line=line, function=function, statement=statement,
    )  # fmt: skip


# the worker's own traceback is the message: its frames are another package's, not the raise's
LISTING = (
    "    def worker_failed(self, node, report):\n"
    '        """The worker crashed: raise its report here, as text."""\n'
    "        self.active.remove(node)\n"
    ">       assert False, report\n"
    "E       AssertionError: Traceback (most recent call last):\n"
    'E         File "/venv/lib/python3.12/site-packages/other/main.py", line 12, in run\n'
    "E           session.go()\n"
)


def test_the_marked_line_of_a_cut_report_is_a_frame_of_the_listed_function() -> None:
    q = parse(LISTING)
    assert q.exc_type == "AssertionError"
    assert [(f.path, f.line, f.function, f.source) for f in q.frames] == [
        ("", None, "worker_failed", "assert False, report")
    ]


@pytest.mark.parametrize(
    ("text", "want"),
    [
        # a nested function defined above the marked line is not the one the listing opens with
        ("    def run_all(self, items):\n        def check(item):\n            return item.ok\n"
         ">       assert all(map(check, items)), items\nE       AssertionError: [1, 2]\n",
         [("", None, "run_all", "assert all(map(check, items)), items")]),
        # the listing above the separator is another entry's: this one shows no ``def`` (and the
        # location line with no class after it makes no frame of the first)
        ("    def outer():\n>       inner()\n\nsrc/a.py:3: \n_ _ _ _ _ _ _ _ _ _\n\n"
         "        x = 1\n>       assert False, x\nE       AssertionError: 1\n",
         []),
        # a location line after the ``E`` lines makes the marked line its frame's source, as before
        ("    def load(path):\n>       raise ValueError(path)\nE       ValueError: a.txt\n\n"
         "src/io.py:2: ValueError\n",
         [("src/io.py", 2, None, "raise ValueError(path)")]),
        # no ``E`` line: the report is cut before the error, which the ``>`` line alone does not give
        ("    def load(path):\n>       return read(path)\n", []),
    ],
)  # fmt: skip
def test_only_a_cut_entry_with_its_def_shown_gets_the_frame(
    text: str, want: list[tuple[str, int | None, str | None, str | None]]
) -> None:
    assert [(f.path, f.line, f.function, f.source) for f in parse(text).frames] == want


def test_the_statement_in_the_listed_function_is_the_exact_answer() -> None:
    # the text is all placeholder (the report), so only the statement and its function tell the
    # site from another function's assert of the same shape
    site = entry(
        ["", "report", ""], path="runner/session.py", line=232, function="Session.worker_failed",
        statement="assert False, report",
    )  # fmt: skip
    other = entry(
        ["", "report", ""], path="runner/pool.py", line=40, function="Pool.collect",
        statement="assert False, report",
    )  # fmt: skip
    m = Matcher.from_entries([other, site])
    res = m.explain(LISTING)
    assert res.matches, res.verdict
    assert res.matches[0].id == site.error_id
    assert not res.matches[0].approximate
    assert all(x.id != other.error_id or x.approximate for x in res.matches)
    # the frame has no line to show
    assert "frame runner/session.py in worker_failed (deepest library frame)" in " ".join(
        res.matches[0].reasons
    )
