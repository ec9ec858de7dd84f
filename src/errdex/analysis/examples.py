"""The codebase's own tests as examples: "this code triggers it", pinned to the snapshot.

A test that expects an error is the best example there is: it was written by the library's
authors and it runs in their CI. The expectation records where the ``pytest.raises`` block is;
the example shows the whole test function (or a window around the block when the function is
long), sliced from the stored test file without parsing it. The contrast test is chosen from the
test functions the extractor recorded for that file at index time.
"""

from __future__ import annotations

import re
from typing import Any

from errdex.analysis.result import Contrast, Example
from errdex.store.records import Snapshot, Version, permalink

__all__ = ["contrast_for", "examples_for", "tests_note"]

_MAX_EXAMPLES = 3
_MAX_LINES = 40


def examples_for(store: Any, ctx: Any, error_id: str, version: Version) -> list[Example]:
    """The tests of ``ctx``'s snapshot linked to the error, sliced; ``version`` pins their links."""
    out: list[Example] = []
    for exp in ctx.expectations_of(error_id)[:_MAX_EXAMPLES]:
        lines = ctx.lines(store, exp.path)
        start, end = _function_span(lines, exp.line, exp.function)
        if end - start + 1 > _MAX_LINES:
            start = max(start, exp.line - 10)
            end = min(end, exp.end_line + 2)
        link = permalink(version, exp.path, exp.line, exp.end_line)
        out.append(Example.sliced(exp, lines, start, end, link.url if link else None))
    return out


_MAX_CONTRAST_LINES = 30


def contrast_for(store: Any, ctx: Any, examples: list[Example]) -> list[Contrast]:
    """A passing sibling test: it calls what the failing example calls, and expects no error.

    Seeing the same API used without the error shows the difference that matters, which is
    why the seeds' "before/after" fixes are useful — except that this one runs in the
    library's own CI instead of being invented.
    """
    out: list[Contrast] = []
    for ex in examples[:2]:
        lines = ctx.lines(store, ex.path)
        tests = _tests_of(ctx, ex.path)
        mine = next((t for t in tests if t[1] <= ex.line <= t[2]), None)
        if mine is None:
            continue
        # Names most tests of the file call (np.array, fit) say nothing about the subject.
        df: dict[str, int] = {}
        for t in tests:
            for c in t[3]:
                df[c] = df.get(c, 0) + 1
        # The subject is what the expecting block calls (lda.perplexity(X) inside pytest.raises),
        # else anything distinctive the failing test calls.
        inside = frozenset(n for ln, n in mine[5] if ex.line <= ln <= ex.end_line and n in mine[3])
        subject = inside or mine[3]
        distinctive = frozenset(c for c in subject if df[c] <= max(2, len(tests) * 0.3)) or inside
        best: tuple[int, int, _Test] | None = None
        for t in tests:
            if t is mine or t[4]:
                continue
            shared = len(t[3] & distinctive)
            prefix = len(_common_prefix(t[0], mine[0]))
            if shared and (best is None or (shared, prefix) > best[:2]):
                best = (shared, prefix, t)
        if best is None:
            continue
        name, start, end, calls, _, _ = best[2]
        calls = calls & distinctive
        end = min(end, start + _MAX_CONTRAST_LINES - 1)
        if any(c.path == ex.path and c.line == start for c in out):
            continue
        out.append(
            Contrast(
                path=ex.path,
                line=start,
                end_line=end,
                start=start,
                function=name,
                source="\n".join(lines[start - 1 : end]),
                shared=tuple(sorted(calls)[:5]),
                contrasts=ex.function,
            )
        )
    return out


def _common_prefix(a: str, b: str) -> str:
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return a[:n]


# (qualname, first line, last line, distinctive names called, expects an error, (line, name) of every call)
_Test = tuple[str, int, int, frozenset[str], bool, tuple[tuple[int, str], ...]]


def _tests_of(ctx: Any, path: str) -> list[_Test]:
    """Each test function of a file, as the extractor recorded it (see ``_Test``)."""
    return [
        (t.qualname, t.line, t.end_line, frozenset(t.subject), t.expects, tuple(t.calls))
        for t in ctx.reader.tests_in(ctx.snapshot_id, path)
    ]


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


def tests_note(snapshot: Snapshot, n_expectations: int, n_examples: int) -> str:
    """Say plainly where examples come from, and when the source could not provide any."""
    archive = snapshot.archive or ""
    project = archive.split("-", 1)[0] if archive else snapshot.repo.rsplit("/", 1)[-1]
    version = snapshot.version
    if archive.endswith(".whl"):
        what = "wheel"
    elif archive:
        what = "source distribution"
    elif snapshot.ref_kind == "git":
        what = "repository"
    else:
        what = "directory"
    sdist = snapshot.stats.tests_from
    if sdist:  # the wheel had no tests, so its sdist was read for them
        what = f"wheel and its sdist ({sdist})" if n_expectations == 0 else f"sdist ({sdist})"
    unread = snapshot.stats.tests_unread
    if unread and n_expectations == 0:  # indexed with --no-sdist-tests
        return (
            f"The {project} {version} {what} ships no tests, and its sdist ({unread}) was not read "
            "for them (indexed with --no-sdist-tests), so no example from its test suite."
        )
    if n_expectations == 0:
        return f"The {project} {version} {what} shipped no tests, so no example from its test suite."
    if n_examples == 0:
        return (
            f"The {project} {version} {what} has {n_expectations} test expectations of errors; "
            "none of them matches this error's message."
        )
    return f"From the {project} {version} test suite: {n_examples} test(s) expect this error."
