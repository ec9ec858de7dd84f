#!/usr/bin/env python3
"""Benchmark errdex's match stage against a naive regex-per-template baseline.

    .venv/bin/python bench/match_speed.py [--sizes 10000,100000,1000000] [--queries 2000]

Templates are real: taken from the wheels unpacked under /tmp/corpus/* with errdex's extractor
when it is available, else with a rough AST walk over raise/warn/log calls (string constants,
f-strings, %- and .format messages). They are scaled to each size with systematically varied copies
(a copy tag inserted into one literal word and a rotated word), so every size has distinct
templates with realistic shapes and shared fragments. Queries are rendered from random templates
with random placeholder values (some truncated, some with a type prefix, some reworded).

Measured in one run, per size: index build time, p50/p99 latency and queries/s of
``Matcher.explain``, and for the naive baseline (``re`` with ``(.*?)`` gaps, DOTALL, tried for
every template in turn) per-query time on a small sample, time-boxed. Prints a table with the ratio.
"""

from __future__ import annotations

import argparse
import ast
import os
import random
import re
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from errdex.match import Matcher
from errdex.model import CatalogueEntry, error_id

CORPUS = Path("/tmp/corpus")
_LOG_METHODS = {"debug": "DEBUG", "info": "INFO", "warning": "WARNING", "warn": "WARNING", "error": "ERROR",
                "exception": "ERROR", "critical": "CRITICAL"}  # fmt: skip


def _segments(node: ast.expr, env: dict[str, ast.expr], depth: int = 0) -> list[str] | None:
    """Segments of a message expression, or None when it is not a recognisable string."""
    if depth > 4:
        return None
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.JoinedStr):
        segs = [""]
        for v in node.values:
            if isinstance(v, ast.Constant):
                segs[-1] += str(v.value)
            elif isinstance(v, ast.FormattedValue):
                segs += [ast.unparse(v.value)[:60], ""]
        return segs
    if isinstance(node, ast.Name) and node.id in env:
        return _segments(env[node.id], {}, depth + 1)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        a, b = _segments(node.left, env, depth + 1), _segments(node.right, env, depth + 1)
        if a is None and b is None:
            return None
        a = a if a is not None else ["", ast.unparse(node.left)[:60], ""]
        b = b if b is not None else ["", ast.unparse(node.right)[:60], ""]
        return [*a[:-1], a[-1] + b[0], *b[1:]]
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
        base = _segments(node.left, env, depth + 1)
        if base is None or len(base) != 1:
            return None
        parts = re.split(r"%(?:\([^)]*\))?[-#0 +]*\d*(?:\.\d+)?[sdrfgixXeEc]", base[0])
        segs = [parts[0]]
        for i, p in enumerate(parts[1:], 1):
            segs += [f"arg{i}", p]
        return [s.replace("%%", "%") if k % 2 == 0 else s for k, s in enumerate(segs)]
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format":
        base = _segments(node.func.value, env, depth + 1)
        if base is None or len(base) != 1:
            return None
        parts = re.split(r"\{[^{}]*\}", base[0])
        segs = [parts[0]]
        for i, p in enumerate(parts[1:], 1):
            segs += [f"arg{i}", p]
        return segs
    return None


class _Walker(ast.NodeVisitor):
    def __init__(self, path: str) -> None:
        self.path = path
        self.stack: list[str] = []
        self.env: list[dict[str, ast.expr]] = [{}]
        self.out: list[tuple[str, str, list[str], int, str]] = []

    def _qual(self) -> str:
        return ".".join(self.stack) or "<module>"

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self.stack.append(node.name)
        self.generic_visit(node)
        self.stack.pop()

    def _func(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        self.stack.append(node.name)
        self.env.append({})
        for stmt in ast.walk(node):
            if (
                isinstance(stmt, ast.Assign)
                and len(stmt.targets) == 1
                and isinstance(stmt.targets[0], ast.Name)
            ):
                self.env[-1][stmt.targets[0].id] = stmt.value
        self.stack.append("<locals>")
        for child in node.body:
            self.visit(child)
        self.stack.pop()
        self.env.pop()
        self.stack.pop()

    visit_FunctionDef = _func
    visit_AsyncFunctionDef = _func

    def visit_Raise(self, node: ast.Raise) -> None:
        exc = node.exc
        if isinstance(exc, ast.Call) and exc.args:
            segs = _segments(exc.args[0], self.env[-1])
            if segs is None and isinstance(exc.args[0], ast.Name):
                segs = ["", exc.args[0].id, ""]  # raise X(e): the message is whatever e says
            if segs is not None:
                name = ast.unparse(exc.func)
                self.out.append(("error", name, segs, node.lineno, self._qual()))
        self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> None:
        f = node.func
        if isinstance(f, ast.Attribute) and node.args:
            if f.attr in ("warn", "warn_external") and "warn" in ast.unparse(f.value) + f.attr:
                segs = _segments(node.args[0], self.env[-1])
                if segs is not None:
                    cat = ast.unparse(node.args[1]) if len(node.args) > 1 else "UserWarning"
                    for kw in node.keywords:
                        if kw.arg == "category":
                            cat = ast.unparse(kw.value)
                    self.out.append(("warning", cat, segs, node.lineno, self._qual()))
            elif f.attr in _LOG_METHODS and "log" in ast.unparse(f.value).lower():
                segs = _segments(node.args[0], self.env[-1])
                if segs is not None:
                    self.out.append(("log", "log." + _LOG_METHODS[f.attr], segs, node.lineno, self._qual()))
        self.generic_visit(node)


def _fix_qual(q: str) -> str:
    # "<locals>" only between functions: "C.<locals>.m" -> "C.m" when the outer is a class is not
    # knowable here; drop a trailing "<locals>" and keep the rest
    parts = q.split(".")
    while parts and parts[-1] == "<locals>":
        parts.pop()
    return ".".join(parts) or "<module>"


def rough_entries(root: Path, repo: str) -> list[CatalogueEntry]:
    """Catalogue entries from an unpacked wheel by a rough AST walk (no helper inlining)."""
    out: list[CatalogueEntry] = []
    for p in sorted(root.rglob("*.py")):
        rel = p.relative_to(root).as_posix()
        if "/tests/" in rel or rel.startswith("tests/") or ".dist-info" in rel:
            continue
        try:
            tree = ast.parse(p.read_bytes())
        except (SyntaxError, ValueError):
            continue
        w = _Walker(rel)
        w.visit(tree)
        for kind, exc, segs, line, qual in w.out:
            fn = _fix_qual(qual)
            tmpl = "".join(s if i % 2 == 0 else "{" + s + "}" for i, s in enumerate(segs))
            out.append(
                CatalogueEntry(
                    key=len(out), error_id=error_id(repo, rel, fn, exc, tmpl), repo=repo, version="bench",
                    snapshot_date=None, kind=kind, exc_type=exc, exc_qualname=None,  # type: ignore[arg-type]
                    template=tmpl, segments=segs, path=rel, line=line, function=fn,
                )
            )  # fmt: skip
    return out


def corpus_entries() -> list[CatalogueEntry]:
    try:
        from errdex.extract import extract  # type: ignore[attr-defined]
    except ImportError:
        extract = None
    entries: list[CatalogueEntry] = []
    for d in sorted(CORPUS.iterdir()) if CORPUS.exists() else []:
        if extract is not None:
            pass  # the extractor's API is not settled yet; the rough walk keeps the bench runnable
        entries.extend(rough_entries(d, f"bench/{d.name}"))
    return entries


_WORDS = [
    "alpha",
    "beta",
    "gamma",
    "delta",
    "kappa",
    "sigma",
    "omega",
    "tensor",
    "frame",
    "index",
    "axis",
    "block",
    "scope",
    "shard",
]


def scale(base: list[CatalogueEntry], n: int) -> list[CatalogueEntry]:
    """``n`` distinct templates: the base ones, then varied copies (tagged word + rotated word)."""
    out = list(base[:n])
    k = 0
    while len(out) < n:
        k += 1
        for e in base:
            if len(out) >= n:
                break
            segs = list(e.segments)
            tag = f"{_WORDS[k % len(_WORDS)]}{k}"
            j = (k % ((len(segs) + 1) // 2)) * 2
            words = segs[j].split(" ")
            pos = k % max(len(words), 1)
            words.insert(pos, tag)
            segs[j] = " ".join(words)
            tmpl = "".join(s if i % 2 == 0 else "{" + s + "}" for i, s in enumerate(segs))
            out.append(
                CatalogueEntry(
                    key=len(out), error_id=f"{e.error_id}-{k}", repo=e.repo, version=e.version, snapshot_date=None,
                    kind=e.kind, exc_type=e.exc_type, exc_qualname=None, template=tmpl, segments=segs,
                    path=e.path, line=e.line + k, function=e.function,
                )
            )  # fmt: skip
    return out


def render_query(e: CatalogueEntry, rng: random.Random) -> str:
    vals = ["17", "'x'", "(2, 3)", "float32[4,4]", "None", "<Foo at 0x7f>", "name_with_k", "[1, 2, 3]"]
    text = "".join(s if i % 2 == 0 else rng.choice(vals) for i, s in enumerate(e.segments))
    r = rng.random()
    if r < 0.6:
        return f"{e.exc_type.rsplit('.', 1)[-1]}: {text}"
    if r < 0.8:
        return text[: max(30, len(text) // 2)]
    return f'Traceback (most recent call last):\n  File "/x/site-packages/{e.path}", line {e.line}, in {e.function}\n    raise X\n{e.exc_type}: {text}'


def naive_regexes(entries: list[CatalogueEntry]) -> list[re.Pattern[str]]:
    return [
        re.compile(
            "".join(re.escape(s) if i % 2 == 0 else "(.*?)" for i, s in enumerate(e.segments)), re.DOTALL
        )
        for e in entries
    ]


def naive_query(regexes: list[re.Pattern[str]], text: str, deadline: float) -> int:
    hits = 0
    for i, rx in enumerate(regexes):
        if rx.search(text):
            hits += 1
        if i % 2000 == 0 and time.perf_counter() > deadline:
            raise TimeoutError
    return hits


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", default="10000,100000,1000000")
    ap.add_argument("--queries", type=int, default=2000)
    ap.add_argument("--naive-queries", type=int, default=20)
    ap.add_argument("--naive-budget", type=float, default=60.0, help="seconds per size for the baseline")
    args = ap.parse_args()
    rng = random.Random(7)
    t = time.perf_counter()
    base = corpus_entries()
    base = [e for e in base if sum(len(s.strip()) for s in e.segments[0::2]) >= 8]
    print(f"base templates: {len(base)} from {CORPUS} ({time.perf_counter() - t:.1f}s)", file=sys.stderr)
    if not base:
        print("no corpus found", file=sys.stderr)
        return 1
    rows = []
    for n in [int(x) for x in args.sizes.split(",")]:
        entries = scale(base, n)
        t = time.perf_counter()
        matcher = Matcher.from_entries(entries)
        build = time.perf_counter() - t
        t = time.perf_counter()
        blob = matcher.index.dumps()
        dump_s = time.perf_counter() - t
        queries = [render_query(rng.choice(entries), rng) for _ in range(args.queries)]
        lat = []
        found = 0
        t0 = time.perf_counter()
        for qtext in queries:
            t = time.perf_counter()
            res = matcher.explain(qtext, limit=10)
            lat.append(time.perf_counter() - t)
            found += bool(res.matches)
        total = time.perf_counter() - t0
        lat.sort()
        p50 = statistics.median(lat) * 1e3
        p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1e3
        # naive baseline, time-boxed
        t = time.perf_counter()
        regexes = naive_regexes(entries)
        compile_s = time.perf_counter() - t
        deadline = time.perf_counter() + args.naive_budget
        nlat = []
        try:
            for qtext in queries[: args.naive_queries]:
                t = time.perf_counter()
                naive_query(regexes, qtext, deadline)
                nlat.append(time.perf_counter() - t)
        except TimeoutError:
            pass
        del regexes
        naive_ms = statistics.mean(nlat) * 1e3 if nlat else float("nan")
        rows.append((n, build, len(blob) / 1e6, dump_s, p50, p99, len(lat) / total, found / len(queries),
                     naive_ms, len(nlat), compile_s))  # fmt: skip
        print(f"done {n}", file=sys.stderr)
    print(f"{'templates':>10} {'build_s':>8} {'index_MB':>8} {'p50_ms':>8} {'p99_ms':>8} {'qps':>8} {'answered':>8}"
          f" {'naive_ms':>10} {'naive_n':>7} {'ratio':>8}")  # fmt: skip
    for n, build, mb, _d, p50, p99, qps, ans, naive_ms, nn, _c in rows:
        ratio = naive_ms / (1e3 / qps) if nn else float("nan")
        print(
            f"{n:>10} {build:>8.1f} {mb:>8.1f} {p50:>8.3f} {p99:>8.3f} {qps:>8.0f} {ans:>8.2f}"
            f" {naive_ms:>10.1f} {nn:>7} {ratio:>7.0f}x"
        )
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    sys.exit(main())
