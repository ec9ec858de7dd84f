"""A whole-message fit of a raise of the pasted library class whose literal text explains little
of the message, on a real catalogue indexed from fixture code: approximate for a built-in class,
the tuple of reprs Python prints for a class raised with several arguments, a template opening
with a placeholder, or a value not of the shape it prints. (Long values under the template's own
opening words stay approximate too: a value that is another codebase's error text is exact only
where a handler says the raise caught it, ``test_match_issues79_forms``.)"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from index_helpers import first, package_matcher

from errdex.match import Matcher

SOURCE = """\
class SoundError(Exception):
    pass


class UploadError(Exception):
    pass


class DeviceError(Exception):
    pass


def open_file(name, err):
    raise SoundError(f"Error opening {name!r}: {err}")


def upload(filename, bucket, key, e):
    raise UploadError(f"Failed to upload {filename} to {bucket}/{key}: {e}")


def check(code, text):
    raise DeviceError(code, text)


def stream(errormsg, err):
    raise DeviceError(f"{errormsg} [PaErrorCode {err}]")
"""


@pytest.fixture(scope="module")
def matcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Matcher]:
    with package_matcher(tmp_path_factory.mktemp("snd"), {"core.py": SOURCE}) as m:
        yield m


def test_the_args_tuple_of_the_pasted_class_stays_approximate(matcher: Matcher) -> None:
    # ``raise DeviceError(code, text)`` prints ``(104, 'ECONNRESET')``: its brackets and commas
    # fit every such tuple, whose words are the values' (a server's reply), not the raise's
    res = matcher.explain("lib.core.DeviceError: (104, 'ECONNRESET')")
    assert (first(res).function, first(res).approximate) == ("check", True)


def test_what_the_share_alone_still_leaves_approximate(matcher: Matcher) -> None:
    # a built-in class is raised by every library: the same text stays approximate
    res = matcher.explain("ValueError: Error opening 'recorded.wav': Format not recognised.")
    assert (first(res).function, first(res).approximate) == ("open_file", True)
    # a template opening with a placeholder holds any text before its own words
    res = matcher.explain(
        "lib.core.DeviceError: Error opening RawOutputStream: Invalid number of channels [PaErrorCode -9998]"
    )
    assert (first(res).function, first(res).approximate) == ("stream", True)
    # a placeholder printing a repr holding words with no quotes around them is no repr
    res = matcher.explain("lib.core.DeviceError: (104, connection reset by peer)")
    assert all(m.approximate for m in res.matches)
