"""A placeholder bound once, in the raising function, to a literal: its printed form is the
site's words (``extract/literals``). ``valid = ["value", "index"]`` then
``f"... one of: {valid}"`` prints ``['value', 'index']``; a name rebound, mutated, a parameter
or bound by a loop keeps its placeholder."""

from __future__ import annotations

import textwrap

from errdex.extract import extract
from errdex.model import SourceFile

SOURCE = """
LIMIT = 3


class Radio:
    def __init__(self, type: str) -> None:
        valid_types = ["value", "index"]
        if type not in valid_types:
            raise ValueError(f"Invalid value for parameter `type`: {type}. Please choose from one of: {valid_types}")  # <- list


def pick(mode: str) -> None:
    modes = ("fast", "slow")
    limit = 10
    if mode not in modes:
        raise ValueError(f"mode must be one of {modes!r} (at most {limit:>3}), got {mode}")  # <- tuple_int


def grown(x: str) -> None:
    names = ["a"]
    names.append(x)
    raise ValueError(f"expected one of {names}")  # <- mutated


def rebound(x: str, flag: bool) -> None:
    names = ["a"]
    if flag:
        names = ["b"]
    raise ValueError(f"expected one of {names}")  # <- rebound


def param(names: list[str] = ["a"]) -> None:
    raise ValueError(f"expected one of {names}")  # <- param


def looped() -> None:
    for item in [1, 2]:
        raise ValueError(f"bad item {item}")  # <- loop


def closure(items: list[str]) -> None:
    names = []

    def collect(item: str) -> None:
        names.append(item)

    for item in items:
        collect(item)
    raise ValueError(f"expected one of {names}")  # <- closure


def unordered(x: str) -> None:
    names = {"a", "b"}
    raise ValueError(f"expected one of {names}")  # <- set
"""


def _templates() -> dict[str, set[str]]:
    src = textwrap.dedent(SOURCE)
    ex = extract([SourceFile("pkg/mod.py", src.encode())], "local/pkg", jobs=1)
    lines = src.split("\n")
    out: dict[str, set[str]] = {}
    for r in ex.records:
        text = lines[r.line - 1]
        if "# <- " in text:
            out.setdefault(text.rsplit("# <- ", 1)[1].strip(), set()).add(r.template)
    return out


def test_literal_bound_once_is_the_sites_words() -> None:
    got = _templates()
    assert got["list"] == {
        "Invalid value for parameter `type`: {type}. Please choose from one of: ['value', 'index']"
    }
    assert got["tuple_int"] == {"mode must be one of ('fast', 'slow') (at most  10), got {mode}"}


def test_a_name_that_may_hold_another_value_stays_a_placeholder() -> None:
    got = _templates()
    for mark in ("mutated", "rebound", "param", "set", "closure"):
        assert got[mark] == {"expected one of {names}"}, mark
    assert got["loop"] == {"bad item {item}"}
