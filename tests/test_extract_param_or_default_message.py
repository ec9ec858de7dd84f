"""A message that is a parameter as given or, when the caller gave none, a literal default,
handed to a class whose printer shows it (issue #10 item 3; runtime19 pyparsing-rt-003/-004).

pyparsing's ``condition_as_parse_action`` sets ``msg = message if message is not None else
"failed user-defined condition"`` and its nested ``pa`` raises ``exc_type(s, l, msg)``; the
exception's ``__str__`` prints ``{msg}, found ...``. ``add_condition`` passes a message, so the
user reads the caller's text there. The class's printed forms were kept only where they showed
the argument's literal text (a printer's fallback that drops the argument is not what the raise
prints), and the parameter's branch shows none: only the default's form was left. A branch that
is the parameter alone now exempts the argument from that filter, as a lone placeholder or a
None already did, so both forms are alternatives. Parsed, never imported."""

from __future__ import annotations

from marked_helpers import by_mark

SOURCE = """\
class ParseError(Exception):
    def __init__(self, s, loc, msg):
        self.msg = msg
        self.loc = loc

    def __str__(self):
        if isinstance(self.msg, bytes):
            return "undecodable"
        return f"{self.msg}, found {self.loc!r}"


def condition_as_action(fn, message=None):
    msg = message if message is not None else "failed user-defined condition"

    def pa(s, l, t):
        if not fn(s, l, t):
            raise ParseError(s, l, msg)  # <- closure

    return pa


def checked(s, l, ok):
    if not ok:
        raise ParseError(s, l, "value out of range")  # <- literal
"""


def _templates() -> dict[str, set[str]]:
    return {k: {t for _, t in v} for k, v in by_mark(SOURCE, "pkg/core.py").items()}


def test_both_branches_of_a_parameter_or_default_message_are_kept() -> None:
    # before: only the default's form
    assert _templates()["closure"] == {
        "failed user-defined condition, found {l!r}",
        "{message}, found {l!r}",
    }


def test_a_literal_argument_still_drops_the_printer_fallback() -> None:
    assert _templates()["literal"] == {"value out of range, found {l!r}"}
