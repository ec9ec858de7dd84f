"""A raise of messages collected into a dict or list (marshmallow's ``Schema._do_load`` raising
``ValidationError(errors)``): what the user sees is the container's repr, and the messages in it
come from other raises of the same library, caught and collected. On a real catalogue indexed
from fixture code shaped like that library."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from errdex.match import Match, Matcher, Result
from errdex.store import Store

EXCEPTIONS = """\
class ValidationError(Exception):
    def __init__(self, message, field_name="_schema", data=None):
        self.messages = [message] if isinstance(message, str) else message
        self.field_name = field_name
        self.data = data
        super().__init__(message)
"""

FIELDS = """\
from .exceptions import ValidationError


class Integer:
    def deserialize(self, value):
        if not str(value).isdigit():
            raise ValidationError("Not a valid integer.")
        return int(value)


class Required:
    def deserialize(self, value):
        if value is None:
            raise ValidationError("Missing data for required field.")
        return value


class List:
    def deserialize(self, values):
        errors = {}
        for idx, each in enumerate(values):
            try:
                Integer().deserialize(each)
            except ValidationError as error:
                errors.update({idx: error.messages})
        if errors:
            raise ValidationError(errors)
        return values
"""

SCHEMA = """\
from .exceptions import ValidationError


class Schema:
    fields = {}

    def load(self, data):
        return self._do_load(data)

    def _do_load(self, data):
        errors: dict[str, list[str]] = {}
        for name, field in self.fields.items():
            try:
                field.deserialize(data.get(name))
            except ValidationError as error:
                errors[name] = error.messages
        if errors:
            exc = ValidationError(errors, data=data)
            raise exc
        return data
"""

VALIDATE = """\
from .exceptions import ValidationError


class And:
    def __init__(self, *validators):
        self.validators = validators

    def __call__(self, value):
        errors = []
        for validator in self.validators:
            try:
                validator(value)
            except ValidationError as error:
                errors.extend(error.messages)
        if errors:
            raise ValidationError(errors)
        return value
"""


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    from errdex.pipeline import index

    root = tmp_path_factory.mktemp("collected")
    pkg = root / "formlib"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    for name, source in (
        ("exceptions", EXCEPTIONS),
        ("fields", FIELDS),
        ("schema", SCHEMA),
        ("validate", VALIDATE),
    ):
        (pkg / f"{name}.py").write_text(source)
    db = str(root / "c.db")
    index(str(root), db, jobs=1)
    with Store.open(db) as store:
        yield Matcher.load(store)


def first(res: Result) -> Match:
    """The best answer; there must be one."""
    return res.matches[0] if res.matches else pytest.fail(res.verdict)


def test_the_containers_are_templates_of_their_repr(matcher: Matcher) -> None:
    got = {(e[1], e[2]) for e in _templates(matcher)}
    assert ("Schema._do_load", "{errors: dict[str]!r}") in got
    assert ("List.deserialize", "{errors: dict!r}") in got
    assert ("And.__call__", "{errors: list!r}") in got


def _templates(matcher: Matcher) -> list[tuple[str, str, str]]:
    res = matcher.explain("formlib.exceptions.ValidationError: {'age': ['Not a valid integer.']}", limit=50)
    return [(m.path, m.function, m.template) for m in res.matches]


@pytest.mark.parametrize(
    "printed",
    [
        "{'age': ['Not a valid integer.']}",
        "{'name': ['Missing data for required field.']}",
        # two fields, and the same printed over lines (pprint, a logging formatter)
        "{'age': ['Not a valid integer.'], 'name': ['Missing data for required field.']}",
        "{'age': ['Not a valid integer.'],\n 'name': ['Missing data for required field.']}",
    ],
)
def test_a_printed_dict_of_the_librarys_messages_is_the_raise_of_the_dict(
    matcher: Matcher, printed: str
) -> None:
    res = matcher.explain(f"formlib.exceptions.ValidationError: {printed}")
    top = first(res)
    assert (top.function, top.template, top.approximate) == (
        "Schema._do_load",
        "{errors: dict[str]!r}",
        False,
    )
    assert any("printed dict of messages" in r for r in top.reasons)
    # the dict keyed by anything comes next, above the raise of a value inside it
    assert res.matches[1].function == "List.deserialize"
    inner = [m for m in res.matches if m.template == "Not a valid integer."]
    assert not inner or inner[0].approximate


def test_a_printed_list_is_the_raise_of_the_list(matcher: Matcher) -> None:
    res = matcher.explain(
        "formlib.exceptions.ValidationError: ['Not a valid integer.', 'Missing data for required field.']"
    )
    assert (first(res).function, first(res).approximate) == ("And.__call__", False)
    assert all(m.template != "{errors: dict[str]!r}" or m.approximate for m in res.matches)


@pytest.mark.parametrize(
    "paste",
    [
        # values the library never raises: the container's raise alone is no evidence
        "formlib.exceptions.ValidationError: {'age': ['must be positive']}",
        "formlib.exceptions.ValidationError: ['too short', 'too long']",
        # the library's message, but a value that only holds it among other words
        "formlib.exceptions.ValidationError: {'age': ['Ugh. Not a valid integer. Sorry']}",
        # a dict of any other shape printed by a built-in class
        "KeyError: {'age': 1}",
    ],
)
def test_a_printed_container_without_the_librarys_values_is_no_exact_answer(
    matcher: Matcher, paste: str
) -> None:
    res = matcher.explain(paste)
    assert all(m.approximate for m in res.matches if "!r}" in m.template), [
        (m.function, m.template, m.approximate) for m in res.matches
    ]


def test_a_printed_dict_of_other_values_under_the_class_named_with_its_module(matcher: Matcher) -> None:
    # a message the library keeps in a table, or the user's own validator's: the container
    # raise of the class the paste names with its module is the likeliest answer, approximate
    res = matcher.explain("formlib.exceptions.ValidationError: {'age': ['must be positive']}")
    assert (first(res).function, first(res).approximate) == ("Schema._do_load", True)
    # named without its module, the class says less: the container raise is not put first
    res = matcher.explain("ValidationError: {'age': ['must be positive']}")
    assert not res.matches or first(res).function != "Schema._do_load"


def test_a_printed_raise_line_names_the_statement_that_raised_the_container(matcher: Matcher) -> None:
    # the last lines of a traceback: the statement above the error line raised the dict; a
    # caller's ``raise mm.ValidationError(errors)`` in a package not indexed is not the schema's
    printed = "formlib.exceptions.ValidationError: {'age': ['Not a valid integer.']}"
    res = matcher.explain(f"    raise exc\n{printed}")
    assert (first(res).function, first(res).approximate) == ("Schema._do_load", False)
    res = matcher.explain(f"    raise mm.ValidationError(errors)\n{printed}")
    assert all(m.approximate for m in res.matches if "!r}" in m.template)


def test_a_value_pasted_alone_is_still_the_raise_of_the_value(matcher: Matcher) -> None:
    res = matcher.explain("formlib.exceptions.ValidationError: Not a valid integer.")
    assert (first(res).function, first(res).approximate) == ("Integer.deserialize", False)
