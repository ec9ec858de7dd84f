"""Regular expressions written by someone else, run in linear time.

A regex from the indexed code (a test's ``pytest.raises(match=...)``) is untrusted input: run by a
backtracking engine, ``(a|a)*$`` or ``.*.*.*...x`` against a long text never finishes. Such
patterns are compiled by RE2 (google-re2), whose matching time is linear in the text and whose
memory is capped by ``MAX_MEM``; a pattern RE2 cannot express (backreferences, lookarounds) or
that needs more memory is refused here, and the caller decides without it — never by falling
back to :mod:`re`.
"""

from __future__ import annotations

from typing import Any, Protocol

import re2

__all__ = ["MAX_MEM", "MAX_PATTERN", "UntrustedRegex", "compile_linear", "compile_untrusted"]

MAX_MEM = 2 << 20  # bytes RE2 may use for one compiled pattern (its default is 8 MiB)
MAX_PATTERN = 2_000  # characters; longer patterns are refused (tests spell out short messages)


class UntrustedRegex(Protocol):
    """What callers use of a compiled RE2 pattern."""

    def search(self, text: str) -> Any: ...


_OPTIONS = re2.Options()
_OPTIONS.max_mem = MAX_MEM
_OPTIONS.log_errors = False  # a refused pattern is an expected outcome, not an error to log


def compile_untrusted(pattern: str) -> UntrustedRegex | None:
    """Compile ``pattern`` (Python syntax) for RE2; None when RE2 refuses it or it is too long."""
    if len(pattern) > MAX_PATTERN:
        return None
    try:
        regex: UntrustedRegex = re2.compile(_to_re2(pattern), _OPTIONS)
        return regex
    except (re2.error, UnicodeError, ValueError, TypeError, OverflowError):
        return None


def compile_linear(pattern: str) -> UntrustedRegex:
    """Compile one of errdex's own patterns for RE2, to run on untrusted text where a
    backtracking engine would rescan (a comment alternative read to the line's end from every
    quote of a line). A pattern RE2 refuses is errdex's own mistake: ``ValueError`` at import."""
    regex = compile_untrusted(pattern)
    if regex is None:
        raise ValueError(f"RE2 cannot compile errdex's pattern {pattern!r}")
    return regex


def _to_re2(pattern: str) -> str:
    r"""The few spellings where Python and RE2 differ for the same meaning: ``\Z`` is RE2's ``\z``."""
    if "\\Z" not in pattern:
        return pattern
    out: list[str] = []
    i, n = 0, len(pattern)
    while i < n:
        c = pattern[i]
        if c == "\\" and i + 1 < n:
            out.append("\\z" if pattern[i + 1] == "Z" else pattern[i : i + 2])
            i += 2
            continue
        out.append(c)
        i += 1
    return "".join(out)
