"""The acceptance flow on the real jax 0.10.2 catalogue, in a real browser.

A person pastes the seed page's Pallas lowering error (filled in, with the "See details" line the
message ends with) into the home page, lands on its error page, reads every section, follows a
related error and opens the JSON twin. The screenshot is ``tests/artifacts/jax-error-page.png``.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from typing import Any

import pytest
from test_web_support import ARGS, CHROMIUM, SEED_SECTIONS, live_server, shot

pytestmark = [
    pytest.mark.browser,
    pytest.mark.network,  # jax_db fetches the jax wheel on a cold cache
    pytest.mark.skipif(
        not os.access(CHROMIUM, os.X_OK), reason=f"{CHROMIUM} is absent: apt-get install -y chromium"
    ),
]

# The seed's error (shared/seeds/002) as a user's program prints it.
SEED_ERROR = (
    "ValueError: The Pallas TPU lowering currently supports in memory space ANY only blocks having the "
    "same block shape as the array shape and a trivial index_map (returning all 0s).Block spec for "
    "args[0] in pallas_call kernel at /tmp/x.py:12 has block shape (8, 128), array shape (16, 128), and "
    "index_map { lambda ; a:i32[]. let  in (a, 0) }, in memory space ANY.\n"
    "See details at https://docs.jax.dev/en/latest/pallas/grid_blockspec.html#pallas-blockspec"
)
RAISE_AT = "jax/_src/pallas/mosaic/lowering.py:938"
FUNCTION = "_check_block_mappings"
SECTIONS = SEED_SECTIONS


@pytest.fixture(scope="module")
def base(jax_db: str) -> Iterator[str]:
    from pathlib import Path

    with live_server(Path(jax_db)) as url:
        yield url


@pytest.fixture(scope="module")
def page() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        ctx = browser.new_context(viewport={"width": 1280, "height": 900})
        pg = ctx.new_page()
        problems: list[str] = []
        pg.on("pageerror", lambda e: problems.append(f"page error: {e}"))
        pg.on(
            "console", lambda m: problems.append(f"console {m.type}: {m.text}") if m.type == "error" else None
        )
        pg.problems = problems
        yield pg
        ctx.close()
        browser.close()


def test_paste_the_seed_lowering_error_and_read_its_page(page: Any, base: str) -> None:
    page.goto(base + "/")
    page.fill("textarea#q", SEED_ERROR)
    page.click("form.searchbox button[type=submit]")
    page.wait_for_url("**/search?q=*")  # a GET: the results have a URL to share
    top = page.locator("li.match").first
    assert "top" in (top.get_attribute("class") or ""), page.locator("#verdict").inner_text()
    assert RAISE_AT in top.locator("a.open").inner_text()
    # The values the user's message filled in are shown in place of the placeholders.
    assert "(8, 128)" in top.locator(".template").inner_text()

    top.locator("a.open").click()
    page.wait_for_url("**/jax-ml/jax/errors/*")
    error_id = page.locator("article.error").get_attribute("data-error-id")
    assert error_id and page.url.endswith(f"/errors/{error_id}")

    for heading in SECTIONS:
        assert page.locator("h2", has_text=heading).first.is_visible(), heading
    assert page.locator(".kicker").inner_text().startswith("jax-ml/jax · error · ValueError")
    assert "in memory space ANY only blocks" in page.locator("#message .template").first.inner_text()

    source = page.locator("#source")
    assert f"Thrown at {RAISE_AT}" in source.inner_text()
    assert FUNCTION in source.inner_text()
    assert source.locator(".hll").count() >= 1  # the raise is marked in the code window

    # Analysis prose: backticked names are code, the message's own docs link is a link.
    assert page.locator("#when code", has_text="has_trivial_window").count() >= 1
    docs = page.locator('#solutions a[href^="https://docs.jax.dev/"]').first
    assert docs.get_attribute("rel") in ("nofollow noopener", "noopener noreferrer")
    assert "`" not in page.locator("#when").inner_text()

    assert "shipped no tests" in page.locator("#example").inner_text()
    assert page.locator("#versions .tag", has_text="0.10.2").count() == 1
    footer = page.locator("footer .provenance").inner_text()
    assert "Static analysis of jax-ml/jax" in footer and f"/api/errors/{error_id}" in footer

    path = shot(page, "jax-error-page.png")
    assert path.stat().st_size > 50_000
    error_url = page.url

    related = page.locator("#related a").first
    href = related.get_attribute("href")
    assert href and re.fullmatch(r"/jax-ml/jax/errors/[0-9a-f]+", href) and error_id not in href
    related.click()
    page.wait_for_url(f"**{href}")
    assert page.locator("h2", has_text="Error message").is_visible()
    assert page.locator("article.error").get_attribute("data-error-id") != error_id

    page.goto(error_url)
    page.click("#json-link")
    page.wait_for_url(f"**/api/errors/{error_id}")
    data = json.loads(page.locator("body").inner_text())
    assert data["id"] == error_id
    assert data["path"] == RAISE_AT.split(":")[0] and data["function"] == FUNCTION
    assert not page.problems, page.problems
