"""The pytest plugin when its catalogue cannot be read: said once, not under every failure."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest_plugins = ["pytester"]


def test_a_missing_catalogue_is_said_once_at_the_end(pytester: pytest.Pytester, tmp_path: Path) -> None:
    pytester.makepyfile(
        test_lib="""
        import click

        def test_library_raises():
            click.Choice(["a", "b"]).convert("c", None, None)

        def test_library_raises_again():
            click.Choice(["a", "b"]).convert("d", None, None)

        def test_own_assert():
            assert 1 + 1 == 3
        """
    )
    missing = tmp_path / "nope" / "errdex.db"
    result = pytester.runpytest_subprocess("-p", "errdex", "--errdex", "--errdex-db", str(missing))
    result.assert_outcomes(failed=3)
    out = result.stdout.str()
    assert out.count(f"no catalogue at {missing}") == 1, out
    said = next(line for line in out.splitlines() if "no catalogue at" in line)
    assert "--errdex-db" in said
    own = out.split("test_own_assert ___", 1)[1].split("short test summary", 1)[0]
    assert "no catalogue" not in own.split("= errdex =", 1)[0].split("- errdex -", 1)[0]
