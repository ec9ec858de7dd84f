"""A library's helper that re-flows the text it is given (asn1crypto's ``unwrap``: dedent, join
the lines with ``re.sub``, ``%`` with the other arguments, strip): each call's literal is
re-flowed at index time as the helper would, so the template is the one line the user sees
with holes for the arguments. Before, the whole message was one placeholder,
``{unwrap('\\n    %s value must be ...', ...)}``, and a paste found some other raise
(approximate) or nothing. The pattern is the library's text: it is evaluated here in linear time
(``reflow.sub_text``), never by a backtracking engine, and a pattern of another shape leaves
the helper unread."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest
from index_helpers import first, marked_package_templates, package_matcher

from errdex.extract.reflow import shape_of, sub_text
from errdex.match import Matcher

ERRORS = '''\
import re
import textwrap


def unwrap(string, *params):
    """Dedents, joins the lines of each paragraph, interpolates, strips."""
    output = textwrap.dedent(string)
    if output.find('\\n') != -1:
        output = re.sub('(?<=\\\\S)\\n(?=[^ \\n\\t\\\\d\\\\*\\\\-=])', ' ', output)
    if params:
        output = output % params
    output = output.strip()
    return output


def squeeze(text, **fields):
    return re.sub(r" {2,}", " ", text.format(**fields)).strip()


def slug(name):
    return re.sub("[^A-Za-z0-9.]+", "-", name)


def lookbehind_group(text):
    return re.sub(r"(?<=\\S)(\\n)+", " ", text)
'''

CORE = '''\
from ._errors import lookbehind_group, slug, squeeze, unwrap


def type_name(value):
    return type(value).__module__ + "." + type(value).__name__


class OctetString:
    def set(self, value):
        if not isinstance(value, bytes):
            raise TypeError(unwrap(  # <- two
                """
                %s value must be a byte string,
                not %s
                """,
                type_name(self),
                type_name(value)
            ))


def load(data):
    raise ValueError(unwrap(  # <- lists
        """
        Could not load the data:
         - it is not DER encoded
        100%% of the checks failed
        """
    ))


def literal():
    raise ValueError(unwrap("""
        No placeholder, 100% literal
        """))  # <- plain


def keyed(name):
    raise KeyError(squeeze("unknown   key   {name}", name=name))  # <- format


def sanitised(name):
    raise ValueError(slug(name))  # <- unknown


def other_shape():
    raise ValueError(lookbehind_group("a\\nb"))  # <- refused
'''


def _templates() -> dict[str, set[str]]:
    files = {"pkg/__init__.py": "", "pkg/_errors.py": ERRORS, "pkg/core.py": CORE}
    return marked_package_templates(files, "pkg/core.py")


def test_each_call_is_reflowed_as_the_helper_does() -> None:
    got = _templates()
    assert got["two"] == {"{type_name(self)} value must be a byte string, not {type_name(value)}"}
    # a line starting with a bullet or a digit keeps its break; without arguments ``%`` does
    # not run, and ``%%`` stays as written
    assert got["lists"] == {"Could not load the data:\n - it is not DER encoded\n100%% of the checks failed"}
    # without arguments the helper skips ``%`` (``if params:``): the text is printed as written
    assert got["plain"] == {"No placeholder, 100% literal"}
    assert got["format"] == {"unknown key {name}"}


def test_text_unknown_here_or_a_pattern_of_another_shape_stays_a_placeholder() -> None:
    got = _templates()
    assert got["unknown"] == {"{slug(name)}"}
    assert got["refused"] == {'{lookbehind_group("a\\nb")}'}


def test_the_substitution_is_pythons() -> None:
    """The linear evaluation agrees with ``re.sub`` on every accepted pattern (short random
    texts over the characters the classes tell apart, Unicode digits and spaces included)."""
    patterns = [
        "(?<=\\S)\n(?=[^ \n\t\\d\\*\\-=])",
        r"\s+",
        r"\n\s*",
        r" *\n *",
        r"[ \t]+\n",
        r"\n{2,}",
        r"(?<!\n)\n(?!\n)",
        r"x?y",
        r"a\s*",
        r"[a-c]+",
        r"[^\S\n]+",
        r"\d+\.",
        r"\w+",
        r"\s+(?=x)",
        r"(?<=a)b+",
    ]
    rng = random.Random(7)
    alphabet = "ab c\n\t1-*=.x y\u0661\u00a0_"
    for pattern in patterns:
        assert shape_of(pattern) is not None, pattern
        for _ in range(400):
            text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 16)))
            assert sub_text(pattern, "_", text) == re.sub(pattern, "_", text), (pattern, text)


@pytest.mark.parametrize(
    "pattern",
    ["(a|b)", r"\b", "^x", "a*", "(?i)x", r"(x)\1", "a*?b", "[[a]", r"\s*\s*x", r"\s*\n", r"\s+(?!x)"],
)
def test_patterns_of_other_shapes_are_refused(pattern: str) -> None:
    """Groups, alternation, anchors, flags, backreferences, lazy repeats, a pattern that may
    match nothing, and a repeat a backtracking search could give back: not evaluated."""
    assert shape_of(pattern) is None


def test_a_hostile_text_costs_linear_time() -> None:
    """A text built to make a backtracking engine try every split is read once per atom."""
    text = " " * 20_000
    assert sub_text(r" +\n", "", text) == text
    assert sub_text(r" +\n", "", text + "x") is None  # past ``MAX_TEXT``: left unevaluated


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    files = {"pkg/__init__.py": "", "pkg/_errors.py": ERRORS, "pkg/core.py": CORE}
    with package_matcher(tmp_path_factory.mktemp("reflow_helper"), files) as m:
        yield m


def test_the_one_line_message_finds_its_raise_exactly(matcher: Matcher) -> None:
    res = matcher.explain("TypeError: pkg.core.OctetString value must be a byte string, not builtins.int")
    top = first(res)
    assert (top.path, top.function) == ("pkg/core.py", "OctetString.set")
    assert not top.approximate
