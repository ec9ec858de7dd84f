#!/usr/bin/env python3
"""Bytes per template of the match index, this tree against a baseline tree, in one run.

    .venv/bin/python bench/index_bytes.py --db CATALOGUE [--sizes 0,200000] [--baseline-src DIR]

The templates are a catalogue's own entries (size 0: as they are), then for larger sizes the
catalogue's entries followed by ``match_speed``'s varied copies of them (a tag word inserted, another
repo name), up to the size. Each (side, size) is one fresh process importing errdex from that side's
``src`` (``--baseline-src``: e.g. ``git archive REV src | tar -x -C DIR`` gives ``DIR/src``), so
the peak memory (``VmHWM``) is that build's own. Printed per row: the artifact's bytes per
template, the string pool's share of them, build time, the build's peak RSS, and the ratio of the
bytes to the baseline's at the same size.
"""

from __future__ import annotations

import argparse
import itertools
import json
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def peak_gb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1e6
    return 0.0


def side(db: str, n: int) -> dict[str, object]:
    """One build, in this process (errdex imported from ``sys.path``)."""
    from errdex.match.index import Index  # first: match_speed puts this tree's src on the path
    from errdex.store import Store, to_url

    sys.path.insert(0, str(HERE))
    from match_speed import iter_scaled

    base = list(Store(to_url(db)).iter_entries())
    entries = base if n == 0 else list(itertools.islice(iter_scaled(base), n))
    t = time.perf_counter()
    index = Index.build(entries)
    build = time.perf_counter() - t
    data = index.dumps()
    pool = index._sec["str_dat"].nbytes + index._sec["str_off"].nbytes
    where = str(Path(sys.modules["errdex"].__file__ or "").parent.parent)
    return {
        "src": where,
        "n": len(entries),
        "bytes": len(data),
        "pool": pool,
        "build_s": build,
        "peak_gb": peak_gb(),
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--db", required=True)
    ap.add_argument("--sizes", default="0,200000")
    ap.add_argument("--baseline-src", help="a tree whose src/ is the baseline")
    ap.add_argument("--side", type=int, help=argparse.SUPPRESS)  # internal: one build of this size
    args = ap.parse_args()
    if args.side is not None:
        print(json.dumps(side(args.db, args.side)))
        return 0
    sides = [("this", str(HERE.parent / "src"))]
    if args.baseline_src:
        sides.insert(0, ("baseline", str(Path(args.baseline_src) / "src")))
    print(
        f"{'side':>9}  {'templates':>10}  {'B/tmpl':>6}  {'pool_B/tmpl':>11}  {'build_s':>7}  {'peak_GB':>7}  ratio"
    )
    for n in map(int, args.sizes.split(",")):
        base_bytes = None
        for name, src in sides:
            out = subprocess.run(
                [sys.executable, __file__, "--db", args.db, "--side", str(n)],
                env={"PYTHONPATH": src, "PATH": "/usr/bin:/bin"},
                capture_output=True,
                text=True,
                check=True,
            )
            r = json.loads(out.stdout.strip().splitlines()[-1])
            if Path(r["src"]) != Path(src).resolve():
                raise SystemExit(f"{name} imported errdex from {r['src']}, not {src}")
            per = r["bytes"] / r["n"]
            base_bytes = per if base_bytes is None else base_bytes
            print(
                f"{name:>9}  {int(r['n']):>10,}  {per:>6.0f}  {r['pool'] / r['n']:>11.0f}  {r['build_s']:>7.1f}  "
                f"{r['peak_gb']:>7.2f}  {per / base_bytes:.2f}x",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
