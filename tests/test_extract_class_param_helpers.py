"""A helper given the exception class and raising what it builds from it: the raise is the
class each caller passes, with the text it passes (issues18's msrest ``raise_with_traceback``)."""

from __future__ import annotations

import ast

import pytest

from errdex.extract import extract, visitor
from errdex.model import UNKNOWN_EXC_TYPE, SourceFile

_HELPERS = """
import sys


def bound_then_raised(exception, message=""):
    error = exception(message)
    raise error


def with_traceback(exception, message=""):
    exc_type, exc_value, exc_traceback = sys.exc_info()
    error = exception(message)
    raise error.with_traceback(exc_traceback)


def use(x):
    try:
        x()
    except KeyError:
        bound_then_raised(TypeError, "beta went wrong")
    try:
        x()
    except KeyError:
        with_traceback(LookupError, "gamma went wrong")
"""

_EXCEPTIONS = """
import sys


def raise_with_traceback(exception, message="", *args, **kwargs):
    exc_type, exc_value, exc_traceback = sys.exc_info()
    exc_msg = "{}, {}: {}".format(message, exc_type.__name__, exc_value)
    error = exception(exc_msg, *args, **kwargs)
    try:
        raise error.with_traceback(exc_traceback)
    except AttributeError:
        error.__traceback__ = exc_traceback
        raise error

"""

_SERIALIZATION = """
from .exceptions import raise_with_traceback


def deserialize(data, class_name):
    try:
        return data.get("x")
    except AttributeError as err:
        msg = "Unable to deserialize to object: " + class_name
        raise_with_traceback(LookupError, msg, err)
"""


def _records(**modules: str) -> set[tuple[str, str, int, str]]:
    files = [SourceFile(f"pkg/{name}.py", text.encode()) for name, text in modules.items()]
    ex = extract(files, "local/pkg", jobs=1)
    return {(r.path, r.exc_type, r.line, r.template) for r in ex.records}


def test_a_class_parameter_called_into_a_raised_name_raises_the_callers_class() -> None:
    got = _records(helpers=_HELPERS)
    # each call raises the class and text it passes, as ``raise exception(message)`` would
    assert ("pkg/helpers.py", "TypeError", 20, "beta went wrong") in got
    # ``raise error.with_traceback(tb)`` raises ``error`` too
    assert ("pkg/helpers.py", "LookupError", 24, "gamma went wrong") in got
    # the helpers' own statements know no class, only the text they are given
    assert ("pkg/helpers.py", UNKNOWN_EXC_TYPE, 7, "{message}") in got
    assert ("pkg/helpers.py", UNKNOWN_EXC_TYPE, 13, "{message}") in got


def test_a_traceback_keeping_helper_raises_the_callers_class_and_text() -> None:
    got = _records(exceptions=_EXCEPTIONS, serialization=_SERIALIZATION)
    # the helper spreads ``*args``: the caller's class and text reach its raise statement,
    # with what the helper appends (the caught exception's class and text)
    assert (
        "pkg/exceptions.py",
        "LookupError",
        10,
        "Unable to deserialize to object: {class_name}, {exc_type.__name__}: {exc_value}",
    ) in got


_RERAISE = """
def reraise(tp, value, tb=None):
    try:
        if value is None:
            value = tp()
        if value.__traceback__ is not tb:
            raise value.with_traceback(tb)
        raise value
    finally:
        value = None
        tb = None
"""


def test_a_parameter_rebound_to_its_class_when_missing_stays_the_object_given() -> None:
    # six's ``reraise``: ``value = tp()`` only when no object was given; the raises are of the
    # object the caller passed (its text unknown here), not of an empty ``tp()``
    got = _records(six=_RERAISE)
    assert {(line, template) for _, _, line, template in got} == {(7, "{value}"), (8, "{value}")}


_CONDITIONAL = """
class Parser:
    def _handle_error(self, text, error_class, line):
        error = error_class(text + " at line %s." % line)
        if self.raise_errors:
            raise error
        self._errors.append(error)

    def parse(self, line):
        self._handle_error("Invalid line", ValueError, line)
"""


def test_a_helper_raising_the_class_under_a_condition_is_left_as_it_was() -> None:
    # ``if self.raise_errors: raise error``, else kept for a raise elsewhere: not the callers'
    # raise, so the helper's statement stays an object built elsewhere
    got = _records(parser=_CONDITIONAL)
    assert all(exc == UNKNOWN_EXC_TYPE for _, exc, _, _ in got)


_PLAIN_CALLS = """
def total(items):
    count = len(items)
    parts = sorted(items)
    if not count:
        raise ValueError("no items")
    return parts


def built(kind):
    error = Malformed(kind)
    raise error
"""


def test_the_raised_names_are_walked_only_for_a_call_that_may_build_the_raised_exception(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # ``count = len(items)`` names no class, no builder and no parameter: what the function
    # raises is not read for it (a walk of the function's blocks); ``error = Malformed(kind)``
    # builds what ``raise error`` raises, so its function's raised names are read, once
    walked: list[str] = []
    real = visitor._raised_names

    def counted(node: ast.AST) -> frozenset[str]:
        walked.append(getattr(node, "name", ""))
        return real(node)

    monkeypatch.setattr(visitor, "_raised_names", counted)
    got = _records(plain=_PLAIN_CALLS)
    assert walked == ["built"]
    assert ("pkg/plain.py", "Malformed", 12, "{kind}") in got
    assert ("pkg/plain.py", "ValueError", 6, "no items") in got
