"""A class raised from a loop over a module's members, picked by a class attribute (acc179).

oauthlib's ``raise_from_error`` looks the class up among its module's members by the ``error``
attribute each subclass sets, then raises ``cls(**kwargs)``; the class's ``__init__`` builds the
text from that attribute (``(invalid_grant) ...``). Each exception class of the module that
gives the compared attribute text is a class the raise may raise, with its own text; a class
leaving it None (the base) is never the one looked up.
"""

from __future__ import annotations

from errdex.extract import extract
from errdex.model import UNKNOWN_EXC_TYPE, SourceFile

_ERRORS = (
    "import inspect\n"
    "import sys\n"
    "class OAuthError(Exception):\n"
    "    error = None\n"
    "    description = ''\n"
    "    def __init__(self, description=None, uri=None):\n"
    "        if description is not None:\n"
    "            self.description = description\n"
    "        super().__init__('({}) {}'.format(self.error, self.description))\n"
    "class InvalidGrant(OAuthError):\n"
    "    error = 'invalid_grant'\n"
    "class AccessDenied(OAuthError):\n"
    "    error = 'access_denied'\n"
    "class Unrelated(Exception):\n"
    "    pass\n"
    "def raise_from_error(error, params):\n"
    "    kwargs = {'description': params.get('error_description'), 'uri': params.get('uri')}\n"
    "    for _, cls in inspect.getmembers(sys.modules[__name__], inspect.isclass):\n"
    "        if cls.error == error:\n"
    "            raise cls(**kwargs)\n"
    "    raise ValueError(error)\n"
    "def check_state(state, expected):\n"
    "    if state != expected:\n"
    "        raise AccessDenied()\n"
)


def _records(files: dict[str, str]) -> set[tuple[str, int, str, str]]:
    src = [SourceFile("m/__init__.py", b"")] + [SourceFile(p, s.encode()) for p, s in files.items()]
    return {(r.path, r.line, r.exc_type, r.template) for r in extract(src, "local/m", jobs=1).records}


def test_class_looked_up_among_the_modules_members_by_an_attribute() -> None:
    got = {(line, t, text) for _, line, t, text in _records({"m/errors.py": _ERRORS}) if line in (20, 24)}
    # each class giving ``error`` text, with the text its ``__init__`` builds from it (the
    # ``**kwargs`` spread of a dict is read as a direct ``raise InvalidGrant(**kwargs)`` is);
    # neither the base (``error = None``) nor a class without the attribute, no unknown class.
    # A text that a raise naming the class also prints (``raise AccessDenied()``) is that
    # raise's alone: the registry keeps only the texts no other raise prints
    assert got == {(20, "InvalidGrant", "(invalid_grant) "), (24, "AccessDenied", "(access_denied) ")}


def test_members_of_an_imported_module_without_a_compared_attribute() -> None:
    # ``for cls in vars(errors).values(): ... raise cls(msg)``: every exception class of that
    # module (no attribute compared, so none is left out), none of the caller's own module
    errors = "class BadInput(Exception):\n    pass\nclass BadState(Exception):\n    pass\nNAME = 'x'\n"
    api = (
        "from m import errors\n"
        "class Local(Exception):\n"
        "    pass\n"
        "def fail(kind, msg):\n"
        "    for cls in vars(errors).values():\n"
        "        if getattr(cls, '__name__', '') == kind:\n"
        "            raise cls(msg + ' failed')\n"
    )
    got = {
        (t, text) for path, line, t, text in _records({"m/errors.py": errors, "m/api.py": api}) if line == 7
    }
    assert got == {("BadInput", "{msg} failed"), ("BadState", "{msg} failed")}


def test_a_loop_over_anything_else_keeps_the_class_unknown() -> None:
    # a loop over a list of objects is no module's members: the class stays unknown
    src = "def fail(handlers, msg):\n    for _, cls in handlers:\n        raise cls(msg)\n"
    got = {(t, text) for _, _, t, text in _records({"m/api.py": src})}
    assert got == {(UNKNOWN_EXC_TYPE, "{msg}")}


def test_class_chosen_by_a_conditional_expression_in_an_enclosing_function() -> None:
    # pyparsing's ``condition_as_parse_action``: ``exc_type = ParseFatalException if fatal else
    # ParseException`` read by the closure ``pa`` that raises ``exc_type(s, l, msg)``: either
    # class, each printing the text through its own ``__str__`` (before: an unknown class)
    src = (
        "class ParseBase(Exception):\n"
        "    def __init__(self, pstr, loc=0, msg=None):\n"
        "        self.pstr = pstr\n"
        "        self.loc = loc\n"
        "        self.msg = msg\n"
        "    def __str__(self):\n"
        "        return f'{self.msg}  (at char {self.loc})'\n"
        "class ParseException(ParseBase):\n"
        "    pass\n"
        "class ParseFatalException(ParseBase):\n"
        "    pass\n"
        "def condition_as_parse_action(fn, fatal=False):\n"
        "    exc_type = ParseFatalException if fatal else ParseException\n"
        "    def pa(s, l, t):\n"
        "        if not fn(s, l, t):\n"
        "            raise exc_type(s, l, 'failed user-defined condition')\n"
        "    return pa\n"
    )
    got = {(t, text) for _, line, t, text in _records({"m/core.py": src}) if line == 16}
    assert got == {
        ("ParseException", "failed user-defined condition  (at char {l})"),
        ("ParseFatalException", "failed user-defined condition  (at char {l})"),
    }
