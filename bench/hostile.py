"""The attack table: what each hostile input costs errdex, beside a benign twin measured in the same run.

Usage: ``python bench/hostile.py [--only index,paste,catalogue,serve] [--quick]``

Every attack is built by the same builders the hostile tests assert bounds with
(``tests/hostile/*_attacks.py``), so this table and those tests cannot drift apart. Each row gives
the hostile run's wall time and peak resident memory (the whole process tree, sampled every
20 ms), the benign baseline of the same size run just before it, their ratio, and the outcome
errdex reported (exit code, files skipped with their reason, the catalogue's integrity).

Four groups:

- **index** — crafted packages and wheels through ``errdex index`` (quadratic message shapes,
  catastrophic regexes in the package's own tests, the tree-sitter fallback, files that cost
  ~940x their size to parse, a file over the size cap, an extraction worker killed mid-run);
- **paste** — 65 KB pastes shaped against the cleaning and parsing regexes, through
  ``errdex.explain`` in one child (hostile and benign back to back);
- **catalogue** — a real catalogue whose match-index artifact is replaced by a pickle or by
  corruptions of the real bytes; the cost of loading and answering, against a rebuild from rows;
- **serve** — a real ``errdex serve``: slow-header clients, a connection flood over the cap,
  endless headers, 65 KB of ``[`` posted to ``/api/search``; latency of a normal request during
  the attack against the same request before it.

``--quick`` shrinks the inputs (useful to check the script; the figures in the README come from
a full run).
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests" / "hostile"), str(ROOT / "tests")]

import catalogue_attacks as cat  # noqa: E402
import index_attacks as ix  # noqa: E402
import serve_attacks as srv  # noqa: E402

GROUPS = ("index", "paste", "catalogue", "serve")


@dataclass(frozen=True)
class Row:
    group: str
    attack: str
    base_s: float | None
    hostile_s: float
    base_mb: float | None
    hostile_mb: float
    outcome: str

    @property
    def ratio(self) -> str:
        if self.base_s is None or self.base_s <= 0:
            return "—"
        return f"{self.hostile_s / self.base_s:.1f}x"


def _summary(r: ix.Run) -> dict[str, object]:
    try:
        out = json.loads(r.stdout)
    except json.JSONDecodeError:
        return {}
    return out if isinstance(out, dict) else {}


def _db_of(argv: list[str]) -> pathlib.Path | None:
    return pathlib.Path(argv[argv.index("--db") + 1]) if "--db" in argv else None


def _index_outcome(r: ix.Run, argv: list[str]) -> str:
    """Exit code, records kept, files skipped with their reasons, and the catalogue's integrity."""
    if r.returncode != 0:
        last = (r.stderr.strip().splitlines() or ["(no message)"])[-1]
        return f"exit {r.returncode}: {last[:80]}"
    s = _summary(r)
    parts = [f"exit 0, {s.get('errors', '?')} errors"]
    skipped = s.get("skipped_files") or []
    if isinstance(skipped, list):
        for path, why in skipped[:2]:
            parts.append(f"skipped {path}: {why}")
    db = _db_of(argv)
    if db is not None and db.exists():
        integrity, _errors, _files = ix.catalogue_check(db)
        parts.append(f"integrity {integrity}")
    return "; ".join(parts)


def index_rows(tmp: pathlib.Path, quick: bool) -> Iterator[Row]:
    scale = 4 if quick else 1
    attacks = [
        ix.tree_sitter_fallback(tmp, lines=40_000 // scale),
        ix.many_placeholders(tmp, n=50_000 // scale),
        ix.percent_flags(tmp, n=50_000 // scale),
        ix.regexes_in_tests(tmp, copies=200 // scale),
        ix.dense_file(tmp, mib=1 if quick else 2),
        ix.dense_wheel(tmp, mib=8),  # the size that took 3.5 GB: refused at the cap, quick or not
        ix.oversized_file(tmp),
        ix.deep_hierarchy(tmp, depth=2_000 // scale),
        ix.many_bases(tmp, bases=8_000 // scale),
    ]
    for attack in attacks:
        base = ix.run(attack.baseline, env=attack.env) if attack.baseline else None
        hostile = ix.run(attack.argv, stdin=attack.stdin, env=attack.env)
        yield Row(
            "index",
            attack.name,
            base.seconds if base else None,
            hostile.seconds,
            base.peak_rss_mb if base else None,
            hostile.peak_rss_mb,
            _index_outcome(hostile, attack.argv),
        )
    slow = ix.slow_package(tmp, files=12 if quick else 24)
    killed: list[int | None] = []
    r = ix.run(slow.argv, while_running=lambda pid: killed.append(ix.kill_a_worker(pid)))
    note = "killed a worker" if killed and killed[0] is not None else "no worker appeared to kill"
    yield Row(
        "index", slow.name, None, r.seconds, None, r.peak_rss_mb, f"{note}; {_index_outcome(r, slow.argv)}"
    )


PASTE_CHILD = """
    import json, sys, time, tracemalloc
    import errdex
    db = {db!r}
    texts = json.loads(sys.stdin.read())
    errdex.explain("warm up", db=db)
    out = {{}}
    for name, text in texts.items():
        tracemalloc.start()
        t = time.perf_counter()
        res = errdex.explain(text, db=db)
        seconds = time.perf_counter() - t
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        out[name] = [seconds, peak / 2**20, len(res)]
    print(json.dumps(out))
"""


def paste_rows(tmp: pathlib.Path, quick: bool) -> Iterator[Row]:
    pkg = ix.write_package(
        tmp / "paste" / "p", {"m/__init__.py": "def f(x):\n    raise ValueError(f'bad [x]({x})')\n"}
    )
    db = tmp / "paste.db"
    built = ix.run(ix.index_argv(pkg, db))
    if built.returncode != 0:
        raise SystemExit(f"indexing the paste fixture failed: {built.stderr[-500:]}")
    size = 16_384 if quick else 65_536
    for shape in ix.PASTE_SHAPES:
        hostile, benign = ix.paste_attack(shape, size)
        r = ix.run(
            ix.snippet(PASTE_CHILD.format(db=str(db))),
            stdin=json.dumps({"benign": benign, "hostile": hostile}),
        )
        if r.returncode != 0:
            yield Row(
                "paste",
                f"{size // 1024} KB of {shape}",
                None,
                r.seconds,
                None,
                r.peak_rss_mb,
                f"exit {r.returncode}",
            )
            continue
        t = json.loads(r.stdout)
        (bs, bmb, _), (hs, hmb, hits) = t["benign"], t["hostile"]
        yield Row("paste", f"{size // 1024} KB of {shape}", bs, hs, bmb, hmb, f"answered ({hits} matches)")


def _measure(fn: Callable[[], object]) -> tuple[float, float]:
    """Seconds and peak traced MB of ``fn()``, measured as the hostile tests measure it."""
    seconds, peak = cat.measure(fn)
    return seconds, peak / 2**20


def catalogue_rows(tmp: pathlib.Path, quick: bool) -> Iterator[Row]:
    import logging

    from test_hostile_catalogue import QUERIES  # exact, through frames, through similarity: as the tests ask
    from test_web_support import V1

    from errdex.match import Matcher
    from errdex.pipeline import index
    from errdex.store import Store

    class Warnings(logging.Handler):
        """Collects what errdex says while loading: the outcome column reports it, not the expectation."""

        def __init__(self) -> None:
            super().__init__(logging.WARNING)
            self.seen: list[str] = []

        def emit(self, record: logging.LogRecord) -> None:
            self.seen.append(record.getMessage())

    said = Warnings()
    log = logging.getLogger("errdex")
    log.addHandler(said)
    log.propagate = False
    work = tmp / "cat" / "webfix"
    import shutil

    shutil.copytree(V1, work)
    db = str(tmp / "cat.db")
    index(str(work), db, jobs=1)
    valid = Store.open(db).get_artifact(cat.ARTIFACT)
    assert valid is not None

    def answer() -> int:
        matcher = Matcher.load(Store.open(db, readonly=True))
        return sum(bool(matcher.explain(q).matches) for q in QUERIES)

    def rebuild() -> tuple[float, float]:
        cat.plant(db, b"")
        return _measure(answer)

    runs = [rebuild() for _ in range(3)]
    base_s, base_mb = statistics.median(r[0] for r in runs), max(r[1] for r in runs)
    marker = tmp / "pickle-ran"
    attacks = [cat.Attack("a pickle that runs code", cat.marker_pickle(marker), "foreign")]
    attacks += [*cat.garbled(valid, "webfix/core.py"), *cat.not_a_blob()]
    if quick:
        attacks = attacks[:: max(1, len(attacks) // 8)]
    for attack in attacks:
        cat.plant(db, attack.data)
        hits: list[int] = []
        said.seen.clear()
        try:
            seconds, peak = _measure(partial(_collect, hits, answer))
            if _foreign(attack.data):
                how = "not an index of this format, rebuilt from rows"
            elif any("corrupt" in w for w in said.seen):
                how = "named corrupt, rebuilt from rows"
            elif attack.expect == "loads":
                how = "loaded (it holds together)"
            else:
                how = "loaded; this query met no corrupt part"
            outcome = f"{how}; {hits[0]}/{len(QUERIES)} queries answered"
        except Exception as exc:  # a crafted artifact must never get this far: say so in the table
            seconds, peak, outcome = float("nan"), float("nan"), f"FAILED: {type(exc).__name__}: {exc}"[:90]
        if marker.exists():
            outcome = "RAN CODE: " + outcome
        yield Row("catalogue", attack.name, base_s, seconds, base_mb, peak, outcome)


def _foreign(data: bytes | int | str) -> bool:
    """Not a match index of this format at all (errdex rebuilds quietly), as opposed to a damaged
    one (``CorruptIndex``, a subclass, which the load path names in a warning)."""
    from errdex.match.index import CorruptIndex, Index, IndexFormatError

    if not isinstance(data, bytes):
        return True
    try:
        Index.loads(data)
    except CorruptIndex:
        return False
    except IndexFormatError:
        return True
    return False


def _collect(into: list[int], fn: Callable[[], int]) -> None:
    into.append(fn())


def _latency(url: str, n: int = 15) -> float:
    import httpx

    times = []
    for _ in range(n):
        t = time.perf_counter()
        httpx.get(url, timeout=60)
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def serve_rows(tmp: pathlib.Path, quick: bool) -> Iterator[Row]:
    import httpx

    db = tmp / "serve.db"
    srv.index_dir(srv.hostile_package(tmp / "serve-src"), db)
    header_timeout = 1.0
    clients = 100 if quick else 400
    with srv.serve_process(db, "--header-timeout", str(header_timeout), "--max-connections", "256") as (
        base,
        proc,
    ):
        port = int(base.rsplit(":", 1)[1])
        url = base + "/api/repos"
        before = _latency(url)
        opened = time.monotonic()
        slow = srv.slow_header_clients(port, clients)
        try:
            during = _latency(url)
            waited = time.monotonic() - opened
            closed = [waited + c for c in srv.seconds_until_closed(slow, limit=10 * header_timeout)]
        finally:
            for s in slow:
                s.close()
        yield Row("serve", f"{clients} slow-header clients", before, during, None, ix.tree_rss(proc.pid) / 2**20,
                  f"all cut within {max(closed):.1f} s of connecting (header timeout {header_timeout} s)")  # fmt: skip

        fds_before = srv.open_fds(proc.pid)
        flood = srv.idle_clients(port, 1024)
        try:
            time.sleep(0.3)
            fds = srv.open_fds(proc.pid)
            refused = sum(srv.read_until_closed(s, limit=2).startswith(b"HTTP/1.1 503") for s in flood[-256:])
            during = _latency(url, n=5)
        finally:
            for s in flood:
                s.close()
        yield Row("serve", "1024 idle connections, cap 256", before, during, None, ix.tree_rss(proc.pid) / 2**20,
                  f"{refused}/256 past the cap answered 503; fds {fds_before} -> {fds}")  # fmt: skip

        t = time.perf_counter()
        answer = srv.huge_head(port, mib=1 if quick else 4)
        seconds = time.perf_counter() - t
        status = answer.split(b"\r\n", 1)[0].decode("latin-1") or "closed"
        yield Row("serve", "endless headers", None, seconds, None, ix.tree_rss(proc.pid) / 2**20, status)

        body = "[" * 65_536
        benign = "x" * 65_536
        timing = {}
        for name, text in (("benign", benign), ("hostile", body)):
            t = time.perf_counter()
            r = httpx.post(base + "/api/search", json={"q": text}, timeout=60)
            timing[name] = (time.perf_counter() - t, r.status_code)
        yield Row("serve", "POST /api/search with 64 KB of '['", timing["benign"][0], timing["hostile"][0], None,
                  ix.tree_rss(proc.pid) / 2**20, f"HTTP {timing['hostile'][1]}")  # fmt: skip
        alive = "server still up" if proc.poll() is None else f"SERVER EXITED {proc.returncode}"
        yield Row(
            "serve",
            "after all of the above",
            None,
            _latency(url, n=5),
            None,
            ix.tree_rss(proc.pid) / 2**20,
            alive,
        )


def _fmt(x: float | None, unit: str = "") -> str:
    if x is None:
        return "—"
    if x != x:  # NaN
        return "n/a"
    return f"{x:.2f}{unit}" if x < 10 else f"{x:.0f}{unit}"


def table(rows: list[Row]) -> str:
    head = "| group | attack | baseline s | hostile s | ratio | baseline MB | hostile MB | outcome |"
    lines = [head, "|---|---|---:|---:|---:|---:|---:|---|"]
    for r in rows:
        lines.append(
            f"| {r.group} | {r.attack} | {_fmt(r.base_s)} | {_fmt(r.hostile_s)} | {r.ratio} | "
            f"{_fmt(r.base_mb)} | {_fmt(r.hostile_mb)} | {r.outcome.replace('|', '/')} |"
        )
    return "\n".join(lines)


@contextmanager
def _workdir() -> Iterator[pathlib.Path]:
    with tempfile.TemporaryDirectory(prefix="errdex-hostile-") as d:
        yield pathlib.Path(d)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", default=",".join(GROUPS), help=f"comma-separated groups of {', '.join(GROUPS)}")
    ap.add_argument("--quick", action="store_true", help="smaller inputs, to check the script runs")
    ap.add_argument("--json", action="store_true", help="print the rows as JSON instead of a table")
    args = ap.parse_args(argv)
    groups = [g.strip() for g in args.only.split(",") if g.strip()]
    unknown = sorted(set(groups) - set(GROUPS))
    if unknown:
        ap.error(f"unknown group(s) {', '.join(unknown)}; choose from {', '.join(GROUPS)}")
    builders = {"index": index_rows, "paste": paste_rows, "catalogue": catalogue_rows, "serve": serve_rows}
    rows: list[Row] = []
    with _workdir() as tmp:
        for group in groups:
            for row in builders[group](tmp, args.quick):
                rows.append(row)
                print(f"  {row.group}: {row.attack}: {_fmt(row.hostile_s)} s", file=sys.stderr, flush=True)
    print(f"errdex hostile-input table ({os.cpu_count()} cores{', quick' if args.quick else ''})")
    print(json.dumps([r.__dict__ for r in rows], indent=1) if args.json else table(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
