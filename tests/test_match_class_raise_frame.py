"""A traceback whose last frame prints a raise of a class itself (``raise EndOfStream``, no call
and no text) from an older release, on a real catalogue indexed from fixture code: in this
release another function of the file raises that class with the same statement, and the
frame's own function raises it as ``raise EndOfStream from None``. The printed line names only
a class, so the other function's raise is no evidence; the function the frame names wins."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import first, package_matcher

from errdex.match import Matcher

LIB = """\
class EndOfStream(Exception):
    pass


class WouldBlock(Exception):
    pass


class Receiver:
    def __init__(self):
        self.buffer = []
        self.closed = False
        self.item = None

    def receive_nowait(self):
        if self.buffer:
            return self.buffer.pop(0)
        if self.closed:
            raise EndOfStream
        raise WouldBlock

    async def receive(self):
        try:
            return self.receive_nowait()
        except WouldBlock:
            pass
        try:
            return self.item
        except AttributeError:
            raise EndOfStream from None
"""

# the release before: ``receive`` raised the class bare, on line 30
PASTE = """\
Traceback (most recent call last):
  File "/srv/app/middleware.py", line 78, in call_next
    message = await recv_stream.receive()
  File "/usr/local/lib/python3.11/site-packages/lib/memory.py", line 30, in receive
    raise EndOfStream
lib.memory.EndOfStream
"""


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    with package_matcher(tmp_path_factory.mktemp("class_raise"), {"memory.py": LIB}) as m:
        yield m


def test_a_printed_class_raise_names_no_other_functions_raise(matcher: Matcher) -> None:
    res = matcher.explain(PASTE)
    assert first(res).function == "Receiver.receive", [m.function for m in res.matches]
    other = [m for m in res.matches if m.function == "Receiver.receive_nowait"]
    assert not any("on the raise statement itself" in r for m in other for r in m.reasons)


def test_a_printed_class_raise_in_its_own_function_still_lands(matcher: Matcher) -> None:
    # the frame names the function whose raise reads as printed: that statement is the site
    paste = PASTE.replace("line 30, in receive", "line 18, in receive_nowait")
    assert first(matcher.explain(paste)).function == "Receiver.receive_nowait"
