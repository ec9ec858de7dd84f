"""A factory of exceptions (its return annotation names an exception class) may hand back what
another factory builds: ``return self._tag_error(i) or self._dev_error(i)``, ``err =
self._implicit_error(i)`` ... ``return err``, or ``return self._separator_error(i)`` after a
``return StrictError(...)`` of its own. Each of those is an exit whose exception the factory's
callers raise (``err = self.segment_error(i); raise err``), so the raise prints their texts too,
two factory levels below it. Exact templates from parsed code, never imported."""

from __future__ import annotations

from errdex.extract import extract
from errdex.model import SourceFile

SOURCE = """\
class StrictError(ValueError):
    pass


class Parser:
    def implicit_error(self, index) -> StrictError | None:
        if index < 0:
            return None
        return StrictError(f"Implicit shorthand at {index} is not allowed")

    def tag_error(self, index, kind) -> StrictError | None:
        if index < 0:
            return None
        return StrictError(f"{kind} tag at {index} is not allowed")

    def separator_error(self, index) -> StrictError | None:
        return StrictError(f"Separator at {index} is not allowed")

    def segment_error(self, index, after) -> StrictError | None:
        if after:
            return StrictError(f"Pre-release tag at {index} is not allowed")
        if index > 10:
            return self.tag_error(index, "post") or self.tag_error(index, "dev")
        err = self.implicit_error(index)
        if err is not None:
            return err
        return self.separator_error(index)

    def finish(self, index):
        err = self.segment_error(index, False)
        if err is not None:
            raise err
"""

# a function that returns helpers' results but builds no exception: its callers' raise of what it
# returns keeps the unknown class, however its helpers end
PLAIN = """\
def label(x):
    return x.strip() or x.title()


def fail(x):
    err = label(x)
    raise err
"""


def _got(src: str) -> set[tuple[int, str, str]]:
    records = extract([SourceFile("m/__init__.py", src.encode())], "local/m", jobs=1).records
    return {(r.line, r.exc_type, r.template) for r in records}


def test_a_raise_prints_what_every_exit_of_the_factory_builds() -> None:
    at_raise = {(t, text) for line, t, text in _got(SOURCE) if line == 32}
    assert at_raise == {
        ("StrictError", "Pre-release tag at {index} is not allowed"),  # its own ``return StrictError``
        ("StrictError", "post tag at {index} is not allowed"),  # ``a() or b()``: either call's
        ("StrictError", "dev tag at {index} is not allowed"),
        ("StrictError", "Implicit shorthand at {index} is not allowed"),  # a local bound from a call
        ("StrictError", "Separator at {index} is not allowed"),  # a helper's after its own exit
    }


def test_helpers_of_a_function_that_builds_no_exception_are_no_exits() -> None:
    assert {(line, t) for line, t, _ in _got(PLAIN)} <= {(7, "<unknown>")}
