"""Raises of an exception chosen or built away from the ``raise``: a class picked from a table
keyed by a status or error code, an instance built into a variable in branches, a helper that
builds and returns the exception, a server's text raised as is.

Each test is a small synthetic package shaped like the code of client libraries (API clients,
web drivers, bot frameworks), parsed and never imported. The records at the ``raise`` must
carry every class the construction can give, with the template of what was built, so that a
pasted ``NotFoundError: 404 ...`` or a traceback ending on ``raise exception`` finds the raise.
"""

from __future__ import annotations

from errdex.extract import extract
from errdex.model import SourceFile

_ERRORS = (
    "class ApiError(Exception):\n"
    "    def __init__(self, status, data):\n"
    "        super().__init__(status, data)\n"
    "        self.status = status\n"
    "        self.data = data\n"
    "    def __str__(self):\n"
    "        return f'{self.status} {self.data}'\n"
    "class BadCredentialsError(ApiError):\n"
    "    pass\n"
    "class NotFoundError(ApiError):\n"
    "    pass\n"
)


# a helper that builds and returns the exception a caller raises
_MAKES_CONFLICT = (
    "class Conflict(Exception):\n"
    "    pass\n"
    "def _make_error(code, text):\n"
    "    return Conflict(f'{code}: {text}')\n"
)


def _got(*modules: tuple[str, str]) -> set[tuple[str, int, str, str]]:
    files = [SourceFile(path, src.encode()) for path, src in modules]
    return {(r.path, r.line, r.exc_type, r.template) for r in extract(files, "local/m", jobs=1).records}


def _at(got: set[tuple[str, int, str, str]], path: str, line: int) -> set[tuple[str, str]]:
    return {(t, tpl) for p, n, t, tpl in got if (p, n) == (path, line)}


def test_instance_built_in_branches_then_raised_carries_every_class() -> None:
    # ``exception: Base = Forbidden(message)`` / ``exception = Conflict(message)`` in an if/elif
    # chain, then ``raise exception``: classes not named like exceptions, each a possible raise
    got = _got(
        (
            "m/__init__.py",
            "class BotError(Exception):\n"
            "    pass\n"
            "class Forbidden(BotError):\n"
            "    pass\n"
            "class Conflict(BotError):\n"
            "    pass\n"
            "def request(code, message):\n"
            "    if code == 403:\n"
            "        exception: BotError = Forbidden(message)\n"
            "    elif code == 409:\n"
            "        exception = Conflict(f'Conflict: {message}')\n"
            "    else:\n"
            "        exception = BotError(message)\n"
            "    raise exception\n",
        )
    )
    assert _at(got, "m/__init__.py", 14) == {
        ("Forbidden", "{message}"),
        ("Conflict", "Conflict: {message}"),
        ("BotError", "{message}"),
    }


def test_instance_returned_by_a_helper_into_a_variable_then_raised() -> None:
    # ``err = _make_error(code, text)`` then ``raise err``: what the helper builds is raised;
    # a call that picks an exception made elsewhere (``next(errors, None)``) is left to the
    # raise's own record of an object it cannot read
    got = _got(
        (
            "m/__init__.py",
            _MAKES_CONFLICT + "def send(code, text):\n"
            "    err = _make_error(code, text)\n"
            "    raise err\n"
            "def first(errors):\n"
            "    err = next(errors, None)\n"
            "    if err is not None:\n"
            "        raise err\n"
            "def exit_code(code, pick):\n"
            "    exc_class = pick(code)\n"
            "    exc = exc_class(code, b'')\n"
            "    raise exc\n",
        )
    )
    assert _at(got, "m/__init__.py", 7) == {("Conflict", "{code}: {text}")}
    assert _at(got, "m/__init__.py", 11) == {("<unknown>", "{err}")}
    # nor is a call of a local holding what another call returned (sh's ``exc_class``)
    assert _at(got, "m/__init__.py", 15) == {("<unknown>", "{exc}")}


def test_class_chosen_in_branches_by_a_factory_that_returns_the_instance() -> None:
    # ``exc = errors.ApiError`` replaced by a subclass per status, ``return exc(status, data)``;
    # the caller's ``raise self.create_exception(...)`` raises any of them, printed by the base
    got = _got(
        ("m/errors.py", _ERRORS),
        (
            "m/client.py",
            "from m import errors\n"
            "class Requester:\n"
            "    @classmethod\n"
            "    def create_exception(cls, status, output):\n"
            "        exc = errors.ApiError\n"
            "        if status == 401:\n"
            "            exc = errors.BadCredentialsError\n"
            "        elif status == 404:\n"
            "            exc = errors.NotFoundError\n"
            "        return exc(status, output)\n"
            "    def check(self, status, output):\n"
            "        if status >= 400:\n"
            "            raise self.create_exception(status, output)\n"
            "        return output\n",
        ),
    )
    assert _at(got, "m/client.py", 13) == {
        ("errors.ApiError", "{status} {output}"),
        ("errors.BadCredentialsError", "{status} {output}"),
        ("errors.NotFoundError", "{status} {output}"),
    }


def test_class_read_from_a_table_by_code_with_a_default() -> None:
    # a dict of classes by status read with ``.get(status, Default)``, and a class used as a
    # namespace of classes read with ``getattr(Table, code, Default)`` (in another module)
    got = _got(
        ("m/errors.py", _ERRORS),
        (
            "m/codes.py",
            "from m.errors import BadCredentialsError, NotFoundError\n"
            "class ExceptionMapping:\n"
            "    UNAUTHORIZED = BadCredentialsError\n"
            "    NOT_FOUND = NotFoundError\n",
        ),
        (
            "m/handler.py",
            "from m.errors import ApiError, BadCredentialsError, NotFoundError\n"
            "from m.codes import ExceptionMapping\n"
            "_BY_STATUS = {401: BadCredentialsError, 404: NotFoundError}\n"
            "def from_status(status, data):\n"
            "    cls = _BY_STATUS.get(status, ApiError)\n"
            "    return cls(status, data)\n"
            "def call(status, data):\n"
            "    raise from_status(status, data)\n"
            "def check_response(code, status, value):\n"
            "    exception_class = getattr(ExceptionMapping, code, ApiError)\n"
            "    raise exception_class(status, value)\n",
        ),
    )
    every = {"ApiError", "BadCredentialsError", "NotFoundError"}
    assert _at(got, "m/handler.py", 8) == {(c, "{status} {data}") for c in every}
    assert _at(got, "m/handler.py", 11) == {(c, "{status} {value}") for c in every}


def test_server_text_raised_as_is_keeps_the_class() -> None:
    # ``raise Conflict(response.text)``: the text is the server's, the record its class
    got = _got(
        (
            "m/__init__.py",
            "class Conflict(Exception):\n"
            "    pass\n"
            "def post(response):\n"
            "    if response.status_code == 409:\n"
            "        raise Conflict(response.text)\n"
            "    return response\n",
        )
    )
    assert _at(got, "m/__init__.py", 5) == {("Conflict", "{response.text}")}


def test_instance_changed_after_it_was_built_is_no_longer_its_construction() -> None:
    # ``e_nx = NXDOMAIN()``; ``e_nx += e`` in a loop; ``raise e_nx``: the raised object holds
    # what the loop added, so the raise keeps its record of an object of unknown text
    got = _got(
        (
            "m/__init__.py",
            "class NXDOMAIN(Exception):\n"
            "    pass\n"
            "def query(names, resolve):\n"
            "    e_nx = NXDOMAIN()\n"
            "    for name in names:\n"
            "        try:\n"
            "            return resolve(name)\n"
            "        except NXDOMAIN as e:\n"
            "            e_nx += e\n"
            "    raise e_nx\n",
        )
    )
    assert {t for t, _ in _at(got, "m/__init__.py", 10)} == {"<unknown>"}


def test_instance_built_then_raised_deep_in_handlers_cases_and_else_blocks() -> None:
    # ``err = _make_error(...)`` is read as the raised construction because the function raises
    # ``err`` somewhere: in an ``except`` handler, a ``match`` case, a loop's ``else`` or a
    # ``finally`` block alike
    got = _got(
        (
            "m/__init__.py",
            _MAKES_CONFLICT + "def in_handler(code, text, send):\n"
            "    err = _make_error(code, text)\n"
            "    try:\n"
            "        send()\n"
            "    except OSError:\n"
            "        raise err\n"
            "def in_case(code, text, kind):\n"
            "    err = _make_error(code, text)\n"
            "    match kind:\n"
            "        case 1:\n"
            "            raise err\n"
            "def in_loop_else(code, text, items):\n"
            "    err = _make_error(code, text)\n"
            "    for item in items:\n"
            "        if item:\n"
            "            break\n"
            "    else:\n"
            "        raise err\n",
        )
    )
    assert _at(got, "m/__init__.py", 10) == {("Conflict", "{code}: {text}")}
    assert _at(got, "m/__init__.py", 15) == {("Conflict", "{code}: {text}")}
    assert _at(got, "m/__init__.py", 22) == {("Conflict", "{code}: {text}")}


def test_raised_names_are_the_ones_a_walk_of_every_node_finds() -> None:
    # the blocks alone are walked (no expression holds a ``raise``): the same names as
    # ``ast.walk``, nested definitions, handlers, cases, ``else`` and ``finally`` blocks included
    import ast

    from errdex.extract.visitor import _raised_names

    tree = ast.parse(
        "def f(x, g=lambda: None):\n"
        "    if x:\n"
        "        raise a\n"
        "    elif x > 1:\n"
        "        raise b from c\n"
        "    else:\n"
        "        raise d.e\n"
        "    try:\n"
        "        raise F()\n"
        "    except* G:\n"
        "        raise h\n"
        "    else:\n"
        "        raise i\n"
        "    finally:\n"
        "        raise j\n"
        "    while x:\n"
        "        raise k\n"
        "    else:\n"
        "        raise m\n"
        "    with x:\n"
        "        match x:\n"
        "            case [1] if x:\n"
        "                raise n\n"
        "    class C:\n"
        "        def inner(self):\n"
        "            raise o\n"
        "    async def later():\n"
        "        async for y in x:\n"
        "            raise p\n"
        "    return (lambda: q)() if x else r\n"
    )
    f = tree.body[0]
    walked = {n.exc.id for n in ast.walk(f) if isinstance(n, ast.Raise) and isinstance(n.exc, ast.Name)}
    assert walked == set("abhijkmnop")
    assert _raised_names(f) == walked
    assert _raised_names(tree) == walked
    assert _raised_names(f.args.defaults[0]) == frozenset()  # a lambda: no statement inside
