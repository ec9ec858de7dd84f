"""A message showing only a template's leading part, word for word, makes that template a
candidate: a newer release appended a clause or lines (`` in frame {id} of template {t}``,
``\\nContent-Length: ...``), the paste is an older release's text or is cut inside a long value,
and the values (an object's repr over two lines, a caught error's repr) hold most of the words,
so the word similarity of the whole message was too low and the raise was no candidate at all
(acc140's A1: issues20 reportlab-004, issues18 langsmith-009)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from index_helpers import package_matcher

from errdex.match import Matcher
from errdex.match.candidates import lead_token_words, token_line

MODULE = """\
class LayoutError(Exception):
    pass


class ServiceConnectionError(Exception):
    pass


class InvalidResourceError(Exception):
    pass


def place(ident, page, frame, template):
    raise LayoutError(
        f"Flowable {ident} too large on page {page} in frame {frame!r} of template {template!r}"
    )


def check_property(logical_id, name, resource_type, props):
    if name not in props:
        raise InvalidResourceError(
            f"Resource with id [{logical_id}] is invalid. property {name} not defined for resource of type {resource_type}"
        )


def validate_properties(logical_id, error_properties):
    raise InvalidResourceError(f"Resource with id [{logical_id}] is invalid. Property '{error_properties}' is invalid.")


def send(method, pathname, e, length, key):
    raise ServiceConnectionError(
        f"Connection error caused failure to {method} {pathname} in Tracker API. "
        f"Please confirm your TRACKER_ENDPOINT. {e!r}\\nContent-Length: {length}\\nAPI Key: {key}"
    )
"""

SEGS = ("Flowable ", "", " too large on page ", " in frame ", " of template ", "")


def test_the_words_of_the_leading_segments_are_found_in_order() -> None:
    msg = token_line("Flowable <Table at 0x1> with cell(0,0)\n'<Paragraph>' too large on page 2")
    assert msg.startswith(" flowable table at ") and msg.endswith(" page ")
    assert lead_token_words(SEGS, msg) == (5, False)  # flowable, too large on page
    # the whole template shown, all of its words
    whole = token_line("Flowable x too large on page 2 in frame 'a' of template 'b'")
    assert lead_token_words(SEGS, whole) == (9, True)
    # one segment's words alone say too little
    assert lead_token_words(SEGS, token_line("Flowable x is too big"))[0] == 0
    # the runs keep their order: ``too large on page`` before ``flowable`` places one segment
    assert lead_token_words(SEGS, token_line("too large on page 2: Flowable x"))[0] == 0
    # a run is whole words: ``pages`` is not ``page``
    assert lead_token_words(SEGS, token_line("Flowable x too large on pages 2"))[0] == 0


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    with package_matcher(Path(tmp_path_factory.mktemp("leadtok")), {"layoutpkg/doc.py": MODULE}) as m:
        yield m


def _first(matcher: Matcher, text: str) -> tuple[str, str, bool]:
    """The first match's path, function and whether it is approximate."""
    res = matcher.explain(text)
    assert res.matches, res.verdict
    best = res.matches[0]
    return best.path, best.function, best.approximate


def test_an_older_text_quoted_in_a_log_line_finds_the_template(matcher: Matcher) -> None:
    assert _first(
        matcher,
        "2010-01-14 16:30:01,607 app.handler - ERROR base.py:305\n\n"
        'Request 46912678370768 failed: "Flowable <Table at 46912724335792 45 rows x 7 cols> '
        "with cell(0,0) containing\n'<Paragraph at 0x2aaab6859878>Dr. Rossi, Anna' too large on page 2\"",
    ) == ("layoutpkg/doc.py", "place", True)


def test_a_paste_cut_inside_a_long_value_finds_the_template(matcher: Matcher) -> None:
    assert _first(
        matcher,
        "Running the crew I get the following.\n\n"
        "Connection error caused failure to patch http://localhost:1984/runs/7fdd9cf2-4f50-4ee1  in "
        'Tracker API. Please confirm your TRACKER_ENDPOINT. ConnectionError(MaxRetryError("HTTPConnectionPool'
        "(host='localhost', port=1984): Max retries exceeded with url: /runs/7fdd9cf2-4f50-4ee1 (Caused by "
        "NewConnectionError('<urllib3.connection.HTTPConnection object at 0x130d51e10>: Failed to establish "
        "a new connection:",
    ) == ("layoutpkg/doc.py", "send", True)


def test_one_segment_and_loose_words_make_no_candidate(matcher: Matcher) -> None:
    # ``Flowable`` and the words of ``too large on page`` apart, not as its run: another text
    res = matcher.explain(
        "RuntimeError: Flowable widget rendering failed: value too large for the buffer page"
    )
    assert not any(m.function == "place" for m in res.matches)


def test_a_template_shown_whole_ranks_above_one_shown_in_part(matcher: Matcher) -> None:
    # both templates open with the same words; the message shows one of them whole, behind a
    # deployment tool's own text. The other's leading part is shown too, its end is not
    first = _first(
        matcher,
        "Failed to create the changeset: Waiter encountered a terminal failure state Status: FAILED. "
        "Reason: Transform failed with: Invalid document. Number of errors found: 1. Resource with id "
        "[ResourceFile] is invalid. property Event not defined for resource of type S3",
    )
    assert first[1] == "check_property"
