"""Sites raising one message and scored alike otherwise: the one whose function (or class) the
library's top-level package re-exports ranks first (``FactReader.reexported``: one caller more,
as users reach it as ``pkg.name``). einops' ``reduce`` is the shape: ``einops/einops.py``'s,
which ``einops/__init__.py`` imports, and a same-text copy in ``einops/array_api.py`` that
nothing re-exports, which came first by its path. On a real catalogue indexed from fixture code.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from errdex.match import Matcher
from errdex.modnames import resolve_import
from errdex.store import Store
from errdex.store.facts import reexported_as

# one function, copied into a second module with the same text; each module's own wrappers call
# it (so the two are called alike, by two callers each): only the re-export tells them apart
REDUCE = """\
def reduce(tensor, pattern, reduction):
    if "->" not in pattern:
        raise ValueError(f"a pattern needs an arrow: {pattern!r}")
    return tensor


def rearrange(tensor, pattern):
    return reduce(tensor, pattern, "rearrange")


def repeat(tensor, pattern):
    return reduce(tensor, pattern, "repeat")
"""

# a class the top-level package re-exports, and a subclass that only a subpackage does
# (``pkg.contrib.Fast``): the subpackage's is reached by a longer path, and gains nothing
SHAPES = """\
class Circle:
    def __init__(self, size):
        if size > 120:
            raise ValueError("a size must be positive and at most 120")
"""

FAST = """\
from pkg.shapes import Circle


class Fast(Circle):
    def __init__(self, size):
        if size > 120:
            raise ValueError("a size must be positive and at most 120")
        super().__init__(size)
"""

FILES = {
    "pkg/__init__.py": "from .core import reduce, rearrange\nfrom pkg.shapes import Circle\nfrom . import contrib\n",
    "pkg/array_api.py": REDUCE,
    "pkg/core.py": REDUCE,
    "pkg/shapes.py": SHAPES,
    "pkg/contrib/__init__.py": "from .fast import Fast\n",
    "pkg/contrib/fast.py": FAST,
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    """The package indexed by the real pipeline, opened."""
    from errdex.pipeline import index

    project = tmp_path_factory.mktemp("reexported") / "project"  # its modules are ``pkg.*``
    for name, text in FILES.items():
        (project / name).parent.mkdir(parents=True, exist_ok=True)
        (project / name).write_text(text)
    index(str(project), str(project.parent / "r.db"), jobs=1)
    with Store.open(str(project.parent / "r.db")) as opened:
        yield opened


@pytest.fixture(scope="module")
def matcher(store: Store) -> Matcher:
    return Matcher.load(store)


def test_the_top_level_packages_imports_by_name_are_the_reexported_sites(store: Store) -> None:
    # relative and absolute imports alike; a submodule imported by name (``contrib``) and the
    # subpackage's own re-export (``Fast``) are not among them
    assert store.facts.reexported(store.repos()[0].snapshots[0].id) == {
        ("pkg/core.py", "reduce"),
        ("pkg/core.py", "rearrange"),
        ("pkg/shapes.py", "Circle"),
    }


def test_of_two_copies_scored_alike_the_reexported_one_leads(matcher: Matcher) -> None:
    res = matcher.explain("ValueError: a pattern needs an arrow: 'b c h w'")
    assert [(m.path, m.function, m.approximate) for m in res.matches[:2]] == [
        ("pkg/core.py", "reduce", False),
        ("pkg/array_api.py", "reduce", False),
    ]
    # an order among equals, not evidence: still worded as a tie
    assert res.matches[0].score - res.matches[1].score < 1e-5


def test_a_class_the_package_reexports_leads_a_subpackages(matcher: Matcher) -> None:
    res = matcher.explain("ValueError: a size must be positive and at most 120")
    assert [m.function for m in res.matches[:2]] == ["Circle.__init__", "Fast.__init__"]


def test_names_and_imports_as_the_reexport_keys_them() -> None:
    assert reexported_as("Circle.__init__") == "Circle"
    assert reexported_as("reduce") == "reduce"
    assert reexported_as("<module>") is None
    assert resolve_import("pkg", True, 1, "core.reduce") == "pkg.core.reduce"
    assert resolve_import("pkg.sub", True, 2, "core.reduce") == "pkg.core.reduce"
    assert resolve_import("pkg", True, 0, "pkg.shapes.Circle") == "pkg.shapes.Circle"
