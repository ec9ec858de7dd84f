#!/usr/bin/env python3
"""Whether two extractors record the same facts, file for file, on real releases.

    .venv/bin/python bench/extract_identity.py --baseline main              # main vs this tree
    .venv/bin/python bench/extract_identity.py --baseline main --spec pypi:jax==0.10.2
    .venv/bin/python bench/extract_identity.py --baseline 3f38296 --out /tmp/ids   # keep hashes

Every ``.py`` file of each release is given to ``extract_file`` by each tree, in a process of
its own (``PYTHONPATH`` its ``src/``; the baseline a ``git archive`` of the revision), and the
file's cache entry (``extract.cache_entry``: what the catalogue keeps of the extraction, all of
it but the code facts) and its code facts (``cache.encode`` of them: the tables the catalogue
keeps apart) are hashed. The two trees' hashes are compared path for path: a file whose entry
differs, or that one tree read and the other did not, is listed. The extractor digest
(``producer_digest``) is no part of an entry: a tree whose code differs writes the same bytes
when it records the same facts.

Nothing of a release is imported or run: its files are parsed with ``ast`` only. The releases
are read through errdex's own source reader (``XDG_CACHE_HOME`` decides where its downloads are
cached); the two trees run side by side (``--jobs``), one process each.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from extract_instructions import tree_src  # (a revision's src/ by git archive, or this tree's)

# Releases of varied style: numeric libraries, web frameworks, ORMs, generated clients, CLIs,
# parsers (their wheels are in the shared download cache of the regression sets).
SPECS = (
    "pypi:jax==0.10.2",
    "pypi:pandas==3.1.1",
    "pypi:sqlalchemy==2.1.9",
    "pypi:django==6.1.3",
    "pypi:botocore==1.44.8",
    "pypi:sympy==1.14.0",
    "pypi:pydantic==2.14.4",
    "pypi:click==8.5.1",
    "pypi:numpy==2.5.5",
    "pypi:transformers==5.25.0",
    "pypi:requests==2.34.2",
    "pypi:attrs==26.1.0",
    "pypi:docutils==0.23",
    "pypi:pyparsing==3.3.3",
    "pypi:aiohttp==3.14.5",
    "pypi:alembic==1.20.1",
    "pypi:celery==5.7.0",
    "pypi:flask==3.1.3",
    "pypi:jinja2==3.1.6",
    "pypi:networkx==3.7",
    "pypi:pytest==9.2.0",
    "pypi:redis==8.2.0",
    "pypi:rich==15.0.0",
    "pypi:setuptools==84.2.1",
    "pypi:werkzeug==3.1.9",
    "pypi:marshmallow==4.4.0",
)

# The measured process: errdex from PYTHONPATH, each file's two hashes, one JSON line a release.
CHILD = """
import gc, hashlib, json, sys
from errdex.extract import cache_entry, extract_file
from errdex.extract.cache import encode
from errdex.sources import open_source
gc.disable()
for spec in sys.argv[1:]:
    files = sorted((f for f in open_source(spec).files if f.path.endswith(".py")), key=lambda f: f.path)
    out = {}
    for f in files:
        facts = extract_file(f.path, f.data)
        code = encode(facts.code) if facts.code is not None else b""  # type: ignore[arg-type]
        out[f.path] = [hashlib.sha256(cache_entry(facts)).hexdigest(), hashlib.sha256(code).hexdigest()]
    print(json.dumps({"spec": spec, "files": out}), flush=True)
"""


def start(src: Path, specs: list[str], out: Path) -> subprocess.Popen[bytes]:
    """One tree's child, its JSON lines written to ``out``."""
    env = dict(os.environ, PYTHONPATH=str(src))
    env.pop("ERRDEX_EXTRACTION_CACHE", None)
    with out.open("wb") as sink:
        return subprocess.Popen([sys.executable, "-c", CHILD, *specs], env=env, stdout=sink)


def load(path: Path) -> dict[str, dict[str, list[str]]]:
    """spec -> path -> its hashes, from a child's output."""
    rows = (json.loads(line) for line in path.read_text().splitlines() if line.strip())
    return {row["spec"]: row["files"] for row in rows}


def _loaded(path: Path) -> dict[str, dict[str, list[str]]]:
    """``load`` of a file that may not be there (nothing then)."""
    return load(path) if path.exists() else {}


def compare(base: dict[str, list[str]], new: dict[str, list[str]]) -> tuple[int, list[str], list[str]]:
    """(files equal, files whose entry or code facts differ, files only one tree read)."""
    same = sum(1 for p, h in base.items() if new.get(p) == h)
    differ = sorted(p for p, h in base.items() if p in new and new[p] != h)
    alone = sorted(set(base) ^ set(new))
    return same, differ, alone


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--baseline", default="main", help="git revision to compare this tree with")
    ap.add_argument("--tree", default=".", help="the other revision ('.': this tree's src/)")
    ap.add_argument("--spec", action="append", help="a release (repeatable); default: the list above")
    ap.add_argument("--out", type=Path, help="keep both trees' hashes in this directory")
    ap.add_argument("--jobs", type=int, default=2, choices=(1, 2), help="run the two trees side by side")
    ap.add_argument(
        "--reuse-baseline",
        action="store_true",
        help="take the baseline's hashes from --out when they are there",
    )
    args = ap.parse_args()
    specs = args.spec or list(SPECS)
    scratch = Path(tempfile.mkdtemp(prefix="extract-identity-"))
    out = args.out or scratch
    out.mkdir(parents=True, exist_ok=True)
    try:
        trees = [(args.baseline, "base"), (args.tree, "new")]
        if args.reuse_baseline and set(specs) <= set(_loaded(out / "base.jsonl")):
            trees = trees[1:]  # (the baseline's code does not change: its hashes are kept)
        srcs = [(tree_src(rev, scratch / label), out / f"{label}.jsonl") for rev, label in trees]
        if args.jobs == 2:
            procs = [start(src, specs, dest) for src, dest in srcs]
            codes = [p.wait() for p in procs]
        else:
            codes = [start(src, specs, dest).wait() for src, dest in srcs]
        if any(codes):
            raise SystemExit(f"a child failed: exit codes {codes}")
        base, new = load(out / "base.jsonl"), load(out / "new.jsonl")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    print(f"baseline {args.baseline} vs {args.tree}: cache entries and code facts, file for file")
    print("| release | files | identical | differ | read by one tree only |\n|---|---|---|---|---|")
    total = [0, 0, 0, 0]
    listed: list[str] = []
    for spec in specs:
        same, differ, alone = compare(base.get(spec, {}), new.get(spec, {}))
        files = len(set(base.get(spec, {})) | set(new.get(spec, {})))
        print(f"| {spec.removeprefix('pypi:')} | {files} | {same} | {len(differ)} | {len(alone)} |")
        for i, n in enumerate((files, same, len(differ), len(alone))):
            total[i] += n
        listed += [f"{spec} differs: {p}" for p in differ[:10]] + [
            f"{spec} one tree only: {p}" for p in alone[:10]
        ]
    print(f"| **all {len(specs)}** | {total[0]} | {total[1]} | {total[2]} | {total[3]} |")
    for line in listed:
        print(line)
    if total[2] or total[3]:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
