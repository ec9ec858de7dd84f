"""The error page with a cached AI answer beside the static facts, and inline code/links in prose.

The answer is put in the analyses cache exactly as ``errdex analyze --llm`` stores it
(``explain.llm.ensure_answer``: verified sections, the drop count and names, and the raw answer),
and the server runs with ``ERRDEX_LLM_MODEL`` set so ``analyze_error`` merges it into the view.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from typing import Any

import pytest
from test_web_support import ARGS, CHROMIUM, REPO, build_catalogue, find_error, get, live_server, shot

from errdex.web.render import prose

MODEL = "test-coder-7b"
DATE = "2026-08-27T10:11:12+00:00"

ANSWER = {
    "meaning": (
        "The shapes passed to `broadcast_shapes` have different ranks, which this function refuses. "
        "See https://numpy.org/doc/stable/user/basics.broadcasting.html."
    ),
    "trigger": "When `ranks` holds more than one rank, i.e. the shapes differ in length.",
    "common_situations": ["Mixing a vector shape `(3,)` with a matrix shape `(2, 3)` <script>x</script>"],
    "solutions": ["Reshape the lower-rank array to the same rank before calling `broadcast_shapes`."],
    "example_fix": {
        "before": "broadcast_shapes((2, 3), (3,))",
        "after": "broadcast_shapes((2, 3), (1, 3))  # <b>same rank</b>",
    },
}


def _record() -> dict[str, Any]:
    """What ``ensure_answer`` stores: the verified record plus the raw answer pages never show."""
    from errdex.analysis.llm import PROMPT_VERSION

    return {
        "model": MODEL,
        "date": DATE,
        "prompt_version": PROMPT_VERSION,
        "sections": ANSWER,
        "dropped": 2,
        "unverified": ["tpu_core.BlockType", "pallas.MemorySpace.TPU_HBM"],
        "raw": {**ANSWER, "solutions": ["Use `pallas.MemorySpace.TPU_HBM` (RAW-ONLY-SENTINEL)"]},
    }


@pytest.fixture(scope="module")
def llm_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    from errdex.analysis.llm import ENV_MODEL, PROMPT_VERSION
    from errdex.store import Store

    db = build_catalogue(tmp_path_factory.mktemp("webllm"))
    err = find_error(db, "Incompatible shapes")
    with Store.open(str(db)) as store:
        full = store.get_error(err["id"])
        assert full is not None
        store.put_analysis(err["id"], full.latest.snapshot_id, MODEL, PROMPT_VERSION, _record())
    mp = pytest.MonkeyPatch()
    mp.setenv(ENV_MODEL, MODEL)  # the server runs in this process: analyze_error reads it per view
    try:
        with live_server(db) as base:
            yield base, str(err["id"])
    finally:
        mp.undo()


def _section(html: str, sid: str) -> str:
    m = re.search(rf'<section id="{sid}">(.*?)</section>', html, re.S)
    assert m, sid
    return m.group(1)


def test_ai_answer_is_shown_labelled_beside_the_static_facts(llm_site: tuple[str, str]) -> None:
    base, eid = llm_site
    r = get(base, f"/{REPO}/errors/{eid}")
    assert r.status_code == 200
    html = r.text
    label = (
        f"AI-assisted ({MODEL}, 2026-08-27) — checked against the indexed source; "
        "2 claims dropped for naming unknown symbols: tpu_core.BlockType, pallas.MemorySpace.TPU_HBM"
    )
    assert label in html
    # Placed like the seed pages: each part in its own section, after the static facts there.
    meaning = _section(html, "meaning")
    assert "This ValueError means" in meaning  # the static text is still there...
    assert meaning.index("This ValueError means") < meaning.index('data-ai="meaning"')  # ...and first
    assert "<code>broadcast_shapes</code> have different ranks" in meaning
    assert (
        '<a href="https://numpy.org/doc/stable/user/basics.broadcasting.html" rel="nofollow noopener">'
        in meaning
    )
    solutions = _section(html, "solutions")
    assert 'data-ai="solutions"' in solutions and "Reshape the lower-rank array" in solutions
    # the static facts stay first, here saying that the code states no fix (a restated guard is
    # not one), and the AI answer follows, labelled
    assert "errdex found no fix stated in the code" in solutions
    assert solutions.index("errdex found no fix") < solutions.index('data-ai="solutions"')
    example = _section(html, "example")
    assert 'data-ai="example_fix"' in example and "Before" in example and "After" in example
    assert "&lt;b&gt;same rank&lt;/b&gt;" in example and "<b>same rank" not in example
    when = _section(html, "when")
    assert 'data-ai="trigger"' in when and "Common situations" in when
    assert "<code>(3,)</code>" in when
    assert "&lt;script&gt;x&lt;/script&gt;" in when and "<script>x" not in html
    assert "RAW-ONLY-SENTINEL" not in html  # only verified sections reach the page
    assert f"AI-assisted analysis ({MODEL}) of {REPO}" in html  # the footer's provenance


def test_ai_answer_is_in_the_json_twin(llm_site: tuple[str, str]) -> None:
    base, eid = llm_site
    data = get(base, f"/api/errors/{eid}").json()
    llm = data["analysis"]["llm"]
    assert llm["model"] == MODEL and llm["dropped"] == 2
    assert llm["sections"]["solutions"] == ANSWER["solutions"]
    assert "raw" not in llm
    assert data["analysis"]["provenance"]["kind"] == f"llm:{MODEL}"


def test_other_errors_have_no_ai_block(llm_site: tuple[str, str]) -> None:
    base, _ = llm_site
    other = get(base, f"/api/repos/{REPO}/errors?q=plugin").json()["errors"][0]["id"]
    html = get(base, f"/{REPO}/errors/{other}").text
    assert 'id="ai-note"' not in html and 'class="ai"' not in html
    assert "Static analysis of" in html


def test_static_analysis_backticks_render_as_code(llm_site: tuple[str, str]) -> None:
    base, eid = llm_site
    when = _section(get(base, f"/{REPO}/errors/{eid}").text, "when")
    trigger = re.search(r"<strong>Trigger:</strong>(.*?)</p>", when, re.S)
    assert trigger and "<code>ranks</code>" in trigger.group(1) and "`" not in trigger.group(1)
    guards = re.search(r'<ul class="guards">(.*?)</ul>', when, re.S)
    assert guards and "<code>ranks</code>" in guards.group(1)


# ---------------------------------------------------------------------------- prose(), directly


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("use `a.b`", "use <code>a.b</code>"),
        ("`<lambda>` & co", "<code>&lt;lambda&gt;</code> &amp; co"),
        ("one ` unpaired", "one ` unpaired"),
        ("``", "``"),
        ("<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"),
        ("`x`` y`", "<code>x</code><code> y</code>"),
        ("`split\nlines`", "`split\nlines`"),
        (
            "see https://a.io/x?b=1&c=2.",
            'see <a href="https://a.io/x?b=1&amp;c=2" rel="nofollow noopener">https://a.io/x?b=1&amp;c=2</a>.',
        ),
        (
            "(http://w.org/F_(x))",
            '(<a href="http://w.org/F_(x)" rel="nofollow noopener">http://w.org/F_(x)</a>)',
        ),
        (
            'https://e.com/"onmouseover="x',
            '<a href="https://e.com/" rel="nofollow noopener">https://e.com/</a>&#34;onmouseover=&#34;x',
        ),
        ("`https://in.code`", "<code>https://in.code</code>"),
        ("javascript:alert(1) and https://.", "javascript:alert(1) and https://."),
        (None, ""),
    ],
)
def test_prose(text: str | None, want: str) -> None:
    assert str(prose(text)) == want


def test_prose_never_passes_raw_markup() -> None:
    evil = "`</code><img src=x onerror=alert(1)>` https://x.y/<img>"
    html = str(prose(evil))
    assert "<img" not in html and "&lt;img" in html


@pytest.mark.browser
@pytest.mark.skipif(not os.access(CHROMIUM, os.X_OK), reason=f"{CHROMIUM} is absent")
def test_ai_blocks_in_a_browser(llm_site: tuple[str, str]) -> None:
    """The AI blocks as a person sees them (``tests/artifacts/web-error-ai.png``)."""
    from playwright.sync_api import sync_playwright

    base, eid = llm_site
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        pg = browser.new_page(viewport={"width": 1280, "height": 900})
        pg.goto(f"{base}/{REPO}/errors/{eid}")
        assert pg.locator("#ai-note").is_visible()
        assert "2 claims dropped" in pg.locator("#ai-note").inner_text()
        assert pg.locator(".ai").count() == 4
        assert pg.locator("#meaning .ai a[rel='nofollow noopener']").count() == 1
        shot(pg, "web-error-ai.png")
        browser.close()
