"""Rich console markup in a raise's text is stripped from its template (``extract/markup``).

``raise click.ClickException("[bold red]ERROR:[/bold red] {path} not found")`` printed through
rich reads ``ERROR: x not found``: the tags are rendered away before the user sees the text, so
a template keeping them fits the paste worse or not at all. Only tags made entirely of rich's
style words go; every other bracketed text stays, and an escaped tag keeps its bracket."""

from __future__ import annotations

import textwrap
from collections.abc import Iterator

import pytest
from index_helpers import marked_templates, package_matcher

from errdex.match import Matcher

SOURCE = r"""
import logging
import warnings

log = logging.getLogger(__name__)


class UsageError(Exception):
    pass


def open_close(path):
    raise UsageError(f"[bold red]ERROR:[/bold red] Pipfile {path} not found!")  # <- open_close


def combined(name):
    raise UsageError(f"[bold italic underline]{name}[/] is not installed")  # <- combined


def shorthand():
    raise UsageError("[b]stop[/b] here, [dim]really[/dim]")  # <- shorthand


def link(url):
    raise UsageError(f"see [link=https://example.org/docs]the docs[/link] for {url}")  # <- link


def colours(n):
    raise UsageError(f"[#ff8800]{n}[/] [rgb(10,20,30)]items[/] [color(160)]left[/] [yellow on blue]now[/]")  # <- colours


def negated():
    raise UsageError("[bold][not bold]plain[/not bold] text[/bold]")  # <- negated


def warned(name):
    warnings.warn(f"[yellow]Warning:[/yellow] {name} is deprecated")  # <- warned


def logged(name):
    log.error("[red]Failed[/red] to lock %s", name)  # <- logged


def lists(x):
    raise ValueError(f"[bold]bad[/bold] value {x}, expected [1, 2] or [y/N] [default: x]")  # <- lists


def placeholder(name, x):
    raise ValueError(f"[{name}] option [/] got {x}[i] [red]")  # <- placeholder


def escaped(x):
    raise ValueError(f"use \\[bold] to embolden {x}")  # <- escaped


def plain_brackets(x):
    raise ValueError(f"section [default] or [frame] has no key {x}")  # <- plain_brackets


def indexed(x):
    raise ValueError(f"x[i] must be positive, got {x}[i] [/]")  # <- indexed


def mentioned(position):
    raise ValueError(f"closing tag '[/]' at position {position} has nothing to close")  # <- mentioned
"""


def _templates() -> dict[str, set[str]]:
    return marked_templates(textwrap.dedent(SOURCE))


def test_style_tags_of_each_kind_are_stripped() -> None:
    got = _templates()
    assert got["open_close"] == {"ERROR: Pipfile {path} not found!"}
    assert got["combined"] == {"{name} is not installed"}
    assert got["shorthand"] == {"stop here, really"}
    assert got["link"] == {"see the docs for {url}"}
    assert got["colours"] == {"{n} items left now"}
    assert got["negated"] == {"plain text"}


def test_warnings_and_logs_are_stripped_too() -> None:
    got = _templates()
    assert got["warned"] == {"Warning: {name} is deprecated"}
    assert got["logged"] == {"Failed to lock {name}"}


def test_other_bracketed_text_stays() -> None:
    got = _templates()
    assert got["lists"] == {"bad value {x}, expected [1, 2] or [y/N] [default: x]"}
    # a placeholder inside brackets is no tag; an opener after a value indexes it
    assert got["placeholder"] == {"[{name}] option  got {x}[i] "}
    # ``[default]`` and ``[frame]`` are rich styles, but alone they are names
    assert got["plain_brackets"] == {"section [default] or [frame] has no key {x}"}
    # ``x[i]`` indexes (``i`` is rich's italic); a closer with nothing opened is text about markup
    assert got["indexed"] == {"x[i] must be positive, got {x}[i] [/]"}
    assert got["mentioned"] == {"closing tag '[/]' at position {position} has nothing to close"}


def test_an_escaped_tag_keeps_its_bracket() -> None:
    assert _templates()["escaped"] == {"use [bold] to embolden {x}"}


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    files = {"app/__init__.py": "", "app/mod.py": textwrap.dedent(SOURCE)}
    with package_matcher(tmp_path_factory.mktemp("rich_markup"), files) as m:
        yield m


def test_the_rendered_text_fits_exact(matcher: Matcher) -> None:
    res = matcher.explain("app.mod.UsageError: ERROR: Pipfile /srv/project/Pipfile not found!")
    assert res.matches, res.verdict
    assert res.matches[0].function == "open_close"
    assert not res.matches[0].approximate
