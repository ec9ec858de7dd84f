"""A call answer (``Match.kind == "call"``: the library's call an error was raised below, no
catalogue entry) through every front end: ``errdex explain`` for a terminal, ``--json`` and
``--batch``, the web search page and its API's answer, and the MCP tools. None crashes, none
links an error page or reads an entry's history for it, and each shows the call's code."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
from pathlib import Path
from typing import Any

import pytest
from test_cli_input import ERRDEX
from test_match_compiled_call import _CALL, _FILES, _traceback

from errdex.mcp import _Tools
from errdex.store import Store
from errdex.web.routes_pages import _search_page
from errdex.web.state import WebState

_PASTE = _traceback(*_CALL)


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> str:
    root = tmp_path_factory.mktemp("lib")
    for name, source in _FILES.items():
        (root / "lib" / name).parent.mkdir(parents=True, exist_ok=True)
        (root / "lib" / name).write_text(source)
    path = str(root / "c.db")
    subprocess.run([*ERRDEX, "index", str(root / "lib"), "--db", path], capture_output=True, check=True)
    return path


def _explain(db: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*ERRDEX, "explain", "--db", db, "--no-auto-index", *args, _PASTE],
        capture_output=True,
        text=True,
        env={**os.environ, "COLUMNS": "200"},
    )


def test_json_names_the_call_with_no_history(db: str) -> None:
    # a release asked for: an entry's answer would say where it sits in it, a call none
    r = _explain(db, "--json", "--version", "worktree")
    answer = json.loads(r.stdout)
    call = answer["matches"][0]
    assert answer["verdict"] == "approximate" and r.returncode == 0
    assert (call["kind"], call["path"], call["line"], call["function"]) == (
        "call",
        "pkg/core.py",
        11,
        "Parser.parse",
    )
    assert "history" not in call and call["approximate"]


def test_the_terminal_shows_the_call_and_no_error_page(db: str) -> None:
    r = _explain(db)
    assert r.returncode == 0, r.stderr
    assert "Raised below the call at pkg/core.py:11" in r.stdout
    assert "❱    11          return _speedups.strptime(text, fmt)" in r.stdout
    assert "More: errdex show call" not in r.stdout


def test_batch_answers_the_call(db: str, tmp_path: Path) -> None:
    batch = tmp_path / "q.jsonl"
    batch.write_text(json.dumps({"id": "q1", "input": _PASTE}) + "\n")
    r = subprocess.run(
        [*ERRDEX, "explain", "--db", db, "--no-auto-index", "--json", "--batch", str(batch)],
        capture_output=True,
        text=True,
        check=True,
    )
    line = json.loads(r.stdout)
    assert line["id"] == "q1" and line["matches"][0]["kind"] == "call"


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_web_search_shows_the_call_without_a_link(db: str) -> None:
    with Store.open(db) as store:
        state = WebState(store)
        result = state.search(_PASTE, 10)
        assert result.to_json()["matches"][0]["kind"] == "call"
        assert result.matches[0].history is None

        class _State:
            def cached_search(self, q: str, limit: int) -> Any:
                return result

            def repos(self) -> list[Any]:
                return []

        html = bytes(asyncio.run(_search_page(_State(), _PASTE)).body).decode()  # type: ignore[arg-type]
    assert "pkg/core.py:11</span>" in html
    assert "call:" not in html.split("pkg/core.py:11</span>")[0].rsplit("<li", 1)[1]  # no error link


def test_mcp_explains_with_the_calls_code_and_lists_no_call_as_an_error(db: str) -> None:
    tools = _Tools(db, allow_index=False)
    answer = tools.explain_error(_PASTE)
    call = answer["matches"][0]
    assert call["kind"] == "call"
    assert (
        call["code"]["raise_line"] == 11
        and "return _speedups.strptime(text, fmt)" in call["code"]["lines"][8]
    )
    found = tools.search_errors(_PASTE)
    assert found["errors"] and all(e["kind"] != "call" for e in found["errors"])


def test_two_folders_of_one_version_show_the_call_from_the_file_that_answered(tmp_path: Path) -> None:
    # two folders named alike are two snapshots of one codebase's "worktree" version; the second
    # moved the call two lines down. The answer's enclosing function and the code shown must
    # come from the same snapshot (the last stored, as an entry's source does), not one each.
    for folder, pad in (("a", ""), ("b", "\n\n")):
        for name, source in _FILES.items():
            path = tmp_path / folder / "lib" / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(pad + source if name == "pkg/core.py" else source)
    db = str(tmp_path / "c.db")
    for folder in ("a", "b"):
        subprocess.run(
            [*ERRDEX, "index", str(tmp_path / folder / "lib"), "--db", db], capture_output=True, check=True
        )
    moved = _PASTE.replace("line 11, in parse", "line 13, in parse")
    r = subprocess.run(
        [*ERRDEX, "explain", "--db", db, "--no-auto-index", moved],
        capture_output=True,
        text=True,
        env={**os.environ, "COLUMNS": "200"},
    )
    assert r.returncode == 0, r.stderr
    assert "Raised below the call at pkg/core.py:13" in r.stdout
    assert "❱    13          return _speedups.strptime(text, fmt)" in r.stdout
