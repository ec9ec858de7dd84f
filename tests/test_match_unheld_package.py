"""A message pasted alone whose class is module-qualified into a package the catalogue does not
hold (``pydantic_core._pydantic_core.ValidationError: ...``) is no catalogued raise: a library's
own class of the same last name, raised with a template all placeholder (a wrapper of whatever
it caught), is a namesake and at best approximate. The same class qualified with the library's
own package, or named bare, or a standard-library class, still gets its exact answer. On a real
catalogue indexed from fixture code."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from errdex.match import Matcher
from errdex.match.matcher import names_unheld_package
from errdex.store import Store

# a table library wrapping the validation errors of a model library it does not ship
EXCEPTIONS = """\
class ValidationError(Exception):
    pass
"""

METADATA = """\
from tablekit.exceptions import ValidationError


def parse_raw(data, validate):
    try:
        return validate(data)
    except Exception as e:
        raise ValidationError(e) from e
"""

PASTE = (
    "1 validation error for GenerateConfig\n"
    "temperature\n"
    "  Input should be a valid number, unable to parse string as a number "
    "[type=float_parsing, input_value='hot', input_type=str]"
)


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    from errdex.pipeline import index

    root = tmp_path_factory.mktemp("unheld")
    src = root / "src"  # indexed above the package, so its paths (and top-level name) are tablekit/...
    pkg = src / "tablekit"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "exceptions.py").write_text(EXCEPTIONS)
    (pkg / "metadata.py").write_text(METADATA)
    db = str(root / "c.db")
    index(str(src), db, jobs=1)
    with Store.open(db) as store:
        yield Matcher.load(store)


def test_another_packages_class_gets_no_exact_namesake(matcher: Matcher) -> None:
    res = matcher.explain(f"pydantic_core._pydantic_core.ValidationError: {PASTE}")
    assert all(m.approximate for m in res.matches), [(m.function, m.approximate) for m in res.matches]


@pytest.mark.parametrize("cls", ["ValidationError", "tablekit.exceptions.ValidationError"])
def test_the_librarys_own_class_still_gets_its_raise(matcher: Matcher, cls: str) -> None:
    res = matcher.explain(f"{cls}: {PASTE}")
    assert res.matches and not res.matches[0].approximate, res.verdict
    assert res.matches[0].function == "parse_raw"


def test_which_qualified_names_point_outside(matcher: Matcher) -> None:
    idx = matcher.index
    assert names_unheld_package(idx, ["pydantic_core._pydantic_core.ValidationError"], [])
    assert not names_unheld_package(idx, ["tablekit.exceptions.ValidationError"], [])
    assert not names_unheld_package(idx, ["ValidationError"], [])
    # the standard library's classes are raised by libraries themselves
    assert not names_unheld_package(idx, ["configparser.NoSectionError"], [])
    assert not names_unheld_package(idx, [], [])
    assert not names_unheld_package(idx, ["log.WARNING"], [])  # a log record's level
