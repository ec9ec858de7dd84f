"""Text one indexed codebase hands to another's callable, placed at the raise that prints it
(``match.handoff``): two small packages indexed into a real catalogue, either one first."""

from __future__ import annotations

from pathlib import Path

import pytest
from index_helpers import counted_entries

from errdex.extract import extract_file
from errdex.match import Matcher, build_index, rebuild_index
from errdex.match.artifact import class_bases, stored_index
from errdex.match.handoff import link_entries
from errdex.match.shared_index import update
from errdex.pipeline import index
from errdex.store import Store

# the toolkit: a proxy raising the text it was given from a closure (werkzeug's ``LocalProxy``),
# a validator storing it and raising it from a method, and a check raising it as given
TOOLKIT = """\
from contextvars import ContextVar


class Local:
    pass


class Proxy:
    def __init__(self, local, name=None, *, unbound_message=None):
        if unbound_message is None:
            unbound_message = "object is not bound"

        if isinstance(local, Local):

            def _get():
                try:
                    return getattr(local, name)
                except AttributeError:
                    raise RuntimeError(unbound_message) from None

        elif isinstance(local, ContextVar):

            def _get():
                try:
                    return local.get()
                except LookupError:
                    raise RuntimeError(unbound_message) from None

        else:
            raise TypeError(f"Don't know how to proxy '{type(local)}'.")
        self._get = _get


class Validator:
    def __init__(self, pattern, error_message):
        self.pattern = pattern
        self._error_message = error_message

    def validate(self, value):
        if not value.startswith(self.pattern):
            raise ValueError(self._error_message)
        return value


def check(value, message="check failed"):
    if not value:
        raise AssertionError(message)


def _fail(message):
    raise ValueError(f"Invalid value: {message}")


class Schema:
    def __init__(self, fields, error_message):
        self.fields = fields
        self._error_message = error_message

    def load(self, data):
        if not data:
            _fail(self._error_message)
        return data


def ensure(value, message):
    if not value:
        _raise(message)


def _raise(message):
    raise LookupError(message)
"""

# the framework: its own words handed to the toolkit, as a module constant, a literal and an
# f-string of constants
FRAMEWORK = '''\
from contextvars import ContextVar

from toolkit import Proxy
from toolkit.proxy import Local, Schema, Validator, check, ensure

_no_app_msg = """\\
Working outside of application context.

Set up an application context with app.app_context().\\
"""
NAME = "slug"
_cv = ContextVar("frame.app")
current_app = Proxy(_cv, "app", unbound_message=_no_app_msg)
_local = Local()
request = Proxy(_local, "request", unbound_message="Working outside of request context.")
slug = Validator("s-", error_message=f"The {NAME} must start with s- and hold no spaces")


schema = Schema(["a"], error_message="The payload holds no fields at all")


def boot(cfg):
    check(cfg, message="the framework could not read its configuration")


def load_all(items):
    ensure(items, message="nothing to load from the framework")
'''

APP_TEXT = "Working outside of application context.\n\nSet up an application context with app.app_context()."


def _package(root: Path, name: str, init: str, module: str, text: str) -> Path:
    pkg = root / name
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text(init)
    (pkg / module).write_text(text)
    return root


def _toolkit(root: Path) -> Path:
    return _package(root, "toolkit", "from toolkit.proxy import Proxy\n", "proxy.py", TOOLKIT)


def _framework(root: Path) -> Path:
    return _package(root, "frame", "", "globals.py", FRAMEWORK)


@pytest.fixture(scope="module")
def catalogue(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The framework indexed first, the toolkit after it: the link is made by the build of the
    match index that follows the toolkit's release."""
    tmp = tmp_path_factory.mktemp("handoff")
    db = str(tmp / "c.db")
    index(str(_framework(tmp / "frame_src")), db, jobs=1)
    index(str(_toolkit(tmp / "toolkit_src")), db, jobs=1)
    return db


def _links(db: str) -> list[tuple[str, int, str, str, str]]:
    with Store.open(db) as store:
        return sorted((e.path, e.line, e.function, e.exc_type, e.template) for e in link_entries(store))


def test_handed_texts_are_placed_at_the_toolkits_raises(catalogue: str) -> None:
    # each proxy's text only at the closure defined for the class of what it proxies
    assert _links(catalogue) == [
        (
            "toolkit/proxy.py",
            19,
            "Proxy.__init__.<locals>._get",
            "RuntimeError",
            "Working outside of request context.",
        ),
        ("toolkit/proxy.py", 27, "Proxy.__init__.<locals>._get", "RuntimeError", APP_TEXT),
        (
            "toolkit/proxy.py",
            41,
            "Validator.validate",
            "ValueError",
            "The slug must start with s- and hold no spaces",
        ),
        ("toolkit/proxy.py", 47, "check", "AssertionError", "the framework could not read its configuration"),
        # handed on by the callee to a helper of its module: composed into the helper's words,
        # or raised as given
        ("toolkit/proxy.py", 51, "_fail", "ValueError", "Invalid value: The payload holds no fields at all"),
        ("toolkit/proxy.py", 71, "_raise", "LookupError", "nothing to load from the framework"),
    ]


def test_the_answer_names_the_raise_first_and_the_constant_after(catalogue: str) -> None:
    with Store.open(catalogue) as store:
        matches = Matcher(rebuild_index(store)).explain(f"RuntimeError: {APP_TEXT}").matches
    first, second = matches[0], matches[1]
    assert (first.path, first.line, first.exc_type, first.template) == (
        "toolkit/proxy.py",
        27,
        "RuntimeError",
        APP_TEXT,
    )
    assert (second.path, second.function) == ("frame/globals.py", "<module>")


def test_the_link_holds_whichever_codebase_is_indexed_first(tmp_path: Path) -> None:
    db = str(tmp_path / "c.db")
    index(str(_toolkit(tmp_path / "toolkit_src")), db, jobs=1)
    index(str(_framework(tmp_path / "frame_src")), db, jobs=1)
    assert [x[:4] for x in _links(db)] == [
        ("toolkit/proxy.py", 19, "Proxy.__init__.<locals>._get", "RuntimeError"),
        ("toolkit/proxy.py", 27, "Proxy.__init__.<locals>._get", "RuntimeError"),
        ("toolkit/proxy.py", 41, "Validator.validate", "ValueError"),
        ("toolkit/proxy.py", 47, "check", "AssertionError"),
        ("toolkit/proxy.py", 51, "_fail", "ValueError"),
        ("toolkit/proxy.py", 71, "_raise", "LookupError"),
    ]
    with Store.open(db) as store:
        # the merged index (what indexing saves) holds them as the full build does, byte for byte
        # (the build given the callers the index stage counts: the store's rows alone hold none)
        merged_index = update(store)
        full = build_index(
            counted_entries(store), str(store.generation()), class_bases(store), link_entries(store)
        )
        assert merged_index.dumps() == full.dumps()
        merged = Matcher(merged_index).explain("ValueError: The slug must start with s- and hold no spaces")
    top = merged.matches[0]
    assert (top.path, top.line, top.exc_type) == ("toolkit/proxy.py", 41, "ValueError")


def test_text_handed_within_one_codebase_or_to_an_unindexed_one_makes_no_link(tmp_path: Path) -> None:
    alone = str(tmp_path / "alone.db")
    index(str(_framework(tmp_path / "frame_src")), alone, jobs=1)  # the toolkit is not indexed
    assert _links(alone) == []
    # both packages in one codebase: its extraction resolves what it can; linking is across codebases
    both = _toolkit(_framework(tmp_path / "both"))
    one = str(tmp_path / "one.db")
    index(str(both), one, jobs=1)
    assert _links(one) == []


def test_a_closure_site_knows_the_conditions_its_def_sits_under() -> None:
    facts = extract_file("toolkit/proxy.py", TOOLKIT.encode())
    outer = {s.line: s.outer for s in facts.sites if s.function == "Proxy.__init__.<locals>._get"}
    assert outer == {
        19: ("isinstance(local, Local)",),
        27: ("not (isinstance(local, Local))", "isinstance(local, ContextVar)"),
    }
    assert all(s.outer == () for s in facts.sites if "<locals>" not in s.function)
    # the calls handing a message-named value on as given, which supply no text of their own
    assert {f: [r.key for r in refs] for f, (_, refs) in facts.hands.items()} == {
        "Schema.load": ["toolkit.proxy._fail"],
        "ensure": ["toolkit.proxy._raise"],
    }


def test_a_catalogue_of_one_codebase_reads_nothing_to_link(
    tmp_path: Path, catalogue: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A link joins one codebase's text to another's raise: with a single codebase (however
    many releases) no file is looked at; with two, the files are read as before."""
    from errdex.store import handoffs

    read: list[int] = []
    real = handoffs.unknown_files
    monkeypatch.setattr(handoffs, "unknown_files", lambda store, limit: read.append(1) or real(store, limit))
    one = str(tmp_path / "one.db")
    index(str(_toolkit(_framework(tmp_path / "both"))), one, jobs=1)  # one codebase handing text
    read.clear()
    assert _links(one) == [] and read == []
    assert len(_links(catalogue)) == 6 and read == [1]


def _index_by_an_earlier_extractor(src: Path, db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """``src`` indexed as an errdex before an upgrade that changed extraction would have: under
    another extractor digest, its per-file facts in a form the running extractor refuses
    (``extract.cache`` names its form in the entry's first bytes; a change to the facts'
    classes makes the old entries unreadable just the same)."""
    from errdex import pipeline
    from errdex.extract import cache

    with monkeypatch.context() as m:
        m.setattr(pipeline, "producer_digest", lambda: "0123456789abcdef")
        m.setattr(cache, "_MAGIC", b"errdex-facts/0\n")
        index(str(src), db, jobs=1)


@pytest.mark.parametrize("again", ["framework", "toolkit"])
def test_indexing_one_codebase_again_keeps_the_link_to_the_other(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, again: str
) -> None:
    """Both codebases indexed before an extractor upgrade, then one of them (either) indexed
    again by the upgraded one: the match index then built links the text as a catalogue indexed
    from scratch does, though the other codebase's stored facts are of the old form (it reads
    that file's stored text instead). Before, the handed text fell back to the caller's
    constant: the raise's entry was gone."""
    sources = {"framework": _framework(tmp_path / "frame_src"), "toolkit": _toolkit(tmp_path / "toolkit_src")}
    db = str(tmp_path / "c.db")
    for src in sources.values():
        _index_by_an_earlier_extractor(src, db, monkeypatch)
    summary = index(str(sources[again]), db, jobs=1)
    assert summary.changed  # the upgrade's digest differs: the release is extracted again
    scratch = str(tmp_path / "scratch.db")
    for src in sources.values():
        index(str(src), scratch, jobs=1)
    assert _links(db) == _links(scratch) and len(_links(db)) == 6
    with Store.open(db) as store:  # the index that indexing saved
        matches = Matcher(stored_index(store)).explain(f"RuntimeError: {APP_TEXT}").matches
    first = matches[0]
    assert (first.path, first.line, first.exc_type, first.template) == (
        "toolkit/proxy.py",
        27,
        "RuntimeError",
        APP_TEXT,
    )


def test_a_stored_text_read_back_for_extraction_decodes_as_the_file_did(tmp_path: Path) -> None:
    """The stored text is the file as decoded; the bytes handed to extraction again decode to
    it under the file's own coding cookie (as UTF-8, a latin-1 file's words would garble)."""
    from errdex.store.handoffs import file_bytes

    source = (
        "# -*- coding: latin-1 -*-\ndef f():\n    raise ValueError('d\u00e9j\u00e0 vu: no caf\u00e9 here')\n"
    )
    pkg = tmp_path / "src" / "legacy"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_bytes(source.encode("latin-1"))
    db = str(tmp_path / "c.db")
    summary = index(str(tmp_path / "src"), db, jobs=1)
    with Store.open(db) as store:
        data = file_bytes(store, summary.snapshot_id, "legacy/__init__.py", 1 << 20)
        assert file_bytes(store, summary.snapshot_id, "legacy/__init__.py", 10) is None  # over the cap
    assert data is not None
    (site,) = extract_file("legacy/__init__.py", data).sites
    assert site.exc.msg == ((("d\u00e9j\u00e0 vu: no caf\u00e9 here"),),)
