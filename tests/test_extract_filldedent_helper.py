"""A library's own text helper whose return is its argument passed through whitespace-only
transforms (SymPy's ``filldedent(s, w=70)``: ``'\\n' + fill(dedent(str(s)).strip('\\n'),
width=w, **kwargs)``): the words are the caller's literal, only the whitespace changes, and
matching compares texts with whitespace removed. Each call site's literal is therefore the
message, re-indented. Before, the helper returned a text of its own (``'\\n'`` and a
placeholder), so ``raise ValueError(filldedent('''...'''))`` was catalogued as one placeholder
and a paste of the re-wrapped text found nothing or another library's raise."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import first, marked_package_templates, package_matcher

from errdex.match import Matcher

MISC = '''\
import textwrap
from textwrap import dedent, fill


def _dedent_fill(s, w=70, **kwargs):
    """Strips the blank lines around ``s``, dedents and fills it."""
    return '\\n' + fill(dedent(str(s)).strip('\\n'), width=w, **kwargs)


def wrapped(text, width=60):
    return "\\n".join(textwrap.wrap(textwrap.dedent(text).strip(), width))


def shouted(text):
    return fill(dedent(text)).upper()


def numbered(text):
    return fill(dedent(text), initial_indent="1. ")'''

CORE = '''\
from ._misc import _dedent_fill, numbered, shouted, wrapped


def derive(v):
    raise ValueError(_dedent_fill("""
        Can't calculate derivative wrt %s, only with respect
        to a symbol.""" % v))  # <- fill


def subs(arg):
    raise ValueError(_dedent_fill(\'\'\'
        When a single argument is passed to subs it
        should be a mapping of old: new pairs.\'\'\'))  # <- plain


def piece(cond):
    raise TypeError(wrapped("""
        Second argument must be a Boolean,
        not `%s`""" % type(cond).__name__))  # <- wrap


def loud():
    raise ValueError(shouted("not what the user sees"))  # <- upper


def listed():
    raise ValueError(numbered("a numbered text"))  # <- prefix'''


def _templates() -> dict[str, set[str]]:
    files = {"pkg/__init__.py": "", "pkg/_misc.py": MISC, "pkg/core.py": CORE}
    return marked_package_templates(files, "pkg/core.py")


def _compact(text: str) -> str:
    return "".join(text.split())


def test_the_literal_passes_through_the_helper() -> None:
    got = _templates()
    assert {_compact(t) for t in got["fill"]} == {
        _compact("Can't calculate derivative wrt {v}, only with respect to a symbol.")
    }
    assert {_compact(t) for t in got["plain"]} == {
        _compact("When a single argument is passed to subs it should be a mapping of old: new pairs.")
    }
    assert {_compact(t) for t in got["wrap"]} == {
        _compact("Second argument must be a Boolean, not `{type(cond).__name__}`")
    }


def test_a_helper_that_changes_words_is_no_pass_through() -> None:
    got = _templates()
    # ``.upper()``, a prefix of words: the literal is not the message (a ``fill`` with
    # ``max_lines`` was read as a pass-through before and still is: not tightened here)
    for name, text in (
        ("upper", "not what the user sees"),
        ("prefix", "a numbered text"),
    ):
        assert _compact(text) not in {_compact(t) for t in got[name]}, got[name]


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    files = {"pkg/__init__.py": "", "pkg/_misc.py": MISC, "pkg/core.py": CORE}
    with package_matcher(tmp_path_factory.mktemp("filldedent"), files) as m:
        yield m


def test_the_refilled_paste_finds_its_raise(matcher: Matcher) -> None:
    res = matcher.explain(
        "ValueError: \nWhen a single argument is passed to subs it should be a mapping of\nold: new pairs."
    )
    top = first(res)
    assert (top.path, top.function) == ("pkg/core.py", "subs")
    res = matcher.explain(
        "ValueError: \nCan't calculate derivative wrt 2.50000000000000, only with respect to a\nsymbol."
    )
    top = first(res)
    assert (top.path, top.function) == ("pkg/core.py", "derive")
