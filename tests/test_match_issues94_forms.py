"""Paste forms of issues10-issues94 (issue #10) on real catalogues indexed from fixture code:

- a traceback whose last frame prints a raise chained another way than the release chains it
  (python-socketio 5.7's ``raise exceptions.ConnectionError(exc.args[0]) from None``, 5.18's
  ``... from exc``; python-socketio-001/-002): the statement is still found, so its raise wins
  over another raise of the function whose literal merely resembles the text;
- a log line whose timestamp runs into a ``LEVEL:name:`` record by a colon, no blank between
  (``%(asctime)s:%(levelname)s:%(name)s:%(message)s``, Superset's format; sshtunnel-002): the
  time, level and logger name are the format's, not the message's;
- a log line between the reporter's ``----snip----`` marks (python-engineio-007): a cut mark on
  a line of its own is the reporter's, not the error's text.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from index_helpers import first, line_of, package_matcher

from errdex.match import Matcher
from errdex.match.frames import chained_forms
from errdex.match.parse import parse

CLIENT = """\
class ConnectionError(Exception):
    pass


class Client:
    def connect(self, url):
        try:
            self.eio.connect(url)
        except OSError as exc:
            raise ConnectionError(exc.args[0]) from exc
        if not self.namespaces:
            raise ConnectionError('Unexpected connection error')
"""

ASYNC_CLIENT = """\
from wsclient.client import ConnectionError


class AsyncClient:
    async def connect(self, url):
        try:
            await self.eio.connect(url)
        except OSError as exc:
            raise ConnectionError(exc.args[0]) from exc
"""

CHAINED_OTHERWISE = """\
Traceback (most recent call last):
  File "app.py", line 9, in <module>
    sio.connect(url)
  File "/venv/lib/python3.9/site-packages/wsclient/client.py", line 338, in connect
    raise ConnectionError(exc.args[0]) from None
wsclient.client.ConnectionError: Connection error"""

GATEWAY = """\
import logging

logger = logging.getLogger(__name__)


def open_gateway(host, port):
    try:
        connect(host, port)
    except OSError as e:
        logger.error('Could not reach gateway {0}:{1} : {2}'.format(host, port, e.args[0]))
"""

TIMESTAMPED = (
    "2024-05-23 18:50:30,316:ERROR:tunnelkit.gateway:Could not reach gateway bastion:22 : "
    "Error reading banner[Errno 104] Connection reset by peer"
)


SNIPPED = """\
----snip----
Could not reach gateway bastion:22 : timed out
----snip----"""


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    files = {
        "wsclient/__init__.py": "",
        "wsclient/client.py": CLIENT,
        "wsclient/async_client.py": ASYNC_CLIENT,
    }
    with package_matcher(Path(tmp_path_factory.mktemp("client")), files) as m:
        yield m


@pytest.fixture(scope="module")
def gateway(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    files = {"tunnelkit/__init__.py": "", "tunnelkit/gateway.py": GATEWAY}
    with package_matcher(Path(tmp_path_factory.mktemp("gateway")), files) as m:
        yield m


def test_a_chained_raise_is_tried_with_the_other_causes() -> None:
    forms = chained_forms("raise ConnectionError(exc.args[0]) from None")
    assert "raise ConnectionError(exc.args[0])" in forms
    assert "raise ConnectionError(exc.args[0]) from exc" in forms
    assert "raise ConnectionError(exc.args[0]) from None" not in forms


def test_a_raise_chained_another_way_is_still_its_statement(client: Matcher) -> None:
    res = client.explain(CHAINED_OTHERWISE)
    top = first(res)
    assert (top.path, top.line) == ("wsclient/client.py", line_of(CLIENT, "from exc"))
    assert not top.approximate


def test_a_timestamp_run_into_a_basic_record_is_the_formats() -> None:
    q = parse(TIMESTAMPED)
    assert q.exc_type == "log.ERROR"
    assert q.message.startswith("Could not reach gateway bastion:22")


def test_a_timestamp_without_a_level_after_its_colon_is_left() -> None:
    q = parse("2024-05-23 18:50:30,316:something else happened")
    assert q.message.startswith("2024-05-23")


def test_the_timestamped_basic_record_finds_its_log_call_exactly(gateway: Matcher) -> None:
    top = first(gateway.explain(TIMESTAMPED))
    assert (top.path, top.function) == ("tunnelkit/gateway.py", "open_gateway")
    assert not top.approximate


def test_a_reporters_cut_marks_are_not_the_errors_text() -> None:
    assert parse(SNIPPED).message == "Could not reach gateway bastion:22 : timed out"
    assert parse("[snip]\nValueError: bad value").message == "bad value"
    # a message that says the word among its own words keeps it
    assert parse("ValueError: cannot snip this").message == "cannot snip this"


def test_the_text_between_cut_marks_finds_its_log_call_exactly(gateway: Matcher) -> None:
    top = first(gateway.explain(SNIPPED))
    assert (top.path, top.function) == ("tunnelkit/gateway.py", "open_gateway")
    assert not top.approximate
