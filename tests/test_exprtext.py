"""``exprtext.text``: ``ast.unparse``'s text, the common shapes written directly (perf54)."""

from __future__ import annotations

import argparse
import ast
import inspect
import textwrap
import typing

import pytest

from errdex.extract import exprtext, visitor
from errdex.extract import extract_file as extract
from errdex.extract.exprtext import text

# shapes written directly, and shapes next to them that must go to ``ast.unparse``
CASES = [
    "name",
    "a.b.c",
    "f(x)",
    "f(\n    x,\n    y=2,\n    *rest,\n    **kw,\n)",
    "obj.method(a)(b).attr(c)",
    "'{} {}'.format(\n    a, b)",
    "b'raw'.decode(x)",
    "(1).real",  # an int's attribute: ``1 .real``
    "x[0](y)",
    "f(x for x in y)",
    "f(lambda: 1, a if b else c, *(p or q))",
    "[1, 'two', None, True, b'x']",
    "(1,)",
    "()",
    "(a, *b)",
    "[x, [y, (z,)]]",
    "u'old'",
    "1e999",
    "...",
    "-1",
    "f'plain {x} text'",
    'f"it\'s {x}"',
    "f'say \"{x}\"'",
    'f"both \' and \\" {x}"',
    'f"ends with a quote \'"',
    "f'''triple ' and \" and {x}'''",
    "f'{x!r} and {y!s} and {z!a}'",
    "f'{x:>10} {y:.2f} {z:{width}}'",
    'f\'{x[0]} {d["k"]} {f("s")}\'',
    "f'{ {1: 2}[1]}'",
    "f'braces {{ and }} {x}'",
    "f'tab\\there {x}'",
    "f'{a.b.c()} and {g(1, k=2)}'",
    "f''",
    "f'{x}' f'{y}'\n",
    "'é' + f'ü{x}'",
]


@pytest.mark.parametrize("source", CASES)
def test_the_text_is_unparse_s(source: str) -> None:
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.expr):
            assert text(node) == ast.unparse(node), ast.dump(node)


def test_the_common_shapes_never_reach_the_unparser(monkeypatch: pytest.MonkeyPatch) -> None:
    """A call over several lines with an f-string, a ``.format`` of a string and a display
    among its arguments is written whole without ``ast.unparse``; a shape that is not one of
    them (a conditional expression) is unparsed alone, the rest around it written directly."""
    calls: list[str] = []
    real = ast.unparse

    def counting(node: ast.AST) -> str:
        calls.append(type(node).__name__)
        return real(node)

    monkeypatch.setattr(exprtext.ast, "unparse", counting)
    call = ast.parse("raise E(\n    f\"bad '{x!r}' for {obj.name}\",\n    '{}'.format(y),\n    [1, (2,)],\n)")
    exc = call.body[0].exc  # type: ignore[attr-defined]
    assert text(exc) == real(exc)
    assert calls == []
    mixed = ast.parse("f(\n    a if b else c,\n    g(d),\n)").body[0].value  # type: ignore[attr-defined]
    assert text(mixed) == real(mixed) == "f(a if b else c, g(d))"
    assert calls == ["IfExp"]


def test_an_int_too_long_to_print_fails_as_unparse_does() -> None:
    node = ast.Constant(10**5000)
    with pytest.raises(ValueError):
        ast.unparse(node)
    with pytest.raises(ValueError):
        text(node)


@pytest.mark.parametrize("module", [ast, inspect, textwrap, argparse, typing, pytest])
def test_every_expression_of_a_module_has_unparse_s_text(module: object) -> None:
    tree = ast.parse(inspect.getsource(module))  # type: ignore[arg-type]
    exprs = [n for n in ast.walk(tree) if isinstance(n, ast.expr)]
    assert sum(exprtext._shape(n) is not None for n in exprs) > len(exprs) // 2  # the path is used
    for node in exprs:
        assert text(node) == ast.unparse(node), ast.dump(node)


_TABLE = b"""KNOWN = {"a": {"err": "Install a"}, "b": {"err": "Install b"}}


def load(proto):
    bit = KNOWN[proto]
    raise ImportError(bit.get(
        "err"))


def other(row):
    x = row.get(
        "err")
    y = row[
        "err"]
    raise ValueError(x, y)
"""


def test_a_record_read_over_lines_is_unparsed_only_when_it_reads_a_table(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``bit.get("err")`` of a table's record is a reference named by its text (unparsed: it
    spans lines); the same read of a row that is no table's (``other``'s parameter) names
    nothing, and its text is never made."""
    made: list[str] = []
    real = visitor._unparse

    def counting(node: ast.AST) -> str:
        out = real(node)
        made.append(out)
        return out

    monkeypatch.setattr(visitor, "_unparse", counting)
    facts = extract("pkg/m.py", _TABLE)
    (load,) = [s for s in facts.sites if s.function == "load"]
    assert load.exc is not None
    ((ref,),) = load.exc.msg
    assert (ref.key, ref.name) == ("pkg.m.KNOWN[].err", "bit.get('err')")  # type: ignore[union-attr]
    assert made == ["bit.get('err')"]
