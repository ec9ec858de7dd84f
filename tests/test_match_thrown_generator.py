"""A traceback whose first frame is a generator stopped at its ``yield``: a ``@contextmanager``
that maps what its ``with`` block raised to the library's own class (httpx's
``map_httpcore_exceptions``). ``__exit__`` throws the block's exception into the generator, so
Python puts the generator's frame, at the ``yield``, at the head of that exception's trail. When
the paste goes on with the traceback of the exception raised from it, cut before its exception
line, the generator's handler made that exception: its raise of the pasted class is the site,
not the deepest library frame's call into a package the catalogue does not hold. Without the
later traceback the pasted exception went through the generator unchanged, and the rule stays
out. On a real package indexed in the test (issue #10 item 6, frames first)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import first, package_matcher

from errdex.match import Matcher

ERRORS = """\
class TransportError(Exception):
    pass


class UnsupportedProtocol(TransportError):
    pass


class ConnectError(TransportError):
    pass
"""

TRANSPORT = """\
import contextlib

import corelib

from .errors import ConnectError, UnsupportedProtocol

CORE_EXC_MAP = {
    corelib.UnsupportedProtocol: UnsupportedProtocol,
    corelib.ConnectError: ConnectError,
}


@contextlib.contextmanager
def map_core_exceptions():
    try:
        yield
    except Exception as exc:
        mapped_exc = None
        for from_exc, to_exc in CORE_EXC_MAP.items():
            if isinstance(exc, from_exc):
                mapped_exc = to_exc
        if mapped_exc is None:
            raise
        message = str(exc)
        raise mapped_exc(message) from exc


class Transport:
    def __init__(self, pool):
        self._pool = pool

    def handle_request(self, request):
        if not isinstance(request, str):
            raise TypeError("the request must be a URL")
        with map_core_exceptions():
            resp = self._pool.handle_request(request)
        return resp
"""

_SITE = "/usr/lib/python3.10/site-packages"
# the cause's traceback: the generator's frame at its ``yield`` first, then the ``with`` block's
CAUSE = f"""\
Traceback (most recent call last):
  File "{_SITE}/lib/transport.py", line 16, in map_core_exceptions
    yield
  File "{_SITE}/lib/transport.py", line 35, in handle_request
    resp = self._pool.handle_request(request)
  File "{_SITE}/corelib/pool.py", line 214, in handle_request
    raise UnsupportedProtocol(
corelib.UnsupportedProtocol: Request URL is missing an 'http://' or 'https://' protocol.
"""
# the exception raised from it, its traceback cut before its own exception line
PASTE = f"""{CAUSE}
The above exception was the direct cause of the following exception:

Traceback (most recent call last):
  File "/home/u/app/client.py", line 95, in _send
    response = transport.handle_request(url)
  File "{_SITE}/lib/transport.py", line 35, in handle_request
    resp = self._pool.handle_request(request)
"""


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    files = {"lib/__init__.py": "", "lib/errors.py": ERRORS, "lib/transport.py": TRANSPORT}
    with package_matcher(tmp_path_factory.mktemp("thrown_generator"), files) as m:
        yield m


def test_the_generator_thrown_into_made_the_exception_the_paste_goes_on_with(matcher: Matcher) -> None:
    res = matcher.explain(PASTE)
    top = first(res)
    assert (top.function, top.line) == ("map_core_exceptions", 25), [
        (m.function, m.line) for m in res.matches
    ]
    assert any("thrown into at its yield" in r for r in top.reasons), top.reasons


def test_without_a_later_exception_the_generator_passed_it_on(matcher: Matcher) -> None:
    # the cause alone: it left the generator as it came in, so the generator's raise did not
    # make it, and the library's call into the package below is still its site
    res = matcher.explain(CAUSE)
    top = first(res)
    assert top.function != "map_core_exceptions", [(m.function, m.line) for m in res.matches]
    assert (top.kind, top.line) == ("call", 35), [(m.kind, m.function, m.line) for m in res.matches]
