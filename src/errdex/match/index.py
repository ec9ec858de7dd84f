"""The prebuilt match index: templates, their key fragments, heads and paths, in flat arrays.

Why this shape: a cold ``errdex explain`` must answer in well under a second against tens of
thousands of templates, so nothing may be rebuilt per query and little may be imported. The index
is built once per catalogue generation (``rebuild_index``) and stored as one store artifact.

* Entries that share the same compact literals (the same error in several snapshots, or several
  raise sites of one message variable) are grouped into one *pattern*, verified once per query.
* Each pattern contributes at most ``KEYS_PER_PATTERN`` *keys*: chunks of ``CHUNK`` characters cut
  from its compact literals (whitespace removed, so re-wrapping does not matter, and substrings, so
  a placeholder glued to a literal — ``k{x}`` rendered ``kx=17`` — cannot hide it), the *rarest*
  ones by document frequency over the catalogue. Any full match contains all of its pattern's
  keys, and the pattern is listed only under its rarest key (its *anchor*): exact candidates are
  the patterns of the anchors that occurred whose other keys occurred too, so the per-query work
  is a few short postings however many templates share a popular fragment. When none of the
  rarest lies inside a literal (they are most often its edges, next to a placeholder, where a
  user cuts a long message with ``...``), the middle of a long literal takes the last place.
* A message cut short only contains the beginning of its template. A confident truncated fit
  places at least ``TRUNC_MIN_LITERAL`` literal characters from the message start, so those
  characters are a *head*: looked up by the message's own prefixes when the template starts with
  a literal (anchored), or as a key when it starts with a placeholder (floating).
* Patterns sharing keys with the message (rarest keys first, volume-capped) are the candidates
  for approximate matching of reworded messages.
* Patterns with no chunk of ``MIN_KEY`` characters (all placeholder, or tiny literals) cannot be
  found this way; only traceback frames lead to them, and they are only ever approximate.
* Paths: a table from catalogue path to entries, so traceback frames can be looked up by suffix,
  and (path, function) / (path, line) tables, so a frame names its entries without walking the
  file's.

The stored form is data, never code: the catalogue may come from anyone (a shared PostgreSQL
server, a downloaded ``.db``), so the artifact is read as flat little-endian arrays and UTF-8
string tables, and every offset and id read from it is checked before use.

Format (``FORMAT``), all integers little-endian::

    b"ERRDEXMI"  u32 format  u32 n            header
    n x (8-byte ASCII name, u64 offset, u64 byte length)          section table
    sections, each at an 8-aligned offset

Each section is one typed array (``SECTIONS`` gives its item type and what it holds) read with
``memoryview.cast``, so nothing is copied at load. Variable-length lists (a pattern's entries, a
key's postings) are an offsets array of ``n + 1`` items into a flat array; strings are ids into
one deduplicated pool (``str_off`` offsets into the UTF-8 bytes ``str_dat``). Entries are
columns; what many entries share is a row of its own table (a snapshot's repo, version and
date; a raise site's kind, types, path and function). Lookups by string (heads, paths, a frame's
function) are sorted arrays of 64-bit keys built from a CRC-32, searched with ``bisect``, and
verified against the stored string where a false hit would matter.
Loading checks the header, the table, every section's bounds, alignment and item size, and the
lengths that tie sections together (``n + 1`` offsets ending at the flat array's length); what
an entry, pattern or posting holds is checked when it is first read (``CorruptIndex``), and the
matcher then rebuilds the index from the catalogue's rows. So a crafted artifact costs at most
time and memory proportional to its own size, and cannot run code.

Only the keys are decoded at load: candidate generation must see every key at once. Keys of
exactly ``CHUNK`` characters (97% of them) go into a dict probed with every ``CHUNK``-character
window of the message; the others (short whole literals, floating heads) into a small
Aho-Corasick automaton built from the stored strings. Measured against rebuilding one automaton
of all keys from the same strings: the whole load takes ~3 ms instead of ~65 ms for jax (15k
keys) and ~0.7 s instead of ~3.8 s at 1M templates (800k keys), for 10-40 microseconds more per
query (the dict probes; the automaton pass over the message costs the same either way). Entries
and patterns are decoded on first use, a pattern part by part (literals to verify it, text to
compare words, names and entries to score it): a query touches a few dozen of them.

Towards one index for a whole ecosystem, memory-mapped and merged per release (10M templates,
shared by every web worker): ``Index.loads`` takes any buffer, so an ``mmap`` of the same bytes
works as is, and all of the index except the key lookup then lives once in the page cache,
however many workers read it. The per-process key dict (about 100 bytes a key) is what would not
scale: at that size the keys become a sorted array of 64-bit hashes per key length, probed by
hashing each window of the message (about a microsecond a window; an automaton of the short
keys stays small). Merging per-release segments is a linear pass over sorted arrays: the string
pools are concatenated (ids shifted), entries appended (ids shifted), patterns merged by their
shape (the segment's literal and placeholder strings), the posting and site tables merged as
sorted runs, and each pattern's keys re-chosen by the merged document frequencies from its
stored literals (choosing is a pass over the literals, not a rebuild from the catalogue's rows).
Offsets are 32-bit, so one segment holds at most 4 GiB of strings and 2**32 list items; a merged
index that outgrows that is a list of such segments, queried in one pass each.
"""

from __future__ import annotations

import heapq
import io
import math
import re
import struct
import sys
from array import array
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import partial
from itertools import accumulate, repeat
from operator import itemgetter
from typing import Any, BinaryIO, NamedTuple, cast, overload
from zlib import crc32

from errdex.match.parse import without_escapes
from errdex.match.runtime import is_runtime
from errdex.match.score import fn_last, importable_file, site_privacy
from errdex.match.score import words as text_words
from errdex.match.verify import compact, loose_lits
from errdex.model import UNKNOWN_EXC_TYPE, CatalogueEntry
from errdex.store.urls import StoreError

_SENTENCE_END = re.compile(r"[.;!?]\s")


def cut_reraise(statement: str) -> bool:
    """Whether a relay's raise statement (its first line, as written or compact) re-raises a
    caught exception with its traceback replaced (``raise exc.with_traceback(None)``). A
    traceback then ends on it, yet the exception and its text were made where it was first
    raised: the frame landing there names no origin (the extractor marks such a raise a relay,
    ``ExcSpec.reraised``; the statement says which relays these are)."""
    return statement.lstrip().startswith("raise") and ".with_traceback(" in statement


# ``raise ValidationError(str(e))``, ``raise Error(f"{exc}") from exc``, ``raise Error(*e.args)``
# (compact: no whitespace): a raise whose whole text is another exception's, as it printed
_COPIES_TEXT = re.compile(
    r"raise[A-Za-z_][\w.]*\((?:\w+=)?(?:str\(\w+\)|f([\"'])\{\w+\}\1|\*\w+\.args|\w+\.args\[0\])\)(?:from\w+)?"
)


def copies_text(statement: str) -> bool:
    """Whether a raise statement (its first line, as written or compact) gives the exception it
    raises the whole text of another one, caught by the function (``except ConfigurationError
    as e: raise ValidationError(str(e))``): the extractor gives such a raise the texts of the
    caught class's raises, each of which is where that text is written (``rank`` puts each of
    them above the copy)."""
    return _COPIES_TEXT.fullmatch(compact(statement)) is not None


# ``raise K(e.msg, ...)``, ``raise K(e.args[0], ...)`` (compact): a raise of a new exception
# from the text another was given, its first argument, further ones allowed. Not ``str(e)``:
# that prints what the caught class's ``__str__`` makes of its text (``KeyError`` quotes it)
_RELAYS_TEXT = re.compile(r"raise[A-Za-z_][\w.]*\(\w+\.(?:msg|message|args\[0\])(?:[,)].*)?")


def reraises_name(statement: str, names: Sequence[str]) -> bool:
    """Whether a raise statement's compact first line raises the object one name holds, the
    template's only placeholder (``raise err``, ``raise exc from None``: ``{err}``): an
    exception caught or handed in, whose text was written where it was built. Not ``raise
    self``: an exception object raising itself (grpc's ``_MultiThreadedRendezvous._next``) is
    raised where it stands, its text what its class renders of its state."""
    if len(names) != 1 or not names[0].isidentifier() or names[0] in ("self", "cls"):
        return False
    head = "raise" + names[0]
    return statement == head or (
        statement.startswith(head + "from") and statement[len(head) + 4 :].isidentifier()
    )


# ``raise InvalidHeader(e, request=request)`` (compact): a new exception of a class named in the
# statement, built on the object one name holds, its first argument, further ones allowed
_WRAPS_NAME = re.compile(r"raise([A-Za-z_][\w.]*)\((\w+)[,)]")


def wraps_name(statement: str, names: Sequence[str], cls: str) -> bool:
    """Whether a raise statement's compact first line raises a new exception of class ``cls``
    (as the statement spells it) built on the object one name holds, the template's only
    placeholder (``except _InvalidHeader as e: raise InvalidHeader(e, request=request)``:
    ``{e}``): as for ``reraises_name``, the text it prints is that object's, written where it
    was built (often in another package), none of it here. A class held in a variable
    (``raise exception_type(msg)``, a helper raising whatever its caller names) is not one."""
    if len(names) != 1 or not names[0].isidentifier() or names[0] in ("self", "cls"):
        return False
    m = _WRAPS_NAME.match(statement)
    return m is not None and m.group(2) == names[0] and m.group(1) == cls


def relays_text(statement: str) -> bool:
    """Whether a raise statement's compact first line builds its exception from the whole
    text of a caught one (``except error as e: kept = e`` ... ``raise error(kept.msg,
    kept.pattern, kept.pos)``): the extractor records there every raise of the caught class
    when the two classes are one (``resolve.copy_to_reraises``); ``rank`` places such a
    record beside the raise that wrote its text."""
    return _RELAYS_TEXT.fullmatch(statement) is not None


FORMAT = 29  # 18: the raises printing collected errors' messages joined (``JOINED``); 19: the resolved
# callers' bucket in ``e_relay``'s high bits; 20: the class bases of library files only (a stored
# index with a test's classes among them is rebuilt on load); 21: and of the classes below one
# whose method prints ``{self!r}`` (``store.classes.SELF_SLOTS``); 22: ``e_relay``'s kind 3, a raise
# copying a caught exception's text (``copies_text``); 23: a method's ``raise self`` typed by
# its class (``own_instance_class``); 24: the classes each raise's handler catches (``hc_*``);
# 25: a key inside a literal when no rarest one is (``_inner_key``); 26: keys and heads cut from
# the literals without the quotes next to a placeholder (``verify.loose_lits``); 27: one caller
# more for a function a top-level package's ``__init__`` re-exports (``FactReader.reexported``);
# 28: the opening key from the first literal holding a chunk, not the first literal only
# (``_opening_chunk``); 29: literals without a terminal's escape codes (``uncoloured``)
MAGIC = b"ERRDEXMI"
CHUNK = 12
MIN_KEY = 4
KEYS_PER_PATTERN = 4
INNER_MARGIN = 4  # characters of its literal an inner key keeps on each side (``_inner_key``)
BIG_PATTERN = 256  # entries beyond which a pattern's entries are grouped by type for scoring
TRUNC_MIN_LITERAL = 25  # literal characters a cut-short message must match (kept equal in __init__)
PATTERNS_KEPT = 8192  # decoded ``Pattern``s per generation of ``Index.patterns`` (``_Lazy``)
MAX_BUCKET = 64  # rows sharing one lookup hash: far above any real CRC-32 collision run
MAX_META = 4096  # bytes of the ``meta`` section
NONE = 0xFFFFFFFF  # string id of a missing (None) string
_MISSING = object()
_ZEROS = repeat(0.0)  # the default of every ``dict.get`` in ``Index.weight``

# entry tuple fields (tuples are cheap to build and to index)
(
    E_KEY,
    E_ID,
    E_REPO,
    E_VERSION,
    E_DATE,
    E_KIND,
    E_TYPE,
    E_QUAL,
    E_TEMPLATE,
    E_PATH,
    E_LINE,
    E_FUNC,
    E_PAT,
    E_RELAY,
) = range(14)

# name -> array type code of every section
SECTIONS: dict[str, str] = {
    "meta": "B",  # "key=value" lines: the generation and ``Index.extra``
    # the string pool
    "str_off": "I", "str_dat": "B",
    # snapshots (repo, version, date) shared by their entries
    "snp_repo": "I", "snp_ver": "I", "snp_date": "I",
    # raise sites (kind, type, qualified name, path, function) shared by their entries
    "st_kind": "I", "st_type": "I", "st_qual": "I", "st_path": "I", "st_func": "I",
    # entries, one column per field; ``e_tmpl`` is ``NONE`` when the template is what the
    # pattern's segments and names render (``Index.template``); ``e_relay``'s low bits are 1 for
    # a helper's raise of a message its callers supply (``CatalogueEntry.relay``), 2 for a caught
    # exception re-raised with its trail cut (``cut_reraise``), ``CALLED`` is set when the
    # library's code calls the site's function (``CatalogueEntry.called``), and the bits from
    # ``CALLERS_SHIFT`` up hold ``callers_bucket`` of the callers the call graph resolves for it
    # (``CatalogueEntry.callers``)
    "e_key": "q", "e_id": "I", "e_snap": "I", "e_site": "I", "e_tmpl": "I", "e_line": "i", "e_pat": "I",
    "e_relay": "B",
    # patterns: compact literals joined by spaces (they hold none), placeholder names, the literal
    # segments as written (the text compared by words and the entries' templates are derived
    # from them; a segment shared by many patterns is one pool string), entries, keys,
    # interpreter flag
    "p_lits": "I", "p_namoff": "I", "p_names": "I", "p_segoff": "I", "p_segs": "I", "p_entoff": "I",
    "p_ents": "I", "p_keyoff": "I", "p_keys": "I", "p_rt": "B",
    # keys: "\n"-joined text (compact text has no whitespace), the ids of those not CHUNK long,
    # weights, and per key its postings, anchored patterns and floating heads
    "k_text": "B", "k_var": "I", "k_weight": "f", "k_postof": "I", "k_posts": "I",
    "k_anchof": "I", "k_anchs": "I", "k_fltof": "I", "k_flts": "I",
    # patterns with more than BIG_PATTERN entries
    "g_pids": "I",
    # anchored heads: (length << 32 | crc32) -> patterns, and the distinct head lengths
    "h_key": "Q", "h_off": "I", "h_pids": "I", "h_lens": "I",
    # catalogue paths: crc32 -> path string, entries
    "pa_hash": "I", "pa_str": "I", "pa_off": "I", "pa_ents": "I",
    # sites: (path row << 32 | crc32(function)) -> function string, entries; (path row << 32 | line)
    "sf_key": "Q", "sf_fn": "I", "sf_off": "I", "sf_ents": "I",
    "sl_key": "Q", "sl_off": "I", "sl_ents": "I",
    # exception types: crc32 of the lowercased class name -> that name, the entries raising it
    # (a pasted type is evidence even when no template fits the text); a row ``JOINED`` (no
    # class name: ``<`` starts none) lists a class's raises printing collected errors' messages
    "ty_key": "I", "ty_str": "I", "ty_off": "I", "ty_ents": "I",
    # top-level packages and the codebase each belongs to (what a dotted type name points to)
    "tp_name": "I", "tp_repo": "I",
    # class hierarchy: (class, one of its bases) by type key, for the classes the codebases define
    # (a pasted class relates to its subclasses' and bases' raises and contradicts other classes;
    # a class name a message prints is a subclass of the raising method's class, format 15)
    "tb_name": "I", "tb_base": "I",
    # statements: crc32 of the compact first source line -> that line, the entries raised there
    # (a traceback prints it under the frame, so it finds the raise when line numbers moved)
    "sm_key": "I", "sm_str": "I", "sm_off": "I", "sm_ents": "I",
    # handlers: crc32 of a class type key -> that key, the entries raised in an ``except`` naming
    # it (``CatalogueEntry.caught``): which caught errors a re-raise there can be wrapping
    "hc_key": "I", "hc_str": "I", "hc_off": "I", "hc_ents": "I",
}  # fmt: skip

_HEADER = struct.Struct("<8sII")
_ENTRY = struct.Struct("<8sQQ")
_LITTLE = sys.byteorder == "little"
assert all(array(code).itemsize == struct.calcsize(code) for code in "BIiqQf")
assert all(len(name) <= 8 for name in SECTIONS)  # the table's name field


class IndexFormatError(StoreError):
    """The artifact is not a match index of this format (another errdex version wrote it, or it is
    not an index at all): it is never interpreted, only rebuilt."""


class CorruptIndex(IndexFormatError):
    """The artifact claims this format but does not hold together."""

    def __init__(self, detail: str) -> None:
        super().__init__(f"match index artifact is corrupt ({detail})")


def uncoloured(segs: list[str]) -> list[str]:
    """A message the code colours for the terminal (``"\\033[34m" + msg``, or a ``blue(msg)``
    helper the extractor inlined) holds escape codes in its literals that no paste has: the
    terminal drew them as colours, and a copy keeps the text alone (``parse.clean`` drops any
    left). Its literals are matched without them, the placeholders between them unchanged.
    """
    if not any("\x1b" in lit for lit in segs[0::2]):
        return segs
    out = list(segs)
    out[0::2] = [without_escapes(lit) for lit in segs[0::2]]
    return out


def debug_specifiers_as_text(segs: list[str]) -> list[str]:
    """An f-string ``{x=}`` prints ``x=`` before the value: that text is literal, not a value.

    Moving it into the preceding literal lets it be matched (more evidence) and leaves the
    placeholder's value as what the user needs: ``scratch_type=`` -> ``BlockType(...)``.
    """
    if not any(name.endswith("=") for name in segs[1::2]):
        return segs
    out = list(segs)
    for i in range(1, len(out), 2):
        if out[i].endswith("="):
            out[i - 1] += out[i]
    return out


class SiteFacts(NamedTuple):
    """A raise site as ranking reads it (``Index.entry_facts``)."""

    kind: str
    type: str
    path: str
    function: str
    posix_path: str  # ``path`` with ``/`` separators, as frame paths are compared
    privacy: float  # ``score.site_privacy(path, function)``
    # the class Python prints when ``type`` is an import alias (``from .exceptions import
    # JSONDecodeError as RequestsJSONDecodeError``): its qualified name's last part; else ""
    printed: str = ""
    importable: bool = True  # ``score.importable_file(path)``: ``import`` can reach the file


class Pattern:
    """Compact literals of one template shape, its placeholder names and the entries that use it.

    Each part is read from the index's arrays when first used: most candidates are only verified
    (their literals) or compared by words (their text), and reading the rest would be wasted.
    """

    __slots__ = ("_entries", "_index", "_lit_len", "_lits", "_names", "_pid", "_text")

    def __init__(self, index: Index, pid: int) -> None:
        self._index, self._pid = index, pid
        self._lits: tuple[str, ...] | None = None
        self._lit_len = 0
        self._names: tuple[str, ...] | None = None
        self._text: str | None = None
        self._entries: list[int] | None = None

    @property
    def lits(self) -> tuple[str, ...]:
        """The compact literals, one more than the placeholders."""
        if self._lits is None:
            self._lits, self._lit_len = self._index.read_lits(self._pid)
        return self._lits

    @property
    def lit_len(self) -> int:
        """Compact literal characters: how much text the template can vouch for."""
        if self._lits is None:
            self._lits, self._lit_len = self._index.read_lits(self._pid)
        return self._lit_len

    @property
    def names(self) -> tuple[str, ...]:
        if self._names is None:
            s = self._index._sec
            a, b = _span(s["p_namoff"], self._pid, len(s["p_names"]), "pattern")
            names = tuple(self._index._pool.many(s["p_names"][a:b]))
            if len(names) != len(self.lits) - 1:
                raise CorruptIndex(
                    f"pattern {self._pid} has {len(names)} names for {len(self.lits)} literals"
                )
            self._names = names
        return self._names

    @property
    def text(self) -> str:
        """The literal text with single spaces, for similarity scoring."""
        if self._text is None:
            self._text = self._index._text(self._pid)
        return self._text

    @property
    def segs(self) -> tuple[str, ...]:
        """The literal segments as written (whitespace kept), one per compact literal."""
        return self._index.segs(self._pid)

    @property
    def entries(self) -> list[int]:
        if self._entries is None:
            self._entries = self._index.pattern_entries(self._pid)
        return self._entries

    def first(self, limit: int) -> list[int]:
        """``entries[:limit]``, without reading the rest when they are not read yet: the empty
        template (a raise with no message) holds millions of entries in a big catalogue, and a
        caller asking which classes raise a pattern reads a few (a list of all kept on the
        pattern would also be walked by every later full pass of the cyclic collector:
        ``_Groups``)."""
        limit = max(limit, 0)
        if self._entries is not None:
            return self._entries[:limit]
        return self._index.pattern_entries(self._pid, limit)

    def _parts(self) -> tuple[object, ...]:
        return self.lits, self.names, self.lit_len, self.segs, self.entries

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Pattern) and self._parts() == other._parts()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Pattern(lits={self.lits!r}, names={self.names!r}, entries={self.entries!r})"


def package_name(name: str) -> str:
    """A codebase's (``local/my-lib``) or package's name as an import spells it: ``my_lib``."""
    return name.rsplit("/", 1)[-1].lower().replace("-", "_")


def _render(lit_segs: Sequence[str], names: Sequence[str]) -> str:
    """``model.render_template`` of literal segments and placeholder names, interleaved."""
    out = [lit_segs[0]]
    for name, lit in zip(names, lit_segs[1:], strict=True):
        out += ("{", name, "}", lit)
    return "".join(out)


def _head_key(text: str) -> int:
    return len(text) << 32 | crc32(text.encode("utf-8", "surrogatepass"))


def _hash(text: str) -> int:
    return crc32(text.encode("utf-8", "surrogatepass"))


# a frame path of this many ``/`` or more is looked up only by its suffixes no deeper than the
# catalogue's deepest path (``Index._suffix_path``); a shallower one tries each suffix, as the
# deepest path is worked out once, when first needed
SHALLOW_PATH = 24

# --- reading ---------------------------------------------------------------------------------------


class _Pool:
    """The string pool: id -> ``str``, each read checked against the pool's bounds."""

    __slots__ = ("base", "data", "memo", "n", "offs", "raw", "size")

    def __init__(self, offs: memoryview, data: memoryview, base: int) -> None:
        self.offs, self.data = offs, data
        self.n, self.size = len(offs) - 1, len(data)
        self.memo: dict[int, str | None] = {}
        # When the pool lies in a ``bytes`` object (a stored artifact, or one just built) at
        # ``base``, a string is sliced from it and decoded: half the work of decoding a
        # memoryview slice. Any other buffer (an mmap, a memoryview) is read through ``data``.
        self.raw = data.obj if isinstance(data.obj, bytes) else None
        self.base = base

    def text(self, a: int, b: int) -> str:
        """Bytes ``a:b`` of the pool, decoded (the caller has checked the bounds)."""
        raw = self.raw
        if raw is not None:
            return raw[self.base + a : self.base + b].decode("utf-8", "surrogatepass")
        return str(self.data[a:b], "utf-8", "surrogatepass")

    def many(self, ids: Iterable[int]) -> list[str]:
        """The strings ``ids`` name (one tight loop: a pattern's segments are read together)."""
        offs, n, size = self.offs, self.n, self.size
        out: list[str] = []
        try:
            for i in ids:
                if i >= n:
                    raise CorruptIndex(f"string id {i} of {n}")
                a, b = offs[i], offs[i + 1]
                if a > b or b > size:
                    raise CorruptIndex(f"string {i} spans {a}..{b} of {size} bytes")
                out.append(self.text(a, b))
        except UnicodeDecodeError:
            raise CorruptIndex("a string is not UTF-8") from None
        return out

    def get(self, i: int) -> str:
        """``many((i,))[0]``, without the loop: the hot path of decoding a pattern or an entry."""
        if i >= self.n:
            raise CorruptIndex(f"string id {i} of {self.n}")
        a, b = self.offs[i], self.offs[i + 1]
        if a > b or b > self.size:
            raise CorruptIndex(f"string {i} spans {a}..{b} of {self.size} bytes")
        try:
            return self.text(a, b)
        except UnicodeDecodeError:
            raise CorruptIndex(f"string {i} is not UTF-8") from None

    def shared(self, ids: Iterable[int]) -> list[str | None]:
        """Strings many entries share (repo, type, path, ...), each decoded once; ``NONE`` is None."""
        memo = self.memo
        out: list[str | None] = []
        for i in ids:
            text = memo.get(i, _MISSING)
            if text is _MISSING:
                text = memo[i] = None if i == NONE else self.get(i)
            out.append(text)  # type: ignore[arg-type]
        return out


def _span(offs: Sequence[int], i: int, size: int, what: str) -> tuple[int, int]:
    """Items ``offs[i]:offs[i + 1]`` of a flat array of ``size`` items, checked: the one check of
    a list's bounds, whether the offsets are a stored view or a list read from one."""
    a, b = offs[i], offs[i + 1]
    if a > b or b > size:
        raise CorruptIndex(f"{what} {i} spans {a}..{b} of {size}")
    return a, b


def _ids(view: memoryview, bound: int, what: str) -> list[int]:
    """The items of ``view`` as ids below ``bound``, checked."""
    out = view.tolist()
    if out and max(out) >= bound:
        raise CorruptIndex(f"{what} id {max(out)} of {bound}")
    return out


class _Checked(Sequence[int]):
    """A column of ids, each checked against ``bound`` when read."""

    def __init__(self, view: memoryview, bound: int, what: str) -> None:
        self._view, self._bound, self._what = view, bound, what

    def __len__(self) -> int:
        return len(self._view)

    @overload
    def __getitem__(self, i: int) -> int: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[int]: ...
    def __getitem__(self, i: int | slice) -> int | Sequence[int]:
        if isinstance(i, slice):
            return _ids(self._view[i], self._bound, self._what)
        v: int = self._view[i]
        if v >= self._bound:
            raise CorruptIndex(f"{self._what} id {v} of {self._bound}")
        return v


class _Lazy[T](dict[int, T]):
    """Items ``0 .. n-1`` decoded from the flat arrays on first access, then kept: a query touches
    few. A dict, so reading a decoded item is a lookup in C; only a miss runs Python.

    With ``keep``, at most ``2 * keep`` items are kept, the least recently used dropped first in
    two generations: the dict holds the items read since the last turn, ``_old`` those of the
    generation before; when the dict reaches ``keep`` items it becomes ``_old`` (the generation
    before it is dropped) and a read of an old item moves it back. An item survives while it is
    read at least once a generation, as in an LRU of ``keep`` to ``2 * keep`` items, and a hit in
    the current generation stays a lookup in C (an exact LRU would run Python on every hit to
    reorder). Unbounded, the decoded patterns grew with every new query over a server's life
    (35,785 after 2,000 queries on 10M templates, docs/measurements/perf44.md), each one more
    object for every full pass of the cyclic collector to walk.
    """

    def __init__(self, n: int, decode: Callable[[int], T], keep: int | None = None) -> None:
        super().__init__()
        self._n = n
        self._decode = decode
        self._keep = keep
        self._old: dict[int, T] = {}

    def __len__(self) -> int:
        return self._n

    def peek(self, i: int) -> T:
        """Item ``i``, decoded now when it is not kept, and not kept after: for a reader that
        looks at many items once (a tie's every raise) without making each one live for the
        index's life and without turning the generations of the items a query ranks."""
        got = dict.get(self, i, _MISSING)
        if got is _MISSING:
            got = self._old.get(i, _MISSING)
        if got is not _MISSING:
            return cast(T, got)
        if not 0 <= i < self._n:
            raise IndexError(i)
        return self._decode(i)

    def __missing__(self, i: int) -> T:
        if not 0 <= i < self._n:
            raise IndexError(i)
        # one ``pop`` with a default, not a test then a pop: a server's threads share the index,
        # and another thread may take the item or turn the generation in between
        got = self._old.pop(i, _MISSING)
        item: T = self._decode(i) if got is _MISSING else cast(T, got)
        if self._keep is not None and dict.__len__(self) >= self._keep:
            self._old = dict(self)
            self.clear()
        self[i] = item
        return item


class _Table:
    """Rows of a sorted array of lookup keys, each with a list of ids: the hashed lookups."""

    def __init__(self, keys: memoryview, offs: memoryview, items: memoryview, bound: int, what: str) -> None:
        self.keys, self.offs, self.items, self.bound, self.what = keys, offs, items, bound, what

    def rows(self, key: int) -> range:
        """Rows whose key is ``key`` (a handful: more means a crafted table)."""
        keys = self.keys
        n = len(keys)
        i = bisect_left(keys, key)
        if i == n or keys[i] != key:
            return range(0)
        j = i + 1
        while j < n and keys[j] == key:
            j += 1
            if j - i > MAX_BUCKET:
                raise CorruptIndex(f"more than {MAX_BUCKET} {self.what} rows share one key")
        return range(i, j)

    def items_of(self, row: int, limit: int | None = None) -> list[int]:
        """The row's ids; with ``limit``, only its first ``limit`` are read (a row of a big
        catalogue, such as every raise of ``ValueError``, grows with it)."""
        a, b = _span(self.offs, row, len(self.items), self.what)
        if limit is not None:
            b = min(b, a + max(limit, 0))
        return _ids(self.items[a:b], self.bound, self.what)


class _Paths:
    """A string (a catalogue path, a class name, a statement) -> its entries, as ``dict``-like
    lookups (``in``, ``get``, ``[]``); a hash hit is checked against the stored string."""

    def __init__(self, table: _Table, strs: memoryview, pool: _Pool) -> None:
        self._table, self._strs, self._pool = table, strs, pool
        self._rows: dict[str, int | None] = {}  # memo: frames repeat across queries
        self._keys: dict[int, str | None] = {}  # ``key_of``'s memo
        self._parts: int | None = None  # ``parts``, worked out when first asked
        self._under: dict[str, list[str]] = {}  # ``under``'s memo, per folder
        self._named: dict[str, list[str]] = {}  # ``named``'s memo, per base name

    def row(self, path: str) -> int | None:
        row = self._rows.get(path, -1)
        if row != -1:
            return row
        found = None
        for r in self._table.rows(_hash(path)):
            if self._pool.get(self._strs[r]) == path:
                found = r
                break
        if len(self._rows) > 65536:
            self._rows.clear()
        self._rows[path] = found
        return found

    def __contains__(self, path: object) -> bool:
        return isinstance(path, str) and self.row(path) is not None

    def parts(self) -> int:
        """The most ``/``-separated parts a stored string has (0 with none): a suffix of more
        parts is none of them. One pass over the strings, made only the first time it is asked
        (``Index._suffix_path`` asks for a frame path deeper than ``SHALLOW_PATH`` only)."""
        if self._parts is None:
            get = self._pool.get
            self._parts = max((get(s).count("/") + 1 for s in self._strs), default=0)
        return self._parts

    def under(self, folder: str, limit: int) -> list[str]:
        """The first ``limit`` stored strings below ``folder`` (``plumbum/``), in table order:
        one pass over the strings, kept per folder (a rare question, asked again by the
        readings of one paste)."""
        return self._first(self._under, folder, lambda p: p.startswith(folder), limit)

    def named(self, name: str, limit: int) -> list[str]:
        """The first ``limit`` stored paths whose last part is ``name`` (``win32.py``), in table
        order, kept per name (asked only of a frame printed with a base name alone,
        ``frames.bare_named``)."""
        tail = "/" + name
        return self._first(self._named, name, lambda p: p == name or p.endswith(tail), limit)

    def _first(
        self, memo: dict[str, list[str]], key: str, keep: Callable[[str], bool], limit: int
    ) -> list[str]:
        """The first ``limit`` stored strings ``keep`` holds for, in table order: one pass over
        the strings, kept in ``memo`` under ``key`` (at most 64 questions remembered)."""
        got = memo.get(key)
        if got is None:
            get, got = self._pool.get, []
            for s in self._strs:
                p = get(s)
                if keep(p):
                    got.append(p)
                    if len(got) >= limit:
                        break
            if len(memo) > 64:
                memo.clear()
            memo[key] = got
        return got

    def items(self) -> Iterator[tuple[str, list[int]]]:
        """Every (string, entries) pair, in table order (what merging indexes walks)."""
        for r in range(len(self._strs)):
            yield self._pool.get(self._strs[r]), self._table.items_of(r)

    def key_of(self, item: int) -> str | None:
        """The string whose row lists ``item`` (None when no row does): the one reverse lookup,
        a scan of the flat ids done by ``bytes.find``, not a table kept for every entry. Its
        answers are kept (a few hundred ids of a batch's queries): ranking asks it of every
        entry it scores (``Ranker._consumer_over_yield``), the same ones query after query and
        reading after reading of one paste, and each scan copies and searches every id
        (a sixth of a 350-case set's matching, docs/measurements/ci20.md)."""
        key = self._keys.get(item, "")
        if key != "":
            return key
        if len(self._keys) > 65536:
            self._keys.clear()
        key = self._keys[item] = self._scan(item)
        return key

    def _scan(self, item: int) -> str | None:
        """``key_of`` read from the table: the first id equal to ``item`` and the row holding it."""
        table = self._table
        raw, needle = table.items.tobytes(), item.to_bytes(4, sys.byteorder)
        at = raw.find(needle)
        while at > 0 and at % 4:  # a match straddling two ids
            at = raw.find(needle, at + 1)
        if at < 0:
            return None
        # the last row starting at or before the id holds it (rows before it at the same
        # offset are empty); the offsets end with the ids' count, past every id
        row = bisect_right(table.offs, at // 4) - 1
        return None if row < 0 or row >= len(self._strs) else self._pool.get(self._strs[row])

    def get(self, path: str, default: list[int] | None = None) -> list[int] | None:
        row = self.row(path)
        return default if row is None else self._table.items_of(row)

    def head(self, path: str, limit: int) -> list[int]:
        """The first ``limit`` entries of ``path`` (none if it is not there): what ``get`` gives
        sliced, without reading the rest of a row that grows with the catalogue."""
        row = self.row(path)
        return [] if row is None else self._table.items_of(row, limit)

    def __getitem__(self, path: str) -> list[int]:
        row = self.row(path)
        if row is None:
            raise KeyError(path)
        return self._table.items_of(row)


class _Sites:
    """``(path, function name)`` or ``(path, line)`` -> entries, as a ``dict``-like ``get``."""

    def __init__(self, paths: _Paths, fns: _Table, fn_strs: memoryview, lines: _Table, pool: _Pool) -> None:
        self._paths, self._fns, self._fn_strs, self._lines, self._pool = paths, fns, fn_strs, lines, pool

    def get(self, key: tuple[str, str | int], default: Sequence[int] = ()) -> Sequence[int]:
        path, what = key
        row = self._paths.row(path)
        if row is None:
            return default
        if isinstance(what, int):
            if not 0 <= what <= 0xFFFFFFFF:
                return default
            for r in self._lines.rows(row << 32 | what):
                return self._lines.items_of(r)
            return default
        out: list[int] = []
        for r in self._fns.rows(row << 32 | _hash(what)):
            if self._pool.get(self._fn_strs[r]) == what:
                out.extend(self._fns.items_of(r))
        return out or default


class _Groups:
    """The entries of a very common pattern grouped by (exception type, kind), made on first use
    (or all at a server's load: ``make_all``).

    Which patterns are that common is listed in the index (``g_pids``), so asking costs a set
    lookup; the grouping itself is a pass over the pattern's entries' columns.

    The groups are kept as arrays of the index's id type, not lists, and the pattern's entries
    are read for the pass without being kept on its ``Pattern``: the raise with no message
    (``raise E``, the empty template) is one pattern of millions of entries in a big catalogue
    (1,964,273 of 10M synthetic templates), and kept as lists of ``int`` objects every later
    pass of the cyclic collector over older objects visits each of them (a cache miss an item:
    40-100 ms pauses landing in whichever query triggers them, docs/measurements/perf44.md).
    An array is one object to the collector (it visits the type alone), however many ids it
    holds; reading one gives the same ids.
    """

    def __init__(self, index: Index, big: memoryview) -> None:
        self._index = index
        # the grouped patterns, as a set: asked of every entry a frame names, so callers walking
        # hundreds test membership here rather than through ``in`` (a Python call each)
        self.big: frozenset[int] = frozenset(big.tolist())
        self._cache: dict[int, list[array[int]]] = {}

    def __contains__(self, pid: object) -> bool:
        return pid in self.big

    def get(self, pid: int) -> list[array[int]] | None:
        """The pattern's entries by (type, kind), each group in the pattern's order and the
        groups in the order of their first entries; None for a pattern not grouped."""
        groups = self._cache.get(pid)
        if groups is None:
            if pid not in self.big:
                return None
            s = self._index._sec
            site, stype, skind, nsites = s["e_site"], s["st_type"], s["st_kind"], len(s["st_type"])
            code = s["p_ents"].format
            by_type: dict[tuple[int, int], array[int]] = {}
            # a common pattern's entries are copies of few raise sites (the empty template's
            # 1,964,273 entries of 10M templates: 3,971 sites), so each site's group is looked
            # up once and an entry costs one lookup by its site instead of reading the site's
            # type and kind and hashing the pair (a third less time for the pass)
            by_site: dict[int, array[int]] = {}
            for ei in self._index.pattern_entries(pid):
                at = site[ei]
                group = by_site.get(at)
                if group is None:
                    if at >= nsites:
                        raise CorruptIndex(f"site id {at} of {nsites}")
                    group = by_type.get(key := (stype[at], skind[at]))
                    if group is None:
                        group = by_type[key] = array(code)
                    by_site[at] = group
                group.append(ei)
            groups = self._cache[pid] = list(by_type.values())
        return groups

    def make_all(self) -> None:
        """Group every grouped pattern now, for a long-lived matcher to do at load: otherwise the
        first query ranking the empty template pays its pass over millions of entries (~200 ms
        of 10M templates), a stall in whichever request comes first. A one-shot matcher (the CLI,
        a library call) leaves it to the queries, which group only what they rank."""
        for pid in sorted(self.big):
            self.get(pid)


def _parse(buf: memoryview) -> tuple[dict[str, memoryview], dict[str, int]]:
    """The sections of an artifact, each a typed view, and where each starts, after checking the
    header and the table."""
    if len(buf) < _HEADER.size or bytes(buf[:8]) != MAGIC:
        raise IndexFormatError("not a match index of this errdex version")
    _magic, version, count = _HEADER.unpack_from(buf, 0)
    if version != FORMAT:
        raise IndexFormatError(f"match index format {version}, this errdex reads {FORMAT}")
    start = _HEADER.size + count * _ENTRY.size
    if count > len(SECTIONS) or start > len(buf):
        raise CorruptIndex(f"{count} sections")
    out: dict[str, memoryview] = {}
    starts: dict[str, int] = {}
    for i in range(count):
        raw, off, size = _ENTRY.unpack_from(buf, _HEADER.size + i * _ENTRY.size)
        name = raw.rstrip(b"\0").decode("ascii", "replace")
        code = SECTIONS.get(name)
        if code is None or name in out:
            raise CorruptIndex(f"unknown or repeated section {name!r}")
        item = struct.calcsize(code)
        if off % 8 or off < start or off > len(buf) or size > len(buf) - off or size % item:
            raise CorruptIndex(f"section {name!r} at {off}+{size} of {len(buf)} bytes")
        view = buf[off : off + size]
        starts[name] = off
        if code == "B":
            out[name] = view
        elif _LITTLE:
            out[name] = view.cast(code)  # type: ignore[call-overload]  # typeshed wants a literal code
        else:
            swapped = array(code, bytes(view))
            swapped.byteswap()
            out[name] = memoryview(swapped)
    missing = set(SECTIONS) - set(out)
    if missing:
        raise CorruptIndex(f"missing sections {sorted(missing)}")
    return out, starts


def _check_layout(s: dict[str, memoryview]) -> None:
    """The lengths that tie sections together: counts agree and offsets cover their arrays."""

    def same(*names: str) -> int:
        n = len(s[names[0]])
        for name in names[1:]:
            if len(s[name]) != n:
                raise CorruptIndex(f"{name} has {len(s[name])} items, {names[0]} {n}")
        return n

    def offsets(name: str, flat: str, n: int) -> None:
        offs = s[name]
        if len(offs) != n + 1 or offs[0] != 0 or offs[n] != len(s[flat]):
            raise CorruptIndex(f"{name} does not cover {flat}")

    offsets("str_off", "str_dat", len(s["str_off"]) - 1 if len(s["str_off"]) else 0)
    same("snp_repo", "snp_ver", "snp_date")
    same(*(name for name in SECTIONS if name.startswith("st_")))
    same(*(name for name in SECTIONS if name.startswith("e_")))
    npat = same("p_rt", "p_lits")
    for offs, flat in (
        ("p_namoff", "p_names"), ("p_segoff", "p_segs"), ("p_entoff", "p_ents"), ("p_keyoff", "p_keys"),
    ):  # fmt: skip
        offsets(offs, flat, npat)
    nkeys = len(s["k_weight"])
    for offs, flat in (("k_postof", "k_posts"), ("k_anchof", "k_anchs"), ("k_fltof", "k_flts")):
        offsets(offs, flat, nkeys)
    offsets("h_off", "h_pids", len(s["h_key"]))
    offsets("pa_off", "pa_ents", same("pa_hash", "pa_str"))
    offsets("sf_off", "sf_ents", same("sf_key", "sf_fn"))
    offsets("sl_off", "sl_ents", len(s["sl_key"]))
    offsets("ty_off", "ty_ents", same("ty_key", "ty_str"))
    same("tp_name", "tp_repo")
    same("tb_name", "tb_base")
    offsets("sm_off", "sm_ents", same("sm_key", "sm_str"))
    offsets("hc_off", "hc_ents", same("hc_key", "hc_str"))
    if len(s["g_pids"]) > len(s["p_rt"]):
        raise CorruptIndex("more big patterns than patterns")
    lens = s["h_lens"]
    if len(lens) > TRUNC_MIN_LITERAL or any(not 0 < n <= TRUNC_MIN_LITERAL for n in lens):
        raise CorruptIndex("head lengths")


def _meta(raw: memoryview) -> dict[str, str]:
    if len(raw) > MAX_META:
        raise CorruptIndex(f"meta section of {len(raw)} bytes")
    try:
        text = str(raw, "utf-8")
    except UnicodeDecodeError:
        raise CorruptIndex("meta section is not UTF-8") from None
    out: dict[str, str] = {}
    for line in text.splitlines():
        key, sep, value = line.partition("=")
        if not sep:
            raise CorruptIndex("meta section")
        out[key] = value
    return out


class Index:
    """Everything the matcher needs, read from (or built into) flat arrays."""

    def __init__(
        self, sections: dict[str, memoryview], meta: dict[str, str], pool_base: int = 0, *, keys: bool = True
    ) -> None:
        s = self._sec = sections
        self.generation: str = meta.pop("generation", "")
        self.extra: dict[str, str] = meta
        pool = self._pool = _Pool(s["str_off"], s["str_dat"], pool_base)
        self.n_entries = ne = len(s["e_key"])
        self.n_patterns = npat = len(s["p_rt"])
        self.n_keys = len(s["k_weight"])
        self._ecols = tuple(s[name] for name in _ENTRY_COLUMNS)
        self._plits = s["p_lits"]
        # snapshot -> (repo, version, date), decoded once for every reader (``snap_repo`` too)
        self._snaps: dict[int, tuple[str, str, str | None]] = {}
        # raise site -> ((kind, type, qualified name), path, function)
        self._sites: dict[int, tuple[tuple[str | None, ...], str | None, str | None]] = {}
        self._site_facts: dict[int, SiteFacts] = {}  # raise site -> what ranking reads of it
        self._lits: dict[int, tuple[tuple[str, ...], int]] = {}  # pattern -> ``lits``
        self._templates: dict[int, str] = {}  # pattern -> ``template``
        self._seg_text: dict[int, str] = {}  # segment string id -> its text with single spaces
        self.entries: _Lazy[tuple[Any, ...]] = _Lazy(ne, self._entry_decoder())
        self.patterns: _Lazy[Pattern] = _Lazy(npat, partial(Pattern, self), PATTERNS_KEPT)
        self.entry_pat: Sequence[int] = _Checked(s["e_pat"], npat, "pattern")
        self.runtime: memoryview = s["p_rt"]  # 1 for patterns from the interpreter-message catalogue
        # pattern p's keys are ``p_keys[key_offsets[p]:key_offsets[p + 1]]`` (p has none when equal)
        self.key_offsets: memoryview = s["p_keyoff"]
        self.key_weight: memoryview = s["k_weight"]
        self.head_lens: list[int] = s["h_lens"].tolist()
        self._heads = _Table(s["h_key"], s["h_off"], s["h_pids"], npat, "head")
        self.paths = _Paths(_Table(s["pa_hash"], s["pa_off"], s["pa_ents"], ne, "path"), s["pa_str"], pool)
        self.sites = _Sites(
            self.paths,
            _Table(s["sf_key"], s["sf_off"], s["sf_ents"], ne, "function site"),
            s["sf_fn"],
            _Table(s["sl_key"], s["sl_off"], s["sl_ents"], ne, "line site"),
            pool,
        )
        # entries of very common patterns (``raise X(msg)`` everywhere) by exception type and kind,
        # so scoring can take the best few of each group instead of walking them all
        self.groups = _Groups(self, s["g_pids"])
        self.types = _Paths(_Table(s["ty_key"], s["ty_off"], s["ty_ents"], ne, "type"), s["ty_str"], pool)
        self._packages: dict[str, set[str]] | None = None
        self._by_name: dict[str, set[str]] | None = None
        self._bases: dict[str, set[str]] | None = None
        self._subclasses: dict[str, set[str]] | None = None
        self.statements = _Paths(
            _Table(s["sm_key"], s["sm_off"], s["sm_ents"], ne, "statement"), s["sm_str"], pool
        )
        self.handlers = _Paths(
            _Table(s["hc_key"], s["hc_off"], s["hc_ents"], ne, "handler"), s["hc_str"], pool
        )
        self._keys: dict[str, int] = {}
        self._automaton: Any = None
        if keys:  # not for an index only read entry by entry (a segment being merged)
            self._load_keys()
        self._words: dict[int, set[str]] = {}
        self._lead: dict[int, set[str] | None] = {}

    def _load_keys(self) -> None:
        """The key lookups: a dict of the keys (probed with ``CHUNK``-long windows, so only keys
        of that length can hit) and an automaton of the others."""
        s = self._sec
        if not self.n_keys:
            if len(s["k_text"]) or len(s["k_var"]):
                raise CorruptIndex("key text without keys")
            return
        try:
            keys = str(s["k_text"], "utf-8", "surrogatepass").split("\n")
        except UnicodeDecodeError:
            raise CorruptIndex("key text is not UTF-8") from None
        if len(keys) != self.n_keys:
            raise CorruptIndex(f"{len(keys)} key strings for {self.n_keys} keys")
        self._keys = dict(zip(keys, range(self.n_keys), strict=True))
        var = _ids(s["k_var"], self.n_keys, "key")
        if var:
            import ahocorasick

            automaton = ahocorasick.Automaton(ahocorasick.STORE_INTS)
            for kid in var:
                key = keys[kid]
                # no real key is longer than a head; the bound keeps a crafted one's trie small
                if not 0 < len(key) <= TRUNC_MIN_LITERAL:
                    raise CorruptIndex(f"key {kid} of {len(key)} characters")
                automaton.add_word(key, kid)
            automaton.make_automaton()
            self._automaton = automaton

    # --- decoding ------------------------------------------------------------------------------------

    def _entry_decoder(self) -> Callable[[int], tuple[Any, ...]]:
        """Entry ``i`` as a tuple (``E_*`` fields), from its columns; a closure over them because
        decoding entries is a good part of a query that reads templates no earlier one read."""
        key, eid, snapcol, sitecol, tmpl, line, pat, relay = self._ecols
        npat, pool, rendered = self.n_patterns, self._pool, self.template
        offs, text, nstr, size = pool.offs, pool.text, pool.n, pool.size
        raw, base = pool.raw, pool.base
        # what entries share, decoded once: (repo, version, date) per snapshot, and per raise
        # site (kind, type, qualified name) and path, function
        snaps, sites = self._snaps, self._sites

        def entry(i: int) -> tuple[Any, ...]:
            snap, site, pid = snapcol[i], sitecol[i], pat[i]
            where = snaps.get(snap)
            if where is None:
                where = snaps[snap] = self._snap(snap)
            what = sites.get(site)
            if what is None:
                kind, etype, qual, path, func = self._site(site)
                what = sites[site] = ((kind, etype, qual), path, func)
            if pid >= npat:
                raise CorruptIndex(f"pattern id {pid} of {npat}")
            # the id and template, read as ``_Pool.get`` reads them (inline: this is hot); most
            # templates are not stored but rendered from the pattern (once per pattern)
            a, b = eid[i], tmpl[i]
            derived = b == NONE
            if derived:
                b = a
            if a >= nstr or b >= nstr:
                raise CorruptIndex(f"string id {max(a, b)} of {nstr}")
            a0, a1, b0, b1 = offs[a], offs[a + 1], offs[b], offs[b + 1]
            if a0 > a1 or a1 > size or b0 > b1 or b1 > size:
                raise CorruptIndex(f"entry {i}'s strings span {a0}..{a1}, {b0}..{b1} of {size} bytes")
            try:
                if raw is not None:
                    error_id = raw[base + a0 : base + a1].decode("utf-8", "surrogatepass")
                    template = (
                        rendered(pid)
                        if derived
                        else raw[base + b0 : base + b1].decode("utf-8", "surrogatepass")
                    )
                else:
                    error_id = text(a0, a1)
                    template = rendered(pid) if derived else text(b0, b1)
            except UnicodeDecodeError:
                raise CorruptIndex(f"entry {i}'s strings are not UTF-8") from None
            types, path, func = what
            relayed = relay[i] & _RELAY in _RELAY_KINDS
            return (key[i], error_id, *where, *types, template, path, line[i], func, pid, relayed)

        return entry

    def _snap(self, snap: int) -> tuple[str, str, str | None]:
        """A snapshot's (repo, version, date)."""
        s = self._sec
        if snap >= len(s["snp_repo"]):
            raise CorruptIndex(f"snapshot id {snap} of {len(s['snp_repo'])}")
        repo, version, date = self._pool.shared(
            (s["snp_repo"][snap], s["snp_ver"][snap], s["snp_date"][snap])
        )
        if repo is None or version is None:
            raise CorruptIndex(f"snapshot {snap} has no repo or version")
        return repo, version, date

    # --- one column of an entry, without decoding the rest (frames and ranking ask these of many
    # entries they may never score; the id and template are what costs to decode) -----------------

    def _snap_of(self, i: int) -> tuple[str, str, str | None]:
        snap = self._ecols[2][i]
        where = self._snaps.get(snap)
        if where is None:
            where = self._snaps[snap] = self._snap(snap)
        return where

    def _site_of(self, i: int) -> tuple[tuple[str | None, ...], str | None, str | None]:
        return self._site_at(self._ecols[3][i])

    def _site_at(self, site: int) -> tuple[tuple[str | None, ...], str | None, str | None]:
        """Raise site ``site``'s (kind, type, qualname), path and function, decoded once."""
        what = self._sites.get(site)
        if what is None:
            kind, etype, qual, path, func = self._site(site)
            what = self._sites[site] = ((kind, etype, qual), path, func)
        return what

    def pattern_entries(self, pid: int, limit: int | None = None) -> list[int]:
        """Pattern ``pid``'s entries, checked, read from the arrays and not kept; with ``limit``,
        only its first ``limit``. The one reader of a pattern's span of ``p_ents``: ``Pattern``
        keeps what it reads of an ordinary pattern, while ``first`` (a few raises of a pattern
        that may hold millions) and ``_Groups`` (a pass over a very common one) keep nothing."""
        s = self._sec
        a, b = _span(s["p_entoff"], pid, len(s["p_ents"]), "pattern")
        if limit is not None:
            b = min(b, a + max(limit, 0))
        return _ids(s["p_ents"][a:b], self.n_entries, "entry")

    def entry_pats(self, eis: Iterable[int]) -> list[int]:
        """The patterns of entries ``eis``, read in one pass and checked at once."""
        col = self._ecols[6]
        eis = eis if isinstance(eis, list | tuple) else list(eis)
        # one C call for many (``itemgetter`` of them all): a frame of a big catalogue names
        # tens of thousands of entries, and a comprehension's step per entry is most of the read
        out = list(itemgetter(*eis)(col)) if len(eis) > 1 else [col[i] for i in eis]
        if out and max(out) >= self.n_patterns:
            raise CorruptIndex(f"pattern id {max(out)} of {self.n_patterns}")
        return out

    def lits(self, pid: int) -> tuple[tuple[str, ...], int]:
        """Pattern ``pid``'s compact literals and their length (``Pattern.lits``, ``lit_len``),
        kept once read: every query verifies dozens of patterns and ranks only a few, so
        verifying reads these without making the pattern's ``Pattern``."""
        got = self._lits.get(pid)
        if got is None:
            if not 0 <= pid < self.n_patterns:
                raise IndexError(pid)
            # compact literals hold no whitespace, so one string joins them with spaces
            joined = self._pool.get(self._plits[pid])
            lits = tuple(joined.split(" "))
            got = self._lits[pid] = (lits, len(joined) - len(lits) + 1)
        return got

    def read_lits(self, pid: int) -> tuple[tuple[str, ...], int]:
        """``lits``, read from the arrays unless already kept (and not kept: merging reads every
        pattern of a segment once)."""
        got = self._lits.get(pid)
        if got is not None:
            return got
        if not 0 <= pid < self.n_patterns:
            raise IndexError(pid)
        joined = self._pool.get(self._plits[pid])
        lits = tuple(joined.split(" "))
        return lits, len(joined) - len(lits) + 1

    def segs(self, pid: int) -> tuple[str, ...]:
        """Pattern ``pid``'s literal segments as written, one per compact literal."""
        return tuple(self._pool.many(self._seg_ids(pid)))

    def _seg_ids(self, pid: int) -> list[int]:
        """The string ids of pattern ``pid``'s segments (checked against the pool when read)."""
        if not 0 <= pid < self.n_patterns:
            raise IndexError(pid)
        s = self._sec
        a, b = _span(s["p_segoff"], pid, len(s["p_segs"]), "pattern")
        # one more segment than names (``Pattern.names`` ties the names to the literals)
        names = s["p_namoff"][pid + 1] - s["p_namoff"][pid]
        if b - a != names + 1:
            raise CorruptIndex(f"pattern {pid} has {b - a} segments for {names} names")
        out: list[int] = s["p_segs"][a:b].tolist()
        return out

    def template(self, pid: int) -> str:
        """The template pattern ``pid``'s segments and names render: that of most of its entries
        (the others store their own), worked out once per pattern."""
        got = self._templates.get(pid)
        if got is None:
            # read without making the ``Pattern``: most entries decoded are shown, not scored
            s, many = self._sec, self._pool.many
            segs = many(self._seg_ids(pid))  # (checked: one more than the names)
            a, b = _span(s["p_namoff"], pid, len(s["p_names"]), "pattern")
            got = self._templates[pid] = _render(segs, many(s["p_names"][a:b]))
        return got

    def entry_facts(self, i: int) -> tuple[str, SiteFacts]:
        """Entry ``i``'s repo and its raise site's ``SiteFacts``: what ranking reads of every
        entry it bounds or scores, so what is derived from the site's strings (its privacy, the
        path with POSIX separators) is worked out once per site, not once per entry and query."""
        return self.snap_repo(self._ecols[2][i]), self.site_facts(self._ecols[3][i])

    def site_facts(self, site: int) -> SiteFacts:
        """Raise site ``site``'s ``SiteFacts`` (``entry_facts``), worked out once per site."""
        facts = self._site_facts.get(site)
        if facts is None:
            (kind, etype, qual), path, func = self._site_at(site)
            facts = self._site_facts[site] = SiteFacts(
                str(kind), str(etype), str(path), str(func), str(path).replace("\\", "/"),
                site_privacy(str(path), str(func)), _alias_of(str(etype), qual), importable_file(str(path)),
            )  # fmt: skip
        return facts

    def snap_repo(self, snap: int) -> str:
        """Snapshot ``snap``'s codebase: ranking asks it of every entry it bounds or scores
        (``entry_facts``, ``entry_columns``), ~170 times a query, so it is read from the
        decoded snapshot (``_snap`` has checked it is there)."""
        where = self._snaps.get(snap)
        if where is None:
            where = self._snaps[snap] = self._snap(snap)
        return where[0]

    def entry_columns(self, i: int) -> tuple[str, int, int]:
        """Entry ``i``'s codebase, raise site id and flags (relay, called, callers' bucket), nothing
        else decoded."""
        return self.snap_repo(self._ecols[2][i]), self._ecols[3][i], self._ecols[7][i]

    def site_summary(
        self, eis: Sequence[int], repo: str | None = None
    ) -> tuple[set[int], set[int], bool, int]:
        """Of entries ``eis`` (those in codebase ``repo`` when given): their distinct raise sites,
        their distinct snapshots, whether any one's function is called by its library
        (``entry_called``) and the highest callers' bucket of them (``entry_callers``). What a
        bound over many entries needs, read from the columns in a
        few passes: the entries of one pattern are the copies of a few raises, so the sites and
        snapshots are far fewer than the entries, and each is decoded once."""
        snapcol, sitecol, flags = self._ecols[2], self._ecols[3], self._ecols[7]
        snaps = {snapcol[ei] for ei in eis}
        if snaps and max(snaps) >= len(self._sec["snp_repo"]):
            raise CorruptIndex(f"snapshot id {max(snaps)} of {len(self._sec['snp_repo'])}")
        if repo is not None:
            snaps = {snap for snap in snaps if self.snap_repo(snap) == repo}
            eis = [ei for ei in eis if snapcol[ei] in snaps]
        called = any(flags[ei] & CALLED for ei in eis)
        callers = max((flags[ei] >> CALLERS_SHIFT for ei in eis), default=0)
        return {sitecol[ei] for ei in eis}, snaps, called, callers

    def entry_id(self, i: int) -> str:
        return self._pool.get(self._ecols[1][i])

    def entry_repo(self, i: int) -> str:
        return str(self._snap_of(i)[0])

    def entry_path(self, i: int) -> str:
        return str(self._site_of(i)[1])

    def entry_qualname(self, i: int) -> str:
        """Entry ``i``'s class by the qualified name its module imports it under
        (``graphql.error.GraphQLError``); "" when the extractor did not resolve one."""
        return str(self._site_of(i)[0][2] or "")

    def entry_func(self, i: int) -> str:
        return str(self._site_of(i)[2])

    def entry_line(self, i: int) -> int:
        return int(self._ecols[5][i])

    def entry_where(self, i: int) -> tuple[int, int, int]:
        """Entry ``i``'s statement: (snapshot, line, path's string id), ids only, nothing decoded.
        The variants of one raise's message (its branches, its class's printers) are entries of
        their own at the same statement."""
        paths = self._sec["st_path"]
        site = self._ecols[3][i]
        if site >= len(paths):
            raise CorruptIndex(f"site id {site} of {len(paths)}")
        return int(self._ecols[2][i]), int(self._ecols[5][i]), int(paths[site])

    def entry_relay(self, i: int) -> bool:
        return self._ecols[7][i] & _RELAY in _RELAY_KINDS

    def entry_copy(self, i: int) -> bool:
        """Entry ``i``'s raise gives its exception a caught one's whole text (``copies_text``)."""
        return self._ecols[7][i] & _RELAY == COPY

    def entry_cut(self, i: int) -> bool:
        """Entry ``i`` re-raises a caught exception with its trail cut (``cut_reraise``)."""
        return self._ecols[7][i] & _RELAY == 2

    def entry_called(self, i: int) -> bool:
        """The library's code calls entry ``i``'s function by its name (``CatalogueEntry.called``)."""
        return self._ecols[7][i] & CALLED != 0

    def entry_callers(self, i: int) -> int:
        """``callers_bucket`` of the callers the call graph resolves for entry ``i``'s function
        (``CatalogueEntry.callers``)."""
        return int(self._ecols[7][i] >> CALLERS_SHIFT)

    def _site(self, site: int) -> tuple[str | None, ...]:
        """A raise site's (kind, type, qualified name, path, function)."""
        s = self._sec
        if site >= len(s["st_kind"]):
            raise CorruptIndex(f"site id {site} of {len(s['st_kind'])}")
        what = self._pool.shared(s[name][site] for name in _SITE_COLUMNS)
        kind, etype, _qual, path, func = what
        if kind is None or etype is None or path is None or func is None:  # only the qualified name may be
            raise CorruptIndex(f"site {site} lacks a field")
        return tuple(what)

    # --- building --------------------------------------------------------------------------------------

    @classmethod
    def build(
        cls,
        entries: Iterable[CatalogueEntry],
        generation: str = "",
        class_bases: Iterable[tuple[str, Sequence[str]]] = (),
        *,
        keys: bool = True,
    ) -> Index:
        """Group entries into patterns, choose keys, heads and site tables, and lay them out flat;
        ``class_bases`` are the exception classes the codebases define, with their bases (the
        entries carry those of the classes they raise); ``keys`` as ``Builder.finish``."""
        b = Builder()
        for e in entries:
            b.add_entry(e)
        for name, bases in class_bases:
            b.add_bases(name, bases)
        return b.finish(generation, keys=keys)

    # --- storing ---------------------------------------------------------------------------------------

    def dumps(self) -> bytes:
        """The artifact: header, section table, then each section 8-aligned (see the module doc)."""
        out = io.BytesIO()
        self.dump(out)
        return out.getvalue()

    def dump(self, fh: BinaryIO) -> int:
        """Write the artifact to ``fh`` section by section (no copy of the whole index is made:
        a merged ecosystem index is gigabytes); returns its size."""
        meta = {"generation": self.generation, **self.extra}
        for key, value in meta.items():
            if "=" in key or "\n" in key or "\n" in value:
                raise ValueError(f"match index metadata {key!r} cannot be stored")
        sections: dict[str, memoryview] = {name: view for name, view in self._sec.items() if name != "meta"}
        sections["meta"] = memoryview("".join(f"{k}={v}\n" for k, v in meta.items()).encode())
        if sections["meta"].nbytes > MAX_META:
            raise ValueError("match index metadata too long")
        names = sorted(sections)
        table = bytearray(_HEADER.pack(MAGIC, FORMAT, len(names)))
        start = _HEADER.size + len(names) * _ENTRY.size
        start += -start % 8
        at = start
        for name in names:
            at += -at % 8
            table += _ENTRY.pack(name.encode("ascii"), at, sections[name].nbytes)
            at += sections[name].nbytes
        table += bytes(start - len(table))
        fh.write(table)
        at = start
        for name in names:
            fh.write(bytes(-at % 8))
            at += -at % 8
            view = sections[name]
            fh.write(view if _LITTLE or view.itemsize == 1 else _le_bytes(view))
            at += view.nbytes
        return at

    @classmethod
    def loads(cls, data: bytes | memoryview, runtime: str | None = None, *, keys: bool = True) -> Index:
        """Read an artifact (any buffer: bytes, or an ``mmap``) without copying its arrays.

        Raises ``IndexFormatError`` for another format, or when ``runtime`` is given and differs
        from the one recorded (another errdex version built it: its layout is not even checked),
        and ``CorruptIndex`` when the layout does not hold together; what it holds is checked as
        it is read (also ``CorruptIndex``). ``keys=False`` skips building the key lookup: the
        index can then be read entry by entry (merged), not queried.
        """
        buf = memoryview(data).cast("B")
        sections, starts = _parse(buf)
        meta = _meta(sections["meta"])
        if runtime is not None and meta.get("runtime") != runtime:
            raise IndexFormatError("match index built by another errdex version")
        _check_layout(sections)
        return cls(sections, meta, starts["str_dat"], keys=keys)

    # --- querying --------------------------------------------------------------------------------------

    def hits(self, cmsg: str) -> set[int]:
        """Keys that occur in compact message ``cmsg``: every ``CHUNK``-long window looked up in
        the dict, plus one pass of the automaton of the other keys."""
        if not cmsg or not self.n_keys:
            return set()
        keys = self._keys
        # the windows that are keys, intersected in C; then only the hits are looked up
        found = {keys[w] for w in keys.keys() & {cmsg[i : i + CHUNK] for i in range(len(cmsg) - CHUNK + 1)}}
        if self._automaton is not None:
            found.update(map(itemgetter(1), self._automaton.iter(cmsg)))  # (end, key) pairs
        # filled in an order that follows string hashing, which differs from process to process;
        # the consumers walk the set and cap what they take, so it is rebuilt in key order: the
        # same paste gets the same answer in every process
        return set(sorted(found))

    def folded_and_hits(self, cmsg: str) -> tuple[set[int], set[int]]:
        """Keys that occur in ``cmsg`` lower-cased or upper-cased but not as written, and
        ``hits`` of ``cmsg`` itself (the retries in other capitals read both: the keys as
        written are found once for the two). The first is for a message retyped in other
        capitals, which ``hits`` misses whole. A key all in one case (``'SQLALCHEMY_``,
        ``mustbeset.``) is found again this way; one of mixed case is not, and needs none: the
        keys found lead to the template by their weight (``similar``). Two more passes of
        ``hits``, no table of folded keys (at a million templates that would be hundreds of
        megabytes for a rare retry)."""
        held = self.hits(cmsg)
        return (self.hits(cmsg.lower()) | self.hits(cmsg.upper())) - held, held

    def exact_candidates(self, seen: set[int]) -> list[int]:
        """Patterns whose keys all occurred: the only ones that can fit in full.

        Each pattern is listed under its rarest key only, so the work is the length of a few short
        anchor postings, not of the posting lists of every common fragment in the message.
        """
        s = self._sec
        out: list[int] = []
        aoffs, anchors, koffs, pkeys = s["k_anchof"], s["k_anchs"], s["p_keyoff"], s["p_keys"]
        na, nk, npat = len(anchors), len(pkeys), self.n_patterns
        for kid in seen:
            a, b = aoffs[kid], aoffs[kid + 1]
            if a == b:
                continue
            if a > b or b > na:
                raise CorruptIndex(f"anchors of key {kid}")
            for pid in anchors[a:b]:
                if pid >= npat:
                    raise CorruptIndex(f"pattern id {pid} of {npat}")
                ka, kb = koffs[pid], koffs[pid + 1]
                if ka > kb or kb > nk:
                    raise CorruptIndex(f"keys of pattern {pid}")
                # (its other keys tested in C, stopping at the first missing one)
                if kb - ka == 1 or seen.issuperset(pkeys[ka:kb]):
                    out.append(pid)
        return out

    def head_candidates(self, cmsg: str, seen: set[int]) -> list[int]:
        """Patterns that can fit a cut-short ``cmsg`` confidently (see ``_head``).

        Anchored heads are found by looking up the message's own prefixes (a handful of lookups,
        whatever the catalogue size; a hash collision only adds a candidate that verification
        rejects); floating heads through their key.
        """
        out: list[int] = []
        heads = self._heads
        keys, nkeys = heads.keys, len(heads.keys)
        head = cmsg[: self.head_lens[-1]] if self.head_lens else ""
        # ASCII (the usual case): each prefix's bytes are a slice of one encoding
        data = head.encode("ascii") if head.isascii() else None
        for n in self.head_lens:
            if n > len(cmsg):
                break
            key = n << 32 | crc32(data[:n] if data is not None else cmsg[:n].encode("utf-8", "surrogatepass"))
            i = bisect_left(keys, key)
            if i < nkeys and keys[i] == key:  # most probes miss
                for row in heads.rows(key):
                    out.extend(heads.items_of(row))
        s = self._sec
        foffs, floats = s["k_fltof"], s["k_flts"]
        for kid in seen:
            a, b = foffs[kid], foffs[kid + 1]
            if a != b:
                if a > b or b > len(floats):
                    raise CorruptIndex(f"floating heads of key {kid}")
                out.extend(_ids(floats[a:b], self.n_patterns, "pattern"))
        return out

    def key_sums(
        self,
        among: set[int],
        seen: set[int],
        hit: dict[int, float],
        longest: int,
        *,
        shortest: int = 0,
        budget: int | None = None,
        sums: dict[int, float] | None = None,
    ) -> tuple[dict[int, float], float]:
        """``weight`` of each pattern of ``among`` read from the postings side, for a bound: the
        sum over the keys of ``seen`` whose postings hold at most ``longest`` patterns (those of
        ``among`` listed under each, found in C), and the sum of the weights of the other keys,
        which a pattern's weight exceeds its own sum by at most. Postings list each pattern under
        every key it has (``p_keys``), so the first is the weight itself when nothing is left
        out, summed in another order (a bound, not the weight: the last bits may differ). The
        work is the short postings, not a read of each pattern's keys; the keys left out are the
        most common ones, which weigh least. A pattern of ``among`` is listed under one of the
        keys read exactly when its sum is not 0 (key weights are positive).

        The keys are read fewest postings first. A bound made tighter (``candidates.best_heads``)
        passes the ``sums`` of a first call over the keys of at most ``shortest`` postings (a
        copy is returned, with the weights of the keys read now added) and a ``budget``: keys
        whose postings would take the postings read past it go to the allowance, as the longer
        ones do."""
        s = self._sec
        offs, posts = s["k_postof"], s["k_posts"]
        out = dict.fromkeys(among, 0.0) if sums is None else dict(sums)
        rest = 0.0
        for n, kid in sorted((offs[k + 1] - offs[k], k) for k in seen):
            a, b = offs[kid], offs[kid + 1]
            if a > b or b > len(posts):
                raise CorruptIndex(f"postings of key {kid}")
            if n <= shortest:
                continue  # (the first call's, in ``sums``)
            w = hit[kid]
            if n > longest or (budget is not None and n > budget):
                rest += w
                continue
            if budget is not None:
                budget -= n
            for pid in among.intersection(posts[a:b].tolist()):
                out[pid] += w
        return out, rest

    def hit_weights(self, seen: set[int]) -> dict[int, float]:
        """The weights of the keys that occurred, for ``weight``."""
        kw = self.key_weight
        return {k: kw[k] for k in seen}

    def weight(self, pid: int, hit: dict[int, float]) -> float:
        """Sum of the weights of the pattern's keys that occurred (``hit_weights``): a cheap
        relevance bound."""
        pkeys, offs = self._sec["p_keys"], self._sec["p_keyoff"]
        a, b = offs[pid], offs[pid + 1]
        if a > b or b > len(pkeys):
            raise CorruptIndex(f"keys of pattern {pid}")
        return sum(map(hit.get, pkeys[a:b].tolist(), _ZEROS))

    def weights(self, pids: Iterable[int], hit: dict[int, float]) -> list[float]:
        """``weight`` of each pattern, in one loop: a message cut short has hundreds of heads to
        order by it."""
        pkeys, offs = self._sec["p_keys"], self._sec["p_keyoff"]
        n, get, out = len(pkeys), hit.get, []
        # near-duplicates of the message's source are listed by hundreds and many share none of
        # its keys (their rare keys are their own words): one set test, in C, says so
        missed = hit.keys().isdisjoint
        for pid in pids:
            a, b = offs[pid], offs[pid + 1]
            if a > b or b > n:
                raise CorruptIndex(f"keys of pattern {pid}")
            keys = pkeys[a:b].tolist()
            out.append(0.0 if missed(keys) else sum(map(get, keys, _ZEROS)))
        return out

    def similar(self, seen: set[int], limit: int, budget: int = 12000) -> list[int]:
        """The ``limit`` patterns sharing the most key weight with the message (for reworded ones).

        Keys are taken rarest first and the posting volume is capped: rare keys carry almost all
        of the weight, and the cap bounds the per-query Python work on a message full of common
        fragments.
        """
        s = self._sec
        weights: dict[int, float] = {}
        offs, posts, kw = s["k_postof"], s["k_posts"], self.key_weight
        # rarest first, ties by key id: the order of a set is not the same from run to run, and
        # where the budget cuts it decides which postings count
        for kid in sorted(seen, key=lambda k: (-kw[k], k)):
            a, b = offs[kid], offs[kid + 1]
            if a > b or b > len(posts):
                raise CorruptIndex(f"postings of key {kid}")
            if b - a > budget:
                continue
            budget -= b - a
            w = kw[kid]
            get = weights.get
            for pid in posts[a:b]:
                weights[pid] = get(pid, 0.0) + w
        best = heapq.nlargest(limit, weights, key=weights.__getitem__)
        if best and max(best) >= self.n_patterns:
            raise CorruptIndex(f"pattern id {max(best)} of {self.n_patterns}")
        return best

    def words(self, pid: int) -> set[str]:
        """The pattern's literal words, computed once: similarity scoring reuses them across queries."""
        w = self._words.get(pid)
        if w is None:
            w = self._read_words(pid)
        return w

    def lead_words(self, pid: int) -> set[str] | None:
        """The words of the template's first sentence when it has more: an older or newer release
        often words that sentence differently or has only it (the rest was added or dropped)."""
        if pid not in self._lead:
            self._read_words(pid)
        return self._lead[pid]

    def _read_words(self, pid: int) -> set[str]:
        """``words`` and ``lead_words`` from one read of the pattern's text (derived from its
        segments: similarity scoring asks for both, of patterns no earlier query read)."""
        text = self._text(pid)
        words = self._words[pid] = text_words(text)
        m = _SENTENCE_END.search(text)
        lead = text_words(text[: m.start() + 1]) if m else None
        if lead is not None and (len(lead) < 3 or lead == words):
            lead = None
        self._lead[pid] = lead
        return words

    def _text(self, pid: int) -> str:
        """``Pattern.text`` (its segments' words, single spaces), without making the ``Pattern``:
        the words of dozens of patterns are compared per query, and only a few of them rank.
        Each segment's text with single spaces is kept by string id, because near-duplicate
        patterns share most of their segments."""
        if not 0 <= pid < self.n_patterns:
            raise IndexError(pid)
        s = self._sec
        a, b = _span(s["p_segoff"], pid, len(s["p_segs"]), "pattern")  # (the pool checks each id)
        ids = s["p_segs"][a:b].tolist()
        norm, get = self._seg_text, self._pool.get
        parts: list[str] = []
        for sid in ids:
            text = norm.get(sid)
            if text is None:
                text = norm[sid] = " ".join(get(sid).split())
            if text:
                parts.append(text)
        return " ".join(parts)

    def packages(self) -> dict[str, set[str]]:
        """Top-level package name -> the codebases holding it (read once: a few hundred rows)."""
        if self._packages is None:
            s = self._sec
            names = self._pool.many(s["tp_name"])
            repos = self._pool.shared(s["tp_repo"])
            out: dict[str, set[str]] = {}
            for name, repo in zip(names, repos, strict=True):
                if repo is None:
                    raise CorruptIndex("a package without a codebase")
                out.setdefault(name, set()).add(repo)
            self._packages = out
        return self._packages

    def package_holders(self, name: str) -> set[str]:
        """The codebases holding the top-level package ``name`` that a dotted class names
        (``name.mod.Error``); empty when the catalogue does not hold it. The one answer to that
        question for every reader of a pasted class's module: the codebases storing files under
        ``name/``, and a package folder indexed as itself (``errdex index ~/src/idn`` stores
        ``core.py``, not ``idn/core.py``), whose codebase's name (``local/idn``, ``my-lib`` as
        ``my_lib``) is the package the paste names."""
        if self._by_name is None:
            by_name: dict[str, set[str]] = {}
            for repos in self.packages().values():
                for repo in repos:
                    by_name.setdefault(package_name(repo), set()).add(repo)
            self._by_name = by_name
        held = self.packages().get(name, set())
        named = self._by_name.get(package_name(name), set())
        return held | named if named else held

    def type_bases(self) -> dict[str, set[str]]:
        """Type key of a class a codebase defines -> the type keys of its direct bases (read once:
        a row per class and base)."""
        if self._bases is None:
            s = self._sec
            out: dict[str, set[str]] = {}
            for name, base in zip(self._pool.many(s["tb_name"]), self._pool.many(s["tb_base"]), strict=True):
                out.setdefault(name, set()).add(base)
            self._bases = out
        return self._bases

    def ancestors(self, key: str) -> set[str]:
        """The type keys of every class above ``key`` that the codebases define or name as a base
        (the class itself not included)."""
        return _reach(self.type_bases(), key)

    def subclasses(self, key: str) -> set[str]:
        """The type keys of the classes below ``key`` (direct and further down)."""
        if self._subclasses is None:
            inv: dict[str, set[str]] = {}
            for name, bs in self.type_bases().items():
                for b in bs:
                    inv.setdefault(b, set()).add(name)
            self._subclasses = inv
        return _reach(self._subclasses, key)

    def entry_handlers(self) -> dict[int, list[str]]:
        """Entry -> the type keys of the classes its handler names, for the entries in one."""
        out: dict[int, list[str]] = {}
        for name, ents in self.handlers.items():
            for i in ents:
                out.setdefault(i, []).append(name)
        return out

    def handled_by(self, pid: int, classes: Iterable[str]) -> bool:
        """Whether an entry of pattern ``pid`` is raised in an ``except`` naming one of
        ``classes`` (type keys)."""
        ents = set(self.patterns[pid].entries)
        return any(not ents.isdisjoint(self.handlers.get(k) or ()) for k in classes)

    def entry_statements(self) -> dict[int, str]:
        """Entry -> the (compact) first line of its raise statement, for the entries that have one."""
        return {i: text for text, ents in self.statements.items() for i in ents}

    def entry_statement(self, i: int) -> str | None:
        """The compact first line of entry ``i``'s statement, None when it has none (a runtime
        codebase's entries): ``entry_statements`` for one entry, without decoding them all."""
        return self.statements.key_of(i)

    def statement_entries(self, source: str, limit: int | None = None) -> list[int]:
        """Entries raised by a statement whose first line is ``source`` (compared compact); with
        ``limit``, the first ``limit`` of them, read without the rest."""
        key = compact(source)
        if not key:
            return []
        return self.statements.head(key, limit) if limit is not None else (self.statements.get(key) or [])

    def type_entries(self, exc_type: str, limit: int | None = None) -> list[int]:
        """Entries raising a class of this name, whatever its module path or capitals; with
        ``limit``, the first ``limit`` of them, read without the rest (a built-in class is raised
        by a share of every codebase, so its row grows with the catalogue)."""
        key = type_key(exc_type)
        if not key:
            return []
        return self.types.head(key, limit) if limit is not None else (self.types.get(key) or [])

    def joined_entries(self, exc_type: str, limit: int) -> list[int]:
        """The first ``limit`` raises of a class of this name whose message is the messages of
        collected errors joined (``joins_messages``): no fragment of the text leads to them, only
        the errors they print."""
        key = type_key(exc_type)
        return self.types.head(JOINED.format(key), limit) if key else []

    def resolve_path(self, path: str) -> str | None:
        """The catalogue path that is a suffix of the (normalised) frame path, if any. A module
        that has since become a package (``sh.py`` of an old release, ``sh/__init__.py`` now)
        is that package's ``__init__.py`` when the catalogue holds no file of the old name."""
        p = path.replace("\\", "/")
        got = self._suffix_path(p)
        if got is None and p.endswith(".py") and not p.endswith("/__init__.py"):
            got = self._suffix_path(p[:-3] + "/__init__.py")
        return got

    def _suffix_path(self, p: str) -> str | None:
        """The catalogue path that is ``p`` or a suffix of it at a ``/``. A suffix of more
        parts than the catalogue's deepest path is none of its paths, so a frame path deeper
        than ``SHALLOW_PATH`` is looked up from the suffix of that many parts on: each suffix
        tried is hashed and compared whole, and trying every suffix of a pasted path of 500
        parts (``a/a/.../x.py``, 1,000 characters) was 250k characters a lookup, a frame's
        lookups (``frames.moved_module`` tries four renamings, each also as a package) 5M."""
        if p in self.paths:
            return p
        i = p.find("/")
        if i >= 0 and p.count("/") >= SHALLOW_PATH:
            end = len(p)
            for _ in range(self.paths.parts()):  # the slash before the deepest suffix that may be one
                end = p.rfind("/", 0, end)
                if end < 0:
                    break
            if end == len(p):
                return None  # (no path is stored)
            if end >= 0:  # (else no deeper than the deepest path: every suffix may be one)
                i = end
        while i >= 0:
            if p[i + 1 :] in self.paths:
                return p[i + 1 :]
            i = p.find("/", i + 1)
        return None

    def entries_at(self, path: str) -> list[int]:
        """Entries whose catalogue path is a suffix of the (normalised) frame path."""
        p = self.resolve_path(path)
        return self.paths[p] if p is not None else []


# --- building ---------------------------------------------------------------------------------------


class Added(NamedTuple):
    """What ``Builder.add`` made of one entry, but for its key and snapshot: the entry's
    columns from ``e_id`` on but ``e_snap`` (error id string, site, template, line, pattern,
    flags), the tables' entry arrays it was appended to but its line's, and its path's number
    (which, with a line, keys that one)."""

    row: tuple[int, int, int, int, int, int]
    into: tuple[array[int], ...]
    path_no: int


class Builder:
    """An index under construction, entry by entry: ``Index.build`` feeds it catalogue entries,
    ``shared_index.merge`` the entries of built segments (so both lay out the same bytes for the
    same entries in the same order).

    What it keeps besides the growing arrays is small per entry, because a merged ecosystem
    index has tens of millions: strings live once in one byte buffer, found again by their
    hash; a pattern is found by the hash of its strings' ids; a pattern's entries and literals
    are read back from the arrays when the keys are chosen, not kept twice.
    """

    def __init__(self, hash_fn: Callable[[Any], int] = hash) -> None:
        self.w = _Writer(hash_fn)
        self._hash = hash_fn
        self._by_shape: dict[int, int] = {}  # hash of (literals id, name ids) -> pattern
        self._shape_clash: dict[tuple[int, ...], int] = {}  # shapes whose hash another took
        self._runtime = bytearray()
        self._snaps: dict[tuple[str, str, str | None], int] = {}
        self._sites: dict[tuple[str, str, str | None, str, str], int] = {}
        self._tables = _SiteTables(self.w)
        self.n = 0
        self.n_patterns = 0

    def add_entry(self, e: CatalogueEntry) -> Added | None:
        """One catalogue entry, its template split into the pattern's compact literals (what
        ``add`` returns)."""
        segs = uncoloured(debug_specifiers_as_text(e.segments if e.segments else [e.template]))
        lits = tuple(compact(x) for x in segs[0::2])
        if any(" " in lit for lit in lits):
            raise ValueError(f"a compact literal holds a space: {lits!r}")
        exc_type = own_instance_class(e) or e.exc_type
        made = self.add(
            " ".join(lits), tuple(segs[1::2]), segs[0::2], partial(is_runtime, e.repo),
            (e.repo, e.version, e.snapshot_date), (e.kind, exc_type, e.exc_qualname, e.path, e.function),
            e.key, e.error_id, e.template, e.line, e.relay, e.statement, e.called, None, e.callers,
            e.caught,
        )  # fmt: skip
        if e.exc_bases and not is_runtime(e.repo):
            self.add_bases(e.exc_type, e.exc_bases)
        return made

    def add_bases(self, exc_type: str, bases: Iterable[str]) -> None:
        """Record the direct bases of a class a codebase defines (by type key)."""
        name = type_key(exc_type)
        if name:
            self._tables.bases.update((name, k) for b in bases if (k := type_key(b)) and k != name)

    def add(
        self,
        lits: str,
        names: tuple[str, ...],
        segs: Sequence[str],
        runtime: bool | Callable[[], bool],
        where: tuple[str, str, str | None],
        what: tuple[str, str, str | None, str, str],
        key: int,
        error_id: str,
        template: str,
        line: int,
        relay: bool,
        statement: str = "",
        called: bool = False,
        flags: int | None = None,
        callers: int = 0,
        caught: Iterable[str] = (),
    ) -> Added | None:
        """One entry: its pattern's compact literals joined by spaces, placeholder names and
        literal segments as written (the segments and the interpreter flag are kept only when
        the pattern is new: its first entry's), its snapshot (repo, version, date), site (kind,
        type, qualified name, path, function), the first line of its raise statement and whether
        the library calls its function, and how many callers the call graph resolves for that
        function (``callers``, kept as its ``callers_bucket``). The template is stored only when the pattern's segments
        and names do not render it. ``flags``: the entry's ``e_relay`` byte as an index stored
        it (``relay``, ``called`` and ``callers`` are then not read, and ``statement`` may be compact), for
        an entry taken back out of a built index. ``caught``: the classes its handler names.
        What it added, for ``add_again`` (None when the entry is left out: an interpreter's
        message a codebase raises word for word)."""
        w, idx = self.w, self.n
        shape = (w.string(lits), *map(w.string, names))
        pid = self._pattern(shape)
        if pid is not None and not self._runtime[pid] and (runtime() if callable(runtime) else runtime):
            # an interpreter message a codebase also raises word for word (jax's ``slice step
            # cannot be zero``): the pattern is the codebase's (the interpreter's entries are
            # added after every codebase's), and an entry of the interpreter in it would be
            # answered as a site, ``<python>:190``, which no page or ``errdex show`` knows
            return None
        if pid is not None:
            offs = w.sec["p_segoff"]
            stored = tuple(map(w.text, w.sec["p_segs"][offs[pid] : offs[pid + 1]]))
            tmpl = NONE if _render(stored, names) == template else w.string(template)
        else:
            rt = runtime() if callable(runtime) else runtime
            pid = self.new_pattern(shape, map(w.string, segs), rt)
            tmpl = NONE if _render(segs, names) == template else w.string(template)
        snap = self._snapshot(where)
        site = self._sites.get(what)
        if site is None:
            site = self._sites[what] = len(self._sites)
            w.row(_SITE_COLUMNS, map(w.string, what))
        relay_flags = (
            flags
            if flags is not None
            else ((2 if cut_reraise(statement) else 1) if relay else (COPY if copies_text(statement) else 0))
            | (CALLED if called else 0)
            | callers_bucket(callers) << CALLERS_SHIFT
        )
        row = (w.string(error_id), site, tmpl, line, pid, relay_flags)
        w.row(_ENTRY_COLUMNS, (key, row[0], snap, *row[1:]))
        into, path_no = self._tables.add_fields(
            idx, what[3], what[4], line, where[0], what[1], statement, what[2]
        )
        if not is_runtime(where[0]):
            for name in caught:
                if tname := type_key(name):
                    into.append(eis := self._tables.handlers.setdefault(tname, array("I")))
                    eis.append(idx)
        if any(map(joins_messages, names)) and not is_runtime(where[0]) and (tname := type_key(what[1])):
            into.append(eis := self._tables.types.setdefault(JOINED.format(tname), array("I")))
            eis.append(idx)
        self.n += 1
        return Added(row, tuple(into), path_no)

    def add_again(self, made: Added, key: int, where: tuple[str, str, str | None], line: int) -> None:
        """An entry that ``add`` would add as it added ``made``'s, but for its key, snapshot
        (``where``) and line: the same fields (pattern, site, template, flags, statement,
        handlers) come out as the same ids and go into the same tables, so what ``add`` worked
        out for the one is appended again for the other, at its own line (its column and its
        (path, line) table). The snapshot is the only thing it may add to the strings.

        A release of a history holds most of the release before's entries but for key and
        snapshot (the held merge, ``shared_index.hold``): each was read back from the rows,
        its template split, its strings hashed again only to come out as these same ids."""
        idx = self.n
        error_id, site, tmpl, _, pid, flags = made.row
        self.w.row(_ENTRY_COLUMNS, (key, error_id, self._snapshot(where), site, tmpl, line, pid, flags))
        for eis in made.into:
            eis.append(idx)
        self._tables.add_line(idx, made.path_no, line)
        self.n += 1

    def _snapshot(self, where: tuple[str, str, str | None]) -> int:
        """The id of the snapshot (repo, version, date), its row added when it is new."""
        snap = self._snaps.get(where)
        if snap is None:
            snap = self._snaps[where] = len(self._snaps)
            self.w.row(_SNAPSHOT_COLUMNS, map(self.w.string, where))
        return snap

    def fork(self) -> Builder:
        """An independent copy of the builder as it stands (finishing either leaves the other
        as it was): a release's segment is finished from a copy while the original goes on to
        take the catalogue's other entries, instead of merging the finished segment's entries
        back in one by one."""
        w = self.w.fork()
        return _forked(self, {id(self.w): w, id(self._tables): self._tables.fork(w)})

    def new_pattern(self, shape: tuple[int, ...], seg_ids: Iterable[int], runtime: bool) -> int:
        """Append a pattern the builder does not hold yet: its shape (literals id, *name ids),
        its segments' string ids and interpreter flag; its id. ``add`` and the array-level merge
        (``shared_index._absorb``) both add patterns through here, so both register a shape the
        same way."""
        pid = self.n_patterns
        self.n_patterns += 1
        h = self._hash(shape)
        if h in self._by_shape:
            self._shape_clash[shape] = pid
        else:
            self._by_shape[h] = pid
        w = self.w
        w.add("p_lits", shape[0])
        w.list("p_names", shape[1:])
        w.list("p_segs", seg_ids)
        self._runtime.append(1 if runtime else 0)
        return pid

    def _pattern(self, shape: tuple[int, ...]) -> int | None:
        """The pattern of this (literals id, *name ids), if one was added."""
        pid = self._by_shape.get(self._hash(shape))
        if pid is None:
            return None
        w = self.w
        offs = w.sec["p_namoff"]
        if (
            w.sec["p_lits"][pid] == shape[0]
            and tuple(w.sec["p_names"][offs[pid] : offs[pid + 1]]) == shape[1:]
        ):
            return pid
        return self._shape_clash.get(shape)

    def finish(self, generation: str = "", *, keys: bool = True, keys_of: Index | None = None) -> Index:
        """Keys, heads, path and site tables over every entry added, laid out flat.

        ``keys=False`` leaves the key and head tables empty (every pattern without keys): for
        an index that is only ever merged (a release's segment, the interpreter's entries), whose
        keys the merge chooses again from the merged document frequencies, so choosing them here
        too was a third of the match index's build time for nothing.

        ``keys_of``: an index built before (the stored one a release is merged into) whose key
        and head tables are taken as they are when its patterns are this builder's, in the same
        order (``_same_patterns``): keys are a function of the patterns' literals, their order
        and their interpreter flags alone (``_build_keys``), so choosing them again over every
        pattern of the catalogue (most of a history's ~0.15 s of a jax add) would lay out the
        same bytes. A release that brings no new template (a patch release) then costs no
        pass over the catalogue's patterns to key it."""
        w = self.w
        ents, offs = _group_by(w.sec.get("e_pat", array("I")), self.n_patterns)
        w.sec["p_ents"], w.sec["p_entoff"] = ents, offs
        w.sec["g_pids"] = array(
            "I", (p for p in range(self.n_patterns) if offs[p + 1] - offs[p] > BIG_PATTERN)
        )
        w.sec["p_rt"] = array("B", self._runtime)
        p_lits = w.sec.get("p_lits", array("I"))
        if keys and keys_of is not None and self._same_patterns(keys_of):
            for name in KEY_SECTIONS:
                w.sec[name] = array(SECTIONS[name], keys_of._sec[name].cast("B").tobytes())
        elif keys:
            _build_keys(
                w,
                lambda pid: loose_lits(tuple(w.text(p_lits[pid]).split(" "))),
                self.n_patterns,
                self._runtime,
                partial(self._keys_held, keys_of) if keys_of is not None else None,
            )
        else:
            w.sec["p_keyoff"] = array("I", bytes(4 * (self.n_patterns + 1)))
        self._tables.write(w)
        return Index(w.sections(), {"generation": generation})

    def _keys_held(self, other: Index, chunk_sets: list[set[str]]) -> list[list[str] | None] | None:
        """Each of this builder's patterns' keys as ``other`` (an index built before: the stored
        one a release is merged into) chose them, where they are sure to be the ones
        ``_build_keys`` chooses here; None for a pattern whose keys are chosen again, and None
        (all chosen again) when ``other``'s tables do not hold together.

        A pattern's keys are a function of its literals and of the document frequency of its
        own chunks (``chunk_sets[pid]``: its ``_chunks`` and ``_inner_chunks``), nothing else
        (``_build_keys``'s ``rarest``, ``_inner_key``, ``_opening_chunk``). The frequencies
        differ from ``other``'s only for the chunks of the literals that the two hold a
        different number of times (the templates a release brings or drops), so a pattern whose
        literals ``other`` holds and none of whose chunks is one of those has the keys
        ``other`` stored for those literals. An added jax release brings 2 templates of its
        ~7,600 (its version's messages): their ~40 chunks, and the few patterns sharing one,
        are keyed again, the others' keys are read (most of the keys' ~0.14 s of an add)."""
        s, n = other._sec, other.n_patterns
        pool = other._pool
        t_raw, t_base = (pool.raw, pool.base) if pool.raw is not None else (bytes(pool.data), 0)
        t_offs, t_n, t_size = pool.offs, pool.n, pool.size
        theirs: list[bytes] = []
        for b in s["p_lits"]:
            if b >= t_n or not t_offs[b] <= t_offs[b + 1] <= t_size:
                return None
            theirs.append(t_raw[t_base + t_offs[b] : t_base + t_offs[b + 1]])
        raw, offs = bytes(self.w._dat), self.w._offs
        mine = [raw[offs[a] : offs[a + 1]] for a in self.w.sec.get("p_lits", array("I"))]
        key_off, key_ids = s["p_keyoff"], s["p_keys"]
        if len(theirs) != n or len(key_off) != n + 1 or len(mine) != len(chunk_sets):
            return None
        first: dict[bytes, int] = {}
        for pid, lits in enumerate(mine):
            first.setdefault(lits, pid)
        counted, stored = Counter(mine), Counter(theirs)
        changed: set[str] = set()
        for lits in counted.keys() | stored.keys():
            if counted[lits] != stored[lits]:
                at = first.get(lits)
                if at is not None:
                    changed |= chunk_sets[at]
                else:  # a template ``other`` holds and this builder does not
                    gone = loose_lits(tuple(lits.decode("utf-8", "surrogatepass").split(" ")))
                    changed |= set(_chunks(gone)) | set(_inner_chunks(gone))
        texts = _le_bytes(s["k_text"]).decode("utf-8", "surrogatepass").split("\n")
        where: dict[bytes, int] = {}
        for q, lits in enumerate(theirs):
            where.setdefault(lits, q)
        out: list[list[str] | None] = []
        for pid, lits in enumerate(mine):
            held = where.get(lits)
            if held is None or not chunk_sets[pid].isdisjoint(changed):
                out.append(None)
                continue
            a, z = key_off[held], key_off[held + 1]
            if not a <= z <= len(key_ids):
                return None
            kids = key_ids[a:z]
            if kids and max(kids) >= len(texts):
                return None
            out.append([texts[k] for k in kids])
        return out

    def _same_patterns(self, other: Index) -> bool:
        """Whether ``other`` holds this builder's patterns in the same order: as many, each
        with the same compact literals (compared as UTF-8 bytes: the two pools number their
        strings apart) and the same interpreter flag (what ``_build_keys`` reads of a pattern).
        A stored index may be crafted: an id out of its pool is no match."""
        s, n = other._sec, self.n_patterns
        if other.n_patterns != n or s["p_rt"].tobytes() != bytes(self._runtime):
            return False
        mine, theirs = self.w.sec.get("p_lits", array("I")), s["p_lits"]
        raw, offs = bytes(self.w._dat), self.w._offs
        pool = other._pool
        t_raw, t_base = (pool.raw, pool.base) if pool.raw is not None else (bytes(pool.data), 0)
        t_offs, t_n, t_size = pool.offs, pool.n, pool.size
        for a, b in zip(mine, theirs, strict=True):
            if b >= t_n or not t_offs[b] <= t_offs[b + 1] <= t_size:
                return False
            if raw[offs[a] : offs[a + 1]] != t_raw[t_base + t_offs[b] : t_base + t_offs[b + 1]]:
                return False
        return True


# what ``_build_keys`` lays out: the sections ``Builder.finish`` takes from another index whose
# patterns are the builder's (a test holds them to be every section ``_build_keys`` writes)
KEY_SECTIONS = (
    "p_keyoff", "p_keys", "k_text", "k_var", "k_weight", "k_postof", "k_posts", "k_anchof", "k_anchs",
    "k_fltof", "k_flts", "h_key", "h_off", "h_pids", "h_lens",
)  # fmt: skip


def _group_by(owner: Sequence[int], n: int) -> tuple[array[int], array[int]]:
    """Items ``0..len(owner)`` grouped by ``owner[i] < n``, each group in item order: the flat
    array and its ``n + 1`` offsets (a counting sort: no list per group)."""
    counts = array("I", bytes(4 * n))
    for g in owner:
        counts[g] += 1
    offs = array("I", [0])
    total = 0
    for c in counts:
        total += c
        offs.append(total)
    pos = offs[:-1]
    flat = array("I", bytes(4 * len(owner)))
    for i, g in enumerate(owner):
        flat[pos[g]] = i
        pos[g] += 1
    return flat, offs


def _forked[T](obj: T, given: dict[int, Any]) -> T:
    """A copy of ``obj`` made from its attributes themselves, so one added later is never left
    out (nor shared by mistake): each is copied by ``_copied`` unless ``given`` has, by the
    attribute's identity, what replaces it (an inner object forked with the copy)."""
    other = object.__new__(type(obj))
    for name, value in vars(obj).items():
        setattr(other, name, given[id(value)] if id(value) in given else _copied(value))
    return other


_KEPT = frozenset({int, float, str, bytes, tuple, type(None)})


def _copied(value: Any) -> Any:
    """A copy of one builder attribute that shares nothing mutable with it: containers of
    numbers, strings and tuples are copied, and so are a dict's list and array values;
    immutable values and functions are kept. Anything else is refused rather than shared
    between the two builders."""
    if type(value) in _KEPT or callable(value) or isinstance(value, FrozenLines):  # never changed
        return value
    if isinstance(value, list | array | bytearray):
        return value[:]
    if isinstance(value, set):
        return set(value)
    if isinstance(value, dict):
        kinds = set(map(type, value.values()))
        if kinds <= _KEPT:
            return dict(value)
        if kinds <= {list, array}:
            return {k: v[:] for k, v in value.items()}
    raise TypeError(f"a forked builder cannot copy a {type(value).__name__} safely")


_FIRST_SLOTS = 1024  # the string table's first size (a power of two)
_MEMO_MAX = 1 << 16  # strings ``_Writer.string`` remembers by their ``str`` at most


class _Writer:
    """Sections under construction: typed arrays, a deduplicated string pool, flat lists."""

    def __init__(self, hash_fn: Callable[[Any], int] = hash) -> None:
        self.sec: dict[str, array[Any]] = {}
        self._hash = hash_fn
        # the pool: every distinct string once, in one buffer; found again by the hash of its
        # bytes (a hit is compared byte for byte; the rare other string with the same hash is
        # kept apart in ``_clash``). Hash -> first id is an open-addressed table in two arrays
        # (the hash, the id + 1; 0 is an empty slot), at most half full: a merged catalogue's
        # index holds two or three new strings an entry, and as a dict each took ~100 bytes (its
        # slot and two int objects), here 24 to 48 (12 a slot, a quarter to half of them used)
        self._slot_hash = array("q", bytes(8 * _FIRST_SLOTS))
        self._slot_sid = array("I", bytes(4 * _FIRST_SLOTS))
        self._n_ids = 0
        self._clash: dict[bytes, int] = {}
        self._dat = bytearray()
        self._offs = array("I", [0])
        # the ids of the strings ``string`` was given lately, by the ``str`` itself: an entry's
        # path, type, site and snapshot repeat from entry to entry, and a hit skips encoding,
        # hashing and comparing the bytes; emptied when it grows past ``_MEMO_MAX`` (a merged
        # catalogue's strings are not kept a second time)
        self._memo: dict[str, int] = {}

    def fork(self) -> _Writer:
        """An independent copy (arrays, pool and its lookups copied, not shared)."""
        return _forked(self, {})

    def add(self, name: str, value: int | float) -> None:
        try:
            self.sec[name].append(value)
        except KeyError:
            self.sec[name] = array(SECTIONS[name], [value])

    def row(self, names: Sequence[str], values: Iterable[int]) -> None:
        """``add`` of each value to its column: an entry's, a snapshot's or a site's row."""
        sec = self.sec
        for name, value in zip(names, values, strict=True):
            try:
                sec[name].append(value)
            except KeyError:
                sec[name] = array(SECTIONS[name], [value])

    def column(self, name: str) -> array[Any]:
        """The section ``name``, to append to (made empty if there is none yet)."""
        arr = self.sec.get(name)
        if arr is None:
            arr = self.sec[name] = array(SECTIONS[name])
        return arr

    def lists(self, flat: str, rows: Iterable[Iterable[int]]) -> None:
        """``list`` of each of ``rows``, in order."""
        arr = self.column(flat)
        offs = self.sec.get(_OFFSETS[flat])
        if offs is None:
            offs = self.sec[_OFFSETS[flat]] = array("I", [0])
        for items in rows:
            arr.extend(items)
            n = len(arr)
            if n > 0xFFFFFFFF:
                raise ValueError(f"match index list {flat} exceeds 2**32 items")
            offs.append(n)

    def list(self, flat: str, items: Iterable[int]) -> None:
        """Append ``items`` to the flat array ``flat`` and close its row in the offsets array."""
        self.lists(flat, (items,))

    def string(self, text: str | None) -> int:
        if text is None:
            return NONE
        memo = self._memo
        known = memo.get(text)
        if known is not None:
            return known
        if len(memo) >= _MEMO_MAX:
            memo.clear()
        memo[text] = sid = self._string(text)
        return sid

    def _string(self, text: str) -> int:
        data = text.encode("utf-8", "surrogatepass")
        h = self._hash(data)
        # one probe finds the string's first id or the empty slot a new one goes in (what
        # ``_first_id`` then ``_put_id`` would probe twice: most strings an index takes are new)
        hashes, sids = self._slot_hash, self._slot_sid
        mask = len(sids) - 1
        i = h & mask
        while found := sids[i]:
            if hashes[i] == h:
                break
            i = (i + 1) & mask
        if not found:
            sid = self._append(data)
            if 2 * (self._n_ids + 1) > len(sids):
                self._put_id(h, sid)  # grows the table, then places it
            else:
                hashes[i], sids[i] = h, sid + 1
                self._n_ids += 1
            return sid
        sid = found - 1
        if self._dat[self._offs[sid] : self._offs[sid + 1]] != data:
            clash = self._clash.get(data)
            if clash is None:
                clash = self._clash[data] = self._append(data)
            return clash
        return sid

    def find_bytes(self, data: bytes) -> int | None:
        """The id of the string whose UTF-8 bytes are ``data``, if it was added."""
        sid = self._first_id(self._hash(data))
        if sid is not None and self._dat[self._offs[sid] : self._offs[sid + 1]] != data:
            sid = self._clash.get(data)
        return sid

    def _first_id(self, h: int) -> int | None:
        """The id of the first string added whose hash is ``h``."""
        hashes, sids = self._slot_hash, self._slot_sid
        mask = len(sids) - 1
        i = h & mask
        while sid := sids[i]:
            if hashes[i] == h:
                return sid - 1
            i = (i + 1) & mask
        return None

    def _put_id(self, h: int, sid: int) -> None:
        """Record ``sid`` as the first string whose hash is ``h`` (not recorded yet)."""
        if 2 * (self._n_ids + 1) > len(self._slot_sid):
            self._grow()
        hashes, sids = self._slot_hash, self._slot_sid
        mask = len(sids) - 1
        i = h & mask
        while sids[i]:
            i = (i + 1) & mask
        hashes[i], sids[i] = h, sid + 1
        self._n_ids += 1

    def _grow(self) -> None:
        """Twice the slots, every id placed again (read from the old arrays in place: a list of
        the pairs would be gigabytes for a catalogue's strings)."""
        old_hashes, old_sids = self._slot_hash, self._slot_sid
        size = 2 * len(old_sids)
        hashes = self._slot_hash = array("q", bytes(8 * size))
        sids = self._slot_sid = array("I", bytes(4 * size))
        mask = size - 1
        for j, sid in enumerate(old_sids):
            if sid:
                h = old_hashes[j]
                i = h & mask
                while sids[i]:
                    i = (i + 1) & mask
                hashes[i], sids[i] = h, sid

    def add_bytes(self, data: bytes) -> int:
        """``string`` for a string's UTF-8 bytes (as another index's pool holds them): most are
        found without decoding. Bytes not added before are checked to be UTF-8
        (``CorruptIndex``): they come from a stored index, which may be crafted."""
        h = self._hash(data)
        sid = self._first_id(h)
        if sid is not None:
            if self._dat[self._offs[sid] : self._offs[sid + 1]] == data:
                return sid
            clash = self._clash.get(data)
            if clash is not None:
                return clash
        try:
            data.decode("utf-8", "surrogatepass")
        except UnicodeDecodeError:
            raise CorruptIndex("a string is not UTF-8") from None
        new = self._append(data)
        if sid is None:
            self._put_id(h, new)
        else:
            self._clash[data] = new
        return new

    def add_all_new(self, parts: Iterable[bytes]) -> bool:
        """``add_bytes`` of each of ``parts`` in turn, when the pool is empty and those strings
        are distinct (a built index's pool is deduplicated; a crafted one may not be): they are
        then numbered 0, 1, ... in that order, as adding them one by one numbers them. False
        (nothing added, ``parts`` not read) otherwise. A release added to a catalogue takes the
        stored index and its previous release's segment into empty builders
        (``shared_index._stored_prefix``, ``_kept_from_before``): one call per string, each a
        miss probing the table and growing it, was a third of those takes (jax, 5 releases:
        ~35k strings each). The table ends up holding what ``add_bytes`` leaves it holding: a
        string whose hash an earlier one took goes into ``_clash``."""
        if self._n_ids or self._clash or len(self._offs) != 1:
            return False
        parts = list(parts)
        if len(set(parts)) != len(parts):
            return False
        try:  # as ``add_bytes`` checks a new string (a stored index may be crafted)
            for _ in map(bytes.decode, parts, repeat("utf-8"), repeat("surrogatepass")):
                pass
        except UnicodeDecodeError:
            raise CorruptIndex("a string is not UTF-8") from None
        offs = array("I")
        total = len(self._dat) + sum(map(len, parts))
        if total > 0xFFFFFFFF or len(parts) + 1 >= NONE:
            raise ValueError("match index strings exceed 4 GiB: build it in segments")
        offs.extend(accumulate(map(len, parts), initial=len(self._dat)))
        size = len(self._slot_sid)
        while 2 * len(parts) > size:  # what ``_put_id``'s growing would reach, grown once
            size *= 2
        hashes, sids = array("q", bytes(8 * size)), array("I", bytes(4 * size))
        mask, placed, clash = size - 1, 0, self._clash
        for sid, h in enumerate(map(self._hash, parts)):
            i = h & mask
            while found := sids[i]:
                if hashes[i] == h:
                    break
                i = (i + 1) & mask
            if found:  # another string's hash: kept apart, as ``add_bytes`` keeps it
                clash[parts[sid]] = sid
            else:
                hashes[i], sids[i] = h, sid + 1
                placed += 1
        self._slot_hash, self._slot_sid, self._n_ids = hashes, sids, placed
        self._dat += b"".join(parts)
        self._offs = offs
        return True

    def _append(self, data: bytes) -> int:
        self._dat += data
        if len(self._dat) > 0xFFFFFFFF or len(self._offs) >= NONE:
            raise ValueError("match index strings exceed 4 GiB: build it in segments")
        self._offs.append(len(self._dat))
        return len(self._offs) - 2

    def text(self, sid: int) -> str:
        """A string added before, by its id."""
        return self._dat[self._offs[sid] : self._offs[sid + 1]].decode("utf-8", "surrogatepass")

    def sections(self) -> dict[str, memoryview]:
        self.sec["str_off"] = self._offs
        out: dict[str, memoryview] = {"str_dat": memoryview(bytes(self._dat))}  # bytes: see _Pool
        self._dat = bytearray()
        self._slot_hash, self._slot_sid, self._n_ids = (
            array("q", bytes(8 * _FIRST_SLOTS)),
            array("I", bytes(4 * _FIRST_SLOTS)),
            0,
        )
        self._clash = {}
        self._memo = {}
        for name, code in SECTIONS.items():
            if name in out:
                continue
            arr = self.sec.get(name)
            if arr is None:
                arr = array(code, [0]) if name in _OFFSETS.values() else array(code)
            out[name] = memoryview(arr)
        return out


# the entry columns (repo, version and date via the snapshot; kind, types, path, function via the site)
# ``e_relay``'s bits: the relay's kind (0, 1 or 2; 3 for no relay but a raise copying a caught
# exception's text, ``COPY``), whether the site's function is called, and from ``CALLERS_SHIFT``
# up the bucket of its resolved callers (``callers_bucket``)
_RELAY = 3
_RELAY_KINDS = (1, 2)
COPY = 3
CALLED = 4
CALLERS_SHIFT = 3
CALLERS_MAX = 31  # the highest bucket the five bits above ``CALLED`` hold


def callers_bucket(n: int) -> int:
    """A count of resolved callers in five bits, in its order: exact up to 15 (the counts ties
    are decided by are mostly small, and 2 against 3 callers is a difference), then four buckets
    per doubling (16-19, 20-22, 23-26, 27-31, 32-38, ...), the last (31) for 216 and more."""
    if n < 16:
        return max(n, 0)
    return min(CALLERS_MAX, 16 + int(4 * math.log2(n / 16)))


_ENTRY_COLUMNS = ("e_key", "e_id", "e_snap", "e_site", "e_tmpl", "e_line", "e_pat", "e_relay")
_SITE_COLUMNS = ("st_kind", "st_type", "st_qual", "st_path", "st_func")
_SNAPSHOT_COLUMNS = ("snp_repo", "snp_ver", "snp_date")

# offsets array of each flat list array
_OFFSETS = {
    "p_names": "p_namoff", "p_segs": "p_segoff", "p_ents": "p_entoff", "p_keys": "p_keyoff", "k_posts": "k_postof",
    "k_anchs": "k_anchof", "k_flts": "k_fltof", "h_pids": "h_off", "pa_ents": "pa_off",
    "sf_ents": "sf_off", "sl_ents": "sl_off", "ty_ents": "ty_off",
    "sm_ents": "sm_off", "hc_ents": "hc_off",
}  # fmt: skip


class _SiteTables:
    """What frames and pasted types are looked up by: paths, (path, function), (path, line), types,
    and the top-level packages of each codebase.

    Keys that are nearly one per entry are ints, not tuples or strings: a (path, line) is the
    path's number and the line in one int, a statement its string id in the pool. A key's
    entries are an ``array('I')``, 4 bytes each: as lists, each of the five tables held an int
    object and a pointer per entry (~130 bytes an entry of a merged catalogue's index, measured)."""

    def __init__(self, w: _Writer) -> None:
        self.w = w
        self.paths: dict[str, array[int]] = {}
        self.path_no: dict[str, int] = {}  # each path's number, in the order paths came
        self.fn_sites: dict[tuple[str, str], array[int]] = {}
        self.line_sites: dict[int, array[int]] = {}  # path number << 32 | line
        self.types: dict[str, array[int]] = {}
        self.packages: set[tuple[str, str]] = set()
        self.bases: set[tuple[str, str]] = set()  # (class, base) type keys
        self.statements: dict[int, array[int]] = {}  # string id of the compact statement
        self.handlers: dict[str, array[int]] = {}  # type key of a class an ``except`` names
        # the (path, line) rows of an index taken whole into the empty builder, left in its
        # arrays until an entry joins one (``line_row``); the rows taken out of it
        self.line_base: FrozenLines | None = None
        self.lines_taken: set[int] = set()

    def fork(self, w: _Writer) -> _SiteTables:
        """An independent copy writing to ``w`` (the lists of entries copied, not shared)."""
        return _forked(self, {id(self.w): w})

    def add_fields(
        self,
        idx: int,
        path: str,
        function: str,
        line: int,
        repo: str,
        exc_type: str,
        statement: str,
        qual: str | None = None,
    ) -> tuple[list[array[int]], int]:
        """Entry ``idx`` appended to the tables its fields key it under; those tables' entry
        arrays but the line's, and the path's number (``Builder.add_again`` appends a later
        entry of the same fields, at another line, to them)."""
        path = path.replace("\\", "/")
        eis = self.paths.get(path)
        if eis is None:
            eis = self.paths[path] = array("I")
            self.path_no[path] = len(self.path_no)
        into = [eis]
        fn = fn_last(function)
        if fn:
            into.append(self.fn_sites.setdefault((path, fn), array("I")))
        self.add_line(idx, self.path_no[path], line)
        if not is_runtime(repo):
            tname = type_key(exc_type)
            if tname:
                into.append(self.types.setdefault(tname, array("I")))
            # a class raised under an alias (``from .exceptions import JSONDecodeError as
            # RequestsJSONDecodeError``) is pasted under its own name
            real = type_key(qual) if qual else ""
            if real and real != tname:
                into.append(self.types.setdefault(real, array("I")))
            self.packages.add((_package_of(path), repo))
            text = compact(statement)
            if text:
                into.append(self.statements.setdefault(self.w.string(text), array("I")))
        for eis in into:
            eis.append(idx)
        return into, self.path_no[path]

    def add_line(self, idx: int, path_no: int, line: int) -> None:
        """Entry ``idx`` under its (path number, line)."""
        if 0 <= line <= 0xFFFFFFFF:  # a frame's line is only ever looked up in that range
            self.line_row(path_no << 32 | line).append(idx)

    def line_row(self, key: int) -> array[int]:
        """The entries of the (path number << 32 | line) row, to append to: a row of the taken
        index's (``line_base``) is copied out of its arrays the first time, and left out of
        them when the table is written."""
        row = self.line_sites.get(key)
        if row is None:
            base, row = self.line_base, array("I")
            if base is not None:
                i = base.find(key)
                if i is not None:
                    self.lines_taken.add(i)
                    row.frombytes(base.entries(i))
            self.line_sites[key] = row
        return row

    def write(self, w: _Writer) -> None:
        """The tables laid out, each sorted by its key; a key is hashed once and a table's columns
        are appended to directly (strings are added to the pool in the order they always were)."""
        # paths first: the site tables refer to their rows
        paths = sorted((_hash(p), p) for p in self.paths)  # distinct paths: no tie to break
        path_rows = {p: row for row, (_, p) in enumerate(paths)}
        pa_hash, pa_str = w.column("pa_hash"), w.column("pa_str")
        for h, p in paths:
            pa_hash.append(h)
            pa_str.append(w.string(p))
        w.lists("pa_ents", (self.paths[p] for _, p in paths))
        # by (path row, hash of the function): equal hashes stay in the order they came (stable)
        fns = sorted(
            ((path_rows[p] << 32 | _hash(fn), fn, eis) for (p, fn), eis in self.fn_sites.items()),
            key=itemgetter(0),
        )
        sf_key, sf_fn = w.column("sf_key"), w.column("sf_fn")
        for key, fn, _ in fns:
            sf_key.append(key)
            sf_fn.append(w.string(fn))
        w.lists("sf_ents", (eis for _, _, eis in fns))
        row_of = array("Q", (path_rows[p] << 32 for p in self.path_no))  # path number -> row << 32
        lines = sorted((row_of[k >> 32] | (k & 0xFFFFFFFF), k) for k in self.line_sites)  # distinct
        if self.line_base is None:
            w.column("sl_key").extend(key for key, _ in lines)
            w.lists("sl_ents", (self.line_sites[k] for _, k in lines))
        else:  # the taken index's rows no entry joined, in order, with the others (distinct keys)
            self.line_base.write(w, row_of, self.lines_taken, [(key, self.line_sites[k]) for key, k in lines])
        _write_named(w, "ty", self.types)
        for package, repo in sorted(self.packages):
            w.add("tp_name", w.string(package))
            w.add("tp_repo", w.string(repo))
        for name, base in sorted(self.bases):
            w.add("tb_name", w.string(name))
            w.add("tb_base", w.string(base))
        # distinct ids are distinct texts: the order is the one of (hash, text) alone
        statements = sorted((_hash(text), text, sid) for sid in self.statements for text in (w.text(sid),))
        w.column("sm_key").extend(h for h, _, _ in statements)
        w.column("sm_str").extend(sid for _, _, sid in statements)
        w.lists("sm_ents", (self.statements[sid] for _, _, sid in statements))
        _write_named(w, "hc", self.handlers)


class FrozenLines:
    """The (path, line) table of an index taken whole into an empty builder
    (``shared_index._absorb``), read from its arrays in place: an add takes the stored index,
    whose table has a row per (path, line) of every release (jax, 20 releases: 66k rows of
    151k entries), and the release added joins only the rows of its own entries' lines. Made
    into the builder's dict row by row, then sorted and laid out again, every row cost the add
    ~3 us; here a row no entry joins is a key and a byte slice copied at the write.

    ``keys``/``offs``/``flat``: the index's ``sl_key`` (path row << 32 | line, ascending),
    ``sl_off`` and ``sl_ents``; ``no_row``: the index's path row of each of the builder's
    path numbers (the paths taken, in the order the builder numbered them); ``limit``: the
    entries taken (those from it on are left out of every row: the interpreter's). Every row,
    id and order it relies on is checked when made (``CorruptIndex``: the index is stored in the
    catalogue, which may be crafted)."""

    __slots__ = ("flat", "keys", "limit", "no_of_row", "no_row", "offs", "path_rows")

    def __init__(self, index: Index, no_row: Sequence[int], limit: int) -> None:
        s = index._sec
        self.keys, self.offs, self.flat = s["sl_key"], s["sl_off"], s["sl_ents"]
        n_paths = len(s["pa_hash"])
        if any(r >= n_paths for r in no_row) or list(no_row) != sorted(set(no_row)):
            raise CorruptIndex("taken path rows out of order")
        self.no_row = array("q", no_row)
        self.no_of_row = dict(zip(no_row, range(len(no_row)), strict=True))
        self.limit = limit
        keys, offs, flat = self.keys, self.offs, self.flat
        if (
            len(offs) != len(keys) + 1
            or offs[-1] != len(flat)
            or (len(flat) and max(flat) >= index.n_entries)
        ):
            raise CorruptIndex("line table out of bounds")
        # ascending, distinct keys and offsets that never go back, checked in C (a sort of
        # sorted items is one pass); what ``find``'s bisection and ``rows`` rely on
        listed, bounds = keys.tolist(), offs.tolist()
        if sorted(listed) != listed or len(set(listed)) != len(listed) or sorted(bounds) != bounds:
            raise CorruptIndex("line table out of order")
        if listed and listed[-1] >> 32 >= n_paths:
            raise CorruptIndex(f"line row of path row {listed[-1] >> 32} of {n_paths}")
        # whether each path row holds entries from ``limit`` on (its line rows are then
        # filtered one by one when written; a path's entries are in order)
        pa_off, pa_ents = s["pa_off"], s["pa_ents"]
        if len(pa_off) != n_paths + 1 or pa_off[-1] != len(pa_ents):
            raise CorruptIndex("path table out of bounds")
        self.path_rows = bytes(
            1 if pa_off[r] < pa_off[r + 1] and pa_ents[pa_off[r + 1] - 1] >= limit else 0
            for r in range(n_paths)
        )
        # a row holding an entry taken is of a path taken (as ``_absorb_tables`` requires)
        for r in {k >> 32 for k in listed} - set(no_row):
            for i in range(bisect_left(listed, r << 32), bisect_left(listed, (r + 1) << 32)):
                if bounds[i] < bounds[i + 1] and flat[bounds[i]] < limit:
                    raise CorruptIndex(f"site path row {r} has none of the entries")

    def find(self, key: int) -> int | None:
        """The row of the builder's (path number << 32 | line), if the index has it."""
        no = key >> 32
        if no >= len(self.no_row):  # a path first added after the take
            return None
        want = self.no_row[no] << 32 | (key & 0xFFFFFFFF)
        i = bisect_left(self.keys, want)
        return i if i < len(self.keys) and self.keys[i] == want else None

    def entries(self, i: int) -> bytes:
        """Row ``i``'s entries taken (below ``limit``), as their bytes."""
        a, z = self.offs[i], self.offs[i + 1]
        if a == z or self.flat[z - 1] < self.limit:
            return self.flat[a:z].tobytes()
        return array("I", (e for e in self.flat[a:z] if e < self.limit)).tobytes()

    def write(
        self, w: _Writer, row_of: Sequence[int], taken: set[int], others: list[tuple[int, array[int]]]
    ) -> None:
        """Lay out the table (``sl_key``, ``sl_ents``, ``sl_off`` of ``w``, empty): the index's
        rows but ``taken`` (those holding an entry taken), each under its written key
        (``row_of``: each path number's written row << 32, ``_SiteTables.write``), and
        ``others`` (written key, entries; ascending), each in its place. The index's rows go
        in runs between the places where a row is left out or another one goes in: a run is
        one slice of its keys and of its entries, so the work is the rows the add touched
        (and a pass over the offsets), not one step per row of the catalogue."""
        keys, bounds, limit = self.keys.tolist(), self.offs.tolist(), self.limit
        flat, raw, size = self.flat, self.flat.cast("B"), self.flat.itemsize
        moved = {r: row_of[no] for r, no in self.no_of_row.items()}
        # each row's written key, ascending (a path not taken, none of whose rows is written,
        # repeats the key before it); rows left out, and rows keeping only their first entries
        # (a path that also holds later entries: another codebase's text handed to its raise)
        written: list[int] = []
        out = set(taken)
        cut: list[tuple[int, array[int]]] = []
        last, i = 0, 0
        paths = self.path_rows
        while i < len(keys):
            r = keys[i] >> 32
            z = bisect_left(keys, (r + 1) << 32, i)
            to = moved.get(r)
            if to is None:
                written.extend(repeat(last, z - i))
                out.update(range(i, z))
            else:
                shift = to - (r << 32)
                written.extend(keys[i:z] if not shift else (k + shift for k in keys[i:z]))
                last = written[-1]
                if paths[r]:  # some rows hold later entries
                    for k in range(i, z):
                        if k not in taken and bounds[k] < bounds[k + 1] and flat[bounds[k + 1] - 1] >= limit:
                            out.add(k)
                            if flat[bounds[k]] < limit:
                                cut.append((written[k], array("I", self.entries(k))))
            i = z
        if cut:
            others = sorted([*others, *cut], key=itemgetter(0))
        places = [bisect_left(written, key) for key, _ in others]
        s_key, s_ents = w.column("sl_key"), w.column("sl_ents")
        s_off = w.sec.get("sl_off")
        if s_off is None:
            s_off = w.sec["sl_off"] = array("I", [0])

        def run(a: int, z: int) -> None:
            """The index's rows ``a`` to ``z`` (excluded), all written whole."""
            if a >= z:
                return
            s_key.extend(written[a:z])
            start, base = len(s_ents), bounds[a]
            s_ents.frombytes(raw[size * base : size * bounds[z]])
            s_off.extend([o - base + start for o in bounds[a + 1 : z + 1]])

        pos, j = 0, 0
        for stop in sorted({*out, *places, len(keys)}):
            run(pos, stop)
            pos = stop
            while j < len(others) and places[j] == stop:
                key, ents = others[j]
                s_key.append(key)
                s_ents.extend(ents)
                s_off.append(len(s_ents))
                j += 1
            if stop in out:
                pos = stop + 1
        if len(s_ents) > 0xFFFFFFFF:
            raise ValueError("match index list sl_ents exceeds 2**32 items")


def _write_named(w: _Writer, prefix: str, table: dict[str, array[int]]) -> None:
    """A table of names (type keys) -> entries laid out by the names' hashes: ``prefix_key``,
    ``prefix_str`` and the entries ``prefix_ents`` (distinct names: no tie to break)."""
    names = sorted((_hash(t), t) for t in table)
    keys, strs = w.column(f"{prefix}_key"), w.column(f"{prefix}_str")
    for h, t in names:
        keys.append(h)
        strs.append(w.string(t))
    w.lists(f"{prefix}_ents", (table[t] for _, t in names))


def _build_keys(
    w: _Writer,
    lits_of: Callable[[int], tuple[str, ...]],
    n_patterns: int,
    runtime: bytearray,
    held: Callable[[list[set[str]]], list[list[str] | None] | None] | None = None,
) -> None:
    """Choose each pattern's keys and head, and lay out the key and head tables.

    The chunks of a pattern are cut twice (once to count them, once to choose) rather than kept
    for every pattern between the two passes (but for ``held``), and a key's patterns are (key,
    pattern) pairs in two arrays, grouped at the end, rather than lists per key. ``held``: given
    each pattern's chunk set, the keys of the patterns another index chose them for already
    (``Builder._keys_held``), taken as they are (None for a pattern to choose them for here)."""
    df: Counter[str] = Counter()
    sets: list[set[str]] = []
    for pid in range(n_patterns):
        lits = lits_of(pid)
        chunk_set = set(_chunks(lits)) | set(_inner_chunks(lits))
        df.update(chunk_set)
        if held is not None:
            sets.append(chunk_set)
    taken = held(sets) if held is not None else None
    del sets
    # keys: the rarest chunks of each pattern (any full fit contains all of them, so popular
    # fragments shared by thousands of templates never need to be looked at); the rarest one
    # is the pattern's anchor, the only posting it is listed in for exact candidates
    key_ids: dict[str, int] = {}
    postings = _Pairs()
    anchors = _Pairs()
    floats = _Pairs()
    heads: dict[str, list[int]] = {}

    new_id = key_ids.setdefault  # a key's id: the next one when it is new
    post_kid, post_pid = postings.kids.append, postings.pids.append

    def rarest(c: str) -> tuple[int, int, str]:
        return df[c], -len(c), c

    for pid in range(n_patterns):
        lits = lits_of(pid)
        kids: list[int] = []
        keys = taken[pid] if taken is not None else None
        if keys is None and (ch := _chunks(lits)):
            keys = _inner_key(sorted(set(ch), key=rarest)[:KEYS_PER_PATTERN], lits, rarest)
            lead = _opening_chunk(lits)
            if lead is not None and lead not in keys:
                # the opening words too, however common: a reworded message (an older release)
                # most often keeps how it begins, and similarity only sees patterns sharing keys
                keys.append(lead)
        if keys:
            kids = [new_id(k, len(key_ids)) for k in keys]
            for kid in kids:
                post_kid(kid)
                post_pid(pid)
            anchors.add(kids[0], pid)
        w.list("p_keys", kids)
        head = None if runtime[pid] else _head(lits)
        if head is None:  # interpreter templates only ever count as whole-message fits
            continue
        anchored, text = head
        if anchored:
            heads.setdefault(text, []).append(pid)
        else:
            floats.add(new_id(text, len(key_ids)), pid)
    df.clear()  # not needed for the layout: its memory goes first
    _lay_out_keys(w, key_ids, postings, anchors, floats)
    for key in sorted(heads, key=_head_key):
        w.add("h_key", _head_key(key))
        w.list("h_pids", heads[key])
    for n in sorted({len(h) for h in heads}):
        w.add("h_lens", n)


class _Pairs:
    """(key, pattern) pairs, added in pattern order: grouped by key, each group stays in it."""

    def __init__(self) -> None:
        self.kids = array("I")
        self.pids = array("I")

    def add(self, kid: int, pid: int) -> None:
        self.kids.append(kid)
        self.pids.append(pid)

    def grouped(self, n_keys: int) -> tuple[array[int], array[int]]:
        """The patterns of key 0, then key 1 ... (flat), and the ``n_keys + 1`` offsets."""
        order, offs = _group_by(self.kids, n_keys)
        pids = self.pids
        return array("I", (pids[i] for i in order)), offs


def _lay_out_keys(
    w: _Writer, key_ids: dict[str, int], postings: _Pairs, anchors: _Pairs, floats: _Pairs
) -> None:
    """The key table: text, weights, and per key its postings, anchored patterns and floating heads."""
    n = len(key_ids)
    for flat, pairs in (("k_posts", postings), ("k_anchs", anchors), ("k_flts", floats)):
        w.sec[flat], w.sec[_OFFSETS[flat]] = pairs.grouped(n)
    post_offs = w.sec["k_postof"]
    for key, kid in key_ids.items():
        if len(key) != CHUNK:
            w.add("k_var", kid)
        # rarer and longer keys say more
        w.add("k_weight", len(key) / (1.0 + (post_offs[kid + 1] - post_offs[kid])) ** 0.5)
    text = "\n".join(key_ids)  # in id order; compact text never holds a newline
    if text.count("\n") != max(len(key_ids) - 1, 0):
        raise ValueError("a match index key holds a newline")
    w.sec["k_text"] = array("B", text.encode("utf-8", "surrogatepass"))


def _le_bytes(view: memoryview) -> bytes:
    if _LITTLE or view.itemsize == 1:
        return view.tobytes()
    swapped = array(view.format, view.tobytes())
    swapped.byteswap()
    return swapped.tobytes()


def _head(lits: tuple[str, ...]) -> tuple[bool, str] | None:
    """What a cut-short message must contain to fit this template confidently.

    A confident truncated fit starts at the message start and places at least
    ``TRUNC_MIN_LITERAL`` literal characters in order, so the first that many characters of the
    literal text are in the message. When the first literal is long enough to key on, its start
    (up to that length) must be the *start* of the message: an *anchored* head, found by looking
    the message's own prefixes up. Otherwise (the template starts with a placeholder or a tiny
    literal) the start of the first keyable literal must occur somewhere: a *floating* head,
    found as a key. Either way the head is longer and rarer than a plain chunk, and shorter
    messages cannot fit confidently anyway.
    """
    if len(lits[0]) >= MIN_KEY:
        return True, lits[0][:TRUNC_MIN_LITERAL]
    pre = 0
    for lit in lits:
        if len(lit) >= MIN_KEY:
            n = TRUNC_MIN_LITERAL - pre
            return (False, lit[:n]) if n >= MIN_KEY else (False, lit[:CHUNK])
        pre += len(lit)
    return None


def _reach(edges: dict[str, set[str]], key: str, cap: int = 256) -> set[str]:
    """Every key reached from ``key`` along ``edges``, itself excluded, at most ``cap`` of them
    (a cycle in crafted data ends: each key is visited once)."""
    out: set[str] = set()
    todo = list(edges.get(key, ()))
    while todo and len(out) < cap:
        k = todo.pop()
        if k not in out and k != key:
            out.add(k)
            todo.extend(edges.get(k, ()))
    return out


# the row of the type table listing a class's raises that print collected errors' messages
# joined, by the class's type key (``<`` starts no class name)
JOINED = "<joined>{}"


def joins_messages(name: str) -> bool:
    """Whether a placeholder prints the messages of collected errors joined by a separator:
    ``"\\n\\n".join(error.message for error in errors)``, ``"; ".join(str(e) for e in
    self.invariant_errors)``, ``"\\n".join(map(str, errors))``. A validator that gathers the
    errors its rules build and raises them together as one exception of another class
    (graphql-core's ``assert_valid_schema``, Django's app registry, dynaconf, pyrsistent) prints
    text that is other sites' templates. The collector is recognised by that shape of its
    placeholder, read as text (no parse): an item's ``message`` or ``msg`` is an error's text; its
    ``str()`` is one only over a collection named for errors (``str(x) for x in self.path``,
    ``map(str, versions)`` join values, not messages)."""
    head, dot, rest = name.partition(".join(")
    if not dot or head[-1:] not in ("'", '"') or not rest.endswith(")") or len(name) > 200:
        return False
    body = rest[:-1].strip()
    if body.startswith("[") and body.endswith("]"):
        body = body[1:-1].strip()
    if body.startswith("map(str,") and body.endswith(")"):
        return _named_for_errors(body[8:-1])
    item, sep, loop = body.partition(" for ")
    var, sep2, source = loop.partition(" in ")
    var, item = var.strip(), item.strip()
    if not (sep and sep2 and var.isidentifier()) or " if " in source:
        return False
    if item == f"str({var})":
        return _named_for_errors(source)
    return item in (f"{var}.message", f"{var}.msg")


def _named_for_errors(source: str) -> bool:
    """Whether an iterable is a name (or attribute) naming errors: ``errors``, ``self.invariant_errors``."""
    last = source.strip().rpartition(".")[2]
    return last.isidentifier() and ("err" in last.lower() or "exc" in last.lower())


_RAISES_SELF = re.compile(r"raise\s+self(?:\s+from\b.*)?")


def own_instance_class(e: CatalogueEntry) -> str:
    """The class a method's ``raise self`` raises: the method's own class (or a subclass of it),
    named by the site's function (``_MultiThreadedRendezvous._next`` -> ``_MultiThreadedRendezvous``).
    The extractor knows no construction for the raised object, so its class is ``<unknown>``;
    without this a pasted class name cannot tell apart sibling classes' ``raise self`` sites,
    whose texts (``{self}``) are all the same. Empty when the entry is not such a raise."""
    if e.exc_type != UNKNOWN_EXC_TYPE or _RAISES_SELF.fullmatch(e.statement.strip()) is None:
        return ""
    owner, _, method = e.function.rpartition(".")
    cls = owner.rpartition(".")[2]
    return cls if method and cls.isidentifier() else ""


def type_key(exc_type: str) -> str:
    """How a class name is looked up: its last dotted component, lowercased (users retype names
    with other capitals); empty for what names no class (``<unknown>``, log levels)."""
    name = exc_type.strip().rsplit(".", 1)[-1].lower()
    if not name or exc_type.startswith(("<", "log.")) or not name.isidentifier():
        return ""
    return name


def _alias_of(exc_type: str, qual: str | None) -> str:
    """The class name Python prints for a raise written with an import alias of it: the last
    part of its qualified name when that differs from the name the statement spells; else ""."""
    if not qual or exc_type.startswith(("<", "log.")):
        return ""
    real = qual.rsplit(".", 1)[-1]
    return real if real.isidentifier() and type_key(real) != type_key(exc_type) else ""


def _package_of(path: str) -> str:
    """The top-level package (or module) a catalogue path lies in: ``werkzeug/routing/map.py`` ->
    ``werkzeug``."""
    top = path.split("/", 1)[0]
    return top[:-3] if top.endswith(".py") else top


def _inner_chunks(lits: tuple[str, ...]) -> list[str]:
    """The middle ``CHUNK`` characters of each literal long enough to keep ``INNER_MARGIN`` of its
    own on either side: a piece that survives a paste cut next to a placeholder."""
    out: list[str] = []
    for lit in lits:
        n = len(lit)
        if n >= CHUNK + 2 * INNER_MARGIN:
            i = (n - CHUNK) // 2
            out.append(lit[i : i + CHUNK])
    return out


def _opening_chunk(lits: tuple[str, ...]) -> str | None:
    """The first ``CHUNK`` characters of the template's first literal that holds as many.

    A short opening literal (``Input to {cls} is missing variables ...``: ``Inputto``) or a
    placeholder first (``{algo} hash of downloaded file ...``) holds no chunk, and the rarest
    chunks are most often those of a sentence a later release appended (a note, a link): a
    message worded by an earlier release then shares no key with the template and similarity
    never sees it. The opening words of its first long literal are what such a message keeps."""
    for lit in lits:
        if len(lit) >= CHUNK:
            return lit[:CHUNK]
    return None


def _inner_key(keys: list[str], lits: tuple[str, ...], rarest: Callable[[str], Any]) -> list[str]:
    """``keys`` (rarest first) with one that lies inside a literal when none does.

    The rarest chunks are most often a literal's edges (the words next to a placeholder make a
    message its own), and that is exactly where a user cuts a long message short with ``...``
    (``index file ... is too large ...``): with every key straddling a cut, the paste shares no
    key with its template and similarity never sees it. So when no chosen key keeps
    ``INNER_MARGIN`` characters of its literal on each side, the rarest middle chunk
    (``_inner_chunks``) takes the last place (or a free one): the count stays bounded by
    ``KEYS_PER_PATTERN``, and a full fit contains it like any other key. The result is rarest
    first again: the first key is the pattern's anchor."""
    inner = _inner_chunks(lits)
    if not inner:
        return keys
    for key in keys:
        for lit in lits:
            if lit.find(key, INNER_MARGIN, len(lit) - INNER_MARGIN) >= 0:
                return keys
    best = min(inner, key=rarest)
    kept = keys if len(keys) < KEYS_PER_PATTERN else keys[:-1]
    return sorted([*kept, best], key=rarest)


def _chunks(lits: tuple[str, ...]) -> list[str]:
    """Key candidates: aligned CHUNK-sized pieces of each literal plus each literal's tail piece."""
    out: list[str] = []
    for lit in lits:
        n = len(lit)
        if n < MIN_KEY:
            continue
        if n <= CHUNK:
            out.append(lit)
            continue
        for i in range(0, n - CHUNK + 1, CHUNK):
            out.append(lit[i : i + CHUNK])
        if n % CHUNK:
            out.append(lit[n - CHUNK :])
    return out
