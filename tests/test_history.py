"""Many releases of one codebase: tag ranges, reuse of earlier extractions, lineage, diff.

The codebase is a real git repository made here, with four tagged releases that change it the
way maintainers do: a message reworded, a function renamed, a file moved, an error removed.
"""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from sources_helpers import git, write

from errdex.pipeline import _Quiet, index, index_releases
from errdex.sources import SourceError
from errdex.sources.releases import expand_releases, is_range
from errdex.store import Store

ERRDEX = [sys.executable, "-m", "errdex.cli"]

CORE_V1 = '''\
"""Core."""


def load(path, strict=False):
    if not path.endswith(".toml"):
        raise ValueError(f"expected a .toml file, got {path!r}")
    if strict:
        raise NotImplementedError("strict mode is not implemented")
    return {}


def save(data):
    if data is None:
        raise TypeError("nothing to save")
'''
# v2: one message reworded (a hint appended), lines moved by a new comment block
CORE_V2 = CORE_V1.replace('"""Core."""\n', '"""Core."""\n\n# configuration files\n# are TOML\n').replace(
    'f"expected a .toml file, got {path!r}"', 'f"expected a .toml file, got {path!r}; rename it to .toml"'
)
# v3: ``save`` renamed ``store``; the strict-mode error removed
CORE_V3 = CORE_V2.replace("def save(data)", "def store(data)").replace(
    '    if strict:\n        raise NotImplementedError("strict mode is not implemented")\n', ""
)
UTIL = """\
def check(n):
    if n < 0:
        raise ValueError(f"n must be non-negative, got {n}")
"""
EXTRA = """\
def later(x):
    raise KeyError(f"unknown key {x!r}")
"""


def make_repo(root: Path) -> Path:
    repo = root / "lib"
    repo.mkdir()
    git(repo, "init", "-q")
    releases = [
        ("v0.1.0", {"lib/__init__.py": "", "lib/core.py": CORE_V1, "lib/util.py": UTIL}),
        ("v0.2.0", {"lib/core.py": CORE_V2}),
        ("v0.3.0", {"lib/core.py": CORE_V3}),
        ("v0.4.0", {"lib/checks/util.py": UTIL, "lib/checks/__init__.py": "", "lib/extra.py": EXTRA}),
    ]
    for n, (tag, files) in enumerate(releases):
        write(repo, files)
        if tag == "v0.4.0":
            git(repo, "rm", "-q", "lib/util.py")
        git(repo, "add", "-A")
        git(repo, "commit", "-q", "-m", tag, date=f"2024-0{n + 1}-01T00:00:00+00:00")
        git(repo, "tag", tag)
    git(repo, "tag", "other-1.0")  # not shaped like the range's tags
    return repo


@pytest.fixture(scope="module")
def repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_repo(tmp_path_factory.mktemp("history"))


def test_a_tag_range_and_a_tag_glob_expand_to_releases_oldest_first(repo: Path, tmp_path: Path) -> None:
    assert is_range(f"{repo}@v0.1.0..v0.3.0") and not is_range(f"{repo}@v0.1.0")
    plan = expand_releases(f"{repo}@v0.2.0..v0.4.0", cache_dir=tmp_path)
    assert plan is not None
    assert plan.specs == [f"git:{repo}@v0.2.0", f"git:{repo}@v0.3.0", f"git:{repo}@v0.4.0"]
    plan = expand_releases(f"git:{repo}", tags="v0.*", releases=2, cache_dir=tmp_path)
    assert plan is not None and plan.specs == [f"git:{repo}@v0.3.0", f"git:{repo}@v0.4.0"]
    assert expand_releases(f"{repo}@v0.2.0", cache_dir=tmp_path) is None  # one release: as before
    with pytest.raises(SourceError, match="no tag 'v9'"):
        expand_releases(f"{repo}@v0.1.0..v9", cache_dir=tmp_path)
    with pytest.raises(SourceError, match=r"no tag .* matches"):
        expand_releases(f"git:{repo}", tags="nope*", cache_dir=tmp_path)


@pytest.fixture(scope="module")
def history(repo: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Store, list[str]]]:
    db = str(tmp_path_factory.mktemp("cat") / "c.db")
    plan = expand_releases(f"{repo}@v0.1.0..v0.4.0", cache_dir=tmp_path_factory.mktemp("cache"))
    assert plan is not None
    summaries = index_releases(plan.specs, db, jobs=1)
    with Store.open(db) as store:
        yield store, [s.line() for s in summaries]


def test_later_releases_reuse_the_extraction_of_unchanged_files(history: tuple[Store, list[str]]) -> None:
    _, lines = history
    assert len(lines) == 4
    # v0.2.0 changed core.py only: __init__.py and util.py come from v0.1.0
    assert "2 reused" in lines[1] and "reused" not in lines[0]


def test_reused_extractions_give_the_records_a_fresh_index_gives(
    history: tuple[Store, list[str]], repo: Path, tmp_path: Path
) -> None:
    store, _ = history
    alone = str(tmp_path / "alone.db")
    index(f"{repo}@v0.4.0", alone, jobs=1)

    def entries(s: Store) -> list[tuple[str, int, str, list[str]]]:
        return sorted(
            (e.error_id, e.line, e.template, e.segments) for e in s.iter_entries() if e.version == "v0.4.0"
        )

    with Store.open(alone) as alone_store:
        assert entries(store) == entries(alone_store)


def test_the_catalogue_stores_unchanged_occurrences_once(history: tuple[Store, list[str]]) -> None:
    from sqlalchemy import func, select

    from errdex.store import schema as s

    store, _ = history
    with store.engine.connect() as conn:
        places = conn.execute(select(func.count()).select_from(s.occurrence_places)).scalar()
        bodies = conn.execute(select(func.count()).select_from(s.occurrence_bodies)).scalar()
    assert places == len(list(store.iter_entries()))
    assert bodies is not None and places is not None and bodies < places


def _newest(store: Store) -> int:
    """The snapshot of the newest indexed release of the test codebase."""
    return store.timeline.releases(store.resolve_repo("lib"))[-1].snapshot_id


def test_releases_share_storage_and_delete_cleanly_on_both_backends(repo: Path, db_url: str) -> None:
    specs = [f"git:{repo}@v0.1.0", f"git:{repo}@v0.2.0"]
    index_releases(specs, db_url, jobs=1)
    with Store.open(db_url) as store:
        by_version = {e.version for e in store.iter_entries()}
        assert by_version == {"v0.1.0", "v0.2.0"}
        assert "core.load" in store.symbols(_newest(store))
        first = min(x.id for x in store.repos()[0].snapshots)
        store.delete_snapshot(first)
        assert {e.version for e in store.iter_entries()} == {"v0.2.0"}
        # indexing it again reuses the cached extraction and brings the same errors back
        index_releases(specs[:1], db_url, jobs=1)
        assert {e.version for e in store.iter_entries()} == {"v0.1.0", "v0.2.0"}


def test_each_release_holds_its_symbols_and_errors_through_runs_on_both_backends(
    repo: Path, db_url: str, tmp_path: Path
) -> None:
    # runs that go on are extended at once and the few that end (``save`` renamed, the strict
    # error removed in v0.3.0; ``lib/util.py`` gone in v0.4.0) cut back: each release reads
    # the names and errors it reads when indexed alone
    from sqlalchemy import text

    def held(store: Store, sid: int) -> tuple[set[str], list[tuple[Any, ...]]]:
        with store.engine.connect() as conn:
            q = text(f"SELECT error_id, line FROM snapshot_errors WHERE snapshot_id = {sid}")
            errors = sorted(tuple(r) for r in conn.execute(q))
        return store.symbols(sid), errors

    specs = [f"git:{repo}@v0.{n}.0" for n in range(1, 5)]
    summaries = index_releases(specs, db_url, jobs=1, cache_dir=str(tmp_path / "cache"))
    with Store.open(db_url) as store:
        for spec, summary in zip(specs, summaries, strict=True):
            alone = str(tmp_path / f"{summary.version}.db")
            sid = index(spec, alone, jobs=1, cache_dir=str(tmp_path / "cache")).snapshot_id
            with Store.open(alone) as one:
                assert held(store, summary.snapshot_id) == held(one, sid)
        names = [held(store, x.snapshot_id)[0] for x in summaries]
        assert "core.save" in names[1] and "core.save" not in names[2] and "util" not in names[3]


def test_cli_indexes_a_range_with_a_summary_per_release(repo: Path, tmp_path: Path) -> None:
    db = str(tmp_path / "c.db")
    out = subprocess.run(
        [*ERRDEX, "index", f"{repo}@v0.1.0..v0.2.0", "--db", db, "-j", "1"], capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert [ln.split(":")[0] for ln in lines] == ["local/lib v0.1.0", "local/lib v0.2.0"]
    assert "release 2/2" in out.stderr
    js = subprocess.run(
        [*ERRDEX, "index", f"git:{repo}", "--tags", "v0.*", "--releases", "1", "--db", db, "--json"],
        capture_output=True,
        text=True,
    )
    assert js.returncode == 0, js.stderr
    assert [x["version"] for x in json.loads(js.stdout)] == ["v0.4.0"]


def test_a_v3_catalogue_of_two_releases_upgrades_to_shared_rows(repo: Path, db_url: str) -> None:
    from sqlalchemy import func, select
    from store_helpers import as_v3

    from errdex.store import schema as s

    index_releases([f"git:{repo}@v0.1.0", f"git:{repo}@v0.2.0"], db_url, jobs=1)
    with Store.open(db_url) as store:

        def seen(st: Store) -> tuple[list[tuple[object, ...]], set[str]]:
            entries = [(e.key, e.error_id, e.version, e.line, e.segments, e.relay) for e in st.iter_entries()]
            return entries, st.symbols(_newest(st))

        before = seen(store)
        with store.engine.begin() as conn:
            as_v3(conn)
        store.engine.dispose()
        with Store.open(db_url) as upgraded:
            assert seen(upgraded) == before
            with upgraded.engine.connect() as conn:
                bodies = conn.execute(select(func.count()).select_from(s.occurrence_bodies)).scalar() or 0
            assert 0 < bodies < len(before[0])  # v0.1.0's unchanged errors merged with v0.2.0's
            index_releases([f"git:{repo}@v0.3.0"], db_url, jobs=1)  # new rows after the old ones' keys
            assert len({e.key for e in upgraded.iter_entries()}) == len(list(upgraded.iter_entries()))


def _id(store: Store, version: str, start: str) -> str:
    """The ID of the error of ``version`` whose template starts with ``start``."""
    return next(
        e.error_id for e in store.iter_entries() if e.version == version and e.template.startswith(start)
    )


def test_lineage_follows_rewording_renames_and_moves(history: tuple[Store, list[str]]) -> None:
    from errdex.history.versions import Change, error_history

    store, _ = history
    reworded = error_history(store.timeline, _id(store, "v0.1.0", "expected a .toml"), "local/lib")
    assert [(s.first, s.last) for s in reworded.segments] == [
        ("v0.1.0", "v0.1.0"),
        ("v0.2.0", "v0.4.0"),
    ]
    # the comment block added in v0.2.0 moved the raise 3 lines down; one ID, two line runs
    assert [r.line for r in reworded.segments[1].lines] == [9]
    kinds = [(e.kind, e.version) for e in reworded.events]
    assert kinds == [("introduced", "v0.1.0"), ("reworded", "v0.2.0")]
    change = reworded.events[1]
    assert isinstance(change, Change) and change.diff is not None
    assert change.new.endswith("; rename it to .toml") and ("+", "rename") in [
        (op, t) for op, text in change.diff for t in text.split()
    ]
    # the JSON of the API and of ``errdex show --json``: ``from``/``to`` runs, the diff as pairs
    as_json = reworded.to_json()
    assert [(s["from"], s["to"]) for s in as_json["segments"]] == [("v0.1.0", "v0.1.0"), ("v0.2.0", "v0.4.0")]
    assert as_json["segments"][1]["lines"] == [{"from": "v0.2.0", "to": "v0.4.0", "line": 9}]
    assert list(as_json["events"][1]) == ["version", "from_id", "to_id", "kind", "old", "new", "diff"]
    assert as_json["events"][0] == {"kind": "introduced", "version": "v0.1.0", "earliest_indexed": True}
    renamed = error_history(store.timeline, _id(store, "v0.1.0", "nothing to save"), "local/lib")
    assert [(e.kind, e.version) for e in renamed.events] == [
        ("introduced", "v0.1.0"),
        ("moved", "v0.3.0"),
    ]
    moved = renamed.events[1]
    assert isinstance(moved, Change) and moved.new == "lib/core.py in store" and moved.diff is None
    moved_file = error_history(store.timeline, _id(store, "v0.1.0", "n must be"), "local/lib")
    last = moved_file.events[-1]
    assert isinstance(last, Change) and last.kind == "moved" and last.new.startswith("lib/checks/")
    removed = error_history(store.timeline, _id(store, "v0.1.0", "strict mode"), "local/lib")
    assert [(e.kind, e.version) for e in removed.events] == [
        ("introduced", "v0.1.0"),
        ("removed", "v0.3.0"),
    ]
    assert removed.to_json()["events"][1] == {
        "kind": "removed",
        "version": "v0.3.0",
        "error_id": removed.segments[-1].error_id,
    }
    # an ID of the oldest release still resolves, and its view carries the lineage
    err = store.get_error(_id(store, "v0.1.0", "expected a .toml"))
    assert err is not None and [o.version.name for o in err.occurrences] == ["v0.1.0"]


class _Calls(list[list[int]]):
    """The snapshots of each call, and (``read``) how many errors each one read."""

    def __init__(self) -> None:
        super().__init__()
        self.read: list[int] = []


def _spy_records(monkeypatch: pytest.MonkeyPatch) -> _Calls:
    """Record which snapshots' records lineage reads (the real function still runs)."""
    from errdex.history import lineage

    calls = _Calls()
    real = lineage.repo_records

    def spy(store: Store, ids: list[int], changed_only: bool = False) -> Any:
        calls.append(list(ids))
        got = real(store, ids, changed_only)
        calls.read.append(sum(map(len, got.values())))
        return got

    monkeypatch.setattr(lineage, "repo_records", spy)
    return calls


def _derived_again(store: Store, repo: str) -> dict[str, str]:
    """The lineages derived from the first release on, as a catalogue without a record of
    what they were derived over gets them."""
    from sqlalchemy import delete

    from errdex.history.lineage import update_lineages
    from errdex.store import schema as s
    from errdex.store.releases import lineage_map

    with store.engine.begin() as conn:
        conn.execute(delete(s.artifacts).where(s.artifacts.c.name.like("lineages:%")))
    update_lineages(store, repo)
    return lineage_map(store, repo)


def test_a_newer_release_extends_the_lineages_without_deriving_them_again(
    repo: Path, db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from errdex.store.releases import lineage_map, release_order, repo_records

    db = db_url
    index_releases([f"git:{repo}@v0.1.0", f"git:{repo}@v0.2.0"], db, jobs=1)
    calls = _spy_records(monkeypatch)
    for tag in ("v0.3.0", "v0.4.0"):  # each newer than every stored release
        index(f"git:{repo}@{tag}", db, jobs=1)
    with Store.open(db) as store:
        ids = [r.id for r in release_order(store, "local/lib")]
        # each new release is compared with the one before it only, and of the two only the
        # errors one of them lacks are read
        assert calls == [ids[1:3], ids[2:4]]
        whole = [sum(map(len, repo_records(store, pair).values())) for pair in calls]
        assert all(0 < n < w for n, w in zip(calls.read, whole, strict=True)), (calls.read, whole)
        extended = lineage_map(store, "local/lib")
        assert extended == _derived_again(store, "local/lib")
        # not vacuous: the rename in v0.3.0 and the move in v0.4.0 continue older lineages
        newer = {e.error_id for e in store.iter_entries() if e.version in ("v0.3.0", "v0.4.0")}
        assert sum(extended[i] != i for i in newer) >= 2


def test_the_lineages_of_a_codebase_s_only_release_read_its_error_ids_alone(
    repo: Path, db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a first index: every error of the one release starts its own lineage, the rows deriving
    # over its records gives, from the IDs it holds alone (no record read)
    from errdex.history import lineage
    from errdex.store.releases import lineage_map, release_order, repo_records

    calls = _spy_records(monkeypatch)
    index(f"git:{repo}@v0.2.0", db_url, jobs=1)
    with Store.open(db_url) as store:
        releases = release_order(store, "local/lib")
        derived: dict[str, str] = {}
        lineage._follow(derived, releases, repo_records(store, [r.id for r in releases]))
        assert calls == [] and len(releases) == 1 and len(derived) > 1
        assert lineage_map(store, "local/lib") == derived


@pytest.fixture(scope="module")
def two_releases(repo: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Catalogues of v0.2.0 and v0.3.0, and of v0.1.0 and v0.3.0, to add a release to (copied)."""
    out = {}
    for tags in ("v0.2.0 v0.3.0", "v0.1.0 v0.3.0"):
        out[tags] = tmp_path_factory.mktemp("two") / "c.db"
        index_releases([f"git:{repo}@{t}" for t in tags.split()], str(out[tags]), jobs=1)
    return out


@pytest.mark.parametrize(
    ("stored", "added", "reads"),
    [
        ("v0.2.0 v0.3.0", "v0.1.0", 2),  # before the first: its pairs with v0.2.0, names renamed
        ("v0.1.0 v0.3.0", "v0.2.0", 3),  # between two: which releases are neighbours changed
    ],
)
def test_a_release_added_before_the_others_or_between_them_gives_the_lineages_deriving_gives(
    repo: Path, two_releases: dict[str, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    stored: str, added: str, reads: int,
) -> None:  # fmt: skip
    import shutil

    from errdex.store.releases import lineage_map

    db = str(shutil.copy(two_releases[stored], tmp_path / "c.db"))
    calls = _spy_records(monkeypatch)
    index(f"git:{repo}@{added}", db, jobs=1)
    with Store.open(db) as store:
        assert [len(c) for c in calls] == [reads]  # releases whose records were read
        derived = lineage_map(store, "local/lib")
        assert derived == _derived_again(store, "local/lib")
        # not vacuous: errors of the later releases continue lineages named in v0.1.0
        first = {e.error_id for e in store.iter_entries() if e.version == "v0.1.0"}
        assert any(lin in first and e not in first for e, lin in derived.items())


def _placed(key: str, template: str, release: int) -> Any:
    """An error of a made-up release: ``key`` names its site, the ID its site and wording."""
    from errdex.store.records import PlacedError

    return PlacedError(
        id=f"{key}:{template}", kind="error", exc_type="ValueError", template=template,
        path=f"lib/{key[0]}.py", function=f"f_{key}", line=10 * release,
    )  # fmt: skip


def _releases(n: int) -> list[Any]:
    """``n`` made-up releases, ids 0 .. n-1 in order."""
    from errdex.store.records import Release

    return [
        Release(
            id=i,
            version=str(i),
            date=None,
            ref_kind="pypi",
            ref=str(i),
            tag=None,
            commit=None,
            source_url=None,
        )
        for i in range(n)
    ]


def _made_up(rng: Any, sites: int, keep: float, most: int) -> list[list[Any]]:
    """2 to ``most`` made-up releases of ``sites`` sites of two kinds, each site in a release
    with chance ``keep`` and worded one of its kind's ways (so sites come, go, come back and
    are reworded)."""
    words = ["bad value {x}", "bad value {x}!", "bad value {x} for y", "unknown key {k}", "unknown key {k}."]
    return [
        [_placed(f"{k}{i}", rng.choice(words[:3] if k == "a" else words[3:]), r)
         for k in "ab" for i in range(sites) if rng.random() < keep]
        for r in range(rng.randint(2, most))
    ]  # fmt: skip


def _follow_all(releases: list[list[Any]]) -> dict[str, str]:
    from errdex.history.lineage import _follow

    lineage: dict[str, str] = {}
    _follow(lineage, _releases(len(releases)), dict(enumerate(releases)))
    return lineage


def _continued_in(history: list[list[Any]], asked: list[set[str]] | None = None) -> Any:
    """``prepended``'s ``continued`` over made-up releases: what each error continued where it
    first appears after the first release (the oracle: every pair of every release); each
    question goes into ``asked``."""
    from errdex.history.lineage import pair_releases

    def continued(errors: set[str]) -> dict[str, str]:
        if asked is not None:
            asked.append(errors)
        seen = {e.id for e in history[1]}
        out: dict[str, str] = {}
        for older, newer in itertools.pairwise(history[1:]):
            out.update((b, a) for a, b in pair_releases(older, newer) if b in errors and b not in seen)
            seen |= {e.id for e in newer}
        return out

    return continued


def test_lineages_with_a_release_added_before_the_first_are_those_derived_from_it() -> None:
    """``prepended`` on made-up histories (sites that come, go, come back and are reworded,
    seeded): its rows are those of deriving from the added release on."""
    import random

    from errdex.history.lineage import prepended

    rng = random.Random(12)
    renamed = split = 0
    for _ in range(300):
        history = _made_up(rng, 3, 0.7, 5)
        stored = _follow_all(history[1:])
        asked: list[set[str]] = []
        got = prepended(stored, history[0], history[1], _continued_in(history, asked))
        assert got == _follow_all(history), history
        renamed += any(name != stored[i] for i, name in got.items() if i in stored)
        split += bool(asked)
    # not vacuous (seed 12: 285 of the 300 rename stored lineages, 158 split one)
    assert renamed > 200 and split > 100


def test_an_error_that_leaves_and_comes_back_continuing_another_starts_its_own_lineage() -> None:
    """An error of the added release missing from the next that comes back continuing another
    error: it starts its lineage in the added release now, and what followed it goes with it."""
    from errdex.history.lineage import prepended

    first = [_placed("a", "bad value {x}", 0)]
    second = [_placed("a", "bad value {x} now", 1)]
    third = [_placed("a", "bad value {x}", 2)]  # back in the first release's wording
    fourth = [_placed("a", "bad value {x}!", 3)]
    history = [first, second, third, fourth]
    stored = _follow_all(history[1:])
    assert set(stored.values()) == {second[0].id}  # one lineage, from the second release on
    got = prepended(stored, first, second, _continued_in(history))
    assert got == _follow_all(history)
    assert got[fourth[0].id] == got[second[0].id] == first[0].id


def test_lineages_extended_by_newer_releases_read_only_what_changed_and_are_those_derived() -> None:
    """``extended_rows`` on made-up histories (sites that come, go, come back and are
    reworded, seeded), the stored rows those of deriving up to a release and one to four
    releases added: the stored rows with the new ones are those of deriving all of them, and
    of the errors the last stored release shares with every added one none is read."""
    import random

    from errdex.history.lineage import extended_rows

    rng = random.Random(24)
    saved = extended = 0
    for _ in range(300):
        history = _made_up(rng, 4, 0.8, 6)
        done = rng.randint(1, len(history) - 1)  # releases the stored rows were derived over
        stored = _follow_all(history[:done])
        snaps = _releases(len(history))
        asked: list[str] = []

        def rows(ids: list[str], stored: dict[str, str] = stored, asked: list[str] = asked) -> dict[str, str]:
            asked.extend(ids)
            return {i: stored[i] for i in ids if i in stored}

        got = extended_rows(snaps[done - 1 :], dict(enumerate(history)), rows)
        assert {**stored, **got} == _follow_all(history), history
        assert not set(got) & set(stored)
        kept = set.intersection(*({e.id for e in errors} for errors in history[done - 1 :]))
        assert not kept & set(asked)
        saved += len(kept)
        extended += sum(v != k for k, v in got.items())
    # not vacuous: new errors continue stored lineages, and shared errors are not read
    assert extended > 1000 and saved > 300  # seed 24: 1184 and 386


def test_diff_lists_added_removed_reworded_and_moved(
    history: tuple[Store, list[str]], tmp_path: Path
) -> None:
    from errdex.history.diff import diff_releases

    store, _ = history
    d = diff_releases(store, "lib", "v0.1.0", "v0.4.0").to_json()  # the shape --json and the API publish
    assert d["counts"] == {"added": 1, "removed": 1, "reworded": 1, "type_changed": 0, "moved": 2}
    assert [a["template"] for a in d["added"]] == ["unknown key {x!r}"]
    assert [r["template"] for r in d["removed"]] == ["strict mode is not implemented"]
    assert {(m["from"]["function"], m["to"]["function"]) for m in d["moved"]} == {
        ("save", "store"),
        ("check", "check"),
    }
    assert d["reworded"][0]["from"]["version"] == "v0.1.0" and d["reworded"][0]["to"]["version"] == "v0.4.0"


def test_diff_is_a_typed_frozen_record_whose_json_keeps_the_published_order(
    history: tuple[Store, list[str]],
) -> None:
    import dataclasses

    from errdex.history.diff import Change, DiffError, ReleaseDiff, Rewording, diff_releases

    store, _ = history
    d = diff_releases(store, "lib", "v0.1.0", "v0.4.0")
    assert isinstance(d, ReleaseDiff) and (d.old.version, d.new.version) == ("v0.1.0", "v0.4.0")
    with pytest.raises(dataclasses.FrozenInstanceError):
        d.repo = "other"  # type: ignore[misc]
    assert d.counts == {"added": 1, "removed": 1, "reworded": 1, "type_changed": 0, "moved": 2}
    (added,) = d.added
    assert isinstance(added, DiffError) and (added.version, added.template) == ("v0.4.0", "unknown key {x!r}")
    (reworded,) = d.reworded
    assert isinstance(reworded, Rewording) and reworded.old.version == "v0.1.0"
    assert any(op == "+" and "rename" in text for op, text in reworded.diff)
    assert reworded.new.template.endswith("rename it to .toml")
    # a change to another function is listed as moved, without a word diff
    assert all(type(m) is Change for m in d.moved)
    assert sorted(m.new.function for m in d.moved) == ["check", "store"]
    # the JSON: keys in the order the CLI and the API have always printed them
    js = d.to_json()
    assert list(js) == [
        "repo",
        "from",
        "to",
        "counts",
        "added",
        "removed",
        "reworded",
        "type_changed",
        "moved",
    ]
    assert list(js["reworded"][0]) == ["from", "to", "diff"] and list(js["moved"][0]) == ["from", "to"]
    assert list(js["added"][0]) == [
        "id",
        "version",
        "kind",
        "exc_type",
        "template",
        "path",
        "line",
        "function",
    ]


def test_cli_diff_as_text_and_json(history: tuple[Store, list[str]]) -> None:
    store, _ = history
    db = store.url.removeprefix("sqlite:///")
    out = subprocess.run([*ERRDEX, "diff", "v0.2.0", "v0.3.0", "--db", db], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines()[0] == (
        "local/lib v0.2.0 -> v0.3.0: 0 added, 1 removed, 0 reworded, 0 type-changed, 1 moved"
    )
    assert (
        "strict mode is not implemented" in out.stdout
        and "lib/core.py:17 in save -> lib/core.py:15 in store" in out.stdout
    )
    js = subprocess.run(
        [*ERRDEX, "diff", "lib==v0.1.0", "lib==v0.2.0", "--db", db, "--json"], capture_output=True, text=True
    )
    assert json.loads(js.stdout)["counts"]["reworded"] == 1
    bad = subprocess.run([*ERRDEX, "diff", "v0.1.0", "v9", "--db", db], capture_output=True, text=True)
    assert bad.returncode == 2 and "no release 'v9'" in bad.stderr


def _show(db: str, error_id: str) -> list[str]:
    """The lines of ``errdex show``'s Versions section (plain text: the output is a pipe)."""
    out = subprocess.run([*ERRDEX, "show", error_id, "--db", db], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    section = out.stdout.split("\nVersions\n", 1)[1]
    return section.split("\n\n", 1)[0].splitlines()


def test_show_prints_the_versions_as_the_page_does(history: tuple[Store, list[str]]) -> None:
    store, _ = history
    db = store.url.removeprefix("sqlite:///")
    # any release's ID shows the whole lineage; the rewording as a word diff, unwrapped
    old_id = _id(store, "v0.1.0", "expected a .toml")
    assert _show(db, old_id) == [
        "v0.1.0 line 6 · reworded in v0.2.0 · v0.2.0–v0.4.0 line 9",
        "reworded in v0.2.0: expected a .toml file, got [-{path!r}-]{+{path!r}; rename it to .toml+}",
        "releases indexed: v0.1.0, v0.2.0, v0.3.0, v0.4.0",
        f"History as JSON: /api/errors/{old_id}/history.",
    ]
    # one ID whose line moved between releases, then removed
    assert _show(db, _id(store, "v0.1.0", "strict mode"))[0] == (
        "v0.1.0 line 8 · v0.2.0 line 11 · removed in v0.3.0"
    )
    # a function rename is a move of the same lineage
    renamed = _show(db, _id(store, "v0.1.0", "nothing to save"))
    assert renamed[0] == "v0.1.0 line 14 · v0.2.0 line 17 · moved in v0.3.0 · v0.3.0–v0.4.0 line 15"
    assert renamed[1] == "moved in v0.3.0: lib/core.py in save -> lib/core.py in store"


def test_show_of_a_single_release_lists_it(repo: Path, tmp_path: Path) -> None:
    db = str(tmp_path / "one.db")
    index(f"git:{repo}@v0.1.0", db, jobs=1)
    with Store.open(db) as store:
        assert _show(db, _id(store, "v0.1.0", "expected a .toml")) == ["v0.1.0 line 6 (2024-01-01)"]


def test_explain_names_the_releases_of_an_old_wording_and_the_newest_site(
    history: tuple[Store, list[str]],
) -> None:
    store, _ = history
    db = store.url.removeprefix("sqlite:///")
    text = "ValueError: expected a .toml file, got 'a.json'"
    out = subprocess.run([*ERRDEX, "explain", text, "--db", db, "--json"], capture_output=True, text=True)
    best = json.loads(out.stdout)["matches"][0]
    assert best["template"] == "expected a .toml file, got {path!r}" and best["version"] == "v0.1.0"
    h = best["history"]
    assert h["releases"] == ["v0.1.0"] and h["ranges"] == ["v0.1.0"] and not h["every_release"]
    assert h["target"]["version"] == "v0.4.0" and h["target"]["newest"] and not h["target"]["same"]
    assert h["target"]["template"].endswith("rename it to .toml") and h["target"]["line"] == 9
    pinned = subprocess.run(
        [*ERRDEX, "explain", text, "--db", db, "--version", "v0.2.0"], capture_output=True, text=True
    )
    assert (
        "in v0.2.0: " in pinned.stdout and "this wording: releases v0.1.0 (1 of 4 indexed)" in pinned.stdout
    )


def test_explain_batch_carries_the_history_block_of_single_explain(
    history: tuple[Store, list[str]], tmp_path: Path
) -> None:
    store, _ = history
    db = store.url.removeprefix("sqlite:///")
    texts = ["ValueError: expected a .toml file, got 'a.json'", "no such thing was ever raised here"]
    batch = tmp_path / "q.jsonl"
    batch.write_text("".join(json.dumps({"id": i, "input": t}) + "\n" for i, t in enumerate(texts)))
    for extra in ([], ["--version", "v0.2.0"]):
        out = subprocess.run(
            [*ERRDEX, "explain", "--batch", str(batch), "--db", db, "--json", *extra],
            capture_output=True,
            text=True,
        )
        lines = [json.loads(x) for x in out.stdout.splitlines()]
        assert [x["id"] for x in lines] == [0, 1]
        for text, got in zip(texts, lines, strict=True):
            one = subprocess.run(
                [*ERRDEX, "explain", text, "--db", db, "--json", *extra], capture_output=True, text=True
            )
            single = json.loads(one.stdout)
            assert got["verdict"] == single["verdict"]
            assert [m.get("history") for m in got["matches"]] == [m.get("history") for m in single["matches"]]
        best = lines[0]["matches"][0]
        assert best["history"]["releases"] == ["v0.1.0"]
        assert best["history"]["target"]["version"] == (extra[1] if extra else "v0.4.0")


def test_a_traceback_line_picks_the_release(history: tuple[Store, list[str]]) -> None:
    store, _ = history
    db = store.url.removeprefix("sqlite:///")
    # the TypeError sits at line 14 in v0.1.0 and at line 17 in v0.2.0 (three lines added above)
    tb = (
        "Traceback (most recent call last):\n"
        '  File "/site-packages/lib/core.py", line 17, in save\n'
        '    raise TypeError("nothing to save")\n'
        "TypeError: nothing to save\n"
    )
    out = subprocess.run([*ERRDEX, "explain", tb, "--db", db, "--json"], capture_output=True, text=True)
    best = json.loads(out.stdout)["matches"][0]
    detected = best["history"]["detected"]
    assert detected["versions"] == ["v0.2.0"] and detected["frame"] == "lib/core.py:17"
    assert best["history"]["releases"] == ["v0.1.0", "v0.2.0"]


def test_a_match_placed_in_history_is_a_typed_record(history: tuple[Store, list[str]]) -> None:
    """``place_in_history`` returns records; their JSON is what ``explain --json`` prints."""
    from errdex.history.matching import Placement, UnknownRelease, history_text, place_in_history

    store, _ = history
    old = _id(store, "v0.1.0", "expected a .toml")
    new = _id(store, "v0.4.0", "expected a .toml")
    placed = place_in_history(store.timeline, old, "local/lib")
    assert isinstance(placed, Placement) and placed.releases == ("v0.1.0",) and not placed.every_release
    assert placed.detected is None and placed.target.site is not None and placed.target.site.error_id == new
    as_json = placed.to_json()
    assert list(as_json) == ["releases", "ranges", "indexed", "every_release", "detected", "target"]
    assert as_json["target"]["id"] == new and as_json["target"]["same"] is False
    assert history_text(placed)[-2].startswith(f"in v0.4.0 (newest indexed): {new} ")
    removed = place_in_history(store.timeline, _id(store, "v0.1.0", "strict mode"), "local/lib")
    assert isinstance(removed, Placement) and removed.target.site is None
    assert removed.to_json()["target"] == {
        "version": "v0.4.0",
        "newest": True,
        "absent": True,
        "last": "v0.2.0",
    }
    unknown = place_in_history(store.timeline, old, "local/lib", version="v9")
    assert isinstance(unknown, UnknownRelease) and history_text(unknown) == [unknown.to_json()["error"]]


def test_pages_and_api_show_history_and_diff(history: tuple[Store, list[str]]) -> None:
    import httpx
    from test_web_support import live_server

    store, _ = history
    old = _id(store, "v0.1.0", "expected a .toml")
    new = _id(store, "v0.4.0", "expected a .toml")
    with live_server(Path(store.url.removeprefix("sqlite:///"))) as base:
        h = httpx.get(f"{base}/api/errors/{old}/history").json()
        assert [s["error_id"] for s in h["segments"]] == [old, new]
        assert httpx.get(f"{base}/api/errors/0000000000000000/history").status_code == 404
        page = httpx.get(f"{base}/local/lib/errors/{old}").text
        assert "reworded in v0.2.0" in page and "<ins>" in page and f"/local/lib/errors/{new}" in page
        d = httpx.get(f"{base}/api/repos/local/lib/diff", params={"from": "v0.1.0", "to": "v0.4.0"}).json()
        assert d["counts"]["added"] == 1 and d["counts"]["removed"] == 1
        html = httpx.get(f"{base}/local/lib/diff", params={"from": "v0.1.0", "to": "v0.4.0"}).text
        assert f'href="/local/lib/errors/{old}"' in html and f'href="/local/lib/errors/{new}"' in html
        missing = httpx.get(f"{base}/api/repos/local/lib/diff", params={"from": "v0.1.0", "to": "v9"})
        assert missing.status_code == 404 and "no release 'v9'" in missing.json()["error"]
        assert "since v0.3.0" in httpx.get(f"{base}/local/lib").text


def test_a_release_links_its_tag_only_once_the_tag_is_confirmed(repo: Path, tmp_path: Path) -> None:
    from errdex.model import SnapshotInfo, SourceFile
    from errdex.pipeline import pin_release_tags
    from errdex.sources.releases import remote_tags

    # the same code as a "PyPI release" whose metadata names its repository on a forge
    forged = tmp_path / "forged"
    subprocess.run(["git", "clone", "-q", str(repo), str(forged)], check=True)
    git(forged, "remote", "set-url", "origin", "https://github.com/acme/lib")
    db = str(tmp_path / "c.db")
    with Store.open(db) as store:
        ids = {}
        for version in ("0.1.0", "0.2.0"):
            info = SnapshotInfo(
                repo="acme/lib", name="lib", version=version, ref_kind="pypi", ref=version,
                source_url="https://github.com/acme/lib",
            )  # fmt: skip
            ids[version] = store.write_snapshot(
                info, [SourceFile("lib/__init__.py", b"")], [], [], set()
            ).snapshot_id
        # nothing confirms a tag: the release stays "as indexed", no guessed URL
        assert pin_release_tags(store, "acme/lib", tags_of=lambda url: None) == 0
        assert store.snapshot(ids["0.1.0"]).tag is None
        # indexed from git at v0.1.0: that tag is confirmed by the catalogue itself
        index(f"{forged}@v0.1.0", db, jobs=1)
        snap = store.snapshot(ids["0.1.0"])
        assert snap.tag == "v0.1.0" and snap.commit == git(forged, "rev-parse", "v0.1.0")
        assert store.snapshot(ids["0.2.0"]).tag is None  # not indexed from git, and no listing given
        # the repository lists v0.2.0 (git ls-remote, here of the clone on disk)
        assert pin_release_tags(store, "acme/lib", tags_of=lambda url: remote_tags(str(forged))) == 1
        assert store.snapshot(ids["0.2.0"]).commit == git(forged, "rev-parse", "v0.2.0")


def test_a_run_told_not_to_list_tags_reaches_no_source_repository(repo: Path, tmp_path: Path) -> None:
    """``list_tags=False`` (the regression sets' indexing: nothing past the package registry)
    pins no release from a listing; the same catalogue listed afterwards pins it. The source
    repository is a clone on disk, so ``git ls-remote`` works here without a network."""
    from errdex.model import SnapshotInfo, SourceFile
    from errdex.pipeline import after_history_change

    clone = tmp_path / "upstream"
    subprocess.run(["git", "clone", "-q", str(repo), str(clone)], check=True)
    db = str(tmp_path / "c.db")
    with Store.open(db) as store:
        info = SnapshotInfo(
            repo="acme/lib", name="lib", version="0.2.0", ref_kind="pypi", ref="0.2.0", source_url=str(clone)
        )
        sid = store.write_snapshot(info, [SourceFile("lib/__init__.py", b"")], [], [], set()).snapshot_id
        after_history_change(store, ["acme/lib"], _Quiet(), list_tags=False)
        assert store.snapshot(sid).tag is None
        after_history_change(store, ["acme/lib"], _Quiet())
        snap = store.snapshot(sid)
        assert snap.tag == "v0.2.0" and snap.commit == git(clone, "rev-parse", "v0.2.0")


def test_search_page_and_api_say_which_releases_have_the_wording(history: tuple[Store, list[str]]) -> None:
    import httpx
    from test_web_support import live_server

    store, _ = history
    new = _id(store, "v0.4.0", "expected a .toml")
    with live_server(Path(store.url.removeprefix("sqlite:///"))) as base:
        q = "ValueError: expected a .toml file, got 'a.json'"
        # the server's start built the match index (``WebState.warm``); 30 s as the other long calls
        best = httpx.get(f"{base}/api/search", params={"q": q}, timeout=30).json()["matches"][0]
        assert best["history"]["releases"] == ["v0.1.0"] and best["history"]["target"]["id"] == new
        page = httpx.get(f"{base}/search", params={"q": q}, timeout=30).text
        assert "This wording: v0.1.0 (1 of 4 indexed)" in page and f"/local/lib/errors/{new}" in page


def _craft_cache(store: Store) -> None:
    """Every cached extraction of the catalogue given sites of the wrong shape (well-formed
    MessagePack all the same), one not decoding at all."""
    from sqlalchemy import select, update

    from errdex.extract.cache import decode, encode
    from errdex.store import schema as s

    with store.engine.begin() as conn:
        rows = conn.execute(
            select(s.extractions.c.blob_sha, s.extractions.c.path, s.extractions.c.data)
        ).all()
        assert rows
        for sha, path, data in rows:
            facts = decode(data)
            assert facts is not None
            facts.sites = [1, "two"]  # type: ignore[list-item]  # well-formed JSON, wrong shapes
            conn.execute(
                update(s.extractions)
                .where(s.extractions.c.blob_sha == sha, s.extractions.c.path == path)
                .values(data=encode(facts))
            )
        conn.execute(update(s.extractions).where(s.extractions.c.path == "lib/__init__.py").values(data=b"x"))


def test_a_crafted_extraction_cache_is_parsed_again_not_trusted(repo: Path, tmp_path: Path) -> None:
    db = str(tmp_path / "c.db")
    index(f"{repo}@v0.1.0", db, jobs=1)
    with Store.open(db) as store:
        _craft_cache(store)
        summary = index(f"{repo}@v0.2.0", db, jobs=1)
        alone = str(tmp_path / "alone.db")
        index(f"{repo}@v0.2.0", alone, jobs=1)

        def entries(st: Store) -> list[tuple[str, int, str]]:
            return sorted(
                (e.error_id, e.line, e.template) for e in st.iter_entries() if e.version == "v0.2.0"
            )

        with Store.open(alone) as alone_store:
            assert summary.changed and entries(store) == entries(alone_store)


class _Stages(_Quiet):
    """The stages a run reports, kept."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def stage(self, message: str) -> None:
        self.lines.append(message)


def test_a_crafted_cache_found_while_overlapping_releases_is_parsed_again_as_one_after_another(
    repo: Path, tmp_path: Path
) -> None:
    """Found unusable only once the release's files are gathered, the next release has begun
    from them already: it begins again, and the catalogue is the sequential run's."""
    from store_helpers import table_rows

    dbs = {mode: str(tmp_path / f"{mode}.db") for mode in ("after", "overlap")}
    seen = _Stages()
    for mode, db in dbs.items():
        index(f"{repo}@v0.1.0", db, jobs=1)
        with Store.open(db) as store:
            _craft_cache(store)
        specs = [f"git:{repo}@v0.2.0", f"git:{repo}@v0.3.0", f"git:{repo}@v0.4.0"]
        index_releases(
            specs, db, jobs=2, overlap=mode == "overlap", progress=seen if mode == "overlap" else None
        )
    assert sum("cached extractions are unusable" in line for line in seen.lines) == 1
    assert table_rows(dbs["after"]) == table_rows(dbs["overlap"])


def test_a_tag_range_of_a_git_url_indexes_from_one_clone(repo: Path, tmp_path: Path) -> None:
    plan = expand_releases(f"file://{repo}@v0.3.0..v0.4.0", cache_dir=tmp_path / "cache")
    assert plan is not None and plan.specs == [f"file://{repo}@v0.3.0", f"file://{repo}@v0.4.0"]
    done = index_releases(plan.specs, str(tmp_path / "c.db"), jobs=1, cache_dir=str(tmp_path / "cache"))
    assert [s.version for s in done] == ["v0.3.0", "v0.4.0"] and done[1].reused == 2
    assert len(list((tmp_path / "cache" / "git").iterdir())) == 1


def test_cached_extractions_keep_lone_surrogates(tmp_path: Path) -> None:
    from errdex.extract import extract_file
    from errdex.extract.cache import decode, encode

    source = b'def f():\n    raise ValueError("bad \\udc80 byte")\n'
    facts = extract_file("pkg/mod.py", source)
    assert decode(encode(facts)) == facts
    lib = tmp_path / "lib"
    write(lib, {"pkg/__init__.py": "", "pkg/mod.py": source.decode()})
    git(lib, "init", "-q")
    git(lib, "add", "-A")
    git(lib, "commit", "-qm", "one")
    git(lib, "tag", "v1")
    git(lib, "commit", "-q", "--allow-empty", "-m", "two")
    git(lib, "tag", "v2")
    done = index_releases([f"git:{lib}@v1", f"git:{lib}@v2"], str(tmp_path / "c.db"), jobs=1)
    assert done[1].reused == 2 and done[1].errors == done[0].errors == 1


def test_the_extraction_cache_keeps_every_container_kind_and_refuses_foreign_shapes() -> None:
    import dataclasses

    import msgpack
    import zstandard

    from errdex.extract import cache, cache_entry, extract_file
    from errdex.extract.cache import decode, encode

    source = (
        b"import warnings\nfrom .base import Base\nCODES = {'a': 'first', 'b': 'second'}\n"
        b"class Bad(Base, ValueError):\n    def __str__(self):\n        return f'bad {self.args[0]!r}'\n"
        b"def f(x, *, y=('p', 'q')):\n    '''Check x.'''\n    if x not in CODES:\n"
        b"        raise Bad(f'unknown code {x}: one of {sorted(CODES)}')\n"
        b"    warnings.warn('x is %s' % CODES[x], DeprecationWarning)\n"
    )
    facts = extract_file("pkg/mod.py", source)
    assert facts.sites and facts.classes and facts.funcs
    back = decode(encode(facts))
    assert back == facts  # dataclasses compare field by field: a tuple read back as a list fails
    assert facts.code is not None and decode(cache_entry(facts)) == dataclasses.replace(facts, code=None)

    def packed(body: bytes, magic: bytes = cache._MAGIC) -> bytes:
        return zstandard.ZstdCompressor().compress(magic + body)

    good = zstandard.ZstdDecompressor().decompress(encode(facts))
    assert decode(good) == facts  # the body alone, as a stored difference rebuilds it
    body = good.removeprefix(cache._MAGIC)
    assert decode(packed(body)) == facts
    # the form before trailing defaults were left out (their absence is read as the defaults)
    assert decode(packed(body, b"errdex-facts/2\n")) is None
    dump = msgpack.packb
    for foreign in (
        {16: [1]},  # ModuleFacts without its module (fields with no default)
        {16: [1] * 30},  # ModuleFacts with too many fields
        {15: ["ls"]},  # a class the cache never writes
        {0: "abc"},  # a tag without its array
        [1, 2],  # not facts at all
        msgpack.ExtType(1, b"x"),  # an extension type
    ):
        assert decode(packed(dump(foreign))) is None, foreign
    assert decode(packed(dump(foreign)[:-1])) is None  # cut short
    assert decode(packed(dump([1, 2]) + dump([3]))) is None  # two objects
    assert decode(zstandard.ZstdCompressor(write_content_size=False).compress(good)) is None  # no size
    assert decode(good[:-1] + b"\x00\x00") is None


def test_a_named_tuple_of_the_cache_reads_back_whole_or_not_at_all() -> None:
    # named tuples are written whole (``cache._defaults``), so the decode makes them from their
    # items directly; one short of its fields is a crafted entry, refused (not filled in with the
    # class's defaults), and a map of several pairs is a dict of the facts, not a tag
    import msgpack
    import zstandard

    from errdex.extract import cache
    from errdex.extract.cache import decode
    from errdex.extract.facts import ModuleFacts
    from errdex.extract.templates import Ph

    ph = cache._CODE[Ph]

    def entry(part: object, const: str = "pkg.mod.X") -> bytes:
        value = {0: [{0: [part]}]}  # a Value: a tuple of variants, each a tuple of parts
        facts = {cache._CODE[ModuleFacts]: ["pkg/mod.py", "pkg.mod", "ok", None, False, {const: value}]}
        return zstandard.ZstdCompressor().compress(cache._MAGIC + msgpack.packb(facts))

    whole = decode(entry({ph: ["name", True]}))
    assert whole is not None
    got = whole.consts["pkg.mod.X"][0][0]
    assert type(got) is Ph and got == Ph("name", True)
    assert decode(entry({ph: ["name"]})) is None  # the defaults are never left out of a Ph
    assert decode(entry({ph: ["name", True, 1]})) is None
    two = decode(entry({"a": 1, "b": [2]}))
    assert two is not None and two.consts["pkg.mod.X"] == (({"a": 1, "b": [2]},),)


def test_an_extraction_cache_entry_of_the_tagged_json_form_is_refused_not_misread() -> None:
    # what errdex wrote before the MessagePack form: tagged JSON, zlib-compressed (or, rebuilt
    # from a stored difference, as the JSON itself); its facts are not read back as facts
    import json
    import zlib

    from errdex.extract.cache import decode

    fields = ["pkg/mod.py", "pkg.mod", "ok", None, False, *[{"d": []}] * 7, [], [], {"s": []}, None, []]
    old = json.dumps({"ModuleFacts": fields})
    for data in (zlib.compress(old.encode(), 6), old.encode()):
        assert decode(data) is None


def test_an_integer_past_64_bits_leaves_its_file_to_be_extracted_again() -> None:
    from errdex.extract import extract_file
    from errdex.extract.cache import decode, encode

    facts = extract_file("pkg/mod.py", b"def f():\n    raise ValueError('bad')\n")
    assert facts.sites
    assert decode(encode(facts)) == facts
    facts.sites[0].line = 1 << 70
    entry = encode(facts)
    assert entry and decode(entry) is None


def test_a_dict_of_the_facts_keyed_like_a_tag_reads_back_as_that_dict() -> None:
    # a class-level dict of messages may have any string keys, one-key ones included
    from errdex.extract import extract_file
    from errdex.extract.cache import decode, encode

    source = b"class E(Exception):\n    messages = {'t': 'first'}\n    codes = {'0': ('a', 'b')}\n"
    facts = extract_file("pkg/mod.py", source)
    cls = facts.classes["pkg.mod.E"]
    assert cls.dicts, cls
    assert decode(encode(facts)) == facts


def test_a_value_shared_by_several_facts_encodes_as_its_copies_would() -> None:
    # the encoder remembers what each container it met became: a value met again (one object
    # in two places) must read back in both places, and as equal copies would have encoded
    from errdex.extract import extract_file
    from errdex.extract.cache import decode, encode

    source = (
        b"MSG = 'bad value'\ndef f(x):\n    if x:\n        raise ValueError(MSG)\n    raise TypeError(MSG)\n"
    )
    facts = extract_file("pkg/mod.py", source)
    assert len(facts.sites) == 2
    shared = facts.sites[0].exc.msg
    assert isinstance(shared, tuple) and shared
    facts.sites[1].exc.msg = shared  # one object in both sites (and in the first one's argument)
    apart = decode(encode(facts))  # decoding makes each occurrence an object of its own
    assert apart is not None and apart == facts
    assert apart.sites[0].exc.msg is not apart.sites[1].exc.msg
    assert encode(facts) == encode(apart)


def test_the_cache_entry_is_the_documented_tagged_form_written_field_by_field() -> None:
    # perf52: ``_tag`` takes shortcuts (named tuples by their own items, one map for every empty
    # tuple, a compressor per thread); the bytes must stay those of the plain reading of the
    # format (module doc of ``extract.cache``): a tuple ``{0: [...]}``, a set ``{1: sorted}``, a
    # frozenset ``{2: sorted}``, the i-th class ``{16 + i: [each field, in order]}`` without a
    # dataclass's trailing fields that hold their default
    import dataclasses
    import threading

    import msgpack
    import zstandard

    from errdex.extract import extract_file
    from errdex.extract.cache import _CLASSES, _MAGIC, _pack, decode, encode

    def plain(v: Any) -> Any:
        if type(v) is tuple:
            return {0: list(v)}
        if type(v) in (set, frozenset):
            return {1 if type(v) is set else 2: sorted(v)}
        tag = 16 + _CLASSES.index(type(v))
        if not dataclasses.is_dataclass(v):
            return {tag: [getattr(v, n) for n in v._fields]}
        items = [getattr(v, f.name) for f in dataclasses.fields(v)]
        for f in reversed(dataclasses.fields(v)):  # the trailing fields that hold their default
            default = f.default_factory() if f.default_factory is not dataclasses.MISSING else f.default
            if default is dataclasses.MISSING or type(items[-1]) is not type(default) or items[-1] != default:
                break
            items.pop()
        return {tag: items}

    source = (
        b"class Bad(ValueError):\n    def __str__(self):\n        return f'bad {self.args[0]!r}'\n"
        b"def f(x, *args, y=(), **kw):\n    if x not in {'a', 'b'}:\n"
        b"        raise Bad(f'unknown code {x}: one of {sorted(kw)} ({len(args)})')\n"
        b"    raise ValueError('%s is %d' % (x, y), ())\n"
    )
    facts = extract_file("pkg/mod.py", source)
    kinds: set[str] = set()

    def seen(v: Any) -> Any:
        kinds.add(type(v).__name__ if type(v) is not tuple else "empty tuple" if not v else "tuple")
        return plain(v)

    body = msgpack.Packer(default=seen, strict_types=True, use_bin_type=True).pack(facts)
    assert {"empty tuple", "tuple", "Ph", "Site", "ModuleFacts"} <= kinds, kinds  # each shortcut taken
    assert _pack(facts) == body
    entry = encode(facts)
    assert entry == zstandard.ZstdCompressor(level=3).compress(_MAGIC + body)
    assert encode(facts) == entry and decode(entry) == facts  # the reused compressor, again
    other: list[bytes] = []
    worker = threading.Thread(target=lambda: other.append(encode(facts)))
    worker.start()
    worker.join()
    assert other == [entry]  # another thread's own compressor


def _big_module(release: int) -> str:
    """A module large enough that one changed line is worth storing as a difference."""
    funcs = [
        f"def check_{i}(value):\n    '''Check number {i} of the value.'''\n"
        f"    if value > {i * 7 + 3}:\n        raise ValueError(f'value {{value}} is over the limit of check {i}')\n"
        f"    return value + {i}\n"
        for i in range(300)
    ]
    funcs[150] = funcs[150].replace("over the limit", f"over the limit (release {release})")
    return "\n\n".join(funcs)


def test_a_changed_file_is_stored_as_a_difference_and_reads_back_whole(tmp_path: Path, db_url: str) -> None:
    from sqlalchemy import select, update

    from errdex.store import schema as s
    from errdex.store import textdelta
    from errdex.store.errors import StoreError
    from errdex.store.fast import open_reader

    lib = tmp_path / "lib"
    for n in (1, 2, 3, 4):
        write(lib, {"pkg/__init__.py": "", "pkg/checks.py": _big_module(min(n, 3))})
        if n == 1:
            git(lib, "init", "-q")
        if n == 4:  # checks.py as in v3: its cached extraction, stored as a difference, is reused
            write(lib, {"pkg/more.py": "def g():\n    raise KeyError('no such key')\n"})
        git(lib, "add", "-A")
        git(lib, "commit", "-qm", f"release {n}")
        git(lib, "tag", f"v{n}")
    with Store.open(f"sqlite:///{tmp_path / 'fresh.db'}") as fresh:
        index(f"git:{lib}@v4", fresh.url, jobs=1)

        def records(st: Store, version: str) -> list[tuple[str, int, str]]:
            return sorted((e.error_id, e.line, e.template) for e in st.iter_entries() if e.version == version)

        for url in (f"sqlite:///{tmp_path / 'c.db'}", db_url):
            done = index_releases([f"git:{lib}@v{n}" for n in (1, 2, 3)], url, jobs=1)
            with Store.open(url) as store, ExitStack() as stack:
                with store.engine.connect() as conn:
                    cached = conn.execute(select(s.extractions.c.path, s.extractions.c.data)).all()
                assert (
                    sum(textdelta.base_of(bytes(d)) is not None for p, d in cached if p == "pkg/checks.py")
                    == 2
                )
                later = index(f"git:{lib}@v4", url, jobs=1)
                assert later.reused == 2 and records(store, "v4") == records(fresh, "v4")
                with store.engine.connect() as conn:
                    rows = conn.execute(
                        select(s.snapshots.c.version, s.files.c.blob_sha, s.blobs.c.data)
                        .select_from(
                            s.files.join(s.snapshots).join(s.blobs, s.blobs.c.sha == s.files.c.blob_sha)
                        )
                        .where(s.files.c.path == "pkg/checks.py")
                    ).all()
                stored = {v: (sha, bytes(data)) for v, sha, data in rows}
                whole = stored["v1"][1]
                assert textdelta.base_of(whole) is None
                # each against the text before it: v2 against v1's (stored whole), v3 against v2's
                for v, before in (("v2", "v1"), ("v3", "v2")):
                    assert textdelta.base_of(stored[v][1]) == stored[before][0]
                    assert len(stored[v][1]) * 10 < len(whole)
                readers: list[Any] = [store]
                if url.startswith("sqlite"):
                    readers.append(stack.enter_context(open_reader(url)))
                for summary, n in zip(done, (1, 2, 3), strict=True):
                    for reader in readers:
                        assert reader.file_text(summary.snapshot_id, "pkg/checks.py") == _big_module(n)
                    hit = next(
                        e for e in store.iter_entries() if e.version == f"v{n}" and "(release" in e.template
                    )
                    line, _, text = store.error_source(hit.error_id, f"v{n}") or (0, 0, "")
                    assert f"(release {n})" in text.splitlines()[line - 1]
                # a crafted catalogue: a difference whose base is missing, or that is its own base
                v3 = done[2].snapshot_id
                for forged in (
                    textdelta.MAGIC + b"0" * 64 + stored["v3"][1][68:],
                    textdelta.MAGIC + stored["v3"][0].encode() + stored["v3"][1][68:],
                    textdelta.MAGIC + stored["v1"][0].encode() + b"\x28\xb5\x2f\xfd garbage",
                    stored["v3"][1][:-12],  # a frame that ends early
                ):
                    with store.engine.begin() as conn:
                        conn.execute(
                            update(s.blobs).where(s.blobs.c.sha == stored["v3"][0]).values(data=forged)
                        )
                    for reader in readers:
                        with pytest.raises(StoreError) as caught:
                            reader.file_text(v3, "pkg/checks.py")
                        assert caught.value.kind == "corrupt"


def test_tag_listings_of_many_repositories_overlap_and_a_stalled_one_stays_unlisted(
    repo: Path, tmp_path: Path
) -> None:
    import socket
    import time

    from errdex.sources.releases import remote_tags_many

    clones = []
    for k in range(3):
        clone = tmp_path / f"clone{k}"
        subprocess.run(["git", "clone", "-q", str(repo), str(clone)], check=True)
        git(clone, "tag", f"only-{k}")
        clones.append(str(clone))
    # a server that accepts the connection and never answers: git waits on it until killed
    stalled = socket.create_server(("127.0.0.1", 0))
    try:
        port = stalled.getsockname()[1]
        hang = f"http://127.0.0.1:{port}/acme/lib.git"
        gone = str(tmp_path / "no-such-repository")
        t = time.perf_counter()
        listed = remote_tags_many([*clones, gone, hang, clones[0]], threads=3, timeout=30.0, budget=3.0)
        elapsed = time.perf_counter() - t
    finally:
        stalled.close()
    assert set(listed) == {*clones, gone, hang}
    for k, clone in enumerate(clones):
        tags = listed[clone]
        assert tags is not None and f"only-{k}" in tags and "v0.2.0" in tags
        assert tags["v0.2.0"] == git(clone, "rev-parse", "v0.2.0^{commit}")
    assert listed[gone] is None  # unreachable
    assert listed[hang] is None  # still listing when the budget ran out: not waited for
    assert elapsed < 30.0  # the budget, not the stalled listing's own timeout, bounded the call


def _index_big_module_releases(lib: Path, count: int, url: str) -> list[Any]:
    """Releases v1..v``count`` of a git package whose large module changes one line a release,
    indexed in one run into ``url``; their summaries."""
    for n in range(1, count + 1):
        write(lib, {"pkg/__init__.py": "", "pkg/checks.py": _big_module(n)})
        if n == 1:
            git(lib, "init", "-q")
        git(lib, "add", "-A")
        git(lib, "commit", "-qm", f"release {n}")
        git(lib, "tag", f"v{n}")
    return list(index_releases([f"git:{lib}@v{n}" for n in range(1, count + 1)], url, jobs=1))


def test_extraction_entries_stored_as_differences_read_back_whole_or_not_at_all(tmp_path: Path) -> None:
    """A cached extraction stored as a difference (``write_extractions``) reads back as its whole
    entry, its base read with the other bases in one query; with the base gone it is not offered
    (the file is parsed again), and an entry stored whole is still read."""
    from sqlalchemy import delete, select

    from errdex.extract.cache import decode
    from errdex.pipeline import producer_digest
    from errdex.store import schema as s
    from errdex.store import textdelta
    from errdex.store.history import cached_extractions

    url = f"sqlite:///{tmp_path / 'c.db'}"
    _index_big_module_releases(tmp_path / "lib", 3, url)
    x, path, producer = s.extractions, "pkg/checks.py", producer_digest()
    with Store.open(url) as store:
        with store.engine.connect() as conn:
            rows = [
                (sha, bytes(d))
                for sha, d in conn.execute(select(x.c.blob_sha, x.c.data).where(x.c.path == path))
            ]
        deltas = [sha for sha, d in rows if textdelta.base_of(d) is not None]
        (whole,) = [sha for sha, d in rows if textdelta.base_of(d) is None]
        assert len(deltas) == 2
        for sha in deltas:
            got = cached_extractions(store, [(path, sha), ("pkg/__init__.py", "0" * 64)], producer)
            facts = decode(got[path][1])
            assert set(got) == {path} and facts is not None and facts.path == path
            assert textdelta.base_of(got[path][1]) is None
        assert set(cached_extractions(store, [(path, whole)], producer)) == {path}
        with store.engine.begin() as conn:
            conn.execute(delete(x).where(x.c.blob_sha == whole))
        for sha in deltas:
            assert cached_extractions(store, [(path, sha)], producer) == {}


def test_texts_and_cache_entries_chain_differences_at_most_max_depth_steps_and_read_back_whole(
    tmp_path: Path,
) -> None:
    """Each changed text (and cached extraction) is a difference from the text before it, until
    that one is ``MAX_DEPTH`` steps from a text stored whole: then from that one's own base. Every
    release's text and cached entry reads back whole."""
    from sqlalchemy import select

    from errdex.extract.cache import decode
    from errdex.pipeline import producer_digest
    from errdex.store import schema as s
    from errdex.store import textdelta
    from errdex.store.fast import open_reader
    from errdex.store.history import cached_extractions

    n_releases = textdelta.MAX_DEPTH + 3
    url = f"sqlite:///{tmp_path / 'c.db'}"
    done = _index_big_module_releases(tmp_path / "lib", n_releases, url)
    path = "pkg/checks.py"
    # the base each release's text is expected against, and its depth: v1 whole, then one step
    # a release until MAX_DEPTH, then the base of the release before (MAX_DEPTH - 1 steps)
    expected: dict[int, tuple[int | None, int]] = {1: (None, 0)}
    for n in range(2, n_releases + 1):
        before, depth = n - 1, expected[n - 1][1]
        if depth == textdelta.MAX_DEPTH:
            before = expected[n - 1][0] or 0
            depth = expected[before][1]
        expected[n] = (before, depth + 1)
    assert max(d for _, d in expected.values()) == textdelta.MAX_DEPTH
    with Store.open(url) as store, open_reader(url) as reader:
        with store.engine.connect() as conn:
            shas = {
                str(v): str(sha)
                for v, sha in conn.execute(
                    select(s.snapshots.c.version, s.files.c.blob_sha)
                    .select_from(s.files.join(s.snapshots))
                    .where(s.files.c.path == path)
                )
            }
            blobs = dict(conn.execute(select(s.blobs.c.sha, s.blobs.c.data)).all())
            entries = {
                str(sha): bytes(d)
                for sha, d in conn.execute(
                    select(s.extractions.c.blob_sha, s.extractions.c.data).where(s.extractions.c.path == path)
                )
            }
        for n, (before, _) in expected.items():
            sha = shas[f"v{n}"]
            base = None if before is None else shas[f"v{before}"]
            assert textdelta.base_of(bytes(blobs[sha])) == base, n
            assert textdelta.base_of(entries[sha]) == base, n
        for summary, n in zip(done, range(1, n_releases + 1), strict=True):
            assert store.file_text(summary.snapshot_id, path) == _big_module(n)
            assert reader.file_text(summary.snapshot_id, path) == _big_module(n)
            got = cached_extractions(store, [(path, shas[f"v{n}"])], producer_digest())
            facts = decode(got[path][1])
            assert facts is not None and facts.path == path
            assert textdelta.base_of(got[path][1]) is None


# a library whose ``check`` is called by two functions; v2 rewords its message on the same line
# and moves the version string (the code, its definitions, imports and calls, is the same); v3
# gives ``check`` a third caller
CALLED_V1 = """\
def check(x):
    if x < 0:
        raise ValueError(f"negative: {x}")
    return x


def load(x):
    return check(x)


def save(x):
    check(load(x))
    raise KeyError(f"cannot save {x!r}")
"""
CALLED_V2 = CALLED_V1.replace('f"negative: {x}"', 'f"x must not be negative, got {x}"')
CALLED_V3 = (
    CALLED_V2
    + """

def run(x):
    return check(x) + 1
"""
)


def _called_releases(tmp_path: Path) -> Path:
    """A git repository of ``CALLED_V1`` .. ``CALLED_V3``, tagged v1, v2, v3."""
    releases = [
        (
            "v1",
            {"called/__init__.py": "", "called/core.py": CALLED_V1, "called/version.py": 'VERSION = "1"\n'},
        ),
        ("v2", {"called/core.py": CALLED_V2, "called/version.py": 'VERSION = "2"\n'}),
        ("v3", {"called/core.py": CALLED_V3}),
    ]
    return _tagged_releases(tmp_path / "called", releases)


def _tagged_releases(repo: Path, releases: list[tuple[str, dict[str, str]]]) -> Path:
    """A git repository at ``repo`` of one commit per release (its files written over the
    last), each tagged with its name."""
    repo.mkdir()
    git(repo, "init", "-q")
    for n, (tag, files) in enumerate(releases):
        write(repo, files)
        git(repo, "add", "-A")
        git(repo, "commit", "-q", "-m", tag, date=f"2024-0{n + 1}-01T00:00:00+00:00")
        git(repo, "tag", tag)
    return repo


def _spy_on_call_graphs(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The snapshot of each call graph counted from here on (the real method runs)."""
    from errdex.analysis.callgraph import CallGraph

    graphs: list[int] = []
    real = CallGraph.caller_counts

    def spy(self: CallGraph, keys: Any) -> dict[str, int]:
        graphs.append(self.index.snapshot_id)
        return real(self, keys)

    monkeypatch.setattr(CallGraph, "caller_counts", spy)
    return graphs


def test_a_release_of_the_same_code_takes_its_callers_from_the_one_before_without_a_call_graph(
    tmp_path: Path, db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from errdex.pipeline import callers_as_before, resolved_callers

    repo = _called_releases(tmp_path)
    graphs = _spy_on_call_graphs(monkeypatch)
    ids = [index(f"git:{repo}@{tag}", db_url, jobs=1).snapshot_id for tag in ("v1", "v2", "v3")]
    with Store.open(db_url) as store:
        # v2's code is v1's: its counts are v1's, no graph made; v3 adds a call: counted again
        assert store.facts.same_code(ids[1], ids[0]) and not store.facts.same_code(ids[2], ids[1])
        assert graphs == [ids[0], ids[2]]
        for sid in ids:  # the counts are those the whole call graph resolves
            sites = store.site_functions(sid)
            assert store.site_callers(sid) == resolved_callers(store, sid, sites)
        assert store.site_callers(ids[1])[("called/core.py", "check")] == 2
        assert store.site_callers(ids[2])[("called/core.py", "check")] == 3  # why v3 may not reuse
        # a site the earlier release did not hold is resolved on its own, as the whole graph would
        sites = [*store.site_functions(ids[1]), ("called/core.py", "load")]
        assert ("called/core.py", "load") not in store.site_functions(ids[0])
        graphs.clear()
        got = callers_as_before(store, ids[1], sites)
        assert got == resolved_callers(store, ids[1], sites) and got[("called/core.py", "load")] == 1
        assert graphs == [ids[1], ids[1]]  # ``load`` alone, then the whole count it is held to


def test_counts_made_by_other_counting_code_are_not_copied_into_a_release_of_the_same_code(
    tmp_path: Path, db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """v1 is counted by an errdex whose counting differed (another stamp, and a count it made
    otherwise: every caller count one more); v2's code facts are v1's, but its counts are made
    by this errdex's call graph, not copied from v1's. A catalogue's counts from before the stamp
    (a bare list) are not copied either."""
    from errdex import pipeline

    repo = _called_releases(tmp_path)
    real = pipeline.resolved_callers
    monkeypatch.setattr(pipeline, "counts_digest", lambda: "older-counting")
    monkeypatch.setattr(
        pipeline, "resolved_callers", lambda *a, **k: {site: n + 1 for site, n in real(*a, **k).items()}
    )
    v1 = index(f"git:{repo}@v1", db_url, jobs=1).snapshot_id
    monkeypatch.undo()
    graphs = _spy_on_call_graphs(monkeypatch)
    v2 = index(f"git:{repo}@v2", db_url, jobs=1).snapshot_id
    with Store.open(db_url) as store:
        assert store.facts.same_code(v2, v1)
        assert store.callers_counted_by(v1) == "older-counting"
        assert store.callers_counted_by(v2) == pipeline.counts_digest()
        assert store.site_callers(v1)[("called/core.py", "check")] == 3  # the other code's count
        assert graphs == [v2]  # counted anew ...
        sites = store.site_functions(v2)
        assert store.site_callers(v2) == real(store, v2, sites)  # ... as this errdex counts
        assert store.site_callers(v2)[("called/core.py", "check")] == 2
        # stored without a stamp (by an errdex from before it): not copied
        store.put_site_callers(v1, store.site_callers(v2) or {})
        assert store.callers_counted_by(v1) is None
        assert pipeline.callers_as_before(store, v2, sites) is None
        store.put_site_callers(v1, store.site_callers(v2) or {}, pipeline.counts_digest())
        assert pipeline.callers_as_before(store, v2, sites) == store.site_callers(v2)


# a library whose three modules raise, in this path order (the first two a class of their own,
# whose bases the entries carry); v2 rewords the last module's message alone, v3 the first's
KEPT_A = (
    "class FirstError(ValueError):\n    pass\n\n\n"
    'def first(x):\n    if x:\n        raise FirstError(f"bad first {x}")\n'
)
KEPT_Z = 'def last(x):\n    raise KeyError(f"no last {x}")\n'
KEPT_RELEASES = [
    ("v1", {"kept/__init__.py": "", "kept/a.py": KEPT_A, "kept/b.py": KEPT_A.replace("first", "second"), "kept/z.py": KEPT_Z}),
    ("v2", {"kept/z.py": KEPT_Z.replace("no last", "nothing last")}),
    ("v3", {"kept/a.py": KEPT_A.replace("bad first", "worse first")}),
]  # fmt: skip


def test_an_added_release_takes_its_entries_before_its_first_changed_file_from_the_segment_before(
    tmp_path: Path, db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """v2's first two entries (a.py's, b.py's) are v1's but for their keys and release: they are
    taken from v1's stored segment, and only z.py's is built from its row; v3 changed the first
    file, so all of its entries are. Each release's stored segment is the bytes its rows build."""
    from errdex.match import shared_index as si
    from errdex.match.index import Index
    from errdex.store import segments as ss

    repo = _tagged_releases(tmp_path / "kept", KEPT_RELEASES)
    starts: list[int] = []  # the key each read of a snapshot's entries starts after
    real = Store.iter_entries

    def spy(self: Store, *args: Any, after: int | None = None, **kwargs: Any) -> Any:
        if after is not None:
            starts.append(after)
        return real(self, *args, after=after, **kwargs)

    monkeypatch.setattr(Store, "iter_entries", spy)
    taken = {}
    for tag, _ in KEPT_RELEASES:
        starts.clear()
        sid = index(f"git:{repo}@{tag}", db_url, jobs=1).snapshot_id
        with Store.open(db_url) as store:
            keys_now = [e.key for e in real(store, snapshot_id=sid)]
            # the rows left out of the read: the entries up to the key it started after
            taken[tag] = max((sum(k <= a for k in keys_now) for a in starts), default=0)
            # the rows after a key are the entries after it, that one left out (a bound that
            # let it in would add it twice: once taken from the segment, once from its row)
            for i, k in enumerate(keys_now):
                assert [e.key for e in real(store, snapshot_id=sid, after=k)] == keys_now[i + 1 :]
            stamp = dict(ss.snapshot_stamps(store))[sid]
            assert ss.get_segment(store, sid, stamp) == si.build_segment(store, sid).dumps(), tag
            found = ss.entries_as_before(store, sid)
            assert (found.kept if found else 0) == {"v1": 0, "v2": 2, "v3": 0}[tag]
            if tag == "v2":
                assert sorted(bases for _, bases in found.bases) == [("ValueError",)] * 2  # type: ignore[union-attr]
                v2, v1_stamp, keys, where = (
                    sid,
                    dict(ss.snapshot_stamps(store))[found.before],
                    found.keys,
                    found.where,
                )  # type: ignore[union-attr]
                v1_segment = ss.get_segment(store, found.before, v1_stamp)  # type: ignore[union-attr]
    assert taken == {"v1": 0, "v2": 2, "v3": 0}
    # a release whose version is a string the segment holds already (here a placeholder's
    # name) would move that string's place in the pool: not renamed
    assert v1_segment is not None and v2
    seg = Index.loads(v1_segment, keys=False)
    assert si.renamed(seg, where, keys) is not None
    assert si.renamed(seg, (where[0], "x", where[2]), keys) is None


# v2 changes only the last module, which now holds the first module's function in a table:
# the first module's entry is the same row, but its function is now held (one caller more)
HELD_RELEASES = [
    ("v1", {"held/__init__.py": "", "held/a.py": 'def _load(x):\n    raise KeyError(f"no loader for {x}")\n',
            "held/z.py": "def other():\n    return 1\n"}),
    ("v2", {"held/z.py": "from held.a import _load\n\nTABLE = {int: _load}\n"}),
]  # fmt: skip


def test_an_entry_whose_function_the_release_now_holds_is_not_taken_from_the_segment_before(
    tmp_path: Path, db_url: str
) -> None:
    """The held status is part of an entry (its callers): v2's first entry, the same row in the
    same file as v1's, is built again, with the caller the table adds."""
    from errdex.store import segments as ss

    repo = _tagged_releases(tmp_path / "held", HELD_RELEASES)
    for tag, _ in HELD_RELEASES:
        sid = index(f"git:{repo}@{tag}", db_url, jobs=1).snapshot_id
    with Store.open(db_url) as store:
        assert ss.entries_as_before(store, sid) is None
        assert [e.callers for e in store.iter_entries(snapshot_id=sid) if e.function == "_load"] == [1]


def test_renaming_a_segment_looks_through_every_section_that_holds_string_ids() -> None:
    """``renamed`` may replace a version string only where nothing but the snapshot row uses
    it; a section added to the format must be classed as holding string ids or not."""
    from errdex.match import shared_index as si
    from errdex.match.index import SECTIONS

    classed = [*si._STRING_IDS, "snp_ver", "snp_date", *si._NO_STRING_IDS]
    assert sorted(classed) == sorted(SECTIONS) and len(set(classed)) == len(classed)


def test_an_extraction_cache_entry_leaves_out_trailing_defaults_and_reads_back_the_same_values() -> None:
    """A class's fields at the end that hold their default are not written (an exception spec's
    ~15 trailing fields are mostly empty tuples, None and False: one tagged map each for the
    decoder to rebuild); only a value of the default's own class is one (``[]`` is not the
    default ``()``, ``0`` not ``False``), so the facts read back are equal and of the same types."""
    import dataclasses

    import msgpack
    import zstandard

    from errdex.extract import cache, extract_file
    from errdex.extract.cache import decode, encode

    facts = extract_file("pkg/mod.py", b"def f(x):\n    if x:\n        raise ValueError(f'bad {x}')\n")
    (site,) = facts.sites
    body = zstandard.ZstdDecompressor().decompress(encode(facts)).removeprefix(cache._MAGIC)
    written = msgpack.unpackb(body, strict_map_key=False)  # the tagged maps as they are
    n_site = len(dataclasses.fields(type(site)))
    sites = written[cache._CODE[type(facts)]][cache._FIELDS[type(facts)].index("sites")]
    assert len(sites[0][cache._CODE[type(site)]]) < n_site  # ``outer`` and the flags before it
    assert decode(encode(facts)) == facts
    odd = dataclasses.replace(site, outer=[], built=0)  # equal to the defaults, not of their class
    facts.sites = [odd]
    (back,) = decode(encode(facts)).sites  # type: ignore[union-attr]
    assert back.outer == [] and type(back.outer) is list
    assert back.built == 0 and type(back.built) is int
    assert back == odd
