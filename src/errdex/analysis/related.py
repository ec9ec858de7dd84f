"""Errors worth reading next to this one, in the order a maintainer would look for them.

Same function first (the neighbouring checks on the same input), then the most similar messages
in the same package (often the same check elsewhere), then the same module, then the same
exception family. Similarity is rapidfuzz's token-set ratio over templates, restricted to the
package directory so the cost stays bounded (a few hundred comparisons in C, not the catalogue).
Each group is one indexed query on the snapshot's errors (``store.facts``).
"""

from __future__ import annotations

import heapq

from errdex.analysis.result import Related
from errdex.store.facts import ErrorRow, FactReader
from errdex.store.records import ErrorDetail
from errdex.textsafe import truncate

__all__ = ["RelatedIndex"]

MAX_RELATED = 8
_MAX_POOL = 300
_MIN_FILE_POOL = 50  # a file with this many errors is pool enough for "similar message"


class RelatedIndex:
    """The errors of one snapshot, looked up by function, file, directory and class name."""

    def __init__(self, reader: FactReader, snapshot_id: int) -> None:
        self.reader = reader
        self.snapshot_id = snapshot_id

    def siblings(self, err: ErrorDetail) -> list[ErrorRow]:
        """The other errors of the same function."""
        rows = self.reader.errors_at(self.snapshot_id, err.path, err.function)
        return [r for r in rows if r.id != err.id]

    def related(self, err: ErrorDetail, bases: list[str]) -> list[Related]:
        """Up to ``MAX_RELATED`` errors, nearest kin first; ``bases`` widen the exception family."""
        from rapidfuzz import fuzz, process

        sid, path = self.snapshot_id, err.path
        out: list[Related] = []
        seen = {err.id}

        def add(r: ErrorRow, relation: str) -> None:
            if r.id in seen or len(out) >= MAX_RELATED:
                return
            seen.add(r.id)
            out.append(Related(r.id, r.exc_type, truncate(r.template), relation, r.path, r.line))

        same_path = self.reader.errors_at(sid, path)
        for r in [r for r in same_path if r.function == err.function][:3]:
            add(r, "same function")
        pool = same_path
        if len(same_path) < _MIN_FILE_POOL:
            pool = [*same_path, *self.reader.errors_in_dir(sid, path.rsplit("/", 1)[0], _MAX_POOL)]
        if pool and err.template:
            hits = process.extract(err.template, [r.template for r in pool],
                                   scorer=fuzz.token_set_ratio, limit=6, score_cutoff=50)  # fmt: skip
            for _, _, k in hits:
                if sum(1 for o in out if o.relation == "similar message") < 3:
                    add(pool[k], "similar message")
        line = err.latest.line
        rest = [r for r in same_path if r.id not in seen]
        for r in heapq.nsmallest(2, rest, key=lambda r: abs((r.line or 0) - line)):
            add(r, "same module")
        family = [err.exc_type.rsplit(".", 1)[-1], *[b.rsplit(".", 1)[-1] for b in bases]]
        if family[0] not in _COMMON:
            for t in family:
                for r in self.reader.errors_of_class(sid, t, 2):
                    add(r, "same exception family")
        return out


# builtin types too common to make a family worth listing
_COMMON = {
    "ValueError",
    "TypeError",
    "NotImplementedError",
    "RuntimeError",
    "KeyError",
    "IndexError",
    "AttributeError",
    "AssertionError",
    "UserWarning",
    "DeprecationWarning",
    "FutureWarning",
    "Exception",
    "OSError",
    "RuntimeWarning",
}
