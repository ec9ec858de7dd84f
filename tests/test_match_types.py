"""The pasted exception class as evidence, on a real catalogue indexed from fixture code: the
class hierarchy the codebase defines relates a class to its bases and subclasses and contradicts
the others; a contradicted class is never an exact match; a raise of the pasted class that wraps
another raise's message is the site. (The last test builds its entries directly: the factory
raise it needs is recorded by class only in a big codebase's idiom.)"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from errdex.match import Match, Matcher, Result, build_index
from errdex.match.artifact import class_bases
from errdex.match.index import Index
from errdex.match.score import TYPE_DISAGREES, type_relation
from errdex.match.shared_index import merge
from errdex.store import Store

LIB = """\
class LibError(Exception):
    pass


class KeyExists(LibError):
    pass


class ParseError(ValueError, LibError):
    def __init__(self, message, line, col):
        super().__init__(f"{message} at line {line} col {col}")


class Unsupported(ImportedBase):
    pass


class DocumentError(LibError):
    pass  # never raised by name: only its subclass is


class Truncated(DocumentError):
    pass


class Table(dict):
    pass


def append(table, key):
    if key in table:
        raise KeyExists(f'Key "{key}" already exists.')
    table[key] = None


def parse(text):
    table = {}
    for n, key in enumerate(text.split()):
        try:
            append(table, key)
        except KeyExists as e:
            raise ParseError(str(e), n + 1, 0) from e
    if not text:
        raise LibError("Nothing to parse in an empty document")
    return table


def check(obj):
    raise KeyExists(obj.describe())


def read(text):
    if not text.endswith("\\n"):
        raise Truncated("the document ends in the middle of a line")


def convert(value):
    raise Unsupported(f"cannot convert this value to a table: {value!r}")
"""


def _indexed(tmp_path_factory: pytest.TempPathFactory, package: str, source: str) -> str:
    """A real catalogue of one package whose ``core.py`` is ``source``."""
    from errdex.pipeline import index

    root = tmp_path_factory.mktemp(package)
    (root / package).mkdir()
    (root / package / "core.py").write_text(source)
    db = str(root / "c.db")
    index(str(root / package), db, jobs=1)
    return db


@pytest.fixture(scope="module")
def catalogue(tmp_path_factory: pytest.TempPathFactory) -> str:
    return _indexed(tmp_path_factory, "lib", LIB)


@pytest.fixture(scope="module")
def matcher(catalogue: str) -> Iterator[Matcher]:
    with Store.open(catalogue) as store:
        yield Matcher.load(store)


def top(res: Result) -> Match:
    assert res.matches, res.verdict
    return res.matches[0]


def test_the_bases_a_codebase_defines_reach_the_index_and_survive_storing_and_merging(catalogue: str) -> None:
    with Store.open(catalogue) as store:
        entries = list(store.iter_entries())
    assert {e.exc_type: e.exc_bases for e in entries}["ParseError"] == ("ValueError", "LibError")
    built = build_index(entries)
    # what the raises say: the classes raised, with their bases
    raised = {"keyexists": {"liberror"}, "parseerror": {"valueerror", "liberror"}, "liberror": {"exception"},
              "unsupported": {"importedbase"}, "truncated": {"documenterror"}}  # fmt: skip
    assert build_index(entries).type_bases() == raised
    # the code facts add the exception classes no statement raises by name, not the others
    with Store.open(catalogue) as store:
        assert ("DocumentError", ("LibError",)) in store.class_bases()
        assert all(name != "Table" for name, _bases in store.class_bases())
        built = build_index(entries, "", class_bases(store))
        want = {**raised, "documenterror": {"liberror"}}
        assert built.type_bases() == want
        assert Index.loads(built.dumps()).type_bases() == want
        assert merge([built]).type_bases() == want
        assert built.ancestors("truncated") == {"documenterror", "liberror", "exception"}
        assert built.subclasses("liberror") == {"keyexists", "parseerror", "documenterror", "truncated"}


def test_classes_of_one_line_relate_and_others_contradict(matcher: Matcher) -> None:
    up = matcher.index.ancestors
    assert type_relation(["lib.core.ParseError"], "KeyExists", "error", up)[0] < 0  # siblings
    assert type_relation(["lib.core.KeyExists"], "LibError", "error", up)[0] > 0  # its base
    assert type_relation(["lib.core.LibError"], "ParseError", "error", up)[0] > 0  # a subclass
    assert type_relation(["ValueError"], "ParseError", "error", up)[0] > 0  # a builtin base
    assert type_relation(["TypeError"], "ParseError", "error", up)[0] < 0
    # a line through a class no statement raises is known from the code facts
    assert type_relation(["lib.core.Truncated"], "KeyExists", "error", up)[0] < 0
    assert type_relation(["lib.core.LibError"], "Truncated", "error", up)[0] > 0
    # a base from a codebase not indexed may derive from anything: the line is open, not contradicted
    assert type_relation(["TypeError"], "Unsupported", "error", up)[0] > -0.15
    # without the hierarchy, two library classes are nearly neutral, as before
    assert -0.15 < type_relation(["lib.core.ParseError"], "KeyExists", "error")[0] < 0


def test_a_contradicted_class_is_never_an_exact_match(matcher: Matcher) -> None:
    # all of the text is KeyExists's message, but Python printed ParseError: that raise did not
    # raise this exception, however well its text fits
    res = matcher.explain('lib.core.ParseError: Key "name" already exists.')
    assert all(m.approximate for m in res.matches)
    kx = next(m for m in res.matches if m.exc_type == "KeyExists")
    assert any(r.startswith("exception type differs") for r in kx.reasons)
    # the same text under its own class is exact
    assert not top(matcher.explain('lib.core.KeyExists: Key "name" already exists.')).approximate


def test_a_raise_of_the_pasted_class_wrapping_another_message_is_the_site(matcher: Matcher) -> None:
    res = matcher.explain('lib.core.ParseError: Key "name" already exists. at line 2 col 0')
    assert (top(res).exc_type, top(res).function, top(res).approximate) == ("ParseError", "parse", False)
    # ``except KeyExists as e: raise ParseError(str(e), ...)``: the caught class is raised in one
    # place, so the wrapping raise's template carries that raise's words itself; a text of a
    # class raised in many places (or of the interpreter's, below) is matched by wrapping
    assert top(res).template == 'Key "{key}" already exists. at line {n + 1} col 0'
    assert res.matches[1].exc_type == "KeyExists" and res.matches[1].approximate
    # a text no raise of the caught class gives: the wrapping raise, by its own words
    res = matcher.explain("lib.core.ParseError: Something else entirely at line 2 col 0")
    assert (top(res).function, top(res).template) == ("parse", "{e} at line {n + 1} col 0")


def test_a_template_all_placeholder_wraps_nothing(matcher: Matcher) -> None:
    # ``raise KeyExists(obj.describe())`` fits any text: it is not made exact by the inner fit
    res = matcher.explain("lib.core.KeyExists: Nothing to parse in an empty document")
    assert all(m.function != "check" or m.approximate for m in res.matches)


def test_a_pasted_base_makes_its_subclasses_raises_candidates(matcher: Matcher) -> None:
    # the text of ``raise KeyExists(obj.describe())`` is unknown; the paste names its base
    res = matcher.explain("lib.core.LibError: the widget cannot be described")
    assert any(m.function == "check" and m.exc_type == "KeyExists" for m in res.matches)
    assert all(m.approximate for m in res.matches)


def test_a_pasted_class_makes_its_library_bases_raises_candidates() -> None:
    # sqlalchemy's ``raise DBAPIError.instance(...)`` is recorded as the base class but raises
    # the subclass that fits the driver's error (``OperationalError``); the text is the
    # driver's, unknown to the catalogue
    from errdex.model import CatalogueEntry, render_template

    def entry(
        key: int, segments: list[str], exc_type: str, bases: tuple[str, ...], function: str
    ) -> CatalogueEntry:
        return CatalogueEntry(
            key=key, error_id=f"e{key}", repo="o/db", version="1", snapshot_date=None, kind="error",
            exc_type=exc_type, exc_qualname=None, template=render_template(segments), segments=segments,
            path="db/engine.py", line=10 * key, function=function, exc_bases=bases,
        )  # fmt: skip

    factory = entry(
        1, ["(", "module", ") ", "orig", ""], "StatementError", ("DBError",), "Connection._handle"
    )
    own = entry(2, ["the pool is closed"], "OperationalError", ("DatabaseError",), "Pool.connect")
    middle = entry(3, ["", "msg", ""], "DatabaseError", ("StatementError",), "Cursor.fetch")
    m = Matcher.from_entries([factory, own, middle])
    res = m.explain("db.exc.OperationalError: (sqlite3.OperationalError) no such table: users")
    found = {x.function: x for x in res.matches}
    assert "Connection._handle" in found and found["Connection._handle"].approximate
    assert any(r.startswith("exception type related") for r in found["Connection._handle"].reasons)


def test_placeholders_alone_raised_as_a_base_rank_below_the_pasted_class_s_own_text() -> None:
    # tweepy: ``raise TweepyException(e)`` (a base of the class pasted, its template all
    # placeholder) fits any message; ``raise Forbidden(response)`` prints the status and the
    # API's error lines, which the paste runs together. The base's raise is a candidate only as
    # a factory of the subclass, and its fit says nothing of the text: the pasted class's own
    # template, which explains some of it, goes first
    from errdex.model import CatalogueEntry, render_template

    def entry(key: int, segments: list[str], exc_type: str, base: str, function: str) -> CatalogueEntry:
        return CatalogueEntry(
            key=key, error_id=f"e{key}", repo="o/tw", version="1", snapshot_date=None, kind="error",
            exc_type=exc_type, exc_qualname=None, template=render_template(segments), segments=segments,
            path=f"tw/{function.partition('.')[0].lower()}.py", line=10 * key, function=function,
            exc_bases=(base,),
        )  # fmt: skip

    token = entry(1, ["", "e", ""], "TwError", "Exception", "Auth.token")
    # ``{status} {reason}\n{error}\n{code} - {message}``: the paste runs the lines together
    http = ["", "status", " ", "reason", "\n", "error", "\n", "code", " - ", "message", ""]
    forbidden = entry(2, http, "Forbidden", "HTTPException", "Client.request")
    other = entry(3, http, "HTTPException", "TwError", "Client.request")
    paste = "tw.errors.Forbidden: 403 Forbidden, 453 - You currently have Essential access only"
    res = Matcher.from_entries([token, forbidden, other]).explain(paste)
    assert (res.matches[0].function, res.matches[0].exc_type) == ("Client.request", "Forbidden")
    base = next(m for m in res.matches if m.function == "Auth.token")
    assert base.approximate and "raised as another class" in " ".join(base.reasons)
    # a raise of the pasted class itself with placeholders alone keeps its full fit: Python
    # printed its class, and its value may be the whole message
    deny = entry(4, ["", "msg", ""], "Forbidden", "HTTPException", "Client.deny")
    res = Matcher.from_entries([token, forbidden, other, deny]).explain(paste)
    assert res.matches[0].function == "Client.deny"
    assert not any("raised as another class" in r for r in res.matches[0].reasons)


SHORT = """\
class IDNAError(Exception):
    pass


def encode(name):
    if not name:
        raise IDNAError("Empty domain")
    if name == ".":
        raise ValueError("Empty label")


def check(label):
    raise IDNAError(f"Bad label {label!r}")


class ValidationGroup(ExceptionGroup):
    pass


class ItemsError(ValidationGroup):
    pass


class FieldsError(ValidationGroup):
    pass


def structure(items):
    raise ItemsError("While structuring the items", [ValueError(i) for i in items])


class UnknownZone(KeyError):
    pass


class NotFound(LookupError):
    pass


def zone(name):
    raise UnknownZone(name)


def find(name):
    if name.startswith("/"):
        raise NotFound(name)
    raise NotFound(name.upper())
"""


@pytest.fixture(scope="module")
def short_matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    with Store.open(_indexed(tmp_path_factory, "idn", SHORT)) as store:
        yield Matcher.load(store)


def test_a_short_whole_message_of_the_pasted_library_class_is_exact(short_matcher: Matcher) -> None:
    # 'Empty domain' is too little text to be exact alone; raised as the library class pasted,
    # and the whole message, it is that raise
    res = short_matcher.explain("idn.core.IDNAError: Empty domain")
    assert (top(res).function, top(res).approximate, res.outcome) == ("encode", False, "exact")
    assert "the whole message is this template, raised as the pasted class" in top(res).reasons
    # a built-in class is raised by every library: the same shape stays approximate
    res = short_matcher.explain("ValueError: Empty label")
    assert (top(res).function, top(res).approximate) == ("encode", True)
    # and a message the template explains only in part is no whole-message fit
    res = short_matcher.explain("idn.core.IDNAError: Empty domain name given")
    assert all(m.approximate for m in res.matches)
    # nor one whose text the repr check turns down (no quotes where the template prints a repr)
    assert not top(short_matcher.explain("idn.core.IDNAError: Bad label 'x'")).approximate
    res = short_matcher.explain("idn.core.IDNAError: Bad label list[int]")
    assert (top(res).function, top(res).approximate) == ("check", True)


def test_a_value_alone_raised_as_the_only_raise_of_the_pasted_class_is_exact(short_matcher: Matcher) -> None:
    # ``raise UnknownZone(name)``: the message is the caller's value, so the text tells nothing,
    # but the pasted library class is raised by that statement alone
    res = short_matcher.explain("idn.core.UnknownZone: 'Europe/Atlantis'")
    assert (top(res).function, top(res).approximate, res.outcome) == ("zone", False, "exact")
    assert any("the only raise of the pasted class" in r for r in top(res).reasons)
    # two statements raise NotFound with a value alone: the paste cannot tell them apart
    res = short_matcher.explain("idn.core.NotFound: /etc/zones")
    assert top(res).function == "find" and all(m.approximate for m in res.matches)
    # a built-in class is no library class the paste names: a value alone stays approximate
    res = short_matcher.explain("KeyError: 'Europe/Atlantis'")
    assert all(m.approximate for m in res.matches)


def test_classes_under_the_built_in_exception_group_relate_and_contradict(short_matcher: Matcher) -> None:
    # ExceptionGroup is a built-in: a line through it is known, so two groups of one base are
    # not one another's, and a paste of one is never the other's raise exactly
    up = short_matcher.index.ancestors
    assert type_relation(["idn.core.FieldsError"], "ItemsError", "error", up)[0] == TYPE_DISAGREES
    assert type_relation(["ExceptionGroup"], "ItemsError", "error", up)[0] > 0
    res = short_matcher.explain("idn.core.FieldsError: While structuring the items (1 sub-exception)")
    assert (top(res).function, top(res).approximate) == ("structure", True)
    res = short_matcher.explain("idn.core.ItemsError: While structuring the items (1 sub-exception)")
    assert (top(res).function, top(res).approximate) == ("structure", False)


TOPOLOGY = """\
class ConnectionFailure(Exception):
    pass


class AutoReconnect(ConnectionFailure):
    pass


class ServerSelectionTimeoutError(AutoReconnect):
    pass


def _raise_connection_failure(host, error):
    raise AutoReconnect(f"{host}: {error}")


class Topology:
    def _select_servers_loop(self, selector, timeout):
        if not self.description.known_servers:
            raise ServerSelectionTimeoutError(
                f"{self._error_message(selector)}, Timeout: {timeout}s, Topology Description: {self.description!r}"
            )
"""


def test_a_traceback_through_the_library_ending_in_its_class_keeps_that_class_s_raise(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    # an older release: the raise was in another file (``mongo/topology.py`` is now ``core.py``)
    # and its message had no ``, Timeout: ...`` suffix yet; the text fits the base class's
    # ``{host}: {error}`` better, but the class the traceback ends in is raised only here
    paste = (
        "Traceback (most recent call last):\n"
        '  File "/env/lib/python2.7/site-packages/mongo/topology.py", line 186, in select_servers\n'
        "    self._error_message(selector))\n"
        "mongo.core.ServerSelectionTimeoutError: localhost:27017: [Errno 111] Connection refused"
    )
    from errdex.pipeline import index

    root = tmp_path_factory.mktemp("moved")
    (root / "mongo").mkdir()
    (root / "mongo" / "__init__.py").write_text("")
    (root / "mongo" / "core.py").write_text(TOPOLOGY)
    index(str(root), str(root / "c.db"), jobs=1)
    with Store.open(str(root / "c.db")) as store:
        res = Matcher.load(store).explain(paste)
    assert (top(res).function, top(res).approximate) == ("Topology._select_servers_loop", True)
    assert any(m.function == "_raise_connection_failure" for m in res.matches[1:])


WRAPS_STDLIB = """\
import datetime


class ParseError(Exception):
    pass


class ClockError(ParseError):
    pass


def parse_time(value, path):
    try:
        return datetime.datetime.strptime(value, "%Y-%m-%dT%H:%M:%S")
    except ValueError as e:
        raise ParseError(f"{e} at {path}") from e
"""


def test_a_raise_of_the_pasted_class_wrapping_the_interpreters_message_is_the_site(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    # the placeholder holds the standard library's whole message (``datetime.strptime``'s),
    # which the interpreter's templates explain: with the template's own literals, the message
    with Store.open(_indexed(tmp_path_factory, "tsp", WRAPS_STDLIB)) as store:
        m = Matcher.load(store)
    res = m.explain(
        "tsp.core.ParseError: time data '2024-13-45' does not match format '%Y-%m-%dT%H:%M:%S' at Timestamp"
    )
    assert (top(res).function, top(res).approximate) == ("parse_time", False)
    assert any("wraps that message" in r for r in top(res).reasons)
    # " at " found first inside the interpreter's words ("date"), then where the template's own is
    res = m.explain("tsp.core.ParseError: time data 'late' does not match format '%H' at Clock")
    assert (top(res).function, top(res).approximate) == ("parse_time", False)
    # text that is no interpreter message leaves the placeholder unexplained: approximate
    res = m.explain("tsp.core.ParseError: the clock stopped at noon")
    assert all(x.approximate for x in res.matches)
    # a raise of a related class (the pasted class's base) did not make the exception pasted
    res = m.explain("tsp.core.ClockError: time data 'late' does not match format '%H' at Clock")
    assert all(x.approximate for x in res.matches)


def test_the_traceback_file_outranks_a_namesake_function_raising_the_pasted_class() -> None:
    # ``Comment.id_from_url`` and ``Submission.id_from_url`` raise the same subclass of the
    # pasted base with the same text; the traceback's last frame is in submission.py, a file
    # the catalogue holds, so the other file's namesake only shares the function's name
    from errdex.model import CatalogueEntry, render_template

    def entry(key: int, path: str, function: str) -> CatalogueEntry:
        return CatalogueEntry(
            key=key, error_id=f"e{key}", repo="o/reddit", version="1", snapshot_date=None, kind="error",
            exc_type="InvalidURL", exc_qualname=None, template=render_template(["Invalid URL: ", "url", ""]),
            segments=["Invalid URL: ", "url", ""], path=path, line=100 + key, function=function,
            exc_bases=("ClientException",),
        )  # fmt: skip

    base = CatalogueEntry(
        key=9, error_id="e9", repo="o/reddit", version="1", snapshot_date=None, kind="error",
        exc_type="ClientException", exc_qualname=None, template="the client failed", segments=["the client failed"],
        path="reddit/base.py", line=5, function="Client.run",
    )  # fmt: skip
    comment = entry(1, "reddit/models/comment.py", "Comment.id_from_url")
    submission = entry(2, "reddit/models/submission.py", "Submission.id_from_url")
    m = Matcher.from_entries([comment, submission, base])
    res = m.explain(
        "Traceback (most recent call last):\n"
        '  File "/usr/lib/python3.6/site-packages/reddit/models/submission.py", line 41, in id_from_url\n'
        "    raise ClientException('Invalid URL: {}'.format(url))\n"
        "reddit.exceptions.ClientException: Invalid URL: https://www.example.com/r/wallpapers/\n"
    )
    assert [x.function for x in res.matches[:2]] == ["Submission.id_from_url", "Comment.id_from_url"]
    assert res.matches[0].score > res.matches[1].score
    assert any("namesake" in r for r in res.matches[1].reasons)


VALUES = """\
class Bag:
    def remove(self, element):
        if element not in self._counts:
            raise KeyError(element)


class Data:
    def __getattr__(self, key):
        raise AttributeError(key)


class Missing(KeyError):
    pass


def pick(table, name):
    if name not in table:
        raise Missing(name)
    raise KeyError(f"no column named {name}")


def lookup(value):
    if not isinstance(value, str):
        raise LookupError()
    raise LookupError(f"nothing is registered under {value}")
"""


def _loaded(tmp_path_factory: pytest.TempPathFactory, package: str, source: str) -> Iterator[Matcher]:
    with Store.open(_indexed(tmp_path_factory, package, source)) as store:
        yield Matcher.load(store)


@pytest.fixture(scope="module")
def values_matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    yield from _loaded(tmp_path_factory, "vals", VALUES)


@pytest.mark.parametrize(
    ("paste", "function"),
    [
        ("KeyError: 'b'", "Bag.remove"),
        ("KeyError: 2", "Bag.remove"),
        ("AttributeError: capital", "Data.__getattr__"),
        ("LookupError", "lookup"),
    ],
)
def test_a_built_in_class_with_a_value_alone_is_its_raises_of_a_bare_value_never_exact(
    values_matcher: Matcher, paste: str, function: str
) -> None:
    # ``raise KeyError(element)`` prints the user's value alone (``raise LookupError()``
    # nothing): no fragment of the text leads to it, and the interpreter's ``d[key]`` and the
    # user's own code print the same, so the raises of that very class are approximate answers
    res = values_matcher.explain(paste)
    assert [m.function for m in res.matches] == [function]  # not Missing: it prints its own name
    assert top(res).approximate and res.verdict.startswith("no exact match:")


@pytest.mark.parametrize(
    "paste", ["KeyError: no column named x y", "ValueError: 'b'", "vals.core.Missing: 'b'x", "KeyError: 'b"]
)
def test_a_sentence_or_another_class_is_no_value_alone(values_matcher: Matcher, paste: str) -> None:
    assert all(m.template != "{element}" for m in values_matcher.explain(paste).matches)


# fsspec's MemoryFileSystem (``_strip_protocol`` puts a "/" before every path it returns),
# deprecated's ``raise TypeError(repr(type(args[0])))``, ecdsa's message-less ``assert``,
# fastapi's ``jsonable_encoder`` raising the list of errors it caught
PATHS = """\
class MemoryFileSystem:
    store = {}

    @classmethod
    def _strip_protocol(cls, path):
        path = path.removeprefix("memory://")
        path = path.lstrip("/").rstrip("/")
        return "/" + path if path else ""

    def info(self, path):
        path = self._strip_protocol(path)
        if path not in self.store:
            raise FileNotFoundError(path)
        return self.store[path]

    def expand_path(self, path):
        if isinstance(path, str):
            return self.expand_path([path])
        path = [self._strip_protocol(p) for p in path]
        out = [p for p in path if p in self.store]
        if not out:
            raise FileNotFoundError(path)
        return out

    def cat(self, key):
        raise FileNotFoundError(key)


def deprecated(*args):
    if args and not callable(args[0]):
        raise TypeError(repr(type(args[0])))


def wrap(reason):
    raise TypeError(reason)


def to_string(encoding):
    assert encoding in ("raw", "compressed")
    return encoding


def jsonable_encoder(obj):
    errors = []
    try:
        data = dict(obj)
    except Exception as e:
        errors.append(e)
        try:
            data = vars(obj)
        except Exception as e:
            errors.append(e)
            raise ValueError(errors) from e
    return data


class Accessor:
    def __iter__(self):
        raise ValueError(f"'{type(self).__name__}' object is not iterable")
"""


@pytest.fixture(scope="module")
def paths_matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    yield from _loaded(tmp_path_factory, "paths", PATHS)


@pytest.mark.parametrize(
    ("paste", "ranked"),
    [
        # the "/" the template adds is the value's first character: above the bare ``{key}``
        (
            "FileNotFoundError: /nope.txt",
            [("MemoryFileSystem.info", "/{path}"), ("MemoryFileSystem.cat", "{key}")],
        ),
        # a list's repr is what the list placeholder prints; "nope.txt" lacks the "/"
        (
            "FileNotFoundError: ['/nope.txt']",
            [("MemoryFileSystem.expand_path", "{path: list!r}"), ("MemoryFileSystem.cat", "{key}")],
        ),
        ("FileNotFoundError: nope.txt", [("MemoryFileSystem.cat", "{key}")]),
        # a class object prints as ``<class '...'>``: a value with spaces, but one value
        ("TypeError: <class 'int'>", [("deprecated", "{repr(type(args[0]))}"), ("wrap", "{reason}")]),
        ("TypeError: 'x'", [("wrap", "{reason}")]),
        # an ``assert`` without a message prints the class alone
        ("AssertionError", [("to_string", "")]),
        # a list's repr is one value, however many words its items hold: the raise of the list
        # ranks above a template whose words resemble an item's
        (
            "ValueError: [TypeError(\"'object' object is not iterable\"), TypeError('vars() argument')]",
            [
                ("jsonable_encoder", "{errors: list!r}"),
                ("Accessor.__iter__", "'{type(self).__name__}' object is not iterable"),
            ],
        ),
    ],
)
def test_a_value_alone_is_printed_by_a_placeholder_with_the_ends_and_shape_it_shows(
    paths_matcher: Matcher, paste: str, ranked: list[tuple[str, str]]
) -> None:
    res = paths_matcher.explain(paste)
    assert [(m.function, m.template) for m in res.matches] == ranked
    assert all(m.approximate for m in res.matches) and res.verdict.startswith("no exact match:")


@pytest.mark.parametrize(
    "paste",
    [
        "FileNotFoundError: no such file /nope.txt",
        "OSError: /nope.txt",
        "TypeError: <class 'int'> <x>",
        "ValueError: [1] failed [2]",
        "ValueError: ['a]', 'b'",
    ],
)
def test_a_sentence_or_another_class_is_no_value_for_an_affixed_or_shaped_placeholder(
    paths_matcher: Matcher, paste: str
) -> None:
    shaped = ("/{path}", "{repr(type(args[0]))}", "{errors: list!r}")
    assert all(m.template not in shaped for m in paths_matcher.explain(paste).matches)


def test_a_value_alone_is_the_last_resort_after_an_earlier_exception_of_the_paste(
    values_matcher: Matcher,
) -> None:
    res = values_matcher.explain("LookupError: nothing is registered under b\nKeyError: 'b'")
    assert (top(res).function, top(res).approximate) == ("lookup", False)


def test_a_bare_error_is_a_label_that_relates_but_never_contradicts() -> None:
    """click and typer print ``Error: {message}``; CPython prints a codebase's class qualified,
    and no builtin is named ``Error``: so a bare ``Error`` is no evidence against a class, even
    where a codebase defines an ``Error`` whose whole line is known (a DB-API module's)."""
    bases = {"error": {"exception"}, "badparameter": {"usageerror"}, "usageerror": {"exception"},
             "clientfailure": {"error"}}  # fmt: skip

    def up(key: str) -> set[str]:
        out: set[str] = set()
        todo = list(bases.get(key, ()))
        while todo:
            k = todo.pop()
            if k not in out:
                out.add(k)
                todo.extend(bases.get(k, ()))
        return out

    assert type_relation(["Error"], "BadParameter", "error", up) == (-0.03, None)
    assert type_relation(["Error"], "ClientFailure", "error", up)[0] > 0  # its line relates them
    # qualified, it is the class CPython printed: the lines contradict each other
    assert type_relation(["dbapi.Error"], "BadParameter", "error", up)[0] == TYPE_DISAGREES
    assert type_relation(["UsageError"], "ClientFailure", "error", up)[0] == TYPE_DISAGREES


def test_the_classes_a_test_file_defines_are_not_the_librarys(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """A test's classes are none a user meets (a pydantic test's ``class Error(BaseModel)``, a
    mock DB-API ``Error``), and the lines of one name are united: the hierarchy holds the
    library's classes only."""
    from errdex.pipeline import index

    root = tmp_path_factory.mktemp("withtests")
    (root / "lib").mkdir()
    (root / "lib" / "core.py").write_text(LIB)
    (root / "tests").mkdir()
    (root / "tests" / "test_core.py").write_text(
        "from lib.core import LibError\n\n\nclass FakeError(LibError):\n    pass\n\n\n"
        "def test_mock():\n    class Error(ValueError):\n        pass\n"
    )
    db = str(root / "c.db")
    index(str(root), db, jobs=1)
    with Store.open(db) as store:
        assert store.snapshot(1).stats.tests == 1
        names = {name.rpartition(".")[2] for name, _bases in store.class_bases()}
    assert "DocumentError" in names  # the library's own, raised by no statement
    assert not names & {"FakeError", "Error"}


PASSES_ON = """\
class RevisionError(Exception):
    pass


class CommandError(Exception):
    pass


class MultipleHeads(CommandError):
    pass


def relative(rev):
    raise RevisionError(f"Relative revision {rev} didn't produce 1 migrations")


def merge_heads(heads):
    raise RevisionError(f"Multiple heads are present: {heads}")


def downgrade(rev):
    try:
        return relative(rev)
    except RevisionError as err:
        raise CommandError(err.args[0]) from err


def heads(rev):
    raise MultipleHeads(f"Multiple heads are present: {rev}")
"""


def test_a_raise_of_the_pasted_class_passing_a_caught_errors_text_alone_is_the_site(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    # ``except RevisionError as err: raise CommandError(err.args[0]) from err``: the template is
    # the value alone, which fits any text; the text is another class's raise's, from end to end,
    # and Python printed the pasted class, so the raise passing the caught text on is the site
    with Store.open(_indexed(tmp_path_factory, "wr", PASSES_ON)) as store:
        m = Matcher.load(store)
    res = m.explain("wr.core.CommandError: Relative revision -1 didn't produce 1 migrations")
    first = top(res)
    assert (first.function, first.template, first.approximate) == ("downgrade", "{err.args[0]}", False)
    assert any("passed on" in r for r in top(res).reasons)
    assert any(x.function == "relative" and x.approximate for x in res.matches)
    # under its own class the text is the inner raise's, exactly
    res = m.explain("wr.core.RevisionError: Relative revision -1 didn't produce 1 migrations")
    assert (top(res).function, top(res).approximate) == ("relative", False)
    # the class read from a word of the text (``Command Error: ...``) is no class Python printed
    res = m.explain("Command Error: Relative revision -1 didn't produce 1 migrations")
    assert all(x.function != "downgrade" or x.approximate for x in res.matches)
    # an inner raise of a subclass of the pasted class is that class: its own raise stands
    res = m.explain("wr.core.CommandError: Multiple heads are present: a, b")
    assert all(x.function != "downgrade" or x.approximate for x in res.matches)


CREDENTIALS = """
class CredentialError(Exception):
    pass


def _attempts(history):
    return "\\nAttempted credentials:\\n\\t" + "\\n\\t".join(history)


class ChainedCredential:
    def get_token(self, history):
        message = (
            self.__class__.__name__
            + " failed to retrieve a token from the included credentials."
            + _attempts(history)
            + "\\nTo mitigate this issue, please refer to the troubleshooting guide."
        )
        raise CredentialError(message)


class EnvironmentCredential:
    def get_token(self):
        raise CredentialError(
            "EnvironmentCredential unavailable. Environment variables are not fully configured.\\n"
            "Visit the troubleshooting guide for this issue."
        )
"""


@pytest.fixture(scope="module")
def credentials_matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    yield from _loaded(tmp_path_factory, "creds", CREDENTIALS)


def test_a_message_under_a_sentence_introducing_it_is_read_without_the_sentence(
    credentials_matcher: Matcher,
) -> None:
    # the paste is cut before the message's last line: the whole paste fits only loosely (the
    # attempted credential's text quoted inside it fits its own raise); the text under the
    # sentence fits the raise that wrote it better
    res = credentials_matcher.explain(
        "I randomly get this error message:\n\n"
        "DefaultCredential failed to retrieve a token from the included credentials. Attempted "
        "credentials: EnvironmentCredential: EnvironmentCredential unavailable. Environment variables "
        "are not fully configured."
    )
    assert top(res).function == "ChainedCredential.get_token"


def test_a_tail_after_any_introducing_line_wins_by_the_one_rule_of_the_whole_message(
    credentials_matcher: Matcher,
) -> None:
    # the same cut text under a line that introduces it without a blank line between them, or
    # as the later lines of a pasted class's message: one reading, one rule whichever line
    # introduced it (the tail's answer is kept when it is better: exact over approximate, else
    # a higher score)
    text = (
        "DefaultCredential failed to retrieve a token from the included credentials. Attempted "
        "credentials: EnvironmentCredential: EnvironmentCredential unavailable. Environment variables "
        "are not fully configured."
    )
    for paste in (
        f"It fails with:\n{text}",
        f"CredentialError: while loading the profile:\n{text}",
    ):
        res = credentials_matcher.explain(paste)
        assert top(res).function == "ChainedCredential.get_token", paste
        assert "the lines before introduce it" in res.verdict


RPC = """
class ChannelError(Exception):
    pass


def blocking_call(error_class):
    raise error_class("failed to connect to all addresses")


def unary_call(target):
    raise ChannelError("failed to connect to all addresses")
"""


def test_a_log_record_alone_counts_alike_against_a_named_and_an_unknown_class() -> None:
    # a paste naming only a log level says nothing of the raise's class: a raise whose class is
    # not known (``raise error_class(...)``) is no likelier than one of a named class
    for level in ("log.ERROR", "log.WARNING"):
        unknown = type_relation([level], "<unknown>", "error")
        assert unknown == type_relation([level], "ChannelError", "error")
        assert unknown[0] < 0
    # a pasted class still leaves the unknown one neutral, and judges the named one
    assert type_relation(["rpc.core.ChannelError"], "<unknown>", "error") == (0.0, None)
    assert type_relation(["rpc.core.ChannelError"], "ChannelError", "error")[0] > 0


def test_a_logged_message_ranks_the_raise_of_a_named_class_level_with_an_unknown_one(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    # a C extension's log line, then the application's own line printing the error (grpc's
    # ``E0307 ... ssl_transport_security.cc:1378] Handshake failed``): the paste's only type is
    # the log level, so the two raises of the text stand level; the one of an unknown class was
    # 0.05 above the named one before
    with Store.open(_indexed(tmp_path_factory, "rpc", RPC)) as store:
        m = Matcher.load(store)
    for paste in (
        "E0307 05:10:36.624904979    4386 transport.cc:1378] Handshake failed\n"
        "Cannot connect: failed to connect to all addresses",
        "ERROR:root:failed to connect to all addresses",
    ):
        res = m.explain(paste)
        by = {x.function: x for x in res.matches}
        assert {"blocking_call", "unary_call"} <= set(by), paste
        assert by["blocking_call"].exc_type == "<unknown>"
        assert by["unary_call"].exc_type == "ChannelError"
        assert by["unary_call"].score == pytest.approx(by["blocking_call"].score, abs=0.005), paste
    # the class pasted decides between them
    res = m.explain("rpc.core.ChannelError: failed to connect to all addresses")
    assert top(res).function == "unary_call"
