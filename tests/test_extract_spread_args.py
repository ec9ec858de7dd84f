"""Exception arguments gathered in a local and spread into the raise (issue #10 items 1-4).

``args = list(e.args); args[1] = f'"{prog}" not found in path.'; raise OSError(*args)`` (pydot's
``Dot.create``) copies a caught exception's arguments, replaces one by index and spreads the copy
into a new exception; ``args = (errno.ENOENT, "text", path); raise FileNotFoundError(*args)``
spreads a tuple built before. The spread used to be one placeholder (``{*args}``, no literal
text, so a message matched nothing); each item now is an argument of the call as if written there,
so ``OSError`` prints ``[Errno {args[0]}] "{prog}" not found in path.``.
"""

from __future__ import annotations

import pytest

from errdex.extract import extract
from errdex.model import SourceFile


def _got(src: str) -> set[tuple[str, str]]:
    records = extract([SourceFile("m/__init__.py", src.encode())], "local/m", jobs=1).records
    return {(r.exc_type, r.template) for r in records}


def test_copied_args_with_an_item_replaced_print_the_new_text() -> None:
    got = _got(
        "import errno\n"
        "def create(prog):\n"
        "    try:\n"
        "        run(prog)\n"
        "    except OSError as e:\n"
        "        if e.errno == errno.ENOENT:\n"
        "            args = list(e.args)\n"
        "            args[1] = f'\"{prog}\" not found in path.'\n"
        "            raise OSError(*args)\n"
        "        raise\n"
    )
    assert ("OSError", '[Errno {args[0]}] "{prog}" not found in path.') in got


def test_a_tuple_built_before_is_spread_as_the_call_arguments() -> None:
    got = _got(
        "import errno\n"
        "def load(path):\n"
        "    args = (errno.ENOENT, 'No such settings file', path)\n"
        "    raise FileNotFoundError(*args)\n"
    )
    assert got == {("FileNotFoundError", "[Errno 2] No such settings file: {path!r}")}


def test_a_single_message_spread_from_a_tuple() -> None:
    got = _got("def check(n):\n    args = (f'bad count {n}',)\n    raise ValueError(*args)\n")
    assert got == {("ValueError", "bad count {n}")}


def test_a_name_bound_again_is_no_longer_the_tuple() -> None:
    got = _got(
        "def check(n, other):\n"
        "    args = ('bad count',)\n"
        "    if n:\n"
        "        args = other\n"
        "    raise ValueError(*args)\n"
    )
    assert ("ValueError", "bad count") not in got


_RELAY = "def relay(fn, names):\n    try:\n        fn()\n    except OSError as e:\n"


@pytest.mark.parametrize(
    "body",
    [
        # a copy of the caught exception's arguments, nothing replaced: nothing known to print
        "        args = list(e.args)\n        raise OSError(*args)\n",
        # an item replaced on a list that is not a copy of an exception's arguments
        "        args = list(names)\n        args[1] = 'not found'\n        raise OSError(*args)\n",
    ],
)
def test_an_unknown_sequence_stays_one_placeholder(body: str) -> None:
    assert _got(_RELAY + body) == {("OSError", "{*args}")}
