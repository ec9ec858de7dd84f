"""Sites raising one message and scored alike otherwise: the one whose function the library calls
from more places ranks first (``thresholds.CALLERS_STEP``; the count is the call graph's, made
when the catalogue is indexed). On a real catalogue indexed from fixture code."""

from __future__ import annotations

import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest

from errdex.match import Matcher
from errdex.match.artifact import rebuild_index, stored_index
from errdex.match.index import CALLERS_MAX, Index, callers_bucket
from errdex.match.shared_index import merge
from errdex.pipeline import resolved_callers
from errdex.store import Store, callers
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

# a class raised bare in two places: a private helper two public methods call, and a public
# method nothing calls. Pasted alone (``pkg.tokens.InvalidToken``), the sites tie whatever they
# print, and the helper's callers do not order them: measured over the regression sets, the
# count then favours the validators that print a message of their own over the site that printed
# the bare class (docs/measurements/acc54.md). The public site leads (``PUBLIC``)
TOKENS = """\
class InvalidToken(Exception):
    pass


class Fernet:
    def decrypt(self, token):
        return self._check(token)

    def decrypt_at_time(self, token, when):
        return self._check(token)

    def _check(self, token):
        if not token:
            raise InvalidToken
        return token


class MultiFernet:
    def rotate(self, token):
        if not token:
            raise InvalidToken
        return token
"""


def _write_package(project: Path, names: tuple[str, ...]) -> None:
    files = {
        "__init__": "", "alpha": LOADER.format("alpha"), "beta": LOADER.format("beta"), "uses": USES,
        "colors": PUBLIC_SITE, "_colors": PRIVATE_SITE, "paint": PUBLIC_USE, "shapes": SHAPES, "draw": DRAW,
        "tokens": TOKENS,
    }  # fmt: skip
    (project / "pkg").mkdir(parents=True)
    for name in names:
        (project / "pkg" / f"{name}.py").write_text(files[name])


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The package indexed by the real pipeline (which counts and stores the callers)."""
    from errdex.pipeline import index

    project = tmp_path_factory.mktemp("callers") / "project"  # its modules are ``pkg.*``
    _write_package(
        project,
        ("__init__", "alpha", "beta", "uses", "colors", "_colors", "paint", "shapes", "draw", "tokens"),
    )
    path = str(project.parent / "c.db")
    index(str(project), path, jobs=1)
    return path


@pytest.fixture(scope="module")
def matcher(db: str) -> Iterator[Matcher]:
    """The index indexing saved, loaded."""
    with Store.open(db) as store:
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


def test_a_class_pasted_alone_is_not_ordered_by_the_callers(matcher: Matcher) -> None:
    res = matcher.explain("pkg.tokens.InvalidToken")
    assert [m.function for m in res.matches[:2]] == ["MultiFernet.rotate", "Fernet._check"]
    counts = _callers_by_site(matcher.index)
    assert (
        counts["pkg/tokens.py", "Fernet._check"] == 2 and counts["pkg/tokens.py", "MultiFernet.rotate"] == 0
    )


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


def _callers_by_site(index: Index) -> dict[tuple[str, str], int]:
    got = {}
    for i in range(index.n_entries):
        site = index.entry_facts(i)[1]
        got[site.path, site.function] = index.entry_callers(i)
    return got


def test_an_index_rebuilt_from_the_rows_equals_the_one_indexing_made(db: str) -> None:
    # the counts are stored with the snapshot (``snapshots.callers``): the index rebuilt from
    # the catalogue's rows (a stale or corrupt artifact, a read-only server) ranks ties as the
    # one indexing merged, entry for entry, callers' buckets included
    with Store.open(db) as store:
        made = stored_index(store)
        rebuilt = rebuild_index(store)
        assert store.site_callers(store.repos()[0].snapshots[0].id) is not None
    assert rebuilt.n_entries == made.n_entries > 0
    assert [rebuilt.entry_callers(i) for i in range(rebuilt.n_entries)] == [
        made.entry_callers(i) for i in range(made.n_entries)
    ]
    assert rebuilt.dumps() == made.dumps()
    twins = _callers_by_site(rebuilt)
    assert (twins["pkg/alpha.py", "load_alpha"], twins["pkg/beta.py", "load_beta"]) == (1, 3)


def test_the_counts_from_the_extraction_in_memory_are_those_of_the_stored_facts(db: str) -> None:
    # the index stage counts from the extraction's facts still in memory (``FactReader.with_code``);
    # counted from the stored facts instead, every site's count is the same, and both are the
    # counts stored with the snapshot
    from errdex.extract import extract
    from errdex.sources import open_source_with_report

    snap, _ = open_source_with_report(str(Path(db).parent / "project"))
    code = extract(snap.files, snap.info.repo, jobs=1).code
    with Store.open(db) as store:
        sid = store.repos()[0].snapshots[0].id
        assert isinstance(store.facts.with_code(sid, code), ExtractedFacts)
        sites = list(dict.fromkeys((e.path, e.function) for e in store.iter_entries(snapshot_id=sid)))
        from_stored = resolved_callers(store, sid, sites)
        held = {sid: dict(code)}
        assert resolved_callers(store, sid, sites, code=held) == from_stored
        assert held == {}  # taken: the facts go once counted
        assert from_stored == store.site_callers(sid)
        assert (
            from_stored["pkg/beta.py", "load_beta"] == 3
            and from_stored["pkg/shapes.py", "Circle.__init__"] == 2
        )
        # a file whose facts the extraction does not hold (reused from the catalogue): the
        # stored reader answers for the whole snapshot
        partial_reader = store.facts.with_code(sid, {p: f for p, f in code.items() if p != "pkg/draw.py"})
        assert not isinstance(partial_reader, ExtractedFacts)


def test_a_catalogue_from_before_the_counts_gets_them_at_its_next_index(db_url: str, tmp_path: Path) -> None:
    # a schema v16 catalogue stored no counts: after the upgrade its snapshot is uncounted, and
    # indexing the same release again (nothing else changed) counts it and builds the index
    # from them, which a rebuild from the rows then equals (SQLite and PostgreSQL)
    from store_helpers import as_version

    from errdex.pipeline import index

    project = tmp_path / "project"
    _write_package(project, ("__init__", "alpha", "beta", "uses"))
    index(str(project), db_url, jobs=1)
    with Store.open(db_url) as store:
        want = _callers_by_site(stored_index(store))
        as_version(store.engine, 16)
        store.engine.dispose()
    assert (want["pkg/alpha.py", "load_alpha"], want["pkg/beta.py", "load_beta"]) == (1, 3)
    with Store.open(db_url) as store:  # opening migrates: the column is there, empty
        [sid] = store.uncounted_snapshots()
        assert store.site_callers(sid) is None
        assert set(_callers_by_site(rebuild_index(store)).values()) == {0}
    summary = index(str(project), db_url, jobs=1)
    assert not summary.changed
    with Store.open(db_url) as store:
        assert store.uncounted_snapshots() == []
        assert store.site_callers(sid) == {
            ("pkg/alpha.py", "load_alpha"): 1,
            ("pkg/beta.py", "load_beta"): 3,
        }
        made = stored_index(store)
        rebuilt = rebuild_index(store)
    assert _callers_by_site(made) == want
    assert rebuilt.dumps() == made.dumps()


def test_stored_counts_read_back_and_a_damaged_value_counts_none() -> None:
    counts = {("a/b.py", "f"): 2, ("a/b.py", "C.__init__"): 300, ("a/c.py", "g"): 0}
    data = callers.encode(counts)
    assert data == callers.encode(dict(reversed(counts.items())))  # one value for one set of counts
    assert callers.decode(data) == {("a/b.py", "f"): 2, ("a/b.py", "C.__init__"): 300}
    bomb = zlib.compress(b"[" + b" " * (callers.MAX_BYTES + 10) + b"]")
    for bad in (b"", b"not zlib", zlib.compress(b"{}"), zlib.compress(b'[["a", "f", -1]]'),
                zlib.compress(b'[["a", "f", true]]'), zlib.compress(b'[["a", 2, 1]]'), bomb):  # fmt: skip
        assert callers.decode(bad) == {}


def test_stored_counts_carry_the_stamp_of_their_counting_code() -> None:
    """``callers_as_before`` copies counts only when they carry this errdex's stamp: the stamp
    is part of the stored value, and a value from before the stamp (a bare list) reads as its
    counts with no stamp (never copied)."""
    counts = {("a/b.py", "f"): 2}
    assert callers.counted_by(callers.encode(counts, "abc")) == "abc"
    assert callers.encode(counts, "abc") != callers.encode(counts, "abd")
    assert callers.decode(callers.encode(counts, "abc")) == counts
    old = zlib.compress(b'[["a/b.py", "f", 2]]')
    assert callers.counted_by(old) is None and callers.decode(old) == counts
    for bad in (b"", b"not zlib", zlib.compress(b'{"by": 3, "sites": []}'), callers.encode(counts)):
        assert callers.counted_by(bad) is None


def test_the_bucket_is_the_count_up_to_15_then_four_per_doubling() -> None:
    assert [callers_bucket(n) for n in (0, 1, 2, 3, 15)] == [0, 1, 2, 3, 15]
    assert [callers_bucket(n) for n in (16, 19, 20, 23, 27, 32, 64)] == [16, 16, 17, 18, 19, 20, 24]
    assert callers_bucket(215) == 30
    assert callers_bucket(216) == callers_bucket(10**6) == CALLERS_MAX
