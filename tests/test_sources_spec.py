"""How SOURCE strings are read, forge URL recognition, and PyPI file choice (no network)."""

from __future__ import annotations

from pathlib import Path

import pytest

from errdex.sources import SourceError, default_cache_dir
from errdex.sources.forge import forge_repo
from errdex.sources.pypi import ReleaseFile, choose_file, source_repo
from errdex.sources.spec import DirSpec, GitSpec, PypiSpec, parse_spec


def test_pypi_specs() -> None:
    assert parse_spec("pypi:jax==0.10.2") == PypiSpec("jax", "0.10.2")
    assert parse_spec("pypi:scikit-learn") == PypiSpec("scikit-learn", None)
    for bad in ("pypi:", "pypi:jax==", "pypi:jax==../../x", "pypi:a b", "pypi:jax>=1"):
        with pytest.raises(SourceError, match="invalid PyPI source"):
            parse_spec(bad)


def test_url_specs() -> None:
    assert parse_spec("https://github.com/jax-ml/jax.git") == GitSpec(
        "https://github.com/jax-ml/jax.git", "HEAD", True
    )
    assert parse_spec("https://github.com/jax-ml/jax@v0.4.30") == GitSpec(
        "https://github.com/jax-ml/jax", "v0.4.30", True
    )
    assert parse_spec("git:https://user@example.org/r.git@main") == GitSpec(
        "https://user@example.org/r.git", "main", True
    )
    assert parse_spec("file:///srv/repo@feature/x") == GitSpec("file:///srv/repo", "feature/x", True)
    with pytest.raises(SourceError, match="unsupported URL"):
        parse_spec("ftp://example.org/x")


def test_path_specs(tmp_path: Path) -> None:
    (tmp_path / "odd@name").mkdir()
    assert parse_spec(str(tmp_path)) == DirSpec(tmp_path)
    assert parse_spec(f"{tmp_path}@v1") == GitSpec(str(tmp_path), "v1", False)
    assert parse_spec(f"git:{tmp_path}") == GitSpec(str(tmp_path), "HEAD", False)
    assert parse_spec(str(tmp_path / "odd@name")) == DirSpec(tmp_path / "odd@name")  # exists: taken whole
    with pytest.raises(SourceError, match="no such directory"):
        parse_spec(str(tmp_path / "missing"))
    with pytest.raises(SourceError, match="no such directory"):
        parse_spec(f"{tmp_path / 'missing'}@HEAD")
    with pytest.raises(SourceError, match="invalid git revision"):
        parse_spec(f"{tmp_path}@")
    with pytest.raises(SourceError, match="empty source"):
        parse_spec("  ")


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("https://github.com/jax-ml/jax.git", ("jax-ml/jax", "https://github.com/jax-ml/jax")),
        ("https://github.com/jax-ml/jax", ("jax-ml/jax", "https://github.com/jax-ml/jax")),
        (
            "http://www.github.com/psf/requests/tree/main/src/",
            ("psf/requests", "https://github.com/psf/requests"),
        ),
        ("git+https://github.com/a/b.git", ("a/b", "https://github.com/a/b")),
        ("git@github.com:acme/widget.git", ("acme/widget", "https://github.com/acme/widget")),
        ("ssh://git@codeberg.org/x/y.git", ("x/y", "https://codeberg.org/x/y")),
        ("https://gitlab.com/grp/sub/proj/-/tree/main", ("grp/sub/proj", "https://gitlab.com/grp/sub/proj")),
        ("https://github.com/sponsors/someone", None),
        ("https://github.com/onlyowner", None),
        ("https://example.org/a/b", None),
        ("https://jax.readthedocs.io", None),
    ],
)
def test_forge_repo(url: str, expected: tuple[str, str] | None) -> None:
    assert forge_repo(url) == expected


def test_source_repo_prefers_source_keys() -> None:
    urls = {
        "Changelog": "https://github.com/other/fork/blob/main/CHANGES.md",
        "Homepage": "https://example.org",
        "Source Code": "https://github.com/psf/requests",
    }
    assert source_repo(urls, None) == ("psf/requests", "https://github.com/psf/requests")
    assert source_repo({"Docs": "https://x.io"}, "https://github.com/a/b") == (
        "a/b",
        "https://github.com/a/b",
    )
    assert source_repo({}, None) is None


def _f(name: str, kind: str = "bdist_wheel") -> ReleaseFile:
    return ReleaseFile(name, f"https://files/{name}", "0" * 64, 1, None, kind)


def test_choose_pure_wheel_first() -> None:
    files = [
        _f("x-1.0.tar.gz", "sdist"),
        _f("x-1.0-cp313-cp313-manylinux_2_17_x86_64.whl"),
        _f("x-1.0-py2.py3-none-any.whl"),
    ]
    assert choose_file(files) == files[2]


def test_choose_platform_wheel_manylinux_x86_newest_cpython() -> None:
    names = [
        "pandas-2.3.0-cp311-cp311-manylinux_2_17_x86_64.manylinux2014_x86_64.whl",
        "pandas-2.3.0-cp313-cp313-macosx_11_0_arm64.whl",
        "pandas-2.3.0-cp313-cp313-win_amd64.whl",
        "pandas-2.3.0-cp313-cp313t-manylinux_2_17_x86_64.manylinux2014_x86_64.whl",
        "pandas-2.3.0-cp313-cp313-manylinux_2_17_x86_64.manylinux2014_x86_64.whl",
        "pandas-2.3.0-cp313-cp313-manylinux_2_17_aarch64.manylinux2014_aarch64.whl",
        "pandas-2.3.0-cp39-cp39-manylinux_2_17_x86_64.manylinux2014_x86_64.whl",
        "pandas-2.3.0.tar.gz",
    ]
    files = [_f(n, "sdist" if n.endswith(".tar.gz") else "bdist_wheel") for n in names]
    assert choose_file(files) == files[4]


def test_a_huge_gpu_wheel_gives_way_to_a_small_one_of_the_same_python() -> None:
    mb = 1024 * 1024
    files = [
        ReleaseFile(
            "torch-2.9.1-cp313-cp313-manylinux_2_28_x86_64.whl", "u", "0" * 64, 900 * mb, None, "bdist_wheel"
        ),
        ReleaseFile(
            "torch-2.9.1-cp313-cp313-manylinux_2_28_aarch64.whl", "u", "0" * 64, 100 * mb, None, "bdist_wheel"
        ),
        ReleaseFile(
            "torch-2.9.1-cp313-none-macosx_11_0_arm64.whl", "u", "0" * 64, 70 * mb, None, "bdist_wheel"
        ),
        ReleaseFile(
            "torch-2.9.1-cp312-none-macosx_11_0_arm64.whl", "u", "0" * 64, 60 * mb, None, "bdist_wheel"
        ),
    ]
    assert choose_file(files) == files[2]  # smallest for the newest CPython, not the older one
    files[0] = ReleaseFile(files[0].filename, "u", "0" * 64, 150 * mb, None, "bdist_wheel")
    assert choose_file(files) == files[0]  # not huge: the usual manylinux x86_64 choice stands


def test_choose_sdist_last() -> None:
    files = [_f("x-1.0.zip", "sdist"), _f("x-1.0.tar.gz", "sdist"), _f("x-1.0.win32.exe", "bdist_wininst")]
    assert choose_file(files) == files[1]
    assert choose_file([_f("x-1.0-py2.7.egg", "bdist_egg")]) is None


def test_default_cache_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("ERRDEX_CACHE", str(tmp_path / "c"))
    assert default_cache_dir() == tmp_path / "c"
    monkeypatch.delenv("ERRDEX_CACHE")
    assert default_cache_dir().name == "errdex"


def test_file_is_not_a_directory(tmp_path: Path) -> None:
    (tmp_path / "x.py").write_text("x")
    with pytest.raises(SourceError, match="is not a directory"):
        parse_spec(str(tmp_path / "x.py"))
