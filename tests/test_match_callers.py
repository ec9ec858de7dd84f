"""Sites raising one message and scored alike otherwise: the one whose function the library calls
from more places ranks first (``thresholds.CALLERS_STEP``; the count is the call graph's, made
when the catalogue is indexed). On a real catalogue indexed from fixture code."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from pathlib import Path

import pytest

from errdex.match import Matcher
from errdex.match.index import CALLERS_MAX, Index, callers_bucket
from errdex.match.shared_index import build_segment, merge
from errdex.pipeline import resolved_callers
from errdex.store import Store
from errdex.store import segments as ss
from errdex.store.facts import ExtractedFacts

# ``alpha`` comes first by path, and both functions are called (``CALLED`` alike): only the
# number of callers tells them apart, one (``use_alpha``) against three
LOADER = """\
def load_{0}(name):
    if name not in TABLE:
        raise KeyError(f"no codec registered under the name {{name!r}}")
    return TABLE[name]


TABLE = {{}}
"""

USES = """\
from pkg.alpha import load_alpha
from pkg.beta import load_beta
from pkg import beta


def use_alpha(x):
    return load_alpha(x)


def encode(x):
    return load_beta(x)


def decode(x):
    return beta.load_beta(x)


class Stream:
    def open(self, x):
        return load_beta(x)
"""

# the private module's site has more callers, but a site in private code scores lower
# (``PUBLIC``): the scores are not equal, and the public site stays first
PUBLIC_SITE = """\
def parse_color(text):
    raise ValueError(f"unknown color specifier: {text!r}")
"""

PRIVATE_SITE = """\
def parse_color(text):
    raise ValueError(f"unknown color specifier: {text!r}")


def fill(text):
    return parse_color(text)


def stroke(text):
    return parse_color(text)


def shade(text):
    return parse_color(text)
"""

PUBLIC_USE = """\
from pkg.colors import parse_color


def paint(text):
    return parse_color(text)
"""

# constructors: ``Square`` comes first by line, ``Circle`` is built in two other modules'
# functions through imports (``from ... import Circle``, ``shapes.Circle``), ``Square`` in one
SHAPE = """\
class {0}:
    def __init__(self, size):
        if size < 0:
            raise ValueError(f"a negative size makes no shape: {{size}}")
"""
SHAPES = SHAPE.format("Square") + "\n\n" + SHAPE.format("Circle")

DRAW = """\
from pkg.shapes import Circle, Square
from pkg import shapes


def dot():
    return Circle(1)


def ring():
    return shapes.Circle(2)


def tile():
    return Square(1)
"""


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The package indexed by the real pipeline (which counts the callers) into ``../c.db``."""
    from errdex.pipeline import index

    project = tmp_path_factory.mktemp("callers") / "project"  # its modules are ``pkg.*``
    (project / "pkg").mkdir(parents=True)
    files = {
        "__init__": "", "alpha": LOADER.format("alpha"), "beta": LOADER.format("beta"), "uses": USES,
        "colors": PUBLIC_SITE, "_colors": PRIVATE_SITE, "paint": PUBLIC_USE, "shapes": SHAPES, "draw": DRAW,
    }  # fmt: skip
    for name, text in files.items():
        (project / "pkg" / f"{name}.py").write_text(text)
    index(str(project), str(project.parent / "c.db"), jobs=1)
    return project


@pytest.fixture(scope="module")
def matcher(project: Path) -> Iterator[Matcher]:
    with Store.open(str(project.parent / "c.db")) as store:
        yield Matcher.load(store)


def test_of_two_sites_scored_alike_the_one_with_more_callers_leads(matcher: Matcher) -> None:
    res = matcher.explain("KeyError: \"no codec registered under the name 'utf9'\"")
    assert [(m.path, m.function, m.approximate) for m in res.matches[:2]] == [
        ("pkg/beta.py", "load_beta", False),
        ("pkg/alpha.py", "load_alpha", False),
    ]
    # an order among equals, not evidence: still worded as a tie
    assert "a tie" in res.verdict
    assert res.matches[0].score - res.matches[1].score < 1e-5


def test_scores_that_differ_keep_their_order_whatever_the_callers(matcher: Matcher) -> None:
    res = matcher.explain("ValueError: unknown color specifier: 'purpel'")
    assert [m.path for m in res.matches[:2]] == ["pkg/colors.py", "pkg/_colors.py"]


def test_a_constructors_callers_are_the_calls_of_its_class(matcher: Matcher) -> None:
    res = matcher.explain("ValueError: a negative size makes no shape: -3")
    assert [m.function for m in res.matches[:2]] == ["Circle.__init__", "Square.__init__"]


def test_the_counts_survive_storing_loading_and_merging(matcher: Matcher) -> None:
    want = {
        "load_alpha": 1, "load_beta": 3, "Circle.__init__": 2, "Square.__init__": 1,
    }  # fmt: skip
    built = matcher.index
    for index in (built, Index.loads(built.dumps()), merge([built])):
        got = {}
        for i in range(index.n_entries):
            site = index.entry_facts(i)[1]
            got[site.path, site.function] = index.entry_callers(i)
        assert {f: n for (_, f), n in got.items() if f in want} == want
        assert got["pkg/colors.py", "parse_color"] == 1
        assert got["pkg/_colors.py", "parse_color"] == 3


def test_the_bucket_is_the_count_up_to_15_then_four_per_doubling() -> None:
    assert [callers_bucket(n) for n in (0, 1, 2, 3, 15)] == [0, 1, 2, 3, 15]
    assert [callers_bucket(n) for n in (16, 19, 20, 23, 27, 32, 64)] == [16, 16, 17, 18, 19, 20, 24]
    assert callers_bucket(215) == 30
    assert callers_bucket(216) == callers_bucket(10**6) == CALLERS_MAX


def test_the_counts_from_the_extraction_in_memory_are_those_of_the_stored_facts(project: Path) -> None:
    # the index stage counts from the extraction's facts still in memory (``FactReader.with_code``);
    # counted from the stored facts instead, every site's count and the segment's bytes are the same
    from errdex.extract import extract
    from errdex.sources import open_source_with_report

    snap, _ = open_source_with_report(str(project))
    code = extract(snap.files, snap.info.repo, jobs=1).code
    with Store.open(str(project.parent / "c.db")) as store:
        ((sid, _),) = ss.snapshot_stamps(store)
        assert isinstance(store.facts.with_code(sid, code), ExtractedFacts)
        sites = list(dict.fromkeys((e.path, e.function) for e in store.iter_entries(snapshot_id=sid)))
        stored = resolved_callers(store, sid, sites)
        held = {sid: dict(code)}
        assert resolved_callers(store, sid, sites, code=held) == stored
        assert held == {}  # taken: the facts go once counted
        assert stored["pkg/beta.py", "load_beta"] == 3 and stored["pkg/shapes.py", "Circle.__init__"] == 2
        segment = build_segment(store, sid, partial(resolved_callers, store, code={sid: dict(code)})).dumps()
        assert segment == build_segment(store, sid, partial(resolved_callers, store)).dumps()
        # a file whose facts the extraction does not hold (reused from the catalogue): the
        # stored reader answers for the whole snapshot
        partial_reader = store.facts.with_code(sid, {p: f for p, f in code.items() if p != "pkg/draw.py"})
        assert not isinstance(partial_reader, ExtractedFacts)
