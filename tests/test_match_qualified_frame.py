"""Sibling classes of one file whose ``__init__`` raise one message: a frame that prints its
function's qualified name (CPython 3.11+ ``in AzurePath.__init__``, IPython 8 ``in
AzurePath.__init__(self, protocol)``) names the class the raise is in, even when the release
moved its line. On a real catalogue indexed from fixture code. A frame printing the bare name
(CPython before 3.11) names no class: the siblings stay a tie."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import first, package_matcher

from errdex.match import Matcher

CLOUD = """\
class CloudPath:
    def __init__(self, *args):
        self.parts = args


class GCSPath(CloudPath):
    def __init__(self, *args):
        super().__init__(*args)
        if not args:
            raise ValueError("non key-like path provided (bucket/container missing)")


class S3Path(CloudPath):
    def __init__(self, *args):
        super().__init__(*args)
        if not args:
            raise ValueError("non key-like path provided (bucket/container missing)")


class AzurePath(CloudPath):
    def __init__(self, *args):
        super().__init__(*args)
        if not args:
            raise ValueError("non key-like path provided (bucket/container missing)")
"""

# another release: the raise at line 104 of the same file
CPYTHON = """\
Traceback (most recent call last):
  File "/srv/app/paths.py", line 3, in <module>
    p = {cls}()
  File "/usr/lib/python3.12/site-packages/lib/cloud.py", line 104, in {fn}
    raise ValueError("non key-like path provided (bucket/container missing)")
ValueError: non key-like path provided (bucket/container missing)
"""

IPYTHON = """\
File .../lib/python3.11/site-packages/lib/cloud.py:104, in {fn}(self, *args)
    102 super().__init__(*args)
    103 if not args:
--> 104     raise ValueError("non key-like path provided (bucket/container missing)")

ValueError: non key-like path provided (bucket/container missing)
"""


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    with package_matcher(tmp_path_factory.mktemp("qualified_frame"), {"cloud.py": CLOUD}) as m:
        yield m


@pytest.mark.parametrize("cls", ["GCSPath", "S3Path", "AzurePath"])
@pytest.mark.parametrize("paste", [CPYTHON, IPYTHON], ids=["cpython", "ipython"])
def test_a_qualified_frame_names_the_sibling_class(matcher: Matcher, cls: str, paste: str) -> None:
    res = matcher.explain(paste.format(cls=cls, fn=f"{cls}.__init__"))
    assert first(res).function == f"{cls}.__init__", [m.function for m in res.matches]


def test_a_bare_frame_name_leaves_the_siblings_tied(matcher: Matcher) -> None:
    res = matcher.explain(CPYTHON.format(cls="AzurePath", fn="__init__"))
    top = [m for m in res.matches if m.score == first(res).score]
    assert {m.function for m in top} == {"GCSPath.__init__", "S3Path.__init__", "AzurePath.__init__"}
