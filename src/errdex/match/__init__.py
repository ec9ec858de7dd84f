"""The match stage: name the raise site of a pasted error message or traceback.

Pipeline per query: ``parse`` (type, message, frames) -> one pass over the compact message for the
index's key fragments (``index``) -> literal-in-order verification of the candidate templates
(``verify``) -> evidence from type and frames, word similarity for reworded messages (``score``)
-> ranking and a one-line verdict. The index is built once per catalogue generation and stored
as an artifact of flat arrays, so a cold ``errdex explain`` only maps it and decodes what the
query touches (imports here are kept light for the same reason). A stored artifact that is
corrupt is rebuilt from the catalogue's rows; it is data, never code.

When is a match *exact* (``approximate=False``)? When every literal of the template occurs in order
(or, for a message cut short, the template's beginning does: at least ``TRUNC_MIN_LITERAL`` literal
characters and most of the message), the literal text explains enough of the message
(``MIN_COVERAGE`` of its non-space characters and at least ``MIN_LITERAL`` characters), no interpreter
message explains it as well, and — when the traceback ends in compiled or stdlib code — the literal
text explains most of it. Everything else is reported as approximate, or not at all.
"""

from __future__ import annotations

import heapq
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from errdex.match.index import (
    E_FUNC,
    E_ID,
    E_KIND,
    E_LINE,
    E_PATH,
    E_REPO,
    E_TEMPLATE,
    E_TYPE,
    E_VERSION,
    TRUNC_MIN_LITERAL,  # a truncated message must still match this much literal text ...
    CorruptIndex,
    Index,
    IndexFormatError,
)  # fmt: skip
from errdex.match.parse import Frame, ParsedQuery
from errdex.match.parse import parse as parse_query
from errdex.match.score import FrameInfo, fn_last, norm_path, outside_library, type_relation, word_f1, words
from errdex.match.verify import Fit, compact, compact_map, fit, values

if TYPE_CHECKING:
    from rich.console import Console

    from errdex.model import CatalogueEntry

__all__ = [
    "VERDICTS",
    "Match",
    "Matcher",
    "ParsedQuery",
    "Result",
    "explain",
    "parse_query",
    "rebuild_index",
    "render_human",
]

ARTIFACT = "match-index"
VERDICTS = ("exact", "approximate", "builtin", "none")  # ``Result.outcome``
MIN_LITERAL = 12  # literal characters a template needs before it may be an exact match
MIN_COVERAGE = 0.4  # share of the message's characters the literal text must explain
ANCHORED_MIN_LITERAL = 16  # ... unless the fit is anchored at both ends with this much literal text
ANCHORED_MIN_COVERAGE = 0.25  # ... and explains at least this share
TRUNC_MIN_COVERAGE = 0.6  # ... explaining this share of the message
OUTSIDE_MIN_COVERAGE = 0.75  # when the traceback ends in compiled/stdlib code
RUNTIME_MIN_COVERAGE = 0.2  # an interpreter template explaining this much of a whole message names it
LEAD_WEIGHT = 0.9  # similarity to a template's first sentence alone counts for this much
APPROX_MIN = 0.45  # text similarity below which a candidate without frame support is dropped
MAX_VERIFY = 3000  # candidate patterns verified per query, by key weight
MAX_HEADS = 256  # patterns verified as fits of a cut-short message, by key weight
MAX_FUZZY = 80  # candidate patterns scored for similarity when not fitting
MAX_FRAME = 32  # patterns supported by traceback frames, verified and scored for similarity
REPO_FRAME = 0.02  # weight of a library frame anywhere in the candidate's codebase
DEEPEST_FRAME = 0.35  # weight of the deepest library frame naming a candidate's function
MAX_SCORED = 400  # patterns scored entry by entry, best text/evidence bound first


@dataclass
class Match:
    """One catalogue entry proposed as the source, with why it ranked where it did."""

    id: str
    repo: str
    version: str
    kind: str
    exc_type: str
    template: str
    path: str
    line: int
    function: str
    score: float
    approximate: bool
    values: dict[str, str] = field(default_factory=dict)
    reasons: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id, "repo": self.repo, "version": self.version, "kind": self.kind,
            "exc_type": self.exc_type, "template": self.template, "path": self.path, "line": self.line,
            "function": self.function, "score": round(self.score, 4), "approximate": self.approximate,
            "values": self.values, "reasons": self.reasons,
        }  # fmt: skip


@dataclass
class Result:
    """The answer to one query: ranked matches and one human line that sums them up."""

    query: ParsedQuery
    matches: list[Match]
    verdict: str
    builtin: str | None = None  # the interpreter/extension template the message is, when recognised

    @property
    def outcome(self) -> str:
        """The verdict as one of ``VERDICTS``, for machines: ``exact`` (the best candidate fits
        exactly), ``builtin`` (an interpreter or extension message: library candidates, if any,
        are only look-alikes), ``approximate`` (candidates, none exact) or ``none``; the same
        precedence as the English ``verdict``."""
        if self.matches and not self.matches[0].approximate:
            return "exact"
        if self.builtin is not None:
            return "builtin"
        return "approximate" if self.matches else "none"

    def to_json(self) -> dict[str, Any]:
        return {
            "query": self.query.to_json(),
            "verdict": self.verdict,
            "builtin": self.builtin,
            "matches": [m.to_json() for m in self.matches],
        }


@dataclass(slots=True)
class _Cand:
    pid: int
    fit: Fit | None = None
    coverage: float = 0.0
    text: float = 0.0  # text score in [0, 1]
    confident: bool = False
    reasons: list[str] = field(default_factory=list)


class Matcher:
    """Holds a loaded index; reuse one across a ``--batch`` run."""

    def __init__(self, index: Index, repo: str | None = None) -> None:
        self.index = index
        self.repo = repo
        self._store: Any = None  # where a corrupt index is rebuilt from (``load``)
        self._rebuilding = threading.Lock()

    @classmethod
    def load(cls, store: Any, repo: str | None = None) -> Matcher:
        """Load the stored index artifact; rebuild it from the catalogue's rows if it is missing,
        stale, from another errdex version or corrupt (saved when the store is writable)."""
        index = _stored_index(store)
        if repo:
            repo = str(store.resolve_repo(repo))  # an unknown name is the user's error: say so
        matcher = cls(index, repo)
        matcher._store = store
        return matcher

    @classmethod
    def from_entries(cls, entries: list[CatalogueEntry], repo: str | None = None) -> Matcher:
        """Build in memory (tests, benchmarks)."""
        return cls(build_index(entries), repo)

    # --- the query ----------------------------------------------------------------------------------

    def explain(self, text: str, limit: int = 10) -> Result:
        index = self.index
        try:
            return self._explain(text, limit)
        except CorruptIndex as e:
            # what a stored entry, pattern or posting holds is checked as the query reads it
            if self._store is None:
                raise
            with self._rebuilding:
                if self.index is index:
                    self.index = _rebuild_corrupt(self._store, e)
        return self._explain(text, limit)

    def _explain(self, text: str, limit: int) -> Result:
        q = parse_query(text)
        order = [q.primary] + [i for i in range(len(q.blocks) - 1, -1, -1) if i != q.primary]
        first: Result | None = None
        for n, bi in enumerate(order[:4]):
            b = q.blocks[bi] if q.blocks else None
            message = b.message if b else q.message
            types = list(dict.fromkeys(b.exc_types if b else q.exc_types))
            frames = b.frames if b else q.frames
            res = self._match(q, message, types, frames, limit)
            cut = _without_truncation_marker(message)
            if cut is not None and not (res.matches and not res.matches[0].approximate):
                # "... the array …" / "... the array ...": the user cut the message short. Tried
                # second, so a template that itself ends in "..." still matches in full first.
                retry = self._match(q, cut, types, frames, limit)
                if retry.matches and not retry.matches[0].approximate:
                    res = retry
            if n == 0:
                first = res
            if res.matches:
                if n:
                    res.verdict += " (from an earlier exception in the chain)"
                return res
        assert first is not None
        return first

    def _match(
        self, q: ParsedQuery, message: str, types: list[str], frames: list[Frame], limit: int
    ) -> Result:
        idx = self.index
        cmsg = compact(message)
        mlen = max(len(cmsg), 1)
        seen = idx.hits(cmsg)
        # frame evidence first: it protects the patterns a traceback points at from the caps below
        finfo = _frame_info(idx, frames)
        frame_entries = _frame_entries(idx, finfo)
        frame_pids: dict[int, float] = {}
        framed_big: dict[int, list[int]] = {}  # frame-supported entries of grouped patterns
        entry_pat, groups = idx.entry_pat, idx.groups
        for ei, (w, _fi, _d) in frame_entries.items():
            pid = entry_pat[ei]
            if w > frame_pids.get(pid, 0.0):
                frame_pids[pid] = w
            if pid in groups:
                framed_big.setdefault(pid, []).append(ei)
        # only patterns whose keys all occurred can fit in full, only those whose head occurred can
        # fit a cut-short message confidently: verify those (the heads bounded by key weight, since
        # near-duplicates sharing a beginning are equally good fits of a message cut before they
        # differ). Other frame-supported patterns could only fit partly and unconfidently, which
        # word similarity below covers, so they are not verified.
        exact = idx.exact_candidates(seen)
        heads = list(dict.fromkeys(idx.head_candidates(cmsg, seen)))
        if len(heads) > MAX_HEADS:
            heads = heapq.nlargest(
                MAX_HEADS, heads, key=lambda pid: (pid in frame_pids, idx.weight(pid, seen))
            )
        verify = list(dict.fromkeys([*exact, *heads]))
        if len(verify) > MAX_VERIFY:
            verify = heapq.nlargest(MAX_VERIFY, verify, key=lambda pid: idx.weight(pid, seen))
        cands: dict[int, _Cand] = {}
        cmap: list[int] | None = None
        runtime_best: tuple[float, int] | None = None
        runtime = idx.runtime
        for pid in verify:
            pat = idx.patterns[pid]
            f = fit(pat.lits, cmsg)
            if f is None:
                continue
            c = _Cand(pid, f)
            self._judge_fit(c, pat.lit_len, mlen)
            if c.confident and f.full and not f.anchored_end and pat.lits[-1]:
                # the template's final words are followed on the same line by ": <value>": a
                # message built elsewhere that merely begins like this one ("...timestamp: 1-01-01").
                # (Other same-line tails are usually what an exception class's __str__ appends.)
                if cmap is None:
                    cmap = compact_map(message)
                rest = message[cmap[f.end - 1] + 1 :].split("\n", 1)[0] if 0 < f.end <= len(cmap) else ""
                if rest.startswith(":") and any(ch.isalnum() for ch in rest) and pat.lits[-1][-1:].isalnum():
                    c.confident = False
                    c.reasons.append("the message goes on where the template ends")
            if runtime[pid]:
                # interpreter templates are short and mostly placeholders: recognise a whole-message
                # fit anchored at both ends rather than demanding library-level coverage
                whole = f.full and f.anchored_start and f.anchored_end and pat.lit_len >= 6
                better = runtime_best is None or c.coverage > runtime_best[0]
                if (
                    whole
                    and better
                    and c.coverage >= RUNTIME_MIN_COVERAGE
                    and self._runtime_type_ok(types, pat.entries)
                ):
                    runtime_best = (c.coverage, pid)
                continue
            cands[pid] = c
        if len(frame_pids) > MAX_FRAME:
            # a function of a big catalogue raises hundreds of messages across its snapshots: keep
            # the ones the text fits best, then the ones the frames support most
            def fits(pid: int) -> tuple[bool, float, float]:
                c = cands.get(pid)
                return (c.confident, c.coverage, frame_pids[pid]) if c else (False, -1.0, frame_pids[pid])

            frame_pids = {pid: frame_pids[pid] for pid in heapq.nlargest(MAX_FRAME, frame_pids, key=fits)}
        # similarity for candidates that did not fit confidently, plus frame-supported patterns;
        # skipped when the text already fits confidently (approximate extras would only be noise)
        need: list[int] = []
        if not any(c.confident for c in cands.values()):
            need = [
                pid
                for pid in idx.similar(seen, MAX_FUZZY)
                if (pid in cands and not cands[pid].confident) or (pid not in cands and not runtime[pid])
            ]
        need += [pid for pid in frame_pids if pid not in cands or not cands[pid].confident]
        if need:
            mwords = words(message)
            for pid in dict.fromkeys(need):
                c = cands.get(pid) or _Cand(pid)
                sim = word_f1(mwords, idx.words(pid))
                lead = idx.lead_words(pid)
                if lead is not None:
                    sim = max(sim, LEAD_WEIGHT * word_f1(mwords, lead))
                if 0.9 * sim > c.text:
                    c.text = 0.9 * sim
                    c.reasons = [f"reworded? {sim:.0%} word overlap with the template"]
                cands[pid] = c
        # runtime dominance and compiled/stdlib origin demote library matches
        builtin: tuple[str, str] | None = None
        if runtime_best is not None:
            rpat = idx.patterns[runtime_best[1]]
            rentry = idx.entries[rpat.entries[0]]
            builtin = (rentry[E_REPO], f"{rentry[E_TYPE]}: {rentry[E_TEMPLATE]}")
            for c in cands.values():
                # ...unless the traceback's deepest library frame is this very function: then the
                # paste itself shows the library raising it (a library re-using the interpreter's
                # wording, like `'Net' object has no attribute 'fc2'` from Module.__getattr__).
                if frame_pids.get(c.pid, 0.0) >= DEEPEST_FRAME:
                    continue
                if c.confident and c.coverage <= runtime_best[0] + 0.02:
                    c.confident = False
                    c.reasons.append("an interpreter message explains the text as well")
        outside = finfo.outside_deepest
        deepest = finfo.deepest_path
        # the codebases the traceback passes through: among equally fitting templates of several
        # libraries, the one the paste shows running is the likelier source
        frame_repos = {idx.entries[es[0]][E_REPO] for _i, p in finfo.lib if (es := idx.paths.get(p))}
        # score entries, best-bounded patterns first: a pattern's entries can score at most its text
        # score plus the best type and frame evidence, so once ``limit`` distinct errors beat the
        # next pattern's bound, the rest cannot enter the answer and are not looked at
        relation = _memo_type_relation(types)
        weak_fw = 0.04 if deepest is not None else 0.0

        def bound(c: _Cand) -> tuple[bool, float]:
            return c.confident, 1.0 * c.confident + c.text + 0.15 + frame_pids.get(c.pid, weak_fw)

        order = sorted(cands.values(), key=bound, reverse=True)
        scored: list[tuple[bool, float, int, _Cand]] = []
        top = _TopK(limit)
        for n, c in enumerate(order):
            if n >= MAX_SCORED or top.beats(bound(c)):
                break
            pat = idx.patterns[c.pid]
            group = idx.groups.get(c.pid)
            eis = pat.entries if group is None else self._few(group, framed_big.get(c.pid, []), limit)
            for ei in eis:
                e = idx.entries[ei]
                if self.repo and e[E_REPO] != self.repo:
                    continue
                fw, fwhy = 0.0, ""
                if ei in frame_entries:
                    fw, fi, depth = frame_entries[ei]
                    if c.pid not in frame_pids:
                        fw = 0.0  # dropped by the MAX_FRAME cap
                    else:
                        fwhy = _frame_why(e, finfo, fi, depth)
                if not fw and deepest is not None and e[E_PATH].replace("\\", "/") == deepest:
                    fw, fwhy = 0.04, f"deepest library frame is in {e[E_PATH]}"
                if not fw and e[E_REPO] in frame_repos:
                    fw, fwhy = REPO_FRAME, f"the traceback runs through {e[E_REPO]}"
                if not c.confident and c.text < APPROX_MIN and fw < 0.2:
                    continue
                if not c.confident and c.text < 0.15 and fw < 0.35:
                    continue
                tw, twhy = relation(e[E_TYPE], e[E_KIND])
                confident = c.confident
                reasons = list(c.reasons)
                if confident and outside and fw < 0.2 and c.coverage < OUTSIDE_MIN_COVERAGE:
                    confident = False
                    reasons.append(f"traceback ends outside the library ({outside})")
                if confident and tw <= -0.15 and c.coverage < 0.8:
                    confident = False
                    reasons.append("exception type differs")
                if twhy:
                    reasons.append(twhy)
                if fwhy:
                    reasons.append(fwhy)
                score = (1.0 if confident else 0.0) + c.text + tw + fw
                scored.append(
                    (confident, score, ei, _Cand(c.pid, c.fit, c.coverage, c.text, confident, reasons))
                )
                top.add(e[E_ID], (confident, score))
        scored.sort(key=lambda t: (t[0], t[1], t[2] * -1e-12), reverse=True)
        matches: list[Match] = []
        seen_ids: set[str] = set()
        for confident, score, ei, c in scored:
            e = idx.entries[ei]
            if e[E_ID] in seen_ids:  # the same error in another snapshot: keep the best-supported one
                continue
            seen_ids.add(e[E_ID])
            vals: dict[str, str] = {}
            if c.fit is not None and (confident or c.fit.full):
                if cmap is None:
                    cmap = compact_map(message)
                vals = values(list(idx.patterns[c.pid].names), c.fit, message, cmap)
            matches.append(
                Match(
                    id=e[E_ID], repo=e[E_REPO], version=e[E_VERSION], kind=e[E_KIND], exc_type=e[E_TYPE],
                    template=e[E_TEMPLATE], path=e[E_PATH], line=e[E_LINE], function=e[E_FUNC],
                    score=round(score, 4), approximate=not confident, values=vals, reasons=c.reasons,
                )
            )  # fmt: skip
            if len(matches) >= limit:
                break
        return Result(q, matches, _verdict(matches, builtin, outside), builtin[1] if builtin else None)

    @staticmethod
    def _judge_fit(c: _Cand, lit_len: int, mlen: int) -> None:
        """Decide from the fit alone how well the text explains the message (see module doc)."""
        f = c.fit
        assert f is not None
        cov = min(f.covered / mlen, 1.0)
        c.coverage = cov
        if f.full:
            c.text = 0.5 + 0.5 * cov
            # a fit anchored at both ends with enough literal text is structurally strong even when
            # long values (reprs of arrays, paths) dilute the share of the message it explains
            enough = cov >= MIN_COVERAGE or (
                f.anchored_start
                and f.anchored_end
                and lit_len >= ANCHORED_MIN_LITERAL
                and cov >= ANCHORED_MIN_COVERAGE
            )
            c.confident = lit_len >= MIN_LITERAL and enough and f.start * 3 <= mlen
            pct = f"{cov:.0%}"
            c.reasons = [f"literal text explains {pct} of the message"]
            if not f.anchored_start:
                c.text -= 0.05
                c.reasons.append("message has extra text before the template")
            if not f.anchored_end:
                c.text -= 0.05
                c.reasons.append("message has extra text after the template")
        else:
            c.text = 0.45 * cov
            c.confident = f.anchored_start and f.covered >= TRUNC_MIN_LITERAL and cov >= TRUNC_MIN_COVERAGE
            if c.confident:
                c.text = 0.45 + 0.45 * cov
            c.reasons = [f"message matches the template's beginning ({cov:.0%} explained; cut short?)"]

    def _few(self, groups: list[list[int]], framed: list[int], limit: int) -> list[int]:
        """The entries of a very common pattern that can rank: all that frames support, and the
        first ``limit`` (in the repo asked for) of each exception type/kind, since entries of one
        group score alike apart from frame evidence. The weak "same file as the deepest frame"
        bonus is not looked for among the rest: it cannot lift a generic template far."""
        out = list(framed)
        for eis in groups:
            taken = 0
            for ei in eis:
                if self.repo and self.index.entries[ei][E_REPO] != self.repo:
                    continue
                out.append(ei)
                taken += 1
                if taken >= limit:
                    break
        return sorted(set(out))

    def _runtime_type_ok(self, types: list[str], entries: list[int]) -> bool:
        qs = [t for t in types if not t.startswith("log.")]
        if not qs:
            return True
        for ei in entries:
            tw, _ = type_relation(qs, self.index.entries[ei][E_TYPE], "error")
            if tw > 0:
                return True
        return False


class _TopK:
    """The ``k`` best keys of distinct errors seen so far, to stop scoring once nothing can enter."""

    def __init__(self, k: int) -> None:
        self.k = k
        self.heap: list[tuple[tuple[bool, float], str]] = []  # min-heap of the current top k
        self.best: dict[str, tuple[bool, float]] = {}  # ids in the heap -> their key

    def add(self, eid: str, key: tuple[bool, float]) -> None:
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

    def beats(self, bound: tuple[bool, float]) -> bool:
        """True when ``k`` errors already score above ``bound``."""
        return len(self.heap) >= self.k and self.heap[0][0] > bound


def _frame_info(idx: Index, frames: list[Frame]) -> FrameInfo:
    norm: list[tuple[str, int | None, str | None]] = []
    lib: list[tuple[int, str]] = []
    for i, fr in enumerate(frames):
        p = norm_path(fr.path)
        norm.append((p, fr.line, fn_last(fr.function)))
        hit = idx.resolve_path(p)
        if hit is not None:
            lib.append((i, hit))
    outside = None
    if frames and outside_library(frames[-1].path) and not (lib and lib[-1][0] == len(frames) - 1):
        outside = norm[-1][0]
    return FrameInfo(norm, lib, outside, lib[-1][1] if lib else None)


_TRUNCATION_MARKERS = ("...", "\u2026", "[...]", "(...)", "[truncated]", "(truncated)")


def _without_truncation_marker(message: str) -> str | None:
    """The message without a trailing ellipsis a user typed to say "and so on", if it has one."""
    stripped = message.rstrip()
    for marker in _TRUNCATION_MARKERS:
        if stripped.endswith(marker) and len(stripped) > len(marker):
            return stripped[: -len(marker)].rstrip()
    return None


def _frame_entries(idx: Index, finfo: FrameInfo) -> dict[int, tuple[float, int, int]]:
    """Entries the traceback's library frames name by function or line: weight, frame, depth.

    Looked up by (path, function) and (path, line) rather than by walking every entry of a file:
    a file of a big catalogue holds thousands of entries (one per raise site and snapshot). The
    reason text is only formatted for entries that get scored (``_frame_why``), and the weak
    "deepest frame is in this file" evidence is applied while scoring.
    """
    out: dict[int, tuple[float, int, int]] = {}
    for depth, (fi, path) in enumerate(reversed(finfo.lib)):
        _p, line, fn = finfo.frames[fi]
        at_line = idx.sites.get((path, line), []) if line is not None else []
        if fn:
            same = set(at_line)
            base = DEEPEST_FRAME if depth == 0 else 0.2
            for ei in idx.sites.get((path, fn), ()):
                w = base + 0.1 if ei in same else base
                if ei not in out or w > out[ei][0]:
                    out[ei] = (w, fi, depth)
        for ei in at_line:
            if ei not in out or out[ei][0] < 0.2:
                out[ei] = (0.2, fi, depth)
    return out


def _frame_why(e: tuple[Any, ...], finfo: FrameInfo, fi: int, depth: int) -> str:
    _p, line, fn = finfo.frames[fi]
    if fn and fn_last(e[E_FUNC]) == fn:
        why = f"frame {e[E_PATH]}:{line} in {fn}" + (" (deepest library frame)" if depth == 0 else "")
        if line is not None and line == e[E_LINE]:
            why += f", same line as {e[E_REPO]} {e[E_VERSION]}"
        return why
    return f"frame {e[E_PATH]}:{line} is this line"


def _memo_type_relation(types: list[str]) -> Callable[[str, str], tuple[float, str | None]]:
    """``type_relation`` for one query, memoised: candidates share a handful of exception types."""
    memo: dict[tuple[str, str], tuple[float, str | None]] = {}

    def relation(exc_type: str, kind: str) -> tuple[float, str | None]:
        r = memo.get((exc_type, kind))
        if r is None:
            r = memo[(exc_type, kind)] = type_relation(types, exc_type, kind)
        return r

    return relation


def _verdict(matches: list[Match], builtin: tuple[str, str] | None, outside: str | None) -> str:
    top = matches[0] if matches else None
    if top is not None and not top.approximate:
        same = sum(1 for m in matches if not m.approximate and m.template == top.template)
        return "exact match" + (f" ({same} sites raise this message)" if same > 1 else "")
    if builtin is not None:
        origin, template = builtin
        if origin == "<python>":
            return f"this is a Python built-in error (interpreter message), not raised by library code: {template}"
        return f"this message comes from compiled extension code ({origin[1:-1]}), not a Python raise: {template}"
    if outside is not None:
        tail = "; closest library templates below" if top else ""
        return f"no exact match: the traceback ends outside the indexed Python code ({outside}){tail}"
    if top is not None:
        return "approximate: message reworded?"
    return "no match in the indexed codebases"


def build_index(entries: Iterator[CatalogueEntry] | list[CatalogueEntry], generation: str = "") -> Index:
    """Index library entries plus the interpreter-message catalogue."""
    from itertools import chain

    from errdex.match.runtime import data_digest, runtime_entries

    index = Index.build(chain(entries, runtime_entries()), generation)
    index.extra["runtime"] = data_digest()
    return index


def rebuild_index(store: Any) -> Index:
    """Build the index from the store's catalogue and save it as the artifact (pipeline hook)."""
    return _rebuild(store)[0]


def _rebuild(store: Any) -> tuple[Index, bool]:
    """The index built from the catalogue's rows, and whether it could be saved."""
    from errdex.store import StoreError

    generation = str(store.generation())
    index = build_index(store.iter_entries(), generation)
    try:
        store.put_artifact(ARTIFACT, index.dumps())
    except StoreError:  # a read-only catalogue (the web server's): keep it in memory
        return index, False
    return index, True


def _stored_index(store: Any) -> Index:
    """The stored index if it is current; never interpreted beyond its checked layout."""
    from errdex.match.runtime import data_digest

    data = store.get_artifact(ARTIFACT)
    if data:
        try:
            index = Index.loads(data, runtime=data_digest())
        except CorruptIndex as e:
            return _rebuild_corrupt(store, e)
        except IndexFormatError:  # another errdex version's artifact: rebuilt below
            pass
        else:
            if index.generation == str(store.generation()):
                return index
    return rebuild_index(store)


def _rebuild_corrupt(store: Any, error: CorruptIndex) -> Index:
    """Rebuild after a corrupt artifact, saying so once: someone or something wrote bad bytes."""
    import logging

    index, saved = _rebuild(store)
    how = (
        "rebuilt it from the catalogue's rows and saved it"
        if saved
        else "rebuilt it in memory from the catalogue's rows (the catalogue is read-only here; "
        "any errdex command with write access to it, such as `errdex explain`, saves a fresh one)"
    )
    logging.getLogger(__name__).warning("errdex: %s; %s", error, how)
    return index


_MATCHERS: dict[tuple[str | None, str | None], Matcher] = {}


def explain(text: str, db: str | None = None, repo: str | None = None, limit: int = 10) -> list[Match]:
    """Library API (``errdex.explain``): the ranked raise sites for a pasted error.

    Never creates a catalogue: a ``db`` where there is none raises ``StoreError`` saying so.
    """
    from errdex.store.fast import open_reader

    store = open_reader(db)
    key = (db, repo)
    matcher = _MATCHERS.get(key)
    if matcher is None or matcher.index.generation != str(store.generation()):
        matcher = Matcher.load(store, repo)
        _MATCHERS[key] = matcher
    return matcher.explain(text, limit).matches


def render_human(result: Result, console: Console) -> None:
    from errdex.match.render import render

    render(result, console)
