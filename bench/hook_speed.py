"""What the runtime hook adds to an uncaught exception, against the bare interpreter's own hook.

Usage: ``python bench/hook_speed.py [RUNS]`` (default 21).

Each run is a fresh process (the hook's lazy imports and the catalogue's first open are paid
every time, as a real program pays them once): it raises ``InvalidVersion`` inside packaging
(installed in this environment, indexed from PyPI into a temporary catalogue, so the library
is indexed) and times the call of ``sys.excepthook`` with stderr sent to /dev/null. The bare
runs time Python's own ``sys.__excepthook__`` the same way; runs alternate, so both see the same
machine. The target: the hook adds at most 100 ms at p50. End to end, ``python -m errdex run
script.py`` is compared with ``python script.py`` too (process start-up included).
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PROBE = """
import os, sys, time
sys.stderr = open(os.devnull, "w")
mode, db = sys.argv[1], sys.argv[2]
if mode == "errdex":
    import errdex.hooks
    errdex.hooks.install(db)
from packaging.version import Version
try:
    Version("not a version")
except Exception as e:
    exc = e
hook = sys.excepthook
t0 = time.perf_counter()
hook(type(exc), exc, exc.__traceback__)
print(time.perf_counter() - t0)
"""

SCRIPT = "from packaging.version import Version\nVersion('not a version')\n"


def pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(q * (len(s) - 1) + 0.5))]


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 21
    from importlib.metadata import version

    from errdex.pipeline import index

    spec = f"pypi:packaging=={version('packaging')}"
    with tempfile.TemporaryDirectory() as tmp:
        db = str(Path(tmp) / "c.db")
        index(spec, db, jobs=1)
        script = Path(tmp) / "app.py"
        script.write_text(SCRIPT)
        hook: dict[str, list[float]] = {"bare": [], "errdex": []}
        wall: dict[str, list[float]] = {"bare": [], "errdex": []}
        check = subprocess.run(
            [sys.executable, "-m", "errdex", "run", "--db", db, str(script)], capture_output=True, text=True
        )
        assert "errdex: InvalidVersion raised at packaging/version.py" in check.stderr, check.stderr
        for _ in range(runs):
            for mode in ("bare", "errdex"):
                out = subprocess.run(
                    [sys.executable, "-c", PROBE, mode, db], capture_output=True, text=True, check=True
                )
                hook[mode].append(float(out.stdout) * 1000)
                cmd = (
                    [sys.executable, str(script)]
                    if mode == "bare"
                    else [sys.executable, "-m", "errdex", "run", "--db", db, str(script)]
                )
                t0 = time.perf_counter()
                subprocess.run(cmd, capture_output=True)
                wall[mode].append((time.perf_counter() - t0) * 1000)
    print(f"packaging {version('packaging')} indexed; {runs} fresh processes per row, alternating\n")
    print(f"{'measure':<48}{'p50 ms':>10}{'p90 ms':>10}{'ratio':>10}  target")
    b50 = statistics.median(hook["bare"])
    e50 = statistics.median(hook["errdex"])
    print(
        f"{'sys.__excepthook__ (bare interpreter)':<48}{b50:>10.2f}{pct(hook['bare'], 0.9):>10.2f}{'':>10}  baseline"
    )
    added = e50 - b50
    met = "met" if added <= 100 else "NOT met"
    print(
        f"{'errdex hook (lookup by frames, cold)':<48}{e50:>10.2f}{pct(hook['errdex'], 0.9):>10.2f}"
        f"{e50 / b50:>9.0f}x  adds {added:.1f} ms at p50 <= 100 ms: {met}"
    )
    w_b, w_e = statistics.median(wall["bare"]), statistics.median(wall["errdex"])
    print(f"{'python script.py (wall)':<48}{w_b:>10.1f}{pct(wall['bare'], 0.9):>10.1f}{'':>10}  baseline")
    print(
        f"{'python -m errdex run script.py (wall)':<48}{w_e:>10.1f}{pct(wall['errdex'], 0.9):>10.1f}{w_e / w_b:>9.2f}x"
    )


if __name__ == "__main__":
    main()
