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

import ast
import itertools
import re
import string
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import NamedTuple

from errdex.extract.literals import format_field, percent_field, spread

MAX_VARIANTS = 16  # beyond this, branchy message construction explodes combinatorially
# A message read whole from a table (``MESSAGES[code]``, ``TABLE[key]["err"]``) is one of the
# table's texts: each is a literal, one record apiece, so the table's rows are kept well past
# ``MAX_VARIANTS`` (error-code tables, install hints) at a cost linear in the rows.
MAX_TABLE = 128
# One message's size. Real messages stay far below (jax's largest: 13 placeholders, ~1,000
# characters); a crafted ``f"{a}" * 50000`` must not cost quadratic time here or at match
# time. A longer message keeps its head and ends in the ``TRUNCATED`` placeholder, so it still
# matches (as a prefix) what the code really prints. 20,000 characters is also as much of a
# pasted message as the matcher reads.
MAX_PLACEHOLDERS = 200
MAX_LITERAL = 20_000


class Ph(NamedTuple):
    """A dynamic part of a message, named as the source spells the expression.

    ``r`` marks a part shown through ``repr()`` (``{x!r}``, ``%r``): when it later turns out to
    be text (a parameter given a string at the call), the text gets the quotes repr adds.
    """

    name: str
    r: bool = False


class Arg(NamedTuple):
    """An argument at a helper/constructor call site: its source text and its message value.

    ``str_typed`` says the argument is known to be a ``str`` though its text is not (a parameter
    annotated ``str``): shown through ``repr()`` it brings the quotes repr adds.
    """

    text: str
    value: Value
    str_typed: bool = False
    # a tuple of arguments handed on whole (``super().__init__(args)`` with ``*args`` collected):
    # what a later ``*args`` or ``*args[0]`` spreads again
    items: tuple[Arg, ...] | None = None
    # a name the calling function binds once to a plain literal (``literals.source``: its
    # repr): ``"{}".format(x)`` and ``"%s" % x`` print it, as an f-string's ``{x}`` does
    literal: str | None = None


# ``Ref.method`` of an exception caught by name (``except KeyAlreadyPresent as e``): ``key`` is its
# class, and the text is what an instance of that class prints whatever its arguments.
CAUGHT = "<caught>"
# ``Ref.method`` of a caught exception raised again as its own class (``raise type(e)(...)``) and
# taken to be of class ``key`` exactly: the texts only that class's raises give it.
CAUGHT_OWN = "<caught own>"
# ``Ref.method`` of a caught built-in exception's text: ``key`` is a function the ``try`` body
# calls and ``args[0].text`` the caught class's key; the text is any of that function's own raises
# of the class.
RAISED_IN = "<raised in>"
# ``Ref.method`` of a class attribute or module constant named inside an f-string
# (``f"{Keys.PLATFORM}={value}"``): its text when it is a plain constant. A plain ``Enum``
# member formats as ``Cls.NAME``, not as its value, so one stays a placeholder.
FORMATTED = "<formatted>"
# ``Ref.method`` prefix of a constant shown through a format spec (``{N:,}``): the spec follows
FORMAT_SPEC = "<spec>"
# ``Ref.method`` of a class attribute or module constant handed as one of several arguments of
# an exception Python prints as the tuple's repr (``AlreadyLocked(LockException.LOCK_FAILED,
# msg)`` prints ``(1, '...')``): the constant's repr once its text is known.
REPR_CONST = "<repr const>"
# ``Ref.method`` of a message a module-level call registered (``ModuleFacts.registered``) and a
# module ``__getattr__`` warns or raises later: ``FUNC#I.J`` (item J of the rows of the dict handed
# to FUNC's parameter I, read by a closure of FUNC: jax's ``deprecation_getattr(__name__,
# _deprecations)``) or ``MODULE@ATTR`` (the text handed to parameter ATTR of a function of MODULE,
# read back as ``obj.ATTR`` in a ``__getattr__``: cryptography's ``utils.deprecated(...)``)
REGISTERED = "<registered>"
# suffix of a constant's key under which its exact ``repr`` is kept when that is not its text
# quoted (a number, a bool, bytes: ``LIMIT<repr>`` -> ``10``, ``MAGIC<repr>`` -> ``b'\\x93NUMPY'``)
REPR_KEY = "<repr>"


class Ref(NamedTuple):
    """Something defined elsewhere, resolved later against the codebase-wide tables.

    ``key`` is a dotted name (``pkg.mod.NAME``, ``pkg.mod.func``, ``pkg.mod.f.<locals>.g``); when
    ``method`` is set, ``key`` names a class and the method is looked up along its bases. ``name``
    is the placeholder used when the reference cannot be resolved. ``item`` >= 0: the call
    returns a tuple (a parser's ``(value, err, pos)``) and this is that element of it.
    ``listed``: the call returns a list of messages (whole, or as element ``item`` of a tuple)
    that the caller joins, and this is one item of it (``FuncInfo.lists``).
    """

    key: str
    name: str
    call: bool = False
    args: tuple[Arg, ...] = ()
    kwargs: tuple[tuple[str, Arg], ...] = ()
    method: str = ""
    item: int = -1
    listed: bool = False


class Op(NamedTuple):
    """``base.format(...)`` or ``base % rhs`` whose base text is known only after resolution
    (``self.fmt.format(**kwargs)``, ``self.args[0] % self.args[1:]``, a registry's message).

    ``kind`` is ``"format"``, ``"%"`` (``args`` are a tuple's items, ``kwargs`` a dict's),
    ``"%1"`` (one right-hand operand, ``args[0]``), ``"strip"``/``"lstrip"``/``"rstrip"``
    (``args[0]`` the characters), ``"removeprefix"``/``"removesuffix"`` (``args[0]`` the affix)
    or a case method (``"lower"``, ``"capitalize"``, ...; no ``args``). ``name`` is the
    placeholder when the base turns out to hold no text.
    """

    kind: str
    base: Value
    args: tuple[Arg, ...]
    kwargs: tuple[tuple[str, Arg], ...]
    name: str


class Lookup(NamedTuple):
    """``self.<attr>[key]``: a message from a registry of messages by key kept in class-level
    dicts (``default_error_messages``, merged along the class hierarchy). ``cls`` is the class
    of ``self``; the registry is searched once the key is known (a call passed it)."""

    cls: str
    attr: str
    key: Arg
    name: str


# A condition text depends on: (subject, test) and the truth value wanted. ``subject`` is a name
# as written (``self.method``, ``note``) or, for a test errdex cannot evaluate, the test's source;
# ``test`` is "t" (truthy), "n" (is not None), "len<N>" (``len(subject) == N``), "=<text>"
# (``subject == "text"``), "|t" (``a or b``: any of the ``ANY_OF``-separated subjects truthy), "x" (not
# evaluable: it only ties the two branches of one ``if`` together), "l" (a test on a local name in
# a loop's body, or a comprehension's rows: no call decides it and the text it guards may be there
# any number of times, so it stays open, never enumerated), "v<test>" (``LOCAL``: a simple test on
# a local outside any loop, ``if missing:`` as "vt"; no call decides it either, but its text is
# there once or not at all, so a message with at most ``MAX_LOCAL_TESTS`` of them is rendered both
# ways for each) or "c" (``CAUSED``: ``isinstance(self.__cause__, X)``, false for a raise that
# gives no cause, else unknown).
Cond = tuple[tuple[str, str], bool]
LOCAL = "v"
ANY_OF = "|"  # between the subjects of an "|t" test (never in a dotted name)
CAUSED = "c"


def undecidable(test: str) -> bool:
    """A test no call's arguments decide: opaque ("x"), a loop's local ("l") or a local's."""
    return test in ("x", "l") or test[:1] == LOCAL


class Opt(NamedTuple):
    """Text present only when conditions hold: an ``append`` or ``+=`` under an ``if``.

    Kept in place instead of multiplying variants, so that what a call passes can decide it
    later (``MarkedError(ctx, mark, problem)`` leaves ``note`` None: that line is absent), and
    the two branches of one ``if`` stay exclusive (they share the condition).
    """

    conds: tuple[Cond, ...]
    value: tuple[Part, ...]
    need: bool = False  # the whole variant needs the conditions (a ``return`` under an ``if``)


Part = str | Ph | Ref | Op | Lookup | Opt
Variant = tuple[Part, ...]
Value = tuple[Variant, ...]

EMPTY: Value = (("",),)
# A local assigned ``None`` (``msg = None``, text given in some branches only): a variant a truth
# test leaves out, and one an exception class given it as its message prints as None
NONE: Value = ((Ph("None"),),)
TRUNCATED = Ph("…")  # stands for the rest of a message cut at MAX_PLACEHOLDERS / MAX_LITERAL


def lit(text: str) -> Value:
    return ((text,),)


# A named tuple made by ``tuple.__new__`` directly, its fields given in order: the class's own
# ``__new__`` is a generated Python function (``lambda _cls, name, r=False: ...``) that calls
# this, ~1,500 instructions a construction more (perf50); for the two constructions the
# extraction makes most (``ph``'s placeholders, ``ModuleVisitor.arg``'s arguments).
# Every field is given (``tests/test_fast_ast.py`` checks them against the classes' defaults).
new_tuple = tuple.__new__


def ph(name: str) -> Value:
    return ((new_tuple(Ph, (name, False)),),)


def as_repr(arg: Arg) -> Value:
    """The value of ``repr(arg)`` (``%r``, ``{x!r}``).

    Known text gets the quotes repr adds (they are literal evidence in the message); a lone
    placeholder is marked to get them if it is given text later; anything else (another
    object, a helper's result) is a plain placeholder, never text inlined without its quotes.
    """
    v = arg.value
    if _LITERAL.fullmatch(arg.text):
        return lit(arg.text)  # None, True, 3, -1.5: repr is the source
    if (named := const_repr(arg)) is not None:
        return named  # ``{MAGIC!r}`` of a constant defined elsewhere: its repr once resolved
    if len(v) == 1 and len(v[0]) == 1 and isinstance(v[0][0], Ph):
        if arg.str_typed:
            return concat(lit("'"), v, lit("'"))
        return ((v[0][0]._replace(r=True),),)
    if v and all(is_text(variant) or _text_with_reprs(variant) for variant in v):
        return quoted(v)
    if v and _STR_SOURCE.match(arg.text) and all(has_literal(variant) for variant in v):
        # a string literal, formatted (``f"... by {Methods.name_of(id)}."``, ``"...".format(x)``):
        # a ``str`` whatever its fields hold, so repr() quotes its text; its words stay literal
        # evidence instead of one opaque placeholder any text fits
        return quoted(v)
    mixed = _repr_text_or_unknown(v)
    if mixed is not None:
        return mixed
    if v and all(_str_of_ops(variant) for variant in v):
        # ``self.msg.format(...)`` of a template known once resolved: every ``Op`` makes a
        # ``str``, so its repr is that text quoted, done when the text is known (``REPR_OP``);
        # so does a local built over several statements (``msg = TEMPLATE.format(...)`` then
        # ``msg += info``): a ``str`` joined to an ``Op``'s ``str`` is one ``str``
        return ((Op(REPR_OP, v, (), (), arg.text),),)
    return ((Ph(arg.text, True),),)


def _str_of_ops(variant: Variant) -> bool:
    """A variant that is certainly a ``str`` made by operations resolution reads: one ``Op``
    (each makes a ``str``), or several parts joined with at least one ``Op`` among them and the
    rest text or ``str`` placeholders (``+`` with a ``str`` on one side is a ``str``)."""
    if not any(isinstance(p, Op) for p in variant):
        return False
    return len(variant) == 1 or all(isinstance(p, _T_STR_PH_OP) for p in variant)


def const_repr(arg: Arg) -> Value | None:
    """``repr()`` of an argument that names a constant defined elsewhere (``exceptions.Cls.CODE``),
    left to resolution (``REPR_CONST``); None for any other argument."""
    v = arg.value
    if len(v) == 1 and len(v[0]) == 1 and isinstance(ref := v[0][0], Ref) and not ref.call and not ref.method:
        return ((ref._replace(method=REPR_CONST),),)
    return None


def _repr_text_or_unknown(v: Value) -> Value | None:
    """``repr`` of a name that holds text in some branches and an unknown value in others
    (``try: msg = "{}: {}".format(...)`` / ``except: msg = json.dumps(data)``): the text variants
    quoted, the others a placeholder shown through repr; None unless both kinds are there."""
    out: list[Variant] = []
    for variant in v:
        if is_text(variant):
            out.append(quote_parts(variant))
        elif len(variant) == 1 and isinstance(variant[0], Ph):
            out.append((variant[0]._replace(r=True),))
        else:
            return None
    return tuple(out) if len(out) > 1 and any(is_text(x) for x in v) else None


# A constant whose repr is its source text. One character class, one quantifier: linear.
_LITERAL = re.compile(r"None|True|False|-?[0-9][0-9_.eEjxXoObBaAcCdDfF+-]*")
# source text opening with a ``str`` literal, formatted or raw (not ``b"..."``: bytes print as
# ``b'...'``); ``match`` only, one character class then a quote: no backtracking
_STR_SOURCE = re.compile(r"(?:[fF][rR]?|[rR][fF]?|[uU])?['\"]")


def is_none(variant: Sequence[Part]) -> bool:
    """A variant that is ``None`` itself (under the conditions of the branch that gives it)."""
    shown = [p for p in variant if not (isinstance(p, Opt) and not p.value)]  # (condition marks)
    return len(shown) == 1 and isinstance(shown[0], Ph) and shown[0].name == "None"


def _text_with_reprs(variant: Sequence[Part]) -> bool:
    """Text whose only other parts are constants shown through repr (``f"needs {MODE!r}"``):
    text still, quoted as the placeholders shown through repr it stood for before."""
    return has_literal(variant) and all(isinstance(p, _T_STR_PH) or _is_repr_const(p) for p in variant)


def _is_repr_const(p: Part) -> bool:
    return isinstance(p, Ref) and p.method == REPR_CONST


def is_text(variant: Sequence[Part]) -> bool:
    """A variant built from string literals: literal text and placeholders only, some text."""
    return has_literal(variant) and all(isinstance(p, _T_STR_PH) for p in variant)


_REPR_ESCAPES = str.maketrans({"\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t"})


def quote_parts(parts: Sequence[Part]) -> tuple[Part, ...]:
    """``repr()`` of a string made of ``parts``: quotes (double ones when the text holds a single
    quote and no double one, as repr chooses) and repr's escapes in the literal parts."""
    lits = [p for p in parts if isinstance(p, str)]
    # a part shown through repr brings its own quotes (usually single ones) into the text
    single = any("'" in t for t in lits) or any(
        (isinstance(p, Ph) and p.r) or _is_repr_const(p) for p in parts
    )
    q = '"' if single and not any('"' in t for t in lits) else "'"
    out: list[Part] = [q]
    for p in parts:
        if isinstance(p, str):
            text = p.translate(_REPR_ESCAPES)
            out.append(text.replace(q, "\\" + q))
        else:
            out.append(p)
    out.append(q)
    return tuple(out)


def quoted(value: Value) -> Value:
    """``repr()`` of each variant that is text; other variants stay as they are."""
    return tuple(quote_parts(v) if has_literal(v) else v for v in value)


def union(*values: Value) -> Value:
    """All variants of several values, deduplicated, order kept, capped."""
    seen: dict[Variant, None] = {}
    for v in values:
        for variant in v:
            seen.setdefault(variant, None)
            if len(seen) >= MAX_VARIANTS:
                return tuple(seen)
    return tuple(seen)


def concat(*values: Value, cap: int = MAX_VARIANTS) -> Value:
    """Concatenation of values: the cartesian product of their variants, capped.

    The first ``cap`` combinations in product order, each built once by chaining its parts
    (linear in the parts, where growing a tuple value by value would be quadratic).
    """
    combos: Iterable[tuple[Variant, ...]] = itertools.product(*values)
    if any(len(v) > 1 for v in values) and any(_needs(v) for val in values for v in val):
        combos = _consistent_combos(combos)
    combos = itertools.islice(combos, cap)
    return tuple(dict.fromkeys(capped(itertools.chain.from_iterable(c)) for c in combos))


_COMBO_SCAN = 16 * MAX_VARIANTS  # combinations read to find the possible ones, at most


def _needs(variant: Variant) -> bool:
    return any(isinstance(p, Opt) and p.need for p in variant)


def _consistent_combos(combos: Iterable[tuple[Variant, ...]]) -> Iterator[tuple[Variant, ...]]:
    """The combinations no two of whose variants need one condition both ways: a text built in
    an ``if``'s branch (``fmt += " ({reason})"`` under ``if self.reason``) and an argument
    chosen by the same test (``reason=self.reason or ""``, whose ``""`` needs it false) never
    meet. Left in, such impossible pairs would fill the variant cap before the possible ones."""
    for combo in itertools.islice(combos, _COMBO_SCAN):
        wanted: dict[tuple[str, str], bool] = {}
        if all(
            wanted.setdefault(key, want) == want
            for variant in combo
            for p in variant
            if isinstance(p, Opt) and p.need
            for key, want in p.conds
        ):
            yield combo


# Parts, counted through everything nested, that an argument's value may hold when it is recorded
# for the call it is passed to: a branch-grown message of every variant and its optional
# segments stays far below; a value doubled branch after branch passes it within a few branches
MAX_ARG_PARTS = 4 * MAX_VARIANTS * MAX_PLACEHOLDERS


# what a part's fields hold besides parts (text, a flag, a count, nothing): no tuple, told by the
# exact type, which costs no generic ``__class__`` read as an ``isinstance`` answering False does
_ATOMS = frozenset({str, bool, int, type(None)})


def exceeds(value: object, limit: int) -> bool:
    """Whether ``value`` holds more than ``limit`` parts, counted through everything nested in it
    (a reference's arguments, an optional segment's text). Stops at the limit, so it costs at most
    the limit however large the value: values share their pieces, and one built from a call
    given a value built from the same call before (``n, = unpack(buf, off)``; ``off += n`` in
    every branch) is a tree exponential in the statements although small in memory."""
    if limit < 1:
        return True  # the value itself is one part
    # every part is counted once whatever the order: the parts found so far are a list read as
    # it grows, and its length is the count (no pop and no counter per part)
    found: list[object] = [value]
    for x in found:
        if type(x) not in _ATOMS and isinstance(x, tuple):  # (text, flags, counts: no class lookup)
            found.extend(x)
            if len(found) > limit:
                return True
    return False


# Parts of a variant kept as they were built; past this, adjacent texts are joined into one
# part. A text grown a piece per statement (``a1 = a0 + "y"``, ``a2 = a1 + "y"``, ...) kept
# one part per piece: every statement copied all of the pieces before it, quadratic in the
# statements (a 190 KB module 3.9 s, a megabyte minutes). Real messages hold a few dozen parts,
# so they keep theirs, with the boundaries some readings of a value look at.
MAX_PARTS = 256


def capped(parts: Iterable[Part]) -> Variant:
    """The parts up to ``MAX_PLACEHOLDERS`` dynamic parts and ``MAX_LITERAL`` characters of text,
    then ``TRUNCATED`` if anything was left out. Stops reading at the cut, so a capped value
    costs the cap, not the input. More than ``MAX_PARTS`` parts: adjacent texts joined."""
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
    return tuple(out) if len(out) <= MAX_PARTS else _texts_joined(out)


def _texts_joined(parts: list[Part]) -> Variant:
    """``parts`` with each run of adjacent texts joined into one (the text the same)."""
    out: list[Part] = []
    run: list[str] = []
    for p in parts:
        if isinstance(p, str):
            run.append(p)
            continue
        if run:
            out.append("".join(run))
            run.clear()
        out.append(p)
    if run:
        out.append("".join(run))
    return tuple(out)


def has_literal(variant: Sequence[Part]) -> bool:
    return any(
        (isinstance(p, str) and p.strip()) or (isinstance(p, Opt) and has_literal(p.value)) for p in variant
    )


def has_words(variant: Sequence[Part]) -> bool:
    """Literal text with a letter or a digit in it: the library's own words, not a separator
    joining values (``{namespace}.{schema}``, ``{a}: {b}``)."""
    return any(
        (isinstance(p, str) and any(c.isalnum() for c in p)) or (isinstance(p, Opt) and has_words(p.value))
        for p in variant
    )


def method_calls(value: Value) -> bool:
    """Every form of the value is one call of a method (``self._render(...)``): what an
    exception class's own method returns, known once the class raised is."""
    return bool(value) and all(
        len(v) == 1 and isinstance(v[0], Ref) and v[0].call and v[0].method for v in value
    )


def value_has_literal(value: Value) -> bool:
    return any(has_literal(v) for v in value)


def strip_ends(value: Value, chars: str | None, left: bool, right: bool) -> Value:
    """``s.strip(chars)`` (``lstrip``/``rstrip``) on the literal text at the ends of each
    variant; a placeholder at an end stays as it is."""
    out: list[Variant] = []
    for variant in value:
        parts = list(variant)
        if left and parts and isinstance(parts[0], str):
            parts[0] = parts[0].lstrip(chars)
        if right and parts and isinstance(parts[-1], str):
            parts[-1] = parts[-1].rstrip(chars)
        out.append(tuple(parts))
    return tuple(dict.fromkeys(out))


# ``str`` methods that change a message's case, and how each changes one piece of literal text
# (``first``: the piece opens the whole text, where ``capitalize``/``title`` raise a letter)
CASE_METHODS = ("lower", "upper", "capitalize", "casefold", "title", "swapcase")
AFFIX_METHODS = ("removeprefix", "removesuffix")


def _case_piece(kind: str, text: str, first: bool) -> str:
    if kind == "capitalize":
        return text.capitalize() if first else text.lower()
    if kind == "title":
        return text.title()
    return str(getattr(text, kind)())


def str_method(value: Value, kind: str, arg: str | None) -> Value:
    """``s.removeprefix(p)``/``s.removesuffix(p)`` and the case methods (``lower``,
    ``capitalize``, ...) on the literal text of each variant. A placeholder stays as it is: its
    text is unknown, and the method only reshapes it (a prefix is removed from literal text that
    opens the variant, a suffix from text that closes it; ``capitalize`` raises only a letter
    that opens the variant and lowers every other literal)."""
    out: list[Variant] = []
    for variant in value:
        parts = list(variant)
        if kind in AFFIX_METHODS:
            end = 0 if kind == "removeprefix" else -1
            piece = parts[end] if parts else None
            if arg and isinstance(piece, str):
                parts[end] = piece.removeprefix(arg) if end == 0 else piece.removesuffix(arg)
        else:
            parts = [_case_piece(kind, p, i == 0) if isinstance(p, str) else p for i, p in enumerate(parts)]
        out.append(tuple(p for p in parts if p != ""))
    return tuple(dict.fromkeys(out))


# the ``Op`` kind of ``repr()`` of a text made by another ``Op`` (its base): the text quoted as
# repr quotes a ``str`` (``quote_parts``), once resolution knows it
REPR_OP = "repr"
INSERT = "insert"  # the ``Op`` kind of ``s[:i] + x + s[i:]``, ``i = s.index(sep)``: args (sep, x)


def inserted(value: Value, sep: str, extra: Value) -> Value:
    """``extra`` put before the first ``sep`` of each variant's literal text (a variant with no
    literal ``sep`` stays as it is: which branch the code takes then is not known here)."""
    out: list[Value] = []
    for variant in value:
        at = next((i for i, p in enumerate(variant) if isinstance(p, str) and sep in p), None)
        if at is None:
            out.append((variant,))
            continue
        piece = variant[at]
        assert isinstance(piece, str)
        cut = piece.index(sep)
        before: Value = ((*variant[:at], piece[:cut]),)
        after: Value = ((piece[cut:], *variant[at + 1 :]),)
        out.append(concat(before, extra, after))
    return union(*out)


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

    Adjacent literal parts are parsed as one text: a format made by another format (pipenv's
    class attribute ``formatted_message = "{} {{}} {{}}".format("ERROR:")``, filled in
    ``__init__`` by ``self.formatted_message.format(...)``) holds its escaped braces as separate
    parts (``" {"``, ``"}"``), each a malformed format alone, one field together.
    """
    variants: list[Value] = []
    for variant in value:
        pieces: list[Value] = []
        auto = 0
        for part in _joined_literals(variant):
            if not isinstance(part, str):
                pieces.append(((part,),))
                continue
            try:
                parsed = list(_FORMATTER.parse(part))
            except ValueError:
                pieces.append(lit(part))
                continue
            for literal, field, spec, conv in parsed:
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
                    pieces.append(((Ph(field or fallback, conv in ("r", "a")),),))
                elif rest:
                    # ``{cls.__name__!r}`` prints the attribute's repr: quoted when it is text
                    pieces.append(((Ph(arg.text + rest, conv in ("r", "a")),),))
                elif arg.literal is not None and (shown := format_field(arg.literal, conv, spec or "")):
                    pieces.append(lit(shown))
                elif conv in ("r", "a"):
                    pieces.append(as_repr(arg))
                else:
                    pieces.append(arg.value)
        variants.append(concat(*pieces) if pieces else lit(""))
    return union(*variants)


def _joined_literals(variant: Variant) -> Variant:
    """The variant with each run of adjacent literal parts joined into one (the variant itself
    when no two literals are adjacent, the common case)."""
    if not any(isinstance(a, str) and isinstance(b, str) for a, b in itertools.pairwise(variant)):
        return variant
    out: list[Part] = []
    for is_text, run in itertools.groupby(variant, key=lambda p: isinstance(p, str)):
        if is_text:
            out.append("".join(run))  # type: ignore[arg-type]
        else:
            out.extend(run)
    return tuple(out)


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
    if single is not None and single.literal is not None and (items := spread(single.literal)) is not None:
        # ``"%s or %s" % pair`` with ``pair = ("a", "b")`` bound once: the tuple's items fill
        # the directives one by one
        args = [Arg(f"{single.text}[{i}]", ph(f"{single.text}[{i}]"), literal=x) for i, x in enumerate(items)]
        single = None
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
                # the directive without its mapping key: how a literal argument prints
                directive = m.group(0) if key is None else "%" + m.group(0)[m.end("key") - m.start() + 1 :]
                if key is not None:
                    if mapping is not None and key in mapping:
                        pieces.append(_percent_piece(mapping[key], repr_, directive))
                    else:
                        pieces.append(((Ph(key, repr_),),))
                elif args is not None:
                    if idx < len(args):
                        pieces.append(_percent_piece(args[idx], repr_, directive))
                    else:
                        pieces.append(ph(f"args[{idx}]"))
                    idx += 1
                elif single is not None:
                    if idx == 0:
                        pieces.append(_percent_piece(single, repr_, directive))
                    else:
                        pieces.append(ph(f"{single.text}[{idx}]"))
                    idx += 1
            if pos < len(part):
                pieces.append(lit(part[pos:]))
        variants.append(concat(*pieces) if pieces else lit(""))
    return union(*variants)


def _percent_piece(arg: Arg, repr_: bool, directive: str) -> Value:
    """What one ``%`` directive prints for ``arg``: a literal bound once printed as the
    directive says (``%r``, ``%5d``), else its value (through ``repr`` for ``%r``/``%a``)."""
    if arg.literal is not None and (shown := percent_field(arg.literal, directive)) is not None:
        return lit(shown)
    return as_repr(arg) if repr_ else arg.value


def join_values(sep: Value, items: Iterable[Value]) -> Value:
    """``sep.join(items)`` for a list whose items are known."""
    pieces: list[Value] = []
    for i, item in enumerate(items):
        if i:
            pieces.append(sep)
        pieces.append(item)
    return concat(*pieces) if pieces else lit("")


# ---------------------------------------------------------------- final form


REPR_MARK = "!r"  # ends a stored placeholder name shown through repr() (``{x!r}``, ``%r``)


def to_segments(parts: Iterable[str | Ph]) -> list[str]:
    """Normalise to the model's odd-length ``[lit, name, lit, ...]`` form (within the caps).

    A placeholder shown through ``repr()`` keeps the mark as the source spells it (``x!r``):
    the matcher then lets it hold only a value that reads like a repr (a quoted string, a
    number, a bracketed or ``Name(...)`` object), never free prose.
    """
    out: list[str] = [""]
    run: list[str] = []  # literal pieces joined once, not appended to a growing string
    for p in capped(parts):
        if isinstance(p, str):
            run.append(p)
        elif isinstance(p, Ph):
            out[-1] = "".join(run)
            run.clear()
            out.append(p.name + REPR_MARK if p.r and not p.name.endswith(REPR_MARK) else p.name)
            out.append("")
    out[-1] = "".join(run)
    return out


# ---------------------------------------------------------------- substitution


class Sig(NamedTuple):
    """How a function binds its arguments: what a call's arguments become inside it."""

    positional: tuple[str, ...]  # positional parameters in order (``self`` dropped for methods)
    vararg: str | None = None
    kwonly: tuple[str, ...] = ()
    kwarg: str | None = None
    defaults: tuple[tuple[str, Arg], ...] = ()  # parameters whose default is a string literal
    optional: frozenset[str] = frozenset()  # parameters with any default

    @property
    def params(self) -> tuple[str, ...]:
        """Every parameter name, in declaration order."""
        extra = (self.vararg,) if self.vararg else ()
        tail = (self.kwarg,) if self.kwarg else ()
        return (*self.positional, *extra, *self.kwonly, *tail)


class Binding(NamedTuple):
    """A call's arguments bound to a function's parameters.

    ``star``/``starstar`` hold what ``*args``/``**kwargs`` collected, so a body that hands them on
    (``super().__init__(*args, **kwargs)``, ``fmt.format(**kwargs)``) hands on the call's own.
    ``unset`` are the optional parameters the call left to a non-text default.
    """

    args: dict[str, Arg]
    star: dict[str, tuple[Arg, ...]]
    starstar: dict[str, tuple[tuple[str, Arg], ...]]
    unset: frozenset[str] = frozenset()


def bind(sig: Sig, args: Sequence[Arg], kwargs: Sequence[tuple[str, Arg]]) -> Binding:
    """What each parameter of ``sig`` holds for a call with ``args`` and ``kwargs``."""
    bound: dict[str, Arg] = dict(sig.defaults)
    extra: list[Arg] = []
    for i, a in enumerate(args):
        if a.text.startswith("*"):
            if sig.vararg and i >= len(sig.positional):
                extra.append(a)  # past the named parameters: ``*args`` holds it, handed on whole
                continue
            break  # ``f(*xs)``: which parameters the rest fills is unknown
        if i < len(sig.positional):
            bound[sig.positional[i]] = a
        else:
            extra.append(a)
    names = set(sig.positional) | set(sig.kwonly)
    extra_kw: list[tuple[str, Arg]] = []
    for k, a in kwargs:
        if k in names:
            bound[k] = a
        elif k != "**" or sig.kwarg:
            extra_kw.append((k, a))  # an unknown mapping spread (``**opts``) kept as ("**", opts)
    star = {sig.vararg: tuple(extra)} if sig.vararg else {}
    starstar = {sig.kwarg: tuple(extra_kw)} if sig.kwarg else {}
    unset = frozenset(p for p in sig.optional if p not in bound)
    return Binding(bound, star, starstar, unset)


def spread_args(args: Sequence[Arg], b: Binding) -> tuple[Arg, ...]:
    """Arguments handed on: each substituted, ``*args`` of the binding spread in place."""
    out: list[Arg] = []
    for a in args:
        name = a.text[1:] if a.text.startswith("*") and not a.text.startswith("**") else None
        packed = _packed(name, b) if name is not None else None
        if name is not None and name in b.star:
            out.extend(b.star[name])
        elif packed is not None:
            out.extend(packed)
        elif a.text in b.star:
            # the tuple ``*args`` collected, handed on as one argument: kept for a later spread
            out.append(Arg(a.text, subst(a.value, b), items=b.star[a.text]))
        else:
            out.append(_handed(a, b))
    return tuple(out)


def _packed(name: str, b: Binding) -> tuple[Arg, ...] | None:
    """What ``*name`` spreads when ``name`` (or ``name[i]``) is a tuple of the call's arguments
    handed on whole; None when that is not known."""
    base, _, index = name.partition("[")
    if not index:
        got = b.args.get(base)
        return got.items if got is not None else None
    if not index.endswith("]") or not index[:-1].isdigit():
        return None
    i = int(index[:-1])
    items = b.star.get(base)
    if items is None:
        got = b.args.get(base)
        items = got.items if got is not None else None
    if items is None or any(x.text.startswith("*") for x in items[: i + 1]):
        return None
    if i >= len(items):
        # no such item: the ``except IndexError`` beside the spread hands on nothing either
        return () if base in b.star else None
    return items[i].items


def _rename(text: str, args: Mapping[str, Arg]) -> str:
    """An argument's source text after substitution: ``p`` -> what was passed for ``p``."""
    if text in args:
        return args[text].text
    cut = next((i for i, ch in enumerate(text) if ch in ".[="), -1)
    if cut > 0 and text[:cut] in args:
        return args[text[:cut]].text + text[cut:]
    return text


def spread_kwargs(kwargs: Sequence[tuple[str, Arg]], b: Binding) -> tuple[tuple[str, Arg], ...]:
    """Keyword arguments handed on, ``**kwargs`` of the binding spread in place."""
    out: list[tuple[str, Arg]] = []
    for k, a in kwargs:
        if k == "**" and a.text in b.starstar:
            out.extend(b.starstar[a.text])
        else:
            out.append((k, _handed(a, b)))
    return tuple(out)


def _handed(a: Arg, b: Binding) -> Arg:
    """An argument handed on, substituted; a tuple or list display keeps its items (each
    substituted too), so that the initialiser it reaches may spread it again
    (``super().__init__(msg, exc_args=(msg,))`` to one that calls ``super().__init__(*exc_args)``)."""
    items = None if a.items is None else tuple(_handed(x, b) for x in a.items)
    return Arg(_rename(a.text, b.args), subst(a.value, b), items=items)


def subst(value: Value, b: Binding) -> Value:
    """``value`` with the parameters of ``b`` replaced by what the call passed.

    A placeholder named after a parameter becomes the argument's value (quoted if it was shown
    through repr and is text); ``param.attr``, ``param[i]`` and ``param=`` become placeholders
    named after the argument's source. A parameter whose argument has several variants takes
    the same variant everywhere in one rendering.
    """
    if not b.args and not b.unset and not b.star and not b.starstar:
        return value
    multi = sorted({n for v in value for n in _ph_names(v) if n in b.args and len(b.args[n].value) > 1})
    if multi:
        out: list[Value] = []
        for combo in itertools.islice(itertools.product(*(b.args[n].value for n in multi)), MAX_VARIANTS):
            one = dict(b.args)
            for n, variant in zip(multi, combo, strict=True):
                one[n] = Arg(b.args[n].text, (variant,))
            out.append(subst(value, b._replace(args=one)))
        return union(*out)
    variants: list[Value] = []
    for variant in value:
        pieces: list[Value] = []
        for p in variant:
            if isinstance(p, Ph):
                pieces.append(_subst_ph(p, b.args, b.star))
            elif isinstance(p, Ref) and (p.args or p.kwargs):
                pieces.append(
                    ((p._replace(args=spread_args(p.args, b), kwargs=spread_kwargs(p.kwargs, b)),),)
                )
            elif isinstance(p, Op):
                op = Op(p.kind, subst(p.base, b), spread_args(p.args, b), spread_kwargs(p.kwargs, b), p.name)
                pieces.append(((op,),))
            elif isinstance(p, Lookup):
                pieces.append(((p._replace(key=Arg(p.key.text, subst(p.key.value, b))),),))
            elif isinstance(p, Opt):
                pieces.append(subst_opt(p, b))
            else:
                pieces.append(((p,),))
        variants.append(concat(*pieces) if pieces else EMPTY)
    return union(*variants)


def subst_opt(p: Opt, b: Binding) -> Value:
    """An optional part under a binding: dropped, kept, or inlined as the call decides it."""

    def fact(subject: str, test: str) -> bool | None:
        a = b.args.get(subject)
        if test.startswith("="):
            return None if a is None else arg_equals(a, test[1:])
        if test not in ("t", "n"):
            return None
        if subject in b.unset:
            return False
        return None if a is None else arg_truth(a)

    possible, left = decide(p.conds, fact)
    if not possible:
        return () if p.need else EMPTY
    if p.need:
        return ((Opt(left, (), True),),) if left else EMPTY
    inner = subst((p.value,), b)
    if not left:
        return inner
    return tuple((Opt(left, v),) for v in inner)


def arg_equals(a: Arg, text: str) -> bool | None:
    """Is an argument known to be the string ``text`` (or known not to be)?"""
    v = a.value
    if len(v) == 1 and all(isinstance(p, str) for p in v[0]):
        return "".join(v[0]) == text  # type: ignore[arg-type]
    return None


_FALSY = frozenset({"None", "False", "0", "''", '""'})


def arg_truth(a: Arg) -> bool | None:
    """Is an argument known to be text (True), known to be None or false (False), or unknown?"""
    if a.text in _FALSY or a.value in (ph("None"), lit("False"), lit("0"), lit("")):
        return False
    if a.value and all(has_literal(v) or any(_formats_text(p) for p in v) for v in a.value):
        return True
    return None


_FIELD = re.compile(r"\{[^{}]*\}")  # a ``str.format`` field (no nesting: linear, no backtracking)


def _formats_text(p: Part) -> bool:
    """``"Request failed: {reason}".format(...)`` kept to apply later: text whatever fills it,
    when every form of its base has a word outside its fields (a property returning a class
    attribute formatted, ``self.CAUSE_MESSAGE.format(reason=self.reason)``)."""
    return (
        isinstance(p, Op)
        and p.kind == "format"
        and bool(p.base)
        and all(any(isinstance(b, str) and _FIELD.sub("", b).strip() for b in v) for v in p.base)
    )


def one_per_shape(value: Value) -> Value:
    """The variants of ``value`` that print differently, the first of each kept.

    Two variants that differ only in what their placeholders are called (``errloc = loc`` in
    one branch, ``errloc = loc + 1`` in another: ``{loc}`` and ``{errloc}``) fit the same
    texts. The arguments of an exception class's constructor multiply with the variants of
    the message its printer builds, under the ``MAX_VARIANTS`` cap, so such a copy would push
    out a rendering that prints differently. Whether a placeholder is shown through repr, the
    truncation mark and unresolved parts still tell variants apart.
    """
    seen: dict[tuple[object, ...], Variant] = {}
    for variant in value:
        key = tuple((Ph, p.r) if isinstance(p, Ph) and p != TRUNCATED else p for p in variant)
        seen.setdefault(key, variant)
    return tuple(seen.values()) if len(seen) < len(value) else value


def _ph_names(variant: Variant) -> Iterable[str]:
    return (p.name for p in variant if isinstance(p, Ph))


def _subst_ph(p: Ph, args: Mapping[str, Arg], star: Mapping[str, tuple[Arg, ...]] | None = None) -> Value:
    name = p.name
    arg = args.get(name) or _star_item(name, star)
    if arg is not None:
        v = arg.value
        if p.r:
            return as_repr(arg)
        return v
    if not p.r and (joined := _joined_items(name, args)) is not None:
        return joined
    cut = next((i for i, ch in enumerate(name) if ch in ".[="), -1)
    if cut > 0 and name[:cut] in args:
        given = args[name[:cut]].text
        if name[cut:] == ".__name__" and given in _BUILTIN_TYPES:
            # ``{ttype.__name__}`` of a helper called with ``str``: the name is known here
            return lit(repr(given) if p.r else given)
        return ((Ph(given + name[cut:], p.r),),)
    return ((p,),)


# ``SEP.join(name)`` as a placeholder's name: a string literal's ``join`` of one plain name (the
# separator read with ``ast.literal_eval``: escapes as the source spells them)
_JOIN_OF_NAME = re.compile(
    r"""((?:"[^"\\]*(?:\\.[^"\\]*)*")|(?:'[^'\\]*(?:\\.[^'\\]*)*'))\.join\(([A-Za-z_]\w*)\)"""
)
MAX_JOINED = 8  # items of a list display joined into one text; more stay a placeholder


def _joined_items(name: str, args: Mapping[str, Arg]) -> Value | None:
    """``{", ".join(issues)}`` of a parameter the call gave a list or tuple display
    (``InvalidRecordEntry(elements=row, issues=[message])``: an exception class joining a list
    of issues into its message, ``super().__init__(", ".join(issues))``): the items' texts
    joined by the separator, each item as the call spelled it (a local f-string's text). None
    when the name is no such join, or the argument is not a display of a few plain items (a
    list built elsewhere stays the placeholder)."""
    m = _JOIN_OF_NAME.fullmatch(name) if ".join(" in name else None
    if m is None:
        return None
    arg = args.get(m.group(2))
    if arg is None or arg.items is None or not arg.items or len(arg.items) > MAX_JOINED:
        return None
    if any(a.text.startswith("*") for a in arg.items):
        return None
    sep = _literal_text(m.group(1))
    if sep is None:
        return None
    pieces: list[Value] = []
    for i, item in enumerate(arg.items):
        if i:
            pieces.append(lit(sep))
        pieces.append(item.value)
    return concat(*pieces)


def _literal_text(source: str) -> str | None:
    """The text of a plain string literal's source (``", "``, ``'\\n'``), None if it is not one."""
    try:
        got = ast.literal_eval(source)
    except (ValueError, SyntaxError):
        return None
    return got if isinstance(got, str) else None


# built-in classes a caller passes by name (``_mismatch(obj, str, name)``), whose ``__name__`` is
# their name; a codebase rebinding one of these names is not worth guarding against
_BUILTIN_TYPES = frozenset(
    {"str", "int", "float", "bool", "bytes", "bytearray", "complex", "dict", "list", "tuple", "set"}
)


def _star_item(name: str, star: Mapping[str, tuple[Arg, ...]] | None) -> Arg | None:
    """``args[i]`` of a ``*args`` parameter: the call's i-th argument past the named ones, when
    the arguments before it are each one value (no spread of unknown length among them)."""
    if not star or not name.endswith("]"):
        return None
    base, _, index = name[:-1].partition("[")
    items = star.get(base)
    if items is None or not index.isdigit():
        return None
    i = int(index)
    if i >= len(items) or any(x.text.startswith("*") for x in items[: i + 1]):
        return None
    return items[i]


# ---------------------------------------------------------------- dedent


def dedent_value(value: Value, clean: bool = False) -> Value:
    """``textwrap.dedent`` (``clean``: ``inspect.cleandoc``) of each variant.

    The common indentation is measured on the literal text that starts a line; a line that
    starts with a placeholder has none, and then nothing is removed (as dedent would keep it).
    ``cleandoc`` also strips the first line and drops leading and trailing blank lines.
    """
    return tuple(_dedent_variant(v, clean) for v in value)


def _dedent_variant(variant: Variant, clean: bool) -> Variant:
    lines = _split_lines(variant)
    body = lines[1:] if clean else lines
    margin: str | None = None
    for line in body:
        head = line[0] if line and isinstance(line[0], str) else ""
        if len(line) <= 1 and not head.strip():
            continue  # a blank line does not count
        indent = head[: len(head) - len(head.lstrip(" \t"))]
        margin = indent if margin is None else _common(margin, indent)
    cut = len(margin or "")
    out_lines: list[list[Part]] = []
    for i, line in enumerate(lines):
        parts = list(line)
        if parts and isinstance(parts[0], str):
            if clean and i == 0:
                parts[0] = parts[0].lstrip()
            elif cut:
                first = parts[0]
                parts[0] = first[cut:] if first[:cut].strip(" \t") == "" else first.lstrip(" \t")
        out_lines.append(parts)
    if clean:
        while out_lines and _blank(out_lines[0]):
            out_lines.pop(0)
        while out_lines and _blank(out_lines[-1]):
            out_lines.pop()
    joined: list[Part] = []
    for i, parts in enumerate(out_lines):
        if i:
            joined.append("\n")
        joined.extend(parts)
    return _merge_text(joined)


def _split_lines(variant: Variant) -> list[list[Part]]:
    lines: list[list[Part]] = [[]]
    for p in variant:
        if isinstance(p, str):
            chunks = p.split("\n")
            for j, chunk in enumerate(chunks):
                if j:
                    lines.append([])
                if chunk:
                    lines[-1].append(chunk)
        else:
            lines[-1].append(p)
    return lines


def _blank(parts: list[Part]) -> bool:
    return all(isinstance(p, str) and not p.strip() for p in parts)


def _common(a: str, b: str) -> str:
    n = 0
    while n < len(a) and n < len(b) and a[n] == b[n]:
        n += 1
    return a[:n]


def _merge_text(parts: list[Part]) -> Variant:
    out: list[Part] = []
    for p in parts:
        if isinstance(p, str) and out and isinstance(out[-1], str):
            out[-1] = out[-1] + p
        else:
            out.append(p)
    return tuple(out) if out else ("",)


# ---------------------------------------------------------------- optional text

OPT_BUDGET = 16  # renderings one message's unknown conditions may expand into
HOLE = Ph("...")  # optional text whose condition is not enumerated: whatever is there, or nothing


def decide(conds: Sequence[Cond], fact: Callable[[str, str], bool | None]) -> tuple[bool, tuple[Cond, ...]]:
    """Evaluate conditions against known facts: (possible, the conditions still unknown).

    ``fact(subject, test)`` is the test's outcome when known, else None.
    """
    left: list[Cond] = []
    for cond in conds:
        (subject, test), want = cond
        known = (
            None if undecidable(test) else (_any_of(subject, fact) if test == "|t" else fact(subject, test))
        )
        if known is None:
            left.append(cond)
        elif known != want:
            return False, ()
    return True, tuple(left)


def _any_of(subject: str, fact: Callable[[str, str], bool | None]) -> bool | None:
    """``a or b`` as a test: true when one of them is known truthy, false when all are known
    falsy, else unknown."""
    known = [fact(s, "t") for s in subject.split(ANY_OF)]
    if any(k is True for k in known):
        return True
    return False if all(k is False for k in known) else None


def has_opts(value: Value) -> bool:
    return any(isinstance(p, Opt) for v in value for p in v)


def expand_opts(value: Value, cap: int = OPT_BUDGET) -> Value:
    """Each variant's optional text rendered both ways for every condition still unknown.

    Parts under the same condition are decided together (an ``if``'s two branches are never
    both present). Beyond ``OPT_BUDGET`` renderings, the conditions past the first few stay
    open as a placeholder that stands for the optional text or nothing.
    """
    out: list[Value] = []
    for variant in value:
        enum = _enumerated(variant)
        while enum and 2 ** len(enum) > OPT_BUDGET:
            enum = enum[:-1]
        for combo in itertools.product((True, False), repeat=len(enum)):
            chosen = dict(zip(enum, combo, strict=True))
            rendered = _render_opts(variant, chosen)
            if rendered is not None:
                out.append((rendered,))
    return union_n(out, cap)


# Tests on locals (``LOCAL``) one message's text may be enumerated for: 2**3 renderings at most.
# A message with more (a report built line by line under many local tests) keeps each such text
# an open hole, as a loop's text is
MAX_LOCAL_TESTS = 3


def _enumerated(variant: Sequence[Part]) -> list[tuple[str, str]]:
    """The tests a variant is rendered both ways for, in the order they are given up when
    their renderings pass the budget: those a call could decide first, then the locals'
    (``if missing: msg += "..."``, all of them or, beyond ``MAX_LOCAL_TESTS``, none); never a
    loop's or a comprehension's ("l")."""
    keys = [k for k in dict.fromkeys(k for k, _ in _conds_in(variant)) if k[1] != "l"]
    local = [k for k in keys if k[1][:1] == LOCAL]
    others = [k for k in keys if k[1][:1] != LOCAL]
    return others + local if len(local) <= MAX_LOCAL_TESTS else others


def _conds_in(variant: Sequence[Part]) -> Iterable[Cond]:
    """The conditions worth enumerating: of whole variants, and of optional text with literal
    text (optional placeholders alone are always rendered: a placeholder may match nothing)."""
    for p in variant:
        if isinstance(p, Opt):
            if p.need or has_literal(p.value):
                yield from p.conds
            yield from _conds_in(p.value)


def _render_opts(variant: Sequence[Part], chosen: Mapping[tuple[str, str], bool]) -> Variant | None:
    out: list[Part] = []
    for p in variant:
        if not isinstance(p, Opt):
            out.append(p)
            continue
        hole = False
        present = True
        for key, want in p.conds:
            if key not in chosen:
                hole = True
            elif chosen[key] != want:
                present = False
        if p.need:
            if not present:
                return None
            continue
        if not present:
            continue
        if hole and not has_literal(p.value):
            hole = False  # placeholders only: rendered, since they can stand for nothing
        if hole:
            if not out or out[-1] != HOLE:
                out.append(HOLE)
            continue
        inner = _render_opts(p.value, chosen)
        if inner is None:
            return None
        out.extend(inner)
    return tuple(out)


def union_n(values: Iterable[Value], cap: int) -> Value:
    """Like ``union``, with its own cap."""
    seen: dict[Variant, None] = {}
    for v in values:
        add_variants(seen, v, cap)
        if len(seen) >= cap:
            break
    return tuple(seen)


def add_variants(seen: dict[Variant, None], value: Value, cap: int) -> None:
    """``value``'s variants added to ``seen`` (a union being built) until it holds ``cap``:
    a union of values made one at a time is the ``union_n`` of them all (which is made so)."""
    for variant in value:
        if len(seen) >= cap:
            return
        seen.setdefault(variant, None)


def message_param(name: str) -> bool:
    """A parameter whose name says it carries message text (``message``, ``unbound_message``,
    ``error_msg``, ``error``, ``reason``)."""
    n = name.lower()
    # the words spelled out, not a generator over them: this runs for every argument of every
    # call statement the extractor reads
    return "message" in n or "msg" in n or n in ("error", "err", "reason") or n.endswith("_error")


def rename_phs(value: Value, rename: Callable[[str], str]) -> Value:
    """``value`` with every placeholder (nested ones included) renamed."""
    return tuple(tuple(_rename_part(p, rename) for p in v) for v in value)


def _rename_part(p: Part, rename: Callable[[str], str]) -> Part:
    if isinstance(p, Ph):
        new = rename(p.name)
        return p if new == p.name else Ph(new, p.r)
    if isinstance(p, Ref) and (p.args or p.kwargs):
        return p._replace(args=_rename_args(p.args, rename), kwargs=_rename_kwargs(p.kwargs, rename))
    if isinstance(p, Op):
        base = rename_phs(p.base, rename)
        return Op(p.kind, base, _rename_args(p.args, rename), _rename_kwargs(p.kwargs, rename), p.name)
    if isinstance(p, Lookup):
        return p._replace(key=Arg(p.key.text, rename_phs(p.key.value, rename)))
    if isinstance(p, Opt):
        return Opt(p.conds, tuple(_rename_part(x, rename) for x in p.value), p.need)
    return p


def _rename_args(args: tuple[Arg, ...], rename: Callable[[str], str]) -> tuple[Arg, ...]:
    return tuple(Arg(a.text, rename_phs(a.value, rename)) for a in args)


def _rename_kwargs(
    kwargs: tuple[tuple[str, Arg], ...], rename: Callable[[str], str]
) -> tuple[tuple[str, Arg], ...]:
    return tuple((k, Arg(a.text, rename_phs(a.value, rename))) for k, a in kwargs)


# The type tuples of this module's ``isinstance`` tests, made once: ``isinstance(x, A | B)``
# builds a new union object each time it runs (~0.4 us; the extractor runs such tests ~500k
# times while jax 0.10.2 is extracted), where a tuple made once answers the same.
_T_STR_PH = (str, Ph)
_T_STR_PH_OP = (str, Ph, Op)
