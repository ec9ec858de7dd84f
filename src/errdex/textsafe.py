"""Text from a catalogue made safe to show: no terminal control sequences, no credentials in URLs.

Everything errdex prints comes, in the end, from code it indexed or from a catalogue someone
else may have built, and neither is trusted. A message template holding ``\\x1b[41m`` or
``\\x1b]0;...\\x07`` would recolour, retitle or rewrite the reader's terminal, and a bidi override
(U+202E) makes printed text read differently from what it is. ``printable`` shows every such
character as a visible escape instead, in one ``str.translate`` pass (linear, no regex), and is
the one filter every terminal writer uses. ``--json`` output needs none of this: ``json.dumps``
escapes control characters itself.

URLs carry passwords (``https://user:pw@host/v1``, ``postgresql://user:pw@host/db``);
``redact_url`` removes the user-info part of every URL in a message before it is shown or logged.
"""

from __future__ import annotations

__all__ = ["decode_source", "markup_escape", "printable", "redact_url", "truncate", "valid_unicode"]

# Bidirectional formatting characters: embeddings/overrides (U+202A..U+202E), isolates
# (U+2066..U+2069) and the implicit marks, which can reorder what a reader sees.
_BIDI = (*range(0x202A, 0x202F), *range(0x2066, 0x206A), 0x200E, 0x200F, 0x061C)


_NAMED = {ord("\n"): "\\n", ord("\t"): "\\t", ord("\r"): "\\r"}


def _escape_for(cp: int) -> str:
    if cp in _NAMED:
        return _NAMED[cp]
    return f"\\x{cp:02x}" if cp < 0x100 else f"\\u{cp:04x}"


def _table(*, newlines: bool) -> dict[int, str]:
    """C0 and C1 controls, DEL, bidi controls and lone surrogates -> visible escapes."""
    controls = [*range(0x00, 0x20), 0x7F, *range(0x80, 0xA0), *_BIDI]
    table = {cp: _escape_for(cp) for cp in controls}
    if newlines:  # layout characters the caller wants kept
        del table[ord("\n")], table[ord("\t")]
    # A lone surrogate cannot be encoded for the terminal at all (UnicodeEncodeError on print).
    table.update({cp: "\ufffd" for cp in range(0xD800, 0xE000)})
    return table


_KEEP_LINES = _table(newlines=True)
_ONE_LINE = _table(newlines=False)


def printable(text: object, *, newlines: bool = True) -> str:
    """``text`` with every control character shown as an escape (``\\x1b``), safe for a terminal.

    ``newlines=True`` keeps ``\\n`` and ``\\t`` where the layout needs them (code windows,
    multi-line messages); ``False`` escapes them too, for one-line fields (table cells, TSV).
    """
    return str(text).translate(_KEEP_LINES if newlines else _ONE_LINE)


def decode_source(data: bytes) -> tuple[str, str | None]:
    """Source bytes as text, the one way every stage decodes them, and a note when it fell back.

    PEP 263 decides (a BOM or a coding cookie, else UTF-8); bytes that do not decode that way
    are read as latin-1, which never fails and keeps every line where it was, and the note says
    so. The extractor, the test finder and the stored copy shown on pages read the same text.
    """
    import io
    import tokenize

    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
        return data.decode(encoding), None
    except (SyntaxError, LookupError, UnicodeDecodeError) as exc:
        return data.decode("latin-1"), f"decoded as latin-1 ({type(exc).__name__}: {exc})"


def truncate(text: str, width: int = 60, *, one_line: bool = True) -> str:
    """The start of ``text``, at most ``width`` characters, ``…`` when cut.

    Titles and lists show a message template's start, like the seed pages do: ``one_line``
    makes each whitespace run one space. A cut never splits a ``{placeholder}``: ``{k + 1}`` is
    shown whole or not at all, since half of one (``{k +``) reads as different text.
    """
    flat = " ".join(text.split()) if one_line else text
    if len(flat) <= width:
        return flat
    head = flat[: max(width - 1, 0)]
    opened = head.rfind("{")
    if opened > head.rfind("}") and opened >= width // 2:  # the cut falls inside a placeholder
        head = head[:opened]
    return head.rstrip() + "…"


def valid_unicode(text: str) -> str:
    """``text`` with each lone surrogate replaced by U+FFFD: what UTF-8 (a database, a socket) takes.

    Python strings may hold lone surrogates (``"\\udc80"`` in indexed source, ``"\\ud800"`` in a
    JSON request); encoders refuse them, so they are replaced where text leaves the process.
    """
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        # Through UTF-16, where a lone surrogate is one invalid code unit: one U+FFFD each.
        return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")
    return text


def markup_escape(text: object) -> str:
    """``printable`` text, then escaped for rich markup: what goes inside ``console.print(f"[b]...")``."""
    from rich.markup import escape

    return escape(printable(text))


# Characters that end a URL's authority part (``scheme://AUTHORITY/path``) in running text.
_AUTHORITY_END = frozenset("/?#\\ \t\r\n\"'<>()[]{},;|`")


def redact_url(text: str) -> str:
    """Replace the user-info of every ``scheme://user:password@host`` in ``text`` by ``***``.

    Works on whole messages (an HTTP error that echoes the request URL, a driver error naming
    the connection URL), not just on one URL. A linear scan: each ``://`` is looked at once, and
    the authority after it ends at the first character that cannot be part of one.
    """
    out: list[str] = []
    pos = 0
    while True:
        start = text.find("://", pos)
        if start < 0:
            break
        auth = start + 3
        end = auth
        while end < len(text) and text[end] not in _AUTHORITY_END:
            end += 1
        at = text.rfind("@", auth, end)
        if at >= 0:
            out.append(text[pos:auth])
            out.append("***")
            pos = at  # keep "@host..."
        else:
            out.append(text[pos:end])
            pos = end
    out.append(text[pos:])
    return "".join(out)
