"""Texts the standard library hands to a method a library overrides.

``argparse.ArgumentParser.error(message)`` is called by argparse itself with its own messages
(``unrecognized arguments: -n``); a library that overrides it (pytest's parser raises
``UsageError(f"{self.prog}: error: {message}")``) raises those texts, though no call in the
library supplies them. The messages are argparse's, as Python 3.13 words them (the wording has
been stable since 3.9), the most common first: each is one more variant of the override's raise,
after the open ``{message}`` (few, so that with the override's own branches they stay within the
variant cap).
"""

from __future__ import annotations

from errdex.extract.templates import Ph, Value, concat, lit, ph, union

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
