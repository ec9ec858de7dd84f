"""A public entry that catches its library's error, copies it and raises the copy (glom's
``glom()``: ``err = copy.copy(e)`` ... ``raise err``; the extraction fixture's ``run``). The copy is a new exception first raised
at the entry, so the deepest frame of the user's traceback is that re-raise, whatever raised the
original; the extractor records every raise of the copied class at the re-raise too
(``resolve.copy_to_reraises``). On a real catalogue indexed from fixture code: a message pasted
alone names the re-raise first and the raise that built the text next; a traceback names the
frame it ends in."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from errdex.match import Matcher
from errdex.store import Store

# the extraction fixture's module (``copied.py``): ``run`` copies a caught ``SpecError``
CORE = (Path(__file__).parent / "fixtures" / "extract" / "shapes" / "copied.py").read_text()

REST = """\
from pkg.core import Spec, run


def get_user_name(data):
    return run(data, Spec("user.name"))


def get_user_city(data):
    return run(data, Spec("user.address.city"))
"""


def _line(text: str, source: str) -> int:
    return next(i for i, s in enumerate(source.splitlines(), 1) if text in s)


RERAISE = _line("raise err  # <-", CORE)
INNER = _line("raise PathError(part, target)", CORE)
CHECK = _line("raise CheckFailed(", CORE)
PATH_TEXT = "pkg.core.PathError: could not access 'zip' on {'city': 'London'}"


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    """The package indexed by the real pipeline, its saved index loaded."""
    from errdex.pipeline import index

    project = tmp_path_factory.mktemp("copied") / "project"
    (project / "pkg").mkdir(parents=True)
    (project / "pkg" / "__init__.py").write_text("")
    (project / "pkg" / "core.py").write_text(CORE)
    (project / "pkg" / "users.py").write_text(REST)
    path = str(project.parent / "c.db")
    index(str(project), path, jobs=1)
    with Store.open(path) as store:
        yield Matcher.load(store)


def _frames(*frames: tuple[int, str, str]) -> str:
    lines = [
        "Traceback (most recent call last):",
        '  File "/home/u/app.py", line 3, in <module>',
        "    run()",
    ]
    for line, fn, src in frames:
        lines += [
            f'  File "/venv/lib/python3.13/site-packages/pkg/core.py", line {line}, in {fn}',
            f"    {src}",
        ]
    return "\n".join(lines)


def test_a_message_alone_names_the_re_raise_of_the_copy_then_the_raise_that_built_it(
    matcher: Matcher,
) -> None:
    res = matcher.explain(PATH_TEXT)
    assert [(m.line, m.function) for m in res.matches[:2]] == [(RERAISE, "run"), (INNER, "_walk")]
    assert res.matches[0].exc_type == "PathError"


def test_a_public_function_raising_the_copied_class_yields_to_the_re_raise(matcher: Matcher) -> None:
    # ``check`` is public too: the entry leads by the tie-break of the callers the library's
    # code has for it (``users.py`` calls ``run`` twice, nothing calls ``check``)
    res = matcher.explain("pkg.core.CheckFailed: expected one of ['dev', 'prod'], found 'x'")
    assert [(m.line, m.function) for m in res.matches[:2]] == [(RERAISE, "run"), (CHECK, "check")]


def test_a_traceback_ending_at_the_re_raise_names_it(matcher: Matcher) -> None:
    paste = _frames((RERAISE, "run", "raise err")) + "\n" + PATH_TEXT
    res = matcher.explain(paste)
    assert (res.matches[0].line, res.matches[0].function) == (RERAISE, "run")
    assert not res.matches[0].approximate


def test_a_traceback_ending_at_the_raise_that_built_it_names_that_raise(matcher: Matcher) -> None:
    # the copy never made (the same object raised again, ``run_same``, or a debugging switch):
    # the frames end at the first raise, and it is the answer
    paste = (
        _frames((_line("return _walk(target, spec)", CORE), "run_same", "return _walk(target, spec)"),
                (INNER, "_walk", "raise PathError(part, target)"))
        + "\n" + PATH_TEXT
    )  # fmt: skip
    res = matcher.explain(paste)
    assert (res.matches[0].line, res.matches[0].function) == (INNER, "_walk")


def test_a_class_the_entry_does_not_copy_keeps_its_raise(matcher: Matcher) -> None:
    # a spec built wrong raises at construction, outside the entry, and is no SpecError
    res = matcher.explain("TypeError: expected path to be a string, not: 3.5")
    assert res.matches[0].function == "Spec.__init__"
    assert all(m.line != RERAISE for m in res.matches)
