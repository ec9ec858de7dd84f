"""An exception class whose decorator generates its ``__repr__`` (attrs' ``@attr.s``/``@define``,
``@dataclass``) and whose ``__str__`` returns that repr prints ``Cls(field=repr(value), ...)``:
the class's name and each field it shows, the decorated bases' fields first, a field declared
``repr=False`` left out. service-identity's ``@attr.s(auto_exc=True) class VerificationError``
with ``__str__`` returning ``self.__repr__()`` prints ``VerificationError(errors=[...])``; the
catalogue held one placeholder for it, ``{self.__repr__}``, and no paste of the repr was
answered (issue #10, issues41's service-identity-002/-003). A class writing its own
``__repr__``, or one whose decorator generates none (``repr=False``), is left as it was. Each
site carries a ``# <- name`` marker."""

from __future__ import annotations

import pytest
from index_helpers import marked_templates

SOURCE = """\
import attr
import attrs
from dataclasses import dataclass, field


@attr.s(auto_exc=True)
class VerificationError(Exception):
    errors: list = attr.ib()

    def __str__(self) -> str:
        return self.__repr__()


class HostnameMismatch(VerificationError):
    pass


@attrs.define(auto_exc=True)
class Rejected(Exception):
    code: int
    secret: str = attrs.field(repr=False, default="")
    where: str = "here"
    reason: str | None = None

    def __str__(self):
        return repr(self)


@dataclass(repr=False)
class Quiet(Exception):
    key: str

    def __str__(self):
        return repr(self)


@dataclass
class Written(Exception):
    key: str

    def __repr__(self):
        return f"<written {self.key}>"

    def __str__(self):
        return repr(self)


def verify(errors):
    raise VerificationError(errors=errors)  # <- attrs_classic


def mismatch(found):
    raise HostnameMismatch(found)  # <- subclass


def reject(code, token, at):
    raise Rejected(code, token, where=at)  # <- defaults


def reject_here(code):
    raise Rejected(code)  # <- default_kept


def quiet(k):
    raise Quiet(k)  # <- no_repr


def written(k):
    raise Written(k)  # <- own_repr
"""


@pytest.fixture(scope="module")
def templates() -> dict[str, set[str]]:
    return marked_templates(SOURCE)


def test_an_attrs_class_printing_its_repr_shows_its_name_and_fields(
    templates: dict[str, set[str]],
) -> None:
    # before: ``{self.__repr__}``, one placeholder any text fitted
    assert templates["attrs_classic"] == {"VerificationError(errors={errors!r})"}
    # an undecorated subclass inherits the generated repr, which prints the class raised
    assert templates["subclass"] == {"HostnameMismatch(errors={found!r})"}


def test_the_generated_repr_shows_each_field_as_passed_or_defaulted(
    templates: dict[str, set[str]],
) -> None:
    # ``repr=False`` leaves ``secret`` out; a default the call overrides shows the call's value
    assert templates["defaults"] == {"Rejected(code={code!r}, where={at!r}, reason=None)"}
    assert templates["default_kept"] == {"Rejected(code={code!r}, where='here', reason=None)"}


def test_a_class_with_no_generated_repr_is_left_as_it_was(
    templates: dict[str, set[str]],
) -> None:
    assert templates["no_repr"] == {"{repr(self)}"}
    assert templates["own_repr"] == {"<written {k}>"}
