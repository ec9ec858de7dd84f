"""Tracebacks cut before their error line (a stored excerpt ending inside the next frame's
heading: no class, no text) whose last frame is a library frame printing a call, on a real
catalogue indexed from fixture code (what each function calls read from its code facts):

- the call is of a function another module of the package defines, imported by name: that
  function's raise is the site, above the frame's function's own raises, which its printed
  line shows it was not at;
- the call is of a method on an object whose class the line does not show (``proc.check(``):
  the package's functions of that name are followed, and their raises come first;
- the same frames with their error line kept are read by that line, as before;
- a heading cut inside its path is no error line (the parse keeps no text for it).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import line_of, package_matcher

from errdex.match import Matcher
from errdex.match.parse import parse

FINDER = """\
class LayoutMissing(Exception):
    pass


def find_layout(names):
    for name in sorted(names):
        if name.startswith("{{"):
            return name
    raise LayoutMissing(f"no templated folder among {len(names)} names")
"""

PROCS = """\
class Proc:
    def __init__(self, argv):
        self.argv = argv

    def check(self, code):
        if code is None:
            raise TimeoutError(f"{self.argv} did not end in time")
        if code != 0:
            raise RuntimeError(f"{self.argv} ended with exit code {code}")
        return code
"""

RUNNER = """\
from .finder import find_layout


def build(names, out):
    if not out:
        raise ValueError(f"no output folder for {names}")
    layout = find_layout(names)
    if layout == out:
        raise ValueError(f"layout {layout} is the output folder")
    return layout


def wait(proc, code):
    if code is not None and code < 0:
        raise ValueError(f"negative exit code {code}")
    proc.check(code)
    return code
"""

SITE = "/usr/lib/python3.12/site-packages/lib"


def _cut(call: str, fn: str, below: str) -> str:
    """A traceback whose last frame (``fn`` of runner.py) prints ``call``, the excerpt ending
    inside the heading of the frame below it (``below``'s path, cut)."""
    return (
        "Traceback (most recent call last):\n"
        '  File "app.py", line 4, in <module>\n'
        "    main()\n"
        f'  File "{SITE}/runner.py", line {line_of(RUNNER, call)}, in {fn}\n'
        f"    {call}\n"
        f'  File "{SITE}/{below[:3]}'
    )


@pytest.fixture(scope="module")
def cut(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    files = {"__init__.py": "", "finder.py": FINDER, "procs.py": PROCS, "runner.py": RUNNER}
    with package_matcher(tmp_path_factory.mktemp("cut_below_call"), files) as m:
        yield m


def test_an_imported_function_called_on_the_last_line_is_the_site(cut: Matcher) -> None:
    res = cut.explain(_cut("layout = find_layout(names)", "build", "finder.py"))
    first = res.matches[0]
    assert (first.path, first.function, first.exc_type) == ("finder.py", "find_layout", "LayoutMissing")
    assert any("cut inside that call" in r for r in first.reasons), first.reasons
    # the frame's function's own raises follow it
    assert {m.function for m in res.matches[1:3]} == {"build"}


def test_a_method_on_an_object_of_an_unshown_class_is_followed(cut: Matcher) -> None:
    res = cut.explain(_cut("proc.check(code)", "wait", "procs.py"))
    top = res.matches[:2]
    assert {(m.path, m.function) for m in top} == {("procs.py", "Proc.check")}
    assert {m.exc_type for m in top} == {"TimeoutError", "RuntimeError"}
    assert res.matches[2].function == "wait"


def test_the_error_line_still_decides_when_it_is_kept(cut: Matcher) -> None:
    whole = _cut("layout = find_layout(names)", "build", "finder.py").rsplit("\n", 1)[0]
    res = cut.explain(whole + "\nValueError: no output folder for ['a']")
    assert (res.matches[0].function, res.matches[0].exc_type) == ("build", "ValueError")


def test_a_heading_cut_inside_its_path_is_no_error_line() -> None:
    block = parse(_cut("proc.check(code)", "wait", "procs.py")).blocks[-1]
    assert (block.message, block.exc_types) == ("", [])
    assert block.frames[-1].source == "proc.check(code)"


def test_the_same_function_shown_on_a_raise_above_keeps_its_own_raise(cut: Matcher) -> None:
    """A chained paste whose blocks came out of order: ``build`` printed on its raise, then the
    same function's call cut short. The paste shows ``build`` raising, so its raise leads and
    the called function's raises are not put above it."""
    raise_line = 'raise ValueError(f"layout {layout} is the output folder")'
    shown = (
        "Traceback (most recent call last):\n"
        f'  File "{SITE}/runner.py", line {line_of(RUNNER, raise_line)}, in build\n'
        f"    {raise_line}\n"
    )
    cut_call = _cut("layout = find_layout(names)", "build", "finder.py").split("\n", 1)[1]
    res = cut.explain(shown + cut_call)
    assert res.matches[0].function == "build"
    assert not any("cut inside that call" in r for m in res.matches for r in m.reasons)


TOKENS = """\
class SelectorError(Exception):
    pass


class Parser:
    def __init__(self, pattern):
        self.pattern = pattern

    def tokens(self, pattern):
        for index, ch in enumerate(pattern):
            if ch == "[":
                raise SelectorError(f"malformed attribute at position {index}")
            yield ch, index

    def parse(self, tokens, flags):
        if flags < 0:
            raise ValueError(f"bad flags {flags}")
        out = []
        while True:
            try:
                ch, index = next(tokens)
            except StopIteration:
                break
            if ch == "]":
                raise SelectorError(f"unopened bracket at {index}")
            out.append(ch)
        return out

    def process(self, flags):
        return self.parse(self.tokens(self.pattern), flags)
"""


@pytest.fixture(scope="module")
def generator(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    with package_matcher(tmp_path_factory.mktemp("cut_in_generator"), {"tokens.py": TOKENS}) as m:
        yield m


def test_a_generator_advanced_by_name_is_the_one_the_frame_above_made(generator: Matcher) -> None:
    """The last frame advances a generator it was handed (``next(tokens)``): the frame cut off
    below it is the generator's, made by the call on the frame above's line, whose raises lead
    (the frame's own function's follow)."""
    above = "return self.parse(self.tokens(self.pattern), flags)"
    last = "ch, index = next(tokens)"
    paste = (
        "Traceback (most recent call last):\n"
        f'  File "{SITE}/tokens.py", line {line_of(TOKENS, above)}, in process\n'
        f"    {above}\n"
        f'  File "{SITE}/tokens.py", line {line_of(TOKENS, last)}, in parse\n'
        f"    {last}\n"
        f'  File "{SITE}/tok'
    )
    res = generator.explain(paste)
    assert (res.matches[0].function, res.matches[0].exc_type) == ("Parser.tokens", "SelectorError")
    assert "Parser.parse" in {m.function for m in res.matches[1:]}


OUT_CONSOLE = """\
class NoScreenError(Exception):
    pass


class ConsoleOutput:
    def __init__(self, stream):
        self.stream = stream
        info = self.screen_info()
        self.width = info[0]

    def screen_info(self):
        if not hasattr(self.stream, "fileno"):
            raise NoScreenError()
        return (80, 24)

    def write(self, text):
        if self.stream is None:
            raise ValueError("no stream to write to")
        self.stream.write(text)
"""

IN_CONSOLE = """\
class ConsoleInput:
    def __init__(self, stream):
        self.stream = stream
        self.mode = self.read_mode()

    def read_mode(self):
        if self.stream is None:
            raise OSError("no console input")
        return 0
"""


@pytest.fixture(scope="module")
def consoles(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    files = {"__init__.py": "", "out/__init__.py": "", "out/console.py": OUT_CONSOLE}
    files |= {"inp/__init__.py": "", "inp/console.py": IN_CONSOLE}
    with package_matcher(tmp_path_factory.mktemp("bare_named"), files) as m:
        yield m


def test_a_frame_printed_with_its_base_name_is_the_file_whose_function_makes_the_call(
    consoles: Matcher,
) -> None:
    """A crash report cuts every path to its base name: ``console.py`` is two files of the
    package, and the one whose ``__init__`` calls what the line calls is the frame's; the
    traceback, cut below it, is then followed into that call."""
    call = "info = self.screen_info()"
    paste = (
        "Traceback (most recent call last):\n"
        '  File "main.py", line 12, in main\n'
        "    out = ConsoleOutput(sys.stdout)\n"
        f'  File "console.py", line {line_of(OUT_CONSOLE, call)}, in __init__\n'
        f"    {call}\n"
        '  File "cons'
    )
    res = consoles.explain(paste)
    top = res.matches[0]
    assert (top.path, top.function, top.exc_type) == (
        "out/console.py",
        "ConsoleOutput.screen_info",
        "NoScreenError",
    )
    # a line calling what neither file's function calls places the frame nowhere
    other = paste.replace(call, "self.width = measure(self.stream)")
    assert not any(
        m.path == "out/console.py" and "cut inside" in " ".join(m.reasons)
        for m in consoles.explain(other).matches
    )


@pytest.mark.parametrize(
    ("line", "advances"),
    [
        ("key, m = next(iselector)", True),
        ("tok = next(tokens, None)", True),
        ("for token in tokens:", True),
        ("async for chunk in stream:", True),
        ("for token in self.tokens(text):", False),  # a call: the cut-call rule follows it
        ("value = next(iter(items))", False),
        ("x = self.next(tokens)", False),
    ],
)
def test_what_advances_a_generator_held_by_name(line: str, advances: bool) -> None:
    from errdex.match.frames import _advanced_name

    assert _advanced_name(line) is advances
