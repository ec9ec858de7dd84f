"""The analysis of one error reads the code facts of the catalogue, and never parses code again.

On ``shop_package`` (see its docstring) the expected answers were worked out by hand from the
source: which public functions reach each raise, through which calls, and under which name.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from shop_package import PACKAGE, write_package

from errdex.analysis import context
from errdex.pipeline import index
from errdex.store import Store
from errdex.views import error_view


@pytest.fixture(scope="module")
def shop(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    tmp = tmp_path_factory.mktemp("shop")
    db = str(tmp / "c.db")
    index(str(write_package(tmp / "shop")), db, jobs=1)
    context.clear()
    with Store.open(db) as store:
        yield store


def _analysis(store: Store, function: str) -> dict[str, Any]:
    [row] = [r for r in store.list_errors()[1] if r.function == function]
    return error_view(store, store.get_error(row.id)).to_json()["analysis"]


def test_reached_through_a_method_a_rare_name_a_module_import_and_a_renamed_re_export(shop: Store) -> None:
    [reach] = _analysis(shop, "Cart._inner")["reached_from"]
    assert reach == {
        "function": "shop.buy",  # ``checkout`` as the package exports it
        "path": "shop/api.py",
        "line": 5,
        "via": ["shop._core.Cart._inner", "shop._core.Cart.check", "shop._core._total"],
        "dynamic": True,  # ``c.check()``: ``check`` is defined once, so it is taken to be ``Cart.check``
    }


def test_callers_in_code_order_and_the_nearest_public_ones_first(shop: Store) -> None:
    reached = _analysis(shop, "_validate")["reached_from"]
    assert [(r["function"], r["via"]) for r in reached] == [
        ("shop.api.refund", ["shop._core._validate"]),  # through ``from ._core import _validate``
        ("shop.buy", ["shop._core._validate", "shop._core._total"]),
    ]
    nested = _analysis(shop, "_validate.<locals>.helper")["reached_from"]
    assert [r["via"][:2] for r in nested] == [
        ["shop._core._validate.<locals>.helper", "shop._core._validate"]
    ] * 2


def test_related_errors_examples_and_contrast_from_indexed_queries(shop: Store) -> None:
    a = _analysis(shop, "_validate")
    assert [(r["relation"], r["template"]) for r in a["related"]] == [
        ("similar message", "empty cart"),
        ("same module", "nested"),
    ]
    [example] = a["examples"]
    assert example["function"] == "test_empty" and "buy([])" in example["source"]
    [contrast] = a["contrast"]
    assert (contrast["function"], contrast["shared"]) == ("test_full", ["buy"])
    assert a["tests_note"].endswith("1 test(s) expect this error.")
    assert "`cart` is false (or empty)" in a["trigger"]["conditions"][0]


def test_no_file_is_parsed_again(shop: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """Analysis parses guard snippets and code it writes, never a file of the snapshot."""
    parsed: list[str] = []
    real = ast.parse

    def recording(source: Any, *args: Any, **kwargs: Any) -> ast.AST:
        parsed.append(source if isinstance(source, str) else source.decode())
        return real(source, *args, **kwargs)

    monkeypatch.setattr(ast, "parse", recording)
    context.clear()
    for row in shop.list_errors()[1]:
        error_view(shop, shop.get_error(row.id))
    assert parsed  # the guards were read
    files = {text.strip() for text in PACKAGE.values()}
    assert not [p for p in parsed if p.strip() in files]
    assert max(p.count("\n") for p in parsed) < 3


def test_no_project_index_is_pickled_into_the_catalogue(shop: Store) -> None:
    from sqlalchemy import select

    from errdex.store import schema as s

    context.clear()
    for row in shop.list_errors()[1]:
        error_view(shop, shop.get_error(row.id))
    with shop.engine.connect() as conn:
        names = [r[0] for r in conn.execute(select(s.artifacts.c.name))]
    assert not [n for n in names if n.startswith("explain-index")]
    src = Path(context.__file__).parent
    assert not [p.name for p in src.glob("*.py") if "pickle" in p.read_text()]


def test_cyclic_imports_and_bases_end_the_walk(tmp_path: Path) -> None:
    """Code that cannot run is still analysed: an import cycle and classes deriving each other."""
    files = {
        "loop/__init__.py": "",
        "loop/a.py": "from loop.b import x\n",
        "loop/b.py": "from loop.a import x\n\n\nclass A(B):\n    pass\n\n\nclass B(A):\n    pass\n",
        "loop/d.py": "def k(v):\n    if v:\n        raise ValueError('v is set')\n",
        # ``x`` is bound twice: the cycle first, then ``k``, which a call of ``x`` reaches
        "loop/c.py": "from loop.a import x\nfrom loop.d import k as x\n\n\ndef entry(v):\n    x(v)\n",
    }
    root = tmp_path / "loop"
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    db = str(tmp_path / "c.db")
    index(str(root), db, jobs=1)
    context.clear()
    with Store.open(db) as store:
        [row] = store.list_errors()[1]
        assert error_view(store, store.get_error(row.id)).to_json()["analysis"]["reached_from"] == [
            {
                "function": "loop.c.entry",
                "path": "loop/c.py",
                "line": 5,
                "via": ["loop.d.k"],
                "dynamic": False,
            }
        ]
        ctx = context.get_context(store, row.snapshot_id)
        assert ctx.index.resolves("loop.b.A") and not ctx.index.resolves("loop.b.A.missing")
