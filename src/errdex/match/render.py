"""Terminal rendering of a match result (used by the CLI); rich is imported only here."""

from __future__ import annotations

from typing import TYPE_CHECKING

from errdex.textsafe import markup_escape as escape  # catalogue text may hold terminal escapes

if TYPE_CHECKING:
    from rich.console import Console

    from errdex.match.result import Result


def render(result: Result, console: Console) -> None:
    """Verdict first (the one line most users read), then each match with its evidence."""
    top = result.matches[0] if result.matches else None
    style = "bold green" if top is not None and not top.approximate else "bold yellow"
    console.print(f"[{style}]{escape(result.verdict)}[/]")
    q = result.query
    if q.exc_type or q.message:
        console.print(f"[dim]parsed:[/] {escape(q.exc_type or '?')}: {escape(q.message[:200])}")
    for n, m in enumerate(result.matches, 1):
        flag = "[yellow]~[/]" if m.approximate else "[green]=[/]"
        console.print(
            f"{flag} [bold]{n}.[/] {escape(m.path)}:{m.line} in [cyan]{escape(m.function)}[/]"
            f"  [dim]{escape(m.repo)} {escape(m.version)} · {escape(m.kind)} {escape(m.exc_type)}"
            f" · score {m.score:.2f}[/]"
        )
        console.print(f"     {escape(m.template[:300])}")
        for name, value in list(m.values.items())[:8]:
            console.print(f"     [dim]{escape(name)} =[/] {escape(value[:120])}")
        for reason in m.reasons:
            console.print(f"     [dim]· {escape(reason)}[/]")
