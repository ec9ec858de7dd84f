"""Values a library defines elsewhere, shown in its messages (issue #10, acc103).

- ``{CONST!r}`` (and ``%r``) of a constant of the codebase is the constant's repr, not a
  placeholder any value fits;
- a module-level number, bool or bytes literal is kept (``{LIMIT}``, ``OSError(CODE, ...)``),
  its repr exact (``10``, not ``10`` or ``'10'``; bytes ``b'...'``);
- ``errno.ENOENT`` is ``2``: the standard library's numbers Linux, macOS and Windows share;
- a module-level test of the Python version walks the live branch only (the Python 2 class does
  not replace the Python 3 one), and ``unicod = str`` called on text is that text.

Negatives: a constant a function rebinds (``global``), one bound in branches, one computed, an
errno number the platforms disagree on, and a test telling Python 3 releases apart stay open.
"""

from __future__ import annotations

import errno
import sys
import textwrap

import pytest

from errdex.extract import extract
from errdex.extract.stdlib_consts import ERRNO_SHARED
from errdex.model import SourceFile

CONSTS = """
import os

AUTH_TYPE = "user_oauth"
CR_SERVER_LOST = 2013
RATIO = 0.5
MAGIC = b"\\x93NUMPY"
FROM_ENV = int(os.environ.get("LIMIT", "10"))
SALT_BYTES = 0
if os.name == "posix":
    SALT_BYTES = os.sysconf("SC_PAGE_SIZE")
PROMPT = "> "


class CR:
    LOST = 2013
"""

MOD = """
import errno
import os

from . import consts
from .consts import AUTH_TYPE, CR_SERVER_LOST

LOCAL = "local-text"
LIMIT = 10000
REBOUND = "first"
if os.name == "nt":
    BRANCHED = 1
else:
    BRANCHED = 2


def configure(value):
    global REBOUND
    REBOUND = value


def repr_str(x):
    raise ValueError(f"expected {AUTH_TYPE!r} or {LOCAL!r}, got {x!r}")  # <- repr_str


def repr_number(x):
    raise ValueError(f"limit {LIMIT!r} code {consts.CR.LOST!r}, got {x!r}")  # <- repr_number


def shown_numbers():
    raise ValueError(f"code {consts.CR_SERVER_LOST} ratio {consts.RATIO}")  # <- numbers


def bytes_repr(magic):
    raise ValueError(f"bad magic {magic!r}, expected {consts.MAGIC!r}")  # <- bytes


def percent(x):
    raise ValueError("limit %d (%r), got %s" % (LIMIT, LIMIT, x))  # <- percent


def lost():
    raise ConnectionError(CR_SERVER_LOST, "Lost connection to server")  # <- args


def missing(path):
    raise FileNotFoundError(errno.ENOENT, "No such file or directory", path)  # <- errno


def again():
    raise BlockingIOError(errno.EAGAIN, "Resource temporarily unavailable")  # <- eagain


def rebound():
    raise ValueError(f"mode {REBOUND!r} ({REBOUND})")  # <- rebound


def branched():
    raise ValueError(f"level {BRANCHED}")  # <- branched


def computed():
    raise ValueError(f"limit {consts.FROM_ENV!r}")  # <- computed


def sized(salt):
    raise ValueError(f"The salt must be exactly {consts.SALT_BYTES}, not {len(salt)} bytes long")  # <- sized


def tupled(x):
    raise ValueError(f"expects {consts.PROMPT!r} first", x)  # <- tupled


def spec(x):
    raise ValueError(f"after {LIMIT:,} tries ({consts.RATIO:.2f}), [{LOCAL:>12}] {consts.RATIO:%Y}")  # <- spec
"""

UTIL = """
import sys

if sys.version_info >= (3, 0):
    unicod = str

    class UnicodeMixin(object):
        def __str__(self):
            return self.__unicode__()

else:
    unicod = unicode

    class UnicodeMixin(object):
        def __str__(self):
            return unicode(self).encode("utf-8")
"""

PHONE = """
import sys

import six

from .util import UnicodeMixin, unicod

PY3 = sys.version_info[0] == 3
PY2 = not PY3

try:
    text_type = unicode
except NameError:
    text_type = str


class ParseError(UnicodeMixin, Exception):
    INVALID_COUNTRY_CODE = 0

    def __init__(self, error_type, msg):
        Exception.__init__(self, msg)
        self.error_type = error_type
        self._msg = msg

    def __unicode__(self):
        return unicod("(%s) %s") % (self.error_type, self._msg)


def parse(number):
    raise ParseError(ParseError.INVALID_COUNTRY_CODE, "Missing or invalid default region.")  # <- parse


if PY2:
    def tell(x):
        raise ValueError("python 2 text " + x)  # <- py2_flag
else:
    def tell(x):
        raise ValueError("python 3 text " + x)  # <- py3_flag

if six.PY2:
    def word(x):
        raise ValueError("six python 2 " + x)  # <- six_py2


def text(x):
    raise ValueError(text_type("fallback text"))  # <- name_error


if sys.version_info >= (3, 8):
    def modern():
        raise ValueError("3.8 or later")  # <- minor_new
else:
    def modern():
        raise ValueError("before 3.8")  # <- minor_old
"""


@pytest.fixture(scope="module")
def templates() -> dict[str, set[str]]:
    files = {
        "pkg/__init__.py": "",
        "pkg/consts.py": CONSTS,
        "pkg/mod.py": MOD,
        "pkg/util.py": UTIL,
        "pkg/phone.py": PHONE,
    }
    sources = [SourceFile(p, textwrap.dedent(t).encode()) for p, t in files.items()]
    ex = extract(sources, "local/pkg", jobs=1)
    lines = {p: textwrap.dedent(t).split("\n") for p, t in files.items()}
    out: dict[str, set[str]] = {}
    for r in ex.records:
        text = lines[r.path][r.line - 1]
        if "# <- " in text:
            out.setdefault(text.rsplit("# <- ", 1)[1].strip(), set()).add(r.template)
    return out


def test_a_constants_repr_in_an_fstring_is_its_repr(templates: dict[str, set[str]]) -> None:
    assert templates["repr_str"] == {"expected 'user_oauth' or 'local-text', got {x!r}"}
    assert templates["repr_number"] == {"limit 10000 code 2013, got {x!r}"}
    assert templates["bytes"] == {"bad magic {magic!r}, expected b'\\x93NUMPY'"}
    assert templates["percent"] == {"limit 10000 (10000), got {x}"}


def test_a_constant_through_a_format_spec_is_formatted(templates: dict[str, set[str]]) -> None:
    # a spec that does not apply to the value (``%Y`` of a float) leaves the placeholder
    assert templates["spec"] == {"after 10,000 tries (0.50), [  local-text] {consts.RATIO}"}


def test_module_level_numbers_are_kept(templates: dict[str, set[str]]) -> None:
    assert templates["numbers"] == {"code 2013 ratio 0.5"}
    assert templates["args"] == {"[Errno 2013] Lost connection to server"}


def test_errno_numbers_every_platform_shares(templates: dict[str, set[str]]) -> None:
    assert templates["errno"] == {"[Errno 2] No such file or directory: {path!r}"}
    # EAGAIN is 11 on Linux and Windows, 35 on macOS: either fits
    assert templates["eagain"] == {"[Errno {errno.EAGAIN}] Resource temporarily unavailable"}


@pytest.mark.skipif(sys.platform == "win32", reason="the running interpreter's errno table is POSIX's here")
def test_the_shared_errno_table_agrees_with_this_platform() -> None:
    assert {name: getattr(errno, name) for name in ERRNO_SHARED} == dict(ERRNO_SHARED)


def test_a_constant_rebound_in_branches_or_at_run_time_stays_open(templates: dict[str, set[str]]) -> None:
    assert templates["rebound"] == {"mode {REBOUND!r} ({REBOUND})"}
    assert templates["branched"] == {"level {BRANCHED}"}
    assert templates["computed"] == {"limit {consts.FROM_ENV!r}"}
    assert templates["sized"] == {"The salt must be exactly {consts.SALT_BYTES}, not {len(salt)} bytes long"}


def test_text_holding_a_constants_repr_stays_text_in_an_args_tuple(templates: dict[str, set[str]]) -> None:
    assert templates["tupled"] == {"(\"expects '> ' first\", {x!r})"}


def test_the_python_3_branch_is_the_live_one(templates: dict[str, set[str]]) -> None:
    assert templates["parse"] == {"(0) Missing or invalid default region."}
    assert templates["py3_flag"] == {"python 3 text {x}"}
    assert "py2_flag" not in templates and "six_py2" not in templates
    assert templates["name_error"] == {"fallback text"}


def test_a_test_telling_python_3_releases_apart_keeps_both(templates: dict[str, set[str]]) -> None:
    assert templates["minor_new"] == {"3.8 or later"}
    assert templates["minor_old"] == {"before 3.8"}
