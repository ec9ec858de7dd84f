"""``errdex diff A B``: what an upgrade from one indexed release to another changes in the
errors a codebase can raise.

Errors are compared by lineage (``errdex.history.lineage``), so an error whose message was
reworded, whose type changed or that moved to another file or function is reported as that
change, not as one error removed and another added. A lineage only in B is *added* ("what can
raise now that did not"), one only in A *removed*; an error that only moved lines is unchanged.
"""

from __future__ import annotations

from typing import Any

from errdex.history.lineage import ensure_lineages
from errdex.history.versions import wording_diff
from errdex.store.history import lineage_map, release_order, snapshot_records

__all__ = ["CHANGE_KINDS", "diff_releases", "find_release"]

CHANGE_KINDS = ("added", "removed", "reworded", "type_changed", "moved")


def find_release(store: Any, repo: str, version: str) -> dict[str, Any]:
    """The snapshot of ``repo`` called ``version`` (a release, tag or short sha)."""
    from errdex.store import StoreError

    releases = release_order(store, repo)
    for snap in releases:
        if version in (snap["version"], snap["ref"], snap["tag"]) or (
            len(version) >= 7 and (snap["commit_sha"] or "").startswith(version)
        ):
            return snap
    known = ", ".join(s["version"] for s in releases) or "none"
    raise StoreError(
        f"no release {version!r} of {store.resolve_repo(repo)} is indexed (indexed: {known})", kind="missing"
    )


def _brief(rec: dict[str, Any], version: str) -> dict[str, Any]:
    return {
        "id": rec["id"],
        "version": version,
        "kind": rec["kind"],
        "exc_type": rec["exc_type"],
        "template": rec["template"],
        "path": rec["path"],
        "line": rec["line"],
        "function": rec["function"],
    }


def diff_releases(store: Any, repo: str, old: str, new: str) -> dict[str, Any]:
    """Errors added, removed, reworded, type-changed and moved from release ``old`` to ``new``."""
    name = store.resolve_repo(repo)
    a, b = find_release(store, name, old), find_release(store, name, new)
    ensure_lineages(store, name)
    lineage = lineage_map(store, name)
    recs_a = snapshot_records(store, a["id"])
    recs_b = snapshot_records(store, b["id"])

    def by_lineage(recs: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
        out: dict[str, dict[str, Any]] = {}
        for r in sorted(recs, key=lambda r: (r["path"], r["line"] or 0, r["id"])):
            out.setdefault(lineage.get(r["id"], r["id"]), r)
        return out

    la, lb = by_lineage(recs_a), by_lineage(recs_b)
    va, vb = a["version"], b["version"]
    result: dict[str, list[dict[str, Any]]] = {k: [] for k in CHANGE_KINDS}
    for key, rec in lb.items():
        if key not in la:
            result["added"].append(_brief(rec, vb))
    for key, rec in la.items():
        if key not in lb:
            result["removed"].append(_brief(rec, va))
            continue
        to = lb[key]
        if to["id"] == rec["id"]:
            continue
        pair = {"from": _brief(rec, va), "to": _brief(to, vb)}
        if rec["template"] != to["template"]:
            result["reworded"].append(pair | {"diff": wording_diff(rec["template"], to["template"])})
        if rec["exc_type"] != to["exc_type"]:
            result["type_changed"].append(pair)
        if rec["path"] != to["path"] or rec["function"] != to["function"]:
            result["moved"].append(pair)
    for items in result.values():
        items.sort(key=lambda x: _sort_key(x))
    return {
        "repo": name,
        "from": {"version": va, "snapshot_id": a["id"]},
        "to": {"version": vb, "snapshot_id": b["id"]},
        "counts": {k: len(v) for k, v in result.items()},
        **result,
    }


def _sort_key(item: dict[str, Any]) -> tuple[str, int, str]:
    rec = item.get("to", item)
    return (rec["path"], rec["line"] or 0, rec["id"])
