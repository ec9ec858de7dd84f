"""One view of an error, shared by ``errdex show``, the JSON API and the web page.

Both front ends render the same dict, so the terminal, the page and ``/api/errors/{id}`` can never
disagree about an error. Building it is read-only work on the store plus the analysis stage.
"""

from __future__ import annotations

from typing import Any

from errdex.history.versions import error_history
from errdex.model import render_template
from errdex.store.records import CatalogueReader, permalink


def issue_url(repo_url: str | None, error: dict[str, Any]) -> str | None:
    """A pre-filled new-issue link on the codebase's tracker (GitHub/GitLab style)."""
    if not repo_url or not repo_url.startswith("https://"):
        return None
    from urllib.parse import urlencode

    title = f"{error['exc_type']}: {error['template'][:120]}"
    body = f"errdex error {error['id']} raised at `{error['path']}:{error.get('line', '')}`"
    return f"{repo_url.rstrip('/')}/issues/new?" + urlencode({"title": title, "body": body})


def error_view(store: CatalogueReader, err: dict[str, Any], *, analysis: bool = True) -> dict[str, Any]:
    """The full JSON of an error: identity, latest occurrence with its code, all versions, analysis."""
    occs = err["occurrences"]
    latest = occs[-1]
    text = store.file_text(latest["snapshot_id"], err["path"]) or ""
    lines = text.splitlines()
    ws, we = latest["window_start"], min(latest["window_end"], len(lines))
    view: dict[str, Any] = {
        "id": err["id"],
        "repo": err["repo"],
        "repo_url": err.get("repo_url"),
        "kind": err["kind"],
        "exc_type": err["exc_type"],
        "exc_qualname": err["exc_qualname"],
        "exc_bases": latest["exc_bases"],
        "level": latest["level"],
        "template": err["template"],
        "segments": err["segments"],
        "expanded_template": render_template(latest["expanded_segments"]),
        "expanded_segments": latest["expanded_segments"],
        "path": err["path"],
        "line": latest["line"],
        "end_line": latest["end_line"],
        "function": err["function"],
        "version": latest["version"],
        "guards": latest["guards"],
        "source": {"start": ws, "lines": lines[ws - 1 : we]},
        "comments": latest["comments"],
        "docstring": latest["docstring"],
        "permalink": permalink(latest["version"], err["path"], latest["line"], latest["end_line"]),
        "versions": [{**o["version"], "line": o["line"], "snapshot_id": o["snapshot_id"]} for o in occs],
        "report_issue": issue_url(err.get("repo_url"), {**err, "line": latest["line"]}),
        # the lineage over every indexed release: runs of releases, rewordings, moves
        "history": error_history(store.timeline, err["id"], err["repo"]),
    }
    if analysis:
        from errdex.analysis import analyze_error

        view["analysis"] = analyze_error(store, err)
    return view
