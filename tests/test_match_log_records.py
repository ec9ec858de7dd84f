"""Log records pasted as they were printed: traitlets' ``[App] LEVEL | text`` (Jupyter's tools),
and several records together with no exception line, where the error is the record logged at
ERROR, not the program's earlier output above it."""

from __future__ import annotations

import pytest

from errdex.match import Matcher
from errdex.match.parse import parse
from errdex.model import CatalogueEntry, render_template

_N = iter(range(1, 10**9))


def entry(segments: list[str], *, repo: str, path: str, kind: str, exc_type: str) -> CatalogueEntry:
    k = next(_N)
    return CatalogueEntry(
        key=k, error_id=f"id{k}", repo=repo, version="1.0", snapshot_date=None, kind=kind,
        exc_type=exc_type, exc_qualname=None, template=render_template(segments),
        segments=segments, path=path, line=10 * k, function="Runner.start", statement="",
    )  # fmt: skip


@pytest.mark.parametrize(
    ("text", "message", "types"),
    [
        # traitlets' format: the application's name, the level and a bar before the text
        ("[NbConvertApp] ERROR | Notebook error: x", "Notebook error: x", ["log.ERROR"]),
        ("[NbConvertApp] WARNING | Config option `y` not recognized", "Config option `y` not recognized",
         ["log.WARNING"]),
        # the run's earlier output above the error: the record at ERROR is the message, with its
        # continuation line, up to the next record
        ("[NbClientApp] Executing a.ipynb\n[NbClientApp] ERROR | Kernel died: x\n  while starting\n"
         "[NbClientApp] Shutting down", "Kernel died: x\n  while starting", ["log.ERROR"]),
        ("2024-01-01 12:00:00,123 INFO app: starting\n2024-01-01 12:00:01,456 ERROR app: Disk full: /x",
         "Disk full: /x", ["log.ERROR"]),
        ("INFO:app:starting\nERROR:app:Disk full: /x", "Disk full: /x", ["log.ERROR"]),
        # an exception's text that quotes a log line keeps it
        ("ValueError: bad line\nERROR:app:quoted", "bad line\nERROR:app:quoted", ["ValueError"]),
        # a line of no record between them may be the error, the record at ERROR its summary
        ("INFO:app:starting\nDisk full: /x\nERROR:app:Reason: failed",
         "starting\nDisk full: /x\nERROR:app:Reason: failed", ["log.INFO"]),
        # the paste opens with its record at ERROR: the first is the error, a later one its echo
        ("ERROR:root:Task failed: x\nERROR:asyncio:unhandled exception\ntask: <Task>",
         "Task failed: x\nERROR:asyncio:unhandled exception\ntask: <Task>", ["log.ERROR"]),
        # no record at ERROR: nothing to choose
        ("INFO:app:starting\nINFO:app:done", "starting\nINFO:app:done", ["log.INFO"]),
    ],
)  # fmt: skip
def test_the_record_logged_at_error_is_the_message(text: str, message: str, types: list[str]) -> None:
    q = parse(text)
    assert (q.message, q.exc_types) == (message, types)


def test_the_logged_wrapper_around_another_codebase_text_is_the_answer() -> None:
    # the application logs what it caught from a dependency: with the earlier output read as the
    # message's head, only the dependency's words fitted (and the log call not at all)
    logged = entry(
        ["Error occurred while starting new kernel client for kernel ", "self.km.kernel_id", ": ", "e", ""],
        repo="o/client", path="client/run.py", kind="log", exc_type="log.ERROR",
    )  # fmt: skip
    inner = entry(
        ["Kernel didn't respond in ", "timeout", " seconds"],
        repo="o/kernels", path="kernels/client.py", kind="error", exc_type="RuntimeError",
    )  # fmt: skip
    m = Matcher.from_entries([inner, logged])
    res = m.explain(
        "[ClientApp] Executing test.ipynb\n"
        "[ClientApp] ERROR | Error occurred while starting new kernel client for kernel "
        "94f9ddce-fe98: Kernel didn't respond in 60 seconds"
    )
    assert res.matches, res.verdict
    assert res.matches[0].id == logged.error_id
    assert not res.matches[0].approximate
