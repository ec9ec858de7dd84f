"""The ``errdex`` command line.

Imports of the heavy stages happen inside each command: ``errdex explain`` must answer in well
under half a second from a cold start, so it must not pay for FastAPI, SQLAlchemy reflection or
the extractor it does not use.

Failures end a command with one line on stderr (``error: ...``) and an exit code from one policy
(``EXIT_CODES``, shown in ``--help``): every command is wrapped by ``_guarded``, which turns the
store's ``StoreError`` and operating-system errors into that line. Everything printed from a
catalogue goes through ``errdex.textsafe.printable`` first: the catalogue is data written by
whoever built it, and a message template may hold terminal escape sequences.
"""

from __future__ import annotations

import errno
import functools
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer

from errdex.options import DbOpt, JsonOpt, RepoOpt
from errdex.store.errors import EXIT_FAILURE, EXIT_USAGE, StoreError
from errdex.textsafe import markup_escape as escape_markup
from errdex.textsafe import printable, redact_url

EXIT_CODES = (
    "Exit codes: 0 success; 1 the catalogue or the machine failed (damaged or locked catalogue, "
    "disk full, read-only, unreachable database), or `explain` found no match; 2 what was given "
    "cannot work (bad option, no catalogue at --db, not a catalogue, unusable database URL or "
    "missing driver, unknown error ID or codebase, unreadable input); 130 interrupted."
)

app = typer.Typer(
    name="errdex",
    help=(
        "The error index for Python libraries: index a codebase's errors, then paste an error "
        "message or traceback to find the line that raised it.\n\n"
        "Start with:  errdex index pypi:jax   then   errdex explain 'ValueError: ...'\n\n" + EXIT_CODES
    ),
    no_args_is_help=True,
    rich_markup_mode="rich",
    pretty_exceptions_enable=False,
)


def _fail(message: str, code: int = EXIT_FAILURE) -> typer.Exit:
    """Print the one error line (no wrapping, no markup, no control characters) and exit."""
    typer.echo(f"error: {printable(redact_url(message), newlines=False)}", err=True)
    return typer.Exit(code)


def _guarded[**P, R](command: Callable[P, R]) -> Callable[P, R]:
    """``command`` with catalogue and OS failures reported as one line and the policy's code."""

    @functools.wraps(command)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return command(*args, **kwargs)
        except StoreError as e:
            raise _fail(str(e), e.code) from None
        except BrokenPipeError:  # `errdex list | head`: the reader left; nothing to report
            sys.stderr.close()
            raise typer.Exit(EXIT_FAILURE) from None
        except OSError as e:
            what = "the disk is full" if e.errno in (errno.ENOSPC, errno.EDQUOT) else (e.strerror or str(e))
            where = f" ({e.filename})" if e.filename else ""
            raise _fail(f"{what}{where}", EXIT_FAILURE) from None

    return run


def _store(db: str | None, *, readonly: bool = True) -> Any:
    from errdex.store import Store

    return Store.open(db, readonly=readonly)  # a StoreError is reported by _guarded


class _BarProgress:
    """A rich progress bar on a terminal, plain lines elsewhere (logs, CI, pipes)."""

    def __init__(self, tty: bool) -> None:
        from rich.console import Console

        self.console = Console(stderr=True)
        self.tty = tty
        self.bar: Any = None
        self.task: Any = None
        self.done = 0
        self.total = 0

    def stage(self, message: str) -> None:
        self._stop_bar()
        # Stage messages name things from the source being indexed: shown as text, never as markup.
        self.console.print(f"[dim]•[/] {escape_markup(message)}", highlight=False)

    def start_files(self, total: int) -> None:
        self.total, self.done = total, 0
        if self.tty:
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

            self.bar = Progress(
                "[progress.description]{task.description}",
                BarColumn(),
                MofNCompleteColumn(),
                TimeElapsedColumn(),
                console=self.console,
                transient=True,
            )
            self.bar.start()
            self.task = self.bar.add_task("files", total=total)

    def advance(self, n: int) -> None:
        self.done += n
        if self.bar is not None:
            self.bar.advance(self.task, n)
        elif self.total and (self.done == self.total or self.done % 200 < n):
            self.console.print(f"  {self.done}/{self.total} files", highlight=False)

    def _stop_bar(self) -> None:
        if self.bar is not None:
            self.bar.stop()
            self.bar = None

    def close(self) -> None:
        self._stop_bar()


@app.command()
@_guarded
def index(
    source: Annotated[
        str | None,
        typer.Argument(
            help="What to index: a directory; a git repo PATH_OR_URL@REV (git:PATH for HEAD); "
            "or a PyPI release pypi:NAME==VERSION / pypi:NAME (latest). Or use --from / --top.",
            show_default=False,
        ),
    ] = None,
    db: DbOpt = None,
    jobs: Annotated[
        int | None, typer.Option("--jobs", "-j", help="Worker processes for extraction (default: all cores).")
    ] = None,
    from_file: Annotated[
        Path | None,
        typer.Option(
            "--from",
            help="Index every SOURCE in FILE on Ray: one per line, `pypi:NAME --releases N` for the N "
            "latest releases, # comments. Releases already indexed are skipped.",
            show_default=False,
        ),
    ] = None,
    top: Annotated[
        int | None,
        typer.Option(
            "--top", min=1, help="Index the N most used projects of --ranking (latest release each), on Ray."
        ),
    ] = None,
    ranking: Annotated[
        Path | None,
        typer.Option(
            "--ranking",
            help="Project names, most used first: one per line, or a table with a `name` column (TSV, CSV).",
            show_default=False,
        ),
    ] = None,
    workers: Annotated[
        int | None,
        typer.Option("--workers", min=1, help="Ray workers for --from/--top (default: every core Ray has)."),
    ] = None,
    ray_address: Annotated[
        str | None,
        typer.Option(
            "--ray-address",
            help="Join this Ray cluster (`auto`, or ray://HEAD:10001) instead of starting a local runtime; "
            "its nodes need errdex installed with the `scale` extra.",
            show_default=False,
        ),
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """Read a codebase without running it and catalogue every error it can raise.

    Example:  errdex index pypi:jax==0.10.2
              errdex index ~/src/requests@v2.32.0
              errdex index ./mylib
              errdex index --from specs.txt --db postgresql+psycopg://errdex@db/catalogue
              errdex index --top 200 --ranking top-pypi.tsv --workers 8
    """
    bulk_mode = from_file is not None or top is not None
    if sum(x is not None for x in (source, from_file, top)) != 1:
        raise _fail("give one of SOURCE, --from FILE or --top N", EXIT_USAGE)
    if (top is None) != (ranking is None):
        raise _fail("--top N and --ranking FILE go together", EXIT_USAGE)
    if not bulk_mode and (workers is not None or ray_address is not None):
        raise _fail("--workers and --ray-address are for --from and --top", EXIT_USAGE)
    if bulk_mode:
        _index_bulk(from_file, top, ranking, db, workers, ray_address, as_json)
        return
    assert source is not None
    from errdex.pipeline import index as run_index
    from errdex.sources import SourceError
    from errdex.store import StoreError

    progress = _BarProgress(tty=sys.stderr.isatty())
    try:
        summary = run_index(source, db, jobs=jobs, progress=progress)
    except SourceError as e:
        progress.close()
        raise _fail(str(e)) from None
    except StoreError as e:
        progress.close()
        raise _fail(str(e), e.code) from None
    except KeyboardInterrupt:
        progress.close()
        raise _fail("interrupted; the catalogue is unchanged", 130) from None
    progress.close()
    if as_json:
        print(json.dumps(summary.to_json(), indent=2))
        return
    for path, reason in summary.skipped_files[:20]:
        typer.echo(printable(f"skipped {path}: {reason}", newlines=False), err=True)
    typer.echo(printable(summary.line(), newlines=False))


class _BulkLines:
    """A bulk run's progress: one plain line per release (a run is long; logs keep them)."""

    def note(self, message: str) -> None:
        typer.echo(printable(f"• {message}", newlines=False), err=True)

    def release_done(self, source: str, outcome: str, status: Any) -> None:
        typer.echo(printable(f"[{status.line()}] {source}: {outcome}", newlines=False), err=True)


def _index_bulk(
    from_file: Path | None,
    top: int | None,
    ranking: Path | None,
    db: str | None,
    workers: int | None,
    ray_address: str | None,
    as_json: bool,
) -> None:
    """``--from`` / ``--top``: every release on Ray, failures reported at the end, never fatal."""
    from errdex import bulk
    from errdex.sources import SourceError

    try:
        if from_file is not None:
            specs = bulk.read_spec_file(from_file)
        else:
            assert ranking is not None and top is not None
            specs = bulk.read_ranking(ranking, top)
    except SourceError as e:
        raise _fail(str(e), EXIT_USAGE) from None
    try:
        import ray  # noqa: F401
    except ImportError:
        raise _fail("bulk indexing runs on Ray: pip install 'errdex[scale]'", EXIT_USAGE) from None
    try:
        report = bulk.run(specs, db, workers=workers, ray_address=ray_address, progress=_BulkLines())
    except KeyboardInterrupt:
        raise _fail(
            "interrupted; every release stored so far stays, and the next run resumes after them", 130
        ) from None
    except ConnectionError as e:  # no Ray cluster at --ray-address
        raise _fail(f"cannot join the Ray cluster at {ray_address}: {e}") from None
    if as_json:
        print(json.dumps(report.to_json(), indent=2))
        return
    for spec, reason in report.failed:
        typer.echo(printable(f"failed {spec}: {reason}", newlines=False), err=True)
    typer.echo(printable(report.line(), newlines=False))


@app.command("list")
@_guarded
def list_errors(
    db: DbOpt = None,
    repo: RepoOpt = None,
    exc_type: Annotated[str | None, typer.Option("--type", help="Exception type contains this.")] = None,
    path: Annotated[str | None, typer.Option("--path", help="File path contains this.")] = None,
    kind: Annotated[str | None, typer.Option("--kind", help="error, warning, log or assertion.")] = None,
    limit: Annotated[int, typer.Option("--limit", help="At most this many rows (0: all).")] = 50,
    as_json: JsonOpt = False,
) -> None:
    """List catalogued errors (latest snapshot of each), filtered.

    Example:  errdex list --repo jax --type NotImplementedError --path pallas
    """
    store = _store(db)
    total, rows = store.list_errors(repo=repo, exc_type=exc_type, path=path, kind=kind, limit=limit or None)
    if as_json:
        print(json.dumps({"total": total, "errors": rows}, indent=2))
        return

    def cells(r: dict[str, Any]) -> tuple[str, str, str, str]:
        # One line per field: newlines become spaces, every other control character an escape.
        tmpl = r["template"].replace("\n", " ")
        return tuple(  # type: ignore[return-value]
            printable(v, newlines=False) for v in (r["id"], r["exc_type"], f"{r['path']}:{r['line']}", tmpl)
        )

    if not sys.stdout.isatty():  # pipes and logs get one tab-separated line per error
        for r in rows:
            print("\t".join(cells(r)))
        return
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    table = Table(show_lines=False, box=None, pad_edge=False)
    for col in ("id", "type", "where", "message template"):
        table.add_column(col, overflow="fold" if col == "message template" else "ellipsis")
    for r in rows:
        eid, exc, where, tmpl = cells(r)
        tmpl = tmpl if len(tmpl) <= 100 else tmpl[:97] + "..."
        table.add_row(Text(eid), Text(exc), Text(where), Text(tmpl))
    console = Console()
    console.print(table, highlight=False, markup=False)
    console.print(f"{len(rows)} of {total} errors", style="dim", highlight=False)


@app.command()
@_guarded
def show(
    error_id: Annotated[str, typer.Argument(metavar="ID", help="16-hex error ID from list/explain.")],
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Everything known about one error: template, where it is thrown, guards, code, versions."""
    from errdex.store.fast import open_reader

    store = open_reader(db)  # SQLite: no SQLAlchemy import, so a cold `show` is quick
    err = store.get_error(error_id)  # a StoreError is reported by _guarded
    if err is None:
        raise _fail(f"no error with ID {error_id!r} in the catalogue", EXIT_USAGE)
    from errdex.explain.render import print_error
    from errdex.views import error_view

    view = error_view(store, err)

    if as_json:
        print(json.dumps(view, indent=2, default=str))
        return
    print_error(_printable_tree(view))


def _printable_tree(value: Any) -> Any:
    """A JSON-like view with every string made safe for the terminal (newlines kept)."""
    if isinstance(value, str):
        return printable(value)
    if isinstance(value, dict):
        return {k: _printable_tree(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_printable_tree(v) for v in value]
    return value


@app.command()
@_guarded
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

    from errdex.match import render_human

    console = Console()
    render_human(result, console)
    if not result.matches:
        raise typer.Exit(1)
    _print_thrown_at(console, reader, result.matches[0])


def _print_thrown_at(console: Any, reader: Any, best: Any) -> None:
    """The best candidate's raise with a few lines of context: what the user came for."""
    found = reader.error_source(best.id, best.version)
    if found is None:
        return
    # Plain numbered lines with the raise marked: Pygments would add ~0.1 s to a cold start,
    # and `errdex show` has the highlighted window.
    from rich.text import Text

    line, end_line, text = found
    lines = text.splitlines()
    first, last = max(1, line - 8), min(len(lines), end_line + 3)
    console.print(
        f"\nThrown at {printable(best.path, newlines=False)}:{line}",
        style="bold",
        highlight=False,
        markup=False,
    )
    out = Text(no_wrap=True, overflow="ellipsis")
    for n in range(first, last + 1):
        hit = line <= n <= end_line
        out.append(f"{'❱' if hit else ' '} {n:>5}  ", style="bold red" if hit else "dim")
        out.append(printable(lines[n - 1]) + "\n", style="bold" if hit else "")
    console.print(out, end="")
    console.print(f"More: errdex show {printable(best.id)}", style="dim", highlight=False, markup=False)


def _explain_batch(matcher: Any, batch: Path, limit: int) -> None:
    try:
        lines = batch.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError as e:
        raise _fail(f"cannot read {batch}: {e.strerror}", EXIT_USAGE) from None
    out = sys.stdout
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            q = json.loads(line)
            qid, text = q["id"], q["input"]
        except (ValueError, KeyError, TypeError):
            raise _fail(f"{batch}:{n}: expected a JSON object with 'id' and 'input'", EXIT_USAGE) from None
        result = matcher.explain(str(text), limit=limit)
        out.write(
            json.dumps(
                {"id": qid, "verdict": result.verdict, "matches": [m.to_json() for m in result.matches]}
            )
            + "\n"
        )
    out.flush()


from errdex.web.command import serve  # noqa: E402  (light: imports only typer at module level)

app.command()(_guarded(serve))

from errdex.explain.command import analyze  # noqa: E402  (light: imports only typer at module level)

app.command()(_guarded(analyze))


def main() -> None:  # pragma: no cover - console entry
    os.environ.setdefault("PYTHONIOENCODING", "utf-8")
    app()


if __name__ == "__main__":  # pragma: no cover
    main()
