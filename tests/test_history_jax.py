"""History on real releases: two jax wheels from PyPI (cached by the sources stage).

The cases in ``tests/data/history/`` were found by indexing the releases and checked by hand in
the wheels' files: messages whose wording changed, an error the newer release added and one it
removed.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from errdex.pipeline import index_releases
from errdex.store import Store
from errdex.store.sharedcache import ENV

pytestmark = [pytest.mark.network, pytest.mark.slow]

ERRDEX = [sys.executable, "-m", "errdex.cli"]
CASES: dict[str, Any] = json.loads(
    (Path(__file__).parent / "data" / "history" / "jax_0.11.2_0.12.0.json").read_text("utf-8")
)


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory, shared_extractions: Path) -> str:
    path = str(tmp_path_factory.mktemp("jax-history") / "c.db")
    # jax 0.11.2 keeps about half of jax 0.10.2's files unchanged: when ``jax_db`` is built
    # first in the run (its unit starts it), they are read from the shared extraction cache
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv(ENV, str(shared_extractions))
        index_releases([f"pypi:jax=={v}" for v in CASES["releases"]], path)
    return path


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*ERRDEX, *args], capture_output=True, text=True)


@pytest.mark.parametrize("case", CASES["rewordings"], ids=lambda c: c["old"]["function"])
def test_an_older_wording_matches_its_release_and_names_the_newest_site(
    db: str, case: dict[str, Any]
) -> None:
    out = _run("explain", case["message"], "--db", db, "--json")
    assert out.returncode == 0, out.stderr
    best = json.loads(out.stdout)["matches"][0]
    old, new = case["old"], case["new"]
    assert not best["approximate"]
    assert (best["template"], best["path"], best["line"], best["function"]) == (
        old["template"], old["path"], old["line"], old["function"],
    )  # fmt: skip
    history = best["history"]
    assert history["releases"] == [old["release"]]  # exactly the release with that wording
    target = history["target"]
    assert target["version"] == new["release"] and target["newest"] and not target["same"]
    assert (target["template"], target["path"], target["line"], target["function"]) == (
        new["template"], new["path"], new["line"], new["function"],
    )  # fmt: skip


def test_diff_of_two_real_releases_lists_a_known_added_and_removed_error(db: str) -> None:
    a, b = CASES["releases"]
    out = _run("diff", a, b, "--db", db, "--json")
    assert out.returncode == 0, out.stderr
    d = json.loads(out.stdout)

    def keys(items: list[dict[str, Any]]) -> set[tuple[str, str, str, str]]:
        return {(x["exc_type"], x["template"], x["path"], x["function"]) for x in items}

    for want in CASES["added"]:
        assert (want["exc_type"], want["template"], want["path"], want["function"]) in keys(d["added"])
    for want in CASES["removed"]:
        assert (want["exc_type"], want["template"], want["path"], want["function"]) in keys(d["removed"])
    reworded = {(x["from"]["template"], x["to"]["template"]) for x in d["reworded"]}
    for case in CASES["rewordings"]:
        assert (case["old"]["template"], case["new"]["template"]) in reworded
    text = _run("diff", a, b, "--db", db)
    assert text.stdout.startswith(f"{CASES['repo']} {a} -> {b}: {d['counts']['added']} added")


def test_ids_of_the_older_release_still_resolve(db: str) -> None:
    with Store.open(db) as store:
        old_release = CASES["releases"][0]
        ids = sorted({e.error_id for e in store.iter_entries() if e.version == old_release})
        case = CASES["rewordings"][0]
        old_id = next(
            e.error_id
            for e in store.iter_entries()
            if e.version == old_release
            and e.template == case["old"]["template"]
            and e.path == case["old"]["path"]
        )
        assert old_id in ids
        out = _run("show", old_id, "--db", db, "--json")
        assert out.returncode == 0, out.stderr
        view = json.loads(out.stdout)
        assert view["id"] == old_id and view["version"]["name"] == old_release
        segs = view["history"]["segments"]
        assert [s["from"] for s in segs] == CASES["releases"] and segs[1]["template"] == case["new"][
            "template"
        ]
        # every ID of the older release resolves, not only the reworded one
        assert all(store.get_error(i) is not None for i in ids[:: max(1, len(ids) // 200)])


def test_a_newer_real_release_extends_the_lineages_as_deriving_them_all_would(
    db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sqlite3
    from contextlib import closing

    from sqlalchemy import delete

    from errdex.history import lineage
    from errdex.pipeline import index
    from errdex.store import schema as s
    from errdex.store.releases import lineage_map, release_order

    copy = str(tmp_path / "c.db")  # the module's catalogue stays as the other tests read it
    with closing(sqlite3.connect(db)) as src, closing(sqlite3.connect(copy)) as dst:
        src.backup(dst)
    calls: list[list[int]] = []
    real = lineage.repo_records
    monkeypatch.setattr(
        lineage,
        "repo_records",
        lambda store, ids, changed_only=False: calls.append(list(ids)) or real(store, ids, changed_only),
    )
    index("pypi:jax==0.12.0.1", copy)
    with Store.open(copy) as store:
        ids = [r.id for r in release_order(store, "jax-ml/jax")]
        assert len(ids) == 3 and calls == [ids[1:]]  # the new release against the newest before it
        extended = lineage_map(store, "jax-ml/jax")
        with store.engine.begin() as conn:
            conn.execute(delete(s.artifacts).where(s.artifacts.c.name.like("lineages:%")))
        lineage.update_lineages(store, "jax-ml/jax")  # derived again from the first release
        assert lineage_map(store, "jax-ml/jax") == extended
        newest = {e.error_id for e in store.iter_entries() if e.version == "0.12.0.1"}
        assert sum(extended[i] != i for i in newest) > 0  # some of its errors continue older ones
