"""A helper that builds a list of messages and hands it back, joined by its caller at the raise.

``warns, errors = validate_symbols(symbols)`` then ``raise ValueError("\\n".join(warns +
errors))``: the helper appends each problem's text in a loop (``errors.append(f"Invalid
duplicated license key: {dupe!r}.")``) and returns the lists; the caller prints them one a line.
Each appended text is a line the user sees, the same as when the list is built where it is
joined (``test_extract_local_appends``), so the raise holds each of them; a list may be empty,
so each list's line is optional. Exact templates from parsed code, never imported.
"""

from __future__ import annotations

from errdex.extract import extract
from errdex.model import SourceFile

SOURCE = """\
def validate_symbols(symbols):
    warnings = []
    errors = []
    for s in symbols:
        if not s.key:
            errors.append(f"Invalid item: not a symbol: {s!r}.")
    for dupe in sorted(symbols):
        errors.append(f"Invalid duplicated license key: {dupe!r}.")
    for alias in symbols:
        warnings.append(f"Alias {alias!r} is deprecated.")
    return warnings, errors


def collect(paths):
    found = []
    for p in paths:
        found.append(f"Missing file: {p}")
    return found


class Licensing:
    def __init__(self, symbols):
        warns, errors = validate_symbols(symbols)
        if errors:
            raise ValueError("\\n".join(warns + errors))

    def check(self, paths):
        missing = collect(paths)
        if missing:
            raise FileNotFoundError("; ".join(missing))

    def report(self, paths):
        missing = collect(paths)
        raise OSError("\\n".join(["Some files are missing:"] + missing))
"""

# a helper whose returned list holds no message text: the caller's join stays one open hole
PLAIN = """\
def names(rows):
    out = []
    for r in rows:
        out.append(r.name)
    return out, len(out)


def fail(rows):
    got, n = names(rows)
    raise KeyError(", ".join(got))
"""


def _got(src: str) -> dict[int, set[str]]:
    records = extract([SourceFile("m/__init__.py", src.encode())], "local/m", jobs=1).records
    out: dict[int, set[str]] = {}
    for r in records:
        out.setdefault(r.line, set()).add(r.template)
    return out


def test_each_text_a_helper_appends_to_a_returned_list_is_a_line_of_the_join() -> None:
    # each list may be empty, and each line of the message is one item of one of them
    assert _got(SOURCE)[25] == {
        "Invalid item: not a symbol: {s!r}.",
        "Invalid duplicated license key: {dupe!r}.",
        "Alias {alias!r} is deprecated.",
    }


def test_a_returned_list_joined_whole() -> None:
    assert _got(SOURCE)[30] == {"Missing file: {p}"}


def test_a_header_written_beside_a_returned_list_keeps_the_whole_join() -> None:
    assert _got(SOURCE)[34] == {"Some files are missing:\nMissing file: {p}", "Missing file: {p}"}


def test_a_returned_list_of_no_text_keeps_the_hole() -> None:
    assert _got(PLAIN)[10] == {'{", ".join(got)}'}
