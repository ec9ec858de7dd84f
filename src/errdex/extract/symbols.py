"""Module names from paths and import bookkeeping shared by the visitor and the resolver.

The symbol table itself is filled by the visitor during its single walk (it already visits every
definition and assignment); this module holds the path/import rules so they are defined once.
"""

from __future__ import annotations

import ast

from errdex.modnames import module_name, resolve_import

__all__ = ["import_base", "import_bindings", "module_name"]


def import_base(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    """Absolute dotted name of ``from <this> import ...``, honouring relative levels."""
    return resolve_import(module, is_package, node.level, node.module or "")


def import_bindings(
    module: str, is_package: bool, node: ast.Import | ast.ImportFrom
) -> list[tuple[str, str]]:
    """(local name, dotted target) pairs an import statement binds; star imports bind nothing."""
    out: list[tuple[str, str]] = []
    if isinstance(node, ast.Import):
        for alias in node.names:
            if alias.asname:
                out.append((alias.asname, alias.name))
            else:
                root = alias.name.partition(".")[0]
                out.append((root, root))
        return out
    base = import_base(module, is_package, node)
    for alias in node.names:
        if alias.name == "*":
            continue
        target = f"{base}.{alias.name}" if base else alias.name
        out.append((alias.asname or alias.name, target))
    return out
