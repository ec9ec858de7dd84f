"""``for error in self.iter_errors(x): raise error`` where the keyword functions yield more
texts than a raise carries (``_MAX_YIELDED``): the cap is shared across the yields, one
fullest form of each in turn (the printed form its class's ``__str__`` builds around the bare
message, what the raise's traceback shows); the bare forms stay with the yield sites, which
keep their own records. Taking the yields in order gave the first ones every form and the
last ones nothing at all. Under the cap the raise carries every form, as before."""

from __future__ import annotations

import textwrap

from errdex.extract import extract
from errdex.extract.resolve import _MAX_YIELDED
from errdex.model import SourceFile

SUFFIX = "\n\nFailed validating this keyword"


def _source(keywords: int) -> str:
    checks = "".join(
        f"""
    def check{i}(self, instance, n):
        if n:
            msg = f"{{instance!r}} has too many thing{i}"
        else:
            msg = f"{{instance!r}} has no thing{i}"
        yield ValidationError(msg)
"""
        for i in range(keywords)
    )
    return f"""
from collections.abc import Iterator


class ValidationError(Exception):
    def __init__(self, message):
        self.message = message

    def __str__(self):
        return f"{{self.message}}\\n\\nFailed validating this keyword"


class Validator:
{checks}
    def iter_errors(self, instance) -> Iterator[ValidationError]:
        yield from self.check0(instance, 1)

    def validate(self, instance):
        for error in self.iter_errors(instance):
            raise error  # <- raise
"""


def _records(keywords: int) -> list[tuple[str, str]]:
    """(the source line, the template) of every record of the package."""
    src = textwrap.dedent(_source(keywords))
    ex = extract([SourceFile("pkg/validators.py", src.encode())], "local/pkg", jobs=1)
    lines = src.split("\n")
    return [(lines[r.line - 1], r.template) for r in ex.records]


def _raised(keywords: int) -> set[str]:
    """The texts the ``raise error`` carries."""
    return {t for line, t in _records(keywords) if "# <- raise" in line and t != "{error}"}


def test_every_yield_keeps_its_printed_form_past_the_cap() -> None:
    keywords = 30  # 4 forms each (2 messages, bare and printed): 120 texts, over the cap
    assert keywords * 4 > _MAX_YIELDED
    got = _raised(keywords)
    for i in range(keywords):
        assert f"{{instance!r}} has too many thing{i}{SUFFIX}" in got
        assert f"{{instance!r}} has no thing{i}{SUFFIX}" in got
    # the bare forms the printed ones contain stay with the yield sites (their own records)
    assert len(got) == 2 * keywords
    yielded = {t for line, t in _records(keywords) if "yield ValidationError" in line}
    assert f"{{instance!r}} has no thing{keywords - 1}" in yielded


def test_the_cap_bounds_the_printed_forms_too() -> None:
    keywords = 60  # 120 printed forms: only the cap's worth, one per yield first
    got = _raised(keywords)
    assert len(got) == _MAX_YIELDED
    assert all(t.endswith(SUFFIX) for t in got)
    assert all(f"{{instance!r}} has too many thing{i}{SUFFIX}" in got for i in range(keywords))


def test_under_the_cap_every_form_is_carried() -> None:
    got = _raised(3)
    assert got == {
        f"{{instance!r}} has {kind} thing{i}{end}"
        for i in range(3)
        for kind in ("too many", "no")
        for end in ("", SUFFIX)
    }
