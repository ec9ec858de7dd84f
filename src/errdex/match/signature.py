"""The interpreter's messages about a call's arguments, answered at the calls that can make them.

``TypeError: LogScale.__init__() got an unexpected keyword argument 'basey'`` is the interpreter's
(``Python/ceval.c``), printed when a call's arguments do not bind to the callee's signature. The
callee's own frame never runs: the judge's deepest library frame is the library's *call* of the
callable, one frame up. A message pasted alone names the callable, and when an indexed codebase
defines it, that codebase's code facts (its functions' parameters, its calls) and its stored
source say which of its calls can make the message at all:

* the callee's signature must agree (the keyword really is absent from its parameters, the
  missing names really are parameters): a same-named callable that has the keyword is another;
* a decorated callable is called by its decorator's inner function (``wrapper(*args, **kwargs)``
  calling ``init_func(self, *args, **kwargs)``: ``functools.wraps``' idiom), which forwards any
  arguments, so the decorator's call of the wrapped parameter is the library frame (one level
  deeper for a decorator written with arguments, a factory: redis' ``@deprecated_args(...)``),
  and it stands between every call of the callable and its signature check;
* a class is constructed by its own alternative constructors (a classmethod's
  ``cls(..., **data)``) and by calls of its name elsewhere;
* a call can make the message only as written: it passes the keyword, unpacks ``**`` or ``*``
  arguments, or passes the count of positional arguments the message says were given.

A look-alike raise of another codebase (pandas' ``{fname}() got an unexpected keyword argument
'{bad_arg}'``) fits the words, not the callable; these calls go above it, approximate (no
statement holds the text). Only code the catalogue's code facts and stored files hold is read:
no import, no execution.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass

from errdex.match.verify import word_char
from errdex.model import CodeFacts, FunctionFact

__all__ = [
    "SignatureError",
    "calls_written",
    "decorator_names",
    "is_async_def",
    "possible_call",
    "signature_agrees",
    "signature_error",
    "wrapped_parameter_calls",
]

# the interpreter's wordings after ``NAME() `` (``Python/ceval.c``, ``Objects/call.c``), read by
# string operations: the pasted text is untrusted, so no backtracking pattern runs on it
_UNEXPECTED = "got an unexpected keyword argument '"
_MULTIPLE = ("got multiple values for argument '", "got multiple values for keyword argument '")
MAX_CALLABLE = 200  # characters of a printed callable's name
# decorators that call nothing of the library's (or only the interpreter's descriptors)
_PLAIN_DECORATORS = frozenset(
    {"staticmethod", "classmethod", "property", "wraps", "cache", "lru_cache", "cached_property",
     "abstractmethod", "overload", "override", "setter", "getter", "deleter", "dataclass",
     "contextmanager", "asynccontextmanager", "total_ordering", "singledispatch", "final"}
)  # fmt: skip
MAX_DECORATOR_LINES = 12  # lines above a ``def`` read for its decorators


@dataclass(frozen=True, slots=True)
class SignatureError:
    """An interpreter message about the arguments of the call of ``owner.name`` (``owner``
    None for a function): which check failed and the names and counts it prints."""

    owner: str | None
    name: str
    form: str  # "keyword", "multiple", "missing", "takes"
    keyword: str | None = None
    missing: tuple[str, ...] = ()
    keyword_only: bool = False
    given: int | None = None

    @property
    def constructor(self) -> bool:
        """Whether the callable is a class's ``__init__``/``__new__``: calls name the class."""
        return self.owner is not None and self.name in ("__init__", "__new__")

    @property
    def qualname(self) -> str:
        """The callable as printed (``LogScale.__init__``, ``evolve``)."""
        return f"{self.owner}.{self.name}" if self.owner else self.name

    @property
    def called_as(self) -> str:
        """The name a call of it is written with: the class's for a constructor."""
        return self.owner if self.constructor and self.owner else self.name


def signature_error(message: str, types: list[str]) -> SignatureError | None:
    """The interpreter's signature message of a ``TypeError`` pasted alone, whose callable is a
    name a codebase can define (``Cls.__init__``, ``Cls.method``, ``func``; a bare
    ``__init__()`` of Python < 3.10, a lambda or a closure names no callable to look up);
    None otherwise."""
    if "TypeError" not in {t.rpartition(".")[2] for t in types}:
        return None
    text = message.strip()
    head, sep, rest = text.partition("() ")
    parts = head.split(".")
    if not sep or len(head) > MAX_CALLABLE or len(parts) > 2 or any(not p.isidentifier() for p in parts):
        return None
    owner, name = (parts[0], parts[1]) if len(parts) == 2 else (None, parts[0])
    if owner is None and name.startswith("__"):
        return None
    quoted = _quoted_name(rest, (_UNEXPECTED,))
    if quoted is not None:
        return SignatureError(owner, name, "keyword", keyword=quoted)
    quoted = _quoted_name(rest, _MULTIPLE)
    if quoted is not None:
        return SignatureError(owner, name, "multiple", keyword=quoted)
    missing = _missing(rest)
    if missing is not None:
        return SignatureError(owner, name, "missing", missing=missing[0], keyword_only=missing[1])
    given = _given(rest)
    return SignatureError(owner, name, "takes", given=given) if given is not None else None


def _quoted_name(rest: str, openers: tuple[str, ...]) -> str | None:
    """The identifier quoted at the end of ``rest`` after one of ``openers``, or None."""
    for opener in openers:
        if rest.startswith(opener) and rest.endswith("'") and rest[len(opener) : -1].isidentifier():
            return rest[len(opener) : -1]
    return None


def _missing(rest: str) -> tuple[tuple[str, ...], bool] | None:
    """``missing N required positional argument(s): 'a', 'b' and 'c'``: the names, and whether
    they are keyword-only; None for other words."""
    left, sep, names = rest.partition(": ")
    words = left.split(" ")
    if (
        not sep
        or len(words) != 5
        or words[0] != "missing"
        or not words[1].isdigit()
        or words[2] != "required"
    ):
        return None
    if words[3] not in ("positional", "keyword-only") or words[4] not in ("argument", "arguments"):
        return None
    quoted = names.split("'")[1::2]
    if not quoted or not all(n.isidentifier() for n in quoted):
        return None
    return tuple(quoted), words[3] == "keyword-only"


def _given(rest: str) -> int | None:
    """``takes N positional argument(s) but M were given`` (or ``takes from A to B ...``): M;
    None for other words."""
    left, sep, right = rest.partition(" but ")
    tail = right.split(" ")
    if (
        not sep
        or len(tail) != 3
        or not tail[0].isdigit()
        or tail[1] not in ("were", "was")
        or tail[2] != "given"
    ):
        return None
    words = left.split(" ")
    counted = (
        words[1:2] if len(words) == 4 else words[2:5:2] if len(words) == 7 and words[1] == "from" else []
    )
    if words[0] != "takes" or not counted or not all(w.isdigit() for w in counted):
        return None
    if (
        words[-2] != "positional"
        or words[-1] not in ("argument", "arguments")
        or (len(words) == 7 and words[3] != "to")
    ):
        return None
    return int(tail[0])


def signature_agrees(err: SignatureError, params: tuple[str, ...] | None, members: list[str] | None) -> bool:
    """Whether a definition whose parameters are ``params`` (None: no ``def``, a dataclass's
    generated ``__init__``, whose fields are the class's ``members``) can print ``err``: the
    unexpected keyword is none of its parameters (nor a field), the missing ones and a
    keyword given twice are."""
    if params is None:
        return not (err.form == "keyword" and members is not None and err.keyword in members)
    if err.form == "keyword":
        return err.keyword not in params
    if err.form == "multiple":
        return err.keyword in params
    if err.form == "missing":
        return all(n in params for n in err.missing)
    return True


def possible_call(
    call: ast.Call,
    err: SignatureError,
    params: tuple[str, ...] | None,
    implicit: bool,
    forwarded: tuple[str, ...] = (),
) -> bool:
    """Whether ``call``, as written, can make the interpreter print ``err``: it passes the
    keyword, leaves the missing names to positions it does not fill, or passes the printed
    count of positional arguments (``implicit``: the first parameter, ``self``, is filled by
    the call of a class or a bound method), or it unpacks (``*``, ``**``) what its caller was
    handed (a parameter of the calling function, ``forwarded``: a wrapper's ``*args``, an
    alternative constructor's ``**data``), which may hold anything the user passed. An
    unpacking of what the library made itself (``*[getattr(x, f) for f in FIELDS]``, a local,
    a dict literal) fills the signature as the library wrote it: no such call is the one."""

    def handed(value: ast.expr) -> bool:
        return isinstance(value, ast.Name) and value.id in forwarded

    stars = [a.value for a in call.args if isinstance(a, ast.Starred)]
    doubles = [k.value for k in call.keywords if k.arg is None]
    open_stars, open_doubles = any(map(handed, stars)), any(map(handed, doubles))
    named = {k.arg for k in call.keywords if k.arg}
    positional = sum(1 for a in call.args if not isinstance(a, ast.Starred))
    if err.form == "keyword":
        return open_doubles or err.keyword in named
    if err.form == "multiple":
        return (open_doubles or err.keyword in named) and (open_stars or positional > 0)
    if err.form == "missing":
        if any(n in named for n in err.missing) or (implicit and params and params[0] in err.missing):
            return False  # (a bound call fills ``self``: ``missing 'self'`` is an unbound call's)
        if open_doubles or open_stars:
            return True
        if stars or (doubles and err.keyword_only):
            return False
        if err.keyword_only or params is None:
            return True
        order = list(params[1:] if implicit else params)
        at = [order.index(n) for n in err.missing if n in order]
        return not at or positional <= min(at)
    if open_stars:
        return True
    return not stars and (positional + (1 if implicit else 0)) == err.given


def _call_at(source: str, start: int) -> ast.Call | None:
    """The call whose callee begins at ``start`` of ``source``, parsed (its parentheses
    balanced by count; a call that does not parse alone is None)."""
    open_at = source.find("(", start)
    depth = 0
    for i in range(open_at, min(len(source), open_at + 4000)):
        depth += {"(": 1, ")": -1}.get(source[i], 0)
        if depth == 0:
            try:
                node = ast.parse(source[start : i + 1].replace("\n", " "), mode="eval").body
            except SyntaxError:
                return None
            return node if isinstance(node, ast.Call) else None
    return None


def calls_written(source: str, span: tuple[int, int], callees: set[str]) -> list[tuple[int, ast.Call]]:
    """(line, call) of the calls in lines ``span`` (1-based, inclusive) of ``source`` whose
    callee is written as one of ``callees`` (``cls``, ``Configuration``,
    ``_config.Configuration``: a dotted callee counts by its last name when ``.NAME`` is
    listed), in code order: every call, not only the first of each callee the code facts keep."""
    lines = source.splitlines(keepends=True)
    first, last = span
    offset = sum(len(s) for s in lines[: first - 1])
    body = "".join(lines[first - 1 : last])
    out: list[tuple[int, ast.Call]] = []
    starts: set[int] = set()
    for name in {c.rpartition(".")[2] for c in callees}:
        at = body.find(name)
        while at >= 0:
            start = _callee_start(body, at, name)
            if start is not None and (body[start : at + len(name)] in callees or f".{name}" in callees):
                starts.add(start)
            at = body.find(name, at + 1)
    for start in sorted(starts):
        call = _call_at(source, offset + start)
        if call is not None:
            out.append((first + body.count("\n", 0, start), call))
    return out


def _callee_start(body: str, at: int, name: str) -> int | None:
    """Where a call's callee written ``[a.b.]NAME(`` whose ``NAME`` stands at ``at`` begins:
    ``NAME`` a whole word followed by ``(`` (blanks between), after a dotted prefix of names;
    None when ``at`` is no such callee (part of a longer name, no call). A string scan: the
    body is the indexed code's, and no backtracking pattern reads it."""
    end = at + len(name)
    if end < len(body) and word_char(body[end]):
        return None
    rest = body[end : end + 200].lstrip()
    if not rest.startswith("("):
        return None
    start = at
    while start > 0 and body[start - 1] == ".":
        k = start - 1
        while k > 0 and word_char(body[k - 1]) and start - k < 200:
            k -= 1
        if k == start - 1 or not (body[k].isalpha() or body[k] == "_"):
            return None
        start = k
    return None if start > 0 and word_char(body[start - 1]) else start


def decorator_names(source: str, def_line: int) -> list[str]:
    """The last names of the decorators written above the ``def`` on ``def_line`` (``@name``,
    ``@mod.name(...)``), those of the language's and functools' descriptors and caches left
    out: only a library's own decorator wraps a callable in a function that calls it."""
    lines = source.splitlines()
    out: list[str] = []
    for i in range(def_line - 2, max(-1, def_line - 2 - MAX_DECORATOR_LINES), -1):
        text = lines[i].strip() if 0 <= i < len(lines) else ""
        if not text or text.startswith(("def ", "async def ", "class ")) or text.endswith(":"):
            break
        m = re.match(r"@\s*([A-Za-z_][\w.]*)", text)
        if m:
            name = m[1].rpartition(".")[2]
            if name not in _PLAIN_DECORATORS:
                out.append(name)
    return out


def wrapped_parameter_calls(
    facts: CodeFacts, source: str, decorator: str, coroutine: bool | None = None
) -> list[tuple[FunctionFact, int, str]]:
    """(inner function, line, parameter) of the first call of the decorator's wrapped callable
    (its first parameter) in each function defined inside module-level ``decorator``
    (``_make_axis_parameter_optional.<locals>.wrapper`` calling ``init_func(...)``): the frame
    below which a decorated callable's arguments are bound. The code facts keep no call of a
    parameter (no edge of the codebase), so the stored source is read.

    A decorator written with arguments (``@deprecated_args(args_to_warn=[...])``) is a factory:
    its first parameter is an option, and the decorator proper is a function it defines
    (``deprecated_args.<locals>.decorator(func)``), whose own inner function calls the wrapped
    callable (``...decorator.<locals>.wrapper``). That level is read when the first finds no
    call. A decorator that defines a wrapper for coroutine functions (``async def``) beside one
    for plain functions dispatches on the callable's kind: given ``coroutine`` (whether the
    decorated ``def`` is ``async``), only the wrappers of that kind are kept when both exist."""
    found = _wrapper_calls(facts, source, decorator)
    if not found:
        for inner in _defined_in(facts, decorator):
            found += _wrapper_calls(facts, source, inner.qualname)
    if coroutine is not None:
        kinds = {is_async_def(source, inner.line) for inner, _, _ in found}
        if len(kinds) > 1:
            found = [f for f in found if is_async_def(source, f[0].line) == coroutine]
    return found


def _wrapper_calls(facts: CodeFacts, source: str, decorator: str) -> list[tuple[FunctionFact, int, str]]:
    """``wrapped_parameter_calls`` at one level: the functions defined directly in
    ``decorator`` (a qualname) that call its first parameter."""
    outer = next((f for f in facts.functions if f.qualname == decorator), None)
    if outer is None or not outer.params:
        return []
    wrapped = outer.params[0]
    out: list[tuple[FunctionFact, int, str]] = []
    for inner in _defined_in(facts, decorator):
        found = calls_written(source, (inner.line, inner.end_line), {wrapped})
        if found:
            out.append((inner, found[0][0], wrapped))
    return out


def _defined_in(facts: CodeFacts, outer: str) -> list[FunctionFact]:
    """The functions defined directly in the function ``outer`` (``outer.<locals>.name``)."""
    prefix = f"{outer}.<locals>."
    return [
        f
        for f in facts.functions
        if f.qualname.startswith(prefix) and ".<locals>." not in f.qualname[len(prefix) :]
    ]


def is_async_def(source: str, line: int) -> bool:
    """Whether the ``def`` on ``line`` (a function fact's line: its ``def``, not its
    decorators) is an ``async def``."""
    lines = source.splitlines()
    return 0 < line <= len(lines) and lines[line - 1].lstrip().startswith("async ")
