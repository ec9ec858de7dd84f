"""An error's text pasted without its class line (``str(exc)``, ``print(e)``, a log record's
``{e}``, an API's error field) read by the shape the text itself has (issue #10, acc146): a
pydantic listing names pydantic-core's class, jsonschema's report names ``ValidationError`` or
``SchemaError``, as their class lines would."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import first, package_matcher, site

from errdex.match import Matcher
from errdex.match.parse import parse
from errdex.match.validation_listing import CORE_CLASS, listing_class

LOG = "2024-05-01 12:00:00,123 ERROR [app.main] "

# pydantic-core's own error (``string_type``): no validator's raise behind it
CORE_LISTING = """\
1 validation error for User
name
  Input should be a valid string [type=string_type, input_value=['Ann'], input_type=list]
    For further information visit https://errors.pydantic.dev/2.14/v/string_type"""

VALIDATOR_LISTING = """\
1 validation error for Settings
api_key
  Value error, API key must be set [type=value_error, input_value=None, input_type=NoneType]"""

# jsonschema's ``str(error)``: an instance failing its schema, a schema failing the metaschema
INSTANCE_REPORT = """\
'x' is not valid under any of the given schemas

Failed validating 'anyOf' in schema['properties']['kind']:
    {'anyOf': [{'type': 'integer'}, {'type': 'array'}]}

On instance['kind']:
    'x'"""

SCHEMA_REPORT = """\
'strng' is not valid under any of the given schemas

Failed validating 'anyOf' in metaschema['properties']['type']:
    {'anyOf': [{'$ref': '#/definitions/simpleTypes'}]}

On schema['type']:
    'strng'"""


def test_a_listing_alone_names_pydantic_cores_class() -> None:
    for text in (CORE_LISTING, LOG + CORE_LISTING):
        q = parse(text)
        assert (q.exc_type, q.message) == (CORE_CLASS, CORE_LISTING), text
    assert parse(LOG + CORE_LISTING).kind == "log"


def test_a_validators_listing_in_a_log_record_reads_as_its_raise() -> None:
    q = parse(LOG + VALIDATOR_LISTING)
    assert (q.exc_type, q.message) == ("ValueError", "API key must be set")


def test_what_is_not_a_v2_listing_is_given_no_class() -> None:
    # v1's ``(type=...)``: its class lives at two modules; a head without an error; another
    # class printed the words (its own text)
    assert listing_class("1 validation error for M\nx\n  bad (type=value_error.missing)") is None
    assert listing_class("1 validation error for M") is None
    assert parse("1 validation error for M\nx\n  bad (type=value_error.missing)").exc_type is None
    assert parse("ValueError: " + CORE_LISTING).exc_type == "ValueError"


def test_jsonschemas_report_names_its_class() -> None:
    for text, cls in ((INSTANCE_REPORT, "ValidationError"), (SCHEMA_REPORT, "SchemaError")):
        assert parse(text).exc_types == [cls]
        assert parse(LOG + text).exc_types == ["log.ERROR", cls]
        assert parse(text).message == text


def test_text_only_like_a_report_is_given_no_class() -> None:
    # no blank line before ``Failed validating``; words in place of the keyword's repr; the two
    # places disagree (``in schema`` but ``On schema``); the class line printed: left as it is
    unspaced = INSTANCE_REPORT.replace("\n\nFailed", "\nFailed")
    unquoted = INSTANCE_REPORT.replace("'anyOf' in", "anyOf in")
    mixed = INSTANCE_REPORT.replace("On instance", "On schema")
    for text in (unspaced, unquoted, mixed, "Failed validating 'a' in schema:\n\nOn instance:\n 1"):
        assert parse(text).exc_type is None, text
    assert parse("pkg.CheckError: " + SCHEMA_REPORT).exc_types == ["pkg.CheckError"]


MODEL = '''\
from pydantic_core import ValidationError


class BaseModel:
    def __init__(self, **data):
        """A model made from ``data``.

        Raises:
            ValidationError: If the object could not be validated.
        """
        self.__pydantic_validator__.validate_python(data, self_instance=self)


def validate_all(items):
    try:
        return [BaseModel(**i) for i in items]
    except ValidationError as err:
        raise err
'''

SCHEMAS = """\
class ValidationError(Exception):
    pass


class SchemaError(Exception):
    pass


def validate(instance):
    raise ValidationError(f"{instance!r} is not valid under any of the given schemas")


def check_schema(schema):
    raise SchemaError(f"{schema!r} is not valid under any of the given schemas")
"""


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    files = {
        "modelpkg/__init__.py": "",
        "modelpkg/main.py": MODEL,
        "schemapkg/__init__.py": "",
        "schemapkg/validators.py": SCHEMAS,
    }
    with package_matcher(tmp_path_factory.mktemp("classless"), files) as m:
        yield m


def test_a_listing_alone_finds_the_call_documented_to_raise_it(matcher: Matcher) -> None:
    for text in (CORE_LISTING, LOG + CORE_LISTING):
        assert site(first(matcher.explain(text))) == ("modelpkg/main.py", "BaseModel.__init__"), text


def test_a_report_alone_finds_the_raise_of_the_class_its_shape_names(matcher: Matcher) -> None:
    # both raises print the words: the report's shape tells the class, as its class line would
    assert site(first(matcher.explain(SCHEMA_REPORT))) == ("schemapkg/validators.py", "check_schema")
    assert site(first(matcher.explain(INSTANCE_REPORT))) == ("schemapkg/validators.py", "validate")
