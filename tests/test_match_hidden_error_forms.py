"""Paste forms that hid an error the catalogue raises (issues28-issues90): a whole traceback run
into one line after the application's words, an exception line of an undotted class in a code
span inside a sentence of a paste of several lines, a log record ending in the exception's repr
among other records (Python 2's ``u`` prefix and trailing comma included), and SQLAlchemy's
``(pkg.module.Class) text`` standing alone. Each is read as the error's class and text, so the
raise answers first."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from index_helpers import first, package_matcher

from errdex.match import Matcher
from errdex.match.parse import parse

LIB = """\
class CardError(Exception):
    pass


class OperationalError(Exception):
    pass


def charge(response):
    if response.status == 402:
        raise CardError("Your card was declined.")


def wait(execution):
    raise OperationalError(f"Query {execution.id} failed: {execution.reason}")
"""


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    with package_matcher(tmp_path_factory.mktemp("hidden"), {"payshop/__init__.py": LIB}) as m:
        yield m


RUN_IN = (
    "When a payment is declined, the page shows the whole error:\n\n"
    'Not approved - Traceback (most recent call last): File "/srv/app/views.py", line 50, in '
    'pay_online charge_response = payshop.charge(resp) File "/srv/env/payshop/__init__.py", '
    'line 11, in charge raise CardError("Your card was declined.") CardError: Your card was '
    "declined. \n\nIt should only show the message."
)


def test_traceback_run_into_a_line_after_prose(matcher: Matcher) -> None:
    q = parse(RUN_IN)
    assert q.exc_type == "CardError"
    assert [(f.function, f.line) for f in q.frames] == [("pay_online", 50), ("charge", 11)]
    assert q.frames[-1].source == 'raise CardError("Your card was declined.")'
    assert first(matcher.explain(RUN_IN)).function == "charge"


def test_run_in_line_stays_linear() -> None:
    # a huge line of headers and frame openings: cut at the cap, never split, found at once
    line = "x " + 'Traceback (most recent call last): File "a.py", line 1, in f ' * 200_000
    start = time.perf_counter()
    parse(line)
    assert time.perf_counter() - start < 5


def test_prose_naming_the_header_is_left() -> None:
    q = parse("Python prints Traceback (most recent call last): before it, then the frames.")
    assert not q.frames


SPAN = (
    "Our error tracker caught one of these today: `CardError: Request req_x1: Your card was declined.`\n\n"
    "The signup flow should report it back to the user."
)


def test_span_whose_end_opens_a_quoted_name_is_left() -> None:
    # the backtick after ``use`` opens the message's own quoting of ``Query``: the span's end
    # is unknown, so the first span is no error line of its own
    q = parse("When I run it I get `ValueError: Cannot use `Query` for a path`.\n\nAny idea?")
    assert q.message != "Cannot use"


LOG = (
    "We return a 409 to the webhook.\n\n"
    "2014-06-02 15:47:57,758 INFO payshop API request returned (402, '{\"error\": {}}')\n"
    "2014-06-02 15:47:57,758 WARNING views.payment Card payment failed with exception "
    "CardError(u'Your card was declined.',)\n"
    "2014-06-02 15:48:00,430 ERROR views.payment Payment for charge ch_1 not found\n"
)


def test_two_different_reprs_are_two_errors() -> None:
    q = parse(
        "Log:\n"
        "WARNING payment failed with exception CardError('Your card was declined.')\n"
        "WARNING refund failed with exception RefundError('Charge was already refunded.')\n"
    )
    assert q.exc_type is None


WRAPPED = (
    "(payshop.OperationalError) com.example.hive.CatalogException: Query q_7 failed: Namespace x not found"
)


@pytest.mark.parametrize(
    ("text", "exc_type", "message", "function"),
    [
        # an undotted class's exception line in a code span inside a sentence
        (SPAN, "CardError", "Request req_x1: Your card was declined.", "charge"),
        # a log record ending in the exception's Python 2 repr, among other records
        (LOG, "CardError", "Your card was declined.", "charge"),
        # SQLAlchemy's (pkg.Class) text alone: the text is the caught error's str(), a
        # server's class at its head and all
        (
            WRAPPED,
            "payshop.OperationalError",
            "com.example.hive.CatalogException: Query q_7 failed: Namespace x not found",
            "wait",
        ),
    ],
    ids=["span-in-sentence", "repr-ending-a-record", "class-in-parentheses"],
)
def test_form_read_as_class_and_text(
    matcher: Matcher, text: str, exc_type: str, message: str, function: str
) -> None:
    q = parse(text)
    assert (q.exc_type, q.message) == (exc_type, message)
    assert first(matcher.explain(text)).function == function


def test_span_beside_quoted_code_or_a_stray_backtick_is_left() -> None:
    # a sentence quoting code beside the span, and a paste whose backticks do not pair up
    beside = "I get a `ValueError: ('Unknown format:', 'x')` exception in `d = parse(s)`.\n\nWhy?"
    stray = 'We get an error: "Executor already used"`.\nAnd another: `RuntimeError: cannot schedule`.'
    assert parse(beside).exc_type is None
    assert parse(stray).exc_type is None


def test_repr_alone_on_a_line_of_a_message_is_left() -> None:
    # a library's message listing what a column raised: the repr is its line's whole text
    q = parse(
        "The following columns also raised exceptions on conversion:\n\n- price\n"
        "  ValueError(\"could not convert string to float: 'N5'\")\n\nUsually this is due to inference."
    )
    assert q.exc_type is None


def test_raise_statement_among_lines_is_code() -> None:
    # a pasted line of code that raises: no log record of the error
    q = parse(
        "def __bool__(self): raise TypeError('cannot determine truth value')\n\nI ran it in a notebook."
    )
    assert q.exc_type is None
