#!/usr/bin/env python3
"""Ties of one message: would a code signal put the truth first? (issue #10, docs/measurements/acc30.md)

    .venv/bin/python bench/tie_signals.py collect --db-pattern '/tmp/m2-{set}.db' SET ... [--out DIR]
    .venv/bin/python bench/tie_signals.py score DIR/ties-*.json

``collect`` explains every positive case of each regression set against its indexed catalogue
(``errdex explain --batch --json``, as ``tests/regression_score.py`` does) and keeps the cases
whose answer opens with a tie (``result.tied``'s rule on the JSON: same class, same approximate
flag, same text once placeholders are blanked, within ``result.TIE`` of the first) that holds
the truth. For each tied site it records what the snapshot's code facts say of its function:
called by name (today's prior, ``facts.called_as``), the files whose code calls that name, its
callers resolved by ``analysis.callgraph`` (any, static, from another module), the public entry
points that reach it and how deep, and whether it is public API itself.

``score`` reorders each tie by one signal (a stable sort, higher first, today's order among
equals) and counts *gain* (the truth was not first and now is) and *loss* (it was first and no
longer is), per case, per set and per distinct tie group (a group asked several times counts once).
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
_AUX = re.compile(r"(^|/)(tests?|testing|bench(mark)?s?|examples?|docs?|_?vendor(ed)?|third_party|contrib)/")


def _tie_group(matches: list[dict[str, Any]]) -> list[dict[str, Any]]:
    from errdex.match.twins import literal

    if not matches:
        return []
    top, out = matches[0], matches[:1]
    for m in matches[1:]:
        if (
            m["approximate"] != top["approximate"]
            or m["exc_type"] != top["exc_type"]
            or top["score"] - m["score"] >= TIE
            or literal(m["template"]) != literal(top["template"])
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

    def site(self, m: dict[str, Any]) -> dict[str, Any]:
        from errdex.analysis.context import get_context
        from errdex.match.score import private_site
        from errdex.store.facts import called_as

        info: dict[str, Any] = {k: m[k] for k in ("path", "function", "line", "score")}
        info["private"] = private_site(m["path"], m["function"])
        err = self.store.get_error(m["id"])
        if err is None:
            return {**info, "called": False, "name_files": []}
        sid = err.latest.snapshot_id
        name = called_as(m["function"])
        files = sorted(self.name_files(sid).get(name, ())) if name else []
        info.update(called=bool(files), name_files=files)
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


def collect(sets: list[str], pattern: str, out: Path) -> None:
    import regression_score as rs

    errdex = [sys.executable, "-m", "errdex.cli"]
    out.mkdir(parents=True, exist_ok=True)
    for name in sets:
        db = pattern.format(set=name)
        cases = [c for c in rs.load_cases(ROOT / "tests/data/regression" / name) if c.get("expected")]
        answers, _ = rs.explain_batch(errdex, db, cases)
        facts, ties = _Facts(db), []
        for c in cases:
            group = _tie_group(answers.get(c["id"]) or [])
            rank = rs.rank_of(group, c["expected"], 3) if len(group) > 1 else None
            if rank is None:
                continue
            ties.append({
                "set": name, "id": c["id"], "kind": c.get("kind"), "truth_rank": rank,
                "approximate": group[0]["approximate"], "members": [facts.site(m) for m in group],
            })  # fmt: skip
        (out / f"ties-{name}.json").write_text(json.dumps(ties, indent=1))
        late = sum(t["truth_rank"] > 1 for t in ties)
        print(f"{name}: {len(ties)} ties hold the truth, {late} with it not first", flush=True)


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
}


def score(files: list[str]) -> None:
    ties = [t for f in files for t in json.loads(Path(f).read_text())]
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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("collect")
    c.add_argument("sets", nargs="+")
    c.add_argument("--db-pattern", required=True, help="catalogue per set, e.g. /tmp/m2-{set}.db")
    c.add_argument("--out", type=Path, default=Path("/tmp/tie_signals"))
    s = sub.add_parser("score")
    s.add_argument("files", nargs="+")
    args = ap.parse_args()
    if args.cmd == "collect":
        collect(args.sets, args.db_pattern, args.out)
    else:
        score(args.files)


if __name__ == "__main__":
    main()
