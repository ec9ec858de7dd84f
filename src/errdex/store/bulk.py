"""What a bulk run (``errdex index --from/--top``) asks of the catalogue besides storing snapshots.

A bulk run resumes: before downloading a release it asks whether the same archive is already
stored by the same extractor (the producer digest a snapshot's stats carry), and it records the
releases it could not index, with why, so the next run retries them and reports them again.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import delete, insert, select

from errdex.store import schema as s

__all__ = ["clear_failure", "failures", "indexed_pypi_archives", "record_failure"]

MAX_SPEC = 255  # index_failures.spec
MAX_REASON = 2000  # characters of a failure's reason kept: one line for the report, not a log


def indexed_pypi_archives(store: Any) -> dict[str, str]:
    """sha256 of each stored PyPI archive -> the producer digest that indexed it ("" if unknown)."""
    sn = s.snapshots
    out: dict[str, str] = {}
    with store.engine.connect() as conn:
        rows = conn.execute(select(sn.c.sha256, sn.c.stats).where(sn.c.ref_kind == "pypi"))
        for sha, stats in rows:
            if sha:
                producer = stats.get("producer") if isinstance(stats, dict) else None
                out[str(sha)] = producer if isinstance(producer, str) else ""
    return out


def record_failure(store: Any, spec: str, reason: str) -> None:
    """Remember that ``spec`` could not be indexed, replacing an earlier reason."""
    t = s.index_failures
    spec = spec[:MAX_SPEC]
    with store.engine.begin() as conn:
        conn.execute(delete(t).where(t.c.spec == spec))
        conn.execute(
            insert(t).values(
                spec=spec,
                reason=reason[:MAX_REASON],
                failed_at=datetime.now(UTC).isoformat(timespec="seconds"),
            )
        )


def clear_failure(store: Any, *specs: str) -> None:
    """``specs`` were indexed after all: forget their failures."""
    t = s.index_failures
    with store.engine.begin() as conn:
        conn.execute(delete(t).where(t.c.spec.in_([x[:MAX_SPEC] for x in specs])))


def failures(store: Any) -> list[tuple[str, str]]:
    """Every recorded failure as (spec, reason), by spec."""
    t = s.index_failures
    with store.engine.connect() as conn:
        return [(str(a), str(b)) for a, b in conn.execute(select(t.c.spec, t.c.reason).order_by(t.c.spec))]
