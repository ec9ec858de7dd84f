"""A small package whose call graph, re-exports, tests and errors the code-facts tests look at.

``shop.buy`` is ``shop.api.checkout`` re-exported under another name; ``checkout`` reaches the
private ``shop._core`` through a module import, a class call (``Cart(...)`` runs ``__init__``)
and a method called on an object of unknown type (``c.check()``, resolved by its rare name).
"""

from __future__ import annotations

from pathlib import Path

PACKAGE = {
    "shop/__init__.py": "from .api import checkout as buy\n",
    "shop/api.py": (
        "from shop import _core\n"
        "from ._core import _validate\n\n\n"
        "def checkout(cart):\n"
        "    return _core._total(cart)\n\n\n"
        "def refund(cart):\n"
        "    _validate(cart)\n"
    ),
    "shop/_core.py": (
        "class Cart:\n"
        "    def __init__(self, items):\n"
        "        self.items = items\n\n"
        "    def check(self):\n"
        "        self._inner()\n\n"
        "    def _inner(self):\n"
        "        raise ValueError('empty cart')\n\n\n"
        "def _total(cart):\n"
        "    c = Cart(cart)\n"
        "    c.check()\n"
        "    return _validate(cart)\n\n\n"
        "def _validate(cart):\n"
        "    if not cart:\n"
        "        raise ValueError(f'cart {cart!r} is empty')\n\n"
        "    def helper():\n"
        "        raise KeyError('nested')\n\n"
        "    return helper()\n"
    ),
    "tests/test_shop.py": (
        "import pytest\nfrom shop import buy\n\n\n"
        "def test_empty():\n"
        "    with pytest.raises(ValueError, match='cart .* is empty'):\n"
        "        buy([])\n\n\n"
        "def test_full():\n"
        "    assert buy([1]) is None\n"
    ),
}


def write_package(root: Path, changes: dict[str, str] | None = None) -> Path:
    for rel, text in {**PACKAGE, **(changes or {})}.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    return root
