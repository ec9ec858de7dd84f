"""A message worded by an earlier release still reaches its template by its opening words
(issue #10, acc112).

A pattern's keys are its rarest chunks, and those are most often a sentence a later release
appended (a note, a link to a troubleshooting page). A message from before that sentence shares
none of them; the opening key (``index._opening_chunk``) is what it keeps. When the template's
first literal is too short to hold a chunk (``Input to {cls} is missing ...``) or the template
opens with a placeholder, the opening key is cut from its first literal long enough.
"""

from __future__ import annotations

from itertools import count

from errdex.match import Matcher, build_index, candidates, index
from errdex.match.verify import compact
from errdex.model import CatalogueEntry, render_template

_N = count(1)


def _entry(segments: list[str], function: str, exc_type: str = "KeyError") -> CatalogueEntry:
    k = next(_N)
    return CatalogueEntry(
        key=k, error_id=f"id{k}", repo="o/lib", version="1.0", snapshot_date=None, kind="error",
        exc_type=exc_type, exc_qualname=None, template=render_template(segments),
        segments=segments, path="lib/prompts.py", line=10 * k, function=function,
    )  # fmt: skip


# today's wording: a short opening literal, then a note a later release appended, whose chunks
# are the template's rarest (the opening words are shared with the library's other templates)
TARGET = [
    "Input to ", "cls", " is missing variables ", "missing", ".  Expected: ", "expected", " Received: ",
    "received", "\nNote: if you intended a brace to be part of the string, escape it with double braces.",
]  # fmt: skip
SIBLINGS = [["Output ", "name", " is missing variables ", "missing", f" of group {i}."] for i in range(12)]
# the earlier release's wording: a singular noun, no note
OLD = "KeyError: Input to ChatPromptTemplate is missing variable 'topic'.  Expected: ['topic'] Received: []"


def _entries() -> list[CatalogueEntry]:
    return [_entry(TARGET, "Template.validate")] + [_entry(s, f"other{i}") for i, s in enumerate(SIBLINGS)]


def test_the_opening_key_comes_from_the_first_literal_holding_a_chunk() -> None:
    lits = tuple(compact(s) for s in TARGET[::2])
    assert index._opening_chunk(lits) == "ismissingvar"
    assert index._opening_chunk(("", "hashofdownloadedfile(", "butgot")) == "hashofdownlo"
    assert index._opening_chunk(("Errorfor", "", ":")) is None  # no literal long enough: no key


def test_an_earlier_releases_wording_shares_a_key_with_its_template() -> None:
    idx = build_index(_entries())
    (pid,) = [p for p in range(idx.n_patterns) if idx.lits(p)[0][0] == compact(TARGET[0])]
    # without the opening key every key of the target lies in the appended note
    assert idx.weight(pid, idx.hit_weights(idx.hits(compact(OLD.split(": ", 1)[1])))) > 0


def test_an_earlier_releases_wording_finds_the_site() -> None:
    res = Matcher.from_entries(_entries()).explain(OLD)
    assert res.matches and res.matches[0].function == "Template.validate"
    assert res.matches[0].approximate


# today's text appends a line (the version) to what an earlier release printed
VERSIONED = [
    "Unknown encoding ", "name", ".\nPlugins found: ", "plugins", "\nlib version: ", "v", " (are you on latest?)",
]  # fmt: skip
EARLIER = "ValueError: Unknown encoding o9k_base. Plugins found: ['lib_ext.public']"


def test_the_leading_literals_placed_in_order_give_their_words() -> None:
    idx = build_index([_entry(VERSIONED, "get_encoding", "ValueError")])
    (pid,) = [p for p in range(idx.n_patterns) if idx.lits(p)[0][0] == compact(VERSIONED[0])]
    placed = candidates.placed_lead_words(idx, pid, compact(EARLIER.split(": ", 1)[1]))
    assert placed == {"unknown", "encoding", "plugins", "found"}
    # one literal placed is its first sentence's (``lead_words``); all placed is the fit's
    assert candidates.placed_lead_words(idx, pid, compact("Unknown encoding o9k_base")) is None
    whole = "Unknown encoding x. Plugins found: [] lib version: 1 (are you on latest?)"
    assert candidates.placed_lead_words(idx, pid, compact(whole)) is None


def test_an_earlier_release_that_printed_the_first_part_only_finds_the_site() -> None:
    res = Matcher.from_entries([_entry(VERSIONED, "get_encoding", "ValueError")]).explain(EARLIER)
    assert res.matches and res.matches[0].function == "get_encoding"
    assert res.matches[0].approximate
