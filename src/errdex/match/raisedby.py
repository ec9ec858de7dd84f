"""Standard-library messages that one known callable raises, and the library's calls of it.

A message alone (no traceback) of the standard library's words names no frame of the library,
yet the judge's truth for an error raised below a library frame is that deepest library frame
(``compiled_truth``). When the text is one that a single standard-library callable raises
(``random.sample``'s ``Sample larger than population or is negative``, ``json.dumps``'
``Out of range float values are not JSON compliant``), the library's calls of that callable,
read from the code facts recorded at index time, are the only places it can have come from.
They are answers of ``CALL_KIND``, approximate: no statement of the library holds the text.

The table is ``data/raised_by.txt`` (not the interpreter's messages file, whose digest keys the
stored match index: this table is read at query time only).

The pasted text is untrusted, so nothing here runs a regular expression on it: a row fits by
``verify.fit`` (literals found in order with ``str.find``, linear in the message) and a call's
keyword is found by scanning, not by a backtracking pattern."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources

from errdex.match.verify import compact, word_char

RAISED_BY = ("match", "data", "raised_by.txt")


@dataclass(frozen=True)
class RaisedBy:
    """One message (``{}`` per value) of class ``exc_type`` and the callees (as the code facts
    write them: ``json.dumps``, ``*.sample``) whose call raises it."""

    exc_type: str
    template: str
    callees: tuple[str, ...]
    # the template's literals in ``verify.compact`` form, one more than its ``{}`` holes
    lits: tuple[str, ...]
    # ``name=value`` a call must pass for the callable to raise the text at all (``json.dumps``
    # emits ``NaN`` unless given ``allow_nan=False``), or None
    keyword: str | None = None

    @property
    def callable(self) -> str:
        """The callable named to the reader (``json.dumps``, ``sample``)."""
        return self.callees[0].removeprefix("*.")

    def names(self) -> list[str]:
        """The last names of the callees: the code facts' keys."""
        return list(dict.fromkeys(c.rpartition(".")[2] for c in self.callees))

    def calls(self, callee: str) -> bool:
        """Whether a call written ``callee`` (``seed.sample``, ``json.dumps``) is one of them."""
        return any(callee.endswith(c[1:]) if c.startswith("*.") else callee == c for c in self.callees)

    def passes_keyword(self, call: str) -> bool:
        """Whether the text of a call (``call_text``) passes ``keyword`` as written, its value a
        literal (``allow_nan=False``): a call that does not cannot raise the text. No keyword
        asked for: every call may."""
        if self.keyword is None:
            return True
        name, _, value = self.keyword.partition("=")
        return passes(call, name, value)

    def fits(self, text: str) -> bool:
        """Whether ``text`` (compact) is this row's whole message (``whole``)."""
        return whole(self.lits, text)


def whole(lits: tuple[str, ...], text: str) -> bool:
    """Whether compact ``text`` is the template of compact literals ``lits`` with every hole
    holding 1 to ``MAX_HOLE`` characters: the first literal opens the text, the last closes it,
    and each one between is found leftmost after the hole before it (``str.find``: linear, and
    the leftmost place leaves the most room to what follows; only the hole's upper bound could
    want a later place, and a value of ``MAX_HOLE`` characters is no value of these texts)."""
    first, last = lits[0], lits[-1]
    if len(lits) == 1:
        return text == first
    if not text.startswith(first) or not text.endswith(last):
        return False
    pos, stop = len(first), len(text) - len(last)
    for lit in lits[1:-1]:
        at = text.find(lit, pos + 1, stop)
        if at < 0 or at - pos > MAX_HOLE:
            return False
        pos = at + len(lit)
    return 1 <= stop - pos <= MAX_HOLE


MAX_HOLE = 500  # characters a ``{}`` of a row may hold (compact): a value, not a pasted log
MAX_MESSAGE = 2000  # characters of a message read at all: these texts are one line


def passes(call: str, name: str, value: str) -> bool:
    """Whether ``call`` has ``name = value`` with whole words on both sides (spaces around ``=``
    allowed): each occurrence of ``name`` looked at once, so the scan is linear in the call."""
    at = call.find(name)
    while at >= 0:
        end = at + len(name)
        if at == 0 or not word_char(call[at - 1]):
            i = end
            while i < len(call) and call[i].isspace():
                i += 1
            if i < len(call) and call[i] == "=" and call[i + 1 : i + 2] != "=":
                i += 1
                while i < len(call) and call[i].isspace():
                    i += 1
                after = i + len(value)
                if call.startswith(value, i) and (after == len(call) or not word_char(call[after])):
                    return True
        at = call.find(name, end)
    return False


MAX_CALL_LINES = 20  # lines of a call's text read for its keywords (``call_text``)
MAX_CALL_CHARS = 4000  # and characters: a minified line must not make the scan long


def call_text(source: str, line: int) -> str:
    """The text of the call that begins on ``line`` (1-based) of ``source``: from that line to
    where its parentheses close, at most ``MAX_CALL_LINES`` lines (brackets inside strings are
    rare in an argument list, and a miscount only reads a line too many or too few). Read from
    the catalogue's stored file, for the few calls the code facts named: no parse."""
    lines = source.splitlines()[line - 1 : line - 1 + MAX_CALL_LINES]
    depth, out = 0, []
    for text in lines:
        out.append(text)
        depth += text.count("(") - text.count(")")
        if depth <= 0 and "(" in "".join(out):
            break
    return "\n".join(out)[:MAX_CALL_CHARS]


@cache
def raised_by_table() -> tuple[RaisedBy, ...]:
    """The parsed table: ``TYPE<TAB>template<TAB>callees`` lines, ``#`` comments skipped."""
    text = resources.files("errdex").joinpath(*RAISED_BY).read_text(encoding="utf-8")
    out: list[RaisedBy] = []
    for raw in text.splitlines():
        if not raw.strip() or raw.startswith("#"):
            continue
        exc_type, template, callees, *keyword = raw.split("\t")
        out.append(
            RaisedBy(
                exc_type,
                template,
                tuple(callees.split()),
                tuple(compact(p) for p in template.split("{}")),
                keyword[0] if keyword else None,
            )
        )
    return tuple(out)


def raised_by(message: str, types: list[str]) -> RaisedBy | None:
    """The table's row whose template is the whole message, of the pasted class (by its last
    name, as ``json.decoder.JSONDecodeError`` may be pasted bare); None when none is. A paste
    naming no class is not read: a bare text of these words may be a library's own."""
    bare = {t.rpartition(".")[2] for t in types}
    if not bare or len(message) > MAX_MESSAGE:
        return None
    text = compact(message)
    for row in raised_by_table():
        if row.exc_type.rpartition(".")[2] in bare and row.fits(text):
            return row
    return None
