"""What a query returns: ranked matches, each with why it ranked there, and one verdict line."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from errdex.match.parse import ParsedQuery


@dataclass
class Match:
    """One catalogue entry proposed as the source, with why it ranked where it did; or, of kind
    ``CALL_KIND``, the library's call an error was raised below by compiled code (no entry)."""

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
    # the other sites of a tie this answer is one of (``twins.mark_ties``), as ``path:line``: a
    # reader, or a program, must not take the first of them for the one that raised
    tied_with: list[str] = field(default_factory=list)

    @property
    def is_call(self) -> bool:
        """Whether this answer is a library call into compiled code (``CALL_KIND``), not an entry."""
        return self.kind == CALL_KIND

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id, "repo": self.repo, "version": self.version, "kind": self.kind,
            "exc_type": self.exc_type, "template": self.template, "path": self.path, "line": self.line,
            "function": self.function, "score": round(self.score, 4), "approximate": self.approximate,
            "values": self.values, "reasons": self.reasons, "tied_with": self.tied_with,
        }  # fmt: skip


VERDICTS = ("exact", "approximate", "builtin", "none")  # ``Result.outcome``

# ``Match.kind`` of an answer that is no catalogue entry but the library's call into code that
# raised with no Python frame of the library (``Matcher._call_answer``): its ``id`` names no
# error page, so the CLI, web and MCP show its place and skip what they read of an entry
CALL_KIND = "call"


@dataclass
class Result:
    """The answer to one query: ranked matches and one human line that sums them up."""

    query: ParsedQuery
    matches: list[Match]
    verdict: str
    builtin: str | None = None  # the interpreter/extension template the message is, when recognised
    # the count a tie's verdict states ("3", "at least 10": ``tie_count``), None for any other
    # verdict: ``shown`` cuts the answers and restates which of them list the tie from it
    tie_some: str | None = None
    # the index of the traceback's frame that called the compiled (or standard library) code
    # that raised, when the reading found one (``FrameInfo.call_at``): the matcher answers it
    # first when no raise statement fits exactly (``Matcher._call_answer``)
    call_at: int | None = None

    @property
    def exact_top(self) -> bool:
        """Whether the best candidate fits exactly: what each second reading of a message
        (cut, recased, read as printed, ...) must reach to replace the first."""
        return bool(self.matches) and not self.matches[0].approximate

    @property
    def outcome(self) -> str:
        """The verdict as one of ``VERDICTS``, for machines: ``exact`` (the best candidate fits
        exactly), ``builtin`` (an interpreter or extension message: library candidates, if any,
        are only look-alikes), ``approximate`` (candidates, none exact) or ``none``; the same
        precedence as the English ``verdict``."""
        if self.exact_top:
            return "exact"
        if self.builtin is not None:
            return "builtin"
        return "approximate" if self.matches else "none"

    @property
    def tie(self) -> int:
        """How many sites the first answer is one of (it and the others ``tied_with`` it), 0 when
        it stands alone: the one number a program reads to tell "this site" from "one of these"."""
        return tie_size(self.matches)

    def to_json(self) -> dict[str, Any]:
        return {
            "query": self.query.to_json(),
            "verdict": self.verdict,
            "builtin": self.builtin,
            "tied": self.tie,
            "matches": [m.to_json() for m in self.matches],
        }


def tie_size(matches: Sequence[Match]) -> int:
    """``Result.tie`` of a list of answers: 1 + the sites the first is ``tied_with``, or 0."""
    if not matches or not matches[0].tied_with:
        return 0
    return 1 + len(matches[0].tied_with)


def verdict(
    matches: list[Match],
    builtin: tuple[str, str] | None,
    outside: str | None,
    full: bool = False,
    ran: str | None = None,
) -> str:
    """The one line most users read: exact, interpreter message, outside the library, or close.
    ``full``: the ranker left answers out (``Ranker.more``), so a tie filling the list may go on
    beyond it (an SDK's message raised in dozens of sibling resources), and says "at least".
    ``ran``: the module the traceback's last frame ran as its own installed package, held by
    the catalogue only as vendored copies (``frames.vendored_root``)."""
    top = matches[0] if matches else None
    if top is not None and not top.approximate:
        some = tie_count(matches, full)
        if some is not None:
            return tie_verdict(some, len(tied(matches)))
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
    if ran is not None and top is not None:
        return (
            f"no exact match: the traceback ran {ran} as its own installed package, which is not indexed;"
            " the first answer is a copy of it vendored inside another distribution"
        )
    if top is not None:
        return "approximate: message reworded?"
    return "no match in the indexed codebases"


def tie_count(matches: list[Match], full: bool) -> str | None:
    """The number of sites an exact first answer ties with, as ``verdict`` states it (a count,
    or "at least n" when a tie fills a ``full`` list), or None when it stands alone."""
    if not matches or matches[0].approximate:
        return None
    tie = len(tied(matches))
    return at_least(tie, full and tie == len(matches)) if tie > 1 else None


def tie_verdict(some: str, listed: int) -> str:
    """The verdict of an exact tie of ``some`` sites (a count, or "at least n"), ``listed`` of
    them among the answers returned."""
    where = f"the first {listed} answers" if listed > 1 else "one answer shown, naming the others"
    return f"exact match, a tie: {some} sites raise this message and nothing in the paste tells them apart ({where})"


# the fewest answers a query is ranked for, whatever it asks (``shown``): two, so that a single
# answer asked for can tell whether it stands alone
TIE_WITNESS = 2


def shown(res: Result, limit: int) -> Result:
    """``res``, ranked for at least ``TIE_WITNESS`` answers, cut to the ``limit`` asked for. The
    first answer keeps its ``tied_with`` (the sites past the cut included), and a tie's verdict
    still counts every site it found, saying which answers list them."""
    if len(res.matches) <= limit:
        return res
    tie = len(tied(res.matches))
    res.matches = res.matches[:limit]
    if res.tie_some is not None:
        # the verdict may have been replaced since (an outside traceback's) or carry a note
        # after it (an earlier exception of the chain): only its tie clause is restated
        said = tie_verdict(res.tie_some, tie)
        if res.verdict.startswith(said):
            res.verdict = tie_verdict(res.tie_some, min(tie, limit)) + res.verdict[len(said) :]
    return res


def at_least(n: int, more: bool) -> str:
    """``n`` as a count, "at least n" when more may lie beyond the answers listed."""
    return f"at least {n}" if more else str(n)


# score gap within which answers of one class and template stand level (``tied``): under every
# evidence that sets one site apart (a frame, its object's repr, a value naming it, a class-name
# placeholder: 0.015 and up), over the ranker's priors (privacy, a called function, callers)
TIE = 0.01


def class_name(exc_type: str) -> str:
    """A raise's class by its own name: the module alias a raise spells it through
    (``sa_exc.NoResultFound``, ``exc.NoResultFound``) is the importing file's choice, not
    another class."""
    return exc_type.rpartition(".")[2]


def literal(template: str) -> str:
    """A template's text with every placeholder blanked: twins name their values differently.

    Each placeholder, braces nested in it included, becomes ``{}``; a ``}`` outside any
    placeholder is text, and a placeholder never closed blanks the rest. Asked of every
    answer of every query (``twins_last``, ``result.tied``), so the text between braces is
    copied in slices found by ``str.find``, not a character at a time."""
    if "{" not in template:
        return template
    out: list[str] = []
    depth = at = 0
    while True:
        if not depth:
            opened = template.find("{", at)
            if opened < 0:
                out.append(template[at:])
                return "".join(out)
            out += (template[at:opened], "{}")
            depth, at = 1, opened + 1
            continue
        close = template.find("}", at)
        if close < 0:
            return "".join(out)  # never closed: the rest is the placeholder's
        opened = template.find("{", at, close)
        if opened >= 0:  # a brace nested in the placeholder (a format spec's own field)
            depth, at = depth + 1, opened + 1
        else:
            depth, at = depth - 1, close + 1


def placeholders(template: str) -> list[str]:
    """A template's placeholders, in order, as written between their braces (``key``,
    ``config_key!r``): the names ``literal`` blanks, scanned the same way (``str.find``, a
    placeholder never closed taking the rest)."""
    out: list[str] = []
    depth = at = start = 0
    while True:
        if not depth:
            opened = template.find("{", at)
            if opened < 0:
                return out
            depth, at = 1, opened + 1
            start = at
            continue
        close = template.find("}", at)
        if close < 0:
            out.append(template[start:])
            return out
        opened = template.find("{", at, close)
        if opened >= 0:  # a brace nested in the placeholder (a format spec's own field)
            depth, at = depth + 1, opened + 1
        else:
            depth, at = depth - 1, close + 1
            if not depth:
                out.append(template[start:close])


def tied(matches: list[Match]) -> list[Match]:
    """The leading answers that tie with the first: as exact as it, of the same class and
    template (their templates alike once placeholders are blanked: two sites may name a value
    differently; the class by its own name, whatever module alias a raise spells it through),
    scored within ``TIE`` of it, so that only the ranker's smallest tie-breakers (a site's
    privacy, its twin) order them. Without frames, those sites print the same words, and the
    order among them is a guess the answer has to own up to: an approximate first answer too
    (a validator's report whose first line no template fits, raised by three ``validate``
    methods of the same ``raise err``), whose one template fits the text alike at every site."""
    if not matches:
        return []
    top = matches[0]
    text = literal(top.template)
    out = [top]
    cls = class_name(top.exc_type)
    for m in matches[1:]:
        if (
            m.approximate != top.approximate
            or class_name(m.exc_type) != cls
            or top.score - m.score >= TIE
            or literal(m.template) != text
        ):
            break
        out.append(m)
    return out
