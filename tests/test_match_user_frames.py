"""Issue #10 item 7: a whole CPython traceback whose frames all lie in the user's code (or the
standard library's) rules out every raise statement of the catalogue, whose frame would have
been printed below the user's. A library imitating a compiled library's text (``tab``'s
``ExtensionArray.item`` spelling numpy's C ``can only convert an array of size 1 to a Python
scalar``) is then a look-alike, never an exact answer, unless the paste's format may have hidden
the library's frames (pytest's and IPython's reports, a filter's note, a cut, a chain) or its
class names a library (a C twin of its Python code raised it), or the answer's library rebuilds
the tracebacks of exceptions leaving it (jax's ``traceback_util``): then its frames are missing
by its own doing."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from index_helpers import first, package_matcher

from errdex.match import Matcher
from errdex.match.userframes import OWN_FRAMES_CUT, USER_CODE_ONLY, rebuilds_tracebacks, whole_report
from errdex.model import CatalogueEntry, render_template

TEXT = "can only convert an array of size 1 to a Python scalar"
SITE = "/venv/lib/python3.12/site-packages"


def _matcher(exc_type: str = "ValueError") -> Matcher:
    entry = CatalogueEntry(
        key=1, error_id="item", repo="o/tab", version="1.0", snapshot_date=None, kind="error",
        exc_type=exc_type, exc_qualname=None, template=render_template([TEXT]), segments=[TEXT],
        path="tab/arrays/base.py", line=678, function="ExtensionArray.item",
    )  # fmt: skip
    return Matcher.from_entries([entry])


def _user_only(*frames: str, error: str = f"ValueError: {TEXT}") -> str:
    return "Traceback (most recent call last):\n" + "".join(frames) + error


MAIN = '  File "/home/u/proj/main.py", line 5, in <module>\n    a.item()\n'


def test_a_whole_traceback_in_the_users_code_alone_gets_no_exact_answer() -> None:
    res = _matcher().explain(_user_only(MAIN))
    assert res.matches and res.matches[0].id == "item", res.verdict  # still the closest
    assert all(m.approximate for m in res.matches)
    assert USER_CODE_ONLY in res.matches[0].reasons
    assert res.verdict.startswith("no exact match")


def test_the_message_alone_keeps_its_exact_answer() -> None:
    # no frame at all says nothing of which code ran: the library's text is the message's
    res = _matcher().explain(f"ValueError: {TEXT}")
    assert res.matches and res.matches[0].id == "item" and not res.matches[0].approximate


@pytest.mark.parametrize(
    "frames",
    [
        # the standard library's frames above, and ``<stdin>``, are no library's either
        ('  File "<stdin>", line 1, in <module>\n',),
        ('  File "/usr/lib/python3.12/runpy.py", line 88, in _run_code\n    exec(code, run_globals)\n', MAIN),
        # Python 3.11's carets, 3.13's elided lines, a recursion's repeat line
        (MAIN + "    ^^^^^^^^\n",),
        ('  File "/home/u/proj/main.py", line 5, in <module>\n    b = a.item(\n        ...<2 lines>...\n    )\n',),
        ('  File "/home/u/proj/main.py", line 3, in f\n    return f(a)\n',
         "  [Previous line repeated 2 more times]\n", MAIN),
    ],
)  # fmt: skip
def test_user_and_standard_library_frames_rule_the_library_out(frames: tuple[str, ...]) -> None:
    res = _matcher().explain(_user_only(*frames))
    assert res.matches and all(m.approximate for m in res.matches), res.verdict


LIB = f'  File "{SITE}/tab/arrays/base.py", line 678, in item\n    raise ValueError("{TEXT}")\n'


@pytest.mark.parametrize(
    "paste",
    [
        # the library's frame is printed: it raised
        _user_only(MAIN, LIB),
        # a library's class: its compiled twin of the Python raise printed it
        _user_only(MAIN, error=f"tab.errors.ValueError: {TEXT}"),
        # a filter's note: JAX, Hydra
        _user_only(MAIN) + "\n--------------------\nFor simplicity, JAX has removed its internal frames from "
        "the traceback of the following exception.",
        _user_only(MAIN) + "\n\nSet the environment variable HYDRA_FULL_ERROR=1 for a complete stack trace.",
        # a cut among the frames
        _user_only(MAIN, "  ...\n"),
        _user_only(MAIN, "    [...]\n"),
        # a compiled frame, a relative path below the script (a frozen app, folders dropped)
        _user_only(MAIN, '  File "tab/_libs/lib.pyx", line 10, in tab._libs.lib.item\n'),
        _user_only(MAIN, '  File "base.py", line 678, in item\n    raise ValueError(msg)\n'),
        _user_only(MAIN, '  File "/[...]/arrays/base.py", line 678, in item\n    raise ValueError(msg)\n'),
        # a source checkout of a held package, at a file the catalogue does not hold
        _user_only(MAIN, '  File "/home/u/src/tab/tab/old.py", line 3, in item\n    check(a)\n'),
        # the last frame re-raises an exception made elsewhere (a worker's, stored)
        _user_only(MAIN, '  File "/home/u/proj/pool.py", line 9, in get\n    raise self._value\n'),
        # a chain: the earlier exception's frames may hold the library's
        _user_only(MAIN) + "\n\nDuring handling of the above exception, another exception occurred:\n\n"
        + _user_only(MAIN),
    ],
)  # fmt: skip
def test_a_paste_that_may_hide_the_librarys_frames_keeps_its_exact_answer(paste: str) -> None:
    res = _matcher().explain(paste)
    assert res.matches and res.matches[0].id == "item", res.verdict
    assert not res.matches[0].approximate, res.matches[0].reasons


@pytest.mark.parametrize(
    "paste",
    [
        # pytest's report honours ``__tracebackhide__``: the library's frames may be hidden
        f"    def test_item():\n        a = make()\n>       a.item()\nE       ValueError: {TEXT}\n\n"
        "test_x.py:5: ValueError",
        # a frame of an installed package not indexed (a framework's filter re-raising: an
        # answer there is approximate already, for the package the paste points to)
        _user_only(MAIN, f'  File "{SITE}/kfilter/utils.py", line 70, in handler\n    raise e.with_traceback(tb) from None\n'),
        # IPython's report hides them too
        "---------------------------------------------------------------------------\n"
        "ValueError                                Traceback (most recent call last)\n"
        f"Cell In[3], line 5\n----> 5 a.item()\n\nValueError: {TEXT}",
    ],
)  # fmt: skip
def test_reports_that_may_hide_frames_are_not_read_as_whole(paste: str) -> None:
    res = _matcher().explain(paste)
    assert res.matches and res.matches[0].id == "item", res.verdict
    assert USER_CODE_ONLY not in res.matches[0].reasons


def test_whole_report_counts_the_frames_and_wants_the_error_line_after_them() -> None:
    paste = _user_only(MAIN)
    assert whole_report(paste, 1, ["ValueError"])
    assert not whole_report(paste, 2, ["ValueError"])  # a frame parsed but not printed so
    assert not whole_report(paste, 1, ["TypeError"])  # another exception's line
    assert not whole_report(paste.replace(f"ValueError: {TEXT}", ""), 1, ["ValueError"])  # cut at the end
    assert not whole_report(paste.replace("    a.item()\n", "    a.item()\n\n"), 1, ["ValueError"])


# A library that cuts its own frames out of the exceptions leaving its API, as jax's
# ``traceback_util`` does: new traceback links of the frames outside it, installed with
# ``with_traceback``, re-raised bare (which adds no frame of its own)
_FILTER = """import os
import types

_HERE = os.path.dirname(__file__)


def _outside(tb):
    kept = []
    while tb is not None:
        if not tb.tb_frame.f_code.co_filename.startswith(_HERE):
            kept.append(tb)
        tb = tb.tb_next
    out = None
    for t in reversed(kept):
        out = types.TracebackType(out, t.tb_frame, t.tb_lasti, t.tb_lineno)
    return out


def boundary(fun):
    def wrapper(*args, **kwargs):
        try:
            return fun(*args, **kwargs)
        except Exception as e:
            e.with_traceback(_outside(e.__traceback__))
            raise

    return wrapper
"""
# its twins: no filter at all, and links made but never installed on an exception (trio's
# ``concat_tb`` joins two chains)
_NO_FILTER = "def boundary(fun):\n    return fun\n"
_JOIN_ONLY = _NO_FILTER + (
    "\n\ndef join(head, tail):\n    import types\n\n"
    "    return types.TracebackType(tail, head.tb_frame, head.tb_lasti, head.tb_lineno)\n"
)
_CORE = """from grads._tb import boundary


@boundary
def grad(x):
    return _check(x)


def _check(x):
    if x < 0:
        raise ValueError("Reverse-mode differentiation does not work for negative inputs")
    return x
"""
_SCRIPT = "from grads.core import grad\n\ng = grad(-1)\n"


def _printed(root: Path, tb_module: str) -> str:
    """What CPython prints for ``_SCRIPT`` run against the library with that ``_tb`` module."""
    lib = root / "run" / "grads"
    lib.mkdir(parents=True)
    (lib / "__init__.py").write_text("")
    (lib / "_tb.py").write_text(tb_module)
    (lib / "core.py").write_text(_CORE)
    script = root / "proj" / "main.py"
    script.parent.mkdir()
    script.write_text(_SCRIPT)
    env = {**os.environ, "PYTHONPATH": str(root / "run")}
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 1, done.stderr
    return done.stderr


@pytest.mark.parametrize(
    ("tb_module", "exact"),
    [(_FILTER, True), (_NO_FILTER, False), (_JOIN_ONLY, False)],
    ids=["filter", "no-filter", "links-only"],
)
def test_a_library_that_cuts_its_own_frames_keeps_its_exact_answer(
    tmp_path: Path, tb_module: str, exact: bool
) -> None:
    paste = _printed(tmp_path / "ran", _FILTER)
    # CPython prints the user's frame alone: the filter cut grad's and _check's
    assert paste.count('  File "') == 1 and "main.py" in paste and "grads" not in paste, paste
    files = {"grads/__init__.py": "", "grads/_tb.py": tb_module, "grads/core.py": _CORE}
    with package_matcher(tmp_path / "indexed", files) as matcher:
        res = matcher.explain(paste)
    top = first(res)
    assert (top.path, top.function) == ("grads/core.py", "_check"), res.verdict
    assert top.approximate is not exact, top.reasons
    assert (USER_CODE_ONLY in top.reasons) is not exact
    assert (OWN_FRAMES_CUT in top.reasons) is exact


def test_rebuilding_tracebacks_takes_links_made_and_installed_in_one_module() -> None:
    made = ("a/tb.py", "types.TracebackType")
    assert rebuilds_tracebacks([made, ("a/tb.py", "e.with_traceback")])
    assert rebuilds_tracebacks([("a/tb.py", "TracebackType"), ("a/tb.py", "exc.with_traceback")])
    assert not rebuilds_tracebacks([made])  # links made for another use (a chain joined)
    assert not rebuilds_tracebacks([("a/x.py", "e.with_traceback")])  # a re-raise with its trail
    assert not rebuilds_tracebacks([made, ("a/other.py", "e.with_traceback")])  # two modules apart
