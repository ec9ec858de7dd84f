"""The prebuilt match index: templates, their key fragments in an Aho-Corasick automaton, paths.

Why this shape: a cold ``errdex explain`` must answer in well under a second against tens of
thousands of templates, so nothing may be rebuilt per query and little may be imported. The index
is built once per catalogue generation (``rebuild_index``) and pickled into one store artifact.

* Entries that share the same compact literals (the same error in several snapshots, or several
  raise sites of one message variable) are grouped into one *pattern*, verified once per query.
* Each pattern contributes at most ``KEYS_PER_PATTERN`` *keys*: chunks of ``CHUNK`` characters cut
  from its compact literals (whitespace removed, so re-wrapping does not matter, and substrings, so
  a placeholder glued to a literal — ``k{x}`` rendered ``kx=17`` — cannot hide it), the *rarest*
  ones by document frequency over the catalogue. Any full match contains all of its pattern's
  keys, and the pattern is listed only under its rarest key (its *anchor*): exact candidates are
  the patterns of the anchors that occurred whose other keys occurred too, so the per-query work
  is a few short postings however many templates share a popular fragment.
* A message cut short only contains the beginning of its template. A confident truncated fit
  places at least ``TRUNC_MIN_LITERAL`` literal characters from the message start, so those
  characters are a *head*: looked up by the message's own prefixes when the template starts with
  a literal (anchored), or as an automaton key when it starts with a placeholder (floating).
* Patterns sharing keys with the message (rarest keys first, volume-capped) are the candidates
  for approximate matching of reworded messages.
* Patterns with no chunk of ``MIN_KEY`` characters (all placeholder, or tiny literals) cannot be
  found this way; they are kept in a short side list that is only ever reported as approximate.
* Paths: a map from catalogue path to entries, so traceback frames can be looked up by suffix, and
  (path, function) / (path, line) maps, so a frame names its entries without walking the file's.
"""

from __future__ import annotations

import heapq
import pickle
import re
from array import array
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar, overload

from errdex.match.verify import compact
from errdex.model import CatalogueEntry

_SENTENCE_END = re.compile(r"[.;!?]\s")

FORMAT = 7
CHUNK = 12
MIN_KEY = 4
KEYS_PER_PATTERN = 4
MAX_WEAK = 5000  # patterns without keys kept for last-resort approximate answers
BIG_PATTERN = 256  # entries beyond which a pattern's entries are grouped by type for scoring
TRUNC_MIN_LITERAL = 25  # literal characters a cut-short message must match (kept equal in __init__)

T = TypeVar("T")

# entry tuple fields (a tuple pickles and loads much faster than a dataclass)
E_KEY, E_ID, E_REPO, E_VERSION, E_DATE, E_KIND, E_TYPE, E_QUAL, E_TEMPLATE, E_PATH, E_LINE, E_FUNC, E_PAT = (
    range(13)
)


def debug_specifiers_as_text(segs: list[str]) -> list[str]:
    """An f-string ``{x=}`` prints ``x=`` before the value: that text is literal, not a value.

    Moving it into the preceding literal lets it be matched (more evidence) and leaves the
    placeholder's value as what the user needs: ``scratch_type=`` -> ``BlockType(...)``.
    """
    if not any(name.endswith("=") for name in segs[1::2]):
        return segs
    out = list(segs)
    for i in range(1, len(out), 2):
        if out[i].endswith("="):
            out[i - 1] += out[i]
    return out


@dataclass(slots=True)
class Pattern:
    """Compact literals of one template shape, its placeholder names and the entries that use it."""

    lits: tuple[str, ...]
    names: tuple[str, ...]
    lit_len: int  # compact literal characters: how much text the template can vouch for
    text: str  # literal text with single spaces, for similarity scoring
    entries: list[int]


class LazyList(Sequence[T]):
    """A list whose items stay pickled until first used.

    A query touches a few dozen of the tens of thousands of entries and patterns, so unpickling
    them all on every cold start (a third of the load time at 12k templates) is wasted work; a list
    of ``bytes`` objects unpickles almost for free.
    """

    def __init__(self, blobs: list[bytes], decode: Callable[[bytes], T]) -> None:
        self._blobs = blobs
        self._decode = decode
        self._cache: dict[int, T] = {}

    def __len__(self) -> int:
        return len(self._blobs)

    @overload
    def __getitem__(self, i: int) -> T: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[T]: ...
    def __getitem__(self, i: int | slice) -> T | Sequence[T]:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        item = self._cache.get(i)
        if item is None:
            item = self._cache[i] = self._decode(self._blobs[i])
        return item


def _pattern(blob: bytes) -> Pattern:
    return Pattern(*pickle.loads(blob))


class Index:
    """Everything the matcher needs, loadable from one pickle."""

    def __init__(self) -> None:
        self.entries: Sequence[tuple[Any, ...]] = []
        self.patterns: Sequence[Pattern] = []
        self.automaton: Any = None
        self.key_weight: array[float] = array("f")
        self.key_len: array[int] = array("H")
        # per key: the patterns that have it as a key (similarity ranking) ...
        self.post_offsets: array[int] = array("q", [0])
        self.postings: array[int] = array("i")
        # ... the patterns whose rarest key it is (exact candidates) ...
        self.anchor_offsets: array[int] = array("q", [0])
        self.anchors: array[int] = array("i")
        # ... and the patterns whose floating head it is (cut-short candidates, see ``_heads``)
        self.float_offsets: array[int] = array("q", [0])
        self.floats: array[int] = array("i")
        self.pat_key_offsets: array[int] = array("q", [0])  # keys of pattern p: pat_keys[off[p]:off[p+1]]
        self.pat_keys: array[int] = array("i")
        self.heads: dict[str, list[int]] = {}  # start of the first literal -> patterns (anchored heads)
        self.head_lens: list[int] = []  # distinct lengths of those starts, to probe the message with
        self.runtime: bytearray = bytearray()  # 1 for patterns from the interpreter-message catalogue
        self.weak: list[int] = []
        self.paths: dict[str, list[int]] = {}
        self.sites: dict[tuple[str, str | int], list[int]] = {}  # (path, function | line) -> entries
        # entries of very common patterns (``raise X(msg)`` everywhere) by exception type and kind,
        # so scoring can take the best few of each group instead of walking them all
        self.groups: dict[int, list[list[int]]] = {}
        self.entry_pat: array[int] = array("i")  # entry -> pattern, without unpickling the entry
        self.generation: str = ""
        self.extra: dict[str, Any] = {}
        self._words: dict[int, set[str]] = {}
        self._lead: dict[int, set[str] | None] = {}

    # --- building --------------------------------------------------------------------------------

    @classmethod
    def build(cls, entries: Iterable[CatalogueEntry], generation: str = "") -> Index:
        """Group entries into patterns, choose keys, build the automaton, heads and site maps."""
        import ahocorasick

        from errdex.match.runtime import is_runtime
        from errdex.match.score import fn_last

        self = cls()
        self.generation = generation
        by_shape: dict[tuple[tuple[str, ...], tuple[str, ...]], int] = {}
        entries_out: list[tuple[Any, ...]] = []
        patterns: list[Pattern] = []
        self.entries, self.patterns = entries_out, patterns
        for e in entries:
            segs = debug_specifiers_as_text(e.segments if e.segments else [e.template])
            lits = tuple(compact(s) for s in segs[0::2])
            names = tuple(segs[1::2])
            shape = (lits, names)
            pid = by_shape.get(shape)
            if pid is None:
                pid = len(patterns)
                by_shape[shape] = pid
                text = " ".join(" ".join(s.split()) for s in segs[0::2] if s.strip())
                patterns.append(Pattern(lits, names, sum(map(len, lits)), text, []))
                self.runtime.append(1 if is_runtime(e.repo) else 0)
            idx = len(entries_out)
            patterns[pid].entries.append(idx)
            self.entry_pat.append(pid)
            entries_out.append(
                (e.key, e.error_id, e.repo, e.version, e.snapshot_date, e.kind, e.exc_type, e.exc_qualname,
                 e.template, e.path, e.line, e.function, pid)
            )  # fmt: skip
            path = e.path.replace("\\", "/")
            self.paths.setdefault(path, []).append(idx)
            fn = fn_last(e.function)
            if fn:
                self.sites.setdefault((path, fn), []).append(idx)
            self.sites.setdefault((path, e.line), []).append(idx)
        for pid, pat in enumerate(patterns):
            if len(pat.entries) > BIG_PATTERN:
                by_type: dict[tuple[str, str], list[int]] = {}
                for ei in pat.entries:
                    by_type.setdefault((entries_out[ei][E_TYPE], entries_out[ei][E_KIND]), []).append(ei)
                self.groups[pid] = list(by_type.values())
        chunks_of = [_chunks(p.lits) for p in patterns]
        df: Counter[str] = Counter()
        for ch in chunks_of:
            df.update(set(ch))
        # keys: the rarest chunks of each pattern (any full fit contains all of them, so popular
        # fragments shared by thousands of templates never need to be looked at); the rarest one
        # is the pattern's anchor, the only posting it is listed in for exact candidates
        key_ids: dict[str, int] = {}
        postings: list[list[int]] = []
        anchors: list[list[int]] = []
        floats: list[list[int]] = []

        def kid_of(key: str) -> int:
            kid = key_ids.get(key)
            if kid is None:
                kid = key_ids[key] = len(postings)
                postings.append([])
                anchors.append([])
                floats.append([])
            return kid

        for pid, ch in enumerate(chunks_of):
            if ch:
                keys = sorted(set(ch), key=lambda c: (df[c], -len(c), c))[:KEYS_PER_PATTERN]
                lead = patterns[pid].lits[0][:CHUNK]
                if len(lead) == CHUNK and lead not in keys:
                    # the opening words too, however common: a reworded message (an older release)
                    # most often keeps how it begins, and similarity only sees patterns sharing keys
                    keys.append(lead)
                kids = [kid_of(k) for k in keys]
                for kid in kids:
                    postings[kid].append(pid)
                anchors[kids[0]].append(pid)
                self.pat_keys.extend(kids)
            elif len(self.weak) < MAX_WEAK:
                self.weak.append(pid)
            self.pat_key_offsets.append(len(self.pat_keys))
            head = None if self.runtime[pid] else _head(patterns[pid].lits)
            if head is None:  # interpreter templates only ever count as whole-message fits
                continue
            anchored, text = head
            if anchored:
                self.heads.setdefault(text, []).append(pid)
            else:
                floats[kid_of(text)].append(pid)
        self.head_lens = sorted({len(h) for h in self.heads})
        automaton = ahocorasick.Automaton(ahocorasick.STORE_INTS)
        for key, kid in key_ids.items():
            automaton.add_word(key, kid)
            self.key_len.append(min(len(key), 65535))
            # rarer and longer keys say more
            self.key_weight.append(len(key) / (1.0 + len(postings[kid])) ** 0.5)
        for lists, offs, flat in (
            (postings, self.post_offsets, self.postings),
            (anchors, self.anchor_offsets, self.anchors),
            (floats, self.float_offsets, self.floats),
        ):
            for pids in lists:
                flat.extend(pids)
                offs.append(len(flat))
        if key_ids:
            automaton.make_automaton()
        self.automaton = automaton if key_ids else None
        return self

    _STATE = (
        "automaton", "key_weight", "key_len", "post_offsets", "postings", "anchor_offsets", "anchors",
        "float_offsets", "floats", "pat_key_offsets", "pat_keys", "heads", "head_lens", "runtime", "weak",
        "paths", "sites", "groups", "entry_pat", "generation", "extra",
    )  # fmt: skip

    def dumps(self) -> bytes:
        state: dict[str, Any] = {name: getattr(self, name) for name in self._STATE}
        state["format"] = FORMAT
        state["entries"] = [pickle.dumps(e, protocol=pickle.HIGHEST_PROTOCOL) for e in self.entries]
        state["patterns"] = [
            pickle.dumps((p.lits, p.names, p.lit_len, p.text, p.entries), protocol=pickle.HIGHEST_PROTOCOL)
            for p in self.patterns
        ]
        return pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL)

    @classmethod
    def loads(cls, data: bytes) -> Index:
        state = pickle.loads(data)
        if not isinstance(state, dict) or state.get("format") != FORMAT:
            raise ValueError("match index artifact has an old format")
        self = cls()
        self.entries = LazyList(state["entries"], pickle.loads)
        self.patterns = LazyList(state["patterns"], _pattern)
        for name in self._STATE:
            setattr(self, name, state[name])
        return self

    # --- querying --------------------------------------------------------------------------------

    def hits(self, cmsg: str) -> set[int]:
        """Keys that occur in compact message ``cmsg`` (one pass of the automaton)."""
        if self.automaton is None or not cmsg:
            return set()
        return {kid for _end, kid in self.automaton.iter(cmsg)}

    def exact_candidates(self, seen: set[int]) -> list[int]:
        """Patterns whose keys all occurred: the only ones that can fit in full.

        Each pattern is listed under its rarest key only, so the work is the length of a few short
        anchor postings, not of the posting lists of every common fragment in the message.
        """
        out: list[int] = []
        aoffs, anchors, koffs, pkeys = self.anchor_offsets, self.anchors, self.pat_key_offsets, self.pat_keys
        for kid in seen:
            a, b = aoffs[kid], aoffs[kid + 1]
            if a == b:
                continue
            for pid in anchors[a:b]:
                ka, kb = koffs[pid], koffs[pid + 1]
                if kb - ka == 1 or all(k in seen for k in pkeys[ka:kb]):
                    out.append(pid)
        return out

    def head_candidates(self, cmsg: str, seen: set[int]) -> list[int]:
        """Patterns that can fit a cut-short ``cmsg`` confidently (see ``_head``).

        Anchored heads are found by probing the message's own prefixes in a dict (a handful of
        lookups, whatever the catalogue size); floating heads through their automaton key.
        """
        out: list[int] = []
        heads = self.heads
        for n in self.head_lens:
            if n > len(cmsg):
                break
            hit = heads.get(cmsg[:n])
            if hit:
                out.extend(hit)
        foffs, floats = self.float_offsets, self.floats
        for kid in seen:
            a, b = foffs[kid], foffs[kid + 1]
            if a != b:
                out.extend(floats[a:b])
        return out

    def weight(self, pid: int, seen: set[int]) -> float:
        """Sum of the weights of the pattern's keys that occurred: a cheap relevance bound."""
        kw, pkeys = self.key_weight, self.pat_keys
        return sum(
            kw[k] for k in pkeys[self.pat_key_offsets[pid] : self.pat_key_offsets[pid + 1]] if k in seen
        )

    def similar(self, seen: set[int], limit: int, budget: int = 12000) -> list[int]:
        """The ``limit`` patterns sharing the most key weight with the message (for reworded ones).

        Keys are taken rarest first and the posting volume is capped: rare keys carry almost all
        of the weight, and the cap bounds the per-query Python work on a message full of common
        fragments.
        """
        weights: dict[int, float] = {}
        offs, posts, kw = self.post_offsets, self.postings, self.key_weight
        for kid in sorted(seen, key=kw.__getitem__, reverse=True):
            a, b = offs[kid], offs[kid + 1]
            if b - a > budget:
                continue
            budget -= b - a
            w = kw[kid]
            get = weights.get
            for pid in posts[a:b]:
                weights[pid] = get(pid, 0.0) + w
        return heapq.nlargest(limit, weights, key=weights.__getitem__)

    def words(self, pid: int) -> set[str]:
        """The pattern's literal words, computed once: similarity scoring reuses them across queries."""
        w = self._words.get(pid)
        if w is None:
            from errdex.match.score import words

            w = self._words[pid] = words(self.patterns[pid].text)
        return w

    def lead_words(self, pid: int) -> set[str] | None:
        """The words of the template's first sentence when it has more: an older or newer release
        often words that sentence differently or has only it (the rest was added or dropped)."""
        if pid in self._lead:
            return self._lead[pid]
        from errdex.match.score import words

        text = self.patterns[pid].text
        m = _SENTENCE_END.search(text)
        w = words(text[: m.start() + 1]) if m else None
        if w is not None and (len(w) < 3 or w == self.words(pid)):
            w = None
        self._lead[pid] = w
        return w

    def resolve_path(self, path: str) -> str | None:
        """The catalogue path that is a suffix of the (normalised) frame path, if any."""
        p = path.replace("\\", "/")
        if p in self.paths:
            return p
        i = p.find("/")
        while i >= 0:
            if p[i + 1 :] in self.paths:
                return p[i + 1 :]
            i = p.find("/", i + 1)
        return None

    def entries_at(self, path: str) -> list[int]:
        """Entries whose catalogue path is a suffix of the (normalised) frame path."""
        p = self.resolve_path(path)
        return self.paths[p] if p is not None else []


def _head(lits: tuple[str, ...]) -> tuple[bool, str] | None:
    """What a cut-short message must contain to fit this template confidently.

    A confident truncated fit starts at the message start and places at least
    ``TRUNC_MIN_LITERAL`` literal characters in order, so the first that many characters of the
    literal text are in the message. When the first literal is long enough to key on, its start
    (up to that length) must be the *start* of the message: an *anchored* head, found by looking
    the message's own prefixes up in a dict. Otherwise (the template starts with a placeholder or
    a tiny literal) the start of the first keyable literal must occur somewhere: a *floating*
    head, found through the automaton. Either way the head is longer and rarer than a plain
    chunk, and shorter messages cannot fit confidently anyway.
    """
    if len(lits[0]) >= MIN_KEY:
        return True, lits[0][:TRUNC_MIN_LITERAL]
    pre = 0
    for lit in lits:
        if len(lit) >= MIN_KEY:
            n = TRUNC_MIN_LITERAL - pre
            return (False, lit[:n]) if n >= MIN_KEY else (False, lit[:CHUNK])
        pre += len(lit)
    return None


def _chunks(lits: tuple[str, ...]) -> list[str]:
    """Key candidates: aligned CHUNK-sized pieces of each literal plus each literal's tail piece."""
    out: list[str] = []
    for lit in lits:
        n = len(lit)
        if n < MIN_KEY:
            continue
        if n <= CHUNK:
            out.append(lit)
            continue
        for i in range(0, n - CHUNK + 1, CHUNK):
            out.append(lit[i : i + CHUNK])
        if n % CHUNK:
            out.append(lit[n - CHUNK :])
    return out
