"""Reads for linking text one codebase hands to another's callable (``match.handoff``).

A library may define a message and pass it to a callable of another indexed package, which
raises it (flask's ``LocalProxy(_cv_app, unbound_message=_no_app_msg)``; werkzeug raises
``RuntimeError(unbound_message)``). Each codebase is extracted alone, so the passing side's
record has no type and sits at the call. What linking the two needs is read here: the files
whose records are of that kind, the files of another snapshot defining a module, a file's
stored extraction (the per-file facts written at index time), and a file's stored text, for the
one case where that extraction is of a form the running extractor cannot read.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from sqlalchemy import and_, func, select

from errdex.model import UNKNOWN_EXC_TYPE
from errdex.store import schema as s
from errdex.store.history import cached_extractions

if TYPE_CHECKING:
    from errdex.store.sql import Store

__all__ = ["FileRow", "codebases", "extraction", "file_bytes", "files_at", "producers", "unknown_files"]

# (snapshot id, repo name, path, blob sha)
FileRow = tuple[int, str, str, str]


def codebases(store: Store) -> int:
    """How many codebases have a snapshot in the catalogue."""
    with store.engine.connect() as conn:
        return int(conn.execute(select(func.count(func.distinct(s.snapshots.c.repo_id)))).scalar_one())


def producers(store: Store) -> dict[int, str]:
    """Snapshot id -> the extractor digest that indexed it (its stats say), "" if unknown."""
    out: dict[int, str] = {}
    with store.engine.connect() as conn:
        for sid, stats in conn.execute(select(s.snapshots.c.id, s.snapshots.c.stats)):
            got = stats.get("producer") if isinstance(stats, dict) else None
            out[int(sid)] = got if isinstance(got, str) else ""
    return out


def unknown_files(store: Store, limit: int) -> list[FileRow]:
    """The files holding an error record of unknown type with a few words in its template:
    text handed to a callable the codebase does not define reads like a message (three words
    of literal text at least, ``resolve._message_like``), which a raise of an object made
    elsewhere (``{error}``, the other such records) does not. Newest snapshots first, at most
    ``limit``."""
    e, o, sn, r, f = s.errors, s.occurrences, s.snapshots, s.repos, s.files
    q = (
        select(o.c.snapshot_id, r.c.name, e.c.path, f.c.blob_sha)
        .distinct()
        .select_from(o.join(e, o.c.error_id == e.c.id).join(sn, o.c.snapshot_id == sn.c.id))
        .join(r, sn.c.repo_id == r.c.id)
        .join(f, and_(f.c.snapshot_id == o.c.snapshot_id, f.c.path == e.c.path))
        .where(e.c.exc_type == UNKNOWN_EXC_TYPE, e.c.kind == "error", e.c.template.like("% % %"))
        .order_by(o.c.snapshot_id.desc(), e.c.path)
        .limit(limit)
    )
    with store.engine.connect() as conn:
        return [(int(a), str(b), str(c), str(d)) for a, b, c, d in conn.execute(q)]


def files_at(store: Store, paths: Sequence[str], limit: int) -> list[FileRow]:
    """The snapshots' files at any of ``paths`` (a module's file), newest snapshots first."""
    if not paths:
        return []
    f, sn, r = s.files, s.snapshots, s.repos
    q = (
        select(f.c.snapshot_id, r.c.name, f.c.path, f.c.blob_sha)
        .select_from(f.join(sn, f.c.snapshot_id == sn.c.id).join(r, sn.c.repo_id == r.c.id))
        .where(f.c.path.in_(list(paths)), f.c.status != "skipped")
        .order_by(f.c.snapshot_id.desc(), f.c.path)
        .limit(limit)
    )
    with store.engine.connect() as conn:
        return [(int(a), str(b), str(c), str(d)) for a, b, c, d in conn.execute(q)]


def extraction(store: Store, path: str, blob_sha: str, producer: str) -> bytes | None:
    """A file's stored extraction by the producer that indexed its snapshot, if kept."""
    got = cached_extractions(store, [(path, blob_sha)], producer)
    hit = got.get(path)
    return hit[1] if hit is not None else None


def file_bytes(store: Store, snapshot_id: int, path: str, cap: int) -> bytes | None:
    """A snapshot's file as bytes that extraction decodes to its stored text (that text is
    stored as decoded: in the encoding its coding cookie names, else UTF-8), or None when it is
    not stored, is damaged or is over ``cap`` bytes."""
    import io
    import tokenize

    from errdex.store import StoreError

    try:
        text = store.file_text(snapshot_id, path)
    except StoreError:
        return None
    if text is None:
        return None
    data = text.encode("utf-8", "surrogatepass")
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
        data = text.encode(encoding)
    except (SyntaxError, LookupError, UnicodeError):
        pass  # as UTF-8: what decoding falls back from keeps its lines all the same
    return data if len(data) <= cap else None
