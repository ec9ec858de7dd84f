"""From a live exception (or warning) to the catalogue record that raised it, by its real frames.

A running program knows more than any paste: the file and line of every frame, and the bytes of
each file on disk. So the raise site is looked up, not guessed: the deepest frame inside a site
directory is split into the site-relative path a snapshot stores, the file's SHA-256 names the
snapshots holding exactly that content (so the line numbers are the same), and the records whose
statement spans the frame's line are the answer. Only when one statement has several message
variants is the message consulted, to pick the variant it fits.

A helper that raises a message it was given (``check(ok, "x must be positive")``) is a relay:
then the caller's frame, one up, holds the record that supplied the text, and that is the site.

Nothing here imports or runs library code, reads an object's ``repr``, or raises: a hook must
never make an error worse. Any failure of the lookup is an empty answer.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType, TracebackType
from typing import Any

from errdex.sitepaths import split_site_path

__all__ = ["Frame", "SiteReport", "frames_of", "lookup", "warning_frames"]

_MAX_FRAMES = 12  # library frames looked at, deepest first
_MAX_FILE = 32 * 1024 * 1024  # the sources stage's single-file cap: no snapshot holds larger


@dataclass(frozen=True, slots=True)
class Frame:
    """Where a frame runs: the file as the interpreter names it, the line and the function."""

    filename: str
    line: int
    function: str


@dataclass(slots=True)
class SiteReport:
    """The answer for one exception or warning: the record, or what would help find it."""

    kind: str  # "found", "not-indexed" or "none"
    record: Any = None  # ``store.sites.SiteRow`` when found
    frame: Frame | None = None  # the frame the record is at
    site: str | None = None  # the site directory of that frame
    trigger: str | None = None  # the conditions that lead to the raise, in words
    hint: str | None = None  # the command that would index what was missing
    installed: str | None = None  # "NAME VERSION" of the distribution the frame is in
    notes: list[str] = field(default_factory=list)


def frames_of(tb: TracebackType | None) -> list[Frame]:
    """A traceback's frames, outermost first (as printed)."""
    out: list[Frame] = []
    while tb is not None:
        code = tb.tb_frame.f_code
        out.append(Frame(code.co_filename, tb.tb_lineno or 0, code.co_qualname))
        tb = tb.tb_next
    return out


def warning_frames(start: FrameType | None) -> list[Frame]:
    """The stack from ``start`` outwards, without the warnings machinery, outermost first: the
    last frame is the one that called ``warnings.warn`` (whatever its ``stacklevel`` said)."""
    out: list[Frame] = []
    f = start
    while f is not None:
        code = f.f_code
        name = os.path.basename(code.co_filename)
        if not (name == "warnings.py" or "errdex/hooks" in code.co_filename.replace("\\", "/")):
            out.append(Frame(code.co_filename, f.f_lineno or 0, code.co_qualname))
        f = f.f_back
    out.reverse()
    return out


class _Files:
    """SHA-256 of files on disk, once per run: a hook may see the same file many times."""

    def __init__(self) -> None:
        self.memo: dict[str, str | None] = {}

    def sha(self, filename: str) -> str | None:
        if filename not in self.memo:
            self.memo[filename] = _sha(filename)
        return self.memo[filename]


def _sha(filename: str) -> str | None:
    try:
        with open(filename, "rb") as fh:
            if os.fstat(fh.fileno()).st_size > _MAX_FILE:
                return None
            return hashlib.sha256(fh.read()).hexdigest()
    except OSError:
        return None


_FILES = _Files()


def lookup(reader: Any, frames: list[Frame], message: str, *, kind: str = "error") -> SiteReport:
    """The record at the deepest library frame of ``frames`` (outermost first), when the stack
    ends in library code."""
    # Only the frames at the bottom of the stack that are all library code: when the deepest
    # frame is the program's own (its assert, a callback it handed a library), no library
    # raised it, whatever library frames run above it (a test runner's, a framework's).
    lib: list[tuple[int, str, str]] = []  # (frame index, site dir, site-relative path)
    for i in range(len(frames) - 1, -1, -1):
        split = split_site_path(frames[i].filename)
        if split is None or not split[1].endswith(".py") or len(lib) >= _MAX_FRAMES:
            break
        lib.append((i, split[0], split[1]))
    if not lib:
        return SiteReport("none")
    for n, (i, site, rel) in enumerate(lib):
        sha = _FILES.sha(frames[i].filename)
        if sha is None:
            continue
        rows = [r for r in reader.raise_sites(rel, sha, frames[i].line) if _kind_ok(r.kind, kind)]
        if not rows:
            continue
        best = _pick(rows, message)
        if best.relay and n + 1 < len(lib):
            # the helper raised what its caller handed it: the caller's line is the site
            j, up_site, up_rel = lib[n + 1]
            up_sha = _FILES.sha(frames[j].filename)
            if up_sha is not None:
                up = [r for r in reader.raise_sites(up_rel, up_sha, frames[j].line) if _kind_ok(r.kind, kind)]
                if up:
                    best, i, site = _pick(up, message), j, up_site
        return SiteReport("found", best, frames[i], site, _trigger(best.guards))
    i, site, rel = lib[0]
    return _not_indexed(frames[i], site, rel)


def _kind_ok(stored: str, wanted: str) -> bool:
    # an ``assert`` fails as an AssertionError: both are what an exception hook sees
    return stored == wanted or (wanted == "error" and stored == "assertion")


def _pick(rows: list[Any], message: str) -> Any:
    """Among one statement's records (message variants, snapshots), the one the message fits."""
    if len(rows) == 1 or not message:
        return rows[0]
    from errdex.match.verify import compact, fit

    cmsg = compact(message)
    best, best_cov = rows[0], -1
    for r in rows:
        lits = tuple(compact(x) for x in r.segments[0::2]) if r.segments else (compact(r.template),)
        f = fit(lits, cmsg)
        cov = -1 if f is None else f.covered + (1000 if f.full else 0)
        if cov > best_cov:
            best, best_cov = r, cov
    return best


def _trigger(guards: list[str]) -> str | None:
    from errdex.analysis.trigger import describe_guards

    try:
        return describe_guards(guards).text
    except (SyntaxError, ValueError, RecursionError):
        return None


def _not_indexed(frame: Frame, site: str, rel: str) -> SiteReport:
    """What to run when the frame's distribution is not in the catalogue (at this content)."""
    from errdex.sources.installed import owner_of

    report = SiteReport("not-indexed", frame=frame, site=site)
    owner = owner_of(Path(site), rel) if Path(site).is_dir() else None
    if owner is not None:
        report.installed = f"{owner.name} {owner.version}"
        report.hint = f"errdex index --env   (or: errdex index {owner.spec})"
    else:
        report.hint = "errdex index --env"
    return report
