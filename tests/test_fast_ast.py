"""The extraction reads ``ast``'s classes through ``astutil.ast_nodes`` (perf48).

CPython 3.12 never specialises an attribute read on a module that defines ``__getattr__``, and
the stdlib ``ast`` module does (for its deprecated classes), so every ``ast.Name`` of a hot loop
took the generic path. The copy holds the same objects without that hook.
"""

from __future__ import annotations

import ast
import dis
import importlib
import sys
import types
from pathlib import Path
from typing import Any

import pytest

from errdex import astutil
from errdex.astutil import ast_nodes, dotted_name
from errdex.extract import extract_file
from errdex.extract.templates import Ph

# the modules that run per node or per statement of every file an index reads
HOT_MODULES = [
    "errdex.astutil",
    "errdex.extract",
    "errdex.extract.chains",
    "errdex.extract.classes",
    "errdex.extract.codefacts",
    "errdex.extract.containers",
    "errdex.extract.expectations",
    "errdex.extract.fields",
    "errdex.extract.literals",
    "errdex.extract.pyversion",
    "errdex.extract.reuse",
    "errdex.extract.visitor",
    "errdex.extract.yields",
]


def test_the_copy_holds_the_same_classes_without_the_hook() -> None:
    assert not hasattr(ast_nodes, "__getattr__")
    # (a deprecated class another module read meanwhile is cached in ``ast`` itself: not copied)
    deprecated = getattr(ast, "_deprecated_globals", {})
    for name, value in list(vars(ast).items()):
        if name != "__getattr__" and name not in deprecated and not isinstance(value, types.FunctionType):
            assert getattr(ast_nodes, name) is value, name
    assert ast_nodes.Name is ast.Name and ast_nodes.AST is ast.AST


def test_the_copy_calls_the_module_s_functions_as_they_are_now(monkeypatch: pytest.MonkeyPatch) -> None:
    """A test replacing ``ast.parse`` (counting the parses of a hostile file) sees the calls
    the extraction makes through the copy."""
    seen: list[str] = []
    real = ast.parse

    def counting(source: str, *args: Any, **kwargs: Any) -> Any:
        seen.append(source)
        return real(source, *args, **kwargs)

    monkeypatch.setattr(ast, "parse", counting)
    tree = ast_nodes.parse("x = 1")
    assert seen == ["x = 1"] and isinstance(tree, ast.Module)
    assert ast_nodes.unparse(tree) == "x = 1"
    assert [type(n).__name__ for n in ast_nodes.walk(tree.body[0])][:2] == ["Assign", "Name"]


@pytest.mark.parametrize("module", HOT_MODULES)
def test_hot_modules_read_the_copy(module: str) -> None:
    assert importlib.import_module(module).ast is ast_nodes


@pytest.mark.skipif(
    sys.implementation.name != "cpython" or sys.version_info[:2] != (3, 12),
    reason="the specialised instruction's name is CPython 3.12's",
)
def test_a_node_class_read_is_specialised() -> None:
    """The reason for the copy: a read of ``ast.Attribute`` in a hot function becomes a
    module-attribute load (it stays generic on the stdlib module)."""
    node = ast.parse("a.b.c", mode="eval").body
    for _ in range(200):
        assert dotted_name(node) == "a.b.c"
    ops = {i.opname for i in dis.get_instructions(astutil.dotted_name, adaptive=True)}
    assert "LOAD_ATTR_MODULE" in ops


def test_extraction_of_a_real_file(tmp_path: Path) -> None:
    """A file read through the copy gives its sites as before (the same classes are tested)."""
    pkg = tmp_path / "shop"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    code = (
        "class OutOfStock(Exception):\n"
        "    pass\n\n"
        "def take(item, count):\n"
        "    if count > item.left:\n"
        "        raise OutOfStock(f'only {item.left} of {item.name} left')\n"
        "    return item\n"
    )
    (pkg / "stock.py").write_text(code)
    facts = extract_file("shop/stock.py", (pkg / "stock.py").read_bytes())
    [site] = facts.sites
    assert (site.exc.exc_type, site.function, site.guards) == ("OutOfStock", "take", ["count > item.left"])
    assert site.exc.msg == (("only ", Ph("item.left"), " of ", Ph("item.name"), " left"),)
    assert facts.code is not None and [f.qualname for f in facts.code.functions] == ["take"]


def test_the_classes_tested_by_identity_have_no_subclass() -> None:
    """``type(x) is C`` answers as ``isinstance(x, C)`` only while nothing derives from ``C``
    (perf50): the message parts and environment values the visitor tests so, and the node
    classes (a parsed tree's nodes are of the concrete classes; ``reuse.Unparsed`` derives from
    the abstract ``ast.stmt``)."""
    from errdex.extract import reuse, visitor
    from errdex.extract.templates import Op

    assert reuse.Unparsed.__bases__ == (ast.stmt,)
    for cls in (Ph, Op, visitor.TypesVal, visitor.ExcVal, ast.Name, ast.FunctionDef, ast.List, ast.Tuple):
        assert cls.__subclasses__() == [], cls


def test_extraction_through_the_exact_tests(tmp_path: Path) -> None:
    """A file exercising the forms whose tests became exact (perf50): module-level definitions
    and annotated names (``prepass``), a loop whose branch continues (``leaves``), a message
    list assigned then raised, a ``global`` rebinding (``literals._binds``), a test class."""
    pkg = tmp_path / "shop"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    code = (
        "LIMIT: int = 3\n"
        "COUNT = 0\n\n"
        "class Closed(Exception):\n"
        "    pass\n\n"
        "def bump():\n"
        "    global COUNT\n"
        "    COUNT += 1\n\n"
        "def take(items):\n"
        "    for item in items:\n"
        "        if item.ok:\n"
        "            continue\n"
        "        parts = ['shop closed for', item.name]\n"
        "        raise Closed(' '.join(parts))\n"
        "    return LIMIT\n\n"
        "class TestShop:\n"
        "    def test_take(self):\n"
        "        take([])\n"
    )
    (pkg / "stock.py").write_text(code)
    facts = extract_file("shop/stock.py", (pkg / "stock.py").read_bytes())
    [site] = facts.sites
    assert (site.exc.exc_type, site.function) == ("Closed", "take")
    assert site.exc.msg == (("shop closed for", " ", Ph("item.name")),)
    assert facts.code is not None
    assert [f.qualname for f in facts.code.functions] == ["bump", "take", "TestShop.test_take"]
    assert [(t.qualname, t.subject) for t in facts.code.tests] == [("TestShop.test_take", ["take"])]


_DOCSTRINGS = '''
def plain():
    """One line."""

def indented():
    """First line.

        Indented more.
\tA tab.
    """
    return 1

async def waits():
    "single quotes"

class Box:
    """A class."""
    def method(self):
        f"not a docstring {self}"
    def number(self):
        42
    def raw(self):
        b"bytes are no docstring"
    def empty(self):
        ""
    def none(self):
        pass

def shared_a():
    """Same text."""

def shared_b():
    """Same text."""
'''


def test_docstring_reads_as_the_stdlib_function() -> None:
    """``astutil.docstring`` gives ``ast.get_docstring``'s text (or None) for every definition:
    plain, multi-line with tabs, async, a class's, and the first statements that are no
    docstring (an f-string, a number, bytes, an empty string, none)."""
    tree = ast.parse(_DOCSTRINGS)
    defs = [n for n in ast.walk(tree) if type(n) in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)]
    assert len(defs) == 11
    for node in defs:
        assert astutil.docstring(node) == ast.get_docstring(node), node.name  # type: ignore[arg-type]
    by_name = {n.name: astutil.docstring(n) for n in defs}  # type: ignore[arg-type]
    assert by_name["indented"] == "First line.\n\nIndented more.\nA tab."  # the tab as 8 spaces
    assert by_name["empty"] == "" and by_name["method"] is None and by_name["raw"] is None


def test_docstring_of_errdex_s_own_definitions() -> None:
    """The same on a real codebase: every function and class of errdex's extraction modules."""
    src = Path(astutil.__file__).parent / "extract"
    seen = 0
    for path in sorted(src.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if type(node) in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef):
                assert astutil.docstring(node) == ast.get_docstring(node), (path.name, node.name)  # type: ignore[arg-type]
                seen += 1
    assert seen > 500


def test_docstring_memo_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each text is cleaned once while it is held, and the memo is emptied when full."""
    memo: dict[str, str] = {}
    monkeypatch.setattr(astutil, "_CLEANED", memo)
    monkeypatch.setattr(astutil, "_CLEANED_MAX", 2)
    cleaned: list[str] = []
    real = astutil.inspect.cleandoc

    def counting(text: str) -> str:
        cleaned.append(text)
        return real(text)

    monkeypatch.setattr(astutil.inspect, "cleandoc", counting)
    defs = {n.name: n for n in ast.walk(ast.parse(_DOCSTRINGS)) if type(n) is ast.FunctionDef}
    assert astutil.docstring(defs["shared_a"]) == astutil.docstring(defs["shared_b"]) == "Same text."
    assert cleaned == ["Same text."]  # one text, cleaned once for both definitions
    astutil.docstring(defs["plain"])
    assert len(memo) == 2
    assert astutil.docstring(defs["indented"]) is not None
    assert len(memo) == 1 and len(cleaned) == 3  # full: emptied before the third text was kept


def test_nodes_within_holds_what_ast_walk_yields() -> None:
    """``astutil.nodes_within`` takes the nodes ``ast.walk`` yields, each once, less the
    contexts and operators, on errdex's own extraction modules (every statement and expression
    form they use: comprehensions, match statements, f-strings, lambdas, ``global``)."""
    src = Path(astutil.__file__).parent / "extract"
    leaves = (ast.expr_context, ast.operator, ast.boolop, ast.unaryop, ast.cmpop)
    for path in sorted(src.glob("*.py")):
        tree = ast.parse(path.read_text())
        got = astutil.nodes_within(tree)
        assert got[0] is tree
        assert len({id(n) for n in got}) == len(got), path.name  # each node once
        walked = {id(n) for n in ast.walk(tree) if not isinstance(n, leaves)}
        assert {id(n) for n in got} == walked, path.name


def test_stored_names_of_a_function() -> None:
    """The names a function's body stores, nested definitions included, none it only reads."""
    from errdex.extract.visitor import _stored_names

    code = (
        "def f(a, b=c):\n"
        "    x = a\n"
        "    y, *z = b\n"
        "    for i in x: pass\n"
        "    with open(p) as fh: pass\n"
        "    def g():\n"
        "        w = 1\n"
        "    return [k for k in z], (n := 2)\n"
    )
    func = ast.parse(code).body[0]
    assert isinstance(func, ast.FunctionDef)
    assert _stored_names(func) == {"x", "y", "z", "i", "fh", "w", "k", "n"}


def test_named_tuples_made_by_tuple_new_are_the_classes_own() -> None:
    """``ph``, ``ModuleVisitor.arg`` and ``call_ref``, ``_Params.sig`` and ``_parameters`` make
    their named tuples by ``tuple.__new__`` with every field in order: the same value as the
    class's constructor, while its fields (and the defaults written out) are these."""
    from errdex.extract.templates import Arg, Ref, Sig, ph
    from errdex.extract.visitor import _Params

    assert Ph._fields == ("name", "r") and Ph._field_defaults == {"r": False}
    assert Arg._fields == ("text", "value", "str_typed", "items", "literal")
    assert Ref._fields == ("key", "name", "call", "args", "kwargs", "method", "item", "listed")
    assert (Ref._field_defaults["method"], Ref._field_defaults["item"], Ref._field_defaults["listed"]) == (
        "",
        -1,
        False,
    )
    assert Sig._fields == ("positional", "vararg", "kwonly", "kwarg", "defaults", "optional")
    assert len(_Params._fields) == 12
    made = ph("count")
    assert made == ((Ph("count"),),) and type(made[0][0]) is Ph and made[0][0].r is False
    code = "def take(item, count):\n    raise ValueError(item, 'few', count=count)\n"
    [site] = extract_file("shop.py", code.encode()).sites
    (_, count), item, few = site.exc.kwargs[0], *site.exc.args
    assert item == Arg("item", ph("item")) and few == Arg("'few'", (("few",),))
    assert count == Arg("count", ph("count"))
    assert all(type(a) is Arg for a in (item, few, count))
    # a method's parameters and signature, and a call of a module function by its dotted name
    code = (
        "import errors\n\n"
        "class Shop:\n"
        "    def take(self, item, count=None, *rest, strict, **kw):\n"
        "        raise errors.fail(item)\n"
    )
    facts = extract_file("shop.py", code.encode())
    [site] = facts.sites
    helper = site.exc.helper
    assert helper == Ref("errors.fail", "errors.fail(item)", True, (Arg("item", ph("item")),), ())
    assert type(helper) is Ref
    sig = facts.funcs["shop.Shop.take"].sig
    assert sig == Sig(("item", "count"), "rest", ("strict",), "kw", (), frozenset({"count"}))
    assert type(sig) is Sig
