#!/usr/bin/env python3
"""Score errdex against the regression sets of real errors in ``tests/data/regression/*/``.

Each set directory holds ``cases.jsonl`` (one case a line: id, library, version, kind, input,
expected or null, source, note) and ``versions.json`` (PyPI name -> the release the truth was
verified against). The scorer indexes those releases through the public CLI
(``errdex index pypi:NAME==VERSION --db DB``), runs ``errdex explain --batch --json`` once per set,
and reports top-1, top-3, exact top-1 and negatives per library, the misses, and a summary.

A positive case is found at rank k when the k-th match names the expected file (or one of the
alternatives) and either its line (within ``line_slack``) or its qualified function. A negative
case is right when no match is exact: approximate suggestions are allowed, a claimed exact
match is not.

    python tests/regression_score.py                       # every set, indexing what is missing
    python tests/regression_score.py tests/data/regression/issues --db /tmp/reg.db --show-misses
    python tests/regression_score.py tests/data/regression/issues --db /tmp/reg.db --no-index --show-inexact
    python tests/regression_score.py --no-index --db /tmp/reg.db --errdex ".venv/bin/errdex"

Importable: the test suite uses ``discover_sets``, ``index_set`` and ``score_set``.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import shlex
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REGRESSION_ROOT = Path(__file__).resolve().parent / "data" / "regression"
METRICS = ("top1", "top3", "exact_top1", "negatives_ok")
DEFAULT_ERRDEX = (sys.executable, "-m", "errdex.cli")


def discover_sets(root: Path = REGRESSION_ROOT) -> list[Path]:
    """Every set directory under ``root``: a directory holding ``cases.jsonl``, sorted by name."""
    return sorted(p for p in root.iterdir() if (p / "cases.jsonl").is_file())


def load_cases(set_dir: Path) -> list[dict[str, Any]]:
    """The cases of one set, in file order."""
    with (set_dir / "cases.jsonl").open(encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def load_versions(set_dir: Path) -> dict[str, str]:
    """The pinned release of every library the set's truth was verified against."""
    path = set_dir / "versions.json"
    data: dict[str, str] = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    return data


def _same_file(got: str, want: str) -> bool:
    # A catalogue rooted one folder above the package (a git checkout) names the same file
    # with a prefix; a plain suffix test would also accept "xjinja2/parser.py".
    return got == want or got.endswith("/" + want) or want.endswith("/" + got)


def site_matches(match: Mapping[str, Any], want: Mapping[str, Any], slack: int) -> bool:
    """Whether one returned match names the wanted site: same file, and line or function."""
    if not _same_file(str(match.get("path") or ""), str(want.get("path") or "")):
        return False
    got_line, want_line = match.get("line"), want.get("line")
    line_ok = got_line is not None and want_line is not None and abs(int(got_line) - int(want_line)) <= slack
    fn_ok = bool(want.get("function")) and match.get("function") == want.get("function")
    return line_ok or fn_ok


def rank_of(matches: Sequence[Mapping[str, Any]], expected: Mapping[str, Any], slack: int) -> int | None:
    """1-based rank of the first match naming the expected site or an alternative, else None."""
    wants = [expected, *expected.get("alternatives", [])]
    for i, m in enumerate(matches, 1):
        if any(site_matches(m, w, slack) for w in wants):
            return i
    return None


@dataclass
class Miss:
    """A positive case not found first, or a negative case given an exact match."""

    case: dict[str, Any]
    matches: list[dict[str, Any]]
    rank: int | None

    def line(self) -> str:
        """One line: what was wanted, what came first, and at which rank the truth was."""
        c, top = self.case, (self.matches[0] if self.matches else {})
        got = f"{top.get('path')}:{top.get('line')} {top.get('function')}" if top else "no match"
        if top:
            got += " (approximate)" if top.get("approximate") else " (exact)"
        if c["expected"] is None:
            return f"MISS {c['id']} [negative]: got {got}"
        want = f"{c['expected']['path']}:{c['expected']['line']} {c['expected']['function']}"
        at = f"rank {self.rank}" if self.rank else "not in the matches"
        return f"MISS {c['id']} [{c['kind']}]: want {want} ({at}); got {got}"


@dataclass
class SetReport:
    """The score of one set: counters per library, the misses, and the batch's wall time."""

    name: str
    per_library: dict[str, collections.Counter[str]] = field(default_factory=dict)
    misses: list[Miss] = field(default_factory=list)
    # positives whose first answer is the right site but approximate: shown to a user as a guess
    inexact: list[Miss] = field(default_factory=list)
    batch_wall_s: float = 0.0

    def totals(self) -> collections.Counter[str]:
        total: collections.Counter[str] = collections.Counter()
        for counts in self.per_library.values():
            total.update(counts)
        return total

    def metrics(self) -> dict[str, float]:
        """Shares over the whole set; a set without positives (or negatives) scores 1.0 there."""
        t = self.totals()
        pos, neg = t["pos"], t["neg"]
        return {
            "top1": t["top1"] / pos if pos else 1.0,
            "top3": t["top3"] / pos if pos else 1.0,
            "exact_top1": t["top1_exact"] / pos if pos else 1.0,
            "negatives_ok": t["neg_ok"] / neg if neg else 1.0,
        }

    def table(self, show_misses: bool = False, show_inexact: bool = False) -> str:
        """The per-library table, optionally the misses and the right first answers that are
        only approximate, and the summary line last."""

        def share(a: int, b: int) -> str:
            return f"{a / b:.3f}" if b else "  -  "

        rows = [
            f"set {self.name}",
            f"{'library':14} {'pos':>4} {'top1':>6} {'exact1':>6} {'top3':>6} {'neg':>4} {'neg_ok':>6}",
        ]
        for lib in sorted(self.per_library):
            k = self.per_library[lib]
            rows.append(
                f"{lib:14} {k['pos']:>4} {share(k['top1'], k['pos']):>6} {share(k['top1_exact'], k['pos']):>6}"
                f" {share(k['top3'], k['pos']):>6} {k['neg']:>4} {share(k['neg_ok'], k['neg']):>6}"
            )
        if show_misses:
            rows.extend(m.line() for m in self.misses)
        if show_inexact:
            rows.extend("INEXACT" + m.line().removeprefix("MISS") for m in self.inexact)
        t, m = self.totals(), self.metrics()
        rows.append(
            f"summary {self.name}: top1={m['top1']:.3f} top3={m['top3']:.3f} exact_top1={m['exact_top1']:.3f}"
            f" negatives_ok={m['negatives_ok']:.3f} unanswered={t['unanswered']}"
            f" cases={t['pos'] + t['neg']} batch_wall_s={self.batch_wall_s:.2f}"
        )
        return "\n".join(rows)


def score(
    name: str, cases: Iterable[dict[str, Any]], answers: Mapping[str, list[dict[str, Any]]], slack: int = 3
) -> SetReport:
    """Score the answers of one batch against the set's cases."""
    report = SetReport(name)
    for c in cases:
        counts = report.per_library.setdefault(c["library"], collections.Counter())
        ms = answers.get(c["id"])
        if ms is None:
            counts["unanswered"] += 1
        ms = ms or []
        if c["expected"] is None:
            counts["neg"] += 1
            if any(not m.get("approximate") for m in ms):
                report.misses.append(Miss(c, ms, None))
            else:
                counts["neg_ok"] += 1
            continue
        counts["pos"] += 1
        rank = rank_of(ms, c["expected"], slack)
        if rank == 1:
            counts["top1"] += 1
            if not ms[0].get("approximate"):
                counts["top1_exact"] += 1
            else:
                report.inexact.append(Miss(c, ms, rank))
        if rank is not None and rank <= 3:
            counts["top3"] += 1
        if rank != 1:
            report.misses.append(Miss(c, ms, rank))
    return report


def index_releases(
    errdex: Sequence[str], db: str, versions: Mapping[str, str], log: Any = sys.stderr
) -> float:
    """Index every pinned release into ``db`` through the CLI; return the wall time in seconds.

    Indexing a release the catalogue already holds (with the same extractor) is a no-op, so this
    is cheap on a warm catalogue. A failure raises: a set scored against a partial catalogue
    would report misses that are not the matcher's.
    """
    start = time.perf_counter()
    for name, version in sorted(versions.items()):
        t = time.perf_counter()
        r = subprocess.run(
            [*errdex, "index", f"pypi:{name}=={version}", "--db", db],
            capture_output=True,
            text=True,
            check=False,
        )
        print(f"index {name}=={version}: exit {r.returncode} ({time.perf_counter() - t:.1f}s)", file=log)
        if r.returncode != 0:
            raise RuntimeError(f"errdex index pypi:{name}=={version} failed:\n{r.stderr[-3000:]}")
    return time.perf_counter() - start


# Run by ``index_set`` as ``python -c``: one errdex process indexes every release of the set.
_INDEX_SET = """
import json, os, sys, time
from pathlib import Path
from errdex.pipeline import index_alone, index_releases

jobs, db, shared = int(sys.argv[1]) or None, sys.argv[2], json.loads(sys.argv[3])
specs = sys.argv[4:]
from filelock import FileLock, Timeout

# each shared release built once, under a lock the other workers share; one another worker is
# building is left for later (its lock tried without waiting), and waited on only when every
# one left is being built
todo = dict(shared)
while todo:
    progressed = False
    for spec, single in list(todo.items()):
        try:
            with FileLock(single + ".lock", timeout=0 if len(todo) > 1 else -1):
                if not Path(single).exists():
                    for stale in Path(single).parent.glob(Path(single).name + ".*"):  # a killed build's
                        if stale.suffix != ".lock":
                            stale.unlink()
                    scratch = f"{single}.{os.getpid()}"
                    s = index_alone(spec, scratch, jobs=jobs, tests=False)
                    print(f"index {s.repo}=={s.version} alone: {s.seconds:.1f}s", file=sys.stderr)
                    os.replace(scratch, single)
        except Timeout:
            continue
        del todo[spec]
        progressed = True
    if todo and not progressed:
        time.sleep(0.2)

for s in index_releases(specs, db, jobs=jobs, tests=False, list_tags=False, copies=shared):
    print(f"index {s.repo}=={s.version}: {s.seconds:.1f}s{'' if s.changed else ' (unchanged)'}", file=sys.stderr)
"""


def index_set(
    db: str,
    versions: Mapping[str, str],
    log: Any = sys.stderr,
    jobs: int | None = None,
    shared: Mapping[str, str] | None = None,
) -> float:
    """Index every pinned release into ``db`` with this interpreter's errdex, all in ONE
    process; return the wall time in seconds. ``jobs``: extraction processes (None: a pool of
    one per core for each release; 1: none, the files parsed in that process).

    The catalogue is the one ``index_releases`` builds (each release written as
    ``errdex index`` writes it), without that loop's per-release costs: a process started
    and errdex imported for every release, and the lineages, release tags (a ``git
    ls-remote`` of each source repository) and match index redone after every release; here
    they are done once, after the last (``errdex.pipeline.index_releases``), and no source
    repository's tags are listed (``list_tags=False``: a set scores raise sites, never the
    links a tag pins, and the suite reaches nothing past the package registry: each set's run
    had waited on a ``git ls-remote`` of every codebase it pins wherever the forge answered).
    The test suite uses it; ``--errdex`` (another installation of errdex) needs the CLI loop.

    No test code is indexed (``tests=False``): no sdist is fetched for the tests a wheel lacks,
    and the files under a wheel's tests folders are left out. A set scores what errdex matches,
    and nothing a match reads comes from test code (tests' raises are not catalogued, the
    callers the ranker counts and the class hierarchy are the library's own;
    ``test_sources_pypi`` holds it on real releases). The sdists were half of a clean run's
    download (206 of 453 archives, 216 MB: every answer of the 21 sets was the same both ways);
    the wheels' own tests were ~20% of the files of the sets' releases and about half the index
    time of a release shipping them (popular: 38.3 -> 20.6 s, issues46: 75.4 -> 42.6 s CPU, the
    same answers; all 142 sets: docs/measurements/ci64.md).

    ``shared``: spec -> a catalogue file holding that release alone, for the releases other
    sets pin too. The first set to need one indexes it there (``pipeline.index_alone``, under
    a file lock the xdist workers share); every set copies its rows from there
    (``index_releases(copies=...)``, ``store.transplant``) instead of indexing it again: the
    same catalogue, row for row but for the numbering (``tests/test_transplant.py``), where
    the 265 repeated indexings of 119 releases had been ~12% of the suite's CPU
    (docs/measurements/ci67.md).
    """
    start = time.perf_counter()
    specs = [f"pypi:{name}=={version}" for name, version in sorted(versions.items())]
    r = subprocess.run(
        [sys.executable, "-c", _INDEX_SET, str(jobs or 0), db, json.dumps(dict(shared or {})), *specs],
        capture_output=True,
        text=True,
        check=False,
    )
    print(r.stderr[-3000:] if r.returncode else r.stderr, end="", file=log)
    if r.returncode != 0:
        raise RuntimeError(f"indexing {len(specs)} releases into {db} failed with exit {r.returncode}")
    return time.perf_counter() - start


def prefetch(set_dirs: Sequence[Path], threads: int = 4) -> Callable[[], None]:
    """Download the archive of every release the sets pin into errdex's cache, ``threads`` at a
    time, in daemon threads; return what stops them (after the download each has begun).

    Run beside the tests, so a set's indexing finds its wheels cached instead of waiting on the
    network with a core idle: the 240 releases of the 21 sets took 107 s one at a time here and
    46 s four at a time. The order is the tests' (set by set, each set's releases by name, as
    ``index_set`` indexes them). A failure is left to the test that needs the release: it
    downloads again and says what went wrong."""
    import queue

    from errdex.sources import default_cache_dir
    from errdex.sources.pypi import fetch_pypi, http_client
    from errdex.sources.spec import PypiSpec

    pinned = dict.fromkeys(
        PypiSpec(name, version) for d in set_dirs for name, version in sorted(load_versions(d).items())
    )
    cache = default_cache_dir()

    todo: queue.SimpleQueue[PypiSpec] = queue.SimpleQueue()
    for spec in pinned:
        todo.put(spec)

    client = http_client()  # one TLS context, kept-alive connections: the prefetch's CPU is small
    running = [threads]
    lock = threading.Lock()

    def run() -> None:
        try:
            while True:
                try:
                    spec = todo.get_nowait()
                except queue.Empty:
                    return
                try:
                    fetch_pypi(spec, cache_dir=cache, client=client)
                except Exception:  # the test that indexes the release reports it
                    continue
        finally:
            with lock:
                running[0] -= 1
                if not running[0]:
                    client.close()

    # daemon threads, not an executor's (which exit would wait for): a run of a few tests ends
    # when they do, whatever is left to fetch
    started = [threading.Thread(target=run, name=f"prefetch-{i}", daemon=True) for i in range(threads)]
    for t in started:
        t.start()

    def stop() -> None:
        while True:
            try:
                todo.get_nowait()
            except queue.Empty:
                return

    return stop


def explain_batch(
    errdex: Sequence[str], db: str, cases: Iterable[Mapping[str, Any]]
) -> tuple[dict[str, Any], float]:
    """Run ``errdex explain --batch --json`` once over the cases; return answers by id and wall time."""
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False, encoding="utf-8") as f:
        for c in cases:
            f.write(json.dumps({"id": c["id"], "input": c["input"]}) + "\n")
        batch = f.name
    try:
        t = time.perf_counter()
        r = subprocess.run(
            [*errdex, "explain", "--batch", batch, "--json", "--db", db],
            capture_output=True,
            text=True,
            check=False,
        )
        wall = time.perf_counter() - t
    finally:
        os.unlink(batch)
    if r.returncode != 0:
        raise RuntimeError(f"errdex explain --batch failed with exit {r.returncode}:\n{r.stderr[-3000:]}")
    answers = {}
    for line in r.stdout.splitlines():
        if line.strip():
            a = json.loads(line)
            answers[a["id"]] = a.get("matches", [])
    return answers, wall


def score_set(set_dir: Path, errdex: Sequence[str], db: str, slack: int = 3) -> SetReport:
    """Explain every case of one set against ``db`` (already indexed) and score the answers."""
    cases = load_cases(set_dir)
    answers, wall = explain_batch(errdex, db, cases)
    report = score(set_dir.name, cases, answers, slack)
    report.batch_wall_s = wall
    return report


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument(
        "sets", nargs="*", type=Path, help="set directories (default: every one under tests/data/regression)"
    )
    ap.add_argument(
        "--db", help="catalogue; default: one SQLite file per set in the temp dir, kept between runs"
    )
    ap.add_argument("--errdex", default=shlex.join(DEFAULT_ERRDEX), help="how to run errdex (a command line)")
    ap.add_argument("--no-index", action="store_true", help="use the catalogue as it is")
    ap.add_argument("--line-slack", type=int, default=3)
    ap.add_argument("--show-misses", action="store_true")
    ap.add_argument(
        "--show-inexact", action="store_true", help="list the right first answers that are only approximate"
    )
    args = ap.parse_args(argv)

    errdex = shlex.split(args.errdex)
    sets = args.sets or discover_sets()
    if not sets:
        print(f"no set directories (with cases.jsonl) under {REGRESSION_ROOT}", file=sys.stderr)
        return 2
    for set_dir in sets:
        # One catalogue per set unless told otherwise: two sets may pin different releases of
        # the same library, and a catalogue holding both would answer from either.
        db = args.db or str(Path(tempfile.gettempdir()) / f"errdex-regression-{set_dir.name}.db")
        if not args.no_index:
            index_releases(errdex, db, load_versions(set_dir))
        print(score_set(set_dir, errdex, db, args.line_slack).table(args.show_misses, args.show_inexact))
    return 0


if __name__ == "__main__":
    sys.exit(main())
