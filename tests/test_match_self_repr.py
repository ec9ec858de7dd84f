"""A message printing the raising object itself (``f"{self!r} cannot be parent of itself"``) shows
its constructor-like repr (``Node('/a')``), which names the instance's class: of the sites sharing
that template in methods of unrelated classes (two mixins with one check), the one whose class
is that class or above it is where the message came from. On a real catalogue indexed from
fixture code, whose classes' reprs follow the convention."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from errdex.match import Matcher, Result
from errdex.match.rank import constructor_class
from errdex.store import Store

ERRORS = """\
class LoopError(Exception):
    pass
"""

# the light mixin's check comes first in the package, so it wins a plain tie
LIGHT = """\
from .errors import LoopError


class LightNodeMixin:
    def _check_loop(self, node):
        if node is self:
            raise LoopError(f"Cannot set parent. {self!r} cannot be parent of itself.")


class LightNode(LightNodeMixin):
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return f"LightNode({self.name!r})"
"""

MIXIN = """\
from .errors import LoopError


class NodeMixin:
    def _check_loop(self, node):
        if node is self:
            raise LoopError(f"Cannot set parent. {self!r} cannot be parent of itself.")
"""

NODE = """\
from .mixin import NodeMixin


class Node(NodeMixin):
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return f"Node({self.name!r})"


class AnyNode(Node):
    pass
"""


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    from errdex.pipeline import index

    root = tmp_path_factory.mktemp("selfrepr")
    pkg = root / "treelib"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    for name, source in (("errors", ERRORS), ("a_light", LIGHT), ("mixin", MIXIN), ("node", NODE)):
        (pkg / f"{name}.py").write_text(source)
    db = str(root / "c.db")
    index(str(pkg), db, jobs=1)
    with Store.open(db) as store:
        yield Matcher.load(store)


def paste(shown: str) -> str:
    return f"treelib.errors.LoopError: Cannot set parent. {shown} cannot be parent of itself."


def first(res: Result) -> str:
    assert res.matches and not res.matches[0].approximate, res.verdict
    return res.matches[0].function


@pytest.mark.parametrize(
    ("shown", "site", "why"),
    [
        ("Node('/root/etc')", "NodeMixin._check_loop", "a subclass of this site's class"),
        ("AnyNode(name='etc')", "NodeMixin._check_loop", "a subclass of this site's class"),
        ("LightNode('etc')", "LightNodeMixin._check_loop", "a subclass of this site's class"),
    ],
)
def test_the_object_printed_names_the_site_of_its_class(
    matcher: Matcher, shown: str, site: str, why: str
) -> None:
    res = matcher.explain(paste(shown))
    assert first(res) == site
    assert why in " ".join(res.matches[0].reasons)
    assert "another class than this site's" in " ".join(res.matches[1].reasons)


@pytest.mark.parametrize("shown", ["MyNode('etc')", "<treelib.node.Node object at 0x7f3a2c1b9e50>", "'etc'"])
def test_a_class_the_index_does_not_know_leaves_the_tie(matcher: Matcher, shown: str) -> None:
    """A user's own class, or no constructor-like repr: nothing said about the sites' classes."""
    res = matcher.explain(paste(shown))
    assert {m.function for m in res.matches[:2]} == {"NodeMixin._check_loop", "LightNodeMixin._check_loop"}
    assert not any("class name in the message" in " ".join(m.reasons) for m in res.matches[:2])


@pytest.mark.parametrize(
    ("value", "name"),
    [
        ("Node('/root/etc')", "Node"),
        ("  pkg.mod.Point(x=1, y=2) ", "Point"),
        ("Interval(1, 2)", "Interval"),
        ("<pkg.Node object at 0x1>", ""),
        ("Node('/a') and more", ""),
        ("(1, 2)", ""),
        ("not a name(1)", ""),
        ("'etc'", ""),
    ],
)
def test_constructor_class(value: str, name: str) -> None:
    assert constructor_class(value) == name
