"""The JSON API: one twin for every page, documented in ``/openapi.json``.

``/api/errors/{id}`` serves exactly ``errdex.views.error_view``'s ``to_json`` (the same JSON as
``errdex show --json``), pre-serialised and cached per catalogue generation, so the hottest
endpoint is a dictionary lookup plus a write. Every error response uses ``app.error_body`` and
every status code a route can return is declared, which schemathesis checks; so are the
constraints on input (a query must hold a non-space character), so a generated request the
schema calls valid is one the server accepts.

A request body is parsed defensively: JSON nested past what ``json`` can recurse into and text
holding a lone surrogate (valid JSON, not valid Unicode) are the client's mistakes, answered 422.
"""

from __future__ import annotations

import json
from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Query, Request
from fastapi.responses import Response
from pydantic import BaseModel
from starlette.concurrency import run_in_threadpool

from errdex.store.records import ErrorSummary
from errdex.web.security import MAX_QUERY_CHARS
from errdex.web.state import MISSING, WebState, dumps

__all__ = ["filter_errors", "router"]


class ErrorBody(BaseModel):
    ok: bool = False
    status: int
    error: str


def _errors(*codes: int) -> dict[int | str, dict[str, Any]]:
    desc = {
        403: "Cross-site request refused",
        404: "Unknown error ID or codebase",
        413: "Request or query too large",
        422: "Invalid input",
    }
    return {c: {"model": ErrorBody, "description": desc.get(c, "Error")} for c in codes}


def _json(data: Any) -> Response:
    """A JSON answer encoded by ``state.dumps``: the C encoder, no per-field Python conversion,
    and safe for any text a crafted catalogue holds. Routes declare ``response_model`` for the
    schema and return this; FastAPI passes a ``Response`` through untouched."""
    return Response(dumps(data), media_type=_JSON)


router = APIRouter(prefix="/api", tags=["api"])

# What a search text must be, as the schema states it: something besides white space.
# "Not only blanks", spelled as an explicit class: ``\S`` means different things to the
# server's validator (Unicode White_Space, which has U+0085) and to JSON Schema (ECMA-262,
# which has not), so a client following the published schema could be refused.
NOT_BLANK = r"[^ \t\n\r\f\v]"
_BLANKS = " \t\n\r\f\v"  # what NOT_BLANK excludes: a query of only these is refused, as the schema says
_QUERY_SCHEMA: dict[str, Any] = {"type": "string", "minLength": 1, "pattern": NOT_BLANK}

_JSON = "application/json"


def web(request: Request) -> WebState:
    state: WebState = request.app.state.web  # set once by create_app
    return state


def check_query(q: str) -> str:
    """Bound the work one search can cause; an empty search is a client mistake, not a miss."""
    if len(q) > MAX_QUERY_CHARS:
        raise HTTPException(
            413, f"query over {MAX_QUERY_CHARS} characters; paste the last part of the traceback"
        )
    if not q.strip(_BLANKS):  # the schema's blanks (NOT_BLANK), not str.strip's: U+00A0 is text
        raise HTTPException(422, "the query is empty: paste an error message or a traceback")
    try:
        q.encode("utf-8")
    except UnicodeEncodeError:
        raise HTTPException(422, "the query is not valid Unicode (it holds a lone surrogate)") from None
    return q


def filter_errors(rows: list[ErrorSummary], q: str | None) -> list[ErrorSummary]:
    """Rows whose template, path, function or exception type contain every word of ``q``."""
    words = [w.lower() for w in (q or "").split()]
    if not words:
        return rows
    out = []
    for r in rows:
        hay = f"{r.template}\n{r.path}\n{r.function}\n{r.exc_type}".lower()
        if all(w in hay for w in words):
            out.append(r)
    return out


@router.get(
    "/repos", summary="Indexed codebases with their snapshots and error counts", response_model=dict[str, Any]
)
def api_repos(request: Request) -> Response:
    return _json({"repos": [r.to_json() for r in web(request).repos()]})


@router.get(
    "/repos/{owner}/{repo}/errors",
    summary="Errors of one codebase (latest snapshot of each), filtered and paged",
    responses=_errors(404, 422),
    response_model=dict[str, Any],
)
def api_repo_errors(
    request: Request,
    owner: str,
    repo: str,
    q: Annotated[
        str | None, Query(max_length=1000, description="Words that template/path/type contain")
    ] = None,
    limit: Annotated[int, Query(ge=1, le=1000)] = 50,
    offset: Annotated[int, Query(ge=0, le=10_000_000)] = 0,
) -> Response:
    state = web(request)
    name = f"{owner}/{repo}"
    if state.repo(name) is None:
        raise HTTPException(404, f"no codebase named {name!r} in the catalogue")
    rows = filter_errors(state.repo_errors(name), q)
    return _json(
        {
            "repo": name,
            "total": len(rows),
            "limit": limit,
            "offset": offset,
            "errors": [r.to_json() for r in rows[offset : offset + limit]],
        }
    )


@router.get(
    "/errors/{error_id}",
    summary="Everything known about one error (same JSON as `errdex show --json`)",
    responses={200: {"content": {_JSON: {"schema": {"type": "object"}}}}, **_errors(404)},
    response_class=Response,
)
async def api_error(request: Request, error_id: str) -> Response:
    state = web(request)
    body = state.blobs.get(("json", error_id, state.generation()))
    if body is MISSING:
        body = await run_in_threadpool(state.view_json, error_id)
    if body is None:
        raise HTTPException(404, f"no error with ID {error_id!r} in the catalogue")
    return Response(body, media_type=_JSON)


_SEARCH_RESPONSES: dict[int | str, dict[str, Any]] = {
    200: {"description": "Matches, best first, with the verdict"},
    **_errors(413, 422),
}


@router.get(
    "/search",
    summary="Find the raise site of an error message or traceback",
    responses=_SEARCH_RESPONSES,
    response_model=dict[str, Any],
)
async def api_search_get(
    request: Request,
    q: Annotated[
        str, Query(description="The pasted error message or traceback", min_length=1, pattern=NOT_BLANK)
    ],
    limit: Annotated[int, Query(ge=1, le=50)] = 10,
) -> Response:
    return await _search(web(request), check_query(q), limit)


@router.post(
    "/search",
    summary='Same as GET, for long pastes: the body is the text (text/plain) or {"q": ...}',
    responses={**_SEARCH_RESPONSES, **_errors(403)},
    response_model=dict[str, Any],
    openapi_extra={
        "requestBody": {
            "required": True,
            "content": {
                "text/plain": {"schema": _QUERY_SCHEMA},
                _JSON: {
                    "schema": {
                        "type": "object",
                        "properties": {
                            "q": _QUERY_SCHEMA,
                            "limit": {"type": "integer", "minimum": 1, "maximum": 50},
                        },
                        "required": ["q"],
                    }
                },
            },
        }
    },
)
async def api_search_post(request: Request) -> Response:
    raw = await request.body()
    ctype = request.headers.get("content-type", "").split(";")[0].strip().lower()
    limit = 10
    if ctype == _JSON or ctype.endswith("+json"):
        try:
            data = json.loads(raw)
        except ValueError:
            raise HTTPException(422, "body is not valid JSON") from None
        except RecursionError:  # "[[[[..." ten thousand deep: no search is nested like that
            raise HTTPException(422, "body is JSON nested too deeply") from None
        if not isinstance(data, dict) or not isinstance(data.get("q"), str):
            raise HTTPException(422, 'expected a JSON object {"q": "<error text>"}')
        lim = data.get("limit", 10)
        if isinstance(lim, float) and lim.is_integer():  # JSON's 1.0 is the integer 1
            lim = int(lim)
        if not isinstance(lim, int) or isinstance(lim, bool) or not 1 <= lim <= 50:
            raise HTTPException(422, "limit must be an integer from 1 to 50")
        q, limit = data["q"], lim
    else:
        q = raw.decode("utf-8", errors="replace")
    return await _search(web(request), check_query(q), limit)


async def _search(state: WebState, q: str, limit: int) -> Response:
    result = state.cached_search(q, limit)
    if result is None:  # only a new search pays for the thread hop
        result = await run_in_threadpool(state.search, q, limit)
    return _json(result.to_json())
