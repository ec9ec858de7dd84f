"""Relays: a raise whose whole message is a join of messages the function collected (issue #10).

``errors.append('no library called "{}" was found'.format(name))`` in a loop, a caught exception
appended beside them, then ``raise OSError("\\n".join(str(e) for e in errors))``: the text is
written at the appends, the join renders each item through a comprehension (``str(e)``, a framing
f-string, ``map(str, errors)``). The raise's template is the items joined, as a join of the list
itself already was, not one open placeholder no paste can be matched to (cairocffi's ``dlopen``).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import first, package_matcher, site

from errdex.extract import extract
from errdex.match import Matcher
from errdex.model import SourceFile

LOADER = """
def dlopen(ffi, names, filenames):
    exceptions = []
    for name in names:
        found = find(name)
        if found:
            filenames = (found, *filenames)
        else:
            exceptions.append('no library called "{}" was found'.format(name))
    for filename in filenames:
        try:
            return ffi.dlopen(filename)
        except OSError as exception:
            exceptions.append(exception)
    error_message = '\\n'.join(str(exception) for exception in exceptions)
    raise OSError(error_message)


def find(name):
    return None
"""


def _got(src: str) -> dict[str, str]:
    records = extract([SourceFile("m/__init__.py", src.encode())], "local/m", jobs=1).records
    return {r.function: r.template for r in records}


def test_a_join_of_str_of_each_collected_item_is_the_items_joined() -> None:
    assert _got(LOADER)["dlopen"] == 'no library called "{name}" was found\n{exception}'


@pytest.mark.parametrize(
    ("join", "want"),
    [
        ("'; '.join(errors)", "item {it.name} is bad"),  # the list itself (as before)
        ("'; '.join(str(e) for e in errors)", "item {it.name} is bad"),
        ("'; '.join([str(e) for e in errors])", "item {it.name} is bad"),
        ("'; '.join(e for e in errors)", "item {it.name} is bad"),
        ("'; '.join(map(str, errors))", "item {it.name} is bad"),
        ("'\\n'.join(f'- {e}' for e in errors)", "- item {it.name} is bad"),
    ],
)
def test_each_rendering_of_the_items_gives_their_text(join: str, want: str) -> None:
    src = (
        "def check(items):\n"
        "    errors = []\n"
        "    for it in items:\n"
        "        errors.append(f'item {it.name} is bad')\n"
        f"    raise ValueError({join})\n"
    )
    assert _got(src)["check"] == want


@pytest.mark.parametrize(
    "join",
    [
        "'; '.join(str(e) for e in errors if e)",  # filtered: which items are left is unknown
        "'; '.join(str(e) for e in other)",  # not a list the function built
        "'; '.join(str(e) for e, _ in errors)",  # unpacked items
        "'; '.join(map(repr, errors))",  # repr of each: quoted, not the text
    ],
)
def test_other_iterations_stay_open(join: str) -> None:
    src = (
        "def check(items, other):\n"
        "    errors = []\n"
        "    for it in items:\n"
        "        errors.append(f'item {it.name} is bad')\n"
        f"    raise ValueError({join})\n"
    )
    assert "item {it.name} is bad" not in _got(src)["check"]


def test_a_frame_over_a_literal_list_gives_each_item_framed() -> None:
    # (numpy's ``floatmode option must be one of "fixed", "unique", ...``)
    src = (
        "def check(mode):\n"
        "    modes = ['fixed', 'unique']\n"
        "    if mode not in modes:\n"
        "        raise ValueError('mode must be one of ' + ', '.join(f'\"{m}\"' for m in modes))\n"
    )
    assert _got(src)["check"] == 'mode must be one of "fixed", "unique"'


def test_a_frame_over_items_that_may_be_absent_stays_open() -> None:
    # (framing each item would drop that each was appended under an ``if``)
    src = (
        "def check(items):\n"
        "    errors = []\n"
        "    for it in items:\n"
        "        if it.bad:\n"
        "            errors.append(f'item {it.name} is bad')\n"
        "    raise ValueError('; '.join(f'- {e}' for e in errors))\n"
    )
    assert "item {it.name} is bad" not in _got(src)["check"]


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    root = tmp_path_factory.mktemp("relay_joins")
    with package_matcher(root, {"__init__.py": "", "loader.py": LOADER}) as m:
        yield m


def test_the_pasted_join_finds_the_raise(matcher: Matcher) -> None:
    res = matcher.explain(
        'OSError: no library called "cairo" was found\n'
        "cannot load library 'libcairo.so': error 0x7e\n"
        "cannot load library 'libcairo-2.dll': error 0xc1"
    )
    assert site(first(res)) == ("loader.py", "dlopen")
