"""The analysis stage: grounded answers for every error, built from facts in the indexed code.

``analyze_error`` returns the sections a page shows (an ``Analysis``, see ``result``) — what it means, when it happens (the guard
chain in words, and the public functions that reach it), how to fix it, the codebase's own tests
that trigger it, related errors — all derived statically from the stored snapshot. No network,
no model: a static answer can be wrong only where the code is, and every identifier it names is
checked against the snapshot's symbol table (``verify``). An LLM answer, when one was produced
with ``errdex analyze --llm`` for the configured model, is merged in beside it, already verified.

Modules: ``meaning`` (type table, docstring, notes), ``trigger`` (guard prose), ``callgraph``,
``solutions``, ``related``, ``examples`` (the tests linked at index time, sliced), ``symbols`` +
``verify`` (grounding), ``llm`` (optional prose), ``context`` (what one snapshot's analyses share).

Nothing here parses code: every fact about the code (definitions, imports, calls, tests) was
recorded by the extractor at index time, and ``context`` reads the ones one error needs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from errdex.analysis.classes import ExcClass
    from errdex.analysis.context import SnapshotContext
    from errdex.analysis.result import Analysis, Reach
    from errdex.analysis.symbols import Module
    from errdex.store.records import CatalogueReader, ErrorDetail

__all__ = ["Analysis", "analyze_error"]


def __getattr__(name: str) -> Any:
    # ``Analysis`` is loaded on first use (PEP 562): importing a submodule runs this file first,
    # and the runtime hook imports ``analysis.trigger`` alone to word a raise's guards; the result
    # classes and the record classes behind them were most of a cold hook's import time (perf49).
    if name == "Analysis":
        from errdex.analysis.result import Analysis

        return Analysis
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def analyze_error(store: CatalogueReader, err: ErrorDetail) -> Analysis:
    """The analysis sections for one error; static unless a cached LLM answer exists.

    Everything is read from the error's latest occurrence and its snapshot's facts.
    """
    from errdex.analysis import llm
    from errdex.analysis.context import get_context
    from errdex.analysis.examples import contrast_for, examples_for, tests_note
    from errdex.analysis.meaning import gather_notes, is_todo, meaning_text
    from errdex.analysis.result import Analysis, Meaning, Provenance, TriggerText
    from errdex.analysis.solutions import NO_FIX, parameter_feeds, solutions_for
    from errdex.analysis.trigger import describe_guards
    from errdex.model import render_template

    occ = err.latest
    sid = occ.snapshot_id
    ctx = get_context(store, sid)
    path, function = err.path, err.function
    mod = ctx.index.module_of(path)
    aliases: dict[str, str] = {}
    if mod is not None:
        aliases = {k: v[0] for k, v in mod.imports.items() if v}
        aliases.update(mod.consts)
    guards = list(occ.guards)
    trig = describe_guards(guards, aliases)

    lines = ctx.lines(store, path)
    func_start = 1
    if mod is not None and function in mod.funcs:
        func_start = mod.funcs[function].line
    notes = gather_notes(lines, occ.line, occ.end_line, func_start, list(occ.comments))
    expanded = render_template(occ.expanded_segments) or err.template
    siblings = [r.template for r in ctx.related.siblings(err)]
    reaches = []
    if mod is not None and function != "<module>":
        reaches = ctx.graph.reached_from(mod.name, function)
    feeds = parameter_feeds(
        guards,
        _public_signature(ctx, mod, function),
        _signatures(ctx, reaches),
        _constructor(ctx, mod, function),
    )
    sols, refs = solutions_for(trig, guards, err.template, expanded, siblings, notes=notes, feeds=feeds)
    for n in notes:
        for url in _urls(n):
            if url not in refs:
                refs.append(url)
    cls = _exc_class(store, ctx, err)
    examples = examples_for(store, ctx, err.id, occ.version)
    snap = ctx.snapshot
    meaning = meaning_text(
        exc_type=err.exc_type,
        kind=err.kind,
        bases=list(cls.ancestors) if cls and cls.ancestors else list(occ.exc_bases),
        level=occ.level,
        function=function,
        path=path,
        docstring=occ.docstring,
        trigger_text="",
        notes=notes,
        class_doc=cls.doc if cls else None,
        direct=list(occ.exc_bases),
    )
    model = llm.configured_model()
    # verified when it was stored; the raw answer stays in the store
    cached = store.get_analysis(err.id, sid, model, llm.PROMPT_VERSION) if model else None
    return Analysis(
        meaning=Meaning(meaning),
        trigger=TriggerText(tuple(trig.conditions), trig.text),
        reached_from=tuple(reaches),
        solutions=tuple(sols),
        solutions_note=None if sols else NO_FIX,
        references=tuple(refs),
        comments=tuple(notes),
        todos=tuple(n for n in notes if is_todo(n)),
        examples=tuple(examples),
        contrast=tuple(contrast_for(store, ctx, examples)),
        tests_shipped=ctx.n_expectations > 0,
        tests_note=tests_note(snap, ctx.n_expectations, len(examples)),
        related=tuple(ctx.related.related(err, list(occ.exc_bases))),
        llm=cached,
        provenance=Provenance(
            kind=f"llm:{model}" if cached is not None else "static",
            snapshot=f"{snap.repo}@{snap.version}",
            date=snap.indexed_at,
        ),
    )


def _exc_class(store: CatalogueReader, ctx: SnapshotContext, err: ErrorDetail) -> ExcClass | None:
    """The codebase's own exception class of this error, when the codebase defines it."""
    from errdex.analysis.classes import exc_class

    qual = err.exc_qualname
    if err.kind == "log" or not qual or qual.split(".")[0] in ("builtins", ""):
        return None
    return exc_class(ctx.index, qual, lambda path: ctx.lines(store, path))


def _public_signature(
    ctx: SnapshotContext, mod: Module | None, function: str
) -> tuple[str, tuple[str, ...]] | None:
    """(public name, parameters) of the raising function, when users call it directly."""
    if mod is None or function not in mod.funcs or "<locals>" in function:
        return None
    name = ctx.graph.public_name(mod.name, function)
    return (name, ctx.index.parameters(mod.name, function)) if name else None


def _constructor(
    ctx: SnapshotContext, mod: Module | None, function: str
) -> tuple[str, tuple[str, ...]] | None:
    """(public class name, ``__init__`` parameters) of a method's class, when users make its
    objects: where a guard's ``self.x`` came from."""
    from errdex.analysis.classes import init_owner

    f = mod.funcs.get(function) if mod is not None else None
    if mod is None or f is None or not f.cls or "<locals>" in function:
        return None
    name = ctx.graph.public_name(mod.name, f.cls)
    owner = init_owner(ctx.index, mod, f.cls)
    if name is None or owner is None:
        return None
    params = ctx.index.parameters(owner[0].name, f"{owner[1]}.__init__")
    return name, tuple(p for p in params if p not in ("self", "cls"))


def _signatures(ctx: SnapshotContext, reaches: list[Reach]) -> list[tuple[str, tuple[str, ...]]]:
    """(public name, parameters) of each public function that reaches the raise."""
    out: list[tuple[str, tuple[str, ...]]] = []
    for r in reaches:
        m = ctx.index.module_of(r.path) if r.path else None
        f = next((f for f in m.funcs.values() if f.line == r.line), None) if m is not None else None
        if m is not None and f is not None:
            out.append((r.function, ctx.index.parameters(m.name, f.qualname)))
    return out


def _urls(text: str) -> list[str]:
    from errdex.analysis.solutions import URL

    return URL.findall(text)
