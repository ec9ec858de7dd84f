"""A library class raised at more sites than the matcher takes as candidates: the raises in the
function of the traceback's deepest frame are taken before the cap fills, even when that
frame's file moved since the user's release (on a real catalogue indexed from fixture code).

The library here keeps twin ``asynchronous/`` and ``synchronous/`` copies of its modules, each
raising its ``ConfigurationError`` at dozens of sites, as pymongo 4.x does; a traceback of an
older release runs in ``mdb/srv_resolver.py``, which the catalogue holds in neither folder.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import package_matcher

from errdex.match import Matcher

ERRORS = """\
class ConfigurationError(Exception):
    pass
"""

RESOLVER = """\
from mdb.errors import ConfigurationError


def _resolve(name):
    return name


class _SrvResolver:
    def _resolve_uri(self, is_polling):
        try:
            return _resolve(self.fqdn)
        except Exception as exc:
            if is_polling:
                raise
            raise ConfigurationError(str(exc)) from exc
"""

# a module of many checks of options, each raising the class with its own words
OPTIONS = "from mdb.errors import ConfigurationError\n\n\n" + "\n\n".join(
    f'def check_{n}(value):\n    if value is None:\n        raise ConfigurationError("option {n} needs a value")'
    for n in range(40)
)

PASTE = """\
Traceback (most recent call last):
  File "/srv/app/update.py", line 32, in <module>
    conn = MongoClient(DATABASE_URL)
  File "/usr/local/lib/python3.10/dist-packages/mdb/srv_resolver.py", line 101, in get_hosts
    results = self._resolve_uri(encapsulate_errors)
  File "/usr/local/lib/python3.10/dist-packages/mdb/srv_resolver.py", line 97, in _resolve_uri
    raise ConfigurationError(str(exc))
mdb.errors.ConfigurationError: The DNS query name does not exist: _mongodb._tcp.cluster0.example.net.
"""


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    files = {"mdb/__init__.py": "", "mdb/errors.py": ERRORS}
    for kind in ("asynchronous", "synchronous"):
        files |= {
            f"mdb/{kind}/__init__.py": "",
            f"mdb/{kind}/options.py": OPTIONS,
            f"mdb/{kind}/srv_resolver.py": RESOLVER,
        }
    with package_matcher(tmp_path_factory.mktemp("typed"), files) as m:
        yield m


def test_the_raise_in_the_deepest_frames_function_is_a_candidate_past_the_cap(matcher: Matcher) -> None:
    res = matcher.explain(PASTE)
    got = [(m.path, m.function) for m in res.matches[:2]]
    # both twins are raised in the frame's function; the synchronous one, which the cap left out
    # in the catalogue's order, is one of them, and first (``twins.twins_last``)
    assert got == [
        ("mdb/synchronous/srv_resolver.py", "_SrvResolver._resolve_uri"),
        ("mdb/asynchronous/srv_resolver.py", "_SrvResolver._resolve_uri"),
    ]
