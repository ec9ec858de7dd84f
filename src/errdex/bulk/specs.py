"""What a bulk run indexes: spec files, rankings, and PyPI releases resolved to concrete archives.

A spec file (``--from FILE``) holds one SOURCE per line, as ``errdex index`` takes it (a PyPI
version range such as ``pypi:jax>=0.4.30`` too), optionally followed by ``--releases N`` for a
PyPI project or range (its N latest final releases, as ``errdex index --releases`` picks them:
``sources.releases``); ``#`` starts a comment and blank lines are ignored. A ranking (``--top N --ranking FILE``) lists project names,
most used first: one per line, or a table (tabs, commas or spaces) whose ``name`` column is used
when a header names one, else the first field that is not a number (``rank<TAB>name`` works).

Resolution happens in the driver, before any task starts, because it decides what can be
skipped: a release whose archive (by sha256) is already stored by the same extractor is not
downloaded again. It asks PyPI one metadata question per project, and caches what it learns
where the sources stage looks first, so a task on the same machine does not ask again.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from errdex.sources.base import SourceError
from errdex.sources.releases import expand_releases, is_range
from errdex.sources.spec import PypiSpec, parse_spec

__all__ = ["BulkSpec", "Release", "read_ranking", "read_spec_file", "resolve"]

MAX_LINE = 4096  # characters of one spec or ranking line
MAX_FILE = 64 * 1024 * 1024  # bytes of a spec or ranking file (a million lines is ~20 MB)
MAX_RELEASES = 100  # --releases N accepted per project
_FIELD_SPLIT = re.compile(r"[\t,; ]+")


@dataclass(frozen=True, slots=True)
class BulkSpec:
    """One line of a spec file: a SOURCE, and for PyPI how many recent releases."""

    source: str
    releases: int = 1
    where: str = ""  # "FILE:LINE", for messages


@dataclass(frozen=True, slots=True)
class Release:
    """One task: a SOURCE to index, pinned when it is a PyPI release."""

    source: str  # pypi:NAME==VERSION, or a directory / git SOURCE as given
    sha256: str | None = None  # the PyPI archive errdex will read, when known


def read_spec_file(path: Path) -> list[BulkSpec]:
    """Parse a spec file; a malformed line is a ``SourceError`` naming the file and line."""
    out: list[BulkSpec] = []
    for n, raw in enumerate(_lines(path), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        where = f"{path}:{n}"
        source, releases = line, 1
        if "--releases" in line:
            head, _, tail = line.partition("--releases")
            value = tail.strip().lstrip("=").strip()
            if not value.isdigit() or not 1 <= int(value) <= MAX_RELEASES:
                raise SourceError(
                    f"{where}: --releases takes a number from 1 to {MAX_RELEASES}, not {value!r}"
                )
            source, releases = head.strip(), int(value)
        if source.startswith("pypi:") and is_range(source):  # checked when resolved, as by `errdex index`
            out.append(BulkSpec(source, releases, where))
            continue
        try:
            parsed = parse_spec(source)
        except SourceError as e:
            raise SourceError(f"{where}: {e}") from None
        if releases > 1 and not (isinstance(parsed, PypiSpec) and parsed.version is None):
            raise SourceError(f"{where}: --releases needs an unpinned pypi:NAME or a version range")
        out.append(BulkSpec(source, releases, where))
    return out


def read_ranking(path: Path, top: int, releases: int = 1) -> list[BulkSpec]:
    """The first ``top`` project names of a ranking file, as PyPI specs."""
    column: int | None = None
    out: list[BulkSpec] = []
    seen: set[str] = set()
    for n, raw in enumerate(_lines(path), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        fields = [f for f in _FIELD_SPLIT.split(line) if f]
        lowered = [f.lower() for f in fields]
        if column is None and not out and "name" in lowered:
            column = lowered.index("name")  # a header row
            continue
        if column is not None:
            name = fields[column] if column < len(fields) else ""
        else:
            name = next((f for f in fields if not f.isdigit()), "")
        try:
            spec = parse_spec(f"pypi:{name}")
        except SourceError:
            raise SourceError(f"{path}:{n}: not a project name: {name!r}") from None
        assert isinstance(spec, PypiSpec)
        key = spec.name.lower()
        if key in seen:
            continue
        seen.add(key)
        out.append(BulkSpec(f"pypi:{spec.name}", releases, f"{path}:{n}"))
        if len(out) >= top:
            break
    return out


def _lines(path: Path) -> list[str]:
    try:
        if path.stat().st_size > MAX_FILE:
            raise SourceError(f"{path} is larger than {MAX_FILE // 2**20} MiB")
        text = path.read_text("utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise SourceError(f"cannot read {path}: {getattr(e, 'strerror', None) or e}") from None
    lines = text.splitlines()
    for n, line in enumerate(lines, 1):
        if len(line) > MAX_LINE:
            raise SourceError(f"{path}:{n}: line longer than {MAX_LINE} characters")
    return lines


def resolve(spec: BulkSpec, *, cache_dir: Path, http: Any) -> list[Release]:
    """The releases one spec stands for; a ``SourceError`` when PyPI does not know them.

    A directory or git SOURCE is one release, never skipped (its content is only known once it
    is read; storing identical content again is a no-op anyway).
    """
    from errdex.sources import pypi

    if spec.source.startswith("pypi:") and (spec.releases > 1 or is_range(spec.source)):
        # the project document once, every chosen release's metadata cached from it: pinning
        # each below asks PyPI nothing more
        plan = expand_releases(
            spec.source, releases=spec.releases if spec.releases > 1 else None, cache_dir=cache_dir
        )
        sources = plan.specs if plan is not None else [spec.source]
        return [_pinned(pypi._release(http, _pypi(s), cache_dir, None)) for s in sources]
    parsed = parse_spec(spec.source)
    if not isinstance(parsed, PypiSpec):
        return [Release(spec.source)]
    return [_pinned(pypi._release(http, parsed, cache_dir, None))]


def _pypi(source: str) -> PypiSpec:
    parsed = parse_spec(source)
    assert isinstance(parsed, PypiSpec)  # expand_releases names pypi:NAME==VERSION only
    return parsed


def _pinned(rel: Any) -> Release:
    from errdex.sources.pypi import choose_file

    chosen = choose_file(rel.files)
    return Release(f"pypi:{rel.name}=={rel.version}", chosen.sha256 if chosen else None)
