"""A chain whose last exception's frames were replaced on the way up (``raise
exc.with_traceback(None)``) or hidden: a traceback starts at the frame that caught its exception,
so the first frame of the exception printed before ``During handling of the above exception``
is the function whose ``except`` clause raised the last one (or called what did). That
function, by name, is read as the deepest frame when the last exception's own frames do not
show it."""

from __future__ import annotations

import pytest

from errdex.match import Matcher
from errdex.match.parse import parse
from errdex.model import CatalogueEntry, render_template

_N = iter(range(1, 10**9))

SITE = "/venv/lib/python3.13/site-packages/lex/core.py"


def entry(segments: list[str], *, line: int, function: str) -> CatalogueEntry:
    k = next(_N)
    return CatalogueEntry(
        key=k, error_id=f"id{k}", repo="o/lex", version="1.0", snapshot_date=None, kind="error",
        exc_type="ParseError", exc_qualname=None, template=render_template(segments),
        segments=segments, path="lex/core.py", line=line, function=function,
        statement="raise ParseError(msg)",
    )  # fmt: skip


def chain(separator: str, last_frames: str) -> str:
    return (
        "Traceback (most recent call last):\n"
        f'  File "{SITE}", line 956, in _parse_one\n'
        "    loc, tokens = self.parse_impl(text, loc)\n"
        f'  File "{SITE}", line 2781, in parse_impl\n'
        "    if text[loc] == self.first:\n"
        "IndexError: string index out of range\n\n"
        f"{separator}\n\n"
        "Traceback (most recent call last):\n"
        '  File "/home/u/main.py", line 2, in <module>\n'
        '    grammar.parse("x ")\n'
        f"{last_frames}"
        "lex.errors.ParseError: Expected '=', found end of text (at char 2)\n"
    )


DURING = "During handling of the above exception, another exception occurred:"
CAUSE = "The above exception was the direct cause of the following exception:"
RERAISED = f'  File "{SITE}", line 1346, in parse\n    raise exc.with_traceback(None)\n'


@pytest.mark.parametrize("separator", [DURING, CAUSE])
def test_the_frame_that_caught_the_earlier_exception_is_kept_by_name(separator: str) -> None:
    q = parse(chain(separator, RERAISED))
    b = q.blocks[q.primary]
    assert b.caught_in is not None
    assert (b.caught_in.path, b.caught_in.line, b.caught_in.function, b.caught_in.source) == (
        SITE,
        None,
        "_parse_one",
        None,
    )


@pytest.mark.parametrize(
    "text",
    [
        # the last exception's own frames pass through that function: they say more
        chain(DURING, f'  File "{SITE}", line 958, in _parse_one\n    raise ParseError(msg)\n'),
        # no chain
        "Traceback (most recent call last):\n" + RERAISED + "lex.errors.ParseError: Expected '='\n",
        # cleo's rendering shows the earlier error's place in its own way
        chain("The following error occurred when trying to handle this error:", RERAISED),
    ],
)
def test_no_catching_frame_where_the_chain_says_nothing_more(text: str) -> None:
    q = parse(text)
    assert q.blocks[q.primary].caught_in is None


def test_a_raise_in_the_catching_function_comes_first() -> None:
    # the same text raised in two functions: only the catching one's ``except`` clause raised it
    other = entry(
        ["Expected ", "self", ", found end of text (at char ", "loc", ")"], line=1030, function="try_parse"
    )
    site = entry(
        ["Expected ", "self", ", found end of text (at char ", "loc", ")"], line=958, function="_parse_one"
    )
    m = Matcher.from_entries([other, site])
    res = m.explain(chain(DURING, RERAISED))
    assert res.matches, res.verdict
    assert res.matches[0].id == site.error_id
    assert not res.matches[0].approximate
    # without the earlier exception's frames nothing tells them apart: the tie keeps entry order
    alone = m.explain(chain(DURING, RERAISED).split(DURING)[1].lstrip())
    assert alone.matches[0].id == other.error_id


# IPython's chain: the caught error's part (its frames printed ``File path:36, in f(args)``),
# then the wrapping class's header and the user's cell, cut before the wrapping error's line
JUPYTER_CUT = (
    "---------------------------------------------------------------------------\n"
    "TypeError                                 Traceback (most recent call last)\n"
    f"File {SITE}:36, in wrap_exc(msg, origin, f, *args, **kwargs)\n"
    "     35 try:\n"
    "---> 36     return f(*args, **kwargs)\n"
    "     37 except Exception as e:\n\n"
    "File <string>:1, in <module>\n\n"
    "TypeError: 'Series' object is not callable\n\n"
    f"{CAUSE}\n\n"
    "ParseError                                Traceback (most recent call last)\n"
    "Input In [124], in <cell line: 2>()\n"
    '      1 df = pd.DataFrame({"C": [1, 2'
)


def test_a_cut_jupyter_part_raised_from_a_caught_error_stays_the_error() -> None:
    # the header names a class of its own after "direct cause": ``raise ParseError(...) from e``
    # ran in the function that caught the TypeError, the first frame its part shows
    q = parse(JUPYTER_CUT)
    b = q.blocks[q.primary]
    assert b.exc_type == "ParseError" and b.header_only and not b.message
    assert b.caught_in is not None
    assert (b.caught_in.path, b.caught_in.function) == (SITE, "wrap_exc")


def test_the_catching_functions_raise_of_the_headers_class_answers_the_cut_part() -> None:
    other = entry(["bad token ", "tok", ""], line=80, function="tokenize")
    site = entry(["Error evaluating: ", "name", ": ", "e", ""], line=43, function="wrap_exc")
    m = Matcher.from_entries([other, site])
    res = m.explain(JUPYTER_CUT)
    assert res.matches, res.verdict
    assert res.matches[0].id == site.error_id
    assert res.matches[0].approximate  # no text was pasted to verify it


def test_a_cut_jupyter_part_raised_from_the_users_own_cell_falls_back_to_the_caught_error() -> None:
    # the earlier part's first frame is the user's cell: the user's code caught it and raised
    # the header's class, so the library's error before it is the one the paste shows
    text = (
        "---------------------------------------------------------------------------\n"
        "ParseError                                Traceback (most recent call last)\n"
        "Cell In[5], line 3\n"
        "      2 try:\n"
        '----> 3     parse("x ")\n'
        "      4 except Exception as e:\n\n"
        f"File {SITE}:958, in _parse_one(text)\n"
        "--> 958     raise ParseError(msg)\n\n"
        "ParseError: Expected '=', found end of text (at char 2)\n\n"
        f"{CAUSE}\n\n"
        "RuntimeError                              Traceback (most recent call last)\n"
        "Cell In[5], line 5\n"
        '      3     parse("x ")\n'
        "      4 except Exception as e:\n"
    )
    q = parse(text)
    b = q.blocks[q.primary]
    assert b.exc_type == "ParseError" and b.message.startswith("Expected '='")
