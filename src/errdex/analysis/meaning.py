"""What an error means, from what the code itself says — no model involved.

The ingredients, each cheap and each checkable: the exception type's usual meaning (from
``errdex.pyexc``, because ``NotImplementedError`` tells a user something very different from
``ValueError``), the message, the enclosing function and the first sentence of its docstring, and
the comments around the raise. Comments matter most: jax's ``mpmd.py`` explains the limits of
MPMD maps in three TODOs above the check, better than any paraphrase could. Quoted text from the
code is set in “curly quotes”: it is evidence, not errdex's claim, and the grounding check skips it.
"""

from __future__ import annotations

import re

from errdex.pyexc import GENERAL, MEANINGS, builtin_ancestors, builtin_meaning, is_builtin

__all__ = ["UNKNOWN_TYPE", "gather_notes", "meaning_text", "type_meaning"]

UNKNOWN_TYPE = "<unknown>"  # the extractor's type for ``raise err``, whose class it cannot see

_NOTE = re.compile(r"^(TODO|FIXME|XXX|HACK|NOTE|BUG)\b", re.I)
_PRAGMA = re.compile(r"^(pyrefly|type|noqa|pylint|pragma|mypy|fmt|isort|pyright|ruff)\b", re.I)


def type_meaning(
    exc_type: str, bases: list[str], kind: str, level: str | None, direct: list[str] | None = None
) -> str:
    """What the type of an error tells a user, before anything about the raise itself.

    A built-in type (or a codebase class built on one) says what it says in Python; only a class
    with no built-in ancestor errdex can see is "specific to this library". A built-in the class
    names among its own ``direct`` bases comes first: one inherited through the library's root
    class (requests' ``RequestException(IOError)``) is that library's catch-all, and describes an
    ``InvalidURL(RequestException, ValueError)`` worse than its own ``ValueError`` does.
    """
    if kind == "log":
        return f"a message logged at level {level or 'WARNING'}; the program carries on unless it is an error log"
    if kind == "assertion":
        return MEANINGS["AssertionError"]
    last = exc_type.rsplit(".", 1)[-1]
    if last in MEANINGS:
        return MEANINGS[last]
    own = [b for b in (direct or []) if is_builtin(b.rsplit(".", 1)[-1])]
    for base in (b.rsplit(".", 1)[-1] for b in [*own, *bases]):
        known = next((a for a in (base, *builtin_ancestors(base)) if a in MEANINGS), None)
        if known is not None:
            return f"a codebase-specific kind of {known}: " + MEANINGS[known]
    if not bases and is_builtin(last):
        return builtin_meaning(last) or GENERAL
    if last.endswith("Warning"):
        return (
            "a warning specific to this library: the call goes on, but its result may not be what you expect"
        )
    if last == UNKNOWN_TYPE:
        return (
            "an exception object the code holds in a variable, so its type is decided at run time; "
            "the traceback's last line names it"
        )
    named = [
        b.rsplit(".", 1)[-1] for b in bases if b.rsplit(".", 1)[-1] not in ("Exception", "BaseException")
    ]
    if named:
        return f"a kind of error specific to this library, built on {named[0]}"
    return "a kind of error specific to this library"


def function_phrase(function: str) -> str:
    """``_mpmd_map.<locals>.wrapper`` -> "the nested function `wrapper` of `_mpmd_map`"."""
    if function == "<module>":
        return "at module level (on import)"
    if ".<locals>." in function:
        outer, _, inner = function.partition(".<locals>.")
        inner_last = inner.rsplit(".", 1)[-1]
        outer_head = outer.split(".<locals>.")[0]
        if inner_last.startswith("<"):
            return f"inside `{outer_head}`"
        return f"in the nested function `{inner_last}` of `{outer_head}`"
    if function.startswith("<"):
        return "at module level"
    return f"in `{function}`"


def first_sentence(doc: str | None) -> str | None:
    if not doc:
        return None
    para = doc.strip().split("\n\n", 1)[0]
    para = " ".join(line.strip() for line in para.splitlines())
    m = re.match(r"(.+?[.!?])(\s|$)", para)
    sent = (m.group(1) if m else para).strip()
    return sent[:300] or None


def gather_notes(lines: list[str], line: int, end_line: int, func_start: int, extra: list[str]) -> list[str]:
    """Comments that speak about this raise: above it and above each enclosing block header.

    Walking up from the raise, a comment counts when nothing but blank lines or enclosing
    headers separates it from the raise; comments inside sibling statements do not. Consecutive
    comment lines are joined into one note; a TODO/NOTE/FIXME starts a new one.
    """
    picked: list[tuple[int, str]] = []
    for n in range(line, min(end_line, len(lines)) + 1):  # comments inside the statement
        m = re.search(r"#\s?(.*)$", lines[n - 1])
        if m and lines[n - 1].lstrip().startswith("#"):
            picked.append((n, m.group(1)))
    if 0 < line <= len(lines):
        ind = _indent(lines[line - 1])
        adjacent = True
        for n in range(line - 1, max(func_start, 1) - 1, -1):
            text = lines[n - 1]
            stripped = text.strip()
            if not stripped:
                continue
            if stripped.startswith("#"):
                if adjacent and _indent(text) <= ind:
                    picked.append((n, stripped.lstrip("#").strip()))
                continue
            indent = _indent(text)
            if indent < ind:
                ind, adjacent = indent, True
            elif indent == ind:
                adjacent = False
    picked.sort()
    notes: list[str] = []
    prev = -10
    for n, c in picked:
        if not c or _PRAGMA.match(c):
            prev = -10
            continue
        if notes and n == prev + 1 and not _NOTE.match(c):
            notes[-1] += " " + c
        else:
            notes.append(c)
        prev = n
    for c in extra:
        c = c.strip()
        if c and not _PRAGMA.match(c) and not any(c in note for note in notes):
            notes.append(c)
    return notes


def _indent(text: str) -> int:
    return len(text) - len(text.lstrip(" \t"))


def is_todo(note: str) -> bool:
    return bool(re.match(r"^(TODO|FIXME|XXX|HACK|BUG)\b", note, re.I))


def meaning_text(
    *,
    exc_type: str,
    kind: str,
    bases: list[str],
    level: str | None,
    function: str,
    path: str,
    docstring: str | None,
    trigger_text: str,
    notes: list[str],
    class_doc: str | None = None,
    direct: list[str] | None = None,
) -> str:
    """A short paragraph: the type's meaning (and its class's own docstring), where, the function's
    purpose, the code's own notes. ``bases`` are the class's ancestors, ``direct`` the bases its
    definition names."""
    name = exc_type.rsplit(".", 1)[-1]
    what = {"warning": "", "log": " log message", "assertion": " assertion"}.get(kind, "")
    if kind == "error" and not name.endswith(("Error", "Exception")):
        what = " error"
    if name == UNKNOWN_TYPE:
        name, what = "error", ""
    meaning = type_meaning(exc_type, bases, kind, level, direct)
    # a class is described ("is a kind of ..."); a built-in type's meaning is a situation
    verb = "is" if meaning.startswith(("a kind of", "a codebase-specific", "a warning specific")) else "means"
    parts = [f"This {name}{what} {verb} {meaning}."]
    doc = first_sentence(class_doc)
    if doc:
        parts.append(f"The class's docstring says: “{doc}”")
    parts.append(f"It comes from {path}, {function_phrase(function)}.")
    sent = first_sentence(docstring)
    if sent:
        parts.append(f"That function's docstring says: “{sent}”")
    if trigger_text:
        parts.append(trigger_text)
    todos = [n for n in notes if is_todo(n)]
    if todos:
        parts.append(
            "The code's own notes mark this as a known limitation: " + " ".join(f"“{t}”" for t in todos[:3])
        )
    return " ".join(parts)
