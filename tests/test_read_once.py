"""arch51 (issue #9): what the extraction and the matcher read once instead of several times —
a function's parameters (``visitor._parameters``), a method raise's ``self.<attr>`` reads
(``Resolver._attrs_of``), a file's imports from a package (``documented._imported_from``), the
postings bound on heads (``Index.key_sums``, one implementation for its first and its tighter
reading) and the paste below a frame (``matcher._lines_below``). Each gives what the readings it
replaced gave."""

from __future__ import annotations

import ast
from typing import Any

import pytest

from errdex.extract import extract
from errdex.extract import resolve as resolve_mod
from errdex.extract.templates import Arg, Sig, lit, ph
from errdex.extract.visitor import _parameters
from errdex.match import build_index
from errdex.match.documented import _imported_from, chosen_call
from errdex.match.index import Index
from errdex.match.matcher import _lines_below
from errdex.model import (
    CallFact,
    CatalogueEntry,
    CodeFacts,
    FunctionFact,
    ImportFact,
    SourceFile,
    render_template,
)


def _args(src: str) -> ast.arguments:
    node = ast.parse(src).body[0]
    assert isinstance(node, ast.FunctionDef)
    return node.args


def test_a_functions_parameters_are_read_in_one_pass() -> None:
    """Names in call order, the instance dropped from what a call fills and from the ``Sig``,
    string and constant-tuple defaults in order, None defaults, annotated classes, ``str``
    parameters, and the parameters holding a class (``type[X]``, a class default) among those
    a call fills."""
    ps = _parameters(
        _args(
            "def m(self, kind: type[Error], /, text: str = 'x', since=(2, 0), ctx: 'Context' = None,"
            " *rest, exc=ParseError, level: Optional[Level] = None, tag=None, **extra): pass"
        ),
        True,
    )
    assert ps.names == ["self", "kind", "text", "since", "ctx", "rest", "exc", "level", "tag", "extra"]
    assert ps.self_name == "self"
    assert ps.call == ("kind", "text", "since", "ctx", "rest", "exc", "level", "tag", "extra")
    assert ps.defaults == {"text": Arg("'x'", lit("x")), "since": Arg("(2, 0)", ph("(2, 0)"))}
    assert ps.none_default == {"ctx", "level", "tag"}
    assert ps.types == {"ctx": "Context", "level": "Level"}
    assert ps.strs == {"text"}
    assert ps.classes == {"kind", "exc"}
    assert ps.sig() == Sig(
        ("kind", "text", "since", "ctx"),
        "rest",
        ("exc", "level", "tag"),
        "extra",
        (("text", Arg("'x'", lit("x"))), ("since", Arg("(2, 0)", ph("(2, 0)")))),
        frozenset({"ctx", "level", "tag"}),
    )


def test_a_function_not_a_method_keeps_its_first_parameter() -> None:
    """A module function (or a static method) has no instance: its first parameter is one a
    call fills, a class held by it counts, and one taking only ``*args`` has them all."""
    ps = _parameters(_args("def f(cls_: type[E], msg='m'): pass"), False)
    assert (ps.self_name, ps.call, ps.classes) == (None, ("cls_", "msg"), {"cls_"})
    assert ps.sig().positional == ("cls_", "msg")
    star = _parameters(_args("def f(*args): pass"), True)
    assert (star.self_name, star.call, star.sig().positional, star.sig().vararg) == ("args", (), (), "args")
    plain = _parameters(_args("def f(a, b): pass"), False)
    assert (plain.defaults, plain.none_default, plain.types, plain.strs, plain.classes) == (
        {},
        frozenset(),
        {},
        frozenset(),
        frozenset(),
    )


def test_a_method_raises_self_attributes_are_read_once_per_site(monkeypatch: pytest.MonkeyPatch) -> None:
    """``_self_attrs_read`` runs once for each method raise (when the resolver notes the site),
    not again when its record is built, and the record reads the attribute's text as before."""
    calls: list[str] = []
    real = resolve_mod._self_attrs_read

    def counted(spec: Any, self_name: str) -> set[str]:
        calls.append(self_name)
        return real(spec, self_name)

    monkeypatch.setattr(resolve_mod, "_self_attrs_read", counted)
    src = (
        "class Error(Exception):\n"
        "    pass\n"
        "class Parser:\n"
        "    def __init__(self):\n"
        "        self.errmsg = 'Expected a closing bracket'\n"
        "    def parse(self, text):\n"
        "        if not text:\n"
        "            raise Error(self.errmsg)\n"
        "        if text == '?':\n"
        "            raise Error('no question marks, ' + self.errmsg)\n"
        "        return text\n"
    )
    records = extract([SourceFile("m/__init__.py", src.encode())], "acme/m", jobs=1).records
    assert sorted(r.template for r in records) == [
        "Expected a closing bracket",
        "no question marks, Expected a closing bracket",
    ]
    assert calls == ["self", "self"]


def _facts(*imports: tuple[str, str, int]) -> CodeFacts:
    return CodeFacts(imports=[ImportFact(local, target, level) for local, target, level in imports])


def test_a_files_imports_from_a_package_are_read_once() -> None:
    """The names an import takes from the package, whatever else binds them too: a relative
    import and another package's name are not among them."""
    facts = _facts(
        ("ValidationError", "pydantic_core.ValidationError", 0),
        ("core", "pydantic_core", 0),
        ("ValidationError", "pydantic.v1.ValidationError", 0),
        ("helper", "pydantic_core.helper", 1),
        ("json", "json", 0),
    )
    assert _imported_from(facts, "pydantic_core") == {"ValidationError", "core"}
    fn = FunctionFact("Model.validate", 1, 9)
    calls = [CallFact("Model.validate", "helper.run", 2), CallFact("Model.validate", "core.validate", 3)]
    assert chosen_call(facts, fn, calls, "pydantic_core") == CallFact("Model.validate", "core.validate", 3)


def _index(n: int) -> Index:
    """``n`` templates over a few shared words, their keys listed by few to many patterns."""
    words = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot"]
    entries = []
    for key in range(1, n + 1):
        said = " ".join(w for i, w in enumerate(words) if key % (i + 2) == 0)
        segments = [f"stage {said} failed at ", "x", ""]
        entries.append(
            CatalogueEntry(
                key=key, error_id=f"{key:016x}", repo="acme/lib", version="1.0", snapshot_date=None,
                kind="error", exc_type="ValueError", exc_qualname=None, template=render_template(segments),
                segments=segments, path="lib/core.py", line=key, function="check",
            )
        )  # fmt: skip
    idx = Index.loads(build_index(entries, "g1").dumps())
    assert isinstance(idx, Index)
    return idx


def _oracle(
    idx: Index,
    among: set[int],
    seen: set[int],
    hit: dict[int, float],
    shortest: int,
    longest: int,
    budget: int | None,
) -> tuple[dict[int, float], float]:
    """The bound spelled out: keys fewest postings first, each read into the sums of the
    patterns it lists while within ``longest`` and the budget, else into the allowance."""
    offs, posts = idx._sec["k_postof"], idx._sec["k_posts"]
    sums = dict.fromkeys(among, 0.0)
    rest = 0.0
    for kid in sorted(seen, key=lambda k: (offs[k + 1] - offs[k], k)):
        n = offs[kid + 1] - offs[kid]
        if n <= shortest:
            continue
        if n > longest or (budget is not None and n > budget):
            rest += hit[kid]
            continue
        budget = None if budget is None else budget - n
        for pid in set(posts[offs[kid] : offs[kid + 1]].tolist()) & among:
            sums[pid] += hit[kid]
    return sums, rest


def test_the_postings_bound_is_one_reading_first_and_tighter() -> None:
    """``Index.key_sums`` reads the keys of at most ``longest`` postings into the sums; given
    the first call's sums, a ``shortest`` and a budget it adds the longer keys' weights within
    the budget, fewest postings first, and leaves the first call's sums as they were."""
    idx = _index(120)
    seen = set(range(idx.n_keys))
    hit = idx.hit_weights(seen)
    among = set(range(idx.n_patterns))
    offs = idx._sec["k_postof"]
    sizes = sorted({offs[k + 1] - offs[k] for k in seen})
    assert len(sizes) > 3  # keys of few and of many postings
    short, wide = sizes[1], sizes[-2]
    first, rest = idx.key_sums(among, seen, hit, short)
    assert (first, rest) == _oracle(idx, among, seen, hit, 0, short, None)
    kept = dict(first)
    for budget in (0, sizes[2], 10**6):
        tighter, left = idx.key_sums(among, seen, hit, wide, shortest=short, budget=budget, sums=first)
        want, want_left = _oracle(idx, among, seen, hit, short, wide, budget)
        assert left == pytest.approx(want_left)
        assert tighter == pytest.approx({p: first[p] + want[p] for p in among})
        assert first == kept
    assert idx.key_sums(among, seen, hit, wide, shortest=short, budget=0, sums=first)[0] == first


def test_the_paste_below_a_frame_is_read_from_the_anchors_last_occurrence() -> None:
    """The lines after the one holding the anchor's last occurrence, whatever follows it on
    that line; None when the paste lacks it."""
    text = (
        'File "a.py", line 3, in f\n    g()\nFile "a.py", line 3, in g\n    raise E(x)\n    ^^^^\nE: boom\n'
    )
    assert _lines_below(text, 'File "a.py", line 3') == ["    raise E(x)", "    ^^^^", "E: boom"]
    assert _lines_below(text, "raise E(x)") == ["    ^^^^", "E: boom"]
    assert _lines_below(text, "h()") is None
