"""A module's own name in its message (``module {__name__!r} has no attribute {name!r}``, the
PEP 562 ``__getattr__`` of a lazily loading package and of its deprecation shims) is known at
index time: a paste naming one module reaches that module's raise, exactly, not a tie between
every module raising the same words (nor the interpreter's own wording)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import package_matcher

from errdex.match import Matcher

GETATTR = """\
def __getattr__(name):
    if name.startswith("_"):
        return None
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
"""


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    """A real catalogue of a package whose top level and two submodules load names lazily."""
    files = dict.fromkeys(("pkg/__init__.py", "pkg/compat/__init__.py", "pkg/compat/legacy.py"), GETATTR)
    with package_matcher(tmp_path_factory.mktemp("modnames"), files) as m:
        yield m


@pytest.mark.parametrize(
    ("module", "path"),
    [("pkg.compat", "pkg/compat/__init__.py"), ("pkg.compat.legacy", "pkg/compat/legacy.py")],
)
def test_a_pasted_module_name_is_that_modules_raise(matcher: Matcher, module: str, path: str) -> None:
    res = matcher.explain(f"AttributeError: module {module!r} has no attribute 'Reader'")
    assert res.matches, res.verdict
    best = res.matches[0]
    assert (best.path, best.function, best.approximate) == (path, "__getattr__", False)
    assert res.outcome == "exact"
    # the other modules' raises print other names: they are no candidates beside it
    assert [m.path for m in res.matches] == [path]


def test_a_pasted_top_level_package_is_its_raise_beside_the_interpreters(matcher: Matcher) -> None:
    """``module 'pkg' has no attribute ...``: the package's own raise is the one candidate; with
    nothing else pointing to the codebase, its one word beyond the interpreter's wording is the
    quoted value that wording prints too (issue #10 item 7), so it is not exact."""
    res = matcher.explain("AttributeError: module 'pkg' has no attribute 'Reader'")
    assert [(m.path, m.function) for m in res.matches] == [("pkg/__init__.py", "__getattr__")]
