"""A log-or-raise handler that decorates the text it is handed only under a test (cssutils'
``_ErrorHandler.__handle``: ``if token: msg = f"{msg} [{line}:{col}: {value}]"`` then ``raise
error(msg)``) prints the handed text alone whenever the test fails. A local rebuilt so kept its
bare form beside the rebuilt one (``_unbuilt_forms``); a parameter folds into one form whose
decoration is optional (``Opt``), and that form's bare rendering was dropped as a lone
placeholder. Both now record it when no form has words of the library's own, so the handler's
raise is the site of a pasted ``SyntaxErr: <the caller's words>`` with no ``[line:col]`` tail:
the caller's ``self._log.error(...)`` is a log call, which raises nothing (runtime popular15
cssutils-rt-003/005/015/021/027/029). On a small package indexed in the test, never imported."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import first, package_matcher
from test_extract_messages import _got

from errdex.match import Matcher

HANDLER = """\
import logging
import xml.dom


class ErrorHandler:
    def __init__(self, raise_exceptions=True):
        self._log = logging.getLogger("sheets")
        self.raise_exceptions = raise_exceptions

    def __getattr__(self, name):
        if name in ("debug", "info", "warn", "error", "critical"):
            self._logcall = getattr(self._log, name)
            return self.__handle
        raise AttributeError(name)

    def __handle(self, msg="", token=None, error=xml.dom.SyntaxErr, neverraise=False):
        if error is None:
            error = xml.dom.SyntaxErr
        if token:
            line, col, value = token[2], token[3], token[1]
            msg = f"{msg} [{line}:{col}: {value}]"
        if error and self.raise_exceptions and not neverraise:
            raise error(msg)
        self._logcall(msg)


log = ErrorHandler()
"""

RULES = """\
from sheets.errorhandler import log


class Selector:
    _log = log

    def set_text(self, text, tokens):
        if not tokens:
            self._log.error("Selector: Invalid or incomplete selector: %s" % text)
        for token in tokens:
            if token[0] == "CHAR":
                self._log.error("Selector: Unexpected CHAR.", token)
"""


def test_a_parameter_decorated_under_a_test_keeps_its_bare_form() -> None:
    got = {(line, template) for line, _, template in _got(HANDLER)}
    assert (23, "{msg}") in got, got
    assert (23, "{msg} [{line}:{col}: {value}]") in got, got


def test_a_parameter_rebuilt_with_words_keeps_only_the_worded_form() -> None:
    # beside a message of the library's own words, a lone placeholder fits any text
    got = _got(
        "def check(msg, strict):\n"
        "    if strict:\n"
        '        msg = f"strict mode: {msg}"\n'
        "    raise ValueError(msg)\n"
    )
    assert {t for _, _, t in got} == {"strict mode: {msg}"}, got


def test_a_parameter_decorated_on_every_path_has_no_bare_form() -> None:
    got = _got('def check(msg, line):\n    msg = f"{msg} [{line}]"\n    raise ValueError(msg)\n')
    assert {t for _, _, t in got} == {"{msg} [{line}]"}, got


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    files = {"sheets/__init__.py": "", "sheets/errorhandler.py": HANDLER, "sheets/selector.py": RULES}
    with package_matcher(tmp_path_factory.mktemp("log_or_raise"), files) as m:
        yield m


@pytest.mark.parametrize(
    "paste",
    [
        # no token: the handler prints the caller's words alone
        "xml.dom.SyntaxErr: Selector: Invalid or incomplete selector: a[href",
        # a token: its place follows the words
        "xml.dom.SyntaxErr: Selector: Unexpected CHAR. [1:1: #]",
    ],
)
def test_a_logged_text_raised_by_the_handler_names_the_handler(matcher: Matcher, paste: str) -> None:
    top = first(matcher.explain(paste))
    assert (top.path, top.function) == ("sheets/errorhandler.py", "ErrorHandler.__handle"), top
    # the words came from a log call, which caught nothing: the reasons say so
    assert any(
        r.startswith("raises a log call's words: the text logged at sheets/selector.py") for r in top.reasons
    )
