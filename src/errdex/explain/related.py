"""Errors worth reading next to this one, in the order a maintainer would look for them.

Same function first (the neighbouring checks on the same input), then the most similar messages
in the same package (often the same check elsewhere), then the same module, then the same
exception family. Similarity is rapidfuzz's token-set ratio over templates, restricted to the
package directory so the cost stays bounded (a few hundred comparisons in C, not the catalogue).
"""

from __future__ import annotations

import heapq
from collections import defaultdict
from typing import Any

__all__ = ["RelatedIndex", "truncate"]

MAX_RELATED = 8
_MAX_POOL = 300


def truncate(template: str, width: int = 60) -> str:
    """The seeds' short form: the first ~60 characters of the template, then an ellipsis."""
    flat = " ".join(template.split())
    return flat if len(flat) <= width else flat[:width].rstrip() + "…"


class RelatedIndex:
    """All errors of one snapshot, grouped for cheap lookups; built once per snapshot."""

    def __init__(self, rows: list[dict[str, Any]]) -> None:
        self.rows = rows
        self.by_func: dict[tuple[str, str], list[int]] = defaultdict(list)
        self.by_path: dict[str, list[int]] = defaultdict(list)
        self.by_dir: dict[str, list[int]] = defaultdict(list)
        self.by_type: dict[str, list[int]] = defaultdict(list)
        self.by_id: dict[str, int] = {}
        for i, r in enumerate(rows):
            self.by_id[r["id"]] = i
            self.by_func[(r["path"], r["function"])].append(i)
            self.by_path[r["path"]].append(i)
            self.by_dir[r["path"].rsplit("/", 1)[0]].append(i)
            self.by_type[r["exc_type"].rsplit(".", 1)[-1]].append(i)

    def siblings(self, err: dict[str, Any]) -> list[dict[str, Any]]:
        return [self.rows[i] for i in self.by_func.get((err["path"], err["function"]), []) if self.rows[i]["id"] != err["id"]]

    def related(self, err: dict[str, Any], bases: list[str]) -> list[dict[str, Any]]:
        from rapidfuzz import fuzz, process

        out: list[dict[str, Any]] = []
        seen = {err["id"]}

        def add(i: int, relation: str) -> None:
            r = self.rows[i]
            if r["id"] in seen or len(out) >= MAX_RELATED:
                return
            seen.add(r["id"])
            out.append({
                "id": r["id"], "exc_type": r["exc_type"], "template": truncate(r["template"]),
                "relation": relation, "path": r["path"], "line": r.get("line"),
            })

        for i in self.by_func.get((err["path"], err["function"]), [])[:3]:
            add(i, "same function")
        same_path = self.by_path.get(err["path"], [])
        pool = same_path if len(same_path) >= 50 else [*same_path, *self.by_dir.get(
            err["path"].rsplit("/", 1)[0], [])[:_MAX_POOL]]
        if pool and err["template"]:
            hits = process.extract(err["template"], [self.rows[i]["template"] for i in pool],
                                   scorer=fuzz.token_set_ratio, limit=6, score_cutoff=50)
            for _, _, k in hits:
                if sum(1 for o in out if o["relation"] == "similar message") < 3:
                    add(pool[k], "similar message")
        line = err.get("line") or 0
        rest = [i for i in same_path if self.rows[i]["id"] not in seen]
        for i in heapq.nsmallest(2, rest, key=lambda i: abs((self.rows[i].get("line") or 0) - line)):
            add(i, "same module")
        family = [err["exc_type"].rsplit(".", 1)[-1], *[b.rsplit(".", 1)[-1] for b in bases]]
        if family[0] not in _COMMON:
            for t in family:
                for i in self.by_type.get(t, [])[:2]:
                    add(i, "same exception family")
        return out


# builtin types too common to make a family worth listing
_COMMON = {"ValueError", "TypeError", "NotImplementedError", "RuntimeError", "KeyError", "IndexError",
           "AttributeError", "AssertionError", "UserWarning", "DeprecationWarning", "FutureWarning",
           "Exception", "OSError", "RuntimeWarning"}
