"""bench/visitor_shares.py: the extraction's stages and the pre-walk tests' rows (perf55)."""

from __future__ import annotations

import ast

import pytest
from bench_helpers import load_bench

vs = load_bench("visitor_shares")


def _func(src: str) -> ast.FunctionDef:
    node = ast.parse(src).body[0]
    assert isinstance(node, ast.FunctionDef)
    return node


@pytest.mark.parametrize(
    ("src", "want"),
    [
        # the docstring is no text; a parameter's arithmetic shows nothing
        ('def f(x):\n    """Doc."""\n    y = x + 1\n', set()),
        (
            "def f(x):\n    return g(x)\n",
            {"return of a call", "return of a value", "call of a name", "call given arguments"},
        ),
        ("def f(x):\n    return x.y\n", {"return of a value"}),
        ("def f(x):\n    log(f'{x}')\n", {"text", "call of a name", "call given arguments"}),
        ("def f(self):\n    self.x = b'raw'\n", {"text", "attribute stored"}),
        ("def f():\n    global G\n    h = lambda: 0\n", {"global", "nested scope"}),
        ("def __str__(self):\n    pass\n", {"dunder"}),
        ("def f(x):\n    x.run()\n", set()),  # a method called with nothing: none of the shapes
    ],
)
def test_the_shapes_a_test_before_the_walk_sees(src: str, want: set[str]) -> None:
    assert vs._shapes(_func(src), exc_class=False) == want


def test_an_exception_class_method_is_its_own_shape() -> None:
    assert vs._shapes(_func("def f(self):\n    pass\n"), exc_class=True) == {"exception class"}


def test_each_row_rules_out_one_more_shape_and_counts_what_it_would_lose() -> None:
    walks = [
        (frozenset(), False, 1.0),  # skipped by every row, recorded nothing
        (frozenset({"text"}), True, 2.0),  # skipped by the first row only, and lost there
        (frozenset({"call given arguments"}), True, 4.0),  # skipped until the last row
    ]
    rows = vs.prewalk_rows(walks, visitor=10.0)
    assert len(rows) == 1 + len(vs._SHAPES)
    assert rows[0] == "| quiet | 3 | 7.000 | 70.0% | 2 | 60.0% |"
    assert rows[1] == "| ... and no text | 2 | 5.000 | 50.0% | 1 | 40.0% |"
    assert rows[-1] == "| ... and no call given arguments | 1 | 1.000 | 10.0% | 0 | 0.0% |"


def test_the_stages_are_timed_and_restored() -> None:
    from errdex import extract
    from errdex.extract import visitor

    names = vars(extract)  # (the module's own table: what the wrappers replace)
    parse, facts, run = names["parse_ast"], names["code_facts"], visitor.ModuleVisitor.run
    src = b"def f(x):\n    if not x:\n        raise ValueError(f'bad {x}')\n    return x\n"
    total, spent = vs.stages([("pkg/mod.py", src)] * 3)
    assert set(spent) == {"parse", "code facts", "visitor", "cache entry"}
    assert all(v >= 0 for v in spent.values()) and total >= sum(spent.values())
    # the wrappers are gone again: a later section times the functions themselves
    assert (names["parse_ast"], names["code_facts"], visitor.ModuleVisitor.run) == (parse, facts, run)
