"""A message built in one place and raised in another (issue #10).

- ``msg = TEMPLATE.format(...)`` then ``msg += info`` then ``raise Error(response, msg)``: an
  exception of two arguments prints their tuple, ``msg`` through ``repr``. A ``str`` joined to
  an operation's ``str`` is a ``str``, so its repr is its text quoted once resolution knows the
  template's words. Before, the item stayed one placeholder (``{msg!r}``) whatever it held.
- ``e = error_cast(); e.args = (arg,); return e`` in a helper, ``err = check(...); raise err``
  in its callers: the helper builds the exception its callers raise, so each ``raise err`` prints
  the text the helper gave it (and still ``{err}``, as the text was set after the exception
  was built). Before, the raise printed ``{err}`` alone and the helper's ``e.args = ...`` line,
  which no traceback shows, was the only site of the text.
"""

from __future__ import annotations

from marked_helpers import by_mark

SOURCE = '''\
_MISMATCH = """\\
Checksum mismatch while downloading:

  {}

The header indicated an {kind} checksum of:

  {}
"""
_HEADERS = "Response headers: length {}, encoding {}."


class Download:
    def write(self, response, expected):
        info = _HEADERS.format(response.length, response.encoding)
        msg = _MISMATCH.format(self.url, expected, kind=self.kind.upper())
        msg += info
        raise ValueError(response, msg)  # <- joined


def check_path(obj, path, error_cast=None):
    """The error of a bad path, or None: the caller raises it."""
    for p in path.split("."):
        try:
            obj = obj[p]
        except (KeyError, TypeError) as e:
            arg = e.args[0]
            arg += """
Bad property path:
%s""" % (path,)
            if error_cast is not None:
                e = error_cast()
            e.args = (arg,)  # <- given
            return e
    return None


class Figure:
    def update(self, key):
        err = check_path(self, key, error_cast=ValueError)
        if err is not None:
            raise err  # <- update


def annotate(exception, number):
    exception.args = ("Command # %d failed: %s" % (number, exception.args[0]),) + exception.args[1:]  # <- annotate
'''


def _at() -> dict[str, set[tuple[str, str]]]:
    return by_mark(SOURCE, "pkg/download.py")


def test_a_local_joined_from_an_operation_s_text_is_quoted_through_repr() -> None:
    # before: {("ValueError", "({response!r}, {msg!r})")}
    assert _at()["joined"] == {
        (
            "ValueError",
            "({response!r}, 'Checksum mismatch while downloading:\\n\\n  {self.url}\\n\\nThe header indicated an"
            " {self.kind} checksum of:\\n\\n  {expected}\\nResponse headers: length {response.length}, encoding"
            " {response.encoding}.')",
        )
    }


def test_an_exception_a_helper_returns_prints_its_text_where_its_caller_raises_it() -> None:
    at = _at()
    # before: {("<unknown>", "{err}")}; the placeholder stays beside the text, which the helper
    # set over a caught exception's text after building the exception (a paste may print it
    # otherwise)
    assert at["update"] == {("ValueError", "{arg}\nBad property path:\n{key}"), ("<unknown>", "{err}")}
    # before: {("<unknown>", "{arg}\nBad property path:\n{path}")}, a line no traceback shows
    assert at["given"] == set()
    # an exception handed in and given a new text, not returned: whoever raises it next prints
    # it, the statement stays its site
    assert at["annotate"] == {("<unknown>", "Command # {number} failed: {exception.args[0]}")}
