"""The match stage: name the raise site of a pasted error message or traceback.

``parse`` reads the paste, ``index`` holds the catalogue as flat arrays built once per
generation (``artifact``), ``candidates`` fits the text, ``frames`` and the pasted type give
evidence, ``rank`` orders the entries, ``matcher`` runs a query through them. Imports here are
kept light: a cold ``errdex explain`` only maps the index and decodes what the query touches.
"""

from __future__ import annotations

from errdex.match.artifact import ARTIFACT, build_index, rebuild_index
from errdex.match.matcher import Matcher, explain
from errdex.match.parse import ParsedQuery
from errdex.match.parse import parse as parse_query
from errdex.match.render import render as render_human
from errdex.match.result import VERDICTS, Match, Result

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
