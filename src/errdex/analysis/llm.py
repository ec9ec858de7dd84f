"""Optional AI-assisted prose: an OpenAI-compatible client, a facts-only prompt, verified answers.

errdex never needs a model. The static sections are complete on their own; a model can only
rephrase them into friendlier prose and guess at common situations. Because code models invent
APIs (the seed pages name ``tpu_core.BlockType`` and ``pallas.MemorySpace.TPU_HBM``, which do not
exist in jax), three rules hold:

* the prompt holds **only facts** read from the snapshot (the message template, the guards, the
  source lines, the code's own comments and docstring, linked tests, related errors and the static
  sections) — nothing a previous model wrote is ever fed back in;
* every answer is **verified** (``verify_answer``) against the snapshot's symbol table before it is
  stored: an item or sentence that names an unknown symbol is dropped, and the page says so;
* answers are **cached** per (error ID, snapshot, model, ``PROMPT_VERSION``) with
  ``store.put_analysis``: pages never call a model, ``errdex analyze --llm`` fills the cache and
  resumes where it stopped, and changing the prompt or the model invalidates exactly its answers.

Any chat-completions endpoint works (vLLM, llama.cpp's server, Ollama, a hosted API), configured
by ``ERRDEX_LLM_URL`` (base URL, e.g. ``http://127.0.0.1:8080/v1``), ``ERRDEX_LLM_MODEL`` and an
optional ``ERRDEX_LLM_KEY``. ``httpx`` is imported lazily: pages that only read the cache never
pay for it.
"""

from __future__ import annotations

import json
import os
import random
import re
import threading
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime
from typing import TYPE_CHECKING, Any

from errdex.model import render_template
from errdex.store.records import AnalysisRecord, AnswerSections, ExampleFix, SourceWindow, source_window
from errdex.textsafe import redact_url

if TYPE_CHECKING:
    from errdex.analysis.result import Analysis
    from errdex.store.records import ErrorDetail

__all__ = [
    "ENV_KEY",
    "ENV_MODEL",
    "ENV_URL",
    "PROMPT_VERSION",
    "Client",
    "LLMConfig",
    "LLMError",
    "Outcome",
    "Verified",
    "build_messages",
    "configured_model",
    "ensure_answer",
    "facts_names",
    "missing_env",
    "parse_answer",
    "verify_answer",
]

# Bump when the prompt (or the answer schema) changes: answers cached for the old prompt are then
# simply not found, so pages fall back to static until `errdex analyze --llm` re-asks.
PROMPT_VERSION = "1"

ENV_URL = "ERRDEX_LLM_URL"
ENV_MODEL = "ERRDEX_LLM_MODEL"
ENV_KEY = "ERRDEX_LLM_KEY"

SECTIONS = ("meaning", "trigger", "common_situations", "solutions", "example_fix")
_MAX_SOURCE_LINES = 60
_MAX_EXAMPLE_CHARS = 2500


class LLMError(Exception):
    """A model call that failed in a way worth a one-line message.

    ``fatal`` errors (bad key, unknown model) will fail for every error the same way, so a batch
    run stops at the first one instead of hammering the endpoint with doomed requests.
    """

    def __init__(self, message: str, *, fatal: bool = False) -> None:
        # Messages name the endpoint and quote what it answered; a ``user:password@`` in
        # ERRDEX_LLM_URL (or echoed back by the server) must never reach a terminal or a log.
        super().__init__(redact_url(message))
        self.fatal = fatal


def configured_model() -> str | None:
    """The model whose cached answers pages show, or None (static only)."""
    return os.environ.get(ENV_MODEL) or None


def missing_env() -> list[str]:
    """The environment variables ``--llm`` needs but does not have."""
    return [n for n in (ENV_URL, ENV_MODEL) if not os.environ.get(n)]


@dataclass(slots=True, frozen=True)
class LLMConfig:
    """Where to ask and how patiently. ``backoff`` is the first retry delay in seconds."""

    url: str
    model: str
    key: str | None = field(default=None, repr=False)  # a secret: never in a repr or a log
    timeout: float = 120.0
    retries: int = 4
    backoff: float = 1.0
    max_delay: float = 60.0

    @classmethod
    def from_env(cls) -> LLMConfig | None:
        url, model = os.environ.get(ENV_URL), os.environ.get(ENV_MODEL)
        if not url or not model:
            return None
        return cls(url=url.rstrip("/"), model=model, key=os.environ.get(ENV_KEY) or None)


# ---------------------------------------------------------------------------- the client


class Client:
    """A small chat-completions client: JSON mode, timeouts, retries with backoff.

    Retries cover what a busy or restarting server does — 429 (honouring ``Retry-After``), 5xx,
    refused connections and timeouts — with exponential backoff plus jitter so that a batch of
    concurrent workers does not retry in lock-step. Everything else fails at once with a message
    naming the likely cause. One client is shared by all worker threads (httpx pools connections
    and is thread-safe).
    """

    def __init__(self, config: LLMConfig) -> None:
        import httpx

        self.config = config
        headers = {"Content-Type": "application/json"}
        if config.key:
            headers["Authorization"] = f"Bearer {config.key}"
        self._http = httpx.Client(
            headers=headers, timeout=httpx.Timeout(config.timeout, connect=min(10.0, config.timeout))
        )
        self.requests = 0  # HTTP requests sent, retries included (for the summary and tests)
        self._lock = threading.Lock()

    @property
    def model(self) -> str:
        return self.config.model

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def complete_json(self, messages: list[dict[str, str]]) -> AnswerSections:
        """Send the conversation and return the sections of the JSON object it answers."""
        import httpx

        endpoint = f"{self.config.url}/chat/completions"
        body = {
            "model": self.config.model,
            "messages": messages,
            "temperature": 0,
            "response_format": {"type": "json_object"},
        }
        attempts = self.config.retries + 1
        last = ""
        for attempt in range(attempts):
            retry_after: float | None = None
            with self._lock:
                self.requests += 1
            try:
                resp = self._http.post(endpoint, json=body)
            except httpx.TransportError as e:  # refused, reset, timed out: worth another try
                last = f"{type(e).__name__}: {e or 'no detail'}"
            else:
                if resp.status_code == 200:
                    return parse_answer(_content(resp))
                if resp.status_code == 429 or resp.status_code >= 500 or resp.status_code == 408:
                    last = f"HTTP {resp.status_code}{_snippet(resp.text)}"
                    retry_after = _retry_after(resp.headers.get("Retry-After"))
                else:
                    raise _http_error(resp.status_code, resp.text, self.config, endpoint)
            if attempt + 1 < attempts:
                time.sleep(self._delay(attempt, retry_after))
        raise LLMError(f"{endpoint} failed after {attempts} attempts; last: {last}")

    def _delay(self, attempt: int, retry_after: float | None) -> float:
        if retry_after is not None:  # the server knows best when it will have capacity
            return min(max(retry_after, 0.0), self.config.max_delay)
        base = self.config.backoff * 2.0**attempt
        return min(base * random.uniform(0.5, 1.5), self.config.max_delay)


def _content(resp: Any) -> str:
    try:
        data = resp.json()
        content = data["choices"][0]["message"]["content"]
    except (ValueError, KeyError, IndexError, TypeError):
        raise LLMError(f"not a chat-completions response{_snippet(resp.text)}") from None
    if not isinstance(content, str) or not content.strip():
        raise LLMError("the model returned an empty answer")
    return content


def _http_error(status: int, text: str, config: LLMConfig, endpoint: str) -> LLMError:
    if status in (401, 403):
        hint = "ERRDEX_LLM_KEY rejected" if config.key else "the endpoint wants a key: set ERRDEX_LLM_KEY"
        return LLMError(f"{hint} (HTTP {status} from {endpoint}){_snippet(text)}", fatal=True)
    if status == 404:
        return LLMError(
            f"no such model/endpoint: {config.model!r} at {endpoint} (HTTP 404; ERRDEX_LLM_URL is the "
            f"base URL, usually ending in /v1){_snippet(text)}",
            fatal=True,
        )
    return LLMError(f"HTTP {status} from {endpoint}{_snippet(text)}", fatal=status in (400, 405, 422))


def _snippet(text: str) -> str:
    text = " ".join((text or "").split())
    return f": {text[:200]}" if text else ""


def _retry_after(value: str | None) -> float | None:
    """``Retry-After`` is either seconds or an HTTP date (RFC 9110)."""
    if not value:
        return None
    try:
        return float(value)
    except ValueError:
        pass
    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return (when - datetime.now(UTC)).total_seconds()


# The model's answer is untrusted text: no two quantifiers here can trade characters (``\s*\n?``
# before the lazy body did, quadratic on a fence followed by blank lines); the body is stripped.
_FENCED = re.compile(r"```(?:json|JSON)?(.*?)```", re.S)


def parse_answer(content: str) -> AnswerSections:
    """The answer's sections from the message text, in the schema the page expects.

    JSON mode is not honoured by every server, so a ```json fenced block (or prose around one
    object) is tolerated; anything else is an error, and nothing is cached for it.
    """
    text = content.strip()
    m = None if text.startswith("{") else _FENCED.search(text)  # a fence inside the JSON is code
    if m:
        text = m.group(1).strip()
    try:
        obj = json.loads(text)
    except ValueError:
        start, end = text.find("{"), text.rfind("}")
        try:
            obj = json.loads(text[start : end + 1]) if 0 <= start < end else None
        except ValueError:
            obj = None
        if obj is None:
            raise LLMError(f"the model's answer is not valid JSON{_snippet(content)}") from None
    if not isinstance(obj, dict):
        raise LLMError(f"the model's answer is JSON but not an object{_snippet(content)}")
    if not any(k in obj for k in SECTIONS):
        raise LLMError(
            f"the model's answer has none of the sections {', '.join(SECTIONS)}{_snippet(content)}"
        )
    return AnswerSections(
        meaning=_text(obj.get("meaning")),
        trigger=_text(obj.get("trigger")),
        common_situations=tuple(_items(obj.get("common_situations"))),
        solutions=tuple(_items(obj.get("solutions"))),
        example_fix=_fix(obj.get("example_fix")),
    )


def _text(v: Any) -> str:
    if isinstance(v, list):
        return " ".join(str(x).strip() for x in v if str(x).strip())
    return str(v).strip() if v is not None else ""


def _items(v: Any) -> list[str]:
    if v is None:
        return []
    if isinstance(v, str):
        v = [v]
    if not isinstance(v, list):
        return []
    out = []
    for x in v:
        if isinstance(x, dict):  # some models wrap items: {"text": ...}
            x = x.get("text") or x.get("solution") or next(iter(x.values()), "")
        s = str(x).strip()
        if s:
            out.append(s)
    return out


def _fix(v: Any) -> ExampleFix | None:
    if not isinstance(v, dict):
        return None
    before, after = _text(v.get("before")), _text(v.get("after"))
    if not before and not after:
        return None
    return ExampleFix(_strip_fence(before), _strip_fence(after))


def _strip_fence(code: str) -> str:
    m = re.fullmatch(r"```[\w+-]*\n(.*?)\n?```", code.strip(), re.S)
    return m.group(1) if m else code


# ---------------------------------------------------------------------------- the prompt

_SYSTEM = """\
You explain one error raised by the Python library {library} to a developer who just hit it.
You are given facts read from the library's source code (version {version}). Use ONLY these facts.
Rules:
- Name only functions, classes, attributes, modules and parameters that appear in the facts or in
  the Python standard library. Every identifier you write is checked against the library's code,
  and any sentence or item naming something that does not exist is deleted.
- Never invent an API, a flag, a module path or a version. If the facts do not say how to fix it,
  say what the failing check requires instead.
- Put code identifiers in backticks.
Answer with one JSON object and nothing else, with exactly these keys:
{{"meaning": "what the error means, 1-3 sentences",
 "trigger": "when exactly it is raised, in words, from the guard conditions",
 "common_situations": ["a situation in user code that leads here", ...],
 "solutions": ["one concrete fix", ...],
 "example_fix": {{"before": "python code that raises it", "after": "the fixed code"}} or null}}
"""


def build_messages(err: ErrorDetail, source: SourceWindow, analysis: Analysis) -> list[dict[str, str]]:
    """The chat messages for one error: a fixed instruction, then the facts and nothing else.

    ``analysis`` is the static analysis (``analyze_error``); its ``llm`` part, if any, is ignored
    on purpose — a model's earlier prose is not a fact.
    """
    system = _SYSTEM.format(library=err.repo, version=err.latest.version.name)
    return [
        {"role": "system", "content": system},
        {"role": "user", "content": facts_text(err, source, analysis)},
    ]


def facts_text(err: ErrorDetail, source: SourceWindow, analysis: Analysis) -> str:
    """The facts section of the prompt, as labelled plain-text blocks: the latest occurrence,
    the code window around it (``source``) and the static analysis."""
    occ = err.latest
    parts: list[str] = []

    def block(title: str, body: str | None) -> None:
        if body and body.strip():  # strip newlines only: the first source line keeps its indent
            parts.append(f"## {title}\n{body.strip(chr(10))}")

    block(
        "Exception",
        f"{err.exc_type} ({err.kind}), raised in {err.path}:{occ.line} in function {err.function}",
    )
    block("Message template ({...} are runtime values)", err.template)
    expanded = render_template(occ.expanded_segments)
    if expanded and expanded != err.template:
        block("Message with helper calls expanded", expanded)
    if occ.exc_bases:
        block("Exception base classes", ", ".join(occ.exc_bases))
    block(
        "Conditions on the path to the raise (source text, outermost first)",
        "\n".join(f"- {g}" for g in occ.guards),
    )
    block("Trigger, in words", analysis.trigger.text)
    lines, start = list(source.lines), source.start
    if len(lines) > _MAX_SOURCE_LINES:  # keep the raise in view; cut the far end of the window
        keep_from = max(0, min(occ.line - start - _MAX_SOURCE_LINES // 2, len(lines) - _MAX_SOURCE_LINES))
        lines, start = lines[keep_from : keep_from + _MAX_SOURCE_LINES], start + keep_from
    marked = [
        f"{n:>5}{'>' if occ.line <= n <= occ.end_line else ' '} {text}" for n, text in enumerate(lines, start)
    ]
    block(f"Source of {err.path} ('>' marks the raise)", "\n".join(marked))
    block("Docstring of the enclosing function", occ.docstring)
    notes = analysis.comments or occ.comments
    block("Comments in the code near the raise (including TODOs)", "\n".join(f"- {c}" for c in notes))
    block("Static explanation", analysis.meaning.text)
    block("Fixes derived from the code", "\n".join(f"- {s.text} [{s.source}]" for s in analysis.solutions))
    block("References", "\n".join(analysis.references))
    block(
        "Public functions that reach it",
        "\n".join(f"- {r.function} ({r.path}:{r.line})" for r in analysis.reached_from[:8]),
    )
    block(
        "The library's own tests that trigger it",
        "\n\n".join(
            f"{ex.path}:{ex.line} ({ex.function})\n{ex.source[:_MAX_EXAMPLE_CHARS]}"
            for ex in analysis.examples
        ),
    )
    block(
        "Related errors",
        "\n".join(f"- {r.exc_type}: {r.template} ({r.relation})" for r in analysis.related),
    )
    return "\n\n".join(parts) + "\n"


# ---------------------------------------------------------------------------- verification


@dataclass(frozen=True, slots=True)
class Verified:
    """An answer with the claims naming unknown symbols dropped: how many, and those names."""

    sections: AnswerSections
    dropped: int = 0
    unverified: tuple[str, ...] = ()


_IDENT_RUN = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z`\"'(*\[])")
_SNAKE = re.compile(r"[a-z_][a-z0-9_]*")
_IMPORTED = re.compile(r"\b(?:import|from)\s+([A-Za-z_][\w.]*)")


def facts_names(err: ErrorDetail, source: SourceWindow, analysis: Analysis | None = None) -> set[str]:
    """Every name (and dotted prefix) written in the code facts the model was shown.

    A name copied from the raise's own source (``scratch_type.memory_space``) is real code even
    when the symbol table cannot type it: the verifier's strict mode would otherwise drop a
    correct sentence that quotes the guard.
    """
    texts = [*err.latest.guards, *source.lines]
    if analysis is not None:
        texts += [ex.source for ex in analysis.examples]
    out: set[str] = set()
    for t in texts:
        for m in _IDENT_RUN.finditer(t):
            parts = m.group(0).split(".")
            out.update(".".join(parts[:i]) for i in range(1, len(parts) + 1))
    return out


def split_sentences(text: str) -> list[str]:
    """Sentences of prose, never splitting inside a backticked span or a fenced block."""
    protected: list[str] = []

    def hide(m: re.Match[str]) -> str:
        protected.append(m.group(0))
        return f"\x00{len(protected) - 1}\x00"

    hidden = re.sub(r"```.*?```|`[^`\n]+`", hide, text, flags=re.S)
    out = []
    for sent in _SENTENCE_END.split(hidden):
        sent = re.sub(r"\x00(\d+)\x00", lambda m: protected[int(m.group(1))], sent).strip()
        if sent:
            out.append(sent)
    return out


def verify_answer(sections: AnswerSections, index: Any, path: str, known: set[str] | None = None) -> Verified:
    """Drop every claim that names a symbol the snapshot does not have.

    A claim is a sentence of ``meaning``/``trigger``, one item of ``common_situations`` or
    ``solutions``, or the whole ``example_fix`` (half a fix is worse than none). Names resolve as
    they would in the raise's file (``tpu_core`` -> ``jax._src.pallas.mosaic.core``), strictly
    (a local variable with invented attributes does not pass), or by appearing in the code facts.
    A bare lower-case name that resolves nowhere (``my_core_type``, ``kernel``) is the reader's
    own placeholder variable, not a claim about the library, so it is not held against the answer;
    dotted paths, imports and CamelCase names always are.
    """
    from errdex.analysis.verify import check_text, names_in_code

    known = known or set()
    unverified: list[str] = []
    dropped = 0

    def unknown_in(text: str, *, code: bool = False) -> list[str]:
        if code and names_in_code(text) is None:
            code = False  # not Python (a shell line, pseudo-code): check it as text
        check = check_text(text, index, path, strict=True, code=code)
        imported = set(_IMPORTED.findall(text))
        return [n for n in check.unknown if n not in known and (n in imported or not _SNAKE.fullmatch(n))]

    def kept(claims: Iterable[str]) -> list[str]:
        nonlocal dropped
        out = []
        for claim in claims:
            bad = unknown_in(claim)
            if not bad:
                out.append(claim)
                continue
            dropped += 1
            unverified.extend(n for n in bad if n not in unverified)
        return out

    # in the order of the sections: the order the unknown names are reported in
    meaning = " ".join(kept(split_sentences(sections.meaning)))
    trigger = " ".join(kept(split_sentences(sections.trigger)))
    situations, solutions = kept(sections.common_situations), kept(sections.solutions)
    fix = sections.example_fix
    if fix:
        bad = [n for part in (fix.before, fix.after) for n in unknown_in(part, code=True)]
        if bad:
            dropped += 1
            unverified.extend(n for n in dict.fromkeys(bad) if n not in unverified)
            fix = None
    return Verified(
        AnswerSections(meaning, trigger, tuple(situations), tuple(solutions), fix), dropped, tuple(unverified)
    )


# ---------------------------------------------------------------------------- asking, with the cache


@dataclass(slots=True)
class Outcome:
    record: AnalysisRecord
    from_cache: bool


def ensure_answer(
    store: Any,
    client: Client,
    err: ErrorDetail,
    analysis: Analysis,
    *,
    prompt_version: str = PROMPT_VERSION,
) -> Outcome:
    """The verified answer for one error: from the cache, else asked, verified and cached.

    ``analysis`` is the error's static analysis (``analyze_error``; its ``llm`` part is ignored):
    the model is asked about those facts and the code around the raise, and its answer is checked
    against them.

    The raw answer is stored beside the verified one (under ``raw``) so a better verifier can
    re-check old answers without paying for them again; pages only ever see its ``public_json``.
    Nothing is stored when the call fails.
    """
    from errdex.analysis.context import get_context

    sid = err.latest.snapshot_id
    cached = store.get_analysis(err.id, sid, client.model, prompt_version)
    if cached is not None:
        return Outcome(cached, True)
    source = source_window(store, err)
    answer = client.complete_json(build_messages(err, source, analysis))
    ctx = get_context(store, sid)
    checked = verify_answer(answer, ctx.index, err.path, facts_names(err, source, analysis))
    record = AnalysisRecord(
        model=client.model,
        date=datetime.now(UTC).isoformat(timespec="seconds"),
        prompt_version=prompt_version,
        sections=checked.sections,
        dropped=checked.dropped,
        unverified=checked.unverified,
        raw=answer.to_json(),  # the JSON the parsed answer was: what a better verifier re-reads
    )
    store.put_analysis(err.id, sid, client.model, prompt_version, record.to_json())
    return Outcome(record, False)
