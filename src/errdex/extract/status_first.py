"""The text of a raise of a class outside the codebase that takes a status code first.

An HTTP error class of a web framework is constructed as ``HTTPError(404, "no such file: %r" %
path)``: its first argument is the status code, a number, and the words are the second. Read as
the message (as for any class whose initialiser is unknown), the first argument made the site's
template the bare number, which no pasted text fits better than any other raise of the class:
the library's own words, which the printed message does hold (``HTTP 404: Not Found (no such
file: 'a.ipynb')``, ``404: no such file``), were in no template. A number is never a message,
so the words are the second argument; the class's own framing (status, reason) is unknown
and stays out of the template, whose words the matcher finds inside the printed text.
"""

from __future__ import annotations

from collections.abc import Sequence

from errdex.extract.templates import Arg, Value, has_literal


def status_first_text(args: Sequence[Arg]) -> Value | None:
    """The second positional argument's text when the first is an integer literal (a status
    code) and the second holds literal words; None for any other call."""
    if len(args) < 2 or any(a.text.startswith("*") for a in args[:2]):
        return None
    if not args[0].text.isdigit():
        return None
    words = args[1].value
    return words if words and all(has_literal(v) for v in words) else None
