"""Ranking: score each candidate's entries by text, type and frames, and keep the best distinct errors.

An entry's score is its pattern's text score (plus 1.0 when the fit is exact), the type evidence
and the frame evidence, less a little for a helper's raise of a message its callers supply (the
call that supplies it is the answer), a hair for a site in private code (ties go to the
public one) and, above that, a hair for a site whose function the library's own code calls
(``thresholds.CALLED``), and of sites scored alike otherwise, the one whose function the library
calls from more places first (``thresholds.CALLERS_STEP``), and above those steps the one whose
function a word of the message names (``thresholds.FUNCTION_NAMED``); above all these, and beyond a tie's gap, a site in a method of the class whose
object the message shows by its default repr (``<pkg.mod.Cls object at 0x...>``, in that
class's module: ``thresholds.REPR_OBJECT``); and a site in a file no import reaches by its name
(a copy left beside its module, a script) comes after its twins (``thresholds.UNIMPORTABLE``),
and by a hair a site in a module guarding an optional dependency at import comes after the same
text's sites elsewhere (``thresholds.OPTIONAL_MODULE``).
Which entries may be exact, beyond the text's verdict:

* a traceback ending in compiled or standard-library code needs the literal text to explain
  most of the message, unless a frame names the entry;
* an entry whose class the pasted type contradicts needs most of the message explained;
* when the paste points to codebases (its frames, the module of a dotted type, a library
  class it names), an entry in any other codebase is never exact and never ranks above one
  the paste points to;
* the deepest library frame landing on the raise makes it exact unless its literal text is
  missing from the message, and ranks it above every entry it does not land on, exact or not:
  frames first, the text only confirms or questions them;
* a template that is the whole message but has too little literal text to be exact alone
  (``Empty domain``) is exact when raised as the library class the paste names.
"""

from __future__ import annotations

import heapq
import re
import weakref
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from itertools import repeat
from operator import itemgetter

from errdex.match.candidates import Cand, TextFit
from errdex.match.frames import FrameEvidence, vendored_copy
from errdex.match.index import (
    CALLERS_MAX,
    E_FUNC,
    E_ID,
    E_KIND,
    E_LINE,
    E_PATH,
    E_REPO,
    E_TEMPLATE,
    E_TYPE,
    E_VERSION,
    Index,
    SiteFacts,
    relays_text,
    reraises_name,
    type_key,
    wraps_name,
)
from errdex.match.parse import is_type_name
from errdex.match.result import Match
from errdex.match.score import (
    CYTHON_FILES,
    LABELS,
    TYPE_AGREES,
    TYPE_DISAGREES,
    Hierarchy,
    builtin_type,
    catching_keys,
    fn_last,
    in_folder,
    last,
    may_have_moved,
    type_relation,
)
from errdex.match.thresholds import (
    APPROX_MIN,
    CALLED,
    CALLED_BY_LAST_FRAME,
    CALLER_FRAME,
    CALLERS_STEP,
    CLASS_BELOW,
    CLASS_HOME,
    CLASS_NAMED,
    CLASS_OBJECT,
    CUT_SHARE,
    DEEPEST_FRAME,
    FILE_FRAME,
    FULL_FIT_BASE,
    FUNCTION_NAMED,
    MAX_SCORED,
    MAX_STATEMENT,
    MIN_COVERAGE,
    MIN_LITERAL,
    NAME_UNSHAPED,
    NEAR_COLLECTOR,
    NOT_A_READ,
    ON_RAISE,
    OPTIONAL_MODULE,
    OUTSIDE_MIN_COVERAGE,
    PLATFORM_NAMED,
    PUBLIC,
    RELAY,
    REPO_FRAME,
    REPR_OBJECT,
    REPR_PACKAGE,
    REWORDED_OVER_RERAISE,
    SHAPED_MIN_LITERAL,
    SPLIT_BRACKETS,
    TYPED_MIN,
    TYPED_MIN_LITERAL,
    TYPED_TEXT,
    UNIMPORTABLE,
    UNPRINTABLE,
    VALUE_NAMES_SITE,
)
from errdex.match.verify import REPR_MARK, compact, printed_class, repr_start, values
from errdex.modnames import module_name
from errdex.pyexc import is_builtin, stdlib_module
from errdex.store.classes import owner_class as _owner_class

# an object's default repr, ``object.__repr__``: ``<pexpect.pty_spawn.spawn object at 0x7f...>``
_OBJECT_REPR = re.compile(r"<((?:[A-Za-z_]\w*\.)+)([A-Za-z_]\w*) object at 0x[0-9a-fA-F]+>")
# the most the callers' tie-break adds to a score: what a bound assumes without reading the entries
_CALLERS_MAX = CALLERS_STEP * CALLERS_MAX
# the words of a module path: its folder and file names split at ``/``, ``_`` and ``.``
_PATH_WORD = re.compile(r"[a-z0-9]+")
# entries of one pattern read to tell which functions of a file raise it (``_functions_of``)
MAX_SIBLING_LOOK = 256
MAX_SOLE_LOOK = 64  # entries of one class name read to tell whether a statement is its only raise
MAX_MAKERS = 8  # entries of one pattern read to tell whether a re-raise's handler catches their class

# placeholders printing the raising object's class name: ``{type(self).__name__}``
_CLASS_NAME = frozenset(
    f"{obj}.{attr}"
    for obj in ("type(self)", "self.__class__", "cls", "type(cls)")
    for attr in ("__name__", "__qualname__")
)
_INSTANCE_CLASS_NAME = frozenset(n for n in _CLASS_NAME if "self" in n)
# placeholders printing the class object itself: ``str()`` of a class is ``<class 'pkg.Name'>``
_CLASS_OBJECT = frozenset(("type(self)", "self.__class__", "cls", "type(cls)"))
# the parts of a snake_case or CapWords identifier (``_load_point``, ``HTTPHeaderDict``); only ever
# run on the index's function names, one pass, no nested quantifier
_NAME_PART = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+")
# runs of letters in a placeholder's value, lowercased first: one pass
_VALUE_WORD = re.compile(r"[a-z]+")
# runs of letters from which a placeholder's value reads as a sentence, not a name or a short
# expression (``split(,, 5)``, ``replace(/x, y)``, ``LINESTRING (1 2, 3``)
_PROSE_WORDS = 5
# the shortest name part that may name what a function handles: shorter ones (``to``, ``sub``,
# ``get``) are as often a verb or an abbreviation as a thing
_NAME_WORD_MIN = 4
# name parts that say what a function does, not what it handles: a value holding one of these
# words says nothing of which site printed it
_GENERIC_NAME_WORDS = frozenset(
    (
        "init", "call", "load", "loads", "dump", "dumps", "parse", "read", "write", "check", "validate",
        "value", "values", "name", "names", "type", "types", "error", "errors", "data", "item", "items",
        "from", "make", "build", "create", "with", "self", "main", "handle", "process", "raise",
        "format", "convert", "update", "default", "list", "dict", "string", "object", "class", "func",
        "locals", "lambda", "genexpr", "listcomp",
    )
)  # fmt: skip

# (in a codebase the paste points to, the traceback's last frame is on this raise, the last frame
# is in this raise's function and the class agrees, exact, score)
Key = tuple[bool, bool, bool, bool, float]
# the widest difference the tie-break priors make between two sites of one text
_PRIORS = PUBLIC + CALLED + FUNCTION_NAMED + 32 * CALLERS_STEP
# the most the tie-break priors add to a score, for a bound that does not read the entries
_PRIORS_MAX = PUBLIC + CALLED + FUNCTION_NAMED + _CALLERS_MAX
# identifiers in a message, as a function's name would be spelled (one pass, no nesting)
_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
# a log or reporter call in a statement's compact first line and the name of its receiver, its
# last part (``msg=self.document.reporter.error('...'`` -> ``reporter``)
MAX_STATEMENT_SCAN = 2_000  # characters of a statement's first line read for its log call
# (the method and its dot only: the receiver is read back from the dot by ``_log_receiver``, as
# a ``(\w+)\.`` before it would be retried at every start of a long run of word characters)
_LOG_CALL = re.compile(r"\.(?:error|severe|exception|critical|fatal|warning|warn|log)\(")
# a statement's compact first line (``compact``: no whitespace) raising the class it builds:
# ``raise ConfigValidationError(``, ``raise errors.ConfigValidationError(errors=err, ...)``
_RAISE_BUILT = re.compile(r"raise((?:[A-Za-z_]\w*\.)*[A-Za-z_]\w*)\(")


# the classes a module's top-level guard of an optional dependency raises, and how many of a
# module's top-level raises ``Ranker._optional_module`` reads for one
_IMPORT_ERRORS = frozenset(("ImportError", "ModuleNotFoundError"))
MAX_MODULE_RAISES = 50
NEAR_LOOK = 2_000  # raises of a pasted class read for a namesake in a moved frame's folder


@dataclass(slots=True)
class Evidence:
    """What the paste says beyond its message, for one query."""

    types: list[str]
    frames: FrameEvidence
    pointed: set[str] = field(default_factory=set)  # codebases the paste points to (empty: none)
    typed: set[int] = field(default_factory=set)  # entries of a library class the paste names
    typed_pids: set[int] = field(default_factory=set)  # ... and their patterns
    outside: str | None = None  # the traceback ends in compiled/stdlib code here
    elsewhere: bool = False  # the paste points only into packages not indexed: no codebase is pointed to
    # the class is module-qualified into a package not indexed (``matcher.names_unheld_package``):
    # a catalogued class of its last name is a namesake, so the class alone makes no raise exact
    foreign: bool = False
    guessed: bool = False  # the type is a word before ``: `` in the text, read as a class (``_embedded``)
    built: bool = False  # the last frame prints ``raise Pasted(...)``: ``frames.builds_pasted_class``
    read: bool = False  # the interpreter suggested a name after the message: an attribute read raised it
    # names the last frame calls when no frame lies in a library (``frames.called_names``), or
    # a warning's printed source line calls when no location line is pasted (``printed_call``)
    called: frozenset[str] = frozenset()
    printed_call: bool = False  # ``called`` is read from a warning's printed source line
    named: bool = (
        False  # nothing else answered: the class named with its module speaks alone (``_named_class``)
    )
    # codebases holding the package a dotted pasted class names (``numpy`` of
    # ``numpy.linalg.LinAlgError``): the class's home, a prior among codebases sharing a text
    home: set[str] = field(default_factory=set)
    # the whole paste as parsed (``ParsedQuery.text``): the words a class may be named by where
    # no type was read from them (``Ranker._named_raise_before_emitted``)
    paste: str = ""
    # the error was printed in a Rich ``Error`` panel (``ParsedQuery.error_panel``)
    panel: bool = False


@dataclass(slots=True)
class _Scored:
    key: Key
    ei: int
    cand: Cand  # the pattern's candidate, shared by its entries
    fw: float  # the entry's frame evidence
    typed_why: str | None  # why ``_typed`` raised the frame evidence, when it did
    # what ``_score`` read of the entry's columns, kept for the passes after scoring and for
    # ``_matches``, which read them of every entry scored (or down to the last match shown)
    repo: str
    site: SiteFacts
    error: str  # ``Index.entry_id``
    where: Where  # ``Index.entry_where``

    def lift_above(self, score: float) -> None:
        """Place the entry just above ``score`` (half a callers' step), its key flags kept: how
        each tie-break pass puts the entry it prefers over others scored alike."""
        self.key = (*self.key[:4], score + CALLERS_STEP / 2)


def _alike(scored: list[_Scored]) -> list[list[_Scored]]:
    """The entries grouped by their key flags (the first four parts of ``_Scored.key``): the
    entries a tie-break pass may reorder are among those of one group."""
    groups: dict[tuple[bool, bool, bool, bool], list[_Scored]] = {}
    for s in scored:
        groups.setdefault(s.key[:4], []).append(s)
    return list(groups.values())


class Ranker:
    """Scores the entries of the candidates of one message, best-bounded patterns first: a
    pattern's entries score at most its text score plus the best type and frame evidence, so once
    ``limit`` distinct errors beat the next pattern's bound, the rest are not looked at. Within a
    pattern, the entries no frame names (nor ``_typed`` takes) are bounded again by the frame
    evidence they can have, a file's at most, and skipped when that bound cannot enter."""

    def __init__(self, idx: Index, ev: Evidence, repo: str | None, limit: int) -> None:
        self.idx, self.ev, self.repo, self.limit = idx, ev, repo, limit
        self.relation = _memo_type_relation(ev.types, idx)
        self._empty = False  # no message was pasted, only a class
        self._site_bounds: dict[int, tuple[bool, float, float]] = {}  # pattern -> ``_site_bound``
        self._tf: TextFit | None = None
        self._named: dict[int, list[str]] = {}  # pattern -> the class names its placeholders hold
        self._constants: dict[int, float] = {}  # pattern -> ``_other_class_printed``
        self._unprintables: dict[int, float] = {}  # pattern -> ``_unprintable``
        self._crossed: dict[int, float] = {}  # pattern -> ``_split_brackets``
        self._misnamed: dict[int, float] = {}  # pattern -> ``_name_unshaped``
        self._printed: dict[int, tuple[Cand, tuple[float, float, float]]] = {}  # ``_printing``
        self._spaced: set[int] = set()  # entries ``_spaced_as_written`` lifted
        self._printed_class: set[int] = set()  # entries ``_class_as_printed`` lifted
        self._cased: set[int] = set()  # entries ``_cased_as_written`` lifted
        self._values: dict[int, dict[str, str]] = {}  # pattern -> ``_slot_values``
        self._value_words: dict[int, frozenset[str]] = {}  # pattern -> ``_words_of_values``
        self._made: tuple[set[int], set[int]] | None = None  # ``_made_once``, worked out once
        self._near: str | None = None  # ``_moved_near``'s folder, worked out once ("" for none)
        self._reprs: set[tuple[str, str]] = set()  # (module, class) of the objects the message shows
        self._words: frozenset[str] | None = None  # the message's identifiers, read when first asked
        self._siblings: dict[int, dict[str, set[str]]] = {}  # pattern -> ``_functions_of``
        self._optional: dict[str, bool] = {}  # path -> ``_optional_module``
        self._gone = _function_gone(idx, ev.frames)
        self._platform = paste_platform(p for p, _line, _fn in ev.frames.info.frames)
        self._named_words: dict[str, bool] = {}  # ``_paste_names``, per name asked
        # entry -> the class the paste names, lifted over a warning or a log call of its words
        self._over_emitted: dict[int, str] = {}
        # entry -> the log call whose words it relays as the pasted class (``_relay_of_logged``)
        self._relayed_log: dict[int, str] = {}
        # ``rank`` left answers out: patterns it did not score, or scored errors past ``limit``
        self.more = False
        self._cut = False  # a group of a very common pattern was cut to ``limit`` (``_entries_of``)

    def rank(self, tf: TextFit) -> list[Match]:
        self._empty = not tf.cmsg
        self._tf = tf
        self._reprs = object_reprs(tf.message)
        self._words = None
        self._spaced = set()
        self._printed_class = set()
        self._cased = set()
        scored: list[_Scored] = []
        top = _TopK(self.limit)
        # patterns by bound, best first; equal bounds go to the lower pattern id, as equal scores
        # do in the answer, so a bound merely tying the ``limit``-th error stops the scan too. A
        # pattern's first bound assumes the best of its entries; the one popped is bounded again
        # from its entries' sites (codebase, type, privacy) and goes back, and is scored only
        # when that bound still comes first.
        heap = [(_priority(b, c.pid), False, b, c) for c in self._rankable(tf) for b in [self._bound(c)]]
        heapq.heapify(heap)
        n = 0
        skipped = False  # an entry alike ``2 * k`` kept ones was never scored: the list is full
        self._cut = False
        while heap and n < MAX_SCORED:
            _p, tight, bound, c = heapq.heappop(heap)
            if top.beats((bound, -c.pid)):
                break
            if not tight:
                b = self._bound(c, self._site_bound(c.pid))
                heapq.heappush(heap, (_priority(b, c.pid), True, b, c))
                continue
            n += 1
            supported, rest = self._split(c, self._entries_of(c))
            ties = _Ties(self.limit)
            for part in (supported, rest):
                if part is rest and (
                    not rest
                    or not self._unnamed_may_score(c)
                    or top.beats((self._bound(c, self._site_bound(c.pid), True), -c.pid))
                ):
                    break
                got, passed = self._score_part(c, part, ties)
                skipped = skipped or passed
                for s in got:
                    scored.append(s)
                    top.add(s.where, (s.key, -c.pid))
        # answers were left out: patterns never scored, or sites alike the ones kept (a class
        # raised bare all over a codebase), so a tie filling the list goes on beyond it
        self.more = bool(heap) or skipped or self._cut
        self._built_over_reraise(scored)
        self._wrapper_over_inner(scored)
        self._raise_before_its_log(scored)
        self._named_raise_before_emitted(scored)
        self._relay_of_logged(scored)
        self._origin_before_its_copy(scored)
        self._copy_printed_in_panel(scored)
        self._relay_beside_origin(scored)
        self._worded_over_reraise(scored)
        self._spaced_as_written(scored)
        self._class_as_printed(scored)
        self._cased_as_written(scored)
        self._consumer_over_yield(scored)
        scored.sort(key=lambda s: (s.key, -s.cand.pid, -s.ei), reverse=True)
        return self._matches(scored, tf)

    def _spaced_as_written(self, scored: list[_Scored]) -> None:
        """Templates whose literals differ only in their spacing (weasyprint's ``Failed to load
        stylesheet at %s : %s`` beside ``... at %s: %s``) fit a message alike: the fit compares
        the text with its whitespace dropped. The message keeps the spacing its statement
        printed, so when its text holds one template's literals as written (runs of whitespace
        read as one space) and not another's, the one spaced as the message is goes just above
        the others scored alike (the same key flags, within the priors)."""
        tf = self._tf
        if tf is None or len(scored) < 2:
            return
        idx = self.idx
        groups: dict[tuple[tuple[bool, bool, bool, bool], tuple[str, ...]], list[_Scored]] = {}
        tmplcol = idx._ecols[4]
        # whether the message holds an entry's segments, per (pattern, template string): the
        # entries of one pattern are copies of a few raises across snapshots, all of one template
        # string (``e_tmpl``, or the pattern's own rendering), and a tie of hundreds of copies
        # (a message cut short fitting every near-duplicate) decoded and split each one's
        held: dict[tuple[int, int, bool], bool] = {}
        text: str | None = None

        def holds(s: _Scored, own: bool) -> bool:
            at = (s.cand.pid, tmplcol[s.ei], own)
            got = held.get(at)
            if got is None:
                assert text is not None
                got = held[at] = _holds_in_order(text, self._written_segs(s) if own else idx.segs(s.cand.pid))
            return got

        for s in scored:
            groups.setdefault((s.key[:4], idx.patterns[s.cand.pid].lits), []).append(s)
        for whole in groups.values():
            # only entries within the priors of the group's best can change places by the lift;
            # the rest are not decoded (reading an entry's own template decodes it for good)
            best = max(s.key[4] for s in whole)
            group = [s for s in whole if s.key[4] > best - _PRIORS]
            if len(group) < 2 or (len(group) > MAX_SPACED and len({s.cand.pid for s in group}) < 2):
                continue
            if text is None:
                text = _WHITESPACE.sub(" ", tf.message)
            own = len(group) <= MAX_SPACED
            written = {s.ei: holds(s, own) for s in group}
            if all(written.values()) or not any(written.values()):
                continue
            top = max(s.key[4] for s in group if not written[s.ei])
            for s in group:
                if written[s.ei] and s.key[4] <= top < s.key[4] + _PRIORS:
                    s.lift_above(top)
                    self._spaced.add(s.ei)

    def _consumer_over_yield(self, scored: list[_Scored]) -> None:
        """An error built and yielded by a generator (jsonschema's keyword functions: ``yield
        ValidationError(f"{instance!r} is not of type ...")``) is raised by the code that
        consumes it (``raise error`` over ``iter_errors``, ``raise best_match(errors)``): the
        traceback ends at the consumer's raise, never at the ``yield``, which wrote the words
        only. When the catalogue holds such a consumer raising the yielded text (the same
        pattern, in the same codebase, by a statement that does not build the class), scored
        alike but for the priors and a value naming the generator's function (``minProperties``
        in the message names ``def minProperties``), the consumers go just above the ``yield``,
        their own order kept; the ``yield`` stays listed as where the words were written.
        A generator with no such consumer in the catalogue keeps its place."""
        idx = self.idx
        yielded = [
            s for s in scored if (st := idx.entry_statement(s.ei)) is not None and st.startswith("yield")
        ]
        if not yielded:
            return
        for y in yielded:
            consumers = [
                t
                for t in scored
                if t.cand.pid == y.cand.pid
                and t.repo == y.repo
                and t.key[:4] == y.key[:4]
                and y.key[4] - t.key[4] < _PRIORS + VALUE_NAMES_SITE
                and (st := idx.entry_statement(t.ei)) is not None
                and st.startswith("raise")
                and not self._raised_where_built(t.ei)
            ]
            if not consumers:
                continue
            if min(t.key[4] for t in consumers) > y.key[4]:
                continue
            levels = sorted({t.key[4] for t in consumers})  # their order, ties kept as ties
            for t in consumers:
                up = y.key[4] + CALLERS_STEP / 2 * (1 + levels.index(t.key[4]))
                t.key = (t.key[0], t.key[1], t.key[2], t.key[3], max(t.key[4], up))

    def _written_segs(self, s: _Scored) -> tuple[str, ...]:
        """The literal segments of entry ``s.ei``'s own template as written: entries whose
        templates differ only in their spacing share one pattern (its literals are compact), and
        the pattern's segments are one of them's (pandas' ``interval [0,1]`` at one raise,
        ``interval [0, 1]`` at another). The entry's template split at its placeholders, when
        that gives the pattern's literals compacted; else the pattern's segments."""
        idx = self.idx
        pid = s.cand.pid
        parts = _HOLE.split(idx.entries.peek(s.ei)[E_TEMPLATE])  # not kept: see ``_Lazy.peek``
        lits = idx.lits(pid)[0]
        if len(parts) == len(lits) and all(compact(a) == b for a, b in zip(parts, lits, strict=True)):
            return tuple(parts)
        return idx.segs(pid)

    def _class_as_printed(self, scored: list[_Scored]) -> None:
        """Python prints a raised class with the module that defines it
        (``google.protobuf.json_format.ParseError``), and two modules of one package may each
        define a class of that name: protobuf's ``json_format`` and ``text_format`` both raise a
        ``ParseError`` with ``Couldn't parse integer: ...``. When the paste names its class so
        dotted, a raise whose class the extractor resolved to exactly that name goes just above
        the raises scored alike (the same key flags, within the priors) that spell a class of
        the same last name but left unresolved (``raise self.ParseError(...)``, a method
        returning the class): the printed module tells the first apart, nothing tells the
        others. A raise resolved to another dotted name is left in place (a package's public
        alias of one class prints as its home module)."""
        dotted = {t for t in self.ev.types if "." in t and not t.startswith("log.")}
        if not dotted or len(scored) < 2:
            return
        idx = self.idx
        lasts = {last(t).lower() for t in dotted}
        for group in _alike(scored):
            if len(group) < 2:
                continue
            quals = {s.ei: idx.entry_qualname(s.ei) for s in group}
            named = [s for s in group if quals[s.ei] in dotted]
            unresolved = [
                s.key[4]
                for s in group
                if not quals[s.ei] and last(idx.entries.peek(s.ei)[E_TYPE] or "").lower() in lasts
            ]
            for s in named:
                above = [k for k in unresolved if s.key[4] <= k < s.key[4] + _PRIORS]
                if above:
                    s.lift_above(max(above))
                    self._printed_class.add(s.ei)

    def _printed_class_reason(self, ei: int) -> list[str]:
        """Why ``_class_as_printed`` lifted the entry, in words."""
        if ei not in self._printed_class:
            return []
        return ["the paste prints this raise's class with its module, unlike a same-named class raised alike"]

    def _cased_as_written(self, scored: list[_Scored]) -> None:
        """Two templates sharing their words but not their letters' case (rich's ``Unable to
        render {renderable!r}; ...`` beside ``unable to render {type(...).__name__}; ...``) fit
        a message alike where the fit folds case: both only reworded or cut, scored alike. A
        paste keeps the case its statement printed, so when the message holds every literal
        segment of one template that it holds at all as written, and of another a segment only
        with its case changed, the one cased as the message is goes just above the others
        scored alike (the same key flags, within the priors), as ``_spaced_as_written`` lifts
        the one spaced as the message is. Segments shorter than ``_CASED_MIN`` are not read: a
        word or two that opens a sentence is capitalised wherever it stands."""
        tf = self._tf
        if tf is None or len(scored) < 2:
            return
        idx = self.idx
        text: str | None = None
        folded = ""
        cased: dict[int, bool | None] = {}  # pattern -> as written (True), re-cased (False), neither

        def as_written(pid: int) -> bool | None:
            if pid not in cased:
                assert text is not None
                verdicts = [
                    lit in text
                    for seg in idx.segs(pid)
                    if len(lit := _WHITESPACE.sub(" ", seg).strip()) >= _CASED_MIN and lit.lower() in folded
                ]
                cased[pid] = all(verdicts) if verdicts else None
            return cased[pid]

        for whole in _alike(scored):
            best = max(s.key[4] for s in whole)
            group = [s for s in whole if s.key[4] > best - _PRIORS]
            if len(group) < 2 or len({s.cand.pid for s in group}) > MAX_SPACED:
                continue
            if text is None:
                text = _WHITESPACE.sub(" ", tf.message)
                folded = text.lower()
            written = {s.ei: as_written(s.cand.pid) for s in group}
            recased = [s.key[4] for s in group if written[s.ei] is False]
            if not recased or not any(written.values()):
                continue
            top = max(recased)
            for s in group:
                if written[s.ei] and s.key[4] <= top < s.key[4] + _PRIORS:
                    s.lift_above(top)
                    self._cased.add(s.ei)

    def _spaced_reason(self, ei: int) -> list[str]:
        """Why ``_spaced_as_written`` lifted the entry, in words."""
        if ei in self._cased:
            return ["the message is cased as this template is written, unlike another of the same words"]
        if ei not in self._spaced:
            return []
        return ["the message is spaced as this template is written, unlike another of the same words"]

    def _raise_before_its_log(self, scored: list[_Scored]) -> None:
        """One text at a raise and at a log call that re-emits it (``except Error as exc:
        LOG.exception(exc)``, the caught error's words as the record's): the two differ only by
        the tie-break priors (a public ``run`` over a private helper), and with no log record in
        the paste (no level, no logger) the raise that made the text is the error asked about, so
        it goes just above the log call."""
        if any(t.startswith("log.") for t in self.ev.types):
            return
        # the kind as the site's facts hold it (``_score`` read them for every entry scored and
        # kept them), not from the whole entry: its id and template decoded, and kept, for every one
        logged = [s.site.kind == "log" for s in scored]
        logs: dict[tuple[int, tuple[bool, bool, bool, bool]], float] = {}
        for s, log in zip(scored, logged, strict=True):
            if log:
                at = (s.cand.pid, s.key[:4])
                logs[at] = max(logs.get(at, s.key[4]), s.key[4])
        if not logs:
            return
        for s, log in zip(scored, logged, strict=True):
            if log:
                continue
            top = logs.get((s.cand.pid, s.key[:4]))
            if top is not None and s.key[4] <= top < s.key[4] + _PRIORS:
                s.lift_above(top)

    def _named_raise_before_emitted(self, scored: list[_Scored]) -> None:
        """One text at a raise of a class and at a warning or a log call emitting the same words
        (an exception whose ``__init__`` warns its text before ``super().__init__(msg)``, a
        function logging what it is about to raise): the two templates hold the same literals
        and differ only by the tie-break priors, since their placeholders differ in name only.
        When the paste names the raise's class as a word (after a test id, ``Failed:
        [undefined]pkg.SomeError: ...``; in a shown ``raise SomeError(...)`` line) though no
        type was read from it, and names neither the warning's category nor a log level, it
        shows the exception, not the warning or the record emitted on its way: the raise goes
        just above. A pasted warning or log record keeps its own site first."""
        ev = self.ev
        if not ev.paste or any(t.startswith("log.") or last(t).endswith("Warning") for t in ev.types):
            return
        # key flags -> the literals of each warning or log call scored with them -> its best score
        emitted: dict[tuple[bool, bool, bool, bool], dict[tuple[str, ...], float]] = {}
        for s in scored:
            kind = s.site.kind
            if kind == "log" or (kind == "warning" and not self._paste_names(last(s.site.type))):
                same = emitted.setdefault(s.key[:4], {})
                lits = self.idx.patterns[s.cand.pid].lits
                same[lits] = max(same.get(lits, s.key[4]), s.key[4])
        if not emitted:
            return
        for s in scored:
            alike = emitted.get(s.key[:4])
            if not alike or s.site.kind in ("log", "warning") or s.site.type.startswith("<"):
                continue
            if not any(s.key[4] <= top < s.key[4] + _PRIORS for top in alike.values()):
                continue  # (no emitted words within the priors: their literals are not read)
            top = alike.get(self.idx.patterns[s.cand.pid].lits)
            if top is None or not s.key[4] <= top < s.key[4] + _PRIORS:
                continue
            name = last(s.site.type)
            if self._paste_names(name) or (s.site.printed and self._paste_names(name := s.site.printed)):
                s.lift_above(top)
                self._over_emitted[s.ei] = name

    def _emitted_reason(self, ei: int) -> list[str]:
        """Why ``_named_raise_before_emitted`` lifted the entry, in words."""
        name = self._over_emitted.get(ei)
        if name is None:
            return []
        return [
            f"the paste names this raise's class ({name}): a warning or a log call of the same words is emitted on its way"
        ]

    def _relay_of_logged(self, scored: list[_Scored]) -> None:
        """A text written through a library's own reporter object (``self.reporter.error('Duplicate
        substitution definition name: "%s".' % name)``, read as a log call) and pasted as an
        exception of a library class (``docutils.utils.SystemMessage: <string>:4: (ERROR/3)
        Duplicate ...``): a log call raises nothing, so what raised the pasted class is the
        reporter's method the call reaches, which raises it with the text it is handed
        (``Reporter.system_message``: ``raise SystemMessage(msg, level)`` at the halt level). Such
        a relay's template is all placeholder, so it scores on its class alone and the log call's
        words beat it. When the paste names a library class (not a built-in one, which says
        nothing of who raised it), the relay raises that class with a text all placeholder in the
        log call's codebase, and its method's class is the one the call's receiver is named
        after (``reporter`` / ``Reporter``, ``self._logger`` / ``Logger``: the object the words
        were handed to), the relay goes just above the log call. Only for a message pasted
        alone: a traceback's frames say where it was raised, and nothing changes where the key
        flags tell the two apart."""
        ev, idx = self.ev, self.idx
        fev = ev.frames
        if fev.info.frames or fev.repos or fev.shown:
            return  # frames, a path, a raise statement the paste prints: more than a message
        named = [last(t) for t in ev.types if not t.startswith("log.")]
        if not named or len(named) != len(ev.types) or any(builtin_type(n) for n in named):
            return
        logs = [s for s in scored if s.site.kind == "log"]
        if not logs:
            return
        wanted = {n.lower() for n in named}
        relays = [
            s
            for s in scored
            if s.site.kind != "log"
            and last(s.site.type).lower() in wanted
            and "." in s.site.function
            and idx.patterns[s.cand.pid].lit_len == 0
        ]
        for log in sorted(logs, key=lambda s: s.key, reverse=True):
            receiver = _log_receiver(idx.entry_statement(log.ei) or "")
            if not receiver:
                continue
            for r in relays:
                owner = r.site.function.split(".", 1)[0].lstrip("_").lower()
                if owner != receiver or r.where[0] != log.where[0] or r.key[:4] != log.key[:4]:
                    continue
                if r.key[4] <= log.key[4]:
                    r.lift_above(log.key[4])
                    self._relayed_log[r.ei] = receiver

    def _relayed_reason(self, ei: int) -> list[str]:
        """Why ``_relay_of_logged`` lifted the entry, in words."""
        receiver = self._relayed_log.get(ei)
        if receiver is None:
            return []
        return [f"the pasted class is raised here with the words a log call hands its {receiver}"]

    def _paste_names(self, name: str) -> bool:
        """Whether the paste holds ``name`` as a whole word (a class named anywhere in it).
        The name's literal leads the pattern, its left edge checked behind it, so ``re`` scans
        the paste for the literal's first character in C: a pattern opening with the lookbehind
        is tried at every position, ~20 ms per megabyte per name asked (sec52)."""
        got = self._named_words.get(name)
        if got is None:
            lit = re.escape(name)
            got = bool(name) and re.search(rf"{lit}(?<!\w{lit})(?!\w)", self.ev.paste) is not None
            self._named_words[name] = got
        return got

    def _origin_before_its_copy(self, scored: list[_Scored]) -> None:
        """One text at the raise that writes it and at a raise of another class that copies it
        from the exception it caught (``except ConfigurationError as e: raise
        ValidationError(str(e))``, ``index.copies_text``): the extractor gives the copy every
        text the caught class is raised with, so the two tie but for the tie-break priors (a
        public method over a private helper). Every such error is made where its text is
        written, and only some pass the copy (those raised under its ``try``), so with nothing
        in the paste for either (no class, no frame) the raise writing the text goes just above
        the copy. A raise of the copy's own class is no origin of it: a class that prints a
        text of its own whatever it is given (``raise BadRequestKeyError(e.args[0])`` beside
        ``raise BadRequestKeyError(key)``) ties its raises by that text, not by a copy."""
        idx = self.idx
        copies: dict[tuple[int, tuple[bool, bool, bool, bool]], tuple[float, set[str]]] = {}
        for s in scored:
            if idx.entry_copy(s.ei):
                at = (s.cand.pid, s.key[:4])
                top, classes = copies.get(at, (s.key[4], set()))
                classes.add(type_key(s.site.type))
                copies[at] = (max(top, s.key[4]), classes)
        if not copies:
            return
        for s in scored:
            if idx.entry_copy(s.ei):
                continue
            got = copies.get((s.cand.pid, s.key[:4]))
            if got is None or type_key(s.site.type) in got[1]:
                continue
            top = got[0]
            if s.key[4] <= top < s.key[4] + _PRIORS:
                s.lift_above(top)

    def _copy_printed_in_panel(self, scored: list[_Scored]) -> None:
        """One text at a package's module and at another distribution that ships its own copy of
        that package (``typer/_click/``, ``vendored_package``), the paste printed in a Rich
        ``Error`` panel: the package itself never prints one, the framework wrapping it does,
        and a framework that ships its own copy runs that copy and its own code around it. So a
        site of the framework (its copy of the statement, or its own class wrapping it) goes just
        above a site of the copied package it ties with; without a panel the tie-break priors
        decide, as before."""
        if not self.ev.panel:
            return
        copied: dict[str, set[str]] = {}  # package -> distributions' folders holding a copy of it
        for s in scored:
            rest = vendored_package(s.site.posix_path)
            if rest is not None:
                copied.setdefault(rest.partition("/")[0], set()).add(s.site.posix_path.partition("/")[0])
        if not copied:
            return
        originals: dict[tuple[int, tuple[bool, bool, bool, bool], str], float] = {}
        for s in scored:
            for home in copied.get(s.site.posix_path.partition("/")[0], ()):
                at = (s.cand.pid, s.key[:4], home)
                originals[at] = max(originals.get(at, s.key[4]), s.key[4])
        for s in scored:
            top = originals.get((s.cand.pid, s.key[:4], s.site.posix_path.partition("/")[0]))
            if top is not None and s.key[4] <= top < s.key[4] + _PRIORS:
                s.lift_above(top)

    def _relay_beside_origin(self, scored: list[_Scored]) -> None:
        """One text at the raise that writes it and at a raise of the same class that relays it
        from the exception it caught (``except error as e: kept = e`` ... ``raise
        error(kept.msg, ...)``, ``relays_text``): the extractor records every raise of the class
        at the relay too (``resolve.copy_to_reraises``), so the two tie but for the priors. The
        relay is a new exception with no chain: when the original passed its ``try``, the
        user's traceback ends at the relay. Whether it did is known where the original cannot
        be called by a user but through the library: its module or its function is private
        (``_regex_core``, ``_parse``), so what a user pasted went through the library's own
        handling and the relay goes just above it. A public one may be called directly and
        escape without the relay: when its statement writes text (a quote on its first line)
        it stays first, the relay right after it; one that writes none (``raise
        BadRequestKeyError(key)``, a class printing its own words whatever it is given) wrote
        no more of the text than the relay did, and the priors decide. Only for a
        message pasted alone: a frame or a path says where the exception was raised (a frame
        below the relay's function means it never passed it), and nothing changes where the
        key tells the two apart."""
        fev = self.ev.frames
        if fev.info.frames or fev.repos or fev.shown or self.ev.pointed:
            return  # frames, a path, a raise statement the paste prints: more than a message
        idx = self.idx
        relays = [s for s in scored if relays_text(idx.entry_statement(s.ei) or "")]
        if not relays:
            return
        by_text: dict[tuple[int, tuple[bool, bool, bool, bool], str], list[_Scored]] = {}
        for s in scored:
            by_text.setdefault((s.cand.pid, s.key[:4], type_key(s.site.type)), []).append(s)
        for r in relays:
            origins = [
                s
                for s in by_text[(r.cand.pid, r.key[:4], type_key(r.site.type))]
                if s.where[0] == r.where[0]
                and s.where != r.where
                and not relays_text(idx.entry_statement(s.ei) or "")
            ]
            if not origins:
                continue
            top = max(origins, key=lambda s: s.key[4])
            if not top.key[4] - _PRIORS < r.key[4] < top.key[4] + _PRIORS:
                continue  # the text fits one better than the other: not a tie of priors
            if _private_place(idx.entry_path(top.ei), idx.entry_func(top.ei)):
                r.lift_above(top.key[4])
            elif _QUOTE.search(idx.entry_statement(top.ei) or ""):
                r.key = (*r.key[:4], top.key[4] - CALLERS_STEP / 2)

    def _worded_over_reraise(self, scored: list[_Scored]) -> None:
        """A message pasted alone, first answered by a re-raise of an exception object
        (``except OpenAIError as err: ... raise err``, ``reraises_name``): its template is that
        name alone, which fits any text of its class and wrote none of it; the object's text was
        written where it was built. A raise of the same class whose own words the message shares
        (``REWORDED_OVER_RERAISE`` of them at least: another release's wording of its check, as
        ``The api_key client option must be set ...`` is of ``Missing credentials. Please pass
        an `api_key` ...``) is where an object of that text is built: the best such goes just
        above the re-raise. Only for a message alone: a frame, a path or a printed statement
        says where the exception was raised (``_built_over_reraise`` reads a frame landing on a
        re-raise; a class the paste names with its package points at both alike), and a raise
        whose words the message lacks is no likelier than the re-raise."""
        fev = self.ev.frames
        if fev.info.frames or fev.repos or fev.shown or len(scored) < 2:
            return
        idx = self.idx
        top = max(scored, key=lambda s: s.key)
        if idx.patterns[top.cand.pid].lit_len or not self._raises_object(top):
            return
        cls = type_key(top.site.type)
        worded = [
            s
            for s in scored
            if idx.patterns[s.cand.pid].lit_len
            and type_key(s.site.type) == cls
            and s.cand.text >= 0.9 * REWORDED_OVER_RERAISE
        ]
        if not worded:
            return
        best = max(worded, key=lambda s: s.key)
        for s in scored:
            if (
                s.key >= best.key
                and not idx.patterns[s.cand.pid].lit_len
                and type_key(s.site.type) == cls
                and self._raises_object(s)
            ):
                s.key = (*best.key[:4], best.key[4] - CALLERS_STEP / 2)

    def _raises_object(self, s: _Scored) -> bool:
        """Whether the entry's raise prints an object one name holds, its template that name
        alone: ``raise err`` (``reraises_name``) or ``raise Error(err, ...)`` (``wraps_name``).
        Not a helper's raise of the text its caller hands it (a relay, or ``def check(cond, msg,
        cls): raise cls(msg)``): the callers' records hold that text, written at each call."""
        statement, names = self.idx.entry_statement(s.ei) or "", self.idx.patterns[s.cand.pid].names
        if reraises_name(statement, names):
            return True
        return wraps_name(statement, names, s.site.type) and not self.idx.entry_relay(s.ei)

    def _built_over_reraise(self, scored: list[_Scored]) -> None:
        """A frame on ``raise self._exc`` (a re-raise of an object whose text is unknown: its
        template is all placeholder) says where it was raised, not what it says. When the whole
        message is a template of the pasted class, in a codebase the paste points to, that
        template's site is where the object was built with that text: it goes first, and the
        re-raise, whose text nothing confirms, is no longer exact.

        A template whose beginning is the whole message counts as well (the paste ends inside
        it: another release's text without the last sentence, or a message cut short): the
        object was still built there, with a text that opens with every pasted word, while the
        re-raise confirms none of them.

        A frame on a statement that builds the pasted class itself (``raise MachineError(msg)``
        as the traceback prints it, the text a variable the catalogue cannot read) is no
        re-raise: the object was made there, and a template of another raise that prints the
        same words (an older wording kept elsewhere in the codebase) is not where it came from.
        The frame keeps deciding.

        So does a frame on a re-raise when the template fits only the message's head, its
        last placeholder the block of lines after it (``candidates._appended_paragraph``): most
        of the text is a value nothing confirms, and the frame is on a raise statement.

        So does a frame on a re-raise in a codebase where no such template lies: an object
        another codebase built and handed back without raising it (jsonschema's ``best_match``
        returns the error its validator yielded; openapi-schema-validator's ``validate`` raises
        it) is raised by the codebase the traceback ends in, the site the user saw; the other
        codebase only wrote its text."""
        if not self.ev.types or self.ev.built:
            return
        idx = self.idx
        # the re-raises a frame lands on, first: most pastes have none, and then no template is
        # asked whether it was built where it is raised (a scan of the statements' ids)
        again = [s for s in scored if s.key[1] and idx.patterns[s.cand.pid].lit_len == 0]
        if not again:
            return
        built_in = {
            idx.entry_repo(s.ei)
            for s in scored
            if s.key[0]
            and s.cand.confident
            and not s.cand.head_only
            and s.cand.fit is not None
            and (s.cand.fit.full or (s.cand.fit.anchored_start and s.cand.fit.covered >= MIN_LITERAL))
            and idx.patterns[s.cand.pid].lit_len >= MIN_LITERAL
            and self._site_relation(s.site)[0] >= TYPE_AGREES
            and not self._raised_where_built(s.ei)
            and not self._raises_kept_object(s.ei)
        }
        if not built_in:
            return
        for s in again:
            if idx.entry_repo(s.ei) in built_in:
                s.key = (s.key[0], False, False, False, s.key[4] - 1.0 * s.key[3])

    def _wrapper_over_inner(self, scored: list[_Scored]) -> None:
        """A handler that re-raises a caught error's text with context added after it (``except
        CastError as e: raise CastError(str(e) + f" Error at row {i} column {name}.")``) prints a
        message whose beginning is the inner raise's whole text: the inner template fits it
        exactly but for the text after it, and scores above the handler's, whose literal text is
        only the added context. The handler's template explains the message from end to end, its
        leading placeholder holding exactly what the inner template fits, and its raise sits in
        an ``except`` that catches the inner raise's class (``Index.handlers``): the error pasted
        is the one the handler raised, so it goes just above the inner raise, which stays listed
        as where the words were written. Frames, the codebase pointed to and exactness still
        order first (the keys' first four fields must agree)."""
        idx, tf = self.idx, self._tf
        if tf is None or len(scored) < 2:
            return
        inner = [
            s
            for s in scored
            if s.key[3]
            and (f := s.cand.fit) is not None
            and f.full
            and f.anchored_start
            and not f.anchored_end
            and idx.patterns[s.cand.pid].lits[0]
        ]
        if not inner:
            return
        for w in scored:
            f = w.cand.fit
            if f is None or not (f.full and f.anchored_start and f.anchored_end) or len(f.spans) < 2:
                continue
            # where the literal after the leading placeholder begins: the placeholder holds the
            # message up to there (an empty literal there is no context the handler adds)
            lits = idx.patterns[w.cand.pid].lits
            if lits[0] or len(lits) < 2 or not lits[1]:
                continue
            held_to = f.spans[1][0]
            for s in inner:
                if (
                    s is w
                    or s.key[:4] != w.key[:4]
                    or s.key[4] < w.key[4]
                    or s.cand.fit is None
                    or s.cand.fit.end != held_to
                    or s.repo != w.repo
                ):
                    continue
                if self._in_handler_of(w.ei, type_key(s.site.type)):
                    w.lift_above(s.key[4])

    def _raises_kept_object(self, ei: int) -> bool:
        """Whether entry ``ei``'s statement raises an object kept in an attribute (``raise
        self.ex``: its first line as the index keeps it, no call), its text the one its builder
        gave it in another method (Pillow's ``DeferredError.__getattr__`` raising the
        ``ValueError("Operation on closed image")`` that ``Image.close`` stored). Such a site is
        another re-raise, not where the object was built: a traceback ending on a re-raise of
        the same object (``Image.im``'s ``raise self._im.ex``) was raised there, and the other
        re-raise, in no frame, did not run. A bare name is not such a site: ``raise e`` after
        ``e = AuthenticationException("Authentication failed.")`` in the same function (paramiko's
        ``AuthHandler.wait_for_response``) raises the object that function built, which a caller's
        ``raise saved_exception`` passes on. A class raised bare (``raise KeyError``) builds its
        object where it stands and is none of these either."""
        text = self.idx.entry_statement(ei)
        if not text or not text.startswith("raise"):
            return False
        parts = text[len("raise") :].strip().split(".")
        if len(parts) < 2 or not all(part.isidentifier() for part in parts):
            return False
        site = self.idx.entry_facts(ei)[1]
        return parts[-1] not in (site.type.rpartition(".")[2], site.printed)

    def _raised_where_built(self, ei: int) -> bool:
        """Whether entry ``ei``'s statement raises its class where it builds it (``raise
        Cls(...)``, its first line as the index keeps it). Such an object is raised with that
        frame: raised again elsewhere, the traceback still ends there (Python keeps the trail
        of a re-raised object), so a traceback ending on another statement's ``raise errors[0]``
        was not built by it, only worded alike (confection's ``parse_config`` raising what
        ``_validate_overrides`` built and returned, beside ``apply_overrides``' own raise of the
        same words). What is built and handed on (``yield Error(...)``, ``bpe =
        Error(...)``) has no frame of its own, and may be where the re-raised one was built."""
        text = self.idx.entry_statement(ei)
        got = _RAISE_BUILT.match(text) if text else None
        if got is None:
            return False
        site = self.idx.entry_facts(ei)[1]
        return got[1].rpartition(".")[2] in (site.type.rpartition(".")[2], site.printed)

    def _evidence_bound(self, c: Cand) -> tuple[float, float]:
        """The most text and frame evidence any entry of the pattern can have (see ``_score``)."""
        ev = self.ev
        fw = ev.frames.pids.get(c.pid, FILE_FRAME if ev.frames.info.deepest_path else 0.0)
        text = c.text
        if c.pid in ev.typed_pids:
            text = max(text, TYPED_TEXT, self._cut_text(c))
            if ev.frames.info.frames:  # a typed raise in the last frame's function (``_typed``)
                fw = max(fw, DEEPEST_FRAME)
        return text, fw

    def _rankable(self, tf: TextFit) -> list[Cand]:
        """The candidates that ``_may_rank``. Most are near-duplicates fitting only in part, with
        neither frame nor type evidence: for those the text alone decides, so they are set aside
        without working out the evidence bound."""
        ev = self.ev
        framed, typed = ev.frames.pids, ev.typed_pids
        return [
            c
            for c in tf.cands.values()
            if (c.confident or c.text >= APPROX_MIN or c.pid in framed or c.pid in typed)
            and self._may_rank(c)
        ]

    def _may_rank(self, c: Cand) -> bool:
        """Whether any entry of the pattern passes ``_score``'s floors: the others are not looked
        at (near-duplicates of the template that fits are many, and fit only in part)."""
        if c.confident:
            # a message-less raise fits a class pasted alone: those of the pasted class only
            return not self._empty or c.pid in self.ev.typed_pids
        text, fw = self._evidence_bound(c)
        floor = TYPED_MIN if c.pid in self.ev.typed_pids else APPROX_MIN
        return (fw >= CALLER_FRAME or text >= floor) and (text >= TYPED_MIN or fw >= DEEPEST_FRAME)

    def _split(self, c: Cand, eis: list[int]) -> tuple[list[int], list[int]]:
        """The pattern's entries a frame names or that raise the pasted library class, and the
        rest, whose frame evidence is at most a file's (``_bound`` with ``unnamed``): scored only
        when that bound can still enter the top ``limit``. A template raised at many sites (one
        message a library raises in 90 places, in each of its copies) has one entry a frame
        names and dozens that cannot rank above it. A pattern fitting in full and confidently is
        not split (``_built_over_reraise`` reads all of its entries)."""
        named, typed = self.ev.frames.entries, self.ev.typed
        if len(eis) < 2 or not (named or typed) or (c.confident and c.fit is not None and c.fit.full):
            return eis, []
        supported: list[int] = []
        rest: list[int] = []
        for ei in eis:
            (supported if ei in named or ei in typed else rest).append(ei)
        return supported, rest

    def _unnamed_may_score(self, c: Cand) -> bool:
        """Whether an entry of the pattern that no frame names and that does not raise the pasted
        library class can pass ``_score``'s floors: its frame evidence is below a caller's
        (``_bound`` with ``unnamed``), so its text must be a confident fit (with a message
        pasted) or similar enough alone. A template all placeholder raised at hundreds of sites
        (``raise AssertionError(msg)``) under a traceback landing on one of them fits nothing."""
        return (c.confident and not self._empty) or (not c.confident and c.text >= APPROX_MIN)

    def _bound(self, c: Cand, sites: tuple[bool, float, float] | None = None, unnamed: bool = False) -> Key:
        """The best key any entry of the pattern can reach (see ``_score``); ``sites`` is what its
        entries' sites allow (``_site_bound``), else the best possible; ``unnamed``, of its
        entries that no frame names and that do not raise the pasted library class (their frame
        evidence is the file's or the codebase's at most: ``FrameEvidence.weight_of``; their
        text is the pattern's own, and only a confident fit makes them exact: what ``_typed``
        and ``_typed_fits`` grant a raise of the pasted class is not theirs)."""
        ev = self.ev
        text, fw = self._evidence_bound(c)
        if unnamed:
            fw = min(fw, max(FILE_FRAME, REPO_FRAME) if ev.frames.info.deepest_path else 0.0)
            text = c.text
        exact = c.confident or (fw >= ON_RAISE and self._raise_text_ok(c))
        if not unnamed:
            exact = exact or (c.pid in ev.typed_pids and (self._whole_text(c) or self._value_only(c)))
        pointed, tw, public = sites or (
            True,
            TYPE_AGREES if ev.types else 0.0,
            _PRIORS_MAX,
        )
        here = (
            self._raised_here(fw, tw, text)
            or (exact and fw >= FILE_FRAME and tw >= TYPE_AGREES)
            or self._in_frame_file(fw, tw, text)
        )
        named = CLASS_NAMED if self._class_names(c) else 0.0
        named += REPR_OBJECT if self._reprs else 0.0
        named += VALUE_NAMES_SITE if self._words_of_values(c) else 0.0
        named += CALLED_BY_LAST_FRAME if ev.called else 0.0  # ``_naming_priors``, at most
        named += PLATFORM_NAMED if self._platform else 0.0  # ``_platform_named``, at most
        return pointed, fw >= ON_RAISE, here, exact, 1.0 * exact + text + tw + fw + public + named

    def _site_relation(self, site: SiteFacts) -> tuple[float, str | None]:
        """How the pasted class relates to the site's: the class as the statement spells it, or
        the one Python prints when that spelling is an import alias (``RequestsJSONDecodeError``
        prints as ``requests.exceptions.JSONDecodeError``), whichever agrees better."""
        got = self.relation(site.type, site.kind)
        if site.printed:
            real = self.relation(site.printed, site.kind)
            if real[0] > got[0]:
                return real
        if got[0] < TYPE_AGREES and (home := self._module_named(site)) is not None:
            return TYPE_AGREES, f"the pasted class is {home}'s, where this raise builds its error by a call"
        return got

    def _module_named(self, site: SiteFacts) -> str | None:
        """The module of a pasted module-qualified class (``google.protobuf.text_format.ParseError``)
        when it is the site's own file and the site builds its exception through a call on an
        object (``raise tokenizer.ParseErrorPreviousToken(...)``, ``raise self._error(...)``),
        whose class the catalogue cannot name: Python printed a class of that module, and this
        raise is one of the module's, of a class nothing contradicts; else None. A namesake
        class of a sibling module (``json_format.ParseError``) agrees by its name alone."""
        head, _dot, last = site.type.partition(".")
        if site.kind != "error" or not last or not head[:1].islower() or not site.posix_path.endswith(".py"):
            return None  # (a log call's level, ``log.EXCEPTION``, is no call building an error)
        if is_builtin(last.rsplit(".", 1)[-1]) or type_key(last) in self.idx.type_bases():
            return None  # a class after all (``grpc.FutureCancelledError``): its name decides
        module = module_name(site.posix_path)[0]
        for t in self.ev.types:
            mod, dot, _cls = t.rpartition(".")
            if dot and mod == module and not t.startswith("log."):
                return mod
        return None

    def _printed_relation(self, ei: int, site: SiteFacts) -> tuple[float, str | None]:
        """``_site_relation``, save that a raise of a namesake of the class the paste prints
        (``_foreign_namesake``: Django's own ``BadRequest`` under a pasted
        ``werkzeug.exceptions.BadRequest``) gains nothing by the name: Python printed another
        package's class, so the names agreeing is no evidence for this raise, and a raise of
        the class printed (Flask's ``raise BadRequest()`` of werkzeug's) ranks above it."""
        tw, why = self._site_relation(site)
        if tw > 0 and self._foreign_namesake(ei):
            return 0.0, None
        return tw, why

    def _raised_here(self, fw: float, tw: float, text: float) -> bool:
        """The traceback ends in the entry's function (its last frame, a library one), the pasted
        class is the entry's and its message reads like the paste (a rewording at least): that
        function raised it, whatever another function's text says (a release whose lines moved
        and whose message was reworded). A message unlike it says the raise moved elsewhere.
        An exact text of the pasted class in the file the traceback ends in stays level with it
        (``_score``): the raise may have moved to a helper beside the function, and the text
        then decides."""
        return fw >= DEEPEST_FRAME and tw >= TYPE_AGREES and text >= APPROX_MIN and self.ev.outside is None

    def _in_frame_file(self, fw: float, tw: float, text: float, in_file: bool = True) -> bool:
        """The traceback ends in a file of the release, in a function the release no longer has
        there (renamed, or its raise moved beside it: ``_function_gone``): a raise of the pasted
        class in that file (``in_file``) whose message reads like the paste stands with the
        function's own raises, above an exact fit in another file (an older wording kept
        elsewhere in the codebase). A frame in a function the file still has leaves the
        function's raises to decide, as a helper file's frames do."""
        return (
            self._gone
            and in_file
            and fw >= FILE_FRAME
            and tw >= TYPE_AGREES
            and text >= APPROX_MIN
            and self.ev.outside is None
        )

    def _site_bound(self, pid: int) -> tuple[bool, float, float]:
        """Over the pattern's entries: whether any lies in a codebase the paste points to, the
        best type evidence and the best tie-break (public site, called function, callers). A very common pattern's entries
        are many: the best possible is assumed rather than walked."""
        got = self._site_bounds.get(pid)
        if got is not None:
            return got
        idx, pointed = self.idx, self.ev.pointed
        groups = idx.groups.get(pid)
        if groups is not None:
            # every entry ``_entries_of`` scores is in one of the pattern's (type, kind) groups, and
            # a group's entries share their type evidence: its best over the groups bounds them,
            # read from each group's first entry instead of walking them all
            got = (True, max(self._group_type(g[0]) for g in groups), _PRIORS_MAX)
        else:
            # the entries' distinct sites and snapshots, read from the columns: a pattern's
            # entries are its raises' copies across snapshots, and each site's facts and each
            # snapshot's codebase are the same for all of its entries
            sites, snaps, called, callers = idx.site_summary(idx.patterns[pid].entries, self.repo or None)
            if not sites:
                got = (False, -1.0, 0.0)
            else:
                facts = [idx.site_facts(at) for at in sites]
                any_pointed = not pointed or any(idx.snap_repo(snap) in pointed for snap in snaps)
                tw = max(self._site_relation(f)[0] for f in facts)
                # the most public site: the least private one (the bonus falls as privacy grows)
                privacy = min(f.privacy for f in facts)
                tie = (
                    PUBLIC / (1 + privacy)
                    + (CALLED if called else 0.0)
                    + FUNCTION_NAMED
                    + CALLERS_STEP * callers
                )
                got = (any_pointed, tw, tie)
        self._site_bounds[pid] = got
        return got

    def _group_type(self, ei: int) -> float:
        """The type evidence of an entry of a grouped pattern, which every entry of its group shares."""
        return self._site_relation(self.idx.entry_facts(ei)[1])[0]

    def _raise_text_ok(self, c: Cand) -> bool:
        """Frames landing on a raise make it exact unless its own literal text is missing from
        the message: all of it is there, or it has too little to tell, unless the message
        cannot be what the template opens with (``_prose_for_repr``: another release's wording
        raised from the same line is reworded, and an answer calling it exact would contradict
        its own reasons)."""
        if c.fit is not None and c.fit.full:
            return True
        return self.idx.patterns[c.pid].lit_len < MIN_LITERAL and not self._prose_for_repr(c)

    def _prose_for_repr(self, c: Cand) -> bool:
        """A fit cut short in the template's opening placeholder, printed through ``repr()``,
        whose message is prose instead (``{value!r} is not one of {choices}.`` against another
        release's ``invalid choice: purple. (choose from ...)``): the whole message stands for a
        repr it cannot be, so nothing of the raise's text is there."""
        f, tf = c.fit, self._tf
        names = self.idx.patterns[c.pid].names
        if f is None or f.full or len(f.spans) != 1 or f.spans[0] != (0, 0) or tf is None or not names:
            return False
        return names[0].endswith(REPR_MARK) and not repr_start(tf.message.lstrip())

    def _entries_of(self, c: Cand) -> list[int]:
        """The entries of a very common pattern that can rank: all that frames support, and the
        first ``limit`` (in the repo asked for) of each exception type/kind, since entries of one
        group score alike apart from frame evidence. A group cut short sets ``_cut``: answers
        alike the ones scored were left out (``more``)."""
        idx = self.idx
        groups = idx.groups.get(c.pid)
        if groups is None:
            eis = idx.patterns[c.pid].entries
        else:
            out = list(self.ev.frames.big.get(c.pid, []))
            for grouped in groups:
                # the first ``limit`` of each group, without walking a group of thousands when
                # no codebase is asked for
                group: Sequence[int] = grouped
                if self.repo:
                    group = [ei for ei in grouped if idx.entries[ei][E_REPO] == self.repo]
                out.extend(group[: self.limit])
                self._cut = self._cut or len(group) > self.limit
            eis = sorted(set(out))
        if self.repo:
            eis = [ei for ei in eis if idx.entries[ei][E_REPO] == self.repo]
        return eis

    def _score_part(self, c: Cand, part: list[int], ties: _Ties) -> tuple[list[_Scored], bool]:
        """The entries of ``part`` (of candidate ``c``) that ``_score`` keys, in ``part``'s order,
        and whether an entry alike ``2 * k`` kept ones was passed over (``_Ties``; ``rank``'s
        ``skipped``). Copies of one raise are one kind (``_alike``) by hundreds: a value pasted
        alone (``AssertionError: 1411``) ranks dozens of all-placeholder patterns of 128-256
        entries each, the real raise and its copies, of which ``_Ties`` scores about ``2 * k``
        and passes over the rest. So the entries are taken kind by kind: once a kind is
        settled, its later entries are passed over together (each one that ``settled`` would
        pass), not each at an ``_alike`` and a ``settled`` call, and with no frame evidence the
        kinds are read from the columns (``_kinds``).

        The same entries are scored, with the same keys: a kind's ``_Ties`` state reads only the
        entries of that kind, taken here in ``part``'s order as ``rank`` took them, and
        ``_score`` reads no state that an entry of another kind sets (its memos are per pattern
        or per site, the same whichever entry fills them). What is scored is returned in
        ``part``'s order, which ``rank`` adds to the list and to ``_TopK`` as it did."""
        out: list[_Scored | None] = [None] * len(part)
        by_kind: dict[tuple[float, int, bool, int], list[int]] = {}
        for pos, alike in enumerate(self._kinds(part, c)):
            if alike is None:  # a raise of the pasted library class: always scored
                out[pos] = self._score(part[pos], c)
            else:
                by_kind.setdefault(alike, []).append(pos)
        passed = False
        for alike, todo in by_kind.items():
            i = 0
            while i < len(todo):
                pos = todo[i]
                ei = part[pos]
                i += 1
                if ties.settled(alike, ei):
                    if alike in ties.dead:
                        break  # ``_score`` drops the kind: every later entry of it settles too
                    passed = True
                    # ``2 * k`` of the kind kept: a later entry settles unless its id is at most
                    # the highest kept one's, which only an entry above it could raise
                    last = ties.kept[alike][2][0]
                    todo, i = [p for p in todo[i:] if part[p] <= last], 0
                    continue
                s = self._score(ei, c, alike[0])
                if s is None:
                    ties.dead.add(alike)
                    continue
                out[pos] = s
                ties.note(alike, ei, s.error, s.where)
        return [s for s in out if s is not None], passed

    def _kinds(self, eis: list[int], c: Cand) -> list[tuple[float, int, bool, int] | None]:
        """``_alike`` of each entry of ``eis``: an entry's kind is its frame evidence, its columns
        (site, flags) and whether its codebase is pointed to, the columns read here for all of
        them in C passes, each snapshot's codebase once, instead of a call per entry. With no
        frame evidence (a message pasted alone: ``FrameEvidence.weight_of`` is 0.0 for every
        entry) the evidence is not asked; under a traceback it is, entry by entry (most of a
        tie's entries are kinds already settled: a p50 query at 10M templates reads ~120 kinds
        to score ~30 entries, docs/measurements/scale20.md)."""
        fr, typed = self.ev.frames, self.ev.typed
        if len(eis) < 2:
            return [self._alike(ei, c) for ei in eis]
        framed = bool(fr.entries or fr.info.deepest_path is not None or fr.repos)
        idx, pointed = self.idx, self.ev.pointed
        # the columns ``Index.entry_columns`` reads (snapshot, site, flags); one ``itemgetter``
        # call reads many entries (as ``Index.entry_pats`` does)
        snapcol, sitecol, flagcol = idx._ecols[2], idx._ecols[3], idx._ecols[7]
        get = itemgetter(*eis)
        sites, flags = get(sitecol), get(flagcol)
        if pointed:
            snaps = get(snapcol)
            of_snap = {snap: idx.snap_repo(snap) in pointed for snap in set(snaps)}
            marks: Iterable[bool] = map(of_snap.__getitem__, snaps)
        else:
            for snap in set(get(snapcol)):
                idx.snap_repo(snap)  # (checked as ``entry_columns`` checks it)
            marks = repeat(False)
        if framed:
            weight, pid = fr.weight_of, c.pid
            # (a raise of the pasted class is no kind: its evidence is not read, as ``_alike``)
            fws: Iterable[float] = [-1.0 if ei in typed else weight(idx, ei, pid) for ei in eis]
        else:
            fws = repeat(0.0)
        kinds: list[tuple[float, int, bool, int] | None] = list(zip(fws, sites, marks, flags, strict=False))
        if typed:
            for pos, ei in enumerate(eis):
                if ei in typed:
                    kinds[pos] = None
        return kinds

    def _alike(self, ei: int, c: Cand) -> tuple[float, int, bool, int] | None:
        """What ``_score`` reads of an entry of candidate ``c`` beyond the candidate itself: its
        frame evidence, its raise site (type, path, function), whether its codebase is one the
        paste points to, and its flags (relay, called). Entries of one pattern alike in these
        score alike (``_Ties``). None for a raise of the pasted library class, which ``_typed``
        weighs by its own function and codebase."""
        if ei in self.ev.typed:
            return None
        idx = self.idx
        repo, site, flags = idx.entry_columns(ei)
        return self.ev.frames.weight_of(idx, ei, c.pid), site, repo in self.ev.pointed, flags

    def _score(self, ei: int, c: Cand, fw: float | None = None) -> _Scored | None:
        """The entry's key, from its columns alone (most scored entries are never shown: their
        template and the reasons are read and worded for the matches returned, ``_reasons``).
        ``fw`` is the entry's frame evidence when the caller read it already (``_alike``)."""
        idx, ev = self.idx, self.ev
        if fw is None:
            fw = ev.frames.weight_of(idx, ei, c.pid)
        text, typed_why = c.text, None
        typed = ei in ev.typed
        if self._empty and c.confident and not typed and fw < ON_RAISE:
            return None  # another class's raise with no message: nothing points to it
        if typed:
            text, fw, typed_why = self._typed(ei, c, text, fw)
            if fw < CALLER_FRAME and self._unframed_placeholder(ei, c):
                return None
        floor = TYPED_MIN if typed else APPROX_MIN
        if not c.confident and fw < CALLER_FRAME and text < floor:
            return None
        if not c.confident and text < TYPED_MIN and fw < DEEPEST_FRAME:
            return None
        repo, site = idx.entry_facts(ei)
        tw = self._printed_relation(ei, site)[0]
        text = self._class_text(c, ei, text, tw, typed)
        if self._empty and c.confident and not self._bare_fits(tw, fw):
            text = min(text, TYPED_TEXT)  # printed as another class, or raised elsewhere
        # a traceback of the caller's frames alone, its last frame a call of this site's
        # function by name (IPython's ``--> 886 plt.colorbar(``, the library's own frames left
        # out of the paste), points to it: the error came out of that call
        pointed = (
            (not ev.pointed and not ev.elsewhere)
            or repo in ev.pointed
            or (ev.elsewhere and not ev.printed_call and self._called_by_last_frame(site.function))
        )
        confident = (
            pointed
            and not self._ran_original(site)
            and not self._foreign_namesake(ei)
            and not self._log_for_class(site)
            and not self._known_class_elsewhere(c, site.function)
            and (self._exact(c, fw, tw, []) or (typed and not ev.foreign and self._typed_fits(ei, c, tw, fw)))
        )
        score = (1.0 if confident else 0.0) + text + tw + fw
        if idx.entry_relay(ei):
            score -= RELAY
        score += PUBLIC / (1 + site.privacy)
        # a class pasted alone ties every raise of it, whatever they print: no one text is shared
        # for the prior to order its sites by, and the sites the library calls most are then the
        # helpers printing a message of their own, not the one that printed the class bare
        # (applied there, these priors lose more cases of the regression sets than they win:
        # docs/measurements/acc54.md)
        if not self._empty and idx.entry_called(ei):
            score += CALLED
        if not self._empty:
            score += CALLERS_STEP * idx.entry_callers(ei)
            if self._function_named(c.pid, site):
                score += FUNCTION_NAMED
        printed, unprintable, unshaped = self._printing(c)
        score += self._class_named(c, site.function) - printed - unprintable
        score -= unshaped
        if self._repr_owner(ei):
            score += REPR_OBJECT
        elif self._repr_package(ei):
            score += REPR_PACKAGE
        score += self._home_prior(repo)
        score += self._naming_priors(c, site.function, site.posix_path)
        if self._tf is not None and ei in self._tf.near:
            score += NEAR_COLLECTOR
        score -= self._taken_off(site)
        here = (
            self._raised_here(fw, tw, text)
            or (confident and fw >= FILE_FRAME and tw >= TYPE_AGREES)
            or self._in_frame_file(fw, tw, text, site.posix_path == ev.frames.info.deepest_path)
        )
        # a frame landing on a log call's line is another release's raise there (a log call
        # raises nothing): no landing on the raise for a paste naming an exception class
        key = (pointed, self._landed(fw, site, c), here, confident, score)
        return _Scored(key, ei, c, fw, typed_why, repo, site, idx.entry_id(ei), idx.entry_where(ei))

    def _reasons(self, s: _Scored) -> list[str]:
        """What ``_score`` weighed for one entry, in words."""
        idx, c = self.idx, s.cand
        repo, site = s.repo, s.site
        tw, twhy = self._printed_relation(s.ei, site)
        reasons = [str(r) for r in c.reasons]
        confident = (
            self._exact(c, s.fw, tw, reasons)
            and not self._ran_original(site)
            and not self._foreign_namesake(s.ei)
            and not self._log_for_class(site)
        )
        by_class = s.ei in self.ev.typed and not self.ev.foreign and not self._ran_original(site)
        if not confident and by_class and self._typed_whole(c, tw):
            confident = True
            reasons.append("the whole message is this template, raised as the pasted class")
        elif not confident and by_class and self._typed_value(s.ei, c, tw, s.fw):
            confident = True
            reasons.append(
                "the message is a value this statement passes, the only raise of the pasted class that fits it"
            )
        reasons += self._cut_reason(c, tw, by_class)
        if (
            confident
            and (self.ev.pointed or self.ev.elsewhere)
            and repo not in self.ev.pointed
            and not self._called_by_last_frame(site.function)
        ):
            reasons.append("nothing in the paste points to this codebase")
        reasons += self._copy_reason(site, repo) + self._foreign_reason(s.ei) + self._emitted_reason(s.ei)
        reasons += self._spaced_reason(s.ei) + self._printed_class_reason(s.ei) + self._relayed_reason(s.ei)
        fwhy = s.typed_why or self.ev.frames.weight(idx, s.ei, c.pid)[1]
        reasons += [r for r in (twhy, fwhy) if r]
        if idx.entry_relay(s.ei):
            reasons.append("a helper raising the message its caller supplies")
        if self._other_class_value(c, tw):
            reasons.append("placeholders alone, raised as another class: the fit says nothing of the text")
        named = self._class_named(c, site.function)
        if named == -CLASS_OBJECT:
            reasons.append(
                "the template prints a class object (<class '...'>) where the message has a bare name"
            )
        elif named:
            whose = {CLASS_NAMED: "this site's class", CLASS_BELOW: "a subclass of this site's class"}.get(
                named, "another class than this site's"
            )
            reasons.append(f"the class name in the message is {whose} ({_owner_class(site.function)})")
        reasons += self._printing_reasons(c)
        reasons += self._class_reasons(site, repo)
        if shown := self._repr_reason(s.ei, site.function):
            reasons.append(shown)
        if self._value_names_site(c, site.function):
            reasons.append(f"a value in the message names what this site handles ({site.function})")
        if self._platform_named(site.posix_path):
            shown = "POSIX" if self._platform == "posix" else "Windows"
            reasons.append(f"the paste's paths are {shown} ones, and this module is that platform's backend")
        if self._called_by_last_frame(site.function):
            reasons.append(
                f"the warning's printed source line calls {fn_last(site.function)}"
                if self.ev.printed_call
                else f"the traceback's last frame calls {fn_last(site.function)}, with no library frame below it"
            )
        if not self._empty and self._function_named(c.pid, site):
            reasons.append(f"a word of the message is this site's function's name ({fn_last(site.function)})")
        if self._not_a_read(site.function):
            reasons.append(
                "the interpreter suggested a name after the message, which only an attribute read "
                f"prints, and this raise is in {fn_last(site.function)}"
            )
        if not site.importable:
            reasons.append("its file's name is no module name: a copy or a script that import cannot reach")
        return reasons

    def _function_named(self, pid: int, site: SiteFacts) -> bool:
        """Whether a word of the message is the site's function's own name (``unit`` in ``No
        unit named 'furlong'``) while another function of its file raises the same template
        (``set_unit``): of a module's functions raising one text, the accessor named after what
        the message speaks of. A function of another module named like a word of it (a report
        writer's ``report``) is no such sibling. A name saying only what a function does
        (``parse``, ``validate``: ``_GENERIC_NAME_WORDS``), a dunder or a private name names
        nothing a message speaks of."""
        name = site.function.rpartition(".")[2]
        tf = self._tf
        # the substring first: most sites' names are nowhere in the message, and this is per entry
        if len(name) < 3 or tf is None or name not in tf.message or name.startswith("_"):
            return False
        if self._words is None:
            self._words = frozenset(_IDENTIFIER.findall(tf.message))
        return (
            name in self._words
            and name.lower() not in _GENERIC_NAME_WORDS
            and len(self._functions_of(pid).get(site.posix_path, ())) > 1
        )

    def _functions_of(self, pid: int) -> dict[str, set[str]]:
        """The pattern's raising functions by file (POSIX path), over its entries' distinct
        sites; a pattern of more than ``MAX_SIBLING_LOOK`` entries (a message raised all over) is
        read as none."""
        got = self._siblings.get(pid)
        if got is None:
            got = self._siblings[pid] = {}
            idx = self.idx
            entries = idx.patterns[pid].entries
            if len(entries) <= MAX_SIBLING_LOOK:
                for at in idx.site_summary(entries)[0]:
                    f = idx.site_facts(at)
                    got.setdefault(f.posix_path, set()).add(f.function)
        return got

    def _optional_module(self, path: str) -> bool:
        """Whether the file at ``path`` raises ImportError (or ModuleNotFoundError) at its top
        level: a module guarding an optional dependency (``OPTIONAL_MODULE``). Its first
        ``MAX_MODULE_RAISES`` module-level entries are read, once per file and query."""
        got = self._optional.get(path)
        if got is None:
            idx = self.idx
            entries = idx.sites.get((path, "<module>"))
            got = self._optional[path] = any(
                fn_last(idx.entry_facts(ei)[1].type) in _IMPORT_ERRORS for ei in entries[:MAX_MODULE_RAISES]
            )
        return got

    def _taken_off(self, site: SiteFacts) -> float:
        """What a site loses whatever its text fits: a raise in ``__setattr__``/``__delattr__``
        when the paste shows the interpreter's ``Did you mean`` (``NOT_A_READ``), and a raise in
        a file no import reaches by its name (``UNIMPORTABLE``), and a hair for a raise in a module
        guarding an optional dependency (``OPTIONAL_MODULE``)."""
        off = NOT_A_READ if self._not_a_read(site.function) else 0.0
        if self._optional_module(site.path):
            off += OPTIONAL_MODULE
        return off if site.importable else off + UNIMPORTABLE

    def _not_a_read(self, function: str) -> bool:
        """Whether the site is in ``__setattr__`` or ``__delattr__`` while the paste shows the
        interpreter's suggestion after the message (``Evidence.read``): the interpreter gives an
        AttributeError the name it suggests from only when an attribute *read* fails, so an
        assignment's or a deletion's raise did not print this one."""
        return self.ev.read and fn_last(function) in ("__setattr__", "__delattr__")

    def _typed(self, ei: int, c: Cand, text: float, fw: float) -> tuple[float, float, str | None]:
        """A raise of the pasted class: with its text unknown (``raise E(message)``) or no message
        pasted, the class is all there is to go by and nothing contradicts it; in the function of
        the traceback's last frame (whose file the catalogue does not have: it moved), it is
        where the class was raised (the reason returned says so)."""
        sole, again = self._made_once()
        if (
            self._empty
            or self.idx.patterns[c.pid].lit_len < MIN_LITERAL
            or self._typed_pointed(ei)
            or ei in sole
            or (self.ev.named and self.idx.entries[ei][E_REPO] in self.ev.pointed)
        ):
            text = max(text, TYPED_TEXT)
        if ei in again:
            text = min(text, TYPED_MIN)
        frames = self.ev.frames.info.frames
        last = frames[-1][2] if frames else None
        # a trail given to the pasted exception by a raise above it (``raise
        # exc.with_traceback(tb)``, ``FrameInfo.trail``) ends in the frame that raised the caught
        # one: a raise of the pasted class in that function's name says nothing of this one
        trail = self.ev.frames.info.trail
        if fw < DEEPEST_FRAME and last and not trail and fn_last(self.idx.entry_func(ei)) == last:
            if self.ev.frames.info.stdlib_made and self._stdlib_pasted():
                # the standard library's own raise of its own class (``importlib.metadata``'s
                # ``from_name``): a library's namesake (the ``importlib_metadata`` backport's) is
                # a copy of that code, not the function the traceback ran
                return text, fw, None
            if self._namesake_elsewhere(ei):
                why = f"the pasted class is raised here, in a namesake of {last}, the traceback's last frame"
                return text, max(fw, CALLER_FRAME), why + " (which lies in another file)"
            return (
                text,
                DEEPEST_FRAME,
                f"the pasted class is raised here, in {last}, the traceback's last frame",
            )
        return text, fw, None

    def _made_once(self) -> tuple[set[int], set[int]]:
        """With no frame, the raises of the pasted class in a codebase that build it at one
        function only, every other raise there re-raising an object held in a variable (``raise
        err`` of a caught error, the template that name alone): that function is where any such
        error was made, whatever the text its class renders now (another release's ``__str__``
        printed a dict, this one ``APIError: [400]: ...``), and the re-raises, whose template
        fits any text, come after it. Returns (the makers' entries, the re-raises')."""
        if self._made is not None:
            return self._made
        self._made = set(), set()
        if self.ev.frames.info.frames or not self.ev.typed:
            return self._made
        idx = self.idx
        keys = {type_key(t) for t in self.ev.types}
        by_class: dict[tuple[str, str], tuple[list[int], list[int]]] = {}
        for ei in self.ev.typed:
            repo, site = idx.entry_facts(ei)
            key = type_key(site.type)
            if key in keys:
                made, again = by_class.setdefault((repo, key), ([], []))
                (again if self._reraise(ei) else made).append(ei)
        for made, again in by_class.values():
            if again and made and len({(idx.entry_path(e), idx.entry_func(e)) for e in made}) == 1:
                self._made[0].update(made)
                self._made[1].update(again)
        return self._made

    def _stdlib_pasted(self) -> bool:
        """Whether every class the paste names is a standard-library module's (``struct.error``,
        ``socket.gaierror``) whose package the catalogue does not hold: the standard library
        raises it wherever it is called, so a library's re-raise of a caught one passes on a text
        any call into that module makes, and is not the one statement that printed it."""
        types = self.ev.types
        return bool(types) and all(
            "." in t and stdlib_module(t) and not self.idx.package_holders(t.partition(".")[0]) for t in types
        )

    def _runtime_text(self) -> bool:
        """Whether the message is an interpreter's or extension's own (the catalogue's runtime
        messages fit it whole: ``TextFit.runtime_best``, sqlite3's ``UNIQUE constraint failed:
        ...``): compiled code made it wherever it was called, so a library's re-raise of a
        caught error (peewee's ``except IntegrityError as exc: ... raise exc`` in
        ``get_or_create``) passes on a text any call into that code makes, and is not the one
        statement that printed it."""
        return self._tf is not None and self._tf.runtime_best is not None

    def _reraise(self, ei: int) -> bool:
        """Whether entry ``ei`` is ``raise NAME`` of an object its template is that name of."""
        pat = self.idx.patterns[self.idx.entry_pat[ei]]
        if pat.lit_len or len(pat.names) != 1 or not pat.names[0].isidentifier():
            return False
        return ei in self.idx.statement_entries(f"raise {pat.names[0]}", MAX_STATEMENT)

    def _namesake_elsewhere(self, ei: int) -> bool:
        """The traceback's last frame lies in a file the catalogue holds, and not the entry's: the
        entry's function only shares the frame's name (``Comment.id_from_url`` for a frame in
        ``submission.py``'s ``id_from_url``). The class still makes it a candidate, with a
        caller's weight, so that the function of the file the frame names, where the frame's
        own evidence already lies, ranks first."""
        info = self.ev.frames.info
        last_lib = info.lib[-1] if info.lib else None
        if last_lib is None or last_lib[0] != len(info.frames) - 1:
            # the file the frame names is not in the catalogue: it moved, and where to is told
            # by the folder, when a namesake raising the class lies in the frame's own folder
            near = self._moved_near()
            if near:
                return not in_folder(self.idx.entry_path(ei), near)
            return not may_have_moved(self.idx.entry_path(ei), info.frames[-1][0])
        return self.idx.entry_path(ei) != last_lib[1]

    def _own_compiled(self) -> bool:
        """The traceback enters the library in its own Cython module and ends there, with no
        Python frame of the library (dask's ``msgpack.loads(...)`` into ``msgpack/_unpacker.pyx``'s
        ``unpackb``), and the catalogue holds that module's pure-Python twin: a function of the
        frame's name raising the pasted class in the frame's folder (``_moved_near``: msgpack's
        ``fallback.unpackb``). The frame is then no code outside the library, only the twin's
        compiled build. With a Python frame of the library above it, the call there is the
        library's site (``Matcher._call_answer``) and the frame stays outside."""
        info = self.ev.frames.info
        outside = (self.ev.outside or "").replace("\\", "/")
        return not info.lib and outside.endswith(CYTHON_FILES) and bool(self._moved_near())

    def _moved_near(self) -> str:
        """The folder of the traceback's last frame, when its file is not in the catalogue and a
        function of the frame's name raising the pasted class lies in that folder (or the
        package folder it ends with); "" otherwise. A compiled module's frame (Cython's
        ``zmq/backend/cython/checkrc.pxd``, ``_check_rc``) whose code a later release merged into
        another file of the same package (``zmq/backend/cython/_zmq.py``) names that file's
        function, not the namesake another package of the codebase keeps for its pure-Python
        backend (``zmq/error.py``): the frame's folder says which. Read once per query, over at
        most ``NEAR_LOOK`` raises of each pasted class."""
        if self._near is None:
            self._near = ""
            frames = self.ev.frames.info.frames
            path, _line, fn = frames[-1] if frames else ("", None, None)
            folder = path.replace("\\", "/").rpartition("/")[0]
            if folder and fn and not fn.startswith("<"):
                idx = self.idx
                for t in self.ev.types:
                    for e in idx.type_entries(t, NEAR_LOOK):
                        if fn_last(idx.entry_func(e)) == fn and in_folder(idx.entry_path(e), folder):
                            self._near = folder
                            return folder
        return self._near

    def _unframed_placeholder(self, ei: int, c: Cand) -> bool:
        """A template that is one placeholder and nothing else (``raise ve`` of a caught error,
        ``raise E(msg)`` of a text made elsewhere), under a traceback through its codebase whose
        deepest frame lies in a file the catalogue holds and has no frame in its function: the
        template fits any text, so only the class speaks for it, and a raise there would have
        put its function in the traceback. pydantic's report of a validation that failed in
        pydantic-core's compiled code is no re-raise of a caught ``ValidationError`` in a
        validator the traceback never entered. A deepest frame in a file the catalogue lacks
        (another release's layout) may be that function under another name: it stays, and so
        does a raise whose statement the deepest frame prints from a file that no longer holds
        it (the raise moved there from the frame's function)."""
        if self._empty or self.idx.patterns[c.pid].lit_len != 0 or not self._typed_pointed(ei):
            return False
        if ei in self.ev.frames.moved:
            return False
        info = self.ev.frames.info
        return bool(info.lib) and info.lib[-1][0] == len(info.frames) - 1

    def _log_for_class(self, site: SiteFacts) -> bool:
        """Whether ``site`` is a log call and the paste names an exception class and no log level
        (``ValueError: posx and posy should be finite values`` under a frame printing ``raise
        ValueError(...)``): Python printed an exception, and a log call raises none, so its
        words alike (a later release logging what an older one raised) are never the exact
        answer. A bare ``Error:`` label is a program's prefix, not a class."""
        if site.kind != "log":
            return False
        types = self.ev.types
        return any(t.strip() not in LABELS for t in types) and not any(t.startswith("log.") for t in types)

    def _landed(self, fw: float, site: SiteFacts, c: Cand | None = None) -> bool:
        """Whether the deepest frame lands on the site's statement (``ON_RAISE``), read as a
        raise: a frame on a log call's line under a paste naming an exception class is another
        release's raise that stood there (a log call raises nothing). Nor when the frame's
        printed line is a statement several raise statements of its function open with (``raise
        PydanticUserError(``, its text on the lines after) and this raise's own text is missing
        from the message (``_raise_text_ok``): the line names none of them, and the message says
        which, or that the raise moved out of the function since the pasted release."""
        if fw < ON_RAISE or self._log_for_class(site):
            return False
        if c is None or self._empty or self._raise_text_ok(c):
            return True
        # the variants of one raise's message are entries of their own at its statement: only
        # several statements make the printed line ambiguous
        return len({self.idx.entry_where(ei) for ei in self.ev.frames.on_raise}) < 2

    def _home_prior(self, repo: str) -> float:
        """``CLASS_HOME`` for a site in the codebase holding the package a pasted class is
        dotted with (``Evidence.home``), else nothing."""
        return CLASS_HOME if repo in self.ev.home else 0.0

    def _class_reasons(self, site: SiteFacts, repo: str) -> list[str]:
        """What ``_log_for_class`` and ``_home_prior`` weighed, in words."""
        out: list[str] = []
        if self._log_for_class(site):
            out.append(
                "a log call, where the paste names an exception class: it records the words, raises nothing"
            )
        if repo in self.ev.home and not self.ev.home.issuperset(self.ev.pointed):
            out.append(f"the pasted class is dotted with this codebase's package ({repo})")
        return out

    def _typed_pointed(self, ei: int) -> bool:
        """A traceback that the paste points to the site's codebase with (its frames, or the
        class's dotted package) ends in the library class raised here: the class is evidence
        even when the text is another release's wording (the raise moved to another file, the
        message gained a suffix), so the site stays a candidate, ranked by the class and frames
        (approximate: the text decides nothing). A message alone keeps the text's say: there,
        scoring every raise of its class was work (a class raised at hundreds of sites) for
        what the frames would have to tell apart anyway."""
        return bool(self.ev.frames.info.frames) and self.idx.entries[ei][E_REPO] in self.ev.pointed

    def _ran_original(self, site: SiteFacts) -> bool:
        """Whether ``site`` is a vendored copy of the module the traceback's last frame ran as
        an installed package of its own (``frames.vendored_root``): the words may be the copy's,
        the raise was the original's, so the copy is never the exact answer."""
        ran = self.ev.frames.ran_module
        return ran is not None and vendored_copy(site.posix_path, ran)

    def _foreign_namesake(self, ei: int) -> bool:
        """Whether the message names its class with a module of a package the catalogue does
        not hold (``Evidence.foreign``) while this raise's class is one an indexed package
        defines: Python prints a class with the module that defines it, so the pasted exception
        is not this raise's however alike the words (PyYAML's ``yaml.scanner.ScannerError`` over
        the same message in a library that copied PyYAML's scanner, a driver fork's raise under
        the original driver's class). The raise stays an answer, approximate, unless a
        package's older name or home prints it (``_same_package_renamed``). A library raising
        another package's class it imports (``raise pydantic_core.ValidationError``) is
        untouched: that class is not the catalogue's; so is a class no indexed Python source
        defines (an extension module's, printed with its own short module name)."""
        if not self.ev.foreign:
            return False
        qual = self.idx.entry_qualname(ei)
        head, dot, _rest = qual.partition(".")
        if not dot or not self.idx.package_holders(head) or type_key(qual) not in self.idx.type_bases():
            return False  # not a class an indexed package defines in Python (a compiled module's may print short)
        return not any(_same_package_renamed(t, qual) for t in self.ev.types)

    def _foreign_reason(self, ei: int) -> list[str]:
        """Why another package's class printed with the raise's words leaves it approximate, in
        words (``_foreign_namesake``); nothing for any other raise."""
        if not self._foreign_namesake(ei):
            return []
        return [
            f"the paste prints its class from a package the catalogue does not hold ({', '.join(self.ev.types)});"
            f" this raise's class is {self.idx.entry_qualname(ei)}"
        ]

    def _copy_reason(self, site: SiteFacts, repo: str) -> list[str]:
        """Why a vendored copy of the module the traceback ran is not the exact answer, in words
        (``_ran_original``); nothing for any other site."""
        if not self._ran_original(site):
            return []
        ran = self.ev.frames.ran_module or ""
        return [
            f"a vendored copy of {ran.partition('/')[0].removesuffix('.py')} in {repo}: the traceback ran"
            f" {ran} itself, installed as its own package, which the catalogue does not hold"
        ]

    def _exact(self, c: Cand, fw: float, tw: float, reasons: list[str]) -> bool:
        """Whether the entry may be exact, beyond what its text fit says (see the module doc)."""
        if fw >= ON_RAISE and tw > TYPE_DISAGREES:
            # frames first: the text only questions it when the template's own text is missing
            if c.confident or self._raise_text_ok(c):
                return True
            reasons.append("the message does not read like this raise's text")
            return False
        if not c.confident:
            return False
        # the standard library making the error itself: a library's raise of the same words is
        # a copy, however much of the text it explains
        made = self.ev.frames.info.stdlib_made
        if (
            self.ev.outside
            and fw < CALLER_FRAME
            and (c.coverage < OUTSIDE_MIN_COVERAGE or made)
            and not self._own_compiled()
        ):
            reasons.append(f"traceback ends outside the library ({self.ev.outside})")
            return False
        if self._empty:
            return self._bare_fits(tw, fw)
        # Python prints the class raised: text shared with another class's raise is a message
        # passed on (wrapped, re-raised), and that raise is not this one (the relation's
        # reason says so)
        return tw > TYPE_DISAGREES

    def _whole_text(self, c: Cand) -> bool:
        """The message is the template from end to end (every literal, nothing before or after)
        and its literal text explains most of it, though too little of it for the text alone to
        be exact (``Empty domain``, ``'user' is undefined``); not a fit the repr check turned
        down (plain text where the template prints a repr)."""
        f = c.fit
        return (
            f is not None
            and f.full
            and f.anchored_start
            and f.anchored_end
            and c.repr_ok
            and c.coverage >= MIN_COVERAGE
            and self.idx.patterns[c.pid].lit_len >= TYPED_MIN_LITERAL
        )

    def _typed_whole(self, c: Cand, tw: float) -> bool:
        """For a raise of the library class the paste names (the caller checks it is one): a
        short whole-message fit, the class and the text together being what that raise prints
        (a built-in class is raised by every library, so it is no such evidence; nor is a
        traceback ending outside the library)."""
        return tw >= TYPE_AGREES and not self.ev.outside and not self._empty and self._whole_text(c)

    def _typed_fits(self, ei: int, c: Cand, tw: float, fw: float) -> bool:
        """``_typed_whole``, or ``_typed_value``: a raise of the pasted class that may be exact."""
        return self._typed_whole(c, tw) or self._typed_value(ei, c, tw, fw)

    def _class_text(self, c: Cand, ei: int, text: float, tw: float, typed: bool) -> float:
        """The text score as the site's class bears on it: a template of placeholders alone
        raised as another class says nothing of the text (``_other_class_value``); a whole fit
        of a few literals raised as the very class pasted is worth what a full fit is
        (``_whole_fit``)."""
        if self._other_class_value(c, tw):
            text = min(text, TYPED_TEXT)
        if typed and tw >= TYPE_AGREES and self._whole_fit(c, ei):
            text = max(text, FULL_FIT_BASE + FULL_FIT_BASE * c.coverage)
        if typed and tw >= TYPE_AGREES:
            text = max(text, self._cut_text(c))
        return text

    def _cut_reason(self, c: Cand, tw: float, by_class: bool) -> list[str]:
        """``_cut_text``'s reason, when it raised the entry's text score."""
        if by_class and tw >= TYPE_AGREES and self._cut_text(c) > c.text:
            return ["the message is this template's beginning, cut short, raised as the pasted class"]
        return []

    def _cut_text(self, c: Cand) -> float:
        """The text score of a message cut short inside a long template (``judge_fit``'s
        ``f.full`` false: a paste stopped before the template's last paragraph), for a raise of
        the class pasted: when its literals place ``SHAPED_MIN_LITERAL`` characters from the
        message's start, the fit says more of the text than a template of placeholders alone
        (``{path}``, ``FULL_FIT_BASE`` for any message) raised as that class, so it scores just
        above one, though below a full fit explaining as much (``FULL_FIT_BASE`` and half the
        share). ``judge_fit`` scores it on the share of the message its literals explain, which
        a long value in an opening placeholder (a caught error's text) makes small. 0.0 for
        any other fit.

        Cut short means the message ends there: inside the first literal not placed, or in the
        one placeholder before it holding a value of one line. A message going on over more
        lines after the literals placed (a multi-line template whose opening sentence another
        raise of the class shares, then its own text) is another template's, not this one cut."""
        f, tf = c.fit, self._tf
        if tf is None or f is None or f.full or not f.anchored_start or f.covered < SHAPED_MIN_LITERAL:
            return 0.0
        if not f.partial:
            pos = f.spans[-1][1] if f.spans else 0
            cmap = tf.cmap
            if pos < len(cmap) and "\n" in tf.message[cmap[pos] :].strip():
                return 0.0
        return FULL_FIT_BASE + CUT_SHARE * c.coverage

    def _whole_fit(self, c: Cand, ei: int) -> bool:
        """Every literal of a template with some (``{namespace}.{name}``) found in order, the
        message fitted from its first character to its last: the fit is narrower than that of
        a template of placeholders alone, which ``judge_fit`` scores at ``FULL_FIT_BASE`` for any
        message, so for a raise of the pasted class it is worth at least as much; the discount
        ``judge_fit`` gives a few literal characters among much other text is for a fit found
        inside a longer message, whose placeholders take up what the literal does not explain.
        The caller asks it of a raise of the very class pasted: a base or a subclass of it
        raised elsewhere with a short template (``{host}: {error}``) is not what printed it.

        Only for literals that are joints between values (punctuation and spaces: ``.``, ``: ``)
        and a message of one line: a literal word or number (``404 {data}``) is content another
        rendering may hold by chance, and a value running over a line break is a repr or a
        second text the split happened to fall in (``{key}: {value}`` across a dict's lines).
        The entry's own template of one line too: one of several lines (``{status}
        {reason}\n{error}``, its pattern compacted like any) fits a one-line paste only by running
        the lines together, which is no whole fit as printed."""
        f = c.fit
        pattern = self.idx.patterns[c.pid]
        whole = f is not None and f.full and f.anchored_start and f.anchored_end
        # (a candidate scored otherwise, on a message its placeholder wraps, keeps that score)
        if not (whole and 0 < pattern.lit_len < MIN_LITERAL and c.text < FULL_FIT_BASE):
            return False
        joints = not any(ch.isalnum() for lit in pattern.lits for ch in lit)
        one_line = "\n" not in self.idx.entries[ei][E_TEMPLATE].strip()
        return joints and one_line and self._tf is not None and "\n" not in self._tf.message.strip()

    def _value_only(self, c: Cand) -> bool:
        """The template is placeholders alone (``raise UnknownTimeZoneError(zone)``): the message
        is a value the caller supplied, and any message fits it."""
        return c.fit is not None and c.fit.full and self.idx.patterns[c.pid].lit_len == 0

    def _other_class_value(self, c: Cand, tw: float) -> bool:
        """A template of placeholders alone (``raise TweepyException(e)``) raised as another
        class than the one pasted, a base or a subclass of it: any message fits it, so its fit
        is no evidence of the text, and the class printed says this statement did not print it
        as written (it is a candidate only as a factory's raise of the pasted class). Its text
        counts as a raise's whose text is unknown (``TYPED_TEXT``), below a template of the
        pasted class that explains part of the message; the exact class's own such raises keep
        the full fit (the class printed is theirs)."""
        return bool(self.ev.types) and tw < TYPE_AGREES and self._value_only(c)

    def _typed_value(self, ei: int, c: Cand, tw: float, fw: float) -> bool:
        """For a raise of the library class the paste names (the caller checks it is one): a
        template of placeholders alone is exact when no other statement of its release raising
        the class has a template that could print the message. The text tells nothing, but
        Python printed the class, and only this statement can have printed it (several such
        statements stay approximate: the paste cannot tell them apart; so does a word of the
        text only read as a class, ``Connection Failure: ...``). A traceback whose last library
        frame lies in another file, or ends outside the library, says it came from elsewhere;
        a re-raise of an object another function of the class built (``_made_once``) passes no
        value of its own."""
        if tw < TYPE_AGREES or self.ev.outside or self.ev.guessed or self._empty or not self._value_only(c):
            return False
        if ei in self._made_once()[1]:
            return False
        if self._reraise(ei) and (self._stdlib_pasted() or self._caught_maker(ei) or self._runtime_text()):
            return False
        if self.ev.frames.info.deepest_path and fw < FILE_FRAME:
            return False
        # a class's name, not a word that only shares it (``pytest: error: ...`` is no ``socket.error``)
        return is_type_name(self.idx.entry_facts(ei)[1].type) and self._sole_fit(ei)

    def _caught_maker(self, ei: int) -> bool:
        """Whether re-raise ``ei`` (``except CanError as error: raise error``: ``_reraise``)
        passes on a message another raise of its codebase made: a template with literal text of
        its own places all of it from the message's start, and the ``except`` around the
        re-raise names a class that catches that raise's class. The re-raise adds no text, so
        the message was made there (the class a paste names is often the base the handler
        names, an older release's class): the re-raise is no sole raise of the pasted class
        that printed it. Bounded: the candidates already fitted, a few entries of each."""
        idx, tf = self.idx, self._tf
        if tf is None:
            return False
        pid, repo = idx.entry_pat[ei], idx.entries[ei][E_REPO]
        for c in tf.cands.values():
            f = c.fit
            if c.pid == pid or f is None or not (f.full and f.anchored_start) or idx.runtime[c.pid]:
                continue
            if idx.patterns[c.pid].lit_len < MIN_LITERAL:
                continue
            for x in idx.patterns[c.pid].first(MAX_MAKERS):
                if idx.entries[x][E_REPO] != repo:
                    continue
                if self._in_handler_of(ei, type_key(idx.entry_facts(x)[1].type)):
                    return True
        return False

    def _in_handler_of(self, ei: int, key: str) -> bool:
        """Whether entry ``ei``'s raise sits in an ``except`` that catches class ``key`` (the
        class or a class above it, ``score.catching_keys``): an error of that class raised in
        its ``try`` passes through the handler."""
        idx = self.idx
        return bool(key) and any(ei in (idx.handlers.get(k) or ()) for k in catching_keys(key, idx.ancestors))

    def _sole_fit(self, ei: int) -> bool:
        """Whether entry ``ei``'s statement is the only one of its release raising a class of
        its class's name (however the statement spells it, ``er.MultipleInvalid``, and whatever
        module defines it) whose template may print the message. Another statement's template
        counts as not printing it only when it was verified against the message (the pasted
        class's raises are, up to ``MAX_TYPED``) and placed none of its literal text (a fit of
        its beginning may be the message cut short); a name raised more often than
        ``MAX_SOLE_LOOK`` times across the catalogue is not walked: it is no sole raise."""
        idx, tf = self.idx, self._tf
        if tf is None or any(o.confident for o in tf.cands.values()):
            return False  # another raise prints the message in full: the text is that one's, passed on
        weak = set(tf.weak_fits(idx))
        here = idx.entry_where(ei)
        eis = idx.type_entries(idx.entry_facts(ei)[1].type, MAX_SOLE_LOOK + 1)
        if len(eis) > MAX_SOLE_LOOK:
            return False
        for x in eis:
            where = idx.entry_where(x)
            if where[0] != here[0] or where == here:
                continue
            if x not in self.ev.typed:
                return False  # not verified: its template may fit
            pid = idx.entry_pat[x]
            other = tf.cands.get(pid)
            if pid in weak or (other is not None and other.fit is not None):
                return False  # it places some of its literal text: the message may be its, cut short
        return True

    def _class_names(self, c: Cand) -> list[str]:
        """The values the message fills the pattern's class-name placeholders with (sites
        sharing ``{type(self).__name__} is empty`` differ only in the class that raised). Only a
        full fit has them: the names of the others are not read."""
        if c.fit is None or not c.fit.full:
            return []
        got = self._named.get(c.pid)
        if got is not None:
            return got
        got = []
        names = self.idx.patterns[c.pid].names
        if any(_class_slot(n) or _object_slot(n) or n in _SELF_SLOTS for n in names):
            vals = self._slot_values(c)
            got = [v.strip("'\"") for n, v in vals.items() if _class_slot(n)]
            got += [printed_class(v) for n, v in vals.items() if _object_slot(n)]
            bases = self.idx.type_bases()
            got += [
                name
                for n, v in vals.items()
                if n in _SELF_SLOTS and (name := constructor_class(v)) and type_key(name) in bases
            ]
        self._named[c.pid] = got
        return got

    def _class_named(self, c: Cand, func: str) -> float:
        """Evidence from a class-name placeholder (or a placeholder printing the raising object
        as a constructor-like repr, ``{self!r}`` holding ``Node('/a')``, of a class the index
        knows): its value is the class of the site's method, a subclass of it the index knows
        (less: an override of the method would be that subclass's own site), or another class."""
        named = self._class_names(c)
        if not named:
            return 0.0
        if "" in named:
            return -CLASS_OBJECT  # a class object printed, but the message has no ``<class '...'>``
        owner = _owner_class(func)
        if not owner:
            return 0.0
        if owner in named:
            return CLASS_NAMED
        key = type_key(owner)
        if any(key in self.idx.ancestors(type_key(v)) for v in named):
            # a subclass's instance: the site's method runs unless the subclass overrides it
            # (then that override's site names the class itself, and comes first)
            return CLASS_BELOW
        return -CLASS_NAMED if any(v.isidentifier() for v in named) else 0.0

    def _known_class_elsewhere(self, c: Cand, func: str) -> bool:
        """Whether a class-name placeholder (``{type(self).__name__}``) holds a class the
        codebases define that is neither the site's class nor below it: ``type(self)`` of a method
        of ``AuxiliaryTrainingWrapper`` never prints ``SentenceTransformer``, a class of another
        library with no such base, so a line copied from torch's ``Module.__getattr__`` into
        another library is not what printed the message, however whole the fit (an answer, not
        an exact one). The classes known are the ones ``Index.type_bases`` records (exception
        classes, and the classes below one whose message prints its instance's class name); a
        name it does not hold (a user's own subclass) says nothing."""
        owner = _owner_class(func)
        if not owner or c.fit is None or not c.fit.full:
            return False
        names = self.idx.patterns[c.pid].names
        if not any(_instance_class_slot(n) for n in names):
            return False
        known = self.idx.type_bases()
        own = type_key(owner)
        for n, v in self._slot_values(c).items():
            key = type_key(v.strip("'\""))
            if (
                _instance_class_slot(n)
                and key
                and key != own
                and key in known
                and own not in self.idx.ancestors(key)
            ):
                return True
        return False

    def _other_class_printed(self, c: Cand) -> float:
        """``CLASS_NAMED`` when a placeholder naming a class (``'expected ' +
        str(DifferentialStyle)``, ``f"not a {Font}"``) holds another class in the message: ``str()``
        of a class object is ``<class 'pkg.mod.Name'>``, so a message showing ``<class 'float'>``
        there was printed by another statement (a sibling's ``expected {expected_type}``), however
        well the words fit; else 0. Only a full fit has values to read."""
        if c.fit is None or not c.fit.full:
            return 0.0
        got = self._constants.get(c.pid)
        if got is None:
            got = 0.0
            names = self.idx.patterns[c.pid].names
            if any(_class_constant(n) for n in names):
                vals = self._slot_values(c)
                shown = [
                    (n.removesuffix(REPR_MARK), printed_class(v))
                    for n, v in vals.items()
                    if _class_constant(n)
                ]
                if any(printed and printed != n for n, printed in shown):
                    got = CLASS_NAMED
            self._constants[c.pid] = got
        return got

    def _printing(self, c: Cand) -> tuple[float, float, float]:
        """The pattern's terms of ``_score`` that no entry changes: ``_other_class_printed``,
        ``_unprintable``, and ``_split_brackets`` plus ``_name_unshaped``, read once per
        candidate instead of in four calls for each of its entries (a message cut short ties
        every near-duplicate of its template, ~200 entries scored: docs/measurements/scale20.md)."""
        got = self._printed.get(c.pid)
        if got is None or got[0] is not c:
            got = self._printed[c.pid] = (
                c,
                (
                    self._other_class_printed(c),
                    self._unprintable(c),
                    self._split_brackets(c) + self._name_unshaped(c),
                ),
            )
        return got[1]

    def _printing_reasons(self, c: Cand) -> list[str]:
        """Why the pattern's placeholders cannot have printed the message, in words
        (``_other_class_printed``, ``_unprintable``)."""
        out = []
        if self._other_class_printed(c):
            out.append("the template prints a class by its name where the message shows another class")
        if self._unprintable(c):
            out.append("a placeholder calls on a string a method str lacks: this object fails to print")
        if self._split_brackets(c):
            out.append("the fit cuts the message inside brackets: a value opens one a later value closes")
        if self._name_unshaped(c):
            out.append("a placeholder printing a name (`__name__`, an id) holds text no such name spells")
        return out

    def _split_brackets(self, c: Cand) -> float:
        """``SPLIT_BRACKETS`` when the values of the pattern's full fit cross a bracket pair of
        the message: a ``(``, ``[`` or ``{`` opened in one value is closed in a later one, so a
        literal of the template between them stands inside the brackets, where a value printed
        by the statement would have closed them; else 0. Once per pattern."""
        got = self._crossed.get(c.pid)
        if got is None:
            got = 0.0
            vals = self._slot_values(c) if len(self.idx.patterns[c.pid].names) > 1 else {}
            if _crosses_brackets(list(vals.values())):
                got = SPLIT_BRACKETS
            self._crossed[c.pid] = got
        return got

    def _name_unshaped(self, c: Cand) -> float:
        """``NAME_UNSHAPED`` when the pattern's full fit puts into a placeholder printing a
        ``__name__`` or ``__qualname__`` (``{type(ex).__name__}``, ``{func.__qualname__!r}``)
        a value that is no (dotted) Python name, or into one printing an identifier
        (``{rule.ID}``, ``{run_id}``) a value of more than one token (``_name_slot``): a class's
        or a function's name has no spaces, no ``/`` nor ``()``, a key or a slug no whitespace,
        so that statement did not print the text there (``{type(ex).__name__}:
        {ex}`` reading ``_aget_url() https://x/d.js DuckDuckGoSearchException: Ratelimit``
        as a class name ``_aget_url() https://x/d.js DuckDuckGoSearchException``), however its
        few words fit, and a sibling whose ``{url}`` holds that text goes above it; else 0.
        Once per pattern."""
        got = self._misnamed.get(c.pid)
        if got is None:
            got = self._misnamed[c.pid] = NAME_UNSHAPED if self._holds_no_name(c) else 0.0
        return got

    def _holds_no_name(self, c: Cand) -> bool:
        """Whether a placeholder of the pattern printing a name or an id holds text of another
        shape (``_name_unshaped``), read from the full fit's values."""
        names = self.idx.patterns[c.pid].names
        shapes = [_name_slot(n) for n in names]
        if not any(shapes):
            return False
        vals = self._slot_values(c)
        lits = self.idx.lits(c.pid)[0]
        return any(
            shape is not None and n in vals and not _name_printed(vals[n], lits[j], j > 0, shape)
            for j, (n, shape) in enumerate(zip(names, shapes, strict=True))
        )

    def _unprintable(self, c: Cand) -> float:
        """``UNPRINTABLE`` when a placeholder of the pattern calls, on a string literal, a
        method ``str`` does not have (``{"Query has been cancelled".get("errorType", None)}``):
        an exception's ``__str__`` reads a dict (``self.error.get(...)``) and one statement
        builds it with a string instead, which the extractor put in. Printing that object
        raises AttributeError, so the statement never printed such a message, whatever its
        words fit; else 0. Read from the names alone, once per pattern."""
        got = self._unprintables.get(c.pid)
        if got is None:
            got = UNPRINTABLE if any(_str_lacks(n) for n in self.idx.patterns[c.pid].names) else 0.0
            self._unprintables[c.pid] = got
        return got

    def _slot_values(self, c: Cand) -> dict[str, str]:
        """The values the message fills pattern ``c.pid``'s placeholders with, read once for
        the class-name checks above (``_class_names``, ``_other_class_printed``); empty
        without a full fit or a text fit."""
        got = self._values.get(c.pid)
        if got is None:
            tf = self._tf
            got = (
                values(list(self.idx.patterns[c.pid].names), c.fit, tf.message, tf.cmap)
                if tf is not None and c.fit is not None and c.fit.full
                else {}
            )
            self._values[c.pid] = got
        return got

    def _words_of_values(self, c: Cand) -> frozenset[str]:
        """The words (runs of letters, lowercased) of the values the placeholders hold when the
        whole message is the template and mostly its literal text (a full fit anchored at both
        ends, with ``TYPED_MIN_LITERAL`` literal characters of its own or more, explaining
        ``MIN_COVERAGE`` of the message or more), those printing the raising object or its class
        left out (``_class_named`` weighs them), and those reading as a sentence
        (``_PROSE_WORDS`` runs of letters or more); empty for any other fit: a template mostly or
        all placeholder (a relay's ``==> {ctx}``, a caught error's text passed on as ``{exc}``)
        fits any text, and its values' words would name any site."""
        f = c.fit
        if (
            f is None
            or not (f.full and f.anchored_start and f.anchored_end)
            or f.covered < TYPED_MIN_LITERAL
            or c.coverage < MIN_COVERAGE
        ):
            return frozenset()
        got = self._value_words.get(c.pid)
        if got is None:
            got = frozenset(
                w
                for n, v in self._slot_values(c).items()
                if not (_class_slot(n) or _object_slot(n) or n in _SELF_SLOTS)
                # a sentence (another program's stderr, a caught error's text) is words of its
                # own grammar, not the one thing a site handles: only a short value names one
                if len(words := _VALUE_WORD.findall(v.lower())) < _PROSE_WORDS
                for w in words
            )
            self._value_words[c.pid] = got
        return got

    def _naming_priors(self, c: Cand, func: str, path: str) -> float:
        """The priors for a site the paste names besides its text: a value of the message names
        its function or class (``VALUE_NAMES_SITE``), the last frame with no library frame below
        it calls its function (``CALLED_BY_LAST_FRAME``), the paste's paths are of the platform
        its module is the backend of (``PLATFORM_NAMED``)."""
        out = VALUE_NAMES_SITE if self._value_names_site(c, func) else 0.0
        out += PLATFORM_NAMED if self._platform_named(path) else 0.0
        return out + (CALLED_BY_LAST_FRAME if self._called_by_last_frame(func) else 0.0)

    def _platform_named(self, path: str) -> bool:
        """Whether the site's module is named for the platform the paste's own paths are of
        (``serialposix.py`` under ``/home/u/...``, ``serialwin32.py`` under ``C:\\Users\\...``)."""
        return self._platform is not None and platform_module(path) == self._platform

    def _called_by_last_frame(self, func: str) -> bool:
        """Whether the traceback, with no library frame, ends in a call of this function's name."""
        called = self.ev.called
        return bool(called) and fn_last(func) in called

    def _value_names_site(self, c: Cand, func: str) -> bool:
        """Whether a value the message fills the template with holds a word the site's function
        or class is named by (``split(,, 5)`` and ``Split.__init__``): code handling one kind of
        thing per function or class is named after it and prints what it failed on."""
        words = self._words_of_values(c)
        return bool(words) and not words.isdisjoint(name_words(func))

    def _repr_owner(self, ei: int) -> bool:
        """Whether the message shows an object (its default repr) of the class whose method
        holds entry ``ei``, defined in the entry's module: messages print ``str(self)`` of the
        object that failed (pexpect's ``TIMEOUT`` holds ``<pexpect.pty_spawn.spawn object at
        0x...>``), so among sites sharing the text that class's own comes first."""
        if not self._reprs:
            return False
        owner = _owner_class(self.idx.entry_func(ei))
        if not owner:
            return False
        module = "." + module_of(self.idx.entry_path(ei))
        return any(cls == owner and in_module(mod, module) for mod, cls in self._reprs)

    def _repr_reason(self, ei: int, function: str) -> str | None:
        """What ``_repr_owner`` or ``_repr_package`` found for an entry, in words; None if nothing."""
        if self._repr_owner(ei):
            return f"the message shows an object of this site's class ({_owner_class(function)})"
        if self._repr_package(ei):
            return "the message shows an object of a package this site's module is named for"
        return None

    def _repr_package(self, ei: int) -> bool:
        """Whether the message shows an object (its default repr) of a package other than the
        site's own, and the site's module path below that own package names it as a word
        (``<urllib3.connection.HTTPConnection object at 0x...>`` and ``transport/_node/
        _http_urllib3.py``): a library with one module per backend raises the same text from
        each, and the object printed is the failing backend's."""
        if not self._reprs:
            return False
        top, _, below = self.idx.entry_path(ei).partition("/")
        if not below:
            return False
        words = set(_PATH_WORD.findall(below.removesuffix(".py").lower()))
        own = top.removesuffix(".py").lower()
        return any(
            (pkg := mod.partition(".")[0].lower()) != own and pkg in words for mod, _cls in self._reprs
        )

    def _bare_fits(self, tw: float, fw: float) -> bool:
        """Whether a raise with no message is what a class pasted alone printed: Python prints
        the class raised (a base's or subclass's raise prints another name), and a traceback
        whose last library frame lies in another file says it was raised there (a bare raise
        elsewhere only shares the class)."""
        return tw >= TYPE_AGREES and (not self.ev.frames.info.deepest_path or fw >= FILE_FRAME)

    def _matches(self, scored: list[_Scored], tf: TextFit) -> list[Match]:
        """One match per distinct error (the best-supported snapshot) and per statement (the
        best-fitting variant of its message), with placeholder values."""
        idx = self.idx
        out: list[Match] = []
        seen: set[str] = set()
        statements: set[Where] = set()
        # an entry is decoded whole (its template rendered, and kept) only when it is returned:
        # the others scored are told apart by their id and statement, read from the columns
        for at, s in enumerate(scored):
            eid, where = s.error, s.where
            if eid in seen or where in statements:
                continue
            e = idx.entries[s.ei]
            seen.add(eid)
            statements.add(where)
            c, confident = s.cand, s.key[3]
            vals: dict[str, str] = {}
            if c.fit is not None and (confident or c.fit.full):
                vals = values(list(idx.patterns[c.pid].names), c.fit, tf.message, tf.cmap)
            out.append(
                Match(
                    id=e[E_ID], repo=e[E_REPO], version=e[E_VERSION], kind=e[E_KIND], exc_type=e[E_TYPE],
                    template=e[E_TEMPLATE], path=e[E_PATH], line=e[E_LINE], function=e[E_FUNC],
                    score=round(s.key[4], 4), approximate=not confident, values=vals, reasons=self._reasons(s),
                )
            )  # fmt: skip
            if len(out) >= self.limit:
                self.more = self.more or any(
                    r.error not in seen and r.where not in statements for r in scored[at + 1 :]
                )
                break
        return out


# ``typer/_click/parser.py``: a package (``click``) copied under a private folder of another
# distribution's package, named ``_`` and the package's own name
_VENDORED_PRIVATE = re.compile(r"^[A-Za-z_]\w{0,100}/_([A-Za-z]\w{0,100})/(.{1,1000})$")


def vendored_package(path: str) -> str | None:
    """The path a module vendored under a private folder of another package has in the package
    it copies (``typer/_click/parser.py`` -> ``click/parser.py``), or None for any other path."""
    m = _VENDORED_PRIVATE.match(path)
    return f"{m.group(1)}/{m.group(2)}" if m else None


def _function_gone(idx: Index, fev: FrameEvidence) -> bool:
    """Whether the traceback ends in a file of the catalogue (its last frame, printing no call
    into compiled code) and names a function that raises nothing there (no entry of the file is
    in it, nor did its printed statement or a function it calls lead to one). What the frame
    evidence holds is asked first: the function's row lists every copy of each of its raises
    (tens of thousands at 10M templates), read whole to say whether it is empty, and a frame
    landing on a raise says it is not gone without it (``frames._name_entries`` has read that
    row already, so no check of it is skipped)."""
    info = fev.info
    if not info.lib or info.deepest_path is None or info.ends_at_call is not None:
        return False
    fi, path = info.lib[-1]
    if fi != len(info.frames) - 1:
        return False
    fn = info.frames[fi][2]
    if not fn or fn.startswith("<"):
        return False
    return not fev.on_raise and not fev.moved and not fev.callees and not idx.sites.get((path, fn))


def object_reprs(message: str) -> set[tuple[str, str]]:
    """The (dotted module, class) of every object the message shows by its default repr
    (``<pkg.mod.Cls object at 0x...>``); the module part of a nested class holds its outer one."""
    if " object at 0x" not in message:
        return set()
    return {(m.group(1)[:-1], m.group(2)) for m in _OBJECT_REPR.finditer(message)}


def in_module(printed: str, module: str) -> bool:
    """Whether a repr's dotted prefix (``pkg.mod``; ``pkg.mod.Outer`` for a nested class) is the
    module of a file whose path gives ``module`` (with a leading dot): the path may lack the
    package's own folder (a codebase indexed from inside it: ``mod.py``)."""
    parts = printed.split(".")
    return any(("." + ".".join(parts[:n])).endswith(module) for n in range(len(parts), 0, -1))


def module_of(path: str) -> str:
    """The dotted module of a file path in a codebase (``pkg/sub/__init__.py`` -> ``pkg.sub``)."""
    mod = path.removesuffix(".py").replace("/", ".")
    return mod.removesuffix(".__init__")


def name_words(qualname: str) -> frozenset[str]:
    """The words a function's qualified name (``Split.__init__``, ``_load_point``) names what it
    handles by: the lowercased parts of its snake_case and CapWords names, ``_NAME_WORD_MIN``
    letters or more, without the words saying what a function does (``_GENERIC_NAME_WORDS``)."""
    return frozenset(
        w
        for part in _NAME_PART.findall(qualname)
        if len(w := part.lower()) >= _NAME_WORD_MIN and w not in _GENERIC_NAME_WORDS
    )


# a placeholder opening with a plain string literal and a method call on it: ``"text".get(``
_STR_CALL = re.compile(r"""^(?:"[^"\\\n]{0,1000}"|'[^'\\\n]{0,1000}')\s*\.\s*([A-Za-z_]\w*)\s*\(""")


def _str_lacks(name: str) -> bool:
    """Whether placeholder ``name`` calls, on a string literal, a method ``str`` lacks."""
    m = _STR_CALL.match(name)
    return m is not None and not hasattr(str, m.group(1))


# a module file named for one platform's backend: ``serialposix``, ``unix_events``, ``_psposix``;
# ``serialwin32``, ``windows_events``, ``_pswindows``, ``_win``. ``windows`` counts in a compound
# name only: a GUI toolkit's ``windows.py`` (as ``window.py``) holds its windows
_PLATFORM_MODULE = (
    ("posix", re.compile(r"posix|(?:^|_)unix(?:_|$)")),
    ("windows", re.compile(r"win(?:32|64)|.windows|windows.|(?:^|_)win(?:_|$)")),
)
# a path as the paste prints it, after ``norm_path``: ``C:/Users/...`` (a drive) or ``/home/...``
_DRIVE = re.compile(r"[A-Za-z]:/")


def platform_module(path: str) -> str | None:
    """The platform a module file's name says it is the backend of (``posix``, ``windows``)."""
    stem = path.rpartition("/")[2].removesuffix(".py").lower()
    for name, pattern in _PLATFORM_MODULE:
        if pattern.search(stem):
            return name
    return None


def paste_platform(paths: Iterable[str]) -> str | None:
    """The platform of the paste's own absolute paths (the user's frames, a site-packages path
    cut below its folder is no longer absolute): ``posix`` when all open with ``/``, ``windows``
    when all open with a drive; None with none, or both."""
    kinds = {"windows" if _DRIVE.match(p) else "posix" for p in paths if p.startswith("/") or _DRIVE.match(p)}
    return kinds.pop() if len(kinds) == 1 else None


_WHITESPACE = re.compile(r"\s+")
# a placeholder of a rendered template (``{name}``, ``{x!r}``): no nested braces
_HOLE = re.compile(r"\{[^{}]*\}")
# entries of one group of templates alike but for spacing read for their own spacing
# (``_spaced_as_written``); a bigger group is told apart by its patterns' segments alone
MAX_SPACED = 16
# literal characters a segment needs for its case to tell templates apart (``_cased_as_written``)
_CASED_MIN = 12


def _holds_in_order(text: str, segments: Sequence[str]) -> bool:
    """Whether ``text`` (its whitespace runs made one space) holds the literal ``segments`` in
    order as written, each with its runs of whitespace made one space; the template's outer
    whitespace (a leading newline, a trailing space) is no part of what it must hold."""
    pos = 0
    last = len(segments) - 1
    for i, seg in enumerate(segments):
        lit = _WHITESPACE.sub(" ", seg)
        lit = lit.lstrip() if i == 0 else lit
        lit = lit.rstrip() if i == last else lit
        if not lit:
            continue
        at = text.find(lit, pos)
        if at < 0:
            return False
        pos = at + len(lit)
    return True


_CLOSER = {"(": ")", "[": "]", "{": "}"}


def _crosses_brackets(vals: list[str]) -> bool:
    """Whether a bracket opened in one of ``vals`` (in the message's order) is closed in a later
    one. A closer with nothing open, or one of another kind, is text (``found ')'``)."""
    open_at: list[tuple[str, int]] = []  # the closers awaited, with the value that opened each
    for j, v in enumerate(vals):
        for ch in v:
            if ch in _CLOSER:
                open_at.append((_CLOSER[ch], j))
            elif open_at and ch == open_at[-1][0] and open_at.pop()[1] < j:
                return True
    return False


def _class_slot(name: str) -> bool:
    """Whether a placeholder prints the raising object's class name."""
    return name.removesuffix(REPR_MARK).replace(" ", "") in _CLASS_NAME


def _instance_class_slot(name: str) -> bool:
    """Whether a placeholder prints an instance's class name (``type(self).__name__``,
    ``self.__class__.__qualname__``), not a class's own (``cls.__name__``)."""
    return name.removesuffix(REPR_MARK).replace(" ", "") in _INSTANCE_CLASS_NAME


def _name_slot(name: str) -> re.Pattern[str] | None:
    """The shape of what a placeholder prints when it names a thing: a Python name for an
    object's ``__name__`` or ``__qualname__``, one token with no whitespace for an identifier
    (``{rule.ID}``, ``{self.id}``, ``{run_id}``: a key, a slug, a uuid); None for any other."""
    expr = name.removesuffix(REPR_MARK).replace(" ", "")
    if expr.endswith((".__name__", ".__qualname__")):
        return _PY_NAME
    last = expr.rsplit(".", 1)[-1]
    if last.isidentifier() and (last.lower() == "id" or last.lower().endswith("_id")):
        return _TOKEN
    return None


def _name_printed(value: str, before: str, after_slot: bool, shape: re.Pattern[str]) -> bool:
    """Whether a placeholder's value has the ``shape`` of what it prints (``_name_slot``): as it
    stands, or — after another placeholder (``after_slot``), the literal ``before`` (compact)
    between them — after that literal's last occurrence in it: a fit places each literal at its
    first occurrence, so the placeholder before may hold more of the text than the fit gave it
    (``{url} {type(ex).__name__}`` over ``_aget_url() https://x/d.js DuckDuckGoSearchException``)."""
    v = value.strip().strip("'\"")
    if shape.fullmatch(v):
        return True
    if not after_slot:
        return False
    tail = compact(v).rsplit(before, 1)[-1] if before else (v.split() or [""])[-1]
    return bool(shape.fullmatch(tail.strip("'\"")))


# what ``__name__`` and ``__qualname__`` print: a Python name, dotted for a nested qualname
# (``<locals>`` and ``<lambda>`` included)
_PY_NAME = re.compile(r"[A-Za-z_<][\w.<>]{0,300}")
# what an identifier prints: one token
_TOKEN = re.compile(r"\S{1,300}")


def _class_constant(name: str) -> bool:
    """Whether a placeholder is a name spelled as a class (``DifferentialStyle``, ``Font``:
    CapWords, PEP 8's spelling of a class; not a ``CONSTANT``, a ``variable`` nor an attribute),
    whose ``str()`` is the class object's ``<class '...'>``."""
    name = name.removesuffix(REPR_MARK)
    return name.isidentifier() and name[:1].isupper() and not name.isupper()


# placeholders printing the raising object itself (``f"{self!r} cannot be parent of itself"``)
_SELF_SLOTS = frozenset(("self", "self" + REPR_MARK))


def constructor_class(value: str) -> str:
    """The class a constructor-like repr names (``Node('/root/etc')``, ``pkg.Point(x=1, y=2)``
    -> ``Node``, ``Point``): the convention ``__repr__`` follows, a dataclass's and a
    namedtuple's included; ``""`` for any other text. One ``find``: linear."""
    v = value.strip()
    at = v.find("(")
    if at <= 0 or not v.endswith(")"):
        return ""
    head = v[:at]
    return head.rsplit(".", 1)[-1] if all(part.isidentifier() for part in head.split(".")) else ""


def _object_slot(name: str) -> bool:
    """Whether a placeholder prints the raising object's class itself (``{self.__class__}``)."""
    return name.removesuffix(REPR_MARK).replace(" ", "") in _CLASS_OBJECT


def _priority(bound: Key, pid: int) -> tuple[int, int, int, int, float, int]:
    """Heap order (smallest first) of the best bound first, then the lower pattern id."""
    return -bound[0], -bound[1], -bound[2], -bound[3], -bound[4], pid


Where = tuple[int, int, int]  # a statement: ``Index.entry_where``


class _Ties:
    """The entries of one pattern that score alike (``Ranker._alike``), to stop scoring the
    rest of them once they cannot be shown. A raise that every copy of a codebase holds, under a
    traceback whose frames name it, is thousands of such entries with one key: alike, they are
    ordered by entry id (``rank``'s sort), and the matches are the first ``k`` of distinct
    errors and statements (``_matches``). Once ``2 * k`` entries alike are kept whose errors
    and statements are all distinct, a later one (by entry id) is never shown: each of them is
    shown or blocked by a match shown before it, and a match blocks at most two of them (one by
    its error, one by its statement; one of them shown blocks none of the others), so with
    fewer than ``k`` matches shown they could not all be. Nor does a later one change the top
    ``k`` statements (``_TopK``): ``k`` statements already hold its key."""

    def __init__(self, k: int) -> None:
        self.need = 2 * k
        self.kept: dict[tuple[float, int, bool, int], tuple[set[str], set[Where], list[int]]] = {}
        self.dead: set[tuple[float, int, bool, int] | None] = set()  # alike entries ``_score`` drops

    def settled(self, alike: tuple[float, int, bool, int], ei: int) -> bool:
        """Whether entry ``ei`` need not be scored: ``_score`` drops its kind, or enough of its
        kind with lower entry ids are kept."""
        if alike in self.dead:
            return True
        got = self.kept.get(alike)
        return got is not None and len(got[0]) >= self.need and ei > got[2][0]

    def note(self, alike: tuple[float, int, bool, int], ei: int, error: str, where: Where) -> None:
        """Entry ``ei`` was scored: kept toward its kind's ``2 * k`` when its error and its
        statement are new to that kind."""
        errors, wheres, last = self.kept.setdefault(alike, (set(), set(), [-1]))
        if error not in errors and where not in wheres:
            errors.add(error)
            wheres.add(where)
            last[0] = max(last[0], ei)


class _TopK:
    """The ``k`` best (key, -pattern id) of distinct statements seen so far, to stop scoring
    once nothing can enter."""

    def __init__(self, k: int) -> None:
        self.k = k
        self.heap: list[tuple[tuple[Key, int], Where]] = []  # min-heap of the current top k
        self.best: dict[Where, tuple[Key, int]] = {}  # statements in the heap -> their key

    def add(self, eid: Where, key: tuple[Key, int]) -> None:
        old = self.best.get(eid)
        if old is not None:
            if key > old:  # an error already in the top k improved: update it in place
                self.best[eid] = key
                self.heap = [(v, i) for i, v in self.best.items()]
                heapq.heapify(self.heap)
            return
        if len(self.heap) < self.k:
            heapq.heappush(self.heap, (key, eid))
            self.best[eid] = key
        elif key > self.heap[0][0]:
            _, out = heapq.heapreplace(self.heap, (key, eid))
            del self.best[out]
            self.best[eid] = key

    def beats(self, bound: tuple[Key, int]) -> bool:
        """True when ``k`` errors already score above ``bound``."""
        return len(self.heap) >= self.k and self.heap[0][0] > bound


# ``type_relation``'s answers per index and pasted class list, kept from query to query: a
# server is pasted the same few classes (``ValueError``, ``KeyError``) over and over, and the
# candidates of each query share a handful of exception types, whose relation to the pasted
# ones is a function of the two and of the index's class hierarchy alone. Bounded: a table
# past its size starts over (the answers are the same, only worked out again).
_RELATIONS: weakref.WeakKeyDictionary[
    Index, dict[tuple[str, ...], dict[tuple[str, str], tuple[float, str | None]]]
] = weakref.WeakKeyDictionary()
_MEMO_PASTED = 512  # pasted class lists remembered per index
_MEMO_SITES = 4096  # (site class, kind) answers remembered per pasted class list


def _memo_type_relation(types: list[str], idx: Index) -> Callable[[str, str], tuple[float, str | None]]:
    """``type_relation`` of the pasted ``types`` against the index's classes, memoised across
    queries (``_RELATIONS``): candidates share a handful of exception types."""
    tables = _RELATIONS.get(idx)
    if tables is None:
        tables = _RELATIONS.setdefault(idx, {})
    pasted = tuple(types)
    memo = tables.get(pasted)
    if memo is None:
        if len(tables) >= _MEMO_PASTED:
            tables.clear()
        memo = tables[pasted] = {}
    hierarchy: Hierarchy = idx.ancestors

    def relation(exc_type: str, kind: str) -> tuple[float, str | None]:
        r = memo.get((exc_type, kind))
        if r is None:
            if len(memo) >= _MEMO_SITES:
                memo.clear()
            r = memo[(exc_type, kind)] = type_relation(types, exc_type, kind, hierarchy)
        return r

    return relation


def _same_package_renamed(pasted: str, qual: str) -> bool:
    """Whether a pasted dotted class may be the raise's class ``qual`` printed under the
    package's older name or home: the same modules under another top-level name
    (``PyPDF2.errors.PdfReadError`` for ``pypdf.errors.PdfReadError``, a name retyped), or the
    package named inside the pasted path (``IPython.nbformat.reader.NotJSONError`` from before
    nbformat left IPython, a copy another package vendors). A package that copied another's
    modules into its own (``yaml.scanner.ScannerError`` for ``ruamel.yaml.scanner.ScannerError``)
    is neither: the pasted path lacks the package's own name."""
    p, q = pasted.split("."), qual.split(".")
    return (len(p) > 1 and p[1:] == q[1:] and _kin_names(p[0], q[0])) or q[0] in p[:-1]


_KIN_AFFIX = 3  # letters a renamed package's old and new top-level names share at one end


def _kin_names(old: str, new: str) -> bool:
    """Whether two top-level package names may be one package's older and newer name: one
    holds the other (``PyPDF2``/``pypdf``, ``ytrends`` retyped for ``pytrends``) or they share
    a start or an end of a few letters (``oldkit``/``yamlkit``), case and ``_`` aside. A fork
    released under a name of its own keeps the original's modules but not its name
    (``elasticsearch.exceptions.RequestError`` is elasticsearch-py's class, not opensearch-py's
    ``opensearchpy.exceptions.RequestError``): its class printed under the original's module is
    another package's."""
    a, b = old.lower().replace("_", ""), new.lower().replace("_", "")
    if not a or not b or a in b or b in a:
        return True
    n = _KIN_AFFIX
    return len(a) >= n and len(b) >= n and (a[:n] == b[:n] or a[-n:] == b[-n:])


_QUOTE = re.compile("[\"']")  # a string literal's quote in a statement's first line


def _log_receiver(statement: str) -> str:
    """The receiver a statement's log or reporter call is made on, its last name lowered with
    its leading underscores dropped (``self._logger.error(`` -> ``logger``); "" when the first
    line holds no such call (a bounded scan: one pass of a linear regex, and each call's
    receiver read back from its dot over word characters)."""
    line = statement[:MAX_STATEMENT_SCAN]
    for m in _LOG_CALL.finditer(line):
        start = end = m.start()
        while start > 0 and (line[start - 1].isalnum() or line[start - 1] == "_"):
            start -= 1
        if start < end:
            return line[start:end].lstrip("_").lower()
    return ""


def _private_place(path: str, function: str) -> bool:
    """A raise a user's code cannot call but through its library: in a module one of whose
    names is private (``regex/_regex_core.py``), or in a private function or class
    (``_parse``, ``_Parser.expect``); dunders are public (``__init__.py``, ``__call__``)."""
    names = [*path.removesuffix(".py").split("/"), function.partition(".")[0]]
    return any(n.startswith("_") and not n.startswith("__") for n in names)
