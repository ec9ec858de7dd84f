"""Write errdex's static table of standard-library names (``src/errdex/analysis/data/stdlib.json``).

errdex checks every name a language model writes against what exists, and must never import what
a model names: importing ``venv.__main__`` runs venv's command line, ``antigravity`` opens a
browser. So the standard library's public names are recorded here once, on a developer's
machine, by importing the standard library only (never a third-party package, never a
``__main__`` module, never a module that acts on import), and committed as data that errdex reads
at run time without importing anything.

Usage: ``python scripts/gen_stdlib_table.py [PYTHON ...]`` — every interpreter given (default:
this one) dumps its standard library in an isolated subprocess (``-I``: no site-packages, no
user site, no PYTHON* variables), and the union is written, so a name that exists in any of the
supported versions (3.12 and 3.13) resolves.

The table holds modules and classes. Each maps its attribute names to a reference saying what the
attribute is, so chains resolve: ``m:os.path`` (a module), ``c:collections.OrderedDict`` (the
class itself), ``i:builtins.str`` (an instance of that class: its attributes are the class's).
Single-underscore names are kept for modules (``sys._getframe`` is used in real code) and for
classes (``namedtuple._asdict`` is public API); what is dropped is anything whose name is not an
identifier.
"""

from __future__ import annotations

import json
import pathlib
import subprocess
import sys

OUT = pathlib.Path(__file__).resolve().parents[1] / "src" / "errdex" / "analysis" / "data" / "stdlib.json"

# Never imported, even here: they act on import (open a browser, print, start a GUI or a
# command line) or are the test suite and IDLE, which no error message points users into.
SKIP_TOP = frozenset(
    {"antigravity", "this", "idlelib", "tkinter", "turtle", "turtledemo", "test", "lib2to3", "pydoc_data",
     "__main__", "__phello__", "__hello__", "ensurepip", "xxsubtype", "xxlimited", "xxlimited_35"}
)  # fmt: skip


class _Dumper:
    """Walks this interpreter's standard library (runs in the isolated child): modules first,
    then every class their attributes reach, then the modules those references name."""

    def __init__(self) -> None:
        self.modules: dict[str, dict[str, str]] = {}
        self.classes: dict[str, dict[str, str]] = {}
        self.metas: dict[str, str] = {}
        self.mros: dict[str, list[str]] = {}
        self.pending: list[type] = []

    @staticmethod
    def key(cls: type) -> str:
        return f"{cls.__module__}.{cls.__qualname__}"

    def ref(self, obj: object) -> str:
        import types

        if isinstance(obj, types.ModuleType):
            return f"m:{obj.__name__}"
        if isinstance(obj, type):
            self.pending.append(obj)
            return f"c:{self.key(obj)}"
        self.pending.append(type(obj))
        return f"i:{self.key(type(obj))}"

    def members(self, obj: object, names: list[str]) -> dict[str, str]:
        out: dict[str, str] = {}
        for name in names:
            if not isinstance(name, str) or not name.isidentifier():
                continue
            try:
                value = getattr(obj, name)
            except Exception:
                out[name] = ""  # listed but not readable: the name exists, its type is unknown
                continue
            out[name] = self.ref(value)
        return out

    def walk_modules(self) -> None:
        import importlib
        import pkgutil

        names = sorted(n for n in sys.stdlib_module_names if not n.startswith("_") and n not in SKIP_TOP)
        todo: list[str] = list(names)
        seen: set[str] = set()
        while todo:
            name = todo.pop(0)
            if name in seen or name.rsplit(".", 1)[-1] == "__main__":
                continue
            seen.add(name)
            try:
                mod = importlib.import_module(name)
            except Exception:  # another platform's module (winreg), or a missing optional library
                continue
            public = set(getattr(mod, "__all__", ()))
            table = self.members(mod, dir(mod))
            # a module another one imports (``subprocess.os``) is that module's business, not an
            # attribute anyone names; submodules and modules in ``__all__`` (``os.path``) stay
            self.modules[name] = {
                a: r
                for a, r in table.items()
                if not r.startswith("m:") or r.startswith(f"m:{name}.") or a in public
            }
            path = getattr(mod, "__path__", None)
            if path is not None:
                for info in pkgutil.iter_modules(path, name + "."):
                    last = info.name.rsplit(".", 1)[-1]
                    if not last.startswith("_") and last not in ("tests", "test"):
                        todo.append(info.name)

    def walk_classes(self) -> None:
        done: set[str] = set()
        while self.pending:
            cls = self.pending.pop()
            k = self.key(cls)
            if k in done:
                continue
            done.add(k)
            # own members only; inherited ones are found along ``mros`` (a fraction of the size)
            self.classes[k] = self.members(cls, list(vars(cls)))
            self.mros[k] = [self.key(b) for b in cls.__mro__[1:]]
            self.pending.extend(cls.__mro__[1:])
            meta = type(cls)
            if meta is not type:
                self.metas[k] = self.key(meta)
                self.pending.append(meta)

    def add_referenced_modules(self) -> None:
        """The modules ``m:`` references name (os.path is posixpath) must have their own entry."""
        import importlib

        for table in (*self.modules.values(), *self.classes.values()):
            for r in table.values():
                if r.startswith("m:") and r[2:] not in self.modules and r[2:].split(".")[0] not in SKIP_TOP:
                    try:
                        self.modules[r[2:]] = self.members(mod := importlib.import_module(r[2:]), dir(mod))
                    except Exception:
                        continue


def _dump() -> dict[str, object]:
    """This interpreter's table (runs in the isolated child)."""
    import warnings

    warnings.simplefilter("ignore")
    d = _Dumper()
    d.walk_modules()
    d.walk_classes()
    d.add_referenced_modules()
    return {
        "python": [sys.version.split()[0]],
        "modules": d.modules,
        "classes": d.classes,
        "metas": d.metas,
        "mros": d.mros,
    }


def _merge(tables: list[dict]) -> dict:
    out: dict = {"python": [], "modules": {}, "classes": {}, "metas": {}, "mros": {}}
    for t in tables:
        out["python"] += t["python"]
        for section in ("modules", "classes"):
            for name, attrs in t[section].items():
                mine = out[section].setdefault(name, {})
                for attr, r in attrs.items():
                    if not mine.get(attr):
                        mine[attr] = r
        for section in ("metas", "mros"):
            for k, v in t[section].items():
                out[section].setdefault(k, v)
    for section in ("modules", "classes"):
        out[section] = {k: dict(sorted(v.items())) for k, v in sorted(out[section].items())}
    out["metas"] = dict(sorted(out["metas"].items()))
    out["mros"] = dict(sorted(out["mros"].items()))
    return out


def _render(table: dict) -> str:
    """JSON with each reference stored once (attributes hold its index) and one entry a line,
    so a new Python version shows up in review as the lines that changed."""
    refs: dict[str, int] = {}
    for section in ("modules", "classes"):
        for attrs in table[section].values():
            for r in attrs.values():
                refs.setdefault(r, len(refs))
    sections = {
        "modules": {k: {a: refs[r] for a, r in v.items()} for k, v in table["modules"].items()},
        "classes": {k: {a: refs[r] for a, r in v.items()} for k, v in table["classes"].items()},
        "metas": table["metas"],
        "mros": table["mros"],
    }
    lines = ["{", f'"format": 1, "python": {json.dumps(table["python"])},', '"refs": [']
    lines += [f"{json.dumps(r)}," for r in refs]
    lines[-1] = lines[-1].rstrip(",")
    lines.append("],")
    for n, (section, entries) in enumerate(sections.items()):
        lines.append(f'"{section}": {{')
        body = [f"{json.dumps(k)}: {json.dumps(v, separators=(',', ':'))}," for k, v in entries.items()]
        if body:
            body[-1] = body[-1].rstrip(",")
        lines += body
        lines.append("}," if n + 1 < len(sections) else "}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main() -> None:
    if sys.argv[1:] == ["--dump"]:
        json.dump(_dump(), sys.stdout)
        return
    pythons = sys.argv[1:] or [sys.executable]
    tables = []
    for py in pythons:
        out = subprocess.run([py, "-I", __file__, "--dump"], capture_output=True, text=True, check=True)
        tables.append(json.loads(out.stdout))
    merged = _merge(tables)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(_render(merged))
    print(
        f"{OUT}: Python {', '.join(merged['python'])}; {len(merged['modules'])} modules, "
        f"{len(merged['classes'])} classes, {OUT.stat().st_size / 1e6:.1f} MB"
    )


if __name__ == "__main__":
    main()
