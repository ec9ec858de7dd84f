"""Static analysis of a whole catalogue, timed beside indexing it (target: under 2x).

    .venv/bin/python bench/explain_speed.py [pypi:jax==0.10.2]

Indexes the spec into a temporary database, then analyses every error, starting with nothing
remembered: each error's analysis reads its facts from the catalogue (what earlier errors of the
snapshot read is remembered, as in ``errdex analyze``). Building each error's view
(``store.get_error`` + the source window) is the web page's cost and is timed separately.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path


def main(spec: str = "pypi:jax==0.10.2") -> None:
    from errdex.analysis import analyze_error
    from errdex.analysis import context as ctx_mod
    from errdex.pipeline import index
    from errdex.store import Store
    from errdex.views import error_view

    with tempfile.TemporaryDirectory() as tmp:
        db = str(Path(tmp) / "bench.db")
        t0 = time.perf_counter()
        summary = index(spec, db)
        t_index = time.perf_counter() - t0
        store = Store.open(db)
        ctx_mod.clear()
        _, rows = store.list_errors()
        t0 = time.perf_counter()
        views = []
        for r in rows:
            err = store.get_error(r.id)
            assert err is not None, r.id  # listed by the same store a moment ago
            views.append(err)
            error_view(store, err, analysis=False)
        t_views = time.perf_counter() - t0
        t0 = time.perf_counter()
        ctx_mod.get_context(store, summary.snapshot_id)  # a query or two: nothing is parsed
        t_ctx = time.perf_counter() - t0
        t0 = time.perf_counter()
        for err in views:
            analyze_error(store, err)
        t_each = time.perf_counter() - t0
    t_static = t_ctx + t_each
    rows_out = [
        ("index (sources+extract+store)", t_index, ""),
        ("explain: snapshot context", t_ctx, "once per snapshot"),
        (
            "explain: per-error sections",
            t_each,
            f"{len(views)} errors, {1000 * t_each / max(len(views), 1):.2f} ms each",
        ),
        ("explain: static total", t_static, f"ratio {t_static / t_index:.2f}x indexing (target < 2x)"),
        ("views (get_error + source window)", t_views, "page building, not analysis"),
    ]
    print(f"{spec}: {summary.files} files, {len(views)} errors")
    print(f"{'stage':40} {'seconds':>8}  note")
    for name, secs, note in rows_out:
        print(f"{name:40} {secs:8.2f}  {note}")


if __name__ == "__main__":
    main(*sys.argv[1:])
