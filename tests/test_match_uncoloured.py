"""A message the code colours for the terminal is matched as pasted: without its escape codes.

A terminal draws ``\\033[31m`` as a colour, so a copy of the error holds the words alone; the
raise's literals keep the codes as written (an f-string's, or a ``red(...)`` helper's the
extractor inlined). The match index drops them from the literals it compares.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import first, package_matcher

from errdex.match import Matcher
from errdex.match.index import uncoloured

STAGES = """\
def red(words):
    return "\\033[31m\\033[49m%s\\033[0m" % words


class StageError(Exception):
    pass


def run(name, tries):
    raise StageError(f"\\033[1mstage\\033[0m {name} failed after {tries} tries: \\033[31mgiving up\\033[0m")


def load(name):
    raise StageError(red("the loader stage could not read the manifest") + f" of {name}")
"""


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    with package_matcher(tmp_path_factory.mktemp("coloured"), {"stages.py": STAGES}) as m:
        yield m


def test_an_f_string_s_colour_codes_are_not_asked_of_the_paste(matcher: Matcher) -> None:
    top = first(matcher.explain("StageError: stage extract failed after 3 tries: giving up"))
    assert (top.function, top.approximate) == ("run", False)


def test_an_inlined_colour_helper_s_codes_are_not_asked_of_the_paste(matcher: Matcher) -> None:
    top = first(matcher.explain("StageError: the loader stage could not read the manifest of nightly"))
    assert (top.function, top.approximate) == ("load", False)


def test_only_the_literals_lose_their_codes() -> None:
    segs = ["\x1b[1mstage\x1b[0m ", "name", " failed: \x1b]8;;https://x\x07link\x1b]8;;\x07", "tries", ""]
    assert uncoloured(segs) == ["stage ", "name", " failed: link", "tries", ""]
    plain = ["stage ", "name", ""]
    assert uncoloured(plain) is plain
