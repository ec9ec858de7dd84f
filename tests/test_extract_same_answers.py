"""Cheaper paths of the extraction answer as what they replaced (perf35, perf36).

The cheap tests in front of the bound-literal rule (``extract/literals``), on real code
(errdex's own sources and the extraction fixtures), function by function: ``literal_names``
leaves out a local two statement targets store to, before the walk of the function's whole
body; ``_used_nested`` counts ``ast.walk``'s nodes from a list instead of its generators. The
cache entry's body, packed without an error handler unless a string needs one, is the same
bytes. And a placeholder text cached by node id is never another node's.

perf36: ``model.replace`` makes the object ``dataclasses.replace`` makes; the text test in front
of ``note_args_joins`` passes every module whose walk finds a joined ``args``; a reference a
local is named after is the same without the call's source read for it."""

from __future__ import annotations

import ast
import dataclasses
import pickle
from collections.abc import Iterator
from pathlib import Path

import msgpack
import pytest

import errdex
from errdex import model
from errdex.extract import cache, extract_file, literals, visitor
from errdex.extract.containers import function_body, own_statements
from errdex.extract.facts import BaseCall, ExcSpec, FuncInfo, ModuleFacts, Site
from errdex.extract.literals import bound_once, literal_names
from errdex.extract.templates import Arg, Ref, ph
from errdex.extract.visitor import ModuleVisitor, _bound_values, _lone_part, _may_join_args

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


# ---------------------------------------------------------------- perf36


def _specs() -> list[object]:
    spec = ExcSpec("ValueError", "builtins.ValueError", ph("x"), (Arg("x", ph("x")),))
    return [
        spec,
        Site("error", spec, 3, 4, "m.f", None, ["if x"], 1, 9, [], None),
        FuncInfo(("a",), ph("a"), spec),
        BaseCall("m.Base", (Arg("x", ph("x")),), ()),
    ]


@pytest.mark.parametrize("obj", _specs(), ids=lambda o: type(o).__name__)
def test_replace_makes_the_object_dataclasses_replace_makes(obj: object) -> None:
    cls = type(obj)
    assert cls in model._REPLACERS  # a ``by_fields`` class: the fast path is taken
    names = [f.name for f in dataclasses.fields(cls)]  # type: ignore[arg-type]
    for i, name in enumerate(names):
        changes = {name: object(), names[(i * 7) % len(names)]: i}
        got = model.replace(obj, **changes)
        want = dataclasses.replace(obj, **changes)  # type: ignore[type-var]
        assert type(got) is cls
        assert [getattr(got, n) for n in names] == [getattr(want, n) for n in names]
    assert model.replace(obj) == obj and model.replace(obj) is not obj
    with pytest.raises(TypeError):
        model.replace(obj, no_such_field=1)


def test_replace_of_another_dataclass_is_dataclasses_replace() -> None:
    @dataclasses.dataclass
    class Plain:
        a: int
        b: list[int] = dataclasses.field(default_factory=list)

    assert Plain not in model._REPLACERS
    assert model.replace(Plain(1, [2]), a=3) == Plain(3, [2])
    with pytest.raises(TypeError):
        model.replace(Plain(1), c=1)


def _joins(text: str, whole: bool = False) -> list[tuple[str, tuple[str, ...]]]:
    """The entries ``note_args_joins``'s walk finds, run whatever the text test says; ``whole``:
    every statement taken (every line read as if it held an ``.args``)."""
    facts = ModuleFacts(path="m.py", module="m")
    v = ModuleVisitor(facts, False, text, want_sites=True)
    try:
        v.joins_args = True
        if whole:
            v.lines = [line + " .args" for line in v.lines]
        body = ast.parse(text).body
        v.prepass(body)  # (as ``run``: the module's classes known to the handlers' keys)
        v.note_args_joins(body)
    finally:
        v.close()
    return facts.args_joins


def _joins_found(text: str) -> bool:
    return bool(_joins(text))


# how the calls may be written: gaps, comments and line continuations between their tokens
JOINED = [
    "print(' '.join(e.args))",
    "print(', ' . join ( str(a) for a in err.args ))",
    'x = (" "  # the separator\n     ).join(e.args)',
    'x = (" "  # sep\n   .join(map(str, exc.args)))',
    'x = "-" \\\n  .join([str(a) for a in e.args])',
    "x = ('a' 'b').join(e.args)",
    "x = '''\n'''.join(e.args)",
    "try:\n    f()\nexcept KeyError as e:\n    print(*e.args)",
    "print(  # what it says\n  *error.args, sep=': ')",
]
NOT_JOINED = ["os.path.join(e.args)", "print(e.args)", "' '.join(e.argv)", "print(*args)"]


@pytest.mark.parametrize("text", JOINED + NOT_JOINED)
def test_the_text_test_passes_every_call_the_walk_finds(text: str) -> None:
    found = _joins_found(text)
    assert found == (text in JOINED)
    if found:
        assert _may_join_args(text)
    if text in NOT_JOINED[:2] + NOT_JOINED[3:]:
        assert not _may_join_args(text)  # the calls the old test let through


def _module_texts() -> Iterator[str]:
    """errdex's sources, the fixtures, and every string of the tests that is a module reading
    some ``.args`` (the extraction tests write their modules so)."""
    for root in (*ROOTS, Path(__file__).parent):
        for path in sorted(root.glob("*.py") if root == Path(__file__).parent else root.rglob("*.py")):
            text = path.read_text("utf-8", "surrogateescape")
            yield text
            if root != Path(__file__).parent:
                continue
            for node in ast.walk(ast.parse(text)):
                if isinstance(node, ast.Constant) and isinstance(node.value, str) and ".args" in node.value:
                    yield node.value


def test_the_text_test_passes_every_module_of_errdex_and_the_tests_with_a_join() -> None:
    passed = found = 0
    for text in _module_texts():
        try:
            joins = _joins_found(text)
        except (SyntaxError, ValueError):  # a fixture of unparseable code, a fragment
            continue
        passed += _may_join_args(text)
        if joins:
            found += 1
            assert _may_join_args(text), text[:200]
    assert found >= 10


def test_the_statements_the_join_walk_leaves_out_hold_no_join() -> None:
    """``note_args_joins`` takes only the statements one of whose lines reads an ``.args``: the
    entries (their order, and the classes of the ``except`` binding each receiver) are those
    of the walk taking every statement."""
    texts = [*JOINED, *NOT_JOINED, _HANDLERS]
    for text in _module_texts():
        try:
            ast.parse(text)
        except (SyntaxError, ValueError):
            continue
        if ".args" in text:
            texts.append(text)
    found = 0
    for text in texts:
        got = _joins(text)
        assert got == _joins(text, whole=True), text[:200]
        found += bool(got)
    assert found >= 10
    # (the last statement first, as the walk always took them; a broad catch names no class)
    assert _joins(_HANDLERS) == [(" - ", ()), (" | ", ("m.OtherError",))]


_HANDLERS = """
class CliError(Exception): pass
class OtherError(Exception): pass

def main():
    try:
        run()
    except OtherError as err:
        x = 1
        y = 2
        sys.exit(" | ".join(err.args))
    except Exception as e:
        z = 3
        print(*e.args, sep=" - ")
"""


RETURNED = """
class Checker:
    def _bad(self, h):
        return f"bad header {h}"

    def check(self, h):
        err = self._bad(
            h,
        )
        raise ValueError(err)


def parse(s):
    return None, f"cannot parse {s}"


def load(s, p):
    val, err = parse(
        s,
        p,
    )
    if err:
        raise ValueError(err)
    checker = Checker()
    problem = checker._bad(
        p)
    raise KeyError(problem)
"""


def test_a_reference_named_after_its_local_reads_no_call_source(monkeypatch: pytest.MonkeyPatch) -> None:
    """``err = self._bad(...)``, ``val, err = parse(...)``: the reference is named after the
    local, so the call (written over lines here) is never unparsed for a name then replaced;
    the facts are those of the call's source read and dropped."""
    unparsed: list[ast.AST] = []
    real = visitor._unparse

    def counted(node: ast.AST) -> str:
        unparsed.append(node)
        return real(node)

    monkeypatch.setattr(visitor, "_unparse", counted)
    facts = extract_file("m.py", RETURNED.encode())
    assert not any(isinstance(n, ast.Call) for n in unparsed)
    refs = [s.exc.msg for s in facts.sites if s.exc.exc_type in ("ValueError", "KeyError")]
    assert [type(v[0][0]) if v else None for v in refs] == [Ref, Ref, Ref]

    def as_before(
        self: ModuleVisitor, call: ast.Call, env: visitor.Env, frame: visitor.Frame, shown: str
    ) -> object:
        return self.local_method_ref(call, env, frame) or _lone_part(self.eval_call(call, env, frame))

    monkeypatch.setattr(ModuleVisitor, "returned_ref", as_before)
    before = extract_file("m.py", RETURNED.encode())
    assert any(isinstance(n, ast.Call) for n in unparsed)
    assert pickle.dumps(before) == pickle.dumps(facts)


SCANNED = """
import logging
import warnings

log = logging.getLogger(__name__)


def f(x):
    y = x + 1
    if y > 2:
        z = y * 2
    else:
        z = 0
    for i in range(z):
        y += i
    warnings.warn(f"y is {y}")
    return y


def g(x):
    a = x
    b = a
    log.error("bad %s",
              b)
"""


def test_only_statements_holding_a_flagged_line_are_scanned(monkeypatch: pytest.MonkeyPatch) -> None:
    """``scan_header`` runs for a statement one of whose lines may hold a warn or log call, not
    for every statement before the module's last such line; the calls are found as before."""
    scanned: list[int] = []
    real = ModuleVisitor.scan_header

    def counted(self: ModuleVisitor, stmt: ast.stmt, *rest: object) -> None:
        scanned.append(stmt.lineno)
        real(self, stmt, *rest)  # type: ignore[arg-type]

    monkeypatch.setattr(ModuleVisitor, "scan_header", counted)
    facts = extract_file("m.py", SCANNED.encode())
    assert sorted(scanned) == [3, 16, 23]  # (``import warnings`` holds a flagged word)
    assert sorted((s.kind, s.line) for s in facts.sites) == [("error", 16), ("log", 23), ("warning", 16)]


def test_the_join_walk_reads_only_the_calls_of_statements_reading_an_args(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``run()``'s statement reads no ``.args``: its call is never looked at."""
    looked: list[str] = []
    real = visitor._args_join

    def counted(call: ast.Call) -> tuple[str, ast.expr] | None:
        looked.append(ast.unparse(call.func))
        return real(call)

    monkeypatch.setattr(visitor, "_args_join", counted)
    assert len(_joins(_HANDLERS)) == 2
    assert sorted(looked) == ["' | '.join", "print", "sys.exit"]
