"""A command-line error printed in a Rich ``Error`` panel, its text raised alike by a package and
by the copy of it another distribution ships under a private folder (Typer 0.29's
``typer/_click/`` beside Click): the package never prints a panel, the framework wrapping it
does and runs its own copy, so the copy's raise comes first (runtime21 typer-rt-006). Without a
panel the tie-break priors decide as before: the original, outside any private folder."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from index_helpers import first, package_matcher

from errdex.match import Matcher
from errdex.match.parse import error_panel, parse
from errdex.match.rank import vendored_package

PARSER = """\
class BadOptionUsage(Exception):
    pass


class OptionParser:
    def take_values(self, opt, nargs, state):
        if len(state) < nargs:
            raise BadOptionUsage(f"Option {opt!r} requires {nargs} arguments.")
        return state[:nargs]
"""

PANEL = (
    "Usage: app.py [OPTIONS]\n"
    "Try 'app.py --help' for help.\n"
    "╭─ Error ──────────────────────────────────────────╮\n"
    "│ Option '--point' requires 2 arguments.           │\n"
    "╰──────────────────────────────────────────────────╯\n"
)
PLAIN = "Usage: app.py [OPTIONS]\nTry 'app.py --help' for help.\n\nError: Option '--point' requires 2 arguments.\n"


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    files = {
        "clickish/__init__.py": "",
        "clickish/parser.py": PARSER,
        "wrapper/__init__.py": "",
        "wrapper/_clickish/__init__.py": "",
        "wrapper/_clickish/parser.py": PARSER,
    }
    with package_matcher(Path(tmp_path_factory.mktemp("panel_copy")), files) as m:
        yield m


def test_a_panel_is_read_before_unboxing() -> None:
    assert error_panel(PANEL) and parse(PANEL).error_panel
    assert not error_panel(PLAIN) and not parse(PLAIN).error_panel
    # a panel of another title (a traceback, a warning box) is no CLI error panel
    assert not error_panel("╭─ Traceback (most recent call last) ─╮\n│ x │\n╰──╯")


def test_the_vendored_path_names_the_copied_package() -> None:
    assert vendored_package("typer/_click/parser.py") == "click/parser.py"
    assert vendored_package("click/parser.py") is None
    assert vendored_package("_pytest/python.py") is None


def test_the_panel_puts_the_frameworks_copy_first(matcher: Matcher) -> None:
    top = first(matcher.explain(PANEL))
    assert top.path == "wrapper/_clickish/parser.py", top.path


def test_plain_output_keeps_the_original_first(matcher: Matcher) -> None:
    top = first(matcher.explain(PLAIN))
    assert top.path == "clickish/parser.py", top.path
