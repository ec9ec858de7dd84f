"""HTML fragments the templates cannot build safely on their own: highlighted code and templates.

Everything that reaches the page from the catalogue (message templates, source code, filled-in
values) is code-derived or user-derived and may contain ``<script>``, ``<lambda>`` or ``&``. The
functions here escape every piece themselves and return ``Markup`` only for the markup *they*
add, so the templates can stay on Jinja2's autoescape and never call ``|safe`` on raw data.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from markupsafe import Markup, escape
from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.lexers import PythonLexer, TextLexer, get_lexer_for_filename
from pygments.util import ClassNotFound

__all__ = [
    "code_window",
    "file_listing",
    "highlight_template",
    "prose",
    "segments_for",
    "snippet",
]

# Long lines in minified or generated files make Pygments slow and the page unreadable; a file
# listing beyond this many bytes is shown as plain text.
_MAX_HIGHLIGHT_BYTES = 2_000_000


def highlight_template(segments: Sequence[str], values: Mapping[str, str] | None = None) -> Markup:
    """A message template with placeholders styled, or replaced by their filled ``<mark>`` values.

    Uses the segment form (``[lit, name, lit, ...]``) rather than parsing ``{...}`` out of the
    human form, because literals may contain braces of their own.
    """
    out: list[str] = []
    for i, part in enumerate(segments):
        if i % 2 == 0:
            out.append(str(escape(part)))
        elif values is not None and part in values:
            out.append(f'<mark title="{escape(part)}">{escape(values[part])}</mark>')
        else:
            out.append(f'<span class="ph">{{{escape(part)}}}</span>')
    return Markup("".join(out))


# A backticked span on one line, or a bare http(s) URL. Backticks win when they start first, so a URL
# quoted as code stays code. The URL stops at whitespace, quotes, angle brackets and backticks.
_INLINE = re.compile(r"`([^`\n]+)`|(https?://[^\s<>\"'`]+)")
_URL_TRAILING = ".,;:!?'\""


def prose(text: Any) -> Markup:
    """Analysis prose as HTML: escaped, with paired backticks as ``<code>`` and bare URLs as links.

    Every piece of ``text`` goes through ``escape`` (``Markup.format`` escapes its arguments);
    only the ``<code>``/``<a>`` tags written here are markup. An unpaired backtick stays literal.
    Links get ``rel="nofollow noopener"``: the URL comes from code or a model, not from us.
    """
    s = "" if text is None else str(text)
    out: list[str] = []
    pos = 0
    for m in _INLINE.finditer(s):
        out.append(str(escape(s[pos : m.start()])))
        pos = m.end()
        if m.group(1) is not None:
            out.append(Markup("<code>{}</code>").format(m.group(1)))
            continue
        url, tail = _trim_url(m.group(2))
        if url.rstrip("/").endswith(":"):  # nothing left after the scheme: not a link
            out.append(str(escape(m.group(2))))
            continue
        out.append(Markup('<a href="{0}" rel="nofollow noopener">{0}</a>').format(url))
        out.append(str(escape(tail)))
    out.append(str(escape(s[pos:])))
    return Markup("".join(out))


def _trim_url(url: str) -> tuple[str, str]:
    """Split sentence punctuation off a URL's end; keep a ``)`` that closes a ``(`` inside it.

    The parentheses of what is left are counted once and kept up to date as the end moves: a
    count of the prefix at every step was quadratic in a run of ``)`` (a guard of indexed code
    holding a backtick, a URL and 80,000 of them took 7 s to render its error page)."""
    end = len(url)
    opened, closed = url.count("("), url.count(")")
    while end:
        c = url[end - 1]
        if c in _URL_TRAILING or (c == ")" and opened < closed):
            end -= 1
            if c == ")":
                closed -= 1
            continue
        break
    return url[:end], url[end:]


def segments_for(
    template: str, candidates: Sequence[Sequence[str]], values: Mapping[str, str] | None
) -> list[str]:
    """Pick the segment list whose placeholder names the matcher's ``values`` fill best.

    The matcher may have matched the *expanded* segments (helpers inlined), whose placeholder
    names differ from the stored ``segments``; highlighting with the wrong list would show
    unfilled ``{names}`` next to a match that actually filled them.
    """
    best: list[str] | None = None
    best_hits = -1
    for segs in candidates:
        names = set(segs[1::2])
        hits = len(names & set(values or ()))
        if hits > best_hits:
            best, best_hits = list(segs), hits
    return best if best is not None else [template]


@lru_cache(maxsize=64)
def _lexer_for(path: str) -> Any:
    if path.endswith((".py", ".pyi")):
        return PythonLexer(stripnl=False, ensurenl=False)
    try:
        return get_lexer_for_filename(path, stripnl=False, ensurenl=False)
    except ClassNotFound:
        return TextLexer(stripnl=False, ensurenl=False)


def code_window(lines: Sequence[str], start: int, marked: Sequence[int], path: str = "x.py") -> Markup:
    """The source window around a raise, numbered from ``start`` and with the raise lines marked.

    ``marked`` holds absolute line numbers; Pygments' ``hl_lines`` counts from the window's first
    line, so they are shifted here. Line anchors (``#L123``) let the page link into the window.
    """
    text = "\n".join(lines) + "\n"
    rel = [n - start + 1 for n in marked if start <= n < start + len(lines)]
    fmt = HtmlFormatter(
        linenos="table",
        linenostart=start,
        hl_lines=rel,
        cssclass="code",
        lineanchors="W",
        anchorlinenos=False,
        wrapcode=True,
    )
    return Markup(highlight(text, _lexer_for(path), fmt))


def snippet(code: str, path: str = "x.py") -> Markup:
    """A short highlighted block without line numbers (an example fix); Pygments escapes it."""
    text = code if code.endswith("\n") else code + "\n"
    return Markup(highlight(text, _lexer_for(path), HtmlFormatter(cssclass="code snippet", wrapcode=True)))


def file_listing(text: str, path: str) -> Markup:
    """A whole stored file, each line anchored ``#L123`` so links into it land on the line."""
    lexer = _lexer_for(path) if len(text) <= _MAX_HIGHLIGHT_BYTES else TextLexer()
    fmt = HtmlFormatter(
        linenos="table",
        cssclass="code",
        lineanchors="L",
        anchorlinenos=True,
        wrapcode=True,
    )
    html = highlight(text if text.endswith("\n") else text + "\n", lexer, fmt)
    # Pygments names anchors "L-123"; GitHub-style links use "#L123". Quotes inside code are
    # escaped as &quot;, so '"L-' and '#L-' occur only in the attributes Pygments wrote.
    return Markup(html.replace('"L-', '"L').replace('"#L-', '"#L'))
