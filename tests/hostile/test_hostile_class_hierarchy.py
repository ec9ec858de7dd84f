"""Crafted class hierarchies against the cross-module resolution (``Resolver.linearized``).

Two package shapes stalled or broke indexing (stop 56, sec55):

- a hierarchy deeper than Python's recursion limit (``class E1(E0)`` ... ``class E2000(E1999)``,
  one a module): ``linearized`` recursed once per base, so ``errdex index`` died with
  ``RecursionError`` at about 500 classes deep, whatever the rest of the package held;
- a class of thousands of bases written out of C3's order (``class E(Q, P0, ..., Pk)`` with
  every ``Pi(Q)``): the merge scanned every tail for every candidate head, quadratic in the
  bases (8,000 bases, a 254 KB module: 9.7 s of CPU against 1.3 s in order).

``linearized`` now drives the same C3 steps from a stack and counts the tails, and its answers
are the recursive form's: the test keeps that form as the oracle, on random hierarchies with
cycles, repeated bases and bases outside the codebase. Timings in this thread's CPU: the wall
clock on a shared machine also counts other processes' turns."""

from __future__ import annotations

import random
import time

from errdex.extract import extract
from errdex.extract.facts import ClassInfo
from errdex.extract.resolve import Resolver, _outside_base
from errdex.model import SourceFile

DEPTH = 2_000  # classes in the chain, one a module: four times what exhausted the recursion
BASES = 6_000  # bases of the one class: 4.8 s of CPU before, 0.3 s now
FACTOR = 3.0  # out-of-order bases <= this x the same bases in order (about 15x before)


def _recursive(r: Resolver, memo: dict[str, list[str] | None], key: str) -> list[str] | None:
    """The recursive form ``linearized`` had before sec55, verbatim but for its memo: the oracle."""
    if key in memo:
        return memo[key]
    memo[key] = None
    info = r.classes.get(key)
    got: list[str] | None = None
    if info is not None:
        got = _merge(r, memo, key)
    memo[key] = got
    return got


def _merge(r: Resolver, memo: dict[str, list[str] | None], class_key: str) -> list[str] | None:
    info = r.classes[class_key]
    seqs: list[list[str]] = []
    heads: list[str] = []
    for written, key in zip(info.bases, info.base_keys, strict=False):
        target = r.canon(key)
        if target is not None and target in r.classes:
            sub = _recursive(r, memo, target)
            if sub is None:
                return None
            seqs.append(list(sub))
            heads.append(target)
            continue
        name = _outside_base(written, r.outside_key(key))
        if name is None:
            continue
        seqs.append(name)
        heads.append(name[0])
    seqs.append(heads)
    out = [class_key]
    while any(seqs):
        seqs = [q for q in seqs if q]
        head = next((q[0] for q in seqs if not any(q[0] in r[1:] for r in seqs)), None)
        if head is None:
            return None
        out.append(head)
        for q in seqs:
            if q[0] == head:
                del q[0]
        if len(out) > 64:
            return None
    return out


def _resolver(classes: dict[str, list[str]]) -> Resolver:
    """A resolver that knows ``classes`` (key -> base keys, an outside base by its bare name)."""
    r = Resolver([])
    r.classes.update(
        {k: ClassInfo([b.rpartition(".")[2] for b in bases], list(bases)) for k, bases in classes.items()}
    )
    r._canon.update({k: k for k in r.classes})  # the keys are their own definitions
    return r


def test_linearisation_is_the_recursive_forms_on_random_hierarchies() -> None:
    rng = random.Random(55)
    outside = ["Exception", "ValueError", "KeyError", "object", "somelib.Err"]
    seen = {"none": 0, "some": 0}
    for _ in range(400):
        n = rng.randint(1, 12)
        keys = [f"m.C{i}" for i in range(n)]
        classes: dict[str, list[str]] = {}
        for i, k in enumerate(keys):
            # mostly earlier classes (a hierarchy), sometimes later ones (cycles) or repeats
            pool = keys[:i] if i and rng.random() < 0.8 else keys
            bases = [
                rng.choice(pool) if rng.random() < 0.75 else rng.choice(outside)
                for _ in range(rng.randint(0, 4))
            ]
            classes[k] = bases
        order = rng.sample(keys, len(keys))  # the order asked matters where there are cycles
        new, old = _resolver(classes), _resolver(classes)
        memo: dict[str, list[str] | None] = {}
        for k in order:
            got, want = new.linearized(k), _recursive(old, memo, k)
            assert got == want, (classes, order, k)
            seen["none" if want is None else "some"] += 1
    assert min(seen.values()) > 200, seen  # both outcomes are exercised


def test_a_chain_deeper_than_the_recursion_limit_is_resolved() -> None:
    r = _resolver({"m.E0": ["Exception"]} | {f"m.E{i}": [f"m.E{i - 1}"] for i in range(1, 5 * DEPTH)})
    assert r.linearized(f"m.E{5 * DEPTH - 1}") is None  # longer than the 64 classes C3 keeps
    assert len(r.mro(f"m.E{5 * DEPTH - 1}")) == 32  # the breadth-first walk's bound
    assert r.linearized("m.E40") == [f"m.E{i}" for i in range(40, -1, -1)] + [
        "<builtin>.Exception",
        "<builtin>.BaseException",
    ]


def test_a_package_of_a_hierarchy_thousands_of_modules_deep_is_indexed() -> None:
    files = [SourceFile("pkg/__init__.py", b""), SourceFile("pkg/m0.py", b"class E0(Exception):\n    pass\n")]
    files += [
        SourceFile(
            f"pkg/m{i}.py", f"from .m{i - 1} import E{i - 1}\nclass E{i}(E{i - 1}):\n    pass\n".encode()
        )
        for i in range(1, DEPTH)
    ]
    top = DEPTH - 1
    files.append(
        SourceFile(
            "pkg/use.py", f"from .m{top} import E{top}\ndef f(x):\n    raise E{top}('deep %s' % x)\n".encode()
        )
    )
    records = extract(files, "local/pkg", jobs=1).records
    assert [(r.exc_type, r.template) for r in records] == [(f"E{top}", "deep {x}")]


def _bases_module(bases: str) -> SourceFile:
    classes = "".join(f"class P{i}(Q):\n    pass\n" for i in range(BASES))
    return SourceFile(
        "pkg/m.py",
        f"class Q(Exception):\n    pass\n{classes}class E({bases}):\n    pass\ndef f():\n    raise E('x')\n".encode(),
    )


def _cpu(module: SourceFile) -> float:
    start = time.thread_time()
    records = extract([SourceFile("pkg/__init__.py", b""), module], "local/pkg", jobs=1).records
    took = time.thread_time() - start
    assert [r.template for r in records] == ["x"]
    return took


def test_a_class_of_thousands_of_bases_out_of_order_costs_what_in_order_does() -> None:
    names = ", ".join(f"P{i}" for i in range(BASES))
    hostile = _bases_module(f"Q, {names}")  # Python refuses it (no consistent MRO): C3 fails
    benign = _bases_module(f"{names}, Q")  # the same bases in an order C3 accepts
    assert len(hostile.data) == len(benign.data)
    bad, good = _cpu(hostile), _cpu(benign)
    assert bad <= FACTOR * good + 0.2, (bad, good)
