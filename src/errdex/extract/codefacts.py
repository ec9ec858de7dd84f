"""The code facts analysis needs, gathered from the tree the extractor already parsed.

Explaining an error needs more than its raise site: what each import in its file binds
(``tpu_core`` -> ``jax._src.pallas.mosaic.core``, imports inside functions included), every name
the file binds (a guard's ``scratch_type.memory_space`` is real code even though its type is
unknown), each class's bases and members (``MemorySpace.HBM`` resolves, ``MemorySpace.TPU_HBM``
does not), each function's definition and the calls it makes (the call graph, reversed, tells
which public functions reach a raise), and, in test files, each test function and what it calls
(a passing sibling test is the contrast to a failing one). Gathering them here, in the worker
that holds the tree, means nothing ever parses the file again.

The walk visits statements in order and expressions breadth-first, skipping the leaves that
cannot matter (contexts, operators, constants): calls and bindings are found in the same order
``ast.walk`` would find them, at a fraction of its cost. Everything recorded depends only on the
file's bytes (relative imports stay relative), so the store keeps it once per file content.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from errdex.astutil import docstring, dotted_name
from errdex.model import CallFact, ClassFact, CodeFacts, FunctionFact, ImportFact, TestFunctionFact

if not TYPE_CHECKING:  # the same classes, read without the stdlib module's slow path (astutil)
    from errdex.astutil import ast_nodes as ast

__all__ = ["code_facts", "defined_tests", "import_facts", "iter_nodes"]


# Fields that never hold a node worth visiting: names, flags, and the leaf singletons
# (expression contexts, operators) that ``ast.walk`` would visit to no effect.
_NOT_CHILDREN = frozenset({
    "ctx", "op", "ops", "id", "attr", "arg", "name", "names", "module", "level", "kind", "is_async",
    "conversion", "type_comment", "simple", "tag", "asname", "rest", "kwd_attrs", "str",
})  # fmt: skip
_LEAVES: frozenset[type] = frozenset({ast.Constant, ast.MatchSingleton, type(None)})


def _child_fields(t: type) -> tuple[str, ...]:
    if t in _LEAVES:
        return ()
    fields: tuple[str, ...] = t._fields  # type: ignore[attr-defined]
    # a type alias binds its name: the one node whose ``name`` is a node, not a string
    return tuple(f for f in fields if f not in _NOT_CHILDREN or (f == "name" and t.__name__ == "TypeAlias"))


def _node_types(base: type) -> Iterator[type]:
    sub: type
    for sub in base.__subclasses__():
        yield sub
        yield from _node_types(sub)


# node type -> the fields to descend into; filled for every node type up front so the hot loop
# indexes it directly (a type the running Python adds later is computed on first sight)
_CHILDREN: dict[type, tuple[str, ...]] = {t: _child_fields(t) for t in _node_types(ast.AST)}
_CHILDREN[type(None)] = ()


def _children_of(t: type) -> tuple[str, ...]:
    fields = _CHILDREN.get(t)
    if fields is None:
        fields = _CHILDREN[t] = _child_fields(t)
    return fields


_BLOCK, _HANDLERS, _CASES, _NODES = "block", "handlers", "cases", "nodes"
_PLANS: dict[type, tuple[tuple[str, str], ...]] = {}


def _plan(t: type) -> tuple[tuple[str, str], ...]:
    """How to walk a statement type's fields: nested blocks, handlers, match cases, expressions."""
    kinds = {"body": _BLOCK, "orelse": _BLOCK, "finalbody": _BLOCK, "handlers": _HANDLERS, "cases": _CASES}
    plan = tuple((f, kinds.get(f, _NODES)) for f in _children_of(t))
    _PLANS[t] = plan
    return plan


def iter_nodes(node: ast.AST) -> Iterator[ast.AST]:
    """The nodes under ``node`` (itself included) in ``ast.walk``'s order, minus the leaves that
    carry nothing (contexts, operators, constants)."""
    todo: list[ast.AST] = [node]  # the queue, read in order as it grows (see ``_Walker._walk``)
    push, extend, children = todo.append, todo.extend, _CHILDREN
    for n in todo:
        t = type(n)
        if t in _LEAVES:
            continue
        for f in children[t] if t in children else _children_of(t):
            v = getattr(n, f)
            if type(v) is list:
                extend(v)
            elif v is not None:
                push(v)
        yield n


def import_facts(stmt: ast.Import | ast.ImportFrom) -> list[ImportFact]:
    """(local name, target) pairs an import binds; relative targets stay relative (see ``ImportFact``)."""
    if isinstance(stmt, ast.Import):
        return [
            ImportFact(a.asname, a.name)
            if a.asname
            else ImportFact(a.name.partition(".")[0], a.name.partition(".")[0])
            for a in stmt.names
        ]
    out: list[ImportFact] = []
    for a in stmt.names:
        if a.name == "*":
            continue
        target = f"{stmt.module}.{a.name}" if stmt.module else a.name
        out.append(ImportFact(a.asname or a.name, target, stmt.level))
    return out


class _Func:
    __slots__ = ("calls", "fact")

    def __init__(self, fact: FunctionFact) -> None:
        self.fact = fact
        self.calls: list[tuple[str, int]] = []


class _Walker:
    """One pass over a module: imports, bindings, classes and members, functions and calls.

    A redefined function or class keeps its first position and takes its last definition,
    as a dict assignment does (a property's setter replaces its getter).
    """

    def __init__(self) -> None:
        self.imports: dict[tuple[str, str, int], None] = {}
        self.toplevel: set[str] = set()
        self.bound: set[str] = set()
        self.classes: dict[str, ClassFact] = {}
        self.members: dict[str, set[str]] = {}
        self.funcs: dict[str, _Func] = {}
        self.consts: dict[str, str] = {}
        self.refs: set[str] = set()  # names read as values, not called (``references``)

    def run(self, tree: ast.Module) -> CodeFacts:
        self._body(tree.body, "", None, None, True)
        for name, cls in self.classes.items():
            cls.members = sorted(self.members[name])
        # A bare name the file neither defines nor imports (``len``, ``ValueError``, a star
        # import's) can only lead outside the codebase: such calls are no edges of its graph.
        local = {q.rpartition(".")[2] for q in self.funcs} | {q for q in self.classes if "." not in q}
        local.update(local_name for local_name, _, _ in self.imports)
        calls: list[CallFact] = []
        for qual, f in self.funcs.items():
            seen: set[str] = set()
            for callee, line in f.calls:
                if callee not in seen and ("." in callee or callee in local):
                    seen.add(callee)  # the first call of each callee is the edge that counts
                    calls.append(CallFact(qual, callee, line))
        called = {c.callee.rpartition(".")[2] for c in calls}
        return CodeFacts(
            functions=[f.fact for f in self.funcs.values()],
            classes=list(self.classes.values()),
            imports=[ImportFact(local, target, level) for local, target, level in self.imports],
            calls=calls,
            toplevel=sorted(self.toplevel),
            bound=sorted(self.bound),
            consts=self.consts,
            references=self._references(called),
        )

    def _references(self, called: set[str]) -> list[str]:
        """The names read as values that may name a function: the file's own functions, and
        the names it imports but a class's (a capitalised name: ``except Error``,
        ``isinstance(x, Model)`` read a class without constructing it). A name also called by
        name is keyed as a call already. A callee that is an attribute of an expression
        (``super().load(...)``, no dotted name) reaches the walk as an attribute and counts here:
        no call key records it."""
        functions = {q.rpartition(".")[2] for q in self.funcs}
        imported = {local for local, _, _ in self.imports if not local[:1].isupper()}
        return sorted((self.refs & (functions | imported)) - called)

    def _body(self, body: list[ast.stmt], qual: str, func: _Func | None, cls: str | None, top: bool) -> None:
        """Each statement: a handler for the kinds that define or import names, else its fields.

        A statement of one expression (a call's, a return's: a third of them) has it walked
        here, without ``_fields``'s plan; a bare name or constant there binds and calls nothing.
        """
        handlers, single, inert = _STMT_HANDLERS, _SINGLE_VALUE, _INERT_VALUE
        for stmt in body:
            t = type(stmt)
            if t in single:
                v = stmt.value  # type: ignore[attr-defined]
                if type(v) not in inert:
                    self._walk(v, func, top, cls)
                elif type(v) is ast.Name:  # ``return wrapper``: a closure handed out
                    self.refs.add(v.id)
                continue
            handler = handlers.get(t)
            if handler is not None:
                handler(self, stmt, qual, func, cls, top)
                continue
            if t is ast.Assign and top and cls is None:
                self._const(stmt)  # type: ignore[arg-type]
            self._fields(stmt, qual, func, cls, top)

    def _fields(self, stmt: ast.stmt, qual: str, func: _Func | None, cls: str | None, top: bool) -> None:
        """The blocks, handlers, cases and expressions of a statement, in field order (``_scan``
        inlined for the expressions: a bare name or a constant needs no walk)."""
        t = type(stmt)
        name_t, const_t = ast.Name, ast.Constant
        # a name stored to in a function body (the common case: ``x = ...``, ``for i in``) joins
        # ``bound`` alone, as ``_bind`` would add it, without a method call per target
        bind = self.bound.add if cls is None and not top else None
        for name, kind in _PLANS[t] if t in _PLANS else _plan(t):
            value = getattr(stmt, name)
            if kind is _BLOCK:
                self._body(value, qual, func, cls, top)
            elif kind is _HANDLERS:
                self._handlers(value, qual, func, cls, top)
            elif kind is _CASES:
                self._cases(value, qual, func, cls, top)
            else:
                for v in value if type(value) is list else (value,):
                    tv = type(v)
                    if tv is name_t:
                        if type(v.ctx) is not ast.Store:  # ``__setattr__ = _frozen_setattrs``
                            self.refs.add(v.id)
                        elif bind is not None:
                            bind(v.id)
                        else:
                            self._bind(v.id, top, cls)
                    elif tv is not const_t and v is not None:
                        self._walk(v, func, top, cls)

    def _handlers(
        self, handlers: list[ast.ExceptHandler], qual: str, func: _Func | None, cls: str | None, top: bool
    ) -> None:
        for h in handlers:
            if h.name:
                self._bind(h.name, top, cls)
            if h.type is not None:
                self._scan(h.type, func, top, cls)
            self._body(h.body, qual, func, cls, top)

    def _cases(
        self, cases: list[ast.match_case], qual: str, func: _Func | None, cls: str | None, top: bool
    ) -> None:
        for case in cases:
            self._scan(case.pattern, func, top, cls)
            if case.guard is not None:
                self._scan(case.guard, func, top, cls)
            self._body(case.body, qual, func, cls, top)

    def _import(
        self, stmt: ast.Import | ast.ImportFrom, qual: str, func: _Func | None, cls: str | None, top: bool
    ) -> None:
        for imp in import_facts(stmt):
            self.imports[(imp.local, imp.target, imp.level)] = None
            if cls is not None:
                self.members[cls].add(imp.local)
            elif top:
                self.toplevel.add(imp.local)  # not ``bound``: that set is for non-import names

    def _scope_names(
        self, stmt: ast.Global | ast.Nonlocal, qual: str, func: _Func | None, cls: str | None, top: bool
    ) -> None:
        self.bound.update(stmt.names)

    def _const(self, stmt: ast.Assign) -> None:
        """``NAME = some.dotted.path`` at module level: an alias later code may spell names with."""
        if len(stmt.targets) != 1:
            return
        lhs, value = stmt.targets[0], dotted_name(stmt.value)
        if isinstance(lhs, ast.Name) and value and "." in value:
            self.consts[lhs.id] = value

    def _class(self, stmt: ast.ClassDef, qual: str, func: _Func | None, cls: str | None, top: bool) -> None:
        name = f"{qual}{stmt.name}"
        self._bind(stmt.name, top, cls)
        end = stmt.end_lineno or stmt.lineno
        # a base spelled as a name or a dotted path (nearly all) is its own text, as ``ast.unparse``
        # writes it (each call of which builds an unparser: ~20k instructions for a bare name)
        bases = [dotted_name(b) or ast.unparse(b) for b in stmt.bases]
        if func is None and self.consts:
            # ``BaseError = errors.DistutilsError`` above it: a base named so is that class, as
            # this file spells it (readers relate classes by their last name; ``baseerror`` is none)
            bases = [self.consts.get(b, b) for b in bases]
        self.classes[name] = ClassFact(name, stmt.lineno, end, bases)
        self.members[name] = set()
        if func is not None:  # bases are evaluated in the enclosing function
            for b in stmt.bases:
                self._scan(b, func, False, None)
        self._body(stmt.body, f"{name}.", func, name, top=False)

    def _function(
        self,
        stmt: ast.FunctionDef | ast.AsyncFunctionDef,
        qual: str,
        func: _Func | None,
        cls: str | None,
        top: bool,
    ) -> None:
        name = f"{qual}{stmt.name}"
        self._bind(stmt.name, top, cls)
        a = stmt.args
        # one list of the parameters in signature order (``*args`` and ``**kwargs`` last), read
        # by a comprehension: two generators and a tuple joined per function were ~1/40 of the walk
        args = [*a.posonlyargs, *a.args, *a.kwonlyargs]
        if a.vararg is not None:
            args.append(a.vararg)
        if a.kwarg is not None:
            args.append(a.kwarg)
        params = tuple([p.arg for p in args])
        self.bound.update(params)
        end = stmt.end_lineno or stmt.lineno
        f = _Func(FunctionFact(name, stmt.lineno, end, cls, params, docstring(stmt)))
        self.funcs[name] = f
        if func is not None:  # decorators run in the enclosing function
            for d in stmt.decorator_list:
                self._scan(d, func, False, None)
        self._body(stmt.body, f"{name}.<locals>.", f, None, False)

    def _scan(self, node: ast.AST, func: _Func | None, top: bool, cls: str | None) -> None:
        """Names bound and calls made inside an expression (or a with item / match pattern).

        ``iter_nodes`` inlined: this loop runs for every node of every function body.
        """
        root = type(node)
        if root is ast.Name:  # most fields hold a bare name or a constant: no queue for those
            if type(node.ctx) is ast.Store:  # type: ignore[attr-defined]
                self._bind(node.id, top, cls)  # type: ignore[attr-defined]
            else:
                self.refs.add(node.id)  # type: ignore[attr-defined]
        elif root is not ast.Constant:
            self._walk(node, func, top, cls)

    def _walk(self, node: ast.AST, func: _Func | None, top: bool, cls: str | None) -> None:
        """``_scan`` of a compound expression: breadth first, ``iter_nodes`` inlined.

        A subtree that can hold no call and no binding is not queued at all: a callee spelled
        as a dotted path, an attribute of a bare name. Leaving those out keeps the rest in
        ``ast.walk``'s order, which is what fixes a callee's first call; they were about a
        third of the nodes queued. The commonest nodes are tested first (names, calls,
        constants: four in five), and a callee's dotted name is read in the loop itself: this
        loop runs for every node of every function body.
        """
        calls = func.calls if func is not None else None
        # in a function body (the common case) a binding joins ``bound`` alone: no method call
        bind = self.bound.add if cls is None and not top else lambda name: self._bind(name, top, cls)
        # every name and attribute reached here is read (or assigned) as a value: a callee is
        # recorded by ``_queue_call`` and never queued
        ref = self.refs.add
        name_t, store_t, call_t, attr_t, kw_t = ast.Name, ast.Store, ast.Call, ast.Attribute, ast.keyword
        leaves, children = _LEAVES, _CHILDREN
        # a list read in order while it grows is the queue: the loop takes the nodes appended
        # during it, first in first out, with no call per node to take one
        todo: list[Any] = [node]
        push, extend = todo.append, todo.extend
        for n in todo:
            t = type(n)
            if t is name_t:
                if type(n.ctx) is store_t:
                    bind(n.id)
                else:
                    ref(n.id)
                continue
            if t is call_t:
                _queue_call(n, calls, push)
                extend(n.args)
                extend(n.keywords)
                continue
            if t in leaves:  # constants above all
                continue
            if t is attr_t or t is kw_t:  # one child; an attribute's base name is only read
                v = w = n.value
                while type(w) is attr_t:
                    w = w.value
                if type(w) is not name_t:  # a dotted path holds nothing to walk
                    push(v)
                # an attribute's name (``self._load`` held, ``obj.prop = v`` run by a setter),
                # a keyword's dotted value (``key=self._f``)
                ref(n.attr if t is attr_t else _last_name(v))
                continue
            if t in _PARAMS:  # a lambda's parameter, a match pattern's capture
                _bind_param(n, self.bound)
            fields = children.get(t)
            for f in fields if fields is not None else _children_of(t):
                v = getattr(n, f)
                tv = type(v)
                if tv is list:
                    extend(v)
                elif tv is name_t:  # a leaf, and the commonest child: no need to queue it
                    if type(v.ctx) is store_t:
                        bind(v.id)
                    else:
                        ref(v.id)
                elif v is not None:
                    push(v)

    def _bind(self, name: str, top: bool, cls: str | None) -> None:
        self.bound.add(name)
        if cls is not None:
            self.members[cls].add(name)
        elif top:
            self.toplevel.add(name)


_PARAMS: frozenset[type] = frozenset({ast.arg, ast.MatchAs, ast.MatchStar})


def _bind_param(node: Any, bound: set[str]) -> None:
    """The name a parameter or a match capture binds (a bare ``_`` or ``*_`` capture binds none)."""
    name = node.arg if type(node) is ast.arg else node.name
    if name:
        bound.add(name)


def _last_name(value: Any) -> str:
    """A name's or an attribute's last name; "" for any other expression."""
    t = type(value)
    return value.id if t is ast.Name else value.attr if t is ast.Attribute else ""


def _queue_call(node: ast.Call, calls: list[tuple[str, int]] | None, push: Callable[[ast.AST], None]) -> None:
    """A call's callee: recorded (with the call's line) when spelled as a name or a dotted
    path, which then holds nothing more to walk; any other callee expression is queued."""
    fn: Any = node.func
    tf = type(fn)
    if tf is ast.Name:
        if calls is not None:
            calls.append((fn.id, node.lineno))
        return
    if tf is not ast.Attribute:
        push(fn)
        return
    callee = dotted_name(fn)
    if callee is None:
        push(fn)
    elif calls is not None:
        calls.append((callee, node.lineno))


# Statements whose one field is an expression (``value``, None for a bare ``return``), and the
# values of those that hold no call and no binding (a ``Name`` there is only read).
_SINGLE_VALUE: frozenset[type] = frozenset({ast.Expr, ast.Return})
_INERT_VALUE: frozenset[type] = frozenset({ast.Name, ast.Constant, type(None)})

# The statements that define or import names, one handler each; every other statement is
# walked field by field (``_Walker._fields``).
_STMT_HANDLERS: dict[type, Callable[..., None]] = {
    ast.FunctionDef: _Walker._function,
    ast.AsyncFunctionDef: _Walker._function,
    ast.ClassDef: _Walker._class,
    ast.Import: _Walker._import,
    ast.ImportFrom: _Walker._import,
    ast.Global: _Walker._scope_names,
    ast.Nonlocal: _Walker._scope_names,
}


def code_facts(tree: ast.Module) -> CodeFacts:
    """Definitions, imports, calls, bound names and test functions of one parsed file."""
    facts = _Walker().run(tree)
    facts.tests = defined_tests(tree)
    return facts


# ---------------------------------------------------------------------------- test functions

# Calls that express an expectation (or test plumbing) rather than the code under test.
EXPECTING = frozenset({
    "raises", "warns", "deprecated_call", "assertRaises", "assertRaisesRegex", "assertWarns",
    "assertWarnsRegex", "assert_raises", "assert_raises_regex", "assert_warns", "assert_raise_message",
    "assert_warns_message",
})  # fmt: skip
PLUMBING = frozenset({
    "approx", "parametrize", "fixture", "mark", "len", "print", "range", "list", "dict", "set", "str",
    "int", "float", "tuple", "isinstance", "type", "repr", "sorted", "zip", "enumerate", "getattr",
})  # fmt: skip


def defined_tests(tree: ast.Module) -> list[TestFunctionFact]:
    """Each test function a collector would run (``test*``, inside ``Test*`` classes too)."""
    found: list[TestFunctionFact] = []
    _visit_tests(tree.body, "", found)
    return found


def _visit_tests(body: list[ast.stmt], prefix: str, found: list[TestFunctionFact]) -> None:
    # a module function, not a closure calling itself: that closure was a reference cycle
    # per file, left for the cyclic collector
    for node in body:
        # exact type tests (``astutil._LEAF_VALUES``): no generic ``__class__`` read per statement
        if type(node) is ast.ClassDef and node.name.startswith("Test"):
            _visit_tests(node.body, f"{prefix}{node.name}.", found)
        elif (type(node) is ast.FunctionDef or type(node) is ast.AsyncFunctionDef) and node.name.startswith(
            "test"
        ):
            at = _calls_named(node)
            calls = {name for _, name in at}
            subject = sorted(c for c in calls - EXPECTING - PLUMBING if not c.startswith("assert"))
            start = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            end = node.end_lineno or node.lineno
            found.append(
                TestFunctionFact(prefix + node.name, start, end, subject, bool(calls & EXPECTING), at)
            )


def _calls_named(node: ast.AST) -> list[tuple[int, str]]:
    """(line, callee's last name) of each call under ``node`` whose callee is a name or an
    attribute, in ``ast.walk``'s order.

    ``iter_nodes`` inlined, and a subtree that can hold no call is not queued (a name, a
    constant, an attribute of a bare name or of such an attribute): leaving a whole subtree out
    of a breadth-first queue keeps every other node in its place, so the calls come in the
    order the full walk finds them. This walk runs over every node of every test function.
    """
    at: list[tuple[int, str]] = []
    call_t, name_t, attr_t = ast.Call, ast.Name, ast.Attribute
    leaves, children = _LEAVES, _CHILDREN
    todo: list[Any] = [node]  # the queue, read in order as it grows (see ``_Walker._walk``)
    push, extend = todo.append, todo.extend
    for n in todo:
        t = type(n)
        if t is name_t or t in leaves:
            continue
        if t is call_t:
            f = n.func
            tf = type(f)
            name = f.attr if tf is attr_t else f.id if tf is name_t else ""
            if name:
                at.append((n.lineno, name))
        elif t is attr_t:
            w = n.value
            while type(w) is attr_t:
                w = w.value
            if type(w) is name_t:  # a dotted path holds no call
                continue
        fields = children.get(t)
        for fld in fields if fields is not None else _children_of(t):
            v = getattr(n, fld)
            tv = type(v)
            if tv is list:
                extend(v)
            elif tv is not name_t and tv not in leaves:  # (``None`` is a leaf)
                push(v)
    return at


# The type tuples of this module's ``isinstance`` tests, made once: ``isinstance(x, A | B)``
# builds a new union object each time it runs (~0.4 us; the extractor runs such tests ~500k
# times while jax 0.10.2 is extracted), where a tuple made once answers the same.
_T_FUNCTIONDEF_ASYNCFUNCTIONDEF = (ast.FunctionDef, ast.AsyncFunctionDef)
