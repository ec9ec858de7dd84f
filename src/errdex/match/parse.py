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

import html
import re
from dataclasses import dataclass, field

INPUT_CAP = 1_000_000  # characters of input considered (the tail)
MESSAGE_CAP = 20_000  # characters of the message matched (the head)
MAX_FRAMES = 400
MAX_BLOCKS = 8


@dataclass(slots=True)
class Frame:
    """One traceback frame as printed; ``path`` keeps the user's spelling (normalised by the scorer)."""

    path: str
    line: int | None = None
    function: str | None = None
    source: str | None = None


@dataclass(slots=True)
class Block:
    """One exception of a chain (or one leaf of an ExceptionGroup): its frames, type and message."""

    frames: list[Frame] = field(default_factory=list)
    exc_type: str | None = None
    exc_types: list[str] = field(default_factory=list)  # every type prefix seen, outermost first
    message: str = ""


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
# Link text and target exclude brackets, so the scan from one "[" ends where the next one starts:
# linear (with "[" allowed inside, every "[" of 65 KB of them rescanned 1,000 characters).
_MD_LINK = re.compile(r"\[([^\[\]\n]{1,1000})\]\([^)\[\]\s]{0,1000}\)")
_COMPOSE = re.compile(r"^([\w.-]{1,80}?)(?:[-_]\d{1,4})?\s{0,40}\| ")
_GROUP_BAR = re.compile(r"^[ \t]*(?:\| ?)+")
# possessive: "+" then a long run of "-" not ending the line was quadratic ([-+]+ and [-+ ]* traded)
_GROUP_SEP = re.compile(r"^[ \t|]*+\+[-+]++(?: \d++ -++| \.\.\.)?+[-+ ]*+$")
_FENCE = re.compile(r"^\s*```")
_QUOTE = re.compile(r"^\s*> ?")
_ENTITY = re.compile(r"&(?:[a-zA-Z]{2,8}|#\d{2,5}|#x[0-9a-fA-F]{2,4});")

LEVELS = {
    "D": "DEBUG", "I": "INFO", "W": "WARNING", "E": "ERROR", "F": "CRITICAL", "C": "CRITICAL",
    "DEBUG": "DEBUG", "INFO": "INFO", "WARNING": "WARNING", "WARN": "WARNING", "ERROR": "ERROR",
    "CRITICAL": "CRITICAL", "FATAL": "CRITICAL", "EXCEPTION": "ERROR",
}  # fmt: skip


def clean(text: str) -> tuple[str, bool]:
    """Normalise line ends, drop NULs, colour codes and markdown links; keep the tail if huge."""
    truncated = len(text) > INPUT_CAP
    if truncated:
        text = text[-INPUT_CAP:]
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\x00", " ")
    if "\x1b" in text:
        text = _ANSI.sub("", text)
    if "](" in text:
        text = _MD_LINK.sub(r"\1", text)
    if "&" in text and _ENTITY.search(text):  # copied from a rendered web page
        text = html.unescape(text)
    lines = [ln for ln in text.split("\n") if not _FENCE.match(ln)]
    lines = _strip_quoting(_strip_compose(lines))
    return "\n".join(ln.rstrip() for ln in lines), truncated


def _strip_quoting(lines: list[str]) -> list[str]:
    """Remove e-mail/markdown quoting (``> ``) when every non-blank line carries it.

    Only when all lines do: pytest marks single source lines with ``>``, and those must stay.
    """
    for _ in range(3):  # nested quotes
        body = [ln for ln in lines if ln.strip()]
        if not body or not all(ln.lstrip().startswith(">") for ln in body):
            return lines
        lines = [_QUOTE.sub("", ln, count=1) for ln in lines]
    return lines


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


# --- line classification ------------------------------------------------------------------------

_CHAIN = (
    "During handling of the above exception, another exception occurred",
    "The above exception was the direct cause of the following exception",
)
_PY_FRAME = re.compile(r'^\s*File "([^"\n]{1,1000})", line (\d{1,9})(?:, in (.{1,500}))?\s*$')
_IPY_FRAME = re.compile(r"^\s*File (\S[^\n]{0,1000}?):(\d{1,9})(?:, in ([^\n]{1,500}))?\s*$")
_IPY_CELL = re.compile(r"^\s*(?:Cell|Input) In ?\[\s*(\d{0,9})\s*\],? line (\d{1,9})")
_IPY_OLD_FRAME = re.compile(
    r"^(\S[^\n]{0,1000}?\.(?:py|pyx|ipy)|<[^>\n]{1,200}>) in ([\w.<>: ]{1,300})\(.{0,2000}\)\s*$"
)
_IPY_ARROW = re.compile(r"^-*>\s*(\d{1,9})(?:\s(.*))?$")
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
_LOG_TS = re.compile(
    r"^\[?\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(?:[.,]\d{1,9})?(?:Z|[+-]\d{2}:?\d{2})?\]?:?\s+"
    r"(?:\[?([A-Z]{1,9})\]?:?\s+)?"
)
_LOG_BASIC = re.compile(r"^(DEBUG|INFO|WARNING|WARN|ERROR|CRITICAL|FATAL):([\w.]{0,200}):")
_LOG_GLOG = re.compile(
    r"^([DIWEF])\d{4} \d{2}:\d{2}:\d{2}\.\d{1,9}\s+\d{1,9}\s+([^\s:\]]{1,500}):(\d{1,9})\]\s?"
)
_LOG_CXX_SITE = re.compile(r"^([^\s:\]]{1,500}\.(?:cc|cpp|c|h|hpp|cu|rs|go)):(\d{1,9})\]\s?")
_LOGGER_NAME = re.compile(r"^([A-Za-z_][\w.]{0,200})(?::| -)\s")
_LOGGER_BRACKET = re.compile(r"^\[([A-Za-z_][\w.]{0,200})\]\s")
_CLASS_REPR = re.compile(r"^<class '([A-Za-z_][\w.]{0,300})'>:?\s*(.*)$")
_TYPE_PREFIX = re.compile(r"^([A-Za-z_][\w]{0,200}(?:\.[A-Za-z_]\w{0,200}){0,20})(?:: |:$)")
_CARETS = re.compile(r"^\s*[\^~\-]+\s*$")
_NOISE = re.compile(
    r"^\s*(?:Traceback \(most recent call last\):?|\[\.\.\. skipping hidden \d+ frame\]|\d+ frames?|"
    r"-{4,}|={4,}|_{4,}.*|\.\.\.|\[\s*\]|Show (?:more|less).*)\s*$"
)

_TYPE_SUFFIXES = ("Error", "Exception", "Warning", "Exit", "Interrupt", "Iteration", "Traceback", "Failure",
                  "Fault", "Timeout", "Refused", "Aborted")  # fmt: skip
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


def is_type_name(token: str, strict: bool = False) -> bool:
    """Does ``token`` look like an exception class name (possibly dotted)?

    Lenient (first prefix on a line): CamelCase with at least two humps or a known suffix. Strict
    (a further prefix after one was stripped): only the usual suffixes, so ``ValueError: Foo: bar``
    keeps ``Foo``.
    """
    last = token.rsplit(".", 1)[-1]
    if not last or not last[0].isupper() or not any(c.islower() for c in last):
        return False
    if last in _BARE_TYPES or last.endswith(_TYPE_SUFFIXES):
        return True
    if strict:
        return False
    humps = sum(1 for i, c in enumerate(last) if c.isupper() and (i == 0 or not last[i - 1].isupper()))
    return humps >= 2 and "_" not in last.strip("_")


def parse(text: str) -> ParsedQuery:
    """Parse pasted text into a :class:`ParsedQuery`."""
    cleaned, truncated = clean(text)
    lines = cleaned.split("\n")
    blocks_lines = _split_blocks(lines)
    blocks = [_parse_block(b) for b in blocks_lines[-MAX_BLOCKS:]]
    blocks = [b for b in blocks if b.message or b.frames] or [Block()]
    primary = _primary(blocks)
    b = blocks[primary]
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
    )


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


def _primary(blocks: list[Block]) -> int:
    """The exception asked about: the last of a chain; for an ExceptionGroup its first leaf."""
    last = len(blocks) - 1
    for i, b in enumerate(blocks):
        group = b.exc_type and b.exc_type.rsplit(".", 1)[-1] in ("ExceptionGroup", "BaseExceptionGroup")
        if group and i + 1 < len(blocks):
            return i + 1
    return last


def _parse_block(lines: list[str]) -> Block:
    block = Block()
    frames = block.frames
    msg_start = 0  # index of the first line after the last frame-related line
    e_lines: list[str] = []
    header_type: str | None = None
    footer_type: str | None = None
    warning: tuple[str, list[str]] | None = None  # (category, message lines) of a warnings.warn print
    i = 0
    n = len(lines)
    while i < n:
        ln = lines[i]
        m = _PY_FRAME.match(ln)
        if m:
            frame = Frame(m.group(1), int(m.group(2)), (m.group(3) or "").strip() or None)
            i = _take_source(lines, i + 1, frame)
            frames.append(frame)
            msg_start = i
            continue
        m = _IPY_CELL.match(ln)
        if m:
            frame = Frame(f"<cell {m.group(1)}>", int(m.group(2)), None)
            i = _take_source(lines, i + 1, frame)
            frames.append(frame)
            msg_start = i
            continue
        m = _IPY_FRAME.match(ln)
        if m and not ln.lstrip().startswith('File "'):
            fn = (m.group(3) or "").strip()
            fn = fn.split("(", 1)[0].strip() or None
            frame = Frame(m.group(1).strip(), int(m.group(2)), fn)
            i = _take_source(lines, i + 1, frame)
            frames.append(frame)
            msg_start = i
            continue
        m = _IPY_OLD_FRAME.match(ln)
        if m:
            frame = Frame(m.group(1), None, m.group(2).strip())
            i = _take_source(lines, i + 1, frame)
            frames.append(frame)
            msg_start = i
            continue
        m = _PYTEST_FOOTER.match(ln)
        if m and ":" not in m.group(3) and is_type_name(m.group(3)):
            frames.append(Frame(m.group(1), int(m.group(2)), None))
            footer_type = m.group(3)
            i += 1
            if not e_lines:
                msg_start = i
            continue
        m = _PYTEST_E.match(ln)
        if m and (e_lines or (m.group(1) or "").strip()):
            e_lines.append(m.group(1) or "")
            i += 1
            continue
        if ln.startswith(">") and not e_lines:
            i += 1
            msg_start = i
            continue
        m = _IPY_HEADER.match(ln)
        if m:
            header_type = m.group(1)
            i += 1
            msg_start = i
            continue
        m = _warning_line(ln)
        if m and not frames:
            frames.append(Frame(m.group(1), int(m.group(2)), None))
            warn_lines = [m.group(4) or ""]  # the message may start on the next line
            j = i + 1
            while j < n and not _warning_line(lines[j]) and not _PY_FRAME.match(lines[j]):
                warn_lines.append(lines[j])
                j += 1
            # warnings echoes the source line, indented by two spaces, after the message
            while warn_lines and not warn_lines[-1].strip():
                warn_lines.pop()
            if (
                len(warn_lines) >= 2
                and warn_lines[-1].startswith("  ")
                and not warn_lines[-2].startswith("  ")
            ):
                frames[-1].source = warn_lines.pop().strip()
            warning = (m.group(3), warn_lines)
            i = j
            msg_start = j
            continue
        i += 1
    if warning is not None:
        category, wl = warning
        block.exc_types = [category]
        block.exc_type = category
        block.message = _cap("\n".join(wl).strip())
        _strip_prefixes(block)
        return block
    if e_lines:
        body = e_lines
    else:
        if not frames:
            # no traceback: in a pasted log, the error starts at the last ``SomeError: ...`` line
            for k in range(len(lines) - 1, 0, -1):
                m = _TYPE_PREFIX.match(lines[k])
                if m and is_type_name(m.group(1), strict=True):
                    msg_start = k
                    break
        body = [ln for ln in lines[msg_start:] if not _NOISE.match(ln)]
        if frames:
            # drop leftover source lines / carets that belong to the last frame
            k = 0
            while k < len(body) and (not body[k].strip() or _CARETS.match(body[k]) or body[k][:1] in " \t"):
                k += 1
            # (when everything is indented, keep the last non-empty line)
            body = body[k:] if k < len(body) else [next((x for x in reversed(body) if x.strip()), "")]
    while body and not body[-1].strip():
        body.pop()
    while body and not body[0].strip():
        body.pop(0)
    block.message = _cap("\n".join(body).strip())
    if header_type:
        block.exc_types.append(header_type)
        block.exc_type = header_type
    _strip_prefixes(block)
    if footer_type and not block.exc_type:
        block.exc_types.append(footer_type)
        block.exc_type = footer_type
    if len(frames) > MAX_FRAMES:
        del frames[: len(frames) - MAX_FRAMES]
    return block


def _take_source(lines: list[str], i: int, frame: Frame) -> int:
    """Consume the source/caret/arrow lines printed under a frame; return the next line index."""
    n = len(lines)
    taken = 0
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
        if ln[:1] in " \t" and not _PY_FRAME.match(ln) and not _IPY_FRAME.match(ln):
            if frame.source is None and not _CARETS.match(ln):
                frame.source = ln.strip()
            i += 1
            taken += 1
            continue
        if frame.source is None and taken == 0 and not _type_line(ln) and not _PY_FRAME.match(ln):
            # source printed without indentation (a re-flowed paste): one line only
            frame.source = ln.strip()
            return i + 1
        return i
    return i


def _type_line(ln: str) -> bool:
    m = _TYPE_PREFIX.match(ln)
    return bool(m and is_type_name(m.group(1))) or ln.startswith("<class '")


def _cap(msg: str) -> str:
    return msg[:MESSAGE_CAP]


def _strip_prefixes(block: Block) -> None:
    """Strip log prefixes, ``<class 'X'>`` lines and exception-type prefixes off the message."""
    msg = block.message
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
        if m and (m.group(1) is None or m.group(1) in LEVELS):
            if m.group(1):
                block.exc_types.append("log." + LEVELS[m.group(1)])
            msg = msg[m.end() :]
            changed = True
            m2 = _LOG_CXX_SITE.match(msg)
            if m2:
                frames.append(Frame(m2.group(1), int(m2.group(2)), None))
                msg = msg[m2.end() :]
            elif block.exc_types and block.exc_types[-1].startswith("log."):
                m3 = _LOGGER_NAME.match(msg) or _LOGGER_BRACKET.match(msg)
                if m3 and not is_type_name(m3.group(1)):
                    msg = msg[m3.end() :]
        m = _LOG_BASIC.match(msg)
        if m:
            block.exc_types.append("log." + LEVELS[m.group(1)])
            msg = msg[m.end() :]
            changed = True
        if not changed:
            break
    m = _CLASS_REPR.match(msg)
    if m:
        block.exc_types.append(m.group(1))
        rest = msg[m.end(1) + 2 :].lstrip(": \n")
        msg = rest
    strict = False
    for _ in range(6):
        m = _TYPE_PREFIX.match(msg)
        if not m or not is_type_name(m.group(1), strict=strict):
            break
        block.exc_types.append(m.group(1))
        msg = msg[m.end() :].lstrip(" ")
        strict = True
    real = [t for t in block.exc_types if not t.startswith("log.")]
    if real:
        block.exc_type = real[-1]
    elif block.exc_types:
        block.exc_type = block.exc_types[-1]
    # KeyError prints the repr of its argument
    key_error = block.exc_type and block.exc_type.rsplit(".", 1)[-1] == "KeyError"
    if key_error and len(msg) >= 2 and msg[0] == msg[-1] and msg[0] in "'\"":
        msg = msg[1:-1]
    block.message = msg.strip()
