"""The match stage: name the raise site of a pasted error message or traceback.

``parse`` reads the paste, ``index`` holds the catalogue as flat arrays built once per
generation (``artifact``), ``candidates`` fits the text, ``frames`` and the pasted type give
evidence, ``rank`` orders the entries, ``matcher`` runs a query through them. Imports here are
kept light: a cold ``errdex explain`` only maps the index and decodes what the query touches.

The names below are loaded on first use (PEP 562): indexing imports submodules such as
``errdex.match.shared_index`` and ``errdex.match.artifact``, and importing a submodule runs this
file first — eager imports would compile the parser's and matcher's patterns in every indexing
process that never matches (about 0.07 s of CPU per process, hist36's measurement).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from errdex.match.artifact import ARTIFACT, build_index, rebuild_index
    from errdex.match.matcher import Matcher, explain
    from errdex.match.parse import ParsedQuery
    from errdex.match.parse import parse as parse_query
    from errdex.match.render import render as render_human
    from errdex.match.result import VERDICTS, Match, Result

# public name -> (submodule, attribute)
_LAZY: dict[str, tuple[str, str]] = {
    "ARTIFACT": ("artifact", "ARTIFACT"),
    "build_index": ("artifact", "build_index"),
    "rebuild_index": ("artifact", "rebuild_index"),
    "Matcher": ("matcher", "Matcher"),
    "explain": ("matcher", "explain"),
    "ParsedQuery": ("parse", "ParsedQuery"),
    "parse_query": ("parse", "parse"),
    "render_human": ("render", "render"),
    "VERDICTS": ("result", "VERDICTS"),
    "Match": ("result", "Match"),
    "Result": ("result", "Result"),
}

__all__ = [
    "ARTIFACT",
    "VERDICTS",
    "Match",
    "Matcher",
    "ParsedQuery",
    "Result",
    "build_index",
    "explain",
    "parse_query",
    "rebuild_index",
    "render_human",
]


def __getattr__(name: str) -> Any:
    """Import the submodule that holds ``name`` on first use and keep the value here, so the
    next access is a plain module attribute."""
    try:
        module, attr = _LAZY[name]
    except KeyError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    value = getattr(importlib.import_module(f"{__name__}.{module}"), attr)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_LAZY])
