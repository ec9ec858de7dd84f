"""pydantic's ``ValidationError`` listing read as the raise of the validator behind it
(``errdex.match.validation_listing``, ``parse._validator_raise``): issue #10, acc113."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import first, package_matcher, site

from errdex.match import Matcher
from errdex.match.parse import parse
from errdex.match.validation_listing import validator_error, whole_input_method

V2 = """\
pydantic_core._pydantic_core.ValidationError: 1 validation error for Settings
api_key
  Value error, API key must be set [type=value_error, input_value=None, input_type=NoneType]
    For further information visit https://errors.pydantic.dev/2.14/v/value_error"""

V2_TRACEBACK = (
    """\
Traceback (most recent call last):
  File "/app/main.py", line 3, in <module>
    s = Settings()
  File "/venv/lib/python3.12/site-packages/pydantic/main.py", line 214, in __init__
    validated_self = self.__pydantic_validator__.validate_python(data, self_instance=self)
"""
    + V2.split("\n", 1)[0]
    + "\n"
    + V2.split("\n", 1)[1]
)

# two errors: pydantic-core's own first, then the validator's (its text over two lines, as a
# ``ValueError("bad\\nsecond")`` prints), then a model validator's custom error (no location)
SEVERAL = """\
3 validation errors for Model
a
  Input should be a valid integer, unable to parse string as an integer [type=int_parsing, input_value='x', input_type=str]
    For further information visit https://errors.pydantic.dev/2.14/v/int_parsing
b
  Value error, bad b
second line [type=value_error, input_value='y', input_type=str]
    For further information visit https://errors.pydantic.dev/2.14/v/value_error
  custom 5 text [type=my_code, input_value={'a': 'x'}, input_type=dict]"""

CORE_ONLY = """\
pydantic_core._pydantic_core.ValidationError: 2 validation errors for Model
a
  Input should be a valid integer, unable to parse string as an integer [type=int_parsing, input_value='x', input_type=str]
    For further information visit https://errors.pydantic.dev/2.14/v/int_parsing
b
  Field required [type=missing, input_value={'a': 'x'}, input_type=dict]
    For further information visit https://errors.pydantic.dev/2.14/v/missing"""

V1 = """\
pydantic.error_wrappers.ValidationError: 1 validation error for Settings
__root__
  API key must be set (type=value_error)"""


def test_a_v2_value_error_reads_as_the_validators_raise() -> None:
    q = parse(V2)
    assert (q.exc_type, q.exc_types, q.message) == ("ValueError", ["ValueError"], "API key must be set")


def test_a_traceback_above_the_listing_is_read_as_its_message_alone() -> None:
    # the frames end at ``validate_python``, above the compiled code that called the validator
    q = parse(V2_TRACEBACK)
    assert (q.exc_type, q.message, q.frames) == ("ValueError", "API key must be set", [])


def test_an_assertion_and_a_custom_code_name_their_raised_classes() -> None:
    assert validator_error("1 validation error for M\n  Assertion failed, wrong [type=assertion_error]") == (
        "AssertionError",
        "wrong",
    )
    listing = "1 validation error for M\nv\n  Length must be 14 [type=mac_address_len, input_value='0', input_type=str]"
    assert validator_error(listing) == ("PydanticCustomError", "Length must be 14")


def test_the_first_error_a_validator_raised_is_the_query() -> None:
    # pydantic-core's ``int_parsing`` first has no Python site: the validator's error after it
    assert validator_error(SEVERAL) == ("ValueError", "bad b\nsecond line")


def test_a_listing_of_pydantic_cores_own_errors_is_left_as_it_was() -> None:
    q = parse(CORE_ONLY)
    assert q.exc_type == "pydantic_core._pydantic_core.ValidationError"
    assert q.message.startswith("2 validation errors for Model\n")
    assert (
        validator_error("1 validation error for M\n  value_error.missing (type=value_error.missing)") is None
    )


def test_a_v1_listing_reads_its_wrapped_class() -> None:
    q = parse(V1)
    assert (q.exc_type, q.message) == ("ValueError", "API key must be set")
    assert validator_error("1 validation error for M\nx\n  bad (type=type_error)") == ("TypeError", "bad")


def test_a_listing_made_by_a_raise_in_python_keeps_its_site() -> None:
    # ``raise ValidationError.from_exception_data(...)``: that statement is the listing's site
    text = V2_TRACEBACK.replace(
        "validated_self = self.__pydantic_validator__.validate_python(data, self_instance=self)",
        "raise ValidationError.from_exception_data(",
    )
    q = parse(text)
    assert q.exc_type == "pydantic_core._pydantic_core.ValidationError"
    assert len(q.frames) == 2


def test_text_that_only_looks_like_a_listing_is_not_read() -> None:
    assert validator_error("1 validation error for M") is None
    assert validator_error("validation error for M\n  Value error, x [type=value_error]") is None
    # a message line never closed by its ``[type=...]`` within its bound is no error
    open_line = "1 validation error for M\n  Value error, x\n" + "more\n" * 60
    assert validator_error(open_line) is None
    q = parse("ValueError: 1 validation error for M\n  Value error, x [type=value_error]")
    assert q.exc_type == "ValueError"  # another class printed it: its own text, left as it is


def test_a_long_listing_parses_in_linear_time() -> None:
    body = "1 validation error for M\n" + "  [type=\n" * 200_000 + "  x ]" * 1000
    assert validator_error(body) is None


VALIDATORS = """\
from pydantic import BaseModel, field_validator
from pydantic_core import PydanticCustomError


class Settings(BaseModel):
    api_key: str | None = None
    region: str = ""

    @field_validator("api_key")
    @classmethod
    def check_key(cls, v):
        if v is None:
            raise ValueError("API key must be set")
        return v

    @field_validator("region")
    @classmethod
    def check_region(cls, v):
        raise PydanticCustomError("region_unknown", "Region {region} is not served here", {"region": v})
"""


# the same check in another class (a helper of the package's): a tie on the words alone
HELPERS = """\
class Checks:
    def key(self, v):
        if v is None:
            raise ValueError("API key must be set")
"""


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    files = {"cfgpkg/__init__.py": "", "cfgpkg/settings.py": VALIDATORS, "cfgpkg/a_checks.py": HELPERS}
    with package_matcher(tmp_path_factory.mktemp("validation_listing"), files) as m:
        yield m


def test_a_pasted_listing_finds_the_validators_raise(matcher: Matcher) -> None:
    # ``Checks.key`` raises the same words: the model the listing names decides the tie
    for text in (V2, V2_TRACEBACK, V1):
        res = matcher.explain(text)
        assert site(first(res)) == ("cfgpkg/settings.py", "Settings.check_key"), text
        assert [site(m) for m in res.matches[1:2]] == [("cfgpkg/a_checks.py", "Checks.key")]


def test_the_same_words_alone_tie_in_the_rankers_order(matcher: Matcher) -> None:
    res = matcher.explain("ValueError: API key must be set")
    assert {site(m) for m in res.matches[:2]} == {
        ("cfgpkg/settings.py", "Settings.check_key"),
        ("cfgpkg/a_checks.py", "Checks.key"),
    }
    assert res.matches[0].tied_with


def test_a_custom_errors_listing_finds_its_raise(matcher: Matcher) -> None:
    listing = (
        "pydantic_core._pydantic_core.ValidationError: 1 validation error for Settings\nregion\n"
        "  Region mars is not served here [type=region_unknown, input_value='mars', input_type=str]"
    )
    assert site(first(matcher.explain(listing))) == ("cfgpkg/settings.py", "Settings.check_region")


def test_pydantic_cores_own_texts_stay_no_match(matcher: Matcher) -> None:
    assert not matcher.explain(CORE_ONLY).matches


def test_a_whole_input_model_type_error_names_the_validating_method() -> None:
    # pydantic-core's ``model_type`` first, with no location line: the input as a whole was no
    # mapping, which ``__init__``'s keyword arguments always are; its wording says JSON or Python
    head = "1 validation error for User\n"
    json_input = "  Input should be an object [type=model_type, input_value=[1, 2], input_type=list]"
    py_input = "  Input should be a valid dictionary or instance of User [type=model_type, input_value='x', input_type=str]"
    further = "\n    For further information visit https://errors.pydantic.dev/2.14/v/model_type"
    assert whole_input_method(head + json_input + further) == "model_validate_json"
    assert whole_input_method(head + py_input) == "model_validate"
    # a field's error (a location line first), another code, or no listing: the shape says nothing
    assert whole_input_method(head + "address\n" + py_input) is None
    field = "  Input should be a valid integer [type=int_parsing, input_value='x', input_type=str]"
    assert whole_input_method(head + field) is None
    assert whole_input_method(json_input) is None
    assert whole_input_method(head + "  Input should be an object (type=model_type)") is None  # v1's suffix
