"""Another program's records after an exception line, on a real catalogue indexed from fixture
code: a web server's access-log record (host, ident, user, the bracketed time, the quoted
request) and a line opened by a bracketed level (``[ERROR] ``) follow the error with no blank
line, and the message read without them is the template's, exactly; a message's own line that
merely looks alike is not such a record."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import first, package_matcher

from errdex.match import Matcher
from errdex.match.parse import other_program_line

SOURCE = """\
class ResourceClosedError(Exception):
    pass


def rows(closed):
    if closed:
        raise ResourceClosedError("This result object does not return rows. It has been closed automatically.")


def route(path):
    raise ValueError(f"No route found for path {path!r}.")
"""


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    with package_matcher(tmp_path_factory.mktemp("srv"), {"core.py": SOURCE}) as m:
        yield m


ERROR = (
    "lib.core.ResourceClosedError: This result object does not return rows. It has been closed automatically."
)


@pytest.mark.parametrize(
    "after",
    [
        '192.168.65.1 - - [12/Mar/2024:11:39:27 +0000] "GET /static/select2.min.css HTTP/1.1"\n 304 0 "-" "Mozilla/5.0"',
        '127.0.0.1 - - [04/Jul/2015 20:02:21] "POST /admin/suffixes/add HTTP/1.1" 500 2155',
        "[ERROR] 2025-03-26-01:19:30 (PID:45, Device:-1) ERR99999 UNKNOWN application exception",
    ],
)
def test_a_record_after_the_exception_line_is_not_the_message(matcher: Matcher, after: str) -> None:
    res = matcher.explain(f"{ERROR}\n{after}")
    assert (first(res).function, first(res).approximate, res.outcome) == ("rows", False, "exact")


def test_the_records_and_what_they_are_not() -> None:
    assert other_program_line('127.0.0.1:50375 - - [30/May/2023:07:39:08] "WSDISCONNECT /ws" - -')
    assert other_program_line("[WARNING] disk almost full")
    # a message's own lines: a bracketed word that is no level, a sentence with a date in it
    assert not other_program_line("[ERRORS] 3 files failed")
    assert not other_program_line("Row 3 - - [12/Mar/2024] has no request after it")
