"""The layers are enforced: import-linter's contracts in pyproject.toml hold for the tree.

The contracts say that data flows one way (model -> sources/extract/store -> match/analysis ->
views -> cli/web/pipeline): nothing imports a layer above it, lazy imports inside functions
included. The second test plants an upward import in a copy of the package and checks that the
same contracts catch it, so the first one cannot pass by checking nothing.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LINT_IMPORTS = str(Path(sys.executable).parent / "lint-imports")


def _lint(cwd: Path, pythonpath: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(pythonpath)}
    return subprocess.run(
        [LINT_IMPORTS, "--no-cache"], cwd=cwd, env=env, capture_output=True, text=True, timeout=300
    )


def test_import_contracts_hold() -> None:
    run = _lint(ROOT, ROOT / "src")
    assert run.returncode == 0, run.stdout + run.stderr
    assert "1 kept, 0 broken" in run.stdout


def test_an_upward_import_breaks_the_contract(tmp_path: Path) -> None:
    shutil.copytree(
        ROOT / "src" / "errdex", tmp_path / "src" / "errdex", ignore=shutil.ignore_patterns("data")
    )
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    model = tmp_path / "src" / "errdex" / "model.py"
    model.write_text(model.read_text() + "\n\ndef _upward() -> None:\n    import errdex.views  # noqa\n")
    run = _lint(tmp_path, tmp_path / "src")
    assert run.returncode != 0
    assert "errdex.model is not allowed to import errdex.views" in run.stdout, run.stdout
