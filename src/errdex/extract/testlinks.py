"""Linking the codebase's own tests to the errors they expect, at index time.

A test's ``match=`` regex is evidence written by the library's authors that a given message is
raised; linking it to the template that produces the message gives each error a real example.

How a link is decided, cheapest first:

1. **Prefilter**: the literal words of the test's pattern are looked up in an inverted index of
   the templates' literal words; only templates that contain the pattern's rarest indexed word
   are considered. Linking is then O(tests x few), never O(tests x templates) regex runs.
2. **Type**: the test's exception type must be the record's (same last name), one of its
   codebase bases (``exc_bases``, followed transitively), or a builtin base of it
   (``pytest.raises(LookupError)`` catches ``KeyError``).
3. **Message**: either the test's regex searches a rendering of the template whose placeholders
   hold a neutral sample value, or — because tests usually spell out the dynamic values
   (``match="got 3 features"`` against ``got {n} features``) — every literal run of the pattern
   fits into *some* instantiation of the template, placeholders absorbing any text. The second
   check is a bit-parallel automaton over the template, linear in the pattern's length, with no
   backtracking at all.

Regexes come from the indexed code, and a test's regex run by a backtracking engine against a
long template could run for ever (``(a|a)*$``). They are therefore only ever run by RE2, which is
linear in the text, with a bounded memory budget; what RE2 cannot express (backreferences,
lookarounds) is decided by the automaton alone. Renderings are capped in length.

Tests without ``match=``: linked by type alone only when that type is specific to the codebase
(not a builtin) *and* raised at exactly one site — otherwise "raises ValueError" says nothing
about which of hundreds of sites it exercises, and a wrong example is worse than none.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from errdex.linear_re import MAX_PATTERN, UntrustedRegex, compile_untrusted
from errdex.model import ErrorRecord, TestExpectation
from errdex.pyexc import builtin_ancestors, is_builtin

__all__ = ["link_expectations", "literal_fragments", "pattern_fits_template"]

_SAMPLE = "0"
_MAX_RENDER = 4000
_MAX_LINKS = 3
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]{2,}")


@dataclass(slots=True)
class _Tmpl:
    index: int  # into records
    segments: list[str]
    literal: str
    sample: str
    words: frozenset[str]


def link_expectations(found: list[TestExpectation], records: Sequence[ErrorRecord]) -> int:
    """Fill ``error_ids`` of each expectation; return how many expectations got at least one."""
    tmpls = [_template(i, r) for i, r in enumerate(records) if r.kind in ("error", "warning", "assertion")]
    by_word: dict[str, list[_Tmpl]] = defaultdict(list)
    for t in tmpls:
        for w in t.words:
            by_word[w].append(t)
    bases = _base_table(records)
    sites_by_type: dict[str, list[int]] = defaultdict(list)
    for i, r in enumerate(records):
        if r.kind != "log":
            sites_by_type[_last(r.exc_type)].append(i)
    linked = 0
    for exp in found:
        types = _types_of(exp.exc_type)
        if exp.pattern is None:
            ids = _link_by_type(types, records, sites_by_type)
        else:
            ids = _link_by_pattern(exp, types, records, by_word, bases)
        exp.error_ids = ids
        linked += bool(ids)
    return linked


def _link_by_type(
    types: list[str], records: Sequence[ErrorRecord], sites_by_type: dict[str, list[int]]
) -> list[str]:
    ids: list[str] = []
    for t in types:
        if is_builtin(t):
            continue
        sites = sites_by_type.get(t, [])
        if len(sites) == 1:
            ids.append(records[sites[0]].id)
    return ids


def _link_by_pattern(
    exp: TestExpectation,
    types: list[str],
    records: Sequence[ErrorRecord],
    by_word: dict[str, list[_Tmpl]],
    bases: dict[str, set[str]],
) -> list[str]:
    assert exp.pattern is not None
    pattern = exp.pattern
    if len(pattern) > MAX_PATTERN:
        return []  # no test spells out a message this long; not worth any work
    frags = literal_fragments(pattern)
    words = {w.lower() for f in frags for w in _WORD.findall(f)}
    # the rarest word's templates; ties go to the first word in sorted order, so the same
    # release links the same way in every run (a set's order changes with the hash seed)
    pools = [by_word[w] for w in sorted(words) if w in by_word]
    if not pools:
        return []
    candidates = min(pools, key=len)
    regex = _safe_compile(pattern)
    scored: list[tuple[float, int, str]] = []
    test_dir = exp.path.rsplit("/tests/", 1)[0] if "/tests/" in exp.path else ""
    for t in candidates:
        rec = records[t.index]
        if not _type_ok(types, rec, bases):
            continue
        # placeholders absorb anything, so also ask that most of the pattern's words are the
        # template's own: "got 3 labels" must not link to "got {n} features"
        if len(words & t.words) * 2 < len(words):
            continue
        if not _message_ok(pattern, regex, frags, t):
            continue
        # prefer the raise sites near the test, then the templates the pattern explains most of
        near = 1 if test_dir and rec.path.startswith(test_dir + "/") else 0
        cover = sum(len(f) for f in frags) / max(len(t.literal), 1)
        scored.append((near + min(cover, 1.0), -t.index, rec.id))
    scored.sort(reverse=True)
    out: list[str] = []
    for _, _, rid in scored:
        if rid not in out:
            out.append(rid)
        if len(out) == _MAX_LINKS:
            break
    return out


def _message_ok(pattern: str, regex: UntrustedRegex | None, frags: list[str], t: _Tmpl) -> bool:
    if regex is not None and regex.search(t.sample):
        return True
    if "|" in _strip_escapes(pattern):  # alternatives: fragments are not all required
        return False
    return bool(frags) and pattern_fits_template(frags, t.segments)


def _template(i: int, r: ErrorRecord) -> _Tmpl:
    segs = r.expanded_segments or r.segments
    literal = "".join(segs[0::2])
    sample = "".join(p if k % 2 == 0 else _SAMPLE for k, p in enumerate(segs))[:_MAX_RENDER]
    words = frozenset(w.lower() for w in _WORD.findall(literal))
    return _Tmpl(i, segs, literal, sample, words)


# ---------------------------------------------------------------------------- types


def _last(name: str) -> str:
    return name.rsplit(".", 1)[-1]


def _types_of(exc_type: str) -> list[str]:
    """``(ValueError, TypeError)`` or ``errors.Foo`` -> last names."""
    return [_last(p.strip()) for p in exc_type.strip("()").split(",") if p.strip()]


def _base_table(records: Sequence[ErrorRecord]) -> dict[str, set[str]]:
    table: dict[str, set[str]] = defaultdict(set)
    for r in records:
        for b in r.exc_bases:
            table[_last(r.exc_type)].add(_last(b))
    return table


def _ancestors(name: str, bases: dict[str, set[str]]) -> set[str]:
    seen: set[str] = set()
    stack = [name]
    while stack:
        n = stack.pop()
        if n in seen:
            continue
        seen.add(n)
        seen.update(builtin_ancestors(n))
        stack.extend(bases.get(n, ()))
    return seen


def _type_ok(types: list[str], rec: ErrorRecord, bases: dict[str, set[str]]) -> bool:
    mine = _last(rec.exc_type)
    if mine in types:
        return True
    table = dict(bases)
    if rec.exc_bases:
        table[mine] = set(table.get(mine, set())) | {_last(b) for b in rec.exc_bases}
    anc = _ancestors(mine, table)
    return any(t in anc for t in types)


# ---------------------------------------------------------------------------- regex handling

_META = set(".^$*+?{}[]|()")
# Both run on the test's pattern at one position each; neither has two quantifiers that can
# trade characters (``\d*,?\d*`` would, on "{" and a long run of digits), so each is linear.
_BOUNDS = re.compile(r"\{\d*(?:,\d*)?\}")
_GROUP_OPEN = re.compile(r"\(\?(?:[:=!]|<[=!]|P<\w+>|<\w+>|[aiLmsux-]+[:)])")


def _strip_escapes(pattern: str) -> str:
    return re.sub(r"\\.", "", pattern)


def literal_fragments(pattern: str) -> list[str]:
    """Maximal runs of literal text in a regex, in order (escapes decoded, classes dropped).

    A quantifier makes the character before it optional or repeated, so that character is cut
    off the run. Good enough for the regexes tests write; anything odd only shortens fragments,
    which makes the check weaker, never wrong.
    """
    frags: list[str] = []
    cur: list[str] = []
    i, n = 0, len(pattern)

    def flush() -> None:
        if cur:
            frags.append("".join(cur))
            cur.clear()

    while i < n:
        c = pattern[i]
        if c == "\\" and i + 1 < n:
            d = pattern[i + 1]
            if d.isalnum():  # \d \w \s \b \1 ...: a class or assertion, not a literal
                flush()
            else:
                cur.append(d)
            i += 2
            continue
        if c == "[":
            flush()
            j = i + 1
            if j < n and pattern[j] == "^":
                j += 1
            if j < n and pattern[j] == "]":
                j += 1
            while j < n and pattern[j] != "]":
                j += 2 if pattern[j] == "\\" else 1
            i = j + 1
            continue
        if c in "*+?{":
            m = _BOUNDS.match(pattern, i) if c == "{" else None
            if cur and (c in "*?" or m):
                cur.pop()
            flush()
            if c == "{":
                i = m.end() if m else i + 1
            else:
                i += 1
            continue
        if c == "(" and pattern.startswith("(?", i):
            flush()
            m = _GROUP_OPEN.match(pattern, i)
            i = m.end() if m else i + 2
            continue
        if c in _META:
            flush()
            i += 1
            continue
        cur.append(c)
        i += 1
    flush()
    return [f for f in frags if f.strip()]


def _safe_compile(pattern: str) -> UntrustedRegex | None:
    """The test's regex for a linear-time engine; None when RE2 cannot express it.

    The pattern comes from the indexed code, so it is never given to a backtracking engine:
    ``(a|a)*$`` or ``.*.*.*...x`` against a long template would run for ever. What RE2 rejects
    (backreferences, lookarounds) is checked by the literal-fragment automaton alone.
    """
    return compile_untrusted(pattern)


def pattern_fits_template(frags: list[str], segments: list[str]) -> bool:
    """Can every literal fragment appear, in order, in some message the template produces?

    The template is an automaton over its literal characters where each placeholder is a
    wildcard; the state is the set of template positions as a Python int bitset. Fragments are
    fed one after another; between two fragments any gap is allowed (regex metacharacters stood
    there), so the state is widened to every position at or after the earliest one reached.
    """
    text: list[str] = []
    wild = 0
    for k, part in enumerate(segments):
        if k % 2 == 0:
            text.extend(part)
        else:
            wild |= 1 << len(text)
            text.append("\x00")
    size = len(text)
    full = (1 << (size + 1)) - 1
    masks: dict[str, int] = {}
    for pos, ch in enumerate(text):
        if ch != "\x00":
            masks[ch] = masks.get(ch, 0) | (1 << pos)
    state = full
    for frag in frags:
        state = _closure(state, wild, full)
        for ch in frag:
            state = (((state & masks.get(ch, 0)) << 1) | (state & wild)) & full
            if not state:
                return False
            state = _closure(state, wild, full)
        low = state & -state
        state = full & ~(low - 1)
    return True


def _closure(state: int, wild: int, full: int) -> int:
    """A placeholder may also stand for the empty string: step over it without input.

    From a reached placeholder position every later position of its run of consecutive
    placeholders, and the literal right after the run, is reachable. Adding the reached
    placeholder bits to ``wild`` carries through each run to the position after it, so XOR-ing
    ``wild`` back out leaves exactly those positions: a few big-int operations, not one per
    placeholder of the run.
    """
    reached = state & wild
    return (state | ((wild + reached) ^ wild)) & full
