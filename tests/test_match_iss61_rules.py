"""Two readings the issues61 set's untuned misses showed (docs/measurements/iss61.md).

1. A traceback cut before its error line, under the error's text printed without its class (a
   test harness's ``Failed test at stage X with exception:``, the exception's str() on the next
   line, then ``traceback.print_exc()``, cut by the reporter): the frames alone only lead to a
   caller of the raise; the text above names the raise. The text is taken when a raise fits it
   exactly in the codebase the frames ran into (a log record of another library above a cut
   traceback is left to the frames).

2. Two sites of one text that differ only in printing a value through ``repr()`` or ``str()``
   (Streamlit's ``Unrecognized config option: {key}`` and ``...: {config_key!r}``): a value
   without quotes (a bare dotted name) is what ``str()`` prints, so that site comes first and
   the two are no tie; a quoted value keeps the ``repr()`` site first.

On real catalogues indexed from fixture packages shaped like that."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import first, package_matcher

from errdex.match import Matcher
from errdex.match.result import placeholders

TOKENIZER = """\
class Tokenizer:
    pad_token = None

    def _padding_strategy(self, padding):
        if padding and self.pad_token is None:
            raise ValueError(
                "Asking to pad but the tokenizer does not have a padding token. "
                "Please select a token to use as `pad_token`."
            )
        return padding

    def encode(self, text, padding=False):
        strategy = self._padding_strategy(padding)
        return [len(text), strategy]

    def __call__(self, text, padding=False):
        if text is None:
            raise ValueError("You need to specify `text`.")
        encodings = self.encode(text, padding=padding)
        return encodings
"""

CONFIG = """\
from cfglib.errors import ConfigError

_OPTIONS = {"server.port": 8501}


def set_user_option(key, value):
    try:
        _OPTIONS[key] = _OPTIONS[key] and value
    except KeyError as ke:
        raise ConfigError(f"Unrecognized config option: {key}") from ke
"""

SERVER = """\
from cfglib import config
from cfglib.errors import ConfigError


def validate_run_config(run_config):
    for config_key in dict(run_config):
        if config_key not in config._OPTIONS:
            raise ConfigError(f"Unrecognized config option: {config_key!r}")
    return run_config
"""

ERRORS = """\
class ConfigError(Exception):
    pass
"""

CUT = """\
Failed test at stage construct_inputs with exception:
Asking to pad but the tokenizer does not have a padding token. Please select a token to use as `pad_token`.
Traceback (most recent call last):
  File "/home/u/harness/run.py", line 231, in run_tests
    inputs = inst.construct_inputs()
  File "/home/u/harness/models.py", line 230, in construct_inputs
    tokens = tokenizer(prompt, padding=True)
  File "/venv/lib/python3.10/site-packages/toklib/base.py", line 19, in __call__
    encodings = self.encode(text, padding=padding)"""


# two packages: a tokenizer (rule 1) and a configuration with a server (rule 2)
PACKAGES = {"toklib": {"base": TOKENIZER}, "cfglib": {"errors": ERRORS, "config": CONFIG, "server": SERVER}}


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    files = {
        f"{pkg}/{mod}.py": code
        for pkg, mods in PACKAGES.items()
        for mod, code in {"__init__": "", **mods}.items()
    }
    with package_matcher(tmp_path_factory.mktemp("iss61_rules"), files) as m:
        yield m


def test_the_text_above_a_cut_traceback_names_the_raise(matcher: Matcher) -> None:
    res = matcher.explain(CUT)
    top = first(res)
    assert top.function == "Tokenizer._padding_strategy"
    assert not top.approximate
    assert "above the cut traceback" in res.verdict


def test_the_frames_answer_when_the_text_above_is_no_error_of_theirs(matcher: Matcher) -> None:
    # a sentence above the cut traceback fits no raise: the frames' answer stands
    head = "Failed test at stage construct_inputs with exception:\nthe weather was fine all day\n"
    res = matcher.explain(head + CUT.split("\n", 2)[2])
    top = first(res)
    assert top.function == "Tokenizer.__call__"
    assert top.approximate


def test_an_unquoted_value_is_what_str_prints(matcher: Matcher) -> None:
    res = matcher.explain("ConfigError: Unrecognized config option: deprecation.showPyplotGlobalUse")
    top = first(res)
    assert top.function == "set_user_option"
    assert not top.tied_with
    other = next(m for m in res.matches if m.function == "validate_run_config")
    assert any("through repr()" in r for r in other.reasons)


def test_the_value_read_on_its_own_line(matcher: Matcher) -> None:
    # the template fitted as one whole line takes the reporter's next line into the value
    res = matcher.explain(
        "the app shows: ConfigError: Unrecognized config option: deprecation.showPyplotGlobalUse\n"
        "I downgraded but the error remains the same."
    )
    assert first(res).function == "set_user_option"
    assert not first(res).tied_with


def test_a_quoted_value_is_what_repr_prints(matcher: Matcher) -> None:
    res = matcher.explain("ConfigError: Unrecognized config option: 'server.foo'")
    assert first(res).function == "validate_run_config"


def test_placeholders_in_order() -> None:
    assert placeholders("Unrecognized config option: {config_key!r}") == ["config_key!r"]
    assert placeholders("{a} and {b:>{width}} then {c") == ["a", "b:>{width}", "c"]
    assert placeholders("no fields }") == []
