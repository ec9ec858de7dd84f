"""A paste cut before a long template's last paragraph, its first placeholder holding a long
value (a caught error's text), against raises of the same class whose template is one
placeholder (``raise MissingFileError(path)``): the cut fit places many literal characters from
the message's start, but they are a small share of the message, so on that share alone it
ranked below the templates that fit any message. Raised as the pasted class, it now scores just
above them (issue #10, issues39's whitenoise ``make_helpful_exception`` pastes). A message going
on over more lines after the template's words stops matching is another text, not this one cut.
On a real package indexed in the test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import package_matcher

from errdex.match import Matcher

CODE = '''\
import os
import re
import textwrap


class MissingFileError(ValueError):
    pass


class Finder:
    def find(self, path):
        if not os.path.exists(path):
            raise MissingFileError(path)
        return path

    def stat(self, path):
        try:
            return os.stat(path)
        except FileNotFoundError:
            raise MissingFileError(path)


class Storage:
    def helpful(self, exception, name):
        if isinstance(exception, ValueError):
            message = exception.args[0] if len(exception.args) else ""
            match = self._error_msg_re.search(message)
            if match:
                extension = os.path.splitext(name)[1].lstrip(".").upper()
                message = self._error_msg.format(
                    orig_message=message, filename=name, missing=match.group(1), ext=extension
                )
                exception = MissingFileError(message)
        return exception

    _error_msg_re = re.compile(r"^The file '(.+)' could not be found")

    _error_msg = textwrap.dedent(
        """\\
        {orig_message}

        The {ext} file '{filename}' references a file which could not be found:
          {missing}

        Please check the URL references in this {ext} file, particularly any
        relative paths which might be pointing to the wrong location.
        """
    )
'''

HEAD = (
    "staticfiles.MissingFileError: The file 'vendor/ui/\"images/ui-icons_555555_256x240.png\"' could not be "
    "found with <staticfiles.Storage object at 0x0000026F08C4CF50>.\n\n"
    "The CSS file 'vendor\\ui\\jquery-ui.css' references a file which could not be found:\n"
)


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    with package_matcher(
        tmp_path_factory.mktemp("cut_long_template"), {"staticfiles/__init__.py": CODE}
    ) as m:
        yield m


def test_a_paste_cut_before_the_last_paragraph_finds_its_template(matcher: Matcher) -> None:
    res = matcher.explain(HEAD + '  vendor/ui/"images/ui-icons_555555_256x240.png"')
    sites = [(m.function, m.score) for m in res.matches]
    assert sites and sites[0][0] == "Storage.helpful", sites
    assert any("cut short, raised as the pasted class" in r for r in res.matches[0].reasons)


def test_a_message_going_on_over_other_lines_is_not_read_as_cut(matcher: Matcher) -> None:
    res = matcher.explain(
        HEAD + "  vendor/ui/a.png\nThe theme build printed this.\nAnd this line as well, in its own words."
    )
    for m in res.matches:
        assert not any("cut short, raised as the pasted class" in r for r in m.reasons), m.reasons
