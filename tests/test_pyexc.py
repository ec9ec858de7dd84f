"""What errdex says about built-in exceptions: one table, and pages that use it.

A raise of ``PermissionError``, ``TimeoutError`` or ``LookupError`` is Python's own exception,
not a class of the indexed library; the page must say what it means. A class the library
defines is still described as its own, with the meaning of the built-in it derives from.
"""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from errdex import pyexc
from errdex.pipeline import index
from errdex.store import Store
from errdex.views import error_view

LIBRARY = '''
class ShopError(Exception):
    """Base class of the shop's errors."""


class OutOfStock(ShopError, LookupError):
    pass


def open_till(user):
    if not user.admin:
        raise PermissionError(f"{user.name} may not open the till")


def wait_for_card(seconds):
    if seconds > 30:
        raise TimeoutError(f"no card after {seconds} s")


def lookup(table, key):
    if key not in table:
        raise LookupError(f"no entry {key + 1} in the table")


def sell(item):
    if item.count == 0:
        raise ShopError(f"{item.name} cannot be sold")


def buy(item, k):
    if item.count < 0:
        raise OutOfStock(f"item {k + 1} is out of stock")


def fail_loudly():
    raise Exception("something went wrong")
'''


@pytest.fixture(scope="module")
def catalogue(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, dict[str, str]]:
    root = tmp_path_factory.mktemp("pyexc")
    (root / "shop").mkdir()
    (root / "shop" / "__init__.py").write_text(LIBRARY)
    db = str(root / "c.db")
    index(str(root), db, jobs=1)
    with Store.open(db) as store:
        _, rows = store.list_errors()
    return db, {r.function: r.id for r in rows}


def _meaning(db: str, error_id: str) -> str:
    with Store.open(db) as store:
        return str(error_view(store, store.get_error(error_id)).to_json()["analysis"]["meaning"]["text"])


@pytest.mark.parametrize(
    ("function", "expected"),
    [
        ("open_till", "the operating system refused access"),
        ("wait_for_card", "did not finish within its time limit"),
        ("lookup", "a lookup by key or index found no entry"),
        ("fail_loudly", pyexc.GENERAL),
    ],
)
def test_a_builtin_raise_is_described_as_python_s_own(
    catalogue: tuple[str, dict[str, str]], function: str, expected: str
) -> None:
    db, ids = catalogue
    text = _meaning(db, ids[function])
    assert expected in text
    assert "specific to this library" not in text


def test_a_library_class_keeps_its_own_description(catalogue: tuple[str, dict[str, str]]) -> None:
    db, ids = catalogue
    assert "is a kind of error specific to this library" in _meaning(db, ids["sell"])
    assert "is a codebase-specific kind of LookupError" in _meaning(db, ids["buy"])


def test_every_builtin_exception_has_a_meaning() -> None:
    assert {"PermissionError", "TimeoutError", "LookupError", "IOError"} <= pyexc.BUILTIN_EXCEPTIONS
    for name in pyexc.BUILTIN_EXCEPTIONS:
        meaning = pyexc.builtin_meaning(name)
        assert meaning and "specific to this library" not in meaning, name
    assert pyexc.builtin_meaning("ShopError") is None
    assert (
        pyexc.builtin_meaning("builtins.BlockingIOError") == "a kind of OSError: " + pyexc.MEANINGS["OSError"]
    )
    assert "FileNotFoundError" in pyexc.OS_ERRORS and "ValueError" not in pyexc.OS_ERRORS


def test_related_titles_show_a_placeholder_whole(catalogue: tuple[str, dict[str, str]]) -> None:
    """The page lists the other errors of the file under short titles; ``{k + 1}`` stays itself."""
    db, ids = catalogue
    with Store.open(db) as store:
        err = store.get_error(ids["lookup"])
        assert err is not None
        repo = err.repo
        with TestClient(create_app_for(db)) as client:
            html = client.get(f"/{repo}/errors/{ids['lookup']}").text
        titles = re.findall(r'class="mono">([^<]*)</a>', html)
        assert "item {k + 1} is out of stock" in titles
        assert not [t for t in titles if "{k}" in t or ("{k +" in t and "{k + 1}" not in t)]


def create_app_for(db: str) -> object:
    from errdex.web.app import create_app

    return create_app(db)
