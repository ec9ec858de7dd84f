"""An error raised in compiled code below a library's call (a ``.so`` module's function, Cython
frames, the standard library) is answered at that call: the deepest library frame, its
enclosing function's qualified name, the pasted class, approximate. Each on a real catalogue
of a small package indexed here (``index_helpers.package_matcher``)."""

from __future__ import annotations

from pathlib import Path

from index_helpers import first, package_matcher

from errdex.match import Matcher
from errdex.match.frames import call_frame
from errdex.match.parse import Frame
from errdex.match.result import CALL_KIND

_CORE = """\
import logging

from pkg import _speedups

logger = logging.getLogger(__name__)


class Parser:
    def parse(self, text, fmt):
        self.check(fmt)
        return _speedups.strptime(text, fmt)

    def check(self, fmt):
        if not fmt:
            raise ValueError("empty format")

    def parse_all(self, texts, fmt):
        return list(
            _speedups.strptime(t, fmt) for t in texts
        )

    def feed(self, data):
        try:
            self.reader.feed_data(data)
        except _speedups.ParseError as exc:
            logger.warning("Invalid request received.", exc_info=exc)

    def dump(self, text, fmt):
        return _speedups.strptime(
            text,
            fmt,
            strict=True,
        )
"""

# a pure-Python fallback raising words like the compiled parser's: the look-alike
_FALLBACK = """\
def strptime(text, fmt):
    raise ValueError(f"unparseable token {text!r} in format {fmt!r}")
"""

# a thin wrapper around the compiled function, raising nothing itself: no entry of the catalogue
_WRAP = """\
from pkg import _speedups


def convert(text, fmt):
    return _speedups.strptime(text, fmt)
"""

_FILES = {"pkg/__init__.py": "", "pkg/core.py": _CORE, "pkg/fallback.py": _FALLBACK, "pkg/wrap.py": _WRAP}
_MESSAGE = "ValueError: unparseable token 'x' in format '%Y'"
_USER = (
    '  File "/home/u/main.py", line 3, in <module>',
    "    Parser().parse('x', '%Y')",
    "    ~~~~~~~~~~~~~~^^^^^^^^^^^",
)
_SITE = "/venv/lib/python3.13/site-packages/pkg/core.py"


def _traceback(*frames: str, carets: bool = True) -> str:
    user = list(_USER) if carets else list(_USER[:2])
    return "\n".join(["Traceback (most recent call last):", *user, *frames, _MESSAGE])


_CALL = (
    f'  File "{_SITE}", line 11, in parse',
    "    return _speedups.strptime(text, fmt)",
    "           ~~~~~~~~~~~~~~~~~~^^^^^^^^^^^",
)


def test_a_traceback_ending_at_a_call_into_a_so_module_answers_the_call(tmp_path: Path) -> None:
    with package_matcher(tmp_path, _FILES) as m:
        res = m.explain(_traceback(*_CALL))
    call = first(res)
    assert call.kind == CALL_KIND and call.is_call
    assert (call.path, call.line, call.function) == ("pkg/core.py", 11, "Parser.parse")
    assert call.exc_type == "ValueError" and call.approximate
    assert call.template == "return _speedups.strptime(text, fmt)"
    assert res.outcome == "approximate"
    assert res.verdict.startswith(
        "no exact match: raised below the library's call at pkg/core.py:11 (Parser.parse)"
    )
    # the look-alike raise follows it, approximate (the frames say it did not run)
    assert [x.path for x in res.matches[1:]] == ["pkg/fallback.py"] and res.matches[1].approximate
    assert call.to_json()["kind"] == "call"


def test_compiled_frames_below_the_call_answer_the_call(tmp_path: Path) -> None:
    pyx = (
        '  File "pkg/_speedups.pyx", line 644, in pkg._speedups.strptime',
        '  File "pkg/_speedups.pyx", line 701, in pkg._speedups._parse_with_format',
    )
    with package_matcher(tmp_path, _FILES) as m:
        res = m.explain(_traceback(*_CALL, *pyx))
    call = first(res)
    assert call.is_call and (call.path, call.line, call.function) == ("pkg/core.py", 11, "Parser.parse")
    # no answer is exact: a set labelling this error a negative stays right
    assert all(x.approximate for x in res.matches)
    assert "(pkg/_speedups.pyx)" in call.reasons[0]


# a generator expression's frame below its function's: its line is the call
_GENEXPR = (
    f'  File "{_SITE}", line 18, in parse_all',
    "    return list(",
    f'  File "{_SITE}", line 19, in <genexpr>',
    "    _speedups.strptime(t, fmt) for t in texts",
    "    ~~~~~~~~~~~~~~~~~~^^^^^^^^",
)


def test_a_standard_library_raise_printed_over_several_lines_answers_the_call(tmp_path: Path) -> None:
    # Python 3.13 prints a statement split over lines whole, or with ``...<N lines>...``, each
    # line indented at least as deep as its first; the error's line comes after them all
    for statement in (
        ("    raise TypeError(f'unparseable token {text!r} '", "                    f'in format {fmt!r}')"),
        ("    raise TypeError(", "    ...<2 lines>...", '        f"not {type(fmt).__name__!r}")'),
    ):
        stdlib = ('  File "/usr/lib/python3.13/_strptime.py", line 555, in _strptime', *statement)
        with package_matcher(tmp_path, _FILES) as m:
            res = m.explain(_traceback(*_CALL, *stdlib))
        call = first(res)
        assert call.is_call and (call.path, call.line, call.function) == ("pkg/core.py", 11, "Parser.parse")


def test_a_call_printed_over_several_lines_with_nothing_below_answers_the_call(tmp_path: Path) -> None:
    # Python 3.13 prints the library's own call whole when it spans lines (its arguments, or
    # ``...<N lines>...``, indented under its first line): those lines are the statement's, and
    # the error's line right after them says the call raised (pandas' ``return ujson_dumps(``)
    user = (
        '  File "/home/u/main.py", line 3, in <module>',
        "    Parser().dump('x', '%Y')",
        "    ~~~~~~~~~~~~~^^^^^^^^^^^",
    )
    for arguments in (
        ("        text,", "        fmt,", "        strict=True,"),
        ("        text,", "    ...<1 lines>...", "        strict=True,"),
    ):
        call_lines = (
            f'  File "{_SITE}", line 28, in dump',
            "    return _speedups.strptime(",
            *arguments,
            "    )",
        )
        with package_matcher(tmp_path, _FILES) as m:
            res = m.explain("\n".join(["Traceback (most recent call last):", *user, *call_lines, _MESSAGE]))
        call = first(res)
        assert call.is_call and (call.path, call.line, call.function) == ("pkg/core.py", 28, "Parser.dump")
        # the look-alike raise, which fits the text in full, did not run
        assert [x.path for x in res.matches[1:]] == ["pkg/fallback.py"] and res.matches[1].approximate


def test_a_call_of_what_a_subscript_or_a_call_hands_back_is_a_call() -> None:
    lib = [(0, "pkg/core.py")]
    for source in ('return self.fn["value"](text, fmt)', "return make()(text)"):
        assert call_frame([Frame(_SITE, 11, "parse", source)], lib) == 0
    assert call_frame([Frame(_SITE, 11, "parse", 'x = self.fn["value"]')], lib) is None


def test_a_generator_expressions_frame_counts_as_its_enclosing_function(tmp_path: Path) -> None:
    with package_matcher(tmp_path, _FILES) as m:
        res = m.explain(_traceback(*_GENEXPR))
    call = first(res)
    assert call.is_call and (call.path, call.line, call.function) == ("pkg/core.py", 19, "Parser.parse_all")


def test_an_exact_fit_stays_first_where_the_frames_do_not_contradict_it(tmp_path: Path) -> None:
    # Python before 3.11 prints a statement's last line, whose call may be an argument's: the
    # call is no evidence there, and the raise whose text fits exactly keeps the first place
    # (the frame's path says which Python printed it: 3.10's folder here)
    site = _SITE.replace("python3.13", "python3.10")
    old = (f'  File "{site}", line 11, in parse', "    return _speedups.strptime(text, fmt)")
    with package_matcher(tmp_path, _FILES) as m:
        res = m.explain(_traceback(*old, carets=False))
        assert res.outcome == "exact" and first(res).path == "pkg/fallback.py"
        assert not any(x.is_call for x in res.matches)
        # the message alone: no frames, no call
        assert not any(x.is_call for x in m.explain(_MESSAGE).matches)


def test_a_frame_below_in_python_code_or_a_raise_line_is_no_call() -> None:
    lib = [(0, "pkg/core.py")]
    call = Frame(_SITE, 11, "parse", "return _speedups.strptime(text, fmt)")
    assert call_frame([call], lib) == 0
    assert call_frame([call, Frame("pkg/_speedups.pyx", 9, "pkg._speedups.strptime", None)], lib) == 0
    stdlib = Frame("/usr/lib/python3.13/inspect.py", 3000, "signature", "raise ValueError(msg)")
    assert call_frame([call, stdlib], lib) == 0
    # a callback of the user's, or the Python of an installed package the catalogue holds,
    # raised below the call
    user = Frame("/home/u/main.py", 9, "hook", "raise ValueError('no')")
    assert call_frame([call, user], lib) is None
    other = Frame("/venv/lib/python3.13/site-packages/dep/x.py", 9, "f", "raise ValueError('no')")
    assert call_frame([call, other], lib, lambda path: "/dep/" in path) is None
    # one the catalogue does not hold is, to it, code with no raise of its own: the call stands,
    # unless that package's last frame re-raises an error it stored
    assert call_frame([call, other], lib) == 0
    kept = Frame("/venv/lib/python3.13/site-packages/dep/x.py", 9, "f", "raise self._error")
    assert call_frame([call, kept], lib) is None
    # the frame may raise itself, or shows no call
    assert call_frame([Frame(_SITE, 15, "check", 'raise ValueError("empty format")')], lib) is None
    assert call_frame([Frame(_SITE, 11, "parse", "x = table[key]")], lib) is None
    # another exception's trail given to the pasted one above (``raise err.with_traceback(tb)``)
    given = Frame(_SITE, 20, "run", "raise err.with_traceback(tb)")
    assert call_frame([given, call], [(1, "pkg/core.py")]) is None
    rewritten = Frame(_SITE, 20, "run", "raise rewrite_traceback_stack(source=source)")
    assert call_frame([rewritten, call], [(1, "pkg/core.py")]) is None
    assert call_frame([Frame(_SITE, 20, "run", "raise exc"), call], [(1, "pkg/core.py")]) == 1
    # a worker's stored error re-raised by the standard library is a library's own raise
    stored = Frame(
        "/usr/lib/python3.13/concurrent/futures/_base.py", 401, "__get_result", "raise self._exception"
    )
    assert call_frame([call, stored], lib) is None


def test_a_call_answer_without_code_facts_names_the_frames_function() -> None:
    from errdex.model import CatalogueEntry

    e = CatalogueEntry(
        key=1, error_id="e1", repo="o/pkg", version="1.0", snapshot_date=None, kind="error",
        exc_type="ValueError", exc_qualname=None, template="empty format", segments=["empty format"],
        path="pkg/core.py", line=11, function="Parser.check", statement='raise ValueError("empty format")',
    )  # fmt: skip
    m = Matcher.from_entries([e])
    call = first(m.explain(_traceback(*_GENEXPR)))
    assert call.is_call and (call.repo, call.version) == ("o/pkg", "1.0")
    assert (call.line, call.function) == (19, "parse_all")  # the frame above, in the same file


def test_a_held_packages_file_that_raises_nothing_answers_its_call(tmp_path: Path) -> None:
    frames = (
        f'  File "{_SITE}", line 11, in parse',
        "    return convert(text, fmt)",
        "           ~~~~~~~^^^^^^^^^^^",
        '  File "/venv/lib/python3.13/site-packages/pkg/wrap.py", line 5, in convert',
        "    return _speedups.strptime(text, fmt)",
        "           ~~~~~~~~~~~~~~~~~~^^^^^^^^^^^",
    )
    with package_matcher(tmp_path, _FILES) as m:
        assert m.index.resolve_path("pkg/wrap.py") is None  # no raise there: no entry
        call = first(m.explain(_traceback(*frames)))
    assert call.is_call and (call.path, call.line, call.function) == ("pkg/wrap.py", 5, "convert")


def test_a_caught_error_re_raised_above_keeps_its_own_frames(tmp_path: Path) -> None:
    # ``raise exc`` above re-raises the very exception: the frames below are its own trail
    frames = (
        f'  File "{_SITE}", line 20, in run',
        "    raise exc",
        *_CALL,
        '  File "pkg/_speedups.pyx", line 644, in pkg._speedups.strptime',
    )
    with package_matcher(tmp_path, _FILES) as m:
        call = first(m.explain(_traceback(*frames)))
    assert call.is_call and (call.path, call.line) == ("pkg/core.py", 11)


def test_a_paste_cut_below_the_frames_or_about_a_log_record_keeps_its_reading(tmp_path: Path) -> None:
    pyx = '  File "pkg/_speedups.pyx", line 644, in pkg._speedups.strptime'
    # a log record's text above a traceback cut after its frames: no error line, no class
    cut = "\n".join(["ERROR parse failed", "Traceback (most recent call last):", *_USER, *_CALL, pyx])
    handler = "\n".join([
        "WARNING:  Invalid request received.",
        "Traceback (most recent call last):",
        f'  File "{_SITE}", line 24, in feed',
        "    self.reader.feed_data(data)",
        "    ~~~~~~~~~~~~~~~~~~~~~^^^^^^",
        '  File "pkg/_reader.pyx", line 212, in pkg._reader.Reader.feed_data',
        "pkg._speedups.ParseError: Invalid method encountered",
    ])  # fmt: skip
    with package_matcher(tmp_path, _FILES) as m:
        # nothing says what the frames raised: the paste is about the record
        assert not any(x.is_call for x in m.explain(cut).matches)
        # the call's own function logs what it raised, and the paste prints that record
        res = m.explain(handler)
    assert (first(res).kind, first(res).line, first(res).function) == ("log", 26, "Parser.feed")
    assert res.matches[1].is_call and res.matches[1].line == 24


def test_a_paste_saying_frames_were_removed_keeps_its_reading(tmp_path: Path) -> None:
    # the library took its own frames out (JAX's filtering): its Python may lie below the call
    note = "For simplicity, the library has removed its internal frames from the traceback."
    with package_matcher(tmp_path, _FILES) as m:
        res = m.explain(_traceback(*_CALL) + "\n" + note)
    assert not any(x.is_call for x in res.matches)
    # nor is the call evidence that compiled code raised it: the raise whose text fits stays exact
    assert res.outcome == "exact" and first(res).path == "pkg/fallback.py"


_CHECKS = """\
def is_scalar(value):
    return isinstance(value, (int, str))


def is_sequence(value):
    return isinstance(value, (list, tuple))


def analyze(name, value):
    assert (
        is_scalar(value)
        or is_sequence(value)
        or value is None
    ), f"Query parameter {name!r} must be one of the supported types"
    return value
"""


def test_an_assert_condition_printed_over_several_lines_is_no_call_that_raised(tmp_path: Path) -> None:
    # Python 3.13 prints an ``assert``'s failing condition from the line it points at, its other
    # lines (``or ...``) as deep as that one: those are no call's arguments, and the error came
    # from the assert itself, whose text the catalogue holds in full (fastapi's ``analyze_param``)
    site = "/venv/lib/python3.13/site-packages/pkg/checks.py"
    paste = "\n".join(
        [
            "Traceback (most recent call last):",
            '  File "/home/u/main.py", line 3, in <module>',
            "    analyze('q', object())",
            "    ~~~~~~~^^^^^^^^^^^^^^^",
            f'  File "{site}", line 11, in analyze',
            "    is_scalar(value)",
            "    or is_sequence(value)",
            "    or value is None",
            "AssertionError: Query parameter 'q' must be one of the supported types",
        ]
    )
    with package_matcher(tmp_path, {"pkg/__init__.py": "", "pkg/checks.py": _CHECKS}) as m:
        res = m.explain(paste)
    top = first(res)
    assert (top.path, top.function, top.is_call, top.approximate) == (
        "pkg/checks.py",
        "analyze",
        False,
        False,
    )


# --- the standard library's last frame raising a local it built (``enum``'s ``raise ve_exc``) ---

_STYLE = """\
import enum


class Join(enum.Enum):
    MITER = "miter"
    ROUND = "round"


def set_join(s):
    js = Join(s)
    return js


def check(width):
    if width < 0:
        raise ValueError("width is not a valid number")
"""


def _enum_traceback(last: str) -> str:
    site = "/venv/lib/python3.13/site-packages/styl/core.py"
    return "\n".join(
        [
            "Traceback (most recent call last):",
            '  File "/home/u/main.py", line 3, in <module>',
            "    set_join('pointy')",
            "    ~~~~~~~~^^^^^^^^^^",
            f'  File "{site}", line 10, in set_join',
            "    js = Join(s)",
            '  File "/usr/lib/python3.13/enum.py", line 722, in __call__',
            "    return cls.__new__(cls, value)",
            "           ~~~~~~~~~~~^^^^^^^^^^^^",
            '  File "/usr/lib/python3.13/enum.py", line 1189, in __new__',
            f"    {last}",
            "ValueError: 'pointy' is not a valid Join",
        ]
    )


def test_a_standard_library_raise_of_a_local_it_built_answers_the_librarys_call(tmp_path: Path) -> None:
    # Python prints an exception raised before with its own frames below the re-raise: a last
    # frame raising a plain local name made the error there (enum builds ``ve_exc`` above)
    files = {"styl/__init__.py": "", "styl/core.py": _STYLE}
    with package_matcher(tmp_path, files) as m:
        res = m.explain(_enum_traceback("raise ve_exc"))
        call = first(res)
        assert call.is_call and (call.path, call.line, call.function) == ("styl/core.py", 10, "set_join")
        # a worker's stored error (an attribute) is still no error made there
        stored = m.explain(_enum_traceback("raise self._exception"))
    assert not (stored.matches and stored.matches[0].is_call)
