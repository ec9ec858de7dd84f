"""Memory per byte of source: what parsing and analysing one file costs, real and hostile.

Usage: ``python bench/parse_memory.py [SIZE_KIB]`` (default 1024).

The baseline, measured in the same run, is real code: the largest file of the jax 0.10.2 wheel
(fetched and cached by errdex's own sources stage) and ordinary generated functions of the same
size. Each hostile shape is the same number of bytes written to maximise AST nodes per byte.
Every row runs in a fresh child process and reports that child's peak RSS above its RSS just
before the work (Linux: ``/proc/self/statm``), for ``ast.parse`` alone and for errdex's whole per-file analysis
(``extract_file``). The ratios are what ``errdex.limits`` sets its caps from.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

SHAPES = {
    "one name a line (a\\n)": "'a\\n' * (n // 2)",
    "statements (a;)": "'a;' * (n // 2) + '\\n'",
    "flat tuple (x = a,a,...)": "'x = ' + 'a,' * (n // 2) + '\\n'",
    "list of ints": "'x = [' + '0,' * (n // 2) + ']\\n'",
    "call arguments": "'f(' + 'a,' * (n // 2) + ')\\n'",
    "dict literal": "'x = {' + '0:0,' * (n // 4) + '}\\n'",
    "f-string fields": "\"x = f'\" + '{a}' * (n // 3) + \"'\\n\"",
    "subscripts": "'x = [' + 'a[0],' * (n // 5) + ']\\n'",
}
REAL_GENERATED = (
    "''.join(f\"def f{i}(x):\\n    if x > {i}:\\n        raise ValueError(f'value {{x}} is over {i}')\\n\""
    " for i in range(n // 70))"
)

CHILD = textwrap.dedent(
    """
    import gc, json, resource, sys
    from errdex.extract import extract_file
    data = sys.stdin.buffer.read()
    mode = sys.argv[1]
    gc.disable()
    import os
    with open("/proc/self/statm") as f:  # resident now, not the high-water mark of the imports
        before = int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 1024
    if mode == "parse":
        import ast
        try:
            ast.parse(data)
            status = "ok"
        except (SyntaxError, RecursionError, MemoryError) as exc:
            status = type(exc).__name__
    else:
        facts = extract_file("m.py", data)
        status = facts.status
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(json.dumps({"peak": (after - before) * 1024, "status": status}))
    """
)


def measure(data: bytes, mode: str) -> dict[str, object]:
    out = subprocess.run(
        [sys.executable, "-c", CHILD, mode], input=data, capture_output=True, check=True
    ).stdout
    return json.loads(out)  # type: ignore[no-any-return]


def build(expr: str, n: int) -> bytes:
    return str(eval(expr, {"n": n})).encode()  # our own shape expressions above, never input


def main() -> None:
    size = int(sys.argv[1]) * 1024 if len(sys.argv) > 1 else 1024 * 1024
    from errdex.sources import open_source

    jax = max(
        (f for f in open_source("pypi:jax==0.10.2").files if f.path.endswith(".py")),
        key=lambda f: len(f.data),
    )
    rows: list[tuple[str, bytes]] = [
        (f"real: {jax.path}", jax.data),
        ("real: generated raising functions", build(REAL_GENERATED, size)),
    ]
    rows += [(name, build(expr, size)) for name, expr in SHAPES.items()]
    print(
        f"{'input':<44} {'KiB':>6} {'parse MiB':>9} {'x size':>7} {'analyse MiB':>11} {'x size':>7} {'vs real':>7}"
    )
    base = None
    for name, data in rows:
        parse = measure(data, "parse")
        full = measure(data, "extract")
        ratio_p = float(parse["peak"]) / len(data)  # type: ignore[arg-type]
        ratio_f = float(full["peak"]) / len(data)  # type: ignore[arg-type]
        base = base or ratio_f
        print(
            f"{name:<44} {len(data) / 1024:6.0f} {float(parse['peak']) / 2**20:9.1f} {ratio_p:7.0f}"  # type: ignore[arg-type]
            f" {float(full['peak']) / 2**20:11.1f} {ratio_f:7.0f} {ratio_f / base:7.2f}"  # type: ignore[arg-type]
            + ("" if parse["status"] == "ok" else f"  ({parse['status']})")
        )


if __name__ == "__main__":
    main()
