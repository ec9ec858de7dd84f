"""A message kept as a class attribute of the RAISING object, overridden per subclass, and raised
by a method the subclasses inherit (issue #10 items 1 and 3; runtime4 django-rt-039).

Django's ``BaseValidator.__call__`` raises ``ValidationError(self.message, code=self.code,
params=params)``; ``MaxLengthValidator`` only sets ``message = ngettext_lazy(...)`` and ``code``.
Python reads the first class along the instance's MRO that sets the attribute, so on a
``MaxLengthValidator`` the inherited raise prints its text. Before, only the raising class's own
text was taken (a subclass's text was dropped so that ``URLValidator``, which raises the
attribute in a ``__call__`` of its own, did not tie with ``RegexValidator``'s raise). Now each
subclass that sets a text and inherits the raise gives it one more binding of every attribute
the raise reads (its message with its own code, never another class's), a subclass with a raise
of its own is still left to it. Exact templates, parsed, never imported."""

from __future__ import annotations

import re

from errdex.extract import extract
from errdex.model import SourceFile

SOURCE = """\
from gettext import gettext as _, ngettext as ngettext_lazy


class CheckError(Exception):
    def __init__(self, message, code=None, params=None):
        super().__init__(message % params)
        self.code = code


class BaseCheck:
    message = _("Ensure this value is %(limit)s (it is %(shown)s).")
    code = "limit"

    def __init__(self, limit):
        self.limit = limit

    def __call__(self, value):
        params = {"limit": self.limit, "shown": value}
        if self.compare(value, self.limit):
            raise CheckError(self.message, code=self.code, params=params)  # <- inherited

    def compare(self, a, b):
        return a is not b


class MaxCheck(BaseCheck):
    message = _("Ensure this value is at most %(limit)s.")
    code = "max"

    def compare(self, a, b):
        return a > b


class LengthCheck(BaseCheck):
    message = ngettext_lazy(
        "Ensure this has at most %(limit)d item (it has %(shown)d).",
        "Ensure this has at most %(limit)d items (it has %(shown)d).",
        "limit",
    )
    code = "length"


class ShortLengthCheck(LengthCheck):
    code = "short"


class PatternCheck(BaseCheck):
    message = "Enter a valid value."

    def __call__(self, value):
        if not value:
            raise CheckError(self.message, code=self.code, params={})  # <- own


class CodedCheck:
    code = "base"
    message = "value rejected"

    def check(self, value):
        raise ValueError(f"[{self.code}] {self.message}: {value}")  # <- paired


class LooseCode(CodedCheck):
    code = "loose"


class LooseText(CodedCheck):
    message = "value too loose"
"""

_MARK = re.compile(r"# <- (\w+)")


def _templates(source: str = SOURCE) -> dict[str, set[tuple[str, str]]]:
    """The (type, template) pairs of each marked raise, by its mark."""
    by_line: dict[int, set[tuple[str, str]]] = {}
    for r in extract([SourceFile("pkg/checks.py", source.encode())], "local/pkg", jobs=1).records:
        by_line.setdefault(r.line, set()).add((r.exc_type, r.template))
    marked = ((n, _MARK.search(text)) for n, text in enumerate(source.split("\n"), 1))
    return {m.group(1): by_line.get(n, set()) for n, m in marked if m is not None}


def test_each_subclass_text_is_read_at_the_inherited_raise() -> None:
    # before: only BaseCheck's own text; the %(name)s fields are the params' placeholders, and
    # both of ngettext's forms are there
    assert _templates()["inherited"] == {
        ("CheckError", "Ensure this value is {limit} (it is {shown})."),
        ("CheckError", "Ensure this value is at most {limit}."),
        ("CheckError", "Ensure this has at most {limit} item (it has {shown})."),
        ("CheckError", "Ensure this has at most {limit} items (it has {shown})."),
    }


def test_a_subclass_with_a_raise_of_its_own_keeps_its_text_there() -> None:
    at = _templates()
    assert at["own"] == {("CheckError", "Enter a valid value.")}
    assert not any("valid value" in t for _, t in at["inherited"])


def test_each_subclass_is_one_binding_of_every_attribute() -> None:
    # LooseCode's code with the inherited message, LooseText's message with the inherited code;
    # never LooseCode's code with LooseText's message
    assert _templates()["paired"] == {
        ("ValueError", "[base] value rejected: {value}"),
        ("ValueError", "[loose] value rejected: {value}"),
        ("ValueError", "[base] value too loose: {value}"),
    }


def test_a_subclass_in_a_test_module_gives_no_text() -> None:
    extra = 'class TestCheck(BaseCheck):\n    message = "a test double"\n'
    files = [
        SourceFile("pkg/checks.py", SOURCE.encode()),
        SourceFile("pkg/tests/test_checks.py", ("from pkg.checks import BaseCheck\n\n\n" + extra).encode()),
    ]
    got = {r.template for r in extract(files, "local/pkg", jobs=1).records if r.path == "pkg/checks.py"}
    assert "a test double" not in got
    assert "Ensure this value is at most {limit}." in got
