"""Instructions the extractor runs on a fixed sample of a release, for several trees in one run.

    .venv/bin/python bench/extract_instructions.py                         # main vs this tree
    .venv/bin/python bench/extract_instructions.py --rev 3f38296 --rev main --rev .
    .venv/bin/python bench/extract_instructions.py --every 2 --keep /tmp/cg   # callgrind files kept
    .venv/bin/python bench/extract_instructions.py --rev . --functions 60     # by Python function

CPU seconds on a shared, loaded machine differ from run to run by more than most changes to the
extractor; the number of instructions callgrind counts does not move with the load. The sample
is every Nth ``.py`` file of the release (paths sorted; jax 0.10.2 and N=8: 78 files), each
given to ``extract_file`` in one process with the cyclic collector off, as the workers run it.
Each tree is run twice under ``valgrind --tool=callgrind``: the interpreter's start and errdex's
imports alone, then the same with the extraction; the table shows both and their difference,
the extraction itself, each against the first tree.

Every tree is byte-compiled first and its runs read that bytecode. With
``PYTHONDONTWRITEBYTECODE`` set and a tree never compiled, every run compiles errdex's sources
again, ~0.7G instructions on top of ~5.5G for the default sample: a comparison of a compiled
tree with an uncompiled one reads that as growth of the extraction (perf22).

With ``--functions N``, the last tree runs once more as ``python -X perf``: CPython then calls
each Python function through a small machine-code stub of its own, listed in
``/tmp/perf-PID.map``, and the stubs' inclusive counts in callgrind's file are the functions'
(the N largest are printed). A ranking, not an A/B: the stubs turn off the inlining of
Python-to-Python calls (the run counts ~6% more), and a recursive function (the statement walk)
counts its nested calls again.

Nothing of the release is imported or run: its files are parsed with ``ast`` only.
"""

from __future__ import annotations

import argparse
import bisect
import collections
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC = "pypi:jax==0.10.2"

# The measured process: errdex from PYTHONPATH, the sample's files read before the extraction.
CHILD = """
import gc, json, sys
from pathlib import Path
import errdex
from errdex.extract import extract_file
sample = Path(sys.argv[1])
paths = json.loads((sample / "paths.json").read_text()) if sys.argv[2] == "extract" else []
items = [(p, (sample / "files" / p).read_bytes()) for p in paths]
gc.disable()
sites = sum(len(extract_file(p, d).sites) for p, d in items)
print(json.dumps({"errdex": errdex.__file__, "files": len(items), "sites": sites}))
"""

_COLLECTED = re.compile(r"Collected : (\d+)")


def _env(src: Path) -> dict[str, str]:
    """The measured child's environment: errdex from ``src``, reading its bytecode."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPATH"] = str(src)
    return env


def tree_src(rev: str, into: Path) -> Path:
    """``src/`` of a git revision (``git archive``: no worktree), or of this tree for ``.``."""
    if rev == ".":
        return ROOT / "src"
    archive = subprocess.run(["git", "archive", rev, "src"], cwd=ROOT, capture_output=True, check=True).stdout
    into.mkdir(parents=True)
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into / "src"


def write_sample(spec: str, every: int, into: Path) -> int:
    """Every ``every``-th ``.py`` file of ``spec`` under ``into/files``, their paths in order."""
    from errdex.sources import open_source

    files = sorted((f for f in open_source(spec).files if f.path.endswith(".py")), key=lambda f: f.path)
    chosen = files[::every]
    for f in chosen:
        dest = into / "files" / f.path
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_bytes(f.data)
    (into / "paths.json").write_text(json.dumps([f.path for f in chosen]))
    return len(chosen)


def callgrind(src: Path, sample: Path, mode: str, out: Path) -> tuple[int, dict[str, object]]:
    """Instructions of one child run, and what it reported."""
    run = subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            f"--callgrind-out-file={out}",
            sys.executable,
            "-c",
            CHILD,
            str(sample),
            mode,
        ],
        env=_env(src),
        capture_output=True,
        text=True,
        check=True,
    )
    found = _COLLECTED.search(run.stderr)
    if found is None:
        raise SystemExit(f"no instruction count in valgrind's output:\n{run.stderr[-2000:]}")
    return int(found.group(1)), json.loads(run.stdout.strip().splitlines()[-1])


def by_function(src: Path, sample: Path, out: Path) -> list[tuple[int, int, str]]:
    """(inclusive instructions, calls, Python function) of an extraction run under ``-X perf``,
    largest first."""
    command = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable, "-X", "perf"]
    run = subprocess.run(
        [*command, "-c", CHILD, str(sample), "extract"],
        env=_env(src),
        capture_output=True,
        text=True,
        check=True,
    )
    pid = re.search(r"==(\d+)== Callgrind", run.stderr)
    if pid is None:
        raise SystemExit(f"no process id in valgrind's output:\n{run.stderr[-2000:]}")
    stubs: list[tuple[int, int, str]] = []  # (start, size, name) of each function's stub
    for line in Path(f"/tmp/perf-{pid.group(1)}.map").read_text().splitlines():
        start, size, name = line.split(" ", 2)
        stubs.append((int(start, 16), int(size, 16), name.removeprefix("py::")))
    stubs.sort()
    starts = [s[0] for s in stubs]
    # callgrind's format: ``fn=`` a function, ``cfn=`` the one it calls, ``calls=`` then a line
    # whose second number is that call's inclusive count; names are given once, then by (id)
    names: dict[str, str] = {}
    inclusive: collections.Counter[str] = collections.Counter()
    calls: collections.Counter[str] = collections.Counter()
    current = callee = None
    for line in out.read_text().splitlines():
        if line.startswith(("fn=", "cfn=")):
            ident, _, name = line.partition("=")[2].partition(" ")
            name = names.setdefault(ident, name) if name else names.get(ident, ident)
            if line[0] == "f":
                current, callee = name, None
            else:
                callee = name
        elif line.startswith("calls=") and callee is not None:
            calls[callee] += int(line[6:].split()[0])
        elif callee is not None and line[:1] in "0123456789+-*":
            if callee != current:
                inclusive[callee] += int(line.split()[1])
            callee = None
    ranked: collections.Counter[str] = collections.Counter()
    count: collections.Counter[str] = collections.Counter()
    for fn, n in inclusive.items():
        if not fn.startswith("0x"):
            continue
        address = int(fn.split("'")[0], 16)  # ("'2": callgrind's copy for a recursion level)
        i = bisect.bisect_right(starts, address) - 1
        if i >= 0 and address < stubs[i][0] + stubs[i][1]:
            ranked[stubs[i][2]] += n
            count[stubs[i][2]] += calls[fn]
    # imports (errdex's own at start-up, the rest when first used) are no part of the ranking
    return [
        (n, count[name], name)
        for name, n in ranked.most_common()
        if "importlib._bootstrap" not in name and not name.startswith("<module>:")
    ]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument(
        "--rev", action="append", help="git revision to measure, '.' for this tree (default: main, .)"
    )
    ap.add_argument("--spec", default=SPEC, help=f"the release sampled (default {SPEC})")
    ap.add_argument("--every", type=int, default=8, help="every Nth .py file (default 8)")
    ap.add_argument("--keep", type=Path, help="keep the callgrind files here (for callgrind_annotate)")
    ap.add_argument(
        "--functions", type=int, default=0, help="also rank the last tree's N largest Python functions"
    )
    args = ap.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed")
    revs: list[str] = args.rev or ["main", "."]
    with tempfile.TemporaryDirectory(prefix="extract-instructions-") as tmp:
        work = Path(tmp)
        keep: Path = args.keep or work / "callgrind"
        keep.mkdir(parents=True, exist_ok=True)
        n = write_sample(args.spec, args.every, work / "sample")
        srcs = [tree_src(rev, work / f"tree{i}") for i, rev in enumerate(revs)]
        subprocess.run(
            [sys.executable, "-m", "compileall", "-q", *map(str, srcs)], check=True, env=_env(srcs[0])
        )
        print(f"{args.spec}: every {args.every}th .py file, {n} files; instructions (callgrind)")
        print(
            f"{'tree':<14} {'start+imports':>14} {'with extraction':>16} {'extraction':>14} {'vs first':>9} {'sites':>6}"
        )
        first = None
        for i, (rev, src) in enumerate(zip(revs, srcs, strict=True)):
            base, _ = callgrind(src, work / "sample", "imports", keep / f"cg0.{i}.out")
            total, seen = callgrind(src, work / "sample", "extract", keep / f"cg.{i}.out")
            if not str(seen["errdex"]).startswith(str(src)):
                raise SystemExit(f"{rev}: errdex was imported from {seen['errdex']}, not {src}")
            own = total - base
            first = first or own
            print(f"{rev:<14} {base:>14,} {total:>16,} {own:>14,} {own / first:>9.4f} {seen['sites']!s:>6}")
        if args.functions:
            print(f"\n{revs[-1]}: Python functions by inclusive instructions (python -X perf; a ranking)")
            for n, calls, name in by_function(srcs[-1], work / "sample", keep / "cg-perf.out")[
                : args.functions
            ]:
                print(f"{n:>14,} {calls:>9,}  {name}")


if __name__ == "__main__":
    main()
