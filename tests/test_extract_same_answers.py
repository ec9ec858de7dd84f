"""Cheaper paths of the extraction answer as what they replaced (perf35).

The cheap tests in front of the bound-literal rule (``extract/literals``), on real code
(errdex's own sources and the extraction fixtures), function by function: ``literal_names``
leaves out a local two statement targets store to, before the walk of the function's whole
body; ``_used_nested`` counts ``ast.walk``'s nodes from a list instead of its generators. The
cache entry's body, packed without an error handler unless a string needs one, is the same
bytes. And a placeholder text cached by node id is never another node's."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import msgpack
import pytest

import errdex
from errdex.extract import cache, literals
from errdex.extract.containers import function_body, own_statements
from errdex.extract.facts import ModuleFacts
from errdex.extract.literals import bound_once, literal_names
from errdex.extract.visitor import ModuleVisitor, _bound_values

ROOTS = (Path(errdex.__file__).parent, Path(__file__).parent / "fixtures" / "extract")
_DISPLAYS = (ast.List, ast.Tuple, ast.Dict, ast.Constant, ast.UnaryOp)


def _functions() -> Iterator[ast.FunctionDef | ast.AsyncFunctionDef]:
    for root in ROOTS:
        for path in sorted(root.rglob("*.py")):
            try:
                tree = ast.parse(path.read_bytes())
            except SyntaxError:  # a fixture of unparseable code
                continue
            for node in ast.walk(tree):
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                    yield node


FUNCTIONS = list(_functions())


def _display_targets(func: ast.AST) -> set[str]:
    """``literal_names`` as it was: every name a statement assigns a literal display."""
    found: set[str] = set()
    for n in own_statements(func) or ():
        if type(n) is ast.Assign and isinstance(n.value, _DISPLAYS):
            found.update(t.id for t in n.targets if isinstance(t, ast.Name))
    return found


def _accepted(func: ast.AST, name: str) -> bool:
    """The full check of a local bound once to a literal (``Frame.literal_node`` after
    ``literal_local``): its one binding value a display, ``bound_once`` on the whole body."""
    nodes, whole = function_body(func)
    values = _bound_values(nodes).get(name, [])
    return (
        len(values) == 1 and isinstance(values[0], _DISPLAYS) and bound_once(func, nodes, whole, name, values)
    )


def test_the_statement_test_leaves_out_only_locals_the_full_check_refuses() -> None:
    dropped = kept = 0
    for func in FUNCTIONS:
        new = literal_names(own_statements(func))
        old = _display_targets(func)
        assert new <= old
        for name in sorted(old - new):
            dropped += 1
            assert not _accepted(func, name), (func.name, func.lineno, name)
        kept += sum(_accepted(func, name) for name in new)
    assert dropped > 20 and kept > 5  # the corpus exercises both sides


def test_a_local_stored_twice_by_statements_is_no_literal() -> None:
    func = ast.parse(
        "def f(flag):\n"
        "    a = [1]\n"
        "    b = [1]\n"
        "    b += [2]\n"
        "    c: list = [1]\n"
        "    d = (1, 2)\n"
        "    for d in range(3):\n"
        "        pass\n"
        "    e = f = {}\n"
    ).body[0]
    assert literal_names(own_statements(func)) == {"a", "e", "f"}


def _used_nested_by_ast_walk(func: ast.AST, name: str, own: int) -> bool:
    """``_used_nested`` as it was: ``ast.walk`` in its order, bounded at ``MAX_WALK``."""
    for seen, n in enumerate(ast.walk(func)):
        if seen >= literals.MAX_WALK:
            return True
        if isinstance(n, ast.Name) and n.id == name:
            own -= 1
            if own < 0:
                return True
    return False


@pytest.mark.parametrize("bound", [literals.MAX_WALK, 60])
def test_the_nested_use_walk_answers_as_ast_walk(bound: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(literals, "MAX_WALK", bound)
    answers: set[bool] = set()
    for func in FUNCTIONS[::7]:
        nodes, _ = function_body(func)
        names = {n.id for n in nodes if isinstance(n, ast.Name)} | {"absent"}
        for name in sorted(names)[:12]:
            own = sum(1 for n in nodes if isinstance(n, ast.Name) and n.id == name)
            for k in (own, own - 1):
                got = literals._used_nested(func, name, k)
                assert got == _used_nested_by_ast_walk(func, name, k), (func.name, func.lineno, name, k)
                answers.add(got)
    assert answers == {True, False}


def test_a_node_the_visitor_makes_and_drops_leaves_no_text_to_the_next() -> None:
    """``getattr(obj, "kind", None)`` is read as ``obj.kind``: a node made for the read, placed
    at the call, and dropped after it. Its placeholder text (the call's source) was cached by
    the node's id alone, and the next such node, given the freed id, read the first one's text
    (pandas 3.1.1's ``BinOp.meta`` printed ``"kind"`` in one index and ``"meta"`` in another)."""
    text = "".join(f'{a} = getattr(f(), "{a}", None)\n' for a in ("kind", "meta", "metadata", "ordered"))
    facts = ModuleFacts(path="m.py", module="m")
    visitor = ModuleVisitor(facts, False, text, want_sites=True)
    texts = []
    try:
        for stmt in ast.parse(text).body:
            assert isinstance(stmt, ast.Assign) and isinstance(stmt.value, ast.Call)
            call = stmt.value
            read = ast.copy_location(ast.Attribute(call.args[0], "x", ast.Load()), call)
            texts.append(visitor.src(read))
            del read
    finally:
        visitor.close()
    assert texts == [f'getattr(f(), "{a}", None)' for a in ("kind", "meta", "metadata", "ordered")]


@pytest.mark.parametrize("path", ["plain.py", "lone\udc80surrogate.py"])
def test_the_cache_body_is_the_bytes_the_surrogatepass_packer_writes(path: str) -> None:
    facts = ModuleFacts(path=path, module="m")
    facts.symbols.add(path)
    packer = msgpack.Packer(
        default=cache._tag, strict_types=True, use_bin_type=True, unicode_errors="surrogatepass"
    )
    assert cache._pack(facts) == packer.pack(facts)
    back = cache.decode(cache.encode(facts))
    assert back is not None and back.path == path and back.symbols == {path}
