"""An object that raises itself (``raise self`` in a method: gRPC's rendezvous objects are at
once the call and the error it ended with) is an instance of the method's class, which Python
prints on the traceback's last line; and a repr printed over several lines ends on a line
holding its closing ``>`` alone, which is the message's, not pytest's marker of a source line.
On a real catalogue indexed from fixture code."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import package_matcher

from errdex.match import Matcher
from errdex.match.parse import parse

# two sibling classes, each raising itself from a method of one name: the frame (``_next`` in
# this file) and the text (the object's own str) are the same for both; only the class differs
CHANNEL = """\
class RpcError(Exception):
    pass


class _Rendezvous(RpcError):
    def __init__(self, state):
        self._state = state

    def __str__(self):
        return "<{} of RPC that terminated with:\\n\\tstatus = {}\\n>".format(
            type(self).__name__, self._state
        )


class _SingleRendezvous(_Rendezvous):
    def _next(self):
        if self._state is None:
            raise StopIteration()
        raise self


class _MultiRendezvous(_Rendezvous):
    def _next(self):
        if self._state is None:
            raise StopIteration()
        raise self
"""

REPORT = """\
<{cls} of RPC that terminated with:
    status = StatusCode.CANCELLED
    details = "Locally cancelled by application!"
>"""


def traceback(cls: str) -> str:
    return (
        "Traceback (most recent call last):\n"
        '  File "/usr/lib/python3/site-packages/lib/channel.py", line 40, in _next\n'
        "    raise self\n"
        f"lib.channel.{cls}: " + REPORT.format(cls=cls)
    )


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    with package_matcher(
        tmp_path_factory.mktemp("raiseself"), {"__init__.py": "", "channel.py": CHANNEL}
    ) as m:
        yield m


def test_a_repr_closed_by_a_line_of_its_own_is_the_message() -> None:
    q = parse(traceback("_MultiRendezvous"))
    assert q.exc_types == ["lib.channel._MultiRendezvous"]
    assert q.message.startswith("<_MultiRendezvous of RPC that terminated with:")
    assert q.message.endswith("\n>")


def test_a_marker_with_source_after_it_is_still_pytests() -> None:
    q = parse(
        "    def test_it():\n"
        ">       assert f() == 2\n"
        "E       assert 1 == 2\n"
        "\n"
        "tests/test_a.py:5: AssertionError"
    )
    assert q.exc_types == ["AssertionError"]
    assert q.message == "assert 1 == 2"


@pytest.mark.parametrize(
    ("cls", "site"),
    [("_MultiRendezvous", "_MultiRendezvous._next"), ("_SingleRendezvous", "_SingleRendezvous._next")],
)
def test_raise_self_is_of_the_methods_class(matcher: Matcher, cls: str, site: str) -> None:
    res = matcher.explain(traceback(cls))
    assert res.matches, res.verdict
    assert res.matches[0].function == site
    assert res.matches[0].exc_type == cls
    assert f"exception type agrees ({cls})" in res.matches[0].reasons
