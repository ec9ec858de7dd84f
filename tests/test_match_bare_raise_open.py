"""A traceback whose last frame prints a raise that names only its class, on a real catalogue
indexed from fixture code: the opening of a raise (``raise StateError(``, the text on the lines
below it in that release), or a raise of the class itself (``raise EndOfStream``, no call and no
text). In this release the frame's own function raises the class in another statement, and
another function of the file raises it exactly as printed. The printed line names only a class,
so the other function's raise is no evidence; the frame's function and the text decide."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import first, package_matcher

from errdex.match import Matcher

LIB = """\
class StateError(Exception):
    pass


class Subscriptions:
    def __init__(self):
        self.kind = None
        self.assigned = {}

    def set_kind(self, kind):
        if self.kind in (None, kind):
            self.kind = kind
        else:
            raise StateError(
                "Subscription to topics, partitions and pattern are mutually exclusive"
            )

    def change(self, topics):
        self.topics = topics

    def assigned_state(self, part):
        state = self.assigned.get(part)
        if state is None:
            raise StateError(f"No current assignment for partition {part}")
        return state
"""

# the release before: ``assigned_state`` opened its raise on one line, the f-string below it
PASTE = """\
Traceback (most recent call last):
  File "/srv/app/consume.py", line 3, in <module>
    subs.assigned_state(part)
    ~~~~~~~~~~~~~~~~~~~^^^^^^
  File "/usr/lib/python3.11/site-packages/lib/subs.py", line 19, in assigned_state
    raise StateError(
lib.subs.StateError: No current assignment for partition Part(topic='raw', partition=4)
"""


STREAMS = """\
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
STREAMS_PASTE = """\
Traceback (most recent call last):
  File "/srv/app/middleware.py", line 78, in call_next
    message = await recv_stream.receive()
  File "/usr/local/lib/python3.11/site-packages/lib/memory.py", line 30, in receive
    raise EndOfStream
lib.memory.EndOfStream
"""

# (file, source, paste, the frame's function, the other function raising as printed, the
# paste's frame moved onto that other function's raise)
CASES = {
    "open": ("subs.py", LIB, PASTE, "Subscriptions.assigned_state", "Subscriptions.set_kind"),
    "class": ("memory.py", STREAMS, STREAMS_PASTE, "Receiver.receive", "Receiver.receive_nowait"),
}


def _onto_other(kind: str) -> str:
    """The paste with its last frame on the other function's raise, the text that one's."""
    if kind == "open":
        return PASTE.replace("line 19, in assigned_state", "line 14, in set_kind").replace(
            "No current assignment for partition Part(topic='raw', partition=4)",
            "Subscription to topics, partitions and pattern are mutually exclusive",
        )
    return STREAMS_PASTE.replace("line 30, in receive", "line 18, in receive_nowait")


@pytest.fixture(scope="module", params=sorted(CASES))
def case(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[str, Matcher]]:
    name, source = CASES[request.param][:2]
    with package_matcher(tmp_path_factory.mktemp(f"bare_{request.param}"), {name: source}) as m:
        yield request.param, m


def test_a_printed_class_only_raise_names_no_other_functions_raise(case: tuple[str, Matcher]) -> None:
    kind, matcher = case
    _name, _src, paste, own, other = CASES[kind]
    res = matcher.explain(paste)
    assert first(res).function == own, [m.function for m in res.matches]
    elsewhere = [m for m in res.matches if m.function == other]
    assert not any("on the raise statement itself" in r for m in elsewhere for r in m.reasons)


def test_a_printed_class_only_raise_in_its_own_function_still_lands(case: tuple[str, Matcher]) -> None:
    # the frame names the function whose raise reads as printed: that statement is the site
    kind, matcher = case
    assert first(matcher.explain(_onto_other(kind))).function == CASES[kind][4]
