"""A real virtualenv with a real package in it, for the tests of errdex where errors happen.

The package is ``packaging`` 26.4, its wheel fetched (sha256-verified) by errdex's own sources
stage into the user cache, so only the first run needs the registry. It is installed into a
fresh ``python -m venv`` by pip, as a user would; errdex itself is made importable there by a
``.pth`` file naming errdex's source folder and its own environment's site directory (after the
venv's own, so the venv's packaging wins).

The same venv gets ``shoplib``, a small distribution written here with its own ``RECORD``: it
warns with ``stacklevel=2`` (the warning points into the caller) and raises through a helper
(a relay), the two cases the real package does not have.
"""

from __future__ import annotations

import base64
import hashlib
import subprocess
import sys
import sysconfig
from pathlib import Path

PACKAGING = "pypi:packaging==26.4"

SHOPLIB = {
    "shoplib/__init__.py": (
        "import warnings\n"
        "\n"
        "\n"
        "def _check(ok, message):\n"
        "    if not ok:\n"
        "        raise ValueError(message)\n"
        "\n"
        "\n"
        "def buy(count):\n"
        '    _check(count > 0, "count must be positive, got a smaller number")\n'
        "    return count\n"
        "\n"
        "\n"
        "def old_buy(count):\n"
        '    warnings.warn("old_buy() is deprecated; use buy() instead", DeprecationWarning, stacklevel=2)\n'
        "    return buy(count)\n"
    ),
}


def packaging_wheel() -> Path:
    """The cached packaging wheel, downloaded by errdex's sources stage when not there yet."""
    from errdex.sources import default_cache_dir, open_source

    open_source(PACKAGING)  # fetches and verifies the wheel, or reuses the verified cached one
    found = sorted((default_cache_dir() / "wheels").glob("packaging-26.4-*.whl"))
    assert found, "the sources stage keeps the wheel in the cache"
    return found[0]


def make_venv(root: Path) -> Path:
    """A virtualenv at ``root`` with packaging (by pip) and shoplib; returns its python."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(root)], check=True)
    python = root / "bin" / "python"
    subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-index", "--no-deps",
         str(packaging_wheel())],
        check=True,
    )  # fmt: skip
    site = Path(
        subprocess.run(
            [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            check=True, capture_output=True, text=True,
        ).stdout.strip()
    )  # fmt: skip
    write_dist(site, "shoplib", "1.0", SHOPLIB)
    src = Path(__import__("errdex").__file__).resolve().parents[1]
    (site / "zz_errdex_dev.pth").write_text(f"{src}\n{sysconfig.get_paths()['purelib']}\n")
    return python


def write_dist(site: Path, name: str, version: str, files: dict[str, str]) -> None:
    """Install ``files`` as distribution ``name`` the way an installer leaves it: the files, and
    a ``.dist-info`` with METADATA and a RECORD listing them."""
    info = site / f"{name}-{version}.dist-info"
    info.mkdir(parents=True)
    rows = []
    for rel, text in files.items():
        path = site / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        digest = base64.urlsafe_b64encode(hashlib.sha256(text.encode()).digest()).rstrip(b"=").decode()
        rows.append(f"{rel},sha256={digest},{len(text.encode())}")
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n")
    rows += [f"{info.name}/METADATA,,", f"{info.name}/RECORD,,"]
    (info / "RECORD").write_text("\n".join(rows) + "\n")


def write_data_only_dist(site: Path) -> None:
    """A distribution with no Python file (fonts, a data table): indexing passes it over."""
    write_dist(site, "datapack", "2.0", {"datapack_data/table.csv": "a,b\n1,2\n"})


def site_of(python: Path) -> Path:
    out = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True, capture_output=True, text=True,
    )  # fmt: skip
    return Path(out.stdout.strip())
