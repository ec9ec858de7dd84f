"""A changed file's code facts stored as differences from its previous content's (``factdeltas``).

Real consecutive releases of a small package from the registry (wheels cached after the first
run): what the analysis reads of the newer release must be what a catalogue holding it alone
reads, on SQLite and PostgreSQL, while its changed files' facts cost their difference.
"""

from __future__ import annotations

import zlib
from pathlib import Path

import pytest
from sqlalchemy import select

from errdex.model import CodeFacts, FunctionFact
from errdex.pipeline import index, index_releases
from errdex.store import Store
from errdex.store import factblobs as fb
from errdex.store import schema as s

RELEASES = ("pypi:packaging==26.3", "pypi:packaging==26.4")


def _rows(store: Store) -> list[tuple[int, tuple[bytes, ...]]]:
    c = s.code_facts
    with store.engine.connect() as conn:
        rows = conn.execute(select(c.c.id, *(c.c[k] for k in fb.COLUMNS)).order_by(c.c.id)).all()
    return [(int(r[0]), tuple(bytes(v or b"") for v in r[1:])) for r in rows]


def _shas(store: Store, ids: set[int]) -> list[str]:
    c = s.code_facts
    with store.engine.connect() as conn:
        return [str(x) for x in conn.scalars(select(c.c.blob_sha).where(c.c.id.in_(sorted(ids))))]


def _by_sha(store: Store) -> dict[str, tuple[bytes, ...]]:
    c = s.code_facts
    with store.engine.connect() as conn:
        rows = conn.execute(select(c.c.blob_sha, *(c.c[k] for k in fb.COLUMNS))).all()
    return {str(r[0]): tuple(bytes(v or b"") for v in r[1:]) for r in rows}


def _read(store: Store, sid: int) -> dict[str, object]:
    """Every code fact of a snapshot as the analysis reads it (fact ids, local to a catalogue,
    left out), and the exception classes the matcher relates."""
    reader = store.facts
    out: dict[str, object] = {}
    names: set[str] = set()
    with store.engine.connect() as conn:
        paths = sorted(conn.scalars(select(s.modules.c.path).where(s.modules.c.snapshot_id == sid)))
    for path in paths:
        module = reader.module_at(sid, path)
        assert module is not None
        facts = reader.facts([module.fact_id], docs=True)[module.fact_id]
        names.update(f.qualname.rpartition(".")[2] for f in facts.functions)
        docs = reader.docstrings(module.fact_id, [f.qualname for f in facts.functions])
        out[path] = (facts, docs, reader.tests_in(sid, path))
    out["calls"] = [(c.path, c.caller, c.callee, c.line) for c in reader.calls_named(sid, names)]
    out["functions"] = reader.functions_named(sid, names)
    out["bases"] = store.class_bases(sid)
    assert names and out["calls"] and out["bases"]
    return out


@pytest.mark.network
@pytest.mark.slow
def test_a_changed_files_code_facts_cost_their_difference_and_read_back_whole(
    db_url: str, tmp_path: Path
) -> None:
    first, second = index_releases(list(RELEASES), db_url, jobs=1)
    alone_db = str(tmp_path / "alone.db")
    alone_sid = index(RELEASES[1], alone_db, jobs=1).snapshot_id
    with Store.open(db_url) as many, Store.open(alone_db) as alone:
        expected = _read(alone, alone_sid)
        rows = _rows(many)
        stored = dict(rows)
        deltas = [
            (fid, i, v) for fid, values in rows for i, v in enumerate(values) if fb.base_id(v) is not None
        ]
        # most of the facts of the files 26.4 changed are their difference from 26.3's
        assert len({fid for fid, _, _ in deltas}) >= 10
        for _, i, v in deltas:  # a base is a value stored whole, never a difference
            base = fb.base_id(v)
            assert base is not None and base in stored and fb.base_id(stored[base][i]) is None
        # the contents 26.4 changed cost ~half what they cost stored whole (alone: 233 KB,
        # 122 KB here); what stays whole is mostly the functions' and calls' line numbers,
        # which shift with every line added above them
        changed = {fid for fid, _, _ in deltas}
        by_sha = _by_sha(alone)
        as_deltas = sum(len(v) for fid in changed for v in stored[fid])
        as_whole = sum(len(v) for sha in _shas(many, changed) for v in by_sha[sha])
        assert as_deltas * 3 < as_whole * 2
        assert _read(many, second.snapshot_id) == expected
        # the older release goes: the rows its files' facts were are bases the newer one's
        # differences name, and stay
        many.delete_snapshot(first.snapshot_id)
        assert {fid for fid, _ in _rows(many)} >= {fb.base_id(v) for _, _, v in deltas}
        assert _read(many, second.snapshot_id) == expected


def test_a_value_round_trips_through_its_difference_and_a_forged_one_reads_as_nothing() -> None:
    def facts(n: int) -> CodeFacts:
        return CodeFacts(
            functions=[
                FunctionFact(
                    f"f{i}", 10 * i, 10 * i + 5, None, ("x", f"p{i * 7919 % 1000}"), f"Part {i * 31 % 97}."
                )
                for i in range(n)
            ]
        )

    base, new = fb.encode(facts(200)), fb.encode(facts(201))
    docs_base, docs_new = base[3], new[3]
    delta = fb.make_delta(docs_new, 7, docs_base)
    assert delta is not None and fb.base_id(delta) == 7 and len(delta) * 4 < len(docs_new)
    rebuilt = fb.whole(delta, {7: docs_base})
    assert rebuilt == zlib.decompress(docs_new)
    assert fb.decode(rebuilt, fb.doc_row) == fb.decode(docs_new, fb.doc_row) != []
    assert fb.whole(docs_new, {}) == docs_new  # a value stored whole is read as it is
    # a difference from a difference is never made, nor read
    assert fb.make_delta(docs_new, 8, delta) is None
    assert fb.whole(delta, {7: delta}) == b""
    for forged, bases in (
        (delta, {}),  # its base is gone
        (delta[:-3], {7: docs_base}),  # truncated
        (delta[: fb.DELTA_HEAD] + b"\x00" * 40, {7: docs_base}),  # not a frame
        (fb.DELTA + b"12x" + delta[fb.DELTA_HEAD :], {7: docs_base}),  # no base id
        (delta, {7: zlib.compress(b'{"not": "a list"}')}),  # a base that rebuilds no list
    ):
        assert fb.decode(fb.whole(forged, bases), fb.doc_row) == []
