"""Ranking: score each candidate's entries by text, type and frames, and keep the best distinct errors.

An entry's score is its pattern's text score (plus 1.0 when the fit is exact), the type evidence
and the frame evidence, less a little for a helper's raise of a message its callers supply (the
call that supplies it is the answer) and a hair for a site in private code (ties go to the
public one). Which entries may be exact, beyond the text's verdict:

* a traceback ending in compiled or standard-library code needs the literal text to explain
  most of the message, unless a frame names the entry;
* an entry whose class the pasted type contradicts needs most of the message explained;
* when the paste points to codebases (its frames, the module of a dotted type, a library
  class it names), an entry in any other codebase is never exact and never ranks above one
  the paste points to;
* the deepest library frame landing on the raise makes it exact unless its literal text is
  missing from the message.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from errdex.match.candidates import Cand, TextFit
from errdex.match.frames import FrameEvidence
from errdex.match.index import (
    E_FUNC,
    E_ID,
    E_KIND,
    E_LINE,
    E_PATH,
    E_RELAY,
    E_REPO,
    E_TEMPLATE,
    E_TYPE,
    E_VERSION,
    Index,
)
from errdex.match.result import Match
from errdex.match.score import fn_last, private_site, type_relation
from errdex.match.thresholds import (
    APPROX_MIN,
    CALLER_FRAME,
    DEEPEST_FRAME,
    FILE_FRAME,
    MAX_SCORED,
    MIN_LITERAL,
    ON_RAISE,
    OUTSIDE_MIN_COVERAGE,
    PUBLIC,
    RELAY,
    TYPED_MIN,
    TYPED_TEXT,
)
from errdex.match.verify import values

Key = tuple[bool, bool, float]  # (in a codebase the paste points to, exact, score)


@dataclass(slots=True)
class Evidence:
    """What the paste says beyond its message, for one query."""

    types: list[str]
    frames: FrameEvidence
    pointed: set[str] = field(default_factory=set)  # codebases the paste points to (empty: none)
    typed: set[int] = field(default_factory=set)  # entries of a library class the paste names
    typed_pids: set[int] = field(default_factory=set)  # ... and their patterns
    outside: str | None = None  # the traceback ends in compiled/stdlib code here


@dataclass(slots=True)
class _Scored:
    key: Key
    ei: int
    cand: Cand


class Ranker:
    """Scores the entries of the candidates of one message, best-bounded patterns first: a
    pattern's entries score at most its text score plus the best type and frame evidence, so once
    ``limit`` distinct errors beat the next pattern's bound, the rest are not looked at."""

    def __init__(self, idx: Index, ev: Evidence, repo: str | None, limit: int) -> None:
        self.idx, self.ev, self.repo, self.limit = idx, ev, repo, limit
        self.relation = _memo_type_relation(ev.types)
        self._empty = False  # no message was pasted, only a class

    def rank(self, tf: TextFit) -> list[Match]:
        self._empty = not tf.cmsg
        scored: list[_Scored] = []
        top = _TopK(self.limit)
        order = sorted(tf.cands.values(), key=self._bound, reverse=True)
        for n, c in enumerate(order):
            if n >= MAX_SCORED or top.beats(self._bound(c)):
                break
            for ei in self._entries_of(c):
                s = self._score(ei, c)
                if s is not None:
                    scored.append(s)
                    top.add(self.idx.entries[ei][E_ID], s.key)
        scored.sort(key=lambda s: (s.key, -s.ei), reverse=True)
        return self._matches(scored, tf)

    def _bound(self, c: Cand) -> Key:
        fw = self.ev.frames.pids.get(c.pid, FILE_FRAME if self.ev.frames.info.deepest_path else 0.0)
        exact = c.confident or fw >= ON_RAISE
        text = max(c.text, TYPED_TEXT) if c.pid in self.ev.typed_pids else c.text
        return True, exact, 1.0 * exact + text + 0.15 + fw

    def _entries_of(self, c: Cand) -> list[int]:
        """The entries of a very common pattern that can rank: all that frames support, and the
        first ``limit`` (in the repo asked for) of each exception type/kind, since entries of one
        group score alike apart from frame evidence."""
        idx = self.idx
        groups = idx.groups.get(c.pid)
        if groups is None:
            eis = idx.patterns[c.pid].entries
        else:
            out = list(self.ev.frames.big.get(c.pid, []))
            for group in groups:
                out.extend(
                    [ei for ei in group if not self.repo or idx.entries[ei][E_REPO] == self.repo][
                        : self.limit
                    ]
                )
            eis = sorted(set(out))
        if self.repo:
            eis = [ei for ei in eis if idx.entries[ei][E_REPO] == self.repo]
        return eis

    def _score(self, ei: int, c: Cand) -> _Scored | None:
        idx, ev = self.idx, self.ev
        e = idx.entries[ei]
        fw, fwhy = ev.frames.weight(idx, ei, c.pid)
        text = c.text
        if ei in ev.typed:
            text, fw, fwhy = self._typed(e, c, text, fw, fwhy)
        floor = TYPED_MIN if ei in ev.typed else APPROX_MIN
        if not c.confident and fw < CALLER_FRAME and text < floor:
            return None
        if not c.confident and text < TYPED_MIN and fw < DEEPEST_FRAME:
            return None
        tw, twhy = self.relation(e[E_TYPE], e[E_KIND])
        reasons = list(c.reasons)
        confident = self._exact(c, e, fw, tw, reasons)
        pointed = not ev.pointed or e[E_REPO] in ev.pointed
        if not pointed:
            if confident:
                reasons.append("nothing in the paste points to this codebase")
            confident = False
        reasons += [r for r in (twhy, fwhy) if r]
        score = (1.0 if confident else 0.0) + text + tw + fw
        if e[E_RELAY]:
            score -= RELAY
            reasons.append("a helper raising the message its caller supplies")
        score += PUBLIC / (1 + private_site(e[E_PATH], e[E_FUNC]))
        return _Scored(
            (pointed, confident, score), ei, Cand(c.pid, c.fit, c.coverage, c.text, confident, reasons)
        )

    def _typed(
        self, e: tuple[Any, ...], c: Cand, text: float, fw: float, why: str
    ) -> tuple[float, float, str]:
        """A raise of the pasted class: with its text unknown (``raise E(message)``) or no message
        pasted, the class is all there is to go by and nothing contradicts it; in the function of
        the traceback's last frame (whose file the catalogue does not have: it moved), it is
        where the class was raised."""
        if self._empty or self.idx.patterns[c.pid].lit_len < MIN_LITERAL:
            text = max(text, TYPED_TEXT)
        frames = self.ev.frames.info.frames
        last = frames[-1][2] if frames else None
        if fw < DEEPEST_FRAME and last and fn_last(e[E_FUNC]) == last:
            fw, why = DEEPEST_FRAME, f"the pasted class is raised here, in {last}, the traceback's last frame"
        return text, fw, why

    def _exact(self, c: Cand, e: tuple[Any, ...], fw: float, tw: float, reasons: list[str]) -> bool:
        """Whether the entry may be exact, beyond what its text fit says (see the module doc)."""
        if fw >= ON_RAISE and tw > -0.15:
            # frames first: the text only questions it when the template's own text is missing
            lit_len = self.idx.patterns[c.pid].lit_len
            if c.confident or (c.fit is not None and c.fit.full) or lit_len < MIN_LITERAL:
                return True
            reasons.append("the message does not read like this raise's text")
            return False
        if not c.confident:
            return False
        if self.ev.outside and fw < CALLER_FRAME and c.coverage < OUTSIDE_MIN_COVERAGE:
            reasons.append(f"traceback ends outside the library ({self.ev.outside})")
            return False
        if tw <= -0.15 and c.coverage < 0.8:
            reasons.append("exception type differs")
            return False
        return True

    def _matches(self, scored: list[_Scored], tf: TextFit) -> list[Match]:
        """One match per distinct error (the best-supported snapshot), with placeholder values."""
        idx = self.idx
        out: list[Match] = []
        seen: set[str] = set()
        for s in scored:
            e = idx.entries[s.ei]
            if e[E_ID] in seen:
                continue
            seen.add(e[E_ID])
            c, confident = s.cand, s.key[1]
            vals: dict[str, str] = {}
            if c.fit is not None and (confident or c.fit.full):
                vals = values(list(idx.patterns[c.pid].names), c.fit, tf.message, tf.cmap)
            out.append(
                Match(
                    id=e[E_ID], repo=e[E_REPO], version=e[E_VERSION], kind=e[E_KIND], exc_type=e[E_TYPE],
                    template=e[E_TEMPLATE], path=e[E_PATH], line=e[E_LINE], function=e[E_FUNC],
                    score=round(s.key[2], 4), approximate=not confident, values=vals, reasons=c.reasons,
                )
            )  # fmt: skip
            if len(out) >= self.limit:
                break
        return out


class _TopK:
    """The ``k`` best keys of distinct errors seen so far, to stop scoring once nothing can enter."""

    def __init__(self, k: int) -> None:
        self.k = k
        self.heap: list[tuple[Key, str]] = []  # min-heap of the current top k
        self.best: dict[str, Key] = {}  # ids in the heap -> their key

    def add(self, eid: str, key: Key) -> None:
        old = self.best.get(eid)
        if old is not None:
            if key > old:  # an error already in the top k improved: update it in place
                self.best[eid] = key
                self.heap = [(v, i) for i, v in self.best.items()]
                heapq.heapify(self.heap)
            return
        if len(self.heap) < self.k:
            heapq.heappush(self.heap, (key, eid))
            self.best[eid] = key
        elif key > self.heap[0][0]:
            _, out = heapq.heapreplace(self.heap, (key, eid))
            del self.best[out]
            self.best[eid] = key

    def beats(self, bound: Key) -> bool:
        """True when ``k`` errors already score above ``bound``."""
        return len(self.heap) >= self.k and self.heap[0][0] > bound


def _memo_type_relation(types: list[str]) -> Callable[[str, str], tuple[float, str | None]]:
    """``type_relation`` for one query, memoised: candidates share a handful of exception types."""
    memo: dict[tuple[str, str], tuple[float, str | None]] = {}

    def relation(exc_type: str, kind: str) -> tuple[float, str | None]:
        r = memo.get((exc_type, kind))
        if r is None:
            r = memo[(exc_type, kind)] = type_relation(types, exc_type, kind)
        return r

    return relation
