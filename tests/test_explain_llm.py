"""The optional LLM stage against a real HTTP server speaking chat completions.

No mocks: a ``ThreadingHTTPServer`` on 127.0.0.1 answers ``POST /v1/chat/completions`` from a
script and records every request, so the tests see exactly what errdex sends (the prompt, JSON
mode, the key) and how often (retries, cache hits). The answers with invented APIs are modelled on
the seed pages (``/work/shared/seeds``) and checked against the real jax 0.10.2 catalogue.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import closing
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from errdex.analysis import analyze_error
from errdex.analysis.llm import (
    Client,
    LLMConfig,
    LLMError,
    ensure_answer,
    parse_answer,
    split_sentences,
    verify_answer,
)
from errdex.store.records import AnswerSections, ErrorDetail, ExampleFix
from errdex.views import error_view

MPMD = ("jax/_src/pallas/mpmd.py", 842)
MODEL = "fake-coder-7b"
ERRDEX = str(Path(sys.executable).parent / "errdex")

# modelled on the seed page for mpmd.py: invented APIs mixed with real ones
SEED_ANSWER: dict[str, Any] = {
    "meaning": (
        "With more than one mesh, MPMD must know which core owns each scratch buffer. "
        "For HBM scratch, use `pallas.MemorySpace.TPU_HBM`. "
        "A `pallas_core.CoreMemorySpace` ties the buffer to a core."
    ),
    "trigger": (
        "It is raised when `meshes_and_fns` has more than one item and "
        "`scratch_type.memory_space` is not a `pallas_core.CoreMemorySpace`."
    ),
    "common_situations": [
        "Migrating single-mesh Pallas code to multi-mesh MPMD.",
        "Using `tpu_core.BlockType` scratch specs written for the single-core API.",
    ],
    "solutions": [
        "Wrap the memory space: `pallas_core.CoreMemorySpace(tpu_core.MemorySpace.VMEM, core_type=my_core_type)`.",
        "Use `tpu_core.MemorySpace.VMEM_SHARED`, which needs no core binding.",
        "Import the helpers with `from jax.experimental import tpu_core`.",
    ],
    "example_fix": {
        "before": "scratch_type = tpu_core.BlockType(dtype=jnp.float32, block_shape=(128,))",
        "after": "scratch_type = tpu_core.BlockType(dtype=jnp.float32, block_shape=(128,),\n"
        "    memory_space=pallas_core.CoreMemorySpace(tpu_core.MemorySpace.VMEM, core_type=c))",
    },
}
INVENTED = {"pallas.MemorySpace.TPU_HBM", "tpu_core.BlockType", "jax.experimental.tpu_core"}

# what the server says when a test scripted nothing: one real claim, one invented
DEFAULT_ANSWER: dict[str, Any] = {
    "meaning": "A check in the library failed.",
    "trigger": "It is raised when its guard conditions hold.",
    "common_situations": ["Passing an unsupported value."],
    "solutions": [
        "Read the message and pass a supported value.",
        "Call `jax.experimental.tpu_core.fix_everything()` first.",
    ],
    "example_fix": None,
}


# ---------------------------------------------------------------------------- the fake endpoint


class FakeLLM:
    """Scripted chat-completions endpoint: pops one (status, headers, body) per request."""

    def __init__(self) -> None:
        self.requests: list[dict[str, Any]] = []
        self.script: list[tuple[int, dict[str, str], str]] = []
        self.lock = threading.Lock()
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/v1"

    def then(
        self,
        status: int = 200,
        content: str | dict[str, Any] | None = None,
        *,
        headers: dict[str, str] | None = None,
        body: str | None = None,
    ) -> FakeLLM:
        if body is None:
            text = content if isinstance(content, str) else json.dumps(content or DEFAULT_ANSWER)
            body = json.dumps({"choices": [{"index": 0, "message": {"role": "assistant", "content": text}}]})
        self.script.append((status, headers or {}, body))
        return self

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length)
                with fake.lock:
                    fake.requests.append(
                        {"path": self.path, "headers": dict(self.headers), "body": json.loads(raw)}
                    )
                    step = fake.script.pop(0) if fake.script else None
                status: int
                headers: dict[str, str]
                body: str
                if self.path != "/v1/chat/completions":
                    status, headers, body = 404, {}, '{"error": "not found"}'
                elif step is None:
                    status, headers, body = (
                        200,
                        {},
                        json.dumps(
                            {
                                "choices": [
                                    {"message": {"role": "assistant", "content": json.dumps(DEFAULT_ANSWER)}}
                                ]
                            }
                        ),
                    )
                else:
                    status, headers, body = step
                data = body.encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                for k, v in headers.items():
                    self.send_header(k, v)
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *_: Any) -> None:
                pass

        return Handler


@pytest.fixture()
def fake() -> Iterator[FakeLLM]:
    """A fresh endpoint per test (cheap), so no server thread outlives a test: the catalogue
    fixture forks extraction workers, which must not happen while another thread runs."""
    server = FakeLLM()
    thread = threading.Thread(target=server.server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.server.shutdown()
    server.server.server_close()
    thread.join()


def _client(fake: FakeLLM, model: str = MODEL, **kw: Any) -> Client:
    return Client(LLMConfig(url=fake.url, model=model, backoff=0.01, **kw))


# ---------------------------------------------------------------------------- client (no catalogue)


def test_429_with_retry_after_then_success(fake: FakeLLM) -> None:
    fake.then(429, body='{"error": "slow down"}', headers={"Retry-After": "0"}).then(200, {"meaning": "ok"})
    with _client(fake) as c:
        answer = c.complete_json([{"role": "user", "content": "hi"}])
    assert answer.meaning == "ok" and answer.solutions == ()
    assert len(fake.requests) == 2


def test_500_twice_then_success(fake: FakeLLM) -> None:
    fake.then(500, body="boom").then(503, body="busy").then(200, {"solutions": ["x"]})
    with _client(fake) as c:
        assert c.complete_json([{"role": "user", "content": "hi"}]).solutions == ("x",)
    assert len(fake.requests) == 3


def test_gives_up_after_the_retries_with_the_last_status(fake: FakeLLM) -> None:
    for _ in range(3):
        fake.then(502, body="bad gateway")
    with _client(fake, retries=2) as c, pytest.raises(LLMError, match=r"after 3 attempts; last: HTTP 502"):
        c.complete_json([{"role": "user", "content": "hi"}])
    assert len(fake.requests) == 3


def test_401_is_a_clear_fatal_message_without_retries(fake: FakeLLM) -> None:
    fake.then(401, body='{"error": "invalid api key"}')
    with _client(fake, key="wrong") as c, pytest.raises(LLMError, match="ERRDEX_LLM_KEY rejected") as info:
        c.complete_json([{"role": "user", "content": "hi"}])
    assert info.value.fatal and len(fake.requests) == 1
    assert fake.requests[0]["headers"]["Authorization"] == "Bearer wrong"


def test_404_names_model_and_endpoint(fake: FakeLLM) -> None:
    cfg = LLMConfig(url=fake.url.removesuffix("/v1"), model="nope", backoff=0.01)  # forgot the /v1
    with Client(cfg) as c, pytest.raises(LLMError, match="no such model/endpoint: 'nope'"):
        c.complete_json([{"role": "user", "content": "hi"}])


def test_connection_refused_is_retried_then_reported() -> None:
    import socket

    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    cfg = LLMConfig(url=f"http://127.0.0.1:{port}/v1", model=MODEL, retries=1, backoff=0.01)
    with Client(cfg) as c, pytest.raises(LLMError, match="after 2 attempts; last: ConnectError"):
        c.complete_json([{"role": "user", "content": "hi"}])
    assert c.requests == 2


def test_answer_parsing_tolerates_fences_and_rejects_non_json() -> None:
    fenced = "Here you go:\n```json\n" + json.dumps({"meaning": "m", "solutions": "one"}) + "\n```"
    got = parse_answer(fenced)
    assert got == AnswerSections("m", "", (), ("one",), None)
    wrapped = {
        "example_fix": {"before": "```python\nf(1)\n```", "after": "f(2)"},
        "solutions": [{"text": " a "}],
    }
    assert parse_answer(json.dumps(wrapped)) == AnswerSections("", "", (), ("a",), ExampleFix("f(1)", "f(2)"))
    with pytest.raises(LLMError, match="not valid JSON"):
        parse_answer("{meaning: 'sure'")
    with pytest.raises(LLMError, match="none of the sections"):
        parse_answer('{"answer": 42}')


def test_sentences_do_not_split_inside_code() -> None:
    text = "Use `a.b. C` here. Then e.g. call `x.y()`! Done."
    assert split_sentences(text) == ["Use `a.b. C` here.", "Then e.g. call `x.y()`!", "Done."]


# ---------------------------------------------------------------------------- against jax 0.10.2


@pytest.fixture(scope="module")
def db(jax_db: str, tmp_path_factory: pytest.TempPathFactory) -> str:
    """A private copy of the session's jax catalogue: these tests write answers into it."""
    path = tmp_path_factory.mktemp("llm") / "jax.db"
    with closing(sqlite3.connect(jax_db)) as src, closing(sqlite3.connect(path)) as dst:
        src.backup(dst)
    return str(path)


@pytest.fixture(scope="module")
def seed(db: str) -> Iterator[tuple[Any, ErrorDetail]]:
    from errdex.store import Store

    with Store.open(db) as store:
        _, rows = store.list_errors(path="pallas/mpmd.py")
        [row] = [r for r in rows if r.path == MPMD[0] and r.line == MPMD[1]]
        err = store.get_error(row.id)
        assert err is not None
        yield store, err


@pytest.mark.network
def test_verifier_drops_exactly_the_invented_claims(seed: tuple[Any, ErrorDetail], fake: FakeLLM) -> None:
    store, err = seed
    fake.then(200, SEED_ANSWER)
    with _client(fake, model="seed-model") as c:
        out = ensure_answer(store, c, err, analyze_error(store, err))
    rec = out.record
    sec = rec.sections
    assert not out.from_cache and len(fake.requests) == 1
    # meaning: the TPU_HBM sentence goes, the two real ones stay
    assert sec.meaning == (
        "With more than one mesh, MPMD must know which core owns each scratch buffer. "
        "A `pallas_core.CoreMemorySpace` ties the buffer to a core."
    )
    assert sec.trigger == SEED_ANSWER["trigger"]  # quotes the guard: `scratch_type.memory_space` is real code
    assert sec.common_situations == ("Migrating single-mesh Pallas code to multi-mesh MPMD.",)
    assert list(sec.solutions) == SEED_ANSWER["solutions"][:2]
    assert sec.example_fix is None  # built on tpu_core.BlockType
    assert rec.dropped == 4
    assert set(rec.unverified) == INVENTED
    assert (
        rec.raw is not None and rec.raw["solutions"] == SEED_ANSWER["solutions"]
    )  # kept for re-verification, not shown


@pytest.mark.network
def test_a_real_example_fix_is_kept(seed: tuple[Any, ErrorDetail]) -> None:
    from errdex.analysis.context import get_context

    store, err = seed
    ctx = get_context(store, err.latest.snapshot_id)
    fix = ExampleFix(
        "scratch = tpu_core.MemorySpace.VMEM",
        "scratch = pallas_core.CoreMemorySpace(tpu_core.MemorySpace.VMEM, core_type=my_core_type)",
    )
    got = verify_answer(AnswerSections("", "", (), ("`import tpu_magic` first",), fix), ctx.index, MPMD[0])
    assert got.sections.example_fix == fix and got.sections.solutions == ()
    assert got.dropped == 1 and got.unverified == ("tpu_magic",)  # an import is a claim, even a bare one


@pytest.mark.network
def test_prompt_holds_only_facts_and_asks_for_json(seed: tuple[Any, ErrorDetail], fake: FakeLLM) -> None:
    store, err = seed
    with _client(fake, model="prompt-model") as c:
        ensure_answer(store, c, err, analyze_error(store, err))
    [req] = fake.requests
    body = req["body"]
    assert body["model"] == "prompt-model" and body["temperature"] == 0
    assert body["response_format"] == {"type": "json_object"}
    system, user = body["messages"]
    assert system["role"] == "system" and "JSON" in system["content"] and '"example_fix"' in system["content"]
    prompt = user["content"]
    assert err.template in prompt
    for guard in err.latest.guards:
        assert guard in prompt
    assert "raise NotImplementedError(" in prompt
    assert "from jax._src.pallas.mosaic import core as tpu_core" in prompt
    assert "TODO(rdyro)" in prompt
    assert "`tpu_core` is `jax._src.pallas.mosaic.core`" in prompt  # the static trigger section
    for invented in ("TPU_HBM", "BlockType", "jax.experimental import tpu_core", "AI-assisted"):
        assert invented not in prompt and invented not in system["content"]


@pytest.mark.network
def test_malformed_answer_is_an_error_and_nothing_is_cached(
    seed: tuple[Any, ErrorDetail], fake: FakeLLM
) -> None:
    store, err = seed
    fake.then(200, "Sure! The error means {that the scratch type")
    with _client(fake, model="bad-json-model") as c, pytest.raises(LLMError, match="not valid JSON"):
        ensure_answer(store, c, err, analyze_error(store, err))
    assert store.get_analysis(err.id, err.latest.snapshot_id, "bad-json-model", "1") is None


@pytest.mark.network
def test_cache_per_error_snapshot_model_and_prompt_version(
    seed: tuple[Any, ErrorDetail], fake: FakeLLM, monkeypatch: pytest.MonkeyPatch
) -> None:
    store, err = seed
    with _client(fake, model="cache-model") as c:
        first = ensure_answer(store, c, err, analyze_error(store, err))
        again = ensure_answer(store, c, err, analyze_error(store, err))
        assert not first.from_cache and again.from_cache and len(fake.requests) == 1
        assert again.record == first.record
        assert not ensure_answer(store, c, err, analyze_error(store, err), prompt_version="test-2").from_cache
        assert len(fake.requests) == 2
    with _client(fake, model="other-model") as c:
        assert not ensure_answer(store, c, err, analyze_error(store, err)).from_cache
    assert len(fake.requests) == 3

    monkeypatch.setenv("ERRDEX_LLM_MODEL", "cache-model")
    a = error_view(store, err).to_json()["analysis"]
    assert a["provenance"]["kind"] == "llm:cache-model"
    assert a["llm"]["model"] == "cache-model" and "raw" not in a["llm"]
    assert a["llm"]["dropped"] == 1 and a["llm"]["unverified"] == ["jax.experimental.tpu_core.fix_everything"]
    assert a["meaning"]["provenance"] == "static"  # the static sections are untouched
    monkeypatch.setenv("ERRDEX_LLM_MODEL", "never-asked")
    assert error_view(store, err).to_json()["analysis"]["llm"] is None


# ---------------------------------------------------------------------------- the command


def _env(fake: FakeLLM | None, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ERRDEX_LLM_", "ERRDEX_DB"))}
    if fake is not None:
        env.update(ERRDEX_LLM_URL=fake.url, ERRDEX_LLM_MODEL=MODEL)
    env.update(extra)
    return env


def _run(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([ERRDEX, *args], capture_output=True, text=True, env=env, timeout=300)


@pytest.mark.network
def test_analyze_command_resumes_from_cache_and_show_uses_it(db: str, fake: FakeLLM) -> None:
    env = _env(fake, ERRDEX_LLM_KEY="sekret")
    first = _run("analyze", "--llm", "--repo", "jax", "--limit", "5", "--db", db, env=env)
    assert first.returncode == 0, first.stderr
    assert "analysed 5 of 5, from cache 0, LLM answers 5, claims dropped 5, failures 0" in first.stdout, (
        first.stdout
    )
    assert len(fake.requests) == 5
    assert {r["headers"]["Authorization"] for r in fake.requests} == {"Bearer sekret"}

    second = _run("analyze", "--llm", "--repo", "jax", "--limit", "5", "--db", db, "--json", env=env)
    assert second.returncode == 0, second.stderr
    summary = json.loads(second.stdout)
    assert summary["from_cache"] == 5 and summary["llm_answers"] == 0 and summary["failures"] == 0
    assert len(fake.requests) == 5  # nothing new asked

    from errdex.store import Store

    with Store.open(db, readonly=True) as store:
        _, rows = store.list_errors(repo="jax", limit=1)
    shown = _run("show", rows[0].id, "--db", db, "--json", env=env)
    assert shown.returncode == 0, shown.stderr
    a = json.loads(shown.stdout)["analysis"]
    assert a["provenance"]["kind"] == f"llm:{MODEL}"
    assert a["llm"]["sections"]["solutions"] == ["Read the message and pass a supported value."]
    text = _run("show", rows[0].id, "--db", db, env=env)
    assert "AI-assisted explanation (fake-coder-7b" in text.stdout
    assert "1 claim dropped: named unknown symbols jax.experimental.tpu_core.fix_everything" in text.stdout


@pytest.mark.network
def test_analyze_stops_at_a_rejected_key(db: str, fake: FakeLLM) -> None:
    for _ in range(10):
        fake.then(401, body='{"error": "bad key"}')
    out = _run(
        "analyze",
        "--llm",
        "--repo",
        "jax",
        "--limit",
        "10",
        "--concurrency",
        "1",
        "--db",
        db,
        env=_env(fake, ERRDEX_LLM_MODEL="rejected-model", ERRDEX_LLM_KEY="wrong"),
    )
    assert out.returncode == 1
    assert "ERRDEX_LLM_KEY rejected" in out.stdout
    assert len(fake.requests) == 1  # fatal: the run stops instead of repeating a doomed request


def test_llm_without_env_names_the_variables(tmp_path: Path) -> None:
    out = _run("analyze", "--llm", "--db", str(tmp_path / "none.db"), env=_env(None))
    assert out.returncode != 0
    assert "ERRDEX_LLM_URL" in out.stderr and "ERRDEX_LLM_MODEL" in out.stderr
    assert "Traceback" not in out.stderr


def test_command_module_is_cheap_to_import() -> None:
    code = (
        "import sys, errdex.cli.analyze; "
        "print([m for m in ('httpx', 'sqlalchemy', 'rich') if m in sys.modules])"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
