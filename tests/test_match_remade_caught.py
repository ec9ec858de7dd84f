"""A caught exception remade as its own class from a tuple clause (``except (TypeError,
ValueError) as e: raise e.__class__(...)``, django's ``IntegerField.get_prep_value``), on a
real catalogue indexed from fixture code: the raise is of each listed class, so the paste's
class line agrees with it and a ``ValueError`` raised elsewhere with other words no longer
wins by its class. The clause's classes are narrowed by the handler's ``isinstance`` tests first
(xmlschema's ``loaders.py``): a raise in the ``else`` is of the classes left."""

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


LOADER = """\
class ParseError(Exception):
    pass


class SchemaTypeError(TypeError):
    pass


class ResourceError(Exception):
    pass


def parse_type(name):
    raise ParseError("unknown type %r" % name)


def include(schema, location):
    try:
        schema.load(location)
    except (ParseError, SchemaTypeError, ResourceError) as err:
        msg = "can't include schema {!r}: {}"
        if isinstance(err, (ParseError, ResourceError)):
            schema.errors.append(msg.format(location, err))
        else:
            raise type(err)(msg.format(location, err))
"""


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    files = {"fields.py": LIB, "loaders.py": LOADER}
    with package_matcher(tmp_path_factory.mktemp("remade"), files) as m:
        yield m


def test_a_raise_remade_from_a_tuple_clause_has_the_listed_classes(matcher: Matcher) -> None:
    res = matcher.explain("ValueError: Field 'id' expected a number but got 'abc'.")
    top = first(res)
    assert (top.function, top.exc_type) == ("IntField.prep", "ValueError"), [m.function for m in res.matches]
    res = matcher.explain("TypeError: Field 'id' expected a number but got None.")
    assert first(res).exc_type == "TypeError"


def test_a_raise_remade_in_an_isinstance_else_has_only_the_classes_left(matcher: Matcher) -> None:
    # xmlschema's ``loaders.py`` (popular13): only ``SchemaTypeError`` reaches the ``else``, so
    # the raise is of it alone; a ``ParseError`` paste of the same words finds no record of
    # ``ParseError`` there (acc172 made one per class of the clause, and lost a top-1)
    res = matcher.explain("SchemaTypeError: can't include schema 'a.xsd': boom")
    top = first(res)
    assert (top.function, top.exc_type) == ("include", "SchemaTypeError"), [m.function for m in res.matches]
    res = matcher.explain("ParseError: can't include schema 'a.xsd': boom")
    assert not [m for m in res.matches if m.function == "include" and m.exc_type == "ParseError"]
    assert first(matcher.explain("ParseError: unknown type 'xs:strin'")).function == "parse_type"
