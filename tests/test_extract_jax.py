"""Extraction on the real jax 0.10.2 wheel (from PyPI, cached): seed records and raise coverage."""

from __future__ import annotations

import ast

import pytest

from errdex.extract import Extraction, extract
from errdex.model import Snapshot, SourceFile

pytestmark = pytest.mark.network


@pytest.fixture(scope="module")
def files(jax_snapshot: Snapshot) -> list[SourceFile]:
    return [f for f in jax_snapshot.files if f.path.endswith(".py")]


@pytest.fixture(scope="module")
def ex(files: list[SourceFile]) -> Extraction:
    return extract(files, "jax-ml/jax", jobs=2)


def templates(ex: Extraction, path: str, function: str) -> list[str]:
    return [r.template for r in ex.records if r.path == path and r.function == function]


def test_every_file_parsed(ex: Extraction, files: list[SourceFile]) -> None:
    assert len(ex.files) == len(files) == 617
    assert all(f.status == "ok" for f in ex.files)


def test_mpmd_seed(ex: Extraction) -> None:
    [r] = [r for r in ex.records if r.path == "jax/_src/pallas/mpmd.py" and r.line == 842]
    assert r.function == "_mpmd_map.<locals>.wrapper"
    assert r.exc_type == "NotImplementedError"
    assert r.template == (
        "MPMD map with more than one mesh requires scratch_type to have a `core_type` specified, "
        "but {scratch_type=} is missing it."
    )
    assert r.guards[:2] == ["len(meshes_and_fns) > 1", "for scratch_type in flat_scratch_types"]


def test_pallas_lowering_seed(ex: Extraction) -> None:
    [r] = [r for r in ex.records if r.path == "jax/_src/pallas/mosaic/lowering.py" and r.line == 938]
    assert r.function == "_check_block_mappings"
    assert r.exc_type == "ValueError"
    assert r.template == (
        "The Pallas TPU lowering currently supports in memory space ANY only blocks having the same "
        "block shape as the array shape and a trivial index_map (returning all 0s).{err_details}"
    )
    assert "Block spec for {bm.origin} in pallas_call" in r.expanded_template


def test_real_report_messages(ex: Extraction) -> None:
    assert "Gradient only defined for scalar-output functions. Output was {x}." in templates(
        ex, "jax/_src/api.py", "_check_scalar"
    )
    mapped = templates(ex, "jax/_src/api.py", "_mapped_axis_size")
    assert any(t.startswith("{name} got inconsistent sizes for array axes to be mapped:\n") for t in mapped)
    logs = templates(ex, "jax/_src/xla_bridge.py", "_suggest_missing_backends")
    assert any(t.startswith("CUDA backend failed to initialize: {err}.This may be due to") for t in logs)
    leaked = [r for r in ex.records if r.path == "jax/_src/core.py" and r.exc_type == "UnexpectedTracerError"]
    assert leaked and all(r.template.startswith("Encountered an unexpected tracer.") for r in leaked)
    assert leaked[0].exc_qualname == "jax._src.errors.UnexpectedTracerError"


def test_raise_coverage(ex: Extraction, files: list[SourceFile]) -> None:
    tests = {f.path for f in ex.files if f.is_test}
    recorded = {(r.path, r.line) for r in ex.records if r.kind == "error"}
    total = hit = 0
    for f in files:
        if f.path in tests:
            continue
        for node in ast.walk(ast.parse(f.data)):
            if isinstance(node, ast.Raise) and node.exc is not None:
                total += 1
                hit += (f.path, node.lineno) in recorded
    assert total > 5000
    assert hit / total >= 0.95, f"{hit}/{total}"
