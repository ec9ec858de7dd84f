"""How Python names a module from its file, and what a relative import names (a leaf module).

One rule for every stage: the extractor names modules while it walks source, and the stages that
read stored facts (the catalogue's import rows, a site's path) name them again without source.
Two copies of the rule once drifted (a ``src/`` layout read as part of the name by one of them);
both sides now call these functions.
"""

from __future__ import annotations

__all__ = ["ROOT_DIRS", "module_name", "resolve_import"]

# A leading ``src/`` (or ``lib/``) directory is a layout convention, not part of the import name.
ROOT_DIRS = ("src", "lib")


def module_name(path: str) -> tuple[str, bool]:
    """Dotted module name for a ``.py`` path (posix) and whether it is a package ``__init__``:
    ``src/pkg/sub/__init__.py`` -> ``("pkg.sub", True)``."""
    stem = path[:-3] if path.endswith(".py") else path
    parts = [p for p in stem.split("/") if p and p != "."]
    if len(parts) > 1 and parts[0] in ROOT_DIRS:
        parts = parts[1:]
    is_package = bool(parts) and parts[-1] == "__init__"
    if is_package:
        parts = parts[:-1]
    return ".".join(parts), is_package


def resolve_import(module: str, is_package: bool, level: int, target: str) -> str:
    """The absolute name an import in ``module`` names: ``from ..x import y`` in ``pkg.sub.m``
    gives ``pkg.x`` for target ``x`` (and ``pkg.x.y`` for target ``x.y``); level 0 is absolute.

    A level above the top package keeps what is left (the target alone), as Python would refuse
    the import but the catalogue still wants a name to look up."""
    if not level:
        return target
    package = module if is_package else module.rpartition(".")[0]
    parts = package.split(".") if package else []
    up = level - 1
    if up:
        parts = parts[:-up] if up <= len(parts) else []
    return ".".join([*parts, target]) if parts and target else (target or ".".join(parts))
