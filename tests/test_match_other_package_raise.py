"""A traceback whose last frame is another installed package's own raise of a new exception
(h2's ``raise StreamClosedError(self.stream_id)`` under grpclib's ``end()``): that package made
the error, as the standard library makes its own, so the catalogue's raise of the same text (a
class imported from there, raised with the same words) is no exact answer. Frames first (acc180):
the library's call into that package is the first answer, approximate, and the library's raise
of the same words follows, approximate, saying the traceback ends outside the library. A
re-raise of a stored error in that package, or a last frame in the library itself, keeps the
library's raise."""

from __future__ import annotations

import pytest
from test_match_rules import entry

from errdex.match import Matcher

CLOSED = entry(
    ["stream closed"], exc_type="StreamClosedError", path="wire/protocol.py", function="Stream.send_headers"
)

PASTE = (
    "Traceback (most recent call last):\n"
    '  File "/srv/app/watch.py", line 12, in sender\n'
    "    await stream.end()\n"
    '  File "/usr/lib/python3.11/site-packages/wire/protocol.py", line 461, in end\n'
    "    self._h2_connection.end_stream(self.id)\n"
    '  File "/usr/lib/python3.11/site-packages/{pkg}/stream.py", line 348, in send_on_closed_stream\n'
    "{source}"
    "{pkg}.exceptions.StreamClosedError: stream closed\n"
)


@pytest.fixture(scope="module")
def matcher() -> Matcher:
    return Matcher.from_entries([CLOSED])


def test_another_packages_own_raise_rules_out_the_librarys_copy(matcher: Matcher) -> None:
    res = matcher.explain(PASTE.format(pkg="h2x", source='    raise StreamClosedError("stream closed")\n'))
    assert res.matches and all(m.approximate for m in res.matches), [m.reasons for m in res.matches]
    call, copy = res.matches[0], res.matches[1]
    assert (call.kind, call.path, call.line) == ("call", "wire/protocol.py", 461)
    assert copy.function == "Stream.send_headers"
    assert any(r.startswith("traceback ends outside the library") for r in copy.reasons), copy.reasons


def test_a_stored_error_re_raised_there_keeps_the_librarys_raise(matcher: Matcher) -> None:
    # ``raise self._error`` hands back an error made elsewhere, perhaps by the library
    res = matcher.explain(PASTE.format(pkg="h2x", source="    raise self._error\n"))
    assert res.matches[0].path == "wire/protocol.py" and not res.matches[0].approximate


def test_a_last_frame_in_the_library_keeps_its_raise(matcher: Matcher) -> None:
    res = matcher.explain(PASTE.format(pkg="wire", source='    raise StreamClosedError("stream closed")\n'))
    assert res.matches[0].path == "wire/protocol.py" and not res.matches[0].approximate


def test_the_librarys_own_older_file_in_an_egg_keeps_its_raise(matcher: Matcher) -> None:
    # an old release's file (since moved) below ``Wire-0.1-py2.7.egg/wire/``: a folder of that
    # path is the library's own package, so the raise shown is the library's
    paste = (
        "Traceback (most recent call last):\n"
        '  File "/usr/local/lib/python2.7/dist-packages/Wire-0.1-py2.7.egg/wire/oldstream.py", line 43, in create\n'
        '    raise StreamClosedError("stream closed")\n'
        "StreamClosedError: stream closed\n"
    )
    res = matcher.explain(paste)
    assert res.matches[0].path == "wire/protocol.py" and not res.matches[0].approximate
