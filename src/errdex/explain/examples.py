"""The codebase's own tests as examples: "this code triggers it", pinned to the snapshot.

A test that expects an error is the best example there is: it was written by the library's
authors and it runs in their CI. The expectation records where the ``pytest.raises`` block is;
the example shows the whole test function (or a window around the block when the function is
long), sliced from the stored test file without parsing it.
"""

from __future__ import annotations

import re
from typing import Any

from errdex.views import permalink

__all__ = ["examples_for", "tests_note"]

_MAX_EXAMPLES = 3
_MAX_LINES = 40


def examples_for(store: Any, ctx: Any, error_id: str, view: dict[str, Any]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    version = next((v for v in view.get("versions", []) if v.get("snapshot_id") == ctx.snapshot_id), None)
    for exp in sorted(ctx.expectations.get(error_id, []), key=lambda e: (e["path"], e["line"]))[:_MAX_EXAMPLES]:
        lines = ctx.lines(store, exp["path"])
        start, end = _function_span(lines, exp["line"], exp["function"])
        if end - start + 1 > _MAX_LINES:
            start = max(start, exp["line"] - 10)
            end = min(end, exp["end_line"] + 2)
        item: dict[str, Any] = {
            "path": exp["path"], "line": exp["line"], "end_line": exp["end_line"],
            "function": exp["function"], "source": "\n".join(lines[start - 1:end]), "start": start,
            "kind": exp["kind"], "exc_type": exp["exc_type"], "pattern": exp["pattern"],
        }
        if version is not None:
            link = permalink(version, exp["path"], exp["line"], exp["end_line"])
            if link:
                item["permalink"] = link["url"]
        out.append(item)
    return out


def _function_span(lines: list[str], line: int, function: str) -> tuple[int, int]:
    """The enclosing ``def`` of the test, found by name and indentation, and where it ends."""
    name = function.rsplit(".", 1)[-1]
    if name.startswith("<") or not lines:
        return max(1, line - 5), min(len(lines), line + 5)
    pat = re.compile(rf"^(\s*)(?:async\s+)?def\s+{re.escape(name)}\s*\(")
    start, indent = max(1, line - 5), 0
    for n in range(min(line, len(lines)), 0, -1):
        m = pat.match(lines[n - 1])
        if m:
            start, indent = n, len(m.group(1))
            while start > 1 and lines[start - 2].lstrip().startswith("@"):  # decorators
                start -= 1
            break
    end = len(lines)
    for n in range(max(line, start) + 1, len(lines) + 1):
        text = lines[n - 1]
        if text.strip() and not text.lstrip().startswith("#") and len(text) - len(text.lstrip()) <= indent:
            end = n - 1
            break
    while end > start and not lines[end - 1].strip():
        end -= 1
    return start, end


def tests_note(snapshot: dict[str, Any], n_expectations: int, n_examples: int) -> str:
    """Say plainly where examples come from, and when the source could not provide any."""
    archive = snapshot.get("archive") or ""
    project = archive.split("-", 1)[0] if archive else snapshot["repo"].rsplit("/", 1)[-1]
    version = snapshot.get("version")
    if archive.endswith(".whl"):
        what = "wheel"
    elif archive:
        what = "source distribution"
    elif snapshot.get("ref_kind") == "git":
        what = "repository"
    else:
        what = "directory"
    if n_expectations == 0:
        return f"The {project} {version} {what} shipped no tests, so no example from its test suite."
    if n_examples == 0:
        return (f"The {project} {version} {what} has {n_expectations} test expectations of errors; "
                "none of them matches this error's message.")
    return f"From the {project} {version} test suite: {n_examples} test(s) expect this error."
