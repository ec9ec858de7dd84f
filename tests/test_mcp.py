"""``errdex mcp`` driven by the official MCP SDK's own client, over stdio, as an assistant would."""

from __future__ import annotations

import asyncio
import os
import sys
from typing import Any

import pytest

pytestmark = [pytest.mark.network, pytest.mark.slow]

PASTE = """Traceback (most recent call last):
  File "/home/someone/app.py", line 3, in <module>
    Version("1.0 beta")
  File "/home/someone/.venv/lib/python3.12/site-packages/packaging/version.py", line 466, in __init__
    raise InvalidVersion(f"Invalid version: {version!r}")
packaging.version.InvalidVersion: Invalid version: '1.0 beta'
"""


def _session(db: str, *extra: str) -> Any:
    from mcp import Client, StdioServerParameters

    env = {k: v for k, v in os.environ.items() if not k.startswith("ERRDEX_")}
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "errdex", "mcp", "--db", db, *extra], env=env
    )
    return Client(params)


def _call(db: str, calls: list[tuple[str, dict[str, Any]]], *extra: str) -> tuple[list[str], list[Any]]:
    async def go() -> tuple[list[str], list[Any]]:
        async with _session(db, *extra) as client:
            names = [t.name for t in (await client.list_tools()).tools]
            results = [await client.call_tool(name, args) for name, args in calls]
            return names, results

    return asyncio.run(go())


def test_mcp_tools_over_stdio(reach_db: str) -> None:
    names, (explained, unknown, searched, listed) = _call(
        reach_db,
        [
            ("explain_error", {"text": PASTE}),
            ("show_error", {"error_id": "0000000000000000"}),
            ("search_errors", {"query": "Invalid version", "repo": "packaging"}),
            ("search_errors", {"exc_type": "ValueError", "repo": "shoplib"}),
        ],
    )
    assert sorted(names) == ["explain_error", "search_errors", "show_error"]  # no indexing unless allowed
    answer = explained.structured_content
    assert answer["verdict"] == "exact" and answer["summary"].startswith("exact match")
    top = answer["matches"][0]
    assert (top["repo"], top["version"], top["path"]) == ("pypa/packaging", "26.4", "packaging/version.py")
    assert top["values"] == {"version": "1.0 beta"}
    assert top["when"].startswith("It is raised when")  # the grounded conditions
    code = top["code"]
    assert (
        'raise InvalidVersion(f"Invalid version: {version!r}")'
        in code["lines"][code["raise_line"] - code["start"]]
    )
    assert unknown.is_error and "no error with ID '0000000000000000'" in unknown.content[0].text
    assert searched.structured_content["errors"][0]["template"] == "Invalid version: '{version}'"
    assert listed.structured_content["total"] >= 1
    assert all(e["exc_type"] == "ValueError" for e in listed.structured_content["errors"])

    _, (shown,) = _call(reach_db, [("show_error", {"error_id": top["id"]})])
    view = shown.structured_content
    assert view["id"] == top["id"] and view["line"] > 0 and view["guards"] == ["not match"]
    assert "analysis" in view


def test_mcp_index_only_when_allowed(tmp_path: Any) -> None:
    db = str(tmp_path / "m.db")
    names, (refused,) = _call(db, [("index_release", {"spec": "pypi:packaging==26.4"})])
    assert "index_release" not in names and refused.is_error
    names, (indexed, wrong, explained) = _call(
        db,
        [
            ("index_release", {"spec": "pypi:packaging==26.4"}),
            ("index_release", {"spec": "/etc"}),
            ("explain_error", {"text": "packaging.version.InvalidVersion: Invalid version: 'x y'"}),
        ],
        "--allow-index",
    )
    assert "index_release" in names
    assert indexed.structured_content["repo"] == "pypa/packaging" and indexed.structured_content["changed"]
    assert wrong.is_error and "pypi:NAME" in wrong.content[0].text
    assert explained.structured_content["verdict"] == "exact"


def test_mcp_missing_catalogue_is_one_line(tmp_path: Any) -> None:
    _, (res,) = _call(str(tmp_path / "none.db"), [("explain_error", {"text": "ValueError: x"})])
    assert (
        res.is_error and "no catalogue at" in res.content[0].text and "Traceback" not in res.content[0].text
    )
