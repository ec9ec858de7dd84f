"""A context manager that wraps what its ``with`` block raised in a new exception and gives it
the caught one's trail (``raise ValidationError(e, ctx=msg).with_traceback(tb) from None``):
Python prints the frames down to that raise, then the caught exception's, down to its own raise
of the same class. The pasted exception was made at the wrapping raise, whatever the class of
the raise below it (issue #10 item 6: the raise the frames name is the last traceback's own).
On a real folder indexed in the test, with the traceback Python 3.13 printed for its code."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from errdex.match import Matcher
from errdex.store import Store

CODE = """\
import contextlib


class ValidationError(ValueError):
    def __init__(self, error_msg, ctx=None):
        super().__init__(error_msg)
        self.error_msg = error_msg
        self.ctx = ctx

    def __str__(self):
        out = "\\n"
        err = self
        while err.ctx is not None:
            out += f"==> {err.ctx}\\n"
            err = err.error_msg
        return out + f"=====> {err.error_msg}"


@contextlib.contextmanager
def validate_context(msg):
    try:
        yield
    except ValidationError as e:
        _, _, tb = sys.exc_info()
        raise ValidationError(e, ctx=msg).with_traceback(tb) from None


def check_type(tp, v):
    if not isinstance(v, tp):
        raise ValidationError(f"Expected {tp.__name__} got {type(v).__name__}")


def check_key(dct, key, tp):
    with validate_context(f"At key: {key}"):
        check_type(tp, dct[key])


import sys
"""

_SITE = "/venv/lib/python3.13/site-packages/confv/__init__.py"
# ``confv.check_key({"repo": 42}, "repo", str)``, as Python 3.13 printed it
PASTE = f"""\
Traceback (most recent call last):
  File "/home/u/main.py", line 3, in <module>
    confv.check_key({{"repo": 42}}, "repo", str)
    ~~~~~~~~~~~~~~~^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "{_SITE}", line 34, in check_key
    with validate_context(f"At key: {{key}}"):
         ~~~~~~~~~~~~~~~~^^^^^^^^^^^^^^^^^^
  File "/usr/lib/python3.13/contextlib.py", line 162, in __exit__
    self.gen.throw(value)
    ~~~~~~~~~~~~~~^^^^^^^
  File "{_SITE}", line 25, in validate_context
    raise ValidationError(e, ctx=msg).with_traceback(tb) from None
  File "{_SITE}", line 22, in validate_context
    yield
  File "{_SITE}", line 35, in check_key
    check_type(tp, dct[key])
    ~~~~~~~~~~^^^^^^^^^^^^^^
  File "{_SITE}", line 30, in check_type
    raise ValidationError(f"Expected {{tp.__name__}} got {{type(v).__name__}}")
confv.ValidationError:
==> At key: repo
=====> Expected str got int"""


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    from errdex.pipeline import index

    root = tmp_path_factory.mktemp("context_reraise")
    pkg = root / "src" / "confv"  # indexed above the package: its paths are confv/...
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text(CODE)
    db = str(root / "c.db")
    index(str(root / "src"), db, jobs=1)
    with Store.open(db) as store:
        yield Matcher.load(store)


def test_a_context_manager_wrapping_its_blocks_error_made_the_pasted_exception(matcher: Matcher) -> None:
    res = matcher.explain(PASTE)
    assert res.matches, res.verdict
    top = res.matches[0]
    assert (top.function, top.line) == ("validate_context", 25), [(m.function, m.line) for m in res.matches]
    assert not top.approximate


def test_the_caught_exceptions_raise_decides_when_no_new_exception_is_made(matcher: Matcher) -> None:
    # the same trail given back to the caught exception itself (``raise e.with_traceback(tb)``):
    # the deepest raise made it, as before
    paste = PASTE.replace(
        "raise ValidationError(e, ctx=msg).with_traceback(tb) from None", "raise e.with_traceback(tb)"
    )
    res = matcher.explain(paste.replace("==> At key: repo\n", ""))
    assert res.matches, res.verdict
    assert res.matches[0].function == "check_type"
