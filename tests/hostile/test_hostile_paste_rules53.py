"""Stop 53's new paste-reading and ranking rules under hostile input: work counted, not timed.

- ``frames.moved_module`` (a module made private, ``svm/base.py`` -> ``svm/_base.py``) looks a
  frame's path up four more times, renamed, when the catalogue holds no file of it; each look-up
  (``Index._suffix_path``) hashed every suffix of the path, so a pasted frame of 500 folders
  (1,000 characters, as much as a frame line is read) cost 250k characters a look-up, 5M a
  frame with the renamings and their ``__init__.py`` forms: 400 such frames (the 1 MB a paste
  is cut to), 0.99 s of ``errdex explain`` (0.23 s before the rule, 0.07 s now). Now only the suffixes no deeper than the catalogue's
  deepest path are tried: the answer is the same, as a deeper suffix is none of its paths.
- ``candidates._without_quoted`` (a message's quoted values left out of its words) searched for
  its line's end from every quote: a line of 25k quoted values read 25k times over. Now once.

The builders are shared with ``bench/hostile.py`` (``index_attacks.paste_attack``).
"""

from __future__ import annotations

from typing import Any

import pytest
from index_attacks import DEEP_PARTS, deep_frames

from errdex.match import Matcher, candidates, index
from errdex.model import CatalogueEntry, render_template

FRAMES = 200  # frames of the hostile traceback, each of a path DEEP_PARTS folders deep
# characters of the paths looked up per character of the paste's frame paths: the whole path
# and its ``__init__.py`` form, for itself, ``moved_module``'s four renamings and the matcher's
# other look-ups, and the few suffixes as deep as the catalogue's paths (21 measured); trying
# every suffix was 5,031 a character (1.0G characters for these 200 frames)
LOOKED_UP_PER_CHAR = 32
QUOTED = 25_000  # quoted values on the hostile line
SCANNED_PER_CHAR = 3  # characters ``str.find`` reads per character of the line (~n^2 / 8 before)


def _entry(path: str, function: str, k: int) -> CatalogueEntry:
    segs = ["bad ", "x", ""]
    return CatalogueEntry(
        key=k, error_id=f"{path}:{function}", repo="o/pkg", version="1.0", snapshot_date=None, kind="error",
        exc_type="ValueError", exc_qualname=None, template=render_template(segs), segments=segs,
        path=path, line=10, function=function,
    )  # fmt: skip


def _matcher(*paths: str) -> Matcher:
    return Matcher.from_entries([_entry(p, "f", k) for k, p in enumerate(paths, 1)])


def _count_looked_up(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Characters of the strings looked up in the catalogue's path table, counted while active."""
    asked = [0]
    row = index._Paths.row

    def counted(self: Any, path: str) -> int | None:
        asked[0] += len(path)
        return row(self, path)

    monkeypatch.setattr(index._Paths, "row", counted)
    return asked


def test_a_deep_frame_path_is_looked_up_by_the_catalogues_depth(monkeypatch: pytest.MonkeyPatch) -> None:
    m = _matcher("pkg/sub/mod.py", "pkg/other.py")
    paste = deep_frames(FRAMES)
    asked = _count_looked_up(monkeypatch)
    res = m.explain(paste)
    assert res.query.exc_type == "ValueError" and len(res.query.frames) == FRAMES
    frame_chars = sum(len(fr.path) for fr in res.query.frames)
    # every suffix of every path (and of the renamings): ~FRAMES * 5M characters
    assert asked[0] <= LOOKED_UP_PER_CHAR * frame_chars, (asked[0], frame_chars)


def test_a_deep_frame_path_still_finds_its_catalogue_file() -> None:
    deep = "a/" * DEEP_PARTS
    m = _matcher("pkg/sub/mod.py", "pkg/other.py")
    assert m.index.resolve_path(f"/{deep}pkg/sub/mod.py") == "pkg/sub/mod.py"
    assert m.index.resolve_path(f"/{deep}site-packages/pkg/other.py") == "pkg/other.py"
    assert m.index.resolve_path(f"/{deep}pkg/sub/nothere.py") is None
    # a module that became a package, looked up by its ``__init__.py``
    m = _matcher("sh/__init__.py")
    assert m.index.resolve_path(f"/{deep}site-packages/sh.py") == "sh/__init__.py"


def test_a_catalogue_path_deeper_than_the_shallow_bound_is_still_found() -> None:
    stored = "/".join(f"p{i}" for i in range(index.SHALLOW_PATH + 6)) + "/mod.py"
    m = _matcher(stored, "pkg/other.py")
    assert m.index.resolve_path("/home/u/" + "a/" * 40 + stored) == stored
    assert m.index.resolve_path("/home/u/" + "a/" * 40 + stored.replace("p3/", "q3/")) is None
    assert m.index.resolve_path("a/" * 40 + "x.py") is None


def test_a_catalogue_without_paths_finds_no_deep_frame() -> None:
    m = Matcher.from_entries([])
    assert m.index.resolve_path("a/" * DEEP_PARTS + "x.py") is None


class _Scanned(str):
    """A message counting the characters its ``find`` calls read: from the start to the match,
    or to the end of the range searched."""

    scanned = 0

    def find(self, sub: str, start: Any = None, end: Any = None) -> int:  # type: ignore[override]
        a = 0 if start is None else start
        z = len(self) if end is None else end
        at = str.find(self, sub, a, z)
        _Scanned.scanned += max(0, (z if at < 0 else at + len(sub)) - a)
        return at


def test_quoted_values_of_one_line_are_read_in_one_pass() -> None:
    line = "names " + "'a' " * QUOTED + "are not in the frame"
    _Scanned.scanned = 0
    out = candidates._without_quoted(_Scanned(line))
    assert out.split() == ["names", "are", "not", "in", "the", "frame"]
    assert _Scanned.scanned <= SCANNED_PER_CHAR * len(line), _Scanned.scanned  # ~len^2 / 8 before


def test_quoted_values_read_as_before_across_lines() -> None:
    text = "a 'x' b\n'unclosed c\nd \"y z\" e 'w'\ncan't 'v'"
    assert candidates._without_quoted(text) == "a   b\n'unclosed c\nd \"y z\" e  \ncan't  "
    assert candidates._without_quoted("no quotes") == "no quotes"
