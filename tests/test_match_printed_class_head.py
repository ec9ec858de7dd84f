"""A class whose ``__str__`` prints its own name at the head of its text, on a real catalogue
indexed from fixture code: Python then shows the name twice (``pkg.Error: Error: 'a'``), and a
raise elsewhere of a class of the same name that passes the value alone (``{a}``) fits the text
after the second name exactly too. That fit explains none of the text's words; the raise whose
printed form holds the name as its own words is the site."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from errdex.match import Matcher
from errdex.store import Store

CORE = """\
class ConvertError(ValueError):
    def __init__(self, expr, base_exc=None):
        self.expr = expr
        self.base_exc = base_exc

    def __str__(self):
        if self.base_exc is None:
            return "ConvertError: %r" % (self.expr,)
        return "Converting '%s' failed: %s" % (self.expr, self.base_exc)


def convert(a, strict=False):
    if strict:
        raise ConvertError(a)
    return a
"""

# a second backend whose class comes from a package the catalogue does not hold: its raise is
# recorded with the value alone, as nothing says how that class prints it
BACKEND = """\
from fastconvert import ConvertError


def convert(a, *, strict=False):
    if strict and isinstance(a, str):
        raise ConvertError(a)
    return a
"""


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    from errdex.pipeline import index

    root = tmp_path_factory.mktemp("printed_head")
    (root / "conv").mkdir()
    (root / "conv" / "__init__.py").write_text("")
    (root / "conv" / "core.py").write_text(CORE)
    (root / "conv" / "backend.py").write_text(BACKEND)
    db = str(root / "c.db")
    index(str(root / "conv"), db, jobs=1)
    with Store.open(db) as store:
        yield Matcher.load(store)


@pytest.mark.parametrize(
    "paste",
    [
        "conv.core.ConvertError: ConvertError: 'a'",
        "ValueError: ConvertError: [1, 2]",
        'Traceback (most recent call last):\n  File "main.py", line 3, in <module>\n    go()\n'
        "conv.core.ConvertError: ConvertError: 'x+'",
    ],
)
def test_a_class_printing_its_own_name_is_the_raise_whose_text_holds_it(matcher: Matcher, paste: str) -> None:
    res = matcher.explain(paste)
    assert res.matches, res.verdict
    best = res.matches[0]
    assert (best.path.endswith("core.py"), best.function, best.approximate) == (True, "convert", False)


def test_the_value_alone_still_answers_a_paste_without_the_name(matcher: Matcher) -> None:
    # no name printed before the value: the raise passing the value alone may be the site, and
    # the reading with the name is not tried
    res = matcher.explain("fastconvert.ConvertError: 'a'")
    assert res.matches, res.verdict
    assert any(m.path.endswith("backend.py") for m in res.matches)
