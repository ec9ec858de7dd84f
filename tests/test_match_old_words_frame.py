"""Pastes of an older release's words for a raise the pinned release rewords (issues55-issues76,
dateutil 2's ``ValueError: Unknown string format`` and ``ValueError: ('Unknown string format:',
'...')``, now ``ParserError("Unknown string format: %s", timestr)``).

- The text as pasted leads to the function the deepest library frame names; another
  function's text that equals it only with letter case ignored (``unknown string format``, in
  code the traceback never ran) does not take its place.
- A message printed as an arguments tuple whose first item is a text of words is that text with
  the user's value, not one value of the user's (``raise ValueError(value)`` prints any value)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from index_helpers import package_matcher

from errdex.match import Matcher
from errdex.match.matcher import _value_only

PARSER = """\
class ParserError(ValueError):
    def __str__(self):
        return self.args[0] % self.args[1:]


class parser:
    def parse(self, timestr):
        res = self._parse(timestr)
        if res is None:
            raise ParserError("Unknown string format: %s", timestr)
        return res

    def _parse(self, timestr):
        return None
"""

TZ = """\
class tzstr:
    def __init__(self, s):
        if not s:
            raise ValueError("unknown string format")
        self._s = s


def check(value):
    if not value:
        raise ValueError(value)
"""

OLD = (
    "Traceback (most recent call last):\n"
    '  File "<stdin>", line 1, in <module>\n'
    '  File "/usr/lib/python2.7/site-packages/datepkg/parser.py", line 552, in parse\n'
    '    raise ValueError("Unknown string format")\n'
    "ValueError: Unknown string format\n"
)


@pytest.fixture(scope="module")
def dates(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    files = {"datepkg/__init__.py": "", "datepkg/parser.py": PARSER, "datepkg/tz.py": TZ}
    with package_matcher(Path(tmp_path_factory.mktemp("oldwords")), files) as m:
        yield m


def test_the_deepest_frames_function_beats_a_text_equal_in_other_capitals(dates: Matcher) -> None:
    res = dates.explain(OLD)
    assert res.matches, res.verdict
    assert (res.matches[0].path, res.matches[0].function) == ("datepkg/parser.py", "parser.parse"), [
        (x.function, x.reasons) for x in res.matches
    ]


def test_without_frames_the_recased_text_still_answers(dates: Matcher) -> None:
    # the message alone: nothing names the reworded raise, the text in other capitals is the answer
    res = dates.explain("ValueError: Unknown string format")
    assert res.matches and res.matches[0].function == "tzstr.__init__"


def test_an_arguments_tuple_is_no_value_alone() -> None:
    assert not _value_only("('Unknown string format:', '2019-02-06T18:19:46.559165Z')")
    # a tuple of values, or of one-word texts, is still one value of the user's
    assert _value_only("('a', 'b')")
    assert _value_only("(1, 2)")
    assert _value_only("['a b', 'c']")


def test_an_arguments_tuple_names_the_reworded_raise(dates: Matcher) -> None:
    res = dates.explain("ValueError: ('Unknown string format:', '2019-02-06T18:19:46.559165Z')")
    assert res.matches, res.verdict
    assert any(m.function == "parser.parse" for m in res.matches[:3]), [
        (x.function, x.reasons) for x in res.matches
    ]
