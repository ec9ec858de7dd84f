"""A message the user shortened with ``...`` still finds its template (issue #10, acc89).

A pattern's keys are its rarest chunks, and the rarest are most often a literal's edges, next to
a placeholder: exactly where a user cuts a long message (``index file ... is too large ...``).
``index._inner_key`` keeps one key inside a literal when none of the rarest is.
"""

from __future__ import annotations

from itertools import count

from errdex.match import Matcher, build_index, index
from errdex.match.verify import compact
from errdex.model import CatalogueEntry, render_template

_N = count(1)


def _entry(segments: list[str], function: str) -> CatalogueEntry:
    k = next(_N)
    return CatalogueEntry(
        key=k, error_id=f"id{k}", repo="o/lib", version="1.0", snapshot_date=None, kind="error",
        exc_type="AssertionError", exc_qualname=None, template=render_template(segments),
        segments=segments, path="lib/store.py", line=10 * k, function=function,
    )  # fmt: skip


# the middle of each long literal is shared with other templates of the library (so it is not
# among the rarest chunks); the words next to the placeholders are the target's own
TARGET = [
    "The journal segment at ", "path", " is too large to fit into a mapped window (", "size", " > ",
    "limit", "). This is a limitation of the implementation",
]  # fmt: skip
SIBLINGS = [
    [
        "A pack ",
        "name",
        " is too large to fit into a mapped window (",
        "n",
        "). This is a limitation of the implementation",
    ],
    ["Archive ", "name", " cannot fit into a mapped window; ", "n", ""],
    ["Streams over ", "n", " bytes: a limitation of the implementation"],
]
# cut twice, each cut taking the placeholder and the words beside it
CUT = "journal segment ... is too large to fit into a mapped window ... This is a limitation of the implementation"


def _entries() -> list[CatalogueEntry]:
    return [_entry(TARGET, "Journal.map")] + [_entry(s, f"other{i}") for i, s in enumerate(SIBLINGS)]


def test_a_paste_cut_twice_with_dots_shares_a_key_with_its_template() -> None:
    idx = build_index(_entries())
    (pid,) = [p for p in range(idx.n_patterns) if idx.lits(p)[0][0] == compact(TARGET[0])]
    # without the inner key every key of the target straddles a cut: none is in the paste
    assert idx.weight(pid, idx.hit_weights(idx.hits(compact(CUT)))) > 0


def test_a_paste_cut_twice_with_dots_finds_the_site() -> None:
    res = Matcher.from_entries(_entries()).explain(CUT)
    assert res.matches, res.verdict
    top = res.matches[0]
    assert top.function == "Journal.map" and top.approximate  # the cut text is not the whole message


def test_an_unrelated_text_with_dots_is_not_answered_exact() -> None:
    res = Matcher.from_entries(_entries()).explain(
        "connection reset ... while reading the response ... retry later"
    )
    assert all(m.approximate for m in res.matches)


def test_the_inner_key_replaces_the_last_only_when_no_key_lies_inside_a_literal() -> None:
    lits = ("ab" * 3, "x" * 4 + "middle-piece" + "y" * 4)

    def rarest(c: str) -> tuple[int, str]:
        return 0, c

    edge = ["xxxxmiddle-p", "iddle-pieceyy"[:12], "ababab", "yyyy"]
    got = index._inner_key(edge, lits, rarest)
    assert "middle-piece" in got and len(got) == len(edge)
    # a key already inside a literal (``INNER_MARGIN`` characters of it on each side): unchanged
    inside = ["middle-piece", "ababab"]
    assert index._inner_key(inside, lits, rarest) == inside
    assert index._inner_key(["ababab"], ("ababab",), rarest) == ["ababab"]  # no literal long enough
    assert len(lits[1]) == 12 + 2 * index.INNER_MARGIN
