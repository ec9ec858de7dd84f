"""A placeholder bound once, in the raising function, to a literal: its printed form is the
site's words (``extract/literals``). ``valid = ["value", "index"]`` then
``f"... one of: {valid}"`` prints ``['value', 'index']``; a name rebound, mutated, a parameter
or bound by a loop keeps its placeholder."""

from __future__ import annotations

import textwrap

from index_helpers import marked_templates

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


def formatted(mode: str) -> None:
    modes = ["fast", "slow"]
    limit = 10
    raise ValueError("mode {!r} not in {} (at most {:>3})".format(mode, modes, limit))  # <- format


def keyworded(mode: str) -> None:
    modes = ("fast", "slow")
    raise ValueError("mode {m} not in {choices!r}".format(m=mode, choices=modes))  # <- format_kw


def percent(mode: str) -> None:
    modes = {"a": 1}
    ratio = 0.5
    raise ValueError("mode %s not in %r (ratio %.2f)" % (mode, modes, ratio))  # <- percent


def percent_one() -> None:
    sizes = [1, 2]
    raise ValueError("sizes must be %s" % sizes)  # <- percent_one


def percent_pair() -> None:
    pair = ("a", 2)
    raise ValueError("between %r and %d" % pair)  # <- percent_pair


def percent_map(mode: str) -> None:
    limit = 3
    raise ValueError("%(mode)s over %(limit)05d" % {"mode": mode, "limit": limit})  # <- percent_map


def format_grown(x: str) -> None:
    names = ["a"]
    names.append(x)
    raise ValueError("expected one of {}".format(names))  # <- format_mutated


def percent_rebound(flag: bool) -> None:
    names = ["a"]
    if flag:
        names = ["b"]
    raise ValueError("expected one of %s" % (names,))  # <- percent_rebound


def percent_param(names: list[str] = ["a"]) -> None:
    raise ValueError("expected one of %s" % names)  # <- percent_param
"""


def _templates() -> dict[str, set[str]]:
    return marked_templates(textwrap.dedent(SOURCE))


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


def test_format_and_percent_print_a_literal_bound_once() -> None:
    got = _templates()
    assert got["format"] == {"mode '{mode}' not in ['fast', 'slow'] (at most  10)"}
    assert got["format_kw"] == {"mode {mode} not in ('fast', 'slow')"}
    assert got["percent"] == {"mode {mode} not in {'a': 1} (ratio 0.50)"}
    assert got["percent_one"] == {"sizes must be [1, 2]"}
    assert got["percent_pair"] == {"between 'a' and 2"}
    assert got["percent_map"] == {"{mode} over 00003"}


def test_format_and_percent_keep_a_name_that_may_change() -> None:
    got = _templates()
    # a local list the visitor cannot print is a placeholder shown through repr (its type noted)
    assert got["format_mutated"] == {"expected one of {names: list!r}"}
    assert got["percent_rebound"] == {"expected one of {names: list!r}"}
    assert got["percent_param"] == {"expected one of {names}"}
