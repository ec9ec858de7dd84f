"""CPU of the match-index stage of ``errdex index`` (what ``pipeline.after_history_change`` runs
after the write: lineages, release tags, the callers count, the segment, the merge, the links,
the stored artifacts), one tree beside another, and whether both store the same bytes.

    .venv/bin/python bench/match_index_stage.py --baseline /tmp/base/src            # jax 0.10.2
    .venv/bin/python bench/match_index_stage.py --spec pypi:pandas==3.1.1 --runs 3 --baseline DIR

The release is indexed once, in-process with ``--jobs 1``, by the tree on ``PYTHONPATH`` (this
one); the catalogue as the write left it and the code facts the write handed on are kept. Each
run then copies that catalogue and runs the stage on it in a fresh process of each tree in turn
(alternating), with the store holding the snapshot's texts as the writing store does, and
prints the stage's CPU (``time.process_time``) and the parts' (``match_phases.timed``; a part a tree
does not have is left out), and the sha256 of the catalogue's ``.dump`` after it (the match index,
its segment and every other row) with the match index's sections and meta apart: ``index`` hashes
its sections, which must be the same bytes on two trees, and its meta records the digest of the
tree's ``match/index.py`` (``runtime.data_digest``), which differs whenever that file does. The
modules the stage imports, and those a real run has imported by then (the extractor, the
lineages), are imported before the clock starts: the stage's own work is measured.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import json
import os
import pickle
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

# (module, attribute, label) timed inside the stage; nested parts overlap their callers
PARTS = [
    ("errdex.history.lineage", "update_lineages", "lineages"),
    ("errdex.pipeline", "count_callers", "count_callers"),
    ("errdex.match.shared_index", "update", "segments+merge"),
    ("errdex.match.index", "Builder.add_entry", "add_entry"),
    ("errdex.match.index", "Builder.finish", "finish"),
    ("errdex.match.handoff", "link_entries", "link_entries"),
    ("errdex.match.artifact", "pack", "pack"),
]


def capture(spec: str, into: Path) -> None:
    """Index ``spec`` into ``into/cat.db`` and keep the state just before the stage."""
    from errdex import pipeline

    db = into / "cat.db"
    run = pipeline.after_history_change

    def keep(
        store: Any, repos: list[str], prog: Any, code: Any = None, merge: Any = None, list_tags: bool = True
    ) -> None:
        src, dst = sqlite3.connect(db), sqlite3.connect(into / "pre.db")
        src.backup(dst)
        src.close()
        dst.close()
        # errdex's own in-memory state handed to this bench's next process through a private
        # temporary directory it made; nothing indexed or read from a catalogue is unpickled
        (into / "code.pkl").write_bytes(pickle.dumps((repos, code), protocol=5))
        run(store, repos, prog, code, merge, list_tags)

    pipeline.after_history_change = keep
    pipeline.index(spec, str(db), jobs=1)


def _owner(module: str, attr: str) -> tuple[Any, str] | None:
    """The object holding ``module``'s dotted ``attr`` (a function or a class's method), and its
    name; None when this tree has no such attribute."""
    owner: Any = importlib.import_module(module)
    *path, name = attr.split(".")
    for p in path:
        owner = getattr(owner, p, None)
    return (owner, name) if hasattr(owner, name) else None


def _identity(db: Path) -> dict[str, str]:
    """sha256 of the catalogue's ``.dump`` without the match index's row, and of the match
    index's sections (its meta apart: see the module doc)."""
    from errdex.match import ARTIFACT
    from errdex.match.artifact import unpack
    from errdex.match.index import Index

    con = sqlite3.connect(db)
    skip = f"INSERT INTO \"artifacts\" VALUES('{ARTIFACT}',"
    dump = hashlib.sha256("\n".join(x for x in con.iterdump() if not x.startswith(skip)).encode())
    (data,) = con.execute("SELECT data FROM artifacts WHERE name = ?", (ARTIFACT,)).fetchone()
    con.close()
    index = Index.loads(unpack(bytes(data)), keys=False)
    sections = hashlib.sha256()
    for name in sorted(index._sec):
        if name != "meta":
            sections.update(name.encode() + b"\0" + index._sec[name].tobytes())
    return {"dump": dump.hexdigest(), "index": sections.hexdigest(), "meta": sorted(index.extra)}  # type: ignore[dict-item]


def stage(into: Path) -> dict[str, Any]:
    """One run of the stage on a copy of the kept catalogue (in this process's tree)."""
    from sqlalchemy import select

    import errdex.store.fast as fast
    import errdex.store.sql as sql
    from errdex import pipeline
    from errdex.store import Store
    from errdex.store import schema as S

    # imported before the clock starts (see the module doc)
    for name in (
        "errdex.analysis.callgraph",
        "errdex.extract",
        "errdex.history.lineage",
        "errdex.match.shared_index",
        "errdex.sources.releases",
    ):
        importlib.import_module(name)
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from match_phases import SPENT, timed  # each part's thread CPU (the stage runs in one thread)

    for module, attr, label in PARTS:
        if (owner := _owner(module, attr)) is not None:
            timed(*owner, label)
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "run.db"
        shutil.copy(into / "pre.db", db)
        repos, code = pickle.loads((into / "code.pkl").read_bytes())
        with Store.open(str(db)) as store:
            with store.engine.connect() as conn:

                def blob(sha: str) -> bytes | None:
                    data = conn.execute(select(S.blobs.c.data).where(S.blobs.c.sha == sha)).scalar()
                    return bytes(data) if data is not None else None

                shas = {r[0] for r in conn.execute(select(S.files.c.blob_sha)) if r[0] is not None}
                texts = {
                    sha: fast.inflate_text(data, blob) for sha in shas if (data := blob(sha)) is not None
                }
            store._fresh_texts = sql._SnapshotTexts(texts, {})  # as the store that wrote them holds them
            t = time.process_time()
            pipeline.after_history_change(store, repos, pipeline._Quiet(), code)
            total = time.process_time() - t
        same = _identity(db)
    return {"total": total, **SPENT, **same}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--spec", default="pypi:jax==0.10.2")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--baseline", action="append", default=[], help="another tree's src/ (repeatable)")
    ap.add_argument("--stage", type=Path, help=argparse.SUPPRESS)  # a child: one run, JSON out
    args = ap.parse_args()
    if args.stage:
        print(json.dumps(stage(args.stage)))
        return
    here = str(Path(__file__).resolve().parent.parent / "src")
    trees = [*args.baseline, here]
    with tempfile.TemporaryDirectory() as tmp:
        into = Path(tmp)
        capture(args.spec, into)
        got: dict[str, list[dict[str, Any]]] = {t: [] for t in trees}
        for _ in range(args.runs):
            for tree in trees:
                env = {**os.environ, "PYTHONPATH": tree}
                out = subprocess.run(
                    [sys.executable, __file__, "--stage", str(into)],
                    env=env,
                    check=True,
                    capture_output=True,
                    text=True,
                ).stdout
                got[tree].append(json.loads(out.splitlines()[-1]))
                print(
                    tree,
                    json.dumps(
                        {
                            k: round(v, 3) if isinstance(v, float) else v[:16] if isinstance(v, str) else v
                            for k, v in got[tree][-1].items()
                        }
                    ),
                )
    print(f"load {os.getloadavg()[0]:.1f}; median CPU seconds of {args.runs} runs:")
    labels = ["total", *(label for *_, label in PARTS)]
    for tree, runs in got.items():
        row = {k: round(statistics.median(r.get(k, 0.0) for r in runs), 3) for k in labels}
        print(
            f"  {tree}: {row} dumps {sorted({r['dump'][:16] for r in runs})}"
            f" indexes {sorted({r['index'][:16] for r in runs})}"
        )


if __name__ == "__main__":
    main()
