"""The explain stage: grounded answers for every error, built from facts in the indexed code.

``analyze_error`` returns the sections a page shows — what it means, when it happens (the guard
chain in words, and the public functions that reach it), how to fix it, the codebase's own tests
that trigger it, related errors — all derived statically from the stored snapshot. No network,
no model: a static answer can be wrong only where the code is, and every identifier it names is
checked against the snapshot's symbol table (``verify``). An LLM answer, when one was produced
with ``errdex analyze --llm`` for the configured model, is merged in beside it, already verified.

Modules: ``meaning`` (type table, docstring, notes), ``trigger`` (guard prose), ``callgraph``,
``solutions``, ``related``, ``tests`` (linking test expectations), ``examples`` (slicing them),
``symbols`` + ``verify`` (grounding), ``llm`` (optional prose), ``render``, ``command``.

Nothing here parses code: every fact about the code (definitions, imports, calls, tests) was
recorded by the extractor at index time, and ``context`` reads the ones one error needs.
"""

from __future__ import annotations

import sys
import types
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from errdex.match import Match

__all__ = ["analyze_error"]


class _ExplainModule(types.ModuleType):
    """Keeps the public ``errdex.explain(text)`` callable after this package is imported.

    Importing a subpackage binds its module as an attribute of the parent, which would shadow
    the function ``errdex.explain`` that ``errdex/__init__.py`` defines; so the stage package
    itself answers the call, with the same signature.
    """

    def __call__(
        self, error: str | BaseException, db: str | None = None, repo: str | None = None, limit: int = 10
    ) -> list[Match]:
        from errdex import _explain_any

        return _explain_any(error, db=db, repo=repo, limit=limit)


sys.modules[__name__].__class__ = _ExplainModule


def analyze_error(store: Any, err: dict[str, Any], view: dict[str, Any]) -> dict[str, Any]:
    """The analysis sections for one error (JSON-ready); static unless a cached LLM answer exists."""
    from errdex.explain import llm
    from errdex.explain.context import get_context
    from errdex.explain.examples import contrast_for, examples_for, tests_note
    from errdex.explain.meaning import gather_notes, is_todo, meaning_text
    from errdex.explain.solutions import solutions_for
    from errdex.explain.trigger import describe_guards

    occ = err["occurrences"][-1]
    sid = int(occ["snapshot_id"])
    ctx = get_context(store, sid)
    path, function = err["path"], err["function"]
    mod = ctx.index.module_of(path)
    aliases: dict[str, str] = {}
    if mod is not None:
        aliases = {k: v[0] for k, v in mod.imports.items() if v}
        aliases.update(mod.consts)
    guards = list(view.get("guards") or occ.get("guards") or [])
    trig = describe_guards(guards, aliases)

    lines = ctx.lines(store, path)
    func_start = 1
    if mod is not None and function in mod.funcs:
        func_start = mod.funcs[function].line
    notes = gather_notes(lines, view["line"], view["end_line"], func_start, list(view.get("comments") or []))
    expanded = view.get("expanded_template") or err["template"]
    siblings = [r.template for r in ctx.related.siblings(err)]
    sols, refs = solutions_for(trig, guards, err["template"], expanded, siblings)
    for n in notes:
        for url in _urls(n):
            if url not in refs:
                refs.append(url)
    reached: list[dict[str, Any]] = []
    if mod is not None and function != "<module>":
        reached = [r.to_json() for r in ctx.graph.reached_from(mod.name, function)]
    examples = examples_for(store, ctx, err["id"], view)
    snap = ctx.snapshot
    result: dict[str, Any] = {
        "meaning": {
            "text": meaning_text(
                exc_type=err["exc_type"],
                kind=err["kind"],
                bases=list(view.get("exc_bases") or []),
                level=view.get("level"),
                function=function,
                path=path,
                docstring=view.get("docstring"),
                trigger_text="",
                notes=notes,
            ),
            "provenance": "static",
        },
        "trigger": {"conditions": trig.conditions, "text": trig.text},
        "reached_from": reached,
        "solutions": sols,
        "references": refs,
        "comments": notes,
        "todos": [n for n in notes if is_todo(n)],
        "examples": examples,
        "contrast": contrast_for(store, ctx, examples),
        "tests_shipped": ctx.n_expectations > 0,
        "tests_note": tests_note(snap, ctx.n_expectations, len(examples)),
        "related": ctx.related.related({**err, "line": view.get("line")}, list(view.get("exc_bases") or [])),
        "llm": None,
        "provenance": {
            "kind": "static",
            "snapshot": f"{snap['repo']}@{snap['version']}",
            "date": snap.get("indexed_at"),
        },
    }
    model = llm.configured_model()
    if model:
        cached = store.get_analysis(err["id"], sid, model, llm.PROMPT_VERSION)
        if cached:  # verified when it was stored; the raw answer stays in the store
            result["llm"] = llm.public_record(cached)
            result["provenance"]["kind"] = f"llm:{model}"
    return result


def _urls(text: str) -> list[str]:
    from errdex.explain.solutions import URL

    return URL.findall(text)
