#!/usr/bin/env python3
"""CPU of the extraction and of a one-process index, two trees alternated in one run.

    .venv/bin/python bench/extract_ab.py --baseline main                  # main vs this tree
    .venv/bin/python bench/extract_ab.py --baseline main --rounds 3 --no-index
    .venv/bin/python bench/extract_ab.py --spec pypi:jax==0.10.2 --spec pypi:click==8.5.1

On a shared machine the wall clock measures the load; this reads CPU time only, and runs the two
trees one after the other in each round, their order swapped from round to round, so a change
of load falls on both. Per round and tree:

- **extraction**: a child process (``PYTHONPATH`` the tree's ``src/``) gives every ``.py`` file
  of each release to ``extract_file`` and makes its cache entry (``cache_entry``), the cyclic
  collector off, as the index's workers do; its CPU is ``time.process_time`` around that loop
  alone (the release is read first, outside it), once per release;
- **index** (unless ``--no-index``): a child runs ``index_releases`` of all the releases into a
  new catalogue with ``jobs=1`` (everything in that process: extraction, resolution, the
  match index, the writes) and the parent reads its CPU (user + system, ``RUSAGE_CHILDREN``).

The table gives the medians over the rounds, and the branch's against the baseline's. The
baseline is a ``git archive`` of the revision, byte-compiled as this tree is (an uncompiled tree
recompiles errdex's modules in every process, perf22). ``ERRDEX_EXTRACTION_CACHE`` is unset in
the children, so every file is parsed.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from extract_instructions import tree_src  # (a revision's src/ by git archive, or this tree's)

# five large releases of different styles (their wheels are in the regression sets' cache)
SPECS = tuple(
    f"pypi:{r}"
    for r in ("jax==0.10.2", "pandas==3.1.1", "sympy==1.14.0", "django==6.1.3", "sqlalchemy==2.1.9")
)

EXTRACT = """
import gc, json, sys, time
from errdex.extract import cache_entry, extract_file
from errdex.sources import open_source
out = {}
for spec in sys.argv[1:]:
    files = sorted((f for f in open_source(spec).files if f.path.endswith(".py")), key=lambda f: f.path)
    items = [(f.path, f.data) for f in files]
    gc.disable()
    start = time.process_time()
    for path, data in items:
        cache_entry(extract_file(path, data))
    out[spec] = time.process_time() - start
    gc.enable()
print(json.dumps(out))
"""

INDEX = """
import sys
from errdex.pipeline import index_releases
for _ in index_releases(sys.argv[2:], sys.argv[1], jobs=1, sdist_tests=False):
    pass
"""


def _env(src: Path) -> dict[str, str]:
    env = dict(os.environ, PYTHONPATH=str(src))
    env.pop("ERRDEX_EXTRACTION_CACHE", None)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # (each tree is byte-compiled first)
    return env


def extraction(src: Path, specs: list[str]) -> dict[str, float]:
    """CPU seconds of each release's extraction in a child running ``src``."""
    run = subprocess.run(
        [sys.executable, "-c", EXTRACT, *specs], env=_env(src), capture_output=True, text=True, check=True
    )
    got: dict[str, float] = json.loads(run.stdout.strip().splitlines()[-1])
    return got


def index_cpu(src: Path, specs: list[str], db: Path) -> float:
    """CPU seconds (user + system) of a child indexing ``specs`` into a new catalogue."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-c", INDEX, str(db), *specs], env=_env(src), check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--baseline", default="main", help="git revision to compare this tree with")
    ap.add_argument("--tree", default=".", help="the other revision ('.': this tree's src/)")
    ap.add_argument("--spec", action="append", help="a release (repeatable); default: five large ones")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--no-index", action="store_true", help="the extraction alone")
    args = ap.parse_args()
    specs: list[str] = args.spec or list(SPECS)
    work = Path(tempfile.mkdtemp(prefix="extract-ab-"))
    try:
        trees = {"base": tree_src(args.baseline, work / "base"), "new": tree_src(args.tree, work / "new")}
        subprocess.run([sys.executable, "-m", "compileall", "-q", *map(str, trees.values())], check=True)
        ext: dict[str, dict[str, list[float]]] = {t: {s: [] for s in specs} for t in trees}
        idx: dict[str, list[float]] = {t: [] for t in trees}
        for r in range(args.rounds):
            for label in ("base", "new") if r % 2 == 0 else ("new", "base"):
                for spec, cpu in extraction(trees[label], specs).items():
                    ext[label][spec].append(cpu)
                if not args.no_index:
                    db = work / f"{label}-{r}.db"
                    idx[label].append(index_cpu(trees[label], specs, db))
                    db.unlink(missing_ok=True)
                print(f"round {r + 1} {label} done", file=sys.stderr, flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    med = statistics.median
    print(f"{args.baseline} (base) vs {args.tree} (new): CPU s, medians of {args.rounds} rounds, alternated")
    print("| measured | base | new | new / base |\n|---|---|---|---|")
    for spec in specs:
        b, n = med(ext["base"][spec]), med(ext["new"][spec])
        print(f"| extraction {spec.removeprefix('pypi:')} | {b:.2f} | {n:.2f} | {n / b:.3f} |")
    b = med([sum(ext["base"][s][r] for s in specs) for r in range(args.rounds)])
    n = med([sum(ext["new"][s][r] for s in specs) for r in range(args.rounds)])
    print(f"| **extraction, all {len(specs)}** | {b:.2f} | {n:.2f} | {n / b:.3f} |")
    if not args.no_index:
        b, n = med(idx["base"]), med(idx["new"])
        print(f"| **index `jobs=1`, all {len(specs)} (one catalogue)** | {b:.2f} | {n:.2f} | {n / b:.3f} |")
    for label in trees:
        print(
            f"{label} rounds: extraction",
            [round(sum(ext[label][s][r] for s in specs), 2) for r in range(args.rounds)],
            "index",
            [round(x, 2) for x in idx[label]],
        )


if __name__ == "__main__":
    main()
