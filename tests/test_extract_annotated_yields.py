"""``for err in self.iter_errors(): raise err`` where ``iter_errors`` builds nothing itself (it
hands on what keyword checkers yield, ``yield from self.checker(...)``) but is annotated
``-> Iterator[ValidationError]``: the raise carries the texts of every ``yield`` in the codebase
of a subclass of that class (a base from another package too), as it carries a generator's own
yields. Without the annotation the raise stays an opaque re-raise."""

from __future__ import annotations

import textwrap

from errdex.extract import extract
from errdex.model import SourceFile

SOURCE = """
from collections.abc import Iterator

from jsonschema.exceptions import ValidationError


class UnresolvableParameterError(ValidationError):
    pass


class Unrelated(Exception):
    pass


class OperationChecker:
    def __call__(self, name: str) -> Iterator[ValidationError]:
        if name.startswith("{"):
            yield UnresolvableParameterError(f"Path parameter {name!r} for 'get' operation was not resolved")


class Other:
    def __call__(self) -> Iterator[Unrelated]:
        yield Unrelated("not a validation error")


class SpecValidator:
    checker = OperationChecker()

    def validate(self) -> None:
        for err in self.iter_errors():
            raise err  # <- annotated

    def iter_errors(self) -> Iterator[ValidationError]:
        yield from self.checker("{x}")


class Plain:
    checker = OperationChecker()

    def validate(self) -> None:
        for err in self.iter_errors():
            raise err  # <- plain

    def iter_errors(self):
        yield from self.checker("{x}")
"""


def _templates() -> dict[str, set[tuple[str, str]]]:
    src = textwrap.dedent(SOURCE)
    ex = extract([SourceFile("pkg/mod.py", src.encode())], "local/pkg", jobs=1)
    lines = src.split("\n")
    out: dict[str, set[tuple[str, str]]] = {}
    for r in ex.records:
        text = lines[r.line - 1]
        if "# <- " in text:
            out.setdefault(text.rsplit("# <- ", 1)[1].strip(), set()).add((r.exc_type, r.template))
    return out


def test_consumer_of_an_annotated_generator_carries_its_subclasses_yields() -> None:
    got = _templates()
    assert (
        "UnresolvableParameterError",
        "Path parameter '{name}' for 'get' operation was not resolved",
    ) in got["annotated"]
    assert not any("not a validation error" in t for _, t in got["annotated"])


def test_unannotated_generator_consumer_stays_opaque() -> None:
    assert not any("Path parameter" in t for _, t in _templates()["plain"])
