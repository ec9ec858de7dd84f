"""A message template with an expression placeholder (``{k + 1}``) reads the same everywhere
it is shown: the page's title and heading, its message block, the related-errors list, ``errdex
show`` (text and ``--json``) and ``/api/errors/{id}``. Shortened for a title or a list, the
template is cut before a placeholder rather than inside it, so ``{k + 1}`` is shown whole or
not at all — never as ``{k}1`` or ``{k +``.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from errdex.cli import app
from errdex.pipeline import index
from errdex.store import Store
from errdex.web.app import create_app

# the 60-character cut of a title falls inside ``{k + 1}`` (characters 55 to 61)
LONG = "the table of rows ends before the requested row number {k + 1} of {len(items)}"
SHORT = "row {k + 1} does not exist"
LIBRARY = """
def pick(items, k):
    if k >= len(items):
        raise IndexError(f"the table of rows ends before the requested row number {k + 1} of {len(items)}")
    if k < 0:
        raise ValueError(f"row {k + 1} does not exist")
    return items[k]
"""


@pytest.fixture(scope="module")
def catalogue(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, dict[str, str]]]:
    root = tmp_path_factory.mktemp("placeholders")
    (root / "rows").mkdir()
    (root / "rows" / "__init__.py").write_text(LIBRARY)
    db = str(root / "c.db")
    index(str(root), db, jobs=1)
    with Store.open(db, readonly=True) as store:
        rows = store.list_errors()[1]
    yield db, {r.template: r.id for r in rows}


def _well_formed(shown: str, template: str) -> None:
    """``shown`` is ``template``, or its start cut before a placeholder and marked with ``…``."""
    assert "{k}" not in shown and "k}1" not in shown, shown
    assert shown.count("{") == shown.count("}"), shown
    if shown != template:
        assert shown.endswith("…") and template.startswith(shown.removesuffix("…").rstrip()), shown


def test_the_catalogue_holds_the_templates_as_written(catalogue: tuple[str, dict[str, str]]) -> None:
    _, ids = catalogue
    assert set(ids) == {LONG, SHORT}


def test_the_page_title_heading_message_and_related_list(catalogue: tuple[str, dict[str, str]]) -> None:
    db, ids = catalogue
    with TestClient(create_app(db)) as client:
        long_page = client.get(f"/api/errors/{ids[LONG]}").json()
        repo = long_page["repo"]
        page = client.get(f"/{repo}/errors/{ids[LONG]}").text
        other = client.get(f"/{repo}/errors/{ids[SHORT]}").text
    title = html.unescape(re.search(r"<title>(.*?)</title>", page, re.S).group(1))  # type: ignore[union-attr]
    heading = html.unescape(re.search(r"<h1[^>]*>(.*?)</h1>", page, re.S).group(1))  # type: ignore[union-attr]
    assert title.startswith("IndexError: ")
    _well_formed(title.removeprefix("IndexError: ").removesuffix(" · errdex"), LONG)
    _well_formed(heading, LONG)
    assert heading == "the table of rows ends before the requested row number…"
    # the message block shows the whole template, the placeholder marked as one
    assert '<span class="ph">{k + 1}</span>' in page and '<span class="ph">{len(items)}</span>' in page
    # each page lists the other error, under a short title
    [listed] = re.findall(r'<ul class="related">.*?class="mono">([^<]*)</a>', page, re.S)
    assert html.unescape(listed) == SHORT
    [listed] = re.findall(r'<ul class="related">.*?class="mono">([^<]*)</a>', other, re.S)
    _well_formed(html.unescape(listed), LONG)
    assert html.unescape(listed) == "the table of rows ends before the requested row number…"


def test_errdex_show_and_the_json_twins(catalogue: tuple[str, dict[str, str]]) -> None:
    db, ids = catalogue
    runner = CliRunner()
    shown = runner.invoke(app, ["show", ids[SHORT], "--db", db])
    assert shown.exit_code == 0, shown.output
    lines = shown.output.splitlines()
    assert SHORT in lines  # the "Error message" section
    [related] = [line for line in lines if line.startswith("• ")]
    _well_formed(related.removeprefix("• ").split("  (", 1)[0], LONG)
    as_json = runner.invoke(app, ["show", ids[LONG], "--db", db, "--json"])
    view = json.loads(as_json.output)
    assert view["template"] == LONG and "k + 1" in view["segments"]
    [rel] = view["analysis"]["related"]
    assert rel["template"] == SHORT
    with TestClient(create_app(db)) as client:
        api = client.get(f"/api/errors/{ids[LONG]}").json()
    assert (api["template"], api["segments"], api["analysis"]) == (
        view["template"],
        view["segments"],
        view["analysis"],
    )
