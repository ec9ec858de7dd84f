"""A helper may raise the class its caller hands in: ``def raise_for(resp, error): ... raise
error(message=...)`` called as ``raise_for(r, NotFoundError)``, a class parameter with a default
(``exception_type=Error``) bound by ``functools.partial(helper, OtherError)``, a table of classes
passed as a parameter (``error_type = error_map.get(status)``; ``raise error_type(...)``), or a
parameter whose annotation names the classes (``type[A | B]``, ``Mapping[int, Type[X]]``). The
raise in the helper is where a traceback ends, so its record holds each class the codebase's
callers pass (bounded, deduplicated by class and template) beside what it held before. A
parameter given a function (a callback), a table of functions, or a class that is no exception
binds nothing. Exact templates, parsed, never imported."""

from __future__ import annotations

from errdex.extract import extract, extract_file
from errdex.model import SourceFile

PASSED = """\
import functools


class ApiError(Exception):
    def __init__(self, error_message="", response_code=None):
        self.response_code = response_code
        super().__init__(error_message)

    def __str__(self):
        return f"{self.response_code}: {self.args[0]}"


class GetError(ApiError):
    pass


class PostError(ApiError):
    pass


def raise_for(response, error, expected=(200,)):
    if response.status_code in expected:
        return response.json()
    message = response.text
    raise error(error_message=message, response_code=response.status_code)


def get_users(conn):
    return raise_for(conn.get("users"), GetError)


def post_user(conn):
    result = raise_for(conn.post("users"), error=PostError)
    return result


def from_queue(exception_type=ApiError):
    errors = []
    raise exception_type(errors)


_raise_current = functools.partial(from_queue, GetError)
"""


def _got(src: str) -> set[tuple[int, str, str]]:
    records = extract([SourceFile("m/__init__.py", src.encode())], "local/m", jobs=1).records
    return {(r.line, r.exc_type, r.template) for r in records}


def _at(src: str, line: int) -> set[tuple[str, str]]:
    return {(t, text) for at, t, text in _got(src) if at == line}


def test_a_class_each_caller_passes_is_raised_by_the_helper() -> None:
    # positional and keyword slots; the class's own ``__str__`` prints the helper's arguments
    assert _at(PASSED, 25) == {
        ("<unknown>", ""),
        ("GetError", "{response.status_code}: {message}"),
        ("PostError", "{response.status_code}: {message}"),
    }


def test_a_class_bound_by_partial_beside_the_default() -> None:
    assert _at(PASSED, 39) == {
        ("<unknown>", "{errors: list!r}"),
        ("ApiError", "{self.response_code}: {errors: list!r}"),
        ("GetError", "{self.response_code}: {errors: list!r}"),
    }


TABLE = """\
class ApiError(Exception):
    pass


class NotFound(ApiError):
    pass


class Gone(ApiError):
    pass


def map_error(status, error_map):
    error_type = error_map.get(status)
    if not error_type:
        return
    raise error_type(f"status {status}")


def raise_from(code, errors):
    raise errors[code](f"code {code}")


NOT_FOUND = {404: NotFound}


def fetch(status):
    map_error(status, {404: NotFound, 410: Gone})
    raise_from(status, NOT_FOUND)
"""


def test_a_table_of_classes_passed_as_a_parameter() -> None:
    # a dict literal, looked up into a local named for a class, then called
    assert _at(TABLE, 17) == {("Gone", "status {status}"), ("NotFound", "status {status}")}
    # a module table, looked up and called at once
    assert _at(TABLE, 21) == {("NotFound", "code {code}")}


ANNOTATED = """\
from typing import Mapping, Type, Union


class HttpError(Exception):
    pass


class NotFound(HttpError):
    pass


class GetError(Exception):
    pass


class PutError(Exception):
    pass


def map_error(status: int, error_map: Mapping[int, Type[HttpError]]) -> None:
    error_type = error_map.get(status)
    if error_type:
        raise error_type(f"status {status}")


def raise_for(response, error: type[Union[GetError, PutError]] | dict) -> None:
    if isinstance(error, dict):
        error = error.get(response.status, GetError)
    raise error(f"failed: {response.text}")


def raise_any(error: type[Exception]) -> None:
    raise error("any")


def raise_base(error: type[HttpError] = HttpError) -> None:
    raise error("base")


def fetch() -> None:
    raise_base(NotFound)


class Gone(HttpError):
    pass
"""


def test_the_classes_an_annotation_names() -> None:
    # no caller in the codebase: the annotated class and its subclasses (a caller's table maps
    # to any of them)
    assert _at(ANNOTATED, 23) == {(c, "status {status}") for c in ("HttpError", "NotFound", "Gone")}
    # the union in ``type[...]``, the dict branch's default among them
    assert _at(ANNOTATED, 29) == {
        ("GetError", "failed: {response.text}"),
        ("PutError", "failed: {response.text}"),
    }
    # ``type[Exception]`` says nothing of which class: unknown, as before
    assert _at(ANNOTATED, 33) == {("<unknown>", "any")}
    # a call of the codebase passing a class: that one (beside the default), not every subclass
    # of the annotated base
    assert _at(ANNOTATED, 37) == {("HttpError", "base"), ("NotFound", "base"), ("<unknown>", "base")}


NEGATIVES = """\
class Model:
    pass


class ApiError(Exception):
    pass


def make_error(text):
    return ApiError(text)


def run(fn, on_error):
    try:
        return fn()
    except OSError as e:
        raise on_error(f"run failed: {e}")


def use():
    return run(use, make_error)


def dispatch(code, handlers):
    raise handlers[code](code)


def go(code):
    dispatch(code, {1: make_error, 2: use})


def build(kind, cls):
    raise cls(f"cannot build {kind}")


def model(kind):
    return build(kind, Model)
"""


def test_a_callback_a_table_of_functions_and_a_class_no_exception_bind_nothing() -> None:
    assert _at(NEGATIVES, 17) == {("<unknown>", "run failed: {e}")}
    assert _at(NEGATIVES, 25) == {("<unknown>", "{code}")}
    assert _at(NEGATIVES, 33) == {("<unknown>", "cannot build {kind}")}


def test_a_class_a_test_file_passes_binds_nothing() -> None:
    # the library's helper, its annotation the only word on what callers pass; a test handing it
    # a fake class of its own (or a table for one status) is no evidence of what it raises
    lib = ANNOTATED
    test = """\
from m import HttpError, map_error, raise_for


class FakeError(HttpError):
    pass


def test_map():
    map_error(404, {404: FakeError})
    raise_for(None, FakeError)
"""
    files = [SourceFile("m/__init__.py", lib.encode()), SourceFile("tests/test_m.py", test.encode())]
    records = extract(files, "local/m", jobs=1).records
    got = {(r.exc_type, r.template) for r in records if r.path == "m/__init__.py" and r.line == 23}
    assert got == {(c, "status {status}") for c in ("HttpError", "NotFound", "Gone")}


TABLES = """\
import functools
from errors import ERRORS, NotFound, make_map
from . import errors

TABLE = {1: NotFound}


def helper(a, b, *rest, error=None, **kw):
    pass


class Client:
    def call(self, table, error):
        pass

    def go(self, resp, *extra, **opts):
        mapping = {400: errors.BadRequest, 404: NotFound}
        local = resp.text
        self.call(mapping, NotFound)
        helper(local, errors.Gone, *extra, error=ERRORS, **opts)
        helper(*extra, NotFound, {500: errors.Server}, error=make_map())
        x = helper(resp, TABLE, error=local)
        return helper(CONST_VALUE, _PRIVATE_TABLE, error=errors.lower_name)


bound = functools.partial(helper, NotFound, {1: errors.Gone})
with helper(make_map(), errors.Gone):
    pass
helper(str, print, error=len)
"""


def test_the_slots_each_kind_of_argument_fills() -> None:
    # perf38 looks at an argument only when its node may hold a class and turns a local of
    # another value away first: the slots (a starred argument counts its position, ``**opts``
    # none), the tables and their order are those of every argument looked at alike
    facts = extract_file("pkg/mod.py", TABLES.encode())
    assert facts.passed_maps == {
        "pkg.mod.Client.call#0": (
            ("errors.BadRequest", "pkg.errors.BadRequest"),
            ("NotFound", "errors.NotFound"),
        ),
        "pkg.mod.helper:error": (("@table:errors.ERRORS", None),),
        "pkg.mod.helper#2": (("errors.Server", "pkg.errors.Server"),),
        "pkg.mod.helper#1": (("@table:pkg.mod.TABLE", None), ("errors.Gone", "pkg.errors.Gone")),
    }
    assert list(facts.passed_maps) == [
        "pkg.mod.Client.call#0",
        "pkg.mod.helper:error",
        "pkg.mod.helper#2",
        "pkg.mod.helper#1",
    ]
    assert facts.passed_classes == {
        "pkg.mod.Client.call#1": (("NotFound", "errors.NotFound"),),
        "pkg.mod.helper#1": (("errors.Gone", "pkg.errors.Gone"), ("NotFound", "errors.NotFound")),
        "pkg.mod.helper#0": (("NotFound", "errors.NotFound"),),
    }
