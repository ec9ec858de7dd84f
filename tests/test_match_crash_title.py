"""A crash reporter's issue title pasted as the error: aider files every uncaught exception as
an issue titled ``Uncaught {class} in {file's base name} line {line}`` (of the traceback's
deepest frame). The class's text is not in it, so as a message it matched nothing; read as
the class with a frame whose path is a base name alone, the file of that name holding a raise
of the class at (or a few lines from) that line is the raise. Real cases: issues18's gitdb-002
and gitdb-003 (docs/measurements/acc189.md)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import first, package_matcher

from errdex.match import Matcher
from errdex.match.parse import parse

# two files of one base name (``base.py``) in two folders, each raising the class
EXC = """\
class BadObject(Exception):
    def __str__(self):
        return "BadObject: %s" % self.args[0]
"""

DB_BASE = """\
from odb.exc import BadObject


class CompoundDB:
    def _db_query(self, sha):
        for db in self._dbs:
            if db.has_object(sha):
                return db
        raise BadObject(sha)

    def stream(self, sha):
        if not sha:
            raise BadObject(sha)
        return self._db_query(sha).stream(sha)
"""

PACK_BASE = """\
from odb.exc import BadObject


class PackIndex:
    def sha_to_index(self, sha):
        return None

    def offset(self, sha):
        index = self.sha_to_index(sha)
        if index is None:
            raise BadObject(sha)
        return index
"""

LOOSE = """\
import os

from odb.exc import BadObject


class LooseObjectDB:
    def _map_loose_object(self, sha):
        path = self.db_path(sha)
        try:
            return os.open(path, os.O_RDONLY)
        except OSError as new_e:
            raise BadObject(sha) from new_e
        except FileNotFoundError as e:
            # the file went away between the check and the open
            # (a pack moved it)
            raise BadObject(sha) from e
"""


# the package: its two ``base.py`` files in two folders, and ``loose.py``
FILES = {
    "odb/exc.py": EXC,
    "odb/db/base.py": DB_BASE,
    "odb/db/loose.py": LOOSE,
    "odb/pack/base.py": PACK_BASE,
}
FILES |= {f"{folder}/__init__.py": "" for folder in ("odb", "odb/db", "odb/pack")}


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    with package_matcher(tmp_path_factory.mktemp("crash_title"), FILES) as m:
        yield m


def test_the_title_reads_as_a_class_and_a_located_frame() -> None:
    q = parse("Uncaught BadObject in base.py line 9")
    assert (q.exc_type, q.message) == ("BadObject", "")
    assert [(f.path, f.line, f.located) for f in q.frames] == [("base.py", 9, True)]


def test_a_sentence_naming_the_title_is_text() -> None:
    # only the title whole: words around it are the reporter's
    for text in ("I saw Uncaught BadObject in base.py line 9 today", "Uncaught error in base.py line 9"):
        q = parse(text)
        assert (q.exc_type, q.frames) == (None, [])


@pytest.mark.parametrize(
    ("title", "path", "line", "function"),
    [
        # the line on the raise: the base name alone does not say which base.py, the line does
        ("Uncaught BadObject in base.py line 9", "odb/db/base.py", 9, "CompoundDB._db_query"),
        ("Uncaught BadObject in base.py line 11", "odb/pack/base.py", 11, "PackIndex.offset"),
        # another release moved the statement by a line: the nearest raise of the class
        ("Uncaught BadObject in loose.py line 15", "odb/db/loose.py", 16, "LooseObjectDB._map_loose_object"),
    ],
)
def test_the_title_finds_the_raise(matcher: Matcher, title: str, path: str, line: int, function: str) -> None:
    top = first(matcher.explain(title))
    assert (top.path, top.line, top.function) == (path, line, function)
    assert not top.approximate, top.reasons


def test_a_class_no_file_of_that_name_raises_is_no_frame(matcher: Matcher) -> None:
    # no raise of the class within reach in a file of that base name: the frame places nothing
    res = matcher.explain("Uncaught BadObject in exc.py line 2")
    assert all(m.path != "odb/exc.py" for m in res.matches)
