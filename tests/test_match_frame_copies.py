"""A traceback landing on a raise that every copy of a codebase holds names each copy once:
the raises on the frame's line are written at the weight they end with (``ON_RAISE`` where the
exception was raised, ``base + SAME_LINE`` where it was not), not first at the line's weight and
then raised, a second pass over every copy (issue #13: 10,000-46,000 copies at 10M templates).

The work is counted (the entries ``frames._put_all`` is handed), and the evidence is checked
against the weights each frame gives as ``frames`` documents them."""

from __future__ import annotations

from typing import Any

import pytest

from errdex.match import Matcher, frames
from errdex.match.parse import Frame
from errdex.match.thresholds import CALLER_FRAME, DEEPEST_FRAME, ON_RAISE, SAME_LINE
from errdex.model import CatalogueEntry, render_template

COPIES = 12  # codebases holding the same file (a vendored module, a fork, releases)


def _entry(key: int, repo: str, function: str, line: int, segs: list[str]) -> CatalogueEntry:
    return CatalogueEntry(
        key=key, error_id=f"{function}-{line}-{repo}", repo=repo, version="1.0", snapshot_date=None,
        kind="error", exc_type="ValueError", exc_qualname=None, template=render_template(segs),
        segments=segs, path="tablib/core.py", line=line, function=function,
    )  # fmt: skip


def _catalogue() -> list[CatalogueEntry]:
    """Each copy: ``Table.check`` raising on lines 40 and 44, ``Table.load`` (its caller) on 12."""
    out: list[CatalogueEntry] = []
    for k in range(COPIES):
        repo = f"o/tablib-{k}"
        out.append(
            _entry(len(out), repo, "Table.check", 40, ["column ", "name", f" is not known (copy {k})"])
        )
        out.append(_entry(len(out), repo, "Table.check", 44, ["row ", "i", f" is out of range (copy {k})"]))
        out.append(_entry(len(out), repo, "Table.load", 12, [f"cannot load the table (copy {k})"]))
    return out


def _frames(last_in_library: bool) -> list[Frame]:
    fr = [
        Frame("/home/u/run.py", 3, "<module>", "t.load(path)"),
        Frame("/venv/site-packages/tablib/core.py", 20, "load", "self.check(name)"),
        Frame("/venv/site-packages/tablib/core.py", 40, "check", "raise ValueError(f'column {name} ...')"),
    ]
    if not last_in_library:  # the exception raised below the library, in a callback of the user's
        fr.append(Frame("/home/u/callbacks.py", 7, "on_check", "raise ValueError(msg)"))
    return fr


@pytest.fixture(scope="module")
def catalogue() -> tuple[Matcher, list[CatalogueEntry]]:
    entries = _catalogue()
    return Matcher.from_entries(entries), entries


def _ids(idx: object, entries: list[CatalogueEntry], function: str, line: int | None = None) -> set[int]:
    """Index entry ids of the catalogue entries of ``function`` (on ``line``), by error id."""
    want = {e.error_id for e in entries if e.function == function and (line is None or e.line == line)}
    return {ei for ei in range(len(entries)) if idx.entry_id(ei) in want}  # type: ignore[attr-defined]


def _counted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    handed: list[int] = []
    put_all = frames._put_all

    def counting(out: dict[int, tuple[float, int, int]], eis: list[int], *rest: object) -> None:
        handed.append(len(eis))
        put_all(out, eis, *rest)  # type: ignore[arg-type]

    monkeypatch.setattr(frames, "_put_all", counting)
    return handed


def _gathered(
    catalogue: tuple[Matcher, list[CatalogueEntry]], monkeypatch: pytest.MonkeyPatch, last_in_library: bool
) -> tuple[Any, frames.FrameEvidence, list[int], set[int]]:
    """The index, the frames' evidence, the sizes of the lists handed to ``_put_all``, and the
    copies of the raise on the line the deepest library frame is on."""
    m, entries = catalogue
    handed = _counted(monkeypatch)
    ev = frames.gather(m.index, _frames(last_in_library))
    return m.index, ev, handed, _ids(m.index, entries, "Table.check", 40)


def test_copies_the_deepest_frame_lands_on_are_written_once(
    catalogue: tuple[Matcher, list[CatalogueEntry]], monkeypatch: pytest.MonkeyPatch
) -> None:
    idx, ev, handed, on_line = _gathered(catalogue, monkeypatch, last_in_library=True)
    entries = catalogue[1]
    other = _ids(idx, entries, "Table.check", 44)
    caller = _ids(idx, entries, "Table.load")
    assert len(on_line) == len(other) == len(caller) == COPIES
    assert ev.on_raise == on_line
    assert {ei: ev.entries[ei] for ei in on_line} == dict.fromkeys(on_line, (ON_RAISE, 2, 0))
    assert {ei: ev.entries[ei] for ei in other} == dict.fromkeys(other, (DEEPEST_FRAME, 2, 0))
    assert {ei: ev.entries[ei] for ei in caller} == dict.fromkeys(caller, (CALLER_FRAME, 1, 1))
    # the function's row is named in bulk, its raises on the line once at ``ON_RAISE``: no pass
    # over the copies raises them again; the caller's row (its own copies) is the one handed on
    assert sum(handed) == COPIES, handed
    assert set(ev.pids) == {idx.entry_pat[ei] for ei in on_line | other | caller}
    assert all(ev.pids[idx.entry_pat[ei]] == ON_RAISE for ei in on_line)


def test_a_line_raised_below_keeps_the_line_weight(
    catalogue: tuple[Matcher, list[CatalogueEntry]], monkeypatch: pytest.MonkeyPatch
) -> None:
    _idx, ev, handed, on_line = _gathered(catalogue, monkeypatch, last_in_library=False)
    assert not ev.on_raise
    assert {ei: ev.entries[ei] for ei in on_line} == dict.fromkeys(on_line, (DEEPEST_FRAME + SAME_LINE, 2, 0))
    assert sum(handed) == COPIES, handed


def test_answers_name_the_landed_copies_first(catalogue: tuple[Matcher, list[CatalogueEntry]]) -> None:
    m, _entries = catalogue
    text = (
        "Traceback (most recent call last):\n"
        '  File "/home/u/run.py", line 3, in <module>\n    t.load(path)\n'
        '  File "/venv/site-packages/tablib/core.py", line 20, in load\n    self.check(name)\n'
        '  File "/venv/site-packages/tablib/core.py", line 40, in check\n'
        "    raise ValueError(f'column {name} ...')\n"
        "ValueError: column price is not known (copy 3)"
    )
    res = m.explain(text)
    assert res.matches and (res.matches[0].repo, res.matches[0].line) == ("o/tablib-3", 40)


def _grouped_catalogue(n: int) -> list[CatalogueEntry]:
    """``raise AssertionError(msg)`` (a template all placeholder: one pattern) on line 50 of
    ``Table.check`` in ``n`` copies, above ``BIG_PATTERN``: its entries are grouped; two more
    another grouped pattern on line 52 (one literal, the same in every copy), and a worded raise
    on line 40 that each copy words its own way (a pattern per copy, not grouped)."""
    out: list[CatalogueEntry] = []
    for k in range(n):
        repo = f"o/tablib-{k}"
        out.append(_entry(len(out), repo, "Table.check", 50, ["", "msg", ""]))
        out.append(_entry(len(out), repo, "Table.check", 52, ["check failed: ", "detail", ""]))
        out.append(
            _entry(len(out), repo, "Table.check", 40, ["column ", "name", f" is not known (copy {k})"])
        )
    return out


@pytest.mark.parametrize("by_pass", [frames._BIG_BY_PASS, 0])
def test_grouped_copies_a_frame_names_are_listed_in_naming_order(
    monkeypatch: pytest.MonkeyPatch, by_pass: int
) -> None:
    from errdex.match.index import BIG_PATTERN

    n = BIG_PATTERN + 40
    idx = Matcher.from_entries(_grouped_catalogue(n)).index
    monkeypatch.setattr(frames, "_BIG_BY_PASS", by_pass)
    ev = frames.gather(idx, _frames(last_in_library=True))
    # what the step per entry gives: each grouped pattern's named entries in naming order, the
    # patterns in the order of their first named entries
    want: dict[int, list[int]] = {}
    for ei in ev.entries:
        pid = idx.entry_pat[ei]
        if pid in idx.groups.big:
            want.setdefault(pid, []).append(ei)
    assert len(want) == 2 and sum(map(len, want.values())) == 2 * n, {p: len(v) for p, v in want.items()}
    assert list(ev.big.items()) == list(want.items())
