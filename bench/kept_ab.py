#!/usr/bin/env python3
"""Two trees' matching, alternated pass by pass on an index ``bench/ecosystem.py --keep`` kept:
the query thread's CPU time per query and a digest of every query's top 10.

    python bench/kept_ab.py --kept DIR/synthetic-10000000.idx --tree main=/path/a/src \\
        --tree branch=/path/b/src [--rounds 2] [--only slow.json] [--out runs.json]

Each pass is a fresh process (``PYTHONPATH`` on one tree's ``src``) that maps the index cold, as
the bench does, makes the groups as a server does at load, runs 20 warm-up queries and then every
kept query (or those ``--only`` lists, by position) once, timing each with ``time.thread_time``:
the shared machine's load disturbs the thread's CPU far less than wall time. A round runs one
pass of each tree, the order flipped every round, so the load's drift falls on both alike. The
digest (sha-256 of every query's top 10: id, codebase, version, line, approximate, score) says
whether the trees answer alike; ``--out`` keeps every pass's per-query times, to pair them.
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any


def one_pass(kept_path: Path, only: list[int] | None) -> dict[str, Any]:
    """Every kept query (or those of ``only``) timed in this process, on a fresh mapping."""
    from match_phases import open_kept  # errdex of the tree on ``PYTHONPATH``

    kept, matcher = open_kept(kept_path)
    gc.collect()
    gc.freeze()
    picked = range(len(kept)) if only is None else only
    cpu: list[float] = []
    digest = hashlib.sha256()
    for qi in picked:
        t = time.thread_time()
        res = matcher.explain(kept[qi][0], limit=10)
        cpu.append(time.thread_time() - t)
        top = [[m.id, m.repo, m.version, m.line, m.approximate, round(m.score, 6)] for m in res.matches]
        digest.update(json.dumps(top).encode())
    gc.unfreeze()
    return {"cpu": cpu, "digest": digest.hexdigest()[:16], "load": os.getloadavg()[0]}


def pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(len(s) * q))] * 1e3


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kept", type=Path, required=True, help="DIR/synthetic-N.idx (its queries beside it)")
    ap.add_argument("--tree", action="append", default=[], help="NAME=SRC, two of them")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--only", type=Path, help="a JSON list of query positions to run, not all")
    ap.add_argument("--out", type=Path, help="write every pass's per-query CPU here")
    ap.add_argument("--one-pass", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    only = json.loads(args.only.read_text()) if args.only else None
    if args.one_pass:
        json.dump(one_pass(args.kept, only), sys.stdout)
        return 0
    trees = [t.split("=", 1) for t in args.tree]
    runs: list[dict[str, Any]] = []
    for r in range(args.rounds):
        for name, src in trees if r % 2 == 0 else trees[::-1]:
            cmd = [sys.executable, __file__, "--kept", str(args.kept), "--one-pass"]
            cmd += ["--only", str(args.only)] if args.only else []
            out = subprocess.run(cmd, env={**os.environ, "PYTHONPATH": src}, check=True, capture_output=True)
            run = {"round": r, "tree": name, **json.loads(out.stdout)}
            runs.append(run)
            print(
                f"{r}  {name:8s} p50 {pct(run['cpu'], 0.5):7.3f}  p99 {pct(run['cpu'], 0.99):7.2f}"
                f"  mean {statistics.fmean(run['cpu']) * 1e3:7.3f} ms  load {run['load']:5.2f}"
                f"  {run['digest']}  {time.strftime('%H:%M:%S', time.gmtime())}",
                flush=True,
            )
    for name, _src in trees:
        mine = [x for x in runs if x["tree"] == name]
        print(
            f"medians  {name:8s} p50 {statistics.median(pct(x['cpu'], 0.5) for x in mine):7.3f}"
            f"  p99 {statistics.median(pct(x['cpu'], 0.99) for x in mine):7.2f}"
            f"  digests {sorted({x['digest'] for x in mine})}"
        )
    if args.out:
        args.out.write_text(json.dumps(runs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
