"""A whole-message fit of a raise of the pasted library class, on a real catalogue indexed from
fixture code: exact though its literal text explains little of a message of long values, when
the template opens with its own words; approximate for a built-in class, the tuple of reprs
Python prints for a class raised with several arguments, a template opening with a placeholder,
or a value not of the shape it prints."""

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


WHOLE = "the whole message is this template, raised as the pasted class"


def test_long_values_under_the_template_s_own_opening_words_are_exact(matcher: Matcher) -> None:
    # the caught error's text is most of the message: the literals explain 10% of it, yet every
    # one stands in order from the first character to the last
    res = matcher.explain(
        "lib.core.UploadError: Failed to upload prm.flow to fleet-soln/flows/flow-11-00-07.flow:"
        " An error occurred (AccessDenied) when calling the PutObject operation: Access Denied"
    )
    assert (first(res).function, first(res).approximate, res.outcome) == ("upload", False, "exact")
    assert WHOLE in first(res).reasons
    res = matcher.explain("lib.core.SoundError: Error opening 'recorded.wav': Format not recognised.")
    assert (first(res).function, first(res).approximate) == ("open_file", False)


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
