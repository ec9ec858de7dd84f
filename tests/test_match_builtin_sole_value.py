"""A built-in class pasted with a value alone (``KeyError: 'hits'``), on a real catalogue of two
codebases indexed from fixture code: every ``raise KeyError(key)`` prints it, in any codebase.
A raise alone in its own release is then no sole raise of the pasted class while another
codebase raises the class with a template that prints the value too: the paste names no
release, so neither codebase's raise is taken as the one that printed it, and the ranking's
tie-breaks (a public function the library calls) order them.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from errdex.match import Matcher
from errdex.pipeline import index
from errdex.store import Store

# a cache raising KeyError(key) from several public methods, which its own code calls
CACHE = """\
class Cache:
    def __init__(self):
        self._data = {}

    def incr(self, key, delta=1):
        if key not in self._data:
            raise KeyError(key)
        self._data[key] += delta
        return self._data[key]

    def decr(self, key, delta=1):
        return self.incr(key, -delta)

    def read(self, key):
        if key not in self._data:
            raise KeyError(key)
        return self._data[key]

    def peek(self, key):
        return self.read(key)
"""

# another library whose one raise of KeyError(value) lies in a private helper nothing calls
VIEW = """\
class _View:
    def __init__(self, target):
        self._target = target

    def _lookup(self, name):
        try:
            return self._target[name]
        except LookupError:
            raise KeyError(name) from None
"""


@pytest.fixture(scope="module")
def two_codebases(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    """One catalogue holding both libraries, each indexed from its own folder."""
    root: Path = tmp_path_factory.mktemp("builtin_sole_value")
    db = str(root / "c.db")
    for name, source in (("cachelib", CACHE), ("viewlib", VIEW)):
        path = root / name / name / "__init__.py"
        path.parent.mkdir(parents=True)
        path.write_text(source)
        index(str(root / name), db, jobs=1)
    with Store.open(db) as store:
        yield Matcher.load(store)


def test_a_builtin_raise_alone_in_its_release_is_not_alone_in_the_catalogue(two_codebases: Matcher) -> None:
    res = two_codebases.explain("KeyError: 'hits'")
    assert res.matches and all(m.approximate for m in res.matches), res.verdict
    paths = [m.path for m in res.matches]
    assert any(p.startswith("cachelib/") for p in paths) and any(p.startswith("viewlib/") for p in paths), paths
    # the private helper is its release's only raise of KeyError, but not the catalogue's
    for m in res.matches:
        assert not any("the only raise of the pasted class" in r for r in m.reasons), (m.path, m.reasons)
    assert res.matches[0].path.startswith("cachelib/"), [(m.path, m.function, m.score) for m in res.matches]

