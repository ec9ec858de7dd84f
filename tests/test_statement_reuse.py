"""Reuse below the file (``extract.reuse``): a changed file's unchanged top-level defs/classes
replayed from the walk of its earlier version, and what that must not change.

Two commits of a real git repository: the second adds a function at the top (every later
statement moves down), changes a module constant a raise reads, a module-level tuple a class
takes its bases from, an import a raise's class comes from, and one function's message. The
moved functions must be replayed (their records at their new lines), the class and the import's
user refused (what they read changed), the changed function walked; and the extraction with
reuse must be the one without it, byte for byte, as must the catalogue indexed through the
pipeline with reuse on.
"""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pytest
from sources_helpers import git, write

from errdex.extract import cache_entry, extract_file, reuse
from errdex.extract.facts import ModuleFacts
from errdex.extract.reuse import ENV, StatementReuse
from errdex.pipeline import _Quiet, index_releases
from errdex.sources import open_source
from errdex.store import Store
from errdex.store.sharedcache import ENV as SHARED_ENV

FIRST = """\
from .errors import BaseError

LIMIT = 10
BASES = (ValueError,)


def check(n):
    if n > LIMIT:
        raise ValueError(f"n={n} is over the limit {LIMIT}")


def moved(x):
    raise TypeError(f"bad x: {x!r}")


class Oops(*BASES):
    def __init__(self, what):
        super().__init__(f"oops: {what}")


def changed(y):
    raise KeyError("old message")


def uses_import(p):
    raise BaseError(f"cannot open {p}")
"""

SECOND = """\
from .other import BaseError

LIMIT = 20
BASES = (KeyError,)


def added(z):
    raise RuntimeError(f"new in this commit: {z}")

""" + FIRST.split("BASES = (ValueError,)\n", 1)[1].replace("old message", "new message")

ERRORS = "class BaseError(Exception):\n    pass\n"


@pytest.fixture(scope="module")
def repo(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str, str]:
    root = tmp_path_factory.mktemp("stmts") / "lib"
    root.mkdir()
    git(root, "init", "-q")
    write(root, {"lib/__init__.py": "", "lib/mod.py": FIRST, "lib/errors.py": ERRORS, "lib/other.py": ERRORS})
    git(root, "add", ".")
    git(root, "commit", "-q", "-m", "first")
    first = git(root, "rev-parse", "HEAD")
    write(root, {"lib/mod.py": SECOND})
    git(root, "commit", "-q", "-am", "second")
    return root, first, git(root, "rev-parse", "HEAD")


def _mod(root: Path, rev: str) -> bytes:
    snap = open_source(f"{root}@{rev}")
    return next(f.data for f in snap.files if f.path == "lib/mod.py")


def test_moved_statements_are_replayed_and_changed_reads_refused(repo: tuple[Path, str, str]) -> None:
    root, first, second = repo
    old, new = _mod(root, first), _mod(root, second)
    recorded = StatementReuse()
    extract_file("lib/mod.py", old, recorded)
    assert recorded.library and recorded.walked == 5 and recorded.reused == 0
    reusing = StatementReuse([recorded.library])
    got = extract_file("lib/mod.py", new, reusing)
    # ``check`` reads LIMIT by name only (its value is resolved later, per release): replayed
    assert reusing.taken == ["check", "moved"]
    assert reusing.walked == 4  # added, Oops (BASES changed), changed (text), uses_import (import)
    # the code facts read nothing outside a statement: every statement of the same text is taken
    assert reusing.code_reused == 4
    fresh = extract_file("lib/mod.py", new)
    assert cache_entry(got) == cache_entry(fresh)
    assert got.code == fresh.code
    lines = {s.function: s.line for s in got.sites}
    assert lines["moved"] == SECOND.splitlines().index('    raise TypeError(f"bad x: {x!r}")') + 1
    assert (
        lines["moved"] - FIRST.splitlines().index('    raise TypeError(f"bad x: {x!r}")') - 1 == 5
    )  # moved down


def test_a_library_that_does_not_decode_reuses_nothing(repo: tuple[Path, str, str]) -> None:
    root, _, second = repo
    new = _mod(root, second)
    for junk in (b"", b"\x28\xb5\x2f\xfd" + b"\xff" * 40, b"errdex-stmts/1\n\x93"):
        reusing = StatementReuse([junk])
        assert cache_entry(extract_file("lib/mod.py", new, reusing)) == cache_entry(
            extract_file("lib/mod.py", new)
        )
        assert reusing.reused == 0


def test_an_entry_of_the_wrong_shape_is_walked_instead(repo: tuple[Path, str, str]) -> None:
    """Entries come from a directory others may write: one that decodes but holds values of
    the wrong shape makes the file walk whole, and one naming a table the walk has not is
    not read at all."""
    root, first, second = repo
    old, new = _mod(root, first), _mod(root, second)
    recorded = StatementReuse()
    extract_file("lib/mod.py", old, recorded)
    assert recorded.library
    entries, code = reuse._decode(recorded.library)
    junk_code = [
        (d, start + 1, consts, reuse._canon({"funcs": [("f", "junk", [])]}))
        for d, (start, consts, _) in code.items()
    ]
    bad_site = {d: [dataclasses.replace(e, out=reuse._canon({"sites": ["junk"], "writes": [], "symbols": []}))
                    for e in es] for d, es in entries.items()}  # fmt: skip
    bad_table = {
        d: [dataclasses.replace(e, reads=[("nosuch", "x", None)]) for e in es] for d, es in entries.items()
    }
    fresh = cache_entry(extract_file("lib/mod.py", new))
    for made, parts in ((bad_site, []), (bad_table, []), ({}, junk_code)):
        library = reuse._encode([(d, e) for d, es in made.items() for e in es], parts)
        assert reuse._decode(library)[0] == ({} if made is bad_table else made)
        reusing = StatementReuse([library])
        assert cache_entry(extract_file("lib/mod.py", new, reusing)) == fresh
        assert reusing.reused == 0


def _records(store: Store, sid: int) -> list[tuple[object, ...]]:
    """Each record of a snapshot: its id, where it is and what it says."""
    got = [
        (e.error_id, e.path, e.line, e.function, e.exc_type, e.template)
        for e in store.iter_entries(snapshot_id=sid)
    ]
    return sorted(got, key=repr)


def test_a_history_indexed_with_reuse_is_the_one_without(
    repo: tuple[Path, str, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root, first, second = repo
    specs = [f"{root}@{first}", f"{root}@{second}"]
    monkeypatch.setenv(ENV, "0")
    plain = index_releases(specs, str(tmp_path / "plain.db"), jobs=1)
    monkeypatch.setenv(ENV, "1")
    monkeypatch.setenv(SHARED_ENV, str(tmp_path / "shared"))
    reused = index_releases(specs, str(tmp_path / "reuse.db"), jobs=1)
    # the entries were kept for later runs (the shared cache), one per file parsed: the first
    # commit's four and the changed module of the second
    assert len(list((tmp_path / "shared").glob("*/statements/*/*"))) == 5
    with Store.open(str(tmp_path / "plain.db")) as a, Store.open(str(tmp_path / "reuse.db")) as b:
        for x, y in zip(plain, reused, strict=True):
            assert _records(a, x.snapshot_id) == _records(b, y.snapshot_id) != []


DECORATED = """\
@property
@decorate(
    "args",
)
def wrapped(
    w,
) -> None:
    raise ValueError(f"wrapped {w}")
"""

# a string holding, at column 0, the very text of a recorded function: the scan takes it for a
# statement, and the run before it (an open string) does not parse alone
TRAP = 'DOC = """\n' + FIRST.split("\n\n\n")[2] + '\n"""\n\n' + FIRST


def _same_module(got: ast.Module, whole: ast.Module) -> None:
    """A chunked parse's statements are the whole parse's; an unparsed one has the name and
    lines of the def/class in its place, and its node, parsed late, is that node."""
    assert len(got.body) == len(whole.body)
    for a, b in zip(got.body, whole.body, strict=True):
        if isinstance(a, reuse.Unparsed):
            assert isinstance(b, ast.FunctionDef | ast.ClassDef) and a.name == b.name
            assert (a.start, a.end) == reuse._span(b)
            a = a.node()
        assert ast.dump(a, include_attributes=True) == ast.dump(b, include_attributes=True)


@pytest.mark.parametrize(
    ("new", "unparsed"),
    [
        (SECOND, ["check", "moved", "Oops", "uses_import"]),
        (SECOND + "\n\n" + DECORATED, ["check", "moved", "Oops", "uses_import", "wrapped"]),
        (TRAP, None),  # a run does not parse alone: parsed whole
        ("# -*- coding: latin-1 -*-\n" + SECOND, None),  # an encoding cookie: parsed whole
        (SECOND.replace("\n", "\r\n"), None),  # carriage returns: parsed whole
        # the body of a def holds a line at column 0 (in a string): its text is no entry's
        (SECOND.replace('f"bad x: {x!r}")', '"""\nbad x\n""")'), ["check", "Oops", "uses_import"]),
    ],
)
def test_only_the_changed_statements_are_parsed(
    repo: tuple[Path, str, str], new: str, unparsed: list[str] | None
) -> None:
    root, first, _ = repo
    recorded = StatementReuse()
    extract_file("lib/mod.py", _mod(root, first) + b"\n\n" + DECORATED.encode(), recorded)
    got = StatementReuse([recorded.library or b""]).chunked(new, "lib/mod.py")
    if unparsed is None:
        assert got is None
    else:
        assert got is not None
        assert [s.name for s in got.body if isinstance(s, reuse.Unparsed)] == unparsed
        _same_module(got, ast.parse(new))
    reusing = StatementReuse([recorded.library or b""])
    data = new.encode()
    facts = extract_file("lib/mod.py", data, reusing)
    assert reusing.unparsed == len(unparsed or ())
    fresh = extract_file("lib/mod.py", data)
    assert cache_entry(facts) == cache_entry(fresh) and facts.code == fresh.code


# What a statement's walk depends on outside its own text, each changed between two versions
# of a module whose defs and classes keep their text (and move down by one line):
# * ``_Oops``, defined below ``check``, is a factory function first and a class after: whether
#   ``check``'s raise is of a class (``visitor._class_like``) reads the module's functions;
# * ``Alias`` names another base for ``Derived``: the code facts' classes spell bases so;
# * a function returning a closure and a ``NamedTuple`` class write the facts' ``closures``
#   and ``record_types``, which a replay must write again;
# * ``report`` joins an error's arguments, which the file-wide pass before the walk notes.
BEFORE = """\
from typing import NamedTuple

from . import errors
Alias = errors.BaseError


def check(n):
    if n:
        raise _Oops(f"n={n} is bad")


def _Oops(msg):
    return ValueError(msg)


class Derived(Alias):
    pass


class Limit(NamedTuple):
    message: str
    error: type


def factory():
    def _raise(key):
        raise KeyError(f"no such key: {key}")

    return _raise


def report(err):
    print(" ".join(str(a) for a in err.args))
"""

AFTER = "# a first line\n" + BEFORE.replace("errors.BaseError", "errors.OtherError").replace(
    "def _Oops(msg):\n    return ValueError(msg)", "class _Oops(Exception):\n    pass"
)


@pytest.mark.parametrize("chunk", [True, False])
def test_a_replay_reads_what_the_walk_of_the_whole_file_reads(chunk: bool) -> None:
    """Every statement moved; those whose reads changed are walked, the others replayed, and
    the extraction (its cache entry, the code facts) is a fresh one's, byte for byte. Without
    the module's functions noted, ``check`` replays a raise of a factory's result where the
    class ``_Oops`` is raised now; without the constants in a class's key, ``Derived`` keeps
    the old base in the code facts; without ``closures``/``record_types`` replayed, and the
    arguments' joins noted over the whole tree, those are missing from the reused entry."""
    recorded = StatementReuse()
    extract_file("lib/mod.py", BEFORE.encode(), recorded)
    fresh = extract_file("lib/mod.py", AFTER.encode())
    assert fresh.closures and fresh.record_types and fresh.args_joins  # each part is exercised
    assert [c.bases for c in fresh.code.classes if c.qualname == "Derived"] == [["errors.OtherError"]]
    reusing = StatementReuse([recorded.library or b""])
    if not chunk:  # the whole file parsed: only the walk is reused
        reusing.chunked = lambda text, path: None  # type: ignore[method-assign]
    got = extract_file("lib/mod.py", AFTER.encode(), reusing)
    assert "check" not in reusing.taken  # it reads ``_Oops``, a function before and a class now
    assert {"Limit", "factory", "report"} <= set(reusing.taken)
    assert reusing.unparsed == (5 if chunk else 0)  # all but ``_Oops``
    assert cache_entry(got) == cache_entry(fresh)
    assert got.code == fresh.code


def test_every_table_a_walk_reads_or_writes_is_noted_replayed_or_made_before_it() -> None:
    """A table added to the facts or the visitor must be placed here, or a replay silently
    leaves it out (``closures``, ``record_types``, ``top_funcs`` and the arguments' joins
    were added after reuse below the file and were missed so)."""
    from errdex.extract.visitor import ModuleVisitor

    facts = ModuleFacts("lib/mod.py", "lib.mod")
    containers = {
        f.name for f in dataclasses.fields(facts) if isinstance(getattr(facts, f.name), dict | list | set)
    }
    placed = {
        *reuse._FACT_TABLES,  # read and written by key, noted, replayed
        *reuse._WATCHED_LISTS,  # a walk that grows one is not recorded
        "sites",  # replayed, lines moved
        "symbols",  # noted, replayed
        "stars",  # part of an entry's key
        "expectations",  # test files only, never reused
        "func_names",  # made from the code facts (themselves reused) before the walk, not by it
        "registered",  # written by module-level calls alone (walked every time, never replayed)
    }
    assert containers == placed
    visitor = ModuleVisitor(facts, False, "", want_sites=True)
    tables = {k for k, v in vars(visitor).items() if isinstance(v, dict | list | set)}
    own = {
        *reuse._VISITOR_TABLES,  # noted, replayed
        *(s for s in reuse._SETS if s != "symbols"),  # noted
        *reuse._SPOILING,  # noted: a def's walk that grows one is not recorded
        *reuse._SPOILED_BY_READ,  # noted: a def's walk that reads one is not recorded
        *reuse._MODULE_LEVEL,  # module-level statements' alone, watched
        "flag",  # its lines are part of an entry's key
        "lines",  # the text
        "handlers", "evaluators",  # methods by node type
        "comment_cache", "src_cache", "guard_cache", "unparsed", "raised_cache", "raised_boxes_cache",  # of a node or line alone
        "post_inits",  # of one class's walk alone: its ``__post_init__`` sets it, its end takes it
        "try_of",  # the handlers of the ``try`` being walked: filled and emptied within it
    }  # fmt: skip
    assert tables == own


class _Stages(_Quiet):
    """A progress that keeps the stage lines."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def stage(self, message: str) -> None:
        self.lines.append(message)


def _dump(db: Path) -> list[str]:
    """The catalogue's every row and table, as ``sqlite3 .dump`` gives them."""
    import sqlite3
    from contextlib import closing

    with closing(sqlite3.connect(db)) as conn:
        return list(conn.iterdump())


def test_a_history_reuses_below_the_file_from_its_second_release_by_default(
    repo: tuple[Path, str, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without ``ERRDEX_STATEMENT_REUSE``, a history indexed at once records the files its
    second release on parses and replays from them: the third commit takes the second's
    unchanged functions (the first release, parsed whole, is not recorded), and the catalogue
    is the one indexed with reuse turned off (``0``), row for row."""
    root, first, second = repo
    write(root, {"lib/mod.py": SECOND.replace("new message", "third message"), "lib/extra.py": ERRORS})
    git(root, "add", ".")
    git(root, "commit", "-q", "-m", "third")
    third = git(root, "rev-parse", "HEAD")
    specs = [f"{root}@{first}", f"{root}@{second}", f"{root}@{third}"]
    monkeypatch.setattr("errdex.store.sql._now", lambda: "2026-01-01T00:00:00+00:00")
    monkeypatch.delenv(ENV, raising=False)
    walked: list[tuple[str, bool]] = []  # (path, with reuse) of each file parsed

    def noting(path: str, data: bytes, statements: StatementReuse | None = None) -> ModuleFacts:
        walked.append((path, statements is not None))
        return extract_file(path, data, statements)

    monkeypatch.setattr("errdex.extract.extract_file", noting)
    seen = _Stages()
    index_releases(specs, str(tmp_path / "default.db"), jobs=1, progress=seen)
    taken = [line for line in seen.lines if "taken from earlier versions" in line]
    assert taken == ["5 unchanged functions and classes of changed files taken from earlier versions"]
    # recorded: only the changed file, from the second release on (not a file new to the run)
    assert [p for p, with_reuse in walked if with_reuse] == ["lib/mod.py", "lib/mod.py"]
    assert ("lib/extra.py", False) in walked and len(walked) == 4 + 1 + 2
    monkeypatch.setenv(ENV, "0")
    seen = _Stages()
    index_releases(specs, str(tmp_path / "off.db"), jobs=1, progress=seen)
    assert not [line for line in seen.lines if "taken from earlier versions" in line]
    assert _dump(tmp_path / "default.db") == _dump(tmp_path / "off.db")


_FLAGGED = """import sys

PY3 = sys.version_info[0] == {major}
LIMIT = 10


def check(x):
    if PY3:
        raise ValueError("too big on three")
    raise ValueError("too big on two")


def reset():
    global LIMIT
    LIMIT = 0
"""


@pytest.mark.parametrize("change", ["flag", "global"])
def test_a_replayed_def_sees_the_version_flags_and_globals_of_its_module_now(change: str) -> None:
    """``check`` and ``reset`` are the same bytes in both versions; what decides their output is
    outside them: the module's ``PY3`` flag (which branch of ``check`` is live) and whether some
    function rebinds ``LIMIT`` with ``global`` (then it is no constant, which only the walk of
    ``reset`` says). A replay must give what a fresh walk of the new text gives."""
    old = _FLAGGED.format(major=3)
    new = _FLAGGED.format(major=2) if change == "flag" else old + "\n\nOTHER = 1\n"
    recorded = StatementReuse()
    extract_file("lib/mod.py", old.encode(), recorded)
    reusing = StatementReuse([recorded.library or b""])
    got = extract_file("lib/mod.py", new.encode(), reusing)
    fresh = extract_file("lib/mod.py", new.encode())
    assert {s.function for s in fresh.sites} == {"check"}
    assert cache_entry(got) == cache_entry(fresh)
    assert ("check" if change == "flag" else "reset") not in reusing.taken


_REGISTRY = """import warnings

__deprecated_attrs__ = {{
    "old_name": (1, "old_name is deprecated since 2.0; use {use} instead"),
}}


def __getattr__(attr):
    if attr in __deprecated_attrs__:
        val, msg = __deprecated_attrs__[attr]
        warnings.warn(msg, DeprecationWarning, stacklevel=2)
        return val
    raise AttributeError(f"module has no attribute {{attr!r}}")
"""


def test_a_replayed_getattr_reads_the_module_dict_of_its_module_now() -> None:
    """``__getattr__`` is the same bytes in both versions, but the registry it unpacks
    (``unpack_registry``: ``val, msg = __deprecated_attrs__[attr]``) changed its text: the def
    reads the module's dict literal, which has no canonical form to note, so it is walked again,
    and the warning's text is the new one, as a fresh walk gives."""
    old, new = _REGISTRY.format(use="new_name"), _REGISTRY.format(use="newer_name")
    recorded = StatementReuse()
    extract_file("lib/mod.py", old.encode(), recorded)
    reusing = StatementReuse([recorded.library or b""])
    got = extract_file("lib/mod.py", new.encode(), reusing)
    fresh = extract_file("lib/mod.py", new.encode())
    assert cache_entry(got) == cache_entry(fresh)
    assert "__getattr__" not in reusing.taken


_POOL = """\
class _PoolBase(RuntimeError):
    pass


class {name}(_PoolBase):
    pass


def submit(job):
    bpe = {name}("A task has failed to un-serialize.")
    job.failures.append(bpe)
"""


@pytest.mark.parametrize("chunk", [True, False])
def test_a_replayed_def_sees_which_classes_of_its_module_are_exceptions_now(chunk: bool) -> None:
    """``submit`` is the same bytes in both versions, but only in the second does the class it
    builds derive from an exception (its base renamed to one): a construction stored, not
    raised, is a site only then (``ModuleVisitor.builds_exception`` reads ``exc_classes``,
    which the prepass fills from each class's bases, parsing a class left unparsed for it)."""
    old = _POOL.format(name="BrokenPool").replace("class _PoolBase(RuntimeError)", "class _PoolBase")
    new = "# moved\n" + _POOL.format(name="BrokenPool")
    recorded = StatementReuse()
    before = extract_file("lib/pool.py", old.encode(), recorded)
    reusing = StatementReuse([recorded.library or b""])
    if not chunk:
        reusing.chunked = lambda text, path: None  # type: ignore[method-assign]
    got = extract_file("lib/pool.py", new.encode(), reusing)
    fresh = extract_file("lib/pool.py", new.encode())
    # the construction is one more site once its class derives from an exception
    assert len(fresh.sites) > len(before.sites) and {s.function for s in fresh.sites} == {"submit"}
    assert "submit" not in reusing.taken  # it read ``exc_classes``, which changed
    assert cache_entry(got) == cache_entry(fresh)


@pytest.mark.parametrize(
    ("text", "bases"),
    [
        (
            "@frozen\nclass Pool(\n    _Base,\n    metaclass=Meta,\n):\n    x = 1\n\n    def f(self):\n        return 2",
            ["_Base"],
        ),
        ("class Pool(_Base): pass", ["_Base"]),
        ("class Pool:\n    x = (\n        1,\n    )", []),
    ],
)
def test_a_class_header_is_read_without_its_body(text: str, bases: list[str]) -> None:
    """The prepass reads an unparsed class's bases from its header alone: the body stays
    unparsed (``parsed``), so a class replayed costs no parse of its body."""
    stmt = reuse.Unparsed("Pool", 1, text.count("\n") + 1, text, is_class=True)
    node = stmt.header()
    assert [ast.unparse(b) for b in node.bases] == bases and stmt.parsed is None
