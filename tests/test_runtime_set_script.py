"""scripts/make_runtime_set.py, run for real: a virtualenv, a pinned release from the registry, and
snippets that fail in it. The cases it writes must be well formed, their truth must name
statements that exist in the installed files, and they must agree with the committed set.
"""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "make_runtime_set.py"
COMMITTED = ROOT / "tests" / "data" / "regression" / "runtime"
LIB = "packaging"  # small, pure Python, no dependencies: the cheapest real library to install

pytestmark = [pytest.mark.slow, pytest.mark.network]


def _function_at(tree: ast.Module, line: int) -> list[str]:
    """Qualified names (as co_qualname spells them) of the functions whose body holds `line`."""
    names: list[str] = []

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                name = prefix + child.name
                end = child.end_lineno or child.lineno
                if isinstance(child, ast.ClassDef):
                    visit(child, name + ".")
                elif child.lineno <= line <= end:
                    names.append(name)
                    visit(child, name + ".<locals>.")
            else:
                visit(child, prefix)

    visit(tree, "")
    return names


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, str]:
    """Run the script for one library into a fresh folder; other libraries' cases already there."""
    out = tmp_path_factory.mktemp("out")
    work = tmp_path_factory.mktemp("work")
    kept = {"id": "other-rt-001", "library": "other", "version": "1", "kind": "message", "input": "x",
            "expected": None, "source": "kept"}  # fmt: skip
    (out / "cases.jsonl").write_text(json.dumps(kept) + "\n", encoding="utf-8")
    (out / "versions.json").write_text(json.dumps({"other": "1"}), encoding="utf-8")
    r = subprocess.run(
        [sys.executable, str(SCRIPT), "--only", LIB, "--out", str(out), "--work", str(work)],
        capture_output=True, text=True, timeout=900, check=False,
    )  # fmt: skip
    assert r.returncode == 0, r.stderr[-3000:]
    (site,) = (work / "venv").glob("lib/python3*/site-packages")
    return out, site, r.stdout


def _cases(out: Path, library: str) -> list[dict]:
    lines = (out / "cases.jsonl").read_text(encoding="utf-8").splitlines()
    return [c for c in map(json.loads, lines) if c["library"] == library]


def test_cases_are_well_formed_and_other_libraries_are_kept(made: tuple[Path, Path, str]) -> None:
    out, site, stdout = made
    cases = _cases(out, LIB)
    assert len(cases) >= 8  # at least four snippets, two forms each
    assert [c["id"] for c in cases] == [f"{LIB}-rt-{i:03d}" for i in range(1, len(cases) + 1)]
    versions = json.loads((out / "versions.json").read_text(encoding="utf-8"))
    installed = next(site.glob(f"{LIB}-*.dist-info")).name.removesuffix(".dist-info").split("-")[1]
    assert versions == {"other": "1", LIB: installed}
    assert [c["id"] for c in _cases(out, "other")] == ["other-rt-001"]
    for c in cases:
        assert c["version"] == installed
        assert c["kind"] in ("message", "traceback", "negative")
        assert c["input"].strip()
        assert re.fullmatch(rf"runtime: scripts/make_runtime_set\.py {LIB}#\d+", c["source"])
        assert (c["expected"] is None) == (c["kind"] == "negative")
    # each error twice: the message the user sees last, then the whole traceback ending in it
    for message, traceback in zip(cases[::2], cases[1::2], strict=True):
        assert message["source"] == traceback["source"]
        assert message["expected"] == traceback["expected"]
        assert traceback["input"].startswith("Traceback (most recent call last):")
        assert traceback["input"].endswith(message["input"])
    assert re.search(rf"^{LIB}\s+\d+\s+\d+", stdout, re.M), stdout
    assert stdout.splitlines()[-1].startswith("summary: libraries=1 ")


def test_truth_frames_are_statements_of_the_installed_release(made: tuple[Path, Path, str]) -> None:
    out, site, _ = made
    positives = [c for c in _cases(out, LIB) if c["expected"]]
    assert positives
    for c in positives:
        if c["kind"] == "message":  # the exception type is the one the message names
            assert c["input"].split(":", 1)[0].rsplit(".", 1)[-1] == c["expected"]["exc_type"]
        for want in [c["expected"], *c["expected"].get("alternatives", [])]:
            path = site / want["path"]
            assert path.is_file(), want
            tree = ast.parse(path.read_bytes())
            # breadth first, so the innermost statement starting on a line wins
            statements = {n.lineno: n for n in ast.walk(tree) if isinstance(n, ast.stmt)}
            stmt = statements.get(want["line"])
            assert stmt is not None, want
            assert want["function"] in _function_at(tree, want["line"]), want
            # a raise, or the call that hands its message to a helper that raises it
            assert isinstance(stmt, ast.Raise) or any(isinstance(n, ast.Call) for n in ast.walk(stmt)), want


def test_regenerated_truth_matches_the_committed_set(made: tuple[Path, Path, str]) -> None:
    out, _, _ = made
    committed = {c["id"]: c for c in _cases(COMMITTED, LIB)}
    versions = json.loads((COMMITTED / "versions.json").read_text(encoding="utf-8"))
    fresh = _cases(out, LIB)
    if fresh[0]["version"] != versions[LIB]:
        pytest.skip(f"the registry served {LIB} {fresh[0]['version']}, the committed set has {versions[LIB]}")
    assert [c["id"] for c in fresh] == list(committed)
    for c in fresh:
        want = committed[c["id"]]
        assert (c["kind"], c["expected"], c["note"]) == (want["kind"], want["expected"], want["note"])
        if c["kind"] == "message":
            assert c["input"] == want["input"]  # tracebacks differ only in the work folder's path
