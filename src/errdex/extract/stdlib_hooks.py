"""Texts the standard library makes for a library: what it hands to a method the library
overrides, and what its exception classes print from a library's raise (``printed``).

``argparse.ArgumentParser.error(message)`` is called by argparse itself with its own messages
(``unrecognized arguments: -n``); a library that overrides it (pytest's parser raises
``UsageError(f"{self.prog}: error: {message}")``) raises those texts, though no call in the
library supplies them. The messages are argparse's, as Python 3.13 words them (the wording has
been stable since 3.9), the most common first: each is one more variant of the override's raise,
after the open ``{message}`` (few, so that with the override's own branches they stay within the
variant cap).

The exception classes of ``argparse`` and ``configparser`` build their message in their
constructors from arguments that are not the message (``DuplicateSectionError(section, source,
lineno)`` prints ``While reading from 'setup.cfg' [line  3]: section 'a' already exists``): read
as the message, their first argument became a placeholder fitting any text of the class.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from errdex.extract.templates import Arg, Ph, Value, as_repr, concat, lit, ph, union

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
    if key in _CONFIGPARSER:
        names, build = _CONFIGPARSER[key]
        bound = _bind(names, args, kwargs)
        return build(bound) if bound is not None else None
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


def _bind(
    names: tuple[str, ...], args: Sequence[Arg], kwargs: Sequence[tuple[str, Arg]]
) -> dict[str, Arg] | None:
    """The arguments of a call by the constructor's parameter names; None when the call spreads
    (``*args``, ``**kwargs``) or names a parameter the constructor lacks, or leaves out one it needs
    (every parameter before the first with a default, ``_REQUIRED``)."""
    if len(args) > len(names) or any(a.text.startswith("*") for a in args):
        return None
    given = dict(zip(names, args, strict=False))
    for k, a in kwargs:
        if k not in names or k in given:
            return None
        given[k] = a
    required = names[: _REQUIRED.get(names, len(names))]
    return given if all(n in given for n in required) else None


def _given(bound: dict[str, Arg], name: str) -> Arg | None:
    """An optional argument given as something other than ``None``."""
    a = bound.get(name)
    return None if a is None or a.text == "None" else a


def _read_from(bound: dict[str, Arg], what: Value, bare: str) -> Value:
    """``configparser``'s duplicate errors: ``While reading from SOURCE [line N]: WHAT`` when the
    source is given (the line number when it is too: formatted ``{0:2d}``, so a line below 10
    has a space before it, which the placeholder takes), else ``BARE WHAT``."""
    source = _given(bound, "source")
    if source is None:
        return concat(lit(bare.capitalize() + " "), what)
    lineno = _given(bound, "lineno")
    at = concat(lit(" [line "), lineno.value, lit("]")) if lineno is not None else lit("")
    return concat(lit("While reading from "), as_repr(source), at, lit(f": {bare} "), what)


def _no_header(first: str) -> Callable[[dict[str, Arg]], Value]:
    """``MissingSectionHeaderError(filename, lineno, line)`` and its kin: a first line of their
    own, then ``file: 'NAME', line: N`` and the line's repr."""

    def build(b: dict[str, Arg]) -> Value:
        return concat(
            lit(f"{first}\nfile: "), as_repr(b["filename"]), lit(", line: "), b["lineno"].value, lit("\n"),
            as_repr(b["line"]),
        )  # fmt: skip

    return build


def _parsing(b: dict[str, Arg]) -> Value:
    """``ParsingError(source, lineno, line)``: the line given adds a line of its own, ``[line N]:``
    and the line's repr after a tab (lines appended later by ``.append`` are not known here)."""
    head = concat(lit("Source contains parsing errors: "), as_repr(b["source"]))
    if "lineno" not in b or "line" not in b:
        return head
    return concat(head, lit("\n\t[line "), b["lineno"].value, lit("]: "), as_repr(b["line"]))


_OPT_SEC = ("option", "section")
# parameters -> how many of them are required, where some are optional
_REQUIRED = {
    ("section", "source", "lineno"): 1,
    ("section", "option", "source", "lineno"): 2,
    ("source", "lineno", "line"): 1,
}
# Python 3.12 and 3.13 word these alike (``MultilineContinuationError`` is new in 3.13)
_CONFIGPARSER: dict[str, tuple[tuple[str, ...], Callable[[dict[str, Arg]], Value]]] = {
    "configparser.NoSectionError": (
        ("section",),
        lambda b: concat(lit("No section: "), as_repr(b["section"])),
    ),
    "configparser.NoOptionError": (
        _OPT_SEC,
        lambda b: concat(
            lit("No option "), as_repr(b["option"]), lit(" in section: "), as_repr(b["section"])
        ),
    ),
    "configparser.DuplicateSectionError": (
        ("section", "source", "lineno"),
        lambda b: _read_from(b, concat(as_repr(b["section"]), lit(" already exists")), "section"),
    ),
    "configparser.DuplicateOptionError": (
        ("section", "option", "source", "lineno"),
        lambda b: _read_from(
            b,
            concat(as_repr(b["option"]), lit(" in section "), as_repr(b["section"]), lit(" already exists")),
            "option",
        ),
    ),
    "configparser.InterpolationError": ((*_OPT_SEC, "msg"), lambda b: b["msg"].value),
    "configparser.InterpolationSyntaxError": ((*_OPT_SEC, "msg"), lambda b: b["msg"].value),
    "configparser.InterpolationMissingOptionError": (
        (*_OPT_SEC, "rawval", "reference"),
        lambda b: concat(
            lit("Bad value substitution: option "),
            as_repr(b["option"]),
            lit(" in section "),
            as_repr(b["section"]),
            lit(" contains an interpolation key "),
            as_repr(b["reference"]),
            lit(" which is not a valid option name. Raw value: "),
            as_repr(b["rawval"]),
        ),
    ),
    "configparser.InterpolationDepthError": (
        (*_OPT_SEC, "rawval"),
        lambda b: concat(
            lit("Recursion limit exceeded in value substitution: option "),
            as_repr(b["option"]),
            lit(" in section "),
            as_repr(b["section"]),
            lit(" contains an interpolation key which cannot be substituted in 10 steps. Raw value: "),
            as_repr(b["rawval"]),
        ),
    ),
    "configparser.ParsingError": (("source", "lineno", "line"), _parsing),
    "configparser.MissingSectionHeaderError": (
        ("filename", "lineno", "line"),
        _no_header("File contains no section headers."),
    ),
    "configparser.MultilineContinuationError": (
        ("filename", "lineno", "line"),
        _no_header("Key without value continued with an indented line."),
    ),
}


def message_args(key: str | None, args: Sequence[Arg], kwargs: Sequence[tuple[str, Arg]]) -> list[Arg] | None:
    """The arguments of a raise of a standard-library class whose constructor builds its message
    (``printed``) that carry message text of the caller's: ``argparse.ArgumentError``'s message,
    ``InterpolationError``'s ``msg``, none of ``DuplicateSectionError(section, source, lineno)``'s.
    None for any other class, or a call not bound to the constructor's parameters."""
    if key in _ARGUMENT_ERRORS:
        names: tuple[str, ...] = ("argument", "message")
    elif key in _CONFIGPARSER:
        names = _CONFIGPARSER[key][0]
    else:
        return None
    bound = _bind(names, args, kwargs)
    if bound is None:
        return None
    return [a for name, a in bound.items() if name in ("message", "msg")]
