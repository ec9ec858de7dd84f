"""Sites of one file raising one message, scored alike by the priors: the one whose function a word
of the message names comes first (``thresholds.FUNCTION_NAMED``), above the callers' tie-break
and under every other prior; the answer still says it is a tie and lists the others. And the one
test of "is this dotted name's head a standard library module" the matcher's stages share."""

from __future__ import annotations

import pytest

from errdex.match import Matcher, Result
from errdex.model import CatalogueEntry, render_template
from errdex.pyexc import stdlib_module

_N = iter(range(1, 10**9))

OPTION = ['The option "--', "name", '" does not exist']
COMMAND = ['The command "', "name", '" does not exist.']


def entry(segments: list[str], *, path: str, function: str, line: int, callers: int = 0) -> CatalogueEntry:
    k = next(_N)
    return CatalogueEntry(
        key=k, error_id=f"id{k}", repo="o/lib", version="1.0", snapshot_date=None, kind="error",
        exc_type="CleoLogicError", exc_qualname=None, template=render_template(segments), segments=segments,
        path=path, line=line, function=function, called=True, callers=callers,
    )  # fmt: skip


def sites(res: Result) -> list[str]:
    return [m.function for m in res.matches if not m.approximate]


def explain(entries: list[CatalogueEntry], text: str) -> Result:
    return Matcher.from_entries(entries).explain(text)


def test_of_one_files_sites_the_function_the_message_names_leads() -> None:
    # ``set_option`` has the callers (it would lead by ``CALLERS_STEP``), but the message speaks
    # of an option, and ``option()`` is the accessor named after it
    setter = entry(OPTION, path="lib/io/input.py", function="Input.set_option", line=143, callers=3)
    getter = entry(OPTION, path="lib/io/input.py", function="Input.option", line=134)
    res = explain([setter, getter], 'The option "--count" does not exist')
    assert sites(res) == ["Input.option", "Input.set_option"]
    assert any("function's name (option)" in r for r in res.matches[0].reasons)
    # still a tie: the order is a guess the answer owns up to, the other site listed
    assert "a tie" in res.verdict
    assert any("lib/io/input.py:143" in r for r in res.matches[0].reasons)


def test_without_the_word_the_callers_decide() -> None:
    setter = entry(OPTION, path="lib/io/input.py", function="Input.set_option", line=143, callers=3)
    other = entry(OPTION, path="lib/io/input.py", function="Input.lookup", line=134)
    res = explain([other, setter], 'The option "--count" does not exist')
    assert sites(res) == ["Input.set_option", "Input.lookup"]


def test_a_function_of_another_file_named_like_a_word_does_not_lead() -> None:
    # a describer's ``command`` raises the text too, in its own module: no sibling of the
    # application's lookups, and the callers keep the order they give
    get = entry(COMMAND, path="lib/application.py", function="Application.get", line=204, callers=3)
    find = entry(COMMAND, path="lib/application.py", function="Application.find", line=282, callers=2)
    describe = entry(COMMAND, path="lib/descriptors.py", function="Description.command", line=45)
    res = explain([describe, find, get], 'The command "serve" does not exist.')
    assert sites(res)[0] == "Application.get"
    assert sites(res)[-1] == "Description.command"


@pytest.mark.parametrize("name", ["validate", "__init__"])
def test_a_generic_or_private_name_names_nothing(name: str) -> None:
    words = ["Cannot ", "what", " the option: validate failed in _option or __init__"]
    setter = entry(words, path="lib/io/input.py", function="Input.set_option", line=143, callers=3)
    other = entry(words, path="lib/io/input.py", function=f"Input.{name}", line=134)
    res = explain([other, setter], "Cannot parse the option: validate failed in _option or __init__")
    assert sites(res)[0] == "Input.set_option"


def test_the_priors_above_it_keep_their_order() -> None:
    # a site in a private class scores lower (``PUBLIC``) by more than the word adds
    public = entry(OPTION, path="lib/io/input.py", function="Input.set_option", line=143)
    private = entry(OPTION, path="lib/io/input.py", function="_Input.option", line=134)
    res = explain([private, public], 'The option "--count" does not exist')
    assert sites(res) == ["Input.set_option", "_Input.option"]


@pytest.mark.parametrize(
    ("name", "std"),
    [
        ("socket.gaierror", True),
        ("json.decoder.JSONDecodeError", True),
        ("sre_parse", True),
        ("requests.exceptions.ConnectionError", False),
        ("jsonschema", False),
        ("", False),
    ],
)
def test_stdlib_module_reads_the_top_package(name: str, std: bool) -> None:
    assert stdlib_module(name) is std
