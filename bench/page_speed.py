"""An error's page and ``errdex show`` on a freshly indexed catalogue, and what the facts cost to index.

    .venv/bin/python bench/page_speed.py                       # jax 0.10.2, 200 random errors
    .venv/bin/python bench/page_speed.py --errors 50 --index-runs 1 --baseline <rev>

A new user indexes a release and opens an error, without ``errdex analyze``: the analysis of that
one error reads its facts from the catalogue (see ``errdex.analysis.context``). Measured, on the
same catalogue and the same random errors:

* ``GET /{owner}/{repo}/errors/{id}`` in-process, each on a fresh app (no page or view cache;
  its routing warmed by one request for an unknown ID, as a running server's would be);
  once with the analysis caches a running server would have from earlier pages, once with them
  cleared before every page (every page is the first the process analyses);
* the ``errdex show ID --json`` path in-process, caches cleared (a fresh process without the
  interpreter's start-up), and the real command as a subprocess beside a bare ``python -c pass``;
* indexing the release with code facts beside indexing it with errdex as it was before code
  facts (``--baseline``, by default the parent of the commit that added them), alternating runs.

Both trees are byte-compiled before any run, as an installed errdex is (a machine with
``PYTHONDONTWRITEBYTECODE`` set would otherwise compile the sources again in every process).

Targets: page p50 <= 200 ms and p99 <= 1 s; cold ``errdex show`` <= 0.5 s (median of 5);
indexing <= 1.3x the baseline.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC = "pypi:jax==0.10.2"


def percentile(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, round(q * (len(s) - 1)))]


def baseline_rev() -> str:
    """The commit before code facts were added: the extractor as it was."""
    added = subprocess.run(
        ["git", "log", "--diff-filter=A", "--format=%H", "--", "src/errdex/extract/codefacts.py"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    ).stdout.split()  # fmt: skip
    if not added:
        raise SystemExit("code facts are not committed here; pass --baseline REV")
    return added[-1] + "^"


def short_rev(rev: str) -> str:
    """``rev`` (a branch, a tag, a commit) as the 12-digit commit id the tables name."""
    done = subprocess.run(
        ["git", "rev-parse", "--short=12", rev], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return done.stdout.strip()


def checkout(rev: str, into: Path) -> Path:
    """The source tree of ``rev`` (``git archive``: no worktree, nothing else touched)."""
    archive = subprocess.run(["git", "archive", rev], cwd=ROOT, capture_output=True, check=True).stdout
    into.mkdir(parents=True)
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into / "src"


def index_once(db: Path, src: Path | None, jobs: int | None = None) -> tuple[float, float]:
    """Wall and CPU seconds of ``errdex index`` into a fresh catalogue.

    The CPU time counts the processes the command waited for; with ``jobs=1`` that is all of
    the work, which makes it the steadier measure on a busy machine.
    """
    env = _child_env()
    if src is not None:
        env["PYTHONPATH"] = str(src)
    for suffix in ("", "-wal", "-shm"):
        Path(f"{db}{suffix}").unlink(missing_ok=True)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    cmd = [sys.executable, "-m", "errdex.cli", "index", SPEC, "--db", str(db)]
    subprocess.run([*cmd, "--jobs", str(jobs)] if jobs else cmd, env=env, check=True, capture_output=True)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def _child_env() -> dict[str, str]:
    """The environment of a measured errdex process: this one's, but free to use bytecode.

    An installed errdex runs from compiled modules; with ``PYTHONDONTWRITEBYTECODE`` set (as on
    some CI and sandbox machines) every run would compile errdex's sources again, a cost that
    grows with the number of modules and so weighs on the newer tree more than the baseline.
    ``compile_trees`` compiles both trees first; the children then only read the bytecode.
    """
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def compile_trees(*trees: Path) -> None:
    """Byte-compile the measured trees (errdex's ``src/`` and the baseline's), as an install does."""
    subprocess.run([sys.executable, "-m", "compileall", "-q", *map(str, trees)], check=True, env=_child_env())


def timed_each(items: list[str], fn: Callable[[str], None]) -> list[float]:
    out = []
    for item in items:
        t0 = time.perf_counter()
        fn(item)
        out.append(time.perf_counter() - t0)
    return out


def pages(db: Path, ids: list[str], repo: str, *, cold: bool) -> list[float]:
    """Each page on a fresh app; ``cold`` also forgets what earlier analyses read."""
    from fastapi.testclient import TestClient

    from errdex.analysis import context
    from errdex.web.app import create_app

    out = []
    for error_id in ids:
        if cold:
            context.clear()
        with TestClient(create_app(str(db))) as client:
            # a server has routed requests before: warm the routing with an unknown ID (a 404)
            assert client.get(f"/{repo}/errors/0000000000000000").status_code == 404
            t0 = time.perf_counter()
            r = client.get(f"/{repo}/errors/{error_id}")
            out.append(time.perf_counter() - t0)
            assert r.status_code == 200 and "What it means" in r.text, (error_id, r.status_code)
    return out


def show_in_process(db: Path, error_id: str) -> None:
    """What ``errdex show ID --json`` does after start-up, with nothing remembered."""
    from errdex.analysis import context
    from errdex.store.fast import open_reader
    from errdex.views import error_view

    context.clear()
    with open_reader(str(db)) as store:
        detail = store.get_error(error_id)
        assert detail is not None, error_id  # an id the bench listed from this catalogue
        view = error_view(store, detail)
    assert view.analysis is not None and view.analysis.meaning.text
    json.dumps(view.to_json(), indent=2, default=str)


def subprocess_runs(cmds: list[list[str]], env: dict[str, str] | None = None) -> list[float]:
    out = []
    for cmd in cmds:
        t0 = time.perf_counter()
        subprocess.run(cmd, check=True, capture_output=True, env=env)
        out.append(time.perf_counter() - t0)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--errors", type=int, default=200, help="random errors to open (default 200)")
    ap.add_argument("--index-runs", type=int, default=3, help="index runs per side (default 3)")
    ap.add_argument("--baseline", help="git revision to compare indexing with (default: before code facts)")
    ap.add_argument(
        "--old-show", type=int, default=1, help="`errdex show` runs with the baseline (default 1)"
    )
    ap.add_argument("--seed", type=int, default=9)
    args = ap.parse_args()

    rows: list[tuple[str, str, str, str, str]] = []
    with tempfile.TemporaryDirectory(prefix="errdex-page-speed-") as tmp:
        tmpdir = Path(tmp)
        rev = short_rev(args.baseline or baseline_rev())
        base_src = checkout(rev, tmpdir / "baseline")
        compile_trees(base_src, ROOT / "src")
        db, base_db = tmpdir / "jax.db", tmpdir / "jax-baseline.db"
        walls: dict[str, list[float]] = {"baseline": [], "facts": []}
        cpus: dict[str, list[float]] = {"baseline": [], "facts": []}
        for _ in range(args.index_runs):  # alternate, so a busy spell hits both sides alike
            for side, src, target in (("baseline", base_src, base_db), ("facts", None, db)):
                walls[side].append(index_once(target, src)[0])
                cpus[side].append(index_once(tmpdir / "one-job.db", src, jobs=1)[1])
        b_wall, f_wall = statistics.median(walls["baseline"]), statistics.median(walls["facts"])
        b_cpu, f_cpu = statistics.median(cpus["baseline"]), statistics.median(cpus["facts"])
        n = str(args.index_runs)
        rows.append((f"index, errdex at {rev[:12]} (wall)", n, f"{b_wall:.2f} s", "", "baseline"))
        rows.append(("index, with code facts (wall)", n, f"{f_wall:.2f} s", f"{f_wall / b_wall:.2f}x",
                     _ok(f_wall / b_wall <= 1.3, "<= 1.3x")))  # fmt: skip
        rows.append((f"index --jobs 1, errdex at {rev[:12]} (CPU)", n, f"{b_cpu:.2f} s", "", "baseline"))
        rows.append(("index --jobs 1, with code facts (CPU)", n, f"{f_cpu:.2f} s", f"{f_cpu / b_cpu:.2f}x",
                     _ok(f_cpu / b_cpu <= 1.3, "<= 1.3x")))  # fmt: skip

        import sqlite3

        conn = sqlite3.connect(db)
        all_ids = [r[0] for r in conn.execute("select id from errors order by id")]
        repo = conn.execute("select name from repos").fetchone()[0]
        conn.close()
        ids = random.Random(args.seed).sample(all_ids, min(args.errors, len(all_ids)))

        for label, cold in (
            ("page GET, fresh app", False),
            ("page GET, fresh app, nothing remembered", True),
        ):
            xs = pages(db, ids, repo, cold=cold)
            p50, p99 = percentile(xs, 0.5), percentile(xs, 0.99)
            rows.append(
                (
                    label,
                    str(len(xs)),
                    _ms(p50),
                    _ms(p99),
                    _ok(p50 <= 0.2 and p99 <= 1.0, "p50 <= 200 ms, p99 <= 1 s"),
                )
            )
        xs = timed_each(ids, lambda i: show_in_process(db, i))
        rows.append(("show --json in-process, nothing remembered", str(len(xs)), _ms(percentile(xs, 0.5)),
                     _ms(percentile(xs, 0.99)), "(p50, p99)"))  # fmt: skip

        bare = subprocess_runs([[sys.executable, "-c", "pass"]] * 5)
        five = ids[:5]
        cold_runs = subprocess_runs(
            [[sys.executable, "-m", "errdex.cli", "show", i, "--json", "--db", str(db)] for i in five]
        )
        rows.append(("python -c pass", "5", _ms(statistics.median(bare)), "", "baseline"))
        show = statistics.median(cold_runs)
        rows.append(("errdex show ID --json, cold process", "5", _ms(show), f"{show / statistics.median(bare):.0f}x bare",
                     _ok(show <= 0.5, "<= 0.5 s")))  # fmt: skip
        if args.old_show:
            # Error ids are a digest of what errdex knows of a site, and that grew since the
            # baseline: the old errdex opens an error of its own catalogue.
            base_conn = sqlite3.connect(base_db)
            base_id = base_conn.execute("select id from errors order by id limit 1").fetchone()[0]
            base_conn.close()
            env = {**os.environ, "PYTHONPATH": str(base_src)}
            cmd = [sys.executable, "-m", "errdex.cli", "show", base_id, "--json", "--db", str(base_db)]
            old = subprocess_runs([cmd] * args.old_show, env)
            rows.append((f"errdex show, errdex at {rev[:12]}", str(args.old_show), _ms(statistics.median(old)), "",
                         "before code facts"))  # fmt: skip

    print(f"{SPEC}: {len(all_ids)} errors, {len(ids)} opened; baseline {rev}")
    widths = [max(len(r[i]) for r in [*rows, _HEAD]) for i in range(5)]
    for r in [_HEAD, *rows]:
        print(
            "  ".join(
                c.ljust(w) if i == 0 or i == 4 else c.rjust(w)
                for i, (c, w) in enumerate(zip(r, widths, strict=True))
            )
        )


_HEAD = ("measure", "n", "p50 / median", "p99 / ratio", "target")


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms" if seconds < 10 else f"{seconds:.1f} s"


def _ok(ok: bool, target: str) -> str:
    return f"{target}: {'met' if ok else 'MISSED'}"


if __name__ == "__main__":
    main()
