"""A raise with no message text in its source (``raise NotImplementedError``, ``raise
RuntimeError()``) on its page and in ``errdex show``: said, not left blank."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from test_web_support import get, live_server

from errdex.pipeline import index
from errdex.views import NO_MESSAGE

LIB = '''"""A library with raises that write no message."""


class Store:
    def load(self):
        raise NotImplementedError

    def close(self):
        raise RuntimeError()
'''


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("nomsg") / "src"
    (root / "quietlib").mkdir(parents=True)
    (root / "quietlib" / "__init__.py").write_text(LIB)
    path = root.parent / "c.db"
    index(str(root), str(path), jobs=1)
    return path


def _ids(db: Path) -> list[tuple[str, str, str]]:
    out = subprocess.run(
        [sys.executable, "-m", "errdex.cli", "list", "--db", str(db), "--json"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return [(e["id"], e["repo"], e["template"]) for e in json.loads(out)["errors"]]


def test_the_page_and_codebase_list_say_there_is_no_message(db: Path) -> None:
    rows = _ids(db)
    assert rows and all(template == "" for _, _, template in rows)  # the JSON keeps the empty template
    eid, repo, _ = rows[0]
    with live_server(db) as base:
        page = get(base, f"/{repo}/errors/{eid}").text
        codebase = get(base, f"/{repo}").text
    h1 = re.search(r"<h1[^>]*>(.*?)</h1>", page, re.S)
    title = re.search(r"<title>(.*?)</title>", page, re.S)
    assert h1 and h1.group(1).strip() == NO_MESSAGE
    assert title and NO_MESSAGE in title.group(1)
    assert 'id="no-message"' in page
    assert codebase.count(NO_MESSAGE) == len(rows)


def test_show_says_there_is_no_message(db: Path) -> None:
    eid = _ids(db)[0][0]
    out = subprocess.run(
        [sys.executable, "-m", "errdex.cli", "show", eid, "--db", str(db)], capture_output=True, text=True
    ).stdout
    section = out.split("Error message", 1)[1].split("\n\n", 1)[0]
    assert NO_MESSAGE in section
