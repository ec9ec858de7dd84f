#!/usr/bin/env python3
"""The ecosystem catalogue: bulk indexing on Ray into PostgreSQL, and matching across all of it.

    .venv/bin/python bench/ecosystem.py [--top 200] [--ranking ../shared/data/top-pypi.tsv]
        [--modes ray1,rayall,single] [--synthetic 1000000,10000000] [--queries 2000] [--pg URL]
        [--synthetic-only] [--segment 1000000] [--keep DIR]

Part 1, indexing. The top ``--top`` projects of the ranking (latest release each) are resolved
and their archives downloaded into the cache first (real registry downloads; not timed). Then
each mode indexes all of them into a fresh PostgreSQL database (a throwaway server from
``tests/pg_server.py`` unless ``--pg`` names one): ``single`` runs the bulk tasks one after the
other in this process (no Ray: the baseline), ``ray1`` on a local Ray runtime with one worker,
``rayall`` with one worker per core. Per mode: releases/min and records/s over the run (first
task to last write: resolving, Ray's start and the final index merge are shown apart), the
summed task time (download check, extraction, test links) and its CPU time, the writer's time
and CPU time, the parallel efficiency ``T(ray1) / (k * T(rayk))``, and the CPU efficiency
``task CPU / (k * T(rayk))`` (how busy the k workers were: on a machine whose cores other jobs
share, wall time alone cannot tell a scaling limit from a stolen core). Then the size of the catalogue on PostgreSQL.

Part 2, matching on that real catalogue: the match index merged from per-release segments
(against a rebuild from every row, and the merge alone once segments are stored), mapped from
its file as ``errdex serve`` workers map it; bytes per template of the file and of the heap each
process adds on top (the key lookup); p50/p99 of ``Matcher.explain`` on queries rendered from
catalogue templates (messages, cut-short messages, tracebacks; interpreter errors as negatives),
with top-1 (the top match has the query's template shape).

Part 3, the same on synthetic catalogues of ``--synthetic`` sizes: the real templates of the
catalogue, then varied copies (``bench/match_speed.py``'s scheme: a tag word inserted, another
repo name), built as segments of at most ``--segment`` templates each and merged, as a catalogue
of many releases would be. Each segment is built in a forked child from the copies' start offset
(the copies before it are never made), so the templates and the builder of one segment are the
child's memory, not this process's: the peak resident memory is reported per stage (segment
builds, the merge, the queries), and a size is held by the merge alone. ``--synthetic-only``
runs this part without PostgreSQL, on the pinned releases' templates. A size whose estimated
merge peak exceeds ``--max-gb`` is skipped (said so). Latency is given in wall and in the query
thread's CPU time (what a loaded machine disturbs least). ``--keep DIR`` keeps each size's merged
index and its queries there, and a later run (of any tree) measures those instead of building
them again.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import itertools
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))  # pg_server: a throwaway PostgreSQL

from match_speed import iter_scaled, make_queries

from errdex import bulk
from errdex.match import Matcher, build_index
from errdex.match import shared_index as si
from errdex.match.index import Index, IndexFormatError
from errdex.match.runtime import runtime_entries
from errdex.model import CatalogueEntry
from errdex.store import Store
from errdex.store import segments as ss

ROOT = Path(__file__).resolve().parents[1]
SEGMENT = 1_000_000  # templates per synthetic segment (``--segment``)
# the merge's peak RSS per template, which decides what fits: 1,016 B at 1M before the builder
# kept its string and site tables in arrays, 593 B at 10M after
BYTES_PER_TEMPLATE_PEAK = 900


def rss_gb(field: str = "VmRSS") -> float:
    """Resident memory now (``VmRSS``) or at its peak so far (``VmHWM``), in GB."""
    with open("/proc/self/status") as fh:
        for line in fh:
            if line.startswith(field + ":"):
                return int(line.split()[1]) / 1e6
    return 0.0


def table(head: tuple[str, ...], rows: list[tuple[str, ...]]) -> None:
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]
    for r in [head, *rows]:
        print("  ".join(c.rjust(w) for c, w in zip(r, widths, strict=True)), flush=True)
    print(flush=True)


def load_avg() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


# --- part 1: indexing ----------------------------------------------------------------------------


def fresh_db(base: str, name: str) -> str:
    from sqlalchemy import create_engine, text

    engine = create_engine(base, isolation_level="AUTOCOMMIT")
    with engine.connect() as conn:
        conn.execute(text(f"DROP DATABASE IF EXISTS {name}"))
        conn.execute(text(f"CREATE DATABASE {name}"))
    engine.dispose()
    return base.replace("/catalogue?", f"/{name}?")


def warm_cache(specs: list[bulk.BulkSpec]) -> None:
    """Resolve and download every release once, so no mode pays the network."""
    from errdex.bulk import _resolve_all
    from errdex.sources import default_cache_dir, open_source

    t = time.perf_counter()
    releases, failed = _resolve_all(specs, default_cache_dir())

    def fetch(source: str) -> str | None:
        try:
            open_source(source)
        except Exception as e:  # reported by the modes too; here it only must not stop the warm-up
            return f"{source}: {e}"
        return None

    with ThreadPoolExecutor(4) as pool:
        problems = [p for p in pool.map(fetch, [r.source for r in releases]) if p]
    print(
        f"cache warm: {len(releases)} releases, {len(failed)} unresolved, {len(problems)} not readable "
        f"[{time.perf_counter() - t:.0f}s]",
        file=sys.stderr,
        flush=True,
    )


class Lines:
    def __init__(self, every: int = 20) -> None:
        self.every = every

    def note(self, message: str) -> None:
        print(f"  {message}", file=sys.stderr, flush=True)

    def release_done(self, source: str, outcome: str, status: bulk.Status) -> None:
        if status.done % self.every == 0 or status.done == status.total or outcome.startswith("failed"):
            print(f"  [{status.line()}] {source}: {outcome[:160]}", file=sys.stderr, flush=True)


def index_modes(specs: list[bulk.BulkSpec], base: str, modes: list[str]) -> tuple[str, list[tuple[str, ...]]]:
    cores = os.cpu_count() or 1
    reports: dict[str, bulk.BulkReport] = {}
    db = ""
    for mode in modes:
        db = fresh_db(base, f"eco_{mode}")
        engine = "local" if mode == "single" else "ray"
        workers = 1 if mode in ("single", "ray1") else cores
        print(
            f"{mode}: {engine} on {workers} worker(s), load average {load_avg()}", file=sys.stderr, flush=True
        )
        gc.collect()
        reports[mode] = r = bulk.run(specs, db, engine=engine, workers=workers, progress=Lines())  # type: ignore[arg-type]
        print(f"  {r.line()}", file=sys.stderr, flush=True)
        # the row now too: a long run interrupted later still leaves its numbers
        print(
            f"  {mode}: run {r.run_seconds:.0f}s, tasks {r.task_seconds:.0f}s (cpu {r.task_cpu_seconds:.0f}s), "
            f"writes {r.write_seconds:.0f}s (cpu {r.write_cpu_seconds:.0f}s), reused files {r.reused_files}, "
            f"merge {r.index_seconds:.1f}s, load average {load_avg()}",
            flush=True,
        )
    rows: list[tuple[str, ...]] = []
    for mode, r in reports.items():
        ref = reports.get("ray1") or reports.get("single")
        eff = "-"
        if ref is not None and r.workers > 1 and r.run_seconds:
            eff = f"{ref.run_seconds / (r.workers * r.run_seconds):.2f}"
        # the workers' busy share: their tasks' CPU time over the cores they were given for the
        # run; on a machine whose cores others use too, wall time alone cannot show it
        busy = f"{r.task_cpu_seconds / (r.workers * r.run_seconds):.2f}" if r.run_seconds else "-"
        rows.append((
            mode, str(r.workers), str(r.indexed), str(len(r.failed)), f"{r.records:,}", f"{r.run_seconds:.0f}",
            f"{r.indexed / r.run_seconds * 60:.1f}" if r.run_seconds else "-",
            f"{r.records / r.run_seconds:,.0f}" if r.run_seconds else "-",
            f"{r.task_seconds:.0f}", f"{r.task_cpu_seconds:.0f}", f"{r.write_seconds:.0f}",
            f"{r.write_cpu_seconds:.0f}", f"{r.seconds - r.run_seconds - r.index_seconds:.0f}",
            f"{r.index_seconds:.1f}", eff, busy,
        ))  # fmt: skip
    last = reports[modes[-1]]
    if last.failed:
        print("failed releases (recorded in index_failures):", file=sys.stderr)
        for source, reason in last.failed:
            print(f"  {source}: {reason[:200]}", file=sys.stderr)
    return db, rows


def pg_sizes(db: str) -> list[tuple[str, ...]]:
    from sqlalchemy import create_engine, text

    engine = create_engine(db)
    with engine.connect() as conn:
        total = conn.execute(text("select pg_database_size(current_database())")).scalar() or 0
        tables = conn.execute(
            text(
                "select relname, pg_total_relation_size(relid) from pg_catalog.pg_statio_user_tables "
                "order by 2 desc limit 6"
            )
        ).all()
        counts = {
            t: conn.execute(text(f"select count(*) from {t}")).scalar() or 0
            for t in ("repos", "snapshots", "errors", "occurrences", "files")
        }
    engine.dispose()
    rows: list[tuple[str, ...]] = [
        ("database", f"{total / 1e6:,.0f} MB", ", ".join(f"{k} {v:,}" for k, v in counts.items()))
    ]
    rows += [(str(name), f"{size / 1e6:,.0f} MB", "") for name, size in tables]
    return rows


# --- part 2 and 3: matching ----------------------------------------------------------------------


def queries_for(sample: list[CatalogueEntry], n: int, rng: random.Random) -> list[tuple[str, Any]]:
    """(text, expected shape or None): ``match_speed``'s messages, cut-short messages and
    tracebacks from catalogue templates, and interpreter errors as negatives (no held-out
    templates: every template of a real catalogue is in it)."""
    return [(q.text, q.shape) for q in make_queries(sample, [], n, rng)]


def measure(index: Index, queries: list[tuple[str, Any]]) -> tuple[str, ...]:
    """p50, p99 (wall, and the query thread's CPU time, which a loaded machine disturbs far
    less), top-1 and negatives without an exact match, on the heap a server has: what loading
    made is frozen out of the collector's walks, and the groups of very common patterns are made
    before it (``errdex serve`` does the same: ``shared_matcher``)."""
    matcher = Matcher(index)
    index.groups.make_all()
    for text, _ in queries[:20]:
        matcher.explain(text)
    gc.collect()
    gc.freeze()
    lat: list[float] = []
    cpu: list[float] = []
    tops: list[tuple[Any, Any]] = []
    neg = neg_ok = 0
    for text, want in queries:
        t, c = time.perf_counter(), time.thread_time()
        res = matcher.explain(text, limit=10)
        cpu.append(time.thread_time() - c)
        lat.append(time.perf_counter() - t)
        exact = res.matches[0] if res.matches and not res.matches[0].approximate else None
        if want is None:
            neg += 1
            neg_ok += exact is None
        else:
            tops.append((want, res.matches[0] if res.matches else None))
    gc.unfreeze()
    ok = sum(top is not None and _shape_of(index, top) == want for want, top in tops)
    lat.sort()
    cpu.sort()
    p50 = statistics.median(lat) * 1e3
    p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1e3
    c50 = statistics.median(cpu) * 1e3
    c99 = cpu[min(len(cpu) - 1, int(len(cpu) * 0.99))] * 1e3
    return (
        f"{p50:.2f}",
        f"{p99:.1f}",
        f"{c50:.2f}",
        f"{c99:.1f}",
        f"{ok / max(len(tops), 1):.3f}",
        f"{neg_ok / max(neg, 1):.3f}",
    )


def _shape_of(index: Index, top: Any) -> tuple[str, ...] | None:
    """The template shape of a match, found among the entries of its (path, line): a table of
    every entry would take gigabytes at 10M templates."""
    for ei in index.sites.get((top.path, top.line)):
        e = index.entries[ei]
        if (e[1], e[2], e[3]) == (top.id, top.repo, top.version):
            return index.patterns[index.entry_pat[ei]].lits
    return None


_HEAP_PROBE = """
import gc, mmap, sys
sys.path.insert(0, sys.argv[2])
from errdex.match.index import Index
from errdex.match.runtime import runtime_entries
def anon():
    for line in open("/proc/self/smaps_rollup"):
        if line.startswith("Anonymous:"):
            return int(line.split()[1]) * 1024
gc.collect()
before = anon()
fh = open(sys.argv[1], "rb")
index = Index.loads(memoryview(mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ)))
gc.collect()
print(anon() - before)
"""


def heap_per_process(data_path: Path) -> int:
    """What one more process mapping the index adds to its own heap (the key lookup), measured in
    a fresh interpreter: in this one, freed arenas would hide it."""
    out = subprocess.run(
        [sys.executable, "-c", _HEAP_PROBE, str(data_path), str(ROOT / "src")],
        capture_output=True,
        text=True,
        check=True,
    )
    return int(out.stdout.strip())


def mapped(data_path: Path, *, keys: bool = True) -> tuple[Index, float]:
    """The index mapped from its file as a web worker maps it, and the load time."""
    import mmap

    t = time.perf_counter()
    with data_path.open("rb") as fh:
        mm = mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ)
    index = Index.loads(memoryview(mm), keys=keys)
    return index, time.perf_counter() - t


def reset_peak() -> None:
    """Start ``VmHWM`` again from the resident memory now (Linux: ``clear_refs`` 5), so a
    phase's peak is its own."""
    with contextlib.suppress(OSError):
        Path("/proc/self/clear_refs").write_text("5")


def match_real(
    db: str, n_queries: int, rng: random.Random
) -> tuple[list[tuple[str, ...]], list[CatalogueEntry]]:
    store = Store.open(db)
    t = time.perf_counter()
    entries = list(store.iter_entries())
    rebuilt = build_index(entries, str(store.generation()))
    rebuild = (
        time.perf_counter() - t
    )  # what every new release cost before: every row read, every template parsed
    del rebuilt
    si.update(store)  # the bulk run merged every release already; this only takes it back
    t = time.perf_counter()
    runtime = Index.build(runtime_entries())
    stamps = ss.snapshot_stamps(store)
    # what a new release costs now, beyond building its own segment: the stored index taken
    # back at the level of its arrays and merged (only each codebase's newest segment is kept)
    _, prefix, _, _ = si._stored_prefix(store, stamps)
    head = [prefix] if prefix else si._segments(store, stamps, keep=set())
    merged = si._merge(itertools.chain(head, [runtime]), str(store.generation()))
    merge = time.perf_counter() - t
    path = Path(tempfile.mkdtemp(prefix="errdex-eco-")) / "real.idx"
    with path.open("wb") as fh:
        merged.dump(fh)
    del merged
    index, load = mapped(path)
    heap = heap_per_process(path)
    size = path.stat().st_size
    n = index.n_entries
    queries = queries_for(rng.sample(entries, min(len(entries), 20000)), n_queries, rng)
    measured = measure(index, queries)
    rows = [
        (
            f"real {n:,}", f"{rebuild:.1f}", f"{merge:.1f}", f"{size / 1e6:.0f}", f"{size / n:.0f}",
            f"{heap / n:.0f}", f"{load * 1e3:.0f}", *measured,
        )
    ]  # fmt: skip
    path.unlink()
    return rows, entries


_BASE: list[CatalogueEntry] = []  # the templates the synthetic copies are made of (forked children read it)


def _build_segment(start: int, n: int, path: Path, seed: int) -> tuple[list[CatalogueEntry], float]:
    """In a child process: the synthetic templates ``start .. start + n`` built into one segment
    written to ``path``; a sample of them (queries come from it) and the child's peak RSS. The
    build's peak (the templates and the builder) is the child's own, and the parent's heap does
    not keep the arenas it freed."""
    chunk = list(itertools.islice(iter_scaled(_BASE, start), n))
    with path.open("wb") as fh:
        Index.build(chunk).dump(fh)
    return random.Random(seed).sample(chunk, min(len(chunk), 2000)), rss_gb("VmHWM")


def build_segments(
    base: list[CatalogueEntry], n: int, tmp: Path, t: float
) -> tuple[list[Path], list[CatalogueEntry], float]:
    """The segment files of an ``n``-template synthetic catalogue, ``SEGMENT`` templates each,
    built one at a time in a fresh forked child; the query sample and the children's peak RSS."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    _BASE[:] = base
    files: list[Path] = []
    sample: list[CatalogueEntry] = []
    peak = 0.0
    ctx = multiprocessing.get_context("fork")
    for k, start in enumerate(range(0, n, SEGMENT)):
        f = tmp / f"seg{k}.idx"
        with ProcessPoolExecutor(1, mp_context=ctx) as pool:  # a fresh child per segment
            got, child_peak = pool.submit(_build_segment, start, min(SEGMENT, n - start), f, k).result()
        sample += got
        files.append(f)
        peak = max(peak, child_peak)
        print(
            f"  synthetic {n:,}: segment {k} [{time.perf_counter() - t:.0f}s, child peak {child_peak:.1f} GB,"
            f" rss {rss_gb():.1f} GB, load {load_avg()}]",
            file=sys.stderr,
            flush=True,
        )
    return files, sample, peak


def _measure_kept(keep: Path, n: int, n_queries: int, peaks: list[tuple[str, ...]]) -> tuple[str, ...]:
    """A size's row from the merged index and the queries an earlier run kept in ``keep``
    (building 10M templates takes half an hour of CPU; the file maps in milliseconds): the same
    queries on the same index, so two trees' matchers are compared on equal terms."""
    path = keep / f"synthetic-{n}.idx"
    queries = [(text, None if want is None else tuple(want))
               for text, want in json.loads((keep / f"synthetic-{n}.queries.json").read_text())][:n_queries]  # fmt: skip
    index, load = mapped(path)
    size = path.stat().st_size
    reset_peak()
    measured = measure(index, queries)
    peaks.append((f"synthetic {n:,}", "kept", "kept", "-", "-", f"{rss_gb('VmHWM'):.1f}"))
    del index
    gc.collect()
    return (f"synthetic {n:,}", "kept", "kept", f"{size / 1e6:.0f}", f"{size / n:.0f}", "-",
            f"{load * 1e3:.0f}", *measured)  # fmt: skip


def match_synthetic(
    base: list[CatalogueEntry],
    sizes: list[int],
    n_queries: int,
    max_gb: float,
    rng: random.Random,
    peaks: list[tuple[str, ...]],
    keep: Path | None = None,
) -> list[tuple[str, ...]]:
    rows: list[tuple[str, ...]] = []
    for n in sizes:
        if rows:  # each size's row as soon as it is measured: a later size may not fit
            print("  " + "  ".join(rows[-1]), flush=True)
        need = n * BYTES_PER_TEMPLATE_PEAK / 1e9
        if need > max_gb:
            rows.append((f"synthetic {n:,}", *(["skipped"] * 12)))
            print(f"synthetic {n:,}: needs ~{need:.0f} GB at peak, over --max-gb {max_gb:g}", file=sys.stderr)
            continue
        if keep is not None and (keep / f"synthetic-{n}.queries.json").exists():
            try:
                rows.append(_measure_kept(keep, n, n_queries, peaks))
                continue
            except IndexFormatError as e:  # kept by an older errdex: build it again in its place
                print(f"synthetic {n:,}: kept index is stale ({e}); building it again", file=sys.stderr)
                (keep / f"synthetic-{n}.queries.json").unlink()
        t = time.perf_counter()
        tmp = Path(tempfile.mkdtemp(prefix="errdex-eco-"))
        seg_files, sample, child_peak = build_segments(base, n, tmp, t)
        segs_time = time.perf_counter() - t
        build_peak = max(child_peak, rss_gb("VmHWM"))
        gc.collect()
        reset_peak()
        before = rss_gb()
        t = time.perf_counter()
        path = tmp / "merged.idx" if keep is None else keep / f"synthetic-{n}.idx"
        # segments mapped one at a time, as the catalogue's merge reads them; the result written
        # section by section
        merged = si.merge(mapped(f, keys=False)[0] for f in seg_files)
        with path.open("wb") as fh:
            merged.dump(fh)
        merge = time.perf_counter() - t
        merge_peak = rss_gb("VmHWM")
        del merged
        gc.collect()
        print(
            f"  synthetic {n:,}: merged [{merge:.0f}s, rss {rss_gb():.1f} GB, peak {merge_peak:.1f} GB "
            f"({(merge_peak - before) * 1e9 / n:,.0f} B/template over the {before:.1f} GB before); "
            f"segment builds peaked at {build_peak:.1f} GB]",
            file=sys.stderr,
            flush=True,
        )
        peaks.append((f"synthetic {n:,}", f"{build_peak:.1f}", f"{merge_peak:.1f}", f"{before:.1f}",
                      f"{(merge_peak - before) * 1e9 / n:,.0f}"))  # fmt: skip
        for f in seg_files:
            f.unlink()
        index, load = mapped(path)
        heap = heap_per_process(path)
        size = path.stat().st_size
        reset_peak()
        queries = queries_for(sample, n_queries, rng)
        if keep is not None:  # written last: its presence says the index beside it is whole
            (keep / f"synthetic-{n}.queries.json").write_text(json.dumps(queries))
        measured = measure(index, queries)
        query_peak = rss_gb("VmHWM")
        rows.append((
            f"synthetic {n:,}", f"{segs_time:.0f} (segments)", f"{merge:.0f}", f"{size / 1e6:.0f}", f"{size / n:.0f}",
            f"{heap / n:.0f}", f"{load * 1e3:.0f}", *measured,
        ))  # fmt: skip
        peaks[-1] += (f"{query_peak:.1f}",)
        del index
        gc.collect()
        if keep is None:
            path.unlink()
        print(f"synthetic {n:,} done", file=sys.stderr, flush=True)
    return rows


def index_and_match(
    args: argparse.Namespace, modes: list[str], head: tuple[str, ...], rng: random.Random
) -> list[CatalogueEntry]:
    """Parts 1 and 2: the top projects indexed into PostgreSQL in each mode, and matching on
    the last mode's catalogue; its entries (what synthetic catalogues copy by default)."""
    with contextlib.ExitStack() as stack:
        base = args.pg
        if base is None:
            import pg_server

            base = stack.enter_context(pg_server.postgres_server())
        specs = bulk.read_ranking(Path(args.ranking), args.top)
        rows: list[tuple[str, ...]]
        if args.skip_index:
            db, rows = base.replace("/catalogue?", f"/eco_{modes[-1]}?"), []
        else:
            warm_cache(specs)
            db, rows = index_modes(specs, base, modes)
        print(
            f"indexing the top {len(specs)} of {args.ranking} (latest release each), PostgreSQL, COPY writes"
        )
        table(
            ("mode", "workers", "releases", "failed", "records", "run_s", "releases/min", "records/s", "task_s",
             "task_cpu_s", "write_s", "write_cpu_s", "setup_s", "merge_s", "efficiency", "cpu_efficiency"),
            rows,
        )  # fmt: skip
        table(("catalogue", "size", "rows"), pg_sizes(db))
        real_rows, entries = match_real(db, args.queries, rng)
        table(head, real_rows)
    return entries


def main() -> int:
    global SEGMENT
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--top", type=int, default=200)
    # ../shared beside the repository (a worktree sits one level deeper)
    near = [d / "shared" / "data" / "top-pypi.tsv" for d in (ROOT.parent, ROOT.parent.parent)]
    ap.add_argument("--ranking", default=str(next((p for p in near if p.is_file()), near[0])))
    ap.add_argument("--modes", default="ray1,rayall,single", help="the last one's catalogue is measured")
    ap.add_argument("--synthetic", default="1000000,10000000", help="sizes, comma-separated ('' for none)")
    ap.add_argument(
        "--synthetic-base",
        choices=["catalogue", "specs"],
        default="catalogue",
        help="copy the indexed catalogue's templates, or match_speed's pinned releases' (cached)",
    )
    ap.add_argument("--queries", type=int, default=2000)
    ap.add_argument("--segment", type=int, default=SEGMENT, help="templates per synthetic segment")
    ap.add_argument("--max-gb", type=float, default=14.0, help="skip a synthetic size needing more memory")
    ap.add_argument(
        "--pg", help="a PostgreSQL URL ending in /catalogue?... (default: a throwaway local server)"
    )
    ap.add_argument("--skip-index", action="store_true", help="reuse the eco_* database of an earlier run")
    ap.add_argument(
        "--synthetic-only",
        action="store_true",
        help="part 3 alone, on copies of match_speed's pinned releases' templates (no PostgreSQL)",
    )
    ap.add_argument(
        "--keep",
        type=Path,
        help="keep each synthetic size's merged index and queries in this directory, and measure"
        " the ones found there instead of building them again",
    )
    args = ap.parse_args()
    SEGMENT = args.segment
    if args.keep is not None:
        args.keep.mkdir(parents=True, exist_ok=True)
    rng = random.Random(7)
    modes = [m for m in args.modes.split(",") if m]
    print(f"machine: {os.cpu_count()} cores, load average {load_avg()} at start", flush=True)
    head = ("index", "rebuild_s", "merge_s", "file_MB", "B/tmpl", "heap_B/tmpl", "load_ms", "p50_ms", "p99_ms",
            "cpu_p50", "cpu_p99", "top1", "neg_ok")  # fmt: skip
    entries: list[CatalogueEntry] = []
    if not args.synthetic_only:
        entries = index_and_match(args, modes, head, rng)
    sizes = [int(x) for x in args.synthetic.split(",") if x]
    if sizes:
        if args.synthetic_base == "specs" or args.synthetic_only:
            from match_speed import SPECS, real_entries

            entries = real_entries(SPECS.split(","))
        print(f"synthetic catalogues: copies of {len(entries):,} real templates", flush=True)
        peaks: list[tuple[str, ...]] = []
        table(head, match_synthetic(entries, sizes, args.queries, args.max_gb, rng, peaks, args.keep))
        table(
            ("index", "build_peak_GB", "merge_peak_GB", "rss_before_GB", "merge_B/tmpl", "query_peak_GB"),
            peaks,
        )
    print(f"load average {load_avg()} at the end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
