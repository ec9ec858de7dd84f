#!/usr/bin/env python3
"""Ties of one message: would a code signal put the truth first? (issue #10, docs/measurements/acc30.md, acc48.md, acc69.md)

    .venv/bin/python bench/tie_signals.py collect --db-pattern '/tmp/m2-{set}.db' SET ... [--out DIR] [--exact-fits | --top5-template]
    .venv/bin/python bench/tie_signals.py enrich --db-pattern '/tmp/m2-{set}.db' DIR/ties-*.json
    .venv/bin/python bench/tie_signals.py score DIR/ties-*.json
    .venv/bin/python bench/tie_signals.py study DIR/ties-*.json

``collect`` explains every positive case of each regression set against its indexed catalogue
(``errdex explain --batch --json``, as ``tests/regression_score.py`` does) and keeps the cases
whose answer opens with a tie (``result.tied``'s rule on the JSON: same class, same approximate
flag, same text once placeholders are blanked, within ``result.TIE`` of the first; with
``--exact-fits``, every exact answer within ``TIE`` of an exact first, whatever its text; with
``--top5-template`` (acc120), a message-form case's answers among the first five of the
first's text and exactness, whatever their score: the misses the brief of issue #10 item 8
names, one text at several raise sites with the truth 2nd-5th) that holds the truth. For each tied site it records what the snapshot's code facts say of its
function: called by name (today's prior, ``facts.called_as``), the calls written with its name
and the files holding them, its callers resolved by ``analysis.callgraph`` (any, static, from
another module), the public entry points that reach it and how deep, whether it is public API
itself, and how many of the library's tests expect it.

``enrich`` (acc69) adds to collected ties, per tied site: the calls the library writes with the
name of the class whose method raises, the raise sites of its exception class and of its own
function; ``study`` also reads callers from another module, the function's name as a reader or a
writer, and an accessor pair (``Cls.set_x`` tied with ``Cls.x``).

``score`` reorders each tie by one signal (a stable sort, higher first, today's order among
equals) and counts *gain* (the truth was not first and now is) and *loss* (it was first and no
longer is), per case, per set and per distinct tie group (a group asked several times counts once).

``study`` (issue #10 item 8) does the same for every prior of ``_PRIORS`` (alone, below today's
tie-breaks, or as a score bonus), counting a case right when its first answer names the
expected site or one of its alternatives, per set and per library, with the sets a prior makes
fall; then chooses a prior with each library left out and judges it on that library (with and
without the rule that no set may fall).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

TIE = 0.01  # result.TIE
# identifiers of a paste, as a function's name is spelled
_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
# a copy kept for compatibility or vendored from elsewhere: the canonical one is what users run
_COPY_FOLDER = re.compile(r"(^|/)_?(compat|backports?|vendor(ed)?|externals?|extern|third_party)(/|_|\.py$)")
_AUX = re.compile(r"(^|/)(tests?|testing|bench(mark)?s?|examples?|docs?|_?vendor(ed)?|third_party|contrib)/")


def _tie_group(matches: list[dict[str, Any]], same_text: bool = True) -> list[dict[str, Any]]:
    """The answers level with the first: exact alike, within ``TIE`` of it, and (``same_text``)
    of its class and text once placeholders are blanked (``result.tied``)."""
    from errdex.match.result import literal

    if not matches:
        return []
    top, out = matches[0], matches[:1]
    for m in matches[1:]:
        if m["approximate"] != top["approximate"] or top["score"] - m["score"] >= TIE:
            break
        if same_text and (
            m["exc_type"] != top["exc_type"] or literal(m["template"]) != literal(top["template"])
        ):
            break
        out.append(m)
    return out


class _Facts:
    """The facts of one catalogue's snapshots that the signals read, cached per snapshot."""

    def __init__(self, db: str) -> None:
        from errdex.store.sql import Store

        self.store = Store.open(db, readonly=True)
        self._files: dict[int, dict[str, set[str]]] = {}
        self._exported: dict[int, set[tuple[str, str]]] = {}

    def exported(self, sid: int) -> set[tuple[str, str]]:
        """(path, name) a top-level package's ``__init__`` imports (``FactReader.reexported``)."""
        if sid not in self._exported:
            self._exported[sid] = self.store.facts.reexported(sid)
        return self._exported[sid]

    def name_files(self, sid: int) -> dict[str, set[str]]:
        """Callee last name -> the library files whose code calls it (``called_names``, per file)."""
        if sid not in self._files:
            from errdex.store import factblobs as fb
            from errdex.store.facts import _KEYED, _LIBRARY

            rows = self.store.facts._run(
                f"SELECT DISTINCT k.key, m.path FROM {_KEYED} WHERE k.kind = :kind AND {_LIBRARY}",
                {"sid": sid, "no": False, "kind": fb.KEY_CALL},
            )
            files: dict[str, set[str]] = defaultdict(set)
            for key, path in rows:
                files[str(key)].add(str(path))
            self._files[sid] = files
        return self._files[sid]

    def site(self, m: dict[str, Any], with_graph: bool = True) -> dict[str, Any]:
        from errdex.analysis.context import get_context
        from errdex.match.result import literal
        from errdex.match.score import private_site
        from errdex.store.facts import called_as, reexported_as

        info: dict[str, Any] = {k: m[k] for k in ("path", "function", "line", "score", "exc_type")}
        info["private"] = private_site(m["path"], m["function"])
        info["literal"] = literal(m["template"])
        err = self.store.get_error(m["id"])
        if err is None:
            return {**info, "called": False, "name_files": []}
        sid = err.latest.snapshot_id
        name = called_as(m["function"])
        files = sorted(self.name_files(sid).get(name, ())) if name else []
        info.update(called=bool(files), name_files=files)
        info["top_export"] = (m["path"], reexported_as(m["function"]) or "") in self.exported(sid)
        if not with_graph:  # the call graph is most of the time on large libraries (acc120: 73 sets)
            return info
        # in-degree by name: every call written with the function's name, the function's own
        # recursive calls aside
        calls = self.store.facts.calls_named(sid, [name]) if name else []
        own = m["function"].replace(".<locals>", "")
        info["call_sites"] = sum(1 for c in calls if c.caller != own)
        info["tests"] = len(self.store.facts.expectations_of(sid, m["id"]))
        ctx = get_context(self.store, sid)
        mod = ctx.index.module_of(m["path"])
        if mod is None:
            return info
        graph, key = ctx.graph, f"{mod.name}:{m['function']}"
        graph._learn([key])
        edges = graph.callers.get(key, [])
        info.update(
            callers=len({e.caller for e in edges}),
            callers_static=len({e.caller for e in edges if not e.dynamic}),
            callers_ext=len({e.caller for e in edges if not e.caller.startswith(mod.name + ":")}),
            callers_other=len({e.caller for e in edges if e.caller != key}),
            reach=[[r.function, len(r.via), r.dynamic] for r in graph.reached_from(mod.name, m["function"])],
            public=graph._public(key),
        )
        return info


def _top5_group(matches: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The first five answers of the first's text (placeholders blanked) and exactness, at any
    score: one text raised at several sites, the truth 2nd-5th (acc120)."""
    from errdex.match.result import literal

    if not matches:
        return []
    top = matches[0]
    text = literal(top["template"])
    return [
        m for m in matches[:5] if m["approximate"] == top["approximate"] and literal(m["template"]) == text
    ]


def collect(
    sets: list[str],
    pattern: str,
    out: Path,
    exact_fits: bool = False,
    top5_template: bool = False,
    graph: bool = True,
) -> None:
    import regression_score as rs

    errdex = [sys.executable, "-m", "errdex.cli"]
    out.mkdir(parents=True, exist_ok=True)
    for name in sets:
        db = pattern.format(set=name)
        cases = [c for c in rs.load_cases(ROOT / "tests/data/regression" / name) if c.get("expected")]
        answers, _ = rs.explain_batch(errdex, db, cases)
        facts, ties = _Facts(db), []
        for c in cases:
            if top5_template:
                if c.get("kind") != "message":
                    continue
                group = _top5_group(answers.get(c["id"]) or [])
            else:
                group = _tie_group(answers.get(c["id"]) or [], same_text=not exact_fits)
            if exact_fits and group and group[0]["approximate"]:
                continue
            rank = rs.rank_of(group, c["expected"], 3) if len(group) > 1 else None
            if rank is None:
                continue
            ties.append({
                "set": name, "id": c["id"], "library": c.get("library"), "kind": c.get("kind"),
                "truth_rank": rank, "approximate": group[0]["approximate"],
                "words": sorted(set(_IDENT.findall(c["input"]))),
                "members": [facts.site(m, graph) for m in group],
            })  # fmt: skip
        (out / f"ties-{name}.json").write_text(json.dumps(ties, indent=1))
        late = sum(t["truth_rank"] > 1 for t in ties)
        print(f"{name}: {len(ties)} ties hold the truth, {late} with it not first", flush=True)


def _sid_of(store: Any, cache: dict[tuple[str, ...], Any], path: str, function: str) -> int | None:
    """The newest snapshot holding a raise in ``function`` of ``path`` (a set's catalogue has
    one snapshot per library: the pinned release)."""
    key = ("sid", path, function)
    if key not in cache:
        rows = store.facts._run(
            "SELECT MAX(s.id) FROM errors e JOIN snapshots s ON s.repo_id = e.repo_id "
            "WHERE e.path = :p AND e.function = :f",
            {"p": path, "f": function},
        )
        cache[key] = rows[0][0] if rows else None
    return cache[key]  # type: ignore[no-any-return]


def enrich(files: list[str], pattern: str) -> None:
    """Add acc69's facts to collected ties (in place): per tied site, the calls written with its
    owner class's name (the library builds the object whose method raises), the raise sites of
    its exception class in the snapshot and the raise sites of its own function."""
    from errdex.store.sql import Store

    for f in files:
        ties = json.loads(Path(f).read_text())
        if not ties:
            continue
        store = Store.open(pattern.format(set=ties[0]["set"]), readonly=True)
        facts = store.facts
        cache: dict[tuple[str, ...], Any] = {}
        for t in ties:
            for m in t["members"]:
                sid = _sid_of(store, cache, m["path"], m["function"])
                if sid is None:
                    continue
                fn = m["function"].replace(".<locals>", "")
                owner = fn.rpartition(".")[0].rpartition(".")[2]
                if owner and owner[:1].isupper():
                    key = ("owner", str(sid), owner)
                    if key not in cache:
                        cache[key] = len(facts.calls_named(sid, [owner]))
                    m["owner_calls"] = cache[key]
                exc = m["exc_type"].rpartition(".")[2]
                key = ("exc", str(sid), exc)
                if key not in cache:
                    cache[key] = len(facts.errors_of_class(sid, exc, 2000))
                m["exc_sites"] = cache[key]
                m["fn_sites"] = len(facts.errors_at(sid, m["path"], m["function"]))
        Path(f).write_text(json.dumps(ties, indent=1))
        print(f, len(ties), flush=True)


def _depth(m: dict[str, Any]) -> int:
    if m.get("public"):
        return 0
    return min((r[1] + 1 for r in m.get("reach") or []), default=99)


SIGNALS: dict[str, Callable[[dict[str, Any]], Any]] = {
    "called by name (today's prior)": lambda m: m["called"],
    "called by name from another file": lambda m: any(f != m["path"] for f in m.get("name_files", [])),
    "files calling the name, count": lambda m: len(m.get("name_files", [])),
    "resolved caller, any": lambda m: m.get("callers", 0) > 0,
    "resolved callers, count": lambda m: m.get("callers", 0),
    "resolved static caller, any": lambda m: m.get("callers_static", 0) > 0,
    "resolved caller in another module": lambda m: m.get("callers_ext", 0) > 0,
    "public API itself": lambda m: m.get("public") is not None,
    "reached from public API": lambda m: bool(m.get("public")) or bool(m.get("reach")),
    "nearer a public entry point": lambda m: -_depth(m),
    "public entry points reaching it, count": lambda m: len(m.get("reach") or []),
    "not in a test/bench/example/vendored folder": lambda m: not _AUX.search(m["path"]),
    # issue #10 item 8: public API first, reached from a public function and in no ``_private``
    # module, class or function
    "public API: reached from public, nothing _private": lambda m: (
        (bool(m.get("public")) or bool(m.get("reach"))) and m.get("private", 1) == 0
    ),
    "nothing _private in its module, class or function": lambda m: m.get("private", 1) == 0,
    "resolved caller other than itself (recursion)": lambda m: m.get("callers_other", 0) > 0,
    "resolved callers other than itself, count": lambda m: m.get("callers_other", 0),
    # acc120: the module a user imports (a top-level package's ``__init__`` re-exports it:
    # ``numpy.diff`` from ``numpy/lib/_function_base_impl.py``, not ``numpy.ma``'s copy)
    "re-exported by a top-level package": lambda m: bool(m.get("top_export")),
    "shallowest public name reaching it (fewer dots)": lambda m: -_namespace_depth(m),
    "not a compat/backport/vendored copy": lambda m: not _COPY_FOLDER.search(m["path"]),
    "its function's name a word of the paste": lambda m: _named_in_paste(m),
}


def _namespace_depth(m: dict[str, Any]) -> int:
    """Dots in the shortest public name of the site's function or of an entry point reaching it
    (``numpy.average`` 1, ``numpy.ma.extras.average`` 3); 99 when none is known."""
    names = ([m["public"]] if m.get("public") else []) + [r[0] for r in m.get("reach") or []]
    return min((n.count(".") for n in names), default=99)


def _load(files: list[str]) -> list[dict[str, Any]]:
    """Collected ties, each member given its tie's paste words (``_words``)."""
    ties = [t for f in files for t in json.loads(Path(f).read_text())]
    for t in ties:
        for m in t["members"]:
            m["_words"] = t.get("words") or []
    return ties


def _named_in_paste(m: dict[str, Any]) -> bool:
    """The site's (public) function name is a word of the paste."""
    last = m["function"].replace(".<locals>", "").rpartition(".")[2]
    return not last.startswith("_") and last in m.get("_words", ())


def score(files: list[str]) -> None:
    ties = _load(files)
    late = sum(t["truth_rank"] > 1 for t in ties)
    print(f"{len(ties)} ties hold the truth, {late} with it not first\n")
    print(
        "| signal (higher first) | gain | loss | groups gain/loss | per set gain/loss |\n|---|---|---|---|---|"
    )
    for name, signal in SIGNALS.items():
        per: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        groups: dict[tuple[Any, ...], str] = {}
        for t in ties:
            ms, truth = t["members"], t["truth_rank"] - 1
            first = sorted(range(len(ms)), key=lambda i: signal(ms[i]), reverse=True)[0]
            group = (tuple((m["path"], m["line"]) for m in ms), truth)
            if truth != 0 and first == truth:
                per[t["set"]][0] += 1
                groups[group] = "gain"
            elif truth == 0 and first != 0:
                per[t["set"]][1] += 1
                groups[group] = "loss"
        gain, loss = sum(g for g, _ in per.values()), sum(lo for _, lo in per.values())
        n = Counter(groups.values())
        sets = ", ".join(f"{s} {g}/{lo}" for s, (g, lo) in sorted(per.items()))
        print(f"| {name} | {gain} | {loss} | {n['gain']}/{n['loss']} | {sets} |")


Key = Callable[[dict[str, Any]], Any]
Count = Callable[[dict[str, Any]], float]


def _dunder(function: str) -> bool:
    last = function.rpartition(".")[2]
    return last.startswith("__") and last.endswith("__")


def _operator(function: str) -> bool:
    """A dunder other than a constructor: run by syntax (``d[k]``, ``x in d``), never called
    by name, so a count of the calls written with its name says nothing of how often it runs."""
    return _dunder(function) and not function.endswith(("__init__", "__new__"))


def _calls(m: dict[str, Any]) -> float:
    """Call sites written with the function's name; an operator's taken as the most."""
    return float("inf") if _operator(m["function"]) else float(m.get("call_sites") or 0)


def _log_bucket(n: float, base: int) -> int:
    """0 for none, then 1 + floor(log_base(n)); 99 for an operator's unknown count."""
    if n == float("inf"):
        return 99
    b = 0
    while n >= base:
        n /= base
        b += 1
    return b + (n >= 1)


def _equal_then(key: Key) -> Key:
    """``key`` only among sites of one run of today's key and equal score (below every
    tie-break errdex has today)."""
    return lambda m: (m["block"], round(m["score"], 4), key(m))


def _weighted(count: Count, base: int, w: float) -> Key:
    """A score bonus of ``w`` per log-``base`` bucket of ``count`` (at most 4 buckets): moves a
    site only past sites within that bonus of its score, inside its run of today's key."""
    return lambda m: (m["block"], round(m["score"], 4) + w * min(4, _log_bucket(count(m), base)))


def _dominant(count: Count, ratio: float) -> Key:
    """Within a run of today's key, first the one site whose ``count`` is ``ratio`` times
    every other's in its tie (``m["_tie"]``: the tie's members)."""

    def key(m: dict[str, Any]) -> Any:
        v, rest = count(m), [count(o) for o in m["_tie"] if o is not m]
        return (m["block"], v > 0 and all(v >= ratio * r for r in rest), round(m["score"], 4))

    return key


# issue #10 item 8's candidate priors, each a sort key (higher first) applied to a tie as errdex
# orders it today (a stable sort: today's order among equals)
_PRIORS: dict[str, Key] = {
    "today's order (no change)": lambda m: 0,
    "called by name (today's CALLED)": lambda m: m["called"],
    "public: fewer _private parts (today's PUBLIC)": lambda m: -m["private"],
    "call sites by name, count": lambda m: m.get("call_sites") or 0,
    "call sites by name, operators high": _calls,
    "call sites by name, log2 bucket, operators high": lambda m: _log_bucket(_calls(m), 2),
    "files calling the name, count": lambda m: len(m.get("name_files", [])),
    "resolved callers, count": lambda m: m.get("callers") or 0,
    "public entry points reaching it, count": lambda m: len(m.get("reach") or []),
    "reached from public API": lambda m: bool(m.get("public")) or bool(m.get("reach")),
    "reached from public, nothing _private": lambda m: (
        (bool(m.get("public")) or bool(m.get("reach"))) and m.get("private", 1) == 0
    ),
    "nearer a public entry point": lambda m: -_depth(m),
    "public API itself": lambda m: m.get("public") is not None,
    "tests expect it": lambda m: (m.get("tests") or 0) > 0,
    "tests expecting it, count": lambda m: m.get("tests") or 0,
    "shallower module": lambda m: -m["path"].count("/"),
    "not a dunder": lambda m: not _dunder(m["function"]),
    "a dunder": lambda m: _dunder(m["function"]),
    "not nested (<locals>)": lambda m: "<locals>" not in m["function"],
    "earlier in its module": lambda m: -m["line"],
    "later in its module": lambda m: m["line"],
    "module-level function (no class)": lambda m: "." not in m["function"].replace(".<locals>", ""),
}
for _name in (
    "call sites by name, operators high", "files calling the name, count", "resolved callers, count",
    "public entry points reaching it, count", "nearer a public entry point", "tests expecting it, count",
    "not a dunder", "shallower module", "earlier in its module",
):  # fmt: skip
    _PRIORS[f"equal score, then {_name}"] = _equal_then(_PRIORS[_name])

# in-degree as a weighted tie-break, ``w`` from 0.0005 (under a difference of today's PUBLIC) to
# 0.002 (half of CALLED); the whole gap of a tie (``result.TIE``) is 0.01
_COUNTS: dict[str, Count] = {
    "call sites by name (operators high)": _calls,
    "files calling the name": lambda m: len(m.get("name_files", [])),
    "resolved callers": lambda m: m.get("callers") or 0,
    "resolved static callers": lambda m: m.get("callers_static") or 0,
    "resolved callers in another module": lambda m: m.get("callers_ext") or 0,
    "public entry points reaching it": lambda m: len(m.get("reach") or []),
}
for _cname, _count in _COUNTS.items():
    for _base in (2, 4, 8):
        for _w in (0.0005, 0.001, 0.002):
            _PRIORS[f"score + {_w} x log{_base} {_cname}"] = _weighted(_count, _base, _w)
for _ratio in (2.0, 4.0, 8.0):
    _PRIORS[f"one site with {_ratio:g}x every other's call sites (operators high)"] = _dominant(
        _calls, _ratio
    )
    _PRIORS[f"one site with {_ratio:g}x every other's resolved callers"] = _dominant(
        _COUNTS["resolved callers"], _ratio
    )


_WRITER = re.compile(
    r"_?(set|put|write|add|insert|append|push|pop|remove|delete|del|update|clear|discard|register)(_|[A-Z]|$)"
)
_READER = re.compile(
    r"_?(get|read|find|load|loads|parse|lookup|fetch|check|validate|convert|coerce)(_|[A-Z]|$)"
)
_WRITE_DUNDERS = frozenset(
    ("__setitem__", "__delitem__", "__setattr__", "__delattr__", "__set__", "__delete__")
)
_READ_DUNDERS = frozenset(("__getitem__", "__getattr__", "__get__", "__contains__", "__call__"))


def _role(m: dict[str, Any]) -> int:
    """1 for a reader by its name (get/read/find/parse/check ...), -1 for a writer (set/put/
    add/remove ...), 0 otherwise: a value is read more often than it is written."""
    last = m["function"].rpartition(".")[2]
    if last in _WRITE_DUNDERS:
        return -1
    if last in _READ_DUNDERS:
        return 1
    if _WRITER.match(last):
        return -1
    return 1 if _READER.match(last) else 0


def _setter_of_tied_getter(m: dict[str, Any]) -> bool:
    """``Cls.set_x`` tied with ``Cls.x`` or ``Cls.get_x`` of the same class: the writer of an
    accessor pair whose reader prints the same text (the reader is what a user's lookup runs)."""
    owner, _, last = m["function"].rpartition(".")
    if not last.startswith("set_"):
        return False
    rest = last[4:]
    return any(o["function"] in (f"{owner}.{rest}", f"{owner}.get_{rest}") for o in m["_tie"])


# acc69: facts of the catalogue not measured before (``enrich``)
_NEW: dict[str, Key] = {
    "resolved callers in another module, count": lambda m: m.get("callers_ext") or 0,
    "resolved callers in another module, any": lambda m: (m.get("callers_ext") or 0) > 0,
    "reader over writer (name)": _role,
    "not a writer (name)": lambda m: _role(m) >= 0,
    "owner class built by the library, count of calls": lambda m: m.get("owner_calls") or 0,
    "owner class built by the library": lambda m: (m.get("owner_calls") or 0) > 0,
    "exception class raised at fewer sites": lambda m: -(m.get("exc_sites") or 0),
    "exception class raised at more sites": lambda m: m.get("exc_sites") or 0,
    "function raises fewer errors": lambda m: -(m.get("fn_sites") or 0),
    "function raises more errors": lambda m: m.get("fn_sites") or 0,
    "public entry points reaching it, fewer": lambda m: -len(m.get("reach") or []),
    "resolved callers, fewer (an entry point)": lambda m: -(m.get("callers") or 0),
    "reader of an accessor pair over its setter": lambda m: not _setter_of_tied_getter(m),
}
_PRIORS.update(_NEW)
for _name in list(_NEW):
    _PRIORS[f"equal score, then {_name}"] = _equal_then(_NEW[_name])


def _first(ms: list[dict[str, Any]], key: Key | None) -> list[int]:
    order = list(range(len(ms)))
    return order if key is None else sorted(order, key=lambda i: key(ms[i]), reverse=True)


def _effect(ties: list[dict[str, Any]], key: Key) -> tuple[int, int, int, int]:
    """(gain, loss, top-3 gain, top-3 loss) of reordering every tie by ``key``: a case is right
    when its first answer names the expected site or one of its alternatives (``ok``)."""
    gain = loss = g3 = l3 = 0
    for t in ties:
        ms = t["members"]
        ok = [bool(m.get("ok", i == t["truth_rank"] - 1)) for i, m in enumerate(ms)]
        order = _first(ms, key)
        before, after = ok[0], ok[order[0]]
        gain += after and not before
        loss += before and not after
        b3, a3 = any(ok[:3]), any(ok[i] for i in order[:3])
        g3 += a3 and not b3
        l3 += b3 and not a3
    return gain, loss, g3, l3


def _falls(effect: tuple[int, int, int, int]) -> bool:
    """A set's top-1 or top-3 would fall: more cases lost than won."""
    gain, loss, g3, l3 = effect
    return loss > gain or l3 > g3


def _mark_ok(ties: list[dict[str, Any]]) -> None:
    """Mark each tie's members naming the case's expected site or an alternative (``ok``)."""
    import regression_score as rs

    cases: dict[str, dict[str, Any]] = {}
    for name in {t["set"] for t in ties}:
        cases.update((c["id"], c) for c in rs.load_cases(ROOT / "tests/data/regression" / name))
    for t in ties:
        want = cases[t["id"]]["expected"]
        for m in t["members"]:
            m["ok"] = rs.rank_of([m], want, 3) == 1


def study(files: list[str]) -> None:
    """Every prior on every exact tie: overall, per set, per library; then each prior chosen
    with one library left out and judged on that library alone (leave-one-library-out)."""
    ties = _load(files)
    _mark_ok(ties)
    for t in ties:
        # today's order sorts by a key whose leading parts (frames on the raise, class
        # agreement) can put a lower score first: a weighted prior moves a site only within
        # its run of non-increasing scores, as adding to the score would
        block, last = 0, float("inf")
        for m in t["members"]:
            if m["score"] > last:
                block += 1
            last = m["score"]
            m["block"] = -block
            m["_tie"] = t["members"]
    libs = sorted({t["library"] for t in ties})
    sets = sorted({t["set"] for t in ties})
    late = sum(t["truth_rank"] > 1 for t in ties)
    print(f"{len(ties)} exact ties hold the truth ({len(libs)} libraries), {late} with it not first\n")
    print(
        "| prior (higher first) | won | lost | top-3 won/lost | libraries won/lost | sets falling | per set won/lost |"
    )
    print("|---|---|---|---|---|---|---|")
    for name, key in _PRIORS.items():
        gain, loss, g3, l3 = _effect(ties, key)
        per_set: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        per_lib: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        for t in ties:
            g, lo, _, _ = _effect([t], key)
            for d, k in ((per_set, t["set"]), (per_lib, t["library"])):
                d[k][0] += g
                d[k][1] += lo
        falls = [s for s in sets if _falls(_effect([t for t in ties if t["set"] == s], key))]
        lw = sum(g > lo for g, lo in per_lib.values())
        ll = sum(lo > g for g, lo in per_lib.values())
        moved = ", ".join(f"{s} {g}/{lo}" for s, (g, lo) in sorted(per_set.items()) if g or lo)
        print(
            f"| {name} | {gain} | {loss} | {g3}/{l3} | {lw}/{ll} | {', '.join(falls) or 'none'} | {moved} |"
        )
    _held_out(ties, libs, sets, constrained=False)
    _held_out(ties, libs, sets, constrained=True)


def _held_out(ties: list[dict[str, Any]], libs: list[str], sets: list[str], constrained: bool) -> None:
    """Leave one library out: the prior with the best won - lost on the other libraries'
    ties, judged on the one left out. ``constrained``: among the priors under which no set
    falls on those other libraries' ties (the project's rule; today's order always qualifies)."""
    rule = ", among priors no set falls under" if constrained else ""
    print(
        f"\nLeave one library out{rule}: the best won - lost on the other libraries, judged on the one left out"
    )
    chosen: Counter[str] = Counter()
    total = [0, 0]
    for lib in libs:
        train = [t for t in ties if t["library"] != lib]
        pool = [
            n
            for n in _PRIORS
            if not constrained
            or not any(_falls(_effect([t for t in train if t["set"] == s], _PRIORS[n])) for s in sets)
        ]
        best = max(pool, key=lambda n: (lambda e: e[0] - e[1])(_effect(train, _PRIORS[n])))
        g, lo, _, _ = _effect([t for t in ties if t["library"] == lib], _PRIORS[best])
        chosen[best] += 1
        total[0] += g
        total[1] += lo
        if g or lo:
            print(f"  {lib}: {best}: won {g}, lost {lo}")
    print(f"held-out total: won {total[0]}, lost {total[1]}; chosen: {dict(chosen)}")


def _last_name(m: dict[str, Any]) -> str:
    return str(m["function"]).replace(".<locals>", "").rpartition(".")[2]


def _exported_copy(m: dict[str, Any]) -> bool:
    """A top-level re-export tied with a same-named copy that is not one (``numpy.diff`` beside
    ``numpy.ma``'s ``diff``, einops' ``reduce`` beside ``array_api.reduce``)."""
    return bool(m.get("top_export")) and any(
        o is not m and _last_name(o) == _last_name(m) and not o.get("top_export") for o in m["_tie"]
    )


def _bonus(fact: Callable[[dict[str, Any]], bool], w: float) -> Callable[[dict[str, Any]], float]:
    return lambda m: float(m["score"]) + w * fact(m)


def _exact_and(fact: Callable[[dict[str, Any]], bool]) -> Callable[[dict[str, Any]], bool]:
    return lambda m: m["score"] >= 1.0 and fact(m)


def weigh(files: list[str]) -> None:
    """acc120: each candidate as a change of the score the ranker gave (the JSON's, 4 places),
    the tie re-sorted by it (stable): the privacy prior recomputed (``PUBLIC / (1 + privacy)``
    with a re-exported site's module not counted private), or a bonus of a weight. Gain/loss
    as ``score``'s; alternatives count right (``_mark_ok``). Twins' reordering after the score
    (``twins.twins_last``) is not modelled: a bonus under ``twins.NEAR`` may lose less than shown."""
    from errdex.match.score import site_privacy

    public = 0.004  # thresholds.PUBLIC
    ties = _load(files)
    _mark_ok(ties)
    for t in ties:
        for m in t["members"]:
            m["_tie"] = t["members"]

    def privacy(m: dict[str, Any]) -> float:
        return site_privacy(m["path"], m["function"])

    def repriced(new: Callable[[dict[str, Any]], float]) -> Callable[[dict[str, Any]], float]:
        return lambda m: float(m["score"]) - public / (1 + privacy(m)) + public / (1 + new(m))

    def own(m: dict[str, Any]) -> float:  # the function's own levels, its module's not counted
        return site_privacy("x.py", m["function"])

    variants: dict[str, Callable[[dict[str, Any]], float]] = {
        "re-exported: its module's _private parts not counted": repriced(
            lambda m: own(m) if m.get("top_export") else privacy(m)
        ),
        "re-exported: public (privacy 0)": repriced(lambda m: 0.0 if m.get("top_export") else privacy(m)),
    }
    facts: dict[str, Callable[[dict[str, Any]], bool]] = {
        "re-exported": lambda m: bool(m.get("top_export")),
        "re-exported copy of a tied same-named one": _exported_copy,
        "not a compat/backport/vendored copy": lambda m: not _COPY_FOLDER.search(m["path"]),
        "its function's name a word of the paste": _named_in_paste,
    }
    for fact_name, fact in facts.items():
        for w in (0.001, 0.004, 0.011):
            variants[f"{fact_name} + {w}"] = _bonus(fact, w)
    # exact answers only (an approximate one's small gap is how well the text fits), past one
    # level of the privacy prior (0.004 / 1 - 0.004 / 2) and under a whole PUBLIC step
    for fact_name in ("re-exported", "re-exported copy of a tied same-named one"):
        variants[f"exact and {fact_name} + 0.003"] = _bonus(_exact_and(facts[fact_name]), 0.003)
    late = sum(not t["members"][0]["ok"] for t in ties)
    print(f"{len(ties)} groups hold the truth, {late} with it not first\n")
    print("| candidate | gain | loss | per set gain/loss | cases |\n|---|---|---|---|---|")
    for name, new in variants.items():
        per: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        moved: list[str] = []
        for t in ties:
            ms = t["members"]
            first = sorted(range(len(ms)), key=lambda i: -round(new(ms[i]), 6))[0]
            before, after = ms[0]["ok"], ms[first]["ok"]
            if after and not before:
                per[t["set"]][0] += 1
                moved.append("+" + t["id"])
            elif before and not after:
                per[t["set"]][1] += 1
                moved.append("-" + t["id"])
        gain, loss = sum(g for g, _ in per.values()), sum(lo for _, lo in per.values())
        sets = ", ".join(f"{s} {g}/{lo}" for s, (g, lo) in sorted(per.items()))
        print(f"| {name} | {gain} | {loss} | {sets} | {' '.join(moved)} |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("collect")
    c.add_argument("sets", nargs="+")
    c.add_argument("--db-pattern", required=True, help="catalogue per set, e.g. /tmp/m2-{set}.db")
    c.add_argument("--out", type=Path, default=Path("/tmp/tie_signals"))
    c.add_argument(
        "--exact-fits", action="store_true",
        help="every exact answer within TIE of the first, whatever its text (not only one message's)",
    )  # fmt: skip
    c.add_argument(
        "--top5-template", action="store_true",
        help="message-form cases: the first five answers of the first's text, at any score (acc120)",
    )  # fmt: skip
    c.add_argument("--no-graph", action="store_true", help="skip the call graph's facts (callers, reach)")
    w = sub.add_parser("weigh", help="acc120: score priors simulated on collected ties (privacy, bonuses)")
    w.add_argument("files", nargs="+")
    e = sub.add_parser(
        "enrich", help="acc69: add the owner-class, class and function facts to collected ties"
    )
    e.add_argument("files", nargs="+")
    e.add_argument("--db-pattern", required=True)
    s = sub.add_parser("score")
    s.add_argument("files", nargs="+")
    st = sub.add_parser(
        "study", help="issue #10 item 8: every prior, per set and library, leave-one-library-out"
    )
    st.add_argument("files", nargs="+")
    args = ap.parse_args()
    if args.cmd == "collect":
        collect(args.sets, args.db_pattern, args.out, args.exact_fits, args.top5_template, not args.no_graph)
    elif args.cmd == "weigh":
        weigh(args.files)
    elif args.cmd == "enrich":
        enrich(args.files, args.db_pattern)
    elif args.cmd == "study":
        study(args.files)
    else:
        score(args.files)


if __name__ == "__main__":
    main()
