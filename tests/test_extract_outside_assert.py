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


_TRACE = """try:
    from torch import _assert
except ImportError:
    def _assert(condition: bool, message: str):
        assert condition, message


def check(ok, what):
    assert ok, f"bad {what}"
"""

_CALLER = """from .trace_utils import _assert, check


def forward(H):
    _assert(H == 224, f"Input height ({H}) doesn't match model (224).")
    check(H, "height")
"""


def test_the_codebases_own_helper_that_asserts_its_message_makes_its_callers_texts_sites() -> None:
    # ``def _assert(condition, message): assert condition, message`` (timm's fallback for
    # ``torch._assert``): asserting the text it is given is raising it, so the call handing it an
    # f-string is that text's site, as ``raise ValueError(message)`` would make it
    files = [SourceFile("pkg/mod.py", _CALLER.encode()), SourceFile("pkg/trace_utils.py", _TRACE.encode())]
    ex = extract(files, "local/pkg", jobs=1)
    got = {(r.line, r.exc_type, r.template) for r in ex.records if r.path == "pkg/mod.py"}
    assert (5, "AssertionError", "Input height ({H}) doesn't match model (224).") in got
    # an assert composing a parameter into words of its own stays its one site, as before
    assert not any(line == 6 for line, _, _ in got)
    own = {(r.line, r.template) for r in ex.records if r.path == "pkg/trace_utils.py"}
    assert (9, "bad {what}") in own
