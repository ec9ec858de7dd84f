"""The catalogue's history side as the writer stores it: shared occurrence storage, runs of
releases, and the extraction cache.

The SQL of the history features lives here rather than in ``sql``: the functions take an open
connection (writes run inside ``Store.write_snapshot``'s transaction) or, to read the extraction
cache, anything holding the catalogue's engine. The reads of releases and lineages over a
``Store`` are ``store.releases``: ``sql`` imports this module, so it imports nothing of ``sql``.
"""

from __future__ import annotations

import hashlib
import threading
import zlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from sqlalchemy import Integer, and_, delete, exists, func, select, update
from sqlalchemy.engine import Connection

from errdex.jsontext import encoder
from errdex.model import ErrorRecord
from errdex.store import parallel
from errdex.store import schema as s
from errdex.store.copy import (
    driver_cursor,
    insert_dicts,
    insert_keys_with,
    insert_returning_ids,
    insert_rows,
    insert_values,
    intern_ids,
    select_in,
)
from errdex.store.errors import StoreError

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine


class HasEngine(Protocol):
    """What the extraction cache's read needs of a ``Store``."""

    @property
    def engine(self) -> Engine: ...


__all__ = [
    "Built",
    "WriterMemo",
    "occurrence_digest",
]


# ``json.dumps``'s text with these options, its encoder made once (``jsontext``)
_digest_json = encoder(ensure_ascii=False, separators=(",", ":"))


def occurrence_digest(body: Mapping[str, Any]) -> str:
    """Identity of an occurrence's body: equal bodies in two releases are one row."""
    key = _digest_json([body[c] for c in s.BODY_COLUMNS])
    return hashlib.blake2b(key.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()


def _body(r: ErrorRecord) -> dict[str, Any]:
    return {
        "error_id": r.id,
        "level": r.level,
        "exc_bases": list(r.exc_bases),
        "expanded_segments": list(r.expanded_segments),
        "guards": list(r.guards),
        "comments": list(r.comments),
        "docstring": r.docstring,
        "relay": bool(r.relay),
    }


def _body_key(r: ErrorRecord) -> tuple[Any, ...]:
    """A record's body (``_body``) as one hashable value: equal keys are equal bodies."""
    return (r.id, r.level, tuple(r.exc_bases), tuple(r.expanded_segments), tuple(r.guards),
            tuple(r.comments), r.docstring, bool(r.relay))  # fmt: skip


# a text (or extraction entry) as ``textdelta.rebuild_all`` gives it: (text, steps from one
# stored whole, the sha of its base)
Built = tuple[bytes, int, str | None]


@dataclass
class _Staged:
    """What a transaction under way learnt that is sure only once it commits."""

    symbols: dict[str, int] = field(default_factory=dict)
    texts: dict[str, Built] = field(default_factory=dict)
    entries: dict[tuple[str, str, str], Built] = field(default_factory=dict)


class WriterMemo:
    """What one writer (a ``Store``) worked out for the releases it stored, for the next ones.

    A run of releases of one codebase writes mostly the same records and names each release:
    every record's body was serialised and hashed again (``occurrence_digest``, ~8,700 for a
    jax release) and every name (~30k) interned again, to find the rows stored a release
    before; and a changed file's text and extraction entry are stored as differences from the
    path's previous ones (``textdelta``), which were read back and rebuilt along their chains
    although this writer stored them a release before. A digest is a function of the body
    alone, so one held is right whatever happened to the transaction that made it. A name's id,
    and a text's form (how many differences from one stored whole, against which base), are
    sure only once the transaction that stored them committed (a rolled-back one hands its ids
    to the next insert; another writer may store the same text in another form): they are
    staged while a snapshot is written and held only after its commit (``commit``). Names and
    blobs are never deleted, and entries only with their extractor (held by producer), so what
    is held stays true. All bounded, the oldest first out; what is not held is computed or read
    as before.
    """

    def __init__(self, capacity: int = 0, text_bytes: int = 0) -> None:
        self._capacity = capacity or _MEMO_VALUES
        self._text_bytes = text_bytes or _MEMO_TEXT_BYTES
        self._digests: dict[tuple[Any, ...], str] = {}
        self._symbols: dict[str, int] = {}
        self.texts: dict[str, Built] = {}  # blob sha -> the text as stored
        self._entries: dict[tuple[str, str, str], Built] = {}  # (producer, sha, path) -> entry
        self._local = threading.local()  # each thread's transaction stages its own

    def _staged(self) -> _Staged:
        staged: _Staged | None = getattr(self._local, "staged", None)
        if staged is None:
            staged = self._local.staged = _Staged()
        return staged

    def digests(self, records: Sequence[ErrorRecord]) -> list[str]:
        """``occurrence_digest`` of each record's body, those held taken as they are."""
        out: list[str] = []
        for r in records:
            key = _body_key(r)
            try:
                digest = self._digests.get(key)
            except TypeError:  # a value no record of the extractor's holds (typed lists of text)
                out.append(occurrence_digest(_body(r)))
                continue
            if digest is None:
                digest = self._digests[key] = occurrence_digest(_body(r))
            out.append(digest)
        _trim(self._digests, self._capacity)
        return out

    def symbol_ids(self, names: Iterable[str]) -> dict[str, int]:
        """name -> id of those of ``names`` whose ids a committed write of this writer interned."""
        held = self._symbols
        # the names both hold found at C speed (a release's ~30k names against ~130k held)
        found = held.keys() & (names if isinstance(names, set | frozenset) else set(names))
        return {n: held[n] for n in found}

    def stage_symbols(self, ids: Mapping[str, int]) -> None:
        """Ids interned in the transaction under way, held once it commits."""
        self._staged().symbols.update(ids)

    def entries(self, producer: str) -> dict[tuple[str, str], Built]:
        """(blob sha, path) -> extraction entry (inflated) of the entries by ``producer`` held."""
        return {(sha, path): e for (p, sha, path), e in self._entries.items() if p == producer}

    def stage_text(self, sha: str, built: Built) -> None:
        """A blob's text stored in the transaction under way."""
        self._staged().texts[sha] = built

    def stage_entry(self, producer: str, sha: str, path: str, built: Built) -> None:
        """An extraction entry (inflated) stored in the transaction under way."""
        self._staged().entries[(producer, sha, path)] = built

    def commit(self) -> None:
        """The transaction that staged what it stored committed: hold it."""
        staged = self._staged()
        self._symbols.update(staged.symbols)
        self.texts.update(staged.texts)
        self._entries.update(staged.entries)
        self._local.staged = None
        _trim(self._symbols, self._capacity)
        _trim_bytes(self.texts, self._text_bytes // 2)
        _trim_bytes(self._entries, self._text_bytes // 2)

    def discard(self) -> None:
        """The transaction rolled back: what it staged may be no one's (or stored otherwise)."""
        self._local.staged = None


# values a ``WriterMemo`` holds of each kind: a large codebase's release has ~30k names and
# ~9k record bodies, and a release adds a few hundred of each (~10 MB held at the bound)
_MEMO_VALUES = 1 << 17
# bytes of texts and entries held: jax's changed files are ~8 MB of text a release, so the
# previous texts of several releases' changes
_MEMO_TEXT_BYTES = 64 << 20


def _trim(held: dict[Any, Any], capacity: int) -> None:
    """The oldest entries of ``held`` dropped past ``capacity``."""
    if len(held) <= capacity:
        return
    for stale in list(held)[: len(held) - capacity]:
        del held[stale]


def _trim_bytes(held: dict[Any, Built], capacity: int) -> None:
    """The oldest texts of ``held`` dropped until the rest hold at most ``capacity`` bytes."""
    total = sum(len(b[0]) for b in held.values())
    for key in list(held):
        if total <= capacity:
            break
        total -= len(held.pop(key)[0])


def write_occurrences(
    conn: Connection, snap_id: int, records: Sequence[ErrorRecord], memo: WriterMemo | None = None
) -> None:
    """Each record's body once in the catalogue, and its place in this snapshot (the bodies'
    digests from ``memo`` where it holds them; a body is made into a row only when its digest
    is not stored yet)."""

    digests = memo.digests(records) if memo is not None else [occurrence_digest(_body(r)) for r in records]
    known = _ids_by(conn, s.occurrence_bodies.c.digest, s.occurrence_bodies.c.id, digests)
    new: dict[str, dict[str, Any]] = {}  # in the records' order: the order of the new rows' ids
    for d, r in zip(digests, records, strict=True):
        if d not in known and d not in new:
            new[d] = _body(r)
    if new:
        insert_dicts(conn, s.occurrence_bodies, [{"digest": d, **b} for d, b in new.items()])
        known.update(_ids_by(conn, s.occurrence_bodies.c.digest, s.occurrence_bodies.c.id, new))
    places = [
        (
            known[d],
            snap_id,
            r.line,
            r.end_line - r.line,
            r.line - r.window_start,
            r.window_end - r.end_line,
        )
        for d, r in zip(digests, records, strict=True)
    ]
    if conn.dialect.name != "sqlite":  # the sequence numbers them
        insert_rows(conn, s.occurrence_places, places, skip=("id",))
        return
    # a table keyed (snapshot, id) has no rowid: its ids go on from the greatest stored, as the
    # rowid did (one writer at a time on SQLite)
    top = int(conn.execute(select(func.coalesce(func.max(s.occurrence_places.c.id), 0))).scalar_one())
    insert_rows(conn, s.occurrence_places, [(top + i, *p) for i, p in enumerate(places, 1)])


def write_symbols(
    conn: Connection, snap_id: int, names: Iterable[str], memo: WriterMemo | None = None
) -> None:
    """The snapshot's names, each once in ``symbol_names``, held through runs of releases.
    Names whose ids ``memo`` holds are not looked up: stored names are interned in name order
    either way, so the rows and ids are the same."""

    wanted = set(names)
    if not wanted:
        return
    held = memo.symbol_ids(wanted) if memo is not None else {}
    rest = wanted - held.keys()
    if len(rest) > _FEW_NAMES:  # a writer's first release of a codebase (one release added)
        before = _names_before(conn, snap_id)
        held.update((n, before[n]) for n in rest & before.keys())
        rest -= before.keys()
    ids = _interned(conn, rest) if rest else {}
    if memo is not None:
        memo.stage_symbols(ids)
    ids.update(held)
    # ``ids`` holds exactly the ``wanted`` names (held, read before or interned)
    _write_runs(conn, s.symbol_runs, snap_id, ids.values())


# past this many names not held by the writer, those of the codebase's release before are read
# first (``_names_before``): one release's names are ~30k for jax, and a release has a few new
_FEW_NAMES = 1000


def _names_before(conn: Connection, snap_id: int) -> dict[str, int]:
    """name -> id of the names the snapshot of the codebase stored just before ``snap_id`` holds
    (its ``symbol_runs`` ending there), read in one join. A release keeps nearly all the names of
    the one before: a writer that holds none of them (``WriterMemo``: a fresh process adding
    one release) then interns only the few new ones, where ``intern_ids`` looked every one of
    the release's ~30k names up in ``symbol_names`` (jax 0.12.0.1: 0.07 s of a ~3 s add). Names
    are never deleted and a name's id never changes, so the ids, and the rows written, are the
    ones interning them all gives; those the release before did not hold are interned as before
    (in name order: the same new rows and ids)."""
    sn, r, n = s.snapshots, s.symbol_runs, s.symbol_names
    found = conn.execute(select(sn.c.repo_id).where(sn.c.id == snap_id)).scalar()
    if found is None:
        return {}
    repo_id = int(found)
    before = snapshot_before(conn, repo_id, snap_id)
    if before is None:
        return {}
    if conn.dialect.name == "sqlite":  # ~30k rows: the driver's tuples, no row objects
        cur = driver_cursor(conn)
        try:
            cur.execute(
                f"SELECT n.{n.c.name.name}, n.{n.c.id.name} FROM {r.name} r JOIN {n.name} n"
                f" ON n.{n.c.id.name} = r.{r.c.name_id.name} WHERE r.{r.c.repo_id.name} = ?"
                f" AND r.{r.c.last_id.name} = ?",
                (repo_id, before),
            )
            return dict(cur.fetchall())
        finally:
            cur.close()
    rows = conn.execute(
        select(n.c.name, n.c.id)
        .select_from(r.join(n, n.c.id == r.c.name_id))
        .where(r.c.repo_id == repo_id, r.c.last_id == before)
    )
    return {str(name): int(i) for name, i in rows}


def _interned(conn: Connection, wanted: set[str]) -> dict[str, int]:
    """name -> id of each of ``wanted`` in ``symbol_names``, those not stored yet inserted
    in name order."""
    interned = intern_ids(conn, s.symbol_names, wanted)
    if interned is not None:
        return interned
    ids = _ids_by(conn, s.symbol_names.c.name, s.symbol_names.c.id, wanted)
    new = sorted(wanted - ids.keys())
    if new:
        returned = insert_returning_ids(conn, s.symbol_names, new)
        if returned is not None:
            ids.update(returned)
        else:
            insert_rows(conn, s.symbol_names, [(n,) for n in new], skip=("id",))
            ids.update(_ids_by(conn, s.symbol_names.c.name, s.symbol_names.c.id, new))
    return ids


def write_errors(conn: Connection, snap_id: int, error_ids: Iterable[str]) -> None:
    """The snapshot's errors, held through runs of releases (``snapshot_errors`` reads each
    one's line from the snapshot's occurrences)."""
    _write_runs(conn, s.error_runs, snap_id, error_ids)


def delete_snapshot_rows(conn: Connection, snap_id: int) -> None:
    """A snapshot's places, symbols and errors, then bodies no snapshot holds any more. Runs of
    releases are cut at the snapshot, so that none spans its id (SQLite may hand the id of the
    newest snapshot to the next one stored)."""
    b, p = s.occurrence_bodies, s.occurrence_places
    # only a body this snapshot held can lose its last place
    held = conn.execute(select(p.c.body_id).where(p.c.snapshot_id == snap_id).distinct()).scalars().all()
    conn.execute(delete(p).where(p.c.snapshot_id == snap_id))
    for table in (s.symbol_runs, s.error_runs, s.file_runs):
        cut_runs(conn, table, snap_id)
    ids, other = sorted(int(i) for i in held), b.alias("held")
    for i in range(0, len(ids), 500):
        kept = select(other.c.id).select_from(body_places(other)).where(other.c.id == b.c.id)
        conn.execute(delete(b).where(b.c.id.in_(ids[i : i + 500]), ~kept.exists()))


def body_places(b: Any) -> Any:
    """The bodies ``b`` (the table or an alias of it) joined to their places through the
    snapshots of each body's codebase: ``occurrence_places`` is keyed (snapshot, body, id) and
    has no index on the body alone, so each snapshot is one search of the key."""
    e, sn, p = s.errors, s.snapshots, s.occurrence_places
    return (
        b.join(e, e.c.id == b.c.error_id)
        .join(sn, sn.c.repo_id == e.c.repo_id)
        .join(p, and_(p.c.snapshot_id == sn.c.id, p.c.body_id == b.c.id))
    )


# ---------------------------------------------------------------------------- runs of releases
#
# ``symbol_runs`` and ``error_runs`` hold a row (a name; an error) once per run of
# consecutive snapshots of a codebase, consecutive in id order (the order they were stored in).
# Both ends of a run are always stored snapshots of the codebase: a run is extended only from the
# snapshot stored just before, and cut when one of its snapshots is deleted.

_RUN_KEY = {"symbol_runs": "name_id", "error_runs": "error_id"}


def _neighbours(conn: Connection, snap_id: int) -> tuple[int, int | None, int | None]:
    """The snapshot's codebase, and the snapshots of that codebase stored just before and after.

    The codebase's row is locked until the transaction ends (PostgreSQL; SQLite has one writer
    at a time): two releases of one codebase written at once would otherwise each extend runs
    from the release before both, and the later id's run would span the earlier one's.
    """
    sn = s.snapshots
    repo_id = int(conn.execute(select(sn.c.repo_id).where(sn.c.id == snap_id)).scalar_one())
    conn.execute(select(s.repos.c.id).where(s.repos.c.id == repo_id).with_for_update())
    after = conn.execute(select(func.min(sn.c.id)).where(sn.c.repo_id == repo_id, sn.c.id > snap_id)).scalar()
    return repo_id, snapshot_before(conn, repo_id, snap_id), None if after is None else int(after)


def snapshot_before(conn: Connection, repo_id: int, snap_id: int) -> int | None:
    """The snapshot of codebase ``repo_id`` stored last before ``snap_id`` (the highest id below
    it): the one whose runs ``snap_id``'s continue, and whose facts it may share."""
    sn = s.snapshots
    found = conn.execute(select(func.max(sn.c.id)).where(sn.c.repo_id == repo_id, sn.c.id < snap_id)).scalar()
    return None if found is None else int(found)


def _write_runs(conn: Connection, table: Any, snap_id: int, keys: Iterable[Any]) -> None:
    """Hold ``keys`` (names' ids, error ids) in ``snap_id``: a run of the same key ending at the
    codebase's snapshot stored just before is extended, any other key starts a run."""
    repo_id, before, after = _neighbours(conn, snap_id)
    _split_runs(conn, table, repo_id, snap_id, before, after)
    key = table.c[_RUN_KEY[table.name]]
    rows = set(keys)
    going: set[Any] = set()
    if before is not None:
        prior = {
            k
            for (k,) in conn.execute(select(key).where(table.c.repo_id == repo_id, table.c.last_id == before))
        }
        going = prior & rows
        _extend_runs(conn, table, key, (repo_id, before, snap_id), going, prior - rows)
    keys_fresh = sorted(rows - going if going else rows)
    given = (("repo_id", repo_id), ("first_id", snap_id), ("last_id", snap_id))
    if not (isinstance(key.type, Integer) and insert_keys_with(conn, table, key.name, keys_fresh, given)):
        fresh = [(k, repo_id, snap_id, snap_id) for k in keys_fresh]
        insert_values(conn, table, (key.name, "repo_id", "first_id", "last_id"), fresh)


def _extend_runs(
    conn: Connection, table: Any, key: Any, where: tuple[int, int, int], going: set[Any], ending: set[Any]
) -> None:
    """Extend to ``snap_id`` the runs (named by ``key``) ending at ``before`` that go on, where
    ``where`` is (codebase, before, snap_id); those ``ending`` there stay as they are."""
    repo_id, before, snap_id = where
    here = table.c.repo_id == repo_id
    if len(ending) < len(going):
        # most runs go on (the usual release): all extended in one statement, then the few
        # that end here cut back, instead of naming every one that goes on
        conn.execute(update(table).where(here, table.c.last_id == before).values(last_id=snap_id))
        moved: tuple[Any, ...] = (table.c.last_id == snap_id, table.c.first_id <= before)
        back = before
        named = sorted(ending)
    else:
        moved, back, named = (table.c.last_id == before,), snap_id, sorted(going)
    for i in range(0, len(named), 500):
        conn.execute(update(table).where(here, *moved, key.in_(named[i : i + 500])).values(last_id=back))


# the columns of ``file_runs`` and ``module_runs`` that are not the run's key or ends
_RUN_FRAME = frozenset(("repo_id", "path", "first_id", "last_id"))


def write_path_runs(conn: Connection, table: Any, snap_id: int, rows: Sequence[Mapping[str, Any]]) -> None:
    """Hold the snapshot's rows of ``file_runs`` or ``module_runs`` (a path and its values, one
    per path): the run of a path ending at the codebase's snapshot stored just before goes on
    where all its values are the same, anything else starts a run."""
    repo_id, before, after = _neighbours(conn, snap_id)
    _split_runs(conn, table, repo_id, snap_id, before, after)
    columns = [c.name for c in table.columns if c.name not in _RUN_FRAME]
    new = {str(r["path"]): tuple(r[c] for c in columns) for r in rows}
    going: set[str] = set()
    if before is not None:
        prior = {
            str(r["path"]): tuple(r[c] for c in columns)
            for r in conn.execute(
                select(table).where(table.c.repo_id == repo_id, table.c.last_id == before)
            ).mappings()
        }
        going = {p for p, values in prior.items() if new.get(p) == values}
        _extend_runs(conn, table, table.c.path, (repo_id, before, snap_id), going, prior.keys() - going)
    fresh = [(repo_id, p, snap_id, snap_id, *values) for p, values in sorted(new.items()) if p not in going]
    insert_values(conn, table, ("repo_id", "path", "first_id", "last_id", *columns), fresh)


def _split_runs(
    conn: Connection, table: Any, repo_id: int, snap_id: int, before: int | None, after: int | None
) -> None:
    """Runs spanning ``snap_id`` (strictly inside them) become two, ending before it and
    starting after it. Only a snapshot stored again under the id of a deleted one meets such
    a run; ordinarily a new snapshot is the newest of its codebase and none spans it."""
    spans = (table.c.repo_id == repo_id, table.c.first_id < snap_id, table.c.last_id > snap_id)
    rows = [dict(r) for r in conn.execute(select(table).where(*spans)).mappings()]
    if not rows:
        return
    assert before is not None and after is not None, "a run's ends are stored snapshots"
    conn.execute(update(table).where(*spans).values(last_id=before))
    insert_dicts(conn, table, [r | {"first_id": after} for r in rows])


def cut_runs(conn: Connection, table: Any, snap_id: int) -> None:
    """Take ``snap_id`` out of every run of ``table``: a run of it alone goes, a run starting or
    ending at it starts after or ends before it, a run around it is split in two."""
    repo_id, before, after = _neighbours(conn, snap_id)
    here = table.c.repo_id == repo_id
    conn.execute(delete(table).where(here, table.c.first_id == snap_id, table.c.last_id == snap_id))
    if after is not None:
        conn.execute(update(table).where(here, table.c.first_id == snap_id).values(first_id=after))
    if before is not None:
        conn.execute(update(table).where(here, table.c.last_id == snap_id).values(last_id=before))
    _split_runs(conn, table, repo_id, snap_id, before, after)


def _snapshot_order(conn: Connection) -> tuple[dict[int, tuple[int, int]], dict[int, list[int]]]:
    """Each snapshot's (codebase, position among the codebase's snapshots), and each codebase's
    snapshot ids, in the order they were stored."""
    order: dict[int, tuple[int, int]] = {}
    ids: dict[int, list[int]] = {}
    for sid, repo_id in conn.execute(
        select(s.snapshots.c.id, s.snapshots.c.repo_id).order_by(s.snapshots.c.id)
    ):
        ids.setdefault(int(repo_id), []).append(int(sid))
        order[int(sid)] = (int(repo_id), len(ids[int(repo_id)]) - 1)
    return order, ids


def migrate_to_runs(conn: Connection, tables: Iterable[str]) -> None:
    """Schema v11: the rows of the per-snapshot tables ``snapshot_symbols`` and
    ``snapshot_errors`` (those of ``tables`` that exist) become runs; the tables are dropped."""
    from sqlalchemy import text

    order, ids = _snapshot_order(conn)
    present = set(tables)
    for name, table, select_sql in (
        ("snapshot_symbols", s.symbol_runs, "SELECT snapshot_id, name_id FROM snapshot_symbols"),
        ("snapshot_errors", s.error_runs, "SELECT snapshot_id, error_id FROM snapshot_errors"),
    ):
        if name not in present:
            continue
        held: dict[tuple[int, Any], list[tuple[int, None]]] = {}
        for sid, k in conn.execute(text(select_sql)):
            if int(sid) in order:
                repo_id, pos = order[int(sid)]
                held.setdefault((repo_id, k), []).append((pos, None))
        rows = [
            {
                _RUN_KEY[table.name]: k,
                "repo_id": repo_id,
                "first_id": ids[repo_id][a],
                "last_id": ids[repo_id][b],
            }
            for (repo_id, k), places in held.items()
            for a, b, _ in runs_of(sorted(places))
        ]
        conn.execute(text(f"DROP TABLE {name}"))
        insert_dicts(conn, table, rows)


def migrate_rows_to_runs(conn: Connection, old: Any, runs: Any) -> None:
    """Schema v16: the rows of ``old`` (``files``, ``modules``: one per snapshot and path) become
    ``runs`` (``file_runs``, ``module_runs``): a path's rows in consecutive snapshots of its
    codebase with the same values are one run."""
    order, ids = _snapshot_order(conn)
    columns = [c.name for c in runs.columns if c.name not in _RUN_FRAME]
    held: dict[tuple[int, str], list[tuple[int, tuple[Any, ...]]]] = {}
    for r in conn.execute(select(old)).mappings():
        if int(r["snapshot_id"]) in order:
            repo_id, pos = order[int(r["snapshot_id"])]
            held.setdefault((repo_id, str(r["path"])), []).append((pos, tuple(r[c] for c in columns)))
    rows = [
        {"repo_id": repo_id, "path": path, "first_id": ids[repo_id][a], "last_id": ids[repo_id][b]}
        | dict(zip(columns, values, strict=True))
        for (repo_id, path), places in held.items()
        for a, b, values in runs_of(sorted(places))
    ]
    for i in range(0, len(rows), 5000):
        insert_dicts(conn, runs, rows[i : i + 5000])


def runs_of(places: Sequence[tuple[int, Any]]) -> list[tuple[int, int, Any]]:
    """(first, last, value) of each run of consecutive positions with one value, from
    (position, value) pairs sorted by position."""
    out: list[tuple[int, int, Any]] = []
    for pos, value in places:
        if out and out[-1][1] == pos - 1 and out[-1][2] == value:
            out[-1] = (out[-1][0], pos, value)
        else:
            out.append((pos, pos, value))
    return out


def _ids_by(conn: Connection, key: Any, value: Any, wanted: Iterable[str]) -> dict[str, int]:
    return {k: int(v) for k, v in select_in(conn, (key, value), key, wanted)}


def _latest_blobs(
    conn: Connection, repo_id: int, paths: Iterable[str], besides: int | None = None
) -> dict[str, str]:
    """path -> blob sha of the path in the codebase's most recently stored snapshot that has it
    (other than ``besides``: the snapshot being written)."""
    f, sn = s.files, s.snapshots
    wanted = sorted(set(paths))
    latest: dict[str, str] = {}
    for i in range(0, len(wanted), 500):
        q = (
            select(f.c.path, f.c.blob_sha)
            .select_from(f.join(sn, sn.c.id == f.c.snapshot_id))
            .where(sn.c.repo_id == repo_id, f.c.path.in_(wanted[i : i + 500]), f.c.blob_sha.is_not(None))
            .order_by(sn.c.id.desc())
        )
        if besides is not None:
            q = q.where(sn.c.id != besides)
        for path, sha in conn.execute(q):
            latest.setdefault(str(path), str(sha))
    return latest


def previous_texts(
    conn: Connection, repo_id: int, paths: Iterable[str], held: Mapping[str, Built] | None = None
) -> dict[str, tuple[str, bytes, int]]:
    """path -> (sha, UTF-8 text, its steps from a text stored whole) of the base a new text of
    that path is stored against: the text of the path's file in the codebase's most recently
    stored snapshot that has the path, or that text's own base when it is already
    ``textdelta.MAX_DEPTH`` differences from a text stored whole. Texts in ``held`` (blob sha
    -> as ``rebuild_all`` builds it: those a writer stored) are not read back."""
    from errdex.store import textdelta
    from errdex.store.inflate import MAX_TEXT_BYTES, inflate_bytes

    b = s.blobs
    latest = _latest_blobs(conn, repo_id, paths)

    def fetch(shas: set[str]) -> dict[str, bytes]:
        return {str(sha): bytes(data) for sha, data in select_in(conn, (b.c.sha, b.c.data), b.c.sha, shas)
                if isinstance(data, bytes | memoryview)}  # fmt: skip

    def whole(data: bytes) -> bytes:
        try:
            return inflate_bytes(data)  # stored whole: a difference has no base reader here
        except StoreError as e:
            raise ValueError(str(e)) from None

    built = textdelta.rebuild_all(latest.values(), fetch, _same_key, whole, MAX_TEXT_BYTES, held)
    out: dict[str, tuple[str, bytes, int]] = {}
    for path, sha in latest.items():
        base = textdelta.next_base(sha, sha, built, _same_key)
        if base is not None:
            out[path] = base
    return out


def _same_key(_key: str, sha: str) -> str:
    """A blob's base is the blob of that sha."""
    return sha


# ---------------------------------------------------------------------------- extraction cache


def cached_extractions(
    store: HasEngine, keys: Iterable[tuple[str, str]], producer: str
) -> dict[str, tuple[bool, bytes]]:
    """path -> (has code facts, stored extraction bytes), for the (path, blob sha) pairs already extracted by this
    producer. An extraction whose code facts are no longer stored is not offered."""
    x, c = s.extractions, s.code_facts
    by_sha: dict[str, list[str]] = {}
    for path, sha in keys:
        by_sha.setdefault(sha, []).append(path)
    shas = sorted(by_sha)
    out: dict[str, tuple[bool, bytes]] = {}
    has_facts = exists().where(and_(c.c.blob_sha == x.c.blob_sha, c.c.producer == x.c.producer))
    with store.engine.connect() as conn:
        for i in range(0, len(shas), 500):
            q = select(x.c.blob_sha, x.c.path, x.c.has_code, x.c.data).where(
                x.c.producer == producer,
                x.c.blob_sha.in_(shas[i : i + 500]),
                (x.c.has_code == False) | has_facts,  # noqa: E712 - SQL, not Python
            )
            for sha, path, has_code, data in conn.execute(q):
                if path in by_sha[sha] and isinstance(data, bytes | memoryview):
                    out[path] = (bool(has_code), bytes(data))
        _resolve_extraction_deltas(conn, out, producer)
    return out


def _resolve_extraction_deltas(conn: Connection, got: dict[str, tuple[bool, bytes]], producer: str) -> None:
    """Entries stored as differences (``textdelta``) rebuilt from their bases, as the encoded
    body itself (which ``extract.cache.decode`` takes as well as its compressed form); an entry
    whose chain of bases is missing, unreadable or too long is dropped, and its file parsed
    again."""
    from errdex.store import textdelta
    from errdex.store.inflate import MAX_TEXT_BYTES

    wanted: dict[str, str] = {}  # path -> its base's blob sha
    for path, (_, data) in got.items():
        try:
            base_sha = textdelta.base_of(data)
        except ValueError:
            base_sha = "-"
        if base_sha is not None:
            wanted[path] = base_sha
    if not wanted:
        return
    # the bases in one query per 500 a step of the chains (not one each: at 20 jax releases
    # hundreds of a release's entries are differences), kept where the path matches too
    built = _entries_built(conn, producer, wanted)
    for path, sha in wanted.items():
        has_code, data = got.pop(path)
        base = built.get((sha, path))
        if base is None or base[1] >= textdelta.MAX_DEPTH:
            continue
        try:
            got[path] = (has_code, textdelta.apply(data, base[0], MAX_TEXT_BYTES))
        except ValueError:
            continue


def _entries_built(
    conn: Connection,
    producer: str,
    shas: Mapping[str, str],
    held: Mapping[tuple[str, str], Built] | None = None,
) -> dict[tuple[str, str], tuple[bytes, int, str | None]]:
    """``textdelta.rebuild_all`` over the stored entries of ``shas`` (path -> blob sha), those
    ``held`` not read back."""
    from errdex.store import textdelta
    from errdex.store.inflate import MAX_TEXT_BYTES

    return textdelta.rebuild_all(
        {(sha, path) for path, sha in shas.items()},
        _entries_fetcher(conn, producer),
        _path_key,
        lambda data: _inflate_entry(data, MAX_TEXT_BYTES),
        MAX_TEXT_BYTES,
        held,
    )


def _entries_fetcher(
    conn: Connection, producer: str
) -> Callable[[set[tuple[str, str]]], dict[tuple[str, str], bytes]]:
    """Reads stored extraction entries by (blob sha, path), 500 shas a query."""
    x = s.extractions

    def fetch(keys: set[tuple[str, str]]) -> dict[tuple[str, str], bytes]:
        out: dict[tuple[str, str], bytes] = {}
        shas = sorted({sha for sha, _ in keys})
        for i in range(0, len(shas), 500):
            q = select(x.c.blob_sha, x.c.path, x.c.data).where(
                x.c.producer == producer, x.c.blob_sha.in_(shas[i : i + 500])
            )
            for sha, path, data in conn.execute(q):
                if (sha, path) in keys and isinstance(data, bytes | memoryview):
                    out[(str(sha), str(path))] = bytes(data)
        return out

    return fetch


def _path_key(key: tuple[str, str], sha: str) -> tuple[str, str]:
    """An extraction entry's base is the entry of that sha for the same path."""
    return sha, key[1]


def _inflate(data: bytes, cap: int) -> bytes:
    """zlib within a cap (the catalogue may hold a crafted bomb)."""
    d = zlib.decompressobj()
    raw = d.decompress(data, cap)
    if d.unconsumed_tail:
        raise ValueError("inflates past the cap")
    return raw


def _inflate_entry(data: bytes, cap: int) -> bytes:
    """An extraction entry stored whole, inflated within a cap: a zstd frame (the form the
    extraction cache writes) or a zlib stream (the tagged JSON before it)."""
    from errdex.store import textdelta

    if data[:4] == b"\x28\xb5\x2f\xfd":
        return textdelta.unzstd(data, cap)
    return _inflate(data, cap)


def write_extractions(
    conn: Connection,
    rows: Iterable[tuple[str, str, bool, bytes]],
    producer: str,
    snapshot: tuple[int, int] | None = None,
    memo: WriterMemo | None = None,
) -> None:
    """(blob sha, path, has_code, data) of files extracted for the first time.

    With ``snapshot`` (repo id, id of the snapshot being written), an entry is stored as its difference from the entry of the same path's
    file in the codebase's latest stored snapshot where that is small (``textdelta``, as file
    texts are): a changed file's facts mostly repeat its previous facts. ``memo`` holds the
    entries its writer stored before (those are not read back) and learns those compared now.
    """

    x = s.extractions
    todo = {(sha, path): (has_code, data) for sha, path, has_code, data in rows}
    if not todo:
        return
    stored = select_in(
        conn, (x.c.blob_sha, x.c.path), x.c.blob_sha, {k[0] for k in todo}, x.c.producer == producer
    )
    for sha, path in stored:
        todo.pop((sha, path), None)
    if snapshot is not None:
        _as_deltas(conn, todo, producer, snapshot, memo)
    insert_rows(
        conn, x, [(sha, producer, path, has_code, data) for (sha, path), (has_code, data) in todo.items()]
    )


def _as_deltas(
    conn: Connection,
    todo: dict[tuple[str, str], tuple[bool, bytes]],
    producer: str,
    snapshot: tuple[int, int],
    memo: WriterMemo | None = None,
) -> None:
    """``todo``'s entries replaced by their differences from the previous entry of their path
    (or its base, ``textdelta.next_base``) where that is small; ``memo`` learns each entry
    compared, as stored."""
    from errdex.store import textdelta
    from errdex.store.inflate import MAX_TEXT_BYTES

    repo_id, snap_id = snapshot
    latest = _latest_blobs(conn, repo_id, {path for _, path in todo}, besides=snap_id)
    built = _entries_built(conn, producer, latest, memo.entries(producer) if memo is not None else None)
    bases: dict[str, tuple[str, bytes, int]] = {}  # path -> (base blob sha, base entry inflated, depth)
    for path, sha in latest.items():
        base = textdelta.next_base(sha, (sha, path), built, _path_key)
        if base is not None:
            bases[path] = base

    def against(item: tuple[bytes, tuple[str, bytes, int]]) -> tuple[bytes, bytes | None] | None:
        """(the entry inflated, its difference from ``base`` or None), None when it does not
        inflate (it is stored as it came)."""
        data, base = item
        try:
            entry = _inflate_entry(data, MAX_TEXT_BYTES)
            return entry, textdelta.make(entry, base[0], base[1])
        except (ValueError, zlib.error):
            return None

    compared = [
        (key, (data, base))
        for key, (_, data) in todo.items()
        if (base := bases.get(key[1])) is not None and base[0] != key[0]
    ]
    # each a zstd frame against its base, independent of the others: on the writer's threads
    for (key, (_, base)), got in zip(compared, parallel.each(against, [i for _, i in compared]), strict=True):
        if got is None:
            continue
        entry, packed = got
        if packed is not None:
            todo[key] = (todo[key][0], packed)
        if memo is not None:
            memo.stage_entry(producer, *key, (entry, base[2] + 1, base[0]) if packed else (entry, 0, None))


def drop_stale_extractions(conn: Connection, producer: str) -> None:
    """Extractions by another extractor than the current one: no run can use them again."""
    conn.execute(delete(s.extractions).where(s.extractions.c.producer != producer))
