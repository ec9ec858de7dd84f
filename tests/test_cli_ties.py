"""``errdex explain`` on a message several sites raise alike: the JSON says how many sites the
answer is one of and names the others, and the terminal lists them, even for one answer asked for."""

from __future__ import annotations

import json
import os
import subprocess

import pytest
from test_cli_input import ERRDEX, index_package

LIB = '''"""A mapping that can be frozen."""


class FrozenError(Exception):
    pass


class Store:
    def __setitem__(self, key, value):
        if self.frozen:
            raise FrozenError("Store is frozen and takes no changes")

    def pop(self, key):
        if self.frozen:
            raise FrozenError("Store is frozen and takes no changes")
'''


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> str:
    return index_package(tmp_path_factory.mktemp("lib"), "frozenlib", LIB)


def _explain(db: str, *args: str) -> subprocess.CompletedProcess[str]:
    paste = "frozenlib.FrozenError: Store is frozen and takes no changes"
    return subprocess.run(
        [*ERRDEX, "explain", "--db", db, "--no-auto-index", *args, paste],
        capture_output=True,
        text=True,
        env={**os.environ, "COLUMNS": "200"},
    )


@pytest.mark.parametrize("limit", ["1", "5"])
def test_json_counts_the_tie_and_names_the_other_site(db: str, limit: str) -> None:
    r = _explain(db, "--json", "--limit", limit)
    answer = json.loads(r.stdout)
    assert answer["tied"] == 2
    assert answer["summary"].startswith("exact match, a tie: ")
    first = answer["matches"][0]
    lines = {first["line"], *(int(s.rpartition(":")[2]) for s in first["tied_with"])}
    assert lines == {11, 15} and len(first["tied_with"]) == 1


def test_the_terminal_lists_the_other_site_for_one_answer_asked_for(db: str) -> None:
    r = _explain(db, "--limit", "1")
    first, _, rest = r.stdout.partition("\n")
    assert first.startswith("exact match, a tie: ") and "one answer shown, naming the others" in first
    shown = 11 if "__init__.py:11 in" in rest else 15
    other = 26 - shown
    assert "tied with 1 other site(s) raising this message" in rest and f"__init__.py:{other}" in rest
