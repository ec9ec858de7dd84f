"""Frames first (issue #10 item 6): a traceback's frames printed without their source lines (a
frozen app, a bytecode-only install, a log formatter keeping frames only) still name their
statements through the catalogue. A frame whose line is, in the indexed release, a call its
function makes (the code facts record it) and no raise is the call rule's call, as the printed
line would say; a frame above landing on a raise of a call's result there is a trail given to
the exception, as a printed ``raise rewrite(...)`` says. Each on a real catalogue of a small
package indexed here (``index_helpers.package_matcher``)."""

from __future__ import annotations

from pathlib import Path

from index_helpers import first, package_matcher

from errdex.match.frames import CALL_STANDS, RAISE_STANDS, call_frame, calls_only
from errdex.match.parse import Frame
from errdex.match.result import CALL_KIND

_CORE = """\
from pkg import _speedups


class Parser:
    def parse(self, text, fmt):
        self.check(fmt=fmt)
        return _speedups.strptime(text, fmt)

    def check(self, fmt):
        if not fmt:
            raise ValueError("empty format")

    def render(self, text):
        try:
            return self.parse(text, "%Y")
        except ValueError as exc:
            raise rewrite(exc)

    def size(self, text):
        n = 0
        return n

    def scan(self, text):
        if text is None:
            raise ValueError("no text given")
        return _speedups.scan(text)


def rewrite(exc):
    return exc
"""

# a pure-Python fallback raising words like the compiled parser's: the look-alike
_FALLBACK = """\
def strptime(text, fmt):
    raise ValueError(f"unparseable token {text!r} in format {fmt!r}")
"""

_FILES = {"pkg/__init__.py": "", "pkg/core.py": _CORE, "pkg/fallback.py": _FALLBACK}
_MESSAGE = "ValueError: unparseable token 'x' in format '%Y'"
_SITE = "/venv/lib/python3.13/site-packages/pkg/core.py"
_USER = '  File "/home/u/main.py", line 3, in <module>'


def _traceback(*frames: str, message: str = _MESSAGE) -> str:
    return "\n".join(["Traceback (most recent call last):", _USER, *frames, message])


def test_a_frame_without_its_line_on_a_recorded_call_answers_the_call(tmp_path: Path) -> None:
    with package_matcher(tmp_path, _FILES) as m:
        res = m.explain(_traceback(f'  File "{_SITE}", line 7, in parse'))
    call = first(res)
    assert call.kind == CALL_KIND
    assert (call.path, call.line, call.function) == ("pkg/core.py", 7, "Parser.parse")
    # the call as the release's code facts write it stands for the line not printed
    assert call.template == "_speedups.strptime(...)"
    assert call.approximate and res.outcome == "approximate"
    assert [x.path for x in res.matches[1:]] == ["pkg/fallback.py"]


def test_compiled_frames_below_an_unprinted_call_answer_the_call(tmp_path: Path) -> None:
    pyx = '  File "pkg/_speedups.pyx", line 644, in pkg._speedups.strptime'
    with package_matcher(tmp_path, _FILES) as m:
        res = m.explain(_traceback(f'  File "{_SITE}", line 7, in parse', pyx))
    call = first(res)
    assert call.kind == CALL_KIND and (call.path, call.line) == ("pkg/core.py", 7)
    assert all(x.approximate for x in res.matches)


def test_an_unprinted_frame_on_a_raise_answers_the_raise(tmp_path: Path) -> None:
    # the line holds a raise statement in the release: its own site, never a call
    text = _traceback(
        f'  File "{_SITE}", line 6, in parse',
        f'  File "{_SITE}", line 11, in check',
        message="ValueError: empty format",
    )
    with package_matcher(tmp_path, _FILES) as m:
        res = m.explain(text)
    top = first(res)
    assert top.kind != CALL_KIND and (top.path, top.line) == ("pkg/core.py", 11)
    assert not top.approximate


def test_an_unprinted_frame_on_a_line_with_no_recorded_call_answers_no_call(tmp_path: Path) -> None:
    # ``n = 0`` calls nothing: the frame names no call, and the look-alike text stays first
    with package_matcher(tmp_path, _FILES) as m:
        res = m.explain(_traceback(f'  File "{_SITE}", line 20, in size'))
    assert all(x.kind != CALL_KIND for x in res.matches)
    assert first(res).path == "pkg/fallback.py"


def test_an_unprinted_frame_of_another_function_at_the_line_answers_no_call(tmp_path: Path) -> None:
    # line 7 is ``Parser.parse``'s call in the release; a frame naming ``size`` there is
    # another release's code, and the line says nothing of its statement
    with package_matcher(tmp_path, _FILES) as m:
        res = m.explain(_traceback(f'  File "{_SITE}", line 7, in size'))
    assert all(x.kind != CALL_KIND for x in res.matches)


def test_an_unprinted_frame_above_on_a_raise_of_a_call_is_a_trail(tmp_path: Path) -> None:
    # ``raise rewrite(exc)`` above gives the frames below as the caught error's trail: the call
    # at the bottom is not where the pasted exception was raised (as when the line is printed)
    text = _traceback(
        f'  File "{_SITE}", line 17, in render',
        '  File "<template>", line 1, in top-level template code',
        f'  File "{_SITE}", line 7, in parse',
    )
    with package_matcher(tmp_path, _FILES) as m:
        res = m.explain(text)
    assert all(x.kind != CALL_KIND for x in res.matches)


def test_an_unprinted_frame_on_a_call_beside_its_function_raise_answers_the_call(tmp_path: Path) -> None:
    # the frame's line is the call in the release, not the raise of its function spelling the
    # text (as a printed call line there says): the call first, that raise next, both approximate
    frame = f'  File "{_SITE}", line 26, in scan'
    with package_matcher(tmp_path, _FILES) as m:
        res = m.explain(_traceback(frame, message="ValueError: no text given"))
    assert first(res).kind == CALL_KIND and first(res).template == "_speedups.scan(...)"
    assert [(x.path, x.line) for x in res.matches[1:]] == [("pkg/core.py", 25)]
    assert all(x.approximate for x in res.matches)


def test_calls_only_reads_an_unprinted_frame_through_the_catalogue() -> None:
    frame = Frame("/venv/site-packages/pkg/core.py", 7, "parse", None)
    assert calls_only(frame, lambda _fr: CALL_STANDS)
    assert not calls_only(frame, lambda _fr: RAISE_STANDS)
    assert not calls_only(frame, lambda _fr: None)
    assert not calls_only(frame)  # no catalogue to ask: nothing is known of the statement
    # a printed line is read as printed, whatever the catalogue holds
    printed = Frame(frame.path, 7, "parse", 'raise ValueError("x")')
    assert not calls_only(printed, lambda _fr: CALL_STANDS)
    assert calls_only(Frame(frame.path, 7, "parse", "return f(x)"), lambda _fr: None)


def test_call_frame_takes_an_unprinted_call_unless_a_frame_above_raises_a_call() -> None:
    lib = [(0, "pkg/core.py"), (1, "pkg/core.py")]
    above = Frame("/venv/site-packages/pkg/core.py", 17, "render", None)
    call = Frame("/venv/site-packages/pkg/core.py", 7, "parse", None)

    def stands(fr: Frame) -> str | None:
        return RAISE_STANDS if fr.line == 17 else CALL_STANDS

    assert call_frame([above, call], lib, stands_at=lambda fr: CALL_STANDS if fr.line == 7 else None) == 1
    assert call_frame([above, call], lib, stands_at=stands) is None
    assert call_frame([above, call], lib) is None  # nothing known of the unprinted line
