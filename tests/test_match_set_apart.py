"""A message the reporter set apart inside their prose, with no traceback (issues47-issues67):
a code span in a sentence with no class, a ``"Class: text"`` in double quotes whose sentence
runs on, a class-led code span among other spans, a Markdown quote between two paragraphs, a
phrase in double quotes that quotes names of its own. The marks say where the error ends;
read whole, the reporter's words around it leave only a worded approximation (or, for the
Markdown quote, which the parse reads as pytest's source marker, no answer at all)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import first, package_matcher

from errdex.match import Matcher
from errdex.match.matcher import SET_APART_MAX, set_apart

LIB = """\
class ConfigException(Exception):
    pass


class ParseError(Exception):
    pass


def get_key(key, name):
    raise ConfigException("Invalid kube-config file. Expected key %s in %s" % (key, name))


def loop():
    raise RuntimeError("This class is not fork-safe")


def is_number(value):
    raise TypeError("Float types are not supported. Use Decimal types instead.")


def merge_field(message_name, name):
    raise ParseError('Message type "%s" has no field named "%s".' % (message_name, name))


def parse_integer(text):
    raise ValueError("Couldn't parse integer: %s" % text)


class PluginError(Exception):
    pass


def run_check(plugin, exc):
    raise PluginError('"%s" failed during execution due to "%s"' % (plugin, exc))


class Node:
    def __getattr__(self, name):
        raise AttributeError(f"{self.__class__.__name__!r} object has no attribute {name!r}")
"""


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    with package_matcher(tmp_path_factory.mktemp("apart"), {"__init__.py": LIB}) as m:
        yield m


@pytest.mark.parametrize(
    ("text", "function"),
    [
        # a code span without a class inside a sentence
        (
            "Got `Invalid kube-config file. Expected key user in kube-config/users[name=admin]` when use\n"
            "kube-config file like:",
            "get_key",
        ),
        # a double-quoted class line mid-sentence
        (
            'I am trying to use it inside my celery project. However I am getting "RuntimeError: This class '
            'is not fork-safe" when I call the fs.open() command. Let me know how this can be solved.',
            "loop",
        ),
        # a class-led span after another span
        (
            '`lib.open("x")` raises `RuntimeError: This class is not fork-safe`, and a registered\n'
            "filesystem raises `ValueError` as well, which a caller cannot tell apart.",
            "loop",
        ),
        # a Markdown quote between two paragraphs
        (
            "The library raises the following error when the value contains floats:\n\n"
            "> Float types are not supported. Use Decimal types instead.\n\n"
            "We need to support serialization of floats in the cache.",
            "is_number",
        ),
        # a quoted exception line that quotes names of its own ends at the last quote
        (
            'When I run the training it shows this error "ParseError: Message type "protos.VoxelNet" has no '
            'field named "num_class".". How to solve it?',
            "merge_field",
        ),
    ],
)
def test_an_error_set_apart_in_prose_is_exact(matcher: Matcher, text: str, function: str) -> None:
    top = first(matcher.explain(text))
    assert (top.function, top.approximate) == (function, False), top.reasons


def test_a_part_a_wrapper_template_quotes_is_no_error_of_its_own(matcher: Matcher) -> None:
    # the wrapper prints the caught error's text in quotes: its fit holds the part in a value
    res = matcher.explain(
        "\"pyflakes\" failed during execution due to \"'ExceptHandler' object has no attribute 'depth'\""
    )
    assert first(res).function == "run_check", [(m.function, m.reasons) for m in res.matches]


def test_an_exception_line_s_own_quotes_set_nothing_apart(matcher: Matcher) -> None:
    # the message quotes a value and a part of its own: no prose of a reporter's
    res = matcher.explain('lib.ParseError: 1:10 : \'seconds: "x"\': Couldn\'t parse integer: "x"')
    assert all("sets apart" not in str(r) for m in res.matches for r in m.reasons)


def test_prose_whose_quoted_part_is_no_template_stays_approximate(matcher: Matcher) -> None:
    res = matcher.explain(
        'I see "a strange failure in the loader" and then the types are not supported anymore.'
    )
    assert not res.matches or res.matches[0].approximate


def test_set_apart_reads_spans_quotes_and_markdown_quotes_only() -> None:
    assert set_apart('I get "RuntimeError: This class is not fork-safe" when I call it.') == [
        "RuntimeError: This class is not fork-safe"
    ]
    # a name or a short value in marks is no message; a word glued to a quote opens none
    assert set_apart('Call `open()` with "x" to fix it') == []
    assert set_apart('Set the"config value here" to fix it') == []
    # pytest marks a source line with ``>`` and three spaces, and ``>>>`` is a prompt
    assert set_apart("def test():\n>       assert parse(data) == expected\nE       AssertionError") == []
    assert set_apart(">>> lib.loop() raises an error\nRuntimeError: boom") == []
    # a quote that is the whole paste is the parse's to read (every line quoted)
    assert set_apart("> Float types are not supported.\n> Use Decimal types instead.") == []
    # a fence's backticks open no span
    assert set_apart("```python\nx = 1\n```") == []
    many = " ".join(f"`span number {k} here`" for k in range(20))
    assert len(set_apart(many)) == SET_APART_MAX
