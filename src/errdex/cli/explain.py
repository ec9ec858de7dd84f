"""``errdex explain``: find the raise site of a pasted error message or traceback."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from errdex.cli.errors import EXIT_FAILURE, EXIT_USAGE, fail
from errdex.options import DbOpt, JsonOpt, RepoOpt


def explain(
    text: Annotated[
        str | None,
        typer.Argument(
            help="The error message or traceback; '-' or nothing reads stdin.", show_default=False
        ),
    ] = None,
    db: DbOpt = None,
    repo: RepoOpt = None,
    batch: Annotated[
        Path | None,
        typer.Option(
            "--batch",
            help='JSON Lines of {"id": ..., "input": ...}; writes one {"id", "matches"} line per query.',
        ),
    ] = None,
    limit: Annotated[int, typer.Option("--limit", help="At most this many candidates.")] = 10,
    as_json: JsonOpt = False,
) -> None:
    """Find the raise site of a pasted error message or whole traceback.

    Example:  errdex explain "ValueError: Incompatible shapes for broadcasting: shapes=[(2,), (3,)]"
              pbpaste | errdex explain -
    """
    from errdex.match import Matcher
    from errdex.store.fast import open_reader

    reader = open_reader(db)
    matcher = Matcher.load(reader, repo=repo)
    if batch is not None:
        _explain_batch(matcher, batch, limit)
        return
    if text is None or text == "-":
        if sys.stdin.isatty():
            typer.echo("Paste the error, then Ctrl-D:", err=True)
        text = sys.stdin.buffer.read().decode("utf-8", errors="replace")
    result = matcher.explain(text, limit=limit)
    if as_json:
        print(
            json.dumps(
                {"query": text, "verdict": result.verdict, "matches": [m.to_json() for m in result.matches]},
                indent=2,
            )
        )
        return
    from rich.console import Console

    from errdex.cli.render import print_thrown_at
    from errdex.match import render_human

    console = Console()
    render_human(result, console)
    if not result.matches:
        raise typer.Exit(EXIT_FAILURE)
    print_thrown_at(console, reader, result.matches[0])


def _explain_batch(matcher: Any, batch: Path, limit: int) -> None:
    try:
        lines = batch.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError as e:
        fail(f"cannot read {batch}: {e.strerror}", EXIT_USAGE)
    out = sys.stdout
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            q = json.loads(line)
            qid, text = q["id"], q["input"]
        except (ValueError, KeyError, TypeError):
            fail(f"{batch}:{n}: expected a JSON object with 'id' and 'input'", EXIT_USAGE)
        result = matcher.explain(str(text), limit=limit)
        out.write(
            json.dumps(
                {"id": qid, "verdict": result.verdict, "matches": [m.to_json() for m in result.matches]}
            )
            + "\n"
        )
    out.flush()
