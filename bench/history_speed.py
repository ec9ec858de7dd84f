"""Indexing a codebase's history: N releases at once, against the newest release alone.

    .venv/bin/python bench/history_speed.py                    # the latest 20 jax releases
    .venv/bin/python bench/history_speed.py --releases 4       # quicker, while developing

Every wheel is fetched (or found in the cache) first, so no measure pays for downloads. Then, in
this run and on this machine:

* baseline: the newest release indexed alone into an empty catalogue (wall time, and the
  catalogue's size on disk after a WAL checkpoint);
* the latest N releases indexed into another empty catalogue in one ``errdex index`` run
  (``index_releases``: files seen in an earlier release are not parsed again);
* one more release (the one before the oldest of the N) added to that indexed history, in a
  fresh process as a user would, against the baseline's first index.

Targets: N releases <= 3x the newest alone; catalogue <= 2.5x one release; one more release
<= 0.3x a first index. A table of where the catalogue's bytes go follows.
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def size(db: Path) -> int:
    """Bytes on disk once the WAL is folded into the file."""
    with sqlite3.connect(db) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return sum(p.stat().st_size for p in db.parent.glob(db.name + "*"))


def tables(db: Path, top: int = 10) -> list[tuple[str, int]]:
    with sqlite3.connect(db) as conn:
        rows = conn.execute(
            "SELECT name, SUM(pgsize) FROM dbstat GROUP BY name ORDER BY 2 DESC LIMIT ?", (top,)
        ).fetchall()
    return [(str(n), int(b)) for n, b in rows]


def run_index(db: Path, source: str) -> tuple[float, list[str]]:
    """Wall time of one ``errdex index SOURCE`` process, as a user runs it."""
    t0 = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-m", "errdex.cli", "index", source, "--db", str(db)], capture_output=True, text=True
    )
    took = time.perf_counter() - t0
    if proc.returncode:
        raise SystemExit(f"errdex index {source} failed:\n{proc.stderr}")
    return took, proc.stdout.splitlines()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--package", default="jax")
    ap.add_argument("--releases", type=int, default=20)
    args = ap.parse_args()

    from errdex.sources import default_cache_dir, open_source
    from errdex.sources.releases import expand_releases

    plan = expand_releases(f"pypi:{args.package}", releases=args.releases + 1, cache_dir=default_cache_dir())
    assert plan is not None
    extra, history = plan.specs[0], plan.specs[1:]
    newest = history[-1]
    print(f"releases: {history[0]} .. {newest} ({len(history)}), then {extra}", flush=True)
    for spec in plan.specs:  # downloads are not what is measured
        open_source(spec)

    with tempfile.TemporaryDirectory() as tmp:
        alone, many = Path(tmp) / "alone" / "c.db", Path(tmp) / "many" / "c.db"
        version = [s.partition("==")[2] for s in (history[0], newest)]
        t_alone, _ = run_index(alone, newest)
        s_alone = size(alone)
        t_many, lines = run_index(many, f"pypi:{args.package}>={version[0]},<={version[1]}")
        s_many = size(many)
        t_add, added = run_index(many, extra)
        for line in [*lines, *added]:
            print("  " + line)
        rows = [
            ("index the newest release alone (wall)", f"{t_alone:.1f} s", "", "baseline"),
            (f"index the latest {len(history)} releases (wall)", f"{t_many:.1f} s", f"{t_many / t_alone:.2f}x",
             "<= 3x: " + ("met" if t_many <= 3 * t_alone else "missed")),
            ("catalogue, newest release alone", f"{s_alone / 1e6:.1f} MB", "", "baseline"),
            (f"catalogue, latest {len(history)} releases", f"{s_many / 1e6:.1f} MB", f"{s_many / s_alone:.2f}x",
             "<= 2.5x: " + ("met" if s_many <= 2.5 * s_alone else "missed")),
            ("add one more release to the history (wall)", f"{t_add:.1f} s", f"{t_add / t_alone:.2f}x",
             "<= 0.3x: " + ("met" if t_add <= 0.3 * t_alone else "missed")),
        ]  # fmt: skip
        print(f"\n{'measure':<46} {'value':>10} {'ratio':>7}  target")
        for m, v, r, t in rows:
            print(f"{m:<46} {v:>10} {r:>7}  {t}")
        print(f"\nwhere the bytes go ({len(history)} releases vs the newest alone), MB:")
        one = dict(tables(alone, 100))
        for name, b in tables(many, 12):
            print(f"  {name:<36} {b / 1e6:7.1f}  {b / max(one.get(name, 0), 1):6.1f}x")
    print(f"\ncpus: {os.cpu_count()}")


if __name__ == "__main__":
    main()
