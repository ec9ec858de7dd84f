"""An exception class whose printed attribute is composed in ``__init__`` from another attribute
of the instance: ``self.message = message``, then ``self._pretty_msg = f"{prefix}{self.message}"``
(a warehouse client's error prints its code and query id before the message when it has them),
and ``__str__`` returns ``self._pretty_msg``. The raise's own words are filled in where the
class reads ``self.message``; before, that piece stayed a placeholder and every raise of the
class had the same template, its words in none."""

from __future__ import annotations

import re

from errdex.extract import extract
from errdex.model import SourceFile

SOURCE = """\
class ClientError(Exception):
    def __init__(self, message, *, error_code=None):
        self.message: str = message
        self.error_code = error_code
        self._pretty_msg = f"({self.error_code}): {self.message}" if self.error_code else self.message

    def __str__(self):
        return self._pretty_msg


class SQLError(ClientError):
    def __init__(self, message, *, error_code=None, query_id=None, context=None):
        super().__init__(message, error_code=error_code)
        self.query_id = query_id
        self.context = context
        pretty_code = f"({self.error_code}): " if self.error_code else ""
        pretty_id = f"{self.query_id}: " if self.query_id else ""
        self._pretty_msg = f"{pretty_code}{pretty_id}{self.message}{self.context or ''}"


class LocalError(SQLError):
    pass


class Tagged(Exception):
    def __init__(self, message):
        self.message = message
        self.shown = f"tagged: {self.message}"

    def __str__(self):
        return self.shown


def column(name):
    raise LocalError(f"invalid identifier {name}")  # <- through_base


def table(name):
    raise Tagged(f"no table {name}")  # <- own_init
"""

_MARK = re.compile(r"# <- (\w+)")


def test_a_printed_attribute_composed_from_the_message_attribute_holds_the_raise_s_words() -> None:
    marks = {m.group(1): i for i, line in enumerate(SOURCE.split("\n"), 1) if (m := _MARK.search(line))}
    ex = extract([SourceFile("whs/errors.py", SOURCE.encode())], "local/whs", jobs=1)

    def at(name: str) -> set[str]:
        return {r.template for r in ex.records if r.line <= marks[name] <= r.end_line}

    # before: ``{self.message}`` left open (``({self.error_code}): {self.message}...``)
    assert any(t.startswith("invalid identifier {name}") for t in at("through_base")), at("through_base")
    assert all("{self.message}" not in t for t in at("through_base"))
    assert at("own_init") == {"tagged: no table {name}"}
