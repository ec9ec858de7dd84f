"""The text side of a query: which templates can be the source, and how well the text fits each.

Only patterns whose keys all occurred can fit in full, only those whose head occurred can fit a
cut-short message confidently: those are verified (the heads bounded by key weight, since
near-duplicates sharing a beginning are equally good fits of a message cut before they differ).
Patterns that do not fit (reworded messages, or ones only frames or the pasted type lead to) get
a word-similarity score instead, which survives rewording the literal fit cannot.
"""

from __future__ import annotations

import heapq
import re
from bisect import bisect_left
from collections import Counter
from collections.abc import Callable, Container, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from itertools import compress, filterfalse, pairwise, repeat
from operator import contains

from errdex.match.index import E_KIND, E_REPO, E_TYPE, CorruptIndex, Index, joins_messages, type_key
from errdex.match.parse import LIST_MARKER
from errdex.match.result import literal
from errdex.match.score import WORD, catching_keys, type_relation, word_f1, words
from errdex.match.thresholds import (
    ANCHORED_MIN_COVERAGE,
    ANCHORED_MIN_LITERAL,
    APPROX_MIN,
    CONTAINER_NAMED,
    EXTRA_TEXT,
    FULL_FIT_BASE,
    HEAD_POSTINGS,
    HEAD_SCAN,
    LEAD_PART_SHORT,
    LEAD_TOKENS_FULL,
    LEAD_TOKENS_MIN,
    LEAD_WEIGHT,
    LOOSE_QUOTES,
    MAX_FUZZY,
    MAX_HEADS,
    MAX_INNER,
    MAX_JOINED,
    MAX_STATEMENT,
    MAX_VERIFY,
    MAX_WEAK_HEADS,
    MIN_COVERAGE,
    MIN_LITERAL,
    OPENING_SHARE,
    OPENING_WORDS_MIN,
    PLACEHOLDER_SHARE,
    RUNTIME_MIN_COVERAGE,
    RUNTIME_MIN_LITERAL,
    SHAPED_MIN_COVERAGE,
    SHAPED_MIN_LITERAL,
    SIMILAR_EXTRA_TEXT,
    TRUNC_MIN_COVERAGE,
    TRUNC_MIN_LITERAL,
)
from errdex.match.verify import (
    REPR_MARK,
    Fit,
    compact,
    compact_map,
    cut_cover,
    echoed,
    fit,
    line_spans,
    loose_fit,
    quoted_gaps,
    repr_gaps,
    repr_shown,
    values,
)


@dataclass(slots=True)
class Share:
    """A reason quoting a share of the message (``{:.0%}``), worded by ``str()``: most candidates
    are never shown, and formatting the share for each of them was a good part of fitting them.
    (Not frozen: a frozen dataclass is several times slower to make, and ``+`` makes a new one.)"""

    before: str
    share: float
    after: str

    def __str__(self) -> str:
        return f"{self.before}{self.share:.0%}{self.after}"

    def __add__(self, more: str) -> Share:
        return Share(self.before, self.share, self.after + more)


Reason = str | Share


@dataclass(slots=True)
class Cand:
    """One pattern as a candidate: how the text fits it and what that is worth."""

    pid: int
    fit: Fit | None = None
    coverage: float = 0.0
    text: float = 0.0  # text score in [0, 1]
    confident: bool = False
    reasons: list[Reason] = field(default_factory=list)  # worded with ``str()``
    repr_ok: bool = True  # False: the message has plain text where the template shows a repr
    # ``_one_line`` judged the fit on one line of the message: (its compact span, and the
    # verdict on the whole message it replaced), for ``inner_lines`` to take back
    line: tuple[int, int, bool, float, float, list[Reason]] | None = None
    # ``_appended_paragraph`` made the fit confident on the message's head: the block after it,
    # most of the message, is a value nothing confirms
    head_only: bool = False


@dataclass(slots=True)
class TextFit:
    """The candidates of one message, and the interpreter template that explains it best."""

    message: str
    cmsg: str
    cands: dict[int, Cand] = field(default_factory=dict)
    runtime_best: tuple[float, int] | None = None  # (coverage, pattern)
    # where ``runtime_best``'s fit begins in the compact message: past 0 when a label precedes
    # the interpreter's message (``_after_label``), whose words are another raise's or log's
    runtime_from: int = 0
    # the text ``runtime_best``'s fit leaves to its placeholders (the compact message between its
    # literals as placed), lower-cased words: values the interpreter prints (``_runtime_values``)
    runtime_values: set[str] = field(default_factory=set)
    # patterns fitting a message cut short too weakly to rank on their text (``fit_all``): fitted
    # again and made candidates only when nothing fits confidently (``add_similarity``)
    weak: list[int] = field(default_factory=list)
    # those of ``weak`` not placed yet (``fit_all``): dropped, when ``weak`` is first read
    # (``weak_fits``), if they place no literal at all
    unplaced: set[int] = field(default_factory=set)
    # interpreter patterns whose every literal was found in the message, in or around other text
    # (``interpreter_wrappers`` looks for one filling a library template's placeholder)
    runtime_full: list[int] = field(default_factory=list)
    # patterns found whole inside a message that is a printed dict or list (``fit_all``): the
    # messages it collects, which ``collected`` reads as evidence for the raise of the container
    inside: list[int] = field(default_factory=list)
    # raises printing collected errors joined, in the package nearest the error they print
    # (``joined``): the ranker puts them first among the collectors tied on that text
    near: set[int] = field(default_factory=set)
    # ``Index.similar`` of the message's keys, once read (``unticked_similar``, ``add_similarity``)
    similar: list[int] | None = None
    _cmap: list[int] | None = None
    _log: bool | None = None

    @property
    def cmap(self) -> list[int]:
        """``compact_map(message)``, made once when first needed."""
        if self._cmap is None:
            self._cmap = compact_map(self.message)
        return self._cmap

    def new_line(self, at: int) -> bool:
        """Whether a line break precedes compact position ``at`` of the message."""
        cmap = self.cmap
        if not 0 < at < len(cmap):
            return False
        return "\n" in self.message[cmap[at - 1] + 1 : cmap[at]]

    def spans_lines(self, start: int, end: int) -> bool:
        """Whether a line break falls inside compact positions ``start`` to ``end``."""
        return any(self.new_line(p) for p in range(start + 1, end))

    def one_word(self, start: int, end: int) -> bool:
        """Whether compact positions ``start`` to ``end`` are one run of the message, no space."""
        cmap = self.cmap
        return 0 <= start < end <= len(cmap) and cmap[end - 1] - cmap[start] == end - 1 - start

    def is_log(self) -> bool:
        """Whether the message is log output: at least two of its lines are log records."""
        if self._log is None:
            self._log = sum(_record_line(ln) for ln in self.message.split("\n")) >= 2
        return self._log

    def any_confident(self) -> bool:
        return any(c.confident for c in self.cands.values())

    def weak_fits(self, idx: Index) -> list[int]:
        """``weak``, every pattern in it placing a literal: the list ``fit_all`` makes placing
        each pattern, in its order. Those it kept aside unplaced are placed now, once: a
        pattern whose first literal is not in the message places nothing (``cut_cover``'s -2)."""
        if self.unplaced:
            cmsg, unplaced, lits_of = self.cmsg, self.unplaced, idx.lits
            self.weak[:] = [
                pid for pid in self.weak if pid not in unplaced or cut_cover(lits_of(pid)[0], cmsg) != -2
            ]
            unplaced.clear()
        return self.weak

    def add_weak(self, idx: Index, wanted: list[int]) -> None:
        """Make the weak fits among ``wanted`` candidates, as ``fit_all`` would have made them.

        Only word similarity can lift a weak fit's text to where it ranks (``0.45 * coverage``
        is below ``APPROX_MIN``, and a weak fit has neither frame nor type evidence), so a weak
        fit ``add_similarity`` does not score would be a candidate that nothing looks at."""
        mlen = max(len(self.cmsg), 1)
        weak = set(self.weak_fits(idx))
        for pid in dict.fromkeys(wanted):
            if pid not in weak:
                continue
            f = fit(idx.lits(pid)[0], self.cmsg)
            assert f is not None  # ``cut_cover`` placed a literal
            c = self.cands[pid] = Cand(pid, f)
            judge_fit(c, 0, mlen)  # (the literal length only counts for a full fit)
        self.weak.clear()


def to_verify(idx: Index, cmsg: str, seen: set[int], framed: dict[int, float]) -> list[int]:
    """The patterns worth verifying literal by literal, bounded by key weight."""
    return verify_lists(idx, cmsg, seen, framed)[0]


def verify_lists(
    idx: Index, cmsg: str, seen: set[int], framed: dict[int, float]
) -> tuple[list[int], list[int]]:
    """``to_verify``'s patterns, and all of ``Index.exact_candidates``: the only patterns with a
    key that may fit the message in full (``fit_all``)."""
    exact = idx.exact_candidates(seen)
    heads = list(dict.fromkeys(idx.head_candidates(cmsg, seen)))
    hit = idx.hit_weights(seen) if len(heads) > MAX_HEADS or len(exact) + len(heads) > MAX_VERIFY else {}
    if len(heads) > MAX_HEADS:
        heads = best_heads(idx, heads, seen, framed, hit)
    verify = list(dict.fromkeys([*exact, *heads]))
    if len(verify) > MAX_VERIFY:
        verify = heapq.nlargest(MAX_VERIFY, verify, key=lambda pid: idx.weight(pid, hit))
    return verify, exact


def best_heads(
    idx: Index, heads: list[int], seen: set[int], framed: Container[int], hit: dict[int, float]
) -> list[int]:
    """The ``MAX_HEADS`` heads worth verifying: the ones frames lead to first, then by key weight
    (equal weights in stored order).

    A head is shared by every near-duplicate that begins the same way, so its patterns grow with
    the catalogue while only ``MAX_HEADS`` of them are verified. Up to ``HEAD_SCAN`` heads, all
    are weighed. Beyond, the first ``HEAD_SCAN`` (the ones equal weights favour) are, and of the
    rest only those frames lead to or listed under a key of the message that ``HEAD_SCAN``
    patterns or fewer have: a key that tells near-duplicates apart weighs more than one most of
    them share. So the work per query stops growing with the catalogue, and the heads chosen
    are the same unless a head far down the list shares only common keys with the message yet
    outweighs the ``MAX_HEADS``-th.

    The heads weighed are near-duplicates by thousands there: one read of the rare keys'
    postings (``Index.key_sums``) says which heads a rare key lists and bounds every head's
    weight (the common keys' weights are an allowance added to all), and only the heads whose
    bound reaches the ``MAX_HEADS``-th lower bound are weighed (``_reaching``, the bound
    tightened by the keys of a few thousand postings, ``_WIDE``): the others weigh less
    than ``MAX_HEADS`` heads, so the ones chosen and their order are the same."""
    among = set(heads)  # read by both ways below: built once (near-duplicate heads by tens of thousands)
    got = key_sets(idx, among, seen, HEAD_POSTINGS * min(len(heads), HEAD_SCAN), HEAD_SCAN)
    if got is not None:
        bits, listed = got
        if len(heads) > HEAD_SCAN:  # the heads beyond it that a rare key lists or frames lead to
            tail = heads[HEAD_SCAN:]
            if framed:
                heads = heads[:HEAD_SCAN] + [pid for pid in tail if pid in listed or pid in framed]
            else:
                heads = heads[:HEAD_SCAN] + list(compress(tail, map(listed.__contains__, tail)))
        # one head of each set of the message's keys weighed: its weight is every such head's
        one = dict(zip(map(bits.__getitem__, heads), heads, strict=True))
        of_set = dict(zip(one, idx.weights(one.values(), hit), strict=True))
        weight = dict(zip(heads, map(of_set.__getitem__, map(bits.__getitem__, heads)), strict=True))
        if not framed:
            return _heaviest(heads, weight, MAX_HEADS)
        # (frames lead to it, weight), stable: the heads frames lead to by weight, then the others
        led = list(compress(heads, map(framed.__contains__, heads)))
        top = _heaviest(led, weight, MAX_HEADS)
        rest = list(filterfalse(framed.__contains__, heads)) if len(top) < MAX_HEADS else []
        return top + _heaviest(rest, weight, MAX_HEADS - len(top))
    if len(heads) > HEAD_SCAN:
        sums, common = idx.key_sums(among, seen, hit, HEAD_SCAN)
        # a head is listed under a rare key exactly when that key's weight is in its sum
        tail = heads[HEAD_SCAN:]
        if framed:
            heads = heads[:HEAD_SCAN] + [pid for pid in tail if sums[pid] or pid in framed]
        else:
            heads = heads[:HEAD_SCAN] + list(compress(tail, map(sums.__getitem__, tail)))
        # (the sums that chose the heads past ``HEAD_SCAN`` are copied, not changed)
        sums, common = idx.key_sums(
            set(heads),
            seen,
            hit,
            _WIDE * HEAD_SCAN,
            shortest=HEAD_SCAN,
            budget=_BOUND_POSTINGS * len(heads),
            sums=sums,
        )
        heads = _reaching(heads, sums, common, framed)
    return _heaviest_heads(heads, dict(zip(heads, idx.weights(heads, hit), strict=True)), framed)


# the bound ``_reaching`` reads, made tighter: keys of up to ``_WIDE * HEAD_SCAN`` postings read
# too, at most ``_BOUND_POSTINGS`` postings a head (a posting read in C costs far less than a head
# weighed). Near-duplicates by tens of thousands (10M templates) share words whose keys list a
# few thousand patterns each: left in the allowance, they lift every head's bound above the
# ``MAX_HEADS``-th, and thousands are weighed one by one. Still a bound: each sum is the weight of
# some of the head's keys that occurred, the allowance the weight of the others read for no head,
# so a head's weight lies between its sum and its sum plus the allowance (in another order of
# addition: ``_SUM_SLACK``)
_WIDE = 8
_BOUND_POSTINGS = 16


def _heaviest_heads(heads: list[int], weight: dict[int, float], framed: Container[int]) -> list[int]:
    """The ``MAX_HEADS`` best of ``heads`` by (frames lead to it, weight), equal ones in order."""
    # ``heapq.nlargest`` as its documentation defines it (a stable sort, cut): hundreds of heads
    # are sorted in C faster than ``nlargest`` keeps its heap in Python
    if framed:
        return sorted(heads, key=lambda pid: (pid in framed, weight[pid]), reverse=True)[:MAX_HEADS]
    return sorted(heads, key=weight.__getitem__, reverse=True)[:MAX_HEADS]  # the same, without tuples


def _heaviest(heads: list[int], weight: dict[int, float], n: int) -> list[int]:
    """The ``n`` heaviest of ``heads``, equal weights in order (``_heaviest_heads`` without
    frames). Thousands of heads listed past ``HEAD_SCAN`` fall in a handful of weights: only
    those at or above the ``n``-th weight are sorted."""
    if n <= 0:
        return []
    if len(heads) > n:
        ws = list(map(weight.__getitem__, heads))
        cut = kth_largest(ws, n)
        heads = list(compress(heads, map(cut.__le__, ws)))
    return sorted(heads, key=weight.__getitem__, reverse=True)[:n]


def kth_largest(values: list[float], k: int) -> float:
    """``heapq.nlargest(k, values)[-1]`` (equal values counted each; the smallest when there
    are fewer than ``k``), from the count of each distinct value: the weights of thousands of
    near-duplicate heads are a handful of values, counted in C, where ``nlargest`` steps
    through every one in Python (3.6 ms for one call of 6,940 heads at 3M templates)."""
    if not values:
        raise IndexError("no values")
    count = Counter(values)
    left = k
    for v in sorted(count, reverse=True):
        left -= count[v]
        if left <= 0:
            return v
    return v


def key_sets(
    idx: Index, among: set[int], seen: set[int], budget: int, rare: int
) -> tuple[dict[int, int], set[int]] | None:
    """Which keys of ``seen`` each pattern of ``among`` has, read from the postings side, as a
    number per pattern (equal numbers, the same keys), and the patterns of ``among`` that a key
    of ``rare`` postings or fewer lists. None when the keys' postings hold more than ``budget``
    patterns in all (a message of common fragments: reading each pattern's own keys,
    ``Index.weights``, is then the cheaper way).

    ``Index.weight`` is a function of those keys: each pattern's keys are stored in one order
    for the whole index (``index._build_keys``: rarest first by the catalogue's document
    frequencies; the opening chunk, added when it is not among a pattern's rarest, is rarer than
    none of them), so two patterns holding the same keys of the message add the same weights in
    the same order, and one pattern of each distinct set need be weighed. Near-duplicates
    sharing a head are listed by hundreds and hold a handful of distinct sets. A key most of
    them hold (their shared opening words) marks the few that lack it instead: the sets told
    apart are the same, for a Python step per pattern marked. (Here, not in ``index.py``: the
    stored index's digest covers that file, and a stored index is rebuilt when it changes; this
    reads the stored postings as they are.)"""
    s = idx._sec
    offs, posts = s["k_postof"], s["k_posts"]
    spans: list[tuple[int, int]] = []
    for kid in sorted(seen):
        a, b = offs[kid], offs[kid + 1]
        if a > b or b > len(posts):
            raise CorruptIndex(f"postings of key {kid}")
        budget -= b - a
        if budget < 0:
            return None
        spans.append((a, b))
    bits = dict.fromkeys(among, 0)
    listed: set[int] = set()
    half = len(among) // 2
    for j, (a, b) in enumerate(spans):
        bit = 1 << j
        held = among.intersection(posts[a:b].tolist())
        if b - a <= rare:
            listed |= held
        elif len(held) > half:
            held = among - held
        for pid in held:
            bits[pid] |= bit
    return bits, listed


_SETS_FROM = 64  # patterns weighed by ``set_weights`` before their sets of keys are read


def set_weights(idx: Index, pids: list[int], seen: set[int], hit: dict[int, float]) -> list[float]:
    """``Index.weight`` of each pattern of ``pids`` (``hit``: ``Index.hit_weights(seen)``), one
    pattern weighed per set of the message's keys (``key_sets``; every pattern of a set adds the
    same weights in the same order, so each gets exactly the value weighing it alone would give),
    or each weighed when the keys' postings exceed ``HEAD_POSTINGS`` a pattern. The patterns a
    traceback's frame lands on in a big catalogue are a line's raises in every copy of a
    codebase: thousands of near-duplicates in a handful of sets. Under ``_SETS_FROM`` patterns
    each is weighed: reading the keys' postings costs more than it saves there (at 3M
    templates the cap's ``_best`` took 38-40 ms per 1,000 queries from 64, 41-43 from 256, 47-48
    weighing each in a key call: docs/measurements/scale13.md)."""
    if len(pids) < _SETS_FROM:
        return idx.weights(pids, hit)
    got = key_sets(idx, set(pids), seen, HEAD_POSTINGS * len(pids), 0)
    if got is None:
        return idx.weights(pids, hit)
    bits = got[0]
    sets = list(map(bits.__getitem__, pids))
    one = dict(zip(sets, pids, strict=True))
    of_set = dict(zip(one, idx.weights(one.values(), hit), strict=True))
    return list(map(of_set.__getitem__, sets))


# a sum of key weights in another order differs from ``Index.weight`` in its last bits at most
_SUM_SLACK = 1e-6


def _reaching(heads: list[int], sums: dict[int, float], common: float, framed: Container[int]) -> list[int]:
    """The heads, in their order, that may be among the ``MAX_HEADS`` best by (frames lead to
    it, weight) (``best_heads``), given each head's weight less the ``common`` allowance at
    most (``Index.key_sums``): a head whose sum plus the allowance stays below the
    ``MAX_HEADS``-th best sum weighs less than ``MAX_HEADS`` heads, whatever its exact weight."""
    led = [pid for pid in heads if pid in framed]
    if len(led) >= MAX_HEADS:  # only heads frames lead to are chosen: the others' weights do not matter
        heads, framed, room = led, (), MAX_HEADS
    else:  # every head frames lead to is chosen, the others compete for the room left
        room = MAX_HEADS - len(led)
    kth = kth_largest([sums[pid] for pid in heads if pid not in framed], room)
    floor = kth - common - _SUM_SLACK
    return [pid for pid in heads if pid in framed or sums[pid] >= floor]


_REPR_PROSE = "the message has plain text where the template shows a repr"


def fit_all(
    idx: Index,
    tf: TextFit,
    pids: list[int],
    types: list[str],
    evidence: Container[int] = (),
    whole: Container[int] | None = None,
    lits_of: Callable[[int], tuple[tuple[str, ...], int]] | None = None,
) -> None:
    """Verify each pattern against the message; interpreter templates are only remembered.
    ``lits_of``, when given, reads each pattern's literals instead of ``Index.lits`` (the
    template's text read another way: ``unticked_similar``).

    Most patterns verified are near-duplicates of the one the message comes from, fitting only
    its beginning, too little to be confident. With no other evidence for them (``evidence``:
    the patterns frames or the pasted type lead to) such a fit can only rank on a word
    similarity, which is computed only when nothing fits confidently: it is kept aside as
    ``tf.weak`` and made a candidate then (``TextFit.add_weak``), not for every query.

    Most of those are known weak before they are placed: a pattern with neither evidence nor an
    interpreter's template, with a key but not among ``whole`` (``Index.exact_candidates`` of
    the keys the message holds, ``Index.hits`` of ``tf.cmsg``; None when not known), whose
    literal text is under ``TRUNC_MIN_COVERAGE`` of the message. It goes to ``tf.weak``
    unplaced (``tf.unplaced``), and whether it places a literal at all is asked only when
    ``tf.weak`` is read (``TextFit.weak_fits``), which most queries never do. Proof that this
    is the list placing each gives, in the same order:
    - with a key and not among ``whole``, one of its keys is not in the message
      (``exact_candidates`` lists a pattern with keys exactly when its first key and all the
      others occurred). Every key is a piece of a loose literal (``_build_keys`` chooses them
      from ``loose_lits``), so of the literal too, and ``hits`` finds every key the message
      holds: it places neither its literals nor its loose ones all in the message. So
      ``cut_cover`` is not -1 (that is every literal placed) and ``loose_fit`` is None (a full
      fit of the loose literals or nothing): ``_placed`` returns ``cut_cover``'s verdict and
      the literal length as they are, and need not try the loose fit for any such pattern;
    - that verdict is -2 (nothing placed: skipped) or the literal characters a cut-short fit
      covers, at most ``lit_len`` (the literals placed whole, and less than the next one:
      ``_suffix_prefix``; or ``len(cmsg)`` when the message is a prefix of the first literal,
      impossible here: ``lit_len / mlen < TRUNC_MIN_COVERAGE`` makes ``lit_len < mlen``). A
      correctly rounded division is monotonic, so its share ``cov`` is at most
      ``lit_len / mlen``, under ``TRUNC_MIN_COVERAGE``: not confident, and ``0.45 * cov`` under
      ``APPROX_MIN``. With neither an interpreter's template nor evidence, the inline verdict
      below appends it to ``weak`` and nothing else: ``weak_fits`` keeps it exactly when
      ``cut_cover`` is not -2.
    """
    cmsg, weak, lits_of = tf.cmsg, tf.weak, lits_of or idx.lits
    mlen = max(len(cmsg), 1)
    runtime = idx.runtime
    # a cut-short fit covering less is weak: not confident (under TRUNC_MIN_LITERAL characters,
    # or under TRUNC_MIN_COVERAGE of the message, the one less for rounding) and short of all
    # of the message
    floor = min(mlen, max(TRUNC_MIN_LITERAL, int(TRUNC_MIN_COVERAGE * mlen) - 1))
    container = printed_container(cmsg)
    # the placing of a pattern lacking a key of the message inline, its reads out of the loop:
    # a median query at 10M templates verifies ~170 patterns, most of them near-duplicates of its
    # source that end here, and the step per pattern (two calls, the attribute reads, a Python
    # count of backticks) was a sixth of the verification (docs/measurements/scale18.md)
    koffs, unplaced, clen = idx.key_offsets, tf.unplaced, len(cmsg)
    untickable = "`" not in cmsg  # ``unticked_fit`` fits only a message holding no backtick
    for pid in pids:
        lits, lit_len = lits_of(pid)
        # (lacking a key of the message, a pattern fits it neither in full nor loosened)
        if whole is None or not cmsg or pid in whole or koffs[pid] >= koffs[pid + 1]:
            cover, loose, lit_len = _placed(lits, lit_len, tf, floor)
        elif lit_len / clen < TRUNC_MIN_COVERAGE and not runtime[pid] and pid not in evidence:
            weak.append(pid)  # known weak unplaced (see above)
            unplaced.add(pid)
            continue
        else:
            cover, loose = cut_cover(lits, cmsg, floor), None
            # (a key holding a code span's backtick is missing from a paste Markdown took them from)
            if cover != -1 and untickable and _ticked(lits):
                loose = _unticked_confident(lits, cmsg)
                if loose is not None:
                    cover, lit_len = -1, loose.covered
        if cover == -2:
            continue
        if cover != -1 and cmsg:
            # ``judge_fit``'s verdict, inline: most fits end here. Not anchored at the start, a
            # cut-short fit explains less than all of the message, and is never confident
            anchored = cover >= 0
            cov = min((cover if anchored else -3 - cover) / mlen, 1.0)
            if (
                not (anchored and cover >= TRUNC_MIN_LITERAL and cov >= TRUNC_MIN_COVERAGE)
                and 0.45 * cov < APPROX_MIN
                and not runtime[pid]
                and pid not in evidence
            ):
                weak.append(pid)
                continue
        _fitted(idx, tf, pid, lits, lit_len, loose, types, container)


def _fitted(
    idx: Index,
    tf: TextFit,
    pid: int,
    lits: tuple[str, ...],
    lit_len: int,
    loose: Fit | None,
    types: list[str],
    container: bool,
) -> None:
    """``fit_all``'s candidate of a pattern placed and not weak (``loose``: the fit that replaced
    ``cut_cover``'s verdict, or None), judged and kept in ``tf.cands`` (an interpreter's
    template in ``_runtime_fit``): a few a query, where the patterns verified are hundreds."""
    cmsg, mlen = tf.cmsg, max(len(tf.cmsg), 1)
    f = loose or fit(lits, cmsg)
    assert f is not None  # ``cut_cover`` placed a literal
    c = Cand(pid, f)
    ok, held = True, 0
    if f.full and _has_repr(idx.patterns[pid].names):
        ok, held = repr_gaps(lits, idx.patterns[pid].names, f, cmsg, tf.new_line, tf.one_word)
    # (not a loosened fit's: the quotes that mark where its values end may be the ones lost)
    quoted = quoted_gaps(lits, idx.patterns[pid].names, f, cmsg) if f.full and not loose else 0
    if (held or quoted) and f.anchored_start and f.anchored_end:
        # between the template's own literals, what repr() printed is shape the fit checked,
        # not unexplained text: a long object repr does not dilute the literal evidence
        # (nor a value the template quotes itself); an item shown again inside the repr of
        # its mapping is confirmed text, as literal
        echo = echoed(idx.patterns[pid].names, f, cmsg)
        # (never below one character: a message that is a quoted value and nothing else,
        # ``'Attempt to ...'`` from a printer's ``repr(self.value)``, leaves none unexplained)
        judge_fit(c, lit_len + echo, max(mlen - held - quoted - echo, lit_len, 1))
        c.reasons[0] += (
            " besides the values shown through repr()" if held else " besides the values the template quotes"
        )
        # compared with other evidence (an interpreter message explaining the same text, a
        # type disagreement), the share is the literal text's alone
        c.coverage = min((f.covered + echo) / mlen, 1.0)
        # of two templates explaining all of the message with values they quote
        # (``"{name[i]}"`` filling its quotes, ``"--{name}"`` with two characters of its own
        # inside them), the one whose own literal text explains more of it is the more
        # specific: it ranks first
        c.text -= PLACEHOLDER_SHARE * quoted / mlen
    else:
        judge_fit(c, lit_len, mlen)
    _judge_shaped(idx, tf, c, lit_len, ok)
    if ok and not loose:
        _appended_paragraph(idx, tf, c, lits, lit_len)
    _loosened(c, loose)
    if not c.confident and f.full and lit_len >= MIN_LITERAL and "\n" in tf.message:
        _one_line(tf, c, lits, _last_resort_record(idx, pid))
    if not cmsg:  # a class printed without a message: any template "fits", none is evidence
        c.text, c.confident, c.reasons = 0.0, False, []
        if bare_raise(lits, idx.patterns[pid].names):
            # ... except a raise with no message: Python prints such an exception as its
            # class alone, so this is the text exactly (the ranker checks the class)
            c.text, c.confident, c.coverage = 1.0, True, 1.0
            c.reasons = ["raised without a message, printed as its class alone"]
    if container and f.full and not f.anchored_start and lit_len >= MIN_LITERAL:
        _inside_container(tf, c)
    _trailer_alone(idx, c, lits)
    if c.confident and f.full and not f.anchored_end and lits[-1] and _goes_on(tf, f, lits[-1]):
        c.confident = False
        c.reasons.append("the message goes on where the template ends")
    if c.confident and f.full and not f.anchored_start and lits[0] and _starts_earlier(tf, f, lits[0]):
        c.confident = False
        c.reasons.append("the message's sentence starts before the template")
    if not ok:
        # prose where the template prints a repr: the words are shared, the message is another
        c.confident, c.repr_ok = False, False
        c.text = 0.45 * c.coverage
        c.reasons.append(_REPR_PROSE)
    if idx.runtime[pid]:
        _runtime_fit(idx, tf, c, lit_len, types)
        return
    tf.cands[pid] = c


def _appended_paragraph(idx: Index, tf: TextFit, c: Cand, lits: tuple[str, ...], lit_len: int) -> None:
    """A full fit from the message's start whose template ends with a placeholder on lines of
    its own (``"Invalid value ... of {pname}\\n    Received value: {v}\\n\\n{self.description}"``):
    the value there is a block of text the raise appends (a property's description, a caught
    error's report) after the template's own lines. However long it runs, the template is the
    message's head line for line; judged on the whole message its literal share falls under
    ``MIN_COVERAGE`` (and the values are not one line each, so ``_judge_shaped`` does not
    apply). Here the share is judged on the message's head, up to the line break that ends the
    template's last line of text: the fit is confident when its literals explain
    ``MIN_COVERAGE`` of that head with ``SHAPED_MIN_LITERAL`` characters (as ``_judge_shaped``
    asks of long values: a short head, ``Syntax Error @ {line}:{col}.\\n{ex.message}``, is a
    shape other code prints too). The text score stays the
    whole message's share (``judge_fit``'s): of two templates fitting the message, the one
    explaining more of it whole still ranks first. The head must be the template's lines, line
    for line (no value before the block holds a line break of its own: a scanner's ``{mark}``
    lines are text the template does not vouch for), and hold values of its own between the
    template's texts: a label alone before the block (``Parameter validation failed:\\n{e}``)
    is judged on the whole message as before, the block being all of what it says."""
    f = c.fit
    if (
        c.confident
        or f is None
        or not f.full
        or not f.anchored_start
        or len(lits) < 2
        or lits[-1]
        or lit_len < SHAPED_MIN_LITERAL
    ):
        return
    segs = idx.patterns[c.pid].segs
    last = max(i for i, lit in enumerate(lits) if lit)  # the template's last literal with text
    if last == 0:
        return  # a label alone over the block (``Parameter validation failed:\n{report}``): no head of its own
    # the line break before the last placeholder, and none between the last text and it: the
    # values after the last text (``{v}``) end that line, the last value is the block
    if len(segs) != len(lits) or "\n" not in segs[-2] or any("\n" in s for s in segs[last + 1 : -2]):
        return
    # (nor after the last text's own characters, unless that is the line break before the block:
    # ``Syntax Error @ {line}:{col}.\n{ex.message}\n\n{context}`` appends two values, not one)
    if last < len(segs) - 2 and "\n" in segs[last][len(segs[last].rstrip()) :]:
        return
    cmap, message = tf.cmap, tf.message
    after = f.spans[last][1]  # compact end of the last literal with text
    if not 0 < after < len(cmap):
        return
    brk = message.find("\n", cmap[after - 1] + 1)
    head = bisect_left(cmap, brk) if brk >= 0 else len(cmap)
    if not after <= head < len(cmap):
        return  # nothing after the template's lines: the whole message was judged already
    if message[:brk].strip().count("\n") != "".join(segs[: last + 1]).strip().count("\n"):
        return  # a value before the block runs over lines of its own: the head is not the template's lines
    share = min(f.covered / max(head, 1), 1.0)
    if share < MIN_COVERAGE or f.start * 3 > head:
        return
    c.confident = c.head_only = True
    c.reasons[0] = Share(
        "literal text explains ", share, " of the message before the block its last placeholder appends"
    )


_TRAILER_ONLY = "only the class's trailer (a line with a link) fits: the message proper is a placeholder's"
_URL = "://"


def _trailer_alone(idx: Index, c: Cand, lits: tuple[str, ...]) -> None:
    """A confident fit whose only words are a trailer every raise of the class ends with
    (``trailer_only``) is not: the message itself is a placeholder's, and any text fills it.
    Its text score is a template's with no literal text (``FULL_FIT_BASE``).

    The template is rendered only when its compact literals ``lits`` or its names hold a link
    (``_may_link``): at 10M templates a message cut short fits ~100 near-duplicates, each
    confident, and rendering each (``Index.template``, cold) to find no ``://`` was most of
    this step."""
    if c.confident and _may_link(lits, idx.patterns[c.pid].names) and trailer_only(idx.template(c.pid)):
        c.confident = False
        c.text = min(c.text, FULL_FIT_BASE)
        c.reasons.append(_TRAILER_ONLY)


def _may_link(lits: tuple[str, ...], names: tuple[str, ...]) -> bool:
    """Whether the template a pattern's segments and names render (``Index.template``) can hold
    ``_URL``, read without rendering it. The template is the segments as written with each
    name between braces; ``://`` holds no brace, so it lies inside one segment or one name;
    a segment's compact literal (``compact``: whitespace removed, non-ASCII quotes
    straightened) keeps every run of ASCII non-space characters, so a segment holding ``://``
    has a literal holding it (and so does its reading without backticks, ``unticked_similar``'s:
    a backtick is not in ``://``). False here means ``trailer_only`` of the template is False.
    Joined with spaces: a space is not in ``://``, so no join makes one across two parts."""
    return _URL in " ".join(lits) or _URL in " ".join(names)


def trailer_only(template: str) -> bool:
    """Whether every literal word of ``template`` lies in a trailer holding a link, and the
    message before it is a placeholder's: ``{self._error_message}\n\nFor further information
    visit https://errors.pydantic.dev/{v}/u/{code}`` (what pydantic's ``PydanticUserError``
    printer appends to any message), ``{...}\n{text}\n(Background on this error at:
    https://sqlalche.me/e/{v}/{code})`` (SQLAlchemy's). A raise of such a template passes a
    text built elsewhere (``raise X(self._error_message)``), so it fits every paste ending
    in that trailer, and the trailer alone is no evidence that this raise printed it: the
    words before it decide. A trailer is the text from the line start, or the ``(`` opening
    it, before a ``://`` to that line's end; a template holding no placeholder outside its
    trailers (``See https://... for {name}``) is its own message and is not one."""
    if _URL not in template:
        return False
    text = literal(template)
    kept: list[str] = []
    at = 0
    while (url := text.find(_URL, at)) >= 0:
        start = max(text.rfind("\n", at, url), text.rfind("(", at, url))
        start = at if start < 0 else start
        kept.append(text[at:start])
        end = text.find("\n", url)
        at = len(text) if end < 0 else end
    kept.append(text[at:])
    own = "".join(kept)
    return "{}" in own and not any(ch.isalpha() for ch in own)


def _unticked_confident(lits: tuple[str, ...], cmsg: str) -> Fit | None:
    """``unticked_fit`` of a pattern lacking a key of the message (``fit_all``), when
    confident by ``judge_fit``: a key holding a code span's backtick is missing from a paste
    Markdown took them from. Any other such fit leaves ``cut_cover``'s verdict as it is."""
    untick = unticked_fit(lits, cmsg)
    if untick is None:
        return None
    judged = Cand(-1, untick)
    judge_fit(judged, untick.covered, max(len(cmsg), 1))
    return untick if judged.confident else None


def _ticked(lits: tuple[str, ...]) -> bool:
    """Whether any of ``lits`` holds a backtick, in C: most templates hold none, and then
    ``_code_spans`` (so ``unticked_fit``) says no without its Python step per literal."""
    return any(map(contains, lits, repeat("`")))


def unticked_fit(lits: tuple[str, ...], cmsg: str) -> Fit | None:
    """A full fit of compact message ``cmsg`` to ``lits`` with the backticks of the template's
    code spans dropped, or None: Markdown renders `` `model_config` `` as code and a paste
    copied from the rendered page (an issue, a forum post) keeps ``model_config`` alone, every
    backtick gone. Tried only when that is what the paste shows: the message holds no
    backtick at all, and each backtick of the template opens or closes a span (an even count,
    none doubled: a literal ````` `` ````` is text, not markup)."""
    if "`" in cmsg or not _code_spans(lits):
        return None
    f = fit(tuple(lit.replace("`", "") for lit in lits), cmsg)
    return f if f is not None and f.full else None


def _code_spans(lits: tuple[str, ...]) -> bool:
    """Whether each backtick of a template's literals opens or closes a code span, at least
    one: an even count, none doubled (a literal ````` `` ````` is text, not markup)."""
    ticks = sum(lit.count("`") for lit in lits)
    return bool(ticks) and not ticks % 2 and not any("``" in lit for lit in lits)


# a message's first word as code: a name, dotted or called (``best_iteration``, ``df.loc``, ``fit()``)
_LEADING_NAME = re.compile(r"[A-Za-z_][\w.]{0,100}(?:\(\))?(?= )")


def ticked_heads(idx: Index, message: str) -> list[int]:
    """Patterns whose template opens with its first word in a code span (`` `best_iteration`
    is only defined when ...``), for a message that opens with that word and holds no backtick
    at all: Markdown drew the span as code and the paste kept the word alone (an issue's
    title quoting the error in a code span of its own cannot nest the template's). Such a
    template's keys and head hold the backticks, so no key of the message reaches it and it is
    never fitted (``unticked_fit`` is only tried on the patterns verified): its head is looked
    up with the first word put back between backticks, a few lookups like any head's."""
    if "`" in message:
        return []
    m = _LEADING_NAME.match(message)
    if m is None:
        return []
    return idx.head_candidates(compact(f"`{m.group()}`{message[m.end() :]}"), set())


def _placed(lits: tuple[str, ...], lit_len: int, tf: TextFit, floor: int) -> tuple[int, Fit | None, int]:
    """``cut_cover``'s verdict on the template, and the literal characters it vouches for; when
    only the quotes next to a value keep it from fitting in full (`` `{name}` `` pasted as
    ``'name'`` or ``name``), a full verdict with that fit (``loose_fit``) and the characters of
    the template's text the message shows. Only a loosened fit that may be exact replaces the
    verdict: confident by ``judge_fit``, or anchored at both ends with the literal text
    ``_judge_shaped`` asks. Any other is a few words and holes that took the quotes' place
    (``{path}: "{e}" is not supported`` in a longer line): the template's words as written
    already rank it on similarity."""
    cmsg = tf.cmsg
    cover = cut_cover(lits, cmsg, floor)
    loose = (loose_fit(lits, cmsg, tf.spans_lines) or unticked_fit(lits, cmsg)) if cover != -1 else None
    if loose is None:
        return cover, None, lit_len
    judged = Cand(-1, loose)
    judge_fit(judged, loose.covered, max(len(cmsg), 1))
    shaped = loose.anchored_start and loose.anchored_end and loose.covered >= SHAPED_MIN_LITERAL
    return (-1, loose, loose.covered) if judged.confident or shaped else (cover, None, lit_len)


# the reason a loosened fit gives (``_loosened``); readers that must not stack another guess on
# one (``Matcher._noted``) look for it
LOOSENED = "the quotes around a value, or a code span's backticks, are retyped or dropped"


def _loosened(c: Cand, loose: Fit | None) -> None:
    """A fit whose quotes around a value were loosened (``loose``, None for any other fit):
    the text fits, so it may be exact (what the user saw is the template's text; only a
    renderer or a retyping changed the quotes), but of two templates alike but for those
    quotes (an older release's ``{name}``, a newer one's `` `{name}` ``), the one the message
    shows as written ranks first. (The same for a fit with a code span's backticks dropped,
    ``unticked_fit``.)"""
    if loose is None:
        return
    c.text -= LOOSE_QUOTES
    c.reasons.append(LOOSENED)


def wrappers(idx: Index, tf: TextFit, typed_pids: list[int], types: list[str], *, named: bool = True) -> None:
    """A raise of the pasted class whose template wraps another raise's message: the text a
    confident fit explains lies inside one of its placeholders (``{e} at line {line} col
    {col}``, ``{message}\n    {source}``), and that other raise is of another class. A library
    that catches its own error and raises the one the user sees with the caught text inside is
    the site, and the text is explained as well as the inner fit explains it.

    A template that is one placeholder alone (``raise CommandError(err.args[0]) from err``)
    wraps anything, so it is taken only on stronger evidence (``_unrelated_whole``): the paste
    prints the class as a class (``named``; not a word of the text read as one, nor a built-in
    class pasted with a value alone), the inner fit is the whole message, its class is unrelated
    to the pasted one, and the raise is in the inner's codebase (or the paste names the
    package, ``requests.exceptions.InvalidURL``, whose raises are the only ones typed)."""
    inner = sorted(
        (c for c in tf.cands.values() if c.confident and c.fit is not None and not idx.runtime[c.pid]),
        key=lambda c: -c.coverage,
    )[:MAX_INNER]
    if not inner or not types:
        return
    keys = {type_key(t) for t in types}
    inner = [
        q for q in inner if not any(type_key(idx.entry_facts(ei)[1].type) in keys for ei in _some(idx, q.pid))
    ]
    alone: list[Cand] = []  # raises of the pasted class whose template is a value alone
    wrapping: dict[int, list[Cand]] = {}  # inner pattern -> the templates wrapping its message
    for pid in typed_pids:
        c = tf.cands.get(pid)
        if c is None or c.confident or c.fit is None or not c.fit.full:
            continue
        if not idx.patterns[pid].lit_len:
            alone.append(c)  # (a template all placeholder wraps anything: judged below)
            continue
        spans = c.fit.spans
        # a gap, and the literal after it: the inner message may end in the same text
        gaps = [(spans[j][1], spans[j + 1][1]) for j in range(len(spans) - 1)]
        for q in inner:
            assert q.fit is not None
            qs, qe = q.fit.start, q.fit.end
            if q.pid != pid and any(a <= qs and qe <= b for a, b in gaps):
                c.confident, c.coverage = True, max(c.coverage, min(q.coverage + c.coverage, 1.0))
                c.text = max(c.text, q.text)
                c.reasons = [
                    f"another raise's template explains {q.coverage:.0%} of the message",
                    "this template wraps that message (another class raised it first)",
                ]
                wrapping.setdefault(q.pid, []).append(c)
                break
    _most_literal_wrapper_first(wrapping, len(tf.cmsg))
    if alone and named:
        _passed_on(idx, tf, alone, keys, dotted=any("." in t for t in types))


def _most_literal_wrapper_first(wrapping: Mapping[int, list[Cand]], mlen: int) -> None:
    """Of the templates wrapping one inner message, the one whose own literal text explains
    more of the message is the more specific (``NewConnectionError({e})`` against
    ``{e.__class__.__name__}({e})``, the class name the first prints being in the message):
    each takes the inner fit's text, so the others lose ``PLACEHOLDER_SHARE`` per share of the
    message the best one's literals explain beyond theirs (``fit_all``'s tie-break for full
    fits with quoted values, above the site priors)."""
    for cs in wrapping.values():
        best = max(c.fit.covered if c.fit is not None else 0 for c in cs)
        for c in cs:
            own = c.fit.covered if c.fit is not None else 0
            c.text -= PLACEHOLDER_SHARE * (best - own) / max(mlen, 1)


def _passed_on(idx: Index, tf: TextFit, alone: list[Cand], keys: set[str], *, dotted: bool) -> None:
    """Raises of the pasted class whose template is a value alone (``raise
    CommandError(err.args[0]) from err``) take the text of a raise of an unrelated class that
    prints the whole message (``_unrelated_whole``, judged after the wrapping templates with
    words of their own have been, so that one of those explaining it keeps it), when they are
    in its codebase or the paste names their package (``dotted``)."""
    whole = _unrelated_whole(idx, tf, keys)
    if not whole:
        return
    for c in alone:
        repo = _repo_of(idx, c.pid)
        q = next((q for q in whole if dotted or _repo_of(idx, q.pid) == repo), None)
        if q is not None:
            c.confident, c.coverage, c.text = True, q.coverage, q.text
            # a log call's words reach a raise through a handler that logs or raises what it
            # is handed (``self._log.error(msg)`` -> ``raise error(msg)``): nothing was caught
            logged = _logs(idx, q.pid)
            c.reasons = [
                f"another {'log call' if logged else 'raise'}'s template explains {q.coverage:.0%} of the "
                f"message, {'which raises nothing' if logged else 'raised as a class the paste does not name'}",
                "this statement raises the pasted class with a value alone: "
                + (
                    "the logged words, handed on and raised"
                    if logged
                    else "the caught error's text, passed on"
                ),
            ]


def _unrelated_whole(idx: Index, tf: TextFit, keys: set[str]) -> list[Cand]:
    """The confident fits of a template that is not all placeholder that explain the message
    from end to end, when all their classes are neither the pasted ones nor above nor below them
    (the best-covering first); none when one of them is: the paste says the error the user saw
    was of another class than the one whose raise printed the text, so something caught that
    error and raised the pasted class with its text. A raise of a subclass of a pasted class
    raises that class (a handler names the base it caught), and one of a base of it may be a
    factory's raise: their own fit stands, and nothing needs passing on."""
    related = set(keys)
    for k in keys:
        related |= idx.subclasses(k) | idx.ancestors(k)
    whole = [
        c
        for c in tf.cands.values()
        if c.confident
        and c.fit is not None
        and c.fit.anchored_start
        and c.fit.anchored_end
        and idx.patterns[c.pid].lit_len
        and not idx.runtime[c.pid]
    ]
    if any(type_key(idx.entry_facts(ei)[1].type) in related for c in whole for ei in _some(idx, c.pid)):
        return []
    return heapq.nlargest(MAX_INNER, whole, key=lambda c: c.coverage)


def _repo_of(idx: Index, pid: int) -> str:
    """The codebase of pattern ``pid``'s first entry."""
    return str(idx.entries[idx.patterns[pid].entries[0]][E_REPO])


def caught_wrappers(idx: Index, tf: TextFit) -> None:
    """A raise whose placeholder holds a caught error's text (``except X as e: raise
    Y(f"Error encoding {value!r}: {e}")``, ``'%s at %s' % (e, name)``): the message is the
    outer template with another raise's message of the same codebase in that placeholder. The
    outer template alone explains only its own few words (the caught text is a placeholder's),
    and the inner one leaves the outer words unexplained; with the inner template's literals put
    in the placeholder, the two are fitted again as one template, and when that fits the whole
    message the outer is judged on what the two explain together. Unlike ``wrappers``, the inner
    raise may be of the same class (a library re-raising its own error with context), and
    neither fit need be confident alone: the combined fit, anchored at both ends, is the
    evidence. Only a few of each are tried (the best-covering), so the cost stays bounded.

    Only when no template explains the whole message confidently on its own: a caught error's
    raise that fits exactly from end to end is a right answer already (the error began there),
    and the re-raises around it (often one ``{e} at {path}`` in several functions) cannot be
    told apart by the text, only by which of their try bodies reach that raise. A confident fit
    with text before or after it (``Parser "markdown" not found. `` before the caught
    ``ImportError``'s own words) leaves that text to the raise that put it there: an outer
    template that, with the inner one in its placeholder, fits the whole message explains all of
    it (or all but context a raise further up appended after the caught text, when that text
    ends the outer template: ``_whole_or_appended_to``), and is the site the user saw raise,
    when it is the only site raising that template (the several ``{e} at {path}`` re-raises
    stay behind the raise the error began at)."""
    outers: list[Cand] = []
    full: list[Cand] = []
    partial = False  # a confident fit leaves text before or after it
    opened: list[Cand] = []  # confident fits of the whole message whose template opens with a hole
    # one pass over the candidates: most messages have a confident fit of the whole message,
    # or no fit of all the literals anchored at both ends, and are done with here
    for c in tf.cands.values():
        f = c.fit
        if c.confident and (f is None or (f.anchored_start and f.anchored_end)):
            if f is None or idx.lits(c.pid)[0][0]:
                return
            opened.append(c)
        partial = partial or c.confident
        if f is None or not f.full or idx.runtime[c.pid]:
            continue
        full.append(c)
        if f.anchored_start and f.anchored_end and idx.patterns[c.pid].names and idx.patterns[c.pid].lit_len:
            outers.append(c)
    if opened:
        # a template opening with a hole (``{field} expected str, ...``) fits the whole message
        # only by taking the text before its own words into that hole; when another template's
        # own words open the message (``failed to load {env}.{key}: {exception}``), that text
        # may be the raise that caught it, and the two are fitted as one below
        outers = [c for c in outers if idx.lits(c.pid)[0][0]]
        if not outers:
            return
        partial = True
    if partial:
        outers = [c for c in outers if len(idx.patterns[c.pid].entries) == 1]
    cut = _cut_outers(idx, tf) if partial and full else []
    cut_pids = {c.pid for c in cut}
    if (not outers or len(full) < 2) and not cut:
        return  # (the inner template is another full fit than the outer)
    outers = heapq.nlargest(2 * MAX_INNER, outers, key=lambda c: c.coverage) if len(full) >= 2 else []
    inner = heapq.nlargest(MAX_INNER, full, key=lambda c: c.fit.covered if c.fit is not None else 0)
    wrapping = _wrapping(idx, tf, [*outers, *cut], cut_pids, inner)
    if any(handles for *_, handles in wrapping):
        # the handlers tell them apart: only a re-raise inside an ``except`` naming the inner
        # raise's class (or a class above it) can have caught it; the others' handlers name
        # other classes, or none the index knows
        wrapping = [w for w in wrapping if w[2]]
    for c, best, _ in wrapping:
        _take_wrapped(tf, c, best, cut=c.pid in cut_pids)


def caught_interpreter_relays(idx: Index, tf: TextFit, types: Sequence[str]) -> None:
    """A caught interpreter message printed inside a program's own words (``Error parsing
    --count: invalid literal for int() with base 10: 'abc'``): a command-line tool catches its
    own error and renders only the text (``except InstantiationError as e:
    print(f"Error parsing {name}: {e.message}")``), and that error carried the interpreter's
    text it had caught in turn (``except (ValueError, TypeError) as e: raise
    InstantiationError(e.args[0], arg)``). The paste has no class and no frame; its last words
    are the interpreter's whole message after a label (``runtime_best``, ``runtime_from``), and
    no template of the codebases explains the label. The raises that can have carried that text
    are those whose template has no word of its own (only placeholders, the caught text passed
    through) inside an ``except`` naming the interpreter message's own class: a handler naming
    ``Exception`` catches everything and says nothing of this text, and a template with words
    would have printed them. They become candidates, never confident (the words around the
    text are a renderer's the catalogue does not hold), and rank below any library template
    that fits the text."""
    if types or any(c.confident for c in tf.cands.values()):
        return
    best = (
        (tf.runtime_best[0], tf.runtime_best[1])
        if tf.runtime_best and tf.runtime_from
        else _labelled_first_line(idx, tf)
    )
    if best is None:
        return
    cov, rpid = best
    rentry = idx.entries[idx.patterns[rpid].entries[0]]
    key = type_key(str(rentry[E_TYPE]))
    ents = idx.handlers.get(key) if key else None
    if not ents:
        return
    why = f"the message's last words are the interpreter's {rentry[E_TYPE]}: this raise, in an except catching it, passes the caught text on"
    for ei in ents[:MAX_RELAYS]:
        pid = idx.entry_pat[ei]
        pat = idx.patterns[pid]
        if idx.runtime[pid] or not pat.names or _logs(idx, pid) or any(map(_worded, idx.lits(pid)[0])):
            continue
        c = tf.cands.get(pid) or Cand(pid)
        if c.text < RELAY_TEXT:
            c.text, c.coverage = RELAY_TEXT, cov
            c.reasons = [why]
        tf.cands[pid] = c


def _labelled_first_line(idx: Index, tf: TextFit) -> tuple[float, int] | None:
    """An interpreter message that ends the message's first line after a label (``Error parsing
    --ratio: could not convert string to float: 'half'``), judged on that line alone: a
    renderer's box prints its help below it (``Argument helptext: ...``), which a fit judged on
    the whole message counts against the interpreter's few words (``_runtime_fit``). The
    line's share and where the fit lies, as ``_runtime_fit`` asks of a whole message; the best
    of ``tf.runtime_full`` (the message's coverage, the pattern), or None."""
    nl = tf.message.find("\n")
    if nl < 0:
        return None  # one line: ``_runtime_fit`` judged it whole
    line_end = bisect_left(tf.cmap, nl)
    best: tuple[float, int] | None = None
    for rpid in tf.runtime_full:
        lits = idx.lits(rpid)[0]
        f = fit(lits, tf.cmsg[:line_end])  # (the fit on the whole message is not kept)
        if f is None or not f.full or not f.anchored_end or not f.spans or not _after_label(tf, f):
            continue
        share, cov = f.covered / max(line_end - f.start, 1), f.covered / max(len(tf.cmsg), 1)
        if share >= RUNTIME_MIN_COVERAGE and (best is None or cov > best[0]):
            best = (cov, rpid)
    return best


MAX_RELAYS = 64  # handler entries looked at: a codebase wraps one builtin class in a few places
RELAY_TEXT = APPROX_MIN + 0.01  # kept (``APPROX_MIN``), below any template the words lift, never confident


def _wrapping(
    idx: Index, tf: TextFit, outers: list[Cand], cut_pids: Container[int], inner: list[Cand]
) -> list[tuple[Cand, Cand, bool]]:
    """Each outer (a ``cut_pids`` one cut inside its placeholder) with its best fit holding one
    of ``inner``'s messages, when that explains more than its own, and whether its handler
    catches that inner raise's class (``_handles``)."""
    mlen = max(len(tf.cmsg), 1)
    wrapping: list[tuple[Cand, Cand, bool]] = []
    for c in outers:
        if _logs(idx, c.pid):
            continue  # a log call raises nothing: the error it reports began at the inner raise
        got = (
            _cut_wrapped_inner(idx, tf, c, inner, mlen)
            if c.pid in cut_pids
            else _wrapped_inner(idx, tf, c, inner, mlen)
        )
        if got is not None and got[0].text > c.text:
            wrapping.append((c, got[0], _handles(idx, c.pid, got[1])))
    return wrapping


def _take_wrapped(tf: TextFit, c: Cand, best: Cand, *, cut: bool) -> None:
    """Outer candidate ``c`` judged as its fit with the caught message inside (``best``); a
    ``cut`` one (``_cut_outers``), weak until now, takes that fit and becomes a candidate."""
    c.confident, c.coverage, c.text = best.confident, best.coverage, best.text
    c.reasons = [
        *best.reasons,
        "this template wraps another raise's message, caught and raised again",
    ]
    if cut:
        c.fit = best.fit
        c.reasons.append("the paste ends inside the caught message: the template's lines after it are cut")
        tf.cands[c.pid] = c
        if c.pid in tf.weak:
            tf.weak.remove(c.pid)


def _cut_outers(idx: Index, tf: TextFit) -> list[Cand]:
    """The raises whose template the message opens with and ends inside a bare name's
    placeholder, after ``MIN_LITERAL`` characters of its own words (``Cannot get the text.\n{e}
    \nCandidate:\n{dump}``, pasted down to the caught error's text): a cut-short fit, too weak
    to rank alone (``tf.weak``, or a candidate), that may hold a caught error's message in that
    placeholder (``_cut_wrapped_inner``). One site raising the template only, as for a partial
    fit's outer (``caught_wrappers``); at most ``2 * MAX_INNER``, the longest opening first."""
    out: list[Cand] = []
    for pid in dict.fromkeys([*tf.weak_fits(idx), *tf.cands]):
        pat = idx.patterns[pid]
        if idx.runtime[pid] or len(pat.entries) != 1 or not pat.names:
            continue
        c = tf.cands.get(pid)
        f = c.fit if c is not None else fit(idx.lits(pid)[0], tf.cmsg)
        if f is None or f.full or not f.anchored_start or f.partial or (c is not None and c.confident):
            continue
        j = len(f.spans) - 1  # the placeholder the message ends in
        lits = idx.lits(pid)[0]
        if (
            j >= len(pat.names)
            or not pat.names[j].isidentifier()
            or sum(map(len, lits[: j + 1])) < MIN_LITERAL
        ):
            continue
        out.append(c if c is not None else Cand(pid, f))
    return heapq.nlargest(2 * MAX_INNER, out, key=lambda c: c.fit.spans[-1][1] if c.fit is not None else 0)


def _cut_wrapped_inner(
    idx: Index, tf: TextFit, outer: Cand, inner: list[Cand], mlen: int
) -> tuple[Cand, int] | None:
    """``_wrapped_inner`` for a message cut inside the outer's placeholder (``_cut_outers``):
    the outer's words placed, then one of ``inner``'s templates (of the same codebase, with
    ``MIN_LITERAL`` characters of its own) from that placeholder's start to the message's end.
    The outer's words after the caught text are cut away, so the split between the inner's
    last value and them is no guess here (``_wrapped_inner`` skips such a split): the inner's
    value runs to the end. Judged as a cut-short fit of the two together, confident by the
    literal text the two explain (``_cut_confident``); None if no inner fits so."""
    assert outer.fit is not None
    lits, _n = idx.lits(outer.pid)
    j = len(outer.fit.spans) - 1
    own = sum(map(len, lits[: j + 1]))
    best: Cand | None = None
    best_pid = -1
    for q, qlits, qlen in _inners_of(idx, outer, inner):
        whole = (*lits[:j], lits[j] + qlits[0], *qlits[1:])
        f = fit(whole, tf.cmsg)
        if (
            f is None
            or not (f.full and f.anchored_start and f.anchored_end)
            or not _explains_held(f, j, lits[j], qlits, qlen)
        ):
            continue
        cutf = Fit(False, True, True, own + qlen, 0, f.end, f.spans, 0)
        got = Cand(outer.pid, cutf)
        judge_fit(got, own + qlen, mlen)
        if got.confident and (best is None or got.text > best.text):
            best, best_pid = got, q.pid
    return None if best is None else (best, best_pid)


def _logs(idx: Index, pid: int) -> bool:
    """Whether a pattern is a log call's record (``log.error(f"Config value '{key}': {e}")``)
    rather than a raise: a record that reports a caught error's text is no site of that error.
    The paste is the record, but the error the user asks about was raised where the inner text
    was, so the record does not take the inner fit as its own (``caught_wrappers``), and with the
    level column read off cleanly (MkDocs' ``ERROR   -  ``) it would otherwise outrank the raise
    by the level's agreement alone."""
    return all(idx.entries[ei][E_KIND] == "log" for ei in _some(idx, pid))


def _handles(idx: Index, outer: int, inner: int) -> bool:
    """Whether a raise of pattern ``outer`` sits in an ``except`` naming a class that catches
    what pattern ``inner``'s raises raise (a class of a few of its entries, or one above it)."""
    keys: set[str] = set()
    for ei in _some(idx, inner):
        if tname := type_key(idx.entry_facts(ei)[1].type):
            keys |= catching_keys(tname, idx.ancestors)
    return bool(keys) and idx.handled_by(outer, keys)


def _wrapped_inner(
    idx: Index, tf: TextFit, outer: Cand, inner: list[Cand], mlen: int
) -> tuple[Cand, int] | None:
    """The best judged fit of ``outer``'s template with one of its placeholders holding one of
    ``inner``'s templates (of the same codebase), fitting the whole message, and that inner
    template's pattern; None if none.

    Only a placeholder of a bare name is tried: a caught error is printed through the name
    ``except ... as exc`` bound it to, with str() (``%s``, ``{exc}``); a repr, an attribute or
    a call's result is some other value, and an inner template found there is a coincidence of
    words."""
    lits, lit_len = idx.lits(outer.pid)
    slots = [j for j, name in enumerate(idx.patterns[outer.pid].names) if name.isidentifier()]
    if not slots:
        return None
    best: Cand | None = None
    best_pid = -1
    for q, qlits, qlen in _inners_of(idx, outer, inner):
        for j in slots:
            if (lits[j] and not qlits[0] and _worded(lits[j])) or (
                lits[j + 1] and not qlits[-1] and _worded(lits[j + 1])
            ):
                # where the outer's words meet an inner value, the split between them is a guess:
                # the inner ``combined validators failed {errors}`` swallowing the outer's
                # ``{name}`` is another message holding the outer, not one the outer wraps; a
                # separator alone (``{key}: {exception}``) is where the caught text begins
                continue
            if len(qlits) == 1:
                whole = (*lits[:j], lits[j] + qlits[0] + lits[j + 1], *lits[j + 2 :])
            else:
                whole = (*lits[:j], lits[j] + qlits[0], *qlits[1:-1], qlits[-1] + lits[j + 1], *lits[j + 2 :])
            f = _whole_or_appended_to(whole, tf.cmsg, caught_last=j == len(lits) - 2 and not lits[-1])
            if f is None:
                continue
            if not _explains_held(f, j, lits[j], qlits, qlen):
                continue
            got = Cand(outer.pid, f)
            judge_fit(got, lit_len + qlen, mlen)
            if best is None or got.text > best.text:
                best, best_pid = got, q.pid
    return None if best is None else (best, best_pid)


def _inners_of(idx: Index, outer: Cand, inner: list[Cand]) -> Iterator[tuple[Cand, tuple[str, ...], int]]:
    """The ``inner`` fits another template of ``outer``'s codebase could hold in a placeholder,
    with their literals and literal length: those with ``MIN_LITERAL`` characters of text (a
    template of a word or two explains no caught text).

    A template of another codebase is one only when ``outer``'s raise sits in an ``except``
    naming its class or a class above it (``_handles``): a library catching its dependency's
    error and raising its own with that text (boto3's ``except ClientError as e: raise
    S3UploadFailedError(f"Failed to upload {filename} ...: {e}")`` around botocore's error).
    Without a handler saying so, two codebases' words side by side are a coincidence."""
    repo = idx.entries[idx.patterns[outer.pid].entries[0]][E_REPO]
    for q in inner:
        if q.pid == outer.pid:
            continue
        if idx.entries[idx.patterns[q.pid].entries[0]][E_REPO] != repo and not _handles(
            idx, outer.pid, q.pid
        ):
            continue
        qlits, qlen = idx.lits(q.pid)
        if qlen >= MIN_LITERAL:
            yield q, qlits, qlen


def _worded(lit: str) -> bool:
    """Whether a compact literal holds a word (a letter or digit), not punctuation alone."""
    return any(ch.isalnum() for ch in lit)


def _whole_or_appended_to(whole: tuple[str, ...], cmsg: str, *, caught_last: bool) -> Fit | None:
    """The fit of the joined outer and inner literals ``whole`` that explains the message from its
    start, or None: anchored at both ends, or — when the caught text ends the outer template
    (``caught_last``: ``f"{stage} failed: {e}"``) — anchored at the start with text after it.

    That text is context a raise further up appended when it caught this one again: a debug
    string after the caught message (``raise ValueError(describe(e)) from e`` where the helper
    returns ``f"{e}; {settings}"``: a template all placeholder, which explains nothing). The
    outer's words still explain the beginning, and the inner's the caught text; the appended
    text is left unexplained and counts against the fit's coverage like any value. An outer
    template with words of its own after the caught text must fit to the end: its words placed
    before more text would be a coincidence of words."""
    f = fit(whole, cmsg)
    if f is not None and f.full and f.anchored_start and f.anchored_end:
        return f
    if not caught_last:
        return None
    f = fit((*whole, ""), cmsg)
    return f if f is not None and f.full and f.anchored_start else None


def _explains_held(f: Fit, j: int, before: str, qlits: tuple[str, ...], qlen: int) -> bool:
    """Whether the inner template (literals ``qlits``, put in placeholder ``j`` after the outer
    literal ``before``) explains the text that placeholder holds in fit ``f`` as a whole message
    would need to be explained: its values do not swallow most of it."""
    start = f.spans[j][0] + len(before)
    k = j + len(qlits) - 1  # the combined literal the inner template's last literal begins
    end = f.spans[k][0] + len(qlits[-1]) if len(qlits) > 1 else start + len(qlits[0])
    return qlen >= MIN_COVERAGE * max(end - start, 1)


def interpreter_wrappers(idx: Index, tf: TextFit, typed_pids: list[int], types: list[str]) -> None:
    """A raise of the pasted class whose placeholder holds, from end to end, a message the
    interpreter or the standard library raises (``except ValueError as e: raise
    ParseError(f"{e} at {path}")`` around ``datetime.strptime``): the library caught that
    error and raised the one the user sees with its text inside, as ``wrappers`` finds for an
    inner raise of the codebase; here the inner text is the interpreter's, of another class
    than the one pasted, and the template's own literals with the interpreter's explain the
    message together."""
    if not tf.runtime_full or not types:
        return
    keys = {type_key(t) for t in types}
    inner = [
        rp
        for rp in tf.runtime_full[:MAX_INNER]
        if not any(type_key(idx.entries[ei][E_TYPE]) in keys for ei in _some(idx, rp))
    ]
    cmsg, mlen = tf.cmsg, max(len(tf.cmsg), 1)
    for pid in typed_pids:
        c = tf.cands.get(pid)
        if c is None or c.confident or c.fit is None or not c.fit.full or not idx.patterns[pid].lit_len:
            continue  # (a template all placeholder wraps anything: it says nothing)
        if not any(type_key(idx.entry_facts(ei)[1].type) in keys for ei in _some(idx, pid)):
            continue  # a raise of a related class did not make the exception pasted
        lits = idx.lits(pid)[0]
        for j in range(len(lits) - 1):
            got = _wrapped_gap(idx, inner, lits, c.fit.spans[j][1], j, cmsg)
            if got:
                c.confident = True
                c.coverage = max(c.coverage, min((c.fit.covered + got) / mlen, 1.0))
                c.text = max(c.text, 0.5 + 0.5 * c.coverage)
                c.reasons = [
                    f"the interpreter's message and this template explain {c.coverage:.0%} of the message",
                    "this template wraps that message (the library caught it and raised its own class)",
                ]
                break


def _wrapped_gap(idx: Index, inner: list[int], lits: tuple[str, ...], start: int, j: int, cmsg: str) -> int:
    """The interpreter's literal characters when placeholder ``j`` of a template (from compact
    position ``start``, where literal ``j`` ends) holds a whole interpreter message and the
    template's later literals fit the rest of the message to its end; else 0. The next literal
    is tried at each of its first few places: a short one (`` at ``) is found inside the
    interpreter's words first."""
    nxt, rest = lits[j + 1], lits[j + 1 :]
    at = cmsg.find(nxt, start + 1) if nxt else len(cmsg)
    for _ in range(_MAX_PLACES):
        if at < 0:
            return 0
        tail = fit(rest, cmsg[at:])
        if tail is not None and tail.full and tail.anchored_start and tail.anchored_end:
            got = _interpreter_text(idx, inner, cmsg[start:at])
            if got:
                return got
        if not nxt:
            return 0
        at = cmsg.find(nxt, at + 1)
    return 0


_MAX_PLACES = 8


def _interpreter_text(idx: Index, inner: list[int], gap: str) -> int:
    """The literal characters of the first interpreter template that fits ``gap`` (a
    placeholder's text) whole, anchored at both ends and explaining enough of it; 0 if none."""
    if not gap:
        return 0
    for rp in inner:
        lits, lit_len = idx.lits(rp)
        g = fit(lits, gap)
        if (
            g is not None
            and g.full
            and g.anchored_start
            and g.anchored_end
            and lit_len / len(gap) >= RUNTIME_MIN_COVERAGE
        ):
            return lit_len
    return 0


def printed_container(cmsg: str) -> bool:
    """A compact message that is the repr of a dict of messages (``{'age':['...']}``) or of a
    list of them (``['...','...']``): what Python prints for an exception given one."""
    if len(cmsg) < 4:
        return False
    if cmsg[0] == "{" and cmsg[-1] == "}":
        return cmsg[1] in "'\"" and ("':" in cmsg or '":' in cmsg)
    return cmsg[0] == "[" and cmsg[-1] == "]" and cmsg[1] in "'\"" and cmsg[-2] in "'\""


# A container placeholder's name ends in the shape the extractor read
# (``extract.containers``: ``errors: dict[str]!r``); the printed container's own shape is read
# from its first character and key. A shape that says less (a dict with keys of any type) fits a
# little less than the one that says exactly what was printed.
_SHAPE_FITS = {"{": {": dict[str]": 1.0, ": dict": 0.98}, "[": {": list": 1.0}}


def collected(idx: Index, tf: TextFit, shown: str | None = None, types: Sequence[str] = ()) -> None:
    """The raise of a dict or list of collected messages (``raise ValidationError(errors)``, a
    template that is that container's repr alone, ``{errors: dict!r}``) fits any printed
    container of its shape, so alone it says nothing. When the message is such a container and
    one of its values is a template of the same codebase, found whole inside it (``fit_all``'s
    ``tf.inside``), the container's raise is what printed it: its fit is exact and ranks above
    the raises of the values, which the library caught and collected before raising them
    together. With no such value (a message the library keeps in a table, or the user's own
    validator's), a container raise of the class the paste names with its module
    (``marshmallow.exceptions.ValidationError``), in that module's codebase, is the likeliest
    answer, approximate. ``shown``, the raise statement the paste prints above its error line,
    names the statement that raised it: a container raised by another statement (a caller
    re-raising the dict in a package not indexed) is neither."""
    if not printed_container(tf.cmsg) or any(c.confident for c in tf.cands.values()):
        # (a template printing the whole container itself, Django's ``['Enter a valid URL.']``
        # of an exception printing the list of its messages, already says what printed it)
        return
    fits = _SHAPE_FITS.get(tf.cmsg[:1], {})
    raised = set(idx.statement_entries(shown, MAX_STATEMENT)) if shown else None
    repos = {idx.entry_repo(ei) for pid in tf.inside[:MAX_INNER] for ei in _some(idx, pid)}
    named = _named_classes(idx, types)
    held = ", ".join(sorted({repr(literal_text(idx, pid)) for pid in tf.inside[:2]}))
    what = "dict" if tf.cmsg[:1] == "{" else "list"
    for pid, c in tf.cands.items():
        text = _container_fit(idx, pid, c, fits)
        eis = [ei for ei in _some(idx, pid) if raised is None or ei in raised]
        if text is None or not eis:
            continue
        if any(idx.entry_repo(ei) in repos for ei in eis):
            c.text, c.coverage, c.confident = text, 1.0, True
            c.reasons = [
                f"the message is a printed {what} of messages; it holds {held}, raised in the same codebase"
            ]
        elif any((idx.entry_repo(ei), idx.entries[ei][E_TYPE]) in named for ei in eis):
            c.text = CONTAINER_NAMED * text
            c.reasons = [
                f"the message is a printed {what} of messages, raised as a {what} by the library class named"
            ]


def joined(idx: Index, tf: TextFit, types: Sequence[str]) -> None:
    """A raise of the pasted class printing the messages of errors it collected, joined
    (``raise TypeError("\\n\\n".join(e.message for e in errors))``, ``Index.joined_entries``):
    its template is all placeholder, so no fragment of the text leads to it, and the text is
    another site's, the error a validation rule built (or raised and the validator caught) as
    another class. When a template of that other class, in the same codebase, fits in full inside
    the join's placeholder and the paste names the collector's class, not the inner one's, the
    collector is what printed it: it is judged as the inner fit is (the text is explained as well
    as that template explains it), and ranks on the class the paste names."""
    collectors = [ei for t in dict.fromkeys(types) for ei in idx.joined_entries(t, MAX_JOINED)]
    if not collectors:
        return  # (most pastes: no codebase raises the pasted class that way)
    keys = {type_key(t) for t in types}
    inner: list[Cand] = []
    for c in tf.cands.values():
        f = c.fit
        if f is None or not f.full or idx.runtime[c.pid] or idx.lits(c.pid)[1] < MIN_LITERAL:
            continue
        if not any(type_key(idx.entries[ei][E_TYPE]) in keys for ei in _some(idx, c.pid)):
            inner.append(c)
    if not inner:
        return
    inner = heapq.nlargest(MAX_INNER, inner, key=lambda c: c.text)
    repos = {idx.entries[ei][E_REPO] for q in inner for ei in _some(idx, q.pid)}
    fitted: dict[int, tuple[Cand, int] | None] = {}  # collector pattern -> its fit, the inner pattern
    near: dict[int, int] = {}  # collector entry -> directories its path shares with the inner site's
    for ei in collectors:
        pid = idx.entry_pat[ei]
        had = tf.cands.get(pid)
        if idx.entry_repo(ei) not in repos or (had is not None and had.confident):
            continue
        if pid not in fitted:
            same = [q for q in inner if idx.entries[_some(idx, q.pid)[0]][E_REPO] == idx.entry_repo(ei)]
            fitted[pid] = _joined_fit(idx, tf, pid, same)
        got = fitted[pid]
        if got is not None:
            near[ei] = _shared_dirs(idx.entry_path(ei), idx.entry_path(_some(idx, got[1])[0]))
    for pid, got in fitted.items():
        if got is not None:
            tf.cands[pid] = got[0]
    if near:
        most = max(near.values())
        tf.near.update(ei for ei, n in near.items() if n == most)


def _joined_fit(idx: Index, tf: TextFit, pid: int, inner: list[Cand]) -> tuple[Cand, int] | None:
    """Collector ``pid`` judged by the best of ``inner`` lying inside its join's placeholder,
    and that inner pattern; None when none does."""
    lits, _lit_len = idx.lits(pid)
    f = fit(lits, tf.cmsg)
    if f is None or not f.full:
        return None
    names = idx.patterns[pid].names
    gaps = [(f.spans[j][1], f.spans[j + 1][0]) for j, name in enumerate(names) if joins_messages(name)]
    for q in sorted(inner, key=lambda q: -q.text):
        assert q.fit is not None
        if any(a <= q.fit.start and q.fit.end <= b for a, b in gaps):
            why = "the message is another raise's text; this raise prints the errors it collected, joined"
            return Cand(pid, f, q.coverage, q.text, q.confident, [*q.reasons, why]), q.pid
    return None


def _shared_dirs(a: str, b: str) -> int:
    """How many leading directories paths ``a`` and ``b`` share."""
    n = 0
    for x, y in zip(a.split("/")[:-1], b.split("/")[:-1], strict=False):
        if x != y:
            break
        n += 1
    return n


def _container_fit(idx: Index, pid: int, c: Cand, fits: Mapping[str, float]) -> float | None:
    """How well a container raise's template (``{errors: dict[str]!r}``) fits the printed
    container's shape (``_SHAPE_FITS``); None when the pattern is no container raise or its
    shape is another."""
    lits, _lit_len = idx.lits(pid)
    names = idx.patterns[pid].names
    if len(names) != 1 or any(lits) or c.fit is None or not c.fit.full:
        return None
    shape = names[0].removesuffix(REPR_MARK)
    if shape == names[0]:
        return None
    return next((v for k, v in fits.items() if shape.endswith(k)), None)


def _named_classes(idx: Index, types: Sequence[str]) -> set[tuple[str, str]]:
    """(codebase, class) of each pasted class named with its module, whose package is indexed."""
    out: set[tuple[str, str]] = set()
    for t in types:
        head, dot, _rest = t.partition(".")
        if dot:
            out.update((repo, t.rpartition(".")[2]) for repo in idx.package_holders(head))
    return out


def literal_text(idx: Index, pid: int) -> str:
    """A pattern's literal text, its placeholders shown as ``…``."""
    return "…".join(idx.lits(pid)[0]).strip()


def _inside_container(tf: TextFit, c: Cand) -> None:
    """``{'age': ['Not a valid integer.']}``: the exception was given a dict (or list) of
    messages and printed its repr; a template found inside is one of its values, not what
    printed the whole. One that is a quoted value whole is kept as evidence for ``collected``."""
    if c.confident:
        c.confident = False
        c.reasons.append("the message is a printed dict or list: the template is one of its values")
    f, cmsg = c.fit, tf.cmsg
    assert f is not None
    if f.start > 0 and f.end < len(cmsg) and cmsg[f.start - 1] in "'\"" and cmsg[f.end] == cmsg[f.start - 1]:
        tf.inside.append(c.pid)


def bare_raise(lits: tuple[str, ...], names: tuple[str, ...]) -> bool:
    """Whether a template is that of a raise with no message (``raise E``, ``raise E()``)."""
    return not names and not any(lits)


def _some(idx: Index, pid: int) -> list[int]:
    """A few of a pattern's entries: enough to tell which classes raise it."""
    return idx.patterns[pid].first(MAX_INNER)


def _one_line(tf: TextFit, c: Cand, lits: tuple[str, ...], bare: bool = False) -> None:
    """A paste of several lines (a log, a CLI's output) one of whose lines is the template from
    end to end, after a label (``ERROR [alembic.env] ``, ``FAILED: ``, ``[...] [CRITICAL] ``):
    that line is the message, as if it had been pasted alone, so the fit is judged on it rather
    than diluted by the lines around it. Only the line where the template's first literal is
    found is tried. Its label must end in ``:`` or ``]``: text ending in a word is a sentence the
    template would be the tail of (``_starts_earlier``). A line with no label is a record only
    among log records (a message printed straight to the console between them); elsewhere it is
    one line of a message written over several, whose first line fits many templates. Unless
    the template is all of it (``_report_tail``): a label and a hole, the hole holding the
    first line's end and the lines after.

    The first literal's later occurrences are tried too (``MAX_LINE_OCCURRENCES``, in order):
    a reporter who names the error in a sentence first (``rejects them with `TypeError: text
    '<name>' ...`, but``) and then shows it printed on a labelled line of its own (a snippet's
    ``# TypeError: text 'prod' ...`` comment) gives that later line as the message whole. Not
    in a log (``TextFit.is_log``): each of its records is one line, and a record whose text
    comes again later is one the program repeated, not the one a paster named first; which
    record a log means is the log readers' (``parse._warning_records``, the matcher's order).

    ``bare``: the template is a log call's of level WARNING or above (``_last_resort_record``),
    and a line with no label, or one whole code span, is its record too: with no handler set up,
    ``logging.lastResort`` prints a record's message alone on its line, among the program's
    other output (a REPL's ``>>>`` lines, the paster's sentences)."""
    f = c.fit
    if f is None or not lits[0]:
        return
    start = f.start
    for _ in range(1 if tf.is_log() else MAX_LINE_OCCURRENCES):
        if not 0 <= start < len(tf.cmap) or _whole_line_at(tf, c, lits, start, bare):
            return
        start = tf.cmsg.find(lits[0], start + 1)


MAX_LINE_OCCURRENCES = 20  # occurrences of a template's first literal tried as a line's start
# the log calls whose records ``logging.lastResort`` prints (level WARNING and above)
_LAST_RESORT = frozenset(
    {"log.warning", "log.warn", "log.error", "log.exception", "log.critical", "log.fatal"}
)


def _last_resort_record(idx: Index, pid: int) -> bool:
    """Whether a pattern's sites (its first few) are all log calls of level WARNING or above,
    whose message ``logging.lastResort`` prints bare when no handler is set up."""
    eis = _some(idx, pid)
    return bool(eis) and all(idx.entries[ei][E_TYPE].lower() in _LAST_RESORT for ei in eis)


def _whole_line_at(tf: TextFit, c: Cand, lits: tuple[str, ...], start: int, bare: bool) -> bool:
    """``_one_line`` at one occurrence of the template's first literal (compact position
    ``start``): whether the line it opens is the template end to end after a label, the
    candidate then judged on that line alone."""
    f = c.fit
    assert f is not None
    cmap, msg = tf.cmap, tf.message
    at = cmap[start]
    head = msg[msg.rfind("\n", 0, at) + 1 : at].strip()
    end = msg.find("\n", at)
    rest = msg[at : end if end >= 0 else len(msg)].rstrip()
    if bare and head == "`" and rest.endswith("`") and "`" not in rest[:-1]:
        head, rest = "", rest[:-1]  # the record alone in a code span
    # judged alone only as a report's tail (``_report_tail``), or as a bare record
    tail = not head and not tf.is_log() and not bare
    if (head and head[-1] not in ":]") or (tail and not _report_tail(f, lits)):
        return False
    line = compact(rest)
    g = fit(lits, line)
    if g is None or not (g.full and g.anchored_start and g.anchored_end):
        return False
    if tail and g.covered >= len(line):
        # a first line that is the label alone (``Parameter validation failed:\n{msg}``): the
        # hole, all on the lines after, is not judged by it
        return False
    cov = g.covered / max(len(line), 1)
    if cov < MIN_COVERAGE:
        return False
    c.line = (start, start + len(line), c.confident, c.coverage, c.text, c.reasons)
    c.confident, c.coverage, c.text = True, cov, 0.5 + 0.5 * cov
    c.reasons = [
        Share("the template is one whole line of the message (literal text explains ", cov, " of it)")
    ]
    return True


def _report_tail(f: Fit, lits: tuple[str, ...]) -> bool:
    """The template fits the whole message, from its first character to its last, and ends
    with a hole after a label (``MkDocs encountered an error parsing the configuration file:
    {e}``): the hole holds another error's report or a tool's output, which runs over several
    lines (a YAML error's ``in "<file>", line 84, column 20``), so the literal text's share of
    the message says nothing about the fit. Its first line is then the template end to end,
    and is judged alone, as a labelled log line is."""
    return (
        f.full
        and f.anchored_start
        and f.anchored_end
        and len(lits) > 1
        and not lits[-1]
        and lits[-2].endswith(":")
        and sum(map(len, lits)) >= ANCHORED_MIN_LITERAL
    )


def inner_lines(idx: Index, tf: TextFit) -> None:
    """A message whose first line is a template and whose later lines are inner errors' texts
    (typeguard's ``did not match any element in the union:\n{formatted_errors}``, each line
    ``int: is not an instance of int``; a validator listing what each alternative said): the
    outer template fits the whole message from its first character, its placeholder holding
    the lines, and one of those lines is another raise's template end to end after a label.
    ``_one_line`` judged that inner template on its line alone, as if it were a log's record;
    but the line lies inside a placeholder of the outer fit, a value of that raise, and Python
    printed the outer raise's class and text. So the inner one is judged on the whole message
    again, as ``judge_fit`` did. One pass over the candidates and the outer fits' spans: no
    search in the text.

    An outer fit counts when it is confident, or when its first literal is the message's whole
    first line (astropy's ``Input values did not match any of the formats ...:`` over one line
    per format, each that format's own raise): its literal text explains little of a message
    the inner lines make long, yet the line Python printed after the class is its own words,
    so the lines after it are its placeholders' values, not other raises'."""
    lines = [c for c in tf.cands.values() if c.line is not None and c.confident]
    if not lines:
        return
    head = _first_line_end(tf)
    outers = [
        c.fit.spans
        for c in tf.cands.values()
        if (
            c.confident
            or (head is not None and c.fit is not None and c.fit.spans[:1] and c.fit.spans[0][1] >= head)
        )
        and c.line is None
        and c.fit is not None
        and c.fit.full
        and c.fit.anchored_start
        and c.fit.start == 0
        and not idx.runtime[c.pid]
        and idx.patterns[c.pid].names
        and idx.patterns[c.pid].lit_len >= MIN_LITERAL
    ]
    for c in lines:
        assert c.line is not None
        start, stop = c.line[0], c.line[1]
        if any(_in_gap(spans, start, stop) for spans in outers):
            c.confident, c.coverage, c.text, c.reasons = c.line[2:]
            c.line = None


def _first_line_end(tf: TextFit) -> int | None:
    """The compact position where the message's first line ends, when it has more lines and
    that first line holds at least ``MIN_LITERAL`` characters (a header a template can own);
    else None."""
    nl = tf.message.find("\n")
    if nl < 0:
        return None
    end = bisect_left(tf.cmap, nl)
    return end if MIN_LITERAL <= end < len(tf.cmsg) else None


def wrapped_cause(
    idx: Index, tf: TextFit, eid: str, site: tuple[str, str, int], vals: Mapping[str, str]
) -> str | None:
    """Where the other raise whose message an exact answer wraps was raised, worded as a reason
    naming it; None when the answer wraps none. The answer (entry ``eid``, at ``site``: its
    codebase, path and line) is a wrapper (``raise X(f"... {e}")``, ``f"{e.message}{HINT}"``) when another site of the
    same codebase fits part of the message, not all of it, and that part is what the answer's
    placeholder holds (``vals``, its values) or what its template already holds in its words
    (the extractor put the caught message in: ``... - token {token!r} has ...``), this last only
    when the answer's raise sits in an ``except`` that catches the other site's class
    (``_handles``): elsewhere, another site's words inside the answer's own are words the answer
    writes itself (``directory does not exist`` in ``file or directory does not exist``), and the
    answer caught nothing. That site is the error the wrapper caught, its cause.

    A site raising the answer's own words (its template's literals, whatever its placeholders
    are named) is no such site: a template ending in a placeholder fits short of the message's
    end, and the sites sharing it are a tie with the answer (``Unknown system {name}`` in a
    setter and in a getter), not the error it caught.

    The inner template must explain ``MIN_COVERAGE`` of the text it fits (a few shared words
    are no message). Bounded: one pass over the candidates already fitted (``MAX_VERIFY`` at
    most), each against the answer's few values; the best-scored fit is named."""
    cmsg = tf.cmsg
    spans = [
        (at, at + len(cv))
        for cv in map(compact, vals.values())
        if len(cv) >= MIN_LITERAL and (at := cmsg.find(cv)) >= 0
    ]
    pid = _answer_pid(idx, tf, eid)
    answer = idx.lits(pid)[0] if pid is not None else ()
    own: str | None = None  # the answer's literal text, compact, read when first needed
    best: Cand | None = None
    for c in tf.cands.values():
        f = c.fit
        if f is None or not f.full or idx.runtime[c.pid] or (f.start == 0 and f.end == len(cmsg)):
            continue  # (a fit of the whole message is the answer itself, or its twin)
        lits, lit_len = idx.lits(c.pid)
        if (
            lits == answer  # the answer's own words: a site tied with it, never a message inside it
            or lit_len < MIN_LITERAL
            or lit_len < MIN_COVERAGE * (f.end - f.start)
            or (best is not None and c.text <= best.text)
        ):
            continue
        if not any(a <= f.start and f.end <= b for a, b in spans):
            if own is None:
                own = "".join(answer)
            g = fit(lits, own) if own else None
            if g is None or not g.full or pid is None or not _handles(idx, pid, c.pid):
                continue  # (words of the answer's own: its raise must sit in an ``except`` for them)
        ei = idx.patterns[c.pid].entries[0]
        # another statement of the codebase (the answer's site records its template more than
        # once: with the caught text as a placeholder, and with the caught message put in)
        if idx.entry_repo(ei) == site[0] and (idx.entry_path(ei), idx.entry_line(ei)) != site[1:]:
            best = c
    if best is None:
        return None
    ei = idx.patterns[best.pid].entries[0]
    where = f"{idx.entry_path(ei)}:{idx.entry_line(ei)} ({idx.entry_func(ei)})"
    if _logs(idx, best.pid):
        # (a log call raises nothing: its words reached this raise through a handler's parameter)
        return f"raises a log call's words: the text logged at {where}, handed to this raise"
    return f"wraps another raise's message: the text raised at {where}, the error it caught"


def _answer_pid(idx: Index, tf: TextFit, eid: str) -> int | None:
    """The pattern of the candidate whose entry ``eid`` is (None if none)."""
    for c in tf.cands.values():
        if any(idx.entry_id(ei) == eid for ei in _some(idx, c.pid)):
            return c.pid
    return None


def whole_over_tail(idx: Index, tf: TextFit) -> None:
    """A paste of several lines that one raise's template fits from its first character to its
    last, opening with that template's own text, and another raise of the same class fits only
    from a later line on, to the end (a class whose printer writes a line per context the error
    passed through, then the innermost message: ``==> At key: repo`` lines, then ``=====>
    Expected string got int``). The later raise's own text is the paste's last lines, but
    printed alone its instance would not have printed the lines above them; the class printed
    them for the raise whose template accounts for the whole paste (the wrapper re-raising with
    a context), so that fit is the better one however little of it is literal. The tail's fit,
    which leaves the paste's opening unexplained, ranks just below the whole one. Only a fit
    beginning on a new line is judged so: a template found in the middle of a line is a
    sentence's end, not another print of the class."""
    wholes = [
        c
        for c in tf.cands.values()
        if c.fit is not None
        and c.fit.full
        and c.fit.anchored_start
        and c.fit.anchored_end
        and c.fit.spans
        and c.fit.spans[0][1] > 0  # its own literal opens the paste
        and not idx.runtime[c.pid]
    ]
    if not wholes:
        return
    whole_classes = [(w, _classes(idx, w.pid)) for w in wholes]  # read once, not per tail
    for c in tf.cands.values():
        f = c.fit
        if f is None or not f.full or f.anchored_start or not f.anchored_end or not tf.new_line(f.start):
            continue
        classes = _classes(idx, c.pid)
        rivals = [w for w, of in whole_classes if w is not c and of & classes]
        if not rivals:
            continue
        best = max(rivals, key=lambda w: w.text)
        if c.text >= best.text:
            c.text = best.text - TAIL_BELOW_WHOLE
            c.confident = c.confident and best.confident
            c.reasons.append(
                "a raise of the same class explains the whole message, lines above this one included"
            )


def _classes(idx: Index, pid: int) -> set[str]:
    # from the sites' facts: decoding each entry whole renders and keeps its template
    return {type_key(idx.entry_facts(ei)[1].type) for ei in idx.patterns[pid].entries}


def _in_gap(spans: list[tuple[int, int]], start: int, stop: int) -> bool:
    """Whether compact positions ``start`` to ``stop`` lie between two literals of a fit (its
    spans, in order; a template ending in a placeholder has an empty last literal placed at the
    message's end): inside one placeholder's value. Text after a last literal that is not empty
    is no placeholder's: the message goes on past the template."""
    return any(e <= start and stop <= nxt for (_s, e), (nxt, _e) in pairwise(spans))


TAIL_BELOW_WHOLE = 0.01  # how far below the whole fit a tail fit of its class ranks (``whole_over_tail``)

_LEVELS = frozenset(["DEBUG", "INFO", "WARNING", "WARN", "ERROR", "CRITICAL", "FATAL"])


def _record_line(line: str) -> bool:
    """A log record's line: it opens with a bracketed time or level (``[2024-01-09 ...]``,
    ``[INFO]``) or with a level name (``INFO:``, ``ERROR [alembic.env]``). Other bracketed
    lines are parts of a message (``[SQL: ...]``, ``[parameters: ...]``), not records."""
    s = line.lstrip()
    if s.startswith("["):
        inner = s[1 : s.find("]", 1, 80)] if "]" in s[1:80] else ""
        return inner[:1].isdigit() or inner in _LEVELS
    return s.split(None, 1)[0].rstrip(":") in _LEVELS if s else False


def _goes_on(tf: TextFit, f: Fit, last: str) -> bool:
    """The template's final words are followed on the same line by ": <value>": a message built
    elsewhere that merely begins like this one ("...timestamp: 1-01-01"). (Other same-line tails
    are usually what an exception class's __str__ appends.)"""
    cmap = tf.cmap
    rest = tf.message[cmap[f.end - 1] + 1 :].split("\n", 1)[0] if 0 < f.end <= len(cmap) else ""
    return rest.startswith(":") and any(ch.isalnum() for ch in rest) and last[-1:].isalnum()


def _starts_earlier(tf: TextFit, f: Fit, first: str) -> bool:
    """The template's first word continues a sentence the message began before it ("image index
    out of range" holding "index out of range"): another message that ends like this one. A
    prefix the template does not explain is otherwise a label, a logger or a type ("Error: ...",
    "[worker] ..."): it ends in punctuation, not in a lower-case word and a space."""
    cmap = tf.cmap
    if not 0 < f.start < len(cmap) or not first[:1].islower():
        return False
    head = tf.message[: cmap[f.start]].rsplit("\n", 1)[-1]
    return len(head) >= 2 and head[-1] == " " and (head[-2].islower() or head[-2].isdigit())


def _runtime_fit(idx: Index, tf: TextFit, c: Cand, lit_len: int, types: list[str]) -> None:
    """Interpreter templates are short and mostly placeholders: recognise a whole-message fit
    anchored at both ends rather than demanding library-level coverage.

    A fit that ends the message and begins right after a label (``Failed to extract frames:
    module 'ffmpeg' has no attribute 'input'``: ``logger.error(f"...: {e}")``, ``print("Error:",
    e)``) is the interpreter's whole message as well, printed after the words of whoever caught
    it: its share is judged on the text from the label on (``_after_label``). The share kept is
    still of the whole message, the scale library fits are compared on, and where it begins
    (``runtime_from``): a library fit beginning before it explains the label, a raise or log
    call of its own around the caught text (``demote_for_runtime`` leaves it be)."""
    f = c.fit
    assert f is not None
    if f.full and lit_len >= RUNTIME_MIN_LITERAL:
        tf.runtime_full.append(c.pid)
    if not (f.full and f.anchored_end and lit_len >= RUNTIME_MIN_LITERAL):
        return
    share = c.coverage
    if not f.anchored_start:
        if not _after_label(tf, f):
            return
        share = min(f.covered / max(len(tf.cmsg) - f.start, 1), 1.0)
    better = tf.runtime_best is None or c.coverage > tf.runtime_best[0]
    if better and share >= RUNTIME_MIN_COVERAGE and _runtime_type_ok(idx, types, c.pid):
        tf.runtime_best = (c.coverage, c.pid)
        tf.runtime_from = 0 if f.anchored_start else f.start
        tf.runtime_values = _runtime_values(tf.cmsg, f)


def _after_label(tf: TextFit, f: Fit) -> bool:
    """Whether the text before fit ``f`` on its line is a label that ends in a colon and a space
    (``Exception encountered while extracting frames: ``, ``Error: ``): words that introduce a
    caught error's text, not the beginning of a sentence the fit's words go on with."""
    cmap = tf.cmap
    if not 0 < f.start < len(cmap):
        return False
    head = tf.message[: cmap[f.start]].rsplit("\n", 1)[-1]
    return head.endswith(": ") and any(ch.isalpha() for ch in head)


def _runtime_type_ok(idx: Index, types: list[str], pid: int) -> bool:
    qs = [t for t in types if not t.startswith("log.")]
    if not qs:
        return True
    return any(type_relation(qs, idx.entries[ei][E_TYPE], "error")[0] > 0 for ei in idx.patterns[pid].entries)


def judge_fit(c: Cand, lit_len: int, mlen: int) -> None:
    """Decide from the fit alone how well the text explains the message.

    Exact needs every literal in order (or, for a message cut short, the template's beginning: at
    least ``TRUNC_MIN_LITERAL`` literal characters and most of the message), and the literal text
    explaining enough of the message (``MIN_COVERAGE`` of its characters and ``MIN_LITERAL``
    characters, or less when the fit is anchored at both ends with enough literal text).
    """
    f = c.fit
    assert f is not None
    cov = min(f.covered / mlen, 1.0)
    c.coverage = cov
    if not f.full:
        c.text = 0.45 * cov
        c.confident = _cut_confident(f, cov)
        if c.confident:
            c.text = 0.45 + 0.45 * cov
        c.reasons = [Share("message matches the template's beginning (", cov, " explained; cut short?)")]
        return
    c.text = FULL_FIT_BASE + FULL_FIT_BASE * cov
    if 0 < lit_len < MIN_LITERAL and cov < MIN_COVERAGE:
        # A few literal characters among much other text (``{args[0]} error{...}``) fit every
        # message holding those words while the placeholders take the rest: as evidence they
        # count in proportion to the literal text an exact match needs. (A template with no
        # literal at all says nothing either way; only the pasted type or frames lead to it.)
        c.text = 0.5 * lit_len / MIN_LITERAL + 0.5 * cov
    # a fit anchored at both ends with enough literal text is structurally strong even when long
    # values (reprs of arrays, paths) dilute the share of the message it explains
    enough = cov >= MIN_COVERAGE or (
        f.anchored_start
        and f.anchored_end
        and lit_len >= ANCHORED_MIN_LITERAL
        and cov >= ANCHORED_MIN_COVERAGE
    )
    c.confident = lit_len >= MIN_LITERAL and enough and f.start * 3 <= mlen
    c.reasons = [Share("literal text explains ", cov, " of the message")]
    c.text -= _unexplained_ends(f)
    if not f.anchored_start:
        c.reasons.append("message has extra text before the template")
    if not f.anchored_end:
        c.reasons.append("message has extra text after the template")


def _unexplained_ends(f: Fit, step: float = EXTRA_TEXT) -> float:
    """What a full fit's text score loses for the text it leaves unexplained before and after
    the template (``step`` an end)."""
    return step * ((not f.anchored_start) + (not f.anchored_end))


def _judge_shaped(idx: Index, tf: TextFit, c: Cand, lit_len: int, repr_ok: bool) -> None:
    """A full fit anchored at both ends with ``SHAPED_MIN_LITERAL`` of literal text, short of
    the share ``judge_fit`` asks only because its values are long (an object's repr, a caught
    error's text), explaining ``SHAPED_MIN_COVERAGE`` at least, is confident when the message
    opens with the template's own text and its values are shaped (``shaped_values``): the
    template is the message from end to end, and nothing it does not print hides in a hole.
    ``repr_ok`` false (prose where the template prints a repr) rules the fit out."""
    f = c.fit
    if (
        c.confident
        or not repr_ok
        or not (
            f is not None
            and f.full
            and f.anchored_start
            and f.anchored_end
            and lit_len >= SHAPED_MIN_LITERAL
            and c.coverage >= SHAPED_MIN_COVERAGE
        )
    ):
        return
    lits = idx.lits(c.pid)[0]
    if not lits[0]:
        return  # a template opening with a hole (``{message}\n\nSee ...``) holds any text before its own
    names = idx.patterns[c.pid].names
    if "\n" in tf.message:  # the values cut where the paste breaks its lines as the template does
        f = replace(f, spans=line_spans(idx.segs(c.pid), f.spans, tf.cmsg, tf.new_line))
    if shaped_values(names, values(list(names), f, tf.message, tf.cmap), lits):
        c.confident = True
        c.reasons.append("each value is one line of the shape its placeholder prints")


# what ``__name__`` and ``__qualname__`` print: a (dotted) Python name
_DOTTED_NAME = re.compile(r"[A-Za-z_][\w.]{0,300}")
_REPR_CLOSE = {"'": "'", '"': '"', "(": ")", "[": "]", "{": "}", "<": ">"}


def shaped_values(names: Sequence[str], vals: Mapping[str, str], lits: Sequence[str] = ()) -> bool:
    """Whether every value of a fit is one line of the shape its placeholder prints: a value
    running over a line end is a one-line hole swallowing the lines after it (a log's next
    record, the user's sentence); a ``!r`` value is one whole repr (a string's quotes or an
    object's brackets at both of its ends, a number or name without spaces), not a repr
    with text after it (``'pkg.mod' (/path/to/pkg/__init__.py)``); a ``__name__`` or
    ``__qualname__`` value is one dotted name; a value between quotes of the template
    (``lits``, the compact literals around each hole) holds no such quote, else those quotes
    may close inside it. Other values (``str()`` of anything) have no shape to check beyond
    the line."""
    for j, name in enumerate(names):
        v = vals.get(name, "").strip()
        if "\n" in v:
            return False
        if j + 1 < len(lits) and any(
            lits[j].endswith(q) and lits[j + 1].startswith(q) and q in v for q in "'\""
        ):
            return False
        if name.endswith("!r") and not _whole_repr(v):
            return False
        if name.removesuffix("!s").endswith(("__name__", "__qualname__")) and not _DOTTED_NAME.fullmatch(v):
            return False
    return True


def _whole_repr(v: str) -> bool:
    """``v`` reads as one repr: a quoted string with no unescaped quote of its kind inside, a
    bracketed value closed at its end, or one word (a number, ``None``, a bare name)."""
    if not v:
        return False
    close = _REPR_CLOSE.get(v[0])
    if close is None:
        return not any(ch.isspace() for ch in v)
    if len(v) < 2 or v[-1] != close:
        return False
    if v[0] in "'\"":
        return v[0] not in v[1:-1].replace("\\" + v[0], "")
    return True


def _cut_confident(f: Fit, cov: float) -> bool:
    """A fit of a message cut short (``f.full`` false) explaining ``cov`` of it is confident.
    Not confident, its text (``0.45 * cov``) is below ``APPROX_MIN`` unless it explains all of
    the message: too weak to rank on its own (``fit_all`` keeps it aside)."""
    return (
        f.anchored_start
        and f.covered >= TRUNC_MIN_LITERAL
        and cov >= TRUNC_MIN_COVERAGE
        and not f.diverged  # worded on past the literal it never reaches: not cut there
    )


def _similar(idx: Index, tf: TextFit, seen: set[int]) -> list[int]:
    """``Index.similar`` of ``seen`` (the message's keys), read once for the message."""
    if tf.similar is None:
        tf.similar = idx.similar(seen, MAX_FUZZY)
    return list(tf.similar)


def unticked_similar(
    idx: Index, tf: TextFit, seen: set[int], types: list[str], evidence: Container[int]
) -> None:
    """Verify, with a code span's backticks dropped (``unticked_fit``), the patterns sharing the
    most keys with a message that holds no backtick, when nothing fits it confidently.

    Markdown renders `` `target_modules` `` as code, and a paste copied from the rendered page
    (an issue, a forum post) keeps ``target_modules`` alone. The template's keys are cut from
    its text with the backticks in it, so a key spanning a code span's edge is not in such a
    paste: the pattern is not among those whose keys all occurred (``exact_candidates``), nor a
    head the message opens with unless the span opens the template (``ticked_heads``), and is
    never verified; only its words rank it, approximate. The keys it shares with the message
    (those inside the spans or between them) still make it one of the similar patterns, and
    of those only the ones with a backtick in their literal text are fitted again here: a full
    fit of the template's text read without its backticks (``_placed``'s loosened fit) is the
    message as the user saw it, exact like any fit (less ``LOOSE_QUOTES``: ``_loosened``)."""
    if "`" in tf.message or not tf.cmsg or tf.any_confident():
        return
    weak = set(tf.weak)
    unticked: dict[int, tuple[tuple[str, ...], int]] = {}
    for pid in _similar(idx, tf, seen):
        if pid in tf.cands or pid in weak or idx.runtime[pid]:
            continue
        lits = idx.lits(pid)[0]
        if _code_spans(lits):
            bare = tuple(lit.replace("`", "") for lit in lits)
            unticked[pid] = (bare, sum(map(len, bare)))
    if not unticked:
        return
    # only a full fit of the text read so, what Markdown showed of the whole template, or a
    # confident cut-short one: its first sentences (an issue's title), as a fit of the template
    # as written may be
    full = [pid for pid, (bare, _n) in unticked.items() if _unticked_placed(bare, tf.cmsg)]
    fit_all(idx, tf, full, types, evidence, None, unticked.__getitem__)
    for pid in full:
        c = tf.cands.get(pid)
        if c is not None:
            _loosened(c, c.fit)


def _unticked_placed(bare: tuple[str, ...], cmsg: str) -> bool:
    """Whether a template's literals read without their backticks (``bare``) fit compact
    message ``cmsg`` in full, or cut short as confidently as ``fit_all`` takes a template as
    written: anchored at the message's start, with at least ``TRUNC_MIN_LITERAL`` literal
    characters and ``TRUNC_MIN_COVERAGE`` of the message (a title copying the template's first
    sentence from a rendered page, ``There are multiple elements with the same key='x'.`` of
    ``... same `key='{key}'`. To fix this, ...``)."""
    cover = cut_cover(bare, cmsg)
    return cover == -1 or (cover >= TRUNC_MIN_LITERAL and cover / max(len(cmsg), 1) >= TRUNC_MIN_COVERAGE)


def add_similarity(idx: Index, tf: TextFit, seen: set[int], extra: list[int]) -> None:
    """Word similarity for the candidates that did not fit confidently, for ``extra`` patterns
    (frames and the pasted type lead to them), and for the patterns sharing the most keys with the
    message when nothing fits confidently (approximate extras would otherwise only be noise)."""
    cands, runtime = tf.cands, idx.runtime
    need: list[int] = []
    if not tf.any_confident():
        similar = _similar(idx, tf, seen)
        similar += _weak_heads(idx, tf, similar)
        tf.add_weak(idx, similar)
        need = [
            pid
            for pid in similar
            if (pid in cands and not cands[pid].confident) or (pid not in cands and not runtime[pid])
        ]
    need += [pid for pid in extra if (pid not in cands or not cands[pid].confident) and not runtime[pid]]
    if not need:
        return
    mwords, url_words = message_words(tf.message)
    mtoks = token_line(tf.message)
    sims: dict[int, float] = {}
    # the patterns whose leading part the message shows, and those it shows whole: their words
    led: dict[int, int] = {}
    shown_whole: dict[int, int] = {}
    opened: dict[int, str] = {}  # the templates whose opening words open the message: why
    for pid in dict.fromkeys(need):
        sim = value_free_f1(mwords, url_words, idx.words(pid))
        lead = idx.lead_words(pid)
        if lead is not None:
            sim = max(sim, LEAD_WEIGHT * value_free_f1(mwords, url_words, lead))
        placed = placed_lead_words(idx, pid, tf.cmsg)
        if placed is not None:
            sim = max(sim, LEAD_WEIGHT * value_free_f1(mwords, url_words, placed))
        segs = idx.segs(pid)
        shown, whole = lead_token_words(segs, mtoks)
        if shown >= LEAD_TOKENS_MIN and (whole or not _cut_from_start(cands.get(pid))):
            (shown_whole if whole else led)[pid] = shown
        elif (n := opening_words(segs, tf.message)) and sim < LEAD_WEIGHT * OPENING_SHARE:
            sim = LEAD_WEIGHT * OPENING_SHARE
            opened[pid] = f"reworded? the template's first {n} words open the message, a value after them"
        elif (n := before_appended(segs, mtoks)) and sim < LEAD_WEIGHT * OPENING_SHARE:
            sim = LEAD_WEIGHT * OPENING_SHARE
            opened[pid] = f"reworded? the template's {n} words before its last sentence stand in the message"
        sims[pid] = sim
    lifted = _lead_over_words(sims, led, shown_whole)
    for pid, said in opened.items():
        lifted.setdefault(pid, said)
    _tail_similarity(idx, tf, sims)
    shaped: bool | None = None  # ``_uncontradicted_fit``, looked for at the first contradicted repr
    for pid, sim in sims.items():
        c = cands.get(pid) or Cand(pid)
        text = 0.9 * sim
        if c.fit is not None and c.fit.full:
            # every literal of the template stands in the message, and the message's text around
            # it stays unexplained: the shared words lift the score, not over that text, so of
            # two templates sharing as many words the one whose fit explains the whole message
            # comes first (``{name} must be >= 0`` below ``'{attr}' must be {op} {bound}: {value}``
            # for ``'n' must be >= 0: -3``). Only as a tie-break: text the fit leaves over may be
            # words around the message (a class printed without its colon), not a reworded part
            text -= _unexplained_ends(c.fit, SIMILAR_EXTRA_TEXT)
        why: list[Reason] = [lifted.get(pid) or Share("reworded? ", sim, " word overlap with the template")]
        if not c.repr_ok and (shaped := _uncontradicted_fit(idx, tf) if shaped is None else shaped):
            # the fit placed every literal and found prose where the template prints a repr:
            # its words are shared, its shape is contradicted. Another template whose own
            # words all stand in the message, from end to end, is uncontradicted, whatever
            # text its placeholders hold: the shared words do not lift this one above it
            text = min(text, APPROX_MIN)
            why.append(_REPR_PROSE)
        if text > c.text:
            c.text, c.reasons = text, why
        cands[pid] = c
    _values_over_rewordings(idx, tf, dict.fromkeys(need))


def placed_lead_words(idx: Index, pid: int, cmsg: str) -> set[str] | None:
    """The words of the template's leading literals that the message holds in order, when the
    message holds two of them or more and not all: an earlier release that printed only the
    template's first part (a later one appended a line: a version, a hint, a link), or one
    that reworded what comes after it. Weighed like ``lead_words``: the words of the whole
    template count those it has no part of against it, and its first sentence is too short a
    part when the next literal follows a placeholder (``Unknown {x}. Found: {y}``). Linear: one
    ``find`` a literal, each from where the last one ended."""
    lits = idx.lits(pid)[0]
    at = n = k = 0
    while k < len(lits):
        if lits[k]:
            j = cmsg.find(lits[k], at)
            if j < 0:
                break
            at, n = j + len(lits[k]), n + 1
        k += 1
    if k == len(lits) or n < 2:
        return None  # every literal placed (the fit's to judge), or one: its first sentence's
    placed = words(" ".join(idx.segs(pid)[:k]))
    return placed if len(placed) >= 3 else None  # as few as ``lead_words`` takes


def token_line(text: str) -> str:
    """The lower-cased words of ``text`` (``score.words``' word shape, its first 5000
    characters), in order, each between single spaces: a literal's words are then found in it
    as a run with one ``str.find``, whatever punctuation, spacing or line breaks stood between
    them."""
    return " " + " ".join(WORD.findall(text[:5000].lower())) + " "


def lead_token_words(segs: Sequence[str], mtoks: str) -> tuple[int, bool]:
    """How many words of a template's leading part the message shows, and whether it shows them
    all: the words of each literal segment (``segs``, as written) found as a run in the
    message's words (``token_line``), in order, each after the last, until a segment with words
    is not found. A message showing the leading part only: a release that appended a clause or
    a line, or reworded its end (``Flowable {f} too large on page {n}``, later `` in frame {id}
    of template {t}``), or a paste cut inside a value. Word runs, not characters: a value may
    hold newlines, the spacing around the placeholders may differ (two spaces where a value was
    empty), and the message may be quoted inside a log line after other text. 0 unless the runs
    of two segments or more are found. Linear: one ``find`` a segment, each from where the last
    run ended."""
    at = shown = runs = 0
    for seg in segs:
        toks = WORD.findall(seg.lower())
        if not toks:
            continue
        run = " " + " ".join(toks) + " "
        j = mtoks.find(run, at)
        if j < 0:
            return (shown if runs >= 2 else 0), False
        at, shown, runs = j + len(run) - 1, shown + len(toks), runs + 1
    return (shown if runs >= 2 else 0), True


_OPENERS = ":\n\"'`("  # what a clause the message quotes or a tool's context ends with
_VALUE_MARKS = frozenset(".:/_'\"<[(0123456789")  # a token holding one is a value, not a word
_MAX_OPENING_TRIES = 8  # occurrences of a template's opening looked at (each ``find`` goes on)


def opening_words(segs: Sequence[str], message: str) -> int:
    """How many words of the template's first literal open the message, or one of its lines or
    clauses, with a value right after them: an older release's shorter wording, which printed
    the opening and the value only (neo4j's ``Couldn't connect to {address}``, later ``...
    (resolved to {address_strs})``), or had no word the newer one inserted before the value
    (griffe's ``Could not resolve {target}``, later ``Could not resolve alias {path} pointing
    at {target}``: the opening less its last word). Word similarity cannot see it: the value
    and what follows it (a caught error's text, the reporter's prose) hold most of the
    message's words, and the template's later literals, which the message lacks, count
    against it. 0 unless the template opens with a literal of ``OPENING_WORDS_MIN`` words or
    more (fewer than ``LEAD_TOKENS_MIN``: a longer one is a first sentence, which ``lead_words``
    weighs) and a placeholder after a space; the opening must stand at the message's start, a
    line's or after a colon, a quote or a bracket (the words inside a sentence are another
    text's), and the value after it must be one token holding a value's mark (a dot, a colon,
    a digit, a quote: ``localhost:7687``, ``django.conf.settings``), not a word of prose.
    Linear: a few ``find`` calls per template, each going on from the last."""
    for opening in _openings(tuple(segs)):
        at = 0
        for _ in range(_MAX_OPENING_TRIES):
            j = message.find(opening, at)
            if j < 0:
                break
            at = j + 1
            i = j - 1
            while i >= 0 and message[i] in " \t":
                i -= 1
            if i >= 0 and message[i] not in _OPENERS:
                continue
            k = j + len(opening)
            if message[k : k + 1] != " ":
                continue
            value = message[k + 1 : k + 200].split(None, 1)[0] if message[k + 1 : k + 2].strip() else ""
            if any(ch in _VALUE_MARKS for ch in value):
                return len(WORD.findall(opening))
    return 0


@lru_cache(maxsize=1 << 14)
def _openings(segs: tuple[str, ...]) -> tuple[str, ...]:
    """The openings ``opening_words`` looks for, of a template's segments: its first literal,
    stripped, and that less its last word; none when the template does not qualify. Kept per
    template: the similarity pass of every query asks about the same few thousand templates."""
    if len(segs) < 2 or not segs[0] or not segs[0][-1].isspace():
        return ()
    head = segs[0].strip()
    if not OPENING_WORDS_MIN <= len(WORD.findall(head)) < LEAD_TOKENS_MIN:
        return ()  # a longer opening is a first sentence: ``lead_words`` weighs it
    shorter, _sp, last = head.rpartition(" ")
    if len(WORD.findall(shorter)) >= OPENING_WORDS_MIN and WORD.fullmatch(last):
        return (head, shorter)  # the second: a word the newer release inserted before the value
    return (head,)


def before_appended(segs: Sequence[str], mtoks: str) -> int:
    """How many words of the template's literals before its last sentence the message shows
    (``mtoks``, its ``token_line``), from its first word on, when the template's last literal
    opens a new sentence (``. Check troubleshooting guide ...: {url}``, a hint or a link a later
    release appended) that the message lacks: an older release's text, which may also differ
    in punctuation (``Error for {type} {job}: {status} Reason: {reason}``, later ``{status}.
    Reason: {reason}. Check ...``, where the character fit stops at the missing ``.``). Two
    literals with words or more before that sentence, ``OPENING_WORDS_MIN`` to
    ``LEAD_TOKENS_MIN`` words in all (more are ``lead_token_words``' to lift, wherever they
    stand); the first of them must open the message (a run of a few words anywhere in it is
    too common). Linear: ``lead_token_words``' finds."""
    shape = _appended_shape(tuple(segs))
    if shape is None or not mtoks.startswith(shape[0]):
        return 0
    shown, whole = lead_token_words(shape[1], mtoks)
    if not whole or not OPENING_WORDS_MIN <= shown < LEAD_TOKENS_MIN:
        return 0
    return 0 if mtoks.find(shape[2]) >= 0 else shown


@lru_cache(maxsize=1 << 14)
def _appended_shape(segs: tuple[str, ...]) -> tuple[str, tuple[str, ...], str] | None:
    """What ``before_appended`` looks for, of a template's segments: the first literal's word
    run, the literals with words before the last, and the last one's word run; None unless the
    template has three literals with words or more and the last opens a sentence. Kept per
    template, like ``_openings``."""
    worded = [s for s in segs if WORD.search(s)]
    if len(worded) < 3 or not worded[-1].lstrip(" ").startswith((". ", ".\n", "\n")):
        return None
    first, last = (" " + " ".join(WORD.findall(w.lower())) + " " for w in (worded[0], worded[-1]))
    return first, tuple(worded[:-1]), last


def _cut_from_start(c: Cand | None) -> bool:
    """Whether the candidate's character fit places its template's beginning from the message's
    start, the message ending before the rest (``judge_fit``'s cut fit): ``judge_fit`` and the
    ranking's cut-short rule (which knows the class pasted) judge that reading, not the word
    runs of ``lead_token_words``, which are for a leading part the fit could not place from the
    start (behind a log line or a sentence, spaced otherwise, over a value's line breaks)."""
    f = c.fit if c is not None else None
    return f is not None and not f.full and f.anchored_start


def _lead_over_words(
    sims: dict[int, float], led: Mapping[int, int], shown_whole: Mapping[int, int]
) -> dict[int, str]:
    """Lift the similarity of the templates whose leading part the message shows word for word
    (``led``, ``LEAD_TOKENS_MIN`` words or more; ``lead_token_words``) to that of a first
    sentence shared whole, in proportion to those words (``LEAD_TOKENS_FULL`` and more weigh
    all of ``LEAD_WEIGHT``). Its words' share of a message whose values hold most of its words
    (an object's repr, a caught error's text) was too low for a candidate. A template the
    message shows whole (``shown_whole``), in as many words or more, is the better reading:
    ``Resource with id [{id}] is invalid. property {name} not defined ...`` shown whole over
    ``Resource with id [{id}] is invalid. Property '{p}' is invalid.``, whose leading part the
    same words show. Such a template is lifted in the same proportion to its words when any
    leading part is lifted, and a leading part then stays ``LEAD_PART_SHORT`` below that.
    Returns the reason of each similarity lifted."""
    lifted: dict[int, str] = {}
    if not led:
        return lifted
    most = max(led.values())
    whole = False
    for pid, n in shown_whole.items():
        if n < most:
            continue
        whole = True
        sim = LEAD_WEIGHT * min(1.0, n / LEAD_TOKENS_FULL)
        if sim > sims[pid]:
            sims[pid] = sim
            lifted[pid] = f"reworded? the template's {n} words stand in the message in order"
    for pid, n in led.items():
        sim = LEAD_WEIGHT * min(1.0, n / LEAD_TOKENS_FULL) * (1.0 - LEAD_PART_SHORT if whole else 1.0)
        if sim > sims[pid]:
            sims[pid] = sim
            lifted[pid] = f"reworded? the template's first {n} words stand in the message, not the rest"
    return lifted


def _weak_heads(idx: Index, tf: TextFit, similar: list[int]) -> list[int]:
    """The weak fits (``fit_all``) that begin the message with their first literal and place
    more: the template's beginning, the message ending in a value or literal of it. A release
    that added text after it (a note, a link) made the keys the pattern is listed under those of
    the added text, so sharing no key with the message it is not among ``Index.similar``'s; its
    words are still weighed like theirs (``lead_words``: the first sentence alone). At most
    ``MAX_WEAK_HEADS``, in the order verified."""
    cmsg, taken = tf.cmsg, set(similar)
    out: list[int] = []
    for pid in tf.weak_fits(idx):
        if len(out) >= MAX_WEAK_HEADS:
            break
        lits = idx.lits(pid)[0]
        if pid in taken or len(lits) < 3 or not lits[0] or not cmsg.startswith(lits[0]):
            continue
        if cmsg.find(lits[1], len(lits[0])) >= 0:  # a second literal placed after the first
            out.append(pid)
    return out


def _values_over_rewordings(idx: Index, tf: TextFit, reworded: Iterable[int]) -> None:
    """A template of fixed text that the message rewords (``Bad day-of-month`` for ``Bad
    day-of-week``) ranks below a template of its codebase that fits the whole message and would
    print that fixed text too (``Bad {name}``): the two differ where that template has a value,
    which the fit explains and the fixed text contradicts. Its text score is capped at the fit's,
    less ``PLACEHOLDER_SHARE`` per share of the message the fit leaves to its values. The fit must
    have words of its own (``{a}: {b}`` would print most fixed texts), and only the few best
    covering ones are tried."""
    fits = heapq.nlargest(
        MAX_INNER,
        (
            c
            for c in tf.cands.values()
            if c.fit is not None
            and c.fit.full
            and c.fit.anchored_start
            and c.fit.anchored_end
            and c.repr_ok
            and not idx.runtime[c.pid]
            and any(ch.isalpha() for lit in idx.lits(c.pid)[0] for ch in lit)
        ),
        key=lambda c: c.coverage,
    )
    if not fits:
        return
    for pid in reworded:
        r = tf.cands.get(pid)
        if r is None or (r.fit is not None and r.fit.full) or idx.patterns[pid].names:
            continue
        (text,) = idx.lits(pid)[0] or ("",)
        for c in fits:
            if c.pid == pid or _repo_of(idx, c.pid) != _repo_of(idx, pid):
                continue
            f = fit(idx.lits(c.pid)[0], text)
            if f is not None and f.full and f.anchored_start and f.anchored_end:
                r.text = min(r.text, c.text - PLACEHOLDER_SHARE * (1.0 - c.coverage))


def _uncontradicted_fit(idx: Index, tf: TextFit) -> bool:
    """Whether a library template fits the whole message from end to end with enough literal
    text of its own (``MIN_LITERAL``) and no repr its placeholders contradict: the message reads
    as that template with its values filled in, even when a value is a long text made elsewhere
    (a compiled validator's message in ``Invalid value for {hint}: {msg}``)."""
    for c in tf.cands.values():
        f = c.fit
        if (
            f is not None
            and f.full
            and f.anchored_start
            and f.anchored_end
            and c.repr_ok
            and not idx.runtime[c.pid]
            and idx.lits(c.pid)[1] >= MIN_LITERAL
        ):
            return True
    return False


_TAIL_MIN_WORDS = 3  # a tail shorter than this is a value or a code, not a message to compare
_MAX_TAILS = 4  # colon boundaries tried on the first line: a tool's context is a few clauses


def context_tails(message: str) -> list[str]:
    """The message after each of the first ``: `` boundaries of its first line, when what
    follows still holds ``_TAIL_MIN_WORDS`` words: a tool reporting a caught error puts its own
    context and a colon before the error's text (black's ``error: cannot format F: <message>``,
    CloudFormation's ``Transform X failed with: <message>``, pre-commit's ``An unexpected error
    has occurred: <message>``). Those words are no wording of the raise: counted with the
    message they sink the similarity of a reworded message below the floor. The first line
    only: a tool's context is on the error's line, and a traceback's or a log's later lines
    would be compared with every template again. A context is clauses: a sentence before the
    colon is the library's own wording (a wrapper's ``Lookup failed. Message: {inner}``, whose
    template the whole message is compared with), a colon inside brackets opens an inner error
    or a value (``(exception: No module named 'x')``), and one token before it is a label or a
    code the message's own format prints (``RESOURCE_DOES_NOT_EXIST: {message}``, a logger's
    ``error: ``): no tail after those, though a clause after a label still starts one. Nor
    after a list item's label (``- method gz: ReadError('...')``, a later line of a message
    that lists what it tried, read without its first line): the item is the library's text."""
    first = message.lstrip().partition("\n")[0]
    if LIST_MARKER.match(first):
        return []
    out: list[str] = []
    at = 0
    for _ in range(_MAX_TAILS):
        k = first.find(": ", at)
        if k < 0:
            break
        clause = first[at:k].strip()
        if ". " in clause or _open_bracket(first[:k]):
            break
        at = k + 2
        tail = first[at:]
        if len(words(tail)) < _TAIL_MIN_WORDS:
            break
        if any(ch.isspace() for ch in clause):
            out.append(tail)
    return out


def _opened_by_a_template(idx: Index, tf: TextFit) -> bool:
    """A candidate's first literal opens the message (pyasn1's ``Error encoding {value!r}:
    {exc}`` for ``Error encoding <...>: Attempted ...``): the text before the colons is the
    library's own wording, a wrapper of the error after it, not a tool's context."""
    for c in tf.cands.values():
        f = c.fit
        if f is not None and c.text > 0 and f.anchored_start and idx.lits(c.pid)[0][0]:
            return True
    return False


def _open_bracket(text: str) -> bool:
    """``text`` leaves a parenthesis or a square bracket open: a colon after it is inside a
    value or an inner error (``(exception: No module named 'x')``), not after a context."""
    return text.count("(") > text.count(")") or text.count("[") > text.count("]")


def _tail_similarity(idx: Index, tf: TextFit, sims: dict[int, float]) -> None:
    """Raise ``sims`` (pattern -> word similarity with the whole message) to each pattern's
    similarity with a ``context_tails`` tail of the message, weighed like a lead sentence.
    A tail counts only when it reads like a rewording on its own (its weighed similarity
    reaches ``APPROX_MIN``): a weaker one would only reorder templates sharing a word or two
    with a value. None when a template's first literal opens the message
    (``_opened_by_a_template``)."""
    if _opened_by_a_template(idx, tf):
        return
    tails = [message_words(t) for t in context_tails(tf.message)]
    if not tails:
        return
    for pid, sim in sims.items():
        tpl = idx.words(pid)
        best = LEAD_WEIGHT * max(value_free_f1(twords, turl, tpl) for twords, turl in tails)
        if 0.9 * best >= APPROX_MIN:
            sims[pid] = max(sim, best)


def message_words(message: str) -> tuple[set[str], set[str]]:
    """The message's words outside its URLs, printed blocks and quoted values, and the words
    only those hold. A URL is a value a placeholder fills (``{url}``, ``{request.method}
    {request_url}``): its host and path split into many words that no wording of the message
    shares, and counted as words they sink the similarity of a reworded message with a long URL
    below the floor. So is a mapping or list printed over several lines (``Context: {`` a JSON
    dump ``}``): the value of ``{context}``, its keys and values no wording holds. So are the
    quoted values of one line (``_without_quoted``: a path, a set of forty quoted names), when
    they hold as many words as the rest of the message: then they, not its wording, make most
    of its words; a quoted name or two among the words stays (in a message mostly wording, the
    names it quotes tell near-alike templates apart). ``value_free_f1`` gives back those the
    template holds itself (a quoted option name the template spells)."""
    rest = _without_printed_blocks(message)
    unquoted = _without_quoted(rest)
    if unquoted is not rest:
        kept = words(unquoted)
        if len(words(rest) - kept) >= len(kept):
            rest = unquoted
    if "://" not in rest:
        if rest is message:
            return words(message), set()
    else:
        rest = " ".join(tok for tok in rest.split() if "://" not in tok)
    core = words(rest)
    if not core:  # the message is all value: its words are all there is to compare
        return words(message), set()
    return core, words(message) - core


_MAX_BLOCK_LINES = 400  # lines scanned for printed blocks: a message's head holds its wording
_QUOTES = "'\""


def _without_quoted(message: str) -> str:
    """The message without the quoted values it prints (each replaced by a space): a quote that
    opens (no letter or digit before it, so not a contraction's ``can't``) up to the first same
    quote on its line that closes (no letter or digit after it), with no space between them (a
    name, a path, an id; a quoted sentence is wording, another message's). An unclosed quote
    stays. The message itself (the same object) when nothing is cut. Linear: each quote is
    looked at once, a close searched for from it on its own line only, and each line's end
    found once (searched for from every quote, a line of 5k quoted values was read 5k times
    over: sec53)."""
    if "'" not in message and '"' not in message:
        return message
    out: list[str] = []
    n, i, kept, eol = len(message), 0, 0, -1
    while i < n:
        q = message[i]
        if q not in _QUOTES or (i and message[i - 1].isalnum()):
            i += 1
            continue
        if eol < i:  # (the end of the line the quote is on)
            eol = message.find("\n", i)
            eol = n if eol < 0 else eol
        j = message.find(q, i + 1, eol)
        while j >= 0 and j + 1 < n and message[j + 1].isalnum():
            j = message.find(q, j + 1, eol)
        if j < 0:
            i = eol  # an unclosed quote: the rest of its line is as printed
            continue
        if any(ch.isspace() for ch in message[i + 1 : j]):
            i = j + 1  # a quoted sentence: kept, and searched past (its quotes pair up)
            continue
        out.append(message[kept:i])
        out.append(" ")
        i = kept = j + 1
    if not out:
        return message
    out.append(message[kept:])
    return "".join(out)


def _without_printed_blocks(message: str) -> str:
    """The message without the blocks it prints over several lines: from a line ending in an
    opening ``{`` or ``[`` (the opener kept out) down to the line closing it. The message
    itself (the same object) when it prints none."""
    if "\n" not in message or not ("{\n" in message or "[\n" in message):
        return message
    out: list[str] = []
    depth = 0
    lines = message.split("\n")
    for i, ln in enumerate(lines[:_MAX_BLOCK_LINES]):
        body = ln.rstrip()
        if depth:
            depth += body.count("{") + body.count("[") - body.count("}") - body.count("]")
            depth = max(depth, 0)
            continue
        if body.endswith(("{", "[")) and i + 1 < len(lines):
            out.append(body[:-1])
            depth = 1
            continue
        out.append(ln)
    out.extend(lines[_MAX_BLOCK_LINES:])
    return "\n".join(out)


def value_free_f1(mwords: set[str], url_words: set[str], tpl_words: set[str]) -> float:
    """``word_f1`` with the message's URL words left out, except those the template itself
    holds (a template quoting a docs URL still shares its words with the message)."""
    if not url_words:
        return word_f1(mwords, tpl_words)
    return word_f1(mwords | (url_words & tpl_words), tpl_words)


def demote_for_runtime(
    tf: TextFit,
    on_raise: dict[int, float],
    deepest: float,
    unpointed: Index | None = None,
    called: frozenset[str] = frozenset(),
) -> None:
    """A library template that explains the message no better than an interpreter message is not
    exact, unless the traceback's deepest library frame is that very function: then the paste
    itself shows the library raising it (a library re-using the interpreter's wording, like
    ``'Net' object has no attribute 'fc2'`` from ``Module.__getattr__``).

    When the paste points to no codebase at all (``unpointed``, the index, given then: no
    library frame, no module, no library class), one whose only word beyond the interpreter
    template's is a value the message quotes is not exact either: a library imitating the
    interpreter with one quoted value made literal (``{type(d).__name__!r} object has no
    attribute 'keys'`` for ``'list' object has no attribute 'keys'``) is one case of the
    interpreter's message, which fits the paste as well, and nothing says that library ran
    (issue #10 item 7: no exact answer from a codebase nothing points to). A word of its own
    in the wording (``{} is not a valid input``, ``Expected {} arguments, got {}``) is the
    library's, and stays exact. Nor is one whose only extra word is text the interpreter's fit
    leaves to a placeholder when the traceback ends in the user's frame calling neither its
    function nor its class (``called``, ``_imitated_beside_the_call``).

    When a label precedes the interpreter's message (``runtime_from``, ``_runtime_fit``), a
    library fit beginning before it explains the label's words: the library's own message around
    a caught error's text (``Could not import extension x (exception: cannot import name ...)``),
    which the interpreter's template does not explain, and it stays exact."""
    if tf.runtime_best is None:
        return
    best, rpid = tf.runtime_best
    for c in tf.cands.values():
        if on_raise.get(c.pid, 0.0) >= deepest:
            continue
        if tf.runtime_from and c.fit is not None and c.fit.start < tf.runtime_from:
            continue
        if c.confident and (
            c.coverage <= best + 0.02
            or _quoted_value_beyond(unpointed, tf, c.pid, rpid)
            or _imitated_beside_the_call(unpointed, tf, c.pid, rpid, called)
        ):
            c.confident = False
            c.reasons.append("an interpreter message explains the text as well")


def _quoted_value_beyond(idx: Index | None, tf: TextFit, pid: int, runtime_pid: int) -> bool:
    """Whether pattern ``pid``'s words are the interpreter pattern's and at most one more, which
    the message prints in quotes (``'keys'``): a value, not wording (no index: not asked)."""
    if idx is None:
        return False
    extra = idx.words(pid) - idx.words(runtime_pid)
    if len(extra) > 1:
        return False
    return all(w in _quoted_words(tf.message) for w in extra)


def _imitated_beside_the_call(
    idx: Index | None, tf: TextFit, pid: int, runtime_pid: int, called: frozenset[str]
) -> bool:
    """Whether a traceback that ends in the user's own frame (no library frame below it; that
    frame's line calls ``called``) shows the interpreter, not pattern ``pid``'s raise, making
    the message: the pattern's only word beyond the interpreter's template is text the
    interpreter's own fit leaves to a placeholder (``__init__`` in ``{}() got an unexpected
    keyword argument '{}'``: a library imitating it with the name spelt out), and the line
    calls neither a function nor a class any of its raises is in. A raise in a function the
    user called could have had its frames hidden (jax, ``__tracebackhide__``); one in another
    function would have printed its frame below the user's. The user called ``TensorBoard(
    logdir=...)``, and a vendored ``HTMLSerializer.__init__``'s imitation of the interpreter's
    keyword error is no site of it. (A message pasted alone, with no frame, says nothing of
    the call: the library's imitation stays exact there, ``_quoted_value_beyond`` aside.)"""
    if idx is None or not called:
        return False
    extra = idx.words(pid) - idx.words(runtime_pid)
    if len(extra) > 1 or not extra <= tf.runtime_values:
        return False
    for ei in _some(idx, pid):
        parts = idx.entry_func(ei).split("(", 1)[0].split(".")
        if not called.isdisjoint(parts):
            return False
    return True


def _runtime_values(cmsg: str, f: Fit) -> set[str]:
    """The words an interpreter template's fit ``f`` of the compact message places in its
    placeholders (the text between its literals as placed), lower-cased."""
    got: set[str] = set()
    for (_a, end), (start, _b) in pairwise(f.spans):
        got |= words(cmsg[end:start])
    return got


def _quoted_words(message: str) -> set[str]:
    """The words the message prints alone in quotes (``'keys'``, ``"name"``), lower-cased."""
    return {m.group(2).lower() for m in _QUOTED_WORD.finditer(message[:5000])}


_QUOTED_WORD = re.compile(r"""(['"`])(\w{1,100})\1""")


def _has_repr(names: tuple[str, ...]) -> bool:
    return any(repr_shown(n) for n in names)
