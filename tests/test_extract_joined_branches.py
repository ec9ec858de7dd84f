"""A list started empty, filled by the branches of one ``if``, then joined (issue #10, acc160).

``details = []; for d in ds: if isinstance(d, A): details.append(a) else: details.append(b)``
then ``", ".join(details)``: each appended item is optional, and the join used to put the
separator before every item after the first, so the ``else`` branch's text alone printed as
``", " + b``, a text no run shows (smbprotocol's ``... - , Raw: 0203`` for ``... - Raw: 0203``,
issues41 smbprotocol-003). The separator before an item now needs an earlier item that can be
there with it: none after the other branches of its ``if``/``elif`` chain, that item's
conditions after one independent ``if``, always after an item that is always there.
"""

from __future__ import annotations

from errdex.extract import extract
from errdex.model import SourceFile


def _got(src: str) -> set[str]:
    records = extract([SourceFile("m/__init__.py", src.encode())], "local/m", jobs=1).records
    return {r.template for r in records}


def test_the_branches_of_one_if_chain_join_without_a_leading_separator() -> None:
    got = _got(
        "class StatusError(Exception):\n"
        "    def __init__(self, status, details):\n"
        "        self.status = status\n"
        "        self.details = details\n"
        "        super().__init__(self.message)\n"
        "\n"
        "    @property\n"
        "    def message(self):\n"
        "        parts = []\n"
        "        for d in self.details:\n"
        "            if isinstance(d, int):\n"
        "                parts.append(f'Flag: {d}')\n"
        "            elif isinstance(d, str):\n"
        "                parts.append(f'Name: {d}')\n"
        "            else:\n"
        "                parts.append('Raw: %s' % d.hex())\n"
        "        msg = f'Unknown error. {self.status}'\n"
        "        if parts:\n"
        "            msg += ' - %s' % ', '.join(parts)\n"
        "        return 'Unexpected status: %s' % msg\n"
        "\n"
        "\n"
        "def receive(status, details):\n"
        "    raise StatusError(status, details)\n"
    )
    assert got == {
        "Unexpected status: Unknown error. {status}",
        "Unexpected status: Unknown error. {status} - Flag: {d}",
        "Unexpected status: Unknown error. {status} - Name: {d}",
        "Unexpected status: Unknown error. {status} - Raw: {d.hex}",
    }


def test_a_separator_holds_under_an_earlier_optional_item_s_condition() -> None:
    got = _got(
        "def check(a, b, c):\n"
        "    parts = []\n"
        "    if a:\n"
        "        parts.append('too big')\n"
        "    if b:\n"
        "        parts.append(f'too small {c}')\n"
        "    raise ValueError(', '.join(parts))\n"
        "\n"
        "\n"
        "def check_last(a, c):\n"
        "    parts = []\n"
        "    if a:\n"
        "        parts.append('too big')\n"
        "    parts.append(f'value {c}')\n"
        "    raise KeyError(', '.join(parts))\n"
        "\n"
        "\n"
        "def check_head(a):\n"
        "    parts = ['bad value']\n"
        "    if a:\n"
        "        parts.append('too big')\n"
        "    else:\n"
        "        parts.append('too small')\n"
        "    raise TypeError('; '.join(parts))\n"
    )
    assert "too small {c}" in got and ", too small {c}" not in got
    assert "too big, too small {c}" in got and "too big" in got
    assert {"value {c}", "too big, value {c}"} <= got and ", value {c}" not in got
    # after an item always there, every optional item takes the separator, as before
    assert {"bad value; too big", "bad value; too small"} <= got


def test_branches_of_placeholders_alone_keep_their_separator() -> None:
    # a placeholder alone is rendered whatever its condition, so the two branches' items would
    # print side by side (``{key}{key}``): such an item keeps the separator, as before
    got = _got(
        "def collect(tasks):\n"
        "    failed = []\n"
        "    for key, task in tasks.items():\n"
        "        if task.done():\n"
        "            failed.append(key)\n"
        "        else:\n"
        "            failed.append(key)\n"
        "    raise TimeoutError(f'failed: {\", \".join(failed)}')\n"
    )
    assert "failed: {key}" in got
    assert "failed: {key}{key}" not in got
