"""A catalogue's rows as the index stage hands them to the match index (``pipeline``)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from errdex.extract import extract
from errdex.match import Match, Matcher, Result
from errdex.model import CatalogueEntry, SourceFile
from errdex.pipeline import count_callers
from errdex.store import Store


def marked_templates(source: str) -> dict[str, set[str]]:
    """The templates of one module's records by the ``# <- name`` mark on their raise line."""
    ex = extract([SourceFile("pkg/mod.py", source.encode())], "local/pkg", jobs=1)
    lines = source.split("\n")
    out: dict[str, set[str]] = {}
    for r in ex.records:
        text = lines[r.line - 1]
        if "# <- " in text:
            out.setdefault(text.rsplit("# <- ", 1)[1].strip(), set()).add(r.template)
    return out


def marked_package_templates(files: dict[str, str], marked: str) -> dict[str, set[str]]:
    """The templates of the records of module ``marked`` (a path among ``files``, a package's
    modules by path) whose statement spans a ``# <- name`` mark, by that name: a helper's
    caller may span lines, its mark on any of them."""
    ex = extract([SourceFile(path, text.encode()) for path, text in files.items()], "local/pkg", jobs=1)
    marks = {
        m.group(1): i
        for i, line in enumerate(files[marked].split("\n"), 1)
        if (m := re.search(r"# <- (\w+)", line))
    }
    return {
        name: {r.template for r in ex.records if r.path == marked and r.line <= at <= r.end_line}
        for name, at in marks.items()
    }


def counted_entries(store: Store) -> list[CatalogueEntry]:
    """Every row (``Store.iter_entries``), each with its function's resolved callers as the
    index stage stores them (``pipeline.count_callers``) before it builds the match index."""
    count_callers(store)
    return list(store.iter_entries())


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


@contextmanager
def codebases_matcher(root: Path, codebases: dict[str, dict[str, str]]) -> Iterator[Matcher]:
    """A matcher over several small packages, each written from its files (path -> source)
    under ``root / name`` and indexed as a codebase of its own into one catalogue, in order."""
    from errdex.pipeline import index

    db = str(root / "c.db")
    for name, files in codebases.items():
        for rel, source in files.items():
            path = root / name / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(source)
        index(str(root / name), db, jobs=1)
    with Store.open(db) as store:
        yield Matcher.load(store)


def site(m: Match) -> tuple[str, str]:
    """Where an answer is: (path, function)."""
    return m.path, m.function


def line_of(source: str, text: str) -> int:
    """The first line (1-based) of ``source`` holding ``text``: a test's package places its
    frames and expected raises by the statements written in it, not by numbers."""
    return next(i for i, ln in enumerate(source.splitlines(), 1) if text in ln)


def first(res: Result) -> Match:
    """The first answer, which must be there."""
    assert res.matches, res.verdict
    return res.matches[0]
