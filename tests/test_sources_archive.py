"""Hostile archives: traversal, links, caps before and while reading, lying headers."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest
from sources_helpers import make_lying_zip, make_tar, make_zip

from errdex.sources import Limits, SourceError
from errdex.sources.archive import read_tar, read_zip, wheel_path


@pytest.mark.parametrize(
    "bad",
    ["../evil.py", "pkg/../../evil.py", "/etc/evil.py", "C:/evil.py", "c:evil.py", "pkg\\..\\evil.py"],
)
def test_zip_traversal_refuses_the_archive(tmp_path: Path, bad: str) -> None:
    z = make_zip(tmp_path / "x.whl", {"pkg/ok.py": b"ok", bad: b"evil"})
    with pytest.raises(SourceError) as err:
        read_zip(z, Limits())
    assert str(err.value) == f"archive 'x.whl': entry '{bad}' escapes the snapshot root"


def test_tar_traversal_refuses_the_archive(tmp_path: Path) -> None:
    t = make_tar(tmp_path / "x-1.0.tar.gz", {"x-1.0/ok.py": b"ok", "x-1.0/../../evil.py": b"evil"})
    with pytest.raises(SourceError, match=r"entry 'x-1.0/../../evil.py' escapes the snapshot root"):
        read_tar(t, Limits())


def test_tar_symlink_is_skipped_not_followed(tmp_path: Path) -> None:
    t = make_tar(
        tmp_path / "x-1.0.tar.gz",
        {"x-1.0/pkg/a.py": b"a = 1\n", "x-1.0/README.md": b"# x\n", "x-1.0/lib.so": b"\x7fELF"},
        links={"x-1.0/pkg/passwd.py": "/etc/passwd"},
    )
    files, skipped = read_tar(t, Limits())
    assert {f.path: f.data for f in files} == {"pkg/a.py": b"a = 1\n", "README.md": b"# x\n"}  # top stripped
    assert skipped == [("pkg/passwd.py", "link in archive (not followed)")]


def test_zip_symlink_is_skipped(tmp_path: Path) -> None:
    z = tmp_path / "x.whl"
    with zipfile.ZipFile(z, "w") as zf:
        zf.writestr("pkg/a.py", b"a")
        link = zipfile.ZipInfo("pkg/link.py")
        link.external_attr = 0o120777 << 16
        zf.writestr(link, b"/etc/passwd")
    files, skipped = read_zip(z, Limits())
    assert [f.path for f in files] == ["pkg/a.py"]
    assert skipped == [("pkg/link.py", "symlink in archive (not followed)")]


def test_zip_file_count_cap(tmp_path: Path) -> None:
    z = make_zip(tmp_path / "many.whl", {f"pkg/m{i}.py": b"x" for i in range(11)})
    with pytest.raises(SourceError, match=r"^archive 'many.whl' exceeds the 10-file cap$"):
        read_zip(z, Limits(max_files=10))
    assert len(read_zip(z, Limits(max_files=11))[0]) == 11


def test_zip_count_cap_counts_non_source_members_too(tmp_path: Path) -> None:
    z = make_zip(tmp_path / "many.whl", {f"data/d{i}.bin": b"x" for i in range(11)})
    with pytest.raises(SourceError, match="exceeds the 10-file cap"):
        read_zip(z, Limits(max_files=10))


def test_tar_file_count_cap(tmp_path: Path) -> None:
    t = make_tar(tmp_path / "x.tar.gz", {f"x/m{i}.py": b"x" for i in range(6)})
    with pytest.raises(SourceError, match=r"archive 'x.tar.gz' exceeds the 5-file cap"):
        read_tar(t, Limits(max_files=5))


def test_zip_single_file_cap_from_header(tmp_path: Path) -> None:
    z = make_zip(tmp_path / "big.whl", {"pkg/small.py": b"x", "pkg/big.py": b"x" * 200_000})
    with pytest.raises(
        SourceError, match=r"file 'pkg/big.py' \(200000 bytes\) exceeds the 100000-byte single-file cap"
    ):
        read_zip(z, Limits(max_file_bytes=100_000))


def test_zip_lying_header_is_caught_while_reading(tmp_path: Path) -> None:
    # The headers say 10 bytes, the data inflates to 1 MiB: the size check before reading passes,
    # the bounded read stops at the claimed size and the archive is refused as corrupt.
    z = make_lying_zip(tmp_path / "bomb.whl", "pkg/bomb.py", b"A" * (1 << 20), claimed_size=10)
    assert zipfile.ZipFile(z).getinfo("pkg/bomb.py").file_size == 10
    with pytest.raises(SourceError, match=r"archive 'bomb.whl': entry 'pkg/bomb.py' is corrupt"):
        read_zip(z, Limits(max_file_bytes=100_000))


def test_zip_lying_header_over_cap(tmp_path: Path) -> None:
    z = make_lying_zip(tmp_path / "bomb.whl", "pkg/bomb.py", b"A" * 100, claimed_size=10**9)
    with pytest.raises(SourceError, match="exceeds the 32 MiB single-file cap"):
        read_zip(z, Limits())


def test_zip_total_cap(tmp_path: Path) -> None:
    z = make_zip(tmp_path / "t.whl", {f"pkg/m{i}.py": b"x" * 400 for i in range(5)})
    with pytest.raises(SourceError, match=r"^archive 't.whl' exceeds the 1000-byte total-size cap$"):
        read_zip(z, Limits(max_total_bytes=1000))


def test_tar_total_cap_counts_skipped_members(tmp_path: Path) -> None:
    # Skipping a tar member still decompresses it, so data files count against the total cap.
    t = make_tar(tmp_path / "x.tar.gz", {"x/a.py": b"a", "x/blob.bin": b"\0" * 5000})
    with pytest.raises(SourceError, match="exceeds the 4096-byte total-size cap"):
        read_tar(t, Limits(max_total_bytes=4096))


def test_tar_single_file_cap(tmp_path: Path) -> None:
    t = make_tar(tmp_path / "x.tar.gz", {"x/a.py": b"a" * 3000})
    with pytest.raises(
        SourceError, match=r"file 'x/a.py' \(3000 bytes\) exceeds the 2048-byte single-file cap"
    ):
        read_tar(t, Limits(max_file_bytes=2048))


def test_not_an_archive(tmp_path: Path) -> None:
    junk = tmp_path / "junk.whl"
    junk.write_bytes(b"this is not a zip")
    with pytest.raises(SourceError, match=r"'junk\.whl' is not a readable zip file"):
        read_zip(junk, Limits())
    with pytest.raises(SourceError, match=r"'junk\.whl' is not a readable tar file"):
        read_tar(junk, Limits())


def test_wheel_layout(tmp_path: Path) -> None:
    z = make_zip(
        tmp_path / "w-1.0-py3-none-any.whl",
        {
            "w/__init__.py": b"i",
            "w/py.typed": b"",
            "w-1.0.dist-info/METADATA": b"m",
            "w-1.0.dist-info/licenses/LICENSE.txt": b"l",
            "w-1.0.data/purelib/w_extra/x.py": b"x",
            "w-1.0.data/scripts/tool.py": b"s",
        },
    )
    files, _ = read_zip(z, Limits(), path_map=wheel_path)
    assert [f.path for f in files] == ["w/__init__.py", "w_extra/x.py"]


def test_duplicate_entries_keep_the_first(tmp_path: Path) -> None:
    z = tmp_path / "d.whl"
    with zipfile.ZipFile(z, "w") as zf, pytest.warns(UserWarning, match="Duplicate name"):
        zf.writestr("pkg/a.py", b"first")
        zf.writestr("./pkg/a.py", b"second")
        zf.writestr("pkg/a.py", b"third")
    files, skipped = read_zip(z, Limits())
    assert [(f.path, f.data) for f in files] == [("pkg/a.py", b"first")]
    assert [r for _, r in skipped] == ["duplicate entry in archive (first one kept)"] * 2


def test_zip_sdist_strips_top_folder(tmp_path: Path) -> None:
    z = tmp_path / "x-1.0.zip"
    with zipfile.ZipFile(z, "w") as zf:
        zf.writestr("x-1.0/x/__init__.py", b"i")
        zf.writestr("x-1.0/setup.cfg", b"c")
        link = zipfile.ZipInfo("x-1.0/x/link.py")
        link.external_attr = 0o120777 << 16
        zf.writestr(link, b"/etc/passwd")
    files, skipped = read_zip(z, Limits(), strip_top=True)
    assert [f.path for f in files] == ["setup.cfg", "x/__init__.py"]
    assert skipped == [("x/link.py", "symlink in archive (not followed)")]
