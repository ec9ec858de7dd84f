"""A text a library writes through its own reporter object (``self.reporter.error('Duplicate
...')``, read as a log call) and a user pastes as an exception of the library's class: the log
call raises nothing; the reporter's method it reaches raises the class with the text it is handed
(docutils' ``Reporter.system_message``: ``raise SystemMessage(msg, level)`` at the halt level), a
raise whose template is all placeholder. That raise is the site a traceback ends at, so it goes
just above the log call of the words. On a real catalogue indexed from a small package shaped as
docutils' reporter and document."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import first, package_matcher, site

from errdex.match import Matcher
from errdex.match.rank import _log_receiver

UTILS = """\
class SystemMessage(Exception):
    def __init__(self, message, level):
        Exception.__init__(self, message)
        self.level = level


class Reporter:
    levels = ("DEBUG", "INFO", "WARNING", "ERROR", "SEVERE")

    def __init__(self, source, halt_level=4):
        self.source = source
        self.halt_level = halt_level

    def format(self, level, message, line):
        return "%s:%s: (%s/%s) %s" % (self.source, line, self.levels[level], level, message)

    def system_message(self, level, message, line=""):
        msg = self.format(level, message, line)
        if level >= self.halt_level:
            raise SystemMessage(msg, level)
        return msg

    def error(self, message, line=""):
        return self.system_message(3, message, line)

    def severe(self, message, line=""):
        return self.system_message(4, message, line)
"""

NODES = """\
class document:
    def __init__(self, reporter):
        self.reporter = reporter
        self.substitution_defs = {}

    def note_substitution_def(self, name, value, line):
        if name in self.substitution_defs:
            msg = self.reporter.error(
                'Duplicate substitution definition name: "%s".' % name, line=line
            )
        self.substitution_defs[name] = value
"""


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    """The package indexed by the real pipeline, its saved index loaded."""
    files = {"rst/__init__.py": "", "rst/utils.py": UTILS, "rst/nodes.py": NODES}
    with package_matcher(tmp_path_factory.mktemp("reporterrelay"), files) as m:
        yield m


def test_a_reporters_words_pasted_as_its_class_name_the_method_raising_it(matcher: Matcher) -> None:
    res = matcher.explain(
        'rst.utils.SystemMessage: <string>:4: (ERROR/3) Duplicate substitution definition name: "a".'
    )
    assert site(first(res)) == ("rst/utils.py", "Reporter.system_message")
    assert any("hands its reporter" in r for r in first(res).reasons)
    # the log call holding the words stays right after it
    assert site(res.matches[1]) == ("rst/nodes.py", "document.note_substitution_def")


def test_the_same_words_pasted_without_the_class_keep_the_log_call(matcher: Matcher) -> None:
    res = matcher.explain('<string>:4: (ERROR/3) Duplicate substitution definition name: "a".')
    assert site(first(res)) == ("rst/nodes.py", "document.note_substitution_def")


def test_the_receiver_is_the_last_name_before_the_log_method() -> None:
    assert _log_receiver("msg=self.document.reporter.error('Duplicate") == "reporter"
    assert _log_receiver("self._logger.warning('x'") == "logger"
    assert _log_receiver("raiseSystemMessage(msg,level)") == ""


def test_a_builtin_class_says_nothing_of_the_reporter(matcher: Matcher) -> None:
    res = matcher.explain('ValueError: <string>:4: (ERROR/3) Duplicate substitution definition name: "a".')
    assert site(first(res)) == ("rst/nodes.py", "document.note_substitution_def")
