"""Paste forms of issues58 that hid where an error's text ends. An error tracker's issue page
copied as text (Sentry's): the class alone on a line, the message under it, then each frame as
``path in Class.method`` with ``at line N`` beside it or on the next line and the frame's
context lines under that. Read as a frame, that heading ends the message; read as text, it and
the source under it made the message 19 lines long and the answer approximate. The page lists
the frame that raised first. And bash's report of the process dying of a signal, printed under
the traceback (``script: line 45: 54930 Abort trap: 6  command``): the shell's words, not the
message's. The pastes are small synthetic ones; the real cases are issues58's sqlalchemy-004
and matplotlib-006 and issues9's h2-003 (docs/measurements/iss58.md)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import first, package_matcher

from errdex.match import Matcher
from errdex.match.parse import parse

LIB = """\
class PoolError(Exception):
    pass


class PoolTimeout(PoolError):
    pass


class QueuePool:
    def _do_get(self, wait):
        if not wait:
            return None
        raise PoolTimeout(
            "QueuePool limit of size %d overflow %d reached, "
            "connection timed out, timeout %0.2f" % (self.size(), self.overflow(), self._timeout)
        )


class AsyncQueuePool(QueuePool):
    pass


def plot(x, y):
    if x.ndim > 2 or y.ndim > 2:
        raise ValueError(f"x and y can be no greater than 2D, but have shapes {x.shape} and {y.shape}")
"""

MESSAGE = "QueuePool limit of size 5 overflow 10 reached, connection timed out, timeout 30.00"

# the page's context: the lines of ``_do_get`` as the library holds them, under a fence
CONTEXT = "\n".join(LIB.splitlines()[9:16])

PAGE = (
    "PoolTimeout\n{message}\n\n/app/.venv/lib/python3.13/site-packages/mylib/pool.py in {heading}\n\n"
    "```python\n" + CONTEXT.replace("{", "{{").replace("}", "}}") + "\n```\n"
)

# the heading's two lines as the page lays them out, and as one line when the copy joins them
HEADINGS = ["AsyncQueuePool._do_get\nat line 13", "AsyncQueuePool._do_get at line 13"]


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    with package_matcher(tmp_path_factory.mktemp("iss58"), {"mylib/pool.py": LIB}) as m:
        yield m


@pytest.mark.parametrize("heading", HEADINGS)
def test_a_tracker_frame_heading_ends_the_message(heading: str) -> None:
    q = parse(PAGE.format(message=MESSAGE, heading=heading))
    assert q.exc_type == "PoolTimeout"
    assert q.message == MESSAGE
    frame = q.frames[-1]
    assert (frame.path.endswith("mylib/pool.py"), frame.line, frame.function) == (
        True,
        13,
        "AsyncQueuePool._do_get",
    )
    # the page marks no line of the context as the one that ran: none is taken as its source
    assert frame.source is None


@pytest.mark.parametrize("heading", HEADINGS)
def test_a_tracker_page_is_exact(matcher: Matcher, heading: str) -> None:
    top = first(matcher.explain(PAGE.format(message=MESSAGE, heading=heading)))
    assert top.function == "QueuePool._do_get"
    assert not top.approximate, top.reasons


def test_a_file_named_in_prose_is_no_frame() -> None:
    # a file named in a sentence, no line number beside it or under it: the message's text
    for prose in (
        "The pool is made in settings.py in Config.setup",
        "The pool is made in settings.py in Config.setup\nwhen the app starts",
        # ... even with a line number: a sentence, no folder in what reads as its path
        "It fails in settings.py in Config.setup at line 3",
    ):
        q = parse(f"PoolTimeout: {MESSAGE}\n{prose}\n")
        assert (q.frames, q.message) == ([], f"{MESSAGE}\n{prose}")


# a summary of several frames, the one that raised first, each on one line between blank lines
SUMMARY = """\
PoolTimeout
{message}

mylib/pool.py in QueuePool._do_get at line 13

mylib/session.py in Session.connect at line 80

app/views.py in index at line 12
"""


def test_a_tracker_summary_lists_the_raising_frame_first() -> None:
    q = parse(SUMMARY.format(message=MESSAGE))
    assert q.message == MESSAGE
    # Python's order, the raising frame last
    assert [f.function for f in q.frames] == ["index", "Session.connect", "QueuePool._do_get"]


SIGNALED = """\
Traceback (most recent call last):
  File "/home/u/app/display.py", line 944, in _on_draw
    mylib.pool.plot(data, data)
  File "/home/u/.venv/lib/python3.7/site-packages/mylib/pool.py", line 24, in plot
    raise ValueError(f"x and y can be no greater than 2D, but have shapes {{x.shape}} and {{y.shape}}")
ValueError: x and y can be no greater than 2D, but have shapes (3,) and (3, 3, 3)
{report}
"""

SHAPES = "x and y can be no greater than 2D, but have shapes (3,) and (3, 3, 3)"


@pytest.mark.parametrize(
    "report",
    [
        "/home/u/.venv/bin/gpi: line 45: 54930 Abort trap: 6           $GPI_LINK $GPI_LAUNCH $@",
        "./train.sh: line 12:  8812 Killed                  python train.py",
        "run.sh: line 3: 4242 Segmentation fault      (core dumped) python -m app",
    ],
)
def test_a_shells_report_of_the_process_dying_is_no_part_of_the_message(
    matcher: Matcher, report: str
) -> None:
    paste = SIGNALED.format(report=report)
    assert parse(paste).message == SHAPES
    top = first(matcher.explain(paste))
    assert top.function == "plot"
    assert not top.approximate, top.reasons


def test_a_line_of_the_message_naming_a_line_is_kept() -> None:
    # the message's own words about a script's line: no process id and signal after it
    paste = SIGNALED.format(report="deploy.sh: line 45: the job was stopped")
    assert parse(paste).message == f"{SHAPES}\ndeploy.sh: line 45: the job was stopped"
