"""A caught exception remade as its own class from a tuple clause (``except (TypeError,
ValueError) as e: raise e.__class__(...)``, django's ``IntegerField.get_prep_value``), on a
real catalogue indexed from fixture code: the raise is of each listed class, so the paste's
class line agrees with it and a ``ValueError`` raised elsewhere with other words no longer
wins by its class."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import first, package_matcher

from errdex.match import Matcher

LIB = """\
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
