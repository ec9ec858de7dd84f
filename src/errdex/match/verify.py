"""The literal-in-order matcher: does a message fit a template, and what did the placeholders hold?

Matching happens on a *compact* form of both sides: all whitespace removed. Terminals and issue
trackers re-wrap messages (a space becomes a newline, two spaces become one, a long line is cut in
the middle of a word); removing whitespace entirely makes all of those the same string, at the cost
of word boundaries, which the coverage thresholds in ``score.py`` compensate for.

A template ``[lit0, p1, lit1, ..., litN]`` matches when its literals occur in order and the
placeholders absorb whatever lies between them (anything, including newlines and text that looks
like template text). For unconstrained gaps, searching each literal leftmost after the previous
one's end is complete: if any assignment exists, the greedy one exists too. Only the last literal is
special: when the template ends with a literal it must sit at the message end, so it is looked for
there first. That is a handful of ``str.find`` calls per template, linear in the message, with no
regular expression that could backtrack on a crafted input.

When a literal is missing, the message may simply have been cut short (users paste issue titles and
first lines): the result then says how many literals matched and whether the message ends inside
the next one, and the scorer decides whether that is enough to count.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

# Issue trackers and chat tools "smarten" quotes; code writes ASCII ones. One character each way,
# so positions in the compact form still map back to the original message.
_TYPOGRAPHIC = str.maketrans(
    {
        "\u2018": "'",
        "\u2019": "'",
        "\u201a": "'",
        "\u201b": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u201e": '"',
        "\u2032": "'",
    }
)


def compact(text: str) -> str:
    """Remove all whitespace and straighten quotes: the form every literal and message is compared in.

    The quotes straightened are all outside ASCII, so ASCII text (nearly every literal and
    statement an index is built from) skips ``str.translate``, which looks each character up in
    the table (4x the cost of the whole function on a typical literal)."""
    joined = "".join(text.split())
    return joined if joined.isascii() else joined.translate(_TYPOGRAPHIC)


def word_char(ch: str) -> bool:
    """Whether ``ch`` belongs to a Python name (a letter, a digit or ``_``): the boundary the
    string scans of untrusted text test where a regex would write ``\\b``."""
    return ch.isalnum() or ch == "_"


def compact_map(text: str) -> list[int]:
    """For each character of ``compact(text)``, its index in ``text`` (to cut values back out)."""
    return [i for i, ch in enumerate(text) if not ch.isspace()]


@dataclass(slots=True)
class Fit:
    """How a message fits one template (positions are in the compact message)."""

    full: bool  # every literal found in order
    anchored_start: bool  # the first literal starts the message (or the template starts with a placeholder)
    anchored_end: bool  # the last literal ends the message (or the template ends with a placeholder)
    covered: int  # literal characters found in the message
    start: int  # where the first literal begins (0 when anchored)
    end: int  # where the matched part ends
    spans: list[tuple[int, int]]  # (start, end) of literal 0, 1, ... as placed; empty literals are zero-width
    partial: int  # characters of the first unplaced literal that end a truncated message
    # a truncated fit whose tail holds the first unplaced literal's opening and then goes on
    # otherwise (``_diverges``): the message is worded on past that point, not cut there
    diverged: bool = False


def fit(lits: tuple[str, ...], msg: str) -> Fit | None:
    """Fit compact message ``msg`` to compact literals ``lits`` (``len(lits) == placeholders + 1``).

    Returns None when not even the first literal (or a prefix of it, for a message shorter than it)
    can be placed. A result with ``full=False`` is a truncated fit: literals up to some point were
    found and the message ends inside the following placeholder or literal.
    """
    n = len(lits)
    m = len(msg)
    first = lits[0]
    start = 0
    anchored_start = True
    if first and not msg.startswith(first):
        i = msg.find(first)
        if i < 0:
            # the whole message may be a prefix of the first literal (a cut-off title)
            if m and first.startswith(msg):
                return Fit(False, True, True, m, 0, m, [], m)
            return None
        start, anchored_start = i, False
    pos = start + len(first)
    spans = [(start, pos)]
    covered = len(first)
    last = n - 1
    for k in range(1, n):
        lit = lits[k]
        if not lit:
            at = m if k == last else pos
            spans.append((at, at))
            continue
        if k == last and msg.endswith(lit) and m - len(lit) >= pos:
            spans.append((m - len(lit), m))
            return Fit(True, anchored_start, True, covered + len(lit), start, m, spans, 0)
        i = msg.find(lit, pos)
        if i < 0:
            # truncated: the message ends in the placeholder before ``lit`` or inside ``lit``
            tail = _suffix_prefix(msg, pos, lit)
            cut = Fit(False, anchored_start, True, covered + tail, start, m, spans, tail)
            cut.diverged = _diverges(msg, pos, lit)
            return cut
        pos = i + len(lit)
        spans.append((i, pos))
        covered += len(lit)
    return Fit(True, anchored_start, not lits[-1] or pos == m, covered, start, pos, spans, 0)


def cut_cover(lits: tuple[str, ...], msg: str, floor: int = 0) -> int:
    """``fit``'s verdict on a message cut short, without placing the literals: -2 when no
    literal places (``fit`` returns None), -1 for a full fit, else the literal characters a
    truncated fit covers, negated less 3 when the first literal does not start the message
    (``-3 - covered``; its tail is not measured: such a fit is never confident). Nor is the
    tail measured when even the longest one leaves the fit below ``floor`` characters (the
    least a caller's verdict needs): the count is then of the literals placed whole.

    Most patterns verified are near-duplicates of the message's source that only fit its
    beginning, and the verdict alone tells that they are too weak to rank: the spans and the
    ``Fit`` are then made only if they are needed later. Kept step for step with ``fit``.
    """
    n = len(lits)
    m = len(msg)
    first = lits[0]
    start = 0
    anchored = True
    if first and not msg.startswith(first):
        i = msg.find(first)
        if i < 0:
            return m if m and first.startswith(msg) else -2
        start, anchored = i, False
    pos = start + len(first)
    covered = len(first)
    last = n - 1
    for k in range(1, n):
        lit = lits[k]
        if not lit:
            continue
        if k == last and msg.endswith(lit) and m - len(lit) >= pos:
            return -1
        i = msg.find(lit, pos)
        if i < 0:
            if not anchored:
                return -3 - covered
            if covered + min(m - pos, len(lit) - 1, _TAIL_CAP) < floor:
                return covered
            return covered + _suffix_prefix(msg, pos, lit)
        pos = i + len(lit)
        covered += len(lit)
    return -1


# Quote characters a paste retypes or loses around a value: the template's `` `{name}` `` shown
# as ``'name'`` (a chat or the reporter retyping it) or as ``name`` (a markdown renderer taking
# the backquotes as code marks). ``compact`` has already straightened the typographic ‘’“”; the
# acute accent, reversed prime and double prime stand in for a backquote or a quote too.
QUOTES = "'\"`\u00b4\u2035\u2033"


def loose_lits(lits: tuple[str, ...]) -> tuple[str, ...]:
    """``lits`` without the quote characters next to a placeholder (a literal's trailing quotes
    before one, its leading quotes after one): the text a paste keeps whatever it did to the
    quotes around a value. Quotes inside a literal, away from every placeholder, stay text."""
    last = len(lits) - 1
    if not last:
        return lits
    out: list[str] = []
    for k, lit in enumerate(lits):
        if k < last:
            lit = lit.rstrip(QUOTES)
        out.append(lit.lstrip(QUOTES) if k else lit)
    return tuple(out)


@lru_cache(maxsize=1 << 16)
def _loose_of(lits: tuple[str, ...]) -> tuple[str, ...] | None:
    """``loose_lits(lits)``, None when it is ``lits``: kept for the patterns verified again and
    again (a query verifies hundreds, most of them not in full, each then tried loose; the C
    cache's look-up is a fifth of the Python loop's cost)."""
    loose = loose_lits(lits)
    return None if loose == lits else loose


def loose_fit(
    lits: tuple[str, ...], msg: str, spans_lines: Callable[[int, int], bool] = lambda s, e: False
) -> Fit | None:
    """A full fit of ``msg`` in which the quotes next to each placeholder are optional and any
    quote character stands for any other (``loose_lits``), or None when there is none or no
    such quote to loosen. The loose literals are placed as ``fit`` places any (no backtracking);
    each literal's span then takes back the quote characters the message shows where the
    template has its quotes, at most as many as the template has there and never past the
    neighbouring literal, so the values come out without them and ``covered`` counts what the
    template's text explains (a dropped quote is not counted). A value the template quotes on
    both sides must show both quotes or neither, and shown neither, hold something on one line
    (``_dressed_alike``; ``spans_lines`` says whether a line break falls inside compact
    positions ``s`` to ``e`` of the message)."""
    loose = _loose_of(lits)
    if loose is None:
        return None
    f = fit(loose, msg)
    if f is None or not f.full:
        return None
    last = len(lits) - 1
    spans: list[tuple[int, int]] = []
    shown: list[tuple[int, int]] = []  # per literal: quotes taken back before it, after it (-1: none to take)
    covered = f.covered
    for k, (s, e) in enumerate(f.spans):
        lit = lits[k]
        lead = len(lit) - len(lit.lstrip(QUOTES)) if k else 0
        trail = min(len(lit) - len(lit.rstrip(QUOTES)), len(lit) - lead) if k < last else 0
        floor = spans[-1][1] if spans else 0
        s0, e0, quoted = s, e, (lead > 0, trail > 0)
        while lead and s > floor and msg[s - 1] in QUOTES:
            s, lead = s - 1, lead - 1
        ceiling = f.spans[k + 1][0] if k < last else len(msg)
        while trail and e < ceiling and msg[e] in QUOTES:
            e, trail = e + 1, trail - 1
        covered += s0 - s + e - e0
        shown.append((s0 - s if quoted[0] else -1, e - e0 if quoted[1] else -1))
        spans.append((s, e))
    for j in range(last):
        s, e = spans[j][1], spans[j + 1][0]
        if not _dressed_alike(shown[j][1], shown[j + 1][0], s < e and not spans_lines(s, e)):
            return None
    return Fit(True, f.anchored_start, f.anchored_end, covered, f.start, f.end, spans, 0)


def _dressed_alike(opened: int, closed: int, held: bool) -> bool:
    """Whether a value's quotes as the message shows them may be a renderer's or a retyping's
    doing (``opened``/``closed``: the quotes taken back before and after it, -1 where the
    template has none). A renderer drops them in pairs and a retyping replaces them, so both
    show or neither; one alone is a message cut inside the value (``at '/path/to``), which the
    truncated fit judges. Shown neither, the value holds something (``held``), on one line: with
    no quote and no value the message may as well have been cut before it, and a renderer takes
    the marks off a value inside a line (an inline code span); a value running on over lines
    with no quote to end it is the text that follows, another message's lines."""
    if opened < 0 or closed < 0:
        return True
    if (opened > 0) != (closed > 0):
        return False
    return opened > 0 or held


_TAIL_CAP = 400  # characters of a message's tail tried as the start of the literal it is cut in


# compact characters of a literal's opening a truncated fit's tail must hold for ``_diverges``
# to read it (``butfound``: two short words)
_DIVERGE_MIN = 8


def _diverges(msg: str, pos: int, lit: str) -> bool:
    """Whether the message's tail after ``pos`` holds the opening of the literal it never
    reaches (its first ``_DIVERGE_MIN`` compact characters, at their last place) and then goes
    on with other text: the words the template goes on with are there, so the message was not
    cut before them; it says something else after them (js-yaml's ``expected a single document
    in the stream, but found more`` against pyyaml's ``... but found another document``). A
    message cut inside the literal ends in a prefix of it instead, and a literal no longer than
    the opening is too short to tell. Only a letter or digit where the two part reads as other
    words: an older release's period where the template has a colon (``... formatter.``
    against ``... formatter: {e}``) is the same sentence ended there, as a cut one is."""
    if len(lit) <= _DIVERGE_MIN:
        return False
    at = msg.rfind(lit[:_DIVERGE_MIN], pos)
    if at < 0:
        return False
    k = _DIVERGE_MIN
    end = min(len(msg) - at, len(lit))
    while k < end and msg[at + k] == lit[k]:
        k += 1
    return at + k < len(msg) and k < len(lit) and msg[at + k].isalnum()


def _suffix_prefix(msg: str, pos: int, lit: str, cap: int = _TAIL_CAP) -> int:
    """Length of the longest prefix of ``lit`` that ends the message after ``pos`` (bounded work).

    Only the places where ``lit``'s first character occurs in the message's tail can start such a
    prefix, so those are tried, longest first, instead of every length.
    """
    m = len(msg)
    room = min(m - pos, len(lit) - 1, cap)
    if room <= 0:
        return 0
    head = lit[0]
    i = msg.find(head, m - room)
    while i >= 0:
        if lit.startswith(msg[i:]):
            return m - i
        i = msg.find(head, i + 1)
    return 0


def values(names: list[str], result: Fit, text: str, cmap: list[int]) -> dict[str, str]:
    """Cut the placeholder values out of the original (whitespace-intact) message.

    ``names`` are the template's placeholder names (``names[j]`` sits between literal j and j+1),
    ``cmap`` is ``compact_map(text)``. In a truncated fit the placeholder the message ends in gets
    the rest of the message and later ones are left out; a name used twice keeps its first value.
    """
    out: dict[str, str] = {}
    spans = result.spans
    if result.full and len(spans) == len(names) + 1:
        spans = _balanced_spans(spans, "".join(text[i] for i in cmap).translate(_TYPOGRAPHIC))
    for j, name in enumerate(names):
        if j >= len(spans):
            break
        if name in out:
            continue
        s = spans[j][1]
        e = spans[j + 1][0] if j + 1 < len(spans) else len(cmap) - result.partial
        out[name] = _cut(text, cmap, s, e)
        if j + 1 >= len(spans):
            break
    return out


_OPEN = {"(": ")", "[": "]", "{": "}"}
_CLOSE = frozenset(_OPEN.values())


def _balanced_spans(spans: list[tuple[int, int]], cmsg: str) -> list[tuple[int, int]]:
    """The spans of a full fit with each placeholder's value closing the brackets it opens.

    ``fit`` places each literal at its leftmost occurrence, which is complete for deciding a
    fit but cuts a value that holds the next literal's text: ``{attr!r}, {options!r}`` on
    ``Attribute(name='x', default=NOTHING), [1, 2]`` ends ``attr!r`` at the first ", ". Where a
    value opens a bracket it does not close, the next literal moves to its first occurrence
    outside the brackets and the literals after it are placed again; when they no longer fit,
    the leftmost placement stays. One pass over the message per moved literal."""
    out = list(spans)
    for j in range(len(out) - 1):
        s, e = out[j][1], out[j + 1][0]
        lit = cmsg[out[j + 1][0] : out[j + 1][1]]
        if not lit:
            continue
        moved = _place_after(cmsg, out, j, _outside_brackets(cmsg, s, e, lit))
        if moved is not None:
            out = moved
    return out


MAX_LINE_MOVES = 20  # later occurrences of a literal tried as where its line break falls


def line_spans(
    segs: Sequence[str], spans: list[tuple[int, int]], cmsg: str, new_line: Callable[[int], bool]
) -> list[tuple[int, int]]:
    """The spans of a full fit with each literal the template writes with a line break at an
    edge (``segs``, the literals as written: ``".\n"`` after ``{exc}`` in ``{exc}.\n{step}``)
    placed where the message breaks its line too, when it breaks it anywhere after the leftmost
    placement. The compact form the fit works in has no line breaks, so ``fit`` takes the
    first ``.`` for that literal, the one inside the value (``Error -3 connecting to
    redis:6379. Lookup timed out.``), and the next value runs over the line's end: a shape
    (``shaped_values``) the template never prints, while the paste shows it line for line.
    The literal moves to its first later occurrence with a line break where the template has
    one (``new_line``: before a compact position), the literals after it placed again
    leftmost; when none such fits, the leftmost placement stays. At most ``MAX_LINE_MOVES``
    occurrences are tried per literal."""
    out = list(spans)
    if len(segs) != len(out):
        return out
    m = len(cmsg)
    for k in range(1, len(out) - 1):  # (the first literal opens the fit, the last one ends it)
        seg = segs[k].strip(" \t")
        before, after = seg.startswith("\n"), seg.endswith("\n")
        if not (before or after) or out[k][0] == out[k][1]:
            continue
        lit = cmsg[out[k][0] : out[k][1]]
        at = out[k][0]
        if _breaks(at, at + len(lit), before, after, new_line, m):
            continue
        for _ in range(MAX_LINE_MOVES):
            at = cmsg.find(lit, at + 1)
            if at < 0:
                break
            if _breaks(at, at + len(lit), before, after, new_line, m):
                moved = _place_after(cmsg, out, k - 1, at)
                if moved is not None:
                    out = moved
                break
    return out


def _breaks(at: int, end: int, before: bool, after: bool, new_line: Callable[[int], bool], m: int) -> bool:
    """Whether a literal placed at compact ``at`` to ``end`` has a line break before it
    (``before``) and after it (``after``, or the message's end) where the template has one."""
    return (not before or new_line(at)) and (not after or new_line(end) or end == m)


def _outside_brackets(cmsg: str, s: int, e: int, lit: str) -> int:
    """For a value ``cmsg[s:e]`` that leaves a bracket open, the first position after ``e``
    where ``lit`` starts with every bracket opened since ``s`` closed again; -1 when there is
    none, or when the value closes what it opens (then the cut stands)."""
    depth = 0
    for i in range(s, len(cmsg)):
        if i == e and depth <= 0:
            return -1
        if depth == 0 and i > e and cmsg.startswith(lit, i):
            return i
        ch = cmsg[i]
        if ch in _OPEN:
            depth += 1
        elif ch in _CLOSE:
            depth -= 1
            if depth < 0:
                return -1
    return -1


def _place_after(cmsg: str, spans: list[tuple[int, int]], j: int, at: int) -> list[tuple[int, int]] | None:
    """``spans`` with literal ``j + 1`` at ``at`` and the later literals placed leftmost after
    it (the last one at the message's end when it was there); None when one does not fit."""
    m = len(cmsg)
    if at < 0 or (j + 1 == len(spans) - 1 and spans[-1][1] == m):
        return None  # the last literal ends the message: it stays there
    lits = [cmsg[a:b] for a, b in spans]
    out = [*spans[: j + 1], (at, at + len(lits[j + 1]))]
    pos = at + len(lits[j + 1])
    last = len(lits) - 1
    for k in range(j + 2, len(lits)):
        lit = lits[k]
        if k == last and spans[k][1] == m:
            if m - len(lit) < pos:
                return None
            out.append((m - len(lit), m))
            continue
        i = cmsg.find(lit, pos) if lit else pos
        if i < 0:
            return None
        pos = i + len(lit)
        out.append((i, pos))
    return out


def _cut(text: str, cmap: list[int], s: int, e: int) -> str:
    """Original text between compact positions ``s`` and ``e`` (whitespace inside kept, ends trimmed)."""
    if e <= s or not cmap:
        return ""
    return text[cmap[s] : cmap[e - 1] + 1]


CLASS_HEAD, CLASS_TAIL = "<class '", "'>"  # how str() and repr() print a class object


def printed_class(value: str) -> str:
    """The class name in what ``str()``/``repr()`` of a class object prints
    (``<class 'pkg.mod.Name'>`` -> ``Name``), or ``""`` when the value is not one: a bare
    ``Name`` is another template's ``{type(self).__name__}``. The matcher's shape test and the
    ranker's class evidence both ask this, so they cannot disagree on what a printed class is
    (the whitespace around a value is the message's, not the value's)."""
    v = value.strip()
    if len(v) <= len(CLASS_HEAD + CLASS_TAIL) or not (v.startswith(CLASS_HEAD) and v.endswith(CLASS_TAIL)):
        return ""
    return v[len(CLASS_HEAD) : -len(CLASS_TAIL)].rsplit(".", 1)[-1]


REPR_MARK = "!r"  # a stored placeholder name shown through repr() ends in it (``extract.templates``)
# the opening character a container placeholder prints (``extract.containers`` ends its name in
# the shape read: ``paths: list!r``, ``errors: dict[str]!r``): ``repr()`` of a list or a dict
# opens with its bracket whatever it holds
CONTAINER_OPENS = ((": list", "["), (": dict", "{"))


def repr_shown(name: str) -> bool:
    """Whether a stored placeholder prints what ``repr()`` prints: one marked so (``{x!r}``,
    ``%r``), or a class object (``{type(value)}``, ``{value.__class__}``), whose ``str()`` is
    the class's repr, ``<class 'pkg.Name'>``. ``f"must be an integer, not {type(v)}"`` shows a
    value exactly as ``f"..., not {v!r}"`` shows one, so both are judged and credited alike."""
    if name.endswith(REPR_MARK):
        return True
    expr = name.replace(" ", "")
    if expr.endswith(".__class__"):
        return True
    # ``type(x)`` with one argument and nothing after it (``type(x).__name__`` is a bare name)
    return expr.startswith("type(") and expr.endswith(")") and expr.count("(") == 1 and "," not in expr


def container_opens(name: str) -> str:
    """The bracket the value of a container placeholder (``paths: list!r``) opens with; ``""``
    for a placeholder of any value."""
    return next((opens for shape, opens in CONTAINER_OPENS if shape in name), "")


_REPR_WORDS = frozenset({"None", "True", "False", "Ellipsis", "NotImplemented", "inf", "nan", "-inf"})
_STRING_PREFIX = frozenset("bBrRuUfF")
_OPENERS = frozenset("'\"([{<")


def repr_start(text: str) -> bool:
    """Whether ``text`` may open what ``repr()`` prints: a quote, bracket or number, a word
    ``repr`` spells (``None``, ``True``), or a name followed by ``(``, ``.`` or ``<`` (an
    object's ``Name(...)``, a dotted constant); prose opens with a word and a space."""
    if not text:
        return True
    ch = text[0]
    if ch in _OPENERS or ch.isdigit() or ch in "-+":
        return True
    if not (ch.isalpha() or ch == "_"):
        return False
    end = next((i for i, x in enumerate(text[:200]) if not (x.isalnum() or x == "_")), min(len(text), 200))
    if text[:end] in _REPR_WORDS or (
        _STRING_PREFIX.issuperset(text[:end]) and text[end : end + 1] in ("'", '"')
    ):
        return True
    return end == len(text) or text[end] in "(.<"


def echoed(names: Sequence[str], result: Fit, cmsg: str) -> int:
    """Characters of the message that two placeholders show alike, so they are not free text:
    an item of a mapping (``{data["error"]}``, ``{data.get("error")}``) whose value is also in
    the repr of that mapping, printed by the same template (``{data!r}``: ``'error': 'x'``).
    Counted in the compact form, for a full fit only."""
    spans = result.spans
    if not result.full or len(spans) != len(names) + 1:
        return 0
    shown = {n: cmsg[spans[j][1] : spans[j + 1][0]] for j, n in enumerate(names)}
    total = 0
    for name, value in shown.items():
        item = _item_of(name)
        if item is None or not value:
            continue
        whole = shown.get(item[0] + REPR_MARK)
        if whole and any(
            f"{q}{item[1]}{q}:{v}" in whole for q in "'\"" for v in (f"'{value}'", f'"{value}"', value)
        ):
            total += len(value)
    return total


def quoted_gaps(lits: Sequence[str], names: Sequence[str], result: Fit, cmsg: str) -> int:
    """Characters of the message that placeholders the template quotes itself hold
    (``Run time of job "{job}" was missed``, or with a few characters of its own inside them:
    ``The option "--{name}" does not exist``): the quotes around the value are the template's
    own literals, so they say where it starts and ends, and a long value (a job printed with its
    trigger and next run) is the value's length, not text the template leaves unexplained.
    Only a value without that quote inside counts (then the quotes cannot have been matched
    elsewhere), and not one shown through ``repr()`` (``repr_gaps`` counts those). Counted in
    the compact form, for a full fit only."""
    spans = result.spans
    if not result.full or len(spans) != len(names) + 1:
        return 0
    total = 0
    for j, name in enumerate(names):
        q = _opening_quote(lits[j])
        if q is None or not _closes(lits[j + 1], q) or name.endswith(REPR_MARK):
            continue
        v = cmsg[spans[j][1] : spans[j + 1][0]]
        if q not in v:
            total += len(v)
    return total


# literal text a template may put inside its own quotes beside a placeholder (``"--{name}"``,
# ``'<{tag}>'``): a few characters, no letter or digit (words would be prose the quotes enclose,
# and a quote closed earlier, ``"x" and {y}``, then reads as opening this one)
_INSIDE_QUOTES = 4


def _opening_quote(before: str) -> str | None:
    """The quote the literal before a placeholder opens it with: its last character, or the
    last quote followed by a few characters that are no letter, digit nor quote (``"--``)."""
    tail = before[-_INSIDE_QUOTES - 1 :]
    for i in range(len(tail) - 1, -1, -1):
        ch = tail[i]
        if ch in ("'", '"'):
            return ch
        if ch.isalnum():
            return None
    return None


def _closes(after: str, q: str) -> bool:
    """Whether the literal after a placeholder closes quote ``q``: it starts with it, or with a
    few characters that are no letter, digit nor quote, then it (``"--{name}/"``)."""
    for ch in after[: _INSIDE_QUOTES + 1]:
        if ch == q:
            return True
        if ch.isalnum() or ch in ("'", '"'):
            return False
    return False


def _item_of(name: str) -> tuple[str, str] | None:
    """``base["key"]`` or ``base.get("key", ...)``: (base, key); None for any other name."""
    if name.endswith("]") and "[" in name:
        base, _, key = name[:-1].partition("[")
    elif name.endswith(")") and ".get(" in name:
        base, _, rest = name[:-1].partition(".get(")
        key = rest.partition(",")[0].strip()
    else:
        return None
    if len(key) < 3 or key[0] not in "'\"" or key[-1] != key[0] or not base.isidentifier():
        return None
    return base, key[1:-1]


def repr_gaps(
    lits: tuple[str, ...],
    names: Sequence[str],
    result: Fit,
    cmsg: str,
    new_line: Callable[[int], bool],
    one_word: Callable[[int, int], bool],
) -> tuple[bool, int]:
    """Whether the placeholders shown through ``repr()`` hold what a repr looks like, and how
    many characters of the message their values are: those between two literals, and any that
    is one whole quoted string or number (at either end of the message, say).

    ``{arg!r}`` prints a quoted string, a number, a bracketed value or ``Name(...)``; a fit that
    puts free prose there ("Input should be a valid integer") is another message that merely
    shares the template's words. A gap is judged only where it is known to start: after a
    non-empty literal and before one, or the template's last placeholder (next to another
    placeholder the split between the two is not known). The fit places each literal leftmost,
    so a repr'd quoted or bracketed value may hold the next literal's text and be cut inside
    itself; every split after one is then in doubt, and only the gaps up to it are judged.
    The last placeholder's value is not judged when it starts on a new line (``new_line``
    says so of a compact position): repr() printed it on the line the text ends, and the
    lines after are other output (a log record's context, the next part of a traceback).
    A bare name is a repr too (a class's own ``__repr__``: ``ANY``) when it is one word in the
    message (``one_word`` says so of a compact span): prose has spaces.
    """
    spans = result.spans
    judged = True
    held = 0
    for j, name in enumerate(names):
        if j + 1 >= len(spans):
            break
        if not repr_shown(name):
            continue
        v = cmsg[spans[j][1] : spans[j + 1][0]]
        closed = bool(lits[j + 1])
        # the last placeholder's value runs up to the template's last literal, which the fit
        # anchors at the message's end, so it takes every line before that: a repr there
        # closes on its line (an inner value ends where its next literal first appears)
        last = j + 1 == len(names)
        between = (
            closed
            and lits[j]
            and (not last or _closed_repr(v) or not _spans_lines(spans[j][1], spans[j + 1][0], new_line))
            and not _repr_then_prose(v)
        )
        if between or _whole_repr(v) or _object_repr(v):
            held += len(v)
        if judged and lits[j] and container_opens(name) and _bare_word(v):
            # a list's or dict's repr is bracketed: a bare word there (``s3v5`` where
            # ``{versions: list!r}`` prints ``['s3v5']``) is another site's value, not this one's
            return False, 0
        if judged and lits[j] and (closed or (j + 1 == len(names) and not new_line(spans[j][1]))):
            if not _repr_like(v, closed) and not _bare_name(v, closed, spans[j][1], one_word):
                return False, 0
            if closed and _string_closes_early(v):
                return False, 0  # (a last value's end is not known: lines after it are other output)
            if not closed and _words_after_repr(v, spans[j][1], new_line, one_word):
                return False, 0
            judged = not (v[:1] in _OPENERS or "(" in v)  # it may have swallowed the next literal
        elif j == 0 and closed and result.anchored_start and _string_closes_early(v):
            # a template opening with the placeholder, fitted from the message's start: only a
            # string closing inside the value is judged (what the parse left before a message,
            # a log's level, is no repr either, but the statement may still be the one)
            return False, 0
    return True, held


def _bare_word(v: str) -> bool:
    """``v`` (compact) is a bare name (``s3v5``, ``mod.NAME``): a letter or ``_`` first, then
    letters, digits, ``_`` and dots only, and not a word ``repr()`` spells (``None``, ``True``).

    What a container placeholder (``{versions: list!r}``) can never hold, whatever the value's
    type. Only that is judged: the shape is the extractor's reading of the name's bindings and
    annotations, and a type check raises precisely when the value is another type (pytest's
    ``args: list[str]`` printed as ``'-q tests'``, a tuple where a list was read), so a quoted
    string, a number, ``None`` or another bracket stay possible values of it."""
    if not v or not (v[0].isalpha() or v[0] == "_") or v in _REPR_WORDS:
        return False
    return all(ch.isalnum() or ch in "_." for ch in v)


def _string_closes_early(v: str) -> bool:
    """``v`` (compact, a ``!r`` value up to the literal after it) opens a quoted string that
    closes before its end: text follows the string inside one placeholder, which one repr never prints (``'a',
    "b"`` is two values; ``"pyflakes" failed ... "'Name'`` is prose taken in front of a quoted
    name). A value cut inside its string by the next literal's leftmost place only ends early,
    without its closing quote, and is not judged so."""
    i = 1 if v[:1] in _STRING_PREFIX else 0
    i += 1 if v[i : i + 1] in _STRING_PREFIX and v[:1] in _STRING_PREFIX else 0  # ``rb'...'``
    q = v[i : i + 1]
    if q not in ("'", '"'):
        return False
    k = i + 1
    while k < len(v):
        if v[k] == "\\":
            k += 2
            continue
        if v[k] == q:
            return k < len(v) - 1
        k += 1
    return False


def _words_after_repr(
    v: str, at: int, new_line: Callable[[int], bool], one_word: Callable[[int, int], bool]
) -> bool:
    """``v`` (compact, the template's last value, from compact position ``at`` to the message's
    end) opens with one whole repr (a quoted string, a bracketed value, a number) that a space
    and a word follow on its line: ``'abc' is not a valid integer.`` taken for ``{arg!r}`` of
    ``Invalid value for '{name}': {arg!r}``. repr() prints one value, never a value and the
    words of a clause after it, so that text is another message sharing the template's head.
    Lines after the value are other output, and punctuation right after it (``'abc'.``,
    ``'abc' (see ...)``) may be the reporter's, so neither is judged. One pass, bounded by the
    value's length."""
    end = _repr_token_end(v)
    k = at + end  # the compact position after the repr
    return 0 < end < len(v) and v[end].isalnum() and not new_line(k) and not one_word(k - 1, k + 1)


def _repr_token_end(v: str) -> int:
    """Where the one repr ``v`` (compact) opens with ends: after a quoted string's closing quote
    (a ``b``/``r`` prefix and backslash escapes read), after the bracket closing its opening one
    (strings inside skipped), after a number's digits; 0 when ``v`` opens with none of them or
    it does not close in ``v``."""
    i = 0
    while i < 2 and v[i : i + 1] in _STRING_PREFIX and v[i + 1 : i + 2] in ("'", '"', *_STRING_PREFIX):
        i += 1
    head = v[i : i + 1]
    if head in ("'", '"'):
        return _string_end(v, i)
    if i:
        return 0
    if head and head in "([{":
        closer = {"(": ")", "[": "]", "{": "}"}[head]
        depth, k = 0, 0
        while k < len(v):
            ch = v[k]
            if ch in ("'", '"'):
                k = _string_end(v, k)
                if not k:
                    return 0
                continue
            depth += (ch == head) - (ch == closer)
            k += 1
            if depth == 0:
                return k
        return 0
    k = 1 if head in ("-", "+") else 0
    start = k
    while k < len(v) and (v[k].isdigit() or v[k] == "."):
        k += 1
    return k if k > start and v[start].isdigit() else 0


def _string_end(v: str, i: int) -> int:
    """After the quote closing the string ``v[i]`` opens (0: it does not close in ``v``)."""
    q, k = v[i], i + 1
    while k < len(v):
        if v[k] == "\\":
            k += 2
            continue
        if v[k] == q:
            return k + 1
        k += 1
    return 0


def _spans_lines(start: int, end: int, new_line: Callable[[int], bool]) -> bool:
    """Whether a line break falls inside compact positions ``start`` to ``end``."""
    return any(new_line(p) for p in range(start + 1, end))


# letters after a bracketed repr's close that make the rest of a value prose, not the repr's
# own tail (a quoted ``'>'`` inside ``<Node '>'>`` closes the count early by a letter or two)
_PROSE_AFTER_REPR = 12


def _repr_then_prose(v: str) -> bool:
    """``v`` (compact) opens with a bracket that closes before its end, and the rest holds
    ``_PROSE_AFTER_REPR`` letters or more: one repr and a sentence after it
    (``<class 'app.Model'>. Set `arbitrary_types_allowed=True` in the model_config ...`` where
    ``... schema for {obj!r}.`` fits the message with its last ``.``), not one repr. The text
    after the close is the message's, unexplained: a template ending at the placeholder's
    ``.`` would count it as the value's. Brackets are counted by the opening kind alone, as
    ``_closed_repr`` counts them; a repr never prints text after its own close."""
    closer = {"(": ")", "[": "]", "{": "}", "<": ">"}.get(v[:1])
    if closer is None or len(v) < _PROSE_AFTER_REPR + 2:
        return False
    depth = 0
    for i, ch in enumerate(v):
        depth += (ch == v[0]) - (ch == closer)
        if depth == 0:
            rest = v[i + 1 :]
            return sum(c.isalpha() for c in rest[:200]) >= _PROSE_AFTER_REPR
    return False


def _closed_repr(v: str) -> bool:
    """``v`` (compact) is one bracketed repr: it opens with a bracket whose match closes it at
    its very end (``[[1, 2],`` and `` [3, 4]]`` over two lines). The last value of a template,
    between two literals, running over a line end is what repr() printed only then:
    ``<class 'type'>`` followed by a paragraph of the message (``.`` and ``Hint: ...``) is one
    repr and the text after it, which a template ending in that ``.`` would otherwise count as
    explained."""
    closer = {"(": ")", "[": "]", "{": "}", "<": ">"}.get(v[:1])
    if closer is None or v[-1] != closer:
        return False
    depth = 0
    for i, ch in enumerate(v):
        depth += (ch == v[0]) - (ch == closer)
        if depth == 0:
            return i == len(v) - 1
    return False


def _bare_name(v: str, closed: bool, at: int, one_word: Callable[[int, int], bool]) -> bool:
    """``v`` begins with a name that is one word in the message: all of it when ``closed``, else
    followed by the end of a clause (not ``name:``, which labels what follows)."""
    i = 0
    while i < len(v) and (v[i].isalnum() or v[i] == "_"):
        i += 1
    ends = i == len(v) or (not closed and v[i] in ".,;)]}")
    return i > 0 and ends and one_word(at, at + i)


def _whole_repr(v: str) -> bool:
    """``v`` is one whole string or number repr: ``'level_xp'``, ``"it's"``, ``-1.5``."""
    if len(v) > 1 and v[0] in "'\"" and v[-1] == v[0]:
        return v[0] not in v[1:-1].replace("\\" + v[0], "")
    return bool(v) and v.lstrip("-+").replace(".", "", 1).isdigit()


def _object_repr(v: str) -> bool:
    """``v`` (compact) is one whole object repr: a default one, ``<`` and a dotted class or kind
    name up to the ``>`` that closes it at the very end (``<_io.BufferedReader name='a.png'>``,
    ``<module 'conftest' (<...Hook object at 0x7f...>)>``), or a call-like one, a dotted name
    and ``(`` up to the ``)`` closing it at the very end (``FileNotFoundError(2, 'No such
    file', None, 2)``). Such a value is as long as the object's state makes it, so it is what
    ``repr()`` printed, not text the template leaves unexplained, even where no literal follows
    it to close the gap."""
    if len(v) < 3 or v[-1] not in ">)":
        return False
    if v[0] == "<":
        opener, closer, name = "<", ">", v[1:2]
    else:
        opener, closer = "(", ")"
        name = v[: v.find("(")] if "(" in v else ""
        if not name.replace(".", "").replace("_", "").isalnum():
            return False
    if v[-1] != closer or not (name[:1].isalpha() or name[:1] == "_"):
        return False
    depth = 0
    for i, ch in enumerate(v):
        if ch == opener:
            depth += 1
        elif ch == closer:
            depth -= 1
            if depth == 0 and i != len(v) - 1:
                return False  # closed before the end: two values, or a repr and other text
    return depth == 0


def _repr_like(v: str, closed: bool) -> bool:
    """``v`` (compact) begins the way ``repr()`` output does; ``closed``: it is all of the value.

    Only the beginning is judged: the fit places each literal leftmost, so a repr holding the
    next literal's text (``Attribute(name='x', ...)`` before ``", "``) is cut inside itself.
    """
    if not v:
        return False
    head = v[0]
    if head in _STRING_PREFIX and len(v) > 1 and v[1] in "'\"":
        return True
    if head in "'\"([{<" or head.isdigit():
        return True
    if head in "-+." and len(v) > 1 and (v[1].isdigit() or v[1] == "."):
        return True
    i = 0
    while i < len(v) and (v[i].isalnum() or v[i] in "_."):
        i += 1
    if i == len(v):
        return v in _REPR_WORDS or (not closed and any(w.startswith(v) for w in _REPR_WORDS))
    return (v[i] == "(" and i > 0) or v[:i] in _REPR_WORDS  # Name(...), module.Name(...)
