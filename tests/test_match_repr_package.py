"""A library with one module per backend raises the same text from each (``Connection error
caused by: {e.__class__.__name__}({e})`` in ``_node/_http_aiohttp.py``, ``_http_httpx.py`` and
``_http_urllib3.py``). The caught error's text shows an object by its default repr
(``<urllib3.connection.HTTPConnection object at 0x...>``): the backend whose module is named for
that object's package printed it, and is named first; the others stay, as alternatives. An
object of the library's own package is no such evidence (every module of it is under that
name). On a real catalogue indexed from fixture code."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import package_matcher

from errdex.match import Matcher

NODE = """\
class ConnectionError(Exception):
    pass


class {name}HttpNode:
    def perform_request(self, method, target):
        try:
            return self._send(method, target)
        except Exception as e:
            raise ConnectionError(f"Connection error caused by: {{e.__class__.__name__}}({{e}})") from e

    def _send(self, method, target):
        return None
"""

BACKENDS = {"aiohttp": "Aiohttp", "httpx": "Httpx", "urllib3": "Urllib3"}

REFUSED = "Failed to establish a new connection: [Errno 111] Connection refused"


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    files = {"nodekit/__init__.py": "", "nodekit/_node/__init__.py": ""}
    for backend, name in BACKENDS.items():
        files[f"nodekit/_node/_http_{backend}.py"] = NODE.format(name=name)
    with package_matcher(tmp_path_factory.mktemp("repr_package"), files) as m:
        yield m


def test_the_backend_named_for_the_printed_objects_package_is_first(matcher: Matcher) -> None:
    res = matcher.explain(
        "nodekit.ConnectionError: Connection error caused by: NewConnectionError("
        f"<urllib3.connection.HTTPConnection object at 0x7fcd2c1a8d00>: {REFUSED})"
    )
    assert res.matches, res.verdict
    top = res.matches[0]
    assert top.path.endswith("_http_urllib3.py"), [m.path for m in res.matches]
    assert "a package this site's module is named for" in " ".join(top.reasons)
    assert {m.path.rsplit("/", 1)[-1] for m in res.matches[1:3]} == {"_http_aiohttp.py", "_http_httpx.py"}


def test_an_object_of_the_librarys_own_package_names_no_backend(matcher: Matcher) -> None:
    res = matcher.explain(
        "nodekit.ConnectionError: Connection error caused by: ValueError("
        "<nodekit._node.Pool object at 0x7fcd2c1a8d00> is closed)"
    )
    assert res.matches, res.verdict
    assert not any("a package this site's module is named for" in " ".join(m.reasons) for m in res.matches)
