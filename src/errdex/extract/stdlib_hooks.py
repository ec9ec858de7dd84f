"""Texts the standard library makes for a library: what it hands to a method the library
overrides, and what its exception classes print from a library's raise (``printed``).

``argparse.ArgumentParser.error(message)`` is called by argparse itself with its own messages
(``unrecognized arguments: -n``); a library that overrides it (pytest's parser raises
``UsageError(f"{self.prog}: error: {message}")``) raises those texts, though no call in the
library supplies them. The messages are argparse's, as Python 3.13 words them (the wording has
been stable since 3.9), the most common first: each is one more variant of the override's raise,
after the open ``{message}`` (few, so that with the override's own branches they stay within the
variant cap).
"""

from __future__ import annotations

from collections.abc import Sequence

from errdex.extract.templates import Arg, Ph, Value, concat, lit, ph, union

# (base class as imported, method, its message parameter's position) -> what the stdlib passes
_ARGPARSE_ERRORS = (
    "unrecognized arguments: {argv}",
    "the following arguments are required: {required_actions}",
    "argument {argument_name}: invalid choice: {value!r} (choose from {choices})",
    "argument {argument_name}: invalid {type} value: {value!r}",
    "argument {argument_name}: expected one argument",
    "ambiguous option: {option} could match {matches}",
    "one of the arguments {names} is required",
)
HOOKS: dict[tuple[str, str], tuple[int, tuple[str, ...]]] = {
    ("argparse.ArgumentParser", "error"): (0, _ARGPARSE_ERRORS),
}


def _value(template: str) -> Value:
    """``"text {name} text"`` as a value: literal text and placeholders (no nesting)."""
    pieces: list[Value] = []
    rest = template
    while rest:
        start = rest.find("{")
        end = rest.find("}", start + 1) if start >= 0 else -1
        if start < 0 or end < 0:
            pieces.append(lit(rest))
            break
        if start:
            pieces.append(lit(rest[:start]))
        name = rest[start + 1 : end]
        pieces.append(((Ph(name[:-2], True),),) if name.endswith("!r") else ph(name))
        rest = rest[end + 1 :]
    return concat(*pieces)


def supplied(bases: list[str], method: str) -> tuple[int, Value] | None:
    """The texts the standard library passes to ``method`` of a class with these bases (as
    written, dotted), with the parameter's position; None when it is no such hook."""
    for base in bases:
        hook = HOOKS.get((base, method))
        if hook is not None:
            pos, texts = hook
            return pos, union(*(_value(t) for t in texts))
    return None


def printed(key: str | None, args: Sequence[Arg], kwargs: Sequence[tuple[str, Arg]]) -> Value | None:
    """What a standard-library exception class whose constructor does not take the message
    first prints for a raise's arguments (``key``: the class's dotted name outside the
    codebase); None for any other class or call.

    ``argparse.ArgumentError(argument, message)`` prints the message alone when the argument is
    None (``raise ArgumentError(None, msg)`` of a parser's own check), else ``argument NAME:
    message`` with the name its action's option strings (or metavar, or dest) make. Its first
    argument is no message: read as one, it became a placeholder fitting any text."""
    if key not in _ARGUMENT_ERRORS:
        return None
    given = dict(zip(("argument", "message"), args, strict=False))
    if len(args) > 2 or any(a.text.startswith("*") for a in args):
        return None
    for k, a in kwargs:
        if k not in ("argument", "message") or k in given:
            return None
        given[k] = a
    argument, message = given.get("argument"), given.get("message")
    if argument is None or message is None:
        return None
    if argument.text == "None":
        return message.value
    return concat(lit("argument "), ph(f"_get_action_name({argument.text})"), lit(": "), message.value)


_ARGUMENT_ERRORS = frozenset({"argparse.ArgumentError"})
