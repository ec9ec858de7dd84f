"""Helpers that re-flow the text they are given before formatting it.

Libraries write long messages as indented triple-quoted literals and hand them to a helper of
their own that makes one line of them: asn1crypto's ``unwrap(string, *params)`` dedents the
text, joins each line to the next with ``re.sub('(?<=\\S)\n(?=[^ \n\t\\d\\*\\-=])', ' ', ...)``
(under ``if output.find('\n') != -1``), applies ``% params`` (under ``if params``) and strips.

The user sees the one line; a template keeping the literal's newlines and indentation never
matches it. :func:`reflow_ret` reads such a body (at index time, from its syntax alone) into a
chain of :class:`~errdex.extract.templates.Op` on the text parameter: ``dedent``/``cleandoc``,
``strip``/``lstrip``/``rstrip``, ``re.sub`` with a constant pattern and replacement, and ``%`` or
``str.format`` with the other parameters, each maybe under the test the body puts it under. A
call's literal argument is then re-flowed the same way when the call is resolved
(``resolve.Resolver.op`` hands the steps of this module to :func:`reflow_op`), its ``%s`` left as
holes of the template until ``%`` fills them with the call's arguments.

The pattern is the library's text, so it is never run by a backtracking engine: only a pattern
of one shape is accepted, evaluated here in time linear in the text — an optional fixed-width
lookbehind, a sequence of single-character sets (a literal, an escape, ``.``, a ``[...]`` class),
each maybe repeated, and an optional fixed-width lookahead — with Python's meaning of ``\\s``,
``\\d`` and ``\\w`` (RE2, ``linear_re``, has neither lookarounds nor the Unicode classes). A
repeated set must be the last of the sequence or be followed by a set of known characters none
of which it holds, so that taking the longest run is what Python's search finds too; a pattern
that may match nothing, or of any other shape (groups, alternation, anchors, flags), is refused
and the helper is not read as a re-flow. Texts longer than ``MAX_TEXT`` are left unevaluated.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import NamedTuple

from errdex.extract.templates import (
    Arg,
    Op,
    Ph,
    Sig,
    Value,
    Variant,
    apply_format,
    apply_percent,
    lit,
    ph,
)

__all__ = ["IF_ARGS", "IF_KWARGS", "MAX_TEXT", "RE_SUB", "reflow_op", "reflow_ret", "sub_text"]

# ``Op`` kind: args (pattern, replacement); kwargs ``(("in", c),)``: only when c is in the text
RE_SUB = "re.sub"
IF_ARGS = "if args:"  # prefix of an ``Op`` kind: the step runs only when ``*args`` collected something
IF_KWARGS = "if kwargs:"  # the same for ``**kwargs``
MAX_TEXT = 20_000  # characters of text one substitution reads (``templates.MAX_LITERAL``)
MAX_ATOMS = 32  # character sets in one pattern
_IN = "in"
_FIRST_HOLE = 0xF0000  # placeholders stand in the text as characters of plane 15 (private use)
_HOLES = 0xFFFFE - _FIRST_HOLE  # (U+FFFFE and U+FFFFF are non-characters)


# ---------------------------------------------------------------- the pattern


class CharSet(NamedTuple):
    """One character of a pattern: ``test`` says whether a character matches; ``chars`` are the
    characters it matches when they are few and known (a literal, ``[abc]``), else None."""

    test: Callable[[str], bool]
    chars: frozenset[str] | None


class Atom(NamedTuple):
    """A character set repeated between ``low`` and ``high`` times (``high`` None: no bound)."""

    cs: CharSet
    low: int
    high: int | None


class Shape(NamedTuple):
    """An accepted pattern: lookbehind sets (``behind_neg``: ``(?<!...)``), the body, and the
    lookahead sets (``ahead_neg``: ``(?!...)``)."""

    behind: tuple[CharSet, ...]
    behind_neg: bool
    body: tuple[Atom, ...]
    ahead: tuple[CharSet, ...]
    ahead_neg: bool


_SPECIAL = frozenset(".^$*+?{}[]\\|()")
_CONTROL = {"n": "\n", "t": "\t", "r": "\r", "f": "\f", "v": "\v", "a": "\a"}


def _is_word(c: str) -> bool:
    return c.isalnum() or c == "_"


# Python's ``re`` on ``str`` patterns: ``\d`` is a Unicode decimal digit, ``\s`` what
# ``str.isspace`` says, ``\w`` alphanumerics and the underscore
_CLASSES: dict[str, Callable[[str], bool]] = {
    "d": str.isdecimal,
    "D": lambda c: not c.isdecimal(),
    "s": str.isspace,
    "S": lambda c: not c.isspace(),
    "w": _is_word,
    "W": lambda c: not _is_word(c),
}


def _between(low: str, high: str) -> Callable[[str], bool]:
    """A wide range of a class (``[\u0100-\uffff]``), tested rather than listed."""
    return lambda x: low <= x <= high


class _Reader:
    """A cursor over the pattern; every ``read_*`` returns None for a form it does not accept."""

    def __init__(self, pattern: str) -> None:
        self.p = pattern
        self.i = 0

    def peek(self, n: int = 1) -> str:
        return self.p[self.i : self.i + n]

    def escape(self) -> tuple[str, CharSet | None] | None:
        """After a backslash: ("c", None) for one character, ("", set) for a class."""
        c = self.peek()
        if not c:
            return None
        self.i += 1
        if c in _CLASSES:
            return "", CharSet(_CLASSES[c], None)
        if c in _CONTROL:
            return _CONTROL[c], None
        if c == "x" and len(h := self.peek(2)) == 2 and all(x in "0123456789abcdefABCDEF" for x in h):
            self.i += 2
            return chr(int(h, 16)), None
        if c.isalnum() or c == "_":
            return None  # ``\b``, ``\1``, ``\N{...}``, ``\A``: anchors and forms not evaluated here
        return c, None

    def one(self) -> CharSet | None:
        """One character set: a literal, an escape, ``.`` or a class."""
        c = self.peek()
        if not c:
            return None
        self.i += 1
        if c == ".":
            return CharSet(lambda x: x != "\n", None)
        if c == "[":
            return self.klass()
        if c == "\\":
            got = self.escape()
            if got is None:
                return None
            ch, cs = got
            return cs if cs is not None else CharSet(frozenset(ch).__contains__, frozenset(ch))
        if c in _SPECIAL:
            return None
        return CharSet(frozenset(c).__contains__, frozenset(c))

    def klass(self) -> CharSet | None:
        """``[...]`` after its ``[``: characters, ranges and ``\\d``-style classes, maybe negated."""
        negate = self.peek() == "^"
        self.i += negate
        chars: set[str] = set()
        tests: list[Callable[[str], bool]] = []
        first = True
        while True:
            c = self.peek()
            if not c:
                return None
            if c == "]" and not first:
                self.i += 1
                break
            first = False
            if c == "[" or self.peek(2) in ("&&", "--", "||", "~~"):
                return None  # (set operations Python may give a meaning to one day)
            low = self.member()
            if low is None:
                return None
            if isinstance(low, CharSet):
                tests.append(low.test)
                continue
            if self.peek() == "-" and self.peek(2) != "-]" and len(self.peek(2)) == 2:
                self.i += 1
                high = self.member()
                if not isinstance(high, str) or high < low:
                    return None
                if ord(high) - ord(low) < 256:
                    chars.update(chr(x) for x in range(ord(low), ord(high) + 1))
                else:
                    tests.append(_between(low, high))
                continue
            chars.add(low)
        known = frozenset(chars)

        def test(x: str) -> bool:
            return (x in known or any(t(x) for t in tests)) != negate

        return CharSet(test, known if not tests and not negate else None)

    def member(self) -> str | CharSet | None:
        """One item of a class: a character or an escaped class."""
        c = self.peek()
        self.i += 1
        if c != "\\":
            return c
        got = self.escape()
        if got is None:
            return None
        ch, cs = got
        return cs if cs is not None else ch

    def repeat(self) -> tuple[int, int | None] | None:
        """A quantifier after a set: (low, high); (1, 1) when there is none."""
        c = self.peek()
        bounds: tuple[int, int | None]
        if c in ("*", "+", "?"):
            self.i += 1
            bounds = {"*": (0, None), "+": (1, None), "?": (0, 1)}[c]
        elif c == "{":
            end = self.p.find("}", self.i)
            low, comma, high = self.p[self.i + 1 : end].partition(",")
            if end < 0 or not low.isdigit() or (high and not high.isdigit()):
                return None
            self.i = end + 1
            bounds = (int(low), None if comma and not high else int(high or low))
        else:
            return 1, 1
        if self.peek() in ("?", "+"):
            return None  # lazy and possessive repeats
        return bounds

    def look(self, opener: str) -> tuple[CharSet, ...] | None:
        """The fixed-width sets of a lookaround after ``opener``, up to its ``)``."""
        self.i += len(opener)
        sets: list[CharSet] = []
        while self.peek() != ")":
            cs = self.one()
            if cs is None or self.peek() in ("*", "+", "?", "{"):
                return None
            sets.append(cs)
        self.i += 1
        return tuple(sets)


@lru_cache(maxsize=256)
def shape_of(pattern: str) -> Shape | None:
    """The pattern as a :class:`Shape`, or None when it is not of the one shape evaluated here."""
    if len(pattern) > 1_000:
        return None
    r = _Reader(pattern)
    behind: tuple[CharSet, ...] = ()
    behind_neg = False
    for opener in ("(?<=", "(?<!"):
        if r.peek(4) == opener:
            got = r.look(opener)
            if got is None:
                return None
            behind, behind_neg = got, opener == "(?<!"
    body: list[Atom] = []
    ahead: tuple[CharSet, ...] = ()
    ahead_neg = False
    while r.peek():
        if r.peek(3) in ("(?=", "(?!"):
            ahead_neg = r.peek(3) == "(?!"
            got = r.look(r.peek(3))
            if got is None or r.peek():
                return None
            ahead = got
            break
        cs = r.one()
        reps = r.repeat() if cs is not None else None
        if cs is None or reps is None or len(body) >= MAX_ATOMS:
            return None
        body.append(Atom(cs, *reps))
    shape = Shape(behind, behind_neg, tuple(body), ahead, ahead_neg)
    return shape if _greedy_is_exact(shape) else None


def _greedy_is_exact(shape: Shape) -> bool:
    """Taking every repeat's longest run finds what Python's backtracking search finds: each
    repeat is followed by nothing or by a set of known characters it never matches (a run
    cannot lend it one; a negative lookahead could be satisfied by a shorter run, so none may
    follow one), and the match is never empty."""
    if not shape.body or all(a.low == 0 for a in shape.body):
        return False
    for i, atom in enumerate(shape.body):
        if atom.low == atom.high:
            continue
        if i + 1 < len(shape.body):
            after = shape.body[i + 1].cs
        elif not shape.ahead:
            continue
        elif shape.ahead_neg:
            return False
        else:
            after = shape.ahead[0]
        if after.chars is None or any(atom.cs.test(c) for c in after.chars):
            return False
    return True


def _runs(text: str, cs: CharSet) -> list[int]:
    """For each position, where the run of characters ``cs`` matches starting there ends."""
    out = [0] * (len(text) + 1)
    out[len(text)] = len(text)
    for i in range(len(text) - 1, -1, -1):
        out[i] = out[i + 1] if cs.test(text[i]) else i
    return out


def _match_at(text: str, i: int, shape: Shape, runs: Sequence[list[int] | None]) -> int:
    """Where the body matched at ``i`` ends, with its lookarounds holding; -1 when it does not."""
    n = len(text)
    j = i
    for atom, run in zip(shape.body, runs, strict=True):
        if run is None:
            if j >= n or not atom.cs.test(text[j]):
                return -1
            j += 1
            continue
        end = run[j]
        if atom.high is not None:
            end = min(end, j + atom.high)
        if end - j < atom.low:
            return -1
        j = end
    if shape.behind:
        k = i - len(shape.behind)
        ok = k >= 0 and all(cs.test(text[k + t]) for t, cs in enumerate(shape.behind))
        if ok == shape.behind_neg:
            return -1
    if shape.ahead:
        ok = j + len(shape.ahead) <= n and all(cs.test(text[j + t]) for t, cs in enumerate(shape.ahead))
        if ok == shape.ahead_neg:
            return -1
    return j


def sub_text(pattern: str, repl: str, text: str) -> str | None:
    """``re.sub(pattern, repl, text)`` for a pattern of the accepted shape and a replacement
    without backslashes; None for any other pattern or replacement, or a text too long."""
    shape = shape_of(pattern)
    if shape is None or "\\" in repl or len(text) > MAX_TEXT:
        return None
    runs = [_runs(text, a.cs) if a.low != a.high else None for a in shape.body]
    out: list[str] = []
    i = start = 0
    while i < len(text):
        j = _match_at(text, i, shape, runs)
        if j < 0:
            i += 1
            continue
        out += (text[start:i], repl)
        i = start = j
    out.append(text[start:])
    return "".join(out)


# ---------------------------------------------------------------- a message's value


def _sub_variant(variant: Variant, pattern: str, repl: str, needle: str | None) -> Variant | None:
    """The substitution on one rendering of the text, its placeholders standing in as private
    characters (a hole is some text that is not white space); None when the pattern consumed
    one, or the rendering holds anything but text and placeholders."""
    holes: list[Ph] = []
    pieces: list[str] = []
    for p in variant:
        if isinstance(p, Ph) and len(holes) < _HOLES:
            pieces.append(chr(_FIRST_HOLE + len(holes)))
            holes.append(p)
        elif isinstance(p, str) and not any(ord(c) >= _FIRST_HOLE for c in p):
            pieces.append(p)
        else:
            return None
    if needle is not None and needle not in "".join(p for p in variant if isinstance(p, str)):
        return variant
    got = sub_text(pattern, repl, "".join(pieces))
    if got is None:
        return None
    parts: list[str | Ph] = []
    pos = 0
    for n, hole in enumerate(holes):
        at = got.find(chr(_FIRST_HOLE + n), pos)
        if at < 0:
            return None
        if at > pos:
            parts.append(got[pos:at])
        parts.append(hole)
        pos = at + 1
    if pos < len(got) or not parts:
        parts.append(got[pos:])
    return tuple(parts)


def reflow_op(part: Op, base: Value) -> Value:
    """One step of a re-flow helper on a rendering of its text: ``re.sub``, or ``%``/``format``
    run only when the call gave the arguments the body tests for (``if params:``); a rendering
    the substitution cannot read becomes the step's placeholder."""
    kind = part.kind
    for prefix in (IF_ARGS, IF_KWARGS):
        if kind.startswith(prefix):
            given = part.args if prefix == IF_ARGS else part.kwargs
            if not given:
                return base
            kind = kind[len(prefix) :]
    if kind == "%":
        return apply_percent(base, part.args, None, None)
    if kind == "format":
        return apply_format(base, part.args, dict(part.kwargs), part.name)
    pattern, repl = (a.value[0][0] for a in part.args)
    # (read from the value: an argument's source text is renamed when it spells a parameter)
    needle = dict(part.kwargs)[_IN].value[0][0] if part.kwargs else None
    out: list[Variant] = []
    for variant in base:
        got = _sub_variant(variant, str(pattern), str(repl), str(needle) if needle is not None else None)
        out.append(got if got is not None else (Ph(part.name),))
    return tuple(out)


# ---------------------------------------------------------------- the helper's body

_Step = tuple[str, tuple[Arg, ...], tuple[tuple[str, Arg], ...]]


class _Body:
    """Reads a helper's statements into steps on its text parameter (``cur``: the name that
    holds the text so far)."""

    def __init__(self, text: str, sig: Sig) -> None:
        self.cur = text
        self.star = sig.vararg
        self.kw = sig.kwarg
        self.steps: list[_Step] = []

    def chain(self, e: ast.expr) -> list[_Step] | None:
        """The steps an expression applies to the text, innermost first; None if it does
        anything else."""
        if isinstance(e, ast.Name):
            return [] if e.id == self.cur else None
        if isinstance(e, ast.BinOp) and isinstance(e.op, ast.Mod):
            inner = self.chain(e.left)
            if inner is None or not (isinstance(e.right, ast.Name) and e.right.id == self.star):
                return None
            return [*inner, ("%", (Arg(f"*{self.star}", ph(self.star)),), ())]
        if not isinstance(e, ast.Call):
            return None
        f = e.func
        name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
        if name in ("dedent", "cleandoc") and len(e.args) == 1 and not e.keywords and _module_ok(f):
            inner = self.chain(e.args[0])
            return None if inner is None else [*inner, (name, (), ())]
        if name == "sub" and isinstance(f, ast.Attribute) and _is_name(f.value, "re"):
            return self.re_sub(e)
        if not isinstance(f, ast.Attribute):
            return None
        inner = self.chain(f.value)
        if inner is None:
            return None
        if name in ("strip", "lstrip", "rstrip") and not e.keywords and len(e.args) <= 1:
            chars = [_const_str(a) for a in e.args]
            if "\0" in chars:
                return None
            return [*inner, (name, tuple(Arg(repr(c), lit(c)) for c in chars), ())]
        if name == "format":
            return self.format_step(e, inner)
        return None

    def re_sub(self, e: ast.Call) -> list[_Step] | None:
        """``re.sub(PATTERN, REPL, text)``: constants of the accepted shape, no count or flags."""
        if len(e.args) != 3 or e.keywords:
            return None
        pattern, repl = _const_str(e.args[0]), _const_str(e.args[1])
        inner = self.chain(e.args[2])
        if inner is None or "\0" in (pattern, repl) or "\\" in repl or shape_of(pattern) is None:
            return None
        return [*inner, (RE_SUB, (Arg(repr(pattern), lit(pattern)), Arg(repr(repl), lit(repl))), ())]

    def format_step(self, e: ast.Call, inner: list[_Step]) -> list[_Step] | None:
        """``text.format(*args, **kwargs)`` with the helper's own collectors only."""
        args: list[Arg] = []
        for a in e.args:
            if not (isinstance(a, ast.Starred) and _is_name(a.value, self.star)):
                return None
            args.append(Arg(f"*{self.star}", ph(str(self.star))))
        kwargs: list[tuple[str, Arg]] = []
        for k in e.keywords:
            if k.arg is not None or not _is_name(k.value, self.kw):
                return None
            kwargs.append(("**", Arg(str(self.kw), ph(str(self.kw)))))
        return [*inner, ("format", tuple(args), tuple(kwargs))] if args or kwargs else None

    def statement(self, s: ast.stmt) -> bool:
        """One statement: ``name = <steps on the text>``, ``text %= args``, or one of those
        under ``if args:``/``if kwargs:``/``if "c" in text:``."""
        if isinstance(s, ast.If):
            return self.guarded(s)
        if isinstance(s, ast.AugAssign) and isinstance(s.target, ast.Name) and s.target.id == self.cur:
            return self.assign(s.target, ast.BinOp(ast.Name(self.cur), s.op, s.value))
        if isinstance(s, ast.Assign) and len(s.targets) == 1 and isinstance(s.targets[0], ast.Name):
            return self.assign(s.targets[0], s.value)
        return False

    def assign(self, target: ast.Name, value: ast.expr) -> bool:
        steps = self.chain(value)
        if steps is None:
            return False
        self.steps += steps
        self.cur = target.id
        return True

    def guarded(self, s: ast.If) -> bool:
        """A step under a test the call decides (its arguments) or the text does (a character in
        it, for a substitution only)."""
        if s.orelse or len(s.body) != 1:
            return False
        before = len(self.steps)
        cur = self.cur
        if not self.statement(s.body[0]) or self.cur != cur:
            return False
        steps = self.steps[before:]
        t = s.test
        if isinstance(t, ast.Name) and t.id in (self.star, self.kw):
            prefix = IF_ARGS if t.id == self.star else IF_KWARGS
            self.steps[before:] = [(prefix + k, a, kw) for k, a, kw in steps]
            return all(k in ("%", "format") for k, _, _ in steps)
        needle = _contains_test(t, self.cur)
        if needle is None or any(k != RE_SUB for k, _, _ in steps):
            return False
        self.steps[before:] = [(k, a, ((_IN, Arg(repr(needle), lit(needle))),)) for k, a, _ in steps]
        return True


def _const_str(e: ast.expr) -> str:
    """A string constant's text; NUL (never in a pattern read here) for anything else."""
    return e.value if isinstance(e, ast.Constant) and isinstance(e.value, str) else "\0"


def _is_name(e: ast.expr, name: str | None) -> bool:
    return name is not None and isinstance(e, ast.Name) and e.id == name


def _module_ok(f: ast.expr) -> bool:
    """``dedent``/``cleandoc`` called bare (imported) or from ``textwrap``/``inspect``."""
    return isinstance(f, ast.Name) or (
        isinstance(f, ast.Attribute)
        and isinstance(f.value, ast.Name)
        and f.value.id in ("textwrap", "inspect")
    )


def _int_const(e: ast.expr) -> int | None:
    """An integer constant, ``-1`` included (a unary minus on a constant)."""
    if isinstance(e, ast.UnaryOp) and isinstance(e.op, ast.USub):
        inner = _int_const(e.operand)
        return None if inner is None else -inner
    return e.value if isinstance(e, ast.Constant) and type(e.value) is int else None


def _contains_test(t: ast.expr, cur: str) -> str | None:
    """``"c" in text`` or ``text.find("c") != -1`` (``>= 0``, ``> -1``): the character tested."""
    if not isinstance(t, ast.Compare) or len(t.ops) != 1:
        return None
    left, op, right = t.left, t.ops[0], t.comparators[0]
    if isinstance(op, ast.In) and _is_name(right, cur):
        c = _const_str(left)
        return c if c != "\0" and c else None
    if not (
        isinstance(left, ast.Call)
        and isinstance(left.func, ast.Attribute)
        and left.func.attr == "find"
        and _is_name(left.func.value, cur)
        and len(left.args) == 1
        and not left.keywords
        and (_int_const(right), type(op)) in ((-1, ast.NotEq), (0, ast.GtE), (-1, ast.Gt))
    ):
        return None
    c = _const_str(left.args[0])
    return c if c != "\0" and c else None


def reflow_ret(node: ast.FunctionDef | ast.AsyncFunctionDef, sig: Sig) -> Value | None:
    """What a re-flow helper returns, as steps on its first parameter; None when the body is
    not only such steps or re-flows nothing (no ``dedent``/``cleandoc``/``re.sub``)."""
    if not sig.positional:
        return None
    body = [s for s in node.body if not (type(s) is ast.Expr and type(s.value) is ast.Constant)]
    if not body or not isinstance(body[-1], ast.Return) or body[-1].value is None:
        return None
    reader = _Body(sig.positional[0], sig)
    if not all(reader.statement(s) for s in body[:-1]):
        return None
    last = reader.chain(body[-1].value)
    if last is None:
        return None
    steps = reader.steps + last
    if not any(k in ("dedent", "cleandoc", RE_SUB) for k, _, _ in steps):
        return None
    name = f"{node.name}()"
    value: Value = ph(sig.positional[0])
    for kind, args, kwargs in steps:
        value = ((Op(kind, value, args, kwargs, name),),)
    return value
