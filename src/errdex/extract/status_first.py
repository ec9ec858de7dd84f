"""The text of a raise of a class outside the codebase that takes a status or error code first.

An HTTP error class of a web framework is constructed as ``HTTPError(404, "no such file: %r" %
path)``: its first argument is the status code, a number, and the words are the second. Read as
the message (as for any class whose initialiser is unknown), the first argument made the site's
template the bare number, which no pasted text fits better than any other raise of the class:
the library's own words, which the printed message does hold (``HTTP 404: Not Found (no such
file: 'a.ipynb')``, ``404: no such file``), were in no template. A number is never a message,
so the words are the second argument; the class's own framing (status, reason) is unknown
and stays out of the template, whose words the matcher finds inside the printed text.

A validation library's error class is constructed the same way with a symbolic code first:
``CustomError("color_error", "value is not a valid color: ...")``, ``CustomError("mac_len",
"Length for a {mac} MAC address must be {n}", {"mac": value, "n": 17})``. The code, one word
without spaces, is what a program tests; the printed text is the sentence after it, its
``{field}`` slots filled from the values passed after it when there are any (a format the class
fills when it prints), so those slots are placeholders.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Sequence

from errdex.extract.templates import Arg, Value, apply_format, has_literal

# an error code: one word of letters, digits and ``_ . : -`` (``color_error``, ``E1001``,
# ``TimeZoneName``, ``isbn.length``), never a sentence
_CODE = re.compile(r"[A-Za-z_][A-Za-z0-9_.:-]*")


def status_first_text(args: Sequence[Arg], kwargs: Sequence[tuple[str, Arg]] = ()) -> Value | None:
    """The second positional argument's text when the first is an integer literal (a status
    code) or a string literal of one code word (an error code) and the second holds literal
    words; None for any other call."""
    if len(args) < 2 or any(a.text.startswith("*") for a in args[:2]):
        return None
    words = args[1].value
    if not words or not all(has_literal(v) for v in words):
        return None
    if args[0].text.isdigit():
        return words
    if not _is_code(args[0].text) or not all(_has_space(v) for v in words):
        return None
    if len(args) > 2 or kwargs:
        # values handed after the text: the class fills its ``{field}`` slots with them
        return apply_format(words, (), {}, "")
    return words


def _is_code(text: str) -> bool:
    """``'color_error'``: a string literal of one code word."""
    try:
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        return False
    return isinstance(value, str) and _CODE.fullmatch(value) is not None


def _has_space(variant: Sequence[object]) -> bool:
    """Some literal part holds a space: words, not another code."""
    return any(isinstance(p, str) and " " in p for p in variant)
