"""A release indexed as part of a history reads exactly as the same release indexed alone.

What a history shares (extractions of unchanged files, functions stored once per content and
placed per file, occurrence bodies, symbols and errors held through runs of releases) must never change what a reader sees: the records (ids,
templates, lines) and the code facts the analysis reads. Two real consecutive releases of a
small package from PyPI (wheels cached after the first run), each compared with a catalogue
that holds it alone.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import text
from store_helpers import table_rows

from errdex.pipeline import _Quiet, index, index_releases
from errdex.store import Store

pytestmark = [pytest.mark.network, pytest.mark.slow]

RELEASES = ("pypi:packaging==26.3", "pypi:packaging==26.4")


def _records(store: Store, sid: int) -> list[tuple[object, ...]]:
    return sorted(
        (e.error_id, e.version, e.kind, e.exc_type, e.template, tuple(e.segments), e.path, e.line, e.function,
         e.relay, e.statement)
        for e in store.iter_entries(snapshot_id=sid)
    )  # fmt: skip


def _facts(store: Store, sid: int) -> dict[str, object]:
    """Every code fact of the snapshot as the analysis reads it, fact ids (local to a catalogue)
    left out."""
    with store.engine.connect() as conn:
        paths = [r[0] for r in conn.execute(text(f"SELECT path FROM modules WHERE snapshot_id = {sid}"))]
    reader = store.facts
    out: dict[str, object] = {}
    names: set[str] = set()
    for path in sorted(paths):
        module = reader.module_at(sid, path)
        assert module is not None
        facts = reader.facts([module.fact_id], docs=True)[module.fact_id]
        names.update(f.qualname.rpartition(".")[2] for f in facts.functions)
        params = reader.parameters(module.fact_id, [f.qualname for f in facts.functions])
        out[path] = (module.name, module.is_test, module.shadowed, facts, params, reader.tests_in(sid, path))
    calls = [(c.path, c.module, c.caller, c.callee, c.line) for c in reader.calls_named(sid, names)]
    out["calls"] = calls
    out["functions"] = reader.functions_named(sid, names)
    assert calls and names  # the package has a call graph to compare
    # what each release holds of the rows stored once per run of releases (schema v10)
    out["symbols"] = sorted(store.symbols(sid))
    with store.engine.connect() as conn:
        out["errors"] = sorted(
            tuple(r)
            for r in conn.execute(
                text(f"SELECT error_id, line FROM snapshot_errors WHERE snapshot_id = {sid}")
            )
        )
    assert out["symbols"] and any(out["errors"])
    return out


def test_each_release_of_a_history_reads_as_when_indexed_alone(tmp_path: Path) -> None:
    both = str(tmp_path / "both.db")
    history = index_releases(list(RELEASES), both, jobs=1)
    assert history[1].reused > 0  # the later release reused what the earlier one parsed
    with Store.open(both) as many:
        for spec, summary in zip(RELEASES, history, strict=True):
            alone_db = str(tmp_path / f"{summary.version}.db")
            with Store.open(alone_db) as alone:
                sid = index(spec, alone_db, jobs=1).snapshot_id
                assert _records(many, summary.snapshot_id) == _records(alone, sid) != []
                assert _facts(many, summary.snapshot_id) == _facts(alone, sid)


def _segment_entries(store: Store, sid: int) -> list[tuple[object, ...]]:
    """The snapshot's stored match-index segment, entry by entry (its catalogue-local key left
    out), each with the statement the matcher reads for it."""
    from errdex.match.index import E_KEY, Index
    from errdex.store import segments as ss

    stamp = dict(ss.snapshot_stamps(store))[sid]
    data = ss.get_segment(store, sid, stamp)
    assert data is not None
    seg = Index.loads(data, keys=False)
    entry, statements = seg._entry_decoder(), seg.entry_statements()
    return [
        (*(v for k, v in enumerate(entry(i)) if k != E_KEY), statements.get(i, ""))
        for i in range(seg.n_entries)
    ]


def test_a_release_added_to_a_history_reads_no_file_it_holds_to_build_its_segment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the match-index segment's statements come from the release's own bytes, including the
    # files an earlier release stored (``lib/util.py``: not read back and inflated), and say
    # what the same release's segment says when indexed alone (a git repo made here: v0.2.0
    # changed ``lib/core.py`` only)
    from test_history import make_repo

    from errdex.store import sql

    repo = make_repo(tmp_path)
    both, alone_db = str(tmp_path / "both.db"), str(tmp_path / "alone.db")
    index(f"git:{repo}@v0.1.0", both, jobs=1, cache_dir=str(tmp_path / "cache"))
    reads: list[str] = []
    real = sql._LineCache._blob

    def spy(self: sql._LineCache, sha: str) -> bytes | None:
        reads.append(sha)
        return real(self, sha)

    monkeypatch.setattr(sql._LineCache, "_blob", spy)
    added = index(f"git:{repo}@v0.2.0", both, jobs=1, cache_dir=str(tmp_path / "cache"))
    assert added.reused > 0 and reads == []
    monkeypatch.undo()
    first = index(f"git:{repo}@v0.2.0", alone_db, jobs=1, cache_dir=str(tmp_path / "cache"))
    with Store.open(both) as many, Store.open(alone_db) as alone:
        got = _segment_entries(many, added.snapshot_id)
        assert got == _segment_entries(alone, first.snapshot_id)
        assert any("non-negative" in x[-1] for x in got)  # the unchanged file's statement


def _cache_rows(store: Store) -> list[tuple[object, ...]]:
    with store.engine.connect() as conn:
        rows = conn.execute(text("SELECT blob_sha, producer, path, has_code, data FROM extractions"))
        return sorted(tuple(r) for r in rows)


def test_catalogues_sharing_an_extraction_cache_read_as_if_each_parsed_its_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # ERRDEX_EXTRACTION_CACHE: a second catalogue indexing the same release parses only the
    # files whose shared entry is damaged or names another path, and it holds what the first
    # holds, its own extraction cache and code facts included
    shared = tmp_path / "shared"
    monkeypatch.setenv("ERRDEX_EXTRACTION_CACHE", str(shared))
    dbs = [str(tmp_path / f"{name}.db") for name in ("first", "lent")]
    first = index(RELEASES[1], dbs[0], jobs=1)
    entries = sorted(p for p in shared.rglob("*") if p.is_file())
    assert first.reused == 0 and len(entries) == first.files > 2
    assert not [p for p in entries if p.name.startswith(".tmp-")]
    entries[0].write_bytes(b"not an entry")
    entries[1].write_bytes(entries[2].read_bytes())  # the facts of another file
    lent = index(RELEASES[1], dbs[1], jobs=1)
    assert lent.reused == first.files - 2
    with Store.open(dbs[0]) as a, Store.open(dbs[1]) as b:
        assert _records(a, first.snapshot_id) == _records(b, lent.snapshot_id) != []
        assert _facts(a, first.snapshot_id) == _facts(b, lent.snapshot_id)
        assert _cache_rows(a) == _cache_rows(b) != []


_INDEX_ONE = (
    "import sys\n"
    "from errdex.pipeline import index\n"
    "s = index(sys.argv[1], sys.argv[2], jobs=1)\n"
    "print(s.files, s.reused)\n"
)


def _index_in_process(spec: str, db: str, shared: Path) -> subprocess.Popen[str]:
    """``errdex`` indexing ``spec`` into ``db`` in a process of its own, ``shared`` its
    extraction cache (what two ``errdex index`` runs, or the suite's two xdist workers, do)."""
    env = {**os.environ, "ERRDEX_EXTRACTION_CACHE": str(shared)}
    return subprocess.Popen(
        [sys.executable, "-c", _INDEX_ONE, spec, db],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_two_processes_filling_one_extraction_cache_at_once_leave_whole_entries_and_equal_catalogues(
    tmp_path: Path,
) -> None:
    # Two real processes index the same release into two catalogues at once, both parsing and
    # writing every entry of one shared cache (temporary name, then a rename over a possibly
    # existing entry); then a third catalogue reads every file from it and parses none
    from errdex.extract.cache import decode

    shared = tmp_path / "shared"
    dbs = [str(tmp_path / f"{name}.db") for name in ("one", "two", "third")]
    procs = [_index_in_process(RELEASES[1], db, shared) for db in dbs[:2]]
    outs = [p.communicate(timeout=600) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], [err[-2000:] for _, err in outs]
    (files, _), (files_2, _) = (tuple(map(int, out.split())) for out, _ in outs)
    assert files == files_2 > 2
    entries = [p for p in shared.rglob("*") if p.is_file()]
    assert not [p for p in entries if p.name.startswith(".tmp-")]
    assert len(entries) == files  # one per file, neither process left a second copy
    for entry in entries:  # every entry whole: its two parts decode
        data = entry.read_bytes()
        assert data.startswith(b"errdex-shared/1\n")
        size = int.from_bytes(data[16:24], "big")
        first, second = data[24 : 24 + size], data[24 + size :]
        assert decode(first) is not None and (not second or decode(second) is not None)
    third = _index_in_process(RELEASES[1], dbs[2], shared)
    out, err = third.communicate(timeout=600)
    assert third.returncode == 0, err[-2000:]
    assert tuple(map(int, out.split())) == (files, files)  # every file read, none parsed
    one, two, three = (table_rows(db) for db in dbs)
    assert one["extractions"]
    for name in one:
        assert one[name] == two[name] == three[name], name


def test_an_extraction_cache_path_that_is_no_directory_only_means_every_file_is_parsed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Decided: an unusable shared cache (here a regular file where the directory should be:
    # nothing can be read from it or written under it) is ignored, not an error; the index is
    # the one built without it
    blocker = tmp_path / "not-a-directory"
    blocker.write_bytes(b"a file where the cache directory should be")
    monkeypatch.setenv("ERRDEX_EXTRACTION_CACHE", str(blocker))
    dbs = [str(tmp_path / f"{name}.db") for name in ("with", "without")]
    got = index(RELEASES[1], dbs[0], jobs=1)
    assert got.reused == 0 and got.files > 2
    assert blocker.read_bytes() == b"a file where the cache directory should be"
    monkeypatch.delenv("ERRDEX_EXTRACTION_CACHE")
    index(RELEASES[1], dbs[1], jobs=1)
    assert table_rows(dbs[0]) == table_rows(dbs[1])


def test_a_history_overlapped_is_the_catalogue_of_one_release_after_another(tmp_path: Path) -> None:
    """The workers parse release k+1 while release k is resolved and written (``_overlapped``):
    every table, the records, lineages, versions, facts and the match index, equals the
    sequential run's, and each release reuses as many files."""
    releases = [*RELEASES, "pypi:iniconfig==2.0.0", "pypi:iniconfig==2.1.0"]
    dbs = {mode: str(tmp_path / f"{mode}.db") for mode in ("after", "overlap")}
    after = index_releases(releases, dbs["after"], jobs=2, overlap=False)
    overlap = index_releases(releases, dbs["overlap"], jobs=2)
    assert [(s.version, s.reused, s.files, s.errors) for s in overlap] == [
        (s.version, s.reused, s.files, s.errors) for s in after
    ]
    assert overlap[1].reused > 0 and overlap[3].reused > 0
    one, other = table_rows(dbs["after"]), table_rows(dbs["overlap"])
    assert one["error_lineage"] and one["snapshots"] and one["artifacts"]
    assert sorted(one) == sorted(other)
    for name in one:
        assert one[name] == other[name], name


class _StopWhileWriting(_Quiet):
    """A progress that interrupts the run (as Ctrl-C would) when the first release is about to
    be written: by then the second one's files are with the workers."""

    def stage(self, message: str) -> None:
        if message == "writing the catalogue":
            raise KeyboardInterrupt


def test_an_overlapped_history_interrupted_leaves_no_worker_behind(tmp_path: Path) -> None:
    import psutil

    me = psutil.Process()
    before = {p.pid for p in me.children(recursive=True)}
    with pytest.raises(KeyboardInterrupt):
        index_releases(list(RELEASES), str(tmp_path / "c.db"), jobs=2, progress=_StopWhileWriting())
    # the extraction's workers are the fork server's children (it is this process's)
    workers = [
        w
        for p in me.children()
        for w in p.children()
        if w.pid not in before and w.is_running() and w.status() != psutil.STATUS_ZOMBIE
    ]
    assert workers == []
    with Store.open(str(tmp_path / "c.db")) as store:
        assert store.repos() == []  # nothing was written


def test_releases_added_one_at_a_time_give_the_index_lineages_and_answers_of_a_full_rebuild(
    tmp_path: Path,
) -> None:
    """Each release added to the catalogue the ones before it made (``errdex index`` once per
    release: the new release's segment merged onto the stored index, the lineages extended by
    its pairs with the one before): the stored match index is the bytes of an index built from
    every row, the lineages are those derived from the first release on, and the answers to a
    sample of messages (every template of the history, its placeholders filled) are the same
    from either index."""
    import re

    from errdex.history.lineage import update_lineages
    from errdex.match import Matcher, build_index
    from errdex.match.artifact import class_bases, unpack
    from errdex.match.handoff import link_entries
    from errdex.match.index import Index
    from errdex.store.releases import lineage_map

    releases = [*RELEASES, "pypi:iniconfig==2.0.0", "pypi:iniconfig==2.1.0"]
    db = str(tmp_path / "c.db")
    for spec in releases:
        index(spec, db, jobs=1)
    with Store.open(db) as store:
        stored = unpack(store.get_artifact("match-index") or b"")
        rows = list(store.iter_entries())  # the callers were counted as each release was added
        built = build_index(rows, str(store.generation()), class_bases(store), link_entries(store))
        assert stored == built.dumps()
        added = {repo: lineage_map(store, repo) for repo in ("packaging", "iniconfig")}
        assert len(added["packaging"]) > 10 and added["iniconfig"]
        with store.engine.begin() as conn:  # what the lineages were derived over forgotten
            conn.execute(text("DELETE FROM artifacts WHERE name LIKE 'lineages:%'"))
        for repo, extended in added.items():
            update_lineages(store, repo)
            assert lineage_map(store, repo) == extended, repo
        # not vacuous: an error of a later release continues a lineage named in an earlier one
        assert any(e != name for m in added.values() for e, name in m.items())
    messages = sorted({re.sub(r"\{[^{}]*\}", "abc", e.template) for e in rows if e.kind == "error"})
    assert len(messages) > 50
    one, other = Matcher(Index.loads(stored)), Matcher(built)
    for text_ in messages:
        a, b = one.explain(text_), other.explain(text_)
        assert (a.verdict, [m.to_json() for m in a.matches]) == (b.verdict, [m.to_json() for m in b.matches])
