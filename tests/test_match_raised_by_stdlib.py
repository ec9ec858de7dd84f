"""More standard-library texts that one known callable raises (``data/raised_by.txt``), each
checked against CPython by calling the callable with the bad value: a message alone of these
words is answered at the library's call of that callable, through whatever import spelling the
library uses (a module, a ``from`` import, an alias). Approximate, kind ``call``. On a real
catalogue of a small package indexed here (``index_helpers.package_matcher``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from index_helpers import first, package_matcher

from errdex.match.raisedby import raised_by
from errdex.match.result import CALL_KIND

_CLOCK = """\
import asyncio
import hashlib
import hmac
import json
import os
import resource
import socket
from array import array
from datetime import datetime as dt_datetime
from datetime import timedelta, timezone
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from weakref import ref
from xml.parsers import expat


def stamp(ts, tz):
    if ts is None:
        raise ValueError("a clock needs a timestamp")
    return dt_datetime.fromtimestamp(ts, tz)


def offset(seconds):
    return timezone(timedelta(seconds=seconds))


def loop_now():
    return asyncio.get_running_loop()


def schedule(aw):
    return asyncio.ensure_future(aw)


def ratio(text):
    return Fraction(text)


def watch(obj, callback):
    return ref(obj, callback)


def sign(secret, data):
    return hmac.new(secret, data, digestmod=hashlib.sha256).hexdigest()


def length(value):
    return Decimal(value)


def words(data):
    return array("I", data)


def encode(obj):
    return json.dumps(obj)


def resolve(host, port):
    return socket.getaddrinfo(host, port)


def where(path):
    return Path(path).absolute()


def moved(point, **fields):
    return point._replace(**fields)


def read_xml(data):
    parser = expat.ParserCreate()
    parser.Parse(data, True)
    return parser


def free_space(path):
    return os.statvfs(path).f_bavail


def cap_files(pid, limits):
    return resource.prlimit(pid, resource.RLIMIT_NOFILE, limits)
"""

_FILES = {"clock/__init__.py": "", "clock/core.py": _CLOCK}


def _line(text: str) -> int:
    return next(n for n, line in enumerate(_CLOCK.splitlines(), 1) if text in line)


# (pasted message, the function whose call raised it, the text of that call's line)
_CASES = [
    ("ValueError: Invalid value NaN (not a number)", "stamp", "dt_datetime.fromtimestamp("),
    (
        "ValueError: offset must be a timedelta strictly between -timedelta(hours=24) and "
        "timedelta(hours=24), not datetime.timedelta(days=1, seconds=3600).",
        "offset",
        "return timezone(",
    ),
    ("RuntimeError: no running event loop", "loop_now", "asyncio.get_running_loop()"),
    (
        "TypeError: An asyncio.Future, a coroutine or an awaitable is required",
        "schedule",
        "asyncio.ensure_future(",
    ),
    ("ValueError: Invalid literal for Fraction: 'x'", "ratio", "Fraction(text)"),
    ("TypeError: cannot create weak reference to 'str' object", "watch", "ref(obj, callback)"),
    ("TypeError: key: expected bytes or bytearray, but got 'NoneType'", "sign", "hmac.new("),
    ("TypeError: conversion from NoneType to Decimal is not supported", "length", "Decimal(value)"),
    ("ValueError: bytes length not a multiple of item size", "words", 'array("I", data)'),
    ("TypeError: Object of type date is not JSON serializable", "encode", "json.dumps(obj)"),
    ("socket.gaierror: [Errno -2] Name or service not known", "resolve", "socket.getaddrinfo("),
    (
        "TypeError: argument should be a str or an os.PathLike object where __fspath__ returns "
        "a str, not 'NoneType'",
        "where",
        "Path(path)",
    ),
    ("TypeError: Got unexpected field names: ['host']", "moved", "point._replace("),
    # pyexpat's ``xmlparser.Parse``: expat's own words, then where in the document
    ("xml.parsers.expat.ExpatError: mismatched tag: line 1, column 6", "read_xml", "parser.Parse("),
    ("ExpatError: duplicate attribute: line 1, column 9", "read_xml", "parser.Parse("),
    (
        "TypeError: statvfs: path should be string, bytes, os.PathLike or integer, not NoneType",
        "free_space",
        "os.statvfs(",
    ),
    ("ValueError: current limit exceeds maximum limit", "cap_files", "resource.prlimit("),
    ("TypeError: unsupported type for timedelta seconds component: str", "offset", "return timezone("),
]


@pytest.mark.parametrize(("paste", "function", "call"), _CASES, ids=[c[1] for c in _CASES])
def test_the_library_s_call_of_the_raising_callable_answers(
    tmp_path: Path, paste: str, function: str, call: str
) -> None:
    with package_matcher(tmp_path, _FILES) as m:
        res = m.explain(paste)
    top = first(res)
    assert top.kind == CALL_KIND and top.is_call and top.approximate
    assert (top.path, top.line, top.function) == ("clock/core.py", _line(call), function)
    assert top.tied_with == []
    # (the interpreter's own list holds ``no running event loop`` too: its outcome says so)
    assert res.outcome in ("approximate", "builtin")


def test_another_class_or_more_words_are_not_the_callable_s() -> None:
    assert raised_by("no running event loop", ["RuntimeError"]) is not None
    assert raised_by("no running event loop", ["ValueError"]) is None
    assert raised_by("no running event loop here", ["RuntimeError"]) is None
    # the OS's words under the resolver's class only: another class of the same shape is not it
    assert raised_by("[Errno -2] Name or service not known", ["gaierror"]) is not None
    assert raised_by("[Errno 111] Connection refused", ["ConnectionRefusedError"]) is None
    # expat's words and their place, under expat's class only (ElementTree's ``ParseError``
    # prints the same shape from Python code of its own)
    assert raised_by("undefined entity: line 1, column 3", ["ExpatError"]) is not None
    assert raised_by("undefined entity: line 1, column 3", ["ParseError"]) is None
    assert raised_by("undefined entity", ["ExpatError"]) is None


def test_a_text_no_library_call_relates_to_stays_unanswered(tmp_path: Path) -> None:
    # the package calls no ``zlib``/``gzip``: the text is the standard library's, and no call
    # of the indexed code can have raised it, so nothing is put forward
    with package_matcher(tmp_path, _FILES) as m:
        res = m.explain("ValueError: Invalid initialization option")
    assert not any(x.is_call for x in res.matches)
