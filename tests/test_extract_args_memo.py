"""perf41: a statement's call whose arguments ``raiser_ref`` read (``x = check(v, "...")``,
``return fail(...)``) is not read again by the statement's own evaluation of it when the frame
and the environment are as they were (``ModuleVisitor.args_of``). The facts must be those of
reading them again: the cases where something the arguments read changes between the two reads
(a target unpacked from the call that its arguments name, ``cls`` rebound in a classmethod, a
second target of a chained assignment) are read again, and every case gives the same facts,
byte for byte in the cache's encoding, as a visitor that never keeps them."""

from __future__ import annotations

from typing import Any

import pytest

from errdex.extract import extract_file
from errdex.extract.cache import _pack
from errdex.extract.visitor import ModuleVisitor

MODULE = """\
class Error(Exception):
    pass


def check(ok, message):
    if not ok:
        raise Error(message)
    return ok


def parse(text, what):
    raise Error(f"cannot parse {what}: {text!r}")


def assigned(value):
    got = check(value > 0, f"value must be positive, got {value}")
    return got


def unpacked(a):
    a, b = parse(a, "the pair %s" % a)
    return a, b


def relabelled():
    msg = "bad value"
    msg, code = parse(msg + " here", code_of(msg))
    raise Error(msg)


def chained(x):
    x = y = check(x, "x is " + str(x))
    return y


def returned(name):
    return check(name, "no such name: {}".format(name))


def nested(v):
    out = check(parse(v, "inner " + v), "outer " + v)
    return out


class Made:
    @classmethod
    def build(cls, text):
        cls = check(cls(text), "cannot build " + text)
        return cls
"""


def _facts() -> bytes:
    return _pack(extract_file("pkg/mod.py", MODULE.encode()))


def test_kept_arguments_give_the_facts_of_reading_them_again(monkeypatch: pytest.MonkeyPatch) -> None:
    reads: list[int] = []
    original = ModuleVisitor.call_args

    def counted(self: ModuleVisitor, *a: Any) -> Any:
        reads.append(1)
        return original(self, *a)

    monkeypatch.setattr(ModuleVisitor, "call_args", counted)
    kept = _facts()
    with_memo = len(reads)
    reads.clear()
    # the same walk with every second read done again
    monkeypatch.setattr(
        ModuleVisitor, "args_of", lambda self, call, env, frame: self.call_args(call, env, frame)
    )
    again = _facts()
    assert kept == again
    assert with_memo < len(reads)  # some reads were kept (``assigned``, ``returned``, ``nested``)
