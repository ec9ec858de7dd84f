"""``errdex serve``: cheap to import, binds loopback by default, fails cleanly without a catalogue."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import typer
from typer.testing import CliRunner


def _app() -> typer.Typer:
    from errdex.cli.serve import serve

    app = typer.Typer()
    app.command()(serve)
    return app


def test_command_module_does_not_import_the_web_stack() -> None:
    code = (
        "import sys, errdex.cli.serve; "
        "heavy = [m for m in ('fastapi', 'uvicorn', 'jinja2', 'sqlalchemy', 'pygments') if m in sys.modules]; "
        "print(heavy)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_help_shows_loopback_default_and_db_envvar() -> None:
    result = CliRunner().invoke(_app(), ["--help"], terminal_width=200)
    assert result.exit_code == 0
    assert "127.0.0.1" in result.output and "ERRDEX_DB" in result.output and "--port" in result.output


def test_missing_catalogue_is_a_message_not_a_traceback(tmp_path: Path) -> None:
    result = CliRunner().invoke(_app(), ["--db", str(tmp_path / "none.db")])
    assert result.exit_code == 2  # no catalogue at --db: what was given cannot work
    assert "error:" in result.output and "Traceback" not in result.output
