"""Evidence from traceback frames: which entries the frames name, and how strongly.

Frames come first: the deepest library frame landing on a raise statement (its line, in the
function the frame names) names that site whatever the text says, and the text then only
confirms or questions it. A frame higher up naming a function is weaker evidence (the raise may
sit in a helper it calls), and a frame merely inside a file or codebase weaker still. A helper
that raises a message its callers supply (a *relay*) hands the deepest role to its caller: the
user needs the call that supplied the text, and that call is the frame above. A re-raise of a
caught exception whose trail was cut (``raise exc.with_traceback(None)``) ends the traceback
without having made the exception: landing there names nothing, and the text decides.

Frames are evidence, not proof: users paste tracebacks from other releases, in which the raise
lived elsewhere, so they add to a score and never exclude a candidate. When the raise has since
moved into a helper (``get_access_token`` raising inline became ``self._handle_oauth_error(e)``),
the deepest library frame's function raises nothing of the pasted class any more, and the raises
of that class in the functions it calls (read from the catalogue's code facts, ``CalleesOf``)
are where the release raises it now.
"""

from __future__ import annotations

import heapq
import itertools
import re
from collections.abc import Callable, Container, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import compress
from operator import itemgetter
from typing import Any

from errdex.match.index import E_FUNC, E_LINE, E_PATH, E_REPO, E_VERSION, Index, type_key
from errdex.match.parse import UNKNOWN_PATH, Frame, numbered_class, raise_literal
from errdex.match.score import FrameInfo, fn_last, norm_path, outside_library, stdlib_path
from errdex.match.thresholds import (
    CALL_FORM,
    CALLEE_FRAME,
    CALLER_FRAME,
    CUT_CALLEE,
    DEEPEST_FRAME,
    FILE_FRAME,
    MAX_CALLEE_SNAPSHOTS,
    MAX_CALLEES,
    MAX_FRAME,
    MAX_NAMED_STATEMENT,
    MAX_NAMESAKES,
    MAX_PACKAGE_FILES,
    MAX_RELAY_HOPS,
    MAX_STATEMENT,
    MIN_LITERAL,
    ON_RAISE,
    REPO_FRAME,
    SAME_LINE,
)
from errdex.match.verify import compact
from errdex.pyexc import BUILTIN_NAMES
from errdex.sitepaths import split_site_path


@dataclass(slots=True)
class FrameEvidence:
    """The frames of one query, resolved against the index once."""

    info: FrameInfo
    # entry -> (weight, index of the frame naming it, depth counted from the deepest library frame)
    entries: dict[int, tuple[float, int, int]] = field(default_factory=dict)
    pids: dict[int, float] = field(default_factory=dict)  # pattern -> its best entry weight
    big: dict[int, list[int]] = field(default_factory=dict)  # frame-named entries of grouped patterns
    repos: set[str] = field(default_factory=set)  # codebases the traceback runs through
    on_raise: set[int] = field(default_factory=set)  # entries the deepest library frame lands on
    moved: set[int] = field(default_factory=set)  # raises of the statement it prints, moved out of its file
    # raises in functions the deepest library frame's function calls -> that callee's name
    callees: dict[int, str] = field(default_factory=dict)
    shown: str | None = None  # the raise statement a paste with no frame prints (``_by_shown``)
    called_as: str | None = None  # how the frame above calls the deepest one's function (``_by_call_form``)
    # the module the traceback's last frame ran below site-packages (``requests/models.py``) when
    # the catalogue holds it only as vendored copies inside other distributions (``vendored_root``)
    ran_module: str | None = None
    # the last frame's file holds no raise in the catalogue, and the helpers its function calls
    # in other modules were named for it (``_unheld_frame_helpers``)
    unheld: bool = False
    # what a frame's function calls in the release's other modules (``gather``'s ``helpers``)
    helpers_of: HelpersOf | None = None
    # raises of a generator the exception was thrown into at its ``yield`` -> that generator's
    # name (``_thrown_into_generator``)
    thrown: dict[int, str] = field(default_factory=dict)

    def cap(
        self,
        fits: Callable[[int], tuple[bool, float, float]],
        ties: Callable[[list[int]], list[float]],
        fitted: Container[int],
    ) -> None:
        """Keep the ``MAX_FRAME`` patterns the text fits best, then the frames support most: a
        function of a big catalogue raises hundreds of messages across its snapshots. The ones a
        frame lands on stay whatever the text says, up to ``MAX_FRAME`` of them too (one line
        raising in many snapshots or codebases), the best-fitting first and then by their tie
        weight (``ties``: each pattern's of a list, in one call).

        ``fits`` ranks a pattern the text was fitted to (``fitted``) above every other; among
        the others only the frame weight (then the tie weight) can differ, so they are ranked by
        that alone, which is most of them and much cheaper."""
        if len(self.pids) <= MAX_FRAME:
            return
        pids = self.pids
        keep = set(_fitted(pids, fitted))
        if len(keep) > MAX_FRAME:  # in order: ties between equal fits go to the first named
            keep = set(heapq.nlargest(MAX_FRAME, [p for p in pids if p in keep], key=fits))
        keep.update(_heaviest(pids, MAX_FRAME - len(keep), fitted))
        landed = list(compress(pids, map(ON_RAISE.__le__, pids.values())))
        if len(landed) > MAX_FRAME:
            keep |= _best(landed, MAX_FRAME, fits, ties, fitted)
        else:
            keep.update(landed)
        self.pids = dict(compress(pids.items(), map(keep.__contains__, pids)))

    def weight_of(self, idx: Index, ei: int, pid: int) -> float:
        """Frame evidence for one entry (``weight`` without the reason, nor decoding the entry)."""
        named = self.entries.get(ei)
        if named is not None and pid in self.pids:
            return named[0]
        deepest = self.info.deepest_path
        if deepest is None and not self.repos:
            # no library frame (a message pasted alone, most queries): no file nor codebase of
            # any entry is one the traceback ran in, and the entry's site need not be read
            return 0.0
        repo, site = idx.entry_facts(ei)
        if deepest is not None and site.posix_path == deepest:
            return FILE_FRAME
        return REPO_FRAME if repo in self.repos else 0.0

    def weight(self, idx: Index, ei: int, pid: int) -> tuple[float, str]:
        """Frame evidence for one entry, and the reason to show."""
        e = idx.entries[ei]
        named = self.entries.get(ei)
        if named is not None and pid in self.pids:
            fw, fi, depth = named
            if fi < 0:
                return fw, f"the paste prints this statement above its error line: {self.shown}"
            gen = self.thrown.get(ei)
            if gen is not None and fw == DEEPEST_FRAME:
                line = self.info.frames[fi][1]
                return (
                    fw,
                    f"frame ({gen}, line {line}) is a generator the exception was thrown into at its"
                    " yield, and the exception raised after it was made there",
                )
            callee = self.callees.get(ei)
            if callee is not None and fw == CUT_CALLEE:
                _p, line, fn = self.info.frames[fi]
                return (
                    fw,
                    f"last frame ({fn}, line {line}) calls {callee}, which raises it; the traceback is cut inside that call",
                )
            if callee is not None and fw in (CALLEE_FRAME, DEEPEST_FRAME):
                _p, line, fn = self.info.frames[fi]
                if self.unheld and fi == len(self.info.frames) - 1:
                    return (
                        fw,
                        f"last frame ({fn}, line {line}; its file raises nothing) calls {callee}, which raises it",
                    )
                if self.info.lib and fi != self.info.lib[-1][0]:  # ``_gone_to_caller``
                    gone = self.info.frames[self.info.lib[-1][0]][2]
                    return fw, f"frame ({fn}, line {line}) calls {callee}, which raises it ({gone} is gone)"
                return fw, f"deepest library frame ({fn}, line {line}) calls {callee}, which raises it"
            if callee is not None and fw >= ON_RAISE:
                _p, line, fn = self.info.frames[fi]
                if fn:  # ``_statement_in_callee``: a function's frame printing its helper's raise
                    return (
                        fw,
                        f"deepest library frame ({fn}, line {line}) prints this raise, now in {callee} it calls",
                    )
                return fw, f"the warning's printed source line calls {callee}, which warns it"
            why = _why(e, self.info, fi, depth, fw >= ON_RAISE)
            if self.called_as is not None and fw == DEEPEST_FRAME + CALL_FORM:
                why += f", called as {self.called_as} by the frame above"
            return fw, why
        deepest = self.info.deepest_path
        if deepest is not None and e[E_PATH].replace("\\", "/") == deepest:
            return FILE_FRAME, f"deepest library frame is in {e[E_PATH]}"
        if e[E_REPO] in self.repos:
            return REPO_FRAME, f"the traceback runs through {e[E_REPO]}"
        return 0.0, ""


def _fitted(pids: dict[int, float], fitted: Container[int]) -> list[int]:
    """The patterns of ``pids`` in ``fitted``, read from the smaller of the two when ``fitted``
    is a mapping too (the patterns the text was verified against are a few hundred; those the
    frames of a big catalogue name, tens of thousands)."""
    if isinstance(fitted, Mapping) and len(fitted) < len(pids):
        return [p for p in fitted if p in pids]
    return [p for p in pids if p in fitted]


def _heaviest(pids: dict[int, float], n: int, skip: Container[int]) -> list[int]:
    """``heapq.nlargest(n, [p for p in pids if p not in skip], key=pids.__getitem__)`` as a set:
    the weights are a handful of values (one per kind of frame evidence), so the patterns are
    taken a weight at a time, heaviest first and each in order, and the scan stops once ``n``
    are taken rather than keying every pattern a function of a big catalogue names."""
    out: list[int] = []
    if n <= 0:
        return out
    for w in sorted(set(pids.values()), reverse=True):
        level = compress(pids, map(w.__eq__, pids.values()))
        out += itertools.islice((p for p in level if p not in skip), n - len(out))
        if len(out) >= n:
            break
    return out


def _best(
    pids: list[int],
    n: int,
    fits: Callable[[int], tuple[bool, float, float]],
    ties: Callable[[list[int]], list[float]],
    fitted: Container[int],
) -> set[int]:
    """``heapq.nlargest(n, pids, key)`` where every pid in ``fitted`` outranks every other, the
    fitted ones ordered by (``fits``, tie weight) and the others by the tie weight alone (the
    order of equal keys is kept); ``ties`` gives the tie weights of a list of patterns.

    A line every copy of a codebase raises from is landed on in thousands of patterns, few of
    them fitted: the others' weights come in one call (near-duplicates holding the same keys
    of the message weigh the same, and one of each set is weighed: ``candidates.set_weights``)
    and only those at or above the ``n``-th weight are sorted. ``nlargest`` is defined as
    ``sorted(..., reverse=True)[:n]``, a stable sort: the first ``n`` are every pattern
    heavier than the ``n``-th weight and the first ones, in order, of that weight, whichever
    patterns lighter than it are dropped before the sort."""
    on = [p for p in pids if p in fitted]
    first: list[int] = []
    if on:
        tie = dict(zip(on, ties(on), strict=True))
        first = heapq.nlargest(n, on, key=lambda pid: (*fits(pid), tie[pid]))
    if len(first) < n:
        rest = [p for p in pids if p not in fitted]
        first += _stable_top(rest, ties(rest), n - len(first)) if rest else []
    return set(first)


def _stable_top(pids: list[int], ws: list[float], n: int) -> list[int]:
    """``heapq.nlargest(n, pids, key=dict(zip(pids, ws)).__getitem__)``, the weights known:
    the ``n``-th weight is found by sorting the floats (in C), and only the patterns at or
    above it are sorted with their ids (stable, as ``nlargest``), not a Python key call each."""
    if len(pids) > n:
        cut = sorted(ws, reverse=True)[n - 1]
        kept = list(compress(zip(ws, pids, strict=True), map(cut.__le__, ws)))
    else:
        kept = list(zip(ws, pids, strict=True))
    return [p for _w, p in sorted(kept, key=itemgetter(0), reverse=True)[:n]]


# (codebase, version, path, function) -> the last names of what that function of that release
# calls (``self._helper(...)`` -> ``_helper``), from the catalogue's code facts
CalleesOf = Callable[[str, str, str, str], Sequence[str]]

# (codebase, file, function) -> (file, function) of the helpers in the release's other modules
# that the function calls by an imported name (``from .lib._auth import setup`` then
# ``setup(self)``), resolved through the file's recorded imports (``Matcher``'s code facts); the
# file is the catalogue's path, or a frame's path below site-packages (``openai/_client.py``)
HelpersOf = Callable[[str, str, str], Sequence[tuple[str, str]]]


# what the catalogue's indexed release records standing at a frame's line (``Matcher._stands_at``):
# ``CALL_STANDS``, a call made by the function the frame names and no raise on that line;
# ``RAISE_STANDS``, a raise statement of that function; None, neither or unknown. What a frame
# printed without its source line (a frozen app, a bytecode-only install, a log keeping frames
# only) says of its statement, read through the catalogue
StandsAt = Callable[[Frame], str | None]
CALL_STANDS = "call"
RAISE_STANDS = "raise"


def gather(
    idx: Index,
    frames: list[Frame],
    types: Sequence[str] = (),
    callees: CalleesOf | None = None,
    shown: str | None = None,
    stands_at: StandsAt | None = None,
    helpers: HelpersOf | None = None,
    followed: bool = False,
    textless: bool = False,
) -> FrameEvidence:
    """Resolve the frames against the catalogue's paths and name the entries they point at
    (``types``, the classes the paste names, decide whether a reworded raise is the frame's;
    ``callees``, when the catalogue's code facts can be read, what a frame's function calls;
    ``shown``, the ``raise`` line printed above the error line, read when there is no frame;
    ``stands_at``, what the catalogue says stands at a frame's line when the paste prints
    none; ``helpers``, what a frame's function calls in the release's other modules;
    ``followed``, the paste goes on after these frames' exception with the traceback of one raised
    while handling it, cut before its own exception line; ``textless``, the paste is these
    frames alone, cut before their error line: no class, no text)."""
    frames = _cut_frame_named(idx, frames)
    if callees is not None:
        frames = bare_named(idx, frames, callees)
    ev = FrameEvidence(frame_info(idx, frames, stands_at), helpers_of=helpers)
    if ev.info.call_at is not None and _held_class_over_unheld(idx, frames[ev.info.call_at + 1 :], types):
        ev.info.call_at = None
    ev.ran_module = vendored_root(idx, frames, ev.info)
    if ev.ran_module is not None and _other_package_raise(idx, ev.ran_module, frames):
        # the last frame is another installed package's own raise of a new exception (h2's
        # ``raise StreamClosedError(self.stream_id)`` under a library's call): that package made
        # the error, as the standard library makes its own, however the catalogue's raises of a
        # class it imports from there read
        ev.info.outside_deepest = ev.info.frames[-1][0]
        ev.info.stdlib_made = True
    if not frames and shown:
        _by_shown(idx, ev, shown)
    _name_entries(idx, ev)
    if followed:
        _thrown_into_generator(idx, ev, frames, types)
    if ev.info.outside_deepest is None:
        _by_statement(idx, ev, frames)
        if callees is not None and not ev.on_raise:
            _statement_in_callee(idx, ev, frames, types, callees)
        _warned_below(idx, ev, frames, types)
        if not ev.on_raise:
            _only_raise(idx, ev, frames, types)
        if not ev.on_raise:
            _by_call_form(idx, ev, frames)
    if callees is not None and not ev.on_raise and not ev.moved:
        _callee_raises(idx, ev, frames, types, callees)
        if textless and not types:
            _cut_below_call(idx, ev, frames, callees)
    if helpers is not None and not ev.on_raise and not ev.moved:
        _unheld_frame_helpers(idx, ev, frames, types, helpers)
    if ev.on_raise or ev.moved or ev.thrown:
        # the call is a site itself (``warn(...)``, ``log.error(...)``): no compiled code below;
        # or a generator around it made the exception the paste goes on with (``thrown``)
        ev.info.ends_at_call = ev.info.call_at = None
    _pattern_weights(idx, ev)
    ev.repos = {idx.entry_repo(es[0]) for _i, p in ev.info.lib if (es := idx.paths.head(p, 1))}
    return ev


def bare_named(idx: Index, frames: list[Frame], callees: CalleesOf) -> list[Frame]:
    """Frames printed with a file's base name alone (``File "win32.py", line 115, in
    __init__``: a crash reporter that cuts every path to its last part) placed in the
    catalogue's file of that name whose function of the frame's name calls what the frame's
    line calls (``info = self.get_win32_screen_buffer_info()``), as the code facts record it.
    A base name alone resolves to no catalogue path (``Index.resolve_path`` takes suffixes at
    a folder), and a common one (``win32.py``, ``utils.py``) names files in several folders:
    only the one file whose function makes that call is taken; a frame whose line calls
    nothing, or whose name two files fit, or none, stays as printed (the user's own
    ``main.py``)."""
    out: list[Frame] | None = None
    for i, fr in enumerate(frames):
        p = fr.path
        if fr.located or not p.endswith(".py") or "/" in p or "\\" in p or not fr.function:
            continue
        fn = fn_last(fr.function)
        called = names_called(fr.source or "") - BUILTIN_NAMES  # (``len(`` is everyone's call)
        if not called or not fn or fn.startswith("<"):
            continue
        fits = [
            path
            for path in idx.paths.named(p, _BARE_FILES)
            if not called.isdisjoint(_callee_names(idx, path, fn, callees))
        ]
        if len(fits) == 1:
            out = out if out is not None else list(frames)
            out[i] = Frame(fits[0], fr.line, fr.function, fr.source)
    return out if out is not None else frames


_BARE_FILES = 16  # catalogue files of one base name a bare frame is read against


def _cut_frame_named(idx: Index, frames: list[Frame]) -> list[Frame]:
    """``frames`` with a last frame cut after its file (no function: a stored excerpt ending
    inside the heading, ``File ".../keycloak/exceptions.py"`` or ``File "...", line 708, in``)
    named by the one function of that file of the catalogue that the frame above calls
    (``return raise_error_from_response(data_raw, KeycloakPostError)``): the traceback went on
    into it, so its raises are the deepest frame's, as a frame printing that function would
    name them. Unchanged when the file is not the catalogue's or the call names no function of
    it, or two."""
    if len(frames) < 2 or frames[-1].function or not frames[-2].source:
        return frames
    path = idx.resolve_path(norm_path(frames[-1].path))
    if path is None:
        return frames
    named = [n for n in names_called(frames[-2].source) if idx.sites.get((path, n))]
    if len(named) != 1:
        return frames
    return [*frames[:-1], Frame(frames[-1].path, frames[-1].line, named[0])]


# grouped patterns among a frame's named ones read a pass each (``_pattern_weights``); more take
# one Python step per named entry of any of them, cheaper than that many passes over all named
_BIG_BY_PASS = 4


def _pattern_weights(idx: Index, ev: FrameEvidence) -> None:
    """Each named pattern's best entry weight (``pids``, in the order its first entry was named)
    and the named entries of grouped patterns (``big``).

    A function of a big catalogue names tens of thousands of entries (each of its raises in
    every snapshot and copy), so this is done without a Python step per entry: the patterns are
    read in bulk, their order fixed by ``dict.fromkeys`` at the lowest weight, and each higher
    weight written over the patterns of its entries in ascending order, so that each pattern
    ends with its highest (the weights are a handful of values, one per kind of evidence)."""
    named = ev.entries
    if not named:
        return
    pats = idx.entry_pats(named)
    ws = list(map(itemgetter(0), named.values()))
    levels = sorted(set(ws))
    pids = ev.pids
    pids.update(dict.fromkeys(pats, levels[0]))
    for w in levels[1:]:  # a handful of levels (one per kind of frame evidence), each a pass in C
        pids.update(dict.fromkeys(compress(pats, map(w.__eq__, ws)), w))
    grouped = _named_grouped(idx.groups.big, pids)
    if not grouped:
        return
    big = ev.big
    if len(grouped) <= _BIG_BY_PASS:
        # a grouped pattern a frame names is the copies of one template raised where the frame
        # points (an ``assert x`` in every copy of a codebase: hundreds to thousands of entries
        # at 2M-10M templates, one or two such patterns a query): each pattern's entries taken in
        # one pass in C, not a Python step per copy; the patterns in the order their first entries
        # were named, the entries in naming order, as the step per entry gives them
        for pid in sorted(grouped, key=pats.index):
            big[pid] = list(compress(named, map(pid.__eq__, pats)))
        return
    for ei, pid in compress(zip(named, pats, strict=True), map(grouped.__contains__, pats)):
        big.setdefault(pid, []).append(ei)


def frame_info(idx: Index, frames: list[Frame], stands_at: StandsAt | None = None) -> FrameInfo:
    """Normalised frames, the ones inside the catalogue, and where the traceback ends (a frame
    printed without its source line is read through ``stands_at``, when given: ``calls_only``)."""
    norm: list[tuple[str, int | None, str | None]] = []
    lib: list[tuple[int, str]] = []
    for i, fr in enumerate(frames):
        p = norm_path(fr.path)
        norm.append((p, fr.line, fn_last(fr.function)))
        hit = idx.resolve_path(p)
        if fr.function and (hit is None or hit.endswith("/__init__.py")):
            hit = packaged_module(idx, p, hit, fn_last(fr.function)) or hit
        if hit is None and fr.function:
            hit = moved_module(idx, p, fn_last(fr.function))
        if hit is not None:
            lib.append((i, hit))
    # The frames that ran: a SyntaxError's location (``File "<unknown>", line 1`` with no function,
    # the text ``compile()`` or ``ast.parse()`` was handed) is printed after the last frame but
    # is no frame of the stack, so the code below the library's call ends at the compiler's frame.
    ran = _without_compile_location(frames, lib)
    outside = None
    if ran and outside_library(ran[-1].path) and not (lib and lib[-1][0] == len(ran) - 1):
        outside = norm[len(ran) - 1][0]
    frames = ran
    call = None
    # Only a library frame that calls is evidence of compiled code below it. A user's frame
    # with no library frame under it is none: libraries hide their own frames (jax filters
    # its internals out of every traceback it raises through, pytest's ``__tracebackhide__``),
    # so the raise may well be Python code of the library. (A frame with no function is a
    # compiler's location of a syntax error, not running code.)
    last = frames[-1] if frames else None
    ends_in_lib = bool(lib) and lib[-1][0] == len(frames) - 1
    if last and last.function and ends_in_lib and calls_only(last, stands_at) and not _reraised(frames):
        call = f"{lib[-1][1]}:{last.line}"
    info = FrameInfo(norm, lib, outside, lib[-1][1] if lib else None, call)
    info.call_at = call_frame(
        frames, lib, lambda path: bool(idx.package_holders(site_top(norm_path(path)))), stands_at
    )
    if info.call_at is None and (at := trail_caller(frames, lib)) is not None:
        info.call_at, info.trail_call = at, True
    info.trail = _reraised(frames)
    if outside is not None and last is not None:
        info.stdlib_made = stdlib_path(last.path) and _new_raise(last.source) and not _reraised(frames)
    return info


def _without_compile_location(frames: list[Frame], lib: Sequence[tuple[int, str]]) -> list[Frame]:
    """``frames`` without a last entry that is a syntax error's location rather than a frame.

    CPython prints a ``SyntaxError`` raised by ``compile()``, ``eval()`` or ``ast.parse()`` with
    the compiled text's place after the stack: ``File "<unknown>", line 1`` (``<string>``, a
    template's pseudo-file), with no ``, in function``, for no code ran there. Read as the deepest
    frame it hid the library frame that called the compiler (tqdm's ``literal_eval`` of an
    option, werkzeug's rule compiler). Only a pseudo-file's (``<...>``) location with a line,
    under another frame, and not a file of the catalogue: a module's syntax error met by an
    import names a real file (the user's module, or a library's own, which is its site), and a
    frame heading cut before its line is a paste cut short, not a compiler's report."""
    last = frames[-1] if len(frames) >= 2 else None
    if last is None or last.function or last.line is None or (lib and lib[-1][0] == len(frames) - 1):
        return frames
    path = last.path.strip()
    return frames[:-1] if path.startswith("<") and path.endswith(">") else frames


# how many folders of a frame's path (from its file up) a moved module's leading underscore is
# looked for in: ``svm/base.py`` -> ``svm/_base.py``, ``numpy/core/records.py`` -> ``numpy/_core/records.py``
_MOVED_DEPTH = 4


def moved_module(idx: Index, path: str, fn: str | None) -> str | None:
    """The catalogue file a frame's module moved to when the catalogue holds no file of its path:
    a module made private with a leading underscore (scikit-learn 0.22's ``svm/base.py``, now
    ``svm/_base.py``) or a package made private (numpy's ``core/`` now ``_core/``), or the
    other way round; taken only when the function the frame names is one of that file's (the
    function moved with its module, so the frame still names its raises). None otherwise."""
    if not fn or fn.startswith("<"):
        return None
    parts = path.split("/")
    for k in range(len(parts) - 1, max(len(parts) - 1 - _MOVED_DEPTH, -1), -1):
        part = parts[k]
        if not part or part.startswith("__"):
            continue
        other = part[1:] if part.startswith("_") else "_" + part
        hit = idx.resolve_path("/".join([*parts[:k], other, *parts[k + 1 :]]))
        # the renamed part must be in the catalogue's path (a bare ``utils.py`` matched by a
        # user's ``_utils.py`` is no move), and the function in that file
        if hit is not None and hit.count("/") >= len(parts) - 1 - k and idx.sites.get((hit, fn)):
            return hit
    return _hoisted_module(idx, parts, fn)


def _hoisted_module(idx: Index, parts: Sequence[str], fn: str) -> str | None:
    """The file a module moved to when a subpackage it sat in was dropped from its path: peft's
    ``peft/utils/config.py`` is ``peft/config.py`` now, its ``from_pretrained`` with it. Taken
    under the guards of ``moved_module``: the catalogue's path must reach the folder above the
    dropped one (a bare ``config.py`` of the catalogue is no package's file the frame named),
    and the function the frame names must raise in that file. Only the path's last parts are
    tried: a hit has at most the catalogue's deepest path's parts and reaches the folder above
    the dropped one, so a part further up is in no hit, and each try looks its whole path up
    (a crafted frame path thousands of folders deep cost its length per dropped folder)."""
    deepest = idx.paths.parts()
    if len(parts) > deepest + 1:
        parts = parts[-(deepest + 1) :]
    for k in range(len(parts) - 2, max(len(parts) - 2 - _MOVED_DEPTH, 0), -1):
        part = parts[k]
        if not part or part.startswith("__") or "." in part:
            continue
        hit = idx.resolve_path("/".join([*parts[:k], *parts[k + 1 :]]))
        if hit is not None and hit.count("/") >= len(parts) - 1 - k and idx.sites.get((hit, fn)):
            return hit
    return None


def packaged_module(idx: Index, path: str, hit: str | None, fn: str | None) -> str | None:
    """The private module a module that became a package moved its code into: a frame of the
    old module (``dateutil/parser.py`` of dateutil 2), which the catalogue holds no more or
    holds as the package's ``__init__.py`` (``dateutil/parser/__init__.py``, re-exporting) with
    no raise in the function the frame names, is in the package's module named after it with a
    leading underscore (``dateutil/parser/_parser.py``), taken only when that function raises
    there (it moved with the code). None otherwise (``hit``, the frame's own file, stands)."""
    if not fn or fn.startswith("<") or not path.endswith(".py") or path.endswith("/__init__.py"):
        return None
    if hit is not None and (not hit.endswith("/__init__.py") or idx.sites.get((hit, fn))):
        return None
    _folder, _sep, name = path[:-3].rpartition("/")
    if not name or name.startswith("_"):
        return None
    inner = idx.resolve_path(f"{path[:-3]}/_{name}.py")
    # the package's own private module (``parser/_parser.py``), in the package ``hit`` is in
    if inner is None or not inner.endswith(f"{name}/_{name}.py") or not idx.sites.get((inner, fn)):
        return None
    if hit is not None and not inner.startswith(hit[: -len("__init__.py")]):
        return None
    return inner


def call_frame(
    frames: Sequence[Frame],
    lib: Sequence[tuple[int, str]],
    held: Callable[[str], bool] = lambda _top: False,
    stands_at: StandsAt | None = None,
) -> int | None:
    """The index of the deepest library frame when the error was raised below it by code that
    is no Python of the library: the frame prints a call that raises nothing itself
    (``_calls_only``), and every frame below it, if any, is compiled code (``.pyx``, ``.so``),
    the standard library or a frozen module of the interpreter (``outside_library``), or an
    installed package the catalogue does not hold (``_unheld_package``): pandas'
    ``array_strptime(...)`` over its Cython frames, pydantic's ``validate_python(...)`` into
    pydantic-core, ``inspect.signature(call)`` into ``inspect.py``, Beautiful Soup's
    ``self.api.select(...)`` into soupsieve's Python. A ``<genexpr>`` frame
    whose line is the call counts as its enclosing function's. The library frame is one in a
    file of the catalogue (``lib``), or an installed package's frame whose top-level package
    the catalogue holds (``held``), in a file that raises nothing itself (pydantic's
    ``_validate_call.py``, a thin wrapper around its validator). None otherwise: a frame below
    in user code or in an installed package the catalogue holds (a callback, an indexed
    dependency's Python raise, which is the site itself), a
    library frame that prints no call, or frames that are a trail given to the pasted exception
    above them (``raise err.with_traceback(tb)``, jinja2's ``raise rewrite_traceback_stack(...)``:
    a raise of a call's result); a bare ``raise exc`` re-raises the very exception, its trail
    its own. A frame printed without its source line is read through ``stands_at``
    (``calls_only``, ``raise_calls``)."""
    own = {i for i, _path in lib}
    at = next(
        (
            i
            for i in range(len(frames) - 1, -1, -1)
            if not outside_library(frames[i].path)
            and not _made_at_run_time(frames[i].path)
            and not _unheld_package(frames[i].path, i in own, held)
        ),
        None,
    )
    if at is None or any(raise_calls(fr.source) for fr in frames[:at]):
        return None
    fr = frames[at]
    if not (lib and lib[-1][0] == at) and not ("-packages/" in fr.path.replace("\\", "/") and held(fr.path)):
        return None
    if not fr.function or not calls_only(fr, stands_at):
        return None
    if stands_at is not None and any(
        not (above.source or "").strip() and stands_at(above) == RAISE_STANDS for above in frames[:at]
    ):
        return None  # an unprinted frame above lands on a raise: a trail given to the exception
    # the standard library's last frame made the error (its ``raise X(...)``, or a call into C
    # of its own), not re-raised one a worker stored (``raise self._exception``: a library's)
    last = frames[-1]
    # (so must an unheld installed package's: ``_unheld_package``)
    made_below = stdlib_path(last.path) or not outside_library(last.path)
    if at < len(frames) - 1 and made_below and not makes_error(last.source):
        return None
    return at


def _held_class_over_unheld(idx: Index, below: Sequence[Frame], types: Sequence[str]) -> bool:
    """Whether a frame below the library's call runs an installed package the catalogue does
    not hold (``_unheld_package``) while the paste prints
    a class dotted with a package the catalogue holds (``kombu.exceptions.OperationalError``
    over amqp's ``self.sock.connect(sa)``): a dependency does not raise its dependent's class,
    so the library raised it, catching the dependency's error (kombu's
    ``_reraise_as_library_errors``, a context manager whose frame Python 3.7 does not print),
    and those frames are the caught error's trail, not where the pasted one was made."""

    def held(path: str) -> bool:
        return bool(idx.package_holders(site_top(norm_path(path))))

    if not any(_unheld_package(fr.path, False, held) for fr in below):
        return False
    return any(
        "." in t and not t.startswith("log.") and idx.package_holders(t.partition(".")[0]) for t in types
    )


# pseudo-files of code a user typed (a REPL, IPython's cells, ``exec`` of a string): the user's
# code, not code a library generated
_USER_INPUT = ("<stdin>", "<string>", "<input>", "<console>", "<ipython-input", "<python-input", "Cell In")


def trail_caller(frames: Sequence[Frame], lib: Sequence[tuple[int, str]]) -> int | None:
    """The index of the library frame that ran code generated at run time, when a handler it
    called re-raised the error with a rebuilt trail: jinja2's ``Template.render`` runs the
    template's compiled code and, in its ``except``, calls ``handle_exception()``, whose
    ``raise rewrite_traceback_stack(source=source)`` gives the exception a trail of template
    frames (``File "<template>", line 1, in top-level template code``). A raise of a call's
    result (``raise_calls``) in a library frame, every frame below it code of no Python file
    (a template's, compiled code, the standard library: ``_generated``), and the frame above it
    a call of the same catalogue: no raise statement of the library is in that trail, so the
    frame above the handler, whose statement ran the generated code, is the site the catalogue
    can name (frames first, issue #10 item 6). The matcher takes it only when no raise fits
    the text exactly: a rebuilt trail may leave out the library's own frames (jinja2 skips its
    ``@internalcode`` functions, ``Undefined``'s raise among them). None otherwise."""
    own = {i for i, _path in lib}
    r = next((i for i in range(len(frames) - 2, -1, -1) if raise_calls(frames[i].source)), None)
    if r is None or r not in own or r - 1 not in own:
        return None
    if not all(_generated(fr.path) for fr in frames[r + 1 :]):
        return None
    above = frames[r - 1]
    return r - 1 if above.function and _calls_only(above.source) else None


def _made_at_run_time(path: str) -> bool:
    """Whether a frame runs code a library generated and compiled at run time, under a
    pseudo-file name that says so (cattrs' ``<cattrs generated structure builtins.tuple>``,
    attrs' ``<attrs generated methods pkg.Point>``, ``<decorator-gen-0>``): no file of any
    release holds its raise, so to the catalogue it is code with no raise statement, as
    compiled code is, and the library's frame that called into it is the site it can name.
    Other pseudo-files are left as they were: most are code a user typed (``<stdin>``,
    ``<pyshell#11>``, a notebook's ``<command-...>`` cell), which a library may call back.
    So is a module name a library compiled its generated source under (``_module_id``)."""
    p = path.strip()
    if p.startswith("<") and p.endswith(">"):
        return _GENERATED_NAME.search(p) is not None
    return _module_id(p)


def _module_id(path: str) -> bool:
    """Whether a frame's file is a name ``compile()`` was given that is no file's path: no
    folder and no suffix, as mako names a template's compiled module (``memory:0x7f8a6b9fdcd0``
    for a template given as text, ``_index_html`` for one read from a file). Python prints a
    module's file as a path with a suffix (``app.py``); the one bare name it prints for a file
    is a console script's (``File "aider", line 8, in <module>``), the top of the stack, never
    below the library's call that ``call_frame`` looks for. It starts as a name does: a frame
    the paste printed with no file at all is read as ``?``, no module."""
    return (
        (path[:1].isalpha() or path[:1] == "_")
        and not path.startswith(_USER_INPUT)
        and not any(c in path for c in "/\\. ")
    )


# a pseudo-file's name that says its code was generated: `` generated `` or ``-gen-N``
_GENERATED_NAME = re.compile(r"[ <]generated[ >]|-gen-\d+>$")


def _generated(path: str) -> bool:
    """Whether a frame runs code of no Python file of an installed package or a user: a
    template's compiled code (``<template>``, ``templates/index.html``), compiled code, the
    standard library or the interpreter's frozen modules (``outside_library``)."""
    p = path.replace("\\", "/")
    if outside_library(p):
        return True
    return not (p.endswith((".py", ".pyw")) or "-packages/" in p or p.startswith(_USER_INPUT))


def _unheld_package(path: str, in_catalogue: bool, held: Callable[[str], bool]) -> bool:
    """Whether a frame runs an installed package the catalogue does not hold (``site-packages/
    soupsieve/css_parser.py`` under Beautiful Soup's ``self.api.select(...)``, mpmath under
    sympy's ``findroot(...)``): to the catalogue that is code with no raise statement of its
    own, as the standard library is, so the deepest frame the catalogue holds above it is the
    library's call that led into it, the site it can name (frames first, issue #10 item 6).
    A held package's frame (the library's own, a dependency indexed beside it) is not."""
    return not in_catalogue and "-packages/" in path.replace("\\", "/") and not held(path)


def makes_error(source: str | None) -> bool:
    """Whether a frame's shown line makes the error it ends in: a raise of a new exception
    (``_new_raise``, or no line shown), a raise of a plain local name (``_local_raise``) or a
    call into code that raised it, not a re-raise of a stored one (``raise self._exception``)."""
    return _new_raise(source) or _local_raise(source) or _calls_only(source)


# ``raise ve_exc``: one bare name, no attribute, subscript or call
_LOCAL_RAISE = re.compile(r"raise\s+([A-Za-z_]\w{0,100})\s*")


def _local_raise(source: str | None) -> bool:
    """Whether the last frame's shown line raises an exception held in a plain local name
    (``enum``'s ``raise ve_exc``, built a few lines above). As the traceback's last frame it
    made the error: an exception raised before carries its own frames, which Python prints
    below the re-raise, so one re-raised here with nothing below was never raised before, and a
    worker's stored error is an attribute (``raise self._exception``), not a local name."""
    m = _LOCAL_RAISE.fullmatch((source or "").strip())
    return m is not None and m.group(1) != "self"


_NEW_RAISE = re.compile(r"raise\s+[A-Za-z_][\w.]{0,300}\s*\(")


def raise_calls(source: str | None) -> bool:
    """Whether a printed statement raises what a call returns (``raise f(...)``,
    ``raise e.with_traceback(tb)``), not a name it holds (``raise exc``, ``raise``)."""
    text = compact(source or "")
    return text.startswith("raise") and "(" in text


def site_top(path: str) -> str:
    """The top-level package of a path below site-packages (an egg's folder skipped)."""
    parts = [p for p in path.split("/") if p and not p.endswith((".egg", ".egg-info"))]
    return parts[0].removesuffix(".py") if parts else ""


def _new_raise(source: str | None) -> bool:
    """Whether a frame's shown line makes the exception it raises (``raise source.error("...")``)
    or no line is shown (Sentry's frames): not ``raise self._exception``, the stored error of a
    worker re-raised (concurrent.futures, multiprocessing), whose text a library's code made."""
    text = (source or "").strip()
    return not text or _NEW_RAISE.match(text) is not None


# a statement that may raise by itself: ``raise``/``assert`` anywhere in the line (``if x: raise
# E``), or a line Python prints cut short (a continuation, a decorator), which says nothing
_MAY_RAISE = re.compile(r"\b(?:raise|assert)\b")
_NAME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_")


_STATEMENT_START = re.compile(r"[A-Za-z_]")


def calls_only(fr: Frame, stands_at: StandsAt | None = None) -> bool:
    """Whether frame ``fr``'s statement is a call that raises nothing itself: read from its
    printed line (``_calls_only``), or, when the paste prints none (a frozen app, a
    bytecode-only install, a log formatter keeping frames only), from what the catalogue's
    indexed release records at the frame's file and line (``stands_at``: a call in the
    function the frame names, and no raise on that line). The frame's file, line and function
    name the statement whether or not its line is printed (issue #10: frames first)."""
    if (fr.source or "").strip():
        return _calls_only(fr.source)
    return stands_at is not None and fr.line is not None and stands_at(fr) == CALL_STANDS


def raises_nothing(source: str | None) -> bool:
    """Whether a frame's printed line opens a statement that may not raise by itself (no
    ``raise``, no ``assert``): ``_calls_only`` without its call."""
    text = (source or "").strip()
    return _STATEMENT_START.match(text) is not None and _MAY_RAISE.search(text) is None


def _calls_only(source: str | None) -> bool:
    """Whether a frame's printed statement is a call that raises nothing itself (``return
    self.scan_once(s, idx=...)``): an error raised below it by Python code would show that
    code's frame, so the error came from compiled code (or a frame hidden). A line that may
    raise (``raise``, ``assert``), that shows no call, or that does not open a statement (the
    last line of a call split over lines, which Python before 3.11 prints: ``% len(b))``) is
    no such evidence."""
    return raises_nothing(source) and _has_call((source or "").strip())


def _has_call(text: str) -> bool:
    """Whether the line calls something: a ``(`` right after a name or a dotted name (``f(``,
    ``self.scan_once(``), or right after a subscript or a call (``self.fn["value"](``,
    ``make()(``: what they hand back is called). Read back from each ``(`` over the name's
    characters, each character once (the runs between two parentheses are disjoint): a regex
    searching for a name then a parenthesis would try every start of a long name without one."""
    start = 0
    while (i := text.find("(", start)) != -1:
        if i > 0 and text[i - 1] in ")]":
            return True
        j = i
        while j > 0 and (text[j - 1].isalnum() or text[j - 1] in "_."):
            j -= 1
            if text[j] in _NAME_CHARS:
                return True
        start = i + 1
    return False


def called_names(frames: Sequence[Frame], info: FrameInfo) -> frozenset[str]:
    """The names the last frame's line calls (``connection.write(data.encode())``: ``write``,
    ``encode``) when no frame lies in a library of the catalogue: the user's last call is then
    all the traceback says of the library code below it. Empty otherwise."""
    if not frames or info.lib:
        return frozenset()
    return names_called(frames[-1].source or "")


def names_called(line: str) -> frozenset[str]:
    """The names a line of code calls (``return self._fit(X, y)``: ``_fit``), read back from
    each ``(`` over the name before it (the runs between two parentheses are disjoint): linear."""
    text = line[:MAX_CALLED_LINE]
    out: set[str] = set()
    start = 0
    while (i := text.find("(", start)) != -1:  # read back from each ``(`` over the name: linear
        j = i
        while j > 0 and (text[j - 1].isalnum() or text[j - 1] == "_"):
            j -= 1
        if j < i and text[j].isidentifier():
            out.add(text[j:i])
        start = i + 1
    return frozenset(out)


MAX_CALLED_LINE = 2000  # characters of the last frame's line read for the names it calls


def _reraised(frames: list[Frame]) -> bool:
    """A frame above the deepest prints a raise: the frames below it are the trail of an
    exception raised with another one's traceback (``raise exc.with_traceback(tb)``, jinja2's
    ``raise rewrite_traceback_stack(...)``), whose deepest call says nothing of where this
    error's text was made."""
    return any((fr.source or "").lstrip().startswith("raise") for fr in frames[:-1])


_LOCATED_REACH = 20  # lines a located frame's line may be from a raise of the pasted class
_LOCATED_SCAN = 5_000  # raises of one class read for a located frame at most


def located(idx: Index, frames: list[Frame], types: Sequence[str]) -> list[Frame]:
    """Frames whose path is a file's base name alone (``Frame.located``: a crash reporter's
    title) placed in the catalogue: the file of that base name holding the raise of a pasted
    class nearest the frame's line, within ``_LOCATED_REACH`` lines (the line moves between
    releases, the class and the file rarely do), read as that file's frame in that raise's
    function. A base name alone resolves to no catalogue path (``Index.resolve_path`` takes
    suffixes at a folder), so without this the title's place is no evidence at all. Left as
    it is when no raise is that near, or two files' raises are equally near (``base.py`` is
    a common name): the class is then all the paste says."""
    if not any(fr.located for fr in frames):
        return frames
    out = []
    for fr in frames:
        if fr.located and fr.line is not None:
            fr = _placed(idx, fr, fr.line, types)
        out.append(fr)
    return out


def _placed(idx: Index, fr: Frame, line: int, types: Sequence[str]) -> Frame:
    """``located``'s reading of one frame."""
    # catalogue path -> (distance, line, function) of its nearest raise
    best: dict[str, tuple[int, int, str]] = {}
    for t in dict.fromkeys(types):
        for ei in idx.type_entries(t, _LOCATED_SCAN):
            path = idx.entry_path(ei)
            if path.rsplit("/", 1)[-1] != fr.path:
                continue
            at = idx.entry_line(ei)
            d = abs(at - line)
            if d <= _LOCATED_REACH and (path not in best or d < best[path][0]):
                best[path] = (d, at, idx.entry_func(ei))
    if not best:
        return fr
    ranked = sorted(best.items(), key=lambda kv: kv[1][0])
    if len(ranked) > 1 and ranked[1][1][0] == ranked[0][1][0]:
        return fr  # two files as near: the base name does not tell them apart
    # the title's line was the raise's in the reporter's release: the nearest raise of the
    # class is the same statement moved by a few lines, more likely than a farther one
    path, (_d, at, fn) = ranked[0]
    return Frame(path, at, fn or None)


def own_frames(idx: Index, frames: list[Frame], types: Sequence[str]) -> list[Frame]:
    """The frames of the pasted exception's own raise. ``raise error.with_traceback(tb)`` gives
    a new exception the traceback of one caught (a helper raising the class its caller names
    with the caught error's trail, ``error = exception(msg); raise error.with_traceback(tb)``):
    Python prints the frames down to that raise, then the caught exception's, down to where
    that one was raised. When a frame above the deepest prints such a raise and the deepest
    library frame lands on raises whose classes are none of the pasted ones (nor above or
    below them), the frames after that raise are the caught exception's trail: the pasted one
    was raised there, and they are left out of its evidence (the text may still name the
    caught one). A re-raise of the caught exception itself (``raise e.with_traceback(tb)``,
    six's ``reraise(*sys.exc_info())``) keeps them: its deepest raise is of the pasted class.

    A raise that builds the exception it gives the trail to (``raise ValidationError(e,
    ctx=msg).with_traceback(tb)``, ``raise tp(e).with_traceback(tb)``: a context manager
    wrapping what its ``with`` block raised) made the pasted exception there whatever the
    classes: the deepest raise below it, of the same class or not, made the one it caught."""
    at = next((i for i, fr in enumerate(frames[:-1]) if _gives_traceback(fr.source)), None)
    if at is not None and _builds_new(frames[at].source):
        return frames[: at + 1]
    keys = {k for t in types if (k := type_key(t))}
    if at is None or not keys:
        return frames
    info = frame_info(idx, frames)
    if not info.lib or info.lib[-1][0] != len(frames) - 1:
        return frames
    _p, line, fn = info.frames[-1]
    path, source = info.lib[-1][1], frames[-1].source
    in_fn = idx.sites.get((path, fn), ()) if fn else ()
    landed = _on_line(list(idx.sites.get((path, line), ())) if line is not None else [], in_fn)
    if not landed and source:  # another release: its statement, where the lines moved
        landed = _statement_sites(
            idx, idx.statement_entries(source, MAX_STATEMENT), path, fn, line, source, frames[-1].function
        )
    if not landed:
        return frames
    related = set(keys)
    for k in keys:
        related |= idx.subclasses(k) | idx.ancestors(k)
    if any(type_key(idx.entry_facts(ei)[1].type) in related for ei in landed):
        return frames
    return frames[: at + 1]


def _gives_traceback(source: str | None) -> bool:
    """Whether a printed statement raises an exception with a traceback given to it
    (``raise error.with_traceback(tb)``), not one cut (``.with_traceback(None)``, ``cut_reraise``)."""
    text = compact(source or "")
    return text.startswith("raise") and ".with_traceback(" in text and ".with_traceback(None)" not in text


# ``raise Name(...)``/``raise self.make(...)``: the raise calls something first, so it makes the
# exception it raises (``raise error.with_traceback(tb)`` calls the method of one made before)
_BUILDS = re.compile(r"raise([A-Za-z_][\w.]{0,300})\(")


def _builds_new(source: str | None) -> bool:
    """Whether a printed ``raise`` statement makes its exception by a call of its own, not
    with ``.with_traceback`` of an exception it holds (read compact: whitespace removed)."""
    m = _BUILDS.match(compact(source or ""))
    return m is not None and not m.group(1).endswith(".with_traceback")


def _named_grouped(big: frozenset[int], pids: dict[int, float]) -> frozenset[int]:
    """The grouped patterns (``big``) among the named ones (``pids``): ``big.intersection(pids)``
    walking the smaller of the two. ``frozenset.intersection`` walks a ``dict`` argument whole,
    and a function of a big catalogue names tens of thousands of patterns (one per copy of each
    of its raises at 10M templates) where the grouped ones are a few hundred: a membership test
    per grouped pattern finds the same set."""
    if len(pids) <= len(big):
        return big.intersection(pids)
    return frozenset(filter(pids.__contains__, big))


def _name_entries(idx: Index, ev: FrameEvidence) -> None:
    """Entries the library frames name by function or line, deepest first.

    Looked up by (path, function) and (path, line) rather than by walking every entry of a file:
    a file of a big catalogue holds thousands of entries (one per raise site and snapshot).
    """
    out = ev.entries
    depth = 0
    raising = len(ev.info.frames) - 1  # the frame the exception was raised in: the last one
    for fi, path in reversed(ev.info.lib):
        _p, line, fn = ev.info.frames[fi]
        at_line = list(idx.sites.get((path, line), ())) if line is not None else []
        # the (path, function) row lists the entries whose function's last component is ``fn``
        in_fn = idx.sites.get((path, fn), ()) if fn else ()
        # the frame is on the statement itself: same line, and the function it names (a pytest
        # location line names none). Read as membership of the function's row rather than by
        # decoding each entry's function: a line of a big catalogue is every copy of the raise.
        # When the exception was raised in this frame (``lands``), its raises on this line end
        # at ``ON_RAISE``, above every other weight a frame gives (``base + SAME_LINE`` and
        # ``CALLER_FRAME`` included), so they are written at it once: not first at ``base +
        # SAME_LINE`` and then raised, a pass over every copy of the raise (the same weights,
        # frames and dict order: each of them is already in ``out`` from the function's row)
        put_on_raise = True
        if fn:
            base = DEEPEST_FRAME if depth == 0 else CALLER_FRAME
            if out:  # ``_put`` of each: the function's row at ``base``, then its raises on this line
                landed = _on_line(at_line, in_fn)
                lands = fi == raising and not _all_cut(idx, landed)
                _put_all(out, in_fn, base, fi, depth)
                if not lands:
                    _put_all(out, landed, base + SAME_LINE, fi, depth)
            else:  # the deepest frame: nothing is named yet, so there is no weight to beat, and
                # the row named is the set its raises on this line are looked up in
                out.update(dict.fromkeys(in_fn, (base, fi, depth)))
                landed = [ei for ei in at_line if ei in out]
                lands = fi == raising and not _all_cut(idx, landed)
                out.update(dict.fromkeys(landed, (ON_RAISE if lands else base + SAME_LINE, fi, depth)))
                put_on_raise = False  # written just now, with nothing above it to keep
        else:
            landed = at_line
            lands = fi == raising and not _all_cut(idx, landed)
        if not fn or fn.startswith("<"):
            # a frame naming a function puts it, and its raises on this line, in the ``in_fn``
            # weights above; a raise of another function on the same line number is another
            # release's code that moved there. One naming none (pytest's location line) or
            # ``<lambda>``/``<genexpr>`` has only the line to go by.
            _put_all(out, at_line, CALLER_FRAME, fi, depth)
        if lands:
            if put_on_raise:
                _put_all(out, landed, ON_RAISE, fi, depth)
            ev.on_raise.update(landed)
        # a helper re-raising what its caller gave it passes the deepest role up
        if landed and all(idx.entry_relay(ei) for ei in landed):
            raising = fi - 1
        else:
            depth += 1


def _on_line(at_line: list[int], in_fn: Sequence[int]) -> list[int]:
    """The entries of ``at_line`` that the function's row holds too, in ``at_line``'s order."""
    if not at_line or not in_fn:
        return []
    fn_set = set(in_fn)
    return [ei for ei in at_line if ei in fn_set]


# the folders a distribution copies another package into (``pip/_vendor/requests``,
# ``setuptools/extern``, ``ddtrace/vendor``, ``google/protobuf/third_party``)
VENDOR_DIRS = frozenset({"_vendor", "vendor", "_vendored", "vendored", "extern", "_extern", "third_party"})


def _other_package_raise(idx: Index, module: str, frames: list[Frame]) -> bool:
    """Whether the last frame, running ``module`` below site-packages, makes a new exception
    (its shown line ``raise X(...)``, not a re-raise) in a package the catalogue holds under no
    folder of that path: an egg's ``Scrapy-0.15.1-py2.7.egg/scrapy/spidermanager.py`` is the
    library's own file of an older release, ``h2/stream.py`` another package's. A package the
    catalogue holds only as a vendored copy of that statement is ``vendored_root``'s case."""
    source = frames[-1].source
    if not _new_raise(source) or _reraised(frames):
        return False
    same = idx.statement_entries(source, MAX_STATEMENT) if source else ()
    if any(vendored_copy(idx.entry_path(ei), module) for ei in same):
        return False  # a copy of that very statement vendored in a codebase: its own verdict says so
    folders = module.split("/")[:-1]
    return not any(idx.package_holders(part) for part in folders)


def import_root_path(path: str) -> str | None:
    """The module a frame ran, as imported: its path below ``site-packages/`` or
    ``dist-packages/`` (``requests/models.py``); None for a frame outside them."""
    split = split_site_path(path)
    rel = split[1] if split else ""
    return rel if rel.endswith(".py") and not rel.startswith("/") else None


def vendored_copy(path: str, module: str) -> bool:
    """Whether catalogue ``path`` is ``module`` (``requests/models.py``) copied into another
    distribution's vendor folder (``pipenv/patched/pip/_vendor/requests/models.py``)."""
    if not path.endswith("/" + module):
        return False
    return path[: -len(module) - 1].rpartition("/")[2] in VENDOR_DIRS


def package_runs(path: str, module: str) -> bool:
    """Whether catalogue ``path`` may be the code a frame running ``module`` below site-packages
    (``torch/__init__.py``) ran: the path's top-level package is a folder of the module's path
    (its own package, or the distribution or egg folder it was copied under). Another package's
    copy of the same statement is not: timm's fallback ``_assert`` in ``timm/layers/trace_utils.py``
    (used only when torch lacks one) reads as torch's own ``assert condition, message``, and a
    vendored ``pipenv/.../_vendor/requests/models.py`` as ``requests/models.py``; the frame ran
    torch's and requests' file, which the catalogue does not hold, whatever the names and lines."""
    top = site_top(path)
    return bool(top) and top in module.removesuffix(".py").split("/")


def vendored_root(idx: Index, frames: list[Frame], info: FrameInfo) -> str | None:
    """The module the traceback's last frame ran below site-packages, when the catalogue does
    not hold that file and its top-level package is in no codebase as itself: the user ran the
    package (``requests``), so a vendored copy of it inside another distribution (pipenv's
    ``_vendor/requests``) is not where the error came from, however alike their words."""
    if not frames or (info.lib and info.lib[-1][0] == len(frames) - 1):
        return None
    module = import_root_path(frames[-1].path)
    if module is None or idx.package_holders(module.partition("/")[0].removesuffix(".py")):
        return None
    return module


def _by_statement(idx: Index, ev: FrameEvidence, frames: list[Frame]) -> None:
    """The traceback's last frame, printed with its source line, is where the exception was
    raised: the catalogue's statements with that first line, in the frame's file or function, are
    the site even when the release differs and line numbers (or the file) moved. A relay helper's
    raise hands over to the frame above, whose line is the call supplying the message."""
    lib = dict(ev.info.lib)
    for fi in range(len(frames) - 1, max(len(frames) - 1 - MAX_RELAY_HOPS, -1), -1):
        source = frames[fi].source
        if not source:
            return
        _p, line, fn = ev.info.frames[fi]
        # a frame printed with no file (a pytest entry's ``def`` line) or quoted without it
        # (``parse.UNKNOWN_PATH``): its function is all that narrows a common statement down
        pathless = not frames[fi].path or frames[fi].path == UNKNOWN_PATH
        same = _statement_entries(idx, source, fn if pathless else None)
        # the release may chain the raise another way (``from None`` became ``from exc``)
        for other in () if same else chained_forms(source):
            same = _statement_entries(idx, other, fn if pathless else None)
            if same:
                break
        module = import_root_path(frames[fi].path) if fi not in lib else None
        if module is not None:  # a frame of an installed package backs no copy of it in another
            same = [ei for ei in same if package_runs(idx.entry_path(ei), module)]
        hop = fi < len(frames) - 1  # the frame above a relay helper: its line calls the helper
        found = _statement_sites(idx, same, lib.get(fi), fn, line, source, frames[fi].function, hop)
        if fi == len(frames) - 1 and not found and fi in lib and not _left_file(idx, lib[fi], fn, source):
            ev.moved.update(_moved_raises(idx, same, lib[fi]))
        if not _all_cut(idx, found):
            for ei in found:
                _put(ev.entries, ei, ON_RAISE, fi, 0)
            ev.on_raise.update(found)
        if not found or not all(idx.entry_relay(ei) for ei in found):
            return


def _warned_below(idx: Index, ev: FrameEvidence, frames: list[Frame], types: Sequence[str]) -> None:
    """A warning's location line (``path:line: Category: text``, no function) with the source
    line ``warnings`` prints under it: with ``stacklevel=2`` that line is the caller's call of
    the function that warned (``n_iter_i = _check_optimize_result(``), not a warn of its own.
    When a function it calls warns the pasted category, those warns are the site, at
    ``ON_RAISE`` as a frame on them would put them; a site found on the printed statement that
    warns no such class (a call handing a fragment of the text over, ``extra_warning_msg=...``,
    catalogued as a message of unknown class) is the caller's line, a caller's frame. Only for
    a location in the catalogue's code: one in the user's code is where a library's
    ``warn_external``/``find_stack_level`` walked out to, past every library frame, and says
    nothing of which function the call reached warned."""
    if not frames or not types or not types[0].endswith("Warning"):
        return
    last = frames[-1]
    if (
        last.function is not None
        or not last.source
        or not ev.info.lib
        or ev.info.lib[-1][0] != len(frames) - 1
    ):
        return
    names = names_called(last.source)
    if not names:
        return
    wanted = {type_key(t) for t in types} - {""}
    own = [ei for ei in ev.on_raise if type_key(idx.entry_facts(ei)[1].type) not in wanted]
    handed = _handed_text(last.source)
    if handed == _LITERAL and own:
        return  # the printed statement's own text: its site is the warning's (``_handed_text``)
    found = (
        []
        if handed == _CAUGHT  # a caught exception's text: its raise made it, the text finds it
        else [
            ei
            for t in types[:1]
            for ei in idx.type_entries(t, MAX_STATEMENT)
            if fn_last(idx.entry_func(ei)) in names
            and type_key(idx.entry_facts(ei)[1].type) in wanted
            and not idx.entry_cut(ei)
        ]
    )
    if not found and handed != _CAUGHT:
        return
    fi = len(frames) - 1
    for ei in own:
        ev.on_raise.discard(ei)
        ev.entries[ei] = (CALLER_FRAME, fi, 1)
    _on_callee_raise(idx, ev, found, fi)


_LITERAL_PREFIXES = frozenset({"", "r", "u", "f", "rf", "fr"})
_LITERAL_CAP = 2_000  # a printed source line is one statement's first line, short


_LITERAL = "literal"
_CAUGHT = "caught"


def _handed_text(source: str) -> str | None:
    """What a warning's printed source line hands the function it calls as its first argument,
    when that is the warning's whole text made before the call: ``_LITERAL``, a string literal
    (``self._warn("No data was collected.", slug=...)``), or ``_CAUGHT``, a caught exception's
    text (``data._warn(str(exc))``, ``exc`` itself); else None. The function called only emits
    it, as coverage's ``Coverage._warn`` does (adding a slug, a process id), so it is not where
    the text was made: a literal's site is the printed statement itself, whatever class the
    extractor could name for it, and a caught exception's text is its raise's, which the text
    finds. A call handing over values or a fragment by keyword (``_check_result(``,
    ``extra_warning_msg=...``) leaves the text to the function it calls (None)."""
    if len(source) > _LITERAL_CAP:
        return None
    _head, paren, rest = source.partition("(")
    if not paren:
        return None
    rest = rest.lstrip()
    quote = next((i for i, ch in enumerate(rest[:3]) if ch in "\"'"), None)
    if quote is not None:
        return _LITERAL if rest[:quote].lower() in _LITERAL_PREFIXES else None
    arg = rest.partition(",")[0].partition(")")[0].strip()
    if arg.startswith("str("):
        arg = arg[4:].strip()
    return _CAUGHT if arg in _CAUSES else None


def _on_callee_raise(idx: Index, ev: FrameEvidence, found: list[int], fi: int) -> None:
    """Name ``found``, raises in functions that frame ``fi``'s statement reaches, as raised on
    (``ON_RAISE``), each with the name of its function for the reason."""
    for ei in found:
        _put(ev.entries, ei, ON_RAISE, fi, 0)
        ev.callees.setdefault(ei, fn_last(idx.entry_func(ei)) or "")
    ev.on_raise.update(found)


def _statement_entries(idx: Index, source: str, fn: str | None) -> list[int]:
    """The entries raised by a statement whose first line is the frame's ``source``: the first
    ``MAX_STATEMENT`` of them, or, when a line as common as ``raise ValueError(`` fills that
    head and ``fn`` is given, those of that function among many more. The head is the
    catalogue's order, not the frame's: a pytest entry's printed ``def get_backend(`` over its
    ``>`` line names the function as a traceback's frame does (``parse._cut_listing_frame``),
    and its raise may lie past the first few hundred ``raise ValueError(`` of five libraries.
    Only such a frame of no path, or one quoted without its file (``line 2163, in
    _setitem_single_column`` in prose: ``parse.UNKNOWN_PATH``), is given ``fn``: a frame whose
    printed file the catalogue does not hold (it moved) names a function whose namesakes
    elsewhere open other raises the same common way, and the head alone is read for it, as
    before."""
    same = idx.statement_entries(source, MAX_STATEMENT)
    if len(same) < MAX_STATEMENT or not fn:
        return same
    wide = idx.statement_entries(source, MAX_NAMED_STATEMENT)
    named = [ei for ei in wide[MAX_STATEMENT:] if fn_last(idx.entry_func(ei)) == fn]
    return [*same, *named]


def _by_shown(idx: Index, ev: FrameEvidence, shown: str) -> None:
    """A paste with no frame that prints a ``raise`` statement right above its error line (an
    issue title running the two together, a log keeping a traceback's last two lines): the
    catalogue's statements with that first line are where it was raised. It is the deepest
    frame's source line printed without the frame, so no file or line tells which of them it
    was, nor that the release still raises it there: weighed as a caller's frame, not the
    deepest's, the text still decides between such a statement and a template it fits (a
    re-raise of a collected text is shown, the template that made the text fits it). The frame
    index -1 says no frame printed it; the matcher takes those raising the pasted class as
    raises of it (``Matcher._match``)."""
    found = idx.statement_entries(shown, MAX_STATEMENT)
    for other in () if found else chained_forms(shown):
        found = idx.statement_entries(other, MAX_STATEMENT)
        if found:
            break
    if found:
        ev.shown = shown
        _put_all(ev.entries, found, CALLER_FRAME, -1, 0)


# the names a caught exception is bound to in ``except ... as <name>``, by convention
_CAUSES = ("e", "exc", "err", "ex", "error", "exception")
_CAUSE_MAX = 61  # a cause's dotted name, as long as any conventional one and then some


def _is_cause(name: str) -> bool:
    """A dotted name a ``from`` clause may give: an ASCII letter or ``_``, then word characters
    or dots (what ``[A-Za-z_][\\w.]{0,60}`` reads, without a regex)."""
    if (
        not name
        or len(name) > _CAUSE_MAX
        or not (name[0] == "_" or (name[0].isascii() and name[0].isalpha()))
    ):
        return False
    return all(ch == "." or ch == "_" or ch.isalnum() for ch in name[1:])


def _without_cause(text: str) -> str:
    """``text`` without a trailing ``from <name>`` clause, else as it is. One split from the
    right, linear in the line: a regex searched from every start of a run of blanks
    (``\\s+from\\s+...$``) re-read the run from each of them (sec53's crafted-input check)."""
    parts = text.rsplit(None, 2)
    if len(parts) == 3 and parts[1] == "from" and _is_cause(parts[2]):
        return parts[0]
    return text


def chained_forms(statement: str) -> list[str]:
    """``statement`` (a ``raise`` line) as another release may chain it: a ``raise X(...)``
    that became ``raise X(...) from e`` (Django 2.0's ``raise ImproperlyConfigured(msg.format(
    ...))``, 6.1's ``... from e``), or the reverse. The cause is the name the handler binds,
    one of the conventional ones, or ``None`` (``from None``, to hide the context); the call
    itself must be the same. A chained statement is also tried with the other causes: python-
    socketio 5.7's ``raise exceptions.ConnectionError(exc.args[0]) from None`` is 5.18's ``...
    from exc``. A few exact look-ups of the statement table, no search."""
    text = statement.strip()
    if not text.startswith("raise "):
        return []
    bare = _without_cause(text)
    if bare != text:
        return [
            bare,
            *(f"{bare} from {name}" for name in (*_CAUSES, "None") if f"{bare} from {name}" != text),
        ]
    return [f"{text} from {name}" for name in (*_CAUSES, "None")]


def _only_raise(idx: Index, ev: FrameEvidence, frames: list[Frame], types: Sequence[str]) -> None:
    """The traceback's last frame, in a file of the catalogue, prints a ``raise`` statement that
    no release holds as written (``raise TIMEOUT(msg)`` became ``exc = TIMEOUT(msg)``; ``raise
    exc``, ``raise self.__createException(...)`` became ``raise self.createException(...)``),
    and the function it names raises at one statement only in each snapshot: the release moved
    or reworded that raise, and it is where the exception was raised, whatever another site's
    literal says. The raise must not contradict the paste: its class is unknown (an object
    built elsewhere) or the pasted one (a statement raising the class its callers pass has
    several: the records of the pasted one), and its own text too little to question the message
    (``{exc}``, a text the class renders); a function raising at several statements, one raise
    of another class, or one with words of its own (reworded, they may have moved to another
    raise of the file, whose text then decides) is left to the text; so is a printed raise
    whose own literal text does not hold the function's raise's words (the text moved to a
    helper's raise, and the function's remaining raise is another error)."""
    if not frames or not ev.info.lib or ev.info.lib[-1][0] != len(frames) - 1:
        return
    source = (frames[-1].source or "").strip()
    if not (source == "raise" or source.startswith(("raise ", "raise("))):
        return
    path = ev.info.lib[-1][1]
    _p, _line, fn = ev.info.frames[-1]
    if not fn:
        return
    shown = raise_literal(source)
    said = compact(shown[1]) if shown is not None else None
    lines: dict[int, set[int]] = {}  # snapshot -> lines of the function's raise statements
    raises: list[int] = []
    for ei in idx.sites.get((path, fn), ())[:MAX_STATEMENT]:
        _repo, site = idx.entry_facts(ei)
        if site.kind != "error" or fn_last(site.function) != fn:
            continue
        pattern = idx.patterns[idx.entry_pat[ei]]
        if pattern.lit_len >= MIN_LITERAL:
            return
        if said is not None and not all(lit in said for lit in pattern.lits):
            # the printed raise gives a text of its own that this raise's words are not part of
            # (``raise E("key is required")`` shown, ``raise E("Invalid URL")`` held): another
            # statement, whose words moved elsewhere (a helper's raise), where the text decides
            return
        snap, line, _path = idx.entry_where(ei)
        lines.setdefault(snap, set()).add(line)
        raises.append(ei)
    if not raises or any(len(ls) != 1 for ls in lines.values()) or _all_cut(idx, raises):
        return
    if any(idx.entry_relay(ei) for ei in raises):
        return  # a helper raising its caller's text: the call above names the site (``_by_statement``)
    # the one statement may raise several classes (the class a caller passes, a table's): the
    # pasted one among them is that statement's raise, the others no contradiction of it
    fitting = [ei for ei in raises if _class_fits(idx, ei, types)]
    if not fitting:
        return
    for ei in fitting:
        _put(ev.entries, ei, ON_RAISE, len(frames) - 1, 0)
    ev.on_raise.update(fitting)


def _by_call_form(idx: Index, ev: FrameEvidence, frames: list[Frame]) -> None:
    """The deepest library frame names a function by its bare name, as CPython prints it, and
    its file defines that name as a method and as a module's function (pipenv's
    ``Resolver.resolve`` beside ``resolve``): the frame above, in the same file, shows how it was
    called. ``obj.name(`` calls a method (in its own module a function is called by its bare
    name), ``name(`` alone the module's function (a method is reached through an object). The
    raises of the kind called weigh ``CALL_FORM`` more than the others of that name; under a
    frame's line or statement, which say more."""
    if len(frames) < 2 or not ev.info.lib:
        return
    fi, path = ev.info.lib[-1]
    _p, _line, fn = ev.info.frames[fi]
    if fi != len(frames) - 1 or not fn or fn.startswith("<") or dict(ev.info.lib).get(fi - 1) != path:
        return
    m = re.search(rf"(?:(\.)\s*|(?<![\w.])){re.escape(fn)}\s*\(", frames[fi - 1].source or "")
    if m is None:
        return
    method = m.group(1) is not None
    row = [ei for ei in idx.sites.get((path, fn), ())[:MAX_STATEMENT] if fn_last(idx.entry_func(ei)) == fn]
    kinds = [_is_method(idx.entry_func(ei)) for ei in row]
    if all(kinds) or not any(kinds):
        return
    for ei, kind in zip(row, kinds, strict=True):
        if kind == method:
            _put(ev.entries, ei, DEEPEST_FRAME + CALL_FORM, fi, 0)
    ev.called_as = "a method" if method else "a function"


# a generator's frame stopped at a ``yield`` statement (``yield``, ``yield conn``, ``x = yield``)
_YIELD_LINE = re.compile(r"^\s*(?:[\w.]{1,200}\s?=\s?)?yield(?:\s|$)")


def _thrown_into_generator(idx: Index, ev: FrameEvidence, frames: list[Frame], types: Sequence[str]) -> None:
    """A library frame above the deepest one printing a ``yield`` is a generator the exception
    was thrown into where it stood (a ``@contextmanager``'s ``__exit__`` calls ``gen.throw``, so
    Python adds the generator's frame, at its ``yield``, to the trail: httpx's
    ``map_httpcore_exceptions``). When the paste goes on with the traceback of an exception
    raised while handling this one, cut before its exception line, that exception was made in
    the generator's handler around the ``yield`` (``raise mapped_exc(message) from exc``): its
    raises of the pasted class are named as the deepest frame's function's would be
    (``DEEPEST_FRAME``), above the call the deepest frame prints. Without a later exception the
    pasted one went through the generator unchanged, and its own raise decides."""
    if not types or len(ev.info.lib) < 2:
        return
    wanted = {type_key(t) for t in types} - {""}
    for fi, path in ev.info.lib[:-1]:
        source = frames[fi].source
        fn = ev.info.frames[fi][2]
        if not source or not fn or fn.startswith("<") or not _YIELD_LINE.match(source):
            continue
        for ei in idx.sites.get((path, fn), ())[:MAX_STATEMENT]:
            if _raises_class(idx, ei, wanted) and not idx.entry_cut(ei):
                _put(ev.entries, ei, DEEPEST_FRAME, fi, 0)
                ev.thrown.setdefault(ei, fn)


def _is_method(qualname: str) -> bool:
    """Whether a qualified name is a class's function (``Cls.f``, ``f.<locals>.Cls.g``)."""
    head, _dot, _name = qualname.rpartition(".")
    return bool(head) and not head.endswith("<locals>")


def _callee_raises(
    idx: Index, ev: FrameEvidence, frames: list[Frame], types: Sequence[str], callees: CalleesOf
) -> None:
    """The deepest library frame names a function that raises nothing of the pasted class in
    the indexed release (none of its raises is of that class, or it has none): the traceback
    comes from a release in which it did, and the raise has since moved into a helper it calls
    (spotipy's ``get_access_token`` now calls ``self._handle_oauth_error``; google-auth's
    ``refresh``, ``self._perform_refresh_token``). The raises of the pasted class in the
    functions it calls, in the same file, are then named at ``CALLEE_FRAME``: below what the
    function's own raises would weigh, above a frame merely in the file. Only a named class
    counts (a raise of an object of unknown class would be any helper's). A name called is
    looked up in the frame's file by its last component, which in the same module is the
    helper's; one of another module is followed only through the file's import of it (below). A last
    frame printing a call and no raise (``value = int(text)``) says compiled code below it
    raised (``FrameInfo.ends_at_call``), not a helper: had a Python helper raised, its frame
    would be below. A helper of another module of the release is named alike when the file
    imports the name the function calls from there (``helpers``, resolved through the code
    facts' imports: ``from .lib._client_auth import sync__init__``).

    A function that does raise the class, but by no statement opening as the one the frame
    prints (``_printed_elsewhere``), is another release's body: its raises and its helpers'
    are then named alike (``DEEPEST_FRAME``) and the text tells them apart. A function the
    release no longer has hands over to the frame above (``_gone_to_caller``)."""
    if not types or not ev.info.lib or ev.info.ends_at_call is not None:
        return  # a last frame printing a call that raises nothing itself: compiled code raised
    fi, path = ev.info.lib[-1]
    _p, _line, fn = ev.info.frames[fi]
    if not fn or fn.startswith("<"):
        return
    wanted = {type_key(t) for t in types} - {""}
    weight = CALLEE_FRAME
    own = [ei for ei in idx.sites.get((path, fn), ())[:MAX_STATEMENT] if _raises_class(idx, ei, wanted)]
    made = made_at_run_time(types)
    if own:
        if not _printed_elsewhere(idx, ev, frames, own):
            return  # the function raises that class itself: its own raises are the frame's
        weight = DEEPEST_FRAME  # its raises and its helpers' are alike the frame's: the text decides
    names = _callee_names(idx, path, fn, callees)
    if not names and not idx.sites.get((path, fn)):
        fi, path, fn, names = _gone_to_caller(idx, ev, fi, path, fn, callees)
    targets = [(path, name) for name in names]
    helpers = ev.helpers_of
    if helpers is not None and names:
        heads = idx.paths.head(path, 1)
        if heads:
            targets += helpers(idx.entry_repo(heads[0]), path, fn)
    _name_helper_raises(idx, ev, targets, wanted, weight, fi, made)


def _cut_below_call(idx: Index, ev: FrameEvidence, frames: list[Frame], callees: CalleesOf) -> None:
    """A traceback cut before its error line (frames alone: no class, no text; a stored copy
    ending inside the next frame's heading) whose last frame is the deepest library frame and
    prints a call that raises nothing itself (``template_dir = find_template(repo_dir)``,
    ``info = self.get_win32_screen_buffer_info()``): the exception came out of that call, from
    a frame the cut took off, so the frame's function raised none of its own raise statements
    there. The raises of the functions the printed line calls are named at ``CUT_CALLEE``,
    above the function's own (``DEEPEST_FRAME``): those of the frame's file that its function
    calls (the code facts' callees, ``self.`` methods included), and those of the release's
    other modules it calls by an imported name (``helpers``). A name only the line shows and
    the code facts do not record as the function's call is not followed (another release's
    line); with a class or a text pasted, the text and class decide (``_callee_raises``). Not
    when a frame of the same function above prints a raise (or an ``assert``): the paste shows
    that function raising."""
    if not ev.info.lib or ev.on_raise:
        return
    fi, path = ev.info.lib[-1]
    if fi != len(frames) - 1:
        return  # frames below the library's are the user's or compiled code's: not cut in its call
    _p, _line, fn = ev.info.frames[fi]
    source = frames[fi].source
    if not fn or fn.startswith("<") or not _calls_only(source):
        return
    if any(
        p == path and ev.info.frames[i][2] == fn and not raises_nothing(frames[i].source)
        for i, p in ev.info.lib[:-1]
    ):
        # the same function shown on a raise above (a chained paste whose blocks came out of
        # order: ``raise PGPError(str(ex)) from ex`` printed, then the call it caught cut
        # short): the error that ended it is that raise, not one below the call
        return
    called = names_called(source or "")
    names = [name for name in _callee_names(idx, path, fn, callees) if name in called]
    targets = [(path, name) for name in names if idx.sites.get((path, name))]
    heads = idx.paths.head(path, 1)
    if ev.helpers_of is not None and heads:
        targets += [t for t in ev.helpers_of(idx.entry_repo(heads[0]), path, fn) if t[1] in called]
    if heads:
        found = {name for _p, name in targets}
        for name in names:
            if name not in found and _on_other_object(source or "", name):
                targets += _namesakes(idx, path, idx.entry_repo(heads[0]), name)
    if not names and (made := _generator_made_above(idx, ev, frames, fi, fn, callees)):
        targets += made
    for tpath, name in dict.fromkeys(targets):
        for ei in idx.sites.get((tpath, name), ())[:MAX_STATEMENT]:
            if not idx.entry_cut(ei):
                _put(ev.entries, ei, CUT_CALLEE, fi, 0)
                ev.callees.setdefault(ei, name)


def _generator_made_above(
    idx: Index, ev: FrameEvidence, frames: list[Frame], fi: int, fn: str, callees: CalleesOf
) -> list[tuple[str, str]]:
    """The generator functions a cut traceback's last frame advances (``key, m =
    next(iselector)``, ``for token in tokens:``): it was handed the generator by name, so the
    frame cut off below is the generator's, and the function that made it is called on the
    line of the frame above, in the call that passed it in (``self.parse_selectors(
    self.selector_iter(self.pattern), index, flags)``). Its sites are the functions that line
    calls, among those the frame above's function calls (code facts), but the last frame's
    own; none when the frame above is not the library's."""
    if not _advanced_name(frames[fi].source or "") or fi == 0:
        return []
    above = next((p for i, p in ev.info.lib if i == fi - 1), None)
    afn = ev.info.frames[fi - 1][2]
    if above is None or not afn or afn.startswith("<"):
        return []
    called = names_called(frames[fi - 1].source or "") - {fn}
    names = [name for name in _callee_names(idx, above, afn, callees) if name in called]
    return [(above, name) for name in names if idx.sites.get((above, name))]


def _advanced_name(source: str) -> bool:
    """Whether a line advances an iterator it holds by a bare name: ``next(name)`` or
    ``next(name, default)``, or ``for ... in name:`` (string reads, no regex)."""
    text = source.strip()[:MAX_CALLED_LINE]
    if text.startswith(("for ", "async for ")) and text.endswith(":"):
        return text[:-1].rpartition(" in ")[2].strip().isidentifier()
    i = text.find("next(")
    if i < 0 or (i > 0 and (text[i - 1].isalnum() or text[i - 1] in "_.")):
        return False
    arg = text[i + 5 :].partition(")")[0].partition(",")[0].strip()
    return arg.isidentifier()


def _on_other_object(source: str, name: str) -> bool:
    """Whether a line calls ``name`` as a method of an object other than ``self``/``cls``
    (``proc.verify(``): one whose class the line does not show. Each hit is read back over its
    receiver's name only, so the line is read once (its first ``MAX_CALLED_LINE`` characters)."""
    source = source[:MAX_CALLED_LINE]
    at = source.find(f".{name}(")
    while at != -1:
        j = at
        while j > 0 and (source[j - 1].isalnum() or source[j - 1] == "_"):
            j -= 1
        if source[j:at] not in ("self", "cls"):  # (``super().f(`` reads as another object's: a base's)
            return True
        at = source.find(f".{name}(", at + 1)
    return False


def _namesakes(idx: Index, path: str, repo: str, name: str) -> list[tuple[str, str]]:
    """The files of ``path``'s package (its first folder) in codebase ``repo`` holding a raise
    in a function named ``name``, as (file, name): what a method call on an object of a class
    the traceback does not show may have run. None when more than ``MAX_NAMESAKES`` files do
    (a common name, which the call cannot tell apart). A file at the catalogue's top (a
    codebase indexed from inside its package) has the codebase's files for its package."""
    top, slash, _rest = path.partition("/")
    out: list[tuple[str, str]] = []
    for other in idx.paths.under(top + slash if slash else "", MAX_PACKAGE_FILES):
        eis = idx.sites.get((other, name))
        if eis and idx.entry_repo(eis[0]) == repo:
            out.append((other, name))
            if len(out) > MAX_NAMESAKES:
                return []
    return out


def _name_helper_raises(
    idx: Index,
    ev: FrameEvidence,
    targets: Sequence[tuple[str, str]],
    wanted: Container[str],
    weight: float,
    fi: int,
    unknown: bool = False,
) -> None:
    """Name the raises of a wanted class in the functions ``targets`` (file, last name) at
    ``weight``, frame ``fi``'s, each with its function's name for the reason; with ``unknown``
    (the pasted class is made at run time: ``made_at_run_time``), the raises of an object of a
    class the catalogue cannot name too, which is how such a class is raised."""
    for path, name in targets:
        for ei in idx.sites.get((path, name), ())[:MAX_STATEMENT]:
            if idx.entry_cut(ei):
                continue
            if _raises_class(idx, ei, wanted):
                _put(ev.entries, ei, weight, fi, 0)
                ev.callees.setdefault(ei, name)
            elif unknown and _raises_unknown(idx, ei):
                # no text of its own (``raise exc``), so only the frame can decide: named as the
                # deepest frame's function's raise would be, the weight a frame's function's own
                # raise of no text needs to be answered at all
                _put(ev.entries, ei, max(weight, DEEPEST_FRAME), fi, 0)
                ev.callees.setdefault(ei, name)


def _unheld_frame_helpers(
    idx: Index, ev: FrameEvidence, frames: list[Frame], types: Sequence[str], helpers: HelpersOf
) -> None:
    """The traceback's last frame is a library's file below site-packages that the catalogue
    holds no raise of (openai's ``_client.py``, whose ``OpenAI.__init__`` now hands its checks
    to ``lib/_client_auth.py``'s ``sync__init__``), though a codebase of the catalogue holds its
    package: the function printed a raise there in the paste's release, and in the indexed
    one the file raises nothing, so the raise lives in a helper it calls. The helpers it calls
    in the release's other modules (code facts: its calls and the file's imports) raising the
    pasted class are named as the frame's function would be (``DEEPEST_FRAME``): nothing of
    the file itself stands above them. Only for a frame printing a new raise (or no line): a
    frame printing a call that raised nothing itself had compiled code below it, and a frame
    re-raising a caught exception's trail is not where it was made."""
    if not types or not frames or ev.info.outside_deepest is not None or _reraised(frames):
        return
    fi = len(frames) - 1
    if ev.info.lib and ev.info.lib[-1][0] == fi:
        return  # a file of the catalogue: ``_callee_raises``
    last = frames[fi]
    path, _line, fn = ev.info.frames[fi]
    if not fn or fn.startswith("<") or split_site_path(last.path) is None:
        return
    if last.source and not _new_raise(last.source):
        return
    wanted = {type_key(t) for t in types} - {""}
    repos = sorted(idx.package_holders(site_top(path)))[:MAX_CALLEE_SNAPSHOTS]
    targets = [t for repo in repos for t in helpers(repo, path, fn)]
    _name_helper_raises(idx, ev, targets, wanted, DEEPEST_FRAME, fi)
    ev.unheld = bool(targets)


def _printed_elsewhere(idx: Index, ev: FrameEvidence, frames: list[Frame], own: list[int]) -> bool:
    """Whether the traceback's last frame, the deepest library frame, prints the opening of a
    raise spanning lines (``raise ValueError(``, its text on lines not printed) that none of its
    function's raises of the pasted class (``own``) opens with in the release: each of those is
    a statement of another shape, so the function the paste ran raised it with one this release
    no longer has there (scikit-learn's ``_assert_all_finite``, which now keeps only a one-line
    ``raise ValueError("Input contains NaN")`` and calls ``_assert_all_finite_element_wise`` to
    build and raise the rest). Its own raises then say no more than those of the helpers it
    calls. A whole one-line raise printed (``raise AuthError(response.reason)``) over a function
    raising the class otherwise may be that very statement edited: the function keeps it."""
    fi, _path = ev.info.lib[-1]
    if fi != len(frames) - 1:
        return False
    _p, _line, fn = ev.info.frames[fi]
    source = (frames[fi].source or "").strip()
    if not _BARE_RAISE_OPEN.match(source) or not _new_raise(source):
        return False  # a whole one-line raise of another text may be this one's edit, moved by lines
    same = set(_statement_entries(idx, source, fn))
    return not any(ei in same for ei in own)


def _gone_to_caller(
    idx: Index, ev: FrameEvidence, fi: int, path: str, fn: str, callees: CalleesOf
) -> tuple[int, str, str, list[str]]:
    """The frame above a deepest library frame whose function the release no longer has (no
    raise of its file is in it, and it calls nothing there: packaging's ``_get_env``, renamed
    ``_lookup_environment``), with what that caller's function calls: the caller's call of the
    gone function now reaches the renamed helper, so the helpers it calls are where the pasted
    class is raised. The caller must be the next frame up and a library frame of the same
    codebase (a user's call reaches nothing the catalogue knows of). Unchanged (and no names)
    when there is no such caller."""
    lib = dict(ev.info.lib)
    above = lib.get(fi - 1)
    if above is None:
        return fi, path, fn, []
    first, here = idx.paths.head(above, 1), idx.paths.head(path, 1)
    if not first or not here or idx.entry_repo(first[0]) != idx.entry_repo(here[0]):
        return fi, path, fn, []
    _p, _line, caller = ev.info.frames[fi - 1]
    if not caller or caller.startswith("<") or caller == fn:
        return fi, path, fn, []
    return fi - 1, above, caller, _callee_names(idx, above, caller, callees)


def _callee_names(idx: Index, path: str, fn: str, callees: CalleesOf) -> list[str]:
    """The last names of what function ``fn`` of catalogue file ``path`` calls, in the first
    ``MAX_CALLEE_SNAPSHOTS`` releases of the file the catalogue holds, itself left out (a
    recursive call names the function, already looked at); at most ``MAX_CALLEES``."""
    releases: dict[tuple[str, str], None] = {}
    for ei in idx.paths.head(path, MAX_STATEMENT):
        e = idx.entries[ei]
        releases[str(e[E_REPO]), str(e[E_VERSION])] = None
        if len(releases) >= MAX_CALLEE_SNAPSHOTS:
            break
    names: dict[str, None] = {}
    for repo, version in releases:
        names.update(dict.fromkeys(callees(repo, version, path, fn)[:MAX_CALLEES]))
    names.pop(fn, None)
    return list(itertools.islice(names, MAX_CALLEES))


def _statement_in_callee(
    idx: Index, ev: FrameEvidence, frames: list[Frame], types: Sequence[str], callees: CalleesOf
) -> None:
    """The traceback's last frame prints a raise statement its function no longer holds, and a
    function of the same file that it calls holds that very statement: the release the paste
    came from raised inline, and this one moved the raise into a helper (scikit-learn's
    ``_assert_all_finite`` printing ``raise ValueError(msg_err)``, which now builds the text in
    ``_assert_all_finite_element_wise`` and raises it there). The helper's raise is the
    statement the frame shows, so it is named as a frame on it would name it (``ON_RAISE``),
    above the frame's function's own raises, which read otherwise. Unlike ``_statement_sites``'
    namesake in any function of the file (another release's line number landing on it), only a
    callee counts: the traceback enters it from the frame's function. A statement of a class
    the paste does not name is another error's. Found there, the statement has not left the
    frame's file: its namesakes in other files of the codebase (``_moved_raises``) are not
    where it went.

    A helper of another module of the release that the function calls by an imported name
    (``helpers``: ``from ._auth import setup`` then ``setup(self)``) holding the statement is
    named alike: the release moved the raise out of the file, into the function it hands over
    to, and no other file's copy of the statement is where it went either."""
    if not frames or not ev.info.lib or ev.info.lib[-1][0] != len(frames) - 1:
        return
    source = frames[-1].source
    fi, path = ev.info.lib[-1]
    _p, _line, fn = ev.info.frames[fi]
    if not source or not fn or fn.startswith("<") or not _new_raise(source) or _reraised(frames):
        return
    every = idx.statement_entries(source, MAX_STATEMENT)
    same = {ei for ei in every if idx.entry_path(ei) == path}
    targets: set[tuple[str, str]] = set()
    helpers = ev.helpers_of
    if helpers is not None and len(same) < len(every) and (heads := idx.paths.head(path, 1)):
        targets.update(helpers(idx.entry_repo(heads[0]), path, fn))
    if not same and not targets:
        return
    names = set(_callee_names(idx, path, fn, callees))
    found = [
        ei
        for ei in every
        if (
            (ei in same and fn_last(idx.entry_func(ei)) in names)
            or (idx.entry_path(ei), fn_last(idx.entry_func(ei))) in targets
        )
        and _class_fits(idx, ei, types)
        and not idx.entry_cut(ei)
    ]
    _on_callee_raise(idx, ev, found, fi)
    if found:
        ev.moved.clear()


# ``raise Name(`` or ``raise pkg.Name(``: a statement building the object it raises
_RAISE_CALL = re.compile(r"raise\s+([A-Za-z_][\w.]*)\s*\(")


def builds_pasted_class(frames: Sequence[Frame], types: Sequence[str]) -> bool:
    """Whether the traceback's last frame prints a raise that builds an object of a class the
    paste names (``raise MachineError(msg)``): the exception was made at that statement, with
    whatever text its arguments held, not elsewhere and raised again (``raise error``).

    A class held in a variable or an attribute (``raise err.exc(err.get_error()[1])``, ``raise
    cls(msg)``: a name not spelt as a class) is chosen at run time, so it may be the pasted one:
    that statement builds its object too. ``raise error.with_traceback(tb)`` is the exception
    object itself raised again."""
    if not frames or not types:
        return False
    m = _RAISE_CALL.match((frames[-1].source or "").strip())
    if m is None:
        return False
    callee = m.group(1).rsplit(".", 1)[-1]
    if not callee[:1].isupper():
        return callee != "with_traceback"
    built = type_key(m.group(1))
    return bool(built) and any(type_key(t) == built for t in types)


def _raises_class(idx: Index, ei: int, wanted: Container[str]) -> bool:
    """Whether entry ``ei`` is a raise (not a warning or a log line) of one of the ``wanted``
    classes (type keys), as the extractor named its class."""
    _repo, site = idx.entry_facts(ei)
    return site.kind == "error" and not site.type.startswith("<") and type_key(site.type) in wanted


def _raises_unknown(idx: Index, ei: int) -> bool:
    """Whether entry ``ei`` is a raise of an object whose class the extractor could not name
    (``raise exc``, ``exc`` made by a call returning a class)."""
    _repo, site = idx.entry_facts(ei)
    return site.kind == "error" and site.type.startswith("<")


def made_at_run_time(types: Sequence[str]) -> bool:
    """Whether the paste names classes and each is one a library makes at run time for each
    member of a family, numbered (sh's ``ErrorReturnCode_1``, ``type(f"{base}_{code}", ...)``):
    no raise statement names such a class, so a raise of an object of unknown class is how it
    is raised, and ``_callee_raises`` counts those too."""
    lasts = [t.rsplit(".", 1)[-1] for t in types]
    return bool(lasts) and all(numbered_class(last) != last for last in lasts)


def _class_fits(idx: Index, ei: int, types: Sequence[str]) -> bool:
    """Whether entry ``ei`` raises an object of unknown class or the class the paste names (a
    paste naming none, or one the parser cannot read as a class, ``pexpect.exceptions.TIMEOUT:``,
    contradicts no class)."""
    exc_type = idx.entry_facts(ei)[1].type
    if exc_type.startswith("<") or not types:
        return True
    last = type_key(exc_type)
    return any(type_key(t) == last for t in types)


def _all_cut(idx: Index, eis: list[int]) -> bool:
    """The frame lands only on re-raises of a caught exception whose trail was cut: the
    exception was made elsewhere, so the frame does not name its site and the text decides."""
    return bool(eis) and all(idx.entry_cut(ei) for ei in eis)


def _moved_raises(idx: Index, eis: list[int], path: str) -> list[int]:
    """Of the entries raised by a statement reading as the last frame's printed ``raise`` line,
    the ones in the codebase of the frame's file, when that file holds none: another release
    raised there, and this one moved that statement elsewhere (geopy 1's ``_call_geocoder``
    raise now in its adapters). They are the raise the traceback shows, under another function's
    name, so its not entering theirs says nothing against them."""
    first = idx.paths.head(path, 1)
    if not eis or not first:
        return []
    repo = idx.entry_repo(first[0])
    return [ei for ei in eis if idx.entry_repo(ei) == repo and idx.entry_path(ei) != path]


def _statement_sites(
    idx: Index,
    eis: list[int],
    path: str | None,
    fn: str | None,
    line: int | None,
    source: str | None = None,
    printed: str | None = None,
    call: bool = False,
) -> list[int]:
    """Of the entries raised by a statement with the frame's text, the ones in the frame's file
    (when it is in the catalogue), narrowed to the frame's function and then its line when any
    are. A frame whose file is not in the catalogue (it moved, or the paste does not show it) is
    trusted with the function it names, or else with its line. A frame that prints its
    function's qualified name (``printed``: CPython 3.11+ and IPython 8 print ``in
    AzurePath.__init__``) narrows the function's namesakes to the one of that owner: sibling
    classes of one file raising one message in their ``__init__`` are otherwise a tie.

    A printed line that opens a raise and says nothing more (``raise IllegalStateError(``, its
    text on the lines below), or whose arguments hold no literal text (``raise
    exc.LibTmuxException(proc.stderr)``), names only a class: another function of the file whose
    raise reads the same way is no evidence when the frame's own function raises that class (its
    statement reads otherwise in this release: an older release's line number landing on a
    namesake statement of another function, where the function the frame names wins).

    A ``call`` line (the frame above a relay helper, ``self._check_status(server_response,
    url)``) is written alike by every caller of the helper: in another function than the one
    the frame names it is another caller's call, not this frame's moved, and names nothing."""
    if path is not None:
        eis = [ei for ei in eis if idx.entry_path(ei) == path]
        if not eis:
            # none in the frame's file: every way below ends in an empty list, and the one
            # through ``_class_only_elsewhere`` reads the frame's function's row whole (every
            # copy of each of its raises: 120,000 entries at 10M templates) to say so
            return []
    same_fn = [ei for ei in eis if fn and fn_last(idx.entry_func(ei)) == fn]
    if same_fn:
        eis = _owned_as_printed(idx, same_fn, printed) or same_fn
        if path is None and source and _names_class_only(source) and _files_apart(idx, eis):
            return []  # a file not in the catalogue: its function's name and class, in several files
    elif (path is None or call) and fn:
        return []  # a file that moved, or another caller's call, and the function disagrees
    elif fn and source and _names_class_only(source) and _class_only_elsewhere(idx, path, fn, source, eis):
        return []  # the class alone matched, in another function than the frame's
    at_line = [ei for ei in eis if idx.entry_line(ei) == line]
    if path is None and fn is None:
        return at_line
    return at_line or eis


def _files_apart(idx: Index, eis: Sequence[int]) -> bool:
    """Whether the entries ``eis`` lie in more than one file. A frame whose file is not in the
    catalogue (another release's module, ``airflow/sdk/bases/operator.py``) and whose printed
    raise names only a class (``raise TypeError(``) says no more than a function's name and
    that class: raises of that class in functions of that name in several files (every
    ``__init__`` raising TypeError) are not its raise moved, and none is told apart."""
    first = None
    for ei in eis[:MAX_STATEMENT]:
        p = idx.entry_path(ei)
        if first is None:
            first = p
        elif p != first:
            return True
    return False


def _owned_as_printed(idx: Index, eis: list[int], printed: str | None) -> list[int]:
    """Of entries in functions named as a frame's, the ones whose qualified name is the one the
    frame printed (``AzurePath.__init__``, ``AzurePath.__init__(self, protocol)`` from IPython)
    or ends with it; none when the frame printed a bare name (CPython before 3.11)."""
    qual = (printed or "").split("(", 1)[0].strip()
    if "." not in qual or qual.startswith("<"):
        return []
    return [ei for ei in eis if (f := idx.entry_func(ei)) == qual or f.endswith("." + qual)]


# a printed line that only opens a raise of a class: ``raise IllegalStateError(``
_BARE_RAISE_OPEN = re.compile(r"raise\s+[A-Za-z_][\w.]{0,300}\s*\(\s*$")
# a raise of a class whose arguments are names and attributes only, no literal text: ``raise
# exc.LibTmuxException(proc.stderr)``, ``raise ValueError(msg) from e``
_UNWORDED_RAISE = re.compile(r"raise\s+[A-Za-z_][\w.]{0,300}\s*\([\w., \[\]]{0,300}\)(?:\s+from\s+\w+)?\s*$")
# a raise of a class itself, no call and so no text: ``raise EndOfStream``, ``raise
# exceptions.InvalidToken from None``; the class's last name is capitalised, which tells it from
# the re-raise of a caught object (``raise exc``)
_CLASS_RAISE = re.compile(r"raise\s+(?:[A-Za-z_]\w{0,100}\.){0,8}[A-Z]\w{0,100}(?:\s+from\s+\w+)?\s*$")


def _names_class_only(source: str) -> bool:
    """Whether a printed raise statement names its class and nothing of its text: it only
    opens the call (the text on lines not printed), hands it names, not literal words, or
    raises the class itself with no call at all."""
    text = source.strip()
    return bool(_BARE_RAISE_OPEN.match(text) or _UNWORDED_RAISE.match(text) or _CLASS_RAISE.match(text))


def _class_only_elsewhere(idx: Index, path: str | None, fn: str, source: str, eis: Sequence[int]) -> bool:
    """Whether raises of a printed statement that names only its class (``_names_class_only``)
    are in other functions than the frame's, so the class alone matched: the frame's function
    raises that class itself (its statement reads otherwise in this release), or the statement
    only opens the raise (``raise TypeError(``) and the function is in no site of the file at
    all (it has left the file: jax's ``_shaped_abstractify_slow`` of ``api_util.py``, now
    ``core.shaped_abstractify``), where any ``raise TypeError(`` of the file's other functions
    is another error. A whole statement (``raise FileNotFoundError(path)``) read the same in the
    file is still that raise, its function renamed (s3fs's ``info``, now ``_info``)."""
    if _fn_raises_class_of(idx, path, fn, eis):
        return True
    return path is not None and _left_file(idx, path, fn, source)


def _left_file(idx: Index, path: str, fn: str | None, source: str) -> bool:
    """Whether a frame's function is in no site of its catalogue file and its printed raise
    only opens the call of a class (``raise TypeError(``, the text on lines not printed): the
    statement's raises elsewhere share the class alone, not the raise the frame shows, so they
    are neither the frame's (``_statement_sites``) nor where it moved (``_moved_raises``)."""
    if not fn or fn.startswith("<") or not _BARE_RAISE_OPEN.match(source.strip()):
        return False
    return not idx.sites.get((path, fn))


def _fn_raises_class_of(idx: Index, path: str | None, fn: str, eis: Sequence[int]) -> bool:
    """Whether the catalogue's function ``fn`` of file ``path`` raises a class one of the
    entries ``eis`` raises."""
    classes = {type_key(idx.entry_facts(ei)[1].type) for ei in eis} - {""}
    own = idx.sites.get((path, fn), ()) if path is not None else ()
    return any(type_key(idx.entry_facts(ei)[1].type) in classes for ei in own[:MAX_STATEMENT])


def _put_all(
    out: dict[int, tuple[float, int, int]], eis: Sequence[int], w: float, fi: int, depth: int
) -> None:
    """``_put`` of each entry of ``eis`` (one loop: a line lists every copy of its raise)."""
    named, get = (w, fi, depth), out.get
    # one comprehension then one update in bulk: a line of a big catalogue is thousands of copies
    out.update(dict.fromkeys([ei for ei in eis if (old := get(ei)) is None or w > old[0]], named))


def _put(out: dict[int, tuple[float, int, int]], ei: int, w: float, fi: int, depth: int) -> None:
    old = out.get(ei)
    if old is None or w > old[0]:
        out[ei] = (w, fi, depth)


def _why(e: tuple[Any, ...], finfo: FrameInfo, fi: int, depth: int, on_raise: bool) -> str:
    _p, line, fn = finfo.frames[fi]
    at = "" if line is None else f":{line}"  # a frame printed with no line (a pytest report cut short)
    if fn and fn_last(e[E_FUNC]) == fn:
        why = f"frame {e[E_PATH]}{at} in {fn}" + (" (deepest library frame)" if depth == 0 else "")
    else:
        why = f"frame {e[E_PATH]}:{line} is this line"
    if on_raise:
        return why + ", on the raise statement itself"
    if fn and line is not None and line == e[E_LINE]:
        why += f", same line as {e[E_REPO]} {e[E_VERSION]}"
    return why
