"""The one rule for a module's dotted name and a relative import's target, shared by the
extractor (which walks source) and the stages that read stored import rows."""

from __future__ import annotations

import ast

import pytest

from errdex.extract.symbols import import_base
from errdex.modnames import module_name, resolve_import


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("pkg/mod.py", ("pkg.mod", False)),
        ("pkg/__init__.py", ("pkg", True)),
        ("src/pkg/sub/__init__.py", ("pkg.sub", True)),
        ("lib/pkg/mod.py", ("pkg.mod", False)),
        ("src.py", ("src", False)),  # a module named ``src`` at the top is not a layout root
        ("./pkg/mod.py", ("pkg.mod", False)),
    ],
)
def test_module_name(path: str, expected: tuple[str, bool]) -> None:
    assert module_name(path) == expected


@pytest.mark.parametrize(
    ("module", "is_package", "source"),
    [
        ("pkg.sub.mod", False, "from ..x import y"),
        ("pkg.sub", True, "from . import y"),
        ("pkg.sub.mod", False, "from . import y"),
        ("pkg.mod", False, "from .... import y"),  # above the top package: what is left
        ("pkg.mod", False, "from os.path import join"),
    ],
)
def test_the_extractor_and_the_stored_rows_name_an_import_alike(
    module: str, is_package: bool, source: str
) -> None:
    node = ast.parse(source).body[0]
    assert isinstance(node, ast.ImportFrom)
    # the catalogue stores ``from ..x import y`` as level 2 with target ``x``
    assert import_base(module, is_package, node) == resolve_import(
        module, is_package, node.level, node.module or ""
    )


def test_resolve_import() -> None:
    assert resolve_import("pkg.sub.mod", False, 2, "x") == "pkg.x"
    assert resolve_import("pkg.sub", True, 1, "") == "pkg.sub"
    assert resolve_import("pkg", False, 1, "") == ""
    assert resolve_import("pkg", True, 0, "os.path") == "os.path"
