"""An error built and yielded by a generator (``yield ValidationError(...)`` in a validator's
keyword function) is raised by the code consuming it (``raise error`` over the errors the
generator yields): the traceback ends at the consumer's raise, never at the ``yield``. When the
catalogue holds the consumer raising the yielded text, the consumer answers first, the ``yield``
listed after it as where the words were written, even when a value of the message names the
generator's function. A generator with no consumer in the catalogue still answers. On a small
index built here."""

from __future__ import annotations

from errdex.match import Matcher
from errdex.model import CatalogueEntry

_TEMPLATE = "{instance!r} does not have enough properties\n\nFailed validating {keyword!r} in schema"
_SEGMENTS = [
    "",
    "instance!r",
    " does not have enough properties\n\nFailed validating ",
    "keyword!r",
    " in schema",
]


def _entry(key: int, path: str, line: int, function: str, statement: str) -> CatalogueEntry:
    return CatalogueEntry(
        key=key, error_id=f"e{key}", repo="o/schemakit", version="1.0", snapshot_date=None, kind="raise",
        exc_type="ValidationError", exc_qualname="schemakit.exceptions.ValidationError", template=_TEMPLATE,
        segments=_SEGMENTS, path=path, line=line, function=function, statement=statement,
    )  # fmt: skip


_YIELD = _entry(
    1, "schemakit/_keywords.py", 318, "properties", 'yield ValidationError(f"{instance!r} {message}")'
)
_CONSUMER = _entry(2, "schemakit/validators.py", 1332, "validate", "raise error")
_PASTE = (
    "schemakit.exceptions.ValidationError: {'a': 1} does not have enough properties\n\n"
    "Failed validating 'properties' in schema"
)


def test_the_consumer_raising_a_yielded_error_answers_before_the_yield() -> None:
    res = Matcher.from_entries([_YIELD, _CONSUMER]).explain(_PASTE)
    assert [m.id for m in res.matches[:2]] == ["e2", "e1"], res.verdict
    assert not res.matches[0].approximate, res.verdict


def test_a_yield_with_no_consumer_in_the_catalogue_still_answers() -> None:
    res = Matcher.from_entries([_YIELD]).explain(_PASTE)
    assert res.matches and res.matches[0].id == "e1", res.verdict
    assert not res.matches[0].approximate


def test_a_raise_building_the_class_is_no_consumer() -> None:
    # a second keyword function raising its own ValidationError with the same words: built
    # where it is raised, it consumes nothing, and the value naming the yielding function decides
    built = _entry(
        3, "schemakit/_other.py", 20, "other_check", 'raise ValidationError(f"{instance!r} {message}")'
    )
    res = Matcher.from_entries([_YIELD, built]).explain(_PASTE)
    assert res.matches and res.matches[0].id == "e1", res.verdict
