"""Rich console markup in a message's literal text: the tags the user never sees.

A library printing its errors through rich writes ``"[bold red]ERROR:[/bold red] {path} not
found"``; rich renders the tags away, so the user pastes ``ERROR: x not found`` and a template
keeping the tags fits it worse or not at all. The tags are stripped from a record's template
when it is made (``resolve.build_records``), and only tags made entirely of rich's style words:
style names and their abbreviations, colours (names, ``#rrggbb``, ``rgb(...)``, ``color(n)``),
``on <colour>``, ``not <style>``, ``link=<url>``, and the closers ``[/...]`` and ``[/]``. Any
other bracketed text stays (``[1, 2]``, ``[y/N]``, ``[default: x]``, ``[default]``, a placeholder
inside brackets), and so does a tag rich would print literally: escaped (``\\[bold]``, whose
backslash rich drops) or, as an opener, written against a word (``x[i]`` indexes, the
abbreviation ``i`` for italic notwithstanding).

The scan is one pass over the text: at each ``[`` it looks at most ``MAX_TAG`` characters ahead
for the ``]``, so no input costs more than linear time (no regular expression over the whole).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from rich.color import ANSI_COLOR_NAMES

# A tag longer than this is not markup (a link's URL fits; a pasted table does not)
MAX_TAG = 200
# rich's style attributes and their abbreviations (``rich.style.Style.STYLE_ATTRIBUTES``)
_ATTRIBUTES = frozenset(
    {"dim", "d", "bold", "b", "italic", "i", "underline", "u", "blink", "blink2", "reverse", "r",
     "conceal", "c", "strike", "s", "underline2", "uu", "frame", "encircle", "overline", "o"}
)  # fmt: skip
_COLOUR_FORMS = re.compile(r"#[0-9a-f]{6}|color\([0-9]{1,3}\)|rgb\([0-9\s,]{1,20}\)")
# the first character of a tag as rich's markup parser takes one
_TAG_START = frozenset("abcdefghijklmnopqrstuvwxyz#/@")
# before an opener, a character that makes ``[...]`` an index or a list display, not markup
_WORDLIKE = frozenset("_)]}") | frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")


def _colour(word: str) -> bool:
    # ``default`` is a colour to rich, but alone ``[default]`` is far likelier a name
    # (a config section, a profile) than markup: only as a background (``on default``)
    return word in ANSI_COLOR_NAMES or _COLOUR_FORMS.fullmatch(word) is not None


def _style(words: list[str]) -> bool:
    """All of ``words`` are one rich style definition (``Style.parse``'s grammar)."""
    if not words:
        return False
    it = iter(words)
    for word in it:
        if word == "on":
            nxt = next(it, "")
            if not (_colour(nxt) or nxt == "default"):
                return False
        elif word == "not":
            if next(it, "") not in _ATTRIBUTES:
                return False
        elif word not in _ATTRIBUTES and not _colour(word):
            return False
    return True


def is_markup(tag: str) -> bool:
    """``tag`` (the text between the brackets) is a rich style tag: an opener or a closer."""
    if not tag or tag[0] not in _TAG_START:
        return False
    if tag[0] == "/":
        rest = tag[1:].strip()
        return not rest or rest == "link" or (rest[0] != "/" and is_markup(rest))
    if tag.startswith("link="):
        return len(tag) > 5 and not any(c.isspace() for c in tag)
    return _style(tag.split())


def _sure(tag: str) -> bool:
    """A markup tag that is markup whatever text surrounds it: a closer, a colour, a link, ``bold``
    or a style of several words. ``[frame]``, ``[dim]``, ``[i]`` alone are as likely names or
    indices (a section ``[frame]``), so a template is stripped only when it has a sure tag."""
    if tag[0] == "/" or tag.startswith("link="):
        return True
    words = tag.split()
    return len(words) > 1 or words[0] == "bold" or _colour(words[0])


def _tags(text: str) -> Iterator[tuple[int, int, str]]:
    """Each markup tag of ``text`` as (index of ``[``, index past ``]``, the words between)."""
    i = text.find("[")
    while i >= 0:
        end = text.find("]", i + 1, i + 2 + MAX_TAG)
        inner = text[i + 1 : end] if end > 0 else ""
        if end < 0 or "[" in inner or not is_markup(inner):
            i = text.find("[", i + 1)
            continue
        yield i, end + 1, inner
        i = text.find("[", end + 1)


# what becomes of a tag: its backslash dropped, the tag removed, or the text left as it is
_ESCAPED, _STRIPPED, _KEPT = "escaped", "stripped", "kept"


def _actions(text: str, after_value: bool) -> Iterator[tuple[int, int, str, str]]:
    """Each tag of ``text`` with what rich does to it (``_ESCAPED``, ``_STRIPPED``, ``_KEPT``).

    ``after_value``: the text follows a placeholder (a value), so an opener at its very start
    indexes that value (``{x}[i]``) rather than styles what follows."""
    stripped = -1  # where the last tag stripped ended: an opener there is chained (``[red][bold]``)
    for i, end, inner in _tags(text):
        if i > 0 and text[i - 1] == "\\":
            yield i, end, inner, _ESCAPED
        elif inner[0] == "/" or i == stripped or not (text[i - 1] in _WORDLIKE if i > 0 else after_value):
            stripped = end
            yield i, end, inner, _STRIPPED
        else:
            yield i, end, inner, _KEPT


def strip_markup(text: str, after_value: bool = False) -> str:
    """``text`` as rich prints it: style tags removed, an escaped tag left without its backslash."""
    out: list[str] = []
    start = 0  # text[start:i] is copied as it is
    for i, end, _, action in _actions(text, after_value):
        if action == _ESCAPED:
            out.append(text[start : i - 1])  # rich prints the tag, not the backslash
            start = i
        elif action == _STRIPPED:
            out.append(text[start:i])
            start = end
    out.append(text[start:])
    return "".join(out)


def _rich_text(segments: list[str]) -> bool:
    """The template is written for rich: a tag escaped, or an opener it renders away and a tag
    that is markup wherever it stands (``_sure``). A closer with no opener is no markup rich
    renders (it fails: "closing tag '[/]' ... has nothing to close") but text about markup."""
    opened = sure = False
    for n, s in enumerate(segments[::2]):
        for *_, inner, action in _actions(s, n > 0) if "[" in s else ():
            if action == _ESCAPED:
                return True
            opened = opened or (action == _STRIPPED and inner[0] != "/")
            sure = sure or (action == _STRIPPED and _sure(inner))
    return opened and sure


def strip_segments(segments: list[str]) -> list[str]:
    """A template's ``[lit, name, lit, ...]`` segments with the markup of its literals removed.

    A tag is whole within one literal: a placeholder inside brackets (``[{style}]``) is kept."""
    # (most templates have no bracket in their literals: no tag to look at; one search of
    # the literals joined, no generator per template: a ``[`` is one character, so the join
    # holds one exactly when a literal does)
    if "[" not in "".join(segments[::2]) or not _rich_text(segments):
        return segments
    return [strip_markup(s, i > 0) if i % 2 == 0 else s for i, s in enumerate(segments)]
