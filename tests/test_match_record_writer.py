"""A log record that several log calls print alike, over the traceback the call added
(issues49-issues71 uvicorn-004): uvicorn logs ``Exception in ASGI application`` from the
``run_asgi`` of each protocol (h11, httptools, the websockets ones), ``logger.error(msg,
exc_info=exc)`` in some and ``logger.exception(msg)`` in others. The traceback under the
record is the exception the logging function caught, and it starts at that function's frame:
the log call there wrote the record, whatever the tie says. The paste came from a Docker log,
a timestamp on every line of an ExceptionGroup's traceback (its ``+``/``|`` rails after it)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from index_helpers import first, package_matcher

from errdex.match import Matcher
from errdex.match.matcher import RECORD_WRITER
from errdex.match.parse import parse

# one protocol module per transport, each logging the same words from its own ``run_asgi``
PROTOCOL = """\
import logging

logger = logging.getLogger("srv.error")


class {cls}:
    def __init__(self, app):
        self.app = app

    async def run_asgi(self):
        try:
            result = await self.app(self.scope)
        except BaseException as exc:
            msg = "Exception in ASGI application\\n"
            {log}
            self.close()
        else:
            return result

    def close(self):
        pass
"""

MIDDLEWARE = """\
class ProxyHeaders:
    def __init__(self, app):
        self.app = app

    async def __call__(self, scope):
        return await self.app(scope)
"""

# file -> class of its protocol, and how it logs (``exception`` prints ERROR as ``error`` does)
PROTOCOLS = {
    "srv/http/h11_impl.py": ("H11Cycle", "logger.error(msg, exc_info=exc)"),
    "srv/http/tools_impl.py": ("ToolsCycle", "logger.error(msg, exc_info=exc)"),
    "srv/ws/ws_impl.py": ("WSProtocol", "logger.exception(msg)"),
}


@pytest.fixture(scope="module")
def srv(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    files = {
        "srv/__init__.py": "",
        "srv/http/__init__.py": "",
        "srv/ws/__init__.py": "",
        "srv/middleware.py": MIDDLEWARE,
    }
    for path, (cls, log) in PROTOCOLS.items():
        files[path] = PROTOCOL.format(cls=cls, log=log)
    with package_matcher(Path(tmp_path_factory.mktemp("recordwriter")), files) as m:
        yield m


# the record, then the traceback ``exc_info`` adds, cut after two frames (no error line)
RECORD = "ERROR:    Exception in ASGI application\nTraceback (most recent call last):\n"
RUN_ASGI = """\
  File "/app/.venv/lib/python3.12/site-packages/{path}", line 12, in run_asgi
    result = await self.app(self.scope)
"""
MIDDLEWARE_FRAME = """\
  File "/app/.venv/lib/python3.12/site-packages/srv/middleware.py", line 6, in __call__
    return await self.app(scope)"""


def paste(path: str) -> str:
    """The record over a traceback starting in ``path``'s ``run_asgi``."""
    return RECORD + RUN_ASGI.format(path=path) + MIDDLEWARE_FRAME


@pytest.mark.parametrize("path", sorted(PROTOCOLS))
def test_the_log_call_in_the_traceback_s_first_frame_wrote_the_record(srv: Matcher, path: str) -> None:
    res = srv.explain(paste(path))
    top = first(res)
    assert (top.path, top.function) == (path, f"{PROTOCOLS[path][0]}.run_asgi"), top.reasons
    # no longer one of a tie: the first frame told the sites apart
    assert not top.tied_with and RECORD_WRITER in top.reasons and res.tie == 0
    assert "tie" not in res.verdict
    # the other log calls of the words stay below it
    assert {m.path for m in res.matches[1:3]} == set(PROTOCOLS) - {path}


def test_the_record_alone_is_a_tie(srv: Matcher) -> None:
    # without the traceback nothing tells the three calls apart
    res = srv.explain("ERROR:    Exception in ASGI application")
    assert res.tie >= 2 and not first(res).approximate


def test_a_first_frame_in_no_logging_function_leaves_the_tie(srv: Matcher) -> None:
    # the traceback starts in the middleware, which logs nothing: the record is no frame's
    text = RECORD + MIDDLEWARE_FRAME
    res = srv.explain(text)
    assert res.tie >= 2 and RECORD_WRITER not in first(res).reasons


STAMPED_GROUP = """\
ERROR:    Exception in ASGI application
2025-05-20 19:21:36   + Exception Group Traceback (most recent call last):
2025-05-20 19:21:36   |   File "/app/.venv/lib/python3.12/site-packages/srv/http/h11_impl.py", line 12, in run_asgi
2025-05-20 19:21:36   |     result = await self.app(self.scope)
2025-05-20 19:21:36   |              ^^^^^^^^^^^^^^^^^^^^^^^^^^
2025-05-20 19:21:36   |   File "/app/.venv/lib/python3.12/site-packages/srv/middleware.py", line 6, in __call__
2025-05-20 19:21:36   |     return await self.app(scope)
2025-05-20 19:21:36   |            ^^^^^^^^^^^^^^^^^^^^^"""


def test_a_log_viewer_s_timestamps_come_off_an_exception_group_s_traceback() -> None:
    # the stamp stands on the traceback's own lines, behind the group's rails
    q = parse(STAMPED_GROUP)
    frames = [f for b in q.blocks for f in b.frames]
    assert [(f.function, f.line) for f in frames] == [("run_asgi", 12), ("__call__", 6)]
    assert not any("2025-05-20" in b.message for b in q.blocks)


def test_the_stamped_group_paste_is_answered_by_its_first_frame(srv: Matcher) -> None:
    top = first(srv.explain(STAMPED_GROUP))
    assert (top.path, top.function) == ("srv/http/h11_impl.py", "H11Cycle.run_asgi"), top.reasons
