"""Errors worth reading next to this one, in the order a maintainer would look for them.

Same function first (the neighbouring checks on the same input), then the most similar messages
in the same package (often the same check elsewhere), then the same module, then the same
exception family. Similarity is rapidfuzz's token-set ratio over templates, restricted to the
package directory so the cost stays bounded (a few hundred comparisons in C, not the catalogue).
Each group is one indexed query on the snapshot's errors (``store.facts``), and its rows are
remembered for the snapshot's context: a file's errors, a directory's pool and a class's family
are the same for every error that asks, and a page server or a batch over a codebase asks for
each many times (every error of a file: its own file's list, twice). Kept per context, so a
re-index (a new context) never sees them; bounded in rows.
"""

from __future__ import annotations

import heapq
import threading
from collections import OrderedDict
from collections.abc import Callable

from errdex.analysis.result import Related
from errdex.store.facts import ErrorRow, FactReader
from errdex.store.records import ErrorDetail
from errdex.textsafe import truncate

__all__ = ["RelatedIndex"]

MAX_RELATED = 8
_MAX_POOL = 300
_MIN_FILE_POOL = 50  # a file with this many errors is pool enough for "similar message"
# rows remembered per snapshot context, over all the look-ups (~0.5 KB a row: at most ~10 MB a
# snapshot a server has shown pages of); a run over every error of jax 0.10.2 (7,265 errors,
# its files' and directories' lists ~3x that) reads each list about once at this size
_MAX_ROWS = 20_000


class RelatedIndex:
    """The errors of one snapshot, looked up by function, file, directory and class name."""

    def __init__(self, reader: FactReader, snapshot_id: int) -> None:
        self.reader = reader
        self.snapshot_id = snapshot_id
        self._lock = threading.Lock()  # web requests share a snapshot's context
        # (look-up, key) -> its rows, least recently used first; callers never change the lists
        self._rows: OrderedDict[tuple[str, str], list[ErrorRow]] = OrderedDict()
        self._n_rows = 0

    def _remembered(self, kind: str, key: str, read: Callable[[], list[ErrorRow]]) -> list[ErrorRow]:
        with self._lock:
            hit = self._rows.get((kind, key))
            if hit is not None:
                self._rows.move_to_end((kind, key))
                return hit
        rows = read()  # outside the lock: two threads may both read, and both get the same rows
        with self._lock:
            if (kind, key) not in self._rows:
                self._rows[(kind, key)] = rows
                self._n_rows += len(rows) + 1
            while self._n_rows > _MAX_ROWS and len(self._rows) > 1:
                _, dropped = self._rows.popitem(last=False)
                self._n_rows -= len(dropped) + 1
        return rows

    def _in_file(self, path: str) -> list[ErrorRow]:
        """The snapshot's errors in one file, in file order."""
        return self._remembered("path", path, lambda: self.reader.errors_at(self.snapshot_id, path))

    def _in_dir(self, directory: str) -> list[ErrorRow]:
        """The first ``_MAX_POOL`` errors of a directory, in (path, line) order."""
        return self._remembered(
            "dir", directory, lambda: self.reader.errors_in_dir(self.snapshot_id, directory, _MAX_POOL)
        )

    def _of_class(self, name: str) -> list[ErrorRow]:
        """The first two errors whose exception class has this last name."""
        return self._remembered("class", name, lambda: self.reader.errors_of_class(self.snapshot_id, name, 2))

    def siblings(self, err: ErrorDetail) -> list[ErrorRow]:
        """The other errors of the same function (the file's errors, in file order, so named)."""
        return [r for r in self._in_file(err.path) if r.function == err.function and r.id != err.id]

    def related(self, err: ErrorDetail, bases: list[str]) -> list[Related]:
        """Up to ``MAX_RELATED`` errors, nearest kin first; ``bases`` widen the exception family."""
        from rapidfuzz import fuzz, process

        path = err.path
        out: list[Related] = []
        seen = {err.id}

        def add(r: ErrorRow, relation: str) -> None:
            if r.id in seen or len(out) >= MAX_RELATED:
                return
            seen.add(r.id)
            out.append(Related(r.id, r.exc_type, truncate(r.template), relation, r.path, r.line))

        same_path = self._in_file(path)
        for r in [r for r in same_path if r.function == err.function][:3]:
            add(r, "same function")
        pool = same_path
        if len(same_path) < _MIN_FILE_POOL:
            pool = [*same_path, *self._in_dir(path.rsplit("/", 1)[0])]
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
                for r in self._of_class(t):
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
