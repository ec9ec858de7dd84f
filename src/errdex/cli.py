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
        str,
        typer.Argument(
            help="What to index: a directory; a git repo PATH_OR_URL@REV (git:PATH for HEAD); "
            "or a PyPI release pypi:NAME==VERSION / pypi:NAME (latest).",
            show_default=False,
        ),
    ],
    db: DbOpt = None,
    jobs: Annotated[
        int | None, typer.Option("--jobs", "-j", help="Worker processes for extraction (default: all cores).")
    ] = None,
    releases: Annotated[
        int | None,
        typer.Option("--releases", help="Index the latest N releases (PyPI) or tags (with --tags).", min=1),
    ] = None,
    tags: Annotated[
        str | None,
        typer.Option("--tags", help="Index every git tag matching this glob ('v*'), oldest first."),
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """Read a codebase without running it and catalogue every error it can raise.

    Several releases at once (oldest first; files unchanged since an earlier release are not
    parsed again, and each error is followed across them):

    Example:  errdex index pypi:jax==0.10.2
              errdex index ~/src/requests@v2.32.0
              errdex index ./mylib
              errdex index pypi:jax --releases 20
              errdex index 'pypi:jax>=0.4.30,<0.5'
              errdex index ~/src/jax@jax-v0.4.30..jax-v0.4.35
              errdex index git:https://github.com/psf/requests --tags 'v2.3*'
    """
    from errdex.sources import SourceError
    from errdex.store import StoreError

    progress = _BarProgress(tty=sys.stderr.isatty())
    try:
        summary = _run_index(source, db, jobs, releases, tags, progress, as_json)
        if summary is None:
            return
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
    _echo_summary(summary)


def _run_index(
    source: str,
    db: str | None,
    jobs: int | None,
    releases: int | None,
    tags: str | None,
    progress: Any,
    as_json: bool,
) -> Any:
    """One release (its summary, printed by the caller) or several (each summary printed as it
    lands, then None)."""
    from errdex.pipeline import index as run_index
    from errdex.pipeline import index_releases
    from errdex.sources import default_cache_dir
    from errdex.sources.releases import expand_releases

    plan = expand_releases(
        source, releases=releases, tags=tags, cache_dir=default_cache_dir(), progress=progress.stage
    )
    if plan is None:
        return run_index(source, db, jobs=jobs, progress=progress)

    def landed(summary: Any) -> None:
        if not as_json:
            progress.close()
            _echo_summary(summary)

    done = index_releases(plan.specs, db, jobs=jobs, progress=progress, on_summary=landed)
    progress.close()
    if as_json:
        print(json.dumps([x.to_json() for x in done], indent=2))
    return None


def _echo_summary(summary: Any) -> None:
    for path, reason in summary.skipped_files[:20]:
        typer.echo(printable(f"skipped {path}: {reason}", newlines=False), err=True)
    typer.echo(printable(summary.line(), newlines=False))


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


@app.command()
@_guarded
def diff(
    old: Annotated[str, typer.Argument(metavar="A", help="The older release: VERSION or NAME==VERSION.")],
    new: Annotated[str, typer.Argument(metavar="B", help="The newer release: VERSION or NAME==VERSION.")],
    db: DbOpt = None,
    repo: RepoOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """What changed in a codebase's errors between two indexed releases: errors added, removed,
    reworded (with the word diff), type-changed and moved, each with its ID on both sides.

    Example:  errdex diff 0.11.2 0.12.0 --repo jax
              errdex diff jax==0.11.2 jax==0.12.0 --json
    """
    from errdex.history.diff import diff_releases
    from errdex.history.render import diff_lines

    name_a, _, ver_a = old.rpartition("==")
    name_b, _, ver_b = new.rpartition("==")
    store = _store(db)
    which = repo or name_a or name_b
    if not which:
        names = [r["name"] for r in store.repos()]
        if len(names) != 1:
            raise _fail(
                f"the catalogue holds {len(names)} codebases; name one with --repo or NAME==VERSION",
                EXIT_USAGE,
            )
        which = names[0]
    d = diff_releases(store, which, ver_a, ver_b)
    if as_json:
        print(json.dumps(d, indent=2))
        return
    for line in diff_lines(d):
        typer.echo(printable(line, newlines=False))


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
    version: Annotated[
        str | None,
        typer.Option(
            "--version",
            help="With several releases indexed: say where the match lives in this release (default: the newest).",
        ),
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """Find the raise site of a pasted error message or whole traceback.

    With several releases of a codebase indexed, the answer also names the releases that raise
    the message in that wording, the release a traceback's line numbers fit, and where the same
    error lives in the newest release (or --version).

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
        matches = [m.to_json() | _history(reader, result, m, version) for m in result.matches]
        print(json.dumps({"query": text, "verdict": result.verdict, "matches": matches}, indent=2))
        return
    from rich.console import Console

    from errdex.match import render_human

    console = Console()
    render_human(result, console)
    if not result.matches:
        raise typer.Exit(1)
    best = result.matches[0]
    found = _history(reader, result, best, version).get("history")
    if found:
        from errdex.history.matching import history_text

        for line in history_text(found):
            console.print(f"  {printable(line, newlines=False)}", highlight=False, markup=False)
    _print_thrown_at(console, reader, best)


def _history(reader: Any, result: Any, match: Any, version: str | None) -> dict[str, Any]:
    """``{"history": ...}`` for a match whose codebase has several releases indexed, else ``{}``."""
    from errdex.history.matching import place_in_history

    q = result.query
    frames = q.blocks[q.primary].frames if q.blocks else q.frames
    found = place_in_history(reader.timeline, match.id, match.repo, frames, version)
    return {"history": found} if found else {}


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
