"""No two modules of errdex import each other, through any chain.

import-linter's contracts (``test_layers``) keep imports flowing down the layers; inside a layer,
modules could still import each other in a circle, which makes the order of their
initialisation matter and their boundaries blur. Every import counts here, also one inside a
function and one under ``TYPE_CHECKING``: a type named across a circle is a dependency too. A
package's ``__init__`` importing its own modules is no circle (they import through it).
The second test plants a circle in a small package, so the first cannot pass by checking nothing.
"""

from __future__ import annotations

import ast
import graphlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _module(root: Path, path: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imported(mod: str, path: Path) -> set[str]:
    """Every name ``path`` imports, absolute (``from . import x`` resolved against ``mod``)."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            target = node.module or ""
            if node.level:
                base = mod.split(".") if path.name == "__init__.py" else mod.split(".")[:-1]
                base = base[: len(base) - node.level + 1]
                target = ".".join([*base, *([node.module] if node.module else [])])
            out.add(target)
            out.update(f"{target}.{a.name}" for a in node.names)
    return out


def import_cycles(root: Path, package: str) -> list[list[str]]:
    """The circles among ``package``'s modules under ``root`` (empty when there are none)."""
    mods = {_module(root, f): f for f in sorted((root / package).rglob("*.py"))}
    graph: dict[str, set[str]] = {}
    for mod, path in mods.items():
        deps = graph.setdefault(mod, set())
        for name in _imported(mod, path):
            while name and name not in mods:
                name = name.rpartition(".")[0]
            if name and name != mod and not mod.startswith(name + "."):
                deps.add(name)
    cycles: list[list[str]] = []
    while True:
        try:
            graphlib.TopologicalSorter(graph).prepare()
            return cycles
        except graphlib.CycleError as e:
            cycle = list(e.args[1])  # each a dependency of the next; the first again last
            cycles.append(cycle[:-1])
            graph[cycle[1]].discard(cycle[0])  # cut that edge and look for the next circle


def test_errdex_modules_import_in_no_circle() -> None:
    assert import_cycles(ROOT / "src", "errdex") == []


def test_a_planted_circle_is_found(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("from pkg import a\n")  # the package's own: no circle
    (pkg / "a.py").write_text("from pkg.sub import b\n")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "sub" / "b.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..c import C\n"
    )
    (pkg / "c.py").write_text("def f():\n    import pkg.a\n")
    (cycle,) = import_cycles(tmp_path, "pkg")
    assert set(cycle) == {"pkg.a", "pkg.sub.b", "pkg.c"}
