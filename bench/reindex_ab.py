"""Re-indexing regression sets with two errdex trees in turn: CPU time, and the same catalogue.

    .venv/bin/python bench/reindex_ab.py --a /tmp/main-src --b src \\
        --sets issues56 popular26 issues24 --rounds 1 --out /tmp/ab [--score]

Each set's pinned releases are indexed as the test suite indexes them (``index_releases``,
``jobs=1``, no sdists: ``tests/regression_score.py``'s ``index_set``) into an empty catalogue,
by tree A and tree B alternately (the first of each round swaps, so neither always runs on a
machine the other warmed). The extraction cache ``ERRDEX_EXTRACTION_CACHE`` names is used as
it is: warm, every file parsed before, it measures what a repeat of a release costs after its
parse; ``--cold`` gives each run an empty one of its own instead (every file parsed).

Reported per run: the CPU seconds of the indexing process (user + system: the machine may be
shared, so wall time says little) and its peak RSS, then per set the median of each tree and
B/A. After the last round, each set's two catalogues are compared table by table
(``history_speed.dump``: sorted rows, ``indexed_at`` left out) and, with ``--score``, scored
by ``tests/regression_score.py`` each with its own tree, the two reports compared line by line
(but the batch's wall time). Any difference exits 1.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "tests"))

from history_speed import dump  # noqa: E402
from regression_score import _INDEX_SET, load_versions  # noqa: E402

SETS = ROOT / "tests" / "data" / "regression"


def index_cpu(tree: Path, db: Path, versions: dict[str, str], cache: str | None) -> tuple[float, float, int]:
    """(CPU seconds, wall seconds, peak RSS in MiB) of one process indexing ``versions`` into
    ``db`` with the errdex of ``tree`` (its ``src``), ``jobs=1`` as the suite does: no worker
    processes, so the child's own rusage (``os.wait4``) is the whole cost."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    if cache is not None:
        env["ERRDEX_EXTRACTION_CACHE"] = cache
    specs = [f"pypi:{n}=={v}" for n, v in sorted(versions.items())]
    t0 = time.perf_counter()
    with tempfile.TemporaryFile("w+") as err:
        proc = subprocess.Popen([sys.executable, "-c", _INDEX_SET, "1", str(db), *specs], stderr=err, env=env)
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        wall = time.perf_counter() - t0
        if proc.returncode:
            err.seek(0)
            raise SystemExit(f"indexing {db} with {tree} failed:\n{err.read()[-3000:]}")
    return usage.ru_utime + usage.ru_stime, wall, usage.ru_maxrss >> 10


_WALL = re.compile(r" batch_wall_s=[0-9.]+")


def score(tree: Path, set_dir: Path, db: Path) -> list[str]:
    """``regression_score``'s report of ``set_dir`` on ``db`` with the errdex of ``tree``,
    without the batch's wall time."""
    errdex = f"env PYTHONPATH={tree} {sys.executable} -m errdex"
    cmd = [sys.executable, str(ROOT / "tests" / "regression_score.py"), str(set_dir), "--db", str(db)]
    cmd += ["--no-index", "--errdex", errdex, "--show-misses", "--show-inexact"]
    r = subprocess.run(cmd, capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(tree)})
    if r.returncode:
        raise SystemExit(f"scoring {set_dir.name} on {db} failed:\n{r.stderr[-3000:]}")
    return [_WALL.sub("", line) for line in r.stdout.splitlines()]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument("--a", type=Path, required=True, help="tree A's src directory (e.g. main's)")
    ap.add_argument("--b", type=Path, required=True, help="tree B's src directory")
    ap.add_argument("--sets", nargs="+", required=True)
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--out", type=Path, required=True, help="where the catalogues go (deleted at the end)")
    ap.add_argument("--cold", action="store_true", help="an empty extraction cache for every run")
    ap.add_argument("--score", action="store_true", help="also score each set on both catalogues")
    ap.add_argument("--keep", action="store_true", help="keep the catalogues")
    args = ap.parse_args()
    trees = {"A": args.a.resolve(), "B": args.b.resolve()}
    args.out.mkdir(parents=True, exist_ok=True)
    cpu: dict[tuple[str, str], list[float]] = {}
    failed = False
    for set_name in args.sets:
        versions = load_versions(SETS / set_name)
        for rnd in range(args.rounds):
            for label in "AB" if rnd % 2 == 0 else "BA":
                db = args.out / f"{set_name}-{label}.db"
                for p in args.out.glob(db.name + "*"):
                    p.unlink()
                cache = tempfile.mkdtemp(dir=args.out, prefix="cache-") if args.cold else None
                took, wall, peak = index_cpu(trees[label], db, versions, cache)
                if cache is not None:
                    shutil.rmtree(cache)
                cpu.setdefault((set_name, label), []).append(took)
                print(
                    f"{set_name} round {rnd} {label}: cpu {took:.1f} s (wall {wall:.1f} s, peak {peak} MiB)",
                    flush=True,
                )
        a, b = args.out / f"{set_name}-A.db", args.out / f"{set_name}-B.db"
        da, db_ = dump(a), dump(b)
        differ = sorted(t for t in da.keys() | db_.keys() if da.get(t) != db_.get(t))
        print(f"{set_name}: {len(da)} tables, " + (f"DIFFER: {differ}" if differ else "every one the same"))
        failed |= bool(differ)
        if args.score:
            sa, sb = score(trees["A"], SETS / set_name, a), score(trees["B"], SETS / set_name, b)
            same = sa == sb
            print(f"{set_name}: scores {'the same, line for line' if same else 'DIFFER'} ({len(sa)} lines)")
            print("\n".join(line for line in sb if line.startswith("summary")))
            failed |= not same
        ma, mb = statistics.median(cpu[(set_name, "A")]), statistics.median(cpu[(set_name, "B")])
        print(f"{set_name}: median cpu A {ma:.1f} s, B {mb:.1f} s, B/A {mb / ma:.3f}", flush=True)
        if not args.keep:
            for p in [*args.out.glob(f"{set_name}-*.db*")]:
                p.unlink()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
