#!/usr/bin/env python3
"""Where a query's time goes as the catalogue grows: CPU time per matching phase and candidate
counts per query, on ``bench/match_speed.py``'s synthetic catalogues.

    .venv/bin/python bench/match_phases.py --sizes 1000000,2000000 [--queries 1000] [--dir DIR] [--slowest 20]
    .venv/bin/python bench/match_phases.py --kept DIR/synthetic-10000000.idx [--queries 2000] [--slowest 40]

Each size's index is built once with ``Index.build`` (the real templates, then
``match_speed``'s varied copies) and kept in ``--dir`` (``DIR/nSIZE.idx``, reused when present).
Queries are drawn from the first ``--sample`` templates, so every size answers the same ones.
The index is mapped from its file; each phase of ``Matcher.explain`` (the key lookup, exact and
head candidates, weighing heads, verification, frames, the pasted type, similarity, ranking) is
timed in thread CPU time, which a loaded machine disturbs far less than wall time, and the counts
that grow with the catalogue (head candidates, frame entries, postings read) are kept per query,
overall, and the CPU p50/p99 per kind of query (the overall p50 lies among the cheap kinds:
a full or cut-short message; tracebacks and messages the index does not hold cost 2-3x as much
and sit above it). The size line gives the build time (when built in this run) and the peak
resident memory of the process so far. ``--answers FILE`` writes every query's top 10, to compare two
trees' answers (run this script once per tree, with ``PYTHONPATH`` on each tree's ``src``).
Timing wraps functions by assignment, so it adds a little to every phase. ``--kept`` measures
an index ``bench/ecosystem.py --keep`` kept (10M templates take half an hour to build) on its
kept queries instead, each query with its thread's page faults. ``--slowest N`` lists the N
slowest queries (of each size built, or of the kept ones) with the phases and counts that made
them slow.
"""

from __future__ import annotations

import argparse
import functools
import gc
import itertools
import json
import mmap
import random
import resource
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from match_speed import HOLDOUT, SPECS, iter_scaled, make_queries, real_entries, shape

from errdex.match import Matcher, candidates, frames
from errdex.match import matcher as matcher_mod
from errdex.match.index import Index
from errdex.match.rank import Ranker

SPENT: dict[str, float] = {}
COUNTS: dict[str, int] = {}


def timed(owner: Any, name: str, label: str) -> None:
    f = getattr(owner, name)

    @functools.wraps(f)
    def g(*a: Any, **k: Any) -> Any:
        t = time.thread_time()
        try:
            return f(*a, **k)
        finally:
            SPENT[label] = SPENT.get(label, 0.0) + time.thread_time() - t

    setattr(owner, name, g)


def counted(owner: Any, name: str, label: str, fn: Callable[[tuple[Any, ...], Any], int]) -> None:
    f = getattr(owner, name)

    @functools.wraps(f)
    def g(*a: Any, **k: Any) -> Any:
        r = f(*a, **k)
        COUNTS[label] = COUNTS.get(label, 0) + fn(a, r)
        return r

    setattr(owner, name, g)


def postings(idx: Index, section: str, keys: set[int]) -> int:
    offs = idx._sec[section]
    return sum(offs[k + 1] - offs[k] for k in keys)


def instrument() -> None:
    counted(Index, "hits", "keys hit", lambda a, r: len(r))
    counted(Index, "head_candidates", "head candidates", lambda a, r: len(r))
    counted(Index, "weights", "heads weighed", lambda a, r: len(r))
    counted(Index, "exact_candidates", "anchor postings read", lambda a, r: postings(a[0], "k_anchof", a[1]))
    counted(
        Index, "similar", "postings of the keys hit (similar)", lambda a, r: postings(a[0], "k_postof", a[1])
    )
    counted(candidates, "verify_lists", "patterns verified", lambda a, r: len(r[0]))
    counted(frames, "gather", "entries frames name", lambda a, r: len(r.entries))
    counted(Ranker, "_entries_of", "entries of the patterns ranked", lambda a, r: len(r))
    counted(Ranker, "_score", "entries scored", lambda a, r: 1)
    for owner, name, label in [
        (Index, "hits", "hits"), (Index, "exact_candidates", "exact_candidates"),
        (Index, "head_candidates", "head_candidates"), (Index, "weights", "weigh heads"),
        (Index, "similar", "similar"), (candidates, "verify_lists", "to_verify (exact + heads + weighing)"),
        (candidates, "fit_all", "fit_all (verification)"), (candidates, "add_similarity", "add_similarity"),
        (candidates, "wrappers", "wrappers"), (frames, "gather", "frames.gather"), (Ranker, "rank", "rank"),
        (matcher_mod.Matcher, "_typed", "typed"), (matcher_mod.Matcher, "_pointed", "pointed"),
        (frames.FrameEvidence, "cap", "frames cap"), (Ranker, "_matches", "rank: the matches returned"),
    ]:  # fmt: skip
        timed(owner, name, label)


def print_slowest(rows: list[tuple[float, str, dict[str, float], dict[str, int]]], slowest: int) -> None:
    """The ``slowest`` queries of ``rows`` (CPU time, what to say of the query, its phases' CPU
    times and its counts), each with the three phases that took most of it."""
    order = sorted(range(len(rows)), key=lambda i: -rows[i][0])
    for i in order[:slowest]:
        cpu, what, took, counts = rows[i]
        most = sorted(took.items(), key=lambda kv: -kv[1])[:3]
        print(
            f"  query {i:4d} {cpu * 1e3:6.1f} ms, {what}: "
            + ", ".join(f"{label} {v * 1e3:.1f}" for label, v in most)
            + "; "
            + ", ".join(f"{label} {v}" for label, v in counts.items() if v)
        )


def open_kept(path: Path) -> tuple[list[list[str]], Matcher]:
    """A kept index (``bench/ecosystem.py --keep``) mapped fresh from its file, cold as the bench
    maps it, and its kept queries (text, wanted); the matcher warmed as a server's: the groups
    made at load (``shared_matcher``) and the first 20 queries answered."""
    kept = json.loads(path.with_suffix(".queries.json").read_text())
    with path.open("rb") as fh:
        index = Index.loads(memoryview(mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ)))
    matcher = Matcher(index)
    index.groups.make_all()
    for text, _want in kept[:20]:
        matcher.explain(text)
    return kept, matcher


def measure_kept(path: Path, n_queries: int, slowest: int, answers: str | None) -> int:
    """Every query of a kept index timed alone: thread CPU, the phases, the counts and the page
    faults of its thread (``RUSAGE_THREAD``: a cold region of the mapped file is a fault), then
    the ``slowest`` queries with the phases that took their time, to tell the tail's causes apart."""
    instrument()
    kept, matcher = open_kept(path)
    kept = kept[:n_queries]
    gc.collect()
    gc.freeze()
    rows: list[tuple[float, int, int, dict[str, float], dict[str, int]]] = []
    top: list[list[list[Any]]] = []
    for text, _want in kept:
        SPENT.clear()
        COUNTS.clear()
        r0 = resource.getrusage(resource.RUSAGE_THREAD)
        t = time.thread_time()
        res = matcher.explain(text, limit=10)
        cpu = time.thread_time() - t
        r1 = resource.getrusage(resource.RUSAGE_THREAD)
        rows.append(
            (cpu, r1.ru_minflt - r0.ru_minflt, r1.ru_majflt - r0.ru_majflt, dict(SPENT), dict(COUNTS))
        )
        top.append([[m.id, m.repo, m.version, m.line, m.approximate, round(m.score, 6)] for m in res.matches])
    gc.unfreeze()
    lat = sorted(r[0] for r in rows)
    minflt = sorted(r[1] for r in rows)
    print(
        f"{path.name}: {len(rows)} queries, CPU p50 {statistics.median(lat) * 1e3:.2f} ms,"
        f" p99 {lat[int(len(lat) * 0.99)] * 1e3:.1f} ms; minor faults p50 {minflt[len(minflt) // 2]},"
        f" p99 {minflt[int(len(minflt) * 0.99)]}, max {minflt[-1]}; major faults {sum(r[2] for r in rows)}"
    )
    phases: dict[str, float] = {}
    for r in rows:
        for label, spent in r[3].items():
            phases[label] = phases.get(label, 0.0) + spent
    for label, spent in sorted(phases.items(), key=lambda kv: -kv[1]):
        print(f"  {label:36s} {spent / len(rows) * 1e3:7.3f} ms/query (CPU)")
    print_slowest(
        [(cpu, f"{minor:5d} faults", took, counts) for cpu, minor, _major, took, counts in rows], slowest
    )
    if answers:
        Path(answers).write_text(json.dumps(top))
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--sizes", default="1000000,2000000")
    ap.add_argument("--queries", type=int, default=1000)
    ap.add_argument("--sample", type=int, default=1_000_000, help="queries come from the first N templates")
    ap.add_argument("--dir", default="/tmp/errdex-phases")
    ap.add_argument("--answers", help="write each query's top 10 here (JSON), per size: FILE.SIZE")
    ap.add_argument(
        "--kept",
        type=Path,
        help="measure this kept index (bench/ecosystem.py --keep: DIR/synthetic-N.idx) on the queries"
        " kept beside it instead of building one",
    )
    ap.add_argument(
        "--slowest", type=int, default=0, help="list the N slowest queries of each size, phase by phase"
    )
    args = ap.parse_args()
    if args.kept is not None:
        return measure_kept(args.kept, args.queries, args.slowest, args.answers)
    import errdex

    print(f"errdex from {Path(errdex.__file__).parent}", file=sys.stderr)  # match_speed puts its tree first
    real = real_entries(SPECS.split(","))
    shapes = sorted({shape(e) for e in real})
    held_shapes = set(random.Random(11).sample(shapes, int(len(shapes) * HOLDOUT)))
    base = [e for e in real if shape(e) not in held_shapes]
    held = [e for e in real if shape(e) in held_shapes and sum(map(len, shape(e))) >= 12]
    rng = random.Random(7)
    pool = list(itertools.islice(iter_scaled(base), args.sample))
    queries = make_queries(rng.sample(pool, min(len(pool), 20000)), held, args.queries, rng)
    del pool
    Path(args.dir).mkdir(parents=True, exist_ok=True)
    instrument()
    for n in [int(x) for x in args.sizes.split(",")]:
        path = Path(args.dir) / f"n{n}.idx"
        built = ""
        if not path.exists():
            t, c = time.perf_counter(), time.process_time()
            with path.open("wb") as fh:
                Index.build(list(itertools.islice(iter_scaled(base), n))).dump(fh)
            built = f", built in {time.perf_counter() - t:.0f}s ({time.process_time() - c:.0f}s CPU)"
            print(f"built {n:,} in{built[10:]}", file=sys.stderr)
            gc.collect()
        with path.open("rb") as fh:
            index = Index.loads(memoryview(mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ)))
        matcher = Matcher(index)
        index.groups.make_all()
        for q in queries[:20]:
            matcher.explain(q.text)
        SPENT.clear()
        COUNTS.clear()
        gc.collect()
        gc.freeze()
        cpu: list[float] = []
        wall: list[float] = []
        by_kind: dict[str, list[float]] = {}
        answers = []
        each: list[tuple[float, str, dict[str, float], dict[str, int]]] = []
        for q in queries:
            before, counts = dict(SPENT), dict(COUNTS)
            t, w = time.thread_time(), time.perf_counter()
            res = matcher.explain(q.text, limit=10)
            cpu.append(time.thread_time() - t)
            if args.slowest:  # this query's part of the totals
                took = {k: v - before.get(k, 0.0) for k, v in SPENT.items() if v > before.get(k, 0.0)}
                each.append((cpu[-1], q.kind, took, {k: v - counts.get(k, 0) for k, v in COUNTS.items()}))
            by_kind.setdefault(q.kind, []).append(cpu[-1])
            wall.append(time.perf_counter() - w)
            answers.append(
                [[m.id, m.repo, m.version, m.line, m.approximate, round(m.score, 6)] for m in res.matches]
            )
        gc.unfreeze()
        nq = len(queries)
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20  # KiB on Linux
        print(
            f"{n:,} templates, {path.stat().st_size / n:.0f} B/template{built}, peak RSS {peak:.1f} GiB,"
            f" {nq} queries:"
        )
        for name, lat in (("CPU", cpu), ("wall", wall), *sorted(by_kind.items())):
            lat = sorted(lat)
            print(
                f"  {name}: p50 {statistics.median(lat) * 1e3:.2f} ms,"
                f" p99 {lat[int(len(lat) * 0.99)] * 1e3:.1f} ms ({len(lat)} queries)"
            )
        for label, spent in sorted(SPENT.items(), key=lambda kv: -kv[1]):
            print(f"  {label:36s} {spent / nq * 1e3:7.3f} ms/query (CPU)")
        for label, count in COUNTS.items():
            print(f"  {label:36s} {count / nq:9.1f} /query")
        print_slowest(each, args.slowest)
        if args.answers:
            Path(f"{args.answers}.{n}").write_text(json.dumps(answers))
        del matcher, index
        gc.collect()
    return 0


if __name__ == "__main__":
    sys.exit(main())
