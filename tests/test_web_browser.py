"""The site in a real browser: Debian's chromium driven by Playwright, against the real server.

Screenshots land in ``tests/artifacts/`` (their paths are printed) so a person can look at the
pages a test saw.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_web_support import (
    ARGS,
    CHROMIUM,
    REPO,
    SCRIPT_TEMPLATE,
    SEED_SECTIONS,
    TRACEBACK,
    build_catalogue,
    find_error,
    live_server,
    shot,
)

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not os.access(CHROMIUM, os.X_OK), reason=f"{CHROMIUM} is absent: apt-get install -y chromium"
    ),
]


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_catalogue(tmp_path_factory.mktemp("webbrowser"))


@pytest.fixture(scope="module")
def base(db: Path) -> Iterator[str]:
    with live_server(db) as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    pg = ctx.new_page()
    problems: list[str] = []
    pg.on("dialog", lambda d: (problems.append(f"dialog: {d.message}"), d.dismiss()))
    pg.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    pg.on("console", lambda m: problems.append(f"console {m.type}: {m.text}") if m.type == "error" else None)
    pg.problems = problems
    yield pg
    ctx.close()


def test_paste_search_open_error_follow_related_and_json(page: Any, base: str, db: Path) -> None:
    page.goto(base + "/")
    page.fill("textarea#q", TRACEBACK)
    page.click("form.searchbox button[type=submit]")
    page.wait_for_url("**/search?q=*")  # a GET: the results have a URL to share
    first = page.locator("li.match").first
    assert "top" in (first.get_attribute("class") or "")
    assert first.locator("mark").first.inner_text() == "[(2, 3), (3,)]"
    shot(page, "web-search.png")

    first.locator("a.open").click()
    page.wait_for_url(f"**/{REPO}/errors/*")
    for heading in SEED_SECTIONS:
        assert page.locator("h2", has_text=heading).first.is_visible(), heading
    assert page.locator(".kicker").inner_text().startswith(f"{REPO} · error · ValueError")
    assert "Thrown at webfix/core.py:13" in page.locator("#source").inner_text()
    assert page.locator("#source .hll").count() >= 1
    assert "Incompatible shapes for broadcasting" in page.locator("#example").inner_text()
    path = shot(page, "web-error.png")
    assert path.stat().st_size > 10_000

    related = page.locator("#related a")
    if related.count():  # the explain stage links related errors when it knows them
        href = related.first.get_attribute("href")
        related.first.click()
        page.wait_for_url(f"**{href}")
        assert page.locator("h2", has_text="Error message").is_visible()
        page.go_back()
    else:  # otherwise follow the codebase link to another error of the same module
        page.click(".kicker a")
        page.locator("ul.errlist a", has_text="Plugin").first.click()
        assert page.locator("h2", has_text="Error message").is_visible()

    page.click("#json-link")
    data = json.loads(page.locator("body").inner_text())
    assert data["id"] and data["template"] and "versions" in data
    assert not page.problems, page.problems


def test_script_template_is_shown_as_text(page: Any, base: str, db: Path) -> None:
    err = find_error(db, "<script>")
    page.goto(f"{base}/{REPO}/errors/{err['id']}")
    text = page.locator("#message .template").inner_text()
    assert "<script>alert(1)</script>" in text
    assert SCRIPT_TEMPLATE.split("{")[0] in text
    # No script element came from the data: only the site's own app.js.
    srcs = page.eval_on_selector_all("script", "els => els.map(e => e.getAttribute('src'))")
    assert srcs == ["/static/app.js"]
    assert page.locator("main script").count() == 0
    page.goto(f"{base}/{REPO}")
    assert page.get_by_text("<script>alert(1)</script>", exact=False).count() >= 1
    shot(page, "web-codebase.png")
    assert not page.problems, page.problems


def test_mobile_layout_has_no_horizontal_scroll(browser: Any, base: str, db: Path) -> None:
    err = find_error(db, "Incompatible shapes")
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    pg = ctx.new_page()
    for path in ("/", f"/{REPO}", f"/{REPO}/errors/{err['id']}"):
        pg.goto(base + path)
        overflow = pg.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 1, (path, overflow)
    shot(pg, "web-error-mobile.png")
    ctx.close()


def test_codebase_filter_box_filters_without_reload(page: Any, base: str) -> None:
    page.goto(f"{base}/{REPO}")
    total = page.locator("ul.errlist li").count()
    page.fill("#filter", "plugin")
    visible = page.locator("ul.errlist li:visible").count()
    assert 0 < visible < total
    page.press("#filter", "Enter")
    page.wait_for_url("**q=plugin*")
    assert page.locator("ul.errlist li").count() == visible


def test_recent_searches_stay_in_the_visitors_browser(browser: Any, base: str) -> None:
    """A visitor sees their own recent searches; the next visitor (another browser) sees none."""
    alice = browser.new_context()
    pg = alice.new_page()
    pg.goto(base + "/")
    assert not pg.locator("#recent").is_visible()
    pg.fill("textarea#q", TRACEBACK)
    pg.click("form.searchbox button[type=submit]")
    pg.wait_for_url("**/search?q=*")
    shared = pg.url
    pg.goto(base + "/")
    recent = pg.locator("#recent li")
    assert recent.count() == 1
    assert "Incompatible shapes for broadcasting" in recent.first.inner_text()
    recent.first.locator("a.mono").click()  # the entry is the search's own URL
    pg.wait_for_url("**/search?q=*")
    assert pg.locator("li.match").count() >= 1

    bob = browser.new_context()
    other = bob.new_page()
    other.goto(base + "/")
    assert other.locator("#recent li").count() == 0 and not other.locator("#recent").is_visible()
    other.goto(shared)  # the URL alice shares shows bob the same results
    assert "[(2, 3), (3,)]" in other.locator("li.match").first.inner_text()
    bob.close()

    pg.goto(base + "/")
    pg.click("#recent-forget")
    assert not pg.locator("#recent").is_visible()
    pg.reload()
    assert pg.locator("#recent li").count() == 0
    alice.close()


def test_a_paste_too_long_for_a_url_is_posted(page: Any, base: str) -> None:
    frames = "".join(f'  File "/srv/app/mod{i}.py", line {i}, in f{i}\n    step{i}()\n' for i in range(150))
    long_paste = TRACEBACK.replace(
        "Traceback (most recent call last):\n", "Traceback (most recent call last):\n" + frames
    )
    assert len(long_paste) > 6000
    page.goto(base + "/")
    page.fill("textarea#q", long_paste)
    page.click("form.searchbox button[type=submit]")
    page.wait_for_load_state()
    assert page.url.endswith("/search")  # POSTed: no 8 KB URL
    assert "[(2, 3), (3,)]" in page.locator("li.match").first.inner_text()
    assert not page.problems, page.problems


def test_api_docs_work_offline(page: Any, base: str) -> None:
    """Swagger UI renders the operations with every request to another host refused."""
    external: list[str] = []

    def only_local(route: Any) -> None:
        url = route.request.url
        if url.startswith(base):
            route.continue_()
        else:
            external.append(url)
            route.abort()

    page.route("**/*", only_local)
    page.goto(f"{base}/docs")
    page.wait_for_selector(".opblock-summary-path", timeout=15000)
    paths = page.locator(".opblock-summary-path").all_inner_texts()
    assert any("/api/search" in p for p in paths), paths
    assert external == [] and page.problems == []
