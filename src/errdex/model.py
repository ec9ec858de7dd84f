"""The records that flow between errdex's stages.

Data moves one way — sources -> extract -> store -> match/explain -> cli/web — and these plain
dataclasses are the only things that cross a stage boundary. Keeping them free of behaviour (and
of SQLAlchemy, AST nodes or HTTP clients) is what lets each stage be tested on its own and run in
worker processes: everything here pickles.

Message templates are carried two ways. ``template`` is the human form shown on pages, with a
``{placeholder}`` for each dynamic part, exactly as the source spells the expression. ``segments``
is the machine form used for matching: a list of odd length that alternates literal text and
placeholder names, ``[lit0, name1, lit1, name2, lit2]``. The two forms are needed because a literal
may itself contain braces (``"expected {a: b}"``), which the human form cannot tell apart from a
placeholder.
"""

from __future__ import annotations

import dataclasses
import hashlib
import operator
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

Kind = Literal["error", "warning", "log", "assertion"]
# The exception type of a site whose class is not known when indexing: ``raise error`` of an
# object built elsewhere, or text handed to another package that raises it. Matching treats it
# as "any type".
UNKNOWN_EXC_TYPE = "<unknown>"
RefKind = Literal["pypi", "git", "dir"]
FileStatus = Literal["ok", "fallback", "skipped"]


def by_fields[T](cls: type[T]) -> type[T]:
    """Pickle a (slotted) dataclass as its class and its field values in order.

    Python's default for a slotted class pickles every slot by name and rebuilds the object
    attribute by attribute; the facts of one jax release's files (sites, exception specs,
    functions, code facts) are ~14 MB of such objects, pickled by the extraction's workers and
    taken back in by the parent. Field values in order instead: 22% smaller, pickled ~30% and
    rebuilt ~45% faster, and equal to the original. Only for classes whose ``__init__`` takes
    every field (no ``init=False``, no ``__post_init__``) and that nothing subclasses.
    """
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    assert all(f.init for f in fields) and not hasattr(cls, "__post_init__"), cls
    names = tuple(f.name for f in fields)
    get = operator.attrgetter(*names)
    one = len(fields) == 1

    def reduce(self: Any) -> tuple[Any, ...]:
        return (cls, (get(self),) if one else get(self))

    setattr(cls, "__reduce__", reduce)  # noqa: B010  (assigning a method mypy would refuse)
    at = {name: i for i, name in enumerate(names)}

    def changed(self: Any, changes: dict[str, Any]) -> Any:
        values = [get(self)] if one else list(get(self))
        for name, value in changes.items():
            i = at.get(name)
            if i is None:
                raise TypeError(f"{cls.__name__} has no field {name!r}")
            values[i] = value
        return cls(*values)

    _REPLACERS[cls] = changed
    return cls


# ``by_fields`` classes -> their ``replace`` (the field values in order, some changed, given to
# ``__init__`` as they are pickled)
_REPLACERS: dict[type, Any] = {}


def replace[T](obj: T, /, **changes: Any) -> T:
    """``dataclasses.replace``, a third of its cost for a ``by_fields`` class: the extraction
    replaces an exception spec ~8,000 times for a jax release (``raise ... from``, relays,
    forwarded raises) and resolution more, and ``dataclasses.replace`` reads the class's field
    table and passes every field by keyword on each call. The object made is the same: the
    class's ``__init__`` given every field value, those named in ``changes`` changed."""
    fast = _REPLACERS.get(type(obj))
    if fast is None:
        return dataclasses.replace(obj, **changes)  # type: ignore[type-var]
    out: T = fast(obj, changes)
    return out


@by_fields
@dataclass(slots=True)
class SourceFile:
    """One file of a snapshot, as bytes: decoding is the extractor's business (PEP 263)."""

    path: str  # relative to the snapshot root, POSIX separators
    data: bytes


@by_fields
@dataclass(slots=True)
class SnapshotInfo:
    """Where a snapshot came from, recorded so pages can link to the exact code."""

    repo: str  # catalogue name, "owner/repo" when a forge URL is known (jax-ml/jax), else "pypi/NAME" / "local/NAME"
    name: str  # the project's own name (jax)
    version: str  # what users call this snapshot: "0.10.2", a short sha, or "worktree"
    ref_kind: RefKind
    ref: str  # the exact ref: release version, full commit sha, or absolute directory path
    date: str | None = None  # ISO 8601: commit date or release upload time
    commit: str | None = None  # full sha for git snapshots, or the release tag's sha when known
    source_url: str | None = None  # https URL of the code repository (for permalinks)
    tag: str | None = None  # tag that pins a PyPI release in source_url ("v0.10.2"), when known
    archive: str | None = None  # file the snapshot was read from (wheel/sdist name)
    sha256: str | None = None  # of that archive, verified
    tests_archive: str | None = None  # the sdist read for tests because the wheel had none
    tests_unread: str | None = None  # the sdist that holds them, left unread (``sdist_tests=False``)


@by_fields
@dataclass(slots=True)
class Snapshot:
    """A snapshot's identity plus its files; ``files`` includes tests (the analysis stage reads them)."""

    info: SnapshotInfo
    files: list[SourceFile]


@by_fields
@dataclass(slots=True)
class ErrorRecord:
    """One way a statement can fail: a raise, warn, log call or assert, with one message template.

    A raise whose message variable is built differently in different branches yields one record
    per template, all sharing path and line.
    """

    kind: Kind
    exc_type: str  # as written ("ValueError", "errors.InvalidSchema"); "log.WARNING" for logs
    template: str  # human form, e.g. "... but {scratch_type=} is missing it."
    segments: list[str]  # machine form of ``template``: [lit, name, lit, ..., lit]
    expanded_segments: list[str]  # like ``segments`` with local message helpers inlined
    path: str
    line: int
    end_line: int
    function: (
        str  # qualified name as Python prints it ("_mpmd_map.<locals>.wrapper"); "<module>" at top level
    )
    exc_qualname: str | None = None  # "jax._src.errors.UnexpectedTracerError" where imports allow
    exc_bases: list[str] = field(default_factory=list)  # when the class is defined in the same codebase
    level: str | None = None  # logs: "WARNING", "ERROR", "CRITICAL", "EXCEPTION"
    guards: list[str] = field(default_factory=list)  # conditions from function entry to the statement
    window_start: int = 1  # first line of the code window
    window_end: int = 1  # last line of the code window (inclusive)
    comments: list[str] = field(default_factory=list)  # comments near the statement, without '#'
    docstring: str | None = None  # of the enclosing function
    id: str = ""  # stable 16-hex ID, see ``error_id``
    # A helper's own raise of a message (or exception) it was given (``def fail(self, message):
    # raise BadParameter(message)``): the calls that supply the text are records of their own,
    # and rank above this one.
    relay: bool = False

    @property
    def expanded_template(self) -> str:
        return render_template(self.expanded_segments)


@by_fields
@dataclass(slots=True)
class FileReport:
    """What happened to one file during extraction; skipped files say why."""

    path: str
    status: FileStatus
    reason: str | None = None
    is_test: bool = False
    module: str = ""  # dotted module name the path gives ("jax._src.core")
    is_package: bool = False  # an ``__init__.py``


@by_fields
@dataclass(slots=True)
class TestExpectation:
    """A test that expects an error: ``pytest.raises(X, match=...)``, ``assertRaisesRegex`` ..."""

    path: str
    line: int
    end_line: int
    function: str
    exc_type: str
    pattern: str | None  # the regex or literal the test matches the message with
    kind: Literal["raises", "warns", "assert_raises"]
    error_ids: list[str] = field(default_factory=list)  # filled when linked to catalogue entries


def error_id(repo: str, path: str, function: str, exc_type: str, template: str) -> str:
    """Stable ID: what the error *is*, never where it currently sits (no line numbers)."""
    key = "\x1f".join((repo, path, function, exc_type, template))
    return hashlib.blake2b(key.encode("utf-8", "surrogatepass"), digest_size=8).hexdigest()


def render_template(segments: Sequence[str]) -> str:
    """Human form of a segment list: literals as they are, placeholders in braces."""
    out: list[str] = []
    for i, part in enumerate(segments):
        out.append(part if i % 2 == 0 else "{" + part + "}")
    return "".join(out)


@by_fields
@dataclass(slots=True)
class CatalogueEntry:
    """One error as it sits in one indexed snapshot: the unit the matcher indexes and returns.

    The same error ID appears once per snapshot that contains it, at that snapshot's line, so
    traceback line numbers can tell which version the user runs.
    """

    key: int  # the store's row id of this occurrence; stable while the snapshot is stored
    error_id: str
    repo: str
    version: str
    snapshot_date: str | None
    kind: Kind
    exc_type: str
    exc_qualname: str | None
    template: str
    segments: list[str]  # the *expanded* segments: the most literal text available for matching
    path: str
    line: int
    function: str
    relay: bool = False  # a helper's raise of a message its callers supply (``ErrorRecord.relay``)
    # the snapshot's library code calls the site's function by its name (``facts.called_as``)
    called: bool = False
    # how many functions of the library the call graph resolves as calling the site's function
    # (a constructor's: the calls of its class), counted by the index stage (``pipeline``); one
    # more when the library holds the function as a value and never calls it by name
    # (``facts.referenced_names``: reached from where it is held)
    callers: int = 0
    # the first source line of the statement (stripped), as a traceback prints it under the frame
    statement: str = ""
    # the raised class's own bases when the codebase defines it: a pasted class relates to the
    # sites raising its subclasses and bases, and contradicts the other classes
    exc_bases: tuple[str, ...] = ()
    # the classes the innermost ``except`` around the raise names (``except (DistutilsError,
    # CCompilerError) as msg``): which caught errors a re-raise there can wrap; empty when the
    # raise is in no handler or the handler names none (``handler_classes``)
    caught: tuple[str, ...] = ()


def handler_classes(guards: Sequence[str]) -> tuple[str, ...]:
    """The classes the innermost ``except`` among a raise's guards names, as written; empty for
    none, a bare ``except:`` or a clause naming anything but dotted names."""
    for guard in reversed(guards):
        if guard != "except" and not guard.startswith(("except ", "except*")):
            continue
        body = guard.removeprefix("except").lstrip("* ").partition(" as ")[0].strip()
        names = tuple(n.strip() for n in body.strip("()").split(",") if n.strip())
        ok = all(part.isidentifier() for n in names for part in n.split("."))
        return names if ok else ()
    return ()


# ---------------------------------------------------------------------------- code facts
#
# What the analysis of an error needs to know about the code around it, gathered in the same
# parse that produced the records. A file's facts depend only on its bytes (relative imports
# stay relative until a reader knows the module's name), so the store keeps them once per file
# content and every snapshot holding that content shares them.


@by_fields
@dataclass(slots=True)
class FunctionFact:
    """A function or method: ``qualname`` as Python prints it, ``cls`` the class of a method."""

    qualname: str
    line: int
    end_line: int
    cls: str | None = None
    params: tuple[str, ...] = ()
    doc: str | None = None


@by_fields
@dataclass(slots=True)
class ClassFact:
    """A class: its bases as written and every name its body binds (methods, attributes, imports)."""

    qualname: str
    line: int
    end_line: int
    bases: list[str] = field(default_factory=list)
    members: list[str] = field(default_factory=list)


@by_fields
@dataclass(slots=True)
class ImportFact:
    """A name an import binds, anywhere in the file (``tpu_core`` -> ``jax._src.pallas.mosaic.core``).

    ``level`` counts the dots of a relative import; ``target`` is then relative to the package
    that many levels up, and a reader resolves it once it knows the module's name.
    """

    local: str
    target: str
    level: int = 0


@by_fields
@dataclass(slots=True)
class CallFact:
    """A call made inside a function: the callee as written (``tpu_core.foo``, ``self.bar``)."""

    caller: str  # qualname of the calling function
    callee: str
    line: int


@by_fields
@dataclass(slots=True)
class TestFunctionFact:
    """A test function (``test*``, possibly inside ``Test*`` classes) and the names it calls.

    ``subject`` is what the test exercises (calls other than expectations and plumbing);
    ``expects`` says whether it expects an error; ``calls`` is (line, name) of every call.
    """

    __test__ = False  # not a pytest test class, despite its name

    qualname: str
    line: int  # first line, decorators included
    end_line: int
    subject: list[str] = field(default_factory=list)
    expects: bool = False
    calls: list[tuple[int, str]] = field(default_factory=list)


@by_fields
@dataclass(slots=True)
class CodeFacts:
    """One file's definitions, imports, calls and bound names, and its test functions."""

    functions: list[FunctionFact] = field(default_factory=list)
    classes: list[ClassFact] = field(default_factory=list)
    imports: list[ImportFact] = field(default_factory=list)
    calls: list[CallFact] = field(default_factory=list)  # function by function, in definition order
    toplevel: list[str] = field(default_factory=list)  # names bound at module level
    bound: list[str] = field(default_factory=list)  # every name bound anywhere, imports aside
    consts: dict[str, str] = field(default_factory=dict)  # module-level NAME = dotted.value
    tests: list[TestFunctionFact] = field(default_factory=list)
    # the file's functions (and lower-case names it imports) that its code reads as values
    # instead of calling them: a dispatch table's entries, a callback argument, a returned
    # closure, ``__setattr__ = _frozen``, ``obj.prop = v`` (a property's setter). Code that holds
    # a function runs it; only the lookup keys keep these (``factblobs.KEY_REF``): such a
    # function counts one caller more in the match index (``CatalogueEntry.callers``)
    references: list[str] = field(default_factory=list)
