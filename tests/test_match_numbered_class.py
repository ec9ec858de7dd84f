"""A class a library makes at run time for each member of a family, numbered (sh's
``ErrorReturnCode_1``: ``type(f"ErrorReturnCode_{code}", (ErrorReturnCode,), ...)``): its exception
line is read as a class, though its name holds an underscore, and since no raise statement names
such a class, the raise of an object of unknown class (``raise exc``) in the helper the frames
lead to is where it was raised. The paste is an older release's, whose deepest function
(``_handle_exit_code``) the indexed release renamed: the frame above it now calls the helper.
On a real package indexed in the test (issue #10 item 6, frames first)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import first, package_matcher

from errdex.match import Matcher
from errdex.match.parse import is_type_name, parse

SH = """\
class ErrorReturnCode(Exception):
    def __init__(self, full_cmd, stdout, stderr):
        self.full_cmd = full_cmd
        self.stdout = stdout
        self.stderr = stderr
        super().__init__(self.render())

    def render(self):
        return "\\n\\n  RAN: %s\\n\\n  STDOUT:\\n%s\\n\\n  STDERR:\\n%s" % (self.full_cmd, self.stdout, self.stderr)


_classes = {}


def get_rc_exc(code):
    name = "ErrorReturnCode_%d" % code
    if name not in _classes:
        _classes[name] = type(name, (ErrorReturnCode,), {"exit_code": code})
    return _classes[name]


class RunningCommand:
    def __init__(self, cmd, process):
        self.ran = cmd
        self.process = process
        self.wait()

    def wait(self, timeout=None):
        if timeout is not None and timeout < 0:
            raise RuntimeError("timeout cannot be negative")
        code = self.process.wait()
        self.handle_command_exit_code(code)
        return self

    def handle_command_exit_code(self, code):
        if code:
            exc = get_rc_exc(code)(self.ran, self.process.stdout, self.process.stderr)
            raise exc
"""

_SITE = "/usr/lib/python2.7/site-packages/shx/__init__.py"
_TRAILING = " "  # Python prints the class, ": ", then a text that opens with a line break
# an older release's traceback: ``wait`` called ``_handle_exit_code``, renamed since
PASTE = f"""\
Traceback (most recent call last):

  File "<ipython-input-27-1f411ad4cffc>", line 1, in <module>
    print shx.find('./ -type f')

  File "{_SITE}", line 330, in __init__
    self.wait()

  File "{_SITE}", line 334, in wait
    self._handle_exit_code(self.process.wait())

  File "{_SITE}", line 348, in _handle_exit_code
    self.process.stderr

ErrorReturnCode_1:{_TRAILING}

  RAN: '/usr/local/bin/find ./ -type f'

  STDOUT:

  STDERR:
/usr/local/bin/find: `./ -type f': No such file or directory
"""


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    with package_matcher(tmp_path_factory.mktemp("numbered_class"), {"shx/__init__.py": SH}) as m:
        yield m


def test_a_numbered_class_is_a_class() -> None:
    assert is_type_name("ErrorReturnCode_1")
    assert is_type_name("sh.ErrorReturnCode_128")
    assert not is_type_name("Step_1")  # one hump and no class suffix: a label
    q = parse(PASTE)
    assert q.exc_type == "ErrorReturnCode_1"
    assert q.message.startswith("RAN: '/usr/local/bin/find")


def test_the_helper_raising_an_object_of_unknown_class_raised_the_numbered_class(matcher: Matcher) -> None:
    res = matcher.explain(PASTE)
    top = first(res)
    assert (top.function, top.line) == ("RunningCommand.handle_command_exit_code", 38), [
        (m.function, m.line) for m in res.matches
    ]
    assert any("_handle_exit_code is gone" in r for r in top.reasons), top.reasons


def test_a_named_class_still_wants_a_raise_naming_it(matcher: Matcher) -> None:
    # a class that is no run-time member (``ErrorReturnCode``): ``raise exc`` of unknown class
    # is any helper's raise, and the callee rule names only raises of the class
    res = matcher.explain(PASTE.replace("ErrorReturnCode_1:", "ErrorReturnCodeMissing:"))
    assert all(m.function != "RunningCommand.handle_command_exit_code" for m in res.matches[:1])
