"""Module names from paths and import bookkeeping shared by the visitor and the resolver.

The symbol table itself is filled by the visitor during its single walk (it already visits every
definition and assignment); this module holds the path/import rules so they are defined once.
"""

from __future__ import annotations

import ast

_ROOT_DIRS = ("src", "lib")


def module_name(path: str) -> tuple[str, bool]:
    """Dotted module name for a ``.py`` path and whether it is a package ``__init__``.

    A leading ``src/`` (or ``lib/``) directory is a layout convention, not part of the import name.
    """
    stem = path[:-3] if path.endswith(".py") else path
    parts = [p for p in stem.split("/") if p and p != "."]
    if len(parts) > 1 and parts[0] in _ROOT_DIRS:
        parts = parts[1:]
    is_package = bool(parts) and parts[-1] == "__init__"
    if is_package:
        parts = parts[:-1]
    return ".".join(parts), is_package


def import_base(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    """Absolute dotted name of ``from <this> import ...``, honouring relative levels."""
    if not node.level:
        return node.module or ""
    package = module if is_package else module.rpartition(".")[0]
    parts = package.split(".") if package else []
    up = node.level - 1
    if up:
        parts = parts[:-up] if up <= len(parts) else []
    if node.module:
        parts.append(node.module)
    return ".".join(parts)


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
