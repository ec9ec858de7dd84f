"""What a worker learns from one file, in a form the parent can merge across the codebase.

Workers never see other modules, so everything that may be defined elsewhere stays symbolic
(``templates.Ref``) and these per-module tables (constants, message/exception helpers, exception
classes, import aliases) are what the parent uses to resolve those references. They are plain
picklable dataclasses so a process pool can return them; ASTs never cross the process boundary.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from errdex.extract.templates import Arg, Ref, Value
from errdex.model import CodeFacts, FileStatus, Kind, TestExpectation


@dataclass(slots=True)
class ExcSpec:
    """The exception (or warning category / log level) a site produces, before resolution.

    ``helper`` is set for ``raise make_error(...)``: the exception comes from what that function
    returns. Otherwise ``exc_type`` is the class as written and ``key`` its dotted name when
    imports tell it; ``msg`` is the explicit message argument (None: use the class default).
    """

    exc_type: str
    key: str | None = None
    msg: Value | None = None
    args: tuple[Arg, ...] = ()
    kwargs: tuple[tuple[str, Arg], ...] = ()
    helper: Ref | None = None
    via_call: bool = False  # a call statement that raises only if ``helper`` always raises


@dataclass(slots=True)
class Site:
    """One raise/warn/log/assert, with everything the record needs except resolved templates."""

    kind: Kind
    exc: ExcSpec
    line: int
    end_line: int
    function: str
    level: str | None
    guards: list[str]
    window_start: int
    window_end: int
    comments: list[str]
    docstring: str | None


@dataclass(slots=True)
class FuncInfo:
    """A function as a message source: what it returns, as a string and/or as an exception."""

    params: tuple[str, ...]
    ret: Value = ()
    exc: ExcSpec | None = None
    defaults: dict[str, Arg] = field(default_factory=dict)  # string-literal parameter defaults
    raises: bool = False  # the body ends in ``raise <exc>``: ``exc`` is what every call raises


@dataclass(slots=True)
class ClassInfo:
    """A class of the codebase; ``msg`` is the message its ``__init__``/``__str__`` builds."""

    bases: list[str]
    base_keys: list[str | None]
    params: tuple[str, ...] = ()
    defaults: dict[str, Arg] = field(default_factory=dict)
    msg: Value | None = None
    methods: set[str] = field(default_factory=set)


@dataclass(slots=True)
class ModuleFacts:
    """Everything one file contributes; ``sites`` are empty for test files."""

    path: str
    module: str
    status: FileStatus = "ok"
    reason: str | None = None
    is_test: bool = False
    consts: dict[str, Value] = field(default_factory=dict)  # dotted key -> value
    funcs: dict[str, FuncInfo] = field(default_factory=dict)  # dotted key -> info
    classes: dict[str, ClassInfo] = field(default_factory=dict)  # dotted key -> info
    aliases: dict[str, str] = field(default_factory=dict)  # module.local -> imported dotted name
    instances: dict[str, str] = field(default_factory=dict)  # module-level ``x = Cls()`` -> Cls key
    stars: list[str] = field(default_factory=list)  # modules this one star-imports (``from m import *``)
    sites: list[Site] = field(default_factory=list)
    symbols: set[str] = field(default_factory=set)
    code: CodeFacts | None = None  # what analysis needs (``codefacts``); None when unparseable
    expectations: list[TestExpectation] = field(default_factory=list)  # test files only
