"""Frames first under Python 3.11 and later (issue #10 items 5-6): that Python prints each
frame's statement from its first line, with carets under the failing expression, or none when
the expression is the whole line. So a whole traceback it printed, whose deepest library frame
stands on a statement raising nothing itself with nothing of the library below it, names the
statement the error came out of, and a raise of alike words that no frame points to, even in
the same library, is a look-alike (runtime6: Pillow's ``self.draw.draw_rectangle(...)`` into
``_imaging`` answered by ``rounded_rectangle``'s Python raise of the same words; networkx's
``return self._adjdict[u][v]`` answered by ``remove_edge``'s raise of the note's words;
openpyxl's ``self[key].value = value`` on a read-only slot answered by nothing). Which Python
printed a traceback without carets is read from its frames' paths (``lib/python3.12/``). One
small package, indexed here by the real pipeline."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import first

from errdex.match import Matcher
from errdex.match.result import CALL_KIND
from errdex.store import Store

_DRAW = """\
from pkg import _core


class Draw:
    def rectangle(self, xy):
        self.core.draw_rectangle(xy)

    def rounded_rectangle(self, xy):
        if xy[2] < xy[0]:
            raise ValueError("x1 must be greater than or equal to x0")
        self.core.draw_rounded(xy)


class Graph:
    def edge(self, u, v):
        return self._adj[u][v]

    def remove_edge(self, u, v):
        if v not in self._adj[u]:
            raise GraphError(f"The edge {u}-{v} is not in the graph")


class GraphError(Exception):
    pass


class Sheet:
    def __setitem__(self, key, value):
        self[key].value = value
"""

_USER = ('  File "/home/u/main.py", line 3, in <module>', "    run()")
_RECT = "ValueError: x1 must be greater than or equal to x0"


def _site(python: str) -> str:
    return f"/venv/lib/{python}/site-packages/pkg/draw.py"


def _traceback(*lines: str) -> str:
    return "\n".join(["Traceback (most recent call last):", *_USER, *lines])


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    """The package indexed by the real pipeline, its index loaded."""
    from errdex.pipeline import index

    root = tmp_path_factory.mktemp("modern")
    (root / "lib" / "pkg").mkdir(parents=True)
    (root / "lib" / "pkg" / "__init__.py").write_text("")
    (root / "lib" / "pkg" / "draw.py").write_text(_DRAW)
    db = str(root / "c.db")
    index(str(root / "lib"), db, jobs=1)
    with Store.open(db) as store:
        yield Matcher.load(store)


def test_a_whole_line_call_printed_by_python_3_12_outranks_the_same_librarys_look_alike(
    matcher: Matcher,
) -> None:
    # no carets: 3.12 elides them when the call is the whole line; its folder says 3.12 printed it
    res = matcher.explain(
        _traceback(
            f'  File "{_site("python3.12")}", line 6, in rectangle', "    self.core.draw_rectangle(xy)", _RECT
        )
    )
    top = first(res)
    assert top.kind == CALL_KIND and (top.path, top.line, top.function) == (
        "pkg/draw.py",
        6,
        "Draw.rectangle",
    )
    assert top.approximate and res.outcome == "approximate"
    # the look-alike raise follows, no longer exact: no frame points to it
    assert [m.function for m in res.matches[1:]] == ["Draw.rounded_rectangle"]
    assert res.matches[1].approximate


def test_the_same_paste_printed_by_python_3_10_keeps_the_exact_fit(matcher: Matcher) -> None:
    # before 3.11 a printed line may be the last of a statement split over lines: no evidence
    res = matcher.explain(
        _traceback(
            f'  File "{_site("python3.10")}", line 6, in rectangle', "    self.core.draw_rectangle(xy)", _RECT
        )
    )
    assert res.outcome == "exact" and first(res).function == "Draw.rounded_rectangle"
    assert not any(m.kind == CALL_KIND for m in res.matches)


def test_a_subscript_under_carets_outranks_the_same_librarys_unpointed_raise(matcher: Matcher) -> None:
    frame = (
        f'  File "{_site("python3.12")}", line 16, in edge',
        "    return self._adj[u][v]",
        "           ~~~~~~~~~~~~^^^",
    )
    res = matcher.explain(_traceback(*frame, "KeyError: 3", "The edge 1-3 is not in the graph"))
    top = first(res)
    assert top.kind == CALL_KIND and (top.path, top.line, top.function) == ("pkg/draw.py", 16, "Graph.edge")
    assert all(m.approximate for m in res.matches)
    # a frame running the raise's own function points to it: it keeps its place
    pointed = (
        f'  File "{_site("python3.12")}", line 20, in remove_edge',
        '    raise GraphError(f"The edge {u}-{v} is not in the graph")',
    )
    res = matcher.explain(_traceback(*pointed, "pkg.draw.GraphError: The edge 1-3 is not in the graph"))
    assert first(res).function == "Graph.remove_edge" and not any(m.kind == CALL_KIND for m in res.matches)


def test_an_attribute_store_under_carets_answers_the_interpreters_text(matcher: Matcher) -> None:
    frame = (
        f'  File "{_site("python3.12")}", line 29, in __setitem__',
        "    self[key].value = value",
        "    ^^^^^^^^^^^^^^^",
    )
    res = matcher.explain(
        _traceback(*frame, "AttributeError: 'Merged' object attribute 'value' is read-only")
    )
    top = first(res)
    assert top.kind == CALL_KIND and (top.path, top.line, top.function) == (
        "pkg/draw.py",
        29,
        "Sheet.__setitem__",
    )
    # the interpreter's words: the outcome says so, the frame is where it raised them
    assert top.approximate and res.outcome == "builtin"


def test_a_statement_with_python_code_below_or_an_older_python_is_left_alone(matcher: Matcher) -> None:
    # no carets and 3.10's folder: a printed subscript line says nothing of its statement
    res = matcher.explain(
        _traceback(
            f'  File "{_site("python3.10")}", line 16, in edge',
            "    return self._adj[u][v]",
            "KeyError: 3",
            "The edge 1-3 is not in the graph",
        )
    )
    assert not any(m.kind == CALL_KIND for m in res.matches)
    # a subscript line with a frame of the user's code below it (a ``__getitem__`` of theirs)
    res = matcher.explain(
        _traceback(
            f'  File "{_site("python3.12")}", line 16, in edge',
            "    return self._adj[u][v]",
            "           ~~~~~~~~~~~~^^^",
            '  File "/home/u/mine.py", line 4, in __getitem__',
            "    return self.d[k]",
            "           ~~~~~~^^^",
            "KeyError: 3",
            "The edge 1-3 is not in the graph",
        )
    )
    assert not any(m.kind == CALL_KIND for m in res.matches)
