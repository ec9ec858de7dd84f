"""The match stage: name the raise site of a pasted error message or traceback.

Pipeline per query: ``parse`` (type, message, frames) -> one Aho-Corasick pass over the compact
message (``index``) -> literal-in-order verification of the candidate templates (``verify``) ->
evidence from type and frames, word similarity for reworded messages (``score``) -> ranking and a
one-line verdict. The index is built once per catalogue generation and stored as an artifact, so a
cold ``errdex explain`` only unpickles it (imports here are kept light for the same reason).

When is a match *exact* (``approximate=False``)? When every literal of the template occurs in order
(or, for a message cut short, the template's beginning does: at least ``TRUNC_MIN_LITERAL`` literal
characters and most of the message), the literal text explains enough of the message
(``MIN_COVERAGE`` of its non-space characters and at least ``MIN_LITERAL`` characters), no interpreter
message explains it as well, and — when the traceback ends in compiled or stdlib code — the literal
text explains most of it. Everything else is reported as approximate, or not at all.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from errdex.match.index import (
    E_FUNC,
    E_ID,
    E_KIND,
    E_LINE,
    E_PAT,
    E_PATH,
    E_REPO,
    E_TEMPLATE,
    E_TYPE,
    E_VERSION,
    Index,
)  # fmt: skip
from errdex.match.parse import Frame, ParsedQuery
from errdex.match.parse import parse as parse_query
from errdex.match.score import fn_last, norm_path, outside_library, type_relation, word_f1, words
from errdex.match.verify import Fit, compact, compact_map, fit, values

if TYPE_CHECKING:
    from rich.console import Console

    from errdex.model import CatalogueEntry

__all__ = [
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
MIN_LITERAL = 12  # literal characters a template needs before it may be an exact match
MIN_COVERAGE = 0.4  # share of the message's characters the literal text must explain
ANCHORED_MIN_LITERAL = 16  # ... unless the fit is anchored at both ends with this much literal text
ANCHORED_MIN_COVERAGE = 0.25  # ... and explains at least this share
TRUNC_MIN_LITERAL = 25  # a truncated message must still match this much literal text ...
TRUNC_MIN_COVERAGE = 0.6  # ... explaining this share of the message
OUTSIDE_MIN_COVERAGE = 0.75  # when the traceback ends in compiled/stdlib code
RUNTIME_MIN_COVERAGE = 0.2  # an interpreter template explaining this much of a whole message names it
APPROX_MIN = 0.45  # text similarity below which a candidate without frame support is dropped
MAX_VERIFY = 3000  # candidate patterns verified per query, by key weight
MAX_FUZZY = 80  # candidate patterns scored for similarity when not fitting


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

    @classmethod
    def load(cls, store: Any, repo: str | None = None) -> Matcher:
        """Load the stored index artifact; rebuild and save it only if missing or stale."""
        from errdex.match.runtime import data_digest

        generation = str(store.generation())
        index: Index | None = None
        data = store.get_artifact(ARTIFACT)
        if data:
            try:
                index = Index.loads(data)
            except Exception:  # an artifact from another errdex version: rebuild it
                index = None
            if index is not None and (
                index.generation != generation or index.extra.get("runtime") != data_digest()
            ):
                index = None
        if index is None:
            index = rebuild_index(store)
        if repo:
            repo = str(store.resolve_repo(repo))  # an unknown name is the user's error: say so
        return cls(index, repo)

    @classmethod
    def from_entries(cls, entries: list[CatalogueEntry], repo: str | None = None) -> Matcher:
        """Build in memory (tests, benchmarks)."""
        return cls(build_index(entries), repo)

    # --- the query ----------------------------------------------------------------------------------

    def explain(self, text: str, limit: int = 10) -> Result:
        q = parse_query(text)
        order = [q.primary] + [i for i in range(len(q.blocks) - 1, -1, -1) if i != q.primary]
        first: Result | None = None
        for n, bi in enumerate(order[:4]):
            b = q.blocks[bi] if q.blocks else None
            message = b.message if b else q.message
            types = list(dict.fromkeys(b.exc_types if b else q.exc_types))
            frames = b.frames if b else q.frames
            res = self._match(q, message, types, frames, limit)
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
        from errdex.match.runtime import is_runtime

        idx = self.index
        cmsg = compact(message)
        mlen = max(len(cmsg), 1)
        weights, heads, complete = idx.candidates(cmsg)
        # only patterns whose keys all occurred can fit in full, only those whose first key occurred
        # can fit a cut-short message: verify those; the rest only matter for similarity
        verify = sorted(complete | heads, key=weights.__getitem__, reverse=True)[:MAX_VERIFY]
        cands: dict[int, _Cand] = {}
        runtime_best: tuple[float, int] | None = None
        for pid in verify:
            pat = idx.patterns[pid]
            f = fit(pat.lits, cmsg)
            if f is None:
                continue
            c = _Cand(pid, f)
            self._judge_fit(c, pat.lit_len, mlen)
            if is_runtime(idx.entries[pat.entries[0]][E_REPO]):
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
        # frame evidence: entries in the files/functions of the traceback, reworded or not
        finfo = _frame_info(idx, frames)
        frame_entries: dict[int, tuple[float, str]] = {}
        for depth, (fi, hits) in enumerate(reversed(finfo.lib)):
            _path, line, fn = finfo.frames[fi]
            for ei in hits:
                e = idx.entries[ei]
                efn = fn_last(e[E_FUNC])
                w = 0.0
                why = ""
                if fn and efn == fn:
                    w = 0.35 if depth == 0 else 0.2
                    why = f"frame {e[E_PATH]}:{line} in {fn}" + (
                        " (deepest library frame)" if depth == 0 else ""
                    )
                    if line is not None and line == e[E_LINE]:
                        w += 0.1
                        why += f", same line as {e[E_REPO]} {e[E_VERSION]}"
                elif line is not None and line == e[E_LINE]:
                    w = 0.2
                    why = f"frame {e[E_PATH]}:{line} is this line"
                elif depth == 0:
                    w = 0.04
                    why = f"deepest library frame is in {e[E_PATH]}"
                if w > frame_entries.get(ei, (0.0, ""))[0]:
                    frame_entries[ei] = (w, why)
        # similarity for candidates that did not fit confidently, plus frame-supported patterns;
        # skipped when the text already fits confidently (approximate extras would only be noise)
        need: list[int] = []
        if not any(c.confident for c in cands.values()):
            ranked = heapq.nlargest(MAX_FUZZY, weights, key=weights.__getitem__)
            need = [
                pid
                for pid in ranked
                if (pid in cands and not cands[pid].confident)
                or (pid not in cands and not is_runtime(idx.entries[idx.patterns[pid].entries[0]][E_REPO]))
            ]
        frame_pids = {idx.entries[ei][E_PAT] for ei, (w, _) in frame_entries.items() if w >= 0.2}
        need += [pid for pid in frame_pids if pid not in cands or not cands[pid].confident]
        if need:
            mwords = words(message)
            for pid in dict.fromkeys(need):
                c = cands.get(pid) or _Cand(pid)
                sim = word_f1(mwords, words(idx.patterns[pid].text))
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
                if c.confident and c.coverage <= runtime_best[0] + 0.02:
                    c.confident = False
                    c.reasons.append("an interpreter message explains the text as well")
        outside = finfo.outside_deepest
        # score entries
        scored: list[tuple[bool, float, int, _Cand]] = []
        for pid, c in cands.items():
            pat = idx.patterns[pid]
            for ei in pat.entries:
                e = idx.entries[ei]
                if self.repo and e[E_REPO] != self.repo:
                    continue
                fw, fwhy = frame_entries.get(ei, (0.0, ""))
                if not c.confident and c.text < APPROX_MIN and fw < 0.2:
                    continue
                if not c.confident and c.text < 0.15 and fw < 0.35:
                    continue
                tw, twhy = type_relation(types, e[E_TYPE], e[E_KIND])
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
                    (confident, score, ei, _Cand(pid, c.fit, c.coverage, c.text, confident, reasons))
                )
        scored.sort(key=lambda t: (t[0], t[1], t[2] * -1e-12), reverse=True)
        matches: list[Match] = []
        seen_ids: set[str] = set()
        cmap: list[int] | None = None
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

    def _runtime_type_ok(self, types: list[str], entries: list[int]) -> bool:
        qs = [t for t in types if not t.startswith("log.")]
        if not qs:
            return True
        for ei in entries:
            tw, _ = type_relation(qs, self.index.entries[ei][E_TYPE], "error")
            if tw > 0:
                return True
        return False


def _frame_info(idx: Index, frames: list[Frame]) -> Any:
    from errdex.match.score import FrameInfo

    norm: list[tuple[str, int | None, str | None]] = []
    lib: list[tuple[int, list[int]]] = []
    for i, fr in enumerate(frames):
        p = norm_path(fr.path)
        norm.append((p, fr.line, fn_last(fr.function)))
        hits = idx.entries_at(p)
        if hits:
            lib.append((i, hits))
    outside = None
    if frames and outside_library(frames[-1].path) and not (lib and lib[-1][0] == len(frames) - 1):
        outside = norm[-1][0]
    return FrameInfo(norm, lib, outside)  # type: ignore[arg-type]


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
    generation = str(store.generation())
    index = build_index(store.iter_entries(), generation)
    store.put_artifact(ARTIFACT, index.dumps())
    return index


_MATCHERS: dict[tuple[str | None, str | None], Matcher] = {}


def explain(text: str, db: str | None = None, repo: str | None = None, limit: int = 10) -> list[Match]:
    """Library API (``errdex.explain``): the ranked raise sites for a pasted error."""
    from errdex.store import Store

    store = Store.open(db)
    key = (db, repo)
    matcher = _MATCHERS.get(key)
    if matcher is None or matcher.index.generation != str(store.generation()):
        matcher = Matcher.load(store, repo)
        _MATCHERS[key] = matcher
    return matcher.explain(text, limit).matches


def render_human(result: Result, console: Console) -> None:
    from errdex.match.render import render

    render(result, console)
