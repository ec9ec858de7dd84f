"""An exception's text quoted inside a repr: a log record prints a state or an exception object
by its repr (Prefect's ``Finished in state Failed('Flow run encountered an exception:
ParameterTypeError: Flow run received invalid parameters:\\n - x: ...')``), which escapes the
message's line breaks. Kept escaped, a template whose literal text spans lines (``parameters:``
then `` - {...}``) could not be read in it and nothing matched; with the escaped breaks inside
that quoted span made real the message is the lines the library wrote. Real case:
popular22-issues64's prefect-006 (docs/measurements/iss64.md)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import first, package_matcher

from errdex.match import Matcher
from errdex.match.parse import parse

EXC = """\
class ParameterTypeError(Exception):
    @classmethod
    def from_errors(cls, bad_params):
        msg = "Flow run received invalid parameters:\\n - " + "\\n - ".join(bad_params)
        return cls(msg)
"""

FLOWS = """\
from runner.exceptions import ParameterTypeError


class Flow:
    def validate_parameters(self, parameters):
        bad = [f"{k}: must be an integer" for k, v in parameters.items() if not isinstance(v, int)]
        if bad:
            raise ParameterTypeError.from_errors(bad)
        return parameters
"""

FILES = {"runner/__init__.py": "", "runner/exceptions.py": EXC, "runner/flows.py": FLOWS}

RECORD = (
    "13:52:38.468 | ERROR   | Flow run 'orchid-dinosaur' - Finished in state Failed('Flow run "
    "encountered an exception: ParameterTypeError: Flow run received invalid parameters:\\n"
    " - x: must be an integer\\n - y: must be an integer')\n"
    "Traceback (most recent call last):"
)


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    with package_matcher(tmp_path_factory.mktemp("quoted_error_repr"), FILES) as m:
        yield m


def test_the_escaped_breaks_in_the_quoted_error_are_real_lines() -> None:
    q = parse(RECORD)
    assert "invalid parameters:\n - x: must be an integer\n - y: must" in q.message


@pytest.mark.parametrize(
    ("text", "line"),
    [
        # the class's call repr holds the message
        ("errors: [ValueError('bad value\\nsee the docs'), KeyError('k')]", "bad value\nsee the docs"),
    ],
)
def test_a_class_call_repr_holds_real_lines(text: str, line: str) -> None:
    assert line in parse(text).message


@pytest.mark.parametrize(
    "text",
    [
        # a Windows path quoted after the class: no exception text inside the quotes
        "FileNotFoundError: [Errno 2] No such file or directory: 'C:\\new\\data.csv'",
        # a repr of a real backslash before an ``n``: doubled, so no line break
        "Failed('Job failed: KeyError: path C:\\\\new\\\\x')",
        # a quoted span naming no exception: someone's text, left as written
        "print('a\\nb')",
        # a frame's source line: the literal is code, its escape the code's own
        'raise RuntimeError("The configuration is invalid:\\n" + message)',
        'err = RuntimeError("Error: invalid\\n" + message)',
    ],
)
def test_other_backslashes_are_left_as_written(text: str) -> None:
    q = parse(text)
    assert "\n" not in (q.message or "")


def test_the_record_finds_the_raise(matcher: Matcher) -> None:
    top = first(matcher.explain(RECORD))
    assert (top.path, top.function) == ("runner/flows.py", "Flow.validate_parameters")
    assert not top.approximate, top.reasons
