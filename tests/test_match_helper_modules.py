"""Tracebacks from a release whose raise has since moved into a helper of ANOTHER module, on a
real catalogue indexed from fixture code (what a function calls, and where the file imports the
name from, read from the catalogue's code facts):

- the last frame's file holds no raise in the release (``client.py``'s ``Client.__init__`` now
  hands its checks to ``_auth.py``'s ``sync_setup``): the imported helper's raise of the pasted
  class is the site, above a namesake ``__init__`` raising the class in another file;
- the last frame's file is a catalogue file whose function raises another class only: the
  imported helper's raises of the pasted class are named, as a helper of the same file is;
- a frame printing a call (compiled code raised below it) and a frame in a user's file hand
  nothing over.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import first, package_matcher

from errdex.match import Matcher

AUTH = """\
class ClientError(Exception):
    pass


def sync_setup(client, api_key=None):
    if api_key is None:
        raise ClientError(
            "Missing credentials. Please pass an api_key or set the CLIENT_API_KEY environment variable."
        )
    client.api_key = api_key


class ProxyAuth:
    def __init__(self, token=None):
        if not token:
            raise ClientError("No proxy token was given to the proxy client.")
        self.token = token
"""

# no raise of its own: the catalogue holds no raise of this file
CLIENT = """\
from ._auth import sync_setup


class Client:
    def __init__(self, api_key=None, timeout=10.0):
        self.timeout = timeout
        sync_setup(self, api_key)
"""

# a raise of another class: a catalogue file whose function raises no ClientError itself
TYPED = """\
from . import _auth


class TypedClient:
    def __init__(self, api_key=None, timeout=10.0):
        if not isinstance(timeout, float):
            raise TypeError(f"timeout must be a float, not {type(timeout).__name__}")
        _auth.sync_setup(self, api_key)
"""

# the release before: ``Client.__init__`` checked the key and raised inline
INLINE = """\
Traceback (most recent call last):
  File "app.py", line 3, in <module>
    client = Client()
  File "/usr/lib/python3.10/site-packages/lib/{file}", line 21, in __init__
    raise ClientError(
lib.ClientError: The api_key client option must be set either by passing api_key to the client or by setting the CLIENT_API_KEY environment variable
"""


@pytest.fixture(scope="module")
def helpers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    """One package: the helpers' module and two clients calling its helper by an imported name."""
    files = {"__init__.py": "", "_auth.py": AUTH, "client.py": CLIENT, "typed.py": TYPED}
    with package_matcher(tmp_path_factory.mktemp("helper_modules"), files) as m:
        yield m


def _answers_helper(m: Matcher, paste: str, reason: str) -> None:
    """The paste's first answer is ``sync_setup``'s raise, with a reason holding ``reason``."""
    res = m.explain(paste)
    top = first(res)
    assert (top.function, top.exc_type) == ("sync_setup", "ClientError"), [
        (found.function, found.reasons) for found in res.matches
    ]
    assert any(reason in r for r in top.reasons), top.reasons


def test_a_file_raising_nothing_hands_over_to_its_imported_helper(helpers: Matcher) -> None:
    _answers_helper(helpers, INLINE.format(file="client.py"), "its file raises nothing) calls sync_setup")
    # without the catalogue's code facts the namesake ``__init__`` of another file comes first
    bare = Matcher(helpers.index).explain(INLINE.format(file="client.py"))
    assert first(bare).function == "ProxyAuth.__init__"


def test_a_printed_raise_now_in_a_helper_of_another_module_is_the_site(helpers: Matcher) -> None:
    # ``typed.py`` raises (a TypeError): the printed ``raise ClientError(`` is ``sync_setup``'s
    # statement, which ``TypedClient.__init__`` calls through ``_auth.sync_setup``
    _answers_helper(helpers, INLINE.format(file="typed.py"), "now in sync_setup it calls")


def test_a_catalogue_file_hands_over_to_a_helper_of_another_module(helpers: Matcher) -> None:
    # a one-line raise of other text no statement of the release holds: the class's raises in
    # what the function calls, in another module too, are the frame's
    paste = INLINE.format(file="typed.py").replace(
        "    raise ClientError(", '    raise ClientError("The api_key client option must be set")'
    )
    _answers_helper(helpers, paste, "calls sync_setup, which raises it")


def test_a_printed_call_hands_nothing_over(helpers: Matcher) -> None:
    # compiled code below a call raised: no helper's raise is where it was made
    paste = INLINE.format(file="client.py").replace("    raise ClientError(", "    value = float(api_key)")
    res = helpers.explain(paste)
    assert not any("calls sync_setup" in r for m in res.matches for r in m.reasons)


def test_a_users_file_hands_nothing_over(helpers: Matcher) -> None:
    paste = INLINE.format(file="client.py").replace("/usr/lib/python3.10/site-packages/lib/", "/home/me/app/")
    res = helpers.explain(paste)
    assert not any("calls sync_setup" in r for m in res.matches for r in m.reasons)
