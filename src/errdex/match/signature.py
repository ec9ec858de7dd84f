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
  arguments, so the decorator's call of the wrapped parameter is the library frame;
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

from errdex.model import CodeFacts, FunctionFact

__all__ = [
    "SignatureError",
    "calls_written",
    "decorator_names",
    "possible_call",
    "signature_agrees",
    "signature_error",
    "wrapped_parameter_calls",
]

_CALLABLE = r"(?P<callable>[A-Za-z_][\w.]*)\(\) "
_FORMS = (
    ("keyword", re.compile(_CALLABLE + r"got an unexpected keyword argument '(?P<kw>\w+)'")),
    ("multiple", re.compile(_CALLABLE + r"got multiple values for (?:keyword )?argument '(?P<kw>\w+)'")),
    (
        "missing",
        re.compile(
            _CALLABLE + r"missing \d+ required (?P<only>positional|keyword-only) arguments?: (?P<names>.+)"
        ),
    ),
    (
        "takes",
        re.compile(
            _CALLABLE
            + r"takes (?:from \d+ to )?\d+ positional arguments? but (?P<given>\d+) (?:were|was) given"
        ),
    ),
)
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
    for form, pattern in _FORMS:
        m = pattern.fullmatch(text)
        if m is None:
            continue
        parts = m["callable"].split(".")
        if len(parts) > 2 or any(not p.isidentifier() for p in parts):
            return None
        owner, name = (parts[0], parts[1]) if len(parts) == 2 else (None, parts[0])
        if owner is None and name.startswith("__"):
            return None
        groups = m.groupdict()
        return SignatureError(
            owner,
            name,
            form,
            keyword=groups.get("kw"),
            missing=tuple(re.findall(r"'(\w+)'", groups.get("names") or "")),
            keyword_only=groups.get("only") == "keyword-only",
            given=int(groups["given"]) if groups.get("given") else None,
        )
    return None


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
    names = "|".join(re.escape(c.lstrip(".")) for c in sorted(callees))
    pattern = re.compile(rf"(?<![\w.])((?:[A-Za-z_]\w*\.)*)({names})\s*\(")
    out: list[tuple[int, ast.Call]] = []
    for m in pattern.finditer(body):
        written = m[1] + m[2]
        if written not in callees and f".{m[2]}" not in callees:
            continue
        call = _call_at(source, offset + m.start())
        if call is not None:
            out.append((first + body.count("\n", 0, m.start()), call))
    return out


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
    facts: CodeFacts, source: str, decorator: str
) -> list[tuple[FunctionFact, int, str]]:
    """(inner function, line, parameter) of the first call of the decorator's wrapped callable
    (its first parameter) in each function defined inside module-level ``decorator``
    (``_make_axis_parameter_optional.<locals>.wrapper`` calling ``init_func(...)``): the frame
    below which a decorated callable's arguments are bound. The code facts keep no call of a
    parameter (no edge of the codebase), so the stored source is read."""
    outer = next((f for f in facts.functions if f.qualname == decorator), None)
    if outer is None or not outer.params:
        return []
    wrapped = outer.params[0]
    out: list[tuple[FunctionFact, int, str]] = []
    for inner in facts.functions:
        if (
            not inner.qualname.startswith(f"{decorator}.<locals>.")
            or ".<locals>." in inner.qualname[len(decorator) + 9 :]
        ):
            continue
        found = calls_written(source, (inner.line, inner.end_line), {wrapped})
        if found:
            out.append((inner, found[0][0], wrapped))
    return out
