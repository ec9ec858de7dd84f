"""Sites raising the same message, pasted without frames: the one whose function the library's
own code calls ranks first, still worded as a tie (on a real catalogue indexed from fixture code)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from errdex.match import Matcher, build_index
from errdex.match.index import Index
from errdex.match.shared_index import merge
from errdex.store import Store
from errdex.store.facts import called_as

# ``alpha`` comes first by path: without the prior, its site would lead the tie
ALPHA = """\
def find_lexer(name):
    if name not in LEXERS:
        raise LookupError(f"no lexer for alias {name!r} found")
    return LEXERS[name]


LEXERS = {}
"""

BETA = """\
def get_lexer(name, **options):
    if name not in KNOWN:
        raise LookupError(f"no lexer for alias {name!r} found")
    return KNOWN[name](**options)


KNOWN = {}
"""

# the library's own uses: ``get_lexer`` is on the way of ``highlight``
GAMMA = """\
from lex.beta import get_lexer


def highlight(code, alias):
    return get_lexer(alias).run(code)
"""

# one class built by name (its ``__init__`` is called), one never
SHAPES = """\
class Circle:
    def __init__(self, radius):
        if radius < 0:
            raise ValueError(f"a negative size makes no shape: {radius}")


class Square:
    def __init__(self, side):
        if side < 0:
            raise ValueError(f"a negative size makes no shape: {side}")


def unit_circle():
    check_closed()
    return Circle(1)


class OutlineError(Exception):
    pass


def check_open():
    raise OutlineError("the outline is open")


def check_closed():
    raise OutlineError("the outline is closed")
"""

# functions the library reaches without calling them by name: a loader held in a dispatch
# table, a property's setter run by an assignment (each counts one caller); each first in its
# file is a twin reached by nothing, which the path and line order would otherwise put first
LOADERS = """\
def _dateload(value):
    raise TypeError(f"cannot load {value!r} as the wanted type")


def _intload(value):
    raise TypeError(f"cannot load {value!r} as the wanted type")


HANDLERS = {int: _intload}


def load(kind, value):
    return HANDLERS[kind](value)
"""

UNITS = """\
class Units:
    def lookup_system(self, name):
        raise KeyError(f"no unit system is named {name}")

    @property
    def system(self):
        return self._system

    @system.setter
    def system(self, name):
        raise KeyError(f"no unit system is named {name}")


def configure(units, name):
    units.system = name
"""


@pytest.fixture(scope="module")
def catalogue(tmp_path_factory: pytest.TempPathFactory) -> str:
    from errdex.pipeline import index

    root = tmp_path_factory.mktemp("called")
    pkg = root / "lex"
    pkg.mkdir()
    files = {
        "__init__": "", "alpha": ALPHA, "beta": BETA, "gamma": GAMMA, "shapes": SHAPES, "loaders": LOADERS,
        "units": UNITS,
    }  # fmt: skip
    for name, text in files.items():
        (pkg / f"{name}.py").write_text(text)
    db = str(root / "c.db")
    index(str(pkg), db, jobs=1)
    return db


@pytest.fixture(scope="module")
def matcher(catalogue: str) -> Iterator[Matcher]:
    with Store.open(catalogue) as store:
        yield Matcher.load(store)


def test_the_site_the_library_calls_leads_a_tie_of_one_message(matcher: Matcher) -> None:
    res = matcher.explain("LookupError: no lexer for alias 'pyhton' found")
    first = [(m.function, m.approximate) for m in res.matches[:2]]
    assert first == [("get_lexer", False), ("find_lexer", False)]
    # the order is a prior, not evidence: the answer still says nothing in the paste decides
    assert "a tie" in res.verdict
    assert any("tied with 1 other site" in r for r in res.matches[0].reasons)
    assert res.matches[0].score - res.matches[1].score < 0.01


def test_a_constructor_is_called_by_its_class_name(matcher: Matcher) -> None:
    res = matcher.explain("ValueError: a negative size makes no shape: -3")
    assert [m.function for m in res.matches[:2]] == ["Circle.__init__", "Square.__init__"]


def test_a_function_held_in_a_dispatch_table_counts_a_caller(matcher: Matcher) -> None:
    res = matcher.explain("TypeError: cannot load 'x' as the wanted type")
    assert [m.function for m in res.matches[:2]] == ["_intload", "_dateload"]


def test_a_property_setter_assigned_through_counts_a_caller(matcher: Matcher) -> None:
    res = matcher.explain("KeyError: 'no unit system is named imperial'")
    assert [m.function for m in res.matches[:2]] == ["Units.system", "Units.lookup_system"]


def test_a_class_pasted_alone_keeps_the_order_of_its_raises(matcher: Matcher) -> None:
    # every raise of the class fits a bare class name, whatever it prints: no one text is
    # shared for the prior to order, and the one nothing calls stays first
    res = matcher.explain("lex.shapes.OutlineError")
    assert [m.function for m in res.matches[:2]] == ["check_open", "check_closed"]


def test_the_called_flag_survives_storing_loading_and_merging(catalogue: str) -> None:
    with Store.open(catalogue) as store:
        entries = list(store.iter_entries())
    called = {e.function: e.called for e in entries}
    assert called == {
        "find_lexer": False, "get_lexer": True, "Circle.__init__": True, "Square.__init__": False,
        "check_open": False, "check_closed": True, "_dateload": False, "_intload": False,
        "Units.lookup_system": False, "Units.system": False,
    }  # fmt: skip
    # held as a value, never called by name: not ``called``, one caller (where it is held)
    callers = {e.function: e.callers for e in entries}
    assert [callers[f] for f in ("_dateload", "_intload", "Units.lookup_system", "Units.system")] == [
        0,
        1,
        0,
        1,
    ]
    built = build_index(entries)
    for index in (built, Index.loads(built.dumps()), merge([built])):
        got = {index.entry_facts(i)[1].function: index.entry_called(i) for i in range(index.n_entries)}
        assert {f: got[f] for f in called} == called


@pytest.mark.parametrize(
    ("function", "name"),
    [
        ("get_lexer", "get_lexer"),
        ("Lexer.get_tokens", "get_tokens"),
        ("Circle.__init__", "Circle"),
        ("Meta.__new__", "Meta"),
        ("outer.<locals>.inner", "inner"),
        ("<module>", None),
        ("", None),
    ],
)
def test_called_as_is_the_name_a_call_is_written_with(function: str, name: str | None) -> None:
    assert called_as(function) == name
