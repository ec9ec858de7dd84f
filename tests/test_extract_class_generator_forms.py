"""Text a class's generator printer yields, decided per raise (issue #10).

``__str__`` joins what ``_segments()`` yields, and the generator has one exit per kind of
message: an override given by ``msg``, a verbose preamble, a cause's own report, the choices of
an enumeration, a token missing, and the general form at its end. Two rules pick what one raise
prints: ``raise ... from None`` (or no ``from``) leaves ``__cause__`` None, so the exit under
``isinstance(self.__cause__, ...)`` is not among its texts; and the class keeps more forms than
one raise shows, so that the general form, with the most pieces and so the last, is still
among the texts of a raise whose arguments rule the special cases out. Each site carries a
``# <- name`` marker."""

from __future__ import annotations

import functools
import pathlib

from errdex.extract import Extraction, extract
from errdex.model import SourceFile

# the base, ``CliError``, is the shapes fixture's (an explicit ``msg``, a ``verbose`` preamble)
BASE = (pathlib.Path(__file__).parent / "fixtures" / "extract" / "shapes" / "segments.py").read_text()
SOURCE = """\
import json
from dataclasses import dataclass

from pkg.segments import CliError


@dataclass
class CoercionError(CliError):
    token: object = None
    target_type: type | None = None

    def _segments(self):
        if self.msg is not None:
            yield from super()._segments()
            return
        if isinstance(self.__cause__, json.JSONDecodeError):
            if self.token is None:
                yield f"Bad JSON: {self.__cause__}", ""
            else:
                yield f"Invalid value for {self.token.keyword}: bad JSON: {self.__cause__}", ""
            return
        yield from super()._segments()
        argument = self.argument
        choices = getattr(self.target_type, "__members__", None)
        if choices is not None and self.token is not None:
            yield 'Invalid value "', ""
            yield self.token.value, "red"
            if self.token.keyword:
                yield '" for ', ""
                yield self.token.keyword, "bold"
            else:
                yield '"', ""
            if self.token.source not in ("", "cli"):
                yield f" from {self.token.source}", "dim"
            yield ". Choose from: ", ""
            yield ", ".join(choices), "green"
            return
        name = self.target_type.__name__
        if not self.token:
            if argument is None:
                yield f"Unable to convert value to {name}.", ""
                return
            yield "Invalid value for ", ""
            yield argument.name, "bold"
            yield f": unable to convert value to {name}.", ""
            return
        if self.token.keyword is not None:
            shown = self.token.keyword
        elif argument is not None:
            shown = argument.name.upper()
        else:
            shown = None
        if shown is None:
            yield 'Unable to convert "', ""
            yield self.token.value, "red"
            yield '"', ""
            if self.token.source not in ("", "cli"):
                yield f" from {self.token.source}", "dim"
            yield f" into {name}.", ""
        else:
            yield "Invalid value for ", ""
            yield shown, "bold"
            if self.token.source not in ("", "cli"):
                yield f" from {self.token.source}", "dim"
            yield ': unable to convert "', ""
            yield self.token.value, "red"
            yield f'" into {name}.', ""


def convert(type_, token):
    try:
        return type_(token.value)
    except ValueError:
        raise CoercionError(token=token, target_type=type_) from None  # <- from_none


def parse(type_, token):
    try:
        return json.loads(token.value)
    except json.JSONDecodeError as e:
        raise CoercionError(token=token, target_type=type_) from e  # <- from_error
"""

# (``name = self.target_type.__name__`` in the printer: the raise's ``target_type=type_``, as
# ``{self.target_type.__name__}`` written in the f-string itself would be, acc160)
GENERAL = 'Invalid value for {token.keyword}: unable to convert "{token.value}" into {type_.__name__}.'
CAUSED = "Invalid value for {token.keyword}: bad JSON: {self.__cause__}"


@functools.cache
def _extracted() -> Extraction:
    files = [SourceFile("pkg/segments.py", BASE.encode()), SourceFile("pkg/convert.py", SOURCE.encode())]
    return extract(files, "local/pkg", jobs=1)


def texts_at(name: str) -> set[str]:
    """The templates of the site marked ``# <- name`` in ``SOURCE``."""
    line = next(i for i, text in enumerate(SOURCE.split("\n"), 1) if text.endswith(f"# <- {name}"))
    found = {r.template for r in _extracted().records if r.path == "pkg/convert.py" and r.line == line}
    assert found, f"no record at {name}"
    return found


def test_a_raise_without_a_cause_does_not_print_the_cause_s_exit() -> None:
    assert CAUSED not in texts_at("from_none")
    assert CAUSED in texts_at("from_error")  # ``from e``: the cause may be JSON's


def test_the_general_form_at_the_generator_s_end_is_among_a_raise_s_texts() -> None:
    assert GENERAL in texts_at("from_none")
    assert GENERAL in texts_at("from_error")
