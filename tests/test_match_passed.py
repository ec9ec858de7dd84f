"""Messages whose text a caller hands to a helper: a format filled in by the raise
(``raise AttributeError(errfmt.format(cls=type(self), prop_name=k))``), and a message given to a
helper that builds an error from it and keeps it for a validator that raises the collected
texts joined (``self.report_error(f"...", node)`` -> ``raise TypeError("\\n\\n".join(...))``).
The answer is the raise that prints the text. On a small real package, indexed once."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import first, package_matcher, site

from errdex.match import Matcher

FILES = {
    "__init__.py": "",
    "error.py": """
class SchemaError(Exception):
    def __init__(self, message, nodes=None):
        super().__init__(message)
        self.message = message
        self.nodes = nodes
""",
    "validate.py": """
from .error import SchemaError


def assert_valid_schema(schema):
    context = Context(schema)
    context.validate_fields(schema)
    if context.errors:
        raise TypeError("\\n\\n".join(error.message for error in context.errors))


class Context:
    def __init__(self, schema):
        self.schema = schema
        self.errors = []

    def report_error(self, message, nodes=None):
        if nodes and not isinstance(nodes, list):
            nodes = [nodes]
        self.errors.append(SchemaError(message, nodes))

    def validate_fields(self, type_):
        if not type_.fields:
            self.report_error(f"Type {type_.name} must define one or more fields.", type_.node)
""",
    "artist.py": """
class Artist:
    def _update_props(self, props, errfmt):
        ret = []
        for k, v in props.items():
            func = getattr(self, f"set_{k}", None)
            if not callable(func):
                raise AttributeError(errfmt.format(cls=type(self), prop_name=k), name=k)
            ret.append(func(v))
        return ret

    def update(self, props):
        return self._update_props(props, "{cls.__name__!r} object has no property {prop_name!r}")

    def _internal_update(self, kwargs):
        return self._update_props(
            kwargs, "{cls.__name__}.set() got an unexpected keyword argument {prop_name!r}"
        )
""",
}

JOINED = ("validate.py", "assert_valid_schema")
RULE = ("validate.py", "Context.validate_fields")
PROPS = ("artist.py", "Artist._update_props")


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    with package_matcher(tmp_path_factory.mktemp("passed"), FILES) as m:
        yield m


def test_a_format_given_by_the_caller_answers_the_raise_that_fills_it(matcher: Matcher) -> None:
    res = matcher.explain("AttributeError: Line2D.set() got an unexpected keyword argument 'linewidht'")
    assert site(first(res)) == PROPS and not first(res).approximate
    assert first(res).template == "{type(self).__name__}.set() got an unexpected keyword argument {k!r}"
    res = matcher.explain("AttributeError: 'Line2D' object has no property 'linewidht'")
    assert site(first(res)) == PROPS and not first(res).approximate
    assert first(res).template == "{type(self).__name__!r} object has no property {k!r}"


def test_a_reported_text_under_the_validator_s_class_answers_the_validator(matcher: Matcher) -> None:
    res = matcher.explain("TypeError: Type Query must define one or more fields.")
    assert site(first(res)) == JOINED and not first(res).approximate
    # the rule's call, where the text is written, comes with it
    assert RULE in [site(m) for m in res.matches]


def test_the_reported_error_s_own_class_answers_the_rule(matcher: Matcher) -> None:
    res = matcher.explain("SchemaError: Type Query must define one or more fields.")
    assert site(first(res)) == RULE and not first(res).approximate
    assert first(res).template == "Type {type_.name} must define one or more fields."
