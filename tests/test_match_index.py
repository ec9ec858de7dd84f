"""The stored match index: what is written is read back exactly, and answers the same.

Round trips on the real jax 0.10.2 catalogue and on synthetic entries chosen for the format's
corners (templates that start with or are only a placeholder, tiny literals, non-ASCII text and a
lone surrogate, debug specifiers, a pattern big enough to be grouped by type, missing dates and
qualified names, Windows paths, dotted function names). Each compares the index as built with
the index read back from its bytes — entry by entry, pattern by pattern, and by the answers to
messages, cut-short messages and tracebacks rendered from the catalogue — and checks the answers
against the entries they were rendered from, so the comparison cannot pass on a shared mistake.
"""

from __future__ import annotations

import dataclasses
import heapq
import itertools
import mmap
import os
import random
from array import array
from collections.abc import Callable, Iterable
from pathlib import Path

import pytest
from index_helpers import counted_entries

from errdex.match import ARTIFACT, Matcher, build_index
from errdex.match.artifact import class_bases, unpack
from errdex.match.candidates import best_heads, kth_largest
from errdex.match.frames import FrameEvidence
from errdex.match.index import (
    BIG_PATTERN,
    E_FUNC,
    E_KIND,
    E_PAT,
    E_PATH,
    E_RELAY,
    E_REPO,
    E_TYPE,
    CorruptIndex,
    Index,
    IndexFormatError,
    debug_specifiers_as_text,
)
from errdex.match.rank import Evidence, Ranker
from errdex.match.score import FrameInfo, site_privacy, words
from errdex.match.thresholds import CALLED, FUNCTION_NAMED, HEAD_POSTINGS, HEAD_SCAN, MAX_HEADS, PUBLIC
from errdex.match.verify import compact
from errdex.model import CatalogueEntry, render_template
from errdex.store import Store


def _entry(key: int, segments: list[str], **kw: object) -> CatalogueEntry:
    fields: dict[str, object] = {
        "key": key, "error_id": f"{key:016x}", "repo": "acme/lib", "version": "1.0", "snapshot_date": None,
        "kind": "error", "exc_type": "ValueError", "exc_qualname": None, "template": render_template(segments),
        "segments": segments, "path": "lib/core.py", "line": 10 + key, "function": "check",
    }  # fmt: skip
    fields.update(kw)
    return CatalogueEntry(**fields)  # type: ignore[arg-type]


def synthetic_entries(n: int = 1500, seed: int = 5) -> list[CatalogueEntry]:
    rng = random.Random(seed)
    words = ["shape", "axis", "dtype", "tensor", "kernel", "block", "mesh", "scratch", "buffer", "column"]
    shapes = [
        lambda w: [f"Incompatible {w[0]} for {w[1]}: got ", "a", " and ", "b", ""],
        lambda w: ["", "name", f" is not a valid {w[0]} {w[1]} parameter for this pipeline step"],
        lambda w: ["", "e", ""],
        lambda w: ["a", "x", "b"],
        lambda w: [f"Ungültiger Wert für {w[0]}: erwartet ≥ 0 — bekam ", "v", ""],
        lambda w: [f"bad byte \udcff in {w[0]} file ", "path", ""],
        lambda w: [f"{w[0]} {w[1]} requires ", "scratch_type=", " to be set, " + w[2] + " is missing it."],
        lambda w: [f"Expected {w[0]} {w[1]} {w[2]} to be positive, got ", "n", f" {w[3]}s instead"],
    ]
    out: list[CatalogueEntry] = []
    for key in range(1, n + 1):
        w = rng.sample(words, 4)
        segs = rng.choice(shapes)(w)
        out.append(
            _entry(
                key, segs,
                repo=rng.choice(["acme/lib", "acme/other", "pypi/thing"]),
                version=rng.choice(["1.0", "2.0"]),
                snapshot_date=rng.choice([None, "2024-05-01"]),
                exc_type=rng.choice(["ValueError", "TypeError", "lib.errors.ShapeError"]),
                exc_qualname=rng.choice([None, "lib.errors.ShapeError"]),
                kind=rng.choice(["error", "error", "warning", "assertion"]),
                path=rng.choice(["lib/core.py", "lib/ops/shape.py", "lib\\win\\io.py"]),
                line=rng.choice([0, 1, 10 + key, 70_000]),
                function=rng.choice(["check", "Block.__init__", "outer.<locals>.inner", ""]),
                relay=rng.random() < 0.2,
            )
        )  # fmt: skip
    # one message raised from many sites: a pattern big enough to be grouped by type
    big = ["cannot reshape the block ", "x", " into the requested layout"]
    for i in range(BIG_PATTERN + 40):
        out.append(
            _entry(
                n + 1 + i, big, exc_type=["ValueError", "TypeError"][i % 2], path=f"lib/m{i % 7}.py", line=i
            )
        )
    return out


def _value(name: str, i: int) -> str:
    return f"<{name.strip('=') or 'v'}#{i}>"


def queries(entries: list[CatalogueEntry], count: int, seed: int) -> list[tuple[str, CatalogueEntry, bool]]:
    """Messages, typed messages, cut-short messages and tracebacks rendered from ``entries``, each
    with its source and whether it is whole (the source must then be among the answers)."""
    rng = random.Random(seed)
    out: list[tuple[str, CatalogueEntry, bool]] = []
    for i in range(count):
        e = rng.choice(entries)
        segs = e.segments or [e.template]
        text = "".join(s if j % 2 == 0 else _value(s, i) for j, s in enumerate(segs))
        short = e.exc_type.rsplit(".", 1)[-1]
        fn = e.function.split(".")[-1] or "<module>"
        frame = f'  File "/srv/app/.venv/lib/python3.13/site-packages/{e.path.replace(chr(92), "/")}"'
        out += [
            (text, e, True),
            (f"{short}: {text}", e, True),
            (text[: max(30, len(text) * 2 // 3)], e, False),
            (
                f"Traceback (most recent call last):\n{frame}, line {e.line}, in {fn}\n"
                f"    raise {short}(msg)\n{e.exc_type}: {text}",
                e,
                True,
            ),
        ]
    return out


def assert_same_index(built: Index, loaded: Index, entries: list[CatalogueEntry]) -> None:
    """Entry by entry and pattern by pattern, against each other and against the input."""
    assert (loaded.n_entries, loaded.n_patterns, loaded.n_keys) == (
        built.n_entries,
        built.n_patterns,
        built.n_keys,
    )
    assert loaded.generation == built.generation and loaded.extra == built.extra
    for i, e in enumerate(entries):
        got = loaded.entries[i]
        assert got == built.entries[i]
        assert got[:E_PAT] == (
            e.key, e.error_id, e.repo, e.version, e.snapshot_date, e.kind, e.exc_type, e.exc_qualname,
            e.template, e.path, e.line, e.function,
        )  # fmt: skip
        assert got[E_RELAY] is e.relay
    for pid in range(built.n_patterns):
        assert loaded.patterns[pid] == built.patterns[pid]
        assert loaded.groups.get(pid) == built.groups.get(pid)
        assert loaded.runtime[pid] == built.runtime[pid]
    assert_same_reads(loaded)
    assert loaded.dumps() == built.dumps()


def assert_same_reads(index: Index) -> None:
    """What the query reads without decoding a whole entry or pattern (``lits``, ``entry_facts``,
    the words) is what the decoded entry or pattern says, read before or after it."""
    fresh = Index.loads(index.dumps())
    for pid in range(index.n_patterns):
        pat = index.patterns[pid]
        assert fresh.lits(pid) == (pat.lits, pat.lit_len) == index.lits(pid)
        assert fresh.words(pid) == words(pat.text) == index.words(pid)
    for i in range(index.n_entries):
        e = index.entries[i]
        repo, site = fresh.entry_facts(i)
        assert (repo, site.kind, site.type, site.path, site.function) == (
            e[E_REPO], e[E_KIND], e[E_TYPE], e[E_PATH], e[E_FUNC],
        )  # fmt: skip
        assert site.posix_path == e[E_PATH].replace("\\", "/")
        assert site.privacy == site_privacy(e[E_PATH], e[E_FUNC])


def assert_same_answers(built: Index, loaded: Index, asked: list[tuple[str, CatalogueEntry, bool]]) -> None:
    """The same answers from both; and a whole message with enough literal text is answered with
    its source (or a site raising the same template: one message can come from many sites)."""
    a, b = Matcher(built), Matcher(loaded)
    checked = found = 0
    for text, source, whole in asked:
        ra, rb = a.explain(text), b.explain(text)
        assert ra.to_json() == rb.to_json(), text
        literal = sum(len(compact(s)) for s in (source.segments or [source.template])[0::2])
        if whole and literal >= 20:
            checked += 1
            found += any(m.id == source.error_id or m.template == source.template for m in rb.matches)
    assert checked and found >= 0.95 * checked, (found, checked)


def test_round_trip_on_synthetic_entries() -> None:
    entries = synthetic_entries()
    built = build_index(entries, "g7")
    assert any(built.groups.get(pid) for pid in range(built.n_patterns))  # the big pattern is grouped
    loaded = Index.loads(built.dumps())
    assert_same_index(built, loaded, entries)
    assert_same_answers(built, loaded, queries(entries, 150, seed=1))


def test_strings_and_patterns_whose_hashes_collide_are_still_told_apart() -> None:
    """The builder finds a string or a pattern again by its hash and compares on a hit: with a
    hash under which everything collides, the index is the same, byte for byte."""
    from errdex.match.index import Builder

    entries = synthetic_entries(400, seed=11)
    b = Builder(hash_fn=lambda _: 7)
    for e in entries:
        b.add_entry(e)
    clashing = b.finish("g3")
    built = Index.build(entries, "g3")
    assert clashing.dumps() == built.dumps()
    assert built.n_patterns < len(entries) and built.n_patterns > 8  # shared and distinct patterns


@pytest.mark.parametrize("hash_fn", [hash, lambda data: len(data) << 10], ids=["hash", "crowded"])
def test_the_string_table_finds_every_string_again_as_it_grows(hash_fn: Callable[[bytes], int]) -> None:
    """The pool's hash -> id table is open-addressed in arrays and doubles as it fills: every
    string keeps its first id through the growths, whether added as text or as another index's
    bytes, also when many hashes are equal or share their low bits (long probe runs)."""
    from errdex.match.index import _FIRST_SLOTS, _Writer

    w = _Writer(hash_fn)
    texts = [f"s{i}" for i in range(4 * _FIRST_SLOTS)] + ["é", "", "\udcff"]
    ids = [w.string(t) for t in texts]
    assert ids == list(range(len(texts)))
    # each hash is placed once, by its first string (the others under it are told apart by bytes)
    assert w._n_ids == len({hash_fn(t.encode("utf-8", "surrogatepass")) for t in texts})
    assert len(w._slot_sid) >= 2 * len(texts) or hash_fn is not hash  # grown, at most half full
    assert [w.string(t) for t in texts] == ids
    w._memo.clear()  # found again through the table, not the memo of the strings given lately
    assert [w.string(t) for t in texts] == ids
    assert [w.add_bytes(t.encode("utf-8", "surrogatepass")) for t in texts] == ids
    assert [w.text(i) for i in ids] == texts
    assert w.add_bytes(b"new") == len(texts)
    with pytest.raises(CorruptIndex):
        w.add_bytes(b"\xff\xfe")


def test_the_memo_of_recent_strings_emptied_when_full_changes_no_byte(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``_Writer.string`` remembers the ids of the strings it was given by the ``str`` and
    forgets them all past ``_MEMO_MAX``: emptied every few strings, the index is the same."""
    import errdex.match.index as index_module

    entries = synthetic_entries(400, seed=5)
    built = Index.build(entries, "g2").dumps()
    monkeypatch.setattr(index_module, "_MEMO_MAX", 3)
    assert Index.build(entries, "g2").dumps() == built


def test_round_trip_on_the_jax_catalogue(jax_db: str) -> None:
    with Store.open(jax_db, readonly=True) as store:
        entries = counted_entries(store)
        built = build_index(entries, str(store.generation()), class_bases(store))  # as the pipeline
        stored = unpack(store.get_artifact(ARTIFACT) or b"")
        assert stored == built.dumps()  # what the pipeline stored: the layout is deterministic
        loaded = Index.loads(stored)
        assert_same_index(built, loaded, entries)
        assert_same_answers(built, loaded, queries(entries, 120, seed=2))


def test_an_index_reads_from_a_memory_mapped_file(tmp_path: Path) -> None:
    """Any buffer will do, so a file shared by several processes can be mapped instead of read."""
    entries = synthetic_entries(300, seed=9)
    built = build_index(entries, "g1")
    path = tmp_path / "match.idx"
    with path.open("wb") as f:
        assert built.dump(f) == len(built.dumps())  # written section by section, the same bytes
    assert path.read_bytes() == built.dumps()
    with path.open("rb") as f:
        mapped = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
    loaded = Index.loads(mapped)
    assert_same_index(built, loaded, entries)
    assert_same_answers(built, loaded, queries(entries, 40, seed=3))


@pytest.mark.parametrize(
    "data",
    [b"\x80\x05\x95\x10\x00\x00\x00", b"ERRDEXMI\x07\x00\x00\x00\x00\x00\x00\x00", b"PK\x03\x04"],
    ids=["a pickle", "an older format", "anything else"],
)
def test_other_formats_are_refused_unread(data: bytes) -> None:
    with pytest.raises(IndexFormatError):
        Index.loads(data)


def _widget_catalogue(tmp_path: Path) -> str:
    """A catalogue of one module with one raise, indexed."""
    from errdex.pipeline import index

    src = tmp_path / "lib"
    src.mkdir()
    (src / "core.py").write_text(
        'def f(x):\n    raise ValueError(f"the widget {x} cannot be frobnicated twice")\n'
    )
    db = str(tmp_path / "c.db")
    index(str(src), db, jobs=1)
    return db


def test_an_index_from_another_errdex_version_is_rebuilt_without_a_warning(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Upgrading errdex changes how the index is built: the old artifact is replaced, silently
    (its layout is not even checked: it is not this version's to judge)."""
    db = _widget_catalogue(tmp_path)
    with Store.open(db) as store:
        older = build_index(store.iter_entries(), str(store.generation()))
        older.extra["runtime"] = "built-by-another-version"
        older._sec["p_segs"] = memoryview(b"")  # a section this version would call corrupt
        store.put_artifact(ARTIFACT, older.dumps())
        with caplog.at_level("WARNING"):
            matcher = Matcher.load(store)
        assert not caplog.records
        assert (
            matcher.explain("ValueError: the widget 7 cannot be frobnicated twice").matches[0].path
            == "core.py"
        )
        stored = store.get_artifact(ARTIFACT)
        assert (
            stored is not None and Index.loads(unpack(stored)).extra["runtime"] != "built-by-another-version"
        )


def test_the_stored_index_is_compressed_and_a_forged_frame_is_rebuilt(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The catalogue keeps the index zstd-compressed (processes map the per-machine file
    written from it); a frame that claims more than an index can hold, or is damaged, is
    never inflated: the index is rebuilt from the rows, with the one warning of a corrupt one."""
    import struct

    db = _widget_catalogue(tmp_path)
    with Store.open(db) as store:
        stored = store.get_artifact(ARTIFACT)
        built = build_index(store.iter_entries(), str(store.generation()), class_bases(store))
        assert stored is not None and stored[:4] == b"\x28\xb5\x2f\xfd"
        assert len(stored) * 2 < len(built.dumps()) and unpack(stored) == built.dumps()
        # a frame header stating 64 GB of content, then nothing: refused before any allocation
        bomb = b"\x28\xb5\x2f\xfd" + bytes([0xE0]) + struct.pack("<Q", 64 << 30)
        for forged in (bomb, stored[:20] + b"\0" * 20):
            store.put_artifact(ARTIFACT, forged)
            caplog.clear()
            with caplog.at_level("WARNING"):
                matcher = Matcher.load(store)
            assert any("corrupt" in r.getMessage() for r in caplog.records)
            assert (
                matcher.explain("ValueError: the widget 7 cannot be frobnicated twice").matches[0].path
                == "core.py"
            )
            assert unpack(store.get_artifact(ARTIFACT) or b"") == built.dumps()


def test_the_keys_a_message_hits_come_in_the_same_order_in_every_process(tmp_path: Path) -> None:
    # the keys are found through sets of strings, whose order follows the per-process string
    # hash; the candidates walk them and cap what they take, so the order must not depend on it
    import subprocess
    import sys

    script = (
        "from errdex.match import Matcher\n"
        "from errdex.match.verify import compact\n"
        "from errdex.model import CatalogueEntry, render_template\n"
        "words = [f'w{i:04d}x{i * 7 % 101:03d}' for i in range(3000)]\n"
        "es = [CatalogueEntry(key=i, error_id=f'id{i}', repo='o/r', version='1', snapshot_date=None,\n"
        "      kind='error', exc_type='ValueError', exc_qualname=None, template=t, segments=[t],\n"
        "      path='m.py', line=i, function='f') for i, t in enumerate(\n"
        "      ' '.join(words[j:j + 4]) + ' is not allowed here' for j in range(0, 2996, 4))]\n"
        "idx = Matcher.from_entries(es).index\n"
        "print(list(idx.hits(compact(' '.join(words[::37])))))\n"
    )
    runs = set()
    for seed in ("1", "2", "3", "4"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        out = subprocess.run(
            [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True
        )
        runs.add(out.stdout)
    assert len(runs) == 1 and len(runs.pop().split(",")) >= 10


def test_templates_are_derived_where_the_pattern_renders_them_and_stored_where_not() -> None:
    """A pattern keeps its literal segments once, as written, and an entry stores its template
    only when the pattern's segments and names do not render it: every entry still reads back
    its own template, and the pattern its words text, built, loaded or merged, whichever entry
    of a shared pattern came first. Segments the near-duplicates share are one pool string."""
    from errdex.match.index import NONE
    from errdex.match.shared_index import merge

    one = ["Bad \u201cmode\u201d for ", "name", ": expected ", "a", ""]
    cases = [
        (one, None),  # renders as stored: derived
        (["Bad  \u201cmode\u201d\tfor ", "name", ":  expected ", "a", ""], None),  # other spaces
        (['Bad "mode" for ', "name", ": expected ", "a", ""], None),  # straight quotes: same literals
        (["got ", "self.block_q=", " rows"], "got {self.block_q=} rows"),  # debug specifier
        (["first line\nsecond ", "x", ""], None),  # a line break kept as written
        (["expanded ", "n", " items"], "from a helper: {msg}"),  # expanded segments: stored
        ([" edge ", "v", " "], None),
        (["Bad \u201cmode\u201d for ", "name", ": expected two ", "a", ""], None),  # shares a segment
    ]
    entries = []
    for key, (segs, template) in enumerate(cases, 1):
        e = _entry(key, segs)
        if template is not None:
            e.template = template
        entries.append(e)
    built = Index.build(entries, "g")
    loaded = Index.loads(built.dumps())
    assert_same_index(built, loaded, entries)
    merged = merge([Index.build(entries[:3]), Index.build(entries[3:])], "g")
    assert [merged.entries[i][:E_PAT] for i in range(len(entries))] == [
        loaded.entries[i][:E_PAT] for i in range(len(entries))
    ]
    assert merged.dumps() == built.dumps()
    # the first three share one pattern; only the first renders from it (the others' spaces
    # and quotes differ from its segments)
    assert len({built.entry_pat[i] for i in range(3)}) == 1
    assert [t == NONE for t in built._sec["e_tmpl"]] == [True, False, False, False, True, False, True, True]
    assert loaded.patterns[built.entry_pat[4]].text == "first line second"
    # a pattern's words text is its first entry's literal segments with single spaces
    firsts: dict[int, CatalogueEntry] = {}
    for i, e in enumerate(entries):
        firsts.setdefault(built.entry_pat[i], e)
    for pid, e in firsts.items():
        segs = debug_specifiers_as_text(e.segments)[0::2]
        assert loaded.patterns[pid].text == " ".join(" ".join(x.split()) for x in segs if x.strip())
        assert loaded.patterns[pid].segs == tuple(segs)
    # "Bad “mode” for " is one string, listed by both patterns that start with it
    first = [built._sec["p_segs"][built._sec["p_segoff"][built.entry_pat[i]]] for i in (0, 7)]
    assert first[0] == first[1]


def test_the_first_entries_of_a_class_statement_or_path_are_read_without_the_rest() -> None:
    """A built-in class, a common statement or a file is shared by a share of every codebase, so
    its row grows with the catalogue; the matcher wants only its first few entries, and reading
    them must cost as much at 10M templates as at 10k, and give what a sliced full read gives."""
    entries = synthetic_entries(600, seed=13)
    idx = Index.loads(build_index(entries, "g5").dumps())
    everything = idx.type_entries("ValueError")
    assert len(everything) > 50
    for n in (0, 1, 7, len(everything), len(everything) + 5):
        assert idx.type_entries("ValueError", n) == everything[:n]
    assert idx.type_entries("NoSuchError", 3) == [] == idx.type_entries("NoSuchError")
    path = "lib/ops/shape.py"
    assert idx.paths.head(path, 4) == (idx.paths.get(path) or [])[:4] and idx.paths.head(path, 4)
    assert idx.paths.head("no/such.py", 4) == []
    # the row's ids past the limit are not even read: a damaged one there goes unnoticed
    table = idx.types._table
    row = idx.types.row("valueerror")
    assert row is not None
    a, b = table.offs[row], table.offs[row + 1]
    items = bytearray(table.items.cast("B"))
    items[4 * (b - 1) : 4 * b] = (0xFFFFFFF0).to_bytes(4, "little")
    table.items = memoryview(items).cast("I")
    assert idx.type_entries("ValueError", b - a - 1) == everything[: b - a - 1]
    with pytest.raises(CorruptIndex):
        idx.type_entries("ValueError")


class _Weighing(Index):
    """The real index, counting how many patterns a query weighs by key weight."""

    weighed = 0

    def weights(self, pids: Iterable[int], hit: dict[int, float]) -> list[float]:
        out = super().weights(pids, hit)
        self.weighed += len(out)
        return out


def test_a_cut_short_message_among_thousands_of_near_duplicates_weighs_a_bounded_number() -> None:
    """Near-duplicates sharing a beginning share its head, so a cut-short message has as many
    head candidates as the catalogue has copies; only ``HEAD_SCAN`` of them (and those under a
    rare key of the message) are weighed, and the source, far down the list, is still found by
    the rare key its own words make."""
    n = HEAD_SCAN + 600
    entries = [
        _entry(
            key,
            [f"Invalid value for the pipeline stage setting: mode w{key:05d}q is not supported by ", "x", ""],
        )
        for key in range(1, n + 1)
    ]
    idx = _Weighing.loads(build_index(entries, "g8").dumps())
    assert isinstance(idx, _Weighing)
    source = entries[n - 50]
    cut = render_template(source.segments)[:70]
    assert len(idx.head_candidates(compact(cut), idx.hits(compact(cut)))) == n  # one shared head
    top = Matcher(idx).explain(cut).matches[0]
    assert top.id == source.error_id and not top.approximate
    assert 0 < idx.weighed <= HEAD_SCAN + 100 < n  # (ten copies share a chunk of the tag)


_LEAD = "Invalid value for the pipeline stage setting: "


def _near_duplicates(n: int, seed: int, words: int) -> tuple[_Weighing, list[tuple[str, ...]]]:
    """An index of ``n`` templates sharing a head and differing in ``words`` words of four
    (drawn with ``seed``), and those words of each."""
    vocab = ["alpharay", "bravonet", "deltabox", "gammaray"]
    picked = random.Random(seed).sample(list(itertools.product(vocab, repeat=words)), n)
    entries = [
        _entry(key, [_LEAD + " ".join(w) + " is not supported by ", "x", ""])
        for key, w in enumerate(picked, 1)
    ]
    idx = _Weighing.loads(build_index(entries, "g8").dumps())
    assert isinstance(idx, _Weighing)
    return idx, picked


def test_the_heads_weighed_one_by_one_are_those_a_postings_bound_cannot_rule_out() -> None:
    """Thousands of near-duplicates share a head and differ in a few words: their weights are
    bounded from the rare keys' postings, and only the heads whose bound reaches the
    ``MAX_HEADS``-th are weighed pattern by pattern. The heads chosen, and their order, are
    those of weighing every head, with and without heads that frames lead to."""
    n = HEAD_SCAN + 900
    idx, picked = _near_duplicates(n, 3, 6)
    for said in (picked[7], picked[500], picked[n - 20]):
        cut = compact(_LEAD + " ".join(said) + " is not")
        seen = idx.hits(cut)
        hit = idx.hit_weights(seen)
        heads = list(dict.fromkeys(idx.head_candidates(cut, seen)))
        assert len(heads) == n
        # beyond HEAD_SCAN, the heads frames lead to and those a key of the message listing
        # HEAD_SCAN patterns or fewer lists
        offs, keys, koffs = idx._sec["k_postof"], idx._sec["p_keys"], idx._sec["p_keyoff"]
        rare = {k for k in seen if offs[k + 1] - offs[k] <= HEAD_SCAN}
        listed = {pid for pid in heads if rare.intersection(keys[koffs[pid] : koffs[pid + 1]].tolist())}
        assert MAX_HEADS < len(listed) < n
        for framed in ({}, dict.fromkeys(heads[::7], 0.2), dict.fromkeys(heads[:400], 0.2)):
            scanned = heads[:HEAD_SCAN] + [pid for pid in heads[HEAD_SCAN:] if pid in listed or pid in framed]
            full = heapq.nlargest(MAX_HEADS, scanned, key=lambda pid: (pid in framed, idx.weight(pid, hit)))
            idx.weighed = 0
            assert best_heads(idx, heads, seen, framed, hit) == full
            assert 0 < idx.weighed < len(scanned) // 2


@pytest.mark.parametrize("postings", [HEAD_POSTINGS, 0])
def test_heads_holding_the_same_keys_of_the_message_are_weighed_once(
    postings: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Hundreds of near-duplicates share a head (fewer than ``HEAD_SCAN``, so every one is a
    candidate): which keys of the message each holds is read from those keys' postings, and one
    head of each set is weighed, since every pattern adds its keys' weights in one order. The
    heads chosen, and their order, are those of weighing every head, with and without heads
    that frames lead to; with the postings over budget (0 here), each head is weighed as
    before, to the same list."""
    monkeypatch.setattr("errdex.match.candidates.HEAD_POSTINGS", postings)
    n = MAX_HEADS + 400
    idx, picked = _near_duplicates(n, 5, 5)
    offs, keys, koffs = idx._sec["k_postof"], idx._sec["p_keys"], idx._sec["p_keyoff"]
    for said in (picked[3], picked[300], picked[n - 9]):
        cut = compact(_LEAD + " ".join(said) + " is not")
        seen = idx.hits(cut)
        hit = idx.hit_weights(seen)
        heads = list(dict.fromkeys(idx.head_candidates(cut, seen)))
        assert MAX_HEADS < len(heads) == n <= HEAD_SCAN
        held = {
            pid: frozenset(seen.intersection(keys[koffs[pid] : koffs[pid + 1]].tolist())) for pid in heads
        }
        # the rule the weighing rests on: the same keys of the message, the same weight
        by_set: dict[frozenset[int], set[float]] = {}
        for pid in heads:
            by_set.setdefault(held[pid], set()).add(idx.weight(pid, hit))
        assert all(len(ws) == 1 for ws in by_set.values()) and 1 < len(by_set) < n // 4
        assert sum(offs[k + 1] - offs[k] for k in seen) <= HEAD_POSTINGS * n
        for framed in ({}, dict.fromkeys(heads[::5], 0.2), dict.fromkeys(heads[:300], 0.2)):
            full = heapq.nlargest(MAX_HEADS, heads, key=lambda pid: (pid in framed, idx.weight(pid, hit)))
            idx.weighed = 0
            assert best_heads(idx, heads, seen, framed, hit) == full
            assert idx.weighed == (len(by_set) if postings else n)


def test_the_kth_largest_counted_by_value_is_heapqs() -> None:
    """``kth_largest`` counts each distinct value instead of stepping through every one: the
    ``k``-th largest counting equal values each, the smallest when there are fewer than ``k``,
    as ``heapq.nlargest(k, values)[-1]``, on lists of a few distinct sums (near-duplicate heads)
    and of all distinct ones."""
    rng = random.Random(12)
    for _ in range(400):
        size = rng.randrange(1, 3000)
        distinct = [rng.uniform(0, 40) for _ in range(rng.choice((1, 3, 8, size)))]
        values = [rng.choice(distinct) for _ in range(size)]
        for k in (1, 2, rng.randrange(1, size + 1), MAX_HEADS, size, size + 5):
            assert kth_largest(values, k) == heapq.nlargest(k, values)[-1]
    with pytest.raises(IndexError):
        kth_largest([], MAX_HEADS)


def test_beyond_the_postings_budget_the_heads_bounded_are_those_of_weighing_every_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With the message's keys over the postings budget (0 here) and more than ``HEAD_SCAN``
    heads, ``best_heads`` bounds them by their rare keys (``Index.key_sums``) and weighs those
    whose bound reaches the ``MAX_HEADS``-th (``_reaching``, its cut now ``kth_largest``): the
    heads chosen and their order are those of weighing every head scanned, with and without
    heads frames lead to. A key of the message listed by more than ``HEAD_SCAN`` patterns (here
    the opening words every copy shares) is read into the bound too (``Index.key_sums`` with a budget)
    instead of lifting every head's bound by its weight: fewer heads are weighed one by one
    than with only the rare keys read (``_WIDE`` 1), to the same heads."""
    monkeypatch.setattr("errdex.match.candidates.HEAD_POSTINGS", 0)
    n = HEAD_SCAN + 600
    idx, picked = _near_duplicates(n, 3, 6)
    offs, keys, koffs = idx._sec["k_postof"], idx._sec["p_keys"], idx._sec["p_keyoff"]
    for said in (picked[11], picked[n - 40]):
        cut = compact(_LEAD + " ".join(said) + " is not")
        seen = idx.hits(cut)
        hit = idx.hit_weights(seen)
        assert any(HEAD_SCAN < offs[k + 1] - offs[k] <= 8 * HEAD_SCAN for k in seen)  # the shared words
        heads = list(dict.fromkeys(idx.head_candidates(cut, seen)))
        rare = {k for k in seen if offs[k + 1] - offs[k] <= HEAD_SCAN}
        listed = {pid for pid in heads if rare.intersection(keys[koffs[pid] : koffs[pid + 1]].tolist())}
        for framed in ({}, dict.fromkeys(heads[::9], 0.2), dict.fromkeys(heads[:300], 0.2)):
            scanned = heads[:HEAD_SCAN] + [pid for pid in heads[HEAD_SCAN:] if pid in listed or pid in framed]
            full = heapq.nlargest(MAX_HEADS, scanned, key=lambda pid: (pid in framed, idx.weight(pid, hit)))
            weighed = []
            for wide in (1, 8):
                monkeypatch.setattr("errdex.match.candidates._WIDE", wide)
                idx.weighed = 0
                assert best_heads(idx, heads, seen, framed, hit) == full
                weighed.append(idx.weighed)
            assert 0 < weighed[1] < len(scanned)
            # (frames leading to ``MAX_HEADS`` heads or more: only those are weighed, either way)
            assert weighed[1] < weighed[0] or len(framed) >= MAX_HEADS, weighed


def _walked_site_bound(idx: Index, ranker: Ranker, pid: int) -> tuple[bool, float, float]:
    """``Ranker._site_bound`` of an ungrouped pattern as a walk of every entry (the rule the
    column read must give exactly)."""
    any_pointed, tw, privacy, called = False, -1.0, -1.0, False
    for ei in idx.patterns[pid].entries:
        repo, site = idx.entry_facts(ei)
        if ranker.repo and repo != ranker.repo:
            continue
        any_pointed = any_pointed or not ranker.ev.pointed or repo in ranker.ev.pointed
        tw = max(tw, ranker._site_relation(site)[0])  # an alias agrees as the class printed
        privacy = site.privacy if privacy < 0 else min(privacy, site.privacy)
        called = called or idx.entry_called(ei)
    # the bound assumes a word of the message may name the site's function (``FUNCTION_NAMED``):
    # whether one does is known only per query and entry, after the bound is read
    bonus = PUBLIC / (1 + privacy) + (CALLED if called else 0.0) + FUNCTION_NAMED if privacy >= 0 else 0.0
    return any_pointed, tw, bonus


def test_a_patterns_site_bound_read_from_its_sites_is_the_walk_of_its_entries() -> None:
    """The bound of a pattern's entries (codebase pointed to, type evidence, public and called
    site) is read from their distinct sites and snapshots (``Index.site_summary``), each decoded
    once, not from each entry: a pattern's entries are copies of a few raises across snapshots.
    It must be what walking every entry gives, for each codebase asked and pointed to."""
    # some functions the library calls by name (the tie-break's other half)
    entries = [dataclasses.replace(e, called=e.key % 7 == 3) for e in synthetic_entries(900, seed=17)]
    idx = Index.loads(build_index(entries, "g6").dumps())
    pids = [pid for pid in range(idx.n_patterns) if pid not in idx.groups]
    assert max(len(idx.patterns[pid].entries) for pid in pids) > 20
    compared = 0
    for types, pointed, repo in itertools.product(
        ([], ["ValueError"], ["ShapeError"]), (set(), {"acme/other"}, {"nobody/else"}), (None, "acme/lib")
    ):
        fev = FrameEvidence(FrameInfo([], [], None, None))
        ranker = Ranker(idx, Evidence(types, fev, pointed), repo, 10)
        for pid in pids:
            assert ranker._site_bound(pid) == _walked_site_bound(idx, ranker, pid), (
                pid,
                types,
                pointed,
                repo,
            )
            compared += 1
    assert compared > 1000
    # an entry of a snapshot the index does not hold is found out as a walk would find it
    col = idx._ecols[2]
    snaps = array(col.format, col.tolist())
    snaps[0] = len(idx._sec["snp_repo"])
    idx._ecols = (*idx._ecols[:2], memoryview(snaps), *idx._ecols[3:])
    with pytest.raises(CorruptIndex):
        idx.site_summary([0, 1])
