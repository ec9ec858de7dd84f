"""``fit_all``'s patterns known weak before they are placed (``whole``: the patterns that may fit
the message in full): kept aside unplaced, and ``TextFit.weak_fits`` must give what placing each
gives, and every candidate must be the same."""

from __future__ import annotations

import random
from typing import Any

from errdex.match import Matcher, candidates
from errdex.match.candidates import Cand, TextFit
from errdex.match.index import Index
from errdex.match.thresholds import TRUNC_MIN_COVERAGE
from errdex.match.verify import compact, cut_cover, loose_lits
from errdex.model import CatalogueEntry, render_template

_N = iter(range(1, 10**9))


def entry(segments: list[str], repo: str = "o/lib") -> CatalogueEntry:
    k = next(_N)
    return CatalogueEntry(
        key=k, error_id=f"id{k}", repo=repo, version="1.0", snapshot_date=None, kind="error",
        exc_type="ValueError", exc_qualname=None, template=render_template(segments), segments=segments,
        path="lib/mod.py", line=k, function="f", relay=False, statement="",
    )  # fmt: skip


def _signature(c: Cand) -> tuple[Any, ...]:
    return (c.pid, c.fit, c.text, c.confident, c.coverage, [str(r) for r in c.reasons], c.repr_ok)


def _both(idx: Index, message: str, pids: list[int]) -> tuple[TextFit, TextFit]:
    """``fit_all`` placing every pattern, and with the patterns that may fit in full known."""
    placed, bounded = TextFit(message, compact(message)), TextFit(message, compact(message))
    seen = idx.hits(placed.cmsg)
    candidates.fit_all(idx, placed, pids, ["ValueError"])
    _verify, exact = candidates.verify_lists(idx, bounded.cmsg, seen, {})
    candidates.fit_all(idx, bounded, pids, ["ValueError"], (), set(exact))
    return placed, bounded


def _same(idx: Index, message: str, pids: list[int]) -> int:
    """Assert both ways give the same candidates and weak fits; the number kept aside unplaced."""
    placed, bounded = _both(idx, message, pids)
    unplaced = len(bounded.unplaced)
    assert {p: _signature(c) for p, c in bounded.cands.items()} == {
        p: _signature(c) for p, c in placed.cands.items()
    }, message
    assert bounded.runtime_full == placed.runtime_full and bounded.inside == placed.inside
    assert bounded.weak_fits(idx) == placed.weak, message
    assert not bounded.unplaced  # placed once, when first read
    return unplaced


# A message's own template, near-duplicates sharing its beginning, a template with no key at
# all (every literal under ``MIN_KEY`` characters) fitting in full with a small share, one
# whose quotes around a value the paste lost (only its loosened fit is full), and a beginning
# explaining just ``TRUNC_MIN_COVERAGE`` of a message cut short (confident)
_EDGES = [
    ["model ", "name", " has no attribute ", "attr", " in the current scope of the registry"],
    ["model ", "name", " has no attribute ", "attr", " set by the loader"],
    ["model ", "name", " has no attribute ", "attr", " (deprecated since 2.0)"],
    ["model ", "name", " has no field named after ", "attr", ""],
    ["", "a", " in ", "b", ""],
    ["unknown option '", "name", "' given to the parser of the command line"],
    ["abcdefghijklmnopqrstuvwxyzabcd", "v", "ZZZZZZZZ"],
]
_MESSAGES = [
    "model Foo has no attribute bar in the current scope of the registry",
    "model Foo has no attribute bar",
    "x in y and then a long tail of words the template does not hold at all, long",
    "unknown option name given to the parser of the command line",
    "abcdefghijklmnopqrstuvwxyzabcd" + "12345678901234567890",  # 30 of 50 characters: 0.6
    "abcdefghijklmnopqrstuvwxyzabcd" + "123456789012345678901",  # 30 of 51: under 0.6
]


def test_patterns_kept_aside_unplaced_give_the_fits_placing_them_gives() -> None:
    idx = Matcher.from_entries([entry(s) for s in _EDGES]).index
    pids = list(range(idx.n_patterns))
    unplaced = sum(_same(idx, m, pids) for m in _MESSAGES)
    assert unplaced  # the bound is used
    # the edges are reached: a keyless full fit, a loosened full fit, a confident cut-short
    # fit of a pattern that cannot fit in full, each a candidate, none kept aside
    placed, bounded = _both(idx, _MESSAGES[2], pids)
    keyless = next(p for p in pids if idx.lits(p)[0] == ("", "in", ""))
    assert placed.cands[keyless].fit.full and keyless not in bounded.unplaced  # type: ignore[union-attr]
    placed, bounded = _both(idx, _MESSAGES[3], pids)
    assert any(c.confident for c in placed.cands.values())
    placed, bounded = _both(idx, _MESSAGES[4], pids)
    cut = next(p for p in pids if idx.lits(p)[0][-1] == "ZZZZZZZZ")
    lits, lit_len = idx.lits(cut)
    assert placed.cands[cut].confident and lit_len / len(placed.cmsg) >= TRUNC_MIN_COVERAGE
    assert cut_cover(lits, placed.cmsg) / len(placed.cmsg) == TRUNC_MIN_COVERAGE


def test_every_key_is_a_piece_of_a_loose_literal() -> None:
    # the proof's ground: a full fit, plain or loosened, places every loose literal, so it holds
    # every key of its pattern; a key chosen from the literals as written (a quote next to a
    # value in it) would not be in a message whose paste lost that quote
    idx = Matcher.from_entries([entry(s) for s in _EDGES + _generated(random.Random(3), 60)]).index
    text = {kid: key for key, kid in idx._keys.items()}
    koffs, pkeys = idx.key_offsets, idx._sec["p_keys"]
    for pid in range(idx.n_patterns):
        loose = loose_lits(idx.lits(pid)[0])
        for kid in pkeys[koffs[pid] : koffs[pid + 1]].tolist():
            assert any(text[kid] in lit for lit in loose), (text[kid], loose)


_WORDS = ["alpha", "bravo", "charlie", "delta", "echo", "fox", "golf", "hotel", "in", "of", "to"]


def _generated(rng: random.Random, n: int) -> list[list[str]]:
    """Templates by families: one opening, then each its own words, values (some quoted)."""
    out: list[list[str]] = []
    while len(out) < n:
        opening = " ".join(rng.choices(_WORDS, k=rng.randint(1, 4)))
        for _ in range(rng.randint(1, 5)):
            segs = [rng.choice(["", opening + " "])]
            for v in range(rng.randint(0, 3)):
                quote = rng.choice(["", "", "'", "`"])
                segs[-1] += quote
                segs += [f"v{v}", quote + " " + " ".join(rng.choices(_WORDS, k=rng.randint(0, 4)))]
            out.append(segs)
    return out


def _message(rng: random.Random, segs: list[str]) -> str:
    """``segs`` filled with values of any length, perhaps cut short or with its quotes lost."""
    text = "".join(s if k % 2 == 0 else "x" * rng.randint(1, 30) for k, s in enumerate(segs))
    if rng.random() < 0.3:
        text = text.replace("'", "").replace("`", "")
    if rng.random() < 0.5:
        text = text[: rng.randint(1, max(1, len(text)))]
    return text.strip() or "alpha"


def test_the_bound_on_generated_near_duplicates() -> None:
    rng = random.Random(11)
    templates = _generated(rng, 150)
    idx = Matcher.from_entries([entry(s) for s in templates]).index
    pids = list(range(idx.n_patterns))
    assert sum(_same(idx, _message(rng, rng.choice(templates)), pids) for _ in range(300))
