"""A traceback that ends in code a library generated and compiled at run time, under a
pseudo-file name of its own (cattrs' ``File "<cattrs generated structure builtins.tuple>"``):
no file of the release holds that raise, so the library's frame that called into the generated
code is the site the catalogue can name, as it is above compiled code. On a real catalogue
indexed from a small package that generates its checkers, and also keeps a slow checker raising
the same text from a file: the traceback names the call, not the file's look-alike raise; a
pseudo-file of code the user typed (``<string>``, ``<pyshell#11>``) stays the user's own."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import package_matcher

from errdex.match import Matcher

CORE = """\
_CHECK = '''
def check(o):
    if len(o) > 2:
        raise ValueError(f"Too many values in {o!r} to check")
    return o
'''


def _make_checker(name):
    scope = {}
    exec(compile(_CHECK, f"<pkg generated check {name}>", "exec"), scope)
    return scope["check"]


def check_slow(o):
    if len(o) > 2:
        raise ValueError(f"Too many values in {o!r} to check")  # <- slow
    return o


class Checker:
    def __init__(self):
        self._made = {}

    def run(self, name, obj):
        fn = self._made.setdefault(name, _make_checker(name))
        return fn(obj)  # <- the call
"""


def _line(text: str) -> int:
    return next(i for i, s in enumerate(CORE.splitlines(), 1) if text in s)


CALL = _line("# <- the call")
SLOW = _line("# <- slow")
TEXT = "ValueError: Too many values in [1, 2, 3] to check"


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    """The package indexed by the real pipeline, its saved index loaded."""
    files = {"pkg/__init__.py": "", "pkg/core.py": CORE}
    with package_matcher(tmp_path_factory.mktemp("generated"), files) as m:
        yield m


def _paste(last_file: str) -> str:
    return "\n".join(
        [
            "Traceback (most recent call last):",
            '  File "/home/u/app.py", line 4, in <module>',
            "    Checker().run('Point', [1, 2, 3])",
            f'  File "/venv/lib/python3.13/site-packages/pkg/core.py", line {CALL}, in run',
            "    return fn(obj)  # <- the call",
            f'  File "{last_file}", line 4, in check',
            '    raise ValueError(f"Too many values in {o!r} to check")',
            TEXT,
        ]
    )


def test_a_traceback_ending_in_generated_code_names_the_library_call_into_it(matcher: Matcher) -> None:
    res = matcher.explain(_paste("<pkg generated check Point>"))
    assert (res.matches[0].line, res.matches[0].function) == (CALL, "Checker.run")


def test_the_message_alone_still_names_the_file_raise_of_its_text(matcher: Matcher) -> None:
    res = matcher.explain(TEXT)
    assert (res.matches[0].line, res.matches[0].function) == (SLOW, "check_slow")


@pytest.mark.parametrize("module_id", ["memory:0x7f8a6b9fdcd0", "_templates_point_txt"])
def test_a_traceback_ending_in_a_compiled_module_id_names_the_library_call_into_it(
    matcher: Matcher, module_id: str
) -> None:
    # mako compiles a template under a module name that is no file's path (``memory:0x...``
    # for a template given as text, the template's uri with its punctuation replaced for one
    # read from a file): no file of the release holds the raise below the library's call
    res = matcher.explain(_paste(module_id))
    assert (res.matches[0].line, res.matches[0].function) == (CALL, "Checker.run")
    assert res.matches[0].approximate


@pytest.mark.parametrize("typed", ["<string>", "<pyshell#11>", "mod.py", "/home/u/hooks"])
def test_code_the_user_typed_is_no_generated_code(matcher: Matcher, typed: str) -> None:
    # ``exec(source)`` of the user's own text, a function typed into IDLE: the frame is the
    # user's (a callback the library ran), and the library's call above it is no call into code
    # the library made
    res = matcher.explain(_paste(typed))
    assert (res.matches[0].line, res.matches[0].function) != (CALL, "Checker.run")
