"""Extraction speed against the cost of merely parsing the same code.

Usage: ``python bench/index_speed.py [SOURCE]`` — any errdex source (default: ``pypi:jax==0.10.2``,
fetched and cached by errdex's own sources stage), or a wheel file / directory path.

The baseline is measured in the same run on the same machine, so the ratios are meaningful even
though absolute seconds are not: (a) bare ``ast.parse`` + ``ast.walk`` of every ``.py`` file on
one core, (b) full extraction on one core, (c) full extraction on two processes. The design
target is (b) <= 2x (a) and (c) < (b).
"""

from __future__ import annotations

import ast
import pathlib
import sys
import time
import warnings
import zipfile

from errdex.extract import extract
from errdex.model import SourceFile

DEFAULT = "pypi:jax==0.10.2"


def load(spec: str) -> list[SourceFile]:
    target = pathlib.Path(spec)
    if not target.exists():
        from errdex.sources import open_source

        return sorted((f for f in open_source(spec).files if f.path.endswith(".py")), key=lambda f: f.path)
    if target.is_dir():
        return [
            SourceFile(p.relative_to(target).as_posix(), p.read_bytes()) for p in sorted(target.rglob("*.py"))
        ]
    with zipfile.ZipFile(target) as z:
        return [SourceFile(n, z.read(n)) for n in sorted(z.namelist()) if n.endswith(".py")]


def bare(files: list[SourceFile]) -> int:
    nodes = 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # invalid escape sequences in indexed code
        for f in files:
            try:
                tree = ast.parse(f.data)
            except (SyntaxError, ValueError, RecursionError, MemoryError):
                continue
            for _ in ast.walk(tree):
                nodes += 1
    return nodes


def timed(fn: object, *args: object, **kwargs: object) -> tuple[float, float, object]:
    """Wall seconds and this process's CPU seconds (the latter is robust on a busy machine)."""
    start, cpu = time.perf_counter(), time.process_time()
    result = fn(*args, **kwargs)  # type: ignore[operator]
    return time.perf_counter() - start, time.process_time() - cpu, result


def main() -> None:
    target = sys.argv[1] if len(sys.argv) > 1 else DEFAULT
    files = load(target)
    size = sum(len(f.data) for f in files)
    print(f"{target}: {len(files)} .py files, {size / 1e6:.1f} MB")
    t_base, c_base, nodes = timed(bare, files)
    t_one, c_one, ex1 = timed(extract, files, "bench", jobs=1)
    t_two, _, ex2 = timed(extract, files, "bench", jobs=2)
    assert ex1.records == ex2.records  # type: ignore[attr-defined]
    print(f"{'step':<34} {'wall s':>7} {'ratio':>6} {'cpu s':>7} {'ratio':>6}")
    print(
        f"{'(a) ast.parse + ast.walk, 1 core':<34} {t_base:7.2f} {1.0:6.2f} {c_base:7.2f} {1.0:6.2f}  ({nodes} nodes)"
    )
    print(
        f"{'(b) extract, jobs=1':<34} {t_one:7.2f} {t_one / t_base:6.2f} {c_one:7.2f} {c_one / c_base:6.2f}"
        f"  ({len(ex1.records)} records)"  # type: ignore[attr-defined]
    )
    print(f"{'(c) extract, jobs=2':<34} {t_two:7.2f} {t_two / t_base:6.2f} {'':>7} {'':>6}  (wall only)")


if __name__ == "__main__":
    main()
