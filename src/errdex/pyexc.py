"""What errdex knows about Python's built-in names, exceptions and warnings, in one place.

The hierarchy comes from the running interpreter's ``builtins`` (a class object errdex already
holds; nothing indexed is imported): which names are built-in exceptions, which are ``OSError``
and print as ``[Errno N] ...``, and each one's parent. What a type *means* to a user is a short
table written by hand; a built-in type missing from it takes the meaning of its nearest listed
ancestor, so every built-in is described as what it is, never as a class of the library.
"""

from __future__ import annotations

import builtins
import select
import socket
import sys
from collections.abc import Iterator
from functools import cache
from importlib import resources
from typing import Final

__all__ = [
    "BUILTIN_EXCEPTIONS",
    "BUILTIN_NAMES",
    "GENERAL",
    "MEANINGS",
    "OS_ERRORS",
    "STDLIB_OS_ERRORS",
    "builtin_ancestors",
    "builtin_meaning",
    "interpreter_data",
    "interpreter_messages",
    "interpreter_texts",
    "is_builtin",
    "stdlib_module",
]

_CLASSES: Final[dict[str, type[BaseException]]] = {
    name: value
    for name, value in vars(builtins).items()
    if isinstance(value, type) and issubclass(value, BaseException) and not name.startswith("_")
}

# Every name the interpreter binds in ``builtins`` (``str``, ``len``, ``ValueError``, ...): a name
# a module uses without binding it is one of these, not the codebase's.
BUILTIN_NAMES: Final = frozenset(dir(builtins))
# Every name the interpreter binds to an exception class, aliases included (``IOError``).
BUILTIN_EXCEPTIONS: Final = frozenset(_CLASSES)
# Python prints these with two or more arguments as "[Errno {0}] {1}" (": {2!r}" with a third).
OS_ERRORS: Final = frozenset(n for n, c in _CLASSES.items() if issubclass(c, OSError))
# The standard library's own names for ``OSError`` and its subclasses that libraries derive
# from (``class NoValidConnectionsError(socket.error)``): they print as ``OSError`` does.
STDLIB_OS_ERRORS: Final = frozenset(
    f"{m.__name__}.{n}"
    for m in (socket, select)
    for n, c in vars(m).items()
    if isinstance(c, type) and issubclass(c, OSError) and not n.startswith("_")
)

# For a built-in raised as itself (``raise Exception(...)``) whose family the table lacks.
GENERAL: Final = "a general Python exception: the message itself says what went wrong"

# The roots (``Exception``, ``BaseException``) are left out on purpose: that a class derives
# from them says nothing about what went wrong.
MEANINGS: Final[dict[str, str]] = {
    "ValueError": "an argument has the right type but a value the code does not accept",
    "TypeError": "an argument (or an operand) has a type the code does not accept",
    "NotImplementedError": (
        "the library knowingly does not support this case yet — a known gap in the library, "
        "not necessarily a bug in your code"
    ),
    "LookupError": "a lookup by key or index found no entry for what was asked",
    "KeyError": "a lookup by key found no entry for the key given",
    "IndexError": "an index is outside the valid range",
    "AttributeError": "an object does not have the attribute that was asked for",
    "NameError": "a name was used that is not defined where it is used",
    "RuntimeError": "the program reached a state the code cannot continue from",
    "RecursionError": "calls nested deeper than the interpreter's recursion limit",
    "AssertionError": "an internal consistency check failed, which usually points at a library bug "
    "or at an unsupported way of calling it",
    "OSError": "an operating-system call failed (file, network or process)",
    "FileNotFoundError": "a file or directory that was needed does not exist",
    "FileExistsError": "a file or directory that was to be created already exists",
    "PermissionError": "the operating system refused access: the process lacks the permission it needs",
    "IsADirectoryError": "a file was expected, but the path names a directory",
    "NotADirectoryError": "a directory was expected, but the path names something else",
    "TimeoutError": "an operation did not finish within its time limit",
    "ConnectionError": "a network connection failed, was refused or was closed",
    "ImportError": "an optional dependency or module could not be imported",
    "ModuleNotFoundError": "an optional dependency is not installed",
    "ArithmeticError": "an arithmetic operation failed",
    "ZeroDivisionError": "a division by zero happened",
    "OverflowError": "a number is too large for the operation",
    "MemoryError": "the process ran out of memory",
    "StopIteration": "an iterator was exhausted",
    "StopAsyncIteration": "an asynchronous iterator was exhausted",
    "SyntaxError": "source code handed to the parser is not valid Python",
    "SystemExit": "the program was asked to exit",
    "KeyboardInterrupt": "the user interrupted the program (Ctrl-C)",
    "EOFError": "input ended before the data that was expected",
    "UnicodeError": "text could not be encoded or decoded",
    "UnicodeDecodeError": "bytes could not be decoded with the expected text encoding",
    "UnicodeEncodeError": "text could not be encoded with the expected text encoding",
    "Warning": "the library warns about something, but carries on",
    "DeprecationWarning": "a feature you use is deprecated and will be removed in a later release",
    "FutureWarning": "the behaviour you rely on will change in a future release",
    "PendingDeprecationWarning": "a feature is planned for deprecation",
    "UserWarning": "the library noticed something probably unintended, but carries on",
    "RuntimeWarning": "something numerically or behaviourally dubious happened at run time",
    "ResourceWarning": "a resource (a file, a socket) was not closed properly",
}


def _bare(name: str) -> str:
    return name.removeprefix("builtins.")


def is_builtin(name: str) -> bool:
    """``name`` (bare or as ``builtins.X``) is a built-in exception or warning class."""
    return _bare(name) in BUILTIN_EXCEPTIONS


def stdlib_module(dotted: str) -> bool:
    """Whether the top package of a dotted name is a standard library module's: the module of a
    class as Python prints it (``socket.gaierror``, ``json.decoder.JSONDecodeError``), or a
    module's own name (``sre_parse``). The one test of it the matcher's stages share: the
    standard library raises its classes wherever it is called, and libraries raise them too."""
    return dotted.partition(".")[0] in sys.stdlib_module_names


def builtin_ancestors(name: str) -> list[str]:
    """The built-in ``name`` and its built-in ancestors, nearest first; empty for other names."""
    cls = _CLASSES.get(_bare(name))
    if cls is None:
        return []
    return [c.__name__ for c in cls.__mro__ if c is not object]


def builtin_meaning(name: str) -> str | None:
    """What the built-in ``name`` tells a user, from the nearest ancestor the table describes.

    None when ``name`` is not a built-in exception; ``GENERAL`` for one the table has no family for.
    """
    ancestors = builtin_ancestors(name)
    if not ancestors:
        return None
    for n, ancestor in enumerate(ancestors):
        if ancestor in MEANINGS:
            return MEANINGS[ancestor] if n == 0 else f"a kind of {ancestor}: {MEANINGS[ancestor]}"
    return GENERAL


# The interpreter's own messages, one ``TYPE<TAB>template`` a line with ``{}`` per hole, written
# from CPython's sources, then ``@origin NAME`` sections of compiled extensions' messages: the
# matcher indexes every line (``match.runtime``), the extractor reads the interpreter's own
# (``interpreter_texts``). One reader of the file serves both.
INTERPRETER_MESSAGES: Final = ("match", "data", "cpython_messages.txt")
# built-ins whose ``str()`` is not the message as written: a ``KeyError`` prints the key's repr,
# a ``SyntaxError`` adds ``(file, line n)``
_STR_NOT_MESSAGE: Final = (KeyError, SyntaxError)


def interpreter_data() -> str:
    """The text of the messages file (``INTERPRETER_MESSAGES``)."""
    return resources.files("errdex").joinpath(*INTERPRETER_MESSAGES).read_text(encoding="utf-8")


def interpreter_messages() -> Iterator[tuple[int, str, str, str]]:
    """``(line number, origin, TYPE, template)`` of each message of the file; the lines before
    the first ``@origin`` are ``python``'s, blank lines and ``#`` comments are skipped."""
    origin = "python"
    for n, raw in enumerate(interpreter_data().splitlines(), 1):
        if raw.startswith("@origin "):
            origin = raw.split(None, 1)[1].strip()
            continue
        if not raw.strip() or raw.startswith("#") or "\t" not in raw:
            continue
        exc_type, template = raw.split("\t", 1)
        yield n, origin, exc_type, template


@cache
def interpreter_texts(name: str) -> tuple[str, ...]:
    """What ``str()`` of a caught built-in ``name`` is when the interpreter raised it: the
    messages (``{}`` per hole) of ``name`` and of its built-in subclasses, in the data file's
    order. Empty for a name that is not a built-in, has none listed, or may be one whose
    ``str()`` is not its message (``except LookupError`` catches a ``KeyError``)."""
    cls = _CLASSES.get(_bare(name))
    if cls is None or any(issubclass(c, cls) or issubclass(cls, c) for c in _STR_NOT_MESSAGE):
        return ()
    caught = {n for n, c in _CLASSES.items() if issubclass(c, cls)}
    return tuple(
        t for _, origin, exc_type, t in interpreter_messages() if origin == "python" and exc_type in caught
    )
