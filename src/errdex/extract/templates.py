"""Message values: the small algebra the visitor evaluates message expressions into.

A message is not one string but a *set of variants* (``msg`` may be assigned differently in two
branches), each variant a sequence of parts: literal text, a placeholder for a dynamic part, or a
``Ref`` to something defined elsewhere in the codebase (a module constant, a helper returning the
message) that only the parent process can resolve, because only it sees every module. Keeping
``Ref`` symbolic is what lets workers analyse files independently and ship only small picklable
tuples back instead of ASTs.

Everything here is immutable tuples so values can be shared between branch copies of an
environment without defensive copying, and pickle cheaply.
"""

from __future__ import annotations

import itertools
import re
import string
from collections.abc import Iterable, Sequence
from typing import NamedTuple

MAX_VARIANTS = 8  # beyond this, branchy message construction explodes combinatorially
# One message's size. Real messages stay far below (jax's largest: 13 placeholders, ~1,000
# characters); a crafted ``f"{a}" * 50000`` must not cost quadratic time here or at match
# time. A longer message keeps its head and ends in the ``TRUNCATED`` placeholder, so it still
# matches (as a prefix) what the code really prints. 20,000 characters is also as much of a
# pasted message as the matcher reads.
MAX_PLACEHOLDERS = 200
MAX_LITERAL = 20_000


class Ph(NamedTuple):
    """A dynamic part of a message, named as the source spells the expression."""

    name: str


class Arg(NamedTuple):
    """An argument at a helper/constructor call site: its source text and its message value."""

    text: str
    value: Value


class Ref(NamedTuple):
    """Something defined elsewhere, resolved later against the codebase-wide tables.

    ``key`` is a dotted name (``pkg.mod.NAME``, ``pkg.mod.func``, ``pkg.mod.f.<locals>.g``); when
    ``method`` is set, ``key`` names a class and the method is looked up along its bases. ``name``
    is the placeholder used when the reference cannot be resolved.
    """

    key: str
    name: str
    call: bool = False
    args: tuple[Arg, ...] = ()
    kwargs: tuple[tuple[str, Arg], ...] = ()
    method: str = ""


Part = str | Ph | Ref
Variant = tuple[Part, ...]
Value = tuple[Variant, ...]

EMPTY: Value = (("",),)
TRUNCATED = Ph("…")  # stands for the rest of a message cut at MAX_PLACEHOLDERS / MAX_LITERAL


def lit(text: str) -> Value:
    return ((text,),)


def ph(name: str) -> Value:
    return ((Ph(name),),)


def as_repr(arg: Arg) -> Value:
    """The value of ``repr(arg)`` (``%r``, ``{x!r}``): the argument's text is quoted or rendered
    as some other object, so only a plain placeholder is kept, never text that would be inlined
    without the quotes the message really shows."""
    v = arg.value
    if len(v) == 1 and len(v[0]) == 1 and isinstance(v[0][0], Ph):
        return v
    return ph(arg.text)


def union(*values: Value) -> Value:
    """All variants of several values, deduplicated, order kept, capped."""
    seen: dict[Variant, None] = {}
    for v in values:
        for variant in v:
            seen.setdefault(variant, None)
            if len(seen) >= MAX_VARIANTS:
                return tuple(seen)
    return tuple(seen)


def concat(*values: Value) -> Value:
    """Concatenation of values: the cartesian product of their variants, capped.

    The first ``MAX_VARIANTS`` combinations in product order, each built once by chaining its
    parts (linear in the parts, where growing a tuple value by value would be quadratic).
    """
    combos = itertools.islice(itertools.product(*values), MAX_VARIANTS)
    return tuple(dict.fromkeys(capped(itertools.chain.from_iterable(c)) for c in combos))


def capped(parts: Iterable[Part]) -> Variant:
    """The parts up to ``MAX_PLACEHOLDERS`` dynamic parts and ``MAX_LITERAL`` characters of text,
    then ``TRUNCATED`` if anything was left out. Stops reading at the cut, so a capped value
    costs the cap, not the input."""
    out: list[Part] = []
    holes = chars = 0
    for p in parts:
        if isinstance(p, str):
            if chars + len(p) > MAX_LITERAL:
                out.append(p[: MAX_LITERAL - chars])
                out.append(TRUNCATED)
                break
            chars += len(p)
        elif p == TRUNCATED:  # cut before: what followed it is not known text
            out.append(p)
            break
        else:
            holes += 1
            if holes > MAX_PLACEHOLDERS:
                out.append(TRUNCATED)
                break
        out.append(p)
    return tuple(out)


def has_literal(variant: Sequence[Part]) -> bool:
    return any(isinstance(p, str) and p.strip() for p in variant)


def value_has_literal(value: Value) -> bool:
    return any(has_literal(v) for v in value)


def strip_tail(value: Value, n: int) -> Value:
    """``s[:-n]``: drop n characters when the variant ends in literal text long enough."""
    out: list[Variant] = []
    for variant in value:
        if variant and isinstance(variant[-1], str) and len(variant[-1]) >= n:
            out.append((*variant[:-1], variant[-1][:-n]))
        else:
            out.append(variant)
    return tuple(out)


# ---------------------------------------------------------------- str.format

_FORMATTER = string.Formatter()


def apply_format(value: Value, args: Sequence[Arg], kwargs: dict[str, Arg], fallback: str) -> Value:
    """``value.format(*args, **kwargs)`` on the literal parts; fields become the arguments.

    A field referring to an argument that is not given literally (``**kw``) becomes a
    placeholder named after the field. Malformed format strings are left as they are.
    """
    variants: list[Value] = []
    for variant in value:
        pieces: list[Value] = []
        auto = 0
        for part in variant:
            if not isinstance(part, str):
                pieces.append(((part,),))
                continue
            try:
                parsed = list(_FORMATTER.parse(part))
            except ValueError:
                pieces.append(lit(part))
                continue
            for literal, field, _spec, conv in parsed:
                if literal:
                    pieces.append(lit(literal))
                if field is None:
                    continue
                head = re.match(r"[^.\[]*", field)
                first = head.group(0) if head else field
                rest = field[len(first) :]
                arg: Arg | None = None
                if first == "":
                    if auto < len(args):
                        arg = args[auto]
                    auto += 1
                elif first.isdigit():
                    idx = int(first)
                    arg = args[idx] if idx < len(args) else None
                else:
                    arg = kwargs.get(first)
                if arg is None:
                    pieces.append(ph(field or fallback))
                elif rest:
                    pieces.append(ph(arg.text + rest))
                elif conv in ("r", "a"):
                    pieces.append(as_repr(arg))
                else:
                    pieces.append(arg.value)
        variants.append(concat(*pieces) if pieces else lit(""))
    return union(*variants)


# ---------------------------------------------------------------- % formatting

# Runs on string constants of the indexed code. Linear: a key stops at the next "%" (where the
# next match could start), and a width cannot begin with "0" (a flag), so flags and width never
# trade characters ("%000...0" was quadratic).
_PERCENT = re.compile(
    r"%(?:\((?P<key>[^)%]*)\))?[#0\- +]*(?:\*|[1-9]\d*)?(?:\.(?:\*|\d+))?[hlL]?(?P<conv>[diouxXeEfFgGcrsab%])"
)


def apply_percent(
    value: Value,
    args: Sequence[Arg] | None,
    mapping: dict[str, Arg] | None,
    single: Arg | None,
) -> Value:
    """``value % rhs`` on the literal parts.

    ``args`` for a tuple right-hand side, ``mapping`` for a dict literal, ``single`` for any other
    expression (one value, or an opaque tuple/dict whose items become ``name[i]``/``name``).
    """
    variants: list[Value] = []
    for variant in value:
        pieces: list[Value] = []
        idx = 0
        for part in variant:
            if not isinstance(part, str):
                pieces.append(((part,),))
                continue
            pos = 0
            for m in _PERCENT.finditer(part):
                if m.start() > pos:
                    pieces.append(lit(part[pos : m.start()]))
                pos = m.end()
                if m.group("conv") == "%":
                    pieces.append(lit("%"))
                    continue
                key = m.group("key")
                repr_ = m.group("conv") in ("r", "a")
                if key is not None:
                    if mapping is not None and key in mapping:
                        pieces.append(as_repr(mapping[key]) if repr_ else mapping[key].value)
                    else:
                        pieces.append(ph(key))
                elif args is not None:
                    if idx < len(args):
                        pieces.append(as_repr(args[idx]) if repr_ else args[idx].value)
                    else:
                        pieces.append(ph(f"args[{idx}]"))
                    idx += 1
                elif single is not None:
                    if idx == 0:
                        pieces.append(as_repr(single) if repr_ else single.value)
                    else:
                        pieces.append(ph(f"{single.text}[{idx}]"))
                    idx += 1
            if pos < len(part):
                pieces.append(lit(part[pos:]))
        variants.append(concat(*pieces) if pieces else lit(""))
    return union(*variants)


def join_values(sep: Value, items: Iterable[Value]) -> Value:
    """``sep.join(items)`` for a list whose items are known."""
    pieces: list[Value] = []
    for i, item in enumerate(items):
        if i:
            pieces.append(sep)
        pieces.append(item)
    return concat(*pieces) if pieces else lit("")


# ---------------------------------------------------------------- final form


def to_segments(parts: Iterable[str | Ph]) -> list[str]:
    """Normalise to the model's odd-length ``[lit, name, lit, ...]`` form (within the caps)."""
    out: list[str] = [""]
    run: list[str] = []  # literal pieces joined once, not appended to a growing string
    for p in capped(parts):
        if isinstance(p, str):
            run.append(p)
        else:
            out[-1] = "".join(run)
            run.clear()
            out.append(p.name)
            out.append("")
    out[-1] = "".join(run)
    return out
