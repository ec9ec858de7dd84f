"""What the command line draws on a terminal; rich is imported only inside these functions.

``print_error`` is ``errdex show ID`` for humans: the same sections as the web page, rendered
from the dict ``errdex.views.error_view`` built and nothing else, so the terminal, the page and
the JSON API cannot disagree. Colour and syntax highlighting on a terminal; plain text when
piped (rich decides from the console), with the raise line marked either way.

Everything printed from a catalogue goes through ``errdex.textsafe.printable`` first: the
catalogue is data written by whoever built it, and a message template may hold terminal escape
sequences.
"""

from __future__ import annotations

import re
from typing import Any

from errdex.textsafe import printable, truncate

__all__ = ["print_error", "print_error_rows", "print_thrown_at", "printable_tree"]

_MAX_TEMPLATE_CELL = 100


def print_error_rows(rows: list[dict[str, Any]], total: int, *, tty: bool) -> None:
    """``errdex list``: a table on a terminal, one tab-separated line per error elsewhere."""

    def cells(r: dict[str, Any]) -> tuple[str, str, str, str]:
        # One line per field: newlines become spaces, every other control character an escape.
        tmpl = r["template"].replace("\n", " ")
        eid, exc, where, text = (
            printable(v, newlines=False) for v in (r["id"], r["exc_type"], f"{r['path']}:{r['line']}", tmpl)
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


def printable_tree(value: Any) -> Any:
    """A JSON-like view with every string made safe for the terminal (newlines kept)."""
    if isinstance(value, str):
        return printable(value)
    if isinstance(value, dict):
        return {k: printable_tree(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [printable_tree(v) for v in value]
    return value


def print_thrown_at(console: Any, reader: Any, best: Any) -> None:
    """The best candidate's raise with a few lines of context: what ``errdex explain`` is for."""
    found = reader.error_source(best.id, best.version)
    if found is None:
        return
    # Plain numbered lines with the raise marked: Pygments would add ~0.1 s to a cold start,
    # and `errdex show` has the highlighted window.
    from rich.text import Text

    line, end_line, text = found
    lines = text.splitlines()
    first, last = max(1, line - 8), min(len(lines), end_line + 3)
    console.print(
        f"\nThrown at {printable(best.path, newlines=False)}:{line}",
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
    console.print(f"More: errdex show {printable(best.id)}", style="dim", highlight=False, markup=False)


def print_error(view: dict[str, Any], console: Any = None) -> None:
    """The page's sections for one error, from its view."""
    from rich.console import Console
    from rich.text import Text

    con = console or Console(highlight=False)
    a = view.get("analysis") or {}
    con.print(Text(f"{view['repo']} · {view['kind']} · {view['exc_type']}", style="bold"))
    con.print(
        Text(f"ID {view['id']}  ·  {view['repo']} {view.get('version', {}).get('name', '')}", style="dim")
    )

    _head(con, "Error message")
    con.print(_template_text(view["template"]))

    if a.get("meaning"):
        _head(con, "What it means")
        con.print(a["meaning"]["text"], markup=False)

    _print_source(con, view)

    if a.get("solutions"):
        _head(con, "Solutions")
        for n, s in enumerate(a["solutions"], 1):
            con.print(f"{n}. {s['text']}  [{s['source']}]", markup=False)
    elif a.get("solutions_note"):
        _head(con, "Solutions")
        con.print(a["solutions_note"], markup=False)
    if a.get("references"):
        con.print("References: " + ", ".join(a["references"]), markup=False)

    _print_examples(con, a)

    if a.get("trigger"):
        _print_trigger(con, a)

    if a.get("related"):
        _head(con, "Related errors")
        for r in a["related"]:
            con.print(f"• {r['template']}  ({r['exc_type']}, {r['relation']}, {r['id']})", markup=False)

    _print_versions(con, view)

    llm = a.get("llm")
    if llm:
        _print_llm(con, llm)
    prov = a.get("provenance") or {}
    kind = "Static analysis" if prov.get("kind", "static") == "static" else "AI-assisted analysis"
    con.print()
    con.print(
        Text(
            f"{kind} of {prov.get('snapshot', view['repo'])} ({prov.get('date') or ''}). "
            f"Data as JSON: /api/errors/{view['id']}.",
            style="dim",
        )
    )


def _print_source(con: Any, view: dict[str, Any]) -> None:
    from rich.syntax import Syntax

    _head(con, "Source")
    con.print(f"Thrown at {view['path']}:{view['line']}", markup=False)
    src = view.get("source") or {}
    if src.get("lines"):
        # A terminal shows the raise with a screenful of context, not the whole function
        # (the page and --json carry the full window).
        first = max(src["start"], view["line"] - 25)
        last = min(src["start"] + len(src["lines"]) - 1, view["end_line"] + 12)
        code = "\n".join(src["lines"][first - src["start"] : last - src["start"] + 1])
        marks = set(range(view["line"], view["end_line"] + 1))
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
    link = view.get("permalink")
    if link:
        con.print(f"View on the forge (pinned to {link['label']}): {link['url']}", markup=False)


def _print_examples(con: Any, a: dict[str, Any]) -> None:
    from rich.syntax import Syntax

    _head(con, "Example")
    for ex in a.get("examples", []):
        con.print(f"This test triggers it: {ex['path']}:{ex['line']} ({ex['function']})", markup=False)
        con.print(
            Syntax(
                ex["source"],
                "python",
                line_numbers=True,
                start_line=ex.get("start", 1),
                highlight_lines=set(range(ex["line"], ex["end_line"] + 1)),
                theme="ansi_dark",
            )
        )
        if ex.get("permalink"):
            con.print(ex["permalink"], markup=False)
    for c in a.get("contrast", []):
        shared = ", ".join(c.get("shared", []))
        con.print(
            f"This sibling test passes ({shared} without the error): {c['path']}:{c['line']} "
            f"({c['function']})",
            markup=False,
        )
        con.print(
            Syntax(c["source"], "python", line_numbers=True, start_line=c.get("start", 1), theme="ansi_dark")
        )
    if a.get("tests_note"):
        con.print(a["tests_note"], style="dim", markup=False)


def _print_versions(con: Any, view: dict[str, Any]) -> None:
    """The releases that hold the error. With several releases of its codebase indexed, the
    lineage as the page shows it: runs of releases with their line, each rewording as a word
    diff (``[-old-]{+new+}``, readable without colour), moves and removal."""
    history = view.get("history") or {}
    versions = view.get("versions") or []
    if not versions and not history:
        return
    _head(con, "Versions")
    if len(history.get("releases") or []) > 1:
        from errdex.history.render import history_lines

        for line in history_lines(history):
            con.print(line, markup=False, highlight=False, soft_wrap=True)
        con.print(f"History as JSON: /api/errors/{view['id']}/history.", style="dim", markup=False)
        return
    for ver in versions:
        date = f" ({ver['date'][:10]})" if ver.get("date") else ""
        con.print(f"{ver['name']} line {ver['line']}{date}", markup=False, highlight=False)


def _print_trigger(con: Any, a: dict[str, Any]) -> None:
    _head(con, "When it happens")
    con.print("Trigger: " + a["trigger"]["text"], markup=False)
    for r in a.get("reached_from", [])[:5]:
        dyn = " (via a dynamic call)" if r.get("dynamic") else ""
        con.print(f"  reached from {r['function']} ({r['path']}:{r['line']}){dyn}", markup=False)
    for t in a.get("todos", []):
        con.print(f"  note in the code: {t}", markup=False)


def _print_llm(con: Any, llm: dict[str, Any]) -> None:
    """The model's prose, labelled as such and kept apart from the facts above it.

    Only verified claims reach here; saying how many were dropped, and which names they
    invented, tells the reader how much to trust what is left.
    """
    from rich.syntax import Syntax

    _head(con, f"AI-assisted explanation ({llm.get('model')}, {llm.get('date') or 'undated'})")
    con.print(
        "Written by a language model from the facts above; every name it uses was checked "
        "against the code, but the prose may still be wrong.",
        style="dim",
        markup=False,
    )
    sec = llm.get("sections") or {}
    for key, title in (("meaning", "What it means"), ("trigger", "When it happens")):
        if sec.get(key):
            con.print(f"{title}: {sec[key]}", markup=False)
    if sec.get("common_situations"):
        con.print("Common situations:", markup=False)
        for s in sec["common_situations"]:
            con.print(f"  • {s}", markup=False)
    if sec.get("solutions"):
        con.print("Solutions:", markup=False)
        for n, s in enumerate(sec["solutions"], 1):
            con.print(f"  {n}. {s}", markup=False)
    fix = sec.get("example_fix")
    if fix:
        for part in ("before", "after"):
            if fix.get(part):
                con.print(f"Example fix, {part}:", markup=False)
                con.print(Syntax(fix[part], "python", theme="ansi_dark", word_wrap=True))
    dropped = int(llm.get("dropped") or 0)
    if dropped:
        names = ", ".join(llm.get("unverified") or [])
        claim = "claim" if dropped == 1 else "claims"
        con.print(f"{dropped} {claim} dropped: named unknown symbols {names}", style="dim", markup=False)


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
