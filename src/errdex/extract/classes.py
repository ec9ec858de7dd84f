"""The message an exception class prints, as a function of its constructor's arguments.

What a user sees is often built by the class, not by the ``raise``: ``__init__`` formats its
arguments and passes the result to its base; ``__str__``, click-style ``format_message`` or a
``message``/``description`` property render it; a base class adds text around it (``{code}
{name}: {description}``); a format kept as a class attribute is filled from keyword arguments
(``fmt = 'Could not connect to {endpoint_url}'``); a registry of messages by key is merged along
the class hierarchy. Python's own ``BaseException.__str__`` prints one argument as is and several
as the repr of their tuple.

Each class is summarised from what the workers recorded about it (``ClassInfo``, ``InitInfo``
and the printers' ``FuncInfo``), and the summary is applied per raise: the call's arguments are
bound through the ``__init__`` chain to the instance's attributes and ``args``, and the printers'
``self.<attr>`` placeholders are filled from them, looked up on the class actually raised (a
subclass's class attribute or property wins over its base's). Conditions on attributes the call
decides (``if self.note is not None``) keep or drop optional text.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, NamedTuple

from errdex.extract.facts import NAMED_STR, RICH_METHOD, BaseCall, ExcSpec, FuncInfo, InitInfo
from errdex.extract.templates import (
    CAUGHT,
    CAUGHT_OWN,
    CAUSED,
    EMPTY,
    MAX_VARIANTS,
    Arg,
    Binding,
    Lookup,
    Op,
    Opt,
    Part,
    Ph,
    Ref,
    Sig,
    Value,
    arg_equals,
    arg_truth,
    as_repr,
    bind,
    concat,
    const_repr,
    decide,
    dedent_value,
    has_literal,
    lit,
    one_per_shape,
    ph,
    rename_phs,
    spread_args,
    spread_kwargs,
    strip_ends,
    subst,
    union,
    union_n,
)
from errdex.extract.yields import GENERATOR_FORMS, JOIN, separated
from errdex.pyexc import BUILTIN_EXCEPTIONS, OS_ERRORS, STDLIB_OS_ERRORS

if not TYPE_CHECKING:  # the same classes, read without the stdlib module's slow path (astutil)
    from errdex.astutil import ast_nodes as ast

if TYPE_CHECKING:
    from errdex.extract.resolving import Pair, ResolverTables

BUILTIN_MARK = "<builtin>."  # how ``Resolver.linearized`` names one of Python's exceptions

_MAX_DEPTH = 8
# property reads under one outermost ``ClassMessages.attr`` read: a message's properties read a
# few others; more is a tree of fan-out^depth reads (sec52)
_PROP_READS = 64
_MAX_SUBCLASSES = 64
SUPER_STR = "super().__str__()"  # the visitor's placeholder for a base class's printed form
_PRINTERS = ("__str__", "format_message")
_GROUPS = frozenset(("ExceptionGroup", "BaseExceptionGroup"))  # print ``msg (N sub-exceptions)``
# bases that initialise nothing an exception prints: mixins on ``object`` and typing's generics
_NOT_INITIALISERS = frozenset(("object", "Generic", "Protocol", "ABC"))


NONE_REPR: Value = (("None",),)  # a field left at None, as ``repr`` shows it


class State(NamedTuple):
    """An instance right after construction: its class, attributes and ``args``."""

    key: str  # the class raised
    mro: list[str]
    attrs: dict[str, Arg]  # attribute -> what it holds (source text, value)
    unset: frozenset[str]  # attributes set from a parameter the call left at None
    args: tuple[Arg, ...]  # ``self.args``
    # attributes ``__init__`` set to a constant (``self.translated = False``): state that other
    # code changes later, so it decides no condition of a printer
    state: frozenset[str] = frozenset()
    uncaused: bool = False  # raised with no ``__cause__`` (``ExcSpec.uncaused``)


class ClassMessages:
    """Class summaries applied to calls; part of a ``Resolver`` (it uses its tables)."""

    def __init__(self, resolver: ResolverTables) -> None:
        self.r = resolver
        self._children: dict[str, list[str]] | None = None
        self._raised: dict[str, list[tuple[str, ExcSpec]]] | None = None
        self._state: set[str] = set()  # filled by ``construct``: attributes holding state
        self._reports: dict[str, list[tuple[str, FuncInfo]]] | None = None  # class -> its report methods
        # ``attr``'s property reads under the outermost one (``_PROP_READS``), and how deep
        self._prop_reads = 0
        self._props_open = 0
        self._reprs_open: set[int] = set()  # ``generated_repr``: the instances being printed

    # ------------------------------------------------------------ construction

    def init_of(self, key: str) -> InitInfo | None:
        for k in self.r.mro(key):
            init = self.r.classes[k].init
            if init is not None:
                return init
        return None

    def construct(
        self, mro: list[str], start: int, args: Sequence[Arg], kwargs: Sequence[tuple[str, Arg]], depth: int
    ) -> tuple[dict[str, Arg], set[str], tuple[Arg, ...] | None]:
        """Bind a call through the ``__init__`` chain from ``mro[start]``: the attributes set,
        those left None, and what reaches ``BaseException.__init__`` (None: no initialiser
        passes anything on, so ``args`` is what the class was called with)."""
        i, init = self._first_init(mro, start)
        if init is None:
            # Exception.__init__ keeps the positional arguments; Python's own initialisers take
            # no message by keyword, so one reaching here goes to a base outside the codebase
            return {}, set(), tuple(args) or _keyword_message(kwargs)
        if init.generated:
            return self.construct_fields(mro[i:], args, kwargs)
        b = bind(init.sig, args, kwargs)
        attrs: dict[str, Arg] = {}
        unset: set[str] = set()
        state = self._state
        exc_args: tuple[Arg, ...] | None = None
        base = _chosen_base(init.base, init.sig, b, args, kwargs)
        if base is not None and depth < _MAX_DEPTH:
            sargs, skw = spread_args(base.args, b), spread_kwargs(base.kwargs, b)
            target = self.r.canon(base.target) if base.target is not None else None
            if base.target is None:
                attrs, unset, exc_args = self.construct(
                    mro, self._after(mro, i, base.after), sargs, skw, depth + 1
                )
            elif target is not None and target in self.r.classes:
                nxt = self.r.mro(target)
                attrs, unset, exc_args = self.construct(nxt, 0, sargs, skw, depth + 1)
            else:
                # ``KeyError.__init__(self, arg)``: a base outside the codebase
                exc_args = sargs or _keyword_message(skw)
        for name, v in init.attrs.items():
            single = v[0][0] if len(v) == 1 and len(v[0]) == 1 and isinstance(v[0][0], Ph) else None
            # ``self.platform = kwargs.pop("platform", None)``: what the call passed by that
            # keyword, or the default; ``self.errors = tuple(errors)``: what it passed for ``errors``
            item = (
                (self.kwarg_item(single.name, init.sig, b, mro[i]) or b.args.get(_copied_param(single.name)))
                if single is not None
                else None
            )
            if item is not None:
                if item.text == "None":
                    attrs.pop(name, None)
                    unset.add(name)
                else:
                    attrs[name] = item
                    unset.discard(name)
            elif single is not None and single.name in b.unset:
                attrs.pop(name, None)
                unset.add(name)
            elif single is not None and single.name in b.args:
                attrs[name] = b.args[single.name]
                unset.discard(name)
            else:
                attrs[name] = Arg(f"self.{name}", subst(v, b))
                unset.discard(name)
                if all(isinstance(p, str) for x in v for p in x):
                    state.add(name)  # a constant: state the object's other methods change
        if init.args_set is not None:
            exc_args = spread_args(init.args_set, b)
        return attrs, unset, exc_args

    def _first_init(self, mro: list[str], start: int) -> tuple[int, InitInfo | None]:
        """The first class from ``mro[start]`` on that writes an ``__init__``, and it; None when
        none does, or Python's own initialiser comes first along the MRO (the chain ends)."""
        for i in range(start, len(mro)):
            if self._builtin_first(mro, start, i):
                return i, None
            init = self.r.classes[mro[i]].init
            if init is not None:
                return i, init
        return len(mro) - 1, None

    def _builtin_first(self, mro: list[str], start: int, at: int) -> bool:
        """Whether one of Python's exceptions stands in the instance's whole MRO (C3, with the
        bases outside the codebase: ``Resolver.linearized``) after ``mro[start - 1]`` (the class
        whose ``super()`` is followed; the class itself when ``start`` is 0) and before
        ``mro[at]``: its ``__init__`` runs instead of the codebase's and calls no further one,
        so what reaches ``BaseException`` is what was passed. Under ``class
        ProxySchemeUnknown(AssertionError, URLSchemeUnknown)``, ``super().__init__(message)``
        is ``AssertionError.__init__(message)``: ``URLSchemeUnknown``'s text is never built."""
        if at == 0:
            return False
        full = self.r.linearized(mro[0])
        if full is None or mro[at] not in full:
            return False
        lo = full.index(mro[start - 1]) + 1 if start > 0 and mro[start - 1] in full else 1
        return any(k.startswith(BUILTIN_MARK) for k in full[lo : full.index(mro[at])])

    def _after(self, mro: list[str], at: int, after: str | None) -> int:
        """Where ``super()`` in the initialiser of ``mro[at]`` continues: the next class, or the
        one after the class ``super(Cls, self)`` names when ``Cls`` is further down the MRO."""
        if after is not None:
            key = self.r.canon(after)
            for j in range(at + 1, len(mro)):
                if mro[j] == key:
                    return j + 1
        return at + 1

    def construct_fields(
        self, mro: Sequence[str], args: Sequence[Arg], kwargs: Sequence[tuple[str, Arg]]
    ) -> tuple[dict[str, Arg], set[str], tuple[Arg, ...] | None]:
        """Bind a call through the ``__init__`` a decorator generated from annotated fields: the
        fields of every decorated class of the MRO, the bases' first (a field declared again
        keeps its first place), each parameter kept as its field. A field the call leaves at a
        default of None is unset; one left at another default is not set here (the class
        attribute holds it). ``args`` are the field values where attrs hands them on to
        ``BaseException.__init__`` (``auto_exc``), else what the class was called with."""
        positional: dict[str, None] = {}
        kwonly: dict[str, None] = {}
        defaults: dict[str, Arg] = {}
        optional: set[str] = set()
        fields: dict[str, str] = {}  # attribute -> parameter
        hands_on = False
        post: BaseCall | None = None  # the most derived ``__post_init__``'s base call
        others = False  # an initialiser of the MRO written in the source, which it would reach
        for k in reversed(mro):
            init = self.r.classes[k].init
            if init is None or not init.generated:
                others = others or init is not None
                continue
            hands_on = hands_on or init.args_set is not None
            post = init.base or post
            for p in init.sig.positional:
                if p not in kwonly:
                    positional[p] = None
            for p in init.sig.kwonly:
                positional.pop(p, None)
                kwonly[p] = None
            defaults.update(init.sig.defaults)
            optional.update(init.sig.optional)
            for name, v in init.attrs.items():
                single = v[0][0] if len(v) == 1 and len(v[0]) == 1 and isinstance(v[0][0], Ph) else None
                if single is not None:
                    fields[name] = single.name
        sig = Sig(tuple(positional), None, tuple(kwonly), None, tuple(defaults.items()), frozenset(optional))
        b = bind(sig, args, kwargs)
        attrs: dict[str, Arg] = {}
        unset: set[str] = set()
        for name, param in fields.items():
            if param in b.unset:
                unset.add(name)
            elif param in b.args:
                attrs[name] = b.args[param]
        if post is not None and post.target is None and post.when is None and not others:
            # ``super().__init__(", ".join(self.issues))`` in ``__post_init__``, reaching
            # ``BaseException.__init__``: its arguments, the fields filled from the call
            return attrs, unset, spread_args(post.args, b)
        if hands_on:
            return attrs, unset, tuple(b.args[p] for p in (*positional, *kwonly) if p in b.args)
        return attrs, unset, tuple(args)

    def kwarg_item(self, text: str, sig: Sig, b: Binding, cls: str) -> Arg | None:
        """``kwargs.pop(KEY, default)``, ``kwargs.get(KEY, default)`` or ``kwargs[KEY]`` of the
        ``**kwargs`` parameter, ``KEY`` a string or a class constant holding one: the argument
        the call passed by that keyword, else the default (``None`` for none); None when
        unknown (a key not known, a default that is not a literal, a call spreading a mapping)."""
        if sig.kwarg is None or sig.kwarg not in b.starstar or not text.startswith(sig.kwarg):
            return None
        got = _kwarg_read(text, sig.kwarg)
        if got is None:
            return None
        key_node, default = got
        key = self.const_text(key_node, cls)
        if key is None:
            return None
        passed = b.starstar[sig.kwarg]
        for k, a in passed:
            if k == key:
                return a
        if default is None or any(k == "**" for k, _ in passed):
            return None
        if isinstance(default, ast.Constant) and (default.value is None or isinstance(default.value, str)):
            shown = default.value
            return Arg("None", ph("None")) if shown is None else Arg(repr(shown), lit(shown))
        return None

    def const_text(self, node: ast.expr, cls: str) -> str | None:
        """A key written as a string, or as a class constant of the class's module
        (``ErrorAttrKey.PLATFORM`` with ``PLATFORM = "platform"``)."""
        if isinstance(node, ast.Constant):
            return node.value if isinstance(node.value, str) else None
        if not (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)):
            return None
        owner = self.r.canon(f"{cls.rpartition('.')[0]}.{node.value.id}")
        info = self.r.classes.get(owner) if owner is not None else None
        shown = info.consts.get(node.attr) if info is not None else None
        if shown is None or len(shown) != 1 or not all(isinstance(p, str) for p in shown[0]):
            return None
        return "".join(p for p in shown[0] if isinstance(p, str))

    # ------------------------------------------------------------ printing

    def message(
        self,
        key: str,
        args: Sequence[Arg],
        kwargs: Sequence[tuple[str, Arg]],
        depth: int,
        *,
        uncaused: bool = False,
    ) -> Value | None:
        """The printed message of ``key(*args, **kwargs)``, with the arguments in place
        (``uncaused``: raised with no ``__cause__``).

        The call's own ``self.<attr>`` (the object raising) is set apart while the class's
        ``self`` (the exception) is filled in, then restored."""
        args = tuple(_shielded(a) for a in args)
        kwargs = tuple((k, _shielded(a)) for k, a in kwargs)
        mro = self.r.mro(key)
        self._state = set()
        attrs, unset, exc_args = self.construct(mro, 0, args, kwargs, depth)
        settled = frozenset(self._state - unset)
        state = State(
            key,
            mro,
            attrs,
            frozenset(unset),
            exc_args if exc_args is not None else tuple(args),
            settled,
            uncaused,
        )
        return rename_phs(self.printed(state, 0, depth), _unshield)

    def printed(self, state: State, start: int, depth: int) -> Value:
        """What ``str()`` (and click's ``format_message``) of the instance shows, looking for
        printers from ``state.mro[start]`` on; the default is Python's."""
        forms: list[Value] = []
        cap = MAX_VARIANTS
        for meth in _PRINTERS:
            for i in range(start, len(state.mro)):
                info = self.r.funcs.get(f"{state.mro[i]}.{meth}")
                if info is None:
                    continue
                form = info.printed or info.ret
                if form and depth < _MAX_DEPTH:
                    # a generator's pieces joined: its forms were kept past the cap so that this
                    # instance's arguments choose among them (``GENERATOR_FORMS``)
                    cap = GENERATOR_FORMS if _joins(form) else cap
                    # users quote the whole report or only its first paragraph: each is a variant
                    # (a statement's variants are one answer when matched)
                    for shown in dict.fromkeys((_first_paragraph(form), form)):
                        forms.append(self.fill(shown, info.self_name or "self", state, i, depth + 1, cap))
                break
        if not forms:
            # what ``__init__`` passed on may itself read the instance (``self.fmt.format(...)``)
            group = self.group_str(state.args) if self.is_group(state.mro) else None
            if group is None and self.is_os_error(state.mro):
                group = self.os_str(state.args)
            shown = self.default_str(state.args) if group is None else group
            if group is None and (sep := self.joined_by(state.mro)) is not None:
                shown = union(shown, self.joined_str(state.args, sep))
            default = self.fill(shown, "self", state, len(state.mro), depth + 1)
            if depth >= _MAX_DEPTH:
                return default
            return union(default, self.reported(state, depth), self.message_property(state, depth))
        if depth < _MAX_DEPTH:
            # rich prints the instance through ``__rich_console__``, whatever ``str()`` says
            forms.append(self.reported(state, depth, rich=True))
        return union_n(forms, cap)

    def message_property(self, state: State, depth: int) -> Value:
        """What a ``message`` property of a class without a printer renders, for this instance.

        ``str()`` of such an instance is Python's (several arguments print as their tuple), but
        SDKs, their CLIs and the services that relay their errors show ``exc.message`` (a
        validator's causes joined into a hosted service's report, each as ``<what> [id] is
        invalid. <why>``). The property found first along the MRO is a further variant when it
        keeps some literal text once filled."""
        for i, k in enumerate(state.mro):
            if "message" not in self.r.classes[k].props:
                continue
            info = self.r.funcs.get(f"{k}.message")
            if info is None or not (form := info.printed or info.ret):
                return ()
            filled = self.fill(form, info.self_name or "self", state, i, depth + 1)
            return tuple(v for v in filled if has_literal(v))
        return ()

    def joins(self, key: str) -> bool:
        """Whether the class's printer (the first found along its MRO) joins a generator's
        pieces, whose exits ``fill`` chooses among per raise."""
        for meth in _PRINTERS:
            for k in self.r.mro(key):
                info = self.r.funcs.get(f"{k}.{meth}")
                if info is not None:
                    return _joins(info.printed or info.ret)
        return False

    def reported(self, state: State, depth: int, *, rich: bool = False) -> Value:
        """The text a report method of the class renders (``formatrepr``), for this instance:
        its first line and the whole, the variants that keep some literal text once filled. A
        class without a printer shows that report, not ``str()``, where its framework prints it.
        ``rich``: only the lines its ``__rich_console__`` yields, which rich prints whether or
        not the class has a printer."""
        if self._reports is None:
            reports: dict[str, list[tuple[str, FuncInfo]]] = {}
            for fk, info in self.r.funcs.items():
                if info.report:
                    owner, _, meth = fk.rpartition(".")
                    reports.setdefault(owner, []).append((meth, info))
            self._reports = reports
        out: list[Value] = []
        for i, k in enumerate(state.mro):
            for meth, info in self._reports.get(k, ()):
                if rich and f".{meth}" != RICH_METHOD:
                    continue
                for shown in dict.fromkeys((_first_line(info.report), info.report)):
                    filled = self.fill(shown, info.self_name or "self", state, i, depth + 1)
                    # an attribute the call set to None is printed by another kind of report
                    # (pytest's ``FixtureLookupError(None, self, msg)`` shows its ``msg``)
                    out.append(tuple(v for v in filled if has_literal(v) and not _prints_none(v)))
        return union(*out)

    def is_group(self, mro: Sequence[str]) -> bool:
        """Whether the class derives from Python's exception group (the built-in
        ``ExceptionGroup``/``BaseExceptionGroup`` or the ``exceptiongroup`` backport's, which
        prints alike), a base outside the codebase."""
        for k in mro:
            info = self.r.classes[k]
            for name, key in zip(info.bases, info.base_keys, strict=False):
                if name.rpartition(".")[2] in _GROUPS and (
                    key is None or self.r.canon(key) not in self.r.classes
                ):
                    return True
        return False

    def is_os_error(self, mro: Sequence[str]) -> bool:
        """Whether the class derives from ``OSError`` through a base outside the codebase (a
        built-in one or the standard library's, ``socket.error``): Python prints two to five
        arguments of such an instance as ``[Errno {0}] {1}``, whoever passed them."""
        for name, key in self.outside_bases(mro):
            bare = name.removeprefix("builtins.")
            if ("." not in bare and bare in OS_ERRORS) or name in STDLIB_OS_ERRORS or key in STDLIB_OS_ERRORS:
                return True
        return False

    def outside_bases(self, mro: Sequence[str]) -> Iterator[tuple[str, str | None]]:
        """The bases (as written, and their keys) of the classes of ``mro`` that are not the
        codebase's own: built-in classes, the standard library's, other packages'."""
        for k in mro:
            info = self.r.classes[k]
            for name, key in zip(info.bases, info.base_keys, strict=False):
                if key is None or self.r.canon(key) not in self.r.classes:
                    yield name, key

    @staticmethod
    def os_str(args: tuple[Arg, ...]) -> Value | None:
        """``OSError.__str__`` of two to five arguments: ``[Errno {errno}] {strerror}``, with
        ``: {filename!r}`` after a third (and `` -> {filename2!r}`` after a fifth); None for
        any other count, or arguments spread from a sequence (printed as Python's default)."""
        if not 2 <= len(args) <= 5 or any(a.text.startswith("*") for a in args):
            return None
        # (a constant None is printed as the word: ``super().__init__(None, msg)``)
        shown = [lit("None") if a.text == "None" else a.value for a in args[:2]]
        pieces = [lit("[Errno "), shown[0], lit("] "), shown[1]]
        if len(args) >= 3 and args[2].text != "None":
            pieces += [lit(": "), as_repr(args[2])]
            if len(args) == 5 and args[4].text != "None":
                pieces += [lit(" -> "), as_repr(args[4])]
        return concat(*pieces)

    @staticmethod
    def group_str(args: tuple[Arg, ...]) -> Value | None:
        """``BaseExceptionGroup.__str__``: the message and how many exceptions it holds,
        ``msg (3 sub-exceptions)`` or ``msg (1 sub-exception)``; None unless the call passes
        the message and the exceptions (a group needs both)."""
        if len(args) < 2 or any(a.text.startswith("*") for a in args[:2]):
            return None
        count = ph(f"len({args[1].text})")
        return union(
            concat(args[0].value, lit(" ("), count, lit(" sub-exceptions)")),
            concat(args[0].value, lit(" (1 sub-exception)")),
        )

    def default_str(self, args: tuple[Arg, ...]) -> Value:
        """``BaseException.__str__``: nothing, the one argument, or the repr of the tuple.

        Arguments spread from a sequence (``*codes``) leave the count open, unless two or more
        others are given: the tuple then has at least two items and prints as its repr, the
        spread items a placeholder in their place (google-resumable-media's ``InvalidResponse(
        response, "Request failed with status code", code, "Expected one of", *codes)``)."""
        if not args:
            return EMPTY
        spread = sum(a.text.startswith("*") for a in args)
        if len(args) == 1 or (spread and len(args) - spread < 2):
            return args[0].value
        pieces: list[Value] = [lit("(")]
        for i, a in enumerate(args):
            if i:
                pieces.append(lit(", "))
            if a.text.startswith("*"):
                pieces.append(ph(a.text.lstrip("*")))
                continue
            # a constant of another module (``exceptions.Cls.CODE``) is resolved later: its repr
            # then, not a placeholder that any value fits (a sibling's object repr as well)
            pieces.append(const_repr(a) or as_repr(a))
        pieces.append(lit(")"))
        return concat(*pieces)

    def joined_by(self, mro: Sequence[str]) -> str | None:
        """The separator the codebase prints the arguments of an instance of this class with
        (``" ".join(str(a) for a in err.args)`` where it catches the class, or anywhere for an
        object it did not catch); the first in order when several do, so one form is added."""
        seps = sorted(
            sep for sep, keys in self.r.args_joins if not keys or any(self.r.canon(k) in mro for k in keys)
        )
        return seps[0] if seps else None

    @staticmethod
    def joined_str(args: tuple[Arg, ...], sep: str) -> Value:
        """Two or more arguments printed each as its ``str()``, with ``sep`` between; nothing
        for fewer or for arguments spread from a sequence (Python's own print is the form)."""
        if len(args) < 2 or any(a.text.startswith("*") for a in args):
            return ()
        pieces: list[Value] = []
        for i, a in enumerate(args):
            if i:
                pieces.append(lit(sep))
            pieces.append(a.value)
        return concat(*pieces)

    def builtin_message(self, name: str, args: tuple[Arg, ...]) -> Value:
        """A built-in exception raised with these arguments, as Python prints it."""
        if name in _GROUPS:
            shown = self.group_str(args)
            if shown is not None:
                return shown
        if name in OS_ERRORS:
            shown = self.os_str(args)
            if shown is not None:
                return shown
        return self.default_str(args)

    def initialised_outside(self, mro: Sequence[str]) -> bool:
        """Whether the class is initialised by a class outside the codebase and not built in (a
        library's ``AzureError``): no class of the codebase's part of its MRO defines
        ``__init__``, and one of them derives from such a class. Its initialiser is unknown,
        so a ``message=`` given to it is the message, as for that class raised itself."""
        if any(f"{k}.__init__" in self.r.funcs for k in mro):
            return False
        for name, _key in self.outside_bases(mro):
            bare = name.removeprefix("builtins.")
            if "." in bare or (bare not in BUILTIN_EXCEPTIONS and bare not in _NOT_INITIALISERS):
                return True
        return False

    @staticmethod
    def keyword_message(spec: ExcSpec) -> Value | None:
        """``Error(message="...")`` to a class whose initialiser is not known: the keyword."""
        got = _keyword_message(spec.kwargs)
        return got[0].value if got else None

    # ------------------------------------------------------------ self.<attr>

    def fill(
        self, value: Value, sn: str, state: State, owner: int, depth: int, cap: int = MAX_VARIANTS
    ) -> Value:
        """A printer's text with ``self.<attr>`` and ``self.args[i]`` taken from the instance."""
        variants: list[Value] = []
        for variant in value:
            pieces: list[Value] = []
            for p in variant:
                pieces.append(self.fill_part(p, sn, state, owner, depth))
            variants.append(concat(*pieces, cap=cap) if pieces else EMPTY)
        return union_n(variants, cap)

    def fill_part(self, p: object, sn: str, state: State, owner: int, depth: int) -> Value:
        if isinstance(p, Ph):
            return self.fill_ph(p, sn, state, owner, depth)
        if isinstance(p, Ref):
            return self.fill_ref(p, sn, state, owner, depth)
        if isinstance(p, Op) and p.kind == JOIN:
            # a generator's pieces, joined: resolved (the method of the class raised), they take
            # the consumer's separator; else the call stays one placeholder
            base = self.fill(p.base, sn, state, owner, depth, GENERATOR_FORMS)
            if all(len(v) == 1 and isinstance(v[0], Ref) for v in base):
                return ph(p.name)  # (the method not found: the call as written)
            return separated(base, _join_sep(p))
        if isinstance(p, Op):
            return ((self.fill_op(p, sn, state, owner, depth),),)
        if isinstance(p, Lookup):
            own = self.r.canon(p.cls) in state.mro
            return ((p._replace(cls=state.key),),) if own else ((p,),)
        if isinstance(p, Opt):
            return self.fill_opt(p, sn, state, owner, depth)
        assert isinstance(p, str)
        return ((p,),)

    def fill_ref(self, p: Ref, sn: str, state: State, owner: int, depth: int) -> Value:
        """``self.prop`` (a property, looked up on the class raised), ``self.method(...)``
        (called on the class raised), or a helper called with ``self.<attr>`` arguments."""
        if p.args or p.kwargs:
            p = p._replace(
                args=tuple(Arg(a.text, self.fill(a.value, sn, state, owner, depth)) for a in p.args),
                kwargs=tuple(
                    (k, Arg(a.text, self.fill(a.value, sn, state, owner, depth))) for k, a in p.kwargs
                ),
            )
        ck = self.r.canon(p.key) if p.method and p.key else None
        if ck is None or ck not in state.mro:
            return ((p,),)
        if not p.args and not p.kwargs:
            got = self.attr(p.method, state, depth)
            if got is not None:
                return got.value
        if p.call:
            result = self.method_result(p, state, depth)
            if result is None and p.method == "__repr__" and not p.args and not p.kwargs:
                result = self.generated_repr(state, depth)  # ``return self.__repr__()``
            if result is not None:
                return result
        return ((p._replace(key=state.key),),)

    @staticmethod
    def named_base(printer: str, state: State, owner: int) -> int:
        """Where a base's printed form (``super().__str__()``, ``Name.__str__(self)``) in the
        printer of ``state.mro[owner]`` starts looking: the next class for ``super()``; the
        base of that name; past every class for a built-in exception (Python's own printer,
        whatever the classes between override); the next class when the name is unknown."""
        if printer == SUPER_STR:
            return owner + 1
        name = printer.removesuffix(NAMED_STR)
        for i in range(owner + 1, len(state.mro)):
            if state.mro[i].rpartition(".")[2] == name:
                return i
        return len(state.mro) if name in BUILTIN_EXCEPTIONS else owner + 1

    def method_result(self, p: Ref, state: State, depth: int, start: int = 0) -> Value | None:
        """``self.method(...)`` in a printer: what the method returns (a generator: what it
        yields, joined), for this instance; from the ``start``-th class of its MRO on
        (``super().method()``)."""
        if depth >= _MAX_DEPTH:
            return None
        for i in range(start, len(state.mro)):
            k = state.mro[i]
            info = self.r.funcs.get(f"{k}.{p.method}")
            if info is None:
                continue
            if not info.printed or info.sig is None:
                return None
            b = bind(info.sig, p.args, p.kwargs)
            # form by form: a generator keeps more forms than one raise shows (``GENERATOR_FORMS``),
            # and ``fill`` drops those this instance cannot print before the cap
            text = tuple(v for form in info.printed for v in subst((form,), b))
            cap = GENERATOR_FORMS if len(text) > MAX_VARIANTS else MAX_VARIANTS
            return self.fill(text, info.self_name or "self", state, i, depth + 1, cap)
        return None

    def fill_ph(self, p: Ph, sn: str, state: State, owner: int, depth: int) -> Value:
        name = p.name
        if name == SUPER_STR or name.endswith(NAMED_STR):
            return self.printed(state, self.named_base(name, state, owner), depth + 1)
        own = self.of_instance(p, sn, state, depth)
        if own is not None:
            return own
        if name.startswith("super().") and name.endswith("()") and name[8:-2].isidentifier():
            # ``yield from super()._segments()``: the next class's generator, for this instance
            base = self.method_result(Ref("", name, True, method=name[8:-2]), state, depth, owner + 1)
            return ((p,),) if base is None else base
        if name.startswith("super().") and name[8:].isidentifier() and owner + 1 < len(state.mro):
            # ``return super().cause`` in a subclass's property: the next class's property or
            # class attribute, read on the instance raised (its own ``CAUSE_MESSAGE``)
            got = self.attr(name[8:], state, depth, owner + 1)
            return ((p,),) if got is None else as_repr(got) if p.r else got.value
        if (
            not p.r
            and name.startswith(f"repr({sn}.")
            and name.endswith(")")
            and name[len(sn) + 6 : -1].isidentifier()
        ):
            # ``return repr(self.value)``: the attribute, shown through repr
            return self.fill_ph(Ph(name[5:-1], True), sn, state, owner, depth)
        if not name.startswith(sn + "."):
            return ((p,),)
        rest = name[len(sn) + 1 :]
        cut = next((i for i, ch in enumerate(rest) if ch in ".[("), len(rest))
        attr, tail = rest[:cut], rest[cut:]
        if attr == "args":
            return self.args_item(p, tail, state)
        got = self.attr(attr, state, depth)
        if got is None:
            return ((p,),)
        if tail:
            member = self.enum_value(got) if tail == ".value" else None
            if member is not None:
                return member  # ``self.platform.value`` with ``platform=Platform.WINDOWS``
            picked = _picked_item(got, tail)
            if picked is not None:
                return picked  # ``self.errors[0]`` with ``errors=(e,)``: ``e``
            item = _literal_item(got.text, tail)
            if item is not None:
                return lit(item)  # ``self.since[0]`` with ``since=(2, 0)``
            return ((Ph(got.text + tail, p.r),),) if not got.text.startswith("self.") else ((p,),)
        if not p.r and depth < _MAX_DEPTH and _reads_other_attr(got.value, sn, attr):
            # ``self.message = self._render()`` in ``__init__``: what the method renders for this
            # instance (the printer shows the attribute, the class composed it); ``self._full_msg
            # = self.msg`` kept beside a formatted form (``_joined_attrs``): that attribute
            return self.fill(got.value, sn, state, owner, depth + 1)
        return as_repr(got) if p.r else got.value

    def of_instance(self, p: Ph, sn: str, state: State, depth: int) -> Value | None:
        """The exception itself shown whole: its class's name, the list it iterates over, or
        its ``repr``; None for any other placeholder."""
        name = p.name.replace(" ", "")
        if name in (f"type({sn}).__name__", f"{sn}.__class__.__name__"):
            # the exception's own class name: the class the raise names (not the raising object's)
            shown = state.key.rpartition(".")[2]
            return lit(repr(shown) if p.r else shown)
        if name in (f"repr(list({sn}))", f"str(list({sn}))"):
            return self.listed(p, state)
        if not p.r and name in (f"repr({sn})", f"{sn}.__repr__()"):
            # ``def __str__(self): return repr(self)``: ``repr`` dispatches on the class raised,
            # so what the first ``__repr__`` along its MRO returns for this instance is what
            # ``str()`` shows (Python's own repr, ``Cls('msg')``, stays one placeholder)
            got = self.method_result(Ref("", p.name, True, method="__repr__"), state, depth)
            if got is None:
                got = self.generated_repr(state, depth)
            return ((p,),) if got is None else got
        return None

    def generated_repr(self, state: State, depth: int) -> Value | None:
        """The ``__repr__`` a class decorator generated (attrs' ``@attr.s``/``@define``,
        ``@dataclass``) for this instance: the class's name, then each field it shows as
        ``name=repr(value)``, the decorated bases' fields first (``VerificationError(errors=[...])``).
        None when a class of the MRO writes its own ``__repr__`` before a decorated one, or the
        decorator generates none: Python's own repr then, left one placeholder."""
        first = None
        for i, k in enumerate(state.mro):
            if f"{k}.__repr__" in self.r.funcs:
                return None
            init = self.r.classes[k].init
            if init is not None and init.generated:
                first = i
                break
        if first is None or depth >= _MAX_DEPTH or id(state) in self._reprs_open:
            # (the instance's repr asked again while it is printed: a field's property returning
            # ``self.__repr__()`` recurses without end in Python; followed, each of F fields
            # prints the repr again, F^4 reads to the depth, sec52)
            return None
        self._reprs_open.add(id(state))
        try:
            return self._generated_repr(state, depth, first)
        finally:
            self._reprs_open.discard(id(state))

    def _generated_repr(self, state: State, depth: int, first: int) -> Value | None:
        """``generated_repr`` from the first decorated class of the MRO (``first``) on."""
        names: dict[str, None] = {}
        for k in reversed(state.mro[first:]):
            init = self.r.classes[k].init
            if init is not None and init.generated:
                if init.shown is None:
                    return None
                names.update(dict.fromkeys(init.shown))
        # attrs prints the qualified name's last part (``__qualname__.rsplit(">.", 1)[-1]``)
        parts: list[Value] = [lit(state.key.rpartition(".")[2] + "(")]
        for n, name in enumerate(names):
            parts.append(lit((", " if n else "") + name + "="))
            # what the call passed for the field, else its default or what the class sets
            got = state.attrs.get(name) or self.attr(name, state, depth + 1)
            parts.append(
                NONE_REPR if name in state.unset else as_repr(got) if got else ((Ph(f"self.{name}", True),),)
            )
        parts.append(lit(")"))
        return concat(*parts)

    def listed(self, p: Ph, state: State) -> Value:
        """``repr(list(self))``: an exception that iterates over its messages and prints their
        list (Django's ``ValidationError`` and the classes modelled on it). An instance built
        from one message holds that one, the first argument its constructor passed on, so it
        prints ``['message']``; when the constructor was also given values (``params``), its
        ``%(key)s`` fields are filled from them at print time, so they are placeholders."""
        if not state.args or state.args[0].text.startswith("*"):
            return ((p,),)
        first, rest = state.args[0], state.args[1:]
        shown = first.value
        if any(a.text != "None" for a in rest):
            shown = ((Op("%", shown, (), (), first.text),),)
        return concat(lit("['"), shown, lit("']"))

    def args_item(self, p: Ph, tail: str, state: State) -> Value:
        """``self.args[i]``, or ``self.args`` (printed as the tuple)."""
        if not tail and not any(a.text.startswith("*") for a in state.args):
            if len(state.args) == 1:
                return concat(lit("("), as_repr(state.args[0]), lit(",)"))
            return self.default_str(state.args) if state.args else lit("()")
        if tail.startswith("[") and tail.endswith("]") and tail[1:-1].isdigit():
            i = int(tail[1:-1])
            if i < len(state.args) and not state.args[i].text.startswith("*"):
                return as_repr(state.args[i]) if p.r else state.args[i].value
        return ((p,),)

    def fill_op(self, p: Op, sn: str, state: State, owner: int, depth: int) -> Op:
        base = self.fill(p.base, sn, state, owner, depth)
        args = tuple(Arg(a.text, self.fill(a.value, sn, state, owner, depth)) for a in p.args)
        kwargs = tuple((k, Arg(a.text, self.fill(a.value, sn, state, owner, depth))) for k, a in p.kwargs)
        prefix = f"{sn}.args["
        if p.kind == "%1" and args and args[0].text.startswith(prefix) and args[0].text.endswith(":]"):
            # ``self.args[0] % self.args[1:]``: the remaining arguments are the values
            start = args[0].text[len(prefix) : -2]
            if start.isdigit():
                return Op("%", base, state.args[int(start) :], (), p.name)
        return Op(p.kind, base, args, kwargs, p.name)

    def fill_opt(self, p: Opt, sn: str, state: State, owner: int, depth: int) -> Value:
        def fact(subject: str, test: str) -> bool | None:
            if not subject.startswith(sn + ".") or "." in subject[len(sn) + 1 :]:
                return None
            name = subject[len(sn) + 1 :]
            if name == "args":
                return _args_test(test, state.args)
            if name == "__cause__":
                # set by ``raise ... from err`` alone: a raise without one decides its tests
                return False if state.uncaused and test in (CAUSED, "t", "n") else None
            name = self.prop_alias(name, state)
            if name in state.state:
                return None
            if test.startswith("="):
                got = self.attr(name, state, depth)
                return None if got is None else arg_equals(got, test[1:])
            if test not in ("t", "n"):
                return None
            if name in state.unset and self.prop_or_const(name, state) is None:
                return False
            got = self.attr(name, state, depth)
            if got is None:
                return False if self.class_none(name, state) else None
            if got.items is not None and test == "t":
                return bool(got.items)  # a tuple or list display: true when it has items
            return arg_truth(got)

        possible, left = decide(p.conds, fact)
        if not possible:
            return () if p.need else EMPTY
        if p.need:
            return ((Opt(left, (), True),),) if left else EMPTY
        inner = self.fill((p.value,), sn, state, owner, depth)
        return inner if not left else tuple((Opt(left, v),) for v in inner)

    def attr(self, name: str, state: State, depth: int, start: int = 0) -> Arg | None:
        """What ``self.<name>`` holds on the instance: a property (of the class raised or a
        base), an attribute ``__init__`` set, or a class attribute, in Python's order; from the
        ``start``-th class of its MRO on (``super().<name>``)."""
        found = self.prop_or_const(name, state, start)
        if found is not None and found[0] == "prop" and depth >= _MAX_DEPTH:
            # a property is what Python reads, whatever the instance or the class holds under
            # its name (the ``consts`` read below has no entry for it: a KeyError that failed
            # the file, sec52); past the depth its text is unknown, as a cut chain's is
            return None
        if found is not None and found[0] == "prop":
            info = self.r.funcs.get(f"{found[1]}.{name}")
            if info is None or not (info.printed or info.ret):
                return None
            # properties reading properties (``return f"{self.a}{self.b}"`` in each of many):
            # followed to ``_MAX_DEPTH`` they are a tree of fan-out^depth reads (20 properties
            # each reading the others: minutes of a few KB of source, sec52); past
            # ``_PROP_READS`` of them under one outermost read, the rest are unknown
            if self._props_open == 0:
                self._prop_reads = 0
            self._prop_reads += 1
            if self._prop_reads > _PROP_READS:
                return None
            idx = state.mro.index(found[1])
            self._props_open += 1
            try:
                text = self.fill(info.printed or info.ret, info.self_name or "self", state, idx, depth + 1)
            finally:
                self._props_open -= 1
            return Arg(f"self.{name}", text)
        # (``super().<name>`` finds class attributes only, never what ``__init__`` set)
        held = None if start else self.from_attr(state.attrs.get(name), name, found, state, depth)
        if held is not None and not (found is not None and _unknown(held.value)):
            return held  # an attribute set to something unknown does not hide the class's text
        if (
            held is not None
            and found is not None
            and _no_text(self.r.classes[found[1]].consts[name])
            and held.text != f"self.{name}"
        ):
            # a class default of None or the empty string (``statement: str | None = None``,
            # ``dim: str = ""``) does not hide what the call passed for it (``self.statement =
            # statement``): it is what an instance prints before ``__init__`` runs, not a
            # message worth more than the argument; a value ``__init__`` computed
            # (``code = kw.pop("code", None)``) may still be None: the default stands
            return held
        if found is not None:
            value = self.r.classes[found[1]].consts[name]
            return Arg(f"self.{name}", value) if value else None
        return None

    def from_attr(
        self, held: Arg | None, name: str, found: tuple[str, str] | None, state: State, depth: int
    ) -> Arg | None:
        """An attribute ``__init__`` set from another one of the instance (``self.msg =
        self.__doc__``, a default for a class attribute left None): what that one holds. A
        class attribute with text still wins (such a default is only taken when it is None)."""
        if held is None or not _unknown(held.value) or depth >= _MAX_DEPTH:
            return held
        other = held.value[0][0]
        assert isinstance(other, Ph)
        src = other.name[5:] if other.name.startswith("self.") else ""
        if not src.isidentifier() or src == name or other.r:
            return held
        if found is not None and found[0] == "const" and not _no_text(self.r.classes[found[1]].consts[name]):
            return held
        got = self.attr(src, state, depth + 1)
        return Arg(held.text, got.value) if got is not None and not _unknown(got.value) else held

    def prop_or_const(self, name: str, state: State, start: int = 0) -> tuple[str, str] | None:
        for k in state.mro[start:]:
            info = self.r.classes[k]
            if name in info.props:
                return "prop", k
            if name in info.consts:
                return "const", k
        return None

    def enum_value(self, got: Arg) -> Value | None:
        """The text an enum member of the codebase holds (``WINDOWS = "Windows"``), for its
        ``.value``; None when ``got`` is not known to be one."""
        v = got.value
        if len(v) != 1 or len(v[0]) != 1 or not isinstance(v[0][0], Ref) or v[0][0].call:
            return None
        owner, _, member = v[0][0].key.rpartition(".")
        cls = self.r.canon(owner)
        if cls is None or cls not in self.r.classes:
            return None
        if not self.r.enum_bases(cls):
            return None
        shown = self.r.classes[cls].consts.get(member)
        return shown if shown and len(shown) == 1 and all(isinstance(p, str) for p in shown[0]) else None

    def prop_alias(self, name: str, state: State) -> str:
        """The attribute a property returns as it is (``return self.__platform``), whose value
        the call decided; else ``name``."""
        found = self.prop_or_const(name, state)
        info = self.r.funcs.get(f"{found[1]}.{name}") if found is not None and found[0] == "prop" else None
        ret = (info.printed or info.ret) if info is not None else None
        if not ret or len(ret) != 1 or len(ret[0]) != 1 or not isinstance(ret[0][0], Ph) or ret[0][0].r:
            return name
        sn = (info.self_name if info is not None else None) or "self"
        other = ret[0][0].name.removeprefix(sn + ".")
        return other if other != ret[0][0].name and other.isidentifier() and other != name else name

    def class_none(self, name: str, state: State) -> bool:
        found = self.prop_or_const(name, state)
        return found is not None and found[0] == "const" and not self.r.classes[found[1]].consts[name]

    # ------------------------------------------------------------ helpers of the resolver

    def retarget(self, value: Value, owner: str | None) -> Value:
        """A method's registry lookups (``self.error_messages[key]``) searched on the class it
        was called on, not the class that defines it."""
        if owner is None:
            return value
        return tuple(tuple(_retarget_part(p, owner) for p in v) for v in value)

    def rewrapped(self, value: Value) -> Value:
        """The argument of a library's own dedent helper, re-indented and without the blank
        lines around it (such helpers strip them, or the text starts on the next line)."""
        return strip_ends(dedent_value(value), None, True, True)

    def lookup(self, part: Lookup, depth: int) -> list[Pair]:
        """``self.<registry>[key]`` with a known key: the message the class raised (or any
        subclass of it) keeps under that key, in a class-level dict of messages."""
        placeholder: list[Pair] = [((Ph(part.name),), (Ph(part.name),))]
        key_v = part.key.value
        if not (len(key_v) == 1 and len(key_v[0]) == 1 and isinstance(key_v[0][0], str)):
            return placeholder
        want = key_v[0][0]
        cls = self.r.canon(part.cls) or part.cls
        texts: list[Value] = []
        for k in self.r.mro(cls):
            got = self._entry(k, part.attr, want)
            if got is not None:
                texts.append(got)
                break
        for k in self.subclasses(cls):
            got = self._entry(k, part.attr, want)
            if got is not None:
                texts.append(got)
        if not texts:
            return placeholder
        return self.r.value(union(*texts), depth + 1)[:MAX_VARIANTS] or placeholder

    def _entry(self, cls: str, attr: str, key: str) -> Value | None:
        info = self.r.classes.get(cls)
        if info is None:
            return None
        named = sorted(info.dicts.items(), key=lambda kv: kv[0] != attr)
        for name, entries in named:
            if key in entries and (name == attr or "message" in name.lower() or "error" in name.lower()):
                return entries[key]
        return None

    def subclasses(self, key: str) -> list[str]:
        """Classes of the codebase deriving from ``key``, breadth first, bounded."""
        if self._children is None:
            children: dict[str, list[str]] = {}
            for k, info in self.r.classes.items():
                for b in info.base_keys:
                    cb = self.r.canon(b)
                    if cb is not None:
                        children.setdefault(cb, []).append(k)
            self._children = children
        out: list[str] = []
        todo = list(self._children.get(key, ()))
        while todo and len(out) < _MAX_SUBCLASSES:
            k = todo.pop(0)
            if k in out or k == key:
                continue
            out.append(k)
            todo.extend(self._children.get(k, ()))
        return out

    def raised_for(self, cls: str, param: str) -> ExcSpec | None:
        """The exception a class's methods raise with the attribute its ``__init__`` sets from
        ``param`` (``MockValSer(error_message)`` -> ``raise PydanticUserError(self._error_message)``)."""
        init = self.init_of(cls)
        if init is None:
            return None
        attrs = {a for a, v in init.attrs.items() if v == ph(param)}
        if not attrs:
            return None
        if self._raised is None:
            raised: dict[str, list[tuple[str, ExcSpec]]] = {}
            for fk, info in self.r.funcs.items():
                if info.raised_attrs:
                    raised.setdefault(fk.rpartition(".")[0], []).extend(info.raised_attrs)
            self._raised = raised
        for k in self.r.mro(cls):
            for attr, spec in self._raised.get(k, ()):
                if attr in attrs:
                    return spec
        return None


def _keyword_message(kwargs: Sequence[tuple[str, Arg]]) -> tuple[Arg, ...]:
    """The message handed by keyword (``msg=``/``message=``) to an initialiser that is not
    known (``super().__init__(msg=self.get_message())`` to a library's base): as its one
    argument, which is what such a base prints; empty when there is none."""
    return next(((a,) for k, a in kwargs if k in ("msg", "message")), ())


def _reads_other_attr(value: Value, sn: str, attr: str) -> bool:
    """Some form of an attribute's value is, whole, another attribute of the same instance
    (``self._full_msg = self.msg``) or what one of its methods returns (``self.msg =
    self.infer_msg(tts, rsp)`` in one branch, ``self.msg = None`` in the other), or holds
    another attribute among its pieces (``self._pretty_msg = f"{code}{self.message}"`` after
    ``self.message = message``): filled like the printer's own ``self.<attr>``, the other
    forms as they are. Unfilled, the piece stayed ``{self.message}`` and every raise of the
    class had one template, the raise's own words in none.

    A format whose text is a class attribute (``message = self.formatted_message.format(...)``
    in a base's ``__init__``, handed on to ``self.message``) reads that attribute too: its base
    is filled from the class raised, else the format never applied and only the attribute's
    other forms (``"unknown error"`` when no hint is given) were printed."""
    own = f"{sn}.{attr}"

    def reads(p: Part) -> bool:
        if isinstance(p, Ref):
            return bool(p.call and p.method)
        return (
            isinstance(p, Ph)
            and p.name.startswith(sn + ".")
            and p.name != own
            and p.name[len(sn) + 1 :].isidentifier()
        )

    def formats_attr(p: Part) -> bool:
        return isinstance(p, Op) and any(isinstance(q, Ph) and reads(q) for v in p.base for q in v)

    return any(
        (len(v) == 1 and reads(v[0])) or any((isinstance(p, Ph) and reads(p)) or formats_attr(p) for p in v)
        for v in value
    )


def _prints_none(variant: Sequence[Part]) -> bool:
    return any(isinstance(p, Ph) and p.name == "None" for p in variant)


def _first_line(form: Value) -> Value:
    """A report's first line (``fixture '{name}' not found`` before the list of the available
    ones): what users quote of it; a variant whose first line holds no literal stays whole."""
    out: list[tuple[object, ...]] = []
    for variant in form:
        cut, lead = None, True  # newlines before any text end no line
        for i, p in enumerate(variant):
            if isinstance(p, str) and "\n" in (p.lstrip("\n") if lead else p):
                cut = i
                break
            lead = lead and not (isinstance(p, str) and p.strip()) and not isinstance(p, Ph)
        if cut is None:
            out.append(variant)
            continue
        head = variant[cut]
        assert isinstance(head, str)
        kept = (*variant[:cut], (head.lstrip("\n") if lead else head).split("\n", 1)[0])
        out.append(kept if has_literal(kept) else variant)
    return tuple(out)  # type: ignore[arg-type]


def _chosen_base(
    base: BaseCall | None, sig: Sig, b: Binding, args: Sequence[Arg], kwargs: Sequence[tuple[str, Arg]]
) -> BaseCall | None:
    """Of base initialisers called in the branches of a test of a parameter, the one this call
    reaches; the later one when the arguments do not decide the test (every test of a guard on
    several parameters must hold)."""
    while base is not None and base.when is not None:
        if all(
            _param_test(name, kind, sig, b, args, kwargs) == want
            for name, kind, want in (base.when, *base.also)
        ):
            return base
        base = base.other
    return base


def _param_test(
    name: str, kind: str, sig: Sig, b: Binding, args: Sequence[Arg], kwargs: Sequence[tuple[str, Arg]]
) -> bool | None:
    """Whether a parameter is true (``kind`` "t") or not None ("n") for this call, if it tells."""
    if name == sig.vararg:
        if any(a.text.startswith("*") for a in args):
            return None
        count = len(b.star.get(name, ()))
        if kind[:1] in ("#", ">"):
            # the ``*args`` unpacked into that many names (``#``) or sliced to them (``>``)
            need = int(kind[1:])
            return count == need if kind[0] == "#" else count >= need
        return bool(count) if kind == "t" else True
    if name == sig.kwarg:
        if any(k == "**" for k, _ in kwargs):
            return None
        return bool(b.starstar.get(name)) if kind == "t" else True
    if name in b.unset:
        return False  # left at its default of None
    got = b.args.get(name)
    if got is None:
        return None
    if kind == "n":
        # an argument passed for a parameter the initialiser tests against None (a variable of
        # the caller's, ``obj_key=obj_key``) is passed to be used: only ``None`` itself is None
        return not (got.text == "None" or got.value == ph("None"))
    return arg_truth(got)


def _first_paragraph(form: Value) -> Value:
    """A printer's report (``"{message}\\n\\nFailed validating ..."``): its first paragraph is
    the message, what users quote when they leave out the description of the instance."""
    out: list[tuple[object, ...]] = []
    for variant in form:
        cut = None
        for i, p in enumerate(variant):
            if isinstance(p, str) and "\n\n" in (p if i else p.lstrip("\n")):
                cut = i
                break
        if cut is None:
            out.append(variant)
            continue
        head = variant[cut]
        assert isinstance(head, str)
        first = (head if cut else head.lstrip("\n")).split("\n\n", 1)[0]
        kept = (*variant[:cut], first)
        out.append(kept if has_literal(kept) or any(isinstance(x, Ph) for x in kept) else variant)
    return tuple(out)  # type: ignore[arg-type]


def _no_text(value: Value) -> bool:
    """A class attribute that prints nothing: None (no value recorded) or the empty string."""
    return not value or value == EMPTY


def _joins(form: Value) -> bool:
    """A printer's text holding a generator's pieces joined (``"".join(self._segments())``)."""
    return any(isinstance(p, Op) and p.kind == JOIN for v in form for p in v)


def _unknown(value: Value) -> bool:
    """A value that is one placeholder: nothing known about it."""
    return len(value) == 1 and len(value[0]) == 1 and isinstance(value[0][0], Ph)


def _args_test(test: str, args: tuple[Arg, ...]) -> bool | None:
    """``self.args`` tested: its truth, or ``len(self.args) == N``, when the count is known."""
    if any(a.text.startswith("*") for a in args):
        return None
    if test in ("t", "n"):
        return bool(args) if test == "t" else True
    if test.startswith("len") and test[3:].isdigit():
        return len(args) == int(test[3:])
    return None


_SITE = "\x01"  # marks the raising code's own ``self.<attr>`` while a class's printer is filled


def _shielded(a: Arg) -> Arg:
    """A call's argument with its ``self.<attr>`` set apart (the items of a list it holds too)."""
    items = tuple(_shielded(x) for x in a.items) if a.items is not None else None
    return Arg(a.text, one_per_shape(rename_phs(a.value, _shield)), items=items)


def _shield(name: str) -> str:
    # (``repr(self)`` too: the raising object's repr, not the exception's ``__repr__``)
    return _SITE + name if name.startswith("self.") or name.replace(" ", "") == "repr(self)" else name


def _unshield(name: str) -> str:
    return name[1:] if name.startswith(_SITE) else name


def _retarget_part(p: Part, owner: str) -> Part:
    if isinstance(p, Lookup):
        return p._replace(cls=owner)
    if isinstance(p, Op):
        base = tuple(tuple(_retarget_part(x, owner) for x in v) for v in p.base)
        return p._replace(base=base)
    if isinstance(p, Opt):
        return p._replace(value=tuple(_retarget_part(x, owner) for x in p.value))
    return p


def _copied_param(text: str) -> str:
    """``tuple(errors)``/``list(errors)`` of a name: that name (a copy holds the same items);
    else the empty string."""
    for conv in ("tuple(", "list("):
        if text.startswith(conv) and text.endswith(")") and text[len(conv) : -1].isidentifier():
            return text[len(conv) : -1]
    return ""


def _picked_item(got: Arg, tail: str) -> Value | None:
    """``[i]`` of an argument written as a tuple or list display (``errors=(e,)``), then what
    the tail reads of that item: its text, or ``.__class__.__name__`` of an exception caught
    or narrowed by ``isinstance`` where the call was made (its class's name); None when the
    argument's items are not known or the tail reads something else."""
    if got.items is None or not tail.startswith("["):
        return None
    end = tail.find("]")
    index, more = tail[1:end], tail[end + 1 :]
    if not index.isdigit() or int(index) >= len(got.items):
        return None
    item = got.items[int(index)]
    if not more:
        return item.value
    if more == ".__class__.__name__":
        v = item.value
        ref = v[0][0] if len(v) == 1 and len(v[0]) == 1 else None
        if isinstance(ref, Ref) and ref.method in (CAUGHT, CAUGHT_OWN) and ref.key:
            return lit(ref.key.rpartition(".")[2])
    return ((Ph(item.text + more),),)


def _literal_item(text: str, tail: str) -> str | None:
    """``(2, 0)`` and ``[1]``: the item of a short literal tuple, parsed (never evaluated)."""
    if not (text.startswith("(") and len(text) < 100 and tail.startswith("[") and tail.endswith("]")):
        return None
    index = tail[1:-1]
    if not index.isdigit():
        return None
    try:
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return None
    if isinstance(value, tuple) and int(index) < len(value) and isinstance(value[int(index)], _T_INT_STR):
        return str(value[int(index)])
    return None


_KWARG_READ_MAX = 200  # source text of one attribute's value; longer is not a lookup


def _kwarg_read(text: str, kwarg: str) -> tuple[ast.expr, ast.expr | None] | None:
    """The key and the default of ``kwargs.pop(KEY, default)``/``.get`` (the default None when
    not written: ``pop`` then raises and ``get`` gives None), or of ``kwargs[KEY]``."""
    if len(text) > _KWARG_READ_MAX:
        return None
    try:
        node = ast.parse(text, mode="eval").body
    except SyntaxError:
        return None
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id == kwarg:
        return node.slice, None
    if not (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id == kwarg
        and node.func.attr in ("pop", "get")
        and 1 <= len(node.args) <= 2
        and not node.keywords
    ):
        return None
    if len(node.args) == 2:
        return node.args[0], node.args[1]
    return node.args[0], ast.Constant(None) if node.func.attr == "get" else None


# The type tuples of this module's ``isinstance`` tests, made once: ``isinstance(x, A | B)``
# builds a new union object each time it runs (~0.4 us; the extractor runs such tests ~500k
# times while jax 0.10.2 is extracted), where a tuple made once answers the same.
_T_INT_STR = (int, str)


def _join_sep(p: Op) -> str:
    """The separator of a consumer of a generator's pieces (``yields.joined_by``)."""
    sep = p.args[0].value[0][0] if p.args and p.args[0].value and p.args[0].value[0] else ""
    return sep if isinstance(sep, str) else ""
