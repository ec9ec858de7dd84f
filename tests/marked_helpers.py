"""What the extractor records at each marked line of a small module (``# <- name``)."""

from __future__ import annotations

import re

from errdex.extract import extract
from errdex.model import SourceFile

_MARK = re.compile(r"# <- (\w+)")


def by_mark(source: str, path: str) -> dict[str, set[tuple[str, str]]]:
    """The (type, template) pairs recorded on each marked line of ``source``, by its mark; the
    module is parsed at ``path`` of a package, never imported."""
    by_line: dict[int, set[tuple[str, str]]] = {}
    for r in extract([SourceFile(path, source.encode())], "local/pkg", jobs=1).records:
        by_line.setdefault(r.line, set()).add((r.exc_type, r.template))
    marked = ((n, _MARK.search(text)) for n, text in enumerate(source.split("\n"), 1))
    return {m.group(1): by_line.get(n, set()) for n, m in marked if m is not None}
