"""The interpreter's message about a call's arguments, pasted alone, names a callable; when an
indexed codebase defines it with a signature that agrees, the calls of that codebase that can make
the message (a decorator's call of the callable it wraps, a class's ``cls(**data)``, a call
passing the keyword) are the judge's deepest library frame, above another codebase's look-alike
raise (``{fname}() got an unexpected keyword argument '{key}'``). On a real catalogue of two
small packages indexed here."""

from __future__ import annotations

import ast
from contextlib import AbstractContextManager
from pathlib import Path

from index_helpers import codebases_matcher, first

from errdex.match import Matcher, Result
from errdex.match.result import CALL_KIND
from errdex.match.signature import (
    calls_written,
    decorator_names,
    possible_call,
    signature_agrees,
    signature_error,
)

_SCALE = """\
import functools
import inspect


def _optional_axis(init_func):
    @functools.wraps(init_func)
    def wrapper(self, *args, **kwargs):
        init_func(self, *args, **kwargs)
    return wrapper


class LogScale:
    @_optional_axis
    def __init__(self, axis=None, *, base=10):
        if base <= 0:
            raise ValueError("base must be positive")
        self.base = base


class Settings:
    def __init__(self, root, mode="r"):
        self.root = root
        self.mode = mode

    def copy(self):
        values = [self.root, self.mode]
        return Settings(*values)

    @classmethod
    def from_data(cls, data):
        root = data.pop("root")
        return cls(root=root, **data)


def deprecated(*names, reason=""):
    def decorator(func):
        if inspect.iscoroutinefunction(func):

            @functools.wraps(func)
            async def async_wrapper(*args, **kwargs):
                return await func(*args, **kwargs)

            return async_wrapper

        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            warn_about(names, kwargs, reason)
            return func(*args, **kwargs)

        return wrapper

    return decorator


def warn_about(names, kwargs, reason):
    return [name for name in names if name in kwargs]


class Client:
    @deprecated(
        "retry_on_timeout",
        reason="included by default",
    )
    def __init__(self, host="localhost", port=6379, retry_on_timeout=False):
        self.host = host


def client_for(options):
    return Client(**options)


def settings_for(root):
    return Settings(root, mode="w")


def settings_from_parts(parts):
    return Settings(*parts)


def describe(root, *rest):
    return root.settings_for(*rest)
"""

# another codebase: a raise printing the interpreter's words for its own argument checks
_VALIDATORS = """\
def check_keys(fname, kwargs, allowed):
    for key in kwargs:
        if key not in allowed:
            raise TypeError(f"{fname}() got an unexpected keyword argument '{key}'")
"""


def _line(text: str) -> int:
    return next(n for n, line in enumerate(_SCALE.splitlines(), 1) if text in line)


def _two_codebases(root: Path) -> AbstractContextManager[Matcher]:
    return codebases_matcher(
        root,
        {
            "scales": {"scales/__init__.py": "", "scales/scale.py": _SCALE},
            "checks": {"checks/__init__.py": "", "checks/validators.py": _VALIDATORS},
        },
    )


def _calls(res: Result) -> list[tuple[str, int]]:
    return [(m.function, m.line) for m in res.matches if m.kind == CALL_KIND]


def test_the_interpreter_s_signature_messages_name_the_callable() -> None:
    err = signature_error("LogScale.__init__() got an unexpected keyword argument 'basey'", ["TypeError"])
    assert err is not None and err.constructor and err.called_as == "LogScale" and err.keyword == "basey"
    missing = signature_error(
        "Arrow.__init__() missing 2 required positional arguments: 'month' and 'day'", ["TypeError"]
    )
    assert missing is not None and missing.missing == ("month", "day") and missing.form == "missing"
    takes = signature_error("f() takes 2 positional arguments but 3 were given", ["builtins.TypeError"])
    assert takes is not None and takes.owner is None and takes.given == 3
    ranged = signature_error("C.m() takes from 1 to 2 positional arguments but 3 were given", ["TypeError"])
    assert ranged is not None and ranged.given == 3 and ranged.owner == "C"
    only = signature_error("g() missing 1 required keyword-only argument: 'k'", ["TypeError"])
    assert only is not None and only.keyword_only and only.missing == ("k",)
    twice = signature_error("g() got multiple values for argument 'a'", ["TypeError"])
    assert twice is not None and twice.form == "multiple" and twice.keyword == "a"
    assert signature_error("g() takes 1 positional argument but 2 were", ["TypeError"]) is None
    assert signature_error("g() missing 1 required argument: 'k'", ["TypeError"]) is None
    # another class, a bare ``__init__`` (no class to look up), a lambda, more words: none
    assert signature_error("f() got an unexpected keyword argument 'x'", ["ValueError"]) is None
    assert signature_error("__init__() got an unexpected keyword argument 'x'", ["TypeError"]) is None
    assert signature_error("F.<lambda>() missing 1 required positional argument: 'x'", ["TypeError"]) is None
    assert signature_error("f() got an unexpected keyword argument 'x' (see docs)", ["TypeError"]) is None


def test_a_call_makes_the_message_only_as_written() -> None:
    err = signature_error("S.__init__() got an unexpected keyword argument 'colour'", ["TypeError"])
    assert err is not None
    call = lambda text: ast.parse(text, mode="eval").body  # noqa: E731
    assert possible_call(call("S(root, **data)"), err, ("self", "root"), True, ("data",))
    assert possible_call(call("S(root, colour=1)"), err, ("self", "root"), True)
    assert not possible_call(call("S(root, mode='w')"), err, ("self", "root"), True)
    # a mapping the library made itself (a local, a literal) holds what it wrote, not the user's
    assert not possible_call(call("S(root, **data)"), err, ("self", "root"), True, ("root",))
    assert not possible_call(call("S(root, **{'mode': m})"), err, ("self", "root"), True, ("m",))
    # the keyword among the parameters: that definition cannot print it; a dataclass's field
    assert not signature_agrees(err, ("self", "colour"), None)
    assert not signature_agrees(err, None, ["colour"]) and signature_agrees(err, None, ["root"])
    missing = signature_error("S.__init__() missing 1 required positional argument: 'mode'", ["TypeError"])
    assert missing is not None
    # ``S(root, mode)`` fills ``mode``'s position; ``S(root)`` does not; ``S(*parts)`` may not
    assert not possible_call(call("S(a, b)"), missing, ("self", "root", "mode"), True)
    assert possible_call(call("S(a)"), missing, ("self", "root", "mode"), True)
    assert possible_call(call("S(*parts)"), missing, ("self", "root", "mode"), True, ("parts",))
    assert not possible_call(call("S(*values)"), missing, ("self", "root", "mode"), True, ("self",))
    unbound = signature_error("S.save() missing 1 required positional argument: 'self'", ["TypeError"])
    assert unbound is not None
    assert not possible_call(call("self.save()"), unbound, ("self", "path"), True)
    assert possible_call(call("S.save()"), unbound, ("self", "path"), False)
    takes = signature_error("f() takes 1 positional argument but 2 were given", ["TypeError"])
    assert takes is not None
    assert possible_call(call("f(a, b)"), takes, None, False) and not possible_call(
        call("f(a)"), takes, None, False
    )


def test_calls_are_found_by_their_callee_as_written() -> None:
    source = (
        "def f(x):\n    a = cls(x)\n    b = mycls(x)\n    c = mod.cls (x, y)\n    d = 1.cls(x)\n    e = cls\n"
    )
    found = calls_written(source, (1, 6), {"cls", "mod.cls"})
    assert [(line, ast.unparse(call)) for line, call in found] == [(2, "cls(x)"), (4, "mod.cls(x, y)")]
    # a dotted callee counts by its last name only when ``.NAME`` is listed
    assert [line for line, _ in calls_written(source, (1, 6), {"cls"})] == [2]
    assert [line for line, _ in calls_written(source, (1, 6), {".cls"})] == [2, 4]


def test_decorators_above_a_def_are_read_without_the_language_s_own() -> None:
    source = (
        "class A:\n    @staticmethod\n    @mod.wrap_it(x=1)\n    @cache\n    def f(self):\n        pass\n"
    )
    assert decorator_names(source, 5) == ["wrap_it"]
    assert decorator_names("x = 1\n\ndef f():\n    pass\n", 3) == []


def test_a_decorated_callable_is_answered_at_its_decorator_s_call(tmp_path: Path) -> None:
    # ``@deprecated("retry_on_timeout", reason=...)``: a decorator written with arguments makes
    # the decorator proper, whose inner ``wrapper`` calls the wrapped ``__init__`` (redis'
    # ``deprecated_args``); its ``async_wrapper`` is for coroutine functions only
    cases = {
        "LogScale": ("init_func(self, *args", "_optional_axis.<locals>.wrapper", "basey"),
        "Client": (
            "            return func(*args, **kwargs)",
            "deprecated.<locals>.decorator.<locals>.wrapper",
            "hostname",
        ),
    }
    with _two_codebases(tmp_path) as m:
        answers = {
            cls: m.explain(f"TypeError: {cls}.__init__() got an unexpected keyword argument '{kw}'")
            for cls, (_, _, kw) in cases.items()
        }
    for cls, (text, function, _) in cases.items():
        res = answers[cls]
        top = first(res)
        assert top.kind == CALL_KIND and top.approximate and top.repo.endswith("scales")
        assert (top.path, top.line, top.function) == ("scales/scale.py", _line(text), function)
        assert top.template == f"{text.split('(')[0].split()[-1]}(...)"
        assert f"arguments of {cls}.__init__" in res.verdict
    # the look-alike raise of the other codebase stays, below
    assert any(x.function == "check_keys" for x in answers["LogScale"].matches[1:])
    # ``client_for``'s ``Client(**options)`` goes through the wrapper too: no answer of its own
    assert _calls(answers["Client"]) == [(cases["Client"][1], _line(cases["Client"][0]))]


def test_a_class_is_answered_at_its_calls_that_can_pass_the_keyword(tmp_path: Path) -> None:
    with _two_codebases(tmp_path) as m:
        res = m.explain("TypeError: Settings.__init__() got an unexpected keyword argument 'colour'")
        # ``mode`` is a parameter: not this class's message; the look-alike raise answers
        other = m.explain("TypeError: Settings.__init__() got an unexpected keyword argument 'mode'")
        missing = m.explain("TypeError: Settings.__init__() missing 1 required positional argument: 'root'")
    # ``settings_for`` passes no ``colour`` and no ``**``: only the classmethod's ``cls(**data)``
    assert _calls(res) == [("Settings.from_data", _line("return cls(root=root"))]
    assert first(res).kind == CALL_KIND and first(res).template == "cls(...)"
    assert _calls(other) == []
    # ``root`` passed by keyword or by position, or in ``copy``'s own list: only the call
    # unpacking the ``parts`` it was handed can miss it
    assert _calls(missing) == [("settings_from_parts", _line("Settings(*parts)"))]


def test_a_method_of_a_value_is_no_call_of_the_codebase_s_function(tmp_path: Path) -> None:
    with _two_codebases(tmp_path) as m:
        res = m.explain("TypeError: settings_for() takes 1 positional argument but 2 were given")
    # ``root.settings_for(*rest)`` calls whatever ``root`` holds: not the module's function
    assert _calls(res) == []


def test_a_callable_no_codebase_defines_is_left_to_the_other_answers(tmp_path: Path) -> None:
    with _two_codebases(tmp_path) as m:
        res = m.explain("TypeError: Order.__init__() got an unexpected keyword argument 'colour'")
        traceback = m.explain(
            "Traceback (most recent call last):\n"
            '  File "/x/main.py", line 3, in <module>\n'
            "    LogScale(basey=2)\n"
            "TypeError: LogScale.__init__() got an unexpected keyword argument 'basey'"
        )
    assert _calls(res) == []
    assert not any(m.function.endswith("wrapper") for m in traceback.matches)
