"""An exception class whose printer memoises its text: ``if self._detailed is None:
self._detailed = self._format_message()``, then ``return self._detailed`` (griffe's
``AliasResolutionError``), or a ``message`` property that fills ``self._message`` when it is
empty, maybe in steps. The printer returns what the guarded branch computed (or, when the
test fails, what the instance held), not the ``None`` its ``__init__`` stored: before, such a
raise printed ``{None}`` (or nothing) and matched no paste. On a real catalogue indexed from a
package written to a temporary directory."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import marked_templates, package_matcher

from errdex.extract import extract_file
from errdex.match import Matcher

ERRORS = """\
class AliasError(Exception):
    def __init__(self, path, target):
        self.path = path
        self.target = target
        self._detailed = None
        super().__init__(f"Could not resolve alias {path} pointing at {target}")

    def _format_message(self):
        message = super().__str__()
        return message + f" (in {self.path}.py)"

    def __str__(self):
        if self._detailed is None:
            self._detailed = self._format_message()
        return self._detailed


class PluginError(Exception):
    def __init__(self, name, reason=None):
        self.name = name
        self.reason = reason
        self._message = ""

    @property
    def message(self):
        if not self._message:
            self._message = f"Plugin {self.name!r} could not be loaded"
            if self.reason:
                self._message += f": {self.reason}"
        return self._message

    def __str__(self):
        return self.message


class Finalized(Exception):
    def __init__(self, message):
        super().__init__(message)
        self._scope = None

    def __str__(self):
        if getattr(self, "_final", None):
            return self._final
        if self._scope is not None:
            self._final = "error raised while processing, details below."
            return self._final
        return super().__str__()


class Preset(Exception):
    def __init__(self, text):
        self._text = text

    def __str__(self):
        if self._text is None:
            self._text = "no text given"
        return self._text
"""

LOADER = """\
from memolib.errors import AliasError, Finalized, PluginError, Preset


def resolve(path, target):
    raise AliasError(path, target)  # <- alias


def load(name):
    raise PluginError(name)  # <- plugin


def load_with(name, why):
    raise PluginError(name, reason=why)  # <- plugin_reason


def finalize(x):
    raise Finalized(f"bad value {x}")  # <- finalized


def preset():
    raise Preset("the preset text is kept")  # <- preset
"""


def test_the_memoised_text_is_the_raise_s_template() -> None:
    marked = marked_templates(ERRORS + "\n\n" + LOADER.replace("from memolib.errors import", "# "))
    # before: ``{None}`` and an empty template
    assert "Could not resolve alias {path} pointing at {target} (in {path}.py)" in marked["alias"], marked
    assert marked["plugin"] == {"Plugin {name!r} could not be loaded"}, marked
    assert "Plugin {name!r} could not be loaded: {why}" in marked["plugin_reason"], marked
    # the value the instance held on entry stays the printed text when the test fails
    assert marked["preset"] == {"the preset text is kept"}, marked
    assert "bad value {x}" in marked["finalized"], marked


def test_an_attribute_assigned_under_a_test_of_something_else_is_no_memo() -> None:
    # glom's ``GlomError.__str__``: ``self._finalized_str`` is set under ``self._scope is not
    # None``; read as a memo, its literal form outranked the raise's own text at a raise of a
    # copied caught error (``raise err``), whose paste shows the last line only
    printed = (
        extract_file("memolib/errors.py", ERRORS.encode()).funcs["memolib.errors.Finalized.__str__"].printed
    )
    assert not any("error raised while processing" in p for v in printed for p in v if isinstance(p, str)), (
        printed
    )


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    files = {"memolib/__init__.py": "", "memolib/errors.py": ERRORS, "memolib/loader.py": LOADER}
    with package_matcher(tmp_path_factory.mktemp("memo"), files) as m:
        yield m


def test_a_pasted_memoised_message_names_its_raise(matcher: Matcher) -> None:
    res = matcher.explain(
        "memolib.errors.AliasError: Could not resolve alias pkg.mod.pd pointing at pandas (in pkg/mod.py)"
    )
    assert res.matches, res.verdict
    assert (res.matches[0].path, res.matches[0].function) == ("memolib/loader.py", "resolve")
    assert not res.matches[0].approximate
    res = matcher.explain("Plugin 'fancy' could not be loaded: no module named fancy")
    assert res.matches, res.verdict
    assert (res.matches[0].path, res.matches[0].function) == ("memolib/loader.py", "load_with")
