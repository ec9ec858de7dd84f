"""Frames first (issue #10 items 6-7): a whole traceback whose deepest library frame stands on a
statement that raises nothing itself (no raise on that line in the indexed release; a printed
line that is a call), with only the standard library, compiled code or the interpreter below
it, is answered at that frame when no answer is of that frame's library: another codebase's
raise of alike words is a look-alike nothing in the paste points to (runtime4's
sqlalchemy-rt-008, a Cython ``__getitem__``'s ``tuple indices must be integers`` answered by
Django's ``Page.__getitem__``; jinja2-rt-014, textwrap's ``invalid width`` under
``do_wordwrap``, answered by click's vendored textwrap, below jinja2's ``raise
rewrite_traceback_stack(...)``). Two small packages indexed here into one catalogue."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import first

from errdex.match import Matcher
from errdex.match.result import CALL_KIND
from errdex.store import Store

_ROWS = """\
import textwrap


class Row:
    def __init__(self, data):
        self._data = data

    def __getitem__(self, key):
        return self._data[key]

    def check(self, key):
        if key is None:
            raise KeyError("no key given")


def wrap(text, width):
    return textwrap.wrap(text, width)


def render(text):
    try:
        return wrap(text, 0)
    except ValueError as exc:
        raise rewrite(exc)


def rewrite(exc):
    return exc
"""

# another codebase raising words alike: a pager's own subscript check and a vendored textwrap
_PAGER = """\
class Page:
    def __getitem__(self, index):
        if not isinstance(index, (int, slice)):
            name = type(self).__name__
            raise TypeError(f"{name} indices must be integers or slices, not {type(index).__name__}")


class Wrapper:
    def _wrap_chunks(self, chunks):
        if self.width <= 0:
            raise ValueError("invalid width %r (must be > 0)" % self.width)
"""

_SITE = "/venv/lib/python3.12/site-packages/rowlib/row.py"
_USER = '  File "/home/u/main.py", line 3, in <module>'
_WRAP = [
    '  File "/usr/lib/python3.12/textwrap.py", line 384, in wrap',
    "    return w.wrap(text)",
    '  File "/usr/lib/python3.12/textwrap.py", line 253, in _wrap_chunks',
    '    raise ValueError("invalid width %r (must be > 0)" % self.width)',
]
_WIDTH = "ValueError: invalid width 0 (must be > 0)"
_INDEX = "TypeError: tuple indices must be integers or slices, not str"


def _traceback(*lines: str) -> str:
    return "\n".join(["Traceback (most recent call last):", _USER, *lines])


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    """Both packages indexed by the real pipeline into one catalogue, its index loaded."""
    from errdex.pipeline import index

    root = tmp_path_factory.mktemp("unheld")
    for project, pkg, module, source in (
        ("rowlib", "rowlib", "row.py", _ROWS),
        ("pager", "pager", "page.py", _PAGER),
    ):
        (root / project / pkg).mkdir(parents=True)
        (root / project / pkg / "__init__.py").write_text("")
        (root / project / pkg / module).write_text(source)
    db = str(root / "c.db")
    index(str(root / "rowlib"), db, jobs=1)
    index(str(root / "pager"), db, jobs=1)
    with Store.open(db) as store:
        yield Matcher.load(store)


def test_an_unprinted_subscript_frame_outranks_another_codebases_look_alike(matcher: Matcher) -> None:
    # a compiled module's frame, printed without its line: line 9 is ``return self._data[key]``
    res = matcher.explain(_traceback(f'  File "{_SITE}", line 9, in rowlib.row.Row.__getitem__', _INDEX))
    top = first(res)
    assert top.kind == CALL_KIND
    assert (top.path, top.line, top.function) == ("rowlib/row.py", 9, "Row.__getitem__")
    # (the interpreter's own words: the outcome says so, and nothing is exact)
    assert top.approximate and res.outcome == "builtin"
    # the pager's raise is still offered, after it and no longer exact
    assert [m.path for m in res.matches[1:]] == ["pager/page.py"]
    assert all(m.approximate for m in res.matches)


def test_a_call_under_a_raise_of_a_call_is_answered_when_the_library_lacks_the_text(matcher: Matcher) -> None:
    # ``raise rewrite(exc)`` above hands the frames below as the caught error's trail; the text is
    # textwrap's, which the library holds no raise of: the library's call into textwrap answers
    text = _traceback(
        f'  File "{_SITE}", line 22, in render',
        "    raise rewrite(exc)",
        f'  File "{_SITE}", line 17, in wrap',
        "    return textwrap.wrap(text, width)",
        *_WRAP,
        _WIDTH,
    )
    top = first(matcher.explain(text))
    assert top.kind == CALL_KIND and (top.path, top.line, top.function) == ("rowlib/row.py", 17, "wrap")
    assert top.approximate


def test_a_frame_on_a_raise_line_is_left_to_the_raise(matcher: Matcher) -> None:
    # line 13 holds ``raise KeyError(...)`` in the release: a raise, not a statement to answer
    res = matcher.explain(_traceback(f'  File "{_SITE}", line 13, in check', _INDEX))
    assert all(m.kind != CALL_KIND for m in res.matches)


def test_a_frame_of_another_function_at_the_line_is_not_answered(matcher: Matcher) -> None:
    # line 9 is ``Row.__getitem__``'s in the release: a frame naming ``wrap`` there is other code
    res = matcher.explain(_traceback(f'  File "{_SITE}", line 9, in wrap', _INDEX))
    assert all(m.kind != CALL_KIND for m in res.matches)


def test_a_cut_traceback_is_not_answered_at_its_frame(matcher: Matcher) -> None:
    # a line between the last frame and the error: the paste may have lost frames below it
    text = _traceback(f'  File "{_SITE}", line 9, in rowlib.row.Row.__getitem__', "    ...", _INDEX)
    res = matcher.explain(text)
    assert all(m.kind != CALL_KIND for m in res.matches)
