"""Paste forms of issues56 that hid which error a paste means or where its text ends: an error
named in a sentence first (a placeholder for its value) and shown printed whole later on a
labelled line of its own (a snippet's ``# TypeError: ...`` comment), and a warning whose echoed
source line lost its indent under a blank line (a fence pasted flush), the paster's words after
it. Each paste is a small synthetic one; the real cases are issues56's pandas-001 and
tzlocal-002 (docs/measurements/acc186.md)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import first, package_matcher

from errdex.match import Matcher
from errdex.match.parse import parse

LIB = """\
import logging
import warnings

logger = logging.getLogger(__name__)


def reduce(name):
    raise TypeError(f"Cannot perform reduction '{name}' with string dtype")


def ensure_numeric(x):
    raise TypeError(f"Could not convert {x!r} to numeric")


def set_provider(provider):
    logger.warning("Overriding of the current tracing provider is not allowed")


def debug_provider(provider):
    logger.info("Provider registry was reset before the first tracer started")


def reset_provider(provider):
    raise RuntimeError("The global tracing provider could not be replaced at this point")


def colorbar(mappable, ax=None):
    if ax is None:
        raise ValueError(
            "Unable to determine Axes to steal space for Colorbar. Either provide the *cax* argument."
        )


def load_config():
    warnings.warn("Can not find any configuration file, defaulting to the builtin one.")
"""

NAMED_THEN_PRINTED = """\
`StringArray._reduce` rejects all eight with `TypeError: Cannot perform reduction '<name>' \
with string dtype`, but that gate was never on the method path:

```python
arr = make_array(["a", "b", None])
arr._reduce("prod", skipna=False)   # TypeError: Cannot perform reduction 'prod' with string dtype
arr.prod(skipna=False)              # nan
arr.mean()                          # TypeError: Could not convert 'a' to numeric
```

So the inherited implementations ran instead.
"""

FLUSH_ECHO = """\
lots of

```
.venv/lib/python3.11/site-packages/mylib/__init__.py:9: UserWarning: Can not find any \
configuration file, defaulting to the builtin one.

warnings.warn("Can not find any configuration file, defaulting to the builtin one.")
```

in many integrations

This reverts an earlier commit.
"""

REPL = """\
```bash
(env) host:~/work% python -i
Python 3.12.7 (main, Oct  1 2024, 02:05:46) [Clang 15.0.0] on darwin
>>> import app
>>> app.init()
{text}
<app.session.Session object at 0x102683f80>
>>> exit()
```
"""

SPAN = """\
### What happened?

The init function of `Tracing` creates a `Provider`.

When used where a provider is set already, this causes an error/warning:

`{text}`

Is it possible to make the provider optional?
"""

IPYTHON = """\
**Describe the bug**
The notebook throws an error where there are colorbars.

File ~/.venv/python3.13/site-packages/otherpkg/planner.py:886, in Planner.plot_bg(self, colorbar)
    884 mappable = make_mappable()
    885 if colorbar is True:
--> 886     mylib.colorbar(
    887         mappable,
    888         # shrink=0.75,
    889     )

ValueError: Unable to determine Axes to steal space for Colorbar. Either provide the *cax* argument.
{after}"""

MESSAGE = "Can not find any configuration file, defaulting to the builtin one."


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    with package_matcher(tmp_path_factory.mktemp("iss56"), {"mylib/__init__.py": LIB}) as m:
        yield m


def test_an_error_named_in_prose_then_printed_on_its_own_line_is_judged_on_that_line(
    matcher: Matcher,
) -> None:
    # the template's first literal opens the sentence's code span first (its value a
    # placeholder, the sentence running on), then the comment's line, which is the template
    # end to end after the ``# TypeError:`` label: that later line is the one judged. Before,
    # only the first occurrence was tried, and the other error's comment, a whole line, won.
    res = matcher.explain(NAMED_THEN_PRINTED)
    top = first(res)
    assert top.function == "reduce"
    assert not top.approximate, top.reasons
    assert any("one whole line" in str(r) for r in top.reasons)
    # the other error's line is a whole-line reading too, ranked after it
    assert [m.function for m in res.matches[:2]] == ["reduce", "ensure_numeric"]


@pytest.mark.parametrize("form", [REPL, SPAN])
def test_a_bare_warning_record_among_other_output_is_exact(matcher: Matcher, form: str) -> None:
    # ``logging.lastResort`` prints a WARNING record's message alone on its line
    top = first(
        matcher.explain(form.format(text="Overriding of the current tracing provider is not allowed"))
    )
    assert top.function == "set_provider"
    assert not top.approximate, top.reasons


@pytest.mark.parametrize(
    ("text", "function"),
    [
        # an INFO record: the last-resort handler never prints it bare
        ("Provider registry was reset before the first tracer started", "debug_provider"),
        # a raise's text on a line of its own is one line of a message written over several
        ("The global tracing provider could not be replaced at this point", "reset_provider"),
    ],
)
def test_only_a_warning_record_is_read_from_a_bare_line(matcher: Matcher, text: str, function: str) -> None:
    res = matcher.explain(REPL.format(text=text))
    assert res.matches == [] or res.matches[0].function == function
    assert all(m.approximate for m in res.matches)


def test_a_template_section_heading_under_a_traceback_is_not_its_message() -> None:
    q = parse(IPYTHON.format(after="\n**Version information**\n\nunedited code matches master\n"))
    assert q.message.endswith("the *cax* argument.")
    # a line right under the message, no blank line between, is the message's own
    q = parse(IPYTHON.format(after="**kwargs were ignored**\n"))
    assert q.message.endswith("**kwargs were ignored**")


@pytest.mark.parametrize("after", ["", "\n## Versions\n\nlib 1.0\n"])
def test_a_caller_frame_calling_the_site_by_name_points_to_it(matcher: Matcher, after: str) -> None:
    # the one frame shown is an unheld package's call of ``colorbar``: the error came out of
    # that call, so the library's raise of the whole text is the answer, exact
    top = first(matcher.explain(IPYTHON.format(after=after)))
    assert top.function == "colorbar"
    assert not top.approximate, top.reasons


def test_a_flush_echo_under_a_blank_line_is_the_warnings_source_line() -> None:
    q = parse(FLUSH_ECHO)
    assert q.exc_type == "UserWarning"
    assert q.message == MESSAGE
    assert q.frames[-1].source == f'warnings.warn("{MESSAGE}")'


def test_a_flush_echo_makes_the_warning_exact(matcher: Matcher) -> None:
    top = first(matcher.explain(FLUSH_ECHO))
    assert top.function == "load_config"
    assert not top.approximate, top.reasons


@pytest.mark.parametrize(
    "after",
    [
        # a statement quoting other text: the message's own next paragraph, kept
        'print("see the docs for the file locations")',
        # the echo's words as prose (no call, no statement): kept
        "Can not find any configuration file, defaulting to the builtin one. Why?",
    ],
)
def test_only_a_flush_statement_quoting_the_message_is_cut(after: str) -> None:
    paste = f"lib/conf.py:9: UserWarning: {MESSAGE}\n\n{after}\n\nmore words\n"
    assert after in parse(paste).message
