"""The first search on a freshly served catalogue builds nothing: the server's start did.

``errdex index`` stores the match index; the server's start maps it (writing the per-machine
file from the stored artifact), builds the key lookup and the grouping, imports what a search
imports and compiles the page templates. A search then only answers: before, the first one paid
for all of that inside the request (seconds on a loaded machine, two CI timeouts). What is
asserted are the effects, never a time: no matcher built by a request, no index built from the
catalogue's rows, the mapped file in place before any request, the same answer as
``Matcher.load``.
"""

from __future__ import annotations

import logging
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from test_web_support import MESSAGE, build_catalogue

from errdex.match import ARTIFACT, Matcher
from errdex.match.shared_index import shared_path
from errdex.store.fast import open_reader
from errdex.web.app import create_app
from errdex.web.pages import env

REBUILT = "building the match index from the catalogue's rows"


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A user's cache dir with no mapped index yet: the catalogue is served for the first time."""
    where = tmp_path / "cache"
    monkeypatch.setenv("ERRDEX_CACHE", str(where))
    return where


def test_the_first_search_finds_everything_built_at_start(
    tmp_path: Path, cache: Path, caplog: pytest.LogCaptureFixture
) -> None:
    db = build_catalogue(tmp_path)
    caplog.set_level(logging.INFO, logger="errdex")
    app = create_app(str(db))
    state = app.state.web
    assert state.matcher.loads == 0  # creating the app builds nothing; starting it does
    with TestClient(app) as client:
        gen = state.generation()
        assert state.matcher.loads == 1
        assert shared_path(state.store, gen, cache).is_file()  # mapped before any request
        assert env.cache is not None and any(t.name == "search.html" for t in env.cache.values())
        assert any(r.getMessage().startswith("errdex: match index ready") for r in caplog.records)
        api = client.get("/api/search", params={"q": MESSAGE})
        page = client.get("/search", params={"q": MESSAGE})
        assert state.matcher.loads == 1  # neither the first search nor the page built a matcher
    assert api.status_code == 200 and page.status_code == 200
    got = api.json()["matches"]
    # the answer a matcher loaded straight from the stored artifact gives
    with open_reader(str(db)) as reader:
        want = Matcher.load(reader).explain(MESSAGE).matches
        assert [m["id"] for m in got] == [m.id for m in want] and "Incompatible shapes" in got[0]["template"]
        assert got[0]["id"] in page.text
    # errdex index stored a current index: nothing was built from the catalogue's rows
    assert not [r for r in caplog.records if REBUILT in r.getMessage()]


def test_a_catalogue_without_a_stored_index_is_built_at_start_and_says_why(
    tmp_path: Path, cache: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The other side of the assertion above: where the index must be built from the rows (a
    catalogue written without one), the start builds it, says so, and the search still finds it
    ready."""
    db = build_catalogue(tmp_path)
    with closing(sqlite3.connect(db)) as conn, conn:
        conn.execute("delete from artifacts where name = ?", (ARTIFACT,))
    caplog.set_level(logging.INFO, logger="errdex")
    app = create_app(str(db))
    with TestClient(app) as client:
        rebuilt = [r.getMessage() for r in caplog.records if REBUILT in r.getMessage()]
        assert rebuilt == [f"errdex: {REBUILT}: none is stored"]
        r = client.get("/api/search", params={"q": MESSAGE})
        assert app.state.web.matcher.loads == 1
    assert "Incompatible shapes" in r.json()["matches"][0]["template"]
    assert len([r for r in caplog.records if REBUILT in r.getMessage()]) == 1  # not again by the search


def test_a_catalogue_that_fails_to_load_still_starts(
    tmp_path: Path, cache: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A damaged catalogue is still served: the start says the index could not be loaded and
    leaves the search to try again and answer with the store's reason, as it did before."""
    db = build_catalogue(tmp_path)
    with closing(sqlite3.connect(db)) as conn, conn:
        conn.execute("drop table occurrence_places")  # the index can be neither read nor built
        conn.execute("delete from artifacts where name = ?", (ARTIFACT,))
    app = create_app(str(db))
    with TestClient(app) as client:
        assert app.state.web.matcher.loads == 0
        assert any("could not load the match index at start" in r.getMessage() for r in caplog.records)
        r = client.get("/api/search", params={"q": MESSAGE})
    assert r.status_code == 503 and "occurrence_places" in r.json()["error"]
