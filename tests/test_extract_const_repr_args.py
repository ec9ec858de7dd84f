"""A constant of another module handed as one of several exception arguments is printed as its
repr in the tuple ``BaseException.__str__`` shows, not left a placeholder any value fits.

portalocker raises ``AlreadyLocked(exceptions.LockException.LOCK_FAILED, exc_value.strerror)``
on Windows (``LOCK_FAILED: typing.Final = 1``) and ``AlreadyLocked(exc_value, str(exc_value))``
on POSIX. With the constant a ``{...!r}`` placeholder, the Windows sites fit the POSIX message
``(BlockingIOError(11, '...'), '[Errno 11] ...')`` as well and ranked first (the constant
is set by a base class, and the arguments reach ``Exception.__init__`` through ``*args``). Printed as ``1``
(or ``'1'``: digits alone do not say int from str) they do not fit it. On a real catalogue
indexed from fixture code."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import package_matcher

from errdex.match import Matcher

ERRORS = """\
import typing


class BaseLockException(Exception):
    LOCK_FAILED: typing.Final = 1

    def __init__(self, *args, fh=None, **kwargs):
        self.fh = fh
        Exception.__init__(self, *args)


class LockException(BaseLockException):
    REASON = "lock held"


class AlreadyLocked(LockException):
    def __init__(self, *args, holder_pid=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.holder_pid = holder_pid
"""

LOCKERS = """\
from . import errors
from .errors import LockException


def lock_windows(exc_value):
    raise errors.AlreadyLocked(errors.LockException.LOCK_FAILED, exc_value.strerror)


def lock_posix(exc_value):
    raise errors.AlreadyLocked(exc_value, str(exc_value))


def lock_held(name):
    raise errors.AlreadyLocked(LockException.REASON, name)
"""

POSIX = (
    "locks.errors.AlreadyLocked: (BlockingIOError(11, 'Resource temporarily unavailable'), "
    "'[Errno 11] Resource temporarily unavailable')"
)


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    files = {"locks/__init__.py": "", "locks/errors.py": ERRORS, "locks/lockers.py": LOCKERS}
    with package_matcher(tmp_path_factory.mktemp("constrepr"), files) as m:
        yield m


def test_a_sibling_with_a_constant_argument_does_not_fit_an_object_repr(matcher: Matcher) -> None:
    res = matcher.explain(POSIX)
    assert res.matches and res.matches[0].function == "lock_posix", [
        (m.function, m.template) for m in res.matches
    ]
    windows = [m for m in res.matches if m.function == "lock_windows"]
    assert all(m.template.startswith(("(1, ", "('1', ")) for m in windows), [m.template for m in windows]


def test_the_constant_is_its_repr(matcher: Matcher) -> None:
    res = matcher.explain("locks.errors.AlreadyLocked: (1, 'Resource temporarily unavailable')")
    assert res.matches and res.matches[0].function == "lock_windows"
    held = matcher.explain("locks.errors.AlreadyLocked: ('lock held', '/tmp/app.lock')")
    assert held.matches and held.matches[0].function == "lock_held"
    assert not held.matches[0].approximate
