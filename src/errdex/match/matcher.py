"""The query: parse the paste, gather its evidence, fit the text, rank, and sum up in a verdict.

``parse`` (type, message, frames) -> one pass over the compact message for the index's key
fragments -> literal-in-order verification of the candidate templates -> evidence from the pasted
type and the frames, word similarity for reworded messages -> ranking and a one-line verdict.
When the primary exception of a chain has no answer, the earlier ones are tried.
"""

from __future__ import annotations

import ast
import itertools
import re
import threading
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from errdex.match import candidates, frames, userframes
from errdex.match.artifact import build_index, rebuild_corrupt, stored_index
from errdex.match.candidates import TextFit
from errdex.match.documented import Documented, documented_in, overlap
from errdex.match.index import (
    E_DATE,
    E_ID,
    E_REPO,
    E_TEMPLATE,
    E_TYPE,
    E_VERSION,
    CorruptIndex,
    Index,
    relays_text,
    type_key,
)
from errdex.match.parse import (
    Block,
    Frame,
    ParsedQuery,
    class_in_parentheses,
    code_chars,
    first_line_heads,
    introduced_lines,
    lone_exception_line,
    other_program_line,
    printed_prefixes,
    ruled_message,
)
from errdex.match.parse import parse as parse_query
from errdex.match.raisedby import RaisedBy, call_text, raised_by
from errdex.match.rank import Evidence, Ranker
from errdex.match.result import (
    CALL_KIND,
    TIE,
    TIE_WITNESS,
    Match,
    Result,
    literal,
    shown,
    tie_count,
    tied,
    verdict,
)
from errdex.match.score import (
    CYTHON_FILES,
    TYPE_DISAGREES,
    FrameInfo,
    builtin_key,
    builtin_type,
    fn_last,
    in_folder,
    norm_path,
    outside_library,
    type_relation,
)
from errdex.match.signature import (
    SignatureError,
    calls_written,
    decorator_names,
    is_async_def,
    possible_call,
    signature_agrees,
    signature_error,
    wrapped_parameter_calls,
)
from errdex.match.thresholds import (
    DEEPEST_FRAME,
    MAX_CALLEE_SNAPSHOTS,
    MAX_CALLEES,
    MAX_FRAME,
    MAX_FUZZY,
    MAX_TYPED,
    MIN_LITERAL,
)
from errdex.match.twins import frame_named_first, mark_ties, str_before_repr, twins_last
from errdex.match.validation_listing import whole_input_method
from errdex.match.verify import (
    CLASS_HEAD,
    CLASS_TAIL,
    CONTAINER_OPENS,
    compact,
    compact_map,
    container_opens,
    fit,
    printed_class,
)
from errdex.modnames import resolve_import
from errdex.pyexc import is_builtin, stdlib_module

if TYPE_CHECKING:
    from errdex.model import CallFact, CatalogueEntry, ClassFact, CodeFacts, FunctionFact
    from errdex.store.facts import CallRow, ModuleRow

_TRUNCATION_MARKERS = ("...", "\u2026", "[...]", "(...)", "[truncated]", "(truncated)")
_GROUP_TYPES = ("ExceptionGroup", "BaseExceptionGroup")
MAX_LINE_CUTS = 4  # heads of a multi-line message tried without its last lines
MAX_LINE_STARTS = 4  # tails of a multi-line message tried without its first lines
MAX_LEAD_IN_LINES = 200  # lines of a message looked at for an "... error: <text>" lead-in
MAX_LEAD_IN_AT = 400  # characters of a line the lead-in may start within
# "error:", "the exception:", "error message:" inside a sentence: the error's text follows
_LEAD_IN = re.compile(r"\b(?:error|exception)(?: message)?:[ \t]{1,8}", re.IGNORECASE)
MAX_NOTE_LINES = 2  # last lines of a message read as its notes (``exc.add_note``, Python 3.11+)
# the reason of an answer read from a line after a script's traceback (``_reported_after_script``)
_AFTER_SCRIPT = "a line after the traceback of a script the library ran: the library's report of its failure"
MAX_REPEATED_LINES = 6  # lines of a message each read alone as one raise's text repeated
_MD_HEADING = re.compile(r"#{1,6} \S")  # a Markdown heading's line (``### Actual behavior``)
MAX_POINTING = 512  # entries of a pasted class read to learn which codebases raise it
MAX_DOCUMENTING = 8  # codebases whose docstrings are read for a compiled class they raise
MAX_DOCUMENTED_FILES = 4096  # files' documented raises a matcher keeps between queries
MAX_SIGNATURE = 3  # library calls put first for an interpreter signature message (``_signature_answer``)
MAX_MODULE_PARTS = 8  # a frame path's last parts read as a module's dotted name (``_module_of``)
MAX_RAISED_BY = 3  # library calls of a raising stdlib callable put first (``_raised_by_answer``)


def _followed_by_cut(q: ParsedQuery, fr: list[Frame]) -> bool:
    """Whether ``fr`` are the frames of the paste's chosen exception and a later one of its chain
    is printed after it with frames but cut before its exception line: the exception raised
    while handling (or from) this one is what the paste was showing, made above these frames."""
    blocks = q.blocks
    if not fr or not blocks or q.primary >= len(blocks) - 1 or blocks[q.primary].frames is not fr:
        return False
    return any(b.frames and not b.exc_type and not b.message for b in blocks[q.primary + 1 :])


class Matcher:
    """Holds a loaded index; reuse one across a ``--batch`` run."""

    def __init__(self, index: Index, repo: str | None = None) -> None:
        self.index = index
        self.repo = repo
        self._store: Any = None  # where a corrupt index is rebuilt from (``load``)
        self._rebuilding = threading.Lock()
        # the query's reader of the catalogue's code facts (``frames.CalleesOf``), per thread: a
        # web server's threads share one matcher, each answering with its own reader
        self._local = threading.local()
        # (file's code facts id, class, package) -> its documented raises: a file content's
        # facts never change once stored, and the next paste of the class asks the same files
        self._documented: dict[tuple[int, str, str], list[Documented]] = {}

    @classmethod
    def load(cls, store: Any, repo: str | None = None) -> Matcher:
        """Load the stored index artifact; rebuild it from the catalogue's rows if it is missing,
        stale, from another errdex version or corrupt (saved when the store is writable)."""
        index = stored_index(store)
        if repo:
            repo = str(store.resolve_repo(repo))  # an unknown name is the user's error: say so
        matcher = cls(index, repo)
        matcher._store = store
        return matcher

    @classmethod
    def from_entries(cls, entries: list[CatalogueEntry], repo: str | None = None) -> Matcher:
        """Build in memory (tests, benchmarks)."""
        return cls(build_index(entries), repo)

    def explain(self, text: str, limit: int = 10, store: Any = None) -> Result:
        """The ranked raise sites for ``text``. ``store`` is where a corrupt index is rebuilt
        from when the matcher outlives the reader it was loaded from (``errdex.explain()``
        closes its reader after each call); by default, the one ``load`` was given."""
        index = self.index
        source = store if store is not None else self._store
        self._local.callees = _StoredCallees(source, self._documented) if source is not None else None
        # one answer asked for is still ranked against the next: whether it stands alone or is
        # one of several sites nothing in the paste tells apart is part of the answer
        # (``result.shown``), and the next site is what a tie's answer names
        ranked = max(limit, TIE_WITNESS)
        try:
            try:
                return shown(self._explain(text, ranked), limit)
            except CorruptIndex as e:
                # what a stored entry, pattern or posting holds is checked as the query reads it
                if source is None:
                    raise
                with self._rebuilding:
                    if self.index is index:
                        self.index = rebuild_corrupt(source, e)
            return shown(self._explain(text, ranked), limit)
        finally:
            self._local.callees = None

    def _explain(self, text: str, limit: int) -> Result:
        q = parse_query(text)
        order = [q.primary] + [i for i in range(len(q.blocks) - 1, -1, -1) if i != q.primary]
        group = _group_block(q)
        if group is not None and group != q.primary and self._raised_in_index(q.blocks[group].frames):
            order.remove(group)
            order.insert(0, group)
        first: Result | None = None
        # a log of several warnings (``parse._warning_records``): each may be the one asked
        # about, so the first answered exactly is the answer, the primary's (the last warning)
        # when none is
        log = len(q.blocks) > 1 and all(_warning(b) for b in q.blocks)
        inexact: Result | None = None
        # a traceback cut before its error line, answered only by its frames: the text above it
        # is read before that answer is taken (``_text_above_cut``)
        cut: Result | None = None
        for n, bi in enumerate(order[:4]):
            b = q.blocks[bi] if q.blocks else None
            message = b.message if b else q.message
            types = list(dict.fromkeys(b.exc_types if b else q.exc_types))
            fr = frames.located(self.index, self._with_catching_frame(b) if b else q.frames, types)
            fr = frames.own_frames(self.index, fr, types)
            res = self._match_block(q, message, types, fr, limit)
            res = self._listing_call(q, b, res, limit)
            if cut is not None:
                return _text_above_cut(cut, res, self.index, q.blocks[order[0]].frames)
            res = self._record_read_as_callers(q, b, res, fr, limit)
            if n == 0:
                first, alone = res, (message, types, fr)
                if res.matches and all(m.approximate for m in res.matches):
                    # a message that is one value whole (a list of caught errors, whose items
                    # read like some template's words) is printed as it is by a raise of that
                    # value: those raises come before a rewording or a part of the text fitted
                    value = self._value_reading(q, message, types, fr, limit)
                    if value is not None:
                        return value
                    if b is not None and len(order) > 1 and _cut_without_text(b, q.blocks[order[1]]):
                        cut = res
                        continue
            if log and res.matches and not res.exact_top:
                inexact = inexact or res
                continue
            if res.matches:
                if log:
                    if n:
                        res.verdict += " (from another warning of the log)"
                    return res
                if n:
                    res.verdict += " (from an earlier exception in the chain)"
                    if b is not None and _warning(b):
                        self._warning_as_context(q, first, res)
                return res
        assert first is not None
        if inexact is not None:
            return inexact
        # a value alone (``KeyError: 'b'``) is the last resort, after every reading of every block
        return self._value_reading(q, *alone, limit) or first

    def _record_read_as_callers(
        self, q: ParsedQuery, b: Block | None, res: Result, fr: list[Frame], limit: int
    ) -> Result:
        """A log record over a traceback cut before its error line (``_record_over_cut``) with
        no exact answer: the record's words are the caller's, the traceback is the exception it
        logged, read from its frames alone as it would be pasted without the record; the
        record's text is kept only when a raise fits it exactly (``_text_above_cut``)."""
        if b is None or res.exact_top or not _record_over_cut(b, res):
            return res
        cut_res = self._match_block(q, "", [], fr, limit)
        if not cut_res.matches:
            return res
        res = _text_above_cut(cut_res, res, self.index, b.frames)
        res.verdict += " (the log record above the traceback read as its caller's words)"
        return res

    def _listing_call(self, q: ParsedQuery, b: Block | None, res: Result, limit: int) -> Result:
        """A validation listing read as its validator's raise (``parse._validator_raise``) when no
        raise of the catalogue fits that validator's text exactly: the validator is then code the
        catalogue does not hold (the user's own ``@field_validator``, ``@model_validator``), so
        the listing is read again as printed, and the library's validation call it was raised
        below (``BaseModel.__init__``'s ``validate_python(...)``, or for a listing pasted alone
        the library's documented raiser of the class) is the answer, the validator reading's
        look-alikes after it. ``res`` as it is when the block was read no such way, an exact
        raise fits, or the reading as printed answers no such call."""
        if b is None or b.listing is None or res.exact_top:
            return res
        message, types, printed = b.listing
        fr = frames.own_frames(self.index, frames.located(self.index, printed, types), types)
        alt = self._match_block(q, message, types, fr, limit)
        if not alt.matches or not alt.matches[0].is_call:
            return res
        seen = {m.id for m in alt.matches}
        alt.matches.extend(m for m in res.matches if m.id not in seen)
        return alt

    def _warning_as_context(self, q: ParsedQuery, first: Result | None, res: Result) -> None:
        """A warning printed above the error the paste asks about, answering because that error
        found nothing, is context, not the error's origin, when the error shows where it came
        from instead: raised in a package not indexed (``_raised_elsewhere``), or a message of
        Python's own (``TypeError: f() missing 1 required positional argument``, the
        interpreter's at the user's call: ``first.builtin``). Every answer is then approximate."""
        if self._raised_elsewhere(q):
            _only_approximate(res, _WARNING_BEFORE_ELSEWHERE)
        elif first is not None and first.builtin is not None:
            _only_approximate(res, _WARNING_BEFORE_BUILTIN)

    def _raised_elsewhere(self, q: ParsedQuery) -> bool:
        """Whether the error the paste asks about (its primary block) shows by its traceback
        that it was raised in an installed package the catalogue does not hold, with a class
        of that package or a built-in one (``points_elsewhere``)."""
        b = q.blocks[q.primary]
        return points_elsewhere(self.index, b.exc_types, b.frames, frames.frame_info(self.index, b.frames))

    def _with_catching_frame(self, b: Block) -> list[Frame]:
        """The block's frames, and below them the library function that caught the exception
        chained before it when its own frames do not pass through that function
        (``parse._caught_in``): the error was raised in that function's ``except`` clause, or
        below it, and its frames were replaced or hidden on the way up."""
        caught = b.caught_in
        if caught is None or self.index.resolve_path(norm_path(caught.path)) is None:
            return b.frames
        return [*b.frames, caught]

    def _raise_alone(self, q: ParsedQuery, types: list[str], fr: list[Frame], limit: int) -> Result | None:
        """The paste is one ``raise Cls(...)`` statement and nothing else (an issue titled with
        the line its traceback stopped on: ``raise pickle.PicklingError(msg)``): the deepest
        frame's source line printed without the frame or the error line under it. Read as that
        line shown over an error of the class it builds with no text (``shown_raise``), so the
        catalogue's statements with that first line, ``from e`` or not (``chained_forms``),
        raising that class are the answers; None when the paste is no such statement or none
        is found."""
        if types or fr:
            return None
        statement = lone_raise(q.text)
        m = _RAISE_BUILDS.match(statement or "")
        if statement is None or m is None:
            return None
        res = self._match(q, "", [m.group(1)], [], limit, shown_alone=statement)
        return res if res.matches else None

    def _value_reading(
        self, q: ParsedQuery, message: str, types: list[str], fr: list[Frame], limit: int
    ) -> Result | None:
        """The paste read as a built-in class with a value alone (``_value_raises``), when it
        is one and some raise prints it; else None."""
        bare = [] if fr else self._value_raises(types, message)
        if not bare:
            return None
        res = self._match(q, message, types, [], limit, bare=bare)
        return res if res.matches else None

    def _raised_in_index(self, fr: list[Frame]) -> bool:
        """Whether the deepest library frame of ``fr`` lands on a raise statement of the index."""
        return bool(fr) and bool(frames.gather(self.index, fr).on_raise)

    def _match_block(
        self, q: ParsedQuery, message: str, types: list[str], fr: list[Frame], limit: int
    ) -> Result:
        res = self._match(q, message, types, fr, limit)
        cut = _without_truncation_marker(message)
        if cut is not None and not res.exact_top:
            # "... the array …" / "... the array ...": the user cut the message short. Tried
            # second, so a template that itself ends in "..." still matches in full first.
            retry = self._match(q, cut, types, fr, limit)
            if retry.exact_top:
                res = retry
        if not _worded_exact(res):
            res = (
                self._class_named_in_text(q, message, types, fr, limit)
                or self._printed_head(q, message, types, fr, limit, res)
                or res
            )
        if not res.exact_top:
            res = self._embedded(q, message, types, fr, limit) or res
        if not res.exact_top:
            res = (
                self._as_printed(q, message, types, fr, limit)
                or self._quoted_tail(q, message, types, fr, limit)
                or self._angle_quoted(q, message, types, fr, limit)
                or self._program_warning(q, message, types, fr, limit)
                or self._set_apart(q, types, fr, limit, res)
                or res
            )
        if not res.exact_top and "\n" in message.strip():
            res = self._line_readings(q, message, types, fr, limit, res)
        if not _worded_exact(res):
            res = self._recased(q, message, types, fr, limit, res) or res
        if not res.matches and message[:1].isalpha():
            res = self._other_case(q, message, types, fr, limit) or res
        if not res.matches:
            res = self._folded_case(q, message, types, fr, limit) or res
        if not res.matches:
            res = (
                self._named_class(q, message, types, fr, limit)
                or self._raise_alone(q, types, fr, limit)
                or res
            )
        if _compiler_location(types, fr) and res.matches:
            _only_approximate(res, _COMPILED_HERE)
        if res.call_at is not None and not res.exact_top:
            self._call_answer(res, fr, types)
        elif res.call_at is None and (at := self._unheld_frame(q, res, fr, types)) is not None:
            self._frame_site_answer(res, fr, types, at)
        elif not fr and not q.frames and not res.exact_top:
            self._documented_answer(res, message, types)
            self._raised_by_answer(res, message, types)
            self._signature_answer(res, message, types)
        res = self._script_report(q, message, types, fr, limit, res)
        _unran_in_user_code(self.index, res, q, types, getattr(self._local, "callees", None))
        return res

    def _unheld_frame(self, q: ParsedQuery, res: Result, fr: list[Frame], types: list[str]) -> int | None:
        """The deepest library frame of a whole traceback when it is the error's site and no
        answer is of its library (frames first, issue #10 items 6-7); None otherwise.

        The frame (every frame below it, if any, is the standard library's, compiled code or the
        interpreter's: ``frames.outside_library``) stands, in the indexed release, on a line of
        the function it names holding no raise, assertion, warning or log call (no index entry
        there: the catalogue's ``_stands_at`` reading), and its printed line, if any, is a call
        (``frames.calls_only``): the error came out of that statement. When no answer is of the
        frame's codebase, that library has no raise of alike words, and every answer is another
        codebase's look-alike, which nothing in the paste points to (a Cython ``__getitem__``'s
        ``tuple indices must be integers`` answered by Django's ``Page.__getitem__``, textwrap's
        ``invalid width`` under Jinja2's ``do_wordwrap`` by click's vendored copy). The call
        rule's terms that this one drops: a frame above raising a call's result
        (``raise rewrite_traceback_stack(...)``) makes the frames below a trail only when the
        library may have raised the text itself, and a line whose call the code facts do not
        record is still the function's statement. The exception's line must follow the last
        frame (``_error_line_follows``: nothing cut), and the last frame, when outside the
        library, must make the error (a new raise or a call, not ``raise self._exc``)."""
        if not fr or not types or any(t.startswith("log.") for t in types):
            return None
        # Python 3.11 or later printed it (carets under a frame, or the interpreter's folder in
        # the frames' paths): each frame's line is its statement's first, the one that ran
        modern = any(_carets_line(line) for line in q.text.splitlines()) or _first_line_printer(fr)
        if not res.matches and not modern:
            return None
        at = next((i for i in range(len(fr) - 1, -1, -1) if not outside_library(fr[i].path)), None)
        if at is None or _FRAMES_REMOVED.search(q.text) is not None:
            return None
        frame, last = fr[at], fr[-1]
        name = fn_last(frame.function)
        if frame.line is None or not name or name.startswith("<"):
            return None
        printed = (frame.source or "").strip()
        if (
            printed
            and not frames.calls_only(frame)
            and not (modern and at == len(fr) - 1 and _evaluates(printed))
        ):
            return None
        if at < len(fr) - 1 and not frames.makes_error(last.source):
            return None
        if not _error_line_follows(q.text, last, types):
            return None
        release = self._frame_release(frame)
        callees = getattr(self._local, "callees", None)
        if release is None or callees is None:
            return None
        path, repo, version = release
        # the library's own raises of alike words are look-alikes only when the library cannot
        # have raised the text itself with its frames hidden: none fits exactly, no frame points
        # to one, and no frame above raises a call's result (jinja2's ``raise
        # rewrite_traceback_stack(...)`` drops its internal frames: ``Undefined``'s raise ran)
        # (an answer raising a built-in class the pasted one is not, nor one of its family, did
        # not raise it: Python prints the class raised, so it is no own raise of the text)
        own = [
            m
            for m in res.matches
            if m.repo == repo and type_relation(types, m.exc_type, m.kind)[0] != TYPE_DISAGREES
        ]
        if own and (
            not modern
            or any(not m.approximate or _pointed(m, fr) for m in own)
            or any(frames.raise_calls(f.source) for f in fr[:at])
        ):
            return None
        idx = self.index
        if any(
            idx.entry_repo(ei) == repo and idx.entries[ei][E_VERSION] == version
            for ei in idx.sites.get((path, frame.line), ())
        ):
            return None
        enclosing = callees.enclosing(repo, version, path, frame.line)
        return at if enclosing is not None and fn_last(enclosing) == name else None

    def _frame_site_answer(self, res: Result, fr: list[Frame], types: list[str], at: int) -> None:
        """The deepest library frame's statement first (``_unheld_frame``), approximate: nothing
        of the library holds the text, so nothing verifies it; the other codebases' raises of
        alike words after it, approximate too, as look-alikes the paste does not point to."""
        path = norm_path(fr[at].path)
        if res.matches:
            _only_approximate(
                res,
                f"the traceback's deepest library frame ({path}:{fr[at].line}) is no raise of this "
                "text, and no frame points to this raise",
            )
        self._call_answer(res, fr, types, at)

    def _call_answer(self, res: Result, fr: list[Frame], types: list[str], at: int | None = None) -> None:
        """The library's call the error was raised below (``FrameInfo.call_at``: compiled code,
        the standard library or the interpreter raised it, with no Python frame of the library
        under the call) put first, when no raise statement fits the text exactly. That call is
        the library's site of the error (pandas' ``array_strptime(...)`` whose Cython raised the
        ``ValueError``, pydantic's ``validate_python(...)`` whose Rust raised the
        ``ValidationError``): a raise statement elsewhere holding similar words is a look-alike.
        Approximate: no statement of the library holds the text, so nothing verifies it; an
        exact fit elsewhere keeps the first place (``_match_block`` asks only without one), and
        so does a log call of the call's own function (a handler's record of what it caught)."""
        at = res.call_at if at is None else at
        assert at is not None
        frame = fr[at]
        if frame.line is None:
            return
        line = frame.line
        callees = getattr(self._local, "callees", None)
        release = self._frame_release(frame)
        if release is None:
            return
        path, repo, version = release
        function = _frame_function(fr, at)
        if callees is not None and function and not function.startswith("<"):
            # the frame runs a function, and the indexed release holds no function at that line
            # (pydantic's ``BaseModel.__init__`` frame at a line where this release's class body
            # sets an attribute), or another function there (peewee 3's ``_connect`` frame at a
            # line of 4.x's ``Database`` methods): another release's line. The call it prints may
            # still be this release's, moved: the one call of that name in the function of the
            # frame's name. With no function there, no such call leaves no answer; with another
            # function there (it may be the frame's, renamed), the line stays
            outside = callees.outside_functions(repo, version, path, line)
            if outside or _other_function_at(callees.enclosing(repo, version, path, line), function):
                moved = callees.moved_call(
                    repo,
                    version,
                    path,
                    fn_last(function),
                    frames.names_called(frame.source or ""),
                    _dotted_calls(frame.source or ""),
                )
                if moved is None and outside:
                    return
                if moved is not None:
                    frame, line = replace(frame, line=moved), moved
        enclosing = callees.enclosing(repo, version, path, line) if callees is not None else None
        # the indexed release's function at that line, when it is the frame's (a traceback of
        # another release may print a line where the indexed file holds another function)
        if enclosing is not None and enclosing.rpartition(".")[2] == function.rpartition(".")[2]:
            function = enclosing
        below = "compiled code" if at == len(fr) - 1 else norm_path(fr[-1].path)
        where = f"{path}:{line}"
        reason = (
            f"the library's deepest frame calls code with no Python frame of the library below it "
            f"({below}), which raised the error: the call is where the library raised it; "
            "no raise statement holds the text, so it is not verified"
        )
        if at + 2 < len(fr) and frames.raise_calls(fr[at + 1].source):
            # (``frames.trail_caller``: a handler above generated code re-raised with its trail)
            reason = (
                f"the library's frame ran code generated at run time ({below}), whose error the "
                f"handler it called re-raised with a rebuilt trail ({(fr[at + 1].source or '').strip()}): "
                "no raise statement of the library is in that trail, so the call is where the library "
                "raised it; no raise statement holds the text, so it is not verified"
            )
        elif (frame.source or "").strip() and not frames.calls_only(frame):
            # (``_unheld_frame``: a subscript, an attribute's store, an operator, nothing below)
            reason = (
                "the library's deepest frame is a statement with no call and nothing below it: the "
                "interpreter raised the error evaluating it, there; no raise statement holds the "
                "text, so it is not verified"
            )
        call = Match(
            id=f"{CALL_KIND}:{repo}:{where}",
            repo=repo,
            version=version,
            kind=CALL_KIND,
            exc_type=types[0] if types else "",
            template=(frame.source or "").strip() or self._call_written(frame, path, repo, version),
            path=path,
            line=line,
            function=function,
            score=res.matches[0].score if res.matches else 0.0,
            approximate=True,
            reasons=[reason],
        )
        top = res.matches[0] if res.matches else None
        # the function by its qualified name when the code facts gave one, else by its last
        same = top is not None and (
            top.function == function if "." in function else fn_last(top.function) == function
        )
        if top is not None and top.kind == "log" and top.path == path and same:
            # the call's own function logs what it raised (its handler's ``logger.warning("Invalid
            # HTTP request received.", exc_info=exc)``, whose record the paste prints above the
            # traceback): that record is what the paste asks about, the call follows it
            res.matches.insert(1, call)
            return
        if top is not None and callees is not None and self._compiled_from(top, fr[at + 1 :], callees):
            # the compiled frames below the call run the top raise's own file, compiled: the
            # raise ran, the call only led to it
            call.reasons = [
                f"the library's deepest Python frame calls its compiled module ({below}), built from "
                f"{top.path}, whose raise above ran below this call"
            ]
            res.matches.insert(1, call)
            res.verdict = (
                f"no exact match: raised in the compiled build of {top.path} (its Cython frames lie "
                f"below the library's call at {where}); library templates like the message below"
            )
            return
        res.matches.insert(0, call)
        res.tie_some = None
        res.verdict = (
            f"no exact match: raised below the library's call at {where} ({function}), in code with "
            "no Python frame of the library (compiled, the standard library, the interpreter or a package "
            "the catalogue does not hold); "
            + ("library templates like the message below" if len(res.matches) > 1 else "no template holds it")
        )

    def _frame_release(self, frame: Frame) -> tuple[str, str, str] | None:
        """(catalogue path, codebase, version) of the release a library frame's file is read in:
        the newest release holding the file (the one a fresh install runs), or for a file of a
        held package that raises nothing itself (not in the index), its codebase's newest
        release; None when the catalogue cannot say."""
        idx = self.index
        path = idx.resolve_path(norm_path(frame.path))
        if path is not None:
            eis = idx.paths.head(path, MAX_POINTING)
            if self.repo is not None:
                eis = [ei for ei in eis if idx.entry_repo(ei) == self.repo]
            if not eis:
                return None
            e = idx.entries[max(eis, key=lambda ei: idx.entries[ei][E_DATE] or "")]
            return path, str(e[E_REPO]), str(e[E_VERSION])
        callees = getattr(self._local, "callees", None)
        path = norm_path(frame.path)
        holders = sorted(idx.package_holders(frames.site_top(path)))
        repo = self.repo if self.repo in holders else (holders[0] if holders else "")
        found = callees.newest(repo) if callees is not None and repo else None
        return None if found is None else (path, repo, found)

    def _stands_at(self, frame: Frame) -> str | None:
        """``frames.StandsAt``: what the release a frame's file is read in (``_frame_release``)
        records at the frame's line. A raise statement of the function the frame names there
        (an index entry of that release) raising what a call returns, as the first line the
        catalogue holds of it reads (``frames.raise_calls``), is ``RAISE_STANDS``; else, with
        no index entry on the line, a call made there by that
        function (a ``<genexpr>``'s or ``<lambda>``'s line by any function), from the code
        facts, is ``CALL_STANDS``, with no raise, assertion, warning or log call on the line. A
        frame printed without its source line then still names its statement:
        ``array_strptime(...)``, which compiled code below it raised from, as the printed line
        would say (``frames.calls_only``). None when the catalogue cannot say: no code facts,
        or a line whose call they do not record (they keep each callee's first call in a
        function, and no call of a built-in name)."""
        callees = getattr(self._local, "callees", None)
        release = self._frame_release(frame) if callees is not None and frame.line is not None else None
        if callees is None or release is None or frame.line is None:
            return None
        path, repo, version = release
        name = fn_last(frame.function)
        local = name is None or name.startswith("<")
        idx = self.index
        here = [
            ei
            for ei in idx.sites.get((path, frame.line), ())
            if idx.entry_repo(ei) == repo and idx.entries[ei][E_VERSION] == version
        ]
        made = [
            c for c in callees.calls_at(repo, version, path, frame.line) if local or fn_last(c.caller) == name
        ]
        if here:
            # a raise of what a call returns, as the statement the catalogue holds reads (``raise
            # rewrite_traceback_stack(...)``), not ``raise exc`` of one it holds, whose trail is its own
            own = [ei for ei in here if local or fn_last(idx.entry_func(ei)) == name]
            builds = any(
                idx.entry_facts(ei)[1].kind == "error" and frames.raise_calls(idx.entry_statement(ei))
                for ei in own
            )
            return frames.RAISE_STANDS if builds else None
        return frames.CALL_STANDS if made else None

    def _call_written(self, frame: Frame, path: str, repo: str, version: str) -> str:
        """The call a frame printed without its source line stands on, as the release's code
        facts record it (``_zeros._brentq(...)``), for the answer's template; "" when unknown."""
        callees = getattr(self._local, "callees", None)
        if callees is None or frame.line is None:
            return ""
        made = callees.calls_at(repo, version, path, frame.line)
        return f"{made[0].callee}(...)" if made else ""

    def _compiled_from(self, top: Match, below: list[Frame], callees: _StoredCallees) -> bool:
        """Whether raise ``top`` lies in the source of the compiled module the frames ``below``
        the library's call ran: a Cython frame (``.pyx``/``.pxd``, given its module's folder by
        the reader) of ``top``'s folder, and ``top``'s file written in Cython's pure-Python mode
        (it imports ``cython``: pyzmq's ``zmq/backend/cython/_zmq.py`` is what its ``socket.pyx``
        and ``checkrc.pxd`` frames became), as the catalogue's code facts of the release record.
        A plain Python file of that folder (a pure-Python fallback raising the same words) is no
        such source: the compiled twin ran instead of it, and the call stays first."""
        if top.kind not in ("error", "assertion"):
            return False
        folders = {p.rpartition("/")[0] for fr in below if (p := norm_path(fr.path)).endswith(CYTHON_FILES)}
        if not any(in_folder(top.path, folder) for folder in folders if folder):
            return False
        return callees.imports_cython(top.repo, top.version, top.path)

    def _documented_answer(self, res: Result, message: str, types: list[str]) -> None:
        """A message alone whose class is dotted with a package the catalogue does not hold
        (``pydantic_core._pydantic_core.ValidationError``: compiled code's class), with no raise
        fitting it exactly: the library functions documented to raise that class
        (``documented.documented_in``), in the codebases that raise it imported from that
        package only as caught (``raise ve``; a codebase writing ``raise HTTPError(msg)`` writes
        such messages itself, and its raises answer them), put first, each at its call into the
        code that raised. The message's words shared with each docstring's passage order them
        (``Invalid JSON`` goes to the function documented to raise it for "not a JSON string"),
        then the codebase's files and lines. Approximate, as every answer of compiled code is:
        no statement holds the text."""
        callees = getattr(self._local, "callees", None)
        dotted = [t for t in types if "." in t and not t.startswith("log.")]
        if callees is None or len(dotted) != 1:
            return
        idx = self.index
        top, name = dotted[0].partition(".")[0], dotted[0].rpartition(".")[2]
        if stdlib_module(dotted[0]) or idx.package_holders(top):
            return
        # the codebases raising the class they import from that package, none of them writing
        # its message (``raise Error(msg)``): only re-raising what the package's code raised
        raising: dict[str, bool] = {}
        for ei in idx.type_entries(dotted[0], MAX_POINTING):
            if imports_from(idx, ei, top):
                repo = idx.entry_repo(ei)
                raising[repo] = raising.get(repo, True) and not _constructs(idx.entry_statement(ei), name)
        repos = {repo for repo, relays_only in raising.items() if relays_only}
        if self.repo is not None:
            repos &= {self.repo}
        found: list[tuple[int, str, str, str, Documented]] = []
        for repo in sorted(repos)[:MAX_DOCUMENTING]:
            version = callees.newest(repo)
            if version is None:
                continue
            for path, doc in callees.documented(repo, version, name, top):
                found.append((-overlap(message, doc.passage, name), repo, version, path, doc))
        if not found:
            return
        found.sort(key=lambda f: (f[0], f[1], f[3], f[4].call.line))
        method = whole_input_method(message) if name == "ValidationError" else None
        if method is not None:
            # the listing's shape names the method that validated the input (a stable sort: the
            # rest keep their order)
            found.sort(key=lambda f: fn_last(f[4].function.qualname) != method)
        calls = [
            self._documented_match(repo, version, path, doc, dotted[0])
            for _, repo, version, path, doc in found
        ]
        score = res.matches[0].score if res.matches else 0.0
        for m in calls:
            m.score = score
        res.matches[:0] = calls[:MAX_TYPED]
        res.tie_some = None
        first = calls[0]
        res.verdict = (
            f"no exact match: {name} is raised by code the catalogue does not hold ({top}); "
            f"{first.function} is documented to raise it, below its call at {first.path}:{first.line}"
        )

    def _raised_by_answer(self, res: Result, message: str, types: list[str]) -> None:
        """A message alone that one standard-library callable raises (``raisedby.raised_by``:
        ``random.sample``'s ``Sample larger than population or is negative``), with no raise
        fitting it exactly: the catalogue's calls of that callable (the code facts' call edges,
        in the newest release of each codebase, or of the one asked about) are where a library
        raised it, the judge's deepest library frame. Put first when there are at most
        ``MAX_RAISED_BY`` of them, ranked by how few there are: one stands alone, a few are a
        tie the verdict owns up to; with more, the message is no clue to which, and the answers
        stay as they were (the verdict says so). Approximate, as every answer of code with no
        raise of the text: the library's statement is a call, not the raise."""
        row = raised_by(message, types)
        callees = getattr(self._local, "callees", None)
        if row is None or callees is None or (res.matches and res.matches[0].is_call):
            return  # (a documented function's call answered already: ``_documented_answer``)
        # the codebases by the packages the index holds of them (not the store's list of
        # codebases, which opens the whole catalogue: a second's import for one query)
        held = {repo for repos in self.index.packages().values() for repo in repos}
        repos = [self.repo] if self.repo is not None else sorted(held)
        found: list[tuple[str, str, CallRow]] = []
        for repo in repos:
            version = callees.newest(repo)
            if version is None:
                continue
            named = callees.calls_named(repo, version, row.names())
            # a callee written bare or through an alias is read as its file's import spells it
            spelt = callees.imported_callees(repo, version, [c for c in named if not row.calls(c.callee)])
            calls = [c for c in named if row.calls(c.callee) or row.calls(spelt.get((c.path, c.line), ""))]
            if row.keyword is not None:
                calls = [
                    c for c in calls if row.passes_keyword(callees.call_text(repo, version, c.path, c.line))
                ]
            found += [(repo, version, c) for c in calls]
            if len(found) > MAX_RAISED_BY:
                res.verdict += (
                    f"; raised by {row.callable}, which the indexed libraries call at more than "
                    f"{MAX_RAISED_BY} places: a tie the message alone does not break"
                )
                return
        if not found:
            return
        found.sort(key=lambda f: (f[0], f[2].path, f[2].line))
        calls = [self._raised_by_match(repo, version, c, row, types) for repo, version, c in found]
        where = [f"{m.path}:{m.line}" for m in calls]
        if len(calls) > 1:
            for m in calls:
                m.tied_with = [w for w in where if w != f"{m.path}:{m.line}"]
        score = res.matches[0].score if res.matches else 0.0
        for m in calls:
            m.score = score
        res.matches[:0] = calls
        res.tie_some = None
        first = calls[0]
        said = (
            f"{first.function} calls it at {where[0]}"
            if len(calls) == 1
            else f"a tie: the indexed libraries call it at {len(calls)} places ({', '.join(where)})"
        )
        res.verdict = f"no exact match: raised by {row.callable} (the standard library), which {said}"

    def _signature_answer(self, res: Result, message: str, types: list[str]) -> None:
        """A message alone that is the interpreter's about a call's arguments, naming a
        callable an indexed codebase defines (``signature``: ``LogScale.__init__() got an
        unexpected keyword argument 'basey'``), with no raise fitting it exactly: the calls of
        that codebase that can make it (its decorator's call of the wrapped callable, the
        class's ``cls(...)``, its calls passing what the message says) are the judge's deepest
        library frame. Put first when there are at most ``MAX_SIGNATURE`` (a tie the verdict
        owns up to), above look-alike raises of other codebases, which fit the words but not
        the callable; the defining codebase's own raises that lead stay first. Approximate:
        no statement holds the text."""
        err = signature_error(message, types)
        callees = getattr(self._local, "callees", None)
        if err is None or callees is None or (res.matches and res.matches[0].is_call):
            return
        held = {repo for repos in self.index.packages().values() for repo in repos}
        found: list[tuple[str, str, str, int, str, str]] = []
        for repo in [self.repo] if self.repo is not None else sorted(held):
            version = callees.newest(repo)
            if version is not None:
                found += [(repo, version, *site) for site in callees.signature_sites(repo, version, err)]
            if len(found) > MAX_SIGNATURE:
                res.verdict += (
                    f"; the indexed libraries call {err.qualname} at more than {MAX_SIGNATURE} "
                    "places that can pass what the message says: a tie the message alone does not break"
                )
                return
        if not found:
            return
        found.sort(key=lambda f: (f[0], f[2], f[3]))
        calls = [
            Match(
                id=f"{CALL_KIND}:{repo}:{path}:{line}",
                repo=repo,
                version=version,
                kind=CALL_KIND,
                exc_type=types[0] if types else "TypeError",
                template=f"{callee}(...)",
                path=path,
                line=line,
                function=caller,
                score=res.matches[0].score if res.matches else 0.0,
                approximate=True,
                reasons=[
                    f"the interpreter's message about the arguments of {err.qualname}, which this "
                    "library defines with a signature that agrees; this call can pass what the "
                    "message says, so it is the library's frame above the error; no statement "
                    "holds the text, so it is not verified"
                ],
            )
            for repo, version, path, line, caller, callee in found
        ]
        where = [f"{m.path}:{m.line}" for m in calls]
        if len(calls) > 1:
            for m in calls:
                m.tied_with = [w for w in where if w != f"{m.path}:{m.line}"]
        repos = {m.repo for m in calls}
        lead = next((i for i, m in enumerate(res.matches) if m.repo not in repos), len(res.matches))
        res.matches[lead:lead] = calls
        res.tie_some = None
        if lead == 0:
            said = (
                f"{calls[0].function} calls it at {where[0]}"
                if len(calls) == 1
                else f"a tie: the library calls it at {len(calls)} places ({', '.join(where)})"
            )
            res.verdict = (
                f"no exact match: the interpreter's message about the arguments of {err.qualname}; {said}"
            )

    @staticmethod
    def _raised_by_match(repo: str, version: str, call: CallRow, row: RaisedBy, types: list[str]) -> Match:
        """The answer (``CALL_KIND``) of one library call of the callable that raises the text."""
        where = f"{call.path}:{call.line}"
        return Match(
            id=f"{CALL_KIND}:{repo}:{where}",
            repo=repo,
            version=version,
            kind=CALL_KIND,
            exc_type=types[0] if types else row.exc_type,
            template=f"{call.callee}(...)",
            path=call.path,
            line=call.line,
            function=call.caller,
            score=0.0,
            approximate=True,
            reasons=[
                f"raised by {row.callable}, which the library calls here: the standard library's "
                f"text ({row.exc_type}: {row.template}), not a raise of the library's, so it is not verified"
            ],
        )

    @staticmethod
    def _documented_match(repo: str, version: str, path: str, doc: Documented, exc_type: str) -> Match:
        """The answer (``CALL_KIND``) of one function documented to raise the pasted class."""
        where = f"{path}:{doc.call.line}"
        passage = " ".join(doc.passage.split())
        return Match(
            id=f"{CALL_KIND}:{repo}:{where}",
            repo=repo,
            version=version,
            kind=CALL_KIND,
            exc_type=exc_type,
            template=f"{doc.call.callee}(...)",
            path=path,
            line=doc.call.line,
            function=doc.function.qualname,
            score=0.0,
            approximate=True,
            reasons=[
                f"its docstring says it raises the pasted class ({passage}); the library only "
                "re-raises that class, whose package the catalogue does not hold (compiled code), so "
                "the error is raised below this call, the first of the function's calls that can "
                "reach it; no statement holds the text, so it is not verified"
            ],
        )

    def _class_named_in_text(
        self, q: ParsedQuery, message: str, types: list[str], fr: list[Frame], limit: int
    ) -> Result | None:
        """No exact answer with words of its own (a ``raise err`` of the class prints any text),
        and a log record's text opened with ``Name: `` (read as the class of an exception): a
        program that logs what it caught often writes the class's name itself
        (``logger.error(f"{type(e).__name__}: {e}")``, ``f"{exc.__class__.__name__}: ..."``).
        The record's text is tried whole, with the class's name in it, as that statement's
        message; its answer is taken only when it is exact."""
        logged = [t for t in types if t.startswith("log.")]
        named = [t for t in types if not t.startswith("log.")]
        if not logged or len(named) != 1 or not message:
            return None
        retry = self._match(q, f"{named[0]}: {message}", logged, fr, limit)
        if not retry.exact_top:
            return None
        for m in retry.matches:
            m.reasons.append(f"the logged text names the class it caught ({named[0]}: ...)")
        return retry

    def _named_class(
        self, q: ParsedQuery, message: str, types: list[str], fr: list[Frame], limit: int
    ) -> Result | None:
        """Nothing answered a message with no frame, printed as a class its module qualifies
        (``ollama._types.ResponseError: ...``) whose package is indexed: the class and its
        package are all the paste says, and its raises there are where it came from, whatever
        the text (another release's ``__str__`` added a suffix, the text is a server's). Those
        raises are the answers, approximate, ordered by the ranking's tie-breaks; tried last,
        so a message a template fits, or a word of it read as a class, goes first. With frames,
        ``Ranker._typed_pointed`` already keeps them; without a module, a class's name alone
        is too common a word to stand for one library's raises."""
        held = self.index.package_holders
        if fr or not any("." in t and held(t.partition(".")[0]) for t in types):
            return None
        res = self._match(q, message, types, fr, limit, named=True)
        if not res.matches:
            return None
        why = "the paste names this class with its module, and no template of it fits the text"
        for m in res.matches:
            m.approximate = True
            m.reasons.append(why)
        res.verdict = f"no exact match: {why}; its raises in that package below"
        return res

    def _embedded(
        self, q: ParsedQuery, message: str, types: list[str], fr: list[Frame], limit: int
    ) -> Result | None:
        """No exact answer: the message may carry the error as Python printed it after other
        text (a log line, a test runner's summary, a wrapper's "Command raised an exception:
        ServerSelectionTimeoutError: ..."). The text after the last ``Class: `` naming an
        exception class (one the catalogue raises, or a built-in one) is tried as the message,
        with that class as the pasted type; its answer is taken only when it is exact. A text
        that opens with ``(pkg.Class) `` is a wrapper's print of the error it caught
        (``class_in_parentheses``): that class and the text after it are the error."""
        inner = embedded_error(message, self.index)
        if inner is None:
            return None
        name, rest = inner
        named = [name, *types]
        if (caught := class_in_parentheses(rest)) is not None:
            named.insert(0, caught[0])
            rest = caught[1]
        retry = self._match(q, rest, list(dict.fromkeys(named)), fr, limit, guessed=True)
        if not retry.exact_top:
            return None
        for m in retry.matches:
            m.reasons.append(f"the error is {name}: ..., printed after other text")
        return retry

    def _as_printed(
        self, q: ParsedQuery, message: str, types: list[str], fr: list[Frame], limit: int
    ) -> Result | None:
        """No exact answer: the text is a wrapper's words around another raise's message, which
        the parser read otherwise. A wrapper or a class often prints words the parser takes for
        the paste's own: a class's name at the head of its text (``f"{type(self).__name__}:
        {message}"``, ``f"Error: {e}"`` around a caught error), which looks like a further
        ``Class: `` prefix (``printed_prefixes``), and rules between the lines of a hint
        appended to a caught error's text (``f"{e.message}{HINT}"``), which look like a paste's
        separators (``ruled_message``): the message as the paste printed it is the wrapper's.
        A wrapper in another package that prints the caught error as ``(pkg.Class) text``
        (``class_in_parentheses``) leaves the raise of that class as the site: its text is
        read alone, as that class, and then its first line (the wrapper's lines follow it).
        Each reading is tried in turn; its answer is taken only when it is exact. At most a few
        readings: the prefixes of one line, the rules put back, the two of the class shown."""
        ruled = ruled_message(q.text, message)
        around = "the raise printed the words the paste shows around the text (read as the message's own)"
        # a class's name put back must be the answer's own first words: a template that fits
        # the text after them (with them as text before it) explains nothing the first reading
        # did not, and a confident fit of it there is a coincidence of the longer text
        readings = [(t, types, around, t.partition(":")[0] + ":") for t in printed_prefixes(q.text, message)]
        if ruled is not None:
            readings.append((ruled, types, around, ""))
        if (whole := self._unknown_class_head(q.text, message, types)) is not None:
            readings.append((whole, [], around, whole.partition(":")[0] + ":"))
        if (caught := class_in_parentheses(message)) is not None:
            name, text = caught
            inner = list(dict.fromkeys([name, *types]))
            why = f"another package caught this error and printed it as ({name}) text"
            readings.append((text, inner, why, ""))
            if "\n" in text.strip():
                readings.append((text.strip().split("\n", 1)[0], inner, why + ", its own lines after it", ""))
        for text, named, reason, head in readings:
            retry = self._match(q, text, named, fr, limit)
            if retry.exact_top and _opens_with(retry.matches[0].template, head):
                for m in retry.matches:
                    m.reasons.append(reason)
                return retry
        return None

    def _printed_head(
        self, q: ParsedQuery, message: str, types: list[str], fr: list[Frame], limit: int, res: Result
    ) -> Result | None:
        """An exact answer of placeholders alone (``raise Error(a)`` recorded as ``{a}``)
        explains none of the text, and a further ``Class: `` prefix the parser took off before
        it may be words the class printed itself (``__str__`` returning ``f"Error:
        {self.expr!r}"``, which Python shows after the class: ``pkg.Error: Error: 'a'``): the
        readings of ``_as_printed`` put them back, and one fitting exactly with words of its own
        is the better answer; None otherwise (a bare fit stands when nothing else fits)."""
        if not res.exact_top:
            return None
        alt = self._as_printed(q, message, types, fr, limit)
        return alt if alt is not None and _worded_exact(alt) else None

    def _unknown_class_head(self, text: str, message: str, types: list[str]) -> str | None:
        """The pasted line ``Word: text`` whole, when ``Word`` is no class at all: not a
        built-in one and none a codebase of the catalogue defines or raises. A program's own
        text may open with a class-like word and a colon (pytest's ``fail(f"ScopeMismatch: You
        tried to access ...")``, printed without the ``Failed:`` in front), which the parser
        takes for the class Python printed. Only one plain prefix is read so (``printed_prefixes``
        reads a module-qualified one, or several); the word must be the answer's own opening
        text (``_as_printed``), so a class the catalogue knows keeps its one reading."""
        if len(types) != 1 or "." in types[0] or is_builtin(types[0]):
            return None
        name = types[0]
        first = message.split("\n", 1)[0].strip()
        if not first or f"{name}: {first}" not in text:
            return None
        idx = self.index
        if idx.type_entries(name, 1) or type_key(name) in idx.type_bases():
            return None
        return f"{name}: {message}"

    def _quoted_tail(
        self, q: ParsedQuery, message: str, types: list[str], fr: list[Frame], limit: int
    ) -> Result | None:
        """No exact answer: the text may end with an error's message in quotes after a
        program's own words (a scheduler's banner ``Broken job: [jobs/x.py] 'Setting y is not set'``):
        ``str()`` of a KeyError is its text's repr, and a program printing an error it caught
        after its words often quotes it. The quoted text (``quoted_tail``) is tried as the
        message; its answer is taken only when it is exact with words of its own (a raise that
        passes any text through fits any quoted text)."""
        return self._inner_text(
            q,
            [quoted_tail(message)],
            types,
            fr,
            limit,
            "the error's text is quoted at the end of other words",
        )

    def _angle_quoted(
        self, q: ParsedQuery, message: str, types: list[str], fr: list[Frame], limit: int
    ) -> Result | None:
        """No exact answer: the line may be an application's one-line summary holding the
        error's text between ``<<`` and ``>>`` (``angle_quoted``), perhaps cut at both ends
        (``<<...text ...>>``). That text is tried as the message, then without its cut marks;
        its answer is taken only when it is exact with words of its own."""
        inner = angle_quoted(message)
        texts = [inner, _without_truncation_marker(inner)] if inner is not None else []
        return self._inner_text(
            q, texts, types, fr, limit, "the error's text is the part between << and >> of other words"
        )

    def _program_warning(
        self, q: ParsedQuery, message: str, types: list[str], fr: list[Frame], limit: int
    ) -> Result | None:
        """No exact answer: the text may be a program's own print of its warnings, each line
        ``Name warning: `` and a warning's text (coverage 4 and 5 wrote ``Coverage.py warning:
        No data was collected. (no-data-collected)`` to stderr; 6 and later go through
        ``warnings``). The last record's text (``program_warning_text``) is tried as the
        message; its answer is taken only when it is exact with words of its own."""
        return self._inner_text(
            q,
            [program_warning_text(message)],
            types,
            fr,
            limit,
            "the warning's text follows the program's own `Name warning: ` label",
        )

    def _set_apart(
        self, q: ParsedQuery, types: list[str], fr: list[Frame], limit: int, res: Result
    ) -> Result | None:
        """No exact answer: a paste of the reporter's prose with no traceback may set the error
        apart inside it (``set_apart``): a code span (``Got `Invalid kube-config file. ...` when
        I use``), a phrase in double quotes (``I am getting "RuntimeError: This class is not
        fork-safe" when I call``), or a Markdown quote between two paragraphs of theirs. The
        marks say where the error starts and ends, which the words around them would otherwise
        blur into a worded approximation. Each part is read as the message, a ``Class: `` it
        opens with as the pasted class; its answer is taken only when it is exact with words of
        its own (a template of placeholders alone fits any part) and not a message of Python's
        own. A part a value of the first answer so far holds is left alone: that answer's
        template prints the quotes around it (``"{plugin}" failed during execution due to
        "{exc}"``), the part is the caught error's text inside a wrapper's, not the reporter's.
        A paste whose parse read a class (an exception line, ``Cls: 1:10 : 'a: "x"': text``)
        is no prose: the quotes there are the message's own."""
        if fr or q.frames or types:
            return None
        held = list(res.matches[0].values.values()) if res.matches else []
        for text in set_apart(q.text):
            if any(text in value for value in held):
                continue
            named = types
            inner = embedded_error(text, self.index)
            if inner is not None and text.startswith(inner[0]):
                text, named = inner[1], list(dict.fromkeys([inner[0], *types]))
            retry = self._match(q, text, named, fr, limit)
            if _worded_exact(retry) and retry.builtin is None:
                for m in retry.matches:
                    m.reasons.append(
                        "the error's text is the part the paste sets apart in the reporter's prose"
                    )
                return retry
        return None

    def _inner_text(
        self,
        q: ParsedQuery,
        texts: list[str | None],
        types: list[str],
        fr: list[Frame],
        limit: int,
        reason: str,
    ) -> Result | None:
        """The first of ``texts`` (a part of the message other words surround; None: no such
        part) whose answer is exact with words of its own, that answer saying ``reason``; else
        None. A raise passing any text through fits any part exactly, and proves nothing."""
        for text in texts:
            if text is None:
                continue
            retry = self._match(q, text, types, fr, limit)
            if _worded_exact(retry):
                for m in retry.matches:
                    m.reasons.append(reason)
                return retry
        return None

    def _cut_at_lines(
        self, q: ParsedQuery, message: str, types: list[str], fr: list[Frame], limit: int
    ) -> Result | None:
        """A message of several lines that no template fits whole, read without its last lines
        where the next of them is another program's output (pip's ``ERROR: Command errored out
        ...``, a shell prompt, a logger's next record: ``other_program_line``), which follows the
        exception line with no blank line or header to tell it from a message that goes on. Any
        other line is kept: a class's own text may go on (a YAML mark, a note), and a sentence
        after the message is the user's, not a reason to call a shorter template exact. The
        longest head that a template fits exactly is the reading kept, unless a value runs over
        a kept line's end (the cut did not end the template). At most ``MAX_LINE_CUTS`` heads
        are tried, the last lines dropped one by one: the work is bounded whatever the paste."""
        lines = message.strip().split("\n")
        for keep in range(len(lines) - 1, max(len(lines) - 1 - MAX_LINE_CUTS, 0), -1):
            head = "\n".join(lines[:keep]).strip()
            after = next((ln for ln in lines[keep:] if ln.strip()), "")
            if not head or head.endswith(":") or not other_program_line(after):
                continue  # a line ending in a colon announces the lines after it
            retry = self._match(q, head, types, fr, limit)
            best = retry.matches[0] if retry.matches else None
            # a value running over a kept line's end is a placeholder swallowing the next line,
            # not a template that ends where the cut does
            if best is not None and not best.approximate and not any("\n" in v for v in best.values.values()):
                retry.verdict += (
                    f" (the message's first {keep} of {len(lines)} lines; the rest read as other output)"
                )
                return retry
        return None

    def _noted(
        self, q: ParsedQuery, message: str, types: list[str], fr: list[Frame], limit: int
    ) -> Result | None:
        """A message of several lines that no template fits whole, read without its last
        ``MAX_NOTE_LINES`` lines as the exception's notes: Python 3.11 and later print each
        ``exc.add_note(...)`` text on a line of its own after the message, with nothing to tell
        it from the message going on (only the code knows). A head is kept only when a template
        with words of its own fits it exactly and ends there (no value runs over a kept line's
        end, and not by loosening a value's quotes), the head does not end in a colon (which
        announces the lines after it) and each line left out opens with a letter
        (``_note_line``); the longest such head is the reading. None otherwise, and when the
        paste names no class: a
        note follows a printed ``Class: text`` line, while lines of bare text are more often a
        log's records one after another (a warning's line, then the error's)."""
        if not q.exc_type:
            return None
        lines = message.strip().split("\n")
        for keep in range(len(lines) - 1, max(len(lines) - 1 - MAX_NOTE_LINES, 0), -1):
            head = "\n".join(lines[:keep]).strip()
            if not head or head.endswith(":") or not all(_note_line(ln) for ln in lines[keep:]):
                continue
            retry = self._match(q, head, types, fr, limit)
            best = retry.matches[0] if retry.matches else None
            # (a fit whose quotes were loosened is a guess of its own: a value's quotes lost,
            # the lines after it a note, together too little to call exact)
            if (
                best is not None
                and _worded_exact(retry)
                and not any("\n" in v for v in best.values.values())
                and candidates.LOOSENED not in best.reasons
            ):
                retry.verdict += (
                    f" (the message's first {keep} of {len(lines)} lines; the rest read as notes)"
                )
                return retry
        return None

    def _from_line(
        self, q: ParsedQuery, message: str, types: list[str], fr: list[Frame], limit: int, res: Result
    ) -> Result:
        """A message of several lines that no template fits exactly, read from a later line on,
        where the line before it introduces it (``introduced_lines``: "I get this error
        message:", a tool's "There was a critical error during execution of X:", a shell
        prompt, pip's ``WARNING: ...``). Those lines are what the user or a program printed
        before the error, not its text; a line ending otherwise may be the message's own first
        line, and is kept. The tail is read as a paste of its own (a ``Class: text`` line there
        names its class). One acceptance rule, the longest tail first: a tail's reading replaces
        the one so far when its first answer is better (``_better``: an answer over none, exact
        over approximate, and between two approximate ones the higher score), so the first exact
        tail ends the search. Only lines that announced the error are left out, never a part of
        a line. At most ``MAX_LINE_STARTS`` tails are tried, the earliest first."""
        lines = message.strip().split("\n")
        for k in introduced_lines(lines)[:MAX_LINE_STARTS]:
            t = parse_query("\n".join(lines[k:]))
            b = t.blocks[t.primary] if t.blocks else None
            tail, named = (b.message, b.exc_types) if b else (t.message, t.exc_types)
            if not tail.strip() or (b.frames if b else t.frames):
                continue
            retry = self._match(q, tail, list(dict.fromkeys([*named, *types])), fr, limit)
            if _better(retry, res):
                retry.verdict += f" (the message's last {len(lines) - k} of {len(lines)} lines; the lines before introduce it)"
                res = retry
                if retry.exact_top:
                    break
        # (a sentence after the line too: the exception line alone)
        return res if res.exact_top else self._lone_line(q, message, types, fr, limit, res)

    def _line_readings(
        self, q: ParsedQuery, message: str, types: list[str], fr: list[Frame], limit: int, res: Result
    ) -> Result:
        """A message of several lines with no exact answer, read in part, each reading tried
        while none is exact: without its last lines (``_cut_at_lines``), from a later line on
        (``_from_line``), and without an application's words before its first line's text
        (``_after_head``)."""
        res = self._cut_at_lines(q, message, types, fr, limit) or res
        if not res.exact_top:
            res = self._from_line(q, message, types, fr, limit, res)
        if not res.exact_top:
            res = self._noted(q, message, types, fr, limit) or res
        if not res.exact_top:
            res = self._after_head(q, message, types, fr, limit) or res
        if not res.exact_top:
            res = self._first_paragraph(q, message, types, fr, limit) or res
        if not res.exact_top:
            res = self._repeated(q, message, types, fr, limit) or res
        if not res.exact_top:
            res = self._after_lead_in(q, message, types, fr, limit) or res
        return res

    def _after_lead_in(
        self, q: ParsedQuery, message: str, types: list[str], fr: list[Frame], limit: int
    ) -> Result | None:
        """A reporter's sentence that names the error and gives its text on the same line, after
        a colon ("When importing tqdm in notebook, it is showing error: IProgress not found.
        ..."), among sentences of their own: the text after that lead-in (``_LEAD_IN``), to the
        line's end, read as a paste of its own (a ``Class: text`` there names its class).
        ``introduced_lines`` splits only at a line's start; here the reporter's words and the
        error share one line. Taken only when a template with words of its own fits that text
        exactly (``_worded_exact``): words after "error:" in a sentence are often the reporter's
        own account, worth no approximate answer over the whole paste's. The first lead-in of
        each line is tried, on at most ``MAX_LINE_STARTS`` lines, the earliest first.

        Only in a paste that names no class (a log record's level is none): under a class's
        error line the lines are that error's text, and a library's own words hold such lead-ins
        too (``configuration error: `project.license` must be ...`` inside setuptools' message)."""
        if any(not t.startswith("log.") for t in types):
            return None
        tried = 0
        for line in message.strip().split("\n")[:MAX_LEAD_IN_LINES]:
            m = _LEAD_IN.search(line, 0, MAX_LEAD_IN_AT)
            if m is None or not line[: m.start()].strip() or not line[m.end() :].strip():
                continue
            retry = self._line_alone(q, line[m.end() :].strip(), message, types, fr, limit)
            if retry is not None and _worded_exact(retry):
                retry.verdict += " (the text after a lead-in in the reporter's sentence)"
                return retry
            tried += 1
            if tried >= MAX_LINE_STARTS:
                break
        return None

    def _script_report(
        self, q: ParsedQuery, message: str, types: list[str], fr: list[Frame], limit: int, res: Result
    ) -> Result:
        """``res``, or the library's line after a script's traceback (``_reported_after_script``)
        when ``res`` is not exact, is a log record's, or is that same raise read from a part of
        the message."""
        after = self._reported_after_script(q, message, types, fr, limit) if "\n" in message.strip() else None
        if after is not None and (
            not res.exact_top
            or res.matches[0].exc_type.startswith("log.")
            or after.matches[0].id == res.matches[0].id
        ):
            return after
        return res

    def _reported_after_script(
        self, q: ParsedQuery, message: str, types: list[str], fr: list[Frame], limit: int
    ) -> Result | None:
        """No exact answer: a traceback of a built-in class none of whose frames is the
        catalogue's (a script the library ran: a project template's hook copied to a temporary
        file, failing with ``FileNotFoundError``), whose message goes on after its first line
        with what the library printed on catching that failure (cookiecutter's log record
        ``Stopping generation because ...``, then its own error ``Hook script failed (exit
        status: 1)``). The first line is the script's error, in code the catalogue does not hold;
        a later line that a raise fits exactly with words of its own, read alone, is the
        library's error the user met, and the answer. The last such line is taken (the error is
        printed after the log record written while handling it), among the message's last
        ``MAX_LINE_STARTS`` lines; a log record's template is no raise, and the script's frames
        are not that raise's, so they are not read with it."""
        if not fr or not types or not all(is_builtin(t) for t in types):
            return None
        if frames.frame_info(self.index, fr).lib:
            return None  # a frame of the catalogue: the error is the library's, its text whole
        lines = message.strip().split("\n")
        for line in reversed(lines[1:][-MAX_LINE_STARTS:]):
            t = parse_query(line.strip()) if line.strip() else None
            b = t.blocks[t.primary] if t is not None and t.blocks else None
            if t is None or (b.frames if b else t.frames):
                continue
            alone, named = (b.message, b.exc_types) if b else (t.message, t.exc_types)
            if not alone.strip() or alone.strip() == message.strip():
                continue
            retry = self._match(q, alone, list(named), [], limit)
            if _worded_exact(retry) and not retry.matches[0].exc_type.startswith("log."):
                retry.verdict += " (a line after the script's error: the library's report of it)"
                retry.matches[0].reasons.append(_AFTER_SCRIPT)
                return retry
        return None

    def _repeated(
        self, q: ParsedQuery, message: str, types: list[str], fr: list[Frame], limit: int
    ) -> Result | None:
        """No exact answer: a message of several lines, each one raise's text with other values
        (a crawler's log printing the same error once per link: ``Unsupported URL scheme
        'mailto': ...`` then ``Unsupported URL scheme 'about': ...``). Joined, the lines fit no
        template whole, and no line is an introduction, a note or other output to drop; read
        alone, each fits the same raise exactly with words of its own, so the paste is that
        raise's text repeated and the first line's reading is the answer. Only when every
        non-blank line (two to ``MAX_REPEATED_LINES``, each read as a paste of its own, so a
        ``Class: text`` line names its class) reads so: a line that fits another raise, or none
        exactly, is other text, and the message stays as it was read.

        When the whole does not read so, the message's last paragraph alone is tried the same
        way: a log viewer's heading (Home Assistant's ``Logger:``/``Source:``/``First
        occurred:`` block) or the reporter's sentence, then a blank line and the records. The
        lines before the paragraph are never read as the error; each record must still fit the
        same raise exactly."""
        whole = self._repeated_lines(q, message, types, fr, limit)
        if whole is not None:
            return whole
        paragraphs = [p for p in re.split(r"\n[ \t]*\n", message.strip()) if p.strip()]
        if len(paragraphs) < 2:
            return None
        last = self._repeated_lines(q, paragraphs[-1], types, fr, limit)
        if last is not None:
            last.verdict += "; they are its last paragraph, the paragraphs before it a heading"
        return last

    def _repeated_lines(
        self, q: ParsedQuery, message: str, types: list[str], fr: list[Frame], limit: int
    ) -> Result | None:
        """``_repeated``'s reading of MESSAGE: every non-blank line one raise's text exactly."""
        lines = [ln.strip() for ln in message.strip().split("\n") if ln.strip()]
        if not 2 <= len(lines) <= MAX_REPEATED_LINES:
            return None
        first: Result | None = None
        for line in lines:
            t = parse_query(line)
            b = t.blocks[t.primary] if t.blocks else None
            alone, named = (b.message, b.exc_types) if b else (t.message, t.exc_types)
            if not alone.strip():
                return None
            retry = self._match(q, alone, list(dict.fromkeys([*named, *types])), fr, limit)
            if not _worded_exact(retry) or (first is not None and retry.matches[0].id != first.matches[0].id):
                return None
            first = first or retry
        assert first is not None
        first.verdict += f" (each of the message's {len(lines)} lines alone: one raise's text repeated)"
        return first

    def _first_paragraph(
        self, q: ParsedQuery, message: str, types: list[str], fr: list[Frame], limit: int
    ) -> Result | None:
        """No exact answer: a message that names no class, in paragraphs, read as its first
        paragraph alone (an issue's title or opening sentence holding the error's text, then a
        blank line and the reporter's question or a link to a workaround). A class-less paste has
        no ``Class: `` line to say where the error ends, and a paragraph of the reporter's words
        after the text dilutes its fit to a worded approximation. The first paragraph is read as
        a message of its own (every reading of it: a quoted part, a rewording); its answer is
        taken only when it is exact with words of its own and no value runs over a line's end
        (the paragraph ended the template). A pasted class keeps its lines (a note, a message of
        several paragraphs: ``_noted``), and a traceback its message.

        Markdown headings opening the message (an issue template's ``### Actual behavior``) are
        the template's words over the paragraph, not a paragraph of it: the first paragraph is
        the one under them."""
        if types or fr:
            return None
        lines = message.strip().split("\n")
        start = 0
        while start < len(lines) and (not lines[start].strip() or _MD_HEADING.match(lines[start])):
            start += 1
        lines = lines[start:]
        blank = next((k for k, ln in enumerate(lines) if not ln.strip()), None)
        if blank is None:
            return None
        head = "\n".join(lines[:blank]).strip()
        if not head or head.endswith(":"):
            return None  # a line ending in a colon announces the paragraph after it
        retry = self._match_block(q, head, types, fr, limit)
        best = retry.matches[0] if retry.matches else None
        if best is None or not _worded_exact(retry) or any("\n" in v for v in best.values.values()):
            return None
        retry.verdict += " (the message's first paragraph; the paragraphs after it read as the reporter's)"
        return retry

    def _after_head(
        self, q: ParsedQuery, message: str, types: list[str], fr: list[Frame], limit: int
    ) -> Result | None:
        """No exact answer: a message of several lines whose first line opens with an
        application's words before the error's text (``first_line_heads``: ``X Init failed:
        while scanning a simple key`` over the YAML marks). A template fit tolerates words before
        a line's text, but over several lines the head makes the whole a worded approximation.
        Each reading is tried, the shortest cut first; its answer is taken only when it is exact
        with words of its own (a template of placeholders alone fits any text)."""
        for text in first_line_heads(message):
            retry = self._match(q, text, types, fr, limit)
            if _worded_exact(retry):
                retry.verdict += " (the first line's text after an application's words before it)"
                return retry
        return None

    def _lone_line(
        self, q: ParsedQuery, message: str, types: list[str], fr: list[Frame], limit: int, res: Result
    ) -> Result:
        """A message of several lines that no template fits exactly, one of whose lines is the
        exception line with its module-qualified class (``lone_exception_line``) and the others
        the reporter's sentences before and after it (a fenced line between "fails with the
        error" and "which is caught and ignored"). ``_from_line`` drops only lines before; a
        sentence after the line still dilutes an older wording's word overlap below the answer
        floor. That line is read as a paste of its own, and its reading replaces the one so
        far when its first answer is better (``_better``)."""
        lines = message.strip().split("\n")
        found = lone_exception_line(lines)
        if found is None or found[0] == 0 or sum(1 for ln in lines[found[0] + 1 :] if ln.strip()) > 2:
            return res  # (the line first, or many lines after it: they may be the message's own)
        k, line = found
        retry = self._line_alone(q, line, message, types, fr, limit)
        if retry is not None and _better(retry, res):
            retry.verdict += (
                f" (line {k + 1} of {len(lines)}, the exception line; the others are prose around it)"
            )
            return retry
        return res

    def _line_alone(
        self, q: ParsedQuery, line: str, message: str, types: list[str], fr: list[Frame], limit: int
    ) -> Result | None:
        """One line of a message read as a paste of its own (a ``Class: text`` there names its
        class); None when it reads as the whole message or as nothing."""
        t = parse_query(line)
        b = t.blocks[t.primary] if t.blocks else None
        alone, named = (b.message, b.exc_types) if b else (t.message, t.exc_types)
        if not alone.strip() or alone.strip() == message.strip():
            return None
        return self._match(q, alone, list(dict.fromkeys([*named, *types])), fr, limit)

    def _recased(
        self, q: ParsedQuery, message: str, types: list[str], fr: list[Frame], limit: int, first: Result
    ) -> Result | None:
        """No exact answer with words of its own: the message may be a template's text in other
        capitals (a release capitalised its message, ``file has not been decrypted`` for ``File
        has not been decrypted``; a reporter retyped a word, ``Definitions are`` for
        ``definitions are``). The template whose literals all place in the message with letter
        case ignored, from its start to its end, lends the message its capitals there, and the
        message so recased is matched again; its answer is taken when exact, and then only as
        approximate (the text is not the template's as written). Word similarity cannot stand
        in: a long repr between the literals dilutes it, and a pass-through raise
        (``raise Error(exc.__repr__())``) fits any text exactly while explaining none of it."""
        idx = self.index
        cmsg = compact(message)
        # keys in other capitals, and those as written: a key of mixed case (``Filehasnot``) is
        # not found folded, but the template's other keys (``beendecrypted``) lead to it
        folded, held = idx.folded_and_hits(cmsg)
        seen = folded | held
        low = cmsg.translate(_ASCII_LOWER)  # the same length: positions carry over
        best: tuple[int, list[tuple[int, int]], tuple[str, ...]] | None = None
        # those all of whose keys occurred or that begin with the message's beginning, then those
        # sharing the most keys with it (its beginning may be the capital that differs)
        pids = [*candidates.to_verify(idx, cmsg, seen, {}), *idx.similar(seen, MAX_FUZZY)]
        for pid in dict.fromkeys(pids):
            lits, lit_len = idx.lits(pid)
            if lit_len < MIN_LITERAL or (best is not None and lit_len <= best[0]):
                continue
            f = fit(tuple(lit.translate(_ASCII_LOWER) for lit in lits), low)
            if f is not None and f.full and f.anchored_start and f.anchored_end:
                best = (lit_len, f.spans, lits)
        if best is None:
            return None
        chars, where = list(message), compact_map(message)
        for (a, b), lit in zip(best[1], best[2], strict=True):
            for k in range(a, b):
                chars[where[k]] = lit[k - a]
        recased = "".join(chars)
        if recased == message:
            return None  # the capitals agree already: the first reading stands
        retry = self._match(q, recased, types, fr, limit)
        if not retry.exact_top:
            return None
        if (
            first.matches
            and self._deepest_names(fr, first.matches[0])
            and not self._deepest_names(fr, retry.matches[0])
        ):
            # the text as pasted already led to the function the deepest library frame names (an
            # older release's words, ``Unknown string format`` before it gained ``: %s``); the
            # recased text's exact answer lies in code the traceback never ran (``unknown string
            # format`` of another function): the capitals are the release's, the frame the site's
            return None
        return _in_other_capitals(retry)

    def _deepest_names(self, fr: list[Frame], m: Match) -> bool:
        """Whether answer ``m`` is in the function the traceback's deepest library frame names,
        in that frame's file (as the catalogue holds it: ``frames.frame_info``)."""
        if not fr:
            return False
        info = frames.frame_info(self.index, fr)
        if not info.lib:
            return False
        at, path = info.lib[-1]
        fn = info.frames[at][2]
        return bool(fn) and m.path == path and fn_last(m.function) == fn

    def _folded_case(
        self, q: ParsedQuery, message: str, types: list[str], fr: list[Frame], limit: int
    ) -> Result | None:
        """Nothing matched, in either case of the first letter: the message may be retyped in
        other capitals (``either 'sqlalchemy_database_uri' or ...`` for ``Either
        'SQLALCHEMY_DATABASE_URI' or ...``). The templates sharing its fragments with case
        ignored are tried by word similarity (words are compared lower-cased). Only ever
        approximate: the text is not the template's as written."""
        cmsg = compact(message)
        folded, held = self.index.folded_and_hits(cmsg)
        if not folded:
            return None  # the same keys as written: the same answer
        retry = self._match(q, message, types, fr, limit, folded | held)
        if not retry.matches:
            return None
        return _in_other_capitals(retry)

    def _other_case(
        self, q: ParsedQuery, message: str, types: list[str], fr: list[Frame], limit: int
    ) -> Result | None:
        """Nothing matched: the message tried again with its first letter in the other case
        (click 7 printed ``no such option: -d``, click 8 ``No such option ...``). Only ever
        approximate: the text is not the template's as written."""
        retry = self._match(q, message[0].swapcase() + message[1:], types, fr, limit)
        if not retry.matches:
            return None
        for m in retry.matches:
            if not m.approximate:
                m.approximate = True
                m.reasons.append("the message starts in the other case")
        retry.verdict = verdict(retry.matches, None, None)
        return retry

    def _match(
        self,
        q: ParsedQuery,
        message: str,
        types: list[str],
        fr: list[Frame],
        limit: int,
        seen: set[int] | None = None,
        bare: list[int] | None = None,
        guessed: bool = False,
        named: bool = False,
        shown_alone: str | None = None,
    ) -> Result:
        """One reading of the paste; ``seen``, when given, the keys to go by instead of those
        the message holds as written (``_folded_case``); ``bare``, when given, the raises taken
        as the pasted class's instead (``_value_raises``: a built-in class with a value alone);
        ``guessed``, the first type is a word of the text read as a class (``_embedded``), not a
        class the paste prints as one; ``named``, the raises of a class the paste names with
        its module are candidates whatever their text (``_named_class``)."""
        idx = self.index
        tf = TextFit(message, compact(message))
        held = seen is None  # the keys are the message's own
        seen = idx.hits(tf.cmsg) if seen is None else seen
        # frame evidence first: it protects the patterns a traceback points at from the caps below
        shown = shown_alone or shown_raise(q.text, message) or _shown_over_class(q.text, message, types)
        callees = getattr(self._local, "callees", None)
        fev = frames.gather(
            idx,
            fr,
            types,
            callees,
            None if fr else shown,
            self._stands_at if callees is not None else None,
            callees.helpers if callees is not None else None,
            _followed_by_cut(q, fr),
            textless=not types and not message.strip(),
        )
        last_fn = fev.info.frames[-1][2] if fev.info.frames else None
        typed = bare or self._typed(types, {p for _i, p in fev.info.lib}, last_fn)
        if fev.shown and not bare:
            typed = list(dict.fromkeys([*typed, *self._shown_typed(types, fev)]))
        typed_pids = list(dict.fromkeys(idx.entry_pat[ei] for ei in typed))
        verify, exact = candidates.verify_lists(idx, tf.cmsg, seen, fev.pids)
        verify = list(dict.fromkeys([*verify, *typed_pids, *candidates.ticked_heads(idx, message)]))
        candidates.fit_all(idx, tf, verify, types, {*fev.pids, *typed_pids}, set(exact) if held else None)
        if bare:
            _affixes_explain(idx, tf, typed_pids)
        candidates.collected(idx, tf, shown, types)
        candidates.inner_lines(idx, tf)
        candidates.wrappers(idx, tf, typed_pids, types, named=not (guessed or bare))
        candidates.joined(idx, tf, types)
        candidates.interpreter_wrappers(idx, tf, typed_pids, types)
        candidates.caught_wrappers(idx, tf)
        candidates.caught_interpreter_relays(idx, tf, types)
        hit = idx.hit_weights(seen) if len(fev.pids) > MAX_FRAME else {}
        # among many a frame lands on, the key weight shared with the message stands in for the
        # word similarity not computed yet
        fev.cap(
            lambda pid: _fits(tf, fev, pid),
            lambda pids: candidates.set_weights(idx, pids, seen, hit),
            tf.cands,
        )
        ev = Evidence(types, fev, set(), set(typed), set(typed_pids), fev.info.outside_deepest)
        ev.guessed = guessed
        ev.named = named
        ev.paste = q.text
        ev.panel = q.error_panel
        ev.built = frames.builds_pasted_class(fr, types)
        ev.read = q.suggestion is not None
        ev.called = frames.called_names(fr, fev.info)
        if not fr and q.printed_call:
            # a warning's printed source line with no location: the caller's line (stacklevel),
            # so the function it calls is the one that warned
            ev.called, ev.printed_call = frames.names_called(q.printed_call), True
        ev.pointed = self._pointed(types, fr, fev, typed)
        ev.home = class_home(idx, types)
        if points_elsewhere(idx, types, fr, fev.info):
            ev.pointed, ev.elsewhere = set(), True
        ev.foreign = names_unheld_package(idx, types, fr)
        candidates.unticked_similar(idx, tf, seen, types, {*fev.pids, *typed_pids})
        candidates.add_similarity(idx, tf, seen, [*fev.pids, *typed_pids])
        candidates.demote_for_runtime(
            tf,
            fev.pids,
            DEEPEST_FRAME,
            None if ev.pointed else idx,
            frozenset() if ev.printed_call else ev.called,
        )
        # after the word similarity: a tail's words are the whole paste's last line, and lift it
        candidates.whole_over_tail(idx, tf)
        builtin: tuple[str, str] | None = None
        if tf.runtime_best is not None:
            rentry = idx.entries[idx.patterns[tf.runtime_best[1]].entries[0]]
            builtin = (rentry[E_REPO], f"{rentry[E_TYPE]}: {rentry[E_TEMPLATE]}")
        ranker = Ranker(idx, ev, self.repo, limit)
        ranked = ranker.rank(tf)
        full = ranker.more  # answers were left out: a tie filling the list may go on beyond it
        matches: list[Match] = mark_ties(
            validated_class_first(
                possible_first(twins_last(frame_named_first(str_before_repr(ranked), fr), fr)), q.validated
            ),
            full,
        )
        if matches and not matches[0].approximate and matches[0].values:
            top = matches[0]
            cause = candidates.wrapped_cause(idx, tf, top.id, (top.repo, top.path, top.line), top.values)
            if cause is not None:
                top.reasons.append(cause)
        # the first answer a copy of the module the traceback ran, vendored in another distribution
        ran = (
            fev.ran_module
            if matches and frames.vendored_copy(matches[0].path, fev.ran_module or "")
            else None
        )
        res = Result(
            q,
            matches,
            verdict(matches, builtin, ev.outside, full, ran),
            builtin[1] if builtin else None,
            tie_some=tie_count(matches, full),
        )
        if bare:
            cls = next(t for t in types if not t.startswith("log."))  # (``_value_raises`` found one)
            _value_alone(res, cls, bool(message.strip()), {idx.entries[ei][E_ID] for ei in bare})
        if (
            fev.info.ends_at_call
            and res.matches
            and _whole_below(q.text, fr[-1], types)
            and _FRAMES_REMOVED.search(q.text) is None
        ):
            # (a note that frames were taken out: the library's Python may lie below the call)
            _only_approximate(
                res,
                f"the traceback ends at a call ({fev.info.ends_at_call}) with no frame below it: "
                "code with no Python frame raised it (compiled), not a raise statement",
            )
        call = fev.info.call_at
        if fev.info.trail_call and res.exact_top:
            call = None  # (a rebuilt trail may leave out the library's frame whose raise fits)
        below = call is not None and call < len(fr) - 1
        if (
            call is not None
            and types
            and not any(t.startswith("log.") for t in types)
            and (
                _error_line_follows(q.text, fr[-1], types)
                if below
                else _whole_below(q.text, fr[-1], types)
                or _uncareted_call(q.text, fr, types, res)
                or _unprinted_call(q.text, fr, types, res)
            )
            and _FRAMES_REMOVED.search(q.text) is None
        ):
            # a pasted class (not a log record's level, nor a traceback with no error line
            # after its frames: the paste is about another line then), the traceback whole below
            # the call: Python 3.11's carets and the error line right after the call's line (or,
            # with no carets, right after the call's header and line, no raise holding the text),
            # or the error line right after the compiled frames below it
            res.call_at = call
        if res.call_at is not None and res.matches:
            # the code that raised shows below the library's call (Cython's frames, the standard
            # library's), or nothing does in a whole traceback: a raise statement of the library
            # holding the text did not run (``ends_at_call`` above says so of a catalogue file's
            # call; this, of any call ``frames.call_frame`` found)
            path, line, _fn = fev.info.frames[res.call_at]
            _only_approximate(
                res,
                f"the error was raised below the library's call at {path}:{line}, "
                + (f"in {norm_path(fr[-1].path)}" if below else "with no frame below it")
                + ", not by a raise statement",
            )
        return res

    def _typed(self, types: list[str], near: set[str], last_fn: str | None = None) -> list[int]:
        """Entries raising a library class the paste names (not a built-in one): candidates even
        when no template fits the text. A dotted name keeps those of its package's codebases.
        ``near``: the catalogue files the traceback's frames run in; ``last_fn``: the name of the
        function of its deepest frame, whose raises of the class come next before the cap (the
        file may have moved since the user's release: ``pymongo/srv_resolver.py`` is now both
        ``pymongo/synchronous/`` and ``pymongo/asynchronous/``, whose twins' raises of one
        class, hundreds of them, would otherwise fill the cap in the catalogue's order, the
        asynchronous folder's first, and leave out the synchronous raise in that function)."""
        idx = self.index
        out: list[int] = []
        for t in types:
            head, dot, _rest = t.partition(".")
            # a dotted name whose package is indexed is that library's class, even when it is
            # named like a built-in one (``requests.exceptions.ConnectionError``)
            repos = idx.package_holders(head) if dot else None
            if t.startswith("log.") or (builtin_type(t) and not repos):
                continue
            # the class's own raises first, then its subclasses' (a handler or log line names
            # the base it caught), then its library bases' (a raise through the base's factory,
            # ``raise Base.instance(...)``, is recorded as the base but raises the subclass)
            key = type_key(t)
            eis = idx.type_entries(t, MAX_POINTING)
            bases = sorted(b for b in idx.ancestors(key) if not builtin_key(b))
            for other in [*sorted(idx.subclasses(key)), *bases]:
                if len(eis) >= MAX_POINTING:
                    break
                eis += idx.type_entries(other, MAX_POINTING - len(eis))
            if repos:
                eis = [ei for ei in eis if idx.entry_repo(ei) in repos or imports_from(idx, ei, head)] or eis
            if len(eis) > MAX_TYPED:
                # the traceback's files first, and a class's own raises before the records a
                # relay of its text holds of them (``index.relays_text``): those repeat the raises
                # at one more place, and would fill the cap ahead of the raises they repeat
                eis.sort(
                    key=lambda ei: (
                        bool(near) and idx.entry_path(ei) not in near,
                        bool(last_fn) and fn_last(idx.entry_func(ei)) != last_fn,
                        _relayed(idx, ei),
                    )
                )
            out.extend(eis[:MAX_TYPED])
        return out

    def _shown_typed(self, types: list[str], fev: frames.FrameEvidence) -> list[int]:
        """The entries of the raise statement a paste with no frame prints (``frames._by_shown``)
        that raise a class the paste names: raises of it, whatever ``_typed``'s cap on a class
        raised at many sites left out (a parser's error helper among its hundred calls)."""
        idx = self.index
        keys = {type_key(t) for t in types if not t.startswith("log.")}
        shown = [ei for ei, (_w, fi, _d) in fev.entries.items() if fi < 0]
        return [ei for ei in shown if type_key(idx.entry_facts(ei)[1].type) in keys]

    def _value_raises(self, types: list[str], message: str) -> list[int]:
        """A built-in class pasted with a message that is one value alone (``KeyError: 'b'``,
        ``LookupError: zzzz``), or with none (``LookupError``): what ``raise KeyError(key)``
        (a template all placeholder, or one with a few characters around it too short for a
        key, which no fragment of the text leads to) or a bare ``raise LookupError()`` prints;
        ``AssertionError`` alone is an ``assert`` without a message. Those raises of the pasted
        class are the candidates, only ever approximate (``_value_alone``): the value is the
        user's, any such raise prints it, and so do the interpreter (``d[key]``) and the user's
        own code; still, where the library raises it beats no answer, and the ranking's
        tie-breaks (public site, called function, callers) order them. A log record's level
        (``log.ERROR``) is no class: the class is the record's message."""
        types = [t for t in types if not t.startswith("log.")]
        if len(types) != 1 or not builtin_type(types[0]) or "." in types[0]:
            return []
        value = message.strip()
        if value and not _value_only(value):
            return []
        idx = self.index
        out: list[int] = []
        for ei in idx.type_entries(types[0], MAX_POINTING):
            if idx.entries[ei][E_TYPE] != types[0]:
                continue
            pat = idx.patterns[idx.entry_pat[ei]]
            if _prints_value(pat.segs, pat.names, value):
                out.append(ei)
                if len(out) >= MAX_TYPED:
                    break
        return out

    def _pointed(
        self, types: list[str], fr_list: list[Frame], fev: frames.FrameEvidence, typed: list[int]
    ) -> set[str]:
        """The codebases the paste points to: its library frames and installed packages' frames,
        the package of a dotted type (``werkzeug.exceptions.NotFound``), else the codebases
        raising a library class it names."""
        idx = self.index
        out = set(fev.repos)
        for fr, (path, _line, _fn) in zip(fr_list, fev.info.frames, strict=True):
            # an installed package's frame points to it even where its file raises nothing
            if "-packages" in fr.path:
                out |= idx.package_holders(path.split("/", 1)[0].removesuffix(".py"))
        named = False  # a dotted type names its package: the class's name alone says less
        for t in types:
            head, dot, _rest = t.partition(".")
            held = idx.package_holders(head) if dot else set()
            if held:
                out |= held
                named = True
                # a codebase raising the class it imports from that package (a library raising
                # its dependency's ``graphql.GraphQLError``) raises the very class pasted
                out.update(idx.entry_repo(ei) for ei in typed[:MAX_POINTING] if imports_from(idx, ei, head))
        if not named:
            out.update(map(idx.entry_repo, typed[:MAX_POINTING]))
            # a class named without its module points to every codebase raising a class of that
            # name (``TemplateSyntaxError``: Django's and Jinja's), not only to those among the
            # first raises ``_typed`` keeps: a codebase raising it at many sites (Django's template
            # tags) would fill that cap and leave another's raise of the same name unpointed
            for t in types:
                if not t.startswith("log.") and not builtin_type(t):
                    out.update(map(idx.entry_repo, idx.type_entries(t, MAX_POINTING)))
        return out


def _constructs(statement: str | None, name: str) -> bool:
    """Whether a raise statement (compact, as ``Index.statements`` keeps it) builds class
    ``name`` itself (``raise HTTPError(error_msg, ...)``, ``raise requests.HTTPError(``): the
    library writes that error's message. A re-raise (``raise ve``) or a factory of the class
    (``raise ValidationError.from_exception_data(...)``) leaves the text to the class's code."""
    return (
        statement is not None and re.match(rf"raise(?:[\w.]+\.)?{re.escape(name)}\(", statement) is not None
    )


def class_home(idx: Index, types: list[str]) -> set[str]:
    """The codebases holding the package a pasted class is dotted with (``numpy`` of
    ``numpy.linalg.LinAlgError``), when it is held and other codebases may raise the class too
    (scikit-learn raising numpy's ``LinAlgError`` with numpy's own words): CPython prints where
    the class is defined, not who raised it, so this is a prior, not a pointer. A log level
    (``log.WARNING``) names no package."""
    out: set[str] = set()
    for t in types:
        head, dot, _rest = t.partition(".")
        if dot and head not in ("log", "builtins"):
            out |= idx.package_holders(head)
    return out


def imports_from(idx: Index, ei: int, package: str) -> bool:
    """Whether entry ``ei`` raises a class its module imports from top-level package ``package``
    (``from graphql import GraphQLError`` in another distribution's code): a raise of the class a
    paste dotted with that package names, though the codebase holding ``package`` is not its own."""
    return idx.entry_qualname(ei).startswith(package + ".")


def points_elsewhere(idx: Index, types: list[str], fr_list: list[Frame], info: FrameInfo) -> bool:
    """Whether the paste points only into packages the catalogue does not hold: its traceback
    ends in an installed package not indexed, no frame lies in an indexed codebase, and its
    class is that package's (dotted with an unindexed package) or a built-in one. The same
    words from an indexed library are then another package's twin (a C extension printing
    what a pure-Python library prints): an approximate answer, never an exact one. A library
    class named without its module points to the codebases raising it, as before."""
    if info.lib or not fr_list or "-packages" not in fr_list[-1].path:
        return False
    if idx.package_holders(frames.site_top(info.frames[-1][0])):
        return False
    for t in types:
        head, dot, _rest = t.partition(".")
        if idx.package_holders(head) if dot else not builtin_type(t):
            return False
    return True


def names_unheld_package(idx: Index, types: list[str], fr_list: list[Frame]) -> bool:
    """Whether a message pasted alone names its class with a module of a package the catalogue
    does not hold (``pydantic_core._pydantic_core.ValidationError: 1 validation error for ...``).
    A library's own class of the same last name (a ``ValidationError`` wrapping whatever it
    caught, a template all placeholder) is then a namesake: the class alone does not make its
    raise exact (``Evidence.foreign``), only the message's own words do, since a library may
    raise another package's class it imports (``pytest.PytestWarning``) or be pasted under a
    package's older name. The standard library's modules are left out: libraries raise its
    classes themselves (``raise configparser.NoSectionError(...)``), printed with that module;
    so is a log record's level (``log.WARNING``)."""
    if fr_list or not types:
        return False
    for t in types:
        head, dot, _rest = t.partition(".")
        # ``log.WARNING``: a log record's level, read as its class, names no module
        if not dot or head in ("log", "builtins") or stdlib_module(head) or idx.package_holders(head):
            return False
    return True


def embedded_error(message: str, idx: Index) -> tuple[str, str] | None:
    """``(class, text)`` of the first ``Name: text`` inside ``message`` whose ``Name`` (a word,
    dotted or not, whose last part is a class name) is an exception class the catalogue raises
    or a built-in one, with text after it; None when there is none. Scanned with ``find``, not a
    regular expression: the paste is untrusted text.

    Linear in the message: a log pasted as the message holds a ``: `` on every line, so the word
    before each one is read back from it (never the whole text before it split again), and the
    text after one is cut only for a name that passes."""
    end = len(message.rstrip())  # text after ``: `` is there when it starts before this
    at = message.find(": ")
    while at > 0 and at + 2 < end:
        # a Markdown code span's backtick opens the class as a quote or a parenthesis does, and
        # a label's colon with no space after it (``Error:pkg.mod.Class: text``) ends the label
        name = _word_before(message, at).rpartition(":")[2].lstrip("'\"([{<-`")
        last = name.rsplit(".", 1)[-1]
        if (
            last[:1].isupper()
            and last.replace("_", "").isalnum()
            and (builtin_type(name) or idx.type_entries(name, 1))
        ):
            return name, message[at + 2 :].strip()
        at = message.find(": ", at + 2)
    return None


QUOTED_TAIL_MIN = 12  # characters of a quoted text read as a message of its own


# a program's label before each warning it prints itself: a capitalised name with no space
# (``Coverage.py``), then `` warning: ``
_PROGRAM_WARNING = re.compile(r"[A-Z][\w.-]{0,40} warning: ")


def program_warning_text(message: str) -> str | None:
    """The text of ``message``'s last line when that line starts with a program's ``Name
    warning: `` label (``_PROGRAM_WARNING``): the last of the warnings the program printed, each
    on its line, maybe under the reporter's own words (``Error info:``); else None."""
    last = message.rstrip().rpartition("\n")[2]
    m = _PROGRAM_WARNING.match(last)
    return (last[m.end() :].strip() or None) if m else None


def quoted_tail(message: str) -> str | None:
    """The text of the quoted string a one-line ``message`` ends with, after other words
    (``Broken job: [x.py] 'Setting y is not set'``), or None: the quote opens after a
    space, the same quote does not occur inside, and the text is a phrase (a space in it, at
    least ``QUOTED_TAIL_MIN`` characters), not a quoted name or value of the message's own."""
    text = message.strip()
    if "\n" in text or len(text) < QUOTED_TAIL_MIN + 3 or text[-1] not in "'\"":
        return None
    mark = text[-1]
    start = text.find(" " + mark)
    inner = text[start + 2 : -1] if start > 0 else ""
    if mark in inner or " " not in inner.strip() or len(inner) < QUOTED_TAIL_MIN:
        return None
    return inner


# pytest's marker of the failing source line in a listing: ``>`` at column 0, then the line's
# indentation (``>           raise exc.LibTmuxException(proc.stderr)`` above its ``E`` lines)
_PYTEST_MARK = re.compile(r">\s+")


def shown_raise(text: str, message: str) -> str | None:
    """The ``raise ...`` line a paste prints right above the error line holding ``message``
    (the last frame's source line of a traceback, maybe cut to its last lines), or None. A
    pytest listing marks that line ``>`` before its indentation (its ``E`` lines below, with
    no location line when the paste is cut before it): the marker is no part of the source.
    An error line that is its class alone (``pkg.E:``) with the message under it, as a
    reporter wraps a long line, stands between the two: the raise is the line above it."""
    head = message.lstrip().split("\n", 1)[0].strip()
    at = text.rfind(head) if head else -1
    end = text.rfind("\n", 0, at) if at > 0 else -1
    if end <= 0:
        return None
    start = text.rfind("\n", 0, end) + 1
    line = text[start:end]
    if _CLASS_ALONE.fullmatch(line.strip()):
        above = text.rfind("\n", 0, end)
        start = text.rfind("\n", 0, above) + 1 if above > 0 else 0
        line = text[start:above] if above > 0 else ""
    if m := _PYTEST_MARK.match(line):
        line = line[m.end() :]
    line = line.strip()
    if not text[:start].strip():
        line = _cut_raise(line)
    return line if line.startswith("raise ") else None


# what a selection starting inside the word leaves of ``raise`` (3 letters or more, its space
# included), before the raised expression
_CUT_RAISE = re.compile(r"(?:aise|ise|se) (?=[A-Za-z_])")


def _cut_raise(line: str) -> str:
    """``line`` (a paste's first line) as the ``raise`` statement it is the tail of, when the
    selection copied began inside that word: ``ise SpnegoError(base_error=native_err, ...)``
    read as ``raise SpnegoError(...)``. Only ever looked up whole in the statement table, so a
    line that merely starts so finds nothing."""
    m = _CUT_RAISE.match(line)
    return "raise " + line[m.end() :] if m else line


_CLASS_ALONE = re.compile(r"[A-Za-z_][\w.]{0,300}:")  # an error line of its class alone
# ``raise pkg.Cls(``: the statement builds an object of a class spelt with a capital
_RAISE_BUILDS = re.compile(r"raise ((?:[A-Za-z_]\w{0,100}\.){0,10}[A-Z]\w{0,100})\(")
_LONE_CAP = 500  # one statement's first line


def lone_raise(text: str) -> str | None:
    """``text`` as one ``raise`` statement when that is all it holds (one line, maybe in a code
    span's backticks), else None."""
    line = text.strip().strip("`").strip()
    if len(line) > _LONE_CAP or "\n" in line or not line.startswith("raise "):
        return None
    return line


def _shown_over_class(text: str, message: str, types: list[str]) -> str | None:
    """``shown_raise`` for an error line that is its class alone (``pkg.E:``, an empty message):
    the ``raise ...`` line right above the last line naming the pasted class so, or None."""
    if message.strip() or not types:
        return None
    lines = text.rstrip().split("\n")
    for at in range(len(lines) - 1, 0, -1):
        if lines[at].strip().rstrip(":") == types[0]:
            line = lines[at - 1].strip()
            return line if line.startswith("raise ") else None
    return None


def _opens_with(template: str, head: str) -> bool:
    """Whether ``template``'s literal text before its first placeholder begins with ``head``
    (compared compact: spacing aside); any template does for an empty head."""
    return compact(template.partition("{")[0]).startswith(compact(head))


def _in_other_capitals(res: Result) -> Result:
    """``res``, a reading of the message in other capitals than it was pasted in (or of
    templates found with case ignored), with every answer approximate: the text is not the
    template's as written."""
    for m in res.matches:
        m.approximate = True
        m.reasons.append("the message is in other capitals than the template")
    res.verdict = verdict(res.matches, None, None)
    return res


# ASCII capitals to small letters, one character for one (``str.lower`` may lengthen a character)
_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def _note_line(ln: str) -> bool:
    """Whether ``ln`` reads as an ``add_note`` text: a sentence opening with a letter. A line
    opening with a bracket, a quote or a digit is data the message goes on with (a response's
    JSON body after ``Status code: 400``), not a note (a blank line is neither, and is skipped)."""
    text = ln.strip()
    return not text or text[0].isalpha()


def _worded_exact(res: Result) -> bool:
    """Whether the best answer fits exactly with literal words of its own: a template of
    placeholders alone fits any text, so its exactness leaves the other readings worth trying."""
    return res.exact_top and _has_words(res.matches[0].template)


def _has_words(template: str) -> bool:
    """Whether a template has literal text with a letter in it (``{err}`` has none)."""
    return any(ch.isalpha() for ch in literal(template))


def _word_before(text: str, at: int) -> str:
    """The last whitespace-separated word of ``text[:at]`` (``text[:at].split()[-1]``, or ""),
    read backwards from ``at``: only the word and the blanks after it are looked at."""
    stop = at
    while stop > 0 and text[stop - 1].isspace():
        stop -= 1
    start = stop
    while start > 0 and not text[start - 1].isspace():
        start -= 1
    return text[start:stop]


_COMPILE_ERRORS = frozenset({"SyntaxError", "IndentationError", "TabError"})
_COMPILED_HERE = (
    "the compiler raised it on the source shown (a location with no function), "
    "which a raise of the message alone does not print"
)


def _compiler_location(types: list[str], fr: list[Frame]) -> bool:
    """Whether the paste ends in the location display of an error the compiler raised: Python
    prints ``File "<string>", line 1`` (no ``in function``), the source line and a caret above a
    built-in ``SyntaxError`` that carries a file and line, as the compiler's own do (``compile``,
    ``exec``, ``import``). A library's ``raise SyntaxError('invalid syntax')`` copying the
    compiler's words carries neither, so it prints no such block: its text may still be the
    same, but the paste is not that raise's, and an exact answer there would name the wrong
    code (the one a user's broken source reached)."""
    if not fr or fr[-1].function is not None or fr[-1].line is None:
        return False
    return bool(types) and types[-1] in _COMPILE_ERRORS


# a line of carets under a frame's source: Python 3.11 and later, which print a statement's first
# line (an older Python prints its last, ``% len(b))``, whose call is not the statement's)
def _carets_line(line: str) -> bool:
    """Whether ``line`` is only carets (``~`` and at least one ``^``) between blanks: read as
    sets of characters, each once (a regex of ``[~^]*\\^[~^]*`` backtracks on a long run of
    carets ending in another character)."""
    body = line.strip(" \t")
    return "^" in body and not body.strip("~^")


def _whole_below(text: str, last: Frame, types: list[str]) -> bool:
    """Whether the paste is a whole traceback below its last frame, as Python 3.11 and later
    print it: carets under some frame, and the exception's line (its class) right after the last
    frame's source and carets, nothing cut or hidden between them (a paste missing its end takes
    the message from elsewhere; pytest's report shows the failing line of a statement)."""
    source = (last.source or "").strip()
    if not source or not types or not any(_carets_line(line) for line in text.splitlines()):
        return False
    at = text.rfind(source)
    if at < 0:
        return False
    # read from the start of the source's own line, so that ``_class_line_next`` learns its
    # indentation: Python 3.13 prints a call spread over lines whole, its arguments and
    # ``...<6 lines>...`` indented under its first line (pandas' ``return ujson_dumps(`` over
    # its C encoder), and those lines are the statement's, not something printed between it
    # and the exception's line. (No other statement lines are skipped: 3.13 shows a statement
    # from its failing expression, so a last frame's first line can be a piece of an
    # ``assert`` or a ``raise``.)
    return _class_line_next(text[text.rfind("\n", 0, at) + 1 :].splitlines(), types, source)


def _uncareted_call(text: str, fr: list[Frame], types: list[str], res: Result) -> bool:
    """Whether a traceback that prints no caret line at all still says its last frame's line is
    the library's call that raised (``_whole_below`` asks for carets): Python 3.12 prints none
    when each frame's failing expression is its whole line (``pool.Add(self.descriptor)``),
    3.13 elides them likewise, Python 3.10 and older print none, and pastes drop them. Without
    carets the printed line may be a piece of a statement split over lines (Python 2 and 3
    before 3.11 print its last line: ``self._error_message(selector))``), or frames may be
    another exception's trail (Python 2's ``reraise(TypeError, new_error, tb)``), so more facts
    stand in for them:

    - the line closes no bracket it did not open (a statement's first line never does);
    - the exception's line comes right after the last frame's header and its one source line
      (``_error_line_follows``: nothing cut, no pytest report marking a line inside a statement);
    - no raise statement of the catalogue holds the text: no answer is exact, and none lies in a
      function the traceback runs through (the frames make their functions' raises candidates;
      one may be the statement printed, reworded since, or the caller that raised again with
      this traceback).

    Then the call is the only statement of the library the error can have come out of."""
    last = fr[-1]
    if not types or not _opens_statement(last.source or ""):
        return False
    if any(_carets_line(line) for line in text.splitlines()):
        return False
    ran = {fn_last(f.function) for f in fr if f.function and not f.function.startswith("<")}
    if _first_line_printer(fr):
        # Python 3.11 and later print a statement's first line: the line is the call, and a
        # raise elsewhere, even the frame's own function's at another line, did not run; only
        # an exact fit in a function the traceback runs through may be the statement itself
        if any(not m.approximate and _ran(m, fr, ran) for m in res.matches):
            return False
        return _error_line_follows(text, last, types)
    if any(not m.approximate for m in res.matches):
        return False
    # a message the catalogue knows as an interpreter's or extension's own (``res.builtin``:
    # sqlite3's ``unable to open database file`` under peewee's ``cursor.execute(...)``) was made
    # by compiled code, not by a raise of the library reworded since: a raise of other words in
    # a function the traceback runs through (peewee's ``Connection already opened.`` in the
    # ``connect`` frame) is no such statement, and the call stays the place it came out of,
    # unless a frame of the last frame's function prints a bare re-raise (redis' ``raise err``
    # over its ``sock.connect(...)``): its handler raised the caught error again there
    if res.builtin is not None:
        ran = {
            fn_last(f.function)
            for f in fr[:-1]
            if fn_last(f.function) == fn_last(last.function) and _bare_reraise(f.source)
        }
    if any(_ran(m, fr, ran) for m in res.matches):
        return False
    return _error_line_follows(text, last, types)


def _bare_reraise(source: str | None) -> bool:
    """Whether a frame's printed line raises a name it holds again (``raise err``, ``raise``):
    a handler passing on what it caught, not a new error."""
    words = (source or "").split()
    return (
        bool(words)
        and words[0] == "raise"
        and (len(words) == 1 or (len(words) == 2 and words[1].isidentifier()))
    )


def _other_function_at(enclosing: str | None, function: str) -> bool:
    """Whether the indexed release's function at a frame's line (``enclosing``) is another than
    the one the frame names: the traceback printed another release's file, whose lines moved."""
    return enclosing is not None and enclosing.rpartition(".")[2] != fn_last(function)


def _dotted_calls(line: str) -> frozenset[str]:
    """The callees a printed line writes, dotted as written (``sqlite3.connect``,
    ``self._adapter.connect``; ``frames.names_called`` keeps their last names): what tells apart
    calls of one name on several lines (``moved_call``). Read back from each ``(`` over name
    characters and dots, as ``names_called`` reads: linear."""
    text = line[: frames.MAX_CALLED_LINE]
    out: set[str] = set()
    start = 0
    while (i := text.find("(", start)) != -1:
        j = i
        while j > 0 and (text[j - 1].isalnum() or text[j - 1] in "_."):
            j -= 1
        name = text[j:i].lstrip(".")
        if name[:1].isidentifier():
            out.add(name)
        start = i + 1
    return frozenset(out)


def _ran(m: Match, fr: list[Frame], ran: set[str | None]) -> bool:
    """Whether the traceback runs answer ``m``'s function: a frame of that name (``ran`` holds
    the frames' function names) in a file of ``m``'s top-level package, or in no
    site-packages folder at all (a copied or frozen tree whose folders say nothing). A
    namesake in another package's file (pydantic's ``__init__`` frame, django's
    ``ValidationError.__init__``) is another function: the frames never entered ``m``'s
    package."""
    fn = fn_last(m.function)
    if fn not in ran:
        return False
    top = frames.site_top(m.path)
    for f in fr:
        if not f.function or fn_last(f.function) != fn:
            continue
        path = f.path.replace("\\", "/")
        at = path.rfind("-packages/")
        if at < 0 or frames.site_top(path[at + len("-packages/") :]) == top:
            return True
    return False


# an interpreter's folder in a frame's path naming Python 3.11 or later: POSIX
# ``lib/python3.12/site-packages``, Windows ``Python312\Lib``
_FIRST_LINE_PYTHON = re.compile(r"python3\.?(?:1[1-9]|[2-9]\d)(?:t|d|m)?[/\\]", re.IGNORECASE)


def _evaluates(printed: str) -> bool:
    """Whether a frame's printed line is a whole statement that raises nothing itself (no
    ``raise``, no ``assert``; it closes no bracket it did not open): with no frame below it,
    an error came out of the interpreter evaluating it (a subscript's ``KeyError``, a read-only
    attribute's store, an operator's ``TypeError``), at that statement."""
    return frames.raises_nothing(printed) and _opens_statement(printed)


def _pointed(m: Match, fr: list[Frame]) -> bool:
    """Whether a frame of the traceback points to answer ``m``: one runs its function, or
    stands at its file and line (issue #10 item 6, frames first: a site a frame points to
    outranks an alike raise no frame points to)."""
    fn = fn_last(m.function)
    return any(
        (f.function and fn_last(f.function) == fn)
        or (f.line == m.line and norm_path(f.path).endswith(m.path))
        for f in fr
    )


def _first_line_printer(fr: list[Frame]) -> bool:
    """Whether the traceback's frames show, by their paths, that Python 3.11 or later printed
    it (``/lib/python3.12/site-packages/``): that Python prints a statement's first line and
    elides the carets when the failing expression is the whole line (``self.draw.draw_rectangle(
    xy, ink, 0, width)``), so a frame's printed line without carets is still the statement that
    ran, not the last line of one split over lines as Python before 3.11 prints it. Every
    library frame, the last included, must be under that interpreter's folder: a paste mixing
    interpreters says nothing."""
    lib = [f.path for f in fr if "-packages/" in f.path.replace("\\", "/")]
    return bool(lib) and all(_FIRST_LINE_PYTHON.search(p) is not None for p in lib)


def _unprinted_call(text: str, fr: list[Frame], types: list[str], res: Result) -> bool:
    """Whether a traceback whose last frame prints no source line (a frozen app, a bytecode-only
    install, a log formatter keeping frames only) says that frame's call raised: ``call_at``
    named it only because the catalogue's release records a call at that line, made by the
    function the frame names, and no raise there (``Matcher._stands_at``), which stands in for
    the printed line and its carets (``_whole_below``): the line is where a call of that
    function stands.

    The exception's line must come right after the frame's header (``_error_line_follows``:
    nothing cut), and no raise fitting the text exactly may lie in a function the traceback
    runs through: Python before 3.8 numbers a statement split over lines by its last line, so
    a raise of that function spelling the text, whose arguments call something on the line the
    frame gives, may be the statement that ran. An exact fit elsewhere is a look-alike, as
    under a printed call with carets.

    A printed line without carets is not read so (``_uncareted_call`` keeps its stricter
    terms): a traceback cut to its last frames (a user's paste keeping the end) has lost the
    frames above that may have raised the exception again (``raise rewrite_traceback_stack(...)``,
    a wrapper re-raising a driver's error as its own class), which a whole traceback shows."""
    last = fr[-1]
    if not types or (last.source or "").strip():
        return False
    ran = {fn_last(f.function) for f in fr if f.function and not f.function.startswith("<")}
    if any(not m.approximate and _ran(m, fr, ran) for m in res.matches):
        return False
    return _error_line_follows(text, last, types)


def _opens_statement(line: str) -> bool:
    """Whether ``line`` closes no bracket it did not open, read left to right outside string
    literals (a quote's text skipped to its closing quote, escapes included): the last line
    of a call split over lines (``self._error_message(selector))``) closes one more than it
    opens, a statement's first line never does."""
    depth = 0
    for _, c in code_chars(line):
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
            if depth < 0:
                return False
    return True


def _frame_function(fr: list[Frame], at: int) -> str:
    """The function of frame ``at`` when the catalogue's code facts cannot name it: its own
    name, or for a comprehension's or generator expression's frame (``<genexpr>``) that of the
    nearest frame above it in the same file, the function it runs in."""
    name = fr[at].function or ""
    if not name.startswith("<"):
        return name
    path = norm_path(fr[at].path)
    for above in reversed(fr[:at]):
        if norm_path(above.path) != path:
            break
        if above.function and not above.function.startswith("<"):
            return above.function
    return name


# a note in the paste that frames were taken out of the traceback (JAX: "JAX has removed its
# internal frames from the traceback"): the library's Python may then lie below its last call
_FRAMES_REMOVED = re.compile(r"\b(?:removed|filtered|hidden|omitted)\b[^\n]{0,40}\bframes\b", re.IGNORECASE)


def _error_line_follows(text: str, last: Frame, types: list[str]) -> bool:
    """Whether the paste's line right after its last frame (its ``File "...", line N`` header,
    then the source line and carets, if shown) is the exception's line, naming a pasted class:
    nothing cut or printed between the frames and the error (a log's next record, the end of
    a paste cut inside the traceback)."""
    if not types:
        return False
    below = _lines_below(text, f'File "{last.path}", line {last.line}')
    if below is None:
        return _pytest_error_follows(text, last, types)
    return _class_line_next(below, types, (last.source or "").strip())


_PYTEST_E_LINE = re.compile(r"E {1,40}(\S.*)")  # a pytest report's ``E       Type: text`` line


def _pytest_error_follows(text: str, last: Frame, types: list[str]) -> bool:
    """``_error_line_follows`` for a frame read off pytest's long report, which prints no
    ``File`` header: the entry's ``>`` line (the frame's source), the rest of its statement
    indented under it, then the ``E`` lines, the first naming a pasted class, then the
    ``path:line: Type`` location line the frame was made of. Nothing else between the
    marked statement and the ``E`` line: the report marks the line that ran, and the error
    came out of it."""
    source = (last.source or "").strip()
    if not source or last.line is None:
        return False
    at = text.rfind(f"{last.path}:{last.line}: ")
    if at < 0:
        return False
    above = text[:at].splitlines()
    start = next(
        (
            i
            for i in range(len(above) - 1, -1, -1)
            if above[i].startswith(">") and above[i][1:].strip() == source
        ),
        None,
    )
    if start is None:
        return False
    names = {t.rsplit(".", 1)[-1] for t in types}
    for line in above[start + 1 :]:
        m = _PYTEST_E_LINE.fullmatch(line.rstrip())
        if m is not None:
            name = m.group(1).split(":", 1)[0].strip()
            return name.rsplit(".", 1)[-1] in names
        if line.strip() and not line.startswith(" "):
            return False  # neither the statement's continuation nor an ``E`` line
    return False


def _lines_below(text: str, anchor: str) -> list[str] | None:
    """The lines of the paste below the one holding its last ``anchor`` (a frame's header or its
    source line: the last, as the last frame is printed last), where ``_whole_below`` and
    ``_error_line_follows`` look for the exception's line; None when the paste lacks it."""
    at = text.rfind(anchor)
    return None if at < 0 else text[at + len(anchor) :].splitlines()[1:]


_LEFT_OUT = re.compile(r"\.\.\.<\d{1,9} lines?>\.\.\.")  # Python 3.13's ``...<6 lines>...``


def _continues_statement(line: str, indent: int) -> bool:
    """Whether ``line``, printed after a frame's first source line indented ``indent`` deep, is
    more of that statement as Python 3.13 prints one over lines (``_class_line_next``)."""
    depth = len(line) - len(line.lstrip())
    if depth > indent:
        return True
    stripped = line.strip()
    return depth == indent and (stripped[:1] in ")]}" or _LEFT_OUT.fullmatch(stripped) is not None)


def _class_line_next(lines: list[str], types: list[str], source: str = "") -> bool:
    """Whether the first of ``lines`` that is not blank, not carets and not ``source`` (the
    frame's own line, skipped once, right under its header) is the exception's line, its class
    one of ``types``: what ``_whole_below`` and ``_error_line_follows`` read after a frame.

    Python 3.13 prints a statement over several lines whole (``raise TypeError(f'...'`` then
    its continuation, or ``...<2 lines>...``), the exception's line left of them: after
    ``source``, a line indented deeper than it (when the paste keeps indentation) is the frame's
    statement, and so is one as deep that closes a bracket or stands for lines left out (a
    call's ``)`` under its first line). A line as deep that does neither is no continuation
    this reading can vouch for: an ``assert``'s condition printed over lines (``... or ...``)
    is a statement of its own kind, whose failing line was the frame's, not a call's."""
    names = {t.rsplit(".", 1)[-1] for t in types}
    indent = 0
    for line in lines:
        stripped = line.strip()
        if source and stripped == source:
            indent = len(line) - len(line.lstrip())
            source = ""
            continue
        if not stripped or _carets_line(line) or (indent and _continues_statement(line, indent)):
            source = ""
            continue
        name = stripped.split(":", 1)[0].strip()
        return bool(name) and name.rsplit(".", 1)[-1] in names
    return False


def _unran_in_user_code(
    idx: Index, res: Result, q: ParsedQuery, types: list[str], callees: _StoredCallees | None
) -> None:
    """Every answer approximate when the paste is a whole traceback through no indexed codebase
    (``userframes.user_code_only``, issue #10 item 7): no raise of the catalogue ran, its frame
    would show. The frames read are all the paste prints for its exception, none left out.
    An answer of a codebase that rebuilds the tracebacks of exceptions leaving it (jax's
    ``traceback_util``: ``userframes.rebuilds_tracebacks``, read from the catalogue's code
    facts) keeps its exactness: its frames are missing by its own doing."""
    if not any(not m.approximate for m in res.matches):
        return
    fr = q.blocks[q.primary].frames if q.blocks else q.frames
    if not userframes.user_code_only(idx, q, types, fr):
        return
    hidden = [
        m
        for m in res.matches
        if not m.approximate and callees is not None and callees.rebuilds_tracebacks(m.repo, m.version)
    ]
    # (the library's line printed after the script's traceback: its error was printed with no
    # frames, by the library's own command catching it; the frames shown are the script's)
    hidden += [m for m in res.matches if not m.approximate and _AFTER_SCRIPT in m.reasons]
    for m in hidden:
        m.reasons.append(userframes.OWN_FRAMES_CUT)
    _only_approximate(res, userframes.USER_CODE_ONLY, keep=hidden)


def _cut_without_text(b: Block, above: Block) -> bool:
    """Whether ``b`` is a traceback cut before its error line (frames, no class, no text) and
    ``above`` the text printed over it (``parse``'s ``Block.earlier``): a harness's ``Failed
    test ... with exception:`` and the error's str() on the next line, then
    ``traceback.print_exc()``'s output, cut. Its frames lead to the raise, but only that text
    says which one it is."""
    return bool(b.frames) and not b.exc_types and not b.message.strip() and b.earlier is above


def _record_over_cut(b: Block, res: Result) -> bool:
    """Whether ``b`` is a log record printed over a traceback cut before its error line (a
    ``logger.exception("Failed to update")`` record, then the frames, the error line cut off or
    cut inside its class), the parse having read the record as the block's text and level
    (``log.ERROR``, no class), and the best answer to that text is a log call in a function
    the traceback does not pass through. ``logging`` prints the traceback of the exception the
    logging function caught, and that function is the traceback's first frame: a library log
    call elsewhere that looks like the record's words did not write it. A raise answering the
    record stands: a record often prints the caught error's text after its own words
    (``Error connecting to X, Error during request to server: ...``), and that text is the
    raise's."""
    if not b.frames or not b.exc_types or not all(t.startswith("log.") for t in b.exc_types):
        return False
    if not res.matches:
        return True
    top = res.matches[0]
    shown = {(f.function or "").rsplit(".", 1)[-1] for f in b.frames}
    return top.kind == "log" and top.function.rsplit(".", 1)[-1] not in shown


def _text_above_cut(cut: Result, above: Result, idx: Index, shown: Sequence[Frame]) -> Result:
    """The answer to a traceback cut before its error line (``cut``, read from its frames
    alone, every answer approximate) or to the text printed above it (``above``): that text
    when a raise statement fits it exactly in the codebase the frames ran into (the first
    frame answer's), which the traceback then shows leading to; else the frames' answer,
    the text being some other output (a log record of another library, a sentence).
    ``shown``: the cut traceback's frames, outermost first (``_record_writer_first``)."""
    if above.exact_top and cut.matches and above.matches[0].repo == cut.matches[0].repo:
        _record_writer_first(idx, above, shown)
        above.verdict += " (from the text printed above the cut traceback)"
        return above
    return cut


RECORD_WRITER = (
    "the traceback under the record starts in this function: logging prints the traceback of "
    "the exception the logging function caught, from that function's own frame on"
)


def _record_writer_first(idx: Index, above: Result, shown: Sequence[Frame]) -> None:
    """A log record's words that several log calls say alike (uvicorn's ``Exception in ASGI
    application`` in each protocol's ``run_asgi``, through ``logger.error`` in some and
    ``logger.exception`` in others: both print ``ERROR``), printed over the traceback the
    call adds (``exc_info``): that traceback is the exception the logging function caught,
    and it starts at that function's frame (a traceback holds the frames from the one that
    caught it down to the raise). The log call of those words in the first frame's file and
    function wrote the record, so it is the answer, no longer one of a tie; the others stay
    in their order below it. Nothing changes when the first frame names no such call, or
    names several (one function logging the words twice: the text alone cannot tell those
    apart)."""
    if not above.matches or not shown:
        return
    first = above.matches[0]
    words = literal(first.template)
    group = list(
        itertools.takewhile(
            lambda m: (
                m.kind == "log"
                and not m.approximate
                and literal(m.template) == words
                and first.score - m.score < TIE
            ),
            above.matches,
        )
    )
    if len(group) < 2:
        return
    path = idx.resolve_path(norm_path(shown[0].path))
    fn = fn_last(shown[0].function)
    if path is None or fn is None:
        return
    hits = [m for m in group if m.kind == "log" and m.path == path and fn_last(m.function) == fn]
    if len(hits) != 1:
        return
    writer = hits[0]
    untied = {
        id(m): replace(m, reasons=[r for r in m.reasons if not r.startswith("tied with ")], tied_with=[])
        for m in group
    }
    top = untied[id(writer)]
    top.reasons.append(RECORD_WRITER)
    rest = [untied.get(id(m), m) for m in above.matches if m is not writer]
    above.matches = [top, *rest]
    above.verdict = "exact match"


def _only_approximate(res: Result, reason: str, keep: Sequence[Match] = ()) -> None:
    """Every match of ``res`` kept, as approximate, with the reason it is no more than that
    (those of ``keep`` left as they are)."""
    for m in res.matches:
        if not m.approximate and not any(m is k for k in keep):
            m.approximate = True
            m.reasons.append(reason)
    if res.matches[0].reasons[-1:] == [reason]:
        res.verdict = f"no exact match: {reason}; closest library templates below"


def _value_alone(res: Result, exc_type: str, value: bool, printing: set[str]) -> None:
    """The answers to a built-in class pasted with one value or nothing (``_value_raises``):
    its raises printing that (``printing``, their error ids), as approximate ones, first; then
    any other of the class whose text resembles the value's (words of a list's items). Python
    prints the class raised, so another class's raise sharing the pattern (a subclass prints
    its own name) is no answer."""
    same = [m for m in res.matches if m.exc_type == exc_type]
    res.matches = sorted(same, key=lambda m: m.id not in printing)  # (stable: ranks kept within)
    if not res.matches:
        res.verdict = verdict([], None, None)
        return
    why = (
        f"the message is a value alone, which every `raise {exc_type}(value)` prints"
        if value
        else f"the class is alone, which every `raise {exc_type}` with no message prints"
        + (" (and every `assert` without one)" if exc_type == "AssertionError" else "")
    ) + ", as do the interpreter and the user's own code"
    for m in res.matches:
        m.approximate = True
        m.reasons.append(why)
    if res.builtin is None:  # an interpreter message says so first
        res.verdict = f"no exact match: {why}; the library's raises of it below"


# a warning printed above the traceback of the error asked about, when that error was raised in
# a package not indexed: the warning (a settings ``UserWarning`` a build printed on its way) is
# what the catalogue knows of the paste, but it is not that error, nor where it began
_WARNING_BEFORE_ELSEWHERE = (
    "a warning printed before the error asked about, which was raised in a package not indexed: "
    "the warning is context, not that error's origin"
)


_WARNING_BEFORE_BUILTIN = (
    "a warning printed before the error asked about, which is Python's own message: "
    "the warning is context, not that error's origin"
)


def _warning(b: Block) -> bool:
    """Whether a block is a warning as ``warnings`` prints it (a category, and its location
    as one frame naming no function), not an exception of a chain."""
    return bool(b.exc_type and b.exc_type.endswith("Warning")) and all(f.function is None for f in b.frames)


_VALUE_MAX = 120  # characters of a message read as one value alone


def _value_only(message: str) -> bool:
    """Whether the message is one value as ``str()`` or ``repr()`` prints it: a quoted string
    with no quote of its kind inside, an object's or a container's repr (``<class 'int'>``,
    ``[TypeError(...), ...]``), or one token without spaces (a number, a name)."""
    m = message.strip()
    if not m or "\n" in m:
        return False
    if m[0] in _CLOSERS:
        return len(m) <= _CONTAINER_MAX and _one_container(m) and not _args_tuple(m)
    if len(m) > _VALUE_MAX:
        return False
    if len(m) >= 2 and m[0] == m[-1] and m[0] in "'\"":
        return m[0] not in m[1:-1]
    if m[0] == "<" and m[-1] == ">":
        # an object's repr (``<class 'int'>``, ``<Foo object at 0x7f...>``): spaces inside its
        # brackets, but one value (``raise TypeError(repr(type(x)))``), nested in no other
        return "<" not in m[1:-1] and ">" not in m[1:-1]
    # a quote at one end only is a value cut short or text around one
    return m[0] not in "'\"" and m[-1] not in "'\"" and not any(ch.isspace() for ch in m)


_CONTAINER_MAX = 2000  # characters of a printed list, dict or tuple read as one value
_CLOSERS = {"[": "]", "{": "}", "(": ")"}


_ARGS_HEAD_MAX = 600  # characters of a printed arguments tuple's first text read (``_args_tuple``)


def _args_tuple(m: str) -> bool:
    """Whether ``m`` is an exception's arguments as ``str()`` prints several of them: a tuple
    whose first item is a text of words (``raise ValueError("Unknown string format:", timestr)``
    prints ``('Unknown string format:', '2019-02-06T18:19:46Z')``). That is the library's text
    with the user's value after it, not one value of the user's: its words name the raise. The
    first item is read up to its closing quote (no escape in it), at most ``_ARGS_HEAD_MAX``
    characters: one ``find``, no regular expression."""
    if len(m) < 4 or m[0] != "(" or m[1] not in "'\"":
        return False
    end = m.find(m[1], 2, _ARGS_HEAD_MAX)
    if end < 0 or not m.startswith(", ", end + 1):
        return False
    first = m[2:end]
    return "\\" not in first and any(ch.isspace() for ch in first.strip())


def _one_container(m: str) -> bool:
    """Whether ``m`` is one list, dict or tuple as ``repr()`` prints it: its first bracket
    closes at its last character, brackets inside quoted strings (``'a]'``, escapes read)
    not counted. One pass over the characters, no regular expression: the text is untrusted."""
    depth, quote, i = 0, "", 0
    while i < len(m):
        ch = m[i]
        if quote:
            if ch == "\\":
                i += 1  # (the escaped character is the string's, whatever it is)
            elif ch == quote:
                quote = ""
        elif ch in "'\"":
            quote = ch
        elif ch in _CLOSERS:
            depth += 1
        elif ch in "]})":
            depth -= 1
            if depth == 0:
                return i == len(m) - 1 and m[-1] == _CLOSERS[m[0]]
        i += 1
    return False


def _prints_value(segs: tuple[str, ...], names: tuple[str, ...], value: str) -> bool:
    """Whether a template (literal segments as written around its placeholders) prints ``value``
    as one value: no placeholder and no text for no value (``raise LookupError()``, an ``assert``
    without message); else one placeholder holding all of it (``raise KeyError(key)``), or
    holding all but literal characters around it that the value carries (``raise
    FileNotFoundError(self._strip_protocol(path))`` read as ``/{path}``: ``/nope.txt``). A
    placeholder printing a container holds only a value opening as it does."""
    if not value:
        return not names and not "".join(segs).strip()
    if len(names) != 1:
        return False
    head, tail = segs
    inner = value[len(head) : len(value) - len(tail)]
    if not (inner.strip() and value.startswith(head) and value.endswith(tail)):
        return False
    if _prints_class(names[0]) and not printed_class(inner):
        return False
    return inner.startswith(container_opens(names[0]))


def _prints_class(name: str) -> bool:
    """Whether a placeholder's expression is a class object (``type(x)``, ``repr(type(x))``,
    ``x.__class__``), which prints as ``<class 'int'>`` whatever ``x`` is."""
    expr = name.removesuffix("!r").removesuffix("!s")
    for wrap in ("repr(", "str("):
        if expr.startswith(wrap) and expr.endswith(")"):
            expr = expr[len(wrap) : -1]
    return (expr.startswith("type(") and expr.endswith(")")) or expr.endswith(".__class__")


def _affixes_explain(idx: Index, tf: TextFit, pids: list[int]) -> None:
    """The raises printing a value alone (``_value_raises``) whose template holds literal
    characters around its placeholder (``/{path}``) that the value carries, at both ends: those
    characters are what that raise adds to any value, and they are there. ``judge_fit`` counts a
    few literal characters among much other text as little evidence (they fit any message
    holding them somewhere); here they are the value's own ends, placed, so the fit counts as a
    whole-message fit does, above a placeholder alone, which prints the value with anything
    around it. So does a placeholder of a class object (``{repr(type(arg))}``) for a value
    printed as one (``<class 'int'>``): its expression, not a literal, prints those ends. Still
    approximate (``_value_alone``): the value is the user's."""
    value = tf.message.strip()
    for pid in pids:
        c = tf.cands.get(pid)
        f = c.fit if c is not None else None
        if c is None or f is None or not (f.full and f.anchored_start and f.anchored_end):
            continue
        pat = idx.patterns[pid]
        if pat.lit_len:
            c.text = max(c.text, 0.5 + 0.5 * c.coverage)
            continue
        shown = _shape_shown(pat.names[0], value) if len(pat.names) == 1 and value else None
        if shown is not None:
            # (the placeholder's expression prints those ends itself, whatever the value)
            c.text = max(c.text, 0.5 + 0.5 * shown[0] / len(value))
            c.reasons.append(f"the placeholder prints {shown[1]}, as the message shows one")


def _shape_shown(name: str, value: str) -> tuple[int, str] | None:
    """How many characters of ``value`` a placeholder's own shape prints, and what it prints,
    when the value has that shape: ``<class '`` and ``'>`` for a class object, the brackets of
    a container the extractor read (``errors: list!r``); None for a placeholder of any value."""
    if _prints_class(name) and printed_class(value):
        return len(CLASS_HEAD + CLASS_TAIL), "a class object"
    for shape, opens in CONTAINER_OPENS:
        if shape in name and value.startswith(opens):
            return 2, f"a {shape.removeprefix(': ')}"
    return None


def _group_block(q: ParsedQuery) -> int | None:
    """The outermost exception group of a paste (its block), if the paste prints one.

    Python prints a group that reached the top level first, with its own traceback, then each
    sub-exception in a ``+-+---- 1 ----`` block: the group is the exception that propagated, and
    when its traceback ends on a raise of an indexed codebase (``TaskGroup.__aexit__``), that
    raise is what the paste shows failing, whatever its sub-exceptions' frames say. A group is
    known by its class (``ExceptionGroup``/``BaseExceptionGroup``) or by the count every group
    (subclasses included) appends to its message.
    """
    if q.group_is_context:
        return None  # the group caused the exception raised after it: that one is the error
    for i, b in enumerate(q.blocks):
        group = b.exc_type is not None and b.exc_type.rsplit(".", 1)[-1] in _GROUP_TYPES
        if (group or _sub_count(b.message)) and i + 1 < len(q.blocks):
            return i
    return None


# a placeholder's expression as a dotted name, a conversion or format spec after it
# (``next!r``, ``self.token.type``, ``size:>8``): what ``_unreadable_attribute`` compares
_DOTTED_FIELD = re.compile(r"([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)(?:![rsa])?(?::.*)?", re.DOTALL)


def _unreadable_attribute(values: dict[str, str]) -> str | None:
    """Why a template cannot have printed the message, read from the values a fit gives its
    placeholders: one shows a name printed as ``None`` (``{next!r}`` filled with ``None``) while
    another reads an attribute of that very name (``{next.type}``): ``None`` has no such
    attribute (none but its dunders), so formatting that f-string would itself have failed.
    None when nothing of the kind shows."""
    nones: set[str] = set()
    reads: list[tuple[str, str]] = []
    for key, value in values.items():
        m = _DOTTED_FIELD.fullmatch(key.strip())
        if m is None:
            continue
        name = m.group(1)
        if value.strip() == "None":
            nones.add(name)
        base, _dot, attr = name.rpartition(".")
        if base and not attr.startswith("__"):
            reads.append((base, attr))
    for base, attr in reads:
        if base in nones:
            return f"`{base}` printed as None, which has no attribute `{attr}`"
    return None


def possible_first(matches: list[Match]) -> list[Match]:
    """A tie of templates that differ only in a placeholder's expression (cssselect2's
    ``unexpected {next.type} token.`` and ``unexpected {next} token.``, blanked alike by
    ``result.tied``) ordered by what the values say: a template whose values show a name as
    ``None`` and read an attribute of it (``_unreadable_attribute``) cannot have printed the
    message, as formatting it would have raised ``AttributeError``; it goes after the sites that
    can, as an approximate answer saying why. A tie where every site or none is so is left."""
    group = tied(matches)
    if len(group) < 2 or group[0].approximate:
        return matches
    why = {id(m): r for m in group if (r := _unreadable_attribute(m.values)) is not None}
    if not why or len(why) == len(group):
        return matches
    able = [m for m in group if id(m) not in why]
    unable = [
        replace(
            m, approximate=True, reasons=[*m.reasons, f"{why[id(m)]}: this template cannot print the message"]
        )
        for m in group
        if id(m) in why
    ]
    return [*able, *unable, *matches[len(group) :]]


def validated_class_first(matches: list[Match], model: str | None) -> list[Match]:
    """A tie's sites in a method of the class a validation listing names first (``1 validation
    error for Settings``: ``Settings.check_key``): pydantic ran that model's validators, so
    of the sites raising the same words, one there is the validator that failed; another
    class's (a helper printing the same check) only shares its text. Only a tie's order changes:
    the scores say nothing between them."""
    group = tied(matches) if model else []
    if len(group) < 2:
        return matches
    own = {id(m) for m in group if m.function.rpartition(".")[0].rpartition(".")[2] == model}
    if not own or len(own) == len(group):
        return matches
    ordered = sorted(group, key=lambda m: id(m) not in own)  # stable: the ranks kept within
    return [*ordered, *matches[len(group) :]]


def _sub_count(message: str) -> bool:
    """Whether ``message`` ends in the count ``BaseExceptionGroup.__str__`` appends (`` (2
    sub-exceptions)``)."""
    _head, sep, tail = message.rpartition(" (")
    count, _sp, rest = tail.partition(" ")
    return bool(sep) and count.isdigit() and rest in ("sub-exception)", "sub-exceptions)")


def _fits(tf: TextFit, fev: frames.FrameEvidence, pid: int) -> tuple[bool, float, float]:
    """How well the text fits a frame-supported pattern, then how strongly frames support it."""
    c = tf.cands.get(pid)
    w = fev.pids[pid]
    return (c.confident, c.coverage, w) if c else (False, -1.0, w)


def _better(new: Result, old: Result) -> bool:
    """Whether ``new``'s first answer is better than ``old``'s: an answer over none, exact over
    approximate, and between two approximate ones the higher score (their texts differ, so two
    exact answers are not ranked against each other: the earlier reading stands)."""
    if not new.matches:
        return False
    if not old.matches:
        return True
    a, b = new.matches[0], old.matches[0]
    if a.approximate != b.approximate:
        return not a.approximate
    return a.approximate and a.score > b.score


def _without_truncation_marker(message: str) -> str | None:
    """The message without a trailing ellipsis a user typed to say "and so on", and without a
    leading one that says the excerpt starts inside the text (``...You tried to access x``),
    if it has either."""
    stripped = message.strip()
    cut = stripped
    for marker in _TRUNCATION_MARKERS:
        if cut.endswith(marker) and len(cut) > len(marker):
            cut = cut[: -len(marker)].rstrip()
            break
    for marker in _LEADING_MARKERS:
        if cut.startswith(marker) and len(cut) > len(marker) and cut[len(marker)].isalnum():
            cut = cut[len(marker) :]
            break
    return cut if cut != stripped else None


SET_APART_MAX = 8  # parts of a paste tried as its message (``set_apart``), the first ones
SET_APART_LINES = 40  # lines of a paste looked through for them
# what may stand right before a double quote that opens a quoted phrase: a blank, a bracket, a
# code span's backtick or a label's colon (``saying "..."``, ``("...``, `` `"...``, ``Error:"...``)
_QUOTE_OPENS_AFTER = " \t([{`:"
# a quoted exception line's head: a class (dotted or not) and Python's ``: `` after it; only such
# a quote may run past quotes inside it (the message quoting names of its own)
_TYPE_HEAD = re.compile(r"(?:[A-Za-z_]\w{0,100}\.){0,20}[A-Z]\w{0,100}: ")
# what may follow the double quote that closes it: the line's end, a blank, punctuation
_QUOTE_CLOSES_BEFORE = " \t.,;:!?)]}`"


def set_apart(text: str) -> list[str]:
    """The parts of a paste its writer set apart from their prose, in order (at most
    ``SET_APART_MAX``, from its first ``SET_APART_LINES`` lines): the text of a Markdown quote
    (a run of ``> text`` lines, one space after the mark: pytest marks a source line with three
    at least, and ``>>>`` is a prompt) when unquoted lines stand around it, the text of each
    code span closed on its line (a fence's three backticks are no span), and each phrase in
    double quotes (straight or curly). A straight quote opens at a line's start or after a blank,
    a bracket, a backtick or a colon, and closes before the line's end, a blank or punctuation;
    an exception line in quotes (``"Class: text"``) may quote names inside its text (``Message
    type "x" has no field named "y".``), so for one the last such closing quote on the line ends
    a reading too. Only phrases count (a space
    inside, at least ``QUOTED_TAIL_MIN`` characters): a quoted name or value is no message.
    Scanned with ``find``, never a regular expression: the paste is untrusted text."""
    lines = text.split("\n")[:SET_APART_LINES]
    found: list[str] = []

    def add(part: str) -> None:
        part = part.strip()
        if len(part) >= QUOTED_TAIL_MIN and " " in part and part not in found:
            found.append(part)

    quoted = [ln.startswith("> ") and ln[2:3] not in ("", " ") for ln in lines]
    if any(quoted) and not all(q or not ln.strip() for q, ln in zip(quoted, lines, strict=True)):
        run: list[str] = []
        for q, ln in zip([*quoted, False], [*lines, ""], strict=True):
            if q:
                run.append(ln[2:])
            elif run:
                add("\n".join(run))
                run = []
    for ln in lines:
        if ln.lstrip().startswith("```"):
            continue
        for i, j in _spans_of(ln):
            add(ln[i + 1 : j])
        if len(found) >= SET_APART_MAX:
            break
    return found[:SET_APART_MAX]


def _paired(ln: str, opener: str, closer: str) -> list[tuple[int, int]]:
    """Where each of the first ``SET_APART_MAX`` spans of one line between ``opener`` and the
    next ``closer`` after it opens and closes, left to right."""
    out: list[tuple[int, int]] = []
    start = 0
    for _ in range(SET_APART_MAX):
        i = ln.find(opener, start)
        j = ln.find(closer, i + 1) if i >= 0 else -1
        if j < 0:
            break
        out.append((i, j))
        start = j + 1
    return out


def _spans_of(ln: str) -> list[tuple[int, int]]:
    """Where each code span and double-quoted phrase of one line opens and closes (the marks'
    offsets), at most ``SET_APART_MAX`` openers of each mark looked at."""
    # code spans (a backtick to the next one) and curly quotes (to the first closing one)
    out = [*_paired(ln, "`", "`"), *_paired(ln, "\u201c", "\u201d")]
    closers = [k for k, c in enumerate(ln) if c == '"' and ln[k + 1 : k + 2] in ("", *_QUOTE_CLOSES_BEFORE)]
    start = 0
    for _ in range(SET_APART_MAX):  # straight quotes: to the first and to the last closing one
        i = ln.find('"', start)
        if i < 0:
            break
        start = i + 1
        if i and ln[i - 1] not in _QUOTE_OPENS_AFTER:
            continue
        after = [k for k in closers if k > i + 1]
        if after:
            out.append((i, after[0]))
            if after[-1] != after[0] and _TYPE_HEAD.match(ln, i + 1):
                out.append((i, after[-1]))
    return out


# an ellipsis opening an excerpt cut at its start, run into the text's first word
_LEADING_MARKERS = ("...", "\u2026", "[...]")
# an application's marks around the error's text in its one-line summary: ``<<...text ...>>``,
# and the typographic guillemets a rich-text copy turns them into
_TEXT_MARKS = (("<<", ">>"), ("\u00ab", "\u00bb"))
ANGLE_QUOTED_MIN = 20  # characters of text between the marks that make it a phrase, not a value


def angle_quoted(message: str) -> str | None:
    """The text a one-line ``message`` holds between ``<<`` and ``>>`` (or ``«`` and ``»``)
    after words of an application's own (``exception <<...You tried to access x, but ...>> at
    line 15 of chat_gpt.py >> completion = ...``), or None. The marks hug the text (no space
    inside them: a shift ``a << 2`` or a heredoc ``<<EOF`` line is no such span), the first
    closing mark after the opening one ends it, and the text is a phrase (a space in it, at
    least ``ANGLE_QUOTED_MIN`` characters)."""
    text = message.strip()
    if "\n" in text:
        return None
    for opener, closer in _TEXT_MARKS:
        i = text.find(opener)
        j = text.find(closer, i + len(opener)) if i >= 0 else -1
        if j < 0:
            continue
        inner = text[i + len(opener) : j]
        if inner[:1].isspace() or inner[-1:].isspace() or len(inner) < ANGLE_QUOTED_MIN or " " not in inner:
            continue
        return inner
    return None


class _StoredCallees:
    """``frames.CalleesOf`` read from a catalogue's code facts, each (release, file, function)
    once per query: the calls the extractor recorded at index time, so what a traceback's
    function calls in the indexed release is known without the index holding it. A catalogue
    from before code facts names no callees: the frames then weigh as they did before."""

    def __init__(
        self, store: Any, documented: dict[tuple[int, str, str], list[Documented]] | None = None
    ) -> None:
        self._store = store
        self._documented_files = documented if documented is not None else {}
        self._sids: dict[tuple[str, str], int | None] = {}
        self._seen: dict[tuple[str, str, str, str], list[str]] = {}
        self._rebuilds: dict[tuple[str, str], bool] = {}  # (repo, version) -> rebuilds_tracebacks
        self._helpers: dict[tuple[str, str, str], list[tuple[str, str]]] = {}

    def __call__(self, repo: str, version: str, path: str, function: str) -> list[str]:
        key = (repo, version, path, function)
        names = self._seen.get(key)
        if names is None:
            names = self._seen[key] = self._read(repo, version, path, function)
        return names

    def _read(self, repo: str, version: str, path: str, function: str) -> list[str]:
        from errdex.store.errors import StoreError

        try:
            sid = self._sid(repo, version)
            if sid is None:
                return []
            callees = self._store.facts.calls_in(sid, path, function)
        except StoreError:
            return []  # a catalogue from before code facts: no callees known
        return list(dict.fromkeys(str(c).rpartition(".")[2] for c in callees))

    def _file_facts(self, repo: str, version: str, path: str) -> CodeFacts | None:
        """The code facts of that release's file ``path``, or None when the catalogue holds none
        (no such file, or a catalogue from before code facts)."""
        from errdex.store.errors import StoreError

        try:
            sid = self._sid(repo, version)
            row = self._store.facts.module_at(sid, path) if sid is not None else None
            return self._store.facts.facts([row.fact_id]).get(row.fact_id) if row is not None else None
        except StoreError:
            return None

    def calls_at(self, repo: str, version: str, path: str, line: int) -> list[CallFact]:
        """The calls that release's file ``path`` makes at ``line`` (its code facts), in code
        order; none when the catalogue holds no facts of it."""
        from errdex.store.errors import StoreError

        try:
            sid = self._sid(repo, version)
            row = self._store.facts.module_at(sid, path) if sid is not None else None
            calls = self._store.facts.calls_of(row.fact_id) if row is not None else []
        except StoreError:
            return []
        return [c for c in calls if c.line == line]

    def outside_functions(self, repo: str, version: str, path: str, line: int) -> bool:
        """Whether that release's file ``path`` is known (its code facts) and no function of it
        holds ``line``: the line is a class body's or the module's, so a frame naming a function
        at that line printed another release's file."""
        facts = self._file_facts(repo, version, path)
        return facts is not None and not any(f.line <= line <= f.end_line for f in facts.functions)

    def moved_call(
        self,
        repo: str,
        version: str,
        path: str,
        function: str,
        callees: frozenset[str],
        written: frozenset[str] = frozenset(),
    ) -> int | None:
        """The line of that release's one call of a name in ``callees`` (the names a frame's
        printed line calls: ``validate_python``) made by a function named ``function`` (its last
        name) in file ``path``, from the code facts: where a frame printed by another release
        (its line outside any function of this one) made the call it shows, moved by the edits
        above it. Calls on several lines (several functions of that name: peewee's
        ``_connect`` of each database class) are narrowed to those whose callee is written as
        the printed line writes it (``written``: ``sqlite3.connect``). None when the facts hold
        no such call, or such calls on several lines (which one ran is not known)."""
        from errdex.store.errors import StoreError

        if not callees or not function:
            return None
        try:
            sid = self._sid(repo, version)
            row = self._store.facts.module_at(sid, path) if sid is not None else None
            calls = self._store.facts.calls_of(row.fact_id) if row is not None else []
        except StoreError:
            return None
        found = [
            c
            for c in calls
            if c.caller.rpartition(".")[2] == function and c.callee.rpartition(".")[2] in callees
        ]
        lines = {c.line for c in found}
        if len(lines) > 1 and written:
            lines = {c.line for c in found if c.callee in written}
        return lines.pop() if len(lines) == 1 else None

    def helpers(self, repo: str, path: str, function: str) -> list[tuple[str, str]]:
        """``frames.HelpersOf``: (file, function) of what the functions named ``function`` (last
        name) of codebase ``repo``'s file ``path`` call by a name imported from another module of
        the same release (``from .lib._client_auth import sync__init__`` then
        ``sync__init__(...)``; ``mod.check(...)`` after ``from . import mod``), resolved through
        the file's recorded imports in the newest ``MAX_CALLEE_SNAPSHOTS`` releases holding the
        file. A name the file defines itself, or a ``self.``/``cls.`` call, is the same file's
        (``CalleesOf``); one imported from outside the release names no file of it. At most
        ``MAX_CALLEES``; none for a catalogue from before code facts."""
        from errdex.store.errors import StoreError

        key = (repo, path, function)
        got = self._helpers.get(key)
        if got is None:
            try:
                got = self._helpers[key] = self._read_helpers(repo, path, function)
            except StoreError:
                got = self._helpers[key] = []
        return got

    def _read_helpers(self, repo: str, path: str, function: str) -> list[tuple[str, str]]:
        facts = self._store.facts
        out: dict[tuple[str, str], None] = {}
        looked = 0
        for release in reversed(self._store.timeline.releases(repo)):
            if looked >= MAX_CALLEE_SNAPSHOTS or len(out) >= MAX_CALLEES:
                break
            row = _module_of(facts, release.snapshot_id, path)
            code = facts.facts([row.fact_id]).get(row.fact_id) if row is not None else None
            if row is None or code is None:
                continue
            looked += 1
            bound = {i.local: i for i in reversed(code.imports)}  # the first binding of a name
            wanted: dict[str, str] = {}  # module -> function
            for c in facts.calls_of(row.fact_id):
                if c.caller.rpartition(".")[2] != function:
                    continue
                head, _dot, rest = c.callee.partition(".")
                imp = bound.get(head)
                if imp is None or "." in rest:
                    continue
                target = resolve_import(row.name, row.is_package, imp.level, imp.target)
                module, name = (target, rest) if rest else target.rpartition(".")[::2]
                if module and name and module != row.name:
                    wanted.setdefault(f"{module}\0{name}", name)
            modules = facts.modules_named(release.snapshot_id, {k.partition("\0")[0] for k in wanted})
            for k, name in wanted.items():
                found = modules.get(k.partition("\0")[0])
                if found is not None:
                    out[found.path, name] = None
        return list(out)[:MAX_CALLEES]

    def enclosing(self, repo: str, version: str, path: str, line: int) -> str | None:
        """The qualified name of the innermost function of that release's file ``path`` whose
        lines hold ``line`` (a generator expression's line is its enclosing function's), from
        the catalogue's code facts; None when they do not name one (no facts, module level)."""
        facts = self._file_facts(repo, version, path)
        spans = [f for f in (facts.functions if facts else ()) if f.line <= line <= f.end_line]
        return min(spans, key=lambda f: f.end_line - f.line).qualname if spans else None

    def documented(self, repo: str, version: str, name: str, top: str) -> list[tuple[str, Documented]]:
        """(path, function) of that release's library functions documented to raise class
        ``name`` of package ``top`` (``documented.documented_in``), read from the files that
        import ``name``: a keyed lookup, then those few files' docstrings and calls."""
        from errdex.store.errors import StoreError

        try:
            sid = self._sid(repo, version)
            if sid is None:
                return []
            facts_of = self._store.facts
            modules = {row.module for row in facts_of.imports_of(sid, [name]) if row.level == 0}
            rows = sorted(facts_of.modules_named(sid, modules).values(), key=lambda m: m.path)
            # the answer is read from this query's own copy of its files' entries: the memo is
            # shared by the matcher's threads, and another thread's query may clear it meanwhile
            memo = self._documented_files
            got: dict[int, list[Documented]] = {}
            for m in rows:
                known = memo.get((m.fact_id, name, top))
                if known is not None:
                    got[m.fact_id] = known
            unread = [m.fact_id for m in rows if m.fact_id not in got]
            if unread:
                texts = facts_of.facts(unread, docs=True)
                if len(memo) > MAX_DOCUMENTED_FILES:
                    memo.clear()
                for fid in unread:
                    facts = texts.get(fid)
                    got[fid] = memo[fid, name, top] = (
                        documented_in(facts, facts_of.calls_of(fid), name, top) if facts else []
                    )
            return [(m.path, found) for m in rows for found in got[m.fact_id]]
        except StoreError:
            return []  # a catalogue from before code facts: nothing documented is known

    def imports_cython(self, repo: str, version: str, path: str) -> bool:
        """Whether that release's file ``path`` imports ``cython`` (a module in Cython's
        pure-Python mode, compiled into the extension module its Cython frames name), from the
        catalogue's code facts; False when they cannot say."""
        facts = self._file_facts(repo, version, path)
        return facts is not None and any(
            i.level == 0 and (i.target == "cython" or i.target.startswith("cython.")) for i in facts.imports
        )

    def rebuilds_tracebacks(self, repo: str, version: str) -> bool:
        """Whether that release's library code rebuilds the tracebacks of exceptions
        (``userframes.rebuilds_tracebacks``), from the code facts' calls keyed by the two
        callees; False when the catalogue holds no facts of it."""
        key = (repo, version)
        known = self._rebuilds.get(key)
        if known is None:
            rows = self.calls_named(repo, version, list(userframes.TRACEBACK_CALLS))
            known = self._rebuilds[key] = userframes.rebuilds_tracebacks((r.path, r.callee) for r in rows)
        return known

    def calls_named(self, repo: str, version: str, names: list[str]) -> list[CallRow]:
        """The calls in that release's library functions whose callee's last name is one of
        ``names`` (the code facts' keyed lookup); none when the catalogue holds no facts."""
        from errdex.store.errors import StoreError

        try:
            sid = self._sid(repo, version)
            return list(self._store.facts.calls_named(sid, names)) if sid is not None else []
        except StoreError:
            return []

    def imported_callees(self, repo: str, version: str, calls: list[CallRow]) -> dict[tuple[str, int], str]:
        """For each of ``calls`` whose callee's first name its file binds by an absolute import
        (``from fractions import Fraction``, ``import numpy as np``), the callee as that import
        spells it (``fractions.Fraction``, ``numpy.add``), keyed by (path, line): the code facts
        keep a callee as written, and a standard-library callable imported by name is called bare.
        One lookup of the bindings for all the calls; none when the catalogue holds no facts."""
        from errdex.store.errors import StoreError

        heads = {c.callee.partition(".")[0] for c in calls}
        try:
            sid = self._sid(repo, version)
            rows = self._store.facts.imports_binding(sid, heads) if sid is not None and heads else []
        except StoreError:
            return {}
        # a relative import binds a name of the library's own: not a standard-library callable
        bound = {(r.path, r.local): r.target for r in rows if r.level == 0 and r.target}
        out: dict[tuple[str, int], str] = {}
        for c in calls:
            head, dot, rest = c.callee.partition(".")
            target = bound.get((c.path, head))
            if target is not None:
                out[(c.path, c.line)] = f"{target}{dot}{rest}"
        return out

    def call_text(self, repo: str, version: str, path: str, line: int) -> str:
        """The text of the call beginning at ``line`` of that release's file ``path``
        (``raisedby.call_text``), read from the catalogue's stored file; empty when it holds
        none."""
        from errdex.store.errors import StoreError

        try:
            sid = self._sid(repo, version)
            source = self._store.file_text(sid, path) if sid is not None else None
        except StoreError:
            return ""
        return call_text(source, line) if source else ""

    def signature_sites(
        self, repo: str, version: str, err: SignatureError
    ) -> list[tuple[str, int, str, str]]:
        """(path, line, caller, callee as written) of that release's calls that can make the interpreter's
        signature message ``err`` (``signature``): where the release defines the callable with
        a signature that agrees, its decorator's call of the wrapped callable, the class's
        alternative constructors' ``cls(...)``, and the release's calls of the name that pass
        what the message says; none when the release does not define it (or holds no facts)."""
        from errdex.store.errors import StoreError

        try:
            sid = self._sid(repo, version)
            return _SignatureSearch(self._store, sid, err).sites() if sid is not None else []
        except StoreError:
            return []

    def newest(self, repo: str) -> str | None:
        """The newest indexed release of ``repo``, or None."""
        from errdex.store.errors import StoreError

        try:
            releases = self._store.timeline.releases(repo)
        except StoreError:
            return None  # a catalogue that cannot say: no release to name
        return str(releases[-1].version) if releases else None

    def _sid(self, repo: str, version: str) -> int | None:
        if (repo, version) not in self._sids:
            self._sids[repo, version] = self._store.timeline.snapshot_of(repo, version)
        return self._sids[repo, version]


# The loaded index per (db, repo), kept across calls: loading it is the costly part. Only the
# index is kept; the reader is opened and closed by each call.
_MATCHERS: dict[tuple[str | None, str | None], Matcher] = {}


def explain(text: str, db: str | None = None, repo: str | None = None, limit: int = 10) -> list[Match]:
    """Library API (``errdex.explain``): the ranked raise sites for a pasted error.

    Never creates a catalogue: a ``db`` where there is none raises ``StoreError`` saying so.
    """
    from errdex.store.fast import open_reader

    with open_reader(db) as store:
        return kept_matcher(store, db, repo).explain(text, limit, store=store).matches


def kept_matcher(store: Any, db: str | None, repo: str | None = None) -> Matcher:
    """The matcher of catalogue ``db`` (narrowed to ``repo``) kept by this process while
    ``store``, a reader of it, is at the generation it was loaded for: a process answering many
    queries (``errdex.explain``, the MCP server) loads the index once, not once per query, and
    keeps what its queries decoded. It keeps no reader: pass ``store=`` to its ``explain``."""
    key = (db, repo)
    matcher = _MATCHERS.get(key)
    if matcher is None or matcher.index.generation != str(store.generation()):
        # not ``Matcher.load``: the kept matcher must not hold this reader, closed by the caller
        name = str(store.resolve_repo(repo)) if repo else None
        matcher = Matcher(stored_index(store), name)
        _MATCHERS[key] = matcher
    return matcher


def _module_of(facts: Any, sid: int, path: str) -> ModuleRow | None:
    """The release's module at ``path``: the catalogue's path itself, else the module whose
    dotted name is the longest tail of the path's (a frame's ``openai/_client.py`` below
    site-packages is ``src/openai/_client.py`` of a checkout, and ``client.py`` of a package
    folder indexed as itself). At most ``MAX_MODULE_PARTS`` tails are asked for."""
    row: ModuleRow | None = facts.module_at(sid, path)
    if row is not None or not path.endswith(".py"):
        return row
    parts = path[:-3].split("/")[-MAX_MODULE_PARTS:]
    if parts[-1] == "__init__":
        parts.pop()
    names = [".".join(parts[i:]) for i in range(len(parts))]
    found = facts.modules_named(sid, [n for n in names if n])
    return next((found[n] for n in names if n in found), None)


class _SignatureSearch:
    """One release's calls that can make an interpreter signature message (``signature``),
    read from its code facts and, for the few files that define the callable or call it,
    its stored source."""

    def __init__(self, store: Any, sid: int, err: SignatureError) -> None:
        self._store, self._sid, self._err = store, sid, err
        self._code: dict[str, tuple[ModuleRow, CodeFacts, str] | None] = {}

    def _module(self, name: str) -> tuple[ModuleRow, CodeFacts, str] | None:
        """A library module's row, code facts and source, once per search."""
        if name not in self._code:
            row = self._store.facts.modules_named(self._sid, [name]).get(name)
            # (with ``docs``: the parameter lists are read only then)
            facts = self._store.facts.facts([row.fact_id], docs=True).get(row.fact_id) if row else None
            source = self._store.file_text(self._sid, row.path) if row else None
            self._code[name] = (row, facts, source) if row and facts and source else None
        return self._code[name]

    def _definitions(self) -> list[tuple[str, FunctionFact | None, ClassFact | None]]:
        """(module, def, class) of the release's definitions of the callable whose signature
        agrees with the message (``signature_agrees``)."""
        err, facts = self._err, self._store.facts
        modules = {
            mod
            for mod, q in facts.functions_named(self._sid, [err.name]).get(err.name, [])
            if q == err.qualname
        }
        if err.constructor and err.owner:
            # a class with no ``__init__`` of its own (a dataclass): where it is imported from
            # or called
            for imp in facts.imports_of(self._sid, [err.owner]):
                target = resolve_import(imp.module, imp.is_package, imp.level, imp.target)
                modules.add(target.rpartition(".")[0])
            modules.update(c.module for c in facts.calls_named(self._sid, [err.owner]))
        out: list[tuple[str, FunctionFact | None, ClassFact | None]] = []
        for mod in sorted(modules):
            code = self._module(mod)
            if code is None:
                continue
            fdef = next((f for f in code[1].functions if f.qualname == err.qualname), None)
            cdef = (
                next((c for c in code[1].classes if c.qualname == err.owner), None)
                if err.constructor
                else None
            )
            if (fdef or cdef) and signature_agrees(
                err, fdef.params if fdef else None, cdef.members if cdef else None
            ):
                out.append((mod, fdef, cdef))
        return out

    def sites(self) -> list[tuple[str, int, str, str]]:
        err = self._err
        definitions = self._definitions()
        if not definitions:
            return []
        found: dict[tuple[str, int], tuple[str, str]] = {}
        params: tuple[str, ...] | None = None
        wrapped: dict[tuple[str, int], tuple[str, str]] = {}
        unwrapped = False  # a definition no decorator's wrapper calls
        for mod, fdef, cdef in definitions:
            row, facts, source = self._module(mod) or (None, None, "")
            assert row is not None and facts is not None
            params = fdef.params if fdef else params
            calls = [
                site
                for name in (decorator_names(source, fdef.line) if fdef else [])
                for site in self._wrapped_calls(mod, name, is_async_def(source, fdef.line) if fdef else None)
            ]
            unwrapped = unwrapped or not calls
            for where, inner in calls:
                wrapped.setdefault(where, inner)
            if cdef is not None:
                # the class's alternative constructors: ``cls(...)`` in its own methods
                for meth in facts.functions:
                    if meth.qualname.startswith(f"{cdef.qualname}.") and ".<locals>." not in meth.qualname:
                        self._add_calls(found, row.path, source, meth, {"cls", cdef.qualname}, params, True)
        for call in self._store.facts.calls_named(self._sid, [err.called_as]):
            implicit = self._called_as_written(call.callee, call.caller)
            code = self._module(call.module) if implicit is not None else None
            caller = next((f for f in code[1].functions if f.qualname == call.caller), None) if code else None
            if (
                code is not None
                and caller is not None
                and implicit is not None
                and _bound_in(call.callee, code[1])
            ):
                self._add_calls(found, code[0].path, code[2], caller, {call.callee}, params, implicit)
        # a decorator's wrapper stands between every call of the callable and its signature
        # check: when every definition is wrapped, the library frame above the error is the
        # wrapper's, whoever called; the calls of the callable are answers only beside a
        # definition no wrapper calls
        kept = found if unwrapped else {}
        return [
            (path, line, caller, callee) for (path, line), (caller, callee) in {**kept, **wrapped}.items()
        ]

    def _called_as_written(self, callee: str, caller: str) -> bool | None:
        """Whether a call written ``callee`` in ``caller`` calls the callable with its first
        parameter filled (a class, a bound method: True), without (a function: False), or
        is none of its calls (None)."""
        err = self._err
        last = callee.rpartition(".")[2]
        if err.constructor:
            return True if last == err.owner else None
        if err.owner is None:
            return False if last == err.name and not callee.startswith(("self.", "cls.")) else None
        if callee in (f"self.{err.name}", f"cls.{err.name}") and caller.startswith(f"{err.owner}."):
            return True
        return False if callee == f"{err.owner}.{err.name}" else None

    def _wrapped_calls(
        self, home: str, decorator: str, coroutine: bool | None
    ) -> list[tuple[tuple[str, int], tuple[str, str]]]:
        """((path, line), (inner function, parameter called)) of a decorator's calls of the
        callable it wraps (``coroutine``: whether that callable is an ``async def``): the
        decorator of the defining module, else the release's module-level function so named."""
        modules = [home] + [
            mod
            for mod, q in self._store.facts.functions_named(self._sid, [decorator]).get(decorator, [])
            if q == decorator and mod != home
        ]
        for mod in modules:
            code = self._module(mod)
            if code is not None and any(f.qualname == decorator for f in code[1].functions):
                return [
                    ((code[0].path, line), (inner.qualname, wrapped))
                    for inner, line, wrapped in wrapped_parameter_calls(
                        code[1], code[2], decorator, coroutine
                    )
                ]
        return []

    def _add_calls(
        self,
        found: dict[tuple[str, int], tuple[str, str]],
        path: str,
        source: str,
        caller: FunctionFact,
        callees: set[str],
        params: tuple[str, ...] | None,
        implicit: bool,
    ) -> None:
        """The first call in ``caller`` written as one of ``callees`` that can make the
        message (``possible_call``)."""
        for line, call in calls_written(source, (caller.line, caller.end_line), callees):
            if possible_call(call, self._err, params, implicit, caller.params):
                found.setdefault((path, line), (caller.qualname, ast.unparse(call.func)))
                return


def _bound_in(callee: str, facts: CodeFacts) -> bool:
    """Whether a call written ``callee`` reaches a name of the codebase: bare, through
    ``self``/``cls``, or through a name the file imports or binds at module level
    (``_config.Configuration``); ``value.encode(...)`` calls a method of whatever ``value``
    holds (``str.encode``), no function the codebase defines."""
    head, dot, _ = callee.partition(".")
    if not dot or head in ("self", "cls"):
        return True
    return head in facts.toplevel or any(i.local == head for i in facts.imports)


def _relayed(idx: Index, ei: int) -> bool:
    """Entry ``ei`` is a relay's record of a text another raise writes (``index.relays_text``)."""
    return relays_text(idx.entry_statement(ei) or "")
