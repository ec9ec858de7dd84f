"""Which ``_assert`` calls are an assertion helper of another package (an ``assert`` of the
message at the call) and which are not; the helper's own templates are in
``test_extract_messages.py`` (``OUTSIDE_ASSERT``)."""

from __future__ import annotations

from errdex.extract import extract
from errdex.model import SourceFile

_MOD = """import torch
from . import util


def forward(idx):
    torch._assert(idx > 0, f"index {idx} out of range")
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


def test_another_packages_helper_is_an_assert_the_codebases_own_raises_what_its_body_raises() -> None:
    got = _records()
    assert (6, "assertion", "AssertionError", "index {idx} out of range") in got
    # ``util._assert`` is the codebase's: its ``raise ValueError(message)`` is what the call raises
    assert (7, "error", "ValueError", "own helper {idx}") in got
    assert not any(line == 7 and kind == "assertion" for line, kind, _, _ in got)
    # a helper given no message is no site of text
    assert not any(line == 8 for line, _, _, _ in got)
