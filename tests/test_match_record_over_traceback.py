"""A log call's record on the line above the traceback it logged, the error line no raise
statement makes (issues8-issues87 passlib-003, passlib-004): passlib's bcrypt backend reads
``_bcrypt.__about__.__version__`` in a ``try``, and bcrypt >= 4.1 has no ``__about__``; the
``except`` logs ``log.warning("(trapped) error reading bcrypt version", exc_info=True)``, so
the paste is that record, then ``Traceback (most recent call last):`` and the caught
``AttributeError`` of the attribute read (an interpreter message). The log call in the
function the traceback passes through wrote the record: it is the answer."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from index_helpers import first, package_matcher

from errdex.match import Matcher
from errdex.match.matcher import RECORD_OVER_TRACEBACK, record_over_traceback

BACKEND = """\
import logging

log = logging.getLogger(__name__)


class Backend:
    @classmethod
    def load(cls, mod):
        try:
            version = mod.__about__.__version__
        except Exception:
            log.warning("(trapped) error reading backend version", exc_info=True)
            version = "<unknown>"
        return version


def other():
    log.warning("(trapped) error reading backend version")
"""


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    files = {"kit/__init__.py": "", "kit/backend.py": BACKEND}
    with package_matcher(Path(tmp_path_factory.mktemp("recordover")), files) as m:
        yield m


TRACEBACK = (
    "Traceback (most recent call last):\n"
    '  File "/usr/lib/python3.12/site-packages/kit/backend.py", line 10, in load\n'
    "    version = mod.__about__.__version__\n"
    "              ^^^^^^^^^^^^^\n"
    "AttributeError: module 'fastlib' has no attribute '__about__'"
)


def test_the_record_over_the_traceback_it_logged_is_the_answer(kit: Matcher) -> None:
    res = kit.explain("(trapped) error reading backend version\n" + TRACEBACK)
    top = first(res)
    assert (top.path, top.function, top.kind) == ("kit/backend.py", "Backend.load", "log")
    assert not top.approximate
    assert RECORD_OVER_TRACEBACK in top.reasons


def test_a_compose_column_on_both_lines_is_read_through(kit: Matcher) -> None:
    col = "app-1  | "
    paste = "\n".join(col + ln for ln in ["(trapped) error reading backend version", *TRACEBACK.split("\n")])
    top = first(kit.explain(paste))
    assert (top.function, top.kind) == ("Backend.load", "log")


def test_a_line_above_that_no_log_call_of_the_frames_writes_is_no_record() -> None:
    # the traceback opens the paste, or the line above is a frame's
    assert record_over_traceback(TRACEBACK) is None
    assert record_over_traceback('  File "a.py", line 1, in f\n' + TRACEBACK) is None
    assert record_over_traceback("It fails:\n\n" + TRACEBACK) == "It fails:"


def test_the_traceback_alone_is_not_answered_by_the_record(kit: Matcher) -> None:
    res = kit.explain("It fails:\n" + TRACEBACK)
    assert not res.matches or RECORD_OVER_TRACEBACK not in res.matches[0].reasons
