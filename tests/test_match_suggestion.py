"""The interpreter's ``Did you mean`` after an AttributeError's or a NameError's text.

When Python prints an AttributeError whose ``name`` it knows (a failed attribute read, a
``__getattr__`` raising included) or a NameError, ``traceback.TracebackException`` writes
``. Did you mean: 'count'?`` (``. Did you forget to import 'sys'?``) after the exception's own
text. The raise's template ends before it, so the parser takes it off the message; and since an
assignment or a deletion never gets that name, a raise in ``__setattr__`` or ``__delattr__`` did
not print such a paste. On a real catalogue indexed from fixture code.
"""

from __future__ import annotations

import traceback
from collections.abc import Iterator

import pytest

from errdex.match import Matcher
from errdex.match.parse import parse
from errdex.store import Store

# a record whose fields are attributes: the same words raised by an attribute read, an
# assignment and a deletion (the assignment's and the deletion's come first in the file)
RECORDS = """\
class Record(list):
    def __init__(self, fields, values):
        list.__init__(self, values)
        object.__setattr__(self, "_fields", fields)

    def __setattr__(self, key, value):
        if key not in self._fields:
            raise AttributeError(f"{key} is not a field name")
        self[self._fields.index(key)] = value

    def __delattr__(self, key):
        raise AttributeError(f"{key} is not a field name")

    def __getattr__(self, item):
        try:
            return self[self._fields.index(item)]
        except ValueError:
            raise AttributeError(f"{item} is not a field name") from None
"""


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    from errdex.pipeline import index

    root = tmp_path_factory.mktemp("suggestion")
    pkg = root / "recordlib"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "records.py").write_text(RECORDS)
    db = str(root / "c.db")
    index(str(pkg), db, jobs=1)
    with Store.open(db) as store:
        yield Matcher.load(store)


def _printed(exc: BaseException) -> str:
    return traceback.format_exception_only(exc)[-1].strip()


def test_the_interpreter_suggests_a_name_only_after_an_attribute_read() -> None:
    """The premise, checked on this interpreter with the fixture's own class."""
    ns: dict[str, object] = {}
    exec(RECORDS, ns)  # the fixture's text, run here only to see what Python prints
    rec = ns["Record"](["name", "count"], ["ada", 1])  # type: ignore[operator]
    shown = []
    for act in (lambda: rec.countr, lambda: setattr(rec, "countr", 2), lambda: delattr(rec, "countr")):
        try:
            act()
        except AttributeError as exc:
            shown.append(_printed(exc))
    assert shown == [
        "AttributeError: countr is not a field name. Did you mean: 'count'?",
        "AttributeError: countr is not a field name",
        "AttributeError: countr is not a field name",
    ]


@pytest.mark.parametrize(
    ("paste", "message", "suggestion"),
    [
        ("AttributeError: countr is not a field name. Did you mean: 'count'?", "countr is not a field name", "count"),
        ("AttributeError: module 'np' has no attribute 'float_'. Did you mean: 'float16'?", "module 'np' has no attribute 'float_'", "float16"),
        # a message ending in a full stop keeps it: the interpreter adds its own
        ("AttributeError: `np.float_` was removed. Use `np.float64` instead.. Did you mean: 'float16'?", "`np.float_` was removed. Use `np.float64` instead.", "float16"),
        ("NameError: name 'sys' is not defined. Did you forget to import 'sys'?", "name 'sys' is not defined", "sys"),
        ("NameError: name 'size' is not defined. Did you mean: 'self.size'?", "name 'size' is not defined", "self.size"),
        # a library's subclass of AttributeError (its name keeps the ending)
        ("pkg.errors.ConfigAttributeError: Missing key x. Did you mean: 'y'?", "Missing key x", "y"),
    ],
)  # fmt: skip
def test_the_suggestion_is_taken_off_the_message(paste: str, message: str, suggestion: str) -> None:
    q = parse(paste)
    assert (q.message, q.suggestion) == (message, suggestion)


@pytest.mark.parametrize(
    "paste",
    [
        "ValueError: unknown option. Did you mean: 'verbose'?",  # only the two classes get one
        "AttributeError: no field. Did you mean: 'a b'?",  # not a name
        "AttributeError: countr is not a field name",
    ],
)
def test_other_text_is_left_as_written(paste: str) -> None:
    q = parse(paste)
    assert q.message == paste.split(": ", 1)[1]
    assert q.suggestion is None


def test_a_suggested_name_points_to_the_attribute_read(matcher: Matcher) -> None:
    res = matcher.explain("AttributeError: country is not a field name. Did you mean: 'count'?")
    top = res.matches[0]
    assert (top.function, top.approximate) == ("Record.__getattr__", False)
    below = {m.function: m for m in res.matches[1:3]}
    assert set(below) == {"Record.__setattr__", "Record.__delattr__"}
    assert all("only an attribute read prints" in " ".join(m.reasons) for m in below.values())


def test_without_a_suggestion_the_three_sites_stay_alike(matcher: Matcher) -> None:
    res = matcher.explain("AttributeError: country is not a field name")
    assert {m.function for m in res.matches[:3]} == {
        "Record.__getattr__",
        "Record.__setattr__",
        "Record.__delattr__",
    }
    assert not any("attribute read" in " ".join(m.reasons) for m in res.matches)
