"""Crafted inputs against errdex's index and match side, one builder per attack.

Each builder makes a small hostile input in a directory it is given (a package directory, a
wheel, a paste) together with a benign input of the same size, and returns an :class:`Attack`
saying what to run: the tests in ``test_hostile_index.py`` assert each attack's bound against
its same-run baseline, and a benchmark can run the same list to print the attack table.

Nothing here imports or runs the crafted code; every command is errdex's own CLI (or a short
Python snippet using errdex) in a subprocess, so its time and peak memory can be measured.
"""

from __future__ import annotations

import ast
import dataclasses
import importlib
import io
import os
import pathlib
import re
import signal
import sqlite3
import subprocess
import sys
import textwrap
import threading
import time
import zipfile
from collections.abc import Callable, Iterator
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parents[2]
SRC = ROOT / "src" / "errdex"
ERRDEX = [sys.executable, "-m", "errdex.cli"]


@dataclasses.dataclass(frozen=True)
class Attack:
    """What to run for one attack and for its benign twin (the same-run baseline)."""

    name: str
    argv: list[str]  # the hostile run
    baseline: list[str] | None  # the benign run of the same size, or None when the bound is absolute
    stdin: str | None = None
    note: str = ""  # what the bound is
    env: dict[str, str] = dataclasses.field(default_factory=dict)


@dataclasses.dataclass(frozen=True)
class Run:
    seconds: float
    peak_rss_mb: float  # most memory resident at once in the child and all its descendants
    returncode: int
    stdout: str
    stderr: str


def tree_rss(root: int) -> int:
    """Bytes resident in process ``root`` and all its descendants (Linux ``/proc``)."""
    parent: dict[int, int] = {}
    rss: dict[int, int] = {}
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/stat") as f:
                stat = f.read()
        except OSError:  # gone meanwhile
            continue
        fields = stat[stat.rfind(")") + 2 :].split()  # after "pid (comm) ": state, ppid, ...
        pid = int(entry.name)
        parent[pid], rss[pid] = int(fields[1]), int(fields[21]) * PAGE
    total, todo = 0, [root]
    children: dict[int, list[int]] = {}
    for pid, ppid in parent.items():
        children.setdefault(ppid, []).append(pid)
    while todo:
        pid = todo.pop()
        total += rss.get(pid, 0)
        todo.extend(children.get(pid, ()))
    return total


def descendants(root: int) -> dict[int, int]:
    """pid -> depth below ``root`` for every live descendant (children 1, grandchildren 2)."""
    parent: dict[int, int] = {}
    for entry in os.scandir("/proc"):
        if entry.name.isdigit():
            try:
                with open(f"/proc/{entry.name}/stat") as f:
                    stat = f.read()
            except OSError:
                continue
            parent[int(entry.name)] = int(stat[stat.rfind(")") + 2 :].split()[1])
    depth = {root: 0}
    changed = True
    while changed:
        changed = False
        for pid, ppid in parent.items():
            if ppid in depth and pid not in depth:
                depth[pid] = depth[ppid] + 1
                changed = True
    del depth[root]
    return depth


PAGE = os.sysconf("SC_PAGE_SIZE")


def run(
    argv: list[str],
    *,
    stdin: str | None = None,
    timeout: float = 600,
    env: dict[str, str] | None = None,
    while_running: Callable[[int], None] | None = None,
) -> Run:
    """Run ``argv`` in a child; wall time and the peak RSS of its whole process tree (sampled
    every 20 ms: workers are grandchildren, which ``getrusage`` does not always see).
    ``while_running`` is called once with the child's pid, from another thread."""
    env = {**os.environ, **(env or {})}
    start = time.perf_counter()
    proc = subprocess.Popen(
        argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
    )
    peak = 0
    stop = threading.Event()

    def sample() -> None:
        nonlocal peak
        while not stop.is_set():
            peak = max(peak, tree_rss(proc.pid))
            stop.wait(0.02)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    helper = None
    if while_running is not None:
        helper = threading.Thread(target=while_running, args=(proc.pid,), daemon=True)
        helper.start()
    try:
        out, err = proc.communicate(stdin, timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
        raise AssertionError(f"{argv[:4]} still running after {timeout} s") from None
    finally:
        stop.set()
        sampler.join()
        if helper is not None:
            helper.join(timeout=5)
    return Run(time.perf_counter() - start, peak / 2**20, proc.returncode, out, err)


def catalogue_check(db: pathlib.Path) -> tuple[str, int, int]:
    """(``PRAGMA integrity_check``, error rows, file rows) of a SQLite catalogue, read-only."""
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        integrity = con.execute("PRAGMA integrity_check").fetchone()[0]
        errors = con.execute("SELECT count(*) FROM errors").fetchone()[0]
        files = con.execute("SELECT count(*) FROM files").fetchone()[0]
    finally:
        con.close()
    return integrity, errors, files


# ---------------------------------------------------------------------------- wheels and dirs


def write_package(root: pathlib.Path, files: dict[str, str | bytes]) -> pathlib.Path:
    """A plain package directory (``errdex index DIR``)."""
    root.mkdir(parents=True, exist_ok=True)
    for rel, data in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data.encode() if isinstance(data, str) else data)
    return root


def write_wheel(path: pathlib.Path, name: str, files: dict[str, str | bytes]) -> pathlib.Path:
    """A minimal wheel holding ``files`` (deflated: a large repetitive file makes a small wheel)."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for rel, data in files.items():
            z.writestr(rel, data)
        z.writestr(f"{name}-1.0.dist-info/METADATA", f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n")
        z.writestr(
            f"{name}-1.0.dist-info/WHEEL", "Wheel-Version: 1.0\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
        )
    path.write_bytes(buf.getvalue())
    return path


def _benign_module(lines: int) -> str:
    """Ordinary code of about ``lines`` lines: functions that raise formatted messages."""
    return "".join(
        f"def f{i}(x):\n    if x > {i}:\n        raise ValueError(f'value {{x}} is over {i}')\n"
        for i in range(max(1, lines // 3))
    )


# ---------------------------------------------------------------------------- the attacks


def index_argv(target: pathlib.Path, db: pathlib.Path, *extra: str) -> list[str]:
    return [*ERRDEX, "index", str(target), "--db", str(db), "--json", *extra]


def _module_pair(tmp: pathlib.Path, tag: str, name: str, bad: str, good: str, note: str) -> Attack:
    """Index a one-module package holding ``bad``, against the same package holding ``good``."""
    bad_pkg = write_package(tmp / f"{tag}_bad" / f"{tag}bad", {"__init__.py": "", "m.py": bad})
    good_pkg = write_package(tmp / f"{tag}_good" / f"{tag}good", {"__init__.py": "", "m.py": good})
    return Attack(
        name,
        index_argv(bad_pkg.parent, tmp / f"{tag}_bad.db", "-j", "1"),
        index_argv(good_pkg.parent, tmp / f"{tag}_good.db", "-j", "1"),
        note=note,
    )


def fallback_module(lines: int) -> str:
    """About ``lines`` lines of code and one syntax error at the end: ``ast`` refuses the file,
    so every statement goes through the tree-sitter fallback, parsed alone."""
    return _benign_module(lines) + "x = = 1\n"


def tree_sitter_fallback(tmp: pathlib.Path, lines: int = 40_000) -> Attack:
    """40k lines of code and one syntax error at the end (``fallback_module``): each statement
    was padded with all preceding newlines, 17 s."""
    body = _benign_module(lines)
    return _module_pair(
        tmp, "ts", f"tree-sitter fallback, {lines:,} lines + 1 syntax error", fallback_module(lines),
        body + "x = 1\n", "within a small multiple of indexing the same file without the error",
    )  # fmt: skip


def many_placeholders(tmp: pathlib.Path, n: int = 50_000) -> Attack:
    """One message with 50,000 placeholders (``f"{a}{a}...``): message resolution was quadratic
    (37 s); the template is now capped and ends in a truncation placeholder."""
    return _module_pair(
        tmp, "ph", "50,000 placeholders in one message",
        'def f(a):\n    raise ValueError(f"' + "x{a}" * n + '")\n',
        'def f(a):\n    raise ValueError(f"' + "xyza" * n + '")\n',
        "within a small multiple of a same-size message without placeholders",
    )  # fmt: skip


def percent_flags(tmp: pathlib.Path, n: int = 50_000) -> Attack:
    """``"%000...0" % x``: flags and width of a %-format traded zeros (quadratic)."""
    return _module_pair(
        tmp, "pc", "%-format of 50,000 zeros",
        'def f(a):\n    raise ValueError("%' + "0" * n + '" % a)\n',
        'def f(a):\n    raise ValueError("%' + "s" + "a" * (n - 1) + '" % a)\n',
        "within a small multiple of a same-size %-format",
    )  # fmt: skip


def deep_hierarchy(tmp: pathlib.Path, depth: int = 2_000) -> Attack:
    """A class hierarchy ``depth`` modules deep (``class E7(E6)`` in ``m7.py``, importing ``E6``
    from ``m6.py``), the deepest raised: the resolution's C3 recursed once per class and failed
    the whole index with ``RecursionError`` at about 500 (sec55). The twin: the same modules,
    each class deriving from ``Exception`` itself."""

    def package(chained: bool) -> dict[str, str]:
        files = {"pkg/__init__.py": "", "pkg/m0.py": "class E0(Exception):\n    pass\n"}
        for i in range(1, depth):
            base = f"E{i - 1}" if chained else "Exception"
            files[f"pkg/m{i}.py"] = f"from .m{i - 1} import E{i - 1}\nclass E{i}({base}):\n    pass\n"
        top = depth - 1
        files["pkg/use.py"] = f"from .m{top} import E{top}\ndef f(x):\n    raise E{top}('deep %s' % x)\n"
        return files

    bad = write_package(tmp / "deep_bad", package(True))
    good = write_package(tmp / "deep_good", package(False))
    return Attack(
        f"class hierarchy {depth:,} modules deep",
        index_argv(bad, tmp / "deep_bad.db", "-j", "1"),
        index_argv(good, tmp / "deep_good.db", "-j", "1"),
        note="indexed (1 error), within a small multiple of the same modules without the chain",
    )


def many_bases(tmp: pathlib.Path, bases: int = 8_000) -> Attack:
    """One class of ``bases`` bases written out of C3's order (``class E(Q, P0, ..., Pk)``, each
    ``Pi(Q)``): the merge scanned every tail for every candidate head, quadratic in the bases
    (sec55). The twin: the same bases in an order C3 accepts (``Q`` last)."""
    classes = "class Q(Exception):\n    pass\n" + "".join(f"class P{i}(Q):\n    pass\n" for i in range(bases))
    names = ", ".join(f"P{i}" for i in range(bases))
    tail = "):\n    pass\ndef f():\n    raise E('x')\n"
    return _module_pair(
        tmp, "mb", f"one class of {bases:,} bases out of C3's order",
        f"{classes}class E(Q, {names}{tail}", f"{classes}class E({names}, Q{tail}",
        "within a small multiple of the same bases in order",
    )  # fmt: skip


def _benign_files(n: int = 20) -> dict[str, str]:
    return {f"pkg/m{i}.py": _benign_module(300) for i in range(n)} | {"pkg/__init__.py": ""}


def dense_file(tmp: pathlib.Path, mib: int = 2, budget_mb: int = 256) -> Attack:
    """A valid file of one name a line: ~940x its size to parse (a 2 MiB file needs ~1.9 GB).
    Workers get ``budget_mb`` of address space: the file must be skipped with its reason, the
    rest indexed, and the process tree must stay near the budget."""
    files = _benign_files()
    bad = write_package(tmp / "dense_bad", files | {"pkg/dense.py": "a\n" * (mib * 2**19)})
    good = write_package(tmp / "dense_good", files)
    return Attack(
        f"{mib} MiB of one name a line (parse ~940x the size)",
        index_argv(bad, tmp / "dense_bad.db"),
        index_argv(good, tmp / "dense_good.db"),
        note=f"skipped with its reason; peak RSS within the {budget_mb} MB worker budget of the baseline",
        env={"ERRDEX_WORKER_MEMORY_MB": str(budget_mb)},
    )


def wheel_extract_argv(wheel: pathlib.Path) -> list[str]:
    """Read a wheel with errdex's untrusted-archive reader and extract it (the ``pypi:`` path
    without the registry); prints the summary as JSON, like ``errdex index --json``."""
    return snippet(
        f"""
        import json, pathlib
        from errdex.extract import extract
        from errdex.sources.archive import read_zip
        from errdex.sources.base import Limits
        files, _ = read_zip(pathlib.Path({str(wheel)!r}), Limits())
        ex = extract(files, "wheel")
        skipped = [[f.path, f.reason] for f in ex.files if f.status == "skipped"]
        print(json.dumps({{"files": len(ex.files), "errors": len(ex.records), "skipped_files": skipped}}))
        """
    )


def dense_wheel(tmp: pathlib.Path, mib: int = 8) -> Attack:
    """The issue's case: an 8 MiB valid file in a wheel of a few KB (3.5 GB to parse before)."""
    files = _benign_files()
    wheel = write_wheel(
        tmp / "densepkg-1.0-py3-none-any.whl", "densepkg", files | {"pkg/dense.py": "a\n" * (mib * 2**19)}
    )
    good = write_wheel(tmp / "benignpkg-1.0-py3-none-any.whl", "benignpkg", files)
    return Attack(
        f"{mib} MiB file of one name a line in a {wheel.stat().st_size // 1024} KB wheel",
        wheel_extract_argv(wheel),
        wheel_extract_argv(good),
        note="skipped with its reason (over the size cap, or the worker memory budget)",
    )


def oversized_file(tmp: pathlib.Path, mib: int = 9) -> Attack:
    """A file over the parse cap: refused without being parsed, so it costs no more than reading."""
    files = _benign_files()
    body = _benign_module(300)
    big = (body * (mib * 2**20 // len(body) + 1))[: mib * 2**20]
    bad = write_package(tmp / "over_bad", files | {"pkg/big.py": big})
    good = write_package(tmp / "over_good", files)
    return Attack(
        f"{mib} MiB of ordinary code in one file (over the 8 MiB cap)",
        index_argv(bad, tmp / "over_bad.db"),
        index_argv(good, tmp / "over_good.db"),
        note="skipped with its reason, in about the time of the package without it",
    )


SLOW_FILE_RAISES = 1000  # raises in each file of ``slow_package``


def slow_package(tmp: pathlib.Path, files: int = 12) -> Attack:
    """Enough ordinary code to keep two workers busy for a few seconds, for killing one of them
    mid-run (``kill_a_worker``, 0.3 s after the first worker appears; a file of 1,000 raises
    takes a second or more): the index must complete, the file the worker held skipped at worst."""
    module = _benign_module(3 * SLOW_FILE_RAISES)
    pkg = write_package(
        tmp / "slow", {f"pkg/m{i}.py": module for i in range(files)} | {"pkg/__init__.py": ""}
    )
    return Attack(
        "a worker killed (SIGKILL) mid-run",
        index_argv(pkg, tmp / "slow.db", "-j", "2"),
        None,
        note="indexing completes; at most the killed worker's file is skipped",
    )


def kill_a_worker(root: int, timeout: float = 60) -> int | None:
    """Wait for an extraction worker under ``root`` (a grandchild: the forkserver's child) and
    SIGKILL it; the pid killed, or None if none appeared in time."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        workers = [pid for pid, depth in descendants(root).items() if depth == 2]
        if workers:
            time.sleep(0.3)  # let it take a chunk
            try:
                os.kill(min(workers), signal.SIGKILL)
            except ProcessLookupError:  # gone meanwhile (a loaded machine): try the next one
                continue
            return min(workers)
        time.sleep(0.02)
    return None


# Standard-library modules that act when imported: run a command line, open a browser, print.
ACTING_MODULES = ("venv.__main__", "antigravity", "this", "idlelib.idle", "turtledemo.__main__",
                  "ensurepip.__main__", "json.tool", "__phello__.spam", "__hello__", "pydoc_data.topics",
                  "unittest.__main__", "http.server", "webbrowser")  # fmt: skip

HOSTILE_ANSWER = {
    "meaning": "Run `venv.__main__.main` or `antigravity.fly` to see it; `this.s` explains it.",
    "trigger": "It is raised when `idlelib.idle` starts and `turtledemo.__main__` draws.",
    "common_situations": ["Calling `ensurepip.__main__._main()` from `json.tool.main`."],
    "solutions": [
        "Use `os.path.join` instead.",
        "```python\nimport antigravity\nimport this\nfrom venv.__main__ import main\nimport __phello__.spam\n```",
        "Call `__hello__.main()` and `webbrowser.open_new` then `unittest.__main__.main`.",
    ],
    "example_fix": {"before": "import this", "after": "import antigravity\nimport venv.__main__"},
}


def browser_marker(tmp: pathlib.Path) -> tuple[dict[str, str], pathlib.Path]:
    """An environment whose BROWSER writes a marker file: ``antigravity`` or ``webbrowser``
    acting on import would leave it behind."""
    marker = tmp / "browser-was-opened"
    script = tmp / "browser.sh"
    script.write_text(f"#!/bin/sh\ntouch {marker}\n")
    script.chmod(0o755)
    return {"BROWSER": f"{script} %s", "DISPLAY": ""}, marker


HOSTILE_TEST_REGEXES = (
    "(a|a)*$",
    "(a|aa)*$",
    ".*" * 40 + "x",
    "(x+x+)+y",
    r"(\w+\s?)*$",
    r"(a*)*\1b",  # a backreference: RE2 refuses it, the literal automaton decides
    "{" + "1" * 20_000,  # far over the pattern cap
)


def regexes_in_tests(tmp: pathlib.Path, copies: int = 200) -> Attack:
    """A test suite whose ``pytest.raises(match=...)`` regexes backtrack catastrophically, against
    a codebase with long messages made of the regexes' own letters (hung indexing forever)."""
    msg = "a" * 3000
    lib = 'def f(x):\n    raise ValueError("' + msg + '")\n'
    lib += 'def g(x):\n    raise ValueError("xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx' + "a " * 1000 + '")\n'

    def suite(patterns: tuple[str, ...]) -> str:
        cases = []
        for i in range(copies):
            p = patterns[i % len(patterns)]
            cases.append(f"def test_{i}():\n    with pytest.raises(ValueError, match={p!r}):\n        f(1)\n")
        return "import pytest\nfrom rxlib import f\n\n" + "\n".join(cases)

    benign = tuple(f"a{k}" for k in range(len(HOSTILE_TEST_REGEXES)))
    bad = write_package(
        tmp / "rx_bad", {"rxlib/__init__.py": lib, "tests/test_rx.py": suite(HOSTILE_TEST_REGEXES)}
    )
    good = write_package(tmp / "rx_good", {"rxlib/__init__.py": lib, "tests/test_rx.py": suite(benign)})
    return Attack(
        "catastrophic regexes in the package's tests",
        index_argv(bad, tmp / "rx_bad.db", "-j", "1"),
        index_argv(good, tmp / "rx_good.db", "-j", "1"),
        note="within a small multiple of the same suite with plain regexes",
    )


def paste_attack(text_name: str, size: int = 65_536) -> tuple[str, str]:
    """(hostile paste, benign paste of the same size) for ``errdex explain -``."""
    shapes = {
        "brackets": "[" * size,  # the markdown-link cleaner: ~1 s per 65 KB before
        "link-targets": "[a](" * (size // 4),
        "group-separator": "+" + "-" * (size - 2) + "x",
        "ansi": "\x1b[" + "0" * (size - 2),
        "frames": 'File "' * (size // 6),
        "quotes": "“" * size,
        "class-first-chain": class_first_chain(size // len(_CLASS_FIRST_PART.format(i=0))),
        "deep-frame-paths": deep_frames(size // len(_DEEP_FRAME.format(i=0, parts="a/" * DEEP_PARTS))),
        "quoted-values": "ValueError: names " + "'a' " * (size // 4 - 6),
    }
    return shapes[text_name], "x" * size


PASTE_SHAPES = (
    "brackets",
    "link-targets",
    "group-separator",
    "ansi",
    "frames",
    "quotes",
    "class-first-chain",
    "deep-frame-paths",
    "quoted-values",
)

# one exception of a chain as an error tracker lays it out (Sentry): its line at the margin, its
# frames indented under it (``parse._split_class_first``, quadratic in the parts before sec52)
_CLASS_FIRST_PART = 'pkg.errors.Err{i}: boom\n  File "a/b.py", line 1, in f\n    x()\n'


def class_first_chain(parts: int) -> str:
    """A chain of ``parts`` exceptions in the class-first layout, the earliest first."""
    return "".join(_CLASS_FIRST_PART.format(i=i) for i in range(parts))


# a frame of a path 500 folders deep (1,000 characters, as deep as a frame line is read), each
# frame's path its own (``Index._suffix_path`` tried each of its 500 suffixes, four times more
# for ``frames.moved_module``'s renamings, before sec53)
_DEEP_FRAME = '  File "d{i}/{parts}x.py", line 1, in f\n    g()\n'
DEEP_PARTS = 495


def deep_frames(frames: int) -> str:
    """A traceback of ``frames`` frames of paths ``DEEP_PARTS`` folders deep, each its own."""
    body = "".join(_DEEP_FRAME.format(i=i, parts="a/" * DEEP_PARTS) for i in range(frames))
    return f"Traceback (most recent call last):\n{body}ValueError: bad\n"


def explain_argv(db: pathlib.Path) -> list[str]:
    return [*ERRDEX, "explain", "-", "--db", str(db), "--json"]


# ---------------------------------------------------------------------------- regexes in src/

_METHODS = frozenset(
    {"compile", "search", "match", "fullmatch", "findall", "finditer", "split", "sub", "subn"}
)
_FLAGS = {
    n: int(getattr(re, n)) for n in ("I", "IGNORECASE", "M", "MULTILINE", "S", "DOTALL", "X", "VERBOSE", "A")
}
_FLAG_POS = {"compile": 1, "search": 2, "match": 2, "fullmatch": 2, "findall": 2, "finditer": 2, "split": 3,
             "sub": 4, "subn": 4}  # fmt: skip


@dataclasses.dataclass(frozen=True)
class RegexSite:
    """A regex literal in errdex's source and the methods it is run with."""

    where: str  # "match/parse.py:82"
    pattern: str
    flags: int
    methods: frozenset[str]


def _flag_value(node: ast.expr | None) -> int:
    if isinstance(node, ast.Attribute) and node.attr in _FLAGS:
        return _FLAGS[node.attr]
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        return _flag_value(node.left) | _flag_value(node.right)
    return 0


def src_regexes(src: pathlib.Path = SRC) -> list[RegexSite]:
    """Every ``re.<method>("literal", ...)`` in ``src``; a compiled one with the methods called
    on the name it is bound to anywhere in ``src`` (``_MD_LINK.sub`` -> ``sub``)."""
    trees = {p: ast.parse(p.read_text("utf-8")) for p in sorted(src.rglob("*.py"))}
    used: dict[str, set[str]] = {}
    bound: dict[tuple[pathlib.Path, int], str] = {}
    for path, tree in trees.items():
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in _METHODS
            ):
                v = node.func.value
                name = v.id if isinstance(v, ast.Name) else v.attr if isinstance(v, ast.Attribute) else None
                if name and name != "re":
                    used.setdefault(name, set()).add(node.func.attr)
            if (
                isinstance(node, ast.Assign)
                and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name)
            ):
                bound[(path, node.value.lineno)] = node.targets[0].id
    out: list[RegexSite] = []
    for path, tree in trees.items():
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
                continue
            f = node.func
            if not (
                isinstance(f.value, ast.Name) and f.value.id == "re" and f.attr in _METHODS and node.args
            ):
                continue
            first = node.args[0]
            if not (isinstance(first, ast.Constant) and isinstance(first.value, str)):
                continue
            flags_node = next((k.value for k in node.keywords if k.arg == "flags"), None)
            if flags_node is None and len(node.args) > _FLAG_POS[f.attr]:
                flags_node = node.args[_FLAG_POS[f.attr]]
            if f.attr == "compile":
                methods = used.get(bound.get((path, node.lineno), ""), set()) or {"search"}
            else:
                methods = {f.attr}
            where = f"{path.relative_to(src).as_posix()}:{node.lineno}"
            out.append(RegexSite(where, first.value, _flag_value(flags_node), frozenset(methods)))
    return out


def runtime_regexes(src: pathlib.Path = SRC) -> list[RegexSite]:
    """Every ``re.<method>(...)`` in ``src`` whose pattern is built when it runs (an f-string
    around ``re.escape(name)``, constants joined), which ``src_regexes`` cannot read as a literal:
    the expression evaluated in its module's namespace with each name the module does not define
    (a function's local: ``name``, ``fn``, ``lit``) standing for a word, ``xname``. A bytes
    pattern is read as Latin-1 text, the same shape to the engine. errdex's own source, in a
    test: nothing indexed is evaluated."""
    out: list[RegexSite] = []
    for path in sorted(src.rglob("*.py")):
        tree = ast.parse(path.read_text("utf-8"))
        module: dict[str, Any] | None = None
        for node in ast.walk(tree):
            if not (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and isinstance(node.func.value, ast.Name)
                and node.func.value.id == "re"
                and node.func.attr in _METHODS
                and node.args
            ):
                continue
            first = node.args[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                continue  # a literal: ``src_regexes``
            if module is None:
                name = ".".join(("errdex", *path.relative_to(src).with_suffix("").parts))
                module = dict(vars(importlib.import_module(name.removesuffix(".__init__"))))
            free = {n.id for n in ast.walk(first) if isinstance(n, ast.Name) and n.id not in module}
            code = compile(ast.Expression(first), str(path), "eval")  # errdex's own expression
            value = eval(code, {**module, **dict.fromkeys(free, "xname")})
            pattern = value.decode("latin-1") if isinstance(value, bytes) else value
            flags_node = next((k.value for k in node.keywords if k.arg == "flags"), None)
            if flags_node is None and len(node.args) > _FLAG_POS[node.func.attr]:
                flags_node = node.args[_FLAG_POS[node.func.attr]]
            methods = {"search", "match"} if node.func.attr == "compile" else {node.func.attr}
            where = f"{path.relative_to(src).as_posix()}:{node.lineno}"
            out.append(RegexSite(where, pattern, _flag_value(flags_node), frozenset(methods)))
    return out


_ALPHABET = "aA0_ .-:/\\\"'<>()[]{}%|+*`=,#@~!?$^&;\t\n\x1bé“”"


def _literal_runs(pattern: str) -> list[str]:
    """Runs of literal characters in a pattern (escapes decoded, metacharacters split runs)."""
    runs: list[str] = []
    cur: list[str] = []
    i = 0
    while i < len(pattern):
        c = pattern[i]
        if c == "\\" and i + 1 < len(pattern):
            if pattern[i + 1].isalnum():
                runs.append("".join(cur))
                cur = []
            else:
                cur.append(pattern[i + 1])
            i += 2
            continue
        if c in ".^$*+?{}[]|()":
            runs.append("".join(cur))
            cur = []
        else:
            cur.append(c)
        i += 1
    runs.append("".join(cur))
    return sorted({r for r in runs if r})


def regex_shapes(pattern: str) -> Iterator[Callable[[int], str]]:
    """Crafted strings for a pattern, as functions of a size: a prefix the pattern spells out (to
    get past its anchors), then one character or a pair of the pattern's characters repeated,
    then nothing or a character that fails every class (so every alternative is tried)."""
    runs = _literal_runs(pattern)
    alphabet = list(dict.fromkeys(_ALPHABET + "".join(c for c in pattern if c.isprintable())))
    pair_chars = list(dict.fromkeys("".join(runs) + "a0 .\n-"))[:16]
    for pre in ["", *runs]:
        for c in alphabet:
            for suf in ("", "\x00"):
                yield lambda n, pre=pre, c=c, suf=suf: pre + c * n + suf
        for r in runs:
            yield lambda n, pre=pre, r=r: pre + r * (n // len(r))
        for a in pair_chars:
            for b in pair_chars:
                if a != b:
                    yield lambda n, pre=pre, ab=a + b: pre + ab * (n // 2)


def regex_cost(
    rx: re.Pattern[str], method: str, text: str, repeat: int = 3, settled_under: float = 0.0
) -> float:
    """Seconds of this thread's CPU for one use of ``rx`` on ``text`` the way errdex uses it
    (best of ``repeat``). CPU time, not the wall clock: on a shared machine the wall clock also
    counts other processes' turns, which only ever add. A run costing ``settled_under`` or less
    ends the measurement: the best is at most that, and the caller asks no more than that."""
    best = float("inf")
    for _ in range(repeat):
        start = time.thread_time()
        if method == "match":
            rx.match(text)
        elif method == "fullmatch":
            rx.fullmatch(text)
        elif method in ("sub", "subn"):
            rx.sub("", text)
        elif method == "split":
            rx.split(text)
        else:  # search, findall, finditer: every position is tried
            for _ in rx.finditer(text):
                pass
        best = min(best, time.thread_time() - start)
        if best <= settled_under:
            break
    return best


def _superlinear(rx: re.Pattern[str], method: str, small: str, big: str, repeat: int) -> float | None:
    """The big text's cost when it grows faster than the text, or is over 1 µs a character."""
    t_small = regex_cost(rx, method, small, repeat)
    grow = len(big) / max(1, len(small))
    limit = min(t_small * grow * 2, 1e-6 * len(big))
    # one run within the limit settles it (linear): the remaining repeats are for the suspects
    t_big = regex_cost(rx, method, big, repeat, settled_under=limit)
    return t_big if t_big > limit else None


SCREEN = 2e-4  # seconds at ``n`` characters, 0.1 µs a character: linear with room to spare


def nonlinear_regexes(sites: list[RegexSite], n: int = 2_000, grow: int = 4) -> list[str]:
    """The sites whose cost on some crafted string grows faster than the string (quadratic: 16x
    for 4x the text), or is more than 1 µs a character at ``n * grow`` characters (a bounded
    repeat rescanned at every position). A suspect is measured again, longer, before it is
    reported: noise (another thread's cache use, a frequency change) must not fail a linear
    regex. The CPU clock leaves out the other processes of a shared machine, the larger noise."""
    bad: list[str] = []
    for site in sites:
        rx = re.compile(site.pattern, site.flags)
        for method in sorted(site.methods):
            for shape in regex_shapes(site.pattern):
                small = shape(n)
                if regex_cost(rx, method, small, settled_under=SCREEN) < SCREEN:
                    continue
                big = shape(n * grow)
                if _superlinear(rx, method, small, big, 3) is None:
                    continue
                cost = _superlinear(rx, method, small, big, 7)
                if cost is not None:
                    bad.append(f"{site.where} {method} {site.pattern!r}: {big[:30]!r}... {cost * 1e3:.1f} ms")
                    break
    return bad


def snippet(code: str) -> list[str]:
    """A short Python program (dedented) to run in a child process."""
    return [sys.executable, "-c", textwrap.dedent(code)]


def slow_env(tmp: pathlib.Path, dists: int = 6) -> pathlib.Path:
    """A real virtualenv (no pip) holding ``dists`` small distributions of three files of 1,000
    raises each (a second or more to extract): ``errdex index --env -j 2`` extracts them whole,
    one per worker, and the pool still holds most of them when a worker is killed 0.3 s in."""
    from reach_env import site_of, write_dist

    root = tmp / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(root)], check=True)
    python = root / "bin" / "python"
    site = site_of(python)
    module = _benign_module(3 * SLOW_FILE_RAISES)
    for i in range(dists):
        write_dist(site, f"slowdist{i}", "1.0", {f"slowdist{i}/m{j}.py": module for j in range(3)})
    return python


def kill_workers(root: int, times: int, timeout: float = 60) -> list[int]:
    """``kill_a_worker``, then (``times`` 2) the first worker of a pool started after that kill
    (the re-run of what the broken pool left), 0.3 s after it appears; the pids killed."""
    first = kill_a_worker(root, timeout)
    if first is None:
        return []
    killed = [first]
    seen = set(descendants(root))  # the old pool's workers, which its stop ends
    deadline = time.monotonic() + timeout
    while len(killed) < times and time.monotonic() < deadline:
        fresh = [pid for pid, depth in descendants(root).items() if depth == 2 and pid not in seen]
        if fresh:
            time.sleep(0.3)
            try:
                os.kill(min(fresh), signal.SIGKILL)
            except ProcessLookupError:
                seen.add(min(fresh))
                continue
            killed.append(min(fresh))
        time.sleep(0.02)
    return killed
