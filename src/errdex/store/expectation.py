"""A test's expectation of an error, as the catalogue stores it.

Its own module, below ``records`` and ``facts``: the fact reader returns these, and ``records``
(whose ``CatalogueReader`` names the fact reader) re-exports it, so neither imports the other.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["Expectation"]


@dataclass(frozen=True, slots=True)
class Expectation:
    """A test of a snapshot that expects an error (a ``pytest.raises`` block, ``assertRaises``,
    ``pytest.warns``), linked to the errors its expectation matches at index time."""

    snapshot_id: int
    path: str
    line: int  # the expecting block, first and last line
    end_line: int
    function: str  # the test function's qualified name
    exc_type: str
    pattern: str | None  # the ``match=`` pattern, when the test gives one
    kind: str

    @classmethod
    def from_row(cls, row: Sequence[Any]) -> Expectation:
        """From (snapshot_id, path, line, end_line, function, exc_type, pattern, kind)."""
        sid, path, line, end_line, function, exc_type, pattern, kind = row
        return cls(
            int(sid), str(path), int(line), int(end_line), str(function), str(exc_type),
            None if pattern is None else str(pattern), str(kind),
        )  # fmt: skip
