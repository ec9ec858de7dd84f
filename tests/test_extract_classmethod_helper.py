"""A message formatted by a method its classmethod calls through ``cls`` (issue #10, items 2-3).

icalendar 7.3.2's ``Component.from_ical`` raises ``ValueError(cls._format_error("Found no
components where exactly one is required", st))``, ``_format_error`` a static method returning
``f"{error_description}: {bad_input}"`` (or the input cut short and ``[...]``). A call through
``self`` was resolved to the method of the class; one through ``cls`` was not, so the record
held the whole call as one placeholder and the pasted message matched nothing. The call is now
the method of the classmethod's class (looked up along its bases, as for ``self``): the template
is the helper's returned format with the literal in place, one record per returned format."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import first, package_matcher

from errdex.extract import extract
from errdex.match import Matcher
from errdex.model import SourceFile

COMPONENT = """\
class Base:
    @classmethod
    def _describe(cls, what):
        return f"{cls.__name__} cannot hold {what}"


class Component(Base):
    @classmethod
    def from_ical(cls, st, multiple=False):
        components = st.split()
        if len(components) < 1:
            raise ValueError(
                cls._format_error(
                    "Found no components where exactly one is required", st
                )
            )
        return components[0]

    @classmethod
    def add(cls, item):
        raise TypeError(cls._describe(item))

    @classmethod
    def lookup(cls, name, registry):
        cls = registry[name]
        raise KeyError(cls._format_error("Unknown component", name))

    @staticmethod
    def _format_error(error_description, bad_input, elipsis="[...]"):
        max_error_length = 100 - 3
        if len(error_description) + len(bad_input) + len(elipsis) > max_error_length:
            truncate_to = max_error_length - len(error_description) - len(elipsis)
            return f"{error_description}: {bad_input[:truncate_to]} {elipsis}"
        return f"{error_description}: {bad_input}"
"""


def _templates(function: str) -> set[str]:
    ex = extract([SourceFile("pkg/component.py", COMPONENT.encode())], "local/pkg", jobs=1)
    return {r.template for r in ex.records if r.function == function}


def test_a_static_helper_called_through_cls_gives_its_formats_with_the_literal() -> None:
    assert _templates("Component.from_ical") == {
        "Found no components where exactly one is required: {st[:truncate_to]} [...]",
        "Found no components where exactly one is required: {st}",
    }


def test_a_classmethod_helper_of_a_base_called_through_cls_is_found_along_the_bases() -> None:
    assert _templates("Component.add") == {"{cls.__name__} cannot hold {item}"}


def test_cls_rebound_to_a_looked_up_class_stays_unresolved() -> None:
    # ``cls = registry[name]`` may be any class: its ``_format_error`` is not known to be this one
    assert _templates("Component.lookup") == {'{cls._format_error("Unknown component", name)}'}


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    with package_matcher(tmp_path_factory.mktemp("cls_helper"), {"component.py": COMPONENT}) as m:
        yield m


def test_the_pasted_message_is_answered_exact_at_the_classmethod_s_raise(matcher: Matcher) -> None:
    res = matcher.explain(
        "ValueError: Found no components where exactly one is required: BEGIN:VCALENDAR\nBEGIN:VEVENT"
    )
    top = first(res)
    assert (top.function, top.approximate) == ("Component.from_ical", False)
