"""A traceback ending on ``raise self._im.ex`` (a re-raise of an object some code stored, never
raised before: its traceback starts there) was raised at that frame. Another re-raise of the same
stored object elsewhere (``raise self.ex`` in the holder's ``__getattr__``), which the catalogue
knows the text of, is no place where the object was built: it does not take the frame's place.
A template where the object is built and handed on still does (``rank._built_over_reraise``).
Each on a real catalogue of a small package indexed here (``index_helpers.package_matcher``),
shaped as Pillow's ``DeferredError``."""

from __future__ import annotations

from pathlib import Path

from index_helpers import first, package_matcher

_UTIL = """\
class DeferredError:
    def __init__(self, ex):
        self.ex = ex

    def __getattr__(self, name):
        raise self.ex
"""

_IMAGE = """\
from pkg._util import DeferredError


class Image:
    def __init__(self):
        self._im = object()

    def close(self):
        self._im = DeferredError(ValueError("Operation on closed image"))

    @property
    def im(self):
        if isinstance(self._im, DeferredError):
            raise self._im.ex
        return self._im

    def load(self):
        return self.im.pixels()
"""

_FILES = {"pkg/__init__.py": "", "pkg/_util.py": _UTIL, "pkg/image.py": _IMAGE}
_SITE = "/venv/lib/python3.13/site-packages/pkg/image.py"
_TRACEBACK = "\n".join(
    [
        "Traceback (most recent call last):",
        '  File "/home/u/main.py", line 4, in <module>',
        "    img.load()",
        "    ~~~~~~~~^^",
        f'  File "{_SITE}", line 18, in load',
        "    return self.im.pixels()",
        "           ^^^^^^^",
        f'  File "{_SITE}", line 14, in im',
        "    raise self._im.ex",
        "ValueError: Operation on closed image",
    ]
)


def test_a_frame_on_a_re_raise_stays_first_over_another_re_raise_of_the_text(tmp_path: Path) -> None:
    with package_matcher(tmp_path, _FILES) as m:
        res = m.explain(_TRACEBACK)
        alone = m.explain("ValueError: Operation on closed image")
    top = first(res)
    assert (top.path, top.line, top.function) == ("pkg/image.py", 14, "Image.im")
    # the holder's re-raise, whose text the catalogue knows, is still listed
    assert "pkg/_util.py" in [x.path for x in res.matches]
    # the message alone has no frame: the text's own site answers it
    assert first(alone).path == "pkg/_util.py"


def test_a_template_where_the_object_is_built_still_goes_first(tmp_path: Path) -> None:
    # the object built into a name and handed on (no frame of its own): where it got its text
    built = _IMAGE.replace(
        '        self._im = DeferredError(ValueError("Operation on closed image"))',
        '        err = ValueError("Operation on closed image")\n        self._im = DeferredError(err)',
    )
    with package_matcher(tmp_path, {**_FILES, "pkg/image.py": built}) as m:
        res = m.explain(
            _TRACEBACK.replace("line 14, in im", "line 15, in im").replace(
                "line 18, in load", "line 19, in load"
            )
        )
    top = first(res)
    assert (top.path, top.function) == ("pkg/image.py", "Image.close")


_AUTH = """\
class AuthenticationException(Exception):
    pass


class AuthHandler:
    def __init__(self, transport):
        self.transport = transport

    def wait_for_response(self):
        e = self.transport.get_exception()
        if e is None:
            e = AuthenticationException("Authentication failed.")
        raise e
"""

_CLIENT = """\
from pkg.auth import AuthHandler


class SSHClient:
    def __init__(self, transport):
        self.handler = AuthHandler(transport)

    def _auth(self):
        saved_exception = None
        try:
            self.handler.wait_for_response()
        except Exception as e:
            saved_exception = e
        if saved_exception is not None:
            raise saved_exception

    def connect(self):
        self._auth()
"""


def test_a_name_built_in_its_own_function_is_where_the_object_was_built(tmp_path: Path) -> None:
    # paramiko's shape: ``raise e`` right after ``e = AuthenticationException(...)`` is where the
    # object got its text; the caller's ``raise saved_exception`` (the traceback's last frame,
    # printed with the text) only passes it on, so the built site still goes first
    files = {"pkg/__init__.py": "", "pkg/auth.py": _AUTH, "pkg/client.py": _CLIENT}
    site = "/venv/lib/python3.13/site-packages/pkg/client.py"
    traceback = "\n".join(
        [
            "Traceback (most recent call last):",
            '  File "/home/u/main.py", line 4, in <module>',
            "    client.connect()",
            f'  File "{site}", line 18, in connect',
            "    self._auth()",
            f'  File "{site}", line 15, in _auth',
            "    raise saved_exception",
            "AuthenticationException: Authentication failed.",
        ]
    )
    with package_matcher(tmp_path, files) as m:
        res = m.explain(traceback)
    top = first(res)
    assert (top.path, top.function) == ("pkg/auth.py", "AuthHandler.wait_for_response")
