"""A found raise site as a few lines of text (terminals, logs, pytest) or as HTML (notebooks).

Everything shown from the catalogue goes through ``textsafe.printable`` (text) or HTML escaping:
a catalogue is data written by whoever built it.
"""

from __future__ import annotations

import html

from errdex.hooks.sites import SiteReport
from errdex.textsafe import printable

__all__ = ["as_html", "as_text"]


def _one(text: str) -> str:
    return printable(text, newlines=False)


def _lines(report: SiteReport, exc_type: str | None) -> list[tuple[str, str]]:
    """(label, value) pairs both renderings share; the first is the headline."""
    r = report.record
    if report.kind == "found" and r is not None:
        what = "warned" if r.kind == "warning" else "raised"
        shown = exc_type or r.exc_type
        out = [
            ("", f"{shown} {what} at {r.path}:{r.line} in {r.function} ({r.repo} {r.version})"),
            ("message template", r.template),
        ]
        if report.trigger:
            out.append(("when", report.trigger))
        out.append(("more", f"errdex show {r.id}"))
        return out
    if report.kind == "not-indexed":
        where = report.installed or "the library it runs in"
        return [
            ("", f"the error comes from {where}, which is not in the catalogue at this version"),
            ("to index it", report.hint or "errdex index --env"),
        ]
    return []


def as_text(report: SiteReport, exc_type: str | None = None) -> str:
    """``errdex: ...`` lines, or "" when there is nothing to say."""
    pairs = _lines(report, exc_type)
    if not pairs:
        return ""
    head, *rest = pairs
    lines = [f"errdex: {_one(head[1])}"]
    lines += [f"  {label}: {_one(value)}" for label, value in rest]
    lines += [f"  note: {_one(n)}" for n in report.notes]
    return "\n".join(lines) + "\n"


def as_html(report: SiteReport, exc_type: str | None = None) -> str:
    """The same as a small HTML block for a notebook's output area, or ""."""
    pairs = _lines(report, exc_type)
    if not pairs:
        return ""
    head, *rest = pairs
    rows = "".join(
        f"<tr><th style='text-align:left;padding-right:1em'>{html.escape(label)}</th>"
        f"<td><code>{html.escape(value)}</code></td></tr>"
        for label, value in rest
    )
    notes = "".join(f"<p>{html.escape(n)}</p>" for n in report.notes)
    return (
        "<div class='errdex' style='border-left:3px solid #c33;padding:4px 8px;margin:4px 0'>"
        f"<b>errdex</b>: {html.escape(head[1])}<table>{rows}</table>{notes}</div>"
    )
