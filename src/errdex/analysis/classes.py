"""An exception class of the codebase: its ancestors across modules and its own docstring.

The extractor records a raise's direct bases (``BadParameter(UsageError)``); what the type
*means* often sits further up (``UsageError(ClickException)``, ``ClickException(Exception)``)
or in the class's docstring, the library's own one-line explanation. Both are read from facts
stored at index time — class definitions and imports per module — and, for the docstring, the
few lines under the class header in the stored file text. Nothing is parsed or imported.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass

from errdex.analysis.symbols import Module, ProjectIndex

__all__ = ["ExcClass", "class_docstring", "exc_class"]

_MAX_DEPTH = 8  # bases that name each other (``class A(B)``, ``class B(A)``) stop here
_HEADER_LINES = 20  # a class header split over more lines than this is not looked into
_DOC_LINES = 60  # nor a docstring longer than this


@dataclass(frozen=True, slots=True)
class ExcClass:
    """Where an exception class is defined, what it derives from, and what it says it is."""

    qualname: str  # module.Class, where it is defined
    path: str
    ancestors: tuple[str, ...]  # base names, nearest first, across modules (``UsageError``, ...)
    doc: str | None  # the class docstring, cleaned


def exc_class(index: ProjectIndex, dotted: str, lines_of: Callable[[str], list[str]]) -> ExcClass | None:
    """The class ``dotted`` names (``click.exceptions.BadParameter``), if the codebase defines it."""
    found = _find(index, dotted, 0)
    if found is None:
        return None
    mod, cls = found
    ancestors: list[str] = []
    _walk(index, mod, cls, ancestors, 0)
    fact_line = _class_line(mod, cls, index)
    doc = class_docstring(lines_of(mod.path), fact_line) if fact_line else None
    return ExcClass(f"{mod.name}.{cls}", mod.path, tuple(ancestors), doc)


def init_owner(index: ProjectIndex, mod: Module, cls: str) -> tuple[Module, str] | None:
    """(module, class) whose ``__init__`` makes objects of ``cls``: the class itself, else its
    nearest ancestor the codebase defines that has one (first base first, as Python's MRO
    starts), or None when only a class outside the codebase would."""
    seen: set[tuple[str, str]] = set()
    todo = [(mod, cls, 0)]
    while todo:
        m, c, depth = todo.pop(0)
        if (m.name, c) in seen or depth > _MAX_DEPTH:
            continue
        seen.add((m.name, c))
        if f"{c}.__init__" in m.funcs:
            return m, c
        for base in m.bases.get(c, []):
            hit = _base_class(index, m, base.split("[")[0].split("(")[0], depth)
            if hit is not None:
                todo.append((hit[0], hit[1], depth + 1))
    return None


def _find(index: ProjectIndex, dotted: str, depth: int) -> tuple[Module, str] | None:
    """(module, class qualname) of a dotted name, following re-exports."""
    parts = dotted.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        mod = index.module(".".join(parts[:cut]))
        if mod is None:
            continue
        rest = ".".join(parts[cut:])
        if rest in mod.classes:
            return mod, rest
        head = parts[cut]
        if depth < _MAX_DEPTH and head in mod.imports:
            for target in mod.imports[head]:
                hit = _find(index, ".".join([target, *parts[cut + 1 :]]), depth + 1)
                if hit is not None:
                    return hit
        return None
    return None


def _walk(index: ProjectIndex, mod: Module, cls: str, out: list[str], depth: int) -> None:
    if depth >= _MAX_DEPTH:
        return
    for base in mod.bases.get(cls, []):
        name = base.split("[")[0].split("(")[0]
        last = name.rsplit(".", 1)[-1]
        if not last or last in out:
            continue
        out.append(last)
        hit = _base_class(index, mod, name, depth)
        if hit is not None:
            _walk(index, hit[0], hit[1], out, depth + 1)


def _base_class(index: ProjectIndex, mod: Module, name: str, depth: int) -> tuple[Module, str] | None:
    if name in mod.classes:
        return mod, name
    head, _, rest = name.partition(".")
    for target in mod.imports.get(head, []):
        hit = _find(index, f"{target}.{rest}" if rest else target, depth + 1)
        if hit is not None:
            return hit
    return None


def _class_line(mod: Module, cls: str, index: ProjectIndex) -> int | None:
    row = index.rows([mod.name]).get(mod.name)
    if row is None:
        return None
    facts = index.reader.facts([row.fact_id]).get(row.fact_id)
    return next((c.line for c in facts.classes if c.qualname == cls), None) if facts else None


def class_docstring(lines: list[str], line: int) -> str | None:
    """The docstring right under the class header at ``line`` (1-based), read from the text.

    A plain scan, bounded in lines: the header runs to the first line ending in ``:``; the
    docstring is the next statement when it opens with triple quotes.
    """
    n = line - 1
    while n < min(len(lines), line - 1 + _HEADER_LINES) and not lines[n].split("#")[0].rstrip().endswith(":"):
        n += 1
    n += 1
    while n < len(lines) and not lines[n].strip():
        n += 1
    if n >= len(lines):
        return None
    first = lines[n].strip().lstrip("rRuU")
    quote = first[:3]
    if quote not in ('"""', "'''"):
        return None
    rest = first[3:]
    if quote in rest:
        return inspect.cleandoc(rest.split(quote, 1)[0]) or None
    body = [rest]
    for k in range(n + 1, min(len(lines), n + _DOC_LINES)):
        if quote in lines[k]:
            body.append(lines[k].split(quote, 1)[0])
            return inspect.cleandoc("\n".join(body)) or None
        body.append(lines[k])
    return None
