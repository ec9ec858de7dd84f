"""A traceback's last frame in a file the catalogue does not hold gives no frame credit to code
that only looks like it, on real packages indexed from fixture code (issue #10 item 6, frames
first):

- a frame of an installed package the catalogue does not hold (torch's ``_assert``, in
  ``torch/__init__.py``) printing a statement a held package copies as its fallback (timm's
  ``layers/trace_utils.py`` defines ``_assert`` with ``assert condition, message`` when torch
  lacks one) does not land on that copy's raise: the frame ran the other package's file, so
  the call above it, whose words the message carries, is the answer;
- a frame of a library's module the catalogue holds no raise of (openai's ``_client.py``, whose
  ``__init__`` hands its checks to a helper in ``lib/``) gives "the traceback's last frame"
  credit to no namesake function in another module (``lib/_bedrock_auth.py``'s ``__init__``):
  the helper it calls is the answer; a module of the frame's own name moved to another folder
  of the package still is the frame's file.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import first, package_matcher
from test_match_helper_modules import CLIENT as HELPED_CLIENT
from test_match_helper_modules import INLINE as HELPED_INLINE

from errdex.match import Matcher

# a fallback copy of another package's helper, used only when that package has none
TRACE_UTILS = """\
try:
    from torchy import _assert
except ImportError:
    def _assert(condition, message):
        assert condition, message
"""

EMBED = """\
from ..layers.trace_utils import _assert


class PatchEmbed:
    def __init__(self, size):
        self.size = size

    def forward(self, x):
        H, W = x.shape
        _assert(H == self.size, f"Input image height ({H}) doesn't match model ({self.size}).")
        _assert(W == self.size, f"Input image width ({W}) doesn't match model ({self.size}).")
        return x
"""

# the caller's line printed with its ``File`` line cut, then the other package's frame
COPIED = """\
   _assert(H == self.size, f"Input image height ({H}) doesn't match model ({self.size}).")
  File "/root/envs/t19/lib/python3.8/site-packages/torchy/__init__.py", line 662, in _assert
    assert condition, message
AssertionError: Input image height (736) doesn't match model (224).
"""

ERRORS = """\
class ClientError(Exception):
    pass
"""

# no raise of its own (the catalogue holds no raise of this file): helper_modules' client, its
# helper imported from a module in ``lib/``
CLIENT = HELPED_CLIENT.replace("from ._auth import", "from .lib._client_auth import")

CLIENT_AUTH = """\
from .._errors import ClientError


def sync_setup(client, api_key=None):
    if api_key is None:
        raise ClientError(
            "Missing credentials. Please pass an api_key or set the CLIENT_API_KEY environment variable."
        )
    client.api_key = api_key
"""

# a namesake ``__init__`` raising the class, in another module than the frame's
BEDROCK_AUTH = """\
from .._errors import ClientError


class BedrockAuth:
    def __init__(self, region=None):
        if region is None:
            raise ClientError("No region was given to the bedrock client.")
        self.region = region
"""

# the release before: ``Client.__init__`` checked the key and raised inline (helper_modules'
# paste, run in the ``oai`` package)
INLINE = HELPED_INLINE.replace("site-packages/lib/", "site-packages/oai/")


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    files = {
        "tim/__init__.py": "",
        "tim/layers/__init__.py": "",
        "tim/layers/trace_utils.py": TRACE_UTILS,
        "tim/models/__init__.py": "",
        "tim/models/embed.py": EMBED,
        "oai/__init__.py": "",
        "oai/_errors.py": ERRORS,
        "oai/_client.py": CLIENT,
        "oai/lib/__init__.py": "",
        "oai/lib/_client_auth.py": CLIENT_AUTH,
        "oai/lib/_bedrock_auth.py": BEDROCK_AUTH,
    }
    with package_matcher(tmp_path_factory.mktemp("frame_elsewhere"), files) as m:
        yield m


def test_another_packages_frame_does_not_land_on_a_held_copy(matcher: Matcher) -> None:
    res = matcher.explain(COPIED)
    top = first(res)
    assert (top.path, top.function) == ("tim/models/embed.py", "PatchEmbed.forward"), [
        (m.path, m.function, m.reasons) for m in res.matches
    ]
    assert not any("raise statement itself" in r for m in res.matches for r in m.reasons)


def test_the_copys_own_packages_frame_still_lands_on_it(matcher: Matcher) -> None:
    # the same frame in the held package's own file (an older release's line) is its raise, a
    # helper raising its caller's message, so the caller's call stays first
    res = matcher.explain(COPIED.replace("torchy/__init__.py", "tim/layers/trace_utils.py"))
    assert first(res).function == "PatchEmbed.forward", [(m.path, m.function) for m in res.matches]
    copy = [m for m in res.matches if m.path == "tim/layers/trace_utils.py"]
    assert copy, [(m.path, m.function) for m in res.matches]
    assert any("raise statement itself" in r for r in copy[0].reasons), copy[0].reasons


def test_a_namesake_in_another_module_gets_no_last_frame_credit(matcher: Matcher) -> None:
    res = matcher.explain(INLINE.format(file="_client.py"))
    top = first(res)
    assert (top.path, top.function) == ("oai/lib/_client_auth.py", "sync_setup"), [
        (m.path, m.function, m.reasons) for m in res.matches
    ]
    bedrock = [m for m in res.matches if m.function == "BedrockAuth.__init__"]
    assert all(any("namesake of __init__" in r for r in m.reasons) for m in bedrock), [
        m.reasons for m in bedrock
    ]


def test_a_module_of_the_frames_name_moved_to_another_folder_is_the_frames(matcher: Matcher) -> None:
    # ``oai/bedrock_auth.py`` of an older release is ``oai/lib/_bedrock_auth.py`` now
    res = matcher.explain(INLINE.format(file="bedrock_auth.py"))
    bedrock = [m for m in res.matches if m.function == "BedrockAuth.__init__"]
    assert bedrock, [(m.path, m.function) for m in res.matches]
    assert any("in __init__, the traceback's last frame" in r for r in bedrock[0].reasons), bedrock[0].reasons
