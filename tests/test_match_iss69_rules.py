"""A reading the issues53-issues69 set's untuned answers showed (docs/measurements/iss69.md).

A log viewer's source name glued to each record (a Kubernetes viewer's pod and container,
``worker-okteto-55cdf55f5d-zpbrzworker[2022-05-19 13:35:26,740: ERROR/MainProcess] consumer:
Cannot connect to ...``, the record's next line under the same name and a space): the name is
none of the records', so the record and its lines are read as the worker printed them.

On a real catalogue indexed from a fixture package shaped like that."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import first, package_matcher

from errdex.match import Matcher
from errdex.match.parse import parse

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


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    files = {
        "netlib/__init__.py": "",
        "netlib/consumer.py": CONSUMER,
    }
    with package_matcher(tmp_path_factory.mktemp("iss69_rules"), files) as m:
        yield m


def test_a_source_name_glued_to_the_records_is_none_of_theirs() -> None:
    q = parse(GLUED)
    assert POD not in q.message and q.message.endswith("Trying to reconnect...")
    # a word before a bracket that opens no record's timestamp stays
    assert parse("values[2022] are wrong: got 3").message.startswith("values[2022]")


def test_the_glued_record_finds_its_log_call_exactly(matcher: Matcher) -> None:
    top = first(matcher.explain(GLUED))
    assert (top.path, top.function, top.approximate) == (
        "netlib/consumer.py",
        "Consumer.on_connection_error",
        False,
    )
