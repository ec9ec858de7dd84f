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
import re
from bisect import bisect_left
from collections.abc import Callable, Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, NamedTuple, cast

from errdex.astutil import NODE_FIELDS, child_nodes, node_fields, nodes_within
from errdex.astutil import docstring as doc_of
from errdex.astutil import dotted_name as _dotted
from errdex.extract import stdlib_hooks
from errdex.extract.chains import unrolled_self_walk
from errdex.extract.containers import (
    SHAPE_SEP,
    containers_of,
    function_body,
    own_statements,
    statement_containers,
)
from errdex.extract.exprtext import text as expr_text
from errdex.extract.facts import (
    ANNOTATED_MARK,
    FORWARD_MARK,
    MODULE_CLASSES_MARK,
    NAMED_STR,
    RICH_METHOD,
    SUBCLASSES_MARK,
    TABLE_MARK,
    BaseCall,
    ClassInfo,
    ExcSpec,
    FuncInfo,
    InitInfo,
    ModuleFacts,
    Site,
)
from errdex.extract.fields import (
    POST_INIT,
    field_default_text,
    generated_init,
    generates_init,
    is_field_call,
    with_post_init,
)
from errdex.extract.literals import bound_once, format_spec, literal_names, printed
from errdex.extract.literals import source as literal_source
from errdex.extract.memo import memo_attrs
from errdex.extract.pyversion import SIX_FLAGS, STR_ALIAS, catches_name_error, py3_outcome, reads_py2_builtin
from errdex.extract.reflow import reflow_ret
from errdex.extract.symbols import import_base, import_bindings
from errdex.extract.templates import (
    AFFIX_METHODS,
    ANY_OF,
    CASE_METHODS,
    CAUGHT,
    CAUSED,
    FORMAT_SPEC,
    FORMATTED,
    INSERT,
    LOCAL,
    MAX_ARG_PARTS,
    MAX_TABLE,
    MAX_VARIANTS,
    NONE,
    RAISED_IN,
    REGISTERED,
    REPR_KEY,
    Arg,
    Cond,
    Lookup,
    Op,
    Opt,
    Part,
    Ph,
    Ref,
    Sig,
    Value,
    Variant,
    add_variants,
    apply_format,
    apply_percent,
    as_repr,
    concat,
    dedent_value,
    exceeds,
    has_literal,
    is_none,
    join_values,
    lit,
    message_param,
    method_calls,
    new_tuple,
    ph,
    str_method,
    strip_ends,
    strip_tail,
    undecidable,
    union,
    union_n,
    value_has_literal,
)
from errdex.extract.yields import (
    EXIT_FORMS,
    GENERATOR_FORMS,
    MAX_YIELDS,
    SEP,
    YIELDS,
    YIELDS_OF,
    consumed_into,
    is_generator,
    join_source,
    joined,
    joined_by,
    own_body_has,
    simplest_first,
    super_method,
    yielded_piece,
)
from errdex.linear_re import compile_linear
from errdex.model import UNKNOWN_EXC_TYPE, Kind, replace
from errdex.pyexc import BUILTIN_NAMES, interpreter_texts

if not TYPE_CHECKING:  # the same classes, read without the stdlib module's slow path (astutil)
    from errdex.astutil import ast_nodes as ast

LOG_METHODS = {
    "warning": "WARNING",
    "warn": "WARNING",
    "error": "ERROR",
    "exception": "EXCEPTION",
    "critical": "CRITICAL",
    "fatal": "CRITICAL",
}
# A reST reporter's level methods (docutils' ``Reporter``, which Sphinx directives, MyST and
# every reST tool reach as ``self.state.document.reporter`` or ``self.reporter``): each records a
# system message, as a logger's method records a log line, which a build prints as ``file:line:
# ERROR: text`` or ``SEVERE: text``. ``warning`` is read as a warn call already (its name says
# warn); ``error`` and ``severe`` on a receiver named like a reporter are the others a user sees.
REPORTER_METHODS = {"error": "ERROR", "severe": "CRITICAL"}
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
# The names of an assertion helper (``_assert(condition, message)``, ``assert_(value, msg)``):
# a function of another package that, as the ``assert`` statement does, raises AssertionError
# with the message it is given when the condition is false (``on_outside_assert``).
ASSERT_HELPERS = frozenset({"_assert", "assert_"})
# Functions of another package that raise, by their documented contract, an exception of theirs
# with the text they are given (``pytest.fail(reason)`` raises ``Failed``): the dotted name the
# imports resolve the call to -> (the class as printed, its dotted name, the message keywords).
# Their bodies are not in a library's catalogue, so the call would resolve to no raise
# (``on_outside_raiser``).
OUTSIDE_RAISERS: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "pytest.fail": ("Failed", "_pytest.outcomes.Failed", ("reason", "msg")),
    "_pytest.outcomes.fail": ("Failed", "_pytest.outcomes.Failed", ("reason", "msg")),
}
# the last names of ``OUTSIDE_RAISERS``' keys: a call by another name is none of them
_OUTSIDE_RAISER_NAMES = frozenset(k.rpartition(".")[2] for k in OUTSIDE_RAISERS)
# the longest first paragraph of a docstring kept as a default message for a class not named
# like an exception (dnspython's are one sentence; a class's documentation runs longer)
_DOC_MESSAGE_MAX = 200
_VERSION_RE = re.compile(r"^\d+(\.\d+)*$")
_MAX_RICH_PIECES = 8  # attributes one ``__rich_console__`` yields, kept as its printed lines

# Lines that may hold a warn/log call, a reporter's message (``REPORTER_METHODS``) or a lambda;
# only statements touching them are searched.
_FLAG_RE = re.compile(r"warn|reporter|\.(?:error|exception|critical|fatal|log)\s*\(|lambda", re.IGNORECASE)
# The same search over a lowercased text, as literal finds: each word, and each ``.method``
# followed by ``[^\S\n]*\(`` (a line's ``\s`` is any whitespace but the newline that ends it).
_FLAG_WORDS = ("warn", "reporter", "lambda")
_FLAG_CALLS = (".error", ".exception", ".critical", ".fatal", ".log")
_FLAG_CALL_TAIL = re.compile(r"[^\S\n]*\(")


def _message_name(node: ast.expr, frame: Any) -> bool:
    """A name (or ``self.<attr>``) named like a message: ``message``, ``self._error_message``."""
    if isinstance(node, ast.Name):
        return message_param(node.id)
    return (
        isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id == frame.self_name
        and message_param(node.attr)
    )


def _flagged_lines(text: str, lines: list[str]) -> list[int]:
    """The 1-based numbers of the lines (``text.split("\n")``) where ``_FLAG_RE`` finds a match.

    For an ASCII line that is where ``_flag_starts`` finds one in the lowercased text; a line
    with other characters (where case folding goes beyond ASCII) is searched as the pattern is
    written. A search per line with case folding cost more than a tenth of the statement walk;
    a regex scan of the whole text (whose first characters ``.``, ``l``, ``w`` are common)
    plus that search per line of every file with a non-ASCII character cost ~0.25 s of a jax
    extraction, against ~0.14 s for these finds and the non-ASCII lines' searches alone.
    """
    low = text.lower()  # the same lines: no character lowercases to a newline or from one
    found: list[int] = []
    line, at, count = 1, 0, low.count
    for start in _flag_starts(low):  # no match spans a newline
        line += count("\n", at, start)
        at = start
        if not found or found[-1] != line:
            found.append(line)
    if text.isascii():
        return found
    search, ascii_hits = _FLAG_RE.search, set(found)
    return [i for i, s in enumerate(lines, 1) if (i in ascii_hits if s.isascii() else search(s))]


def _flag_starts(low: str) -> list[int]:
    """Where ``_FLAG_RE`` matches in a lowercased text (every start a finditer would report, and
    those inside one of its matches: the same lines), in order."""
    starts: list[int] = []
    add, find = starts.append, low.find
    for word in _FLAG_WORDS:
        i = find(word)
        while i >= 0:
            add(i)
            i = find(word, i + 1)
    for call in _FLAG_CALLS:
        n = len(call)
        i = find(call)
        while i >= 0:
            # anchored where the call's name ends: a run of blanks is read once, by the one
            # name before it (``search`` from each start would read it again and again)
            if _FLAG_CALL_TAIL.match(low, i + n):
                add(i)
            i = find(call, i + n)
    starts.sort()
    return starts


WINDOW_MAX = 200
WINDOW_CLAMP = 60
MODULE_WINDOW = 20
COMMENT_LOOKBACK = 12


class ListVal:
    """A list of message pieces built with literals/``append``: ``"".join`` turns it into text."""

    __slots__ = ("items",)

    def __init__(self, items: tuple[Value, ...]) -> None:
        self.items = items


class MappedList(ListVal):
    """A list comprehension over a list of pieces (``[f"Error {i}: {m}" for i, m in
    enumerate(messages)]``): one item per item of ``source``, framed."""

    __slots__ = ("source",)

    def __init__(self, items: tuple[Value, ...], source: ListVal) -> None:
        super().__init__(items)
        self.source = source


class TupleArgs:
    """``where = (host, port)``: the tuple's items as arguments, for a later ``"... %s:%d" %
    where``. Kept in the environment under ``%where``, beside what ``where`` holds (``held``,
    checked at use: a name bound again, or bound apart in branches, is no longer this tuple)."""

    __slots__ = ("args", "held")

    def __init__(self, args: tuple[Arg, ...], held: object) -> None:
        self.args = args
        self.held = held


class ArgsCopy:
    """``args = list(e.args)``: a copy of an exception's arguments whose items the function then
    replaces by index (``args[1] = f'"{prog}" not found in path.'``) before spreading it into a
    new exception (``raise OSError(*args)``). ``args`` holds the items known so far, a
    placeholder for each one not replaced; more may follow them (the copy's length is unknown).
    Kept under ``%args`` like ``TupleArgs`` and checked at use the same way (``held``)."""

    __slots__ = ("args", "held")

    def __init__(self, args: tuple[Arg, ...], held: object) -> None:
        self.args = args
        self.held = held


class FmtVal:
    """A bound ``"...".format`` method stored in a variable, called later."""

    __slots__ = ("value",)

    def __init__(self, value: Value) -> None:
        self.value = value


class ExcVal:
    """An exception instance stored in a variable (``err = ValueError(...)``; ``raise err``);
    ``others`` are what other branches stored in it (``raise err`` raises any of them).
    ``open``: taken from a container whose earlier contents are unknown (``ExcListVal.open``),
    so it may also be an exception made where the extractor does not look."""

    __slots__ = ("open", "others", "spec")

    def __init__(self, spec: ExcSpec, others: tuple[ExcSpec, ...] = (), *, open: bool = False) -> None:
        self.spec = spec
        self.others = others
        self.open = open

    def specs(self) -> list[ExcSpec]:
        return [self.spec, *self.others]


class ExcListVal:
    """A list collecting exception objects (``errors.append(Invalid(...))``), any of which a
    wrapper raised with the list (``raise MultipleInvalid(errors)``) may print. ``open``: the
    container held something unknown before (an empty dict, an object: ``store_exc``), so an
    item taken from it may be an exception the extractor did not see stored."""

    __slots__ = ("open", "specs")

    def __init__(self, specs: tuple[ExcSpec, ...], *, open: bool = False) -> None:
        self.specs = specs
        self.open = open


class DictVal:
    """A dict (literal or comprehension) of messages: ``MESSAGES[key]`` is any of its values.

    A table of records (``{"s3": {"class": ..., "err": "Install s3fs to access S3"}, ...}``)
    keeps, per field of its records, the texts that field holds across the rows (``fields``):
    ``TABLE[key]["err"]`` is any of them."""

    __slots__ = ("fields", "value")

    def __init__(self, value: Value, fields: dict[str, Value] | None = None) -> None:
        self.value = value
        self.fields = fields or {}


class RowVal:
    """A variable holding one record of a table (``bit = TABLE[key]``): ``table`` is the key
    its field texts are kept under (see ``row_field``)."""

    __slots__ = ("table",)

    def __init__(self, table: str) -> None:
        self.table = table


def row_field(table: str, field: str) -> str:
    """The key of a table's field texts: ``Ref(row_field(t, f), method="[]")`` reads them
    (the constant ``f"{row_field(t, f)}[]"`` holds them)."""
    return f"{table}[].{field}"


class TypesVal:
    """A variable holding one of several exception classes, taken from a mapping of classes
    (``mapped_exc = EXC_MAP[type(exc)]``, ``for a, b in EXC_MAP.items()``): the classes known
    here as (written, key), and mappings defined elsewhere by key (``mod.NAME``, ``mod.f()``)."""

    __slots__ = ("entries", "refs")

    def __init__(self, entries: tuple[tuple[str, str | None], ...], refs: tuple[str, ...]) -> None:
        self.entries = entries
        self.refs = refs


EnvVal = (
    Value | ListVal | FmtVal | ExcVal | ExcListVal | DictVal | RowVal | TypesVal | TupleArgs | ArgsCopy | None
)
Env = dict[str, EnvVal]
CallArgs = tuple[tuple[Arg, ...], tuple[tuple[str, Arg], ...]]  # (``call_args``: positional, keyword)
Guard = tuple[str, ast.AST]
# ``isinstance(e, K)`` of a name a tuple clause caught: the name, its classes before the test,
# where the test holds, where it fails (``ModuleVisitor.caught_split``)
CaughtSplit = tuple[str, tuple[str, ...], tuple[str, ...], tuple[str, ...]]
# A statement handler: (statement, environment, frame, guard stack); each takes its own node type.
Handler = Callable[[Any, "Env", "Frame", list[Guard]], None]
# A message evaluator: (expression, environment, frame) -> its value, None when unknown.
Evaluator = Callable[[Any, "Env", "Frame"], "Value | None"]
_DEFINITIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
_DEFINITION_TYPES = frozenset(_DEFINITIONS)  # (exact types: ``astutil._LEAF_VALUES``)
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
    # ``i = s.index("\n")``: the local ``i`` is where text ``s`` first holds that separator
    cuts: dict[str, tuple[str, str]] = field(default_factory=dict)
    # ``except (TypeError, ValueError) as e`` -> the classes as written (``caught`` holds "" for
    # a tuple): what ``raise e.__class__(...)`` / ``raise type(e)(...)`` may raise
    caught_tuples: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # ``if isinstance(error, AdapterHTTPError):`` -> the class, as written, inside that body: an
    # exception handed in (a handler's parameter) whose text is that class's
    narrowed: dict[str, str] = field(default_factory=dict)
    # ``except TypeError as e`` -> the codebase functions its ``try`` body calls (their keys):
    # where a caught built-in exception's text may come from (``try_calls``)
    caught_calls: dict[str, tuple[str, ...]] = field(default_factory=dict)
    returns: list[Value] = field(default_factory=list)
    ret_items: dict[int, list[Value]] = field(default_factory=dict)  # ``return a, msg, b``: by index
    # ``return errors`` / ``return warns, errors`` of lists of messages: their items' texts, by
    # ``FuncInfo.lists``' index (0 the whole return, ``i + 1`` a tuple's element ``i``)
    ret_lists: dict[int, list[Value]] = field(default_factory=dict)
    # ``return error`` of a parameter: the parameters returned as given, and whether anything
    # else is returned (a bare ``return``, another value)
    passed: set[str] = field(default_factory=set)
    returns_other: bool = False
    # ``parser = Parser(text)`` in a function: the local -> its class as written, so that
    # ``parser.parse()`` names that class's method
    local_classes: dict[str, str] = field(default_factory=dict)
    exc_return: ExcSpec | None = None
    exc_class: bool = False  # an exception class (or a mixin with a printer), or one of its methods
    raise_spec: ExcSpec | None = None  # what the body's final unconditional ``raise`` raises
    opaque_return: bool = False  # some ``return`` gives a value with no known text
    param_types: dict[str, str] = field(default_factory=dict)  # parameter -> annotated class, as written
    self_values: dict[str, Value] = field(default_factory=dict)
    params: frozenset[str] = frozenset()  # parameters a caller passes (``self`` aside)
    # parameters annotated to hold classes (``type[X]``), found on first need (``_type_params``)
    type_params: frozenset[str] | None = None
    str_params: frozenset[str] = frozenset()  # parameters annotated ``str``
    printed: list[Value] | None = None  # printers and properties: every value returned
    yields: bool = False  # a printer's generator: its printed forms are its exits' yields
    report: list[Value] = field(default_factory=list)  # an exception's report method: its texts
    relays: list[ExcSpec] = field(default_factory=list)  # raises of a message from the parameters
    base_call: BaseCall | None = None  # ``__init__``: the last base initialiser it calls
    args_set: tuple[Arg, ...] | None = None  # ``__init__``: ``self.args = (...)``
    super_aliases: set[str] = field(default_factory=set)  # ``init = super().__init__``
    # ``__init__``: ``a, b, c = args`` ("#3") or ``= args[:3]`` (">3") unpacked the ``*args``
    # parameter; a call with another count fails there (the ``except`` beside it decides)
    star_need: tuple[str, str] | None = None
    # ``__init__``: ``if key is not None: return super().__init__(f"...{key}")``, a base call
    # under a test of the parameters in a branch that leaves: the tests and that call, which the
    # next base call (the fall-through's) pairs with as its other branch
    guarded_base: tuple[tuple[tuple[str, str, bool], ...], BaseCall] | None = None
    cls_name: str | None = None  # a classmethod's first parameter
    cls_rebound: bool = False  # ``cls = ...`` in the classmethod: ``cls(...)`` may be a subclass
    types_return: tuple[tuple[str, str | None], ...] = ()  # returns a dict literal of classes
    types_return_refs: tuple[str, ...] = ()  # returns a class looked up in these mappings
    raised_attrs: list[tuple[str, ExcSpec]] = field(default_factory=list)
    exc_more: list[ExcSpec] = field(default_factory=list)  # a factory's further exception returns
    props: frozenset[str] = frozenset()  # a class body: its methods decorated as properties
    # a class body: ``self.<attr> = Cls(...)`` in ``__init__`` -> the class as written, so that
    # ``self.<attr>.method(...)`` names that class's method
    attr_classes: dict[str, str] = field(default_factory=dict)
    # a class body: attributes holding an exception class itself (``retry_error_cls = RetryError``
    # in the body, or ``self.<attr> = <param>`` in ``__init__`` whose default is the class), so
    # that ``self.<attr>(...)`` builds an instance of it unless a caller configures another
    held_classes: dict[str, str] = field(default_factory=dict)
    class_params: frozenset[str] = frozenset()  # parameters holding a class (``type[E]``, ``=E``)
    # ``exception_type=CheckedValueTypeError``: parameters defaulting to an exception class
    default_classes: dict[str, str] = field(default_factory=dict)
    # the loops being walked, innermost last: the environments ``continue``/``break`` left with
    loop_exits: list[list[Env]] = field(default_factory=list)
    start: int = 1
    end: int = 1
    # a function defined in a function: the guards its ``def`` sits under (``Site.outer``)
    outer: tuple[str, ...] = ()
    doc_done: bool = False
    doc: str | None = None
    _body: tuple[list[ast.AST], bool] | None = None
    _containers: dict[str, str] | None = None
    _maybe_containers: frozenset[str] | None = None
    _bound: dict[str, list[ast.expr]] | None = None
    _literals: frozenset[str] | None = None
    _statements: tuple[list[ast.AST] | None] | None = None  # (own_statements,): None past its bound
    _literal_nodes: dict[str, ast.expr | None] | None = None

    def body(self) -> tuple[list[ast.AST], bool]:
        """The nodes of the function's own body (``containers.function_body``), walked once
        for all that read them: the container locals and the values the locals are bound from."""
        if self._body is None:
            self._body = function_body(self.node)
        return self._body

    def statements(self) -> list[ast.AST] | None:
        """The function's own statements (``containers.own_statements``), read once for the
        two tests made on them: which locals may be containers, which literal displays."""
        if self._statements is None:
            self._statements = (own_statements(self.node),)
        return self._statements[0]

    def container(self, name: str) -> str | None:
        """The shape of local ``name`` when it holds a dict or list of messages (``containers``)."""
        if self.kind != "function":
            return None
        if self._maybe_containers is None:  # the body's whole walk only for a name that may be one
            self._maybe_containers = statement_containers(self.statements())
        if name not in self._maybe_containers:
            return None
        if self._containers is None:
            self._containers = containers_of(*self.body())
        return self._containers.get(name)

    def literal_local(self, name: str) -> bool:
        """Whether some ``name = <literal display>`` statement of the function binds ``name``
        (``literals.literal_names``: its statements only, read once)."""
        if self._literals is None:
            self._literals = literal_names(self.statements())
        return name in self._literals

    def literal_node(self, name: str) -> ast.expr | None:
        """The literal display the function binds local ``name`` to once and never changes
        (``literals.bound_once``), or None; asked of each argument a call passes by name, so
        answered once per name (it depends on the function's body alone)."""
        if self._literal_nodes is None:
            self._literal_nodes = {}
        elif name in self._literal_nodes:
            return self._literal_nodes[name]
        node: ast.expr | None = None
        if self.literal_local(name):
            values = self.bound_from(name)
            if (
                len(values) == 1
                and isinstance(values[0], _T_LITERAL_DISPLAYS)
                and bound_once(self.node, *self.body(), name, values)
            ):
                node = values[0]
        self._literal_nodes[name] = node
        return node

    def bound_values(self) -> dict[str, list[ast.expr]]:
        """Every local's binding expressions (``bound_from``), read once."""
        if self._bound is None:
            self._bound = _bound_values(self.body()[0])
        return self._bound

    def bound_from(self, name: str) -> list[ast.expr]:
        """The expressions local ``name`` is bound from in the function's body, in the order of
        its walk (``name = e``, ``name: T = e``, ``(name := e)``, ``for name in e``)."""
        if self._bound is None:
            self._bound = _bound_values(self.body()[0])
        return self._bound.get(name, [])


def _bound_literal_node(name: str, env: Env, frame: Frame) -> ast.expr | None:
    """The literal display (container or number) the function binds ``name`` to once and never
    changes (``literals.bound_once``); None otherwise. Cheap where that does not hold: a local
    known as text, or not a local, needs no look at the function's body."""
    if frame.kind != "function" or name not in env:
        return None
    cur = env[name]
    if isinstance(cur, tuple) and cur != NONE:
        return None  # text, or a value the environment knows better (a caller's argument)
    return frame.literal_node(name)


_LEAVES = (ast.Continue, ast.Break, ast.Return, ast.Raise)  # statements after which a block's path ends
_LEAVES_TYPES = frozenset(_LEAVES)  # (exact types: ``astutil._LEAF_VALUES``)
_MAX_ITEMS = 8  # a returned or unpacked tuple longer than this is no (value, error, ...) triple
_TUPLE = "%"  # the environment key prefix of a local's ``TupleArgs`` (no name starts so)
_OVERRIDES = "*"  # a ``types_refs`` entry's mark: the method's overrides in subclasses count too
_REWRAP = frozenset({"dedent", "cleandoc", "fill", "indent"})  # textwrap/inspect: whitespace changes only


# ``str.encode`` and ``bytes.decode``: text turned to bytes and back keeps its characters
_CODEC = ("encode", "decode")


def _same_text(call: ast.Call, func: ast.Attribute) -> ast.expr | None:
    """The expression a method call's text is, unchanged: ``t.cast(str, x)`` is ``x``, and
    ``text.encode()`` / ``data.decode("utf-8")`` hold the same characters as text."""
    if func.attr == "cast" and len(call.args) == 2 and _last_name(func.value) in ("t", "typing"):
        return call.args[1]
    if func.attr in _CODEC:
        return func.value
    return None


def _is_rewrap(call: ast.Call) -> bool:
    """``textwrap.dedent(text)`` and kin: the text itself, up to whitespace."""
    if not call.args or type(call.args[0]) is ast.Starred:
        return False
    return _rewrap_func(call.func, call.args[1:], call.keywords)


def _rewrap_func(f: ast.expr, more: Sequence[ast.expr], keywords: Sequence[ast.keyword]) -> bool:
    """``f`` is ``textwrap.dedent`` or kin, given these arguments after the text: a
    ``textwrap.indent`` only with a prefix of whitespace (``"  "``), which changes no word."""
    if type(f) is ast.Attribute:
        if not (isinstance(f.value, ast.Name) and f.value.id in ("textwrap", "inspect")):
            return False
        return _rewrap_target(f.attr, more, keywords)
    return isinstance(f, ast.Name) and f.id in ("dedent", "cleandoc")


def _rewrap_target(attr: str, more: Sequence[ast.expr], keywords: Sequence[ast.keyword]) -> bool:
    """``textwrap.<attr>`` (or ``inspect.<attr>``) rewraps text given these arguments after it."""
    if attr not in _REWRAP:
        return False
    if attr != "indent":
        return True
    prefix = more[0] if more else next((k.value for k in keywords if k.arg == "prefix"), None)
    return isinstance(prefix, ast.Constant) and isinstance(prefix.value, str) and not prefix.value.strip()


def _instance_text(value: object, self_name: str | None) -> bool:
    """A value that is what the instance holds (``self.message``): one placeholder of an
    attribute of ``self``, which an exception's printer fills per raise; or the printed form
    of a base class (``super().__str__()``, ``Exception.__str__(self)``), which the resolver
    fills with the message the raise passes (sphinx's ``ExtensionError.__str__``: ``parent_str
    = super().__str__()`` then ``f"{parent_str} (exception: {self.orig_exc})"``)."""
    if self_name is None or not isinstance(value, tuple) or len(value) != 1:
        return False
    only = value[0]
    if not (isinstance(only, tuple) and len(only) == 1 and isinstance(only[0], Ph)):
        return False
    name = only[0].name
    return name.startswith(self_name + ".") or name == SUPER_STR or name.endswith(NAMED_STR)


def _partial_rewrap(value: ast.expr) -> bool:
    """``functools.partial(textwrap.indent, prefix="  ")`` (or of ``textwrap.dedent``): a
    name bound to it is a rewrap helper, as a ``def`` returning that call of its parameter is."""
    return (
        isinstance(value, ast.Call)
        and _last_name(value.func) == "partial"
        and len(value.args) >= 1
        and not any(isinstance(a, ast.Starred) for a in value.args)
        and _rewrap_func(value.args[0], value.args[1:], value.keywords)
    )


def _unparse(node: ast.AST) -> str:
    try:
        text = expr_text(node)  # (``ast.unparse``'s text, its common shapes written directly)
    except (RecursionError, ValueError):  # pragma: no cover - absurdly deep expressions
        return "..."
    return text if len(text) <= 200 else text[:197] + "..."


# Calls that make a mapping of their one dict argument's items: a class-level registry of
# messages is often kept read-only (``MappingProxyType({...})``) or copied (``dict({...})``)
_MAPPING_MAKERS = frozenset({"MappingProxyType", "dict", "OrderedDict", "frozendict", "immutabledict"})


def _mapping_literal(value: ast.expr) -> ast.expr:
    """The dict literal a mapping is made of (``MappingProxyType({"key": "text"})``), so its
    entries are read like a plain ``{...}``'s; any other expression unchanged."""
    if (
        isinstance(value, ast.Call)
        and len(value.args) == 1
        and not value.keywords
        and isinstance(value.args[0], ast.Dict)
        and _last_name(value.func) in _MAPPING_MAKERS
    ):
        return value.args[0]
    return value


def _logger_call(func: ast.expr) -> bool:
    """``self.log.error(...)``, ``logger.warning(...)``: a logger's method, which records its
    text (a log site) and raises nothing; never a helper of the codebase that happens to share
    the method's name (a ``TraitType.error`` that raises what it is given)."""
    return (
        isinstance(func, ast.Attribute)
        and (func.attr in LOG_METHODS or func.attr == "log")
        and "log" in _last_name(func.value).lower()
    )


def _str_constant(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


def _inert_text(e: ast.expr) -> bool:
    """A value whose message evaluation reads its own syntax and the module's names only and
    notes nothing (keeps no table, records no fact): a string constant, or a call of a plain
    name on constant arguments (``u("New Jersey")``, ``_("Not found")``). Leaving such a value
    unevaluated changes nothing but the text it would give."""
    if type(e) is ast.Constant:
        return True
    if type(e) is not ast.Call:
        return False
    assert isinstance(e, ast.Call)
    return (
        type(e.func) is ast.Name
        and e.func.id != "getattr"  # (read as the attribute it names: ``msg_attribute``)
        and all(type(a) is ast.Constant for a in e.args)
        and all(k.arg is not None and type(k.value) is ast.Constant for k in e.keywords)
    )


def _str_value(node: ast.expr | None) -> str | None:
    """The text of a string constant, else None."""
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _field_names(node: ast.expr) -> tuple[str, ...]:
    """The fields ``namedtuple`` is given: a list or tuple of names, or one string of them."""
    text = _str_value(node)
    if text is not None:
        names = text.replace(",", " ").split()
    elif isinstance(node, _T_LIST_TUPLE):
        got = [_str_value(e) for e in node.elts]
        names = [n for n in got if n is not None] if None not in got else []
    else:
        names = []
    return tuple(names) if 0 < len(names) <= _MAX_FIELDS and all(n.isidentifier() for n in names) else ()


_MAX_ARGS_JOINS = 8  # (separator, caught classes) entries of one module
_BROAD_CATCHES = frozenset({"Exception", "BaseException"})
# nodes no call can be under (``None``: a dict display's ``**`` key), for the args-join walk
_NO_CALLS = frozenset({
    ast.Name, ast.Constant, type(None), ast.Pass, ast.Break, ast.Continue, ast.alias, ast.Import,
    ast.ImportFrom, ast.Global, ast.Nonlocal,
})  # fmt: skip
_STATEMENTS = frozenset(ast.stmt.__subclasses__())


# What may stand between two tokens of an expression: blanks, line breaks and continuations, and
# comments (inside brackets). Run by RE2 (``linear_re``), as the module's text is untrusted: with
# a backtracking engine the comment alternative read from every quote of a line of ``"#"#"#...``
# to the line's end, quadratic in the line (4.5 ms at 8,000 characters, minutes at a megabyte).
_GAP = r"(?:[\s\\]|#[^\n]*)*"
# ``SEP.join(`` of a string literal (its closing quote, or the bracket closing it) and ``print(*``:
# the calls ``_args_join`` reads, as they must be written for the tree to hold them
_JOIN_CALL = compile_linear(rf"""["')]{_GAP}\.{_GAP}join{_GAP}\(""")
_PRINT_STAR = compile_linear(rf"print{_GAP}\({_GAP}\*")


def _may_join_args(text: str) -> bool:
    """Whether the module's text may hold a call ``_args_join`` reads (``note_args_joins``
    walks the whole tree for them only then). ``.args`` and one of the two calls as they must
    be written: ``SEP.join(`` after a string literal, ``print(*``. Tests of ``join(`` and
    ``print(`` alone passed 34 of jax's 617 modules (its largest among them: ``os.path.join``,
    ``print(f"...")``) and no call was found in any; this passes 16, as few walks as the
    words allow, and never a module the walk would find one in."""
    if ".args" not in text:
        return False
    if "join" in text and _JOIN_CALL.search(text) is not None:
        return True
    return "print" in text and _PRINT_STAR.search(text) is not None


def _args_join(call: ast.Call) -> tuple[str, ast.expr] | None:
    """The separator and the object of a call printing that object's ``args`` joined:
    ``SEP.join(X.args)``, ``SEP.join(str(a) for a in X.args)`` (or a list comprehension),
    ``SEP.join(map(str, X.args))``, ``print(*X.args)`` (its ``sep=``, else a space)."""
    func = call.func
    if (
        isinstance(func, ast.Attribute)
        and func.attr == "join"
        and isinstance(func.value, ast.Constant)
        and isinstance(func.value.value, str)
        and len(call.args) == 1
        and not call.keywords
    ):
        arg = call.args[0]
        if isinstance(arg, _T_GENERATOREXP_LISTCOMP) and len(arg.generators) == 1:
            if not _each_as_str(arg.elt, arg.generators[0]):
                return None
            arg = arg.generators[0].iter
        elif (
            isinstance(arg, ast.Call)
            and isinstance(arg.func, ast.Name)
            and arg.func.id == "map"
            and len(arg.args) == 2
        ):
            arg = arg.args[1]
        if isinstance(arg, ast.Attribute) and arg.attr == "args":
            return func.value.value, arg.value
        return None
    if (
        isinstance(func, ast.Name)
        and func.id == "print"
        and len(call.args) == 1
        and isinstance(call.args[0], ast.Starred)
        and isinstance(star := call.args[0].value, ast.Attribute)
        and star.attr == "args"
    ):
        sep = next((k.value for k in call.keywords if k.arg == "sep"), None)
        if sep is None:
            return " ", star.value
        if isinstance(sep, ast.Constant) and isinstance(sep.value, str):
            return sep.value, star.value
    return None


def _none_within(lines: list[int], node: ast.stmt) -> bool:
    """Whether none of the sorted line numbers ``lines`` falls within ``node``'s lines."""
    i = bisect_left(lines, node.lineno)
    return i == len(lines) or lines[i] > (node.end_lineno or node.lineno)


def _name_chain(node: ast.Attribute) -> bool:
    """``a.b.c``: attributes down to a name (a dotted path, which holds no call)."""
    w = node.value
    while type(w) is ast.Attribute:
        w = w.value
    return type(w) is ast.Name


def _join_entry(
    sep: str, receiver: ast.expr, caught: dict[str, tuple[str, ...]]
) -> tuple[str, tuple[str, ...]] | None:
    """The entry a call joining ``receiver``'s ``args`` by ``sep`` makes (``note_args_joins``):
    the classes of the ``except`` binding the receiver (none for a broad one), every class for
    an object named like an exception, and no entry for any other object."""
    bound = isinstance(receiver, ast.Name) and receiver.id in caught
    keys = caught[receiver.id] if isinstance(receiver, ast.Name) and bound else ()
    return (sep, keys) if bound or _error_like(receiver) else None


def _each_as_str(elt: ast.expr, gen: ast.comprehension) -> bool:
    """The comprehension yields each item as is or as its ``str()`` (``str(a) for a in ...``),
    unfiltered: what is joined is the items' own text."""
    if gen.ifs or not isinstance(gen.target, ast.Name):
        return False
    if isinstance(elt, ast.Call) and isinstance(elt.func, ast.Name) and elt.func.id == "str":
        elt = elt.args[0] if len(elt.args) == 1 and not elt.keywords else elt
    return isinstance(elt, ast.Name) and elt.id == gen.target.id


_ERROR_WORDS = ("error", "exc", "exception")


def _error_like(node: ast.expr) -> bool:
    """The object whose ``args`` are joined reads as an exception: a name or attribute called
    ``e``, ``err``, ``exc``, ``ex`` or ending in ``error``/``exception`` (``self._error``,
    ``last_exc``). Not ``self``: a class joining its own ``args`` is its own printer, already
    what ``str()`` of it shows; nor a syntax node's or a parser's ``args``."""
    name = node.attr if isinstance(node, ast.Attribute) else node.id if isinstance(node, ast.Name) else ""
    word = name.lower().strip("_")
    return word in ("e", "ex", "err") or word.endswith(_ERROR_WORDS)


# the names a method's object goes by: ``self._Parse(...)`` is a method, not a module's class
_SELF_NAMES = frozenset(("self", "cls"))


def _constant_template(e: ast.BinOp) -> bool:
    """``_LOCKED % (path, pid)``, ``self.MSG % name``: a constant's name (capitals) formatted
    by ``%``, a template once the constant is known (a number's ``%`` is not written so)."""
    if not isinstance(e.op, ast.Mod) or not isinstance(e.left, _T_NAME_ATTRIBUTE):
        return False
    name = _last_name(e.left).lstrip("_")
    return name.isupper() and name[:1].isalpha()


def _class_like(node: ast.expr, funcs: AbstractSet[str]) -> bool:
    """A class's name: capitalised, or spelt as a private class (``_InactiveRpcError``,
    ``exceptions._RefResolutionError``; a module's own exception classes are often
    ``_``-named). Not a private constant (``_CODEC_OPTIONS_TYPE_ERROR``, an instance made
    once), a private attribute of an object (``self._StringParseError(e)``: code in Google's
    style names its methods so) nor a private function of the module (``funcs``: kombu's
    ``def _LeftBlank(obj, method): return NotImplementedError(...)``, a factory)."""
    name = _last_name(node)
    if name[:1].isupper():
        return True
    bare = name.lstrip("_")
    if not bare[:1].isupper() or bare.isupper():
        return False
    if isinstance(node, ast.Attribute):
        return isinstance(node.value, ast.Name) and node.value.id not in _SELF_NAMES
    return isinstance(node, ast.Name) and name not in funcs


def _keep_passed(found: tuple[TypesVal, dict[str, tuple[tuple[str, str | None], ...]]], slot: str) -> None:
    """``note_passed_maps``: the classes one argument hands on, added to its table under the
    callee's slot (each once, in order, at most ``_MAX_PASSED``)."""
    types, table = found
    got = table.get(slot, ())
    if len(got) < _MAX_PASSED:
        table[slot] = tuple(dict.fromkeys((*got, *types.entries)))[:_MAX_PASSED]


def _last_name(node: ast.expr) -> str:
    t = type(node)  # (exact types: ``astutil._LEAF_VALUES``)
    if t is ast.Name:
        return node.id  # type: ignore[attr-defined,no-any-return]
    if t is ast.Attribute:
        return node.attr  # type: ignore[attr-defined,no-any-return]
    if t is ast.Call:
        return _last_name(node.func)  # type: ignore[attr-defined]
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
        # (a cheap test of the text first: few modules join an object's ``args`` at all)
        self.joins_args = _may_join_args(text)
        self.want_sites = want_sites
        self.imports: dict[str, str] = {}
        self.top: set[str] = set()
        self.top_funcs: set[str] = set()  # the module's functions (``def`` at its top level)
        # the module's top-level classes that derive from an exception by a base's name though
        # their own name is no exception's (``class BrokenProcessPool(_BPPException)``)
        self.exc_classes: set[str] = set()
        self.flag: list[int] = _flagged_lines(text, self.lines) if want_sites else []
        self.comment_cache: dict[int, str | None] = {}
        # placeholder texts by node id, each with its node: a node the visitor makes and drops
        # (``getattr(x, "kind")`` read as ``x.kind``) would leave its id to the next one made
        self.src_cache: dict[int, tuple[ast.AST, str]] = {}
        self.guard_cache: dict[tuple[str, int], str] = {}
        # a decorated class's ``__post_init__``, by class key, until ``walk_class`` chains it to
        # the ``__init__`` its decorator generates
        self.post_inits: dict[str, tuple[InitInfo, str]] = {}
        # multi-line expressions unparsed, by id (the node kept too, so its id is not reused)
        self.unparsed: dict[int, tuple[ast.AST, str]] = {}
        self.raised_cache: dict[int, frozenset[str]] = {}
        # the ``try`` statement of each handler being walked (``noted_reraise``)
        self.try_of: dict[ast.ExceptHandler, ast.Try | ast.TryStar] = {}
        self.raised_boxes_cache: dict[int, frozenset[str]] = {}  # (``raised_boxes``)
        # the arguments of the call a statement hands to ``raiser_ref`` (``x = f(a, "...")``,
        # ``return f(...)``), with the environment and frame they were read in: the statement's
        # own evaluation of the same call (``eval_call``: the assigned or returned value) reads
        # them again, and gets them from here when nothing they were read from has changed
        # (``_args_of``); dropped at each statement
        self.args_memo: tuple[ast.Call, Env, Env, Frame, CallArgs] | None = None
        self.module_frame = Frame("module", "<module>", self.module)
        self.tuples: dict[str, list[ast.expr]] = {}  # module-level tuples of names (starred bases)
        self.log_aliases: dict[str, str] = {}  # module-level name -> the logger method it is bound to
        self.version_names: dict[str, bool] = {}  # ``PY3 = sys.version_info[0] == 3``: its outcome
        self.global_names: set[str] = set()  # names a function rebinds (``global X``): no constants
        # module-level names last bound to a literal that is not text (``LIMIT = 10``, ``MAGIC =
        # b"..."``): the literal, so the name's repr is known exactly (``finish_module``)
        self.module_literals: dict[str, object] = {}
        self.number_names: set[str] = set()  # module-level names bound to such a literal somewhere
        self.module_other: set[str] = set()  # ... and to anything else somewhere
        # module-level names bound to a dict literal (``_deprecations = {...}``): the rows a
        # module-level call may register (``note_registered``)
        self.module_dicts: dict[str, ast.Dict] = {}
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
            ast.Global: self.on_global,
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
            ast.BoolOp: self.msg_boolop,
        }

    # ------------------------------------------------------------ entry points

    def close(self) -> None:
        """Drop the tables of bound methods: they make the visitor a reference cycle, which
        (with all it holds: the file's facts, lines and caches) only the cyclic collector
        could free, so a release's extraction left ~300k objects for it to find."""
        self.handlers.clear()
        self.evaluators.clear()

    def run(self, body: Sequence[ast.stmt]) -> None:
        """Walk a whole module body."""
        self.prepass(body)
        self.note_args_joins(body)
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
            self.note_args_joins(stmts)
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
                if isinstance(stmt, _T_FUNCTIONDEF_ASYNCFUNCTIONDEF):
                    info.methods.add(stmt.name)
        self.finish_module(env)

    def prepass(self, body: Sequence[ast.stmt]) -> None:
        """Module-level names and imports, so functions can reference things defined later."""
        for stmt in body:
            kind = type(stmt)  # (exact types: ``astutil._LEAF_VALUES``)
            if kind in _DEFINITION_TYPES:
                name: str = stmt.name  # type: ignore[attr-defined]
                self.top.add(name)
                if kind is not ast.ClassDef:
                    self.top_funcs.add(name)
                elif self._derives_exception(stmt):  # type: ignore[arg-type]
                    self.exc_classes.add(name)
            elif type(stmt) is ast.Assign:
                for t in stmt.targets:
                    self._top_targets(t)
            elif kind is ast.AnnAssign or kind is ast.AugAssign:
                self._top_targets(stmt.target)  # type: ignore[attr-defined]
            elif isinstance(stmt, _T_IMPORT_IMPORTFROM):
                self.add_import(stmt, module_level=True)
            elif isinstance(stmt, _T_IF_TRY_WITH):
                for block in self._sub_blocks(stmt):
                    self.prepass(block)

    def _derives_exception(self, node: ast.ClassDef) -> bool:
        """A class named otherwise whose every base is named like an exception (a warning's
        name aside, as ``_builds_exception`` leaves warnings out), or is such a class of this
        module defined above it (in the order the prepass meets them). A class that mixes in
        any other base is an object used otherwise too (bottle's ``HTTPResponse(Response,
        BottleException)`` returned as a response, grpc's rendezvous that is a future), and its
        constructions are not taken for exceptions built to be raised."""
        if node.name.endswith(EXC_SUFFIXES) or not node.bases:
            return False  # (named like one: ``_builds_exception`` knows it by its name)
        bases = [_last_name(b.value if isinstance(b, ast.Subscript) else b) for b in node.bases]
        return all(
            (b.endswith(EXC_SUFFIXES) and not b.endswith("Warning")) or b in self.exc_classes for b in bases
        )

    def builds_exception(self, node: ast.expr, env: Env) -> bool:
        """``_builds_exception``, or a call with arguments of one of the module's own exception
        classes whose name is no exception's (``BrokenProcessPool("A task has failed ...")``),
        the name not rebound locally."""
        if _builds_exception(node):
            return True
        return (
            type(node) is ast.Call
            and bool(node.args or node.keywords)
            and type(func := node.func) is ast.Name
            and func.id in self.exc_classes
            and func.id not in env
        )

    def note_args_joins(self, body: Sequence[ast.stmt]) -> None:
        """Where the module prints an exception's arguments joined by a separator (its CLI's
        ``" ".join(str(a) for a in err.args)``, ``print(*e.args)``), not as Python's ``str()``:
        a raise given several arguments is then also seen as those arguments so joined.
        A receiver bound by ``except C as e`` limits it to class ``C``; one from elsewhere
        (an attribute holding the error) or a broad catch leaves it to every class of the
        codebase. One linear pass over the tree, a bounded number of entries."""
        if not self.joins_args:
            return
        # Depth first, the last child first (``ast.iter_child_nodes`` order, reversed by the
        # stack), so the entries and the cap fall as they always did. A subtree that can hold no
        # call is never taken: a name, a constant, a dotted path (``a.b.c``), the contexts and
        # operators; leaving whole subtrees out keeps every other node in its order. The
        # handler's names are one mapping for the walk, restored by a marker (a 1-tuple of the
        # mapping before) pushed under the handler's children, which the stack reaches once
        # they are all done; a pair per node queued cost more than the walk itself.
        # A statement none of whose lines reads an ``.args`` (as the text test above reads it)
        # holds no such call: its subtree is not taken. The calls found keep their order (a
        # skipped subtree holds none), and so do the handlers' names over the ones taken.
        # (jax: of the 16 modules the text test passes, the largest hold one ``.args`` in
        # hundreds of statements.)
        args_lines = [i for i, line in enumerate(self.lines, 1) if ".args" in line]
        found_joins = self.facts.args_joins
        seen = set(found_joins)
        caught: dict[str, tuple[str, ...]] = {}
        stack: list[Any] = list(body)
        pop, push, extend = stack.pop, stack.append, stack.extend
        fields_of, no_calls, node_t, statements = NODE_FIELDS, _NO_CALLS, ast.AST, _STATEMENTS
        attr_t, call_t, handler_t = ast.Attribute, ast.Call, ast.ExceptHandler
        while stack and len(seen) < _MAX_ARGS_JOINS:
            n = pop()
            t = type(n)
            if t in no_calls:
                continue
            if t is tuple:  # the end of a handler's subtree
                caught = n[0]
                continue
            if t in statements and _none_within(args_lines, n):
                continue
            if t is attr_t:
                if _name_chain(n):
                    continue  # a dotted path holds no call
            elif t is handler_t:
                if n.name and n.type is not None:
                    push((caught,))
                    caught = {**caught, n.name: self.caught_keys(n.type)}
            elif t is call_t and (found := _args_join(n)) is not None:
                entry = _join_entry(*found, caught)
                if entry is not None and entry not in seen:
                    seen.add(entry)
                    found_joins.append(entry)
            fields = fields_of.get(t)
            for f in fields if fields is not None else node_fields(t):
                v = getattr(n, f, None)
                if type(v) is list:
                    extend(v)
                elif isinstance(v, node_t):
                    push(v)

    def caught_keys(self, node: ast.expr) -> tuple[str, ...]:
        """The keys of the classes an ``except`` catches; empty for a broad catch (``Exception``)
        or one naming a class not known here."""
        elts = node.elts if isinstance(node, ast.Tuple) else [node]
        keys = [self.expr_key(e, self.module_frame) for e in elts]
        if any(k is None or k.removeprefix("builtins.") in _BROAD_CATCHES for k in keys):
            return ()
        return tuple(sorted(k for k in keys if k is not None))

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
        elif isinstance(t, _T_LIST_TUPLE):
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

    def on_global(self, stmt: ast.Global, env: Env, frame: Frame, guards: list[Guard]) -> None:
        if frame.kind == "function":
            self.global_names.update(stmt.names)

    def finish_module(self, env: Env) -> None:
        for name, val in env.items():
            if name in self.global_names:
                continue  # ``global X; X = ...`` in a function: the value is the run's, not this one
            if isinstance(val, tuple) and value_has_literal(val):
                shown = _literal_repr(self.module_literals.get(name), val)
                if name in self.number_names and (shown is None or name in self.module_other):
                    # a number bound in branches (``if x: N = 1 else: N = 2``) or also to a
                    # computed value (``N = 0`` then ``if lib: N = lib.size()``): the run's
                    continue
                self.facts.consts[f"{self.module}.{name}"] = val
                if shown is not None:
                    self.facts.consts[f"{self.module}.{name}{REPR_KEY}"] = lit(shown)
            elif isinstance(val, DictVal):
                self.keep_table(f"{self.module}.{name}", val)
            elif isinstance(val, ListVal) and not name.startswith("__") and _word_list(val):
                # ``FIELD_NAMES = ["second", "minute", ...]``: each word by its index, for a
                # lookup by an enum member's value (``FIELD_NAMES[self]`` on ``Field.DAY``)
                for i, item in enumerate(val.items):
                    self.facts.consts[f"{self.module}.{name}[{i}]"] = item

    def keep_table(self, key: str, table: DictVal) -> None:
        """A dict of messages kept under ``key``: its texts, and each record field's texts."""
        self.facts.consts[f"{key}[]"] = table.value
        for name, texts in table.fields.items():
            self.facts.consts[f"{row_field(key, name)}[]"] = texts

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
        self.args_memo = None
        # the flagged lines are sorted: a statement past the last one has no warn/log call to
        # find (most statements of most files), nor one whose lines hold none (the next flagged
        # line is past its last: 73,574 of the 75,634 statements of jax before the last flagged
        # line of their file), so ``scan_header`` is not called for those
        flag = self.flag
        if (
            flag
            and flag[-1] >= stmt.lineno
            and t not in _DEFINITIONS
            and flag[bisect_left(flag, stmt.lineno)] <= (stmt.end_lineno or stmt.lineno)
        ):
            self.scan_header(stmt, env, frame, guards)
        handler = self.handlers.get(t)
        if handler is not None:
            handler(stmt, env, frame, guards)

    def on_assign_stmt(self, stmt: ast.Assign, env: Env, frame: Frame, guards: list[Guard]) -> None:
        self.note_passed_maps(stmt.value, env, frame)
        if self.want_sites and type(stmt.value) is ast.Call:
            self.raiser_call(stmt, stmt.value, env, frame, guards)
        if self.want_sites and frame.kind == "module":
            self.log_aliases_from(stmt)
        if frame.kind == "module":
            self.note_version_names(stmt)
            self.note_module_literal(stmt)
            self.note_module_dict(stmt)
            if self.want_sites and type(stmt.value) is ast.Call:
                self.note_registered(stmt.value, env, frame)
        if self.want_sites and frame.kind == "function":
            self.args_rewrite(stmt, env, frame, guards)
            self.strerror_rewrite(stmt, env, frame, guards)
        if (
            self.want_sites
            and frame.kind in ("module", "class")
            and type(stmt.value) is ast.Call
            and len(stmt.targets) == 1
            and isinstance(stmt.targets[0], ast.Name)
        ):
            self.note_record(stmt.targets[0].id, stmt.value, frame)
        if self.want_sites and type(stmt.value) in _T_BUILT:
            self.note_built(stmt.value, frame)
        self.on_assign(stmt, env, frame)
        if self.want_sites and frame.kind == "function" and type(stmt.value) is ast.Call:
            self.built_away(stmt, stmt.value, env, frame, guards, stmt.targets)

    def args_rewrite(self, stmt: ast.Assign, env: Env, frame: Frame, guards: list[Guard]) -> None:
        """``exception.args = (msg,) + exception.args[1:]``: an existing exception (a parameter,
        a caught one) given a new message (redis's ``Pipeline.annotate_exception`` prefixes the
        server's error); whoever raises it next prints that text, so the statement is its site.
        The class is the caught or annotated one when known."""
        target = stmt.targets[0] if len(stmt.targets) == 1 else None
        if not (type(target) is ast.Attribute and target.attr == "args" and type(target.value) is ast.Name):
            return
        name = target.value.id
        if name == frame.self_name:
            return  # an exception's own ``self.args`` (its ``__init__``) is how its class prints
        value = stmt.value
        if isinstance(value, ast.BinOp) and isinstance(value.op, ast.Add):
            value = value.left
        if not isinstance(value, ast.Tuple) or not value.elts or isinstance(value.elts[0], ast.Starred):
            return
        msg = self.eval_msg(value.elts[0], env, frame)
        if not value_has_literal(msg):
            return
        if frame.kind == "function" and name not in frame.params and _returns_name(frame.node, name):
            # ``e = error_cast(); e.args = (arg,); return e``: a factory of the exception its
            # callers raise (``err = check(...); raise err``); no traceback passes here
            env[name] = self.given_args(name, Arg(ast.unparse(value.elts[0]), msg), env, frame)
            return
        written = frame.caught.get(name) or frame.param_types.get(name)
        key = self.dotted_key(written, frame) if written else None
        spec = ExcSpec(written or UNKNOWN_EXC_TYPE, key, msg, opaque=True)
        self.add_site("error", spec, stmt, frame, guards, None)

    def given_args(self, name: str, arg: Arg, env: Env, frame: Frame) -> ExcVal:
        """The exceptions local ``name`` holds once ``name.args = (arg,)`` gives it its text: each
        class it is built as in the function (``e = PlotlyKeyError()``, ``e = error_cast()`` of a
        parameter that holds a class), else an unknown one, printing ``arg``."""
        cur = env.get(name)
        specs = cur.specs() if isinstance(cur, ExcVal) else []
        for value in frame.bound_from(name):
            if (
                type(value) is ast.Call
                and type(value.func) is ast.Name
                and value.func.id in frame.params
                and (spec := self.exc_spec(value, env, frame)) is not None
                and spec not in specs
            ):
                specs.append(spec)  # (a parameter's class, what each caller passes)
        specs = specs[: _MAX_EXC_RETURNS + 1] or [ExcSpec(UNKNOWN_EXC_TYPE, None, opaque=True)]
        given = [replace(spec, msg=arg.value, args=(arg,), kwargs=(), given_late=True) for spec in specs]
        return ExcVal(given[0], tuple(given[1:]))

    def strerror_rewrite(self, stmt: ast.Assign, env: Env, frame: Frame, guards: list[Guard]) -> None:
        """``except OSError as err: err.strerror = "Error writing CSS file: " + err.strerror;
        raise`` (pygments): the caught error goes on printing ``[Errno N] <new text>`` (and the
        file name when it has one), the library's words before the system's. A record of the
        caught class with that text, sited where the traceback ends: the ``try`` body's
        statement that failed (``_failing_statement``), or this statement when the handler
        does not re-raise what it caught as it is."""
        target = stmt.targets[0] if len(stmt.targets) == 1 else None
        if not (
            type(target) is ast.Attribute and target.attr == "strerror" and type(target.value) is ast.Name
        ):
            return
        name = target.value.id
        written = frame.caught.get(name)
        if not written:
            return
        text = self.eval_msg(stmt.value, env, frame)
        if not value_has_literal(text):
            return
        errno = concat(lit("[Errno "), ph(f"{name}.errno"), lit("] "), text)
        msg = union(errno, concat(errno, lit(": "), ((Ph(f"{name}.filename", True),),)))
        spec = ExcSpec(written, self.dotted_key(written, frame), msg, opaque=True)
        handler = next(
            (g[1] for g in reversed(guards) if g[0] == "except" and isinstance(g[1], ast.ExceptHandler)), None
        )
        at: ast.stmt = stmt
        if handler is not None and handler.name == name and handler in self.try_of:
            bare = any(
                type(s) is ast.Raise and s.exc is None and s.lineno > stmt.lineno for s in handler.body
            )
            failing = _failing_statement(self.try_of[handler].body) if bare else None
            at = failing or stmt
        self.add_site("error", spec, at, frame, guards, None)

    def note_module_dict(self, stmt: ast.Assign) -> None:
        """Keep a module-level name's dict literal (dropped when the name is bound again)."""
        for t in stmt.targets:
            if isinstance(t, ast.Name):
                if type(stmt.value) is ast.Dict:
                    self.module_dicts[t.id] = stmt.value
                else:
                    self.module_dicts.pop(t.id, None)

    def note_registered(self, call: ast.Call, env: Env, frame: Frame) -> None:
        """A module-level call handing a function message text to keep (``ModuleFacts.
        registered``): a wordy literal argument (``utils.deprecated(TripleDES, __name__,
        "TripleDES has been moved ...", DeprecatedIn43, name="TripleDES")``), or a module dict
        whose rows are tuples holding text (``__getattr__ = deprecation_getattr(__name__,
        _deprecations)``). The function stores it for a module ``__getattr__`` that warns or
        raises it when the attribute is read (``REGISTERED``); the call itself raises nothing.
        Only calls at module level, run once at import, that hand the module its own name
        (``__name__``, the registry's key: both idioms, and ``sys.modules[module_name]``'s): a
        registry's entries, not any call given text (``print``, ``describe("...")``)."""
        if not any(type(a) is ast.Name and a.id == "__name__" for a in call.args) and not any(
            type(k.value) is ast.Name and k.value.id == "__name__" for k in call.keywords
        ):
            return
        callee = self.expr_key(call.func, frame)
        if callee is None or callee.startswith("builtins."):
            return
        got = self.facts.registered

        def keep(slot: str, text: Value) -> None:
            got[slot] = union_n([got[slot], text], MAX_TABLE) if slot in got else text

        for i, a in enumerate(call.args):
            if isinstance(a, ast.Name) and (table := self.module_dicts.get(a.id)) is not None:
                for row in table.values[:MAX_TABLE]:
                    if not isinstance(row, ast.Tuple) or len(row.elts) > _MAX_ITEMS:
                        continue
                    for j, item in enumerate(row.elts):
                        if self.is_stringy(item, env) and value_has_literal(
                            text := self.eval_msg(item, env, frame)
                        ):
                            keep(f"{callee}#{i}.{j}", text)
            elif _wordy(a) and value_has_literal(text := self.eval_msg(a, env, frame)):
                keep(f"{callee}#{i}", text)
        for k in call.keywords:
            if (
                k.arg is not None
                and _wordy(k.value)
                and value_has_literal(text := self.eval_msg(k.value, env, frame))
            ):
                keep(f"{callee}:{k.arg}", text)

    def unpack_registry(
        self, target: ast.Tuple | ast.List, value: ast.Subscript, env: Env, frame: Frame
    ) -> None:
        """``message, fn = deprecations[name]`` where ``deprecations`` is a parameter of this
        function or of the factory it is defined in (jax's ``deprecation_getattr(module,
        deprecations)`` returns the module ``__getattr__`` that reads it): each name holds that
        item of the rows module-level calls hand the parameter (``note_registered``)."""
        if not isinstance(value.value, ast.Name) or any(isinstance(e, ast.Starred) for e in target.elts):
            return
        param = value.value.id
        owner = frame if param in frame.params else frame.parent
        if owner is None or owner.kind != "function" or param not in owner.params:
            table = self.module_dicts.get(param)
            if table is not None and param not in env and param not in frame.params:
                # ``val, msg = __deprecated_attrs__[attr]`` of the module's own dict: its rows' items
                for j, e in enumerate(target.elts):
                    items = [
                        r.elts[j]
                        for r in table.values[:MAX_TABLE]
                        if isinstance(r, ast.Tuple) and j < len(r.elts)
                    ]
                    texts = [self.eval_msg(x, env, frame) for x in items if self.is_stringy(x, env)]
                    texts = [t for t in texts if value_has_literal(t)]
                    if isinstance(e, ast.Name) and texts:
                        env[e.id] = union_n(texts, MAX_TABLE)
            return
        node = owner.node
        if not isinstance(node, _T_FUNCTIONDEF_ASYNCFUNCTIONDEF) or owner.self_name is not None:
            return
        names = [a.arg for a in (*node.args.posonlyargs, *node.args.args)]
        if param not in names:
            return
        at = names.index(param)
        for j, e in enumerate(target.elts):
            if isinstance(e, ast.Name):
                env[e.id] = ((Ref(f"{owner.key}#{at}.{j}", e.id, method=REGISTERED),),)

    def note_module_literal(self, stmt: ast.Assign) -> None:
        """Keep the literal a module-level name is bound to when it is a number, a bool or bytes
        (their repr is not their text); a name bound to anything else is dropped."""
        for t in stmt.targets:
            if isinstance(t, ast.Name):
                self.note_bound(t.id, stmt.value)

    def note_bound(self, name: str, value: ast.expr | None) -> None:
        """One module-level binding of ``name`` (``None``: not to a value written here, an
        augmented assignment): a number, bool or bytes literal is kept as its last; a name
        bound to anything else anywhere is no number constant (``finish_module``)."""
        literal: object = _number_literal(value) if value is not None else None
        if literal is None and isinstance(value, ast.Constant) and type(value.value) is bytes:
            literal = value.value
        if literal is None:
            self.module_literals.pop(name, None)
            self.module_other.add(name)
        else:
            self.module_literals[name] = literal
            self.number_names.add(name)

    def note_version_names(self, stmt: ast.Assign) -> None:
        """``PY3 = sys.version_info[0] == 3`` at module level: the name's outcome on Python 3,
        for the ``if PY3:`` below; a name bound to anything else is no such flag."""
        for t in stmt.targets:
            if isinstance(t, ast.Name):
                outcome = py3_outcome(stmt.value, self.version_flag)
                if outcome is None:
                    self.version_names.pop(t.id, None)
                else:
                    self.version_names[t.id] = outcome

    def log_aliases_from(self, stmt: ast.Assign) -> None:
        """``error = logger.error``, or ``debug, info, warn, error = (logger.debug, ...)``, at
        module level: calls of those names are log calls at that level (celery's modules log
        this way), and a ``warn(...)`` among them is a log line, not a warning."""
        pairs: list[tuple[ast.expr, ast.expr]] = []
        for target in stmt.targets:
            if isinstance(target, ast.Name):
                pairs.append((target, stmt.value))
            elif (
                isinstance(target, ast.Tuple)
                and isinstance(stmt.value, ast.Tuple)
                and len(target.elts) == len(stmt.value.elts)
            ):
                pairs.extend(zip(target.elts, stmt.value.elts, strict=True))
        bound = []
        for name, value in pairs:
            if not isinstance(name, ast.Name) or not isinstance(value, ast.Attribute):
                continue
            if value.attr in LOG_METHODS and "log" in _last_name(value.value).lower():
                self.log_aliases[name.id] = value.attr
                bound.append(name.id)
        if bound:
            self.flag_calls_of(bound)

    def flag_calls_of(self, names: list[str]) -> None:
        """Add the lines that may call one of ``names`` to the lines scanned for warn/log calls
        (one pass over the module for all the names one statement binds)."""
        calls = [name + "(" for name in names]
        more = [i for i, line in enumerate(self.lines, 1) if any(_calls(line, call) for call in calls)]
        if more:
            self.flag = sorted(set(self.flag).union(more))

    def on_expr_stmt(self, stmt: ast.Expr, env: Env, frame: Frame, guards: list[Guard]) -> None:
        value = stmt.value
        self.on_expr(value, env, frame)
        if frame.is_init and type(value) is ast.Call and frame.class_key:
            _literal_self_call(self.facts.classes.get(frame.class_key), value, frame)
        self.note_passed_maps(value, env, frame)
        if (type(value) is ast.Yield or type(value) is ast.YieldFrom) and YIELDS in env:
            self.on_yield(value, env, frame)
        if type(value) is ast.Yield:
            self.note_rich_piece(value, env, frame)
        if not self.want_sites:
            return
        if type(value) is ast.Call:
            if frame.kind == "module":
                self.note_registered(value, env, frame)
            if self.noted_reraise(value, env, frame, guards):
                return
            if not (
                self.on_outside_assert(stmt, value, env, frame, guards)
                or self.on_outside_raiser(stmt, value, env, frame, guards)
            ):
                self.raiser_call(stmt, value, env, frame, guards)
            if frame.kind == "function":
                self.built_away(stmt, value, env, frame, guards, ())
        elif (
            isinstance(value, ast.Yield)
            and isinstance(value.value, ast.Call)
            and _last_name(value.value.func).endswith(EXC_SUFFIXES)
        ):
            # ``yield ValidationError(...)``: built here, raised by whoever iterates
            spec = self.call_spec(value.value, env, frame)
            self.add_site("error", spec, stmt, frame, guards, None, yielded=True)

    def noted_reraise(self, call: ast.Call, env: Env, frame: Frame, guards: list[Guard]) -> bool:
        """``except KeyError as err: err.add_note(f"The edge {e} is not in the graph"); raise``
        (Python 3.11+): the caught exception goes on with a line of the handler's words after
        its own message, which may be a bare key or a compiled routine's text no record holds.
        A record of the caught class, its message ``{err}`` then the note on a line of its own,
        is what the user sees. Its site is where the traceback ends: a bare re-raise keeps the
        exception's own trail, so the frame names the ``try`` body's statement that failed; the
        body's one statement when it is one, else the re-raise (the handler names the function).
        Only for a handler that re-raises what it caught (``raise``, ``raise err``); True when
        the call was such a note."""
        func = call.func
        if not (
            type(func) is ast.Attribute
            and func.attr == "add_note"
            and type(func.value) is ast.Name
            and len(call.args) == 1
            and not call.keywords
        ):
            return False
        name = func.value.id
        handler = next(
            (g[1] for g in reversed(guards) if g[0] == "except" and isinstance(g[1], ast.ExceptHandler)), None
        )
        if handler is None or handler.name != name or handler not in self.try_of:
            return False
        reraise = next(
            (
                s
                for s in handler.body
                if type(s) is ast.Raise
                and (s.exc is None or (type(s.exc) is ast.Name and s.exc.id == name))
                and s.cause is None
            ),
            None,
        )
        if reraise is None or reraise.lineno < call.lineno:
            return False
        note = self.eval_msg(call.args[0], env, frame)
        if not value_has_literal(note):
            return False
        shown = ast.JoinedStr(
            values=[ast.FormattedValue(value=func.value, conversion=-1, format_spec=None), ast.Constant("\n")]
        )
        msg = self.eval_msg(ast.BinOp(left=shown, op=ast.Add(), right=call.args[0]), env, frame)
        written = frame.caught.get(name) or UNKNOWN_EXC_TYPE
        key = self.dotted_key(written, frame) if written != UNKNOWN_EXC_TYPE else None
        spec = ExcSpec(written, key, msg, opaque=True)
        body = self.try_of[handler].body
        at: ast.stmt = body[0] if len(body) == 1 else reraise
        self.add_site("error", spec, at, frame, guards, None)
        return True

    def on_outside_assert(
        self, stmt: ast.Expr, call: ast.Call, env: Env, frame: Frame, guards: list[Guard]
    ) -> bool:
        """``torch._assert(boxes.numel() > 0, "...")``: an assertion helper of another package,
        imported (``ASSERT_HELPERS``), given a condition and a message. Its body is not in the
        catalogue, so the call would resolve to no raise (``raiser_call``); by the convention
        its name states, it is an ``assert`` statement of that message here, and a traceback
        leaves the codebase at this line. A helper of the codebase itself is left to
        ``raiser_call``, which reads what its body raises. True when the call was such a site."""
        # (the called name first: ``_dotted`` and the imports only for a helper's name, not for
        # each of a library's call statements)
        if _last_name(call.func) not in ASSERT_HELPERS:
            return False
        dotted = _dotted(call.func)
        if dotted is None:
            return False
        root = dotted.partition(".")[0]
        target = self.imports.get(root)
        if target is None or target.partition(".")[0] == self.module.partition(".")[0]:
            return False
        msg_node = call.args[1] if len(call.args) > 1 else None
        for k in call.keywords:
            if k.arg in ("msg", "message"):
                msg_node = k.value
        if msg_node is None:
            return False
        spec = ExcSpec("AssertionError", "builtins.AssertionError", self.eval_msg(msg_node, env, frame))
        self.add_site("assertion", spec, stmt, frame, guards, None)
        return True

    def on_outside_raiser(
        self, stmt: ast.Expr, call: ast.Call, env: Env, frame: Frame, guards: list[Guard]
    ) -> bool:
        """``pytest.fail(f"Expected {n} queries")``: a function of another package that raises
        its own class with the text it is given (``OUTSIDE_RAISERS``). A pytest plugin's or a
        test helper's error leaves it this way, and the traceback's last line of the library is
        this call; its body is in no catalogue of the library, so ``raiser_call`` would find no
        raise. The call is that class's site with that text, as ``raise Failed(text)`` would be.
        A codebase's own function of the name (pytest's own ``fail``) is left to
        ``raiser_call``, and a call given no text is no site. True when the call was one."""
        func = call.func
        # the name the raiser's key ends with first, before ``_dotted`` and the imports (this runs
        # for each call statement): an attribute's own (``pytest.fail``); a plain name's import
        # target's, which may be another name (``from pytest import fail as flunk``)
        if type(func) is ast.Attribute:
            if func.attr not in _OUTSIDE_RAISER_NAMES:
                return False
        elif type(func) is not ast.Name or self.imports.get(func.id) not in OUTSIDE_RAISERS:
            return False
        dotted = _dotted(func)
        if dotted is None:
            return False
        root, _, rest = dotted.partition(".")
        target = self.imports.get(root)
        if target is None or target.partition(".")[0] == self.module.partition(".")[0]:
            return False
        raiser = OUTSIDE_RAISERS.get(f"{target}.{rest}" if rest else target)
        if raiser is None:
            return False
        exc_type, key, keywords = raiser
        msg_node = call.args[0] if call.args else None
        for k in call.keywords:
            if k.arg in keywords:
                msg_node = k.value
        if msg_node is None:
            return False
        spec = ExcSpec(exc_type, key, self.eval_msg(msg_node, env, frame))
        self.add_site("error", spec, stmt, frame, guards, None)
        return True

    def on_yield(self, value: ast.Yield | ast.YieldFrom, env: Env, frame: Frame) -> None:
        """A printer's generator (``yield ("Unknown option: ", "")``, ``yield from
        super()._segments()``): the piece's text appended to its yields, as ``parts.append``
        would; past ``MAX_YIELDS`` pieces (or after a piece of no known form) the yields are
        unknown, and the generator prints nothing known."""
        cur = env[YIELDS]
        if not isinstance(cur, ListVal) or len(cur.items) >= MAX_YIELDS:
            env[YIELDS] = None
            return
        if isinstance(value, ast.Yield):
            node = yielded_piece(value)
            if node is None:
                if value.value is not None:
                    env[YIELDS] = None
                return
            piece = self.eval_msg(node, env, frame)
        else:
            base = super_method(value.value, frame.self_name)
            held = env.get(value.value.id) if isinstance(value.value, ast.Name) else None
            if isinstance(held, ListVal) and len(cur.items) + len(held.items) <= MAX_YIELDS:
                # ``yield from body``: the pieces a local list collected, in order
                for item in held.items:
                    cur = ListVal((*cur.items, concat(((SEP,),), item) if cur.items else item))
                env[YIELDS] = cur
                return
            if base is None and isinstance(value.value, ast.Name):
                # ``preamble = list(super()._segments())`` then ``yield from preamble``
                base = self.listed_super(value.value.id, frame)
            if base is not None:
                piece = ph(f"super().{base}()")  # the next class's generator, for this instance
            elif (
                isinstance(value.value, ast.Call)
                and isinstance(value.value.func, ast.Attribute)
                and isinstance(value.value.func.value, ast.Name)
                and value.value.func.value.id == frame.self_name
            ):
                piece = self.eval_msg(value.value, env, frame)  # ``yield from self._body()``
            else:
                env[YIELDS] = None
                return
        if cur.items:
            piece = concat(((SEP,),), piece)  # where a consumer's separator goes
        env[YIELDS] = ListVal((*cur.items, piece))

    @staticmethod
    def listed_super(name: str, frame: Frame) -> str | None:
        """A local bound once to the pieces of the next class's generator (``preamble =
        list(super()._segments())``): the method's name."""
        bound = frame.bound_from(name)
        if len(bound) != 1:
            return None
        value = bound[0]
        if (
            isinstance(value, ast.Call)
            and isinstance(value.func, ast.Name)
            and value.func.id in ("list", "tuple")
            and len(value.args) == 1
            and not value.keywords
        ):
            value = value.args[0]
        return super_method(value, frame.self_name)

    def yielded(self, env: Env, guards: list[Guard], frame: Frame) -> None:
        """Where a printer's generator ends (a bare ``return``, or its last statement): what it
        yielded so far is one printed form, under the tests that lead there."""
        cur = env.get(YIELDS)
        if frame.printed is None or not isinstance(cur, ListVal):
            return
        text = joined(cur.items)
        if guards:
            text = text[:EXIT_FORMS]  # an early ``return``: a special case, a few forms of it
        needs = tuple(c for g in guards for c in self.guard_conds(g, frame))
        frame.printed.append(tuple((Opt(needs, (), True), *v) for v in text) if needs else text)

    def on_if(self, stmt: ast.If, env: Env, frame: Frame, guards: list[Guard]) -> None:
        live = py3_outcome(stmt.test, self.version_flag)
        if live is not None:
            # ``if sys.version_info >= (3, 0):`` (``if PY3:``, ``if six.PY2:``): every Python 3
            # takes one branch; the other's definitions (Python 2's) never exist (``pyversion``)
            self.walk_block(stmt.body if live else stmt.orelse, env, frame, guards)
            return
        before = frame.base_call
        # a test on the initialiser's parameters is one each call decides: its attributes stay
        # as the branches leave them in order; any other (``if self.errno != -1``) joins them
        attrs_before = (
            dict(frame.self_values) if frame.is_init and not _reads_names(stmt.test, frame.params) else None
        )
        e1 = dict(env)
        narrowed = _narrow(stmt.test, env, e1)
        # ``except (A, B, C) as e:`` then ``if isinstance(e, (A, C)):``: which of the clause's
        # classes each branch sees (``caught_split``), for a ``raise type(e)(...)`` in it
        split = self.caught_split(stmt.test, frame)
        self.branch_caught(split, True, frame)
        guards.append(("if", stmt.test))
        typed = _isinstance_of(stmt.test, env)
        if typed is None:
            self.walk_block(stmt.body, e1, frame, guards)
        else:
            previous = frame.narrowed.get(typed[0])
            frame.narrowed[typed[0]] = typed[1]
            self.walk_block(stmt.body, e1, frame, guards)
            if previous is None:
                frame.narrowed.pop(typed[0], None)
            else:
                frame.narrowed[typed[0]] = previous
        guards.pop()
        if narrowed is not None and e1.get(narrowed[0]) is narrowed[1]:
            e1[narrowed[0]] = env[narrowed[0]]  # (the test narrowed it for the body only)
        chosen = frame.base_call
        e2 = dict(env)
        attrs_body = frame.self_values
        if attrs_before is not None:
            frame.self_values = dict(attrs_before)
        self.branch_caught(split, False, frame)
        if stmt.orelse:
            guards.append(("not", stmt.test))
            self.walk_block(stmt.orelse, e2, frame, guards)
            guards.pop()
        if frame.is_init and chosen is not before:
            self.branch_bases(stmt.test, frame, before, chosen)
        left1, left2 = self.leaves(stmt.body, e1, frame), self.leaves(stmt.orelse, e2, frame)
        self.caught_after_if(stmt, split, left1, left2, frame, guards)
        if frame.is_init and chosen is not before and chosen is not None and left1 and not stmt.orelse:
            conds = _param_conds(stmt.test, frame.params)
            if conds:
                frame.guarded_base = (conds, chosen)
        if attrs_before is not None:
            frame.self_values = _joined_attrs(attrs_body, frame.self_values, left1, left2)
        if left1 != left2:
            # one branch ends in ``continue``/``break``/``return``/``raise``: what follows the
            # ``if`` is reached through the other alone (a loop's end sees the first, ``leaves``)
            self.merge_into(env, e2 if left1 else e1)
            return
        when, unless = self.conditions(stmt.test, frame)
        if (
            isinstance(stmt.test, ast.Name)
            and isinstance(env.get(stmt.test.id), tuple)
            and when
            and when[0][0][0] == stmt.test.id
        ):
            # ``code = self._code_str()`` then ``if code: details.append(code)``: a local holding
            # text the code computed; each branch is a rendering of its own (no call decides it;
            # one bound from ``self.<attr>`` is a test on that attribute, ``known_cond``)
            key = (stmt.test.id, "x")
            when, unless = ((key, when[0][1]),), ((key, unless[0][1]),)
        _fold_optional(env, e1, e2, when, unless, frame.params)
        self.merge_into(env, e1, e2)

    @staticmethod
    def leaves(block: Sequence[ast.stmt], env: Env, frame: Frame) -> bool:
        """Whether a branch ends by leaving the straight path. Its names reach the end of the
        enclosing loop through ``continue`` (and past it through ``break``), so the loop keeps
        them; after ``return`` or ``raise`` nothing of the function sees them."""
        if not block or type(block[-1]) not in _LEAVES_TYPES:
            return False
        if type(block[-1]) in _CONTINUE_BREAK_TYPES and frame.loop_exits:
            frame.loop_exits[-1].append(env)
        return True

    def loop_body(self, body: Sequence[ast.stmt], env: Env, frame: Frame, guards: list[Guard]) -> None:
        """A loop's body, then its end: what the body left there joined with what each
        ``continue``/``break`` carried (``text += "\n" + e; continue`` skips the rest of the
        body, so its text is one alternative, never followed by the later ``+=``)."""
        frame.loop_exits.append([])
        try:
            self.walk_block(body, env, frame, guards)
        finally:
            exits = frame.loop_exits.pop()
        if exits:
            self.merge_into(env, dict(env), *exits)

    @staticmethod
    def known_cond(cond: Cond | None, frame: Frame) -> Cond | None:
        """A simple test on a parameter or an attribute of ``self`` stays one a call can decide;
        on a local name it never can: its text is then optional, rendered both ways (``LOCAL``),
        or in a loop's body left open ("l": the body may append it many times). A local
        bound once from an attribute of ``self`` (``cause = self.cause; if cause:``) is a test on
        that attribute, decided per class raised (a subclass's ``CAUSE_MESSAGE``)."""
        if cond is None:
            return None
        (subject, test), want = cond
        root = subject.partition(".")[0]
        if root in frame.params or (root == frame.self_name and "." in subject):
            return cond
        if root == subject and frame.self_name and frame.exc_class:
            bound = frame.bound_from(subject)
            if len(bound) == 1 and _dotted(bound[0]) == f"{frame.self_name}.{_last_name(bound[0])}":
                return (f"{frame.self_name}.{_last_name(bound[0])}", test), want
        if frame.loop_exits:
            return (subject, "l"), want  # (in a loop: its text may be there any number of times)
        return (subject, LOCAL + test), want

    def any_of_cond(self, test: ast.expr, frame: Frame) -> Cond | None:
        """``if self.dim1 or self.dim2:``, every operand a truth test a call decides (a
        parameter, an attribute of ``self``): one test, true when any of them is. Left opaque,
        the texts its branches give each name were chosen apart (``dim1`` from one branch and
        ``dim2`` from the other, forms no instance prints), and a call passing neither could
        not drop the branch that shows them."""
        if not (isinstance(test, ast.BoolOp) and isinstance(test.op, ast.Or)):
            return None
        subjects: list[str] = []
        for v in test.values:
            cond = self.known_cond(_simple_cond(v), frame)
            if cond is None or cond[0][1] != "t" or not cond[1] or ANY_OF in cond[0][0]:
                return None
            subjects.append(cond[0][0])
        return (ANY_OF.join(subjects), "|t"), True

    def conditions(self, test: ast.expr, frame: Frame) -> tuple[tuple[Cond, ...], tuple[Cond, ...]]:
        """What an ``if``'s branches assume: simple tests on a name (truthy, ``is None``) that a
        call's arguments can decide, else the test itself (ties the two branches together)."""
        simple = self.known_cond(_simple_cond(test), frame)
        if simple is not None:
            return (simple,), ((simple[0], not simple[1]),)
        any_of = self.any_of_cond(test, frame)
        if any_of is not None:
            return (any_of,), ((any_of[0], False),)
        caused = _cause_test(test, frame.self_name) if frame.printed is not None else None
        if caused is not None:
            return (caused,), ((caused[0], False),)
        opaque = ((self.seg(test), "x"), True)
        if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):
            parts = [self.known_cond(_simple_cond(v), frame) for v in test.values]
            known = tuple(c for c in parts if c is not None)
            return (*known, opaque), ((opaque[0], False),)
        return (opaque,), ((opaque[0], False),)

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
        entered): each in its own copy of the environment, merged after. A loop's ``else`` runs
        when the loop ends without ``break``, entered or not: it sees what the body assigned
        (``reason = str(e)`` in the body, ``raise X(reason)`` in the ``else``)."""
        e1 = dict(env)
        if target is not None:
            self.kill_targets(target, e1)
        guards.append(guard)
        if guard[0] in ("for", "while"):
            self.loop_body(body, e1, frame, guards)
        else:
            self.walk_block(body, e1, frame, guards)
        guards.pop()
        e2 = dict(env)
        if orelse and guard[0] in ("for", "while"):
            self.merge_into(e2, dict(env), e1)
        if orelse:
            if else_guard is not None:
                guards.append(else_guard)
            self.walk_block(orelse, e2, frame, guards)
            if else_guard is not None:
                guards.pop()
        self.merge_into(env, e1, e2)

    def on_raise(self, stmt: ast.Raise, env: Env, frame: Frame, guards: list[Guard]) -> None:
        if stmt.exc is None:
            return  # a bare re-raise: the exception's own raise is the site
        raised = _strip_traceback(stmt.exc)
        final = (
            frame.kind == "function"
            and isinstance(frame.node, _T_FUNCTIONDEF_ASYNCFUNCTIONDEF)
            and frame.node.body[-1] is stmt
            and isinstance(raised, ast.Call)
        )
        if not (self.want_sites or final):
            return
        self.note_held(raised, frame)
        # raise (A("x") if cond else B("y")): either exception, each its own site
        for exc, found in self.raised_specs(raised, env, frame):
            spec = found
            if spec is None:
                if not self.want_sites:
                    continue
                spec = self.opaque_spec(exc, frame)
                if isinstance(exc, ast.Name) and not self.is_caught(exc.id, frame):
                    spec = replace(spec, returned=self.returned_by(exc.id, env, frame))
                if raised is not stmt.exc and exc is raised and self.is_caught_name(exc, frame):
                    # ``raise exc.with_traceback(None)`` of a caught exception: the trail to where
                    # it was made is cut, so a traceback ends here; that raise is the site
                    spec = replace(spec, relay=True, reraised=True)
            else:
                spec = _cause_of(self.forwarding(spec, frame), exc, stmt)
                if _composes(spec, tuple(frame.params)):
                    spec = replace(spec, at=(self.facts.path, stmt.lineno))
                arg = _sole_name_arg(exc)
                collected = env.get(arg) if arg is not None else None
                if isinstance(collected, ExcListVal):
                    spec = replace(spec, inner=collected.specs)
                if final and spec.helper is None and exc is raised:
                    frame.raise_spec = spec
            if exc is raised:
                spec = self.copy_of_caught(spec, exc, frame)
            attr = _self_attr_message(spec, frame.self_name)
            if attr is not None:
                # ``raise X(self._error_message)``, with where it is raised: a text handed to the
                # constructor is raised here (``Resolver.handoff``)
                at = spec.at or (self.facts.path, stmt.lineno)
                frame.raised_attrs.append((attr, replace(spec, at=at)))
            if not spec.opaque and _relays_params(spec, tuple(frame.params)):
                frame.relays.append(spec)
                given = not spec.forwards and not any(
                    value_has_literal(a.value) for a in (*spec.args, *(a for _, a in spec.kwargs))
                )
                spec = replace(spec, relay=given)
            self.add_site("error", spec, stmt, frame, guards, None)

    def copy_of_caught(self, spec: ExcSpec, exc: ast.expr, frame: Frame) -> ExcSpec:
        """``spec`` of a raise of ``exc`` (the whole raised expression) with the class it copies
        from an exception caught here, when it copies one (``ExcSpec.copied``)."""
        if isinstance(exc, ast.Name):
            copied = _copied_class(exc.id, frame)
            if copied is not None:  # ``err = copy.copy(e)`` ... ``raise err``
                return replace(spec, copied=self.dotted_key(copied, frame))
        elif spec.copied is None:
            found = _relayed_class(exc, frame)
            if found is not None:  # ``except K as e: kept = e`` ... ``raise K(kept.msg)``
                cls, body = found
                calls = self.try_callees(body, frame)
                return replace(spec, copied=self.dotted_key(cls, frame), relayed=True, relayed_from=calls)
        return spec

    @staticmethod
    def forwarding(spec: ExcSpec, frame: Frame) -> ExcSpec:
        """``raise exception(*args)``: a raise of a whole call's arguments handed on, no message
        parameter; the statement stays where the error is raised, with its callers' texts."""
        params = tuple(frame.params)
        if _uses_params(spec, params) and not _uses_params(spec, params, spread=False):
            return replace(spec, forwards=True, key_fn=frame.key)
        return spec

    def on_return_stmt(self, stmt: ast.Return, env: Env, frame: Frame, guards: list[Guard]) -> None:
        if stmt.value is None and YIELDS in env:
            self.yielded(env, guards, frame)
        if isinstance(stmt.value, ast.Name) and stmt.value.id in frame.params:
            frame.passed.add(stmt.value.id)
        else:
            frame.returns_other = True
        if stmt.value is not None and frame.kind == "function":
            if frame.printed is not None:
                # a printer's return under ``if self.code:`` is its text only when that holds
                needs = tuple(c for g in guards for c in self.guard_conds(g, frame))
                printed = self.printed_value(stmt.value, env, frame)
                frame.printed.append(tuple((Opt(needs, (), True), *v) for v in printed) if needs else printed)
            self.note_report(stmt.value, env, frame)
            self.note_passed_maps(stmt.value, env, frame)
            if frame.is_init and isinstance(stmt.value, ast.Call):
                self.base_call(stmt.value, env, frame)  # ``return super().__init__(msg)``
            if self.want_sites and type(stmt.value) is ast.Call:
                # ``return self._update_props(props, "... {prop_name!r}")``: a helper's result
                # handed back, the helper raising the text given to it as an assignment's would
                self.raiser_call(stmt, stmt.value, env, frame, guards, returned=True)
            if isinstance(stmt.value, ast.Tuple):
                self.return_items(stmt.value, env, frame)
            elif type(stmt.value) is ast.Name:
                _note_returned_list(stmt.value, 0, env, frame)
            self.on_return(stmt.value, env, frame)
            self.returns_function(stmt.value, frame)

    def return_items(self, value: ast.Tuple, env: Env, frame: Frame) -> None:
        """``return None, self._err_str(), pos``: a function returning its error as an element of
        a tuple, which the caller unpacks (``v, err, _ = parse(s)``) and raises
        (``raise ValueError(err)``); each element with text (some literal words, or another
        function's text) is kept by its index."""
        if len(value.elts) > _MAX_ITEMS or any(isinstance(e, ast.Starred) for e in value.elts):
            return
        for i, e in enumerate(value.elts):
            if not isinstance(e, _T_NAME_CALL_JOINEDSTR_BINOP_CONSTANT):
                continue
            if isinstance(e, ast.Constant) and not isinstance(e.value, str):
                continue
            if type(e) is ast.Name:
                _note_returned_list(e, i + 1, env, frame)
            v = self.eval_msg(e, env, frame)
            if value_has_literal(v) or _forwarded_call(v):
                frame.ret_items.setdefault(i, []).append(v)

    @staticmethod
    def note_report(value: ast.expr, env: Env, frame: Frame) -> None:
        """A method of an exception class that renders the instance as a report object
        (pytest's ``FixtureLookupError.formatrepr`` returns ``Repr(path, line, lines, msg)``
        with ``msg = f"fixture '{self.argname}' not found"``): the text it hands that object is
        what the user sees of an exception raised without a message of its own."""
        if not frame.exc_class or frame.self_name is None or frame.params or not isinstance(value, ast.Call):
            return
        if frame.qualname.rpartition(".")[2].startswith("__"):
            return
        for arg in (*value.args, *(k.value for k in value.keywords)):
            held = env.get(arg.id) if isinstance(arg, ast.Name) else None
            if isinstance(held, tuple) and value_has_literal(held):
                frame.report.append(held)

    def note_rich_piece(self, value: ast.Yield, env: Env, frame: Frame) -> None:
        """A piece an exception class's ``__rich_console__`` yields that is one of its own
        attributes, alone or handed to a call that lays it out (pip's ``yield
        _prefix_with_indent(self.message, console, prefix="x ")``): rich prints the instance
        through that method, not through ``str()``, so each such attribute, as the instance
        holds it, is a line the user sees (kept with the class's report texts)."""
        if not frame.exc_class or frame.self_name is None or not frame.qualname.endswith(RICH_METHOD):
            return
        node = value.value
        if isinstance(node, ast.Call) and node.args:
            node = node.args[0]
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == frame.self_name
            and len(frame.report) < _MAX_RICH_PIECES
        ):
            frame.report.append(self.eval_msg(node, env, frame))

    def guard_conds(self, g: Guard, frame: Frame) -> tuple[Cond, ...]:
        """What a guard on the way to a statement assumes, as conditions (``if``/``else`` only)."""
        kind, node = g
        if kind not in ("if", "not"):
            return ()
        assert isinstance(node, ast.expr)
        when, unless = self.conditions(node, frame)
        return when if kind == "if" else unless

    def on_augassign_stmt(self, stmt: ast.AugAssign, env: Env, frame: Frame, guards: list[Guard]) -> None:
        if frame.kind == "module" and isinstance(stmt.target, ast.Name):
            self.note_bound(stmt.target.id, None)  # ``N += 1``: no longer the literal
        self.on_augassign(stmt, env, frame)

    def on_annassign(self, stmt: ast.AnnAssign, env: Env, frame: Frame, guards: list[Guard]) -> None:
        if self.want_sites and type(stmt.value) is ast.Call:
            self.raiser_call(stmt, stmt.value, env, frame, guards)
        if self.want_sites and type(stmt.value) in _T_BUILT:
            assert stmt.value is not None
            self.note_built(stmt.value, frame)
        if frame.kind == "module" and isinstance(stmt.target, ast.Name) and stmt.value is not None:
            self.note_bound(stmt.target.id, stmt.value)  # ``LIMIT: Final = 10``
        if stmt.value is not None:
            self.assign_target(stmt.target, stmt.value, env, frame)
        elif frame.kind == "class" and isinstance(stmt.target, ast.Name):
            self.facts.symbols.add(f"{frame.key}.{stmt.target.id}")

    def on_function(
        self, stmt: ast.FunctionDef | ast.AsyncFunctionDef, env: Env, frame: Frame, guards: list[Guard]
    ) -> None:
        self.walk_function(stmt, env, frame, guards)

    def on_class(self, stmt: ast.ClassDef, env: Env, frame: Frame, guards: list[Guard]) -> None:
        self.walk_class(stmt, frame)

    def on_for(self, stmt: ast.For | ast.AsyncFor, env: Env, frame: Frame, guards: list[Guard]) -> None:
        if frame.printed is not None:
            into = consumed_into(stmt, frame.self_name)
            held = env.get(into) if into is not None else None
            if into is not None and isinstance(held, ListVal):
                # ``for item in self._segments(): parts.append(item[0])``: the list gets the
                # method's text, the override of the class raised (filled per raise)
                pieces = joined_by(self.eval_msg(stmt.iter, env, frame), "", self.src(stmt.iter))
                env[into] = ListVal((*held.items, pieces))
                return
        types = self.mapping_values(stmt.iter, env, frame) or self.module_members(stmt, env, frame)
        target = stmt.target
        if types is not None and isinstance(target, ast.Tuple) and len(target.elts) == 2:
            target = target.elts[1]  # ``for key, cls in MAP.items()``
        if types is not None and isinstance(target, ast.Name):
            body_env = dict(env)
            self.kill_targets(stmt.target, body_env)
            body_env[target.id] = types
            guards.append(("for", stmt))
            self.loop_body(stmt.body, body_env, frame, guards)
            guards.pop()
            e2 = dict(env)
            if stmt.orelse:
                self.merge_into(e2, dict(env), body_env)  # (the ``else`` after the loop ran too)
            self.walk_block(stmt.orelse, e2, frame, guards)
            self.merge_into(env, body_env, e2)
            return
        self.two_ways(env, frame, guards, ("for", stmt), stmt.body, stmt.orelse, target=stmt.target)

    def mapping_values(self, it: ast.expr, env: Env, frame: Frame) -> TypesVal | None:
        """``MAP.items()``/``MAP.values()`` of a mapping of classes: the classes it holds."""
        if not (
            isinstance(it, ast.Call)
            and isinstance(it.func, ast.Attribute)
            and it.func.attr in ("items", "values")
            and isinstance(it.func.value, ast.Name)
        ):
            return None
        return self.types_of(it.func.value, env, frame) or self.param_mapping(it.func.value, env, frame)

    def module_members(self, stmt: ast.For | ast.AsyncFor, env: Env, frame: Frame) -> TypesVal | None:
        """A loop over a module's members (``inspect.getmembers(sys.modules[__name__],
        inspect.isclass)``, ``globals().values()``, ``vars(errors).items()``): a class raised from
        it is any exception class that module defines. A test in the loop comparing an attribute
        of the loop's class (``if cls.error == error: raise cls(**kwargs)``, a registry looked up
        by a class attribute) keeps the classes giving that attribute text (``MODULE_CLASSES_MARK``:
        each class then prints its own ``error``, ``(invalid_grant) ...``)."""
        module = self.members_of(stmt.iter, env, frame)
        if module is None:
            return None
        target = stmt.target
        if isinstance(target, ast.Tuple) and len(target.elts) == 2:
            target = target.elts[1]
        if not isinstance(target, ast.Name):
            return None
        attr = _compared_attr(stmt.body, target.id)
        return TypesVal((), (f"{module}{MODULE_CLASSES_MARK}{attr or ''}",))

    def members_of(self, it: ast.expr, env: Env, frame: Frame) -> str | None:
        """The module whose members a loop's iterable lists, or None."""
        if type(it) is not ast.Call:
            return None
        func = it.func
        if _last_name(func) == "getmembers" and it.args:
            return self.module_named(it.args[0], env, frame)
        if not (
            type(func) is ast.Attribute and func.attr in ("items", "values") and type(func.value) is ast.Call
        ):
            return None
        inner = func.value
        name = _last_name(inner.func)
        if name == "globals" and not inner.args:
            return self.module
        if name == "vars" and len(inner.args) == 1:
            return self.module_named(inner.args[0], env, frame)
        return None

    def module_named(self, node: ast.expr, env: Env, frame: Frame) -> str | None:
        """``sys.modules[__name__]`` (this module) or a module imported by name."""
        if (
            type(node) is ast.Subscript
            and _dotted(node.value) == "sys.modules"
            and type(node.slice) is ast.Name
            and node.slice.id == "__name__"
        ):
            return self.module
        if type(node) is ast.Name and node.id not in env and node.id in self.imports:
            return self.imports[node.id]
        return None

    def param_mapping(self, node: ast.expr, env: Env, frame: Frame) -> TypesVal | None:
        """A parameter iterated or looked up as a mapping of classes (``def map_exceptions(map):
        for a, b in map.items(): raise b(exc)``, ``error_type = error_map.get(status_code)``):
        the classes are those the callers pass, found once every module is known
        (``ModuleFacts.passed_maps``), by the parameter's position and name, and those its
        annotation names (``Mapping[int, Type[HttpResponseError]]``, ``annotated_types``)."""
        if isinstance(node, ast.Attribute):
            # ``self.exceptions[name]`` of an attribute ``__init__`` sets from its parameter as
            # given (``self.exceptions = exceptions``): what the class's callers pass there
            # (peewee's ``ExceptionWrapper(EXCEPTIONS)``)
            ref = self.init_param_ref(node, frame)
            return TypesVal((), (ref,)) if ref is not None else None
        if not isinstance(node, ast.Name) or node.id not in frame.params or env.get(node.id) is not None:
            return None
        ref = _param_ref(node.id, frame)
        if ref is None:
            return None
        named = self.annotated_types(node.id, frame)
        return TypesVal(named.entries, (ref, *named.refs))

    def init_param_ref(self, node: ast.Attribute, frame: Frame) -> str | None:
        """``CLASS(POS:NAME)`` for ``self.<attr>`` in a method when the class's own ``__init__``
        sets ``self.<attr> = <param>`` in its body's top level (not under a test), the slot by
        which calls of the class pass that parameter; else None."""
        owner = frame.parent
        if (
            not isinstance(node.value, ast.Name)
            or node.value.id != frame.self_name
            or owner is None
            or owner.kind != "class"
            or not isinstance(owner.node, ast.ClassDef)
            or frame.class_key is None
        ):
            return None
        for stmt in owner.node.body:
            if isinstance(stmt, ast.FunctionDef) and stmt.name == "__init__":
                return _init_slot(stmt, node.attr, frame.class_key)
        return None

    def param_spec(self, name: str, spec: ExcSpec, frame: Frame) -> ExcSpec:
        """``raise error_class(msg)`` of a parameter: the class is whatever the caller passed:
        those the codebase's calls pass and its annotation names (``param_class``), and unknown
        (a caller outside); beside them the parameter's default class, the one raised when no
        caller passes another (``_error_cls=ValueError`` whose callers pass ``KeyError``: both).
        ``spec`` holds the call's message and arguments."""
        passed = self.param_class(name, frame)
        default = frame.default_classes.get(name)
        unknown: tuple[str, str | None] = (UNKNOWN_EXC_TYPE, None)
        if default is None:
            return replace(spec, type_param=name, types=(unknown, *passed.entries), types_refs=passed.refs)
        first = (default, self.dotted_key(default, frame))
        return replace(
            spec, exc_type=default, key=first[1], type_param=name,
            types=tuple(dict.fromkeys((first, unknown, *passed.entries))), types_refs=passed.refs,
        )  # fmt: skip

    def param_class(self, name: str, frame: Frame) -> TypesVal:
        """The classes a parameter called as a class may hold: those the codebase's calls pass
        in its slot (``FUNC(POS:NAME)``, resolved in the parent from ``passed_classes`` and
        ``passed_maps``) and those its annotation names."""
        ref = _param_ref(name, frame)
        named = self.annotated_types(name, frame)
        return TypesVal(named.entries, (*((ref,) if ref is not None else ()), *named.refs))

    def annotated_types(self, name: str, frame: Frame) -> TypesVal:
        """The classes a parameter's annotation says it holds, or maps to: each ``X`` written
        inside ``type[...]``/``Type[...]`` (``type[A | B] | dict``, ``Mapping[int, Type[X]]``),
        with X's subclasses in the codebase (a caller may pass any), X being no built-in class
        (``type[Exception]`` says nothing of which). They stand in only for a parameter no call
        of the codebase fills (``ANNOTATED_MARK``: an API whose callers are elsewhere): where
        the codebase's calls pass classes, those are what it raises, not every subclass of a
        base the annotation names (``Type[SQLAlchemyError]``)."""
        if not isinstance(frame.node, _T_FUNCTIONDEF_ASYNCFUNCTIONDEF):
            return TypesVal((), ())
        ann = _param_annotation(name, frame)
        slot = _param_ref(name, frame)
        refs: list[str] = []
        for written in _type_annotated(ann)[:_MAX_ANNOTATED]:
            key = self.dotted_key(written, frame)
            if key is not None and not key.startswith("builtins.") and slot is not None:
                refs.append(f"{ANNOTATED_MARK}{slot}{ANNOTATED_MARK}{key}")
        return TypesVal((), tuple(refs))

    def note_passed_maps(self, call: ast.expr, env: Env, frame: Frame) -> None:
        """A call handing a function a mapping of classes (``with map_exceptions({h11.Error:
        Error}):``, a dict literal or a local bound to one), or a class (``raise_for(resp,
        NotFoundError)``, ``functools.partial(raise_current, Error)``): kept by callee and
        argument slot, so a raise of a class taken from that parameter (``param_mapping``,
        ``param_class``) raises these classes."""
        if type(call) is not ast.Call:
            return
        func, args = call.func, call.args
        if not args and not call.keywords:
            return  # (a call given nothing hands on nothing)
        if args and type(args[0]) is not ast.Starred and _last_name(func) == "partial":
            func, args = args[0], args[1:]  # ``partial(f, Cls)``: ``f`` called with ``Cls`` first
        # only the arguments that may hold classes are looked at, and a slot is named only for
        # one that hands some on (most arguments are a constant, a call with arguments, an
        # operation or a local of another value, and most calls pass no other: this runs for
        # every call an assignment, expression or return makes); positional ones first, as read
        may = _MAY_HOLD_CLASSES
        key: str | None = None
        for i, arg in enumerate(args):
            if type(arg) in may and (found := self.passed_types(arg, env, frame)) is not None:
                key = key or self.callee_key(func, frame)
                if key is None:
                    return
                _keep_passed(found, f"{key}#{i}")
        for kw in call.keywords:
            if kw.arg is not None and type(kw.value) in may:
                found = self.passed_types(kw.value, env, frame)
                if found is not None:
                    key = key or self.callee_key(func, frame)
                    if key is None:
                        return
                    _keep_passed(found, f"{key}:{kw.arg}")

    def passed_types(
        self, arg: ast.expr, env: Env, frame: Frame
    ) -> tuple[TypesVal, dict[str, tuple[tuple[str, str | None], ...]]] | None:
        """What one argument of ``note_passed_maps`` hands on, and the table it is kept in: a
        mapping of classes (a local holding one, a dict literal, a call that may give one, a
        module's table by its CONSTANT name) in ``passed_maps``, a class by its name in
        ``passed_classes``; None for anything else. A name is tried in the order that turns the
        common argument, a local of another value, away after one look-up."""
        if type(arg) is ast.Name:
            name = arg.id
            cur = env.get(name)
            if type(cur) is TypesVal and cur.entries:
                return cur, self.facts.passed_maps
            if name.lstrip("_").isupper():
                # ``raise_from(code, ERRORS)``: a module's table by name, its classes known later
                named = self.types_of(arg, env, frame)
                return (
                    (TypesVal(tuple((TABLE_MARK + r, None) for r in named.refs), ()), self.facts.passed_maps)
                    if named
                    else None
                )
            if name in frame.params and name in _type_params(frame):
                # ``self._src.inc(exception=exception)``: a parameter annotated to hold classes,
                # handed on; its classes are what this function's callers pass in its slot
                ref = _param_ref(name, frame)
                return (
                    (TypesVal(((FORWARD_MARK + ref, None),), ()), self.facts.passed_classes) if ref else None
                )
            if name in env:
                return None  # a local of another value (``class_map`` finds nothing in a name)
        elif type(arg) is not ast.Attribute:  # (nor in an attribute)
            types = self.class_map(arg, env, frame)
            if types is not None and types.entries:
                return types, self.facts.passed_maps
        found = self.passed_class(arg, env, frame)
        return None if found is None else (found, self.facts.passed_classes)

    def passed_class(self, arg: ast.expr, env: Env, frame: Frame) -> TypesVal | None:
        """``NotFoundError`` or ``errors.NotFoundError`` given as an argument: a class by its
        name (capitalised, not a CONSTANT), not a local of another value; None otherwise."""
        if isinstance(arg, ast.Name) and arg.id in env:
            return None
        dotted = _dotted(arg)
        last = dotted.rpartition(".")[2] if dotted is not None else ""
        if dotted is None or not last[:1].isupper() or last.isupper() or dotted.partition(".")[0] in env:
            return None
        return TypesVal(((dotted, self.dotted_key(dotted, frame)),), ())

    def callee_key(self, func: ast.expr, frame: Frame) -> str | None:
        """The key of the function a call names: as imported or defined, or ``self.method`` /
        ``cls.method`` in a method of a class, the method of that class."""
        if _on_self_or_cls(func, frame) and frame.class_key is not None:
            assert isinstance(func, ast.Attribute)
            return f"{frame.class_key}.{func.attr}"
        if (
            type(func) is ast.Attribute
            and type(func.value) is ast.Attribute
            and type(func.value.value) is ast.Name
            and func.value.value.id == frame.self_name
            and frame.parent is not None
            and (held := frame.parent.attr_classes.get(func.value.attr)) is not None
        ):
            # ``self._src.inc(...)`` with ``self._src = Source(...)`` in ``__init__``: that
            # class's method
            ck = self.dotted_key(held, frame)
            return f"{ck}.{func.attr}" if ck is not None else None
        return self.expr_key(func, frame)

    def types_of(self, node: ast.expr, env: Env, frame: Frame) -> TypesVal | None:
        """The classes a name bound to a mapping of classes may give (local, or module-level)."""
        if not isinstance(node, ast.Name):
            return None
        cur = env.get(node.id)
        if isinstance(cur, TypesVal):
            return cur
        if node.id in env:
            return None
        key = self.name_key(node.id, frame)
        return TypesVal((), (key,)) if key is not None and not key.startswith("builtins.") else None

    def class_map(self, value: ast.expr, env: Env, frame: Frame) -> TypesVal | None:
        """A dict literal whose values are classes (``{httpcore.X: X, ...}``), or a call of a
        function (or a name) that may give one, resolved later."""
        if type(value) is ast.Dict:
            entries: list[tuple[str, str | None]] = []
            for v in value.values:
                dotted = _dotted(v) if v is not None else None
                if dotted is None or not dotted.rpartition(".")[2][:1].isupper():
                    return None
                entries.append((dotted, self.dotted_key(dotted, frame)))
            return TypesVal(tuple(entries), ()) if entries else None
        if (
            isinstance(value, ast.Call)
            and not value.args
            and isinstance(value.func, ast.Name)
            # (a call handed text, ``create_error_message(message=f"...", error_code=...)``,
            # builds text from it, not a mapping of classes)
            and not any(self.is_stringy(k.value, env) for k in value.keywords)
        ):
            key = self.name_key(value.func.id, frame)
            if key is not None and not key.startswith("builtins.") and value.func.id not in env:
                return TypesVal((), (key + "()",))
        return None

    def on_while(self, stmt: ast.While, env: Env, frame: Frame, guards: list[Guard]) -> None:
        self.two_ways(env, frame, guards, ("while", stmt.test), stmt.body, stmt.orelse)

    def on_with(self, stmt: ast.With | ast.AsyncWith, env: Env, frame: Frame, guards: list[Guard]) -> None:
        for item in stmt.items:
            self.note_passed_maps(item.context_expr, env, frame)
            if item.optional_vars is not None:
                self.kill_targets(item.optional_vars, env)
        guards.append(("with", stmt))
        self.walk_block(stmt.body, env, frame, guards)
        guards.pop()

    def on_assert(self, stmt: ast.Assert, env: Env, frame: Frame, guards: list[Guard]) -> None:
        # a bare ``assert cond`` is a site too, of no text: a traceback ending on its line names
        # it (frames first), while a bare ``AssertionError`` pasted alone fits no empty template
        if not self.want_sites:
            return
        msg = None if stmt.msg is None else self.eval_msg(stmt.msg, env, frame)
        spec = ExcSpec("AssertionError", "builtins.AssertionError", msg)
        if isinstance(stmt.msg, ast.Name) and stmt.msg.id in frame.params and message_param(stmt.msg.id):
            # ``def _assert(condition, message): assert condition, message``: a helper asserting
            # the message it is given, as ``raise ValueError(message)`` raises it; its callers'
            # texts are sites at the calls (``raiser_call``), this one a relay of them
            spec = replace(spec, args=(Arg(stmt.msg.id, ph(stmt.msg.id)),), relay=True)
            frame.relays.append(spec)
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
        fallback = self.py2_fallback(stmt)
        if fallback is not None:
            # ``try: unicode except NameError: unicode = str``: on Python 3 the body fails at its
            # first statement, so the handler is what runs (``pyversion``)
            self.walk_block(fallback.body, env, frame, guards)
            self.walk_block(stmt.finalbody, env, frame, guards)
            return
        pre = dict(env)
        base_before = frame.base_call
        self.walk_block(stmt.body, env, frame, guards)
        base_body = frame.base_call
        branches = []
        for h in stmt.handlers:
            e = dict(env)
            self.merge_into(e, pre, dict(env))
            guards.append(("except", h))
            previous = frame.caught.get(h.name) if h.name else None
            previous_tuple = frame.caught_tuples.pop(h.name, None) if h.name else None
            if h.name:
                frame.caught[h.name] = _dotted(h.type) or "" if h.type is not None else ""
                caught_tuple = _caught_tuple(h.type)
                if caught_tuple:
                    frame.caught_tuples[h.name] = caught_tuple
                e.pop(h.name, None)
            calls = self.enter_caught_calls(stmt, h, frame)
            self.try_of[h] = stmt
            self.walk_block(h.body, e, frame, guards)
            del self.try_of[h]
            if h.name:
                if previous is None:
                    frame.caught.pop(h.name, None)
                else:
                    frame.caught[h.name] = previous
                frame.caught_tuples.pop(h.name, None)
                if previous_tuple is not None:
                    frame.caught_tuples[h.name] = previous_tuple
                self.leave_caught_calls(h.name, calls, frame)
            guards.pop()
            branches.append(e)
        if base_body is not base_before:
            # ``try: super().__init__(*args[0]) except IndexError: super().__init__(*args)``:
            # the handler's base initialiser is the fallback, the body's the one that runs
            frame.base_call = base_body
        self.walk_block(stmt.orelse, env, frame, guards)
        if branches:
            self.merge_into(env, dict(env), *branches)
        self.walk_block(stmt.finalbody, env, frame, guards)

    def py2_fallback(self, stmt: ast.Try | ast.TryStar) -> ast.ExceptHandler | None:
        """The handler of ``NameError`` a ``try`` falls to on Python 3 when its first statement
        reads a builtin only Python 2 has; None for any other ``try``."""
        if not stmt.body or isinstance(stmt, ast.TryStar):
            return None
        h = next((h for h in stmt.handlers if catches_name_error(h)), None)
        if h is None or not reads_py2_builtin(stmt.body[0], self.imports.__contains__):
            return None
        return h

    def version_flag(self, name: str) -> bool | None:
        """The outcome on every Python 3 of a module-level name bound to a version test
        (``PY3 = sys.version_info[0] == 3``) or imported from six (``from six import PY2``)."""
        got = self.version_names.get(name)
        return got if got is not None else SIX_FLAGS.get(self.imports.get(name, ""))

    @staticmethod
    def merge_into(env: Env, *branches: Env) -> None:
        """Join branch environments: a name may hold any of the values it got in any branch.

        Branches start as copies of ``env``, so only names whose value object changed in some
        branch need work; that keeps merging cheap in long functions with many variables.
        """
        get = env.get
        changed = dict.fromkeys([k for b in branches for k, v in b.items() if get(k, _MISSING) is not v])
        for k in changed:
            vals = [b[k] for b in branches if k in b]
            first = vals[0]
            if all(v is first for v in vals):
                env[k] = first
            elif all(isinstance(v, tuple) for v in vals):
                env[k] = union(*vals)  # type: ignore[arg-type]
            elif any(isinstance(v, ExcListVal) for v in vals) and all(
                isinstance(v, ExcListVal) or v is None or (isinstance(v, ListVal) and not v.items)
                for v in vals
            ):
                # (None: a container unknown before, an empty dict, filled by ``store_exc``)
                # exceptions collected in some branches (or loop bodies) only: any of them
                env[k] = ExcListVal(
                    _distinct([s for v in vals if isinstance(v, ExcListVal) for s in v.specs]),
                    open=any(v is None or (isinstance(v, ExcListVal) and v.open) for v in vals),
                )
            elif any(isinstance(v, ExcVal) for v in vals) and all(
                isinstance(v, ExcVal) or v is None or v == NONE for v in vals
            ):
                # ``exc = A(...)`` in one branch, ``exc = B(...)`` in another: either is raised
                specs: list[ExcSpec] = []
                for v in vals:
                    if isinstance(v, ExcVal):
                        specs.extend(x for x in v.specs() if x not in specs)
                opened = any(isinstance(v, ExcVal) and v.open for v in vals)
                env[k] = ExcVal(specs[0], tuple(specs[1:MAX_VARIANTS]), open=opened) if specs else None
            elif any(isinstance(v, TypesVal) for v in vals) and all(
                isinstance(v, TypesVal) or v is None or v == NONE for v in vals
            ):
                # ``mapped_exc = None`` then a class from a mapping: raising it raises the class
                kinds = [v for v in vals if isinstance(v, TypesVal)]
                env[k] = TypesVal(
                    tuple(dict.fromkeys(e for t in kinds for e in t.entries)),
                    tuple(dict.fromkeys(r for t in kinds for r in t.refs)),
                )
            elif all(isinstance(v, ListVal) for v in vals):
                items: list[Value] = []
                for v in vals:
                    assert isinstance(v, ListVal)
                    items.extend(i for i in v.items if i not in items)
                env[k] = ListVal(tuple(items))
            else:
                # A string in some branches, unknown in others: the unknown case is a placeholder.
                # None in some (``msg = None``) and unknown in the others is one too, beside the
                # None; None beside a list or an object is nothing known.
                texts = [v for v in vals if isinstance(v, tuple)]
                if any(v != NONE for v in texts) or (
                    texts and all(v is None or isinstance(v, tuple) for v in vals)
                ):
                    held = union(*[v if isinstance(v, tuple) else ph(k) for v in vals])
                    # the None last: where both print as a placeholder, the name is the one kept
                    env[k] = tuple(sorted(held, key=is_none))
                else:
                    env[k] = None

    @staticmethod
    def kill_targets(target: ast.expr, env: Env) -> None:
        if isinstance(target, ast.Name):
            env[target.id] = None
            env.pop(_TUPLE + target.id, None)
        elif isinstance(target, _T_LIST_TUPLE):
            for e in target.elts:
                ModuleVisitor.kill_targets(e, env)
        elif isinstance(target, ast.Starred):
            ModuleVisitor.kill_targets(target.value, env)

    # ------------------------------------------------------------ assignments

    def on_assign(self, stmt: ast.Assign, env: Env, frame: Frame) -> None:
        for target in stmt.targets:
            self.assign_target(target, stmt.value, env, frame)

    def assign_target(self, target: ast.expr, value: ast.expr, env: Env, frame: Frame) -> None:
        if type(target) is ast.Name and type(value) is ast.Lambda:
            self.assign_lambda(target.id, value, env, frame)
        elif isinstance(target, ast.Name) and frame.kind != "class" and _partial_rewrap(value):
            # ``indent = functools.partial(textwrap.indent, prefix="  ")``, then ``indent(msg)``
            env.pop(target.id, None)
            prefix = self.module if frame.kind == "module" else f"{frame.key}.<locals>"
            key = f"{prefix}.{target.id}"
            self.facts.funcs[key] = FuncInfo(("text",), (), rewrap=True)
            frame.local_funcs[target.id] = key
        elif isinstance(target, ast.Name):
            self.assign_name(target.id, value, env, frame)
        elif isinstance(target, ast.Attribute):
            self.assign_attr(target, value, env, frame)
        elif type(target) is ast.Subscript and type(target.value) is ast.Name and frame.kind == "function":
            self.replace_arg(target, value, env, frame)
            self.store_exc(target.value.id, value, env, frame)
        elif isinstance(target, _T_LIST_TUPLE):
            self.kill_targets(target, env)
            if frame.kind == "function" and isinstance(value, ast.Call):
                self.unpack_call(target, value, env, frame)
            elif frame.is_init:
                self.unpack_varargs(target, value, env, frame)
            elif frame.kind == "function" and type(value) is ast.Subscript and frame.parent is not None:
                self.unpack_registry(target, value, env, frame)
            if frame.kind == "class":
                for e in target.elts:
                    if isinstance(e, ast.Name):
                        self.facts.symbols.add(f"{frame.key}.{e.id}")

    def assign_attr(self, target: ast.Attribute, value: ast.expr, env: Env, frame: Frame) -> None:
        """``self.<attr> = value`` in a method: text kept on the class, the instance's values."""
        if (
            frame.self_name
            and isinstance(target.value, ast.Name)
            and target.value.id == frame.self_name
            and frame.class_key
        ):
            self.facts.symbols.add(f"{frame.class_key}.{target.attr}")
            self.self_text(frame.class_key, target.attr, value, env, frame)
            if type(value) is ast.Name and not frame.is_init and value.id in frame.params:
                _param_set(self.facts.classes.get(frame.class_key), target.attr, value.id, env, frame)
            memo = f"{frame.self_name}.{target.attr}"
            if memo in env:  # (a printer's memoised attribute, ``memo``)
                env[memo] = self.eval_msg(value, env, frame)
            if frame.is_init and target.attr == "args" and isinstance(value, ast.Tuple):
                frame.args_set = tuple(self.arg(e, env, frame) for e in value.elts)
            elif frame.is_init and (
                isinstance(value, ast.Name) or self.is_stringy(value, env) or frame.exc_class
            ):
                # an exception's attributes, whatever they hold: its printers read them
                frame.self_values[target.attr] = self.eval_msg(value, env, frame)

    @staticmethod
    def unpack_varargs(target: ast.Tuple | ast.List, value: ast.expr, env: Env, frame: Frame) -> None:
        """``schema, name, datum = args[:3]`` (or ``= args``) in an ``__init__(self, *args)``:
        each name holds that positional argument of the call (``args[i]``), so a message the
        initialiser formats from them shows what the raise passed."""
        star = _init_vararg(frame)
        if star is None or not _whole_varargs(value, star):
            return
        for i, e in enumerate(target.elts):
            if isinstance(e, ast.Starred):
                return  # ``first, *rest = args``: the names after it hold no one argument
            if isinstance(e, ast.Name):
                env[e.id] = ph(f"{star}[{i}]")
        sliced = isinstance(value, ast.Subscript)
        frame.star_need = (star, f"{'>' if sliced else '#'}{len(target.elts)}")

    def replace_arg(self, target: ast.Subscript, value: ast.expr, env: Env, frame: Frame) -> None:
        """``args[1] = f'"{prog}" not found in path.'`` on a copy of an exception's arguments
        (``ArgsCopy``): that item is now the value, the ones before it stay placeholders, so a
        later ``raise OSError(*args)`` prints the text set here in its place."""
        name = cast(ast.Name, target.value).id
        held = env.get(_TUPLE + name)
        index = target.slice
        if not (
            isinstance(held, ArgsCopy)
            and env.get(name) is held.held
            and type(index) is ast.Constant
            and type(index.value) is int
            and 0 <= index.value < _MAX_ITEMS
        ):
            return
        i = index.value
        items = list(held.args)
        items += [Arg(f"{name}[{k}]", ph(f"{name}[{k}]")) for k in range(len(items), i + 1)]
        items[i] = self.arg(value, env, frame)._replace(text=f"{name}[{i}]")
        env[_TUPLE + name] = ArgsCopy(tuple(items), held.held)

    def unpack_call(self, target: ast.Tuple | ast.List, value: ast.Call, env: Env, frame: Frame) -> None:
        """``val, err, pos = parse(s)``: each name holds that element of what the function
        returns, resolved once the functions are known (a message built by the callee and
        raised here, ``raise ValueError(err)``)."""
        for e in target.elts:
            if isinstance(e, ast.Name):
                frame.local_classes.pop(e.id, None)
        if len(target.elts) > _MAX_ITEMS or any(isinstance(e, ast.Starred) for e in target.elts):
            return
        ref = self.returned_ref(value, env, frame, "")
        if not isinstance(ref, Ref) or not ref.call or ref.item >= 0 or ref.method.startswith("<"):
            return
        for i, e in enumerate(target.elts):
            if isinstance(e, ast.Name):
                env[e.id] = ((ref._replace(name=e.id, item=i),),)

    def class_local(self, name: str, value: ast.expr, env: Env, frame: Frame) -> None:
        """``error_type = error_map.get(status)`` of a parameter, into a local named for a class
        (``_names_exc_class``): the classes the parameter's table may give, called later."""
        if (
            frame.kind == "function"
            and type(env[name]) is not TypesVal
            and _names_exc_class(name)
            and (looked := self.param_lookup(value, env, frame)) is not None
        ):
            env[name] = looked

    def self_text(self, class_key: str, attr: str, value: ast.expr, env: Env, frame: Frame) -> None:
        """Keep ``self.<attr> = <text>`` on the class: a method may raise with ``self.<attr>``
        as its message while the text is set in ``__init__``, a subclass or a setter."""
        info = self.facts.classes.get(class_key)
        if info is None:
            return
        v = self.eval_msg(value, env, frame) if self.is_stringy(value, env) else ()
        if value_has_literal(v):
            info.self_texts[attr] = union(info.self_texts.get(attr, ()), v)
            return
        info.self_other.add(attr)
        if (ref := self.self_method_text(value, env, frame)) is not None:
            # ``self._defaultName = self._generateDefaultName()``: what the method returns on
            # the instance's class (each subclass's override), for a property returning it
            info.self_calls[attr] = union(info.self_calls.get(attr, ()), ((ref,),))

    def self_method_text(self, value: ast.expr, env: Env, frame: Frame) -> Ref | None:
        """``self.<method>()`` of no arguments: a reference to what the method returns."""
        if not (
            type(value) is ast.Call
            and not value.args
            and not value.keywords
            and isinstance(value.func, ast.Attribute)
            and isinstance(value.func.value, ast.Name)
            and value.func.value.id == frame.self_name
            and self.method_of_known_class(value.func, frame)
        ):
            return None
        ref = self.returned_ref(value, env, frame, self.src(value))
        return ref if isinstance(ref, Ref) and ref.call and ref.method == value.func.attr else None

    @staticmethod
    def module_number(value: ast.expr, frame: Frame) -> Value | None:
        """``CR_SERVER_LOST = 2013`` at module level: a constant whose text a message may show
        (``{LIMIT}``, ``OSError(CODE, ...)``), kept as a class's constants are; None otherwise."""
        number = _number_literal(value) if frame.kind == "module" else None
        return None if number is None else lit(str(number))

    def assign_name(self, name: str, value: ast.expr, env: Env, frame: Frame) -> None:
        if name == frame.cls_name:
            frame.cls_rebound = True
            self.args_memo = None  # (``call_spec`` reads it: a ``cls(...)`` among the arguments)
        items = value.elts if type(value) is ast.Tuple and frame.kind == "function" else []
        args = (
            tuple(self.arg(x, env, frame) for x in items if not isinstance(x, ast.Starred)) if items else ()
        )
        got = self.eval_assigned(value, env, frame)
        env[name] = self.module_number(value, frame) if got is None else got
        _note_cut(name, value, frame)
        self.class_local(name, value, env, frame)
        # (``_init_vararg`` is None outside an ``__init__``: the test first spares two calls)
        if frame.is_init and (item := _vararg_item(value, _init_vararg(frame))) is not None:
            env[name] = ph(item)  # ``name = args[0]``: that positional argument of the call
        if env[name] is None and type(value) is ast.Call and self.method_of_known_class(value.func, frame):
            # ``err = self._bad_header(h)``, ``err = checker.problem(x)``: the text the method
            # returns, once the functions are known (shown as the name when it has none)
            ref = self.returned_ref(value, env, frame, name)
            if isinstance(ref, Ref) and ref.call:
                env[name] = ((ref._replace(name=name),),)
        if args and len(args) == len(items):
            env[_TUPLE + name] = TupleArgs(args, env[name])
        elif frame.kind == "function" and _copies_args(value):
            env[_TUPLE + name] = ArgsCopy((), env[name])  # ``args = list(e.args)``
        else:
            env.pop(_TUPLE + name, None)
        self.bind_exc(name, value, env, frame)
        self.note_local_class(name, value, env, frame)
        if frame.kind == "module" and isinstance(value, ast.Tuple) and all(_dotted(e) for e in value.elts):
            self.tuples.setdefault(name, value.elts)  # ``error_bases = (ClientSSLError, ssl.SSLError)``
        self.module_alias(name, value, frame)
        if frame.is_init and _is_super_init(value):
            frame.super_aliases.add(name)  # ``init = super().__init__``
        if frame.kind == "module" and isinstance(env[name], TypesVal):
            types = env[name]
            assert isinstance(types, TypesVal)
            if types.entries:
                self.facts.type_maps[f"{self.module}.{name}"] = types.entries
        if frame.parent is None and isinstance(value, ast.Call):
            # ``fail = _Fail()``: calling the module-level instance calls its class's __call__
            dotted = _dotted(value.func)
            if dotted is not None and dotted.rpartition(".")[2].lstrip("_")[:1].isupper():
                ck = self.dotted_key(dotted, frame)
                if ck is not None:
                    self.facts.instances[f"{self.module}.{name}"] = ck
        if frame.kind == "class":
            self.facts.symbols.add(f"{frame.key}.{name}")
            self.printer_alias(name, value, frame)

    def bind_exc(self, name: str, value: ast.expr, env: Env, frame: Frame) -> None:
        """``name = <exception>`` for a later ``raise name``: what the call builds, or any
        exception of the container an item is taken from (``exc = errors[max(errors)]``)."""
        if self.builds_raised_name(name, value, env, frame):
            spec = self.exc_spec(value, env, frame)
            env[name] = ExcVal(spec) if spec is not None else None
        elif type(value) is ast.IfExp and (specs := self.either_arm_builds(name, value, env, frame)):
            env[name] = ExcVal(specs[0], tuple(specs[1:MAX_VARIANTS]))
        elif (box := self.taken_exc(value, env)) is not None:
            env[name] = _taken(box)

    def either_arm_builds(self, name: str, value: ast.IfExp, env: Env, frame: Frame) -> list[ExcSpec]:
        """``err = self.v2_error(body) if api_mode == "V2" else self.v1_error(body)``: what each
        arm builds, as ``err = self.v1_error(body)`` alone would be taken; empty unless every arm
        (nested conditionals flattened) builds one."""
        specs: list[ExcSpec] = []
        for arm in _branches(value):
            spec = self.exc_spec(arm, env, frame) if self.builds_raised_name(name, arm, env, frame) else None
            if spec is None:
                return []
            specs.append(spec)
        return specs

    def printer_alias(self, name: str, value: ast.expr, frame: Frame) -> None:
        """``__str__ = __repr__`` in a class body: the printer is that method of the class, defined
        above it (Python requires it), so what that method returns is what ``str()`` shows."""
        if name in _PRINTERS and isinstance(value, ast.Name):
            info = self.facts.funcs.get(f"{frame.key}.{value.id}")
            if info is not None:
                self.facts.funcs[f"{frame.key}.{name}"] = info

    def module_alias(self, name: str, value: ast.expr, frame: Frame) -> None:
        """``ArgumentError = argparse.ArgumentError``: a name bound at module level to an
        attribute of an imported module stands for what it names, as ``from argparse import
        ArgumentError`` would (an import of the same name wins). ``Mid = Root`` of a name imported,
        bound so, or a class defined above is a second name for the same thing."""
        if frame.kind != "module":
            return
        if (
            isinstance(value, ast.Name)
            and value.id == "str"
            and "str" not in self.top
            and "str" not in self.imports
        ):
            # ``unicod = str`` (code of Python 2 heritage): a call of it on text is that text
            self.facts.aliases.setdefault(f"{self.module}.{name}", STR_ALIAS)
            return
        if isinstance(value, ast.Name) and value.id != name:
            here = f"{self.module}.{value.id}"
            target = self.facts.aliases.get(here) or (here if here in self.facts.classes else None)
            if target is not None:
                self.facts.aliases.setdefault(f"{self.module}.{name}", target)
            return
        if not isinstance(value, ast.Attribute):
            return
        dotted = _dotted(value)
        root, _, rest = (dotted or "").partition(".")
        if rest and root in self.imports:
            self.facts.aliases.setdefault(f"{self.module}.{name}", f"{self.imports[root]}.{rest}")

    def returned_ref(self, call: ast.Call, env: Env, frame: Frame, shown: str) -> Part | None:
        """The one part of what ``call`` returns (``local_method_ref``, else ``eval_call``), a
        reference to be shown as ``shown``: the callers (``err = self._bad_header(h)``, ``val,
        err = parse(s)``) name the reference after the local it is bound to, so the call's own
        source is never read for it (a call written over several lines would be unparsed, and
        the text dropped; ~0.04 s of a jax extraction). Any other part comes back as before
        (its name is the callers' to drop too: they keep a reference alone)."""
        return self.local_method_ref(call, env, frame, shown) or _lone_part(
            self.eval_call(call, env, frame, shown)
        )

    def local_method_ref(
        self, call: ast.Call, env: Env, frame: Frame, shown: str | None = None
    ) -> Ref | None:
        """``parser.parse(...)`` of ``parser = Parser(text)`` in this function: that class's
        method, for the text the call returns (what it raises is left to the class's own sites).
        ``shown``: the reference's name, else the call's source."""
        func = call.func
        if not isinstance(func, ast.Attribute) or not isinstance(func.value, ast.Name):
            return None
        held = frame.local_classes.get(func.value.id)
        ck = self.dotted_key(held, frame) if held is not None else None
        if ck is None:
            return None
        args, kwargs = self.call_args(call, env, frame)
        name = self.call_name(call, _dotted(func)) if shown is None else shown
        return Ref(ck, name, True, args, kwargs, method=func.attr)

    @staticmethod
    def method_of_known_class(func: ast.expr, frame: Frame) -> bool:
        """``self.<method>``, or ``<local>.<method>`` of a local built from a class in this
        function: a method whose class is known, so what it returns can be looked up."""
        if not isinstance(func, ast.Attribute) or not isinstance(func.value, ast.Name):
            return False
        if func.attr[:1].isupper() or func.attr.startswith("__"):
            return False
        root = func.value.id
        return (root == frame.self_name and frame.class_key is not None) or root in frame.local_classes

    @staticmethod
    def note_local_class(name: str, value: ast.expr, env: Env, frame: Frame) -> None:
        """``parser = Parser(text)`` in a function: ``parser.<method>(...)`` is that class's."""
        frame.local_classes.pop(name, None)
        if frame.kind != "function" or type(value) is not ast.Call or isinstance(env.get(name), ExcVal):
            return
        dotted = _dotted(value.func)
        if dotted is not None and dotted.rpartition(".")[2].lstrip("_")[:1].isupper():
            frame.local_classes[name] = dotted

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
        if isinstance(node.body, ast.Call) and frame.kind == "function" and self.want_sites:
            # ``too_short = lambda n: raise_(ValueError, f"got {n}")``: a call in a lambda
            # that supplies a raising helper its text is a site like a call statement
            self.raiser_call(node.body, node.body, lenv, frame, [])
        if not self.is_stringy(node.body, lenv):
            env[name] = None
            return
        prefix = self.module if frame.kind == "module" else f"{frame.key}.<locals>"
        key = f"{prefix}.{name}"
        self.facts.funcs[key] = FuncInfo(params, self.eval_msg(node.body, lenv, frame))
        frame.local_funcs[name] = key

    def builds_raised_name(self, name: str, value: ast.expr, env: Env, frame: Frame) -> bool:
        """``name = <call>`` builds the exception a later ``raise name`` raises.

        ``exception = Conflict(message)`` (a class not named like an exception) or ``err =
        self._make_error(...)``, then ``raise exception``: the raise raises what the call builds
        (a name that is raised holds no text, whatever the call's name suggests). ``error =
        exception(msg)`` then ``raise error`` (or ``.with_traceback(tb)``) of a helper given the
        class: the raise is ``raise exception(msg)``, the class and the text what each caller
        passes (``raise_with_traceback(DeserializationError, msg, err)``)."""
        # The tests on the call itself come first: the names the function raises are a walk of
        # its blocks, and most assignments of a call build no exception (jax: ~5,700 walks
        # for ~35,000 assignments when that walk came first; the answer is the same).
        if type(value) is not ast.Call:
            return False
        if _builds_from_param(value, env, frame):
            # (``value = tp()`` rebinding a parameter when the caller gave none: the raise is
            # mostly of the object given, not of this fallback; a helper raising only under a
            # condition, ``if self.raise_errors: raise error``, may keep the error for a later
            # raise elsewhere instead, which stays the raise of its callers' texts)
            return (
                name not in frame.params
                and frame.node is not None
                and name in self.raised_names(frame)
                and name in _always_raised(frame.node)
            )
        return (
            type(env[name]) not in _EXCVAL_TYPESVAL_TYPES
            and (_builds_raised(value.func) or self.remakes_caught(value.func, frame))
            and not (
                isinstance(value.func, ast.Name)
                and value.func.id in env
                and not isinstance(env[value.func.id], TypesVal)
            )
            and name in self.raised_names(frame)
        )

    def remakes_caught(self, func: ast.expr, frame: Frame) -> bool:
        """``type(e)`` of a caught exception ``e``: ``exc = type(e)(f"... {e}")`` then, later in
        the function, ``raise exc from e`` (dask's backend dispatch, which builds it under a
        ``try`` of its own) raises what ``raise type(e)(f"... {e}")`` would: the caught class
        with the wrapper's words around the caught text (``call_spec``)."""
        return (
            isinstance(func, ast.Call)
            and _last_name(func.func) == "type"
            and len(func.args) == 1
            and isinstance(func.args[0], ast.Name)
            and self.is_caught(func.args[0].id, frame)
        )

    def mapped_list(self, comp: ast.ListComp, env: Env, frame: Frame) -> MappedList | None:
        """``[f"Error {i}: {m}" for i, m in enumerate(messages, start=1)]`` in an exception's
        method, over a list of message pieces it built: each piece framed by the element's text
        (the index, a value no call decides, is a placeholder)."""
        gen = comp.generators[0]
        if not frame.exc_class or len(comp.generators) != 1 or gen.ifs or gen.is_async:
            return None
        source, target = gen.iter, gen.target
        if (
            isinstance(source, ast.Call)
            and _last_name(source.func) == "enumerate"
            and source.args
            and isinstance(target, ast.Tuple)
            and len(target.elts) == 2
        ):
            source, target = source.args[0], target.elts[1]
        held = env.get(source.id) if isinstance(source, ast.Name) else None
        if not isinstance(held, ListVal) or not held.items or not isinstance(target, ast.Name):
            return None
        if not self.is_stringy(comp.elt, env):
            return None
        inner = _comp_env(comp, env)
        items: list[Value] = []
        for item in held.items:
            inner[target.id] = item
            items.append(self.eval_msg(comp.elt, inner, frame))
        return MappedList(tuple(items), held)

    def eval_assigned(self, value: ast.expr, env: Env, frame: Frame) -> EnvVal:
        field = self.assigned_field(value, env, frame)
        if field is not None:
            return field
        t = type(value)  # (exact types: ``astutil._LEAF_VALUES``)
        if t is ast.List or t is ast.Tuple:
            elts: list[ast.expr] = value.elts  # type: ignore[attr-defined]
            if any(self.is_stringy(e, env) for e in elts) or (frame.exc_class and elts):
                return ListVal(tuple(self.eval_msg(e, env, frame) for e in elts))
            return ListVal(()) if not elts and t is ast.List else None
        if type(value) is ast.Attribute and value.attr == "format" and self.is_stringy(value.value, env):
            return FmtVal(self.eval_msg(value.value, env, frame))
        if type(value) is ast.Dict or type(value) is ast.DictComp:
            return self.assigned_dict(value, env, frame)
        if type(value) is ast.ListComp and (mapped := self.mapped_list(value, env, frame)) is not None:
            return mapped
        if isinstance(value, ast.Call):
            name = _last_name(value.func)
            # (``error = error_class(message)`` of a name holding classes, as ``return`` takes it)
            held = isinstance(value.func, ast.Name) and (
                isinstance(env.get(value.func.id), TypesVal)
                or _class_made(env.get(value.func.id)) is not None
            )
            if (
                name.endswith(EXC_SUFFIXES)
                or _is_factory(value.func)
                or self.held_class(value.func, frame)
                or held
            ):
                spec = self.exc_spec(value, env, frame)
                return ExcVal(spec) if spec is not None else None
        types = self.assigned_types(value, env, frame)
        if types is not None:
            return types
        if self.is_stringy(value, env):
            return self.eval_msg(value, env, frame)
        if frame.kind == "function" and type(value) is ast.Constant and value.value is None:
            return NONE  # ``msg = None``: known to print nothing, until a branch gives it text
        if type(value) is ast.Name and value.id in frame.params and env.get(value.id) is None:
            return ph(value.id)  # ``message = name``: what the caller passed for ``name``
        if frame.exc_class and isinstance(value, _T_ATTRIBUTE_SUBSCRIPT_CALL):
            # ``text = self.args[0]``, ``message = self._message()``, ``text = str(arg)`` in an
            # exception's method: what the instance holds, filled in per raise
            return self.eval_msg(value, env, frame)
        if type(value) is ast.Subscript and frame.kind == "function":
            # ``bit = TABLE[key]``: a record of a table, its fields read later (``bit["err"]``)
            table = self.row_of(value, env, frame)
            return RowVal(table) if table is not None else None
        return None

    def assigned_dict(self, value: ast.Dict | ast.DictComp, env: Env, frame: Frame) -> EnvVal:
        """A dict of messages (literal or comprehension), or a dict of classes."""
        if isinstance(value, ast.Dict):
            # the union of the values' texts, as ``union_n(texts, MAX_TABLE)`` makes it; once it
            # holds MAX_TABLE variants no later text adds one, so a value whose evaluation notes
            # nothing (``_inert_text``) is no longer evaluated (a generated table of 20,000
            # messages costs the first rows' work, not every row's)
            seen: dict[Variant, None] = {}
            for v in value.values:
                if not self.is_stringy(v, env) or (len(seen) >= MAX_TABLE and _inert_text(v)):
                    continue
                text = self.eval_msg(v, env, frame)
                if value_has_literal(text):
                    add_variants(seen, text, MAX_TABLE)
            if seen:
                return DictVal(tuple(seen))
            fields = self.record_fields(value, env, frame)
            return DictVal((), fields) if fields else self.class_map(value, env, frame)
        cenv: Env = dict(env)
        for gen in value.generators:
            for n in ast.walk(gen.target):
                if isinstance(n, ast.Name):
                    cenv[n.id] = None
        if self.is_stringy(value.value, cenv):
            text = self.eval_msg(value.value, cenv, frame)
            return DictVal(text) if value_has_literal(text) else None
        return None

    def assigned_field(self, value: ast.expr, env: Env, frame: Frame) -> Value | None:
        """``msg = bit["err"]`` / ``msg = bit.get("err")``: a field of a table's record."""
        if type(value) is ast.Subscript:
            return self.record_field(value.value, value.slice, value, env, frame)
        if (
            type(value) is ast.Call
            and type(value.func) is ast.Attribute
            and value.func.attr == "get"
            and len(value.args) == 1
            and not value.keywords
        ):
            return self.record_field(value.func.value, value.args[0], value, env, frame)
        return None

    def record_fields(self, table: ast.Dict, env: Env, frame: Frame) -> dict[str, Value]:
        """A dict whose values are records (dict literals with string keys): per field, the
        texts its rows hold there (the rows without that field add nothing)."""
        # per field, the union of its texts as ``union_n(texts, MAX_TABLE)`` makes it; a field
        # holding MAX_TABLE variants takes no more, so its later values are evaluated only when
        # the evaluation may note something (not ``_inert_text``): a generated table of 20,000
        # records (phonenumbers' geodata) costs the first rows' work per field
        rows: dict[str, dict[Variant, None]] = {}
        for row in table.values:
            if not isinstance(row, ast.Dict):
                continue
            for k, v in zip(row.keys, row.values, strict=True):
                name = _str_value(k)
                if name is None or not self.is_stringy(v, env):
                    continue
                seen = rows.get(name)
                if seen is not None and len(seen) >= MAX_TABLE and _inert_text(v):
                    continue
                text = self.eval_msg(v, env, frame)
                if value_has_literal(text):
                    add_variants(rows.setdefault(name, {}), text, MAX_TABLE)
        return {name: tuple(seen) for name, seen in rows.items()}

    def table_key(self, e: ast.expr, env: Env, frame: Frame) -> str | None:
        """``TABLE`` of ``TABLE[key]``: the key its texts are kept under (a local dict's kept
        now), or None when ``e`` names no table that may hold text."""
        if not isinstance(e, ast.Name):
            return None
        cur = env.get(e.id)
        if isinstance(cur, DictVal):
            local = f"{frame.key}.<locals>.{e.id}"
            self.keep_table(local, cur)
            return local
        if e.id in env:
            return None
        key = self.name_key(e.id, frame)
        return key if key is not None and not key.startswith("builtins.") else None

    def row_of(self, e: ast.expr, env: Env, frame: Frame) -> str | None:
        """The table a record comes from: ``bit`` bound by ``bit = TABLE[key]``, or
        ``TABLE[key]`` itself. A constant key (``config["mode"]["storage"]``) names one known
        row, not any of them: no table here."""
        if isinstance(e, ast.Name):
            cur = env.get(e.id)
            if isinstance(cur, TypesVal) and not cur.entries and len(cur.refs) == 1:
                # ``bit = KNOWN[proto]`` of an upper-case table, kept as a deferred mapping of
                # classes (``cls = EXC_MAP[key]``) until the table's rows are known
                return cur.refs[0] if not cur.refs[0].endswith("()") else None
            return cur.table if isinstance(cur, RowVal) else None
        if isinstance(e, ast.Subscript) and not isinstance(e.slice, _T_SLICE_CONSTANT):
            return self.table_key(e.value, env, frame)
        return None

    def record_field(
        self, row: ast.expr, field: ast.expr, at: ast.expr, env: Env, frame: Frame
    ) -> Value | None:
        """``row["err"]`` / ``row.get("err")`` of a table's record: any text of that field.

        ``at`` is the whole expression, whose text names the reference: taken only once the
        row is a table's (few are), since a read spanning lines is ``ast.unparse``d for it."""
        name = _str_value(field)
        if name is None:
            return None
        table = self.row_of(row, env, frame)
        return ((Ref(row_field(table, name), self.src(at), method="[]"),),) if table is not None else None

    def assigned_types(self, value: ast.expr, env: Env, frame: Frame) -> TypesVal | None:
        """``cls = other_cls``, ``cls = MAP[key]``, ``cls = MAP.get(key)``, or a mapping of
        classes itself: the classes the variable may hold."""
        if type(value) is ast.Name and value.id in env:
            cur = env.get(value.id)
            return cur if type(cur) is TypesVal else None
        if type(value) is ast.IfExp:
            # ``exc_type = ParseFatalException if fatal else ParseException``: either class
            a = self.assigned_types(value.body, env, frame)
            b = self.assigned_types(value.orelse, env, frame)
            return _joined_types(a, b) if a is not None and b is not None else None
        if type(value) is ast.Name or type(value) is ast.Attribute:
            # ``exc = errors.ApiError`` in a function, replaced by a subclass in some branches
            # (``exc = errors.NotFound``) and then called: the class (any of them) is what is raised
            return self.held_types(value, frame)
        if type(value) is ast.Subscript:
            # (a table looked up by a class or its name, ``self.exceptions[exc_type.__name__]``,
            # translates exceptions: it gives classes, whatever its callers' mapping is called)
            return self.table_types(value.value, env, frame) or self.param_table(
                value.value, None, env, frame, called=_keyed_by_class(value.slice)
            )
        if isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr == "get":
            types = self.table_types(value.func.value, env, frame)
            default = self.default_types(value.args[1], frame) if len(value.args) == 2 else None
            if types is None:
                return self.param_table(value.func.value, default, env, frame)
            if default is not None:
                # ``EXC_BY_STATUS.get(status, ApiError)``: the mapping's classes or the default
                return TypesVal(tuple(dict.fromkeys((*types.entries, *default.entries))), types.refs)
            return types
        if isinstance(value, ast.Call) and _last_name(value.func) == "getattr" and len(value.args) == 3:
            # ``getattr(ExceptionMapping, code, WebDriverException)``: a class of the table read
            # by a computed name, or the default
            table = self.types_of(value.args[0], env, frame)
            default = self.held_types(value.args[2], frame)
            if table is not None and default is not None:
                return TypesVal((*default.entries, *table.entries), table.refs)
            return None
        return self.class_map(value, env, frame)

    def table_types(self, table: ast.expr, env: Env, frame: Frame) -> TypesVal | None:
        """The classes a looked-up table may give: a mapping of classes bound to a name, or a dict
        literal looked up where it is written (``{400: BadRequest, 404: NotFound}[status]``)."""
        if isinstance(table, ast.Dict):
            return self.class_map(table, env, frame)
        return self.types_of(table, env, frame) if _is_mapping_name(table, env) else None

    def param_table(
        self, table: ast.expr, default: TypesVal | None, env: Env, frame: Frame, called: bool = False
    ) -> TypesVal | None:
        """A parameter looked up as a mapping of classes (``error_map.get(status_code)``): one
        whose annotation maps to classes (``Mapping[int, Type[HttpResponseError]]``), whose
        lookup defaults to a class (``error.get(code, OperationError)``), or (``called``) whose
        lookup is called as a class is (``raise handlers[code](msg)``, ``error_type =
        error_map.get(status)`` then ``error_type(...)``); the classes the callers pass in its
        slot, those of the annotation and the default. Any other parameter looked up
        (``options.get("x")``) is no table."""
        found = self.param_mapping(table, env, frame)
        if found is None or not (found.entries or default is not None or called):
            return None
        extra = default.entries if default is not None else ()
        return TypesVal(tuple(dict.fromkeys((*found.entries, *extra))), found.refs)

    def param_lookup(self, value: ast.expr, env: Env, frame: Frame) -> TypesVal | None:
        """``error_map[code]`` or ``error_map.get(code[, Default])`` of a parameter, its result
        called as a class: the classes of ``param_table``; None for any other value."""
        if isinstance(value, ast.Subscript):
            return self.param_table(value.value, None, env, frame, called=True)
        if isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr == "get":
            default = self.default_types(value.args[1], frame) if len(value.args) == 2 else None
            return self.param_table(value.func.value, default, env, frame, called=True)
        return None

    def default_types(self, value: ast.expr, frame: Frame) -> TypesVal | None:
        """A lookup's default class: one named (``held_types``), or ``cls`` in a classmethod
        (``STATUS.get(code, cls)``), the class the factory is defined on."""
        if isinstance(value, ast.Name) and value.id == frame.cls_name and frame.class_key:
            return TypesVal(((frame.class_key.rpartition(".")[2], frame.class_key),), ())
        return self.held_types(value, frame)

    def held_types(self, value: ast.expr, frame: Frame) -> TypesVal | None:
        """A class named as a value in a function (``errors.ApiError``, capitalised, not a
        constant): a variable bound to it holds that class."""
        dotted = _dotted(value)
        last = dotted.rpartition(".")[2] if dotted is not None else ""
        if dotted is None or frame.kind != "function" or not last[:1].isupper() or last.isupper():
            return None
        return TypesVal(((dotted, self.dotted_key(dotted, frame)),), ())

    def on_augassign(self, stmt: ast.AugAssign, env: Env, frame: Frame) -> None:
        target = stmt.target
        if isinstance(target, ast.Attribute) and (dotted := _dotted(target)) is not None and dotted in env:
            # ``self._msg += ...`` of a printer's memoised attribute (``memo``): a local's rules
            target = ast.Name(dotted)
        if not isinstance(target, ast.Name):
            return
        cur = env.get(target.id)
        if isinstance(cur, ExcVal):
            # ``e_nx = NXDOMAIN()``; ``e_nx += e``: no longer what the call built (dnspython);
            # an object of its own (not None, which a merge reads as "not set in this branch")
            env[target.id] = ph(target.id)
            return
        if isinstance(stmt.op, ast.Add):
            if isinstance(cur, ListVal):
                if isinstance(stmt.value, _T_LIST_TUPLE):
                    env[target.id] = ListVal(
                        cur.items + tuple(self.eval_msg(e, env, frame) for e in stmt.value.elts)
                    )
                return
            if isinstance(cur, tuple) or self.is_stringy(stmt.value, env):
                base = cur if isinstance(cur, tuple) else ph(target.id)
                env[target.id] = concat(base, self.eval_msg(stmt.value, env, frame))
                return
        env[target.id] = None

    def raiser_call(
        self,
        stmt: ast.stmt | ast.expr,
        call: ast.Call,
        env: Env,
        frame: Frame,
        guards: list[Guard],
        returned: bool = False,
    ) -> None:
        """``ctx.fail(msg)``, ``check(ok, "x must be positive")``, ``Proxy(unbound_message=...)``:
        a raise site if the function called turns out (in the parent, codebase-wide) to raise
        the text it is given, or if the text goes to a parameter named like a message. Only
        calls passing some message text are considered: a raiser called without one adds
        nothing to its own site. A ``returned`` call is one only through a function that raises:
        ``return GraphQLError(...)`` is a factory its caller raises (``on_return``), and ``return
        pytest.mark.skipif(..., reason=...)`` hands its text to no raise."""
        if not call.args and not call.keywords:
            return  # a call given nothing passes no text to raise, nor to a message parameter
        dotted = _dotted(call.func)
        made = dotted is None and isinstance(call.func, ast.Call)
        if made:
            # ``self._fail_with(KeyError)(f"no key {k}")``: a call of the function the factory
            # returns, given this call's arguments (``ExcSpec.returned``)
            assert isinstance(call.func, ast.Call)
            dotted = _dotted(call.func.func)
        if dotted is None or _logger_call(call.func):
            return
        last = dotted.rpartition(".")[2]
        if last in GETTEXT_ARGS or (dotted in BUILTIN_NAMES and dotted not in self.top):
            return
        upper = last[:1].isupper()
        if (returned or made) and upper:
            return
        handoff = not returned and not made and self.hands_off(call, env, upper)
        # the arguments' expressions, keywords' last; loops, not ``any`` over generators: this
        # gate runs for every call statement given arguments and nearly every one stops here
        given = call.args + [k.value for k in call.keywords] if call.keywords else call.args
        if not handoff:
            if upper:
                return  # a class given no text for a message parameter: nothing to raise here
            supplies = self.supplies_text
            for a in given:
                if supplies(a, env):
                    break
            else:
                if frame.kind == "function" and not made:
                    self.hands_message(call, given, dotted, last, env, frame)
                return
        ref = self.raiser_ref(call, dotted, last, env, frame)
        maker = None
        if made and ref is not None:
            assert isinstance(call.func, ast.Call)
            fargs, fkwargs = self.call_args(call.func, env, frame)
            maker = ref._replace(args=fargs, kwargs=fkwargs)
        if ref is not None and not (made and ref.method and not ref.key):
            spec = ExcSpec(dotted, None, None, ref.args, ref.kwargs, ref, True, handoff=handoff, maker=maker)
            if handoff and frame.kind != "function":
                spec = replace(spec, at_import=True)
            self.add_site("error", spec, stmt, frame, guards, None)

    def hands_message(
        self, call: ast.Call, given: list[ast.expr], dotted: str, last: str, env: Env, frame: Frame
    ) -> None:
        """A function's call giving no text but a name like a message (``fail(message)``): the
        call is where the function hands its own message on (``facts.hands``)."""
        for a in given:
            if _message_name(a, frame):
                ref = self.raiser_ref(call, dotted, last, env, frame)
                if ref is not None:
                    self.facts.hands.setdefault(frame.qualname, (None, []))[1].append(ref)
                return

    def raiser_ref(self, call: ast.Call, dotted: str, last: str, env: Env, frame: Frame) -> Ref | None:
        """The reference to the function a call statement invokes, with the call's arguments."""
        got = args, kwargs = self.call_args(call, env, frame)
        self.args_memo = (call, env, dict(env), frame, got)
        # the callee's name, not the call's source: this reference is resolved to what the
        # callee raises, never shown as a placeholder (and unparsing long calls is costly)
        ref = self.call_ref(call.func, dotted, args, kwargs, frame, dotted)
        if ref is None and "." in dotted and not last[:1].isupper():
            # a method of an object of unknown class (``ctx.fail``): resolved by method name
            ref = Ref("", dotted, True, args, kwargs, method=last)
        return ref

    def built_away(
        self,
        stmt: ast.stmt,
        call: ast.Call,
        env: Env,
        frame: Frame,
        guards: list[Guard],
        targets: Sequence[ast.expr],
    ) -> None:
        """An exception built here and raised by another statement: stored (``self._exc =
        Exc(...)``, ``error = Exc(...)`` handed on), or given to a call (``self._format_and_raise(
        cause=Exc(msg))``, ``raise_from(Exc(msg))``). The raise elsewhere only re-raises an
        object whose text it cannot know, so the text is recorded where it is written. A local
        name the same function raises is left to that raise's record."""
        if self.builds_exception(call, env):
            if any(isinstance(t, ast.Name) and t.id in self.raised_names(frame) for t in targets):
                return
            if not any(isinstance(t, _T_NAME_ATTRIBUTE) for t in targets):
                return
            made = [call]
        else:
            # the arguments in order, then the keywords' values (no tuple of them built first:
            # this runs for nearly every call statement)
            made = [a for a in call.args if type(a) is ast.Call and self.builds_exception(a, env)]
            if call.keywords:
                made += [
                    k.value
                    for k in call.keywords
                    if isinstance(k.value, ast.Call) and self.builds_exception(k.value, env)
                ]
            if isinstance(call.func, ast.Attribute) and call.func.attr in _THROWS:
                self.thrown(stmt, call, env, frame, guards)
                return  # (an exception stored in a local is thrown here too)
            if not made:
                return  # no exception built in the arguments (nearly every call): none to record
            if _last_name(call.func) in _COLLECTORS:
                self.collects_param(call, made, env, frame)
                return  # ``errors.append(Exc(...))``: a list's raise carries it
        for exc in made:
            spec = self.call_spec(exc, env, frame)
            if spec.helper is None:  # (what a helper builds is what its own callers raise)
                self.add_site("error", spec, exc if exc is not call else stmt, frame, guards, None)
                self.facts.sites[-1].built = True

    def thrown(self, stmt: ast.stmt, call: ast.Call, env: Env, frame: Frame, guards: list[Guard]) -> None:
        """``self.parent.throw(LoopExit("..."))``, ``gen.throw(Exc(msg))``, ``fut.set_exception(
        Exc(msg))``: the exception is built here and thrown into a greenlet, generator or
        coroutine, or set on a future that raises it at ``await``/``.result()``; no ``raise``
        statement anywhere carries it, so this call is its raise site, as ``raise Exc(msg)``
        here would be (a site kept even when the text is the class's own, not one merely
        stored). Only an exception built here (a class named like one, a classmethod factory
        of one, or a local it was stored in, ``err = Exc(msg)``); a caught or given object
        (``fut.set_exception(e)``) is a re-raise, its own construction the site."""
        if len(call.args) != 1 or call.keywords:
            return
        arg = call.args[0]
        if isinstance(arg, ast.Call):
            if not (_names_exception(arg.func) or _is_factory(arg.func)):
                return
            spec: ExcSpec | None = self.call_spec(arg, env, frame)
            specs = [] if spec is None or spec.helper is not None else [spec]
        elif isinstance(arg, ast.Name) and isinstance(cur := env.get(arg.id), ExcVal):
            specs = cur.specs()
        else:
            return
        for spec in specs:
            self.add_site("error", spec, stmt, frame, guards, None)

    def collects_param(self, call: ast.Call, made: list[ast.Call], env: Env, frame: Frame) -> None:
        """``self.errors.append(GraphQLError(message, nodes))`` in a reporting helper: the
        exception is built from the text its callers give (``self.report_error(f"Type {t} must
        define one or more fields.", node)``) and kept on an object for a validator to raise
        joined, so each call passing text is where that error's text is written, as a relay's
        call is. A list local to the function is left to its own raise (``ExcListVal``)."""
        if not (isinstance(call.func, ast.Attribute) and isinstance(call.func.value, ast.Attribute)):
            return
        params = tuple(frame.params)
        for exc in made:
            spec = self.call_spec(exc, env, frame)
            if spec.helper is None and not spec.opaque and _uses_params(spec, params):
                frame.relays.append(spec)

    def raised_names(self, frame: Frame) -> frozenset[str]:
        """The names a function raises by a statement of its own (``raise exc``), memoised."""
        node = frame.node
        got = self.raised_cache.get(id(node))
        if got is None:
            got = _raised_names(node) if node is not None else frozenset()
            self.raised_cache[id(node)] = got
        return got

    def raised_boxes(self, frame: Frame) -> frozenset[str]:
        """The local containers whose items the function raises (``_raised_boxes``), memoised."""
        node = frame.node
        got = self.raised_boxes_cache.get(id(node))
        if got is None:
            got = _raised_boxes(node, self.raised_names(frame)) if node is not None else frozenset()
            self.raised_boxes_cache[id(node)] = got
        return got

    def list_items(self, node: ast.expr, env: Env, frame: Frame) -> tuple[Value, ...] | None:
        """The items of a list of message pieces: a list built earlier, a literal list, a
        comprehension (its rows, optional), or such lists added together."""
        if isinstance(node, ast.Name):
            cur = env.get(node.id)
            if isinstance(cur, ListVal):
                return cur.items
            return _returned_list_items(cur)
        if isinstance(node, _T_LIST_TUPLE):
            return tuple(self.eval_msg(x, env, frame) for x in node.elts)
        if isinstance(node, _T_GENERATOREXP_LISTCOMP):
            inner = _comp_env(node, env)
            if not self.is_stringy(node.elt, inner):
                return None
            row = self.eval_msg(node.elt, inner, frame)
            return _opt_items((row,), (((self.src(node), "l"), True),))  # rows, if there are any
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            left = self.list_items(node.left, env, frame)
            right = self.list_items(node.right, env, frame)
            if left is not None and right is None and left:
                # ``['Valid config keys have changed in V2:'] + renamed_bullets + removed``: a
                # header of known items, then lists built elsewhere, as one rest
                return left if left[-1] == _REST_ITEM else (*left, _REST_ITEM)
            return None if left is None or right is None else left + right
        return None

    def rendered_items(self, node: ast.expr, env: Env, frame: Frame) -> tuple[Value, ...] | None:
        """The items of a list of messages the function built (``errors.append("no library
        called {!r}")`` in a loop, a caught exception appended beside them) as a comprehension
        renders them for a join: ``"\\n".join(str(e) for e in errors)``, ``[f"- {e}" for e in
        errors]``, ``map(str, errors)``. ``str()`` of a text is that text, so each item is its
        message (a framing element frames each one). None for any other iteration: its rows are
        unknown, and the join stays the one open row it was. A frame is mapped over the items
        only when all are there: over an item appended under an ``if`` (or the open rest of a
        list built elsewhere) it would drop that the item may be absent."""
        if (
            type(node) is ast.Call
            and _last_name(node.func) == "map"
            and len(node.args) == 2
            and not node.keywords
        ):
            fn, source = node.args
            if not (type(fn) is ast.Name and fn.id == "str" and type(source) is ast.Name):
                return None
            held = env.get(source.id)
            return held.items if isinstance(held, ListVal) and held.items else None
        if not isinstance(node, _T_GENERATOREXP_LISTCOMP) or len(node.generators) != 1:
            return None
        gen = node.generators[0]
        if gen.ifs or gen.is_async or type(gen.iter) is not ast.Name or type(gen.target) is not ast.Name:
            return None
        held = env.get(gen.iter.id)
        if not isinstance(held, ListVal) or not held.items:
            return None
        target, elt = gen.target.id, node.elt
        if (
            type(elt) is ast.Call
            and _last_name(elt.func) == "str"
            and len(elt.args) == 1
            and not elt.keywords
        ):
            elt = elt.args[0]  # ``str(e)``: the item's own text
        if type(elt) is ast.Name and elt.id == target:
            return held.items
        inner = _comp_env(node, env)
        if not (_all_present(held.items) and self.is_stringy(elt, inner)):
            return None
        items: list[Value] = []
        for item in held.items:
            inner[target] = item
            items.append(self.eval_msg(elt, inner, frame))
        return tuple(items)

    def supplies_text(self, a: ast.expr, env: Env) -> bool:
        """An argument that may be message text: a string, or what a function returns."""
        if self.is_stringy(a, env):
            return True
        if type(a) is not ast.Call:
            return False
        name = _last_name(a.func).lower()
        return "message" in name or "msg" in name  # ``self.get_invalid_choice_message(...)``

    def hands_off(self, call: ast.Call, env: Env, is_class: bool) -> bool:
        """Message text passed to a parameter named like a message (``unbound_message=...``),
        or text passed to a class, whose parameters the parent knows."""
        for k in call.keywords:
            if k.arg is not None and message_param(k.arg) and _text_like(k.value, env, self):
                return True
        return is_class and any(_wordy(a) or (self.is_stringy(a, env) and not _short(a)) for a in call.args)

    def on_expr(self, value: ast.expr, env: Env, frame: Frame) -> None:
        if not isinstance(value, ast.Call):
            return
        func = value.func
        if isinstance(func, ast.Name):
            if func.id in frame.super_aliases:
                self.base_call(value, env, frame)
            return
        if not isinstance(func, ast.Attribute):
            return
        if isinstance(func.value, ast.Name) and func.attr in ("append", "extend", "insert"):
            cur = env.get(func.value.id)
            if not isinstance(cur, ListVal) and (head := self.inserted_header(value, env)) is not None:
                env[func.value.id] = ListVal((self.eval_msg(head, env, frame), _REST_ITEM))
                return
            if (
                func.attr == "append"
                and len(value.args) == 1
                and self.collect_exc(func.value.id, value.args[0], env, frame)
            ):
                return
            if isinstance(cur, ListVal) and value.args:
                arg = value.args[-1]
                if func.attr == "extend":
                    if isinstance(arg, _T_LIST_TUPLE):
                        env[func.value.id] = ListVal(
                            cur.items + tuple(self.eval_msg(e, env, frame) for e in arg.elts)
                        )
                    return
                if YIELDS in env and isinstance(arg, ast.Tuple) and func.attr == "append":
                    # ``body.append(('Invalid value "', ""))`` in a printer's generator: a
                    # ``(text, style)`` pair it yields later (``yield from body``), its text
                    piece = yielded_piece(ast.Yield(arg))
                    if piece is not None:
                        arg = piece
                env[func.value.id] = ListVal((*cur.items, self.eval_msg(arg, env, frame)))
            return
        if frame.is_init:
            self.base_call(value, env, frame)
            self.setattr_call(value, env, frame)

    def inserted_header(self, call: ast.Call, env: Env) -> ast.expr | None:
        """``errmsg.insert(0, "Some errors were detected !")`` on a list of rows the extractor
        cannot read (a comprehension over the bad lines): the text put first, a header over the
        rows that a ``"\n".join(errmsg)`` then prints. None for any other call."""
        if not (isinstance(call.func, ast.Attribute) and call.func.attr == "insert" and len(call.args) == 2):
            return None
        at, text = call.args
        if not (isinstance(at, ast.Constant) and at.value == 0 and not isinstance(at.value, bool)):
            return None
        return text if isinstance(text, ast.Constant) and isinstance(text.value, str) and text.value else None

    def collect_exc(self, name: str, arg: ast.expr, env: Env, frame: Frame) -> bool:
        """``errors.append(Invalid('...', path))`` (or of a variable holding one) on a list
        started empty or collecting exceptions already: the list now holds that exception too.
        False (nothing done) for any other append."""
        cur = env.get(name)
        if not (isinstance(cur, ExcListVal) or (isinstance(cur, ListVal) and not cur.items)):
            return False
        specs: list[ExcSpec] = []
        if isinstance(arg, ast.Call) and _last_name(arg.func)[:1].isupper():
            spec = self.exc_spec(arg, env, frame)
            specs = [spec] if spec is not None and spec.helper is None else []
        elif isinstance(arg, ast.Name) and isinstance(env.get(arg.id), ExcVal):
            val = env[arg.id]
            assert isinstance(val, ExcVal)
            specs = val.specs()
        elif isinstance(cur, ExcListVal) or self.is_caught_name(arg, frame):
            # an exception made elsewhere (caught, or from another list): its text is unknown
            specs = [ExcSpec(UNKNOWN_EXC_TYPE, None, ph(self.src(arg)), opaque=True)]
        if not specs:
            return False
        old = cur.specs if isinstance(cur, ExcListVal) else ()
        env[name] = ExcListVal(_distinct((*old, *specs)))
        return True

    def store_exc(self, name: str, value: ast.expr, env: Env, frame: Frame) -> None:
        """``errors[grammar.version] = InvalidInput(error_msg, ...)``: an exception object put
        in a local container (a dict filled per attempt, a list by index), one of which a later
        ``exc = errors[max(errors)]``, ``raise exc`` (or ``raise errors[-1]``) raises. The
        container then collects the exception as ``append`` would, from whatever it held before
        (an empty dict is unknown to the extractor). Only a container an item of which the
        function raises (``raised_boxes``): a dict of nodes or results stays what it was. A
        parameter's container (the caller's), or a stored object whose construction is not
        seen here, is left alone."""
        if name in frame.params or name not in env or name not in self.raised_boxes(frame):
            return
        if type(value) is ast.Name:
            held = env.get(value.id)
            specs = held.specs() if isinstance(held, ExcVal) else []
        elif type(value) is ast.Call and _last_name(value.func)[:1].isupper():
            spec = self.exc_spec(value, env, frame)
            specs = [spec] if spec is not None and spec.helper is None and not spec.opaque else []
        else:
            return
        if not specs:
            return
        cur = env.get(name)
        old = cur.specs if isinstance(cur, ExcListVal) else ()
        known = isinstance(cur, ListVal) and not cur.items
        env[name] = ExcListVal(
            _distinct((*old, *specs)), open=cur.open if isinstance(cur, ExcListVal) else not known
        )

    @staticmethod
    def taken_exc(value: ast.expr, env: Env) -> ExcListVal | None:
        """The container an item is taken from (``errors[max(errors)]``, ``errors[-1]``,
        ``errors.pop()``) when it collects exception objects; else None."""
        box = _box_item(value)
        held = env.get(box) if box is not None else None
        return held if isinstance(held, ExcListVal) and held.specs else None

    def setattr_call(self, call: ast.Call, env: Env, frame: Frame) -> None:
        """``object.__setattr__(self, "name", value)`` (frozen classes): an attribute set."""
        func = call.func
        if (
            isinstance(func, ast.Attribute)
            and func.attr == "__setattr__"
            and len(call.args) == 3
            and isinstance(call.args[0], ast.Name)
            and call.args[0].id == frame.self_name
            and isinstance(call.args[1], ast.Constant)
            and isinstance(call.args[1].value, str)
        ):
            frame.self_values[call.args[1].value] = self.eval_msg(call.args[2], env, frame)

    def base_call(self, call: ast.Call, env: Env, frame: Frame) -> None:
        """In ``__init__``: ``super().__init__(...)``, ``Base.__init__(self, ...)``, or a call of
        ``init = super().__init__``; the last one decides what the base class is built from."""
        func = call.func
        made: BaseCall | None = None
        if isinstance(func, ast.Attribute) and func.attr == "__init__":
            args, kwargs = self.call_args(call, env, frame)
            dotted = _dotted(func.value)
            if isinstance(func.value, ast.Call) and _last_name(func.value.func) == "super":
                made = BaseCall(None, args, kwargs, after=self._super_after(func.value, frame))
            elif dotted is not None and args and args[0].text == frame.self_name:
                made = BaseCall(self.dotted_key(dotted, frame) or dotted, args[1:], kwargs)
        elif isinstance(func, ast.Name) and func.id in frame.super_aliases:
            args, kwargs = self.call_args(call, env, frame)
            made = BaseCall(None, args, kwargs)
        if made is None:
            return
        if frame.star_need is not None and frame.base_call is not None:
            # ``try: a, b, c = args[:3] / except ValueError: super().__init__(*args)`` then
            # ``super().__init__(f"...{a}...")``: a call with fewer arguments takes the other
            star, need = frame.star_need
            made = replace(made, when=(star, need, True), other=frame.base_call)
        elif frame.guarded_base is not None and frame.guarded_base[1] is frame.base_call:
            # ``if all(a is not None for a in [key, value]): return super().__init__(f"...")``
            # then ``return super().__init__("Could not find object")``: the call's arguments
            # decide which of the two runs, as for an ``if``/``else`` (``branch_bases``)
            conds, chosen = frame.guarded_base
            made = replace(chosen, when=conds[0], also=conds[1:], other=made)
        frame.guarded_base = None
        frame.base_call = made

    def _super_after(self, call: ast.Call, frame: Frame) -> str | None:
        """``super(Cls, self)`` in a method of another class than ``Cls``: ``Cls``'s dotted key
        (the MRO is searched after it); None for ``super()`` or ``super(Own, self)``."""
        if len(call.args) != 2 or frame.class_key is None:
            return None
        dotted = _dotted(call.args[0])
        if dotted is None:
            return None
        key = self.dotted_key(dotted, frame) or dotted
        return None if key == frame.class_key or dotted == frame.class_key.rsplit(".", 1)[-1] else key

    @staticmethod
    def branch_bases(test: ast.expr, frame: Frame, before: BaseCall | None, chosen: BaseCall | None) -> None:
        """``if args: super().__init__(*args) else: super().__init__(self.msg)``: each branch of
        a test of a parameter calls the base its own way, so a call's arguments pick one; kept
        as the pair (the later call alone would hide the arguments the call passed)."""
        other = frame.base_call
        if chosen is None or other is chosen or other is before or other is None:
            return
        conds = _param_conds(test, frame.params)
        if conds:
            frame.base_call = replace(chosen, when=conds[0], also=conds[1:], other=other)

    def class_return(self, value: ast.expr, env: Env, frame: Frame) -> None:
        """``return UnknownRdatatype``: a function (typically a method each subclass overrides)
        that gives a class, for ``raise cls._unknown_exception_class()`` to build; or one looked
        up in a mapping of classes (``return ERRORS.get(code, ApiError)``), any of them."""
        if frame.kind == "function" and (looked := self.looked_up_class(value, env, frame)) is not None:
            entries = tuple(e for e in looked.entries if e not in frame.types_return)
            frame.types_return = (*frame.types_return, *entries)[:8]
            frame.types_return_refs = tuple(dict.fromkeys((*frame.types_return_refs, *looked.refs)))[:4]
            return
        dotted = _dotted(value)
        if dotted is None or not dotted.rpartition(".")[2][:1].isupper() or frame.kind != "function":
            return
        entry = (dotted, self.dotted_key(dotted, frame))
        if entry not in frame.types_return and len(frame.types_return) < 8:
            frame.types_return = (*frame.types_return, entry)

    def class_factory_spec(self, exc: ast.Call, frame: Frame) -> ExcSpec | None:
        """``raise cls._unknown_exception_class()`` (or ``self.``/a function's): an instance of
        the class the call returns; on ``cls``/``self`` any subclass's override may be the one
        called, so each class they return is a candidate (resolved by ``type_map``)."""
        func = exc.func
        if (
            _on_self_or_cls(func, frame)
            and not exc.args
            and not exc.keywords
            and frame.class_key
            and self.held_class(func, frame) is None
        ):
            # ``raise cls._unknown_exception_class()``: Python instantiates the class returned;
            # a method returning an instance instead is still a helper (``helper``), and
            # ``self.DoesNotExist()`` names a class
            assert isinstance(func, ast.Attribute)
            if func.attr.lstrip("_")[:1].isupper():
                return None
            dotted = _dotted(func) or func.attr
            helper = self.call_ref(func, dotted, (), (), frame, self.call_name(exc, dotted))
            refs = (f"{frame.class_key}.{func.attr}(){_OVERRIDES}",)
            return ExcSpec(dotted, None, None, (), (), helper=helper, types_refs=refs)
        if not (isinstance(func, ast.Call) and not func.args and not func.keywords):
            return None
        inner = func.func
        ref = None
        if _on_self_or_cls(inner, frame) and frame.class_key is not None:
            assert isinstance(inner, ast.Attribute)
            ref = f"{frame.class_key}.{inner.attr}(){_OVERRIDES}"
        else:
            named = _dotted(inner)
            key = self.dotted_key(named, frame) if named is not None else None
            ref = f"{key}()" if key is not None else None
        if ref is None:
            return None
        return ExcSpec(self.src(func), None, None, (), (), types_refs=(ref,))

    def printed_value(self, value: ast.expr, env: Env, frame: Frame) -> Value:
        """What a printer returns; ``super().__str__()`` is the base class's printed form."""
        if (
            isinstance(value, ast.Call)
            and isinstance(value.func, ast.Attribute)
            and value.func.attr == "__str__"
            and isinstance(value.func.value, ast.Call)
            and _last_name(value.func.value.func) == "super"
        ):
            return ph(SUPER_STR)
        return self.eval_msg(value, env, frame)

    def returns_function(self, value: ast.expr, frame: Frame) -> None:
        """``def _ret(*args): ... raise error(...)`` then ``return _ret``: a factory of that
        function, which its callers call at once (``self._raise_on_invalid()(key)``)."""
        if isinstance(value, ast.Name) and value.id in frame.local_funcs and frame.kind == "function":
            self.facts.closures.setdefault(frame.key, frame.local_funcs[value.id])

    def on_return(self, value: ast.expr, env: Env, frame: Frame) -> None:
        if isinstance(value, ast.Dict) and not frame.types_return:
            types = self.class_map(value, env, frame)
            if types is not None:
                frame.types_return = types.entries
        self.class_return(value, env, frame)
        if isinstance(value, ast.Call):
            name = _last_name(value.func)
            # ``return SomeError(...)``, ``return cls(...)``, or ``return exception(line, col, *args)``
            # of a parameter that holds a class: a factory of the exception its caller raises
            builds = _class_like(value.func, self.top_funcs) or (
                isinstance(value.func, ast.Name)
                and (
                    name == frame.cls_name
                    or name in frame.class_params
                    or isinstance(env.get(name), TypesVal)  # ``return exc(status, data)``, ``exc = Cls``
                )
            )
            # ``return ERRORS.get(code, ApiError)(msg)``: a class from a table (one that holds no
            # class, a dispatch table of functions, is no exit: ``Resolver.builds_nothing``)
            builds = (
                builds
                or self.looked_up_class(value.func, env, frame) is not None
                or self.returned_class(value.func, frame) is not None  # ``return class_for(code)(msg)``
            )
            if builds:
                spec = self.exc_spec(value, env, frame)
                if spec is not None and frame.exc_return is None:
                    frame.exc_return = spec
                elif spec is not None and len(frame.exc_more) < _MAX_EXC_RETURNS:
                    # a factory with several exits (``return StatementError(...)`` for one kind
                    # of error, ``return cls(...)`` for the rest): each is what a caller raises
                    frame.exc_more.append(spec)
                return
            if _returns_exception(frame) and self.returns_made(value, env, frame):
                return
        if isinstance(value, ast.BoolOp) and _returns_exception(frame):
            # ``return self._post_tag_error(i) or self._dev_tag_error(i)`` in a factory: the first
            # exception either callee builds is what this function's callers raise
            made = [self.returns_made(v, env, frame) for v in value.values if isinstance(v, ast.Call)]
            if any(made):
                return
        if isinstance(value, ast.Name) and self.returns_exc_local(value.id, env, frame):
            return
        if self.is_stringy(value, env):
            v = self.eval_msg(value, env, frame)
            if value_has_literal(v) or _forwarded_call(v):
                frame.returns.append(v)
                return
        if isinstance(value, ast.Name) and _returns_enclosing_param(value, frame):
            frame.returns.append(ph(value.id))
            return
        # a return without known text (``return repr(items)``): the function's text is not always
        # one of its literal returns, so it must not be inlined into a longer message as if it were
        frame.opaque_return = True

    # ------------------------------------------------------------ definitions

    def walk_function(
        self,
        node: ast.FunctionDef | ast.AsyncFunctionDef,
        env: Env,
        parent: Frame,
        guards: Sequence[Guard] = (),
    ) -> None:
        qual = _child_qualname(parent, node.name)
        key = f"{self.module}.{qual}"
        if parent.kind == "function":
            parent.local_funcs[node.name] = key
            env.pop(node.name, None)
        else:
            self.facts.symbols.add(key)
        decorators = {_last_name(d) for d in node.decorator_list}
        is_static = "staticmethod" in decorators
        # the parameters read once, for the frame and for the record (``_parameters``)
        ps = _parameters(node.args, parent.kind == "class" and not is_static)
        params, self_name = ps.names, ps.self_name
        start = min([node.lineno, *(d.lineno for d in node.decorator_list)])
        frame = Frame(
            "function",
            qual,
            key,
            parent,
            node,
            class_key=parent.class_key if parent.kind == "class" else None,
            self_name=self_name,
            is_init=parent.kind == "class"
            and (node.name == "__init__" or (node.name == POST_INIT and generates_init(parent.node))),
            start=start,
            end=node.end_lineno or node.lineno,
        )
        if "classmethod" in decorators:
            frame.cls_name, frame.self_name = self_name, None
        if parent.kind == "function":
            frame.outer = (*parent.outer, *(self.guard_text(g) for g in guards))
        call_params = ps.call
        frame.params = frozenset(call_params)
        frame.exc_class = parent.kind == "class" and parent.exc_class
        if parent.kind == "class" and (
            node.name in _PRINTERS or node.name in parent.props or parent.exc_class
        ):
            # what an exception's methods return can be part of its printed message
            frame.printed = []
        frame.param_types = ps.types
        frame.str_params = ps.strs
        frame.class_params = ps.classes
        frame.default_classes = _default_exc_classes(node.args, frame.class_params)
        fenv: Env = dict(env) if parent.kind == "function" else {}
        fenv.pop(YIELDS, None)
        for p in params:
            fenv[p] = None
        if parent.kind == "function":
            _late_bound_texts(node, parent, fenv)
        if (
            frame.printed is not None
            and frame.self_name is not None
            and not frame.is_init
            and (frame.exc_class or node.name in _PRINTERS)
        ):
            # ``if self._msg is None: self._msg = ...; return self._msg``: an attribute an
            # exception's printer (or property) assigns is a variable of its own here, holding
            # on entry what the instance holds (``memo``); other classes' lazy properties are
            # ``instance_reads``'
            for dotted in memo_attrs(node.body, frame.self_name):
                fenv[dotted] = ph(dotted)
        if frame.printed is not None and frame.self_name is not None and is_generator(node):
            fenv[YIELDS] = ListVal(())  # a printer's generator: its pieces, in order
            frame.yields = True
        body: Sequence[ast.stmt] = node.body
        if frame.printed is not None and frame.self_name is not None and YIELDS not in fenv:
            # ``err = self; while err.ctx is not None: ...``: the walk's first step reads the
            # instance, which each raise decides (``chains``)
            body = unrolled_self_walk(body, frame.self_name) or body
        self.walk_block(body, fenv, frame, [])
        if YIELDS in fenv and not (node.body and isinstance(node.body[-1], _T_RETURN_RAISE)):
            self.yielded(fenv, [], frame)
        if YIELDS in fenv and frame.printed:
            # past the variant cap the simplest forms stay: an exit with fewer pieces first (the
            # special cases a generator adds pieces for come after its plain message)
            frame.printed.sort(key=lambda v: min((len(x) for x in v), default=0))
        self.record_function(node, frame, ps)

    def record_function(
        self,
        node: ast.FunctionDef | ast.AsyncFunctionDef,
        frame: Frame,
        ps: _Params,
    ) -> None:
        """What a walked function contributes as a message source: a raiser, a message or
        exception it returns, a printer's text, or (``__init__``) what its class is built from."""
        key = frame.key
        call_params, defaults = ps.call, ps.defaults
        sig = ps.sig()
        handing = self.facts.hands.get(frame.qualname)
        if handing is not None:
            self.facts.hands[frame.qualname] = (sig, handing[1])
        if not frame.is_init and node.name not in _PRINTERS and _rewraps(node, call_params, self.imports):
            # ``filldedent(s)``: each call's text is the message, re-indented (its own ``'\n'``
            # would otherwise make it a function returning a text of its own)
            self.facts.funcs[key] = FuncInfo(call_params, (), sig=sig, rewrap=True)
            return
        info: FuncInfo | None = None
        if (
            frame.raise_spec is not None
            and frame.exc_return is None
            and not frame.returns
            and _uses_params(frame.raise_spec, call_params)
            and not _returns_early(node)
        ):
            # a function that always ends by raising (``ctx.fail(msg)``): calls to it are raise sites
            info = FuncInfo(call_params, (), frame.raise_spec, defaults, raises=True)
        elif (
            frame.returns
            or frame.exc_return is not None
            or frame.is_init
            or node.name == "__str__"
            or frame.printed
            or frame.relays
            or frame.types_return
            or frame.types_return_refs
            or frame.raised_attrs
            or frame.report
            or frame.ret_items
            or frame.ret_lists
            or key in self.facts.closures  # (found when its callers call what it returns)
        ):
            texts = union(*frame.returns)
            if frame.returns and frame.opaque_return:
                # the text no literal return gives (``return str(server.error)``) is kept as a
                # placeholder variant, ahead of the cap: a function with many literal returns
                # (pymongo's ``_error_message``) still says it may return anything else
                texts = (*texts[: MAX_VARIANTS - 1], *ph(f"{node.name}()"))
            info = FuncInfo(call_params, texts, frame.exc_return, defaults)
        if info is None:
            if (printf := _printf_ret(node, sig)) is not None:
                self.facts.funcs[key] = FuncInfo(call_params, printf, sig=sig)
            elif (reflowed := reflow_ret(node, sig)) is not None:
                # ``unwrap(text, *params)``: dedent, re-join the lines, then ``%`` (``reflow``)
                self.facts.funcs[key] = FuncInfo(call_params, reflowed, sig=sig, reflows=True)
            elif (passes := _passes(node, frame)) is not None:
                self.facts.funcs[key] = FuncInfo(call_params, (), sig=sig, passes=passes)
            return
        info.sig = sig
        info.self_name = frame.self_name
        info.passes = _passes(node, frame)
        if frame.yields and frame.printed:
            # a generator's exits, each a form under the tests leading there: which of them an
            # instance prints is decided per raise (``fill``), so more are kept than one raise
            # shows, or the forms of the exits with most pieces (the general case, at the end)
            # would never reach a raise whose arguments rule the special cases out
            info.printed = union_n(frame.printed, GENERATOR_FORMS)
        else:
            info.printed = union(*frame.printed) if frame.printed else ()
        info.report = union(*frame.report)
        info.relays = tuple(frame.relays)
        info.types = frame.types_return
        info.types_refs = frame.types_return_refs
        info.is_classmethod = frame.cls_name is not None
        info.raised_attrs = tuple(frame.raised_attrs)
        info.items = _by_index(frame.ret_items) or info.items
        info.lists = _by_index(frame.ret_lists) or info.lists
        info.exc_more = _with_redefined(tuple(frame.exc_more), info, self.facts.funcs.get(key))
        self.facts.funcs[key] = info
        parent = frame.parent
        if frame.is_init and parent is not None:
            parent_info = self.facts.classes.get(parent.key)
            if parent_info is not None and node.name == POST_INIT:
                # the generated ``__init__`` calls it last (``walk_class`` chains the two)
                made = InitInfo(sig, frame.self_values, frame.base_call, frame.args_set)
                self.post_inits[parent.key] = (made, frame.self_name or "self")
            elif parent_info is not None:
                parent_info.init = InitInfo(sig, frame.self_values, frame.base_call, frame.args_set)

    def walk_class(self, node: ast.ClassDef, parent: Frame) -> None:
        qual = _child_qualname(parent, node.name)
        key = f"{self.module}.{qual}"
        if parent.kind == "function":
            parent.local_funcs[node.name] = key
        self.facts.symbols.add(key)
        # ``class Base(Generic[T])``, ``class X(ParamType[int])``: the class is what is subscripted;
        # ``class E(*error_bases)``: the classes of a module-level tuple
        bases: list[ast.expr] = []
        for b in node.bases:
            if isinstance(b, ast.Starred) and isinstance(b.value, ast.Name):
                bases.extend(self.tuples.get(b.value.id, ()))
            else:
                bases.append(b.value if isinstance(b, ast.Subscript) else b)
        info = ClassInfo([self.src(b) for b in bases], [self.expr_key(b, parent) for b in bases])
        self.facts.classes[key] = info
        if any(_last_name(b) == "NamedTuple" for b in bases):
            # ``class Limit(NamedTuple): message: str; error: type[Exception]``: its fields in order
            fields = tuple(
                s.target.id
                for s in node.body
                if isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name)
            )
            if 0 < len(fields) <= _MAX_FIELDS:
                self.facts.record_types[key] = fields
        frame = Frame("class", qual, key, parent, node, class_key=key)
        frame.exc_class = _exception_like(node)
        frame.props = frozenset(
            stmt.name
            for stmt in node.body
            if isinstance(stmt, _T_FUNCTIONDEF_ASYNCFUNCTIONDEF)
            and any(_last_name(d) in ("property", "cached_property") for d in stmt.decorator_list)
        )
        info.props = frame.props
        _class_doc(info, node, frame.exc_class, bool(node.bases))
        frame.attr_classes = _init_attr_classes(node)
        frame.held_classes = _held_classes(node)
        held = tuple(dict.fromkeys(frame.held_classes.values()))
        if not frame.exc_class and len(held) > 1:
            # ``class ExceptionMapping: NO_SUCH_ELEMENT = NoSuchElementException ...``: a table of
            # classes by code, read with ``getattr(ExceptionMapping, code, WebDriverException)``
            self.facts.type_maps[frame.key] = tuple((c, self.dotted_key(c, frame)) for c in held)
        env: Env = {}
        self.walk_block(node.body, env, frame, [])
        # taken whether used or not: the table holds one class's ``__post_init__`` only while
        # that class is walked, so no other statement's walk (nor a replay) ever reads it
        post = self.post_inits.pop(key, None)
        if info.init is None:
            info.init = generated_init(node)
            if info.init is not None and post is not None:
                info.init = with_post_init(info.init, *post)
        self.class_body_attrs(node, info, key, env, frame)

    def class_body_attrs(self, node: ast.ClassDef, info: ClassInfo, key: str, env: Env, frame: Frame) -> None:
        """The class body's methods, and what each of its ``name = value`` statements holds."""
        for stmt in node.body:
            if isinstance(stmt, _T_FUNCTIONDEF_ASYNCFUNCTIONDEF):
                info.methods.add(stmt.name)
            elif isinstance(stmt, _T_ASSIGN_ANNASSIGN) and stmt.value is not None:
                value = stmt.value
                if isinstance(value, ast.Call) and is_field_call(value):
                    if info.init is not None and info.init.generated:
                        continue  # ``x: list = field(factory=list)`` declares a parameter, holds no text
                    # a declaration whose generated ``__init__`` is not read here (a bare
                    # ``@attrs``, the fields not annotated): the text it defaults to, if any
                    value = field_default_text(value) or value
                targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
                for t in targets:
                    if isinstance(t, ast.Name):
                        self.class_attr(info, key, t.id, value, env, frame)

    def class_attr(
        self, info: ClassInfo, key: str, name: str, value: ast.expr, env: Env, frame: Frame
    ) -> None:
        """A class-level ``name = value``: text (``fmt``, ``code``, ``description``), a dict of
        messages by key, or None (an attribute a subclass or ``__init__`` fills in)."""
        if isinstance(value, ast.Constant):
            if value.value is None:
                info.consts[name] = ()
                return
            if isinstance(value.value, _T_STR_INT_FLOAT) and not isinstance(value.value, bool):
                text = lit(str(value.value))
                info.consts[name] = text
                self.facts.consts[f"{key}.{name}"] = text
                if not isinstance(value.value, str):
                    self.facts.consts[f"{key}.{name}{REPR_KEY}"] = lit(repr(value.value))
            return
        value = _mapping_literal(value)
        if isinstance(value, ast.Dict):
            entries = {
                k.value: self.eval_msg(v, env, frame)
                for k, v in zip(value.keys, value.values, strict=True)
                if isinstance(k, ast.Constant) and isinstance(k.value, str) and self.is_stringy(v, env)
            }
            if entries:
                info.dicts[name] = entries
            return
        if isinstance(value, _T_JOINEDSTR_BINOP_NAME_ATTRIBUTE_CALL):
            v = self.eval_msg(value, env, frame)
            if _may_be_text(v):
                info.consts[name] = v
                if value_has_literal(v):
                    self.facts.consts[f"{key}.{name}"] = v

    # ------------------------------------------------------------ name resolution

    def name_key(self, name: str, frame: Frame) -> str | None:
        """Dotted key of a free name: enclosing local defs, imports, module names, builtins."""
        k = _enclosing(frame, "local_funcs", name)
        if k is not None:
            return k
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
        return _enclosing(frame, "caught", name) is not None

    # ------------------------------------------------------------ exceptions

    def arg(self, node: ast.expr, env: Env, frame: Frame) -> Arg:
        """``node`` as an argument: its source and message value. A parameter annotated ``str``
        (and not reassigned) is known text, so ``{name!r}`` / ``%r`` of it shows repr's quotes."""
        str_typed = type(node) is ast.Name and node.id in frame.str_params and env.get(node.id) is None
        if type(node) is ast.Call and type(node.func) is ast.Name and node.func.id not in env:
            inlined = self.closure_text(node, node.func.id, frame)
            if inlined is not None:
                return Arg(self.src(node), inlined)
        items = None
        if (
            (type(node) is ast.List or type(node) is ast.Tuple)
            and len(node.elts) <= _MAX_ITEMS
            and not any(isinstance(e, ast.Starred) for e in node.elts)
        ):
            # ``Error([msg], ...)`` to a class that spreads it (``super().__init__(*args[0])``)
            items = tuple(self.arg(e, env, frame) for e in node.elts)
        value = self.eval_msg(node, env, frame)
        # a name bound once to a literal: ``"{}".format(x)`` / ``"%s" % x`` print it
        bound = _bound_literal_node(node.id, env, frame) if type(node) is ast.Name else None
        literal = None if bound is None else literal_source(bound)
        if exceeds(value, MAX_ARG_PARTS):
            # a value too large to carry into the call it is passed to: the call's result may
            # be passed again (``off += n`` after ``n, = unpack(buf, off)``, branch after
            # branch), and carrying it whole doubles the value each time
            value = ph(self.src(node))
        return new_tuple(Arg, (self.src(node), value, str_typed, items, literal))  # (``Arg(...)``: templates)

    def args_of(self, call: ast.Call, env: Env, frame: Frame) -> CallArgs:
        """``call_args`` of a call, taken from ``args_memo`` when this statement's ``raiser_ref``
        read that call's arguments in this frame and an environment equal to this one (the
        same bindings, so every argument evaluates as it did: nothing else the evaluation reads
        changes between the two reads of one statement, ``assign_name`` drops the memo when it
        does). In jax this spares ~1 in 10 argument evaluations (59,832 -> 53,760, perf41)."""
        memo = self.args_memo
        if memo is not None and memo[0] is call and memo[1] is env and memo[3] is frame and memo[2] == env:
            return memo[4]
        return self.call_args(call, env, frame)

    def call_args(self, call: ast.Call, env: Env, frame: Frame) -> CallArgs:
        args: list[Arg] = []
        for a in call.args:
            if type(a) is ast.Starred:
                spread = self.spread_args(a, env)
                if spread is not None:
                    args.extend(spread)
                    break
                # ``X(*e.args)``: the message is whatever is unpacked; later positions are unknown.
                args.append(Arg(self.src(a), ph(self.src(a))))
                break
            if type(a) is ast.Lambda and not a.args.args and self.is_stringy(a.body, env):
                args.append(Arg(self.src(a), self.eval_msg(a.body, env, frame)))  # called later: its text
                continue
            args.append(self.arg(a, env, frame))
        # ``**kw`` is kept as ("**", kw): a body handing on its own ``**kwargs`` hands on the call's
        kwargs = tuple(
            (k.arg, self.arg(k.value, env, frame))
            if k.arg is not None
            else ("**", Arg(self.src(k.value), ph(self.src(k.value))))
            for k in call.keywords
        )
        return tuple(args), kwargs

    @staticmethod
    def spread_args(a: ast.Starred, env: Env) -> tuple[Arg, ...] | None:
        """``X(*args)`` of a local whose items are known: a tuple built before (``args =
        (errno.ENOENT, msg, path)``) or a copy of an exception's arguments with items replaced
        (``ArgsCopy``); each item is then an argument of the call as if written there. None
        otherwise (the spread stays one placeholder)."""
        if type(a.value) is not ast.Name:
            return None
        held = env.get(_TUPLE + a.value.id)
        if not isinstance(held, _T_ARG_SEQS) or not held.args or env.get(a.value.id) is not held.held:
            return None
        return held.args

    def raised_specs(self, raised: ast.expr, env: Env, frame: Frame) -> list[tuple[ast.expr, ExcSpec | None]]:
        """Each exception a ``raise`` may raise: both arms of a conditional expression, every
        construction a variable got in some branch."""
        out: list[tuple[ast.expr, ExcSpec | None]] = []
        for exc in _branches(raised):
            cur = env.get(exc.id) if isinstance(exc, ast.Name) else self.taken_exc(exc, env)
            if isinstance(cur, ExcListVal):  # ``raise errors[-1]``: any exception it collected
                cur = _taken(cur)
            if isinstance(cur, ExcVal):
                out.extend((exc, s) for s in cur.specs())
                if cur.open:
                    out.append((exc, None))  # (and what else the container held: the open record)
            else:
                out.append((exc, self.exc_spec(exc, env, frame)))
        return out

    def exc_spec(self, exc: ast.expr, env: Env, frame: Frame) -> ExcSpec | None:
        """What ``raise <exc>`` raises; None for an exception object whose construction is not
        known here (a caught exception, a parameter, a variable of unknown value)."""
        if isinstance(exc, ast.Name):
            cur = env.get(exc.id)
            if isinstance(cur, ExcVal):
                return cur.spec
            if isinstance(cur, TypesVal):
                return ExcSpec(exc.id, None, types=cur.entries, types_refs=cur.refs)
            if exc.id in env or self.is_caught(exc.id, frame) or not _class_like(exc, self.top_funcs):
                return None
            return ExcSpec(exc.id, self.name_key(exc.id, frame))
        if isinstance(exc, ast.Attribute):
            dotted = _dotted(exc)
            if dotted is None or not _class_like(exc, self.top_funcs):
                return None
            return ExcSpec(dotted, self.expr_key(exc, frame))
        if not isinstance(exc, ast.Call):
            return None
        return self.call_spec(exc, env, frame)

    def call_spec(self, exc: ast.Call, env: Env, frame: Frame) -> ExcSpec:
        """What a call builds when it is raised: a class, a class from a mapping, the class a
        classmethod is called on (``cls(...)``), or what a helper returns."""
        func = exc.func
        args, kwargs = self.call_args(exc, env, frame)
        msg = self.first_message(args, kwargs)
        made = self.class_factory_spec(exc, frame)
        if made is not None:
            return replace(made, msg=msg, args=args, kwargs=kwargs)
        remade = self.remade_caught(func, msg, args, kwargs, frame)
        if remade is not None:
            return remade
        if isinstance(func, ast.Name):
            cur = env.get(func.id)
            if isinstance(cur, TypesVal):
                if func.id in frame.params:
                    # a class parameter rebound in some branches (``if isinstance(error, dict):
                    # error = error.get(code, Default)``): the class a caller passed, in the others
                    cur = _joined_types(cur, self.param_class(func.id, frame))
                return ExcSpec(func.id, None, msg, args, kwargs, types=cur.entries, types_refs=cur.refs)
            if func.id == frame.cls_name and frame.class_key:
                return ExcSpec(
                    func.id, frame.class_key, msg, args, kwargs, cls_relative=True, cls_any=frame.cls_rebound
                )
            if func.id in frame.params:
                return self.param_spec(func.id, ExcSpec(UNKNOWN_EXC_TYPE, None, msg, args, kwargs), frame)
        if isinstance(func, ast.Attribute) and (slot := self.init_param_ref(func, frame)) is not None:
            # ``raise self.exception_class(str(exc_val))`` of the class ``__init__`` was given
            # (dnspython's ``ExceptionWrapper(dns.exception.SyntaxError)``): what its callers
            # pass, as for a parameter called as a class, or one from outside
            unknown: tuple[str, str | None] = (UNKNOWN_EXC_TYPE, None)
            return ExcSpec(UNKNOWN_EXC_TYPE, None, msg, args, kwargs, types=(unknown,), types_refs=(slot,))
        looked = self.looked_up_class(func, env, frame)
        if looked is not None:
            # ``raise HTTP_EXCEPTIONS.get(status, TransportError)(status, msg)``: a class taken
            # from a mapping where it is called, as when the lookup is bound to a name first
            return ExcSpec(
                self.src(func), None, msg, args, kwargs, types=looked.entries, types_refs=looked.refs
            )
        held = self.held_class(func, frame)
        if held is not None:
            return ExcSpec(held, self.dotted_key(held, frame), msg, args, kwargs)
        given = self.returned_class(func, frame) or (
            _class_made(env.get(func.id)) if isinstance(func, ast.Name) else None
        )
        if given is not None:
            # ``raise class_for(code)(msg)``, or ``error_class = exception_class_for(code)`` then
            # ``raise error_class(msg)``: the classes the function returns, resolved later
            return ExcSpec(self.src(func), None, msg, args, kwargs, types_refs=(given,))
        dotted = _dotted(func)
        if dotted is None:
            return ExcSpec(self.src(func), None, msg, args, kwargs)
        if _class_like(func, self.top_funcs):
            return ExcSpec(dotted, self.expr_key(func, frame), msg, args, kwargs)
        ref = self.call_ref(func, dotted, args, kwargs, frame, self.call_name(exc, dotted))
        return ExcSpec(
            dotted, None, msg, args, kwargs, helper=ref, record_of=self.record_of(exc, frame),
            class_args=self.handed_classes(exc, frame),
        )  # fmt: skip

    def remade_caught(
        self, func: ast.expr, msg: Value | None, args: tuple[Arg, ...],
        kwargs: tuple[tuple[str, Arg], ...], frame: Frame,
    ) -> ExcSpec | None:  # fmt: skip
        """``raise type(e)(...)`` / ``raise e.__class__(...)`` of a caught ``e``: a new object
        of the caught object's class; None for any other call."""
        remade = _remade_name(func)
        if remade is not None and self.is_caught(remade, frame):
            listed = self.caught_classes(remade, frame)
            if listed:
                return self.remade_spec(listed, msg, args, kwargs, frame)
        if isinstance(func, ast.Attribute) and remade is not None and self.caught_type(remade, frame):
            # ``except PyAsn1Error as e: raise e.__class__(...)``: as ``type(e)(...)`` below
            func = ast.Call(ast.Name("type", ast.Load()), [ast.Name(remade, ast.Load())], [])
        if not (isinstance(func, ast.Call) and _last_name(func.func) == "type" and func.args):
            return None
        inner = func.args[0]
        caught = self.caught_type(inner.id, frame) if isinstance(inner, ast.Name) else None
        key = self.dotted_key(caught, frame) if caught else None
        if key in _CATCH_ALL:
            # ``except Exception as e: raise type(e)(...)``: the class of whatever the body
            # raised, any at all (the catch-all names none): unknown, not ``Exception``
            return ExcSpec(UNKNOWN_EXC_TYPE, None, msg, args, kwargs)
        if caught:
            # ``except PyAsn1Error as e: raise type(e)(f"{e} at {name}")``: the object's own
            # class, the one caught or any subclass of it (the codebase's, resolved later)
            subs = (f"{key}{SUBCLASSES_MARK}",) if key is not None else ()
            return ExcSpec(caught, key, msg, args, kwargs, types=((caught, key),), types_refs=subs)
        return ExcSpec(self.src(func), None, msg, args, kwargs)

    def caught_classes(self, name: str, frame: Frame) -> tuple[str, ...]:
        """The classes of ``except (A, B) as name`` (this or an enclosing function's handler
        of that name, the nearest); empty for a handler of one class or of none."""
        f: Frame | None = frame
        while f is not None:
            if name in f.caught:
                return f.caught_tuples.get(name, ())
            f = f.parent
        return ()

    def caught_split(self, test: ast.expr, frame: Frame) -> CaughtSplit | None:
        """``isinstance(e, K)`` / ``isinstance(e, (K1, K2))`` (or ``not`` it) of a name a tuple
        clause caught (``except (A, B, C) as e``, ``Frame.caught_tuples``): the name, its
        classes before the test, the classes ``e`` may be of where the test holds (the tested
        ones) and where it fails (the clause's others). Both empty (unknown: the raise stays
        untyped) unless every tested class is one the clause lists: a class it does not list
        may be a base or a subclass of some of them, which this module cannot tell, and a name
        may hold a tuple. None for another test.
        xmlschema's ``loaders.py`` raises ``type(err)(msg)`` in the ``else`` of
        ``isinstance(err, (XMLSchemaParseError, XMLResourceParseError))`` inside ``except
        (XMLSchemaParseError, XMLSchemaTypeError, XMLResourceParseError) as err``: only
        ``XMLSchemaTypeError`` reaches it (typing it as all three cost popular13 a top-1)."""
        if not frame.caught_tuples:
            return None  # (nearly every test: no tuple clause's name is in scope)
        negated = isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not)
        call = _named_call(
            test.operand if isinstance(test, ast.UnaryOp) and negated else test, "isinstance", 2
        )
        if call is None or type(call.args[0]) is not ast.Name:
            return self.class_tested(test, frame)
        name = call.args[0].id
        listed = frame.caught_tuples.get(name)
        if listed is None:
            return None
        tested = _tested_classes(call.args[1])
        if not tested:
            return (name, listed, (), ())
        keys = {self.dotted_key(w, frame) for w in tested}
        listed_keys = tuple(self.dotted_key(w, frame) for w in listed)
        if None in keys or not keys <= set(listed_keys):
            return (name, listed, (), ())
        pairs = tuple(zip(listed, listed_keys, strict=True))
        inside = tuple(w for w, k in pairs if k in keys)
        outside = tuple(w for w, k in pairs if k not in keys)
        return (name, listed, outside, inside) if negated else (name, listed, inside, outside)

    @staticmethod
    def class_tested(test: ast.expr, frame: Frame) -> CaughtSplit | None:
        """Any other test of a tuple-caught name's class (``isinstance(e, A) and ...``,
        ``type(e) is A``, ``e.__class__ in (...)``): which classes each branch sees is not
        proved here, so neither is typed (the raise stays untyped, as without the clause's
        classes). None when the test reads no such name's class."""
        for n in ast.walk(test):
            if not isinstance(n, ast.expr):
                continue
            call = _named_call(n, "isinstance", 2)
            if call is not None:
                name = call.args[0].id if type(call.args[0]) is ast.Name else None
            else:
                name = _remade_name(n)
            if name is not None and name in frame.caught_tuples:
                return (name, frame.caught_tuples[name], (), ())
        return None

    def branch_caught(self, split: CaughtSplit | None, holds: bool, frame: Frame) -> None:
        """Before a branch of an ``isinstance`` test of a caught name: its classes there
        (``split[2]`` where the test holds, ``split[3]`` where it fails)."""
        if split is not None:
            self.set_caught_tuple(split[0], split[2] if holds else split[3], frame)

    @staticmethod
    def set_caught_tuple(name: str, classes: tuple[str, ...], frame: Frame) -> None:
        """The classes ``name`` may be of from here on; none known: the raise stays untyped."""
        if classes:
            frame.caught_tuples[name] = classes
        else:
            frame.caught_tuples.pop(name, None)

    def caught_after_if(
        self,
        stmt: ast.If,
        split: CaughtSplit | None,
        left1: bool,
        left2: bool,
        frame: Frame,
        guards: list[Guard],
    ) -> None:
        """After an ``isinstance`` test of a caught name: the classes as before the ``if``, or,
        for ``if isinstance(e, A): return ...`` (a branch that leaves) written straight in the
        body of the handler that caught the name, the other branch's classes for the rest of
        that handler (restored when it ends, ``on_try``). Nested deeper (another block, another
        handler inside it), the paths around its block join again after that block: nothing is
        proved for the rest of the handler, so the classes are dropped (untyped)."""
        if split is None:
            return
        name, before, inside, outside = split
        handler = guards[-1][1] if guards and guards[-1][0] == "except" else None
        direct = (
            isinstance(handler, ast.ExceptHandler)
            and handler.name == name
            and any(s is stmt for s in handler.body)
        )
        if left1 != left2:
            # (nested deeper, what follows in its block is reached through one branch but the
            # rest of the handler through both: neither is proved, the raise stays untyped)
            self.set_caught_tuple(name, (outside if left1 else inside) if direct else (), frame)
            return
        self.set_caught_tuple(name, before, frame)

    def remade_spec(
        self, listed: tuple[str, ...], msg: Value | None, args: tuple[Arg, ...],
        kwargs: tuple[tuple[str, Arg], ...], frame: Frame,
    ) -> ExcSpec:  # fmt: skip
        """``except (TypeError, ValueError) as e: raise e.__class__(f"... {value!r}") from e``
        (django's ``IntegerField.get_prep_value``): the object's class is one of those the
        clause lists, so the raise is of each of them (a record per class, as a class taken
        from a mapping); a catch-all among them leaves the class unknown, as ``type(e)`` does."""
        keys = tuple(self.dotted_key(w, frame) for w in listed)
        if any(k in _CATCH_ALL for k in keys):
            return ExcSpec(UNKNOWN_EXC_TYPE, None, msg, args, kwargs)
        return ExcSpec(listed[0], keys[0], msg, args, kwargs, types=tuple(zip(listed, keys, strict=True)))

    def handed_classes(self, exc: ast.Call, frame: Frame) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """``raise self.parse_error(exception)``: the function's own parameters annotated to hold
        classes that the helper call hands on, each with its classes' refs (``param_class``),
        so the helper's class parameter holds what this function's callers pass, not what
        every caller of the helper does (``ExcSpec.class_args``)."""
        out: list[tuple[str, tuple[str, ...]]] = []
        for a in (*exc.args, *(k.value for k in exc.keywords)):
            if type(a) is ast.Name and a.id in frame.params and a.id in _type_params(frame):
                out.append((a.id, self.param_class(a.id, frame).refs))
        return tuple(out)

    def returned_class(self, func: ast.expr, frame: Frame) -> str | None:
        """``class_for(code)`` or ``self._class_for(code)`` called at once: a ``types_refs``
        entry for the classes the function returns (``type_map``: none when it returns no class,
        and then the raise stays unknown as before); None for any other callee."""
        if not (isinstance(func, ast.Call) and (func.args or func.keywords)):
            return None  # (one called without arguments is ``class_factory_spec``'s)
        inner = func.func
        if _on_self_or_cls(inner, frame) and frame.class_key is not None:
            assert isinstance(inner, ast.Attribute)
            return f"{frame.class_key}.{inner.attr}(){_OVERRIDES}"
        named = _dotted(inner)
        key = self.dotted_key(named, frame) if named is not None and named != "type" else None
        return f"{key}()" if key is not None and not key.startswith("builtins.") else None

    def record_of(self, exc: ast.Call, frame: Frame) -> tuple[str, str, str] | None:
        """``raise limit.rangeexception(limit.rangeerrorstring)`` of a parameter ``limit``: the
        class and the message are two fields of the record passed in, so (this module, class
        field, message field); None for any other call."""
        func = exc.func
        if not (
            isinstance(func, ast.Attribute)
            and isinstance(func.value, ast.Name)
            and func.value.id in frame.params
            and len(exc.args) == 1
            and not exc.keywords
        ):
            return None
        arg = exc.args[0]
        if not (
            isinstance(arg, ast.Attribute)
            and isinstance(arg.value, ast.Name)
            and arg.value.id == func.value.id
        ):
            return None
        return (self.module, func.attr, arg.attr)

    def note_record(self, name: str, value: ast.Call, frame: Frame) -> None:
        """``Limit = namedtuple("Limit", [...])`` or ``DATE_MM_LIMIT = Limit("...", MonthError,
        "Month must be ...")`` at module or class level: a record type's fields, or a record
        with a literal text and a class among its fields (what ``record_of`` raises read)."""
        func = value.func
        if _last_name(func) == "namedtuple" and frame.kind == "module" and len(value.args) == 2:
            fields = _field_names(value.args[1])
            if fields:
                self.facts.record_types[f"{self.module}.{name}"] = fields
            return
        dotted = _dotted(func)
        if (
            dotted is None
            or not dotted.rpartition(".")[2][:1].isupper()
            or len(self.facts.records) >= _MAX_RECORDS
        ):
            return
        items = tuple(self.record_item(a, frame) for a in value.args)
        named = tuple((k.arg, self.record_item(k.value, frame)) for k in value.keywords if k.arg is not None)
        kinds = {i[0] for i in (*items, *(i for _, i in named))}
        if "s" in kinds and "c" in kinds:
            key = self.dotted_key(dotted, frame)
            if key is not None:
                self.facts.records.append((key, items, named))

    def note_built(self, value: ast.expr, frame: Frame) -> None:
        """The objects an assigned value builds with a literal text, itself or inside the
        displays and constructor calls it nests (``self.rules = {"comment": [_Rule(...,
        (Failure("Missing end of comment tag"),))]}``): kept in ``facts.built``, for the raise a
        method of the class makes later with the attribute its ``__init__`` set from the text
        (``Failure.__call__``'s ``raise self.error_class(self.message, ...)``). Only displays
        and calls of a capitalised name (a class, ``_Rule`` too) are entered: a function's
        arguments are handed to its code, not stored as built here, and most assignments are
        such calls, which this returns from at once. A bounded number of nodes."""
        todo = [value]
        seen = 0
        built = self.facts.built
        while todo and seen < _MAX_BUILT_NODES and len(built) < _MAX_BUILT:
            node = todo.pop()
            seen += 1
            t = type(node)
            if t is ast.Call:
                assert isinstance(node, ast.Call)
                func = node.func
                tf = type(func)
                name = func.id if tf is ast.Name else func.attr if tf is ast.Attribute else ""  # type: ignore[attr-defined]
                if not name.lstrip("_")[:1].isupper():
                    continue
                if name[:1].isupper():
                    self.built_call(node, frame)
                todo.extend(node.args)
                for k in node.keywords:
                    todo.append(k.value)
            elif t is ast.Dict:
                assert isinstance(node, ast.Dict)
                todo.extend(node.values)
            elif t in _T_DISPLAY:
                assert isinstance(node, _T_DISPLAY)
                todo.extend(node.elts)

    def built_call(self, call: ast.Call, frame: Frame, made_only: bool = False) -> None:
        """One call of a capitalised name in ``note_built``: kept when it hands a string
        literal, positionally or by keyword (what a later raise may print), or an object made
        with one (``origin=effect("Mock Error")``: an exception the object holds, raised later
        as ``raise error.origin``). ``made_only``: kept only for such an object (a construction
        in a ``raise``, whose literal arguments are printed there, by its own record)."""
        if made_only:
            if len(self.facts.built) >= _MAX_BUILT or not any(
                _made_text(a) is not None for a in (*call.args, *(k.value for k in call.keywords))
            ):
                return
        else:
            for a in call.args:
                if type(a) is ast.Constant and type(a.value) is str:
                    break
            else:
                for k in call.keywords:
                    v = k.value
                    if type(v) is ast.Constant and type(v.value) is str:
                        break
                else:
                    if not any(
                        _made_text(a) is not None for a in (*call.args, *(k.value for k in call.keywords))
                    ):
                        return
        dotted = _dotted(call.func)
        key = self.dotted_key(dotted, frame) if dotted is not None else None
        if key is None:
            return
        items = tuple(self.built_item(a, frame) for a in call.args)
        named = tuple((k.arg, self.built_item(k.value, frame)) for k in call.keywords if k.arg is not None)
        self.facts.built.append((key, items, named))

    def note_held(self, raised: ast.expr, frame: Frame) -> None:
        """``raise SideEffectError(self, origin=effect("Mock Error"))``: the exception made with
        a text and held by the one raised is raised later, by whoever catches this one
        (``raise error.origin``); the construction is kept in ``facts.built``."""
        if self.want_sites and type(raised) is ast.Call:
            assert isinstance(raised, ast.Call)
            if _last_name(raised.func)[:1].isupper():  # (a class, as ``note_built`` enters)
                self.built_call(raised, frame, made_only=True)

    def built_item(self, node: ast.expr, frame: Frame) -> tuple[str, str, str | None]:
        """One argument of a built object: an object made with a literal (``("m", its text,
        the key of its class or None)``), else as ``record_item`` keeps it."""
        text = _made_text(node)
        if text is None:
            return self.record_item(node, frame)
        written = _made_class(node)
        return ("m", text, self.dotted_key(written, frame) if written is not None else None)

    def record_item(self, node: ast.expr, frame: Frame) -> tuple[str, str, str | None]:
        """One field of a record as ``note_record`` keeps it: a text, a class, or unknown."""
        text = _str_value(node)
        if text is not None:
            return ("s", text, None)
        dotted = _dotted(node) if isinstance(node, _T_NAME_ATTRIBUTE) else None
        last = dotted.rpartition(".")[2] if dotted is not None else ""
        if dotted is not None and last[:1].isupper() and not last.isupper():
            return ("c", dotted, self.dotted_key(dotted, frame))
        return ("", "", None)

    def looked_up_class(self, func: ast.expr, env: Env, frame: Frame) -> TypesVal | None:
        """The classes a called lookup may give: ``MAP[key]`` or ``MAP.get(key, Default)`` of a
        mapping of classes; None for any other callee."""
        lookup = type(func) is ast.Subscript or (
            type(func) is ast.Call and type(func.func) is ast.Attribute and func.func.attr == "get"
        )
        if not lookup:
            return None
        types = self.assigned_types(func, env, frame) or self.param_lookup(func, env, frame)
        return types if types is not None and (types.entries or types.refs) else None

    @staticmethod
    def held_class(func: ast.expr, frame: Frame) -> str | None:
        """The exception class ``self.<attr>`` holds (its class's default), for a call of it in a
        method or in a function nested in one; None when ``func`` is no such attribute."""
        if not (isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name)):
            return None
        f: Frame | None = frame
        while f is not None and f.kind == "function" and f.self_name is None:
            f = f.parent  # a closure in a method sees the method's ``self``
        if f is None or f.self_name != func.value.id or f.parent is None:
            return None
        return f.parent.held_classes.get(func.attr)

    def is_caught_name(self, exc: ast.expr, frame: Frame) -> bool:
        return isinstance(exc, ast.Name) and self.caught_type(exc.id, frame) is not None

    def caught_type(self, name: str, frame: Frame) -> str | None:
        """The class an ``except ... as name`` clause (of this or an enclosing function) caught."""
        return _enclosing(frame, "caught", name)

    def opaque_spec(self, exc: ast.expr, frame: Frame) -> ExcSpec:
        """``raise error`` of an object built elsewhere: its text is unknown here, but the
        statement is still where a traceback ends (the caught class is its type when known)."""
        text = self.src(exc)
        exc_type: str = UNKNOWN_EXC_TYPE
        key = None
        if isinstance(exc, ast.Name):
            caught = self.caught_type(exc.id, frame) or _tested_class(exc.id, frame)
            if caught:
                exc_type, key = caught, self.dotted_key(caught, frame)
        root = _root_name(exc)
        sources = _binding_calls(exc.id, frame) if isinstance(exc, ast.Name) else ()
        if sources and exc_type == UNKNOWN_EXC_TYPE:
            sources += self.annotated_yields(sources, frame)
        holder = None
        if isinstance(exc, ast.Attribute) and isinstance(exc.value, ast.Name):
            # ``raise error.origin`` of a caught object: the constructions of its class say
            # what the attribute holds (``Resolver.held_texts``)
            caught = self.caught_type(exc.value.id, frame)
            holder = self.dotted_key(caught, frame) if caught else None
        return ExcSpec(
            exc_type, key, ph(text), opaque=True, relay=root in frame.params, sources=sources, holder=holder
        )

    def annotated_yields(self, calls: tuple[str, ...], frame: Frame) -> tuple[str, ...]:
        """``for err in self.iter_errors(): raise err`` where the class's ``iter_errors`` is
        annotated ``-> Iterator[ValidationError]``: the class it yields, marked (``YIELDS_OF``),
        whose every ``yield`` of a subclass in the codebase this raise may raise. A generator that
        only hands on what others yield (``yield from self.checker(...)``) builds none itself,
        so its annotation is what names them. Methods of the raising method's class only."""
        owner = frame.parent
        if frame.kind != "function" or owner is None or not isinstance(owner.node, ast.ClassDef):
            return ()
        found: list[str] = []
        for stmt in owner.node.body:
            if isinstance(stmt, _T_FUNCTIONDEF_ASYNCFUNCTIONDEF) and stmt.name in calls:
                written = _iterated_class(stmt.returns)
                key = self.dotted_key(written, owner) if written else None
                if key is not None and not key.startswith("builtins."):
                    found.append(YIELDS_OF + key)
        return tuple(found)

    def returned_by(self, name: str, env: Env, frame: Frame) -> tuple[ExcSpec, ...]:
        """``err = _check(obj, key)`` then ``raise err``: each call of a function the raised local
        is bound from in this function, as ``raise _check(obj, key)`` would be written; what the
        function returns is known only once the codebase is (``Resolver.exc``). Bounded."""
        out: list[ExcSpec] = []
        for value in frame.bound_from(name):
            if type(value) is not ast.Call:
                continue
            spec = self.call_spec(value, env, frame)
            if spec.helper is not None and spec not in out:
                out.append(spec)
                if len(out) == _MAX_RETURNED:
                    break
        return tuple(out)

    def returns_made(self, call: ast.Call, env: Env, frame: Frame) -> bool:
        """``return self._src.parse_error(exception, *args)`` in a factory of exceptions (its
        return annotation names one, or it takes the class): what the callee builds is what this
        function's callers raise, one exit among the factory's others (``return Exc(...)`` before
        it, another helper's exception after it). False: the call is of no function of ours."""
        spec = self.call_spec(call, env, frame)
        if spec.helper is None:
            return False
        _exc_exit(frame, spec)
        return True

    def returns_exc_local(self, name: str, env: Env, frame: Frame) -> bool:
        """``return e`` of a local holding an exception: the function is a factory of it (False:
        the local holds no exception known here)."""
        cur = env.get(name)
        if isinstance(cur, ExcVal):
            if frame.exc_return is None:
                # every branch's exception is an exit (``exc = Cls(msg)`` under one test,
                # ``exc = OSError(errno.EIO, msg)`` under another): a caller raises any of them
                for spec in cur.specs():
                    _exc_exit(frame, spec)
            return True
        # a local built as an exception in some branch (``e = exc or ParsingError(fpname)``)
        built = self.built_returns(name, env, frame) if frame.kind == "function" else []
        for spec in built:
            _exc_exit(frame, spec)
        return bool(built)

    def built_returns(self, name: str, env: Env, frame: Frame) -> list[ExcSpec]:
        """``e = exc or ParsingError(fpname)`` ... ``return e``: the exceptions with arguments the
        returned local is built as in the function (either arm of ``or``/``if``-``else``), each one
        a caller of the function may raise. Bounded."""
        out: list[ExcSpec] = []
        factory = _returns_exception(frame)
        for value in frame.bound_from(name):
            arms = value.values if isinstance(value, ast.BoolOp) else _branches(value)
            for arm in arms:
                if (_builds_exception(arm) or _calls_class_param(arm, frame)) and (
                    spec := self.exc_spec(arm, env, frame)
                ) is not None:
                    # (``err = error_type(final_message, response=response)`` ... ``return err``
                    # of a class parameter: the class each caller passes, built as ``return
                    # error_type(...)`` builds it)
                    out.append(spec)
                elif (
                    factory and isinstance(arm, ast.Call) and (spec := self.call_spec(arm, env, frame)).helper
                ):
                    # ``err = self._implicit_post_error(i)`` ... ``return err`` in a factory of
                    # exceptions: what that callee builds
                    out.append(spec)
        return out[: _MAX_EXC_RETURNS + 1]

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
        owner = _closure_owner(frame)
        if (
            owner is not None
            and root == owner.self_name
            and root not in frame.params
            and rest
            and "." not in rest
        ):
            # ``self.warn(self.get_msg(w))`` in a wrapper defined in a method: the method's
            # ``self``, so the method of its class, as the method itself calling it would be
            return Ref(owner.class_key or "", name, True, args, kwargs, method=rest)
        if frame.self_name and root == frame.self_name and rest and frame.class_key:
            if "." not in rest:
                return Ref(frame.class_key, name, True, args, kwargs, method=rest)
            attr, _, meth = rest.partition(".")
            held = frame.parent.attr_classes.get(attr) if frame.parent is not None else None
            if held is not None and "." not in meth:
                # ``self._src.parse_error(...)`` with ``self._src = Source(...)`` in ``__init__``
                ck = self.dotted_key(held, frame)
                if ck is not None:
                    return Ref(ck, name, True, args, kwargs, method=meth)
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
        # (``Ref(key, name, True, args, kwargs)``, its ``method`` and ``item`` at their defaults)
        return new_tuple(Ref, (f"{base}.{rest}" if rest else base, name, True, args, kwargs, "", -1, False))

    @staticmethod
    def cls_method_ref(
        dotted: str, args: tuple[Arg, ...], kwargs: tuple[tuple[str, Arg], ...], frame: Frame, name: str
    ) -> Ref | None:
        """``cls._format_error("Found no components ...", st)`` in a classmethod: the method of
        its class (looked up along its bases), as ``self.<method>`` is in an instance method, so
        the message is the text the method returns with the call's arguments in place. Only for
        a message's value: a call statement through ``cls`` still reaches its raiser by the
        method's name (``call_ref``). ``cls`` rebound to a looked-up class may be any class: None."""
        root, _, rest = dotted.partition(".")
        if root != frame.cls_name or not frame.class_key or frame.cls_rebound or not rest or "." in rest:
            return None
        return Ref(frame.class_key, name, True, args, kwargs, method=rest)

    # ------------------------------------------------------------ message expressions

    def is_stringy(self, e: ast.expr, env: Env) -> bool:
        """Cheap syntactic test: could this expression be (part of) a message string?"""
        t = type(e)
        if t is ast.Constant:
            return isinstance(e.value, _T_STR_BYTES)  # type: ignore[attr-defined]
        if t is ast.JoinedStr:
            return True
        if t is ast.BinOp:
            assert isinstance(e, ast.BinOp)
            return isinstance(e.op, _T_ADD_MOD) and (
                self.is_stringy(e.left, env) or self.is_stringy(e.right, env) or _constant_template(e)
            )
        if t is ast.Call:
            assert isinstance(e, ast.Call)
            f = e.func
            if _is_rewrap(e):
                return self.is_stringy(e.args[0], env)
            if isinstance(f, ast.Attribute) and f.attr == "format" and isinstance(f.value, _T_NAME_ATTRIBUTE):
                return True  # ``fmt.format(...)``: text once ``fmt`` is known
            if isinstance(f, ast.Attribute) and f.attr in ("format", "join", "strip", "rstrip", "lstrip"):
                return self.is_stringy(f.value, env)
            if isinstance(f, ast.Attribute) and (f.attr in GETTEXT_ARGS or f.attr in _CODEC):
                return True  # (``encode``/``decode``: characters turned to bytes or back)
            if isinstance(f, ast.Name):
                v = env.get(f.id)
                return isinstance(v, FmtVal) or (
                    f.id not in env and not f.id[:1].isupper() and f.id not in BUILTIN_NAMES
                )
            return False
        if t is ast.IfExp or t is ast.BoolOp:
            return self.stringy_choice(e, env)
        if t is ast.Name:
            v = env.get(e.id)  # type: ignore[attr-defined]
            return isinstance(v, tuple) and value_has_literal(v)
        if t is ast.Subscript:
            assert isinstance(e, ast.Subscript)
            return self.stringy_item(e, env)
        return False

    def stringy_item(self, e: ast.Subscript, env: Env) -> bool:
        """An item of a dict of messages (``MESSAGES[key]``, ``self.messages[key]``), or a piece
        of a text."""
        base = e.value
        if isinstance(base, ast.Name) and isinstance(env.get(base.id), _T_DICTVAL_ROWVAL):
            return True
        if (
            isinstance(base, ast.Attribute)
            and isinstance(base.value, ast.Name)
            and base.value.id in ("self", "cls")
        ):
            # ``self.messages[key]``, ``self.messages["required"]``
            return isinstance(e.slice, ast.Name) or _str_constant(e.slice)
        if isinstance(base, ast.Dict):
            # ``{OPENED: "...", CLOSED: "..."}[self._state]``: a dict of messages read at once
            return any(v is not None and self.is_stringy(v, env) for v in base.values)
        return self.is_stringy(base, env)

    def stringy_choice(self, e: ast.expr, env: Env) -> bool:
        """``a if c else b``, and ``errmsg = self.errmsg or ""`` (the attribute's text, or the
        text given instead): text when either side is."""
        if isinstance(e, ast.IfExp):
            return self.is_stringy(e.body, env) or self.is_stringy(e.orelse, env)
        return (
            isinstance(e, ast.BoolOp)
            and isinstance(e.op, ast.Or)
            and any(self.is_stringy(v, env) for v in e.values)
        )

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
        if isinstance(v, bytes):
            # bytes reach a message decoded (``b"".join((...)).decode()``, ``b"x: " + data``):
            # what is printed is the characters they hold
            return lit(v.decode("utf-8", "replace"))
        if v is None or v is Ellipsis:
            return ph(self.src(e))
        return lit(str(v))

    def msg_name(self, e: ast.Name, env: Env, frame: Frame) -> Value:
        name = e.id
        if name in env and (env[name] is not None or name not in frame.narrowed):
            cur = env[name]
            # (a local that is only ever None here prints as its name's placeholder, as before)
            return cur if isinstance(cur, tuple) and cur != NONE else self.local_ph(name, frame)
        written = frame.narrowed.get(name) or frame.caught.get(name)
        if written:
            # ``except KeyAlreadyPresent as e: raise ParseError(str(e))``: the caught class's text
            # (also of an exception a handler is given, ``if isinstance(error, HTTPError):``; an
            # ``isinstance`` test inside the handler names the class more closely than it)
            key = self.dotted_key(written, frame)
            if key is not None and not key.startswith("builtins."):
                return ((Ref(key, name, True, method=CAUGHT),),)
            if key is not None and frame.caught_calls.get(name):
                return _with_interpreter_texts(self.caught_builtin(name, key, frame), name, key)
            if key is not None:
                return _with_interpreter_texts(ph(name), name, key)
        if name in env:
            return self.local_ph(name, frame)  # (narrowed to a class whose text is not known here)
        if name in _MODULE_DUNDERS and (fixed := self.module_dunder(name)) is not None:
            return fixed
        key = self.name_key(name, frame)
        if key is not None and not key.startswith("builtins.") and not key.startswith(f"{frame.key}."):
            return ((Ref(key, name),),)
        return ph(name)

    def module_dunder(self, name: str) -> Value | None:
        """``{__name__!r}`` in a module's ``__getattr__`` or a deprecation shim: the module's
        dotted name (``__package__``: its package) as errdex names the file, fixed at index time
        so that a pasted ``module 'pkg.sub' has no attribute 'x'`` reaches this module's raise
        and not every module's alike. None (the placeholder kept) when the module binds or
        imports the name itself, or is a ``__main__`` (run with ``-m`` it is named so)."""
        if not self.module or name in self.top or name in self.imports:
            return None
        if self.module.rpartition(".")[2] == "__main__":
            return None
        if name == "__package__":
            package = self.module if self.is_package else self.module.rpartition(".")[0]
            return lit(package) if package else None
        return lit(self.module)

    @staticmethod
    def local_ph(name: str, frame: Frame) -> Value:
        """A local with no known text: a dict or list of collected messages prints as its
        ``repr()`` (``{'age': ['Not a valid integer.']}``), any other as whatever it holds."""
        shape = frame.container(name)
        return ((Ph(f"{name}{SHAPE_SEP}{shape}", True),),) if shape else ph(name)

    def enter_caught_calls(
        self, stmt: ast.Try | ast.TryStar, h: ast.ExceptHandler, frame: Frame
    ) -> tuple[str, ...] | None:
        """Note the functions the ``try`` body calls for the handler's name; what it noted before."""
        if not h.name:
            return None
        previous = frame.caught_calls.get(h.name)
        frame.caught_calls[h.name] = self.try_calls(stmt.body, frame)
        return previous

    def leave_caught_calls(self, name: str, previous: tuple[str, ...] | None, frame: Frame) -> None:
        if previous is None:
            frame.caught_calls.pop(name, None)
        else:
            frame.caught_calls[name] = previous

    def try_calls(self, body: list[ast.stmt], frame: Frame) -> tuple[str, ...]:
        """The codebase functions a ``try`` body calls by name (``_CreateMessageFromTypeUrl(...)``),
        outside nested definitions; a few, in order. A method call's class is not known here."""
        return self.body_callees(body, frame, dotted=False, most=_MAX_TRY_CALLS)

    def try_callees(self, body: list[ast.stmt], frame: Frame) -> tuple[str, ...]:
        """The keys of what a ``try`` body calls by a name or a dotted name (``_parse(s)``,
        ``Source(s)``, ``_core.parse_escape(s)``), outside nested definitions; at most
        ``_MAX_TRY_CALLEES``, in order. A method of a local object is not known here."""
        return self.body_callees(body, frame, dotted=True, most=_MAX_TRY_CALLEES)

    def body_callees(self, body: list[ast.stmt], frame: Frame, *, dotted: bool, most: int) -> tuple[str, ...]:
        """The keys of the codebase callables ``body`` calls, outside nested definitions, in
        order, at most ``most``: by a lower-case name only, or (``dotted``) by any name or
        dotted name."""
        keys: dict[str, None] = {}
        stack: list[ast.AST] = list(reversed(body))
        while stack and len(keys) < most:
            n = stack.pop()
            if isinstance(n, _T_FUNCTIONDEF_ASYNCFUNCTIONDEF_CLASSDEF_LAMBDA):
                continue
            if isinstance(n, ast.Call):
                key = self.body_callee_key(n.func, frame, dotted)
                if key is not None and not key.startswith("builtins."):
                    keys.setdefault(key, None)
            stack.extend(reversed(child_nodes(n)))
        return tuple(keys)

    def body_callee_key(self, func: ast.expr, frame: Frame, dotted: bool) -> str | None:
        """``body_callees``' key of one call's callee, None when it takes none."""
        if not dotted:
            if isinstance(func, ast.Name) and not func.id[:1].isupper():
                return self.name_key(func.id, frame)
            return None
        name = _dotted(func)
        return self.dotted_key(name, frame) if name is not None else None

    def caught_builtin(self, name: str, class_key: str, frame: Frame) -> Value:
        """``except TypeError as e: raise ParseError(f"{e} at {path}")``: the caught exception's
        text is any of the codebase's own raises of that class in the functions the ``try`` body
        calls (resolved once every module is known), or, raised elsewhere, unknown."""
        if class_key in _CATCH_ALL:
            return ph(name)  # whatever the body raised: too broad to name its text
        refs = tuple(
            (Ref(k, name, True, (Arg(class_key, ()),), method=RAISED_IN),) for k in frame.caught_calls[name]
        )
        return union(ph(name), refs)

    def msg_binop(self, e: ast.BinOp, env: Env, frame: Frame) -> Value | None:
        if isinstance(e.op, ast.Add):
            if _is_number(e.left) or _is_number(e.right):
                return None  # ``i + 1``: arithmetic, not text
            if frame.cuts and (spliced := self.spliced(e, env, frame)) is not None:
                return spliced
            left = self.eval_msg(e.left, env, frame)
            right = self.eval_msg(e.right, env, frame)
            if _may_be_text(left) or _may_be_text(right):
                return concat(left, right)
        elif isinstance(e.op, ast.Mod):
            left = self.eval_msg(e.left, env, frame)
            star = _init_vararg(frame)
            if star is not None and isinstance(e.right, ast.Name) and e.right.id == star:
                # ``msg % args`` of ``__init__(self, msg, *args)``: the call's further arguments
                # fill the format, one per ``%s``, once a raise binds them
                return ((Op("%", left, (Arg(f"*{star}", ph(star)),), (), self.src(e)),),)
            if value_has_literal(left) and not _template_head(e.left, left, frame):
                return self.eval_percent(left, e.right, env, frame)
            if _template_head(e.left, left, frame) or (
                (part := _lone_part(left)) is not None and not isinstance(part, str)
            ):
                # ``self.args[0] % self.args[1:]``, ``template % values``: formatted once the
                # left side's text is known
                return ((self.deferred_percent(left, e, env, frame),),)
        return None

    def spliced(self, e: ast.BinOp, env: Env, frame: Frame) -> Value | None:
        """``s[:i] + x + s[i:]`` with ``i = s.index(sep)``: ``x`` inserted where ``s`` first
        holds ``sep``, applied once ``s`` is known (``INSERT``; huggingface_hub's ``_format``
        puts `` (Request ID: ...)`` after the first line of the message its caller passes).
        None for any other sum."""
        items = _add_operands(e)
        if len(items) < 3:
            return None
        head, tail = _text_cut(items[0]), _text_cut(items[-1])
        if head is None or tail is None or head[:2] != tail[:2] or head[2] == tail[2] or not head[2]:
            return None
        text, index, _ = head
        cut = frame.cuts.get(index)
        if cut is None or cut[0] != text:
            return None
        middle = concat(*(self.eval_msg(x, env, frame) for x in items[1:-1]))
        base = self.eval_msg(ast.Name(text), env, frame)
        sep = Arg(repr(cut[1]), lit(cut[1]))
        return ((Op(INSERT, base, (sep, Arg(self.src(items[1]), middle)), (), self.src(e)),),)

    def deferred_percent(self, left: Value, e: ast.BinOp, env: Env, frame: Frame) -> Op:
        right = e.right
        if isinstance(right, ast.Tuple):
            items = tuple(self.arg(x, env, frame) for x in right.elts)
            return Op("%", left, items, (), self.src(e))
        if isinstance(right, ast.Dict):
            mapping = tuple(
                (k.value, self.arg(v, env, frame))
                for k, v in zip(right.keys, right.values, strict=True)
                if isinstance(k, ast.Constant) and isinstance(k.value, str)
            )
            return Op("%", left, (), mapping, self.src(e))
        return Op("%1", left, (self.arg(right, env, frame),), (), self.src(e))

    def msg_attribute(self, e: ast.Attribute, env: Env, frame: Frame) -> Value:
        if e.attr == "__name__" and (named := _caught_class_name(e.value, frame)) is not None:
            # ``type(exc).__name__``, ``exc.__class__.__name__`` of ``except HTTPError as exc``:
            # the caught class's name, or a subclass's (kept as the placeholder beside it)
            return union(lit(named), ph(_dotted(e) or self.src(e)))
        dotted = _dotted(e)
        if dotted is not None and isinstance(held := env.get(dotted), tuple):
            return held  # a printer's memoised attribute (``memo``): what its branches left
        key = self.expr_key(e, frame)
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
        if (
            dotted is not None
            and frame.kind == "function"
            and frame.qualname.rpartition(".")[2] in _ATTR_HOOKS
            and isinstance(e.value, ast.Name)
            and e.value.id != frame.self_name
            and e.value.id in env
        ):
            # ``warnings.warn(obj.message, ...)`` in a module type's ``__getattr__``, ``obj`` the
            # module's stored attribute: the texts this module's functions were handed in a
            # parameter of that name at import (``REGISTERED``)
            return ((Ref(f"{self.module}@{e.attr}", dotted, method=REGISTERED),),)
        return ph(dotted or self.src(e))

    def msg_ifexp(self, e: ast.IfExp, env: Env, frame: Frame) -> Value | None:
        a = self.eval_msg(e.body, env, frame)
        b = self.eval_msg(e.orelse, env, frame)
        when, unless = self.conditions(e.test, frame)
        if any(not undecidable(test) for (_, test), _ in when):
            # ``x if self.code is not None else "???"``: a call may decide which
            return union(_needing(a, when), _needing(b, unless))
        if value_has_literal(a) or value_has_literal(b):
            return union(a, b)
        return None

    def msg_boolop(self, e: ast.BoolOp, env: Env, frame: Frame) -> Value | None:
        """``message or ""``, ``hint or default``: the first operand when it is truthy, else
        the next; decided by a call when the first is a parameter or attribute."""
        if not isinstance(e.op, ast.Or) or len(e.values) != 2:
            return None
        head = e.values[0]
        if isinstance(head, ast.BoolOp) and isinstance(head.op, ast.And) and len(head.values) == 2:
            # ``status and " due to: %s" % status or "!"``: the old conditional expression, the
            # second operand when the first is truthy (and that text is never empty), else the
            # fallback; tested like ``" due to: ..." if status else "!"``
            a = self.eval_msg(head.values[1], env, frame)
            b = self.eval_msg(e.values[1], env, frame)
            if not value_has_literal(a):
                return None
            when, unless = self.conditions(head.values[0], frame)
            if any(not undecidable(test) for (_, test), _ in when):
                return union(_needing(a, when), _needing(b, unless))
            return union(a, b)
        first, other = (self.eval_msg(v, env, frame) for v in e.values)
        cond = self.known_cond(_simple_cond(e.values[0]), frame)
        if cond is not None and cond[0][1] == "t":
            return union(_needing(first, (cond,)), _needing(other, ((cond[0], False),)))
        if value_has_literal(first) or value_has_literal(other):
            return union(first, other)
        return None

    def msg_subscript(self, e: ast.Subscript, env: Env, frame: Frame) -> Value | None:
        sl = e.slice
        n = _negative_stop(sl)
        if n is not None:
            # ``msg[:-2]``: the text without its last characters
            text = self.eval_msg(e.value, env, frame)
            return strip_tail(text, n) if value_has_literal(text) else None
        if isinstance(sl, ast.Slice):
            return None
        base = e.value
        field = self.record_field(base, sl, e, env, frame)
        if field is not None:
            return field  # ``bit["err"]``, ``TABLE[key]["err"]``: a field of a table's record
        owner = self.registry_owner(base, sl, env, frame)
        if owner is not None and isinstance(base, ast.Attribute):
            # ``self.error_messages[key]``: a registry of messages, looked up once the key is known
            # (a literal key, ``self.messages["required"]``, is known already)
            key_arg = self.arg(sl, env, frame)
            return ((Lookup(owner, base.attr, key_arg, self.src(e)),),)
        if isinstance(base, ast.Dict) and frame.kind == "function":
            # ``{OPENED: "...", CLOSED: "..."}[self._state]``: a dict of messages written where it
            # is read, one message per state; any of its values, as a named one's are
            table = self.assigned_dict(base, env, frame)
            if not isinstance(table, DictVal) or not table.value:
                return None
            local = f"{frame.key}.<locals>.<dict {e.lineno}:{e.col_offset}>"
            self.facts.consts[f"{local}[]"] = table.value
            # inside a longer message it stays a value, named by its key (``was {value}``), not
            # by the whole dict's source
            return ((Ref(local, self.src(sl), method="[]"),),)
        if not isinstance(base, ast.Name):
            return None
        # ``MESSAGES[key]``: a dict of messages, local or defined at module level
        name = base.id
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

    def registry_owner(self, base: ast.expr, sl: ast.expr, env: Env, frame: Frame) -> str | None:
        """The class whose class-level dicts ``<owner>.<attr>[key]`` reads, or None.

        The owner is the instance (``self.error_messages[key]``), a classmethod's class
        (``cls._error_messages['pk']``) or a class named as written (``Model._messages['pk']``,
        resolved later along its MRO; a name that is no class there keeps the placeholder). The
        key is a name a call may decide or a literal."""
        if not (
            isinstance(base, ast.Attribute)
            and isinstance(base.value, ast.Name)
            and (isinstance(sl, ast.Name) or _str_constant(sl))
        ):
            return None
        root = base.value.id
        if root in (frame.self_name, frame.cls_name):
            return frame.class_key or None
        if root in env or not _str_constant(sl) or root[:1].islower():
            return None
        key = self.name_key(root, frame)
        return key if key is not None and not key.startswith("builtins.") else None

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
                if (fixed := self.printed_piece(inner, v, env, frame)) is not None:
                    pieces.append(fixed)
                elif v.conversion in (114, 97):  # !r / !a: quoted, so never inlined text
                    pieces.append(as_repr(self.arg(inner, env, frame)))
                elif isinstance(inner, ast.Name) and (cur := env.get(inner.id)) is not None:
                    # A variable interpolated into a message is a value, not message text,
                    # unless it is one known string (``f"{base_msg} ..."``).
                    # Several known strings (assigned in exclusive branches) are several texts.
                    # In a printer, a local holding what the instance holds (``msg =
                    # self.message``) is that text, filled per raise as ``{self.message}`` is.
                    if isinstance(cur, tuple) and (
                        any(has_literal(v) for v in cur)
                        or (frame.printed is not None and _instance_text(cur, frame.self_name))
                    ):
                        pieces.append(cur)
                    else:
                        pieces.append(
                            _helper_local(cur, inner.id) or _vararg_local(cur, frame) or ph(inner.id)
                        )
                elif isinstance(inner, _T_CONSTANT_JOINEDSTR_NAME_CALL_BINOP_IFEXP):
                    pieces.append(self.eval_msg(inner, env, frame))
                elif isinstance(inner, ast.Attribute) and _caught_class_name(inner.value, frame):
                    pieces.append(self.msg_attribute(inner, env, frame))  # ``{exc.__class__.__name__}``
                else:
                    pieces.append(
                        self.cut_text(inner, env, frame)
                        or self.formatted_const(inner, env, frame)
                        or ph(self.src(inner))
                    )
        return concat(*pieces) if pieces else lit("")

    def cut_text(self, e: ast.expr, env: Env, frame: Frame) -> Value | None:
        """What an f-string piece slicing a known text by a constant negative stop prints: that
        text without its last characters (``fmt = f"{msg[:-1]} {{query}}: {{errors}}"`` in a
        class body, ``msg`` the class's own literal: dnspython's exception classes), which is
        text, not a value; None for any other piece, or when the text sliced is not known."""
        if not isinstance(e, ast.Subscript) or _negative_stop(e.slice) is None:
            return None
        return self.msg_subscript(e, env, frame)

    @staticmethod
    def bound_literal(name: str, v: ast.FormattedValue, env: Env, frame: Frame) -> str | None:
        """What ``{name}`` prints when the function binds ``name`` once to a literal container
        or number and never changes it (``literals``); None otherwise."""
        value = _bound_literal_node(name, env, frame)
        return None if value is None else printed(value, v)

    def printed_piece(self, e: ast.expr, v: ast.FormattedValue, env: Env, frame: Frame) -> Value | None:
        """What a piece of an f-string prints when that is fixed by what it names: a local
        bound once to a literal (``choices = ["a", "b"]`` above: its printed form), or a constant
        defined elsewhere through a format spec (``{ATTEMPTS:,}``); None otherwise."""
        if isinstance(e, ast.Name) and (shown := self.bound_literal(e.id, v, env, frame)):
            return lit(shown)
        return self.spec_const(e, v, env, frame)

    def spec_const(self, e: ast.expr, v: ast.FormattedValue, env: Env, frame: Frame) -> Value | None:
        """``{ATTEMPTS:,}`` / ``{mod.LIMIT:>5}``: a constant defined elsewhere shown through a
        written format spec, left to resolution to format (``FORMAT_SPEC``); None without a
        spec, with a conversion, or for anything but such a constant."""
        spec = format_spec(v) if v.format_spec is not None and v.conversion == -1 else None
        if not spec:
            return None
        got: Value | None
        if isinstance(e, ast.Name) and e.id not in env:
            got = self.msg_name(e, env, frame)
        else:
            got = self.formatted_const(e, env, frame)
        ref = got[0][0] if got is not None and len(got) == 1 and len(got[0]) == 1 else None
        if not isinstance(ref, Ref) or ref.call or ref.method not in ("", FORMATTED):
            return None
        return ((ref._replace(method=FORMAT_SPEC + spec),),)

    def formatted_const(self, e: ast.expr, env: Env, frame: Frame) -> Value | None:
        """``{Keys.PLATFORM}`` in an f-string: an attribute of a name defined at module level or
        imported (a class used as a namespace of text constants, a constants module), resolved
        with the codebase's tables; None for anything else (``self.x``, a local's attribute)."""
        if not isinstance(e, ast.Attribute):
            return None
        dotted = _dotted(e)
        if dotted is None or (e.attr.startswith("__") and e.attr.endswith("__")):
            # ``{pkg.__version__}``: set by the build or at import (a fallback ``"unknown"`` in
            # the source is not what a release prints)
            return None
        root = dotted.partition(".")[0]
        if root == frame.self_name or root in env:
            return None
        key = self.dotted_key(dotted, frame)
        if key is None or key.startswith("builtins."):
            return None
        return ((Ref(key, dotted, method=FORMATTED),),)

    def eval_percent(self, left: Value, right: ast.expr, env: Env, frame: Frame) -> Value:
        if isinstance(right, ast.Tuple):
            args = [self.arg(a, env, frame) for a in right.elts]
            return apply_percent(left, args, None, None)
        held = env.get(_TUPLE + right.id) if isinstance(right, ast.Name) else None
        if isinstance(held, TupleArgs) and isinstance(right, ast.Name) and env.get(right.id) is held.held:
            return apply_percent(left, list(held.args), None, None)  # a tuple built before
        if isinstance(right, ast.Dict):
            mapping = {
                k.value: self.arg(v, env, frame)
                for k, v in zip(right.keys, right.values, strict=True)
                if isinstance(k, ast.Constant) and isinstance(k.value, str)
            }
            return apply_percent(left, None, mapping, None)
        single = self.arg(right, env, frame)
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

    def rewrap_kind(self, call: ast.Call) -> str | None:
        """Which of ``textwrap.dedent`` and kin a call is (``dedent``, ``indent``...), also under
        a name imported from its module (``from textwrap import indent``); None for any other."""
        if _is_rewrap(call):
            return _last_name(call.func)
        f = call.func
        if type(f) is not ast.Name or not call.args or type(call.args[0]) is ast.Starred:
            return None
        module, _, attr = self.imports.get(f.id, "").rpartition(".")
        if module in ("textwrap", "inspect") and _rewrap_target(attr, call.args[1:], call.keywords):
            return attr
        return None

    def eval_call(self, call: ast.Call, env: Env, frame: Frame, shown: str | None = None) -> Value:
        """A call's message value. ``shown``: the name of the reference or placeholder it comes
        to when no rule knows its text, else the call's source (``returned_ref``)."""
        func = call.func
        translated = self.gettext_msg(call, env, frame)
        if translated is not None:
            return translated
        kind = self.rewrap_kind(call)
        if kind is not None and (
            self.is_stringy(call.args[0], env)
            or (
                frame.printed is not None
                and _instance_text(self.eval_msg(call.args[0], env, frame), frame.self_name)
            )
        ):
            # ``textwrap.dedent(f"""...""")``: the text, re-indented; in a printer, also what
            # the instance holds (``indent(self.message, "  ")``: aiohttp's HttpProcessingError)
            text = self.eval_msg(call.args[0], env, frame)
            return text if kind in ("fill", "indent") else dedent_value(text, clean=kind == "cleandoc")
        if _dedents_param(call, frame):
            # ``super().__init__(dedent(msg).strip())`` in an exception's ``__init__``: the
            # caller's text, re-indented once it is known (a triple-quoted message)
            return (
                (Op(_last_name(call.func), self.eval_msg(call.args[0], env, frame), (), (), self.src(call)),),
            )
        got = self.assigned_field(call, env, frame)  # ``bit.get("err")``: a record's field
        if got is not None:
            return got
        if isinstance(func, ast.Name):
            got = self.call_of_name(call, func, env, frame)
        elif isinstance(func, ast.Attribute):
            got = self.call_of_method(call, func, env, frame)
        else:
            got = None
        if got is not None:
            return got
        dotted = _dotted(func)
        name = self.call_name(call, dotted) if shown is None else shown
        if dotted is not None and not dotted.rpartition(".")[2][:1].isupper():
            args, kwargs = self.args_of(call, env, frame)
            ref = self.cls_method_ref(dotted, args, kwargs, frame, name) or self.call_ref(
                func, dotted, args, kwargs, frame, name
            )
            if ref is not None:
                return ((ref,),)
        elif dotted is not None and any(isinstance(a, ast.Lambda) for a in call.args):
            # ``LazyMessage(lambda: f"...")``: an object whose ``__str__`` calls what it was given
            key = self.expr_key(func, frame)
            if key is not None:
                args, kwargs = self.call_args(call, env, frame)
                return ((Ref(key, name, True, args, kwargs, method="__str__"),),)
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
        if name == "cast" and len(call.args) == 2:
            return self.eval_msg(call.args[1], env, frame)  # ``cast(str, x)`` is ``x``
        if name == "getattr" and name not in env and name not in self.top:
            return self.getattr_text(call, env, frame)
        if name in env or (name in BUILTIN_NAMES and name not in self.top and name not in self.imports):
            return ph(self.call_name(call, name))
        return None

    def closure_text(self, call: ast.Call, name: str, frame: Frame) -> Value | None:
        """``add_search_path()`` of a closure defined in this function, taking no arguments,
        passed whole as an argument (``raise E(message=add_path())``): the text it returns,
        inlined. Its free names are this function's parameters, so a caller's arguments fill
        them in (``self._missing(msg=msg)``), which a reference resolved on its own could not
        do. Inside a longer message a local helper's text stays a placeholder, as any helper's
        does; a closure that rebinds a name its text shows keeps the reference: the name would
        not be the parameter."""
        key = frame.local_funcs.get(name)
        info = self.facts.funcs.get(key) if key is not None else None
        if call.args or call.keywords or info is None or info.params or not info.ret:
            return None
        free = {n for v in info.ret for n in _free_names(v)} & frame.params
        if not free or not value_has_literal(info.ret):
            return None
        node = _local_def(frame.node, name)
        if node is None or _binds_any(node, free):
            return None
        return info.ret

    def getattr_text(self, call: ast.Call, env: Env, frame: Frame) -> Value | None:
        """``getattr(self, "msg", "")``: the attribute by its constant name, as ``self.msg`` is
        read (an exception class's printer reading what its ``__init__`` stored); the default
        only shows where the attribute was never set, which its ``__init__`` rules out."""
        if len(call.args) not in (2, 3) or call.keywords:
            return None
        obj, attr = call.args[0], call.args[1]
        if not (isinstance(attr, ast.Constant) and isinstance(attr.value, str) and attr.value.isidentifier()):
            return None
        read = ast.copy_location(ast.Attribute(value=obj, attr=attr.value, ctx=ast.Load()), call)
        ast.fix_missing_locations(read)
        return self.msg_attribute(read, env, frame)

    def own_args_join(self, sep: Value, arg: ast.expr, env: Env, frame: Frame) -> Value | None:
        """``"\\n".join(str(a) for a in self.args)`` in an exception's printer: its arguments,
        each shaped by the element, one a line. Nearly every raise passes one argument, its
        message, so the element is written out for ``self.args[0]`` (filled from each raise's
        call when the class prints) and whatever more arguments a raise passed follow the
        separator as an open tail, dropped where the raise is known to pass exactly one. Left
        whole as one placeholder, every raise of the class printed the same text and tied."""
        sn = frame.self_name
        if sn is None or not isinstance(arg, _T_GENERATOREXP_LISTCOMP) or len(arg.generators) != 1:
            return None
        gen = arg.generators[0]
        it = gen.iter
        if not (
            isinstance(gen.target, ast.Name)
            and not gen.ifs
            and not gen.is_async
            and isinstance(it, ast.Attribute)
            and it.attr == "args"
            and isinstance(it.value, ast.Name)
            and it.value.id == sn
        ):
            return None
        inner: Env = dict(env)
        inner[gen.target.id] = ph(f"{sn}.args[0]")
        first = self.joined_item(arg.elt, inner, frame)
        more = Opt(((((f"{sn}.args", "len1"), False),)), (*concat(sep, ph("..."))[0],))
        return concat(first, ((more,),))

    def joined_item(self, e: ast.expr, env: Env, frame: Frame) -> Value:
        """An item ``str.join`` joins: text, so ``indent + str(a)`` is two pieces of text put
        together (where alone each could be a number added)."""
        if isinstance(e, ast.BinOp) and isinstance(e.op, ast.Add):
            return concat(self.joined_item(e.left, env, frame), self.joined_item(e.right, env, frame))
        got = self.eval_msg(e, env, frame)
        return got if got is not None else ph(self.src(e))

    def filtered_join(self, sep: Value, arg: ast.expr, env: Env, frame: Frame) -> Value | None:
        """``" ".join([x for x in (msg, details) if x])``: the parts written out, those that are
        empty left out with their separator. Each part may be empty (a ``None`` detail), so every
        choice of the parts that keeps their order is a form the message takes; few parts only.
        ``filter(None, [msg, details])`` keeps the same parts (the truthy ones)."""
        shown = _filtered_none(arg)
        if shown is not None:
            return self.kept_parts(sep, shown, env, frame)
        if not isinstance(arg, _T_GENERATOREXP_LISTCOMP) or len(arg.generators) != 1:
            return None
        gen = arg.generators[0]
        target, it = gen.target, gen.iter
        if not (
            isinstance(target, ast.Name)
            and isinstance(arg.elt, ast.Name)
            and arg.elt.id == target.id
            and isinstance(it, _T_LIST_TUPLE)
            and 1 < len(it.elts) <= _MAX_FILTERED_PARTS
            and not gen.is_async
            and [type(c) for c in gen.ifs] == [ast.Name]
            and isinstance(gen.ifs[0], ast.Name)
            and gen.ifs[0].id == target.id
            and not any(isinstance(x, ast.Starred) for x in it.elts)
        ):
            return None
        return self.kept_parts(sep, it.elts, env, frame)

    def kept_parts(self, sep: Value, elts: Sequence[ast.expr], env: Env, frame: Frame) -> Value:
        """The parts of a filtered join, each present or left out with its separator."""
        # a part's falsy variants (``None``, ``""``) are the forms that leave it out; a part
        # that always prints something (text, a ``repr()``) is never left out
        shown = [self.eval_msg(x, env, frame) for x in elts]
        kept = sum(1 << i for i, v in enumerate(shown) if all(_never_empty(x) for x in v))
        parts = [tuple(v for v in p if not _falsy(v)) or lit("") for p in shown]
        forms = [
            join_values(sep, [parts[i] for i in range(len(parts)) if mask >> i & 1])
            for mask in range((1 << len(parts)) - 1, 0, -1)
            if mask & kept == kept
        ]
        return union(*forms)

    def str_format(self, call: ast.Call, func: ast.Attribute, env: Env, frame: Frame) -> Value:
        """``text.format(...)``: applied now, or kept to apply once the parts are known."""
        base = self.eval_msg(func.value, env, frame)
        args, kwargs = self.call_args(call, env, frame)
        star = _init_vararg(frame)
        if star is not None and any(a.text == f"*{star}" for a in args):
            # ``"{0} out of {1}".format(*args)`` in ``__init__(self, *args)``: filled by the
            # arguments a raise passes
            return ((Op("format", base, args, kwargs, self.src(call)),),)
        if not value_has_literal(base) and len(base) == 1 and len(base[0]) == 1:
            # ``self.fmt.format(**kwargs)``: formatted once the format's text is known
            return ((Op("format", base, args, kwargs, self.src(call)),),)
        return apply_format(base, args, dict(kwargs), "")

    def call_of_method(self, call: ast.Call, func: ast.Attribute, env: Env, frame: Frame) -> Value | None:
        """String methods on message text: ``format``, ``join``, ``strip``."""
        attr = func.attr
        same = _same_text(call, func)
        if same is not None:
            return self.eval_msg(same, env, frame)
        if attr == "__str__" and isinstance(func.value, ast.Call) and _last_name(func.value.func) == "super":
            return ph(SUPER_STR)  # the base class's printed form
        if attr == "__str__" and _base_printer_call(call, func, frame.self_name):
            # ``Exception.__str__(self)``: the named class's printer, which skips the overrides
            # between it and the class (neo4j's ``DriverError`` undoes ``GqlError``'s this way)
            return ph(_last_name(func.value) + NAMED_STR)
        if attr == "format" and (
            self.is_stringy(func.value, env) or isinstance(func.value, _T_NAME_ATTRIBUTE)
        ):
            return self.str_format(call, func, env, frame)
        if attr == "join" and len(call.args) == 1 and self.is_stringy(func.value, env):
            return self.str_join(call, func.value, env, frame)
        dedented = isinstance(func.value, ast.Call) and _dedents_param(func.value, frame)
        if attr in ("strip", "rstrip", "lstrip") and (
            self.is_stringy(func.value, env)
            or _is_param(func.value, frame)
            or _holds_param(func.value, env, frame)
            or _method_text(func.value, env)
            or dedented
        ):
            chars = call.args[0] if call.args else None
            if chars is not None and not (isinstance(chars, ast.Constant) and isinstance(chars.value, str)):
                return self.eval_msg(func.value, env, frame)
            strip = chars.value if isinstance(chars, ast.Constant) and isinstance(chars.value, str) else None
            text = self.eval_msg(func.value, env, frame)
            if dedented:
                # the caller's text, dedented and then stripped, once it is known
                args = () if strip is None else (Arg(repr(strip), lit(strip)),)
                return ((Op(attr, text, args, (), self.src(call)),),)
            if strip is not None and len(text) == 1 and len(text[0]) == 1 and isinstance(text[0][0], Ph):
                # ``message.rstrip('.')`` of a parameter: stripped once the caller's text is known
                return ((Op(attr, text, (Arg(repr(strip), lit(strip)),), (), self.src(call)),),)
            return strip_ends(text, strip, attr != "rstrip", attr != "lstrip")
        if attr in AFFIX_METHODS or attr in CASE_METHODS:
            return self.reshaped(call, func, env, frame)
        return None

    def str_join(self, call: ast.Call, owner: ast.expr, env: Env, frame: Frame) -> Value:
        """``sep.join(items)`` of message text: a literal list, a printer's own arguments, a
        generator method's pieces, rows, the parts that are not empty, or the items of a list."""
        sep = self.eval_msg(owner, env, frame)
        arg = call.args[0]
        if isinstance(arg, _T_LIST_TUPLE):
            return join_values(sep, [self.eval_msg(x, env, frame) for x in arg.elts])
        own = self.own_args_join(sep, arg, env, frame)
        if own is not None:
            return own
        source = join_source(arg, frame.self_name) if frame.printed is not None else None
        if source is not None and len(sep) == 1 and all(isinstance(x, str) for x in sep[0]):
            # ``", ".join(str(u) for u in self.pieces())``: the pieces the method yields,
            # apart, joined by the separator once the class raised is known
            shown = "".join(x for x in sep[0] if isinstance(x, str))
            return joined_by(self.eval_msg(source, env, frame), shown, self.src(call))
        mapped = self.rendered_items(arg, env, frame)
        if mapped is not None:
            return _join_items(sep, mapped)
        if isinstance(arg, _T_GENERATOREXP_LISTCOMP) and self.is_stringy(arg.elt, _comp_env(arg, env)):
            # a table or bullet list: one row as written, then whatever rows follow
            row = self.eval_msg(arg.elt, _comp_env(arg, env), frame)
            return concat(row, ph("..."))
        kept = self.filtered_join(sep, arg, env, frame)
        if kept is not None:
            return kept
        items = self.list_items(arg, env, frame)
        if items is not None:
            return _joined_lists(sep, items, self.src(call))
        return ph(self.src(call))

    def reshaped(self, call: ast.Call, func: ast.Attribute, env: Env, frame: Frame) -> Value | None:
        """``s.removeprefix("Error: ")``, ``s.capitalize()``, ``s.lower()``: a method that
        reshapes message text, applied to its literal text; a placeholder passes through under
        its own name (``e.lower()`` is ``{e}``). A parameter's text, or a variable holding one
        reshaped already, is reshaped once the caller's text is known."""
        attr = func.attr
        want = 1 if attr in AFFIX_METHODS else 0
        if len(call.args) != want or call.keywords:
            return None
        node = call.args[0] if call.args else None
        affix = node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None
        if node is not None and affix is None:
            return None
        if not (self.is_stringy(func.value, env) or isinstance(func.value, _T_NAME_ATTRIBUTE)):
            return None
        text = self.eval_msg(func.value, env, frame)
        arg = affix
        if len(text) == 1 and len(text[0]) == 1 and isinstance(text[0][0], _T_PH_OP):
            inner = text[0][0]
            if isinstance(inner, Ph) and not _is_param(func.value, frame):
                return text  # ``e.lower()``, ``self.detail.strip()``: the same unknown text
            args = (Arg(repr(arg), lit(arg)),) if arg is not None else ()
            return ((Op(attr, text, args, (), inner.name),),)
        return str_method(text, attr, arg)

    # ------------------------------------------------------------ warn / log calls

    def scan_header(self, stmt: ast.stmt, env: Env, frame: Frame, guards: list[Guard]) -> None:
        """Find warn/log calls in the expressions a statement evaluates itself (not its body)."""
        flag = self.flag
        i = bisect_left(flag, stmt.lineno)
        if i == len(flag):  # no flagged line from here on (in most files, none at all)
            return
        body = getattr(stmt, "body", None)
        end = (body[0].lineno - 1) if isinstance(body, list) and body else (stmt.end_lineno or stmt.lineno)
        if flag[i] > end:
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
            if type(n) is ast.Call:
                self.check_call(n, env, frame, guards, q)
            elif type(n) is ast.Lambda:
                q = "<lambda>" if frame.kind == "module" and q == "<module>" else f"{q}.<locals>.<lambda>"
            stack.extend((c, q) for c in reversed(child_nodes(n)))

    def check_call(self, call: ast.Call, env: Env, frame: Frame, guards: list[Guard], qual: str) -> None:
        func = call.func
        if isinstance(func, ast.Attribute):
            name = func.attr
            recv = _last_name(func.value).lower()
            if "log" in recv and (name in LOG_METHODS or name == "log"):
                self.on_log(call, name, env, frame, guards, qual)
                return
            if name in REPORTER_METHODS and recv.endswith("reporter"):
                self.on_log(call, name, env, frame, guards, qual, REPORTER_METHODS[name])
                return
        elif isinstance(func, ast.Name):
            name = func.id
            if name in self.log_aliases:
                self.on_log(call, self.log_aliases[name], env, frame, guards, qual)
                return
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
            dotted = _dotted(cat_node) or ""
            if dotted.rpartition(".")[2][:1].isupper():
                category, key = dotted, self.expr_key(cat_node, frame)
            elif (held := self.held_warning(cat_node, frame)) is not None:
                category, key = held
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

    def held_warning(self, cat_node: ast.expr, frame: Frame) -> tuple[str, str | None] | None:
        """``category=self.category`` where the class's ``__init__`` stores a parameter that
        defaults to ``DeprecationWarning``: the default is the category a user sees unless they
        configured another, as for an exception class held the same way."""
        held = self.held_class(cat_node, frame)
        if held is None or not held.endswith("Warning"):
            return None
        return held, self.dotted_key(held, frame)

    def on_log(
        self,
        call: ast.Call,
        method: str,
        env: Env,
        frame: Frame,
        guards: list[Guard],
        qual: str,
        level_of_method: str | None = None,
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
            level = level_of_method or LOG_METHODS[method]
        kw = {k.arg: k.value for k in call.keywords if k.arg}
        msg_node = args[0] if args else kw.get("msg")
        if msg_node is None:
            return
        msg = self.eval_msg(msg_node, env, frame)
        # a logger formats its message with the arguments after it; a reporter's are the
        # message's child nodes (``nodes.literal_block(...)``), which its text does not hold
        lazy = args[1:] if level_of_method is None else []
        if lazy:
            rhs: ast.expr = lazy[0] if len(lazy) == 1 and isinstance(lazy[0], ast.Dict) else ast.Tuple(lazy)
            if value_has_literal(msg):
                msg = self.eval_percent(msg, rhs, env, frame)
            elif (part := _lone_part(msg)) is not None and not isinstance(part, str):
                # ``logger.error(UNKNOWN_TASK, name)``: a constant defined elsewhere, formatted
                # with the arguments once its text is known, as ``UNKNOWN_TASK % (name,)`` is
                binop = ast.copy_location(ast.BinOp(left=msg_node, op=ast.Mod(), right=rhs), call)
                msg = ((self.deferred_percent(msg, binop, env, frame),),)
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
        yielded: bool = False,
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
        # only a line holding a ``#`` can have a comment (``comment`` says None for the others):
        # the window's lines are tested here, and ``comment`` called for those alone
        comments: list[str] = []
        lines = self.lines
        for i in range(max(1, scope_start, line - COMMENT_LOOKBACK), min(end, nlines) + 1):
            if "#" in lines[i - 1]:
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
                frame.class_key if frame.self_name else None,
                frame.self_name,
                yielded,
                outer=frame.outer,
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
            if isinstance(node, _DEFINITIONS):
                frame.doc = doc_of(node)
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
        if type(node) is ast.Name:
            return node.id
        key = id(node)
        cached = self.src_cache.get(key)
        if cached is not None:
            return cached[1]
        text = _dotted(node) if type(node) is ast.Attribute else None
        if text is None:
            text = self.seg(node)
            if len(text) > 200:
                text = text[:197] + "..."
        if getattr(node, "lineno", None) is not None:
            self.src_cache[key] = (node, text)
        return text

    def seg(self, node: ast.AST) -> str:
        """Source text of a node as written (single line), or unparsed when it spans lines
        (once per node: a guard's test is often a placeholder's text too)."""
        lineno: int | None = getattr(node, "lineno", None)
        end: int | None = getattr(node, "end_lineno", None)
        if lineno is None or end != lineno or lineno > len(self.lines):
            done = self.unparsed.get(id(node))
            if done is not None:
                return done[1]
            text = _unparse(node)
            self.unparsed[id(node)] = (node, text)
            return text
        line = self.lines[lineno - 1]
        col: int = getattr(node, "col_offset", 0)
        end_col: int | None = getattr(node, "end_col_offset", None)
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
            assert isinstance(node, _T_FOR_ASYNCFOR)
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
            assert isinstance(node, _T_WITH_ASYNCWITH)
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


def _base_printer_call(call: ast.Call, func: ast.Attribute, self_name: str | None) -> bool:
    """``Exception.__str__(self)``: a class's printer called on the object itself."""
    return (
        self_name is not None
        and _last_name(func.value)[:1].isupper()
        and len(call.args) == 1
        and isinstance(call.args[0], ast.Name)
        and call.args[0].id == self_name
    )


def _distinct(specs: Sequence[ExcSpec]) -> tuple[ExcSpec, ...]:
    """``specs`` without repeats (they compare, but do not hash), at most ``MAX_VARIANTS``."""
    out: list[ExcSpec] = []
    for s in specs:
        if s not in out:
            out.append(s)
    return tuple(out[:MAX_VARIANTS])


def _sole_name_arg(exc: ast.expr) -> str | None:
    """``Wrapper(name)``: the variable that is a call's one argument (a list collecting errors?)."""
    if isinstance(exc, ast.Call) and len(exc.args) == 1 and not exc.keywords:
        arg = exc.args[0]
        return arg.id if isinstance(arg, ast.Name) else None
    return None


def _init_attr_classes(node: ast.ClassDef) -> dict[str, str]:
    """``self.<attr> = Cls(...)`` statements of a class's ``__init__`` (not nested in another def):
    attribute -> the class as written. An attribute assigned two different classes is left out."""
    out: dict[str, str] = {}
    seen: set[str] = set()
    for stmt in node.body:
        if not isinstance(stmt, ast.FunctionDef) or stmt.name != "__init__" or not stmt.args.args:
            continue
        me = stmt.args.args[0].arg
        todo: list[ast.stmt] = list(stmt.body)
        while todo:
            st = todo.pop()
            if isinstance(st, _T_IF_WITH_TRY_FOR_WHILE):
                todo.extend(x for x in ast.iter_child_nodes(st) if isinstance(x, ast.stmt))
                continue
            if not isinstance(st, ast.Assign) or not isinstance(st.value, ast.Call):
                continue
            cls = _dotted(st.value.func)
            for t in st.targets:
                if not (isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == me):
                    continue
                if t.attr in seen and out.get(t.attr) != cls:
                    out.pop(t.attr, None)
                elif cls is not None and cls.rpartition(".")[2][:1].isupper():
                    out[t.attr] = cls
                seen.add(t.attr)
    return out


_EXC_SUFFIXES = ("Error", "Exception", "Exc", "Warning")


def _exc_class_name(node: ast.expr | None) -> str | None:
    """``RetryError`` or ``errors.RetryError`` written as a value: a class named like an exception."""
    dotted = _dotted(node) if node is not None else None
    if dotted is None:
        return None
    last = dotted.rpartition(".")[2]
    return dotted if last[:1].isupper() and last.endswith(EXC_SUFFIXES) else None


def _held_classes(node: ast.ClassDef) -> dict[str, str]:
    """Attributes of a class that hold an exception class: ``attr = Cls`` in its body, and
    ``self.attr = param`` in its ``__init__`` where ``param`` defaults to ``Cls``. A caller may
    configure another class; the default is the one a traceback shows unless it did."""
    out: dict[str, str] = {}
    for stmt in node.body:
        if isinstance(stmt, _T_ASSIGN_ANNASSIGN) and stmt.value is not None:
            cls = _exc_class_name(stmt.value)
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            for t in targets:
                if cls is not None and isinstance(t, ast.Name):
                    out[t.id] = cls
        if not isinstance(stmt, ast.FunctionDef) or stmt.name != "__init__" or not stmt.args.args:
            continue
        a = stmt.args
        positional = (*a.posonlyargs, *a.args)
        defaults: dict[str, ast.expr | None] = {
            p.arg: d for p, d in zip(positional[len(positional) - len(a.defaults) :], a.defaults, strict=True)
        }
        defaults.update((p.arg, d) for p, d in zip(a.kwonlyargs, a.kw_defaults, strict=True))
        me = a.args[0].arg
        for st in stmt.body:  # top-level statements only: a branch may assign another class
            if not (isinstance(st, ast.Assign) and isinstance(st.value, ast.Name)):
                continue
            cls = _exc_class_name(defaults.get(st.value.id))
            for t in st.targets:
                if (
                    cls is not None
                    and isinstance(t, ast.Attribute)
                    and isinstance(t.value, ast.Name)
                    and t.value.id == me
                ):
                    out[t.attr] = cls
    return out


# the fields of a node that hold statements (a block, ``except`` handlers, ``match`` cases)
_BLOCK_FIELDS = ("body", "orelse", "finalbody", "handlers", "cases")


def _raised_names(node: ast.AST) -> frozenset[str]:
    """The names raised by a ``raise NAME`` (or ``raise NAME.with_traceback(tb)``) anywhere under
    ``node`` (the set ``ast.walk`` finds).

    A ``raise`` is a statement, and no expression holds a statement (a lambda's body is an
    expression), so only the blocks are walked: ~7% of the nodes ``ast.walk`` visits in a
    function, and a plain loop instead of its generators (0.27 -> 0.02 s CPU on jax's ~900
    functions whose names are looked up here)."""
    found: set[str] = set()
    todo: list[Any] = [node]
    pop, extend = todo.pop, todo.extend
    while todo:
        n = pop()
        if type(n) is ast.Raise:
            # (``raise err.with_traceback(tb)`` raises ``err`` too)
            raised = _strip_traceback(n.exc) if n.exc is not None else None
            if isinstance(raised, ast.Name):
                found.add(raised.id)
            continue
        if type(n) is ast.Expr and type(call := n.value) is ast.Call:
            # ``fut.set_exception(err)`` raises ``err`` as ``raise err`` does (``thrown``)
            func, args = call.func, call.args
            if type(func) is ast.Attribute and func.attr in _THROWS and args and type(args[0]) is ast.Name:
                found.add(args[0].id)
            continue
        for name in _BLOCK_FIELDS:
            block = getattr(n, name, None)
            if type(block) is list:  # a lambda's or a conditional expression's ``body`` is not
                extend(block)
    return frozenset(found)


def _taken(box: ExcListVal) -> ExcVal | None:
    """An item of a container of exceptions: any exception made and stored there, beside the
    item's own open record (as before the container was followed): one caught and appended
    (``exceptions.append(e)``) or extended onto it (``exceptions.extend(these)``, pytest's
    teardown) is made elsewhere, and the walk does not follow every way a list grows. None when
    the container holds no exception made here."""
    made = [s for s in box.specs[:MAX_VARIANTS] if not s.opaque]
    if not made:
        return None
    return ExcVal(made[0], tuple(made[1:]), open=True)


def _box_item(node: ast.expr | None) -> str | None:
    """``errors[k]`` or ``errors.pop(...)``: the container's name; else None."""
    if type(node) is ast.Subscript:
        box = node.value
    elif type(node) is ast.Call and type(node.func) is ast.Attribute and node.func.attr == "pop":
        box = node.func.value
    else:
        return None
    return box.id if type(box) is ast.Name else None


def _raised_boxes(node: ast.AST, raised: frozenset[str]) -> frozenset[str]:
    """The containers an item of which the function raises: ``raise errors[-1]``, or ``exc =
    errors[max(errors)]`` of a name it raises (``raised``). A block walk, as ``_raised_names``."""
    found: set[str] = set()
    todo: list[Any] = [node]
    pop, extend = todo.pop, todo.extend
    while todo:
        n = pop()
        t = type(n)
        if t is ast.Raise:
            box = _box_item(_strip_traceback(n.exc) if n.exc is not None else None)
            if box is not None:
                found.add(box)
            continue
        if t is ast.Assign:
            if any(type(x) is ast.Name and x.id in raised for x in n.targets) and (box := _box_item(n.value)):
                found.add(box)
            continue
        for name in _BLOCK_FIELDS:
            block = getattr(n, name, None)
            if type(block) is list:
                extend(block)
    return frozenset(found)


_MAX_EXC_RETURNS = 4  # a factory's exception returns kept beyond the first
_MAX_RECORDS = 256  # module- or class-level records of a text and a class kept per module
_MAX_BUILT = 256  # objects built with a literal text kept per module (``note_built``)
_MAX_BUILT_NODES = 64  # expressions one assigned value is searched in for them
_MAX_FIELDS = 32  # fields of a record type read
# classes kept per callee slot passed (``note_passed_maps``), and named by one annotation
_MAX_PASSED = 32
_MAX_ANNOTATED = 8
# the arguments that may be a class or a mapping of classes (a name, ``mod.Cls``, a dict literal,
# ``make_map()``): any other is passed over without resolving the callee
_MAY_HOLD_CLASSES = frozenset((ast.Name, ast.Attribute, ast.Dict, ast.Call))
_MAX_RETURNED = 2  # calls a raised local is bound from, each resolved to what its function returns
_MAX_ITEMS = 8  # items of a list or tuple literal argument kept for a later ``*args[0]``


def _copied_class(name: str, frame: Frame) -> str | None:
    """``err = copy.copy(e)`` (or ``copy(e)``, ``deepcopy(e)``) where ``e`` is an exception an
    ``except ... as e`` of this function caught: the class copied, as written (the
    ``isinstance(e, K)`` test the copy is made under, else the ``except`` clause's one class).
    None for any other binding, or when no one class is written."""
    if not isinstance(frame.node, _T_FUNCTIONDEF_ASYNCFUNCTIONDEF):
        return None
    for value in frame.bound_from(name):
        if not (
            type(value) is ast.Call
            and len(value.args) == 1
            and not value.keywords
            and isinstance(value.args[0], ast.Name)
            and _copy_call(value.func)
        ):
            continue
        caught = value.args[0].id
        # the function's own ``except`` clauses, from the walk ``bound_from`` read (an ancestor
        # before the clauses nested in it, as in source order)
        for handler in frame.body()[0]:
            if type(handler) is ast.ExceptHandler and handler.name == caught:
                found = _copy_guard(handler.body, value, caught)
                if found is None:
                    continue
                cls = found or handler.type
                return ast.unparse(cls) if isinstance(cls, _T_NAME_ATTRIBUTE) else None
    return None


def _relayed_class(exc: ast.expr, frame: Frame) -> tuple[str, list[ast.stmt]] | None:
    """``raise K(e.msg, ...)`` (or ``K(e.message)``, ``K(e.args[0])``) where
    ``e`` is an exception of class K an ``except K as e`` of this function caught, named
    directly or kept in a local bound from it (``caught = e`` ... after the ``try``: ``raise
    K(caught.msg, caught.pattern, caught.pos)``): a new exception of the caught one's class
    with its text, so whatever raised the caught one prints again from here, where the trail
    starts (the caught one is no ``__context__`` once its handler is left). K as written, the
    same in the raise and the clause, with the body of the ``try`` the clause belongs to;
    None for anything else (another class takes the text, a ``copies_text`` raise, whose texts
    the caught class's raises give when they are few)."""
    if not (type(exc) is ast.Call and exc.args and isinstance(frame.node, _T_FUNCTIONDEF_ASYNCFUNCTIONDEF)):
        return None
    held = _text_holder(exc.args[0])
    if held is None or not isinstance(exc.func, _T_NAME_ATTRIBUTE):
        return None
    cls = ast.unparse(exc.func)
    names = {held} | {v.id for v in frame.bound_from(held) if isinstance(v, ast.Name)}
    for node in frame.body()[0]:
        if type(node) is not ast.Try:
            continue
        for handler in node.handlers:
            if (
                handler.name in names
                and isinstance(handler.type, _T_NAME_ATTRIBUTE)
                and ast.unparse(handler.type) == cls
            ):
                return cls, node.body
    return None


_TEXT_ATTRS = frozenset({"msg", "message"})  # an exception's attributes holding its whole text


def _text_holder(arg: ast.expr) -> str | None:
    """The name whose whole text ``arg`` reads: ``e.msg``, ``e.message``, ``e.args[0]``; None
    for any other expression. Not ``str(e)``: that is what the class's ``__str__`` makes of the
    text (``KeyError`` quotes it, a parse error adds its position), a text of its own."""
    if type(arg) is ast.Attribute and arg.attr in _TEXT_ATTRS and type(arg.value) is ast.Name:
        return arg.value.id
    if (
        type(arg) is ast.Subscript
        and type(arg.slice) is ast.Constant
        and arg.slice.value == 0
        and type(arg.value) is ast.Attribute
        and arg.value.attr == "args"
        and type(arg.value.value) is ast.Name
    ):
        return arg.value.value.id
    return None


def _copy_call(func: ast.expr) -> bool:
    """``copy.copy``, ``copy.deepcopy``, or either imported by name."""
    if isinstance(func, ast.Attribute):
        return func.attr in _COPIES and isinstance(func.value, ast.Name) and func.value.id == "copy"
    return isinstance(func, ast.Name) and func.id in _COPIES


_COPIES = ("copy", "deepcopy")


def _copy_guard(body: Sequence[ast.stmt], value: ast.expr, caught: str) -> ast.expr | Literal[False] | None:
    """Where ``value`` sits in an ``except`` body: under ``if isinstance(caught, K):`` (K,
    the innermost such test), else directly (False); None when it is not in ``body``."""
    for stmt in body:
        if isinstance(stmt, ast.If):
            inner = _copy_guard(stmt.body, value, caught)
            if inner is not None:
                return inner or _isinstance_class(stmt.test, caught) or False
            inner = _copy_guard(stmt.orelse, value, caught)
            if inner is not None:
                return inner
        elif isinstance(stmt, _T_SCOPES):
            continue
        elif any(n is value for n in ast.walk(stmt)):
            return False
    return None


def _isinstance_class(test: ast.expr, name: str) -> ast.expr | None:
    """K of ``isinstance(name, K)`` with K one class as written."""
    call = _named_call(test, "isinstance", 2)
    if (
        call is not None
        and isinstance(call.args[0], ast.Name)
        and call.args[0].id == name
        and isinstance(call.args[1], _T_NAME_ATTRIBUTE)
    ):
        return call.args[1]
    return None


_ITERATORS = frozenset(
    {"Iterator", "Iterable", "Generator", "AsyncIterator", "AsyncIterable", "AsyncGenerator"}
)


def _iterated_class(ann: ast.expr | None) -> str | None:
    """``Iterator[ValidationError]`` (``typing.``/``collections.abc.`` too): the item class as
    written, or None for another annotation."""
    if not isinstance(ann, ast.Subscript) or _last_name(ann.value) not in _ITERATORS:
        return None
    item = ann.slice.elts[0] if isinstance(ann.slice, ast.Tuple) and ann.slice.elts else ann.slice
    return _dotted(item)


def _binding_calls(name: str, frame: Frame) -> tuple[str, ...]:
    """The functions called (by their last name) where ``name`` is bound in the function:
    ``for name in self.iter_errors(x)``, ``name = best_match(v.iter_errors(x))``, ``name =
    next(gen, None)``. Nested definitions are not looked into; the walk is bounded."""
    if not isinstance(frame.node, _T_FUNCTIONDEF_ASYNCFUNCTIONDEF):
        return ()
    found: dict[str, None] = {}
    for source in frame.bound_from(name):
        for sub in ast.walk(source):
            if isinstance(sub, ast.Call):
                found.setdefault(_last_name(sub.func), None)
    return tuple(k for k in found if k)


def _bound_values(nodes: list[ast.AST]) -> dict[str, list[ast.expr]]:
    """Each local's binding values among a function's body nodes, in their order: one walk's
    index for every ``raise name`` of the function, instead of a walk per raise."""
    out: dict[str, list[ast.expr]] = {}
    value: ast.expr | None
    binders = _BINDS_VALUE
    for n in nodes:
        if type(n) not in binders:  # most nodes: one set lookup (a parsed tree has no subclasses)
            continue
        if type(n) is ast.For or type(n) is ast.AsyncFor or type(n) is ast.comprehension:
            target, value = n.target, n.iter
        elif type(n) is ast.NamedExpr or type(n) is ast.AnnAssign:
            target, value = n.target, n.value
        elif type(n) is ast.Assign:
            names = {t.id: None for t in n.targets if isinstance(t, ast.Name)}
            for k in names:  # ``a = b = f()``: the value once for each name
                out.setdefault(k, []).append(n.value)
            continue
        else:
            continue
        if isinstance(target, ast.Name) and value is not None:
            out.setdefault(target.id, []).append(value)
    return out


def _vararg_local(cur: EnvVal, frame: Frame) -> Value | None:
    """A local holding one positional argument of an ``__init__(self, *args)`` (``name =
    args[1]``): shown as that argument, which a raise of the class fills in."""
    star = _init_vararg(frame)
    if star is None or not (isinstance(cur, tuple) and len(cur) == 1 and len(cur[0]) == 1):
        return None
    part = cur[0][0]
    if isinstance(part, Ph) and part.name.startswith(star + "[") and not part.r:
        return cur
    return None


def _helper_local(cur: EnvVal, name: str) -> Value | None:
    """``label = path_type_name(info)`` then ``f"{label} ..."``: the local holds what a function
    of the codebase returns, resolved like the call written in place (a helper's closed set of
    words, or its worded clauses, are variants of the message) but named by the local when its
    text stays unknown, as a variable interpolated into a message always was."""
    if not (isinstance(cur, tuple) and len(cur) == 1 and len(cur[0]) == 1):
        return None
    part = cur[0][0]
    if not (isinstance(part, Ref) and part.call and not part.method):
        return None
    return ((part._replace(name=name),),)


def _returns_name(node: ast.AST | None, name: str) -> bool:
    """Whether the function ``node`` has a ``return name`` (nested definitions aside)."""
    if not isinstance(node, _T_FUNCTIONDEF_ASYNCFUNCTIONDEF):
        return False
    todo: list[ast.AST] = list(node.body)
    while todo:
        n = todo.pop()
        if type(n) is ast.Return and type(n.value) is ast.Name and n.value.id == name:
            return True
        if not isinstance(n, _T_FUNCTIONDEF_ASYNCFUNCTIONDEF_CLASSDEF_LAMBDA):
            todo.extend(child_nodes(n))
    return False


def _exc_exit(frame: Frame, spec: ExcSpec) -> None:
    """One more exception a factory returns: the first, then a bounded few others."""
    if frame.exc_return is None:
        frame.exc_return = spec
    elif spec != frame.exc_return and len(frame.exc_more) < _MAX_EXC_RETURNS:
        frame.exc_more.append(spec)


def _compared_attr(body: Sequence[ast.stmt], name: str) -> str | None:
    """The attribute of ``name`` a test in ``body`` compares for equality (``cls.error ==
    error``, ``code in (cls.code, ...)`` aside), the first one found; None when none is."""
    for stmt in body:
        for node in ast.walk(stmt):
            if type(node) is not ast.Compare or not all(type(op) is ast.Eq for op in node.ops):
                continue
            for side in (node.left, *node.comparators):
                if type(side) is ast.Attribute and type(side.value) is ast.Name and side.value.id == name:
                    return side.attr
    return None


def _joined_types(a: TypesVal, b: TypesVal) -> TypesVal:
    """The classes either value may hold."""
    return TypesVal(tuple(dict.fromkeys((*a.entries, *b.entries))), tuple(dict.fromkeys((*a.refs, *b.refs))))


def _type_params(frame: Frame) -> frozenset[str]:
    """The function's parameters annotated to hold classes (``exception: type[E] | None``),
    worked out once per function: most calls hand on some parameter, few of them such a one.
    Read as ``annotated_types`` reads an annotation (``Frame.class_params`` takes a bare
    ``type[E]`` only, and a class default too, which is no caller's class)."""
    if frame.type_params is None:
        fn = frame.node
        args = fn.args if isinstance(fn, _T_FUNCTIONDEF_ASYNCFUNCTIONDEF) else None
        every = (*args.posonlyargs, *args.args, *args.kwonlyargs) if args is not None else ()
        frame.type_params = frozenset(
            a.arg for a in every if a.annotation is not None and _type_annotated(a.annotation)
        )
    return frame.type_params


def _param_annotation(name: str, frame: Frame) -> ast.expr | None:
    """The annotation of the function's parameter ``name`` (None: none, or no function)."""
    fn = frame.node
    if not isinstance(fn, _T_FUNCTIONDEF_ASYNCFUNCTIONDEF):
        return None
    args = fn.args
    return next(
        (a.annotation for a in (*args.posonlyargs, *args.args, *args.kwonlyargs) if a.arg == name), None
    )


_MAX_FAILING = 16  # statements of a ``try`` body looked through for the one that failed


def _failing_statement(body: Sequence[ast.stmt]) -> ast.stmt | None:
    """The statement of a ``try`` body a re-raised error's traceback ends on: the one statement
    that calls something (a ``with`` header counts, an ``if``'s test does not: the branches are
    looked into), else the first ``with`` header that does (opening a resource, where an
    ``OSError`` comes from); None when that is not known (a bounded walk, in order)."""
    calls: list[ast.stmt] = []
    todo = list(body)
    while todo and len(calls) < _MAX_FAILING:
        s = todo.pop(0)
        if isinstance(s, _T_WITHS):
            if any(isinstance(n, ast.Call) for i in s.items for n in ast.walk(i.context_expr)):
                calls.append(s)
            todo[:0] = s.body
        elif isinstance(s, _T_BLOCKS):
            todo[:0] = [*s.body, *s.orelse]
        elif not isinstance(s, _T_SCOPES) and any(isinstance(n, ast.Call) for n in ast.walk(s)):
            calls.append(s)
    if len(calls) == 1:
        return calls[0]
    return next((s for s in calls if isinstance(s, _T_WITHS)), None)


def _keyed_by_class(key: ast.expr) -> bool:
    """A lookup key that is a class or a class's name: ``exc_type.__name__``,
    ``type(e).__name__``, ``type(e)``, ``e.__class__``."""
    if isinstance(key, ast.Attribute) and key.attr == "__name__":
        return True
    return _remade_name(key) is not None


def _init_slot(init: ast.FunctionDef, attr: str, class_key: str) -> str | None:
    """``CLASS(POS:NAME)``: the parameter of ``init`` that its top-level ``self.<attr> = NAME``
    stores as given, by its position after ``self`` (-1 for a keyword-only one); None when no
    such statement sets the attribute, or the parameter has a default (``exc=UndefinedError``:
    the class most calls leave it, which the raise's other readings take)."""
    positional = [a.arg for a in (*init.args.posonlyargs, *init.args.args)]
    if not positional:
        return None
    me, rest = positional[0], positional[1:]
    required = positional[: len(positional) - len(init.args.defaults)]
    kwonly = init.args.kwonlyargs
    names = {*required[1:], *(a.arg for a, d in zip(kwonly, init.args.kw_defaults, strict=True) if d is None)}
    for stmt in init.body:
        if (
            isinstance(stmt, ast.Assign)
            and len(stmt.targets) == 1
            and isinstance(t := stmt.targets[0], ast.Attribute)
            and t.attr == attr
            and isinstance(t.value, ast.Name)
            and t.value.id == me
            and isinstance(stmt.value, ast.Name)
            and stmt.value.id in names
        ):
            name = stmt.value.id
            return f"{class_key}({rest.index(name) if name in rest else -1}:{name})"
    return None


def _param_ref(name: str, frame: Frame) -> str | None:
    """``FUNC(POS:NAME)``: the slot of the function's parameter ``name`` (its position among
    the positional parameters after ``self``/``cls``, -1 for a keyword-only one), by which the
    parent finds what the callers pass there (``Resolver.passed_classes``)."""
    fn = frame.node
    if not isinstance(fn, _T_FUNCTIONDEF_ASYNCFUNCTIONDEF):
        return None
    positional = [a.arg for a in (*fn.args.posonlyargs, *fn.args.args)]
    if frame.self_name is not None or frame.cls_name is not None:
        positional = positional[1:]
    pos = positional.index(name) if name in positional else -1
    return f"{frame.key}({pos}:{name})"


_TYPE_NAMES = frozenset(("type", "Type"))
_UNION_NAMES = frozenset(("Union", "Optional"))
_MAPPING_NAMES = frozenset(("Mapping", "MutableMapping", "dict", "Dict"))


def _type_annotated(ann: ast.expr | None, inside: bool = False) -> list[str]:
    """The classes an annotation names inside ``type[...]``: ``type[A | B] | dict`` -> A, B;
    ``Type[Union[A, B]]``; ``Mapping[int, Type[X]]`` -> X (a mapping's values, not its keys)."""
    if isinstance(ann, ast.BinOp) and isinstance(ann.op, ast.BitOr):
        return [*_type_annotated(ann.left, inside), *_type_annotated(ann.right, inside)]
    if isinstance(ann, ast.Subscript):
        head = _last_name(ann.value)
        elts = ann.slice.elts if isinstance(ann.slice, ast.Tuple) else [ann.slice]
        if head in _TYPE_NAMES and not inside:
            return [c for e in elts for c in _type_annotated(e, True)]
        if head in _UNION_NAMES:
            return [c for e in elts for c in _type_annotated(e, inside)]
        if head in _MAPPING_NAMES and not inside and len(elts) == 2:
            return _type_annotated(elts[1])
        return []
    dotted = _dotted(ann) if inside and isinstance(ann, _T_NAME_ATTRIBUTE) else None
    return [dotted] if dotted is not None and dotted.rpartition(".")[2][:1].isupper() else []


def _returns_exception(frame: Frame) -> bool:
    """A function that builds an exception for its caller to raise: it takes the class as a
    parameter, or its return annotation names an exception-like class."""
    if frame.class_params:
        return True
    node = frame.node
    if not isinstance(node, _T_FUNCTIONDEF_ASYNCFUNCTIONDEF):
        return False
    ret = _annotated_class(node.returns)
    return ret is not None and ret.rpartition(".")[2].endswith(_EXC_SUFFIXES)


def _with_redefined(
    more: tuple[ExcSpec, ...], info: FuncInfo, earlier: FuncInfo | None
) -> tuple[ExcSpec, ...]:
    """A factory defined again under the same name (``if PYPY: ... else: ...``, a class whose
    body differs with an optional dependency, each branch overriding ``_not_implemented``):
    which definition runs depends on the installation, so the exceptions the earlier one
    returns stay beside this one's (capped), for its callers to raise."""
    if earlier is None or earlier.exc is None or info.exc is None:
        return more
    return (*more, earlier.exc, *earlier.exc_more)[:_MAX_EXC_RETURNS]


def _default_exc_classes(a: ast.arguments, class_params: frozenset[str]) -> dict[str, str]:
    """Class-holding parameters whose default is an exception class (``exception_type=
    CheckedValueTypeError``): what ``raise exception_type(...)`` builds for every caller that
    keeps the default, the class a traceback then shows."""
    if not class_params:
        return {}  # (most functions take no class)
    positional = [*a.posonlyargs, *a.args]
    pairs = [
        *zip(positional[len(positional) - len(a.defaults) :], a.defaults, strict=True),
        *((p, d) for p, d in zip(a.kwonlyargs, a.kw_defaults, strict=True) if d is not None),
    ]
    out: dict[str, str] = {}
    for arg, d in pairs:
        cls = _exc_class_name(d) if arg.arg in class_params else None
        if cls is not None:
            out[arg.arg] = cls
    return out


def _annotated_class(node: ast.expr | None) -> str | None:
    """The class a parameter annotation names: ``Context``, ``"Context"``, ``Context | None``,
    ``Optional[Context]``; None when it is not one plain (dotted) class name."""
    if node is None:
        return None
    if type(node) is ast.Constant and isinstance(node.value, str):
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


def _calls(line: str, call: str) -> bool:
    """Whether ``line`` holds ``call`` (``name(``) as a name of its own, not the end of a longer
    name or attribute."""
    at = line.find(call)
    while at >= 0:
        before = line[at - 1 : at]
        if not before or not (before.isalnum() or before in "._"):
            return True
        at = line.find(call, at + len(call) - 1)
    return False


# the operations that fill a template in: ``fmt.format(...)``, ``fmt % (...)``, ``fmt % x``
_FILLS = frozenset(("format", "%", "%1"))


# the attribute hooks of a module (type) that warn or raise a registered text when a name is read
_ATTR_HOOKS = frozenset(("__getattr__", "__delattr__"))


def _template_head(node: ast.expr, left: Value, frame: Frame) -> bool:
    """``(self._msg + "\\n  cmdline: %s%s%s") % (...)``: a format made of an attribute of the
    instance (a class-level template a subclass may override, GitPython's ``CommandError._msg =
    "Cmd('%s') failed%s"``) followed by literal text. The attribute's own ``%s`` come first, so
    the values fill the whole format once the attribute is known (deferred, as ``self.fmt %
    x`` is), not the literal's directives alone, which took the first values off by two."""
    if not (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add)):
        return False
    head = node.left
    while isinstance(head, ast.BinOp) and isinstance(head.op, ast.Add):
        head = head.left
    if not (
        isinstance(head, ast.Attribute)
        and isinstance(head.value, ast.Name)
        and head.value.id == frame.self_name
        and frame.class_key is not None
    ):
        return False
    return len(left) == 1 and bool(left[0]) and not isinstance(left[0][0], str)


def _lone_part(v: Value) -> Part | None:
    """The one part of a value that is a single part (a constant or call known only once the
    modules are resolved, when it is not text), else None."""
    return v[0][0] if len(v) == 1 and len(v[0]) == 1 else None


def _forwarded_call(v: Value) -> bool:
    """``return format_error_message(host, exc)``: the text of another function, known once the
    functions are resolved (a method building its message through a module helper); or
    ``return _REPR_FORMAT.format(name, state.code)`` (``% (...)`` too), a constant's template
    filled in, whose text is known once the constant is."""
    part = _lone_part(v)
    if isinstance(part, Op) and part.kind in _FILLS:
        part = _lone_part(part.base)
    return isinstance(part, Ref)


def _returns_early(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Does the function (not a nested def) have a ``return`` or ``yield``: a way not to raise?"""
    return own_body_has(node, _T_RETURN_YIELD_YIELDFROM)


def _relays_params(spec: ExcSpec, params: Sequence[str]) -> bool:
    """Does the raise pass on message text its function was given (``_uses_params``)? For a
    standard-library class whose constructor builds the message from other arguments
    (``DuplicateSectionError(sectname, fpname, lineno)``), only the argument that is a message
    counts: a parameter given as a source name or a line number leaves this raise the site."""
    own = stdlib_hooks.message_args(spec.key, spec.args, spec.kwargs)
    if own is not None:
        return _uses_params(replace(spec, args=tuple(own), kwargs=()), params)
    return _uses_params(spec, params)


def _uses_params(spec: ExcSpec, params: Sequence[str], spread: bool = True) -> bool:
    """Does the exception's message come from the function's parameters (``fail(message)``)?

    Only such functions count as raise helpers at their call sites: an abstract method that
    raises a fixed ``NotImplementedError`` is overridden wherever it is called. ``spread``:
    arguments handed on whole (``exception(*args)``) count too."""
    if not params or spec.exc_type.rpartition(".")[2] == "NotImplementedError":
        return False
    names = set(params)
    for a in (*spec.args, *(a for _, a in spec.kwargs)):
        for variant in a.value:
            for part in variant:
                if _formats_param(part, names):
                    return True  # ``errfmt.format(cls=type(self), prop_name=k)``: the caller's format
                # ``raise exception(*args)``: the arguments handed on are the parameters
                if type(part) is not Ph:  # (no class derives from ``Ph``: no lookup)
                    continue
                name = part.name.lstrip("*") if spread else part.name
                if re.split(r"[.\[(]", name, maxsplit=1)[0] in names:
                    return True
    return False


def _formats_param(part: object, names: set[str]) -> bool:
    """A format string given as a parameter and filled in at the raise (``errfmt.format(cls=
    type(self), prop_name=k)``, ``msg % (key,)``): its text is the caller's, its fields the
    raise's own values."""
    return (
        type(part) is Op  # (no class derives from ``Op``: no lookup)
        and part.kind in ("format", "%", "%1")
        and len(part.base) == 1
        and len(part.base[0]) == 1
        and isinstance(part.base[0][0], Ph)
        and part.base[0][0].name in names
    )


def _composes(spec: ExcSpec, params: Sequence[str]) -> bool:
    """Does the raise build its message around text its function was given, with words of its
    own (``raise ValueError(f"Unknown {kind} '{word}'.")``, ``f"{message}. Line {line}"``)?
    A call supplying that text ends its traceback at this statement, not at the call; a raise
    of the parameter as given (``raise BadParameter(message)``) is a relay instead. A format
    given as a parameter and filled in here (``errfmt.format(prop_name=k)``) is composed here."""
    if spec.opaque or spec.forwards or not _uses_params(spec, params):
        return False
    names = set(params)
    return any(
        value_has_literal(a.value) or any(_formats_param(p, names) for v in a.value for p in v)
        for a in (*spec.args, *(a for _, a in spec.kwargs))
    )


def _may_be_text(value: Value) -> bool:
    """Some part is text: a literal, a reference, or ``fmt.format(...)`` of a format known later
    (``self.CAUSE_MESSAGE_INTRO.format(cause=cause) + self.GITHUB_REFERRAL``)."""
    return any(
        any(
            isinstance(p, Ref) or (isinstance(p, str) and p) or (isinstance(p, Op) and p.kind == "format")
            for p in v
        )
        for v in value
    )


def _root_name(node: ast.expr) -> str:
    while isinstance(node, _T_ATTRIBUTE_SUBSCRIPT_CALL):
        node = node.func if isinstance(node, ast.Call) else node.value
    return node.id if isinstance(node, ast.Name) else ""


def _method_text(e: ast.expr, env: Env) -> bool:
    """A local holding what the class's own methods return (``message = self._render(err)``,
    one per branch): a printer that strips it (``return message.strip()``) shows that text, whose
    first line a structured report's renderer composes."""
    v = env.get(e.id) if isinstance(e, ast.Name) else None
    return isinstance(v, tuple) and method_calls(v)


def _strip_traceback(node: ast.expr) -> ast.expr:
    """``raise err.with_traceback(tb)``: what is raised is ``err``."""
    while (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "with_traceback"
    ):
        node = node.func.value
    return node


def _reads_names(test: ast.expr, names: frozenset[str]) -> bool:
    return any(isinstance(n, ast.Name) and n.id in names for n in ast.walk(test))


def _joined_attrs(
    body: dict[str, Value], orelse: dict[str, Value], body_leaves: bool, orelse_leaves: bool
) -> dict[str, Value]:
    """An ``__init__``'s attributes after an ``if``: each branch started from what was set
    before it, so an attribute one branch sets again (``self._full_msg = self.msg``, then
    ``if self.errno != -1: self._full_msg = fmt.format(...)``) holds either value after it,
    the test being one no call decides here. A branch ending in ``raise`` or ``return`` is
    not followed by the rest of the initialiser: the other branch's values stand."""
    if body_leaves != orelse_leaves:
        return orelse if body_leaves else body
    joined: dict[str, Value] = {}
    for name in dict.fromkeys([*body, *orelse]):
        a, b = body.get(name), orelse.get(name)
        if a is not None and b is not None:
            joined[name] = a if a is b else union(a, b)
        else:
            joined[name] = orelse[name] if a is None else a  # (set in one branch only: as before)
    return joined


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


class _Params(NamedTuple):
    """A function's parameters, read from its ``ast.arguments`` in one pass (``_parameters``):
    what the function's frame and its record need of them. The set-up of every function walked
    used to read the arguments three times over (its names and defaults, its ``Sig``, the
    parameters holding a class) and its annotations a fourth: ~two thirds of the per-function
    set-up (perf45, section 4)."""

    names: list[str]  # every parameter in call order (``*args`` after the positional ones)
    self_name: str | None  # the first, when it is a method's instance or class (``self``/``cls``)
    call: tuple[str, ...]  # the parameters a call fills: ``names`` without ``self_name``
    positional: tuple[str, ...]  # positional parameters in order (``self`` dropped for methods)
    vararg: str | None
    kwonly: tuple[str, ...]
    kwarg: str | None
    defaults: dict[str, Arg]  # parameters defaulting to a string literal or a tuple of constants
    none_default: frozenset[str]  # parameters defaulting to None
    types: dict[str, str]  # parameter -> the class its annotation names, as written
    strs: frozenset[str]  # parameters annotated ``str``
    classes: frozenset[str]  # call parameters holding a class (``_parameters``)

    def sig(self) -> Sig:
        """How the function binds a call's arguments."""
        defaults = tuple(self.defaults.items())
        return new_tuple(
            Sig, (self.positional, self.vararg, self.kwonly, self.kwarg, defaults, self.none_default)
        )


def _parameters(a: ast.arguments, method: bool) -> _Params:
    """A function's parameters (``_Params``), the first one its instance or class when
    ``method`` (a method not static)."""
    posargs = [*a.posonlyargs, *a.args]
    positional = [p.arg for p in posargs]
    names = list(positional)
    if a.vararg:
        names.append(a.vararg.arg)
    kwonly = tuple(p.arg for p in a.kwonlyargs)
    names.extend(kwonly)
    if a.kwarg:
        names.append(a.kwarg.arg)
    self_name = names[0] if method and names else None
    call = tuple(names[1:] if self_name else names)
    annotated = [arg for arg in (*posargs, *a.kwonlyargs) if arg.annotation is not None]
    types: dict[str, str] = {}
    strs: set[str] = set()
    for arg in annotated:  # (most parameters are not annotated)
        cls = _annotated_class(arg.annotation)
        if cls is not None:
            types[arg.arg] = cls
        if isinstance(arg.annotation, ast.Name) and arg.annotation.id == "str":
            strs.add(arg.arg)
    # each parameter with a default, and the default (a keyword-only one without has None)
    pairs: list[tuple[ast.arg, ast.expr]] = []
    if a.defaults or a.kw_defaults:  # (most functions have no default: nothing to look at)
        pairs.extend(zip(posargs[len(posargs) - len(a.defaults) :], a.defaults, strict=True))
        pairs.extend((p, d) for p, d in zip(a.kwonlyargs, a.kw_defaults, strict=True) if d is not None)
    defaults, none_default = _default_values(pairs)
    # (a class is named by an annotation or a default: a function with neither holds none)
    classes = (
        _class_holders([*posargs, *a.kwonlyargs], frozenset(call), dict((p.arg, d) for p, d in pairs))
        if annotated or pairs
        else frozenset()
    )
    return new_tuple(_Params, (
        names, self_name, call, tuple(positional[1:] if self_name is not None else positional),
        a.vararg.arg if a.vararg else None, kwonly, a.kwarg.arg if a.kwarg else None,
        defaults, none_default, types, frozenset(strs), classes,
    ))  # fmt: skip


def _default_values(pairs: list[tuple[ast.arg, ast.expr]]) -> tuple[dict[str, Arg], frozenset[str]]:
    """Of a function's (parameter, default) pairs: the defaults that are a string literal's text
    or a tuple of constants' (``since=(2, 0)``: its items print, ``self.since[0]``), and the
    parameters defaulting to None."""
    defaults: dict[str, Arg] = {}
    none_default: set[str] = set()
    for p, d in pairs:
        if isinstance(d, ast.Constant):
            if isinstance(d.value, str):
                defaults[p.arg] = Arg(repr(d.value), lit(d.value))
            elif d.value is None:
                none_default.add(p.arg)
        elif isinstance(d, ast.Tuple) and all(isinstance(e, ast.Constant) for e in d.elts):
            text = _unparse(d)
            defaults[p.arg] = Arg(text, ph(text))
    return defaults, frozenset(none_default)


def _class_holders(
    args: list[ast.arg], called: frozenset[str], default_of: dict[str, ast.expr]
) -> frozenset[str]:
    """The parameters among ``called`` that hold a class: annotated ``type[X]`` / ``Type[X]``, or
    defaulting to a class (``exception=ParseError``). Calling one builds an instance of whatever
    class the caller passed."""
    out: set[str] = set()
    for arg in args:
        if arg.arg not in called:
            continue
        ann = arg.annotation
        if type(ann) is ast.Subscript and _last_name(ann.value) in ("type", "Type"):
            out.add(arg.arg)
            continue
        d = default_of.get(arg.arg)
        dotted = _dotted(d) if d is not None else None
        if dotted is not None and dotted.rpartition(".")[2][:1].isupper():
            out.add(arg.arg)
    return frozenset(out)


_PRINTERS = frozenset({"__str__", "format_message"})
SUPER_STR = "super().__str__()"  # placeholder for the base class's printed form  # methods whose result is the message shown


def _rewraps(
    node: ast.FunctionDef | ast.AsyncFunctionDef, params: Sequence[str], imports: Mapping[str, str]
) -> bool:
    """A library's own dedent helper: its one statement returns its first parameter passed
    through whitespace-only transforms (:func:`_ws_pass`). SymPy's ``filldedent(s, w=70)`` is
    ``'\\n' + fill(dedent(str(s)).strip('\\n'), width=w, **kwargs)``: the words the user sees are
    the caller's literal, and matching compares texts with whitespace removed, so each call's
    argument is the message (``resolve``: ``rewrapped``). Without this the helper's own ``'\\n'``
    made it a function returning a text, and every ``raise X(filldedent(...))`` of a literal was
    one placeholder."""
    body = [s for s in node.body if not (type(s) is ast.Expr and type(s.value) is ast.Constant)]
    if not params or len(body) != 1 or not isinstance(body[0], ast.Return) or body[0].value is None:
        return False
    value = body[0].value
    if _ws_pass(value, params[0], imports, False):
        return True
    # the shape read before (kept as it was): ``textwrap.<kin>(p, ...)``, maybe stripped
    while (
        isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr in _STRIPS
    ):
        value = value.func.value
    return (
        isinstance(value, ast.Call)
        and _is_rewrap(value)
        and isinstance(value.args[0], ast.Name)
        and value.args[0].id == params[0]
    )


_STRIPS = ("strip", "lstrip", "rstrip")


# ``textwrap.fill``/``wrap`` keywords that only move line breaks (a prefix of words, or a cut
# with ``max_lines``/``placeholder``, changes words: refused unless the prefix is whitespace)
_WRAP_KEYWORDS = frozenset(
    {
        "width",
        "expand_tabs",
        "tabsize",
        "replace_whitespace",
        "drop_whitespace",
        "break_long_words",
        "break_on_hyphens",
        "fix_sentence_endings",
    }
)
_WRAP_PREFIXES = frozenset({"initial_indent", "subsequent_indent"})


def _ws_const(e: ast.expr) -> bool:
    """A string constant of whitespace only (``'\\n'``, ``" "``, ``""``)."""
    return isinstance(e, ast.Constant) and isinstance(e.value, str) and not e.value.strip()


def _textwrap_name(f: ast.expr, imports: Mapping[str, str]) -> str:
    """The name of ``textwrap.fill`` and kin (``inspect.cleandoc``), also of a bare name imported
    from the module (``from textwrap import fill``); "" for any other callee."""
    if type(f) is ast.Attribute and isinstance(f.value, ast.Name) and f.value.id in ("textwrap", "inspect"):
        return f.attr
    if type(f) is ast.Name:
        module, _, attr = imports.get(f.id, "").rpartition(".")
        if module in ("textwrap", "inspect"):
            return attr
        if f.id in ("dedent", "cleandoc"):
            return f.id  # (as ``_rewrap_func``: these names are the modules' everywhere)
    return ""


def _ws_pass(e: ast.expr, param: str, imports: Mapping[str, str], changed: bool) -> bool:
    """``e`` is ``param`` passed through transforms that change only whitespace: ``str()``,
    ``textwrap.dedent``/``fill``/``indent`` (a whitespace prefix), ``inspect.cleandoc``,
    ``SEP.join(textwrap.wrap(...))`` with a whitespace ``SEP``, ``strip``/``lstrip``/``rstrip``
    of whitespace, and a whitespace constant added before or after. ``changed``: some transform
    was seen (the bare parameter, or ``str(param)``, is no helper of this kind)."""
    if isinstance(e, ast.Name):
        return changed and e.id == param
    if isinstance(e, ast.BinOp) and isinstance(e.op, ast.Add):
        if _ws_const(e.left):
            return _ws_pass(e.right, param, imports, True)
        return _ws_const(e.right) and _ws_pass(e.left, param, imports, True)
    if not isinstance(e, ast.Call):
        return False
    f = e.func
    if isinstance(f, ast.Attribute) and f.attr in ("strip", "lstrip", "rstrip"):
        if e.keywords or len(e.args) > 1 or not all(_ws_const(a) for a in e.args):
            return False
        return _ws_pass(f.value, param, imports, True)
    if not e.args or any(type(a) is ast.Starred for a in e.args):
        return False
    if isinstance(f, ast.Name) and f.id == "str" and len(e.args) == 1 and not e.keywords:
        return _ws_pass(e.args[0], param, imports, changed)
    if isinstance(f, ast.Attribute) and f.attr == "join" and _ws_const(f.value) and len(e.args) == 1:
        inner = e.args[0]
        return (
            isinstance(inner, ast.Call)
            and _textwrap_name(inner.func, imports) == "wrap"
            and _wrap_args(inner)
            and _ws_pass(inner.args[0], param, imports, True)
        )
    kind = _textwrap_name(f, imports)
    if kind in ("dedent", "cleandoc") and len(e.args) == 1 and not e.keywords:
        return _ws_pass(e.args[0], param, imports, True)
    if kind == "indent" and _rewrap_target(kind, e.args[1:], e.keywords):
        return _ws_pass(e.args[0], param, imports, True)
    if kind == "fill" and _wrap_args(e):
        return _ws_pass(e.args[0], param, imports, True)
    return False


def _wrap_args(call: ast.Call) -> bool:
    """``textwrap.fill(text, width, ...)``/``wrap``: at most a width after the text, and
    keywords that only move line breaks (``**kwargs`` passed on included)."""
    if not call.args or len(call.args) > 2 or any(type(a) is ast.Starred for a in call.args):
        return False
    for k in call.keywords:
        if k.arg is None or k.arg in _WRAP_KEYWORDS:
            continue
        if k.arg in _WRAP_PREFIXES and _ws_const(k.value):
            continue
        return False
    return True


def _printf_ret(node: ast.FunctionDef | ast.AsyncFunctionDef, sig: Sig) -> Value | None:
    """A library's own printf helper (``def format(text, *args, **kw)``): its body only applies
    ``%`` with its ``*args`` (and ``str.format`` with its ``**kw``) to its first parameter and
    returns it. What it returns is the caller's text formatted with the caller's other
    arguments, exactly as if the caller had written ``text % (a, b)``; without this the whole
    message of ``raise ValueError(format(msg, value))`` is one placeholder. The helper is told
    by its shape, not its name: it returns no literal of its own, so nothing else records it."""
    star, kw = sig.vararg, sig.kwarg
    if not sig.positional or star is None:
        return None
    text = sig.positional[0]
    body = [s for s in node.body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]
    if not body or not isinstance(body[-1], ast.Return) or body[-1].value is None:
        return None
    kinds = [_printf_step(s, text, star, kw) for s in body[:-1]]
    out = body[-1].value
    if not kinds and _is_percent_of(out, text, star):
        kinds = ["%"]
    elif not (isinstance(out, ast.Name) and out.id == text) or None in kinds:
        return None
    if "%" not in kinds:
        return None
    name = f"{node.name}()"
    value: Value = ((Op("%", ((Ph(text),),), (Arg(f"*{star}", ph(star)),), (), name),),)
    if kw is not None and "format" in kinds:
        value = ((Op("format", value, (), (("**", Arg(kw, ph(kw))),), name),),)
    return value


def _printf_step(stmt: ast.stmt, text: str, star: str, kw: str | None) -> str | None:
    """One statement of a printf helper: ``text %= args`` ("%") or ``text = text.format(**kw)``
    ("format"), each maybe under ``if args:``/``if kw:``; None for anything else."""
    if (
        isinstance(stmt, ast.If)
        and not stmt.orelse
        and len(stmt.body) == 1
        and isinstance(stmt.test, ast.Name)
    ):
        kind = _printf_step(stmt.body[0], text, star, kw)
        return kind if stmt.test.id == {"%": star, "format": kw}.get(kind or "") else None
    if isinstance(stmt, ast.AugAssign) and _is_percent_of(
        ast.BinOp(stmt.target, stmt.op, stmt.value), text, star
    ):
        return "%"
    if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1):
        return None
    target, value = stmt.targets[0], stmt.value
    if not (isinstance(target, ast.Name) and target.id == text):
        return None
    if _is_percent_of(value, text, star):
        return "%"
    if (
        kw is not None
        and isinstance(value, ast.Call)
        and isinstance(value.func, ast.Attribute)
        and value.func.attr == "format"
        and isinstance(value.func.value, ast.Name)
        and value.func.value.id == text
        and not value.args
        and len(value.keywords) == 1
        and value.keywords[0].arg is None
        and isinstance(value.keywords[0].value, ast.Name)
        and value.keywords[0].value.id == kw
    ):
        return "format"
    return None


def _is_percent_of(e: ast.expr, text: str, star: str) -> bool:
    """``text % args``: the first parameter formatted with the ``*args`` tuple."""
    return (
        isinstance(e, ast.BinOp)
        and isinstance(e.op, ast.Mod)
        and isinstance(e.left, ast.Name)
        and e.left.id == text
        and isinstance(e.right, ast.Name)
        and e.right.id == star
    )


def _closure_owner(frame: Frame) -> Frame | None:
    """The method a function nested in it (a closure, a decorator's wrapper) takes ``self``
    from; None for a method itself, or a function nested in none."""
    if frame.kind != "function" or frame.self_name is not None or frame.cls_name is not None:
        return None
    f = frame.parent
    while f is not None and f.kind == "function" and f.self_name is None:
        f = f.parent
    return f if f is not None and f.kind == "function" and f.class_key else None


def _param_set(info: ClassInfo | None, attr: str, param: str, env: Env, frame: Frame) -> None:
    """``self.<attr> = <param>`` in a method other than ``__init__``, the parameter as the
    caller gave it: kept on the class (``ClassInfo.param_sets``), so that an ``__init__`` calling
    the method with a literal (``self.set_name("end of line")``) gives the attribute that text."""
    node = frame.node
    if info is None or param not in env or env[param] is not None:
        return  # (a parameter not reassigned holds None in the walk's environment)
    if not isinstance(node, _T_FUNCTIONDEF_ASYNCFUNCTIONDEF):
        return
    positional = [a.arg for a in (*node.args.posonlyargs, *node.args.args)][1:]  # (``self`` dropped)
    at = positional.index(param) if param in positional else -1
    info.param_sets.setdefault(node.name, {})[attr] = (param, at)


def _literal_self_call(info: ClassInfo | None, call: ast.Call, frame: Frame) -> None:
    """``self.set_name("end of line")`` as a statement of ``__init__``: the string literals the
    call gives, by position ("0", "1", ...) and by keyword, kept per method
    (``ClassInfo.literal_calls``). The method may set an attribute to one of them
    (``param_sets``), a text every instance of the class then holds."""
    func = call.func
    if info is None or not (type(func) is ast.Attribute and type(func.value) is ast.Name):
        return
    if func.value.id != frame.self_name:
        return
    given: dict[str, str] = {}
    for i, a in enumerate(call.args):
        if type(a) is ast.Starred:
            break  # (the positions after it are not known)
        if type(a) is ast.Constant and type(a.value) is str:
            given[str(i)] = a.value
    for k in call.keywords:
        if k.arg is not None and type(k.value) is ast.Constant and type(k.value.value) is str:
            given[k.arg] = k.value.value
    if given:
        info.literal_calls[func.attr] = (*info.literal_calls.get(func.attr, ()), given)


def _init_vararg(frame: Frame) -> str | None:
    """The ``*args`` parameter of an exception class's ``__init__``, if it has one: the
    arguments it picks out of it are what a raise of the class passed."""
    node = frame.node
    if not (frame.is_init and frame.exc_class and isinstance(node, _T_FUNCTIONDEF_ASYNCFUNCTIONDEF)):
        return None
    return node.args.vararg.arg if node.args.vararg is not None else None


def _vararg_item(value: ast.expr, star: str | None) -> str | None:
    """``args[1]`` of the ``*args`` parameter ``star``, as that placeholder's name."""
    if (
        star is not None
        and isinstance(value, ast.Subscript)
        and isinstance(value.value, ast.Name)
        and value.value.id == star
        and isinstance(value.slice, ast.Constant)
        and type(value.slice.value) is int
        and value.slice.value >= 0
    ):
        return f"{star}[{value.slice.value}]"
    return None


def _whole_varargs(value: ast.expr, star: str) -> bool:
    """``args`` or ``args[:n]`` of the ``*args`` parameter ``star``: its items from the first."""
    if isinstance(value, ast.Subscript) and isinstance(value.slice, ast.Slice):
        sl = value.slice
        start_ok = sl.lower is None or (isinstance(sl.lower, ast.Constant) and sl.lower.value == 0)
        if not start_ok or sl.step is not None:
            return False
        value = value.value
    return isinstance(value, ast.Name) and value.id == star


def _is_super_init(value: ast.expr) -> bool:
    return (
        isinstance(value, ast.Attribute)
        and value.attr == "__init__"
        and isinstance(value.value, ast.Call)
        and _last_name(value.value.func) == "super"
    )


_COLLECTORS = frozenset(("append", "extend", "insert", "add"))


def _word_list(val: ListVal) -> bool:
    """A short list of literal words (no placeholder, no optional text), one text each."""
    return len(val.items) <= MAX_TABLE and all(
        len(item) == 1 and item[0] and all(isinstance(p, str) for p in item[0]) for item in val.items
    )


# The methods that raise the exception they are given elsewhere: a generator's or greenlet's
# ``throw``/``athrow`` (raised at its paused frame), a future's ``set_exception`` (raised at
# ``await``/``.result()``); ``thrown`` records the call as that exception's raise site.
_THROWS = frozenset(("throw", "athrow", "set_exception"))


def _tested_class(name: str, frame: Frame) -> str | None:
    """``response = queue.get()`` ... ``if isinstance(response, ResponseError): raise response``:
    the class the test names is what the raise raises (a value handed back by a call or a queue
    says nothing else of its class); a class named like an exception only (a tuple of classes
    held in a constant names none), and not the root of them all (``isinstance(result,
    Exception)`` tells an exception from a value, not which one)."""
    written = frame.narrowed.get(name)
    if written is None or written.rpartition(".")[2] in _ROOT_CLASSES:
        return None
    return written if _names_exception(ast.Name(written)) else None


_ROOT_CLASSES = frozenset(("Exception", "BaseException"))


def _names_exception(func: ast.expr) -> bool:
    """``Exc`` or ``errors.Exc``: a capitalised name ending like an exception class."""
    dotted = _dotted(func)
    last = dotted.rpartition(".")[2] if dotted is not None else ""
    return last[:1].isupper() and last.endswith(EXC_SUFFIXES) and not last.endswith("Warning")


def _made_text(node: ast.expr) -> str | None:
    """The literal first argument of an object made in place, an exception built with its
    message (``effect("Mock Error", request=request)``, ``ValueError("bad")``), in either branch
    of a conditional (``effect("Mock Error") if ... else effect()``); None for anything else (a
    literal with no text, a method of a literal: ``", ".join(...)``)."""
    if type(node) is ast.IfExp:
        assert isinstance(node, ast.IfExp)
        return _made_text(node.body) or _made_text(node.orelse)
    if type(node) is not ast.Call:
        return None
    assert isinstance(node, ast.Call)
    if not node.args or type(node.func) not in _T_NAME_ATTRIBUTE:
        return None
    if isinstance(node.func, ast.Attribute) and type(node.func.value) is ast.Constant:
        return None
    return _str_value(node.args[0]) or None


def _made_class(node: ast.expr) -> str | None:
    """The class an object ``_made_text`` reads is made of, as written: a capitalised callee
    (``ValueError("bad")``), or a class held in a name the conditional around the call tests
    (``effect("Mock Error") if issubclass(effect, httpx.RequestError) else effect()``); None when
    neither says."""
    test = None
    if type(node) is ast.IfExp:
        assert isinstance(node, ast.IfExp)
        if _made_text(node.body) is not None:
            test, node = node.test, node.body  # (the test holds where the body is taken)
        else:
            node = node.orelse
    if type(node) is not ast.Call:
        return None
    assert isinstance(node, ast.Call)
    dotted = _dotted(node.func)
    if dotted is None:
        return None
    if dotted.rpartition(".")[2][:1].isupper():
        return dotted
    if (
        isinstance(test, ast.Call)
        and isinstance(test.func, ast.Name)
        and test.func.id == "issubclass"
        and len(test.args) == 2
        and isinstance(test.args[0], ast.Name)
        and test.args[0].id == dotted
    ):
        return _dotted(test.args[1])
    return None


def _builds_exception(node: ast.expr) -> bool:
    """``Exc(...)`` or ``errors.Exc(...)`` of a class named like an exception, with arguments
    (an exception built without any says nothing of its own)."""
    if not isinstance(node, ast.Call) or not (node.args or node.keywords):
        return False
    dotted = _dotted(node.func)
    if dotted is None:
        return False
    last = dotted.rpartition(".")[2]
    return last[:1].isupper() and last.endswith(EXC_SUFFIXES) and not last.endswith("Warning")


def _calls_class_param(node: ast.expr, frame: Frame) -> bool:
    """``error_type(...)`` with arguments, of a parameter holding a class (``error_type:
    type[E]``, ``Frame.class_params``): the exception the caller's class builds."""
    return (
        isinstance(node, ast.Call)
        and bool(node.args or node.keywords)
        and isinstance(node.func, ast.Name)
        and node.func.id in frame.class_params
    )


def _is_factory(func: ast.expr) -> bool:
    """``Cls.create_from(...)``: a lower-case method of a capitalised name (a classmethod
    factory building the exception)."""
    return (
        isinstance(func, ast.Attribute)
        and func.attr[:1].islower()
        and not func.attr.startswith("__")
        and _last_name(func.value)[:1].isupper()
        and _last_name(func.value).endswith(EXC_SUFFIXES)
    )


_BUILDER_WORDS = re.compile(r"error|exception|exc\b|exc_|fault|failure", re.IGNORECASE)


def _names_exc_class(name: str) -> bool:
    """A local named for an exception class it holds (``error_type``, ``exc_class``,
    ``error_cls``), as ``_class_made`` reads a function's name."""
    low = name.lower()
    # (the three words first: few locals have one, and the search is the dearer test)
    return ("class" in low or "cls" in low or "type" in low) and _BUILDER_WORDS.search(low) is not None


def _class_made(cur: EnvVal) -> str | None:
    """A local bound to what a function named for the exception class it gives returns
    (``error_class = exception_class_for_status(code)``, ``cls = self._error_type(kind)``), then
    called: a ``types_refs`` entry for the classes the function returns. The local keeps its
    text otherwise (a function so named may return a word); None for any other value."""
    if not (isinstance(cur, tuple) and len(cur) == 1 and len(cur[0]) == 1):
        return None
    ref = cur[0][0]
    if not (isinstance(ref, Ref) and ref.call and ref.item < 0):
        return None
    last = (ref.method or ref.key.rpartition(".")[2]).lower()
    if _BUILDER_WORDS.search(last) is None or not any(w in last for w in ("class", "cls", "type")):
        return None
    return f"{ref.key}.{ref.method}(){_OVERRIDES}" if ref.method else f"{ref.key}()"


def _builds_raised(func: ast.expr) -> bool:
    """A call that builds the exception a name then raised holds: a class (capitalised) or a
    function named for what it makes (``_make_error``, ``create_exception``, ``build_exc``);
    another call (``next(errors, None)``, a picker) returns an exception made elsewhere, which
    the raise's own record follows (``Site.sources``)."""
    last = _last_name(func).lstrip("_")
    if last[:1].isupper():
        return True
    # (``future.exception()``, ``get_error()`` hand back an exception stored elsewhere)
    return last != "exception" and not last.startswith("get_") and _BUILDER_WORDS.search(last) is not None


def _builds_from_param(value: ast.expr, env: Env, frame: Frame) -> bool:
    """A call of a parameter of the function whose value is not known here: the class a
    caller passed in (``error = exception(exc_msg)``); a parameter bound since to something
    known (a mapping of classes, a message) is not."""
    return (
        type(value) is ast.Call
        and isinstance(value.func, ast.Name)
        and value.func.id in frame.params
        and not isinstance(env.get(value.func.id), _T_EXCVAL_TYPESVAL)
    )


def _always_raised(node: ast.AST) -> frozenset[str]:
    """The names a function raises by a statement no condition or loop guards: in its body or
    in the blocks of a ``try`` there (``try: raise err.with_traceback(tb) except ...: raise
    err``)."""
    found: set[str] = set()
    todo: list[ast.stmt] = list(getattr(node, "body", []))
    while todo:
        n = todo.pop()
        if isinstance(n, ast.Raise) and n.exc is not None:
            raised = _strip_traceback(n.exc)
            if isinstance(raised, ast.Name):
                found.add(raised.id)
        elif isinstance(n, ast.Try):
            todo.extend(n.body + n.orelse + n.finalbody)
            for h in n.handlers:
                todo.extend(h.body)
    return frozenset(found)


def _is_mapping_name(node: ast.expr, env: Env) -> bool:
    """A name that may be a module-level mapping of classes (upper case, as constants are) or a
    local one."""
    if not isinstance(node, ast.Name):
        return False
    return isinstance(env.get(node.id), TypesVal) or (
        node.id not in env and node.id.lstrip("_")[:1].isupper()
    )


def _passes(node: ast.FunctionDef | ast.AsyncFunctionDef, frame: Frame) -> str | None:
    """The parameter a function returns as it was given (``return error`` its only return and
    its last statement, ``_transport_error(self, error, response)``): a raise of its call raises
    that argument."""
    if len(frame.passed) != 1 or frame.returns_other or not isinstance(node.body[-1], ast.Return):
        return None
    name = next(iter(frame.passed))
    # (a parameter given another value first is not returned as given: ``fmt = fmt % args``)
    return None if name in _stored_names(node) else name


def _stored_names(node: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    """The names the function's body assigns (nested definitions included: rare, and only ever
    a reason to say less)."""
    return {n.id for n in nodes_within(node) if type(n) is ast.Name and type(n.ctx) is ast.Store}


def _cause_of(spec: ExcSpec, exc: ast.expr, stmt: ast.Raise) -> ExcSpec:
    """``raise Exc(...)`` with no ``from``, or ``from None``: the instance made right there has
    no ``__cause__`` (``ExcSpec.uncaused``); an object made elsewhere may have been given one."""
    if not isinstance(exc, ast.Call) or spec.helper is not None:
        return spec
    if stmt.cause is None or (isinstance(stmt.cause, ast.Constant) and stmt.cause.value is None):
        return replace(spec, uncaused=True)
    return spec


def _cause_test(test: ast.expr, self_name: str | None) -> Cond | None:
    """``isinstance(self.__cause__, JSONDecodeError)`` in an exception's method: a test that
    needs a cause (an instance raised without one fails it), its ``else`` open either way."""
    call = _named_call(test, "isinstance", 2)
    if call is None or self_name is None or _dotted(call.args[0]) != f"{self_name}.__cause__":
        return None
    return (f"{self_name}.__cause__", CAUSED), True


def _simple_cond(test: ast.expr) -> Cond | None:
    """``x``, ``not x``, ``x is None``, ``x is not None`` on a (dotted) name: (subject, test), and
    the truth the ``if`` branch assumes."""
    want = True
    if type(test) is ast.UnaryOp and type(test.op) is ast.Not:
        test, want = test.operand, False
    dotted = _dotted(test)
    if dotted is not None:
        return (dotted, "t"), want
    if not isinstance(test, ast.Compare) or len(test.ops) != 1:
        return None
    op, right = test.ops[0], test.comparators[0]
    if isinstance(op, _T_IS_ISNOT) and isinstance(right, ast.Constant) and right.value is None:
        subject = _dotted(test.left)
        if subject is not None:
            return (subject, "n"), want == isinstance(op, ast.IsNot)
    if isinstance(op, _T_EQ_NOTEQ) and isinstance(right, ast.Constant) and isinstance(right.value, str):
        subject = _dotted(test.left)
        if subject is not None and "\n" not in right.value:  # ``param_type == "argument"``
            return (subject, "=" + right.value), want == isinstance(op, ast.Eq)
    if (
        isinstance(op, _T_EQ_NOTEQ)
        and isinstance(right, ast.Constant)
        and isinstance(right.value, int)
        and isinstance(test.left, ast.Call)
        and _last_name(test.left.func) == "len"
        and len(test.left.args) == 1
    ):
        subject = _dotted(test.left.args[0])
        if subject is not None:  # ``len(self.args) == 1``
            return (subject, f"len{right.value}"), want == isinstance(op, ast.Eq)
    return None


def _param_conds(test: ast.expr, params: frozenset[str]) -> tuple[tuple[str, str, bool], ...]:
    """A test a call's arguments decide, as (parameter, "t" or "n", truth the ``if`` branch
    assumes) tests that must all hold: ``x``, ``x is not None``, their ``and``, and
    ``all(a is not None for a in [x, y])`` (or ``all((x, y))``), the idiom of an initialiser
    that builds its text only when every keyword argument it needs was given; () for any other
    (a test of state the call does not decide)."""
    if type(test) is ast.BoolOp and type(test.op) is ast.And:
        parts = [_param_conds(v, params) for v in test.values]
        return tuple(c for p in parts for c in p) if all(parts) else ()
    if (
        type(test) is ast.Call
        and isinstance(test.func, ast.Name)
        and test.func.id == "all"
        and len(test.args) == 1
        and not test.keywords
    ):
        arg = test.args[0]
        if isinstance(arg, _T_LIST_TUPLE):
            return _names_tested(arg.elts, None, params)
        if (
            type(arg) is ast.GeneratorExp
            and len(arg.generators) == 1
            and not arg.generators[0].ifs
            and isinstance(arg.generators[0].target, ast.Name)
            and isinstance(arg.generators[0].iter, _T_LIST_TUPLE)
        ):
            return _names_tested(arg.generators[0].iter.elts, (arg.generators[0].target.id, arg.elt), params)
        return ()
    cond = _simple_cond(test)
    if cond is None or cond[0][1] not in ("t", "n") or cond[0][0] not in params:
        return ()
    (subject, kind), want = cond
    return ((subject, kind, want),)


def _names_tested(
    names: Sequence[ast.expr], each: tuple[str, ast.expr] | None, params: frozenset[str]
) -> tuple[tuple[str, str, bool], ...]:
    """``all(...)`` over a display of parameters: the test ``each`` (the generator's variable
    and its element, ``a is not None``) applied to every name, or its truth when None."""
    kind = "t"
    if each is not None:
        cond = _simple_cond(each[1])
        if cond is None or cond[0][0] != each[0] or cond[0][1] not in ("t", "n") or not cond[1]:
            return ()
        kind = cond[0][1]
    if not names or not all(isinstance(n, ast.Name) and n.id in params for n in names):
        return ()
    return tuple((n.id, kind, True) for n in names if isinstance(n, ast.Name))


def _fold_optional(
    env: Env, e1: Env, e2: Env, when: tuple[Cond, ...], unless: tuple[Cond, ...], params: frozenset[str]
) -> None:
    """After an ``if``: text appended to a list or a string in a branch becomes optional text
    under the branch's conditions, instead of a second variant of the whole message; a name
    given a new value in a branch whose test a call can decide (``if message is None: message =
    name``), or first given one in both branches, holds each value under its condition."""
    evaluable = any(test != "x" for (_, test), _ in (*when, *unless))
    # every test one a call decides (a parameter, ``self.<attr>``): not a local's, whose value
    # the branches' own guards already tell apart
    decidable = not any(undecidable(test) for (_, test), _ in (*when, *unless))
    for k, v1 in e1.items():
        pre = env.get(k, _MISSING)
        v2 = e2.get(k, _MISSING)
        if pre is _MISSING and isinstance(v1, ListVal) and isinstance(v2, ListVal):
            # ``message = [...]`` in each branch: one list, its items under their branch
            e1[k] = e2[k] = ListVal(_opt_items(v1.items, when) + _opt_items(v2.items, unless))
            continue
        if pre is _MISSING and decidable and isinstance(v1, tuple) and isinstance(v2, tuple) and v1 != v2:
            # ``if self.message: msg = f"{self.message}: {self.status}" else: msg = f"{self.status}"``:
            # a name first given text in the branches holds each text under its branch's test
            e1[k] = e2[k] = union(_needing(v1, when), _needing(v2, unless))
            continue
        if pre is _MISSING or v2 is _MISSING or (v1 is pre and v2 is pre):
            continue
        if evaluable and pre is None and k in params:
            pre = ph(k)  # a parameter: its own placeholder, until something else is assigned
            v1 = ph(k) if v1 is None else v1
            v2 = ph(k) if v2 is None else v2
        if evaluable and isinstance(v1, tuple) and isinstance(v2, tuple) and _replaced(pre, v1, v2):
            e1[k] = e2[k] = union(_needing(v1, when), _needing(v2, unless))
            continue
        if isinstance(pre, ListVal):
            t1, t2 = _list_tail(pre, v1), _list_tail(pre, v2)
            if t1 is not None and t2 is not None and k == YIELDS and not decidable and (t1 or t2):
                # a generator's pieces under a test no call decides (a local's): the branches'
                # pieces are alternatives, one item (optional text would print neither or both)
                either = simplest_first(_join_items(lit(""), t1), _join_items(lit(""), t2))
                e1[k] = e2[k] = ListVal((*pre.items, either))
                continue
            if t1 is not None and t2 is not None:
                folded = ListVal(pre.items + _opt_items(t1, when) + _opt_items(t2, unless))
                e1[k] = e2[k] = folded
            elif (replaced := _replaced_list(pre, v1, v2, when, unless)) is not None:
                e1[k] = e2[k] = replaced
        elif isinstance(pre, tuple) and len(pre) == 1:
            s1, s2 = _text_tail(pre, v1), _text_tail(pre, v2)
            if s1 is not None and s2 is not None:
                opt: list[Part] = list(pre[0])
                if s1:
                    opt.append(Opt(when, s1))
                if s2:
                    opt.append(Opt(unless, s2))
                e1[k] = e2[k] = (tuple(opt),)


def _isinstance_of(test: ast.expr, env: Env) -> tuple[str, str] | None:
    """``isinstance(error, AdapterHTTPError)`` of a name holding no value known here (a
    parameter, a caught exception; a parameter's value is None in the env): the name and the
    one class, as written. A tuple of classes
    or a local with a value says nothing about whose text the name holds."""
    call = _named_call(test, "isinstance", 2)
    if call is None or not isinstance(call.args[0], ast.Name) or env.get(call.args[0].id) is not None:
        return None
    written = _dotted(call.args[1])
    return (call.args[0].id, written) if written else None


def _named_call(e: ast.expr, name: str, nargs: int) -> ast.Call | None:
    """``name(a, b)``: a call of the bare name with ``nargs`` positional arguments only."""
    if (
        isinstance(e, ast.Call)
        and isinstance(e.func, ast.Name)
        and e.func.id == name
        and len(e.args) == nargs
        and not e.keywords
    ):
        return e
    return None


def _narrow(test: ast.expr, env: Env, body: Env) -> tuple[str, Value] | None:
    """``if msg:`` / ``if msg is not None:`` on a local that is None or empty text in some
    branches (``msg = None``, then text under some tests): inside the body it holds only its
    other texts. Returns the name and the narrowed value set in ``body``, or None."""
    cond = _simple_cond(test)
    if cond is None:
        return None
    (name, kind), want = cond
    held = env.get(name)
    if not want or kind not in ("t", "n") or not isinstance(held, tuple):
        return None
    drop = _falsy if kind == "t" else is_none
    kept = tuple(v for v in held if not drop(v))
    if not kept or len(kept) == len(held):
        return None
    body[name] = kept
    return name, kept


def _replaced(pre: EnvVal | object, v1: Value, v2: Value) -> bool:
    """A branch gave the name a value that does not extend what it held before."""
    if not isinstance(pre, tuple):
        return False
    return any(v is not pre and _text_tail(pre, v) is None for v in (v1, v2))


def _needing(value: Value, conds: tuple[Cond, ...]) -> Value:
    """Each variant of ``value``, valid only where ``conds`` hold."""
    return tuple((Opt(conds, (), True), *v) for v in value)


def _list_tail(pre: ListVal, v: EnvVal | object) -> tuple[Value, ...] | None:
    if v is pre:
        return ()
    if isinstance(v, ListVal) and v.items[: len(pre.items)] == pre.items:
        return v.items[len(pre.items) :]
    return None


def _text_tail(pre: Value, v: EnvVal | object) -> tuple[Part, ...] | None:
    if v is pre:
        return ()
    if isinstance(v, tuple) and len(v) == 1 and v[0][: len(pre[0])] == pre[0]:
        return v[0][len(pre[0]) :]
    return None


def _falsy(variant: Sequence[Part]) -> bool:
    """A variant that is ``None`` or empty text (under the conditions of the branch that gives
    it, ``x if test else None``): a truth test leaves it out."""
    if len(variant) == 1 and isinstance(variant[0], Opt):
        return _falsy(variant[0].value)
    shown = [p for p in variant if not (isinstance(p, Opt) and not p.value)]  # (condition marks)
    return all(p == "" for p in shown) or is_none(variant)


def _never_empty(variant: Sequence[Part]) -> bool:
    """A variant that prints something whatever its placeholders hold: literal text, or a
    value shown through ``repr()`` (never the empty string)."""
    return any((isinstance(p, str) and p) or (isinstance(p, Ph) and _shown_by_repr(p)) for p in variant)


def _shown_by_repr(p: Ph) -> bool:
    """``{x!r}``, or ``repr(x)`` kept as written (filled once ``x`` is known)."""
    return p.r or (p.name.startswith("repr(") and p.name.endswith(")"))


# module globals whose value is the module's (or its package's) dotted name; ``__spec__.name``
# is an attribute read and ``__qualname__``/``__module__`` are a class body's, not the module's
_MODULE_DUNDERS = frozenset(("__name__", "__package__"))
_CATCH_ALL = frozenset(("builtins.Exception", "builtins.BaseException"))
# a caught built-in whose interpreter wordings are at most this many has them as its text; more
# (``ValueError``'s ~80, ``TypeError``'s ~150) would be a record per wording at every such relay
_MAX_INTERPRETER_TEXTS = 24


def _with_interpreter_texts(value: Value, name: str, class_key: str) -> Value:
    """``except AttributeError as err: raise BoxKeyError(str(err))``: the caught exception's text
    is, besides what the codebase's own raises give it (``value``), the interpreter's wording of
    that class and its subclasses (``'{err1}' object has no attribute '{err2}'``), each a variant
    with its holes named after the caught name (``pyexc.interpreter_texts``: none for a class
    whose ``str()`` is not its message, as a ``KeyError``'s, so ``{err}`` stays its text)."""
    texts = interpreter_texts(class_key)
    if not texts or len(texts) > _MAX_INTERPRETER_TEXTS:
        return value
    words: list[Variant] = []
    for text in texts:
        pieces = text.split("{}")
        parts: list[Part] = [pieces[0]] if pieces[0] else []
        for i, piece in enumerate(pieces[1:], 1):
            parts.append(Ph(f"{name}{i}"))
            if piece:
                parts.append(piece)
        words.append(tuple(parts))
    return tuple(dict.fromkeys((*value, *words)))


_MAX_TRY_CALLEES = 16  # callees of a relay's ``try`` body whose modules bound what it relays
_MAX_TRY_CALLS = 4  # functions of a ``try`` body looked at for a caught exception's text
_MAX_FILTERED_PARTS = 3  # parts of a filtered join written out: 2**n - 1 forms


def _replaced_list(
    pre: ListVal, v1: EnvVal | object, v2: EnvVal | object, when: tuple[Cond, ...], unless: tuple[Cond, ...]
) -> ListVal | None:
    """A list of pieces mapped to a new list item by item in one branch only (``if
    len(messages) > 1: messages = [f"Error {i}: {m}" for ...]``): each item is the new one under
    the branch's conditions or the old one under the other's, so a join prints either list."""
    if v2 is pre and isinstance(v1, MappedList) and v1.source is pre:
        new, old, now, before = v1, pre, when, unless
    elif v1 is pre and isinstance(v2, MappedList) and v2.source is pre:
        new, old, now, before = v2, pre, unless, when
    else:
        return None
    return ListVal(
        tuple(
            concat(*_opt_items((a,), now), *_opt_items((b,), before))
            for a, b in zip(new.items, old.items, strict=True)
        )
    )


# the items of a list the extractor cannot read, after a header of known ones (``list_items``):
# one placeholder for them all, as a bullet list's rows (``str_join``)
_REST_ITEM = ph("...")


def _by_index(found: dict[int, list[Value]]) -> tuple[Value, ...]:
    """The texts a function's returns give each index (``Frame.ret_items``, ``ret_lists``), in
    order, ``()`` at an index none gave."""
    return tuple(union(*found.get(i, [])) for i in range(max(found) + 1)) if found else ()


def _note_returned_list(name: ast.Name, index: int, env: Env, frame: Frame) -> bool:
    """``return errors`` (``index`` 0) or element ``index - 1`` of a returned tuple, of a list of
    messages the function built: each item's text, kept for a caller that joins the list. An
    item appended under a test or in a loop is held as optional (``Opt``); on a line of its own
    it is its text. Items with no literal word (``out.append(r.name)``) are no messages."""
    held = env.get(name.id)
    if not isinstance(held, ListVal) or not held.items:
        return False
    texts: list[Variant] = []
    for item in held.items:
        for variant in item:
            if len(variant) == 1 and type(variant[0]) is Opt:
                variant = variant[0].value
            if variant and value_has_literal((variant,)):
                texts.append(variant)
    if not texts:
        return False
    frame.ret_lists.setdefault(index, []).append(union(tuple(texts)))
    return True


def _returned_list_items(held: object) -> tuple[Value, ...] | None:
    """``errors = check(x)`` or ``warns, errors = validate(s)``, then ``"\\n".join(errors)``: the
    list the function returns, as one item standing for any of its items (resolved once the
    functions are known, from ``FuncInfo.lists``); ``_joined_lists`` joins such items."""
    part = _lone_part(held) if isinstance(held, tuple) else None
    if type(part) is not Ref or not part.call or part.listed or part.method.startswith("<"):
        return None
    return (((part._replace(listed=True),),),)


def _listed_item(item: Value) -> Ref | None:
    """The returned list an item of a join stands for (``_returned_list_items``), if it is one."""
    part = _lone_part(item)
    return part if type(part) is Ref and part.listed else None


def _joined_lists(sep: Value, items: tuple[Value, ...], shown: str) -> Value:
    """``sep.join(items)`` where some items stand for lists a function returned (``warns +
    errors``): each such list may be empty (``warns`` is, most of the time) and holds any number
    of lines, each one of its items, so each list's item alone is a rendering; a join of such
    lists alone adds nothing more (the lines are independent), while items written out beside
    them (``["Config errors:"] + errors``) keep the whole join as well. A lone list keeps the
    join's source as its name, the hole it was where the function is not known."""
    if len(items) == 1 and (ref := _listed_item(items[0])) is not None:
        return ((ref._replace(name=shown),),)
    listed = [x for x in items if _listed_item(x) is not None]
    if not listed:
        return _join_items(sep, items)
    if len(listed) == len(items):
        return union(*listed)
    return union(_join_items(sep, items), *listed)


def _opt_items(items: tuple[Value, ...], conds: tuple[Cond, ...]) -> tuple[Value, ...]:
    return tuple(tuple((Opt(conds, variant),) for variant in item) for item in items)


def _filtered_none(arg: ast.expr) -> list[ast.expr] | None:
    """``filter(None, [a, b])``: the listed parts, of which the join keeps the truthy ones."""
    call = _named_call(arg, "filter", 2)
    if call is None:
        return None
    keep, listed = call.args
    if not (
        isinstance(keep, ast.Constant)
        and keep.value is None
        and isinstance(listed, _T_LIST_TUPLE)
        and 1 < len(listed.elts) <= _MAX_FILTERED_PARTS
        and not any(isinstance(x, ast.Starred) for x in listed.elts)
    ):
        return None
    return listed.elts


def _join_items(sep: Value, items: Sequence[Value]) -> Value:
    """``sep.join(items)`` where items appended under an ``if`` are optional: the separator
    before such an item is part of it.

    Until an item that is always there, the separator before an item needs an earlier item
    there too: a list started empty and filled by the two branches of one ``if`` joins one of
    them (``if isinstance(d, A): parts.append(a) else: parts.append(b)`` prints ``b``, never
    ``", " + b``: smbprotocol's ``Raw: 0203`` error detail), and after one optional item the
    separator holds under that item's conditions (``if a: parts.append(x)``, then
    ``parts.append(y)``: ``y`` alone when ``a`` is false). After several optional items that
    may be there with it, the separator stays (which of them is there is not one condition).
    """
    pieces: list[Value] = []
    before: list[Opt] = []  # the optional items so far (their forms), until a required one
    settled = False  # an item that is always there came before: every later one has its separator
    for i, item in enumerate(items):
        opts = _item_opts(item)
        if not i or not sep:
            pieces.append(item)
        elif opts is not None:
            pieces.append(
                tuple(
                    (o if (lead := _lead_sep(sep[0], before, o, settled)) is None else _sep_inside(lead, o),)
                    for o in opts
                )
            )
        else:
            lead = _lead_sep(sep[0], before, None, settled)
            if lead is not None:
                pieces.append((lead,))
            pieces.append(item)
        if opts is None:
            settled = True
        else:
            before.extend(opts)
    return concat(*pieces) if pieces else lit("")


def _item_opts(item: Value) -> tuple[Opt, ...] | None:
    """The forms of an optional item (each variant one ``Opt``: appended under an ``if``);
    None for an item that is there whatever the conditions."""
    if item and all(len(v) == 1 and isinstance(v[0], Opt) for v in item):
        return tuple(o for v in item for o in v if isinstance(o, Opt))
    return None


def _lead_sep(sep: Variant, before: Sequence[Opt], item: Opt | None, settled: bool) -> Variant | None:
    """The separator put before an item (``item`` its optional form, None when it is always
    there) given the optional items before it: all of it after a required item; none when every
    earlier item is exclusive with it (the other branch of its ``if``); under the conditions of
    the one earlier item that can be there with it; all of it after several."""
    if settled:
        return sep
    if item is not None and not has_literal(item.value):
        # placeholders alone are rendered whatever the conditions (``_render_opts``): an item
        # of them next to the other branch's would print beside it, so it keeps its separator
        return sep
    with_it = [o for o in before if item is None or not _exclusive(o, item)]
    if not with_it:
        return None
    if len(with_it) == 1:
        return (Opt(_path_conds(with_it[0]), sep),)
    return sep


def _exclusive(a: Opt, b: Opt) -> bool:
    """Whether two optional texts are never there together: one condition wanted true by one and
    false by the other (two branches of one ``if``/``elif`` chain, at any depth)."""
    wants = dict(_path_conds(a))
    return any(key in wants and wants[key] != want for key, want in _path_conds(b))


def _path_conds(o: Opt) -> tuple[Cond, ...]:
    """The conditions an optional text holds under, its nested ``if``s included (an ``elif``'s
    text is an ``Opt`` inside the ``else`` of the test before it)."""
    conds = o.conds
    while len(o.value) == 1 and isinstance(o.value[0], Opt) and not o.value[0].need:
        o = o.value[0]
        conds += o.conds
    return conds


def _all_present(items: Sequence[Value]) -> bool:
    """A list's items are all there: some items, none of them optional (each form of it a
    lone ``Opt``, appended under an ``if``) nor the open rest of a list built elsewhere."""
    return bool(items) and not any(
        item == _REST_ITEM or all(len(v) == 1 and isinstance(v[0], Opt) for v in item) for item in items
    )


def _sep_inside(sep: Variant, o: Opt) -> Opt:
    """An optional item with the separator before it: inside the innermost condition when the
    item was appended in a nested ``if`` (``if self.params: if hide: append(a)``), so that the
    outer condition alone adds no separator."""
    if len(o.value) == 1 and isinstance(o.value[0], Opt) and not o.value[0].need:
        return Opt(o.conds, (_sep_inside(sep, o.value[0]),), o.need)
    return Opt(o.conds, (*sep, *o.value), o.need)


def _note_cut(name: str, value: ast.expr, frame: Frame) -> None:
    """Keep ``frame.cuts`` true for ``name = value`` (a rebinding forgets an earlier cut)."""
    if (cut := _first_index(value)) is not None:
        frame.cuts[name] = cut
    else:
        frame.cuts.pop(name, None)


def _first_index(value: ast.expr) -> tuple[str, str] | None:
    """``s.index(sep)`` / ``s.find(sep)`` of a local ``s`` and a literal separator: (s, sep)."""
    if not (
        type(value) is ast.Call
        and type(value.func) is ast.Attribute
        and value.func.attr in ("index", "find")
        and type(value.func.value) is ast.Name
        and len(value.args) == 1
        and not value.keywords
    ):
        return None
    sep = _str_value(value.args[0])
    return None if not sep else (value.func.value.id, sep)


_MAX_SUMMANDS = 16  # operands of one ``+`` chain read for a splice (``spliced``)


def _add_operands(e: ast.BinOp) -> list[ast.expr]:
    """The operands of a left-nested ``a + b + c`` in order (at most ``_MAX_SUMMANDS``; a
    longer chain gives none)."""
    out: list[ast.expr] = []
    node: ast.expr = e
    while type(node) is ast.BinOp and isinstance(node.op, ast.Add) and len(out) < _MAX_SUMMANDS:
        out.append(node.right)
        node = node.left
    if type(node) is ast.BinOp and isinstance(node.op, ast.Add):
        return []
    out.append(node)
    return out[::-1]


def _text_cut(node: ast.expr) -> tuple[str, str, bool] | None:
    """``s[:i]`` -> (s, i, True), ``s[i:]`` -> (s, i, False) of plain names; None otherwise."""
    if not (type(node) is ast.Subscript and type(node.value) is ast.Name and type(node.slice) is ast.Slice):
        return None
    sl = node.slice
    if sl.step is not None:
        return None
    if sl.lower is None and type(sl.upper) is ast.Name:
        return node.value.id, sl.upper.id, True
    if sl.upper is None and type(sl.lower) is ast.Name:
        return node.value.id, sl.lower.id, False
    return None


def _is_number(node: ast.expr) -> bool:
    return (
        isinstance(node, ast.Constant)
        and isinstance(node.value, _T_INT_FLOAT)
        and not isinstance(node.value, bool)
    )


def _text_like(node: ast.expr, env: Env, visitor: ModuleVisitor) -> bool:
    """A keyword argument's value that may be message text: a string, or a name or attribute
    (a module constant holding one, checked when resolved)."""
    return visitor.is_stringy(node, env) or (
        isinstance(node, _T_NAME_ATTRIBUTE) and not (isinstance(node, ast.Name) and node.id in env)
    )


def _exception_like(node: ast.ClassDef) -> bool:
    """A class whose methods may build an exception's message: named or derived like an
    exception, or defining a printer (a mixin such as ``HasDescriptionCode``)."""
    names = [node.name, *(_last_name(b.value if isinstance(b, ast.Subscript) else b) for b in node.bases)]
    if any(n.endswith(EXC_SUFFIXES) for n in names):
        return True
    return any(isinstance(s, ast.FunctionDef) and s.name in _PRINTERS for s in node.body)


def _on_self_or_cls(func: ast.expr, frame: Frame) -> bool:
    """``cls.name`` in a classmethod or ``self.name`` in a method (one attribute deep)."""
    return (
        isinstance(func, ast.Attribute)
        and isinstance(func.value, ast.Name)
        and func.value.id in (frame.cls_name, frame.self_name)
    )


def _class_doc(info: ClassInfo, node: ast.ClassDef, exc_like: bool, derived: bool) -> None:
    """``self.__doc__`` as a class-level text: an exception's default message when it is raised
    bare (``if self.msg is None: self.msg = self.__doc__``). Python gives every class its own
    ``__doc__`` (None without a docstring), never its base's, so each class records one, None
    (``()``) when it has no docstring or cannot be an exception (its text is then left unknown).

    A class named otherwise may still derive from an exception through its bases (``class
    NoSOA(BadZone)``): only the resolved hierarchy tells. Such a class keeps the first
    paragraph of its docstring when it is as short as a message (``_DOC_MESSAGE_MAX``), so the
    catalogue does not carry the documentation of every derived class."""
    doc = doc_of(node) if exc_like or derived else None
    if not doc:
        info.consts["__doc__"] = ()
        return
    first = doc.split("\n\n", 1)[0]
    if not exc_like:
        info.consts["__doc__"] = lit(first) if len(first) <= _DOC_MESSAGE_MAX else ()
        return
    # a long docstring is quoted by its first paragraph as often as whole
    info.consts["__doc__"] = union(lit(first), lit(doc)) if first != doc else lit(doc)


def _tested_classes(node: ast.expr) -> tuple[str, ...]:
    """K of ``isinstance(e, K)``: one class or a tuple of them, as written; empty for anything
    else (a name holding a tuple, a call)."""
    if type(node) is ast.Tuple:
        names = tuple(_dotted(e) for e in node.elts)
        return tuple(n for n in names if n is not None) if names and all(names) else ()
    written = _dotted(node)
    return (written,) if written else ()


def _caught_tuple(node: ast.expr | None) -> tuple[str, ...]:
    """``except (TypeError, ValueError)``: the classes as written, in order; empty unless the
    clause is a tuple of two or more plain (dotted) names."""
    if not isinstance(node, ast.Tuple) or len(node.elts) < 2:
        return ()
    names = tuple(_dotted(e) for e in node.elts)
    return tuple(n for n in names if n is not None) if all(names) else ()


def _remade_name(func: ast.expr) -> str | None:
    """``type(e)`` or ``e.__class__`` called to make a new exception: the name ``e``."""
    if isinstance(func, ast.Attribute) and func.attr == "__class__" and isinstance(func.value, ast.Name):
        return func.value.id
    if (
        isinstance(func, ast.Call)
        and isinstance(func.func, ast.Name)
        and func.func.id == "type"
        and len(func.args) == 1
        and not func.keywords
        and isinstance(func.args[0], ast.Name)
    ):
        return func.args[0].id
    return None


def _caught_class_name(node: ast.expr, frame: Frame) -> str | None:
    """The name of the class an ``except Cls as name`` handler caught, for ``type(name)`` or
    ``name.__class__``; None for anything else (a tuple of classes, a bare ``except``)."""
    name = _remade_name(node)
    if name is None:
        return None
    written = _enclosing(frame, "caught", name)
    last = written.rpartition(".")[2] if isinstance(written, str) else ""
    # (``except Exception as e``: whatever the body raised, hardly ever ``Exception`` itself)
    return last if last and last not in ("Exception", "BaseException") else None


def _is_param(node: ast.expr, frame: Frame) -> bool:
    return isinstance(node, ast.Name) and node.id in frame.params


def _holds_param(node: ast.expr, env: Env, frame: Frame) -> bool:
    """A local bound to a parameter as it was given (``final = custom_message``, a helper's
    copy it may append to in some branch): text only the caller knows, as the parameter is."""
    if not isinstance(node, ast.Name):
        return False
    cur = env.get(node.id)
    return (
        isinstance(cur, tuple)
        and len(cur) == 1
        and len(cur[0]) == 1
        and isinstance(cur[0][0], Ph)
        and cur[0][0].name in frame.params
    )


def _dedents_param(call: ast.Call, frame: Frame) -> bool:
    """``textwrap.dedent(msg)`` / ``inspect.cleandoc(msg)`` of a parameter: a text only the
    caller knows, re-indented (``fill``/``indent`` keep the words as they are)."""
    return (
        _is_rewrap(call)
        and _last_name(call.func) in ("dedent", "cleandoc")
        and _is_param(call.args[0], frame)
    )


def _self_attr_message(spec: ExcSpec, self_name: str | None) -> str | None:
    """The attribute of ``self`` whose value is an exception's whole message, if it is one."""
    msg = spec.msg
    if self_name is None or msg is None or len(msg) != 1 or len(msg[0]) != 1:
        return None
    part = msg[0][0]
    prefix = self_name + "."
    if isinstance(part, Ph) and part.name.startswith(prefix) and part.name[len(prefix) :].isidentifier():
        return part.name[len(prefix) :]
    return None


def _wordy(node: ast.expr) -> bool:
    """A string literal that reads like a sentence (a few words)."""
    return isinstance(node, ast.Constant) and isinstance(node.value, str) and len(node.value.split()) >= 3


def _short(node: ast.expr) -> bool:
    """A string literal too short to be a message (``"float32"``, ``"name"``)."""
    return isinstance(node, ast.Constant) and isinstance(node.value, str) and len(node.value.split()) < 3


def _returns_enclosing_param(value: ast.Name, frame: Frame) -> bool:
    """``return msg`` in a closure, of a parameter of the function around it that the closure
    does not rebind: what that function's caller passed, which ``closure_text`` fills in."""
    parent = frame.parent
    if (
        parent is None
        or parent.kind != "function"
        or value.id in frame.params
        or value.id not in parent.params
    ):
        return False
    node = frame.node
    return isinstance(node, _T_FUNCTIONDEF_ASYNCFUNCTIONDEF) and not _binds_any(node, {value.id})


def _free_names(variant: Sequence[Part]) -> Iterable[str]:
    """The root names of a rendering's placeholders (``msg``, ``x`` of ``x.attr``)."""
    for p in variant:
        if isinstance(p, Ph):
            yield p.name.partition(".")[0].partition("[")[0]


def _local_def(node: ast.AST | None, name: str) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    """The function ``name`` defined directly in the body of function ``node`` (its branches
    included, not inside a nested definition)."""
    if not isinstance(node, _T_FUNCTIONDEF_ASYNCFUNCTIONDEF):
        return None
    todo: list[ast.AST] = list(node.body)
    while todo:
        n = todo.pop()
        if isinstance(n, _T_FUNCTIONDEF_ASYNCFUNCTIONDEF) and n.name == name:
            return n
        if not isinstance(n, _T_FUNCTIONDEF_ASYNCFUNCTIONDEF_CLASSDEF_LAMBDA):
            todo.extend(child_nodes(n))
    return None


def _binds_any(node: ast.FunctionDef | ast.AsyncFunctionDef, names: set[str]) -> bool:
    """Whether a function binds any of ``names`` itself (a parameter or a store)."""
    a = node.args
    if any(p.arg in names for p in (*a.posonlyargs, *a.args, *a.kwonlyargs, a.vararg, a.kwarg) if p):
        return True
    return any(
        isinstance(n, ast.Name) and isinstance(n.ctx, _T_STORE_DEL) and n.id in names
        for stmt in node.body
        for n in ast.walk(stmt)
    )


def _late_bound_texts(node: ast.FunctionDef | ast.AsyncFunctionDef, parent: Frame, fenv: Env) -> None:
    """A closure reads the names of the function around it when it runs, not when it is
    defined: a text that function binds such a name to after the ``def`` (``message = "You
    cannot call this ..."`` once a decorator factory finds it was used bare, the decorator
    defined above) is one more value of the name inside the closure. Each such string literal
    is added to what the name held at the ``def`` (a parameter: its placeholder stays, for the
    text a caller passes). Names the closure binds itself, or never reads, are left alone."""
    end = node.end_lineno or node.lineno
    late: dict[str, list[str]] = {}
    for name, values in parent.bound_values().items():
        for v in values:
            if v.lineno > end and type(v) is ast.Constant and isinstance(v.value, str) and v.value:
                late.setdefault(name, []).append(v.value)
    if not late:
        return
    read = {n.id for n in nodes_within(node) if type(n) is ast.Name and type(n.ctx) is ast.Load}
    for name in late.keys() & read:
        if _binds_any(node, {name}):
            continue  # the closure's own local
        cur = fenv.get(name)
        if cur is None:
            # a parameter (or a value unknown at the ``def``): its placeholder stays beside the
            # texts; a name bound only after the ``def``, and only to texts, is those texts
            alone = name not in fenv and len(late[name]) == len(parent.bound_from(name))
            cur = () if alone else ph(name)
        elif not isinstance(cur, tuple):
            continue  # a list, a mapping, an exception: not a text a literal adds to
        fenv[name] = union(cur, *(lit(t) for t in late[name][:_MAX_LATE_TEXTS]))


_MAX_LATE_TEXTS = 4  # texts bound after a closure's ``def`` added to a name it reads


def _enclosing(frame: Frame, table: str, name: str) -> str | None:
    """``name`` in a per-frame table (``local_funcs``, ``caught``) of this frame or the nearest
    enclosing one that has it."""
    f: Frame | None = frame
    while f is not None:
        found: str | None = getattr(f, table).get(name)
        if found is not None:
            return found
        f = f.parent
    return None


def _comp_env(comp: ast.GeneratorExp | ast.ListComp, env: Env) -> Env:
    """The environment inside a comprehension: its targets are unknown values."""
    inner: Env = dict(env)
    for gen in comp.generators:
        for n in ast.walk(gen.target):
            if isinstance(n, ast.Name):
                inner[n.id] = None
    return inner


# The type tuples of this module's ``isinstance`` tests, made once: ``isinstance(x, A | B)``
# builds a new union object each time it runs (~0.4 us; the extractor runs such tests ~500k
# times while jax 0.10.2 is extracted), where a tuple made once answers the same.
_T_STR_BYTES = (str, bytes)  # text, or bytes a message decodes
_T_FOR_ASYNCFOR_COMPREHENSION = (ast.For, ast.AsyncFor, ast.comprehension)
_T_NAMEDEXPR_ANNASSIGN = (ast.NamedExpr, ast.AnnAssign)
# the nodes ``_bound_values`` reads a binding from
_BINDS_VALUE = frozenset({*_T_FOR_ASYNCFOR_COMPREHENSION, *_T_NAMEDEXPR_ANNASSIGN, ast.Assign})
_T_ATTRIBUTE_SUBSCRIPT_CALL = (ast.Attribute, ast.Subscript, ast.Call)
_T_LIST_TUPLE = (ast.List, ast.Tuple)
_T_ARG_SEQS = (TupleArgs, ArgsCopy)  # a local's arguments a call may spread (``spread_args``)


def _copies_args(value: ast.expr) -> bool:
    """``list(e.args)`` (or ``list(exc.args)``): a list copied from some object's ``args``, the
    arguments of an exception, the start of an ``ArgsCopy``."""
    match value:
        case ast.Call(func=ast.Name(id="list"), args=[ast.Attribute(attr="args")], keywords=[]):
            return True
    return False


_T_DISPLAY = (ast.List, ast.Tuple, ast.Set)
# assigned values ``note_built`` searches for objects built with a text: a call, or a display
_T_BUILT = (ast.Call, ast.Dict, ast.List, ast.Tuple, ast.Set)
_T_DICT_DICTCOMP = (ast.Dict, ast.DictComp)
_T_NAME_ATTRIBUTE = (ast.Name, ast.Attribute)
_T_GENERATOREXP_LISTCOMP = (ast.GeneratorExp, ast.ListComp)
_T_JOINEDSTR_BINOP_NAME_ATTRIBUTE_CALL = (ast.JoinedStr, ast.BinOp, ast.Name, ast.Attribute, ast.Call)
_T_FUNCTIONDEF_ASYNCFUNCTIONDEF = (ast.FunctionDef, ast.AsyncFunctionDef)
_T_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)  # code run elsewhere
_T_RETURN_YIELD_YIELDFROM = (ast.Return, ast.Yield, ast.YieldFrom)
_T_YIELD_YIELDFROM = (ast.Yield, ast.YieldFrom)
_T_RETURN_RAISE = (ast.Return, ast.Raise)
_T_IS_ISNOT = (ast.Is, ast.IsNot)
_T_EQ_NOTEQ = (ast.Eq, ast.NotEq)
_T_INT_FLOAT = (int, float)
_T_CONTINUE_BREAK = (ast.Continue, ast.Break)
_CONTINUE_BREAK_TYPES = frozenset(_T_CONTINUE_BREAK)  # (exact types: ``astutil._LEAF_VALUES``)
_T_FUNCTIONDEF_ASYNCFUNCTIONDEF_CLASSDEF_LAMBDA = (
    ast.FunctionDef,
    ast.AsyncFunctionDef,
    ast.ClassDef,
    ast.Lambda,
)
_T_PH_OP = (Ph, Op)
_T_IF_WITH_TRY_FOR_WHILE = (ast.If, ast.With, ast.Try, ast.For, ast.While)
_T_ASSIGN_ANNASSIGN = (ast.Assign, ast.AnnAssign)
_T_WITHS = (ast.With, ast.AsyncWith)
_T_BLOCKS = (ast.If, ast.For, ast.AsyncFor, ast.While, ast.Try)  # statements holding statements
_T_NAME_CALL_JOINEDSTR_BINOP_CONSTANT = (ast.Name, ast.Call, ast.JoinedStr, ast.BinOp, ast.Constant)
_T_EXCVAL_TYPESVAL = (ExcVal, TypesVal)
_EXCVAL_TYPESVAL_TYPES = frozenset(_T_EXCVAL_TYPESVAL)  # (neither class has a subclass)
_T_SLICE_CONSTANT = (ast.Slice, ast.Constant)
_T_STR_INT_FLOAT = (str, int, float)
_T_ADD_MOD = (ast.Add, ast.Mod)
_T_DICTVAL_ROWVAL = (DictVal, RowVal)
_T_STORE_DEL = (ast.Store, ast.Del)
_T_ANNASSIGN_AUGASSIGN = (ast.AnnAssign, ast.AugAssign)
_T_IMPORT_IMPORTFROM = (ast.Import, ast.ImportFrom)
_T_FOR_ASYNCFOR = (ast.For, ast.AsyncFor)
_T_IF_TRY_WITH = (ast.If, ast.Try, ast.With)
_T_LITERAL_DISPLAYS = (ast.List, ast.Tuple, ast.Dict, ast.Constant, ast.UnaryOp)
_T_CONSTANT_JOINEDSTR_NAME_CALL_BINOP_IFEXP = (
    ast.Constant,
    ast.JoinedStr,
    ast.Name,
    ast.Call,
    ast.BinOp,
    ast.IfExp,
)
_T_WITH_ASYNCWITH = (ast.With, ast.AsyncWith)


def _number_literal(e: ast.expr) -> int | float | bool | None:
    """The number (or bool) a plain literal writes (``10``, ``-1``, ``0.5``, ``True``); None
    for anything else (a string, an expression)."""
    if isinstance(e, ast.UnaryOp) and isinstance(e.op, ast.USub) and isinstance(e.operand, ast.Constant):
        v = e.operand.value
        return -v if isinstance(v, _T_INT_FLOAT) and not isinstance(v, bool) else None
    if isinstance(e, ast.Constant) and isinstance(e.value, _T_INT_FLOAT):
        return e.value
    return None


def _literal_repr(literal: object, val: Value) -> str | None:
    """``repr`` of the literal a module-level name was last bound to, when the name's value at
    the module's end is that literal's text alone (no branch bound it to another)."""
    if literal is None:
        return None
    text = literal.decode("utf-8", "replace") if isinstance(literal, bytes) else str(literal)
    return repr(literal) if val == lit(text) else None
