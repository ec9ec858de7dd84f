"""A traceback from a release whose raise has since moved into a helper, on a real catalogue
indexed from fixture code: the deepest library frame names a function that raises nothing of
the pasted class any more, and the raise of that class in the helper it now calls is the answer
(read from the catalogue's code facts), where the file's other raises of the class only share
its file with the frame."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from errdex.match import Matcher
from errdex.store import Store

LIB = """\
class AuthError(Exception):
    pass


class Client:
    def parse_url(self, url):
        if "error" in url:
            raise AuthError(f"The server refused the request: {url}")
        return url

    def _handle_error(self, response):
        raise AuthError(f"the token endpoint answered {response.status} with no token in its body")

    def get_token(self, code):
        response = self._post(code)
        if response.status != 200:
            self._handle_error(response)
        return response.token

    def refresh(self, token):
        if not token:
            raise AuthError("no token to refresh")
        response = self._post(token)
        if response.status != 200:
            self._handle_error(response)
        return response

    def login(self, url):
        return self.parse_url(url)

    def open(self, url):
        return self.parse_url(url)

    def _post(self, code):
        if code is None:
            raise ValueError("no code")
        return code
"""

# the release before: ``get_token`` raised the response's reason itself, at its line 14
MOVED = """\
Traceback (most recent call last):
  File "app.py", line 3, in <module>
    client.get_token(code)
  File "/usr/lib/python3.8/site-packages/lib/auth.py", line 14, in get_token
    raise AuthError(response.reason)
lib.auth.AuthError: Bad Request
"""


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    from errdex.pipeline import index

    root = tmp_path_factory.mktemp("moved")
    (root / "lib").mkdir()
    (root / "lib" / "auth.py").write_text(LIB)
    db = str(root / "c.db")
    index(str(root / "lib"), db, jobs=1)
    with Store.open(db) as s:
        yield s


def test_a_raise_moved_into_a_helper_is_found_through_the_frames_function(store: Store) -> None:
    res = Matcher.load(store).explain(MOVED)
    first = res.matches[0]
    assert (first.function, first.exc_type) == ("Client._handle_error", "AuthError")
    assert any("calls _handle_error" in r for r in first.reasons), first.reasons
    # without the catalogue's code facts the frame names no helper, and the raise the library
    # calls most (``parse_url``, from two functions) comes first
    bare = Matcher(Matcher.load(store).index).explain(MOVED)
    assert bare.matches[0].function == "Client.parse_url"
    assert not any("calls _handle_error" in r for m in bare.matches for r in m.reasons)


def test_a_function_raising_the_class_itself_names_no_helper(store: Store) -> None:
    # ``refresh`` raises ``AuthError`` itself: its own raise is the frame's, and the helper it
    # calls too is not looked at (the frame's line is blank in this release: no raise on it)
    paste = MOVED.replace("line 14, in get_token", "line 30, in refresh")
    res = Matcher.load(store).explain(paste)
    assert res.matches[0].function == "Client.refresh"
    assert not any("calls" in r for m in res.matches for r in m.reasons)


def test_a_last_frame_printing_a_call_names_no_helper(store: Store) -> None:
    # the traceback ends on a call with no frame below it: compiled code raised there (a
    # Python helper would have shown its own frame), so the helpers are not the answer
    paste = MOVED.replace("raise AuthError(response.reason)", "self._handle_error(response)")
    res = Matcher.load(store).explain(paste)
    assert not any("calls _handle_error" in r for m in res.matches for r in m.reasons)
