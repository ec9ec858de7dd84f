"""What reads from the catalogue return, and what they know about themselves.

No SQLAlchemy here: the fast read path, the analysis and the front ends import these types
without paying for it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, Self

from errdex.store.expectation import Expectation

if TYPE_CHECKING:
    from errdex.model import CatalogueEntry
    from errdex.store.facts import FactReader
    from errdex.store.timeline import Timeline

__all__ = [
    "SNAPSHOT_COLUMNS",
    "AnalysisRecord",
    "AnswerSections",
    "CatalogueReader",
    "ErrorDetail",
    "ErrorSummary",
    "ExampleFix",
    "Expectation",
    "LinkedExpectation",
    "Occurrence",
    "Permalink",
    "PlacedError",
    "Release",
    "Repo",
    "Snapshot",
    "SnapshotStats",
    "SourceWindow",
    "UnpinnedRelease",
    "Version",
    "permalink",
    "snapshot_of",
    "source_window",
]


@dataclass(frozen=True, slots=True)
class Version:
    """The snapshot an occurrence was found in, as an error's page names it."""

    name: str  # the release or revision name ("0.4.30", "v2.1.0", a directory's name)
    ref: str  # what was indexed: a git ref, a PyPI spec, a directory path
    kind: str  # the snapshot's ``ref_kind``: "git", "pypi", "dir", ...
    date: str | None
    commit: str | None
    tag: str | None
    source_url: str | None
    has_tests: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name, "ref": self.ref, "kind": self.kind, "date": self.date, "commit": self.commit,
            "tag": self.tag, "source_url": self.source_url, "has_tests": self.has_tests,
        }  # fmt: skip


@dataclass(frozen=True, slots=True)
class Occurrence:
    """One error as it sits in one snapshot: where it is raised and what surrounds the raise."""

    snapshot_id: int
    version: Version
    line: int
    end_line: int
    level: str | None  # a logging call's level; None for raises, warnings and asserts
    exc_bases: tuple[str, ...]
    expanded_segments: tuple[str, ...]  # the message with its helpers inlined
    guards: tuple[str, ...]  # the conditions on the path to the raise, outermost first
    window_start: int  # the stored code window around the raise (1-based, inclusive)
    window_end: int
    comments: tuple[str, ...]
    docstring: str | None
    relay: bool  # a helper's raise of a message its callers supply (those calls are records too)


@dataclass(frozen=True, slots=True)
class ErrorDetail:
    """One error with every occurrence, oldest snapshot first (there is always at least one)."""

    id: str
    repo: str
    repo_url: str | None
    kind: str  # "error", "warning", "log" or "assertion"
    exc_type: str
    exc_qualname: str | None
    template: str
    segments: tuple[str, ...]  # literal, placeholder, literal, ... (``model.render_template``)
    path: str
    function: str
    occurrences: tuple[Occurrence, ...]

    @property
    def latest(self) -> Occurrence:
        """The occurrence in the newest snapshot that holds the error: what its page shows."""
        return self.occurrences[-1]


# the counts an indexing summary writes, then the names it may add, in the order it writes them
_STAT_COUNTS = (
    "files", "indexed", "fallback", "skipped", "tests", "errors", "warnings", "logs", "assertions",
    "expectations", "linked_expectations",
)  # fmt: skip
_STAT_NAMES = ("tests_from", "tests_unread", "producer")


@dataclass(frozen=True, slots=True)
class SnapshotStats:
    """What indexing a snapshot found, as written with it (``pipeline.IndexSummary``).

    A count or name missing from the stored JSON (a catalogue written before it existed) is
    None; one of another type, or a key this errdex does not write, is kept aside in ``other``
    so that ``to_json`` gives back exactly what was stored, in its order (``keys``).
    """

    files: int | None = None
    indexed: int | None = None
    fallback: int | None = None
    skipped: int | None = None
    tests: int | None = None
    errors: int | None = None
    warnings: int | None = None
    logs: int | None = None
    assertions: int | None = None
    expectations: int | None = None
    linked_expectations: int | None = None
    tests_from: str | None = None  # the sdist the tests were read from, when the wheel had none
    tests_unread: str | None = None  # the sdist holding them, left unread (``--no-sdist-tests``)
    producer: str | None = None  # the digest of the extractor that indexed it
    other: tuple[tuple[str, Any], ...] = ()
    keys: tuple[str, ...] = ()

    @classmethod
    def from_json(cls, raw: object) -> SnapshotStats:
        """From the stored JSON object (anything else reads as no stats at all)."""
        if not isinstance(raw, dict):
            return cls()
        typed: dict[str, Any] = {}
        other: list[tuple[str, Any]] = []
        for key, value in raw.items():
            # ``type`` is ``int``: a stored true or false is no count
            if (key in _STAT_COUNTS and type(value) is int) or (
                key in _STAT_NAMES and isinstance(value, str)
            ):
                typed[key] = value
            else:
                other.append((str(key), value))
        return cls(**typed, other=tuple(other), keys=tuple(map(str, raw)))

    @property
    def sites(self) -> int:
        """Raise, warn, log and assert sites together (what a codebase's page counts)."""
        return sum(n or 0 for n in (self.errors, self.warnings, self.logs, self.assertions))

    def to_json(self) -> dict[str, Any]:
        other = dict(self.other)
        return {k: other[k] if k in other else getattr(self, k) for k in self.keys}


@dataclass(frozen=True, slots=True)
class Snapshot:
    """One indexed snapshot of a codebase: what was indexed, from where, and its statistics."""

    id: int
    repo: str  # the codebase's full name
    version: str
    ref_kind: str  # "git", "pypi", "dir", ...
    ref: str
    commit: str | None
    date: str | None
    source_url: str | None
    tag: str | None
    archive: str | None  # the wheel or sdist file name, for a PyPI release
    sha256: str | None
    indexed_at: str | None
    has_tests: bool
    stats: SnapshotStats

    def to_json(self) -> dict[str, Any]:
        """As a codebase lists its snapshots (``/api/repos``): without the codebase's name."""
        return {
            "id": self.id, "version": self.version, "ref_kind": self.ref_kind, "ref": self.ref,
            "commit": self.commit, "date": self.date, "source_url": self.source_url, "tag": self.tag,
            "archive": self.archive, "sha256": self.sha256, "indexed_at": self.indexed_at,
            "has_tests": self.has_tests, "stats": self.stats.to_json(),
        }  # fmt: skip


# the columns of ``snapshots`` a ``Snapshot`` is read from, in ``snapshot_of``'s order
SNAPSHOT_COLUMNS = (
    "id", "version", "ref_kind", "ref", "commit_sha", "date", "source_url", "tag", "archive", "sha256",
    "indexed_at", "has_tests", "stats",
)  # fmt: skip


def snapshot_of(repo: str, row: Sequence[Any]) -> Snapshot:
    """A snapshot from its ``SNAPSHOT_COLUMNS`` (``stats`` as SQLite's text or decoded JSON)."""
    sid, version, ref_kind, ref, commit, date, source_url, tag, archive, sha256, indexed_at, tests, stats = (
        row
    )
    if isinstance(stats, str | bytes):
        stats = json.loads(stats)
    return Snapshot(
        id=int(sid), repo=repo, version=str(version), ref_kind=str(ref_kind), ref=str(ref), commit=commit,
        date=date, source_url=source_url, tag=tag, archive=archive, sha256=sha256, indexed_at=indexed_at,
        has_tests=bool(tests), stats=SnapshotStats.from_json(stats),
    )  # fmt: skip


@dataclass(frozen=True, slots=True)
class Repo:
    """An indexed codebase with its snapshots (oldest first) and its count of distinct errors."""

    name: str
    project: str | None
    source_url: str | None
    errors: int
    snapshots: tuple[Snapshot, ...]

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "project": self.project, "source_url": self.source_url,
                "errors": self.errors, "snapshots": [s.to_json() for s in self.snapshots]}  # fmt: skip


@dataclass(frozen=True, slots=True)
class ErrorSummary:
    """One error as listings show it: identity and its latest occurrence's place."""

    id: str
    repo: str
    kind: str
    exc_type: str
    exc_qualname: str | None
    template: str
    path: str
    function: str
    line: int
    end_line: int
    snapshot_id: int  # the latest snapshot that holds it

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id, "repo": self.repo, "kind": self.kind, "exc_type": self.exc_type,
            "exc_qualname": self.exc_qualname, "template": self.template, "path": self.path,
            "function": self.function, "line": self.line, "end_line": self.end_line,
            "snapshot_id": self.snapshot_id,
        }  # fmt: skip


@dataclass(frozen=True, slots=True)
class Release:
    """One snapshot of a codebase as the history features name and order it (``release_order``)."""

    id: int
    version: str
    date: str | None
    ref_kind: str  # "git", "pypi", "dir", ...
    ref: str
    tag: str | None
    commit: str | None
    source_url: str | None

    def named(self, name: str) -> bool:
        """Whether ``name`` is this release: its version, ref or tag, or (7 characters or
        more) the start of its commit."""
        return name in (self.version, self.ref, self.tag) or (
            len(name) >= 7 and (self.commit or "").startswith(name)
        )


@dataclass(frozen=True, slots=True)
class PlacedError:
    """One error of one snapshot with where it sits there: what lineage pairing and the diff of
    two releases compare (identity from ``errors``, the first line from the snapshot)."""

    id: str
    kind: str
    exc_type: str
    template: str
    path: str
    function: str
    line: int


@dataclass(frozen=True, slots=True)
class UnpinnedRelease:
    """A PyPI release whose metadata names a source repository but whose tag is not confirmed."""

    id: int
    version: str
    source_url: str
    project: str  # the codebase's project name, which tag names often carry


@dataclass(frozen=True, slots=True)
class LinkedExpectation:
    """An expectation with the errors test linking found for it (``Store.expectations``)."""

    expectation: Expectation
    error_ids: tuple[str, ...]


def _strings(value: object) -> tuple[str, ...] | None:
    """A JSON list of strings as a tuple; None when it is anything else."""
    if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
        return None
    return tuple(value)


@dataclass(frozen=True, slots=True)
class ExampleFix:
    """Code that raises the error and the same code fixed."""

    before: str
    after: str

    def to_json(self) -> dict[str, str]:
        return {"before": self.before, "after": self.after}


@dataclass(frozen=True, slots=True)
class AnswerSections:
    """A model's answer about one error by section: as parsed (``llm.parse_answer``), or with every
    claim checked against the indexed code (``llm.verify_answer``: what a record stores)."""

    meaning: str
    trigger: str
    common_situations: tuple[str, ...]
    solutions: tuple[str, ...]
    example_fix: ExampleFix | None

    def to_json(self) -> dict[str, Any]:
        return {
            "meaning": self.meaning, "trigger": self.trigger,
            "common_situations": list(self.common_situations), "solutions": list(self.solutions),
            "example_fix": self.example_fix.to_json() if self.example_fix else None,
        }  # fmt: skip

    @classmethod
    def from_json(cls, data: object) -> AnswerSections | None:
        """The sections of a stored record, or None when any of them has the wrong shape."""
        if not isinstance(data, dict):
            return None
        meaning, trigger = data.get("meaning", ""), data.get("trigger", "")
        situations, solutions = (
            _strings(data.get("common_situations", [])),
            _strings(data.get("solutions", [])),
        )
        raw_fix = data.get("example_fix")
        fix = None
        if raw_fix is not None:
            if not isinstance(raw_fix, dict):
                return None
            before, after = raw_fix.get("before", ""), raw_fix.get("after", "")
            if not isinstance(before, str) or not isinstance(after, str):
                return None
            fix = ExampleFix(before, after)
        if (
            not isinstance(meaning, str)
            or not isinstance(trigger, str)
            or situations is None
            or solutions is None
        ):
            return None
        return cls(meaning, trigger, situations, solutions, fix)


@dataclass(frozen=True, slots=True)
class AnalysisRecord:
    """A cached, verified model answer for (error, snapshot, model, prompt version).

    ``raw`` is the answer as the model gave it, kept so a better verifier can re-check it
    without paying for it again; pages only ever see ``public_json``.
    """

    model: str
    date: str
    prompt_version: str
    sections: AnswerSections
    dropped: int  # claims verification removed for naming something the code does not have
    unverified: tuple[str, ...]  # the names those claims used
    raw: dict[str, Any] | None = None

    def public_json(self) -> dict[str, Any]:
        """What pages and the API show: verified sections only, never the raw answer."""
        return {
            "model": self.model, "date": self.date, "prompt_version": self.prompt_version,
            "sections": self.sections.to_json(), "dropped": self.dropped, "unverified": list(self.unverified),
        }  # fmt: skip

    def to_json(self) -> dict[str, Any]:
        """The stored form: the public record plus the raw answer."""
        return {**self.public_json(), "raw": self.raw}

    @classmethod
    def from_json(cls, data: object) -> AnalysisRecord | None:
        """A stored record, or None when it does not have the shape errdex writes.

        The catalogue is data from whoever built it: a record of another shape is treated as
        absent (the page shows the static analysis alone), never as an error.
        """
        if not isinstance(data, dict):
            return None
        model, date, version = data.get("model"), data.get("date", ""), data.get("prompt_version", "")
        dropped, unverified = data.get("dropped", 0), _strings(data.get("unverified", []))
        sections, raw = AnswerSections.from_json(data.get("sections")), data.get("raw")
        if not (isinstance(model, str) and model and isinstance(date, str) and isinstance(version, str)):
            return None
        if not isinstance(dropped, int) or isinstance(dropped, bool) or dropped < 0:
            return None
        if sections is None or unverified is None or not (raw is None or isinstance(raw, dict)):
            return None
        return cls(model, date, version, sections, dropped, unverified, raw)


class CatalogueReader(Protocol):
    """What every reader of a catalogue offers: the matcher, the views, the analysis and the pages.

    Two classes implement it, each explicitly: ``errdex.store.sql.Store`` (SQLAlchemy; SQLite
    or PostgreSQL) and ``errdex.store.fast.SQLiteReader`` (plain ``sqlite3`` for a cold
    ``errdex show`` or ``explain``), which answers the hot reads itself and hands the rest to a
    ``Store`` it opens on first need. Both return the same shapes for the same catalogue.
    """

    url: str  # the catalogue's URL, credentials included: never shown unredacted

    def close(self) -> None:
        """Close the handle's database connections; it must not be used afterwards. Closing
        twice is harmless. Whoever opens a reader closes it (``with`` does)."""
        ...

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def facts(self) -> FactReader:
        """The code facts the extractor stored, read by the analysis stage."""
        ...

    @property
    def timeline(self) -> Timeline:
        """A codebase's releases in release order and each error's lineage across them: the
        Versions section, ``/api/errors/{id}/history`` and ``errdex explain`` across releases."""
        ...

    def generation(self) -> str:
        """Changes whenever a snapshot is written or removed; derived artifacts are keyed by it."""
        ...

    def get_artifact(self, name: str) -> bytes | None:
        """A derived blob (the match index), only if built for the current generation."""
        ...

    def put_artifact(self, name: str, data: bytes) -> None:
        """Save a derived blob; a ``StoreError`` of kind "readonly" when the handle cannot write."""
        ...

    def iter_entries(self, repo: str | None = None) -> Iterator[CatalogueEntry]:
        """Every (error, snapshot) occurrence: what the matcher indexes."""
        ...

    def resolve_repo(self, name: str) -> str:
        """The full name of the codebase ``name`` designates (owner/repo or project name)."""
        ...

    def repos(self) -> list[Repo]:
        """Every codebase with its snapshots."""
        ...

    def snapshot(self, snapshot_id: int) -> Snapshot:
        """One snapshot's identity and statistics."""
        ...

    def list_errors(
        self,
        repo: str | None = None,
        exc_type: str | None = None,
        path: str | None = None,
        kind: str | None = None,
        limit: int | None = None,
        offset: int = 0,
    ) -> tuple[int, list[ErrorSummary]]:
        """Errors of the latest snapshot that has each, filtered: (total, page)."""
        ...

    def get_error(self, error_id: str) -> ErrorDetail | None:
        """One error with every occurrence (oldest first), or None."""
        ...

    def error_source(self, error_id: str, version: str) -> tuple[int, int, str] | None:
        """(line, end line, file text) of an error's raise in one version."""
        ...

    def file_text(self, snapshot_id: int, path: str) -> str | None:
        """A stored file of a snapshot, decoded."""
        ...

    def expectations_for(self, error_id: str) -> list[Expectation]:
        """The tests linked to an error at index time."""
        ...

    def get_analysis(
        self, error_id: str, snapshot_id: int, model: str, prompt_version: str
    ) -> AnalysisRecord | None:
        """A cached model answer for (error, snapshot, model, prompt version), or None (also for
        a stored record of another shape)."""
        ...


@dataclass(frozen=True, slots=True)
class SourceWindow:
    """The stored code around an error's raise: ``lines`` from line ``start`` (1-based)."""

    start: int
    lines: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"start": self.start, "lines": list(self.lines)}


def source_window(reader: CatalogueReader, err: ErrorDetail) -> SourceWindow:
    """The code window the extractor recorded around the latest raise, cut from the stored file
    (empty when the file is not stored)."""
    latest = err.latest
    lines = (reader.file_text(latest.snapshot_id, err.path) or "").splitlines()
    ws, we = latest.window_start, min(latest.window_end, len(lines))
    return SourceWindow(ws, tuple(lines[ws - 1 : we]))


@dataclass(frozen=True, slots=True)
class Permalink:
    """A forge link pinned to the exact code of a snapshot."""

    url: str
    ref: str  # the commit or tag it is pinned to
    label: str  # how the page names that ref (a commit shortened to 10 characters)

    def to_json(self) -> dict[str, Any]:
        return {"url": self.url, "ref": self.ref, "label": self.label}


def permalink(version: Version, path: str, start: int, end: int) -> Permalink | None:
    """A link pinned to the exact code, or None when no forge URL is known.

    Git snapshots pin the commit. PyPI snapshots pin the release tag only when the source stage
    learned it from the metadata; otherwise we do not guess a tag (a wrong link is worse than
    none) and the page links the file as indexed instead.
    """
    url = (version.source_url or "").rstrip("/")
    if not url.startswith("https://"):
        return None
    ref = version.commit if version.kind == "git" else version.tag
    if not ref:
        return None
    anchor = f"#L{start}-L{end}" if end > start else f"#L{start}"
    label = ref[:10] if version.kind == "git" else ref
    return Permalink(f"{url}/blob/{ref}/{path}{anchor}", ref, label)
