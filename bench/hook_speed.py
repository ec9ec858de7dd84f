"""What the runtime hook adds to an uncaught exception, against the bare interpreter's own hook,
for this tree and a baseline revision in the same run.

Usage: ``python bench/hook_speed.py [--baseline REV] [--runs N] [--lib packaging|requests ...]``
(default: main, 21 runs, both libraries).

Each run is a fresh process (the hook's lazy imports and the catalogue's first open are paid
every time, as a real program pays them once): it raises inside the library (installed in this
environment, indexed from PyPI into a temporary catalogue, so the library is indexed) and times
the call of ``sys.excepthook`` with stderr sent to /dev/null, in wall and CPU time (the process's
CPU is the steadier figure on a shared machine). The bare runs time Python's own
``sys.__excepthook__`` the same way; the runs alternate bare / baseline / this tree, so all see
the same machine. The target: the hook adds at most 100 ms at p50. End to end, ``python -m errdex
run script.py`` is compared with ``python script.py`` too (process start-up included), and the
two trees' printed answers must be the same text. Both trees are byte-compiled first, as an
installed errdex is (``page_speed.compile_trees``).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from importlib.metadata import version
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from page_speed import _child_env, checkout, compile_trees, short_rev

ROOT = Path(__file__).resolve().parent.parent

# library -> (the statement that raises inside it, the head errdex prints for it)
LIBS = {
    "packaging": (
        "from packaging.version import Version\nVersion('not a version')\n",
        "errdex: InvalidVersion raised at packaging/version.py",
    ),
    "requests": (
        "import requests\nrequests.Request('GET', 'not a url').prepare()\n",
        "errdex: InvalidURL raised at requests/models.py",
    ),
}

PROBE = """
import os, sys, time
sys.stderr = open(os.devnull, "w")
mode, db, script = sys.argv[1], sys.argv[2], sys.argv[3]
if mode == "errdex":
    import errdex.hooks
    errdex.hooks.install(db)
try:
    exec(compile(open(script).read(), script, "exec"), {"__name__": "__main__"})
except Exception as e:
    exc = e
hook = sys.excepthook
t0, c0 = time.perf_counter(), time.process_time()
hook(type(exc), exc, exc.__traceback__)
print(time.perf_counter() - t0, time.process_time() - c0)
"""


def pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(q * (len(s) - 1) + 0.5))]


def measure(
    lib: str, trees: dict[str, Path | None], runs: int, tmp: Path
) -> dict[str, dict[str, list[float]]]:
    """Per row (bare, then each tree): hook wall, hook CPU and end-to-end wall, in ms."""
    db = str(tmp / f"{lib}.db")
    subprocess.run(
        [sys.executable, "-m", "errdex", "index", f"pypi:{lib}=={version(lib)}", "--db", db],
        check=True,
        capture_output=True,
        env={**_child_env(), "PYTHONPATH": str(ROOT / "src")},
    )
    code, head = LIBS[lib]
    script = tmp / f"{lib}_app.py"
    script.write_text(code)

    def env(src: Path | None) -> dict[str, str]:
        return {**_child_env(), **({"PYTHONPATH": str(src)} if src else {})}

    answers = set()
    for name, src in trees.items():
        if src is None:
            continue
        done = subprocess.run(
            [sys.executable, "-m", "errdex", "run", "--db", db, str(script)],
            capture_output=True,
            text=True,
            env=env(src),
        )
        assert head in done.stderr, (name, done.stderr)
        answers.add(done.stderr[done.stderr.index(head) :])
    assert len(answers) == 1, answers  # the same answer from every tree
    out: dict[str, dict[str, list[float]]] = {n: {"wall": [], "cpu": [], "run": []} for n in trees}
    for _ in range(runs):
        for name, src in trees.items():
            mode = "bare" if src is None else "errdex"
            probe = subprocess.run(
                [sys.executable, "-c", PROBE, mode, db, str(script)],
                capture_output=True,
                text=True,
                check=True,
                env=env(src),
            )
            wall, cpu = map(float, probe.stdout.split())
            out[name]["wall"].append(wall * 1000)
            out[name]["cpu"].append(cpu * 1000)
            cmd = (
                [sys.executable, str(script)]
                if src is None
                else [sys.executable, "-m", "errdex", "run", "--db", db, str(script)]
            )
            t0 = time.perf_counter()
            subprocess.run(cmd, capture_output=True, env=env(src))
            out[name]["run"].append((time.perf_counter() - t0) * 1000)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--baseline", default="main", help="git revision to compare with (default main)")
    ap.add_argument("--runs", type=int, default=21)
    ap.add_argument("--lib", action="append", choices=sorted(LIBS), help="library to raise in (default: all)")
    args = ap.parse_args()
    rev = short_rev(args.baseline)
    with tempfile.TemporaryDirectory() as t:
        tmp = Path(t)
        base = checkout(rev, tmp / "baseline")
        compile_trees(ROOT / "src", base)
        trees: dict[str, Path | None] = {"bare": None, f"baseline {rev}": base, "this tree": ROOT / "src"}
        for lib in args.lib or sorted(LIBS):
            res = measure(lib, trees, args.runs, tmp)
            print_table(lib, res, args.runs)


def print_table(lib: str, res: dict[str, dict[str, list[float]]], runs: int) -> None:
    print(f"\n{lib} {version(lib)} indexed; {runs} fresh processes per row, alternating")
    print(
        f"{'row':<24}{'hook p50':>10}{'p90':>8}{'CPU p50':>9}{'adds CPU':>10}{'adds wall':>11}{'run wall':>10}{'x bare':>8}"
    )
    bare = res["bare"]
    b_wall, b_cpu, b_run = (statistics.median(bare[k]) for k in ("wall", "cpu", "run"))
    for name, r in res.items():
        wall, cpu, run = (statistics.median(r[k]) for k in ("wall", "cpu", "run"))
        adds = "" if name == "bare" else f"{cpu - b_cpu:>10.1f}{wall - b_wall:>11.1f}"
        print(
            f"{name:<24}{wall:>10.1f}{pct(r['wall'], 0.9):>8.1f}{cpu:>9.1f}{adds:>21}{run:>10.1f}{run / b_run:>7.2f}x"
            if adds
            else f"{name:<24}{wall:>10.1f}{pct(r['wall'], 0.9):>8.1f}{cpu:>9.1f}{'':>21}{run:>10.1f}{'':>8}"
        )
    print(
        "(ms; hook = the sys.excepthook call; run wall = python script.py vs python -m errdex run script.py)"
    )


if __name__ == "__main__":
    main()
