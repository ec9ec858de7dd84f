"""A pydantic validation listing whose validator is the user's own (issue #10, runtime16): the
listing is read first as its validator's raise (``parse._validator_raise``), and when no raise
of the catalogue fits that validator's text exactly, the validator is code the catalogue does
not hold, so the answer is the library's validation call the listing was raised below, not a
look-alike of another module that happens to share a few words."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import first, package_matcher, site

# a model whose ``__init__`` validates in compiled code (line 11), and re-raises its class
from test_match_classless_paste import MODEL

from errdex.match import Matcher

# another module's raise sharing the validator's last words (matplotlib's ``linthresh must be
# positive`` beside a user's ``x must be positive``)
SCALE = """\
def check(linthresh):
    if linthresh <= 0:
        raise ValueError("linthresh must be positive")
"""

# a validator the library ships: its raise is the site of its listing
SETTINGS = """\
from modelpkg.main import BaseModel


class Settings(BaseModel):
    def check_key(cls, v):
        if v is None:
            raise ValueError("API key must be set")
        return v
"""

SITE = "/venv/lib/python3.13/site-packages/modelpkg/main.py"


def listing(model: str, text: str, field: str | None = "x") -> str:
    return (
        f"pydantic_core._pydantic_core.ValidationError: 1 validation error for {model}\n"
        + (f"{field}\n" if field else "")
        + f"  Value error, {text} [type=value_error, input_value=-1, input_type=int]\n"
        "    For further information visit https://errors.pydantic.dev/2.14/v/value_error"
    )


def traceback(error: str) -> str:
    return (
        "Traceback (most recent call last):\n"
        '  File "/work/app/main.py", line 13, in <module>\n'
        "    M(x=-1)\n"
        "    ~^^^^^^\n"
        f'  File "{SITE}", line 11, in __init__\n'
        "    self.__pydantic_validator__.validate_python(data, self_instance=self)\n" + error
    )


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    files = {
        "modelpkg/__init__.py": "",
        "modelpkg/main.py": MODEL,
        "modelpkg/scale.py": SCALE,
        "modelpkg/settings.py": SETTINGS,
    }
    with package_matcher(tmp_path_factory.mktemp("uservalidator"), files) as m:
        yield m


CALL = ("modelpkg/main.py", "BaseModel.__init__")


def test_a_user_validators_text_like_another_raise_answers_the_validation_call(matcher: Matcher) -> None:
    for text in (traceback(listing("M", "x must be positive")), listing("M", "x must be positive")):
        res = matcher.explain(text)
        assert site(first(res)) == CALL, text
        assert first(res).approximate
        # the look-alike stays, after the call
        assert ("modelpkg/scale.py", "check") in [site(m) for m in res.matches]


def test_a_user_validators_text_held_nowhere_answers_the_validation_call(matcher: Matcher) -> None:
    # a model validator's listing names no field
    for text in (traceback(listing("M", "too big", None)), listing("M", "too big", None)):
        assert site(first(matcher.explain(text))) == CALL, text


def test_the_librarys_own_validator_keeps_its_raise(matcher: Matcher) -> None:
    for text in (
        traceback(listing("Settings", "API key must be set", "api_key")),
        listing("Settings", "API key must be set", "api_key"),
    ):
        res = matcher.explain(text)
        assert site(first(res)) == ("modelpkg/settings.py", "Settings.check_key"), text
        assert not first(res).approximate
