"""``errdex mcp``: errdex as tools for AI coding assistants, over the Model Context Protocol.

Built on the official ``mcp`` SDK (``MCPServer``), served on stdio. The tools answer with the
facts errdex reads from the code — the raise site (path, line, function, codebase and version),
the message template, the conditions that lead there, the code around it — so an assistant can
quote them instead of guessing:

- ``explain_error``: a pasted message or traceback -> verdict and ranked raise sites;
- ``show_error``: everything known about one error ID (the same view as ``errdex show --json``);
- ``search_errors``: a codebase's errors by words of their message, exception type or path;
- ``index_release``: index ``pypi:NAME==VERSION`` — only when the server was started with
  ``--allow-index``, since it downloads and writes to the catalogue. Without it, ``explain_error``
  also never indexes the installed packages a traceback runs through.

The catalogue is opened per call (a reader is cheap), so an ``errdex index`` run meanwhile is
seen by the next call. Every failure is an error result with one line, never a traceback.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from errdex.match import Match
    from errdex.store.records import CatalogueReader

__all__ = ["build_server", "serve"]

INSTRUCTIONS = (
    "errdex indexes Python libraries' source (every raise, warning and log call) and names the exact "
    "line that raised a pasted error. Call explain_error with the full traceback when you have one; "
    "then show_error with the best match's id for the conditions and code around it. Quote the raise "
    "site and the conditions; they are read from the library's code."
)
_MAX_TEXT = 200_000  # characters of a paste: far more than any traceback, bounds the work


def build_server(db: str | None = None, *, allow_index: bool = False) -> Any:
    """The MCP server with errdex's tools bound to catalogue ``db``."""
    from mcp.server.mcpserver import MCPServer

    from errdex import __version__

    server = MCPServer("errdex", instructions=INSTRUCTIONS, version=__version__)
    tools = _Tools(db, allow_index)
    server.add_tool(
        tools.explain_error,
        name="explain_error",
        description="Find the library line that raised a pasted Python error message or traceback. "
        "Returns the verdict (exact, approximate, builtin, none) and ranked raise sites with their "
        "message template, path:line, function, codebase and version, and the conditions that lead there.",
    )
    server.add_tool(
        tools.show_error,
        name="show_error",
        description="Everything errdex knows about one error ID: message template, raise site, code "
        "window, the conditions that lead to it, what it means, fixes, related errors and versions.",
    )
    server.add_tool(
        tools.search_errors,
        name="search_errors",
        description="Search the indexed errors of a codebase by words of their message (query), by "
        "exception type or by file path. Lists id, exception type, path:line and message template.",
    )
    if allow_index:
        server.add_tool(
            tools.index_release,
            name="index_release",
            description="Index a PyPI release (pypi:NAME==VERSION, or pypi:NAME for the latest) so its "
            "errors can be explained. Downloads the release; reads it without running any of it.",
        )
    return server


def serve(db: str | None = None, *, allow_index: bool = False) -> None:
    """Run the server on stdin/stdout until the client closes it."""
    build_server(db, allow_index=allow_index).run("stdio")


class _Tools:
    """The tools' bodies; each returns plain JSON and raises ``ToolError`` with one line."""

    def __init__(self, db: str | None, allow_index: bool) -> None:
        self.db = db
        self.allow_index = allow_index

    def explain_error(self, text: str, repo: str | None = None, limit: int = 5) -> dict[str, Any]:
        """Explain a pasted error message or traceback."""
        from errdex.autoindex import explain

        if not text.strip():
            raise _user_error("nothing to explain: the text is empty; pass the error message or traceback")
        # the tail, as the paste parser keeps it: an assistant hands over whole command outputs,
        # and the traceback and its exception line are at their end
        text = text[-_MAX_TEXT:]
        out = _guard(
            lambda: explain(text, self.db, repo=repo, limit=max(1, min(limit, 20)), auto=self.allow_index)
        )
        result, reader = out.result, out.reader
        matches = []
        with reader:
            for n, m in enumerate(result.matches):
                item = m.to_json()
                if n == 0:
                    item.update(_site_facts(reader, m))
                matches.append(item)
        answer: dict[str, Any] = {
            "verdict": result.outcome,
            "summary": result.verdict,
            "builtin": result.builtin,
            "tied": result.tie,
            "matches": matches,
        }
        if out.notes:
            answer["indexed"] = out.notes
        if out.hint:
            answer["hint"] = out.hint
        return answer

    def show_error(self, error_id: str) -> dict[str, Any]:
        """Everything known about one error ID."""

        def show() -> dict[str, Any]:
            from errdex.store.fast import open_reader
            from errdex.views import error_view

            with open_reader(self.db) as reader:
                err = reader.get_error(error_id.strip())
                if err is None:
                    raise _user_error(f"no error with ID {error_id!r} in the catalogue")
                return error_view(reader, err).to_json()

        view: dict[str, Any] = _json_safe(_guard(show))
        return view

    def search_errors(
        self,
        query: str = "",
        repo: str | None = None,
        exc_type: str | None = None,
        path: str | None = None,
        limit: int = 20,
    ) -> dict[str, Any]:
        """Errors of a codebase, by message words, exception type or path."""
        limit = max(1, min(limit, 100))

        def search() -> dict[str, Any]:
            from errdex.match.matcher import kept_matcher
            from errdex.store.fast import open_reader

            with open_reader(self.db) as reader:
                if query.strip():
                    # loaded once per catalogue generation for the server's life, not per call
                    matcher = kept_matcher(reader, self.db, repo)
                    result = matcher.explain(query[:_MAX_TEXT], limit=limit, store=reader)
                    rows = [
                        m.to_json()
                        for m in result.matches
                        # a library call the error was raised below is an answer, not an error
                        if not m.is_call
                        and (not exc_type or exc_type.lower() in m.exc_type.lower())
                        and (not path or path in m.path)
                    ]
                    return {"total": len(rows), "errors": rows}
                total, found = reader.list_errors(repo=repo, exc_type=exc_type, path=path, limit=limit)
                return {"total": total, "errors": [r.to_json() for r in found]}

        return _guard(search)

    def index_release(self, spec: str) -> dict[str, Any]:
        """Index a PyPI release into the catalogue."""
        spec = spec.strip()
        if not spec.startswith("pypi:"):
            raise _user_error("index_release takes a PyPI release: pypi:NAME==VERSION or pypi:NAME")

        def run() -> dict[str, Any]:
            from errdex.pipeline import index

            summary = index(spec, self.db, jobs=1)
            return {"summary": summary.line(), **summary.to_json()}

        return _guard(run)


def _site_facts(reader: CatalogueReader, m: Match) -> dict[str, Any]:
    """The grounded facts of the best candidate: conditions and the code around the raise."""
    from errdex.views import match_source

    out: dict[str, Any] = {}
    try:
        err = None if m.is_call else reader.get_error(m.id)  # a library call is no catalogue entry
        if err is not None:
            occ = next((o for o in reversed(err.occurrences) if o.version.name == m.version), err.latest)
            from errdex.analysis.trigger import describe_guards

            out["guards"] = list(occ.guards)
            out["when"] = describe_guards(list(occ.guards)).text
        found = match_source(reader, m)
        if found is not None:
            line, end, text = found
            lines = text.splitlines()
            first, last = max(1, line - 8), min(len(lines), end + 3)
            out["code"] = {"start": first, "lines": lines[first - 1 : last], "raise_line": line}
    except (SyntaxError, ValueError, KeyError):  # facts are extras: the match stands without them
        pass
    return out


def _user_error(message: str) -> Exception:
    from mcp.server.mcpserver.exceptions import ToolError

    return ToolError(message)


def _guard[T](fn: Callable[[], T]) -> T:
    """Run a tool body; a catalogue or source problem becomes one line for the assistant."""
    from mcp.server.mcpserver.exceptions import ToolError

    from errdex.sources.base import SourceError
    from errdex.store.errors import StoreError

    try:
        return fn()
    except ToolError:
        raise
    except (StoreError, SourceError) as e:
        raise ToolError(str(e)) from None
    except OSError as e:
        raise ToolError(e.strerror or str(e)) from None


def _json_safe(value: Any) -> Any:
    """Tuples and other plain values as JSON types (the view holds a few tuples)."""
    if isinstance(value, dict):
        return {str(k): _json_safe(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_json_safe(v) for v in value]
    if value is None or isinstance(value, str | int | float | bool):
        return value
    return str(value)
