"""A named re-raise of a caught exception (``except BusError as error: raise error``) makes no
message: the object it raises was built, with its text, by a raise its ``try`` body reached.
When a paste names the class the handler catches (an older release raised that base class
itself; today only its subclasses are raised) and another raise of the codebase, of a class that
handler catches, places its own words from the message's start, that raise made the message: the
re-raise is no longer "the only raise of the pasted class that fits" and so no exact answer
(issue #10, issues39's python-can ``ucanbus.py`` re-raise). A message no raise's words fit keeps
the re-raise's sole-raise answer. On a real package indexed in the test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import package_matcher

from errdex.match import Matcher

CODE = """\
class BusError(Exception):
    pass


class BusOperationError(BusError):
    pass


def receive(sock):
    try:
        return sock.recv(16)
    except OSError as error:
        raise BusOperationError(f"Error receiving: {error.strerror}") from error


class Bus:
    def __init__(self, channel):
        try:
            self.sock = open_channel(channel)
        except BusError as error:
            raise error


def open_channel(channel):
    if not channel:
        raise BusOperationError("no channel given")
    return channel
"""


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    with package_matcher(tmp_path_factory.mktemp("named_reraise"), {"canbus/__init__.py": CODE}) as m:
        yield m


def test_the_raise_that_made_the_message_outranks_a_named_reraise(matcher: Matcher) -> None:
    res = matcher.explain("canbus.BusError: Error receiving: [Errno 100] Network is down")
    sites = [(m.function, m.approximate) for m in res.matches]
    assert sites and sites[0][0] == "receive", sites
    reraise = [m for m in res.matches if m.function == "Bus.__init__"]
    assert all(m.approximate for m in reraise), sites


def test_a_message_no_raise_writes_keeps_the_reraise_as_the_sole_raise(matcher: Matcher) -> None:
    # no template's words fit: Python printed the class, and only the re-raise raises it
    res = matcher.explain("canbus.BusError: the adapter firmware answered 0x42")
    assert res.matches, res.verdict
    top = res.matches[0]
    assert top.function == "Bus.__init__" and not top.approximate, [
        (m.function, m.reasons) for m in res.matches
    ]
