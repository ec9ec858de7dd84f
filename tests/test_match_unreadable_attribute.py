"""Two raises whose templates differ only in a placeholder's expression (popular40's
cssselect2-rt-027: ``parse`` raises ``SelectorError(next, f'unexpected {next.type} token.')``,
``parse_simple_selector`` ``SelectorError(next, f'unexpected {next} token.')``) tie on any text
both fit; but where the message shows ``next`` as ``None`` (``(None, 'unexpected None token.')``),
the first cannot have printed it: ``None.type`` would have raised ``AttributeError``. That site
goes after the other, approximate, saying why. On a real catalogue of a small package indexed
here (``index_helpers.package_matcher``)."""

from __future__ import annotations

from pathlib import Path

from index_helpers import first, package_matcher

from errdex.match.matcher import _unreadable_attribute

_PARSER = """\
class SelectorError(ValueError):
    pass


def parse(tokens):
    next = tokens.next()
    raise SelectorError(next, f'unexpected {next.type} token.')


def parse_simple_selector(tokens):
    next = tokens.next()
    raise SelectorError(next, f'unexpected {next} token.')
"""

_FILES = {"pkg/__init__.py": "", "pkg/parser.py": _PARSER}


def test_a_template_reading_an_attribute_of_a_value_shown_as_none_goes_after_its_twin(tmp_path: Path) -> None:
    with package_matcher(tmp_path, _FILES) as m:
        res = m.explain("pkg.parser.SelectorError: (None, 'unexpected None token.')")
        top = first(res)
        assert top.function == "parse_simple_selector" and not top.approximate
        assert not top.tied_with
        after = next(x for x in res.matches if x.function == "parse")
        assert after.approximate
        assert "`next` printed as None, which has no attribute `type`" in after.reasons[-1]
        # a value both can print keeps the tie: nothing in the paste tells them apart
        both = m.explain("pkg.parser.SelectorError: (<IdentToken foo>, 'unexpected ident token.')")
        assert len(both.matches) >= 2 and not any(x.approximate for x in both.matches[:2])
        assert {x.function for x in both.matches[:2]} == {"parse", "parse_simple_selector"}
        assert first(both).tied_with


def test_unreadable_attribute_reads_only_a_name_shown_as_none_and_an_attribute_of_it() -> None:
    assert _unreadable_attribute({"next!r": "None", "next.type": "None"}) is not None
    assert _unreadable_attribute({"tok": "None", "tok.value:>4": "x"}) is not None
    # another name's attribute, a dunder (``None.__class__`` exists), a value that is not None
    assert _unreadable_attribute({"a!r": "None", "b.type": "x"}) is None
    assert _unreadable_attribute({"a!r": "None", "a.__class__": "NoneType"}) is None
    assert _unreadable_attribute({"a!r": "'None'", "a.type": "x"}) is None
    # an expression that is no dotted name is not read
    assert _unreadable_attribute({"f(a)": "None", "f(a).type": "x"}) is None
