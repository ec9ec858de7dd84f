"""The MCP tools' bodies on a real SQLite catalogue, for the inputs an assistant really sends:
a whole command output ending in the traceback, and an empty text."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_cli_input import LIB, TRACEBACK

from errdex.mcp import _MAX_TEXT, _Tools
from errdex.pipeline import index


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> str:
    root = tmp_path_factory.mktemp("lib")
    (root / "tinylib").mkdir()
    (root / "tinylib" / "__init__.py").write_text(LIB)
    path = str(Path(root) / "c.db")
    index(str(root), path, jobs=1)
    return path


def test_a_long_output_is_read_from_its_end_where_the_traceback_is(db: str) -> None:
    log = "collecting ... building wheel ... ok\n" * (_MAX_TEXT // 36 + 100) + TRACEBACK
    assert len(log) > _MAX_TEXT
    answer = _Tools(db, allow_index=False).explain_error(log)
    assert answer["verdict"] == "exact"
    assert answer["matches"][0]["path"] == "tinylib/__init__.py"


@pytest.mark.parametrize("text", ["", " \n\t"])
def test_an_empty_text_is_one_line_for_the_assistant(db: str, text: str) -> None:
    from mcp.server.mcpserver.exceptions import ToolError

    with pytest.raises(ToolError, match="nothing to explain"):
        _Tools(db, allow_index=False).explain_error(text)


def test_one_matcher_serves_every_call_until_the_catalogue_changes(tmp_path: Path) -> None:
    """An MCP server answers many calls from one process: the index is loaded by the first
    search of a catalogue generation and kept (with what its queries decoded), not loaded again
    per call; indexing another release makes a new generation, and the next call loads that."""
    from errdex.match import matcher as m

    root = tmp_path / "lib"
    (root / "tinylib").mkdir(parents=True)
    (root / "tinylib" / "__init__.py").write_text(LIB)
    db = str(tmp_path / "c.db")
    index(str(root), db, jobs=1)
    tools = _Tools(db, allow_index=False)
    m._MATCHERS.pop((db, None), None)
    assert tools.search_errors("expected a .toml file")["total"] >= 1
    kept = m._MATCHERS[db, None]
    assert tools.explain_error(TRACEBACK)["verdict"] == "exact"
    assert tools.search_errors("expected a .toml file")["total"] >= 1
    assert m._MATCHERS[db, None] is kept
    (root / "tinylib" / "more.py").write_text('def f():\n    raise KeyError("no such thing here")\n')
    index(str(root), db, jobs=1)
    assert tools.search_errors("no such thing here")["errors"][0]["path"] == "tinylib/more.py"
    assert m._MATCHERS[db, None] is not kept
