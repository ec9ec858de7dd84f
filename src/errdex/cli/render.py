"""What the command line draws on a terminal; rich is imported only inside these functions.

``print_error`` is ``errdex show ID`` for humans: the same sections as the web page, rendered
from the ``ErrorView`` that ``errdex.views.error_view`` built and nothing else, so the terminal, the page and
the JSON API cannot disagree. Colour and syntax highlighting on a terminal; plain text when
piped (rich decides from the console), with the raise line marked either way.

Everything printed from a catalogue goes through ``errdex.textsafe.printable`` first: the
catalogue is data written by whoever built it, and a message template may hold terminal escape
sequences.
"""

from __future__ import annotations

import re
from dataclasses import fields, is_dataclass, replace
from typing import TYPE_CHECKING, Any, cast

from errdex.store.records import AnalysisRecord
from errdex.textsafe import printable, truncate

if TYPE_CHECKING:
    from errdex.analysis.result import Analysis
    from errdex.store.records import ErrorSummary
    from errdex.views import ErrorView

__all__ = ["print_error", "print_error_rows", "print_thrown_at", "printable_tree"]

_MAX_TEMPLATE_CELL = 100


def print_error_rows(rows: list[ErrorSummary], total: int, *, tty: bool) -> None:
    """``errdex list``: a table on a terminal, one tab-separated line per error elsewhere."""

    def cells(r: ErrorSummary) -> tuple[str, str, str, str]:
        # One line per field: newlines become spaces, every other control character an escape.
        tmpl = r.template.replace("\n", " ")
        eid, exc, where, text = (
            printable(v, newlines=False) for v in (r.id, r.exc_type, f"{r.path}:{r.line}", tmpl)
        )
        return eid, exc, where, text

    if not tty:  # pipes and logs get one tab-separated line per error
        for r in rows:
            print("\t".join(cells(r)))
        return
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    table = Table(show_lines=False, box=None, pad_edge=False)
    for col in ("id", "type", "where", "message template"):
        table.add_column(col, overflow="fold" if col == "message template" else "ellipsis")
    for r in rows:
        eid, exc, where, tmpl = cells(r)
        table.add_row(Text(eid), Text(exc), Text(where), Text(truncate(tmpl, _MAX_TEMPLATE_CELL)))
    console = Console()
    console.print(table, highlight=False, markup=False)
    console.print(f"{len(rows)} of {total} errors", style="dim", highlight=False)


def printable_tree[T](value: T) -> T:
    """``value`` with every string inside it made safe for the terminal (newlines kept): a JSON
    tree, or a frozen dataclass such as an ``ErrorView``, rebuilt with the same types."""
    out: Any = value
    if isinstance(value, str):
        out = printable(value)
    elif isinstance(value, dict):
        out = {k: printable_tree(v) for k, v in value.items()}
    elif isinstance(value, list):
        out = [printable_tree(v) for v in value]
    elif isinstance(value, tuple):
        out = tuple(printable_tree(v) for v in value)
    elif is_dataclass(value) and not isinstance(value, type):
        out = replace(
            value, **{f.name: printable_tree(getattr(value, f.name)) for f in fields(value) if f.init}
        )
    return cast(T, out)


def print_thrown_at(console: Any, reader: Any, best: Any) -> None:
    """The best candidate's raise with a few lines of context: what ``errdex explain`` is for. A
    library call the error was raised below (``Match.is_call``) shows that call, and no
    ``errdex show`` line: it is no catalogue entry."""
    from errdex.views import match_source

    found = match_source(reader, best)
    if found is None:
        return
    # Plain numbered lines with the raise marked: Pygments would add ~0.1 s to a cold start,
    # and `errdex show` has the highlighted window.
    from rich.text import Text

    line, end_line, text = found
    lines = text.splitlines()
    first, last = max(1, line - 8), min(len(lines), end_line + 3)
    head = "Raised below the call at" if best.is_call else "Thrown at"
    console.print(
        f"\n{head} {printable(best.path, newlines=False)}:{line}",
        style="bold",
        highlight=False,
        markup=False,
    )
    out = Text(no_wrap=True, overflow="ellipsis")
    for n in range(first, last + 1):
        hit = line <= n <= end_line
        out.append(f"{'❱' if hit else ' '} {n:>5}  ", style="bold red" if hit else "dim")
        out.append(printable(lines[n - 1]) + "\n", style="bold" if hit else "")
    console.print(out, end="")
    if not best.is_call:
        console.print(f"More: errdex show {printable(best.id)}", style="dim", highlight=False, markup=False)


# Width of output into a file or a pipe: rich assumes 80 columns there and crops code lines and
# wraps messages at it, so `errdex show ID > notes.txt` lost the ends of long source lines.
# Text is not padded to the width when it is not a terminal, so a wide one costs nothing.
_PIPE_WIDTH = 1000


def output_console(*, highlight: bool = False) -> Any:
    """The console for a command's answer: the terminal's width on a terminal; into a file or a
    pipe, lines whole (no wrapping, no cropping) so what is saved or grepped is what was said."""
    import sys

    from rich.console import Console

    if sys.stdout.isatty():
        return Console(highlight=highlight)
    return Console(highlight=highlight, soft_wrap=True, width=_PIPE_WIDTH)


def print_error(view: ErrorView, console: Any = None) -> None:
    """The page's sections for one error, from its view."""
    from rich.text import Text

    con = console or output_console()
    a = view.analysis
    con.print(Text(f"{view.repo} · {view.kind} · {view.exc_type}", style="bold"))
    con.print(Text(f"ID {view.id}  ·  {view.repo} {view.version.name}", style="dim"))

    _head(con, "Error message")
    if view.template.strip():
        con.print(_template_text(view.template))
    else:
        from errdex.views import NO_MESSAGE

        con.print(
            Text(f"{NO_MESSAGE}: the exception prints what its arguments hold at run time", style="dim")
        )

    if a is not None and a.meaning.text:
        _head(con, "What it means")
        con.print(a.meaning.text, markup=False)

    _print_source(con, view)

    if a is not None:
        _print_analysis(con, a)

    _print_versions(con, view)

    if a is not None and a.llm is not None:
        _print_llm(con, a.llm)
    kind = "Static analysis" if a is None or a.provenance.kind == "static" else "AI-assisted analysis"
    snapshot, date = (a.provenance.snapshot, a.provenance.date or "") if a else (view.repo, "")
    con.print()
    con.print(Text(f"{kind} of {snapshot} ({date}). Data as JSON: /api/errors/{view.id}.", style="dim"))


def _print_analysis(con: Any, a: Analysis) -> None:
    """Solutions, examples, when it happens and related errors, in the page's order."""
    if a.solutions:
        _head(con, "Solutions")
        for n, s in enumerate(a.solutions, 1):
            con.print(f"{n}. {s.text}  [{s.source}]", markup=False)
    elif a.solutions_note:
        _head(con, "Solutions")
        con.print(a.solutions_note, markup=False)
    if a.references:
        con.print("References: " + ", ".join(a.references), markup=False)

    _print_examples(con, a)

    _print_trigger(con, a)

    if a.related:
        _head(con, "Related errors")
        for r in a.related:
            con.print(f"• {r.template}  ({r.exc_type}, {r.relation}, {r.id})", markup=False)


def _print_source(con: Any, view: ErrorView) -> None:
    from rich.syntax import Syntax

    _head(con, "Source")
    con.print(f"Thrown at {view.path}:{view.line}", markup=False)
    src = view.source
    if src.lines:
        # A terminal shows the raise with a screenful of context, not the whole function
        # (the page and --json carry the full window).
        first = max(src.start, view.line - 25)
        last = min(src.start + len(src.lines) - 1, view.end_line + 12)
        code = "\n".join(src.lines[first - src.start : last - src.start + 1])
        marks = set(range(view.line, view.end_line + 1))
        con.print(
            Syntax(
                code,
                "python",
                line_numbers=True,
                start_line=first,
                highlight_lines=marks,
                word_wrap=False,
                theme="ansi_dark",
            )
        )
    link = view.permalink
    if link:
        con.print(f"View on the forge (pinned to {link.label}): {link.url}", markup=False)


def _print_examples(con: Any, a: Analysis) -> None:
    from rich.syntax import Syntax

    _head(con, "Example")
    for ex in a.examples:
        con.print(f"This test triggers it: {ex.path}:{ex.line} ({ex.function})", markup=False)
        con.print(
            Syntax(
                ex.source,
                "python",
                line_numbers=True,
                start_line=ex.start,
                highlight_lines=set(range(ex.line, ex.end_line + 1)),
                theme="ansi_dark",
            )
        )
        if ex.permalink:
            con.print(ex.permalink, markup=False)
    for c in a.contrast:
        shared = ", ".join(c.shared)
        con.print(
            f"This sibling test passes ({shared} without the error): {c.path}:{c.line} ({c.function})",
            markup=False,
        )
        con.print(Syntax(c.source, "python", line_numbers=True, start_line=c.start, theme="ansi_dark"))
    if a.tests_note:
        con.print(a.tests_note, style="dim", markup=False)


def _print_versions(con: Any, view: ErrorView) -> None:
    """The releases that hold the error. With several releases of its codebase indexed, the
    lineage as the page shows it: runs of releases with their line, each rewording as a word
    diff (``[-old-]{+new+}``, readable without colour), moves and removal."""
    history = view.history
    if not view.versions and not history.releases:
        return
    _head(con, "Versions")
    if len(history.releases) > 1:
        from errdex.history.render import history_lines

        for line in history_lines(history):
            con.print(line, markup=False, highlight=False, soft_wrap=True)
        con.print(f"History as JSON: /api/errors/{view.id}/history.", style="dim", markup=False)
        return
    for occ in view.versions:
        ver = occ.version
        date = f" ({ver.date[:10]})" if ver.date else ""
        con.print(f"{ver.name} line {occ.line}{date}", markup=False, highlight=False)


def _print_trigger(con: Any, a: Analysis) -> None:
    _head(con, "When it happens")
    con.print("Trigger: " + a.trigger.text, markup=False)
    for r in a.reached_from[:5]:
        dyn = " (via a dynamic call)" if r.dynamic else ""
        con.print(f"  reached from {r.function} ({r.path}:{r.line}){dyn}", markup=False)
    for t in a.todos:
        con.print(f"  note in the code: {t}", markup=False)


def _print_llm(con: Any, record: AnalysisRecord) -> None:
    """The model's prose, labelled as such and kept apart from the facts above it.

    Only verified claims reach here; saying how many were dropped, and which names they
    invented, tells the reader how much to trust what is left.
    """
    from rich.syntax import Syntax

    _head(con, f"AI-assisted explanation ({record.model}, {record.date or 'undated'})")
    con.print(
        "Written by a language model from the facts above; every name it uses was checked "
        "against the code, but the prose may still be wrong.",
        style="dim",
        markup=False,
    )
    sec = record.sections
    for text, title in ((sec.meaning, "What it means"), (sec.trigger, "When it happens")):
        if text:
            con.print(f"{title}: {text}", markup=False)
    if sec.common_situations:
        con.print("Common situations:", markup=False)
        for s in sec.common_situations:
            con.print(f"  • {s}", markup=False)
    if sec.solutions:
        con.print("Solutions:", markup=False)
        for n, s in enumerate(sec.solutions, 1):
            con.print(f"  {n}. {s}", markup=False)
    fix = sec.example_fix
    for part, code in (("before", fix.before), ("after", fix.after)) if fix else ():
        if code:
            con.print(f"Example fix, {part}:", markup=False)
            con.print(Syntax(code, "python", theme="ansi_dark", word_wrap=True))
    if record.dropped:
        names = ", ".join(record.unverified)
        claim = "claim" if record.dropped == 1 else "claims"
        con.print(
            f"{record.dropped} {claim} dropped: named unknown symbols {names}", style="dim", markup=False
        )


def _head(con: Any, title: str) -> None:
    from rich.text import Text

    con.print()
    con.print(Text(title, style="bold underline"))


def _template_text(template: str) -> Any:
    """The message with its ``{placeholders}`` styled, so the dynamic parts stand out."""
    from rich.text import Text

    out = Text()
    pos = 0
    for m in re.finditer(r"\{[^{}]*\}", template):
        out.append(template[pos : m.start()])
        out.append(m.group(0), style="bold cyan")
        pos = m.end()
    out.append(template[pos:])
    return out
