"""The first search on a freshly served catalogue against the second, this tree against a baseline.

    .venv/bin/python bench/first_search.py --baseline main              # requests 2.34.2, jax 0.10.2
    .venv/bin/python bench/first_search.py --baseline REV --runs 5 --db some.db --spec pypi:NAME==V

A user runs ``errdex index`` and then ``errdex serve``: the first search used to answer in
~0.2-0.5 s of CPU (seconds on a loaded machine) and later ones in milliseconds. For each
catalogue (indexed once by this tree; ``--db`` adds existing ones, copied first), each run starts
a fresh process per tree (alternating, so a busy spell hits both alike), with an empty cache dir
(the mapped index file not yet written: the first time this catalogue is served on the machine),
and measures in it, as process CPU seconds:

* ``start``: importing the app, ``create_app`` and the app's start (its lifespan), i.e. until
  the server would listen;
* ``1st``, ``2nd``: ``GET /api/search`` with two different real messages of the catalogue (made
  from two of its templates, placeholders filled), the second on the warm server;
* ``page 1st``, ``page 2nd``: ``GET /search`` (the HTML page) with two more;
* ``start+1st``: what a user waits for in all, from the process start to the first answer.

Both trees are byte-compiled first, as an installed errdex is. The table gives medians over the
runs and this tree's figure over the baseline's.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
from contextlib import closing
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from page_speed import _child_env, checkout, compile_trees, short_rev

ROOT = Path(__file__).resolve().parent.parent
SPECS = ("pypi:requests==2.34.2", "pypi:jax==0.10.2")
MEASURES = ("start", "1st", "2nd", "page 1st", "page 2nd", "start+1st")

# Run in a fresh process of the measured tree: argv = db, then the four queries as JSON.
CHILD = r"""
import json, sys, time
t0 = time.process_time()
from fastapi.testclient import TestClient
from errdex.web.app import create_app
db, queries = sys.argv[1], json.loads(sys.argv[2])
client = TestClient(create_app(db))
client.__enter__()
out = {"start": time.process_time() - t0}
for name, path, q in zip(("1st", "2nd", "page 1st", "page 2nd"), ("/api/search", "/api/search", "/search", "/search"), queries):
    t = time.process_time()
    r = client.get(path, params={"q": q})
    out[name] = time.process_time() - t
    assert r.status_code == 200, (path, q, r.status_code)
    if path == "/api/search":
        out.setdefault("answers", []).append([m["id"] for m in r.json()["matches"]])
out["start+1st"] = out["start"] + out["1st"]
client.__exit__(None, None, None)
print(json.dumps(out))
"""


def queries_of(db: Path, n: int, seed: int) -> list[str]:
    """``n`` pasted messages made from the catalogue's own templates: its exception name, then
    the template's literal segments with ``7`` where a value goes (a real raise's wording)."""
    with closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as conn:
        rows = conn.execute(
            "select exc_name, segments from errors where kind = 'error' order by id"
        ).fetchall()
    texts = []
    for name, segments in rows:
        text = "7".join(json.loads(segments)[0::2]).strip()  # literal, field, literal, ...
        if name and len(text) >= 20:
            texts.append(f"{name}: {text}")
    return random.Random(seed).sample(texts, n)


def index(spec: str, db: Path) -> None:
    """``errdex index SPEC`` with this tree, as a user would run it before ``errdex serve``."""
    cmd = [sys.executable, "-m", "errdex.cli", "index", spec, "--db", str(db), "--jobs", "1"]
    subprocess.run(
        cmd, check=True, capture_output=True, env={**_child_env(), "PYTHONPATH": str(ROOT / "src")}
    )


def served_once(db: Path, src: Path, queries: list[str], cache: Path) -> dict[str, object]:
    """One fresh server process of the tree at ``src`` over ``db``, with an empty cache dir."""
    shutil.rmtree(cache, ignore_errors=True)
    env = {**_child_env(), "PYTHONPATH": str(src), "ERRDEX_CACHE": str(cache)}
    cmd = [sys.executable, "-c", CHILD, str(db), json.dumps(queries)]
    done = subprocess.run(cmd, check=True, capture_output=True, text=True, env=env)
    got: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return got


def measure(db: Path, trees: dict[str, Path], runs: int, seed: int, tmp: Path) -> dict[str, dict[str, float]]:
    """Median CPU seconds of each measure per tree; the trees must give the same answers."""
    queries = queries_of(db, 4, seed)
    got: dict[str, dict[str, list[float]]] = {t: {m: [] for m in MEASURES} for t in trees}
    answers: dict[str, object] = {}
    for _ in range(runs):
        for tree, src in trees.items():
            out = served_once(db, src, queries, tmp / "cache")
            for m in MEASURES:
                got[tree][m].append(float(out[m]))  # type: ignore[arg-type]
            answers.setdefault(tree, out["answers"])
    first, *others = answers.values()
    if any(a != first for a in others):
        raise SystemExit(f"{db.name}: the trees answer differently: {answers}")
    return {t: {m: statistics.median(xs) for m, xs in per.items()} for t, per in got.items()}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--baseline", default="main", help="git revision to compare with (default main)")
    ap.add_argument("--runs", type=int, default=5, help="fresh server processes per tree and catalogue")
    ap.add_argument(
        "--spec", action="append", help=f"a release to index and serve (default {', '.join(SPECS)})"
    )
    ap.add_argument("--db", action="append", default=[], help="an existing catalogue to serve too (copied)")
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()

    with tempfile.TemporaryDirectory(prefix="errdex-first-search-") as t:
        tmp = Path(t)
        rev = short_rev(args.baseline)
        trees = {f"baseline {rev}": checkout(rev, tmp / "baseline"), "this tree": ROOT / "src"}
        compile_trees(*trees.values())
        dbs: list[tuple[str, Path]] = []
        for spec in args.spec or SPECS:
            db = tmp / f"{len(dbs)}.db"
            index(spec, db)
            dbs.append((spec, db))
        for extra in args.db:
            db = tmp / f"{len(dbs)}.db"
            shutil.copyfile(extra, db)
            dbs.append((Path(extra).name, db))
        print(f"first and second search, process CPU, median of {args.runs} fresh processes per tree")
        for name, db in dbs:
            print_table(name, measure(db, trees, args.runs, args.seed, tmp), rev)


def print_table(name: str, medians: dict[str, dict[str, float]], rev: str) -> None:
    base, this = medians[f"baseline {rev}"], medians["this tree"]
    rows: list[tuple[str, ...]] = [("tree", *MEASURES, "1st/2nd")]
    for tree, m in medians.items():
        rows.append((tree, *(_ms(m[x]) for x in MEASURES), f"{m['1st'] / m['2nd']:.1f}x"))
    rows.append(("this / baseline", *(f"{this[x] / base[x]:.2f}x" for x in MEASURES), ""))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    print(f"\n{name}")
    for r in rows:
        print(
            "  ".join(
                c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths, strict=True))
            )
        )


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms" if seconds >= 0.01 else f"{seconds * 1000:.1f} ms"


if __name__ == "__main__":
    main()
