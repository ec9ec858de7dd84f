"""A traceback whose last frame ran a package installed as itself (``site-packages/requests/
models.py``), against a catalogue holding that package only as a copy vendored inside another
distribution (pipenv's ``patched/pip/_vendor/requests``): the copy's words are the same, but the
user ran the original, which the catalogue does not hold, so the copy is never the exact answer
and the answer says what it is. Frames first (acc180): the library's own call into that package
(``client.py``'s ``response.raise_for_status()``) is the first answer, approximate, as for any
installed package the catalogue does not hold; the copy follows it, approximate. A traceback
that ran the vendored copy itself still lands on it exactly. (issues27's gql-005, a negative,
and atlassian-python-api-006.)"""

from __future__ import annotations

from pathlib import Path

from index_helpers import first, package_matcher

MODELS = """\
class HTTPError(Exception):
    def __init__(self, *args, response=None):
        super().__init__(*args)
        self.response = response


class Response:
    def __init__(self, status_code, reason, url):
        self.status_code = status_code
        self.reason = reason
        self.url = url

    def raise_for_status(self):
        http_error_msg = ""
        if 400 <= self.status_code < 500:
            http_error_msg = f"{self.status_code} Client Error: {self.reason} for url: {self.url}"
        if http_error_msg:
            raise HTTPError(http_error_msg, response=self)
"""

CLIENT = """\
def fetch(response):
    response.raise_for_status()
    return response
"""

# the traceback runs through the indexed distribution's own code first (gql's transport calling
# requests), so that codebase is one the paste points to
PASTE = """\
Traceback (most recent call last):
  File "/app/main.py", line 9, in <module>
    fetch(r)
  File "/usr/local/lib/python3.11/site-packages/lib/client.py", line 2, in fetch
    response.raise_for_status()
  File "/usr/local/lib/python3.11/site-packages/{module}", line 1021, in raise_for_status
    raise HTTPError(http_error_msg, response=self)
requests.exceptions.HTTPError: 404 Client Error: Not Found for url: https://example.org/api
"""


def test_a_vendored_copy_is_not_the_package_the_traceback_ran(tmp_path: Path) -> None:
    files = {
        "client.py": CLIENT,
        "patched/_vendor/requests/models.py": MODELS,
        "patched/_vendor/requests/__init__.py": "",
    }
    with package_matcher(tmp_path, files) as matcher:
        # the user's requests, installed as itself: the copy fits the words, never exactly
        res = matcher.explain(PASTE.format(module="requests/models.py"))
        top = first(res)
        assert (top.kind, top.path, top.line, top.approximate) == ("call", "lib/client.py", 2, True)
        assert res.verdict.startswith("no exact match: raised below the library's call at lib/client.py:2")
        copy = next(m for m in res.matches if m.path.endswith("_vendor/requests/models.py"))
        assert copy.approximate and any("a vendored copy of requests" in r for r in copy.reasons), (
            copy.reasons
        )
        # the copy itself ran (its path below the distribution that vendors it): exact
        ran = matcher.explain(PASTE.format(module="lib/patched/_vendor/requests/models.py"))
        assert not first(ran).approximate, first(ran).reasons
        assert not any("vendored copy" in r for r in first(ran).reasons)
