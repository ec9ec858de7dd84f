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


@pytest.mark.parametrize(
    ("text", "message", "types"),
    [
        # celery's ``[%(asctime)s: %(levelname)s/%(processName)s]`` (celery/celery#9781): the
        # message starts right after the header, a ``word: `` there is its own
        ("[2025-06-24 07:02:48,336: ERROR/MainProcess] consumer: Cannot connect to x: refused.",
         "consumer: Cannot connect to x: refused.", ["log.ERROR"]),
        # ... and its task records: the task's name and id before the text
        ("[2023-04-05 13:17:06,012: WARNING/ForkPoolWorker-6] app.tasks.add"
         "[0b2f4c8e-6a8d-4f39-9d7e-0c1b2a3d4e5f]: Disk full: /x", "Disk full: /x", ["log.WARNING"]),
        # the logging cookbook's ``%(asctime)s - %(name)s - %(levelname)s - %(message)s``, and
        # without the name
        ("2024-10-25 11:56:21,216 - fastapi - ERROR - Form data requires x", "Form data requires x",
         ["log.ERROR"]),
        ("2023-06-03 23:44:47,664 - ERROR - Error connecting: x", "Error connecting: x", ["log.ERROR"]),
        # structlog's console renderer (hynek/structlog#186) and VS Code's output channel: the
        # level in lower case, in brackets, padded inside them; a ``word:`` after it is the text's
        ("2018-11-08T10:49:46.903028Z [error    ] Disk full: /x", "Disk full: /x", ["log.ERROR"]),
        ("2024-06-11 15:38:40.561 [info] error: cannot format a.py", "error: cannot format a.py",
         ["log.INFO"]),
        # uvicorn's level prefix, the message in column 10 (tadata-org/fastapi_mcp#70)
        ("ERROR:    Exception in ASGI application", "Exception in ASGI application", ["log.ERROR"]),
        ("WARNING:  Invalid HTTP request received.", "Invalid HTTP request received.", ["log.WARNING"]),
        # padded otherwise it is no uvicorn column: pip's ``ERROR: `` is read as it was
        ("ERROR: Cannot uninstall x", "ERROR: Cannot uninstall x", []),
        # a word in brackets after the time that is no level keeps the header's old reading
        ("2024-01-01 10:00:00 [main] Disk full: /x", "[main] Disk full: /x", []),
        # key-value records: structlog's ``KeyValueRenderer`` (hynek/structlog#299), logfmt's
        ("event=\"Can't divide by zero\" logger='app' level='error'", "Can't divide by zero", ["log.ERROR"]),
        ('level=warning msg="Disk full: /x" component=store', "Disk full: /x", ["log.WARNING"]),
        # ... not without the event's key, nor when a word of the line is no pair
        ("a=1 b=2", "a=1 b=2", []),
        ("x=1 event=Disk full", "x=1 event=Disk full", []),
    ],
)  # fmt: skip
def test_log_headers_are_no_part_of_the_message(text: str, message: str, types: list[str]) -> None:
    q = parse(text)
    assert (q.message, q.exc_types) == (message, types)


def test_a_uvicorn_record_over_a_traceback_is_not_its_message() -> None:
    # the server's words about the request between the error printed above and the traceback
    q = parse(
        "RuntimeError: Task group is not initialized. Make sure to use run().\n"
        'INFO:     127.0.0.1:38168 - "GET /mcp HTTP/1.1" 500 Internal Server Error\n'
        "ERROR:    Exception in ASGI application\n"
        "Traceback (most recent call last):\n"
        '  File "/app/site-packages/srv/http.py", line 40, in __call__\n'
        "    await self.session_manager.handle_request(scope, receive, send)\n"
    )
    assert q.message != "Exception in ASGI application"


def test_an_exception_repr_ending_a_log_record_names_the_class() -> None:
    # a log record's level is no class: the repr after the application's words is the exception
    q = parse(
        "[2016-01-11 21:47:29,430: ERROR/MainProcess] Pool callback raised exception: LoopExit('x y z',)"
    )
    assert (q.exc_type, q.message, q.level) == ("LoopExit", "x y z", "ERROR")


def test_a_celery_record_fits_a_template_that_opens_with_its_own_label() -> None:
    logged = entry(
        ["consumer: Cannot connect to ", "conn.as_uri", ": ", "exc", "."],
        repo="o/worker", path="worker/consumer.py", kind="log", exc_type="log.ERROR",
    )  # fmt: skip
    other = entry(["Cannot connect to database ", "name", ""], repo="o/db", path="db/x.py", kind="error",
                  exc_type="ConnectionError")  # fmt: skip
    res = Matcher.from_entries([other, logged]).explain(
        "[2024-02-27 12:00:00,017: ERROR/MainProcess] consumer: Cannot connect to redis://r:6379/0: "
        "Error 111 connecting to r:6379. Connection refused."
    )
    assert res.matches, res.verdict
    assert res.matches[0].id == logged.error_id
    assert not res.matches[0].approximate
