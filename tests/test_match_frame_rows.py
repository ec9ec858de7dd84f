"""A traceback into a function every copy of a codebase holds (issue #13: at 10M synthetic
templates one library function names 10,000-120,000 entries, each of its raises in every copy):
the frame evidence reads what it needs of the function's row and no more.

- ``_statement_sites``: a printed statement none of whose raises lies in the frame's file names
  nothing, said before ``_class_only_elsewhere`` reads the function's row to say so;
- ``_pattern_weights``: the grouped patterns among the named ones are found walking the smaller
  of the two sets (``_named_grouped``), not the tens of thousands of named patterns;
- ``rank._function_gone``: a frame landing on a raise is not in a function gone from its file,
  said before the function's row is read whole to find it not empty.

Checked for the answers (the same as the way that reads the row) and for the work counted."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import pytest

from errdex.match import Matcher, frames
from errdex.match.frames import FrameEvidence
from errdex.match.index import BIG_PATTERN, Index, _Sites
from errdex.match.parse import parse
from errdex.match.rank import _function_gone
from errdex.model import CatalogueEntry, render_template

COPIES = 80  # releases of the library, each holding the function's raises
RAISES = 4  # raises of ``run`` in each release (one tagged message apiece, all placeholder last)


def _entry(
    key: int, segs: list[str], path: str, line: int, fn: str, repo: str, statement: str
) -> CatalogueEntry:
    return CatalogueEntry(
        key=key, error_id=f"e{key}", repo=repo, version="1.0", snapshot_date=None, kind="error",
        exc_type="TypeError", exc_qualname=None, template=render_template(segs), segments=segs,
        path=path, line=line, function=fn, statement=statement,
    )  # fmt: skip


def _catalogue() -> list[CatalogueEntry]:
    """``lib/ops.py``'s ``run`` in every release: worded raises tagged per release (one pattern
    per copy, as the synthetic catalogue's) and a ``raise TypeError(msg)`` of a text built
    elsewhere (one pattern of every release's copy, grouped: more than ``BIG_PATTERN``); and
    ``raise ValueError(msg)`` only in ``lib/other.py``."""
    out: list[CatalogueEntry] = []
    for k in range(COPIES):
        repo = f"o/lib-v{k}"
        for i in range(RAISES - 1):
            segs = [f"operand {i} of kind{k} cannot be broadcast with ", "shape", ""]
            out.append(
                _entry(len(out), segs, "lib/ops.py", 10 + i, "run", repo, f'raise TypeError(f"operand {i}")')
            )
        for j in range(4):
            out.append(
                _entry(len(out), ["", "msg", ""], "lib/ops.py", 20 + j, "run", repo, "raise TypeError(msg)")
            )
    out.append(
        _entry(len(out), ["", "msg", ""], "lib/other.py", 5, "check", "o/lib-v0", "raise ValueError(msg)")
    )
    return out


@pytest.fixture(scope="module")
def matcher() -> Matcher:
    m = Matcher.from_entries(_catalogue())
    assert len(m.index.groups.big) == 1  # the copies of ``raise TypeError(msg)``
    return m


def _paste(source: str) -> str:
    return "\n".join(
        [
            "Traceback (most recent call last):",
            '  File "/venv/lib/python3.12/site-packages/lib/ops.py", line 12, in run',
            f"    {source}",
            "TypeError: operand 2 of kind",
        ]
    )


def _answers(m: Matcher, text: str) -> list[tuple[str, str, int, float, bool, tuple[str, ...]]]:
    res = m.explain(text, limit=10)
    return [(x.id, x.repo, x.line, round(x.score, 9), x.approximate, tuple(x.reasons)) for x in res.matches]


# a printed statement naming only its class (``_names_class_only``), raised only in another
# file, and one whose words are held nowhere
SOURCES = ["raise ValueError(msg)", "raise ValueError(", "raise TypeError(f'operand {i}')"]


@pytest.mark.parametrize("source", SOURCES)
def test_a_statement_raised_only_elsewhere_reads_no_function_row(
    matcher: Matcher, source: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # before: ``_class_only_elsewhere`` read ``run``'s row (every release's raises) to find that
    # it raises a class none of the (zero) raises in the frame's file raises
    asked: list[str] = []
    real = frames._class_only_elsewhere

    def counted(idx: Index, path: str | None, fn: str, src: str, eis: list[int]) -> bool:
        asked.append(src)
        return real(idx, path, fn, src, eis)

    monkeypatch.setattr(frames, "_class_only_elsewhere", counted)
    got = _answers(matcher, _paste(source))
    assert asked == []
    assert got and got[0][2] == 12  # the frame's own line still answers first
    # the same answers as the way that reads the row: with the statement read as more than its
    # class (``_names_class_only`` False), the pre-change code returned the empty list without
    # reading it, as it did through ``_class_only_elsewhere``
    monkeypatch.setattr(frames, "_names_class_only", lambda src: False)
    assert _answers(matcher, _paste(source)) == got


@pytest.mark.parametrize("call", [False, True])
@pytest.mark.parametrize("fn", [None, "run", "check"])
@pytest.mark.parametrize("source", SOURCES)
def test_statement_sites_of_raises_all_elsewhere_is_empty(
    matcher: Matcher, call: bool, fn: str | None, source: str
) -> None:
    idx = matcher.index
    elsewhere = idx.statement_entries("raise ValueError(msg)", 10)
    assert elsewhere and all(idx.entry_path(ei) == "lib/other.py" for ei in elsewhere)
    for line in (None, 5, 12):
        assert frames._statement_sites(idx, elsewhere, "lib/ops.py", fn, line, source, fn, call) == []
    # in its own file it is found, as before
    assert frames._statement_sites(idx, elsewhere, "lib/other.py", "check", 5, source) == elsewhere


class _Walked(dict[int, float]):
    """A ``dict`` counting the walks over it (``frozenset.intersection`` of a ``dict`` walks it)."""

    walks = 0

    def __iter__(self) -> Iterator[int]:
        type(self).walks += 1
        return super().__iter__()


def test_pattern_weights_finds_the_grouped_patterns_without_walking_the_named(matcher: Matcher) -> None:
    idx = matcher.index
    ev = frames.gather(idx, [], ["TypeError"])
    # the frame into ``run`` names every release's raises: 80 * 3 worded patterns and the grouped one
    named = idx.sites.get(("lib/ops.py", "run"))
    assert len(named) == COPIES * (RAISES - 1) + COPIES * 4 > BIG_PATTERN
    ev = FrameEvidence(ev.info)
    ev.entries.update(dict.fromkeys(named, (0.35, 0, 0)))
    ev.pids = _Walked()
    _Walked.walks = 0
    frames._pattern_weights(idx, ev)
    assert _Walked.walks == 0
    grouped = idx.groups.big
    assert len(ev.pids) == COPIES * (RAISES - 1) + 1 > len(grouped)
    (pid,) = grouped
    assert ev.big == {pid: [ei for ei in named if idx.entry_pat[ei] == pid]}


@pytest.mark.parametrize("n_named", [0, 1, 3, 50, 400])
@pytest.mark.parametrize("n_big", [0, 1, 4, 120])
def test_named_grouped_is_the_intersection(n_named: int, n_big: int) -> None:
    big = frozenset(range(0, 3 * n_big, 3))
    pids = dict.fromkeys(range(0, 2 * n_named, 2), 0.5)
    assert frames._named_grouped(big, pids) == big.intersection(pids)


def _fn_rows_read(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str | int]]:
    """The ``(path, function)`` rows read from now on (a ``(path, line)`` row is not counted)."""
    read: list[tuple[str, str | int]] = []
    real = _Sites.get

    def counted(self: _Sites, key: tuple[str, str | int], default: Sequence[int] = ()) -> Sequence[int]:
        if isinstance(key[1], str):
            read.append(key)
        return real(self, key, default)

    monkeypatch.setattr(_Sites, "get", counted)
    return read


@pytest.mark.parametrize(
    ("line", "fn", "gone"),
    [(12, "run", False), (12, "gone_fn", True), (30, "run", False), (21, "run", False)],
)
def test_function_gone_asks_the_evidence_before_the_function_row(
    matcher: Matcher, line: int, fn: str, gone: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a frame landing on a raise (or whose function the file holds) is not in a function gone
    # from its file; before, the function's row (every release's raises) was read whole first
    idx = matcher.index
    paste = _paste("raise TypeError(f'operand {i}')").replace("line 12, in run", f"line {line}, in {fn}")
    fr = parse(paste).blocks[0].frames
    fev = frames.gather(idx, fr, ["TypeError"])
    read = _fn_rows_read(monkeypatch)
    got = _function_gone(idx, fev)
    assert got is gone
    if fev.on_raise:
        assert read == []  # (main read ``run``'s row, COPIES * 7 entries, to be told it is not empty)
    # the value is the one the row read first gives
    assert got == _gone_row_first(idx, fev)
    # and the answers are those of the row read first
    want = _answers(matcher, paste)
    monkeypatch.setattr("errdex.match.rank._function_gone", _gone_row_first)
    assert _answers(matcher, paste) == want


def _gone_row_first(idx: Index, fev: FrameEvidence) -> bool:
    """``_function_gone`` with the function's row read before the evidence is asked."""
    info = fev.info
    if not info.lib or info.deepest_path is None or info.ends_at_call is not None:
        return False
    fi, path = info.lib[-1]
    fn = info.frames[fi][2]
    if fi != len(info.frames) - 1 or not fn or fn.startswith("<"):
        return False
    return not idx.sites.get((path, fn)) and not fev.on_raise and not fev.moved and not fev.callees
