"""A text built along a chain: ``__init__`` names the element through a method of its base
(acc181, issue #10).

pyparsing's ``LineEnd.__init__`` calls ``self.set_name("end of line")``; ``set_name`` (on the
base) stores the name as given (``self.customName = name``) and builds the message from it
through ``str(self)`` (``self.errmsg = f"Expected {str(self)}"``), ``__str__`` returning the
``name`` property, which returns the custom name. ``LineEnd.parseImpl`` raises
``self.errmsg``: the user reads ``Expected end of line``. Without following the call, every
element's raise printed the same ``Expected {self}`` and the right one was tied with ~20 others.

The package is synthetic, parsed and never imported.
"""

from __future__ import annotations

from test_extract_instance_reads import ELEMENT_BASE

from errdex.extract import extract
from errdex.model import SourceFile

_ELEMENTS = ELEMENT_BASE + (
    "\n"
    "    def set_name(self, name):\n"
    "        self.custom_name = name\n"
    "        self.errmsg = f'Expected {str(self)}'\n"
    "        return self\n"
    "\n"
    "    def relabel(self, label):\n"
    "        label = label.strip()\n"
    "        self.custom_name = label\n"
    "\n"
    "    def __str__(self):\n"
    "        return self.name\n"
    "\n"
    "    def try_parse(self, text, loc):\n"
    "        raise ParseError(text, loc, self.errmsg, self)  # Element\n"
    "\n"
    "\n"
    "class LineEnd(Element):\n"
    "    def __init__(self):\n"
    "        super().__init__()\n"
    "        self.set_name('end of line')\n"
    "\n"
    "    def parse(self, text, loc):\n"
    "        raise ParseError(text, loc, self.errmsg, self)  # LineEnd\n"
    "\n"
    "\n"
    "class StringEnd(Element):\n"
    "    def __init__(self):\n"
    "        super().__init__()\n"
    "        self.set_name(name='end of text')\n"
    "        self.relabel('the end')\n"
    "\n"
    "    def parse(self, text, loc):\n"
    "        raise ParseError(text, loc, self.errmsg, self)  # StringEnd\n"
    "\n"
    "\n"
    "class Marker(Element):\n"
    "    def parse(self, text, loc):\n"
    "        self.set_name('marker')\n"
    "        raise ParseError(text, loc, self.errmsg, self)  # Marker\n"
    "\n"
    "\n"
    "class Close(Element):\n"
    "    def __init__(self, text):\n"
    "        super().__init__()\n"
    "        self.text = text\n"
    "        self.errmsg = f'Expected {self.name}'\n"
    "\n"
    "    def _generate_default_name(self):\n"
    "        return f'{type(self).__name__}:{self.text!r}'\n"
    "\n"
    "    def parse(self, text, loc):\n"
    "        raise ParseError(text, loc, self.errmsg, self)  # Close\n"
)


def _templates(mark: str) -> set[str]:
    """The texts of the raise marked ``# <mark>`` in the package."""
    line = next(i for i, t in enumerate(_ELEMENTS.splitlines(), 1) if t.endswith(f"# {mark}"))
    files = [SourceFile("m/__init__.py", _ELEMENTS.encode())]
    records = extract(files, "local/m", jobs=1).records
    return {r.template for r in records if r.line == line and r.exc_type == "ParseError"}


def test_init_call_with_a_literal_names_the_element() -> None:
    # ``self.set_name('end of line')`` in ``__init__``: ``custom_name`` holds that text on every
    # ``LineEnd``, and ``{str(self)}`` reads it through ``__str__`` and the ``name`` property (the
    # default name and the bare placeholder stay: a user may rename the element)
    got = _templates("LineEnd")
    assert "Expected end of line (at char {loc})" in got
    assert "Expected {self} (at char {loc})" not in got


def test_keyword_argument_and_a_parameter_changed_before_it_is_stored() -> None:
    # ``set_name(name='end of text')`` by keyword counts; ``relabel`` stores its parameter only
    # after changing it (``label.strip()``), so its literal is not what the attribute holds
    got = _templates("StringEnd")
    assert "Expected end of text (at char {loc})" in got
    assert not any("the end" in t for t in got)


def test_a_subclass_literal_stays_off_the_base_raise() -> None:
    # the base's own raise reads ``errmsg`` on any element: a subclass's ``__init__`` literal
    # would tie that raise with the subclass's own raise of the same text
    got = _templates("Element")
    assert not any("end of line" in t or "end of text" in t for t in got)
    assert got == {
        "Expected element (at char {loc})",
        "Expected {self.custom_name} (at char {loc})",
        "{self.errmsg} (at char {loc})",
    }


def test_a_call_outside_init_is_not_followed() -> None:
    # only ``__init__``'s calls hold on every instance; a call in another method is one path
    assert not any("marker" in t for t in _templates("Marker"))


def test_a_leaf_class_default_name_names_its_class() -> None:
    # ``_generate_default_name`` returning ``f"{type(self).__name__}:{self.text!r}"`` on a class
    # no other extends: ``Close``, not a placeholder any word fills (``Expected W:(0-9)`` was
    # read as ``{type(self).__name__}`` = ``W``)
    got = _templates("Close")
    assert "Expected Close:{self.text!r} (at char {loc})" in got
    assert not any("type(self)" in t for t in got)
