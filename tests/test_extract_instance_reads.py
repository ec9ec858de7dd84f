"""Messages an element class keeps in an attribute and raises later, naming the element
through a property of its base: ``self.errmsg = f"Expected {self.name}"`` in ``__init__``,
``name`` a base's property returning a custom name or ``default_name``, that one memoised from
``self._generate_default_name()``, which each subclass overrides (pyparsing's
``ParserElement``/``Word``/``Regex``, parser combinators and validators of the same shape).

The record at each subclass's raise carries the message as printed for that subclass: its
default name (``W:(...)``, ``Re:(...)``), beside the placeholder a custom name fills. The
package is synthetic, parsed and never imported.
"""

from __future__ import annotations

from errdex.extract import extract
from errdex.model import SourceFile

# the exception and the element base (a custom name or a memoised default name), shared with
# ``test_extract_init_literal_calls.py``, which adds methods to ``Element``
ELEMENT_BASE = (
    "class ParseError(Exception):\n"
    "    def __init__(self, text, loc, msg, elem):\n"
    "        super().__init__(text, loc, msg, elem)\n"
    "        self.msg = msg\n"
    "        self.loc = loc\n"
    "\n"
    "    def __str__(self):\n"
    "        return f'{self.msg} (at char {self.loc})'\n"
    "\n"
    "\n"
    "class Element:\n"
    "    def __init__(self):\n"
    "        self.custom_name = None\n"
    "        self._default_name = None\n"
    "        self.errmsg = ''\n"
    "\n"
    "    @property\n"
    "    def default_name(self):\n"
    "        if self._default_name is None:\n"
    "            self._default_name = self._generate_default_name()\n"
    "        return self._default_name\n"
    "\n"
    "    @property\n"
    "    def name(self):\n"
    "        return self.custom_name if self.custom_name is not None else self.default_name\n"
    "\n"
    "    def _generate_default_name(self):\n"
    "        return 'element'\n"
)

_ELEMENTS = ELEMENT_BASE + (
    "\n"
    "\n"
    "class Word(Element):\n"
    "    def __init__(self, chars):\n"
    "        super().__init__()\n"
    "        self.chars = chars\n"
    "        self.errmsg = f'Expected {self.name}'\n"
    "\n"
    "    def _generate_default_name(self):\n"
    "        return f'W:({self.chars})'\n"
    "\n"
    "    def parse(self, text, loc):\n"
    "        if text[loc] not in self.chars:\n"
    "            raise ParseError(text, loc, self.errmsg, self)\n"  # line 42
    "        return loc + 1\n"
    "\n"
    "\n"
    "class Regex(Element):\n"
    "    def __init__(self, pattern):\n"
    "        super().__init__()\n"
    "        self.pattern = pattern\n"
    "        self.errmsg = f'Expected {self.name}'\n"
    "\n"
    "    def _generate_default_name(self):\n"
    "        return f'Re:({self.pattern!r})'\n"
    "\n"
    "    def parse(self, text, loc):\n"
    "        raise ParseError(text, loc, self.errmsg, self)\n"  # line 56
)


def _templates(line: int) -> set[str]:
    files = [SourceFile("m/__init__.py", _ELEMENTS.encode())]
    records = extract(files, "local/m", jobs=1).records
    return {r.template for r in records if r.line == line and r.exc_type == "ParseError"}


def test_base_property_read_in_an_assigned_text_names_the_subclass_default() -> None:
    # ``{self.name}``: the custom name (a placeholder) or the default name the raising class's
    # own ``_generate_default_name`` gives, through the memoised ``default_name`` (its ``None``
    # in ``__init__`` adds no bare ``{self._default_name}`` beside the custom name's)
    assert _templates(42) == {
        "Expected W:({self.chars}) (at char {loc})",
        "Expected {self.custom_name} (at char {loc})",
        "{self.errmsg} (at char {loc})",
    }


def test_each_subclass_reads_its_own_override() -> None:
    # the same base property read in another subclass's text gives that subclass's default
    assert _templates(56) == {
        "Expected Re:({self.pattern!r}) (at char {loc})",
        "Expected {self.custom_name} (at char {loc})",
        "{self.errmsg} (at char {loc})",
    }
