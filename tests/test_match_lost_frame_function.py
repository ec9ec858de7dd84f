"""A frame line whose function an HTML or Markdown renderer dropped (``<module>`` read as a tag:
``File "x.py", line 146, in`` and nothing after it) is still a frame, its source line the next
line: joined with it, the statement read as the function (``raise RuntimeError(...)``) and the
frame had no source, so a traceback through an older release whose raise moved found no site
(acc140, issues43 monotonic-003). A function wrapped onto the next line is still joined."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from index_helpers import package_matcher

from errdex.match import Matcher
from errdex.match.parse import LOST_FUNCTION, parse

# the newer release: the raise moved into a handler and its message gained the cause
MODULE = """\
import os


def _probe():
    return os.name


try:
    _probe()
    if _probe() == "nt":
        raise ValueError("probe is not supported on this system")
except Exception as e:
    raise RuntimeError("no usable clock implementation for this system: " + repr(e))
"""

# rendered from Markdown: every ``in <module>`` lost its name, the last line cut short
PASTE = (
    "Traceback (most recent call last):\n"
    'File "/usr/bin/tool", line 7, in \n'
    "from tool.shell import main\n"
    'File "/usr/lib/python2.7/site-packages/clockpkg.py", line 41, in \n'
    "raise RuntimeError('no usable clock implementation for this system')\n"
    "RuntimeError: no usable clock implem"
)


def test_a_frame_line_whose_function_was_dropped_keeps_its_source_line() -> None:
    q = parse(PASTE)
    assert [(f.line, f.function) for f in q.frames] == [(7, LOST_FUNCTION), (41, LOST_FUNCTION)]
    assert q.frames[-1].source == "raise RuntimeError('no usable clock implementation for this system')"
    assert q.frames[0].source == "from tool.shell import main"
    assert q.exc_type == "RuntimeError"


def test_a_function_wrapped_onto_the_next_line_is_still_joined() -> None:
    # a terminal wrapping at a word: the function alone on the next line, Cython's with its C file
    for name, shown in (("snapshot_download", "snapshot_download"), ("pkg._ext.Socket.bind", None)):
        line = name if shown else f"{name} (pkg/_ext.c:4021)"
        text = (
            "Traceback (most recent call last):\n"
            '  File "/site-packages/pkg/core.py", line 12, in\n'
            f"{line}\n"
            "    return self._run()\n"
            "ValueError: bad"
        )
        q = parse(text)
        assert [(f.line, f.function) for f in q.frames] == [(12, shown or name)]
    assert q.frames[0].function != LOST_FUNCTION
    # a keyword alone on the next line is a statement (``raise`` re-raising), not a function
    q = parse('Traceback (most recent call last):\n  File "/x/a.py", line 3, in\n    raise\nValueError: bad')
    assert [(f.line, f.function, f.source) for f in q.frames] == [(3, LOST_FUNCTION, "raise")]
    # a head the paste ends on was cut, not rendered: nothing is made up for it
    q = parse('ValueError: bad\n  File "/x/a.py", line 3, in')
    assert all(f.function != LOST_FUNCTION for f in q.frames)


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    with package_matcher(Path(tmp_path_factory.mktemp("lostfn")), {"clockpkg.py": MODULE}) as m:
        yield m


def test_the_frames_source_line_leads_to_the_raise_the_newer_release_moved(matcher: Matcher) -> None:
    res = matcher.explain(PASTE)
    assert res.matches, res.verdict
    best = res.matches[0]
    assert (best.path, best.function) == ("clockpkg.py", "<module>")
    assert best.line == 13  # the RuntimeError's raise, not the ValueError's
    assert best.approximate  # the release differs: the wording gained a cause
