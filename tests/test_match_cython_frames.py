"""A traceback ending in Cython frames (``checkrc.pxd``, ``in pkg.backend.cython.checkrc._check_rc``)
of a module the catalogue holds only as another file's source (a later release merged the
``.pxd``'s code into ``pkg/backend/cython/_core.py``): the frame's function in the frame's own
folder is the site, not a namesake another folder keeps (a pure-Python backend's
``pkg/error.py``). On a real catalogue of a small package indexed here
(``index_helpers.package_matcher``)."""

from __future__ import annotations

from pathlib import Path

from index_helpers import first, package_matcher, site

_ERROR = """\
class PkgError(Exception):
    def __init__(self, errno):
        self.errno = errno
        self.strerror = strerror(errno)

    def __str__(self):
        return self.strerror


class Again(PkgError):
    pass


def strerror(errno):
    return f"error {errno}"


def _check_rc(rc, errno):
    # the pure-Python backend's check, the namesake in another folder
    if rc == -1:
        if errno == 11:
            raise Again(errno)
        raise PkgError(errno)
"""

_CORE = """\
from pkg.error import Again, PkgError


def _check_rc(rc, errno):
    # the compiled backend's check, Cython's pure-Python mode source of checkrc.pxd
    if rc == -1:
        if errno == 11:
            raise Again(errno)
        raise PkgError(errno)
"""

_FILES = {
    "pkg/__init__.py": "",
    "pkg/error.py": _ERROR,
    "pkg/backend/__init__.py": "",
    "pkg/backend/cython/__init__.py": "",
    "pkg/backend/cython/_core.py": _CORE,
}


def _paste(*frames: str) -> str:
    """The user's frame binding a socket, the compiled ``frames`` under it, the error line."""
    head = [
        "Traceback (most recent call last):",
        '  File "server.py", line 12, in <module>',
        '    sock.bind("x")',
    ]
    return "\n".join([*head, *frames, "pkg.error.PkgError: Address already in use"])


def test_a_cython_frame_names_its_folder_s_function_not_a_namesake_elsewhere(tmp_path: Path) -> None:
    # Cython's frames with their C file's location, the function's module in its name
    text = _paste(
        '  File "pkg/backend/cython/socket.pyx", line 495, in pkg.backend.cython.socket.Socket.bind',
        '  File "pkg/backend/cython/checkrc.pxd", line 25, in pkg.backend.cython.checkrc._check_rc',
    )
    # an old Cython's bare file names, the C location wrapped onto the next line
    old = _paste(
        '  File "socket.pyx", line 434, in',
        "pkg.backend.cython.socket.Socket.bind",
        "(pkg/backend/cython/socket.c:3928)",
        '  File "checkrc.pxd", line 21, in pkg.backend.cython.checkrc._check_rc',
        "(pkg/backend/cython/socket.c:6058)",
    )
    with package_matcher(tmp_path, _FILES) as m:
        for paste in (text, old):
            top = first(m.explain(paste))
            assert (top.path, top.function) == ("pkg/backend/cython/_core.py", "_check_rc"), (paste, top)


# the library's Python layer calling into the compiled backend (a call that raises nothing)
_SUGAR = """\
class Socket:
    def recv_json(self, flags=0):
        msg = self.recv(flags)
        return msg

    def send_json(self, obj):
        if obj is None:
            raise TypeError("nothing to send")
"""


def test_a_raise_in_the_compiled_module_s_own_source_outranks_the_call_into_it(tmp_path: Path) -> None:
    # the library's call, then the Cython frames of the compiled backend below it
    text = "\n".join([
        "Traceback (most recent call last):",
        '  File "client.py", line 44, in account',
        "    reply = sock.recv_json()",
        '  File "/usr/lib/python3/dist-packages/pkg/sugar.py", line 3, in recv_json',
        "    msg = self.recv(flags)",
        '  File "pkg/backend/cython/socket.pyx", line 791, in pkg.backend.cython.socket.Socket.recv',
        '  File "pkg/backend/cython/checkrc.pxd", line 20, in pkg.backend.cython.checkrc._check_rc',
        "pkg.error.Again: error 11",
    ])  # fmt: skip
    files = {**_FILES, "pkg/sugar.py": _SUGAR}
    # a plain Python file of the folder: the compiled code is not known to be it, the call leads
    with package_matcher(tmp_path / "plain", files) as m:
        res = m.explain(text)
    assert first(res).is_call and (first(res).path, first(res).line) == ("pkg/sugar.py", 3)
    # the same file in Cython's pure-Python mode is the compiled module's source: its raise ran
    cython = {**files, "pkg/backend/cython/_core.py": "import cython\n" + _CORE}
    with package_matcher(tmp_path / "cython", cython) as m:
        res = m.explain(text)
    top = first(res)
    assert (top.path, top.function, top.exc_type) == ("pkg/backend/cython/_core.py", "_check_rc", "Again")
    assert res.matches[1].is_call and res.matches[1].path == "pkg/sugar.py"
    assert res.verdict.startswith(
        "no exact match: raised in the compiled build of pkg/backend/cython/_core.py"
    )


# a codec whose compiled module (built from ``_unpacker.pyx``) has a pure-Python twin in the package
_TWIN = {
    "pkg/__init__.py": "",
    "pkg/fallback.py": """\
def unpackb(packed, max_len=10):
    n = len(packed)
    if n > max_len:
        raise ValueError(f"{n} exceeds max_len({max_len})")
    return packed
""",
    # the library's own Python layer calling into the compiled module
    "pkg/api.py": """\
from pkg import _cpkg


def loads(data):
    return _cpkg.unpackb(data)


def dumps(obj):
    if obj is None:
        raise TypeError("nothing to pack")
""",
}


def _codec_paste(*frames: str, function: str = "unpackb") -> str:
    """Another package's frame calling the codec, ``frames`` of the library, the compiled frame."""
    return "\n".join([
        "Traceback (most recent call last):",
        '  File "/venv/lib/python3.12/site-packages/distributed/protocol/core.py", line 175, in loads',
        "    return pkg.loads(frames)",
        *frames,
        f'  File "pkg/_unpacker.pyx", line 194, in pkg._cpkg.{function}',
        "ValueError: 2369781118 exceeds max_len(2147483647)",
    ])  # fmt: skip


def test_a_traceback_entering_the_library_in_its_compiled_twin_is_exact_at_the_python_twin(
    tmp_path: Path,
) -> None:
    with package_matcher(tmp_path, _TWIN) as m:
        res = m.explain(_codec_paste())
        # the compiled frame's function has no namesake in its folder: no twin is known
        other = m.explain(_codec_paste(function="decode"))
        # a Python frame of the library calls into the compiled module: the call is its site
        called = m.explain(
            _codec_paste(
                '  File "/venv/lib/python3.12/site-packages/pkg/api.py", line 5, in loads',
                "    return _cpkg.unpackb(data)",
            )
        )
    assert res.outcome == "exact" and site(first(res)) == ("pkg/fallback.py", "unpackb")
    assert other.outcome == "approximate" and site(first(other)) == ("pkg/fallback.py", "unpackb")
    assert first(called).is_call and site(first(called)) == ("pkg/api.py", "loads")
