"""Messages an exception class joins from a list its raise hands it (popular40's installer:
``InvalidRecordEntry`` is a dataclass whose ``__post_init__`` calls ``super().__init__(",
".join(self.issues))``, and ``parse_record_file`` raises it with ``issues=[message]``, a local
f-string).

- ``SEP.join(param)`` of an ``__init__`` parameter the raise gives a list or tuple display is the
  items' texts joined by the separator; before, the placeholder ``{", ".join(issues)}`` stayed.
- A decorated class's ``__post_init__`` runs at the end of the ``__init__`` the decorator
  generates: what it hands to the base initialiser, its ``self.<field>`` reads filled from the
  raise's field values, is the message; before, the template was empty (a dataclass exception
  raised with keywords only has no ``args``).
"""

from __future__ import annotations

import re

from errdex.extract import extract
from errdex.model import SourceFile

SOURCE = """\
from dataclasses import dataclass, field
from typing import Iterable


@dataclass
class InvalidEntry(Exception):
    elements: Iterable[str]
    issues: Iterable[str]

    def __post_init__(self) -> None:
        super().__init__(", ".join(self.issues))


@dataclass
class Plain(Exception):
    path: str


class JoinedError(ValueError):
    def __init__(self, problems):
        super().__init__("; ".join(problems))
        self.problems = problems


class LinesError(ValueError):
    def __init__(self, lines, code=1):
        super().__init__("\\n".join(lines))


def parse(rows):
    for i, row in enumerate(rows):
        if len(row) != 3:
            message = f"Row {i}: expected 3 elements, got {len(row)}"
            raise InvalidEntry(elements=row, issues=[message])  # <- listed


def pair(path):
    raise InvalidEntry(path, ("`path` cannot be empty", f"bad size {path}"))  # <- positional


def plain(path):
    raise Plain(path=path)  # <- plain


def joined(name):
    raise JoinedError([f"bad name {name}", "no size"])  # <- two


def lines(name):
    raise LinesError((f"first {name}", "second"))  # <- lines


def collected(problems):
    raise JoinedError(problems)  # <- elsewhere
"""

_MARK = re.compile(r"# <- (\w+)")


def _templates() -> dict[str, set[str]]:
    marks = {m.group(1): i for i, line in enumerate(SOURCE.split("\n"), 1) if (m := _MARK.search(line))}
    ex = extract([SourceFile("pkg/errors.py", SOURCE.encode())], "local/pkg", jobs=1)
    return {name: {r.template for r in ex.records if r.line == line} for name, line in marks.items()}


def test_a_dataclass_post_init_joining_a_field_given_a_list_display_prints_its_items() -> None:
    at = _templates()
    # before: {""} both
    assert at["listed"] == {"Row {i}: expected 3 elements, got {len(row)}"}
    assert at["positional"] == {"`path` cannot be empty, bad size {path}"}
    # a dataclass exception with no ``__post_init__`` prints no ``args`` (raised with keywords)
    assert at["plain"] == {""}


def test_an_init_joining_a_parameter_given_a_display_prints_its_items_by_the_separator() -> None:
    at = _templates()
    # before: {'{"; ".join(problems)}'}
    assert at["two"] == {"bad name {name}; no size"}
    assert at["lines"] == {"first {name}\nsecond"}
    # a list built elsewhere stays the placeholder
    assert at["elsewhere"] == {'{"; ".join(problems)}'}
