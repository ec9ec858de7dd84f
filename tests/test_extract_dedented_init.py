"""An exception class whose ``__init__`` dedents the text it is given (``super().__init__(
dedent(msg).strip())``, so a raise can pass an indented triple-quoted message): each raise's
template is its own text, dedented and stripped, as the class prints it. Before, every raise of
such a class had the one template ``{dedent(msg).strip()}``, its own words lost, and a paste
found a nearby raise of the class instead (approximate)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from index_helpers import package_matcher

from errdex.extract import extract
from errdex.match import Matcher
from errdex.model import SourceFile

EXCEPTIONS = """\
import inspect
from textwrap import dedent


class AppException(Exception):
    def __init__(self, msg=""):
        super().__init__(dedent(msg).strip())


class InvalidConfig(AppException):
    pass


class CleanError(Exception):
    def __init__(self, msg):
        super().__init__(inspect.cleandoc(msg))
"""

USE = '''\
from . import exceptions


def pages_folder(folder):
    raise exceptions.InvalidConfig(  # <- fstring
        f"""
        A folder called `{folder}` does not exist. If a folder for pages is not
        required in your application, set `pages_folder=""`.
        """
    )


def layout():
    raise exceptions.AppException("Layout must be a single component.")  # <- plain


def strip_path(path, prefix):
    msg = f"""
    Paths that aren't prefixed with {prefix} are not supported.
    You supplied: {path}
    """
    raise exceptions.InvalidConfig(msg)  # <- named


def clean():
    raise exceptions.CleanError("""First line.
        Second line.""")  # <- cleandoc


def relay(detail):
    raise exceptions.AppException(detail)  # <- unknown
'''

_MARK = re.compile(r"# <- (\w+)")


def _templates() -> dict[str, set[str]]:
    marks = {m.group(1): i for i, line in enumerate(USE.split("\n"), 1) if (m := _MARK.search(line))}
    files = [
        SourceFile("app/__init__.py", b""),
        SourceFile("app/exceptions.py", EXCEPTIONS.encode()),
        SourceFile("app/use.py", USE.encode()),
    ]
    ex = extract(files, "local/app", jobs=1)
    return {
        name: {r.template for r in ex.records if r.path == "app/use.py" and r.line <= at <= r.end_line}
        for name, at in marks.items()
    }


def test_each_raise_of_a_dedenting_class_keeps_its_own_text() -> None:
    got = _templates()
    assert got["fstring"] == {
        "A folder called `{folder}` does not exist. If a folder for pages is not\n"
        'required in your application, set `pages_folder=""`.'
    }
    assert got["plain"] == {"Layout must be a single component."}
    assert got["named"] == {
        "Paths that aren't prefixed with {prefix} are not supported.\nYou supplied: {path}"
    }
    assert got["cleandoc"] == {"First line.\nSecond line."}
    # (before: ``{dedent(msg).strip()}`` for the first three, ``{inspect.cleandoc(msg)}``)


def test_a_text_the_raise_does_not_know_stays_a_placeholder() -> None:
    assert _templates()["unknown"] == {"{dedent(msg).strip()}"}


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    files = {"app/__init__.py": "", "app/exceptions.py": EXCEPTIONS, "app/use.py": USE}
    with package_matcher(tmp_path_factory.mktemp("dedented_init"), files) as m:
        yield m


def test_the_printed_text_finds_its_own_raise(matcher: Matcher) -> None:
    res = matcher.explain(
        "app.exceptions.InvalidConfig: Paths that aren't prefixed with /app/ are not supported.\n"
        "You supplied: page"
    )
    assert res.matches, res.verdict
    assert res.matches[0].function == "strip_path"
    assert not res.matches[0].approximate
