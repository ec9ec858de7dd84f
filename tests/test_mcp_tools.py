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
