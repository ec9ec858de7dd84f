"""Reuse below the file: a changed file's unchanged top-level ``def``/``class`` taken from an
earlier walk of the same path instead of walked again.

A file that changed between two releases mostly did not change: most of its top-level
functions and classes have the same text. The visitor's walk of such a statement is a function
of its text and of what it reads outside its own lines, so when both are equal its output is
the earlier one with every line number moved by as much as the statement moved.

What it reads is recorded, not guessed: while a file is walked, the module's tables the walk
looks names up in (the visitor's imports, module-level names, tuples and logger aliases; the
facts' tables of functions, classes, handlers, mappings) are swapped for ones that note every
name each top-level statement looks up and what the table held for it (in the cache's
canonical encoding, or its absence), and every key it writes. A statement's entry is its text
hash, those reads, the star imports and the warn/log-flagged lines of its span (relative to its
first line), and its output: its sites and the entries it wrote, as they stood when its walk
ended. In a later walk of the same path, a statement whose text hash and reads equal an entry's
(every read answered the same by the tables as they are now) is not walked: its output is
replayed, lines shifted. A statement is not recorded (so never reused) when its walk did
anything this cannot replay: iterated a table whole, deleted from one, changed an entry it read
without writing it, the previous statement's site, the module frame or environment, the flagged
lines, or put a record outside its own lines (a class-body site's window reaches around it).

At the end of a reusing walk every replayed output is compared with what it is now; if a later
statement changed one in place (which a fresh walk would have done to the objects it shares
with others), ``Refused`` is raised and the caller walks the file again without reuse.

The code facts' walk (``codefacts``) reads nothing outside a statement but a class's reading of
the module's constants, so a statement's part of them is keyed by its text (and a class's by
those constants too: ``StatementReuse.code_facts``). The file is still parsed
whole: the replayed statements' nodes are parsed and not walked.

Entries use the extraction cache's tagged MessagePack (never a pickle), decoded within a size
cap; a library that does not decode is ignored (every statement walked).
"""

from __future__ import annotations

import ast
import dataclasses
import hashlib
import os
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

import msgpack
import zstandard

from errdex.extract import cache, codefacts
from errdex.extract.facts import ExcSpec, ModuleFacts
from errdex.extract.visitor import EXC_SUFFIXES, Env, ModuleVisitor
from errdex.model import ClassFact, CodeFacts, FunctionFact

if not TYPE_CHECKING:  # the same classes, read without the stdlib module's slow path (astutil)
    from errdex.astutil import ast_nodes as ast

__all__ = ["ENV", "MAX_PRIORS", "Refused", "StatementReuse", "Unparsed", "enabled", "in_histories"]

# "1": reuse below the file everywhere (every file parsed is recorded, the entries kept in the
# shared extraction cache too); "0": nowhere; unset: in a history indexed at once, from its
# second release on (``in_histories``)
ENV = "ERRDEX_STATEMENT_REUSE"
_DEFS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
_MAGIC = b"errdex-stmts/3\n"  # /2: a class's code-facts part holds its constants; /3: version flags
MAX_PRIORS = 3  # earlier walks of a path a walk reuses from (each a library)
_MAX_LIBRARY = 16 << 20  # one file's entries, inflated (jax's largest file's facts are ~2 MiB)
# the facts' tables a walk reads and writes by key
_FACT_TABLES = (
    "funcs", "classes", "consts", "hands", "type_maps", "passed_maps", "passed_classes", "instances",
    "aliases", "closures", "record_types",
)  # fmt: skip
# the facts' lists: ``sites`` is replayed; a walk that grows another (``records`` at a class or
# module level, ``args_joins`` made once for the file before the walk, ``built``: objects built
# with a text in a def, which a replay would leave out) is not recorded
_WATCHED_LISTS = ("records", "args_joins", "built")
# the visitor's own tables, and what a read of each records
_VISITOR_TABLES = ("imports", "tuples", "log_aliases", "version_names")  # ``if PY3:`` in a def reads
# the visitor's sets a def's walk must not grow: ``global X`` in a function (``global_names``)
# makes ``X`` no constant at the module's end, which a replay would not repeat
_SPOILING = ("global_names",)
# the visitor's tables a def's walk reads nodes from that have no canonical form to note
# (``module_dicts``: a module-level dict literal's rows, which ``unpack_registry`` reads in a
# ``__getattr__``): a def that reads one at all is not recorded, so a changed dict is read again
_SPOILED_BY_READ = ("module_dicts",)
# written by module-level statements alone (walked every time, never replayed) and read by
# ``finish_module`` alone: a def's walk that changes one is not recorded (``_watched``)
_MODULE_LEVEL = ("module_literals", "number_names", "module_other")
# ``top_funcs``: a name ``_class_like`` takes for a class; ``exc_classes``: the module's classes
# named otherwise that derive from an exception (``builds_exception`` reads one)
_SETS = ("top", "top_funcs", "exc_classes", "symbols")
_READ = frozenset({*_FACT_TABLES, *_VISITOR_TABLES, *_SETS})  # the tables a read can name
# the tables a replay writes to (a walk that writes another is not recorded)
_REPLAYED = frozenset({*_FACT_TABLES, "imports"})


def enabled() -> bool:
    """Whether ``ERRDEX_STATEMENT_REUSE`` turns reuse below the file on everywhere."""
    return os.environ.get(ENV, "").strip() == "1"


def in_histories() -> bool:
    """Whether a history indexed at once reuses below the file from its second release on
    (unless ``ERRDEX_STATEMENT_REUSE=0``). There it pays: a file a release changes is mostly
    one the release before changed too (jax: from the third of 20 releases, 98-100% of the
    changed files' bytes), so recording the files each release parses is taken back by the
    next; recording a first index's every file (+20-30% of its extraction) is not."""
    return os.environ.get(ENV, "").strip() != "0"


# what replaying an entry whose values have the wrong shape raises (a crafted or damaged one)
_MISSHAPEN = (TypeError, AttributeError, ValueError, KeyError, IndexError)


class Refused(Exception):
    """A replayed statement's output was changed by a later one: walk the file again whole."""


def _canon(value: Any) -> bytes:
    """A value's canonical bytes (sets sorted): what a read is compared by."""
    if isinstance(value, list) and value and isinstance(value[0], ast.AST):  # module-level tuples
        return repr([ast.dump(e) for e in value]).encode()
    packer = msgpack.Packer(
        default=cache._tag, strict_types=True, use_bin_type=True, unicode_errors="surrogatepass"
    )
    return bytes(packer.pack(value))


def _unpack(raw: bytes | memoryview) -> Any:
    return msgpack.unpackb(
        raw,
        object_pairs_hook=cache._untag,  # the cache's hook takes a map's pairs
        ext_hook=cache._no_ext,
        strict_map_key=False,
        unicode_errors="surrogatepass",
    )


class _Log:
    """What one top-level statement's walk read and wrote."""

    __slots__ = ("reads", "seen", "spoiled", "symbols", "writes")

    def __init__(self) -> None:
        self.reads: list[tuple[str, str, bytes | None]] = []
        self.seen: dict[tuple[str, str], Any] = {}  # (table, key) read -> the object then held
        self.writes: dict[str, dict[str, None]] = {}  # table -> keys written, in order
        self.symbols: list[str] = []
        self.spoiled = False

    def read(self, table: str, held: dict[str, Any], key: str) -> None:
        if (table, key) in self.seen or key in self.writes.get(table, ()):
            return
        value = dict.get(held, key, _ABSENT)
        self.seen[table, key] = value
        self.reads.append((table, key, None if value is _ABSENT else _canon(value)))

    def wrote(self, table: str, key: str) -> None:
        self.writes.setdefault(table, {})[key] = None


_ABSENT = object()


class _Noted:
    """What a noted table and a noted set share: a walk that reads one whole (iterates, sizes,
    updates it in bulk) depends on all of it, so its statement is not recorded."""

    log: _Log | None = None
    name = ""

    def _whole(self) -> None:
        if self.log is not None:
            self.log.spoiled = True

    def __iter__(self) -> Iterator[str]:
        self._whole()
        return super().__iter__()  # type: ignore[misc,no-any-return]

    def __len__(self) -> int:
        self._whole()
        return super().__len__()  # type: ignore[misc,no-any-return]

    def update(self, *args: Any, **kwargs: Any) -> None:
        self._whole()
        super().update(*args, **kwargs)  # type: ignore[misc]


class _SpoilingDict(_Noted, dict[str, Any]):
    """A table whose any read spoils the current statement (``_SPOILED_BY_READ``)."""

    def get(self, key: str, default: Any = None) -> Any:
        self._whole()
        return dict.get(self, key, default)

    def __getitem__(self, key: str) -> Any:
        self._whole()
        return dict.__getitem__(self, key)

    def __contains__(self, key: object) -> bool:
        self._whole()
        return dict.__contains__(self, key)


class _NotedDict(_Noted, dict[str, Any]):
    """A table that tells the current statement's log what is looked up and written in it."""

    def get(self, key: str, default: Any = None) -> Any:
        if self.log is not None:
            self.log.read(self.name, self, key)
        return dict.get(self, key, default)

    def __getitem__(self, key: str) -> Any:
        if self.log is not None:
            self.log.read(self.name, self, key)
        return dict.__getitem__(self, key)

    def __contains__(self, key: object) -> bool:
        if self.log is not None and isinstance(key, str):
            self.log.read(self.name, self, key)
        return dict.__contains__(self, key)

    def __setitem__(self, key: str, value: Any) -> None:
        if self.log is not None:
            self.log.wrote(self.name, key)
        dict.__setitem__(self, key, value)

    def setdefault(self, key: str, default: Any = None) -> Any:
        if self.log is not None:
            self.log.read(self.name, self, key)
            self.log.wrote(self.name, key)
        return dict.setdefault(self, key, default)

    def keys(self) -> Any:
        self._whole()
        return dict.keys(self)

    def items(self) -> Any:
        self._whole()
        return dict.items(self)

    def values(self) -> Any:
        self._whole()
        return dict.values(self)

    def pop(self, *args: Any) -> Any:
        self._whole()
        return dict.pop(self, *args)

    def __delitem__(self, key: str) -> None:
        self._whole()
        dict.__delitem__(self, key)


class _NotedSet(_Noted, set[str]):
    """``top`` (looked up) and ``facts.symbols`` (added to), noted for the current statement."""

    def __contains__(self, key: object) -> bool:
        found = set.__contains__(self, key)
        if self.log is not None and isinstance(key, str) and (self.name, key) not in self.log.seen:
            self.log.seen[self.name, key] = found
            self.log.reads.append((self.name, key, b"1" if found else None))
        return found

    def add(self, key: str) -> None:
        if self.log is not None:
            self.log.symbols.append(key)
        set.add(self, key)


@dataclasses.dataclass(slots=True)
class _Entry:
    """One top-level statement's recorded walk, as stored."""

    start: int
    reads: list[tuple[str, str, bytes | None]]
    stars: list[str]
    flags: list[int]  # flagged lines of its span, relative to ``start``
    out: bytes  # its output (``_output``), lines as they were at ``start``


def _shift_spec(spec: ExcSpec | None, by: int) -> None:
    """An exception spec's line (``at``: a raise's ``(path, line)``) and its inner specs'."""
    if spec is None:
        return
    if spec.at is not None:
        spec.at = (spec.at[0], spec.at[1] + by)
    for inner in spec.inner:
        _shift_spec(inner, by)


def _shift(out: dict[str, Any], by: int) -> None:
    """Move every line number of a decoded output by ``by``, in place. Lines are held by sites
    (their own lines and window, their spec's ``at``) and by the specs of a function's entry;
    the other tables (classes, constants, mappings, handlers) hold templates and names, no
    lines. A line field added to the facts must be added here: the byte-for-byte comparison of
    reused and fresh extractions (``tests/test_statement_reuse.py``) is what notices."""
    for site in out["sites"]:
        site.line += by
        site.end_line += by
        site.window_start += by
        site.window_end += by
        _shift_spec(site.exc, by)
    for table, pairs in out["writes"]:
        if table != "funcs":
            continue
        for _, info in pairs:
            _shift_spec(info.exc, by)
            for spec in (*info.relays, *info.exc_more, *(s for _, s in info.raised_attrs)):
                _shift_spec(spec, by)


def _digest(lines: list[str], start: int, end: int) -> bytes:
    return hashlib.sha256("\n".join(lines[start - 1 : end]).encode("utf-8", "surrogatepass")).digest()


def _code_part(alone: codefacts._Walker) -> dict[str, Any]:
    """What one statement's code-facts walk added (a walker that walked it alone)."""
    return {
        "funcs": [(q, f.fact, f.calls) for q, f in alone.funcs.items()],
        "classes": list(alone.classes.items()),
        "members": [(q, sorted(m)) for q, m in alone.members.items()],
        "imports": list(alone.imports),
        "toplevel": sorted(alone.toplevel),
        "bound": sorted(alone.bound),
        "consts": list(alone.consts.items()),
        "refs": sorted(alone.refs),
    }


def _check_code(part: dict[str, Any]) -> None:
    """A decoded code-facts part holds what ``_code_part`` makes (TypeError: it does not)."""
    funcs_ok = all(isinstance(f, FunctionFact) and isinstance(c, list) for _, f, c in part["funcs"])
    if not funcs_ok or not all(isinstance(c, ClassFact) for _, c in part["classes"]):
        raise TypeError("a code-facts part of the wrong shape")
    for name in ("imports", "toplevel", "bound", "members", "consts", "refs"):
        if not isinstance(part[name], list):
            raise TypeError("a code-facts part of the wrong shape")


def _merge_code(walker: codefacts._Walker, part: dict[str, Any]) -> None:
    """A statement's part added to the file's walker as its walk would have added it: entries
    assigned in order (a redefinition keeps the first's place), names added."""
    for qual, fact, calls in part["funcs"]:
        func = codefacts._Func(fact)
        func.calls = [(callee, line) for callee, line in calls]
        walker.funcs[qual] = func
    for qual, fact in part["classes"]:
        walker.classes[qual] = fact
    for qual, members in part["members"]:
        walker.members[qual] = set(members)
    for key in part["imports"]:
        walker.imports[tuple(key)] = None
    walker.toplevel.update(part["toplevel"])
    walker.bound.update(part["bound"])
    walker.consts.update(part["consts"])
    walker.refs.update(part["refs"])  # names read as values: kept to the file's own at the end


def _shift_code(part: dict[str, Any], by: int) -> None:
    """A decoded code-facts part's lines moved by ``by``: its functions' and classes' spans and
    its calls' lines."""
    for i, (qual, fact, calls) in enumerate(part["funcs"]):
        fact.line += by
        fact.end_line += by
        part["funcs"][i] = (qual, fact, [(callee, line + by) for callee, line in calls])
    for _, fact in part["classes"]:
        fact.line += by
        fact.end_line += by


def _span(stmt: ast.stmt) -> tuple[int, int]:
    if isinstance(stmt, Unparsed):
        return stmt.start, stmt.end
    first = min([stmt.lineno, *(d.lineno for d in getattr(stmt, "decorator_list", ()))])
    return first, stmt.end_lineno or stmt.lineno


class Unparsed(ast.stmt):
    """A top-level def/class of a chunked parse (``chunked``) not parsed yet: an earlier walk
    of the same path has an entry for its text, so it is likely replayed, not walked. Its
    name is read from its header line; ``node`` parses it (alone, lines moved) when it must
    be walked after all."""

    _fields = ()

    def __init__(self, name: str, start: int, end: int, text: str, is_class: bool = False) -> None:
        super().__init__(lineno=start, end_lineno=end, col_offset=0, end_col_offset=0)
        self.name, self.start, self.end, self.text = name, start, end, text
        self.is_class = is_class  # (its header line opens with ``class``)
        self.parsed: ast.stmt | None = None

    def node(self) -> ast.stmt:
        """The statement's node, as the whole file's parse has it; ``Refused`` if its text is
        not one def/class of that name (the file is then parsed whole)."""
        if self.parsed is None:
            try:
                body = ast.parse(_at(self.start - 1, self.text)).body
            except (SyntaxError, ValueError, RecursionError) as e:
                raise Refused from e
            if (
                len(body) != 1
                or not isinstance(body[0], _DEFS)
                or body[0].name != self.name
                or isinstance(body[0], ast.ClassDef) != self.is_class
            ):
                raise Refused
            self.parsed = body[0]
        return self.parsed

    def header(self) -> ast.ClassDef:
        """A class's header alone (name, bases, keywords; its decorators left out), its body a
        ``pass``: what the prepass reads of a class it may replay, without parsing the body. The header is the
        shortest run of lines from the ``class`` line that parses as this class with a body put
        under it (or, a one-line class, alone); past ``_HEADER_LINES``, the whole node."""
        lines = self.text.split("\n")
        head = next((i for i, line in enumerate(lines) if line.startswith("class ")), None)
        if head is not None:
            for n in range(head + 1, min(len(lines), head + _HEADER_LINES) + 1):
                text = "\n".join(lines[head:n])
                for src in (text + "\n    pass", text):
                    try:
                        body = ast.parse(src).body
                    except (SyntaxError, ValueError, RecursionError):
                        continue
                    if len(body) == 1 and isinstance(body[0], ast.ClassDef) and body[0].name == self.name:
                        return body[0]
        node = self.node()
        if not isinstance(node, ast.ClassDef):
            raise Refused
        return node


_HEADER_LINES = 8  # lines a class header is looked for in before the class is parsed whole
_TOP = (*_DEFS, Unparsed)  # what a walk takes from an earlier one where it can

# what a chunked parse leaves to the whole parse: a cookie (or a future import) may change how
# the text reads
_UNUSUAL = ("coding", "barry_as_FLUFL")
_HEADS = ("def ", "async def ", "class ")
_LONG = ('"""', "'''")  # what opens a string that may go on to later lines


def _header_name(line: str) -> str:
    """The name a ``def``/``class`` header line binds ('' if it is not one simply written)."""
    for head in _HEADS:
        if line.startswith(head):
            rest = line[len(head) :].lstrip(" ")
            end = 0
            while end < len(rest) and rest[end] not in "(:[ \t\\":
                end += 1
            name = rest[:end]
            return name if name.isidentifier() else ""
    return ""


def _boundaries(lines: list[str]) -> list[int]:
    """0-based indexes of the lines that may start a top-level statement: a line at column 0
    that is not blank, not a comment, not a closing bracket (``) -> T:`` of a signature
    written over lines) and not a later line of a decorator run (which goes on to its
    ``def``/``class``). One pass, nothing backtracks. A line at column 0 inside a string
    or brackets is a false start: the chunks around it do not parse alone, or their text is no
    earlier statement's, and ``chunked`` falls back or parses them together."""
    out: list[int] = []
    in_deco = False
    for i, line in enumerate(lines):
        if not line or line[0] in " \t\f#\r)]}":  # (no statement opens with a closing bracket)
            continue
        if in_deco:
            in_deco = not line.startswith(_HEADS)
            continue
        out.append(i)
        in_deco = line.startswith("@")
    return out


class StatementReuse:
    """The statement entries of one path: those of earlier walks (``priors``, libraries as
    ``library`` made them, at most ``MAX_PRIORS`` read) to reuse, and after a walk, this walk's
    own."""

    def __init__(self, priors: Sequence[bytes] = ()) -> None:
        self.prior: dict[bytes, list[_Entry]] = {}
        # text hash -> (start, the constants it read, code facts' part)
        self.prior_code: dict[bytes, tuple[int, bytes, bytes]] = {}
        for data in priors[:MAX_PRIORS]:
            entries, code = _decode(data)
            for digest, found in entries.items():
                self.prior.setdefault(digest, []).extend(found)
            for digest, part in code.items():
                self.prior_code.setdefault(digest, part)
        self.code_made: list[tuple[bytes, int, bytes, bytes]] = []
        self.code_reused = 0
        self.library: bytes | None = None  # this walk's entries, encoded
        self.reused = 0  # statements replayed
        self.walked = 0  # top-level defs/classes walked
        self.taken: list[str] = []  # the names of those replayed, in order
        self.unparsed = 0  # defs/classes the chunked parse left unparsed (``chunked``)

    def chunked(self, text: str, path: str) -> ast.Module | None:
        """The file's module parsed by parts: a top-level def/class whose text an earlier walk
        of the path has an entry for is not parsed (an ``Unparsed`` in its place), and the
        runs of text between them are each parsed alone, lines moved to where they are. None
        (parse the file whole) when there is nothing to skip or anything is unusual: a run
        that does not parse alone, a lone carriage return, an encoding cookie.

        Why the parts are the whole parse: a skipped text is, byte for byte, the source of one
        complete def/class of an earlier version (its hash is an entry's), so it opens and
        closes every bracket and string it holds and starts at column 0; each run between
        them parses alone, so it too ends outside any bracket, string or continuation line,
        and no run begins with a clause (``else:``, ``except``) or an indented line, which
        would not parse alone. The tokenizer reads such parts the same side by side as alone,
        so the statements and their positions (lines moved, columns as they are) are the
        whole parse's."""
        if not self.prior or "\r" in text:
            return None
        lines = text.split("\n")
        if any(u in line for line in lines[:2] for u in _UNUSUAL) or _UNUSUAL[1] in text:
            return None
        starts = _boundaries(lines)
        body: list[ast.stmt] = []
        begin = 0  # the first line of the run not parsed yet
        for k, i in enumerate(starts):
            found = self._skippable(lines, i, starts[k + 1] if k + 1 < len(starts) else len(lines))
            if found is None:
                continue
            name, end, is_class = found
            if not _parse_run(lines, begin, i, path, body):
                return None
            body.append(Unparsed(name, i + 1, end + 1, "\n".join(lines[i : end + 1]), is_class))
            self.unparsed += 1
            begin = end + 1
        if not body or not _parse_run(lines, begin, len(lines), path, body):
            return None
        return ast.Module(body=body, type_ignores=[])

    def _skippable(self, lines: list[str], first: int, after: int) -> tuple[str, int, bool] | None:
        """(name, last line, whether it is a class) of the def/class starting at line ``first`` (0-based, the next
        statement at ``after``) when an earlier walk has an entry for its text; None: parse it.
        A ``test*`` function or ``Test*`` class is always parsed (the test functions the code
        facts list are read from its nodes). Its header is the first line of its decorators'
        run that opens with ``def``/``class`` (keywords no expression holds at a line's start)
        when no decorator line opens a string going on to a later line (a triple quote, a
        trailing backslash), which could hold such a line."""
        head = first
        while head < after and not lines[head].startswith(_HEADS):
            if any(q in lines[head] for q in _LONG) or lines[head].rstrip().endswith("\\"):
                return None
            head += 1
        if head == after:
            return None
        name = _header_name(lines[head])
        if not name or name.startswith("Test" if lines[head].startswith("class ") else "test"):
            return None
        end = after - 1  # trailing blank and comment lines are not the statement's
        while end > head and (not lines[end].strip() or lines[end].lstrip().startswith("#")):
            end -= 1
        digest = _digest(lines, first + 1, end + 1)
        found = digest in self.prior or digest in self.prior_code
        return (name, end, lines[head].startswith("class ")) if found else None

    def visitor(self, facts: ModuleFacts, is_package: bool, text: str) -> ModuleVisitor:
        return _ReusingVisitor(facts, is_package, text, self)

    def reset(self) -> None:
        """Record only, from the start (a walk again after ``Refused``)."""
        self.prior, self.library, self.reused, self.walked, self.taken = {}, None, 0, 0, []
        self.prior_code, self.code_made, self.code_reused, self.unparsed = {}, [], 0, 0

    def code_facts(self, tree: ast.Module, text: str) -> CodeFacts:
        """``codefacts.code_facts`` of the file, each top-level def/class's part taken from an
        earlier version where its text is the same. That walk reads nothing outside the
        statement (it only adds what the statement defines, binds, imports and calls) but for
        a class, whose bases are spelt through the module's constants above it
        (``codefacts._Walker._class``): a class's part is keyed by those constants too and
        walked with them. So a statement's part is the walk of it alone, merged in order as
        the whole walk adds it; the file-wide steps (members sorted, calls kept to local
        names) run after."""
        walker = codefacts._Walker()
        lines = text.split("\n")
        for stmt in tree.body:
            if not isinstance(stmt, _TOP):
                walker._body([stmt], "", None, None, True)
                continue
            start, end = _span(stmt)
            digest = _digest(lines, start, end)
            # a class reads the module's constants above it (a base spelt through an alias)
            is_class = stmt.is_class if isinstance(stmt, Unparsed) else isinstance(stmt, ast.ClassDef)
            consts = _canon(list(walker.consts.items())) if is_class and walker.consts else b""
            prior = self.prior_code.get(digest)
            if prior is not None and prior[1] != consts:
                prior = None
            if prior is None and isinstance(stmt, Unparsed):
                stmt = stmt.node()
            if prior is not None:
                try:
                    part = _unpack(prior[2])
                    _check_code(part)
                    if start != prior[0]:
                        _shift_code(part, start - prior[0])
                except (*_MISSHAPEN, msgpack.UnpackException) as e:
                    raise Refused from e
                self.code_reused += 1
                self.code_made.append((digest, *prior))
            else:
                alone = codefacts._Walker()
                if consts:
                    alone.consts = dict(walker.consts)
                alone._body([stmt], "", None, None, True)
                part = _code_part(alone)
                self.code_made.append((digest, start, consts, _canon(part)))
            _merge_code(walker, part)
        facts = walker.run(ast.Module(body=[], type_ignores=[]))
        facts.tests = codefacts.defined_tests(tree)
        return facts


def _at(line: int, text: str) -> str:
    """``text`` preceded by ``line`` empty lines: parsed, its nodes have the lines they have in
    the file (the tokenizer skips empty lines in C; ``ast.increment_lineno`` walks every node
    in Python, which cost as much as the parse)."""
    return "\n" * line + text


def _parse_run(lines: list[str], begin: int, end: int, path: str, body: list[ast.stmt]) -> bool:
    """Lines ``begin`` to ``end`` (0-based, end excluded) parsed alone, their statements moved
    to their lines and added to ``body``; False if they do not parse alone."""
    if all(not line.strip() or line.lstrip().startswith("#") for line in lines[begin:end]):
        return True  # blank lines and comments (most runs between two skipped statements)
    try:
        part = ast.parse(_at(begin, "\n".join(lines[begin:end])), filename=path)
    except (SyntaxError, ValueError, RecursionError):
        return False
    body.extend(part.body)
    return True


def _decode(data: bytes) -> tuple[dict[bytes, list[_Entry]], dict[bytes, tuple[int, bytes, bytes]]]:
    """text hash -> the walk's entries, and text hash -> (start, the constants it read, code
    facts' part); empty for a library that does not decode (nothing reused)."""
    out: dict[bytes, list[_Entry]] = {}
    code: dict[bytes, tuple[int, bytes, bytes]] = {}
    try:
        size = zstandard.frame_content_size(data)
        if size < 0 or size > _MAX_LIBRARY:
            return {}, {}
        raw = zstandard.ZstdDecompressor().decompress(data, max_output_size=size)
        if raw[: len(_MAGIC)] != _MAGIC:
            return {}, {}
        items, parts = _unpack(memoryview(raw)[len(_MAGIC) :])
        for h, start, reads, stars, flags, body in items:
            reads = [(str(t), str(k), v) for t, k, v in reads]
            if (
                not isinstance(h, bytes)
                or not isinstance(body, bytes)
                or any(t not in _READ for t, _, _ in reads)
            ):
                return {}, {}
            out.setdefault(h, []).append(_Entry(int(start), reads, list(stars), list(flags), body))
        for h, start, consts, part in parts:
            if not isinstance(h, bytes) or not isinstance(consts, bytes) or not isinstance(part, bytes):
                return {}, {}
            code[h] = (int(start), consts, part)
        return out, code
    except (zstandard.ZstdError, msgpack.UnpackException, ValueError, TypeError, KeyError, IndexError):
        return {}, {}


def _encode(entries: list[tuple[bytes, _Entry]], code: list[tuple[bytes, int, bytes, bytes]]) -> bytes:
    body = [(h, e.start, e.reads, e.stars, e.flags, e.out) for h, e in entries]
    raw = _MAGIC + _canon((body, code))
    return zstandard.ZstdCompressor(level=3).compress(raw) if len(raw) <= _MAX_LIBRARY else b""


class _ReusingVisitor(ModuleVisitor):
    """The visitor, walking each top-level def/class with its reads noted (and recorded), or
    replaying an earlier walk's output where the text and every read are the same."""

    def __init__(self, facts: ModuleFacts, is_package: bool, text: str, owner: StatementReuse) -> None:
        super().__init__(facts, is_package, text, want_sites=True)
        self.owner = owner
        self.text_lines = text.split("\n")
        self.made: list[tuple[bytes, _Entry]] = []
        self.replayed: list[tuple[dict[str, list[str]], bytes]] = []  # written keys, their canon

    def run(self, body: Any) -> None:
        noted = self._note_tables()
        try:
            self.prepass(body)
            if self.joins_args:  # a pass over the whole tree, before the walk (as ``run``'s)
                # an unparsed statement whose text never spells ``args`` holds no join of an
                # error's arguments (``_args_join`` reads an attribute so named): not parsed
                self.note_args_joins(
                    [
                        s.node() if isinstance(s, Unparsed) else s
                        for s in body
                        if not isinstance(s, Unparsed) or "args" in s.text
                    ]
                )
            env: Env = {}
            for stmt in body:
                if isinstance(stmt, _TOP):
                    self._top(stmt, env, noted)
                else:
                    self.walk_stmt(stmt, env, self.module_frame, [])
            self.finish_module(env)
        finally:
            self._plain_tables(noted)
        for keys, before in self.replayed:
            if self._written(keys) != before:
                raise Refused
        self.owner.library = _encode(self.made, self.owner.code_made)

    def prepass(self, body: Sequence[ast.stmt]) -> None:
        """The plain prepass, an unparsed def/class binding its name as its node would."""
        for stmt in body:
            if isinstance(stmt, Unparsed):
                self.top.add(stmt.name)
                if not stmt.is_class:
                    self.top_funcs.add(stmt.name)
                elif not stmt.name.endswith(EXC_SUFFIXES):
                    # whether it derives from an exception is in its bases: its header, parsed
                    # now (a class named like one needs none: ``_derives_exception`` says no)
                    node = stmt.header()
                    if self._derives_exception(node):
                        self.exc_classes.add(stmt.name)
            else:
                super().prepass([stmt])

    def _note_tables(self) -> list[_Noted]:
        noted: list[_Noted] = []
        for name in _FACT_TABLES:
            t = _NotedDict(getattr(self.facts, name))
            t.name = name
            setattr(self.facts, name, t)
            noted.append(t)
        for name in _VISITOR_TABLES:
            t = _NotedDict(getattr(self, name))
            t.name = name
            setattr(self, name, t)
            noted.append(t)
        top, funcs, symbols = _NotedSet(self.top), _NotedSet(self.top_funcs), _NotedSet(self.facts.symbols)
        exc = _NotedSet(self.exc_classes)
        top.name, funcs.name, exc.name, symbols.name = "top", "top_funcs", "exc_classes", "symbols"
        self.top, self.top_funcs, self.exc_classes, self.facts.symbols = top, funcs, exc, symbols
        for name in _SPOILING:  # an update of one spoils the statement (``_Noted.update``)
            spoiling = _NotedSet(getattr(self, name))
            spoiling.name = name
            setattr(self, name, spoiling)
            noted.append(spoiling)
        for name in _SPOILED_BY_READ:
            read_spoils = _SpoilingDict(getattr(self, name))
            read_spoils.name = name
            setattr(self, name, read_spoils)
            noted.append(read_spoils)
        return [*noted, top, funcs, exc, symbols]

    def _plain_tables(self, noted: list[_Noted]) -> None:
        for t in noted:
            t.log = None
        for name in _FACT_TABLES:
            setattr(self.facts, name, dict(getattr(self.facts, name)))
        for name in _VISITOR_TABLES:
            setattr(self, name, dict(getattr(self, name)))
        self.top, self.top_funcs, self.exc_classes, self.facts.symbols = (
            set(self.top),
            set(self.top_funcs),
            set(self.exc_classes),
            set(self.facts.symbols),
        )
        for name in _SPOILING:
            setattr(self, name, set(getattr(self, name)))
        for name in _SPOILED_BY_READ:
            setattr(self, name, dict(getattr(self, name)))

    def _set(self, name: str) -> set[str]:
        """A noted set by its name (``_SETS``)."""
        held: set[str] = self.facts.symbols if name == "symbols" else getattr(self, name)
        return held

    def _table(self, name: str) -> dict[str, Any]:
        return getattr(self, name) if name in _VISITOR_TABLES else getattr(self.facts, name)  # type: ignore[no-any-return]

    def _written(self, keys: dict[str, list[str]]) -> bytes:
        return _canon([[dict.get(self._table(t), k) for k in ks] for t, ks in sorted(keys.items())])

    def _top(self, stmt: ast.stmt, env: Env, noted: list[_Noted]) -> None:
        start, end = _span(stmt)
        digest = _digest(self.text_lines, start, end)
        flags = [n - start for n in self.flag if start <= n <= end]
        for entry in self.owner.prior.get(digest, ()):
            if self._matches(entry, flags):
                try:
                    self._replay(digest, entry, start)
                except _MISSHAPEN as e:  # an entry that decoded to values of the wrong shape
                    raise Refused from e
                self.owner.taken.append(getattr(stmt, "name", ""))
                return
        if isinstance(stmt, Unparsed):
            stmt = stmt.node()
        self.owner.walked += 1
        log = _Log()
        watched = (*self._watched(), len(env))
        before = len(self.facts.sites)
        prev = _canon(self.facts.sites[before - 1]) if before else b""
        for t in noted:
            t.log = log
        try:
            self.walk_stmt(stmt, env, self.module_frame, [])
        finally:
            for t in noted:
                t.log = None
        sites = self.facts.sites[before:]
        if (
            log.spoiled
            or (*self._watched(), len(env)) != watched
            or (before and _canon(self.facts.sites[before - 1]) != prev)
            or any(not (start <= s.window_start and s.window_end <= end) for s in sites)
            or not set(log.writes) <= _REPLAYED
            or self._changed_reads(log)
        ):
            return
        out = {
            "sites": sites,
            "writes": [[t, [[k, dict.get(self._table(t), k)] for k in ks]] for t, ks in log.writes.items()],
            "symbols": log.symbols,
        }
        self.made.append((digest, _Entry(start, log.reads, list(self.facts.stars), flags, _canon(out))))

    def _changed_reads(self, log: _Log) -> bool:
        """Whether the walk changed in place an entry it read and did not write."""
        for table, key, canon in log.reads:
            if canon is None or table in _SETS or key in log.writes.get(table, ()):
                continue
            if _canon(dict.get(self._table(table), key)) != canon:
                return True
        return False

    def _watched(self) -> tuple[object, ...]:
        """What a top-level statement's walk must leave alone to be replayable."""
        return (
            id(self.flag),
            len(self.flag),
            repr(self.module_frame),
            set.__len__(self.top),
            set.__len__(self.top_funcs),
            set.__len__(self.exc_classes),
            tuple(self.facts.stars),
            *(len(getattr(self.facts, name)) for name in _WATCHED_LISTS),
            *(len(getattr(self, name)) for name in _MODULE_LEVEL),
        )

    def _matches(self, entry: _Entry, flags: list[int]) -> bool:
        if entry.flags != flags or entry.stars != self.facts.stars:
            return False
        for table, key, canon in entry.reads:
            if table in _SETS:
                if set.__contains__(self._set(table), key) != (canon is not None):
                    return False
                continue
            held = dict.get(self._table(table), key, _ABSENT)
            if (None if held is _ABSENT else _canon(held)) != canon:
                return False
        return True

    def _replay(self, digest: bytes, entry: _Entry, start: int) -> None:
        out = _unpack(entry.out)
        if start != entry.start:
            _shift(out, start - entry.start)
        self.facts.sites.extend(out["sites"])
        keys: dict[str, list[str]] = {}
        for table, pairs in out["writes"]:
            if table not in _REPLAYED:
                raise Refused
            held = self._table(table)
            for key, value in pairs:
                dict.__setitem__(held, key, value)
                keys.setdefault(table, []).append(key)
        for name in out["symbols"]:
            set.add(self.facts.symbols, name)
        self.replayed.append((keys, self._written(keys)))
        self.made.append((digest, entry))
        self.owner.reused += 1
