"""What a class name in the paste says about the raise site, on a real catalogue indexed from
fixture code: an exception raised with no message prints its class alone, and that paste is the
raise with no message of that very class, exactly; a placeholder filled with the class's own
name (``{type(self).__name__}``) tells apart the sites that share its template."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from errdex.match import Match, Matcher, Result
from errdex.store import Store

LIB = """\
class ModeError(Exception):
    pass


class NumError(ValueError):
    pass


class NegativeError(NumError):
    pass


class OtherError(Exception):
    pass


def classical(mode):
    if mode not in ("all", "none"):
        raise ModeError


def num(n):
    if n is None:
        raise NumError("a number is needed, not None")
    if n < 0:
        raise NegativeError()
    if n > 10:
        raise NumError


def other(mode):
    raise OtherError
"""


@contextmanager
def indexed(tmp_path_factory: pytest.TempPathFactory, module: str, source: str) -> Iterator[Matcher]:
    """A matcher on a real catalogue of one package holding ``module`` (``lib/words.py``), its
    catalogue closed when done."""
    from errdex.pipeline import index

    root = tmp_path_factory.mktemp("names")
    package, name = module.split("/")
    (root / package).mkdir()
    (root / package / name).write_text(source)
    db = str(root / "c.db")
    index(str(root / package), db, jobs=1)
    with Store.open(db) as store:
        yield Matcher.load(store)


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    with indexed(tmp_path_factory, "lib/words.py", LIB) as m:
        yield m


def line_of(source: str, statement: str, after: int = 0) -> int:
    """The line number of the first ``statement`` after line ``after`` of ``source``."""
    lines = source.splitlines()
    return next(n for n, ln in enumerate(lines, 1) if n > after and ln.strip() == statement)


def top(res: Result) -> Match:
    assert res.matches, res.verdict
    return res.matches[0]


@pytest.mark.parametrize("paste", ["lib.words.ModeError", "lib.words.ModeError: "])
def test_a_class_pasted_alone_is_its_raise_with_no_message_exactly(matcher: Matcher, paste: str) -> None:
    res = matcher.explain(paste)
    assert (top(res).function, top(res).exc_type, top(res).approximate) == ("classical", "ModeError", False)
    assert res.outcome == "exact"
    # the other message-less raises print other classes: nothing in the paste points to them
    assert all(m.function != "other" for m in res.matches)


def test_a_class_pasted_alone_is_exact_only_at_a_raise_of_that_very_class(matcher: Matcher) -> None:
    bare = line_of(LIB, "raise NumError", line_of(LIB, "def num(n):"))
    sub = line_of(LIB, "raise NegativeError()")
    worded = line_of(LIB, 'raise NumError("a number is needed, not None")')
    res = matcher.explain("lib.words.NumError")
    exact = [(m.function, m.line) for m in res.matches if not m.approximate]
    assert exact == [("num", bare)]  # ``raise NumError``, not ``raise NumError("...")``
    # the subclass's message-less raise prints ``NegativeError``: a candidate (a handler may
    # name the base it caught), never exact, below the class's own raise with a message
    by_line = {m.line: m for m in res.matches}
    assert by_line[sub].approximate and by_line[sub].exc_type == "NegativeError"
    assert res.matches.index(by_line[worded]) < res.matches.index(by_line[sub])
    # and the subclass pasted alone is its own raise, exactly
    neg = matcher.explain("lib.words.NegativeError")
    assert (top(neg).line, neg.outcome) == (sub, "exact")


CACHES = """\
class Cache:
    def popitem(self):
        raise KeyError(f"{type(self).__name__} is empty")


class LRUCache(Cache):
    def popitem(self):
        raise KeyError(f"{type(self).__name__} is empty")


class FIFOCache(Cache):
    def popitem(self):
        raise KeyError(f"{self.__class__.__name__} is empty")


class Limit(Exception):
    @classmethod
    def require(cls, value):
        if value is None:
            raise ValueError(f"{cls.__name__} has no value")


class Setting(Exception):
    @classmethod
    def require(cls, value):
        if value is None:
            raise ValueError(f"{cls.__name__} has no value")


class Timeout(Setting):
    pass
"""


@pytest.fixture(scope="module")
def caches(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    with indexed(tmp_path_factory, "cache/core.py", CACHES) as m:
        yield m


@pytest.mark.parametrize("owner", ["Cache", "LRUCache", "FIFOCache"])
def test_a_class_name_placeholder_holding_the_site_s_class_ranks_that_site_first(
    caches: Matcher, owner: str
) -> None:
    res = caches.explain(f"KeyError: '{owner} is empty'")
    assert top(res).function == f"{owner}.popitem"
    assert any("this site's class" in r for r in top(res).reasons)
    # the sites of the other classes rank below it, the class name counting against them (a
    # base's site less so: a subclass's instance runs it unless the subclass overrides it)
    others = [m for m in res.matches if m.function.endswith(".popitem") and m.function != f"{owner}.popitem"]
    assert len(others) == 2 and all(m.score < top(res).score for m in others)
    for m in others:
        cls = m.function.split(".")[0]
        whose = "a subclass of this site's class" if cls == "Cache" else "another class than this site's"
        assert f"the class name in the message is {whose} ({cls})" in m.reasons


def test_a_class_name_placeholder_holding_a_subclass_ranks_the_base_s_site_first(caches: Matcher) -> None:
    # ``Timeout.require(None)``: the classmethod of ``Setting`` prints its subclass's name, and
    # the index knows ``Timeout`` derives from ``Setting`` (not from ``Limit``, first in the file)
    res = caches.explain("ValueError: Timeout has no value")
    assert [m.function for m in res.matches[:2]] == ["Setting.require", "Limit.require"]
    assert res.matches[0].score > res.matches[1].score
    # a name the catalogue does not relate to either counts against both alike
    res = caches.explain("ValueError: Quota has no value")
    assert res.matches[0].score == res.matches[1].score


def test_the_class_of_a_site_is_that_of_its_method_or_of_the_method_it_is_nested_in() -> None:
    from errdex.match.rank import _owner_class

    assert _owner_class("LRUCache.popitem") == "LRUCache"
    assert _owner_class("Schema._compile.<locals>.validate_mapping") == "Schema"
    assert _owner_class("make.<locals>.Local.check") == "Local"
    assert _owner_class("make.<locals>.check") is None
    assert _owner_class("popitem") is None


PROXIES = """\
class Tag:
    def __getattr__(self, name):
        raise AttributeError("'%s' object has no attribute '%s'" % (self.__class__, name))


class Client:
    def __getattr__(self, item):
        raise AttributeError(f"'{self.__class__.__name__}' object has no attribute '{item}'")
"""


@pytest.fixture(scope="module")
def proxies(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    with indexed(tmp_path_factory, "proxy/core.py", PROXIES) as m:
        yield m


def test_a_class_object_placeholder_never_holds_a_bare_class_name(proxies: Matcher) -> None:
    # ``'%s' % self.__class__`` prints ``<class 'proxy.core.Tag'>``: a bare ``S3`` (a class made
    # at run time, which no catalogue names) is ``Client``'s ``{self.__class__.__name__}``
    res = proxies.explain("AttributeError: 'S3' object has no attribute 'upload'")
    assert [m.function for m in res.matches[:2]] == ["Client.__getattr__", "Tag.__getattr__"]
    assert res.matches[0].score > res.matches[1].score
    assert any("prints a class object" in r for r in res.matches[1].reasons)
    # what ``str()`` of the class prints is that template's, and names its class
    res = proxies.explain("AttributeError: '<class 'proxy.core.Tag'>' object has no attribute 'upload'")
    assert top(res).function == "Tag.__getattr__"
    assert any("this site's class (Tag)" in r for r in top(res).reasons)


def test_the_class_a_class_object_prints_is_its_last_dotted_name() -> None:
    from errdex.match.verify import printed_class

    assert printed_class("<class 'pkg.mod.Name'>") == "Name"
    assert printed_class("<class 'Name'>") == "Name"
    assert printed_class("Name") == ""
    assert printed_class("<Name object at 0x1>") == ""
    # the one test the matcher's shape check and the ranker's class evidence share: the message's
    # whitespace around the value is not the value's, and a printed class always has a name
    assert printed_class("  <class 'int'>\n") == "int"
    assert printed_class("<class ''>") == ""
    assert printed_class("<class 'pkg.'>") == ""
    assert printed_class("<class 'int'> and more") == ""


GROUPS = """\
from typing import Generic, TypeVar

T = TypeVar("T")


class Window:
    def __getattr__(self, attr):
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{attr}'")


class GroupBy(Generic[T]):
    def __getattr__(self, attr):
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{attr}'")


class SeriesGroupBy(GroupBy[list]):
    pass


class Plain:
    pass
"""


@pytest.fixture(scope="module")
def groups(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    with indexed(tmp_path_factory, "frame/groupby.py", GROUPS) as m:
        yield m


def test_a_class_name_placeholder_holding_a_plain_subclass_ranks_the_base_s_site_first(
    groups: Matcher,
) -> None:
    # ``SeriesGroupBy`` is no exception class, yet the index knows it derives from ``GroupBy``
    # (a generic base, ``GroupBy[list]``): the message is ``GroupBy.__getattr__``'s
    res = groups.explain("AttributeError: 'SeriesGroupBy' object has no attribute 'average'")
    assert [m.function for m in res.matches[:2]] == ["GroupBy.__getattr__", "Window.__getattr__"]
    assert res.matches[0].score > res.matches[1].score
    assert any("this site's class (GroupBy)" in r for r in res.matches[0].reasons)


def test_only_the_plain_classes_below_a_class_printing_its_name_are_kept() -> None:
    from errdex.store.classes import below_named_owners

    rows = [
        ("SeriesGroupBy", ("GroupBy[Series]",)),
        ("Resampler", ("_GroupByMixin", "pkg.SeriesGroupBy")),
        ("GroupBy", ("BaseGroupBy[NDFrameT]",)),
        ("Plain", ("object",)),
    ]
    assert below_named_owners(rows, {"GroupBy"}) == [
        ("SeriesGroupBy", ("GroupBy",)),
        ("Resampler", ("_GroupByMixin", "pkg.SeriesGroupBy")),
    ]
    assert below_named_owners(rows, set()) == []


STYLES = """\
def _convert(expected_type, value):
    if not isinstance(value, expected_type):
        raise TypeError('expected ' + str(expected_type))
    return value


class Style:
    pass


class StyleList(list):
    def append(self, value):
        if not isinstance(value, Style):
            raise TypeError('expected ' + str(Style))
        super().append(value)
"""


def test_a_placeholder_naming_a_class_prints_that_class_and_no_other(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    # ``'expected ' + str(Style)`` is ``expected {Style}``: it prints ``<class 'sheet.styles.Style'>``,
    # so ``<class 'float'>`` is the sibling's ``expected {expected_type}``, though both fit alike
    with indexed(tmp_path_factory, "sheet/styles.py", STYLES) as styles:
        res = styles.explain("TypeError: expected <class 'float'>")
    assert [(m.function, m.template) for m in res.matches[:2]] == [
        ("_convert", "expected {expected_type}"),
        ("StyleList.append", "expected {Style}"),
    ]
    assert res.matches[0].score > res.matches[1].score
    assert any("prints a class by its name" in r for r in res.matches[1].reasons)
    # a placeholder that is not a class's name says nothing of the class it holds
    assert not any("prints a class by its name" in r for r in res.matches[0].reasons)


def test_a_placeholder_spelled_as_a_class_is_capwords() -> None:
    from errdex.match.rank import _class_constant

    assert _class_constant("DifferentialStyle") and _class_constant("Font!r")
    assert not _class_constant("expected_type")
    assert not _class_constant("MAX_SIZE")
    assert not _class_constant("self.Style")
    assert not _class_constant("T")
