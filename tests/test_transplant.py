"""A release copied from a catalogue that holds it alone reads as the release indexed in place.

``index_releases(copies=...)`` copies a release's rows from a catalogue ``index_alone`` made
(``store.transplant``) instead of indexing it again. Three small packages written here, two of
them sharing a file's bytes (so that content-keyed rows, texts and code facts, are met twice),
are indexed into one catalogue, and assembled into another with the first and the last copied:
every row alike but for the numbering, the same match index, the same answers.
"""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest
from catalogue_dump import REFS, canonical

from errdex.match import Matcher, build_index
from errdex.match.artifact import class_bases
from errdex.match.handoff import link_entries
from errdex.pipeline import index_alone, index_releases
from errdex.store import Store
from errdex.store import schema as s
from errdex.store.transplant import COPIED, LEFT, copy_release

SHARED = '''\
"""Helpers both packages carry, byte for byte."""

LIMIT = 10


def checked(n: int) -> int:
    if n > LIMIT:
        raise OverflowError(f"{n} is over the limit of {LIMIT}")
    return n
'''

PACKAGES = {
    "alpha": {
        "alpha/__init__.py": (
            "from alpha.shared import checked\n\n\n"
            "def width(w):\n"
            "    if w < 0:\n"
            "        raise ValueError(f'width must be positive, got {w}')\n"
            "    return checked(w)\n"
        ),
        "alpha/shared.py": SHARED,
    },
    "beta": {
        "beta/__init__.py": "",
        "beta/core.py": (
            "import logging\nimport warnings\n\nlog = logging.getLogger(__name__)\n"
            "MISSING = 'no such column: %s'\n\n\n"
            "class ColumnError(KeyError):\n    pass\n\n\n"
            "def column(name, table):\n"
            "    if name not in table:\n"
            "        log.warning('looked for %s', name)\n"
            "        raise ColumnError(MISSING % name)\n"
            "    warnings.warn('column() is slow', DeprecationWarning)\n"
            "    return table[name]\n"
        ),
    },
    "gamma": {
        "gamma/__init__.py": (
            "from gamma.shared import checked\n\n\n"
            "def depth(d):\n"
            "    assert d is not None, 'depth is required'\n"
            "    if not isinstance(d, int):\n"
            "        raise TypeError(f'depth must be an int, not {type(d).__name__}')\n"
            "    return checked(d)\n"
        ),
        "gamma/shared.py": SHARED,
    },
}


def _write(root: Path) -> list[str]:
    specs = []
    for name, files in PACKAGES.items():
        for rel, body in files.items():
            path = root / name / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(body, encoding="utf-8")
        specs.append(str(root / name))
    return specs


@pytest.fixture
def specs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    monkeypatch.delenv("ERRDEX_EXTRACTION_CACHE", raising=False)  # each catalogue parses alone
    return _write(tmp_path / "src")


def test_a_catalogue_assembled_from_copies_is_the_one_indexed_in_place(
    tmp_path: Path, specs: list[str]
) -> None:
    whole, assembled = tmp_path / "whole.db", tmp_path / "assembled.db"
    index_releases(specs, str(whole), jobs=1, list_tags=False)
    singles = {spec: tmp_path / f"{Path(spec).name}.db" for spec in (specs[0], specs[2])}
    for spec, single in singles.items():
        index_alone(spec, str(single), jobs=1)
        with closing(sqlite3.connect(single)) as conn:  # marked, to see that the rows come from here
            conn.execute("UPDATE snapshots SET indexed_at = 'from the single catalogue'")
            conn.commit()
    summaries = index_releases(
        specs, str(assembled), jobs=1, list_tags=False, copies={k: str(v) for k, v in singles.items()}
    )
    assert [x.repo for x in summaries] == ["local/alpha", "local/beta", "local/gamma"]
    assert [x.errors for x in summaries] == [2, 1, 2]  # the copies report the counts indexing made

    # the releases indexed one after another (``overlap=False``) copy alike
    one_by_one = tmp_path / "one_by_one.db"
    index_releases(
        specs,
        str(one_by_one),
        jobs=1,
        list_tags=False,
        overlap=False,
        copies={k: str(v) for k, v in singles.items()},
    )
    for db in (assembled, one_by_one):
        with closing(sqlite3.connect(db)) as conn:
            marks = dict(
                conn.execute("SELECT r.name, x.indexed_at FROM snapshots x JOIN repos r ON r.id = x.repo_id")
            )
        assert marks["local/alpha"] == marks["local/gamma"] == "from the single catalogue"
        assert marks["local/beta"] != "from the single catalogue"  # indexed in place

    a, b, c = canonical(whole), canonical(assembled), canonical(one_by_one)
    assert a["errors"] and a["code_facts"] and a["symbol_names"] and a["occurrence_places"]
    # the shared file is one text and one code fact in either catalogue
    assert len({row[0] for row in a["blobs"]}) == len(a["blobs"])
    for table in REFS:
        assert a[table] == b[table] == c[table], table
    # the same match index, byte for byte, but for the catalogue's generation it is stamped with
    # (a counter of writes: a copy is one write, an index several)
    made = []
    for db in (whole, assembled):
        with Store.open(str(db)) as store:
            stored = store.get_artifact("match-index")
            assert stored is not None  # each run made its index
            made.append(build_index(list(store.iter_entries()), "0", class_bases(store), link_entries(store)))
    assert made[0].dumps() == made[1].dumps()
    one, other = Matcher(made[0]), Matcher(made[1])
    for message in ("width must be positive, got -3", "no such column: id", "7 is over the limit of 10"):
        x, y = one.explain(message), other.explain(message)
        assert x.matches and [m.to_json() for m in x.matches] == [m.to_json() for m in y.matches]


def test_a_copy_declines_a_codebase_the_catalogue_has_and_leaves_it_untouched(
    tmp_path: Path, specs: list[str]
) -> None:
    """A codebase of that name in the destination: a PyPI release would be stored under another
    name there (a monorepo's second distribution), so the caller indexes it instead."""
    single, dst = tmp_path / "alpha.db", tmp_path / "dst.db"
    index_alone(specs[0], str(single), jobs=1)
    index_alone(specs[0], str(dst), jobs=1)
    before = canonical(dst)
    assert copy_release(dst, single) is None
    assert canonical(dst) == before


def test_a_copy_takes_a_catalogue_of_one_release_only(tmp_path: Path, specs: list[str]) -> None:
    two, dst = tmp_path / "two.db", tmp_path / "dst.db"
    index_releases(specs[:2], str(two), jobs=1, list_tags=False)
    index_alone(specs[2], str(dst), jobs=1)
    with pytest.raises(ValueError, match="one snapshot, not 2"):
        copy_release(dst, two)


def test_every_table_is_copied_or_left_on_purpose() -> None:
    """A table added to the schema must be copied (``store.transplant``) or named as left to
    what a run rebuilds, and compared by the dump the tests read."""
    tables = set(s.metadata.tables)
    assert set(COPIED) | set(LEFT) == tables
    assert not set(COPIED) & set(LEFT)
    assert set(REFS) == set(COPIED)
