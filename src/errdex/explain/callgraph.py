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
"""

from __future__ import annotations

from collections import defaultdict, deque
from dataclasses import dataclass, field

from errdex.explain.symbols import ProjectIndex

__all__ = ["CallGraph", "Reach", "build_callgraph"]

_MAX_DYNAMIC_DEFS = 3


@dataclass(slots=True)
class Edge:
    caller: str  # "module:qualname"
    line: int
    dynamic: bool


@dataclass(slots=True)
class Reach:
    function: str  # public dotted name
    path: str
    line: int
    via: list[str]
    dynamic: bool

    def to_json(self) -> dict[str, object]:
        return {"function": self.function, "path": self.path, "line": self.line, "via": self.via,
                "dynamic": self.dynamic}


@dataclass(slots=True)
class CallGraph:
    callers: dict[str, list[Edge]] = field(default_factory=dict)  # callee key -> edges
    public_names: dict[str, list[str]] = field(default_factory=dict)  # key -> re-exported names
    where: dict[str, tuple[str, int]] = field(default_factory=dict)  # key -> (path, line)

    def reached_from(self, module: str, qualname: str, limit: int = 5, max_depth: int = 8) -> list[Reach]:
        start = f"{module}:{qualname}"
        seen = {start}
        queue: deque[tuple[str, list[str], bool, int]] = deque([(start, [], False, 0)])
        out: list[Reach] = []
        named: list[Reach] = []  # second tier: public-looking names inside private packages
        while queue and len(out) < limit:
            key, via, dyn, depth = queue.popleft()
            pub = self._public(key)
            if pub and key != start:
                path, line = self.where.get(key, ("", 0))
                out.append(Reach(pub, path, line, via, dyn))
                continue
            if key != start and self._api_like(key) and len(named) < limit:
                path, line = self.where.get(key, ("", 0))
                named.append(Reach(_display(key), path, line, via, dyn))
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
            path, line = self.where.get(start, ("", 0))
            out.append(Reach(self._public(start) or "", path, line, [], False))
        return out or named[:limit]

    @staticmethod
    def _api_like(key: str) -> bool:
        qual = key.partition(":")[2]
        return "<locals>" not in qual and not any(p.startswith("_") for p in qual.split("."))

    def _public(self, key: str) -> str | None:
        names = self.public_names.get(key)
        if names:
            return names[0]
        mod, _, qual = key.partition(":")
        if "<locals>" in qual or any(p.startswith("_") for p in qual.split(".")):
            return None
        if any(p.startswith("_") for p in mod.split(".")):
            return None
        return f"{mod}.{qual}"


def _display(key: str) -> str:
    mod, _, qual = key.partition(":")
    return f"{mod}.{qual}"


def build_callgraph(index: ProjectIndex) -> CallGraph:
    graph = CallGraph()
    by_name: dict[str, list[str]] = defaultdict(list)  # last name -> keys (for dynamic calls)
    for mod in index.modules.values():
        for qual, f in mod.funcs.items():
            key = f"{mod.name}:{qual}"
            graph.where[key] = (mod.path, f.line)
            by_name[qual.rsplit(".", 1)[-1]].append(key)
    callers: dict[str, list[Edge]] = defaultdict(list)
    for mod in index.modules.values():
        for qual, f in mod.funcs.items():
            caller = f"{mod.name}:{qual}"
            for call in f.calls:
                for callee, dyn in _resolve_call(index, mod.name, qual, f.cls, call.callee, by_name):
                    if callee != caller:
                        callers[callee].append(Edge(caller, call.line, dyn))
    graph.callers = dict(callers)
    # public re-exports: a public module importing a private function binds a public name
    for mod in index.modules.values():
        if any(p.startswith("_") for p in mod.name.split(".")):
            continue
        for local, targets in mod.imports.items():
            if local.startswith("_"):
                continue
            for t in targets:
                found = _func_key(index, t)
                if found:
                    graph.public_names.setdefault(found, []).append(f"{mod.name}.{local}")
    for names in graph.public_names.values():
        names.sort(key=lambda n: (n.count("."), len(n)))
    return graph


def _func_key(index: ProjectIndex, dotted: str) -> str | None:
    mod, _, name = dotted.rpartition(".")
    m = index.modules.get(mod)
    if m is not None and name in m.funcs:
        return f"{mod}:{name}"
    if m is not None and name in m.imports:  # re-export of a re-export
        for t in m.imports[name]:
            if t != dotted:
                return _func_key(index, t) if t.count(".") < 12 else None
    return None


def _resolve_call(
    index: ProjectIndex, module: str, qual: str, cls: str | None, callee: str,
    by_name: dict[str, list[str]],
) -> list[tuple[str, bool]]:
    mod = index.modules[module]
    parts = callee.split(".")
    head = parts[0]
    if len(parts) == 1:
        # nested function defined in this one or an enclosing one, then module level
        scope = qual
        while True:
            cand = f"{scope}.<locals>.{head}"
            if cand in mod.funcs:
                return [(f"{module}:{cand}", False)]
            if ".<locals>." not in scope:
                break
            scope = scope.rsplit(".<locals>.", 1)[0]
        if head in mod.funcs:
            return [(f"{module}:{head}", False)]
        if head in mod.classes and f"{head}.__init__" in mod.funcs:
            return [(f"{module}:{head}.__init__", False)]
        for t in mod.imports.get(head, []):
            key = _func_key(index, t)
            if key:
                return [(key, False)]
        return []
    if head in ("self", "cls") and cls is not None and len(parts) == 2:
        cand = f"{cls}.{parts[1]}"
        if cand in mod.funcs:
            return [(f"{module}:{cand}", False)]
    if head in mod.imports:
        for t in mod.imports[head]:
            key = _func_key(index, ".".join([t, *parts[1:]]))
            if key:
                return [(key, False)]
    if head in mod.classes and len(parts) == 2 and f"{head}.{parts[1]}" in mod.funcs:
        return [(f"{module}:{head}.{parts[1]}", False)]
    # attribute on an unknown object: only when the name is rare enough to mean something
    defs = by_name.get(parts[-1], [])
    if 0 < len(defs) <= _MAX_DYNAMIC_DEFS and not parts[-1].startswith("__"):
        return [(d, True) for d in defs]
    return []
