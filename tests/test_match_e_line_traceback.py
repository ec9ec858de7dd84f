"""pytest's ``E`` lines that hold a whole traceback (a test ran code in another process and
failed on the traceback it printed) are that traceback: its frames are read as frames, its
last line as its exception line, so the raise is found as it would be in the traceback pasted
bare. On a real catalogue of a small package indexed here (``index_helpers.package_matcher``)."""

from __future__ import annotations

from pathlib import Path

from index_helpers import first, line_of, package_matcher

from errdex.match.parse import parse

_HOOKS = """\
class BackendUnavailable(Exception):
    def __init__(self, traceback, message=None):
        super().__init__(message or "Error while importing backend")
        self.traceback = traceback


class HookMissing(Exception):
    pass


class HookCaller:
    def _call_hook(self, hook_name, kwargs):
        data = self._run(hook_name, kwargs)
        if data.get("unsupported"):
            raise HookMissing(hook_name)
        if data.get("no_backend"):
            raise BackendUnavailable(data.get("traceback", ""), message=data.get("backend_error", ""))
        return data["return_val"]
"""

_FILES = {"hooks/__init__.py": "", "hooks/_impl.py": _HOOKS}
_RAISE = line_of(_HOOKS, "raise BackendUnavailable(")

# the subprocess's traceback as it printed it, then as pytest shows it under the test's source:
# each line behind the ``E`` column and pytest's indentation of the failure's text
_SUBPROCESS = """\
Traceback (most recent call last):
  File "<string>", line 9, in <module>
  File "/venv/lib/python3.5/site-packages/hooks/_impl.py", line 71, in _call_hook
    raise BackendUnavailable
hooks._impl.BackendUnavailable"""
_REPORT = "    def test_metainfo():\n>       run_in_subprocess(extract_metainfo, path)\n" + "\n".join(
    "E               " + ln for ln in _SUBPROCESS.splitlines()
)


def test_a_traceback_in_pytest_s_e_lines_is_read_as_one(tmp_path: Path) -> None:
    q = parse(_REPORT)
    assert q.exc_type == "hooks._impl.BackendUnavailable"
    assert [(f.function, f.source) for f in q.frames] == [
        ("<module>", None),
        ("_call_hook", "raise BackendUnavailable"),
    ]
    with package_matcher(tmp_path, _FILES) as m:
        res = m.explain(_REPORT)
    assert (first(res).path, first(res).line) == ("hooks/_impl.py", _RAISE)


def test_e_lines_without_a_frame_stay_the_message() -> None:
    # the header's words quoted in a test's message, no frame under them: the text is kept
    q = parse("E   AssertionError: expected\nE   Traceback (most recent call last):\nE   nothing else")
    assert q.exc_type == "AssertionError" and "Traceback" in q.message
