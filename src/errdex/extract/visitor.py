"""The single walk over one module: sites, guards, qualnames, message values and module facts.

Why one flow-sensitive statement walk instead of several ``ast.walk`` passes: the message of a
``raise`` often lives in a variable assigned (and ``+=``-extended, or appended to a list) earlier
in the same function, possibly differently in two branches. Walking statements in order with an
environment that is copied at branches and merged after them gives every site the set of message
variants reaching it, its guard chain (the stack of enclosing conditions) and its qualified name,
all in one pass, while parsing remains the dominant cost.

Expressions are only descended into where they matter: message arguments, assignments that look
like strings, and statements on lines that mention ``warn``/``log``/``lambda`` (found by a cheap
text scan), which is what keeps extraction within ~2x of a bare ``ast.parse``.

Anything defined outside the current function is referenced symbolically (``templates.Ref``) and
resolved by ``resolve.py`` once every module's facts are known.
"""

from __future__ import annotations

import ast
import builtins
import re
from bisect import bisect_left
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from errdex.astutil import dotted_name as _dotted
from errdex.extract.facts import ClassInfo, ExcSpec, FuncInfo, ModuleFacts, Site
from errdex.extract.symbols import import_base, import_bindings
from errdex.extract.templates import (
    EMPTY,
    Arg,
    Ph,
    Ref,
    Value,
    apply_format,
    apply_percent,
    as_repr,
    concat,
    has_literal,
    join_values,
    lit,
    ph,
    strip_tail,
    union,
    value_has_literal,
)
from errdex.model import Kind

BUILTIN_NAMES = frozenset(dir(builtins))

LOG_METHODS = {
    "warning": "WARNING",
    "warn": "WARNING",
    "error": "ERROR",
    "exception": "EXCEPTION",
    "critical": "CRITICAL",
    "fatal": "CRITICAL",
}
LOG_LEVEL_NAMES = {
    "WARNING": "WARNING",
    "WARN": "WARNING",
    "ERROR": "ERROR",
    "CRITICAL": "CRITICAL",
    "FATAL": "CRITICAL",
}
LOG_LEVEL_NUMBERS = {30: "WARNING", 40: "ERROR", 50: "CRITICAL"}
# gettext-style translation calls return their (source-language) message argument(s): which
# positional arguments are message text, for each spelling libraries use
GETTEXT_ARGS: dict[str, tuple[int, ...]] = {
    **dict.fromkeys(
        ("_", "__", "_l", "_lazy", "N_", "gettext", "ugettext", "gettext_lazy", "ugettext_lazy",
         "lazy_gettext", "gettext_noop", "ugettext_noop"),
        (0,),
    ),
    **dict.fromkeys(("ngettext", "ungettext", "ngettext_lazy", "ungettext_lazy", "lazy_ngettext"), (0, 1)),
    **dict.fromkeys(("pgettext", "pgettext_lazy", "dgettext"), (1,)),
    **dict.fromkeys(("npgettext", "npgettext_lazy", "dngettext"), (1, 2)),
}  # fmt: skip

NOT_WARN_CALLS = frozenset(
    {"simplefilter", "filterwarnings", "resetwarnings", "catch_warnings", "showwarning", "formatwarning"}
)
EXC_SUFFIXES = ("Error", "Exception", "Warning", "Exit", "Interrupt", "Failure")
_VERSION_RE = re.compile(r"^\d+(\.\d+)*$")
# Lines that may hold a warn/log call or a lambda; only statements touching them are searched.
_FLAG_RE = re.compile(r"warn|\.(?:error|exception|critical|fatal|log)\s*\(|lambda", re.IGNORECASE)

WINDOW_MAX = 200
WINDOW_CLAMP = 60
MODULE_WINDOW = 20
COMMENT_LOOKBACK = 12


class ListVal:
    """A list of message pieces built with literals/``append``: ``"".join`` turns it into text."""

    __slots__ = ("items",)

    def __init__(self, items: tuple[Value, ...]) -> None:
        self.items = items


class FmtVal:
    """A bound ``"...".format`` method stored in a variable, called later."""

    __slots__ = ("value",)

    def __init__(self, value: Value) -> None:
        self.value = value


class ExcVal:
    """An exception instance stored in a variable (``err = ValueError(...)``; ``raise err``)."""

    __slots__ = ("spec",)

    def __init__(self, spec: ExcSpec) -> None:
        self.spec = spec


class DictVal:
    """A dict (literal or comprehension) of messages: ``MESSAGES[key]`` is any of its values."""

    __slots__ = ("value",)

    def __init__(self, value: Value) -> None:
        self.value = value


EnvVal = Value | ListVal | FmtVal | ExcVal | DictVal | None
Env = dict[str, EnvVal]
Guard = tuple[str, ast.AST]
# A statement handler: (statement, environment, frame, guard stack); each takes its own node type.
Handler = Callable[[Any, "Env", "Frame", list[Guard]], None]
# A message evaluator: (expression, environment, frame) -> its value, None when unknown.
Evaluator = Callable[[Any, "Env", "Frame"], "Value | None"]
_DEFINITIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
_MISSING = object()


@dataclass(slots=True, eq=False)
class Frame:
    """One function (or the module, or a class body) being walked."""

    kind: str  # "module" | "class" | "function"
    qualname: str
    key: str  # dotted key: module + "." + qualname
    parent: Frame | None = None
    node: ast.AST | None = None
    class_key: str | None = None  # methods: the class they belong to
    self_name: str | None = None
    is_init: bool = False
    local_funcs: dict[str, str] = field(default_factory=dict)
    caught: dict[str, str] = field(default_factory=dict)
    returns: list[Value] = field(default_factory=list)
    exc_return: ExcSpec | None = None
    raise_spec: ExcSpec | None = None  # what the body's final unconditional ``raise`` raises
    opaque_return: bool = False  # some ``return`` gives a value with no known text
    param_types: dict[str, str] = field(default_factory=dict)  # parameter -> annotated class, as written
    super_msg: Value | None = None
    self_values: dict[str, Value] = field(default_factory=dict)
    props: frozenset[str] = frozenset()  # a class body: its methods decorated as properties
    start: int = 1
    end: int = 1
    doc_done: bool = False
    doc: str | None = None


_REWRAP = frozenset({"dedent", "cleandoc", "fill"})  # textwrap/inspect: whitespace changes only


def _is_rewrap(call: ast.Call) -> bool:
    """``textwrap.dedent(text)`` and kin: the text itself, up to whitespace."""
    f = call.func
    if not call.args or isinstance(call.args[0], ast.Starred):
        return False
    if isinstance(f, ast.Attribute):
        return f.attr in _REWRAP and isinstance(f.value, ast.Name) and f.value.id in ("textwrap", "inspect")
    return isinstance(f, ast.Name) and f.id in ("dedent", "cleandoc")


def _unparse(node: ast.AST) -> str:
    try:
        text = ast.unparse(node)
    except (RecursionError, ValueError):  # pragma: no cover - absurdly deep expressions
        return "..."
    return text if len(text) <= 200 else text[:197] + "..."


def _last_name(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Call):
        return _last_name(node.func)
    return ""


def _comment_in(line: str) -> str | None:
    """Text of the ``#`` comment on a source line, skipping ``#`` inside string literals."""
    stripped = line.lstrip()
    if stripped.startswith("#"):
        return stripped[1:].strip()
    quote = ""
    i = 0
    n = len(line)
    while i < n:
        c = line[i]
        if quote:
            if c == "\\":
                i += 2
                continue
            if line.startswith(quote, i):
                i += len(quote)
                quote = ""
                continue
        elif c in "'\"":
            quote = line[i : i + 3] if line[i : i + 3] in ("'''", '"""') else c
            i += len(quote)
            continue
        elif c == "#":
            return line[i + 1 :].strip()
        i += 1
    return None


class ModuleVisitor:
    """Walks one module (or the parseable pieces of one) and fills a ``ModuleFacts``."""

    def __init__(self, facts: ModuleFacts, is_package: bool, text: str, want_sites: bool) -> None:
        self.facts = facts
        self.module = facts.module
        self.is_package = is_package
        self.lines = text.split("\n")
        self.want_sites = want_sites
        self.imports: dict[str, str] = {}
        self.top: set[str] = set()
        search = _FLAG_RE.search
        self.flag: list[int] = (
            [i for i, line in enumerate(self.lines, 1) if search(line)] if want_sites else []
        )
        self.comment_cache: dict[int, str | None] = {}
        self.src_cache: dict[int, str] = {}
        self.guard_cache: dict[tuple[str, int], str] = {}
        self.module_frame = Frame("module", "<module>", self.module)
        self.self_values: dict[str, dict[str, Value]] = {}  # class key -> attrs __init__ sets
        self.handlers: dict[type[ast.stmt], Handler] = {
            ast.Assign: self.on_assign_stmt,
            ast.Expr: self.on_expr_stmt,
            ast.If: self.on_if,
            ast.Raise: self.on_raise,
            ast.Return: self.on_return_stmt,
            ast.AugAssign: self.on_augassign_stmt,
            ast.AnnAssign: self.on_annassign,
            ast.FunctionDef: self.on_function,
            ast.AsyncFunctionDef: self.on_function,
            ast.ClassDef: self.on_class,
            ast.For: self.on_for,
            ast.AsyncFor: self.on_for,
            ast.While: self.on_while,
            ast.Try: self.on_try,
            ast.TryStar: self.on_try,
            ast.With: self.on_with,
            ast.AsyncWith: self.on_with,
            ast.Assert: self.on_assert,
            ast.Match: self.on_match,
            ast.Import: self.on_import,
            ast.ImportFrom: self.on_import,
        }
        # message evaluators by expression type; None from one means "no text known here"
        self.evaluators: dict[type[ast.expr], Evaluator] = {
            ast.Constant: self.msg_constant,
            ast.JoinedStr: self.eval_fstring,
            ast.Name: self.msg_name,
            ast.BinOp: self.msg_binop,
            ast.Call: self.eval_call,
            ast.Attribute: self.msg_attribute,
            ast.IfExp: self.msg_ifexp,
            ast.Subscript: self.msg_subscript,
        }

    # ------------------------------------------------------------ entry points

    def run(self, body: Sequence[ast.stmt]) -> None:
        """Walk a whole module body."""
        self.prepass(body)
        env: Env = {}
        self.walk_block(body, env, self.module_frame, [])
        self.finish_module(env)

    def run_pieces(self, pieces: Sequence[tuple[Sequence[ast.stmt], tuple[str, ...]]]) -> None:
        """Walk independently parsed pieces of a module (tree-sitter fallback).

        Class-body pieces carry the names of their enclosing classes so methods still get
        ``Class.method`` qualnames and ``self.helper()`` lookups.
        """
        for stmts, _ in pieces:
            self.prepass(stmts)
        env: Env = {}
        class_frames: dict[tuple[str, ...], Frame] = {}
        for stmts, path in pieces:
            if not path:
                self.walk_block(stmts, env, self.module_frame, [])
                continue
            frame = class_frames.get(path)
            if frame is None:
                qual = ".".join(path)
                frame = Frame(
                    "class",
                    qual,
                    f"{self.module}.{qual}",
                    self.module_frame,
                    class_key=f"{self.module}.{qual}",
                )
                class_frames[path] = frame
                self.facts.classes.setdefault(frame.key, ClassInfo([], []))
                self.facts.symbols.add(frame.key)
            self.walk_block(stmts, {}, frame, [])
            info = self.facts.classes[frame.key]
            for stmt in stmts:
                if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef):
                    info.methods.add(stmt.name)
        self.finish_module(env)

    def prepass(self, body: Sequence[ast.stmt]) -> None:
        """Module-level names and imports, so functions can reference things defined later."""
        for stmt in body:
            if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                self.top.add(stmt.name)
            elif isinstance(stmt, ast.Assign):
                for t in stmt.targets:
                    self._top_targets(t)
            elif isinstance(stmt, ast.AnnAssign | ast.AugAssign):
                self._top_targets(stmt.target)
            elif isinstance(stmt, ast.Import | ast.ImportFrom):
                self.add_import(stmt, module_level=True)
            elif isinstance(stmt, ast.If | ast.Try | ast.With):
                for block in self._sub_blocks(stmt):
                    self.prepass(block)

    @staticmethod
    def _sub_blocks(stmt: ast.stmt) -> list[list[ast.stmt]]:
        blocks: list[list[ast.stmt]] = []
        for name in ("body", "orelse", "finalbody"):
            b = getattr(stmt, name, None)
            if b:
                blocks.append(b)
        for h in getattr(stmt, "handlers", ()):
            blocks.append(h.body)
        return blocks

    def _top_targets(self, t: ast.expr) -> None:
        if isinstance(t, ast.Name):
            self.top.add(t.id)
            self.facts.symbols.add(f"{self.module}.{t.id}")
        elif isinstance(t, ast.Tuple | ast.List):
            for e in t.elts:
                self._top_targets(e)

    def add_import(self, stmt: ast.Import | ast.ImportFrom, module_level: bool) -> None:
        if isinstance(stmt, ast.ImportFrom) and any(a.name == "*" for a in stmt.names):
            base = import_base(self.module, self.is_package, stmt)
            if base and base not in self.facts.stars:
                self.facts.stars.append(base)
        for local, target in import_bindings(self.module, self.is_package, stmt):
            self.imports.setdefault(local, target)
            if module_level:
                self.facts.aliases[f"{self.module}.{local}"] = target
                self.facts.symbols.add(f"{self.module}.{local}")

    def finish_module(self, env: Env) -> None:
        for name, val in env.items():
            if isinstance(val, tuple) and value_has_literal(val):
                self.facts.consts[f"{self.module}.{name}"] = val
            elif isinstance(val, DictVal):
                self.facts.consts[f"{self.module}.{name}[]"] = val.value

    # ------------------------------------------------------------ statements

    def walk_block(self, stmts: Sequence[ast.stmt], env: Env, frame: Frame, guards: list[Guard]) -> None:
        for stmt in stmts:
            self.walk_stmt(stmt, env, frame, guards)

    def walk_stmt(self, stmt: ast.stmt, env: Env, frame: Frame, guards: list[Guard]) -> None:
        """One statement: its own expressions searched for warn/log calls, then its handler.

        One short handler per statement type, found in a table (the pyflakes pattern): a
        statement type without a handler (``pass``, ``global``, ``del``...) changes nothing
        the extraction tracks.
        """
        t = type(stmt)
        if self.want_sites and t not in _DEFINITIONS:
            self.scan_header(stmt, env, frame, guards)
        handler = self.handlers.get(t)
        if handler is not None:
            handler(stmt, env, frame, guards)

    def on_assign_stmt(self, stmt: ast.Assign, env: Env, frame: Frame, guards: list[Guard]) -> None:
        self.on_assign(stmt, env, frame)

    def on_expr_stmt(self, stmt: ast.Expr, env: Env, frame: Frame, guards: list[Guard]) -> None:
        self.on_expr(stmt.value, env, frame)
        if self.want_sites and type(stmt.value) is ast.Call:
            self.raiser_call(stmt, env, frame, guards)

    def on_if(self, stmt: ast.If, env: Env, frame: Frame, guards: list[Guard]) -> None:
        self.two_ways(env, frame, guards, ("if", stmt.test), stmt.body, stmt.orelse, ("not", stmt.test))

    def two_ways(
        self,
        env: Env,
        frame: Frame,
        guards: list[Guard],
        guard: Guard,
        body: Sequence[ast.stmt],
        orelse: Sequence[ast.stmt],
        else_guard: Guard | None = None,
        target: ast.expr | None = None,
    ) -> None:
        """A body walked under its guard, and the alternative (``else``, or the loop not
        entered): each in its own copy of the environment, merged after."""
        e1 = dict(env)
        if target is not None:
            self.kill_targets(target, e1)
        guards.append(guard)
        self.walk_block(body, e1, frame, guards)
        guards.pop()
        e2 = dict(env)
        if orelse:
            if else_guard is not None:
                guards.append(else_guard)
            self.walk_block(orelse, e2, frame, guards)
            if else_guard is not None:
                guards.pop()
        self.merge_into(env, e1, e2)

    def on_raise(self, stmt: ast.Raise, env: Env, frame: Frame, guards: list[Guard]) -> None:
        final = (
            frame.kind == "function"
            and isinstance(frame.node, ast.FunctionDef | ast.AsyncFunctionDef)
            and frame.node.body[-1] is stmt
            and isinstance(stmt.exc, ast.Call)
        )
        if stmt.exc is None or not (self.want_sites or final):
            return
        # raise (A("x") if cond else B("y")): either exception, each its own site
        for exc in _branches(stmt.exc):
            spec = self.exc_spec(exc, env, frame)
            if spec is not None:
                if final and spec.helper is None and exc is stmt.exc:
                    frame.raise_spec = spec
                self.add_site("error", spec, stmt, frame, guards, None)

    def on_return_stmt(self, stmt: ast.Return, env: Env, frame: Frame, guards: list[Guard]) -> None:
        if stmt.value is not None and frame.kind == "function":
            self.on_return(stmt.value, env, frame)

    def on_augassign_stmt(self, stmt: ast.AugAssign, env: Env, frame: Frame, guards: list[Guard]) -> None:
        self.on_augassign(stmt, env, frame)

    def on_annassign(self, stmt: ast.AnnAssign, env: Env, frame: Frame, guards: list[Guard]) -> None:
        if stmt.value is not None:
            self.assign_target(stmt.target, stmt.value, env, frame)
        elif frame.kind == "class" and isinstance(stmt.target, ast.Name):
            self.facts.symbols.add(f"{frame.key}.{stmt.target.id}")

    def on_function(
        self, stmt: ast.FunctionDef | ast.AsyncFunctionDef, env: Env, frame: Frame, guards: list[Guard]
    ) -> None:
        self.walk_function(stmt, env, frame)

    def on_class(self, stmt: ast.ClassDef, env: Env, frame: Frame, guards: list[Guard]) -> None:
        self.walk_class(stmt, frame)

    def on_for(self, stmt: ast.For | ast.AsyncFor, env: Env, frame: Frame, guards: list[Guard]) -> None:
        self.two_ways(env, frame, guards, ("for", stmt), stmt.body, stmt.orelse, target=stmt.target)

    def on_while(self, stmt: ast.While, env: Env, frame: Frame, guards: list[Guard]) -> None:
        self.two_ways(env, frame, guards, ("while", stmt.test), stmt.body, stmt.orelse)

    def on_with(self, stmt: ast.With | ast.AsyncWith, env: Env, frame: Frame, guards: list[Guard]) -> None:
        for item in stmt.items:
            if item.optional_vars is not None:
                self.kill_targets(item.optional_vars, env)
        guards.append(("with", stmt))
        self.walk_block(stmt.body, env, frame, guards)
        guards.pop()

    def on_assert(self, stmt: ast.Assert, env: Env, frame: Frame, guards: list[Guard]) -> None:
        if stmt.msg is not None and self.want_sites:
            spec = ExcSpec("AssertionError", "builtins.AssertionError", self.eval_msg(stmt.msg, env, frame))
            self.add_site("assertion", spec, stmt, frame, guards, None)

    def on_match(self, stmt: ast.Match, env: Env, frame: Frame, guards: list[Guard]) -> None:
        branches = []
        for case in stmt.cases:
            e = dict(env)
            guards.append(("case", case))
            self.walk_block(case.body, e, frame, guards)
            guards.pop()
            branches.append(e)
        self.merge_into(env, dict(env), *branches)

    def on_import(
        self, stmt: ast.Import | ast.ImportFrom, env: Env, frame: Frame, guards: list[Guard]
    ) -> None:
        self.add_import(stmt, module_level=frame.kind == "module")
        for local, _ in import_bindings(self.module, self.is_package, stmt):
            env.pop(local, None)

    def on_try(self, stmt: ast.Try | ast.TryStar, env: Env, frame: Frame, guards: list[Guard]) -> None:
        pre = dict(env)
        self.walk_block(stmt.body, env, frame, guards)
        branches = []
        for h in stmt.handlers:
            e = dict(env)
            self.merge_into(e, pre, dict(env))
            guards.append(("except", h))
            previous = frame.caught.get(h.name) if h.name else None
            if h.name:
                frame.caught[h.name] = _dotted(h.type) or "" if h.type is not None else ""
                e.pop(h.name, None)
            self.walk_block(h.body, e, frame, guards)
            if h.name:
                if previous is None:
                    frame.caught.pop(h.name, None)
                else:
                    frame.caught[h.name] = previous
            guards.pop()
            branches.append(e)
        self.walk_block(stmt.orelse, env, frame, guards)
        if branches:
            self.merge_into(env, dict(env), *branches)
        self.walk_block(stmt.finalbody, env, frame, guards)

    @staticmethod
    def merge_into(env: Env, *branches: Env) -> None:
        """Join branch environments: a name may hold any of the values it got in any branch.

        Branches start as copies of ``env``, so only names whose value object changed in some
        branch need work; that keeps merging cheap in long functions with many variables.
        """
        changed: dict[str, None] = {}
        for b in branches:
            for k, v in b.items():
                if env.get(k, _MISSING) is not v:
                    changed[k] = None
        for k in changed:
            vals = [b[k] for b in branches if k in b]
            first = vals[0]
            if all(v is first for v in vals):
                env[k] = first
            elif all(isinstance(v, tuple) for v in vals):
                env[k] = union(*vals)  # type: ignore[arg-type]
            elif all(isinstance(v, ListVal) for v in vals):
                items: list[Value] = []
                for v in vals:
                    assert isinstance(v, ListVal)
                    items.extend(i for i in v.items if i not in items)
                env[k] = ListVal(tuple(items))
            else:
                # A string in some branches, unknown in others: the unknown case is a placeholder.
                strs = [v if isinstance(v, tuple) else ph(k) for v in vals]
                env[k] = union(*strs) if any(isinstance(v, tuple) for v in vals) else None

    @staticmethod
    def kill_targets(target: ast.expr, env: Env) -> None:
        if isinstance(target, ast.Name):
            env[target.id] = None
        elif isinstance(target, ast.Tuple | ast.List):
            for e in target.elts:
                ModuleVisitor.kill_targets(e, env)
        elif isinstance(target, ast.Starred):
            ModuleVisitor.kill_targets(target.value, env)

    # ------------------------------------------------------------ assignments

    def on_assign(self, stmt: ast.Assign, env: Env, frame: Frame) -> None:
        for target in stmt.targets:
            self.assign_target(target, stmt.value, env, frame)

    def assign_target(self, target: ast.expr, value: ast.expr, env: Env, frame: Frame) -> None:
        if isinstance(target, ast.Name) and isinstance(value, ast.Lambda):
            self.assign_lambda(target.id, value, env, frame)
        elif isinstance(target, ast.Name):
            env[target.id] = self.eval_assigned(value, env, frame)
            if frame.parent is None and isinstance(value, ast.Call):
                # ``fail = _Fail()``: calling the module-level instance calls its class's __call__
                dotted = _dotted(value.func)
                if dotted is not None and dotted.rpartition(".")[2].lstrip("_")[:1].isupper():
                    ck = self.dotted_key(dotted, frame)
                    if ck is not None:
                        self.facts.instances[f"{self.module}.{target.id}"] = ck
            if frame.kind == "class":
                self.facts.symbols.add(f"{frame.key}.{target.id}")
        elif isinstance(target, ast.Attribute):
            if (
                frame.self_name
                and isinstance(target.value, ast.Name)
                and target.value.id == frame.self_name
                and frame.class_key
            ):
                self.facts.symbols.add(f"{frame.class_key}.{target.attr}")
                if frame.is_init and (isinstance(value, ast.Name) or self.is_stringy(value, env)):
                    frame.self_values[target.attr] = self.eval_msg(value, env, frame)
        elif isinstance(target, ast.Tuple | ast.List):
            self.kill_targets(target, env)
            if frame.kind == "class":
                for e in target.elts:
                    if isinstance(e, ast.Name):
                        self.facts.symbols.add(f"{frame.key}.{e.id}")

    def assign_lambda(self, name: str, node: ast.Lambda, env: Env, frame: Frame) -> None:
        """``msg = lambda: f"..."`` is a local message helper, like a nested ``def``."""
        a = node.args
        params = tuple(p.arg for p in (*a.posonlyargs, *a.args, *a.kwonlyargs))
        lenv: Env = dict(env)
        for p in params:
            lenv[p] = None
        env.pop(name, None)
        if frame.kind == "class":
            self.facts.symbols.add(f"{frame.key}.{name}")
            return
        if not self.is_stringy(node.body, lenv):
            env[name] = None
            return
        prefix = self.module if frame.kind == "module" else f"{frame.key}.<locals>"
        key = f"{prefix}.{name}"
        self.facts.funcs[key] = FuncInfo(params, self.eval_msg(node.body, lenv, frame))
        frame.local_funcs[name] = key

    def eval_assigned(self, value: ast.expr, env: Env, frame: Frame) -> EnvVal:
        if isinstance(value, ast.List | ast.Tuple):
            if any(self.is_stringy(e, env) for e in value.elts):
                return ListVal(tuple(self.eval_msg(e, env, frame) for e in value.elts))
            return ListVal(()) if not value.elts and isinstance(value, ast.List) else None
        if isinstance(value, ast.Attribute) and value.attr == "format" and self.is_stringy(value.value, env):
            return FmtVal(self.eval_msg(value.value, env, frame))
        if isinstance(value, ast.Dict):
            texts = [self.eval_msg(v, env, frame) for v in value.values if self.is_stringy(v, env)]
            texts = [t for t in texts if value_has_literal(t)]
            return DictVal(union(*texts)) if texts else None
        if isinstance(value, ast.DictComp):
            cenv: Env = dict(env)
            for gen in value.generators:
                for n in ast.walk(gen.target):
                    if isinstance(n, ast.Name):
                        cenv[n.id] = None
            if self.is_stringy(value.value, cenv):
                text = self.eval_msg(value.value, cenv, frame)
                return DictVal(text) if value_has_literal(text) else None
            return None
        if isinstance(value, ast.Call):
            name = _last_name(value.func)
            if name.endswith(EXC_SUFFIXES):
                spec = self.exc_spec(value, env, frame)
                return ExcVal(spec) if spec is not None else None
        if self.is_stringy(value, env):
            return self.eval_msg(value, env, frame)
        return None

    def on_augassign(self, stmt: ast.AugAssign, env: Env, frame: Frame) -> None:
        target = stmt.target
        if not isinstance(target, ast.Name):
            return
        cur = env.get(target.id)
        if isinstance(stmt.op, ast.Add):
            if isinstance(cur, ListVal):
                if isinstance(stmt.value, ast.List | ast.Tuple):
                    env[target.id] = ListVal(
                        cur.items + tuple(self.eval_msg(e, env, frame) for e in stmt.value.elts)
                    )
                return
            if isinstance(cur, tuple) or self.is_stringy(stmt.value, env):
                base = cur if isinstance(cur, tuple) else ph(target.id)
                env[target.id] = concat(base, self.eval_msg(stmt.value, env, frame))
                return
        env[target.id] = None

    def raiser_call(self, stmt: ast.Expr, env: Env, frame: Frame, guards: list[Guard]) -> None:
        """``ctx.fail(msg)`` / ``self._error(...)`` as a statement: a raise site if the function
        called turns out (in the parent, codebase-wide) to always raise. Only calls passing some
        message text are considered: a raiser called without one adds nothing to its own site."""
        call = stmt.value
        assert isinstance(call, ast.Call)
        dotted = _dotted(call.func)
        if dotted is None:
            return
        last = dotted.rpartition(".")[2]
        if last[:1].isupper() or last in GETTEXT_ARGS or (dotted in BUILTIN_NAMES and dotted not in self.top):
            return
        if not any(self.is_stringy(a, env) for a in (*call.args, *(k.value for k in call.keywords))):
            return
        args, kwargs = self.call_args(call, env, frame)
        name = self.call_name(call, dotted)
        ref = self.call_ref(call.func, dotted, args, kwargs, frame, name)
        if ref is None and "." in dotted:
            # a method of an object of unknown class (``ctx.fail``): resolved by method name
            ref = Ref("", name, True, args, kwargs, method=last)
        if ref is not None:
            self.add_site(
                "error", ExcSpec(dotted, None, None, args, kwargs, ref, True), stmt, frame, guards, None
            )

    def on_expr(self, value: ast.expr, env: Env, frame: Frame) -> None:
        if not isinstance(value, ast.Call) or not isinstance(value.func, ast.Attribute):
            return
        func = value.func
        if isinstance(func.value, ast.Name) and func.attr in ("append", "extend", "insert"):
            cur = env.get(func.value.id)
            if isinstance(cur, ListVal) and value.args:
                arg = value.args[-1]
                if func.attr == "extend":
                    if isinstance(arg, ast.List | ast.Tuple):
                        env[func.value.id] = ListVal(
                            cur.items + tuple(self.eval_msg(e, env, frame) for e in arg.elts)
                        )
                    return
                env[func.value.id] = ListVal((*cur.items, self.eval_msg(arg, env, frame)))
            return
        if func.attr == "__init__" and frame.is_init and frame.super_msg is None:
            args = value.args
            if isinstance(func.value, ast.Call) and _last_name(func.value.func) == "super":
                msg_arg = args[0] if args else None
            else:
                msg_arg = args[1] if len(args) > 1 else None
            if msg_arg is None and not args:
                # super().__init__(message="Request timed out.", request=request)
                named = {k.arg: k.value for k in value.keywords if k.arg}
                msg_arg = named.get("message", named.get("msg"))
            if msg_arg is not None and not isinstance(msg_arg, ast.Starred):
                frame.super_msg = self.eval_msg(msg_arg, env, frame)

    def on_return(self, value: ast.expr, env: Env, frame: Frame) -> None:
        if isinstance(value, ast.Call):
            name = _last_name(value.func)
            if name[:1].isupper() and frame.exc_return is None:
                spec = self.exc_spec(value, env, frame)
                if spec is not None:
                    frame.exc_return = spec
                return
        if isinstance(value, ast.Name):
            cur = env.get(value.id)
            if isinstance(cur, ExcVal):
                if frame.exc_return is None:
                    frame.exc_return = cur.spec
                return
        if self.is_stringy(value, env):
            v = self.eval_msg(value, env, frame)
            if value_has_literal(v):
                frame.returns.append(v)
                return
        # a return without known text (``return repr(items)``): the function's text is not always
        # one of its literal returns, so it must not be inlined into a longer message as if it were
        frame.opaque_return = True

    # ------------------------------------------------------------ definitions

    def walk_function(self, node: ast.FunctionDef | ast.AsyncFunctionDef, env: Env, parent: Frame) -> None:
        qual = _child_qualname(parent, node.name)
        key = f"{self.module}.{qual}"
        if parent.kind == "function":
            parent.local_funcs[node.name] = key
            env.pop(node.name, None)
        else:
            self.facts.symbols.add(key)
        params, defaults = _signature(node.args)
        is_static = any(_last_name(d) == "staticmethod" for d in node.decorator_list)
        self_name = params[0] if parent.kind == "class" and params and not is_static else None
        start = min([node.lineno, *(d.lineno for d in node.decorator_list)])
        frame = Frame(
            "function",
            qual,
            key,
            parent,
            node,
            class_key=parent.class_key if parent.kind == "class" else None,
            self_name=self_name,
            is_init=parent.kind == "class" and node.name == "__init__",
            start=start,
            end=node.end_lineno or node.lineno,
        )
        a = node.args
        for arg in (*a.posonlyargs, *a.args, *a.kwonlyargs):
            cls = _annotated_class(arg.annotation)
            if cls is not None:
                frame.param_types[arg.arg] = cls
        fenv: Env = dict(env) if parent.kind == "function" else {}
        for p in params:
            fenv[p] = None
        self.walk_block(node.body, fenv, frame, [])
        self.record_function(node, frame, tuple(params[1:] if self_name else params), defaults)

    def record_function(
        self,
        node: ast.FunctionDef | ast.AsyncFunctionDef,
        frame: Frame,
        call_params: tuple[str, ...],
        defaults: dict[str, Arg],
    ) -> None:
        """What a walked function contributes as a message source: a raiser, a message or
        exception it returns, or (``__init__``) the message its class builds."""
        key = frame.key
        if (
            frame.raise_spec is not None
            and frame.exc_return is None
            and not frame.returns
            and _uses_params(frame.raise_spec, call_params)
            and not _returns_early(node)
        ):
            # a function that always ends by raising (``ctx.fail(msg)``): calls to it are raise sites
            self.facts.funcs[key] = FuncInfo(call_params, (), frame.raise_spec, defaults, raises=True)
        elif frame.returns or frame.exc_return is not None or frame.is_init or node.name == "__str__":
            returns = (
                [*frame.returns, ph(f"{node.name}()")]
                if frame.returns and frame.opaque_return
                else frame.returns
            )
            self.facts.funcs[key] = FuncInfo(call_params, union(*returns), frame.exc_return, defaults)
        parent = frame.parent
        if frame.is_init and parent is not None:
            parent_info = self.facts.classes.get(parent.key)
            if parent_info is not None:
                parent_info.params = call_params
                parent_info.defaults = defaults
                if frame.super_msg is not None:
                    parent_info.msg = frame.super_msg
                self.self_values[parent.key] = frame.self_values

    def walk_class(self, node: ast.ClassDef, parent: Frame) -> None:
        qual = _child_qualname(parent, node.name)
        key = f"{self.module}.{qual}"
        if parent.kind == "function":
            parent.local_funcs[node.name] = key
        self.facts.symbols.add(key)
        info = ClassInfo(
            [self.src(b) for b in node.bases],
            [self.expr_key(b, parent) for b in node.bases],
        )
        self.facts.classes[key] = info
        frame = Frame("class", qual, key, parent, node, class_key=key)
        frame.props = frozenset(
            stmt.name
            for stmt in node.body
            if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef)
            and any(_last_name(d) in ("property", "cached_property") for d in stmt.decorator_list)
        )
        self.walk_block(node.body, {}, frame, [])
        for stmt in node.body:
            if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef):
                info.methods.add(stmt.name)
        str_info = self.facts.funcs.get(f"{key}.__str__")
        if info.msg is None and str_info is not None and str_info.ret:
            values = self.self_values.get(key, {})
            info.msg = _replace_self(str_info.ret, values)

    # ------------------------------------------------------------ name resolution

    def name_key(self, name: str, frame: Frame) -> str | None:
        """Dotted key of a free name: enclosing local defs, imports, module names, builtins."""
        f: Frame | None = frame
        while f is not None:
            k = f.local_funcs.get(name)
            if k is not None:
                return k
            f = f.parent
        target = self.imports.get(name)
        if target is not None:
            return target
        if name in self.top:
            return f"{self.module}.{name}"
        if name in BUILTIN_NAMES:
            return f"builtins.{name}"
        if self.facts.stars:
            # maybe bound by ``from .errors import *``: resolved against those modules later
            return f"{self.module}.{name}"
        return None

    def expr_key(self, node: ast.expr, frame: Frame) -> str | None:
        dotted = _dotted(node)
        return None if dotted is None else self.dotted_key(dotted, frame)

    def dotted_key(self, dotted: str, frame: Frame) -> str | None:
        """Dotted key of ``a.b.c`` as written here: the root name resolved, the rest appended."""
        root, _, rest = dotted.partition(".")
        base = self.name_key(root, frame)
        if base is None:
            return None
        return f"{base}.{rest}" if rest else base

    def is_caught(self, name: str, frame: Frame) -> bool:
        f: Frame | None = frame
        while f is not None:
            if name in f.caught:
                return True
            f = f.parent
        return False

    # ------------------------------------------------------------ exceptions

    def call_args(
        self, call: ast.Call, env: Env, frame: Frame
    ) -> tuple[tuple[Arg, ...], tuple[tuple[str, Arg], ...]]:
        args: list[Arg] = []
        for a in call.args:
            if isinstance(a, ast.Starred):
                # ``X(*e.args)``: the message is whatever is unpacked; later positions are unknown.
                args.append(Arg(self.src(a), ph(self.src(a))))
                break
            args.append(Arg(self.src(a), self.eval_msg(a, env, frame)))
        kwargs = tuple(
            (k.arg, Arg(self.src(k.value), self.eval_msg(k.value, env, frame)))
            for k in call.keywords
            if k.arg is not None
        )
        return tuple(args), kwargs

    def exc_spec(self, exc: ast.expr, env: Env, frame: Frame) -> ExcSpec | None:
        """What ``raise <exc>`` raises; None for a re-raise of a caught/opaque exception object."""
        if isinstance(exc, ast.Name):
            cur = env.get(exc.id)
            if isinstance(cur, ExcVal):
                return cur.spec
            if exc.id in env or self.is_caught(exc.id, frame) or not exc.id[:1].isupper():
                return None
            return ExcSpec(exc.id, self.name_key(exc.id, frame))
        if isinstance(exc, ast.Attribute):
            dotted = _dotted(exc)
            if dotted is None or not exc.attr[:1].isupper():
                return None
            return ExcSpec(dotted, self.expr_key(exc, frame))
        if not isinstance(exc, ast.Call):
            return ExcSpec(self.src(exc))
        func = exc.func
        args, kwargs = self.call_args(exc, env, frame)
        msg = self.first_message(args, kwargs)
        if isinstance(func, ast.Call) and _last_name(func.func) == "type" and func.args:
            inner = func.args[0]
            caught = None
            if isinstance(inner, ast.Name):
                f: Frame | None = frame
                while f is not None and caught is None:
                    caught = f.caught.get(inner.id)
                    f = f.parent
            if caught:
                return ExcSpec(caught, self.dotted_key(caught, frame), msg, args, kwargs)
            return ExcSpec(self.src(func), None, msg, args, kwargs)
        dotted = _dotted(func)
        if dotted is None:
            return ExcSpec(self.src(func), None, msg, args, kwargs)
        last = dotted.rpartition(".")[2]
        if last[:1].isupper():
            return ExcSpec(dotted, self.expr_key(func, frame), msg, args, kwargs)
        ref = self.call_ref(func, dotted, args, kwargs, frame, self.call_name(exc, dotted))
        return ExcSpec(dotted, None, msg, args, kwargs, helper=ref)

    @staticmethod
    def first_message(args: tuple[Arg, ...], kwargs: tuple[tuple[str, Arg], ...]) -> Value | None:
        if args:
            return args[0].value
        for k, a in kwargs:
            if k in ("msg", "message"):
                return a.value
        return None

    def call_ref(
        self,
        func: ast.expr,
        dotted: str,
        args: tuple[Arg, ...],
        kwargs: tuple[tuple[str, Arg], ...],
        frame: Frame,
        name: str,
    ) -> Ref | None:
        """A symbolic reference to the function a call invokes, when it can be named."""
        root, _, rest = dotted.partition(".")
        if frame.self_name and root == frame.self_name and rest and "." not in rest and frame.class_key:
            return Ref(frame.class_key, name, True, args, kwargs, method=rest)
        if root in frame.caught:
            return None
        ann = frame.param_types.get(root)
        if ann is not None and rest and "." not in rest:
            # ``ctx.fail(...)`` with ``ctx: Context``: the method of the annotated class
            ck = self.dotted_key(ann, frame)
            if ck is not None:
                return Ref(ck, name, True, args, kwargs, method=rest)
        base = self.name_key(root, frame)
        if base is None or base.startswith("builtins."):
            return None
        return Ref(f"{base}.{rest}" if rest else base, name, True, args, kwargs)

    # ------------------------------------------------------------ message expressions

    def is_stringy(self, e: ast.expr, env: Env) -> bool:
        """Cheap syntactic test: could this expression be (part of) a message string?"""
        t = type(e)
        if t is ast.Constant:
            return isinstance(e.value, str)  # type: ignore[attr-defined]
        if t is ast.JoinedStr:
            return True
        if t is ast.BinOp:
            assert isinstance(e, ast.BinOp)
            return isinstance(e.op, ast.Add | ast.Mod) and (
                self.is_stringy(e.left, env) or self.is_stringy(e.right, env)
            )
        if t is ast.Call:
            assert isinstance(e, ast.Call)
            f = e.func
            if _is_rewrap(e):
                return self.is_stringy(e.args[0], env)
            if isinstance(f, ast.Attribute) and f.attr in ("format", "join", "strip", "rstrip", "lstrip"):
                return self.is_stringy(f.value, env)
            if isinstance(f, ast.Attribute) and f.attr in GETTEXT_ARGS:
                return True
            if isinstance(f, ast.Name):
                v = env.get(f.id)
                return isinstance(v, FmtVal) or (
                    f.id not in env and not f.id[:1].isupper() and f.id not in BUILTIN_NAMES
                )
            return False
        if t is ast.IfExp:
            assert isinstance(e, ast.IfExp)
            return self.is_stringy(e.body, env) or self.is_stringy(e.orelse, env)
        if t is ast.Name:
            v = env.get(e.id)  # type: ignore[attr-defined]
            return isinstance(v, tuple) and value_has_literal(v)
        if t is ast.Subscript:
            base = e.value  # type: ignore[attr-defined]
            if isinstance(base, ast.Name) and isinstance(env.get(base.id), DictVal):
                return True
            return self.is_stringy(base, env)
        return False

    def eval_msg(self, e: ast.expr, env: Env, frame: Frame) -> Value:
        """The message value of an expression; unknown parts become placeholders."""
        evaluator = self.evaluators.get(type(e))
        if evaluator is not None:
            got: Value | None = evaluator(e, env, frame)
            if got is not None:
                return got
        return ph(self.src(e))

    def msg_constant(self, e: ast.Constant, env: Env, frame: Frame) -> Value:
        v = e.value
        if isinstance(v, str):
            return lit(v)
        if v is None or v is Ellipsis:
            return ph(self.src(e))
        return lit(str(v))

    def msg_name(self, e: ast.Name, env: Env, frame: Frame) -> Value:
        name = e.id
        if name in env:
            cur = env[name]
            return cur if isinstance(cur, tuple) else ph(name)
        key = self.name_key(name, frame)
        if key is not None and not key.startswith("builtins.") and not key.startswith(f"{frame.key}."):
            return ((Ref(key, name),),)
        return ph(name)

    def msg_binop(self, e: ast.BinOp, env: Env, frame: Frame) -> Value | None:
        if isinstance(e.op, ast.Add):
            left = self.eval_msg(e.left, env, frame)
            right = self.eval_msg(e.right, env, frame)
            if _may_be_text(left) or _may_be_text(right):
                return concat(left, right)
        elif isinstance(e.op, ast.Mod):
            left = self.eval_msg(e.left, env, frame)
            if value_has_literal(left):
                return self.eval_percent(left, e.right, env, frame)
        return None

    def msg_attribute(self, e: ast.Attribute, env: Env, frame: Frame) -> Value:
        key = self.expr_key(e, frame)
        dotted = _dotted(e)
        if key is not None and dotted is not None and not key.startswith("builtins."):
            root = dotted.partition(".")[0]
            if root != frame.self_name and root not in env:
                return ((Ref(key, dotted),),)
        if (
            dotted is not None
            and frame.self_name
            and frame.class_key
            and frame.parent is not None
            and dotted == f"{frame.self_name}.{e.attr}"
            and e.attr in frame.parent.props
        ):
            # ``self.message`` where ``message`` is a property of this class: what it returns
            return ((Ref(frame.class_key, dotted, True, method=e.attr),),)
        return ph(dotted or self.src(e))

    def msg_ifexp(self, e: ast.IfExp, env: Env, frame: Frame) -> Value | None:
        a = self.eval_msg(e.body, env, frame)
        b = self.eval_msg(e.orelse, env, frame)
        if value_has_literal(a) or value_has_literal(b):
            return union(a, b)
        return None

    def msg_subscript(self, e: ast.Subscript, env: Env, frame: Frame) -> Value | None:
        sl = e.slice
        n = _negative_stop(sl)
        if n is not None:
            # ``msg[:-2]``: the text without its last characters
            base = self.eval_msg(e.value, env, frame)
            return strip_tail(base, n) if value_has_literal(base) else None
        if isinstance(sl, ast.Slice) or not isinstance(e.value, ast.Name):
            return None
        # ``MESSAGES[key]``: a dict of messages, local or defined at module level
        name = e.value.id
        cur = env.get(name)
        if isinstance(cur, DictVal):
            local = f"{frame.key}.<locals>.{name}"
            self.facts.consts[f"{local}[]"] = cur.value
            return ((Ref(local, self.src(e), method="[]"),),)
        if name not in env:
            key = self.name_key(name, frame)
            if key is not None and not key.startswith("builtins."):
                return ((Ref(key, self.src(e), method="[]"),),)
        return None

    def eval_fstring(self, node: ast.JoinedStr, env: Env, frame: Frame) -> Value:
        pieces: list[Value] = []
        values = node.values
        selfdoc: str | None = None
        for i, v in enumerate(values):
            if isinstance(v, ast.Constant):
                text = str(v.value)
                nxt = values[i + 1] if i + 1 < len(values) else None
                if isinstance(nxt, ast.FormattedValue) and (v.end_lineno or 0, v.end_col_offset or 0) > (
                    nxt.lineno,
                    nxt.col_offset,
                ):
                    # ``{expr=}``: Python puts "expr=" into the preceding literal.
                    src = self.src(nxt.value)
                    idx = text.rfind(src)
                    # else the text after the last brace, when it ends in "=" (string scanning:
                    # a lazy regex here was quadratic in a long literal holding a brace)
                    tail = max(text.rfind("{"), text.rfind("}")) + 1
                    if idx >= 0 and text[idx:].rstrip().endswith("="):
                        selfdoc = text[idx:].strip()
                        text = text[:idx]
                    elif text[tail:].rstrip().endswith("="):
                        selfdoc = text[tail:].strip()
                        text = text[:tail]
                if text:
                    pieces.append(lit(text))
            elif isinstance(v, ast.FormattedValue):
                if selfdoc is not None:
                    pieces.append(ph(selfdoc))
                    selfdoc = None
                    continue
                inner = v.value
                if v.conversion in (114, 97):  # !r / !a: quoted, so never inlined text
                    pieces.append(as_repr(Arg(self.src(inner), self.eval_msg(inner, env, frame))))
                elif isinstance(inner, ast.Name) and (cur := env.get(inner.id)) is not None:
                    # A variable interpolated into a message is a value, not message text,
                    # unless it is one known string (``f"{base_msg} ..."``).
                    if isinstance(cur, tuple) and len(cur) == 1 and has_literal(cur[0]):
                        pieces.append(cur)
                    else:
                        pieces.append(ph(inner.id))
                elif isinstance(
                    inner, ast.Constant | ast.JoinedStr | ast.Name | ast.Call | ast.BinOp | ast.IfExp
                ):
                    pieces.append(self.eval_msg(inner, env, frame))
                else:
                    pieces.append(ph(self.src(inner)))
        return concat(*pieces) if pieces else lit("")

    def eval_percent(self, left: Value, right: ast.expr, env: Env, frame: Frame) -> Value:
        if isinstance(right, ast.Tuple):
            args = [Arg(self.src(a), self.eval_msg(a, env, frame)) for a in right.elts]
            return apply_percent(left, args, None, None)
        if isinstance(right, ast.Dict):
            mapping = {
                k.value: Arg(self.src(v), self.eval_msg(v, env, frame))
                for k, v in zip(right.keys, right.values, strict=True)
                if isinstance(k, ast.Constant) and isinstance(k.value, str)
            }
            return apply_percent(left, None, mapping, None)
        single = Arg(self.src(right), self.eval_msg(right, env, frame))
        return apply_percent(left, None, None, single)

    def gettext_msg(self, call: ast.Call, env: Env, frame: Frame) -> Value | None:
        """``_("text")``, ``ngettext(s, p, n)``...: the message text the translation starts from."""
        func = call.func
        if isinstance(func, ast.Name):
            if func.id in env:
                return None
            name = func.id
        elif isinstance(func, ast.Attribute):
            name = func.attr
        else:
            return None
        idx = GETTEXT_ARGS.get(name)
        if idx is None or len(call.args) <= idx[-1] or (call.keywords and name == "_"):
            return None
        texts = [call.args[i] for i in idx]
        if not all(isinstance(t, ast.Constant) and isinstance(t.value, str) for t in texts):
            return None
        return union(*(self.eval_msg(t, env, frame) for t in texts))

    def eval_call(self, call: ast.Call, env: Env, frame: Frame) -> Value:
        func = call.func
        translated = self.gettext_msg(call, env, frame)
        if translated is not None:
            return translated
        if _is_rewrap(call) and self.is_stringy(call.args[0], env):
            # ``textwrap.dedent(f"""...""")``: only whitespace changes, which matching ignores
            return self.eval_msg(call.args[0], env, frame)
        if isinstance(func, ast.Name):
            got = self.call_of_name(call, func, env, frame)
        elif isinstance(func, ast.Attribute):
            got = self.call_of_method(call, func, env, frame)
        else:
            got = None
        if got is not None:
            return got
        dotted = _dotted(func)
        name = self.call_name(call, dotted)
        if dotted is not None and not dotted.rpartition(".")[2][:1].isupper():
            args, kwargs = self.call_args(call, env, frame)
            ref = self.call_ref(func, dotted, args, kwargs, frame, name)
            if ref is not None:
                return ((ref,),)
        return ph(name)

    def call_of_name(self, call: ast.Call, func: ast.Name, env: Env, frame: Frame) -> Value | None:
        """``fmt(...)`` of a stored bound ``format``, ``str(x)``, a local or builtin call."""
        name = func.id
        cur = env.get(name)
        if isinstance(cur, FmtVal):
            args, kwargs = self.call_args(call, env, frame)
            return apply_format(cur.value, args, dict(kwargs), name)
        if name == "str" and len(call.args) == 1 and not call.keywords:
            return self.eval_msg(call.args[0], env, frame)
        if name in env or (name in BUILTIN_NAMES and name not in self.top and name not in self.imports):
            return ph(self.call_name(call, name))
        return None

    def call_of_method(self, call: ast.Call, func: ast.Attribute, env: Env, frame: Frame) -> Value | None:
        """String methods on message text: ``format``, ``join``, ``strip``."""
        attr = func.attr
        if attr == "format" and self.is_stringy(func.value, env):
            base = self.eval_msg(func.value, env, frame)
            args, kwargs = self.call_args(call, env, frame)
            return apply_format(base, args, dict(kwargs), "")
        if attr == "join" and len(call.args) == 1 and self.is_stringy(func.value, env):
            sep = self.eval_msg(func.value, env, frame)
            arg = call.args[0]
            if isinstance(arg, ast.List | ast.Tuple):
                return join_values(sep, [self.eval_msg(x, env, frame) for x in arg.elts])
            if isinstance(arg, ast.Name):
                cur = env.get(arg.id)
                if isinstance(cur, ListVal):
                    return join_values(sep, cur.items)
            return ph(self.src(call))
        if attr in ("strip", "rstrip", "lstrip") and not call.args and self.is_stringy(func.value, env):
            return self.eval_msg(func.value, env, frame)
        return None

    # ------------------------------------------------------------ warn / log calls

    def scan_header(self, stmt: ast.stmt, env: Env, frame: Frame, guards: list[Guard]) -> None:
        """Find warn/log calls in the expressions a statement evaluates itself (not its body)."""
        body = getattr(stmt, "body", None)
        end = (body[0].lineno - 1) if isinstance(body, list) and body else (stmt.end_lineno or stmt.lineno)
        flag = self.flag
        i = bisect_left(flag, stmt.lineno)
        if i == len(flag) or flag[i] > end:
            return
        for name, child in ast.iter_fields(stmt):
            if name in ("body", "orelse", "finalbody", "handlers", "cases"):
                continue
            if isinstance(child, ast.AST):
                self.scan_expr(child, env, frame, guards, frame.qualname)
            elif isinstance(child, list):
                for c in child:
                    if isinstance(c, ast.AST):
                        self.scan_expr(c, env, frame, guards, frame.qualname)

    def scan_expr(self, node: ast.AST, env: Env, frame: Frame, guards: list[Guard], qual: str) -> None:
        stack: list[tuple[ast.AST, str]] = [(node, qual)]
        while stack:
            n, q = stack.pop()
            if isinstance(n, ast.Call):
                self.check_call(n, env, frame, guards, q)
            elif isinstance(n, ast.Lambda):
                q = "<lambda>" if frame.kind == "module" and q == "<module>" else f"{q}.<locals>.<lambda>"
            stack.extend((c, q) for c in reversed(list(ast.iter_child_nodes(n))))

    def check_call(self, call: ast.Call, env: Env, frame: Frame, guards: list[Guard], qual: str) -> None:
        func = call.func
        if isinstance(func, ast.Attribute):
            name = func.attr
            recv = _last_name(func.value).lower()
            if "log" in recv and (name in LOG_METHODS or name == "log"):
                self.on_log(call, name, env, frame, guards, qual)
                return
        elif isinstance(func, ast.Name):
            name = func.id
        else:
            return
        lname = name.lower()
        if (
            "warn" not in lname
            or name[:1].isupper()  # a Warning class being instantiated, not a call that warns
            or name in NOT_WARN_CALLS
            or lname.startswith("assert")
            or lname.endswith("warns")
            or "filter" in lname
        ):
            return
        self.on_warn(call, name, env, frame, guards, qual)

    def on_warn(
        self, call: ast.Call, name: str, env: Env, frame: Frame, guards: list[Guard], qual: str
    ) -> None:
        kw = {k.arg: k.value for k in call.keywords if k.arg}
        msg_node = kw.get("message", kw.get("msg"))
        args = [a for a in call.args if not isinstance(a, ast.Starred)]
        if msg_node is None and args:
            msg_node = args[0]
            if (
                isinstance(msg_node, ast.Constant)
                and isinstance(msg_node.value, str)
                and _VERSION_RE.match(msg_node.value)
            ):
                return  # warn_deprecated("3.8", name=...): the first argument is a version
        if msg_node is None:
            return
        cat_node = kw.get("category")
        if cat_node is None and len(args) > 1 and msg_node is args[0]:
            cat_node = args[1]
        if isinstance(msg_node, ast.Call) and _last_name(msg_node.func)[:1].isupper():
            cat_node = msg_node.func
            inner = msg_node.args
            msg_node = inner[0] if inner else ast.Constant("")
        category = "UserWarning"
        key: str | None = "builtins.UserWarning"
        if cat_node is not None:
            dotted = _dotted(cat_node)
            if dotted and dotted.rpartition(".")[2][:1].isupper():
                category, key = dotted, self.expr_key(cat_node, frame)
        msg = self.eval_msg(msg_node, env, frame)
        if (
            name != "warn"
            and not value_has_literal(msg)
            and not any(isinstance(p, Ref) for v in msg for p in v)
        ):
            return
        # warn(text, Category) instantiates Category(text): a category whose __init__ builds the
        # message from its first parameter gets the text as that parameter
        spec = ExcSpec(category, key, msg, (Arg(self.src(msg_node), msg),))
        self.add_site("warning", spec, call, frame, guards, None, qual)

    def on_log(
        self, call: ast.Call, method: str, env: Env, frame: Frame, guards: list[Guard], qual: str
    ) -> None:
        args = [a for a in call.args if not isinstance(a, ast.Starred)]
        if method == "log":
            if not args:
                return
            lvl = args[0]
            level: str | None = None
            if isinstance(lvl, ast.Constant) and isinstance(lvl.value, int):
                level = LOG_LEVEL_NUMBERS.get(lvl.value)
            else:
                level = LOG_LEVEL_NAMES.get(_last_name(lvl))
            if level is None:
                return
            args = args[1:]
        else:
            level = LOG_METHODS[method]
        kw = {k.arg: k.value for k in call.keywords if k.arg}
        msg_node = args[0] if args else kw.get("msg")
        if msg_node is None:
            return
        msg = self.eval_msg(msg_node, env, frame)
        lazy = args[1:]
        if lazy:
            if len(lazy) == 1 and isinstance(lazy[0], ast.Dict):
                msg = self.eval_percent(msg, lazy[0], env, frame)
            else:
                msg = self.eval_percent(msg, ast.Tuple(lazy), env, frame)
        self.add_site("log", ExcSpec(f"log.{level}", None, msg), call, frame, guards, level, qual)

    # ------------------------------------------------------------ sites

    def add_site(
        self,
        kind: Kind,
        spec: ExcSpec,
        node: ast.stmt | ast.expr,
        frame: Frame,
        guards: list[Guard],
        level: str | None,
        qual: str | None = None,
    ) -> None:
        if not self.want_sites:
            return
        line = node.lineno
        end = node.end_lineno or line
        nlines = len(self.lines)
        if frame.kind == "function":
            ws, we = frame.start, frame.end
            if we - ws + 1 > WINDOW_MAX:
                ws, we = max(ws, line - WINDOW_CLAMP), min(we, end + WINDOW_CLAMP)
            scope_start = frame.start
        else:
            ws, we = max(1, line - MODULE_WINDOW), min(nlines, end + MODULE_WINDOW)
            scope_start = ws
        comments: list[str] = []
        for i in range(max(scope_start, line - COMMENT_LOOKBACK), end + 1):
            c = self.comment(i)
            if c:
                comments.append(c)
        self.facts.sites.append(
            Site(
                kind,
                spec,
                line,
                end,
                qual or frame.qualname,
                level,
                [self.guard_text(g) for g in guards],
                ws,
                we,
                comments,
                self.docstring(frame),
            )
        )

    def comment(self, lineno: int) -> str | None:
        if lineno in self.comment_cache:
            return self.comment_cache[lineno]
        line = self.lines[lineno - 1] if 0 < lineno <= len(self.lines) else ""
        c = _comment_in(line) if "#" in line else None
        self.comment_cache[lineno] = c
        return c

    def docstring(self, frame: Frame) -> str | None:
        if not frame.doc_done:
            frame.doc_done = True
            node = frame.node
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                frame.doc = ast.get_docstring(node)
        return frame.doc

    def call_name(self, call: ast.Call, dotted: str | None) -> str:
        """Placeholder name for a call: ``err_details`` for ``err_details()``, else the call source."""
        if dotted is not None and not call.args and not call.keywords:
            return dotted
        return self.src(call)

    def src(self, node: ast.AST) -> str:
        """Placeholder text for an expression: its source as written, cached per node.

        Slicing the source line is several times cheaper than ``ast.unparse`` (which dominated
        the profile); expressions spanning lines are unparsed to get one tidy line.
        """
        if isinstance(node, ast.Name):
            return node.id
        key = id(node)
        cached = self.src_cache.get(key)
        if cached is not None:
            return cached
        text = _dotted(node) if isinstance(node, ast.Attribute) else None
        if text is None:
            text = self.seg(node)
            if len(text) > 200:
                text = text[:197] + "..."
        if getattr(node, "lineno", None) is not None:
            self.src_cache[key] = text
        return text

    def seg(self, node: ast.AST) -> str:
        """Source text of a node as written (single line), or unparsed when it spans lines."""
        lineno = getattr(node, "lineno", None)
        end = getattr(node, "end_lineno", None)
        if lineno is None or end != lineno or lineno > len(self.lines):
            return _unparse(node)
        line = self.lines[lineno - 1]
        col, end_col = node.col_offset, node.end_col_offset  # type: ignore[attr-defined]
        if line.isascii():
            return line[col:end_col]
        return line.encode("utf-8", "surrogatepass")[col:end_col].decode("utf-8", "replace")

    def guard_text(self, g: Guard) -> str:
        kind, node = g
        ck = (kind, id(node))
        cached = self.guard_cache.get(ck)
        if cached is not None:
            return cached
        text: str
        if kind == "if":
            text = self.seg(node)
        elif kind == "not":
            text = f"not ({self.seg(node)})"
        elif kind == "while":
            text = f"while {self.seg(node)}"
        elif kind == "for":
            assert isinstance(node, ast.For | ast.AsyncFor)
            prefix = "async for" if isinstance(node, ast.AsyncFor) else "for"
            text = f"{prefix} {self.seg(node.target)} in {self.seg(node.iter)}"
        elif kind == "except":
            assert isinstance(node, ast.ExceptHandler)
            text = "except"
            if node.type is not None:
                text += " " + self.seg(node.type)
            if node.name:
                text += f" as {node.name}"
        elif kind == "with":
            assert isinstance(node, ast.With | ast.AsyncWith)
            items = []
            for item in node.items:
                s = self.seg(item.context_expr)
                if item.optional_vars is not None:
                    s += " as " + self.seg(item.optional_vars)
                items.append(s)
            text = ("async with " if isinstance(node, ast.AsyncWith) else "with ") + ", ".join(items)
        else:
            assert isinstance(node, ast.match_case)
            text = "case " + self.seg(node.pattern)
            if node.guard is not None:
                text += " if " + self.seg(node.guard)
        self.guard_cache[ck] = text
        return text


def _annotated_class(node: ast.expr | None) -> str | None:
    """The class a parameter annotation names: ``Context``, ``"Context"``, ``Context | None``,
    ``Optional[Context]``; None when it is not one plain (dotted) class name."""
    if node is None:
        return None
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        text = node.value.strip()
        return text if re.fullmatch(r"[A-Za-z_][\w.]*", text) else None
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        sides = [x for x in (node.left, node.right) if not (isinstance(x, ast.Constant) and x.value is None)]
        return _annotated_class(sides[0]) if len(sides) == 1 else None
    if isinstance(node, ast.Subscript) and _last_name(node.value) == "Optional":
        return _annotated_class(node.slice)
    dotted = _dotted(node)
    if dotted is None or not dotted.rpartition(".")[2][:1].isupper():
        return None
    return dotted


def _returns_early(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Does the function (not a nested def) have a ``return`` or ``yield``: a way not to raise?"""
    todo: list[ast.AST] = list(node.body)
    while todo:
        n = todo.pop()
        if isinstance(n, ast.Return | ast.Yield | ast.YieldFrom):
            return True
        if not isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Lambda):
            todo.extend(ast.iter_child_nodes(n))
    return False


def _uses_params(spec: ExcSpec, params: Sequence[str]) -> bool:
    """Does the exception's message come from the function's parameters (``fail(message)``)?

    Only such functions count as raise helpers at their call sites: an abstract method that
    raises a fixed ``NotImplementedError`` is overridden wherever it is called."""
    if not params or spec.exc_type.rpartition(".")[2] == "NotImplementedError":
        return False
    names = set(params)
    for a in (*spec.args, *(a for _, a in spec.kwargs)):
        for variant in a.value:
            for part in variant:
                if isinstance(part, Ph) and re.split(r"[.\[(]", part.name, maxsplit=1)[0] in names:
                    return True
    return False


def _may_be_text(value: Value) -> bool:
    return any(any(isinstance(p, Ref) or (isinstance(p, str) and p) for p in v) for v in value)


def _replace_self(value: Value, attrs: dict[str, Value]) -> Value:
    """In a ``__str__`` template, ``{self.x}`` becomes what ``__init__`` stored in ``self.x``."""
    out: list[Value] = []
    for variant in value:
        pieces: list[Value] = []
        for p in variant:
            if isinstance(p, Ph) and p.name.startswith("self."):
                attr = p.name[5:]
                pieces.append(attrs.get(attr, ((p,),)))
            else:
                pieces.append(((p,),))
        out.append(concat(*pieces) if pieces else EMPTY)
    return union(*out)


def _branches(node: ast.expr) -> list[ast.expr]:
    """The alternatives of a conditional expression (nested ones flattened); else the node."""
    if isinstance(node, ast.IfExp):
        return [*_branches(node.body), *_branches(node.orelse)]
    return [node]


def _negative_stop(sl: ast.expr) -> int | None:
    """N for a slice ``[:-N]`` with a constant N, else None."""
    if (
        isinstance(sl, ast.Slice)
        and sl.lower is None
        and sl.step is None
        and isinstance(sl.upper, ast.UnaryOp)
        and isinstance(sl.upper.op, ast.USub)
        and isinstance(sl.upper.operand, ast.Constant)
        and isinstance(sl.upper.operand.value, int)
    ):
        return sl.upper.operand.value
    return None


def _child_qualname(parent: Frame, name: str) -> str:
    """The ``__qualname__`` of a definition named ``name`` inside ``parent``."""
    if parent.kind == "class":
        return f"{parent.qualname}.{name}"
    if parent.kind == "module":
        return name
    return f"{parent.qualname}.<locals>.{name}"


def _signature(a: ast.arguments) -> tuple[list[str], dict[str, Arg]]:
    """A function's parameter names in call order, and its string-literal defaults."""
    positional = [p.arg for p in (*a.posonlyargs, *a.args)]
    params = list(positional)
    if a.vararg:
        params.append(a.vararg.arg)
    params.extend(p.arg for p in a.kwonlyargs)
    if a.kwarg:
        params.append(a.kwarg.arg)
    defaults: dict[str, Arg] = {}
    pairs = [
        *zip(positional[len(positional) - len(a.defaults) :], a.defaults, strict=True),
        *((p.arg, d) for p, d in zip(a.kwonlyargs, a.kw_defaults, strict=True) if d is not None),
    ]
    for pname, d in pairs:
        if isinstance(d, ast.Constant) and isinstance(d.value, str):
            defaults[pname] = Arg(repr(d.value), lit(d.value))
    return params, defaults
