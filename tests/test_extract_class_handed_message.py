"""Messages an exception class builds and hands to its base in ways the class summary missed
(issue #10: "messages that exception classes ... build").

- By keyword to a base outside the codebase: ``super().__init__(msg=self.get_message())``, the
  base a library's class, ``get_message`` an f-string of the fields ``__init__`` set from its
  parameters. Python's own initialisers take no message by keyword, so the keyword is the
  message such a base prints; before, nothing reached ``args`` and the template was empty.
- As a tuple display handed on to an initialiser that spreads it: ``super().__init__(message,
  exc_args=(message if not type else f"{type}: {message}",))`` to one that calls
  ``super().__init__(*exc_args)``. The display's items now travel with the argument through
  each ``__init__`` of the chain; before, the spread stayed ``{*exc_args}``.
"""

from __future__ import annotations

import re

from errdex.extract import extract
from errdex.model import SourceFile

SOURCE = """\
from vendorlib.errors import CompilationError


class NamespaceNotString(CompilationError):
    def __init__(self, kwarg_type) -> None:
        self.kwarg_type = kwarg_type
        super().__init__(msg=self.get_message())

    def get_message(self) -> str:
        msg = (
            "The namespace parameter to dispatch "
            f"is a {self.kwarg_type}, not a string"
        )
        return msg


class TargetMissing(CompilationError):
    def __init__(self, node, target_name, disabled=None):
        self.node = node
        self.target_name = target_name
        self.disabled = disabled
        super().__init__(msg=self.get_message())

    def get_message(self) -> str:
        if self.disabled:
            reason = "is disabled"
        else:
            reason = "was not found"
        return f"'{self.node.unique_id}' depends on '{self.target_name}' which {reason}"


class Unresolved(CompilationError):
    def __init__(self, name) -> None:
        self.name = name
        super().__init__(msg=self.get_message())

    def get_message(self) -> str:
        return f"{self.name} unresolved at {self.location}"


class Coded(CompilationError):
    def __init__(self, code) -> None:
        super().__init__(code=code)


def dispatch(kind):
    raise NamespaceNotString(kind)  # <- by_keyword


def ref(node, name, off):
    raise TargetMissing(node, name, disabled=off)  # <- branches


def resolve(name):
    raise Unresolved(name)  # <- elsewhere


def coded(c):
    raise Coded(c)  # <- no_message


class FailureError(Exception):
    def __init__(self, message, *, failure=None, exc_args=None):
        if exc_args is None:
            exc_args = (message,)
        super().__init__(*exc_args)
        self._message = message


class ApplicationError(FailureError):
    def __init__(self, message, *details, type=None, non_retryable=False):
        super().__init__(
            message,
            exc_args=(message if not type else f"{type}: {message}",),
        )
        self._type = type


def typed(name):
    raise ApplicationError(f"Activity {name} failed", type="Boom", non_retryable=True)  # <- typed


def untyped(name):
    raise ApplicationError(f"Activity {name} failed")  # <- untyped
"""

_MARK = re.compile(r"# <- (\w+)")


def _templates() -> dict[str, set[str]]:
    marks = {m.group(1): i for i, line in enumerate(SOURCE.split("\n"), 1) if (m := _MARK.search(line))}
    ex = extract([SourceFile("pkg/errors.py", SOURCE.encode())], "local/pkg", jobs=1)
    return {name: {r.template for r in ex.records if r.line == line} for name, line in marks.items()}


def test_a_message_handed_by_keyword_to_a_base_outside_the_codebase_is_what_it_prints() -> None:
    at = _templates()
    # before: {""} (nothing reached ``args``)
    assert at["by_keyword"] == {"The namespace parameter to dispatch is a {kind}, not a string"}
    # the method's branches give one template each
    assert at["branches"] == {
        "'{node.unique_id}' depends on '{name}' which is disabled",
        "'{node.unique_id}' depends on '{name}' which was not found",
    }


def test_a_method_reading_state_set_elsewhere_keeps_its_placeholder() -> None:
    at = _templates()
    assert at["elsewhere"] == {"{name} unresolved at {self.location}"}
    # a keyword that is no message gives no text
    assert at["no_message"] == {""}


def test_a_tuple_display_handed_on_is_spread_by_the_initialiser_it_reaches() -> None:
    at = _templates()
    # before: {"{*exc_args}"} both
    assert at["typed"] == {"Boom: Activity {name} failed"}
    assert at["untyped"] == {"Activity {name} failed"}
