"""The lookup keys of file contents as sets shared between contents (schema v13).

A lookup across files ("who calls ``f``") finds the file contents holding a key. A content's
keys are sets stored once each by digest (``key_sets``, ``set_keys``) and linked to the contents
holding them (``fact_sets``). A changed file keeps most of its keys (~97% across jax releases),
so a new content of a path links the sets of the path's previous content (its base) and one set
of the keys it adds, instead of a row per key. The keys its edit removed stay in the base's sets:
a content's sets hold a superset of its keys, which the readers filter by the values they read
anyway (``facts``). The superset is bounded: past ``_MAX_LINKS`` sets, or more stale keys than
``_stale_limit`` allows, a content starts over with one set of its own keys.

A content's references (``KEY_REF``, kept in no value) are a set of their own, shared by digest
between contents holding the same references (``write_keys``).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from operator import itemgetter

from sqlalchemy import Column, Connection, Integer, MetaData, Table, Text, delete, exists, func, select, text
from sqlalchemy.sql.elements import ColumnElement

from errdex.model import CodeFacts
from errdex.store import factblobs, factdeltas
from errdex.store import schema as s
from errdex.store.copy import insert_rows, select_in

__all__ = ["V12_FACT_KEYS", "KeyMemo", "drop_keys_of", "migrate_fact_keys", "own_keys", "write_keys"]

# ``fact_keys`` as schema v10 to v12 had it: each key of each file content a row
V12 = MetaData()
V12_FACT_KEYS = Table(
    "fact_keys", V12,
    Column("kind", Integer, primary_key=True), Column("key", Text, primary_key=True),
    Column("fact_id", Integer, primary_key=True),
    sqlite_with_rowid=False,
)  # fmt: skip

_MAX_LINKS = 12  # sets a content links at most (each generation of edits adds one)

Pair = tuple[int, str]


def _stale_limit(keys: int) -> int:
    """How many keys a content's sets may hold beyond its own: each costs a lookup that finds
    the file for that key a read of one file's value, no wrong answer."""
    return 8 + keys // 4


def _set_ids(conn: Connection, digests: Collection[str]) -> dict[str, int]:
    k = s.key_sets
    return {str(d): int(i) for d, i in select_in(conn, (k.c.digest, k.c.id), k.c.digest, digests)}


def own_keys(conn: Connection, fact_ids: Collection[int]) -> dict[int, set[Pair]]:
    """fact id -> the (kind, key) pairs of the content's own facts, read from its values."""
    c = s.code_facts
    wanted = sorted(fact_ids)
    rows: list[tuple[object, ...]] = []
    for i in range(0, len(wanted), 500):
        rows += map(tuple, conn.execute(select(c.c.id, c.c.imports, c.c.functions, c.c.calls).where(
            c.c.id.in_(wanted[i : i + 500]))))  # fmt: skip
    out: dict[int, set[Pair]] = {}
    values: dict[int, list[object]] = {int(r[0]): list(r[1:]) for r in rows}  # type: ignore[call-overload]
    for n, column in enumerate(("imports", "functions", "calls")):
        rebuilt = factdeltas.with_bases(conn, [(v[n], fid) for fid, v in values.items()], column)
        for value, fid in rebuilt:
            values[int(fid)][n] = value
    for fid, (imports, functions, calls) in values.items():
        f = CodeFacts()
        f.imports = factblobs.decode(imports, factblobs.import_row)  # type: ignore[arg-type]
        f.functions = factblobs.decode(functions, factblobs.function_row)  # type: ignore[arg-type]
        f.calls = factblobs.decode(calls, factblobs.call_row)  # type: ignore[arg-type]
        out[fid] = factblobs.keys(f)
    return out


class KeyMemo:
    """The own keys (``own_keys``) of the file contents one writer stored lately, by producer
    and blob sha: the bases the next release's changed files link (``write_keys``).

    A base is mostly the content its path had in the release written just before, which the
    same writer of a history run stored a moment ago from the facts it held; ``own_keys`` read
    it back, rebuilt its differences, inflated and decoded its JSON and made its keys again,
    each release (~0.1 s of jax's ~0.4 s of code facts). A content's facts are a function of its
    bytes and the producer, so an entry is right whatever transaction stored it (one rolled back
    too: the next write stores the same facts). The keys held in values are the content's keys
    but its references (``KEY_REF``, kept in no value): exactly what ``own_keys`` gives.
    Bounded (``_MEMO_CONTENTS``, the oldest stored first out); a content not held is read as
    before.
    """

    def __init__(self, capacity: int = 0) -> None:
        self._capacity = capacity or _MEMO_CONTENTS
        self._held: dict[tuple[str, str], frozenset[Pair]] = {}

    def put(self, producer: str, keys: Mapping[str, Collection[Pair]]) -> None:
        """Hold the keys (blob sha -> ``factblobs.keys``) of contents just stored."""
        for sha, pairs in keys.items():
            self._held.pop((producer, sha), None)
            self._held[(producer, sha)] = frozenset(p for p in pairs if p[0] != factblobs.KEY_REF)
        for stale in list(self._held)[: max(0, len(self._held) - self._capacity)]:
            del self._held[stale]

    def get(self, producer: str, sha: str) -> frozenset[Pair] | None:
        """The content's own keys, if held."""
        return self._held.get((producer, sha))


# contents a ``KeyMemo`` holds: the files of a large codebase's release and the changed files
# of several releases after it (5 jax releases store 1,173 contents, ~116 keys each: ~16 MB held)
_MEMO_CONTENTS = 2048


def _links(conn: Connection, fact_ids: Collection[int]) -> dict[int, list[tuple[int, int]]]:
    """fact id -> (set id, size) of each set the content links."""
    fs, ks = s.fact_sets, s.key_sets
    wanted = sorted(fact_ids)
    out: dict[int, list[tuple[int, int]]] = {}
    for i in range(0, len(wanted), 500):
        q = select(fs.c.fact_id, fs.c.set_id, ks.c.size).join(ks, ks.c.id == fs.c.set_id)
        for fid, sid, size in conn.execute(q.where(fs.c.fact_id.in_(wanted[i : i + 500]))):
            out.setdefault(int(fid), []).append((int(sid), int(size)))
    return out


def _ref_counts(conn: Connection, sids: Collection[int]) -> dict[int, int]:
    """set id -> how many references (``KEY_REF``) the set holds, of those holding any: one
    range of ``set_keys``' key (kind first), the set ids filtered in it."""
    sk = s.set_keys
    wanted = sorted(sids)
    out: dict[int, int] = {}
    for i in range(0, len(wanted), 500):
        q = select(sk.c.set_id, func.count()).where(
            sk.c.kind == factblobs.KEY_REF, sk.c.set_id.in_(wanted[i : i + 500])
        )
        out.update((int(sid), int(n)) for sid, n in conn.execute(q.group_by(sk.c.set_id)))
    return out


def _plan(
    own: set[Pair], shared: list[tuple[int, int]], base_pairs: Collection[Pair]
) -> tuple[list[int], list[frozenset[Pair]]]:
    """The sets a content links: its base's (``shared``, the references' set left out) and one
    of the keys it adds, or one set of its own keys; and a set of its references alone."""
    refs = frozenset(p for p in own if p[0] == factblobs.KEY_REF)
    plain = own - refs
    ref_set = [refs] if refs else []
    if shared and len(shared) < _MAX_LINKS:
        added = plain - set(base_pairs)
        stale = sum(size for _, size in shared) - (len(plain) - len(added))
        if stale <= _stale_limit(len(plain)):
            return [sid for sid, _ in shared], [frozenset(added), *ref_set] if added else ref_set
    return [], [frozenset(plain), *ref_set] if plain else ref_set


def write_keys(
    conn: Connection,
    keys: Mapping[int, Collection[Pair]],
    bases: Mapping[int, int] | None = None,
    base_keys: Mapping[int, Collection[Pair]] | None = None,
) -> None:
    """Link each file content (by ``code_facts`` id) to sets holding its (kind, key) pairs,
    storing the sets no content holds yet. ``bases``: fact id -> the stored content whose sets
    it may share (its path's previous content); ``base_keys``: those contents' own pairs where
    the caller has them (else they are read from their values).

    A content's references (``KEY_REF``) are a set of their own, named by its digest like every
    set: kept in no value, they could not be told from a base's stale ones, so a content links
    exactly its own, and a changed file whose references did not change links the set its base
    links (until hist33 a changed file's added set held all of its references again, release
    after release: 20 jax releases' ``set_keys`` 1.6 MB at stop 39 -> 4.9 MB). A base's set of
    references alone is not shared; one mixing kinds (written before) is, as any set."""
    bases = {fid: b for fid, b in (bases or {}).items() if fid in keys and b != fid}
    links = _links(conn, set(bases.values()))
    refs = _ref_counts(conn, {sid for sets in links.values() for sid, _ in sets})
    links = {b: [(sid, n) for sid, n in sets if refs.get(sid) != n] for b, sets in links.items()}
    known = dict(base_keys or {})
    known.update(own_keys(conn, {b for b in bases.values() if links.get(b) and b not in known}))
    plans: dict[int, tuple[list[int], list[frozenset[Pair]]]] = {}
    for fid, pairs in keys.items():
        base = bases.get(fid)
        shared = links.get(base, []) if base is not None else []
        plans[fid] = _plan(set(pairs), shared, known.get(base, ()) if base is not None else ())
    # each content's own sets digested once: the digest names a set here and links it below
    digests = {fid: [factblobs.set_digest(p) for p in extra] for fid, (_, extra) in plans.items()}
    new_sets = {d: p for fid, (_, extra) in plans.items() for d, p in zip(digests[fid], extra, strict=True)}
    ids = _set_ids(conn, list(new_sets))
    missing = sorted(new_sets.keys() - ids.keys())
    if missing:
        insert_rows(conn, s.key_sets, [(d, len(new_sets[d])) for d in missing], skip=("id",))
        ids.update(_set_ids(conn, missing))
        # in key order: the rows go to the end of the b-tree's runs of each key instead of all over it.
        # Sorted by (kind, key, set) as two stable sorts of rows made in set order (a set holds a
        # pair once): a sort of the tuples themselves compared ~40k of them by their small kinds first
        keyed = [
            (kind, key, sid) for sid, d in sorted((ids[d], d) for d in missing) for kind, key in new_sets[d]
        ]
        keyed.sort(key=itemgetter(1))
        keyed.sort(key=itemgetter(0))
        insert_rows(conn, s.set_keys, keyed)
    rows = {
        (sid, fid)
        for fid, (shared_ids, _) in plans.items()
        for sid in [*shared_ids, *(ids[d] for d in digests[fid])]
    }
    insert_rows(conn, s.fact_sets, sorted(rows))


def drop_keys_of(conn: Connection, fact_ids: ColumnElement[int]) -> None:
    """Unlink these file contents from their sets, and drop the sets no content holds any more
    (before the contents' ``code_facts`` rows go: the links refer to them)."""
    fs, sk, ks = s.fact_sets, s.set_keys, s.key_sets
    conn.execute(delete(fs).where(fs.c.fact_id.in_(fact_ids)))
    orphan = select(ks.c.id).where(~exists().where(fs.c.set_id == ks.c.id)).scalar_subquery()
    conn.execute(delete(sk).where(sk.c.set_id.in_(orphan)))
    conn.execute(delete(ks).where(ks.c.id.in_(orphan)))


def migrate_fact_keys(conn: Connection) -> None:
    """Schema v12 -> v13: every content's rows of ``fact_keys`` become its links to sets, each
    codebase's contents in the order its snapshots first hold them, so that a changed file
    shares the sets of its path's previous content as the writer makes it; ``fact_keys`` goes."""
    keys: dict[int, set[Pair]] = {}
    for fid, kind, key in conn.execute(text("SELECT fact_id, kind, key FROM fact_keys")).all():
        keys.setdefault(int(fid), set()).add((int(kind), str(key)))
    order, bases = _first_seen(conn, keys)
    # a generation at a time: a content's base is written before it
    depth: dict[int, int] = {}
    for fid in order:
        depth[fid] = depth[bases[fid]] + 1 if fid in bases else 0
    for level in sorted(set(depth.values())):
        batch = [fid for fid in order if depth[fid] == level]
        write_keys(conn, {fid: keys[fid] for fid in batch}, bases, keys)
    rest = keys.keys() - depth.keys()  # contents no snapshot holds (bases of differences)
    if rest:
        write_keys(conn, {fid: keys[fid] for fid in sorted(rest)})
    conn.execute(text("DROP TABLE fact_keys"))


def _first_seen(conn: Connection, keys: Mapping[int, object]) -> tuple[list[int], dict[int, int]]:
    """The contents with keys in the order snapshots first hold them (by codebase, then
    snapshot), and each one's base: the content its path had in the codebase before."""
    order: list[int] = []
    seen: set[int] = set()
    bases: dict[int, int] = {}
    last: dict[tuple[int, str], int] = {}
    rows = conn.execute(
        text(
            "SELECT sn.repo_id, m.path, m.fact_id FROM modules m JOIN snapshots sn ON sn.id = m.snapshot_id "
            "ORDER BY sn.repo_id, sn.id, m.path"
        )
    )
    for repo, path, fid in rows:
        fid, where = int(fid), (int(repo), str(path))
        if fid in keys and fid not in seen:
            previous = last.get(where)
            if previous is not None and previous != fid:
                bases[fid] = previous
            order.append(fid)
            seen.add(fid)
        last[where] = fid
    return order, bases
