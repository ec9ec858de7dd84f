"""``errdex.cli.lightparams``: options checked without building typer's pydantic checks give
exactly the values and the errors typer's own checks give."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Annotated, Any

import pytest
import typer
from typer.testing import CliRunner

from errdex.cli.lightparams import LightCommand, LightGroup


def _app(light: bool) -> typer.Typer:
    app = typer.Typer(cls=LightGroup) if light else typer.Typer()
    seen: dict[str, Any] = {}

    @app.callback()
    def _root(db: Annotated[str | None, typer.Option("--db")] = None) -> None:
        seen["root_db"] = db

    settings: dict[str, Any] = {"cls": LightCommand} if light else {}

    @app.command(**settings)
    def run(
        source: Annotated[str | None, typer.Argument()] = None,
        name: Annotated[str, typer.Option()] = "default",
        jobs: Annotated[int | None, typer.Option()] = None,
        top: Annotated[int, typer.Option(min=1, max=50)] = 5,
        path: Annotated[Path | None, typer.Option()] = None,
        flag: Annotated[bool, typer.Option()] = False,
        tags: Annotated[list[str] | None, typer.Option()] = None,
        ratio: Annotated[float | None, typer.Option()] = None,
    ) -> None:
        seen.update(
            source=source, name=name, jobs=jobs, top=top, path=path, flag=flag, tags=tags, ratio=ratio
        )
        typer.echo(repr(sorted(seen.items())))

    @app.command(**settings)
    def other() -> None:
        typer.echo("other")

    return app


CASES = [
    ["run"],
    ["--db", "x.db", "run", "src", "--name", "n", "--jobs", "3"],
    ["run", "--jobs", "0"],
    ["run", "--jobs", "007"],
    ["run", "--jobs", "1_000"],
    ["run", "--jobs", "+4"],
    ["run", "--jobs", " 4 "],
    ["run", "--jobs", "-4"],
    ["run", "--jobs", "abc"],
    ["run", "--jobs", "١٢"],  # non-ASCII digits
    ["run", "--jobs", "123456789012345678901234567890"],
    ["run", "--jobs", ""],
    ["run", "--top", "3"],
    ["run", "--top", "99"],
    ["run", "--path", "some/dir", "--flag", "--tags", "a", "--tags", "b", "--ratio", "0.5"],
    ["run", "--name", ""],
    ["other"],
    ["run", "--help"],
]


@pytest.mark.parametrize("args", CASES)
def test_light_checks_answer_as_typers_own(args: list[str]) -> None:
    runner = CliRunner()
    light = runner.invoke(_app(True), args, env={"ERRDEX_DB": None})
    plain = runner.invoke(_app(False), args, env={"ERRDEX_DB": None})
    assert (light.exit_code, light.output) == (plain.exit_code, plain.output)


def test_a_plain_index_run_builds_no_pydantic_check() -> None:
    """Parsing ``errdex index SPEC --db X --jobs 1`` imports no pydantic (typer's checks use it)."""
    code = (
        "import sys, typer.main as tm, errdex.cli.commands as c\n"
        "cmd = tm.get_command(c.app)\n"
        "ctx = cmd.make_context('errdex', ['index', 'pypi:x==1', '--db', 'x.db', '--jobs', '1'])\n"
        "sub = cmd.commands['index']\n"
        "sub.make_context('index', ['pypi:x==1', '--db', 'x.db', '--jobs', '1'], parent=ctx)\n"
        "print('pydantic' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"
