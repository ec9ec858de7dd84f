"""One error with every occurrence (``records.ErrorDetail``) and a cached model answer about it
(``records.AnalysisRecord``): the one way both stores read them.

Plain SQL text with ``:name`` parameters, run by a ``facts.Run``, so the full store (SQLite,
PostgreSQL) and the SQLAlchemy-free fast reader run the very same statements and build the very
same records. The catalogue is data from whoever built it: a JSON list column that holds
something else reads as empty, and a cached answer of another shape as absent, rather than
failing the page.
"""

from __future__ import annotations

from typing import Any

from errdex.jsontext import json_column
from errdex.store.facts import Run
from errdex.store.records import AnalysisRecord, ErrorDetail, Occurrence, Version

__all__ = ["json_column", "read_analysis", "read_error", "string_tuple"]

_ERROR_SQL = (
    "select e.id, r.name, r.source_url, e.kind, e.exc_type, e.exc_qualname, e.template, e.segments, "
    "e.path, e.function from errors e join repos r on r.id = e.repo_id where e.id = :id"
)

_OCCURRENCES_SQL = (
    "select o.snapshot_id, s.version, s.ref, s.ref_kind, s.date, s.commit_sha, s.tag, s.source_url, "
    "s.has_tests, o.line, o.end_line, o.level, o.exc_bases, o.expanded_segments, o.guards, "
    "o.window_start, o.window_end, o.comments, o.docstring, o.relay "
    "from occurrences o join snapshots s on s.id = o.snapshot_id where o.error_id = :id order by o.id"
)

_ANALYSIS_SQL = (
    "select data from analyses where error_id = :error_id and snapshot_id = :snapshot_id "
    "and model = :model and prompt_version = :prompt_version"
)


def string_tuple(value: object) -> tuple[str, ...]:
    """A JSON list of strings as a tuple; anything else (a damaged row) as empty."""
    items = json_column(value)
    return tuple(str(x) for x in items) if isinstance(items, list) else ()


def _text(value: Any) -> str | None:
    return None if value is None else str(value)


def _occurrence(row: tuple[Any, ...]) -> Occurrence:
    version = Version(
        name=str(row[1]), ref=str(row[2]), kind=str(row[3]), date=_text(row[4]), commit=_text(row[5]),
        tag=_text(row[6]), source_url=_text(row[7]), has_tests=bool(row[8]),
    )  # fmt: skip
    return Occurrence(
        snapshot_id=int(row[0]), version=version, line=int(row[9]), end_line=int(row[10]),
        level=_text(row[11]), exc_bases=string_tuple(row[12]), expanded_segments=string_tuple(row[13]),
        guards=string_tuple(row[14]), window_start=int(row[15]), window_end=int(row[16]),
        comments=string_tuple(row[17]), docstring=_text(row[18]), relay=bool(row[19]),
    )  # fmt: skip


def read_error(run: Run, error_id: str) -> ErrorDetail | None:
    """The error ``error_id`` with its occurrences (oldest first), or None when it is unknown.

    An error row without any occurrence is left behind by a damaged catalogue, never written by
    errdex: it reads as unknown too, so every ``ErrorDetail`` has a ``latest`` occurrence.
    """
    rows = run(_ERROR_SQL, {"id": error_id})
    if not rows:
        return None
    occurrences = tuple(_occurrence(tuple(o)) for o in run(_OCCURRENCES_SQL, {"id": error_id}))
    if not occurrences:
        return None
    e = rows[0]
    return ErrorDetail(
        id=str(e[0]), repo=str(e[1]), repo_url=_text(e[2]), kind=str(e[3]), exc_type=str(e[4]),
        exc_qualname=_text(e[5]), template=str(e[6]), segments=string_tuple(e[7]), path=str(e[8]),
        function=str(e[9]), occurrences=occurrences,
    )  # fmt: skip


def read_analysis(
    run: Run, error_id: str, snapshot_id: int, model: str, prompt_version: str
) -> AnalysisRecord | None:
    """The cached answer for (error, snapshot, model, prompt version); None when there is none
    or when what is stored is not a record errdex writes (damaged JSON included)."""
    key = {"error_id": error_id, "snapshot_id": snapshot_id, "model": model, "prompt_version": prompt_version}
    rows = run(_ANALYSIS_SQL, key)
    if not rows:
        return None
    try:
        data = json_column(rows[0][0])
    except ValueError:  # text that is not JSON (json.JSONDecodeError, UnicodeDecodeError)
        return None
    return AnalysisRecord.from_json(data)
