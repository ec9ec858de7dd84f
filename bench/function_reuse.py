"""How much of a changed file's walk per-function reuse could skip, on real release pairs.

    .venv/bin/python bench/function_reuse.py                       # jax, three pairs
    .venv/bin/python bench/function_reuse.py --pair 0.10.1 0.10.2

A function of a changed file could reuse its extraction (its sites and facts, lines shifted)
only where its text is byte-identical to a function of the same qualified name in the same
path of the previous release AND nothing it sees of the module changed. This measures the share
of the changed files' function text (top-level functions and methods, decorators included)
reusable under four readings of "what it sees", from the loosest to the strictest a sound
extractor could use:

* text only: the function's text (an upper bound no sound reuse reaches);
* names it reads: the module-level statements binding each name the function reads (imports,
  assignments, defs) and, for a method, its class header and class-level statements;
* imports: every import of the module unchanged;
* module: the imports and the set of names bound at module level unchanged.

No file is imported or run: both releases are parsed with ``ast`` only.
"""

from __future__ import annotations

import argparse
import ast
from collections.abc import Iterator

Unit = tuple[str, str, str, str, str]  # qualname, text, names-it-reads context, imports, module names
FUNCS = (ast.FunctionDef, ast.AsyncFunctionDef)


def _bindings(tree: ast.Module) -> dict[str, list[str]]:
    """Module-level name -> the statements binding it (dumped), defs by kind only."""
    out: dict[str, list[str]] = {}
    for node in tree.body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            for a in node.names:
                out.setdefault((a.asname or a.name).split(".")[0], []).append(ast.dump(node))
        elif isinstance(node, (*FUNCS, ast.ClassDef)):
            out.setdefault(node.name, []).append(type(node).__name__)
        else:
            for n in ast.walk(node):
                if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store):
                    out.setdefault(n.id, []).append(ast.dump(node))
    return out


def _functions(tree: ast.Module) -> Iterator[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef, str]]:
    for node in tree.body:
        if isinstance(node, FUNCS):
            yield node.name, node, ""
        elif isinstance(node, ast.ClassDef):
            header = ast.dump(ast.ClassDef(node.name, node.bases, node.keywords, [], node.decorator_list, []))
            header += repr([ast.dump(i) for i in node.body if not isinstance(i, FUNCS)])
            for item in node.body:
                if isinstance(item, FUNCS):
                    yield f"{node.name}.{item.name}", item, header


def units(source: str) -> list[Unit]:
    tree = ast.parse(source)
    lines = source.splitlines(keepends=True)
    bound = _bindings(tree)
    imports = repr(sorted(ast.dump(n) for n in tree.body if isinstance(n, ast.Import | ast.ImportFrom)))
    names = repr(sorted(bound))
    out: list[Unit] = []
    for qual, node, header in _functions(tree):
        start = min([node.lineno, *(d.lineno for d in node.decorator_list)])
        text = "".join(lines[start - 1 : node.end_lineno])
        read = sorted({n.id for n in ast.walk(node) if isinstance(n, ast.Name)})
        out.append((qual, text, repr([(r, bound.get(r)) for r in read]) + header, imports, imports + names))
    return out


def measure(old: dict[str, bytes], new: dict[str, bytes]) -> tuple[int, int, list[int]]:
    """(changed files, function text bytes in them, reusable bytes under each reading)."""
    changed = [p for p in sorted(new) if p in old and old[p] != new[p]]
    total, reusable = 0, [0, 0, 0, 0]
    for path in changed:
        try:
            before = {(u[0], u[1]): u for u in units(old[path].decode("utf-8", "replace"))}
            after = units(new[path].decode("utf-8", "replace"))
        except SyntaxError:
            continue
        for u in after:
            total += len(u[1])
            prev = before.get((u[0], u[1]))
            if prev is None:
                continue
            for i, same in enumerate((True, prev[2] == u[2], prev[3] == u[3], prev[4] == u[4])):
                reusable[i] += len(u[1]) * same
    return len(changed), total, reusable


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--package", default="jax")
    ap.add_argument("--pair", nargs=2, action="append", metavar=("OLD", "NEW"))
    args = ap.parse_args()
    pairs = args.pair or [("0.9.2", "0.10.0"), ("0.10.1", "0.10.2"), ("0.11.2", "0.12.0")]

    from errdex.sources import open_source

    def py(version: str) -> dict[str, bytes]:
        snap = open_source(f"pypi:{args.package}=={version}")
        return {f.path: f.data for f in snap.files if f.path.endswith(".py")}

    print(f"{'pair':<20} {'changed':>7} {'fn MB':>6} {'text':>6} {'reads':>6} {'imports':>7} {'module':>7}")
    for a, b in pairs:
        n, total, reusable = measure(py(a), py(b))
        shares = " ".join(f"{r / max(total, 1):>6.0%}" for r in reusable)
        print(f"{a + ' -> ' + b:<20} {n:>7} {total / 1e6:>6.2f} {shares}")


if __name__ == "__main__":
    main()
