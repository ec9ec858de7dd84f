"""Two readings the issues53-issues69 set's untuned answers showed (docs/measurements/iss69.md).

1. A paragraph of its own that is one Markdown code span holding a message without its class
   (requests prints ``str(e)`` of its ``ConnectionError``: urllib3's ``HTTPConnectionPool(...):
   Max retries exceeded with url: / (Caused by NewConnectionError('...: Failed to establish a
   new connection: ...'))``), between a mention above it and the reporter's question under it:
   the span's text is the message, so the outer template it fills is found, not the cause's
   words quoted inside it.

2. A log viewer's source name glued to each record (a Kubernetes viewer's pod and container,
   ``worker-okteto-55cdf55f5d-zpbrzworker[2022-05-19 13:35:26,740: ERROR/MainProcess]
   consumer: Cannot connect to ...``, the record's next line under the same name and a space):
   the name is none of the records', so the record and its lines are read as the worker
   printed them.

On a real catalogue indexed from a fixture package shaped like that."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import first, package_matcher

from errdex.match import Matcher
from errdex.match.parse import parse

EXCEPTIONS = """\
class NewConnectionError(Exception):
    def __init__(self, conn, message):
        self.conn = conn
        super().__init__(f"{conn}: {message}")


class MaxRetryError(Exception):
    def __init__(self, pool, url, reason=None):
        self.reason = reason
        message = f"{pool}: Max retries exceeded with url: {url} (Caused by {reason!r})"
        super().__init__(message)
"""

CONNECTION = """\
from netlib.exceptions import NewConnectionError


class HTTPConnection:
    def _new_conn(self):
        try:
            return self.connect()
        except OSError as e:
            raise NewConnectionError(self, f"Failed to establish a new connection: {e}") from e
"""

RETRY = """\
from netlib.exceptions import MaxRetryError


class Retry:
    def increment(self, pool, url, error):
        if self.total < 0:
            raise MaxRetryError(pool, url, error) from error
        return self
"""

CONSUMER = '''\
import logging

logger = logging.getLogger(__name__)

CONNECTION_ERROR = """\\
consumer: Cannot connect to %s: %s.
%s
"""


class Consumer:
    def on_connection_error(self, uri, exc):
        logger.error(CONNECTION_ERROR, uri, exc, "Trying to reconnect...")
'''

POD = "worker-okteto-55cdf55f5d-zpbrzworker"
GLUED = (
    "Here are some of the logs:\n\n```\n"
    f"{POD}[2022-05-19 13:35:26,740: ERROR/MainProcess] consumer: Cannot connect to "
    "amqp://admin:**@queue:5672//: [Errno 111] Connection refused.\n"
    f"{POD} Trying to reconnect...\n```"
)

SPAN = "HTTPConnectionPool(host='10.0.0.5', port=8888): Max retries exceeded with url: / (Caused by NewConnectionError('<netlib.connection.HTTPConnection object at 0x7fc1089f04a8>: Failed to establish a new connection: [Errno 111] Connection refused',))"

PASTE = f"@maintainer \n\n`{SPAN}   `\n\nThis comes randomly at some time. Can you guide me?"


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    files = {
        "netlib/__init__.py": "",
        "netlib/exceptions.py": EXCEPTIONS,
        "netlib/connection.py": CONNECTION,
        "netlib/retry.py": RETRY,
        "netlib/consumer.py": CONSUMER,
    }
    with package_matcher(tmp_path_factory.mktemp("iss69_rules"), files) as m:
        yield m


def test_a_classless_span_paragraph_between_prose_is_the_message() -> None:
    assert parse(PASTE).message == SPAN


def test_a_short_or_colonless_span_paragraph_stays_prose() -> None:
    # a command or a name the reporter quoted between their paragraphs is no message
    for span in ("pip install -U netlib==2.0 --no-cache-dir --force", "summary: names differ"):
        assert parse(f"I ran\n\n`{span}`\n\nwhat now?").message != span
    # two whole-span paragraphs are two quotations: none is taken
    two = f"First:\n\n`{SPAN}`\n\nthen\n\n`{SPAN.replace('8888', '9999')}`\n\nwhy?"
    assert parse(two).message not in (SPAN, SPAN.replace("8888", "9999"))


def test_the_span_paragraph_finds_the_outer_raise(matcher: Matcher) -> None:
    top = first(matcher.explain(PASTE))
    assert (top.path, top.function) == ("netlib/retry.py", "Retry.increment")


def test_a_source_name_glued_to_the_records_is_none_of_theirs() -> None:
    q = parse(GLUED)
    assert POD not in q.message and q.message.endswith("Trying to reconnect...")
    # a word before a bracket that opens no record's timestamp stays
    assert parse("values[2022] are wrong: got 3").message.startswith("values[2022]")


def test_the_glued_record_finds_its_log_call_exactly(matcher: Matcher) -> None:
    top = first(matcher.explain(GLUED))
    assert (top.path, top.function, top.approximate) == ("netlib/consumer.py", "Consumer.on_connection_error", False)
