"""A command-line tool's own rendering of an error it caught (``Error parsing --count:
invalid literal for int() with base 10: 'abc'``): the tool's words, then the interpreter's
whole message, with no class and no frame. The library caught the interpreter's error and
raised its own carrying only that text (``except (ValueError, TypeError) as e: raise
ParseFailure(e.args[0], arg)``), and the tool printed it inside words the catalogue does not
hold. The raises that pass a caught text on with no words of their own, inside an ``except``
naming the interpreter message's class, are the answers, approximate; one in an ``except
Exception`` (it catches everything) or one with words of its own the paste does not show is
not, and the interpreter's message alone, with no label before it, stays the interpreter's."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import first, package_matcher

from errdex.match import Matcher

LIB = """\
class ParseFailure(Exception):
    def __init__(self, message, arg):
        super().__init__(message, arg)
        self.message = message
        self.arg = arg


def convert(arg, text, to):
    try:
        return to(text)
    except (ValueError, TypeError) as e:
        raise ParseFailure(e.args[0] if e.args else str(e), arg)


def read_text(path):
    try:
        with open(path) as f:
            return f.read()
    except OSError as e:
        raise ParseFailure(str(e), path)


def anything(arg, text):
    try:
        return float(text)
    except Exception as e:
        raise ParseFailure(str(e), arg)


def worded(arg, text):
    try:
        return int(text)
    except ValueError as e:
        raise ParseFailure(f"bad number given to {arg}: {e}", arg)


def run(arg, text):
    try:
        return convert(arg, text, int)
    except ParseFailure as e:
        print(f"Error parsing {arg}: {e.message}")
        raise SystemExit(2)
"""

RENDERED = "Error parsing --count: invalid literal for int() with base 10: 'abc'"


@pytest.fixture(scope="module")
def cli(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    """The tool's package, indexed for real."""
    with package_matcher(tmp_path_factory.mktemp("rendered_caught"), {"cli.py": LIB}) as m:
        yield m


def test_the_relay_in_a_handler_of_the_interpreters_class_answers(cli: Matcher) -> None:
    res = cli.explain(RENDERED)
    top = first(res)
    assert (top.function, top.exc_type) == ("convert", "ParseFailure"), res.matches
    assert top.approximate  # the words around the caught text are the renderer's, not the raise's
    assert any("passes the caught text on" in r for r in top.reasons), top.reasons
    # a handler of another class, or of every class, says nothing of this text
    assert {m.function for m in res.matches}.isdisjoint({"read_text", "anything"}), res.matches


def _boxed(*rows: str) -> str:
    """Rows drawn in a rich-style box, as the tool prints them to the terminal."""
    return "\n".join(
        [
            "╭─ Value error ──────────────────────────────────────────────────────────────╮",
            *(f"│ {row:<74} │" for row in rows),
            "╰────────────────────────────────────────────────────────────────────────────╯",
        ]
    )


def test_the_boxed_rendering_reads_the_same(cli: Matcher) -> None:
    assert first(cli.explain(_boxed(RENDERED))).function == "convert"


def test_the_help_below_the_first_line_is_the_renderers(cli: Matcher) -> None:
    # the interpreter's few words, judged on the whole box, explain too little of it: the label's
    # line is judged alone, the help below it being the renderer's
    boxed = _boxed(
        "Error parsing --ratio: could not convert string to float: 'half'",
        "Argument helptext:",
        "    --ratio FLOAT",
        "    The share of the training rows kept back for validation.",
        "    (default: 0.5)",
        "For full helptext, see /home/someone/projects/tool/app.py --help",
    )
    top = first(cli.explain(boxed))
    assert top.function == "convert" and top.approximate


def test_the_interpreters_message_alone_stays_the_interpreters(cli: Matcher) -> None:
    res = cli.explain("invalid literal for int() with base 10: 'abc'")
    assert not [m for m in res.matches if m.function == "convert"], res.matches
    assert "built-in" in res.verdict
