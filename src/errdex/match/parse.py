"""Turn whatever the user pasted into an exception type, a message and the frames that led there.

People paste errors in many shapes: a bare message, a CPython traceback (possibly chained), pytest
output, IPython/Jupyter/Colab tracebacks with or without colour codes, jax's filtered tracebacks,
ExceptionGroups, warnings as ``warnings`` prints them, log lines with timestamps and levels, and
all of it behind docker-compose prefixes or re-wrapped by a terminal. The parser is line-based and
forgiving: it recognises frames and separators it knows, treats the text after the last frame of
the last chained block as the message, and strips the prefixes (log level, exception type) that a
template never contains. Everything it cannot classify stays in the message; the matcher tolerates
leftovers at a lower score rather than losing text.

Bounded work: only the last ``INPUT_CAP`` characters are looked at (the end of a huge log is where
the error is) and the message is cut to ``MESSAGE_CAP`` characters (templates are matched as
prefixes, so the head of a giant message is enough). All regular expressions here are anchored,
line-local and free of nested quantifiers.
"""

from __future__ import annotations

import ast
import bisect
import html
import json
import keyword
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import pairwise

from errdex.match import validation_listing
from errdex.pyexc import BUILTIN_EXCEPTIONS, stdlib_module

INPUT_CAP = 1_000_000  # characters of input considered (the tail)
MESSAGE_CAP = 20_000  # characters of the message matched (the head)
MAX_FRAMES = 400
MAX_BLOCKS = 8
MAX_QUOTED_RUNS = MAX_BLOCKS  # quotes each holding a traceback, read as tracebacks one after the other


@dataclass(slots=True)
class Frame:
    """One traceback frame as printed; ``path`` keeps the user's spelling (normalised by the scorer)."""

    path: str
    line: int | None = None
    function: str | None = None
    source: str | None = None
    # the path is a file's base name alone, as a crash reporter's title gives the deepest
    # frame (``Uncaught BadObject in base.py line 197``): no folder places it in a codebase,
    # the pasted class and the line do (``frames.located``)
    located: bool = False


@dataclass(slots=True)
class Block:
    """One exception of a chain (or one leaf of an ExceptionGroup): its frames, type and message."""

    frames: list[Frame] = field(default_factory=list)
    exc_type: str | None = None
    exc_types: list[str] = field(default_factory=list)  # every type prefix seen, outermost first
    message: str = ""
    # without a traceback, the message starts at the last ``Type: ...`` line; one that starts at
    # the line of the type before it is tried next (a class whose text has a ``KeyError: 'x'`` line)
    earlier: Block | None = None
    # the name the interpreter suggested after an AttributeError's or NameError's text (``. Did
    # you mean: 'count'?``), taken off the message: ``_interpreter_suggestion``
    suggestion: str | None = None
    # the frame that caught the exception printed before this one in a chain, when this one's
    # own frames do not reach it: ``_caught_in``
    caught_in: Frame | None = None
    # the message's first line names the class a ``raise`` line right above it raises (a
    # traceback's last source line pasted without its frame line): ``_raised_above``
    raised_above: bool = False
    # the model a validation listing this block's message was read from names (``1 validation
    # error for Settings``): its validators are its methods (``_validator_raise``)
    validated: str | None = None
    # the listing as printed (message, classes, frames) when ``validated`` replaced it with the
    # validator's raise: read again when no raise of the catalogue fits the validator's text
    listing: tuple[str, list[str], list[Frame]] | None = None
    # the class is the one IPython's header names (``FieldError   Traceback (most recent call
    # last)``) and no exception line closes the block: a paste cut inside it (``_whole_before_cut``)
    header_only: bool = False
    # the source line ``warnings`` prints under a warning (``  return self._fit(X, y)``) pasted
    # with the ``Category: text`` line and no location line: ``_printed_call``
    printed_call: str | None = None


@dataclass(slots=True)
class ParsedQuery:
    """What the matcher works from. ``blocks[primary]`` is the exception the user is asking about."""

    text: str  # the cleaned input
    message: str
    exc_type: str | None  # innermost type prefix as given ("requests.exceptions.InvalidSchema")
    exc_types: list[str]
    frames: list[Frame]
    kind: str | None = None  # "warning" | "log" | None (exception or unknown)
    level: str | None = None  # log level when the input was a log line
    blocks: list[Block] = field(default_factory=list)
    primary: int = 0
    input_truncated: bool = False
    # an ExceptionGroup printed before the exception raised from it (or while handling it): the
    # group and its members are context, and the last exception of the paste is the error
    group_is_context: bool = False
    # the interpreter's suggestion printed after the message (``Block.suggestion``)
    suggestion: str | None = None
    # the model a validation listing names (``Block.validated``)
    validated: str | None = None
    # the warning's printed source line with no location line (``Block.printed_call``)
    printed_call: str | None = None
    # the error was printed in a Rich ``Error`` panel (``error_panel``), as a CLI framework built
    # on Rich prints it (Typer, rich-click), never plain Click: ``_unbox`` keeps its text only
    error_panel: bool = False

    def to_json(self) -> dict[str, object]:
        return {
            "message": self.message,
            "exc_type": self.exc_type,
            "exc_types": self.exc_types,
            "kind": self.kind,
            "level": self.level,
            "frames": [
                {"path": f.path, "line": f.line, "function": f.function, "source": f.source}
                for f in self.frames
            ],
        }


# --- cleaning ---------------------------------------------------------------------------------

_ANSI = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]{0,2000}(?:\x07|\x1b\\)|\x1b[@-Z\\-_]")


def without_escapes(text: str) -> str:
    """``text`` without a terminal's escape sequences (colours, titles, links): what a copy
    from the terminal holds. The classes of a control sequence's parameter, intermediate and
    final bytes are disjoint, so the scan is linear."""
    return _ANSI.sub("", text) if "\x1b" in text else text


# Link text and target exclude brackets, so the scan from one "[" ends where the next one starts:
# linear (with "[" allowed inside, every "[" of 65 KB of them rescanned 1,000 characters).
_MD_LINK = re.compile(r"\[([^\[\]\n]{1,1000})\]\([^)\[\]\s]{0,1000}\)")
_LINE_LABEL = re.compile(r"^([A-Za-z][\w.-]{0,40}): (?:[A-Za-z][\w.-]{0,40}: ){0,2}")
# a launcher's bracketed label on every line a worker prints (torch.distributed's ``[rank0]: ``),
# the first line maybe quoted (``> ``) where the user's blockquote began
# a launcher's tag on each line it relays: torch.distributed's ``[rank0]: ``, or a remote
# runner's host and the stream the line came on (Fabric's ``[10.0.0.5] err: ``, ``[web1] out: ``)
_BRACKET_LABEL = re.compile(r"^(?:> )?(\[[A-Za-z0-9][\w.:@-]{0,60}\](?: (?:out|err|stdout|stderr))?: )")
_COMPOSE = re.compile(r"^([\w.-]{1,80}?)(?:[-_]\d{1,4})?\s{0,40}\| ")
# docker BuildKit's plain progress: a step number and the seconds since the build began
# (``#12 3.457 ``) before each line a step prints; its own status lines carry the step alone
_BUILDKIT = re.compile(r"^#\d{1,4}(?: \d{1,6}\.\d{1,3})?(?: |$)")
# a web log viewer's line number, copied on a line of its own before or after each line
_LINE_NUMBER = re.compile(r"^\s*(\d{1,9})\s*$")
# docker's classic builder, printing between a step's output lines and after them
_DOCKER_BUILD = re.compile(
    r"^\s*(?:Removing intermediate container [0-9a-f]{6,64}|---> (?:Running in )?[0-9a-f]{6,64}|Step \d{1,4}/\d{1,4} : .*"
    r"|The command '.*' returned a non-zero code: \d{1,5}|ERROR: process \".*\" did not complete successfully: .*)\s*$"
)
# bash's report of a child its script started that died of a signal, printed after the child's
# own output (``./run.sh: line 45: 54930 Abort trap: 6   python train.py``): the script's line
# number, the child's process id and the signal's name
_SHELL_SIGNALED = re.compile(
    r"^\S{0,1000}: line \d{1,9}: {1,4}\d{1,9} (?:Killed|Aborted|Terminated|Abort trap|Segmentation fault"
    r"|Bus error|Illegal instruction|Floating point exception|Trace/breakpoint trap)\b"
)
# A system log's line head: a timestamp (ISO, or syslog's "Jun 03 14:17:32"), maybe a host, and a
# tag with a bracketed process or dyno id ("python3[10366]:", Heroku's "app[web.1]:").
_SYSLOG = re.compile(
    r"^(?:\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:[.,]\d{1,9})?(?:Z|[+-]\d{2}:?\d{2})?"
    r"|[A-Z][a-z]{2} {1,2}\d{1,2} \d{2}:\d{2}:\d{2}) (?:[\w.-]{1,100} )?[\w./-]{1,100}\[[\w./-]{1,100}\]: ?"
)
# An application log's bare clock time on every line (``21:56:47 ``), no date, host or level
_CLOCK = re.compile(r"^\d{1,2}:\d{2}:\d{2}(?:[.,]\d{1,9})? ")
# A frame line whose start was cut (``pkg/app.py", line 74, in run``): its path ends it, unquoted
# at the left; one way to match (no quote inside the path), so no backtracking
_CUT_FRAME = re.compile(r'^\s*[^\s"][^"\n]{0,1000}\.py", line \d{1,9}, in [\w.<>]{1,300}\s*$')
# Ray's head on every line a worker, an actor or the raylet prints to the driver's console:
# ``(RandomWalk pid=3789) ``, ``(pid=1234, ip=10.0.0.1) ``, ``(raylet) ``, ``(raylet, ip=...) ``;
# one bracketed group of fixed shape, nothing optional overlaps, so no backtracking
_RAY_HEAD = re.compile(
    r"^\((?:(?:[A-Za-z_][\w.:-]{0,100} )?pid=\d{1,9}|raylet)(?:, ip=[\w.:-]{1,100})?\)(?: |$)"
)
# A log viewer's head on every line (``docker logs --timestamps``, a CI console): a timestamp alone.
_STAMP = re.compile(r"^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:[.,]\d{1,9})?(?:Z|[+-]\d{2}:?\d{2})? ")
# A CI job log's columns on every line (Zuul's ``job-output.txt``: ``2019-08-24 06:30:04.720339 |
# ubuntu-bionic | ``): a timestamp, a bar, maybe the node's name and a bar; a line the job printed
# empty ends at the last bar. Each part has one way to match, so no backtracking
_STAMP_COLUMN = re.compile(
    r"^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:[.,]\d{1,9})?(?:Z|[+-]\d{2}:?\d{2})? \|(?: [\w.-]{1,100} \|)?(?: |$)"
)
# A CI runner's own last line after the step's output (GitHub Actions: ``Error: Process completed
# with exit code 2.``, ``##[error]Process completed with exit code 1.``): the step's exit status,
# never the program's error, though it reads as an ``Error: text`` line
_RUNNER_EXIT = re.compile(r"^\s*(?:Error: |##\[error\])Process completed with exit code \d{1,5}\.?\s*$")
# A web log viewer's time column copied as text: the time on a line of its own before each line
# (``8:20:05 AM``, ``2024-01-09 13:24:40``), matched whole on the stripped line; each optional
# part starts with a character no other part starts with, so no backtracking
_STAMP_LINE = re.compile(
    r"(?:\d{4}-\d{2}-\d{2}[T ])?\d{1,2}:\d{2}(?::\d{2}(?:[.,]\d{1,9})?)?"
    r"(?: ?[AaPp][Mm])?(?:Z| ?[+-]\d{2}:?\d{2}| UTC)?"
)
_GROUP_BAR = re.compile(r"^[ \t]*(?:\| ?)+")
# possessive: "+" then a long run of "-" not ending the line was quadratic ([-+]+ and [-+ ]* traded)
_GROUP_SEP = re.compile(r"^[ \t|]*+\+[-+]++(?: \d++ -++| \.\.\.)?+[-+ ]*+$")
_FENCE = re.compile(r"^\s*```[a-z0-9_+-]{0,30}\s*$")  # a fence line, with its language tag
_QUOTE = re.compile(r"^\s*> ?")
# a markdown quote's marker at the start of a line: ``>``, one space at most, then text
_MD_QUOTE = re.compile(r">(?!>)[ ]?(?=\S)")
_ENTITY = re.compile(r"&(?:[a-zA-Z]{2,8}|#\d{2,5}|#x[0-9a-fA-F]{2,4});")
# the tail of a tqdm progress bar that a line printed over (a terminal's ``\r`` redraw, copied as
# one line): the bar's blocks, then ``| n/total [elapsed<remaining, rate]``. The text before it
# is the line that overwrote the bar's head (a warning), the blocks and counters are the bar's rest
_BAR_TAIL = re.compile(
    r"[\u2588-\u258f][ \u2588-\u258f]{0,500}\| ?[\d.]{1,30}[kMGT]?(?:/[\d.?]{1,30}[kMGT]?)?"
    r" ?\[[\d:]{1,12}<[\d:?]{1,12}(?:, [^\]\n]{0,200})?\]\s*$"
)
_BAR_LINE_CAP = 2_000  # characters of a line searched for a bar's tail (a terminal row's width)
_BAR_GLYPH = re.compile("[\u2588-\u258f]")
_BAR_HEAD = re.compile(r"\d{1,3}%\|$")  # a whole bar's left part: ``Desc:  33%|``

LEVELS = {
    "D": "DEBUG", "I": "INFO", "W": "WARNING", "E": "ERROR", "F": "CRITICAL", "C": "CRITICAL",
    "DEBUG": "DEBUG", "INFO": "INFO", "WARNING": "WARNING", "WARN": "WARNING", "ERROR": "ERROR",
    "CRITICAL": "CRITICAL", "FATAL": "CRITICAL", "EXCEPTION": "ERROR",
}  # fmt: skip


_SNIP_FRAME = "-=~*_.#<>[]() \t"  # what a reporter draws around a cut mark: ``----snip----``
_SNIP_WORDS = frozenset({"snip", "snipped", "snip snip", "snip...", "..snip.."})
_SNIP_CAP = 80  # a cut mark is one short line


def _snip_mark(ln: str) -> bool:
    """A line the reporter put where they cut the paste (``----snip----``, ``[snip]``,
    ``<snipped>``): the word alone between drawn punctuation, no text of the error's. Compared
    after stripping, no search."""
    if len(ln) > _SNIP_CAP:
        return False
    core = ln.strip(_SNIP_FRAME).lower()
    return core in _SNIP_WORDS


def clean(text: str) -> tuple[str, bool]:
    """Normalise line ends, drop NULs, colour codes and markdown links; keep the tail if huge."""
    truncated = len(text) > INPUT_CAP
    if truncated:
        text = text[-INPUT_CAP:]
    if "\\n" in text:  # before line ends are normalised: an escaped ``\\r\\n`` is one line end
        text = _unescape_lines(text)
        text = "\n".join(_unescaped_quoted_error(ln) for ln in text.split("\n"))
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\x00", " ")
    text = without_escapes(text)
    if "](" in text:
        text = _MD_LINK.sub(r"\1", text)
    text = _without_bar_tails(text)
    if "&" in text and _ENTITY.search(text):  # copied from a rendered web page
        text = html.unescape(text)
    if "```" in text:
        fenced = _to_fence_close(text.split("\n"))
        text = "\n".join(_unfence(ln) for ln in fenced if not _FENCE.match(ln))
    lines = text.split("\n")
    if "snip" in text or "SNIP" in text:
        lines = [ln for ln in lines if not _snip_mark(ln)]
    if "`" in text:
        lines = _span_marks_off(lines)
    if "*" in text or "_" in text:
        lines = _bold_across_lines([_unemphasized(ln) for ln in lines])
        plain = [_emphasized_paragraph(lines, i) for i in range(len(lines))]
        lines = _class_over_italics(lines, plain)
        lines = _class_over_paragraph(lines)
    if "\u2018" in text or "\u201c" in text:
        lines = [_uncurled(ln) for ln in lines]
    lines = _without_gutter(_without_line_numbers(lines))
    if "Error Type: " in text and "Error Message: " in text:
        lines = _labelled_error(lines)
    lines = _vscode_report(lines)
    if _CJK_RUN.search(text):
        lines = [part for ln in lines for part in _cjk_prose_apart(ln)]
    if "#" in text:
        lines = _strip_time_head(lines, _BUILDKIT, share=0.6, at_least=2)
    # a log viewer's time on a line of its own; an application's clock time on every line; a
    # log viewer's timestamp on most lines
    lines = _strip_time_head(_strip_syslog(_without_stamp_lines(lines)), _CLOCK, share=1.0, at_least=2)
    lines = _without_ci_marks(lines, text)
    lines = _strip_glued_source(_strip_compose(lines))
    lines = [_from_uvicorn_record(ln) for ln in lines]
    if "(" in text:  # Ray's worker head: one paste's lines from the driver's console
        lines = _strip_time_head(lines, _RAY_HEAD, share=0.6, at_least=2)
    lines = _uncommented_error(_strip_quoting(_strip_time_head(lines, _STAMP, share=0.6, on_frames=True)))
    lines = _strip_marker_head(_strip_tag_column(lines))
    lines = _level_columns(_strip_line_label(lines))
    lines = _unwrap_frames(_unwrap_console(_without_last_prompt(lines)))
    lines = _unflatten(_strip_margin(_uncut_frames(_cython_frames(_pytest_summary_entries(lines)))))
    lines = _spaced_class_lines(lines)
    if any(ln.lstrip()[:1] in _BOX for ln in lines):
        lines = _unbox(_unjoin_box_rows(lines))
    return "\n".join(ln.rstrip() for ln in lines), truncated


def _without_ci_marks(lines: list[str], text: str) -> list[str]:
    """``lines`` without what a CI service adds to a job's output: its time and node columns on
    most lines (``_STAMP_COLUMN``; unlike a bare stamp, stripped whatever line carries them) and
    its runner's exit line (``_RUNNER_EXIT``). ``text`` is the paste, tested for them first."""
    if " |" in text:
        lines = _strip_time_head(lines, _STAMP_COLUMN, share=0.6, at_least=2)
    if "Process completed with exit code" in text:
        lines = [ln for ln in lines if not _RUNNER_EXIT.match(ln)]
    return lines


def _span_marks_off(lines: list[str]) -> list[str]:
    """The lines without the code-span marks that only frame them: a one-line paste's list
    marker and backticks (``_unlisted``), a longer paste's backtick opening a record or a
    traceback's header on its line (``_without_span_opener``)."""
    if len(lines) == 1:
        return [_unlisted(lines[0])]
    lines = _without_lone_ticks(lines)
    return [_without_span_opener(ln) for ln in lines]


def _without_lone_ticks(lines: list[str]) -> list[str]:
    """A paste whose first and last lines (blank ones aside) are each a lone backtick: a code
    span opened and closed on lines of their own around the output, used as a fence is (one
    backtick where three were meant). The marks go, as a fence's lines do; the lines between
    are the program's, a message's first line no longer behind a backtick."""
    ends = [i for i, ln in enumerate(lines) if ln.strip()]
    if len(ends) < 3 or lines[ends[0]].strip() != "`" or lines[ends[-1]].strip() != "`":
        return lines
    return [ln for i, ln in enumerate(lines) if i not in (ends[0], ends[-1])]


def _without_span_opener(ln: str) -> str:
    """A log record or a traceback's header behind the backtick that opens a Markdown code span
    the line does not close (```` `2024-07-18 10:38:54,111 ERROR [app] Uncaught exception: ...````,
    the span closed lines below, after the traceback, or never): the line without that mark, so
    the record's timestamp or the header starts it as the program printed it."""
    if not ln.startswith("`") or "`" in ln[1:]:
        return ln
    rest = ln[1:]
    return rest if _log_record(rest) or _TB_HEADER.match(rest) else ln


def _without_bar_tails(text: str) -> str:
    """``text`` without the progress-bar tails glued to its lines (:func:`_without_bar_tail`)."""
    if "|" not in text or not _BAR_GLYPH.search(text):
        return text
    return "\n".join(_without_bar_tail(ln) for ln in text.split("\n"))


def _without_bar_tail(ln: str) -> str:
    """``ln`` without a progress bar's tail glued after text that overwrote the bar's head.

    tqdm redraws its bar in place (``\\r``); a warning printed over it keeps the bar's rest on
    the same terminal row, so a copied ``Category: text`` line ends in block glyphs and counters
    that no template holds. A whole bar (``Desc:  33%|███| 1/3 [...]``) is left as it is.
    """
    if len(ln) > _BAR_LINE_CAP or not ln.rstrip().endswith("]"):
        return ln  # a terminal row ends in the bar's ``[...]``; a longer line is no row
    m = _BAR_TAIL.search(ln)
    if m is None:
        return ln
    head = ln[: m.start()]
    return ln if not head.strip() or _BAR_HEAD.search(head) else head.rstrip()


# a traceback's or a report's line breaks written as JSON or Python escapes (``\n``): the text
# was copied out of a string (a log record, an API response, a notebook's JSON). A frame line
# whose path's closing quote is escaped (``File \"x.py\", line 3``) marks it too: a traceback's
# end copied from the middle of a string starts at a frame, with no escaped break before it. So
# does a colour code whose escape character is written as an escape (``\\u001b[31m``, as a
# notebook's JSON output or a repr holds a coloured traceback): a terminal prints the character
# itself, and only a string's text spells it
_ESCAPED_MARKERS = (
    "(most recent call last):\\n",
    '\\n  File \\"',
    '\\n  File "',
    "\\nE   ",
    '\\", line ',
    "\\u001b[",
    "\\x1b[",
)
ESCAPED_LINE_CAP = 200_000  # characters of one line decoded as escaped text


def _unescape_lines(text: str) -> str:
    """The paste with its escaped lines unescaped (``_unescaped``), unless it already has a
    traceback's real lines: then an escaped marker is text a frame's source prints."""
    if not any(m in text for m in _ESCAPED_MARKERS):
        return text
    lines = text.split("\n")
    if any(_TB_HEADER.match(ln) or _PY_FRAME.match(ln) for ln in lines):
        return text
    return "\n".join(_unescaped(ln) for ln in _unwrapped_escaped(lines))


def _name_char(ch: str) -> bool:
    """Whether ``ch`` may stand inside a Python name (a letter, a digit or ``_``)."""
    return ch.isalnum() or ch == "_"


def _unwrapped_escaped(lines: list[str]) -> list[str]:
    """The escaped lines with the breaks a viewer wrapped into them taken out: a string's text
    holds its line breaks escaped (``\\n``), so a raw break between two lines that both hold
    escaped breaks, falling inside a word (a name's letters on both sides, ``raise _f⏎ormat(``),
    is where the copy wrapped the string, not a break of its text. A break after an escape, a
    quote, a comma or a space is left: it may end one string or one record."""
    out: list[list[str]] = []  # each line's pieces, joined once at the end (no quadratic copying)
    size = 0  # characters of the last line so far
    for ln in lines:
        prev = out[-1] if out else []
        if (
            prev
            and ln
            and prev[-1]
            and "\\n" in prev[-1]
            and "\\n" in ln
            and _name_char(prev[-1][-1])
            and _name_char(ln[0])
            and size + len(ln) <= ESCAPED_LINE_CAP
        ):
            prev.append(ln)
            size += len(ln)
        else:
            out.append([ln])
            size = len(ln)
    return ["".join(parts) for parts in out]


def _unescaped(ln: str) -> str:
    """A line holding a traceback's escaped line breaks: the text of each JSON string on it
    (keys dropped: a key is a string followed by ``:``) on lines of its own, or, when the
    traceback is not inside a quoted string (a Python repr, a bare escaped paste), the line
    itself unescaped. A line with real structure around it is left as it is."""
    if len(ln) > ESCAPED_LINE_CAP or not any(m in ln for m in _ESCAPED_MARKERS):
        return ln
    strings = _json_strings(ln)
    if not any(any(m in body for m in _ESCAPED_MARKERS) for body in strings):
        return _unescape(_unquoted(_without_closing_quote(ln.strip())))
    return "\n".join(_decoded(body) for body in strings)


# how an exception's text starts inside a quoted repr: ``ParameterTypeError: ...`` after the
# quote or after a wrapper's own words (``'Flow run encountered an exception: KeyError: ...'``)
_QUOTED_ERROR_NAMES = ("Error: ", "Exception: ", "Warning: ")
# a class whose call's repr holds the message (``ValueError('a\\nb')``)
_ERROR_CLASS_ENDS = ("Error", "Exception", "Warning")


def _unescaped_quoted_error(ln: str) -> str:
    """A line quoting an exception's text in a repr (a log record's ``Failed('...: KeyError: a\\n
    - b')``, ``ValueError('x\\ny')`` in a list of errors): the repr escaped the message's line
    breaks, so the lines of the message are its escaped ``\\n`` made real. Only inside the quoted
    span that names the exception before its first escape; a path's backslash outside such a
    span (``'C:\\new\\data.csv'`` after ``FileNotFoundError: ``) is left as written, and so is a
    doubled backslash (the repr of a real one) before an ``n``."""
    if len(ln) > ESCAPED_LINE_CAP or "\\n" not in ln or ln.lstrip().startswith(("raise ", "return ")):
        return ln  # a frame's source line prints its own escapes
    for opener in ("('", '("'):
        start = ln.find(opener)
        if start < 0:
            continue
        quote = opener[1]
        body_start = start + 2
        first = ln.find("\\n", body_start)
        head = ln[body_start:first] if first >= 0 else ""
        named = ln[:start].endswith(_ERROR_CLASS_ENDS) or any(n in head for n in _QUOTED_ERROR_NAMES)
        if quote in head or not named:
            continue
        end = ln.rfind(quote)
        end = len(ln) if end < body_start else end
        if ln[end + 1 : end + 2] not in ("", ")"):
            continue  # the literal is an operand (``"...\\n" + message``): a source line's code
        return ln[:body_start] + _real_line_breaks(ln[body_start:end]) + ln[end:]
    return ln


def _real_line_breaks(body: str) -> str:
    """``body`` with each escaped ``\\n`` a line break; other escapes kept as written (one pass)."""
    return _unescape(body, _LINE_BREAK_ONLY)


def _without_closing_quote(body: str) -> str:
    """A line copied from inside a string to its end: the string's closing ``"``, the one quote
    of the line no backslash escapes, is no part of the text (``...Unavailable\\n"``)."""
    if body[:1] in ("'", '"') or not body.endswith('"') or body.endswith('\\"'):
        return body
    return body[:-1] if body.count('"') == body.count('\\"') + 1 else body


def _unquoted(body: str) -> str:
    """A repr's text without its enclosing quotes (the closing one may be cut off)."""
    quote = body[:1]
    if quote not in ("'", '"'):
        return body
    body = body[1:]
    if body.endswith(quote) and not body.endswith("\\" + quote):
        body = body[:-1]
    return body


def _json_strings(ln: str) -> list[str]:
    """The bodies (still escaped) of the JSON string values on a line, in order, the last one
    possibly cut where the paste ends; one linear scan, keys left out."""
    out: list[str] = []
    i, n = 0, len(ln)
    while i < n:
        start = ln.find('"', i)
        if start < 0:
            break
        j = start + 1
        while j < n and ln[j] != '"':
            j += 2 if ln[j] == "\\" else 1
        body = ln[start + 1 : min(j, n)]
        i = j + 1
        k = i
        while k < n and ln[k] in " \t":
            k += 1
        if k >= n or ln[k] != ":":
            out.append(body)
    return out


def _decoded(body: str) -> str:
    """A JSON string body's text (escapes resolved); a body cut inside an escape loses it."""
    body = body.rstrip("\\") if (len(body) - len(body.rstrip("\\"))) % 2 else body
    try:
        text = json.loads('"' + body + '"')
    except ValueError:  # a raw tab or a bad ``\\u``: the common escapes by hand
        return _unescape(body)
    return text if isinstance(text, str) else body


_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "'": "'", "\\": "\\", "/": "/"}


_LINE_BREAK_ONLY = {"n": "\n"}


# the code-point escapes resolved with the common ones: ``\\u001b`` (JSON's, a repr's of a
# non-ASCII character) and ``\\x1b`` (a repr's of a control character), by their hex digits
_CODE_POINT_ESCAPES = {"u": 4, "x": 2}
_HEX = frozenset("0123456789abcdefABCDEF")


def _unescape(text: str, escapes: dict[str, str] = _ESCAPES) -> str:
    """Text with its common backslash escapes (``escapes``) resolved (one pass; others kept as
    written, a doubled backslash included when ``escapes`` does not resolve it). With the
    common set, ``\\uXXXX`` and ``\\xXX`` become their character (a colour code's escape
    character, which ``clean`` then drops with the code)."""
    out: list[str] = []
    i, n = 0, len(text)
    while i < n:
        j = text.find("\\", i)
        if j < 0 or j + 1 >= n:
            out.append(text[i:])
            break
        out.append(text[i:j])
        c = text[j + 1]
        width = _CODE_POINT_ESCAPES.get(c, 0) if escapes is _ESCAPES else 0
        digits = text[j + 2 : j + 2 + width]
        if width and len(digits) == width and _HEX.issuperset(digits):
            out.append(chr(int(digits, 16)))
            i = j + 2 + width
            continue
        out.append(escapes.get(c, "\\" + c))
        i = j + 2
    return "".join(out)


# a line wrapped in Markdown emphasis: ``**text**``, ``__text__``, ``*text*``, ``_text_``
_EMPHASIS = re.compile(r"^(\s*)(\*\*|__|\*|_)(\S(?:.*\S)?)\2\s*$")


def _unemphasized(ln: str) -> str:
    """An exception line the reporter set in bold or italics (``_MissingDataError: exog contains
    inf or nans_``, ``**ValueError: ...**``): the line without the marks, which Markdown shows as
    emphasis and a copy of the issue's source keeps. Only a line that is then an exception line
    as Python prints it (``_exception_text``): a class name, a colon, text; an identifier's own
    underscores (``__init__``) are never a whole such line."""
    m = _EMPHASIS.match(ln) if ln.lstrip()[:1] in "*_" else None
    if m is None or not _exception_text(m.group(3)):
        return ln
    return m.group(1) + m.group(3)


# how far below a bold span's opening line its closing line is looked for
_BOLD_SPAN_LINES = 200


def _bold_across_lines(lines: list[str]) -> list[str]:
    """A traceback's tail the reporter set in bold over several lines: ``**`` opening the
    first line (``**File ".../psparser.py", line 230, in fillbuf``), the source line, and the
    error line closing it (``PSEOF: Unexpected EOF**``). Markdown shows one bold paragraph and
    the issue's source keeps the marks, which hide the frame from the frame reader and glue
    two stars to the message. Both marks go when the opening line is then a frame or a
    traceback's header and the closing line an exception line (the class any name may be, as
    the frame says what follows), and no line between holds the mark: emphasis inside a line
    (``A.**call**``, a ``**kwargs`` call) is none of these."""
    out = lines
    i = 0
    while i < len(out):
        head = out[i].lstrip()
        mark = head[:2]
        body = head[2:]
        if mark not in ("**", "__") or mark in body or not body.startswith(('File "', "Traceback (")):
            i += 1
            continue
        for j in range(i + 1, min(len(out), i + _BOLD_SPAN_LINES)):
            tail = out[j].rstrip()
            if mark not in tail:
                continue
            text = tail[: -len(mark)]
            if tail.endswith(mark) and mark not in text and _class_line(text.strip()):
                if out is lines:
                    out = list(lines)
                lead = out[i][: len(out[i]) - len(head)]
                out[i] = lead + body
                out[j] = text
                i = j
            break
        i += 1
    return out


def _class_line(body: str) -> bool:
    """``body`` is a class-shaped name, a colon and text: an exception line where a frame above
    says one follows (``PSEOF: Unexpected EOF``, a class no suffix marks)."""
    m = _TYPE_PREFIX.match(body)
    return m is not None and m.end() < len(body)


def _emphasized_paragraph(lines: list[str], i: int) -> str:
    """``lines[i]`` without the Markdown italics wrapping all of it, when it is a paragraph of
    its own (a blank line or the paste's edge above and below) of several words: a reporter
    setting the message in italics under its class (``**SomeError**:`` then
    ``_You tried to access ..., but this is no longer supported ..._``). Markdown shows the
    marks as emphasis; the text the program printed has none. A message of one word is kept
    (``__init__``, ``*args``: an identifier's own marks), and so is a line inside a paragraph
    (a message whose own lines begin and end with ``*``, a table's rule)."""
    ln = lines[i]
    if (
        ln.lstrip()[:1] not in "*_"
        or (i and lines[i - 1].strip())
        or (i + 1 < len(lines) and lines[i + 1].strip())
    ):
        return ln
    m = _EMPHASIS.match(ln)
    if (
        m is None
        or len(m.group(2)) != 1
        or " " not in m.group(3)
        or m.group(3)[0] in "*_"
        or m.group(3)[-1] in "*_"
    ):
        return ln  # (bold is the reporter's own heading or note as often: ``**Note: run it twice**``)
    return m.group(1) + m.group(3)


# a class line the reporter set apart above the message: ``**SomeError**:``, ``SomeError:``
_CLASS_HEADING = re.compile(r"^\s*(\*\*|__)?([A-Za-z_][\w.]{0,300})\1?:\s*$")


def _class_over_italics(lines: list[str], plain: list[str]) -> list[str]:
    """``plain`` (``lines`` with ``_emphasized_paragraph`` applied), cut to the error when the
    one paragraph the reporter set in italics comes right under a line naming an exception
    class alone (``**APIRemovedInV1**:``, a blank line, ``_You tried to access ..._``): that
    class and that paragraph, the sentences above and below them the reporter's. The marks say
    where the message starts and ends, as a code fence's do. Only with exactly one such
    paragraph."""
    done = [i for i, (a, b) in enumerate(zip(lines, plain, strict=True)) if a != b]
    if len(done) != 1:
        return plain
    i = done[0]
    j = i - 1
    while j >= 0 and not plain[j].strip():
        j -= 1
    m = _CLASS_HEADING.match(plain[j]) if j >= 0 else None
    # (set in bold, any class-shaped name: the reporter marked it as the class; bare, only
    # the usual suffixes, as a line of prose ending in a colon may be one CamelCase word)
    if m is None or not is_type_name(m.group(2), strict=not m.group(1)):
        return plain
    return [m.group(2) + ":", plain[i]]


# a class name set in bold on a line of its own, no colon: a Markdown report's heading
# (``**PerformanceWarning**``) over the paragraph that is its message
_BOLD_CLASS = re.compile(r"^\s*(\*\*|__)([A-Za-z_][\w.]{0,300})\1\s*$")


def _class_over_paragraph(lines: list[str]) -> list[str]:
    """``lines`` cut to the error when a report sets the class in bold on a line of its own
    (``**PerformanceWarning**``, a blank line, the message's paragraph, then the report's own
    headings and lists): that class and the paragraph under it, read as ``Class: message``.
    The heading and the blank line say where the message starts and ends, as a fence does; a
    paragraph broken over lines (the program's own line breaks) stays whole. Only with exactly
    one such heading, an exception or warning name by its suffix, and no traceback in the paste
    (whose exception line says it all). The name bare, as ``warnings`` and a report print a
    category: a module-qualified class set in bold is the reporter's naming of what was raised,
    the paragraph under it theirs (``test_a_class_alone_on_its_line_in_prose_is_the_error``)."""
    heads = [
        (i, m.group(2))
        for i, ln in enumerate(lines)
        if ln.lstrip()[:2] in ("**", "__")
        and (m := _BOLD_CLASS.match(ln))
        and "." not in m.group(2)
        and is_type_name(m.group(2), strict=True)
    ]
    if len(heads) != 1 or any(_TB_HEADER.match(ln) or _PY_FRAME.match(ln) for ln in lines):
        return lines
    i, name = heads[0]
    if i and lines[i - 1].strip():
        return lines
    j = i + 1
    while j < len(lines) and not lines[j].strip():
        j += 1
    k = j
    while k < len(lines) and lines[k].strip():
        k += 1
    if j == k or lines[j].lstrip()[:1] in "*_#-|>":
        return lines  # no paragraph under it, or not set apart: another heading, a list, a table
    return [f"{name}: {lines[j].strip()}", *lines[j + 1 : k]]


# a list item's marker at a line's start: Markdown's ``- ``, ``* ``, ``+ ``, ``4. ``, ``4) `` and
# the typographic bullet ``• `` a rich-text copy turns them into (no backtracking: one optional
# run of spaces, one marker, one run of blanks)
LIST_MARKER = re.compile(r"^(\s*)(?:[-*+\u2022]|\d{1,3}[.)])[ \t]+(?=\S)")


def _unlisted(ln: str) -> str:
    """A paste that is one list item of the reporter's (a numbered reproduction step, a bullet)
    quoting the error in an inline code span (``4. i got the error `This account is already in
    use.` ``): the line without the marker, which Markdown renders as the list's and which no
    message or sentence around one starts with. Only a one-line paste holding a whole code span:
    a message may itself begin with a dash or a number (``- x: field required``, ``3 errors``),
    and a message of several lines may list its own options or fields in Markdown (``1. use a
    `src-layout` ``, ``- `temperature`: ...``)."""
    m = LIST_MARKER.match(ln)
    if m is None or ln.count("`", m.end()) < 2:
        return ln
    return m.group(1) + ln[m.end() :]


# a line set in typographic quotes: ``‘text’``, ``“text”`` (what a word processor or a chat
# turns the reporter's ``'text'`` into)
_CURLY_QUOTES = {"\u2018": "\u2019", "\u201c": "\u201d"}


def _uncurled(ln: str) -> str:
    """An exception line the reporter set in typographic quotes (``‘pkg.errors.Error: text’``):
    the line without them. Python never prints them around its exception line, and left on it
    they hide the class (the line no longer starts with it) and stick to the message's last
    word. Only a line that is then an exception line as Python prints it (``_exception_text``):
    a quoted sentence of the reporter's stays as written."""
    body = ln.strip()
    close = _CURLY_QUOTES.get(body[:1])
    if close is None or len(body) < 3 or not body.endswith(close):
        return ln
    inner = body[1:-1].strip()
    if not _exception_text(inner):
        return ln
    return ln[: len(ln) - len(ln.lstrip())] + inner


def _to_fence_close(lines: list[str]) -> list[str]:
    """The paste up to the closing fence of the last code block holding an exception line
    (``ValueError: Invalid pattern: ...``), when what follows it is the reporter's prose: the
    fence says where the program's output ends, and the paragraph after it (``This is due to a
    recent change in ...``) would otherwise run on as more of the message, since the fence lines
    are dropped. Not when a traceback's line or an exception line follows the block (the
    error may be pasted there), nor for a block not closed."""
    fences = [i for i, ln in enumerate(lines) if _FENCE.match(ln)]
    end = -1
    for a, b in zip(fences[::2], fences[1::2], strict=False):
        if any(_exception_text(ln.strip()) for ln in lines[a + 1 : b]):
            end = b
    if end < 0:
        return lines
    rest = lines[end + 1 :]
    if not any(ln.strip() for ln in rest) or any(_tb_line(ln) or _exception_text(ln.strip()) for ln in rest):
        return lines
    return lines[: end + 1]


def _unfence(ln: str) -> str:
    """A line with a Markdown code fence run into it (```` ```ValueError: bad``` ````, a fence
    opened on a traceback's first line): the line without the fence marks, since the text beside
    them is the error's own."""
    body = ln.lstrip()
    if body.startswith("```"):
        ln = ln[: len(ln) - len(body)] + body.lstrip("`")
    stripped = ln.rstrip()
    if stripped.endswith("```"):
        ln = stripped.rstrip("`")
    return ln


def _without_last_prompt(lines: list[str]) -> list[str]:
    """The lines without a bare interactive prompt ending the paste (``>>>`` after a REPL's
    traceback): the interpreter waiting for the next input, not the error's last line. A
    prompt before the exception line itself (``>>> ValueError: ...`` under the frames, the
    session's prompt copied onto the line the interpreter printed) is left out of that line:
    the prompt is no part of the class, and the line is then read as the error's own."""
    lines = _without_later_input(lines)
    end = len(lines)
    while end and not lines[end - 1].strip():
        end -= 1
    if end > 1 and lines[end - 1].strip() == ">>>":
        return lines[: end - 1]
    if end > 1 and lines[end - 1].startswith(_PROMPT_HEAD):
        rest = lines[end - 1][len(_PROMPT_HEAD) :].lstrip()
        if _TYPE_PREFIX.match(rest) and any(_PY_FRAME.match(ln) for ln in lines[: end - 1]):
            return [*lines[: end - 1], rest, *lines[end:]]
    return lines


_PROMPT_HEAD = ">>> "  # the interactive interpreter's prompt


def _without_later_input(lines: list[str]) -> list[str]:
    """An interactive session copied on past its last traceback (``>>> xmltodict.__version__``
    and the ``'0.10.2'`` it printed): the lines from the first prompt holding input after that
    traceback's exception line are the session's next commands and their output, not the
    error's text, so they are left out. Only when a traceback precedes the prompt (its frames,
    then a line read as its class's) and none follows it: a session whose last input raised
    keeps its traceback whole."""
    last_frame = -1
    for i, ln in enumerate(lines):
        if _tb_line(ln):
            last_frame = i
    if last_frame < 0:
        return lines
    seen_error = False
    for i in range(last_frame + 1, len(lines)):
        ln = lines[i]
        if ln.startswith(_PROMPT_HEAD) and ln[len(_PROMPT_HEAD) :].strip():
            if not seen_error:
                return lines
            rest = lines[:i]
            while rest and not rest[-1].strip():
                rest.pop()
            return rest
        m = _TYPE_PREFIX.match(ln)
        if m is not None and is_type_name(m.group(1)):
            seen_error = True
    return lines


def _strip_margin(lines: list[str]) -> list[str]:
    """The lines without the margin a paste indented as a whole carries (a Markdown code block's
    four spaces, an editor's or a tracker's tab): otherwise its exception line reads as source
    under the last frame. The margin is the leading whitespace every line with text shares, and
    at least two lines carry it; the paste's first line may open at its text instead (a copy
    often starts there, past the margin) unless it is an exception line (``Class: text``), whose
    indented lines under it are its message's own. Only that margin is removed, so the frames'
    and their source's indentation relative to each other stays."""
    body = [ln for ln in lines if ln.strip()]
    indents = [ln[: len(ln) - len(ln.lstrip(" \t"))] for ln in body]
    if indents[:1] == [""] and not ((m := _TYPE_PREFIX.match(body[0])) and is_type_name(m.group(1))):
        del indents[0]
    if len(indents) < 2:
        return lines
    # the prefix every indentation shares is the one the least and the greatest share (one scan)
    lo, hi = min(indents), max(indents)
    n = next((i for i, c in enumerate(lo) if hi[i] != c), len(lo))
    if not n:
        return lines
    margin = lo[:n]
    return [ln[len(margin) :] if ln.startswith(margin) else ln for ln in lines]


_FLAT_FRAME = re.compile(r'^\s*File "[^"\n]{1,1000}", line \d{1,9}, in ([\w.<>]{1,300}) (\S.*)$')
_INLINE_TYPE = re.compile(r"\s([A-Za-z_][\w.]{0,300}): ")
# ... or ending the line: the exception line of a class raised with an empty message
_INLINE_TYPE_OR_END = re.compile(r"\s([A-Za-z_][\w.]{0,300}):(?: |$)")
# a raise statement's end: its call's closing parenthesis, or a ``from`` clause's name
_STATEMENT_END = re.compile(r"(?:\)|\bfrom [A-Za-z_][\w.]{0,300})\s$")
# a module-qualified class and its colon right after the call's closing parenthesis, no space
# between (``...urlconf_name))django.core.exceptions.ImproperlyConfigured:``)
_CLOSE_THEN_CLASS = re.compile(r"\)([a-z_][\w.]{0,300}):(?: |$)")
FLAT_LINE_CAP = 20_000  # characters of one line searched for frames run together


def _unflatten(lines: list[str]) -> list[str]:
    """Frames whose newlines were lost (``File "x", line 3, in f raise E(...) pkg.E: message`` on
    one line): split back into the frame, its source line and the message."""
    lines = [part for ln in lines for part in _header_run_in(ln)]
    lines = [_after_raise_line(ln) for ln in lines]
    if not any('File "' in ln and ln.count('File "') + len(ln) > 0 and _FLAT_FRAME.match(ln) for ln in lines):
        return lines
    out: list[str] = []
    for ln in lines:
        if len(ln) > FLAT_LINE_CAP or 'File "' not in ln:
            out.append(ln)
            continue
        for piece in _split_at_frames(ln):
            m = _FLAT_FRAME.match(piece)
            if not m:
                out.append(piece)
                continue
            out.append(piece[: m.start(2)].rstrip())
            rest = m.group(2)
            t = next(
                (t for t in _INLINE_TYPE.finditer(" " + rest) if is_type_name(t.group(1), strict=True)), None
            )
            if t is None:
                out.append("    " + rest)
                continue
            source, message = rest[: t.start()].strip(), rest[t.start() :].strip()
            if source:
                out.append("    " + source)
            out.append(message)
    return out


_HEADER = "Traceback (most recent call last):"


def _header_run_in(ln: str) -> list[str]:
    """A whole traceback run into one line with its header (``Not approved - Traceback (most
    recent call last): File "x", line 3, in f ...``): an application printed ``format_exc()``
    into a sentence or a one-line log record, and its newlines were lost. The line is cut into
    the words before the header (the application's), the header, and the frames run together,
    which ``_unflatten`` splits apart. Only when the header is followed at once by a frame
    (``File "``), so prose that merely names the header is left as it is; str.find only, on a
    line no longer than ``FLAT_LINE_CAP``, so the work stays linear in the line."""
    if len(ln) > FLAT_LINE_CAP:
        return [ln]
    at = ln.find(_HEADER)
    if at < 0:
        return [ln]
    rest = ln[at + len(_HEADER) :].lstrip(" \t")
    if not rest.startswith('File "') or ' File "' in ln[:at]:
        return [ln]
    before = ln[:at].rstrip()
    return [before, _HEADER, rest] if before.strip() else [_HEADER, rest]


def _after_raise_line(ln: str) -> str:
    """A traceback's last source line and the exception line run together, with no frame
    (``raise E("text") pkg.E: text``, an issue title): the exception line; the rest as it is.
    The exception line may be the class alone with its colon (``raise E(...) pkg.E:``): a
    message that prints empty, or one the title leaves out. Its class is one by its suffix, or
    one a module path qualifies (``rdflib.plugins.parsers.notation3.BadSyntax``, as Python
    prints a library's class) right after the statement's closing parenthesis or ``from``
    clause: a word of the statement's own text (``"see mod.Option: x"``) is neither."""
    if not ln.lstrip().startswith("raise ") or len(ln) > FLAT_LINE_CAP:
        return ln
    t = next(
        (
            t
            for t in _INLINE_TYPE_OR_END.finditer(ln)
            if is_type_name(t.group(1), strict=True)
            or (_module_class(t.group(1)) and _STATEMENT_END.search(ln, 0, t.start() + 1))
        ),
        None,
    )
    if t is None:
        # (run into the statement with no space: only a class its module path names)
        t = next((t for t in _CLOSE_THEN_CLASS.finditer(ln) if _module_class(t.group(1))), None)
        if t is None:
            return ln
        return ln[: t.start() + 1] + "\n" + ln[t.start() + 1 :].strip()
    # the statement stays on its own line above, as a traceback prints it: it names the raise
    return ln[: t.start()].rstrip() + "\n" + ln[t.start() :].strip()


def _split_at_frames(line: str) -> list[str]:
    """``line`` cut before every ``File "`` after its start (str.find: linear)."""
    pieces: list[str] = []
    start = 0
    i = line.find(' File "', 1)
    while i >= 0:
        pieces.append(line[start:i])
        start = i + 1
        i = line.find(' File "', start)
    pieces.append(line[start:])
    return [p for p in pieces if p.strip()]


_BOX = frozenset("│┃╭╮╰╯┏┓┗┛─━")
_RICH_FRAME = re.compile(r"^(\S[^\n]{0,1000}?):(\d{1,9}) in (\S{1,300})$")
# a frame's header row that ends before its function's name: rich wraps the header at its last
# blank when the panel is too narrow for ``path:line in name``, the name alone on the next row
_RICH_FRAME_CUT = re.compile(r"^(\S[^\n]{0,1000}?):(\d{1,9}) in$")
_RICH_NAME_ROW = re.compile(r"^\S{1,300}$")
_RICH_CODE = re.compile(r"^(❱)?\s{0,8}(\d{1,9})(?:\s?│(.*))?$")


# a panel's right border met by the next row's left border: rows copied without their line ends
_JOINED_ROWS = re.compile(r"([│┃])(?=[│┃])")


def _unjoin_box_rows(lines: list[str]) -> list[str]:
    """A rich panel whose rows were run together (``│ ... ││    81 │ ...``, copied from a page
    that dropped the line ends): one row a line again. Rich pads an inner panel's border with a
    blank (``│ │ x │ │``), so two borders touching are a row's end and the next row's start."""
    if not any("││" in ln or "┃┃" in ln for ln in lines):
        return lines
    return [part for ln in lines for part in _JOINED_ROWS.sub("\\1\n", ln).split("\n")]


def _open_parens(code: str) -> int:
    """How many parentheses ``code`` leaves open, string literals aside; an unclosed literal
    (a row wrapped inside it) counts as one more. One pass over the characters: a regex
    removing the literals first (`"(?:[^"\\]|\\.)*"`) rescans to the line's end from every
    unclosed quote, quadratic on a pasted row of quotes."""
    depth, quote, i = 0, "", 0
    while i < len(code):
        c = code[i]
        if quote:
            if c == "\\":
                i += 1  # the escaped character is the literal's, whatever it is
            elif c == quote:
                quote = ""
        elif c in "\"'":
            quote = c
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        i += 1
    return depth + (1 if quote else 0)


def _unbox(lines: list[str]) -> list[str]:
    """Rich's panels as plain text: a traceback panel's ``path:line in fn`` lines become frames,
    its ``❱`` line their source; an ``Error`` panel (typer, rich-click) becomes ``Error: text``;
    borders, inner panels (locals) and context lines go, a code row rich wrapped onto a row
    without a line number with them."""
    out: list[str] = []
    error_title = False
    code_row = False  # the row above was a numbered code row
    cut_head: str | None = None  # a frame's header row wrapped before its name (``_RICH_FRAME_CUT``)
    for raw in lines:
        ln = raw.strip()
        if cut_head is not None and not (ln[:1] == "│" or ln[:1] == "┃"):
            out.extend(_unbox_line(cut_head, out))  # no row followed: the header as it was
            cut_head = None
        if not ln or ln[0] not in _BOX:
            out.append(raw)
            continue
        if ln[0] in "╭┏":
            title = ln.strip("".join(_BOX) + " ")
            error_title = title == "Error"
            if title.startswith("Traceback"):
                out.append("Traceback (most recent call last):")
            continue
        if ln[0] in "╰┗─━":
            continue
        inner = ln[1:].rstrip()
        inner = inner[:-1] if inner.endswith(("│", "┃")) else inner
        inner = inner.strip()
        if inner[:1] in _BOX:  # a panel inside the panel: locals
            continue
        if cut_head is not None:
            head, cut_head = cut_head, None
            if _RICH_NAME_ROW.match(inner):
                inner = f"{head} {inner}"
            else:
                out.extend(_unbox_line(head, out))
        elif _RICH_FRAME_CUT.match(inner):
            cut_head = inner
            continue
        wrapped = code_row and bool(inner) and not _RICH_CODE.match(inner) and not _RICH_FRAME.match(inner)
        code_row = wrapped or bool(_RICH_CODE.match(inner))
        if wrapped:
            continue
        for text in _unbox_line(inner, out):
            out.append("Error: " + text if error_title else text)
            error_title = False
    if cut_head is not None:
        out.extend(_unbox_line(cut_head, out))
    return out


def error_panel(text: str) -> bool:
    """Whether ``text`` shows a Rich panel titled ``Error`` (``╭─ Error ───╮``): the way Typer
    and rich-click print a command-line error. ``_unbox`` turns the panel into the ``Error: text``
    line plain Click prints, so the paste's framework is read here, before the box is gone. One
    pass over the tail ``clean`` keeps, each line looked at only when it opens a panel."""
    tail = text[-INPUT_CAP:]
    if "Error" not in tail:
        return False
    for ln in tail.split("\n"):
        ln = ln.strip()
        if ln[:1] in ("╭", "┏") and ln.strip("".join(_BOX) + " ") == "Error":
            return True
    return False


def _unbox_line(inner: str, out: list[str]) -> list[str]:
    m = _RICH_FRAME.match(inner)
    if m:
        return [f'  File "{m.group(1)}", line {m.group(2)}, in {m.group(3)}']
    m = _RICH_CODE.match(inner)
    if not m:
        return [inner] if inner else []
    if not m.group(1):  # context lines around the marked one
        return []
    source = "    " + (m.group(3) or "").replace("│", " ").strip()
    if out and _PY_FRAME.match(out[-1]):
        return [source]
    # the paste starts inside the panel, below the frame's own line: a frame known by its line
    return [f'  File "?", line {m.group(2)}', source]


def _strip_quoting(lines: list[str]) -> list[str]:
    """Remove e-mail/markdown quoting (``> ``) when every non-blank line carries it.

    Only when all lines do: pytest marks single source lines with ``>``, and those must stay.
    """
    for _ in range(3):  # nested quotes
        body = [ln for ln in lines if ln.strip()]
        if not body or not all(ln.lstrip().startswith(">") for ln in body):
            return _quoted_traceback(lines)
        lines = [_QUOTE.sub("", ln, count=1) for ln in lines]
    return lines


def _uncommented_error(lines: list[str]) -> list[str]:
    """An error the reporter wrote as comments under the code that raised it, in a code block:
    ``# ValueError: All arguments should have the same length. ...`` and its wrapped rest on
    the next ``# `` lines. The first ``# Class: text`` line naming a class by its usual suffix,
    and the comment lines right under it (up to a blank or uncommented line), lose their ``#``
    marks, so the line reads as the exception and its continuation as more of its message.
    Only when the paste has no frame line and no exception line of its own: a comment in the
    code around a real traceback is the reporter's note, not the error."""
    at = next((i for i, ln in enumerate(lines) if _commented_type_line(ln)), None)
    if at is None or any(_PY_FRAME.match(ln) or _type_line(ln) for ln in lines):
        return lines
    out = list(lines)
    for i in range(at, len(lines)):
        body = lines[i].lstrip()
        if not body.startswith("#") or not body[1:].strip():
            break
        out[i] = body[1:].strip()
    return out


def _commented_type_line(ln: str) -> bool:
    """Whether ``ln`` is ``# Class: text`` with a class named by its usual suffix (``Error``)."""
    body = ln.lstrip()
    if not body.startswith("# "):
        return False
    m = _TYPE_PREFIX.match(body[2:].lstrip())
    return m is not None and is_type_name(m.group(1), strict=True)


def _quoted_report_line(ln: str) -> bool:
    """Whether a line of a Markdown quote is one only an error report prints: a ``File "..."``
    frame, or the ``Exception Type:`` row of Django's debug page (copied from the browser, its
    frames are ``path in function`` lines pytest's ``>`` marks could not be told from)."""
    return bool(_PY_FRAME.match(ln) or _DJANGO_TYPE.match(ln))


def _quoted_traceback(lines: list[str]) -> list[str]:
    """A traceback the reporter set in a Markdown blockquote (``>`` on each of its lines) between
    sentences of their own: the quote's lines without the marks, and nothing else. The quote
    says where the error ends, which the paragraph after it (``The version installed is
    ...``) would otherwise run into as more of the message. Only runs of quoted lines holding
    a frame line (or a Django debug page's summary), with neither a traceback nor an exception
    line outside them: pytest's ``>`` marks a source line, never a ``File "..."`` frame, and a
    paste with a second traceback outside the quote is not one quoted error. Several such runs
    (one quote per error the reporter hit, prose headings between them) are each kept, in
    order, as tracebacks pasted one after the other."""
    runs: list[tuple[int, int]] = []
    start = -1
    for i, ln in enumerate([*lines, ""]):
        quoted = ln.lstrip().startswith(">")
        if quoted and start < 0:
            start = i
        elif not quoted and start >= 0:
            runs.append((start, i))
            start = -1
    held = [
        (a, b) for a, b in runs if any(_quoted_report_line(_QUOTE.sub("", ln, count=1)) for ln in lines[a:b])
    ]
    if not held or len(held) > MAX_QUOTED_RUNS:
        return lines
    inside = {i for a, b in held for i in range(a, b)}
    if any(_tb_line(ln) or _exception_text(ln.strip()) for i, ln in enumerate(lines) if i not in inside):
        return lines  # (an exception line outside: the quote may hold only the frames)
    out: list[str] = []
    for a, b in held:
        # several quotes, each a traceback (``**Error 1 Output:**`` over one, ``**Error 2
        # Output:**`` over the next): each kept whole, a blank line apart, the prose between
        # them dropped as the prose around a single quote is
        if out:
            out.append("")
        out.extend(_QUOTE.sub("", ln, count=1) for ln in lines[a:b])
    return out


# Chinese, Japanese and Korean text (and the full-width forms written with it): prose of a
# reporter writing in such a language runs into the pasted line with no space
_CJK = "\u3000-\u303f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uff00-\uffef"
_CJK_RUN = re.compile(f"[{_CJK}]")
# (any class-shaped name: ``is_type_name`` tells a class; such prose never continues one)
_CJK_THEN_CLASS = re.compile(
    f"[{_CJK}]((?:[A-Za-z_][A-Za-z0-9_]{{0,200}}\\.){{0,20}}[A-Za-z_][A-Za-z0-9_]{{0,200}}):"
)
_CJK_AFTER_SENTENCE = re.compile(f"(?<=[.!?])[{_CJK}][{_CJK}\\s]*$")


def _cjk_prose_apart(ln: str) -> list[str]:
    """A line where the reporter's prose in Chinese (Japanese, Korean) runs into the pasted
    exception line (``在训练过程中，报错RuntimeError: Couldn't load ... install.请问怎么解决？``):
    the prose before the class on a line of its own, and the prose run on after the message's
    last sentence dropped. Such a script never continues an ASCII class name, and after the
    text's full stop a run of it to the line's end is the reporter's question; a value the
    message quotes in such a script stands inside the sentence, not after its end."""
    m = next((c for c in _CJK_THEN_CLASS.finditer(ln) if is_type_name(c.group(1))), None)
    head, rest = (ln[: m.start(1)], ln[m.start(1) :]) if m else ("", ln)
    if not _exception_text(rest.lstrip(), lenient=m is not None):
        return [ln]
    rest = _CJK_AFTER_SENTENCE.sub("", rest)
    if head:
        # the prose wraps the pasted text (``报了NodeNotFound: ... not in graph的错误``): a run of
        # its script closing the line right after the text's last character, in a text holding
        # none of that script, is the sentence's close
        k = len(rest)
        while k > 0 and _CJK_RUN.match(rest[k - 1]):
            k -= 1
        if 0 < k < len(rest) and "!" <= rest[k - 1] <= "~" and not _CJK_RUN.search(rest[:k]):
            rest = rest[:k]
    return [head, rest] if head else [rest]


def _without_line_numbers(lines: list[str]) -> list[str]:
    """The lines without a log viewer's line numbers, copied from a web page (a CI job's log) as
    lines of their own: at least three lines holding a number alone, each one more than the one
    before, with at most one line of text between two of them. Numbers of the text itself (a
    printed column) run on without that text between them, and stay."""
    at = [(i, int(m.group(1))) for i, ln in enumerate(lines) if (m := _LINE_NUMBER.match(ln))]
    if len(at) < 3:
        return lines
    drop: set[int] = set()
    run: list[int] = [at[0][0]]
    for (i, n), (j, k) in pairwise(at):
        if k == n + 1 and j - i == 2:
            run.append(j)
            continue
        if len(run) >= 3:
            drop.update(run)
        run = [j]
    if len(run) >= 3:
        drop.update(run)
    return [ln for i, ln in enumerate(lines) if i not in drop] if drop else lines


# a log viewer's line-number gutter copied onto the line it numbers (AWS CodeBuild's and
# GitLab's job logs: ``285 | File "...", line 926, in run``): the number, blanks, a bar. One
# way to match: blanks, digits, blanks, the bar (no two parts take the same characters).
_GUTTER = re.compile(r"^[ \t]{0,8}(\d{1,7})[ \t]{0,4}\|(?: |$)")
_GUTTER_RUN = 3  # consecutive numbered lines that make a gutter (fewer: a printed table's rows)


def _without_gutter(lines: list[str]) -> list[str]:
    """The lines without a log viewer's line numbers copied onto them (``285 | self.run()``):
    runs of at least ``_GUTTER_RUN`` adjacent lines, each numbered one more than the line before.
    Left on, the traceback's lines start with a number, so no frame or exception line is
    found and the whole paste reads as one message. A lone ``3 | x`` or two such lines stay
    as written, as do lines numbered out of step (a report's own numbering); a Markdown table's
    rows open with the bar, not a number."""
    if not any("|" in ln for ln in lines):
        return lines
    nums = [(int(m.group(1)), m.end()) if (m := _GUTTER.match(ln)) else None for ln in lines]
    keep = list(lines)
    i = 0
    while i < len(lines):
        j = i
        while j + 1 < len(lines) and _next_number(nums[j], nums[j + 1]):
            j += 1
        if nums[i] is not None and j - i + 1 >= _GUTTER_RUN:
            for k in range(i, j + 1):
                at = nums[k]
                assert at is not None  # every line of the run is numbered
                keep[k] = lines[k][at[1] :]
        i = j + 1
    return keep


def _next_number(a: tuple[int, int] | None, b: tuple[int, int] | None) -> bool:
    """Both lines carry a gutter number (``_without_gutter``), ``b``'s one more than ``a``'s."""
    return a is not None and b is not None and b[0] == a[0] + 1


def _strip_syslog(lines: list[str]) -> list[str]:
    """Remove the heads a system log puts on every line (journald, syslog, Heroku's log stream)
    when most lines carry one: otherwise the exception line starts with a timestamp, and the
    frames under it are not frames."""
    nonempty = [ln for ln in lines[-2000:] if ln.strip()]
    heads = sum(1 for ln in nonempty if _SYSLOG.match(ln))
    if heads == 0 or heads < 0.6 * len(nonempty):
        return lines
    return [ln[m.end() :] if (m := _SYSLOG.match(ln)) else ln for ln in lines]


# a program's marker on each line it relays (pytest's ``INTERNALERROR> `` before every line of
# an internal error's traceback or report): an upper-case word and ``>``
_MARKER_HEAD = re.compile(r"^([A-Z][A-Z_]{2,30})> ?")


def _strip_marker_head(lines: list[str]) -> list[str]:
    """Remove the marker a program puts before each line it relays (pytest's
    ``INTERNALERROR> ``), from the lines that carry it: one marker, on three lines or more.
    The lines keep their own indentation (the one space after the marker is the marker's)."""
    heads = {m.group(1) for ln in lines[-2000:] if (m := _MARKER_HEAD.match(ln))}
    if len(heads) != 1 or sum(1 for ln in lines[-2000:] if _MARKER_HEAD.match(ln)) < 3:
        return lines
    marker = heads.pop() + ">"
    return [ln[len(marker) :].removeprefix(" ") if ln.startswith(marker) else ln for ln in lines]


def _strip_line_label(lines: list[str]) -> list[str]:
    """Remove a label that a logging handler or a host application puts on every line of what
    it prints (``LogPython: Error: `` in front of each traceback line, an embedding program's
    ``stderr: ``, torch.distributed's ``[rank0]: `` before each line a worker prints, Fabric's
    ``[10.0.0.5] err: `` before each line a remote command wrote): the same ``Word: `` (up to
    three) or ``[word]: `` (``[host] stream: ``) on every non-blank line, three lines or more. A
    label that names an exception class is the message's, and is kept."""
    nonempty = [ln for ln in lines[-2000:] if ln.strip()]
    b = _BRACKET_LABEL.match(nonempty[0]) if len(nonempty) >= 3 else None
    if b is not None:
        # the label is the launcher's; the quote mark only opened the user's blockquote
        first, label = b.group(0), b.group(1)
        if not all(ln.startswith(label) for ln in nonempty[1:]):
            return lines
        return [ln.removeprefix(first) if ln.startswith(first) else ln.removeprefix(label) for ln in lines]
    m = _LINE_LABEL.match(nonempty[0]) if len(nonempty) >= 3 else None
    if m is None or is_type_name(m.group(1), strict=True):
        return lines
    label = m.group(0)
    if not all(ln.startswith(label) for ln in nonempty):
        return lines
    return [ln.removeprefix(label) for ln in lines]


def _level_columns(lines: list[str]) -> list[str]:
    """A log printed in columns (rich's ``RichHandler``, ``%(levelname)-8s %(message)s``): an
    optional ``[time]`` column, the level padded to its column, the message, and rich's
    right-aligned ``file.py:12`` of the logging call. The record is given back as ``LEVEL``, a
    run of spaces and its message, with the lines a wrapped message continues on (indented
    under the message column) dedented to the column's start, so the message reads as the
    program wrote it. Bounded: each line is looked at once."""
    if not any(_COLUMN_HEAD.match(ln) for ln in lines[-2000:]):
        return lines
    out: list[str] = []
    width = 0  # the message column of the record above, while its lines continue
    mkdocs = False  # the record above is MkDocs', whose continuations are its wrapped words
    for ln in lines:
        m = _COLUMN_HEAD.match(ln)
        if m:
            width, mkdocs = m.end(), m.group(2) is not None
            body = ln[max(m.end(1), 0) :]  # without the time column
            if mkdocs:  # without MkDocs' separator either
                body = ln[max(m.end(1), 0) : m.start(2)].rstrip() + "  " + ln[m.end(2) :]
            out.append(_without_column_path(body))
        elif mkdocs and _mkdocs_continuation(ln):
            out[-1] += " " + ln.strip()
        elif width and ln[:width].isspace() and len(ln) > width and not ln[width].isspace():
            out.append(ln[width:])
        else:
            width, mkdocs = 0, False
            out.append(ln)
    return out


MKDOCS_INDENT = 8  # spaces a wrapped MkDocs record's line starts with at least (it prints 11)


def _mkdocs_continuation(ln: str) -> bool:
    """Whether ``ln`` continues a MkDocs record: MkDocs' log formatter wraps a long message at
    the terminal's width at a space, and indents the rest under the message column (a poster's
    copy may shift it by a few spaces), deeper than any line of a traceback's own. Joined back
    with the space the wrap took, the message reads as raised."""
    return ln[:MKDOCS_INDENT].isspace() and len(ln) > MKDOCS_INDENT and not ln.isspace()


def _without_column_path(body: str) -> str:
    """A column log line's body without the ``file.py:12`` that rich right-aligns after two
    spaces or more. The last word is split off by hand and only it is matched: a regex search for
    the run of spaces before the path tries every start in a line of spaces (quadratic)."""
    head, sep, last = body.rpartition(" ")
    if sep and head.endswith(" ") and _COLUMN_PATH.fullmatch(last):
        return head.rstrip(" ")
    return body


# the head of a frame line that a mail or bug-tracker export hard-wrapped at its column limit:
# ``File``, ``File "x.py",``, ``File "x.py", line``, ``File "x.py", line 855,`` alone on a line, or
# ``File "x.py", line 855, in`` with the function on the next line (a terminal that wraps at a
# word, Cython's long qualified names)
_WRAPPED_FRAME = re.compile(
    r'^\s*File(?:\s+"[^"\n]{1,1000}"(?:,(?:\s*line(?:\s+\d{1,9}(?:,(?:\s*in)?)?)?)?)?)?\s*$'
)
WRAPPED_FRAME_LINES = 3  # lines a wrapped frame line is read across after its head
# a whole frame line but its function: ``File "x.py", line 146, in`` (the name on the next line,
# or lost)
_NAMELESS_FRAME = re.compile(r'^\s*File "[^"\n]{1,1000}", line \d{1,9}, in\s*$')
# what a frame's function looks like on a line of its own: a (dotted) name, Cython's with the C
# file after it (``msgpack._packer.Packer._pack (msgpack/_packer.cpp:184)``); a source line has
# spaces or brackets elsewhere
_FUNCTION_LINE = re.compile(r"^\s*([\w.<>]{1,300})(?:\s+\([^()\n]{0,1000}\))?\s*$")
# the function a frame line names when an HTML or Markdown renderer dropped it as a tag: the
# names Python prints in angle brackets are the ones a renderer eats, and ``<module>`` is the
# one most frames of a traceback's top (a script, an import chain) carry
LOST_FUNCTION = "<module>"


def _function_line(line: str) -> bool:
    """Whether ``line`` holds a frame's function name alone (``_FUNCTION_LINE``), not a source
    line: a statement such as ``raise`` or ``pass`` alone is a keyword, never a function."""
    m = _FUNCTION_LINE.match(line)
    return m is not None and not keyword.iskeyword(m.group(1))


def _unwrap_frames(lines: list[str]) -> list[str]:
    """Frame lines hard-wrapped at a column limit (a Google Code export, a mailing list:
    ``File``/``"x.py", line``/``855, in build``): joined back into one line when the head and
    at most ``WRAPPED_FRAME_LINES`` lines after it make a whole frame line, so the frames read
    as frames rather than as the message (a head that never completes one stays as it was).

    A frame line ending in ``in`` whose next line is no function name but the frame's source
    line (``raise RuntimeError(...)``, ``from x import y``) lost its function: a renderer took
    ``<module>`` for an HTML tag and dropped it. Joined, the source line would read as the
    function (``raise RuntimeError(...)``) and the frame would show no source; it gets
    ``LOST_FUNCTION`` instead, and the source line stays the frame's."""
    if not any("File" in ln and _WRAPPED_FRAME.match(ln) for ln in lines):
        return lines
    out: list[str] = []
    i = 0
    while i < len(lines):
        ln, i = lines[i], i + 1
        if "File" in ln and i < len(lines) and _NAMELESS_FRAME.match(ln) and not _function_line(lines[i]):
            out.append(f"{ln.rstrip()} {LOST_FUNCTION}")
            continue
        if "File" in ln and _WRAPPED_FRAME.match(ln):
            joined = ln.rstrip()
            for j in range(i, min(i + WRAPPED_FRAME_LINES, len(lines))):
                joined += " " + lines[j].strip()
                if _PY_FRAME.match(joined):
                    ln, i = joined, j + 1
                    break
        out.append(ln)
    return out


def _uncut_frames(lines: list[str]) -> list[str]:
    """Frame lines cut before ``File "`` (a paste that starts mid-line, a log that shortens the
    paths): given back their head, so they read as the frames they are (``_pathless_frames``
    for those cut before the line number)."""
    lines = _pathless_frames(lines)
    if not any('", line ' in ln for ln in lines):
        return lines
    return [
        f'  File "{ln.strip()}' if not _PY_FRAME.match(ln) and _CUT_FRAME.match(ln) else ln for ln in lines
    ]


# a frame line cut before its line number (quoted in prose: ``line 2163, in _setitem_single_column``)
_PATHLESS_FRAME = re.compile(r"^\s*line (\d{1,9}), in ([\w.<>]{1,300})\s*$")
UNKNOWN_PATH = "<unknown>"  # the path of a frame printed without one


def _pathless_frames(lines: list[str]) -> list[str]:
    """A frame's line quoted without its ``File "path",`` part (prose above it names the file in
    its own words, or the paste starts there): ``line N, in name`` alone on its line, with the
    frame's source line under it indented deeper, as CPython prints a frame. Read as a frame
    of an unknown file (``UNKNOWN_PATH``): its function and printed statement still name the
    raise (``frames._statement_sites`` trusts the function of a file not in the catalogue).
    Only that exact form: a sentence holding ``line 3, in f`` is prose."""
    if not any(ln.lstrip().startswith("line ") for ln in lines):
        return lines
    out = list(lines)
    for i, ln in enumerate(lines[:-1]):
        m = _PATHLESS_FRAME.match(ln) if ln.lstrip().startswith("line ") else None
        nxt = lines[i + 1]
        if m is None or not nxt.strip() or _indent(nxt) <= _indent(ln):
            continue
        out[i] = f'{ln[: _indent(ln)]}File "{UNKNOWN_PATH}", line {m.group(1)}, in {m.group(2)}'
    return out


def _node_id(ln: str) -> bool:
    """A pytest test id on a line of its own (``tests/test_x.py::TestA::test_b[param]``). The
    brackets hold the parameters' ids, which pytest makes from the values: a string's spaces
    stay (``[beat-1.0 1\\n3.0 2-ints0]``), so only the path and the names before them are
    free of blanks."""
    head, sep, _rest = ln.partition("::")
    if not sep or not head.endswith(".py"):
        return False
    name, bracket, _params = ln.partition("[")
    blank = any(c.isspace() for c in ln)
    return not blank or (bool(bracket) and ln.endswith("]") and not any(c.isspace() for c in name))


# pytest's banner over its warnings summary (``==== warnings summary ====``)
_SUMMARY_BANNER = re.compile(r"=+ warnings summary =+")
# the location pytest groups a summary entry under when no test raised it (a warning at
# collection or configuration): ``../../_pytest/config/__init__.py:1373`` on a line of its own
_ENTRY_LOCATION = re.compile(r"\S{1,1000}\.pyw?:\d{1,9}")
# ... and the count it writes instead of the ids when ten tests or more raised the warning
# (``collapsed_location_report``: ``tests/test_network.py: 3 warnings`` per file)
_ENTRY_COUNT = re.compile(r"\S{1,1000}\.pyw?: \d{1,9} warnings?")
# the summary's footer, pytest's link to its page on warnings
_SUMMARY_FOOTER = re.compile(r"-- Docs: https?://docs\.pytest\.org/\S{0,300}")


def _entry_header(ln: str) -> bool:
    """A line pytest prints above a warnings summary entry: a test id, the location of a
    warning no test raised, or a file's count of the tests that raised it. A terminal copied
    with the screen's width pads each line with blanks to it: the padding is not the line's."""
    ln = ln.rstrip()
    return _node_id(ln) or bool(_ENTRY_LOCATION.fullmatch(ln) or _ENTRY_COUNT.fullmatch(ln))


def _pytest_summary_entries(lines: list[str]) -> list[str]:
    """pytest's warnings summary: the ids of the tests that warned at the first column (or the
    warning's location, when no test raised it), then the warning as ``warnings`` prints it
    indented under them (``  path:line: Category: text``, its source line two spaces deeper).
    The ids are pytest's, not the warning's: they are dropped, and the entry set back to the
    first column (its deeper lines to ``warnings``' own two spaces), so that it reads as the
    warning report it is; so are the summary's banner and footer. Each entry then reads as one warning of
    a log of several (``_split_warning_records``). Each line is looked at a bounded number of
    times: the ids above an entry, and its lines, are each one entry's."""
    if not any("::" in ln or ".py:" in ln for ln in lines):
        return lines
    out: list[str] = []
    i, n = 0, len(lines)
    while i < n:
        ln = lines[i]
        w = _indent(ln)
        if not w or not out or not _entry_header(out[-1]) or not _warning_line(ln[w:]):
            if not _SUMMARY_FOOTER.fullmatch(ln.strip()):
                out.append(ln)
            i += 1
            continue
        while out and _entry_header(out[-1]):
            out.pop()
        if out and _SUMMARY_BANNER.fullmatch(out[-1].strip()):
            out.pop()
        out.append(ln[w:])
        i += 1
        while i < n and _indent(lines[i]) >= w:
            nxt = lines[i]
            if not nxt.strip():
                # a message ending in a line break prints an indented blank line before the
                # source line: the entry goes on when a deeper line follows it
                if i + 1 < n and _indent(lines[i + 1]) > w and lines[i + 1].strip():
                    i += 1
                    continue
                break
            # (a line one space deeper is the message's own, as ``warnings`` printed it: scipy's
            # ``... measured by the \n improvement ...``; the source line sits two deeper)
            out.append(nxt[w:] if _indent(nxt) <= w + 1 else "  " + nxt.lstrip())
            i += 1
    return out


def _indent(ln: str) -> int:
    """The width of a line's leading whitespace."""
    return len(ln) - len(ln.lstrip())


# a console that wraps every line at its width (Windows' ``cmd`` at 80 columns, a terminal copied
# as it shows): a frame line longer than that is cut at exactly the width, its rest at the next
# line's first column (``..., line 287, i`` / ``n recv_multipart``)
CONSOLE_WIDTH = 80  # the width a single cut line is taken at (Windows' console default)
_CONSOLE_SCAN = 2_000  # lines at the paste's end measured for the width


def _unwrap_console(lines: list[str]) -> list[str]:
    """Frame lines a console cut at its width, joined back to their rest. The width is the
    longest line's length when two lines or more have it, or ``CONSOLE_WIDTH`` for a single
    one: a line of exactly that length holding ``File "`` is joined with the next line when
    that one starts at the first column (a traceback's own lines are indented) and is no
    exception or header line of its own, and the two make a frame line (a cut that runs over
    two widths is joined again). Each line is looked at once, no regex runs on a joined line
    but the frame's anchored one."""
    tail = lines[-_CONSOLE_SCAN:]
    if not any('File "' in ln for ln in tail):
        return lines
    width = max(map(len, tail), default=0)
    if width < 40 or (sum(1 for ln in tail if len(ln) == width) < 2 and width != CONSOLE_WIDTH):
        return lines
    out: list[str] = []
    i = 0
    while i < len(lines):
        ln, i = lines[i], i + 1
        if len(ln) == width and 'File "' in ln:
            while i < len(lines) and _console_rest(lines[i]) and _PY_FRAME.match(ln + lines[i]):
                rest, i = lines[i], i + 1
                ln += rest
                if len(rest) != width:
                    break
        out.append(ln)
    return out


def _console_rest(ln: str) -> bool:
    """Whether ``ln`` can be the rest of a line cut at the console's width: it starts at the
    first column and is no line a traceback prints there itself (its header, a chain's
    sentence, an exception line)."""
    if not ln or ln[0].isspace() or 'File "' in ln:
        return False
    if ln.startswith(("Traceback", "During handling", "The above exception")):
        return False
    m = _TYPE_PREFIX.match(ln)
    return m is None or not is_type_name(m.group(1))


# Cython's frame line: its ``.pyx``/``.pxd`` file, the function's qualified name with its module
# (``zmq.backend.cython.checkrc._check_rc``), and the generated C file's line in parentheses,
# on the same line or (wrapped) the next
_CYTHON_FRAME = re.compile(
    r'^(\s*File ")([^"\n]{1,1000}\.(?:pyx|pxd|pxi))(", line \d{1,9}, in )([\w.]{1,300})'
    r"(?:\s{1,10}\([^()\n]{1,1000}\.c(?:pp)?:\d{1,9}\))?\s*$"
)
_C_LOCATION = re.compile(r"^\s*\([^()\n]{1,1000}\.c(?:pp)?:\d{1,9}\)\s*$")


def _cython_frames(lines: list[str]) -> list[str]:
    """Cython's frame lines read as Python's: without the C file's location (which is no source
    line, nor the rest of the function), the function by its qualified name within the module
    (``_check_rc``, ``Socket.bind``), and a bare file name given the module's folder
    (``checkrc.pxd`` in ``zmq.backend.cython.checkrc`` is ``zmq/backend/cython/checkrc.pxd``),
    so that a catalogue holding the module's source in that package finds the frame's function."""
    if not any(".pyx" in ln or ".pxd" in ln or ".pxi" in ln for ln in lines):
        return lines
    out: list[str] = []
    after_frame = False
    for ln in lines:
        if after_frame and _C_LOCATION.match(ln):
            after_frame = False
            continue
        m = _CYTHON_FRAME.match(ln) if 'File "' in ln else None
        after_frame = m is not None
        if m is None:
            out.append(ln)
            continue
        path, function = _cython_module_path(m.group(2), m.group(4))
        out.append(f"{m.group(1)}{path}{m.group(3)}{function}")
    return out


def _cython_module_path(path: str, function: str) -> tuple[str, str]:
    """The frame's path and function with the module taken off the function: the module is the
    qualified name's part up to the file's own name (its last such part)."""
    stem = path.replace("\\", "/").rpartition("/")[2].rpartition(".")[0]
    parts = function.split(".")
    at = next((k for k in range(len(parts) - 2, -1, -1) if parts[k] == stem), None)
    if at is None:
        return path, function
    if "/" not in path and "\\" not in path:
        path = "/".join(parts[: at + 1]) + path[len(stem) :]
    return path, ".".join(parts[at + 1 :])


# a class line typed without the space after the colon (``zmq.error.ZMQError:Address in use``):
# the name up to the first colon, read as a class only where it is one (``_glued_class``)
_GLUED_HEAD = re.compile(r"^([A-Za-z_][\w.]{0,300}):(?=[^\s/\\:=])")
_GLUED_SUFFIXES = ("Error", "Exception", "Warning")


def _spaced_class_lines(lines: list[str]) -> list[str]:
    """A line starting ``Dotted.NameError:text`` given the space Python prints after the colon,
    so it reads as the exception line it is. Only a name that is a class by its own spelling:
    identifiers joined by dots, the last CamelCase ending in ``Error``, ``Exception`` or
    ``Warning`` with a word before it. A URL (``http://x``), a drive (``C:\\``), a logger's
    ``name:level`` and a ``key:value`` field have no such name, and text right after the colon
    that starts a path, a scheme or an assignment (``/``, ``\\``, ``:``, ``=``) keeps it as it is.
    The parser has no catalogue at hand, so its classes cannot say more; and a bare CamelCase
    word (``Conflict:x``) is too often a field's key."""
    if not any(":" in ln and ln.endswith(_GLUED_SUFFIXES, 0, ln.find(":")) for ln in lines):
        return lines
    return [_spaced(ln) for ln in lines]


def _spaced(ln: str) -> str:
    m = _GLUED_HEAD.match(ln)
    if m is None:
        return ln
    name = m.group(1)
    last = name.rpartition(".")[2]
    if not all(p.isidentifier() for p in name.split(".")) or not is_type_name(name, strict=True):
        return ln
    if not any(last.endswith(x) and len(last) > len(x) for x in _GLUED_SUFFIXES):
        return ln
    return f"{name}: {ln[m.end() :]}"


_STAMP_LINE_CAP = 40  # characters of a line that may be a time alone


def _without_stamp_lines(lines: list[str]) -> list[str]:
    """``lines`` without the lines that are only a time, when a log viewer put one before each
    line (a web console's time column, copied: ``8:20:05 AM`` over every line): at least 3 of
    them, a third of the non-blank lines or more, and a frame line among the rest. Left in,
    they stand between a frame's heading and its statement, and the frames are not read as
    frames. A traceback that only quotes a time in its text has none of them on lines alone."""
    stamp = [
        len(ln) <= _STAMP_LINE_CAP and ":" in ln and _STAMP_LINE.fullmatch(ln.strip()) is not None
        for ln in lines
    ]
    n_stamps = sum(stamp)
    if n_stamps < 3 or 3 * n_stamps < sum(1 for ln in lines if ln.strip()):
        return lines
    kept = [ln for ln, st in zip(lines, stamp, strict=True) if not st]
    return kept if any(ln.lstrip().startswith('File "') for ln in kept) else lines


# how a traceback's own lines start once a log viewer's head and an ExceptionGroup's rails are off
_TRACEBACK_LINE = ('File "', "Traceback (most recent call", "Exception Group Traceback (most recent call")


def _strip_time_head(
    lines: list[str], head: re.Pattern[str], share: float, at_least: int = 1, on_frames: bool = False
) -> list[str]:
    """Remove the time a log puts at the head of its lines when at least ``share`` of the
    non-blank lines (and ``at_least`` of them) carry it: otherwise the exception line starts with
    a time, and the frames under it are not frames. ``on_frames``: only when it stands on the
    traceback's own lines too, as Python's logging stamps the record, never the lines of the
    traceback under it (a stamp only on records is the record's, and is kept). An
    ExceptionGroup's traceback counts: its lines open with the group's ``+`` and ``|`` rails
    (``  |   File "..."``, ``  + Exception Group Traceback (most recent call last):``)."""
    nonempty = [ln for ln in lines[-2000:] if ln.strip()]
    heads = [m for ln in nonempty if (m := head.match(ln))]
    if len(nonempty) < at_least or not heads or len(heads) < share * len(nonempty):
        return lines
    if on_frames and not any(m.string[m.end() :].lstrip(" +|").startswith(_TRACEBACK_LINE) for m in heads):
        return lines
    return [ln[m.end() :] if (m := head.match(ln)) else ln for ln in lines]


_TAG_SCAN = 300  # characters of a line's head read for its tags
_MAX_TAGS = 8  # tags of a line's head at most
_MAX_TAG_TEXT = 100  # characters inside one ``[...]`` tag


def _head_tags(ln: str) -> list[int]:
    """Where each tag of ``ln``'s head ends: ``[...]`` groups (no bracket inside) and timestamp
    words (digits with ``-:.,/+TZ``), each followed by a space. Scanned by hand, left to right,
    once: a regex for a run of such tokens would backtrack over their alternatives."""
    ends: list[int] = []
    i, n = 0, min(len(ln), _TAG_SCAN)
    while i < n and len(ends) < _MAX_TAGS:
        if ln[i] == "[":
            j = ln.find("]", i + 1, min(n, i + 2 + _MAX_TAG_TEXT))
            if j < 0 or "[" in ln[i + 1 : j] or j == i + 1:
                break
            j += 1
        else:
            j = i
            while j < n and (ln[j].isdigit() or ln[j] in "-:.,/+TZ"):
                j += 1
            if j - i < 6 or sum(c.isdigit() for c in ln[i:j]) < 4:
                break
        if j < len(ln) and ln[j] != " ":
            break
        ends.append(j)
        i = j + 1
    return ends


# an application's error report in labelled fields, one a line: ``Error: <text>``,
# ``Error Type: <class 'RuntimeError'>`` (or the bare name), ``Error Message: <text>``
_ERROR_TYPE_FIELD = re.compile(
    r"^[ \t]{0,80}Error Type: (?:<class '([A-Za-z_][\w.]{0,300})'>|([A-Za-z_][\w.]{0,300}))[ \t]*$"
)
_ERROR_MESSAGE_FIELD = re.compile(r"^[ \t]{0,80}Error Message: (\S.*)$")
_ERROR_FIELD = re.compile(r"^[ \t]{0,80}Error: (\S.*)$")
_FIELD_REACH = 3  # lines between the type field and the message field at most
# the report's label over the traceback it caught: ``Full traceback:``, ``Stack trace:``
_TRACE_FIELD = re.compile(r"^[ \t]{0,80}(?i:(?:full )?(?:traceback|stack ?trace)):[ \t]*$")


def _labelled_error(lines: list[str]) -> list[str]:
    """An application that logs an exception as labelled fields (``Error Type: <class
    'RuntimeError'>`` and ``Error Message: <text>``, often after an ``Error: <text>`` line
    repeating the text) names the class and the text apart, and no line reads as
    ``RuntimeError: <text>``: the two fields become that line, where the message field stood
    (a traceback printed under them keeps its place after it, its ``Full traceback:`` label
    dropped), and an ``Error:`` field repeating the text is dropped, as it is the same error
    said twice."""
    out = list(lines)
    for i, ln in enumerate(lines):
        m = _ERROR_TYPE_FIELD.match(ln)
        if m is None:
            continue
        cls = m.group(1) or m.group(2)
        if not is_type_name(cls):
            continue
        near = range(max(0, i - _FIELD_REACH), min(len(lines), i + _FIELD_REACH + 1))
        at = next((j for j in near if _ERROR_MESSAGE_FIELD.match(lines[j])), None)
        if at is None:
            continue
        fm = _ERROR_MESSAGE_FIELD.match(lines[at])
        assert fm is not None
        text = fm.group(1).strip()
        out[at] = f"{cls}: {text}"  # the fields' indentation is the report's layout, not Python's
        out[i] = ""
        if at + 1 < len(lines) and _TRACE_FIELD.match(lines[at + 1]):
            out[at + 1] = ""  # a label, not a line of the message
        for j in near:
            em = _ERROR_FIELD.match(lines[j])
            if em is not None and em.group(1).strip() == text:
                out[j] = ""
    return [ln for ln, was in zip(out, lines, strict=True) if ln or not was]


_VSCODE_HEAD = "Exception has occurred: "


def _vscode_report(lines: list[str]) -> list[str]:
    """VS Code's debugger reports an exception as ``Exception has occurred: Class`` and the
    text on the lines under it (then the user's frames, most recent first): copied from its
    panel the two run together on one line (``Exception has occurred: OpenAIError The api_key
    client option must be set ...``), or are pasted without the frames. The head becomes the
    line Python prints, ``Class: text``: on one line, the words after the class are the text;
    on its own line, the line under it is, when the paste holds no frame and no other line of
    that class (the report's frames and its last ``pkg.Class: text`` line say it already)."""
    if not any(_VSCODE_HEAD in ln for ln in lines[:_VSCODE_LINES]):
        return lines
    out = list(lines)
    for i, ln in enumerate(lines[:_VSCODE_LINES]):
        at = ln.find(_VSCODE_HEAD)
        if at < 0:
            continue
        name, _sp, text = ln[at + len(_VSCODE_HEAD) :].strip().partition(" ")
        name = name.removesuffix(":")  # (a head that reads ``Class: text`` already)
        if not is_type_name(name):
            continue
        if _VSCODE_NOTE.fullmatch(text.strip()):
            text = ""  # the debugger's note on where it paused, no text of the exception's
        if text.strip():
            out[i] = f"{name}: {text.strip()}"
            continue
        rest = [k for k in range(i + 1, len(lines)) if lines[k].strip()]
        if not rest or any(f"{name}: " in lines[k] for k in rest):
            continue
        if any(_PY_FRAME.match(lines[k]) for k in rest):
            if _PY_FRAME.match(lines[rest[0]]) or _FILE_ONLY_FRAME.match(lines[rest[0]]):
                continue
            # the text under the head, then the frames and no line of the class after them (the
            # report copied alone): the exception line goes after the frames, where Python
            # prints it
            return [
                *(ln for k, ln in enumerate(lines) if k not in (i, rest[0])),
                f"{name}: {lines[rest[0]].strip()}",
            ]
        out[i] = f"{name}: {lines[rest[0]].strip()}"
        out[rest[0]] = ""
        return [ln for k, ln in enumerate(out) if k != rest[0]]
    return out


_VSCODE_LINES = 50  # lines of a paste looked through for VS Code's report head
# the note VS Code adds after the class when it stops in a frame of its own launcher:
# ``(note: full exception trace is shown but execution is paused at: _run_module_as_main)``
_VSCODE_NOTE = re.compile(r"\(note: [^()\n]{1,300}\)")


def _strip_tag_column(lines: list[str]) -> list[str]:
    """Remove the tags a log collector or a job runner puts in front of every line it stores
    (``[2017-06-09 16:20:00.954078] [host] [c2] `` before the program's own output, a timestamp
    that differs from line to line): the longest run of tags that every tagged line carries,
    as one column of the paste, when nearly every non-blank line is tagged and the traceback's
    own lines are among them (a log's records alone keep their heads: those are the records').
    Each line loses its own tags and the one space after them, so a frame keeps its indentation."""
    nonempty = [ln for ln in lines[-2000:] if ln.strip()]
    if len(nonempty) < 3 or not any(ln.startswith("[") or ln[:1].isdigit() for ln in nonempty[:50]):
        return lines
    tags = {ln: _head_tags(ln) for ln in nonempty}  # read once: the strip below needs them again
    counts = [(ln, ends) for ln in nonempty if (ends := tags[ln])]
    if len(counts) < max(3, 0.8 * len(nonempty)):
        return lines
    k = min(len(ends) for _ln, ends in counts)
    framed = ('File "', "Traceback (most recent call")
    if not any(ln[ends[k - 1] + 1 :].lstrip().startswith(framed) for ln, ends in counts):
        return lines
    out = []
    for ln in lines:
        ends = (tags[ln] if ln in tags else _head_tags(ln)) if ln.strip() else []
        out.append(ln[ends[k - 1] + 1 :] if len(ends) >= k else ln)
    return out


def _strip_compose(lines: list[str]) -> list[str]:
    """Remove a ``service  | `` prefix shared by most lines (docker-compose output)."""
    names: dict[str, int] = {}
    nonempty = 0
    for ln in lines[-2000:]:
        if not ln.strip():
            continue
        nonempty += 1
        m = _COMPOSE.match(ln)
        if m:
            names[m.group(1)] = names.get(m.group(1), 0) + 1
    if not names or nonempty == 0:
        return lines
    name, count = max(names.items(), key=lambda kv: kv[1])
    if count < max(2, 0.6 * nonempty):
        return lines
    out = []
    for ln in lines:
        m = _COMPOSE.match(ln)
        out.append(ln[m.end() :] if m and m.group(1) == name else ln)
    return out


# a log record's bracketed timestamp (``[2022-05-19 13:35:26,740: ERROR/MainProcess]``), read
# where a source's name ends on the line (``_strip_glued_source``)
_GLUED_STAMP = re.compile(r"\[\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}")
_GLUED_HEAD_MAX = 200  # characters a log viewer's source name may take before the record


def _strip_glued_source(lines: list[str]) -> list[str]:
    """Remove a log viewer's source name glued to the records (a Kubernetes viewer's pod and
    container, ``worker-okteto-55cdf55f5d-zpbrzworker[2022-05-19 13:35:26,740: ERROR/...]``):
    a word with no space in it right before a record's bracketed timestamp is none of the
    record's, and the lines that open with the same word (the record's next line, printed
    ``worker-...worker Trying again in 18.00 seconds...``) lose it too."""
    heads: dict[str, int] = {}
    for ln in lines[-2000:]:
        i = ln.find("[", 0, _GLUED_HEAD_MAX + 1)
        if i >= 3 and not any(c.isspace() for c in ln[:i]) and _GLUED_STAMP.match(ln, i):
            heads[ln[:i]] = heads.get(ln[:i], 0) + 1
    if not heads:
        return lines
    head = max(heads.items(), key=lambda kv: kv[1])[0]
    out = []
    for ln in lines:
        rest = ln[len(head) :] if ln.startswith(head) else None
        out.append(rest.lstrip(" ") if rest is not None and (rest[:1] in ("[", " ", "")) else ln)
    return out


# --- line classification ------------------------------------------------------------------------

_CHAIN = (
    "During handling of the above exception, another exception occurred",
    "The above exception was the direct cause of the following exception",
    # cleo's (poetry's) rendering of an exception raised while another was handled: the earlier
    # one's block (class, message, ``at path:line in function``, source lines) comes first
    "The following error occurred when trying to handle this error",
)
_PY_FRAME = re.compile(r'^\s*File "([^"\n]{1,1000})", line (\d{1,9})(?:, in (.{1,500}))?\s*$')
_IPY_FRAME = re.compile(r"^\s*File (\S[^\n]{0,1000}?):(\d{1,9})(?:, in ([^\n]{1,500}))?\s*$")
# A CPython frame line whose path lost its quotes (a Markdown or rich rendering of the paste):
# ``File /usr/lib/x.py, line 3, in f``; the path holds no comma, so where it ends is certain
# a frame heading cut after its file, the paste's last line (a stored excerpt cut inside the frame)
# (or cut after its line's number, or after ``, in`` before the function's name)
_FILE_ONLY_FRAME = re.compile(r'^\s*File "([^"\n]{1,1000}\.pyw?)"(?:, line (\d{1,9})(?:, in)?)?\s*$')
_BARE_FRAME = re.compile(r'^\s*File ([^\s",][^,\n]{0,1000}\.py), line (\d{1,9})(?:, in (.{1,500}))?\s*$')
# an IPython cell's frame: ``Cell In[3], line 5`` (IPython 8.6 on) or ``Input In [124], in <cell
# line: 2>()`` (IPython 8.0 to 8.5, the line inside the function-like tail)
_IPY_CELL = re.compile(
    r"^\s*(?:Cell|Input) In ?\[\s*(\d{0,9})\s*\],? (?:line (\d{1,9})|in <cell line: (\d{1,9})>)"
)
# IPython 7 and older: ``path in function(args)``; a cell's own code is ``<ipython-input-7-...> in
# <module>``, printed with no argument list (a module takes none): only ``<module>`` may omit it,
# so prose naming a file (``setup.py in the root``) is not read as a frame
_IPY_OLD_FRAME = re.compile(
    r"^(\S[^\n]{0,1000}?\.(?:py|pyx|ipy)|<[^>\n]{1,200}>) in "
    r"(?:([\w.<>: ]{1,300})\(.{0,2000}\)|(<module>))\s*$"
)
_IPY_ARROW = re.compile(r"^-*>\s*(\d{1,9})(?:\s(.*))?$")
# An error tracker's frame heading as its issue page shows one, copied as text (Sentry's: ``path
# in Class.method``, then ``at line N`` on the same line or the next one, the frame's context
# lines under it with no mark on the line that ran). Prose naming a file (``setup.py in the
# root``) has no ``at line N`` beside it, so the heading is read as a frame only with one
_TRACKER_FRAME = re.compile(r"^(\S[^\n]{0,1000}?\.py) in ([\w.<>]{1,300})(?: at line (\d{1,9}))?\s*$")
_TRACKER_LINE = re.compile(r"^at line (\d{1,9})\s*$")
# Django's debug page (before 2.2) in its text view: ``File "path" in func`` and, under it, the
# line's number and source (``  197.     raise TypeError(...)``); the summary after the frames
_DJANGO_FRAME = re.compile(r'^\s*File "([^"\n]{1,1000})" in ([\w.<>]{1,300})\s*$')
_DJANGO_SOURCE = re.compile(r"^\s{1,80}(\d{1,9})\.(?:\s{1,200}(\S.{0,2000}))?$")
# (the page copied from a browser separates a row's label and cell by a tab, not a space)
_DJANGO_TYPE = re.compile(r"^Exception Type:[ \t]([A-Za-z_][\w.]{0,300})(?: at \S{0,1000})?\s*$")
_DJANGO_VALUE = "Exception Value:"
# the summary table's rows after the value (Django's ``technical_500`` template), which end it
_DJANGO_ROWS = (
    "Exception Location:",
    "Raised during:",
    "Python Executable:",
    "Python Version:",
    "Python Path:",
    "Server time:",
)
_IPY_HEADER = re.compile(r"^(\S{1,300})\s{2,}Traceback \(most recent call last\)")
_PYTEST_FOOTER = re.compile(r"^(\S[^\n]{0,1000}?):(\d{1,9}): ([A-Za-z_][\w.]{0,300})$")
_PYTEST_E = re.compile(r"^E(?: {1,40}(.*))?$")
_WARNING = re.compile(
    r"^(\S[^\n]{0,1000}?):(\d{1,9}): ([A-Za-z_][\w.]{0,200}(?:Warning|Error|Exception)):(?: (.*))?$"
)
# a warning category of any name (``PydanticDeprecatedSince20``) when the location is a source file
_WARNING_ANY = re.compile(
    r"^(\S[^\n]{0,1000}?\.pyw?|<[^>\n]{1,200}>):(\d{1,9}): ([A-Za-z_][\w.]{0,200}):(?: (.*))?$"
)
# a timestamp (its zone after a space too: gunicorn's ``[2024-01-09 13:24:40 +0000]``), then a
# process id in brackets (``[7310]``) and the level: upper case, bare or bracketed, with celery's
# process after a slash (``[%(asctime)s: %(levelname)s/%(processName)s]``, ``[2025-11-03
# 16:28:12,387: WARNING/MainProcess]``); lower case in brackets, padded inside them (structlog's
# console ``[error    ]``, VS Code's output channel ``[info]``); or between `` - `` fields, the
# logger's name maybe before it (the logging cookbook's ``%(asctime)s - %(name)s -
# %(levelname)s - %(message)s``); or between `` : `` fields (``%(asctime)s : %(levelname)s :
# %(name)s : %(message)s``, the name after the level). ``_ts_level`` reads whichever group matched.
_LOG_TS = re.compile(
    r"^\[?\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(?:[.,]\d{1,9})?(?: ?(?:Z|[+-]\d{2}:?\d{2}))?\]?:?\s+"
    r"(?:\[\d{1,9}\]\s+)?(?:\[?(?P<level>[A-Z]{1,9})(?P<process>/[\w.-]{1,100})?\]?:?\s+"
    r"|\[(?P<lower>debug|info|warning|warn|error|critical|fatal) {0,8}\]\s+"
    r"|- (?:[\w.]{1,200} - )?(?P<dashed>DEBUG|INFO|WARNING|WARN|ERROR|CRITICAL|FATAL) - "
    r"|: (?P<spaced>DEBUG|INFO|WARNING|WARN|ERROR|CRITICAL|FATAL) : )?"
)
# the logger's field after a `` : `` record's level (``dockerclient : ``), and after a `` - ``
# record's level a name carrying the format's bracketed fields (``%(name)s[%(process)d]
# [%(threadName)s] - ``: ``cif.hunter[145][MainThread] - ``); a bare word before `` - `` is left,
# since a message may open so (``Timeout - retrying``)
_SPACED_FIELD = re.compile(r"^[A-Za-z_][\w.]{0,200} : (?=\S)")
_BRACKETED_LOGGER = re.compile(r"^[A-Za-z_][\w.]{0,200}(?:\[[\w.-]{1,100}\]){1,4} - (?=\S)")
# a celery task's record after its header: ``%(task_name)s[%(task_id)s]: %(message)s``
_CELERY_TASK = re.compile(r"^[A-Za-z_][\w.]{0,200}\[[0-9a-f-]{36}\]:\s")
# uvicorn's ``%(levelprefix)s %(message)s``: the level and a colon padded so that the message
# starts in column 10 (``INFO:     ``, ``ERROR:    ``, ``WARNING:  ``); ``_uvicorn_level``
_LOG_PREFIX_COLUMN = re.compile(r"^(DEBUG|INFO|WARNING|ERROR|CRITICAL):( {1,5})(?=\S)")
# a log's columns: ``[time]`` (rich's, a clock or a date and a clock), the level padded to its
# column of 8 and a space, then the message (``CRITICAL`` fills the column, the others two
# spaces or more); the logging call's ``file.py:12`` that rich right-aligns at the line's end
# ... and MkDocs' ``%(levelname)-7s -  %(message)s``, whose separator is no part of the message
_COLUMN_HEAD = re.compile(
    r"^(\[[\d/.: -]{5,30}\] +)?(?:(?:DEBUG|INFO|WARNING|ERROR) {2,}|CRITICAL +|WARNING (?=- ))(- {2}(?=\S))?(?=\S)"
)
_COLUMN_PATH = re.compile(r"[\w.-]{1,200}\.pyw?:\d{1,9}")  # the last word only (fullmatch)
_LOG_COLUMN = re.compile(r"^(DEBUG|INFO|WARNING|ERROR|CRITICAL) +(?=\S)")
_LOG_BASIC = re.compile(r"^(DEBUG|INFO|WARNING|WARN|ERROR|CRITICAL|FATAL):([\w.]{0,200}):")
# a timestamp run into a ``LEVEL:name:`` record by a colon, no blank between (``%(asctime)s:
# %(levelname)s:%(name)s:%(message)s``, Superset's default format): the time is the format's,
# the record after it is read as ``_LOG_BASIC``'s
_LOG_TS_BASIC = re.compile(
    r"^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(?:[.,]\d{1,9})?:(?=(?:DEBUG|INFO|WARNING|WARN|ERROR|CRITICAL|FATAL):)"
)
_LOG_GLOG = re.compile(
    r"^([DIWEF])\d{4} \d{2}:\d{2}:\d{2}\.\d{1,9}\s+\d{1,9}\s+([^\s:\]]{1,500}):(\d{1,9})\]\s?"
)
_LOG_CXX_SITE = re.compile(r"^([^\s:\]]{1,500}\.(?:cc|cpp|c|h|hpp|cu|rs|go)):(\d{1,9})\]\s?")
# the log format of applications built on traitlets (Jupyter's tools): ``[NbConvertApp] ERROR |
# text`` from WARNING up, ``[NbConvertApp] text`` (no level) below it
_LOG_APP = re.compile(r"^\[[A-Za-z_][\w.]{0,200}\] (DEBUG|INFO|WARNING|WARN|ERROR|CRITICAL|FATAL) \| ")
_LOG_APP_PLAIN = re.compile(r"^\[[A-Za-z_][\w.]{0,200}\] (?=\S)")
_LOGGER_NAME = re.compile(r"^([A-Za-z_][\w.]{0,200})(?::| -)\s")
_LOGGER_BRACKET = re.compile(r"^\[([A-Za-z_][\w.]{0,200})\]\s")
_CLASS_REPR = re.compile(r"^<class '([A-Za-z_][\w.]{0,300})'>:?\s*(.*)$")
# the standard library's ``asyncore.compact_traceback()`` as a command line reports it
# (``error: <class 'T'>, <str of the exception>: file: F line: N``): the class, then the
# exception's text, then the innermost frame's file and line, which is not read as a frame
_COMPACT_TRACEBACK = re.compile(
    r"^(?:error: )?<class '([A-Za-z_][\w.]{0,300})'>, (\S[^\n]{0,5000}?): file: \S[^\n]{0,1000}? line: \d{1,9}$"
)
# ``Type: text``, or ``Type:`` ending its line: a class whose message opens with a line break
# (``cfgv.ValidationError:`` then the message's lines), its trailing space taken off by ``clean``
_TYPE_PREFIX = re.compile(r"^([A-Za-z_][\w]{0,200}(?:\.[A-Za-z_]\w{0,200}){0,20})(?:: |:$|:(?=\n))")
_BARE_TYPE = re.compile(r"^[A-Za-z_]\w{0,200}(?:\.[A-Za-z_]\w{0,200}){1,20}$")  # dotted: a sentence is not
_MODULE_CLASS = re.compile(
    r"(?:[a-z_][a-z0-9_]{0,100}\.){1,20}_?[A-Z][A-Za-z0-9]{0,200}"
)  # + a lower-case letter
_BARE_TYPE_WORD = re.compile(r"^[A-Za-z_]\w{0,200}(?:\.[A-Za-z_]\w{0,200}){0,20}$")
# cleo's (poetry's) rendering of an exception: the class alone on a line, a blank line, the
# message indented by two spaces, then ``at path:line in function`` and the numbered source lines
# around it (``   39│ code``, the raising one marked ``→  43│ code``); with ``-vvv`` the stack
# above it as numbered frames (``  19  path:327 in run``, each with its own source lines)
_CLEO_AT = re.compile(r"^\s{0,12}at (\S[^\n]{0,1000}?):(\d{1,9}) in ([\w.<>]{1,300})\s*$")
_CLEO_STACK = re.compile(r"^\s{0,12}\d{1,4}\s{1,8}(\S[^\n]{0,1000}?):(\d{1,9}) in ([\w.<>]{1,300})\s*$")
_CLEO_SOURCE = re.compile(r"^\s{0,16}(→\s{0,8})?\d{1,9}│(.*)$")
# ``pkg.module.ClassName text``: a module-qualified class printed before its message without
# the ``:`` (``f"{cls.__module__}.{cls.__name__} {exc}"``, some trackers' titles)
_QUALIFIED_SPACE = re.compile(r"^((?:[a-z_][a-z0-9_]{0,100}\.){1,20}[A-Z]\w{0,200}) (?=\S)")
# ``pkg.module:Text``: logging's default ``LEVEL:name:message`` with the level cut off
_LOGGER_GLUED = re.compile(r"^(?:[a-z_][a-z0-9_]{0,100}\.){1,20}[a-z_][a-z0-9_]{0,100}:(?=[A-Z][a-z])")
_TB_HEADER = re.compile(r"^\s*Traceback \(most recent call last\):?\s*$")
# an ExceptionGroup's header as Python prints it, its ``+`` margin kept (``_split_blocks`` takes
# off only the ``|`` ones)
# (possessive: the margin's blanks and the ones after ``+`` never trade places)
_GROUP_TB_HEADER = re.compile(
    r"^[ \t|]*+\+?+[ \t]*+Exception Group Traceback \(most recent call last\):?\s*$"
)


def _traceback_header(ln: str) -> bool:
    """Whether ``ln`` opens a traceback: Python's header, or an ExceptionGroup's."""
    return bool(_TB_HEADER.match(ln) or _GROUP_TB_HEADER.match(ln))


# ``execnet.gateway_base.RemoteError: Traceback (most recent call last):``: an exception whose
# message is another process's (or thread's) whole traceback, formatted into its text
_NESTED_TB = re.compile(r"^([A-Za-z_][\w.]{0,300}): Traceback \(most recent call last\):?\s*$")
_CARETS = re.compile(r"^\s*[\^~\-]+\s*$")
_NOISE = re.compile(
    r"^\s*(?:Traceback \(most recent call last\):?|\[\.\.\. skipping hidden \d+ frame\]|\d+ frames?|"
    r"-{4,}|={4,}|_{4,}.*|\.\.\.|\[\s*\]|Show (?:more|less).*)\s*$"
)

_TYPE_SUFFIXES = ("Error", "Exception", "Warning", "Exit", "Interrupt", "Iteration", "Traceback", "Failure",
                  "Fault", "Timeout", "Refused", "Aborted")  # fmt: skip
_LOWER_SUFFIXES = tuple(s.lower() for s in _TYPE_SUFFIXES if len(s) >= 5)  # retyped: ``Connectionerror``
_BARE_TYPES = frozenset(
    [
        "KeyboardInterrupt",
        "StopIteration",
        "StopAsyncIteration",
        "SystemExit",
        "GeneratorExit",
        "Exception",
        "BaseException",
        "ExceptionGroup",
        "BaseExceptionGroup",
    ]
)


def _warning_line(ln: str) -> re.Match[str] | None:
    """``path:line: Category: message`` as ``warnings`` prints it."""
    m = _WARNING.match(ln)
    if m:
        return m
    m = _WARNING_ANY.match(ln)
    return m if m and is_type_name(m.group(3)) else None


def _unlogged_path(path: str) -> str:
    """A warning's location without the log header before it: ``logging.captureWarnings`` (which
    celery's worker turns on) hands each warning to the ``py.warnings`` logger, whose format
    prints its header first (``[2025-11-03 16:28:12,387: WARNING/MainProcess] /app/x.py``,
    ``WARNING:py.warnings:/app/x.py``), and the location's pattern takes it as the path's head."""
    m = _LOG_TS.match(path) or _LOG_BASIC.match(path)
    return (path[m.end() :].lstrip() or path) if m else path


def numbered_class(name: str) -> str:
    """``name`` (a class's last name) without a number a class made at run time for each of a family's members is
    named with (sh's ``ErrorReturnCode_1``, ``ErrorReturnCode_128``: ``type(f"{base}_{code}",
    ...)``): the class's own name is what comes before it. Unchanged without such a number."""
    head, sep, tail = name.rpartition("_")
    return head if sep and head and tail.isdigit() and len(tail) <= 4 and not head.endswith("_") else name


def is_type_name(token: str, strict: bool = False) -> bool:
    """Does ``token`` look like an exception class name (possibly dotted)?

    Lenient (first prefix on a line): CamelCase with at least two humps or a known suffix. Strict
    (a further prefix after one was stripped): only the usual suffixes, so ``ValueError: Foo: bar``
    keeps ``Foo``.
    """
    # a private class (``_WrappedReferencingError``) is still a class: its underscores say nothing
    last = numbered_class(token.rsplit(".", 1)[-1].lstrip("_"))
    if last[:1].islower() and last.isidentifier() and last.endswith(_TYPE_SUFFIXES):
        # a class named in lower camel case (``gTTSError``, ``dbError``): its suffix says it
        return any(c.isupper() for c in last[: -len(next(x for x in _TYPE_SUFFIXES if last.endswith(x)))])
    if not last or not last[0].isupper() or not any(c.islower() for c in last):
        return False
    if last in _BARE_TYPES or last.endswith(_TYPE_SUFFIXES) or last.lower().endswith(_LOWER_SUFFIXES):
        return True
    if strict:
        return False
    if _module_class(token):
        # ``telegram.error.Conflict``: a class a lowercase module path qualifies, one word or not
        return True
    humps = sum(1 for i, c in enumerate(last) if c.isupper() and (i == 0 or not last[i - 1].isupper()))
    return humps >= 2 and "_" not in last.strip("_")


def parse(text: str) -> ParsedQuery:
    """Parse pasted text into a :class:`ParsedQuery`."""
    cleaned, truncated = clean(text)
    lines = _traceback_in_e_lines(_interleaved_error_lines(cleaned.split("\n")))
    blocks_lines = _split_exit_tails(
        _split_warning_heads(_split_warning_records(_split_class_first(_split_blocks(lines))))
    )
    group_is_context = _group_before_top_chain(lines)
    blocks = [_parse_block(b) for b in blocks_lines[-MAX_BLOCKS:]]
    blocks = _without_cut_rerun(blocks, blocks_lines[-MAX_BLOCKS:])
    # a class printed alone (raised without a message) is a block too: its type is the evidence
    blocks = [b for b in blocks if b.message or b.frames or b.exc_type] or [Block()]
    primary = len(blocks) - 1 if group_is_context else _primary(blocks, _first_member_chain(lines))
    primary = _whole_before_cut(blocks, primary, lines)
    primary = _before_exit(blocks, primary)
    _uncut_from_earlier(blocks, primary)
    _without_jax_note(blocks)
    # one traceback (the text above it, ``_text_before_traceback``, is tried after it, as an
    # earlier block): a cut one's last shown raise statement is its error line
    alone = len(blocks) == 1
    earlier, at = blocks[primary].earlier, primary
    while earlier is not None:  # tried after the primary, as an earlier exception of a chain is
        blocks.insert(at, earlier)  # (each one earlier still: the chain's order, the earliest first)
        primary += 1
        earlier = earlier.earlier
    b = blocks[primary]
    if primary == len(blocks) - 1 and b.frames and any(c in cleaned for c in _CHAIN[:2]):
        b.caught_in = _caught_in(lines, b.frames)
    if alone and b.frames and not b.exc_type and _cut_in_class(b):
        b.message = ""  # the error line cut inside its class: the frame's raise is the error
    if alone and b.frames and not b.exc_type and not b.message:
        _message_of_raise_line(b)
        if not b.exc_type:
            _message_of_open_raise(b, text)
        if not b.exc_type:
            _message_of_shown_raise(b, text)
        if not b.exc_type and b.earlier is None:
            _class_of_raise_line(b)
    elif len(blocks) == 1 and not b.frames and not b.exc_type:
        _message_of_pytest_listing(b, cleaned)
        if not b.exc_type:
            _crash_title(b)
    elif b.frames and b.exc_type and not b.message.strip():
        _message_in_prose_above(b, lines)
    kind, level = b_kind(b)
    frames = b.frames
    return ParsedQuery(
        text=cleaned,
        message=b.message,
        exc_type=b.exc_type,
        exc_types=b.exc_types,
        frames=frames,
        kind=kind,
        level=level,
        blocks=blocks,
        primary=primary,
        input_truncated=truncated,
        group_is_context=group_is_context,
        suggestion=b.suggestion,
        validated=b.validated,
        printed_call=b.printed_call,
        error_panel=error_panel(text),
    )


# ``raise pkg.SomeError("text`` (the statement may be cut where the paste ends): the class and
# the literal text of its first argument, a plain string (an f-string's fields are unknown),
# one quote free inside the other's literal (``"didn't respond"``)
_RAISE_LITERAL = re.compile(
    r"""raise ([A-Za-z_][\w.]{0,300})\(\s{0,20}[rRuU]?"""
    r"""(?:(")((?:[^"\\]|\\.){1,2000}?)(?:"|$)|(')((?:[^'\\]|\\.){1,2000}?)(?:'|$))"""
)


def raise_literal(source: str) -> tuple[str, str] | None:
    """The class and the literal text of ``raise pkg.SomeError("text"`` (a statement's first
    line as a traceback prints it, perhaps cut after the text), or None when the statement
    gives no plain string first."""
    m = _RAISE_LITERAL.match(source)
    if m is None:
        return None
    quote, text = (m.group(2), m.group(3)) if m.group(2) else (m.group(4), m.group(5))
    if "\\" in text:
        try:
            text = ast.literal_eval(quote + text + quote)
        except (SyntaxError, ValueError):
            return None
    return m.group(1), text


# ``raise pkg.SomeError(error_message)``, ``raise SomeError`` (the statement may be cut where
# the paste ends): the class, whatever the text is made of
_RAISE_CLASS = re.compile(r"raise ([A-Za-z_][\w.]{0,300})(?:\(|\s*$)")


def _class_of_raise_line(b: Block) -> None:
    """A traceback cut before its exception line whose last frame prints a raise whose text is
    no literal (``raise _exceptions.UnparsedFlagAccessError(error_message)``, a bare ``raise
    NoConsoleScreenBufferError``): that statement's class is the error's, as Python would have
    printed it on the next line, its text unknown. Only a name read as an exception's (or a
    built-in exception): ``raise`` of a call that builds one (``raise make_error(x)``) names none.
    Not under text of the paste's own above the traceback (a GraphQL box's ``Message: ...``,
    tried as the error's text, ``_text_before_traceback``): a class alone would outrank it."""
    m = _RAISE_CLASS.match((b.frames[-1].source or "").strip())
    if m is None:
        return
    name = m.group(1).rsplit(".", 1)[-1]
    if not is_type_name(name, strict=True) and name not in BUILTIN_EXCEPTIONS:
        return
    b.exc_type = name
    b.exc_types.append(name)


def _message_of_raise_line(b: Block) -> None:
    """A traceback cut before its exception line (a terminal's scrollback, a panel's last
    lines), whose last frame prints a raise of a class given a literal text: that class and
    that text are the error it shows, as Python would have printed them on the next line."""
    found = raise_literal(b.frames[-1].source or "")
    if found is None or (
        not is_type_name(found[0].rsplit(".", 1)[-1]) and found[0] not in BUILTIN_EXCEPTIONS
    ):
        return
    b.exc_type = found[0].rsplit(".", 1)[-1]
    b.exc_types.append(b.exc_type)
    b.message = found[1].strip()


def _cut_in_class(b: Block) -> bool:
    """Whether a traceback's error line was cut inside its class name (a stored excerpt ending
    at ``Val``, read as a message with no class), under a last frame printing ``raise
    ValueError('left cannot be >= right')``: the line starts what that raise prints, so it is
    that statement's error, read from the frame (``_message_of_raise_line``), not a text of
    three letters. Only a word that opens the class (or its dotted path) and is shorter than it."""
    cut = b.message.strip()
    found = raise_literal(b.frames[-1].source or "")
    if not cut or found is None or not cut.replace("_", "").replace(".", "").isalnum():
        return False
    name = found[0]
    return any(len(cut) < len(n) and n.startswith(cut) for n in (name, name.rsplit(".", 1)[-1]))


def _message_in_prose_above(b: Block, lines: list[str]) -> None:
    """A traceback that names its class (IPython's ``ValueError    Traceback (most recent call
    last)`` header) but was cut before its error line, under the reporter's sentence that
    quotes it (``results in ValueError: model not compiled``): the text after that class's name
    and colon on the last such line above the traceback is its message, as Python would have
    printed it under the frames. Without it, the deepest frame left (a caller of the raise,
    its arrow cut) would be read as the site of an error with no text."""
    start = next((i for i, ln in enumerate(lines) if _TB_HEADER.match(ln) or _IPY_HEADER.match(ln)), None)
    if start is None:
        return
    name = (b.exc_type or "").rsplit(".", 1)[-1]
    said = re.compile(r"(?:^|[\s`'\"(.])" + re.escape(name) + r": (\S.*)$")
    for ln in reversed(lines[max(0, start - _PROSE_ABOVE) : start]):
        m = said.search(ln)
        text = m.group(1).strip().strip("`'\"").strip() if m else ""
        if text:
            b.message = text
            return


_PROSE_ABOVE = 20  # lines above a traceback's header searched for its quoted error line
_SHOWN_LINES = 400  # lines at the paste's end searched for a shown raise statement
_BOUND_ABOVE = 10  # lines above a ``raise Cls(name)`` searched for ``name = "text"``
_RAISE_NAME = re.compile(r"raise ([A-Za-z_][\w.]{0,300})\(\s{0,20}([A-Za-z_]\w{0,100})\s{0,20}\)\s*$")
_NAME_LITERAL = re.compile(
    r"""([A-Za-z_]\w{0,100})\s{0,20}=\s{0,20}[rRuU]?(['"])((?:[^'"\\]|\\.){1,2000}?)\2\s*$"""
)


def _shown_code(ln: str) -> str:
    """The code of a source line as a paste shows it: a rich panel's ``│ 116 │ code`` (its
    indentation guides ``│`` dropped), IPython's ``     13     code`` (its line number dropped:
    no statement starts with a number and a space) or a plain line, stripped."""
    inner = ln.strip().strip("│┃").strip()
    m = _RICH_CODE.match(inner)
    if m and m.group(3) is not None:
        return m.group(3).replace("│", " ").strip()
    digits = len(inner) - len(inner.lstrip("0123456789"))
    if 0 < digits <= 9 and inner[digits : digits + 1] == " ":
        return inner[digits:].strip()
    return inner


def _names_frame(ln: str) -> bool:
    """Whether a pasted line names a frame or marks its executing line (plain, IPython or rich):
    a raise shown above the marked line is context the frame never reached."""
    inner = ln.strip().strip("│┃").strip()
    if inner.startswith("❱") or _IPY_ARROW.match(inner):
        return True
    return bool(_PY_FRAME.match(ln) or _IPY_FRAME.match(ln) or _RICH_FRAME.match(inner))


def _message_of_open_raise(b: Block, text: str) -> None:
    """A traceback cut before its exception line whose last frame's marked line opens a raise
    its parentheses leave open (``raise GroqError(``), the rows shown below it (a rich panel's
    context rows, one rich wrapped without a line number; IPython's context lines) holding the
    rest of the statement: the statement read whole, as ``_message_of_raise_line`` reads one
    line. The frame's source stays the statement's first line, which the catalogue is keyed by;
    a border, an inner panel (locals) or another frame ends the rows."""
    source = (b.frames[-1].source or "").strip()
    if not source.startswith("raise ") or _open_parens(source) <= 0:
        return
    raw = _unjoin_box_rows(text[-INPUT_CAP:].split("\n")[-_SHOWN_LINES:])
    last = max((i for i, ln in enumerate(raw) if _names_frame(ln)), default=-1)
    if last < 0 or _shown_code(raw[last]).lstrip("❱ ") != source:
        return
    statement = source
    for ln in raw[last + 1 : last + 1 + _STATEMENT_ROWS]:
        inner = ln.strip().strip("│┃").strip()
        if not inner or inner[0] in _BOX or _names_frame(ln):
            break
        code = _shown_code(ln)
        statement += code if statement.endswith("(") else " " + code
        if _open_parens(statement) <= 0:
            break
    _take_raise_statement(b, statement)


def _take_raise_statement(b: Block, source: str) -> None:
    """The class and literal text of ``raise Cls("text"`` in ``source`` (a statement shown
    somewhere in the paste, not the last frame's own line), as the block's error when found."""
    probe = Block(frames=[Frame(path="?", source=source)])
    _message_of_raise_line(probe)
    if probe.exc_type:
        b.exc_type = probe.exc_type
        b.exc_types.append(probe.exc_type)
        b.message = probe.message


_STATEMENT_ROWS = 20  # rows below a marked raise read as the rest of its statement


def _message_of_shown_raise(b: Block, text: str) -> None:
    """A traceback cut before its exception line whose last shown source lines (a rich panel's
    lines around the marked one, a frame's context) hold the raise below the line the frame
    names: ``raise Cls("text")``, or ``raise Cls(name)`` after ``name = "text"`` among the
    lines shown, prints that class and that text, as Python would have on the next line. Only
    the last raise shown counts, and only a literal text (an f-string's fields are unknown)."""
    raw = text[-INPUT_CAP:].split("\n")[-_SHOWN_LINES:]
    last = max((i for i, ln in enumerate(raw) if _names_frame(ln)), default=-1)
    code = [_shown_code(ln) for ln in raw[last + 1 :]]
    at = next((i for i in range(len(code) - 1, -1, -1) if code[i].startswith("raise ")), None)
    if at is None:
        return
    probe = Block(frames=[Frame(path="?", source=code[at])])
    _message_of_raise_line(probe)
    if not probe.exc_type:
        m = _RAISE_NAME.match(code[at])
        if m is None or not (is_type_name(m.group(1).rsplit(".", 1)[-1]) or m.group(1) in BUILTIN_EXCEPTIONS):
            return
        above = reversed(code[max(at - _BOUND_ABOVE, 0) : at])
        bound = next((a for ln in above if (a := _NAME_LITERAL.match(ln)) and a.group(1) == m.group(2)), None)
        if bound is None or "\\" in bound.group(3):
            return
        probe.exc_type = m.group(1).rsplit(".", 1)[-1]
        probe.message = bound.group(3).strip()
    b.exc_type = probe.exc_type
    b.exc_types.append(probe.exc_type)
    b.message = probe.message


# pytest's long report of one entry: the function's arguments (``name = repr`` at column 0),
# then its source indented by four, the executing line marked ``>``, then the ``E`` lines and the
# location line (``path:N: Type``, or ``path:N:`` / ``path:N: in f`` for an entry above the last)
_PYTEST_ARG = re.compile(r"^[A-Za-z_]\w{0,200} = \S")
_PYTEST_DEF = re.compile(r"^ {4}(?:async )?def [A-Za-z_]\w{0,200}\(")
_PYTEST_MARKED = re.compile(r"^> {1,40}(\S.*)$")
# pytest's short-traceback frame: ``path:line: in function`` (its source on the lines under it)
_PYTEST_SHORT = re.compile(r"^(\S[^\n:]{0,1000}\.py):(\d{1,9}): in ([\w.<>]{1,300})\s*$")
# a frame as pytest prints one (``pkg/mod.py:16: in <module>``), a location and the function it
# ran, its source line indented under it: a block of them under a warning's report (the imports
# that led to a deprecated attribute, pasted as a ``## Traceback`` of their own) is no part of
# the warning's text, which never holds such a line
_PYTEST_FRAME = re.compile(r"^\S[^\n:]{0,1000}\.py:\d{1,9}: in [\w.<>]{1,300}\s*$")
_MD_HEADING = re.compile(r"^#{1,6} \S")  # a Markdown heading: ``## Traceback``
_PYTEST_LOCATION = re.compile(r"^\S[^\n:]{0,1000}\.py:\d{1,9}:(?: \S{1,300}| in [\w.<>]{1,300})?\s*$")


# the title an application's crash reporter gives the issue it files (aider's: ``Uncaught
# {exc_type.__name__} in {basename} line {lineno}``, of the traceback's deepest frame)
_CRASH_TITLE = re.compile(r"Uncaught ([A-Za-z_]\w{0,200}) in ([\w.-]{1,200}\.pyw?) line (\d{1,9})")


def _crash_title(b: Block) -> None:
    """A message that is a crash reporter's issue title whole (``Uncaught BadObject in base.py
    line 197``): the class it names is the error's (raised with no text the title keeps), and
    the file's base name and line are where the traceback ended, the raise itself. Read as a
    class with one located frame, not as a sentence: no template holds the title's words."""
    m = _CRASH_TITLE.fullmatch(b.message.strip())
    if m is None or (not is_type_name(m.group(1)) and m.group(1) not in BUILTIN_EXCEPTIONS):
        return
    b.exc_type = m.group(1)
    b.exc_types.append(b.exc_type)
    b.message = ""
    b.frames.append(Frame(m.group(2), int(m.group(3)), located=True))


def _message_of_pytest_listing(b: Block, text: str) -> None:
    """A pytest report cut before its ``E`` line (no location line parsed, no exception line):
    the last entry's ``>`` line, when it is ``raise Cls("text")``, prints that class and that
    text; an entry cut before its ``>`` line too (its arguments, then its ``def`` and source)
    shows its last literal raise, as a rich panel's context does (``_message_of_shown_raise``)."""
    raw = text.split("\n")[-_SHOWN_LINES:]
    last = max((i for i, ln in enumerate(raw) if _PYTEST_LOCATION.match(ln)), default=-1)
    tail = raw[last + 1 :]
    marked = [m.group(1).strip() for ln in tail if (m := _PYTEST_MARKED.match(ln))]
    if marked:
        source = marked[-1]
    else:
        arg = next((i for i, ln in enumerate(tail) if _PYTEST_ARG.match(ln)), None)
        at = next((i for i, ln in enumerate(tail) if _PYTEST_DEF.match(ln)), None)
        if arg is None or at is None or at < arg:
            return
        source = next((ln.strip() for ln in reversed(tail[at + 1 :]) if ln.strip().startswith("raise ")), "")
    _take_raise_statement(b, source)


def b_kind(b: Block) -> tuple[str | None, str | None]:
    """Kind/level hints recorded on the block as pseudo types (``log.WARNING``, warning categories)."""
    for t in reversed(b.exc_types):
        if t.startswith("log."):
            return "log", t[4:]
    if b.exc_type and b.exc_type.endswith("Warning"):
        return "warning", None
    return None, None


def _split_blocks(lines: list[str]) -> list[list[str]]:
    """Split at chained-exception separators and ExceptionGroup leaf separators."""
    blocks: list[list[str]] = [[]]
    for ln in lines:
        stripped = _GROUP_BAR.sub("", ln) if "|" in ln[:40] else ln
        if any(c in stripped for c in _CHAIN):
            blocks.append([])
            continue
        if _GROUP_SEP.match(ln):
            blocks.append([])
            continue
        blocks[-1].append(stripped if _GROUP_BAR.match(ln) and "|" in ln[:40] else ln)
    return [b for b in blocks if any(x.strip() for x in b)] or [[]]


def _split_class_first(blocks: list[list[str]]) -> list[list[str]]:
    """Each block in the class-first layout of an error tracker (Sentry's: every exception of a
    chain as its ``Class: text`` line at the margin with its frames indented under it, no
    ``Traceback`` header, no separator between them) split before each such line, when two or
    more exceptions are laid out so. They are in the chain's order, the earliest first, as
    Python prints a chain, so the last one is the exception raised (the outer, whose
    ``During handling`` the layout leaves out). Python itself never prints a frame right under
    an exception line at the margin: its frames follow a ``Traceback`` header."""
    out: list[list[str]] = []
    for b in blocks:
        starts = [
            i
            for i in range(len(b) - 1)
            if b[i + 1][:1].isspace()
            and b[i][:1].strip()
            and b[i + 1].lstrip().startswith('File "')  # (a frame line, or one cut where the paste ends)
            and _exception_text(b[i].strip(), lenient=True)
        ]
        if len(starts) < 2:
            out.append(b)
            continue
        # part j runs from its exception line (the first part: from the block's start) to the
        # next one, so it holds exactly ``starts[j]``: paired by position, not looked up among
        # all the starts for each part (a chain of 10k such parts was 50M steps, sec52)
        cuts = [0, *starts[1:], len(b)]
        for (lo, hi), at in zip(pairwise(cuts), starts, strict=True):
            part = b[lo:hi]
            k = at - lo  # its exception line after its frames, where Python prints it
            out.append([*part[:k], *part[k + 1 :], part[k]])
    return out


def _group_before_top_chain(lines: list[str]) -> bool:
    """Whether an ExceptionGroup printed with ``|`` margins is followed by a chain separator at
    the top level (no margin): Python prints a group that is the cause or the context of a later
    exception first (``raise OSError(msg) from ExceptionGroup(msg, errors)``, an ``except*``
    that raises), then the later exception's own ``Traceback (most recent call last):`` without
    margins. That later exception is the one raised, so the group's members are context only. A
    chain inside a member is printed within the margins, and a group printed after the last
    top-level separator is the final exception itself: neither counts."""
    last_margin = last_top_chain = -1
    for i, ln in enumerate(lines):
        margined = "|" in ln[:40] and _GROUP_BAR.match(ln) is not None
        if margined or _GROUP_SEP.match(ln):
            last_margin = i
        elif any(c in ln for c in _CHAIN):
            last_top_chain = i
    return 0 <= last_margin < last_top_chain


def _without_prompt(body: list[str]) -> list[str]:
    """The message lines without the shell command a console paste opens with (``$ cookiecutter
    https://...``, ``(venv) $ tool run``): the user's input, echoed before the program's error."""
    if len(body) < 2 or not _prompt_line(body[0]):
        return body
    rest = body[1:]
    while rest and not rest[0].strip():
        rest.pop(0)
    return rest or body


_OTHER_LABEL = re.compile(
    r"^(?:ERROR|WARNING|WARN|INFO|DEBUG|CRITICAL|FATAL|error|warning|note|hint|fatal)(?::|\s{2})"
)


# a web server's access-log record (the Common Log Format of Werkzeug, gunicorn, Django's
# runserver, Daphne: ``127.0.0.1 - - [04/Jul/2015 20:02:21] "POST /x HTTP/1.1" 500 -``): host,
# ident and user, the bracketed time, then the quoted request line
_ACCESS_LOG = re.compile(
    r'^\S{1,300} \S{1,100} \S{1,100} \[\d{1,2}/[A-Z][a-z]{2}/\d{4}[: ]\d{2}:\d{2}:\d{2}(?: [+-]\d{4})?\] "'
)
# a level in brackets opening a line (``[ERROR] 2025-03-26-01:19:30 (PID:45) ...``): a runtime's
# or a tool's record, not a word of a message
_BRACKET_LEVEL = re.compile(r"^\[(?:DEBUG|INFO|WARNING|WARN|ERROR|CRITICAL|FATAL)\] ")


def other_program_line(ln: str) -> bool:
    """Whether ``ln`` reads as the next output of another program rather than a message's
    continuation: a level label (pip's ``ERROR: Command errored out ...``, a build tool's
    ``note:``, npm's ``npm ERR!``, a bracketed ``[ERROR] ``), a log record, a web server's
    access-log record, or a command typed at a shell prompt."""
    text = ln.strip()
    return bool(
        _OTHER_LABEL.match(text)
        or _BRACKET_LEVEL.match(text)
        or text.startswith(("npm ERR!", "npm WARN"))
        or _log_record(text)
        or _ACCESS_LOG.match(text)
        or _prompt_line(text)
    )


# a rule under or between a message's lines (``-----``, ``=====``): ``_NOISE`` drops it as a
# paste's separator, but a class or a wrapper may print one inside its own text
_RULE = re.compile(r"^\s*(?:-{4,}|={4,})\s*$")
MAX_PRINTED_STARTS = 2  # lines holding a message's first line tried as where it was printed
MAX_PRINTED_PREFIXES = 6  # ``Name: `` prefixes read off one line (the parser strips as many)


def _printed_at(lines: list[str], first: str) -> list[int]:
    """The last few lines of the paste that end with a message's first line, last first: where
    the exception line was printed (the message ends the paste more often than not)."""
    out: list[int] = []
    for i in range(len(lines) - 1, -1, -1):
        if lines[i].rstrip().endswith(first):
            out.append(i)
            if len(out) == MAX_PRINTED_STARTS:
                break
    return out


def ruled_message(text: str, message: str) -> str | None:
    """``message`` with the rule lines the parser dropped from inside it put back, as the paste
    ``text`` printed them; None when it dropped none there. ``_NOISE`` takes a line of dashes
    for a paste's separator, which it usually is, but a message may carry its own (a wrapper
    appending a hint with an example between rules: ``f"{e.message}{HINT}"``), and a template
    that prints them fits only with them. Lines are compared stripped; any other line of the
    paste between the message's lines means this is not where it was printed."""
    mlines = message.split("\n")
    first = mlines[0].strip()
    if len(mlines) < 2 or not first:
        return None
    lines = text.split("\n")
    for i in _printed_at(lines, first):
        out, k, ruled = [mlines[0]], 1, False
        for ln in lines[i + 1 :]:
            if k == len(mlines):
                break
            if ln.strip() == mlines[k].strip():
                out.append(mlines[k])
                k += 1
            elif _RULE.match(ln):
                out.append(ln.strip())
                ruled = True
            else:
                break
        if k == len(mlines):
            return "\n".join(out) if ruled else None
    return None


# ``(pkg.module.Class) text``: a wrapper that prints the error it caught as its class, dotted,
# in parentheses, then its text (a database toolkit around a driver's error)
_CLASS_IN_PARENS = re.compile(r"^\(((?:[A-Za-z_]\w{0,100}\.){1,20}[A-Za-z_]\w{0,200})\) (?=\S)")


def class_in_parentheses(message: str) -> tuple[str, str] | None:
    """``(pkg.errors.SomeError) text`` at the head of a message: (the class, the text after it),
    else None. A wrapper in another package (not necessarily indexed) caught that error and
    printed its class and str() at the head of its own text, the text the caught raise made;
    what the wrapper adds after it (its own lines) follows. Only a dotted name named like an
    exception class: prose in parentheses is not."""
    m = _CLASS_IN_PARENS.match(message)
    if m is None or not is_type_name(m.group(1), strict=True):
        return None
    return m.group(1), message[m.end() :]


def printed_prefixes(text: str, message: str) -> list[str]:
    """The messages a line of ``Class: Class: text`` may have printed, when the parser took more
    than the first ``Name: `` off it as exception classes: the text after the first prefix,
    then after each further one, longest first (``[B: C: text, C: text]`` for ``A: B: C:
    text``). Python prints ``Class: str(e)``, and only the first prefix is certainly the class:
    a class or a wrapper may put a class's name at the head of its own text
    (``f"{type(self).__name__}: {message}"``, a provider's ``f"Error: {e}"``), which a template
    then shows as literal words. A line of one module-qualified prefix reads whole: an
    application that shows ``str(e)`` alone prints such a class-built head and nothing before."""
    first = message.split("\n", 1)[0].strip()
    if not first:
        return []
    lines = text.split("\n")
    for i in _printed_at(lines, first):
        head = lines[i].rstrip()[: -len(first)].lstrip()
        at = [0]  # where each prefix ends (and the next, or the message, begins)
        while len(at) <= MAX_PRINTED_PREFIXES and (m := _TYPE_PREFIX.match(head[at[-1] :])) is not None:
            rest = head[at[-1] + m.end() :]
            at.append(len(head) - len(rest.lstrip(" ")))
        if len(at) < 2 or at[-1] != len(head):
            continue  # not a line of prefixes and the message
        if len(at) == 2:
            # one prefix: the whole line is str(e) only when the class is shown as a module's
            # (``litellm.BadRequestError: ...``, an application printing the text alone);
            # Python prints a library class so too, and then the reading fits nothing more
            return [head + message] if "." in head else []
        return [head[a:] + message for a in at[1:-1]]
    return []


MAX_LINE_HEADS = 3  # ``words: `` heads of a multi-line message's first line read off it


def first_line_heads(message: str) -> list[str]:
    """The readings of a message of several lines whose first line an application prefixed with
    its own words (``RouteRecorder Init failed: while scanning a simple key`` then the YAML
    marks, a logger's ``f"{what} failed: {e}"``): the message without the first line's head up
    to each ``: `` in turn, shortest cut first. Python prints a caught error's ``str(e)`` there
    whole, its own lines under the first, so the head is the application's and the rest is the
    error's text. Only heads of words (no quote, bracket or second line), at most
    ``MAX_LINE_HEADS``: a single line's head is read by the template fit itself."""
    first, sep, rest = message.strip().partition("\n")
    if not sep:
        return []
    out: list[str] = []
    at = first.find(": ")
    while at > 0 and len(out) < MAX_LINE_HEADS:
        head, after = first[:at], first[at + 2 :].lstrip()
        if not after or any(c in head for c in "'\"()[]{}<>`"):
            break
        out.append(f"{after}\n{rest}")
        at = first.find(": ", at + 2)
    return out


def introduced_lines(lines: list[str]) -> list[int]:
    """Where a message's text may start after lines introducing it: each line with text whose
    last line with text before it (blank lines only space) ends in ``:`` ("I get this error
    message:", "There was a critical error during execution of X:"), reads as another program's
    output (``other_program_line``: a shell prompt, a log record, pip's ``WARNING:``) or is the
    reporter speaking of themselves (``_FIRST_PERSON``: "I'm getting this error on master",
    over a code fence the message stands in alone, whose marks the cleaning dropped). A line
    ending otherwise may be the message's own first line, so no split follows it; a library's
    text speaks to its user, not of an ``I``. A line that opens a log record (``_log_record``)
    after a blank line starts there too, whatever the text above: a record opens its own
    output, so the sentence over it ("however, got the same drift") is the reporter's."""
    starts: list[int] = []
    before = ""
    for k in range(1, len(lines)):
        before = lines[k - 1].strip() or before
        if lines[k].strip() and (
            before.endswith(":")
            or other_program_line(before)
            or _FIRST_PERSON.search(before)
            or (not lines[k - 1].strip() and _log_record(lines[k]))
        ):
            starts.append(k)
    return starts


def lone_exception_line(lines: list[str]) -> tuple[int, str] | None:
    """The one line of a message's several that is an exception line with its class qualified
    by its module (``pkg.errors.SomeError: text``, or so after pdb's ``*** `` prefix, what pdb
    prints for an exception an evaluated expression raised), when the others are the reporter's
    prose around it ("fails to decode with the error", a fenced line, "which is ignored"): its
    index and its text without pdb's prefix, else None. A class qualified by its module is how Python prints a library's
    exception and never how a sentence starts; two such lines are a report of their own (a
    chain, a log), not one line in prose. A line opening with the exception line in double
    quotes, the reporter's sentence running on after the closing quote (``"UserWarning: text"
    if the warning is ignored then ...``, ``_quoted_class_line``), is one too: the quote
    marks where the printed line ends."""
    found = None
    for k, ln in enumerate(lines):
        body = ln.strip().removeprefix(_PDB_PREFIX)
        if _quoted_class_line(body):
            pass
        elif (m := _TYPE_PREFIX.match(body)) is None or "." not in m.group(1) or not _exception_text(body):
            continue
        if found is not None:
            return None
        found = (k, body)
    return found


def _quoted_class_line(body: str) -> bool:
    """Whether ``body`` (a stripped line) opens with an exception line in double quotes and
    goes on with other words after the closing quote (``"UserWarning: text" if the warning is
    ignored ...``): one pair of quotes, the class right after the opening one named as an
    exception is (``is_type_name`` strict), a message after its colon."""
    if body[:1] != '"' or body.count('"') != 2 or body.endswith('"'):
        return False
    m = _TYPE_PREFIX.match(body[1:])
    return (
        m is not None
        and is_type_name(m.group(1), strict=True)
        and bool(body[1 + m.end() : body.index('"', 1)].strip())
    )


# a shell's prompt before the command typed at it, as consoles print it by default: bash's
# ``user@host:~/dir$ `` (``#`` for root), zsh's ``user@host dir % `` (macOS), a customised bash
# prompt with the directory after a space and the git branch in parentheses
# (``user@host ~/dir (main) $ ``), and a prompt that
# ends in ``> `` after the working directory (``~/src/app> ``, ``/srv> ``, cmd's ``C:\\dir> ``,
# PowerShell's ``PS C:\\dir> ``): a path always opens the last kind, so prose (``a > b``) does not
_USER_PROMPT = re.compile(
    r"^[\w.-]{1,100}@[\w.-]{1,200}(?::[^\s$#]{0,500}[$#]| [^\s%]{1,500} %"
    r"| [~/][^\s$#()]{0,500}(?: \([^\s()]{1,200}\))? [$#]) (?=\S)"
)
_PATH_PROMPT = re.compile(r"^(?:PS )?(?:~|/|[A-Za-z]:\\)[^\s<>|]{0,500}> (?=\S)")


def _prompt_line(ln: str) -> bool:
    """Whether ``ln`` is a command typed at a shell's prompt (``$ ``, ``_USER_PROMPT``,
    ``_PATH_PROMPT``), a virtualenv's name before it (``(venv) user@host:~$ python app.py``)."""
    text = ln.lstrip()
    if text.startswith("("):
        close = text.find(")", 1, 102)
        if close < 0:
            return False
        text = text[close + 1 :].lstrip()
    if text.startswith("$ "):
        return len(text) > 2 and not text[2].isspace()
    return bool(_USER_PROMPT.match(text) or _PATH_PROMPT.match(text))


MAX_WARNING_RECORDS = 4  # warnings of one log read apart (the matcher tries as many blocks)


def _split_warning_records(blocks: list[list[str]]) -> list[list[str]]:
    """Each block that is a log of several warnings (``_warning_records``) split into one block
    per warning."""
    return [part for b in blocks for part in _warning_records(b)]


def _warning_records(lines: list[str]) -> list[list[str]]:
    """A log of several warnings as ``warnings`` prints them (``path:line: Category: text`` at
    the first column, then its source line indented), and no traceback: pandas'
    ``RuntimeWarning`` then the plotting library's ``UserWarning`` of one call, or pytest's
    warnings summary of two entries. Each is an error of its own, and any may be the one the
    user asks about: each becomes a block (the lines above the first, the user's words, stay
    with it), the last one the primary, as the last exception of a chain is, and the matcher
    answers with the one its catalogue explains exactly (``Matcher._explain``). Read whole, the
    log's first warning stood for it and the others were dropped. The last
    ``MAX_WARNING_RECORDS`` are kept apart; a location line naming an exception class
    (``path:line: SomeError: ...``) is an exception's, not a warning's."""
    starts: list[int] = []
    for i, ln in enumerate(lines):
        if _tb_line(ln):
            return [lines]
        if (
            ln[:1].strip()
            and (m := _warning_line(ln)) is not None
            and not m.group(3).endswith(("Error", "Exception"))
        ):
            starts.append(i)
    if len(starts) < 2:
        return [lines]
    starts = starts[-MAX_WARNING_RECORDS:]
    starts[0] = 0
    return [lines[a:b] for a, b in zip(starts, [*starts[1:], len(lines)], strict=True)]


def _split_warning_heads(blocks: list[list[str]]) -> list[list[str]]:
    """Each block with a warning printed above a traceback, split in two (``_warning_head``)."""
    return [part for b in blocks for part in _warning_head(b)]


def _warning_head(lines: list[str]) -> list[list[str]]:
    """A warning as ``warnings`` prints it, then a traceback (a settings ``UserWarning`` a
    command printed before it failed): two errors, and the traceback's exception is the one the
    user asks about, as the last of a chain is. The warning becomes a block of its own before
    it (tried only when the exception finds nothing), so that its line no longer stands for the
    whole paste. A paste of warnings alone, or a traceback before any warning, is one block."""
    first = next((i for i, ln in enumerate(lines) if _warning_line(ln) or _tb_line(ln)), None)
    if first is None or _tb_line(lines[first]):
        return [lines]
    m = _warning_line(lines[first])
    if m is None or m.group(3).endswith(("Error", "Exception")):
        return [lines]  # ``path:line: SomeError: ...`` is an exception's location line
    at = next((j for j in range(first + 1, len(lines)) if _tb_line(lines[j])), None)
    if at is None:
        at = _error_after_echo(lines, first)
    return [lines] if at is None else [lines[:at], lines[at:]]


# ``warnings`` ends its report with the warning's source line indented by two spaces
_WARN_ECHO = re.compile(r"  \S")
# an error line a program printed after the warning: distutils' ``error: ...``, pip's
# ``ERROR: ...``, an exception line (``ValueError: ...``)
_ERROR_AFTER = re.compile(r"(?i:error|fatal):\s|[A-Za-z_][\w.]{0,300}(?:Error|Exception): ")


def _error_after_echo(lines: list[str], first: int) -> int | None:
    """The line starting the error a program printed after the warning at ``first`` (the
    paste has no traceback): the first text after the warning's echoed source line, when it
    is an error line. The warning's report ends at that echo, so what follows is not its
    message but the failure the user reports (``setup.py`` warns of an unknown option, then
    distutils prints ``error: ...`` and exits)."""
    echo = next((j for j in range(first + 1, len(lines)) if _WARN_ECHO.match(lines[j])), None)
    if echo is None:
        return None
    after = next((j for j in range(echo + 1, len(lines)) if lines[j].strip()), None)
    if after is None or _warning_line(lines[after]) or not _ERROR_AFTER.match(lines[after]):
        return None
    return after


_ECHO_CAP = 1_000  # characters of an echoed source line compiled to tell a statement


def _echo_then_prose(warn_lines: list[str]) -> int:
    """How many of a warning's lines are its report, when its echoed source line is followed by
    a blank line and text at the first column (a sentence written under a pasted warning): the
    report ends at the echo, ``warnings``' last line, and the text after it is the paster's. The
    echo is two spaces in under an unindented line that introduces nothing (no ``:`` end), and
    reads as a statement (it compiles, or opens a call or a bracket), so a message's own indented
    line between paragraphs is kept. Otherwise every line."""
    n = len(warn_lines)
    texts = [i for i, ln in enumerate(warn_lines) if ln.strip()]
    indented = [i for i in texts if warn_lines[i][:1] in (" ", "\t")]
    if len(texts) < 3 or not indented:
        return n
    # the echo is the last indented line, with text at the first column after its blank line
    k = indented[-1]
    echo, above = warn_lines[k], warn_lines[k - 1] if k else ""
    if k + 2 >= n or warn_lines[k + 1].strip() or k == texts[-1] or not _WARN_ECHO.match(echo):
        return n
    if above[:1] in ("", " ", "\t") or above.rstrip().endswith(":"):
        return n
    return k + 1 if _statement_like(echo.strip()) else n


# a call whose first argument is a string literal opening with given text
_LITERAL_CALL = r"""\(\s{0,20}[rRuUfF]?(["'])"""
_ECHO_WORDS = 20  # characters of the message's start an unindented echo must quote


def _unindented_echo(warn_lines: list[str]) -> int | None:
    """Where a warning's echoed source line stands when the paste lost its two-space indent
    (a fence whose lines were pasted flush, a blank line put between the warning and its source
    line): the first line after the message's first line and blank lines only, at the first
    column, a statement (``_statement_like``) calling something with a string literal that
    opens with the message's own first ``_ECHO_WORDS`` characters (``warnings.warn("Can not find
    any timezone ...")`` under ``UserWarning: Can not find any timezone ...``). A source line
    quoting the text it warns is ``warnings``' echo, not the message's next line, so it and the
    paster's lines after it are no part of the message. None when no such line follows."""
    first = warn_lines[0].strip() if warn_lines else ""
    if len(first) < _ECHO_WORDS:
        return None
    quoted = re.compile(_LITERAL_CALL + re.escape(first[:_ECHO_WORDS]))
    for k in range(1, len(warn_lines)):
        ln = warn_lines[k]
        if not ln.strip():
            continue
        if k >= 2 and ln[:1] not in (" ", "\t") and quoted.search(ln) and _statement_like(ln.strip()):
            return k
        return None
    return None


def _statement_like(code: str) -> bool:
    """Does ``code`` read as one Python source line: it compiles, or it opens a bracket that the
    statement's next lines close (``warnings.warn(``)?"""
    if code.endswith(("(", "[", "{", ",")):
        return True
    if len(code) > _ECHO_CAP:
        return False
    try:
        compile(code, "<echo>", "exec")
    except (SyntaxError, ValueError):
        return False
    return True


def _echoed_source(before: str, last: str) -> bool:
    """Whether ``last``, the line after a warning's message, is the source line ``warnings``
    echoes under it: indented, under a message line that is not; or, under a message whose own
    lines are indented deeper (a URL set under its sentence: ``    https://...``), at exactly
    the two spaces ``warnings`` prints and calling something (``  n_iter_i = f(``), as a
    statement that warns through a call does."""
    if not last.startswith("  "):
        return False
    if not before.startswith("  "):
        return True
    return bool(_WARN_ECHO.match(last)) and before.startswith("   ") and "(" in last


def _printed_call(block: Block) -> None:
    """A warning pasted as ``Category: text`` with no location line above it but with the
    source line ``warnings`` prints under it (two spaces in, a statement that calls something:
    ``  return self._fit(X, y)``): that line is not the message's. It is the line the warning is
    attributed to (``stacklevel``), the caller of the function that warned, so the name it calls
    is frame evidence (``Block.printed_call``, read by the matcher as a last frame's call). Only
    under a message whose last line starts at the first column: a message indented throughout
    keeps its lines."""
    if block.frames or not block.exc_type or not block.exc_type.endswith("Warning"):
        return
    head, sep, last = block.message.rpartition("\n")
    if not sep or not _WARN_ECHO.match(last) or head.rpartition("\n")[2][:1] in ("", " ", "\t"):
        return
    if "(" not in last or last.rstrip().endswith(":"):
        return  # a call shows the name; a ``label:`` line is the message's own
    block.message = head.rstrip()
    block.printed_call = last.strip()


def _split_exit_tails(blocks: list[list[str]]) -> list[list[str]]:
    """Each block with an exit printed after its error, split in two (``_exit_tail``)."""
    return [part for b in blocks for part in _exit_tail(b)]


# ``SystemExit: 2``, ``pkg.SomeExit: 1``: an exit class (named ``...Exit``) with a status alone
_EXIT_LINE = re.compile(r"([A-Za-z_][\w.]{0,300}): -?\d{1,9}")


def _exit_tail(lines: list[str]) -> list[list[str]]:
    """Text with no traceback, then an exit printed as an exception line with a status alone
    (``SystemExit: 2``, a subclass's ``SomeExit: 2``): a program that printed its error and
    exited, uncaught in a shell that reports the exit (IPython), with whatever the shell printed
    after it (its warning about exiting). The text before is the error the user asks about; the
    exit and the lines after it become a block of their own before it, tried only when the text
    finds nothing, as a warning printed before a traceback is (``_warning_head``)."""
    if _framed(lines):
        return [lines]  # a traceback's exit: its frames say where the exit was raised
    at = next((i for i in range(len(lines) - 1, 0, -1) if _exit_line(lines[i])), None)
    if at is None or not any(ln.strip() for ln in lines[:at]):
        return [lines]
    return [lines[at:], lines[:at]]


def _exits(b: Block) -> bool:
    """Whether block ``b`` is an exit with a status alone (``SystemExit: 2`` as its exception
    line, or among its lines when a copy set it apart from its frames)."""
    if (
        b.exc_type
        and b.exc_type.endswith("Exit")
        and _EXIT_LINE.fullmatch(f"{b.exc_type}: {b.message.strip()}")
    ):
        return True
    return not b.exc_type and any(_exit_line(ln) for ln in b.message.split("\n"))


def _before_exit(blocks: list[Block], primary: int) -> int:
    """The chain's error when its last exception is an exit with a status alone (click's
    ``sys.exit(e.exit_code)`` after it printed a usage error, Sentry listing ``SystemExit: 2``
    after the ``NoSuchOption`` it handled): the exception before it, which the program exited
    on. An exit raises no error of a library's; its frames are the program's way out."""
    if primary > 0 and _exits(blocks[primary]):
        before = blocks[primary - 1]
        if before.exc_type and before.frames and not _exits(before):
            return primary - 1
    return primary


def _exit_line(ln: str) -> bool:
    """Whether ``ln`` is an exit class's exception line with a status alone (``_EXIT_LINE``)."""
    m = _EXIT_LINE.fullmatch(ln.strip())
    return m is not None and m.group(1).endswith("Exit")


def _traceback_in_e_lines(lines: list[str]) -> list[str]:
    """pytest's ``E`` lines that hold a whole traceback (a test that ran code in another
    process and failed on its output: ``E   Traceback (most recent call last):``, ``E     File
    "...", line 162, in _call_hook``, ``E   pep517.wrappers.BackendUnavailable``): the lines as
    that traceback, without the ``E`` column and the indentation its header line has, so its
    frames are read as frames and its last line as its exception line. Only the run of ``E``
    lines that opens with the header and shows a frame; the lines around it stay as they are."""
    out: list[str] = []
    i = 0
    while i < len(lines):
        m = _PYTEST_E.match(lines[i])
        body = m.group(1) if m else None
        if body is None or not _TB_HEADER.match(body):
            out.append(lines[i])
            i += 1
            continue
        j = i
        while j < len(lines) and _PYTEST_E.match(lines[j]):
            j += 1
        run = [ln[1:] for ln in lines[i:j]]  # (the ``E`` column off; the header's indent is the run's)
        if not any(_PY_FRAME.match(x) for x in run):
            out.extend(lines[i:j])
        else:
            pad = len(run[0]) - len(run[0].lstrip())
            out.extend(x[pad:] if x[:pad].isspace() else x.lstrip() for x in run)
        i = j
    return out


def _interleaved_error_lines(lines: list[str]) -> list[str]:
    """The lines with an error line put back under its own frames where two processes wrote
    to one terminal at once (``multiprocessing`` workers failing together): the second
    traceback's ``Traceback (most recent call last):`` header lands between the first one's
    frames and its exception line, which then heads the second one's frames. An exception line
    directly under a header and directly above a frame belongs to the frames above the header
    (a traceback's header is followed by its first frame, never by its error), so the two lines
    are swapped back."""
    out = list(lines)
    for i in range(1, len(out) - 2):
        if not _TB_HEADER.match(out[i]) or not _PY_FRAME.match(out[i + 2]):
            continue
        error = out[i + 1]
        typed = _TYPE_PREFIX.match(error) or _BARE_TYPE.match(error.rstrip())
        if error[:1].isspace() or not typed or not _framed(out[max(0, i - 2) : i]):
            continue
        out[i], out[i + 1] = error, out[i]
    return out


def _tb_line(ln: str) -> bool:
    """Whether ``ln`` starts or continues a traceback (its header, or a frame line)."""
    return bool(_TB_HEADER.match(ln) or _PY_FRAME.match(ln) or _IPY_FRAME.match(ln))


def _without_cut_rerun(blocks: list[Block], lines: list[list[str]]) -> list[Block]:
    """Two tracebacks run together in a log, the last cut before its exception line: the last
    block holds a second ``Traceback (most recent call last):`` that follows a whole traceback
    without a chain separator, and yields no message or type of its own. The error the paste
    shows is the whole one before it: the cut one is split off and dropped."""
    if not blocks or blocks[-1].message or blocks[-1].exc_type:
        return blocks
    last = lines[-1]
    at = next((i for i, ln in enumerate(last) if i and _TB_HEADER.match(ln) and _framed(last[:i])), None)
    if at is None:
        return blocks
    if at >= 2 and last[at - 1].strip() and not last[at - 2].strip() and not _tb_line(last[at - 1]):
        at -= 1  # the second one's own log head (``[logger] Sub-error 1 in task:``), apart by a blank
    head = _parse_block(last[:at])
    # a class raised without a message (``anyio.BrokenResourceError`` alone) under its frames
    # is as whole an error as one with a text
    if not (head.exc_type and (head.message or head.frames)):
        return blocks
    return [*blocks[:-1], head]


def _framed(lines: list[str]) -> bool:
    """Whether ``lines`` hold a frame line (of any traceback format)."""
    return any(_PY_FRAME.match(ln) or _IPY_FRAME.match(ln) for ln in lines)


def _primary(blocks: list[Block], member_chain: int = 0) -> int:
    """The exception asked about: the last of a chain; for an ExceptionGroup its first leaf,
    the last of that leaf's own chain (``member_chain`` separators past its first block)."""
    last = len(blocks) - 1
    for i, b in enumerate(blocks):
        group = b.exc_type and b.exc_type.rsplit(".", 1)[-1] in ("ExceptionGroup", "BaseExceptionGroup")
        if group and i + 1 < len(blocks):
            leaf = min(i + 1 + member_chain, last)
            return leaf if blocks[leaf].exc_type else i + 1
    return last


def _first_member_chain(lines: list[str]) -> int:
    """How many chain separators Python printed inside a group's first member (between the
    ``+-+---- 1 ----`` line and the next separator of the group): a member raised while handling
    another error (or from it) is printed as its own chain within the margins, and the member's
    error is the last of that chain."""
    start = next((i for i, ln in enumerate(lines) if _GROUP_SEP.match(ln)), None)
    if start is None:
        return 0
    n = 0
    for ln in lines[start + 1 :]:
        if _GROUP_SEP.match(ln):
            break
        if "|" in ln[:40] and any(c in ln for c in _CHAIN):
            n += 1
    return n


def _caught_in(lines: list[str], frames: list[Frame]) -> Frame | None:
    """The frame that caught the exception printed before the last one of a chain, when the
    last one's frames (``frames``) do not show that function: its name, without the line.

    A traceback starts at the frame that caught its exception, so the first frame of the
    exception printed before ``During handling of the above exception`` (or ``The above
    exception was the direct cause``) is the function whose ``except`` clause was running
    when the last one was raised: the last one was raised there or in something it called.
    Its own frames pass through that function unless its traceback was replaced on the way up
    (``raise exc.with_traceback(None)``, a copy raised again) or frames were hidden; then this
    is the only frame that says where it was made (read as the deepest one, by function: its
    line is the call that raised the caught one, not the raise). Only the two separators
    CPython prints count (cleo's shows the earlier error's place in its own way), and not
    inside an ExceptionGroup's margins, whose separators nest."""
    seps = [i for i, ln in enumerate(lines) if any(c in ln for c in _CHAIN[:2])]
    if not seps or any(_GROUP_SEP.match(ln) for ln in lines):
        return None
    start = seps[-2] + 1 if len(seps) > 1 else 0
    # (its first frame line is all that is read: the block was parsed whole already; IPython's
    # ``File path:36, in f(args)`` too, the argument list left off, unless a cell's frame comes
    # first: the user's own code caught it there)
    m = None
    for ln in lines[start : seps[-1]]:
        if _IPY_CELL.match(ln) or _IPY_OLD_FRAME.match(ln):
            return None
        if m := _caught_frame(ln):
            break
    function = (m.group(3) or "").split("(", 1)[0].strip() if m else ""
    if m is None or not function:
        return None
    path = m.group(1).strip()
    if any(f.function == function and _same_file(f.path, path) for f in frames):
        return None
    return Frame(path, None, function, None)


def _caught_frame(ln: str) -> re.Match[str] | None:
    """A CPython frame line, or IPython's (``File path:36, in f(args)``, its path unquoted)."""
    if m := _PY_FRAME.match(ln):
        return m
    return _IPY_FRAME.match(ln) if not ln.lstrip().startswith('File "') else None


def _same_file(a: str, b: str) -> bool:
    """Whether two printed paths name one file (the same path, or one a suffix of the other
    at a separator: a paste may shorten a path)."""
    a, b = a.replace("\\", "/"), b.replace("\\", "/")
    return a == b or a.endswith("/" + b) or b.endswith("/" + a)


# the note JAX prints under ``UnfilteredStackTrace: Cls: text`` (its traceback before its
# internal frames were filtered out), not part of the error's text
_JAX_NOTE = "\n\nThe stack trace below excludes JAX-internal frames."


def _uncut_from_earlier(blocks: list[Block], primary: int) -> None:
    """The last part of a chain ends on an error line cut inside a word (a stored excerpt
    ending at ``Value '<...>' w``) whose whole text an earlier part prints as the same class:
    JAX prints the error first unfiltered (``UnfilteredStackTrace: TypeError: Value ...``,
    under its note) and then, after "The above exception was the direct cause", as itself.
    The earlier part's text, its note left out, is the cut line's whole. A cut at a word's end
    could be a shorter message of its own (``raise ValueError("Invalid value") from e``), so
    only a cut inside a word is read so."""
    b = blocks[primary]
    cut = b.message
    if (
        primary != len(blocks) - 1
        or not b.exc_type
        or not cut.strip()
        or "\n" in cut
        or not cut[-1].isalnum()
    ):
        return
    name = b.exc_type.rsplit(".", 1)[-1]
    for e in reversed(blocks[:primary]):
        if not e.message or not e.exc_type or e.exc_type.rsplit(".", 1)[-1] != name:
            continue
        whole = e.message.split(_JAX_NOTE, 1)[0].rstrip()
        if len(whole) > len(cut) and whole.startswith(cut) and whole[len(cut)].isalnum():
            b.message = whole
            return


def _without_jax_note(blocks: list[Block]) -> None:
    """JAX's note under an unfiltered error (``_JAX_NOTE`` and the lines after it) is no part
    of that error's text. A chain whose last part is cut before its error line falls back to
    the ``UnfilteredStackTrace: Cls: text`` part (``_whole_before_cut``), whose message would
    otherwise end in the note and match no statement's text."""
    for b in blocks:
        if _JAX_NOTE in b.message:
            b.message = b.message.split(_JAX_NOTE, 1)[0].rstrip()


def _whole_before_cut(blocks: list[Block], primary: int, lines: list[str]) -> int:
    """A chain whose last part is cut before its exception line (frames, then nothing): that
    part names no error, and its deepest frame is no raise (else that frame is the answer), so
    the error the paste shows is the last whole part before it. IPython names the class in a
    part's header line before its frames (``FieldError    Traceback (most recent call last)``):
    a part cut inside its frames names that class and still shows no error line, no text."""
    b = blocks[primary]
    if primary != len(blocks) - 1 or b.message or (b.exc_type and not b.header_only) or not b.frames:
        return primary
    if (b.frames[-1].source or "").startswith("raise"):
        return primary
    if (record := _record_over_chain(blocks, primary)) is not None:
        blocks[0].earlier = None
        blocks.insert(0, record)  # the record is the error asked about; the chain under it follows
        return 0
    if _repr_above_traceback(b, lines):
        return primary
    if _raised_from_caught(blocks, primary, lines):
        return primary
    for i in range(primary - 1, -1, -1):
        if blocks[i].message and blocks[i].exc_type:
            return i
    return primary


def _raised_from_caught(blocks: list[Block], primary: int, lines: list[str]) -> bool:
    """The chain's cut last part is IPython's header naming a class of its own (``PatsyError
    Traceback (most recent call last)``) printed after "The above exception was the direct
    cause": ``raise Cls(...) from e`` ran in the ``except`` clause of the function that caught
    the part before it, the first frame that part shows (``_caught_in``). The class and that
    function pin the raise, so the cut part stays the error asked about (the part before it is
    still tried when they find nothing), not the caught error it was raised from."""
    b = blocks[primary]
    if not b.header_only or not b.exc_type or primary == 0 or _caught_in(lines, b.frames) is None:
        return False
    seps = [ln for ln in lines if any(c in ln for c in _CHAIN)]
    before = blocks[primary - 1].exc_type or ""
    return (
        bool(seps)
        and _CHAIN[1] in seps[-1]
        and before.rsplit(".", 1)[-1] != b.exc_type.rsplit(".", 1)[-1]
        and bool(blocks[primary - 1].frames)
    )


_REPR_LINES_ABOVE = 40  # lines above a traceback searched for a log's repr of the error it ends in


def _repr_above_traceback(b: Block, lines: list[str]) -> bool:
    """A traceback (or a chain) whose last part lost its exception line, under a log that
    printed the error's repr (httpcore's trace ``...failed exception=ProtocolError('Invalid
    input ...')``, asyncio's ``task: <Task finished ... exception=LocalProtocolError('...')>``,
    celery's ``Task handler raised error: WorkerLostError('...')``): the application logged
    what the call raised, then the traceback of it, so the last such repr above the first
    traceback is the error the cut part ends in. Its class and text become the part's, whose
    frames still place it; read as ``_keyword_repr`` and ``_trailing_repr`` read a line's
    repr, within ``_REPR_LINES_ABOVE`` lines of the ``Traceback`` header. False when none is
    there (the part is then left as it is), or when no plain ``Traceback`` header is (an
    IPython traceback under the reporter's prose and code is ``_message_in_prose_above``'s).
    The window ends at the first line of any traceback, a header dressed in Markdown
    (``**`Traceback ...``) or a frame included: an earlier traceback's ``raise Error(...)``
    source line is code, not a log's repr."""
    if not any(_TB_HEADER.match(ln) for ln in lines):
        return False
    head = next(i for i, ln in enumerate(lines) if _opens_traceback(ln))
    for ln in reversed(lines[max(head - _REPR_LINES_ABOVE, 0) : head]):
        scratch = Block()
        text = _keyword_repr(scratch, ln)
        if not scratch.exc_types:
            text = _trailing_repr(scratch, ln)
        if scratch.exc_types and text.strip():
            b.exc_types.append(scratch.exc_types[-1])
            b.exc_type = scratch.exc_types[-1]
            b.message = text.strip()
            return True
    return False


def _opens_traceback(line: str) -> bool:
    """Whether a line is a traceback's header, however dressed, or one of its frames."""
    return "Traceback (most recent call last)" in line or bool(_PY_FRAME.match(line))


def _record_over_chain(blocks: list[Block], cut: int) -> Block | None:
    """The log record the paste opens with when it states an error's text (``... (tool.run):
    Caught unexpected exception: The 'output_path' trait ...``, read as the first part's
    ``earlier`` block by ``_text_before_traceback``) right above a chain of tracebacks whose last
    part (``cut``) lost its exception line: ``logger.exception`` prints the record, then the
    chain of what the handler caught, so the record's text is the error that ended the chain.
    The whole part before the cut one is an earlier link (the ``KeyError`` it was raised while
    handling), not that error. The record must carry text after a colon (``Exception on /login
    [GET]`` states none) and every part of the chain show frames; None otherwise."""
    record = blocks[0].earlier
    if cut < 1 or record is None or record.frames or record.earlier is not None:
        return None
    if not (record.exc_type or "").startswith("log."):
        return None
    _head, colon, said = record.message.partition(": ")
    return record if colon and said.strip() and all(x.frames for x in blocks[: cut + 1]) else None


class _BlockParser:
    """One pass over a block's lines: frames (CPython, IPython, pytest), pytest ``E`` lines,
    warnings as printed, then the message from what is left."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        self.block = Block()
        self.msg_start = 0  # index of the first line after the last frame-related line
        self.first_frame: int | None = None  # index of the line of the first frame
        self.e_lines: list[str] = []
        self.header_type: str | None = None
        self.footer_type: str | None = None
        self.marked: str | None = None  # pytest's ``>`` line: the source of the next location line
        self.marked_at: int | None = None  # ... and its index
        self.flow: set[int] = set()  # ``>`` lines continuing the message line above (``_flow_line``)
        self.warning: tuple[str, list[str]] | None = None  # (category, message lines) of a warning
        self.cleo_body: list[str] | None = None  # the message above cleo's ``at path:line in f``
        self.nested: int | None = None  # the line opening a message that is a whole traceback
        self.e_indent: str | None = None  # the margin of ``E`` lines pasted indented (``_indented_e_line``)
        self.frame_at: list[int] = []  # the line of each frame, in ``block.frames``' order
        self.quote_from: int | None = None  # where a closing markdown quote starts (``_closing_quote``)
        self.tracker_frames = 0  # frames read off an error tracker's page (``_tracker_frame``)
        self.ipython = False  # the header is IPython's ``Class   Traceback (most recent call last)``

    def run(self) -> Block:
        i, n = 0, len(self.lines)
        self.nested = _nested_traceback(self.lines)
        if self.nested is None:
            self.nested = _location_in_message(self.lines)
        if self.nested is not None:
            n = self.nested  # the frames after it are the message's, not this traceback's
        steps = (
            self._frame,
            self._cleo,
            self._pytest_short,
            self._pytest,
            self._ipython_header,
            self._warning,
        )
        while i < n:
            for step in steps:
                nxt = step(i)
                if nxt is not None:
                    i = nxt
                    break
            else:
                i += 1
        return self._finish()

    def _add_frame(self, at: int, frame: Frame, nxt: int) -> int:
        frame.function = _unbolded(frame.function)
        self.block.frames.append(frame)
        self.frame_at.append(at)
        if self.first_frame is None:
            self.first_frame = at
        self.msg_start = nxt
        return nxt

    def _frame(self, i: int) -> int | None:
        """A frame line of CPython, IPython (new and old) or an IPython cell, with its source."""
        ln = self.lines[i]
        frame: Frame | None = None
        m = _PY_FRAME.match(ln) or _BARE_FRAME.match(ln)
        if m:
            frame = Frame(m.group(1), int(m.group(2)), (m.group(3) or "").strip() or None)
        elif m := _IPY_CELL.match(ln):
            frame = Frame(f"<cell {m.group(1)}>", int(m.group(2) or m.group(3)), None)
        elif (m := _IPY_FRAME.match(ln)) and not ln.lstrip().startswith('File "'):
            fn = (m.group(3) or "").strip().split("(", 1)[0].strip() or None
            frame = Frame(m.group(1).strip(), int(m.group(2)), fn)
        elif m := _IPY_OLD_FRAME.match(ln):
            frame = Frame(m.group(1), None, (m.group(2) or m.group(3)).strip())
        elif m := _DJANGO_FRAME.match(ln):
            return self._django_frame(i, Frame(m.group(1), None, m.group(2)))
        elif m := _TRACKER_FRAME.match(ln):
            return self._tracker_frame(i, m)
        elif (
            self.block.frames
            and (m := _FILE_ONLY_FRAME.match(ln))
            and not any(x.strip() for x in self.lines[i + 1 :])
        ):
            # the paste ends inside its last frame, cut after the file's name (or its line's
            # number): the file still says where the frame above called into, the line (when
            # printed) where in it, with no function of its own
            frame = Frame(m.group(1), int(m.group(2)) if m.group(2) else None, None)
        if frame is None:
            return None
        return self._add_frame(i, frame, _take_source(self.lines, i + 1, frame))

    def _cleo(self, i: int) -> int | None:
        """cleo's ``at path:line in function`` (the raising frame, the message above it) or a
        numbered frame of its stack, with the ``N│`` source lines under it (the ``→`` one is the
        frame's own line)."""
        ln = self.lines[i]
        at = _CLEO_AT.match(ln)
        m = at or _CLEO_STACK.match(ln)
        if m is None:
            return None
        frame = Frame(m.group(1), int(m.group(2)), m.group(3))
        j, n = i + 1, len(self.lines)
        while j < n and j - i <= 40:
            src = _CLEO_SOURCE.match(self.lines[j])
            if src is None and self.lines[j].strip():
                break
            if src is not None and src.group(1):
                frame.source = src.group(2).strip() or None
            j += 1
        if at is not None:
            body = _cleo_message(self.lines, i)
            if body is not None:
                self.cleo_body = body
        return self._add_frame(i, frame, j)

    def _tracker_frame(self, i: int, m: re.Match[str]) -> int | None:
        """A frame heading of an error tracker's page (``_TRACKER_FRAME``) with its ``at line N``
        beside it or on the next line; None without one. The context lines under it are not taken
        as its source: the page shows several and marks none as the line that ran, so they are
        left to fall outside the message as any frame's indented source does. A "path" holding a
        space but no folder is a sentence naming a file (``It fails in utils.py in load at line
        3``), not a tracker's heading."""
        path = m.group(1)
        if " " in path and "/" not in path and "\\" not in path:
            return None
        nxt = i + 1
        number = m.group(3)
        if number is None:
            below = _TRACKER_LINE.match(self.lines[nxt].strip()) if nxt < len(self.lines) else None
            if below is None:
                return None
            number = below.group(1)
            nxt += 1
        self.tracker_frames += 1
        return self._add_frame(i, Frame(path, int(number), m.group(2)), nxt)

    def _django_frame(self, i: int, frame: Frame) -> int:
        """A frame of Django's text traceback: its line number and source are on the next line."""
        nxt = i + 1
        m = _DJANGO_SOURCE.match(self.lines[nxt]) if nxt < len(self.lines) else None
        if m:
            frame.line = int(m.group(1))
            frame.source = (m.group(2) or "").strip() or None
            nxt += 1
        return self._add_frame(i, frame, nxt)

    def _pytest_short(self, i: int) -> int | None:
        """pytest's short traceback (``--tb=short``, and the frames of a long one's callers):
        ``path:line: in function`` with the line's source indented under it, a frame as
        CPython's ``File`` line is. A paste cut before the ``E`` lines still shows where the
        error was raised: the last such frame's source."""
        m = _PYTEST_SHORT.match(self.lines[i])
        if m is None:
            return None
        frame = Frame(m.group(1), int(m.group(2)), m.group(3))
        return self._add_frame(i, frame, _take_source(self.lines, i + 1, frame))

    def _pytest(self, i: int) -> int | None:
        """pytest's ``path:line: Type`` location line (a frame, its source the ``>`` line above),
        its ``E`` lines (the message) and its ``>`` lines."""
        ln = self.lines[i]
        m = _PYTEST_FOOTER.match(ln)
        if m and ":" not in m.group(3) and is_type_name(m.group(3)):
            # the location line names no function; the entry's listing above it opens with the
            # function's ``def`` line (pytest's long report), which names it as a ``File`` line does
            fn = (
                _listing_function(self.lines, self.marked_at)
                if self.marked is not None and self.marked_at is not None
                else None
            )
            self.block.frames.append(Frame(m.group(1), int(m.group(2)), fn, self.marked))
            self.marked = None
            self.footer_type = m.group(3)
            if not self.e_lines:
                self.msg_start = i + 1
            return i + 1
        m = _PYTEST_E.match(ln)
        if m and (self.e_lines or (m.group(1) or "").strip()):
            self.e_lines.append(m.group(1) or "")
            return i + 1
        e_line = self._indented_e_line(ln)
        if e_line is not None:
            self.e_lines.append(e_line)
            return i + 1
        if ln.strip() == ">" and not self.e_lines and self._markdown_quote(i):
            # a blank line of the closing markdown quote (``_closing_quote``): a paragraph break
            self.lines[i] = ""
            self.flow.add(i)
            return i + 1
        if ln.strip() == ">":
            # a ``>`` alone marks no source line (pytest's marker stands before the source it
            # marks): it closes a repr printed over several lines (gRPC's ``<_InactiveRpcError
            # of RPC that terminated with:`` ... ``>``), the message's last line
            return None
        if ln.startswith(_PROMPT_HEAD) and not self.e_lines and self._quoted_prompt(i):
            # an interactive prompt the message itself prints, as advice (nltk's ``Resource
            # punkt not found.`` box: ``>>> import nltk`` then ``>>> nltk.download('punkt')``):
            # text of the message, neither pytest's marker before a source line nor its flow
            # marker, which would drop the text above it or a ``>`` of the prompt
            return i + 1
        if ln.startswith(">") and not self.e_lines and _quoted_exception_line(ln):
            # a markdown quote of the exception line under the user's prose (``It fails:`` then
            # ``> ValueError: ...``): pytest's marker stands before source code, and no statement
            # reads ``SomeError: text``; the line is the error's, and ``>`` lines after it go on
            # with its text
            self.lines[i] = ln[1:].strip()
            self.flow.add(i)
            return i + 1
        if ln.startswith(">") and not self.e_lines and self._flow_line(i):
            # pytest's flow marker before the further lines of a report whose first line (its
            # ``E`` gutter cut off in the paste) is the plain line above: message text, stripped
            # as pytest prints it
            self.lines[i] = ln[1:].strip()
            self.flow.add(i)
            return i + 1
        if not self.e_lines and self._markdown_quote(i):
            # a markdown quote of the error's text under the user's prose (``We get:`` then
            # ``> **SomeError**`` and ``> text``): read as text, as a quoted exception line is
            self.lines[i] = ln[1:].strip()
            self.flow.add(i)
            return i + 1
        if not self.e_lines and self._quote_paragraph(i):
            # a paragraph the reporter quoted between paragraphs of their own (the error line,
            # then ``> Deprecated since version 1.1: ...``, then a sentence): read as text, as
            # a quote closing the paste is (``_markdown_quote``)
            self.lines[i] = ln[1:].strip()
            self.flow.add(i)
            return i + 1
        if ln.startswith(">") and not self.e_lines:
            self.marked = ln[1:].strip() or None
            self.marked_at = i
            self.msg_start = i + 1
            return i + 1
        return None

    def _indented_e_line(self, ln: str) -> str | None:
        """The text of a pytest ``E`` line pasted indented (a markdown code block of four
        spaces among the user's prose: ``    E    DeadlineExceeded: ...``), or None. The first
        such line must read as an exception line and no frame came before it, since an indented
        line in a traceback is source; the lines after it carry the same indent."""
        body = ln.lstrip(" \t")
        indent = ln[: len(ln) - len(body)]
        if not indent or not (m := _PYTEST_E.match(body)):
            return None
        text = m.group(1) or ""
        if self.e_indent is None:
            if self.e_lines or self.block.frames or not _exception_text(text.strip(), lenient=True):
                return None
            self.e_indent = indent
        return text if indent == self.e_indent else None

    def _quoted_prompt(self, i: int) -> bool:
        """Whether the ``>>>`` line at ``i`` is quoted by a message printed above it: no frame came
        before it and the first line with text is not itself a prompt (a session pasted from its
        first input is the interpreter's, its prompts the user's input)."""
        if self.block.frames:
            return False
        first = next((ln for ln in self.lines[:i] if ln.strip()), None)
        return first is not None and not first.startswith(">>>")

    def _flow_line(self, i: int) -> bool:
        """A ``>`` line continuing the message line above it, not marking a source line: pytest
        marks source below indented source lines (or a frame); the line above here is plain
        unindented text, or itself such a continuation."""
        if i == 0 or self.block.frames:
            return False
        prev = self.lines[i - 1]
        if i - 1 in self.flow:
            return True
        return bool(prev.strip()) and prev[:1] not in " \t>_=-"

    def _quote_paragraph(self, i: int) -> bool:
        """A line of a markdown quote that is a paragraph of its own inside the paste: ``>`` and
        one space at most before its text (``_MD_QUOTE``), a blank line or another such line
        above it, and text above that. pytest's marker is followed by three spaces at least
        (the listing's indent) and stands right under the source lines before it, never after
        a blank line."""
        if not _MD_QUOTE.match(self.lines[i]):
            return False
        k = i
        while k > 0 and _MD_QUOTE.match(self.lines[k - 1]):
            k -= 1
        return k >= 2 and not self.lines[k - 1].strip() and any(ln.strip() for ln in self.lines[: k - 1])

    def _markdown_quote(self, i: int) -> bool:
        """A line of the markdown quote that closes the paste under the user's prose (``We get
        the following error:``, then ``> **SomeError**`` and ``> text``): every non-blank line
        from the quote's first to the last opens with ``>`` and one space at most before its
        text (not a ``>>>`` prompt), and an unquoted line stands above it. pytest's marker is
        followed by three spaces at least (``>   x = f()``, the listing's indent) and ``E``
        lines follow it; a shell prompt's ``> cmd`` opening a paste has no prose above it."""
        if self.quote_from is None:
            self.quote_from = _closing_quote(self.lines)
        return 0 < self.quote_from <= i

    def _ipython_header(self, i: int) -> int | None:
        m = _IPY_HEADER.match(self.lines[i])
        if not m:
            return None
        self.header_type = m.group(1)
        self.ipython = True
        self.msg_start = i + 1
        return i + 1

    def _warning(self, i: int) -> int | None:
        """``path:line: Category: message`` as ``warnings`` prints it, then its source line."""
        m = _warning_line(self.lines[i]) if not self.block.frames else None
        if not m:
            return None
        lines, n = self.lines, len(self.lines)
        frame = Frame(_unlogged_path(m.group(1)), int(m.group(2)), None)
        self.block.frames.append(frame)
        warn_lines = [m.group(4) or ""]  # the message may start on the next line
        j = i + 1
        while j < n and not _warning_line(lines[j]) and not _PY_FRAME.match(lines[j]):
            if _PYTEST_FRAME.match(lines[j]):
                # pytest's frames of the import or call under the report, not its text, nor
                # the heading the paster put over them (``## Traceback``)
                while warn_lines and (not warn_lines[-1].strip() or _MD_HEADING.match(warn_lines[-1])):
                    warn_lines.pop()
                break
            warn_lines.append(lines[j])
            j += 1
        echo = _unindented_echo(warn_lines)
        if echo is not None:
            frame.source = warn_lines[echo].strip()
            del warn_lines[echo:]
        del warn_lines[_echo_then_prose(warn_lines) :]
        # warnings echoes the source line, indented by two spaces, after the message
        while warn_lines and not warn_lines[-1].strip():
            warn_lines.pop()
        if len(warn_lines) >= 2 and _echoed_source(warn_lines[-2], warn_lines[-1]):
            frame.source = warn_lines.pop().strip()
        self.warning = (m.group(3), warn_lines)
        self.msg_start = j
        return j

    def _finish(self) -> Block:
        block = self.block
        if self.warning is not None:
            category, wl = self.warning
            block.exc_types = [category]
            block.exc_type = category
            block.message = _cap("\n".join(wl).strip())
            _strip_prefixes(block)
            return block
        body = self.e_lines or (list(self.cleo_body) if self.cleo_body is not None else self._body())
        while body and not body[-1].strip():
            body.pop()
        while body and not body[0].strip():
            body.pop(0)
        body = _without_prompt(body)
        summary = _django_summary(body)
        if summary is not None:
            self.header_type, body = summary
        if self.ipython and self.header_type and (tail := _elided_chain_tail(body, self.header_type)):
            self.header_type, body = tail
        block.message = _cap("\n".join(body).strip())
        if self.header_type:
            block.exc_types.append(self.header_type)
            block.exc_type = self.header_type
        _strip_prefixes(block)
        _printed_call(block)
        block.header_only = (
            bool(self.header_type) and block.exc_types == [self.header_type] and not block.message
        )
        if self.footer_type and not block.exc_type:
            block.exc_types.append(self.footer_type)
            block.exc_type = self.footer_type
        self._cut_listing_frame()
        if _most_recent_first(block.frames) and not any(map(_TB_HEADER.match, self.lines)):
            block.frames.reverse()  # Python's header says the order it printed: last is last
        elif 1 < self.tracker_frames == len(block.frames):
            block.frames.reverse()  # a tracker's page lists the frame that raised first
        if len(block.frames) > MAX_FRAMES:
            del block.frames[: len(block.frames) - MAX_FRAMES]
        return block

    def _cut_listing_frame(self) -> None:
        """A pytest report cut after its ``E`` lines, before the location line that would have
        made its ``>`` line a frame's source (``_pytest``): that line is still the statement
        that raised, in the function the entry's listing opens with (``def name(``), though
        the file is not shown. It is the last frame, of no known path or line, so the
        catalogue's statements of that text in a function of that name are the site
        (``frames._by_statement``); with no ``def`` line shown, nothing names the function and
        no frame is made."""
        if self.marked is None or self.marked_at is None or not self.e_lines:
            return
        fn = _listing_function(self.lines, self.marked_at)
        if fn is not None:
            self.block.frames.append(Frame("", None, fn, self.marked))

    def _body(self) -> list[str]:
        """The message lines: after the last frame, or (no traceback, or a traceback printed after
        its message as a debugger page does) from the last ``SomeError: ...`` line."""
        lines = self.lines
        frames = self.block.frames
        if self.nested is not None:
            return lines[self.nested :]
        if not frames:
            # no traceback: in a pasted log, the error starts at the last ``SomeError: ...`` line
            k = _last_type_line(lines, 1, len(lines))
            if k is None:
                k = _indented_type_line(lines, 1, len(lines))
            f = _opening_type_line(lines, k) if k is not None else None
            if k is not None and f is not None:
                # the error opens the paste and its text runs on to the later line: that line
                # is tried alone second, as an earlier exception of a chain is
                self.msg_start = f
                self.block.earlier = _message_block(lines[k:])
            elif k is not None:
                self.msg_start = k
                m = _TYPE_PREFIX.match(lines[k])
                self.block.raised_above = bool(m) and _raised_above(lines, k, m.group(1) if m else "")
                j = _last_type_line(lines, 0, k)
                if j is not None:
                    self.block.earlier = _message_block(lines[j:])
                    _chained_lines_above(self.block.earlier, lines, j)
        body = [ln for ln in lines[self.msg_start :] if not _NOISE.match(ln)]
        if not frames:
            return _before_log_records(body) if self.msg_start else body
        # drop leftover source lines / carets that belong to the last frame
        k = 0
        while k < len(body) and (
            not body[k].strip()
            or _CARETS.match(body[k])
            or (body[k][:1] in " \t" and not self._outdented(body[k]))
        ):
            k += 1
        if k < len(body) and _cut_error_line(body[k:], self.block):
            del body[k:]  # no error line: the paste ends inside it
        if k < len(body):
            return self._error_after_frames(body[k:])
        echoed = self._message_before_echo()
        if echoed is not None:
            return echoed
        before = self._text_above_frames()
        if before is not None:
            return before
        if not any(x.strip() for x in body):
            self._text_before_traceback()
        # (when everything is indented, keep the last non-empty line)
        return [next((x for x in reversed(body) if x.strip()), "")]

    def _text_above_frames(self) -> list[str] | None:
        """The message when no text follows the last frame: one printed above the traceback
        (``_message_before_frames``, ``_log_record_before_frames``), else a whole traceback's
        above one cut in its frames (``_whole_above_cut``)."""
        for read in (self._message_before_frames, self._log_record_before_frames, self._whole_above_cut):
            got = read()
            if got is not None:
                return got
        return None

    def _whole_above_cut(self) -> list[str] | None:
        """A traceback cut before its exception line under a whole one of the same block, with
        no chain separator between them: a log keeps the program's output in between (a
        server's access records, ``ERROR:    Exception in ASGI application``) and the next
        traceback's header, and the paste ends inside that traceback's frames. The cut one
        names no error (and its deepest frame raises nothing, else that frame would be it), so
        the error the paste shows is the whole one's exception line, with the frames above it:
        read as ``_whole_before_cut`` reads a chain's cut last part. Only when the exception
        line stands at the margin after the earlier frames and before the later header."""
        at, frames = self.frame_at, self.block.frames
        if len(at) != len(frames) or len(at) < 2 or (frames[-1].source or "").startswith("raise"):
            return None
        head = next((j for j in range(at[-1], at[0], -1) if _traceback_header(self.lines[j])), None)
        if head is None:
            return None
        k = bisect.bisect_left(at, head)  # the frames above the cut traceback's header
        line = self._type_line_between(at[k - 1], head) if k else None
        if line is None:
            return None
        del frames[k:], at[k:]
        self.msg_start = line
        return _before_log_records(self.lines[line:head])

    def _outdented(self, ln: str) -> bool:
        """``_outdented`` under the last frame's line."""
        if not self.frame_at:
            return False
        frame = self.lines[self.frame_at[-1]]
        return _outdented(ln, len(frame) - len(frame.lstrip(" \t")))

    def _message_before_echo(self) -> list[str] | None:
        """Nothing follows the last frame, but an exception line stands among the frames and
        every frame after it repeats one printed before it (pipenv's resolver printing its
        outermost frame again under the traceback): the frames after that line are an echo,
        not a traceback of their own, so the line is the error and the frame above it the
        raising one. The message runs from that line to the next frame."""
        at = self.frame_at
        if len(at) != len(self.block.frames):
            return None  # a pytest location line or a warning made a frame of no line here
        k = next((j for j in range(len(at) - 1, 0, -1) if self._type_line_between(at[j - 1], at[j])), None)
        if k is None:
            return None
        frames = self.block.frames
        before = {(f.path, f.line) for f in frames[:k]}
        if not all((f.path, f.line) in before for f in frames[k:]):
            return None
        line, end = self._type_line_between(at[k - 1], at[k]), at[k]
        assert line is not None
        del frames[k:], at[k:]
        self.msg_start = line
        return [ln for ln in self.lines[line:end] if not _NOISE.match(ln)]

    def _type_line_between(self, lo: int, hi: int) -> int | None:
        """The unindented exception line (``SomeError: text``) between two frame lines, or None."""
        return next(
            (
                j
                for j in range(lo + 1, hi)
                if self.lines[j][:1] not in " \t" and _exception_text(self.lines[j].strip())
            ),
            None,
        )

    def _error_after_frames(self, rest: list[str]) -> list[str]:
        """The message from the lines after the frames (``rest``, from its first line of text):
        those lines, up to a log record or a heading that follows them; a lookup's key alone
        also has the text above the traceback tried after it (``_looked_up_value``); a line that
        is no exception under Sentry's frames gives way to the exception line above them."""
        if self._looked_up_value(rest[0]):
            self._text_before_traceback()
        sentry = None if _type_line(rest[0]) else self._sentry_error_line()
        if sentry is not None:
            return sentry
        return _before_log_records(_before_heading(rest))

    def _sentry_error_line(self) -> list[str] | None:
        """Sentry's copy of an event: the exception line first, then ``(N additional frame(s)
        were not displayed)``, ``...`` and the frames; what follows the frames is the event's
        own title, which for an event logged with its exception is the log record's message
        (aiohttp's ``Error handling request``), not the exception's. Read when the text after
        the frames is no exception line: the lines from the last exception line above the
        marker up to it are the error."""
        if self.first_frame is None:
            return None
        at = next(
            (j for j in range(self.first_frame - 1, -1, -1) if _SENTRY_HIDDEN.fullmatch(self.lines[j])), None
        )
        if at is None:
            return None
        k = _last_type_line(self.lines, 0, at)
        if k is None:
            # the marker says the layout is Sentry's, whose first line is the exception's:
            # a class without an exception's suffix (requests' ``MissingSchema``) is one there
            k = next(
                (
                    j
                    for j in range(at - 1, -1, -1)
                    if (m := _TYPE_PREFIX.match(self.lines[j])) and is_type_name(m.group(1))
                ),
                None,
            )
        return self.lines[k:at] if k is not None else None

    def _looked_up_value(self, line: str) -> bool:
        """Whether the exception line is a failed lookup's key alone (``KeyError: 'tasks.add'``)
        and the last frame's line raises nothing (``strategy = strategies[type_]``): the
        interpreter's error of a subscript, whose text is the user's key and no template's. A
        logger that caught it prints its own record above the traceback (``exc_info``: celery's
        ``Received unregistered task of type 'tasks.add'.`` over the ``KeyError`` its dict
        lookup raised), and that record is the library's words: it is tried after the
        traceback's own line (``_text_before_traceback``), as an earlier exception is."""
        frames = self.block.frames
        source = frames[-1].source if frames else None
        return _LOOKUP_VALUE.fullmatch(line.strip()) is not None and not (source and "raise" in source)

    def _text_before_traceback(self) -> None:
        """A traceback cut before its exception line, under other text (a log record, then
        ``Process SpawnProcess-1:`` and the traceback of the process that died of it): that text
        is an error of its own, tried after the traceback (``block.earlier``), without the lines
        that only introduce the traceback."""
        if self.first_frame is None or self.block.earlier is not None:
            return
        head = self.lines[: self.first_frame]
        while head and (not head[-1].strip() or head[-1].rstrip().endswith(":")):
            head.pop()  # ``Traceback (most recent call last):``, ``Exception in thread x:``
        err = next((k for k in range(len(head) - 1, -1, -1) if _ERROR_RECORD.match(head[k])), None)
        if err and not _exception_line_in(head[:err]):
            head = head[err:]  # the log's records before its error's are other output
        # (an exception's own ``Type: text`` line above the error record is the error, printed
        # before the server logged its traceback under a generic record: uvicorn's ``ERROR:
        # Exception in ASGI application`` under a rich panel's ``RuntimeError: ...``)
        if any(x.strip() for x in head):
            self.block.earlier = _message_block(head)

    def _message_before_frames(self) -> list[str] | None:
        """Nothing follows the last frame, but a ``SomeError: ...`` line precedes the first: the
        message printed above its traceback (Werkzeug's debugger page, some loggers)."""
        if self.first_frame is None:
            return None
        k = _last_type_line(self.lines, 0, self.first_frame)
        if k is not None and self._raised_otherwise(k):
            return None  # (its text is still tried, after the traceback: ``_text_before_traceback``)
        tagged = k is None
        if k is None:
            k = _tagged_type_line(self.lines, self.first_frame)
        if k is None:
            return _alone_type_before(self.lines, self.first_frame) or _box_text_before(
                self.lines, self.first_frame
            )
        out: list[str] = []
        for i, ln in enumerate(self.lines[k : self.first_frame]):
            if _NOISE.match(ln) or _frames_header(ln) or (i and _next_record(ln, tagged)):
                break  # (a level's record ends where the log's next record starts)
            out.append(ln)
        return out

    def _raised_otherwise(self, k: int) -> bool:
        """Whether the exception line ``k`` above the traceback is another error than the one
        its last frame raises: that frame's line is ``raise SomeError("text"`` with another
        class and a text the line does not hold (an application's own ``Exception: [Errno 2]
        No such file ...`` logged before the traceback of ``raise ConfigException("Service
        token file does not exist."``). A debugger page or a logger printing the error above
        its traceback prints the raised class, or at least its text."""
        frames = self.block.frames
        lit = raise_literal(frames[-1].source) if frames and frames[-1].source else None
        m = _TYPE_PREFIX.match(self.lines[k])
        if lit is None or m is None:
            return False
        cls, text = lit
        if cls.rpartition(".")[2].lower() == m.group(1).rpartition(".")[2].lower():
            return False
        head = "".join(text.split())[:_RAISED_TEXT_HEAD]
        assert self.first_frame is not None
        shown = "".join("".join(self.lines[k : self.first_frame]).split())
        return len(head) >= _RAISED_TEXT_MIN and head not in shown

    def _log_record_before_frames(self) -> list[str] | None:
        """Nothing follows the last frame, no type line precedes the first, but a log record
        does (``2018-04-16 18:11:19,012 - ERROR - server - Exception inside application: ...``):
        a logger's ``exc_info`` output, the record first and the traceback under it, cut before
        the exception's own line. The record's message is the only text of the error there is."""
        if self.first_frame is None:
            return None
        k = next((j for j in range(self.first_frame - 1, -1, -1) if _log_record(self.lines[j])), None)
        if k is None or any(_PY_FRAME.match(ln) for ln in self.lines[:k]):
            return None
        out = [ln for ln in self.lines[k : self.first_frame] if not _NOISE.match(ln)]
        while len(out) > 1 and (not out[-1].strip() or out[-1].rstrip().endswith(":")):
            out.pop()  # ``Process SpawnProcess-1:``, ``Exception in thread x:``: they introduce the traceback
        return out if out and out[0].strip() else None


# Sentry's note under an event's exception line that it left the outer frames out
_SENTRY_HIDDEN = re.compile(r"\s*\(\d{1,9} additional frame\(s\) were not displayed\)\s*")

# a ``KeyError`` line whose text is the key alone, quoted or one bare token (``_looked_up_value``)
_LOOKUP_VALUE = re.compile(r"(?:builtins\.)?KeyError: (?:'[^'\n]{0,500}'|\"[^\"\n]{0,500}\"|[^\s'\"]{1,500})")

# how much of a raise statement's literal text (compact) the exception line above a traceback is
# looked in for, and the least that says anything (``_BlockParser._raised_otherwise``)
_RAISED_TEXT_HEAD = 30
_RAISED_TEXT_MIN = 8

# the start of an exception line cut inside its class's module path (``pefi``, ``kazoo.handlers``),
# perhaps behind the marks of the markdown heading the line became: lower-case dotted names, no
# colon, no class
_CUT_MODULE = re.compile(r"(?:#{1,6} )?([a-z_][a-z0-9_]{0,100}(?:\.[a-z_][a-z0-9_]{0,100}){0,20}\.?)")
_PATH_PARTS = re.compile(r"[/\\]")


def _cut_error_line(rest: list[str], block: Block) -> bool:
    """Whether the one line after a traceback's frames, where its exception line stands, is that
    line cut inside the class's module path: the excerpt a thread kept ends there (``pefi`` for
    ``pefile.PEFormatError: ...``). Python prints a library's class with its module, whose first
    name is the package of the deepest frame's file; a fragment that begins like a folder or a
    module of that file's path (a prefix of one, or one whole before a dot) and holds no class
    (no capital, no colon; not a lower-case class the last frame raises, one named ``...error``
    or a standard module's) is no message. Read as one, it hides the text the frames still show (the raise
    statement's literal, the text above the traceback). So is the next frame's heading cut inside
    its path (``File "/usr/lib/python3.7/site-packages/plumbum/co``): the excerpt ends before any
    error line, and the frames alone lead to the raise."""
    texts = [ln.strip() for ln in rest if ln.strip()]
    if len(texts) != 1 or not block.frames:
        return False
    if _CUT_HEADING.fullmatch(texts[0]):
        return True  # the next frame's heading cut inside its path: the excerpt ends before the error
    m = _CUT_MODULE.fullmatch(texts[0])
    if m is None:
        return False
    dotted = m.group(1).rstrip(".")
    head, _dot, _more = dotted.partition(".")
    if len(head) < _CUT_HEAD_MIN or lower_class(dotted) or _raised_by_last_frame(block, dotted):
        return False
    if _dot and stdlib_module(dotted):
        return False  # ``socket.timeout``: a standard module's lower-case class, raised bare
    names = [p.removesuffix(".py") for p in _PATH_PARTS.split(block.frames[-1].path)]
    return any(n.isidentifier() and (n == head or (not _dot and n.startswith(head))) for n in names)


# a frame heading cut inside its file's path (``File "/usr/lib/python3.7/site-packages/plumbum/co``):
# no quote closes the path, so no line, function or text follows on the line
_CUT_HEADING = re.compile(r'File "[^"\n]{0,1000}')
_CUT_HEAD_MIN = 3  # characters of a cut module name that may say which package it began


def _closing_quote(lines: list[str]) -> int:
    """The first line of the markdown quote (``> text`` lines, blank lines among them) that
    ends ``lines``, when unquoted text stands above it; otherwise 0. A ``>`` alone is a blank
    line of the quote (Markdown's paragraph break inside one: a quoted message of several
    paragraphs); a quote must hold text, since a ``>`` alone after unquoted lines closes a repr
    printed over several lines."""
    k = len(lines)
    while k > 0 and (
        not lines[k - 1].strip() or lines[k - 1].strip() == ">" or _MD_QUOTE.match(lines[k - 1])
    ):
        k -= 1
    while k < len(lines) and not lines[k].strip():
        k += 1
    if k == len(lines) or not any(ln.strip() for ln in lines[:k]):
        return 0
    if not any(_MD_QUOTE.match(ln) for ln in lines[k:]):
        return 0
    return k


# the interpreter's own frames that run a script (``python -m``, a debugger's launcher):
# ``runpy``'s functions, listed under the script's ``<module>`` when the frames run most recent
# call first
_STARTUP_FUNCTIONS = frozenset({"_run_code", "_run_module_as_main", "run_path", "run_module"})
_STARTUP_TAIL = 4  # startup frames listed after the module's code at most


def _without_startup_tail(frames: list[Frame]) -> list[Frame]:
    """``frames`` without the interpreter's startup frames (``runpy``'s, a last one perhaps cut
    before its function) listed after the script's ``<module>`` frame: VS Code lists them
    below the user's frames, so the module's code is not the last frame there."""
    k = len(frames)
    while k > 0 and len(frames) - k < _STARTUP_TAIL and frames[k - 1].function != "<module>":
        f = frames[k - 1]
        if f.function not in _STARTUP_FUNCTIONS and not (f.function is None and _runpy(f.path)):
            return frames
        k -= 1
    return frames[:k] if 0 < k < len(frames) and all(_runpy(f.path) for f in frames[k:]) else frames


def _runpy(path: str) -> bool:
    """Whether ``path`` is the standard library's ``runpy.py``."""
    return path.replace("\\", "/").rsplit("/", 1)[-1] == "runpy.py"


def _most_recent_first(frames: list[Frame]) -> bool:
    """Whether the frames are listed most recent call first (VS Code's "Exception has
    occurred" report, an error tracker's stack): the last is the module's code (``<module>``),
    and its line calls the function the frame before it runs. Listed as Python prints them, a
    module's code runs below a frame only through an import or ``exec``, which name no function
    of the frame above (the caller also leaves out a block under Python's own header)."""
    frames = _without_startup_tail(frames)
    if len(frames) < 2 or frames[-1].function != "<module>":
        return False
    callee = frames[-2].function
    if not callee or not callee.isidentifier():
        return False
    line = frames[-1].source or ""
    at = line.find(callee + "(")
    return at >= 0 and (at == 0 or not (line[at - 1].isalnum() or line[at - 1] == "_"))


def _django_summary(body: list[str]) -> tuple[str, list[str]] | None:
    """Django's debug page summary, ``Exception Type: X at /path/`` then ``Exception Value:
    text`` (the value may run on over further lines): the class and the message, without the
    page's labels and the request's path. The HTML page copied from a browser is a table: a
    tab after each label, the value's cell (a ``<pre>``) on the line under its empty label,
    and the table's next rows (``Exception Location:``, ...) under the value, which end it; an
    issue may quote the page, a Markdown ``>`` on each of its lines."""
    rows = [_QUOTE.sub("", ln, count=1) if ln.lstrip().startswith(">") else ln for ln in body]
    at = next((k for k in range(len(rows) - 1, -1, -1) if _DJANGO_TYPE.match(rows[k])), None)
    if at is None or at + 1 >= len(rows) or not rows[at + 1].startswith(_DJANGO_VALUE):
        return None
    m = _DJANGO_TYPE.match(rows[at])
    assert m is not None
    value = [rows[at + 1][len(_DJANGO_VALUE) :].strip(), *rows[at + 2 :]]
    end = next((k for k, ln in enumerate(value) if ln.startswith(_DJANGO_ROWS)), len(value))
    return m.group(1), value[:end] if value[0] else value[1:end]


# a log level in brackets at the start of a line (AWS Lambda's Python runtime prints an unhandled
# exception as ``[ERROR] SomeError: text`` above its traceback, which has no exception line), or
# the level and a colon (an entrypoint script's or a container's ``FATAL: pkg.SomeError: text``
# before the traceback it then prints)
_ERROR_LEVELS = "ERROR|CRITICAL|FATAL"  # the levels a logger prints an error at (both below)
_LEVEL_TAG = re.compile(rf"\[(?:{_ERROR_LEVELS})\] |(?:{_ERROR_LEVELS}): ")


# a log record of an error's level, maybe behind its logger's name (``wandb: ERROR text``,
# ``[ERROR] text``, ``CRITICAL: text``): in the log printed above a cut traceback, the error's
# text, the records before it (a tool's progress, its INFO lines) being other output
_ERROR_RECORD = re.compile(
    rf"^(?:[A-Za-z_][\w.-]{{0,100}}: )?(?:\[(?:{_ERROR_LEVELS})\]|(?:{_ERROR_LEVELS}):?) "
)


def _log_record_head(ln: str) -> bool:
    """Whether a line opens a record of a log: a level's tag (``[ERROR] ``, ``FATAL: ``) or the
    logging module's default ``LEVEL:logger:`` and uvicorn's padded ``LEVEL:    ``."""
    return bool(_LEVEL_TAG.match(ln) or _LOG_BASIC.match(ln) or _LOG_PREFIX_COLUMN.match(ln))


def _next_record(ln: str, tagged: bool) -> bool:
    """Whether ``ln``, under an exception line printed above a traceback, starts the log's next
    record rather than continuing the exception's text: a timestamped record (a server's
    ``2024-06-18 05:53:46 [ERROR   ] ... Internal Server Error: /path`` that introduces the
    traceback under it), or, under a line that a level's tag opened, the next tag."""
    return _log_record(ln) or (tagged and _log_record_head(ln))


def _tagged_type_line(lines: list[str], first_frame: int) -> int | None:
    """The last line above the frames that is an exception line behind an error level's tag
    (``[ERROR] SMBAuthenticationError: ...``): a runtime's log of the exception, printed before
    the traceback instead of after it. Its class is trusted as ``_last_type_line`` trusts one
    (the usual suffixes); the tag is dropped with the message's prefixes (``_title_tag``)."""
    for k in range(first_frame - 1, -1, -1):
        tag = _LEVEL_TAG.match(lines[k])
        m = _TYPE_PREFIX.match(lines[k][tag.end() :]) if tag else None
        if m and is_type_name(m.group(1), strict=True):
            return k
    return None


def _alone_type_before(lines: list[str], first_frame: int) -> list[str] | None:
    """A class alone on a line (``TypeError``, or ``TypeError at /path/`` as a debug page's
    heading shows it), its value on the line under it, above a traceback that nothing follows:
    the exception, as ``Class: value``. Only a name ending like an exception's counts, so a
    word of prose alone on a line does not."""
    for k in range(first_frame - 2, -1, -1):
        head = lines[k].strip()
        name = head.split(" at /", 1)[0] if " at /" in head else head
        value = lines[k + 1].strip()
        if value and name != "Traceback" and _BARE_TYPE_WORD.match(name) and is_type_name(name, strict=True):
            return [f"{name}: {value}"]
    return None


def _box_text_before(lines: list[str], first_frame: int) -> list[str] | None:
    """An error box that prints the exception's text first, then a bare ``Traceback:`` line,
    then the frames, and nothing after them (Streamlit's), copied without the class: the
    paragraph right above that header is the error's text. Only that header makes it so: prose
    above an ordinary traceback is the reporter's, not the exception's. At most
    ``_BOX_TEXT_LINES`` lines of it are taken."""
    j = first_frame - 1
    while j >= 0 and not lines[j].strip():
        j -= 1
    if j < 1 or not _frames_header(lines[j]):
        return None
    j -= 1
    while j >= 0 and not lines[j].strip():
        j -= 1
    end = j + 1
    while j >= 0 and lines[j].strip() and end - j <= _BOX_TEXT_LINES:
        j -= 1
    start = j + 1
    if start < end and not _type_line(lines[start]):
        start = _box_class_line(lines, start, end)
    text = lines[start:end]
    return text or None


def _box_class_line(lines: list[str], start: int, end: int) -> int:
    """Where an error box's text of several paragraphs starts: the box prints the exception's
    whole text (Streamlit's ``DuplicateWidgetID: There are multiple widgets ...``, a blank line,
    then its advice ``To fix this, please ...``), so the paragraph above the ``Traceback:``
    header is the text's last, and a ``Class: text`` line opening a paragraph above it (blank
    lines between, nothing else but paragraphs of text) is where the error's text starts; its
    class is read leniently (a library's ``DuplicateWidgetID``), for it opens the box. ``start``
    when no such line stands within ``_BOX_TEXT_LINES`` lines of ``end``."""
    k = start - 1
    while k >= 0 and end - k <= _BOX_TEXT_LINES:
        ln = lines[k]
        if ln.strip() and (_PY_FRAME.match(ln) or _frames_header(ln)):
            return start
        if _type_line(ln) and (k == 0 or not lines[k - 1].strip() or _FENCE.match(lines[k - 1])):
            return k
        k -= 1
    return start


# the most lines of an error box's text read above its ``Traceback:`` header (``_box_text_before``)
_BOX_TEXT_LINES = 20


def _cleo_message(lines: list[str], at: int) -> list[str] | None:
    """The exception cleo printed above its ``at path:line in function`` line (index ``at``):
    the class alone on a line, a blank line, then the message indented under it; as
    ``Class: message`` lines, the message's own indentation kept. None when no such class line
    stands above the location (another rendering that only looks alike)."""
    body: list[str] = []
    for k in range(at - 1, max(-1, at - 60), -1):
        ln = lines[k]
        name = ln.strip()
        if body and not body[-1].strip() and _BARE_TYPE_WORD.match(name) and is_type_name(name):
            text = body[::-1]
            while text and not text[0].strip():
                text.pop(0)
            while text and not text[-1].strip():
                text.pop()
            if not text:
                return None
            indent = len(text[0]) - len(text[0].lstrip())
            text = [t[indent:] if not t[:indent].strip() else t.strip() for t in text]
            return [f"{name}: {text[0]}", *text[1:]]
        if _CLEO_SOURCE.match(ln) or _CLEO_AT.match(ln) or _CLEO_STACK.match(ln):
            return None
        body.append(ln)
    return None


# a heading of an issue template's section: ``**Version information**``, ``### Versions``
_SECTION_HEADING = re.compile(r"^(?:#{1,6} \S.{0,200}|\*\*[^*\n]{1,200}\*\*:?)\s*$")


def _before_heading(body: list[str]) -> list[str]:
    """A traceback's message lines without the issue's next section: a blank line, then a
    Markdown heading on a line of its own (``**Version information**``, ``## Environment``), as
    an issue template puts under the pasted error. Python prints no Markdown; the heading and
    what follows it are the paster's. The message's first line is always kept."""
    cut = next(
        (i for i in range(2, len(body)) if not body[i - 1].strip() and _SECTION_HEADING.match(body[i])),
        None,
    )
    return body if cut is None else body[: cut - 1]


def _before_log_records(body: list[str]) -> list[str]:
    """The exception's lines without the log records printed after them: an application that
    logs on after a traceback (``INFO:app:shutting down``, ``2024-05-01 12:00:01 WARNING ...``)
    leaves its records under the exception line, and they are the program's later output, not
    the error's message; so are the lines a docker build prints after a step fails
    (``Removing intermediate container ...``, ``The command ... returned a non-zero code: 1``),
    and the shell's report of the process dying after it (``_SHELL_SIGNALED``). A record
    opening the body is kept (a logger's own line is the message then)."""
    if not body or _log_record(body[0]):
        return body
    cut = next((i for i in range(1, len(body)) if _later_output(body[i])), None)
    return body if cut is None else body[:cut]


def _later_output(ln: str) -> bool:
    """Whether ``ln`` is a line another program printed after the error (``_before_log_records``)."""
    return _log_record(ln) or bool(_DOCKER_BUILD.match(ln) or _SHELL_SIGNALED.match(ln))


# exception lines of a chain an application prints one under another, with no traceback, tried
# as earlier exceptions besides the two ``_body`` reads (the last and the one above it)
_CHAINED_LINES = 2


def _chained_lines_above(block: Block, lines: list[str], j: int) -> None:
    """An application printing the chain of errors it handled as one ``Class: text`` line each,
    the library's first (``jsonschema.exceptions.RefResolutionError: ...``, then the ETL tool's
    ``etl.errors.SchemaValidationError: ...`` and ``etl.errors.TableDesignSyntaxError: ...``):
    each exception line right above line ``j`` becomes an earlier block of ``block``, its own
    line alone, up to ``_CHAINED_LINES`` of them, so the matcher tries the library's error when
    the application's lines explain nothing. Only lines each right above the next: an
    exception line further up is the reporter's or another output's."""
    for _ in range(_CHAINED_LINES):
        i = j - 1
        if i < 0 or _last_type_line(lines, i, j) != i:
            return
        block.earlier = _message_block(lines[i:j])
        block, j = block.earlier, i


def _message_block(lines: list[str]) -> Block:
    """A block that is only a message (its type prefixes stripped)."""
    block = Block(message=_cap("\n".join(ln for ln in lines if not _NOISE.match(ln)).strip()))
    _strip_prefixes(block)
    return block


def _quoted_exception_line(ln: str) -> bool:
    """A ``>`` line whose text is an exception line as Python prints it (``> ValueError: text``,
    ``> pkg.errors.DeadlineExceeded: text``): a class the usual suffixes name or a module
    qualifies, a colon, and text. The source line pytest marks with ``>`` is a statement, which
    never reads so."""
    return _exception_text(ln[1:].strip())


def _exception_text(body: str, lenient: bool = False) -> bool:
    """``body`` reads as an exception line: a class the usual suffixes name or a module
    qualifies (``pkg.errors.DeadlineExceeded``), or with ``lenient`` any class-shaped name
    (where only an exception line can stand, as behind pytest's ``E``), a colon, and text."""
    m = _TYPE_PREFIX.match(body)
    if m is None or m.end() >= len(body):
        return False
    name = m.group(1)
    return is_type_name(name, strict=not lenient) or ("." in name and is_type_name(name))


def _indented_type_line(lines: list[str], lo: int, hi: int) -> int | None:
    """Index of the last indented line in ``lines[lo:hi]`` that starts with a dotted exception
    type (``pkg.errors.SomeError: ...``): a paste quoted or copied with its indentation (a
    markdown quote of the source line, then the exception line), without a traceback."""
    for k in range(hi - 1, lo - 1, -1):
        ln = lines[k]
        if ln[:1] not in (" ", "\t"):
            continue
        m = _TYPE_PREFIX.match(ln.lstrip())
        if m and "." in m.group(1) and is_type_name(m.group(1), strict=True):
            return k
    return None


def _exception_line_in(lines: list[str]) -> bool:
    """Whether one of ``lines``, its indentation aside (a console panel's), is an exception's
    ``Type: text`` line: a class name by its shape (``is_type_name``, strict) before a colon."""
    for line in lines:
        m = _TYPE_PREFIX.match(line.strip())
        if m and is_type_name(m.group(1), strict=True):
            return True
    return False


def _last_type_line(lines: list[str], lo: int, hi: int) -> int | None:
    """Index of the last line in ``lines[lo:hi]`` that starts with an exception type prefix, or
    with the class printed as its repr and a colon (Twisted's Failure: ``<class 'pkg.E'>: text``)."""
    for k in range(hi - 1, lo - 1, -1):
        if _frames_header(lines[k]):
            continue
        m = _TYPE_PREFIX.match(lines[k])
        if m and (
            is_type_name(m.group(1), strict=True)
            or _errors_module_class(m.group(1))
            or _own_repr_line(lines[k], m)
            or _raised_above(lines, k, m.group(1))
            or _announced(lines, k, m.group(1))
        ):
            return k
        m = _CLASS_REPR_LINE.match(lines[k])
        if m and is_type_name(m.group(1).rpartition(".")[2], strict=True):
            return k
    return None


def _own_repr_line(line: str, m: re.Match[str]) -> bool:
    """``grpc._channel._MultiThreadedRendezvous: <_MultiThreadedRendezvous of RPC that ...``: a
    module-qualified class whose text opens with ``<`` and that class's own name, the repr an
    object that is also an exception prints as its ``str`` (a call, a future). Python's exception
    line is the one place a class's qualified name is followed by its own repr, so the line is
    the error's whatever the class's name ends in; prose above it need not announce it."""
    token = m.group(1)
    name = token.rpartition(".")[2]
    if "." not in token or not _module_class(token):
        return False
    rest = line[m.end() :].lstrip(" ")
    return rest.startswith("<" + name) and rest[len(name) + 1 : len(name) + 2] in (" ", ">", ":", "")


def _errors_module_class(token: str) -> bool:
    """``django.core.exceptions.SynchronousOnlyOperation``: a class whose module path ends in a
    module that holds a package's exceptions (``exceptions``, ``errors``, ``exc``, ``error``).
    Such a class is an exception whatever its name ends in (``ImproperlyConfigured``,
    ``NoResultFound``), so its ``Type: text`` line above a traceback is the error's line as
    surely as one of a class named ``...Error``; a lone ``SynchronousOnlyOperation: text``
    could be any label."""
    module, dot, _name = token.rpartition(".")
    return bool(dot) and module.rpartition(".")[2] in _ERRORS_MODULES and _module_class(token)


# ``networkx.exception``: the singular module name holds a package's exceptions as surely
_ERRORS_MODULES = frozenset({"exceptions", "exception", "errors", "exc", "error"})

# the words a sentence ends on when the next line finishes it (``the error information is``,
# ``the error I got was``): the line below is what the sentence names
_COPULA_ENDS = ("is", "was", "are", "were")


def _announced(lines: list[str], k: int, token: str) -> bool:
    """The line above announces line ``k`` as the error: prose that ends in a colon (``I get
    this error:``) or breaks off on a copula (``Then the error information is``), with line
    ``k`` shaped ``Name: text`` where ``Name`` is a class by its shape (``NodeNotFound``, two
    humps: no suffix says so, which is why ``is_type_name`` wants more before trusting it
    mid-paste). A paste's own frames or log records never end so; a sentence does."""
    if k == 0 or not is_type_name(token) or ":" not in lines[k]:
        return False
    j = k - 1
    while j > 0 and not lines[j].strip():
        j -= 1  # a blank line a paste put between (Markdown's paragraphs)
    above = lines[j].strip()
    if not above or above[:1] in "#>`|[" or _TYPE_PREFIX.match(above):
        return False  # a heading, a quote, a fence, a table or another error line: not prose
    words = above.rstrip(":").split()
    if len(words) < 2:
        return False  # one word (``Output:``) labels a field; a sentence announces
    return above.endswith(":") or words[-1].lower() in _COPULA_ENDS


# a class printed as its repr before a colon, at a line's start (``_CLASS_REPR`` without the
# class alone, which is a value as often as an exception line)
_CLASS_REPR_LINE = re.compile(r"<class '([A-Za-z_][\w.]{0,300})'>: ")


def _opening_type_line(lines: list[str], k: int) -> int | None:
    """A message of several lines whose later line is shaped ``Name: text`` (line ``k``), under
    a first line that is an exception's own ``Type: text`` and a line ending in ``:`` just above
    ``k``: one exception whose text introduces a caught error's and then quotes it (docutils'
    ``SystemMessage: ... Problems with "include" directive path:`` then ``InputError: [Errno 2]
    ...``, a wrapper's ``Failed to load config:`` then the cause). The first line is where that
    error starts; its index, or None when the paste is not so shaped."""
    if not lines[k - 1].rstrip().endswith(":"):
        return None
    f = next((i for i in range(k) if lines[i].strip()), None)
    if f is None:
        return None
    m = _TYPE_PREFIX.match(lines[f])
    if m is None or not _prefix_type(m.group(1), strict=False) or not m.end() < len(lines[f].rstrip()):
        return None
    return f


def _frames_header(ln: str) -> bool:
    """A bare ``Traceback:`` line: the header some error boxes print between the exception line
    (first) and the frames (Streamlit's), read like a class ending in ``Traceback`` with no
    text, which it is not."""
    return ln.strip() == "Traceback:"


def _raised_above(lines: list[str], k: int, token: str) -> bool:
    """The line above raises the class the line names: a traceback's last source line, pasted
    without its frame line (``raise AppRegistryNotReady("...")`` above
    ``django.core.exceptions.AppRegistryNotReady: ...``), so the line is the exception's even
    when the class's name does not end like an exception's."""
    if k == 0 or not (is_type_name(token) or lower_class(token)):
        return False
    j = k - 1
    while j > 0 and not lines[j].strip():
        j -= 1  # a blank line a paste put between (Markdown's paragraphs), not Python's
    above = lines[j].strip()
    if not above.startswith("raise "):
        return False
    called = above[6:].split("(", 1)[0].strip()
    return called.rsplit(".", 1)[-1] == token.rsplit(".", 1)[-1]


def _parse_block(lines: list[str]) -> Block:
    return _BlockParser(lines).run()


def _nested_traceback(lines: list[str]) -> int | None:
    """The line of an exception whose message is a whole traceback, printed after its class at
    the line's start (``RemoteError: Traceback (most recent call last):``, then the other
    process's frames and error): execnet relays a remote failure, and a command's error is
    often raised with the child's stderr as its text. Python prints a traceback's header on a
    line of its own, so one after a class and a colon is that exception's text: the frames
    above it are where the exception was raised, those below belong to its message, and the
    error asked about is this one, not the last line of the text it carries."""
    for i, ln in enumerate(lines):
        if ": Traceback (most recent call last)" not in ln:
            continue  # the substring test first: nearly every line has no header at all
        m = _NESTED_TB.match(ln)
        if m is not None and is_type_name(m.group(1)):
            return i
    return None


def _location_in_message(lines: list[str]) -> int | None:
    """The exception's line of a traceback whose text ends with a location printed as a frame
    (FastAPI's ``ResponseValidationError`` closes its text with the endpoint's ``File
    "main.py", line 11, in read`` and the route): CPython prints a traceback's frames, then
    its exception's line at the line's start, and no frame after that in the same traceback
    (a chained one opens with its own header or separator, where blocks are split). So after
    a header, frames, and the exception's line right under the last frame's source (and
    carets), a frame line is that exception's text, not a frame: read as ``_nested_traceback``
    reads a traceback inside a message. Only when the text runs on over lines before it (a
    frame right under the exception's line opens a traceback of its own, its header cut) and
    it is no frame printed above again (an echo of the outermost frame under the error)."""
    if not lines or not _TB_HEADER.match(lines[0]):
        return None
    seen = False  # a frame above, with only its source and carets since
    for i, ln in enumerate(lines[1:], 1):
        if _PY_FRAME.match(ln):
            seen = True
            continue
        if not seen or ln[:1] in " \t" or not ln.strip():
            continue
        m = _TYPE_PREFIX.match(ln)
        if m is None or not is_type_name(m.group(1)):
            return None
        after = [(k, fm) for k in range(i + 1, len(lines)) if (fm := _PY_FRAME.match(lines[k]))]
        if not after or after[0][0] == i + 1 or any(_TB_HEADER.match(x) for x in lines[i + 1 : after[0][0]]):
            return None  # no frame after, or a traceback of its own under the line (cut, or logged)
        earlier = {(fm.group(1), fm.group(2)) for x in lines[1:i] if (fm := _PY_FRAME.match(x))}
        if all((fm.group(1), fm.group(2)) in earlier for _, fm in after):
            return None  # frames printed above, echoed under the error (``_message_before_echo``)
        return i
    return None


def _unbolded(function: str | None) -> str | None:
    """A dunder method's name as Markdown rendered it: ``__init__`` in an issue's prose (outside
    a code block) turns bold, and the copied text reads ``**init**``. No Python name has ``*``,
    so the underscores are put back (``A.**call**`` too)."""
    if function is None or "**" not in function:
        return function
    owner, dot, last = function.rpartition(".")
    if len(last) > 4 and last.startswith("**") and last.endswith("**") and last[2:-2].isidentifier():
        return f"{owner}{dot}__{last[2:-2]}__"
    return function


# a ``def`` line of a pytest entry's listing, at any indentation (pytest dedents the source)
_LISTING_DEF = re.compile(
    r"^([ \t]{0,80})(?:async[ \t]{1,10})?def[ \t]{1,10}([A-Za-z_]\w{0,200})[ \t]{0,10}\("
)


def _listing_function(lines: list[str], marked: int) -> str | None:
    """The function a pytest entry's ``>`` line (at ``marked``) lies in: of the ``def`` lines
    above it in the same entry (back to a location line or a ``_ _ _`` separator), the least
    indented, which is the one the listing opens with (a ``def`` nested in its body is
    indented deeper); None when the listing shows none."""
    best: tuple[int, str] | None = None
    for i in range(marked - 1, max(marked - _SHOWN_LINES, 0) - 1, -1):
        ln = lines[i]
        if ln.startswith("_ _") or _PYTEST_LOCATION.match(ln) or _PYTEST_FOOTER.match(ln):
            break
        m = _LISTING_DEF.match(ln)
        if m and (best is None or len(m.group(1)) <= best[0]):
            best = (len(m.group(1)), m.group(2))
    return best[1] if best else None


def _take_source(lines: list[str], i: int, frame: Frame) -> int:
    """Consume the source/caret/arrow lines printed under a frame; return the next line index.
    A line indented less than the frame's own line that reads as an exception line ends them
    (``_outdented``: a traceback shifted by a space prints the exception line indented too)."""
    n = len(lines)
    taken = 0
    head = lines[i - 1] if i > 0 else ""
    margin = len(head) - len(head.lstrip(" \t"))
    while i < n and taken < 40:
        ln = lines[i]
        m = _IPY_ARROW.match(ln.strip()) if ln.lstrip().startswith("-") else None
        if m:
            frame.line = int(m.group(1))
            if m.group(2):
                frame.source = m.group(2).strip()
            i += 1
            taken += 1
            continue
        if not ln.strip():
            # IPython separates frames from numbered context by blank lines; look past one blank
            if i + 1 < n and re.match(r"^\s+\d{1,9}\s", lines[i + 1]):
                i += 1
                continue
            return i
        if _FILE_ONLY_FRAME.match(ln):
            return i  # a frame heading cut after its file (no statement reads ``File "x.py"``)
        if ln[:1] in " \t" and not _PY_FRAME.match(ln) and not _IPY_FRAME.match(ln):
            if _outdented(ln, margin) or (frame.source is not None and _level_error_line(lines, i, margin)):
                return i
            if frame.source is None and not _CARETS.match(ln):
                frame.source = ln.strip()
            i += 1
            taken += 1
            continue
        if (
            frame.source is None
            and taken == 0
            and not _PY_FRAME.match(ln)
            and not _type_line(ln, _ends_frames(lines, i))
        ):
            # source printed without indentation (a re-flowed paste): one line only
            frame.source = ln.strip()
            return i + 1
        return i
    return i


def _outdented(ln: str, margin: int) -> bool:
    """An indented line under a frame that is the exception line, not the frame's source:
    indented less than the frame's own line (``margin``: a relay that shifted the whole
    traceback by a space prints `` pkg.SomeError: text`` under ``   File ...``) and reading as
    an exception line. A frame's source is indented deeper than its ``File`` line, and the
    exception line as much less as the frames are indented."""
    return 0 < len(ln) - len(ln.lstrip(" \t")) < margin and _type_line(ln.strip())


def _level_error_line(lines: list[str], i: int, margin: int) -> bool:
    """Line ``i``, under a frame whose source line is already read, is the exception line
    indented as far as the frame's own ``File`` line: a paste re-indented by hand or by a
    Markdown list (``  OSError: Command ... failed`` under ``  File ...``, every line of the
    traceback shifted alike). A frame prints one source line, indented deeper than its
    heading; a second line at the heading's own indent that reads as ``Class: text``, with no
    frame after it, is what Python printed at the line's start once the frames ended."""
    ln = lines[i]
    return 0 < margin == len(ln) - len(ln.lstrip(" \t")) and _type_line(ln.strip()) and _ends_frames(lines, i)


def _log_record(ln: str) -> bool:
    """A line that starts like a log record: a timestamp, ``LEVEL:logger:``, or glog's prefix.
    (Not uvicorn's ``LEVEL:`` column: its records between a traceback and the error above it
    are the server's words about the request, ``ERROR:    Exception in ASGI application``, no
    record the error is read from; ``_strip_log_prefixes`` reads its level off the message.)"""
    return bool(
        _LOG_TS.match(ln)
        or _LOG_BASIC.match(ln)
        or _LOG_GLOG.match(ln)
        or _LOG_APP.match(ln)
        or _sphinx_record(ln) is not None
    )


# Sphinx's record of a reST problem (``sphinx.util.logging``'s warning stream): ``{location}:
# {LEVEL}: {text}``, the location a source file and maybe a line (``docs/x.rst:12``,
# ``pkg/m.py:docstring of pkg.m.f:3``, ``C:\\docs\\a b.rst:2``), docutils' level names (``SEVERE``
# its ``CRITICAL``), and since Sphinx 7.3 the warning's type in brackets after the text
# (`` [docutils]``, `` [ref.ref]``), at the end of the record's last line.
_SPHINX_LEVELS = {
    "WARNING": "WARNING",
    "ERROR": "ERROR",
    "SEVERE": "CRITICAL",
    "CRITICAL": "CRITICAL",
    "INFO": "INFO",
}
_SPHINX_LOCATION = re.compile(r"\.(?:rst|txt|md|inc|py|ipynb)(?::docstring of [\w.]{1,300})?(?::\d{1,9})?$")
_SPHINX_TAG = re.compile(r" \[[a-z][\w.-]{0,60}\]$")
_SPHINX_HEAD = 1_000  # characters of a line looked in for the location's end


def _sphinx_record(ln: str) -> tuple[str, str] | None:
    """The level and the text of a line that is a Sphinx record (``_SPHINX_LEVELS``), its
    type tag left on; None for any other line. The location must end like a source file's
    (and line), so a sentence with ``: ERROR: `` in it is no record."""
    found: tuple[int, str] | None = None
    for name in _SPHINX_LEVELS:
        i = ln.find(f": {name}: ", 0, _SPHINX_HEAD)
        if i > 0 and (found is None or i < found[0]):
            found = (i, name)
    if found is None:
        return None
    i, name = found
    if not _SPHINX_LOCATION.search(ln[:i].strip()):
        return None
    return _SPHINX_LEVELS[name], ln[i + len(name) + 4 :]


def _ts_level(m: re.Match[str]) -> str | None:
    """The level a ``_LOG_TS`` match read, upper-cased (``[error    ]`` is ``ERROR``), None
    when it read none."""
    raw = m.group("level") or m.group("lower") or m.group("dashed") or m.group("spaced")
    return raw.upper() if raw else None


def _names_logger(m: re.Match[str]) -> bool:
    """Whether a logger's name may follow a ``_LOG_TS`` header (``TS LEVEL name: text``): not
    after the formats that place the message right after their own fields (celery's
    ``[TS: LEVEL/Process]``, the bracketed lower-case level, the `` - `` fields, which hold the
    name), where a ``word: `` is the message's own (celery's ``consumer: Cannot connect``)."""
    return not (m.group("process") or m.group("lower") or m.group("dashed") or m.group("spaced"))


_UVICORN_COLUMN = 10  # ``levelname + ":"`` padded to 9, then the format's space

# the levels whose uvicorn prefix is told from prose inside a line: padded with two spaces or
# more (``CRITICAL: `` pads with one, as any sentence's label does)
_UVICORN_PADDED = tuple(
    f" {lv}:" + " " * (_UVICORN_COLUMN - len(lv) - 1) for lv in ("ERROR", "WARNING", "INFO", "DEBUG")
)


def _from_uvicorn_record(ln: str) -> str:
    """A line that runs a sentence into a record of uvicorn's log (``it just says ERROR:    Error
    loading ASGI app. ...``), from the record on: the level padded to uvicorn's column
    (``_uvicorn_level``) after a space, then text. The words before it are the user's, and
    read as the message's head they hide the record's text and its level. Not a line that
    starts indented (a frame's source printing such a string) or a frame line."""
    if ln[:1] in (" ", "\t") or _PY_FRAME.match(ln):
        return ln
    for pad in _UVICORN_PADDED:
        at = ln.find(pad)
        if at > 0 and ln[at + len(pad) : at + len(pad) + 1].strip():
            return ln[at + 1 :]
    return ln


def _uvicorn_level(ln: str) -> re.Match[str] | None:
    """uvicorn's level prefix (``_LOG_PREFIX_COLUMN``): only when the padding puts the message in
    column 10, the mark of its formatter; ``ERROR: text`` (pip's) and PostgreSQL's ``ERROR:  ``
    pad otherwise."""
    m = _LOG_PREFIX_COLUMN.match(ln)
    return m if m is not None and len(m.group(1)) + 1 + len(m.group(2)) == _UVICORN_COLUMN else None


def _error_record(ln: str) -> bool:
    """A line that opens a log record at ERROR or above, in a format ``_log_record`` knows."""
    m = _LOG_TS.match(ln)
    if m and (level := _ts_level(m)) in LEVELS:
        return LEVELS[level] in ("ERROR", "CRITICAL")
    m = _LOG_BASIC.match(ln) or _LOG_APP.match(ln)
    if m:
        return LEVELS[m.group(1)] in ("ERROR", "CRITICAL")
    m = _LOG_GLOG.match(ln)
    if m is not None:
        return m.group(1) in "EF"
    rec = _sphinx_record(ln)
    return rec is not None and rec[0] in ("ERROR", "CRITICAL")


def _from_error_record(msg: str) -> str:
    """Several log records pasted together, with no exception line (a run's output up to where
    it failed): the message is the first record logged at ERROR or above, up to the record after
    it. The records before it are the program's earlier output (``[App] Executing x``, an INFO
    line), and read as the message's head they hide the error's text and give the paste the
    first record's level. Only when every line before it opens a record: an exception's text
    that quotes log lines keeps them."""
    first = msg.split("\n", 1)[0]
    if first == msg or not (_log_record(first) or _LOG_APP_PLAIN.match(first)):
        return msg  # (most messages: one line, or not a record)
    lines = msg.split("\n")
    # every line above it opens a record of a lower level: a line of no record among them
    # (printed to the console between records) may be the error itself, the record at ERROR
    # a summary of it (gunicorn's ``Reason: App failed to load.``); a paste that opens with its
    # record at ERROR is read as it was
    k = 0
    while not _error_record(lines[k]):
        if not (_log_record(lines[k]) or _LOG_APP_PLAIN.match(lines[k])):
            return msg
        k += 1
        if k == len(lines):
            return _last_record(lines)
    if k == 0:
        return msg
    # (an application's record below WARNING shows no level: ``[App] text``)
    app = _LOG_APP.match(lines[k]) is not None
    end = next(
        (
            j
            for j in range(k + 1, len(lines))
            if _log_record(lines[j]) or (app and _LOG_APP_PLAIN.match(lines[j]))
        ),
        len(lines),
    )
    return "\n".join(lines[k:end])


def _last_record(lines: list[str]) -> str:
    """One-line records only, none at ERROR (an application that logs a failure it caught at
    INFO: ``... INFO :: MAIN :: Request failed: Missing dependencies for SOCKS support.``): the
    paste ends where the run failed, so the last record is the error and the ones above it are
    the run's earlier output (``DEBUG :: Using global proxy: ...``). Only when every line opens
    a record with a timestamp and a level, the last of them not below the first's level."""
    levels = [_ts_level(m) if (m := _LOG_TS.match(ln)) else None for ln in lines]
    if not all(lv in LEVELS for lv in levels):
        return "\n".join(lines)
    first, last = (_LEVEL_ORDER.index(LEVELS[lv]) for lv in (levels[0], levels[-1]) if lv is not None)
    return lines[-1] if last >= first else "\n".join(lines)


_LEVEL_ORDER = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


def _type_line(ln: str, ends: bool = False) -> bool:
    """Whether ``ln`` is an exception line; one that ``ends`` the frames may name its class in
    lower case (``error: bad escape``, ``lower_class``): source a paste printed unindented under
    a frame is followed by the next frame, the exception line by none."""
    m = _TYPE_PREFIX.match(ln)
    if m is None:
        return ln.startswith("<class '")
    return is_type_name(m.group(1)) or (ends and lower_class(m.group(1)))


def _ends_frames(lines: list[str], i: int) -> bool:
    """No frame line follows line ``i`` among the next few."""
    return not any(_PY_FRAME.match(ln) for ln in lines[i + 1 : i + 4])


def _cap(msg: str) -> str:
    return msg[:MESSAGE_CAP]


def _strip_log_prefixes(block: Block, msg: str) -> str:
    """Log prefixes (glog, timestamps with levels and logger names, ``LEVEL:name:``), recording
    the level as a ``log.LEVEL`` pseudo type and a C++ site as a frame."""
    frames = block.frames
    for _ in range(4):
        changed = False
        m = _LOG_GLOG.match(msg)
        if m:
            block.exc_types.append("log." + LEVELS[m.group(1)])
            frames.append(Frame(m.group(2), int(m.group(3)), None))
            msg = msg[m.end() :]
            changed = True
        m = _LOG_TS.match(msg)
        if m and ((level := _ts_level(m)) is None or level in LEVELS):
            msg = _strip_timestamped(block, msg[m.end() :], level, _names_logger(m))
            field = _SPACED_FIELD if m.group("spaced") else _BRACKETED_LOGGER if m.group("dashed") else None
            if field is not None and (f := field.match(msg)):
                msg = msg[f.end() :]
            changed = True
        if ts := _LOG_TS_BASIC.match(msg):
            msg = msg[ts.end() :]
        m = _LOG_BASIC.match(msg) or _LOG_APP.match(msg) or _uvicorn_level(msg)
        if m is None and not changed and _COLUMN_HEAD.match(msg):
            m = _LOG_COLUMN.match(msg)  # a level in its column, no logger name (rich's)
        if m:
            block.exc_types.append("log." + LEVELS[m.group(1)])
            msg = msg[m.end() :]
            changed = True
        if (head := _pytest_log_head(msg)) is not msg:
            msg = head
            changed = True
        first, nl, rest = msg.partition("\n")
        if (rec := _sphinx_record(first)) is not None:
            block.exc_types.append("log." + rec[0])
            msg = _SPHINX_TAG.sub("", (rec[1] + nl + rest).rstrip())
            changed = True
        if not changed:
            break
    return msg


# pytest's log record as its ``log_cli`` and captured-log sections print it (``%(levelname)-8s
# %(name)s:%(filename)s:%(lineno)d %(message)s``), its level column read already or copied
# without it: the logger's name, the file and line of the logging call, then the message. The
# name is a dotted identifier and the file a ``.py`` name with no directory, one way to match.
_PYTEST_LOG_HEAD = re.compile(r"[A-Za-z_][\w.]{0,200}:[\w-]{1,200}\.py:\d{1,9} (?=\S)")


def _pytest_log_head(msg: str) -> str:
    """``msg`` without pytest's record head (``_PYTEST_LOG_HEAD``): the words are the layout's,
    not the message's (``opentelemetry.sdk.trace:__init__.py:357 Tried calling set_status on an
    ended span.``); ``msg`` itself when it opens with none."""
    m = _PYTEST_LOG_HEAD.match(msg)
    return msg[m.end() :] if m else msg


# a log's fields after its level, each behind ``::`` (``%(levelname)s :: %(threadName)s ::
# %(message)s``, SickChill's, Medusa's and SickRage's format): words of the logger's, none of the
# message's
_LOG_FIELDS = re.compile(r"^(?:::[ \t]{1,4}[^\s:]{1,100}[ \t]{1,4}){0,4}::[ \t]{1,4}(?=\S)")


def _strip_timestamped(block: Block, msg: str, level: str | None, named: bool = True) -> str:
    """After a timestamp (and level): ``::``-separated fields, a celery task's name and id, a
    C++ source site, or a logger name (only where the header's format may be followed by one:
    ``named``)."""
    if level:
        block.exc_types.append("log." + LEVELS[level])
        if fields := _LOG_FIELDS.match(msg):
            return msg[fields.end() :]
        if task := _CELERY_TASK.match(msg):
            return msg[task.end() :]
    m2 = _LOG_CXX_SITE.match(msg)
    if m2:
        block.frames.append(Frame(m2.group(1), int(m2.group(2)), None))
        return msg[m2.end() :]
    if named and block.exc_types and block.exc_types[-1].startswith("log."):
        m3 = _LOGGER_NAME.match(msg) or _LOGGER_BRACKET.match(msg)
        if m3 and not is_type_name(m3.group(1)):
            return msg[m3.end() :]
    return msg


_MAX_TAG = 80  # characters of an issue title's bracketed tag (``[Bug]``, ``[Pixiv Login]``)


def _title_tag(msg: str) -> str:
    """``[Bug] ValueError: text``, ``[Pixiv Login] pkg.util.SomeError: text``: an issue title's
    bracketed tag before an exception line is the reporter's, not the message's. Only dropped
    when an exception's name and ``:`` follow it (a qualified name, or an unqualified one ending
    like an exception's), so a message that itself opens with brackets keeps them."""
    if not msg.startswith("["):
        return msg
    close = msg.find("]", 1, _MAX_TAG + 2)
    if close < 0 or "\n" in msg[:close] or "[" in msg[1:close]:
        return msg
    rest = msg[close + 1 :].lstrip(" ")
    m = _TYPE_PREFIX.match(rest)
    if m and is_type_name(m.group(1), strict="." not in m.group(1)):
        return rest
    return msg


def _class_line_in_prose(block: Block, msg: str) -> str:
    """A report whose error is one line naming only a module-qualified exception class (set in
    bold or code, ``**pkg.errors.MissingAnnotationError**``), the reporter's prose around it: the
    class raised, its text not shown. Python prints a class alone only for an exception raised
    without a message, and prose does not put a dotted class of the usual suffixes on a line of
    its own; two such lines name no one error, and the paste is left as it is."""
    found = None
    for ln in msg.split("\n")[:MAX_CLASS_LINE_SCAN]:
        name = ln.strip().strip("*_`")
        if "." in name and _BARE_TYPE.match(name) and is_type_name(name, strict=True):
            if found is not None and found != name:
                return msg
            found = name
    if found is None:
        return msg
    block.exc_types.append(found)
    return ""


MAX_CLASS_LINE_SCAN = 200  # lines of a prose paste looked at for a class alone on its line


def _qualified_without_colon(block: Block, msg: str) -> str:
    """``praw.exceptions.InvalidURL Invalid URL: ...``: a module-qualified exception class, a
    space, then its message (printed without Python's ``:``). Prose does not open with a
    lowercase dotted module path and a class name, so the class is recorded and taken off."""
    m = _QUALIFIED_SPACE.match(msg)
    if m is None or not is_type_name(m.group(1)):
        return msg
    block.exc_types.append(m.group(1))
    return msg[m.end() :]


def _strip_label(msg: str) -> str:
    """``Bug: pkg.exc.SomeError: text`` (an issue title's label, a program's name): a word that
    names no exception, before a qualified name that does, is a label; the type comes after it.
    Only a qualified name ending like an exception's is trusted there (``Note: see below`` and
    ``Usage: cmd`` stay text). A reporter's short sentence is such a label too (``I get the
    error message: tweepy.errors.Forbidden: 403 ...``), before a qualified name of lower-case
    modules and a capitalised class, as Python prints one."""
    m = _TYPE_PREFIX.match(msg)
    if m and ("." in m.group(1) or is_type_name(m.group(1))):
        return msg
    if m:
        rest = msg[m.end() :].lstrip(" ")
        n = _TYPE_PREFIX.match(rest)
        if n and "." in n.group(1) and is_type_name(n.group(1), strict=True):
            return rest
        if (
            n
            and _field_label(m.group(1))
            and is_type_name(n.group(1), strict=True)
            and rest[n.end() :].strip()
        ):
            # an issue form's field (CatBoost's ``Problem: CatboostError: Invalid ...``): a
            # capitalised word, then a bare class of an exception's suffix and its text
            return rest
    cut = msg.find(": ", 0, _SENTENCE_LABEL)
    if cut < 0 or ":" in msg[:cut] or "\n" in msg[:cut] or len(msg[:cut].split()) > _LABEL_WORDS:
        return msg
    rest = msg[cut + 2 :].lstrip(" ")
    n = _TYPE_PREFIX.match(rest)
    if n and "." in n.group(1) and (_module_class(n.group(1)) or _capital_module_class(n.group(1))):
        return rest
    return msg


def _field_label(word: str) -> bool:
    """``Problem``, ``Issue``: one capitalised word of letters, as an issue form names its
    fields. A class name is no label (``is_type_name`` ruled those out before), and a
    lower-case word is a logger's or program's name, whose colon the message may hold."""
    return word.isalpha() and word[:1].isupper() and word[1:].islower()


def _capital_module_class(token: str) -> bool:
    """``PIL.UnidentifiedImageError``: a package whose name is not lower case (Pillow's ``PIL``)
    qualifying a class of an exception's suffix (``is_type_name`` strict). The suffix, not the
    case of the modules, says it is an exception; words before a dot in prose are not
    identifiers joined by dots."""
    module, dot, _cls = token.rpartition(".")
    return (
        bool(dot)
        and all(part.isidentifier() for part in module.split("."))
        and is_type_name(token, strict=True)
    )


# an exception's name, its ``: `` and the quote its text opens with
_QUOTED_AFTER_CLASS = re.compile(r"(?:^|(?<=\s))((?:[A-Za-z_]\w{0,200}\.){0,20}[A-Za-z_]\w{0,200}): ([\"'])")


def _unclosed_quote(block: Block, msg: str) -> str:
    """The exception line of a paste without a traceback whose text opens a quote after the
    class (``got pkg.SomeError: "data at RVA can't be fetched.``) that nothing closes, followed
    by a blank line and the reporter's next paragraph: the quote the reporter opened around the
    message was never closed, so the paragraph is theirs, not the message's continuation (a
    quoted text running over lines closes somewhere). The line alone is kept. An apostrophe
    between letters (``can't``) closes no single quote."""
    if block.frames or "\n\n" not in msg:
        return msg
    line, _sep, rest = msg.partition("\n\n")
    if "\n" in line.strip():
        return msg
    m = next((m for m in _QUOTED_AFTER_CLASS.finditer(line) if is_type_name(m.group(1), strict=True)), None)
    if m is None or _closing_quotes(line[m.end() :], m.group(2)) or _closing_quotes(rest, m.group(2)):
        return msg
    return line.rstrip()


def _closing_quotes(text: str, quote: str) -> bool:
    """Whether ``text`` holds ``quote`` other than as an apostrophe between two letters."""
    return any(
        c == quote
        and not (quote == "'" and 0 < i < len(text) - 1 and text[i - 1].isalpha() and text[i + 1].isalpha())
        for i, c in enumerate(text)
    )


_SENTENCE_LABEL = 120  # where a reporter's sentence before the error line ends at the latest
_LABEL_WORDS = 12


# a module-qualified class (lower-case modules, a capitalised class) and the ``: `` Python
# prints after it, standing after a blank inside a line
_QUALIFIED_IN_LINE = re.compile(r"(?<=\s)((?:[a-z_][a-z0-9_]{0,100}\.){1,20}[A-Z]\w{0,200}): (?=\S)")
_PROSE_BEFORE = 300  # characters of the reporter's words before the class, at most
_PROSE_WORDS = 40


def _qualified_after_prose(block: Block, msg: str) -> str:
    """``[BUG] Remote run completes ... but throws an error mlflow.exceptions.RestException:
    RESOURCE_DOES_NOT_EXIST: ...`` (an issue title): a one-line paste whose reporter's words run
    straight into a module-qualified exception class and its ``:``, with no label's colon or
    quote to mark where the error starts (``_strip_label``, ``_code_span``): the exception line
    starts at the class. Prose does not put a lower-case dotted module path and a capitalised
    class of an exception's suffix (``is_type_name`` strict) before a colon. A line that
    already opens with a ``Name: `` prefix keeps it (the class is read there), and a paste of
    several lines is left to the rules for prose above an error line, and a message whose class
    is read already keeps its words."""
    if block.exc_types or "\n" in msg or _TYPE_PREFIX.match(msg):
        return msg
    m = _QUALIFIED_IN_LINE.search(msg, 0, _PROSE_BEFORE + 1)
    if m is None or not is_type_name(m.group(1), strict=True):
        return msg
    if len(msg[: m.start()].split()) > _PROSE_WORDS:
        return msg
    return msg[m.start() :]


_SPAN_OPENERS = '`"'
_PDB_PREFIX = "*** "  # pdb prints an exception it caught with this prefix


def _code_span(msg: str) -> str:
    """The exception line a paste wraps in a Markdown code span or in quotes, inside prose or
    alone (```` I get `pkg.SomeError: text` when ... ````, an issue title opened with a backtick
    that is never closed): the span's text, since the prose and the marks around it are the
    reporter's. Only a span that opens with an exception's name followed by ``:`` counts (a
    qualified name after a quote, where the words of a message could also stand); a line that
    only ends with a stray backtick loses it. In a paste of several lines only a last line
    that is one whole code span counts (an issue's sentence, then the error line quoted under
    it): the lines above are the reporter's prose. A one-line paste that is one whole span
    (```` `Error parsing parameter '--body': ...` ````) is the span's text whatever it starts
    with: a message quoted as code, its marks the reporter's, as a class-led span's are; so is
    one under a lead-in line (``Error:``, ``_lead_in``), its closing backtick perhaps alone on
    the line below."""
    msg = _span_breaks_joined(msg)
    if "\n" in msg:
        head, _nl, last = msg.rstrip().rpartition("\n")
        last = last.strip()
        if last == "`" and head.strip():
            # the closing backtick alone on the line below: the message was copied with its newline
            head, _nl, above = head.rstrip().rpartition("\n")
            last = above.strip() + "`"
        if len(last) > 2 and last[0] == last[-1] == "`" and "`" not in last[1:-1]:
            span = _span_text("`", last[1:], True)
            if span is None and _lead_in(head):
                return last[1:-1].strip()
            return msg if span is None else span
        return (
            _whole_line_span(last)
            or _one_inline_span(msg)
            or _one_quoted_line(msg)
            or _span_paragraph(msg)
            or _span_under_lead_in(msg)
            or msg
        )
    whole = _whole_line_span(msg.strip())
    if whole is not None:
        return whole
    start = 0
    for _ in range(8):  # the first few openers: a span starts near the line's start
        i = min((j for j in (msg.find(c, start) for c in _SPAN_OPENERS) if j >= 0), default=-1)
        if i < 0:
            break
        start = i + 1
        if i and not msg[i - 1].isspace():
            continue
        span = _span_text(msg[i], msg[i + 1 :], msg.count('"') % 2 == 0, after_prose=i > 0)
        if span is not None:
            return span
    if len(msg) > 2 and msg[0] == msg[-1] == "`" and "`" not in msg[1:-1]:
        inner = msg[1:-1].strip()
        return _quoted_whole(inner) or inner
    if msg.endswith("`") and msg.count("`") % 2 and not _text_opens_with_tick(msg):
        return msg[:-1].rstrip()
    return _named_error_span(msg) or msg


def _span_breaks_joined(msg: str) -> str:
    """A paste of two lines whose break sits right before an inline code span's closing backtick
    (```` I get error `Reverse for 'x' not found.⏎` on the page ````): the message was copied
    with its trailing newline into the span, so the break is the copy's, not the text's, and the
    paste is one line without it. Only a break the closing backtick follows at once (the first
    line holds an odd number of backticks, the second opens with one, the whole paste an even
    number): a span that runs over lines of its own text (a message of several lines, a frame
    and its source line) keeps its lines, which the fit reads as the template's."""
    if msg.count("\n") != 1 or "```" in msg:
        return msg
    first, second = msg.strip().split("\n")
    if first.count("`") % 2 == 0 or not second.lstrip().startswith("`") or msg.count("`") % 2:
        return msg
    return first.rstrip() + second.lstrip()


# the words a sentence names an error with right before its code span: ``an error of ``,
# ``the error: ``, ``exception saying ``, ``the error says `` (read on the few characters
# before the span only; a reporter's doubled space before the backtick is still one gap)
_NAMES_ERROR = re.compile(r"(?i:\b(?:error|exception)(?: of| like| saying| says| said| reads)?:?) {1,3}$")
_NAMED_SPAN_WORDS = 3  # words a span holds at least to be a message, not a name


def _named_error_span(line: str) -> str | None:
    """The one code span of a sentence that names it an error (``an error of `'t' not found in
    array dimensions (...)` appears, and I ...``): its text, the words around it the
    reporter's. A span with no class before its text is otherwise a name the reporter quoted;
    one the sentence calls an error, of a few words at least, is the message. Two such spans
    are two errors, and none is taken."""
    found: list[str] = []
    for i, j in _line_spans(line):
        text = line[i + 1 : j].strip()
        if _NAMES_ERROR.search(line[max(0, i - 20) : i]) and len(text.split()) >= _NAMED_SPAN_WORDS:
            found.append(text)
    return found[0] if len(found) == 1 else None


# lines of a paste looked through for a code span, and openers tried on each (``_one_inline_span``)
_SPAN_LINES = 20
_SPAN_OPENERS_PER_LINE = 8


def _line_spans(line: str) -> Iterator[tuple[int, int]]:
    """Where each of a line's first ``_SPAN_OPENERS_PER_LINE`` code spans opens and closes
    (the two backticks' offsets), left to right, a span closed on its line only."""
    start = 0
    for _ in range(_SPAN_OPENERS_PER_LINE):
        i = line.find("`", start)
        j = line.find("`", i + 1) if i >= 0 else -1
        if j < 0:
            return
        start = j + 1
        yield i, j


def _one_inline_span(msg: str) -> str | None:
    """The one code span of a paste of several lines that opens with a module-qualified
    exception line inside a sentence (```` Error message shows `pkg.exceptions.SomeError: text`. ````
    and a question in the paragraph under it): the span's text, the sentences around it the
    reporter's. Only when the paste holds exactly one such span among its first
    ``_SPAN_LINES`` lines (two spans are two errors, or an error and a name), opened after a
    blank or at a line's start, and closed on its line. An undotted name may be a message's own
    quoting, so it counts only named as exceptions are (``is_type_name`` strict: ``CardError``,
    not ``Config``), with words after its colon (```` I get `CardError: Request req_x: Your
    card was declined.` when ... ````, an error tracker's line the reporter quoted), closed by
    a backtick no word follows (one right before a word opens a name the message quotes itself,
    ```` `ValueError: no `x` here` ````, and the span's end is not known), the only span of its
    line (a sentence that quotes code beside it is about that code), opened after the
    sentence's words (a span that is a whole line inside a paragraph is ``_span_paragraph``'s
    to judge) and in a paste whose backticks pair up (a stray one leaves which backtick closes
    what unknown)."""
    found: list[str] = []
    paired = msg.count("`") % 2 == 0
    for line in msg.split("\n")[:_SPAN_LINES]:
        for i, j in _line_spans(line):
            if i and not line[i - 1].isspace():
                continue
            m = _TYPE_PREFIX.match(line[i + 1 : j])
            if m is None:
                continue
            named = "." in m.group(1) or (
                i > 0
                and is_type_name(m.group(1), strict=True)
                and paired
                and line.count("`") == 2
                and any(ch.isalpha() for ch in line[i + 1 + m.end() : j])
                and not (j + 1 < len(line) and (line[j + 1].isalnum() or line[j + 1] == "_"))
            )
            if named and _span_text("`", line[i + 1 : j + 1], True, after_prose=i > 0):
                found.append(line[i + 1 : j].strip())
    return found[0] if len(found) == 1 else None


def _one_quoted_line(msg: str) -> str | None:
    """The one exception line of a paste of several lines that a sentence quotes in double
    quotes (``I got "docker.errors.APIError: 500 Server Error ("b'{"message":...}'") ".  Would
    you mind ...`` inside a letter): from the module-qualified class to the line's last quote,
    the words around it the reporter's. The message may quote text of its own (a server's JSON
    body), so the quote that closes it is the line's last one, not the first after the class.
    Only when exactly one line of the paste's first ``_SPAN_LINES`` opens such a quote (after a
    blank or at the line's start) and the line holds an even number of quotes (the opening
    quote closes on it); a bare class name in quotes may be a message's own."""
    found: list[str] = []
    for line in msg.split("\n")[:_SPAN_LINES]:
        at = line.find('"')
        while at > 0 and not line[at - 1].isspace():
            at = line.find('"', at + 1)
        if at < 0 or line.count('"') % 2:
            continue
        rest = line[at + 1 :]
        m = _TYPE_PREFIX.match(rest)
        end = rest.rfind('"')
        if m is None or "." not in m.group(1) or not is_type_name(m.group(1)) or end <= m.end():
            continue
        found.append(rest[:end].strip())
    return found[0] if len(found) == 1 else None


_SPAN_STOPS = ".,;:!"  # a sentence's mark right after a paragraph's closing backtick


def _span_paragraph(msg: str) -> str | None:
    """The one paragraph of a paste of several that is a whole code span opening with an
    exception line (```` `ValueError: text` ```` with a blank line above and below it), between
    the reporter's paragraphs (what they ran above, their question under it): the span's text.
    The class must read as one strictly (``_span_text``), as for a span alone on the last line;
    two such paragraphs are two errors, and none is taken. The sentence's period may follow the
    span (```` `AssertionError: text`. ````), and the message may quote names in backtick pairs
    of its own inside it (``_whole_line_span``)."""
    lines = msg.split("\n")[: _SPAN_LINES * 2]
    found: list[str] = []
    for k, ln in enumerate(lines):
        s = ln.strip()
        if s[-2:-1] == "`" and s[-1:] in _SPAN_STOPS:
            s = s[:-1]
        if len(s) < 3 or s[0] != "`" or s[-1] != "`":
            continue
        if (k and lines[k - 1].strip()) or (k + 1 < len(lines) and lines[k + 1].strip()):
            continue  # a line of a paragraph, not one of its own
        span = _whole_line_span(s) if "`" in s[1:-1] else _span_text("`", s[1:], True)
        if span is not None:
            found.append(span)
    return found[0] if len(found) == 1 else None


def _span_under_lead_in(msg: str) -> str | None:
    """The one line of a paste of several that is a whole code span right under a lead-in line
    (``Multiple warning logs:``, ``I get this error:``, ``_lead_in``) and ends its paragraph,
    the reporter's paragraphs going on below it: the span's text, whatever it starts with (a
    log record, a message without its class), as a span alone under a lead-in is
    (``_code_span``). Two such spans are two errors, and none is taken."""
    lines = msg.split("\n")[: _SPAN_LINES * 2]
    found: list[str] = []
    for k in range(1, len(lines)):
        s = lines[k].strip()
        if len(s) < 3 or s[0] != "`" or s[-1] != "`" or "`" in s[1:-1]:
            continue
        if (k + 1 < len(lines) and lines[k + 1].strip()) or not _lead_in(lines[k - 1]):
            continue
        found.append(s[1:-1].strip())
    return found[0] if len(found) == 1 else None


def _lead_in(text: str) -> bool:
    """Whether ``text`` (the lines above a code span) is one short line ending in ``:`` that
    introduces what follows (``Error:``, ``I get this error:``): the span under it is the
    message, whatever it starts with, as a paste of one whole span is."""
    lines = [ln.strip() for ln in text.split("\n") if ln.strip()]
    return len(lines) == 1 and lines[0].endswith(":") and len(lines[0].split()) <= _LABEL_WORDS


def _text_opens_with_tick(line: str) -> bool:
    """Whether the message behind an exception line's ``Type: `` opens with a backtick of its
    own (``TypeError: `Child.save: x must be a supertype of `int` but is `str` ``). A reporter's
    stray closing backtick pairs with an opening one before the class's name, which the line no
    longer has; a text that starts quoting right after the colon wrote its backticks itself,
    the last too, though they do not pair up (a library's f-string quoting its first word
    without closing it), and dropping that one leaves a text the raise never printed."""
    m = _TYPE_PREFIX.match(line)
    return m is not None and line[m.end() :].startswith("`")


def _whole_line_span(line: str) -> str | None:
    """A line that is one code span from its first character to its last, opened by an
    exception line whose message quotes names in backticks of its own (```` `Error: The model
    `x-7b` has been decommissioned` ````): the whole inner text. Markdown would close the span
    at the first inner backtick, but the reporter wrapped the line, and the pairs inside are
    the message's own quoting. A span opened inside a sentence (```` I get `E: a` and `b` ````)
    is not one whole line and keeps its first closing backtick."""
    if len(line) < 3 or line[0] != "`" or line[-1] != "`" or line[1] == "`":
        return None
    inner = line[1:-1]
    ticks = [k for k, c in enumerate(inner) if c == "`"]
    if not ticks or len(ticks) % 2 or _span_text("`", inner, True) is None:
        return None
    # each inner pair opens after a blank or an opening mark and closes before one: a first
    # inner backtick right after a word closes the span (```` `E: a` and `b` ````)
    for k in ticks[::2]:
        if k == 0 or inner[k - 1] not in " \t('\"[{" or k + 1 == len(inner) or inner[k + 1].isspace():
            return None
    return inner.strip()


def _span_text(opener: str, rest: str, quotes_paired: bool, after_prose: bool = False) -> str | None:
    """The text of a span opened by ``opener`` when it starts with an exception line, else None.
    ``after_prose``: the span opens after the reporter's words on its line. A span opened with
    two backticks (reST's inline literal, ```` ``pkg.SomeError: text`` ````, which Markdown also
    reads as one span) closes at two; one opened with three run into a sentence (a fence typed
    inline, ```` due to ```pkg.SomeError: text``` if anyone ... ````) closes at three."""
    tripled = opener == "`" and rest.startswith("``") and not rest.startswith("```")
    doubled = opener == "`" and rest.startswith("`") and not rest.startswith("``")
    if doubled:
        rest = rest[1:]
    elif tripled:
        rest = rest[2:]
    rest = rest.lstrip(" ")
    if rest.startswith(_PDB_PREFIX):
        rest = rest[len(_PDB_PREFIX) :]
    m = _TYPE_PREFIX.match(rest)
    # a qualified name in a code span may be any class's (``pkg.errors.FieldDoesNotExist``)
    lenient = opener == "`" and "." in m.group(1) if m else False
    if not m or not (_prefix_type(m.group(1), False) if lenient else is_type_name(m.group(1), strict=True)):
        return None
    if opener == "`":
        end = rest.find("```" if tripled else "``" if doubled else "`")
        return (rest[:end] if end >= 0 else rest).strip()
    body = rest.rstrip()
    # an undotted class after a quote only when the reporter's sentence introduces it and the
    # quote closes the line with nothing quoted inside (``I get "GenericGBQException: ..."``):
    # the quotation is the error. A line quoted whole is left as it was (a quoted message may
    # open with words and a colon, and there no sentence says it is the error).
    closes = after_prose and quotes_paired and body.endswith('"') and '"' not in body[:-1]
    # a title opening with the quoted exception line, its own words after the closing quote
    # (``"ValueError: dimensions [...] must ..." when slicing by ...``): the quotation is the
    # error, its class one by its name alone (``is_type_name`` strict, above)
    titled = not after_prose and quotes_paired and body.count('"') == 1 and not body.endswith('"')
    if titled:
        return body[: body.index('"')].strip()
    if "." not in m.group(1) and not closes:
        return None
    if quotes_paired and body.endswith('"'):
        body = body[:-1]
    return body.strip()


def _quoted_whole(text: str, strict: bool = True) -> str | None:
    """A code span whose whole text is an exception line in quotes of its own (```` `'pkg
    Error: text'` ````, copied from a log that printed the line as a string): the line without
    the quotes, when it opens with an exception's name and a colon. A quoted message alone
    (```` `'text'` ````) names no class and stays as it is."""
    if len(text) < 3 or text[0] != text[-1] or text[0] not in "'\"" or text[0] in text[1:-1]:
        return None
    inner = text[1:-1].strip()
    m = _TYPE_PREFIX.match(inner)
    return inner if m and is_type_name(m.group(1), strict=strict) else None


def _quoted_exception_line_whole(msg: str) -> str:
    """A paste whose first line is a module-qualified exception line in a pair of quotes of its own
    (``'pkg.errors.TooManyRedirects: Exceeded 30 redirects.'``, copied from a log or a report
    that printed the line as a string), read as that line without the quotes. The quote closing
    at the line's end closed the error's text, so the lines under it (the reporter's ``i am
    already increase max redirect``) are not its continuation and are dropped: a quoted message
    running over lines closes on a later line and is left as it is."""
    first, _sep, _rest = msg.partition("\n")
    # a module-qualified class only (``is_type_name``'s lenient reading of it: ``TooManyRedirects``
    # has no usual suffix); an undotted ``"Name: text"`` may be a quoted message opening with
    # words and a colon, and is left as it was (``_span_text``)
    inner = _quoted_whole(first.strip(), strict=False)
    if inner is None or "." not in inner.partition(": ")[0]:
        return msg
    return inner


def _report_class(token: str) -> bool:
    """A class Django's report header may name: an exception's usual suffix after a name of its
    own (``ScannerError``, ``pkg.DoesNotExist`` is not one), never the bare suffix (``Error``)."""
    return is_type_name(token, strict=True) and token.rsplit(".", 1)[-1] not in _TYPE_SUFFIXES


# Django's technical 500 report as text (its error e-mail, ``DEBUG`` page's copy-and-paste view):
# ``{exception_type} at {request.path_info}``, the exception's text on the next lines, then a
# blank line and the request's metadata opened by ``Request Method: ``
_DJANGO_REPORT_HEAD = re.compile(r"^([A-Za-z_][\w.]{0,300}) at /\S{0,2000}(?:$| (?=\S))", re.MULTILINE)
_DJANGO_REPORT_META = "\n\nRequest Method: "


def _django_report(msg: str) -> str:
    """The exception of Django's text report read as a ``Type: text`` line: the header
    ``ScannerError at /admin/x/change/`` names the class where Python prints ``ScannerError: ``,
    and the text under it runs to the report's ``Request Method: `` metadata, which is Django's,
    never the exception's. What precedes the header (the logger's ``Internal Server Error:
    /path`` line) is the log's, not the message's. Only a header whose class has an exception's
    usual suffix counts: a sentence such as ``Error at /login`` alone names no class. The
    page's heading copied as one line (an issue's title: ``DefaultCredentialsError at
    /admin/users/add/ File ... was not found.``) has the text after the path and a space: the
    path has none (Django prints ``request.path_info``), so the text starts there."""
    m = next((m for m in _DJANGO_REPORT_HEAD.finditer(msg) if _report_class(m.group(1))), None)
    if m is None:
        return msg
    if msg[m.end() - 1 : m.end()] == " ":
        text = msg[m.end() :].partition(_DJANGO_REPORT_META)[0].strip("\n")
        return f"{m.group(1)}: {text}"
    if msg[m.end() : m.end() + 1] != "\n":
        return msg
    text = msg[m.end() + 1 :].partition(_DJANGO_REPORT_META)[0].strip("\n")
    return f"{m.group(1)}: {text}" if text.strip() else msg


# the keys under which an application's error dict names the exception's class
_DICT_CLASS_KEYS = ("error", "exception", "exc_type", "error_type", "type")
_MAX_DICT_TRIES = 8  # ``{`` openings of a line tried as the start of its error dict
_MAX_DICT_TEXT = 20_000  # characters of a dict read with ``ast.literal_eval``


def _error_dict(block: Block, msg: str) -> str:
    """A line that ends with an application's error dict, the class under one key and the
    exception's text under another (the AUTOMATIC1111 web UI's ``*** API error: GET: <url>
    {'error': 'RuntimeError', 'detail': '', 'body': '', 'errors': 'File at path ... does not
    exist.'}``, a JSON API's ``{"error": "ValueError", "message": "..."}``): that class and the
    longest other text value are the error, the words before the dict the application's. Only
    a one-line dict literal whose class key holds an exception's name (``is_type_name``) and
    whose other values are plain: a dict of validation messages names no class and stays."""
    line = msg.strip()
    if "\n" in line or not line.endswith("}") or len(line) > _MAX_DICT_TEXT:
        return msg
    at = -1
    for _ in range(_MAX_DICT_TRIES):
        at = line.find("{", at + 1)
        if at < 0:
            return msg
        try:
            value = ast.literal_eval(line[at:])
        except (ValueError, SyntaxError, MemoryError, RecursionError):
            continue
        if not isinstance(value, dict):
            return msg
        cls = next((value[k] for k in _DICT_CLASS_KEYS if isinstance(value.get(k), str)), None)
        texts = [v.strip() for k, v in value.items() if k not in _DICT_CLASS_KEYS and isinstance(v, str)]
        text = max(texts, key=len, default="")
        if cls is None or not is_type_name(cls) or not text:
            return msg
        block.exc_types.append(cls)
        return text
    return msg


def _unprefixed_class(block: Block, msg: str) -> str:
    """A class shown without the ``Type: `` prefix: alone above its text (``_class_above``), in
    a code span (``_code_span``) or behind PyCharm's tag (``_debugger_tag``)."""
    rest = _class_above(block, msg)
    # (a log record quoted in the span keeps the head ``_strip_log_prefixes`` reads off a line)
    return rest if block.exc_types else _debugger_tag(block, _pytest_log_head(_code_span(msg)))


def _class_above(block: Block, msg: str) -> str:
    """An error page's or a monitor's layout: the class alone on the first line, its text on the
    lines under it (``_InactiveRpcError`` then ``<_InactiveRpcError of RPC that terminated
    with:`` ...), no traceback. The first line is the class only when it is one name with an
    exception's suffix (``is_type_name``, strict): a sentence or a word heading a report is not.
    Under frames the exception line is the traceback's own."""
    first, nl, rest = msg.partition("\n")
    name = first.strip()
    if (
        block.frames
        or not nl
        or not rest.strip()
        or len(name) > 200
        or not all(p.isidentifier() for p in name.split("."))
    ):
        return msg
    if not is_type_name(name, strict=True):
        return msg
    block.exc_types.append(name)
    return rest.strip("\n")


_EXC_INFO_HEAD = "(<class '"
_EXC_INFO_TAIL = ", <traceback object at 0x"


def _exception_in_parentheses(block: Block, msg: str) -> str:
    """Another library's log line that shows the exception it caught at its end, in
    parentheses (backoff's ``Backing off f(...) for 1.8s (pkg.mod.SomeError: text)``): the
    class and its message, when the class is dotted and named like one. The last line is the
    latest such record."""
    last = msg.rstrip().rpartition("\n")[2].rstrip()
    if not last.endswith(")") or len(last) > MESSAGE_CAP:
        return msg
    at = last.rfind(" (")
    for _ in range(8):  # the few last parentheses: the record's own text comes before them
        if at < 0:
            break
        name, sep, text = last[at + 2 : -1].partition(": ")
        if sep and "." in name and _BARE_TYPE.match(name) and is_type_name(name, strict=True):
            block.exc_types.append(name)
            return text
        at = last.rfind(" (", 0, at)
    return msg


def _caught_in_parentheses(block: Block, msg: str) -> str:
    """A caught exception a log record shows in parentheses: as Python prints it at the line's
    end (``_exception_in_parentheses``), else, with no frames to hold the error, as its repr
    with the record's words after it (``_repr_in_parentheses``)."""
    got = _exception_in_parentheses(block, msg)
    if block.exc_types or block.frames:
        return got
    return _repr_in_parentheses(block, msg)


# ``(SomeError(`` inside a log line: a caught exception's repr the record shows in parentheses
_PAREN_REPR = re.compile(r"\(([A-Za-z_][\w.]{0,200})\(")


def _repr_in_parentheses(block: Block, msg: str) -> str:
    """Another library's log line that shows the exception it caught as its repr in
    parentheses, the record's words going on after it (a retrying client's ``Request (page 1)
    failed (LocalProtocolError("Illegal header value b'x '")). Waiting to retry.``): the repr,
    read as ``_exception_repr`` reads one alone, of a class named as an exception is
    (``is_type_name`` strict: ``(len(x))`` is code). The last line that holds one is the latest
    record; a few openings and closings a line are tried, so the work stays bounded."""
    for line in reversed(msg.rstrip().split("\n")[-_SPAN_LINES:]):
        if len(line) > MESSAGE_CAP:
            continue
        for tried, m in enumerate(_PAREN_REPR.finditer(line)):
            if tried >= _MAX_REPR_TRIES:
                break
            if not is_type_name(m.group(1), strict=True) or (m.start() and not line[m.start() - 1].isspace()):
                continue  # not a class, or a call's own parenthesis (``ConnectionError(MaxRetryError(``)
            close = line.find("))", m.end())
            for _ in range(_MAX_REPR_TRIES):
                if close < 0:
                    break
                scratch = Block()
                got = _exception_repr(scratch, line[m.start(1) : close + 1])
                after = line[close + 2 :]  # the record's words go on after the parentheses
                if (
                    scratch.exc_types
                    and any(ch.isalpha() for ch in got)
                    and any(ch.isalpha() for ch in after)
                ):
                    block.exc_types.extend(scratch.exc_types)
                    return got
                close = line.find("))", close + 1)
    return msg


# PyCharm's debugger shows a value as ``{type}value`` (the Variables view, the Evaluate window),
# copied as it stands, alone or in a code span: an exception as its repr
# (``{InvalidPrefixError}InvalidPrefixError("Path ...")``) or, in older releases, as what str()
# prints (``{AttributeError}'NoneType' object has no attribute 'x'``)
_DEBUGGER_TAG = re.compile(r"(`?)\{([A-Za-z_][\w.]{0,300})\}(?=\S)")


def _debugger_tag(block: Block, msg: str) -> str:
    """The value PyCharm's ``{type}`` tag stands before, when the type is an exception's: a repr
    of that class is left for ``_exception_repr`` to read; any other text is the message, of
    that class. A tag of another type (``{str}``, ``{dict: 2}``) is no exception's."""
    text = msg.strip()
    m = _DEBUGGER_TAG.match(text)
    if m is None or "\n" in text or not is_type_name(m.group(2)):
        return msg
    rest = text[m.end() :]
    if m.group(1):  # in a code span: the closing backtick ends it
        if not rest.endswith("`") or "`" in rest[:-1]:
            return msg
        rest = rest[:-1]
    name = m.group(2)
    if rest.startswith(f"{name.rpartition('.')[2]}("):
        return rest
    block.exc_types.append(name)
    return rest


_MAX_REPR_TRIES = 8  # ``Name(`` openings tried as the start of an exception's repr ending a line


def _exception_repr(block: Block, msg: str) -> str:
    """An exception printed as its repr, alone (``UnsupportedProtocol("Request URL is ...")``)
    or inside a printed ``sys.exc_info()`` tuple (``(<class 'pkg.Error'>, Error('a', {...}),
    <traceback object at 0x...>)``): its class, and the message as ``str()`` prints it (one
    argument as itself, several as their tuple). Parsed as a literal, never evaluated."""
    text = msg.strip()
    dotted = None
    if text.startswith(_EXC_INFO_HEAD) and text.endswith(">)"):
        close = text.find("'>, ", len(_EXC_INFO_HEAD))
        tail = text.rfind(_EXC_INFO_TAIL)
        if close < 0 or tail <= close:
            return msg
        dotted = text[len(_EXC_INFO_HEAD) : close]
        text = text[close + 4 : tail]
    open_ = text.find("(")
    if open_ <= 0 or not text.endswith(")") or "\n" in text or len(text) > MESSAGE_CAP:
        return msg
    name = text[:open_]
    if not _BARE_TYPE.match(name) and not name.isidentifier():
        return msg
    if not is_type_name(name) or (
        dotted is not None and dotted.rpartition(".")[2] != name.rpartition(".")[2]
    ):
        return msg
    inner = _py2_args(text[open_ + 1 : -1])
    try:
        args = ast.literal_eval(f"({inner},)") if inner else ()
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        if dotted is None and _FIELD_REPR.match(inner) and is_type_name(name, strict=True):
            # a class's own ``__repr__`` listing its fields (``QueryError(type=USER_ERROR,
            # name=X, message="...")``), printed by ``str()`` too: the repr is the text. Only a
            # name ending as an exception's is one: a call of another class with keywords
            # (``wandb.Settings(init_timeout=120)`` in a message's advice) is code it quotes
            block.exc_types.append(name)
            return text
        return msg
    if not isinstance(args, tuple):
        return msg
    block.exc_types.append(dotted or name)
    if len(args) == 1:
        return args[0] if isinstance(args[0], str) else inner
    return f"({inner})" if args else ""


# the arguments of a repr a class writes itself: ``field=value`` pairs, the first a word
_FIELD_REPR = re.compile(r"[A-Za-z_]\w{0,100}=[^=\s,]")


def _repr_under_prose(block: Block, msg: str) -> str:
    """An exception's repr alone on the paste's last line under the reporter's words that
    introduce it (``Catch this error:``, then ``SomeError(...)``): the repr, read as
    ``_exception_repr`` reads one alone. The line above (blank lines aside) ends with ``:``;
    prose that runs on does not hand over to the repr."""
    lines = [ln for ln in msg.strip().split("\n") if ln.strip()]
    if len(lines) < 2 or block.frames or not lines[-2].rstrip().endswith(":"):
        return msg
    known = len(block.exc_types)
    got = _exception_repr(block, lines[-1].strip())
    return got if len(block.exc_types) > known else msg


def _repr_among_lines(block: Block, msg: str) -> str:
    """An exception's repr in a paste of several lines: alone under the reporter's words that
    introduce it (``_repr_under_prose``), else ending the one line of a log that shows one
    (``_repr_ending_a_line``), when no frames hold the error."""
    got = _repr_under_prose(block, msg)
    if block.exc_types or block.frames:
        return got
    return _repr_ending_a_line(block, msg)


def _repr_ending_a_line(block: Block, msg: str) -> str:
    """The one line of a paste of several that ends in an exception's repr of a class named as
    exceptions are (``... Card payment failed with exception CardError(u'Your card was
    declined.',)``, an application's log record among other records, Python 2's ``u`` and
    trailing comma included): the repr, read as ``_trailing_repr`` reads a line alone. The
    records around it are the log's, the lines above it the reporter's. The record's own words
    stand before the repr: a line that is a repr alone (a library's message listing what each
    column raised, ``  ValueError("...")`` under a column's name) or a ``raise`` statement is
    a line of a message or of code (``def f(self): raise E("...")`` too), not a record of the
    error. Only when exactly one
    error reads so among the paste's first ``_SPAN_LINES * 2`` lines (the same repr repeated
    by a log counts once; two errors are two, and none is taken)."""
    found: dict[tuple[str, str], None] = {}
    for line in msg.split("\n")[: _SPAN_LINES * 2]:
        text = line.strip()
        if not text.endswith(")") or len(text) > MESSAGE_CAP or "raise" in text.split():
            continue
        if " " not in text[: text.find("(")].strip():
            continue  # the line opens with the repr: no record's words before it
        scratch = Block()
        got = _trailing_repr(scratch, text)
        real = [t for t in scratch.exc_types if not t.startswith("log.")]
        if (
            real
            and is_type_name(real[-1].rpartition(".")[2], strict=True)
            and any(ch.isalpha() for ch in got)
        ):
            found[(real[-1], got)] = None
    if len(found) != 1:
        return msg
    ((name, got),) = found
    block.exc_types.append(name)
    return got


def _trailing_repr(block: Block, msg: str) -> str:
    """An exception's repr that ends the line behind an application's words (``Unreadable
    Notebook: <path> NotJSONError('...')``) or inside a code span (```` `Error('...')` ````), or
    a pasted ``raise Error('...')`` line, its trailing comment (``# noqa``) dropped:
    the repr, read as ``_exception_repr`` reads one alone. Tried from the first few ``Name(``
    openings after a space or a backtick, so a path with spaces before it does not matter."""
    text = msg.strip()
    if "\n" in text or len(text) > MESSAGE_CAP:
        return msg
    if text.startswith("raise "):
        text = _without_comment(text)
    if text.endswith("`"):
        text = text[:-1]
    if not text.endswith(")"):
        return msg
    at = text.find("(")
    known = len(block.exc_types)  # (a log record's level may be read already)
    for _ in range(_MAX_REPR_TRIES):
        if at <= 0:
            break
        start = at
        while start > 0 and (text[start - 1].isalnum() or text[start - 1] in "_."):
            start -= 1
        if start < at and (start == 0 or text[start - 1] in " \t`") and _repr_may_start(text, start):
            got = _exception_repr(block, text[start:])
            if len(block.exc_types) > known:
                return got
        at = text.find("(", at + 1)
    return msg


def _repr_in_line(block: Block, msg: str) -> str:
    """An exception's repr ending the line (``_trailing_repr``), else one in a code span inside
    the reporter's sentence of a paste with no frames (``_repr_in_span``)."""
    got = _trailing_repr(block, msg)
    if block.exc_types or block.frames:
        return got
    return _repr_in_span(block, msg)


def _repr_in_span(block: Block, msg: str) -> str:
    """An exception's repr in a code span inside the reporter's sentence (``I'm getting the
    `ValueError("URL exceeds Excel's maximum length.")` for long URLs.``): the repr, read as
    ``_exception_repr`` reads one alone; the words around the span are the reporter's. The span
    must hold the whole repr, of a class named as an exception is (``is_type_name`` strict: a
    call of any other name in backticks is code the reporter quoted), and be the only such span
    among the paste's first ``_SPAN_LINES`` lines (two are two errors, and none is taken), with
    a text of words (``ValueError()`` in a span is a value a message quotes). A paste opening
    with a ``Name: `` line is an error line whose text quotes code of its own (pytest's
    ``Failed: ... `ValueError()` is not an exception group``), not the reporter's sentence."""
    if _TYPE_PREFIX.match(msg.lstrip()):
        return msg
    found: list[tuple[str, Block]] = []
    for line in msg.split("\n")[:_SPAN_LINES]:
        for i, j in _line_spans(line):
            text = line[i + 1 : j].strip()
            open_ = text.find("(")
            if open_ <= 0 or not text.endswith(")") or not is_type_name(text[:open_], strict=True):
                continue
            scratch = Block()
            got = _exception_repr(scratch, text)
            if scratch.exc_types and any(ch.isalpha() for ch in got):
                found.append((got, scratch))
    if len(found) != 1:
        return msg
    got, scratch = found[0]
    block.exc_types.extend(scratch.exc_types)
    return got


def code_chars(line: str) -> Iterator[tuple[int, str]]:
    """The characters of a line of code outside its string literals, with their places: a
    quote's text is skipped to its closing quote (escapes included), and the ``#`` that opens a
    comment is the last one given. One scanner for the readers of a pasted source line (a
    raise line's trailing pragma, whether a frame's line opens a statement)."""
    quote = ""
    i = 0
    while i < len(line):
        c = line[i]
        if quote:
            if c == "\\":
                i += 1
            elif c == quote:
                quote = ""
        elif c in "'\"":
            quote = c
        else:
            yield i, c
            if c == "#":
                return
        i += 1


def _without_comment(code: str) -> str:
    """A line of code without its trailing comment (``raise E('text')  # noqa``, a linter's
    pragma): Python drops it, so the statement ends before the ``#`` outside its strings."""
    for i, c in code_chars(code):
        if c == "#":
            return code[:i].rstrip()
    return code


def _keyword_repr(block: Block, msg: str) -> str:
    """An exception's repr given as a keyword's value inside another object's repr: a future's
    ``<Future finished exception=RuntimeError('...')>`` in a log line, a mock's recorded
    ``Call(request=..., response=ConnectionError(u'...',))``. The exception is the error the
    line reports; its repr ends at the first ``)`` after which its arguments read as literals
    (a few are tried), and is read as ``_exception_repr`` reads one alone."""
    text = msg.strip()
    if "\n" in text or len(text) > MESSAGE_CAP:
        return msg
    at = text.find("=")
    for _ in range(_MAX_REPR_TRIES):
        if at < 0:
            break
        start = at + 1
        open_ = start
        while open_ < len(text) and (text[open_].isalnum() or text[open_] in "_."):
            open_ += 1
        if _named_before(text, at):
            return msg  # ``Wrapper: SomeError: text, ... error=Other('...')``: the error is named before
        if open_ > start and text.startswith("(", open_) and is_type_name(text[start:open_]):
            close = text.find(")", open_)
            for _ in range(_MAX_REPR_TRIES):
                if close < 0:
                    break
                known = len(block.exc_types)
                got = _exception_repr(block, text[start : close + 1])
                if len(block.exc_types) > known:
                    return got
                close = text.find(")", close + 1)
        at = text.find("=", at + 1)
    return msg


def _named_before(text: str, end: int) -> bool:
    """Whether ``text[:end]`` names an exception as Python prints one (``SomeError: ``): the
    line's error, whatever reprs its message holds further on."""
    return any(w.endswith(":") and is_type_name(w[:-1], strict=True) for w in text[:end].split())


# the last word before a colon that announces the exception after it (``... raised:``)
_RAISED_WORD = re.compile(r"(?:^|\s)(?:raised|exception)$", re.IGNORECASE)


def _repr_may_start(text: str, start: int) -> bool:
    """Whether an exception's repr at ``start`` can be the error the line shows, rather than a
    value inside another exception's message: not after a ``:`` (``Stream connection lost:
    ConnectionResetError(104, ...)`` is the outer message's text) unless the word before that
    colon says what follows was raised (an application's log of what a call raised, ``Drain
    messages raised: IllegalStateError("...")``, ``Unhandled exception: KeyError('x')``), and
    not on a line that is itself an exception line (``pkg.SomeError: ...``)."""
    before = text[:start].rstrip()
    if start and before.endswith(":") and not _RAISED_WORD.search(before[:-1]):
        return False
    m = _TYPE_PREFIX.match(text)
    return start == 0 or not (m and is_type_name(m.group(1)))


def _py2_args(inner: str) -> str:
    """The arguments of an exception's repr without the comma Python 2 printed after the last
    (``NotJSONError('text',)``): left in, it would make the tuple read as a literal invalid."""
    stripped = inner.rstrip()
    return stripped[:-1] if stripped.endswith(",") and not stripped.endswith(",,") else inner


def _raised_by_last_frame(block: Block, token: str) -> bool:
    """The traceback's last frame shows ``raise NXDOMAIN`` and the paste ends in
    ``dns.resolver.NXDOMAIN``: the line names the class that statement raised, though the name
    does not look like an exception's (all capitals)."""
    if not block.frames:
        return False
    source = (block.frames[-1].source or "").strip()
    if not source.startswith("raise "):
        return False
    called = source[6:].split("(", 1)[0].strip()
    return bool(called) and called.rsplit(".", 1)[-1] == token.rsplit(".", 1)[-1]


def lower_class(token: str) -> bool:
    """``error``, ``re.error``, ``socket.gaierror``, ``regex._regex_core.error``: a class named
    in lower case, as the standard library's older modules name theirs (and libraries copying
    them). Only a name ending in ``error``: any other lower-case word before a colon is a
    logger's, a label's or prose."""
    last = token.rsplit(".", 1)[-1]
    return last.endswith("error") and last.islower() and all(p.isidentifier() for p in token.split("."))


def _lower_class_line(block: Block, msg: str) -> str:
    """A lower-case class line (``lower_class``) read as the class only where Python's printing
    says it is one, not wherever a log writes ``error: ...``: the line ends a traceback (the
    block has frames), the deepest frame's statement or a ``raise`` line pasted right above
    raises that name, or the name is a
    standard library module's (``re.error``, ``socket.gaierror``)."""
    m = None if block.exc_types else _TYPE_PREFIX.match(msg)
    if m is None or not lower_class(name := m.group(1)):
        return msg
    std = "." in name and stdlib_module(name)
    if not (block.frames or std or block.raised_above or _raised_by_last_frame(block, name)):
        return msg
    block.exc_types.append(name)
    return msg[m.end() :].lstrip(" ")


def _prefix_type(token: str, strict: bool) -> bool:
    """Whether a ``Name: `` prefix is an exception class. After a first prefix (a CLI's
    ``Error: ``), a module-qualified name (``sh.CommandNotFound``) is one too, whatever its
    suffix: Python prints a library class with its module, and prose is not dotted like that."""
    if is_type_name(token, strict=strict):
        return True
    if strict and "." in token and is_type_name(token):
        return True
    # ``telegram.error.Conflict: ...``: lower-case modules, then a capitalised word, is how
    # Python prints a library class whatever its name's shape; a logger's name is not so cased
    return _module_class(token)


def _module_class(token: str) -> bool:
    """``telegram.error.Conflict``: lower-case modules, then a capitalised word with a lower-case
    letter (``pkg.mod.HTTP`` is a constant's name)."""
    return _MODULE_CLASS.fullmatch(token) is not None and any(c.islower() for c in token.rpartition(".")[2])


def _strip_type_prefixes(block: Block, msg: str) -> str:
    """``pkg.Error: Other: text``: the ``Name: `` prefixes that are classes, taken off into
    ``block.exc_types``."""
    strict = False
    for _ in range(6):
        m = _TYPE_PREFIX.match(msg)
        if not m or not _prefix_type(m.group(1), strict):
            break
        block.exc_types.append(m.group(1))
        msg = msg[m.end() :].lstrip(" ")
        strict = True
    return msg


def _class_repr(block: Block, msg: str) -> str:
    """``<class 'X'>: text`` (a class printed as its repr), or a ``compact_traceback()`` line:
    the class into ``block.exc_types``, the text left."""
    if compact := _COMPACT_TRACEBACK.match(msg):
        # the frame's line is the reporter's release's, so it is left out: the class and the
        # text are what every release shares
        block.exc_types.append(compact.group(1))
        msg = compact.group(2)
    m = _CLASS_REPR.match(msg)
    if m:
        block.exc_types.append(m.group(1))
        msg = msg[m.end(1) + 2 :].lstrip(": \n")
    return msg


def _classless(block: Block) -> bool:
    """Whether the block names no class: no type prefix, or only a log record's level
    (``log.ERROR``: ``[TS: ERROR/MainProcess] Pool callback raised exception: LoopExit('...')``
    still has the exception's repr to read)."""
    return all(t.startswith("log.") for t in block.exc_types)


# one ``key=value`` pair of a key-value log line: the value quoted (a repr's quotes, logfmt's
# double quotes, each with its escapes) or one bare word; one way to match each, so linear
_KEY_VALUE = re.compile(
    r"""([A-Za-z_][\w.]{0,50})=("(?:[^"\\\n]|\\.){0,5000}"|'(?:[^'\\\n]|\\.){0,5000}'|[^\s"'][^\s]{0,5000})(?:[ \t]+|$)"""
)
_EVENT_KEYS = ("event", "msg", "message")  # structlog's ``KeyValueRenderer``, logfmt's, others'
_LEVEL_KEYS = ("level", "levelname", "lvl")


def _key_value_record(block: Block, msg: str) -> str:
    """A log record rendered as ``key=value`` pairs (structlog's ``KeyValueRenderer``: ``event="Can't
    divide by zero" logger='app' level='error'``; logfmt's ``level=error msg="..."``): the message is
    the event's value, unquoted (read as a literal, never evaluated), the level the level's. Only
    when the whole first line is such pairs, two at least, one of them the event; the lines after
    it are kept; a message whose type or level is read already is left as it is."""
    if block.exc_types:
        return msg
    first, nl, rest = msg.partition("\n")
    pairs: dict[str, str] = {}
    pos, line = 0, first.strip()
    while pos < len(line):
        m = _KEY_VALUE.match(line, pos)
        if m is None:
            return msg
        pairs.setdefault(m.group(1), m.group(2))
        pos = m.end()
    event = next((pairs[k] for k in _EVENT_KEYS if k in pairs), None)
    if len(pairs) < 2 or event is None:
        return msg
    level = next((pairs[k] for k in _LEVEL_KEYS if k in pairs), None)
    if level is not None and (lv := _unquoted_value(level).upper()) in LEVELS:
        block.exc_types.append("log." + LEVELS[lv])
    return _unquoted_value(event) + nl + rest


# structlog's ``dict_tracebacks`` (its ``JSONRenderer``'s ``exception`` list): each exception of
# the chain an object whose ``"exc_type"`` and ``"exc_value"`` strings come first, its frames
# after; one way to match each JSON string, so linear
_JSON_EXCEPTION = re.compile(
    r'"exc_type":\s{0,9}"([A-Za-z_][\w.]{0,200})",\s{0,9}"exc_value":\s{0,9}"((?:[^"\\\n]|\\.){0,5000})"'
)


def _json_exception(block: Block, msg: str) -> str:
    """A JSON log record carrying its exception as structlog's ``dict_tracebacks`` renders it
    (authentik's worker: ``{"event": "Unrecoverable error: ContentDisallowed('...')",
    "exception": [{"exc_type": "ContentDisallowed", "exc_value": "Refusing to ...", "frames":
    [...]}]}``), whole or cut inside its frames: the class and the text are those two fields of
    the list's first exception (structlog lists the exception raised first, then its cause or
    context, as ``rich`` prints them), the text read as the JSON string it is. The record's
    event, the frames' locals and the rest are the application's. A class read already, or frames
    parsed, leave the message as it is."""
    if block.exc_types or block.frames or '"exc_value"' not in msg:
        return msg
    found = _JSON_EXCEPTION.search(msg, 0, _MAX_DICT_TEXT * 5)
    if found is None or not is_type_name(found.group(1)):
        return msg
    cls, raw = found.group(1), found.group(2)
    try:
        text = json.loads(f'"{raw}"')
    except ValueError:
        return msg
    if not isinstance(text, str):
        return msg
    block.exc_types.append(cls)
    return text


def _unquoted_value(value: str) -> str:
    """A ``key=value`` pair's value as text: a quoted one read as a string literal."""
    if value[:1] in "'\"":
        try:
            got = ast.literal_eval(value)
        except (ValueError, SyntaxError):
            return value[1:-1]
        return got if isinstance(got, str) else value[1:-1]
    return value


_ELIDED = frozenset(("[...]", "...", "…", "(...)", "[…]"))
_LISTING_LINE = re.compile(r"\s*(?:-*>\s*)?\d{1,7}(?:\s|$)")
_CHAIN_TAIL = re.compile(r"([A-Za-z_][\w.]{0,200}):(?: |$)")


def _elided_chain_tail(body: list[str], header: str) -> tuple[str, list[str]] | None:
    """The error line closing an IPython traceback whose middle the paster cut or elided.

    IPython's header names the chain's first exception (``ClientError   Traceback ...``); its
    own error line, ``ClientError: text``, follows its frames. When the paste elides the rest
    (``[...]``) or cuts a frame's path short, the line it ends with is the last exception of
    the chain, a handler's (``S3UploadFailedError: Failed to upload ...: <the ClientError's
    text>``): that class and text are the error, not the header's class over every line left.
    Only lines a cut traceback leaves may stand above it (blank ones, elision marks, frame
    paths, numbered listing lines); a message of the header's class comes first otherwise."""
    first = next((ln for ln in body if ln.strip()), "")
    if not first or first.startswith((f"{header}:", f"{header.rsplit('.', 1)[-1]}:")):
        return None
    for k, ln in enumerate(body[:MAX_FRAMES]):
        m = _CHAIN_TAIL.match(ln)
        if m and is_type_name(m.group(1), strict=True):
            return m.group(1), body[k:]
        s = ln.strip()
        if not (not s or s in _ELIDED or _LISTING_LINE.match(ln) or _cut_frame_path(s)):
            return None
    return None


def _cut_frame_path(s: str) -> bool:
    """A line that is the head of an IPython frame cut short: a path of a Python file's folder
    (``/opt/conda/lib/python3.7/site-package``), nothing after it."""
    return " " not in s and (s.startswith(("/", "~", "\\")) or re.match(r"[A-Za-z]:[\\/]", s) is not None)


def _strip_prefixes(block: Block) -> None:
    """Strip log prefixes, ``<class 'X'>`` lines and exception-type prefixes off the message."""
    msg = _strip_log_prefixes(block, _from_error_record(block.message))
    if (caught := _wrapped_class_alone(block, msg)) is not None:
        block.exc_types.append(caught[0])
        block.exc_type = caught[0]
        block.message = _without_reporters_paragraphs(block, caught[1].strip())
        return
    _strip_message_prefixes(block, msg)


def _strip_message_prefixes(block: Block, msg: str) -> None:
    """The prefixes of a message a log record's own prefixes are off already
    (``_strip_prefixes``)."""
    msg = _json_exception(block, _key_value_record(block, msg))
    if not block.exc_types and (glued := _LOGGER_GLUED.match(msg)):
        msg = msg[glued.end() :]
    msg = _class_repr(block, msg)
    if not block.exc_types and not block.frames:
        msg = _error_dict(block, _django_report(_quoted_exception_line_whole(msg)))
    if not block.exc_types:
        # a span's text is read like a bare line: ``<class 'X'>: text`` in backticks too
        msg = _class_repr(block, _unprefixed_class(block, msg))
    msg = _qualified_after_prose(block, _strip_label(_title_tag(_unclosed_quote(block, msg))))
    # (a log record's level is no class: the repr ending its text names the exception, unless
    # frames follow the record, whose own exception line the paste may have cut)
    if _classless(block) and not (block.exc_types and block.frames):
        msg = _exception_repr(block, msg)
    if _classless(block) and not (block.exc_types and block.frames):
        msg = _repr_in_line(block, msg)
    if not block.exc_types and "\n" in msg:
        msg = _repr_among_lines(block, msg)
    if not block.exc_types:
        msg = _caught_in_parentheses(block, msg)
    msg = _bare_class_before_paragraphs(block, msg)
    # Python prints a library class with its module (``pkg.errors.Error``), a built-in one
    # undotted, so a built-in class's name alone is that class raised without a message
    bare = "\n" not in msg and (_BARE_TYPE.match(msg) is not None or msg in BUILTIN_EXCEPTIONS)
    classless = all(t.startswith("log.") for t in block.exc_types)
    if bare and (is_type_name(msg) or _raised_by_last_frame(block, msg)) and classless:
        # an exception raised without a message prints its class alone, as a log record's
        # message too (``2024-05-01 12:00:00,123 ERROR [app.main] StopAsyncIteration``): the
        # level is the record's, the class the error's
        block.exc_types.append(msg)
        msg = ""
    msg = _strip_type_prefixes(block, msg)
    if not block.exc_types:
        msg = _lower_class_line(block, _qualified_without_colon(block, msg))
    if not block.exc_types and not block.frames and "\n" in msg:
        msg = _class_line_in_prose(block, msg)
    if all(t.startswith("log.") for t in block.exc_types):
        msg = _keyword_repr(block, msg)
    _schema_report_class(block, msg)
    real = [t for t in block.exc_types if not t.startswith("log.")]
    if real:
        block.exc_type = real[-1]
    elif block.exc_types:
        block.exc_type = block.exc_types[-1]
    msg = _validator_raise(block, msg)
    # KeyError prints the repr of its argument
    key_error = block.exc_type and block.exc_type.rsplit(".", 1)[-1] == "KeyError"
    if key_error and len(msg) >= 2 and msg[0] == msg[-1] and msg[0] in "'\"":
        msg = msg[1:-1]
    block.message = _interpreter_suggestion(block, _without_reporters_paragraphs(block, msg.strip()))


def _wrapped_class_alone(block: Block, msg: str) -> tuple[str, str] | None:
    """A paste that opens with ``(pkg.module.Class) text`` and names no class before it
    (SQLAlchemy's print of the driver's error it wrapped, ``(pyathena.error.OperationalError)
    com.facebook...Exception: Namespace x not found``, copied without SQLAlchemy's own class
    line, as an issue title): that class and the text after it, whole. The text is the caught
    error's ``str()``, so a ``Name: `` at its head (a server's class the driver's message
    quotes) is the message's own, not a further class of the paste. Only with no frames, no
    class read yet and the class dotted and named as exceptions are (``class_in_parentheses``)."""
    if block.frames or block.exc_types:
        return None
    return class_in_parentheses(msg.strip())


def _validator_raise(block: Block, msg: str) -> str:
    """A validation listing (``1 validation error for Settings``, under its class, pasted
    alone or as a log record's message) read as the raise of the validator behind its first
    error a validator raised: that raise's class and text (``validation_listing``). The
    listing's class is raised in compiled code, no Python site of it: the validator's is the
    one to find. A listing of pydantic-core's own errors only is left as it is, and so is a
    listing a traceback shows made in Python
    (``raise ValidationError.from_exception_data(...)``: that statement is its site; pydantic
    v1's ``raise validation_error`` re-raises what it caught from the validator).

    The traceback's frames end where the validation was called (``validate_python``), above the
    compiled code that called the validator: they do not lead to the raise, whose own frames
    were never printed, so they are dropped, and the traceback is read as its message alone
    (a frame ending in the validating library would otherwise make the raise another
    package's).

    A listing of pydantic-core's own errors pasted without its class line (``str(exc)``, a log
    record) is given the class its shape names (``validation_listing.listing_class``), as the
    class line would: its raise is compiled code's, answered where the library calls it."""
    classless = block.exc_type is None or block.exc_type.startswith("log.")
    if not classless and (block.exc_type or "").rsplit(".", 1)[-1] != "ValidationError":
        return msg
    if block.frames and _raises_a_call((block.frames[-1].source or "").strip()):
        return msg
    found = validation_listing.validator_error(msg)
    if found is None:
        if classless and not block.frames and (cls := validation_listing.listing_class(msg)):
            # the listing without its class line (``str(exc)``, a log record's ``{e}``): its
            # shape names pydantic-core's class, read as the class line would have named it
            block.exc_types.append(cls)
            block.exc_type = cls
        return msg
    block.listing = (msg.strip(), list(block.exc_types), list(block.frames))
    block.exc_types = [found[0]]
    block.exc_type = found[0]
    block.frames = []
    block.validated = validation_listing.model_name(msg)
    return found[1]


# jsonschema's report of an error (``_Error.__str__``): the message, then ``Failed validating
# 'keyword' in WHERE[path]:``, the schema, ``On WHAT[path]:`` and the value. WHERE and WHAT name
# the class: an instance failing its schema, or a schema failing the metaschema
_SCHEMA_REPORT = {("schema", "instance"): "ValidationError", ("metaschema", "schema"): "SchemaError"}
_FAILED_HEAD = "Failed validating "
_REPORT_LINES = 200  # lines of a report looked at (a schema printed whole may be long)


def _schema_report_class(block: Block, msg: str) -> None:
    """The class of jsonschema's report pasted without its class line (``str(exc)``, a log
    record's ``{e}``): its ``Failed validating ... in schema`` and ``On instance`` lines say
    ``ValidationError``, ``in metaschema`` and ``On schema`` say ``SchemaError``, as the class
    line would have. Named without the module: a vendored copy of jsonschema prints the same.
    Only for a message that no class or traceback has named yet (a log record's level aside)."""
    if block.frames or not all(t.startswith("log.") for t in block.exc_types):
        return
    lines = msg.split("\n", _REPORT_LINES)[:_REPORT_LINES]
    where = what = None
    for i, ln in enumerate(lines):
        body = ln.rstrip()
        if not body.endswith(":"):
            continue
        if where is None and i >= 2 and not lines[i - 1].strip() and body.startswith(_FAILED_HEAD):
            keyword, sep, place = body[len(_FAILED_HEAD) : -1].partition(" in ")
            if sep and len(keyword) >= 2 and keyword[0] in "'\"" and keyword[-1] == keyword[0]:
                where = place.partition("[")[0]
        elif where is not None and body.startswith("On ") and not lines[i - 1].strip():
            what = body[3:-1].partition("[")[0]
            break
    cls = _SCHEMA_REPORT.get((where or "", what or ""))
    if cls is not None and lines[0].strip():
        block.exc_types.append(cls)


def _raises_a_call(source: str) -> bool:
    """``raise Cls(...)`` / ``raise Cls.make(...)``: a statement making the exception it
    raises, not re-raising a value (``raise err``)."""
    if not source.startswith("raise "):
        return False
    called, paren, _rest = source[6:].partition("(")
    return bool(paren) and all(p.isidentifier() for p in called.strip().split("."))


# a word only the person writing uses of themselves, and a line asking a question
# (words of prose: between spaces or at a line's ends, not a URL's or a path's ``/me/``)
_FIRST_PERSON = re.compile(r"(?:^|(?<=\s))(?:I|I'm|I've|I'd|my|me)(?=[\s,.!?]|$)", re.MULTILINE)
_SECOND_PERSON = re.compile(r"(?:^|(?<=\s))(?:you|your)(?=[\s,.!?]|$)", re.MULTILINE | re.IGNORECASE)


def _reporters_paragraph(par: str) -> bool:
    """A paragraph in the reporter's words: one of them speaking of themselves (``Should I
    delete these folder?``), or asking a question that addresses no reader (``What is exog
    ?``). A library's own later paragraph speaks to its user (``Did you remember to import the
    module containing this task?``), never of an ``I``."""
    if _FIRST_PERSON.search(par):
        return True
    asks = any(ln.rstrip().endswith(_QUESTION_MARKS) for ln in par.split("\n"))
    return asks and not _SECOND_PERSON.search(par)


# a question's mark in Latin and in CJK script (the full-width one a Chinese or Japanese
# reporter's question ends with)
_QUESTION_MARKS = ("?", "\uff1f")


def _bare_class_before_paragraphs(block: Block, msg: str) -> str:
    """A module-qualified class alone on the message's first line, then a blank line and the
    reporter's words (``git.exc.InvalidGitRepositoryError`` ending a traceback, then ``What can I
    do to solve this problem?``): the class alone. An exception raised without a message prints
    its class with no colon, so no text after it is the exception's: read with it, the class
    was taken for a sentence's first word and the answer had neither class nor message. Only
    while no class is read yet (a log record's level is none)."""
    if not all(t.startswith("log.") for t in block.exc_types):
        return msg
    head, sep, _rest = msg.partition("\n\n")
    name = head.strip()
    if sep and "\n" not in name and _BARE_TYPE.match(name) and is_type_name(name, strict=True):
        return name
    return msg


def _without_reporters_paragraphs(block: Block, msg: str) -> str:
    """The message of a pasted exception line without the paragraphs the reporter wrote after it,
    past a blank line (``FileNotFoundError: Found no valid file ...`` then ``It is seem that these
    folder have nothing in it.\nShould I delete these folder?``): the issue's text goes on after
    the paste, and a message read with it is diluted, or its last placeholder swallows it. Only
    for a class line without frames (a traceback's message ends where its frames say), and from
    the first such paragraph on; a paragraph of the message's own before it stays."""
    if block.frames or not block.exc_types or "\n\n" not in msg:
        return msg
    paras = msg.split("\n\n")
    for k in range(1, len(paras)):
        if _reporters_paragraph(paras[k]):
            return "\n\n".join(paras[:k]).rstrip()
    return msg


# what the interpreter's traceback printer adds after the text of an AttributeError or a NameError
# (a subclass too) whose ``name`` it knows: ``traceback.TracebackException`` in Python 3.10+
_SUGGESTION_HEADS = (". Did you mean: '", ". Did you forget to import '")
SUGGESTION_CAP = 200  # characters of a suggested name (an identifier, ``self.x`` for a NameError)


def _interpreter_suggestion(block: Block, msg: str) -> str:
    """The message without the name the interpreter suggested after it, kept in
    ``block.suggestion``. The interpreter, not the raise, writes ``. Did you mean: 'count'?`` after
    the text of an AttributeError or a NameError (a library's subclass of them too, whose class
    name keeps that ending) when it prints the exception: the raise's template ends before it.
    Only an attribute *read* gives an AttributeError the name it suggests from (a failed lookup,
    ``__getattr__`` raising included); an assignment or a deletion never does."""
    name = (block.exc_type or "").rsplit(".", 1)[-1]
    if not (name.endswith("AttributeError") or name.endswith("NameError")) or not msg.endswith("'?"):
        return msg
    for head in _SUGGESTION_HEADS:
        at = msg.rfind(head, max(0, len(msg) - SUGGESTION_CAP - len(head) - 2))
        if at <= 0:
            continue
        suggested = msg[at + len(head) : -2]
        if suggested and all(ch.isalnum() or ch in "_." for ch in suggested):
            block.suggestion = suggested
            return msg[:at]
    return msg
