"""A handler that prints a caught exception's text behind fixed words (issue #10, acc114).

``except UsageError as e: print(f"Error: {e}"); sys.exit(2)``: the user pastes the printed
line, ``Error: <message>``, and the statement that made the message is a raise of the caught
class. The extractor gives each raise of that class (of a class of the codebase raised in a few
places) a record of the handler's words around its own text (``resolve.print_to_raises``), so a
pasted printed line names the raise. A handler of a built-in class, a caught class raised in too
many places, and a raise whose text is a lone placeholder get no such record."""

from __future__ import annotations

import ast
from collections.abc import Iterator

import pytest

from errdex.extract import extract
from errdex.extract.printed import printed_parts
from errdex.match import Matcher
from errdex.model import ErrorRecord, SourceFile
from errdex.store import Store

ERRORS = """\
class UsageError(Exception):
    pass


class BadOption(UsageError):
    pass


class ManyError(Exception):
    pass
"""

CORE = """\
from pkg.errors import BadOption, ManyError, UsageError


def parse_count(text):
    if not text.isdigit():
        raise BadOption(f"invalid count {text!r}, expected a whole number")
    return int(text)


def parse_mode(text):
    if text not in ("fast", "slow"):
        raise UsageError(f"unknown mode {text!r}")
    return text


def relay(message):
    raise UsageError(message)


def many(n):
""" + "".join(
    f'    if n == {i}:\n        raise ManyError("many failure number {i} of the table")\n' for i in range(10)
)

CLI = """\
import sys

from pkg.core import many, parse_count, parse_mode
from pkg.errors import ManyError, UsageError


def main(argv):
    try:
        parse_count(argv[0])
        parse_mode(argv[1])
    except UsageError as e:
        print(f"Error parsing the command line: {e}", file=sys.stderr)
        sys.exit(2)


def other(argv):
    try:
        many(len(argv))
    except ManyError as e:
        print(f"Something failed: {e}")
    try:
        int(argv[0])
    except ValueError as e:
        print(f"Bad number given: {e}")
"""


def _line(text: str, source: str) -> int:
    return next(i for i, s in enumerate(source.splitlines(), 1) if text in s)


COUNT = _line("raise BadOption(", CORE)
MODE = _line("raise UsageError(f", CORE)


def _files() -> list[SourceFile]:
    return [
        SourceFile("pkg/__init__.py", b""),
        SourceFile("pkg/errors.py", ERRORS.encode()),
        SourceFile("pkg/core.py", CORE.encode()),
        SourceFile("pkg/cli.py", CLI.encode()),
    ]


@pytest.fixture(scope="module")
def records() -> list[ErrorRecord]:
    return extract(_files(), "local/pkg", jobs=1).records


def test_each_raise_of_the_caught_class_takes_the_handlers_words(records: list[ErrorRecord]) -> None:
    at = {(r.line, r.template) for r in records if r.path == "pkg/core.py"}
    assert (COUNT, "Error parsing the command line: invalid count {text!r}, expected a whole number") in at
    assert (MODE, "Error parsing the command line: unknown mode {text!r}") in at
    # the raise's own record stays
    assert (COUNT, "invalid count {text!r}, expected a whole number") in at


def test_no_record_at_the_print_a_relay_a_broad_class_or_a_builtin(records: list[ErrorRecord]) -> None:
    assert not [r for r in records if r.path == "pkg/cli.py"]
    printed = [
        r for r in records if r.template.startswith(("Error parsing", "Something failed", "Bad number"))
    ]
    # ``relay``'s lone ``{message}`` takes no words; ``ManyError`` is raised at 10 statements
    # (over ``MAX_PRINTED``); ``ValueError`` is a built-in's
    assert {r.line for r in printed} == {COUNT, MODE}


@pytest.mark.parametrize(
    ("source", "want"),
    [
        ('f"Error: {e}"', (("Error: ",), ("",))),
        ('f"Error parsing {name}: {str(e)}."', (("Error parsing ", "name", ": "), (".",))),
        ('"failed: " + e.args[0]', (("failed: ",), ("",))),
        ('"%s failed: %s" % (path, e)', (("", "path", " failed: "), ("",))),
        ('"%s: %s" % (path, e)', None),  # no words
        ('f"[red]Error:[/red] {e.message}"', (("[red]Error:[/red] ",), ("",))),
        ('f"{e}"', None),  # the text alone: the raise's own record
        ('f"{e!r} and {e}"', None),
        ('"%d: %s" % (n, e)', None),
    ],
)
def test_the_words_around_the_caught_text(source: str, want: object) -> None:
    node = ast.parse(source, mode="eval").body
    assert printed_parts(node, "e") == want


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    """The package indexed by the real pipeline, its saved index loaded."""
    from errdex.pipeline import index

    project = tmp_path_factory.mktemp("printed") / "project"
    (project / "pkg").mkdir(parents=True)
    for f in _files():
        (project / f.path).write_bytes(f.data)
    path = str(project.parent / "p.db")
    index(str(project), path, jobs=1)
    with Store.open(path) as store:
        yield Matcher.load(store)


def test_a_printed_line_names_the_raise_exactly(matcher: Matcher) -> None:
    res = matcher.explain("Error parsing the command line: invalid count 'abc', expected a whole number")
    top = res.matches[0]
    assert (top.path, top.line, top.function) == ("pkg/core.py", COUNT, "parse_count")
    assert not top.approximate


def test_a_printed_line_of_another_raise_names_that_one(matcher: Matcher) -> None:
    res = matcher.explain("Error parsing the command line: unknown mode 'medium'")
    assert (res.matches[0].line, res.matches[0].function) == (MODE, "parse_mode")
    assert not res.matches[0].approximate
