"""``fit_all``'s step per pattern verified (scale18): a pattern lacking a key of the message is
placed inline, and a code span's backticks are tried away only for a template holding one. The
candidates and weak fits must be those placing every pattern gives, and the backtick test must
not call ``unticked_fit`` for the near-duplicates that hold none."""

from __future__ import annotations

from typing import Any

import pytest

from errdex.match import Matcher, candidates
from errdex.match.candidates import Cand, TextFit
from errdex.match.index import Index
from errdex.match.verify import compact
from errdex.model import CatalogueEntry, render_template

_N = iter(range(1, 10**9))


def entry(segments: list[str], repo: str = "o/lib") -> CatalogueEntry:
    k = next(_N)
    return CatalogueEntry(
        key=k, error_id=f"id{k}", repo=repo, version="1.0", snapshot_date=None, kind="error",
        exc_type="ValueError", exc_qualname=None, template=render_template(segments), segments=segments,
        path="lib/mod.py", line=k, function="f", relay=False, statement="",
    )  # fmt: skip


# a template and 64 copies of it, each with a tag word in one place (``bench/match_speed.py``'s
# near-duplicates), and one whose code span's backticks a rendered paste drops
_TAGS = ["alpha", "bravo", "kappa", "omega"]
_WORDS = ["the", "value", "of", "the", "option", "is", "not", "valid", "for", "this", "parser"]


def _copies() -> list[list[str]]:
    out = [["the value ", "v", " of option ", "name", " is not valid for this parser"]]
    for k in range(1, 65):
        words = list(_WORDS)
        words.insert(k % len(words), f"{_TAGS[k % 4]}{k}")
        out.append(["", "v", " " + " ".join(words)])
    out.append(["`model_config` cannot be used as a model field name, got ", "v", ""])
    return out


def _signature(c: Cand) -> tuple[Any, ...]:
    return (c.pid, c.fit, c.text, c.confident, c.coverage, [str(r) for r in c.reasons], c.repr_ok)


def _both(idx: Index, message: str) -> tuple[TextFit, TextFit]:
    """``fit_all`` placing every pattern, and with the patterns that may fit in full known."""
    pids = list(range(idx.n_patterns))
    placed, bounded = TextFit(message, compact(message)), TextFit(message, compact(message))
    candidates.fit_all(idx, placed, pids, ["ValueError"])
    _verify, exact = candidates.verify_lists(idx, bounded.cmsg, idx.hits(bounded.cmsg), {})
    candidates.fit_all(idx, bounded, pids, ["ValueError"], (), set(exact))
    return placed, bounded


_MESSAGES = [
    "the value 3 of option depth is not valid for this parser",
    "1 the value of the option is not",  # cut short among the copies
    "x the value of the kappa2 option is not valid for this parser",
    "model_config cannot be used as a model field name, got 'x'",  # the backticks dropped
    "`model_config` cannot be used as a model field name, got 'x'",
]


@pytest.mark.parametrize("message", _MESSAGES)
def test_the_inline_step_gives_the_candidates_placing_each_gives(message: str) -> None:
    idx = Matcher.from_entries([entry(s) for s in _copies()]).index
    placed, bounded = _both(idx, message)
    assert {p: _signature(c) for p, c in bounded.cands.items()} == {
        p: _signature(c) for p, c in placed.cands.items()
    }
    assert bounded.weak_fits(idx) == placed.weak
    assert bounded.runtime_full == placed.runtime_full and bounded.inside == placed.inside


def test_a_dropped_code_span_is_still_a_confident_full_fit_of_a_pattern_lacking_its_key() -> None:
    idx = Matcher.from_entries([entry(s) for s in _copies()]).index
    ticked = next(p for p in range(idx.n_patterns) if "`" in idx.lits(p)[0][0])
    tf = TextFit(_MESSAGES[3], compact(_MESSAGES[3]))
    _verify, exact = candidates.verify_lists(idx, tf.cmsg, idx.hits(tf.cmsg), {})
    assert ticked not in exact  # its key holds a backtick: the inline path places it
    candidates.fit_all(idx, tf, list(range(idx.n_patterns)), ["ValueError"], (), set(exact))
    c = tf.cands[ticked]
    assert c.confident and c.fit.full and any("backticks" in str(r) for r in c.reasons)


def test_no_backtick_no_unticked_fit(monkeypatch: pytest.MonkeyPatch) -> None:
    idx = Matcher.from_entries([entry(s) for s in _copies()]).index
    calls: list[tuple[str, ...]] = []
    real = candidates.unticked_fit

    def counted(lits: tuple[str, ...], cmsg: str) -> Any:
        calls.append(lits)
        return real(lits, cmsg)

    monkeypatch.setattr(candidates, "unticked_fit", counted)
    tf = TextFit(_MESSAGES[2], compact(_MESSAGES[2]))
    _verify, exact = candidates.verify_lists(idx, tf.cmsg, idx.hits(tf.cmsg), {})
    candidates.fit_all(idx, tf, list(range(idx.n_patterns)), ["ValueError"], (), set(exact))
    placed_inline = idx.n_patterns - len(exact)
    assert placed_inline >= 64 and len(tf.weak) >= 32  # the copies lacking the message's keys
    # asked only of the templates holding a backtick (ours, and an interpreter's), not once a
    # copy as before
    ticked = sum(any("`" in lit for lit in idx.lits(p)[0]) for p in range(idx.n_patterns))
    assert calls and all(any("`" in lit for lit in lits) for lits in calls) and len(calls) <= ticked < 4
