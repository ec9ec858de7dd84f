"""Code that handles one kind of thing per function or class is named after it (``Split``,
``_load_point``) and prints the thing it failed on: of the sites sharing a template, the one whose
function or class is named by a word of a placeholder's value (``split(,, 5) is not valid``,
``Invalid shape text: `POINT (1 2` ``) is where the message came from. On a real catalogue
indexed from fixture code shaped like a path language's string methods and a shape-text reader."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import package_matcher

from errdex.match import Matcher, Result
from errdex.match.rank import name_words
from errdex.store import Store

ERRORS = """\
class DefinitionInvalid(Exception):
    pass
"""

# the replace method comes first in the package, so it wins a plain tie
METHODS = """\
import re

from .errors import DefinitionInvalid

_REPLACE = re.compile(r"replace\\(/(.*)/,\\s*(.*)\\)")
_SPLIT = re.compile(r"split\\((.),\\s*(-?\\d+)\\)")


class Replace:
    def __init__(self, method):
        m = _REPLACE.match(method)
        if m is None:
            raise DefinitionInvalid("%s is not valid" % method)
        self.expr, self.repl = m.groups()


class Split:
    def __init__(self, method):
        m = _SPLIT.match(method)
        if m is None:
            raise DefinitionInvalid("%s is not valid" % method)
        self.chars, self.segment = m.groups()
"""

SHAPES = """\
INVALID_FMT = "Invalid shape text: `%s`"


def _load_linestring(tokens, string):
    if next(tokens) != "(":
        raise ValueError(INVALID_FMT % string)
    return tokens


def _load_point(tokens, string):
    if next(tokens) != "(":
        raise ValueError(INVALID_FMT % string)
    return tokens
"""


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    from errdex.pipeline import index

    root = tmp_path_factory.mktemp("valuenames")
    pkg = root / "pathlang"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    for name, source in (("errors", ERRORS), ("methods", METHODS), ("shapes", SHAPES)):
        (pkg / f"{name}.py").write_text(source)
    db = str(root / "c.db")
    index(str(pkg), db, jobs=1)
    with Store.open(db) as store:
        yield Matcher.load(store)


def exact_first_two(res: Result) -> list[str]:
    assert len(res.matches) >= 2 and not res.matches[0].approximate, res.verdict
    return [m.function for m in res.matches[:2]]


@pytest.mark.parametrize(
    ("paste", "site", "other"),
    [
        ("pathlang.errors.DefinitionInvalid: split(,, 5) is not valid", "Split.__init__", "Replace.__init__"),
        (
            "pathlang.errors.DefinitionInvalid: replace(/x, y) is not valid",
            "Replace.__init__",
            "Split.__init__",
        ),
        ("ValueError: Invalid shape text: `POINT (1 2`", "_load_point", "_load_linestring"),
        ("ValueError: Invalid shape text: `LINESTRING (1 2, 3`", "_load_linestring", "_load_point"),
    ],
)
def test_a_value_naming_a_site_puts_it_first(matcher: Matcher, paste: str, site: str, other: str) -> None:
    res = matcher.explain(paste)
    assert exact_first_two(res) == [site, other]
    assert "a value in the message names what this site handles" in " ".join(res.matches[0].reasons)
    assert "names what this site handles" not in " ".join(res.matches[1].reasons)


@pytest.mark.parametrize(
    ("paste", "sites"),
    [
        ("pathlang.errors.DefinitionInvalid: strip(x) is not valid", {"Replace.__init__", "Split.__init__"}),
        # a word inside another (``multipoint``) is not the word
        ("ValueError: Invalid shape text: `MULTIPOINT (1 2`", {"_load_point", "_load_linestring"}),
    ],
)
def test_a_value_naming_no_site_leaves_the_tie(matcher: Matcher, paste: str, sites: set[str]) -> None:
    res = matcher.explain(paste)
    assert set(exact_first_two(res)) == sites
    assert not any("names what this site handles" in " ".join(m.reasons) for m in res.matches[:2])


@pytest.mark.parametrize(
    ("qualname", "words"),
    [
        ("Split.__init__", {"split"}),
        ("_load_point", {"point"}),
        ("HTTPHeaderDict.getlist", {"http", "header", "getlist"}),
        ("Parser.parse_open_paren", {"parser", "open", "paren"}),
        ("Sub.__call__", set()),
        ("make.<locals>.check_value", set()),
    ],
)
def test_name_words(qualname: str, words: set[str]) -> None:
    assert name_words(qualname) == words


# a command runner's error printed by two sites of one template, whose last value is the stderr
# of the program it ran: a sentence, whose words (``path`` here) are its grammar's, not the
# thing one of the sites handles
RUNNER = """\
class CommandError(Exception):
    pass


class Git:
    def execute(self, command, status, stderr):
        raise CommandError(
            "Cmd('git') failed due to: exit code(%d)\\n  cmdline: %s\\n  stderr: '%s'"
            % (status, command, stderr)
        )


class IndexFile:
    def _index_path(self, command, status, stderr):
        raise CommandError(
            "Cmd('git') failed due to: exit code(%d)\\n  cmdline: %s\\n  stderr: '%s'"
            % (status, command, stderr)
        )
"""


@pytest.fixture(scope="module")
def runner(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    files = {"gitish/__init__.py": "", "gitish/cmd.py": RUNNER}
    with package_matcher(tmp_path_factory.mktemp("valueprose"), files) as m:
        yield m


@pytest.mark.parametrize(
    ("cmdline", "stderr", "first_two"),
    [
        # a sentence holding ``path``: no site named, the plain tie (the runner first)
        ("git blame -p HEAD -- missing.txt", "fatal: no such path missing.txt in HEAD",
         ["Git.execute", "IndexFile._index_path"]),
        # a short value, one word naming what ``_index_path`` handles, still names it
        ("git add -- a.txt", "bad path", ["IndexFile._index_path", "Git.execute"]),
    ],
)  # fmt: skip
def test_a_sentence_in_a_value_names_no_site(
    runner: Matcher, cmdline: str, stderr: str, first_two: list[str]
) -> None:
    res = runner.explain(
        f"gitish.cmd.CommandError: Cmd('git') failed due to: exit code(128)\n  cmdline: {cmdline}\n"
        f"  stderr: '{stderr}'"
    )
    assert exact_first_two(res) == first_two
