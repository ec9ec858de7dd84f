"""The prebuilt match index: templates, their key fragments in an Aho-Corasick automaton, paths.

Why this shape: a cold ``errdex explain`` must answer in well under a second against tens of
thousands of templates, so nothing may be rebuilt per query and little may be imported. The index
is built once per catalogue generation (``rebuild_index``) and pickled into one store artifact.

* Entries that share the same compact literals (the same error in several snapshots, or several
  raise sites of one message variable) are grouped into one *pattern*, verified once per query.
* Each pattern contributes at most ``KEYS_PER_PATTERN`` *keys*: chunks of ``CHUNK`` characters cut
  from its compact literals (whitespace removed, so re-wrapping does not matter, and substrings, so
  a placeholder glued to a literal — ``k{x}`` rendered ``kx=17`` — cannot hide it). The first
  chunk of the template always is a key (truncated messages keep their beginning); the others are
  the rarest chunks across the catalogue, so posting lists stay short. Any full match contains all
  of its pattern's keys, so one pass of the automaton over the message finds every pattern that can
  match exactly; patterns that share some keys are the candidates for approximate matching.
* Patterns with no chunk of ``MIN_KEY`` characters (all placeholder, or tiny literals) cannot be
  found this way; they are kept in a short side list that is only ever reported as approximate.
* Paths: a map from catalogue path to entries, so traceback frames can be looked up by suffix.
"""

from __future__ import annotations

import pickle
from array import array
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar, overload

from errdex.match.verify import compact
from errdex.model import CatalogueEntry

FORMAT = 4
CHUNK = 12
MIN_KEY = 4
KEYS_PER_PATTERN = 4
MAX_WEAK = 5000  # patterns without keys kept for last-resort approximate answers

T = TypeVar("T")

# entry tuple fields (a tuple pickles and loads much faster than a dataclass)
E_KEY, E_ID, E_REPO, E_VERSION, E_DATE, E_KIND, E_TYPE, E_QUAL, E_TEMPLATE, E_PATH, E_LINE, E_FUNC, E_PAT = (
    range(13)
)


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
        self.post_offsets: array[int] = array("q", [0])
        self.postings: array[int] = array("i")
        self.head_keys: dict[int, int] = {}  # pattern -> key id of its first chunk
        self.nkeys: array[int] = array("B")  # keys per pattern: a full match hits all of them
        self.weak: list[int] = []
        self.paths: dict[str, list[int]] = {}
        self.generation: str = ""
        self.extra: dict[str, Any] = {}

    # --- building --------------------------------------------------------------------------------

    @classmethod
    def build(cls, entries: Iterable[CatalogueEntry], generation: str = "") -> Index:
        """Group entries into patterns, choose keys, build the automaton and path map."""
        import ahocorasick

        self = cls()
        self.generation = generation
        by_shape: dict[tuple[tuple[str, ...], tuple[str, ...]], int] = {}
        entries_out: list[tuple[Any, ...]] = []
        patterns: list[Pattern] = []
        self.entries, self.patterns = entries_out, patterns
        for e in entries:
            segs = e.segments if e.segments else [e.template]
            lits = tuple(compact(s) for s in segs[0::2])
            names = tuple(segs[1::2])
            shape = (lits, names)
            pid = by_shape.get(shape)
            if pid is None:
                pid = len(patterns)
                by_shape[shape] = pid
                text = " ".join(" ".join(s.split()) for s in segs[0::2] if s.strip())
                patterns.append(Pattern(lits, names, sum(map(len, lits)), text, []))
            idx = len(entries_out)
            patterns[pid].entries.append(idx)
            entries_out.append(
                (e.key, e.error_id, e.repo, e.version, e.snapshot_date, e.kind, e.exc_type, e.exc_qualname,
                 e.template, e.path, e.line, e.function, pid)
            )  # fmt: skip
            self.paths.setdefault(e.path.replace("\\", "/"), []).append(idx)
        chunks_of = [_chunks(p.lits) for p in self.patterns]
        df: Counter[str] = Counter()
        for ch in chunks_of:
            df.update(set(ch))
        chosen: dict[str, list[int]] = {}
        for pid, ch in enumerate(chunks_of):
            if not ch:
                if len(self.weak) < MAX_WEAK:
                    self.weak.append(pid)
                continue
            keys = [ch[0]]
            rest = sorted(set(ch[1:]) - {ch[0]}, key=lambda c: (df[c], -len(c)))
            keys.extend(rest[: KEYS_PER_PATTERN - 1])
            for k in keys:
                chosen.setdefault(k, []).append(pid)
        automaton = ahocorasick.Automaton(ahocorasick.STORE_INTS)
        key_ids: dict[str, int] = {}
        for kid, (key, pids) in enumerate(chosen.items()):
            automaton.add_word(key, kid)
            key_ids[key] = kid
            self.postings.extend(pids)
            self.post_offsets.append(len(self.postings))
            # rarer and longer keys say more
            self.key_weight.append(len(key) / (1.0 + len(pids)) ** 0.5)
        nkeys = [0] * len(patterns)
        for pids in chosen.values():
            for pid in pids:
                nkeys[pid] += 1
        self.nkeys = array("B", nkeys)
        for pid, ch in enumerate(chunks_of):
            if ch:
                self.head_keys[pid] = key_ids[ch[0]]
        if chosen:
            automaton.make_automaton()
        self.automaton = automaton if chosen else None
        return self

    def dumps(self) -> bytes:
        state = {
            "format": FORMAT,
            "entries": [pickle.dumps(e, protocol=pickle.HIGHEST_PROTOCOL) for e in self.entries],
            "patterns": [
                pickle.dumps(
                    (p.lits, p.names, p.lit_len, p.text, p.entries), protocol=pickle.HIGHEST_PROTOCOL
                )
                for p in self.patterns
            ],
            "automaton": self.automaton,
            "key_weight": self.key_weight,
            "post_offsets": self.post_offsets,
            "postings": self.postings,
            "head_keys": self.head_keys,
            "nkeys": self.nkeys,
            "weak": self.weak,
            "paths": self.paths,
            "generation": self.generation,
            "extra": self.extra,
        }
        return pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL)

    @classmethod
    def loads(cls, data: bytes) -> Index:
        state = pickle.loads(data)
        if not isinstance(state, dict) or state.get("format") != FORMAT:
            raise ValueError("match index artifact has an old format")
        self = cls()
        self.entries = LazyList(state["entries"], pickle.loads)
        self.patterns = LazyList(state["patterns"], _pattern)
        self.automaton = state["automaton"]
        self.key_weight = state["key_weight"]
        self.post_offsets = state["post_offsets"]
        self.postings = state["postings"]
        self.head_keys = state["head_keys"]
        self.nkeys = state["nkeys"]
        self.weak = state["weak"]
        self.paths = state["paths"]
        self.generation = state["generation"]
        self.extra = state["extra"]
        return self

    # --- querying --------------------------------------------------------------------------------

    def candidates(self, cmsg: str, max_posting: int = 20000) -> tuple[dict[int, float], set[int], set[int]]:
        """Patterns whose keys occur in compact message ``cmsg``: weight per pattern, the patterns
        whose first chunk occurred (they can match from the start, maybe truncated) and those whose
        keys all occurred (the only ones that can match in full)."""
        weights: dict[int, float] = {}
        hits: dict[int, int] = {}
        seen_keys: set[int] = set()
        if self.automaton is None or not cmsg:
            return weights, set(), set()
        offs, posts, kw = self.post_offsets, self.postings, self.key_weight
        for _end, kid in self.automaton.iter(cmsg):
            if kid in seen_keys:
                continue
            seen_keys.add(kid)
            a, b = offs[kid], offs[kid + 1]
            if b - a > max_posting:
                continue
            w = kw[kid]
            for pid in posts[a:b]:
                weights[pid] = weights.get(pid, 0.0) + w
                hits[pid] = hits.get(pid, 0) + 1
        heads = {pid for pid in weights if self.head_keys.get(pid) in seen_keys}
        nk = self.nkeys
        complete = {pid for pid, h in hits.items() if h >= nk[pid]}
        return weights, heads, complete

    def entries_at(self, path: str) -> list[int]:
        """Entries whose catalogue path is a suffix of the (normalised) frame path."""
        p = path.replace("\\", "/")
        hit = self.paths.get(p)
        if hit is not None:
            return hit
        i = p.find("/")
        while i >= 0:
            hit = self.paths.get(p[i + 1 :])
            if hit is not None:
                return hit
            i = p.find("/", i + 1)
        return []


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
