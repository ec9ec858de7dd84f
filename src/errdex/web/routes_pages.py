"""The HTML pages: home, search results, codebase, error and stored-source pages.

Pages are rendered on the server with Jinja2 (autoescape on, no ``|safe`` on data: see
``render``) so they are fast and complete without JavaScript. The error page is rendered once
per (error, catalogue generation) and then served from memory.

A search has its own URL, ``/search?q=...``, which the home form GETs and anyone can share. The
page's script switches the form to POST for a paste too long for a URL; the POST answers the
same page. Recent searches are kept by the visitor's browser (``static/app.js``), never here:
what one visitor pasted (a key, a home-directory path) is never shown to the next.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Annotated, Any
from urllib.parse import parse_qs

from fastapi import APIRouter, HTTPException, Query, Request
from fastapi import Path as PathParam
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from errdex.store.records import ErrorSummary, Repo
from errdex.web import render
from errdex.web.pages import env, error_url, html_bytes, render_error
from errdex.web.routes_api import check_query, filter_errors, web
from errdex.web.security import MAX_BODY_BYTES
from errdex.web.state import MISSING, WebState

__all__ = ["error_page", "router"]

PAGE_SIZE = 100

router = APIRouter(include_in_schema=False)


def page(name: str, status: int = 200, **context: Any) -> HTMLResponse:
    return HTMLResponse(html_bytes(env.get_template(name).render(**context)), status_code=status)


def error_page(request: Request, status: int, message: str) -> HTMLResponse:
    title = {404: "Not found", 413: "Too large", 422: "Invalid input"}.get(status, "Error")
    return page("error_status.html", status=status, title=title, status_code=status, message=message)


# ---------------------------------------------------------------------------- home & search


@router.get("/favicon.ico")
def favicon() -> Response:
    """Browsers ask for it on every page, JSON ones included; a 404 there is console noise."""
    data = (Path(__file__).parent / "static" / "favicon.svg").read_bytes()
    return Response(data, media_type="image/svg+xml", headers={"cache-control": "public, max-age=86400"})


@router.get("/", response_class=HTMLResponse)
def home(request: Request) -> HTMLResponse:
    state = web(request)
    return page("home.html", repos=state.repos(), q="")


@router.get("/search", response_class=HTMLResponse)
async def search_get(request: Request, q: Annotated[str, Query()] = "") -> HTMLResponse:
    if not q.strip():
        return RedirectResponse("/", status_code=303)  # type: ignore[return-value]
    return await _search_page(web(request), q)


@router.post("/search", response_class=HTMLResponse)
async def search_post(request: Request) -> HTMLResponse:
    """The home form posts here, so long tracebacks never hit URL length limits."""
    raw = await request.body()
    ctype = request.headers.get("content-type", "")
    if ctype.startswith("application/x-www-form-urlencoded"):
        q = (parse_qs(raw.decode("utf-8", errors="replace"), max_num_fields=10).get("q") or [""])[0]
    else:
        q = raw.decode("utf-8", errors="replace")
    if not q.strip():
        return RedirectResponse("/", status_code=303)  # type: ignore[return-value]
    return await _search_page(web(request), q)


async def _search_page(state: WebState, q: str) -> HTMLResponse:
    check_query(q)
    result = state.cached_search(q, 10)
    if result is None:
        result = await run_in_threadpool(state.search, q, 10)
    top = result.matches[0].match if result.matches else None
    confident = bool(
        top
        and not top.approximate
        # one of several sites nothing in the paste tells apart is no "best match" (``tied_with``)
        and not top.tied_with
        # the scores as the page and the API show them (to 4 places): a lead too small to
        # show is no lead
        and (len(result.matches) == 1 or round(top.score, 4) > round(result.matches[1].match.score, 4))
    )
    return page(
        "search.html",
        q=q,
        result=result,
        matches=[m.to_json() for m in result.matches],  # the page shows what the API returns
        confident=confident,
        repos=state.repos(),
        max_bytes=MAX_BODY_BYTES,
    )


# ---------------------------------------------------------------------------- codebase


def _repo_or_404(state: WebState, owner: str, repo: str) -> Repo:
    info = state.repo(f"{owner}/{repo}")
    if info is None:
        raise HTTPException(404, f"No codebase named {owner}/{repo} is indexed here.")
    return info


@router.get("/{owner}/{repo}", response_class=HTMLResponse)
def codebase(
    request: Request,
    owner: str,
    repo: str,
    q: Annotated[str, Query(max_length=1000)] = "",
    type: Annotated[str, Query(max_length=300)] = "",  # the URL parameter users see
    module: Annotated[str, Query(max_length=1000)] = "",
    page_no: Annotated[int, Query(alias="page", ge=1, le=100_000)] = 1,
) -> HTMLResponse:
    state = web(request)
    info = _repo_or_404(state, owner, repo)
    rows = state.repo_errors(info.name)
    by_type = _counts(r.exc_type for r in rows)
    by_module = _counts(r.path for r in rows)
    shown = filter_errors(rows, q)
    if type:
        shown = [r for r in shown if r.exc_type == type]
    if module:
        shown = [r for r in shown if r.path == module]
    pages = max(1, -(-len(shown) // PAGE_SIZE))
    page_no = min(page_no, pages)
    chunk = shown[(page_no - 1) * PAGE_SIZE : page_no * PAGE_SIZE]
    groups: dict[str, list[ErrorSummary]] = {}
    for r in chunk:
        groups.setdefault(r.path, []).append(r)
    return page(
        "codebase.html",
        repo=info,
        total=len(rows),
        shown=len(shown),
        groups=groups,
        by_type=by_type[:40],
        by_module=by_module[:40],
        q=q,
        type=type,
        module=module,
        page_no=page_no,
        pages=pages,
    )


def _counts(values: Iterable[str]) -> list[tuple[str, int]]:
    out: dict[str, int] = {}
    for v in values:
        out[v] = out.get(v, 0) + 1
    return sorted(out.items(), key=lambda kv: (-kv[1], kv[0]))


# ---------------------------------------------------------------------------- error page


@router.get("/{owner}/{repo}/errors/{error_id}", response_class=HTMLResponse)
async def error_detail(request: Request, owner: str, repo: str, error_id: str) -> Response:
    state = web(request)
    # Cached as (repo, html): a hit costs two dict lookups and no thread hop.
    cached = state.blobs.get(("page", error_id, state.generation()))
    if cached is MISSING:
        cached = await run_in_threadpool(
            state.cached_bytes, ("page", error_id), lambda: render_error(state, error_id)
        )
    if cached is None:
        raise HTTPException(404, f"No error with ID {error_id} is indexed here.")
    canonical, body = cached
    if canonical != f"{owner}/{repo}":
        return RedirectResponse(error_url(canonical, error_id), status_code=301)
    return HTMLResponse(body)


# ---------------------------------------------------------------------------- stored source


@router.get("/{owner}/{repo}/source/{snapshot_id}/{path:path}", response_class=HTMLResponse)
def source_file(
    request: Request,
    owner: str,
    repo: str,
    snapshot_id: Annotated[int, PathParam(ge=1, le=2**31)],  # SQLite integers overflow past 2**63
    path: str,
) -> Response:
    """A file exactly as indexed: the fallback when no forge permalink can be pinned."""
    state = web(request)
    name = f"{owner}/{repo}"
    _repo_or_404(state, owner, repo)

    def make() -> bytes | None:
        from errdex.store import StoreError

        try:
            snap = state.snapshot(snapshot_id)
        except StoreError as e:
            if e.kind != "missing":  # a damaged catalogue is a 503, not a missing file
                raise
            return None
        if snap.repo != name:
            return None
        text = state.store.file_text(snapshot_id, path)
        if text is None:
            return None
        return html_bytes(
            env.get_template("source.html").render(
                repo=name,
                snap=snap,
                path=path,
                listing=render.file_listing(text, path),
                lines=text.count("\n") + 1,
            )
        )

    body = state.sources.get_or((name, snapshot_id, path, state.generation()), make)
    if body is None:
        raise HTTPException(404, f"No file {path} in snapshot {snapshot_id} of {name}.")
    return HTMLResponse(body)
