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
        # a location line after the ``E`` lines makes the marked line its frame's source, as
        # before, in the function the listing opens with (the location line names none)
        ("    def load(path):\n>       raise ValueError(path)\nE       ValueError: a.txt\n\n"
         "src/io.py:2: ValueError\n",
         [("src/io.py", 2, "load", "raise ValueError(path)")]),
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


def _valueerror(segments: list[str], *, repo: str, path: str, line: int, function: str) -> CatalogueEntry:
    k = next(_N)
    return CatalogueEntry(
        key=k, error_id=f"id{k}", repo=repo, version="1.0", snapshot_date=None, kind="error",
        exc_type="ValueError", exc_qualname=None, template=render_template(segments),
        segments=segments, path=path, line=line, function=function, statement="raise ValueError(",
    )  # fmt: skip


# a pytest entry of an older release: the ``def`` line names the function, the ``E`` line prints
# a wording the release has since changed (the engine now quoted, a hint appended)
OLD_WORDING = (
    "engine = 'netcdf4'\n"
    "    def get_backend(engine):\n"
    "        engines = list_engines()\n"
    "        if engine not in engines:\n"
    ">           raise ValueError(\n"
    '                f"unrecognized engine {engine} must be one of: {list(engines)}"\n'
    "            )\n"
    "E           ValueError: unrecognized engine netcdf4 must be one of: ['scipy', 'store']\n"
)


def test_the_listed_function_finds_its_raise_among_many_of_the_same_line() -> None:
    # ``raise ValueError(`` opens hundreds of raises in a catalogue of a few libraries: the
    # listed function's is past the first of them, and still the frame's; without it another
    # library's generic ``{name} must be one of: {options}`` fits the old wording a little better
    from errdex.match.thresholds import MAX_STATEMENT

    fillers = [
        _valueerror([f"filler number {k} has no such widget"], repo="o/many", path=f"many/m{k % 7}.py",
                    line=k, function=f"check_{k}")
        for k in range(MAX_STATEMENT + 40)
    ]  # fmt: skip
    site = _valueerror(
        ["unrecognized engine '", "engine", "' must be one of your download engines: ", "list(engines)",
         ". To install additional dependencies, see the guide"],
        repo="o/arrays", path="arrays/backends/plugins.py", line=231, function="get_backend",
    )  # fmt: skip
    rival = _valueerror(
        ["", "name", " must be one of: ", "options_text", ""], repo="o/stats",
        path="stats/tools/validation.py", line=492, function="string_like",
    )  # fmt: skip
    m = Matcher.from_entries([*fillers, rival, site])
    assert [f.function for f in parse(OLD_WORDING).frames] == ["get_backend"]
    res = m.explain(OLD_WORDING)
    assert res.matches, res.verdict
    assert res.matches[0].id == site.error_id, [(x.function, x.score) for x in res.matches[:3]]
    assert res.matches[0].approximate  # reworded since: the frame names the site, not the text
