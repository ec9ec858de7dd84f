"""Which paths of a codebase are test code, from the path alone (a leaf module).

Two stages need the same answer: the sources stage, which reads a release's tests from its
sdist when the wheel ships none, and the extractor, which treats test code apart (its raises are
not what users hit, but its expectations are the examples a page shows).
"""

from __future__ import annotations

import re

__all__ = ["TEST_DIRS", "in_test_folder", "is_test_path", "lone_conftest", "named_only"]

TEST_DIRS = frozenset({"tests", "test"})
_TEST_FILE = re.compile(r"^(test_.*|.*_test|conftest)\.py$")


def is_test_path(path: str) -> bool:
    """Test code: a file under a ``tests``/``test`` folder, or named like a test module."""
    parts = path.split("/")
    if any(p in TEST_DIRS for p in parts[:-1]):
        return True
    return bool(_TEST_FILE.match(parts[-1]))


def in_test_folder(path: str) -> bool:
    """A file under a ``tests``/``test`` folder: test code whatever its body holds (the extractor
    reads a file only its name calls a test as the library's own when its body says so,
    ``named_only``/``lone_conftest``; never one of these), so leaving it out of an index leaves
    every raise site, template and caller count as it was."""
    return any(p in TEST_DIRS for p in path.split("/")[:-1])


def named_only(path: str) -> bool:
    """True when only the file name (test_*.py, *_test.py) says "test", not a tests/ folder."""
    parts = path.split("/")
    return parts[-1] != "conftest.py" and not any(p in TEST_DIRS for p in parts[:-1])


def lone_conftest(path: str) -> bool:
    """A ``conftest.py`` outside a tests folder: pytest's hook file, or a library module that
    only shares the name (beartype's ``_conf/conftest.py``, "configuration testing"), which the
    file's body tells apart."""
    parts = path.split("/")
    return parts[-1] == "conftest.py" and not any(p in TEST_DIRS for p in parts[:-1])
