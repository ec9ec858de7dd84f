#!/usr/bin/env python3
"""Benchmark errdex's match stage against a naive regex-per-template baseline, plus a cold CLI start.

    .venv/bin/python bench/match_speed.py [--sizes 10000,100000,1000000] [--queries 2000] [--db DB]

Templates are real: errdex's own extractor (``errdex.extract.extract``) run over the pinned
releases (``--specs``, fetched and cached by the sources stage; the extraction itself is cached in
the temp dir), converted to ``CatalogueEntry`` exactly as the store does (segments are the
*expanded* segments). A random 5% of the distinct template shapes is held out of the catalogue to
produce messages that must not match. Beyond the real templates, each size is filled with
systematically varied copies (a copy tag inserted into one literal word, plus another repo name),
so the large catalogues keep realistic shapes *and* many near-duplicates sharing fragments, which
is the hard case for a fragment index.

Queries are what users paste, rendered from catalogue templates with plausible placeholder values
chosen by placeholder name (shapes, dtypes, counts, column names, paths, reprs):

* full messages, half of them with an ``ExcType:`` prefix;
* messages cut short (issue titles, first lines);
* tracebacks with library frames (some chained after an earlier exception);
* non-matching messages: held-out real templates, and real interpreter errors produced by actually
  running broken snippets (``KeyError``, ``'NoneType' object has no attribute ...``).

Measured in one run, per size: index build time, artifact size (and bytes per template), the time to
load the artifact, p50/p99 latency (wall, and the query thread's CPU time, which a loaded machine
disturbs far less) and queries/s of ``Matcher.explain`` on the loaded index (entries
and patterns are decoded on first use, so that cost is part of the latency), top-1 accuracy on the
positive queries (the top match has the source's template), the share of negative queries without
an exact match, and for the naive baseline
(``re`` with ``(.*?)`` gaps, DOTALL, every template tried in turn, time-boxed) the mean time per
query on a sample, with the ratio. A last row times a cold ``errdex explain --json`` subprocess
(median of 5) against a jax catalogue next to a bare ``python -c pass`` measured in the same run.
"""

from __future__ import annotations

import argparse
import cProfile
import dataclasses
import hashlib
import itertools
import json
import pstats
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from errdex.match import Matcher
from errdex.match.index import Index
from errdex.match.verify import compact
from errdex.model import CatalogueEntry

SPECS = "pypi:jax==0.10.2,pypi:scikit-learn==1.9.1,pypi:pandas==3.1.1,pypi:matplotlib==3.11.2,pypi:requests==2.34.2"
JAX = "pypi:jax==0.10.2"
HOLDOUT = 0.05


# --- templates ------------------------------------------------------------------------------------


def real_entries(specs: list[str]) -> list[CatalogueEntry]:
    """Catalogue entries from the real extractor over the real releases (cached per spec list)."""
    key = hashlib.sha1("\n".join(specs).encode()).hexdigest()[:12]
    # JSON, not pickle: the temp dir is shared, and a planted pickle would run code here
    cache = Path(tempfile.gettempdir()) / f"errdex-bench-entries-{key}.json"
    if cache.exists():
        return [CatalogueEntry(**fields) for fields in json.loads(cache.read_text())]
    from errdex.extract import extract
    from errdex.sources import open_source

    entries: list[CatalogueEntry] = []
    for spec in specs:
        t = time.perf_counter()
        snap = open_source(spec)
        ex = extract(snap.files, snap.info.repo)
        for r in ex.records:
            entries.append(
                CatalogueEntry(
                    key=len(entries), error_id=r.id, repo=snap.info.repo, version=snap.info.version,
                    snapshot_date=snap.info.date, kind=r.kind, exc_type=r.exc_type, exc_qualname=r.exc_qualname,
                    template=r.template, segments=list(r.expanded_segments), path=r.path, line=r.line,
                    function=r.function,
                )
            )  # fmt: skip
        print(f"  {spec}: {len(ex.records)} records ({time.perf_counter() - t:.1f}s)", file=sys.stderr)
    cache.write_text(json.dumps([dataclasses.asdict(e) for e in entries]))
    return entries


def shape(e: CatalogueEntry) -> tuple[str, ...]:
    return tuple(compact(s) for s in e.segments[0::2])


_TAGS = [
    "alpha",
    "beta",
    "gamma",
    "delta",
    "kappa",
    "sigma",
    "omega",
    "tensor",
    "frame",
    "index",
    "axis",
    "shard",
]


def scale(base: list[CatalogueEntry], n: int) -> list[CatalogueEntry]:
    """``n`` templates: the real ones, then varied copies (a tagged word, another repo name)."""
    return list(itertools.islice(iter_scaled(base), n))


def iter_scaled(base: list[CatalogueEntry], start: int = 0) -> Iterator[CatalogueEntry]:
    """The real templates, then round ``k`` = 1, 2, ... of varied copies of them, without end;
    from the ``start``-th on (a segment of a large catalogue is built without making the
    copies before it)."""
    n = len(base)
    if not n:
        return
    k, off = divmod(start, n)
    while True:
        for i in range(off, n):
            yield base[i] if k == 0 else _copy(base[i], k, k * n + i)
        k, off = k + 1, 0


def _copy(e: CatalogueEntry, k: int, key: int) -> CatalogueEntry:
    """Round ``k``'s copy of ``e``: a tag word in one worded literal, another repo name."""
    segs = list(e.segments)
    # tag a literal that has words (a template that is all placeholder stays one, as the
    # same ``raise X(e)`` in another codebase would)
    worded = [j for j in range(0, len(segs), 2) if segs[j].strip()]
    if worded:
        j = worded[k % len(worded)]
        words = segs[j].split(" ")
        words.insert(k % max(len(words), 1), f"{_TAGS[k % len(_TAGS)]}{k}")
        segs[j] = " ".join(words)
    tmpl = "".join(s if i % 2 == 0 else "{" + s + "}" for i, s in enumerate(segs))
    return CatalogueEntry(
        key=key, error_id=f"{e.error_id}-{k}", repo=f"{e.repo}-v{k}", version=e.version,
        snapshot_date=None, kind=e.kind, exc_type=e.exc_type, exc_qualname=None, template=tmpl,
        segments=segs, path=e.path, line=e.line, function=e.function,
    )  # fmt: skip


# --- queries --------------------------------------------------------------------------------------

_NAMES = ["'price'", "'user_id'", "x", "params", "'label'", "kernel", "'weight'", "y_true"]


def value_for(name: str, rng: random.Random) -> str:
    """A plausible rendering of a placeholder, from its name (the expression in the source); one
    shown through repr() (``x!r``) as repr() prints it: a word or path gets its quotes."""
    if name.endswith("!r"):
        v = value_for(name[:-2], rng)
        return v if v[:1] in "'\"([{<-" or v[:1].isdigit() or v in ("None", "True", "False") else repr(v)
    n = name.lower()
    if "shape" in n:
        return str(tuple(rng.randint(1, 512) for _ in range(rng.randint(1, 4))))
    if "dtype" in n:
        return rng.choice(["float32", "int64", "bfloat16", "dtype('<M8[ns]')", "object"])
    if any(w in n for w in ("axis", "ndim", "len", "size", "num", "n_", "count", "index", "idx", "dim")):
        return str(rng.randint(0, 4096))
    if any(w in n for w in ("path", "file", "dir", "url")):
        return rng.choice(["/home/u/data/train.csv", "https://example.org/api/v1", "'model.ckpt'"])
    if "type" in n or "cls" in n or "class" in n:
        return rng.choice(["<class 'numpy.ndarray'>", "<class 'str'>", "DynamicJaxprTracer", "NoneType"])
    if any(w in n for w in ("name", "key", "col", "label", "param", "attr")):
        return rng.choice(_NAMES)
    return rng.choice(
        ["17", "3.5", "None", "True", "[1, 2, 3]", "{'a': 1}", "Array([[1., 2.]], dtype=float32)",
         "<Foo object at 0x7f3a2c>", "float32[4,4]", "'mean'", "DataFrame(3 rows)"]
    )  # fmt: skip


def render(e: CatalogueEntry, rng: random.Random) -> str:
    return "".join(s if i % 2 == 0 else value_for(s, rng) for i, s in enumerate(e.segments))


def traceback_for(e: CatalogueEntry, text: str, rng: random.Random) -> str:
    head = (
        "Traceback (most recent call last):\n"
        '  File "/home/u/proj/train.py", line 42, in <module>\n    main()\n'
        f'  File "/home/u/.venv/lib/python3.12/site-packages/{e.path}", line {e.line}, in {e.function.split(".")[-1]}\n'
        f"    raise {e.exc_type.rsplit('.', 1)[-1]}(msg)\n"
        f"{e.exc_type}: {text}"
    )
    if rng.random() < 0.3:
        head = (
            "Traceback (most recent call last):\n"
            '  File "/home/u/proj/io.py", line 7, in load\n    return cache[key]\n'
            "KeyError: 'model'\n\nDuring handling of the above exception, another exception occurred:\n\n"
            + head
        )
    return head


_BROKEN = [
    "{}['missing_key']", "None.shape", "[1, 2][5]", "int('12a')", "1 / 0", "len(5)", "import no_such_mod_xyz",
    "'abc' + 1", "undefined_name_q", "float('nan') < []", "(1).append(2)", "{}.pop('k')", "[].pop()",
    "next(iter([]))", "open('/no/such/file.txt')", "dict(a=1)['b']", "'x'.join([1])", "tuple()[0]",
]  # fmt: skip


def builtin_errors() -> list[str]:
    """Real interpreter messages, produced by running broken snippets (never in a library catalogue)."""
    out = []
    for code in _BROKEN:
        try:
            exec(code, {})
        except Exception as exc:
            out.append(f"{type(exc).__name__}: {exc}")
    return out


@dataclass
class Query:
    text: str
    shape: tuple[str, ...] | None  # the source's compact literals, None when nothing may match exactly
    kind: str


def make_queries(
    entries: list[CatalogueEntry], held: list[CatalogueEntry], n: int, rng: random.Random
) -> list[Query]:
    builtins = builtin_errors()
    out: list[Query] = []
    for _ in range(n):
        r = rng.random()
        if r < 0.85:
            e = rng.choice(entries)
            text = render(e, rng)
            if r < 0.45:
                q = text if rng.random() < 0.5 else f"{e.exc_type.rsplit('.', 1)[-1]}: {text}"
                out.append(Query(q, shape(e), "message"))
            elif r < 0.6:
                cut = rng.randint(max(30, len(text) * 2 // 5), max(30, len(text) * 4 // 5))
                out.append(Query(text[:cut], shape(e), "truncated"))
            else:
                out.append(Query(traceback_for(e, text, rng), shape(e), "traceback"))
        elif r < 0.95 and held:
            e = rng.choice(held)
            out.append(Query(f"{e.exc_type.rsplit('.', 1)[-1]}: {render(e, rng)}", None, "held-out"))
        else:
            out.append(Query(rng.choice(builtins), None, "builtin"))
    return out


# --- baseline -------------------------------------------------------------------------------------


def naive_regexes(entries: list[CatalogueEntry]) -> list[re.Pattern[str]]:
    return [
        re.compile(
            "".join(re.escape(s) if i % 2 == 0 else "(.*?)" for i, s in enumerate(e.segments)), re.DOTALL
        )
        for e in entries
    ]


def naive_query(regexes: list[re.Pattern[str]], text: str, deadline: float) -> int:
    hits = 0
    for i, rx in enumerate(regexes):
        if rx.search(text):
            hits += 1
        if i % 2000 == 0 and time.perf_counter() > deadline:
            raise TimeoutError
    return hits


# --- cold start -----------------------------------------------------------------------------------


def wall(cmd: list[str], runs: int = 5) -> tuple[float, float]:
    """Median and max wall time of ``cmd`` as a fresh process."""
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - t)
    return statistics.median(times), max(times)


def cold_start(db: str | None, message: str) -> tuple[int, float, float, float]:
    """(templates, median s, max s, bare interpreter median s) for a cold ``errdex explain``."""
    from errdex.store import Store

    if db is None:
        from errdex.pipeline import index

        db = str(Path(tempfile.mkdtemp(prefix="errdex-bench-")) / "jax.db")
        index(JAX, db)
    n = sum(1 for _ in Store.open(db).iter_entries())
    exe = str(Path(sys.executable).with_name("errdex"))
    cmd = [exe, "explain", "--json", "--db", db, message]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)  # a stale artifact is rebuilt here, untimed
    med, worst = wall(cmd)
    bare, _ = wall([sys.executable, "-c", "pass"])
    return n, med, worst, bare


# --- main -----------------------------------------------------------------------------------------


def main() -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--sizes", default="10000,100000,1000000")
    ap.add_argument("--specs", default=SPECS, help="comma-separated releases to take real templates from")
    ap.add_argument("--queries", type=int, default=2000)
    ap.add_argument("--naive-queries", type=int, default=10)
    ap.add_argument("--naive-budget", type=float, default=60.0, help="seconds per size for the baseline")
    ap.add_argument("--db", help="jax catalogue for the cold-start row (default: index one in a temp dir)")
    ap.add_argument("--no-cold", action="store_true", help="skip the cold-start row")
    ap.add_argument(
        "--profile", type=int, metavar="SIZE", help="cProfile the queries at this size, print top"
    )
    args = ap.parse_args()
    rng = random.Random(7)
    t = time.perf_counter()
    real = real_entries(args.specs.split(","))
    shapes = sorted({shape(e) for e in real})
    held_shapes = set(random.Random(11).sample(shapes, int(len(shapes) * HOLDOUT)))
    base = [e for e in real if shape(e) not in held_shapes]
    held = [e for e in real if shape(e) in held_shapes and sum(map(len, shape(e))) >= 12]
    print(
        f"real templates: {len(real)} ({len(base)} in the catalogue, {len(held)} held out)"
        f" [{time.perf_counter() - t:.1f}s]",
        file=sys.stderr,
    )
    rows: list[tuple[str, ...]] = []
    for n in [int(x) for x in args.sizes.split(",")]:
        entries = scale(base, n)
        t = time.perf_counter()
        built = Matcher.from_entries(entries)
        build = time.perf_counter() - t
        artifact = built.index.dumps()
        del built
        # queries run on the index as a reader gets it: loaded from the stored bytes, decoded lazily
        t = time.perf_counter()
        matcher = Matcher(Index.loads(artifact))
        load = time.perf_counter() - t
        mb = len(artifact) / 1e6
        per_template = len(artifact) / n
        queries = make_queries(entries, held, args.queries, rng)
        shape_of = {e.error_id: shape(e) for e in entries}
        for q in queries[:20]:  # warm up caches the first queries would otherwise pay for
            matcher.explain(q.text)
        prof = cProfile.Profile() if args.profile == n else None
        lat: list[float] = []
        cpu: list[float] = []  # thread CPU time: what a loaded machine disturbs least
        pos = ok = neg = neg_ok = 0
        t0 = time.perf_counter()
        for q in queries:
            t, c = time.perf_counter(), time.thread_time()
            if prof is not None:
                prof.enable()
            res = matcher.explain(q.text, limit=10)
            if prof is not None:
                prof.disable()
            cpu.append(time.thread_time() - c)
            lat.append(time.perf_counter() - t)
            exact = res.matches[0] if res.matches and not res.matches[0].approximate else None
            if q.shape is None:
                neg += 1
                neg_ok += exact is None
            else:
                pos += 1
                # templates with the same literals are indistinguishable: compare shapes
                ok += bool(res.matches) and shape_of[res.matches[0].id] == q.shape
        total = time.perf_counter() - t0
        if prof is not None:
            pstats.Stats(prof, stream=sys.stderr).sort_stats("tottime").print_stats(25)
        lat.sort()
        cpu.sort()
        p50 = statistics.median(lat) * 1e3
        p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1e3
        cpu50, cpu99 = statistics.median(cpu) * 1e3, cpu[min(len(cpu) - 1, int(len(cpu) * 0.99))] * 1e3
        qps = len(lat) / total
        del matcher, artifact
        regexes = naive_regexes(entries) if args.naive_queries else []  # compiling them all is slow
        deadline = time.perf_counter() + args.naive_budget
        nlat: list[float] = []
        try:
            for q in queries[: args.naive_queries]:
                t = time.perf_counter()
                naive_query(regexes, q.text, deadline)
                nlat.append(time.perf_counter() - t)
        except TimeoutError:
            pass
        del regexes
        naive_ms = statistics.mean(nlat) * 1e3 if nlat else float("nan")
        mean_ms = 1e3 * total / len(lat)
        rows.append((
            f"explain {n}", f"{build:.1f}", f"{mb:.1f}", f"{per_template:.0f}", f"{load * 1e3:.0f}", f"{p50:.3f}", f"{p99:.3f}",
            f"{cpu50:.3f}", f"{cpu99:.3f}", f"{qps:.0f}", f"{ok / max(pos, 1):.3f}", f"{neg_ok / max(neg, 1):.3f}",
            f"{naive_ms:.1f} (n={len(nlat)})", f"{naive_ms / mean_ms:.0f}x" if nlat else "-",
        ))  # fmt: skip
        print(f"done {n}", file=sys.stderr)
    if not args.no_cold:
        message = "ValueError: Incompatible shapes for broadcasting: shapes=[(2, 4), (2,)]"  # a real jax one
        n, med, worst, bare = cold_start(args.db, message)
        rows.append((
            f"cold CLI jax {n}", "-", "-", "-", "-", f"{med * 1e3:.0f}", f"{worst * 1e3:.0f}", "-", "-", "-", "-", "-",
            f"{bare * 1e3:.0f} (python -c pass)", f"+{(med - bare) * 1e3:.0f}ms",
        ))  # fmt: skip
    head = (
        "case",
        "build_s",
        "index_MB",
        "B/tmpl",
        "load_ms",
        "p50_ms",
        "p99_ms",
        "cpu_p50",
        "cpu_p99",
        "qps",
        "top1",
        "neg_ok",
        "naive_ms",
        "ratio",
    )
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]
    for r in [head, *rows]:
        print("  ".join(c.rjust(w) for c, w in zip(r, widths, strict=True)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
