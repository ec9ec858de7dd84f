"""A message opening with a template's first words and a value, and showing nothing more of it,
makes that template a candidate: an older release printed the opening and the value only
(``Couldn't connect to {address}``, later ``... (resolved to {address_strs})``), or lacked a word
the newer one inserted before the value (``Could not resolve {target}``, later ``Could not
resolve alias {path} pointing at {target}``). Word similarity left those raises out: the value
and what follows it hold most of the message's words (acc149: issues25 neo4j-002, issues38
griffe-003/004). So does a message showing a template's literals in order from its first word
except its last sentence, a hint or a link a later release appended, when the punctuation
between them differs too (``{status} Reason: {reason}``, later ``{status}. Reason: {reason}.
Check troubleshooting guide ...``: issues29 sagemaker-007)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from index_helpers import first, package_matcher

from errdex.match import Matcher
from errdex.match.candidates import before_appended, opening_words, token_line

MODULE = """\
class AliasResolutionError(Exception): ...
class ServiceUnavailable(Exception): ...
class UnexpectedStatusException(ValueError): ...


def check_job_status(job_type, job, status, reason):
    raise UnexpectedStatusException(
        f"Error for {job_type} {job}: {status}. Reason: {reason}. Check troubleshooting guide for "
        "common errors: https://docs.example.com/jobs/troubleshooting.html"
    )


def resolve_target(path, target):
    raise AliasResolutionError(f"Could not resolve alias {path} pointing at {target}")


def connect(address, resolved):
    raise ServiceUnavailable(f"Couldn't connect to {address} (resolved to {resolved})")
"""

ALIAS = ("Could not resolve alias ", " pointing at ", "")
CONNECT = ("Couldn't connect to ", " (resolved to ", ")")
JOB = ("Error for ", " ", ": ", ". Reason: ", ". Check troubleshooting guide: ", "")


def test_the_opening_and_a_value_are_found() -> None:
    # the whole first literal, a value after it, the reporter's prose after that
    assert opening_words(CONNECT, "Couldn't connect to localhost:7687 trying to load sample data") == 3
    # behind a tool's context and a colon, the first literal less the word inserted later
    assert opening_words(ALIAS, "Error reading page 'mw.md': Could not resolve django.conf.settings") == 3
    # at a line's start
    assert opening_words(CONNECT, "I get:\nCouldn't connect to 127.0.0.1:7687\nmore") == 3


def test_no_opening_without_a_value_or_inside_a_sentence() -> None:
    # a word of prose after the opening is no value
    assert opening_words(ALIAS, "Could not resolve the dependency graph of the project") == 0
    # the opening's words inside a sentence are another text's
    assert opening_words(ALIAS, "We could not resolve django.conf.settings") == 0
    assert opening_words(ALIAS, "The tool Could not resolve django.conf.settings") == 0
    # two words of the opening are too few
    assert opening_words(("Could not resolve alias ", ""), "Could not x.y") == 0
    # the opening glued to what follows is another word
    assert opening_words(CONNECT, "Couldn't connect tox.y") == 0
    # a template whose opening is not followed by a placeholder after a space
    assert opening_words(("Couldn't connect to '", "'"), "Couldn't connect to 'x.y'") == 0
    # an opening of a sentence's length is the first sentence's words, weighed elsewhere
    assert opening_words(("Could not resolve the alias of ", ""), "Could not resolve the alias of a.b") == 0


def test_the_literals_before_an_appended_sentence() -> None:
    msg = token_line("Error for Training job <training job name>: Failed Reason: AlgorithmError: boom")
    assert before_appended(JOB, msg) == 3  # error for, reason
    # the first literal must open the message
    assert before_appended(JOB, token_line("Batch failed. Error for job x: Failed Reason: boom")) == 0
    # the last sentence shown too: the whole template, not an older text
    assert (
        before_appended(JOB, token_line("Error for job x: F Reason: r Check troubleshooting guide: u")) == 0
    )
    # a later literal missing
    assert before_appended(JOB, token_line("Error for job x: Failed because: boom")) == 0
    # a last literal that opens no sentence is no appended hint
    assert before_appended(("Error for ", " ", ": ", " Reason: ", " see the guide"), msg) == 0


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    with package_matcher(Path(tmp_path_factory.mktemp("opening")), {"netpkg/sock.py": MODULE}) as m:
        yield m


def _first(matcher: Matcher, text: str) -> tuple[str, bool]:
    """The first match's function and whether it is approximate."""
    top = first(matcher.explain(text))
    return top.function, top.approximate


def test_an_older_shorter_wording_finds_the_template(matcher: Matcher) -> None:
    assert _first(
        matcher,
        "Bug Report netpkg.sock.ServiceUnavailable: Couldn't connect to localhost:7687 trying to load data",
    ) == (
        "connect",
        True,
    )


def test_a_word_inserted_later_before_the_value(matcher: Matcher) -> None:
    assert _first(
        matcher, "ERROR    -  Error reading page 'middleware.md': Could not resolve django.conf.settings"
    ) == (
        "resolve_target",
        True,
    )


def test_an_older_text_without_the_appended_hint(matcher: Matcher) -> None:
    assert _first(
        matcher,
        "ValueError: Error for Training job <training job name>: Failed Reason: AlgorithmError: "
        'ExecuteUserScriptError: Command "/usr/bin/python3 -m train',
    ) == ("check_job_status", True)


def test_prose_after_the_opening_finds_nothing(matcher: Matcher) -> None:
    res = matcher.explain("RuntimeError: Could not resolve the dependency graph of the project")
    assert not any(m.function == "resolve_target" for m in res.matches)
