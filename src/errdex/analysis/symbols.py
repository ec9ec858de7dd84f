"""What names exist in a snapshot, and what a name written in one file refers to.

The analysis stage must never name a symbol the code does not have: that is the whole difference
between errdex's pages and the seed pages written by a model (``tpu_core.BlockType`` does not
exist in jax). Everything it says about code is therefore checked against this table, read from
the code facts the extractor stored at index time (never by importing, nor parsing again):

* the extractor's symbol table (``symbols``) — modules, classes, functions, attributes;
* per module, what each import binds (``tpu_core`` -> ``jax._src.pallas.mosaic.core``), including
  imports inside functions, which is how jax's ``mpmd.py`` gets ``tpu_core``;
* per module, every name the file binds (parameters, locals, loop targets): a guard like
  ``scratch_type.memory_space`` is code from the file itself, its type unknown but its name real;
* per class, its members and bases, so ``MemorySpace.HBM`` resolves and ``MemorySpace.TPU_HBM``
  does not.

A ``ProjectIndex`` answers for one snapshot and loads a module's facts only when a name leads
into that module, so resolving the names of one error reads a handful of modules, not the
codebase. Every lookup is remembered for the life of the index (one catalogue generation).
"""

from __future__ import annotations

import builtins
import functools
import sys
import threading
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass, field

from errdex.model import CodeFacts, FunctionFact
from errdex.modnames import resolve_import
from errdex.pyexc import BUILTIN_NAMES
from errdex.store.facts import FactReader, ImportRow, ModuleRow

__all__ = ["Module", "ProjectIndex"]

_STDLIB = frozenset(sys.stdlib_module_names)
_MAX_MODULES = 512  # module facts kept per index; a page needs a few, a whole-catalogue run cycles


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
    funcs: dict[str, FunctionFact] = field(default_factory=dict)  # qualname -> function
    consts: dict[str, str] = field(default_factory=dict)  # NAME = dotted.value at module level

    @classmethod
    def from_facts(cls, row: ModuleRow, facts: CodeFacts) -> Module:
        mod = cls(row.name, row.path, row.is_package, toplevel=set(facts.toplevel), bound=set(facts.bound))
        for imp in facts.imports:
            targets = mod.imports.setdefault(imp.local, [])
            target = resolve_import(row.name, row.is_package, imp.level, imp.target)
            if target not in targets:
                targets.append(target)
        for c in facts.classes:
            mod.classes[c.qualname] = set(c.members)
            mod.bases[c.qualname] = c.bases
        for f in facts.functions:
            mod.funcs[f.qualname] = f
        mod.consts = dict(facts.consts)
        return mod


class ProjectIndex:
    """The resolver for one snapshot, over its stored code facts (see the module docstring)."""

    def __init__(self, reader: FactReader, snapshot_id: int) -> None:
        self.reader = reader
        self.snapshot_id = snapshot_id
        self._lock = threading.Lock()
        self._modules: OrderedDict[str, Module | None] = OrderedDict()  # name -> module (LRU)
        self._rows: dict[str, ModuleRow | None] = {}  # library module name -> its file
        self._paths: dict[str, ModuleRow | None] = {}
        self._symbols: dict[str, bool] = {}
        self._aliases: dict[str, set[str]] = {}
        self._leaves: dict[str, list[str]] = {}
        self._tops: dict[str, bool] = {}
        self._relative_tops: set[str] | None = None
        self._docs: dict[tuple[str, str], str | None] = {}

    # ------------------------------------------------------------------ loading

    def rows(self, names: Iterable[str]) -> dict[str, ModuleRow]:
        """The files of these library modules (tests aside); unknown names are absent."""
        wanted = [n for n in names if n not in self._rows]
        if wanted:
            found = self.reader.modules_named(self.snapshot_id, wanted)
            for n in wanted:
                self._rows[n] = found.get(n)
        return {n: r for n in names if (r := self._rows.get(n)) is not None}

    def is_module(self, name: str) -> bool:
        return bool(self.rows([name]))

    def modules(self, names: Iterable[str]) -> dict[str, Module]:
        """The library modules with these names, loading the facts of those not in memory."""
        names = list(dict.fromkeys(names))
        with self._lock:
            have = {n: self._modules[n] for n in names if n in self._modules}
        rows = self.rows([n for n in names if n not in have])
        if rows:
            facts = self.reader.facts({r.fact_id for r in rows.values()})
            loaded = {
                n: Module.from_facts(r, facts[r.fact_id]) for n, r in rows.items() if r.fact_id in facts
            }
            with self._lock:
                for n in names:
                    if n not in have:
                        have[n] = self._modules[n] = loaded.get(n)
                while len(self._modules) > _MAX_MODULES:
                    self._modules.popitem(last=False)
        return {n: m for n, m in have.items() if m is not None}

    def module(self, name: str) -> Module | None:
        return self.modules([name]).get(name)

    def parameters(self, module: str, qualname: str) -> tuple[str, ...]:
        """A function's parameter names (not kept in memory with the module: few callers need them)."""
        row = self.rows([module]).get(module)
        return self.reader.parameters(row.fact_id, [qualname]).get(qualname, ()) if row is not None else ()

    def docstring(self, module: str, qualname: str) -> str | None:
        """A function's docstring (read on demand, like its parameters)."""
        key = (module, qualname)
        if key not in self._docs:
            row = self.rows([module]).get(module)
            found = self.reader.docstrings(row.fact_id, [qualname]) if row is not None else {}
            self._docs[key] = found.get(qualname)
        return self._docs[key]

    def module_of(self, path: str) -> Module | None:
        """The module a library file defines (tests and unparsed files have none)."""
        if path not in self._paths:
            self._paths[path] = self.reader.module_at(self.snapshot_id, path)
        row = self._paths[path]
        if row is None or row.is_test:
            return None
        return self.module(row.name)  # two files of one name: the one that wins

    def has_symbol(self, dotted: str) -> bool:
        if dotted not in self._symbols:
            self._symbols[dotted] = bool(self.reader.symbols_present(self.snapshot_id, [dotted]))
        return self._symbols[dotted]

    def aliases(self, local: str) -> set[str]:
        """What ``local`` is imported as anywhere in the codebase (``jnp`` -> ``jax.numpy``)."""
        if local not in self._aliases:
            rows = self.reader.imports_binding(self.snapshot_id, [local])
            self._aliases[local] = {_target(r) for r in rows}
        return self._aliases[local]

    def modules_ending(self, leaf: str) -> list[str]:
        if leaf not in self._leaves:
            self._leaves[leaf] = self.reader.module_names_ending(self.snapshot_id, leaf)
        return self._leaves[leaf]

    def _imported_top(self, top: str) -> bool:
        """Whether some library module imports a name under the top-level package ``top``."""
        if top not in self._tops:
            found = self.reader.imports_top_level(self.snapshot_id, top)
            if not found:  # relative imports name the codebase's own packages; rarely needed
                if self._relative_tops is None:
                    self._relative_tops = {
                        _target(r).split(".")[0] for r in self.reader.relative_imports(self.snapshot_id)
                    }
                found = top in self._relative_tops
            self._tops[top] = found
        return self._tops[top]

    # ------------------------------------------------------------------ resolution

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
        if head in BUILTIN_NAMES:
            return not rest or self._builtin_attr(head, rest)
        if head in _STDLIB and not self.is_module(head):
            return stdlib_resolves(dotted)
        if self.global_resolves(dotted) or self._external(dotted):
            return True
        # an alias the codebase itself uses somewhere (``jnp``, ``pl``) or a module's last name
        candidates = set(self.aliases(head))
        candidates.update(self.modules_ending(head))
        return any(self.global_resolves(".".join([t, *rest])) for t in candidates)

    def global_resolves(self, dotted: str, _depth: int = 0) -> bool:
        """A fully qualified name: a symbol, a module, or reachable through re-exports/bases."""
        parts = dotted.split(".")
        prefixes = [".".join(parts[:cut]) for cut in range(len(parts), 0, -1)]
        self.rows(prefixes)  # one query for the name and every module it may start with
        if self.has_symbol(dotted) or self.is_module(dotted):
            return True
        if _depth > 8:
            return False
        head = parts[0]
        if head in _STDLIB and not self.is_module(head):
            return stdlib_resolves(dotted)
        # longest module prefix, then walk names inside it
        for cut in range(len(parts) - 1, 0, -1):
            mod = self.module(".".join(parts[:cut]))
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
            return not rest or self.has_symbol(f"{mod.name}.{'.'.join(names)}") or _plausible_attrs(rest)
        if mod.is_package:
            return (
                self.global_resolves(f"{mod.name}.{'.'.join(names)}", depth + 1)
                if self.is_module(f"{mod.name}.{first}")
                else False
            )
        return False

    def _resolve_class(self, mod: Module, cls: str, rest: list[str], depth: int) -> bool:
        if not rest:
            return True
        if depth > 8:  # bases that name each other (``class A(B)``, ``class B(A)``)
            return False
        member, more = rest[0], rest[1:]
        nested = f"{cls}.{member}"
        if nested in mod.classes:
            return self._resolve_class(mod, nested, more, depth)
        if member in mod.classes[cls]:
            return not more or _plausible_attrs(more)
        if self.has_symbol(f"{mod.name}.{cls}.{member}"):
            return True
        for base in mod.bases.get(cls, []):
            if base in BUILTIN_NAMES:
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
        return bool(top) and top not in _STDLIB and not self.is_module(top) and self._imported_top(top)

    # ------------------------------------------------------------------ display help


def _target(row: ImportRow) -> str:
    return resolve_import(row.module, row.is_package, row.level, row.target)


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

    raw = json.loads(resources.files("errdex.analysis").joinpath("data/stdlib.json").read_text("utf-8"))
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
