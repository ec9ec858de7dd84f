"""What the analysis stage returns: one frozen ``Analysis`` per error, made of typed sections.

The views, the page, ``errdex show`` and the LLM prompt read these by attribute; JSON is made
only at the edges (the API, ``--json``, MCP) by each type's ``to_json``, whose keys and order
are the published shape of ``analysis`` in ``/api/errors/{id}``.

Only dataclasses here, so importing this module costs nothing the show path does not need.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from errdex.store.records import AnalysisRecord, Expectation

__all__ = [
    "Analysis",
    "Contrast",
    "Example",
    "Meaning",
    "Provenance",
    "Reach",
    "Related",
    "Solution",
    "TriggerText",
]


@dataclass(frozen=True, slots=True)
class Meaning:
    """What the error means, in words."""

    text: str
    provenance: str = "static"

    def to_json(self) -> dict[str, Any]:
        return {"text": self.text, "provenance": self.provenance}


@dataclass(frozen=True, slots=True)
class TriggerText:
    """When it happens: one phrase per guard on the path to the raise, and the chain as prose."""

    conditions: tuple[str, ...]
    text: str

    def to_json(self) -> dict[str, Any]:
        return {"conditions": list(self.conditions), "text": self.text}


@dataclass(frozen=True, slots=True)
class Reach:
    """A public function whose calls reach the raise."""

    function: str  # public dotted name
    path: str
    line: int
    via: tuple[str, ...]  # the private functions between it and the raise, nearest the raise first
    dynamic: bool  # one of those calls is dynamic (getattr, a callback), so the path may not be taken

    def to_json(self) -> dict[str, Any]:
        return {"function": self.function, "path": self.path, "line": self.line, "via": list(self.via),
                "dynamic": self.dynamic}  # fmt: skip


@dataclass(frozen=True, slots=True)
class Solution:
    """One way to fix it, and where that advice comes from ("guard", "message", "docs", ...)."""

    text: str
    source: str

    def to_json(self) -> dict[str, Any]:
        return {"text": self.text, "source": self.source}


@dataclass(frozen=True, slots=True)
class Example:
    """A test of the codebase that expects the error, with its code sliced from the stored file."""

    path: str
    line: int  # the expecting block (``pytest.raises``), first and last line
    end_line: int
    function: str
    source: str  # the test's code, from line ``start``
    start: int
    kind: str
    exc_type: str
    pattern: str | None  # the ``match=`` pattern, when the test gives one
    permalink: str | None  # pinned to the snapshot's commit or tag, when a forge URL is known

    @classmethod
    def sliced(
        cls, exp: Expectation, lines: Sequence[str], start: int, end: int, permalink: str | None = None
    ) -> Example:
        """The expectation ``exp`` with lines ``start``..``end`` of its test file as its code."""
        return cls(
            path=exp.path, line=exp.line, end_line=exp.end_line, function=exp.function,
            source="\n".join(lines[start - 1 : end]), start=start, kind=exp.kind, exc_type=exp.exc_type,
            pattern=exp.pattern, permalink=permalink,
        )  # fmt: skip

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "path": self.path, "line": self.line, "end_line": self.end_line, "function": self.function,
            "source": self.source, "start": self.start, "kind": self.kind, "exc_type": self.exc_type,
            "pattern": self.pattern,
        }  # fmt: skip
        if self.permalink:
            out["permalink"] = self.permalink
        return out


@dataclass(frozen=True, slots=True)
class Contrast:
    """A passing sibling test that calls what a failing example calls, without the error."""

    path: str
    line: int
    end_line: int
    start: int
    function: str
    source: str
    shared: tuple[str, ...]  # the distinctive names both tests call
    contrasts: str  # the failing example's test function

    def to_json(self) -> dict[str, Any]:
        return {
            "path": self.path, "line": self.line, "end_line": self.end_line, "start": self.start,
            "function": self.function, "source": self.source, "shared": list(self.shared),
            "contrasts": self.contrasts,
        }  # fmt: skip


@dataclass(frozen=True, slots=True)
class Related:
    """Another error of the snapshot worth reading next to this one, and why."""

    id: str
    exc_type: str
    template: str  # shortened for a list (``textsafe.truncate``)
    relation: str  # "same function", "similar message", "same module", "same exception family"
    path: str
    line: int

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "exc_type": self.exc_type, "template": self.template,
                "relation": self.relation, "path": self.path, "line": self.line}  # fmt: skip


@dataclass(frozen=True, slots=True)
class Provenance:
    """Who wrote the analysis ("static", or "llm:MODEL" beside it) and from which snapshot."""

    kind: str
    snapshot: str  # "repo@version"
    date: str | None  # when the snapshot was indexed

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "snapshot": self.snapshot, "date": self.date}


@dataclass(frozen=True, slots=True)
class Analysis:
    """Every section of one error's analysis, as its page shows them."""

    meaning: Meaning
    trigger: TriggerText
    reached_from: tuple[Reach, ...]
    solutions: tuple[Solution, ...]
    solutions_note: str | None  # said instead of solutions when there are none
    references: tuple[str, ...]
    comments: tuple[str, ...]  # the comments near the raise
    todos: tuple[str, ...]  # those of them that are TODO/FIXME notes
    examples: tuple[Example, ...]
    contrast: tuple[Contrast, ...]
    tests_shipped: bool
    tests_note: str  # where examples come from, or why there are none
    related: tuple[Related, ...]
    llm: AnalysisRecord | None  # the cached, verified model answer for the configured model
    provenance: Provenance

    def to_json(self) -> dict[str, Any]:
        return {
            "meaning": self.meaning.to_json(),
            "trigger": self.trigger.to_json(),
            "reached_from": [r.to_json() for r in self.reached_from],
            "solutions": [s.to_json() for s in self.solutions],
            "solutions_note": self.solutions_note,
            "references": list(self.references),
            "comments": list(self.comments),
            "todos": list(self.todos),
            "examples": [e.to_json() for e in self.examples],
            "contrast": [c.to_json() for c in self.contrast],
            "tests_shipped": self.tests_shipped,
            "tests_note": self.tests_note,
            "related": [r.to_json() for r in self.related],
            "llm": self.llm.public_json() if self.llm is not None else None,
            "provenance": self.provenance.to_json(),
        }
