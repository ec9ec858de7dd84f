"""An exception whose ``__init__`` warns its own text before ``super().__init__(msg)``
(pytest-socket 0.8's ``SocketConnectBlockedError``) is catalogued twice with the same words:
the ``warnings.warn`` call in the constructor and the raise that builds the class. The two
templates hold the same literals, so only the tie-break priors order them. When the paste names
the raised class as a word without it being read as the type (a VS Code line ``Failed:
[undefined]pkg.Error: text``, a pytest listing's ``> raise Error(...)`` above a test's own
``E`` wording), the exception is what it shows and the raise goes first; a pasted warning (its
category printed) keeps the warning first (issue #10, issues41's pytest-socket-004/-005). On a
real package indexed in the test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import package_matcher

from errdex.match import Matcher

CODE = """\
import warnings


class HostBlockedError(RuntimeError):
    def __init__(self, allowed, host):
        allowed_str = ",".join(allowed)
        msg = f'A test tried to connect to host "{host}" (allowed: "{allowed_str}").'
        warnings.warn(msg, stacklevel=2)
        super().__init__(msg)


def _host_of(args):
    return args[0][0] if args else None


def allow_hosts(allowed):
    def _guarded_connect(inst, *args):
        host = _host_of(args)
        if host in allowed:
            return None
        raise HostBlockedError(allowed, _host_of(args))

    return _guarded_connect
"""

TEXT = 'A test tried to connect to host "10.0.0.7" (allowed: "127.0.0.1").'


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    with package_matcher(tmp_path_factory.mktemp("warned_raise"), {"netguard/__init__.py": CODE}) as m:
        yield m


def _first(matcher: Matcher, paste: str) -> tuple[str, str]:
    res = matcher.explain(paste)
    assert res.matches, res.verdict
    return res.matches[0].kind, res.matches[0].function


def test_the_class_after_a_test_id_puts_its_raise_above_the_constructors_warning(matcher: Matcher) -> None:
    # VS Code's line, then pytest's report of the test, cut in a dependency's frame: the line
    # is read as text before the traceback, its class not as a type
    paste = (
        f"./tests/test_api.py::test_get[pyloop] Failed: [undefined]netguard.HostBlockedError: {TEXT}\n"
        "client = <app.Client object at 0x7f46905c1db0>\n"
        "\n"
        "    async def test_get(client):\n"
        ">       devices = await client.get_devices()\n"
        "\n"
        "tests/test_api.py:18: \n"
        "_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ \n"
        "app/api.py:43: in get_devices\n"
        "    response = await query\n"
        "lib/python3.10/site-packages/aiohttp/connector.py:535: in connect\n"
        "    proto = await self._create_connection(req, traces, timeou"
    )
    assert _first(matcher, paste) == ("error", "allow_hosts.<locals>._guarded_connect")


def test_a_shown_raise_line_names_the_class_over_a_reworded_e_line(matcher: Matcher) -> None:
    # an older release's statement (``host``, not ``_host_of(args)``): no frame lands on the raise
    paste = (
        "    def _guarded_connect(inst, *args):\n"
        "        host = _host_of(args)\n"
        "        if host in allowed:\n"
        "            return None\n"
        ">       raise HostBlockedError(allowed, host)\n"
        f"E       Failed to send request: {TEXT}"
    )
    res = matcher.explain(paste)
    top = res.matches[0]
    assert (top.kind, top.function) == ("error", "allow_hosts.<locals>._guarded_connect")
    assert any("names this raise's class (HostBlockedError)" in r for r in top.reasons), top.reasons


def test_a_pasted_warning_keeps_the_warning_first(matcher: Matcher) -> None:
    paste = f"tests/test_api.py:12: UserWarning: {TEXT}\n  conn.connect(('10.0.0.7', 80))"
    assert _first(matcher, paste) == ("warning", "HostBlockedError.__init__")


def test_the_text_alone_names_no_class_and_leaves_the_order_to_the_priors(matcher: Matcher) -> None:
    # nothing in the paste says which was printed: the rule does not apply (the warning's
    # public constructor is ahead of the private nested function by the priors)
    assert _first(matcher, TEXT) == ("warning", "HostBlockedError.__init__")
