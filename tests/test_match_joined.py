"""A raise printing the messages of errors it collected, joined (``raise TypeError("\\n\\n".join(
error.message for error in errors))``): the text is another site's, the error a validation rule
built as another class, and the collector is what the user sees. On a small real package,
indexed once for the module."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import first, package_matcher, site

from errdex.match import Matcher
from errdex.match.index import joins_messages

FILES = {
    "error.py": """
class LibError(Exception):
    def __init__(self, message, node=None):
        super().__init__(message)
        self.message = message
        self.node = node
""",
    "validation/rules.py": """
from ..error import LibError


class UniqueNamesRule:
    def __init__(self, context):
        self.context = context

    def check(self, name, known):
        if name in known:
            self.context.report_error(LibError(f"There can be only one type named '{name}'."))

    def check_extension(self, name, known):
        if name not in known:
            self.context.report_error(LibError(f"Cannot extend type '{name}' because it is not defined."))
""",
    "validation/validate.py": """
from .rules import UniqueNamesRule


class Context:
    def __init__(self, on_error):
        self.report_error = on_error


def validate_sdl(names):
    errors = []
    rule = UniqueNamesRule(Context(errors.append))
    for name in names:
        rule.check(name, names)
    return errors


def assert_valid_sdl(names):
    errors = validate_sdl(names)
    if errors:
        raise TypeError("\\n\\n".join(error.message for error in errors))
""",
    "schema/validate.py": """
from ..validation.validate import validate_sdl


def assert_valid_schema(schema):
    errors = validate_sdl(schema)
    if errors:
        raise TypeError("\\n".join(str(error) for error in errors))
""",
}

SDL = ("validation/validate.py", "assert_valid_sdl")
SCHEMA = ("schema/validate.py", "assert_valid_schema")
RULE = ("validation/rules.py", "UniqueNamesRule.check")


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    package = {"__init__.py": "", "validation/__init__.py": "", "schema/__init__.py": "", **FILES}
    with package_matcher(tmp_path_factory.mktemp("joined"), package) as m:
        yield m


def test_the_collectors_templates_are_their_joins(matcher: Matcher) -> None:
    res = matcher.explain("TypeError: There can be only one type named 'Query'.")
    templates = {site(m): m.template for m in res.matches}
    assert templates[SDL] == '{"\\n\\n".join(error.message for error in errors)}'
    assert templates[SCHEMA] == '{"\\n".join(str(error) for error in errors)}'
    assert templates[RULE] == "There can be only one type named '{name}'."


def test_a_rule_s_text_under_the_collector_s_class_is_the_collector_s(matcher: Matcher) -> None:
    # both validators collect the rule's errors; the one beside the rule comes first, exact
    res = matcher.explain("TypeError: There can be only one type named 'Query'.")
    assert site(first(res)) == SDL and not first(res).approximate
    assert [site(m) for m in res.matches[:3]] == [SDL, SCHEMA, RULE]
    assert any("prints the errors it collected" in r for r in first(res).reasons)


def test_several_joined_errors_are_the_collector_s(matcher: Matcher) -> None:
    res = matcher.explain(
        "TypeError: There can be only one type named 'Query'.\n\nThere can be only one type named 'Mutation'."
    )
    assert site(first(res)) == SDL


def test_the_rule_s_own_class_or_no_class_is_the_rule_s(matcher: Matcher) -> None:
    # the class the rule built, or the message alone: nothing says a collector printed it
    for paste in (
        "lib.error.LibError: There can be only one type named 'Query'.",
        "There can be only one type named 'Query'.",
    ):
        assert site(first(matcher.explain(paste))) == RULE


def test_a_text_no_template_explains_leads_to_no_collector(matcher: Matcher) -> None:
    res = matcher.explain("TypeError: Type Query must define one or more fields.")
    assert not any(site(m) in (SDL, SCHEMA) for m in res.matches)


@pytest.mark.parametrize(
    ("name", "joins"),
    [
        ('"\\n\\n".join(error.message for error in errors)', True),
        ('"; ".join([e.msg for e in problems])', True),
        ("'\\n'.join(map(str, errors))", True),
        ('", ".join(names)', False),  # names, not errors' messages
        ('", ".join(str(e) for e in self.invariant_errors)', True),
        ('".".join(str(x) for x in self.path)', False),  # values, not errors
        ("', '.join(map(str, versions))", False),
        ('" - ".join(str(e) for e in errors if e is not None)', False),
        ('"\\n".join(e.message for e in errors) + suffix', False),
        ("sep.join(e.message for e in errors)", False),
    ],
)
def test_what_reads_as_a_join_of_errors_messages(name: str, joins: bool) -> None:
    assert joins_messages(name) is joins
