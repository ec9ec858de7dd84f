"""A whole traceback that runs through no indexed codebase: no raise statement of it ran.

Python prints a frame for every Python function an exception passes through, down to the one
whose statement raised it. When CPython's own report (``Traceback (most recent call last):``,
``File "...", line N, in f`` per frame, then the exception's line) is pasted whole and every
frame is the user's own code (their script, ``<stdin>``) or the standard library's, no raise
statement of an indexed library ran: its frame would be printed below the user's. What raised
is compiled code the user called (numpy's C ``a.item()`` printing ``can only convert an array
of size 1 to a Python scalar``), the interpreter, or the user's own statement, and a library's
raise of alike words (pandas' ``ExtensionArray.item`` imitating numpy's text) is a look-alike
nothing in the paste points to (issue #10 item 7): an approximate answer at most.

What it needs, each term a way the frames of a library's raise can be missing from a paste:

- CPython's format, whole: the header, frames printed as ``File "...", line N, in f`` (one
  header per frame parsed) each with at most its own source lines and carets below it, then
  the exception's line. CPython has no frame filter. pytest's report (``--tb=long/short/line``)
  and IPython's (``Cell In[3]``, ``<ipython-input-...>``, ``----> 5``) honour a library's
  ``__tracebackhide__`` and print other forms, which are not read here; pytest's ``--tb=native``
  prints CPython's format unfiltered (pytest only cuts the frames above the test).
  A cut (a line ``...`` or ``[...]`` among the frames, a frame header with no exception's line
  after the frames) is not whole.
- No note that frames were taken out: JAX's ``quiet_remove_frames`` (``JAX has removed its
  internal frames``), Hydra's strip of OmegaConf's frames (``Set the environment variable
  HYDRA_FULL_ERROR=1 for a complete stack trace.``).
- One exception: a chain's earlier exception (``During handling of the above exception``, ``The
  above exception was the direct cause``) may hold the library's frames, and is another block.
- No frame in any installed package (``site-packages``, an egg), in compiled code (a Cython
  ``.pyx`` frame is a library's), in a file the catalogue holds, or below a folder named as a
  package the catalogue holds (a source checkout): a framework's filter (Keras'
  ``raise e.with_traceback(filtered_tb)``) is itself a frame of an installed package.
- The last frame makes the error (a call, an expression, a new raise, ``frames.makes_error``),
  not a re-raise of an exception stored elsewhere (``raise self._exception``).
- The exception's class is a built-in one printed bare (``ValueError``): a library's class
  (``_cbor2.CBORDecodeEOF``) names the library whose C twin of its Python code raised it.

And one term of the answer's codebase, not of the paste: it does not rebuild the tracebacks of
the exceptions passing through it (``rebuilds_tracebacks``). JAX cuts its own frames out of
every exception leaving its API (``jax/_src/traceback_util.py``: ``filter_traceback`` makes a
new chain of ``types.TracebackType(out, f, ...)`` from the frames outside jax, and its
``api_boundary`` installs it with ``e.with_traceback(...)`` and re-raises bare, which adds no
frame): CPython then prints the user's frame alone above jax's ``ValueError`` (the dev eval's
jax-021, one frame of ``blahblah.py``), and no note need follow (``quiet_remove_frames``' note
is lost when a reporter copies the traceback alone). The missing frames are the library's own
doing, no evidence that its raise did not run: its answers keep their exactness.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from errdex.match.frames import makes_error
from errdex.match.index import Index
from errdex.match.parse import Frame, ParsedQuery
from errdex.match.score import norm_path, outside_library, stdlib_path
from errdex.pyexc import is_builtin

USER_CODE_ONLY = (
    "the whole traceback runs through no indexed codebase (every frame is the user's or the "
    "standard library's): a raise of this library would have printed its frame, so it did not run"
)
OWN_FRAMES_CUT = (
    "its codebase rebuilds the tracebacks of exceptions leaving it (a module makes new "
    "traceback links and installs them with with_traceback): its frames may be missing by its "
    "own doing"
)

_HEADER = "Traceback (most recent call last):"
_FRAME = re.compile(r'^(\s*)File "([^"\n]+)", line (\d+), in (\S[^\n]*)$')
_REPEATED = re.compile(r"^\[Previous line repeated \d+ more times?\]$")
# Python 3.13's elision of a statement's middle lines, printed among the frame's source lines
_ELIDED = re.compile(r"^\.\.\.<\d+ lines?>\.\.\.$")
_CUT = ("...", "\u2026", "[...]", "(...)")
# a note that frames were taken out of the report: JAX's, Hydra's, or words to that effect
_FILTERED = re.compile(
    r"\b(?:removed|filtered|hidden|omitted|skipping)\b[^\n]{0,40}\bframes?\b"
    r"|HYDRA_FULL_ERROR|\bcomplete stack ?trace\b|\bfull (?:stack ?trace|traceback)\b",
    re.IGNORECASE,
)
_ANGLED_OK = ("<stdin>", "<frozen ")  # the REPL's input; the interpreter's frozen modules
_ABSOLUTE = re.compile(r"(?:/|~/|[A-Za-z]:/)")  # a POSIX root, a home folder, a Windows drive
_ARCHIVES = (".egg/", ".egg\\", ".zip/", ".zip\\", ".whl/")


# The callee (last name) of the two calls a module makes to rebuild an exception's traceback:
# a new link of a chain, and installing that chain on the exception
TRACEBACK_CALLS = ("TracebackType", "with_traceback")


def rebuilds_tracebacks(calls: Iterable[tuple[str, str]]) -> bool:
    """Whether a codebase's library code, given as (module path, callee as written) of its calls
    to ``TRACEBACK_CALLS``, rebuilds the tracebacks of exceptions: one module both makes new
    traceback links (``types.TracebackType(tb_next, frame, lasti, lineno)``, the one way Python
    code can make a chain without some of the frames) and installs a chain on an exception
    (``exc.with_traceback(...)``). jax's ``traceback_util`` and Keras' ``traceback_utils`` do.

    Read from the code facts the index stage stores (every call inside a function, keyed by its
    callee's last name): a fact of the codebase written at index time, looked up by two keys.
    Neither call alone is the filter: ``with_traceback`` re-raises with the trail it is given
    (``six.reraise``), and a module making links for something else installs none (trio's
    ``concat_tb`` joins two chains, temporalio's workflow builds one to describe a stack). Nor
    are the other ways frames go missing a library's: ``__tracebackhide__ = True`` (pandas,
    numpy, pydantic, pytest) is honoured only by pytest's and IPython's reports, never read as
    whole here; ``sys.tracebacklimit`` keeps the innermost frames, the library's, and drops the
    user's; relinking ``tb.tb_next`` (jinja2, dask, Hydra) is also how tblib and billiard
    rebuild a pickled chain, and the code facts do not record it."""
    makes: set[str] = set()
    installs: set[str] = set()
    for path, callee in calls:
        name = callee.rpartition(".")[2]
        if name == "TracebackType":
            makes.add(path)
        elif name == "with_traceback" and "." in callee:
            installs.add(path)
    return not makes.isdisjoint(installs)


def user_code_only(idx: Index, q: ParsedQuery, types: Sequence[str], frames: Sequence[Frame]) -> bool:
    """Whether the paste is one exception's whole CPython traceback whose frames all lie in the
    user's code or the standard library, the last making the error, its class a built-in one
    (the module docstring's terms): then no raise statement of the catalogue ran."""
    if not frames or not types or len(q.blocks) > 1:
        return False
    if not all(is_builtin(t) and "." not in t for t in types):
        return False
    if _FILTERED.search(q.text) is not None:
        return False
    if not makes_error(frames[-1].source):
        return False
    if not all(_own_or_stdlib(idx, f.path, i == 0) for i, f in enumerate(frames)):
        return False
    return whole_report(q.text, len(frames), types)


def _own_or_stdlib(idx: Index, path: str, outermost: bool) -> bool:
    """Whether a frame's file is the user's own or the standard library's: not an installed
    package's, not compiled, not the catalogue's, not below a folder named as a held package.

    A path printed relative (``util.py``, ``tiktoken\\registry.py``) or with folders left out
    (``/[...]/faker/proxy.py``) may be a library's file whose folders a frozen app (PyInstaller
    prints its modules so) or the reporter dropped, so every frame but the outermost must print
    its path whole; the outermost is the script as the user ran it (Python before 3.9 prints it
    as typed: ``main.py``)."""
    p = path.replace("\\", "/")
    if p.startswith("<"):
        return p.startswith(_ANGLED_OK)
    if stdlib_path(p):
        return True
    if any(cut in p for cut in _CUT):
        return False
    if not outermost and not _ABSOLUTE.match(p):
        return False
    if "-packages/" in p or any(a in p for a in _ARCHIVES) or outside_library(p):
        return False
    if idx.resolve_path(norm_path(p)) is not None:
        return False
    folders = [part for part in p.split("/")[:-1] if part.isidentifier()]
    return not any(idx.package_holders(part) for part in folders)


def whole_report(text: str, count: int, types: Sequence[str]) -> bool:
    """Whether ``text`` holds CPython's report of one exception whole: its header once, then
    ``count`` frame headers at one indentation, each followed only by lines indented deeper (its
    source, carets, Python 3.13's ``...<2 lines>...``) or the interpreter's ``[Previous line
    repeated N more times]``, then the exception's line naming a class of ``types``. A line
    cut (``...``), a blank line or any other line among the frames is not whole."""
    lines = text.splitlines()
    starts = [i for i, line in enumerate(lines) if line.strip() == _HEADER]
    if len(starts) != 1:
        return False
    names = {t.rsplit(".", 1)[-1] for t in types}
    seen, indent = 0, -1
    for line in lines[starts[0] + 1 :]:
        stripped = line.strip()
        m = _FRAME.match(line)
        if m is not None:
            if indent >= 0 and len(m.group(1)) != indent:
                return False
            indent, seen = len(m.group(1)), seen + 1
            continue
        if not seen or not stripped:
            return False
        if _REPEATED.match(stripped):
            continue
        if len(line) - len(line.lstrip()) > indent:
            if stripped in _CUT or (stripped.startswith(_CUT) and _ELIDED.match(stripped) is None):
                return False
            continue
        name = stripped.split(":", 1)[0].strip()
        return seen == count and name.rsplit(".", 1)[-1] in names
    return False
