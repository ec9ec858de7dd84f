"""Jinja2 set-up and the error page's model: what each section of the page shows.

The error page follows the seed pages' sections in order (message, meaning, source, solutions,
example, when it happens, related, versions, provenance). Its data comes from ``error_view``,
whose ``analysis`` is produced by the analysis stage; that part is rendered defensively (any key
may be missing, or ``analysis`` may be None when the analysis stage failed) and the page falls
back to facts the catalogue holds itself: the guards on the path to the raise, the tests linked
at index time, and the other errors of the same module.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import quote

from jinja2 import Environment, FileSystemLoader, select_autoescape

from errdex.textsafe import truncate, valid_unicode
from errdex.web import render
from errdex.web.state import WebState

__all__ = ["env", "error_url", "html_bytes", "render_error", "source_url"]

# The page shows this much code around the raise; the stored window can be a whole function.
WINDOW_BEFORE = 25
WINDOW_AFTER = 20

env = Environment(
    loader=FileSystemLoader(Path(__file__).parent / "templates"),
    autoescape=select_autoescape(default=True, default_for_string=True),
    trim_blocks=True,
    lstrip_blocks=True,
)


def text_of(item: Any) -> str:
    """The human text of an analysis item, whatever shape the analysis stage gave it."""
    if item is None:
        return ""
    if isinstance(item, str):
        return item
    if isinstance(item, dict):
        for key in ("text", "title", "summary", "description", "name", "label", "message", "template"):
            if isinstance(item.get(key), str) and item[key]:
                return str(item[key])
        return ", ".join(f"{k}: {v}" for k, v in item.items() if isinstance(v, str | int | float))
    return str(item)


def as_list(x: Any) -> list[Any]:
    return [] if x is None or x == "" else (list(x) if isinstance(x, list | tuple) else [x])


def html_bytes(html: str) -> bytes:
    """A page as UTF-8; a lone surrogate from indexed text becomes U+FFFD instead of a 500."""
    return valid_unicode(html).encode("utf-8")


def error_url(repo: str, error_id: str) -> str:
    return f"/{quote(repo)}/errors/{quote(error_id)}"


def source_url(repo: str, snapshot_id: Any, path: str, line: int | None = None) -> str:
    return f"/{quote(repo)}/source/{snapshot_id}/{quote(path)}" + (f"#L{line}" if line else "")


env.filters["truncate_text"] = truncate
env.filters["text_of"] = text_of
env.filters["prose"] = render.prose
env.globals.update(
    highlight_template=render.highlight_template,
    is_mapping=lambda x: isinstance(x, dict),
    is_short_label=lambda x: isinstance(x, str) and 0 < len(x) <= 24 and "\n" not in x,
    as_list=as_list,
    error_url=error_url,
    source_url=source_url,
    quote=quote,
)


def render_error(state: WebState, error_id: str) -> tuple[str, bytes] | None:
    """(canonical repo, HTML) of an error page, or None for an unknown ID."""
    view = state.view(error_id)
    if view is None:
        return None
    raw = view.get("analysis")
    analysis: dict[str, Any] = dict(raw) if isinstance(raw, dict) else {}
    latest = (view.get("versions") or [{}])[-1]
    html = env.get_template("error.html").render(
        v=view,
        a=analysis,
        has_analysis=bool(analysis),
        window=_window(view),
        latest=latest,
        message=render.highlight_template(view.get("segments") or [view["template"]]),
        trigger=_trigger(analysis),
        examples=_examples(state, view, analysis, latest),
        contrast=_contrast(view, analysis, latest),
        related=_related(analysis, view["repo"]) or _nearby(state, view),
        provenance=_provenance(analysis),
        ai=_ai(analysis.get("llm")),
    )
    return view["repo"], html_bytes(html)


def _window(view: dict[str, Any]) -> Any:
    src = view.get("source") or {}
    lines: list[str] = list(src.get("lines") or [])
    start = int(src.get("start") or 1)
    line, end = int(view["line"]), int(view.get("end_line") or view["line"])
    lo = max(start, line - WINDOW_BEFORE)
    hi = min(start + len(lines) - 1, end + WINDOW_AFTER)
    return render.code_window(lines[lo - start : hi - start + 1], lo, range(line, end + 1), view["path"])


def _trigger(analysis: dict[str, Any]) -> dict[str, Any]:
    t = analysis.get("trigger")
    if isinstance(t, dict):
        return {"text": text_of(t) if t.get("text") else "", "conditions": as_list(t.get("conditions"))}
    return {"text": text_of(t), "conditions": []}


def _examples(
    state: WebState, view: dict[str, Any], analysis: dict[str, Any], latest: dict[str, Any]
) -> list[dict[str, Any]]:
    """Tests that trigger the error, with their code highlighted and the expecting line marked.

    From the analysis when it ran; otherwise straight from the expectations linked at index
    time (facts about the code, like Rust's error-index examples).
    """
    if "examples" in analysis:
        items = [x for x in as_list(analysis["examples"]) if isinstance(x, dict)]
        texts = [x for x in as_list(analysis["examples"]) if isinstance(x, str)]
    else:
        items, texts = _linked_tests(state, view["id"]), []
    out: list[dict[str, Any]] = [{"text": t} for t in texts]
    for x in items:
        code = x.get("source") or x.get("code") or ""
        start = int(x.get("start") or x.get("line") or 1)
        line, end = int(x.get("line") or start), int(x.get("end_line") or x.get("line") or start)
        pattern = f", match={x['pattern']!r}" if x.get("pattern") else ""
        out.append(
            {
                "path": x.get("path"),
                "line": line,
                "function": x.get("function"),
                "url": x.get("permalink")
                or (
                    source_url(view["repo"], latest.get("snapshot_id"), x["path"], line)
                    if x.get("path")
                    else None
                ),
                "text": f"expects {x['exc_type']}{pattern}" if x.get("exc_type") else text_of(x),
                "code": render.code_window(
                    str(code).split("\n"), start, range(line, end + 1), str(x.get("path") or "")
                )
                if code
                else None,
            }
        )
    return out


def _contrast(view: dict[str, Any], analysis: dict[str, Any], latest: dict[str, Any]) -> list[dict[str, Any]]:
    """Passing sibling tests: the same API used without the error, from the library's own suite."""
    out = []
    for x in as_list(analysis.get("contrast")):
        if not isinstance(x, dict) or not x.get("path"):
            continue
        start = int(x.get("start") or x.get("line") or 1)
        out.append(
            {
                "path": x["path"],
                "line": int(x.get("line") or start),
                "function": x.get("function"),
                "shared": [str(s) for s in as_list(x.get("shared"))],
                "url": source_url(view["repo"], latest.get("snapshot_id"), x["path"], start),
                "code": render.code_window(
                    str(x.get("source") or "").split("\n"), start, range(0), x["path"]
                ),
            }
        )
    return out


def _linked_tests(state: WebState, error_id: str) -> list[dict[str, Any]]:
    out = []
    for x in state.store.expectations_for(error_id)[:3]:
        text = state.store.file_text(x["snapshot_id"], x["path"]) or ""
        lines = text.splitlines()
        start = max(1, x["line"] - 3)
        out.append({**x, "start": start, "source": "\n".join(lines[start - 1 : x["end_line"] + 1])})
    return out


def _related(analysis: dict[str, Any], repo: str) -> list[dict[str, str]]:
    out = []
    for item in as_list(analysis.get("related")):
        if isinstance(item, str):
            out.append({"url": error_url(repo, item), "text": item, "exc_type": "", "relation": ""})
        elif isinstance(item, dict) and item.get("id"):
            out.append(
                {
                    "url": error_url(str(item.get("repo") or repo), str(item["id"])),
                    "text": truncate(str(item.get("template") or item["id"]), 60),
                    "exc_type": str(item.get("exc_type") or ""),
                    "relation": str(item.get("relation") or ""),
                }
            )
    return out


def _nearby(state: WebState, view: dict[str, Any]) -> list[dict[str, str]]:
    """Other errors of the same module, nearest first: the static stand-in for "related"."""
    rows = [r for r in state.repo_errors(view["repo"]) if r["path"] == view["path"] and r["id"] != view["id"]]
    rows.sort(key=lambda r: abs(int(r.get("line") or 0) - int(view["line"])))
    return [
        {
            "url": error_url(r["repo"], r["id"]),
            "text": truncate(r["template"], 60),
            "exc_type": r["exc_type"],
            "relation": "same module",
        }
        for r in rows[:5]
    ]


def _ai(llm: Any) -> dict[str, Any] | None:
    """The verified model answer, shaped for the page, or None when there is none.

    Its sections sit beside the static facts of the same name (never instead of them), each
    marked as AI-assisted; ``label`` says which model wrote it, when, and how much verification
    removed, so the reader knows how far to trust what is left.
    """
    if not isinstance(llm, dict):
        return None
    raw = llm.get("sections")
    sec: dict[str, Any] = raw if isinstance(raw, dict) else {}
    model = str(llm.get("model") or "unknown model")
    date = str(llm.get("date") or "")[:10] or "undated"
    try:
        dropped = max(0, int(llm.get("dropped") or 0))
    except (TypeError, ValueError):
        dropped = 0
    names = [str(n) for n in as_list(llm.get("unverified"))]
    if dropped:
        claims = "claim" if dropped == 1 else "claims"
        checked = f"{dropped} {claims} dropped for naming unknown symbols"
        checked += f": {', '.join(names)}" if names else ""
    else:
        checked = "no claims dropped"
    raw_fix = sec.get("example_fix")
    fix: dict[str, Any] = raw_fix if isinstance(raw_fix, dict) else {}
    code = {
        part: render.snippet(str(fix[part]))
        for part in ("before", "after")
        if isinstance(fix.get(part), str) and fix[part].strip()
    }
    out = {
        "model": model,
        "date": date,
        "dropped": dropped,
        "unverified": names,
        "label": f"AI-assisted ({model}, {date}) — checked against the indexed source; {checked}",
        "meaning": text_of(sec.get("meaning")),
        "trigger": text_of(sec.get("trigger")),
        "common_situations": [text_of(x) for x in as_list(sec.get("common_situations")) if text_of(x)],
        "solutions": [text_of(x) for x in as_list(sec.get("solutions")) if text_of(x)],
        "example_fix": code,
    }
    out["empty"] = not any(
        out[k] for k in ("meaning", "trigger", "common_situations", "solutions", "example_fix")
    )
    return out


def _provenance(analysis: dict[str, Any]) -> str:
    """ "Static" or "AI-assisted (model)": the reader must know which parts a model wrote."""
    prov = analysis.get("provenance")
    kind = str(prov.get("kind") or "") if isinstance(prov, dict) else str(prov or "")
    if kind.startswith(("llm", "ai")) or analysis.get("llm"):
        model = kind.split(":", 1)[1] if ":" in kind else ""
        return f"AI-assisted analysis ({model})" if model else "AI-assisted analysis"
    return "Static analysis"
