"""Raise sites by file content and line, on SQLite (fast reader and full store) and PostgreSQL."""

from __future__ import annotations

import hashlib
from pathlib import Path

SOURCE = (
    "def check(ok, message):\n"
    "    if not ok:\n"
    "        raise ValueError(message)\n"
    "\n"
    "\n"
    "def buy(count):\n"
    "    check(count > 0, 'count must be positive')\n"
    "    if count > 10:\n"
    "        raise OverflowError(\n"
    "            f'at most 10 at a time, not {count}'\n"
    "        )\n"
)


def test_raise_sites_and_packages(db_url: str, tmp_path: Path) -> None:
    from errdex.pipeline import index
    from errdex.store import Store
    from errdex.store.fast import open_reader

    root = tmp_path / "shop"
    (root / "shop").mkdir(parents=True)
    (root / "shop" / "cart.py").write_text(SOURCE)
    index(str(root), db_url, jobs=1)
    sha = hashlib.sha256(SOURCE.encode()).hexdigest()
    with Store.open(db_url, readonly=True) as store, open_reader(db_url) as fast_reader:
        for reader in (store, fast_reader):
            # every line of a multi-line statement names it
            for line in (9, 10, 11):
                (row,) = reader.raise_sites("shop/cart.py", sha, line)
                assert (row.exc_type, row.line, row.end_line, row.function) == ("OverflowError", 9, 11, "buy")
                assert row.guards == ["count > 10"] and not row.relay
            (relay,) = reader.raise_sites("shop/cart.py", sha, 3)
            (call,) = reader.raise_sites("shop/cart.py", sha, 7)
            assert relay.relay and not call.relay and call.template == "count must be positive"
            assert reader.raise_sites("shop/cart.py", sha, 5) == []
            assert reader.raise_sites("shop/cart.py", "0" * 64, 9) == []  # other content: not this record
            assert (
                reader.has_package("shop")
                and not reader.has_package("sho")
                and not reader.has_package("cart")
            )
            assert reader.has_snapshots()
