"""A raise whose message is, on one path, a helper's result alone and, on others, that result
grown by a branch's text (pip's ``msg = with_source(f"Invalid requirement: {req!r}")``, then
``if add_msg: msg += f"\\nHint: {add_msg}"`` with ``add_msg`` set in several branches): each
rendering is a template of the raise, the plain one (no hint) as much as the hinted ones.

The raise's class is the codebase's own, so its renderings pass the filter that keeps a
printer's forms showing the raise's own text (``resolve._showing``); the hints' words are the
only literal text of the argument's forms, and the plain path, the helper's result alone,
holds none of them. The package is synthetic, parsed and never imported."""

from __future__ import annotations

from errdex.extract import extract
from errdex.model import SourceFile

REQS = """\
class InstallationError(Exception):
    pass


def parse_line(name, line_source):
    def with_source(text):
        if not line_source:
            return text
        return f"{text} (from {line_source})"

    def _parse(req):
        if "/" in req:
            hint = "It looks like a path."
        elif "=" in req:
            hint = "= is not a valid operator."
        else:
            hint = ""
        msg = with_source(f"Invalid requirement: {req!r}")
        if hint:
            msg += f"\\nHint: {hint}"
        raise InstallationError(msg)

    return _parse(name)
"""


def _templates(source: str) -> set[str]:
    ex = extract([SourceFile("reqlib/constructors.py", source.encode())], "local/reqlib", jobs=1)
    return {r.template for r in ex.records if r.function.endswith("_parse")}


def test_the_path_without_the_hint_is_a_template_too() -> None:
    assert _templates(REQS) == {
        "Invalid requirement: {req!r} (from {line_source})",
        "Invalid requirement: {req!r} (from {line_source})\nHint: It looks like a path.",
        "Invalid requirement: {req!r} (from {line_source})\nHint: = is not a valid operator.",
    }
