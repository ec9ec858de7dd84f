"""Jinja2 set-up and the error page's model: what each section of the page shows.

The error page follows the seed pages' sections in order (message, meaning, source, solutions,
example, when it happens, related, versions, provenance). Its data is the ``ErrorView`` of
``error_view``, whose ``analysis`` is the analysis stage's ``Analysis``, or None when the
analysis stage failed; then the page falls back to facts the catalogue holds itself: the
guards on the path to the raise, the tests linked at index time, and the other errors of the
same module.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup

from errdex.analysis.result import Analysis, Example, TriggerText
from errdex.store.records import AnalysisRecord
from errdex.textsafe import truncate, valid_unicode
from errdex.views import NO_MESSAGE, shown_template
from errdex.web import render
from errdex.web.state import WebState

if TYPE_CHECKING:
    from errdex.views import ErrorView

__all__ = ["compile_templates", "env", "error_url", "html_bytes", "render_error", "source_url"]

# The page shows this much code around the raise; the stored window can be a whole function.
WINDOW_BEFORE = 25
WINDOW_AFTER = 20

env = Environment(
    loader=FileSystemLoader(Path(__file__).parent / "templates"),
    autoescape=select_autoescape(default=True, default_for_string=True),
    trim_blocks=True,
    lstrip_blocks=True,
)


def compile_templates() -> None:
    """Compile every page template now (server start) rather than in the first request that
    renders each: Jinja compiles a template on first use, ~60 ms of CPU for the search page.
    Compiled templates stay in ``env``'s cache (a later call only checks they are current)."""
    for name in env.list_templates(extensions=["html"]):
        env.get_template(name)


def html_bytes(html: str) -> bytes:
    """A page as UTF-8; a lone surrogate from indexed text becomes U+FFFD instead of a 500."""
    return valid_unicode(html).encode("utf-8")


def error_url(repo: str, error_id: str) -> str:
    return f"/{quote(repo)}/errors/{quote(error_id)}"


def source_url(repo: str, snapshot_id: Any, path: str, line: int | None = None) -> str:
    return f"/{quote(repo)}/source/{snapshot_id}/{quote(path)}" + (f"#L{line}" if line else "")


env.filters["truncate_text"] = truncate
env.filters["prose"] = render.prose
env.filters["shown_template"] = shown_template
env.globals["no_message"] = NO_MESSAGE
env.globals.update(
    highlight_template=render.highlight_template,
    is_short_label=lambda x: 0 < len(x) <= 24 and "\n" not in x,
    error_url=error_url,
    source_url=source_url,
    quote=quote,
)


@dataclass(frozen=True, slots=True)
class PageTest:
    """A test on the page, with its code highlighted: one that triggers the error (``text`` says
    what it expects) or a passing sibling (``shared``: what both call)."""

    path: str
    line: int
    function: str
    url: str
    code: Markup | None
    text: str = ""
    shared: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class PageLink:
    """Another error in the "Related errors" list."""

    url: str
    text: str
    exc_type: str
    relation: str


def render_error(state: WebState, error_id: str) -> tuple[str, bytes] | None:
    """(canonical repo, HTML) of an error page, or None for an unknown ID."""
    view = state.view(error_id)
    if view is None:
        return None
    # None when the analysis stage failed: the page falls back to the catalogue's own facts
    analysis = view.analysis
    latest = view.latest
    html = env.get_template("error.html").render(
        v=view,
        a=analysis,
        has_analysis=analysis is not None,
        window=_window(view),
        latest=latest,
        message=render.highlight_template(view.segments or [view.template]),
        trigger=analysis.trigger if analysis else TriggerText((), ""),
        examples=_examples(state, view),
        contrast=_contrast(view),
        related=_related(view) or _nearby(state, view),
        provenance=_provenance(analysis),
        ai=_ai(analysis.llm if analysis else None),
    )
    return view.repo, html_bytes(html)


def _window(view: ErrorView) -> Markup:
    src = view.source
    lines = src.lines
    start, line, end = src.start, view.line, view.end_line
    lo = max(start, line - WINDOW_BEFORE)
    hi = min(start + len(lines) - 1, end + WINDOW_AFTER)
    return render.code_window(list(lines[lo - start : hi - start + 1]), lo, range(line, end + 1), view.path)


def _examples(state: WebState, view: ErrorView) -> list[PageTest]:
    """Tests that trigger the error, with their code highlighted and the expecting line marked.

    From the analysis when it ran; otherwise straight from the expectations linked at index
    time (facts about the code, like Rust's error-index examples). Both are expectation rows
    with the test's code sliced in (``source`` from line ``start``).
    """
    items = view.analysis.examples if view.analysis else _linked_tests(state, view.id)
    sid = view.latest.snapshot_id
    out: list[PageTest] = []
    for x in items:
        pattern = f", match={x.pattern!r}" if x.pattern else ""
        code = render.code_window(x.source.split("\n"), x.start, range(x.line, x.end_line + 1), x.path)
        out.append(
            PageTest(
                path=x.path,
                line=x.line,
                function=x.function,
                url=x.permalink or source_url(view.repo, sid, x.path, x.line),
                text=f"expects {x.exc_type or 'an error'}{pattern}",
                code=code if x.source else None,
            )
        )
    return out


def _contrast(view: ErrorView) -> list[PageTest]:
    """Passing sibling tests: the same API used without the error, from the library's own suite."""
    sid = view.latest.snapshot_id
    return [
        PageTest(
            path=x.path,
            line=x.line,
            function=x.function,
            shared=x.shared,
            url=source_url(view.repo, sid, x.path, x.start),
            code=render.code_window(x.source.split("\n"), x.start, range(0), x.path),
        )
        for x in (view.analysis.contrast if view.analysis else ())
    ]


def _linked_tests(state: WebState, error_id: str) -> list[Example]:
    out = []
    for x in state.store.expectations_for(error_id)[:3]:
        text = state.store.file_text(x.snapshot_id, x.path) or ""
        lines = text.splitlines()
        start = max(1, x.line - 3)
        out.append(Example.sliced(x, lines, start, x.end_line + 1))
    return out


def _related(view: ErrorView) -> list[PageLink]:
    return [
        PageLink(error_url(view.repo, r.id), truncate(r.template or r.id, 60), r.exc_type, r.relation)
        for r in (view.analysis.related if view.analysis else ())
    ]


def _nearby(state: WebState, view: ErrorView) -> list[PageLink]:
    """Other errors of the same module, nearest first: the static stand-in for "related"."""
    rows = [r for r in state.repo_errors(view.repo) if r.path == view.path and r.id != view.id]
    rows.sort(key=lambda r: abs(r.line - view.line))
    return [PageLink(error_url(r.repo, r.id), truncate(r.template, 60), r.exc_type, "same module")
            for r in rows[:5]]  # fmt: skip


def _ai(record: AnalysisRecord | None) -> dict[str, Any] | None:
    """The verified model answer, shaped for the page, or None when there is none.

    Its sections sit beside the static facts of the same name (never instead of them), each
    marked as AI-assisted; ``label`` says which model wrote it, when, and how much verification
    removed, so the reader knows how far to trust what is left.
    """
    if record is None:
        return None
    sec = record.sections
    date = record.date[:10] or "undated"
    names = list(record.unverified)
    if record.dropped:
        claims = "claim" if record.dropped == 1 else "claims"
        checked = f"{record.dropped} {claims} dropped for naming unknown symbols"
        checked += f": {', '.join(names)}" if names else ""
    else:
        checked = "no claims dropped"
    fix = sec.example_fix
    code = {} if fix is None else {
        part: render.snippet(text) for part, text in (("before", fix.before), ("after", fix.after)) if text.strip()
    }  # fmt: skip
    solutions = [x for x in sec.solutions if x]
    situations = [x for x in sec.common_situations if x]
    return {
        "model": record.model,
        "date": date,
        "dropped": record.dropped,
        "unverified": names,
        "label": f"AI-assisted ({record.model}, {date}) — checked against the indexed source; {checked}",
        "meaning": sec.meaning,
        "trigger": sec.trigger,
        "common_situations": situations,
        "solutions": solutions,
        "example_fix": code,
        "empty": not (sec.meaning or sec.trigger or situations or solutions or code),
    }


def _provenance(analysis: Analysis | None) -> str:
    """ "Static" or "AI-assisted (model)": the reader must know which parts a model wrote."""
    kind = analysis.provenance.kind if analysis else "static"
    if kind.startswith("llm:"):
        return f"AI-assisted analysis ({kind.split(':', 1)[1]})"
    return "Static analysis"
