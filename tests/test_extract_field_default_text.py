"""A message template held in a field declaration's default, and shown through repr (issue #10).

- ``msg = attrib(converter=default_if_none("..."))`` (or ``attrib(default="...")``) in a class
  the bare ``@attrs`` decorates: the attribute holds that text unless the constructor is given
  one. Before, a field call was no text at all, and ``self.msg.format(...)`` stayed opaque.
- ``raise ValueError(self.msg.format(...), attr, value)``: an exception of several arguments
  prints their tuple, its first item the formatted text through ``repr``. Every ``Op`` (a
  ``.format``, a ``%``) makes a ``str``, so its repr is its text quoted; before, the item was
  one placeholder, whatever the template held.
"""

from __future__ import annotations

from marked_helpers import by_mark

SOURCE = """\
from attr import attrib, attrs
from attr.converters import default_if_none


@attrs(repr=False, slots=True)
class NotValidator:
    validator = attrib()
    msg = attrib(
        converter=default_if_none(
            "not_ validator child '{validator!r}' "
            "did not raise a captured error"
        )
    )

    def __call__(self, inst, attr, value):
        raise ValueError(  # <- converter
            self.msg.format(validator=self.validator),
            attr,
            value,
        )


@attrs
class Bounded:
    template = attrib(default="{name} must be at most {limit} characters long")
    limit = attrib(default=10)

    def check(self, name):
        raise ValueError(self.template.format(name=name, limit=self.limit))  # <- default


@attrs
class Unset:
    template = attrib(converter=str)

    def check(self, name):
        raise ValueError(self.template.format(name=name))  # <- no_default


class Plain:
    fmt = "%s is not one of the known sizes"

    def check(self, size):
        raise KeyError(self.fmt % size, size)  # <- percent
"""


def _templates() -> dict[str, set[str]]:
    return {mark: {t for _, t in found} for mark, found in by_mark(SOURCE, "pkg/validators.py").items()}


def test_a_field_s_default_text_is_the_attribute_s_text() -> None:
    at = _templates()
    # before: {"({self.msg.format(validator=self.validator)!r}, {attr!r}, {value!r})"}
    assert at["converter"] == {
        "(\"not_ validator child '{self.validator!r}' did not raise a captured error\", {attr!r}, {value!r})"
    }
    # before: {"{self.template.format(name=name, limit=self.limit)}"}
    assert at["default"] == {"{name} must be at most {self.limit} characters long"}
    # a converter naming no text: nothing is made up
    assert at["no_default"] == {"{self.template.format(name=name)}"}


def test_a_formatted_template_shown_through_repr_is_its_text_quoted() -> None:
    at = _templates()
    # before: {"({self.fmt % size!r}, {size!r})"}
    assert at["percent"] == {"('{size} is not one of the known sizes', {size!r})"}
