"""An assertion helper of another package (``torch._assert(cond, msg)``, numpy's
``assert_(value, msg=...)``) raises AssertionError with the message it is given, as an
``assert`` statement does: its call is the site a traceback leaves the codebase at."""

from __future__ import annotations

from errdex.extract import extract
from errdex.model import SourceFile

_MOD = """import torch
from numpy.testing import assert_
from . import util


def forward(boxes, idx):
    degen = boxes[:, 2:] <= boxes[:, :2]
    torch._assert(
        not degen.any(),
        "All boxes should have positive height and width."
        f" Found invalid box {boxes[0]} for target at index {idx}.",
    )
    assert_(idx >= 0, msg=f"negative index {idx}")
    util._assert(idx < 10, "own helper {}".format(idx))
    torch._assert(idx)
"""

_UTIL = """def _assert(cond, message):
    if not cond:
        raise ValueError(message)
"""


def _records() -> set[tuple[int, str, str, str]]:
    files = [SourceFile("pkg/mod.py", _MOD.encode()), SourceFile("pkg/util.py", _UTIL.encode())]
    ex = extract(files, "local/pkg", jobs=1)
    return {(r.line, r.kind, r.exc_type, r.template) for r in ex.records if r.path == "pkg/mod.py"}


def test_an_imported_assertion_helper_is_an_assert_of_its_message() -> None:
    got = _records()
    assert (
        8,
        "assertion",
        "AssertionError",
        "All boxes should have positive height and width. Found invalid box {boxes[0]} for target at index {idx}.",
    ) in got
    # the message given by keyword
    assert (13, "assertion", "AssertionError", "negative index {idx}") in got


def test_the_codebases_own_helper_raises_what_its_body_raises() -> None:
    got = _records()
    # ``util._assert`` is the codebase's: its ``raise ValueError(message)`` is what the call raises
    assert (14, "error", "ValueError", "own helper {idx}") in got
    assert not any(line == 14 and kind == "assertion" for line, kind, _, _ in got)
    # a helper given no message is no site of text
    assert not any(line == 15 for line, _, _, _ in got)
