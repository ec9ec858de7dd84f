"""Two ranking rules from the issues/heldout sets' misses whose truth was among the matches
(docs/measurements/acc139.md, issue #10), each on a small package indexed in the test:

* a pytest listing cut before its location line prints the failing ``raise`` line with pytest's
  ``>`` marker before its indentation, right above the ``E`` line: the marker is no part of the
  source, and the line names the statement as an unmarked one does (libtmux-002);
* the frame above a relay helper (a helper raising the text its caller hands it) shows the
  caller's call line, ``self._check_status(response, url)``, which every caller of the helper
  writes alike: the same line in another function than the frame names is another caller's
  call, not this frame's, and names nothing (tableauserverclient's tsc-002)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import first, package_matcher

from errdex.match import Matcher
from errdex.match.matcher import shown_raise

TOOL = """\
class ToolError(Exception):
    pass


def run_checked(proc):
    if proc.failed:
        raise ToolError(proc.output)


def kill_server(proc):
    if proc.stderr:
        raise ToolError(proc.stderr)


def lock_server(proc):
    if proc.stderr:
        raise ToolError(proc.reason)
"""


@pytest.fixture(scope="module")
def tool(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    with package_matcher(tmp_path_factory.mktemp("shown_marked"), {"tmuxtool/__init__.py": TOOL}) as m:
        yield m


def test_shown_raise_reads_the_line_past_pytests_marker() -> None:
    text = "        if proc.stderr:\n>           raise ToolError(proc.stderr)\nE           tmuxtool.ToolError: ['gone']"
    assert shown_raise(text, "['gone']") == "raise ToolError(proc.stderr)"
    # a line of source that is not a raise stays none, marked or not
    assert shown_raise(">       kill_server(proc)\nE   tmuxtool.ToolError: ['gone']", "['gone']") is None


@pytest.mark.parametrize(
    "listing",
    [
        # pytest's listing cut before its location line: the marked raise, then the E line
        "    \n        if proc.stderr:\n>           raise ToolError(proc.stderr)\n"
        "E           tmuxtool.ToolError: ['server exited unexpectedly']",
        # fenced, as a PR quotes it
        "```\n        if proc.stderr:\n>           raise ToolError(proc.stderr)\n"
        "E           tmuxtool.ToolError: ['server exited unexpectedly']\n```",
    ],
)
def test_a_marked_raise_line_above_the_e_line_names_its_statement(tool: Matcher, listing: str) -> None:
    m = first(tool.explain(listing))
    assert m.function == "kill_server"
    assert any("prints this statement above its error line" in r for r in m.reasons)


ENDPOINT = """\
class ServerResponseError(Exception):
    @classmethod
    def from_response(cls, content):
        return cls(content)


class Endpoint:
    def _post(self, url, body):
        return self.session.post(url, body)

    def _check_status(self, server_response, url):
        if server_response.status_code >= 400:
            raise ServerResponseError.from_response(server_response.content)
"""

AUTH = """\
from tableclient.endpoint import Endpoint, ServerResponseError


class Auth(Endpoint):
    def sign_in(self, auth_req):
        url = self.baseurl + "/signin"
        server_response = self._make_request(url, auth_req)
        return server_response.token

    def switch_site(self, site):
        url = self.baseurl + "/switchSite"
        try:
            server_response = self._post(url, site)
        except ServerResponseError as e:
            if e.code == "403070":
                return None
            raise e
        self._check_status(server_response, url)
        return server_response.token
"""

# an older release's traceback: sign_in called the helper then; this one's sign_in does not,
# and switch_site's call reads the same
TRACEBACK = """\
Traceback (most recent call last):
  File "/home/u/app/pages/dashboard.py", line 13, in <module>
    server.auth.sign_in(tableau_auth)
  File "/home/u/.venv/lib/python3.11/site-packages/tableclient/auth.py", line 84, in sign_in
    self._check_status(server_response, url)
  File "/home/u/.venv/lib/python3.11/site-packages/tableclient/endpoint.py", line 164, in _check_status
    raise ServerResponseError.from_response(server_response.content)
tableclient.endpoint.ServerResponseError: 401001: Signin Error Error signing in to the server
"""


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    files = {"tableclient/__init__.py": "", "tableclient/endpoint.py": ENDPOINT, "tableclient/auth.py": AUTH}
    with package_matcher(tmp_path_factory.mktemp("relay_call"), files) as m:
        yield m


def test_a_relay_callers_line_in_another_function_names_nothing(client: Matcher) -> None:
    m = first(client.explain(TRACEBACK))
    assert (m.path, m.function) == ("tableclient/endpoint.py", "Endpoint._check_status")
    assert not any(
        a.function == "Auth.switch_site" and a.score >= m.score for a in client.explain(TRACEBACK).matches
    )


def test_the_relay_callers_own_line_still_names_its_call(client: Matcher) -> None:
    # the frame names the function that does make the call: the call is where the text came from
    tb = TRACEBACK.replace("line 84, in sign_in", "line 18, in switch_site").replace(
        "server.auth.sign_in(tableau_auth)", "server.auth.switch_site(site)"
    )
    m = first(client.explain(tb))
    assert (m.path, m.function) == ("tableclient/auth.py", "Auth.switch_site")
