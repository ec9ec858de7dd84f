"""The static analysis of every error of a catalogue, this tree beside a baseline revision.

    .venv/bin/python bench/analysis_speed.py                          # jax 0.10.2, baseline main
    .venv/bin/python bench/analysis_speed.py --db C.db --baseline REV --runs 5

What ``errdex analyze`` and a page server that has shown many pages of one codebase do, and
what ``tests/test_explain_catalogue.py``'s grounding test pays for: ``analyze_error`` on every
error of the catalogue in one process, in id order, starting with nothing remembered. Each run
is a fresh child process (``PYTHONPATH`` picks the tree), the two trees alternating so that a
busy spell of the shared machine hits both alike; CPU seconds of the loop are the measure (the
machine is shared: wall time would count other processes' turns). Each child also prints a
digest of every analysis it made (``Analysis.to_json``): the trees must give the same answers.

The catalogue is indexed once, by this tree, unless ``--db`` names one (neither tree writes to it).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# the child: analyse every error, print CPU seconds, per-error milliseconds and a digest
CHILD = r"""
import hashlib, json, sys, time
from errdex.analysis import analyze_error
from errdex.store import Store

digest, each = hashlib.sha256(), []
with Store.open(sys.argv[1], readonly=True) as store:
    _, rows = store.list_errors()
    details = [store.get_error(r.id) for r in sorted(rows, key=lambda r: r.id)]
    start = time.process_time()
    for err in details:
        t = time.process_time()
        a = analyze_error(store, err)
        each.append(time.process_time() - t)
        digest.update(json.dumps([err.id, a.to_json()], sort_keys=True, default=str).encode())
    cpu = time.process_time() - start
print(json.dumps({"cpu": cpu, "each": each, "digest": digest.hexdigest()}))
"""


def checkout(rev: str, into: Path) -> Path:
    """The source tree of ``rev`` (``git archive``: no worktree, nothing else touched)."""
    archive = subprocess.run(["git", "archive", rev], cwd=ROOT, capture_output=True, check=True).stdout
    into.mkdir(parents=True)
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into / "src"


def analyse_all(db: Path, src: Path) -> dict[str, object]:
    env = {**os.environ, "PYTHONPATH": str(src)}
    out = subprocess.run(
        [sys.executable, "-c", CHILD, str(db)], env=env, capture_output=True, text=True, check=True
    ).stdout
    return json.loads(out.splitlines()[-1])  # type: ignore[no-any-return]


def percentile(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, round(q * (len(s) - 1)))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--spec", default="pypi:jax==0.10.2", help="what to index when no --db is given")
    ap.add_argument("--db", type=Path, help="an indexed catalogue to analyse (default: index --spec)")
    ap.add_argument("--baseline", default="main", help="git revision to compare with (default main)")
    ap.add_argument("--runs", type=int, default=3, help="runs per tree, alternating (default 3)")
    args = ap.parse_args()

    with tempfile.TemporaryDirectory(prefix="errdex-analysis-speed-") as tmp:
        tmpdir = Path(tmp)
        rev = subprocess.run(
            ["git", "rev-parse", "--short=12", args.baseline],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        base_src = checkout(rev, tmpdir / "baseline")
        db = args.db
        if db is None:
            from errdex.pipeline import index

            db = tmpdir / "c.db"
            index(args.spec, str(db))
        sides = {f"errdex at {rev}": base_src, "this tree": ROOT / "src"}
        runs: dict[str, list[dict[str, object]]] = {name: [] for name in sides}
        for _ in range(args.runs):
            for name, src in sides.items():
                runs[name].append(analyse_all(db, src))

    base_name = next(iter(sides))
    base_cpu = statistics.median(float(r["cpu"]) for r in runs[base_name])  # type: ignore[arg-type]
    digests = {str(r["digest"]) for rs in runs.values() for r in rs}
    n_errors = len(runs[base_name][0]["each"])  # type: ignore[arg-type]
    print(f"{args.db or args.spec}: {n_errors} errors analysed per run; runs per tree: {args.runs}")
    head = ("tree", "CPU s (median)", "ratio", "per error p50", "p99", "max")
    table = [head]
    for name, rs in runs.items():
        cpu = statistics.median(float(r["cpu"]) for r in rs)  # type: ignore[arg-type]
        each: list[float] = rs[len(rs) // 2]["each"]  # type: ignore[assignment]
        table.append(
            (
                name,
                f"{cpu:.2f}",
                "baseline" if name == base_name else f"{cpu / base_cpu:.2f}x",
                f"{percentile(each, 0.5) * 1000:.2f} ms",
                f"{percentile(each, 0.99) * 1000:.1f} ms",
                f"{max(each) * 1000:.0f} ms",
            )
        )
    widths = [max(len(r[i]) for r in table) for i in range(len(head))]
    for r in table:
        print(
            "  ".join(
                c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths, strict=True))
            )
        )
    print(f"answers: {'identical' if len(digests) == 1 else 'DIFFERENT'} ({len(digests)} distinct digests)")
    if len(digests) != 1:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
