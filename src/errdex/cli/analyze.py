"""``errdex analyze``: explain a whole catalogue ahead of time, optionally with a model.

Static analysis needs no warming: each error's analysis reads its own facts from the catalogue,
so without ``--llm`` this command checks that every error can be analysed. With ``--llm`` it also
asks the configured model for each error that has no cached answer for (error, snapshot, model,
prompt version) and stores the verified answer — which makes a run resumable: interrupt it, run it again, and only the
missing answers are asked for. Pages never call the model; they read what this command stored.

Only typer and light leaf modules are imported at module level: ``errdex.cli.commands`` imports this
module to register the command, and every other ``errdex`` command must stay fast to start.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from errdex.cli.errors import EXIT_FAILURE, EXIT_INTERRUPTED, EXIT_USAGE, fail
from errdex.options import DbOpt, RepoOpt
from errdex.textsafe import redact_url

if TYPE_CHECKING:
    from errdex.store.records import ErrorSummary


def analyze(
    db: DbOpt = None,
    repo: RepoOpt = None,
    llm: Annotated[
        bool,
        typer.Option(
            "--llm",
            help="Also ask a model (any OpenAI-compatible endpoint: ERRDEX_LLM_URL, ERRDEX_LLM_MODEL, "
            "optional ERRDEX_LLM_KEY) for AI-assisted prose, verified against the code and cached.",
        ),
    ] = False,
    concurrency: Annotated[
        int, typer.Option("--concurrency", min=1, help="Errors analysed at once (model requests in flight).")
    ] = 4,
    limit: Annotated[int, typer.Option("--limit", min=0, help="At most this many errors (0: all).")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
) -> None:
    """Analyse every catalogued error (pages need no warming); --llm adds verified AI prose.

    Example:  errdex analyze --repo jax
              ERRDEX_LLM_URL=http://127.0.0.1:8080/v1 ERRDEX_LLM_MODEL=qwen errdex analyze --llm
    Interrupted runs resume: answers already cached are not asked for again.
    """
    import sys

    from errdex.analysis import llm as llm_mod

    config = None
    if llm:
        missing = llm_mod.missing_env()
        if missing:
            fail(
                f"--llm needs {' and '.join(missing)} (the chat-completions base URL, e.g. "
                "http://127.0.0.1:8080/v1, and the model name; ERRDEX_LLM_KEY is optional)",
                EXIT_USAGE,
            )
        config = llm_mod.LLMConfig.from_env()
    from errdex.store import Store, StoreError

    try:
        Store.open(db, readonly=True).close()  # an absent catalogue is an error, not a new empty one
        store = Store.open(db)  # writable: --llm stores the verified answers
    except StoreError as e:
        fail(str(e), e.code)
    with store:
        try:
            _, rows = store.list_errors(repo=repo, limit=limit or None)
        except StoreError as e:
            fail(str(e), e.code)
        run = _Run(store, config, concurrency, tty=sys.stderr.isatty())
        try:
            run.go(rows)
        except KeyboardInterrupt:
            run.close()
            typer.echo(
                run.summary() + " — interrupted; answers stored so far are kept, re-run to resume", err=True
            )
            raise typer.Exit(EXIT_INTERRUPTED) from None
        run.close()
    if as_json:
        import json

        typer.echo(json.dumps(run.to_json(), indent=2))
    else:
        typer.echo(run.summary())
    if run.fatal or (rows and run.failures == len(rows)):
        raise typer.Exit(EXIT_FAILURE)


class _Run:
    """One pass over a list of errors, with counters the summary reports.

    Worker threads share the store (thread-safe) and one HTTP client; counters are updated under
    a lock. A fatal model error (bad key, unknown model) stops the run: every other request would
    fail the same way.
    """

    def __init__(self, store: Any, config: Any, concurrency: int, *, tty: bool) -> None:
        import threading

        self.store = store
        self.client: Any = None
        if config is not None:
            from errdex.analysis.llm import Client

            self.client = Client(config)
        self.concurrency = concurrency
        self.tty = tty
        self.lock = threading.Lock()
        self.stop = threading.Event()
        self.analysed = self.cached = self.answered = self.dropped = self.failures = 0
        self.first_failure: str | None = None
        self.fatal = False
        self.total = 0

    def go(self, rows: list[ErrorSummary]) -> None:
        from concurrent.futures import ThreadPoolExecutor, as_completed

        self.total = len(rows)
        from errdex.cli.progress import ProgressBar

        progress = ProgressBar(self.tty)
        progress.start(self.total, "analysing with " + self.client.model if self.client else "analysing")
        pool = ThreadPoolExecutor(max_workers=self.concurrency, thread_name_prefix="errdex-analyze")
        try:
            futures = [pool.submit(self._one, r.id) for r in rows]
            for f in as_completed(futures):
                f.result()
                progress.advance()
                if self.stop.is_set():
                    break
        except BaseException:
            self.stop.set()  # workers still running finish their current error, then skip the rest
            raise
        finally:
            progress.close()
            pool.shutdown(wait=True, cancel_futures=True)

    def _one(self, error_id: str) -> None:
        if self.stop.is_set():
            return
        from errdex.analysis import analyze_error
        from errdex.analysis.llm import LLMError, ensure_answer

        try:
            err = self.store.get_error(error_id)
            if err is None:  # deleted by a concurrent re-index
                return
            analysis = analyze_error(self.store, err)
            with self.lock:
                self.analysed += 1
            if self.client is None:
                return
            outcome = ensure_answer(self.store, self.client, err, analysis)
        except LLMError as e:
            self._failed(error_id, str(e), fatal=e.fatal)
            return
        except Exception as e:  # one bad error must not stop a run over thousands
            self._failed(error_id, redact_url(f"{type(e).__name__}: {e}"), fatal=False)
            return
        with self.lock:
            if outcome.from_cache:
                self.cached += 1
            else:
                self.answered += 1
                self.dropped += outcome.record.dropped

    def _failed(self, error_id: str, message: str, *, fatal: bool) -> None:
        with self.lock:
            self.failures += 1
            if self.first_failure is None:
                self.first_failure = f"{error_id}: {message}"
            if fatal:
                self.fatal = True
                self.stop.set()

    def close(self) -> None:
        if self.client is not None:
            self.client.close()

    def summary(self) -> str:
        line = (
            f"analysed {self.analysed} of {self.total}, from cache {self.cached}, "
            f"LLM answers {self.answered}, claims dropped {self.dropped}, failures {self.failures}"
        )
        if self.first_failure:
            line += f" (first: {self.first_failure})"
        return line

    def to_json(self) -> dict[str, Any]:
        return {
            "total": self.total,
            "analysed": self.analysed,
            "from_cache": self.cached,
            "llm_answers": self.answered,
            "claims_dropped": self.dropped,
            "failures": self.failures,
            "first_failure": self.first_failure,
            "model": self.client.model if self.client else None,
        }
