"""One view of an error, shared by ``errdex show``, the JSON API and the web page.

Every front end renders the same ``ErrorView``, so the terminal, the page and
``/api/errors/{id}`` can never disagree about an error; its ``to_json`` is the published shape
of ``/api/errors/{id}``, ``errdex show --json`` and the MCP ``show_error`` tool. Building it is
read-only work on the store plus the analysis stage.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from errdex.history.versions import ErrorHistory, error_history
from errdex.model import render_template
from errdex.store.records import (
    CatalogueReader,
    ErrorDetail,
    Occurrence,
    Permalink,
    SourceWindow,
    Version,
    permalink,
    source_window,
)

if TYPE_CHECKING:
    from errdex.analysis.result import Analysis
    from errdex.match.result import Match

__all__ = ["NO_MESSAGE", "ErrorView", "error_view", "issue_url", "match_source", "shown_template"]

# What a page or `errdex show` says for a raise with no message text in its source (a bare
# `raise NotImplementedError`, `raise InvalidURL(*e.args)`): an empty heading and an empty
# "Error message" section read as a broken page. True of both kinds: whatever the exception
# prints comes from its arguments at run time, or it prints nothing beyond its class.
NO_MESSAGE = "(no message text in the source)"


def shown_template(template: str) -> str:
    """The template as a heading or list entry shows it: ``NO_MESSAGE`` when it is empty."""
    return template if template.strip() else NO_MESSAGE


def match_source(reader: CatalogueReader, m: Match) -> tuple[int, int, str] | None:
    """(first line, last line, file text) of an answer's statement in its release: an entry's
    raise (``error_source``), or for a library call the error was raised below (``Match.is_call``,
    no catalogue entry) that call's line in the file; None when the catalogue lacks the file."""
    if not m.is_call:
        return reader.error_source(m.id, m.version)
    sid = reader.timeline.snapshot_of(m.repo, m.version)
    text = reader.file_text(sid, m.path) if sid is not None else None
    return None if text is None else (m.line, m.line, text)


@dataclass(frozen=True, slots=True)
class ErrorView:
    """An error as every front end shows it: identity, its latest occurrence with the code around
    it, every release that holds it, its lineage and its analysis."""

    id: str
    repo: str
    repo_url: str | None
    kind: str
    exc_type: str
    exc_qualname: str | None
    exc_bases: tuple[str, ...]
    level: str | None
    template: str
    segments: tuple[str, ...]
    expanded_template: str
    expanded_segments: tuple[str, ...]
    path: str
    line: int
    end_line: int
    function: str
    version: Version  # the latest release that holds the error
    guards: tuple[str, ...]
    source: SourceWindow
    comments: tuple[str, ...]
    docstring: str | None
    permalink: Permalink | None
    versions: tuple[Occurrence, ...]  # one per release that holds it, oldest first
    report_issue: str | None
    # the lineage over every indexed release: runs of releases, rewordings, moves (the same
    # record ``/api/errors/{id}/history`` serves)
    history: ErrorHistory
    analysis: Analysis | None  # None when it was not asked for or the analysis stage failed

    @property
    def latest(self) -> Occurrence:
        return self.versions[-1]

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "repo": self.repo,
            "repo_url": self.repo_url,
            "kind": self.kind,
            "exc_type": self.exc_type,
            "exc_qualname": self.exc_qualname,
            "exc_bases": list(self.exc_bases),
            "level": self.level,
            "template": self.template,
            "segments": list(self.segments),
            "expanded_template": self.expanded_template,
            "expanded_segments": list(self.expanded_segments),
            "path": self.path,
            "line": self.line,
            "end_line": self.end_line,
            "function": self.function,
            "version": self.version.to_json(),
            "guards": list(self.guards),
            "source": self.source.to_json(),
            "comments": list(self.comments),
            "docstring": self.docstring,
            "permalink": self.permalink.to_json() if self.permalink else None,
            "versions": [
                {**o.version.to_json(), "line": o.line, "snapshot_id": o.snapshot_id} for o in self.versions
            ],
            "report_issue": self.report_issue,
            "history": self.history.to_json(),
            "analysis": self.analysis.to_json() if self.analysis is not None else None,
        }


def issue_url(repo_url: str | None, err: ErrorDetail) -> str | None:
    """A pre-filled new-issue link on the codebase's tracker (GitHub/GitLab style)."""
    if not repo_url or not repo_url.startswith("https://"):
        return None
    from urllib.parse import urlencode

    title = f"{err.exc_type}: {err.template[:120]}"
    body = f"errdex error {err.id} raised at `{err.path}:{err.latest.line}`"
    return f"{repo_url.rstrip('/')}/issues/new?" + urlencode({"title": title, "body": body})


def error_view(store: CatalogueReader, err: ErrorDetail, *, analysis: bool = True) -> ErrorView:
    """The full view of an error: identity, latest occurrence with its code, all versions, and
    (unless ``analysis`` is false) its analysis."""
    latest = err.latest
    analysed = None
    if analysis:
        from errdex.analysis import analyze_error

        analysed = analyze_error(store, err)
    return ErrorView(
        id=err.id,
        repo=err.repo,
        repo_url=err.repo_url,
        kind=err.kind,
        exc_type=err.exc_type,
        exc_qualname=err.exc_qualname,
        exc_bases=latest.exc_bases,
        level=latest.level,
        template=err.template,
        segments=err.segments,
        expanded_template=render_template(latest.expanded_segments),
        expanded_segments=latest.expanded_segments,
        path=err.path,
        line=latest.line,
        end_line=latest.end_line,
        function=err.function,
        version=latest.version,
        guards=latest.guards,
        source=source_window(store, err),
        comments=latest.comments,
        docstring=latest.docstring,
        permalink=permalink(latest.version, err.path, latest.line, latest.end_line),
        versions=err.occurrences,
        report_issue=issue_url(err.repo_url, err),
        history=error_history(store.timeline, err.id, err.repo),
        analysis=analysed,
    )
