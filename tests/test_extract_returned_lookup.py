"""A factory may build its exception from a table of classes: ``return {400: BadRequest, 404:
NotFound}[code](msg)``, ``return ERRORS.get(code, ApiError)(detail)``, or a classmethod's
``return table.get(status, cls)(*args, **kwargs)``. ``raise make_error(code, "text")`` then raises
one of those classes (any of them: the key is known only at run time) with the caller's text in
the factory's parameters, and the record at the raise holds each class with that text, as it
does for ``return SomeError(...)``. A function may give the class itself (``def
error_class_for(code): return ERRORS.get(code, ApiError)``), called at once or through a local
(``error_class = error_class_for(code)``; ``error = error_class(message)``; ``return error``).
A table of functions (a dispatch table) builds no exception, and a function named for a type
that returns a word keeps its words: a raise or a print of their calls keeps the reading it had.
Exact templates, parsed, never imported."""

from __future__ import annotations

from errdex.extract import extract
from errdex.model import SourceFile

CLASSES = """\
class ApiError(Exception):
    pass


class BadRequest(ApiError):
    pass


class NotFound(ApiError):
    pass


ERRORS = {400: BadRequest, 404: NotFound}
"""

LITERAL_TABLE = (
    CLASSES
    + """

def make_error(code, msg):
    return {400: BadRequest, 404: NotFound}[code](msg)


def fetch(status):
    raise make_error(status, "no such thing")
"""
)

MODULE_TABLE = (
    CLASSES
    + """

def make_error(code, msg):
    return ERRORS[code](f"request failed: {msg}")


class Client:
    def _error(self, code, detail):
        return ERRORS.get(code, ApiError)(detail)

    def get(self, code):
        if code:
            raise make_error(code, "no such user")
        raise self._error(code, "server went away")

    def post(self, code):
        err = make_error(code, "posting failed")
        raise err
"""
)

# the status table inside a classmethod, its default the class itself, the arguments passed on
# as given, and the message printed by the base's ``__str__``
CLASSMETHOD = """\
class VaultError(Exception):
    def __init__(self, message=None, method=None, url=None):
        self.method = method
        self.url = url
        super().__init__(message)

    def __str__(self):
        return f"{self.args[0]}, on {self.method} {self.url}"

    @classmethod
    def from_status(cls, status, *args, **kwargs):
        table = {400: InvalidRequest, 403: Forbidden}
        return table.get(status, cls)(*args, **kwargs)


class InvalidRequest(VaultError):
    pass


class Forbidden(VaultError):
    pass


def raise_for_error(status, method, url):
    raise VaultError.from_status(status, "permission denied", method=method, url=url)
"""

# a function giving a class from the table: called at once, through a local in the raising
# function, and through a local in a factory that sets an attribute before returning the object
CLASS_GIVEN = (
    CLASSES
    + """

def error_class_for(code):
    return ERRORS.get(code, ApiError)


def make_error(code, msg):
    return error_class_for(code)(f"request failed: {msg}")


def from_status(code, message, **kwargs):
    error_class = error_class_for(code)
    error = error_class(message, **kwargs)
    error.code = code
    return error


def run(code):
    if code == 1:
        raise make_error(code, "no such user")
    if code == 2:
        raise error_class_for(code)("bad input")
    if code == 3:
        exc_class = error_class_for(code)
        raise exc_class("gone")
    raise from_status(code, "denied")
"""
)

DISPATCH = """\
def to_int(text):
    return int(text)


def to_name(text):
    return text.strip()


PARSERS = {"int": to_int, "name": to_name}


def parse(kind, text):
    return PARSERS[kind](text)


def check(kind, text):
    if kind:
        raise parse(kind, "literal text here")
    raise ValueError("cannot show: " + str(parse(kind, text)))
"""


def _got(src: str) -> set[tuple[int, str, str]]:
    records = extract([SourceFile("m/__init__.py", src.encode())], "local/m", jobs=1).records
    return {(r.line, r.exc_type, r.template) for r in records}


def _at(src: str, line: int) -> set[tuple[str, str]]:
    return {(t, text) for at, t, text in _got(src) if at == line}


def test_a_factory_calling_a_class_from_a_dict_literal_raises_each_class_with_the_text() -> None:
    assert _at(LITERAL_TABLE, 21) == {("BadRequest", "no such thing"), ("NotFound", "no such thing")}


def test_a_factory_calling_a_class_from_a_module_table_with_its_default() -> None:
    assert _at(MODULE_TABLE, 26) == {
        ("BadRequest", "request failed: no such user"),
        ("NotFound", "request failed: no such user"),
    }
    # ``.get(code, ApiError)`` on ``self``: the default is raised too
    assert _at(MODULE_TABLE, 27) == {
        ("ApiError", "server went away"),
        ("BadRequest", "server went away"),
        ("NotFound", "server went away"),
    }
    # the factory's result bound to a local, then raised
    assert _at(MODULE_TABLE, 31) == {
        ("BadRequest", "request failed: posting failed"),
        ("NotFound", "request failed: posting failed"),
    }


def test_a_classmethod_factory_with_a_status_table_and_cls_as_its_default() -> None:
    assert _at(CLASSMETHOD, 25) == {
        ("Forbidden", "permission denied, on {method} {url}"),
        ("InvalidRequest", "permission denied, on {method} {url}"),
        ("VaultError", "permission denied, on {method} {url}"),
    }


def test_a_function_giving_a_class_from_a_table() -> None:
    got = _got(CLASS_GIVEN)
    each = ("ApiError", "BadRequest", "NotFound")
    assert {(t, text) for line, t, text in got if line == 33} == {
        (t, "request failed: no such user") for t in each
    }
    assert {(t, text) for line, t, text in got if line == 35} == {(t, "bad input") for t in each}
    assert {(t, text) for line, t, text in got if line == 38} == {(t, "gone") for t in each}
    assert {(t, text) for line, t, text in got if line == 39} == {(t, "denied") for t in each}


def test_a_table_of_functions_builds_no_exception() -> None:
    # as before: the call's first argument stands for the unknown object, the print a placeholder
    assert _at(DISPATCH, 18) == {("<unknown>", "{kind}")}
    assert _at(DISPATCH, 19) == {("ValueError", "cannot show: {parse(kind, text)}")}


WORDS = """\
import functools


def error_type_name(code):
    return "client" if code < 500 else "server"


def check(code):
    kind = error_type_name(code)
    raise ValueError(f"{kind} error {code}")


def wrap(f, g):
    return functools.wraps(f)(g)


def bad(f, g):
    raise wrap(f, g)
"""


def test_a_type_named_function_returning_words_and_a_call_of_a_call_keep_their_reading() -> None:
    assert _at(WORDS, 10) == {("ValueError", "client error {code}"), ("ValueError", "server error {code}")}
    assert _at(WORDS, 18) == {("<unknown>", "{f}")}


BRANCHED_LOCAL = """\
import errno

ERRORS = {"AccessDenied": PermissionError, "Exists": FileExistsError}


def translate(error, message=None):
    code = error.code
    if code == "Precondition":
        constructor = FileExistsError
    else:
        constructor = ERRORS.get(code)
    if constructor:
        exc = constructor(message or "denied")
    else:
        exc = OSError(errno.EIO, message or "unknown")
    return exc


def listdir(client):
    try:
        client.list()
    except Exception as e:
        raise translate(e)
"""


def test_a_returned_local_built_in_two_branches_gives_every_branchs_exception() -> None:
    """``exc = constructor(...)`` under one test and ``exc = OSError(...)`` under the other, then
    ``return exc``: the caller's raise may raise either, so the record holds the table's classes
    and the fallback ``OSError`` (the first branch alone hid the fallback's text)."""
    assert _at(BRANCHED_LOCAL, 23) == {
        ("FileExistsError", "denied"),
        ("PermissionError", "denied"),
        ("OSError", "[Errno 5] unknown"),
    }
