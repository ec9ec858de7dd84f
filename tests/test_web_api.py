"""The site and JSON API over a real catalogue, through the real server (uvicorn on loopback)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from test_web_support import (
    MESSAGE,
    REPO,
    SCRIPT_TEMPLATE,
    SEED_SECTIONS,
    TRACEBACK,
    build_catalogue,
    find_error,
    get,
    live_server,
)


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_catalogue(tmp_path_factory.mktemp("webapi"))


@pytest.fixture(scope="module")
def base(db: Path) -> Iterator[str]:
    with live_server(db) as url:
        yield url


@pytest.fixture(scope="module")
def broadcast_id(db: Path) -> str:
    return str(find_error(db, "Incompatible shapes")["id"])


def test_home_lists_codebases_and_search_box(base: str) -> None:
    r = get(base, "/")
    assert r.status_code == 200
    assert f'href="/{REPO}"' in r.text
    assert '<textarea id="q" name="q"' in r.text
    assert 'action="/search"' in r.text


def test_error_json_is_the_shared_error_view(base: str, db: Path, broadcast_id: str) -> None:
    from errdex.store import Store
    from errdex.views import error_view
    from errdex.web.state import public_view

    r = get(base, f"/api/errors/{broadcast_id}")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("application/json")
    got = r.json()
    with Store.open(str(db), readonly=True) as store:
        view = error_view(store, store.get_error(broadcast_id))
        want = json.loads(json.dumps(public_view(view).to_json(), default=str))
        # Published without the local directory it was indexed from: its name only.
        assert view.versions[0].version.ref.endswith("/webfix") and got["versions"][0]["ref"] == "webfix"
        for key in ("id", "repo", "template", "segments", "path", "line", "function", "source", "versions"):
            assert got[key] == want[key], key
        assert "analysis" in got


def test_json_errors_have_one_shape_and_status(base: str) -> None:
    r = get(base, "/api/errors/0000000000000000")
    assert r.status_code == 404
    assert r.json() == {
        "ok": False,
        "status": 404,
        "error": "no error with ID '0000000000000000' in the catalogue",
    }
    r = get(base, "/api/repos/nobody/nothing/errors")
    assert r.status_code == 404 and r.json()["status"] == 404
    r = get(base, "/api/nothing-here")
    assert r.status_code == 404 and r.json()["ok"] is False


def test_html_404_is_friendly(base: str) -> None:
    for path in ("/nobody/nothing", "/a/b/c/d", f"/{REPO}/errors/0000000000000000"):
        r = get(base, path)
        assert r.status_code == 404, path
        assert r.headers["content-type"].startswith("text/html")
        assert "404" in r.text and "Search the indexed codebases" in r.text


def test_too_large_is_413(base: str) -> None:
    big = "x" * (1024 * 1024 + 10)
    r = httpx.post(base + "/api/search", content=big, headers={"content-type": "text/plain"}, timeout=30)
    assert r.status_code == 413
    assert r.json()["status"] == 413
    r = httpx.post(base + "/api/search", json={"q": "y" * 70_000}, timeout=30)
    assert r.status_code == 413
    r = httpx.post(base + "/search", data={"q": "y" * 70_000}, timeout=30)
    assert r.status_code == 413 and "text/html" in r.headers["content-type"]


def test_bad_input_is_422(base: str) -> None:
    assert get(base, "/api/search").status_code == 422  # q missing
    assert get(base, "/api/search", params={"q": "   "}).status_code == 422
    assert get(base, "/api/search", params={"q": "x", "limit": 0}).status_code == 422
    assert get(base, f"/api/repos/{REPO}/errors", params={"limit": -1}).status_code == 422
    r = httpx.post(base + "/api/search", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 422 and r.json()["ok"] is False
    r = httpx.post(base + "/api/search", json={"query": "x"})
    assert r.status_code == 422
    # blank as the published schema says (ASCII white space), no more: schemathesis found a body
    # of two no-break spaces that the schema accepts refused as empty
    r = httpx.post(base + "/api/search", content=b" \t\n", headers={"content-type": "text/plain"})
    assert r.status_code == 422
    r = httpx.post(
        base + "/api/search", content="\xa0\xa0".encode(), headers={"content-type": "text/plain"}, timeout=30
    )
    assert r.status_code == 200 and r.json()["matches"] == []


def test_search_api_get_and_post(base: str, broadcast_id: str) -> None:
    r = get(base, "/api/search", params={"q": MESSAGE})
    assert r.status_code == 200
    data = r.json()
    assert data["matches"][0]["id"] == broadcast_id
    assert data["matches"][0]["values"]
    r = httpx.post(base + "/api/search", content=TRACEBACK.encode(), headers={"content-type": "text/plain"})
    assert r.json()["matches"][0]["id"] == broadcast_id
    r = httpx.post(base + "/api/search", json={"q": TRACEBACK, "limit": 1})
    assert [m["id"] for m in r.json()["matches"]] == [broadcast_id]
    r = get(base, "/api/search", params={"q": "SegfaultError: the GPU caught fire"})
    assert r.status_code == 200 and r.json()["matches"] == []


def test_search_page_highlights_values_and_links_the_top_match(base: str, broadcast_id: str) -> None:
    r = httpx.post(base + "/search", data={"q": TRACEBACK}, timeout=30)
    assert r.status_code == 200
    first = r.text.split('<li class="match', 2)[1]
    assert first.startswith(" top")
    assert "<mark" in first and "[(2, 3), (3,)]" in first
    assert f'href="/{REPO}/errors/{broadcast_id}"' in first
    assert 'id="verdict"' in r.text
    # The server keeps no one's searches: the next visitor's home page does not show this one.
    home = get(base, "/").text
    assert "[(2, 3), (3,)]" not in home and "/home/me/app.py" not in home


def test_search_page_no_match_says_what_was_searched(base: str) -> None:
    r = get(base, "/search", params={"q": "SegfaultError: the GPU caught fire <b>"})
    assert "No match in the indexed codebases" in r.text
    assert REPO in r.text
    assert "the GPU caught fire &lt;b&gt;" in r.text


def test_security_headers_everywhere(base: str) -> None:
    for path in ("/", "/api/repos", "/static/style.css", "/nope/nope/nope"):
        h = get(base, path).headers
        csp = h["content-security-policy"]
        assert "default-src 'self'" in csp and "script-src 'self'" in csp and "object-src 'none'" in csp
        assert "unsafe-inline" not in csp
        assert h["x-content-type-options"] == "nosniff"
        assert h["referrer-policy"]


def test_pages_have_no_inline_scripts_or_styles(base: str, broadcast_id: str) -> None:
    for path in ("/", f"/{REPO}", f"/{REPO}/errors/{broadcast_id}", "/search?q=x"):
        html = get(base, path).text
        assert not re.search(r"<script(?![^>]*\bsrc=)", html), path
        assert "<style" not in html and " style=" not in html and " onclick=" not in html, path


def test_code_derived_html_is_escaped(base: str, db: Path) -> None:
    err = find_error(db, "<script>")
    assert err["template"].startswith(SCRIPT_TEMPLATE[:30])
    html = get(base, f"/{REPO}/errors/{err['id']}").text
    assert "<script>alert(1)" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    lam = find_error(db, "<lambda>")
    html = get(base, f"/{REPO}/errors/{lam['id']}").text
    assert "&lt;lambda&gt;" in html and "<lambda>" not in html
    listing = get(base, f"/{REPO}").text
    assert "<script>alert(1)" not in listing and "&lt;script&gt;alert(1)" in listing


def test_error_page_sections_in_seed_order(base: str, broadcast_id: str) -> None:
    html = get(base, f"/{REPO}/errors/{broadcast_id}").text
    assert f'{REPO}</a> · error · <span class="exc">ValueError</span>' in html
    positions = [html.index(f"<h2>{h}</h2>") for h in SEED_SECTIONS]
    assert positions == sorted(positions)
    assert "Thrown at" in html and "webfix/core.py:13" in html
    assert 'class="hll"' in html  # the raise line is marked in the window
    assert f'href="/api/errors/{broadcast_id}"' in html
    assert re.search(r'href="/local/webfix/source/\d+/webfix/core.py#L13"', html)


def test_error_page_under_wrong_repo_redirects(base: str, broadcast_id: str) -> None:
    r = get(base, f"/other/repo/errors/{broadcast_id}", follow_redirects=False)
    assert r.status_code == 301
    assert r.headers["location"] == f"/{REPO}/errors/{broadcast_id}"


def test_cached_fast_path_answers_like_the_routes(db: Path, broadcast_id: str) -> None:
    """Once rendered, error pages and JSON come from the cache layer: same bytes, same headers."""
    with live_server(db) as url:  # a fresh server: the first request goes through the route
        for path in (f"/api/errors/{broadcast_id}", f"/{REPO}/errors/{broadcast_id}"):
            cold, hot = get(url, path), get(url, path)
            assert cold.status_code == hot.status_code == 200
            assert cold.content == hot.content
            drop = {"date"}
            assert {k: v for k, v in cold.headers.items() if k not in drop} == {
                k: v for k, v in hot.headers.items() if k not in drop
            }, path
            assert hot.headers["content-security-policy"] and hot.headers["x-frame-options"] == "DENY"
        # Cached pages still redirect from a wrong codebase, and other methods still reach the app.
        r = get(url, f"/other/repo/errors/{broadcast_id}", follow_redirects=False)
        assert r.status_code == 301 and r.headers["location"] == f"/{REPO}/errors/{broadcast_id}"
        assert httpx.post(f"{url}/api/errors/{broadcast_id}", timeout=30).status_code == 405
        assert get(url, f"/api/errors/{broadcast_id}/").status_code in (200, 307)
        assert get(url, "/api/errors/0000000000000000").status_code == 404


def test_source_page_is_anchored_and_highlighted(base: str, db: Path) -> None:
    snap = find_error(db, "Incompatible shapes")["snapshot_id"]
    r = get(base, f"/{REPO}/source/{snap}/webfix/core.py")
    assert r.status_code == 200
    assert 'id="L13"' in r.text and 'href="#L13"' in r.text
    assert get(base, f"/{REPO}/source/{snap}/webfix/missing.py").status_code == 404
    assert get(base, f"/{REPO}/source/999/webfix/core.py").status_code == 404


def test_codebase_page_groups_filters_and_pages(base: str) -> None:
    html = get(base, f"/{REPO}").text
    assert "By exception type" in html and "By module" in html
    assert '<h3 class="module mono">webfix/core.py</h3>' in html
    assert "worktree" in html  # the snapshot
    filtered = get(base, f"/{REPO}", params={"q": "plugin"}).text
    assert "already registered" in filtered and "Incompatible shapes" not in filtered
    by_type = get(base, f"/{REPO}", params={"type": "KeyError"}).text
    assert "No plugin registered" in by_type and "already registered" not in by_type


def test_repo_errors_api_pages(base: str) -> None:
    all_rows = get(base, f"/api/repos/{REPO}/errors").json()
    assert all_rows["total"] >= 6
    page = get(base, f"/api/repos/{REPO}/errors", params={"limit": 2, "offset": 1}).json()
    assert [e["id"] for e in page["errors"]] == [e["id"] for e in all_rows["errors"][1:3]]
    assert page["total"] == all_rows["total"]
    q = get(base, f"/api/repos/{REPO}/errors", params={"q": "pickle lambda"}).json()
    assert q["total"] == 1
    repos = get(base, "/api/repos").json()["repos"]
    assert [r["name"] for r in repos] == [REPO]


def test_openapi_and_docs(base: str) -> None:
    spec = get(base, "/openapi.json").json()
    for path in ("/api/errors/{error_id}", "/api/search", "/api/repos", "/api/repos/{owner}/{repo}/errors"):
        assert path in spec["paths"]
    assert "/{owner}/{repo}" not in spec["paths"]  # pages are not part of the API
    docs = get(base, "/docs")
    assert docs.status_code == 200 and "swagger" in docs.text.lower()
    # every asset is served here (no CDN), and the policy allows no other host
    assets = re.findall(r'(?:src|href)="([^"]+)"', docs.text)
    assert assets and all(a.startswith(("/docs/assets/", "/static/")) for a in assets), assets
    for a in assets:
        assert get(base, a).status_code == 200, a
    csp = docs.headers["content-security-policy"]
    assert "http" not in csp and "'unsafe-inline'" not in csp.split("script-src", 1)[1].split(";", 1)[0]
    assert "<script>" not in docs.text  # no inline code: the page starts from /static/docs.js


def test_no_match_search_says_what_to_index(base: str) -> None:
    paste = (
        "Traceback (most recent call last):\n"
        '  File "/home/u/.venv/lib/python3.12/site-packages/zzlib/core.py", line 9, in run\n'
        "    raise ZzError(msg)\n"
        "zzlib.core.ZzError: the flux capacitor needs 1.21 gigawatts of zeta power\n"
    )
    data = get(base, "/api/search", params={"q": paste}).json()
    assert data["matches"] == [] and data["outcome"] == "none"
    assert "zzlib" in data["hint"] and "errdex index pypi:zzlib==VERSION" in data["hint"]
    page = get(base, "/search", params={"q": paste})
    assert 'id="index-hint"' in page.text and "errdex index --env" in page.text
    found = get(base, "/api/search", params={"q": TRACEBACK}).json()
    assert found["outcome"] == "exact" and "hint" not in found


def test_matches_raised_in_a_package_not_indexed_come_with_what_to_index(base: str) -> None:
    # webfix's text, raised from zzlib (not indexed): the matches are guesses, the hint says so
    paste = TRACEBACK.replace("site-packages/webfix/core.py", "site-packages/zzlib/core.py")
    data = get(base, "/api/search", params={"q": paste}).json()
    assert data["matches"] and "errdex index pypi:zzlib" in data["hint"]
    page = get(base, "/search", params={"q": paste})
    assert 'id="index-hint"' in page.text and "zzlib" in page.text


def test_error_page_is_rendered_once_per_generation(
    db: Path, broadcast_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from errdex.web import pages, routes_pages

    calls: list[str] = []

    def counting(state: object, error_id: str) -> object:
        calls.append(error_id)
        return pages.render_error(state, error_id)  # type: ignore[arg-type]

    monkeypatch.setattr(routes_pages, "render_error", counting)
    with live_server(db) as url:
        for _ in range(5):
            assert get(url, f"/{REPO}/errors/{broadcast_id}").status_code == 200
    assert calls == [broadcast_id]


def test_schemathesis_api_conformance(base: str) -> None:
    """Generated requests never cause a 5xx and only documented status codes come back; what the
    schema calls valid is accepted, and what it calls invalid is refused with a 4xx."""
    import schemathesis
    from hypothesis import HealthCheck, given, settings
    from hypothesis.errors import Unsatisfiable
    from schemathesis import GenerationMode
    from schemathesis.checks import not_a_server_error
    from schemathesis.specs.openapi.checks import (
        negative_data_rejection,
        positive_data_acceptance,
        status_code_conformance,
    )

    schema = schemathesis.openapi.from_url(base + "/openapi.json")
    started = time.monotonic()
    calls: dict[GenerationMode, list[int]] = {GenerationMode.POSITIVE: [], GenerationMode.NEGATIVE: []}

    def run(op: Any, mode: GenerationMode, judged: Any) -> None:
        @settings(max_examples=20, deadline=None, database=None, suppress_health_check=list(HealthCheck))
        @given(case=op.as_strategy(generation_mode=mode))
        def check(case: schemathesis.Case) -> None:
            response = case.call(base_url=base, timeout=10)
            calls[mode].append(response.status_code)
            case.validate_response(response, checks=[not_a_server_error, status_code_conformance, judged])

        try:
            check()
        except Unsatisfiable:  # an operation without inputs (GET /api/repos) has no invalid request
            assert mode is GenerationMode.NEGATIVE

    for result in schema.get_all_operations():
        op = result.ok()
        run(op, GenerationMode.POSITIVE, positive_data_acceptance)
        run(op, GenerationMode.NEGATIVE, negative_data_rejection)
    positive, negative = calls[GenerationMode.POSITIVE], calls[GenerationMode.NEGATIVE]
    assert len(positive) >= 30 and 200 in positive and 422 not in positive
    assert negative and 422 in negative
    assert time.monotonic() - started < 90


def test_schemathesis_all_checks_find_nothing(base: str, tmp_path: Path) -> None:
    """The schemathesis command line with every check (undeclared methods and their ``Allow``,
    schema-valid input accepted, invalid input refused, documented status codes) passes."""
    st = Path(sys.executable).parent / "st"
    out = subprocess.run(
        [
            str(st),
            "run",
            base + "/openapi.json",
            "--checks",
            "all",
            "--max-examples",
            "25",
            "--seed",
            "1",
            "--no-color",
        ],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=tmp_path,  # it writes a .schemathesis/ folder where it runs
    )
    assert out.returncode == 0, out.stdout[-3000:]
    assert " passed" in out.stdout


def test_an_app_that_fails_to_build_closes_the_store_it_opened(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from sqlalchemy import event
    from sqlalchemy.pool import Pool

    from errdex.web import app as web_app

    def broken(app: object) -> None:  # a failure while the app is being put together
        raise RuntimeError("the docs assets are missing")

    closed: list[object] = []

    def on_close(dbapi_conn: object, record: object) -> None:
        closed.append(dbapi_conn)

    monkeypatch.setattr(web_app, "_offline_docs", broken)
    event.listen(Pool, "close", on_close)
    try:
        with pytest.raises(RuntimeError, match="docs assets"):
            web_app.create_app(str(db))
    finally:
        event.remove(Pool, "close", on_close)
    assert closed  # the connection that read the schema version is closed, not left pooled


def test_a_search_holds_typed_matches_and_the_api_returns_their_json(base: str, db: Path) -> None:
    from errdex.match.result import Match
    from errdex.store import Store
    from errdex.web.state import WebState

    with Store.open(str(db), readonly=True) as store:
        result = WebState(store).search(TRACEBACK, 10)
    top = result.matches[0]
    assert isinstance(top.match, Match) and "Incompatible shapes" in top.match.template
    assert top.segments and "".join(top.segments[0::2]) in top.match.template.replace("{", "").replace(
        "}", ""
    )
    api = get(base, "/api/search", params={"q": TRACEBACK}).json()
    assert api["matches"] == json.loads(json.dumps([m.to_json() for m in result.matches]))
