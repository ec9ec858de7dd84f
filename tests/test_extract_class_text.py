"""Text an exception class builds through forms Python resolves plainly: ``super(Cls, self)``
naming a base further down the MRO (its own initialiser is skipped), a printer bound by
assignment in the class body (``__str__ = __repr__``), and an initialiser that sets the printed
attribute, then sets it again under a test on its own attributes, not its parameters (a DB-API
driver's ``Error``: the message alone, or ``{errno} ({state}): {msg}`` when an error number was
given; a raise passing the message only prints it plain). Each site carries a ``# <- name``
marker."""

from __future__ import annotations

import re

import pytest

from errdex.extract import Extraction, extract
from errdex.model import SourceFile

SOURCE = """\
class TreeError(Exception):
    def __init__(self, message="", **kws):
        super().__init__(message)
        self.message = message
        for key, value in kws.items():
            setattr(self, key, value)

    def __str__(self):
        return self.message.format(**vars(self))


class ParentMissing(TreeError):
    def __init__(self, target):
        self.target = target
        super().__init__(message=f"Parent not found on {target!r}.")


class StatementMissing(ParentMissing):
    def __init__(self, target):
        super(ParentMissing, self).__init__(message=f"Statement not found on {target!r}")


class NoParent(ParentMissing):
    def __init__(self, target):
        super(NoParent, self).__init__(target)


class HttpError(Exception):
    def __init__(self, status, uri):
        self.status = status
        self.uri = uri

    def __repr__(self):
        return f"<HttpError {self.status} when requesting {self.uri}>"

    __str__ = __repr__


def statement(node):
    raise StatementMissing(target=node)  # <- skipped_init


def parent(node):
    raise NoParent(node)  # <- own_class_named


def request(resp, uri):
    raise HttpError(resp.status, uri)  # <- aliased_printer


class Error(Exception):
    def __init__(self, msg=None, errno=None, sqlstate=None):
        super().__init__()
        self.msg = msg
        self._full_msg = self.msg
        self.errno = errno or -1
        self.sqlstate = sqlstate
        if self.msg and self.errno != -1:
            fields = {"errno": self.errno, "msg": self.msg}
            if self.sqlstate:
                fmt = "{errno} ({state}): {msg}"
                fields["state"] = self.sqlstate
            else:
                fmt = "{errno}: {msg}"
            self._full_msg = fmt.format(**fields)

    def __str__(self):
        return self._full_msg


class Refused(Exception):
    def __init__(self, reason, code=None):
        self.code = code
        self.text = f"refused ({code}): {reason}"
        if self.code is None:
            self.text = f"refused: {reason}"
            raise ValueError("a code is needed")

    def __str__(self):
        return self.text


class BlockedForever(Exception):
    def __repr__(self):
        if len(self.args) == 3:
            return "%s\\n\\tHub: %s\\n\\tHandles:\\n%s" % (self.args[0], self.args[1], self.args[2])
        return Exception.__repr__(self)

    def __str__(self):
        return repr(self)


class Stale(Exception):
    def __repr__(self):
        return f"<stale: {self.args[0]}>"


class Worker:
    def stop(self):
        raise Stale(f"{repr(self)} is stuck")  # <- repr_of_raiser


def run(hub, debug):
    raise BlockedForever("This operation would block forever", hub, debug)  # <- repr_printer


def process(params, err):
    raise Error(f"Failed processing format-parameters; {err}")  # <- message_only


def refuse(why):
    raise Refused(why, 3)  # <- branch_leaves
"""

_MARK = re.compile(r"# <- (\w+)")


@pytest.fixture(scope="module")
def extracted() -> tuple[Extraction, dict[str, int]]:
    marks = {m.group(1): i for i, line in enumerate(SOURCE.split("\n"), 1) if (m := _MARK.search(line))}
    return extract([SourceFile("pkg/errors.py", SOURCE.encode())], "local/pkg", jobs=1), marks


def templates(extracted: tuple[Extraction, dict[str, int]], name: str) -> set[str]:
    ex, marks = extracted
    found = {r.template for r in ex.records if r.line <= marks[name] <= r.end_line}
    assert found, f"no record at {name}"
    return found


def test_super_naming_a_base_skips_that_base_s_initialiser(
    extracted: tuple[Extraction, dict[str, int]],
) -> None:
    # ``super(ParentMissing, self).__init__(message=...)``: ParentMissing's own ``__init__`` (and
    # its text) is skipped, the subclass's message reaches TreeError
    assert templates(extracted, "skipped_init") == {"Statement not found on {node!r}"}
    # ``super(NoParent, self)`` in NoParent is plain ``super()``: ParentMissing's text
    assert templates(extracted, "own_class_named") == {"Parent not found on {node!r}."}


def test_a_printer_bound_by_assignment_in_the_class_body(
    extracted: tuple[Extraction, dict[str, int]],
) -> None:
    # ``__str__ = __repr__``: what ``str()`` shows is the repr the class writes
    assert templates(extracted, "aliased_printer") == {"<HttpError {resp.status} when requesting {uri}>"}


def test_an_attribute_set_again_under_a_test_keeps_its_first_value(
    extracted: tuple[Extraction, dict[str, int]],
) -> None:
    # before: only the formatted forms, though a raise without an error number prints the
    # message alone; no ``sqlstate`` passed, so no ``({state})`` form either
    assert templates(extracted, "message_only") == {
        "Failed processing format-parameters; {err}",
        "{errno}: Failed processing format-parameters; {err}",
    }


def test_a_branch_that_raises_does_not_reach_the_printer(
    extracted: tuple[Extraction, dict[str, int]],
) -> None:
    # the ``if`` whose body sets the text, then raises: the initialiser goes on with the text
    # set before it (before: the body's, which no instance prints)
    assert templates(extracted, "branch_leaves") == {"refused (3): {why}"}


def test_a_printer_returning_its_own_repr_shows_the_class_s_repr(
    extracted: tuple[Extraction, dict[str, int]],
) -> None:
    # ``__str__`` returning ``repr(self)``: the class's ``__repr__`` for this instance, its
    # three arguments (before: one placeholder, ``{repr(self)}``, fitting any text)
    assert templates(extracted, "repr_printer") == {
        "This operation would block forever\n\tHub: {hub}\n\tHandles:\n{debug}"
    }
    # ``repr(self)`` written at the raise is the raising object's, not the exception's (a class
    # with a ``__repr__`` but Python's ``__str__`` prints its argument)
    assert templates(extracted, "repr_of_raiser") == {"{repr(self)} is stuck"}
