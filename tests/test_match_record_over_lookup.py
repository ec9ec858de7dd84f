"""A logger's record above the traceback it attaches, which ends in the interpreter's
``KeyError: 'key'`` of a dict lookup in the library's frame: the key is no template's text, the
record is the library's words, so the record's log call is the answer (on a real catalogue
indexed from fixture code). Celery's worker logs an unregistered task this way."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import package_matcher

from errdex.match import Matcher

CONSUMER = '''\
import logging

logger = logging.getLogger(__name__)
error = logger.error

UNKNOWN_TASK_ERROR = """\\
Received unregistered task of type %s.
The message has been ignored and discarded.

Did you remember to import the module containing this task?
"""


class Consumer:
    def on_unknown_task(self, body, message, exc):
        error(UNKNOWN_TASK_ERROR, exc, exc_info=True)

    def on_task_received(self, message):
        type_ = message.headers["task"]
        try:
            strategy = self.strategies[type_]
        except KeyError as exc:
            return self.on_unknown_task(None, message, exc)
        strategy(message)
'''

# a worker's output without log prefixes: other records, the unregistered task's record, the
# traceback the record attaches, then the worker's next record
PASTE = """\
Task feed.tasks.add_to_feeds[73ba4b6b-b2dd-4d68-a403-5261b0295db3] succeeded in 0.0003s: None
Received unregistered task of type 'events.tasks.bump_waiting_users'.
The message has been ignored and discarded.

Did you remember to import the module containing this task?
Traceback (most recent call last):
  File "/usr/local/lib/python3.6/site-packages/worker/consumer.py", line 20, in on_task_received
    strategy = self.strategies[type_]
KeyError: 'events.tasks.bump_waiting_users'
Received task: feed.tasks.add_to_feeds[f8b86bcd-446c-4421-9020-1e4c09caf4e5]
"""


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    files = {"worker/__init__.py": "", "worker/consumer.py": CONSUMER}
    with package_matcher(tmp_path_factory.mktemp("lookup"), files) as m:
        yield m


def test_the_record_above_a_lookups_key_error_is_the_answer(matcher: Matcher) -> None:
    res = matcher.explain(PASTE)
    assert res.matches
    top = res.matches[0]
    assert (top.path, top.function, top.kind) == ("worker/consumer.py", "Consumer.on_unknown_task", "log")


def test_a_key_error_of_a_raise_keeps_its_own_reading(matcher: Matcher) -> None:
    # the last frame raises the KeyError itself: its line is the error, not the record's words
    paste = PASTE.replace("strategy = self.strategies[type_]", "raise KeyError(type_)")
    res = matcher.explain(paste)
    assert not res.matches or res.matches[0].function != "Consumer.on_unknown_task"
