"""What names exist in a snapshot, and what a name written in one file refers to.

The explain stage must never name a symbol the code does not have: that is the whole difference
between errdex's pages and the seed pages written by a model (``tpu_core.BlockType`` does not
exist in jax). Everything it says about code is therefore checked against this table, built from
the snapshot's own stored sources (never by importing them):

* the extractor's symbol table (``store.symbols``) — modules, classes, functions, attributes;
* per module, what each import binds (``tpu_core`` -> ``jax._src.pallas.mosaic.core``), including
  imports inside functions, which is how jax's ``mpmd.py`` gets ``tpu_core``;
* per module, every name the file binds (parameters, locals, loop targets): a guard like
  ``scratch_type.memory_space`` is code from the file itself, its type unknown but its name real;
* per class, its members and bases, so ``MemorySpace.HBM`` resolves and ``MemorySpace.TPU_HBM``
  does not;
* per function, the calls it makes (for ``callgraph``), gathered in the same single walk.

One ``ast.parse`` per file; the result pickles, so it is cached as a store artifact per snapshot.
"""

from __future__ import annotations

import ast
import builtins
import functools
import sys
from dataclasses import dataclass, field

from errdex.astutil import dotted_name as _dotted
from errdex.extract.symbols import import_bindings, module_name
from errdex.limits import IN_PROCESS_BYTES

__all__ = ["Call", "Func", "Module", "ProjectIndex", "build_index"]

_BUILTINS = frozenset(dir(builtins))
_STDLIB = frozenset(sys.stdlib_module_names)


@dataclass(slots=True)
class Call:
    """One call inside a function: the callee as written (``tpu_core.foo``, ``self.bar``)."""

    callee: str
    line: int


@dataclass(slots=True)
class Func:
    qualname: str  # as Python prints it: "_mpmd_map.<locals>.wrapper"
    line: int
    end_line: int
    cls: str | None  # enclosing class qualname for methods
    calls: list[Call] = field(default_factory=list)
    params: tuple[str, ...] = ()
    doc: str | None = None


@dataclass(slots=True)
class Module:
    name: str
    path: str
    is_package: bool
    imports: dict[str, list[str]] = field(default_factory=dict)  # local name -> dotted targets
    toplevel: set[str] = field(default_factory=set)  # names bound at module level
    bound: set[str] = field(default_factory=set)  # every name bound anywhere in the file
    classes: dict[str, set[str]] = field(default_factory=dict)  # class qualname -> member names
    bases: dict[str, list[str]] = field(default_factory=dict)  # class qualname -> bases as written
    funcs: dict[str, Func] = field(default_factory=dict)  # qualname -> function
    consts: dict[str, str] = field(default_factory=dict)  # NAME = dotted.value at module level


@dataclass(slots=True)
class ProjectIndex:
    """The resolver. ``symbols`` is the extractor's table; ``modules`` what this stage parsed."""

    modules: dict[str, Module]
    by_path: dict[str, str]  # path -> module name
    symbols: set[str]
    aliases: dict[str, set[str]] = field(default_factory=dict)  # project-wide import aliases
    external_tops: set[str] = field(default_factory=set)  # third-party packages imported

    def __post_init__(self) -> None:
        if not self.aliases:
            table: dict[str, set[str]] = {}
            for m in self.modules.values():
                for local, targets in m.imports.items():
                    table.setdefault(local, set()).update(targets)
            self.aliases = table
        if not self.external_tops:
            tops = {t.split(".")[0] for targets in self.aliases.values() for t in targets}
            self.external_tops = {t for t in tops if t and t not in self.modules and t not in _STDLIB}

    # ------------------------------------------------------------------ resolution

    def module_of(self, path: str) -> Module | None:
        name = self.by_path.get(path)
        return self.modules.get(name) if name is not None else None

    def resolves(self, dotted: str, path: str | None = None, *, strict_locals: bool = False) -> bool:
        """Does ``dotted`` (as written in ``path``, or globally) name something that exists?

        ``strict_locals`` is for checking a model's answer: a plain local variable of the file is
        then not enough on its own when attributes follow (the model might invent them).
        """
        parts = [p for p in dotted.split(".") if p]
        if not parts or not all(p.isidentifier() for p in parts):
            return False
        head, rest = parts[0], parts[1:]
        mod = self.module_of(path) if path else None
        # the file's own names shadow builtins and stdlib modules (jax has its own ``array``)
        if mod is not None:
            if head in mod.bound and head in mod.imports and not strict_locals:
                return True  # a parameter or local that shadows an import somewhere in the file
            if head in mod.imports:
                targets = mod.imports[head]
                if any(self.global_resolves(".".join([t, *rest])) for t in targets):
                    return True
                # a third-party dependency the file imports (numpy, jaxlib): real, but its
                # attributes are outside the snapshot and cannot be checked here
                return any(self._external(t) for t in targets)
            if head in mod.toplevel and self.global_resolves(".".join([mod.name, *parts])):
                return True
            if head in mod.bound and not (strict_locals and rest):
                return True
        if head in _BUILTINS:
            return not rest or self._builtin_attr(head, rest)
        if head in _STDLIB and not self._is_project_module(head):
            return stdlib_resolves(dotted)
        if self.global_resolves(dotted) or self._external(dotted):
            return True
        # an alias the codebase itself uses somewhere (``jnp``, ``pl``) or a module's last name
        candidates = set(self.aliases.get(head, ()))
        candidates.update(m for m in self.modules if m.rsplit(".", 1)[-1] == head)
        return any(self.global_resolves(".".join([t, *rest])) for t in candidates)

    def global_resolves(self, dotted: str, _depth: int = 0) -> bool:
        """A fully qualified name: a symbol, a module, or reachable through re-exports/bases."""
        if dotted in self.symbols or dotted in self.modules:
            return True
        if _depth > 8:
            return False
        parts = dotted.split(".")
        head = parts[0]
        if head in _STDLIB and not self._is_project_module(head):
            return stdlib_resolves(dotted)
        # longest module prefix, then walk names inside it
        for cut in range(len(parts) - 1, 0, -1):
            mod = self.modules.get(".".join(parts[:cut]))
            if mod is None:
                continue
            return self._resolve_in(mod, parts[cut:], _depth)
        return False

    def _resolve_in(self, mod: Module, names: list[str], depth: int) -> bool:
        first, rest = names[0], names[1:]
        if first in mod.imports:
            return any(
                self.global_resolves(".".join([t, *rest]), depth + 1) or self._external(t)
                for t in mod.imports[first]
            )
        if first in mod.classes:
            return self._resolve_class(mod, first, rest, depth)
        if first in mod.funcs:
            return not rest
        if first in mod.toplevel:
            return not rest or f"{mod.name}.{'.'.join(names)}" in self.symbols or _plausible_attrs(rest)
        if mod.is_package:
            return (
                self.global_resolves(f"{mod.name}.{'.'.join(names)}", depth + 1)
                if (f"{mod.name}.{first}" in self.modules)
                else False
            )
        return False

    def _resolve_class(self, mod: Module, cls: str, rest: list[str], depth: int) -> bool:
        if not rest:
            return True
        member, more = rest[0], rest[1:]
        nested = f"{cls}.{member}"
        if nested in mod.classes:
            return self._resolve_class(mod, nested, more, depth)
        if member in mod.classes[cls]:
            return not more or _plausible_attrs(more)
        if f"{mod.name}.{cls}.{member}" in self.symbols:
            return True
        for base in mod.bases.get(cls, []):
            if base in _BUILTINS:
                if self._builtin_attr(base, rest):
                    return True
                continue
            bparts = base.split(".")
            if bparts[0] in mod.imports:
                targets = [".".join([t, *bparts[1:]]) for t in mod.imports[bparts[0]]]
            elif bparts[0] in mod.classes:
                if self._resolve_class(mod, base, rest, depth + 1):
                    return True
                continue
            else:
                targets = [f"{mod.name}.{base}"]
            if depth < 8 and any(self.global_resolves(".".join([t, *rest]), depth + 1) for t in targets):
                return True
            special = bparts[-1] in ("Enum", "IntEnum", "StrEnum", "Flag", "IntFlag", "NamedTuple")
            if special and member in ("name", "value", "_fields", "_asdict", "_replace"):
                return not more
        return False

    def _builtin_attr(self, head: str, rest: list[str]) -> bool:
        obj: object = getattr(builtins, head, None)
        for name in rest:
            if not hasattr(obj, name):
                return False
            obj = getattr(obj, name)
        return True

    def _external(self, target: str) -> bool:
        """A third-party package the codebase imports: real, but outside what we can check."""
        top = target.split(".")[0]
        return top not in self.modules and top not in _STDLIB and top in self.external_tops

    def _is_project_module(self, head: str) -> bool:
        return head in self.modules

    # ------------------------------------------------------------------ display help

    def alias_target(self, name: str, path: str) -> str | None:
        """``tpu_core`` in ``path`` -> ``jax._src.pallas.mosaic.core`` (first target), if imported."""
        mod = self.module_of(path)
        if mod is None:
            return None
        targets = mod.imports.get(name)
        return targets[0] if targets else None


@dataclass(frozen=True, slots=True)
class _StdlibTable:
    """The committed table of standard-library names (``scripts/gen_stdlib_table.py`` writes it).

    ``modules`` and ``classes`` map attribute names to an index into ``refs``: ``m:NAME`` (a
    module), ``c:KEY`` (that class), ``i:KEY`` (an instance of it), ``""`` (exists, type unknown).
    Classes list only their own members; inherited ones are found along ``mros``.
    """

    refs: list[str]
    modules: dict[str, dict[str, int]]
    classes: dict[str, dict[str, int]]
    mros: dict[str, list[str]]
    metas: dict[str, str]

    def member(self, kind: str, key: str, name: str) -> str | None:
        """The reference of attribute ``name`` of a module, a class, or an instance of a class."""
        if kind == "m":
            idx = self.modules.get(key, {}).get(name)
            return None if idx is None else self.refs[idx]
        chain = [key, *self.mros.get(key, ())]
        if kind == "c":  # a class object also has its metaclass's attributes (``mro``, ``__name__``)
            meta = self.metas.get(key, "builtins.type")
            chain += [meta, *self.mros.get(meta, ())]
        for k in chain:
            idx = self.classes.get(k, {}).get(name)
            if idx is not None:
                return self.refs[idx]
        return None

    def resolves(self, parts: list[str]) -> bool:
        for cut in range(len(parts), 0, -1):
            name = ".".join(parts[:cut])
            if name in self.modules:
                return self._walk("m", name, parts[cut:])
        # a module of another platform (winreg) or one never tabled because importing it acts
        # (antigravity, this): its name is real, nothing about its attributes is known
        return len(parts) == 1

    def _walk(self, kind: str, key: str, names: list[str]) -> bool:
        for i, name in enumerate(names):
            ref = self.member(kind, key, name)
            if ref is None:
                return False
            last = i == len(names) - 1
            kind, _, key = ref.partition(":")
            known = self.modules if kind == "m" else self.classes
            if not last and key not in known:
                return False  # exists, but what it holds is not recorded: no further claims
        return True


@functools.cache
def _stdlib_table() -> _StdlibTable:
    import json
    from importlib import resources

    raw = json.loads(resources.files("errdex.explain").joinpath("data/stdlib.json").read_text("utf-8"))
    return _StdlibTable(raw["refs"], raw["modules"], raw["classes"], raw["mros"], raw["metas"])


@functools.lru_cache(maxsize=4096)
def stdlib_resolves(dotted: str) -> bool:
    """Does a standard-library name exist? Read from the committed table; nothing is imported,
    because what a model names (``venv.__main__``, ``antigravity``) may act when imported."""
    parts = dotted.split(".")
    if parts[0] not in _STDLIB or not all(p.isidentifier() for p in parts):
        return False
    return _stdlib_table().resolves(parts)


def _plausible_attrs(rest: list[str]) -> bool:
    """Attributes of a value whose type we do not know: accepted, as it is code we read."""
    return all(p.isidentifier() for p in rest)


# ---------------------------------------------------------------------------- building


def build_index(files: list[tuple[str, str]], symbols: set[str]) -> ProjectIndex:
    """Parse every non-test module once; unparsable files are skipped (the extractor reports them)."""
    modules: dict[str, Module] = {}
    by_path: dict[str, str] = {}
    for path, text in files:
        if not path.endswith(".py"):
            continue
        name, is_pkg = module_name(path)
        if len(text) > IN_PROCESS_BYTES:  # parsing costs up to ~1,000x the size: not here
            continue
        try:
            tree = ast.parse(text)
        except (SyntaxError, ValueError, RecursionError):
            continue
        mod = Module(name=name, path=path, is_package=is_pkg)
        _Walker(mod).run(tree)
        modules[name] = mod
        by_path[path] = name
    return ProjectIndex(modules=modules, by_path=by_path, symbols=symbols)


class _Walker:
    """One pass over a module: imports, bindings, classes and members, functions and calls."""

    def __init__(self, mod: Module) -> None:
        self.mod = mod

    def run(self, tree: ast.Module) -> None:
        self._body(tree.body, qual="", func=None, cls=None, top=True)

    def _body(self, body: list[ast.stmt], qual: str, func: Func | None, cls: str | None, top: bool) -> None:
        for stmt in body:
            self._stmt(stmt, qual, func, cls, top)

    def _stmt(self, stmt: ast.stmt, qual: str, func: Func | None, cls: str | None, top: bool) -> None:
        mod = self.mod
        if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef):
            name = f"{qual}{stmt.name}"
            self._bind(stmt.name, top, cls)
            a = stmt.args
            params = tuple(p.arg for p in [*a.posonlyargs, *a.args, *a.kwonlyargs])
            params += tuple(p.arg for p in (a.vararg, a.kwarg) if p is not None)
            mod.bound.update(params)
            f = Func(
                name,
                stmt.lineno,
                stmt.end_lineno or stmt.lineno,
                cls,
                params=params,
                doc=ast.get_docstring(stmt),
            )
            mod.funcs[name] = f
            for d in stmt.decorator_list:
                self._expr(d, func)
            self._body(stmt.body, f"{name}.<locals>.", f, None, False)
            return
        if isinstance(stmt, ast.ClassDef):
            name = f"{qual}{stmt.name}"
            self._bind(stmt.name, top, cls)
            mod.classes[name] = set()
            mod.bases[name] = [ast.unparse(b) for b in stmt.bases]
            for b in stmt.bases:
                self._expr(b, func)
            self._body(stmt.body, f"{name}.", func, name, top=False)
            return
        if isinstance(stmt, ast.Import | ast.ImportFrom):
            for local, target in import_bindings(mod.name, mod.is_package, stmt):
                targets = mod.imports.setdefault(local, [])
                if target not in targets:
                    targets.append(target)
                if cls is not None:
                    mod.classes[cls].add(local)
                elif top:
                    mod.toplevel.add(local)  # not ``bound``: that set is for non-import names
            return
        if top and cls is None and isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
            lhs, value = stmt.targets[0], _dotted(stmt.value)
            if isinstance(lhs, ast.Name) and value and "." in value:
                mod.consts[lhs.id] = value
        if isinstance(stmt, ast.Global | ast.Nonlocal):
            mod.bound.update(stmt.names)
            return
        for fname, value in ast.iter_fields(stmt):
            if isinstance(value, list) and value and isinstance(value[0], ast.stmt):
                self._body(value, qual, func, cls, top)
            elif fname == "handlers":
                for h in value:
                    if h.name:
                        self._bind(h.name, top, cls)
                    if h.type is not None:
                        self._scan(h.type, func, top, cls)
                    self._body(h.body, qual, func, cls, top)
            elif fname == "cases":
                for case in value:
                    self._scan(case.pattern, func, top, cls)
                    if case.guard is not None:
                        self._scan(case.guard, func, top, cls)
                    self._body(case.body, qual, func, cls, top)
            elif isinstance(value, list):
                for v in value:
                    if isinstance(v, ast.AST):
                        self._scan(v, func, top, cls)
            elif isinstance(value, ast.AST):
                self._scan(value, func, top, cls)

    def _scan(self, node: ast.AST, func: Func | None, top: bool, cls: str | None) -> None:
        """Names bound and calls made inside an expression (or a with item / match pattern)."""
        for sub in ast.walk(node):
            if isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Store):
                self._bind(sub.id, top, cls)
            elif isinstance(sub, ast.arg):
                self.mod.bound.add(sub.arg)
            elif isinstance(sub, ast.MatchAs | ast.MatchStar) and sub.name:
                self.mod.bound.add(sub.name)
            elif isinstance(sub, ast.Call) and func is not None:
                callee = _dotted(sub.func)
                if callee:
                    func.calls.append(Call(callee, sub.lineno))

    def _bind(self, name: str, top: bool, cls: str | None) -> None:
        self.mod.bound.add(name)
        if cls is not None:
            self.mod.classes[cls].add(name)
        elif top:
            self.mod.toplevel.add(name)

    def _expr(self, node: ast.expr, func: Func | None) -> None:
        if func is not None:
            self._scan(node, func, False, None)
