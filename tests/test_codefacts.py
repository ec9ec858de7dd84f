"""Code facts: what the extractor records for analysis from the tree it already parsed.

The expected facts below were written by reading the source (Python's own scoping aside: a name
bound anywhere in a file counts as bound, which is what the grounding check needs). The walk's
node order is checked against ``ast.walk`` itself on real modules of the standard library.
"""

from __future__ import annotations

import ast
import inspect
import textwrap

import pytest

from errdex.astutil import child_nodes, dotted_name
from errdex.extract import extract
from errdex.extract.codefacts import _calls_named, code_facts, defined_tests, iter_nodes
from errdex.model import CallFact, FunctionFact, ImportFact, SourceFile

SOURCE = textwrap.dedent('''
    import os, a.b.c as abc
    from . import sib
    from ..up import thing as other
    type Alias = list[int]
    X = os.path.sep
    if (n := 3) > 2:
        Y = [q for q in range(n)]

    def outer(a, /, b, *c, d, **e):
        """Outer does things.

        More.
        """
        global G
        lam = lambda z, *w: z(w)
        match a:
            case [1, *rest] if rest:
                f(rest)
            case {"k": v, **kw}:
                g.h(v)
            case Point(x=xx) as pt:
                pass
        @deco(a.b())
        def inner():
            nonlocal b
            return outer.inner2()
        class Local(Base(1)):
            attr = compute()
            def m(self):
                self.m2()
                self.m2()
        f(1)
        return inner()

    class C:
        from x import y
        def p(self):
            return 1
        def p(self, v):
            self.q(v)

    class C(D, mixins.E):
        z = 1
''')


@pytest.fixture(scope="module")
def facts():  # type: ignore[no-untyped-def]
    return code_facts(ast.parse(SOURCE))


def test_imports_stay_relative_until_a_reader_knows_the_module(facts) -> None:  # type: ignore[no-untyped-def]
    assert facts.imports == [
        ImportFact("os", "os"),
        ImportFact("abc", "a.b.c"),
        ImportFact("sib", "sib", 1),
        ImportFact("other", "up.thing", 2),
        ImportFact("y", "x.y"),
    ]


def test_definitions_in_definition_order(facts) -> None:  # type: ignore[no-untyped-def]
    funcs = {f.qualname: f for f in facts.functions}
    assert list(funcs) == [
        "outer",
        "outer.<locals>.inner",
        "outer.<locals>.Local.m",
        "C.p",
    ]
    assert funcs["outer"] == FunctionFact(
        "outer", 10, 34, None, ("a", "b", "d", "c", "e"), "Outer does things.\n\nMore."
    )
    # a redefinition keeps the first position and takes the last definition (a property's setter)
    assert funcs["C.p"].params == ("self", "v") and funcs["C.p"].line == 40
    assert funcs["outer.<locals>.Local.m"].cls == "outer.<locals>.Local"
    classes = {c.qualname: c for c in facts.classes}
    assert list(classes) == ["outer.<locals>.Local", "C"]
    assert classes["outer.<locals>.Local"].members == ["attr", "m"]
    # the second ``class C`` replaces the first, members included
    assert classes["C"].bases == ["D", "mixins.E"] and classes["C"].members == ["z"]


def test_calls_each_callee_once_in_walk_order(facts) -> None:  # type: ignore[no-untyped-def]
    assert facts.calls == [
        CallFact("outer", "g.h", 21),
        CallFact("outer", "a.b", 24),  # decorators and class bases run in the enclosing function
        CallFact("outer", "inner", 34),
        CallFact("outer.<locals>.inner", "outer.inner2", 27),
        CallFact("outer.<locals>.Local.m", "self.m2", 31),
        CallFact("C.p", "self.q", 41),
    ]
    # bare names the file does not define or import lead outside it: ``z`` (a lambda's
    # parameter), ``f``, ``deco``, ``Base``, ``compute`` are no edges of the codebase's graph
    assert not {"z", "f", "deco", "Base", "compute"} & {c.callee for c in facts.calls}


def test_a_callees_first_call_is_the_first_in_breadth_first_order() -> None:
    # ``ast.walk`` order, not source order: a keyword is a node of its own, so ``mod.helper(2)``
    # comes after ``mod.helper(1)`` (line 6); ``mod.make(6)`` is one level above ``mod.make(5)``
    # (line 10). The walk leaves out dotted callees and attributes of bare names (nothing in
    # them is a call or a binding); a call under an attribute (``mod.base(8).attr``) stays.
    tree = ast.parse(
        textwrap.dedent("""
        import mod

        def fn():
            mod.outer(
                mod.wrap(mod.helper(1)),
                key=mod.helper(2),
            )
            (mod.make(
                5)).helper(mod.make(6))
            mod.base(8).attr.method()
        """)
    )
    assert code_facts(tree).calls == [
        CallFact("fn", "mod.outer", 5),
        CallFact("fn", "mod.wrap", 6),
        CallFact("fn", "mod.helper", 6),
        CallFact("fn", "mod.make", 10),
        CallFact("fn", "mod.base", 11),
    ]


def test_bound_and_module_level_names(facts) -> None:  # type: ignore[no-untyped-def]
    assert facts.toplevel == sorted(["os", "abc", "sib", "other", "Alias", "X", "n", "Y", "q", "outer", "C"])
    assert {"a", "b", "c", "d", "e", "z", "w", "lam", "rest", "v", "pt", "inner", "Local", "G"} <= set(
        facts.bound
    )
    assert "os" not in facts.bound  # imports are kept apart from other bindings
    assert facts.consts == {"X": "os.path.sep"}


def test_functions_read_as_values_are_references() -> None:
    # held in a table, passed as an argument or keyword, assigned (in a class body too),
    # returned, read or assigned as an attribute (a bound method, a property's setter): each
    # reaches the function without a call by its name, and so does a call through an expression
    # (``super().run()``: no dotted callee, no call key). A name also called is a call's key; a
    # capitalised import (a class an ``except`` or ``isinstance`` reads), a parameter or another
    # unknown name is no function of the file
    tree = ast.parse(
        textwrap.dedent("""
        import functools
        from .helpers import _imported, Model, _unused
        from . import Other

        def _table(): ...
        def _arg(): ...
        def _kw(): ...
        def _frozen(): ...
        def _returned(): ...
        def _method(): ...
        def system(): ...
        def _called(): ...
        def _idle(): ...
        def run(): ...

        TABLE = {int: _table, str: _imported}

        class K:
            __setattr__ = _frozen

            def setup(self, param):
                functools.partial(_arg, 1)
                sorted([], key=_kw)
                self.handler = self._method
                self.system = param
                _called()
                super().run()
                isinstance(param, (Model, Other))
                try:
                    pass
                except Model:
                    pass
                return _returned
        """)
    )
    assert code_facts(tree).references == [
        "_arg", "_frozen", "_imported", "_kw", "_method", "_returned", "_table", "run", "system",
    ]  # fmt: skip


def test_bindings_inside_expressions_reach_the_scope_they_are_in() -> None:
    # a comprehension's or walrus's target in a class body is a member of the class, at module
    # level a top-level name; a lambda's parameter and a match capture are bound names only
    tree = ast.parse(
        textwrap.dedent("""
        class K:
            vals = [v for v in range(3)]
            f = lambda p, *ps: p
            print(w := 1)
        top = {t: u for t, u in ()}
        match x:
            case [*_, *rest]:
                pass
            case {"k": cap} | Point(y=_):
                pass

        def fn():
            return [loc for loc in sorted(z := [])]
        """)
    )
    facts = code_facts(tree)
    (k,) = facts.classes
    assert k.members == ["f", "v", "vals", "w"]
    assert facts.toplevel == ["K", "fn", "t", "top", "u"]
    assert {"p", "ps", "rest", "cap", "loc", "z"} <= set(facts.bound)
    assert "_" not in facts.bound  # a wildcard binds nothing


def test_test_functions_and_what_they_call() -> None:
    tree = ast.parse(
        textwrap.dedent("""
        import pytest

        @pytest.mark.parametrize("x", [1, 2])
        def test_fails(x):
            with pytest.raises(ValueError):
                model.fit(x)

        class TestThing:
            def test_passes(self):
                assert model.fit(3) == len([1])

        def helper():
            pass
        """)
    )
    fails, passes = defined_tests(tree)
    assert (fails.qualname, fails.line, fails.end_line, fails.expects) == ("test_fails", 4, 7, True)
    assert fails.subject == ["fit"]  # expectations and plumbing are not what a test exercises
    assert sorted(fails.calls) == [(4, "parametrize"), (6, "raises"), (7, "fit")]
    assert (passes.qualname, passes.expects, passes.subject) == ("TestThing.test_passes", False, ["fit"])


@pytest.mark.parametrize("module", [ast, inspect, textwrap, pytest])
def test_node_order_is_ast_walks_without_the_inert_leaves(module: object) -> None:
    tree = ast.parse(inspect.getsource(module))  # type: ignore[arg-type]
    inert = (ast.expr_context, ast.operator, ast.boolop, ast.unaryop, ast.cmpop, ast.Constant, ast.MatchSingleton,
             ast.alias)  # fmt: skip
    expected = [n for n in ast.walk(tree) if not isinstance(n, inert)]
    assert list(iter_nodes(tree)) == expected


@pytest.mark.parametrize("module", [ast, inspect, textwrap, pytest])
def test_a_functions_calls_come_in_ast_walks_order(module: object) -> None:
    """The test-function walk leaves out the subtrees that hold no call: the calls it finds
    are still every named call ``ast.walk`` finds, in its order."""
    tree = ast.parse(inspect.getsource(module))  # type: ignore[arg-type]
    for fn in ast.walk(tree):
        if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            expected = [
                (n.lineno, n.func.attr if isinstance(n.func, ast.Attribute) else n.func.id)
                for n in ast.walk(fn)
                if isinstance(n, ast.Call) and isinstance(n.func, (ast.Attribute, ast.Name))
            ]
            assert _calls_named(fn) == expected


@pytest.mark.parametrize("module", [ast, inspect, textwrap, pytest])
def test_child_nodes_are_iter_child_nodes_without_contexts_and_operators(module: object) -> None:
    tree = ast.parse(inspect.getsource(module))  # type: ignore[arg-type]
    leaves = (ast.expr_context, ast.operator, ast.boolop, ast.unaryop, ast.cmpop)
    for node in ast.walk(tree):
        assert child_nodes(node) == [c for c in ast.iter_child_nodes(node) if not isinstance(c, leaves)]


def test_dotted_name_of_names_attributes_and_others() -> None:
    def expr(text: str) -> ast.expr:
        return ast.parse(text, mode="eval").body

    assert dotted_name(expr("a")) == "a"
    assert dotted_name(expr("a.b")) == "a.b"
    assert dotted_name(expr("a.b.c")) == "a.b.c"
    assert dotted_name(expr("a.b.c.d")) == "a.b.c.d"
    assert dotted_name(expr("a().b")) is None
    assert dotted_name(expr("a().b.c")) is None
    assert dotted_name(expr("a[0].b")) is None
    assert dotted_name(expr("a.b[0].c")) is None
    assert dotted_name(expr("'s'.join")) is None
    assert dotted_name(expr("'s'.x.join")) is None
    assert dotted_name(expr("1")) is None
    assert dotted_name(expr("a.b()")) is None


@pytest.mark.parametrize("module", [ast, inspect, textwrap, pytest])
def test_a_dotted_name_is_the_text_unparse_writes(module: object) -> None:
    """A class base or expected exception spelled as a name or a dotted path is taken as its
    own text instead of being unparsed (perf25): the same text for every such expression."""
    tree = ast.parse(inspect.getsource(module))  # type: ignore[arg-type]
    seen = 0
    for node in ast.walk(tree):
        if isinstance(node, ast.expr) and (name := dotted_name(node)) is not None:
            assert name == ast.unparse(node)
            seen += 1
    assert seen


def test_extraction_returns_facts_and_test_expectations_from_its_workers() -> None:
    files = [
        SourceFile("pkg/__init__.py", b"from .core import run as go\n"),
        SourceFile("pkg/core.py", b"def run(x):\n    if x:\n        raise ValueError('no x')\n"),
        SourceFile(
            "tests/test_core.py",
            b"import pytest\nfrom pkg import go\n\ndef test_go():\n"
            b"    with pytest.raises(ValueError, match='no x'):\n        go(1)\n",
        ),
        SourceFile("pkg/broken.py", b"def f(:\n"),
    ]
    one, two = extract(files, "local/pkg", jobs=1), extract(files, "local/pkg", jobs=2)
    assert one.code == two.code and one.expectations == two.expectations
    assert sorted(one.code) == ["pkg/__init__.py", "pkg/core.py", "tests/test_core.py"]  # not the broken one
    assert one.code["pkg/__init__.py"].imports == [ImportFact("go", "core.run", 1)]
    assert [t.qualname for t in one.code["tests/test_core.py"].tests] == ["test_go"]
    [exp] = one.expectations
    assert (exp.path, exp.line, exp.exc_type, exp.pattern) == ("tests/test_core.py", 5, "ValueError", "no x")
    reports = {r.path: r for r in one.files}
    assert (reports["pkg/__init__.py"].module, reports["pkg/__init__.py"].is_package) == ("pkg", True)
    assert (reports["pkg/core.py"].module, reports["pkg/core.py"].is_package) == ("pkg.core", False)
