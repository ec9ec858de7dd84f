"""What a worker learns from one file, in a form the parent can merge across the codebase.

Workers never see other modules, so everything that may be defined elsewhere stays symbolic
(``templates.Ref``) and these per-module tables (constants, message/exception helpers, exception
classes, import aliases) are what the parent uses to resolve those references. They are plain
picklable dataclasses so a process pool can return them; ASTs never cross the process boundary.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from errdex.extract.templates import Arg, Ref, Sig, Value
from errdex.model import CodeFacts, FileStatus, Kind, TestExpectation, by_fields

# ``ExcSpec.types_refs`` entry ``KEY`` + this: every subclass of class ``KEY`` in the codebase
# (``raise type(e)(...)`` of a caught object may be of any of them)
SUBCLASSES_MARK = "+<"
# ``ExcSpec.types_refs`` entry ``MODULE`` + this [+ ``ATTR``]: the exception classes defined at the
# top of module ``MODULE``, those giving class attribute ``ATTR`` text when one is named: a loop
# over a module's members picking the class to raise by that attribute (oauthlib's ``for _, cls in
# inspect.getmembers(sys.modules[__name__], inspect.isclass): if cls.error == error: raise cls()``)
MODULE_CLASSES_MARK = "+*"
# an entry (this + KEY, None) of ``ModuleFacts.passed_maps``: a module-level mapping of classes
# passed by name (``raise_from(code, ERRORS)``), its classes those of ``type_maps[KEY]``
TABLE_MARK = "@table:"
# an entry (this + ``FUNC(POS:NAME)``, None) of ``ModuleFacts.passed_classes``: the caller's own
# parameter handed on (``self._src.inc(exception=exception)``), its classes those the calls of
# ``FUNC`` pass in that slot (followed one level)
FORWARD_MARK = "@param:"
# ``ExcSpec.types_refs`` entry ``?FUNC(POS:NAME)?KEY``: class ``KEY`` and its subclasses in the
# codebase, as a parameter's annotation names them, when no call of the codebase passes a class
# in that parameter's slot (else none: the calls' classes are the evidence)
ANNOTATED_MARK = "?"
# ``Exception.__str__(self)`` in a printer: the printed form of the class it names, written
# ``<Name>`` + this suffix (``super().__str__()`` is the next class's, whichever that is)
NAMED_STR = ".__str__(<self>)"

# rich's protocol: a class defining it is printed by rich (a CLI's error handler) through it
RICH_METHOD = ".__rich_console__"


@by_fields
@dataclass(slots=True)
class ExcSpec:
    """The exception (or warning category / log level) a site produces, before resolution.

    ``helper`` is set for ``raise make_error(...)``: the exception comes from what that function
    returns. Otherwise ``exc_type`` is the class as written and ``key`` its dotted name when
    imports tell it; ``msg`` is the explicit message argument (None: use the class default).
    ``types`` lists the classes a variable bound from a mapping of classes may hold
    (``raise mapped_exc(message)``), as (written, key) pairs; ``types_refs`` name such mappings
    defined elsewhere, resolved by the parent. ``opaque``: an exception object built elsewhere
    (``raise error``): ``msg`` names it and no class builds a message. ``cls_relative``: ``cls(...)``
    in a classmethod, the class it is called on.
    """

    exc_type: str
    key: str | None = None
    msg: Value | None = None
    args: tuple[Arg, ...] = ()
    kwargs: tuple[tuple[str, Arg], ...] = ()
    helper: Ref | None = None
    via_call: bool = False  # a call statement that raises only if ``helper`` always raises
    relay: bool = False  # the message (or exception) is one the enclosing function was given
    handoff: bool = False  # a call handing message text to a parameter named like a message
    types: tuple[tuple[str, str | None], ...] = ()
    types_refs: tuple[str, ...] = ()
    opaque: bool = False
    cls_relative: bool = False
    # ``raise exception(*args)``: a raise of the arguments its function was called with; the
    # calls supplying text give this statement their texts (``key_fn``: the function's key)
    forwards: bool = False
    key_fn: str | None = None
    cls_any: bool = False  # ``cls_relative`` where ``cls`` was rebound (``cls = glob[name]``): any subclass
    type_param: str | None = None  # ``raise error_class(msg)``: the parameter holding the class
    # ``opaque``: the functions called where the raised name was bound (``for error in
    # self.iter_errors(x)``, ``error = best_match(v.iter_errors(x))``), by their last name
    sources: tuple[str, ...] = ()
    # ``raise MultipleInvalid(errors)`` with ``errors.append(Invalid('...', path))`` before it: the
    # exceptions the list argument collected; a wrapper that prints nothing of its own (its
    # message all placeholder, ``str(self.errors[0])``) prints one of theirs
    inner: tuple[ExcSpec, ...] = ()
    # ``raise exc.with_traceback(None)`` of a caught exception: a traceback ends here, but the
    # object and its text were made where it was first raised (a relay, whoever calls this)
    reraised: bool = False
    # ``raise Exc(...)`` or ``raise Exc(...) from None``: the instance, made right there, has no
    # ``__cause__``, so a printer's test of it (``isinstance(self.__cause__, JSONDecodeError)``)
    # is false for this raise (``raise Exc(...) from err`` leaves it open)
    uncaused: bool = False
    # a raise composing its function's parameters into text of its own (``raise ParseError(
    # f"{message}. Line {line}")``): the statement's (path, line), where a traceback of a call
    # supplying that message ends, so the composed message is recorded there
    at: tuple[str, int] | None = None
    # ``via_call`` of ``factory(...)(args)``: the factory's call (with its own arguments);
    # ``helper`` names the factory too, with the outer call's arguments, given to the function
    # the factory returns (``ModuleFacts.closures``)
    maker: Ref | None = None
    # ``err = check(x)`` ... ``raise err`` (``opaque``): the calls of the codebase's functions the
    # raised local is bound from; a function that returns an exception it builds (``return
    # Exc(msg)``) makes the raise that exception, the call's arguments in its parameters
    returned: tuple[ExcSpec, ...] = ()
    # ``raise limit.rangeexception(limit.rangeerrorstring)``: class and message are two fields of
    # the record a parameter holds; (raising module, class field, message field), resolved to
    # the records of literal fields that module builds (``ModuleFacts.records``)
    record_of: tuple[str, str, str] | None = None
    # ``err = copy.copy(e)`` of an exception caught in the function, then ``raise err``: the key
    # of the class copied (the ``isinstance(e, K)`` test around the copy, else the ``except``'s
    # class). The copy is a new object, first raised here: its traceback starts at this raise
    # (the caught one's is left behind), and it prints what the caught exception printed
    copied: str | None = None
    # with ``copied``: the copy is a new exception built from the caught one's text (``raise
    # K(e.msg, ...)``), not the object copied; it relays the raises the ``try`` can reach only:
    # those of the codebase functions its body calls by name (their keys, ``try_calls``) and of
    # the modules theirs load
    relayed: bool = False
    relayed_from: tuple[str, ...] = ()
    # ``raise self.parse_error(exception)`` handing a helper this function's own parameter that
    # its annotation says holds classes: (parameter, its ``types_refs``: this function's slot
    # and annotation), what the helper's class parameter holds at this call
    class_args: tuple[tuple[str, tuple[str, ...]], ...] = ()
    # ``raise error.origin`` (``opaque``) of an attribute of an object an ``except C as error``
    # caught: the key of ``C``, whose constructions say what exception the attribute holds
    holder: str | None = None
    # ``handoff`` made where a module or class body runs, at import (``validate_slug =
    # RegexValidator(slug_re, _("..."))``): a configured object, in no traceback of its error
    at_import: bool = False
    # a factory's exit given its text after it was built (``e = error_cast(); e.args = (arg,);
    # return e``): that text as the factory read it, which another release or another path
    # may set otherwise, so a caller's ``raise err`` keeps its placeholder beside it
    given_late: bool = False


@by_fields
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
    # a method's raise: its class and ``self``, so that ``self.<attr>`` in the message can be
    # read from what the class's methods (and its subclasses') assign to that attribute
    self_class: str | None = None
    self_name: str | None = None
    yielded: bool = False  # ``yield Exc(...)``: built here, raised by whoever iterates
    # ``self._exc = Exc(f"...")``, ``helper(cause=Exc(msg))``: built here, raised by another
    # statement; a record only where the text it prints is known (some literal words)
    built: bool = False
    # a site in a function defined inside another: the conditions the ``def`` sits under there
    # (``elif isinstance(local, ContextVar): def _get(): ... raise``), outermost first; which of
    # several such functions a caller's argument makes is what they tell apart
    outer: tuple[str, ...] = ()


@by_fields
@dataclass(slots=True)
class FuncInfo:
    """A function as a message source: what it returns, as a string and/or as an exception.

    ``printed`` is every value it returns, placeholders alone included: for ``__str__``,
    ``format_message`` and properties, whose result is (part of) an exception's message even
    when it is one attribute. ``relays`` are raises inside it whose message comes from its
    parameters (``if bad: raise ValueError(msg)``): calls passing the text are raise sites.
    """

    params: tuple[str, ...]
    ret: Value = ()
    exc: ExcSpec | None = None
    defaults: dict[str, Arg] = field(default_factory=dict)  # string-literal parameter defaults
    raises: bool = False  # the body ends in ``raise <exc>``: ``exc`` is what every call raises
    sig: Sig | None = None  # None: every parameter is positional (a lambda)
    printed: Value = ()
    self_name: str | None = None  # a method's first parameter
    relays: tuple[ExcSpec, ...] = ()
    rewrap: bool = False  # returns its first argument through whitespace-only steps (``fill``)
    types: tuple[tuple[str, str | None], ...] = ()  # returns a dict literal whose values are classes
    is_classmethod: bool = False
    raised_attrs: tuple[tuple[str, ExcSpec], ...] = ()  # methods: ``raise X(self.attr)`` per attr
    exc_more: tuple[ExcSpec, ...] = ()  # a factory's other ``return Exc(...)``, after ``exc``
    report: Value = ()  # an exception class's method: the text it renders into a report object
    # the parameter it returns as given (``return error``): ``raise f(make_error(...))`` raises
    # what ``make_error`` returns
    passes: str | None = None
    # the text of each element of a tuple it returns (``return None, f"bad {x}", pos``), by
    # index; ``()`` where an element has none: a caller unpacks it and raises it
    items: tuple[Value, ...] = ()
    # mappings of classes it returns a class from (``return ERRORS.get(code, ApiError)``): their
    # classes join ``types`` once the codebase is known (``Resolver.type_map``)
    types_refs: tuple[str, ...] = ()
    # ``ret`` re-flows the first parameter's text (``reflow``: dedent, ``re.sub``, then ``%``)
    reflows: bool = False
    # the texts of the items of a list of messages it returns (``errors.append(f"bad {x}")`` in
    # a loop, then ``return errors`` or ``return warnings, errors``): index 0 the list returned
    # whole, ``i + 1`` the list that is element ``i`` of a tuple; ``()`` where none is. A caller
    # joins them into its message (``"\n".join(warns + errors)``), one item a line.
    lists: tuple[Value, ...] = ()


@by_fields
@dataclass(slots=True)
class BaseCall:
    """``super().__init__(...)`` or ``Base.__init__(self, ...)`` in an ``__init__``.

    ``target`` is None for ``super()`` (the next class in the MRO), else the base's dotted key.
    ``when``: the call is made only under a test of a parameter (``if args:``, ``(name, "t" or
    "n", truth)``), or after ``*args`` was unpacked into N names (``a, b, c = args``: "#3";
    ``= args[:3]``: ">3"), and ``other`` is the one the other branch makes
    (``else: super().__init__(self.msg)``, ``except ValueError: super().__init__(*args)``):
    which one runs is the caller's choice. ``after``: ``super(Cls, self)`` naming a class other
    than the method's own (its dotted key): the initialiser called is the next one after that
    class in the MRO, skipping ``Cls``'s own (``super(ParentError, self).__init__(message=...)``
    in a subclass of ``ParentError`` sets the text ``ParentError.__init__`` would have replaced).
    ``also``: further tests that must hold with ``when`` (``if all(a is not None for a in [key,
    value]):``, ``if key is not None and value is not None:``), a guard on several parameters.
    """

    target: str | None
    args: tuple[Arg, ...]
    kwargs: tuple[tuple[str, Arg], ...]
    when: tuple[str, str, bool] | None = None
    other: BaseCall | None = None
    after: str | None = None
    also: tuple[tuple[str, str, bool], ...] = ()


@by_fields
@dataclass(slots=True)
class InitInfo:
    """What an ``__init__`` does with its arguments: the attributes it sets, the base initialiser
    it calls, and an explicit ``self.args = (...)``; values are in terms of its parameters."""

    sig: Sig
    attrs: dict[str, Value] = field(default_factory=dict)
    base: BaseCall | None = None
    args_set: tuple[Arg, ...] | None = None
    # written by a class decorator from the class's own annotated fields (``fields.py``): the
    # fields of the decorated bases come first
    generated: bool = False
    # the class's own fields the decorator's generated ``__repr__`` shows, in order (``Cls(a=1,
    # b='x')``); None when it generates none (``repr=False``) or the class writes its own
    shown: tuple[str, ...] | None = None


@by_fields
@dataclass(slots=True)
class ClassInfo:
    """A class of the codebase: its bases, ``__init__``, and the class-level text it holds.

    ``consts`` are class attributes with text (``fmt = 'Could not connect to {endpoint_url}'``,
    ``code = 400``), ``dicts`` class-level dicts of messages by key
    (``default_error_messages = {'invalid': '...'}``), ``props`` its properties.
    """

    bases: list[str]
    base_keys: list[str | None]
    init: InitInfo | None = None
    consts: dict[str, Value] = field(default_factory=dict)
    dicts: dict[str, dict[str, Value]] = field(default_factory=dict)
    props: frozenset[str] = frozenset()
    methods: set[str] = field(default_factory=set)
    # ``self.<attr> = <text>`` in any of its methods (``self.errmsg = f"Expected {self.name}"``);
    # ``self_other``: attributes some method also assigns a value of unknown text
    self_texts: dict[str, Value] = field(default_factory=dict)
    self_other: set[str] = field(default_factory=set)
    # ``self.<attr> = self.<method>()`` (``self._defaultName = self._generateDefaultName()``):
    # a reference to what the method returns, read by a property returning the attribute
    # (``extract/instance_reads.py``); such an attribute is in ``self_other`` too
    self_calls: dict[str, Value] = field(default_factory=dict)
    # ``def set_name(self, name): self.custom_name = name``: per method (not ``__init__``), the
    # attributes it sets to a parameter as given -> (the parameter, its position after ``self``,
    # -1 for a keyword-only one)
    param_sets: dict[str, dict[str, tuple[str, int]]] = field(default_factory=dict)
    # ``__init__``'s ``self.set_name("end of line")``: per method called on the instance, each
    # call's string-literal arguments (by position as "0", "1", ... and by keyword); with
    # ``param_sets`` of the method the instance resolves it to, the text the attribute holds on
    # every instance of the class (``extract/resolve.py``, ``attr_texts``)
    literal_calls: dict[str, tuple[dict[str, str], ...]] = field(default_factory=dict)


RecordItem = tuple[str, str, str | None]
RecordFacts = tuple[str, tuple[RecordItem, ...], tuple[tuple[str, RecordItem], ...]]


@by_fields
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
    type_maps: dict[str, tuple[tuple[str, str | None], ...]] = field(default_factory=dict)  # dicts of classes
    # mappings of classes handed to functions, by callee key and slot (``KEY#0``, ``KEY:name``)
    passed_maps: dict[str, tuple[tuple[str, str | None], ...]] = field(default_factory=dict)
    # classes handed to functions as arguments (``raise_for(resp, NotFoundError)``), the same way:
    # what a raise of that parameter (``raise error(...)``) raises
    passed_classes: dict[str, tuple[tuple[str, str | None], ...]] = field(default_factory=dict)
    stars: list[str] = field(default_factory=list)  # modules this one star-imports (``from m import *``)
    # function qualname -> its signature and its calls handing on a value named like a message
    # as given (``fail(message)``, ``self._fail(self._error_message)``): no site of their own
    # (they supply no text), but what reaches that name from another codebase reaches the
    # callee's raise
    hands: dict[str, tuple[Sig | None, list[Ref]]] = field(default_factory=dict)
    # function key -> the key of a function defined in it that it returns (``return _ret``)
    closures: dict[str, str] = field(default_factory=dict)
    # record types of named fields (``Limit = namedtuple("Limit", [...])``, ``class P(NamedTuple)``):
    # key -> their fields in order
    record_types: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # records built at module or class level (``DATE_MM_LIMIT = Limit("...", 1, 12, MonthError,
    # "Month must be ...")``): (callee key, positional items, keyword items), an item being
    # ("s", text, None) for a string literal, ("c", class as written, its key) for a capitalised
    # name, ("", "", None) for anything else; bounded
    records: list[RecordFacts] = field(default_factory=list)
    # objects built with a literal text where they are stored, at any level (a rule table's
    # ``(Failure("Missing end of comment tag"),)``, ``self._fail = Abort(msg="...")``), in the
    # form of ``records``: what a method of the class raises later with the attribute its
    # ``__init__`` set from that argument (``raise self.error_class(self.message)``); bounded.
    # An argument that is itself an object made with a literal first argument (``origin=effect(
    # "Mock Error")``, an exception built to be held) is ("m", that text, None), and such
    # constructions are kept from ``raise`` statements too (``raise SideEffectError(self,
    # origin=...)``): what a later ``raise error.origin`` raises
    built: list[RecordFacts] = field(default_factory=list)
    # an exception's arguments printed joined (``" ".join(str(a) for a in err.args)``,
    # ``print(*e.args)``): (separator, keys of the classes caught where the object is bound by
    # an ``except C as e``; empty when it comes from elsewhere, any of the codebase's classes)
    args_joins: list[tuple[str, tuple[str, ...]]] = field(default_factory=list)
    sites: list[Site] = field(default_factory=list)
    symbols: set[str] = field(default_factory=set)
    code: CodeFacts | None = None  # what analysis needs (``codefacts``); None when unparseable
    expectations: list[TestExpectation] = field(default_factory=list)  # test files only
    # the last names of the functions its code facts list (``code.functions``), sorted: what the
    # resolution reads of them (``Resolver.calls_outside``), kept here because a file's code
    # facts leave its facts once stored (the catalogue's cache entry and a history run's memo
    # hold them without): a site's records must not depend on whether another file was parsed
    # in this run or taken from the cache
    func_names: list[str] = field(default_factory=list)
    # texts handed to a function by a module-level call, kept for a ``__getattr__`` that warns or
    # raises them later (``templates.REGISTERED``): ``CALLEE#I`` / ``CALLEE:NAME`` a literal
    # argument, ``CALLEE#I.J`` item J of the tuple rows of a module dict passed at position I
    registered: dict[str, Value] = field(default_factory=dict)
