"""A raise that relays a caught built-in exception's text (``except AttributeError as err: raise
BoxKeyError(str(err))``): what the user reads is the interpreter's wording of the caught class
(``'Box' object has no attribute 'missing'``), so the site's templates are those wordings
(``pyexc.interpreter_texts``), with the holes named after the caught name. A class the
interpreter words in many ways (``ValueError``), or whose ``str()`` is not its message (a
``KeyError`` prints the key's repr, a ``SyntaxError`` adds its place), keeps the open ``{err}``."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import first, marked_templates, package_matcher

from errdex.match import Matcher
from errdex.pyexc import interpreter_texts

LIB = """\
class BoxKeyError(KeyError, AttributeError):
    pass


class Box(dict):
    def __getattr__(self, item):
        try:
            return self[item]
        except KeyError:
            try:
                return object.__getattribute__(self, item)
            except AttributeError as err:
                raise BoxKeyError(str(err)) from err  # <- getattr

    def __setitem__(self, key, value):
        if not isinstance(key, str):
            raise BoxKeyError(f"'{self.__class__}' object has no attribute {key}")  # <- setitem
        super().__setitem__(key, value)

    def get_item(self, item):
        try:
            return super().__getitem__(item)
        except KeyError as err:
            raise BoxKeyError(str(err)) from err  # <- keyerror

    def number(self, text):
        try:
            return int(text)
        except ValueError as err:
            raise BoxKeyError(f"{err}") from err  # <- valueerror

    def parse(self, text):
        try:
            return compile(text, "<box>", "eval")
        except SyntaxError as err:
            raise BoxKeyError(f"bad: {err}") from err  # <- syntax
"""


def test_relayed_attribute_error_takes_the_interpreters_wordings() -> None:
    got = marked_templates(LIB)
    assert "'{err1}' object has no attribute '{err2}'" in got["getattr"]
    assert "'{err1}' object has no attribute '{err2}'. Did you mean: '{err3}'?" in got["getattr"]
    assert "{err}" not in got["getattr"]  # (the caught class's text is one of its wordings)
    assert got["keyerror"] == {"{err}"}  # a KeyError prints the key's repr: no wording names it
    assert got["valueerror"] == {"{err}"}  # ~80 wordings: too many to list at every relay
    assert got["syntax"] == {"bad: {err}"}  # str() of a SyntaxError adds "(file, line n)"


def test_interpreter_texts_cover_subclasses_and_skip_keys() -> None:
    assert "No module named '{}'" in interpreter_texts("builtins.ImportError")  # ModuleNotFoundError
    assert interpreter_texts("LookupError") == ()  # may be a KeyError
    assert interpreter_texts("NotAnException") == ()


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    with package_matcher(tmp_path_factory.mktemp("caught_builtin"), {"box.py": LIB}) as m:
        yield m


def test_relayed_attribute_error_outranks_a_look_alike_format(matcher: Matcher) -> None:
    # the f-string's ``{self.__class__}`` would print ``<class ...>`` and its name no quotes:
    # the relay of the interpreter's text fits the message, quotes and all
    res = matcher.explain("lib.box.BoxKeyError: \"'Box' object has no attribute 'missing'\"")
    assert first(res).function == "Box.__getattr__", [(m.function, m.template) for m in res.matches]
