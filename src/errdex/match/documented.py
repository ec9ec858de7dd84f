"""A class raised only by compiled code, answered at the library's functions documented to raise it.

A message pasted alone whose class lives in a package the catalogue does not hold
(``pydantic_core._pydantic_core.ValidationError``: pydantic-core's Rust validators) has no raise
statement to match: the error is raised below a library call into that compiled code
(``BaseModel.__init__``'s ``self.__pydantic_validator__.validate_python(...)``). Nothing in the
library's code ties that call to the class, but its docstrings do: ``Raises: ValidationError: If
the object could not be validated.``, numpydoc's ``Raises`` / ``------`` sections, Sphinx's
``:raises ValidationError:``, or a sentence "Raises [`ValidationError`] if ...". A function whose
docstring says it raises the class, in a module importing the class from the pasted package
(pydantic.v1's own ``ValidationError`` is another class), is where the library raises it; its
call into the code that raised is the first of its calls that can reach that package
(``chosen_call``). The code facts the catalogue stores (docstrings, imports, calls with their
lines) hold all of it: no statement verifies the text, so every such answer is approximate.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from errdex.model import CallFact, CodeFacts, FunctionFact

__all__ = ["Documented", "chosen_call", "documented_in", "overlap", "raises_passage"]

# a section header: Google's ``Raises:``, or numpydoc's ``Raises`` over a line of dashes
_HEADER = re.compile(r"\s*([A-Za-z][A-Za-z ]*):\s*")
_DASHES = re.compile(r"\s*-{3,}\s*")
_RAISE_WORD = re.compile(r"\braises?\b", re.IGNORECASE)
_WORD = re.compile(r"[a-z][a-z0-9]{2,}")
# words every docstring of a raise and every message share: no evidence either way
_COMMON = frozenset(
    {"the", "and", "for", "not", "are", "with", "this", "that", "from", "error", "raise", "raises"}
)
_URL = re.compile(r"\bhttps?://\S+")
_TARGET = re.compile(r"\]\[[^\]]*\]")
# lines kept after the one naming the class: its description in every docstring style
_DESCRIPTION_LINES = 3


@dataclass(frozen=True, slots=True)
class Documented:
    """A function documented to raise the class, and its call into the code that raised it."""

    function: FunctionFact
    call: CallFact
    passage: str  # the docstring's lines saying it raises the class


def raises_passage(doc: str, name: str) -> str | None:
    """The lines of ``doc`` that say its function raises class ``name`` (the line naming it in a
    ``Raises`` section, or a line that says "raise(s)" and names it, with the description lines
    below it); None when the docstring names the class only otherwise (a ``Returns`` or
    ``Example`` line, prose about catching it)."""
    if name not in doc:
        return None  # nearly every docstring: no need to read its lines
    word = re.compile(rf"(?<!\w){re.escape(name)}(?!\w)")
    lines = doc.splitlines()
    section = ""
    for i, line in enumerate(lines):
        header = _HEADER.fullmatch(line)
        if header is not None:
            section = header.group(1).lower()
        elif i + 1 < len(lines) and _DASHES.fullmatch(lines[i + 1]) and line.strip():
            section = line.strip().lower()
        if word.search(line) is None:
            continue
        if section.startswith("raise") or _RAISE_WORD.search(line):
            return "\n".join([line.strip(), *_description(lines[i + 1 : i + 1 + _DESCRIPTION_LINES], line)])
    return None


def _description(below: list[str], line: str) -> list[str]:
    """The lines under a docstring's line naming a raised class that describe it: up to the
    paragraph's end, and in a section only those indented under it (the next ``ValueError:``
    item is another class's)."""
    indent = len(line) - len(line.lstrip())
    out: list[str] = []
    for text in below:
        if not text.strip() or (_HEADER.fullmatch(text) is not None):
            break
        if len(text) - len(text.lstrip()) <= indent and not _RAISE_WORD.search(line):
            break
        out.append(text.strip())
    return out


def _imported_from(facts: CodeFacts, top: str) -> frozenset[str]:
    """The names an import of the file takes from package ``top`` (``from pydantic_core import
    ValidationError``, ``import pydantic_core``), whatever else binds them too: built once a
    file, for every name asked of it (the class, its functions' calls)."""
    return frozenset(
        imp.local for imp in facts.imports if imp.level == 0 and imp.target.partition(".")[0] == top
    )


def chosen_call(
    facts: CodeFacts, function: FunctionFact, calls: Sequence[CallFact], top: str
) -> CallFact | None:
    """The call of ``function`` that can reach package ``top``'s compiled code: the first call
    of a name the file imports from ``top``; else the first call of a method of an object the
    instance or class holds (``self.__pydantic_validator__.validate_python``), whose code the
    catalogue cannot see: a library keeps its compiled engine in an attribute. Calls of names
    imported from elsewhere, of the file's own functions and classes, of builtins, of the
    function's own class's methods (``self.helper``) and of its arguments' methods
    (``name.strip``) are none of these; None when only those are made."""
    return _chosen(_imported_from(facts, top), function, calls)


def _chosen(imported: frozenset[str], function: FunctionFact, calls: Sequence[CallFact]) -> CallFact | None:
    """``chosen_call``, given the file's ``_imported_from``."""
    held: CallFact | None = None
    for call in calls:
        if call.caller != function.qualname:
            continue
        root, _, rest = call.callee.partition(".")
        if root in imported:
            return call
        if held is None and root in ("self", "cls") and "." in rest:
            held = call
    return held


def documented_in(facts: CodeFacts, calls: Sequence[CallFact], name: str, top: str) -> list[Documented]:
    """The functions of one file documented to raise class ``name`` of package ``top``, each with
    its call into ``top``'s code, in file order; none when the file does not import ``name``
    from ``top`` (its docstrings' ``name`` is then another class)."""
    imported = _imported_from(facts, top)
    if name not in imported:
        return []
    out: list[Documented] = []
    for fn in facts.functions:
        passage = raises_passage(fn.doc, name) if fn.doc else None
        if passage is None:
            continue
        call = _chosen(imported, fn, calls)
        if call is not None:
            out.append(Documented(fn, call, passage))
    return out


def overlap(message: str, passage: str, name: str) -> int:
    """How many distinct words (three letters or more, the class's name and the commonest aside)
    the pasted message shares with a docstring's passage: which of a library's documented raises
    the message describes (``Invalid JSON`` and "If `json_data` is not a JSON string"). A URL's
    words and a cross-reference's target (``[`ValidationError`][pydantic_core.ValidationError]``)
    describe nothing: every message, or every passage, of the library repeats them."""
    said = _URL.sub(" ", message).lower()
    documented = _TARGET.sub("]", _URL.sub(" ", passage)).lower()
    skip = _COMMON | {name.lower()}
    return len((set(_WORD.findall(said)) & set(_WORD.findall(documented))) - skip)
