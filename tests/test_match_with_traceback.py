"""``raise error.with_traceback(tb)`` gives a new exception the traceback of one caught: Python
prints the frames down to that raise, then the caught exception's, down to where that one was
raised. The pasted exception was raised at the ``with_traceback`` frame (a helper raising the
class its caller names, with the caught error's trail); the deepest frame is the caught error's
raise, of another class, and names no site of the pasted one. A re-raise of the caught exception
itself (six's ``reraise(*sys.exc_info())``) keeps its deepest frame: that is where it began. On
a real folder indexed in the test, with the tracebacks Python 3.13 printed for its code."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from errdex.match import Matcher
from errdex.store import Store

ERRORS = """\
import sys


class SerializationError(Exception):
    pass


def raise_with_traceback(exception, message="", *args):
    exc_type, exc_value, exc_traceback = sys.exc_info()
    exc_msg = "{}, {}: {}".format(message, exc_type.__name__, exc_value)
    error = exception(exc_msg, *args)
    raise error.with_traceback(exc_traceback)


def reraise(tp, value, tb):
    raise value.with_traceback(tb)
"""

CORE = """\
import sys

from .errors import SerializationError, raise_with_traceback, reraise


def body(data):
    try:
        return parse_bool(data)
    except TypeError as err:
        raise_with_traceback(SerializationError, "Unable to build a model")


def load(data):
    try:
        return parse_bool(data)
    except TypeError:
        reraise(*sys.exc_info())


def parse_bool(attr):
    if attr not in ("true", "false"):
        raise TypeError("Invalid boolean value: {}".format(attr))
    return attr == "true"
"""

_SITE = "/venv/lib/python3.13/site-packages/serial"
_CAUGHT = f"""\
  File "{_SITE}/core.py", line 8, in body
    return parse_bool(data)
           ^^^^^^^^^^^^^^^^
  File "{_SITE}/core.py", line 22, in parse_bool
    raise TypeError("Invalid boolean value: {{}}".format(attr))"""

# ``body("maybe")``: the helper's SerializationError, raised with the TypeError's traceback
GIVEN = f"""\
Traceback (most recent call last):
  File "<string>", line 2, in <module>
  File "{_SITE}/core.py", line 10, in body
    raise_with_traceback(SerializationError, "Unable to build a model")
  File "{_SITE}/errors.py", line 12, in raise_with_traceback
    raise error.with_traceback(exc_traceback)
{_CAUGHT}
serial.errors.SerializationError: Unable to build a model, TypeError: Invalid boolean value: maybe"""

# ``load("maybe")``: the TypeError itself, raised again with its own traceback
REVIVED = f"""\
Traceback (most recent call last):
  File "<string>", line 2, in <module>
  File "{_SITE}/core.py", line 17, in load
    reraise(*sys.exc_info())
  File "{_SITE}/errors.py", line 16, in reraise
    raise value.with_traceback(tb)
  File "{_SITE}/core.py", line 15, in load
    return parse_bool(data)
           ^^^^^^^^^^^^^^^^
  File "{_SITE}/core.py", line 22, in parse_bool
    raise TypeError("Invalid boolean value: {{}}".format(attr))
TypeError: Invalid boolean value: maybe"""


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    from errdex.pipeline import index

    root = tmp_path_factory.mktemp("with_traceback")
    pkg = root / "src" / "serial"  # indexed above the package: its paths are serial/...
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "errors.py").write_text(ERRORS)
    (pkg / "core.py").write_text(CORE)
    db = str(root / "c.db")
    index(str(root / "src"), db, jobs=1)
    with Store.open(db) as store:
        yield Matcher.load(store)


@pytest.mark.parametrize("cut", [False, True])
def test_an_exception_given_a_caught_ones_traceback_was_raised_where_it_was_given(
    matcher: Matcher, cut: bool
) -> None:
    # ``cut``: the paste starts at the helper's frame, as a thread cut it
    paste = "\n".join(GIVEN.split("\n")[:1] + GIVEN.split("\n")[4:]) if cut else GIVEN
    res = matcher.explain(paste)
    assert res.matches, res.verdict
    top = res.matches[0]
    assert (top.path, top.exc_type) in {
        ("serial/core.py", "SerializationError"),
        ("serial/errors.py", "SerializationError"),
    }
    assert top.function != "parse_bool", [(m.function, m.exc_type, m.reasons) for m in res.matches]


def test_a_caught_exception_raised_again_with_its_traceback_began_at_the_deepest_frame(
    matcher: Matcher,
) -> None:
    res = matcher.explain(REVIVED)
    assert res.matches, res.verdict
    assert (res.matches[0].function, res.matches[0].exc_type) == ("parse_bool", "TypeError")
    assert not res.matches[0].approximate
