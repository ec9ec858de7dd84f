"""A handler that adds a note to the exception it caught and re-raises it (Python 3.11+:
``except KeyError as err: err.add_note(f"The edge {e} is not in the graph"); raise``) prints the
caught message, often a bare key no record can tell apart, then the note's line. The note is a
record of its own: the caught class, ``{err}`` then the note on a line of its own, sited where
the traceback ends (the ``try`` body's one statement; the re-raise when the body has several).
On a small package indexed in the test (networkx's ``reportviews.py`` idiom, runtime6
networkx-rt-009)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import first, package_matcher
from test_extract_messages import _got

from errdex.match import Matcher
from errdex.model import UNKNOWN_EXC_TYPE

CODE = """\
class Views:
    def __init__(self, adj):
        self._adj = adj

    def edge(self, e):
        u, v = e
        try:
            return self._adj[u][v]
        except KeyError as err:
            err.add_note(f"The edge {e} is not in the graph")
            raise

    def node(self, n):
        try:
            return self._adj[n]
        except KeyError:
            raise KeyError(n)
"""


def test_a_note_on_a_reraised_exception_is_a_record_at_the_try_body() -> None:
    got = _got(CODE)
    assert (8, "KeyError", "{err}\nThe edge {e} is not in the graph") in got, got


def test_a_body_of_several_statements_sites_the_note_at_the_reraise() -> None:
    got = _got(
        "def read(table, key):\n"
        "    try:\n"
        "        row = table.rows[key]\n"
        "        return row.value\n"
        "    except (KeyError, AttributeError) as exc:\n"
        "        exc.add_note('while reading the table')\n"
        "        raise exc\n"
    )
    assert (7, UNKNOWN_EXC_TYPE, "{exc}\nwhile reading the table") in got, got


def test_a_note_on_an_exception_not_reraised_is_no_record() -> None:
    # the handler raises another exception: the note goes with the cause, printed above
    got = _got(
        "def read(table, key):\n"
        "    try:\n"
        "        return table[key]\n"
        "    except KeyError as exc:\n"
        "        exc.add_note('while reading the table')\n"
        "        raise LookupError('no such row') from exc\n"
    )
    assert all("while reading" not in t for _, _, t in got), got


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    with package_matcher(tmp_path_factory.mktemp("noted_reraise"), {"graphkit/views.py": CODE}) as m:
        yield m


def test_a_bare_key_with_the_note_line_finds_the_handler(matcher: Matcher) -> None:
    res = matcher.explain("KeyError: 3\nThe edge (1, 3) is not in the graph")
    top = first(res)
    assert (top.function, top.line, top.approximate) == ("Views.edge", 8, False), [
        (m.function, m.line, m.approximate) for m in res.matches
    ]
    assert top.values == {"err": "3", "e": "(1, 3)"}


def test_a_bare_key_without_the_note_is_not_the_notes_record(matcher: Matcher) -> None:
    res = matcher.explain("KeyError: 3")
    assert all(m.approximate for m in res.matches if m.function == "Views.edge"), res.verdict
