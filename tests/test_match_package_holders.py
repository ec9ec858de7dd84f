"""Whether the package a dotted class names (``idn.errors.LookupFailed``) is held by the catalogue
has one answer, ``Index.package_holders``, read by every rule that weighs a pasted class's module:
the raises of that class (``Matcher._typed``), a message answered by its class alone
(``Matcher._named_class``), a namesake of another package's class (``names_unheld_package``),
the codebases a paste points to. A package folder indexed as itself (``errdex index ~/src/idn``)
stores ``errors.py``, not ``idn/errors.py``: its codebase's name is the package the paste names,
for each of those rules alike. On a real folder, indexed in the test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from errdex.match import Matcher
from errdex.match.frames import frame_info
from errdex.match.matcher import names_unheld_package, points_elsewhere
from errdex.match.parse import Frame
from errdex.store import Store

ERRORS = """\
class ConnectionError(Exception):
    pass


class LookupFailed(Exception):
    pass
"""

CORE = """\
from .errors import ConnectionError, LookupFailed


def connect(host, port):
    if port < 0:
        raise ConnectionError(f"cannot reach {host} on port {port}")
    return host, port


def resolve(name, table):
    if name not in table:
        raise LookupFailed(f"no record named {name} in the zone table")
    return table[name]
"""


ZONE = """\
from .errors import LookupFailed


def lookup(name, records):
    if name not in records:
        raise LookupFailed(f"no record named {name} in the zone table")
    return records[name]
"""


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    from errdex.pipeline import index

    root = tmp_path_factory.mktemp("holders")
    db = str(root / "c.db")
    # two package folders, each indexed itself (their paths are errors.py, core.py, zone.py),
    # raising a class of the same name with the same text
    for name, module, code in [("idn", "core", CORE), ("other", "zone", ZONE)]:
        pkg = root / name
        pkg.mkdir()
        (pkg / "__init__.py").write_text("")
        (pkg / "errors.py").write_text(ERRORS)
        (pkg / f"{module}.py").write_text(code)
        index(str(pkg), db, jobs=1)
    with Store.open(db) as store:
        yield Matcher.load(store)


def test_a_folder_indexed_as_itself_holds_the_package_of_its_name(matcher: Matcher) -> None:
    idx = matcher.index
    assert "idn" not in idx.packages()  # the stored paths do not say it
    assert idx.package_holders("idn") == {"local/idn"}
    assert idx.package_holders("core") == {"local/idn"}  # a top-level module of its files
    assert idx.package_holders("zone") == {"local/other"}
    assert idx.package_holders("elsewhere") == set()


def test_a_builtin_named_class_of_the_folder_is_its_class(matcher: Matcher) -> None:
    # ``ConnectionError`` alone is the built-in one; with the folder's package it is the
    # library's, and its raise is where the text came from even when no template fits it
    res = matcher.explain("idn.errors.ConnectionError: the remote end hung up unexpectedly")
    assert res.matches, res.verdict
    assert res.matches[0].function == "connect", [(m.function, m.path) for m in res.matches]
    assert res.matches[0].approximate


@pytest.mark.parametrize(("cls", "function"), [("idn", "resolve"), ("other", "lookup")])
def test_the_dotted_class_points_to_its_folder(matcher: Matcher, cls: str, function: str) -> None:
    # the same text raised in both folders: the package the paste names tells them apart
    res = matcher.explain(f"{cls}.errors.LookupFailed: no record named www in the zone table")
    assert res.matches and not res.matches[0].approximate, res.verdict
    assert [m.function for m in res.matches if not m.approximate] == [function]


@pytest.mark.parametrize(("cls", "function"), [("idn", "resolve"), ("other", "lookup")])
def test_the_dotted_class_keeps_its_folders_raises(matcher: Matcher, cls: str, function: str) -> None:
    # no template fits: the raises of the class named are those of the package named
    res = matcher.explain(f"{cls}.errors.LookupFailed: the service answered 503 twice")
    assert [m.function for m in res.matches] == [function]


def test_the_folders_class_is_no_namesake(matcher: Matcher) -> None:
    idx = matcher.index
    assert not names_unheld_package(idx, ["idn.errors.LookupFailed"], [])
    assert names_unheld_package(idx, ["elsewhere.errors.LookupFailed"], [])


def test_an_installed_frame_of_the_folders_package_is_no_other_package(matcher: Matcher) -> None:
    # a traceback ending in the folder's package installed, in a file that raises nothing (no
    # catalogue path ends with it): it does not point only into packages the catalogue lacks
    idx = matcher.index
    for pkg, elsewhere in [("other", False), ("elsewhere", True)]:
        tb = [
            Frame("/home/u/app.py", 3, "<module>", "main()"),
            Frame(f"/venv/lib/python3.13/site-packages/{pkg}/cli.py", 12, "main", "table[name]"),
        ]
        assert points_elsewhere(idx, ["KeyError"], tb, frame_info(idx, tb)) is elsewhere, pkg
