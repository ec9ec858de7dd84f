"""A traceback of a SyntaxError that ``compile()``, ``eval()`` or ``ast.parse()`` raised over a
text a library handed it: CPython prints the text's place after the stack (``File "<unknown>",
line 1`` with no ``, in function``, then the text and a caret), which is no frame of the stack.
The library frame that called the compiler is the site the catalogue can name, as it is above
any other code of the standard library. On a real catalogue indexed from a small package that
parses an option with ``ast.literal_eval`` (as tqdm's command line does) and re-raises what
failed after printing its usage."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import package_matcher

from errdex.match import Matcher
from errdex.match.frames import _without_compile_location
from errdex.match.parse import Frame

CLI = """\
from ast import literal_eval


class OptionTypeError(TypeError):
    pass


def cast(val, typ):
    if typ == "chr":
        return literal_eval(f'"{val}"').encode()  # <- the call
    if typ == "int":
        return int(val)
    raise OptionTypeError(val + " : " + typ)


def main(opts, write):
    try:
        args = {}
        for key, val in opts.items():
            args[key] = cast(val, "chr")  # <- main's call
    except Exception:
        write("Error: usage: pkg [options]")
        raise
    return args
"""


def _line(text: str) -> int:
    return next(i for i, s in enumerate(CLI.splitlines(), 1) if text in s)


CALL = _line("# <- the call")
MAIN = _line("# <- main's call")
SITE = "/venv/lib/python3.13/site-packages/pkg/cli.py"


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    """The package indexed by the real pipeline, its saved index loaded."""
    files = {"pkg/__init__.py": "", "pkg/cli.py": CLI}
    with package_matcher(tmp_path_factory.mktemp("syntaxloc"), files) as m:
        yield m


def _paste(location: str) -> str:
    return "\n".join(
        [
            "Traceback (most recent call last):",
            '  File "/home/u/app.py", line 4, in <module>',
            "    main({'delim': '\\\\xzz'}, print)",
            f'  File "{SITE}", line {MAIN}, in main',
            '    args[key] = cast(val, "chr")  # <- main\'s call',
            f'  File "{SITE}", line {CALL}, in cast',
            "    return literal_eval(f'\"{val}\"').encode()  # <- the call",
            '  File "/usr/lib/python3.13/ast.py", line 68, in literal_eval',
            "    node_or_string = parse(node_or_string.lstrip(\" \\t\"), mode='eval')",
            '  File "/usr/lib/python3.13/ast.py", line 54, in parse',
            "    return compile(source, filename, mode, flags,",
            f'  File "{location}", line 1',
            '    "\\xzz"',
            "    ^^^^^^",
            "SyntaxError: (unicode error) 'unicodeescape' codec can't decode bytes in position 0-1: "
            "truncated \\xXX escape",
        ]
    )


@pytest.mark.parametrize("location", ["<unknown>", "<string>"])
def test_a_syntax_errors_location_is_no_frame_below_the_library_call(matcher: Matcher, location: str) -> None:
    res = matcher.explain(_paste(location))
    assert (res.matches[0].line, res.matches[0].function) == (CALL, "cast")
    assert res.matches[0].approximate


def test_only_a_pseudo_files_location_with_a_line_is_left_out() -> None:
    above = [Frame("/home/u/app.py", 4, "<module>"), Frame(SITE, CALL, "cast")]
    # a compiled text's place: no frame of the stack
    assert _without_compile_location([*above, Frame("<unknown>", 1)], []) == above
    # a module's own syntax error met by an import names a real file: left as it was
    real = [*above, Frame("/home/u/settings.py", 3)]
    assert _without_compile_location(real, []) == real
    # a frame with a function, or a heading cut before its line, is no compiler's report
    ran = [*above, Frame("<string>", 1, "<module>")]
    assert _without_compile_location(ran, []) == ran
    cut = [*above, Frame("<string>")]
    assert _without_compile_location(cut, []) == cut
