"""VS Code's debugger reports an exception as ``Exception has occurred: Class`` and the text
under it (issues47-issues67's instructor paste: the two run together on one line, copied from
its panel, under a ``**Screenshots**`` heading). The head reads as the line Python prints,
``Class: text``, so the class counts (a text another release worded differently is found
through it) and the head's words are not taken for the message."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from index_helpers import first, package_matcher

from errdex.match import Matcher
from errdex.match.parse import parse

LIB = """\
class ClientError(Exception):
    pass


def connect(api_key=None):
    if api_key is None:
        raise ClientError(
            "Missing credentials. Please pass an `api_key`, or set the `CLIENT_API_KEY` environment variable."
        )
"""

OLD = (
    "The api_key client option must be set either by passing api_key to the client or by setting the "
    "CLIENT_API_KEY environment variable"
)


def test_the_head_run_into_its_text_reads_as_the_exception_line() -> None:
    q = parse(f"**Screenshots**\nException has occurred: ClientError {OLD}")
    assert (q.exc_type, q.message) == ("ClientError", OLD)
    q = parse("Exception has occurred: ValueError: bad value here")
    assert (q.exc_type, q.message) == ("ValueError", "bad value here")


def test_the_head_over_its_text_reads_as_the_exception_line() -> None:
    q = parse(f"Exception has occurred: ClientError\n{OLD}")
    assert (q.exc_type, q.message) == ("ClientError", OLD)


def test_a_head_naming_no_class_is_left_as_it_is() -> None:
    # (a report with its frames and its ``pkg.Class: text`` line: test_match_parse's
    # ``test_frames_listed_most_recent_call_first_are_put_in_pythons_order``)
    assert parse("Exception has occurred: see the log").message == "Exception has occurred: see the log"


@pytest.fixture(scope="module")
def lib(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    with package_matcher(Path(tmp_path_factory.mktemp("vscode")), {"client.py": LIB}) as m:
        yield m


def test_an_older_wording_is_found_through_the_reported_class(lib: Matcher) -> None:
    assert first(lib.explain(f"Exception has occurred: ClientError {OLD}")).function == "connect"
