"""A catalogue's rows as the index stage hands them to the match index (``pipeline``)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from errdex.match import Match, Matcher, Result
from errdex.model import CatalogueEntry
from errdex.pipeline import resolved_callers
from errdex.store import Store
from errdex.store import segments as ss


def counted_entries(store: Store) -> list[CatalogueEntry]:
    """Every row (``Store.iter_entries``), each with its function's resolved callers counted per
    snapshot as ``pipeline.resolved_callers`` counts them when the segments are built."""
    counts: dict[int, int] = {}
    for sid, _ in ss.snapshot_stamps(store):
        own = list(store.iter_entries(snapshot_id=sid))
        found = resolved_callers(store, sid, list(dict.fromkeys((e.path, e.function) for e in own)))
        counts.update((e.key, found.get((e.path, e.function), 0)) for e in own)
    rows = list(store.iter_entries())
    for e in rows:
        e.callers = counts[e.key]
    return rows


@contextmanager
def package_matcher(root: Path, files: dict[str, str]) -> Iterator[Matcher]:
    """A matcher over a small package written from ``files`` (path -> source) under ``root``
    and indexed whole, its catalogue open while the block runs."""
    from errdex.pipeline import index

    for name, source in files.items():
        path = root / "lib" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(source)
    db = str(root / "c.db")
    index(str(root / "lib"), db, jobs=1)
    with Store.open(db) as store:
        yield Matcher.load(store)


def site(m: Match) -> tuple[str, str]:
    """Where an answer is: (path, function)."""
    return m.path, m.function


def first(res: Result) -> Match:
    """The first answer, which must be there."""
    assert res.matches, res.verdict
    return res.matches[0]
