"""A program's own text may open with a class-like word and a colon: pytest's ``fail(f"ScopeMismatch:
You tried to access ...")`` prints ``Failed: ScopeMismatch: ...``, and a paste without the
``Failed:`` in front reads ``ScopeMismatch`` as the class Python printed. When no class of that
name exists (none built in, none a codebase defines or raises), the line is also read whole, and
that reading answers when it is exact with the word as the template's opening text. A word that
is a class the catalogue knows keeps its one reading. On a small index built here."""

from __future__ import annotations

from errdex.match import Matcher
from errdex.model import CatalogueEntry


def _entry(
    key: int, exc_type: str, template: str, segments: list[str], function: str, line: int
) -> CatalogueEntry:
    return CatalogueEntry(
        key=key, error_id=f"e{key}", repo="o/testkit", version="1.0", snapshot_date=None, kind="raise",
        exc_type=exc_type, exc_qualname=None, template=template, segments=segments,
        path="testkit/fixtures.py", line=line, function=function, statement=f"raise {exc_type}(msg)",
    )  # fmt: skip


_FAIL = _entry(
    1,
    "Failed",
    "ScopeMismatch: You tried to access the {requested} scoped fixture {name} with a {scope} scoped request object.",
    ["ScopeMismatch: You tried to access the ", "requested", " scoped fixture ", "name", " with a ", "scope",
     " scoped request object."],
    "SubRequest._check_scope",
    950,
)  # fmt: skip
_PASTE = "ScopeMismatch: You tried to access the function scoped fixture printer with a session scoped request object."


def test_a_class_like_word_no_class_has_is_read_as_the_texts_own() -> None:
    res = Matcher.from_entries([_FAIL]).explain(_PASTE)
    assert res.matches, res.verdict
    assert res.matches[0].id == "e1"
    assert not res.matches[0].approximate, res.verdict


def test_the_same_line_with_the_class_in_front_still_answers() -> None:
    res = Matcher.from_entries([_FAIL]).explain("Failed: " + _PASTE)
    assert res.matches and res.matches[0].id == "e1"
    assert not res.matches[0].approximate, res.verdict


def test_a_word_the_catalogue_raises_as_a_class_keeps_its_reading() -> None:
    # ``ScopeMismatch`` is a class here (a raise of it): Python printed its name, and the
    # template that prints the same words at its head is not read whole over it
    head = "ScopeMismatch: "
    template = _FAIL.template.removeprefix(head)
    segments = [_FAIL.segments[0].removeprefix(head), *_FAIL.segments[1:]]
    own = _entry(2, "ScopeMismatch", template, segments, "FixtureRequest._check_scope", 700)
    res = Matcher.from_entries([_FAIL, own]).explain(_PASTE)
    assert res.matches and res.matches[0].id == "e2", res.verdict
    assert not res.matches[0].approximate
