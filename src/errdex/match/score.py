"""Evidence beyond the text: exception types, traceback frames, and word-level similarity.

The text decides whether a template *can* be the source; the evidence here decides the order among
the ones that can, and rescues a reworded message when a traceback names the raising function.
Frames are evidence, not proof (users paste tracebacks from older releases in which the raise lived
elsewhere), so they add to a score and never exclude a candidate.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from errdex.match.parse import UNKNOWN_PATH
from errdex.pyexc import BUILTIN_EXCEPTIONS, builtin_ancestors, stdlib_module

# Built-in exception and warning families, child -> parent, from the interpreter's own classes
# (``pyexc``: one place for what errdex knows about built-ins), so that every built-in a user
# pastes (``EOFError``, ``StopAsyncIteration``, ``SystemExit`` ...) is known to differ from an
# unrelated one. ``json``'s decode error is printed so often that it joins them under its base.
_PARENT: dict[str, str] = {
    # an alias (``IOError`` is ``OSError``) is the child of the class it names
    **{
        name: chain[0] if chain[0] != name else chain[1]
        for name in BUILTIN_EXCEPTIONS
        if len(chain := builtin_ancestors(name)) > 1 or chain[0] != name
    },
    "JSONDecodeError": "ValueError",
}


TYPE_AGREES = 0.15  # the most type evidence adds (the pasted type or log level agrees)
TYPE_RELATED = 0.05  # a class and its base or subclass
# ... less this when the raise's class is a codebase's base of the pasted class (``_library_relation``)
BASE_OF_PASTED = 0.02
TYPE_DISAGREES = -0.15  # two classes known not to be one another's: never an exact match

_BUILTIN_KEYS = {n.lower(): n for n in (*_PARENT, *_PARENT.values())}

# the type keys of the classes above one (``Index.ancestors``): what a codebase defines
Hierarchy = Callable[[str], set[str]]


def last(name: str) -> str:
    return name.rsplit(".", 1)[-1].strip()


def _ancestors(name: str) -> list[str]:
    out = [name]
    while out[-1] in _PARENT and len(out) < 10:
        out.append(_PARENT[out[-1]])
    return out


def type_relation(
    query_types: list[str], entry_type: str, entry_kind: str, hierarchy: Hierarchy | None = None
) -> tuple[float, str | None]:
    """Score adjustment and reason for how the pasted type(s) relate to the entry's type.

    ``query_types`` are all types the paste named (outermost first; ``log.LEVEL`` for log lines).
    Equal last dotted components agree, whatever their capitals (``requests.exceptions.ConnectionError``
    vs ``ConnectionError``, or retyped ``Connectionerror``); builtin parent/child relations count
    as a family; two known builtins that are unrelated disagree; an unknown custom class is nearly
    neutral (it may subclass anything), and an entry whose class is not known (``<unknown>``: a
    raise of an object built elsewhere) is neutral, save under a paste naming no class (a log
    record only), which counts alike against every raise. With the ``hierarchy`` of the classes the
    indexed codebases define, a class and its bases or subclasses are related, and a class whose
    bases are known contradicts every class outside its line (Python prints the class raised).
    """
    if not query_types:
        return 0.0, None
    et = entry_type.strip()
    if entry_kind == "log" or et.startswith("log."):
        return _log_relation(query_types, et)
    qs = [last(q) for q in query_types if not q.startswith("log.")]
    if not qs:
        # only a log record was pasted (a level, no class): the raise's class, had it been
        # printed, is not there, whichever class the raise has; a raise whose class is not known
        # is no likelier, so it gets the same, or it would outrank the raise of a named class
        # with the same text on no evidence (issue #10: ties the paste could break)
        return -0.05, None
    if et.startswith("<"):
        return 0.0, None
    e = last(et)
    el = e.lower()
    if any(q.lower() == el for q in qs):
        return TYPE_AGREES, f"exception type agrees ({e})"
    if _group_made(qs, e):
        return TYPE_AGREES, f"exception type agrees ({e} of exceptions is an ExceptionGroup)"
    ea = _ancestors(e)
    for q in qs:
        qa = _ancestors(q)
        if (e in qa and e not in ("Exception", "BaseException")) or (
            q in ea and q not in ("Exception", "BaseException")
        ):
            return 0.05, f"exception type related ({q} / {e})"
    known_e, known_q = e in _PARENT, any(q in _PARENT for q in qs)
    if known_e and known_q:
        return TYPE_DISAGREES, f"exception type differs ({', '.join(qs)} / {e})"
    if hierarchy is not None:
        relation = _library_relation(qs, e, hierarchy)
        # (a log record's level before the label, ``ERROR [app] Error: ...``, is no class either)
        if relation[0] == TYPE_DISAGREES and all(
            q.strip() in LABELS for q in query_types if not q.startswith("log.")
        ):
            return -0.03, None  # a label, not a class: nothing to disagree with
        return relation
    return -0.03, None


# Words that head a line a program printed, taken for a class by the parse: click, typer and
# many scripts print ``Error: {message}``. CPython prints a codebase's class qualified
# (``csv.Error``, ``shutil.Error``, ``sqlalchemy.exc.Error``); only a builtin prints bare, and no
# builtin is named ``Error``. So a bare ``Error`` relates to a codebase's class when its line
# says so, and is never evidence against one.
LABELS = frozenset({"Error"})


def _group_made(qs: list[str], e: str) -> bool:
    """``BaseExceptionGroup(msg, excs)`` makes an ``ExceptionGroup`` when every exception it holds
    is an ``Exception`` (``BaseExceptionGroup.__new__``), and Python prints that class: a pasted
    ``ExceptionGroup`` is what such a raise shows."""
    return e == "BaseExceptionGroup" and "ExceptionGroup" in qs


def catching_keys(key: str, hierarchy: Hierarchy) -> set[str]:
    """The type keys an ``except`` may name to catch class ``key``: the class, every class above
    it the codebases or the built-ins tell, and ``Exception``/``BaseException``."""
    up, _ = _line_of(key, hierarchy)
    return {key, *up, "exception", "baseexception"}


def _line_of(key: str, hierarchy: Hierarchy) -> tuple[set[str], bool]:
    """The type keys above a class (the builtins' own families included), and whether all of its
    line is known: each class in it a builtin or one a codebase defines (its bases recorded). A
    base from a codebase not indexed may derive from anything, so it leaves the line open."""
    up = hierarchy(key)
    out = set(up)
    complete = bool(up) or key in _BUILTIN_KEYS
    for k in [key, *up]:
        name = _BUILTIN_KEYS.get(k)
        if name is not None:
            out.update(a.lower() for a in _ancestors(name)[1:])
        elif k != key and not hierarchy(k):
            complete = False
    out -= {"exception", "baseexception"}  # every class is one: it relates nothing
    return out, complete


def _library_relation(qs: list[str], e: str, hierarchy: Hierarchy) -> tuple[float, str | None]:
    """A pasted class and an entry's class, one of them a codebase's own (see ``type_relation``)."""
    el = e.lower()
    e_up, known = _line_of(el, hierarchy)
    base = None
    for q in qs:
        ql = q.lower()
        q_up, q_known = _line_of(ql, hierarchy)
        if ql in e_up:
            return TYPE_RELATED, f"exception type related ({q} / {e})"
        if el in q_up and base is None:
            base = q
        known = known and q_known
    if base is not None:
        # the raise's class is above the pasted one: a raise of the base never printed the pasted
        # name, while a subclass's raise is the pasted check a release split into subclasses and
        # kept the class as their base for ``except`` (streamlit's ``DuplicateWidgetID`` over
        # ``StreamlitDuplicateElementKey``); both stay related, the subclass's first
        return TYPE_RELATED - BASE_OF_PASTED, f"exception type related ({base} / {e})"
    if known:
        return TYPE_DISAGREES, f"exception type differs ({', '.join(qs)} / {e})"
    return -0.03, None


def _log_relation(query_types: list[str], et: str) -> tuple[float, str | None]:
    for q in query_types:
        if q.startswith("log."):
            if q.upper() == et.upper() or (
                q[4:] in ("ERROR", "CRITICAL")
                and et.upper() in ("LOG.ERROR", "LOG.EXCEPTION", "LOG.CRITICAL")
            ):
                return TYPE_AGREES, f"log level agrees ({q[4:]})"
            return 0.05, "a log record, as pasted"
    return -0.1, None


def builtin_key(key: str) -> bool:
    """A type key (``Index.ancestors``) naming a built-in exception or warning class."""
    return key in _BUILTIN_KEYS


def builtin_type(name: str) -> bool:
    """A built-in exception or warning class (its name says nothing about which library raised it)."""
    return last(name) in _PARENT or last(name) in ("BaseException", "Error")


@lru_cache(maxsize=1 << 16)
def private_site(path: str, function: str) -> int:
    """How many ``_private`` modules, classes and functions a site lies in (dunders and
    ``<locals>`` are not private): among sites sharing a message, the most public one is what
    users more often reach directly, and a vendored copy under a private package comes last."""
    parts = path.replace("\\", "/").removesuffix(".py").split("/")
    parts += function.replace(".<locals>", "").split(".")
    return sum(1 for p in parts if p.startswith("_") and not p.endswith("__"))


@lru_cache(maxsize=1 << 14)
def importable_file(path: str) -> bool:
    """Whether ``import`` can reach a ``.py`` file by its name: its stem is an identifier. A file
    named otherwise (``grammar.py pre-rewriting-resolve_refs.py``, ``gen-docs.py``) runs only when
    executed by its path, so it is a copy left in the tree or a script (other files: True)."""
    name = path.replace("\\", "/").rpartition("/")[2]
    if not name.endswith((".py", ".pyw")):
        return True
    return name.rpartition(".")[0].isidentifier()


_NESTED = 0.5  # a ``<locals>`` level counted against a site, as a fraction of a ``_private`` one


def site_privacy(path: str, function: str) -> float:
    """``private_site``, and half a level for each function a site's function is nested in: a
    function (or a class) defined in another's body is reached only through what that call
    returns, a module's own function directly (``jsonschema.validate`` before the
    ``create.<locals>.Validator.validate`` of the classes ``create`` makes, same message)."""
    return private_site(path, function) + _NESTED * function.count("<locals>")


_SITE = re.compile(r"^.*?[/\\](?:site-packages|dist-packages)[/\\]")
_STDLIB = re.compile(
    r"(?:^|[/\\])(?:lib|Lib)[/\\](?:python\d[\d.]*[/\\])?(?!site-packages|dist-packages)[\w.]+(?:[/\\]|\.py$)"
)
CYTHON_FILES = (".pyx", ".pxd", ".pxi")  # a Cython frame's file (its module's folder given by the reader)
_COMPILED = (
    *CYTHON_FILES,
    ".c",
    ".cc",
    ".cpp",
    ".cxx",
    ".h",
    ".hpp",
    ".cu",
    ".so",
    ".pyd",
    ".rs",
    ".go",
)


def norm_path(path: str) -> str:
    """POSIX separators, with everything up to site-packages/dist-packages cut off."""
    p = path.replace("\\", "/")
    return _SITE.sub("", p)


def in_folder(path: str, folder: str) -> bool:
    """Whether the catalogue ``path``'s folder is ``folder`` or the package folder it ends with
    (``zmq/backend/cython`` of a frame printed below ``site-packages`` or a build tree)."""
    own = path.replace("\\", "/").rpartition("/")[0]
    return bool(own) and f"/{folder}".endswith(f"/{own}")


def may_have_moved(path: str, frame_path: str) -> bool:
    """Whether catalogue ``path`` is a file a frame's module, not in the catalogue, may have
    moved to: one beside it (merged into or renamed within its folder: ``checkrc.pxd``'s code in
    ``_zmq.py``), one in the package the module became (``werkzeug/datastructures.py``, now
    ``werkzeug/datastructures/structures.py``), or a module of its name (a leading underscore
    added or dropped) in another folder of its top-level package (pymongo's ``srv_resolver.py``,
    now ``synchronous/srv_resolver.py``). A frame printed with no file (a pytest entry's
    function) names no folder, and any path may be its. A namesake in another module of the
    codebase (``lib/_bedrock_auth.py``'s ``__init__`` for a frame of ``openai/_client.py``'s)
    is none: the function's name is all they share."""
    frame = frame_path.replace("\\", "/")
    if not frame or frame == UNKNOWN_PATH or "/" not in frame:
        return True
    folder, _sep, name = frame.rpartition("/")
    stem = name.rpartition(".")[0] or name
    if in_folder(path, folder) or in_folder(path, f"{folder}/{stem}"):
        return True
    top, _sep, rest = path.replace("\\", "/").partition("/")
    own = rest.rpartition("/")[2]
    own = own.rpartition(".")[0] or own
    return own.lstrip("_") == stem.lstrip("_") and top in folder.split("/")


def outside_library(path: str) -> bool:
    """A frame in compiled code or the standard library: evidence the raise is not in a .py of ours."""
    p = path.replace("\\", "/")
    if p.endswith(_COMPILED) or p.startswith("<frozen"):
        return True
    return stdlib_path(p)


def stdlib_path(path: str) -> bool:
    """A frame in a standard library module's ``.py`` (POSIX ``lib/python3.x``, Windows ``Lib``)."""
    p = path.replace("\\", "/")
    if "site-packages/" in p or "dist-packages/" in p:
        return False
    return (
        (bool(_STDLIB.search(p)) and "/lib/python" in p.lower())
        or bool(re.search(r"/Lib/[\w]+(?:/[\w]+)*\.py$", p))
        or _windows_stdlib(p)
    )


_WIN_LIB = re.compile(r"^[A-Za-z]:/(?:[^/]+/)*?[Ll]ib/(\w+)(?:\.py$|/[\w/]*\.py$)")


def _windows_stdlib(p: str) -> bool:
    """``C:/Python36-x64/lib/sre_parse.py``: a Windows install keeps the standard library right
    in its ``Lib`` folder, printed lower-case by some builds and by case-folding tools, with no
    ``python3.x`` folder to tell it from a project's ``lib``. The module's name tells it then:
    a standard library module's (a project's own ``lib`` rarely holds a file of that name)."""
    m = _WIN_LIB.match(p)
    return m is not None and stdlib_module(m.group(1))


WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]+")  # a word of the text compared (two characters or more)
_WORD = WORD


def words(text: str) -> set[str]:
    """The lower-cased words of a text's first 5000 characters."""
    text = text[:5000]
    if text.isascii():  # lower-casing ASCII first changes no word boundary: one call, not one a word
        return set(_WORD.findall(text.lower()))
    return {w.lower() for w in _WORD.findall(text)}


def word_f1(msg_words: set[str], tpl_words: set[str]) -> float:
    """F1 of template literal words found in the message vs message words the template explains.

    A word-level score survives rewording ("ticklabels" -> "labels", a clause appended) that the
    literal-in-order fit cannot, while the precision half keeps a short generic template from
    scoring high on a long message.
    """
    if not msg_words or not tpl_words:
        return 0.0
    common = len(msg_words & tpl_words)
    if not common:
        return 0.0
    recall = common / len(tpl_words)
    precision = common / len(msg_words)
    return 2 * recall * precision / (recall + precision)


@dataclass(slots=True)
class FrameInfo:
    """The frames of one query, looked up against the index's paths once."""

    frames: list[tuple[str, int | None, str | None]]  # (normalised path, line, last function component)
    # (index into frames, catalogue path) of the frames inside the catalogue, outermost first
    lib: list[tuple[int, str]]
    outside_deepest: str | None  # path of the deepest frame when it is compiled/stdlib code
    deepest_path: str | None = None  # catalogue path of the deepest library frame
    # the traceback's last frame is a library frame printing a statement that raises nothing (a
    # call): what raised had no Python frame below it (compiled code), so no raise statement of
    # the library is the site; ``path:line`` of that frame, for the reason shown
    ends_at_call: str | None = None
    # the deepest frame is the standard library's own raise of a new exception (its shown line
    # ``raise X(...)``, or no line shown): the text is the standard library's, not a re-raise of
    # one a library made (``raise self._exception`` in concurrent.futures); likewise another
    # installed package's own raise (``frames.frame_evidence``)
    stdlib_made: bool = False
    # the index into ``frames`` of the deepest library frame when it is a call with nothing of the
    # library's Python below it: the last frame (``ends_at_call``), or one with only compiled
    # code (a ``.pyx`` frame), the standard library or the interpreter's frozen modules below
    # it. The error was raised below that call by code no raise statement of the library is,
    # so the call itself is where the library raised it (``frames.call_frame``)
    call_at: int | None = None
    # ``call_at`` is the frame above a handler re-raising with a rebuilt trail of generated code
    # (``frames.trail_caller``): taken only when no raise fits the text exactly
    trail_call: bool = False
    # a frame above the last prints a raise (``raise exc.with_traceback(tb)``, jinja2's ``raise
    # rewrite_traceback_stack(...)``, ``with wrap_errors:`` whose ``__exit__`` raises so): the
    # frames below it are the trail of a caught exception, so the last frame's function is where
    # that one was raised, not this one (``frames._reraised``)
    trail: bool = False


@lru_cache(maxsize=1 << 16)
def fn_last(fn: str | None) -> str | None:
    if not fn:
        return None
    fn = fn.strip()
    if fn.startswith("<") and fn.endswith(">"):
        return fn
    return last(fn.split("(", 1)[0])
