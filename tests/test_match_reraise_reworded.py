"""A message pasted alone whose wording an older release had (issues47-issues67's openai
``The api_key client option must be set ...``, which 3.3.0 words ``Missing credentials. Please
pass an `api_key` ...``), in a codebase that also re-raises that class's objects (``except
ClientError as err: ... raise err``). The re-raise's template is the caught object's name
alone: it fits any text of the class and wrote none of it. With the class built in more than
one place (``Ranker._made_once`` puts a sole maker first), the raise whose words the message
shares is where such an object was built, and answers first; a re-raise still answers a text
no raise of the class words like it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from index_helpers import first, package_matcher

from errdex.match import Matcher
from errdex.match.index import reraises_name

CLIENT = """\
class ClientError(Exception):
    pass


class Client:
    def __init__(self, api_key=None):
        if api_key is None:
            raise ClientError(
                "Missing credentials. Please pass an `api_key`, `workload_identity`, `admin_api_key`, "
                "or set the `CLIENT_API_KEY` or `CLIENT_ADMIN_KEY` environment variable."
            )
        self.api_key = api_key

    def request(self, send):
        for _attempt in range(3):
            try:
                return send()
            except ClientError as err:
                raise err
            except OSError:
                continue
        return None

    def use(self, organization):
        if not organization:
            raise ClientError("An organization must be given to use a project key")
        self.organization = organization

    def get(self, path):
        return self.request(lambda: path)

    def post(self, path):
        return self.request(lambda: path)
"""

OLD_WORDING = (
    "pkg.ClientError: The api_key client option must be set either by passing api_key to the client "
    "or by setting the CLIENT_API_KEY environment variable"
)


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    files = {"pkg/__init__.py": "from pkg.client import Client, ClientError\n", "pkg/client.py": CLIENT}
    with package_matcher(Path(tmp_path_factory.mktemp("reraise")), files) as m:
        yield m


def test_a_reworded_raise_of_the_class_answers_before_a_re_raise_of_it(client: Matcher) -> None:
    res = client.explain(OLD_WORDING)
    assert first(res).function == "Client.__init__", [(m.function, m.score, m.reasons) for m in res.matches]
    assert first(res).approximate  # another wording: a guess, never exact


def test_a_text_no_raise_words_like_it_is_still_the_re_raise_s(client: Matcher) -> None:
    res = client.explain("pkg.ClientError: upstream refused the connection (503)")
    assert first(res).function == "Client.request"


def test_reraises_name_reads_a_raise_of_the_template_s_one_name() -> None:
    assert reraises_name("raiseerr", ["err"])
    assert reraises_name("raiseexcfromNone", ["exc"])
    assert not reraises_name("raiseClientError(err)", ["err"])
    assert not reraises_name("raiseerr", ["err", "other"])
    assert not reraises_name("raiseerr.with_traceback(None)", ["err"])
    assert not reraises_name("raiseself", ["self"])  # an object raising itself is raised there
