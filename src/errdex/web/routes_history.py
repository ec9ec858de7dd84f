"""Pages and JSON for the history of a codebase: an error's lineage and the diff of two releases.

``/api/errors/{id}/history`` is the lineage ``errdex show`` and the Versions section render;
``/{owner}/{repo}/diff?from=A&to=B`` (JSON twin ``/api/repos/{owner}/{repo}/diff``) lists what
an upgrade from A to B changes in the errors the codebase can raise, like ``errdex diff``.
Both are computed once per catalogue generation and then served from memory.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

from fastapi import APIRouter, HTTPException, Query, Request
from fastapi.responses import HTMLResponse, Response
from starlette.concurrency import run_in_threadpool

from errdex.store import StoreError
from errdex.web.routes_api import NOT_BLANK, _errors, _json, web
from errdex.web.state import WebState, dumps

if TYPE_CHECKING:
    from errdex.history.diff import ReleaseDiff

__all__ = ["api", "pages"]

api = APIRouter(prefix="/api", tags=["api"])
pages = APIRouter(include_in_schema=False)

_VERSION = Query(
    min_length=1,
    max_length=255,
    pattern=NOT_BLANK,
    description="A release as indexed (its version or tag)",
)


def _history(state: WebState, error_id: str) -> bytes | None:
    from errdex.history.versions import error_history

    def make() -> bytes | None:
        err = state.error(error_id)
        if err is None:
            return None
        return dumps(error_history(state.store.timeline, error_id, err.repo).to_json())

    body: bytes | None = state.cached_bytes(("history", error_id), make)
    return body


@api.get(
    "/errors/{error_id}/history",
    summary="An error's lineage over every indexed release: runs of releases, rewordings, moves",
    responses={200: {"content": {"application/json": {"schema": {"type": "object"}}}}, **_errors(404)},
    response_class=Response,
)
async def api_error_history(request: Request, error_id: str) -> Response:
    body = await run_in_threadpool(_history, web(request), error_id)
    if body is None:
        raise HTTPException(404, f"no error with ID {error_id!r} in the catalogue")
    return Response(body, media_type="application/json")


def _diff(state: WebState, name: str, old: str, new: str) -> ReleaseDiff:
    """The diff, or an HTTP 404 naming what is not indexed."""
    from errdex.history.diff import diff_releases

    if state.repo(name) is None:
        raise HTTPException(404, f"no codebase named {name!r} in the catalogue")

    def make() -> ReleaseDiff | str:
        try:
            return diff_releases(state.store, name, old, new)
        except StoreError as e:
            if e.kind != "missing":
                raise
            return str(e)

    found: ReleaseDiff | str = state.cached_bytes(("diff", name, old, new), make)
    if isinstance(found, str):
        raise HTTPException(404, found)
    return found


@api.get(
    "/repos/{owner}/{repo}/diff",
    summary="Errors added, removed, reworded, type-changed and moved between two indexed releases",
    responses=_errors(404, 422),
    response_model=dict[str, Any],
)
async def api_diff(
    request: Request,
    owner: str,
    repo: str,
    old: Annotated[str, _VERSION, Query(alias="from")],
    new: Annotated[str, _VERSION, Query(alias="to")],
) -> Response:
    d = await run_in_threadpool(_diff, web(request), f"{owner}/{repo}", old, new)
    return _json(d.to_json())


@pages.get("/{owner}/{repo}/diff", response_class=HTMLResponse)
async def diff_page(
    request: Request,
    owner: str,
    repo: str,
    old: Annotated[str, _VERSION, Query(alias="from")],
    new: Annotated[str, _VERSION, Query(alias="to")],
) -> HTMLResponse:
    from errdex.web.routes_pages import page

    d = await run_in_threadpool(_diff, web(request), f"{owner}/{repo}", old, new)
    return page("diff.html", d=d, kinds=_KINDS)


_KINDS = (
    ("added", "Added: can raise now, could not before"),
    ("removed", "Removed"),
    ("reworded", "Reworded"),
    ("type_changed", "Exception type changed"),
    ("moved", "Moved to another file or function"),
)
