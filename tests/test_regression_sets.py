"""The regression sets in tests/data/regression/*/: real errors with hand-verified raise sites.

Two kinds of test per set directory:

- the data itself is sound: every expected site (and alternative) names a file of the pinned
  release, a statement spanning that line, and the function enclosing it — read from the real
  wheel, never from errdex's own answer, so a typo in a case cannot pass as a miss;
- errdex, driven through its public CLI in subprocesses, scores at least the set's floors in
  floors.json (top-1, top-3, exact top-1, negatives right). The floors are today's measured
  values rounded down, so they only ever rise.

The catalogue of a set is built once and kept in the pytest cache, keyed by the set's pinned
versions and errdex's extractor digest: a repeated run only scores, and an extractor change
re-indexes. Wheels come from the registry once and then from errdex's download cache.
"""

from __future__ import annotations

import ast
import functools
import hashlib
import json
import os
import shutil
import sys
import time
import warnings
from pathlib import Path
from typing import Any

import pytest
import regression_score as rs

from errdex.pipeline import producer_digest


def _pin_owners(sets: list[Path]) -> dict[str, str]:
    """Each set's name -> the first set (by name) pinning exactly the same releases: itself,
    or an earlier twin whose catalogue it reads (``_catalogue``)."""
    first: dict[str, str] = {}
    owners: dict[str, str] = {}
    for set_dir in sets:
        pins = json.dumps(rs.load_versions(set_dir), sort_keys=True)
        owners[set_dir.name] = first.setdefault(pins, set_dir.name)
    return owners


def _twins_last(sets: list[Path]) -> list[Path]:
    """The sets in name order, but those reading an earlier twin's catalogue after all the
    others: their twin's is built by then (``_catalogue``), where side by side one xdist worker
    would wait on the other's indexing."""
    owners = _pin_owners(sets)
    return sorted(sets, key=lambda d: owners[d.name] != d.name)


def _shared_releases(sets: list[Path], owners: dict[str, str]) -> set[tuple[str, str]]:
    """The releases (name, version) that two or more sets with catalogues of their own pin:
    each is indexed once per run, alone, and copied into those catalogues (``_catalogue``)."""
    pinned: dict[tuple[str, str], set[str]] = {}
    for set_dir in sets:
        for pin in rs.load_versions(set_dir).items():
            pinned.setdefault(pin, set()).add(owners[set_dir.name])
    return {pin for pin, by in pinned.items() if len(by) > 1}


SETS = _twins_last(rs.discover_sets())
PIN_OWNERS = _pin_owners(SETS)
SHARED = _shared_releases(SETS, PIN_OWNERS)
FLOORS_PATH = rs.REGRESSION_ROOT / "floors.json"
KINDS = {"message", "traceback", "negative"}


def _set_id(set_dir: Path) -> str:
    return set_dir.name


def _catalogue_key(versions: dict[str, str]) -> str:
    blob = json.dumps({"versions": versions, "producer": producer_digest()}, sort_keys=True)
    return hashlib.sha256(blob.encode()).hexdigest()[:16]


def _catalogue(cache_root: Path, set_dir: Path, log: Any) -> tuple[str, float]:
    """The set's indexed catalogue (built now if the cache has none for this key) and build time.

    It is built in a scratch directory and renamed into place only when every release indexed,
    so an interrupted run never leaves a half catalogue that later runs would trust. Catalogues
    of the same set under other keys (older versions or extractors) are removed.

    Sets pinning exactly the same releases (runtime and runtime2, runtime4 and runtime5,
    issues51 and issues54: their cases differ, their releases do not) read one catalogue, the
    first's by name (``PIN_OWNERS``), built once under a lock the xdist workers share: the
    same releases indexed by the same code make the same catalogue (every row of every table
    alike but the snapshots' ``indexed_at``, which nothing a set scores reads:
    docs/measurements/ci21.md), so each twin's indexing was the whole of its repeat.
    """
    from filelock import FileLock

    versions = rs.load_versions(set_dir)
    owner = PIN_OWNERS.get(set_dir.name, set_dir.name)
    final = cache_root / f"{owner}-{_catalogue_key(versions)}"
    db = final / "catalogue.db"
    if owner != set_dir.name:  # the twin's own catalogue of an earlier run: read no more
        for stale in cache_root.glob(f"{set_dir.name}-*"):
            shutil.rmtree(stale, ignore_errors=True)
    with FileLock(str(cache_root / f".{owner}.lock")):
        if db.exists():
            return str(db), 0.0
        scratch = cache_root / f".{final.name}.{os.getpid()}"
        shutil.rmtree(scratch, ignore_errors=True)
        scratch.mkdir(parents=True)
        # One process, no pool (``jobs=1``): the two xdist workers index two sets at once, so a
        # pool per release only added its forks, pickling and the fork server to the same two
        # cores: 14-21% more CPU for a set (docs/measurements/ci51.md). ci7 had measured the
        # same and gone back to pools for a tail (the long sets ran last, on one core, the
        # other worker idle); ``conftest._schedule`` has since put the sets before the ~1,200
        # short tests, which fill the other core whenever one set is left.
        # the releases other sets pin too: indexed alone once per run, then copied
        key = producer_digest()[:16]
        singles = cache_root / f"releases-{key}"
        singles.mkdir(exist_ok=True)
        for old in cache_root.glob("releases-*"):
            if old != singles:
                shutil.rmtree(old, ignore_errors=True)
        shared = {
            f"pypi:{name}=={version}": str(singles / f"{name}=={version}.db")
            for name, version in versions.items()
            if (name, version) in SHARED
        }
        seconds = rs.index_set(str(scratch / "catalogue.db"), versions, log=log, jobs=1, shared=shared)
        for stale in cache_root.glob(f"{owner}-*"):
            shutil.rmtree(stale, ignore_errors=True)
        os.replace(scratch, final)
    return str(db), seconds


@pytest.mark.slow
@pytest.mark.network
@pytest.mark.parametrize("set_dir", SETS, ids=_set_id)
def test_set_scores_at_least_its_floors(
    set_dir: Path, shared_extractions: Path, request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ERRDEX_EXTRACTION_CACHE", str(shared_extractions))  # read by index_set's process
    floors = json.loads(FLOORS_PATH.read_text(encoding="utf-8"))
    assert set_dir.name in floors, f"{FLOORS_PATH} has no floors for set {set_dir.name!r}"
    cache_root = request.config.cache.mkdir("errdex-regression")
    db, index_s = _catalogue(cache_root, set_dir, log=sys.stderr)
    t = time.perf_counter()
    report = rs.score_set(set_dir, rs.DEFAULT_ERRDEX, db)
    score_s = time.perf_counter() - t
    print(f"\n{report.table(show_misses=True)}\nindex {index_s:.1f}s, score {score_s:.1f}s")

    measured = report.metrics()
    below = {
        m: (round(measured[m], 3), floors[set_dir.name][m])
        for m in rs.METRICS
        if measured[m] < floors[set_dir.name][m] - 1e-9
    }
    assert not below, f"set {set_dir.name} fell below its floors (measured, floor): {below}"
    above = [m for m in rs.METRICS if measured[m] - floors[set_dir.name][m] >= 0.01]
    if above:
        warnings.warn(
            f"set {set_dir.name}: raise the floors of {', '.join(above)} in {FLOORS_PATH.name} to "
            + ", ".join(f"{m}={int(measured[m] * 100) / 100:.2f}" for m in above),
            stacklevel=1,
        )


# ---------------------------------------------------------------------------------------------
# The data: every expected site is real in the pinned release.


@functools.cache
def _release_python_files(name: str, version: str) -> dict[str, bytes]:
    """The ``.py`` files of the release's wheel, as the set's catalogue was built (``index_set``:
    no sdist for tests). Only those are kept: a worker opens every release of the sets it
    checks, and holding each release's other files too (stubs, data, docs) grew a worker past
    1.5 GB by the end of the run."""
    from errdex.sources import open_source

    release = open_source(f"pypi:{name}=={version}", sdist_tests=False)
    return {f.path: f.data for f in release.files if f.path.endswith(".py")}


_BODIES = (ast.excepthandler, ast.match_case)  # not statements, but each holds a statement body
_LISTED = (ast.stmt, *_BODIES)  # what a list of statements (or of clauses) holds


def _statements_in(
    nodes: list[Any], prefix: str, leaves: list[tuple[int, int]], scopes: list[tuple[int, int, str]]
) -> None:
    """Fill ``leaves`` and ``scopes`` from a statement list and every statement list below it.

    Statements only ever sit in the statement lists of other statements (a body, ``orelse``,
    ``finalbody``, an ``except`` clause's or a ``case``'s body), never inside an expression, so
    the walk goes down those lists and skips the expressions, which are most of a tree's
    nodes: a full ``ast.walk`` spent three quarters of this check's CPU visiting them."""
    for node in nodes:
        if isinstance(node, _BODIES):
            _statements_in(node.body, prefix, leaves, scopes)
            continue
        if not isinstance(node, ast.stmt):
            continue
        first, last = node.lineno, node.end_lineno or node.lineno
        inner = prefix
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            scopes.append((first, last, prefix + node.name))
            inner = prefix + node.name + ".<locals>."
        elif isinstance(node, ast.ClassDef):
            scopes.append((first, last, prefix + node.name))
            inner = prefix + node.name + "."
        else:
            leaves.append((first, last))
        for _field, value in ast.iter_fields(node):
            if isinstance(value, list) and value and isinstance(value[0], _LISTED):
                _statements_in(value, inner, leaves, scopes)


@functools.cache
def _statements_and_scopes(data: bytes) -> tuple[list[tuple[int, int]], list[tuple[int, int, str]]]:
    """(first line, last line) of every statement that is not a def or class, and (first line,
    last line, qualified name as CPython prints it) of every def and class, of one file: a
    set's cases name the same few files again and again (sqlglot's 9,000-line parser a dozen
    times), so each file is parsed and walked once per run."""
    # Released code may hold string escapes that today's Python warns about (SyntaxWarning,
    # an error under the suite's filterwarnings); the check needs the tree, not the warning.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SyntaxWarning)
        tree = ast.parse(data)
    leaves: list[tuple[int, int]] = []
    scopes: list[tuple[int, int, str]] = []
    _statements_in(tree.body, "", leaves, scopes)
    return leaves, scopes


def _site_problem(site: dict[str, Any], sources: dict[str, bytes]) -> str | None:
    """Why a site is not a real statement of the pinned sources, or None when it is."""
    data = sources.get(site["path"])
    if data is None:
        return f"{site['path']} is not in the pinned release(s)"
    leaves, scopes = _statements_and_scopes(data)
    line = int(site["line"])
    if not any(a <= line <= b for a, b in leaves):
        return f"no statement spans {site['path']}:{line}"
    enclosing = [q for a, b, q in scopes if a <= line <= b]
    qualname = max(enclosing, key=len) if enclosing else "<module>"
    want = site.get("function") or ""
    # Tracebacks of older Pythons print only the bare function name; a set built from real
    # tracebacks may record that, which still pins the function down within the file.
    if want not in (qualname, qualname.rsplit(".", 1)[-1]):
        return f"{site['path']}:{line} is in {qualname!r}, not {want!r}"
    return None


@pytest.mark.network
@pytest.mark.parametrize("set_dir", SETS, ids=_set_id)
def test_set_truth_is_real_in_the_pinned_releases(set_dir: Path) -> None:
    versions = rs.load_versions(set_dir)
    sources: dict[str, bytes] = {}
    for name, version in sorted(versions.items()):
        sources.update(_release_python_files(name, version))

    problems: list[str] = []
    seen: set[str] = set()
    for case in rs.load_cases(set_dir):
        cid = str(case.get("id"))
        if cid in seen:
            problems.append(f"{cid}: duplicate id")
        seen.add(cid)
        if case.get("kind") not in KINDS:
            problems.append(f"{cid}: kind {case.get('kind')!r} is not one of {sorted(KINDS)}")
        if versions.get(str(case.get("library"))) != case.get("version"):
            problems.append(f"{cid}: {case.get('library')}=={case.get('version')} is not the pinned release")
        if not case.get("input") or not case.get("source"):
            problems.append(f"{cid}: needs an input and a source")
        expected = case.get("expected")
        if (case.get("kind") == "negative") != (expected is None):
            problems.append(f"{cid}: negatives (and only they) have expected = null")
            continue
        for site in [expected, *expected.get("alternatives", [])] if expected else []:
            problem = _site_problem(site, sources)
            if problem:
                problems.append(f"{cid}: {problem}")
    assert not problems, "\n".join(problems)


_EVERY_BODY = b"""
import os
x = [lambda: 1 for _ in range(2)]


@decorate(lambda y: y)
class Outer:
    attr = 1

    def method(self):
        def inner():
            return 1

        class Local:
            pass

        return inner, Local

    if os.name:

        async def coro(self):
            async with ctx() as c:
                async for i in c:
                    await i
            while True:
                break
            else:
                pass

    try:
        import json
    except* ValueError:
        json = None
    else:
        pass
    finally:
        del x


def top(v):
    match v:
        case [1, *rest]:
            for r in rest:
                pass
            else:
                def in_case():
                    pass
        case _:
            with open(v) as f, open(v):
                try:
                    return f
                except OSError as e:
                    raise ValueError(str(e)) from e
"""


def test_the_statement_walk_finds_what_a_full_walk_does() -> None:
    """``_statements_and_scopes`` goes down statement lists only (``_statements_in``): on a file
    with a def or statement in every kind of body (class, def, ``if``, ``for``/``while``/``else``,
    ``with``, ``async``, ``try``/``except*``/``else``/``finally``, ``match``/``case``, lambdas
    and decorators around them) it finds the statements and qualified scopes that walking every
    node does."""
    tree = ast.parse(_EVERY_BODY)
    every = sorted(
        (n.lineno, n.end_lineno or n.lineno)
        for n in ast.walk(tree)
        if isinstance(n, ast.stmt)
        and not isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
    )
    leaves, scopes = _statements_and_scopes(_EVERY_BODY)
    assert sorted(leaves) == every and len(every) == 26
    assert [q for _, _, q in scopes] == [
        "Outer",
        "Outer.method",
        "Outer.method.<locals>.inner",
        "Outer.method.<locals>.Local",
        "Outer.coro",
        "top",
        "top.<locals>.in_case",
    ]


def test_sets_pinning_the_same_releases_read_one_catalogue(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A twin (a set pinning exactly an earlier set's releases) reads that set's catalogue and
    indexes nothing; every other set is its own owner, and the twins come after every owner in
    the run's order, so the catalogue they read is built before they are scored."""
    twins = {name: owner for name, owner in PIN_OWNERS.items() if name != owner}
    by_name = {d.name: d for d in SETS}
    order = [d.name for d in SETS]
    for name, owner in twins.items():
        assert rs.load_versions(by_name[name]) == rs.load_versions(by_name[owner])
        assert PIN_OWNERS[owner] == owner and order.index(owner) < order.index(name)
    assert order[len(order) - len(twins) :] == sorted(twins)
    others = [d for d in SETS if d.name not in twins]
    assert len({json.dumps(rs.load_versions(d), sort_keys=True) for d in others}) == len(others)

    # three sets in a folder of their own: b pins a's releases in another order, c others
    sets = tmp_path / "sets"
    for name, pins in [("c", {"x": "1"}), ("b", {"y": "2", "x": "1"}), ("a", {"x": "1", "y": "2"})]:
        (sets / name).mkdir(parents=True)
        (sets / name / "versions.json").write_text(json.dumps(pins), encoding="utf-8")
    found = sorted(sets.iterdir())
    assert _pin_owners(found) == {"a": "a", "b": "a", "c": "c"}
    assert [d.name for d in _twins_last(found)] == ["a", "c", "b"]
    monkeypatch.setattr(sys.modules[__name__], "PIN_OWNERS", _pin_owners(found))
    # x==1 is pinned by a and by c, which have catalogues of their own; y==2 by a and its twin b
    assert _shared_releases(found, _pin_owners(found)) == {("x", "1")}
    monkeypatch.setattr(sys.modules[__name__], "SHARED", _shared_releases(found, _pin_owners(found)))
    owner, name = found[0], found[1]
    cache = tmp_path / "cache"
    cache.mkdir()
    built: list[str] = []
    copied: list[list[str]] = []

    def index_set(db: str, versions: dict[str, str], log: Any, jobs: int, shared: dict[str, str]) -> float:
        built.append(db)
        copied.append(sorted(shared))  # the releases to index alone once and copy
        assert all(Path(single).parent.name.startswith("releases-") for single in shared.values())
        Path(db).write_bytes(b"a catalogue")
        return 1.5

    monkeypatch.setattr(rs, "index_set", index_set)
    db, seconds = _catalogue(cache, owner, log=sys.stderr)
    assert (seconds, len(built)) == (1.5, 1) and Path(db).read_bytes() == b"a catalogue"
    (cache / "b-0123456789abcdef").mkdir()  # the twin's own, from an earlier run
    assert _catalogue(cache, name, log=sys.stderr) == (db, 0.0)
    assert not list(cache.glob("b-*"))
    assert len(built) == 1 and Path(db).parent.name.startswith("a-")
    assert _catalogue(cache, found[2], log=sys.stderr)[1] == 1.5 and len(built) == 2  # c: its own
    assert copied == [["pypi:x==1"], ["pypi:x==1"]]  # a and c copy x==1; y==2 is a's alone
