"""Messages built across statements under tests on locals (issue #10).

``msg = "A"; if missing: msg += " B"; raise X(msg)``: no call decides a local's test, but the text
it guards is there once or not at all, so the message gives each rendering (at most
``MAX_LOCAL_TESTS`` such tests, 2**3 templates) instead of one open hole. A loop's text (it may be
there any number of times) and a message with more such tests keep the hole.
"""

from __future__ import annotations

from errdex.extract import extract
from errdex.extract.templates import MAX_LOCAL_TESTS
from errdex.model import SourceFile


def _got(src: str) -> set[str]:
    records = extract([SourceFile("m/__init__.py", src.encode())], "local/m", jobs=1).records
    return {r.template for r in records}


def test_augmented_appends_under_local_tests_give_each_rendering() -> None:
    got = _got(
        "def check(names, data):\n"
        "    missing = set(names) - set(data)\n"
        "    extra = set(data) - set(names)\n"
        "    msg = 'names mismatch'\n"
        "    if missing:\n"
        "        msg += f'\\nexpected {missing} in input data'\n"
        "    if extra:\n"
        "        msg += '\\ntraining data did not have the following fields'\n"
        "    raise ValueError(msg)\n"
    )
    assert got == {
        "names mismatch",
        "names mismatch\nexpected {missing} in input data",
        "names mismatch\ntraining data did not have the following fields",
        "names mismatch\nexpected {missing} in input data\ntraining data did not have the following fields",
    }


def test_list_appends_under_local_tests_joined() -> None:
    got = _got(
        "def check(a, b):\n"
        "    big = a + b\n"
        "    small = a - b\n"
        "    parts = ['bad value']\n"
        "    if big:\n"
        "        parts.append('too big')\n"
        "    if not small:\n"
        "        parts.append(f'too small {a}')\n"
        "    raise ValueError(', '.join(parts))\n"
    )
    assert got == {
        "bad value",
        "bad value, too big",
        "bad value, too small {a}",
        "bad value, too big, too small {a}",
    }


def test_both_branches_of_one_local_test_stay_exclusive() -> None:
    got = _got(
        "def check(a):\n"
        "    n = len(a)\n"
        "    msg = 'bad'\n"
        "    if n:\n"
        "        msg += ' (some)'\n"
        "    else:\n"
        "        msg += ' (none)'\n"
        "    raise ValueError(msg)\n"
    )
    assert got == {"bad (some)", "bad (none)"}


def test_conditional_expression_then_a_local_append() -> None:
    got = _got(
        "def check(a):\n"
        "    neg = a.x < 0\n"
        "    odd = a.y\n"
        "    msg = 'bad value' + (' (negative)' if neg else '')\n"
        "    if odd:\n"
        "        msg += ' (odd)'\n"
        "    raise ValueError(msg)\n"
    )
    assert got == {"bad value", "bad value (negative)", "bad value (odd)", "bad value (negative) (odd)"}


def test_parameter_tests_still_enumerated_before_local_ones() -> None:
    got = _got(
        "def check(a, flag):\n"
        "    b = a.x\n"
        "    msg = 'A'\n"
        "    if flag:\n"
        "        msg += ' F'\n"
        "    if b:\n"
        "        msg += ' B'\n"
        "    raise ValueError(msg)\n"
    )
    assert got == {"A", "A F", "A B", "A F B"}


def test_append_in_a_loop_stays_open() -> None:
    got = _got(
        "def check(items):\n"
        "    msg = 'bad items:'\n"
        "    for i in items:\n"
        "        bad = i.bad\n"
        "        if bad:\n"
        "            msg += ' one is bad'\n"
        "    raise ValueError(msg)\n"
        "def check2(items):\n"
        "    parts = ['bad items']\n"
        "    while items:\n"
        "        x = items.pop()\n"
        "        if x:\n"
        "            parts.append('empty')\n"
        "    raise ValueError('; '.join(parts))\n"
    )
    assert got == {"bad items:", "bad items:{...}", "bad items{...}"}


def test_more_local_tests_than_the_bound_stay_open() -> None:
    n = MAX_LOCAL_TESTS + 1
    body = "".join(f"    c{i} = a.f{i}\n" for i in range(n))
    body += "    msg = 'A'\n"
    body += "".join(f"    if c{i}:\n        msg += ' w{i}'\n" for i in range(n))
    assert _got("def check(a):\n" + body + "    raise ValueError(msg)\n") == {"A{...}"}
    # at the bound, every rendering
    m = MAX_LOCAL_TESTS
    body = "".join(f"    c{i} = a.f{i}\n" for i in range(m))
    body += "    msg = 'A'\n"
    body += "".join(f"    if c{i}:\n        msg += ' w{i}'\n" for i in range(m))
    assert len(_got("def check(a):\n" + body + "    raise ValueError(msg)\n")) == 2**m


def test_helper_and_printer_built_messages_rendered_both_ways() -> None:
    # the same rule in the frame of a helper whose result is raised, and of a class's ``__str__``
    got = _got(
        "def _describe(a, b):\n"
        "    missing = set(a) - set(b)\n"
        "    msg = 'mismatch'\n"
        "    if missing:\n"
        "        msg += f'; missing {missing}'\n"
        "    return msg\n"
        "def check(a, b):\n"
        "    raise ValueError(_describe(a, b))\n"
        "class E(Exception):\n"
        "    def __init__(self, items):\n"
        "        self.items = items\n"
        "    def __str__(self):\n"
        "        first = self.items[0]\n"
        "        text = 'bad items'\n"
        "        if first:\n"
        "            text += ' (first set)'\n"
        "        return text\n"
        "def go(items):\n"
        "    raise E(items)\n"
    )
    assert got == {"mismatch", "mismatch; missing {missing}", "bad items", "bad items (first set)"}
