"""``errdex explain``: find the raise site of a pasted error message or traceback."""

from __future__ import annotations

import codecs
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from errdex.cli.errors import EXIT_FAILURE, EXIT_USAGE, fail
from errdex.options import DbOpt, JsonOpt, RepoOpt
from errdex.textsafe import printable

if TYPE_CHECKING:
    from errdex.autoindex import Outcome
    from errdex.history.matching import Placement, UnknownRelease
    from errdex.store.records import CatalogueReader

# exit status per verdict (``match.VERDICTS``): a candidate, exact or not, is an answer
_EXPLAIN_EXIT = {"exact": 0, "approximate": 0, "builtin": EXIT_FAILURE, "none": EXIT_FAILURE}


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
            help='JSON Lines of {"id": ..., "input": ...}; writes one {"id", "verdict", "summary", '
            '"matches"} line per query; a match of a codebase with several releases indexed carries '
            'the "history" block the single --json answer has.',
        ),
    ] = None,
    limit: Annotated[
        int, typer.Option("--limit", help="At most this many candidates, one per raise statement.")
    ] = 10,
    auto_index: Annotated[
        bool,
        typer.Option(
            "--auto-index/--no-auto-index",
            help="When the traceback runs through an installed package the catalogue lacks, index "
            "it from the installed files first (at the installed version; it says which).",
        ),
    ] = True,
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

    Exit status 0 when there is a candidate (verdict exact or approximate), 1 when there is none
    or the message is Python's own (verdict none or builtin), with --json too.

    With several releases of a codebase indexed, the answer also names the releases that raise
    the message in that wording, the release a traceback's line numbers fit, and where the same
    error lives in the newest release (or --version).

    Example:  errdex explain "ValueError: Incompatible shapes for broadcasting: shapes=[(2,), (3,)]"
              pbpaste | errdex explain -
    """
    if batch is not None:
        from errdex.match import Matcher
        from errdex.store.fast import open_reader

        with open_reader(db) as reader:
            _explain_batch(reader, Matcher.load(reader, repo=repo), batch, limit, version)
        return
    if text is None or text == "-":
        if sys.stdin.isatty():
            typer.echo("Paste the error, then Ctrl-D:", err=True)
        text = decode_paste(sys.stdin.buffer.read())
    if not text.strip():
        # an empty paste is a slip (a wrong file, a Ctrl-D too soon), not a message that matched
        # nothing: "no match, index more" would send the user to index for nothing
        fail("nothing to explain: the paste is empty; give an error message or a traceback", EXIT_USAGE)
    from errdex.match.parse import INPUT_CAP

    if len(text) > INPUT_CAP:
        # the parser reads the tail only; without this a traceback early in a long log is
        # silently never seen (stderr, so the --json answer keeps its shape)
        typer.echo(
            f"note: the paste has {len(text):,} characters; only its last {INPUT_CAP:,} are read "
            "(paste the traceback itself, or the end of the log)",
            err=True,
        )
    from errdex.autoindex import explain as explain_paste

    out = explain_paste(text, db, repo=repo, limit=limit, auto=auto_index)
    with out.reader:
        _answer(out, text, version, as_json=as_json)


# UTF-16/32 byte order marks, longest first (UTF-32-LE's starts with UTF-16-LE's): Windows
# PowerShell's `>` writes UTF-16 with a BOM, which read as UTF-8 is a NUL between every letter
_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)
# share of a paste's first 64 KiB that may be undecodable or control bytes before it is taken
# for binary data (a log has a few stray bytes; a file of random or compiled bytes has ~half)
_BINARY_SHARE = 0.1


def _bomless_utf16(data: bytes) -> str:
    """``utf-16-le``/``-be`` for UTF-16 text saved without a BOM (ASCII letters with a NUL byte
    on one side of each: read as UTF-8 it is a NUL between every letter), else ``utf-8``."""
    sample = data[:4096]
    half = len(sample) // 2
    if half < 2:
        return "utf-8"
    even, odd = sample[0::2].count(0), sample[1::2].count(0)
    if odd > 0.4 * half and even < 0.05 * half:
        return "utf-16-le"
    if even > 0.4 * half and odd < 0.05 * half:
        return "utf-16-be"
    return "utf-8"


def decode_paste(data: bytes) -> str:
    """The text of a paste read as bytes (UTF-8, or the UTF-16/32 a byte order mark names);
    binary data is refused with the usage code rather than echoed back as a garbled "parsed:"
    line and a hint to index more."""
    encoding = next((enc for bom, enc in _BOMS if data.startswith(bom)), None) or _bomless_utf16(data)
    text = data.decode(encoding, errors="replace")
    head = text[:65536]
    junk = sum(1 for c in head if c == "\ufffd" or (c < " " and c not in "\t\n\r\f\x1b"))
    if head and junk > _BINARY_SHARE * len(head):
        fail("the paste is not text (binary data?); give an error message or a traceback", EXIT_USAGE)
    return text


def _answer(out: Outcome, text: str, version: str | None, *, as_json: bool) -> None:
    """Print the answer to one paste, as JSON or for a terminal, and exit with its status."""
    result = out.result
    if as_json:
        answer: dict[str, Any] = {
            "query": text,
            "verdict": result.outcome,
            "summary": result.verdict,
            "tied": result.tie,
            "matches": [m.to_json() | _history(out.reader, result, m, version) for m in result.matches],
        }
        if out.notes:
            answer["indexed"] = out.notes
        if out.hint:
            answer["hint"] = out.hint
        print(json.dumps(answer, indent=2))
        raise typer.Exit(_EXPLAIN_EXIT[result.outcome])
    from errdex.cli.render import output_console, print_thrown_at
    from errdex.match import render_human

    console = output_console(highlight=True)
    for note in out.notes:
        console.print(
            f"• {printable(note, newlines=False)}", style="dim", highlight=False, markup=False, soft_wrap=True
        )
    render_human(result, console)
    if out.hint:
        console.print(printable(out.hint, newlines=False), highlight=False, markup=False, soft_wrap=True)
    if result.matches:
        best = result.matches[0]
        found = _placement(out.reader, result, best, version)
        if found is not None:
            from errdex.history.matching import history_text

            for line in history_text(found):
                console.print(f"  {printable(line, newlines=False)}", highlight=False, markup=False)
        print_thrown_at(console, out.reader, best)
    raise typer.Exit(_EXPLAIN_EXIT[result.outcome])


def _placement(
    reader: CatalogueReader, result: Any, match: Any, version: str | None
) -> Placement | UnknownRelease | None:
    """Where the match sits in its codebase's history (``Placement``, or ``UnknownRelease``),
    None when the codebase has a single release indexed and none was asked for."""
    from errdex.history.matching import place_in_history

    if match.is_call:
        return None  # a library call, no catalogue entry: no releases hold it as an error
    q = result.query
    frames = q.blocks[q.primary].frames if q.blocks else q.frames
    return place_in_history(reader.timeline, match.id, match.repo, frames, version)


def _history(reader: CatalogueReader, result: Any, match: Any, version: str | None) -> dict[str, Any]:
    """``{"history": ...}`` for a match whose codebase has several releases indexed, else ``{}``."""
    found = _placement(reader, result, match, version)
    return {"history": found.to_json()} if found is not None else {}


def _explain_batch(
    reader: CatalogueReader, matcher: Any, batch: Path, limit: int, version: str | None
) -> None:
    """One JSON line per query, each match as the single ``--json`` answer has it (its
    ``history`` block included)."""
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
                {
                    "id": qid,
                    "verdict": result.outcome,
                    "summary": result.verdict,
                    "tied": result.tie,
                    "matches": [m.to_json() | _history(reader, result, m, version) for m in result.matches],
                }
            )
            + "\n"
        )
    out.flush()
