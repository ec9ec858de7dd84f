"""A traceback that prints no caret line at all still answers the library's call into compiled
code (popular40's proto-plus-rt-018/028: Python 3.12 prints no ``^^^`` when each frame's
failing expression is its whole line, ``pool.Add(self.descriptor)``; 3.13 elides them too, and
older Pythons and many pastes have none). Without carets the printed line may be the last line
of a statement split over lines (Python 3.10 and older), so the call is trusted only when the
error's line follows the frame's header and its one line, and no raise of the catalogue holds
the text: none fits it exactly, and none lies in the frame's own function. Each on a real
catalogue of a small package indexed here (``index_helpers.package_matcher``)."""

from __future__ import annotations

from pathlib import Path

from index_helpers import first, package_matcher

_DESCRIPTORS = """\
from pkg import _upb


class FileInfo:
    def generate(self, pool):
        pool.Add(self.descriptor)

    def build(self, pool):
        try:
            self.generate(pool)
        except TypeError as exc:
            raise TypeError(f"cannot build the pool: {exc}")

    def load(self, name):
        if not name:
            raise ValueError("cannot load a file with no name")
        return _upb.load(name,
            _upb.describe(name))
"""

# another module's raise of words like some of compiled code's: the look-alike
_CHECKS = """\
def check(value):
    raise TypeError(f"expected bytes for {value!r}")
"""

_FILES = {"pkg/__init__.py": "", "pkg/descriptors.py": _DESCRIPTORS, "pkg/checks.py": _CHECKS}
_SITE = "/venv/lib/python3.12/site-packages/pkg/descriptors.py"
_OLD_SITE = _SITE.replace("python3.12", "python3.10")  # a Python that prints a statement's last line
_USER = ('  File "/home/u/main.py", line 3, in <module>', "    FileInfo().generate(pool)")
_CALL = (f'  File "{_SITE}", line 6, in generate', "    pool.Add(self.descriptor)")
_ERROR = "TypeError: Couldn't build proto file into descriptor pool: duplicate field number (1)"


def _traceback(*lines: str) -> str:
    return "\n".join(["Traceback (most recent call last):", *_USER, *lines])


def test_a_traceback_with_no_carets_answers_the_call_no_raise_holds_the_text(tmp_path: Path) -> None:
    with package_matcher(tmp_path, _FILES) as m:
        res = m.explain(_traceback(*_CALL, _ERROR))
        call = first(res)
        assert call.is_call and call.approximate
        assert (call.path, call.line, call.function) == ("pkg/descriptors.py", 6, "FileInfo.generate")
        assert call.exc_type == "TypeError" and call.template == "pool.Add(self.descriptor)"
        # the message alone says nothing of the call
        assert not any(x.is_call for x in m.explain(_ERROR).matches)


def test_a_paste_cut_after_the_frame_or_a_raise_fitting_exactly_keeps_its_answer(tmp_path: Path) -> None:
    with package_matcher(tmp_path, _FILES) as m:
        # a line between the frame and the error (a log's next record, a cut paste)
        cut = m.explain(_traceback(*_CALL, "INFO retrying in 5 s", _ERROR))
        assert not any(x.is_call for x in cut.matches)
        # a raise of the catalogue holds the text exactly: that raise is the answer, not the call,
        # when the paste may be of a Python before 3.11 (its folder: 3.10), whose printed line
        # may be the last of a statement split over lines (3.11 and later print the first:
        # ``test_match_frames_first_modern.py``)
        old = (_CALL[0].replace("python3.12", "python3.10"), _CALL[1])
        fits = m.explain(_traceback(*old, "TypeError: expected bytes for 'x'"))
        assert fits.outcome == "exact" and first(fits).path == "pkg/checks.py"
        assert not any(x.is_call for x in fits.matches)


def test_a_continuation_line_or_a_raise_of_a_function_run_through_keeps_the_call_unsaid(
    tmp_path: Path,
) -> None:
    with package_matcher(tmp_path, _FILES) as m:
        # Python 3.10 and older print a split statement's last line (here an argument's call,
        # closing a bracket it did not open): not the statement's call
        last = (f'  File "{_SITE}", line 18, in load', "    _upb.describe(name))")
        res = m.explain(_traceback(*last, "ValueError: unknown field type 17"))
        assert not any(x.is_call for x in res.matches)
        # its first line is a call, but the function's own raise is a candidate (the frame brings
        # it in, whatever its text): the statement printed may be that raise, reworded since,
        # when a Python before 3.11 printed it (3.11 and later number the statement's first line)
        first_line = (f'  File "{_OLD_SITE}", line 17, in load', "    return _upb.load(name,")
        res = m.explain(_traceback(*first_line, "ValueError: unknown field type 17"))
        assert res.matches and not any(x.is_call for x in res.matches)
        assert first(res).function == "FileInfo.load"
        # a caller's raise fitting the text (Python 2's ``reraise(TypeError, new_error, tb)``
        # keeps the frames below it): the call below is that raise's trail
        caller = (f'  File "{_OLD_SITE}", line 10, in build', "    self.generate(pool)")
        old_call = (_CALL[0].replace("python3.12", "python3.10"), _CALL[1])
        res = m.explain(_traceback(*caller, *old_call, "TypeError: cannot build the pool: duplicate name"))
        assert first(res).function == "FileInfo.build"
        assert not any(x.is_call for x in res.matches)
        # the same traceback with an unrelated text: still the caller's function, still no call
        # (the frames bring its raise in), where carets would have answered the call
        assert not any(x.is_call for x in m.explain(_traceback(*caller, *old_call, _ERROR)).matches)
