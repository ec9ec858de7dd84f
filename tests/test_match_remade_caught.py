"""A caught exception remade as its own class from a tuple clause (``except (TypeError,
ValueError) as e: raise e.__class__(...)``, django's ``IntegerField.get_prep_value``) and one
whose ``message`` a handler rewrites before raising it again (typer's
``TyperGroup.resolve_command``), on a real catalogue indexed from fixture code: the class line
of the paste now agrees with the first, and the second's new words have a site."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import first, package_matcher

from errdex.match import Matcher

LIB = """\
class UsageError(Exception):
    def __init__(self, message):
        super().__init__(message)
        self.message = message

    def __str__(self):
        return self.message


def check_apps(errors):
    if errors:
        raise ValueError("\\n".join(errors))


class IntField:
    def __init__(self, name):
        self.name = name

    def prep(self, value):
        try:
            return int(value)
        except (TypeError, ValueError) as e:
            raise e.__class__(
                "Field '%s' expected a number but got %r." % (self.name, value),
            ) from e


class Group:
    def __init__(self, commands):
        self.commands = commands

    def _resolve(self, name):
        if name not in self.commands:
            raise UsageError(f"Unknown command {name!r}.")
        return self.commands[name]

    def resolve(self, name):
        try:
            return self._resolve(name)
        except UsageError as e:
            close = [c for c in self.commands if c[:2] == name[:2]]
            if close:
                head = e.message.rstrip(".")
                e.message = f"{head}. Perhaps you meant {close[0]!r}?"
            raise
"""


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    with package_matcher(tmp_path_factory.mktemp("remade"), {"fields.py": LIB}) as m:
        yield m


def test_a_raise_remade_from_a_tuple_clause_has_the_listed_classes(matcher: Matcher) -> None:
    res = matcher.explain("ValueError: Field 'id' expected a number but got 'abc'.")
    top = first(res)
    assert (top.function, top.exc_type) == ("IntField.prep", "ValueError"), [m.function for m in res.matches]
    res = matcher.explain("TypeError: Field 'id' expected a number but got None.")
    assert first(res).exc_type == "TypeError"


def test_a_message_rewritten_before_a_bare_raise_is_a_site(matcher: Matcher) -> None:
    res = matcher.explain("UsageError: Unknown command 'depoly'. Perhaps you meant 'deploy'?")
    top = first(res)
    assert (top.function, top.exc_type) == ("Group.resolve", "UsageError"), [m.function for m in res.matches]
    assert "Perhaps you meant" in top.template
