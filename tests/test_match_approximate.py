"""The order of approximate answers, on real catalogues indexed from fixture code shaped like the
libraries that needed it: the class Python prints for a raise written with an import alias is
the pasted class (requests' ``RequestsJSONDecodeError``), and a template whose repr the message
contradicts ranks below one whose words all stand in the message with a value made elsewhere
(typer's ``Invalid value for {hint}: {msg}`` around pydantic-core's text, against click's
``Choice`` template sharing its words)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from errdex.match import Matcher
from errdex.store import Store

# requests 2.34: ``models.py`` raises its ``JSONDecodeError`` under an import alias, and the
# base class of it elsewhere with a value alone
EXCEPTIONS = """\
from json import JSONDecodeError as CompatJSONDecodeError


class RequestException(IOError):
    pass


class InvalidJSONError(RequestException):
    pass


class JSONDecodeError(InvalidJSONError, CompatJSONDecodeError):
    pass
"""

MODELS = """\
import json

from .exceptions import InvalidJSONError
from .exceptions import JSONDecodeError as RequestsJSONDecodeError


class PreparedRequest:
    def prepare_body(self, data, json_body):
        try:
            body = json.dumps(json_body, allow_nan=False)
        except ValueError as ve:
            raise InvalidJSONError(ve, request=self)
        return body


class Response:
    def json(self, **kwargs):
        try:
            return json.loads(self.text, **kwargs)
        except json.JSONDecodeError as e:
            raise RequestsJSONDecodeError(e.msg, e.doc, e.pos)
"""

# click 8.5's ``Choice.convert`` and typer 0.29's coercion through a pydantic adapter, whose
# message after the colon pydantic-core (compiled) writes
PARAMS = """\
class BadParameter(Exception):
    pass


class Choice:
    def __init__(self, choices):
        self.choices = choices

    def convert(self, value, hint):
        if value not in self.choices:
            raise BadParameter(
                f"Invalid value for {hint}: {value!r} is not one of "
                f"{', '.join(map(repr, self.choices))}."
            )
        return value


def coerce(adapter, value, hint):
    try:
        return adapter.validate_python(value)
    except ValueError as exc:
        errors = exc.errors()
        raise BadParameter(f"Invalid value for {hint}: {errors[0]['msg']}") from exc
"""


def _indexed(tmp_path_factory: pytest.TempPathFactory, package: str, files: dict[str, str]) -> str:
    from errdex.pipeline import index

    root = tmp_path_factory.mktemp(package)
    (root / package).mkdir()
    (root / package / "__init__.py").write_text("")
    for name, source in files.items():
        (root / package / name).write_text(source)
    db = str(root / "c.db")
    index(str(root), db, jobs=1)  # paths hold the package: ``requests.exceptions.X`` names it
    return db


@pytest.fixture(scope="module")
def requests_like(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    db = _indexed(tmp_path_factory, "requests", {"exceptions.py": EXCEPTIONS, "models.py": MODELS})
    with Store.open(db) as store:
        yield Matcher.load(store)


@pytest.fixture(scope="module")
def cli_like(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    db = _indexed(tmp_path_factory, "cli", {"params.py": PARAMS})
    with Store.open(db) as store:
        yield Matcher.load(store)


def test_a_class_raised_under_an_import_alias_is_the_class_python_prints(requests_like: Matcher) -> None:
    res = requests_like.explain(
        "requests.exceptions.JSONDecodeError: Expecting value: line 1 column 1 (char 0)"
    )
    assert res.matches
    top = res.matches[0]
    assert (top.function, top.exc_type) == ("Response.json", "RequestsJSONDecodeError")
    assert any(r == "exception type agrees (JSONDecodeError)" for r in top.reasons), top.reasons
    # the base class's raise of a value alone is related, not the class printed: it comes after
    base = next(m for m in res.matches if m.function == "PreparedRequest.prepare_body")
    assert base.score < top.score
    # the alias itself is what the statement spells; a paste never prints it, but it still agrees
    res = requests_like.explain("RequestsJSONDecodeError: Expecting value: line 1 column 1 (char 0)")
    assert res.matches[0].function == "Response.json"


def test_a_contradicted_repr_ranks_below_a_template_whose_words_all_stand(cli_like: Matcher) -> None:
    # ``{value!r}`` would print ``'blue'``; the message holds ``Value error, 'blue'`` there: the
    # Choice template shares every word but is not what printed it. The coercion's template,
    # its own words from end to end around a value pydantic-core wrote, is
    res = cli_like.explain("Invalid value for '--color': Value error, 'blue' is not one of 'red', 'green'.")
    got = [m.function for m in res.matches]
    assert got[:2] == ["coerce", "Choice.convert"], got
    assert all(m.approximate for m in res.matches)
    choice = res.matches[1]
    assert "the message has plain text where the template shows a repr" in choice.reasons
    # the Choice template's own message, its repr intact, is still its exact answer
    res = cli_like.explain("Invalid value for '--color': 'blue' is not one of 'red', 'green'.")
    assert (res.matches[0].function, res.matches[0].approximate) == ("Choice.convert", False)
