"""An error the reporter wrote as ``# `` comments under the code that raised it, wrapped onto a
second comment line (issues55-issues76, plotly#4040: ``# ValueError: All arguments should have
the same length. ...``): the comment marks come off the exception line and its continuation."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from index_helpers import package_matcher

from errdex.match import Matcher
from errdex.match.parse import parse

CORE = """\
def process_args(field, argument, keys, length):
    if len(argument) != length:
        raise ValueError(
            "All arguments should have the same length. "
            "The length of argument `%s` is %d, whereas the "
            "length of previously-processed arguments %s is %d"
            % (field, len(argument), str(keys), length)
        )
"""

PASTE = (
    'px.line(df, x = "x", y = ["data1", "Data2"]) \n'
    "\n"
    "# this last line gives a misleading error message: \n"
    "# ValueError: All arguments should have the same length. The length of argument `y` is 2, \n"
    "# whereas the length of previously-processed arguments ['x'] is 100"
)


def test_the_commented_error_line_and_its_rest_are_the_exception() -> None:
    q = parse(PASTE)
    assert q.exc_type == "ValueError"
    assert q.message.startswith("All arguments should have the same length.")
    assert q.message.endswith("arguments ['x'] is 100")
    assert "#" not in q.message


def test_a_comment_beside_a_real_traceback_stays_a_comment() -> None:
    tb = (
        "# ValueError: what I expected to see\n"
        "Traceback (most recent call last):\n"
        '  File "/app/a.py", line 1, in <module>\n'
        "    f()\n"
        "KeyError: 'b'\n"
    )
    q = parse(tb)
    assert q.exc_type == "KeyError"
    assert "expected" not in q.message


def test_a_comment_naming_no_class_is_prose() -> None:
    q = parse("x = f()\n# Note: this is slow\n# and it fails")
    assert q.exc_type is None


@pytest.fixture(scope="module")
def express(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    files = {"exprpkg/__init__.py": "", "exprpkg/core.py": CORE}
    with package_matcher(Path(tmp_path_factory.mktemp("commented")), files) as m:
        yield m


def test_the_commented_error_matches_exactly(express: Matcher) -> None:
    res = express.explain(PASTE)
    assert res.matches and res.matches[0].function == "process_args", res.verdict
    assert not res.matches[0].approximate, res.matches[0].reasons
