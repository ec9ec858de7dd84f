"""A raise of a class an object was given when it was made: looked up in a mapping of classes
its ``__init__`` stored (peewee's ``ExceptionWrapper``), or called as given (dnspython's)
(issue #10 item 2; issues5-issues74 peewee-104, runtime19 dnspython-rt-011).

peewee: ``__exception_wrapper__ = ExceptionWrapper(EXCEPTIONS)``, and ``__exit__`` does
``new_type = self.exceptions[exc_type.__name__]`` then ``raise new_type(exc_value, ...)``.
dnspython: ``with ExceptionWrapper(dns.exception.SyntaxError):`` and ``raise
self.exception_class(str(exc_val)) from exc_val``. Both raises were of an unknown class. The
attribute ``__init__`` sets from its parameter as given is now that parameter's slot of the
class, filled by what the codebase's calls of the class pass (a module's table of classes, a
class), as a function's parameter already was. A table is taken for classes when it is looked
up by a class or a class's name. Parsed, never imported."""

from __future__ import annotations

from marked_helpers import by_mark

from errdex.model import UNKNOWN_EXC_TYPE

SOURCE = """\
class DBError(Exception):
    pass


class IntegrityErr(DBError):
    pass


class SyntaxErr(Exception):
    pass


class Wrapper:
    def __init__(self, exceptions):
        self.exceptions = exceptions

    def __exit__(self, exc_type, exc_value, tb):
        if exc_type is None:
            return
        if exc_type.__name__ in self.exceptions:
            new_type = self.exceptions[exc_type.__name__]
            raise new_type(exc_value, *exc_value.args).with_traceback(tb)  # <- mapped


class Converting:
    def __init__(self, exception_class):
        self.exception_class = exception_class

    def __exit__(self, exc_type, exc_val, exc_tb):
        if exc_type is not None and not isinstance(exc_val, self.exception_class):
            raise self.exception_class(str(exc_val)) from exc_val  # <- given


class Lazy:
    def __init__(self, hint=None, exc=SyntaxErr):
        self._exc = exc

    def fail(self):
        raise self._exc("the value is undefined")  # <- defaulted


class Messages:
    def __init__(self, messages):
        self.messages = messages

    def fail(self, key):
        text = self.messages[key]
        raise ValueError(text)  # <- text


EXCEPTIONS = {"IntegrityError": IntegrityErr, "DatabaseError": DBError}
wrapper = Wrapper(EXCEPTIONS)


def parse(text):
    with Converting(SyntaxErr):
        return int(text)
"""


def _records() -> dict[str, set[tuple[str, str]]]:
    return by_mark(SOURCE, "pkg/db.py")


def test_a_table_of_classes_given_to_init_names_the_raised_classes() -> None:
    # before: ("<unknown>", "{exc_value}")
    assert _records()["mapped"] == {("DBError", "{exc_value}"), ("IntegrityErr", "{exc_value}")}


def test_a_class_given_to_init_is_the_raised_class() -> None:
    # before: only ("<unknown>", "{exc_val}"); a caller outside may still pass another
    assert ("SyntaxErr", "{exc_val}") in _records()["given"]


def test_a_table_looked_up_by_a_plain_key_is_no_table_of_classes() -> None:
    assert all(t == "ValueError" for t, _ in _records()["text"])


def test_a_class_given_with_a_default_is_no_slot_of_the_class() -> None:
    # ``exc=UndefinedError`` (jinja2's ``Undefined``): not a slot of the class; read as before
    assert _records()["defaulted"] == {(UNKNOWN_EXC_TYPE, "the value is undefined")}
