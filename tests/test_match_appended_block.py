"""A template whose last placeholder stands on lines of its own after the template's text
(``"...property of {pname}\\n    Received value: {v}\\n\\n{self.description}"``): the raise
appends a block of text (a property's long description) the catalogue cannot know. Judged on
the whole message, the literal text explained too little of it to be confident, and a
constructor's template sharing a few words of the description came first as a rewording (issue
#10, plotly's ``BaseValidator.raise_invalid_val``). The share is now judged on the message up
to the line break that ends the template's text. A value on the template's own line, a value
before the block running over lines of its own (a YAML scanner's marks), two values on lines of
their own after the head (a parser's ``... @ {line}:{col}.\\n{msg}\\n\\n{context}``), a head
too short to vouch for the block (``Parse Error @ {line}:{col}.\\n{msg}``, a shape compiled
parsers print too), or a message with no line break where the template prints one,
is judged as before. A fit so judged
vouches for the head only: a traceback ending on a re-raise of an object of that text (a caller
that rebuilt it, ``raise err``) keeps the re-raise first. On a real package indexed in the
test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import line_of, package_matcher

from errdex.match import Matcher

CODE = '''\
class BaseValidator:
    def __init__(self, plotly_name, parent_name, description):
        # the description is the caller's: the catalogue cannot know the block it prints
        self.plotly_name, self.parent_name, self.description = plotly_name, parent_name, description

    def raise_invalid_val(self, v, inds=None):
        name = self.plotly_name
        if inds:
            for i in inds:
                name += "[" + str(i) + "]"

        raise ValueError(
            """
    Invalid value of type {typ} received for the '{name}' property of {pname}
        Received value: {v}

{valid_clr_desc}""".format(
                name=name,
                pname=self.parent_name,
                typ=type(v),
                v=repr(v),
                valid_clr_desc=self.description,
            )
        )

    def raise_inline(self, v):
        raise TypeError(f"Unusable value for the property named {self.plotly_name}: {self.description}")


class Scanner:
    def __init__(self, name):
        self.name = name

    def fail(self, what, start_mark, exc, line, column, snippet):
        raise ValueError(
            f"while scanning a {what}\\n{start_mark}\\n{exc}\\n"
            f'  in "{self.name}", line {line + 1}, column {column + 1}:\\n{snippet}'
        )


def syntax_error(line, col, message, context):
    raise SyntaxError(f"Syntax Error in the parsed module @ {line}:{col}.\\n{message}\\n\\n{context}")


def short_head(line, col, message):
    raise IndentationError(f"Parse Error @ {line}:{col}.\\n{message}")


class Layout:
    def __init__(self, arg=None):
        if arg is not None and not isinstance(arg, dict):
            raise ValueError(
                """\\
The first argument to the plotly.graph_objs.Layout
constructor must be a dict or
an instance of :class:`plotly.graph_objs.Layout`"""
            )
'''

# a builder raising the class a variable holds, a checker that catches it and builds a copy
# (the original's frames gone), and a caller raising that copy
PROPS = """\
class BasePlotlyType:
    def __init__(self, descriptions):
        self._prop_descriptions = descriptions

    def _raise_on_invalid_property_error(self, _error_to_raise=None):
        if _error_to_raise is None:
            _error_to_raise = ValueError

        def _ret(*args):
            raise _error_to_raise(
                "Invalid property specified for object of type {name}: {prop!r}\\n"
                "\\n    Valid properties:\\n"
                "{prop_descriptions}".format(
                    name=type(self).__name__, prop=args[0], prop_descriptions=self._prop_descriptions
                )
            )

        return _ret

    def _check_path(self, key, error_cast):
        try:
            self._raise_on_invalid_property_error()(key)
        except ValueError as e:
            return error_cast(e.args[0])
        return None

    def _process_kwargs(self, **kwargs):
        for k in kwargs:
            err = self._check_path(k, error_cast=ValueError)
            if err is not None:
                raise err
"""

DESCRIPTION = """\
    The 'layout' property is an instance of Layout
    that may be specified as:
      - An instance of :class:`plotly.graph_objs.Layout`
      - A dict of string/value properties that will be passed
        to the Layout constructor"""


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    with package_matcher(
        tmp_path_factory.mktemp("appended_block"), {"vals/__init__.py": CODE, "vals/props.py": PROPS}
    ) as m:
        yield m


def test_a_long_appended_block_leaves_the_template_exact(matcher: Matcher) -> None:
    res = matcher.explain(
        "ValueError: \n    Invalid value of type 'builtins.int' received for the 'layout' property of \n"
        "        Received value: 5\n\n" + DESCRIPTION
    )
    assert res.matches and res.matches[0].function == "BaseValidator.raise_invalid_val", [
        (m.function, m.score) for m in res.matches
    ]
    assert not res.matches[0].approximate
    assert "before the block its last placeholder appends" in str(res.matches[0].reasons[0])


def test_a_re_raise_the_traceback_ends_on_stays_first(matcher: Matcher) -> None:
    line = line_of(PROPS, "raise err")
    paste = (
        "Traceback (most recent call last):\n"
        '  File "/srv/app/main.py", line 6, in <module>\n'
        "    fig._process_kwargs(colour='red')\n"
        f'  File "/usr/lib/python3.12/site-packages/vals/props.py", line {line}, in _process_kwargs\n'
        "    raise err\n"
        "ValueError: Invalid property specified for object of type Scatter: 'colour'\n\n"
        "    Valid properties:\n"
        "        alignmentgroup\n"
        "            Set several traces linked to the same position axis or\n"
        "            matching axes to the same alignmentgroup.\n"
        "        cliponaxis\n"
        "            Determines whether or not markers and text nodes are\n"
        "            clipped about the subplot axes.\n"
    )
    res = matcher.explain(paste)
    assert res.matches and res.matches[0].function == "BasePlotlyType._process_kwargs", [
        (m.function, m.score) for m in res.matches
    ]
    built = [m for m in res.matches if m.function.endswith("_ret")]
    assert built and any("before the block" in str(r) for r in built[0].reasons), built


NOT_A_BLOCK = {
    # no line break where the template prints one
    "one line": "ValueError: Invalid value of type 'builtins.int' received for the 'layout' property of x "
    "Received value: 5 " + " ".join(DESCRIPTION.split()),
    # the value on the template's own line
    "value of the line": "TypeError: Unusable value for the property named layout: "
    + " ".join(DESCRIPTION.split()),
    # a value before the block running over lines of its own (a scanner's marks)
    "value over lines": "ValueError: while scanning an anchor\n"
    '  in "<unicode string>", line 1, column 7:\n'
    "    base: &\n"
    "          ^\n"
    "expected alphabetic or numeric character, but found '\\n'\n"
    '  in "<unicode string>", line 1, column 8:\n'
    "    base: &\n"
    "           ^",
    # two values on lines of their own after the head
    "two values": "SyntaxError: Syntax Error in the parsed module @ 2:1.\n"
    "parser error: error at 2:4: expected one of ), *, **, NAME, or a keyword argument\n\n"
    "    def handler(self, request, *args, **kwargs) -> Response:\n"
    "        pass\n"
    "        ^",
    # a head too short to vouch for the block
    "short head": "IndentationError: Parse Error @ 2:1.\n"
    "parser error: error at 2:4: expected one of ), *, **, NAME\n"
    "    pass\n"
    "^",
}


@pytest.mark.parametrize("paste", NOT_A_BLOCK.values(), ids=NOT_A_BLOCK.keys())
def test_other_shapes_are_judged_on_the_whole_message(matcher: Matcher, paste: str) -> None:
    for m in matcher.explain(paste).matches:
        assert not any("before the block" in str(r) for r in m.reasons), m.reasons
