"""Which public functions lead to a raise site: the codebase's own static call graph, reversed.

Users meet an error through the API they call (``mpmd_map``), not through the private helper
that raises (``_mpmd_map.<locals>.wrapper``). A breadth-first walk up the reversed call graph from
the raising function finds the nearest public callers.

Best effort, by design: calls are resolved by simple name (same module, or nested in the same
function), through the file's imports (``tpu_core.foo``), ``self.m``/``cls.m`` within the class,
and — marked ``dynamic`` — by attribute name on an unknown object when the codebase defines that
name only a few times. A nested function is reached from the function that defines it (it is
usually returned or called right there). Public means no ``_`` in the function name nor in any
package component; private-package functions re-exported by a public module are reported under
their public name (jax's API lives in ``jax/`` modules re-exporting ``jax._src``).

The graph is never built whole. The calls are stored as written, each under its callee's last
name, so the callers of a function are the calls spelled with one of the names it can be called
by: its own name, the class name for ``__init__``, and every name an import chain binds to it
(``from m import f as g``; found by following the stored imports outward). Those few calls are
resolved exactly as a whole-graph pass would resolve them, and the walk asks for one level of
callers at a time, so its cost follows the error's callers, not the codebase.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field

from errdex.analysis.result import Reach
from errdex.analysis.symbols import Module, ProjectIndex
from errdex.modnames import resolve_import
from errdex.store.facts import CallRow, ImportRow

__all__ = ["CallGraph", "Reach"]

_MAX_DYNAMIC_DEFS = 3
_MAX_ALIAS_ROUNDS = 16  # re-exports of re-exports: jax needs two or three


@dataclass(slots=True)
class Edge:
    caller: str  # "module:qualname"
    line: int
    dynamic: bool


@dataclass(slots=True)
class CallGraph:
    """The reversed call graph of one snapshot, computed key by key as walks need it."""

    index: ProjectIndex
    callers: dict[str, list[Edge]] = field(default_factory=dict)  # callee key -> edges
    public_names: dict[str, list[str]] = field(default_factory=dict)  # key -> re-exported names
    _bindings: dict[str, list[ImportRow]] = field(default_factory=dict)  # key -> imports binding it
    _func_keys: dict[str, str | None] = field(default_factory=dict)
    _named: dict[str, list[str]] = field(default_factory=dict)  # last name -> function keys
    # web requests share a snapshot's graph: one thread learns a level at a time, and the
    # entries of ``callers`` and ``public_names`` appear complete or not at all
    _learning: threading.Lock = field(default_factory=threading.Lock)

    def reached_from(self, module: str, qualname: str, limit: int = 5, max_depth: int = 8) -> list[Reach]:
        start = f"{module}:{qualname}"
        seen = {start}
        queue: deque[tuple[str, list[str], bool, int]] = deque([(start, [], False, 0)])
        out: list[Reach] = []
        named: list[Reach] = []  # second tier: public-looking names inside private packages
        level = -1
        while queue and len(out) < limit:
            if queue[0][3] != level:  # a new level of the walk: learn about all of it at once
                level = queue[0][3]
                self._learn([k for k, _, _, d in queue if d == level])
            key, via, dyn, depth = queue.popleft()
            pub = self._public(key)
            if pub and key != start:
                path, line = self._where(key)
                out.append(Reach(pub, path, line, tuple(via), dyn))
                continue
            if key != start and self._api_like(key) and len(named) < limit:
                path, line = self._where(key)
                named.append(Reach(_display(key), path, line, tuple(via), dyn))
            if depth >= max_depth:
                continue
            nxt: list[tuple[str, bool]] = []
            mod, _, qual = key.partition(":")
            if ".<locals>." in qual:
                nxt.append((f"{mod}:{qual.rsplit('.<locals>.', 1)[0]}", False))
            nxt.extend((e.caller, e.dynamic) for e in self.callers.get(key, []))
            for k, d in nxt:
                if k not in seen:
                    seen.add(k)
                    queue.append((k, [*via, _display(key)], dyn or d, depth + 1))
        if not out and self._public(start):
            path, line = self._where(start)
            out.append(Reach(self._public(start) or "", path, line, (), False))
        return out or named[:limit]

    def caller_counts(self, keys: Iterable[str]) -> dict[str, int]:
        """Key -> how many functions call it, as far as their calls resolve (a constructor's
        callers are the calls of its class), all the keys' callers learnt in one pass: how much
        the library itself leans on each function, which the index stage stores per raise site."""
        keys = list(dict.fromkeys(keys))
        self._learn(keys)
        return {k: len({e.caller for e in self.callers.get(k, [])}) for k in keys}

    @staticmethod
    def _api_like(key: str) -> bool:
        qual = key.partition(":")[2]
        return "<locals>" not in qual and not any(p.startswith("_") for p in qual.split("."))

    def public_name(self, module: str, qualname: str) -> str | None:
        """The name a user calls ``module:qualname`` by, when it is public API; else None."""
        key = f"{module}:{qualname}"
        self._learn([key])
        return self._public(key)

    def _public(self, key: str) -> str | None:
        mod, _, qual = key.partition(":")
        doc = self.index.docstring(mod, qual)
        if doc and ":meta private:" in doc:
            return None  # Sphinx's marker: documented as not for users, whatever its name says
        names = self.public_names.get(key)
        if names:
            return names[0]
        if "<locals>" in qual or any(p.startswith("_") for p in qual.split(".")):
            return None
        if any(p.startswith("_") for p in mod.split(".")):
            return None
        return f"{mod}.{qual}"

    def _where(self, key: str) -> tuple[str, int]:
        mod, _, qual = key.partition(":")
        m = self.index.module(mod)
        f = m.funcs.get(qual) if m is not None else None
        return (m.path, f.line) if m is not None and f is not None else ("", 0)

    # ------------------------------------------------------------------ learning callers

    def _learn(self, keys: list[str]) -> None:
        """Callers and public names of ``keys``, from the calls and imports that can name them."""
        with self._learning:
            keys = [k for k in dict.fromkeys(keys) if k not in self.callers]
            if keys:
                self._learn_new(keys)

    def _learn_new(self, keys: list[str]) -> None:
        mods = self.index.modules(k.partition(":")[0] for k in keys)
        self._follow_imports([k for k in keys if "." not in k.partition(":")[2]])
        names: dict[str, set[str]] = {}  # callee last name -> keys it may call
        for key in keys:
            mod, _, qual = key.partition(":")
            spellings = {qual.rpartition(".")[2], *(b.local for b in self._bindings.get(key, []))}
            spellings.update(t.rpartition(".")[2] for t in self._binding_targets(key))
            cls, _, meth = qual.partition(".")
            m = mods.get(mod)
            if meth == "__init__" and m is not None and cls in m.classes:
                spellings.add(cls)  # ``Cls()`` runs ``Cls.__init__``
            for n in spellings:
                names.setdefault(n, set()).add(key)
            self.public_names[key] = self._public_names_of(key)
        calls = self.index.reader.calls_named(self.index.snapshot_id, names)
        callers = self.index.modules(c.module for c in calls)
        self._functions_named(c.callee.rpartition(".")[2] for c in calls)
        wanted = set(keys)
        found: dict[str, list[Edge]] = {k: [] for k in keys}
        for c in calls:
            m = callers.get(c.module)
            f = m.funcs.get(c.caller) if m is not None else None
            if m is None or f is None:
                continue
            caller = f"{c.module}:{c.caller}"
            for callee, dyn in self._resolve_call(m, c.caller, f.cls, c):
                if callee in wanted and callee != caller:
                    found[callee].append(Edge(caller, c.line, dyn))
        self.callers.update(found)

    def _follow_imports(self, keys: list[str]) -> None:
        """For module-level functions: every import that binds them, through re-exports."""
        todo = [k for k in keys if k not in self._bindings]
        targets = {k: {k.replace(":", ".", 1)} for k in todo}
        # dotted target -> the keys it leads to: each import row is matched to its keys by one
        # look-up (a whole snapshot's raise sites are thousands of keys, ``caller_counts``)
        leads: dict[str, list[str]] = {}
        for k in todo:
            self._bindings[k] = []
            leads.setdefault(k.replace(":", ".", 1), []).append(k)
        for _ in range(_MAX_ALIAS_ROUNDS):
            leaves = {t.rpartition(".")[2] for k in todo for t in targets[k]}
            if not leaves:
                return
            grown = False
            rows = self.index.reader.imports_of(self.index.snapshot_id, leaves)
            self.index.modules(r.module for r in rows)  # the modules the chains pass through, at once
            for row in rows:
                target = resolve_import(row.module, row.is_package, row.level, row.target)
                for k in list(leads.get(target, ())):
                    if row not in self._bindings[k]:
                        self._bindings[k].append(row)
                        alias = f"{row.module}.{row.local}"
                        if alias not in targets[k] and self._func_key(alias) == k:
                            targets[k].add(alias)
                            leads.setdefault(alias, []).append(k)
                            grown = True
            if not grown:
                return

    def _binding_targets(self, key: str) -> set[str]:
        """Dotted names that lead to ``key``: its own, and each import binding that re-exports it."""
        out = {key.replace(":", ".", 1)}
        for row in self._bindings.get(key, []):
            alias = f"{row.module}.{row.local}"
            if self._func_key(alias) == key:
                out.add(alias)
        return out

    def _public_names_of(self, key: str) -> list[str]:
        """Names public modules give ``key`` by importing it: shortest first, then in code order
        (module path, then the order the module binds its names and their targets)."""
        found: list[tuple[str, int, int, str]] = []
        for row in self._bindings.get(key, []):
            if row.local.startswith("_") or any(p.startswith("_") for p in row.module.split(".")):
                continue
            target = resolve_import(row.module, row.is_package, row.level, row.target)
            m = self.index.module(row.module)
            if m is None or self._func_key(target) != key:
                continue
            at = (list(m.imports).index(row.local), m.imports[row.local].index(target))
            found.append((row.path, *at, f"{row.module}.{row.local}"))
        names = [name for *_, name in sorted(found)]
        names.sort(key=lambda n: (n.count("."), len(n)))
        return names

    def _functions_named(self, names: Iterable[str]) -> None:
        wanted = {n for n in names if n not in self._named}
        if wanted:
            found = self.index.reader.functions_named(self.index.snapshot_id, wanted)
            for n in wanted:
                self._named[n] = [f"{mod}:{qual}" for mod, qual in found.get(n, [])]

    # ------------------------------------------------------------------ resolving one call

    def _func_key(self, dotted: str) -> str | None:
        if dotted not in self._func_keys:
            self._func_keys[dotted] = None  # an import cycle (a.x -> b.x -> a.x) leads nowhere
            self._func_keys[dotted] = self._find_func(dotted)
        return self._func_keys[dotted]

    def _find_func(self, dotted: str) -> str | None:
        mod, _, name = dotted.rpartition(".")
        m = self.index.module(mod) if mod else None
        if m is not None and name in m.funcs:
            return f"{mod}:{name}"
        if m is not None and name in m.classes and f"{name}.__init__" in m.funcs:
            return f"{mod}:{name}.__init__"  # ``mod.Cls()`` or an imported ``Cls()`` runs it
        if m is not None and name in m.imports:  # re-export of a re-export
            for t in m.imports[name]:
                if t != dotted:
                    return self._func_key(t) if t.count(".") < 12 else None
        return None

    def _resolve_call(self, mod: Module, qual: str, cls: str | None, call: CallRow) -> list[tuple[str, bool]]:
        """The functions a call may reach: (key, reached only through a dynamic attribute)."""
        parts = call.callee.split(".")
        if len(parts) == 1:
            key = self._resolve_name(mod, qual, parts[0])
            return [(key, False)] if key else []
        key = self._resolve_dotted(mod, cls, parts)
        if key:
            return [(key, False)]
        # attribute on an unknown object: only when the name is rare enough to mean something
        defs = self._named.get(parts[-1], [])
        if 0 < len(defs) <= _MAX_DYNAMIC_DEFS and not parts[-1].startswith("__"):
            return [(d, True) for d in defs]
        return []

    def _resolve_name(self, mod: Module, qual: str, head: str) -> str | None:
        """A bare name: nested in this function or an enclosing one, module level, or imported."""
        scope = qual
        while True:
            cand = f"{scope}.<locals>.{head}"
            if cand in mod.funcs:
                return f"{mod.name}:{cand}"
            if ".<locals>." not in scope:
                break
            scope = scope.rsplit(".<locals>.", 1)[0]
        if head in mod.funcs:
            return f"{mod.name}:{head}"
        if head in mod.classes and f"{head}.__init__" in mod.funcs:
            return f"{mod.name}:{head}.__init__"
        for t in mod.imports.get(head, []):
            key = self._func_key(t)
            if key:
                return key
        return None

    def _resolve_dotted(self, mod: Module, cls: str | None, parts: list[str]) -> str | None:
        """``self.m``/``cls.m`` in a class, ``imported.path.f``, or ``LocalClass.m``."""
        head = parts[0]
        if head in ("self", "cls") and cls is not None and len(parts) == 2:
            cand = f"{cls}.{parts[1]}"
            if cand in mod.funcs:
                return f"{mod.name}:{cand}"
        for t in mod.imports.get(head, []):
            key = self._func_key(".".join([t, *parts[1:]]))
            if key:
                return key
        if head in mod.classes and len(parts) == 2 and f"{head}.{parts[1]}" in mod.funcs:
            return f"{mod.name}:{head}.{parts[1]}"
        return None


def _display(key: str) -> str:
    mod, _, qual = key.partition(":")
    return f"{mod}.{qual}"
