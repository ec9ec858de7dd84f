"""Indexing a codebase's history: N releases at once, against the newest release alone.

    .venv/bin/python bench/history_speed.py                    # the latest 20 jax releases
    .venv/bin/python bench/history_speed.py --releases 4       # quicker, while developing
    .venv/bin/python bench/history_speed.py --add newer        # the newest on top of the 20 before

Every wheel is fetched (or found in the cache) first, so no measure pays for downloads. Then, in
this run and on this machine (wall time, and CPU time with the extraction's workers):

* baseline: the newest release indexed alone into an empty catalogue (and the catalogue's size
  on disk after a WAL checkpoint);
* N releases indexed into another empty catalogue in one ``errdex index`` run
  (``index_releases``: files seen in an earlier release are not parsed again);
* one more release added to that indexed history, in a fresh process as a user would, against
  the baseline's first index. By default it is the release before the
  oldest of the latest N (every lineage is then derived again: their names are their earliest
  errors); ``--add newer`` adds the newest release on top of the N before it instead, what a
  user does when a release comes out (the lineages are extended). Which release comes last
  decides how many files are new to the catalogue: jax 0.12.0.1 changed one file of 0.12.0.

``--ab SRC [--rounds R] [--history-db FILE] [--this-history-db FILE2]``: instead, R rounds of the
add alone onto copies of one indexed history (FILE, or indexed here), errdex from another tree
(SRC, e.g. main's sources from ``git archive``) and from this one in turn, each round's
catalogues compared table by table. When the two trees' extractors differ (another producer
digest: the catalogue's cached extractions are not the other tree's), each adds onto a history
its own tree indexed: FILE2 for this tree; the tables are then compared with each tree's
producer digest and the snapshots' content hashes (which hash it) read as one.

``--compare R``: instead, R rounds of the newest alone, then the N releases one after another
(``index_releases(overlap=False)``, as before hist23) and overlapped (the workers parse a release
while the one before it is resolved and written: the default), each into an empty catalogue,
with the catalogues compared table by table (sorted rows, the time of indexing left out).

Targets: N releases <= 3x the newest alone; catalogue <= 2.5x one release; one more release
<= 0.3x a first index. A table of where the catalogue's bytes go follows.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sqlite3
import statistics
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


# tables (and their indexes) that add rows with every release, shown whatever their rank
PER_RELEASE = (
    "symbol_runs", "ix_symbol_runs_last", "error_runs", "ix_error_runs_last", "snapshot_symbols",
    "snapshot_errors", "occurrence_places", "ix_occ_place_snapshot", "ix_occ_place_body", "files",
    "sqlite_autoindex_files_1", "modules", "sqlite_autoindex_modules_1", "file_runs",
    "sqlite_autoindex_file_runs_1", "module_runs", "sqlite_autoindex_module_runs_1", "ix_module_runs_fact", "set_keys", "key_sets",
    "sqlite_autoindex_key_sets_1", "fact_sets", "ix_fact_sets_fact",
)  # fmt: skip


def tables(db: Path, top: int = 10) -> list[tuple[str, int]]:
    with sqlite3.connect(db) as conn:
        rows = conn.execute(
            "SELECT name, SUM(pgsize) FROM dbstat GROUP BY name ORDER BY 2 DESC LIMIT ?", (top,)
        ).fetchall()
    return [(str(n), int(b)) for n, b in rows]


def artifact_bytes(db: Path) -> tuple[int, int]:
    """Stored bytes of the merged match index and of every release's segment."""
    with sqlite3.connect(db) as conn:
        index_b, seg_b = conn.execute(
            "SELECT SUM(CASE WHEN name = 'match-index' THEN length(data) ELSE 0 END),"
            " SUM(CASE WHEN name LIKE 'match-seg:%' THEN length(data) ELSE 0 END) FROM artifacts"
        ).fetchone()
    return int(index_b or 0), int(seg_b or 0)


def run_index(db: Path, source: str, src: Path | None = None) -> tuple[float, float, list[str]]:
    """Wall and CPU time of one ``errdex index SOURCE`` process, as a user runs it (with
    ``src``: errdex's sources from that tree instead, ``PYTHONPATH``, for an A/B). The CPU
    time is that of the process and every process under it (the extraction's workers come from
    a forkserver, whose children no ``wait`` of ours accounts for), sampled every 0.1 s with
    psutil (nan without it): the machine may be shared, so wall time alone says little."""
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        t0 = time.perf_counter()
        env = {**os.environ, "PYTHONPATH": str(src)} if src is not None else None
        proc = subprocess.Popen(
            [sys.executable, "-m", "errdex.cli", "index", source, "--db", str(db)],
            stdout=out,
            stderr=err,
            text=True,
            env=env,
        )
        cpu = _cpu_of_tree(proc)
        took = time.perf_counter() - t0
        out.seek(0)
        err.seek(0)
        if proc.returncode:
            raise SystemExit(f"errdex index {source} failed:\n{err.read()}")
        return took, cpu, out.read().splitlines()


def _cpu_of_tree(proc: subprocess.Popen[str]) -> float:
    """CPU seconds of ``proc`` and its descendants, the latest sample of each, until it ends."""
    try:
        import psutil
    except ImportError:
        proc.wait()
        return float("nan")
    seen: dict[tuple[int, float], float] = {}
    root = psutil.Process(proc.pid)
    while proc.poll() is None:
        with contextlib.suppress(psutil.Error):
            for p in [root, *root.children(recursive=True)]:
                with contextlib.suppress(psutil.Error):
                    t = p.cpu_times()
                    seen[(p.pid, p.create_time())] = t.user + t.system
        time.sleep(0.1)
    return sum(seen.values())


# ``index_releases`` in one mode, as ``errdex index`` runs it without its progress bar
_DRIVER = """
import sys
from errdex.pipeline import index_releases
from errdex.sources import default_cache_dir
from errdex.sources.releases import expand_releases
plan = expand_releases(sys.argv[1], cache_dir=default_cache_dir())
index_releases(plan.specs, sys.argv[2], overlap=sys.argv[3] == "overlapped")
"""


def run_mode(db: Path, source: str, mode: str) -> tuple[float, float]:
    """Wall and CPU time (the process tree's, ``_cpu_of_tree``) of indexing ``source`` in ``mode``."""
    with tempfile.TemporaryFile("w+") as err:
        t0 = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-c", _DRIVER, source, str(db), mode], stderr=err, text=True)
        cpu = _cpu_of_tree(proc)
        took = time.perf_counter() - t0
        if proc.returncode:
            err.seek(0)
            raise SystemExit(f"{mode} run of {source} failed:\n{err.read()}")
    return took, cpu


def _stamps(db: Path) -> dict[str, str]:
    """What differs between two catalogues of the same releases made by extractors of another
    digest, and stands for the same thing, each to be read as one placeholder (``dump``): the
    producer digest; each snapshot's content hash (which hashes it) and its stamp once counted
    (``segments.counted_stamp``); the digests over those stamps (the match index's covers, each
    codebase's lineages' generation)."""
    import hashlib
    import json

    with contextlib.closing(sqlite3.connect(db)) as conn:
        out = {
            str(p): "<producer>" for (p,) in conn.execute("SELECT DISTINCT producer FROM extractions") if p
        }
        for h, v in conn.execute("SELECT content_hash, version FROM snapshots"):
            if h:
                out[str(h)] = f"<content of {v}>"
                out[hashlib.sha256(f"{h}+callers".encode()).hexdigest()] = f"<stamp of {v}>"
        for name, data, generation in conn.execute("SELECT name, data, generation FROM artifacts"):
            if name == "match-index-covers":
                with contextlib.suppress(ValueError, KeyError, TypeError):
                    out[str(json.loads(data)["digest"])] = "<covers digest>"
            elif str(name).startswith("lineages:") and generation:
                out[str(generation)] = f"<{name} generation>"
    return out


def dump(db: Path, read_as: dict[str, str] | None = None) -> dict[str, str]:
    """Each table's digest over its rows, sorted (``indexed_at`` left out); ``read_as``: strings
    replaced in each row's text first (``_stamps``)."""
    import hashlib
    import re

    out: dict[str, str] = {}
    swap = re.compile("|".join(map(re.escape, sorted(read_as, key=len, reverse=True)))) if read_as else None
    with contextlib.closing(sqlite3.connect(db)) as conn:
        for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"):
            if name.startswith("sqlite_"):
                continue
            cols = ", ".join(
                f'"{r[1]}"' for r in conn.execute(f'PRAGMA table_info("{name}")') if r[1] != "indexed_at"
            )
            rows = [repr(r) for r in conn.execute(f'SELECT {cols} FROM "{name}"')]
            if swap is not None and read_as is not None:
                rows = [swap.sub(lambda m: read_as[m.group(0)], r) for r in rows]
            rows.sort()
            out[name] = hashlib.sha256("\n".join(rows).encode()).hexdigest()
    return out


def compare(package: str, history: list[str], newest: str, rounds: int) -> None:
    """``--compare``: the sequential and the overlapped run, alternating, against the newest alone."""
    version = [s.partition("==")[2] for s in (history[0], history[-1])]
    source = f"pypi:{package}>={version[0]},<={version[1]}"
    n = len(history)
    print(f"\n{'round':<6} {'measure':<34} {'wall / CPU, s':>16} {'ratio to alone':>16}  load (1 min)")
    for r in range(1, rounds + 1):
        with tempfile.TemporaryDirectory() as tmp:
            t_alone, c_alone, _ = run_index(Path(tmp) / "alone" / "c.db", newest)
            print(
                f"{r:<6} {newest + ' alone':<34} {t_alone:7.1f} / {c_alone:6.1f}  {'':>16}  {os.getloadavg()[0]:.1f}"
            )
            digests = {}
            for mode in ("sequential", "overlapped"):
                db = Path(tmp) / mode / "c.db"
                db.parent.mkdir()
                took, cpu = run_mode(db, source, mode)
                digests[mode] = dump(db)
                print(
                    f"{r:<6} {f'{n} releases, {mode}':<34} {took:7.1f} / {cpu:6.1f}"
                    f"  {took / t_alone:6.2f}x / {cpu / c_alone:5.2f}x  {os.getloadavg()[0]:.1f}",
                    flush=True,
                )
            a, b = digests["sequential"], digests["overlapped"]
            same = sum(a[k] == b.get(k) for k in a)
            print(
                f"{r:<6} catalogues: {same} of {len(a)} tables equal"
                + ("" if a == b else f"; differ: {sorted(k for k in a if a[k] != b.get(k))}")
            )


def add_ab(
    package: str,
    history: list[str],
    extra: str,
    base: Path,
    rounds: int,
    given: Path | None,
    given_this: Path | None = None,
) -> None:
    """``--ab SRC``: the add of ``extra`` onto copies of one indexed history, errdex from
    ``SRC`` (``git archive REF src | tar -x -C DIR``: DIR/src) and from this tree in turn, the
    order swapped each round, each against a first index of ``extra`` by the same tree; the
    two catalogues of each round compared table by table (``dump``)."""
    import shutil

    here = ROOT / "src"
    version = [s.partition("==")[2] for s in (history[0], history[-1])]
    with tempfile.TemporaryDirectory() as tmp:
        hist = Path(tmp) / "history.db"
        if given is not None:
            shutil.copy2(given, hist)
        else:
            run_index(hist, f"pypi:{package}>={version[0]},<={version[1]}")
        size(hist)  # the WAL folded in: a copy of the file is the whole catalogue
        hist_of = {"base": hist, "this": hist}
        if given_this is not None:
            hist_of["this"] = Path(tmp) / "history-this.db"
            shutil.copy2(given_this, hist_of["this"])
            size(hist_of["this"])
        alone = {}
        for label, src in (("base", base), ("this", here)):
            db = Path(tmp) / f"alone-{label}" / "c.db"
            alone[label] = run_index(db, extra, src)[1]
            print(f"{label:<5} first index of {extra} alone: {alone[label]:.2f} s CPU", flush=True)
        cpu: dict[str, list[float]] = {"base": [], "this": []}
        print(f"\n{'round':<6} {'tree':<5} {'add CPU, s':>10} {'of a first index':>17}  load (1 min)")
        for r in range(1, rounds + 1):
            order = [("base", base), ("this", here)]
            if r % 2 == 0:
                order.reverse()
            dumps = {}
            for label, src in order:
                db = Path(tmp) / f"r{r}-{label}" / "c.db"
                db.parent.mkdir()
                shutil.copy2(hist_of[label], db)
                _, c, _ = run_index(db, extra, src)
                cpu[label].append(c)
                dumps[label] = dump(db, _stamps(db) if given_this is not None else None)
                print(
                    f"{r:<6} {label:<5} {c:10.2f} {c / alone[label]:16.2f}x  {os.getloadavg()[0]:.1f}",
                    flush=True,
                )
            a, b = dumps["base"], dumps["this"]
            print(f"{r:<6} catalogues: {sum(a[k] == b.get(k) for k in a)} of {len(a)} tables equal"
                  + ("" if a == b else f"; differ: {sorted(k for k in a if a[k] != b.get(k))}"))  # fmt: skip
        # the first index takes none of the paths an add changes: its two figures are one
        # measure's noise, and the ratios are given against their mean too
        both = (alone["base"] + alone["this"]) / 2
        for label in ("base", "this"):
            med = statistics.median(cpu[label])
            print(
                f"median {label:<5} {med:.2f} s CPU of {len(cpu[label])} rounds: {med / alone[label]:.2f}x its first"
                f" index ({alone[label]:.2f} s), {med / both:.2f}x their mean ({both:.2f} s)"
            )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--package", default="jax")
    ap.add_argument("--releases", type=int, default=20)
    ap.add_argument(
        "--upto",
        metavar="VERSION",
        help="the newest release to take (default: the latest): a run repeatable later",
    )
    ap.add_argument("--add", choices=("newer", "older"), default="older", help="which release is added last")
    ap.add_argument("--keep", type=Path, help="copy the history's catalogue here (c.db) before it is deleted")
    ap.add_argument(
        "--compare", type=int, metavar="R", help="R rounds: sequential against overlapped (see above)"
    )
    ap.add_argument(
        "--ab",
        type=Path,
        metavar="SRC",
        help="R rounds of the add, errdex from SRC against this tree (see above)",
    )
    ap.add_argument("--rounds", type=int, default=3, help="rounds of --ab")
    ap.add_argument("--history-db", type=Path, help="--ab: the N releases' catalogue indexed before (copied)")
    ap.add_argument(
        "--this-history-db",
        type=Path,
        help="--ab: the N releases' catalogue this tree indexed (another extractor)",
    )
    args = ap.parse_args()

    from errdex.sources import default_cache_dir, open_source
    from errdex.sources.releases import expand_releases

    spec = f"pypi:{args.package}" + (f"<={args.upto}" if args.upto else "")
    plan = expand_releases(spec, releases=args.releases + 1, cache_dir=default_cache_dir())
    assert plan is not None
    if args.add == "newer":
        history, extra = plan.specs[:-1], plan.specs[-1]
    else:
        extra, history = plan.specs[0], plan.specs[1:]
    print(f"releases: {history[0]} .. {history[-1]} ({len(history)}), then {extra}", flush=True)
    for spec in plan.specs:  # downloads are not what is measured
        open_source(spec)
    if args.compare:
        compare(args.package, list(history), plan.specs[-1], args.compare)
        print(f"\ncpus: {os.cpu_count()}")
        return
    if args.ab:
        add_ab(
            args.package, list(history), extra, args.ab, args.rounds, args.history_db, args.this_history_db
        )
        print(f"\ncpus: {os.cpu_count()}")
        return

    with tempfile.TemporaryDirectory() as tmp:
        alone, many = Path(tmp) / "alone" / "c.db", Path(tmp) / "many" / "c.db"
        version = [s.partition("==")[2] for s in (history[0], history[-1])]
        newest = plan.specs[-1]
        t_alone, c_alone, _ = run_index(alone, newest)
        s_alone = size(alone)
        t_many, c_many, lines = run_index(many, f"pypi:{args.package}>={version[0]},<={version[1]}")
        s_many = size(many)
        t_add, c_add, added = run_index(many, extra)
        for line in [*lines, *added]:
            print("  " + line)
        n = len(history)
        rows = [
            (f"index {newest} alone (wall / CPU)", f"{t_alone:.1f} / {c_alone:.1f} s", "", "baseline"),
            (f"index {n} releases (wall / CPU)", f"{t_many:.1f} / {c_many:.1f} s",
             f"{t_many / t_alone:.2f}x / {c_many / c_alone:.2f}x", "<= 3x: " + ("met" if t_many <= 3 * t_alone else "missed")),
            (f"catalogue, {newest} alone", f"{s_alone / 1e6:.1f} MB", "", "baseline"),
            (f"catalogue, {n} releases", f"{s_many / 1e6:.1f} MB", f"{s_many / s_alone:.2f}x",
             "<= 2.5x: " + ("met" if s_many <= 2.5 * s_alone else "missed")),
            (f"add {extra} to the {n} (wall / CPU)", f"{t_add:.1f} / {c_add:.1f} s",
             f"{t_add / t_alone:.2f}x / {c_add / c_alone:.2f}x", "<= 0.3x: " + ("met" if t_add <= 0.3 * t_alone else "missed")),
        ]  # fmt: skip
        print(f"\n{'measure':<48} {'value':>16} {'ratio':>13}  target")
        for m, v, r, t in rows:
            print(f"{m:<48} {v:>16} {r:>13}  {t}")
        print(f"\nwhere the bytes go ({n} releases vs {newest} alone), MB:")
        one = dict(tables(alone, 100))
        for name, b in tables(many, 12):
            print(f"  {name:<36} {b / 1e6:7.1f}  {b / max(one.get(name, 0), 1):6.1f}x")
        shown = {name for name, _ in tables(many, 12)}
        every = dict(tables(many, 1000))
        rest = [(name, every[name]) for name in PER_RELEASE if name in every and name not in shown]
        if rest:
            print("rows per release (those not above), MB:")
            for name, b in rest:
                print(f"  {name:<36} {b / 1e6:7.2f}  {b / max(one.get(name, 0), 1):6.1f}x")
        print("artifacts, MB (stored bytes): the merged match index, the per-release segments")
        for label, db in (("alone", alone), (f"{n} releases", many)):
            index_b, seg_b = artifact_bytes(db)
            print(f"  {label:<36} {index_b / 1e6:7.2f}  {seg_b / 1e6:7.2f}")
        if args.keep:
            import shutil

            args.keep.mkdir(parents=True, exist_ok=True)
            size(many)  # the add's last transactions are in the WAL until folded in
            shutil.copy2(many, args.keep / "c.db")
    print(f"\ncpus: {os.cpu_count()}")


if __name__ == "__main__":
    main()
