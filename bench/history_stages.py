"""Where each release of a history run spends its CPU, and how much of it is unchanged code.

    .venv/bin/python bench/history_stages.py                          # jax 0.10.1 .. 0.12.0 (6)
    .venv/bin/python bench/history_stages.py --releases 0.11.2 0.12.0 --json /tmp/stages.json
    .venv/bin/python bench/history_stages.py --walk 0.11.2 0.12.0     # a worker's part, split
    .venv/bin/python bench/history_stages.py --releases 0.12.0.1 --onto /tmp/h.db  # one more release

``index_releases`` runs in this process as ``errdex index`` runs it (overlapped, 2 workers on
a 2-core machine), into an empty catalogue in a temporary directory; the wheels come from the
download cache (``XDG_CACHE_HOME``). Each stage of the main thread is wrapped for its CPU
(``time.thread_time``: on a shared machine the wall says little, and hist38 found the main
thread to be the critical path from jax 0.8.x on), attributed to the release being resolved
and written when it ran (the look-ahead's gathering of a later release included). The
workers' CPU is sampled with psutil (each worker's last reading), the other threads of this
process (the write's compression, hist39) are the process's CPU less the main thread's.

Beside the CPU, per release, what "resolve only what changed" could skip: the files parsed
now (their bytes new to the run) and their raise sites, and of all the release's sites those
in unchanged code: in a file with the release before's bytes, or in an outermost function or
method of a changed file whose text is the release before's (same path, same qualified name,
``ast`` of both texts: nothing is imported or run). The resolution resolves every site of the
release against tables of every module; this counts what a reuse per function would not
resolve again, as an upper bound (a sound reuse also needs what each site's resolution reads
elsewhere unchanged). This analysis runs in the main thread outside every wrapped stage; its
CPU is reported apart and left out of the main thread's figure.

``--onto DB``: the releases are added one by one to a copy of the catalogue DB (a history
indexed before, e.g. by ``errdex index 'pypi:jax>=0.11.2,<=0.12.0'``), each as ``errdex index
pypi:jax==V`` adds one (``pipeline.index``: its lineages and match index made at once), the
stages of the one-more-release figure of ``bench/history_speed.py``. Beside them: how many
cached entries each release decoded and how many of those are files the release before had
alike, and, for a release that changed few files, which fields of each changed file's facts
differ from its previous version's (the key a reuse of unchanged code's resolution would need).

``--walk OLD NEW`` instead splits what the workers do for NEW added after OLD: NEW's files
that changed extracted in this process as a worker does in a history (``extract_file`` with
the statement entries OLD's walk recorded, ``extract.reuse``; the cache entry made), each part
wrapped for its CPU: the parse by parts, the code facts, each top-level def/class walked or
replayed (a class's methods counted by whether their text is OLD's), the rest of the walk.

No file of the indexed library is imported or executed.
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import shutil
import tempfile
import threading
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

_DEFAULT = ("0.10.1", "0.10.2", "0.11.0", "0.11.1", "0.11.2", "0.12.0")
_FUNCS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


class Stages:
    """Main-thread CPU per (release, stage), and the sites' counts per release."""

    def __init__(self) -> None:
        self.cpu: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
        self.sites: dict[str, dict[str, int]] = {}
        self.current = "(opening)"
        self.main = threading.get_ident()
        self.aside = 0.0  # this script's own analysis (main thread), left out of the figures
        self.before: dict[str, bytes] = {}  # the release before's .py files
        self.diffs: dict[str, dict[str, dict[str, int]]] = {}  # release -> changed file -> field -> items

    def wrap(self, owner: Any, name: str, label: str) -> None:
        """``owner.name`` timed as ``label`` when the main thread runs it (nested stages are
        counted in each: ``resolve`` holds ``build_records``)."""
        inner: Callable[..., Any] = getattr(owner, name)

        def timed(*args: Any, **kwargs: Any) -> Any:
            if threading.get_ident() != self.main:
                return inner(*args, **kwargs)
            t = time.thread_time()
            try:
                return inner(*args, **kwargs)
            finally:
                self.cpu[self.current][label] += time.thread_time() - t

        setattr(owner, name, timed)

    def note_release(self, begun: Any) -> None:
        """Before a release is resolved: it is the current one; count its sites in unchanged code."""
        t = time.thread_time()
        snap = begun.snap
        self.current = snap.info.version
        by_path = begun.analysis.by_path
        parsed = {p for p, _ in begun.analysis.items}
        files = {f.path: f.data for f in snap.files if f.path.endswith(".py")}
        total = same_file = same_function = in_parsed = 0
        for path, facts in by_path.items():
            n = len(facts.sites)
            total += n
            if path in parsed:
                in_parsed += n
            old = self.before.get(path)
            if old is not None and old == files.get(path):
                same_file += n
            elif old is not None and facts.sites:
                before, now = _function_texts(old), _function_texts(files[path])
                for site in facts.sites:
                    qual = (site.function or "").split(".<locals>.")[0]
                    same_function += bool(qual and qual in now and before.get(qual) == now[qual])
        cached = {*begun.stored, *begun.lent} & by_path.keys()  # the entries decoded
        self.sites[self.current] = {
            "files": len(files),
            "files parsed now": len(parsed),
            "changed from the release before": sum(1 for p, d in files.items() if self.before.get(p) != d),
            "cached entries decoded": len(cached),
            "- of files unchanged from the release before": sum(
                1 for p in cached if self.before.get(p) is not None and self.before[p] == files.get(p)
            ),
            "sites": total,
            "sites in files parsed now": in_parsed,
            "sites in unchanged files": same_file,
            "sites in unchanged functions of changed files": same_function,
        }
        self.diffs[self.current] = _facts_diff(self.before, files, by_path)
        self.before = files
        self.aside += time.thread_time() - t


_MAX_DIFFED = 20  # changed files whose facts are compared field by field (a patch release's few)


def _facts_diff(
    before: dict[str, bytes], files: dict[str, bytes], by_path: dict[str, Any]
) -> dict[str, dict[str, int]]:
    """For each file the release changed (when it changed at most ``_MAX_DIFFED``), which fields
    of its facts differ from its version in the release before, and in how many items (keys of
    a table, positions of a list): what a reuse of the unchanged code's resolution would have
    to prove no other site read. The facts of the release before's text are made here
    (``extract_file``); the code facts are left out (the resolution reads their function names
    alone, ``func_names``)."""
    import dataclasses

    from errdex.extract import extract_file

    changed = [p for p, d in files.items() if p in before and before[p] != d and p in by_path]
    if not changed or len(changed) > _MAX_DIFFED:
        return {}
    out: dict[str, dict[str, int]] = {}
    for path in sorted(changed):
        old, new = extract_file(path, before[path]), by_path[path]
        fields: dict[str, int] = {}
        for f in dataclasses.fields(old):
            a, b = getattr(old, f.name), getattr(new, f.name)
            if f.name == "code" or a == b:
                continue
            if isinstance(a, dict) and isinstance(b, dict):
                fields[f.name] = sum(1 for k in a.keys() | b.keys() if a.get(k) != b.get(k))
            elif isinstance(a, list) and isinstance(b, list):
                fields[f.name] = sum(1 for x, y in zip(a, b, strict=False) if x != y) + abs(len(a) - len(b))
            else:
                fields[f.name] = 1
        out[path] = fields
    return out


def _function_texts(data: bytes) -> dict[str, str]:
    """Qualified name -> text of every top-level def/class and (nested) method of a file."""
    try:
        text = data.decode("utf-8")
        tree = ast.parse(text)
    except (UnicodeDecodeError, SyntaxError, ValueError, RecursionError):
        return {}
    lines = text.split("\n")
    out: dict[str, str] = {}

    def walk(body: list[ast.stmt], prefix: str) -> None:
        for node in body:
            if isinstance(node, _FUNCS):
                qual = prefix + node.name
                out[qual] = "\n".join(lines[node.lineno - 1 : node.end_lineno])
                if isinstance(node, ast.ClassDef):
                    walk(node.body, qual + ".")

    walk(tree.body, "")
    return out


def _newest_files(db: Path, package: str) -> dict[str, bytes]:
    """The ``.py`` files of the catalogue's newest release of ``package`` (from the download
    cache), the release before the first one ``--onto`` adds."""
    import sqlite3

    from errdex.sources import open_source_with_report

    with sqlite3.connect(db) as conn:
        row = conn.execute("SELECT version FROM snapshots ORDER BY id DESC LIMIT 1").fetchone()
    if row is None:
        return {}
    snap, _ = open_source_with_report(f"pypi:{package}=={row[0]}")
    return {f.path: f.data for f in snap.files if f.path.endswith(".py")}


def _top_classes(data: bytes) -> list[str]:
    """The names of a file's top-level classes."""
    try:
        tree = ast.parse(data.decode("utf-8"))
    except (UnicodeDecodeError, SyntaxError, ValueError, RecursionError):
        return []
    return [node.name for node in tree.body if isinstance(node, ast.ClassDef)]


def _workers(stop: threading.Event, seen: dict[int, float]) -> None:
    """Each child process's latest CPU reading until ``stop`` (the workers are the forkserver's
    children: no ``wait`` of ours accounts for them)."""
    import psutil

    me = psutil.Process()
    while not stop.is_set():
        for child in me.children(recursive=True):
            try:
                t = child.cpu_times()
                seen[child.pid] = t.user + t.system
            except psutil.Error:
                pass
        stop.wait(0.25)


def walk_split(package: str, old_version: str, new_version: str) -> None:
    """``--walk``: the CPU of a worker's parts for NEW's changed files (see the module's text)."""
    from errdex import extract
    from errdex.extract import reuse
    from errdex.sources import open_source_with_report

    def py(version: str) -> dict[str, bytes]:
        snap, _ = open_source_with_report(f"pypi:{package}=={version}")
        return {f.path: f.data for f in snap.files if f.path.endswith(".py")}

    old, new = py(old_version), py(new_version)
    changed = [p for p in sorted(new) if p in old and old[p] != new[p]]
    libraries: dict[str, bytes] = {}
    with extract.collector_paused():
        for path in changed:
            recorded = reuse.StatementReuse()
            extract.extract_file(path, old[path], recorded)
            libraries[path] = recorded.library or b""
    cpu: dict[str, float] = defaultdict(float)
    count: dict[str, int] = defaultdict(int)

    def timed(
        owner: Any, name: str, label: str, counted: Callable[..., str] | None = None
    ) -> Callable[[], None]:
        inner = getattr(owner, name)

        def run(*args: Any, **kwargs: Any) -> Any:
            t = time.thread_time()
            try:
                return inner(*args, **kwargs)
            finally:
                key = counted(*args) if counted is not None else label
                cpu[key] += time.thread_time() - t
                count[key] += 1

        setattr(owner, name, run)
        return lambda: setattr(owner, name, inner)

    replays: dict[int, int] = {}  # a walk's owner -> its replays counted so far

    def top_kind(visitor: Any, stmt: Any, *_: Any) -> str:
        is_class = isinstance(stmt, ast.ClassDef) or getattr(stmt, "is_class", False)
        done = visitor.owner.reused != replays.get(id(visitor.owner), 0)
        replays[id(visitor.owner)] = visitor.owner.reused
        return f"top-level {'class' if is_class else 'def'} {'replayed' if done else 'walked'}"

    undo = [
        timed(reuse.StatementReuse, "chunked", "parse by parts"),
        timed(reuse.StatementReuse, "code_facts", "code facts"),
        timed(reuse._ReusingVisitor, "run", "the walk (all of it)"),
        timed(reuse._ReusingVisitor, "_top", "", top_kind),
        timed(extract, "cache_entry", "cache entry"),
    ]
    t0 = time.thread_time()
    with extract.collector_paused():
        for path in changed:
            extract.cache_entry(
                extract.extract_file(path, new[path], reuse.StatementReuse([libraries[path]]))
            )
    total = time.thread_time() - t0
    for restore in undo:
        restore()
    same = methods = 0
    for path in changed:
        before, now = _function_texts(old[path]), _function_texts(new[path])
        for name in _top_classes(new[path]):
            if before.get(name) != now.get(name):
                members = [q for q in now if q.startswith(f"{name}.") and "." not in q[len(name) + 1 :]]
                methods += len(members)
                same += sum(before.get(q) == now[q] for q in members)
    print(
        f"{package} {old_version} -> {new_version}: {len(changed)} changed files, {total:.2f} s of CPU in all"
    )
    for label in sorted(cpu):
        print(f"  {label:<30} {cpu[label]:6.2f} s  {count[label] if label.startswith('top') else ''}")
    print(f"  members of the classes walked (their text changed): {methods}, their text as before: {same}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--package", default="jax")
    ap.add_argument("--releases", nargs="+", default=list(_DEFAULT), help="versions, oldest first")
    ap.add_argument("--json", type=Path, help="write the figures here too")
    ap.add_argument("--walk", nargs=2, metavar=("OLD", "NEW"), help="split a worker's CPU instead")
    ap.add_argument("--onto", type=Path, help="add the releases one by one to a copy of this catalogue")
    args = ap.parse_args()
    if args.walk:
        walk_split(args.package, *args.walk)
        return

    import errdex.extract as extract
    import errdex.history.lineage as lineage
    import errdex.match.shared_index as shared_index
    import errdex.pipeline as pipeline

    st = Stages()
    st.wrap(pipeline, "_open_release", "open the release")
    st.wrap(pipeline, "_begin_extract", "find the files known (cache decode)")
    st.wrap(pipeline, "_gather", "gather the workers' facts")
    st.wrap(extract.Analysis, "resolve", "resolve")
    st.wrap(extract, "build_records", "- of which build_records")
    st.wrap(pipeline, "link_tests", "link tests")
    st.wrap(pipeline, "index_snapshot", "write (index_snapshot)")
    st.wrap(pipeline, "count_callers", "callers count")
    st.wrap(shared_index, "hold", "held merge (hold)")
    st.wrap(lineage, "update_lineages", "run's end: lineages")
    st.wrap(shared_index, "update", "run's end: match index (update)")
    st.wrap(pipeline, "_extract_cached", "extract (one release added: --onto)")
    finish = pipeline._finish_extract

    def noted_finish(b: Any, prog: Any, memo: Any) -> Any:
        st.note_release(b)
        return finish(b, prog, memo)

    pipeline._finish_extract = noted_finish

    specs = [f"pypi:{args.package}=={v}" for v in args.releases]
    stop = threading.Event()
    seen: dict[int, float] = {}
    sampler = threading.Thread(target=_workers, args=(stop, seen), daemon=True)
    load0 = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as tmp:
        w0, m0, p0 = time.perf_counter(), time.thread_time(), time.process_time()
        sampler.start()
        db = Path(tmp) / "c.db"
        if args.onto is None:
            pipeline.index_releases(specs, str(db))
        else:
            shutil.copy2(args.onto, db)  # (the WAL folded in: ``errdex index`` ends with a checkpoint)
            st.before = _newest_files(db, args.package)
            for spec in specs:
                st.current = spec.partition("==")[2]
                pipeline.index(spec, str(db))
        wall, main_cpu, proc = time.perf_counter() - w0, time.thread_time() - m0, time.process_time() - p0
        stop.set()
        sampler.join()
    main_cpu -= st.aside
    proc -= st.aside
    workers = sum(seen.values())
    out = {
        "releases": args.releases,
        "load (1 min) at start / end": [load0, os.getloadavg()[0]],
        "wall": wall,
        "main thread CPU": main_cpu,
        "other threads CPU": proc - main_cpu,
        "workers CPU": workers,
        "this script's analysis CPU (left out)": st.aside,
        "stages": {r: dict(s) for r, s in st.cpu.items()},
        "sites": st.sites,
        "changed files' facts, fields that differ (items)": st.diffs,
    }
    labels = list(dict.fromkeys(k for s in st.cpu.values() for k in s))
    rel = list(st.cpu)
    print(f"{len(specs)} releases, load {load0:.1f} -> {os.getloadavg()[0]:.1f}: wall {wall:.1f} s")
    print(
        f"CPU: main thread {main_cpu:.2f} s, other threads {proc - main_cpu:.2f} s, workers {workers:.2f} s\n"
    )
    print(f"{'main thread CPU, s':<38}" + "".join(f"{r:>9}" for r in rel) + f"{'total':>9}")
    for label in labels:
        row = [st.cpu[r].get(label, 0.0) for r in rel]
        print(f"{label:<38}" + "".join(f"{v:9.2f}" for v in row) + f"{sum(row):9.2f}")
    print(f"\n{'sites (resolve)':<46}" + "".join(f"{r:>9}" for r in st.sites))
    keys = list(next(iter(st.sites.values()))) if st.sites else []
    for k in keys:
        print(f"{k:<46}" + "".join(f"{s[k]:9d}" for s in st.sites.values()))
    for r, diff in st.diffs.items():
        for path, fields in diff.items():
            told = ", ".join(f"{k} {n}" for k, n in fields.items()) or "none (the same facts)"
            print(f"{r} {path}: facts differ from the release before's in {told}")
    if args.json:
        args.json.write_text(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
